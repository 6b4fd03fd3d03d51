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
from .triggers import TriggerData, Until


class Obj(Journaled):
    """A card or token in some zone. On the battlefield it is a permanent. Its ``counters``
    mapping is replaced, never changed in place (so every change is in the undo log).

    Once :meth:`watch` is called, every change to it also puts its id in the game's set of
    objects *touched* since state-based actions were last checked (CR 704.3): a check looks at
    those, not at every object the game ever made.
    """

    __slots__ = ("_touched",)
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
    incarnation: int = 0  # zone changes so far: each makes a new object (CR 400.7)
    toughness_seq: int | None = None  # the event that last changed its toughness (entering, counters)
    boost: tuple[int, int] = (0, 0)  # +power/+toughness static abilities give it (Gauntlet of Power)
    damage_seq: int | None = None  # the event that last marked damage on it
    arrival: int = 0  # when it last entered the battlefield: the battlefield's order
    entered_under: str = ""  # the player it entered the battlefield under (CR 110.2)
    position: int = 0  # its place in a library: the highest is the top
    spell_copy: bool = False  # a copy of a spell on the stack (CR 707.10), not a card
    timestamp: int = 0  # the event by which it last entered a zone (CR 613.7d)

    def __setattr__(self, name: str, value: object) -> None:
        super().__setattr__(name, value)
        touched: JDict[int, None] | None = getattr(self, "_touched", None)
        if touched is not None and self.id not in touched:
            touched[self.id] = None

    def __setstate__(self, state: tuple[None, dict[str, object]]) -> None:
        """A copy (``copy.deepcopy`` of a game) gets the fields as they were, noting nothing."""
        for name, value in state[1].items():
            object.__setattr__(self, name, value)

    def watch(self, touched: JDict[int, None]) -> None:
        """From now on, note each change to this object in ``touched``."""
        object.__setattr__(self, "_touched", touched)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def power(self) -> int:
        return (self.card.power or 0) + self.counters.get("+1/+1", 0) + self.boost[0]

    @property
    def toughness(self) -> int:
        return (self.card.toughness or 0) + self.counters.get("+1/+1", 0) + self.boost[1]

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
    incarnation: int = 0
    chosen_color: str | None = None

    def is_a(self, card_type: str) -> bool:
        return self.card.is_a(card_type)


class PlayerState(Journaled):
    name: str
    life: int = 20
    pool: Mana = Mana()
    # the part of the pool that may be spent only on a kind of spell: (card type, mana) (CR 106.6)
    restricted: tuple[tuple[str, Mana], ...] = ()
    in_game: bool = True
    lands_played: int = 0
    spells_cast: int = 0  # spells cast this turn (Damping Sphere's cost increase, CR 601.2f)
    drew_from_empty: bool = False
    life_seq: int | None = None  # the event that last changed the life total
    draw_seq: int | None = None  # the failed draw from an empty library


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
    target_incarnation: int = 0  # the target object as it was when targeted (CR 400.7, 608.2b)
    source_incarnation: int = 0  # the source as it was when the ability was activated/triggered
    color: str | None = None  # a choice made when cast for "as this enters, choose a color"


class Exiled(Value):
    """A card exiled "until" something happens (CR 610.3): the card, the object it is in exile
    (it returns only as that object, 400.7), the controller of the effect, and what ends it."""

    card: int
    incarnation: int
    controller: str
    until: Until
    source: int | None = None  # what exiled it (Palace Jailer), as that object (400.7)
    source_incarnation: int = 0


class Pending(Mutable):
    """A triggered ability waiting to be put on the stack (CR 603.3)."""

    controller: str
    ability: Triggered
    source_id: int | None
    source_name: str
    seq: int
    data: TriggerData = TriggerData()
    source_incarnation: int = 0


class ContinuousEffect(Mutable):
    """A mana replacement effect created by a resolving spell or ability (Pale Moon)."""

    label: str
    controller: str
    replacement: ManaReplacement
    seq: int
    until_turn: int | None = None
    source_id: int | None = None


class ControlEffect(Mutable):
    """A control-changing effect created by a resolving spell or ability (Act of Treason, CR
    613.1b): ``controller`` controls object ``obj_id`` (as the object ``incarnation``, 611.2c)
    while it lasts. ``seq`` is the event that began it: its timestamp (613.7b)."""

    label: str
    controller: str
    obj_id: int
    incarnation: int
    seq: int
    until_turn: int | None = None


class KeywordEffect(Mutable):
    """A keyword a resolving spell or ability gave a permanent for a while ("it gains haste until
    end of turn", CR 611.2a)."""

    label: str
    controller: str
    obj_id: int
    incarnation: int
    keyword: str
    seq: int
    until_turn: int | None = None


class PreventionEffect(Mutable):
    """A prevention effect created by a resolving spell (Holy Day: "prevent all combat damage that
    would be dealt this turn", CR 615.1): it prevents all damage, or only combat damage, while it
    lasts. ``seq`` is the event that began it (its timestamp)."""

    label: str
    controller: str
    combat_only: bool
    seq: int
    until_turn: int | None = None


#: A continuous effect created by a resolving spell or ability (CR 611.2): each kind ends as its
#: duration says, "until end of turn" in the cleanup step (514.2).
ResolvedEffect = ContinuousEffect | ControlEffect | KeywordEffect | PreventionEffect


class GameState(Journaled):
    """Everything that changes as the game goes on (the event log aside)."""

    players: tuple[PlayerState, ...]
    objects: JDict[int, Obj]
    battlefield: JList[int]
    stack: JList[StackItem]
    effects: JList[ResolvedEffect]
    pending: JList[Pending]
    jailed: JList[Exiled]  # cards exiled until something happens (CR 610.3)
    turn_began: JDict[str, int]
    attackers: JDict[int, str]
    blockers: JDict[int, int]
    blocked: JList[int]  # attackers that became blocked: they stay blocked (CR 509.1h)
    combat_seq: JDict[int, int]  # creature -> its attack/block event
    lki: JDict[int, LastKnown]  # objects as they last existed on the battlefield
    # each object that left the battlefield as it last existed there, by (card, incarnation): a
    # card that came back is a new object, and "its controller" may mean the old one (CR 608.2h)
    lki_of: JDict[tuple[int, int], LastKnown]
    # What the permanents on the battlefield wait for or are (a trigger's kind of event, a static
    # ability's role, what an Aura is attached to), each key -> {object id: its arrival}: so an
    # event or a check reads the few permanents it concerns, not the whole battlefield.
    index: JDict[object, JDict[int, int]]
    touched: JDict[int, None]  # objects changed since state-based actions were last checked
    # the parts of one event (a player leaving, CR 800.4a): each part's event -> the last part,
    # right after which triggers are checked (603.10)
    one_event_end: JDict[int, int]
    turn: int = 0
    step: str = "untap"
    active: str = ""
    monarch: str | None = None
    next_id: int = 1
    turn_seq: int | None = None  # the event that began this turn
    step_seq: int | None = None  # the event that began this step
    priority: str | None = None  # the player who holds priority (None: nobody, CR 117.3)
    passed: tuple[str, ...] = ()  # who has passed in succession since the last action (CR 117.4)
    monarch_seq: int | None = None  # the event that made the monarch the monarch
    arrivals: int = 0  # permanents that have entered the battlefield so far (their order)
    attacked: bool = False  # creatures were declared as attackers this turn (CR 508.8)
    # the attackers and blockers that had first strike or double strike as this combat's first
    # combat damage step began (CR 510.4); None: this combat has had no first combat damage step
    struck_first: tuple[int, ...] | None = None

    @classmethod
    def new(cls, journal: Journal, players: tuple[PlayerState, ...]) -> GameState:
        s = cls(players, JDict(journal), JList(journal), JList(journal), JList(journal),
                JList(journal), JList(journal), JDict(journal), JDict(journal), JDict(journal),
                JList(journal), JDict(journal), JDict(journal), JDict(journal), JDict(journal),
                JDict(journal), JDict(journal))
        for p in players:
            p.attach(journal)
        s.attach(journal)
        return s
