"""Boards as data: the permanents of a lesson's board, built into a fresh game on demand.

Every topic about mana (undefined mana, tapping for mana, could produce) asks about a board
of permanents in Alice's main phase, each there since before this turn. A :class:`BoardSpec`
is that board as an immutable value (so it can key a cache and be compared), and
:func:`mana_board` is the same board from two lists of card names.

>>> spec = BoardSpec((Perm("Forest"), Perm("Wild Growth", attached_to=0), Perm("Contamination", "Bob")))
>>> spec.describe()
'Alice: Forest, Wild Growth (on Forest); Bob: Contamination'
>>> g, ids = spec.build()
>>> [o.name for o in g.permanents("Alice")]
['Forest', 'Wild Growth']
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..cards import card as lookup
from ..game import Game
from ..grading import plural
from ..records import Value
from ..teaching import LIBRARY
from ..variants import Rules

#: Cards the mana explorers offer, grouped for the learner.
MANA_CARDS: dict[str, tuple[str, ...]] = {
    "lands": ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Underground Sea",
              "Mystic Gate", "Vivid Crag", "Gaea's Cradle", "Mana Confluence", "Meteor Crater"),
    "reflecting": ("Exotic Orchard", "Reflecting Pool", "Fellwar Stone"),
    "effects": ("Contamination", "Mana Reflection", "Heartbeat of Spring", "Mana Flare",
                "Zendikar Resurgent"),
    "creatures": ("Llanowar Elves", "Pili-Pala", "Grizzly Bears"),
}

_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


class Perm(Value):
    """One permanent on a :class:`BoardSpec` (``attached_to``: index of its host in the spec)."""

    card: str
    controller: str = "Alice"
    tapped: bool = False
    attached_to: int | None = None
    color: str | None = None

    def label(self, spec: BoardSpec) -> str:
        bits = [self.card]
        if self.attached_to is not None:
            color = _COLOR_NAMES.get(self.color or "", self.color)
            bits.append(f"(on {spec.permanents[self.attached_to].card}"
                        + (f", {color} chosen)" if self.color else ")"))
        state = ["tapped"] if self.tapped else []
        state += [plural(n, f"{kind} counter") for kind, n in lookup(self.card).enters_counters().items()]
        if state:
            bits.append(f"({', '.join(state)})")
        return " ".join(bits)


class BoardSpec(Value):
    """The permanents of a board, each there since before this turn, in Alice's main phase."""

    permanents: tuple[Perm, ...]
    players: tuple[str, ...] = ("Alice", "Bob")

    @classmethod
    def of(cls, alice: Sequence[str], bob: Sequence[str] = ()) -> BoardSpec:
        """Alice's permanents, then Bob's, by card name."""
        return cls(tuple(Perm(name, who) for who, names in (("Alice", alice), ("Bob", bob))
                         for name in names))

    def build(self, rules: Rules | None = None) -> tuple[Game, tuple[int, ...]]:
        """A fresh game with this board (played by ``rules``: the CR unless a variant is given),
        and each permanent's id."""
        g = Game(list(self.players), library=LIBRARY, rules=rules)
        ids: list[int] = []
        for p in self.permanents:
            host = ids[p.attached_to] if p.attached_to is not None else None
            ids.append(g.put_onto_battlefield(p.card, p.controller, tapped=p.tapped, attached_to=host,
                                              color=p.color))
        return g, tuple(ids)

    def describe(self) -> str:
        parts = []
        for who in self.players:
            mine = [p.label(self) for p in self.permanents if p.controller == who]
            parts.append(f"{who}: {', '.join(mine) if mine else 'nothing'}")
        return "; ".join(parts)

    def key(self) -> Hashable:
        """The same board whatever order its permanents were listed in."""
        return tuple(sorted((p.controller, p.label(self)) for p in self.permanents))

    def problem(self) -> str | None:
        """Why this is not a legal position, or ``None``. Two legendary permanents with the same
        name under one controller never stand: the legend rule (CR 704.5j) removes one."""
        seen: set[tuple[str, str]] = set()
        for p in self.permanents:
            if lookup(p.card).is_a("Legendary"):
                if (p.controller, p.card) in seen:
                    return f"{p.controller} would control two {p.card}s (the legend rule, CR 704.5j)"
                seen.add((p.controller, p.card))
        return None

    def count(self, index: int) -> int:
        p = self.permanents[index]
        return sum(1 for q in self.permanents if q.card == p.card and q.controller == p.controller)

    def name(self, index: int) -> str:
        """'Alice's Exotic Orchard' (or 'one of Alice's Forests' when she has several)."""
        p = self.permanents[index]
        if self.count(index) > 1:
            return f"one of {p.controller}'s {p.card}s"
        return f"{p.controller}'s {p.card}"


def mana_board(alice: Sequence[str], bob: Sequence[str]) -> Game:
    """A game in Alice's main phase with these permanents (all there since last turn)."""
    return BoardSpec.of(alice, bob).build()[0]


__all__ = ["MANA_CARDS", "BoardSpec", "Perm", "mana_board"]
