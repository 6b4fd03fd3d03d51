"""Teaching models behind the notebooks' explorers and exercises (pure Python, no GUI).

Widgets are thin views over these: every answer a widget shows is computed here by the
engine, and tested here without a browser. Answers are *choice-aware*: when a player makes
a choice during an action (a color, the order of replacement effects, which Protector takes
the damage, which legendary permanent to keep), every legal choice is tried
(:mod:`mtgkit.outcomes`) and any answer some legal choice produces is right. A case whose
question fixes the choice (``order=...``) is graded against that choice only.

Every reason a model gives in words cites the rules of the engine event that caused the
outcome (a :class:`Reason` keeps that event's number), so the text can't drift from what
the engine did.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass

from .choices import FirstOption
from .events import (
    DamageDealt,
    DamageRedirected,
    Event,
    LifeChanged,
    MonarchChanged,
    PlayerLeft,
    ZoneChange,
)
from .game import Game
from .grading import (
    grade_answers,
    one_of,
    plural,
    read_name,
    read_number,
)
from .outcomes import Answer, Outcome, outcomes, run
from .teaching import (
    LIBRARY,
    Attempt,
    Case,
    Check,
    ChoiceWalk,
    Grader,
    QuizGrade,
    Reason,
    TimelineCursor,
    answer_key,
    can_quiz,
    chain_lines,
    check_can,
    check_number_answers,
    choice_quiz,
    cr,
    event_line,
    event_lines,
    grade_option,
)
from .topics.boards import MANA_CARDS, mana_board
from .topics.could_produce import (
    CouldCase,
    CouldProduceRow,
    check_could_answers,
    could_check,
    could_produce_table,
    explain_could_produce,
    trace_could_produce,
)
from .topics.tap_untap import (
    ACTIVATION_RESOURCES,
    TAP_CARDS,
    ActivationCase,
    ActivationWith,
    AttackCase,
    AttackWith,
    check_activation_answers,
)
from .topics.tapping import (
    TapCase,
    check_tap_answers,
    replacement_orders,
    tap_check,
    tap_outcomes,
    tap_result,
    tap_walk,
)
from .topics.x_values import (
    X_CARDS,
    X_PATHS,
    ChaliceCase,
    XCase,
    XGuess,
    XPath,
    x_blocked,
    x_check,
    x_checked,
    x_path,
    x_paths,
    x_reason,
    x_results,
    x_setup,
    x_values,
)

# ----------------------------------------------------------------------------- {T}/{Q}



# ----------------------------------------------------------------------------- mana exercises

# ----------------------------------------------------------------------------- X values (107.3m)

# ----------------------------------------------------------------------------- the monarch
def monarch_draw_race(lich_enters: bool) -> tuple[Game, str]:
    """Alice is the monarch; her end-step draw trigger waits on the stack; optionally Bob's
    Custodi Lich enters (Bob becomes the monarch) before it resolves. Returns who drew."""
    g = Game(["Alice", "Bob"], library=LIBRARY)
    g.put_onto_battlefield("Protector of the Crown", "Alice", by_effect=True)
    g.resolve_stack()
    g.advance(to="end")
    before = {p: g.board().player(p).hand for p in g.players}
    if lich_enters:
        g.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
    g.resolve_stack()
    drew = [p for p in g.players if g.board().player(p).hand > before[p]]
    return g, drew[0] if drew else "nobody"


@dataclass(frozen=True)
class CombatResult:
    game: Game
    monarch_before: str | None
    monarch_after: str | None
    explanation: str
    reason: Reason | None = None
    choices: str = ""


class _PickProtector(FirstOption):
    """Bob sends each source's damage to the Protector with this id (the other choices: first)."""

    def __init__(self, protector: int | None) -> None:
        self.protector = protector

    def choose(self, player: str, question: str, options: Sequence[str]) -> str:
        wanted = [o for o in options if self.protector is not None and o.endswith(f"#{self.protector}")]
        return wanted[0] if wanted else options[0]


def combat_setup(attackers: Sequence[str], blocks: Mapping[str, str], protectors: int = 1,
                 bob_is_monarch: bool = True) -> tuple[Game, Callable[[Game], object], list[int]]:
    """Alice attacks Bob, who controls ``protectors`` Protectors of the Crown and a Hill Giant.
    Returns the game at the beginning of combat, the combat as an action, and the Protectors' ids.
    An illegal block raises :class:`~mtgkit.errors.RulesError` when the action runs."""
    g = Game(["Alice", "Bob"], library=LIBRARY)
    mine = {name: g.put_onto_battlefield(name, "Alice") for name in dict.fromkeys(attackers)}
    prots = [g.put_onto_battlefield("Protector of the Crown", "Bob") for _ in range(protectors)]
    bob = {"Hill Giant": g.put_onto_battlefield("Hill Giant", "Bob")}
    bob.update({f"Protector of the Crown {i + 1}": p for i, p in enumerate(prots)})
    if bob_is_monarch:
        g.make_monarch("Bob")
    g.advance(to="beginning_of_combat")

    def fight(game: Game) -> None:
        if mine:
            game.attack([mine[a] for a in mine])
            wanted = {bob[b]: mine[a] for b, a in blocks.items() if a in mine and b in bob}
            if wanted:
                game.block(wanted)
        game.advance(to="end_of_combat")
    return g, fight, prots


def _combat_result(before: Game, out: Outcome) -> CombatResult:
    g, events = out.game, out.events
    changed = [e for e in events if isinstance(e, MonarchChanged) and e.changed]
    redirected = [e for e in events if isinstance(e, DamageRedirected) and e.combat]
    monarch = before.monarch
    reason: Reason
    if changed:
        e = changed[-1]
        text = (f"The crown moved to {e.monarch}: a creature {e.monarch} controls dealt combat damage "
                f"to {monarch}, the monarch, so the monarch's trigger made {e.monarch} the monarch "
                f"({cr(e.rules)}).")
        reason = Reason(text, e.rules, e.seq)
        chain_text = chain_lines(g.events, e.seq)
    elif redirected and monarch is not None and any(r.before == monarch for r in redirected):
        r = next(r for r in redirected if r.before == monarch)
        text = (f"The crown stayed with {monarch}: {r.text} ({cr(r.rules)}). Damage dealt to a "
                f"Protector is not damage dealt to the monarch, so the monarch's combat-damage "
                f"trigger (CR 725.2) never triggered.")
        reason = Reason(text, r.rules, r.seq)
        chain_text = event_lines(e for e in events if isinstance(e, DamageRedirected | DamageDealt))
    else:
        hits = [e for e in events if isinstance(e, DamageDealt) and e.combat and e.to_player == monarch]
        if monarch is None:
            text = "Nobody is the monarch, so there is no crown to take (CR 725.1)."
            reason = Reason(text, ("725.1",))
        elif not hits:
            text = (f"The crown stayed with {monarch}: no creature dealt combat damage to {monarch}, "
                    f"so the monarch's combat-damage trigger never triggered (CR 725.2).")
            reason = Reason(text, ("725.2",))
        else:  # pragma: no cover - damage to the monarch always moves the crown
            text = f"The crown stayed with {monarch} (CR 725.2)."
            reason = Reason(text, ("725.2",))
        chain_text = event_lines(e for e in events if isinstance(e, DamageRedirected | DamageDealt))
    explanation = (text + " " + bob_life_text(events, g.life("Bob"))
                   + ("\nWhat the engine did:\n" + chain_text if chain_text else ""))
    return CombatResult(g, monarch, g.monarch, explanation, reason, out.choice_summary())


def bob_life_text(events: Sequence[Event], life: int) -> str:
    """Bob's life after a fight, from the engine's events: the life lost, or the redirections
    (CR 614.9) that kept the damage off him."""
    lost = [e for e in events if isinstance(e, LifeChanged) and e.player == "Bob"]
    if lost:
        return ("Bob's life: " + "; ".join(f"{e.text} ({cr(e.rules)})" for e in lost)
                + f", so he has {life} life.")
    took = [e for e in events if isinstance(e, DamageRedirected) and e.before == "Bob"]
    if took:
        return (f"Bob still has {life} life: " + "; ".join(f"{e.text} ({cr(e.rules)})" for e in took)
                + ".")
    return f"No damage was dealt to Bob, so he still has {life} life."


def combat_outcomes(attackers: Sequence[str], blocks: Mapping[str, str], protectors: int = 1,
                    bob_is_monarch: bool = True) -> list[CombatResult]:
    """The combat under every legal choice (which Protector takes each attacker's damage)."""
    g, fight, _ = combat_setup(attackers, blocks, protectors, bob_is_monarch)
    outs = outcomes(g, fight)
    errors = [o.error for o in outs if o.error is not None]
    if errors:
        raise errors[0]
    return [_combat_result(g, o) for o in outs]


def protector_combat(attackers: Sequence[str], blocks: Mapping[str, str], protectors: int = 1,
                     protector: int = 0, bob_is_monarch: bool = True) -> CombatResult:
    """Alice attacks Bob. Bob controls ``protectors`` Protectors of the Crown (and a Hill Giant);
    ``blocks`` maps Bob's blocker names to Alice's attacker names; ``protector`` is the index of
    the Protector Bob chooses to take the damage. Who is the monarch afterwards, and why?"""
    g, fight, prots = combat_setup(attackers, blocks, protectors, bob_is_monarch)
    chosen = prots[protector] if protectors > 1 else None
    out = run(g, fight, chooser=_PickProtector(chosen))
    if out.error is not None:
        raise out.error
    return _combat_result(g, out)


@dataclass(frozen=True)
class MonarchCase:
    """'Who is the monarch after this combat?' (see :func:`protector_combat`); any legal choice
    of Protector counts."""

    attackers: tuple[str, ...]
    blocks: tuple[tuple[str, str], ...] = ()
    protectors: int = 1

    def results(self) -> list[CombatResult]:
        return combat_outcomes(self.attackers, dict(self.blocks), self.protectors)

    def legal(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(str(r.monarch_after) for r in self.results()))

    def key(self) -> Hashable:
        return ("monarch", self.attackers, self.blocks, self.protectors)

    def describe(self) -> str:
        prots = plural(self.protectors, "Protector of the Crown", "Protectors of the Crown")
        blocks = "".join(f"; Bob's {b} blocks {a}" for b, a in self.blocks)
        return (f"Bob is the monarch; Bob controls a Hill Giant and {prots}; Alice attacks Bob with "
                f"{one_of(self.attackers, last='and')}{blocks}")

    def explain(self) -> str:
        return self.results()[0].explanation

    why = explain  # the notebooks' name for it

    def answer(self) -> tuple[str, str]:
        return self.legal()[0], self.explain()


def check_name_answers(answers: Mapping[str, object], cases: Mapping[str, MonarchCase]) -> str:
    """Grade answers that are a player's name (any case)."""
    return grade_answers(answers, cases, Grader(read_name(["Alice", "Bob"]), str))


def check_draw_race(with_lich: object, without_lich: object) -> str:
    """Who draws from the monarch's end-step trigger, with and without Bob's Custodi Lich
    entering while it waits? Graded by the engine."""
    @dataclass(frozen=True)
    class Race:
        lich: bool

        def key(self) -> Hashable:
            return ("race", self.lich)

        def describe(self) -> str:
            return "the monarch's draw trigger" + (" with Bob's Custodi Lich entering" if self.lich else "")

        def legal(self) -> tuple[str, ...]:
            return (monarch_draw_race(self.lich)[1],)

        def explain(self) -> str:
            return ("The trigger is controlled by whoever was the monarch when it triggered, at the "
                    "beginning of the end step (CR 725.2); becoming the monarch later doesn't change "
                    "who draws.")

    cases = {"with Bob's Custodi Lich entering first": Race(True), "without it": Race(False)}
    answers = dict(zip(cases, (with_lich, without_lich), strict=True))
    return grade_answers(answers, cases, Grader(read_name(["Alice", "Bob", "nobody"]), str))


@dataclass(frozen=True)
class BoltCase:
    """Alice casts Lightning Bolt at Bob's Protector ``at_protector`` times (one at a time),
    then one at Bob: how much life does Bob lose?"""

    at_protector: int

    def run(self) -> tuple[Game, int]:
        g = Game(["Alice", "Bob"], library=LIBRARY)
        protector = g.put_onto_battlefield("Protector of the Crown", "Bob")
        for _ in range(self.at_protector):
            g.activate(g.put_onto_battlefield("Mountain", "Alice"))
            g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=protector)
            g.resolve_stack()
        g.activate(g.put_onto_battlefield("Mountain", "Alice"))
        last = len(g.events)
        g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
        g.resolve_stack()
        return g, last

    def legal(self) -> tuple[int, ...]:
        g, _ = self.run()
        return (20 - g.life("Bob"),)

    def reason(self) -> Reason:
        """Why Bob lost what he lost, citing the rules of the events that decided it."""
        g, last = self.run()
        before, after = g.events[:last], g.events[last:]
        died = next((e for e in g.events if isinstance(e, ZoneChange) and e.frm == "battlefield"
                     and e.obj == "Protector of the Crown"), None)
        redirect = next((e for e in after if isinstance(e, DamageRedirected)), None)
        lost = next((e for e in after if isinstance(e, LifeChanged) and e.player == "Bob"), None)
        if redirect is not None:
            earlier = sum(e.amount for e in before if isinstance(e, DamageDealt) and e.to_id is not None)
            text = (f"Bob loses 0 life: Protector of the Crown redirects all damage that would be dealt "
                    f"to Bob, so the 3 damage of the Bolt at Bob was dealt to the Protector instead "
                    f"({cr(redirect.rules)}).")
            if died is not None and died.seq > redirect.seq:
                text += (f" With the {earlier} damage it already had, that made {earlier + 3} damage on a "
                         f"2/5, so it was destroyed afterwards ({cr(died.rules)}), but by then the "
                         f"damage had already gone to it.")
            return Reason(text, redirect.rules, redirect.seq)
        assert died is not None and lost is not None
        text = (f"Bob loses {-lost.delta} life: the Bolts at the Protector dealt it 6 damage, so it "
                f"was destroyed ({cr(died.rules)}) before the Bolt at Bob was cast. With no Protector "
                f"left, the damage was dealt to Bob ({cr(lost.rules)}).")
        return Reason(text, died.rules, died.seq)

    def key(self) -> Hashable:
        return ("bolts", self.at_protector)

    def describe(self) -> str:
        first = (f"Alice casts Lightning Bolt at Bob's Protector of the Crown "
                 f"{plural(self.at_protector, 'time')}, one at a time, then " if self.at_protector else
                 "Alice casts ")
        return f"Bob controls a Protector of the Crown (2/5); {first}one Lightning Bolt at Bob"

    def explain(self) -> str:
        return self.reason().text

    why = explain  # the notebooks' name for it

    def answer(self) -> tuple[int, str]:
        return self.legal()[0], self.explain()


# ----------------------------------------------------------------------------- predict, then check
# ---- could produce (notebook 03)

# ---- tapping for mana (notebooks 02 and 04)

# ---- X values (notebook 05)

# ---- combat with Protectors of the Crown (notebook 07)
def combat_walk(attackers: Sequence[str], blocks: Mapping[str, str],
                protectors: int = 1) -> tuple[Game, ChoiceWalk]:
    """The game before combat (see :func:`combat_setup`) and every legal way the combat goes,
    over Bob's choices of which Protector takes each source's damage. Raises
    :class:`~mtgkit.errors.RulesError` for a block the rules don't allow."""
    g, fight, _ = combat_setup(attackers, blocks, protectors)
    return g, ChoiceWalk(outcomes(g, fight))


def _combat_state(o: Outcome) -> str:
    return f"{o.monarch} is the monarch and Bob has {o.life('Bob')} life"


def combat_check(before: Game, walk: ChoiceWalk, path: Sequence[Answer], monarch: str,
                 life: object) -> Check:
    """A predicted monarch and Bob's life next to what the combat gives with the learner's
    choices for Bob. Raises :class:`~mtgkit.grading.Unreadable` for a life that isn't a number.

    >>> before, walk = combat_walk(["Grizzly Bears"], {}, protectors=0)
    >>> c = combat_check(before, walk, walk.start, "Alice", 18)
    >>> c.correct, c.engine, c.reason.rules
    (True, 'Alice is the monarch and Bob has 18 life', ('725.2', '725.3'))
    """
    lives = read_number(life)
    o = walk.outcome(path)
    r = _combat_result(before, o)
    assert r.reason is not None
    reason = r.reason.replace(text=r.reason.text + " " + bob_life_text(o.events, o.life("Bob")))
    correct = monarch == str(o.monarch) and lives == o.life("Bob")
    return Check(correct, f"{monarch} is the monarch and Bob has {lives} life", _combat_state(o), reason,
                 "; ".join(walk.alternatives(path, _combat_state)))



# ============================================================================= notebooks 05-08
# Small models used only by the notebooks 05-x-values, 06-the-monarch and
# 07-protector-of-the-crown (a Chalice of the Void question for 05, the monarch leaving the
# game for 06). Like the models above, every answer comes from the engine and every reason
# cites the rules of the engine event behind it.


@dataclass(frozen=True)
class LeaveCase:
    """'``monarch`` is the monarch; during ``active``'s turn, ``leaver`` leaves the game: who is
    the monarch now?' ``players`` are in turn order (CR 725.4, 800.4a).

    >>> LeaveCase(("Alice", "Bob", "Carol"), "Alice", "Carol", "Carol").legal()
    ('Alice',)
    >>> LeaveCase(("Alice", "Bob", "Carol"), "Bob", "Bob", "Bob").reason().rules
    ('725.4',)
    """

    players: tuple[str, ...]
    active: str
    monarch: str
    leaver: str

    def run(self) -> tuple[Game, int]:
        """The game after ``leaver`` conceded, and the number of the event where they left."""
        g = Game(list(self.players), library=LIBRARY)
        g.make_monarch(self.monarch)
        while g.active_player != self.active:
            g.next_turn()
        left = next(e for e in g.concede(self.leaver) if isinstance(e, PlayerLeft))
        return g, left.seq

    def legal(self) -> tuple[str, ...]:
        return (self.run()[0].monarch or "nobody",)

    def reason(self) -> Reason:
        g, seq = self.run()
        left = g.events[seq - 1]
        passed = next((e for e in g.events if isinstance(e, MonarchChanged) and e.cause == seq), None)
        if passed is None:
            return Reason(f"{g.monarch or 'Nobody'} is still the monarch: {left.text} ({cr(left.rules)}), "
                          f"but {self.leaver} wasn't the monarch, so the crown doesn't move.",
                          left.rules, left.seq)
        if self.leaver != self.active:
            how = (f"{self.leaver}, the monarch, left during {self.active}'s turn, so {self.active}, "
                   f"the active player, became the monarch at that moment")
        else:
            how = (f"{self.leaver}, the monarch, left during their own turn, so the next player in "
                   f"turn order still in the game, {passed.monarch}, became the monarch")
        return Reason(f"{how} ({cr(passed.rules)}): {passed.text}.", passed.rules, passed.seq)

    def key(self) -> Hashable:
        return ("leaves", self.players, self.active, self.monarch, self.leaver)

    def describe(self) -> str:
        return (f"{len(self.players)} players in turn order {', '.join(self.players)}; it is "
                f"{self.active}'s turn; {self.monarch} is the monarch; {self.leaver} leaves the game")

    def explain(self) -> str:
        return self.reason().text

    why = explain  # the notebooks' name for it


def check_leave_answers(answers: Mapping[str, object], cases: Mapping[str, LeaveCase]) -> str:
    """Grade answers that name who is the monarch after a player leaves (any case, or
    ``"nobody"``)."""
    names = list(dict.fromkeys(p for case in cases.values() for p in case.players)) + ["nobody"]
    return grade_answers(answers, cases, Grader(read_name(names), str))


__all__ = [
    "ActivationCase", "AttackCase", "Attempt", "Check", "ChoiceWalk", "XGuess", "check_can",
    "combat_check", "combat_walk", "could_check", "grade_option", "tap_check", "tap_walk", "x_blocked",
    "x_check", "x_checked", "x_reason", "x_results", "x_values",
    "BoltCase", "CombatResult", "CouldCase", "CouldProduceRow", "MANA_CARDS",
    "MonarchCase", "Reason", "TAP_CARDS", "TapCase", "TimelineCursor", "XCase", "XPath", "X_CARDS",
    "X_PATHS", "ACTIVATION_RESOURCES", "chain_lines", "check_activation_answers",
    "check_could_answers", "check_draw_race",
    "check_name_answers", "check_number_answers", "check_tap_answers", "combat_outcomes",
    "combat_setup", "could_produce_table", "event_line", "event_lines", "mana_board",
    "monarch_draw_race", "protector_combat", "replacement_orders", "tap_outcomes", "tap_result",
    "explain_could_produce", "trace_could_produce", "x_path", "x_paths", "x_setup",
]
__all__ += ["ChaliceCase", "LeaveCase", "check_leave_answers"]  # notebooks 05-08
__all__ += ["Case", "answer_key"]


# ============================================================================= notebooks 00-04

#: The quick questions of notebooks 02-04 on mana (a TapCase or a CouldCase) are choice quizzes.
mana_quiz = choice_quiz

__all__ += ["ActivationWith", "AttackWith", "QuizGrade", "can_quiz", "mana_quiz"]
