"""Fuzz the scenario loader with random and mutated files: only ScenarioError comes out."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgkit.scenario import ScenarioError, parse_scenario

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
