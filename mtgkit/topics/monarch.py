"""The monarch (CR 725) with Protector of the Crown (CR 614.9) and Custodi Lich (CR 603.2e).

Notebooks 06 and 07 teach it: combat damage to the monarch moves the crown to the attacking
creature's controller (725.2), damage redirected to a Protector doesn't, the monarch leaving
passes the crown (725.4), becoming the monarch again triggers nothing (603.2e), and the
monarch's draw trigger is its controller's when it triggered. Every answer is the engine's,
over Bob's choices of which Protector takes each source's damage.

>>> MonarchCase(("Grizzly Bears",), protectors=1).legal()
('Bob',)
>>> LeaveCase(("Alice", "Bob", "Carol"), "Alice", "Bob", "Bob").legal()
('Alice',)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ..choices import FirstOption
from ..errors import RulesError
from ..events import (
    AbilityTriggered,
    ChoiceMade,
    DamageDealt,
    DamageRedirected,
    Entered,
    Event,
    LifeChanged,
    MonarchChanged,
    PlayerLeft,
    StateBasedMove,
    ZoneChange,
)
from ..game import Game
from ..grading import Report, grade_answers, one_of, plural, read_name, read_number
from ..outcomes import Answer, Outcome, Outcomes, outcomes, run
from ..teaching import (
    LIBRARY,
    Check,
    ChoiceWalk,
    Explained,
    Grader,
    Reason,
    chain_lines,
    cr,
    event_lines,
    split_explanation,
)
from .base import Level, Misconception, MisconceptionName, Situation, Stem, Topic, TopicName, misconceived


class Mistake(MisconceptionName):
    """The misconceptions about the monarch, in catalog order."""

    REDIRECTED_DAMAGE_IS_DAMAGE_TO_THE_MONARCH = "redirected-damage-is-damage-to-the-monarch"
    BLOCKED_DAMAGE_TAKES_THE_CROWN = "blocked-damage-takes-the-crown"
    ONLY_THE_MONARCHS_PROTECTOR = "only-the-monarchs-protector"
    PROTECTOR_ONLY_STOPS_COMBAT_DAMAGE = "protector-only-stops-combat-damage"
    REDIRECT_SPILLS_OVER = "redirect-spills-over"
    CROWN_PASSES_IN_TURN_ORDER = "crown-passes-in-turn-order"
    CROWN_DISAPPEARS = "crown-disappears"
    BECOMING_MONARCH_AGAIN_TRIGGERS = "becoming-monarch-again-triggers"
    DRAW_FOLLOWS_THE_CROWN = "draw-follows-the-crown"


# ----------------------------------------------------------------------------- the notebooks' cases
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


@dataclass(frozen=True)
class BoltCase:
    """Alice casts Lightning Bolt at Bob's Protector ``at_protector`` times (one at a time),
    then one at Bob: how much life does Bob lose?"""

    at_protector: int

    #: Answers are whole numbers; a wrong one is matched against the misconceptions of the
    #: same Bolts as a practice board.
    grader: ClassVar[Grader[int]] = Grader(read_number, str, mistakes=lambda case, answer: _situated(
        Bolts(case.at_protector), answer))

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
        Mistake.ONLY_THE_MONARCHS_PROTECTOR)
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
        blocks = "".join(f"; Bob's {b} blocks {a}" for b, a in self.blocks)
        return (f"{crown}; Bob controls a Hill Giant and {prots}; Alice attacks Bob with "
                f"{one_of(self.attackers, last='and')}{blocks}")

    def results(self) -> list[CombatResult]:
        return _combat(self.attackers, self.blocks, self.protectors, self.bob_is_monarch)

    def answer_of(self, monarch: str | None, life: int) -> str:
        who = monarch or "nobody"
        if self.ask == "monarch":
            return who
        return f"{who} is the monarch; Bob has {life} life"

    def legal(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.answer_of(r.monarch_after, r.game.life("Bob"))
                                   for r in self.results()))

    def explain(self) -> str:
        r = self.results()[0]
        extra = ""
        if len(self.results()) > 1 and r.choices:
            extra = "\n(Bob chose which Protector took each creature's damage.)"
        return r.explanation + extra

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        board = self
        if Mistake.ONLY_THE_MONARCHS_PROTECTOR in held and not self.bob_is_monarch:
            board = self.replace(protectors=0)
        found: dict[str, None] = {}
        for r in board.results():
            g = r.game
            monarch, life = r.monarch_after, g.life("Bob")
            events = g.events
            if r.monarch_before == "Bob" and monarch == "Bob":
                redirected = any(isinstance(e, DamageRedirected) and e.combat and e.before == "Bob"
                                 for e in events)
                blocked = any(isinstance(e, DamageDealt) and e.combat and e.to_id is not None
                              and e.source_id is not None and g.controller_of(e.source_id) == "Alice"
                              and g.controller_of(e.to_id) == "Bob"
                              and not (e.cause is not None
                                       and isinstance(events[e.cause - 1], DamageRedirected))
                              for e in events)
                if (Mistake.REDIRECTED_DAMAGE_IS_DAMAGE_TO_THE_MONARCH in held and redirected) or (
                        Mistake.BLOCKED_DAMAGE_TAKES_THE_CROWN in held and blocked):
                    monarch = "Alice"
            found[self.answer_of(monarch, life)] = None
        return tuple(found)


@functools.lru_cache(maxsize=4096)
def _combat(attackers: tuple[str, ...], blocks: tuple[tuple[str, str], ...], protectors: int,
            bob_is_monarch: bool) -> list[CombatResult]:
    return combat_outcomes(attackers, dict(blocks), protectors, bob_is_monarch)


def combat_is_legal(attackers: tuple[str, ...], blocks: tuple[tuple[str, str], ...]) -> bool:
    """Can these blocks be declared? The engine decides (flying, CR 702.9b, and so on)."""
    g, fight, _ = combat_setup(attackers, dict(blocks), 0)
    try:
        fight(g)
    except RulesError:
        return False
    return True


class Bolts(Situation):
    """Bob controls a Protector of the Crown. Alice Bolts the Protector ``at_protector`` times,
    then Bob once: how much life does Bob lose?"""

    topic: ClassVar[TopicName] = "monarch"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.ONLY_THE_MONARCHS_PROTECTOR, Mistake.PROTECTOR_ONLY_STOPS_COMBAT_DAMAGE,
        Mistake.REDIRECT_SPILLS_OVER)
    at_protector: int

    def key(self) -> Hashable:
        return ("bolts", self.at_protector)

    def describe(self) -> str:
        return BoltCase(self.at_protector).describe()

    def legal(self) -> tuple[str, ...]:
        return tuple(str(v) for v in BoltCase(self.at_protector).legal())

    def explain(self) -> str:
        g, last = BoltCase(self.at_protector).run()
        shown = [e for e in g.events[last:]
                 if isinstance(e, DamageDealt | DamageRedirected | LifeChanged | StateBasedMove)]
        return BoltCase(self.at_protector).why() + "\nWhat the engine did:\n" + event_lines(shown)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        if held & {Mistake.ONLY_THE_MONARCHS_PROTECTOR, Mistake.PROTECTOR_ONLY_STOPS_COMBAT_DAMAGE}:
            return ("3",)  # nothing redirects the Bolt at Bob
        if Mistake.REDIRECT_SPILLS_OVER in held and self.at_protector < 2:
            room = 5 - 3 * self.at_protector
            return (str(max(0, 3 - room)),)
        return self.legal()


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
        if Mistake.CROWN_DISAPPEARS in held:
            return ("nobody",)
        if Mistake.CROWN_PASSES_IN_TURN_ORDER in held:
            i = self.players.index(self.monarch)
            return (self.players[(i + 1) % len(self.players)],)
        return self.legal()


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

    def outcomes(self) -> Outcomes:
        return _lich(self)

    def legal(self) -> tuple[str, ...]:
        return tuple(self.outcomes().values(lambda o: str(sum(
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
        if Mistake.BECOMING_MONARCH_AGAIN_TRIGGERS in held and self.bob_was_monarch:
            return self.replace(bob_was_monarch=False).legal()
        return self.legal()


@functools.lru_cache(maxsize=64)
def _lich(s: LichEnters) -> Outcomes:
    g = Game(["Alice", "Bob"], library=LIBRARY)
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
        if Mistake.DRAW_FOLLOWS_THE_CROWN in held and self.lich:
            return ("Bob",)
        return self.legal()


# ----------------------------------------------------------------------------- misconceptions
MISCONCEPTIONS: tuple[Misconception, ...] = (
    Misconception(
        Mistake.REDIRECTED_DAMAGE_IS_DAMAGE_TO_THE_MONARCH, "monarch",
            "damage to a Protector counts as damage to the monarch",
        "Combat damage that Protector of the Crown takes for the monarch still steals the crown.",
        "725.2", "The crown moves only when a creature deals combat damage to the monarch. A "
        "redirection effect (CR 614.9) deals the damage to the Protector instead, so the monarch "
        "was dealt none.",
        "outputs", Combat(("Grizzly Bears",), (), 1, True),
        "Who is the monarch after combat?"),
    Misconception(
        Mistake.BLOCKED_DAMAGE_TAKES_THE_CROWN, "monarch",
            "any combat damage takes the crown",
        "An attacker that deals combat damage to the monarch's blocker takes the crown too.",
        "725.2", "Only combat damage dealt to the monarch (the player) moves the crown; damage to "
        "a creature the monarch controls doesn't.",
        "outputs", Combat(("Grizzly Bears",), (("Hill Giant", "Grizzly Bears"),), 0, True),
        "Who is the monarch after combat?"),
    Misconception(
        Mistake.ONLY_THE_MONARCHS_PROTECTOR, "monarch",
            "only the monarch's Protector protects",
        "Protector of the Crown redirects damage only while its controller is the monarch.",
        "614.9", "Protector of the Crown's redirection is a replacement effect that doesn't depend "
        "on being the monarch: damage that would be dealt to its controller is dealt to it instead.",
        "inputs", Bolts(0), "How much life does Bob lose?"),
    Misconception(
        Mistake.PROTECTOR_ONLY_STOPS_COMBAT_DAMAGE, "monarch",
            "Protector only takes combat damage",
        "Protector of the Crown takes combat damage for its controller, but a Lightning Bolt still "
        "hits the player.",
        "614.9", "The Protector redirects all damage that would be dealt to its controller, combat "
        "or not; redirecting it doesn't change whether it is combat damage.",
        "outputs", Bolts(0), "How much life does Bob lose?"),
    Misconception(
        Mistake.REDIRECT_SPILLS_OVER, "monarch",
            "extra damage spills over to the player",
        "A damaged Protector takes only what it can survive; the rest goes on to its controller.",
        "614.9", "A redirection effect deals all of the damage to the Protector instead, even more "
        "than its toughness; it is destroyed afterwards (CR 704.5g) and nothing reaches the player.",
        "outputs", Bolts(1), "How much life does Bob lose?"),
    Misconception(
        Mistake.CROWN_PASSES_IN_TURN_ORDER, "monarch",
            "the crown goes to the next player",
        "When the monarch leaves the game, the next player in turn order becomes the monarch.",
        "725.4", "If the monarch leaves the game, the active player becomes the monarch; only if "
        "the monarch is the active player does the next player in turn order get it.",
        "outputs", Leaves(("Alice", "Bob", "Carol"), "Alice", "Bob"),
        "Who is the monarch now?"),
    Misconception(
        Mistake.CROWN_DISAPPEARS, "monarch",
            "the crown leaves with the monarch",
        "When the monarch leaves the game, the game goes on with no monarch.",
        "725.4", "Once there is a monarch there always is one while a player can be: when the "
        "monarch leaves, another player becomes the monarch at that moment.",
        "outputs", Leaves(("Alice", "Bob", "Carol"), "Alice", "Bob"),
        "Who is the monarch now?"),
    Misconception(
        Mistake.BECOMING_MONARCH_AGAIN_TRIGGERS, "monarch",
            "becoming the monarch again triggers",
        "'Whenever you become the monarch' triggers even if you already are the monarch.",
        "603.2e", "A 'becomes' trigger needs the change to happen: if you are already the monarch, "
        "'you become the monarch' changes nothing and Custodi Lich's ability doesn't trigger.",
        "outputs", LichEnters(True), "How many creatures could Alice control afterwards?"),
    Misconception(
        Mistake.DRAW_FOLLOWS_THE_CROWN, "monarch",
            "the draw follows the crown",
        "If another player becomes the monarch while the monarch's draw trigger waits on the stack, "
        "the new monarch draws.",
        "725.2", "The monarch's triggers are controlled by whoever was the monarch when they "
        "triggered, so the player who was the monarch at the beginning of the end step draws.",
        "outputs", DrawRace(True), "Who draws the card?"),
)


# ----------------------------------------------------------------------------- practice
_ATTACKERS = ["Grizzly Bears", "Hill Giant", "Raging Goblin", "Serra Angel", "Llanowar Elves"]


def _combat_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    attackers = tuple(sorted(rng.sample(_ATTACKERS, rng.randint(1, 2))))
    protectors = rng.choice([0, 1] if level == "easy" else [0, 1, 2])
    bob_is_monarch = level == "easy" or rng.random() < 0.7
    blocks: tuple[tuple[str, str], ...] = ()
    if rng.random() < 0.5:
        blocks = (("Hill Giant", rng.choice(attackers)),)
        if not combat_is_legal(attackers, blocks):
            return None  # Hill Giant can't block a flyer (CR 702.9b): never show that board
    ask: Literal["monarch", "monarch and life"] = "monarch" if level == "easy" else "monarch and life"
    s = Combat(attackers, blocks, protectors, bob_is_monarch, ask)
    if ask == "monarch":
        return s, Stem(("Who is the monarch after combat?", "When combat ends, who is the monarch?"),
                       lambda v: f"after combat, {v} is the monarch.", "CR 725.2, 614.9")
    return s, Stem(("After combat, who is the monarch, and how much life does Bob have?",
                    "When combat ends, which of these is true?"),
                   lambda v: f"after combat, {v}.", "CR 725.2, 614.9")


def _leaves_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    players = ("Alice", "Bob", "Carol", "Dave")[: rng.randint(3, 3 if level == "easy" else 4)]
    s = Leaves(players, rng.choice(players), rng.choice(players))
    return s, Stem(("Who is the monarch now?", "Who becomes the monarch?"),
                   lambda v: f"{v} is the monarch now." if v != "nobody" else
                   "nobody is the monarch now.", "CR 725.4")


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``: a combat against Protectors of the Crown or the monarch
    leaving the game (hard: also Lightning Bolts at a Protector, Custodi Lich entering, and the
    monarch's draw trigger)."""
    roll = rng.random()
    if level == "easy":
        return _combat_question(rng, level) if roll < 0.7 else _leaves_question(rng, level)
    if roll < 0.45:
        return _combat_question(rng, level)
    if roll < 0.7:
        return _leaves_question(rng, level)
    if roll < 0.8:
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


TOPIC = Topic(
    name="monarch",
    title="The monarch, Protector of the Crown and Custodi Lich (CR 725, 614.9, 603.2e)",
    notebooks=("06-the-monarch", "07-protector-of-the-crown"),
    situations=(Combat, Bolts, Leaves, LichEnters, DrawRace),
    misconceptions=MISCONCEPTIONS,
    generate=generate,
    hard_tries=2,  # who becomes the monarch rarely has four possible answers
)

__all__ = ["TOPIC", "BoltCase", "Bolts", "Combat", "CombatResult", "DrawRace", "LeaveCase", "Leaves",
           "LichEnters", "MonarchCase", "Mistake", "bob_life_text", "check_draw_race", "check_leave_answers",
           "check_name_answers", "combat_check", "combat_is_legal", "combat_outcomes", "combat_setup",
           "combat_walk", "generate", "monarch_draw_race", "protector_combat"]
