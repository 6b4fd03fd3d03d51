"""Teaching models behind the notebooks' explorers and exercises (pure Python, no GUI).

Widgets are thin views over these: every answer a widget shows is computed here by the
engine, and tested here without a browser.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .board import Board, replay
from .events import (
    DamageDealt,
    DamageRedirected,
    Entered,
    Event,
    MonarchChanged,
    StateBasedMove,
    explain,
)
from .game import Game
from .grading import Verdict, report
from .mana import Mana


# ----------------------------------------------------------------------------- cursor
class TimelineCursor:
    """A position in an event log: step through it and see the board after each event.

    >>> g = Game(["Alice", "Bob"])
    >>> _ = g.activate(g.put_onto_battlefield("Forest", "Alice"))
    >>> c = TimelineCursor(g.events)
    >>> c.last(); c.event.kind
    'mana'
    >>> c.board.player("Alice").pool
    '{G}'
    >>> c.back(); c.board.player("Alice").pool
    'no mana'
    """

    def __init__(self, events: Sequence[Event], start: int | None = None) -> None:
        if not events:
            raise ValueError("there are no events to step through")
        self.events = list(events)
        self._boards: dict[int, Board] = {}
        self.index = 0 if start is None else max(0, min(start, len(events) - 1))

    def __len__(self) -> int:
        return len(self.events)

    @property
    def event(self) -> Event:
        return self.events[self.index]

    @property
    def board(self) -> Board:
        """The board as it was right after the current event."""
        if self.index not in self._boards:
            self._boards[self.index] = replay(self.events[: self.index + 1])
        return self._boards[self.index]

    @property
    def explanation(self) -> str:
        return explain(self.events, self.event.seq)

    def forward(self) -> None:
        self.index = min(self.index + 1, len(self.events) - 1)

    def back(self) -> None:
        self.index = max(self.index - 1, 0)

    def goto(self, index: int) -> None:
        self.index = max(0, min(index, len(self.events) - 1))

    def last(self) -> None:
        self.index = len(self.events) - 1


# ----------------------------------------------------------------------------- {T}/{Q}
@dataclass(frozen=True)
class ActivationCase:
    """One 'can this ability be activated now?' situation, answered by the engine."""

    card: str
    arrived: str  # "last turn" or "this turn"
    tapped: bool
    ability: int = 0

    def game(self) -> tuple[Game, int]:
        """A fresh game in Alice's main phase with the permanent set up (and {2} to spend)."""
        g = Game(["Alice", "Bob"])
        ref = g.put_onto_battlefield(self.card, "Alice", tapped=self.tapped,
                                     arrived=self.arrived)  # type: ignore[arg-type]
        g.put_in_graveyard("Grizzly Bears", "Alice")
        for _ in range(3):
            g.activate(g.put_onto_battlefield("Plains", "Alice"))
        return g, ref

    def answer(self) -> tuple[bool, str]:
        """(can activate?, reason in plain English with the CR rule)."""
        g, ref = self.game()
        reason = g.why_not_activate(ref, self.ability)
        if reason:
            return False, reason
        o = g.obj(ref)
        ab = o.card.activated[self.ability]
        bits = []
        if ab.cost.tap:
            bits.append(f"{o.name} is untapped, so it can pay {{T}} (CR 107.5)")
        if ab.cost.untap:
            bits.append(f"{o.name} is tapped, so it can pay {{Q}} (CR 107.6)")
        if o.is_a("Creature"):
            if g.has_haste(o):
                bits.append("it has haste, so summoning sickness doesn't matter (CR 702.10c)")
            else:
                bits.append("Alice has controlled it since her turn began (CR 302.6)")
        else:
            bits.append("it isn't a creature, so summoning sickness doesn't apply (CR 302.6)")
        return True, "Yes: " + "; ".join(bits) + "."


TAP_CARDS = ("Llanowar Elves", "Order of Whiteclay", "Pili-Pala", "Raging Goblin", "Fellwar Stone")


def check_activation_answers(answers: Mapping[str, bool], cases: Mapping[str, ActivationCase]) -> str:
    """Grade a learner's yes/no answers for named activation cases; explain each mistake."""
    rows: list[tuple[str, Verdict | None]] = []
    for key, case in cases.items():
        if answers.get(key) is None:
            rows.append((key, None))
            continue
        truth, reason = case.answer()
        said = "can" if truth else "cannot"
        if answers[key] is truth:
            rows.append((key, Verdict(True, f"{said} activate")))
        else:
            rows.append((key, Verdict(False, f"you said {answers[key]}, but it {said} activate. {reason}")))
    unknown = sorted(set(answers) - set(cases))
    notes = [f"(ignored unknown keys: {', '.join(unknown)})"] if unknown else []
    return report(rows, missing="no answer yet (use True or False)", notes=notes)


# ----------------------------------------------------------------------------- mana boards
#: Cards the mana explorers offer, grouped for the learner.
MANA_CARDS: dict[str, tuple[str, ...]] = {
    "lands": ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Underground Sea",
              "Mystic Gate", "Vivid Crag", "Gaea's Cradle", "Mana Confluence", "Meteor Crater"),
    "reflecting": ("Exotic Orchard", "Reflecting Pool", "Fellwar Stone"),
    "effects": ("Contamination", "Mana Reflection", "Heartbeat of Spring", "Mana Flare",
                "Zendikar Resurgent"),
    "creatures": ("Llanowar Elves", "Pili-Pala", "Grizzly Bears"),
}


def mana_board(alice: Sequence[str], bob: Sequence[str]) -> Game:
    """A game in Alice's main phase with these permanents (all there since last turn)."""
    g = Game(["Alice", "Bob"])
    for who, names in (("Alice", alice), ("Bob", bob)):
        for name in names:
            g.put_onto_battlefield(name, who)
    return g


@dataclass(frozen=True)
class CouldProduceRow:
    player: str
    name: str
    id: int
    types: str


def could_produce_table(g: Game) -> list[CouldProduceRow]:
    """One row per permanent with a mana ability: what it could produce (CR 106.7)."""
    from .mana import symbols

    solved = g.could_produce_all()
    return [CouldProduceRow(o.controller, o.name, o.id, symbols(solved[o.id]))
            for o in g.permanents() if o.id in solved]


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
    import itertools

    g = mana_board(alice, bob)
    o = g.permanents("Alice")[source]
    ab = o.card.activated[0] if o.card.activated else None
    if ab is None:
        return [()]
    labels = [r.label for r in g.mana_replacements(o, ab)]
    return [tuple(p) for p in itertools.permutations(labels)] if labels else [()]


# ----------------------------------------------------------------------------- mana exercises
@dataclass(frozen=True)
class TapCase:
    """'Alice taps her ``source``-th permanent: what mana does she get?'"""

    alice: tuple[str, ...]
    bob: tuple[str, ...] = ()
    source: int = 0
    order: tuple[str, ...] | None = None

    def answer(self) -> tuple[Mana, str]:
        g, events = tap_result(self.alice, self.bob, self.source, order=self.order)
        return g.pool("Alice"), "\n".join(f"   {e}" for e in events)


@dataclass(frozen=True)
class CouldCase:
    """'What could this permanent produce?' (``who``'s ``index``-th permanent)."""

    alice: tuple[str, ...]
    bob: tuple[str, ...] = ()
    who: str = "Alice"
    index: int = 0

    def answer(self) -> tuple[frozenset[str], str]:
        g = mana_board(self.alice, self.bob)
        o = g.permanents(self.who)[self.index]
        return g.could_produce(o.id), g.explain_could_produce(o.id)


def _parse_types(text: str) -> frozenset[str]:
    text = str(text).strip()
    if text.lower() in ("nothing", "none", ""):
        return frozenset()
    return Mana.parse(text).types


def check_tap_answers(answers: Mapping[str, str | None], cases: Mapping[str, TapCase]) -> str:
    """Grade mana answers written as symbols (``"{B}{B}"``, or ``"nothing"``)."""
    def grade(given: str, case: TapCase) -> tuple[bool, str, str]:
        truth, why = case.answer()
        try:
            ok = (Mana() if given.strip().lower() == "nothing" else Mana.parse(given)) == truth
        except ValueError:
            return False, str(truth), "write mana as symbols such as '{G}{G}' or 'nothing'"
        return ok, str(truth), "what the engine did:\n" + why
    return _grade(answers, cases, grade)


def check_could_answers(answers: Mapping[str, str | None], cases: Mapping[str, CouldCase]) -> str:
    """Grade could-produce answers written as symbols (``"{B}{C}"``, or ``"nothing"``)."""
    from .mana import symbols

    def grade(given: str, case: CouldCase) -> tuple[bool, str, str]:
        truth, why = case.answer()
        try:
            ok = _parse_types(given) == truth
        except ValueError:
            return False, symbols(truth), "write types as symbols such as '{B}{C}' or 'nothing'"
        return ok, symbols(truth), why
    return _grade(answers, cases, grade)


C = TypeVar("C")


def _grade(answers: Mapping[str, object], cases: Mapping[str, C],
           grade: Callable[[str, C], tuple[bool, str, str]]) -> str:
    """Grade each case's answer with ``grade(given, case) -> (right?, truth, why)``."""
    rows: list[tuple[str, Verdict | None]] = []
    for key, case in cases.items():
        given = answers.get(key)
        if given is None:
            rows.append((key, None))
            continue
        ok, truth, why = grade(str(given), case)
        rows.append((key, Verdict(True, truth) if ok else
                     Verdict(False, f"you wrote {given}, the answer is {truth}. {why}")))
    return report(rows)


# ----------------------------------------------------------------------------- X values (107.3m)
X_CARDS = ("Walking Ballista", "Hangarback Walker", "Chalice of the Void", "The Goose Mother")
X_PATHS = ("cast", "copied by Clone", "returned by Order of Whiteclay")


@dataclass(frozen=True)
class XPath:
    """What happened to one X card along one path onto the battlefield."""

    path: str
    arrived: bool
    mv_before: int | None  # on the stack when cast; in the graveyard when returned
    mv_battlefield: int | None
    counters: str
    tokens: int
    survived: bool
    note: str
    events: tuple[Event, ...]


def _lands_for(cost_text: str) -> list[str]:
    land = {"G": "Forest", "U": "Island", "W": "Plains", "B": "Swamp", "R": "Mountain"}
    return [land[c] for c in cost_text if c in land]


def x_path(card: str, x: int, path: str) -> XPath:
    """Bring ``card`` onto Alice's battlefield along ``path`` with X (cast) and report it."""
    from .cards import card as lookup
    from .game import Game

    g = Game(["Alice", "Bob"])
    defn = lookup(card)
    cost = defn.cost
    assert cost is not None
    colored = [c for c in (cost.text or "") if c in "WUBRG"]

    def pay(n_generic: int, colors: Sequence[str]) -> None:
        for name in _lands_for("".join(colors)) + ["Wastes"] * n_generic:
            g.activate(g.put_onto_battlefield(name, "Alice"))

    start = len(g.events)
    if path == "cast" or path == "copied by Clone":
        pay(cost.generic + cost.x_count * x, colored)
        ref = g.put_in_hand(card, "Alice")
        start = len(g.events)
        g.cast(ref, x=x)
        mv_before: int | None = g.mana_value(ref)
        g.resolve_stack()
        if path == "copied by Clone":
            if not defn.is_a("Creature"):
                return XPath(path, False, None, None, "", 0, False,
                             f"{card} is not a creature: Clone can only copy a creature.", ())
            pay(3, "U")
            clone = g.put_in_hand("Clone", "Alice")
            start = len(g.events)
            g.cast(clone)
            g.resolve(copy=ref if g.obj(ref).zone == "battlefield" else None)
            g.resolve_stack()
            ref, mv_before = clone, None
    else:
        ref = g.put_in_graveyard(card, "Alice")
        mv_before = g.mana_value(ref)
        if not defn.is_a("Creature"):
            return XPath(path, False, mv_before, None, "", 0, False,
                         f"{card} is not a creature card: Order of Whiteclay can't return it.", ())
        pay(1, "WW")
        order = g.put_onto_battlefield("Order of Whiteclay", "Alice", tapped=True)
        start = len(g.events)
        g.activate(order, target=ref)
        g.resolve_stack()
    o = g.obj(ref)
    events = tuple(g.events[start:])
    tokens = sum(1 for e in events if isinstance(e, Entered) and e.obj_id is not None
                 and g.obj(e.obj_id).token)
    counters = ", ".join(f"{n} {k}" for k, n in sorted(o.counters.items())) or "none"
    on_bf = o.zone == "battlefield"
    died = any(isinstance(e, StateBasedMove) and e.obj_id == ref for e in events)
    note = ("X for it is 0: it didn't come from a spell with X (CR 107.3m, 707.2)"
            if path != "cast" else f"X = {x} was paid for the spell, so its enters effects use {x}")
    return XPath(path, True, mv_before, g.mana_value(ref) if on_bf else None,
                 counters if on_bf else "(not on the battlefield)", tokens, on_bf and not died,
                 note, events)


# ----------------------------------------------------------------------------- the monarch
def monarch_draw_race(lich_enters: bool) -> tuple[Game, str]:
    """Alice is the monarch; her end-step draw trigger waits on the stack; optionally Bob's
    Custodi Lich enters (Bob becomes the monarch) before it resolves. Returns who drew."""
    from .game import Game

    g = Game(["Alice", "Bob"])
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


def protector_combat(attackers: Sequence[str], blocks: Mapping[str, str], protectors: int = 1,
                     protector: int = 0, bob_is_monarch: bool = True) -> CombatResult:
    """Alice attacks Bob. Bob controls ``protectors`` Protectors of the Crown (and a Hill Giant);
    ``blocks`` maps Bob's blocker names to Alice's attacker names; ``protector`` is the index of
    the Protector Bob chooses to take the damage. Who is the monarch afterwards, and why?"""
    from .choices import Scripted
    from .game import Game

    g = Game(["Alice", "Bob"])
    mine = {name: g.put_onto_battlefield(name, "Alice") for name in dict.fromkeys(attackers)}
    prots = [g.put_onto_battlefield("Protector of the Crown", "Bob") for _ in range(protectors)]
    bob = {"Hill Giant": g.put_onto_battlefield("Hill Giant", "Bob")}
    bob.update({f"Protector of the Crown {i + 1}": p for i, p in enumerate(prots)})
    if bob_is_monarch:
        g.make_monarch("Bob")
    before = g.monarch
    chosen = [f"Protector of the Crown #{prots[protector]}"] if protectors > 1 else []
    g.chooser = Scripted(chosen * len(mine))
    g.advance(to="beginning_of_combat")
    if mine:
        g.attack([mine[a] for a in mine])
        wanted = {bob[b]: mine[a] for b, a in blocks.items() if a in mine and b in bob}
        if wanted:
            g.block(wanted)
    g.advance(to="end_of_combat")
    changed = [e for e in g.events if isinstance(e, MonarchChanged) and e.changed and e.turn == g.turn
               and e.step == "combat_damage"]
    redirected = [e for e in g.events if isinstance(e, DamageRedirected)]
    if changed:
        why = g.why(changed[-1])
    elif redirected:
        why = (f"The crown stayed: {redirected[0].text} (CR 614.9). Damage dealt to a Protector is "
               f"not damage to the monarch, so the monarch's steal trigger (CR 725.2) never triggered.")
    elif not any(isinstance(e, DamageDealt) and e.to_player == "Bob" for e in g.events):
        why = ("The crown stayed: no creature dealt combat damage to Bob, the monarch, so the "
               "monarch's combat-damage trigger never triggered (CR 725.2).")
    else:
        why = "The crown stayed (CR 725.2)."
    return CombatResult(g, before, g.monarch, why)


@dataclass(frozen=True)
class XCase:
    """'Along this path, how many counters (or tokens) does it end up with?'"""

    card: str
    x: int
    path: str
    ask: str = "counters"  # or "tokens"

    def answer(self) -> tuple[int, str]:
        r = x_path(self.card, self.x, self.path)
        if self.ask == "tokens":
            return r.tokens, r.note
        if not r.survived:
            return 0, r.note + "; it entered with no counters and died as a 0/0 (CR 704.5f)"
        counts = [int(part.split()[0]) for part in r.counters.split(", ") if part[:1].isdigit()]
        return sum(counts), r.note


def check_number_answers(answers: Mapping[str, int | None], cases: Mapping[str, XCase]) -> str:
    """Grade whole-number answers against cases with an ``answer() -> (int, why)`` method."""
    def grade(given: str, case: XCase) -> tuple[bool, str, str]:
        truth, why = case.answer()
        return given.strip() == str(truth), str(truth), why
    return _grade(answers, cases, grade)


@dataclass(frozen=True)
class MonarchCase:
    """'Who is the monarch after this combat?' (see :func:`protector_combat`)."""

    attackers: tuple[str, ...]
    blocks: tuple[tuple[str, str], ...] = ()
    protectors: int = 1

    def answer(self) -> tuple[str, str]:
        r = protector_combat(self.attackers, dict(self.blocks), self.protectors)
        return str(r.monarch_after), r.explanation


def check_name_answers(answers: Mapping[str, str | None], cases: Mapping[str, MonarchCase]) -> str:
    """Grade answers that are a player's name."""
    def grade(given: str, case: MonarchCase) -> tuple[bool, str, str]:
        truth, why = case.answer()
        return given.strip().lower() == truth.lower(), truth, why
    return _grade(answers, cases, grade)


def check_draw_race(with_lich: str | None, without_lich: str | None) -> str:
    """Who draws from the monarch's end-step trigger, with and without Bob's Custodi Lich
    entering while it waits? Graded by the engine."""
    rows: list[tuple[str, Verdict | None]] = []
    for lich, answer in ((True, with_lich), (False, without_lich)):
        label = "with Bob's Custodi Lich entering first" if lich else "without it"
        if answer is None:
            rows.append((label, None))
            continue
        _, drew = monarch_draw_race(lich)
        rows.append((label, Verdict(True, drew) if answer == drew else Verdict(
            False, f"you said {answer}, but {drew} draws: the trigger is controlled by whoever "
                   f"was the monarch when it triggered (CR 725.2).")))
    return report(rows)


@dataclass(frozen=True)
class BoltCase:
    """Alice casts Lightning Bolt at Bob's Protector ``at_protector`` times (one at a time),
    then one at Bob: how much life does Bob lose?"""

    at_protector: int

    def answer(self) -> tuple[int, str]:
        from .game import Game

        g = Game(["Alice", "Bob"])
        protector = g.put_onto_battlefield("Protector of the Crown", "Bob")
        for _ in range(self.at_protector):
            g.activate(g.put_onto_battlefield("Mountain", "Alice"))
            g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=protector)
            g.resolve_stack()
        g.activate(g.put_onto_battlefield("Mountain", "Alice"))
        g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
        g.resolve_stack()
        gone = g.obj(protector).zone != "battlefield"
        why = ("the Protector had died (6 damage on a 2/5), so nothing was redirected (CR 614.9)"
               if gone else "the Protector took the Bolt instead (CR 614.9)")
        return 20 - g.life("Bob"), why
