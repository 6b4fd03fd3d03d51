"""A read-only picture of the board, and how to rebuild it from the event log alone.

``Game.board()`` reads the live game; :func:`replay` folds events into the same picture.
Because every state change is an event, the two always agree: that is how the stepper
shows the board "as it was after event n", and a test checks it for every example.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .abilities import CardDef, granted_keywords
from .events import (
    AbilityGained,
    AttackDeclared,
    BlockDeclared,
    ControlChanged,
    Countered,
    CountersChanged,
    DamageDealt,
    DamageWoreOff,
    DrawSkipped,
    EffectEnded,
    Entered,
    Event,
    Fizzled,
    GameBegan,
    GameEnded,
    LifeChanged,
    ManaAdded,
    ManaSpent,
    MonarchChanged,
    PlayerLeft,
    PoolEmptied,
    PutOnStack,
    Resolved,
    SetupPut,
    StepBegan,
    Tapped,
    TurnBegan,
    Untapped,
    ZoneChange,
)
from .mana import Mana
from .records import Mutable, Value


class PermView(Value):
    """A permanent as a player sees it across the table."""

    id: int
    name: str
    controller: str
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    damage: int = 0
    sick: bool = False  # a creature its controller hasn't controlled since their turn began (302.6)
    attacking: str | None = None  # the player it attacks
    blocking: int | None = None  # the attacker it blocks
    attached_to: int | None = None  # what this Aura enchants
    token: bool = False

    def label(self) -> str:
        bits = [self.name]
        if self.tapped:
            bits.append("(tapped)")
        bits += [f"[{n} {k}]" for k, n in self.counters if n]
        if self.damage:
            bits.append(f"<{self.damage} damage>")
        return " ".join(bits)

    def marks(self) -> list[str]:
        """Plain words for everything about it that matters at the table."""
        out = ["tapped"] if self.tapped else []
        if self.sick:
            out.append("summoning sick")
        if self.attacking:
            out.append(f"attacking {self.attacking}")
        if self.blocking is not None:
            out.append(f"blocking #{self.blocking}")
        if self.attached_to is not None:
            out.append(f"attached to #{self.attached_to}")
        out += [f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in self.counters if n]
        if self.damage:
            out.append(f"{self.damage} damage")
        if self.token:
            out.append("token")
        return out


class PlayerView(Value):
    name: str
    life: int = 20
    pool: str = "no mana"
    hand: int = 0
    library: int = 0
    graveyard: tuple[str, ...] = ()
    exile: tuple[str, ...] = ()
    in_game: bool = True


class Board(Value):
    turn: int = 0
    step: str = ""
    active: str = ""
    monarch: str | None = None
    players: tuple[PlayerView, ...] = ()
    permanents: tuple[PermView, ...] = ()
    stack: tuple[str, ...] = ()
    over: bool = False  # the game has ended (CR 104.1)
    winner: str | None = None  # who won (CR 104.2a); None while it goes on, and in a draw (104.4a)

    def player(self, name: str) -> PlayerView:
        return next(p for p in self.players if p.name == name)

    def controlled_by(self, name: str) -> tuple[PermView, ...]:
        return tuple(p for p in self.permanents if p.controller == name)

    def describe(self) -> str:
        """A few plain lines: each player's life, pool and permanents."""
        lines = [f"Turn {self.turn}, {self.step.replace('_', ' ')} ({self.active} is active)"]
        for p in self.players:
            crown = " ♛ monarch" if self.monarch == p.name else ""
            gone = " (left the game)" if not p.in_game else ""
            lines.append(f"{p.name}{crown}{gone}: life {p.life}, pool {p.pool}, "
                         f"hand {p.hand}, library {p.library}")
            perms = [v.label() for v in self.controlled_by(p.name)]
            lines.append("  " + (", ".join(perms) if perms else "(no permanents)"))
            if p.graveyard:
                lines.append("  graveyard: " + ", ".join(p.graveyard))
        if self.stack:
            lines.append("Stack (top first): " + "; ".join(reversed(self.stack)))
        if self.over:
            lines.append(f"The game is over: {self.winner} won (CR 104.2a)." if self.winner else
                         "The game is over: a draw (CR 104.4a).")
        return "\n".join(lines)


class _Obj(Mutable):
    name: str
    owner: str
    zone: str
    counters: dict[str, int]
    controller: str = ""
    tapped: bool = False
    damage: int = 0
    attached_to: int | None = None
    token: bool = False
    since: int | None = None  # the event that put it under its controller's control
    card: str = ""  # the card whose characteristics it has (a copy's original)


def replay(events: Iterable[Event]) -> Board:
    """Rebuild the board from events only.

    >>> from mtgkit import Game
    >>> g = Game(["Alice", "Bob"])
    >>> elves = g.put_onto_battlefield("Llanowar Elves", "Alice")
    >>> _ = g.activate(elves)
    >>> replay(g.events) == g.board()
    True
    """
    r = _Replay()
    for e in events:
        r.apply(e)
    return r.board()


class _Replay:
    """The board as the events so far leave it: one method per kind of event, each changing
    what that kind of event changes (:data:`_CHANGES` says which method reads which kind)."""

    def __init__(self) -> None:
        self.turn, self.step, self.active = 0, "", ""
        self.monarch: str | None = None
        self.over = False
        self.winner: str | None = None
        self.players: dict[str, PlayerView] = {}
        self.pools: dict[str, Mana] = {}
        self.objs: dict[int, _Obj] = {}
        self.stack: list[tuple[int, str]] = []
        self.order: list[int] = []  # the permanents, in the order they arrived
        self.began: dict[str, int] = {}  # each player's most recent turn began with this event
        self.attackers: dict[int, str] = {}
        self.blockers: dict[int, int] = {}
        # keywords until end of turn: the event that gave one -> (id, keyword)
        self.gained: dict[int, tuple[int, str]] = {}

    def apply(self, e: Event) -> None:
        for kind in type(e).__mro__:
            change = _CHANGES.get(kind)
            if change is not None:
                change(self, e)
                return

    def game_began(self, e: GameBegan) -> None:
        for name in e.names:
            self.players[name] = PlayerView(name, life=e.life)
            self.pools[name] = Mana()
        for name, ids in e.libraries:
            for oid in ids:
                self.objs[oid] = _Obj("Library Card", name, "library", counters={})

    def turn_began(self, e: TurnBegan) -> None:
        self.turn, self.active = e.turn, e.active
        self.began[e.active] = e.seq
        self.attackers.clear()
        self.blockers.clear()

    def step_began(self, e: StepBegan | DrawSkipped) -> None:
        self.step = e.step
        if self.step not in _COMBAT:  # CR 511.3: combat is over
            self.attackers.clear()
            self.blockers.clear()

    def attack_declared(self, e: AttackDeclared) -> None:
        if e.obj_id is not None:
            self.attackers[e.obj_id] = e.defender

    def block_declared(self, e: BlockDeclared) -> None:
        if e.obj_id is not None:
            self.blockers[e.obj_id] = e.attacker

    def zone_change(self, e: ZoneChange) -> None:
        if e.obj_id is None:
            return
        oid, to = e.obj_id, e.to
        o = self.objs.get(oid) or _Obj(e.obj or "", e.owner, to, counters={})
        self.objs[oid] = o
        if o.zone == "stack":
            self.stack[:] = [s for s in self.stack if s[0] != oid]
        if oid in self.order and to != "battlefield":
            self.order.remove(oid)
        o.zone, o.name = to, e.obj or o.name
        self.attackers.pop(oid, None)
        self.blockers.pop(oid, None)
        self.gained = {k: v for k, v in self.gained.items() if v[0] != oid}  # a new object (CR 400.7)
        if to == "battlefield":
            self.entered(o, oid, e)
        elif to == "stack":
            self.stack.append((oid, o.name))

    def entered(self, o: _Obj, oid: int, e: ZoneChange) -> None:
        o.controller = e.controller
        o.tapped = e.tapped
        o.counters = dict(e.counters)
        o.damage = 0
        o.attached_to = e.attached_to
        o.token = e.token
        o.since = e.seq if not isinstance(e, SetupPut) or e.arrived_this_turn else None
        o.card = e.copy_of if isinstance(e, Entered) and e.copy_of else o.name
        if oid not in self.order:
            self.order.append(oid)

    def control_changed(self, e: ControlChanged) -> None:
        if e.obj_id is None:
            return
        o = self.objs[e.obj_id]
        o.controller = e.controller
        if e.since_now:
            o.since = e.seq
        if e.removed_from_combat:
            self.attackers.pop(e.obj_id, None)
            self.blockers.pop(e.obj_id, None)

    def ability_gained(self, e: AbilityGained) -> None:
        if e.obj_id is not None:
            self.gained[e.seq] = (e.obj_id, e.keyword)

    def effect_ended(self, e: EffectEnded) -> None:
        if e.cause is not None:
            self.gained.pop(e.cause, None)

    def put_on_stack(self, e: PutOnStack) -> None:
        self.stack.append((e.id, e.name))

    def left_stack(self, e: Resolved | Fizzled | Countered) -> None:
        if e.ability:
            self.stack[:] = [s for s in self.stack if s[0] != e.id]

    def tapped(self, e: Tapped | Untapped) -> None:
        if e.obj_id is not None:
            self.objs[e.obj_id].tapped = isinstance(e, Tapped)

    def counters_changed(self, e: CountersChanged) -> None:
        if e.obj_id is not None:
            o = self.objs[e.obj_id]
            o.counters[e.counter] = o.counters.get(e.counter, 0) + e.delta

    def damage_dealt(self, e: DamageDealt) -> None:
        if e.to_id is not None:
            self.objs[e.to_id].damage += e.amount

    def damage_wore_off(self, e: DamageWoreOff) -> None:
        for o in self.objs.values():
            o.damage = 0

    def mana_added(self, e: ManaAdded) -> None:
        if e.player:
            self.pools[e.player] = self.pools[e.player] + e.mana

    def mana_spent(self, e: ManaSpent) -> None:
        if e.player:
            self.pools[e.player] = self.pools[e.player] - e.mana

    def pool_emptied(self, e: PoolEmptied) -> None:
        if e.player:
            self.pools[e.player] = Mana()

    def life_changed(self, e: LifeChanged) -> None:
        if e.player:
            p = self.players[e.player]
            self.players[p.name] = p.replace(life=p.life + e.delta)

    def monarch_changed(self, e: MonarchChanged) -> None:
        self.monarch = e.monarch

    def player_left(self, e: PlayerLeft) -> None:
        if e.player:
            self.players[e.player] = self.players[e.player].replace(in_game=False)

    def game_ended(self, e: GameEnded) -> None:
        self.over, self.winner = True, e.winner

    def board(self) -> Board:
        """The picture: each player's view, and the permanents in the order they arrived."""
        views = []
        for name, p in self.players.items():
            mine = [o for _, o in sorted(self.objs.items()) if o.owner == name]
            views.append(p.replace(
                pool=str(self.pools[name]),
                hand=sum(o.zone == "hand" for o in mine),
                library=sum(o.zone == "library" for o in mine),
                graveyard=tuple(o.name for o in mine if o.zone == "graveyard"),
                exile=tuple(o.name for o in mine if o.zone == "exile"),
            ))
        from .cards import CATALOG

        objs, began, gained = self.objs, self.began, self.gained
        battle = [_Known(CATALOG[o.card], o.controller) for i in self.order if (o := objs[i]).card in CATALOG]
        perms = tuple(
            PermView(i, o.name, o.controller, o.tapped,
                     tuple(sorted((k, n) for k, n in o.counters.items() if n)), o.damage,
                     sick=o.since is not None and _sick(o.card, o.controller, battle)
                     and o.since >= began.get(o.controller, 0) and (i, "haste") not in gained.values(),
                     attacking=self.attackers.get(i), blocking=self.blockers.get(i),
                     attached_to=o.attached_to, token=o.token)
            for i, o in ((i, objs[i]) for i in self.order)
        )
        return Board(self.turn, self.step, self.active, self.monarch, tuple(views), perms,
                     tuple(n for _, n in self.stack), self.over, self.winner)


#: Which method of :class:`_Replay` each kind of event goes to (a kind not here changes nothing
#: the board shows; a subclass goes where its nearest listed class goes).
_CHANGES: dict[type[Event], Callable[[_Replay, Any], None]] = {
    GameBegan: _Replay.game_began, TurnBegan: _Replay.turn_began,
    StepBegan: _Replay.step_began, DrawSkipped: _Replay.step_began,
    AttackDeclared: _Replay.attack_declared, BlockDeclared: _Replay.block_declared,
    ZoneChange: _Replay.zone_change, ControlChanged: _Replay.control_changed,
    AbilityGained: _Replay.ability_gained, EffectEnded: _Replay.effect_ended,
    PutOnStack: _Replay.put_on_stack,
    Resolved: _Replay.left_stack, Fizzled: _Replay.left_stack, Countered: _Replay.left_stack,
    Tapped: _Replay.tapped, Untapped: _Replay.tapped, CountersChanged: _Replay.counters_changed,
    DamageDealt: _Replay.damage_dealt, DamageWoreOff: _Replay.damage_wore_off,
    ManaAdded: _Replay.mana_added, ManaSpent: _Replay.mana_spent, PoolEmptied: _Replay.pool_emptied,
    LifeChanged: _Replay.life_changed, MonarchChanged: _Replay.monarch_changed,
    PlayerLeft: _Replay.player_left, GameEnded: _Replay.game_ended,
}


_COMBAT = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
                     "combat_damage", "end_of_combat"})


class _Known(Value):
    card: CardDef
    controller: str

    def is_a(self, card_type: str) -> bool:
        return self.card.is_a(card_type)


def _sick(name: str, controller: str, battlefield: list[_Known]) -> bool:
    """Could a permanent with this card's characteristics be summoning sick (a creature
    without haste of its own or from the battlefield, CR 302.6, 702.10)?"""
    from .cards import CATALOG

    card = CATALOG.get(name)
    if card is None or not card.is_a("Creature"):
        return False
    return "haste" not in card.keywords | granted_keywords(_Known(card, controller), battlefield)
