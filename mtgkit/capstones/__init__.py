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

A file with a ``[model]`` and no option marked right is *automatic* (:attr:`Capstone.auto`): the
engine gives its answer (``answer``, the author's key, is checked against it) and
:func:`mtgkit.practice.capstone_question` draws its wrong options from the misconception
variants, beside any ``[[options]]`` its author wrote; ``setup``, ``cards``, ``why`` and
``rules`` are optional there. ``[alternatives]`` make versions of one file (:func:`versions`,
:func:`substitute`; :func:`parse` picks one by seed, :func:`parse_versions` gives them all), and
``cards_file`` and ``[[card]]`` tables bring cards of the file's own (:func:`own_cards`). The
format is documented in ``docs/write-your-own-questions.md``.

>>> caps = load()
>>> len(caps) >= 12, all(not check(c) for c in caps)
(True, True)
>>> k1 = by_id("K1")
>>> [o.right for o in k1.options].count(True)
1
"""

from __future__ import annotations

import functools
import itertools
import random
import re
import tomllib
import typing
from collections import Counter
from collections.abc import Hashable, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from .. import limits
from ..abilities import CardDef
from ..cards import CATALOG as CARDS
from ..cards import card as lookup
from ..cards.cardfile import card_tables, load_cards
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
    answer: str = ""  # the author's key of an automatic question (checked against the engine's)
    version: str = ""  # which version of a file with [alternatives]: "x=3, card=Grizzly Bears"
    auto: bool = False  # the engine gives the answer and the wrong options (a [model], no right option)

    # the question protocol (a case: key, describe, legal, explain)
    def key(self) -> Hashable:
        return ("capstone", self.id, self.version) if self.version else ("capstone", self.id)

    def describe(self) -> str:
        return self.setup_words

    def legal(self) -> tuple[str, ...]:
        """The right answers: the option marked right, or an automatic question's the engine's."""
        if self.auto:
            s = self.situation()
            return s.legal() if s is not None else ()
        return tuple(o.text for o in self.options if o.right)

    def explain(self) -> str:
        """The author's "why", then what the engine did; an automatic question's "why" (if any)
        followed by its topic's explanation, the rules on the events that decided it."""
        s = self.situation() if self.auto else None
        if s is not None:
            return f"{self.why}\n{s.explain()}" if self.why else s.explain()
        o = self.outcomes()[0]
        shown = [e for e in o.events if e.kind in _SHOWN]
        return f"{self.why}\nWhat the engine did:\n{event_lines(shown)}"

    def steps(self) -> tuple[str, ...]:
        """The steps said from what the engine logged (:meth:`~mtgkit.teaching.Play.says`): a
        result only when every wrong option's misconceptions, as variants, expect it too (none
        when one of them isn't a variant); an automatic question's as its topic's board says them."""
        s = self.situation() if self.auto else None
        if s is not None:
            return s.steps()
        held = [o.misconception.split(" + ") for o in self.options if not o.right and o.misconception]
        if all(n in VARIANTS for names in held for n in names):
            return self.play.says(rules_held(names) for names in held)
        return self.play.says(None)

    def card_texts(self) -> str:
        """The cards it uses, with their full text (from the file's own cards, else the catalog)."""
        own = {c.name: c for c in self.play.setup.cards}
        return "\n".join(_card_line(name, own.get(name)) for name in self.cards)

    def outcomes(self) -> tuple[Outcome, ...]:
        return tuple(self.play.outcomes())

    def situation(self) -> Situation | None:
        """The capstone as a practice board of its topic (``[model]``), or ``None``."""
        return _situation(self)


_SHOWN = {"cast", "activate", "attack", "block", "damage", "replace", "monarch", "sba", "move", "enter",
          "mana", "no_mana", "choice", "leave", "trigger", "fizzle", "effect", "counter"}


def _card_line(name: str, own: CardDef | None = None) -> str:
    c = own or lookup(name)
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
                      "graveyard", "top_of_library", "steps", "options", "model", "answer", "alternatives",
                      "card", "cards_file"})
OPTION_KEYS = frozenset({"text", "right", "claims", "misconception", "because", "believed"})
STEP_KEYS, PIECE_KEYS, CLAIMS = frozenset(_STEP_KEYS), frozenset(_PIECE_KEYS), frozenset(_CLAIMS)
#: The claims about every outcome together, not one at a time.
_OVER_ALL = {"pools", "offered", "counts"}


def _fail(path: Path, place: str, expected: str) -> CapstoneError:
    return CapstoneError(f"{path.name}: {place}: {expected}")


def _read(path: Path, text: str | None) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8") if text is None else text)
    except tomllib.TOMLDecodeError as err:
        raise _fail(path, "file", f"valid TOML ({err})") from None


def parse(path: Path, text: str | None = None, *, seed: int = 0) -> Capstone:
    """Read one capstone file (only :mod:`tomllib` reads it: nothing in it is evaluated); ``text``,
    when given, is its text already read (``mtgkit check`` reads it within the file limits). A
    file with ``[alternatives]`` is one of its versions, picked by ``seed`` (:func:`versions`)."""
    data = _read(path, text)
    found = versions(path, data)
    pick = 0 if len(found) == 1 else random.Random(f"capstone-version/{data.get('id')}/{seed}").randrange(
        len(found))
    label, values = found[pick]
    return build(path, substitute(data, values), label, text)


def parse_versions(path: Path, text: str | None = None) -> tuple[Capstone, ...]:
    """Every version of a capstone file (one, without ``[alternatives]``), in the order of
    :func:`versions`."""
    data = _read(path, text)
    return tuple(build(path, substitute(data, values), label, text) for label, values in versions(path, data))


# ----------------------------------------------------------------------------- alternatives
#: An alternative's name: a lowercase word, so ``{x}`` is never a mana symbol such as ``{X}``.
_NAME = re.compile(r"[a-z][a-z0-9_]{0,29}")
Scalar = str | int | bool


def versions(path: Path, data: Mapping[str, Any]) -> list[tuple[str, dict[str, Scalar]]]:
    """The versions ``[alternatives]`` make: each a label (``"x=3, card=Grizzly Bears"``) and its
    values, every combination of the lists in the order written (the last varies fastest); one
    version, ``("", {})``, without them. At most :data:`~mtgkit.limits.MAX_VERSIONS`."""
    table = data.get("alternatives", {})
    if not isinstance(table, dict):
        raise _fail(path, "alternatives", "a table of name = [values]")
    if len(table) > limits.MAX_ALTERNATIVES:
        raise _fail(path, "alternatives", f"at most {limits.MAX_ALTERNATIVES} names (the file limit)")
    lists: list[tuple[str, list[Scalar]]] = []
    for name, values in table.items():
        if not _NAME.fullmatch(name):
            raise _fail(path, f"alternatives.{_shown(name)}", "a name of lowercase letters, digits and _ "
                        "(starting with a letter, at most 30)")
        if (not isinstance(values, list) or not 1 <= len(values) <= limits.MAX_LIST
                or not all(isinstance(v, str | int) and not isinstance(v, float) for v in values)):
            raise _fail(path, f"alternatives.{name}", f"a list of 1 to {limits.MAX_LIST} names or whole "
                        "numbers")
        for v in values:
            if isinstance(v, str) and (len(v) > limits.MAX_NAME or "{" in v):
                raise _fail(path, f"alternatives.{name}", f"values of at most {limits.MAX_NAME} characters, "
                            "without braces")
            if isinstance(v, int) and not isinstance(v, bool) and abs(v) > limits.MAX_NUMBER:
                raise _fail(path, f"alternatives.{name}", f"numbers of at most {limits.MAX_NUMBER:,}")
        lists.append((name, values))
    total = 1
    for _, values in lists:
        total *= len(values)
    if total > limits.MAX_VERSIONS:
        raise _fail(path, "alternatives", f"at most {limits.MAX_VERSIONS} versions (the file limit; "
                    f"these lists make {total})")
    out = []
    for combo in itertools.product(*(values for _, values in lists)):
        values = dict(zip((name for name, _ in lists), combo, strict=True))
        out.append((", ".join(f"{k}={_word(v)}" for k, v in values.items()), values))
    return out


def _shown(name: str) -> str:
    return repr(name[:30]) if not name.isidentifier() else name[:30]


def _word(v: Scalar) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def substitute(data: Any, values: Mapping[str, Scalar]) -> Any:
    """``data`` with each ``{name}`` of ``values`` replaced, in every string and key (plain text
    replacement: nothing is formatted or evaluated); a string that is exactly ``"{name}"`` becomes
    the value itself (``x = "{x}"`` gives a number). The ``[alternatives]`` table is left out."""
    if not values:
        return {k: v for k, v in data.items() if k != "alternatives"} if isinstance(data, dict) else data
    marks = {"{" + k + "}": v for k, v in values.items()}

    def text(s: str) -> str:
        for mark, v in marks.items():
            if mark in s:
                s = s.replace(mark, _word(v))
        return s

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            return marks[v] if v in marks else text(v)
        if isinstance(v, dict):
            return {text(k): walk(x) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x) for x in v]
        return v

    return {text(k): walk(v) for k, v in data.items() if k != "alternatives"}


# ----------------------------------------------------------------------------- a file's own cards
def own_cards(path: Path, data: Mapping[str, Any], text: str | None = None) -> tuple[CardDef, ...]:
    """The cards a question file brings: its ``[[card]]`` tables and the card file its
    ``cards_file`` names (relative to the question file, inside its folder), checked as card
    files are (:class:`~mtgkit.cards.CardFileError` with the file and line); none may be named
    like a catalog card or another."""
    found: list[tuple[str, CardDef]] = []
    if "card" in data:
        if text is None:
            text = path.read_text(encoding="utf-8")
        found += [("card", c) for c in card_tables(data["card"], text, path)]
    name = data.get("cards_file")
    if name is not None:
        found += [("cards_file", c) for c in load_cards(_inside(path, name))]
    if len(found) > limits.MAX_CARDS:
        raise _fail(path, "card", f"at most {limits.MAX_CARDS} cards of its own (the file limit)")
    seen: set[str] = set()
    for key, c in found:
        if c.name in CARDS:
            raise _fail(path, key, f"a name no catalog card has ({c.name!r} is the catalog's)")
        if c.name in seen:
            raise _fail(path, key, f"a name no other card of the file's own has ({c.name!r} is there twice)")
        seen.add(c.name)
    return tuple(c for _, c in found)


def _inside(path: Path, name: Any) -> Path:
    """The file ``cards_file`` names: a relative path inside the question file's folder."""
    expected = "a card file's name relative to this file, inside its folder (no '..', not absolute)"
    if not isinstance(name, str) or not name or len(name) > limits.MAX_TITLE or "\\" in name:
        raise _fail(path, "cards_file", expected)
    rel = PurePosixPath(name)
    if rel.is_absolute() or ".." in rel.parts or ":" in name:
        raise _fail(path, "cards_file", expected)
    folder = path.resolve().parent
    target = path.parent / rel
    if not target.resolve().is_relative_to(folder):
        raise _fail(path, "cards_file", expected + " (a link leads out of it)")
    if not target.is_file():
        raise _fail(path, "cards_file", f"a card file that is there ({name!r} isn't)")
    return target


# ----------------------------------------------------------------------------- building one
def build(path: Path, data: dict[str, Any], version: str = "", text: str | None = None) -> Capstone:
    """One version of a capstone file from its data (its alternatives already substituted)."""
    cards = own_cards(path, data, text)
    mine = {c.name for c in cards}
    players = tuple(data.get("players", ("Alice", "Bob")))
    pieces: list[Piece] = []
    for zone in ("board", "hand", "graveyard", "top_of_library"):
        for who, entries in data.get(zone, {}).items():
            if who not in players:
                raise _fail(path, f"{zone}.{who}", f"one of the players {', '.join(players)}")
            for i, entry in enumerate(entries):
                entry = {"card": entry} if isinstance(entry, str) else dict(entry)
                unknown = set(entry) - _PIECE_KEYS
                if unknown or "card" not in entry:
                    raise _fail(path, f"{zone}.{who}[{i}]",
                                f"a card name or a table of {sorted(_PIECE_KEYS)}")
                if entry["card"] not in mine:
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
                  data.get("start", "main1"), data.get("life", 20), data.get("library", 30), cards)
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
    model = tuple(sorted(data.get("model", {}).items()))
    auto = bool(model) and not any(o.right for o in options)
    play = Play(setup, tuple(steps), keep)
    answer = data.get("answer", "")
    if not isinstance(answer, str):
        raise _fail(path, "answer", "the right answer's words, as the engine says it")
    if not auto:
        for key in ("rules", "why", "cards", "setup"):
            if key not in data:
                raise _fail(path, key, "a value (a question with its own options needs it)")
    listed = data.get("cards") or list(dict.fromkeys(p.card for p in pieces))
    return Capstone(data["id"], data["title"], tuple(data["topics"]), data["level"],
                    tuple(data.get("rules", ())), tuple(listed), data.get("setup") or setup.describe(),
                    data["question"], data.get("why", ""), play, tuple(options), model, str(path), answer,
                    version, auto)


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


def load_folder(path: str | Path, seed: int = 0) -> tuple[Capstone, ...]:
    """A teacher's question set: every question file under the folder ``path`` (a ``*.toml`` in the
    capstone format, told as ``mtgkit check`` tells it: :func:`mtgkit.teacherfiles.file_kind`), in the
    order of their paths. Card files in the folder are skipped. Bounded as ``mtgkit check`` is: at
    most :data:`~mtgkit.limits.MAX_CHECK_FILES` files (symlinks not followed), each within the file
    limits. Each question is played by the engine and checked as the kit's own are (:func:`check`:
    the right option holds in every outcome, each wrong one fails and names its misconception).

    A refused folder is one line naming the folder or the file: :class:`~mtgkit.teacherfiles.UsageError`
    (no such folder, too many files) or :class:`CapstoneError` (a file that isn't a question or card
    file, can't be read, has a problem, repeats another's id; or no question file at all).
    ``mtgkit check DIR`` lists every problem of every file. A file with ``[alternatives]`` gives the
    version ``seed`` picks (:func:`parse`)."""
    from ..teacherfiles import FileProblem, UsageError, file_kind, files_in, read_text, toml_data

    folder = Path(path)
    if not folder.is_dir() or folder.is_symlink():
        raise UsageError(f"{folder}: {'not a folder' if folder.exists() else 'no such folder'} (a folder of "
                         "question files is wanted)")
    found: list[Capstone] = []
    ids: dict[str, Path] = {}
    for f in files_in([folder]):
        try:
            text = read_text(f)
            kind = file_kind(toml_data(f, text))
        except FileProblem as err:
            raise CapstoneError(str(err)) from None
        if kind == "card":
            continue
        if kind is None:
            raise CapstoneError(f"{f}: neither a question file (steps, question, options) nor a card file")
        try:
            c = parse(f, text, seed=seed)
            c.card_texts()  # each card it shows is one of the catalog's (ValueError: "did you mean")
            problems = check(c)
        except CapstoneError as err:
            raise CapstoneError(f"{f}: {str(err).removeprefix(f.name + ': ')}") from None
        except (RulesError, ValueError, KeyError, TypeError, AttributeError) as err:
            raise CapstoneError(f"{f}: can't be read as a question ({type(err).__name__}: {err}); "
                                f"mtgkit check {f} says where") from None
        if problems:
            raise CapstoneError(f"{f}: {problems[0]} (mtgkit check {folder} lists every problem)")
        if c.id in ids:
            raise CapstoneError(f"{f}: id {c.id!r} is already the id of {ids[c.id]}; each question needs "
                                "its own")
        ids[c.id] = f
        found.append(c)
    if not found:
        raise CapstoneError(f"{folder}: no question files (*.toml with steps, question or options)")
    return tuple(found)


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
    option's ``believed`` on the same play. An automatic question (:attr:`Capstone.auto`) has an
    answer by the engine, its author's key (``answer``) among the engine's answers, and each
    option its author adds is wrong as above, and not the engine's answer."""
    try:
        outs = c.outcomes()
    except RulesError as err:
        return [f"{c.id}: the engine refuses a step: {err}"]
    g, labels = c.play.build()
    start = {p: len(g.zone(p, "hand")) for p in g.players}
    if c.auto:
        return _check_auto(c, outs, labels, start)
    problems: list[str] = []
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
            problems += _wrong(c, i, opt, holds)
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


def _wrong(c: Capstone, i: int, opt: Option, holds: list[bool]) -> list[str]:
    """What is wrong with a wrong option: its claims all hold, or no misconception is named."""
    problems = []
    if all(holds):
        problems.append(f"{c.id} option {i} is marked wrong, but the engine agrees with it: {opt.text}")
    parts = opt.misconception.split(" + ")
    if not all(part in CATALOG for part in parts) or not opt.because:
        problems.append(f"{c.id} option {i}: name a catalogued misconception and say how it leads here")
    return problems


def _check_auto(c: Capstone, outs: tuple[Outcome, ...], labels: Mapping[str, int],
                start: Mapping[str, int]) -> list[str]:
    s = c.situation()
    if s is None:
        return [f"{c.id}: model.situation: one of {', '.join(SITUATIONS)}"]
    legal = s.legal()
    if not legal:
        return [f"{c.id}: the engine gives no answer to this question"]
    problems = []
    if c.answer and c.answer not in legal:
        problems.append(f"{c.id}: the engine's answer is {' or '.join(map(repr, legal))}, not {c.answer!r}")
    for i, (words, opt) in enumerate((o.text, o) for o in c.options):
        if words in legal:
            problems.append(f"{c.id} option {i} is the engine's answer: {words}")
        elif not opt.claims:
            problems.append(f"{c.id} option {i}: no claim for the engine to check")
        else:
            problems += _wrong(c, i, opt, claims_hold(opt.claims, outs, labels, start))
    return problems


#: The situations a ``[model]`` names (its ``situation``) and the keys each reads.
SITUATIONS = {"monarch": ("ask", "about"), "tapping": (), "could-produce": ("target",),
              "division": ("attacker",), "spend": ("reflector",), "x-stack": ("card", "route", "x")}


def _situation(c: Capstone) -> Situation | None:
    model = dict(c.model)
    kind = model.get("situation")
    missing = [k for k in SITUATIONS.get(str(kind), ()) if k not in model and k not in ("ask", "about")]
    if missing:
        raise CapstoneError(f"{c.id}: model.{missing[0]}: a value (a {kind} model needs it)")
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


__all__ = ["CLAIMS", "FOLDER", "OPTION_KEYS", "PIECE_KEYS", "SITUATIONS", "STEP_KEYS", "TOP_KEYS", "Capstone",
           "CapstoneError", "Option", "build", "by_id", "check", "claims_hold", "events", "load",
           "load_folder", "own_cards", "parse", "parse_versions", "substitute", "summary", "versions"]
