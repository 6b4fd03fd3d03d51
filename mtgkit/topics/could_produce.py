"""What a permanent could produce (CR 106.7), and undefined mana in it (CR 106.5).

Notebook 03 teaches it: costs are ignored, replacement effects count in every order, and
reflecting permanents (Exotic Orchard, Reflecting Pool, Fellwar Stone) look at each other
until nothing changes, starting from nothing (the least fixed point). The engine answers
(:meth:`Game.could_produce <mtgkit.game.Game.could_produce>`); this module says it for a
learner, makes each wrong rule a variant of the engine's query (:mod:`mtgkit.variants`: the same
query, one decision answered the learner's way), and asks about random boards.

>>> CouldCase(("Exotic Orchard",), ("Forest", "Wastes")).legal()
(frozenset({'G'}),)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Literal, TypeVar

from .. import could_produce as cp
from ..abilities import (
    AddMana,
    DamageYou,
    ExtraMana,
    ManaSpec,
    ManaTrigger,
    PerPermanent,
    SpendAsAnyColor,
)
from ..cards import card as lookup
from ..errors import RulesError
from ..events import DamageDealt, LifeChanged, ManaAdded, SpellCast
from ..game import Game
from ..grading import Report, grade_answers, read_types
from ..mana import COLORS, TYPES, Mana, symbols
from ..outcomes import Outcomes
from ..records import Value
from ..state import Obj
from ..teaching import Check, Explained, Grader, Piece, Play, Reason, Setup, Step, cr
from ..variants import Rules, asks
from ..view import ObjectView
from ..wording import possessive
from .base import (
    Exercise,
    Lesson,
    Level,
    Misconception,
    MisconceptionName,
    PlaySituation,
    Situation,
    Stem,
    Topic,
    TopicName,
    misconceived,
    rules_held,
    variant,
    variants_asked,
)
from .boards import MANA_CARDS, BoardSpec, Perm


class Mistake(MisconceptionName):
    """The misconceptions about what a permanent could produce, in catalog order."""

    COLORLESS_IS_A_COLOR = "colorless-is-a-color"
    COSTS_BLOCK_COULD_PRODUCE = "costs-block-could-produce"
    REPLACEMENTS_IGNORED = "replacements-ignored-in-could-produce"
    REFLECTIONS_FEED_EACH_OTHER = "reflections-feed-each-other"
    UNDEFINED_MANA_IS_COLORLESS = "undefined-mana-is-colorless"
    COLORLESS_IS_NOT_A_TYPE = "colorless-is-not-a-type"
    ZERO_MANA_STILL_HAS_A_TYPE = "zero-mana-still-has-a-type"
    REFLECTORS_COUNT_NONLAND_PERMANENTS = "reflectors-count-nonland-permanents"
    REFLECTORS_COUNT_TRIGGERED_MANA = "reflectors-count-triggered-mana"
    SPEND_AS_ANY_COLOR_CHANGES_TYPE = "spend-as-any-color-changes-type"
    REFLECTED_MANA_KEEPS_RESTRICTIONS = "reflected-mana-keeps-restrictions"
    REFLECTED_MANA_KEEPS_RIDERS = "reflected-mana-keeps-riders"


#: The misconceptions that are wrong rules: each a variant of the engine's could-produce query
#: (registered below); the other two are misreadings of a reflected spend (:data:`SPEND_MISREADINGS`).
VARIANT_MISTAKES: tuple[Mistake, ...] = tuple(m for m in Mistake if m not in (
    Mistake.REFLECTED_MANA_KEEPS_RESTRICTIONS, Mistake.REFLECTED_MANA_KEEPS_RIDERS))

_T = TypeVar("_T")


# ----------------------------------------------------------------------------- the notebooks' cases
class CouldProduceRow(Value):
    player: str
    name: str
    id: int
    types: str


def could_produce_table(g: Game) -> list[CouldProduceRow]:
    """One row per permanent with a mana ability: what it could produce (CR 106.7)."""
    solved = g.could_produce_all()
    return [CouldProduceRow(o.controller, o.name, o.id, symbols(solved[o.id]))
            for o in g.permanents() if o.id in solved]


def trace_could_produce(g: Game, ref: int) -> list[str]:
    """For a permanent that reflects others (Exotic Orchard, Reflecting Pool, Fellwar Stone),
    trace each type it could produce back to a permanent that could produce it by itself
    (:meth:`Game.trace_could_produce <mtgkit.game.Game.trace_could_produce>`).

    >>> from mtgkit.topics.boards import mana_board
    >>> g = mana_board(["Exotic Orchard", "Forest"], ["Reflecting Pool", "Exotic Orchard"])
    >>> for line in trace_could_produce(g, g.permanents("Bob")[0].id): print(line)
    {G}: Bob's Reflecting Pool copies a type of a land Bob controls: Bob's Exotic Orchard, which \
copies a color of a land an opponent of Bob controls: Alice's Forest, which could produce {G} by itself.
    """
    return g.trace_could_produce(ref)


def explain_could_produce(g: Game, ref: int) -> str:
    """What ``ref`` could produce and why (CR 106.7), each type traced back to the permanent
    that could produce it by itself (:meth:`Game.explain_could_produce
    <mtgkit.game.Game.explain_could_produce>`).

    >>> from mtgkit.topics.boards import mana_board
    >>> g = mana_board(["Exotic Orchard"], ["Exotic Orchard"])
    >>> print(explain_could_produce(g, g.permanents("Alice")[0].id))  # doctest: +NORMALIZE_WHITESPACE
    Alice's Exotic Orchard could produce nothing (CR 106.7).
      • {T}: Add one mana of any color that a land an opponent controls could produce.
        it would make no mana if it resolved now (costs ignored): no land an opponent controls
        could produce a color of mana (colorless is not a color), so the type is undefined
        (CR 106.5)
        The permanents it watches only reflect other reflecting permanents; with no outside
        source, the least fixed point gives them nothing.
    >>> g = mana_board(["Reflecting Pool", "Exotic Orchard"], ["Wastes"])
    >>> "no outside source" in explain_could_produce(g, g.permanents("Alice")[0].id)
    False
    """
    return g.explain_could_produce(ref)


class CouldCase(Value):
    """'What could this permanent produce?' (``who``'s ``index``-th permanent)."""

    alice: tuple[str, ...]
    bob: tuple[str, ...] = ()
    who: str = "Alice"
    index: int = 0

    #: Answers are sets of mana types, read as mana is read everywhere (symbols in any order, or
    #: "nothing"); a wrong one is matched against the misconceptions of the same board.
    grader: ClassVar[Grader[frozenset[str]]] = Grader(read_types, symbols, mistakes=lambda case, answer: (
        misconceived(case.situation(), answer, MISCONCEPTIONS)))

    def situation(self) -> CouldProduce:
        """The same board as a practice situation (its target counted over the whole board)."""
        offset = 0 if self.who == "Alice" else len(self.alice)
        return CouldProduce(BoardSpec.of(self.alice, self.bob), offset + self.index)

    def key(self) -> Hashable:
        return ("could", BoardSpec.of(self.alice, self.bob).key(), self.who, self.index)

    def describe(self) -> str:
        mine = self.alice if self.who == "Alice" else self.bob
        return f"{self.situation().describe()}; what could {self.who}'s {mine[self.index]} produce?"

    def legal(self) -> tuple[frozenset[str], ...]:
        return (self.situation().types(),)

    def explain(self) -> str:
        return self.situation().explain()

    why = explain  # the notebooks' name for it

    def teach(self) -> Explained:
        """Why, in the one sentence of the engine's explanation that decides it (a cycle with no
        outside source, where each type comes from, why no type is defined, a replacement
        effect, costs ignored), with the rest of the explanation folded away."""
        text = self.explain()
        lines = [ln.strip() for ln in text.splitlines()[1:] if ln.strip()]
        return Explained(Reason(_deciding(lines, self.situation().types()), ("106.7",)
                                + (("106.5",) if "(CR 106.5)" in text else ())),
                         "\n".join(lines), "How the engine worked it out")

    def answer(self) -> tuple[frozenset[str], str]:
        return self.legal()[0], self.explain()


def _deciding(lines: list[str], types: frozenset[str]) -> str:
    """The sentence of a could-produce explanation (its lines after the first) that decides the
    answer."""
    cycle = next((ln for ln in lines if ln.startswith("The permanents it watches")), None)
    if cycle is not None:
        return cycle.replace("nothing.", "nothing (CR 106.7).")
    traces = [ln for ln in lines if ln[:3] in {f"{{{t}}}" for t in TYPES} and ln[3:5] == ": "]
    if traces:
        by_way: dict[str, list[str]] = {}
        for ln in traces:  # "{W}: ... could produce {W} by itself." -> one line per way, its types
            t = ln[:3]
            by_way.setdefault(ln[5:].replace(t, "it").rstrip("."), []).append(t)
        said = "; ".join(f"{''.join(ts)}: {way}" for way, ts in by_way.items())
        return f"Where each type comes from: {said} (CR 106.7)."
    none = next((ln for ln in lines if ln.startswith("it would make no mana") and ": " in ln), None)
    if none is not None and not types:
        why = none.split(": ", 1)[1]
        return f"Its ability would make no mana now: {why}; it could produce nothing (CR 106.7)."
    made = [ln.split(" if it resolved now")[0].removeprefix("it would make ") for ln in lines
            if ln.startswith("it would make ")]
    ways = " or ".join(m for m in made if m != "no mana") or "no mana"
    replaced = [ln.removeprefix("after ").removesuffix(" (CR 106.7)") for ln in lines
                if ln.startswith("after the replacement effect")]
    if replaced:
        which, result = replaced[0].rsplit(": ", 1)
        return f"Its ability would make {ways}, but after {which} it makes {result} (CR 106.7)."
    ability, it = ("its abilities", "they") if len(made) > 1 else ("its ability", "it")
    return f"Costs are ignored: {ability} would make {ways} if {it} resolved now (CR 106.7)."


def check_could_answers(answers: Mapping[str, object], cases: Mapping[str, CouldCase]) -> Report:
    """Grade could-produce answers (``"{B}{C}"``, ``"BC"``, or ``"nothing"``: see
    :func:`~mtgkit.grading.read_types`)."""
    return grade_answers(answers, cases, CouldCase.grader)


def could_check(g: Game, ref: int, predicted: Iterable[str]) -> Check:
    """A predicted could-produce set (types such as ``{"G", "C"}``) next to the engine's, with
    the explanation that traces each type to the permanent it really comes from.

    >>> from mtgkit.topics.boards import mana_board
    >>> g = mana_board(["Exotic Orchard"], ["Reflecting Pool", "Forest"])
    >>> c = could_check(g, g.permanents("Alice")[0].id, {"G"})
    >>> c.correct, c.engine, c.reason.rules
    (True, "Alice's Exotic Orchard could produce {G}", ('106.7',))
    """
    o = g.obj(ref)
    guess = frozenset(predicted)
    unknown = sorted(guess - set(TYPES))
    if unknown:
        raise ValueError(f"{', '.join(unknown)} is not a type of mana; the types are {', '.join(TYPES)}")
    types = g.could_produce(ref)
    text = explain_could_produce(g, ref)
    rules = ("106.7", "106.5") if "(CR 106.5)" in text else ("106.7",)
    return Check(guess == types, symbols(guess), f"{o.controller}'s {o.name} could produce "
                 f"{symbols(types)}", Reason(text, rules))


# ----------------------------------------------------------------------- practice boards, and their model
@functools.lru_cache(maxsize=4096)
def could_produce_board(spec: BoardSpec) -> tuple[tuple[int, ...], dict[int, frozenset[str]], Game]:
    g, ids = spec.build()
    return ids, g.could_produce_all(), g


class CouldProduce(Situation):
    """'Which types of mana could this permanent produce?' (CR 106.7)."""

    topic: ClassVar[TopicName] = "could-produce"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = VARIANT_MISTAKES
    board: BoardSpec
    target: int

    def key(self) -> Hashable:
        return ("could", self.board.key())

    def describe(self) -> str:
        return self.board.describe()

    def types(self) -> frozenset[str]:
        ids, solved, _ = could_produce_board(self.board)
        return solved.get(ids[self.target], frozenset())

    def legal(self) -> tuple[str, ...]:
        return (symbols(self.types()),)

    def explain(self) -> str:
        ids, _, g = could_produce_board(self.board)
        return explain_could_produce(g, ids[self.target])

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        """What the engine's query answers on the same board played by the rules of a learner
        holding ``held`` (:func:`~mtgkit.topics.base.rules_held`)."""
        ids, _, _ = could_produce_board(self.board)
        return (symbols(_board_under(self.board, rules_held(held)).get(ids[self.target], frozenset())),)


@functools.lru_cache(maxsize=8192)
def _board_under(board: BoardSpec, rules: Rules) -> dict[int, frozenset[str]]:
    """Could-produce for every permanent of ``board``, the same board set up again under ``rules``."""
    return board_game(board).replay(rules).could_produce_all()


def board_game(board: BoardSpec) -> Game:
    """The (cached, read-only) game of a could-produce board."""
    return could_produce_board(board)[2]


# ----------------------------------------------------------------------------- the wrong rules
# Each misconception that is a wrong rule is a variant of the engine's could-produce query
# (:mod:`mtgkit.variants`): the same query, one decision answered the learner's way.
@variant(Mistake.COLORLESS_IS_A_COLOR)
class ColorlessIsAColor(Rules):
    """An ability that copies a color may copy colorless too."""

    def reflectable(self, g: Any, kinds: Literal["colors", "types"]) -> frozenset[str]:
        return super().reflectable(g, kinds) | {"C"}


@variant(Mistake.COLORLESS_IS_NOT_A_TYPE)
class ColorlessIsNotAType(Rules):
    """An ability that copies a type copies only the colors."""

    def reflectable(self, g: Any, kinds: Literal["colors", "types"]) -> frozenset[str]:
        return super().reflectable(g, kinds) - {"C"}


@variant(Mistake.COSTS_BLOCK_COULD_PRODUCE)
class CostsBlockCouldProduce(Rules):
    """A mana ability counts only if it could be activated now (a tapped land makes nothing)."""

    def counts_ability(self, g: Any, o: ObjectView, index: int) -> bool:
        return super().counts_ability(g, o, index) and bool(g.can_activate(o.id, index, timing=False))


@variant(Mistake.REPLACEMENTS_IGNORED)
class ReplacementsIgnored(Rules):
    """What a permanent could produce is its ability's own mana, whatever would replace it."""

    def counted_replacements(self, g: Any, o: ObjectView, reps: Sequence[_T]) -> tuple[_T, ...]:
        return ()


@variant(Mistake.REFLECTIONS_FEED_EACH_OTHER)
class ReflectionsFeedEachOther(Rules):
    """Reflecting permanents that watch each other start from every type (the greatest fixed
    point): between them they could make anything."""

    def reflection_start(self, g: Any, o: ObjectView) -> frozenset[str]:
        return frozenset(TYPES) if _in_a_cycle(g, o) else super().reflection_start(g, o)


def _in_a_cycle(g: Any, o: ObjectView) -> bool:
    """Whether ``o`` reflects (through others) a reflecting permanent that reflects it back:
    two or more permanents watching each other (a Reflecting Pool watching itself alone is no
    cycle to a learner)."""
    seen: set[int] = set()
    todo = [p for p in cp.watched(g, o) if p.id != o.id]
    while todo:
        p = todo.pop()
        if p.id == o.id:
            return True
        if p.id not in seen:
            seen.add(p.id)
            todo += cp.watched(g, p)
    return False


@variant(Mistake.UNDEFINED_MANA_IS_COLORLESS)
class UndefinedManaIsColorless(Rules):
    """Mana of an undefined type is colorless mana."""

    def undefined_mana(self, g: Any, o: ObjectView | Obj, spec: ManaSpec) -> tuple[Mana, ...]:
        return (Mana.of("C"),)


@variant(Mistake.ZERO_MANA_STILL_HAS_A_TYPE)
class ZeroManaStillHasAType(Rules):
    """An ability that would add zero mana of a type still could produce that type."""

    def zero_mana(self, g: Any, o: ObjectView, spec: ManaSpec) -> tuple[Mana, ...]:
        if isinstance(spec, PerPermanent):
            return (Mana.of(spec.mana_type),)
        return super().zero_mana(g, o, spec)


@variant(Mistake.REFLECTORS_COUNT_NONLAND_PERMANENTS)
class ReflectorsCountNonlandPermanents(Rules):
    """A reflecting ability looks at every permanent, not only at the card type it names."""

    def reflects_from(self, g: Any, p: ObjectView, card_type: str) -> bool:
        return True


@variant(Mistake.REFLECTORS_COUNT_TRIGGERED_MANA)
class ReflectorsCountTriggeredMana(Rules):
    """What a land's Auras' triggered mana abilities add (Utopia Sprawl, Wild Growth) counts as
    what the land could produce."""

    def others_mana(self, g: Any, o: ObjectView) -> frozenset[str]:
        found = set(super().others_mana(g, o))
        for aura in g.permanents():
            if aura.attached_to != o.id:
                continue
            for a in aura.card.abilities:
                if isinstance(a, ManaTrigger) and isinstance(a.adds, ExtraMana):
                    for m in a.adds.options(Mana(), aura.chosen_color):
                        found |= m.types
        return frozenset(found)


@variant(Mistake.SPEND_AS_ANY_COLOR_CHANGES_TYPE)
class SpendAsAnyColorChangesType(Rules):
    """Colorless mana its controller may spend as though it were any color is mana of every
    color (Chromatic Orrery)."""

    def made_types(self, g: Any, o: ObjectView, types: frozenset[str]) -> frozenset[str]:
        found = super().made_types(g, o, types)
        if "C" in found and any(p.card.has(SpendAsAnyColor) for p in g.permanents(o.controller)):
            return found | frozenset(COLORS)
        return found


# ----------------------------------------------------------------------- scenario questions
class CouldPlay(PlaySituation):
    """A could-produce scenario: a set-up and a short play sequence (a land played, a land tapped,
    Llanowar Elves or Utopia Sprawl cast, Pale Moon resolving in Alice's upkeep), then: which types
    of mana could the permanent labelled ``target`` produce now? The engine's query answers on
    the game at the end of each outcome (CR 106.7); a learner's answer is the same play and
    query by the rules they hold (:mod:`mtgkit.variants`)."""

    topic: ClassVar[TopicName] = "could-produce"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = VARIANT_MISTAKES
    target: str

    def key(self) -> Hashable:
        return ("could play", self.play, self.target)

    def end(self) -> tuple[Game, int]:
        return _played(self.play, self.target)

    def legal(self) -> tuple[str, ...]:
        return self.answers(self.play.outcomes())

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        ref = _labels(self.play)[self.target]
        return tuple(outs.values(lambda o: symbols(o.game.could_produce(ref))))

    def under(self, rules: Rules) -> tuple[str, ...]:
        """The answers by ``rules``. When its steps asked none of the decisions ``rules`` answers
        its own way, they play exactly as by the CR: the query is asked by ``rules`` on the CR's
        outcomes (what replaying them by ``rules`` would give, without playing them again)."""
        if asks(rules, _steps_asked(self.play)):
            return super().under(rules)
        return _query_under(self.play, self.target, rules)

    def known(self) -> tuple[MisconceptionName | str, ...]:
        """Its own misconceptions (the query's variants), then any other variant overriding a
        decision its steps asked (summoning sickness, when a step taps a permanent)."""
        return _known(self.play, VARIANT_MISTAKES)

    def explain(self) -> str:
        g, ref = self.end()
        return explain_could_produce(g, ref)


@functools.lru_cache(maxsize=1024)
def _labels(play: Play) -> dict[str, int]:
    return play.labels()


@functools.lru_cache(maxsize=4096)
def _query_under(play: Play, target: str, rules: Rules) -> tuple[str, ...]:
    ref = _labels(play)[target]
    return tuple(play.outcomes().values(
        lambda o: symbols(cp.Solver(o.game, rules).could_produce().get(ref, frozenset()))))


@functools.lru_cache(maxsize=1024)
def _known(play: Play, own: tuple[Mistake, ...]) -> tuple[MisconceptionName | str, ...]:
    return (*own, *(n for n in variants_asked(_steps_asked(play)) if n not in own))


@functools.lru_cache(maxsize=1024)
def _steps_asked(play: Play) -> frozenset[str]:
    """The decisions a fresh game asked while playing ``play``'s steps by the CR (before anyone
    asked the query about its end)."""
    g, _ = play.game()
    return frozenset(g.consulted)


@functools.lru_cache(maxsize=1024)
def _played(play: Play, target: str) -> tuple[Game, int]:
    g, labels = play.game()
    return g, labels[target]


def _alice_turn(pieces: list[Piece], steps: list[Step], step: str = "main1",
                keep: tuple[tuple[str, str], ...] = ()) -> Play:
    return Play(Setup(pieces=tuple(pieces), step=step), tuple(steps), keep)


def could_play(target: str, *, bob: Sequence[str], alice: Sequence[str] = (), land_drop: str = "",
               elves: bool = False, sprawl: str = "", tap: str = "", pale_moon: bool = False,
               contamination: bool = False, bob_sprawl: str = "") -> Play:
    """Alice's turn: she controls ``target`` and ``alice``; Bob controls ``bob``. The steps, each
    optional, in order: Bob casts Pale Moon in her upkeep; she plays ``land_drop``; she casts
    Llanowar Elves; she casts Utopia Sprawl on her Forest choosing ``sprawl``; she (or Bob, for a
    label of his) taps ``tap`` for mana."""
    pieces = [Piece(target), *[Piece(c) for c in alice],
              *[Piece(c, "Bob", label=f"Bob's {c}") for c in bob]]
    if bob_sprawl:
        pieces += [Piece("Forest", "Bob", label="Bob's enchanted Forest"),
                   Piece("Utopia Sprawl", "Bob", label="Bob's Utopia Sprawl",
                         attached_to="Bob's enchanted Forest", color=bob_sprawl)]
    if contamination:
        pieces.append(Piece("Contamination", "Bob"))
    steps: list[Step] = []
    if pale_moon:
        pieces += [Piece("Island", "Bob", label="Pale Moon's Island"),
                   Piece("Island", "Bob", label="Pale Moon's Island 2"), Piece("Pale Moon", "Bob", "hand")]
        steps += [Step("pass", "", player="Alice"),
                  Step("cast", "In Alice's upkeep, after she passes priority, Bob taps two Islands and "
                       "casts Pale Moon; it resolves.", card="Pale Moon",
                       pay=("Pale Moon's Island", "Pale Moon's Island 2")),
                  Step("resolve", ""), Step("advance", "", to="main1")]
    if land_drop:
        pieces.append(Piece(land_drop, zone="hand", label=f"new {land_drop}"))
        article = "an" if land_drop[0] in "AEIOU" else "a"
        steps.append(Step("play_land", f"Alice plays {article} {land_drop} (her land for the turn).",
                          card=f"new {land_drop}"))
    if elves:
        pieces += [Piece("Forest", label="Elves' Forest"), Piece("Llanowar Elves", zone="hand")]
        steps += [Step("cast", "Alice taps a Forest and casts Llanowar Elves; it resolves.",
                       card="Llanowar Elves", pay=("Elves' Forest",)), Step("resolve", "")]
    if sprawl:
        pieces += [Piece("Forest", label="Sprawl's Forest"), Piece("Forest", label="enchanted Forest"),
                   Piece("Utopia Sprawl", zone="hand")]
        color = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}[sprawl]
        steps += [Step("cast", f"Alice taps a Forest and casts Utopia Sprawl on her other Forest, choosing "
                       f"{color}; it resolves.", card="Utopia Sprawl", target="enchanted Forest",
                       pay=("Sprawl's Forest",)),
                  Step("resolve", "")]
    if tap.startswith("Bob's "):
        land = tap.split(" ", 1)[1]
        steps += [Step("pass", "", player="Alice"),
                  Step("activate", f"Alice passes priority; Bob taps his {land} for mana (the mana will be "
                       f"gone at the end of the step).", card=tap, player="Bob")]
    elif tap:
        steps.append(Step("activate", f"Alice taps her {tap} for mana.", card=tap))
    # the colour Alice names for her Utopia Sprawl is part of the story (said in its step), as is
    # the one Bob's was given
    keep = tuple(("color", c) for c in (sprawl, bob_sprawl) if c) if sprawl else ()
    return _alice_turn(pieces, steps, "upkeep" if pale_moon else "main1", keep)


#: What a learner answers who thinks the reflected mana can't pay for Lightning Bolt.
NO_BOLT = "Alice can't spend that mana on Lightning Bolt"
#: ... or who thinks the reflecting permanent can't make red at all.
NO_RED = "Alice can't tap it for {R}"


def _extras(card: str) -> tuple[bool, bool]:
    """(a restriction on how its mana is spent, a rider) among the card's mana abilities."""
    effects = [e for ab in lookup(card).activated for e in ab.effects]
    return (any(isinstance(e, AddMana) and e.spend_only for e in effects),
            any(isinstance(e, DamageYou) for e in effects))


class ReflectedSpend(PlaySituation):
    """Alice taps her reflecting permanent (Exotic Orchard, Fellwar Stone) for {R}, which Bob's
    lands could produce (Ancient Ziggurat's mana may be spent only on creature spells, Tarnished
    Citadel's deals 3 damage to its controller), and casts Lightning Bolt at Bob: the life
    totals at the end (CR 106.7: what a land could produce is types only)."""

    topic: ClassVar[TopicName] = "could-produce"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.REFLECTED_MANA_KEEPS_RESTRICTIONS, Mistake.REFLECTED_MANA_KEEPS_RIDERS,
        Mistake.COSTS_BLOCK_COULD_PRODUCE)
    reflector: str

    def key(self) -> Hashable:
        return ("spend", self.play)

    def answer_of(self, alice: int, bob: int) -> str:
        return f"Alice has {alice} life; Bob has {bob} life"

    def legal(self) -> tuple[str, ...]:
        return self.answers(self.play.outcomes())

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        return tuple(outs.values(lambda o: self.answer_of(o.game.life("Alice"), o.game.life("Bob"))))

    def refused(self, error: RulesError) -> tuple[str, ...]:
        """By a learner's rules the reflecting permanent can't make {R} (nothing they think Bob's
        lands could produce is red), so the Bolt can't be paid for."""
        return (NO_RED,)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        """The play by the variants among ``held``, its outcomes read by the misreadings among
        them (:data:`SPEND_MISREADINGS`) when any applies."""
        try:
            outs = self.play.outcomes(rules_held(held))
        except RulesError as error:
            return self.refused(error)
        read = [a for name in sorted(held) if name in SPEND_MISREADINGS
                for a in SPEND_MISREADINGS[name](self, outs)]
        return tuple(dict.fromkeys(read)) or self.answers(outs)

    def bobs(self) -> list[str]:
        """The cards of Bob's permanents in the set-up."""
        return [p.card for p in self.play.setup.pieces if p.player == "Bob" and p.zone == "battlefield"]

    def explain(self) -> str:
        """Why, from what happened: what 106.7 copies (types only), which of Bob's lands carry a
        restriction or a rider on their own abilities, then the play's events from the
        reflecting permanent's mana on (mana, the cast, damage and life), each with its rules."""
        g, _ = self.play.game()
        start = next(i for i, e in enumerate(g.events)
                     if isinstance(e, ManaAdded) and e.obj == self.reflector)
        said = [f"{e.text} ({cr(e.rules)})" for e in g.events[start:]
                if isinstance(e, ManaAdded | SpellCast | DamageDealt | LifeChanged) and e.text]
        carried = [card for card in dict.fromkeys(self.bobs()) if any(_extras(card))]
        return (f"What Bob's lands could produce is a question of types only (CR 106.7): what is on their "
                f"own abilities ({', '.join(carried)}: a restriction on spending the mana, CR 106.6, or a "
                f"rider, 605.1a) is no part of {possessive(self.reflector)} ability, whose mana is plain "
                f"mana. {'; '.join(said)}. {self.answer_of(g.life('Alice'), g.life('Bob'))}.")


#: The misreadings of a reflected spend (not wrong rules of the engine: a learner who carries
#: the other land's words over to the mana): misconception -> what a learner holding it reads
#: off the play's outcomes (nothing when the board gives them nothing to carry over).
SPEND_MISREADINGS: dict[str, Callable[[ReflectedSpend, Outcomes], tuple[str, ...]]] = {}


def _misreading(name: Mistake) -> Callable[[_Reading], _Reading]:
    def register(fn: _Reading) -> _Reading:
        SPEND_MISREADINGS[str(name)] = fn
        return fn
    return register


_Reading = Callable[[ReflectedSpend, Outcomes], tuple[str, ...]]


@_misreading(Mistake.REFLECTED_MANA_KEEPS_RESTRICTIONS)
def _keeps_restrictions(s: ReflectedSpend, outs: Outcomes) -> tuple[str, ...]:
    """Bob's land's restriction (Ancient Ziggurat: creature spells only) carried over: no Bolt."""
    return (NO_BOLT,) if any(_extras(card)[0] for card in s.bobs()) else ()


@_misreading(Mistake.REFLECTED_MANA_KEEPS_RIDERS)
def _keeps_riders(s: ReflectedSpend, outs: Outcomes) -> tuple[str, ...]:
    """Bob's land's rider (Tarnished Citadel: 3 damage to its controller) carried over to Alice."""
    if not any(_extras(card)[1] for card in s.bobs()):
        return ()
    return tuple(outs.values(lambda o: s.answer_of(o.game.life("Alice") - 3, o.game.life("Bob"))))


def spend_play(reflector: str = "Exotic Orchard",
               bob: Sequence[str] = ("Ancient Ziggurat", "Tarnished Citadel"), *,
               tapped: bool = True) -> ReflectedSpend:
    """Alice's turn: Bob controls ``bob`` (tapped: he used them in his turn); Alice taps
    ``reflector`` for {R} and casts Lightning Bolt targeting Bob."""
    pieces = (Piece(reflector), Piece("Lightning Bolt", zone="hand"),
              *[Piece(c, "Bob", tapped=tapped) for c in bob])
    steps = (Step("activate", f"Alice tries to tap her {reflector} for {{R}} and to cast Lightning Bolt "
                  f"targeting Bob with that mana.", card=reflector, color="R"),
             Step("cast", "", card="Lightning Bolt", target="Bob"),
             Step("resolve", "Bob doesn't respond."))
    return ReflectedSpend(Play(Setup(pieces=pieces), steps), reflector)


# ----------------------------------------------------------------------------- misconceptions
def _board(*perms: Perm) -> BoardSpec:
    return BoardSpec(tuple(perms))


MISCONCEPTIONS: tuple[Misconception, ...] = (
    Misconception(
        name=Mistake.COLORLESS_IS_A_COLOR,
        topic="could-produce",
        title="colorless counts as a color",
        description="Exotic Orchard and Fellwar Stone can make colorless mana when an opponent's land makes "
                    "{C}.",
        rule="106.1a",
        rule_says="There are five colors; colorless is a type of mana but not a color, so an ability that "
                  "adds 'one mana of any color' can never add {C} (CR 106.1a, 106.1b, 106.7).",
        plugs_in="variant",
        example=CouldProduce(_board(Perm("Exotic Orchard"), Perm("Wastes", "Bob")), 0),
        ask="What could Alice's Exotic Orchard produce?",
    ),
    Misconception(
        name=Mistake.COSTS_BLOCK_COULD_PRODUCE,
        topic="could-produce",
        title="costs decide what a land could produce",
        description="A land only 'could produce' mana if its cost could be paid right now (a tapped land "
                    "counts for nothing).",
        rule="106.7",
        rule_says="What a permanent could produce ignores whether the costs of its mana abilities could be "
                  "paid: a tapped Forest still could produce {G}.",
        plugs_in="variant",
        example=CouldProduce(_board(Perm("Exotic Orchard"), Perm("Forest", "Bob", tapped=True)), 0),
        ask="What could Alice's Exotic Orchard produce?",
    ),
    Misconception(
        name=Mistake.REPLACEMENTS_IGNORED,
        topic="could-produce",
        title="replacement effects don't change what a land could produce",
        description="What a land could produce is just what its text says, whatever replacement effects "
                    "apply.",
        rule="106.7",
        rule_says="Could-produce takes the replacement effects that would apply into account, in every "
                  "possible order: under Contamination a Forest could produce only {B}.",
        plugs_in="variant",
        example=CouldProduce(_board(Perm("Exotic Orchard"), Perm("Forest", "Bob"),
                                    Perm("Contamination", "Bob")), 0),
        ask="What could Alice's Exotic Orchard produce?",
    ),
    Misconception(
        name=Mistake.REFLECTIONS_FEED_EACH_OTHER,
        topic="could-produce",
        title="reflecting lands feed each other",
        description="Two permanents that copy each other's mana (Exotic Orchards facing each other) can "
                    "make any color between them.",
        rule="106.7",
        rule_says="A permanent could produce only what its ability would really produce now; two reflecting "
                  "permanents with no real source behind them could produce nothing (the least fixed point).",
        plugs_in="variant",
        example=CouldProduce(_board(Perm("Exotic Orchard"), Perm("Exotic Orchard", "Bob")), 0),
        ask="What could Alice's Exotic Orchard produce?",
    ),
    Misconception(
        name=Mistake.UNDEFINED_MANA_IS_COLORLESS,
        topic="could-produce",
        title="undefined mana becomes colorless",
        description="When no color can be chosen (an Exotic Orchard with nothing to copy), the ability "
                    "makes {C}.",
        rule="106.5",
        rule_says="An ability that would make mana of an undefined type makes no mana at all.",
        plugs_in="variant",
        example=CouldProduce(_board(Perm("Exotic Orchard")), 0),
        ask="What could Alice's Exotic Orchard produce?",
    ),
    Misconception(
        name=Mistake.COLORLESS_IS_NOT_A_TYPE,
        topic="could-produce",
        title="colorless isn't a type of mana",
        description="Reflecting Pool copies only colors, so it can't make {C} even when your Wastes could.",
        rule="106.1b",
        rule_says="There are six types of mana: the five colors and colorless. 'Any type' includes {C}, so "
                  "Reflecting Pool next to a Wastes could produce {C}.",
        plugs_in="variant",
        example=CouldProduce(_board(Perm("Reflecting Pool"), Perm("Wastes")), 0),
        ask="What could Alice's Reflecting Pool produce?",
    ),
    Misconception(
        name=Mistake.ZERO_MANA_STILL_HAS_A_TYPE,
        topic="could-produce",
        title="zero mana still has a type",
        description="Gaea's Cradle with no creatures still 'could produce' {G}: its type is green, even if "
                    "it would add none.",
        rule="106.7",
        rule_says="A permanent could produce only the types its ability would actually produce now; Gaea's "
                  "Cradle with no creatures would add no mana, so it could produce nothing.",
        plugs_in="variant",
        example=CouldProduce(_board(Perm("Exotic Orchard"), Perm("Gaea's Cradle", "Bob")), 0),
        ask="What could Alice's Exotic Orchard produce?",
    ),
    Misconception(
        name=Mistake.REFLECTORS_COUNT_NONLAND_PERMANENTS,
        topic="could-produce",
        title="Exotic Orchard sees creatures and artifacts",
        description="Exotic Orchard, Fellwar Stone and Reflecting Pool copy the mana of any permanent, "
                    "Llanowar Elves or Fellwar Stone included, not only lands.",
        rule="106.7",
        rule_says="They ask what a land could produce ('a land an opponent controls', 'a land you "
                  "control'): creatures and artifacts don't count, whatever mana they make.",
        plugs_in="variant",
        example=CouldProduce(_board(Perm("Exotic Orchard"), Perm("Llanowar Elves", "Bob"),
                                    Perm("Wastes", "Bob")), 0),
        ask="What could Alice's Exotic Orchard produce?",
    ),
    Misconception(
        name=Mistake.REFLECTORS_COUNT_TRIGGERED_MANA,
        topic="could-produce",
        title="a land could produce its Aura's extra mana",
        description="A Forest enchanted with Utopia Sprawl (blue chosen) could produce blue too, so "
                    "Reflecting Pool or Exotic Orchard can copy it.",
        rule="106.7",
        rule_says="What a permanent could produce is what its own abilities would produce; the extra mana "
                  "comes from the Aura's triggered ability, not from the land.",
        plugs_in="variant",
        example=CouldProduce(_board(Perm("Reflecting Pool"), Perm("Forest"),
                                    Perm("Utopia Sprawl", attached_to=1, color="U")), 0),
        ask="What could Alice's Reflecting Pool produce?",
    ),
    Misconception(
        name=Mistake.SPEND_AS_ANY_COLOR_CHANGES_TYPE,
        topic="could-produce",
        title="mana spendable as any color is colored mana",
        description="Under an effect that lets a player spend mana as though it were any color (Chromatic "
                    "Orrery), their colorless mana counts as colored: a Wastes 'could produce' every color.",
        rule="609.4b",
        rule_says="Spending mana as though it were mana of any color changes only how costs may be paid, "
                  "not the mana's type: a Wastes still produces {C} and could produce only {C} (CR 106.7 "
                  "looks at types), so an Exotic Orchard looking at it could produce nothing.",
        plugs_in="variant",
        example=CouldProduce(_board(Perm("Exotic Orchard"), Perm("Wastes", "Bob"),
                                    Perm("Chromatic Orrery", "Bob")), 0),
        ask="What could Alice's Exotic Orchard produce?",
    ),
    Misconception(
        name=Mistake.REFLECTED_MANA_KEEPS_RESTRICTIONS,
        topic="could-produce",
        title="reflected mana carries the other land's restriction",
        description="Mana Exotic Orchard makes by copying a color Ancient Ziggurat could produce can be "
                    "spent only as the Ziggurat's could: on a creature spell.",
        rule="106.7",
        rule_says="A reflecting ability asks only which types of mana the other land could produce; a "
                  "restriction on spending mana belongs to the ability that makes it (CR 106.6), and the "
                  "Orchard's own ability has none, so its {R} pays for Lightning Bolt.",
        plugs_in="outputs",
        example=spend_play(bob=("Ancient Ziggurat",)),
        ask="What are the life totals at the end?",
    ),
    Misconception(
        name=Mistake.REFLECTED_MANA_KEEPS_RIDERS,
        topic="could-produce",
        title="reflected mana carries the other land's drawback",
        description="Copying a color Tarnished Citadel could produce copies its 'deals 3 damage to you' too.",
        rule="106.7",
        rule_says="Only the types matter: Tarnished Citadel's damage is part of its own mana ability (CR "
                  "605.1a), not of the Orchard's, so tapping the Orchard for {R} hurts nobody.",
        plugs_in="outputs",
        example=spend_play(bob=("Tarnished Citadel",)),
        ask="What are the life totals at the end?",
    ),
)


# ----------------------------------------------------------------------------- practice
#: The lands practice draws from, in the order it draws them (another order would change every
#: seed's boards; the mana explorers list the same lands as :data:`~mtgkit.topics.boards.MANA_CARDS`).
LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Underground Sea", "Mystic Gate",
         "Mana Confluence", "Gaea's Cradle", "Meteor Crater", "Vivid Crag", "Ancient Ziggurat",
         "Tarnished Citadel")
#: The permanents that reflect others' mana: every could-produce question is about one of them.
REFLECTING = MANA_CARDS["reflecting"]


#: Permanents that aren't lands but make mana: they teach what a reflecting permanent doesn't
#: look at (and Pili-Pala's {Q} cost, what a cost can't stop).
_EXTRAS = ("Llanowar Elves", "Fellwar Stone", "Pili-Pala")
#: What changes mana on a hard board: replacement effects (Contamination, Mana Reflection,
#: Damping Sphere), triggered mana abilities (Mana Flare, Heartbeat of Spring, Zendikar
#: Resurgent), spending as though any color (Chromatic Orrery), and a creature for Gaea's Cradle.
_HARD_EXTRAS = ("Contamination", "Mana Reflection", "Llanowar Elves", "Chromatic Orrery", "Damping Sphere",
                "Mana Flare", "Heartbeat of Spring", "Zendikar Resurgent", "Grizzly Bears")
#: Auras that add mana when their land is tapped (a color chosen for Utopia Sprawl).
_AURAS = ("Utopia Sprawl", "Wild Growth")


def _board_perms(rng: random.Random, level: Level) -> list[Perm]:
    perms: list[Perm] = []
    n_lands = (1, 2) if level == "easy" else (1, 3)
    for who in ("Alice", "Bob"):
        for _ in range(rng.randint(*n_lands)):
            perms.append(Perm(rng.choice(LANDS), who, tapped=rng.random() < 0.3))
        for _ in range(1 if level == "easy" or rng.random() < 0.6 else 2):
            perms.append(Perm(rng.choice(REFLECTING), who, tapped=rng.random() < 0.15))
    if rng.random() < 0.4:
        who = rng.choice(["Bob", "Bob", "Alice"])
        perms.append(Perm(rng.choice(_EXTRAS), who, tapped=rng.random() < 0.3))
    forests = [i for i, p in enumerate(perms) if p.card == "Forest"]
    if forests and rng.random() < 0.5:
        aura = rng.choice(_AURAS)
        host = rng.choice(forests)
        perms.append(Perm(aura, perms[host].controller, attached_to=host,
                          color=rng.choice("WUBR") if aura == "Utopia Sprawl" else None))
    for _ in range(rng.choice([0, 1, 1, 2]) if level == "hard" else 0):
        perms.append(Perm(rng.choice(_HARD_EXTRAS), rng.choice(["Alice", "Bob"])))
    return perms


def _board_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A board of lands, reflecting permanents and what they don't look at, and a question about
    one of them: mostly a reflecting permanent, with a few things that matter to what it sees
    added on the side it watches (:data:`_FEATURES`: a Wastes, a tapped land, a replacement
    effect, reflecting permanents facing it, a creature or artifact that makes mana, an Aura,
    Chromatic Orrery, Gaea's Cradle, Meteor Crater); sometimes a land or creature instead."""
    perms = _board_perms(rng, level)
    makers = [i for i, p in enumerate(perms) if any(a.is_mana_ability for a in lookup(p.card).activated)]
    reflecting = [i for i in makers if perms[i].card in REFLECTING]
    if rng.random() < (0.85 if level == "hard" else 0.7):
        target = rng.choice(reflecting)
        mine = perms[target].controller
        other = "Bob" if mine == "Alice" else "Alice"
        watched = mine if perms[target].card == "Reflecting Pool" else other
        n = rng.randint(3, 5) if level == "hard" else rng.randint(0, 2)
        for name in rng.sample(sorted(_FEATURES), n):
            _FEATURES[name](rng, perms, watched)
    else:
        target = rng.choice(makers)
    board = BoardSpec(tuple(perms))
    if board.problem() is not None:
        return None  # never a position the rules don't allow (two Gaea's Cradles: CR 704.5j)
    s = CouldProduce(board, target)
    return s, _stem(board.name(target), _board_rules(s), play=False)


def _aura(rng: random.Random, perms: list[Perm], side: str) -> None:
    perms.append(Perm("Forest", side, tapped=rng.random() < 0.3))
    aura = rng.choice(_AURAS)
    perms.append(Perm(aura, side, attached_to=len(perms) - 1,
                      color=rng.choice("WUBR") if aura == "Utopia Sprawl" else None))


_Feature = Callable[[random.Random, list[Perm], str], None]
#: What a board may add on the side a reflecting permanent watches, each a thing one of the
#: misconceptions gets wrong.
_FEATURES: dict[str, _Feature] = {
    "wastes": lambda rng, perms, side: perms.append(Perm("Wastes", side)),
    "tapped": lambda rng, perms, side: perms.append(Perm(rng.choice(LANDS[:7]), side, tapped=True)),
    "replacement": lambda rng, perms, side: perms.append(
        Perm(rng.choice(["Contamination", "Mana Reflection", "Damping Sphere"]),
             rng.choice(["Alice", "Bob"]))),
    "facing": lambda rng, perms, side: perms.append(Perm(rng.choice(REFLECTING), side)),
    "nonland": lambda rng, perms, side: perms.append(Perm(rng.choice(_EXTRAS), side)),
    "aura": _aura,
    "orrery": lambda rng, perms, side: perms.extend([Perm("Chromatic Orrery", side), Perm("Wastes", side)]),
    "cradle": lambda rng, perms, side: perms.append(Perm("Gaea's Cradle", side)),
    "crater": lambda rng, perms, side: perms.append(Perm("Meteor Crater", side)),
}


def _board_rules(s: CouldProduce | CouldPlay) -> str:
    """The rules the query's explanation cites for this question (106.5 when a type is undefined)."""
    return "CR 106.7, 106.5" if "(CR 106.5)" in s.explain() else "CR 106.7"


#: How a could-produce question begins: about a board as it stands, or after a play.
_BOARD_LEADS = ("", "On this board, ", "As the board stands, ", "With these permanents in play, ",
                "Looking at this board, ", "Right now, ")
_PLAY_LEADS = ("After all that, ", "Once those steps are done, ", "At the end of the sequence, ",
               "When the last step is over, ", "With the play finished, ", "Now, ")
#: ... and what it asks.
_ASKS = ("which types of mana could {name} produce?",
         "what types of mana could {name} produce?",
         "if a spell asked which types of mana {name} could produce, what would the answer be?",
         "which of the six types of mana could {name} produce?",
         "what is the full set of mana types {name} could produce?",
         "which types of mana count as ones {name} could produce?",
         "name every type of mana {name} could produce.",
         "which types of mana would the rules say {name} could produce?")


def _stem(name: str, rules: str = "CR 106.7", *, play: bool = False) -> Stem:
    asks = []
    for lead in _PLAY_LEADS if play else _BOARD_LEADS:
        for ask in _ASKS:
            text = lead + ask.format(name=name)
            asks.append(text[0].upper() + text[1:])
    return Stem(
        tuple(asks),
        lambda v: (f"{name} could produce exactly {v}." if v != "nothing"
                   else f"{name} could produce no type of mana at all."),
        rules)


def _play_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    target = rng.choice(["Exotic Orchard", "Exotic Orchard", "Reflecting Pool", "Fellwar Stone",
                         "Meteor Crater"])
    # (Ancient Ziggurat's restriction and Tarnished Citadel's damage are no part of what they could
    # produce: 106.7 looks at types only)
    bob = rng.sample(["Forest", "Island", "Swamp", "Mountain", "Plains", "Wastes", "Underground Sea",
                      "Mystic Gate", "Gaea's Cradle", "Ancient Ziggurat", "Tarnished Citadel"],
                     rng.randint(1, 2 if level == "easy" else 3))
    if rng.random() < 0.5:
        bob.append(rng.choice(["Llanowar Elves", "Fellwar Stone", "Chromatic Orrery"]))
    if level == "hard" and "Wastes" not in bob and rng.random() < 0.5:
        bob.append("Wastes")
    alice = rng.sample(["Forest", "Island", "Wastes", "Mountain", "Underground Sea"], rng.randint(0, 2))
    steps = rng.sample(["pale moon", "land", "elves", "sprawl", "tap", "tap"],
                       rng.randint(1, 2) if level == "easy" else rng.randint(2, 3))
    yours = target == "Reflecting Pool" or target == "Meteor Crater"
    tappable = [c for c in alice if c != "Underground Sea"] if yours else [
        f"Bob's {c}" for c in bob if c not in ("Llanowar Elves", "Fellwar Stone", "Pili-Pala",
                                                "Underground Sea")]
    casts = "elves" in steps or "sprawl" in steps
    play = could_play(
        target, bob=tuple(bob), alice=tuple(alice),
        land_drop=rng.choice(["Forest", "Island", "Wastes", "Swamp"]) if "land" in steps else "",
        elves="elves" in steps, sprawl=rng.choice("WUBR") if "sprawl" in steps else "",
        tap=rng.choice(tappable) if "tap" in steps and tappable else "",
        pale_moon="pale moon" in steps,
        # Contamination's {B} would pay for no green spell, nor for Bob's Pale Moon
        contamination=not casts and "pale moon" not in steps and rng.random() < 0.3,
        bob_sprawl=rng.choice("WUBR") if rng.random() < 0.35 else "")
    if level == "hard" and len(play.says()) < 2:
        return None
    s = CouldPlay(play, target)
    return s, _stem(f"Alice's {target}", _board_rules(s), play=True)


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``: which types of mana could one of Alice's reflecting
    permanents produce, on a board of lands, reflecting permanents and what they don't look at
    (creatures, artifacts, Auras), or (mostly at the hard level) after a short sequence: Pale Moon
    cast in her upkeep, a land played, Llanowar Elves or Utopia Sprawl cast, a land tapped."""
    roll = rng.random()
    if roll < 0.12:
        return _spend_question(rng, level)
    if roll < (0.3 if level == "easy" else 0.6):
        return _play_question(rng, level)
    return _board_question(rng, level)


def _spend_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    # one land whose restriction or rider a learner might carry over, and up to two others
    carried = rng.sample(["Ancient Ziggurat", "Tarnished Citadel"], rng.randint(1, 2))
    others = rng.sample(["Mountain", "Forest", "Island", "Swamp", "Plains", "Underground Sea", "Wastes"],
                        rng.randint(0, 2 if level == "hard" else 1))
    bob = sorted(carried + others)
    s = spend_play(rng.choice(["Exotic Orchard", "Fellwar Stone"]), bob, tapped=rng.random() < 0.6)
    return s, Stem(("What are the life totals at the end?",
                    "Which is true once Lightning Bolt has resolved?",
                    "How do the life totals stand after the Bolt resolves?",
                    "Once everything has resolved, what are the life totals?",
                    "What does the Bolt leave the two players at?",
                    "Which of these describes how the sequence ends?"),
                   lambda v: f"at the end, {v}.", "CR 106.7, 106.6")


#: The notebooks that teach this topic, with their exercises (the course lists them by stem).
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        stem="03-could-produce",
        title="What a permanent could produce (CR 106.7)",
        summary="what a permanent \"could produce\": costs ignored, replacement effects in every order, "
                "reflecting cycles (CR 106.7)",
        exercises=(
            Exercise(number=1, check=check_could_answers, answers=("answers1",), setup=("cases1",)),
            Exercise(number=2, check=check_could_answers, answers=("answers2",), setup=("cases2",)),
        ),
    ),
)

TOPIC = Topic(
    name="could-produce",
    title="What a permanent could produce (CR 106.7)",
    lessons=LESSONS,
    situations=(CouldProduce, CouldPlay, ReflectedSpend),
    misconceptions=MISCONCEPTIONS,
    generate=generate,
)

__all__ = ["LANDS", "REFLECTING", "TOPIC", "CouldCase", "CouldProduce", "CouldProduceRow", "Mistake",
           "SPEND_MISREADINGS", "VARIANT_MISTAKES", "board_game", "check_could_answers", "could_check",
           "could_produce_board", "could_produce_table", "explain_could_produce", "generate",
           "trace_could_produce"]
