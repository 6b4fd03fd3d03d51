"""The game's mutable state: objects, players, the stack, waiting triggers, effects.

Only :class:`~mtgkit.game.Game` changes these. Every change is recorded in the game's
:class:`~mtgkit.journal.Journal`, so a refused action can be undone exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from .abilities import CardDef, Effect, ManaReplacement, TargetSpec, Triggered
from .journal import JDict, JList, Journal, Journaled
from .mana import Mana
from .records import Mutable, Value
from .targets import Target
from .triggers import TriggerData


class Obj(Journaled):
    """A card or token in some zone. On the battlefield it is a permanent. Its ``counters``
    mapping is replaced, never changed in place (so every change is in the undo log)."""

    id: int
    card: CardDef
    owner: str
    zone: str
    counters: Mapping[str, int]
    controller: str = ""
    tapped: bool = False
    damage: int = 0
    since: int | None = None  # seq of the event that gave its controller control; None: before
    chosen_color: str | None = None
    attached_to: int | None = None
    token: bool = False
    etb_x: int = 0  # X of the spell that became this permanent (CR 107.3m); 0 otherwise
    deathtouch_damage: bool = False
    printed: CardDef | None = None  # the card itself, when ``card`` is a copy (CR 707.2)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def power(self) -> int:
        return (self.card.power or 0) + self.counters.get("+1/+1", 0)

    @property
    def toughness(self) -> int:
        return (self.card.toughness or 0) + self.counters.get("+1/+1", 0)

    def is_a(self, card_type: str) -> bool:
        return self.card.is_a(card_type)

    def add_counters(self, kind: str, n: int) -> None:
        """Put on (or, with a negative ``n``, remove) counters of ``kind``."""
        counters = dict(self.counters)
        counters[kind] = counters.get(kind, 0) + n
        self.counters = counters


class LastKnown(Value):
    """An object as it last existed on the battlefield (CR 608.2h, 603.10a)."""

    id: int
    card: CardDef
    controller: str
    counters: Mapping[str, int]
    attached_to: int | None = None

    def is_a(self, card_type: str) -> bool:
        return self.card.is_a(card_type)


class PlayerState(Journaled):
    name: str
    life: int = 20
    pool: Mana = Mana()
    in_game: bool = True
    lands_played: int = 0
    drew_from_empty: bool = False


class StackItem(Journaled):
    """A spell or an ability on the stack."""

    id: int
    kind: Literal["spell", "ability"]
    name: str
    controller: str
    effects: tuple[Effect, ...]
    text: str
    seq: int
    source_id: int | None = None
    target: Target | None = None
    x: int = 0
    ability: Triggered | None = None
    data: TriggerData = TriggerData()
    targets: TargetSpec | None = None  # what its target must be, checked again on resolution


class Pending(Mutable):
    """A triggered ability waiting to be put on the stack (CR 603.3)."""

    controller: str
    ability: Triggered
    source_id: int | None
    source_name: str
    seq: int
    data: TriggerData = TriggerData()


class ContinuousEffect(Mutable):
    """A mana replacement effect created by a resolving spell or ability (Pale Moon)."""

    label: str
    controller: str
    replacement: ManaReplacement
    seq: int
    until_turn: int | None = None
    source_id: int | None = None


class GameState(Journaled):
    """Everything that changes as the game goes on (the event log aside)."""

    players: tuple[PlayerState, ...]
    objects: JDict[int, Obj]
    battlefield: JList[int]
    stack: JList[StackItem]
    effects: JList[ContinuousEffect]
    pending: JList[Pending]
    jailed: JList[tuple[int, str]]  # (exiled card, controller of the Jailer's ability)
    turn_began: JDict[str, int]
    attackers: JDict[int, str]
    blockers: JDict[int, int]
    combat_seq: JDict[int, int]  # creature -> its attack/block event
    lki: JDict[int, LastKnown]  # objects as they last existed on the battlefield
    turn: int = 0
    step: str = "untap"
    active: str = ""
    monarch: str | None = None
    next_id: int = 1
    turn_seq: int | None = None  # the event that began this turn
    step_seq: int | None = None  # the event that began this step

    @classmethod
    def new(cls, journal: Journal, players: tuple[PlayerState, ...]) -> GameState:
        s = cls(players, JDict(journal), JList(journal), JList(journal), JList(journal),
                JList(journal), JList(journal), JDict(journal), JDict(journal), JDict(journal),
                JDict(journal), JDict(journal))
        for p in players:
            p.attach(journal)
        s.attach(journal)
        return s
