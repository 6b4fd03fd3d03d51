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
from typing import Any, ClassVar, Literal

from ..abilities import (
    CreateEffect,
    ExtraMana,
    ManaReplacement,
    ManaTrigger,
    Multiply,
    SameTypeProduced,
    SetType,
    StaticReplacement,
)
from ..cards import card as lookup
from ..errors import RulesError
from ..events import (
    AbilityActivated,
    AbilityTriggered,
    ChoiceMade,
    Convoked,
    Event,
    ManaAdded,
    ManaReplaced,
    ManaSpent,
    NoMana,
    SpellCast,
    Untapped,
)
from ..game import Game
from ..grading import Report, grade_answers, one_of, read_mana, show_mana
from ..mana import Mana
from ..outcomes import Answer, BranchingChooser, Outcome, Outcomes, every_order, outcomes
from ..records import Value
from ..teaching import (
    Arrived,
    Check,
    ChoiceWalk,
    Explained,
    Grader,
    Piece,
    Play,
    Reason,
    Setup,
    Step,
    cr,
    event_lines,
)
from ..triggers import TappedForMana
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
)
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
    OPPONENTS_MANA_EFFECTS_APPLY_TO_ME = "opponents-mana-effects-apply-to-me"
    REFLECTION_DOUBLES_LANDS_ONLY = "reflection-doubles-lands-only"
    REFLECTION_DOUBLES_UNTAP_ABILITIES = "reflection-doubles-untap-abilities"
    NOTHING_TO_MAKE_CANT_ACTIVATE = "nothing-to-make-cant-activate"
    TAPPED_FOR_NOTHING_STILL_TRIGGERS = "tapped-for-nothing-still-triggers"
    REPLACEMENT_MAKES_MANA_FROM_NOTHING = "replacement-makes-mana-from-nothing"
    REPLACEMENT_EFFECTS_ARE_OPTIONAL = "replacement-effects-are-optional"
    CONVOKE_IS_TAPPING_FOR_MANA = "convoke-is-tapping-for-mana"
    TYPE_TRIGGER_CHECKS_PRINTED_TYPE = "type-trigger-checks-printed-type"
    REPLACEMENTS_CHECKED_ONCE = "replacements-checked-once"


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
    return every_order(labels)  # at most DEFAULT_CAP, refused before any is listed


def tap_outcomes(g: Game, ref: int, ability: int = 0, order: Sequence[str] | None = None) -> Outcomes:
    """Every legal way tapping ``ref`` for mana can turn out (``order`` fixed if given)."""
    return outcomes(g, lambda game: game.activate(ref, ability, order=order))


class TapCase(Value):
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
            said.append(f"{possessive(e.obj or '')} triggered mana ability adds {e.mana}{untouched} "
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

    def decisive(self) -> Reason | None:
        outs = self.outcomes().legal
        if len(self.legal()) != 1:
            return None
        deciding = [e for e in outs[0].events if isinstance(e, ManaReplaced | NoMana)]
        if len(deciding) != 1:
            return None
        e = deciding[0]
        return Reason(f"{e.text} ({cr(e.rules)}).", e.rules, e.seq)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        found: dict[str, None] = {}
        for board, source in _believed_boards(self, held):  # the inputs the learner changes
            s = self if (board, source) == (self.board, self.source) else self.replace(
                board=board, source=source, order=None)
            for pool in s._believe(held):
                found[pool] = None
        return tuple(found)

    def _believe(self, held: frozenset[str]) -> tuple[str, ...]:
        effects = self.effects()
        ops = dict(effects)
        if not self.outcomes().legal:
            return ()
        made = any(isinstance(e, ManaAdded) for e in self.outcomes().legal[0].events)
        if not made and Mistake.NOTHING_TO_MAKE_CANT_ACTIVATE in held:
            return (CANT,)
        if not made and Mistake.TAPPED_FOR_NOTHING_STILL_TRIGGERS in held:
            extra = _aura_mana(self.board, self.source)
            if extra:
                return (str(extra),)
        if not made and Mistake.REPLACEMENT_MAKES_MANA_FROM_NOTHING in held:
            types = [op for _, op in effects if isinstance(op, SetType)]
            if types:
                return tuple(dict.fromkeys(str(Mana.of(op.mana_type)) for op in types))
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


#: The answer of a learner who thinks the ability can't be activated at all.
CANT = "she can't activate it"


def _yours(card: str) -> bool:
    """Does the card's mana effect work only for its controller ("if you tap", "whenever you
    tap")? Mana Reflection, Zendikar Resurgent."""
    for a in lookup(card).abilities:
        if isinstance(a, StaticReplacement) and isinstance(a.replacement, ManaReplacement) \
                and a.replacement.whose == "you":
            return True
        if isinstance(a, ManaTrigger) and a.trigger.whose == "you":
            return True
    return False


def _believed_boards(s: TapForMana, held: frozenset[str]) -> list[tuple[BoardSpec, int]]:
    """The boards (and the source's index on each) a learner holding ``held`` thinks they are
    looking at: the misconceptions that change the question before the engine answers it."""
    board, source = s.board, s.source
    if Mistake.OPPONENTS_MANA_EFFECTS_APPLY_TO_ME in held:
        board = BoardSpec(tuple(p.replace(controller="Alice") if p.controller != "Alice" and _yours(p.card)
                                else p for p in board.permanents), board.players)
    return [(board, source)]


def _aura_mana(board: BoardSpec, source: int) -> Mana:
    """The extra mana the Auras on the source add when it is tapped for mana (Wild Growth's
    {G}, Utopia Sprawl's chosen color)."""
    total = Mana()
    for p in board.permanents:
        if p.attached_to == source:
            for a in lookup(p.card).abilities:
                if isinstance(a, ManaTrigger) and isinstance(a.adds, ExtraMana):
                    for m in a.adds.options(Mana(), p.color):
                        total = total + m
    return total


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
            bits.append(f"{possessive(e.obj or '')} triggered mana ability adds {e.mana} (CR 106.12a, "
                        f"605.4a; the "
                        f"replacement effects on the tapped permanent don't touch it);")
    return " ".join(bits) + f" her pool: {o.pool('Alice')}."


def triggered_mana(o: Outcome) -> list[ManaAdded]:
    """The mana added by triggered mana abilities (not by tapping) in an outcome."""
    return [e for e in o.events if isinstance(e, ManaAdded) and not e.tapped_for_mana]


def same_type_trigger(o: Outcome, e: ManaAdded) -> bool:
    """Does ``e`` come from a trigger that adds 'a type that land produced' (Heartbeat of Spring)?"""
    return _same_type(o.game, e)


def _tap_pool(ops: Mapping[str, Any], o: Outcome, held: frozenset[str]) -> set[str]:
    """The pools a learner believes this outcome gives (several when a trigger's type is open);
    ``ops`` maps each replacement effect's label to what it does."""
    source = next((e.obj_id for e in o.events if isinstance(e, AbilityActivated)), None)
    return {str(m) for m in _segment_pools(ops, o.events, o.pool("Alice"), o.game, held, source)}


def _segment_pools(ops: Mapping[str, Any], events: Sequence[Event], produced: Mana, game: Game,
                   held: frozenset[str], source: int | None = None) -> set[Mana]:
    """The mana a learner believes one activation for mana adds (``events``: the activation's
    events; ``produced``: the mana it really added; ``source``: the permanent tapped): the mana
    of the tap itself as they see it, plus each triggered mana ability's mana as they see it."""
    replaced = [e for e in events if isinstance(e, ManaReplaced)]
    order = [ops[e.effect] for e in replaced if e.effect in ops]
    extra = [e for e in events if isinstance(e, ManaAdded) and not e.tapped_for_mana]
    base = _believed_tap(ops, replaced, extra, produced, held)
    skipped: set[Mana] = set()
    drop = _left_out(held, game, source) if replaced else None
    if drop is not None and any(isinstance(op, drop) for op in order):
        # the learner's own way through the replacement effects: some of them left out
        mana = _applied([op for op in order if not isinstance(op, drop)], replaced[0].before)
        skipped.add(mana)
        if drop is Multiply:
            base = mana
    if Mistake.REPLACED_MANA_TRIGGERS_NOTHING in held and replaced:
        return {base}
    printed = replaced[0].before if replaced else base  # what the source made before any replacement
    # a trigger the learner thinks the printed mana set off, then each trigger that did
    choices = [[Mana.of(chosen)] for chosen in _typed_triggers(game, source, held, printed, extra)]
    choices += [_believed_trigger(e, order, game, held, printed, replaced) for e in extra]
    pools: set[Mana] = set()
    for start in {base} | skipped:
        for combo in itertools.product(*choices):
            total = start
            for m in combo:
                total = total + m
            pools.add(total)
    return pools


def _applied(ops: Sequence[Any], mana: Mana) -> Mana:
    for op in ops:
        mana = op.apply(mana)
    return mana


def _believed_tap(ops: Mapping[str, Any], replaced: Sequence[ManaReplaced], extra: Sequence[ManaAdded],
                  produced: Mana, held: frozenset[str]) -> Mana:
    """The mana the tap itself adds as the learner sees the replacement effects apply to it
    (the mana the triggers added is counted on its own)."""
    base = produced
    for e in extra:
        base = base - e.mana
    if replaced and held & {Mistake.CONTAMINATION_KEEPS_THE_AMOUNT, Mistake.SAME_EFFECTS_DONT_STACK}:
        base = _reapplied(ops, replaced, held)
    if replaced and Mistake.REPLACEMENTS_CHECKED_ONCE in held:
        # only the effects that applied to the mana as first produced: none looked at again (616.1f)
        first = replaced[0].before
        base = _applied([ops[r.effect] for r in replaced if r.effect in ops
                         and first.amount >= _min_amount(r.effect)], first)
    return base


def _reapplied(ops: Mapping[str, Any], replaced: Sequence[ManaReplaced], held: frozenset[str]) -> Mana:
    """The replacement effects applied again to the mana first produced, the learner's way: an
    effect that multiplies applied once however many copies (same-effects-dont-stack), a type
    set "instead" keeping the amount (contamination-keeps-the-amount)."""
    base, applied = replaced[0].before, set()
    for r in replaced:
        if r.effect not in ops:
            continue
        op = ops[r.effect]
        if Mistake.SAME_EFFECTS_DONT_STACK in held and isinstance(op, Multiply) and op in applied:
            continue
        applied.add(op)
        # (Contamination's and Pale Moon's "instead": not Damping Sphere's, which applies only to
        # an amount, so no learner thinks it keeps one)
        if Mistake.CONTAMINATION_KEEPS_THE_AMOUNT in held and isinstance(op, SetType) \
                and not _min_amount(r.effect):
            op = SetType(op.mana_type)
        base = op.apply(base)
    return base


def _left_out(held: frozenset[str], game: Game, source: int | None) -> type[SetType] | type[Multiply] | None:
    """The kind of replacement effect the learner leaves out: the ones that change the type
    (replacement-effects-are-optional), or Mana Reflection's doubling when the source isn't a
    land (reflection-doubles-lands-only; on a land the learner doubles it too)."""
    if Mistake.REPLACEMENT_EFFECTS_ARE_OPTIONAL in held:
        return SetType
    if Mistake.REFLECTION_DOUBLES_LANDS_ONLY in held and source is not None \
            and not game.obj(source).is_a("Land"):
        return Multiply
    return None


def _believed_trigger(e: ManaAdded, order: Sequence[Any], game: Game, held: frozenset[str], printed: Mana,
                      replaced: Sequence[ManaReplaced]) -> list[Mana]:
    """The mana a triggered mana ability added, as the learner sees it (one option each way
    they think it could go)."""
    options = [e.mana]
    if Mistake.TYPE_TRIGGER_CHECKS_PRINTED_TYPE in held and _of_chosen_color(game, e) \
            and not set(e.mana.types) & set(printed.types):
        options = [Mana()]  # its color wasn't printed on the land: no trigger, they think
    if Mistake.TRIGGER_COPIES_PRINTED_MANA in held and _same_type(game, e) and replaced:
        options = [Mana.of(t) for t in sorted(replaced[0].before.types)]
    new: list[Mana] = []
    for m in options:
        for op in order:
            if isinstance(op, Multiply) and Mistake.REFLECTION_DOUBLES_TRIGGERED_MANA in held:
                m = op.apply(m)
            elif isinstance(op, SetType) and Mistake.REPLACEMENT_CHANGES_TRIGGERED_MANA in held:
                m = op.apply(m)
        new.append(m)
    return new


def _min_amount(label: str) -> int:
    """The least amount of mana a replacement effect applies to (Damping Sphere: two), read
    from the card its label names."""
    card = re.sub(r" #\d+$", "", label)
    return max((a.replacement.min_amount for a in lookup(card).abilities if isinstance(a, StaticReplacement)
                and isinstance(a.replacement, ManaReplacement)), default=0)


def _of_chosen_color(game: Game, e: ManaAdded) -> bool:
    """Does ``e`` come from a trigger on mana of the color chosen (Gauntlet of Power)?"""
    return e.obj_id is not None and any(isinstance(a, ManaTrigger) and a.trigger.mana_of == "chosen color"
                                        for a in game.obj(e.obj_id).card.abilities)


def _typed_triggers(game: Game, source: int | None, held: frozenset[str], printed: Mana,
                    extra: Sequence[ManaAdded]) -> list[str]:
    """The colors of the 'tapped for mana of the chosen color' triggers (Gauntlet of Power) that
    didn't trigger, though the source's printed mana was of that color: a learner holding
    type-trigger-checks-printed-type thinks they did."""
    if Mistake.TYPE_TRIGGER_CHECKS_PRINTED_TYPE not in held or source is None:
        return []
    o = game.obj(source)
    fired = {e.obj_id for e in extra}
    out = []
    for p in game.permanents():
        for a in p.card.abilities:
            if isinstance(a, ManaTrigger) and a.trigger.mana_of == "chosen color" and p.id not in fired \
                    and p.chosen_color in printed.types and o.is_a("Land") \
                    and (a.trigger.scope != "basic land" or o.is_a("Basic")):
                out.append(p.chosen_color)
    return out


def _same_type(game: Game, e: ManaAdded) -> bool:
    return e.obj_id is not None and any(isinstance(a, ManaTrigger) and isinstance(a.adds, SameTypeProduced)
                                        for a in game.obj(e.obj_id).card.abilities)


class ArrivalOrder(BranchingChooser):
    """The chooser of a learner who thinks replacement effects apply in the order their
    permanents arrived: every other choice still branches, the order never does."""

    def order(self, player: str, question: str, items: Sequence[str]) -> list[str]:
        return list(items)  # the engine lists them in the order they began to apply


@functools.lru_cache(maxsize=4096)
def _arrival_order_outcomes(s: TapForMana) -> Outcomes:
    _, ref = s.setup()
    return outcomes(lambda: s.board.build()[0], lambda game: game.activate(ref), branching=ArrivalOrder)


# ----------------------------------------------------------------------- scenario questions
class ManaPlay(PlaySituation):
    """A tapping-for-mana scenario: a set-up and a short play sequence (a spell cast with some of
    the mana, Pale Moon resolving, lands and creatures tapped one after another, Pili-Pala paid
    for from the pool); what is in Alice's mana pool at the end? Any choice the steps leave
    open counts (the order of replacement effects)."""

    topic: ClassVar[TopicName] = "tapping"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = tuple(
        m for m in Mistake if m not in (Mistake.PRINTED_ORDER, Mistake.REPLACEMENTS_LAST_IN_FIRST_OUT))

    def key(self) -> Hashable:
        return ("mana play", self.play)

    def legal(self) -> tuple[str, ...]:
        return tuple(self.play.outcomes().pools("Alice"))

    def explain(self) -> str:
        outs = self.play.outcomes()
        results = self.legal()
        head = (f"Alice ends with {results[0]}." if len(results) == 1 else
                f"Alice could end with {one_of(results)}: the order of the replacement effects is hers "
                f"to choose (CR 616.1).")
        lines = [head]
        for o in outs:
            lines.append("   " + tap_story(o))
            if len(results) == 1:
                break
        lines += ["What the engine did:", event_lines(e for e in outs[0].events if isinstance(
            e, ChoiceMade | ManaReplaced | ManaAdded | NoMana | ManaSpent | SpellCast | Untapped | Convoked))]
        return "\n".join(lines)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        found: dict[str, None] = {}
        nothing = any(isinstance(e, NoMana) for o in self.play.outcomes() for e in o.events)
        if nothing and Mistake.NOTHING_TO_MAKE_CANT_ACTIVATE in held:
            return (CANT,)
        for play in _believed_plays(self.play, held):
            try:
                outs = play.outcomes()
            except RulesError:
                continue  # the learner's version of the sequence isn't legal: no answer from it
            for o in outs:
                for pool in _play_pools(o, held):
                    found[str(pool)] = None
        return tuple(found)


def _nothing_believed(g: Game, source: int, held: frozenset[str]) -> set[Mana]:
    """What a learner believes an activation that made no mana adds: what the source's Auras add
    (they think it still triggers), or the mana a type-setting replacement effect names (they
    think it makes mana from nothing), or nothing."""
    found: set[Mana] = set()
    if Mistake.TAPPED_FOR_NOTHING_STILL_TRIGGERS in held:
        extra = Mana()
        for aura in g.permanents():
            if aura.attached_to == source:
                for a in aura.card.abilities:
                    if isinstance(a, ManaTrigger) and isinstance(a.adds, ExtraMana):
                        for m in a.adds.options(Mana(), aura.chosen_color):
                            extra = extra + m
        found.add(extra)
    if Mistake.REPLACEMENT_MAKES_MANA_FROM_NOTHING in held:
        o = g.obj(source)
        for r in g.mana_replacements(o, o.card.activated[0]):
            if isinstance(r.replacement.op, SetType):
                found.add(Mana.of(r.replacement.op.mana_type))
    return found or {Mana()}


def _convoke_mana(g: Game, events: Sequence[Event]) -> Mana:
    """The mana a learner who thinks convoking is tapping for mana believes Alice's 'whenever you
    tap a creature for mana' triggers (Leyline of Abundance) added for her convoked creatures."""
    total = Mana()
    for e in events:
        if isinstance(e, Convoked) and e.player == "Alice":
            for p in g.permanents("Alice"):
                for a in p.card.abilities:
                    if isinstance(a, ManaTrigger) and a.trigger.scope == "creature" \
                            and isinstance(a.adds, ExtraMana) and a.adds.mana is not None:
                        total = total + a.adds.mana
    return total


def _believed_plays(play: Play, held: frozenset[str]) -> list[Play]:
    """The plays a learner holding ``held`` thinks they are looking at."""
    setup = play.setup
    if Mistake.OPPONENTS_MANA_EFFECTS_APPLY_TO_ME in held:
        setup = setup.replace(pieces=tuple(p.replace(player="Alice") if p.player != "Alice"
                                           and p.zone == "battlefield" and _yours(p.card) else p
                                           for p in setup.pieces))
    out = [play.replace(setup=setup)]
    if Mistake.REPLACEMENT_EFFECTS_ARE_OPTIONAL in held:  # as if no effect replaced the mana's type
        sets = [p for p in setup.pieces if any(
            isinstance(a, StaticReplacement) and isinstance(a.replacement, ManaReplacement)
            and isinstance(a.replacement.op, SetType) for a in lookup(p.card).abilities)]
        steps = tuple(s for s in play.steps if not (s.do == "cast" and any(
            isinstance(e, CreateEffect) and isinstance(e.replacement.op, SetType)
            for e in lookup(s.card).spell)))
        out.append(play.replace(setup=setup.replace(pieces=tuple(p for p in setup.pieces if p not in sets)),
                                steps=steps))
    return out


def _play_pools(o: Outcome, held: frozenset[str]) -> set[Mana]:
    """Alice's pool at the end of one outcome, as a learner holding ``held`` adds it up: each
    activation for mana (its events, up to the next action) as the learner believes it, minus the
    mana spent."""
    g = o.game
    ops = {re.sub(r" #\d+$", "", e.label): e.replacement.op for e in g.mana_effects()}
    segments: list[tuple[AbilityActivated, list[Event]]] = []
    spent = Mana()
    for e in o.events:
        if isinstance(e, AbilityActivated) and e.player == "Alice" and e.mana_ability:
            segments.append((e, []))
        if isinstance(e, ManaSpent) and e.player == "Alice":
            spent = spent + e.mana
        elif segments:
            segments[-1][1].append(e)
    reflected = any(p.name == "Mana Reflection" and p.controller == "Alice" for p in g.permanents())
    options: list[set[Mana]] = []
    for activated, events in segments:
        made = Mana()
        for e in events:
            if isinstance(e, ManaAdded) and e.player == "Alice":
                made = made + e.mana
        if not made and any(isinstance(e, NoMana) for e in events) and activated.obj_id is not None:
            options.append(_nothing_believed(g, activated.obj_id, held))
            continue
        label_ops = {e.effect: ops.get(re.sub(r" #\d+$", "", e.effect)) for e in events
                     if isinstance(e, ManaReplaced)}
        pools = _segment_pools({k: v for k, v in label_ops.items() if v is not None}, events, made, g, held,
                               activated.obj_id)
        ab = g.obj(activated.obj_id).card.activated[activated.ability] if activated.obj_id else None
        if Mistake.REFLECTION_DOUBLES_UNTAP_ABILITIES in held and reflected and ab is not None \
                and not ab.cost.tap:
            pools = {m + m for m in pools}
        options.append(pools)
    if Mistake.CONVOKE_IS_TAPPING_FOR_MANA in held:
        options.append({_convoke_mana(g, o.events)})
    found: set[Mana] = set()
    for combo in itertools.product(*options):
        total = Mana()
        for m in combo:
            total = total + m
        try:
            found.add(total - spent)
        except ValueError:
            continue  # the learner's mana couldn't have paid: no answer from this one
    return found



# ----------------------------------------------------------------------- scenario templates
def pili_play(*, reflection: bool = True, bob: Sequence[str] = (), color: str = "U",
              heartbeat: bool = False) -> Play:
    """Alice's postcombat main phase: Pili-Pala is tapped (it attacked). She taps her Forest, then
    her Llanowar Elves, then activates Pili-Pala, paying {2} from her pool and {Q}."""
    pieces = [Piece("Forest"), Piece("Llanowar Elves"), Piece("Pili-Pala", tapped=True)]
    pieces += [Piece("Mana Reflection")] if reflection else []
    pieces += [Piece("Heartbeat of Spring", "Bob")] if heartbeat else []
    pieces += [Piece(c, "Bob") for c in bob]
    steps = (Step("activate", "Alice taps her Forest for mana.", card="Forest"),
             Step("activate", "She taps her Llanowar Elves for mana.", card="Llanowar Elves"),
             Step("activate", f"She activates Pili-Pala, paying {{2}} from her pool and {{Q}} (untapping "
                  f"it), and chooses {_COLOR_WORD[color]}.", card="Pili-Pala", color=color))
    return Play(Setup(pieces=tuple(pieces), step="main2"), steps)


_COLOR_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def elves_play(*, hysteria: str = "Alice", alice: Sequence[str] = (), bob: Sequence[str] = ()) -> Play:
    """With a Mass Hysteria under ``hysteria``'s control, Alice taps a Forest to cast Llanowar
    Elves, taps her other Forest, then taps the Elves (haste lets it)."""
    pieces = [Piece("Forest"), Piece("Forest"), Piece("Llanowar Elves", zone="hand"),
              Piece("Mass Hysteria", hysteria)]
    pieces += [Piece(c) for c in alice] + [Piece(c, "Bob") for c in bob]
    steps = (Step("cast", "Alice taps a Forest and casts Llanowar Elves; it resolves.", card="Llanowar Elves",
                  pay=("Forest",)),
             Step("resolve_stack", ""),
             Step("activate", "She taps her other Forest for mana.", card="Forest 2"),
             Step("activate", "She taps the Elves for mana (Mass Hysteria gives them haste).",
                  card="Llanowar Elves"))
    return Play(Setup(pieces=tuple(pieces)), steps)


def pale_moon_play(land: str = "Underground Sea", *, choice: str = "{U}", alice: Sequence[str] = (),
                   forest: bool = True) -> Play:
    """In Alice's upkeep Bob casts Pale Moon; in her main phase she taps ``land`` (choosing
    ``choice``) and then her Forest."""
    extras = [Piece(c, attached_to=land) if c == "Wild Growth" else Piece(c) for c in alice]
    pieces = [Piece(land), *([Piece("Forest")] if forest else []), *extras,
              Piece("Island", "Bob"), Piece("Island", "Bob"), Piece("Pale Moon", "Bob", "hand")]
    steps = [Step("pass", "", player="Alice"),
             Step("cast", "In Alice's upkeep, after she passes priority, Bob taps two Islands and casts "
                  "Pale Moon; it resolves.", card="Pale Moon", pay=("Island", "Island 2")),
             Step("resolve", ""),
             Step("advance", "", to="main1"),
             Step("activate", f"In her precombat main phase Alice taps {land} for mana"
                  + (f", choosing {choice}." if land == "Underground Sea" else "."),
                  card=land, choice=choice if land == "Underground Sea" else "")]
    if forest:
        steps.append(Step("activate", "Then she taps her Forest for mana.", card="Forest"))
    return Play(Setup(pieces=tuple(pieces), step="upkeep"), tuple(steps))


def gauntlet_play(color: str = "B", *, contamination: bool = True, reflection: bool = False,
                  elves: bool = False) -> Play:
    """Alice controls Gauntlet of Power (``color`` chosen), a Forest and a Swamp (and Llanowar
    Elves, Mana Reflection); Bob maybe Contamination. She taps the Forest, then the Swamp (then the
    Elves)."""
    pieces = [Piece("Forest"), Piece("Swamp"), Piece("Gauntlet of Power", color=color)]
    pieces += [Piece("Llanowar Elves")] if elves else []
    pieces += [Piece("Mana Reflection")] if reflection else []
    pieces += [Piece("Contamination", "Bob")] if contamination else []
    steps = [Step("activate", "Alice taps her Forest for mana.", card="Forest"),
             Step("activate", "Then she taps her Swamp for mana.", card="Swamp")]
    if elves:
        steps.append(Step("activate", "Then she taps her Llanowar Elves for mana.", card="Llanowar Elves"))
    return Play(Setup(pieces=tuple(pieces)), tuple(steps))


def sphere_play(*, lands: int = 2, heartbeat: bool = False) -> Play:
    """Alice controls Mana Reflection and ``lands`` Forests; Bob controls Damping Sphere (and maybe
    Heartbeat of Spring). She taps her Forests one after another."""
    forests = ["Forest"] + [f"Forest {i}" for i in range(2, lands + 1)]
    pieces = [Piece("Forest") for _ in forests] + [Piece("Mana Reflection"), Piece("Damping Sphere", "Bob")]
    pieces += ([Piece("Heartbeat of Spring", "Bob")] if heartbeat else [])
    words = ["Alice taps a Forest for mana, making any choices herself.",
             "Then she taps another Forest for mana.", "Then her third Forest."]
    steps = tuple(Step("activate", words[i], card=f) for i, f in enumerate(forests))
    return Play(Setup(pieces=tuple(pieces)), steps)


def convoke_play(*, reflection: bool = False, fresh: bool = False, bob: Sequence[str] = ()) -> Play:
    """Alice controls Leyline of Abundance, a Forest, two Mountains, Llanowar Elves (cast this turn
    with ``fresh``) and Grizzly Bears (and Mana Reflection). She taps the Forest for mana, then
    casts Stoke the Flames at Bob with the Mountains, convoking with the Elves and the Bears."""
    arrived: Arrived = "this turn" if fresh else "last turn"
    pieces = [Piece("Forest"), Piece("Mountain"), Piece("Mountain"), Piece("Llanowar Elves", arrived=arrived),
              Piece("Grizzly Bears"), Piece("Leyline of Abundance"), Piece("Stoke the Flames", zone="hand")]
    pieces += ([Piece("Mana Reflection")] if reflection else []) + [Piece(c, "Bob") for c in bob]
    steps = (Step("activate", "Alice taps her Forest for mana.", card="Forest"),
             Step("cast", "She taps two Mountains and casts Stoke the Flames targeting Bob, tapping "
                  "Llanowar Elves and Grizzly Bears for convoke to pay its {2}; the mana from the "
                  "Mountains pays {R}{R}.", card="Stoke the Flames", target="Bob",
                  pay=("Mountain", "Mountain 2"), convoke=("Llanowar Elves", "Grizzly Bears")))
    return Play(Setup(pieces=tuple(pieces)), steps)


# ----------------------------------------------------------------------------- misconceptions
def _board(*perms: Perm) -> BoardSpec:
    return BoardSpec(tuple(perms))


_ALICE_FOREST_REFLECTION_BOB_CONTAMINATION = _board(
    Perm("Forest"), Perm("Mana Reflection"), Perm("Contamination", "Bob"))
_WILD_GROWTH_CONTAMINATION = _board(Perm("Forest"), Perm("Wild Growth", attached_to=0),
                                    Perm("Contamination", "Bob"))

def _tap_once(*pieces: Piece, source: str = "Forest") -> ManaPlay:
    """One activation for mana: Alice taps ``source`` (a misconception's smallest board)."""
    return ManaPlay(Play(Setup(pieces=pieces), (Step("activate", f"Alice taps her {source} for mana.",
                                                     card=source),)))


MISCONCEPTIONS: tuple[Misconception, ...] = (
    Misconception(
        name=Mistake.PRINTED_ORDER,
        topic="tapping",
        title="replacement effects apply in the order they arrived",
        description="Replacement effects on mana apply in the order their permanents came into play, not in "
                    "an order the player chooses.",
        rule="616.1",
        rule_says="When several replacement effects would change the same event, the affected player (here "
                  "the player tapping the permanent) chooses which one to apply first, then the next.",
        plugs_in="chooser",
        example=TapForMana(_ALICE_FOREST_REFLECTION_BOB_CONTAMINATION, 0,
                           ("Contamination", "Mana Reflection")),
        ask="Alice applies Contamination first, then Mana Reflection: what is in her pool?",
    ),
    Misconception(
        name=Mistake.REPLACEMENTS_LAST_IN_FIRST_OUT,
        topic="tapping",
        title="replacement effects stack like spells",
        description="Replacement effects resolve like the stack: the one chosen first is applied last.",
        rule="616.1",
        rule_says="The affected player applies the replacement effect chosen first, first; then picks among "
                  "the ones still applicable. Nothing uses the stack.",
        plugs_in="inputs",
        example=TapForMana(_ALICE_FOREST_REFLECTION_BOB_CONTAMINATION, 0,
                            ("Mana Reflection", "Contamination")),
        ask="Alice applies Mana Reflection first, then Contamination: what is in her pool?",
    ),
    Misconception(
        name=Mistake.REFLECTION_DOUBLES_TRIGGERED_MANA,
        topic="tapping",
        title="Mana Reflection doubles triggered mana",
        description="Mana Reflection also doubles the extra mana that Heartbeat of Spring or Wild Growth "
                    "adds.",
        rule="106.12b",
        rule_says="An 'if tapped for mana' replacement effect changes only the mana the tapped permanent's "
                  "own ability makes; a triggered mana ability's mana comes afterwards, from another "
                  "ability (CR 605.4a), so it isn't doubled.",
        plugs_in="outputs",
        example=TapForMana(_board(Perm("Forest"), Perm("Heartbeat of Spring"),
                                  Perm("Mana Reflection"))),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.REPLACEMENT_CHANGES_TRIGGERED_MANA,
        topic="tapping",
        title="Contamination changes triggered mana too",
        description="Contamination turns the extra mana from Wild Growth or Heartbeat of Spring into {B} as "
                    "well.",
        rule="106.12b",
        rule_says="An 'if tapped for mana' replacement effect changes only the mana the tapped land makes; "
                  "the extra mana of a triggered mana ability isn't that mana, so it keeps its type.",
        plugs_in="outputs",
        example=TapForMana(_WILD_GROWTH_CONTAMINATION),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.REPLACED_MANA_TRIGGERS_NOTHING,
        topic="tapping",
        title="replaced mana triggers nothing",
        description="Once Contamination replaces a land's mana, the land wasn't really 'tapped for mana', "
                    "so Wild Growth and Heartbeat of Spring don't trigger.",
        rule="106.12a",
        rule_says="'Whenever a land is tapped for mana' triggers when the mana ability resolves and makes "
                  "mana, whatever mana a replacement effect turned it into. A replaced event triggers "
                  "nothing (CR 603.2g), but the modified event does happen and can trigger abilities (CR "
                  "614.6): the land is still tapped for mana, it just makes {B}.",
        plugs_in="outputs",
        example=TapForMana(_WILD_GROWTH_CONTAMINATION),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.TRIGGER_COPIES_PRINTED_MANA,
        topic="tapping",
        title="the extra mana copies the printed mana",
        description="Heartbeat of Spring, Mana Flare and Zendikar Resurgent add the mana the land makes on "
                    "its card ({G} for a Forest), even when a replacement effect changed it.",
        rule="106.12a",
        rule_says="A trigger on a land tapped for mana sees the mana the ability really produced, after "
                  "replacement effects: under Contamination a Forest produced {B}, so Heartbeat adds {B}.",
        plugs_in="outputs",
        example=TapForMana(_board(Perm("Forest"), Perm("Heartbeat of Spring"),
                                  Perm("Contamination", "Bob"))),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.CONTAMINATION_KEEPS_THE_AMOUNT,
        topic="tapping",
        title="Contamination keeps the amount",
        description="Contamination changes the type of the mana but keeps how much: {G}{G} becomes {B}{B}.",
        rule="614.1a",
        rule_says="A replacement effect replaces the event with exactly what it says: 'it produces {B} "
                  "instead of any other type and amount' means exactly one {B}, however much it was.",
        plugs_in="outputs",
        example=TapForMana(_ALICE_FOREST_REFLECTION_BOB_CONTAMINATION, 0,
                           ("Mana Reflection", "Contamination")),
        ask="Alice applies Mana Reflection first, then Contamination: what is in her pool?",
    ),
    Misconception(
        name=Mistake.SAME_EFFECTS_DONT_STACK,
        topic="tapping",
        title="two Mana Reflections double once",
        description="Two Mana Reflections are the same effect, so the mana is doubled only once.",
        rule="616.1",
        rule_says="Each replacement effect applies to the event once, and every one that applies gets its "
                  "turn (CR 616.1f): two Mana Reflections double and double again, four times the mana.",
        plugs_in="outputs",
        example=TapForMana(_board(Perm("Forest"), Perm("Mana Reflection"), Perm("Mana Reflection"))),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.OPPONENTS_MANA_EFFECTS_APPLY_TO_ME,
        topic="tapping",
        title="an opponent's Mana Reflection helps me",
        description="Mana Reflection and Zendikar Resurgent work for every player who taps a permanent for "
                    "mana, whoever controls them.",
        rule="106.12b",
        rule_says="Each card does what its words say: 'if you tap' and 'whenever you tap' are about its "
                  "controller only (unlike Heartbeat of Spring's 'a player'), so Bob's Mana Reflection "
                  "doesn't touch Alice's mana.",
        plugs_in="inputs",
        example=TapForMana(_board(Perm("Forest"), Perm("Mana Reflection", "Bob"))),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.REFLECTION_DOUBLES_LANDS_ONLY,
        topic="tapping",
        title="Mana Reflection doubles only lands",
        description="Like Heartbeat of Spring, Mana Reflection is about lands, so Llanowar Elves' mana "
                    "isn't doubled.",
        rule="106.12b",
        rule_says="Mana Reflection says 'a permanent': any permanent its controller taps for mana, a "
                  "creature such as Llanowar Elves included.",
        plugs_in="outputs",
        example=TapForMana(_board(Perm("Llanowar Elves"), Perm("Mana Reflection"))),
        ask="Alice taps her Llanowar Elves for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.REFLECTION_DOUBLES_UNTAP_ABILITIES,
        topic="tapping",
        title="Mana Reflection doubles abilities without {T}",
        description="Mana Reflection doubles any mana a permanent's ability makes, such as Pili-Pala's {2}, "
                    "{Q} ability.",
        rule="106.12",
        rule_says="To tap a permanent for mana is to activate a mana ability with {T} in its cost. "
                  "Pili-Pala's ability untaps it instead, so it isn't tapped for mana and Mana Reflection "
                  "(CR 106.12b) doesn't apply.",
        plugs_in="outputs",
        example=ManaPlay(pili_play()),
        ask="What is in Alice's pool at the end?",
    ),
    Misconception(
        name=Mistake.NOTHING_TO_MAKE_CANT_ACTIVATE,
        topic="tapping",
        title="an ability that would make nothing can't be activated",
        description="If a mana ability would make no mana (Gaea's Cradle with no creatures, Exotic Orchard "
                    "with nothing to copy), it can't be activated.",
        rule="605.2",
        rule_says="It is still a mana ability: it can be activated and its cost paid (the permanent becomes "
                  "tapped), and it adds no mana.",
        plugs_in="outputs",
        example=TapForMana(_board(Perm("Gaea's Cradle"))),
        ask="Alice taps her Gaea's Cradle for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.TAPPED_FOR_NOTHING_STILL_TRIGGERS,
        topic="tapping",
        title="tapping for no mana still triggers",
        description="'Whenever enchanted land is tapped for mana' triggers whenever its mana ability is "
                    "activated, even if it made nothing.",
        rule="106.12a",
        rule_says="Such a trigger waits for the mana ability to resolve and produce mana: an Exotic Orchard "
                  "with nothing to copy makes no mana, so Wild Growth adds none.",
        plugs_in="outputs",
        example=TapForMana(_board(Perm("Exotic Orchard"), Perm("Wild Growth", attached_to=0),
                                  Perm("Wastes", "Bob"))),
        ask="Alice taps her Exotic Orchard for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.REPLACEMENT_MAKES_MANA_FROM_NOTHING,
        topic="tapping",
        title="Contamination turns no mana into {B}",
        description="Contamination's 'produces {B} instead of any other type and amount' gives {B} even "
                    "when the land would have made nothing.",
        rule="106.12b",
        rule_says="An 'if tapped for mana' replacement effect modifies the mana as it is produced; a land "
                  "that produces no mana has nothing to replace.",
        plugs_in="outputs",
        example=TapForMana(_board(Perm("Gaea's Cradle"), Perm("Contamination", "Bob"))),
        ask="Alice taps her Gaea's Cradle for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.REPLACEMENT_EFFECTS_ARE_OPTIONAL,
        topic="tapping",
        title="a replacement effect on my mana is optional",
        description="The player tapping the land chooses whether Contamination or Pale Moon applies, as "
                    "they choose the order.",
        rule="614.1a",
        rule_says="A replacement effect that applies must be applied unless its text says 'may'; the "
                  "affected player only chooses the order when several apply (CR 616.1).",
        plugs_in="outputs",
        example=TapForMana(_board(Perm("Forest"), Perm("Contamination", "Bob"))),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.CONVOKE_IS_TAPPING_FOR_MANA,
        topic="tapping",
        title="tapping for convoke is tapping for mana",
        description="A creature tapped to help cast a convoke spell was 'tapped for mana', so 'whenever you "
                    "tap a creature for mana' triggers: Leyline of Abundance adds {G} for each.",
        rule="106.12",
        rule_says="Only activating a mana ability with {T} in its cost is tapping a permanent for mana. "
                  "Convoke taps creatures as part of paying a spell's total cost (CR 702.51a): no mana "
                  "ability is activated and no mana is produced, so Leyline of Abundance doesn't trigger.",
        plugs_in="outputs",
        example=ManaPlay(convoke_play()),
        ask="What is in Alice's mana pool at the end?",
    ),
    Misconception(
        name=Mistake.TYPE_TRIGGER_CHECKS_PRINTED_TYPE,
        topic="tapping",
        title="'tapped for mana of a color' reads the printed mana",
        description="Gauntlet of Power's 'whenever a basic land is tapped for mana of the chosen color' "
                    "asks what the land makes on its card (a Forest: green), not what it really produced.",
        rule="106.12a",
        rule_says="An ability that triggers when a permanent is tapped for mana of a specified type looks "
                  "at the mana the mana ability really produced, after replacement effects: under "
                  "Contamination a Forest produces {B}, so a Gauntlet of Power on black triggers and adds "
                  "{B}.",
        plugs_in="outputs",
        example=_tap_once(Piece("Forest"), Piece("Gauntlet of Power", color="B"),
                          Piece("Contamination", "Bob")),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.REPLACEMENTS_CHECKED_ONCE,
        topic="tapping",
        title="replacements that apply only after another one are skipped",
        description="Which replacement effects apply is fixed when the land is tapped: one that applies "
                    "only once another has changed the event (Damping Sphere, after Mana Reflection made "
                    "two mana) is ignored.",
        rule="616.1f",
        rule_says="After a replacement effect is applied, the effects that now apply are looked at again: "
                  "Mana Reflection makes the Forest's {G} into {G}{G}, two mana, so Damping Sphere now "
                  "applies (CR 106.12b) and the land produces {C} instead.",
        plugs_in="outputs",
        example=_tap_once(Piece("Forest"), Piece("Mana Reflection"), Piece("Damping Sphere", "Bob")),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
)



# ----------------------------------------------------------------------------- practice
_EFFECTS_EASY = ["Mana Reflection", "Contamination", "Heartbeat of Spring", "Wild Growth"]


_EFFECTS_HARD = _EFFECTS_EASY + ["Mana Flare", "Zendikar Resurgent", "Utopia Sprawl"]
#: What Alice may tap, besides a basic land: the permanents whose mana misconceptions differ on.
_SOURCES_EASY = ["Forest", "Forest", "Island", "Underground Sea", "Llanowar Elves", "Gaea's Cradle",
                 "Exotic Orchard"]
_SOURCES_HARD = ["Forest", "Underground Sea", "Mystic Gate", "Swamp", "Llanowar Elves", "Exotic Orchard"]
#: What the stem says about a source whose mana needs explaining.
_SOURCE_NOTES = {
    "Mystic Gate": " (she has no mana in her pool, so she uses its “{T}: Add {C}.” ability: she can't "
                   "pay for the other one)",
    "Gaea's Cradle": " (it adds {G} for each creature she controls)",
    "Exotic Orchard": " (it adds one mana of any color that a land an opponent controls could produce)",
}


def _tap_board_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    source = rng.choice(_SOURCES_EASY if level == "easy" else _SOURCES_HARD)
    perms = [Perm(source)]
    names = rng.sample(_EFFECTS_EASY, rng.randint(1, 2)) if level == "easy" else \
        rng.sample(_EFFECTS_HARD, rng.randint(2, 3))
    if level == "hard" and rng.random() < 0.4:
        names.append("Mana Reflection")
    land = lookup(source).is_a("Land")
    for name in names:
        if name in ("Wild Growth", "Utopia Sprawl"):
            if not land or (name == "Utopia Sprawl" and source != "Forest"):
                continue
            perms.append(Perm(name, "Alice", attached_to=0,
                              color=rng.choice("WUBRG") if name == "Utopia Sprawl" else None))
        else:
            perms.append(Perm(name, rng.choice(["Alice", "Bob"])))
    if source == "Exotic Orchard":
        perms += [Perm(rng.choice(["Forest", "Island", "Wastes", "Wastes"]), "Bob")]
    if source == "Gaea's Cradle" and rng.random() < 0.5:
        perms.append(Perm("Grizzly Bears"))
    s = TapForMana(BoardSpec(tuple(perms)))
    note = _SOURCE_NOTES.get(source, "")
    labels = [label for label, _ in s.effects()]
    distinct = {re.sub(r" #\d+$", "", label) for label in labels}
    if len(distinct) > 1 and rng.random() < 0.5:  # an order worth stating: different effects
        order = tuple(rng.sample(labels, len(labels)))
        s = s.replace(order=order)
        # Said by card name: two copies of one effect do the same thing, so which copy goes first
        # never matters (the engine's "#2" labels only tell them apart).
        said = ", then ".join(re.sub(r" #\d+$", "", label) for label in order)
        return s, Stem(
            (f"Alice taps her {source} for mana{note} and applies the replacement effects in this "
             f"order: {said}. What is in her mana pool?",
             f"Alice taps her {source} for mana{note}. She applies {said}, in that order. What does "
             f"her mana pool hold afterwards?"),
            lambda v: f"if Alice taps her {source} for mana and applies {said}, in that order, her "
                      f"mana pool holds exactly {v}.",
            "CR 106.12, 616.1")
    return s, Stem(
        (f"Alice taps her {source} for mana{note}, making any choices herself. Which of these could "
         f"her mana pool hold afterwards?",
         f"Which of these is a mana pool Alice could end up with after tapping her {source} for "
         f"mana{note}?",
         f"Alice taps her {source} for mana{note}. Which result is possible?"),
        lambda v: f"Alice can't activate her {possessive(source)} mana ability here." if v == CANT else
                  f"after tapping her {source} for mana, Alice could end up with exactly {v} in her "
                  f"mana pool.",
        "CR 106.12, 605.2")


def _mana_play_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    kind = rng.choice(["pili", "elves", "pale moon", "pale moon", "gauntlet", "sphere", "convoke"])
    bob_effects = ["Mana Reflection", "Zendikar Resurgent", "Heartbeat of Spring", "Mana Flare"]
    if kind == "pili":
        play = pili_play(reflection=rng.random() < 0.8, color=rng.choice("WUBR"),
                         heartbeat=rng.random() < 0.3,
                         bob=tuple(rng.sample(["Mana Reflection", "Zendikar Resurgent"], rng.randint(0, 1))))
    elif kind == "elves":
        play = elves_play(hysteria=rng.choice(["Alice", "Bob"]),
                          alice=("Mana Reflection",) if rng.random() < 0.4 else (),
                          bob=tuple(rng.sample(bob_effects, rng.randint(1, 2))))
    elif kind == "gauntlet":  # "tapped for mana of a specified type" (106.12a)
        contamination = rng.random() < 0.8  # else Mana Reflection: something that changes the mana
        play = gauntlet_play(rng.choice("BG"), contamination=contamination,
                             reflection=not contamination, elves=rng.random() < 0.3)
    elif kind == "sphere":  # a replacement for "a specified amount", looked at again (106.12b, 616.1f)
        play = sphere_play(lands=rng.choice([2, 2, 3]), heartbeat=rng.random() < 0.3)
    elif kind == "convoke":  # tapping for convoke isn't tapping for mana (106.12, 702.51)
        bob = tuple(rng.sample(["Mana Reflection", "Zendikar Resurgent"], rng.randint(0, 1)))
        play = convoke_play(reflection=rng.random() < 0.4, fresh=rng.random() < 0.5, bob=bob)
    else:
        land = rng.choice(["Underground Sea", "Underground Sea", "Exotic Orchard", "Mystic Gate"])
        play = pale_moon_play(land, choice=rng.choice(["{U}", "{B}"]),
                              alice=tuple(rng.sample(["Mana Reflection", "Heartbeat of Spring",
                                                      "Wild Growth"], rng.randint(1, 2))),
                              forest=rng.random() < 0.7)
    return ManaPlay(play), Stem(
        ("What is in Alice's mana pool at the end?", "After these steps, what does Alice's mana pool hold?"),
        lambda v: f"at the end, Alice's mana pool holds exactly {v}.", "CR 106.12, 106.12b, 616.1")


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``: a permanent Alice taps for mana with one or two effects
    (hard: two or three, and more kinds), maybe with the order of the replacement effects fixed;
    or a scenario (Pili-Pala paid for from the pool after a Forest and Llanowar Elves, Llanowar
    Elves given haste by a Mass Hysteria, Pale Moon cast in Alice's upkeep) asking what her pool
    holds at the end (mostly at the hard level)."""
    if rng.random() < (0.25 if level == "easy" else 0.8):
        return _mana_play_question(rng, level)
    return _tap_board_question(rng, level)


#: The notebooks that teach this topic, with their exercises (the course lists them by stem).
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        stem="02-undefined-mana",
        title="Undefined mana makes no mana (CR 106.5)",
        summary="an ability that would make mana of an undefined type makes none (CR 106.5)",
        exercises=(
            Exercise(number=1, check=check_tap_answers, answers=("answers1",), setup=("cases1",)),
            Exercise(number=2, check=check_tap_answers, answers=("answers2",), setup=("cases2",)),
        ),
    ),
    Lesson(
        stem="04-tapped-for-mana",
        title="Tapping for mana: triggers and replacement effects (CR 106.12)",
        summary="tapping for mana, its replacement effects and triggers (CR 106.12, 616.1, 605.4a)",
        exercises=(
            Exercise(number=1, check=check_tap_answers, answers=("answers1",), setup=("board", "cases1")),
            Exercise(number=2, check=check_tap_answers, answers=("answers2",), setup=("cases2",)),
        ),
    ),
)

TOPIC = Topic(
    name="tapping",
    title="Tapping for mana: undefined mana, replacement effects and triggers (CR 106.5, 106.12)",
    lessons=LESSONS,
    situations=(TapForMana, ManaPlay),
    misconceptions=MISCONCEPTIONS,
    generate=generate,
)

__all__ = ["TOPIC", "ArrivalOrder", "Mistake", "TapCase", "TapForMana", "check_tap_answers", "generate",
           "replacement_orders", "same_type_trigger", "tap_check", "tap_outcomes", "tap_reason", "tap_result",
           "tap_story", "tap_walk", "triggered_mana"]
