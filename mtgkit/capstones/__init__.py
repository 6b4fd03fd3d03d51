"""Capstones: hand-written, judge-style scenario questions, kept as data and checked by the engine.

Each capstone is a TOML file in this folder (``K1-bolt-the-attacker-in-response.toml``): a
realistic set-up and play sequence in the scenario files' words (``players``, ``life``,
``monarch``, ``board``, ``hand``, ``graveyard``, ``top_of_library`` (cards on top of a library, the
last named on top);
``[[steps]]`` with the actions' keys ``do``, ``card``, ``target``, ``x``, ``ability``, ``player``,
``to``, ``attackers``, ``defender``, ``blocks``, ``order``, ``choice``, ``color``, ``copy``,
``pay``, ``convoke``, ``free_cast``, and ``says``: the step in words),
the cards it uses (shown with their full text from the catalog), the question, one precisely
worded right answer and a human "why", the rules that decide it, and wrong options, each named
after the misconception that produces it (from :data:`mtgkit.misconceptions.CATALOG`) with a
line saying how.

Every option states *claims* the engine can check on the game the steps leave: ``monarch``;
each player's ``life``, ``pool``, ``battlefield`` and ``graveyard`` (the cards there),
``creatures`` (how many), ``drew`` (cards drawn during the steps); ``count`` (how many of a card
a player controls), ``counters`` and ``tapped`` (a permanent's); ``chooser`` (who made a kind of
choice); ``can`` (whether a player may activate an ability, attack or block, tried by the
engine, after tapping the lands ``pay`` names for mana); and over every outcome the story
allows, ``pools`` (each pool a player could end with),
``counts`` (each number of a card a player could end with) and ``offered`` (the options a kind of
choice offered; a single option is taken without a choice, so an outcome with none of that
kind offered it). The right option's claims hold in every
outcome the story allows, and every wrong option has a claim that fails. A capstone with a
``[model]`` table is also a practice board of its topic: the
right option's ``believed`` answer is what the engine says, and each wrong option's is what its
misconception's model says on the same play (:func:`check` checks all of it).

>>> caps = load()
>>> len(caps) >= 12, all(not check(c) for c in caps)
(True, True)
>>> k1 = by_id("K1")
>>> [o.right for o in k1.options].count(True)
1
"""

from __future__ import annotations

import functools
import tomllib
import typing
from collections import Counter
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any

from ..cards import card as lookup
from ..errors import RulesError
from ..events import Event
from ..game import Game
from ..mana import Mana
from ..misconceptions import CATALOG
from ..outcomes import Outcome
from ..records import Value
from ..teaching import Piece, PieceZone, Play, Setup, Step, event_lines
from ..topics.base import VARIANTS, Situation, rules_held
from ..topics.could_produce import CouldPlay, ReflectedSpend
from ..topics.monarch import BlockedDamage, MonarchAsk, MonarchPlay
from ..topics.tap_untap import Act, engine_verdict
from ..topics.tapping import ManaPlay
from ..topics.x_values import StackPlay

#: Where the capstone files are.
FOLDER = Path(__file__).resolve().parent


class Option(Value):
    """One option of a capstone: its words, whether it is right, and what it claims about the
    end of the play (checked by the engine); a wrong one names its misconception and says how it
    leads there; ``believed`` is its answer as the topic's model words it (with a ``[model]``)."""

    text: str
    right: bool
    claims: tuple[tuple[str, Any], ...]
    misconception: str = ""
    because: str = ""
    believed: str = ""


class Capstone(Value):
    """A hand-written scenario question (see the module's docstring)."""

    id: str
    title: str
    topics: tuple[str, ...]
    level: str
    rules: tuple[str, ...]
    cards: tuple[str, ...]
    setup_words: str
    question: str
    why: str
    play: Play
    options: tuple[Option, ...]
    model: tuple[tuple[str, str], ...] = ()
    path: str = ""

    # the question protocol (a case: key, describe, legal, explain)
    def key(self) -> Hashable:
        return ("capstone", self.id)

    def describe(self) -> str:
        return self.setup_words

    def legal(self) -> tuple[str, ...]:
        return tuple(o.text for o in self.options if o.right)

    def explain(self) -> str:
        o = self.outcomes()[0]
        shown = [e for e in o.events if e.kind in _SHOWN]
        return f"{self.why}\nWhat the engine did:\n{event_lines(shown)}"

    def steps(self) -> tuple[str, ...]:
        """The steps said from what the engine logged (:meth:`~mtgkit.teaching.Play.says`): a
        result only when every wrong option's misconceptions, as variants, expect it too (none
        when one of them isn't a variant)."""
        held = [o.misconception.split(" + ") for o in self.options if not o.right and o.misconception]
        if all(n in VARIANTS for names in held for n in names):
            return self.play.says(rules_held(names) for names in held)
        return self.play.says(None)

    def card_texts(self) -> str:
        """The cards it uses, with their full text from the catalog."""
        return "\n".join(_card_line(name) for name in self.cards)

    def outcomes(self) -> tuple[Outcome, ...]:
        return tuple(self.play.outcomes())

    def situation(self) -> Situation | None:
        """The capstone as a practice board of its topic (``[model]``), or ``None``."""
        return _situation(self)


_SHOWN = {"cast", "activate", "attack", "block", "damage", "replace", "monarch", "sba", "move", "enter",
          "mana", "no_mana", "choice", "leave", "trigger", "fizzle", "effect", "counter"}


def _card_line(name: str) -> str:
    c = lookup(name)
    cost = f" {c.cost}" if c.cost else ""
    pt = f" {c.power}/{c.toughness}" if c.power is not None else ""
    text = f" {c.text}" if c.text else ""
    return f"{name}{cost}, {c.type_line}{pt}.{text}"


# ----------------------------------------------------------------------------- loading
class CapstoneError(ValueError):
    """A capstone file that can't be used: the file, the place, what was expected."""


_STEP_KEYS = {"do", "says", "card", "target", "x", "ability", "player", "to", "attackers", "defender",
              "blocks", "order", "choice", "color", "copy", "pay", "convoke", "free_cast"}
_PIECE_KEYS = {"card", "label", "tapped", "arrived", "counters", "attached_to", "color"}
_CLAIMS = {"monarch", "life", "pool", "battlefield", "graveyard", "creatures", "drew", "count", "counters",
           "tapped", "chooser", "can", "pools", "offered", "counts"}
#: The keys a capstone file may use: at its top level, in an option, in a step, in a piece of the
#: board, and an option's claims (``mtgkit check`` names any other as unknown).
TOP_KEYS = frozenset({"id", "title", "topics", "level", "rules", "cards", "setup", "question", "why",
                      "players", "life", "monarch", "active", "start", "library", "keep", "board", "hand",
                      "graveyard", "top_of_library", "steps", "options", "model"})
OPTION_KEYS = frozenset({"text", "right", "claims", "misconception", "because", "believed"})
STEP_KEYS, PIECE_KEYS, CLAIMS = frozenset(_STEP_KEYS), frozenset(_PIECE_KEYS), frozenset(_CLAIMS)
#: The claims about every outcome together, not one at a time.
_OVER_ALL = {"pools", "offered", "counts"}


def _fail(path: Path, place: str, expected: str) -> CapstoneError:
    return CapstoneError(f"{path.name}: {place}: {expected}")


def parse(path: Path, text: str | None = None) -> Capstone:
    """Read one capstone file (only :mod:`tomllib` reads it: nothing in it is evaluated); ``text``,
    when given, is its text already read (``mtgkit check`` reads it within the file limits)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8") if text is None else text)
    except tomllib.TOMLDecodeError as err:
        raise _fail(path, "file", f"valid TOML ({err})") from None
    players = tuple(data.get("players", ("Alice", "Bob")))
    pieces: list[Piece] = []
    for zone in ("board", "hand", "graveyard", "top_of_library"):
        for who, cards in data.get(zone, {}).items():
            if who not in players:
                raise _fail(path, f"{zone}.{who}", f"one of the players {', '.join(players)}")
            for i, entry in enumerate(cards):
                entry = {"card": entry} if isinstance(entry, str) else dict(entry)
                unknown = set(entry) - _PIECE_KEYS
                if unknown or "card" not in entry:
                    raise _fail(path, f"{zone}.{who}[{i}]",
                                f"a card name or a table of {sorted(_PIECE_KEYS)}")
                lookup(entry["card"])  # a card of the catalog (ValueError with "did you mean")
                counters = entry.get("counters")
                zones: dict[str, PieceZone] = {"board": "battlefield", "hand": "hand",
                                               "graveyard": "graveyard", "top_of_library": "library"}
                where = zones[zone]
                pieces.append(Piece(entry["card"], who, where,
                                    entry.get("label", ""), entry.get("tapped", False),
                                    entry.get("arrived", "last turn"),
                                    tuple(counters.items()) if counters is not None else None,
                                    entry.get("attached_to", ""), entry.get("color")))
    setup = Setup(players, tuple(pieces), data.get("monarch"), data.get("active", ""),
                  data.get("start", "main1"), data.get("life", 20), data.get("library", 30))
    steps = []
    for i, raw in enumerate(data.get("steps", [])):
        unknown = set(raw) - _STEP_KEYS
        if unknown or "do" not in raw:
            raise _fail(path, f"steps[{i}]", f"a table of {sorted(_STEP_KEYS)} with do")
        fields = dict(raw)
        for key in ("attackers", "order", "pay", "convoke"):
            if key in fields:
                fields[key] = tuple(fields[key])
        if "blocks" in fields:
            fields["blocks"] = tuple(fields["blocks"].items())
        steps.append(Step(**{"says": "", **fields}))
    keep = tuple(tuple(k) for k in data.get("keep", []))
    options = []
    for i, raw in enumerate(data.get("options", [])):
        claims = raw.get("claims", {})
        if set(claims) - _CLAIMS:
            raise _fail(path, f"options[{i}].claims", f"claims among {sorted(_CLAIMS)}")
        options.append(Option(raw["text"], bool(raw.get("right", False)), tuple(sorted(claims.items())),
                              raw.get("misconception", ""), raw.get("because", ""), raw.get("believed", "")))
    return Capstone(data["id"], data["title"], tuple(data["topics"]), data["level"], tuple(data["rules"]),
                    tuple(data["cards"]), data["setup"], data["question"], data["why"],
                    Play(setup, tuple(steps), keep), tuple(options),
                    tuple(sorted(data.get("model", {}).items())), str(path))


@functools.lru_cache(maxsize=1)
def load() -> tuple[Capstone, ...]:
    """Every capstone, in the order of their files' names."""
    return tuple(parse(p) for p in sorted(FOLDER.glob("*.toml")))


def by_id(cid: str) -> Capstone:
    """The capstone with this id (``ValueError`` naming the ids if there is none)."""
    for c in load():
        if c.id == cid:
            return c
    raise ValueError(f"no capstone {cid!r}; the capstones are {', '.join(c.id for c in load())}")


# ----------------------------------------------------------------------------- checking
def _names(g: Game, player: str, zone: str) -> Counter[str]:
    return Counter(o.name for o in g.zone(player, zone))


def _holds(claim: str, value: Any, o: Outcome, labels: Mapping[str, int], start: Mapping[str, int]) -> bool:
    """Does one claim hold in outcome ``o`` (``start``: each player's hand before the steps)?"""
    g = o.game

    def ref(label: str) -> int:
        return labels[label] if label in labels else g.find(label)

    if claim == "monarch":
        return bool((g.monarch or "nobody") == value)
    if claim == "life":
        return all(g.life(p) == n for p, n in value.items())
    if claim == "pool":
        return all(g.pool(p) == (Mana.parse(m) if m else Mana()) for p, m in value.items())
    if claim in ("battlefield", "graveyard"):
        return all(_names(g, p, claim) == Counter(cards) for p, cards in value.items())
    if claim == "hand":
        return all(len(g.zone(p, "hand")) == n for p, n in value.items())
    if claim == "drew":
        return all(len(g.zone(p, "hand")) - start[p] == n for p, n in value.items())
    if claim == "creatures":
        return all(sum(x.is_a("Creature") for x in g.zone(p, "battlefield")) == n for p, n in value.items())
    if claim == "counters":
        return all(sum(g.obj(ref(card)).counters.values()) == n for card, n in value.items())
    if claim == "tapped":
        return all(g.obj(ref(card)).tapped == state for card, state in value.items())
    if claim == "count":
        return all(_names(g, p, "battlefield")[card] == n
                   for p, cards in value.items() for card, n in cards.items())
    if claim == "chooser":
        made = {c.question: c.player for c in o.choices}
        return all(made.get(q) == who for q, who in value.items())
    # "can": a list of {player, card, kind, ability, pay, answer} (pay: the lands, by label, tapped
    # for mana first)
    for want in value:
        act = Act(want.get("kind", "activate"), want["card"], want["card"], want.get("ability", 0),
                  pay=tuple(want.get("pay", ())))
        ok, _ = engine_verdict(g, ref(want["card"]), act, want["player"], labels)
        if ok != want["answer"]:
            return False
    return True


def _holds_over(claim: str, value: Any, outs: tuple[Outcome, ...]) -> bool:
    """Does a claim about every outcome together hold?"""
    if claim == "pools":
        return all({str(o.pool(p)) for o in outs} == {str(Mana.parse(m)) for m in pools}
                   for p, pools in value.items())
    if claim == "counts":  # how many of a card each player could end with, over every outcome
        return all({_names(o.game, p, "battlefield")[card] for o in outs} == set(ns)
                   for p, cards in value.items() for card, ns in cards.items())
    for o in outs:  # "offered": each outcome's choice of that kind offered exactly these
        offered = {c.question: set(c.options) for c in o.choices}
        # one option is no choice: the engine takes it without asking, so none of that kind is made
        if any(offered.get(q, set(options) if len(options) == 1 else None) != set(options)
               for q, options in value.items()):
            return False
    return True


def claims_hold(claims: tuple[tuple[str, Any], ...], outs: tuple[Outcome, ...], labels: Mapping[str, int],
                start: Mapping[str, int]) -> list[bool]:
    """For each outcome of ``outs``, whether every claim of ``claims`` holds there (the claims
    about every outcome together, ``pools``, ``counts`` and ``offered``, are judged over all of
    ``outs``); ``labels`` are the set-up's labels and ``start`` each player's hand size before
    the steps. :func:`check` judges an option by it, and ``mtgkit check`` an option under its
    misconception's rule variant."""
    each = [(k, v) for k, v in claims if k not in _OVER_ALL]
    together = all(_holds_over(k, v, outs) for k, v in claims if k in _OVER_ALL)
    return [together and all(_holds(k, v, o, labels, start) for k, v in each) for o in outs]


def check(c: Capstone) -> list[str]:
    """What is wrong with a capstone (empty when the engine agrees with it): the right option's
    claims hold in every outcome the story allows, each wrong option has a claim that fails and
    names a catalogued misconception with a line saying how; with a ``[model]``, the engine's
    answer is the right option's ``believed`` and each misconception's model gives its wrong
    option's ``believed`` on the same play."""
    problems: list[str] = []
    try:
        outs = c.outcomes()
    except RulesError as err:
        return [f"{c.id}: the engine refuses a step: {err}"]
    g, labels = c.play.build()
    start = {p: len(g.zone(p, "hand")) for p in g.players}
    rights = [o for o in c.options if o.right]
    if len(rights) != 1:
        problems.append(f"{c.id}: {len(rights)} right options (one precise answer is wanted)")
    if len(c.options) < 4:
        problems.append(f"{c.id}: fewer than four options")
    for i, opt in enumerate(c.options):
        if not opt.claims:
            problems.append(f"{c.id} option {i}: no claim for the engine to check")
            continue
        holds = claims_hold(opt.claims, outs, labels, start)
        if opt.right and not all(holds):
            problems.append(f"{c.id} option {i} is marked right, but the engine disagrees: {opt.text}")
        if not opt.right:
            if all(holds):
                problems.append(f"{c.id} option {i} is marked wrong, but the engine agrees with it: "
                                f"{opt.text}")
            parts = opt.misconception.split(" + ")
            if not all(part in CATALOG for part in parts) or not opt.because:
                problems.append(f"{c.id} option {i}: name a catalogued misconception and say how it "
                                f"leads here")
    s = c.situation()
    if s is not None:
        for i, opt in enumerate(c.options):
            if opt.right and (opt.believed,) != s.legal():
                problems.append(f"{c.id}: the engine's answer is {s.legal()}, not {opt.believed!r}")
            held = frozenset(opt.misconception.split(" + "))
            if not opt.right and opt.believed and opt.believed not in s.believe(held):
                problems.append(f"{c.id} option {i}: {opt.misconception}'s model says "
                                f"{s.believe(held)}, not {opt.believed!r}")
    return problems


def _situation(c: Capstone) -> Situation | None:
    model = dict(c.model)
    kind = model.get("situation")
    if kind == "monarch":
        ask = model.get("ask", "monarch")
        asks: tuple[MonarchAsk, ...] = typing.get_args(MonarchAsk)
        if ask not in asks:
            raise CapstoneError(f"{c.id}: model.ask: one of {', '.join(asks)}")
        return MonarchPlay(c.play, ask, model.get("about", "Bob"))
    if kind == "tapping":
        return ManaPlay(c.play)
    if kind == "could-produce":
        return CouldPlay(c.play, model["target"])
    if kind == "division":
        return BlockedDamage(c.play, model["attacker"])
    if kind == "spend":
        return ReflectedSpend(c.play, model["reflector"])
    if kind == "x-stack":
        return StackPlay(c.play, model["card"], "copy" if model["route"] == "copy" else "cascade",
                         int(model["x"]))
    return None


def events(c: Capstone) -> tuple[Event, ...]:
    """The events of the first outcome (for a worked example)."""
    return c.outcomes()[0].events


def summary(c: Capstone) -> str:
    """One line per option, the right one marked: for a teacher's key."""
    return "\n".join(f"{'✓' if o.right else ' '} {o.text}" for o in c.options)


__all__ = ["CLAIMS", "FOLDER", "OPTION_KEYS", "PIECE_KEYS", "STEP_KEYS", "TOP_KEYS", "Capstone",
           "CapstoneError", "Option", "by_id", "check", "claims_hold", "events", "load", "parse", "summary"]
