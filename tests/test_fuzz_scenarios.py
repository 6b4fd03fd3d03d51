"""Fuzz the scenario loader with random and mutated files: only ScenarioError comes out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgkit.scenario import ScenarioError, parse_scenario

# Not in the fast tier (kit.py fast): fuzz runs over scenario files; `make soak` runs them longer.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SEEDS = [p.read_text() for p in sorted((ROOT / "scenarios").glob("*.toml"))]
SOAK = bool(os.environ.get("MTGKIT_SOAK"))
SETTINGS = settings(database=None, max_examples=2000 if SOAK else 150, deadline=None, derandomize=not SOAK,
                    suppress_health_check=[HealthCheck.too_slow])


def load(text: str) -> None:
    try:
        parse_scenario(text, "fuzz.toml")
    except ScenarioError as err:
        assert str(err).startswith("fuzz.toml: ") and err.place and err.expected


@SETTINGS
@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    load(text)


@SETTINGS
@given(st.sampled_from(SEEDS), st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 40),
                                                 st.text(max_size=8)), min_size=1, max_size=4))
def test_mutated_scenarios(seed: str, edits: list[tuple[int, int, str]]) -> None:
    text = seed
    for pos, cut, insert in edits:
        pos %= max(len(text), 1)
        text = text[:pos] + insert + text[pos + cut % 5:]
    load(text)


TOKENS = ['"Alice"', '"Bob"', '"Forest"', '"Grizzly Bears"', "true", "3", "-1", '"{G}"', "[]", "{}",
          '"activate"', '"cast"', '"attack"', '"main1"', '"Lightning Bolt"', '["Alice", "Bob"]']
KEYS = ["players", "life", "start", "monarch", "card", "tapped", "counters", "do", "x", "target",
        "order", "to", "attackers", "blocks", "choice", "color", "arrived", "label", "copy"]


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(["", "[[board.Alice]]\n", "[[actions]]\n", "[expect]\n",
                                           "[hand]\n", "[[board.Bob]]\n"]),
                          st.sampled_from(KEYS), st.sampled_from(TOKENS)), max_size=12))
def test_structured_random_scenarios(parts: list[tuple[str, str, str]]) -> None:
    text = 'players = ["Alice", "Bob"]\n' + "".join(f"{h}{k} = {v}\n" for h, k, v in parts
                                                     if not (h == "" and k == "players"))
    load(text)


# ----------------------------------------------------------------------------- values, not only shapes
def toml_value(value: object) -> str:
    """A value as TOML (strings escaped the TOML way, so any character gets into the file)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Huge):
        return value.toml()
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if value != value else ("inf" if value > 0 else "-inf") if value in (INF, -INF) \
            else repr(value)
    if isinstance(value, str):
        return '"' + "".join(ESCAPES.get(ch, f"\\u{ord(ch):04x}" if ord(ch) < 0x20 or ord(ch) == 0x7F else ch)
                             for ch in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{toml_value(str(k))} = {toml_value(v)}" for k, v in value.items()) + "}"


class Huge:
    """A number too long to print with str() (tomllib reads it as hex, with no digit limit), or
    to read as decimal (tomllib raises ValueError past 4,300 digits); short to repr."""

    def __init__(self, digits: int, base: int) -> None:
        self.digits, self.base = digits, base

    def toml(self) -> str:
        return ("0x" + "f" * self.digits) if self.base == 16 else "9" * self.digits

    def __repr__(self) -> str:
        return f"Huge({self.digits}, {self.base})"


INF = float("inf")
ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}
#: Hostile pieces of text: terminal escapes, invisible and look-alike characters, reserved and
#: long names, the names and cards a real file uses.
HOSTILE = ["Alice", "Bob", "Forest", "Grizzly Bears", "Mana Reflection", "stack", "Stack", "game",
           "\x1b[2J", "\x1b]0;pwned\x07", "\r\nforged", "\x00", "\u200b", "\u202e", "\u0410lice",
           "\uff21lice", "alice", "B" * 41, "x" * 5000, "{G}", "{G}" * 50, "", " ", "Al", "AI", "\u3164",
           "\U0001f600", "Ω", "main1", "declare_blockers", "last turn", "+1/+1", "-", "."]
LEAVES = st.one_of(st.sampled_from([*HOSTILE, 0, 1, 2, 3, 20, -1, True, False, 1.5, INF, float("nan"),
                                     -(10**18), 10**18, Huge(4100, 10), Huge(5000, 10), Huge(20_000, 16)]),
                   st.text(max_size=12), st.integers(-5, 30))
VALUES = st.recursive(LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(HOSTILE), inner, max_size=3)), max_leaves=8)
NAMES = st.one_of(st.sampled_from(["Alice", "Bob"]), st.sampled_from(HOSTILE), st.text(max_size=6))


def maybe(valid: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """A valid value two times in three (so later keys get checked too), else any value."""
    return st.one_of(valid, valid, VALUES)


def _entry(keys: list[str],
           valid: dict[str, st.SearchStrategy[object]]) -> st.SearchStrategy[dict[str, object]]:
    return st.dictionaries(st.sampled_from(keys), VALUES, max_size=3).flatmap(
        lambda rest: st.fixed_dictionaries({k: maybe(v) for k, v in valid.items() if k not in rest}).map(
            lambda fixed: {**fixed, **rest}))


CARDS = st.sampled_from(["Forest", "Mana Reflection", "Grizzly Bears", "Llanowar Elves", "Lightning Bolt"])
PLAYER = st.sampled_from(["Alice", "Bob"])
ACTION_KEYS = ["card", "ability", "player", "color", "choice", "order", "target", "x", "copy", "to",
               "attackers", "defender", "blocks"]
ACTIONS = st.sampled_from(["activate", "cast", "pass", "advance", "attack", "block", "concede",
                           "resolve_stack"])
PERMANENT_KEYS = ["label", "tapped", "arrived", "counters", "attached_to", "color"]
SCENARIOS = st.fixed_dictionaries(
    {"players": maybe(st.sampled_from([["Alice", "Bob"], ["Alice", "Bob", "Carol"]]))},
    optional={
        "title": maybe(st.just("A lesson")), "description": maybe(st.just("What happens.")),
        "life": maybe(st.integers(1, 40)), "library": maybe(st.integers(0, 40)),
        "start": maybe(st.sampled_from(["main1", "upkeep"])), "monarch": maybe(PLAYER),
        "choices": VALUES,
        "board": st.dictionaries(NAMES, st.lists(
            st.one_of(CARDS, VALUES, _entry(PERMANENT_KEYS, {"card": CARDS})), max_size=3), max_size=2),
        "hand": st.dictionaries(NAMES, maybe(st.lists(CARDS, max_size=2)), max_size=2),
        "actions": st.lists(st.one_of(VALUES, _entry(ACTION_KEYS, {"do": ACTIONS, "card": CARDS})),
                            max_size=3),
        "expect": _entry(["pool", "life", "monarch", "battlefield", "graveyard", "hand"], {}),
    })


@SETTINGS
@given(SCENARIOS)
def test_hostile_values_in_every_key_give_only_a_clean_one_line_error(data: dict[str, object]) -> None:
    """Any value in any key: the scenario plays, or one printable line names the file and place."""
    text = "\n".join(f"{key} = {toml_value(value)}" for key, value in data.items()) + "\n"
    try:
        parse_scenario(text, "fuzz.toml")
    except ScenarioError as err:
        message = str(err)
        assert message.startswith("fuzz.toml: ") and err.place and err.expected, message
        assert message.isprintable(), message  # escaped: no control character reaches a terminal
