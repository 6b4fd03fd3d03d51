"""Tapping for mana: undefined mana (CR 106.5), and the replacement effects and triggers on a
permanent tapped for mana (CR 106.12, 616.1, 605.4a).

Notebooks 02 and 04 teach it (and 00 uses its first case): Alice taps a permanent for mana;
what is in her pool? Every legal choice counts (the mana to add, the order of the replacement
effects, CR 616.1) unless the question fixes it. The misconceptions are what learners believe
the effects add up to: the order the cards arrived in, Mana Reflection doubling a trigger's
mana, Contamination keeping the amount, and the rest.

>>> [str(m) for m in TapCase(("Forest", "Mana Reflection"), ("Contamination",)).legal()]
['{B}', '{B}{B}']
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ..abilities import ManaTrigger, Multiply, SameTypeProduced, SetType
from ..events import AbilityActivated, AbilityTriggered, ChoiceMade, Event, ManaAdded, ManaReplaced, NoMana
from ..game import Game
from ..grading import Report, grade_answers, one_of, read_mana, show_mana
from ..mana import Mana
from ..outcomes import Answer, BranchingChooser, Outcome, Outcomes, outcomes
from ..teaching import Check, ChoiceWalk, Explained, Grader, Reason, cr, event_lines
from ..triggers import TappedForMana
from .base import Level, Misconception, MisconceptionName, Situation, Stem, Topic, TopicName, misconceived
from .boards import BoardSpec, Perm, mana_board


class Mistake(MisconceptionName):
    """The misconceptions about tapping for mana, in catalog order."""

    PRINTED_ORDER = "printed-order"
    REPLACEMENTS_LAST_IN_FIRST_OUT = "replacements-last-in-first-out"
    REFLECTION_DOUBLES_TRIGGERED_MANA = "reflection-doubles-triggered-mana"
    REPLACEMENT_CHANGES_TRIGGERED_MANA = "replacement-changes-triggered-mana"
    REPLACED_MANA_TRIGGERS_NOTHING = "replaced-mana-triggers-nothing"
    TRIGGER_COPIES_PRINTED_MANA = "trigger-copies-printed-mana"
    CONTAMINATION_KEEPS_THE_AMOUNT = "contamination-keeps-the-amount"
    SAME_EFFECTS_DONT_STACK = "same-effects-dont-stack"


# ----------------------------------------------------------------------------- the notebooks' cases
def tap_result(alice: Sequence[str], bob: Sequence[str], source: int,
               order: Sequence[str] | None = None, choice: str | None = None,
               ) -> tuple[Game, tuple[Event, ...]]:
    """Build the board, tap Alice's ``source``-th permanent (index into ``alice``) for its first
    mana ability, and return the game and the events."""
    g = mana_board(alice, bob)
    ref = g.permanents("Alice")[source].id
    return g, g.activate(ref, 0, order=order, choice=choice)


def replacement_orders(alice: Sequence[str], bob: Sequence[str], source: int) -> list[tuple[str, ...]]:
    """Every order of the replacement effects that apply if Alice taps ``source`` for mana."""
    g = mana_board(alice, bob)
    o = g.permanents("Alice")[source]
    ab = o.card.activated[0] if o.card.activated else None
    if ab is None:
        return [()]
    labels = [r.label for r in g.mana_replacements(o, ab)]
    return [tuple(p) for p in itertools.permutations(labels)] if labels else [()]


def tap_outcomes(g: Game, ref: int, ability: int = 0, order: Sequence[str] | None = None) -> Outcomes:
    """Every legal way tapping ``ref`` for mana can turn out (``order`` fixed if given)."""
    return outcomes(g, lambda game: game.activate(ref, ability, order=order))


@dataclass(frozen=True)
class TapCase:
    """'Alice taps her ``source``-th permanent: what mana does she get?' Any mana a legal choice
    gives is right; ``order`` fixes the order of the replacement effects (the question says it).

    As a quick question (:func:`~mtgkit.teaching.choice_quiz`), an option is right if some
    legal choice gives it, and a quiz can never leave the right answer out:

    >>> from mtgkit.teaching import choice_quiz
    >>> options = ["{U}", "{B}", "{C}", "nothing"]
    >>> grade = choice_quiz(TapCase(("Fellwar Stone",), ("Underground Sea",)), options)
    >>> [grade(o).correct for o in options]
    [True, True, False, False]
    >>> v = grade("{C}")
    >>> print(v.text, v.why, sep="\\n")  # doctest: +NORMALIZE_WHITESPACE
    You wrote {C}: the answer is {U} or {B}, depending on the choices made.
    Alice's choice decides it (CR 608.2d): {U} if Alice chooses {U} from Fellwar Stone
    (options: {U}, {B}); {B} if Alice chooses {B} from Fellwar Stone (options: {U}, {B}).
    >>> print(v.detail.splitlines()[0])  # doctest: +NORMALIZE_WHITESPACE
    If Alice chooses {U} from Fellwar Stone (options: {U}, {B}): Alice chooses {U} from Fellwar
    Stone (options: {U}, {B}) (CR 608.2d), and Alice's Fellwar Stone adds {U} (CR 106.4, 605.3b).
    >>> choice_quiz(TapCase(("Forest",)), ["{G}{G}", "nothing"])
    Traceback (most recent call last):
    ...
    ValueError: the options ['{G}{G}', 'nothing'] leave out the legal answer {G}
    """

    alice: tuple[str, ...]
    bob: tuple[str, ...] = ()
    source: int = 0
    order: tuple[str, ...] | None = None

    #: Answers are mana, read as :func:`~mtgkit.grading.read_mana` reads mana everywhere; a wrong
    #: one is matched against the misconceptions of the same board as a practice situation.
    grader: ClassVar[Grader[Mana]] = Grader(read_mana, show_mana, str, lambda case, answer: misconceived(
        case.situation(), answer, MISCONCEPTIONS))

    def board(self) -> BoardSpec:
        return BoardSpec.of(self.alice, self.bob)

    def situation(self) -> TapForMana:
        """The same board as a practice situation (its outcomes are worked out once)."""
        return TapForMana(self.board(), self.source, self.order)

    def key(self) -> Hashable:
        return self.situation().key(), self.source, self.order

    def describe(self) -> str:
        order = f"; she applies {', then '.join(self.order)}" if self.order else ""
        return (f"{self.board().describe()}; Alice taps her {self.alice[self.source]} for mana"
                f"{order}")

    def outcomes(self) -> Outcomes:
        return self.situation().outcomes()

    def legal(self) -> tuple[Mana, ...]:
        return tuple(self.outcomes().values(lambda o: o.pool("Alice")))

    def explain(self) -> str:
        e = self.teach()
        lines = [f"   {ln}" for ln in e.detail.splitlines()]
        return "\n".join([e.reason.text, "What the engine did:", *lines])

    why = explain  # the notebooks' name for it

    def teach(self) -> Explained:
        """Why: one sentence with the rules of the events that made the mana (the replacement
        effects, the triggers, and any mana trigger that didn't trigger, with why), or, when
        Alice's choices decide it, the rule of her choice; then the events of each outcome."""
        firsts: dict[Mana, Outcome] = {}
        for o in self.outcomes().legal:
            firsts.setdefault(o.pool("Alice"), o)
        if len(firsts) == 1:
            o = next(iter(firsts.values()))
            return Explained(tap_reason(o), event_lines(o.events, ""))
        o = next(iter(firsts.values()))
        choice = next(e for e in o.events if isinstance(e, ChoiceMade))
        results = "; ".join(f"{show_mana(pool)} if {out.choice_summary()}" for pool, out in firsts.items())
        reason = Reason(f"Alice's choice decides it ({cr(choice.rules)}): {results}.", choice.rules,
                        choice.seq)
        detail = "\n".join(f"If {out.choice_summary()}: {tap_reason(out).text}\n{event_lines(out.events, '')}"
                           for out in firsts.values())
        return Explained(reason, detail)

    def answer(self) -> tuple[Mana, str]:
        """The mana of the first legal choice, and why (see :meth:`legal` for all of them)."""
        return self.legal()[0], self.explain()


def tap_reason(o: Outcome, player: str = "Alice") -> Reason:
    """Why ``player``'s pool is what it is after tapping a permanent for mana, in one sentence
    from the events of outcome ``o``: the choice made, the mana made (or why none was), each
    replacement effect and each triggered mana ability, every one with the rules of its event;
    and each mana trigger on the battlefield that the engine didn't trigger (no event says it
    did), with why, in the words of its trigger condition (:class:`~mtgkit.triggers.TappedForMana`,
    CR 106.12a).
    ``seq`` is the event that made (or didn't make) the mana.

    >>> g = TapCase(("Llanowar Elves", "Heartbeat of Spring", "Mana Reflection"))
    >>> print(tap_reason(g.outcomes()[0]).text)  # doctest: +NORMALIZE_WHITESPACE
    Alice's Llanowar Elves makes {G}; Mana Reflection turns it into {G}{G} (CR 106.12b, 614.1a);
    Heartbeat of Spring adds nothing: it triggers only when a land is tapped for mana, and
    Llanowar Elves isn't a land (CR 106.12a).
    """
    events, game = o.events, o.game
    act = next(e for e in events if isinstance(e, AbilityActivated))
    name = act.obj or "it"
    made = next(e for e in events if isinstance(e, ManaAdded | NoMana) and e.cause is not None
                and e.player == player and not (isinstance(e, ManaAdded) and not e.tapped_for_mana))
    bits: list[str] = []
    rules: list[str] = []
    chose = [e for e in events if isinstance(e, ChoiceMade) and e.question == "mana"]
    for c in chose:
        bits.append(f"{c.text} ({cr(c.rules)})")
        rules += c.rules
    replaced = [e for e in events if isinstance(e, ManaReplaced)]
    if isinstance(made, NoMana):
        bits.append(f"{made.text} ({cr(made.rules)})")
        rules += made.rules
    elif not replaced:
        bits.append(f"{player}'s {name} adds {made.mana} ({cr(made.rules)})")
        rules += made.rules
    else:
        ordered = [e for e in events if isinstance(e, ChoiceMade) and e.question == "order"]
        steps = [f"{r.effect} turns it into {r.after}" if i == 0 else f"{r.effect} into {r.after}"
                 for i, r in enumerate(replaced)]
        why = list(dict.fromkeys(r for e in [*replaced, *ordered] for r in e.rules))
        bits.append(f"{player}'s {name} makes {replaced[0].before}; {', then '.join(steps)} ({cr(why)})")
        rules += why
    said = [", and ".join(bits)]
    triggered = {e.obj_id for e in events if isinstance(e, AbilityTriggered)}
    for e in events:
        if isinstance(e, ManaAdded) and not e.tapped_for_mana and e.player == player:
            trigger = next(t for t in events if isinstance(t, AbilityTriggered) and t.obj_id == e.obj_id)
            untouched = ", which the replacement effects don't touch" if replaced else ""
            said.append(f"{e.obj}'s triggered mana ability adds {e.mana}{untouched} "
                        f"({cr((*trigger.rules, *e.rules))})")
            rules += [*trigger.rules, *e.rules]
    for p in game.permanents():
        for ab in p.card.abilities:
            if not isinstance(ab, ManaTrigger) or p.id in triggered:
                continue
            owner = "" if p.controller == player else f"{p.controller}'s "
            said.append(f"{owner}{p.name} adds nothing: {_no_trigger(ab.trigger, p.controller, made, game)} "
                        f"(CR 106.12a)")
            rules.append("106.12a")
    text = "; ".join(said)
    return Reason(text[0].upper() + text[1:] + ".", tuple(dict.fromkeys(rules)), made.seq)


def _no_trigger(trigger: TappedForMana, controller: str, made: ManaAdded | NoMana, game: Game) -> str:
    """Why the trigger condition ``trigger`` (of a permanent ``controller`` controls, which the
    engine didn't trigger: no event says it did) doesn't match the event that made the mana, in
    the words of the condition's own fields."""
    tapped = made.obj or "the permanent"
    if isinstance(made, NoMana):
        return f"“tapped for mana” triggers only when the mana ability produces mana, and {tapped} made none"
    if trigger.scope == "land" and made.obj_id is not None and not game.is_a(made.obj_id, "Land"):
        return f"it triggers only when a land is tapped for mana, and {tapped} isn't a land"
    if trigger.scope == "enchanted":
        return f"it triggers only when the permanent it enchants is tapped for mana, not {tapped}"
    if trigger.whose == "you":
        return (f"it triggers only when “you”, its controller {controller}, tap a land for mana, and "
                f"{made.player} tapped this {tapped}")
    if trigger.whose == "opponents":
        return f"it triggers only when an opponent of {controller} taps a land for mana"
    return "its trigger condition doesn't match this tapping"  # pragma: no cover - no such card yet


def check_tap_answers(answers: Mapping[str, object], cases: Mapping[str, TapCase]) -> Report:
    """Grade mana answers (``"{B}{B}"``, ``"BB"``, ``"nothing"``: see
    :func:`~mtgkit.grading.read_mana`); an answer is right if some legal choice gives it."""
    return grade_answers(answers, cases, TapCase.grader)


def tap_walk(alice: Sequence[str], bob: Sequence[str], source: int) -> ChoiceWalk:
    """Every legal way Alice's ``source``-th permanent can be tapped for its first mana ability,
    for the learner to walk through (the mana to choose, the order of replacement effects)."""
    g = mana_board(alice, bob)
    return ChoiceWalk(tap_outcomes(g, g.permanents("Alice")[source].id))


def _pool(o: Outcome) -> str:
    return show_mana(o.pool("Alice"))


def tap_check(walk: ChoiceWalk, path: Sequence[Answer], predicted: object) -> Check:
    """A predicted pool (symbols in any order, or ``"nothing"``) next to the pool the learner's
    choices give. The reason cites the rules of the event that made (or didn't make) the mana;
    ``others`` lists what the other choices give. Raises
    :class:`~mtgkit.grading.Unreadable` when the prediction can't be read as mana.

    >>> walk = tap_walk(["Forest", "Mana Reflection"], ["Contamination"], 0)
    >>> path = walk.answer(walk.start, 0, ("Contamination", "Mana Reflection"))
    >>> c = tap_check(walk, path, "{B}{B}")
    >>> c.correct, c.engine, c.reason.rules
    (True, "Alice's pool is {B}{B}", ('106.4', '605.3b', '106.12b', '616.1'))
    >>> c.others
    '{B} if Alice orders the replacement effects: Mana Reflection then Contamination'
    """
    guess = read_mana(predicted)
    o = walk.outcome(path)
    pool = o.pool("Alice")
    made = [e for e in o.events if isinstance(e, ManaAdded | NoMana) and e.player == "Alice"]
    main = made[0]
    said = "; ".join(f"{e.text} ({cr(e.rules)})" for e in made)
    steps = [f"{e.text} ({cr(e.rules)})" for e in o.events if isinstance(e, ManaReplaced)]
    how = f"\nHow: {'; then '.join(steps)}." if steps else ""
    chose = f"\nAlice's choices: {o.choice_summary()}." if o.choices else ""
    holds = f"Alice's pool is {pool}" if pool else "Alice's pool is empty"
    text = f"{holds}: {said}.{how}{chose}"
    others = walk.alternatives(path, _pool)
    if guess != pool and any(a.startswith(f"{show_mana(guess)} if ") for a in others):
        holds += f" (your {show_mana(guess)} is what other choices give)"
    return Check(guess == pool, show_mana(guess), holds, Reason(text, main.rules, main.seq),
                 "; ".join(others))


# ----------------------------------------------------------------------- practice boards, and their model
Op = SetType | Multiply


class TapForMana(Situation):
    """'Alice taps this permanent for mana: what is in her pool?' With ``order`` the question
    fixes the order of the replacement effects (CR 616.1); without it, any order she could
    choose counts."""

    topic: ClassVar[TopicName] = "tapping"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = tuple(Mistake)
    exclusive: ClassVar[frozenset[frozenset[str]]] = frozenset(
        {frozenset({Mistake.PRINTED_ORDER, Mistake.REPLACEMENTS_LAST_IN_FIRST_OUT})})
    board: BoardSpec
    source: int = 0
    order: tuple[str, ...] | None = None

    def key(self) -> Hashable:
        return ("tap", self.board.key())

    def describe(self) -> str:
        return self.board.describe()

    def setup(self) -> tuple[Game, int]:
        g, ids = self.board.build()
        return g, ids[self.source]

    def effects(self) -> tuple[tuple[str, Op], ...]:
        """The replacement effects that apply, in the order they began to apply."""
        return _tap_effects(self.board, self.source)

    def outcomes(self, order: tuple[str, ...] | None | Literal["stem"] = "stem") -> Outcomes:
        """Every legal outcome (with ``order`` instead of the stem's when given)."""
        return _tap_outcomes(self, self.order if isinstance(order, str) else order)

    def legal(self) -> tuple[str, ...]:
        return tuple(self.outcomes().pools("Alice"))

    def explain(self) -> str:
        outs = self.outcomes().legal
        results = self.legal()
        if self.order is not None and len(self.order) > 1:
            head = f"Applying {', then '.join(self.order)}, Alice ends with {results[0]}."
        elif len(results) > 1:
            head = (f"Alice could end with {one_of(results)}: she makes the choices (the order of the "
                    f"replacement effects, CR 616.1, or which mana to add), and each choice gives one "
                    f"of these.")
        else:
            head = f"Alice ends with {results[0]}."
        lines = [head]
        seen: set[str] = set()
        for o in outs:
            pool = str(o.pool("Alice"))
            if pool in seen:
                continue
            seen.add(pool)
            lines.append("   " + tap_story(o))
        lines.append("What the engine did" + (" (first choice):" if len(results) > 1 else ":"))
        lines.append(event_lines(outs[0].events))
        return "\n".join(lines)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        effects = self.effects()
        ops = dict(effects)
        if Mistake.PRINTED_ORDER in held and len(effects) > 1:
            outs = _arrival_order_outcomes(self).legal  # the stem's order is ignored
        elif Mistake.REPLACEMENTS_LAST_IN_FIRST_OUT in held and self.order is not None:
            outs = self.outcomes(tuple(reversed(self.order))).legal
        else:
            outs = self.outcomes().legal
        found: dict[str, None] = {}
        for o in outs:
            for pool in sorted(_tap_pool(ops, o, held)):
                found[pool] = None
        return tuple(found)


@functools.lru_cache(maxsize=4096)
def _tap_effects(board: BoardSpec, source: int) -> tuple[tuple[str, Op], ...]:
    g, ids = board.build()
    o = g.obj(ids[source])
    return tuple((r.label, r.replacement.op) for r in g.mana_replacements(o, o.card.activated[0]))


@functools.lru_cache(maxsize=4096)
def _tap_outcomes(s: TapForMana, order: tuple[str, ...] | None) -> Outcomes:
    _, ref = s.setup()  # the same id in every fresh build
    return outcomes(lambda: s.board.build()[0], lambda game: game.activate(ref, order=order))


def tap_story(o: Outcome) -> str:
    """What happened to the mana, in plain words, from the typed events of one outcome."""
    bits: list[str] = []
    order = next((c.answer for c in o.choices if c.question == "order"), None)
    if isinstance(order, tuple):
        bits.append(f"with {', then '.join(order)}:")
    for e in o.events:
        if isinstance(e, ChoiceMade) and e.question == "mana":
            bits.append(f"Alice chooses {e.answer};")
        elif isinstance(e, ManaReplaced):
            bits.append(f"{e.effect} turns {e.before} into {e.after} ({cr(e.rules)});")
        elif isinstance(e, ManaAdded) and e.tapped_for_mana:
            bits.append(f"Alice adds {e.mana};")
        elif isinstance(e, ManaAdded):
            bits.append(f"{e.obj}'s triggered mana ability adds {e.mana} (CR 106.12a, 605.4a; the "
                        f"replacement effects on the tapped permanent don't touch it);")
    return " ".join(bits) + f" her pool: {o.pool('Alice')}."


def triggered_mana(o: Outcome) -> list[ManaAdded]:
    """The mana added by triggered mana abilities (not by tapping) in an outcome."""
    return [e for e in o.events if isinstance(e, ManaAdded) and not e.tapped_for_mana]


def same_type_trigger(o: Outcome, e: ManaAdded) -> bool:
    """Does ``e`` come from a trigger that adds 'a type that land produced' (Heartbeat of Spring)?"""
    if e.obj_id is None:
        return False
    return any(isinstance(a, ManaTrigger) and isinstance(a.adds, SameTypeProduced)
               for a in o.game.obj(e.obj_id).card.abilities)


def _tap_pool(ops: Mapping[str, Any], o: Outcome, held: frozenset[str]) -> set[str]:
    """The pools a learner believes this outcome gives (several when a trigger's type is open);
    ``ops`` maps each replacement effect's label to what it does."""
    replaced = [e for e in o.events if isinstance(e, ManaReplaced)]
    order = [ops[e.effect] for e in replaced if e.effect in ops]
    extra = triggered_mana(o)
    base = o.pool("Alice")
    for e in extra:
        base = base - e.mana
    if replaced and held & {Mistake.CONTAMINATION_KEEPS_THE_AMOUNT, Mistake.SAME_EFFECTS_DONT_STACK}:
        base, applied = replaced[0].before, set()
        for op in order:
            if Mistake.SAME_EFFECTS_DONT_STACK in held and isinstance(op, Multiply) and op in applied:
                continue
            applied.add(op)
            if Mistake.CONTAMINATION_KEEPS_THE_AMOUNT in held and isinstance(op, SetType):
                op = SetType(op.mana_type)
            base = op.apply(base)
    if Mistake.REPLACED_MANA_TRIGGERS_NOTHING in held and replaced:
        return {str(base)}
    choices: list[list[Mana]] = []
    for e in extra:
        mana = e.mana
        options = [mana]
        if Mistake.TRIGGER_COPIES_PRINTED_MANA in held and same_type_trigger(o, e) and replaced:
            options = [Mana.of(t) for t in sorted(replaced[0].before.types)]
        new: list[Mana] = []
        for m in options:
            for op in order:
                if isinstance(op, Multiply) and Mistake.REFLECTION_DOUBLES_TRIGGERED_MANA in held:
                    m = op.apply(m)
                elif isinstance(op, SetType) and Mistake.REPLACEMENT_CHANGES_TRIGGERED_MANA in held:
                    m = op.apply(m)
            new.append(m)
        choices.append(new)
    pools: set[str] = set()
    for combo in itertools.product(*choices):
        total = base
        for m in combo:
            total = total + m
        pools.add(str(total))
    return pools


class ArrivalOrder(BranchingChooser):
    """The chooser of a learner who thinks replacement effects apply in the order their
    permanents arrived: every other choice still branches, the order never does."""

    def order(self, player: str, question: str, items: Sequence[str]) -> list[str]:
        return list(items)  # the engine lists them in the order they began to apply


@functools.lru_cache(maxsize=4096)
def _arrival_order_outcomes(s: TapForMana) -> Outcomes:
    _, ref = s.setup()
    return outcomes(lambda: s.board.build()[0], lambda game: game.activate(ref), branching=ArrivalOrder)


# ----------------------------------------------------------------------------- misconceptions
def _board(*perms: Perm) -> BoardSpec:
    return BoardSpec(tuple(perms))


_ALICE_FOREST_REFLECTION_BOB_CONTAMINATION = _board(
    Perm("Forest"), Perm("Mana Reflection"), Perm("Contamination", "Bob"))
_WILD_GROWTH_CONTAMINATION = _board(Perm("Forest"), Perm("Wild Growth", attached_to=0),
                                    Perm("Contamination", "Bob"))

MISCONCEPTIONS: tuple[Misconception, ...] = (
    Misconception(
        Mistake.PRINTED_ORDER, "tapping",
            "replacement effects apply in the order they arrived",
        "Replacement effects on mana apply in the order their permanents came into play, not in "
        "an order the player chooses.",
        "616.1", "When several replacement effects would change the same event, the affected player "
        "(here the player tapping the permanent) chooses which one to apply first, then the next.",
        "chooser", TapForMana(_ALICE_FOREST_REFLECTION_BOB_CONTAMINATION, 0,
                              ("Contamination", "Mana Reflection")),
        "Alice applies Contamination first, then Mana Reflection: what is in her pool?"),
    Misconception(
        Mistake.REPLACEMENTS_LAST_IN_FIRST_OUT, "tapping",
            "replacement effects stack like spells",
        "Replacement effects resolve like the stack: the one chosen first is applied last.",
        "616.1", "The affected player applies the replacement effect chosen first, first; then "
        "picks among the ones still applicable. Nothing uses the stack.",
        "inputs", TapForMana(_ALICE_FOREST_REFLECTION_BOB_CONTAMINATION, 0,
                              ("Mana Reflection", "Contamination")),
        "Alice applies Mana Reflection first, then Contamination: what is in her pool?"),
    Misconception(
        Mistake.REFLECTION_DOUBLES_TRIGGERED_MANA, "tapping",
            "Mana Reflection doubles triggered mana",
        "Mana Reflection also doubles the extra mana that Heartbeat of Spring or Wild Growth adds.",
        "106.12b", "An 'if tapped for mana' replacement effect changes only the mana the tapped "
        "permanent's own ability makes; a triggered mana ability's mana comes afterwards, from "
        "another ability (CR 605.4a), so it isn't doubled.",
        "outputs", TapForMana(_board(Perm("Forest"), Perm("Heartbeat of Spring"),
                                     Perm("Mana Reflection"))),
        "Alice taps her Forest for mana: what is in her pool?"),
    Misconception(
        Mistake.REPLACEMENT_CHANGES_TRIGGERED_MANA, "tapping",
            "Contamination changes triggered mana too",
        "Contamination turns the extra mana from Wild Growth or Heartbeat of Spring into {B} as well.",
        "106.12b", "An 'if tapped for mana' replacement effect changes only the mana the tapped land "
        "makes; the extra mana of a triggered mana ability isn't that mana, so it keeps its type.",
        "outputs", TapForMana(_WILD_GROWTH_CONTAMINATION),
        "Alice taps her Forest for mana: what is in her pool?"),
    Misconception(
        Mistake.REPLACED_MANA_TRIGGERS_NOTHING, "tapping",
            "replaced mana triggers nothing",
        "Once Contamination replaces a land's mana, the land wasn't really 'tapped for mana', so "
        "Wild Growth and Heartbeat of Spring don't trigger.",
        "106.12a", "'Whenever a land is tapped for mana' triggers when the mana ability resolves and "
        "makes mana, whatever mana a replacement effect turned it into. A replaced event triggers "
        "nothing (CR 603.2g), but the modified event does happen and can trigger abilities "
        "(CR 614.6): the land is still tapped for mana, it just makes {B}.",
        "outputs", TapForMana(_WILD_GROWTH_CONTAMINATION),
        "Alice taps her Forest for mana: what is in her pool?"),
    Misconception(
        Mistake.TRIGGER_COPIES_PRINTED_MANA, "tapping",
            "Heartbeat copies the printed mana",
        "Heartbeat of Spring adds the mana the land makes on its card ({G} for a Forest), even "
        "when a replacement effect changed it.",
        "106.12a", "A trigger on a land tapped for mana sees the mana the ability really produced, "
        "after replacement effects: under Contamination a Forest produced {B}, so Heartbeat adds {B}.",
        "outputs", TapForMana(_board(Perm("Forest"), Perm("Heartbeat of Spring"),
                                     Perm("Contamination", "Bob"))),
        "Alice taps her Forest for mana: what is in her pool?"),
    Misconception(
        Mistake.CONTAMINATION_KEEPS_THE_AMOUNT, "tapping",
            "Contamination keeps the amount",
        "Contamination changes the type of the mana but keeps how much: {G}{G} becomes {B}{B}.",
        "614.1a", "A replacement effect replaces the event with exactly what it says: 'it produces "
        "{B} instead of any other type and amount' means exactly one {B}, however much it was.",
        "outputs", TapForMana(_ALICE_FOREST_REFLECTION_BOB_CONTAMINATION, 0,
                              ("Mana Reflection", "Contamination")),
        "Alice applies Mana Reflection first, then Contamination: what is in her pool?"),
    Misconception(
        Mistake.SAME_EFFECTS_DONT_STACK, "tapping",
            "two Mana Reflections double once",
        "Two Mana Reflections are the same effect, so the mana is doubled only once.",
        "616.1", "Each replacement effect applies to the event once, and every one that applies "
        "gets its turn (CR 616.1f): two Mana Reflections double and double again, four times the mana.",
        "outputs", TapForMana(_board(Perm("Forest"), Perm("Mana Reflection"), Perm("Mana Reflection"))),
        "Alice taps her Forest for mana: what is in her pool?"),
)


# ----------------------------------------------------------------------------- practice
_EFFECTS_EASY = ["Mana Reflection", "Contamination", "Heartbeat of Spring", "Wild Growth"]


_EFFECTS_HARD = _EFFECTS_EASY + ["Mana Flare", "Zendikar Resurgent", "Utopia Sprawl"]


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``: a land and one or two effects on tapping for mana (hard:
    two or three, and more kinds), maybe with the order of the replacement effects fixed."""
    land = rng.choice(["Forest", "Island", "Underground Sea"] if level == "easy"
                      else ["Forest", "Underground Sea", "Mystic Gate", "Swamp"])
    perms = [Perm(land)]
    names = rng.sample(_EFFECTS_EASY, rng.randint(1, 2)) if level == "easy" else \
        rng.sample(_EFFECTS_HARD, rng.randint(2, 3))
    if level == "hard" and rng.random() < 0.4:
        names.append("Mana Reflection")
    for name in names:
        if name in ("Wild Growth", "Utopia Sprawl"):
            if name == "Utopia Sprawl" and land != "Forest":
                continue
            perms.append(Perm(name, "Alice", attached_to=0,
                              color=rng.choice("WUBRG") if name == "Utopia Sprawl" else None))
        else:
            perms.append(Perm(name, rng.choice(["Alice", "Bob"])))
    s = TapForMana(BoardSpec(tuple(perms)))
    labels = [label for label, _ in s.effects()]
    distinct = {re.sub(r" #\d+$", "", label) for label in labels}
    if len(distinct) > 1 and rng.random() < 0.5:  # an order worth stating: different effects
        order = tuple(rng.sample(labels, len(labels)))
        s = s.replace(order=order)
        # Said by card name: two copies of one effect do the same thing, so which copy goes first
        # never matters (the engine's "#2" labels only tell them apart).
        said = ", then ".join(re.sub(r" #\d+$", "", label) for label in order)
        return s, Stem(
            (f"Alice taps her {land} for mana and applies the replacement effects in this order: "
             f"{said}. What is in her mana pool?",
             f"Alice taps her {land} for mana. She applies {said}, in that order. What does her "
             f"mana pool hold afterwards?"),
            lambda v: f"if Alice taps her {land} for mana and applies {said}, in that order, her "
                      f"mana pool holds exactly {v}.",
            "CR 106.12, 616.1")
    return s, Stem(
        (f"Alice taps her {land} for mana, making any choices herself. Which of these could her "
         f"mana pool hold afterwards?",
         f"Which of these is a mana pool Alice could end up with after tapping her {land} for mana?",
         f"Alice taps her {land} for mana. Which result is possible?"),
        lambda v: f"after tapping her {land} for mana, Alice could end up with exactly {v} in her "
                  f"mana pool.",
        "CR 106.12")


TOPIC = Topic(
    name="tapping",
    title="Tapping for mana: undefined mana, replacement effects and triggers (CR 106.5, 106.12)",
    notebooks=("02-undefined-mana", "04-tapped-for-mana"),
    situations=(TapForMana,),
    misconceptions=MISCONCEPTIONS,
    generate=generate,
)

__all__ = ["TOPIC", "ArrivalOrder", "Mistake", "TapCase", "TapForMana", "check_tap_answers", "generate",
           "replacement_orders", "same_type_trigger", "tap_check", "tap_outcomes", "tap_reason", "tap_result",
           "tap_story", "tap_walk", "triggered_mana"]
