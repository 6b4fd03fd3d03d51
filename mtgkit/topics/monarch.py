"""The monarch (CR 725) with Protector of the Crown (CR 614.9) and Custodi Lich (CR 603.2e).

Notebooks 06 and 07 teach it: combat damage to the monarch moves the crown to the attacking
creature's controller (725.2), damage redirected to a Protector doesn't, the monarch leaving
passes the crown (725.4), becoming the monarch again triggers nothing (603.2e), and the
monarch's draw trigger is its controller's when it triggered. Every answer is the engine's,
over Bob's choices of which Protector takes each source's damage.

Every misconception that is a wrong rule is a variant of the rules (:mod:`mtgkit.variants`)
registered here under its name, overriding one decision of the engine; a learner's answer is
the same play under the variants they hold (the damage-assignment misreadings stay one small
model each).

>>> s = MonarchPlay(steal_play(["Grizzly Bears"], bob=(), protectors=1))
>>> s.legal(), s.believe(frozenset({"redirected-damage-is-damage-to-the-monarch"}))
(('Bob',), ('Alice',))
>>> MonarchCase(("Grizzly Bears",), protectors=1).legal()
('Bob',)
>>> LeaveCase(("Alice", "Bob", "Carol"), "Alice", "Bob", "Bob").legal()
('Alice',)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from ..abilities import BecomeMonarch, CreatureControllerBecomesMonarch, RedirectDamageToSelf
from ..choices import FirstOption
from ..events import (
    AbilityTriggered,
    ChoiceMade,
    DamageDealt,
    DamagePrevented,
    DamageRedirected,
    Entered,
    Event,
    Fizzled,
    LifeChanged,
    MonarchChanged,
    PlayerLeft,
    Resolved,
    StateBasedMove,
    StepBegan,
    ZoneChange,
    chain,
)
from ..game import Game
from ..grading import Report, grade_answers, one_of, plural, read_name, read_number
from ..outcomes import Answer, Outcome, Outcomes, outcomes, run
from ..records import Mutable, Value
from ..state import Exiled, LastKnown, Obj
from ..teaching import (
    LIBRARY,
    Check,
    ChoiceWalk,
    Explained,
    Grader,
    Piece,
    Play,
    Reason,
    Setup,
    Step,
    chain_lines,
    check_number_answers,
    cr,
    event_lines,
    split_explanation,
)
from ..variants import CR, CheckedAt, DamageStep, Rules
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
)


class Mistake(MisconceptionName):
    """The misconceptions about the monarch, in catalog order."""

    REDIRECTED_DAMAGE_IS_DAMAGE_TO_THE_MONARCH = "redirected-damage-is-damage-to-the-monarch"
    BLOCKED_DAMAGE_TAKES_THE_CROWN = "blocked-damage-takes-the-crown"
    PROTECTOR_ONLY_STOPS_COMBAT_DAMAGE = "protector-only-stops-combat-damage"
    REDIRECT_SPILLS_OVER = "redirect-spills-over"
    CROWN_PASSES_IN_TURN_ORDER = "crown-passes-in-turn-order"
    CROWN_DISAPPEARS = "crown-disappears"
    BECOMING_MONARCH_AGAIN_TRIGGERS = "becoming-monarch-again-triggers"
    DRAW_FOLLOWS_THE_CROWN = "draw-follows-the-crown"
    NONCOMBAT_CREATURE_DAMAGE_TAKES_THE_CROWN = "noncombat-creature-damage-takes-the-crown"
    MONARCH_DRAWS_EVERY_END_STEP = "monarch-draws-every-end-step"
    COMBAT_STEAL_DOESNT_TRIGGER_LICH = "combat-steal-doesnt-trigger-lich"
    SPLIT_DAMAGE_BETWEEN_PROTECTORS = "split-damage-between-protectors"
    PROTECTOR_GUARDS_THE_MONARCH = "protector-guards-the-monarch"
    LATE_ARRIVAL_SEES_THE_EVENT = "late-arrival-sees-the-event"
    GONE_PERMANENT_STILL_TRIGGERS = "gone-permanent-still-triggers"
    CROWN_MOVES_WITHOUT_A_TRIGGER = "crown-moves-without-a-trigger"
    TARGETER_CHOOSES_THE_SACRIFICE = "targeter-chooses-the-sacrifice"
    DAMAGE_WEARS_OFF_BETWEEN_STEPS = "damage-wears-off-between-steps"
    REDIRECTION_CHANGES_THE_SOURCE = "redirection-changes-the-source"
    JAILER_RELEASES_WHEN_IT_LEAVES = "jailer-releases-when-it-leaves"
    ABILITY_FIZZLES_WITHOUT_SOURCE = "ability-fizzles-without-source"
    PROTECTOR_IS_OPTIONAL = "protector-is-optional"
    OWNER_TAKES_THE_CROWN = "owner-takes-the-crown"
    REDIRECTED_DAMAGE_ISNT_COMBAT_DAMAGE = "redirected-damage-isnt-combat-damage"
    ONE_SOURCE_NEVER_SPLITS = "one-source-never-splits"
    DAMAGE_ASSIGNMENT_ORDER = "damage-assignment-order"
    BLOCKED_EXCESS_TRAMPLES_OVER = "blocked-excess-tramples-over"


# ----------------------------------------------------------------------------- the notebooks' cases
def monarch_draw_race(lich_enters: bool, rules: Rules | None = None) -> tuple[Game, str]:
    """Alice is the monarch; her end-step draw trigger waits on the stack; optionally Bob's
    Custodi Lich enters (Bob becomes the monarch) before it resolves. Returns who drew (played
    by ``rules``: the CR, or a variant)."""
    g = Game(["Alice", "Bob"], library=LIBRARY, rules=rules)
    g.put_onto_battlefield("Protector of the Crown", "Alice", by_effect=True)
    g.resolve_stack()
    g.advance(to="end")
    before = {p: g.board().player(p).hand for p in g.players}
    if lich_enters:
        g.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
    g.resolve_stack()
    drew = [p for p in g.players if g.board().player(p).hand > before[p]]
    return g, drew[0] if drew else "nobody"


class CombatResult(Value):
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
                 bob_is_monarch: bool = True, rules: Rules | None = None
                 ) -> tuple[Game, Callable[[Game], object], list[int]]:
    """Alice attacks Bob, who controls ``protectors`` Protectors of the Crown and a Hill Giant.
    Returns the game at the beginning of combat (played by ``rules``), the combat as an action,
    and the Protectors' ids. An illegal block raises :class:`~mtgkit.errors.RulesError` when the
    action runs."""
    g = Game(["Alice", "Bob"], library=LIBRARY, rules=rules)
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
    explanation = (text + " " + bob_life_text(events, g.life("Bob"), text)
                   + ("\nWhat the engine did:\n" + chain_text if chain_text else ""))
    return CombatResult(g, monarch, g.monarch, explanation, reason, out.choice_summary())


def bob_life_text(events: Sequence[Event], life: int, said: str = "") -> str:
    """Bob's life after a fight, from the engine's events: the life lost, or the redirections
    (CR 614.9) that kept the damage off him. A redirection the explanation ``said`` already is
    referred to, not said again."""
    lost = [e for e in events if isinstance(e, LifeChanged) and e.player == "Bob"]
    if lost:
        return ("Bob's life: " + "; ".join(f"{e.text} ({cr(e.rules)})" for e in lost)
                + f", so he has {life} life.")
    took = [e for e in events if isinstance(e, DamageRedirected) and e.before == "Bob"]
    if took:
        new = [e for e in took if f"{e.text} ({cr(e.rules)})" not in said]
        above = ("the damage went to the Protector instead, as above" if not new else
                 "the redirection above; " if len(new) < len(took) else "")
        return (f"Bob still has {life} life: {above}" + "; ".join(f"{e.text} ({cr(e.rules)})" for e in new)
                + ".")
    return f"No damage was dealt to Bob, so he still has {life} life."


def combat_outcomes(attackers: Sequence[str], blocks: Mapping[str, str], protectors: int = 1,
                    bob_is_monarch: bool = True, rules: Rules | None = None) -> list[CombatResult]:
    """The combat under every legal choice (which Protector takes each attacker's damage), played
    by ``rules`` (the CR unless told otherwise)."""
    g, fight, _ = combat_setup(attackers, blocks, protectors, bob_is_monarch, rules)
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


class MonarchCase(Value):
    """'Who is the monarch after this combat?' (see :func:`protector_combat`); any legal choice
    of Protector counts."""

    attackers: tuple[str, ...]
    blocks: tuple[tuple[str, str], ...] = ()
    protectors: int = 1

    def situation(self) -> Combat:
        """The same combat as a practice situation (its outcomes are worked out once)."""
        return Combat(self.attackers, self.blocks, self.protectors)

    def results(self) -> list[CombatResult]:
        return self.situation().results()

    def legal(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(str(r.monarch_after) for r in self.results()))

    def key(self) -> Hashable:
        return self.situation().key()

    def describe(self) -> str:
        return self.situation().describe()

    def explain(self) -> str:
        return self.results()[0].explanation

    why = explain  # the notebooks' name for it

    def teach(self) -> Explained:
        """Why the crown moved or stayed (the rule of the event that decided it), and the events."""
        r = self.results()[0]
        assert r.reason is not None
        return Explained(r.reason, split_explanation(r.explanation).detail)

    def answer(self) -> tuple[str, str]:
        return self.legal()[0], self.explain()


def _situated(case: Any, answer: str) -> list[Misconception]:
    """The misconceptions that give ``answer`` on the practice board a notebook's case asks
    about (none for a case no practice board asks)."""
    board = case if isinstance(case, Situation) else getattr(case, "situation", lambda: None)()
    return misconceived(board, answer, MISCONCEPTIONS) if board is not None else []


def check_name_answers(answers: Mapping[str, object], cases: Mapping[str, MonarchCase]) -> Report:
    """Grade answers that are a player's name (any case)."""
    return grade_answers(answers, cases, Grader(read_name(["Alice", "Bob"]), str, mistakes=_situated))


def check_draw_race(with_lich: object, without_lich: object) -> Report:
    """Who draws from the monarch's end-step trigger, with and without Bob's Custodi Lich
    entering while it waits? Graded by the engine."""
    cases = {"with Bob's Custodi Lich entering first": DrawRace(True), "without it": DrawRace(False)}
    answers = dict(zip(cases, (with_lich, without_lich), strict=True))
    grader = Grader(read_name(["Alice", "Bob", "nobody"]), str, mistakes=_situated)
    return grade_answers(answers, cases, grader)


class BoltCase(Value):
    """Alice casts Lightning Bolt at Bob's Protector ``at_protector`` times (one at a time),
    then one at Bob: how much life does Bob lose?"""

    at_protector: int

    #: Answers are whole numbers; a wrong one is matched against the misconceptions of the
    #: same Bolts as a practice board.
    grader: ClassVar[Grader[int]] = Grader(read_number, str, mistakes=lambda case, answer: _situated(
        Bolts(case.at_protector), answer))

    def run(self, rules: Rules | None = None) -> tuple[Game, int]:
        g = Game(["Alice", "Bob"], library=LIBRARY, rules=rules)
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

    def legal(self, rules: Rules | None = None) -> tuple[int, ...]:
        g, _ = self.run(rules)
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
    said = r.reason.text
    reason = r.reason.replace(text=said + " " + bob_life_text(o.events, o.life("Bob"), said))
    correct = monarch == str(o.monarch) and lives == o.life("Bob")
    return Check(correct, f"{monarch} is the monarch and Bob has {lives} life", _combat_state(o), reason,
                 "; ".join(walk.alternatives(path, _combat_state)))


class LeaveCase(Value):
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

    def run(self, rules: Rules | None = None) -> tuple[Game, int]:
        """The game after ``leaver`` conceded (played by ``rules``), and the number of the event
        where they left."""
        g = Game(list(self.players), library=LIBRARY, rules=rules)
        g.make_monarch(self.monarch)
        while g.active_player != self.active:
            g.next_turn()
        left = next(e for e in g.concede(self.leaver) if isinstance(e, PlayerLeft))
        return g, left.seq

    def legal(self, rules: Rules | None = None) -> tuple[str, ...]:
        return (self.run(rules)[0].monarch or "nobody",)

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

    def situation(self) -> Leaves | None:
        """The same board as a practice board, when the monarch is the one who leaves."""
        return Leaves(self.players, self.active, self.monarch) if self.leaver == self.monarch else None

    def describe(self) -> str:
        return (f"{len(self.players)} players in turn order {', '.join(self.players)}; it is "
                f"{self.active}'s turn; {self.monarch} is the monarch; {self.leaver} leaves the game")

    def explain(self) -> str:
        return self.reason().text

    why = explain  # the notebooks' name for it


def check_leave_answers(answers: Mapping[str, object], cases: Mapping[str, LeaveCase]) -> Report:
    """Grade answers that name who is the monarch after a player leaves (any case, or
    ``"nobody"``)."""
    names = list(dict.fromkeys(p for case in cases.values() for p in case.players)) + ["nobody"]
    return grade_answers(answers, cases, Grader(read_name(names), str, mistakes=_situated))


# ----------------------------------------------------------------------- practice boards, and their model
class Combat(Situation):
    """Alice attacks Bob, who has a Hill Giant and some Protectors of the Crown. Asked: who is
    the monarch after combat (``ask="monarch"``), or that and Bob's life (``"monarch and life"``)."""

    topic: ClassVar[TopicName] = "monarch"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.REDIRECTED_DAMAGE_IS_DAMAGE_TO_THE_MONARCH, Mistake.BLOCKED_DAMAGE_TAKES_THE_CROWN,
        Mistake.PROTECTOR_GUARDS_THE_MONARCH)
    attackers: tuple[str, ...]
    blocks: tuple[tuple[str, str], ...] = ()
    protectors: int = 1
    bob_is_monarch: bool = True
    ask: Literal["monarch", "monarch and life"] = "monarch"

    def key(self) -> Hashable:
        return ("combat", self.attackers, self.blocks, self.protectors, self.bob_is_monarch)

    def describe(self) -> str:
        crown = "Bob is the monarch" if self.bob_is_monarch else "nobody is the monarch yet"
        prots = plural(self.protectors, "Protector of the Crown", "Protectors of the Crown")
        blocks = "".join(f"; Bob's {b} blocks {a}" for b, a in self.blocks) or "; Bob doesn't block"
        return (f"{crown}; Bob controls a Hill Giant and {prots}; Alice attacks Bob with "
                f"{one_of(self.attackers, last='and')}{blocks}")

    def results(self, rules: Rules = CR) -> list[CombatResult]:
        return _combat(self.attackers, self.blocks, self.protectors, self.bob_is_monarch, rules)

    def answer_of(self, monarch: str | None, life: int) -> str:
        who = monarch or "nobody"
        if self.ask == "monarch":
            return who
        return f"{who} is the monarch; Bob has {life} life"

    def legal(self, rules: Rules = CR) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.answer_of(r.monarch_after, r.game.life("Bob"))
                                   for r in self.results(rules)))

    def explain(self) -> str:
        r = self.results()[0]
        extra = ""
        if len(self.results()) > 1 and r.choices:
            extra = "\n(Bob chose which Protector took each creature's damage.)"
        return r.explanation + extra

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        return self.legal(rules_held(held))


@functools.lru_cache(maxsize=4096)
def _combat(attackers: tuple[str, ...], blocks: tuple[tuple[str, str], ...], protectors: int,
            bob_is_monarch: bool, rules: Rules) -> list[CombatResult]:
    return combat_outcomes(attackers, dict(blocks), protectors, bob_is_monarch, rules)


def combat_is_legal(attackers: tuple[str, ...], blocks: tuple[tuple[str, str], ...]) -> bool:
    """Can these blocks be declared? The engine decides (flying, CR 702.9b, and so on)."""
    g, _, _ = combat_setup(attackers, dict(blocks), 0)
    mine = {o.name: o.id for o in g.zone("Alice", "battlefield")}
    bob = {o.name: o.id for o in g.zone("Bob", "battlefield")}
    if not mine:
        return True
    if not all(g.can_attack(a) for a in mine.values()):
        return False
    g.attack(list(mine.values()))
    return all(g.can_block(bob[b], mine[a]) for b, a in blocks if a in mine and b in bob)


class Bolts(Situation):
    """Bob controls a Protector of the Crown. Alice Bolts the Protector ``at_protector`` times,
    then Bob once: how much life does Bob lose?"""

    topic: ClassVar[TopicName] = "monarch"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.PROTECTOR_ONLY_STOPS_COMBAT_DAMAGE, Mistake.REDIRECT_SPILLS_OVER)
    at_protector: int

    def key(self) -> Hashable:
        return ("bolts", self.at_protector)

    def describe(self) -> str:
        return ("Bob is the monarch (his Protector of the Crown made him so as it entered). "
                + BoltCase(self.at_protector).describe())

    def legal(self) -> tuple[str, ...]:
        return tuple(str(v) for v in BoltCase(self.at_protector).legal())

    def explain(self) -> str:
        g, last = BoltCase(self.at_protector).run()
        shown = [e for e in g.events[last:]
                 if isinstance(e, DamageDealt | DamageRedirected | LifeChanged | StateBasedMove)]
        return BoltCase(self.at_protector).why() + "\nWhat the engine did:\n" + event_lines(shown)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        return tuple(str(v) for v in BoltCase(self.at_protector).legal(rules_held(held)))


class Leaves(Situation):
    """Several players; it is someone's turn; the monarch concedes: who is the monarch now?"""

    topic: ClassVar[TopicName] = "monarch"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.CROWN_PASSES_IN_TURN_ORDER, Mistake.CROWN_DISAPPEARS)
    exclusive: ClassVar[frozenset[frozenset[str]]] = frozenset(
        {frozenset({Mistake.CROWN_PASSES_IN_TURN_ORDER, Mistake.CROWN_DISAPPEARS})})
    players: tuple[str, ...]
    active: str
    monarch: str

    def key(self) -> Hashable:
        return ("leaves", self.players, self.active, self.monarch)

    def describe(self) -> str:
        return (f"{len(self.players)} players in turn order {', '.join(self.players)}; it is "
                f"{self.active}'s turn; {self.monarch} is the monarch and concedes")

    def case(self) -> LeaveCase:
        """The same board as notebook 06's exercise case: the leaver is the monarch."""
        return LeaveCase(self.players, self.active, self.monarch, self.monarch)

    def run(self) -> Game:
        return self.case().run()[0]

    def legal(self) -> tuple[str, ...]:
        return self.case().legal()

    def explain(self) -> str:
        g = self.run()
        new = g.monarch or "nobody"
        if self.active != self.monarch:
            why = (f"{self.monarch} left during {self.active}'s turn, so {self.active}, the active "
                   f"player, became the monarch at that moment")
        else:
            why = (f"{self.monarch} left during their own turn, so the next player in turn order, "
                   f"{new}, became the monarch")
        passed = next(e for e in g.events if isinstance(e, MonarchChanged) and e.cause is not None
                      and isinstance(g.events[e.cause - 1], PlayerLeft))
        return (f"{why} ({cr(passed.rules)}).\nWhat the engine did:\n" + chain_lines(g.events, passed.seq))

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        return self.case().legal(rules_held(held))


class LichEnters(Situation):
    """Bob's Custodi Lich enters ('When it enters, you become the monarch. Whenever you become
    the monarch, target player sacrifices a creature'). How many creatures could Alice have?"""

    topic: ClassVar[TopicName] = "monarch"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (Mistake.BECOMING_MONARCH_AGAIN_TRIGGERS,)
    bob_was_monarch: bool
    alice_creatures: tuple[str, ...] = ("Grizzly Bears", "Hill Giant")

    def key(self) -> Hashable:
        return ("lich", self.bob_was_monarch, self.alice_creatures)

    def describe(self) -> str:
        crown = "Bob is already the monarch" if self.bob_was_monarch else "nobody is the monarch"
        return (f"{crown}; Alice controls {one_of(self.alice_creatures, last='and')}; Bob controls a "
                f"Grizzly Bears; Bob's Custodi Lich enters the battlefield")

    def outcomes(self, rules: Rules = CR) -> Outcomes:
        return _lich(self, rules)

    def legal(self, rules: Rules = CR) -> tuple[str, ...]:
        return tuple(self.outcomes(rules).values(lambda o: str(sum(
            1 for p in o.game.permanents("Alice") if p.is_a("Creature")))))

    def explain(self) -> str:
        o = self.outcomes()[0]
        changed = next(e for e in o.events if isinstance(e, MonarchChanged))
        if not changed.changed:
            text = ("Bob was already the monarch, so the Lich's 'you become the monarch' changed "
                    "nothing, and 'whenever you become the monarch' triggers only when a player "
                    f"actually becomes the monarch ({cr((*changed.rules, '603.2e'))}). Alice keeps every "
                    "creature.")
        else:
            text = ("Bob became the monarch, so 'whenever you become the monarch' triggered; Bob "
                    "chose its target (CR 603.3d): Alice sacrifices a creature if he targets her, or "
                    "he sacrifices one himself if he targets himself.")
        return text + "\nWhat the engine did:\n" + event_lines(
            e for e in o.events
            if isinstance(e, MonarchChanged | AbilityTriggered | ChoiceMade | ZoneChange)
            and not isinstance(e, Entered))

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        return self.legal(rules_held(held))


@functools.lru_cache(maxsize=64)
def _lich(s: LichEnters, rules: Rules) -> Outcomes:
    g = Game(["Alice", "Bob"], library=LIBRARY, rules=rules)
    for name in s.alice_creatures:
        g.put_onto_battlefield(name, "Alice")
    g.put_onto_battlefield("Grizzly Bears", "Bob")
    if s.bob_was_monarch:
        g.make_monarch("Bob")

    def enter(game: Game) -> None:
        game.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
        game.resolve_stack()
    return outcomes(g, enter)


class DrawRace(Situation):
    """Alice is the monarch; her end-step draw trigger waits on the stack; maybe Bob's Custodi
    Lich enters first and Bob becomes the monarch. Who draws?"""

    topic: ClassVar[TopicName] = "monarch"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (Mistake.DRAW_FOLLOWS_THE_CROWN,)
    lich: bool

    def key(self) -> Hashable:
        return ("race", self.lich)

    def describe(self) -> str:
        return ("Alice is the monarch; at the beginning of her end step the monarch's draw trigger "
                "goes on the stack" + ("; before it resolves, Bob's Custodi Lich enters and Bob "
                                       "becomes the monarch" if self.lich else ""))

    def legal(self) -> tuple[str, ...]:
        return (monarch_draw_race(self.lich)[1],)

    def explain(self) -> str:
        return ("The monarch's draw trigger is controlled by the player who was the monarch when it "
                "triggered (CR 725.2), so Alice draws even if Bob becomes the monarch before it "
                "resolves.")

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        return (monarch_draw_race(self.lich, rules_held(held))[1],)


# ----------------------------------------------------------------------- scenario questions
#: What a monarch scenario question asks about the end of its play.
MonarchAsk = Literal["monarch", "monarch and life", "monarch and creatures", "monarch and protectors",
                     "who chooses", "cards drawn"]
PROTECTOR = "Protector of the Crown"
LICH = "Custodi Lich"
#: Cards whose enters trigger makes their controller the monarch.
CROWNING = ("Protector of the Crown", "Custodi Lich", "Palace Jailer", "Queen Marchesa")


class End(Mutable):
    """What a question reads off the end of a play: the monarch, life totals, creatures and
    Protectors of the Crown each player controls, who chose the creature sacrificed to Custodi
    Lich, and the cards each player drew from the monarch's draw ability."""

    monarch: str | None
    life: dict[str, int]
    creatures: dict[str, int]
    protectors: dict[str, int]
    chooser: str
    drawn: dict[str, int]


class _Story:
    """The events of one outcome of a play, with the questions its explanation asks of them (who
    was the monarch when, what caused what)."""

    def __init__(self, play: Play, o: Outcome) -> None:
        self.play, self.o, self.g = play, o, o.game
        self.all = self.g.events
        self.act = o.events
        self._chains: dict[int, list[Event]] = {}
        self._reigns: list[tuple[int, str | None]] = []  # (seq, the monarch from then on)
        for e in self.act:
            if isinstance(e, MonarchChanged) and e.changed:
                self._reigns.append((e.seq, e.monarch))

    def monarch_at(self, seq: int) -> str | None:
        """The monarch just before event ``seq``."""
        who = self.play.setup.monarch
        for at, monarch in self._reigns:
            if at >= seq:
                break
            who = monarch
        return who

    def causes(self, seq: int) -> list[Event]:
        if seq not in self._chains:
            self._chains[seq] = chain(self.all, seq)
        return self._chains[seq]

    def sacrificed(self, e: ZoneChange) -> bool:
        return any(isinstance(c, ChoiceMade) and c.question == "sacrifice" and c.seq < e.seq
                   and c.cause == e.cause for c in self.act)

    def from_combat(self, e: Event) -> DamageDealt | None:
        """The combat damage at the root of ``e``, if any."""
        return next((c for c in self.causes(e.seq) if isinstance(c, DamageDealt) and c.combat), None)

    def after_leaving(self, e: Event) -> bool:
        return any(isinstance(c, PlayerLeft) for c in self.causes(e.seq))

    def left(self, obj_id: int | None, after: int, before: int) -> bool:
        """Did the object leave the battlefield between events ``after`` and ``before``?"""
        return obj_id is not None and any(
            isinstance(e, ZoneChange) and e.obj_id == obj_id and e.frm == "battlefield"
            and after < e.seq < before for e in self.act)

    def changes(self) -> list[MonarchChanged]:
        return [e for e in self.act if isinstance(e, MonarchChanged) and e.changed]

    def prevented(self, e: DamageRedirected) -> DamagePrevented | None:
        """The prevention of the damage ``e`` redirected, if a prevention effect stopped it."""
        return next((d for d in self.act if isinstance(d, DamagePrevented) and d.cause == e.seq), None)


def end_of(o: Outcome) -> End:
    """What one outcome of a play ends with, read off the engine's game and events (under the
    CR, the truth; under a variant, what a learner holding it predicts)."""
    g = o.game
    chooser = next((c.player or "" for c in o.events if isinstance(c, ChoiceMade)
                    and c.question == "sacrifice"), "")
    drawn = {p: 0 for p in g.players}
    for e in o.events:  # a draw the beginning of an end step caused: the monarch's (CR 725.2)
        if isinstance(e, ZoneChange) and e.frm == "library" and e.to == "hand" and any(
                isinstance(c, StepBegan) and c.step == "end" for c in chain(g.events, e.seq)):
            drawn[e.player or ""] = drawn.get(e.player or "", 0) + 1
    return End(
        g.monarch,
        {p: g.life(p) for p in g.players},
        {p: sum(1 for x in g.permanents(p) if x.is_a("Creature")) if g.in_game(p) else 0
         for p in g.players},
        {p: sum(1 for x in g.permanents(p) if x.name == PROTECTOR) for p in g.players},
        chooser, drawn)


# ----------------------------------------------------------------------- the misconceptions, as rule variants
# Each wrong rule is a variant of the rules (mtgkit.variants) overriding one decision: a question's
# wrong options are what the same play gives under them. The engine knows none of these names.
def _redirected_from(g: Game, e: DamageDealt) -> str | None:
    """The player damage ``e`` would have been dealt to, had a Protector not taken it (614.9)."""
    cause = g.events[e.cause - 1] if e.cause is not None else None
    return cause.before if isinstance(cause, DamageRedirected) else None


def _protectors(g: Game, player: str | None = None) -> list[Obj]:
    return [o for o in g.permanents(player) if o.is_a("Creature") and o.card.has(RedirectDamageToSelf)]


@variant(Mistake.REDIRECTED_DAMAGE_IS_DAMAGE_TO_THE_MONARCH)
class RedirectedDamageIsDamageToTheMonarch(Rules):
    """Combat damage a Protector takes for the monarch still steals the crown."""

    def steals_crown(self, g: Any, e: DamageDealt, monarch: str) -> bool:
        return super().steals_crown(g, e, monarch) or (
            e.combat and e.to_id is not None and _redirected_from(g, e) == monarch)


@variant(Mistake.BLOCKED_DAMAGE_TAKES_THE_CROWN)
class BlockedDamageTakesTheCrown(Rules):
    """Combat damage to a creature the monarch controls takes the crown too."""

    def steals_crown(self, g: Any, e: DamageDealt, monarch: str) -> bool:
        return super().steals_crown(g, e, monarch) or (
            e.combat and e.to_id is not None and e.source_id is not None and _redirected_from(g, e) is None
            and g.controller_of(e.to_id) == monarch and g.controller_of(e.source_id) != monarch)


@variant(Mistake.NONCOMBAT_CREATURE_DAMAGE_TAKES_THE_CROWN)
class NoncombatCreatureDamageTakesTheCrown(Rules):
    """Any damage a creature deals to the monarch takes the crown, combat or not."""

    def steals_crown(self, g: Any, e: DamageDealt, monarch: str) -> bool:
        return super().steals_crown(g, e, monarch) or (
            e.to_player == monarch and e.source_id is not None and g.obj(e.source_id).card.is_a("Creature"))


@variant(Mistake.OWNER_TAKES_THE_CROWN)
class OwnerTakesTheCrown(Rules):
    """The creature's owner becomes the monarch, not its controller."""

    def crown_taker(self, g: Any, creature: int, incarnation: int) -> str:
        return str(g.obj(creature).owner)


@variant(Mistake.MONARCH_DRAWS_EVERY_END_STEP)
class MonarchDrawsEveryEndStep(Rules):
    """The monarch draws at the beginning of every player's end step."""

    def monarch_draws(self, g: Any, e: StepBegan, monarch: str) -> bool:
        return True


@variant(Mistake.DRAW_FOLLOWS_THE_CROWN)
class DrawFollowsTheCrown(Rules):
    """Whoever is the monarch as the draw trigger resolves draws: the draw is taken to be the
    crown's, not the player's, so it waits on the stack for the crown's new holder even when the
    monarch who made it trigger leaves the game."""

    def monarch_drawer(self, g: Any, controller: str) -> str:
        return str(g.monarch or controller)


@variant(Mistake.CROWN_PASSES_IN_TURN_ORDER)
class CrownPassesInTurnOrder(Rules):
    """The next player after the monarch in turn order inherits the crown."""

    def heir(self, g: Any, leaving: str) -> str | None:
        names = list(g.players)
        i = names.index(leaving)
        return next((names[(i + k) % len(names)] for k in range(1, len(names))
                     if g.in_game(names[(i + k) % len(names)])), None)


@variant(Mistake.CROWN_DISAPPEARS)
class CrownDisappears(Rules):
    """Nobody is the monarch once the monarch has left the game."""

    def heir(self, g: Any, leaving: str) -> str | None:
        return None


@variant(Mistake.BECOMING_MONARCH_AGAIN_TRIGGERS)
class BecomingMonarchAgainTriggers(Rules):
    """"You become the monarch" while already the monarch triggers "whenever you become the monarch"."""

    def becomes_monarch_triggers(self, g: Any, e: MonarchChanged, controller: str) -> bool:
        return super().becomes_monarch_triggers(g, e, controller) or (
            not e.setup and e.monarch == controller)


@variant(Mistake.COMBAT_STEAL_DOESNT_TRIGGER_LICH)
class CombatStealDoesntTriggerLich(Rules):
    """Only an effect that says "you become the monarch" (CR 725.1) triggers Custodi Lich: not
    taking the crown with combat damage (725.2), nor inheriting it (725.4)."""

    def becomes_monarch_triggers(self, g: Any, e: MonarchChanged, controller: str) -> bool:
        history = chain(g.events, e.seq) if hasattr(g, "events") else []
        return super().becomes_monarch_triggers(g, e, controller) and not any(
            isinstance(c, PlayerLeft) or (isinstance(c, DamageDealt) and c.combat) for c in history)


@variant(Mistake.PROTECTOR_GUARDS_THE_MONARCH)
class ProtectorGuardsTheMonarch(Rules):
    """Protector of the Crown takes the damage dealt to the monarch, whoever controls it, and
    none dealt to a controller who isn't the monarch."""

    def redirectors(self, g: Any, player: str, combat: bool) -> list[Obj]:
        return _protectors(g) if player == g.monarch else []


@variant(Mistake.PROTECTOR_ONLY_STOPS_COMBAT_DAMAGE)
class ProtectorOnlyStopsCombatDamage(Rules):
    """Protector of the Crown takes only combat damage."""

    def redirectors(self, g: Any, player: str, combat: bool) -> list[Obj]:
        return super().redirectors(g, player, combat) if combat else []


@variant(Mistake.PROTECTOR_IS_OPTIONAL)
class ProtectorIsOptional(Rules):
    """A player may decline his Protector's redirection and take the damage himself."""

    def redirection_optional(self, g: Any, player: str) -> bool:
        return True


@variant(Mistake.REDIRECT_SPILLS_OVER)
class RedirectSpillsOver(Rules):
    """A Protector takes only the damage it can survive; the rest goes on to its controller."""

    def redirected_shares(self, g: Any, player: str, protector: Obj, options: list[Obj],
                          amount: int) -> list[tuple[int | str, int]]:
        room = max(0, protector.toughness - protector.damage)
        if amount <= room:
            return super().redirected_shares(g, player, protector, options, amount)
        return [(protector.id, room)] * (room > 0) + [(player, amount - room)]


@variant(Mistake.SPLIT_DAMAGE_BETWEEN_PROTECTORS)
class SplitDamageBetweenProtectors(Rules):
    """One source's damage is shared out among all of the player's Protectors."""

    def redirected_shares(self, g: Any, player: str, protector: Obj, options: list[Obj],
                          amount: int) -> list[tuple[int | str, int]]:
        n = len(options)
        shares = [(o.id, amount // n + (i < amount % n)) for i, o in enumerate(options)]
        return [(to, share) for to, share in shares if share] if n > 1 else \
            super().redirected_shares(g, player, protector, options, amount)


@variant(Mistake.REDIRECTED_DAMAGE_ISNT_COMBAT_DAMAGE)
class RedirectedDamageIsntCombatDamage(Rules):
    """Redirected combat damage is no longer combat damage."""

    def redirected_combat(self, g: Any, combat: bool) -> bool:
        return False


@variant(Mistake.REDIRECTION_CHANGES_THE_SOURCE)
class RedirectionChangesTheSource(Rules):
    """Damage a Protector takes instead comes from the Protector, not from the attacker."""

    def redirected_source(self, g: Any, source_id: int | None, protector: Obj) -> int | None:
        return protector.id


@variant(Mistake.ABILITY_FIZZLES_WITHOUT_SOURCE)
class AbilityFizzlesWithoutSource(Rules):
    """An ability whose source, or the creature it is about, has left the battlefield does nothing."""

    def ability_resolves(self, g: Any, item: Any) -> bool:
        return False


@variant(Mistake.TARGETER_CHOOSES_THE_SACRIFICE)
class TargeterChoosesTheSacrifice(Rules):
    """The controller of "target player sacrifices a creature" chooses the creature."""

    def sacrifice_chooser(self, g: Any, player: str, controller: str) -> str:
        return controller


@variant(Mistake.JAILER_RELEASES_WHEN_IT_LEAVES)
class JailerReleasesWhenItLeaves(Rules):
    """A card exiled "until" something also returns when what exiled it leaves the battlefield."""

    def exile_ends(self, g: Any, exiled: Exiled, e: Event) -> bool:
        return super().exile_ends(g, exiled, e) or (
            isinstance(e, ZoneChange) and e.frm == "battlefield" and exiled.source is not None
            and e.obj_id == exiled.source)


@variant(Mistake.LATE_ARRIVAL_SEES_THE_EVENT)
class LateArrivalSeesTheEvent(Rules):
    """A card returned by an event (its "until" ended) triggers on that event."""

    def returner_sees(self, g: Any) -> bool:
        return True


@variant(Mistake.GONE_PERMANENT_STILL_TRIGGERS)
class GonePermanentStillTriggers(Rules):
    """A permanent that has died still triggers, as if it were on the battlefield."""

    def gone_sources(self, g: Any, e: Event, gone: list[LastKnown]) -> list[LastKnown]:
        return gone


@variant(Mistake.CROWN_MOVES_WITHOUT_A_TRIGGER)
class CrownMovesWithoutATrigger(Rules):
    """The crown moves the moment combat damage is dealt or a monarch card enters: no trigger waits."""

    def resolves_at_once(self, g: Any, effects: tuple[Any, ...]) -> bool:
        return any(isinstance(x, BecomeMonarch | CreatureControllerBecomesMonarch) for x in effects)


@variant(Mistake.DAMAGE_WEARS_OFF_BETWEEN_STEPS)
class DamageWearsOffBetweenSteps(Rules):
    """Damage marked on a creature goes away as each step ends."""

    def damage_wears_off(self, g: Any, step: str) -> bool:
        return True


def _of(name: str) -> str:
    """A possessive: "Grizzly Bears'", "Hill Giant's"."""
    return possessive(name)


class MonarchPlay(PlaySituation):
    """A monarch scenario: a set-up (the board), a short play sequence the engine plays (casts,
    combat, responses while a trigger waits, a player leaving), and a question about the end:
    who is the monarch, with a life total, a number of creatures or of Protectors of the
    Crown, or who chose the creature sacrificed to Custodi Lich (``ask``, about ``about``)."""

    topic: ClassVar[TopicName] = "monarch"
    # Its model is the play itself: a learner's answers are what the same play gives under the
    # variants they hold (PlaySituation.believe), so it knows every variant overriding a decision
    # the play asked (PlaySituation.known), this topic's and the others'.
    exclusive: ClassVar[frozenset[frozenset[str]]] = frozenset({
        frozenset({Mistake.CROWN_PASSES_IN_TURN_ORDER, Mistake.CROWN_DISAPPEARS}),
        frozenset({Mistake.REDIRECT_SPILLS_OVER, Mistake.SPLIT_DAMAGE_BETWEEN_PROTECTORS})})
    pair_all: ClassVar[int] = 4  # each pair is a replay of the play: pair what changes it alone
    ask: MonarchAsk = "monarch"
    about: str = "Bob"
    note: str = ""  # how the board came about, when the set-up alone doesn't say

    def key(self) -> Hashable:
        return ("play", self.play, self.ask, self.about)

    def describe(self) -> str:
        crown = "" if self.play.setup.monarch else "Nobody is the monarch. "
        return crown + self.play.setup.describe() + (f" {self.note}" if self.note else "")

    def answer_of(self, end: End) -> str:
        who = end.monarch or "nobody"
        if self.ask == "monarch":
            return who
        if self.ask == "who chooses":
            return end.chooser or "nobody"
        if self.ask == "cards drawn":
            return plural(end.drawn[self.about], "card")
        crown = f"{who} is the monarch"
        if self.ask == "monarch and life":
            return f"{crown}; {self.about} has {end.life[self.about]} life"
        if self.ask == "monarch and creatures":
            return f"{crown}; {self.about} controls {plural(end.creatures[self.about], 'creature')}"
        n = end.protectors.get(self.about, 0)
        return f"{crown}; {self.about} controls {plural(n, PROTECTOR, 'Protectors of the Crown')}"

    def outcomes(self) -> Outcomes:
        return self.play.outcomes()

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.answer_of(end_of(o)) for o in outs))

    def legal(self) -> tuple[str, ...]:
        return self.answers(self.outcomes())

    def decisive(self) -> Reason | None:
        if len(self.outcomes()) != 1 or self.ask == "who chooses":
            return None
        o = self.outcomes()[0]
        moved = [e for e in o.events if isinstance(e, MonarchChanged) and e.changed and not e.setup]
        kept = [e for e in o.events if isinstance(e, DamageRedirected)]
        deciding: Event | None = moved[-1] if moved else (
            kept[-1] if kept and self.play.setup.monarch is not None else None)
        if deciding is None:
            return None
        return Reason(f"{deciding.text} ({cr(deciding.rules)}).", deciding.rules, deciding.seq)

    def crown(self) -> str:
        """Where the crown went: ``moves``, ``stays`` or ``nobody`` (nobody has it at the end)."""
        after = self.outcomes()[0].game.monarch
        if after is None:
            return "nobody"
        return "stays" if after == self.play.setup.monarch else "moves"

    def tags(self) -> tuple[tuple[str, str], ...]:
        return (("crown", self.crown()),)

    def explain(self) -> str:
        o = self.outcomes()[0]
        end = end_of(o)
        lines = [self._why(o, end)]
        if len(self.legal()) > 1:
            lines.append("The players' choices decide it: " + "; ".join(
                f"{self.answer_of(end_of(x))} if {x.choice_summary()}" for x in self.outcomes()))
        shown = [e for e in o.events if isinstance(
            e, MonarchChanged | DamageDealt | DamageRedirected | DamagePrevented | StateBasedMove | PlayerLeft
            | Entered | AbilityTriggered | ChoiceMade | Resolved)
            or (isinstance(e, ZoneChange) and e.frm == "battlefield")]
        lines += ["What the engine did:", event_lines(shown)]
        return "\n".join(lines)

    def _why(self, o: Outcome, end: End) -> str:
        """The outcome in plain words, each part citing the rules of the event behind it."""
        s = _Story(self.play, o)
        bits: list[str] = []
        before = self.play.setup.monarch
        for e in s.changes():
            if e.setup:
                continue
            if s.after_leaving(e):
                how = "as the monarch left the game"
            elif s.from_combat(e) is not None:
                hit = s.from_combat(e)
                assert hit is not None
                gone = s.left(hit.source_id, hit.seq, e.seq)
                how = (f"when the monarch's trigger for {possessive(hit.source)} combat damage resolved"
                       + (f" (its controller is read from {hit.source} as it last existed on the "
                          f"battlefield, CR 608.2h, since it had left)" if gone else ""))
            else:
                how = "when an enters trigger resolved (it had waited on the stack until then, CR 603.3)"
            bits.append(f"{e.monarch} became the monarch {how} ({cr(e.rules)})")
        for x in s.act:
            if isinstance(x, DamageRedirected) and (stopped := s.prevented(x)) is not None:
                bits.append(f"{_of(x.source)} {x.amount} combat damage to {x.before} was redirected to a "
                            f"Protector of the Crown ({cr(x.rules)}); redirected, it is still combat "
                            f"damage, so {stopped.effect} prevented it and it was never dealt "
                            f"({cr(stopped.rules)})")
            elif isinstance(x, DamageRedirected):
                whose = ("even though he wasn't the monarch" if x.before != s.monarch_at(x.seq)
                         else "so it wasn't dealt to the monarch")
                kind = "combat damage (still combat damage once redirected)" if x.combat else "damage"
                bits.append(f"{_of(x.source)} {x.amount} {kind} was dealt to a Protector of the Crown "
                            f"instead of {x.before}, {whose} ({cr(x.rules)})")
            elif isinstance(x, DamageDealt) and x.to_player is not None and not x.combat \
                    and x.to_player == s.monarch_at(x.seq):
                bits.append(f"{x.source} dealt {x.amount} noncombat damage to the monarch, which "
                            f"doesn't take the crown: only combat damage does (CR 725.2)")
        for x in s.act:
            if isinstance(x, ZoneChange) and x.frm == "battlefield" and s.sacrificed(x):
                bits.append(f"{x.text} ({cr(x.rules)})")
        if not [e for e in s.changes() if not e.setup]:
            if end.monarch is None:
                bits.insert(0, "nobody became the monarch: there is no monarch until an effect makes "
                               "a player the monarch (CR 725.1)")
            else:
                bits.insert(0, f"{end.monarch} stayed the monarch: no creature dealt combat damage "
                               f"to {end.monarch} and nothing else made another player the monarch "
                               f"(CR 725.2)")
        del before
        text = "; ".join(bits)
        return f"{text[0].upper()}{text[1:]}." if text else "Nothing changed."


# ----------------------------------------------------------------------- scenario templates
def _board(*pieces: Piece, monarch: str | None = None, active: str = "Alice", step: str = "main1",
           players: tuple[str, ...] = ("Alice", "Bob"), life: int = 20) -> Setup:
    return Setup(players, pieces, monarch, active, step, life)


def _names(cards: Sequence[str]) -> str:
    return one_of(list(cards), last="and")


def _fight(attackers: Sequence[str], blocks: Sequence[tuple[str, str]] = (), who: str = "Alice",
            defender: str = "Bob") -> list[Step]:
    """Attack, block, combat damage (the game is in the beginning of combat step). With no
    ``blocks`` the step says the defender doesn't block: the engine plays no block, and a block
    could change the answer."""
    blocking = "" if blocks else f"; {defender} doesn't block"
    steps = [Step("attack", f"{who} attacks {defender} with {_names(attackers)}{blocking}.",
                  attackers=tuple(attackers), defender=defender)]
    if blocks:
        said = "; ".join(f"{b} blocks {a}" for b, a in blocks)
        steps.append(Step("block", f"{defender} blocks: {said}.", blocks=tuple(blocks)))
    steps.append(Step("advance", "Combat damage is dealt.", to="combat_damage"))
    return steps


def steal_play(attackers: Sequence[str], *, home: Sequence[str] = (),
               bob: Sequence[str] = ("Llanowar Elves",), protectors: int = 0,
               blocks: Sequence[tuple[str, str]] = (), bolt: str = "") -> Play:
    """Bob is the monarch; in Alice's beginning of combat she attacks him with ``attackers``
    (``home``: her creatures that stay back). Bob controls ``bob`` and ``protectors`` Protectors
    of the Crown; with ``bolt``, once combat damage is dealt he casts Lightning Bolt at it in
    response to what the damage triggered."""
    pieces = [Piece(c) for c in (*attackers, *home)] + [Piece(c, "Bob") for c in bob]
    pieces += [Piece(PROTECTOR, "Bob") for _ in range(protectors)]
    steps = _fight(attackers, blocks)
    if bolt:
        pieces += [Piece("Mountain", "Bob"), Piece("Lightning Bolt", "Bob", "hand")]
        steps += [Step("pass", "Alice, the active player, passes priority after combat damage (any "
                       "triggers it caused wait on the stack).", player="Alice"),
                  Step("cast", f"Bob taps his Mountain and casts Lightning Bolt targeting {bolt} in "
                       f"response; it resolves.", card="Lightning Bolt", target=bolt, pay=("Mountain",)),
                  Step("resolve", "")]
    lich = LICH in (*attackers, *home)
    steps.append(Step("resolve_stack", "Everything left on the stack resolves"
                      + (" (Alice's Custodi Lich targets Bob)." if lich else ".")))
    return Play(_board(*pieces, monarch="Bob", step="beginning_of_combat"), tuple(steps),
                keep=(("target", "Bob"),) if lich else ())


def ping_play(counters: int, pings: int, *, attackers: Sequence[str] = (),
              bob: Sequence[str] = ("Grizzly Bears",), protectors: int = 0,
              blocks: Sequence[tuple[str, str]] = ()) -> Play:
    """Bob is the monarch. In Alice's main phase her Walking Ballista (``counters`` counters)
    pings Bob ``pings`` times, each ping resolving before the next; then ``attackers`` attack."""
    pieces = [Piece("Walking Ballista", counters=(("+1/+1", counters),))]
    pieces += [Piece(c) for c in attackers] + [Piece(c, "Bob") for c in bob]
    pieces += [Piece(PROTECTOR, "Bob") for _ in range(protectors)]
    steps: list[Step] = []
    for i in range(pings):
        last = ", its last one (a 0/0, it is put into the graveyard before the ability resolves)" \
            if i == counters - 1 else ""
        steps += [Step("activate", f"Alice removes a +1/+1 counter from Walking Ballista{last} to have "
                       f"it deal 1 damage to Bob; the ability resolves.", card="Walking Ballista",
                       ability=1, target="Bob"),
                  Step("resolve", "")]
    if attackers:
        steps.append(Step("advance", "", to="beginning_of_combat"))
        steps += _fight(attackers, blocks)
        steps.append(Step("resolve_stack", "Everything on the stack resolves."))
    else:  # whatever the pings triggered resolves too (by the CR, nothing does)
        steps.append(Step("resolve_stack", ""))
    return Play(_board(*pieces, monarch="Bob"), tuple(steps))


#: The cost of the cards a player casts in the enters scenarios, as lands.
_LANDS = {PROTECTOR: ("Plains", 6), LICH: ("Swamp", 5), "Palace Jailer": ("Plains", 4)}


def _cast_with_lands(card: str, who: str) -> tuple[list[Piece], Step]:
    land, n = _LANDS[card]
    pieces = [Piece(land, who) for _ in range(n)] + [Piece(card, who, "hand")]
    pay = tuple([land] + [f"{land} {i}" for i in range(2, n + 1)])
    lands = {4: "four", 5: "five", 6: "six"}[n] + (" Plains" if land == "Plains" else f" {land}s")
    return pieces, Step("cast", f"{who} taps {lands} and casts {card}; it resolves, and its "
                        f"enters trigger{'s go' if card == 'Palace Jailer' else ' goes'} on the stack.",
                        card=card, pay=pay)


def enters_play(card: str, *, monarch: str | None = None, bolt: str = "", finish: bool = True,
                alice: Sequence[str] = ()) -> Play:
    """Bob's turn: he casts ``card`` (a creature whose enters trigger makes him the monarch).
    With its trigger on the stack he passes, and Alice bolts ``bolt`` (Bob, or the card). With
    ``finish`` the trigger then resolves too; else the question asks while it waits."""
    pieces, cast = _cast_with_lands(card, "Bob")
    pieces += [Piece(c) for c in alice] + [Piece("Mountain"), Piece("Lightning Bolt", zone="hand")]
    steps = [cast, Step("resolve", "")]
    if bolt:
        steps += [Step("pass", "", player="Bob"),
                  Step("cast", f"Bob passes priority; Alice taps her Mountain and casts Lightning Bolt "
                       f"targeting {bolt}; it resolves (the enters trigger still waits).",
                       card="Lightning Bolt", target=bolt, pay=("Mountain",)),
                  Step("resolve", "")]
    if finish:
        steps.append(Step("resolve_stack", "Everything left on the stack resolves"
                          + (" (the Lich's ability, if it triggers, targets Alice)." if card == LICH
                             else ".")))
    return Play(_board(*pieces, monarch=monarch, active="Bob"), tuple(steps),
                keep=(("target", "Alice"),) if card == LICH else ())


def knockout_play(players: tuple[str, ...], active: str, monarch: str, *, lich: bool = False,
                  concede: bool = False) -> Play:
    """Every player has 2 life; ``monarch`` is the monarch. In ``active``'s turn their Grizzly
    Bears attacks the monarch, whose 2 life it takes (or the monarch concedes first)."""
    pieces = [Piece("Grizzly Bears", active)]
    other = next(p for p in players if p not in (active, monarch))
    if lich:
        pieces += [Piece(LICH, active), Piece("Llanowar Elves", other)]
    setup = _board(*pieces, monarch=monarch, active=active, step="beginning_of_combat",
                   players=players, life=2)
    if concede:
        steps = [Step("concede", f"{monarch} concedes.", player=monarch),
                 Step("resolve_stack", "Everything on the stack resolves"
                      + (f" ({active}'s Custodi Lich targets {other})." if lich else "."))]
    else:
        steps = [*_fight(["Grizzly Bears"], who=active, defender=monarch),
                 Step("resolve_stack", "Everything on the stack resolves"
                      + (f" ({active}'s Custodi Lich targets {other})." if lich else "."))]
    return Play(setup, tuple(steps), keep=(("target", other),) if lich else ())


def jailer_play(prisoner: str, *, then: Literal["attack", "bolt jailer"] = "attack") -> Play:
    """Nobody is the monarch. Alice casts Palace Jailer, exiling Bob's ``prisoner`` until an
    opponent becomes the monarch; then either Bob's Grizzly Bears deals combat damage to her in
    his turn, or Bob bolts the Jailer."""
    pieces, cast = _cast_with_lands("Palace Jailer", "Alice")
    pieces += [Piece(prisoner, "Bob"), Piece("Grizzly Bears", "Bob")]
    steps = [cast, Step("resolve_stack", f"They resolve: Alice becomes the monarch, and Bob's {prisoner} "
                        f"is exiled until an opponent of Alice becomes the monarch.")]
    if then == "attack":
        steps += [Step("next_turn", "", to="beginning_of_combat"),
                  Step("attack", "In Bob's turn, Bob attacks Alice with Grizzly Bears; Alice doesn't "
                       "block.", attackers=("Grizzly Bears",), defender="Alice"),
                  Step("advance", "Combat damage is dealt, and everything on the stack resolves.",
                       to="end_of_combat")]
    else:
        pieces += [Piece("Mountain", "Bob"), Piece("Lightning Bolt", "Bob", "hand")]
        steps += [Step("pass", "", player="Alice"),
                  Step("cast", "Alice passes priority; Bob taps his Mountain and casts Lightning Bolt "
                       "targeting Palace Jailer; it resolves.", card="Lightning Bolt",
                       target="Palace Jailer", pay=("Mountain",)),
                  Step("resolve_stack", "")]
    keep = (("target", prisoner), ("target", "Alice"))
    return Play(_board(*pieces), tuple(steps), keep=keep)


def assassin_play(tapped_protector: bool = True) -> Play:
    """Bob is the monarch and controls Protector of the Crown; Alice controls Queen Marchesa.
    Alice's turn begins: in her upkeep the Queen makes an Assassin (an opponent is the monarch);
    then both attack Bob."""
    pieces = (Piece("Queen Marchesa"), Piece(PROTECTOR, "Bob", tapped=tapped_protector))
    steps = (Step("advance", "Alice's upkeep begins: Queen Marchesa's ability triggers (an opponent is "
                  "the monarch) and resolves: Alice creates a 1/1 Assassin with deathtouch and haste.",
                  to="upkeep"),
             Step("resolve_stack", ""),
             Step("advance", "", to="beginning_of_combat"),
             *_fight(["Queen Marchesa", "Assassin"]),
             Step("resolve_stack", "Everything on the stack resolves."))
    return Play(_board(*pieces, monarch="Bob", step="untap"), steps)


def bolt_then_attack_play(attackers: Sequence[str], *, at: str = "Bob", protectors: int = 1,
                          monarch: str = "Bob") -> Play:
    """Bob controls tapped Protectors of the Crown (they attacked in his last turn). In her main
    phase Alice casts Lightning Bolt at ``at``; then ``attackers`` attack Bob."""
    pieces = [Piece(c) for c in attackers] + [Piece("Mountain"), Piece("Lightning Bolt", zone="hand")]
    pieces += [Piece(PROTECTOR, "Bob", tapped=True) for _ in range(protectors)]
    steps = [Step("cast", f"Alice taps her Mountain and casts Lightning Bolt targeting {at}; it resolves.",
                  card="Lightning Bolt", target=at, pay=("Mountain",)),
             Step("resolve", ""),
             Step("advance", "", to="beginning_of_combat"),
             *_fight(attackers),
             Step("resolve_stack", "Everything on the stack resolves.")]
    return Play(_board(*pieces, monarch=monarch), tuple(steps))


def chooser_play(bob: Sequence[str] = ("Llanowar Elves", "Hill Giant")) -> Play:
    """Alice casts Custodi Lich; its triggers resolve (she targets Bob)."""
    pieces, cast = _cast_with_lands(LICH, "Alice")
    pieces += [Piece(c, "Bob") for c in bob]
    steps = (cast, Step("resolve_stack", "The enters trigger resolves and Alice becomes the monarch; "
                        "that triggers the Lich's other ability, which targets Bob, and it resolves."))
    return Play(_board(*pieces, monarch="Bob"), steps, keep=(("target", "Bob"),))


def bolt_play(monarch: str, *, at: str = "Bob", protectors: int = 1) -> Play:
    """Bob controls Protectors of the Crown; ``monarch`` is the monarch; in her main phase Alice
    casts Lightning Bolt targeting ``at``."""
    pieces = [Piece(PROTECTOR, "Bob") for _ in range(protectors)]
    pieces += [Piece("Mountain"), Piece("Lightning Bolt", zone="hand")]
    steps = (Step("cast", f"Alice taps her Mountain and casts Lightning Bolt targeting {at}.",
                  card="Lightning Bolt", target=at, pay=("Mountain",)),
             Step("resolve", "Both players pass; the Bolt resolves."))
    return Play(_board(*pieces, monarch=monarch), steps)


def guard_play(*, protectors: int = 1, attackers: Sequence[str] = ("Grizzly Bears",)) -> Play:
    """Alice is the monarch. In Bob's turn, Bob (who controls Protectors of the Crown) attacks
    her with ``attackers``; she doesn't block."""
    pieces = [Piece(PROTECTOR, "Bob") for _ in range(protectors)] + [Piece(c, "Bob") for c in attackers]
    steps = (*_fight(attackers, who="Bob", defender="Alice"),
             Step("resolve_stack", "Everything on the stack resolves."))
    return Play(_board(*pieces, monarch="Alice", active="Bob", step="beginning_of_combat"), steps)


def draws_play(*, steal: bool = False) -> Play:
    """Bob is the monarch; Alice's turn goes on to her end step (her Grizzly Bears attacking him
    first, with ``steal``), then Bob's turn to his end step."""
    pieces = (Piece("Grizzly Bears"),)
    steps: list[Step] = []
    if steal:
        steps += [Step("advance", "", to="beginning_of_combat"), *_fight(["Grizzly Bears"]),
                  Step("resolve_stack", "")]
    steps += [Step("advance", "Alice's turn goes on to her end step; everything there resolves.",
                   to="end"),
              Step("resolve_stack", ""),
              Step("next_turn", "Bob's turn: it goes on to his end step; everything there resolves.",
                   to="end"),
              Step("resolve_stack", "")]
    return Play(_board(*pieces, monarch="Bob"), tuple(steps))


class BlockedDamage(PlaySituation):
    """A blocked attacker's combat damage (CR 510.1c): Alice attacks Bob, the monarch, with the
    creature labelled ``attacker``, and he blocks it with two creatures (Protectors of the
    Crown). How may its damage be assigned? The engine offers every division among the
    blockers (its controller's choice), each a legal outcome of the play."""

    topic: ClassVar[TopicName] = "monarch"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.ONE_SOURCE_NEVER_SPLITS, Mistake.DAMAGE_ASSIGNMENT_ORDER,
        Mistake.BLOCKED_EXCESS_TRAMPLES_OVER)
    attacker: str

    def key(self) -> Hashable:
        return ("division", self.play)

    def divisions(self) -> tuple[tuple[int, ...], ...]:
        """Each division of the damage among the blockers, over the legal outcomes."""
        return _divisions(self.play)

    def legal(self) -> tuple[str, ...]:
        return _division_text(self.divisions())

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        """The divisions a learner holding ``held`` allows: one small model per misconception of
        damage assignment (these stay models, not rule variants: the engine's damage assignment is
        combat's, not the monarch's), and what the play gives under the variants among ``held``."""
        total = sum(self.divisions()[0])
        found = [_DIVISION_BELIEFS[Mistake(n)](total) for n in sorted(held) if n in _DIVISION_BELIEFS]
        if any(n not in _DIVISION_BELIEFS for n in held):
            found += self.under(rules_held(held))
        return tuple(dict.fromkeys(found))

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        return _division_text(_divisions_of(outs))

    def explain(self) -> str:
        o = self.play.outcomes()[0]
        choice = next(e for e in o.events if isinstance(e, ChoiceMade) and e.question == "damage assignment")
        return (f"{self.legal()[0][0].upper()}{self.legal()[0][1:]}: a creature blocked by two or more "
                f"creatures divides its combat damage among them as its controller chooses, with no order "
                f"among the blockers and no need to assign lethal damage first; without trample none of it "
                f"can go to the player (CR 510.1c). The engine offers each division, for example: "
                f"{choice.text} ({cr(choice.rules)}).")


def _division_text(found: tuple[tuple[int, ...], ...]) -> tuple[str, ...]:
    if not found:
        return ()
    total = sum(found[0])
    if len(found[0]) == 2 and len(found) == total + 1:
        return (f"any split of its {total} damage between the two blockers, as Alice chooses",)
    return ("; or ".join(" and ".join(str(n) for n in d) for d in found),)


#: The misreadings of damage assignment (CR 510.1c), one small model each: the damage a blocked
#: attacker deals (its total) -> the division the learner allows.
_DIVISION_BELIEFS: dict[Mistake, Callable[[int], str]] = {
    Mistake.ONE_SOURCE_NEVER_SPLITS:
        lambda total: f"all {total} damage to one of the blockers: one source's damage can't be split",
    Mistake.DAMAGE_ASSIGNMENT_ORDER:
        lambda total: "lethal damage to the first blocker in order before the second gets any",
    Mistake.BLOCKED_EXCESS_TRAMPLES_OVER:
        lambda total: "lethal damage to each blocker, and whatever is left over to Bob",
}


@functools.lru_cache(maxsize=256)
def _divisions(play: Play) -> tuple[tuple[int, ...], ...]:
    return _divisions_of(play.outcomes())


def _divisions_of(outs: Outcomes) -> tuple[tuple[int, ...], ...]:
    found = set()
    for o in outs:
        for c in o.choices:
            if c.question == "damage assignment" and isinstance(c.answer, tuple):
                found.add(tuple(int(str(part).rsplit(": ", 1)[1]) for part in c.answer))
    return tuple(sorted(found, reverse=True))


def division_play(counters: int = 6, blockers: Sequence[str] = (PROTECTOR, PROTECTOR)) -> Play:
    """Bob is the monarch; Alice's Walking Ballista with ``counters`` +1/+1 counters attacks him
    and he blocks it with ``blockers``; combat damage is dealt."""
    labels = [f"Bob's {b}" if i == 0 else f"Bob's {b} {i + 1}" for i, b in enumerate(blockers)]
    both = ("both his Protectors of the Crown" if list(blockers) == [PROTECTOR, PROTECTOR]
            else _names(blockers))
    pieces = (Piece("Walking Ballista", counters=(("+1/+1", counters),)),
              *[Piece(b, "Bob", label=label) for b, label in zip(blockers, labels, strict=True)])
    steps = (Step("attack", f"Alice attacks Bob with Walking Ballista ({counters}/{counters}).",
                  attackers=("Walking Ballista",), defender="Bob"),
             Step("block", f"Bob blocks it with {both}.",
                  blocks=tuple((label, "Walking Ballista") for label in labels)),
             Step("advance", "", to="combat_damage"))
    return Play(_board(*pieces, monarch="Bob", step="beginning_of_combat"), steps)


def treason_play(card: str, *, bob: Sequence[str] = ("Grizzly Bears",), protectors: int = 0,
                 bolt: bool = False) -> Play:
    """Bob is the monarch and controls ``card`` (and ``bob``, and ``protectors`` Protectors of the
    Crown). In her precombat main phase Alice casts Act of Treason on ``card`` and attacks Bob with
    it; with ``bolt``, once combat damage is dealt Bob casts Lightning Bolt at it in response to
    what the damage triggered."""
    mountains = ("Mountain", "Mountain 2", "Mountain 3")
    pieces = [Piece("Mountain") for _ in mountains]
    pieces += [Piece("Act of Treason", zone="hand"), Piece(card, "Bob")]
    pieces += [Piece(c, "Bob") for c in bob] + [Piece(PROTECTOR, "Bob") for _ in range(protectors)]
    steps = [Step("cast", f"Alice taps three Mountains and casts Act of Treason targeting Bob's {card}; it "
                  f"resolves: she controls it until end of turn, it is untapped and has haste.",
                  card="Act of Treason", target=card, pay=mountains),
             Step("resolve", ""),
             Step("advance", "", to="beginning_of_combat"),
             *_fight([card])]
    if bolt:
        pieces += [Piece("Mountain", "Bob", label="Bob's Mountain"), Piece("Lightning Bolt", "Bob", "hand")]
        steps += [Step("pass", "Alice, the active player, passes priority after combat damage (any "
                       "triggers it caused wait on the stack).", player="Alice"),
                  Step("cast", f"Bob taps his Mountain and casts Lightning Bolt targeting {card} in "
                       f"response; it resolves.", card="Lightning Bolt", target=card,
                       pay=("Bob's Mountain",)),
                  Step("resolve", "")]
    lich = card == LICH
    steps.append(Step("resolve_stack", "Everything left on the stack resolves"
                      + (" (if the Lich's ability triggers, it targets Bob)." if lich else ".")))
    return Play(_board(*pieces, monarch="Bob"), tuple(steps), keep=(("target", "Bob"),) if lich else ())


def holy_day_play(attackers: Sequence[str], *, protectors: int = 1) -> Play:
    """Bob is the monarch and controls Protectors of the Crown; Alice attacks him with
    ``attackers``, and in the declare attackers step Bob casts Holy Day ("Prevent all combat
    damage that would be dealt this turn"). Combat damage: Bob applies the replacement and
    prevention effects in the order he chooses."""
    pieces = [Piece(c) for c in attackers] + [Piece(PROTECTOR, "Bob") for _ in range(protectors)]
    pieces += [Piece("Plains", "Bob"), Piece("Holy Day", "Bob", "hand")]
    steps = [Step("attack", f"Alice attacks Bob with {_names(attackers)}.", attackers=tuple(attackers),
                  defender="Bob"),
             Step("pass", "", player="Alice"),
             Step("cast", "Alice passes priority; Bob taps his Plains and casts Holy Day; it resolves. He "
                  "doesn't block.", card="Holy Day", pay=("Plains",)),
             Step("resolve", ""),
             Step("advance", "Combat damage is dealt (Bob applies the effects in the order he likes).",
                  to="combat_damage"),
             Step("resolve_stack", "Everything on the stack resolves.")]
    return Play(_board(*pieces, monarch="Bob", step="beginning_of_combat"), tuple(steps))


def someone_elses_crown() -> MonarchPlay:
    """Notebook 07's quick question (the seed's case): Alice is the monarch, Bob controls
    Protector of the Crown, and Alice bolts Bob."""
    return MonarchPlay(bolt_play("Alice"), "monarch and life", note=_AFTER_PROTECTOR)


#: How Alice can be the monarch while Bob controls a Protector of the Crown (it made him the
#: monarch when it entered): a later "you become the monarch" of hers.
_AFTER_PROTECTOR = ("(Bob's Protector of the Crown made him the monarch when it entered; since then "
                    "Alice's Custodi Lich entered, made her the monarch, and died.)")


# ----------------------------------------------------------------------------- misconceptions
MISCONCEPTIONS: tuple[Misconception, ...] = (
    Misconception(
        name=Mistake.REDIRECTED_DAMAGE_IS_DAMAGE_TO_THE_MONARCH,
        topic="monarch",
        title="damage to a Protector counts as damage to the monarch",
        description="Combat damage that Protector of the Crown takes for the monarch still steals the crown.",
        rule="725.2",
        rule_says="The crown moves only when a creature deals combat damage to the monarch. A redirection "
                  "effect (CR 614.9) deals the damage to the Protector instead, so the monarch was dealt "
                  "none.",
        plugs_in="variant",
        example=Combat(("Grizzly Bears",), (), 1, True),
        ask="Who is the monarch after combat?",
    ),
    Misconception(
        name=Mistake.BLOCKED_DAMAGE_TAKES_THE_CROWN,
        topic="monarch",
        title="any combat damage takes the crown",
        description="An attacker that deals combat damage to the monarch's blocker takes the crown too.",
        rule="725.2",
        rule_says="Only combat damage dealt to the monarch (the player) moves the crown; damage to a "
                  "creature the monarch controls doesn't.",
        plugs_in="variant",
        example=Combat(("Grizzly Bears",), (("Hill Giant", "Grizzly Bears"),), 0, True),
        ask="Who is the monarch after combat?",
    ),
    Misconception(
        name=Mistake.PROTECTOR_ONLY_STOPS_COMBAT_DAMAGE,
        topic="monarch",
        title="Protector only takes combat damage",
        description="Protector of the Crown takes combat damage for its controller, but a Lightning Bolt "
                    "still hits the player.",
        rule="614.9",
        rule_says="The Protector redirects all damage that would be dealt to its controller, combat or not; "
                  "redirecting it doesn't change whether it is combat damage.",
        plugs_in="variant",
        example=Bolts(0),
        ask="How much life does Bob lose?",
    ),
    Misconception(
        name=Mistake.REDIRECT_SPILLS_OVER,
        topic="monarch",
        title="extra damage spills over to the player",
        description="A damaged Protector takes only what it can survive; the rest goes on to its controller.",
        rule="614.9",
        rule_says="A redirection effect deals all of the damage to the Protector instead, even more than "
                  "its toughness; it is destroyed afterwards (CR 704.5g) and nothing reaches the player.",
        plugs_in="variant",
        example=Bolts(1),
        ask="How much life does Bob lose?",
    ),
    Misconception(
        name=Mistake.CROWN_PASSES_IN_TURN_ORDER,
        topic="monarch",
        title="the crown goes to the next player",
        description="When the monarch leaves the game, the next player in turn order becomes the monarch.",
        rule="725.4",
        rule_says="If the monarch leaves the game, the active player becomes the monarch; only if the "
                  "monarch is the active player does the next player in turn order get it.",
        plugs_in="variant",
        example=Leaves(("Alice", "Bob", "Carol"), "Alice", "Bob"),
        ask="Who is the monarch now?",
    ),
    Misconception(
        name=Mistake.CROWN_DISAPPEARS,
        topic="monarch",
        title="the crown leaves with the monarch",
        description="When the monarch leaves the game, the game goes on with no monarch.",
        rule="725.4",
        rule_says="Once there is a monarch there always is one while a player can be: when the monarch "
                  "leaves, another player becomes the monarch at that moment.",
        plugs_in="variant",
        example=Leaves(("Alice", "Bob", "Carol"), "Alice", "Bob"),
        ask="Who is the monarch now?",
    ),
    Misconception(
        name=Mistake.BECOMING_MONARCH_AGAIN_TRIGGERS,
        topic="monarch",
        title="becoming the monarch again triggers",
        description="'Whenever you become the monarch' triggers even if you already are the monarch.",
        rule="603.2e",
        rule_says="A 'becomes' trigger needs the change to happen: if you are already the monarch, 'you "
                  "become the monarch' changes nothing and Custodi Lich's ability doesn't trigger.",
        plugs_in="variant",
        example=LichEnters(True),
        ask="How many creatures could Alice control afterwards?",
    ),
    Misconception(
        name=Mistake.DRAW_FOLLOWS_THE_CROWN,
        topic="monarch",
        title="the draw follows the crown",
        description="If another player becomes the monarch while the monarch's draw trigger waits on the "
                    "stack, the new monarch draws.",
        rule="725.2",
        rule_says="The monarch's triggers are controlled by whoever was the monarch when they triggered, so "
                  "the player who was the monarch at the beginning of the end step draws.",
        plugs_in="variant",
        example=DrawRace(True),
        ask="Who draws the card?",
    ),
    Misconception(
        name=Mistake.NONCOMBAT_CREATURE_DAMAGE_TAKES_THE_CROWN,
        topic="monarch",
        title="any damage from a creature takes the crown",
        description="A creature that deals damage to the monarch in any way, such as Walking Ballista "
                    "removing a counter, takes the crown for its controller.",
        rule="725.2",
        rule_says="The monarch's steal trigger waits for combat damage: damage from an activated ability is "
                  "noncombat damage, even when the creature is attacking, and the crown stays.",
        plugs_in="variant",
        example=MonarchPlay(ping_play(2, 1), "monarch and life"),
        ask="Who is the monarch afterwards, and how much life does Bob have?",
    ),
    Misconception(
        name=Mistake.MONARCH_DRAWS_EVERY_END_STEP,
        topic="monarch",
        title="the monarch draws at every end step",
        description="The monarch draws a card at the beginning of every player's end step.",
        rule="725.2",
        rule_says="The draw trigger is 'at the beginning of the monarch's end step': it triggers only in "
                  "the monarch's own turn.",
        plugs_in="variant",
        example=MonarchPlay(draws_play(), "cards drawn"),
        ask="How many cards has Bob drawn from the monarch's draw ability?",
    ),
    Misconception(
        name=Mistake.COMBAT_STEAL_DOESNT_TRIGGER_LICH,
        topic="monarch",
        title="only 'you become the monarch' triggers Custodi Lich",
        description="Custodi Lich's 'whenever you become the monarch' works with an effect that says 'you "
                    "become the monarch' (its own enters ability), not when its controller takes the crown "
                    "with combat damage or inherits it because the monarch left the game.",
        rule="603.2",
        rule_says="A triggered ability triggers whenever its event happens, however it happens: the "
                  "monarch's steal trigger making Alice the monarch (CR 725.2), or the crown passing to "
                  "her as the monarch leaves (725.4), is Alice becoming the monarch.",
        plugs_in="variant",
        example=MonarchPlay(steal_play([LICH], bob=("Grizzly Bears",)), "monarch and creatures"),
        ask="Who is the monarch afterwards, and how many creatures does Bob control?",
    ),
    Misconception(
        name=Mistake.SPLIT_DAMAGE_BETWEEN_PROTECTORS,
        topic="monarch",
        title="one source's damage can be split between Protectors",
        description="With two Protectors of the Crown, an attacker's 6 combat damage can be dealt 3 to each.",
        rule="616.1",
        rule_says="Each Protector's redirection replaces the whole damage event: Bob chooses one of them to "
                  "apply, and then the damage is no longer being dealt to him, so the other can't apply. "
                  "One source's damage goes to one Protector.",
        plugs_in="variant",
        example=MonarchPlay(steal_play(["Craw Wurm"], bob=(), protectors=2), "monarch and protectors"),
        ask="Who is the monarch afterwards, and how many Protectors of the Crown does Bob still control?",
    ),
    Misconception(
        name=Mistake.PROTECTOR_GUARDS_THE_MONARCH,
        topic="monarch",
        title="Protector of the Crown shields whoever is the monarch",
        description="Protector of the Crown takes the damage that would be dealt to the monarch, whoever "
                    "controls it, and none of the damage dealt to its controller while he isn't the "
                    "monarch (only the monarch's Protector protects).",
        rule="614.9",
        rule_says="The card says 'dealt to you': it redirects the damage that would be dealt to its "
                  "controller, monarch or not, and never damage dealt to another player.",
        plugs_in="variant",
        example=MonarchPlay(guard_play(), "monarch and life", "Alice", _AFTER_PROTECTOR),
        ask="Who is the monarch afterwards, and how much life does Alice have?",
    ),
    Misconception(
        name=Mistake.LATE_ARRIVAL_SEES_THE_EVENT,
        topic="monarch",
        title="a permanent that returns because of an event sees it",
        description="Bob's Custodi Lich, exiled by Palace Jailer until an opponent becomes the monarch, "
                    "comes back in time to trigger on Bob becoming the monarch.",
        rule="603.10",
        rule_says="Only objects on the battlefield right after an event can trigger on it. The Lich returns "
                  "by a second effect created after Bob became the monarch (CR 610.3), too late to see it.",
        plugs_in="variant",
        example=MonarchPlay(jailer_play(LICH), "monarch and creatures", "Alice"),
        ask="Who is the monarch afterwards, and how many creatures does Alice control?",
    ),
    Misconception(
        name=Mistake.GONE_PERMANENT_STILL_TRIGGERS,
        topic="monarch",
        title="a creature that just died still triggers",
        description="A Custodi Lich that died a moment ago still triggers when its controller becomes the "
                    "monarch.",
        rule="113.6",
        rule_says="A permanent's abilities work only while it is on the battlefield. 'Whenever you become "
                  "the monarch' isn't one of the abilities that look back in time (CR 603.10a), so a Lich "
                  "in the graveyard triggers on nothing.",
        plugs_in="variant",
        example=MonarchPlay(steal_play([LICH], bob=("Grizzly Bears",), bolt=LICH),
                            "monarch and creatures"),
        ask="Who is the monarch afterwards, and how many creatures does Bob control?",
    ),
    Misconception(
        name=Mistake.CROWN_MOVES_WITHOUT_A_TRIGGER,
        topic="monarch",
        title="the crown moves with no trigger",
        description="The crown changes hands the moment combat damage is dealt or a monarch card enters, so "
                    "nothing can happen in between.",
        rule="603.3",
        rule_says="Both are triggered abilities: they go on the stack and players get priority before they "
                  "resolve, so until then the monarch is who it was.",
        plugs_in="variant",
        example=MonarchPlay(enters_play(PROTECTOR, bolt="Bob", finish=False), "monarch and life"),
        ask="Right now, with the enters trigger still waiting, who is the monarch, and how much life does "
            "Bob have?",
    ),
    Misconception(
        name=Mistake.TARGETER_CHOOSES_THE_SACRIFICE,
        topic="monarch",
        title="Custodi Lich's controller picks the creature",
        description="'Target player sacrifices a creature of their choice' lets the Lich's controller "
                    "choose which creature goes.",
        rule="701.21a",
        rule_says="A player sacrifices permanents they control, and the card says 'of their choice': the "
                  "targeted player chooses.",
        plugs_in="variant",
        example=MonarchPlay(chooser_play(), "who chooses"),
        ask="Who chooses which creature Bob sacrifices?",
    ),
    Misconception(
        name=Mistake.DAMAGE_WEARS_OFF_BETWEEN_STEPS,
        topic="monarch",
        title="damage from earlier in the turn is gone",
        description="Damage marked on a creature goes away when the step or phase ends, so a Bolt in the "
                    "main phase and combat damage later don't add up.",
        rule="514.2",
        rule_says="Marked damage is removed only in the cleanup step at the end of the turn; lethal damage "
                  "(CR 704.5g) counts all of it.",
        plugs_in="variant",
        example=MonarchPlay(bolt_then_attack_play(["Grizzly Bears"]), "monarch and protectors"),
        ask="Who is the monarch afterwards, and how many Protectors of the Crown does Bob still control?",
    ),
    Misconception(
        name=Mistake.REDIRECTION_CHANGES_THE_SOURCE,
        topic="monarch",
        title="redirected damage no longer comes from the attacker",
        description="Damage a Protector takes instead of its controller comes from the Protector's effect, "
                    "so the attacker's deathtouch doesn't apply to it.",
        rule="702.2b",
        rule_says="A redirection deals the same damage to another object (CR 614.9): its source is still "
                  "the attacker, so damage from a deathtouch source destroys the Protector.",
        plugs_in="variant",
        example=MonarchPlay(assassin_play(), "monarch and protectors"),
        ask="Who is the monarch afterwards, and how many Protectors of the Crown does Bob still control?",
    ),
    Misconception(
        name=Mistake.JAILER_RELEASES_WHEN_IT_LEAVES,
        topic="monarch",
        title="Palace Jailer's prisoner returns when the Jailer leaves",
        description="Palace Jailer works like other 'exile until this leaves' creatures: destroy the Jailer "
                    "and the exiled creature comes back.",
        rule="610.3",
        rule_says="An 'until' exile ends when its stated event happens. The Jailer's is 'until an opponent "
                  "becomes the monarch': its leaving the battlefield doesn't bring the creature back.",
        plugs_in="variant",
        example=MonarchPlay(jailer_play("Hill Giant", then="bolt jailer"), "monarch and creatures"),
        ask="Who is the monarch afterwards, and how many creatures does Bob control?",
    ),
    Misconception(
        name=Mistake.ABILITY_FIZZLES_WITHOUT_SOURCE,
        topic="monarch",
        title="an ability does nothing once its source is gone",
        description="If the permanent whose ability is on the stack (or the creature it is about) leaves "
                    "the battlefield, the ability does nothing: bolt Custodi Lich in response to its enters "
                    "trigger and nobody becomes the monarch; kill the attacker in response to the monarch's "
                    "steal trigger and the monarch keeps the crown.",
        rule="113.7a",
        rule_says="Once triggered or activated, an ability exists on its own: it still resolves and does "
                  "what it says, using what it refers to as it last existed on the battlefield (CR 608.2h): "
                  "the attacker's last controller still becomes the monarch.",
        plugs_in="variant",
        example=MonarchPlay(enters_play(LICH, bolt=LICH, alice=("Grizzly Bears",))),
        ask="Who is the monarch afterwards?",
    ),
    Misconception(
        name=Mistake.PROTECTOR_IS_OPTIONAL,
        topic="monarch",
        title="Bob may decline his Protector's redirection",
        description="A player may choose to take the damage himself, to keep his Protector of the Crown "
                    "alive.",
        rule="614.1a",
        rule_says="Protector of the Crown's effect has no 'may': damage that would be dealt to its "
                  "controller is dealt to it instead. With several Protectors he chooses which one applies "
                  "(CR 616.1), not whether one does.",
        plugs_in="variant",
        example=MonarchPlay(steal_play(["Craw Wurm"], bob=(), protectors=1), "monarch and protectors"),
        ask="Which could be true after combat: who is the monarch, and how many Protectors of the Crown "
            "does Bob still control?",
    ),
    Misconception(
        name=Mistake.OWNER_TAKES_THE_CROWN,
        topic="monarch",
        title="the crown goes to the creature's owner",
        description="'Its controller becomes the monarch' means the player whose card it is, so a stolen "
                    "creature wins the crown for its owner.",
        rule="725.2",
        rule_says="The player who controls the creature that dealt combat damage to the monarch becomes the "
                  "monarch: a creature taken with Act of Treason wins the crown for the player who took it "
                  "(control can differ from ownership, CR 110.2; if the creature has left the battlefield, "
                  "its last known controller, CR 608.2h).",
        plugs_in="variant",
        example=MonarchPlay(treason_play("Grizzly Bears", bob=("Llanowar Elves",)), "monarch"),
        ask="Who is the monarch now?",
    ),
    Misconception(
        name=Mistake.REDIRECTED_DAMAGE_ISNT_COMBAT_DAMAGE,
        topic="monarch",
        title="redirected damage stops being combat damage",
        description="Once Protector of the Crown takes the damage instead, it is damage from the "
                    "Protector's effect, no longer combat damage, so an effect that prevents combat damage "
                    "doesn't stop it.",
        rule="614.9",
        rule_says="A redirection deals the same damage to another object: redirected combat damage is still "
                  "combat damage. With Holy Day on, Bob's Protector takes the Craw Wurm's 6 combat damage "
                  "instead of him, and that damage is prevented (CR 615.1); the Protector survives.",
        plugs_in="variant",
        example=MonarchPlay(holy_day_play(["Craw Wurm"]), "monarch and protectors"),
        ask="Who is the monarch now, and how many Protectors of the Crown does Bob still control?",
    ),
    Misconception(
        name=Mistake.ONE_SOURCE_NEVER_SPLITS,
        topic="monarch",
        title="a blocked attacker can't divide its damage either",
        description="One source's damage can't be split between two Protectors, so an attacker blocked by "
                    "two creatures must put all its damage on one of them.",
        rule="510.1c",
        rule_says="An attacker blocked by two or more creatures divides its combat damage among them as its "
                  "controller chooses. The 'can't split' ruling is about redirection (CR 614.9), where one "
                  "replacement effect replaces the whole damage event.",
        plugs_in="model",
        example=BlockedDamage(division_play(), "Walking Ballista"),
        ask="How may Alice's 6 combat damage be assigned?",
    ),
    Misconception(
        name=Mistake.DAMAGE_ASSIGNMENT_ORDER,
        topic="monarch",
        title="blockers are put in order and lethal damage goes first",
        description="The attacking player orders the blockers and must assign lethal damage to the first "
                    "before the next gets any.",
        rule="510.1c",
        rule_says="Under the current rules there is no damage assignment order: an attacker blocked by "
                  "several creatures divides its combat damage among them as its controller likes.",
        plugs_in="model",
        example=BlockedDamage(division_play(), "Walking Ballista"),
        ask="How may Alice's 6 combat damage be assigned?",
    ),
    Misconception(
        name=Mistake.BLOCKED_EXCESS_TRAMPLES_OVER,
        topic="monarch",
        title="damage beyond what the blockers need goes to the player",
        description="A blocked attacker may give each blocker lethal damage and the rest to the player it "
                    "attacks.",
        rule="510.1c",
        rule_says="A blocked creature assigns all its combat damage to the creatures blocking it; only "
                  "trample (CR 702.19b) lets damage beyond lethal go to the player.",
        plugs_in="model",
        example=BlockedDamage(division_play(), "Walking Ballista"),
        ask="How may Alice's 6 combat damage be assigned?",
    ),
)


# ----------------------------------------------------------------------------- practice
_ATTACKERS = ["Grizzly Bears", "Hill Giant", "Raging Goblin", "Serra Angel", "Llanowar Elves"]


def _combat_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    attackers = tuple(sorted(rng.sample(_ATTACKERS, rng.randint(1, 2))))
    protectors = rng.choice([0, 1] if level == "easy" else [0, 1, 2])
    bob_is_monarch = True  # a Protector of the Crown made its controller the monarch as it entered
    blocks: tuple[tuple[str, str], ...] = ()
    if rng.random() < 0.5:
        blocks = (("Hill Giant", rng.choice(attackers)),)
        if not combat_is_legal(attackers, blocks):
            return None  # Hill Giant can't block a flyer (CR 702.9b): never show that board
    ask: Literal["monarch", "monarch and life"] = "monarch" if level == "easy" else "monarch and life"
    s = Combat(attackers, blocks, protectors, bob_is_monarch, ask)
    if ask == "monarch":
        return s, Stem(("Who is the monarch after combat?", "When combat ends, who is the monarch?",
                        "Combat is over. Which player holds the crown?"),
                       lambda v: f"after combat, {v} is the monarch.", "CR 725.2, 614.9")
    return s, Stem(("After combat, who is the monarch, and how much life does Bob have?",
                    "When combat ends, which of these is true?",
                    "Once combat damage is dealt and combat ends, which describes the crown and Bob's life?"),
                   lambda v: f"after combat, {v}.", "CR 725.2, 614.9")


def _leaves_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    players = ("Alice", "Bob", "Carol", "Dave")[: rng.randint(3, 3 if level == "easy" else 4)]
    s = Leaves(players, rng.choice(players), rng.choice(players))
    return s, Stem(("Who is the monarch now?", "Who becomes the monarch?",
                    "A player has left the game. Where does the crown go?"),
                   lambda v: f"{v} is the monarch now." if v != "nobody" else
                   "nobody is the monarch now.", "CR 725.4")


#: How each kind of scenario question is asked, and the claim "which rule decides?" states.
_ASKS: dict[MonarchAsk, tuple[tuple[str, ...], str]] = {
    "monarch": (("Who is the monarch now?", "When everything has resolved, who is the monarch?",
                 "Who holds the crown at the end?", "Once the stack is empty, which player is the monarch?",
                 "After all of this, who is the monarch (if anyone)?"),
                "{v} is the monarch now."),
    "monarch and life": (("Which is true now: who is the monarch, and how much life does {about} have?",
                          "When everything has resolved, who is the monarch, and what is {about}'s life "
                          "total?",
                          "At the end, who has the crown, and what is {about}'s life total?",
                          "Which pair is right: the monarch, and {about}'s life?",
                          "Once the stack is empty, who is the monarch and how much life is {about} at?",
                          "Follow the damage: who ends up the monarch, and with how much life is {about} "
                          "left?"), "{v}."),
    "monarch and creatures": (("Who is the monarch now, and how many creatures does {about} control?",
                               "When everything has resolved, which is true of the crown and {about}'s "
                               "creatures?",
                               "Count {about}'s creatures at the end. Who is the monarch, and how many are "
                               "there?",
                               "Which describes the end: the monarch, and {about}'s creatures?",
                               "At the end, who has the crown, and how many creatures are on {about}'s "
                               "side?",
                               "Which pair is right: the monarch, and the number of creatures {about} "
                               "controls?",
                               "Once the stack is empty, who is the monarch, and what does {about} still "
                               "control?"), "{v}."),
    "monarch and protectors": (("Who is the monarch now, and how many Protectors of the Crown does "
                                "{about} still control?",
                                "When everything has resolved, which is true of the crown and the "
                                "Protectors?",
                                "Which Protectors of the Crown are still on {about}'s side, and who is the "
                                "monarch?",
                                "At the end, who has the crown, and how many Protectors of the Crown "
                                "survive on {about}'s side?",
                                "Which pair is right: the monarch, and {about}'s Protectors of the Crown?"),
                               "{v}."),
    "who chooses": (("Who chooses which creature Bob sacrifices?",
                     "Custodi Lich's ability targets Bob: who picks the creature he sacrifices?"),
                    "{v} chooses the creature."),
    "cards drawn": (("How many cards has {about} drawn from the monarch's draw ability by then?",
                     "Counting only the monarch's end-step draws, how many cards has {about} drawn?",
                     "How many times has the monarch's ability made {about} draw by then?"),
                    "{about} has drawn {v} from the monarch's draw ability."),
}


def _ask(s: MonarchPlay, rules: str) -> tuple[Situation, Stem]:
    asks, claim = _ASKS[s.ask]
    return s, Stem(tuple(a.format(about=s.about) for a in asks),
                   lambda v: claim.format(v=v, about=s.about), rules)


def _steal_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    attackers = sorted(rng.sample(["Grizzly Bears", "Hill Giant", "Craw Wurm", "Serra Angel", LICH],
                                  rng.choice([1, 1, 2])))
    home = [LICH] if LICH not in attackers and rng.random() < 0.4 else []
    protectors = rng.choice([0, 0, 1, 2] if level == "hard" else [0, 1])
    bob = ["Llanowar Elves"] + (["Hill Giant"] if rng.random() < 0.5 else [])
    blocks: list[tuple[str, str]] = []
    blockable = [a for a in attackers if a != "Serra Angel"]
    if "Hill Giant" in bob and blockable and rng.random() < 0.35:
        blocks = [("Hill Giant", rng.choice(blockable))]
    bolt = ""
    if level == "hard" or rng.random() < 0.3:
        dying = {b for _, b in blocks if b in ("Grizzly Bears", "Hill Giant", LICH)}
        bolt = rng.choice([a for a in (*attackers, *home) if a in ("Grizzly Bears", "Hill Giant", LICH)
                           and a not in dying] + [""])
    play = steal_play(attackers, home=home, bob=bob, protectors=protectors, blocks=blocks, bolt=bolt)
    if LICH in (*attackers, *home):
        ask: MonarchAsk = "monarch and creatures"
    elif protectors and rng.random() < 0.5:
        ask = "monarch and protectors"
    else:
        ask = "monarch and life" if level == "hard" or rng.random() < 0.5 else "monarch"
    return _ask(MonarchPlay(play, ask), "CR 725.2, 614.9, 608.2h")


def _ping_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    counters = rng.randint(1, 3)
    attackers = ["Grizzly Bears"] if level == "hard" and rng.random() < 0.6 else []
    protectors = rng.choice([0, 0, 1])
    blocks = [("Grizzly Bears", "Grizzly Bears")] if attackers and rng.random() < 0.3 else []
    play = ping_play(counters, rng.randint(1, counters), attackers=attackers, protectors=protectors,
                     blocks=blocks, bob=("Grizzly Bears",))
    return _ask(MonarchPlay(play, "monarch and life"), "CR 725.2, 113.7a, 614.9")


def _enters_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    card = rng.choice([PROTECTOR, PROTECTOR, LICH])
    monarch = rng.choice([None, None, "Alice"])
    bolt = rng.choice(["Bob", card, ""] if card == PROTECTOR else [card, card, ""])
    finish = rng.random() < (0.4 if card == PROTECTOR else 0.7)
    if level == "hard" and not bolt and not finish:
        return None  # a hard question plays two steps or more
    alice = tuple(sorted(rng.sample(["Grizzly Bears", "Llanowar Elves", "Hill Giant"], rng.randint(1, 2))))
    play = enters_play(card, monarch=monarch, bolt=bolt, finish=finish, alice=alice if card == LICH else ())
    note = "(Alice's Custodi Lich made her the monarch earlier in the game; it has since died.)" \
        if monarch == "Alice" else ""
    s = MonarchPlay(play, "monarch and life" if card == PROTECTOR else "monarch and creatures",
                    "Bob" if card == PROTECTOR else "Alice", note)
    return _ask(s, "CR 725.1, 603.3, 614.9, 113.7a")


def _knockout_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    players = ("Alice", "Bob", "Carol", "Dave")[: rng.choice([3, 3, 4] if level == "hard" else [3])]
    active = rng.choice(players)
    concede = rng.random() < 0.4
    monarch = rng.choice([p for p in players if p != active] + ([active] if concede else []))
    lich = rng.random() < 0.5
    play = knockout_play(players, active, monarch, lich=lich, concede=concede)
    other = next(p for p in players if p not in (active, monarch))
    s = MonarchPlay(play, "monarch and creatures" if lich else "monarch", other)
    return _ask(s, "CR 725.4, 704.5a, 603.2")


def _jailer_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    prisoner = rng.choice([LICH, LICH, "Hill Giant", PROTECTOR])
    then: Literal["attack", "bolt jailer"] = rng.choice(["attack", "attack", "bolt jailer"])
    play = jailer_play(prisoner, then=then)
    about = rng.choice(["Alice", "Bob"])
    return _ask(MonarchPlay(play, "monarch and creatures", about), "CR 610.3, 603.10, 603.2e")


def _protector_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    kind = rng.choice(["bolt", "bolt then attack", "guard", "assassin"])
    if kind == "assassin":
        return _ask(MonarchPlay(assassin_play(), "monarch and protectors"), "CR 614.9, 702.2b, 725.2")
    protectors = rng.choice([1, 1, 2])
    if kind == "guard":
        attackers = sorted(rng.sample(["Grizzly Bears", "Hill Giant", "Serra Angel"], rng.randint(1, 2)))
        s = MonarchPlay(guard_play(protectors=protectors, attackers=attackers), "monarch and life",
                        "Alice", _AFTER_PROTECTOR)
        return _ask(s, "CR 614.9, 725.2")
    monarch = rng.choice(["Alice", "Bob"])
    note = _AFTER_PROTECTOR if monarch == "Alice" else ""
    at = rng.choice(["Bob", "Bob", PROTECTOR])
    if kind == "bolt":
        if level == "hard":
            return None  # one step: the hard level plays more
        return _ask(MonarchPlay(bolt_play(monarch, at=at, protectors=protectors), "monarch and life",
                                note=note), "CR 614.9")
    attackers = sorted(rng.sample(["Grizzly Bears", "Hill Giant", "Craw Wurm"], rng.randint(1, 2)))
    play = bolt_then_attack_play(attackers, at=at, protectors=protectors, monarch=monarch)
    ask: MonarchAsk = rng.choice(["monarch and protectors", "monarch and life"])
    return _ask(MonarchPlay(play, ask, note=note), "CR 614.9, 514.2, 704.5g, 725.2")


def _treason_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    card = rng.choice(["Grizzly Bears", "Hill Giant", LICH, LICH])
    protectors = rng.choice([0, 0, 1]) if card != LICH else 0
    bolt = level == "hard" and rng.random() < 0.5 or rng.random() < 0.2
    play = treason_play(card, bob=("Grizzly Bears",) if card != "Grizzly Bears" else ("Llanowar Elves",),
                        protectors=protectors, bolt=bolt)
    ask: MonarchAsk = "monarch and creatures" if card == LICH else (
        "monarch and protectors" if protectors else "monarch" if level == "easy" else "monarch and life")
    return _ask(MonarchPlay(play, ask), "CR 725.2, 613.1b, 608.2h")


def _holy_day_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    # an attacker big enough to destroy a Protector, were its damage not prevented
    attackers = sorted(["Craw Wurm", *rng.sample(["Hill Giant", "Grizzly Bears"], rng.randint(0, 1))])
    play = holy_day_play(attackers, protectors=rng.choice([1, 1, 2]))
    return _ask(MonarchPlay(play, "monarch and protectors"), "CR 614.9, 615.1, 616.1")


def _division_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    blockers = (PROTECTOR, rng.choice([PROTECTOR, PROTECTOR, "Hill Giant"]))
    s = BlockedDamage(division_play(rng.randint(4, 8), blockers), "Walking Ballista")
    return s, Stem(("How may Alice's combat damage from Walking Ballista be assigned?",
                    "Which describes how Walking Ballista's combat damage may be assigned?",
                    "Walking Ballista is blocked by two creatures. How may its damage be split?",
                    "Which assignments of Walking Ballista's combat damage are allowed?"),
                   lambda v: f"its combat damage may be assigned so: {v}.", "CR 510.1c, 614.9")


def _draws_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    steal = rng.random() < 0.5
    return _ask(MonarchPlay(draws_play(steal=steal), "cards drawn", rng.choice(["Alice", "Bob"])),
                "CR 725.2")


def _legacy_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """The boards of notebooks 06 and 07, as they stand (no play sequence)."""
    roll = rng.random()
    if roll < 0.35:
        return _combat_question(rng, level)
    if roll < 0.6:
        return _leaves_question(rng, level)
    if roll < 0.75:
        s: Situation = Bolts(rng.randint(0, 2))
        return s, Stem(("How much life does Bob lose?", "How much life has Bob lost at the end?"),
                       lambda v: f"Bob loses {v} life.", "CR 614.9")
    if roll < 0.9:
        s = LichEnters(rng.random() < 0.5, tuple(sorted(rng.sample(["Grizzly Bears", "Hill Giant",
                                                                    "Llanowar Elves"], 2))))
        return s, Stem(("How many creatures could Alice control afterwards?",),
                       lambda v: f"Alice could end up controlling {plural(int(v), 'creature')}.",
                       "CR 603.2e, 725.3")
    s = DrawRace(rng.random() < 0.7)
    return s, Stem(("Who draws the card?", "Which player draws from the monarch's trigger?"),
                   lambda v: f"{v} draws the card.", "CR 725.2")


_SCENARIOS: tuple[tuple[float, Callable[[random.Random, Level], tuple[Situation, Stem] | None]], ...] = (
    (0.22, _steal_question), (0.1, _ping_question), (0.14, _enters_question),
    (0.1, _knockout_question), (0.08, _jailer_question), (0.14, _protector_question),
    (0.06, _draws_question), (0.08, _treason_question), (0.05, _holy_day_question),
    (0.03, _division_question))


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``. Mostly scenario questions: Alice's creatures steal the
    crown (maybe with a Custodi Lich, Bob's Protectors and a Lightning Bolt in response), Walking
    Ballista pings the monarch, a monarch card's enters trigger waits while someone responds, the
    monarch is knocked out of a multiplayer game, Palace Jailer's prisoner, Protectors against
    Bolts, deathtouch and another player's crown, and whose end step draws; the rest are the
    notebooks' boards (a combat, a player leaving, Bolts, Custodi Lich entering, the draw race)."""
    if rng.random() < (0.15 if level == "easy" else 0.3):  # the new interactions (end of this module)
        return _interaction_question(rng, level)
    legacy = 0.35 if level == "easy" else 0.1
    if rng.random() < legacy:
        return _legacy_question(rng, level)
    if level == "easy" and rng.random() < 0.08:
        return _ask(MonarchPlay(chooser_play(), "who chooses"), "CR 701.21a")
    roll = rng.random()
    for weight, make in _SCENARIOS:
        if roll < weight:
            return make(rng, level)
        roll -= weight
    return _SCENARIOS[-1][1](rng, level)


#: The notebooks that teach this topic, with their exercises (the course lists them by stem).
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        stem="06-the-monarch",
        title="The monarch (CR 725)",
        summary="the monarch's designation and triggers, Custodi Lich, leaving the game (CR 725)",
        exercises=(
            Exercise(number=1, check=check_name_answers, answers=("answers1",), setup=("cases1",)),
            Exercise(number=2, check=check_leave_answers, answers=("answers2",), setup=("four", "cases2")),
        ),
    ),
    Lesson(
        stem="07-protector-of-the-crown",
        title="Protector of the Crown: redirected damage and the crown (CR 614.9)",
        summary="redirected damage and the crown (CR 614.9, 725.2)",
        exercises=(
            Exercise(number=1, check=check_name_answers, answers=("answers1",), setup=("cases1",)),
            Exercise(number=2, check=check_number_answers, answers=("answers2",), setup=("cases2",)),
        ),
    ),
)

TOPIC = Topic(
    name="monarch",
    title="The monarch, Protector of the Crown and Custodi Lich (CR 725, 614.9, 603.2e)",
    lessons=LESSONS,
    situations=(Combat, Bolts, Leaves, LichEnters, DrawRace, MonarchPlay, BlockedDamage),
    misconceptions=MISCONCEPTIONS,
    generate=generate,
    spread=(("crown", ("moves", "stays", "nobody")),),
)

__all__ = ["TOPIC", "BoltCase", "Bolts", "Combat", "CombatResult", "DrawRace", "LeaveCase", "Leaves",
           "LichEnters", "MonarchCase", "Mistake", "bob_life_text", "check_draw_race", "check_leave_answers",
           "check_name_answers", "combat_check", "combat_is_legal", "combat_outcomes", "combat_setup",
           "combat_walk", "generate", "monarch_draw_race", "protector_combat", "someone_elses_crown"]


# ================================================================== new monarch interactions
# (issue 30 item 7): first and double strike moving the crown between the two combat damage
# steps, trample past a blocker into the monarch or its Protector, Palace Jailer's exile ending
# once an opponent took the crown, Queen Marchesa's intervening "if" checked again as it
# resolves, a Protector after a control change or gone when damage would be redirected, and a
# player becoming the monarch after their end step's trigger point. Each is a play the engine
# plays; its answers are read off the outcomes, and its wrong options are what the same play
# gives under the variants (the combat ones below, and every other registered variant that
# overrides a decision the play asked), or under the monarch models MonarchPlay knows.
class CombatMistake(MisconceptionName):
    FIRST_STRIKE_DAMAGE_ALL_AT_ONCE = "first-strike-damage-all-at-once"
    DOUBLE_STRIKE_HITS_ONCE = "double-strike-hits-once"
    TRAMPLE_IGNORES_MARKED_DAMAGE = "trample-ignores-marked-damage"
    BLOCKED_TRAMPLER_HITS_ONLY_BLOCKERS = "blocked-trampler-hits-only-blockers"
    INTERVENING_IF_CHECKED_ONCE = "intervening-if-checked-once"
    EXILE_LASTS_WHILE_JAILER_STAYS = "exile-lasts-while-jailer-stays"
    FIRST_STRIKE_HITS_TWICE = "first-strike-hits-twice"
    TRAMPLE_SKIPS_BLOCKERS = "trample-skips-blockers"


@variant(CombatMistake.FIRST_STRIKE_DAMAGE_ALL_AT_ONCE)
class _AllAtOnce(Rules):
    """First strike changes nothing about when damage is dealt: one combat damage step."""

    def first_strike_step(self, g: Any) -> bool:
        return False


@variant(CombatMistake.DOUBLE_STRIKE_HITS_ONCE)
class _HitsOnce(Rules):
    """A double striker deals its damage in the first step only (as if it had first strike)."""

    def assigns_combat_damage(self, g: Any, o: Any, step: DamageStep, struck: bool) -> bool:
        if step == "second" and struck:
            return False
        return super().assigns_combat_damage(g, o, step, struck)


@variant(CombatMistake.EXILE_LASTS_WHILE_JAILER_STAYS)
class _LikeAnOblivionRing(Rules):
    """Palace Jailer's exile lasts as long as the Jailer stays, whoever becomes the monarch."""

    def exile_ends(self, g: Any, exiled: Any, event: Any) -> bool:
        return False


@variant(CombatMistake.FIRST_STRIKE_HITS_TWICE)
class _StrikesTwice(Rules):
    """First strike is double strike: a first striker deals its damage again in the second step."""

    def assigns_combat_damage(self, g: Any, o: Any, step: DamageStep, struck: bool) -> bool:
        return (step == "second" and struck) or super().assigns_combat_damage(g, o, step, struck)


@variant(CombatMistake.TRAMPLE_SKIPS_BLOCKERS)
class _SkipsBlockers(Rules):
    """A trampler may send all its damage to the player: its blockers needn't get any."""

    def lethal_damage(self, g: Any, attacker: Any, blocker: Any) -> int:
        return 0


@variant(CombatMistake.TRAMPLE_IGNORES_MARKED_DAMAGE)
class _FullToughness(Rules):
    """A trampler must assign a blocker's whole toughness, whatever damage it already has."""

    def lethal_damage(self, g: Any, attacker: Any, blocker: Any) -> int:
        return int(blocker.toughness) if "deathtouch" not in g.keywords(attacker) else 1


@variant(CombatMistake.BLOCKED_TRAMPLER_HITS_ONLY_BLOCKERS)
class _NoTrample(Rules):
    """Once blocked, a creature's damage goes only to its blockers, trample or not."""

    def tramples(self, g: Any, attacker: Any) -> bool:
        return False


@variant(CombatMistake.INTERVENING_IF_CHECKED_ONCE)
class _CheckedOnce(Rules):
    """An intervening "if" is checked only as the ability triggers, not again as it resolves."""

    def intervening_if(self, g: Any, condition: Any, controller: str, when: CheckedAt) -> bool:
        return when == "resolution" or super().intervening_if(g, condition, controller, when)


class CrownPlay(MonarchPlay):
    """A monarch play whose answers are read off the engine's outcomes (:meth:`answers`): a
    learner holding only rule variants answers what the same play gives under them; other
    misconceptions go to :class:`MonarchPlay`'s model. ``kind`` names the interaction asked
    about (a tag, so a stream can be measured for it)."""

    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (*MonarchPlay.misconceptions, *CombatMistake)
    kind: str = ""

    def answer_of(self, end: End) -> str:
        if self.ask == "cards drawn" and self.kind == "late-crown":  # the crown too
            return f"{end.monarch or 'nobody'} is the monarch; {self.about} has drawn " \
                   f"{plural(end.drawn[self.about], 'card')}"
        if self.ask == "monarch and creatures" and self.kind == "jailer":  # both players' creatures
            return (f"{end.monarch or 'nobody'} is the monarch; Alice controls "
                    f"{plural(end.creatures['Alice'], 'creature')}, Bob {end.creatures['Bob']}")
        return super().answer_of(end)

    def tags(self) -> tuple[tuple[str, str], ...]:
        return (*super().tags(), ("interaction", self.kind))

    def explain(self) -> str:
        """:class:`MonarchPlay`'s explanation, and the events these interactions turn on: the
        first combat damage step beginning (CR 510.4) and an ability removed from the stack
        without resolving (an intervening "if" false by then, 603.4)."""
        turning = [e for e in self.outcomes()[0].events
                   if isinstance(e, Fizzled)
                   or (isinstance(e, StepBegan) and e.step == "first_strike_damage")]
        said = super().explain()
        return said + ("\nWhat it turned on:\n" + event_lines(turning) if turning else "")


_STRIKERS = ("Youthful Knight", "Fencing Ace", "Boros Swiftblade")
_PLAIN = ("Grizzly Bears", "Hill Giant", "Raging Goblin")
_BOB_BLOCKERS = ("Llanowar Elves", "Craw Wurm", "Tundra Wolves")
#: Everyone's life total in a generated play (a low one lets a player leave the game).
_LIVES = (20, 20, 12, 7, 5, 3)


def _blocks(rng: random.Random, attackers: Sequence[str], blockers: Sequence[str]) -> list[tuple[str, str]]:
    """Some of ``blockers`` each blocking one of ``attackers`` (maybe none)."""
    found = []
    for b in blockers:
        if rng.random() < 0.5:
            found.append((b, rng.choice(list(attackers))))
    return found


def _damage_steps(says: str = "Combat damage is dealt, and everything on the stack resolves.") -> Step:
    return Step("advance", says, to="end_of_combat")


def strike_play(attackers: Sequence[str], *, bob: Sequence[str] = (), blocks: Sequence[tuple[str, str]] = (),
                protector: bool = False, bolt_protector: bool = False, monarch: str | None = "Bob",
                life: int = 20, players: tuple[str, ...] = ("Alice", "Bob")) -> Play:
    """Alice attacks Bob with ``attackers`` (first strike and double strike among them): two
    combat damage steps (CR 510.4), the monarch's trigger from the first resolving before the
    second. Bob controls ``bob`` and maybe a tapped Protector of the Crown, which Alice may bolt
    first (then its damage is marked when the first strikers' damage is redirected to it)."""
    pieces = [Piece(c) for c in attackers] + [Piece(c, "Bob") for c in bob]
    steps: list[Step] = []
    if protector:
        pieces.append(Piece(PROTECTOR, "Bob", tapped=True))
    if bolt_protector:
        pieces += [Piece("Mountain"), Piece("Lightning Bolt", zone="hand")]
        steps += [Step("cast", "Alice taps her Mountain and casts Lightning Bolt targeting Protector of the "
                       "Crown; it resolves.", card="Lightning Bolt", target=PROTECTOR, pay=("Mountain",)),
                  Step("resolve", "")]
    steps += [Step("advance", "", to="beginning_of_combat"), *_fight(attackers, blocks)[:-1],
              _damage_steps("Combat damage is dealt (first the creatures with first strike or double "
                            "strike, then the rest), and everything on the stack resolves.")]
    return Play(_board(*pieces, monarch=monarch, players=players, life=life), tuple(steps))


def _strike_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    strikers = rng.sample(_STRIKERS, rng.choice([1, 1, 2]))
    if level == "hard" and rng.random() < 0.7:  # a first striker and a double striker
        strikers = ["Youthful Knight", rng.choice(_STRIKERS[1:])]
    attackers = sorted([*strikers, *rng.sample(_PLAIN, rng.choice([0, 1, 1, 2]))])
    protector = rng.random() < 0.5
    bolt = protector and rng.random() < 0.6
    bob = rng.sample(_BOB_BLOCKERS, rng.choice([0, 1, 1, 2]))
    blocks = _blocks(rng, attackers, bob) if level == "easy" or rng.random() < 0.5 else []
    players = ("Alice", "Bob") if rng.random() < 0.7 else ("Alice", "Bob", "Carol")
    life = rng.choice(_LIVES if len(players) == 3 else _LIVES[:3])
    monarch = rng.choice(["Bob", "Bob", "Bob", None])  # with nobody the monarch, nobody becomes it
    play = strike_play(attackers, bob=bob, blocks=blocks, protector=protector, bolt_protector=bolt,
                       life=life, players=players, monarch=monarch)
    ask: MonarchAsk = rng.choice(["monarch and protectors", "monarch and life"] if protector else [
        "monarch and life", "monarch and life", "monarch and creatures"] if level == "hard" else [
        "monarch", "monarch and life"])
    s = CrownPlay(play, ask, "Bob", kind="strike")
    return s, Stem(("After both combat damage steps, who is the monarch, and what else is true?",
                    "First strike splits combat damage into two steps here. When combat ends, which is true?",
                    "Which is true once combat is over?",
                    "Two combat damage steps: where is the crown at the end, and what else is true?"),
                   lambda v: f"when combat ends, {v}.", "CR 510.4, 702.7b, 702.4b, 725.2")


def trample_play(attacker: str, blockers: Sequence[str], *, protectors: int = 0, bolt: str = "",
                 others: Sequence[str] = (), life: int = 20, players: tuple[str, ...] = ("Alice", "Bob"),
                 monarch: str | None = "Bob") -> Play:
    """Alice attacks Bob with trampler ``attacker`` (and ``others``); Bob blocks it with
    ``blockers`` (he controls ``protectors`` tapped Protectors of the Crown); with ``bolt``,
    Alice bolts that blocker once blocks are declared. She assigns as much damage past the
    blockers as she can (CR 702.19b)."""
    pieces = [Piece(attacker), *(Piece(c) for c in others), *(Piece(c, "Bob") for c in blockers)]
    pieces += [Piece(PROTECTOR, "Bob", tapped=True) for _ in range(protectors)]
    steps = [Step("advance", "", to="beginning_of_combat"),
             *_fight([attacker, *others], [(b, attacker) for b in blockers])[:-1]]
    if bolt:
        pieces += [Piece("Mountain"), Piece("Lightning Bolt", zone="hand")]
        steps += [Step("cast", f"Alice taps her Mountain and casts Lightning Bolt targeting {bolt}; it "
                       "resolves.", card="Lightning Bolt", target=bolt, pay=("Mountain",)),
                  Step("resolve", "")]
    steps.append(_damage_steps(f"Alice assigns as much of {_of(attacker)} combat damage to Bob as the rules "
                               "let her; combat damage is dealt, and everything on the stack resolves."))
    # all the excess to Bob; a division among blockers when none can go past (510.1c), or none
    keep = (("damage assignment", "('Bob: all"), ("damage assignment", "none"),
            *(("damage assignment", f"('{b}") for b in blockers))
    return Play(_board(*pieces, monarch=monarch, players=players, life=life), tuple(steps), keep=keep)


def _trample_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    attacker = rng.choice(["Colossal Dreadmaw", "Charging Monstrosaur"])
    pool = ["Grizzly Bears", "Hill Giant", "Llanowar Elves", "Tundra Wolves"]
    blockers = sorted(rng.sample(pool, rng.choice([0, 1] if level == "hard" else [1, 1, 2])))
    if level == "hard" or rng.random() < 0.4:
        blockers = sorted([*blockers, "Craw Wurm"])  # a Bolt leaves it with damage marked
    protectors = rng.choice([0, 1, 1, 2])
    bolt = "Craw Wurm" if "Craw Wurm" in blockers and rng.random() < 0.7 else \
        rng.choice(blockers) if rng.random() < 0.3 else ""
    others = ["Raging Goblin"] if rng.random() < 0.3 else []
    players = ("Alice", "Bob") if rng.random() < 0.7 else ("Alice", "Bob", "Carol")
    life = rng.choice(_LIVES[:3] if len(players) == 2 else _LIVES)
    play = trample_play(attacker, blockers, protectors=protectors, bolt=bolt, others=others, life=life,
                        players=players, monarch=rng.choice(["Bob", "Bob", "Bob", None]))
    ask: MonarchAsk = "monarch and protectors" if protectors and rng.random() < 0.6 else "monarch and life"
    s = CrownPlay(play, ask, "Bob", kind="trample")
    return s, Stem((f"{attacker} has trample. When combat ends, who is the monarch, and what else is true?",
                    "Which is true after the trampler's combat damage?",
                    f"How did {_of(attacker)} damage go: who is the monarch now, and which is true?"),
                   lambda v: f"after combat, {v}.", "CR 702.19b, 614.9, 725.2")


def jailer_again_play(prisoner: str, attacker: str, *, back: Sequence[str] = ("Palace Jailer",),
                      monarch: str | None = None) -> Play:
    """Alice casts Palace Jailer, exiling Bob's ``prisoner`` until an opponent becomes the monarch.
    In Bob's turn his ``attacker`` deals her combat damage: he takes the crown and the exile ends
    (CR 610.3). In Alice's next turn ``back`` attack Bob, and she takes the crown back: the
    prisoner stays (the exile ended for good)."""
    pieces, cast = _cast_with_lands("Palace Jailer", "Alice")
    pieces += [Piece(prisoner, "Bob"), Piece(attacker, "Bob")]
    pieces += [Piece(c) for c in back if c != "Palace Jailer"]
    steps = [cast, Step("resolve_stack", f"They resolve: Alice becomes the monarch, and Bob's {prisoner} is "
                        "exiled until an opponent of Alice becomes the monarch."),
             Step("next_turn", "", to="beginning_of_combat"),
             Step("attack", f"In Bob's turn, Bob attacks Alice with {attacker}; Alice doesn't block.",
                  attackers=(attacker,), defender="Alice"),
             _damage_steps(),
             Step("next_turn", "", to="beginning_of_combat"),
             Step("attack", f"In Alice's next turn she attacks Bob with {_names(back)}; Bob doesn't block.",
                  attackers=tuple(back), defender="Bob"),
             _damage_steps()]
    keep = (("target", prisoner), ("target", "Alice"), ("target", "Bob"))
    return Play(_board(*pieces, monarch=monarch), tuple(steps), keep=keep)


def _jailer_again_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    prisoner = rng.choice(["Hill Giant", "Craw Wurm", LICH, PROTECTOR, "Llanowar Elves", "Youthful Knight"]
                          + ([LICH, PROTECTOR, LICH, PROTECTOR] if level == "hard" else []))
    attacker = rng.choice(["Grizzly Bears", "Raging Goblin", "Fencing Ace"])
    back = sorted(["Palace Jailer", *rng.sample(["Tundra Wolves", "Boros Swiftblade"], rng.choice([0, 1]))])
    monarch = rng.choice([None, None, "Bob"])
    play = jailer_again_play(prisoner, attacker, back=back, monarch=monarch)
    about = rng.choice(["Alice", "Bob", "Bob", "Bob"])
    ask: MonarchAsk = "monarch and creatures" if prisoner != PROTECTOR or rng.random() < 0.5 else \
        "monarch and protectors"
    s = CrownPlay(play, ask, about if ask == "monarch and creatures" else "Bob", kind="jailer")
    return s, Stem(("Palace Jailer's exile lasts until an opponent becomes the monarch. After Alice's "
                    "second combat, who is the monarch, and how many creatures does each player control?",
                    "Once Alice has taken the crown back, which is true?",
                    "The crown changes hands twice. What does each player control at the end?"),
                   lambda v: f"in the end, {v}.", "CR 610.3, 725.2, 603.2e")


def marchesa_play(players: tuple[str, ...], monarch: str, ping: str, *, life: int = 1,
                  counters: int = 1) -> Play:
    """Everyone has ``life`` life; ``monarch`` is the monarch. Alice's upkeep begins: Queen
    Marchesa's ability triggers (an opponent is the monarch); in response Alice pings ``ping``
    with Walking Ballista. The trigger checks its "if" again as it resolves (CR 603.4)."""
    pieces = (Piece("Queen Marchesa"), Piece("Walking Ballista", counters=(("+1/+1", counters),)))
    steps = (Step("advance", "Alice's upkeep begins: Queen Marchesa's ability triggers (an opponent is the "
                  "monarch) and waits on the stack.", to="upkeep"),
             Step("activate", f"In response, Alice removes a +1/+1 counter from Walking Ballista: 1 damage "
                  f"to {ping}; it resolves.", card="Walking Ballista", ability=1, target=ping),
             Step("resolve", ""),
             Step("resolve_stack", "Everything left on the stack resolves."))
    return Play(_board(*pieces, monarch=monarch, players=players, step="untap", life=life), steps)


def _marchesa_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    players = ("Alice", "Bob", "Carol", "Dave")[: rng.choice([3, 3, 4])]
    monarch = rng.choice(players[1:])
    ping = monarch if rng.random() < 0.85 else rng.choice([p for p in players[1:] if p != monarch])
    life = rng.choice([1, 1, 1, 2] if level == "easy" else [1])
    play = marchesa_play(players, monarch, ping, life=life, counters=rng.choice([1, 2]))
    s = CrownPlay(play, "monarch and creatures", "Alice", kind="marchesa")
    return s, Stem(("When everything has resolved, who is the monarch, and how many creatures does Alice "
                    "control?",
                    "Queen Marchesa's trigger has an intervening \"if\". Which is true at the end?",
                    "Does Alice get an Assassin? Who is the monarch, and how many creatures does she "
                    "control?"),
                   lambda v: f"at the end, {v}.", "CR 603.4, 725.4, 704.5a")


def protector_treason_play(extra: Sequence[str], *, second: bool = False, bob: Sequence[str] = ()) -> Play:
    """Bob is the monarch and controls Protector of the Crown (and a second one, with ``second``).
    Alice casts Act of Treason on it and attacks Bob with it and ``extra``: her Protector now
    redirects the damage dealt to her, not to Bob (CR 614.9, 613.1b)."""
    mountains = ("Mountain", "Mountain 2", "Mountain 3")
    pieces = [Piece("Mountain") for _ in mountains] + [Piece("Act of Treason", zone="hand"),
                                                        Piece(PROTECTOR, "Bob")]
    pieces += [Piece(c) for c in extra] + [Piece(c, "Bob") for c in bob]
    if second:
        pieces.append(Piece(PROTECTOR, "Bob", tapped=True, label="Protector of the Crown 2"))
    steps = [Step("cast", "Alice taps three Mountains and casts Act of Treason targeting Bob's Protector of "
                  "the Crown; it resolves: she controls it until end of turn, it is untapped and has haste.",
                  card="Act of Treason", target=PROTECTOR, pay=mountains),
             Step("resolve", ""), Step("advance", "", to="beginning_of_combat"),
             *_fight([PROTECTOR, *extra])[:-1], _damage_steps()]
    return Play(_board(*pieces, monarch="Bob"), tuple(steps))


def _protector_treason_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    extra = sorted(rng.sample(["Grizzly Bears", "Youthful Knight", "Hill Giant", "Raging Goblin"],
                              rng.choice([0, 1, 1, 2])))
    second = rng.random() < 0.4
    bob = rng.sample(["Llanowar Elves", "Craw Wurm"], rng.choice([0, 1]))
    play = protector_treason_play(extra, second=second, bob=bob)
    ask: MonarchAsk = rng.choice(["monarch and life", "monarch and protectors"])
    s = CrownPlay(play, ask, "Bob", kind="treason-protector")
    return s, Stem(("Alice controls Bob's Protector of the Crown until end of turn. After combat, which is "
                    "true?", "Whose damage does the stolen Protector take? When combat ends, which is true?",
                    "Act of Treason changed the Protector's controller. Which is true after combat?"),
                   lambda v: f"after combat, {v}.", "CR 614.9, 613.1b, 725.2")


def late_crown_play(players: tuple[str, ...], monarch: str, *, step: str = "end", counters: int = 1) -> Play:
    """Everyone has 1 life; ``monarch`` is the monarch. In Alice's ``step`` (her end step, or
    her postcombat main phase) she pings the monarch with Walking Ballista: the monarch leaves
    the game and Alice, the active player, becomes the monarch (CR 725.4). Only a monarch at the
    beginning of their end step draws (725.2): in the end step, that moment has passed."""
    pieces = (Piece("Walking Ballista", counters=(("+1/+1", counters),)),)
    when = "In her end step" if step == "end" else "In her postcombat main phase"
    steps = [Step("activate", f"{when}, Alice removes a +1/+1 counter from Walking Ballista: 1 damage to "
                  f"{monarch}; it resolves.", card="Walking Ballista", ability=1, target=monarch),
             Step("resolve", "")]
    if step == "end":
        steps.append(Step("advance", "Her turn goes on to its cleanup step.", to="cleanup"))
    else:
        steps += [Step("advance", "Her turn goes on to her end step; everything there resolves.", to="end"),
                  Step("resolve_stack", "")]
    return Play(_board(*pieces, monarch=monarch, players=players, step=step, life=1), tuple(steps))


def _late_crown_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    players = ("Alice", "Bob", "Carol", "Dave")[: rng.choice([3, 3, 4])]
    monarch = rng.choice(players[1:])
    step = rng.choice(["end", "end", "main2"])
    play = late_crown_play(players, monarch, step=step, counters=rng.choice([1, 2]))
    s = CrownPlay(play, "cards drawn", "Alice", kind="late-crown")
    return s, Stem(("At the end of Alice's turn, who is the monarch, and how many cards has Alice drawn from "
                    "the monarch's draw ability?",
                    "The crown changed hands during Alice's turn. Which is true when her turn ends?",
                    "Does the new monarch draw this turn? Which is true when Alice's turn ends?"),
                   lambda v: f"when Alice's turn ends, {v}.",
                   "CR 725.2, 725.4, 603.2")


#: The new interactions' builders, each by its tag: at least one of each per 200 questions.
INTERACTIONS: dict[str, Callable[[random.Random, Level], tuple[Situation, Stem] | None]] = {
    "strike": _strike_question, "trample": _trample_question, "jailer": _jailer_again_question,
    "marchesa": _marchesa_question, "treason-protector": _protector_treason_question,
    "late-crown": _late_crown_question,
}


def _interaction_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """One of the new interactions, each as likely."""
    return INTERACTIONS[rng.choice(sorted(INTERACTIONS))](rng, level)


def _combat_mistake(name: CombatMistake, title: str, description: str, rule: str, rule_says: str,
                    example: Situation, ask: str) -> Misconception:
    return Misconception(name=name, topic="monarch", title=title, description=description, rule=rule,
                         rule_says=rule_says, plugs_in="variant", example=example, ask=ask)


_COMBAT_MISCONCEPTIONS: tuple[Misconception, ...] = (
    _combat_mistake(
        CombatMistake.FIRST_STRIKE_DAMAGE_ALL_AT_ONCE, "first strike deals damage with everyone else",
        "All combat damage is dealt at once, first strike or not: a first striker's victim still strikes "
        "back, and the monarch's trigger from a first striker's damage resolves after everyone's damage.",
        "510.4", "With a first striker or double striker in combat there are two combat damage steps: "
        "only creatures with first strike or double strike deal damage in the first; the rest (if still "
        "there) in the second, after triggers from the first have resolved.",
        CrownPlay(strike_play(["Youthful Knight"], bob=["Llanowar Elves"],
                              blocks=[("Llanowar Elves", "Youthful Knight")]),
                  "monarch and creatures", "Alice", kind="strike"),
        "Who is the monarch, and how many creatures does Alice control after combat?"),
    _combat_mistake(
        CombatMistake.DOUBLE_STRIKE_HITS_ONCE, "double strike hits once",
        "A creature with double strike deals its combat damage only once, in the first combat damage step.",
        "702.4b", "Double strike deals combat damage in both combat damage steps: in the first, and again "
        "in the second.",
        CrownPlay(strike_play(["Fencing Ace"]), "monarch and life", "Bob", kind="strike"),
        "Who is the monarch, and how much life does Bob have after combat?"),
    _combat_mistake(
        CombatMistake.FIRST_STRIKE_HITS_TWICE, "first strike hits twice",
        "First strike works like double strike: the creature deals damage in the first step and again in "
        "the second.", "702.7b", "A creature with first strike deals combat damage only in the first "
        "combat damage step; only double strike deals it in both.",
        CrownPlay(strike_play(["Youthful Knight"]), "monarch and life", "Bob", kind="strike"),
        "Who is the monarch, and how much life does Bob have after combat?"),
    _combat_mistake(
        CombatMistake.TRAMPLE_IGNORES_MARKED_DAMAGE, "trample must cover the blocker's whole toughness",
        "A trampler has to assign its blocker damage equal to the blocker's toughness before any goes to "
        "the player, even if the blocker already has damage marked on it.", "702.19b",
        "Lethal damage counts the damage already marked on the blocker: a blocker with toughness 4 and 3 "
        "damage needs only 1 more; the rest may go to the player.",
        CrownPlay(trample_play("Colossal Dreadmaw", ["Craw Wurm"], bolt="Craw Wurm"), "monarch and life",
                  "Bob", kind="trample"),
        "Who is the monarch, and how much life does Bob have after combat?"),
    _combat_mistake(
        CombatMistake.BLOCKED_TRAMPLER_HITS_ONLY_BLOCKERS, "a blocked creature never hits the player",
        "Once a creature is blocked, all its combat damage goes to its blockers, even with trample, so it "
        "can't take the crown.", "702.19b", "A blocked creature with trample assigns lethal damage to its "
        "blockers and may assign the rest to the player it attacks: that is combat damage to that player, "
        "so it takes the crown from the monarch.",
        CrownPlay(trample_play("Colossal Dreadmaw", ["Grizzly Bears"]), "monarch and life", "Bob",
                  kind="trample"),
        "Who is the monarch, and how much life does Bob have after combat?"),
    _combat_mistake(
        CombatMistake.TRAMPLE_SKIPS_BLOCKERS, "trample damage skips the blockers",
        "A trampler may send all its combat damage to the player, giving its blockers none.", "702.19b",
        "A trampler must assign lethal damage to each of its blockers first; only the rest may go to the "
        "player.",
        CrownPlay(trample_play("Colossal Dreadmaw", ["Grizzly Bears"]), "monarch and life", "Bob",
                  kind="trample"),
        "Who is the monarch, and how much life does Bob have after combat?"),
    _combat_mistake(
        CombatMistake.EXILE_LASTS_WHILE_JAILER_STAYS, "Palace Jailer's exile lasts while the Jailer stays",
        "Palace Jailer holds its prisoner as long as it stays on the battlefield, like an exile that lasts "
        "while its source remains; an opponent becoming the monarch doesn't free it.", "610.3",
        "The exile lasts until an opponent of the Jailer's controller becomes the monarch: the card returns "
        "at once when that happens, for good, whether the Jailer is still there or not.",
        CrownPlay(jailer_again_play("Hill Giant", "Grizzly Bears"), "monarch and creatures", "Bob",
                  kind="jailer"),
        "Who is the monarch, and how many creatures does Bob control at the end?"),
    _combat_mistake(
        CombatMistake.INTERVENING_IF_CHECKED_ONCE, "an intervening \"if\" is checked only once",
        "A trigger with an intervening \"if\" (\"if an opponent is the monarch\") checks it only as it "
        "triggers; once on the stack it resolves whatever happened since.", "603.4",
        "The condition is checked as the ability triggers and again as it resolves: if it is false by then, "
        "the ability does nothing.",
        CrownPlay(marchesa_play(("Alice", "Bob", "Carol"), "Bob", "Bob"), "monarch and creatures", "Alice",
                  kind="marchesa"),
        "Who is the monarch, and how many creatures does Alice control at the end?"),
)

MISCONCEPTIONS = MISCONCEPTIONS + _COMBAT_MISCONCEPTIONS
TOPIC = TOPIC.replace(situations=(*TOPIC.situations, CrownPlay), misconceptions=MISCONCEPTIONS)
