"""Teaching models behind the notebooks' explorers and exercises (pure Python, no GUI).

Widgets are thin views over these: every answer a widget shows is computed here by the
engine, and tested here without a browser.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .board import Board, replay
from .events import Event, explain
from .game import Game
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
    lines = []
    right = 0
    for key, case in cases.items():
        if answers.get(key) is None:
            lines.append(f"✗ {key}: no answer yet (use True or False)")
            continue
        truth, reason = case.answer()
        if answers[key] is truth:
            right += 1
            lines.append(f"✓ {key}: {'can' if truth else 'cannot'} activate")
        else:
            lines.append(f"✗ {key}: you said {answers[key]}, but it {'can' if truth else 'cannot'} "
                         f"activate. {reason}")
    unknown = sorted(set(answers) - set(cases))
    if unknown:
        lines.append(f"(ignored unknown keys: {', '.join(unknown)})")
    lines.insert(0, f"{right}/{len(cases)} correct")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- grading helpers
def check_mana(answer: str | Mana, expected: Mana, explanation: str) -> str:
    """Compare mana written as symbols (``"{B}{B}"``) with the engine's; explain if wrong."""
    try:
        given = answer if isinstance(answer, Mana) else Mana.parse(str(answer))
    except ValueError:
        return f"✗ {answer!r} is not mana written as symbols like '{{B}}{{B}}'."
    if given == expected:
        return f"✓ Right: {expected}."
    return f"✗ Not quite: you wrote {given}, the engine got {expected}.\n{explanation}"


def check_types(answer: Iterable[str], expected: frozenset[str], explanation: str) -> str:
    """Compare a set of mana type letters with the engine's could-produce set."""
    given = frozenset(str(a).strip("{}").upper() for a in answer)
    if given == expected:
        return "✓ Right: " + (", ".join(sorted(expected)) if expected else "nothing") + "."
    missing, extra = sorted(expected - given), sorted(given - expected)
    bits = []
    if missing:
        bits.append(f"missing {', '.join(missing)}")
    if extra:
        bits.append(f"should not include {', '.join(extra)}")
    return f"✗ Not quite ({'; '.join(bits)}).\n{explanation}"


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


def _grade(answers: Mapping[str, str | None], cases: Mapping, grade) -> str:  # type: ignore[type-arg]
    lines, right = [], 0
    for key, case in cases.items():
        given = answers.get(key)
        if given is None:
            lines.append(f"✗ {key}: no answer yet")
            continue
        ok, truth, why = grade(str(given), case)
        if ok:
            right += 1
            lines.append(f"✓ {key}: {truth}")
        else:
            lines.append(f"✗ {key}: you wrote {given}, the answer is {truth}. {why}")
    return "\n".join([f"{right}/{len(cases)} correct"] + lines)
