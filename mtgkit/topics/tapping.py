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
import random
import re
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from ..abilities import (
    ManaTrigger,
    Multiply,
    SameTypeProduced,
    SetType,
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
    PoolEmptied,
    SpellCast,
    Untapped,
)
from ..game import Game
from ..grading import Report, grade_answers, one_of, read_mana, show_mana
from ..mana import Mana
from ..outcomes import Answer, Outcome, Outcomes, every_order, outcomes
from ..records import Value
from ..replacement import AppliedReplacement, applies
from ..state import Obj
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
from ..variants import CR, Rules, asks
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
    MANA_STAYS_UNTIL_END_OF_TURN = "mana-stays-until-end-of-turn"


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
        if isinstance(e, ManaAdded) and _by_trigger(events, e) and e.player == player:
            trigger = next(t for t in events if isinstance(t, AbilityTriggered) and t.seq == e.cause)
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
        if isinstance(e, NoMana):
            return _no_mana_reason(outs[0].game, e)
        return Reason(f"{e.text} ({cr(e.rules)}).", e.rules, e.seq)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        """What tapping the source gives when played by the variants among ``held``."""
        return self.under(rules_held(held))

    def under(self, rules: Rules) -> tuple[str, ...]:
        """The pools tapping the source gives when the game is played by ``rules`` (a learner
        by whose rules the ability can't be activated says so)."""
        if not asks(rules, _tap_consulted(self)):
            return self.legal()  # it answers every decision the rules' play asked as the rules do
        outs = _tap_outcomes(self, self.order, rules)
        if not outs.legal and any(_cant(o.error) for o in outs):
            return (CANT,)
        return tuple(outs.legal.pools("Alice"))


def _no_mana_reason(game: Game, e: NoMana) -> Reason:
    """Why a tap that made no mana leaves the pool empty when effects watch it: the mana triggers
    that would see the tap need mana produced (CR 106.12a), the replacement effects that would
    apply have no mana to modify (106.12b); with neither, the event's own rule."""
    bits: list[str] = []
    rules: list[str] = []
    seen = _as_tapped_for_mana(game, e)
    watching = list(dict.fromkeys(p.name for p in game.permanents() for a in p.card.abilities
                                  if isinstance(a, ManaTrigger)
                                  and game.rules.mana_trigger_sees(game, a, seen, p) is not None))
    if watching:
        one = len(watching) == 1
        bits.append(f"{one_of(watching, last='and')} {'triggers' if one else 'trigger'} only when the "
                    f"ability produces mana, so {'it adds' if one else 'they add'} nothing (CR 106.12a)")
        rules.append("106.12a")
    act = game.events[e.cause - 1] if e.cause else None
    if isinstance(act, AbilityActivated) and e.obj_id is not None:
        o = game.obj(e.obj_id)
        replacing = list(dict.fromkeys(re.sub(r" #\d+$", "", r.label)
                                       for r in game.mana_replacements(o, o.card.activated[act.ability])))
        if replacing:
            verb = "modifies" if len(replacing) == 1 else "modify"
            bits.append(f"{one_of(replacing, last='and')} {verb} only mana being produced, and there is none "
                        f"(CR 106.12b)")
            rules.append("106.12b")
    text = f"{e.text} ({cr(e.rules)})" + "".join(f"; {b}" for b in bits)
    return Reason(text + ".", tuple(dict.fromkeys([*rules, *e.rules])), e.seq)


#: The answer of a learner who thinks the ability can't be activated at all.
CANT = "she can't activate it"


def _cant(error: RulesError | None) -> bool:
    """Is ``error`` the refusal of a mana ability that would add no mana (CR 605.1a, under rules
    that don't let it be activated)?"""
    return error is not None and error.rule == "605.1a"


@functools.lru_cache(maxsize=4096)
def _tap_effects(board: BoardSpec, source: int) -> tuple[tuple[str, Op], ...]:
    g, ids = board.build()
    o = g.obj(ids[source])
    return tuple((r.label, r.replacement.op) for r in g.mana_replacements(o, o.card.activated[0]))


@functools.lru_cache(maxsize=4096)
def _tap_consulted(s: TapForMana) -> frozenset[str]:
    """The decisions the engine asked tapping the source by the CR, over every outcome."""
    return frozenset(name for o in _tap_outcomes(s, s.order) for name in o.asked)


@functools.lru_cache(maxsize=4096)
def _tap_outcomes(s: TapForMana, order: tuple[str, ...] | None, rules: Rules = CR) -> Outcomes:
    _, ref = s.setup()  # the same id in every fresh build
    return outcomes(lambda: s.board.build(rules)[0], lambda game: game.activate(ref, order=order))


def tap_story(o: Outcome) -> str:
    """What happened to the mana, in plain words, from the typed events of one outcome: whose
    mana each event made (the player on the event), and whether a triggered mana ability or an
    activated one made it (the event's cause)."""
    bits: list[str] = []
    order = next((c.answer for c in o.choices if c.question == "order"), None)
    if isinstance(order, tuple):
        bits.append(f"with {', then '.join(order)}:")
    for e in o.events:
        if isinstance(e, ChoiceMade) and e.question == "mana":
            bits.append(f"{e.player} chooses {e.answer};")
        elif isinstance(e, ManaReplaced):
            bits.append(f"{e.effect} turns {e.before} into {e.after} ({cr(e.rules)});")
        elif isinstance(e, ManaAdded) and _by_trigger(o.events, e):
            bits.append(f"{possessive(e.obj or '')} triggered mana ability adds {e.mana} for {e.player} "
                        f"(CR 106.12a, 605.4a; the replacement effects on the tapped permanent don't "
                        f"touch it);")
        elif isinstance(e, ManaAdded) and e.tapped_for_mana:
            bits.append(f"{e.player} adds {e.mana};")
        elif isinstance(e, ManaAdded):
            bits.append(f"{possessive(e.obj or '')} activated mana ability adds {e.mana} for {e.player} "
                        f"(no {{T}} in its cost, so it isn't tapped for mana, CR 106.12);")
        elif isinstance(e, PoolEmptied):
            bits.append(f"{possessive(e.player or '')} unspent {e.mana} empties as the step ends (CR 106.4);")
    return " ".join(bits) + f" her pool: {o.pool('Alice')}."


def _by_trigger(events: Sequence[Event], e: ManaAdded) -> bool:
    """Did a triggered mana ability add ``e`` (its cause is the ability triggering)?"""
    return any(isinstance(t, AbilityTriggered) and t.seq == e.cause for t in events)


def triggered_mana(o: Outcome) -> list[ManaAdded]:
    """The mana added by triggered mana abilities (not by tapping, nor by an activated mana
    ability without {T}) in an outcome."""
    return [e for e in o.events if isinstance(e, ManaAdded) and _by_trigger(o.events, e)]


def same_type_trigger(o: Outcome, e: ManaAdded) -> bool:
    """Does ``e`` come from a trigger that adds 'a type that land produced' (Heartbeat of Spring)?"""
    return _same_type(o.game, e)


def _same_type(game: Game, e: ManaAdded) -> bool:
    return e.obj_id is not None and any(isinstance(a, ManaTrigger) and isinstance(a.adds, SameTypeProduced)
                                        for a in game.obj(e.obj_id).card.abilities)


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

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        return tuple(outs.pools("Alice"))

    def known(self) -> tuple[MisconceptionName | str, ...]:
        return _known(self)  # worked out once per play: it replays the play under each variant asked

    def under(self, rules: Rules) -> tuple[str, ...]:
        if not asks(rules, self.play.consulted()):
            return self.legal()  # it answers every decision the rules' play asked as the rules do
        return super().under(rules)

    def refused(self, error: RulesError) -> tuple[str, ...]:
        return (CANT,) if _cant(error) else ()


@functools.lru_cache(maxsize=1024)
def _known(s: ManaPlay) -> tuple[MisconceptionName | str, ...]:
    """The topic's own misconceptions, then every other registered variant overriding a decision
    the play asked by the rules (another topic's, such as summoning sickness on a tapped Elves).
    Unlike :meth:`PlaySituation.known` it doesn't replay the play under each of those to find
    the decisions they alone ask: every tapping variant is known here anyway, and the replays
    cost about a second a play."""
    own = tuple(type(s).misconceptions)
    return (*own, *(n for n in variants_asked(s.play.consulted()) if n not in own))


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


# ----------------------------------------------------------------------------- variants
# Each misconception is a wrong rule the engine can play by: a subclass of the rules overriding
# one decision point (mtgkit.variants), registered under its name. The same steps played by it
# give what a learner holding it predicts; a question's wrong options are those outcomes.
def _printed(g: Game, event: Event) -> Mana | None:
    """The mana a permanent tapped for ``event``'s mana made before any replacement effect changed
    it (``None`` when none did)."""
    if not isinstance(event, ManaAdded):
        return None
    for seq in event.links:
        e = g.events[seq - 1]
        if isinstance(e, ManaReplaced):
            return e.before
    return None


def _tapped_for_nothing(g: Game, event: Event) -> bool:
    """Is ``event`` a mana ability with {T} in its cost producing no mana (Gaea's Cradle with no
    creatures)?"""
    if not isinstance(event, NoMana) or event.cause is None or event.obj_id is None:
        return False
    act = g.events[event.cause - 1]
    if not isinstance(act, AbilityActivated) or not act.mana_ability:
        return False
    return g.obj(event.obj_id).card.activated[act.ability].cost.tap


def _as_tapped_for_mana(g: Game, event: Event) -> ManaAdded:
    """``event`` (a tap that made no mana, or a tap for convoke) seen as a permanent tapped for
    no mana at all: what a learner who counts it as "tapped for mana" sees."""
    assert event.obj_id is not None
    return ManaAdded(mana=Mana(), tapped_for_mana=True, obj_id=event.obj_id, obj=event.obj,
                     player=event.player or g.controller_of(event.obj_id), seq=event.seq)


def _tapped_replacements(g: Game, made: ManaAdded) -> list[AppliedReplacement]:
    """The replacement effects that apply to the permanent whose tapping made ``made``."""
    if made.obj_id is None or made.cause is None:
        return []
    act = g.events[made.cause - 1]
    if not isinstance(act, AbilityActivated):
        return []
    o = g.obj(made.obj_id)
    return g.mana_replacements(o, o.card.activated[act.ability])


@variant(Mistake.PRINTED_ORDER)
class ArrivalOrder(Rules):
    """Replacement effects apply in the order their permanents arrived, whatever the player says."""

    def replacement_order(self, g: Any, labels: Sequence[str], order: Sequence[str] | None
                          ) -> list[str] | None:
        super().replacement_order(g, labels, order)  # an order naming no effect is refused all the same
        return list(labels)


@variant(Mistake.REPLACEMENTS_LAST_IN_FIRST_OUT)
class LastInFirstOut(Rules):
    """The effect chosen first is applied last, like the stack."""

    def replacement_order(self, g: Any, labels: Sequence[str], order: Sequence[str] | None
                          ) -> list[str] | None:
        ranked = super().replacement_order(g, labels, order)
        return list(reversed(ranked)) if ranked is not None else None


@variant(Mistake.REFLECTION_DOUBLES_TRIGGERED_MANA)
class ReflectionDoublesTriggers(Rules):
    """An effect that doubles the tapped permanent's mana doubles its triggers' mana too."""

    def trigger_mana_replacements(self, g: Any, source: Obj, made: Any) -> list[Any]:
        return [*super().trigger_mana_replacements(g, source, made),
                *(r for r in _tapped_replacements(g, made) if isinstance(r.replacement.op, Multiply))]


@variant(Mistake.REPLACEMENT_CHANGES_TRIGGERED_MANA)
class TypeChangesTriggers(Rules):
    """An effect that changes the tapped permanent's mana type changes its triggers' mana too."""

    def trigger_mana_replacements(self, g: Any, source: Obj, made: Any) -> list[Any]:
        return [*super().trigger_mana_replacements(g, source, made),
                *(r for r in _tapped_replacements(g, made) if isinstance(r.replacement.op, SetType))]


@variant(Mistake.REPLACED_MANA_TRIGGERS_NOTHING)
class ReplacedManaTriggersNothing(Rules):
    """Mana a replacement effect changed sets off no "tapped for mana" trigger."""

    def mana_trigger_sees(self, g: Any, ability: Any, event: Any, source: Any) -> Any:
        if _printed(g, event) is not None:
            return None
        return super().mana_trigger_sees(g, ability, event, source)


@variant(Mistake.TRIGGER_COPIES_PRINTED_MANA)
class TriggerCopiesPrintedMana(Rules):
    """"One mana of any type that land produced" reads the mana before replacement effects."""

    def mana_trigger_sees(self, g: Any, ability: Any, event: Any, source: Any) -> Any:
        data = super().mana_trigger_sees(g, ability, event, source)
        printed = _printed(g, event)
        if data is None or printed is None or not isinstance(ability.adds, SameTypeProduced):
            return data
        return data.replace(produced=printed)


@variant(Mistake.CONTAMINATION_KEEPS_THE_AMOUNT)
class ContaminationKeepsTheAmount(Rules):
    """"{B} instead of any other type and amount" keeps the amount: Contamination's, and Damping
    Sphere's "{C} instead of any other type and amount" alike (the same words)."""

    def replaced_mana(self, g: Any, applied: Any, mana: Mana) -> Mana:
        op = applied.replacement.op
        if isinstance(op, SetType) and op.amount is not None:
            return Mana.of(op.mana_type, mana.amount)
        return super().replaced_mana(g, applied, mana)


@variant(Mistake.SAME_EFFECTS_DONT_STACK)
class SameEffectsDontStack(Rules):
    """A second copy of the same doubling effect adds nothing."""

    def replacement_applies_now(self, g: Any, applied: Any, mana: Mana, first: Mana,
                                done: Sequence[Any]) -> bool:
        if isinstance(applied.replacement.op, Multiply) and any(d.replacement == applied.replacement
                                                                  for d in done):
            return False
        return super().replacement_applies_now(g, applied, mana, first, done)


@variant(Mistake.OPPONENTS_MANA_EFFECTS_APPLY_TO_ME)
class OpponentsEffectsApplyToMe(Rules):
    """"If you tap" and "whenever you tap" work for every player's taps."""

    def mana_replacement_applies(self, g: Any, effect: Any, o: Obj, ability: Any) -> bool:
        if super().mana_replacement_applies(g, effect, o, ability):
            return True
        return bool(ability.taps_for_mana) and effect.replacement.whose == "you" \
            and applies(effect.replacement.replace(whose="any"), effect.controller, o)

    def mana_trigger_sees(self, g: Any, ability: Any, event: Any, source: Any) -> Any:
        if ability.trigger.whose == "you":
            ability = ability.replace(trigger=ability.trigger.replace(whose="any"))
        return super().mana_trigger_sees(g, ability, event, source)


@variant(Mistake.REFLECTION_DOUBLES_LANDS_ONLY)
class ReflectionDoublesLandsOnly(Rules):
    """Mana Reflection doubles only lands' mana."""

    def mana_replacement_applies(self, g: Any, effect: Any, o: Obj, ability: Any) -> bool:
        if isinstance(effect.replacement.op, Multiply) and not o.is_a("Land"):
            return False
        return super().mana_replacement_applies(g, effect, o, ability)


@variant(Mistake.REFLECTION_DOUBLES_UNTAP_ABILITIES)
class ReflectionDoublesUntapAbilities(Rules):
    """Any mana ability of a permanent is "tapping it for mana", {Q} too, as far as Mana Reflection
    goes."""

    def mana_replacement_applies(self, g: Any, effect: Any, o: Obj, ability: Any) -> bool:
        if isinstance(effect.replacement.op, Multiply) and ability.is_mana_ability and not ability.cost.tap:
            return applies(effect.replacement, effect.controller, o)
        return super().mana_replacement_applies(g, effect, o, ability)


@variant(Mistake.NOTHING_TO_MAKE_CANT_ACTIVATE)
class NothingToMakeCantActivate(Rules):
    """A mana ability that would make no mana can't be activated."""

    def may_activate_for_no_mana(self, g: Any, o: Obj, ability: Any) -> bool:
        return False


@variant(Mistake.TAPPED_FOR_NOTHING_STILL_TRIGGERS)
class TappedForNothingStillTriggers(Rules):
    """A tap that made no mana still sets off "tapped for mana" triggers."""

    def mana_trigger_sees(self, g: Any, ability: Any, event: Any, source: Any) -> Any:
        if _tapped_for_nothing(g, event):
            event = _as_tapped_for_mana(g, event)
        return super().mana_trigger_sees(g, ability, event, source)


@variant(Mistake.REPLACEMENT_MAKES_MANA_FROM_NOTHING)
class ReplacementMakesManaFromNothing(Rules):
    """A replacement effect that sets the type makes mana of it from no mana."""

    def replaces_no_mana(self, g: Any, o: Obj, ability: Any) -> bool:
        return True


@variant(Mistake.REPLACEMENT_EFFECTS_ARE_OPTIONAL)
class ReplacementsAreOptional(Rules):
    """The player tapping leaves out the effects that change the mana's type (she'd rather)."""

    def mana_replacement_applies(self, g: Any, effect: Any, o: Obj, ability: Any) -> bool:
        if isinstance(effect.replacement.op, SetType):
            return False
        return super().mana_replacement_applies(g, effect, o, ability)


@variant(Mistake.CONVOKE_IS_TAPPING_FOR_MANA)
class ConvokeIsTappingForMana(Rules):
    """A creature tapped for convoke was "tapped for mana"."""

    def mana_trigger_sees(self, g: Any, ability: Any, event: Any, source: Any) -> Any:
        if isinstance(event, Convoked):
            event = _as_tapped_for_mana(g, event)
        return super().mana_trigger_sees(g, ability, event, source)


@variant(Mistake.TYPE_TRIGGER_CHECKS_PRINTED_TYPE)
class TypeTriggerChecksPrintedType(Rules):
    """"Tapped for mana of the chosen color" reads the mana the land makes before replacements."""

    def mana_trigger_sees(self, g: Any, ability: Any, event: Any, source: Any) -> Any:
        printed = _printed(g, event)
        if ability.trigger.mana_of is not None and printed is not None:
            event = event.replace(mana=printed)
        return super().mana_trigger_sees(g, ability, event, source)


@variant(Mistake.REPLACEMENTS_CHECKED_ONCE)
class ReplacementsCheckedOnce(Rules):
    """Which replacement effects apply is fixed by the mana as first produced."""

    def replacement_applies_now(self, g: Any, applied: Any, mana: Mana, first: Mana,
                                done: Sequence[Any]) -> bool:
        return bool(applied.replacement.applies_to(first))


@variant(Mistake.MANA_STAYS_UNTIL_END_OF_TURN)
class ManaStaysUntilEndOfTurn(Rules):
    """Unspent mana stays in the pool until the turn ends."""

    def pools_empty(self, g: Any, step: str) -> bool:
        return step in ("end", "cleanup") and super().pools_empty(g, step)


_STEP_WORDS = {"upkeep": "upkeep", "draw": "draw step", "main1": "precombat main phase",
               "beginning_of_combat": "beginning of combat step", "main2": "postcombat main phase",
               "end": "end step"}


def empty_play(*, start: str = "upkeep", to: str = "main1", first: str = "Forest",
               then: str = "Llanowar Elves", alice: Sequence[str] = ("Wild Growth",),
               bob: Sequence[str] = ()) -> Play:
    """Alice taps ``first`` in her ``start`` step, moves on to ``to``, and taps ``then`` there:
    her mana pool empties between steps (CR 106.4). ``alice``'s Wild Growth enchants ``first``."""
    pieces = [Piece(first), Piece(then)]
    pieces += [Piece(c, attached_to=first) if c in ("Wild Growth", "Utopia Sprawl") else Piece(c)
               for c in alice]
    pieces += [Piece(c, "Bob") for c in bob]
    then_label = then if then != first else f"{then} 2"
    steps = (Step("activate", f"In her {_STEP_WORDS[start]}, Alice taps her {first} for mana.", card=first),
             Step("advance", f"She casts nothing and moves on to her {_STEP_WORDS[to]}.", to=to),
             Step("activate", f"There she taps her {then} for mana.", card=then_label))
    return Play(Setup(pieces=tuple(pieces), step=start), steps)


def deep_water_play(*, land: str = "Forest", alice: Sequence[str] = (), bob: Sequence[str] = (),
                    elves: bool = False) -> Play:
    """Alice taps an Island and activates Deep Water with its {U} ("until end of turn, if you tap a
    land you control for mana, it produces {U} instead of any other type"); once it resolves she
    taps ``land`` (and her Llanowar Elves, which aren't a land)."""
    pieces = [Piece("Island"), Piece(land), Piece("Deep Water")]
    pieces += [Piece(c, attached_to=land) if c in ("Wild Growth", "Utopia Sprawl") else Piece(c)
               for c in alice]
    pieces += [Piece("Llanowar Elves")] if elves else []
    pieces += [Piece(c, "Bob") for c in bob]
    steps = [Step("activate", "Alice taps her Island for mana.", card="Island"),
             Step("activate", "She activates Deep Water, paying {U} from her pool; Bob doesn't respond and "
                  "the ability resolves.", card="Deep Water"),
             Step("resolve", ""),
             Step("activate", f"She taps her {land} for mana.", card=land)]
    if elves:
        steps.append(Step("activate", "Then she taps her Llanowar Elves for mana.", card="Llanowar Elves"))
    return Play(Setup(pieces=tuple(pieces)), tuple(steps))


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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
        example=TapForMana(_board(Perm("Forest"), Perm("Heartbeat of Spring"),
                                  Perm("Contamination", "Bob"))),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.CONTAMINATION_KEEPS_THE_AMOUNT,
        topic="tapping",
        title="Contamination keeps the amount",
        description="Contamination (or Damping Sphere) changes the type of the mana but keeps how much: "
                    "{G}{G} becomes {B}{B}.",
        rule="614.1a",
        rule_says="A replacement effect replaces the event with exactly what it says: 'it produces {B} "
                  "instead of any other type and amount' means exactly one {B}, however much it was.",
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
        example=_tap_once(Piece("Forest"), Piece("Mana Reflection"), Piece("Damping Sphere", "Bob")),
        ask="Alice taps her Forest for mana: what is in her pool?",
    ),
    Misconception(
        name=Mistake.MANA_STAYS_UNTIL_END_OF_TURN,
        topic="tapping",
        title="unspent mana lasts the whole turn",
        description="Mana made in the upkeep is still in the pool in the main phase: a pool empties only "
                    "when the turn ends.",
        rule="106.4",
        rule_says="Every player's mana pool empties at the end of each step and phase: mana made in the "
                  "upkeep and not spent is gone by the draw step.",
        plugs_in="variant",
        example=ManaPlay(empty_play()),
        ask="What is in Alice's mana pool at the end?",
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


def _tap_board(rng: random.Random, level: Level) -> tuple[TapForMana, str]:
    """A random board: a permanent Alice taps, with one to three effects; and its source's name."""
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
    return TapForMana(BoardSpec(tuple(perms))), source


#: How a question asks about a board Alice taps once, its order stated ({said}) or hers to choose.
_ORDERED_ASKS = (
    "Alice taps her {source} for mana{note} and applies the replacement effects in this order: {said}. "
    "What is in her mana pool?",
    "Alice taps her {source} for mana{note}. She applies {said}, in that order. What does her mana pool "
    "hold afterwards?",
    "Alice chooses to apply {said}, in that order, when she taps her {source} for mana{note}. Which pool "
    "does she end with?",
)
_FREE_ASKS = (
    "Alice taps her {source} for mana{note}, making any choices herself. Which of these could her mana "
    "pool hold afterwards?",
    "Which of these is a mana pool Alice could end up with after tapping her {source} for mana{note}?",
    "Alice taps her {source} for mana{note}. Which result is possible?",
    "Nothing else happens: Alice just taps her {source} for mana{note}. What can her pool hold then?",
)


def _tap_board_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    s, source = _tap_board(rng, level)
    note = _SOURCE_NOTES.get(source, "")
    labels = [label for label, _ in s.effects()]
    distinct = {re.sub(r" #\d+$", "", label) for label in labels}
    if len(distinct) > 1 and rng.random() < 0.5:  # an order worth stating: different effects
        order = tuple(rng.sample(labels, len(labels)))
        s = s.replace(order=order)
        # Said by card name: two copies of one effect do the same thing, so which copy goes first
        # never matters (the engine's "#2" labels only tell them apart).
        said = ", then ".join(re.sub(r" #\d+$", "", label) for label in order)
        asks = tuple(a.format(source=source, note=note, said=said) for a in _ORDERED_ASKS)
        return s, Stem(tuple(rng.sample(asks, len(asks))),
                       lambda v: f"if Alice taps her {source} for mana and applies {said}, in that "
                                 f"order, her mana pool holds exactly {v}.",
                       _stem_rules(s.outcomes()))
    asks = tuple(a.format(source=source, note=note) for a in _FREE_ASKS)
    return s, Stem(
        tuple(rng.sample(asks, len(asks))),
        lambda v: f"Alice can't activate her {possessive(source)} mana ability here." if v == CANT else
                  f"after tapping her {source} for mana, Alice could end up with exactly {v} in her "
                  f"mana pool.",
        _stem_rules(s.outcomes()))


#: The events whose rules decide what a pool holds (a stem cites those of its own question).
_DECIDING = (ManaReplaced, NoMana, PoolEmptied, AbilityTriggered, Convoked, Untapped)


def _stem_rules(outs: Outcomes) -> str:
    """The rules a question's stem cites: tapping for mana (CR 106.12), and the rules of the
    events that decided its outcomes (replacement effects, mana triggers, no mana, pools
    emptying, convoke, {Q})."""
    rules = ["106.12"]
    for o in outs.legal:
        rules += [r for e in o.events if isinstance(e, _DECIDING) for r in e.rules]
    return cr(rules)


def _pili(rng: random.Random, level: Level) -> Play:
    return pili_play(reflection=rng.random() < 0.8, color=rng.choice("WUBR"), heartbeat=rng.random() < 0.3,
                     bob=tuple(rng.sample(["Mana Reflection", "Zendikar Resurgent"], rng.randint(0, 1))))


def _elves(rng: random.Random, level: Level) -> Play:
    bob_effects = ["Mana Reflection", "Zendikar Resurgent", "Heartbeat of Spring", "Mana Flare"]
    return elves_play(hysteria=rng.choice(["Alice", "Bob"]),
                      alice=("Mana Reflection",) if rng.random() < 0.4 else (),
                      bob=tuple(rng.sample(bob_effects, rng.randint(1, 2))))


def _gauntlet(rng: random.Random, level: Level) -> Play:  # "tapped for mana of a specified type" (106.12a)
    contamination = rng.random() < 0.8  # else Mana Reflection: something that changes the mana
    return gauntlet_play(rng.choice("BG"), contamination=contamination, reflection=not contamination,
                         elves=rng.random() < 0.3)


def _sphere(rng: random.Random, level: Level) -> Play:  # "a specified amount", looked at again (616.1f)
    return sphere_play(lands=rng.choice([2, 2, 3]), heartbeat=rng.random() < 0.3)


def _convoke(rng: random.Random, level: Level) -> Play:  # convoke isn't tapping for mana (106.12, 702.51)
    bob = tuple(rng.sample(["Mana Reflection", "Zendikar Resurgent"], rng.randint(0, 1)))
    return convoke_play(reflection=rng.random() < 0.4, fresh=rng.random() < 0.5, bob=bob)


def _pale_moon(rng: random.Random, level: Level) -> Play:
    land = rng.choice(["Underground Sea", "Underground Sea", "Exotic Orchard", "Mystic Gate"])
    return pale_moon_play(land, choice=rng.choice(["{U}", "{B}"]),
                          alice=tuple(rng.sample(["Mana Reflection", "Heartbeat of Spring", "Wild Growth"],
                                                 rng.randint(1, 2))),
                          forest=rng.random() < 0.7)


def _empty(rng: random.Random, level: Level) -> Play:  # pools empty between steps (106.4)
    start, to = rng.choice([("upkeep", "main1"), ("upkeep", "beginning_of_combat"),
                            ("main1", "beginning_of_combat"), ("main1", "main2"),
                            ("beginning_of_combat", "main2"), ("main2", "end")])
    first = rng.choice(["Forest", "Forest", "Island", "Underground Sea"])
    then = rng.choice(["Llanowar Elves", "Forest", "Swamp"])
    extras = ["Mana Reflection", "Heartbeat of Spring", "Mana Flare"] + (["Wild Growth"] if first != "Forest"
                                                                         or then != "Forest" else [])
    alice = tuple(rng.sample(extras, rng.randint(0, 2 if level == "hard" else 1)))
    return empty_play(start=start, to=to, first=first, then=then, alice=alice,
                      bob=tuple(rng.sample(["Contamination", "Zendikar Resurgent"], rng.randint(0, 1))))


def _deep_water(rng: random.Random, level: Level) -> Play:  # Deep Water: a land's mana becomes {U}
    land = rng.choice(["Forest", "Forest", "Swamp", "Underground Sea"])
    extras = ["Mana Reflection", "Heartbeat of Spring", "Gauntlet of Power"]
    extras += ["Wild Growth"] if land != "Underground Sea" else []
    alice = tuple(rng.sample(extras, rng.randint(1, 2)))
    return deep_water_play(land=land, alice=alice, elves=rng.random() < 0.4,
                           bob=tuple(rng.sample(["Contamination", "Mana Flare"], rng.randint(0, 1))))


#: Each kind of scenario: how to draw one, and its own ways of asking what Alice's pool holds.
_KINDS: dict[str, tuple[Any, tuple[str, ...]]] = {
    "pili": (_pili, ("After Pili-Pala's ability resolves, what is in Alice's mana pool?",
                     "Alice paid Pili-Pala's {2} from her pool. What mana does she have left?",
                     "Count Alice's mana after the Pili-Pala activation. What does her pool hold?")),
    "elves": (_elves, ("Once the hasty Elves are tapped, what does Alice's mana pool hold?",
                       "What mana is left in Alice's pool after she taps the Elves?",
                       "Llanowar Elves resolved and were tapped at once. What is in Alice's pool now?")),
    "pale moon": (_pale_moon, ("With Pale Moon's effect in place, what ends up in Alice's pool?",
                               "Pale Moon resolved in Alice's upkeep. What is in her mana pool after her "
                               "main-phase taps?",
                               "Which mana does Alice hold after tapping under Bob's Pale Moon?")),
    "gauntlet": (_gauntlet, ("Which mana is in Alice's pool after these taps?",
                             "Gauntlet of Power watches each tap. What does Alice's pool hold at the end?",
                             "After the last tap, what is Alice's mana pool?")),
    "sphere": (_sphere, ("With Damping Sphere out, what mana does Alice end up with?",
                         "What is in Alice's pool after her last Forest is tapped?",
                         "Damping Sphere and Mana Reflection both care about these taps. What mana does "
                         "Alice have?")),
    "convoke": (_convoke, ("After Stoke the Flames is cast, what is left in Alice's mana pool?",
                           "Once Stoke the Flames is on the stack, what mana does Alice still have?",
                           "Convoke paid part of the cost. What remains in Alice's pool?")),
    "empty": (_empty, ("What is in Alice's mana pool after that last tap?",
                       "Alice hasn't spent any mana. What does her pool hold after tapping in the new step?",
                       "Which mana does Alice have right after her second tap?")),
    "deep water": (_deep_water, ("With Deep Water's effect active, what is in Alice's pool at the end?",
                                 "Deep Water resolved. What mana does Alice have after her last tap?",
                                 "What does Alice's pool hold once Deep Water's ability has resolved and she "
                                 "has tapped?")),
}
_EASY_KINDS = ("pili", "elves", "pale moon", "pale moon", "empty", "deep water", "convoke")


def _mana_play_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    kind = rng.choice(_EASY_KINDS if level == "easy" else tuple(_KINDS))
    draw, asks = _KINDS[kind]
    s = ManaPlay(draw(rng, level))
    return s, Stem(tuple(rng.sample(asks, len(asks))),
                   lambda v: f"at the end, Alice's mana pool holds exactly {v}.",
                   _stem_rules(s.play.outcomes()))


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``: a permanent Alice taps for mana with one or two effects
    (hard: two or three, and more kinds), maybe with the order of the replacement effects fixed;
    or a scenario (Pili-Pala paid for from the pool, Llanowar Elves given haste, Pale Moon cast in
    Alice's upkeep, Gauntlet of Power, Damping Sphere, convoke, mana left as a step ends, Deep
    Water) asking what her pool holds at the end (mostly at the hard level)."""
    if rng.random() < (0.35 if level == "easy" else 0.8):
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
