"""A read-only picture of the board, and how to rebuild it from the event log alone.

``Game.board()`` reads the live game; :func:`replay` folds events into the same picture.
Because every state change is an event, the two always agree: that is how the stepper
shows the board "as it was after event n", and a test checks it for every example.
"""

from __future__ import annotations

from collections.abc import Iterable

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
    turn, step, active, monarch = 0, "", "", None
    over, winner = False, None
    players: dict[str, PlayerView] = {}
    pools: dict[str, Mana] = {}
    objs: dict[int, _Obj] = {}
    stack: list[tuple[int, str]] = []
    order: list[int] = []
    began: dict[str, int] = {}  # each player's most recent turn began with this event
    attackers: dict[int, str] = {}
    blockers: dict[int, int] = {}
    gained: dict[int, tuple[int, str]] = {}  # keywords until end of turn: start event -> (id, keyword)
    for e in events:
        if isinstance(e, GameBegan):
            for name in e.names:
                players[name] = PlayerView(name, life=e.life)
                pools[name] = Mana()
            for name, ids in e.libraries:
                for oid in ids:
                    objs[oid] = _Obj("Library Card", name, "library", counters={})
        elif isinstance(e, TurnBegan):
            turn, active = e.turn, e.active
            began[e.active] = e.seq
            attackers.clear()
            blockers.clear()
        elif isinstance(e, StepBegan | DrawSkipped):
            step = e.step
            if step not in _COMBAT:  # CR 511.3: combat is over
                attackers.clear()
                blockers.clear()
        elif isinstance(e, AttackDeclared) and e.obj_id is not None:
            attackers[e.obj_id] = e.defender
        elif isinstance(e, BlockDeclared) and e.obj_id is not None:
            blockers[e.obj_id] = e.attacker
        elif isinstance(e, ZoneChange) and e.obj_id is not None:
            oid, to = e.obj_id, e.to
            o = objs.get(oid) or _Obj(e.obj or "", e.owner, to, counters={})
            objs[oid] = o
            if o.zone == "stack":
                stack[:] = [s for s in stack if s[0] != oid]
            if oid in order and to != "battlefield":
                order.remove(oid)
            o.zone, o.name = to, e.obj or o.name
            attackers.pop(oid, None)
            blockers.pop(oid, None)
            gained = {k: v for k, v in gained.items() if v[0] != oid}  # a new object (CR 400.7)
            if to == "battlefield":
                o.controller = e.controller
                o.tapped = e.tapped
                o.counters = dict(e.counters)
                o.damage = 0
                o.attached_to = e.attached_to
                o.token = e.token
                o.since = e.seq if not isinstance(e, SetupPut) or e.arrived_this_turn else None
                o.card = e.copy_of if isinstance(e, Entered) and e.copy_of else o.name
                if oid not in order:
                    order.append(oid)
            elif to == "stack":
                stack.append((oid, o.name))
        elif isinstance(e, ControlChanged) and e.obj_id is not None:
            o = objs[e.obj_id]
            o.controller = e.controller
            if e.since_now:
                o.since = e.seq
            if e.removed_from_combat:
                attackers.pop(e.obj_id, None)
                blockers.pop(e.obj_id, None)
        elif isinstance(e, AbilityGained) and e.obj_id is not None:
            gained[e.seq] = (e.obj_id, e.keyword)
        elif isinstance(e, EffectEnded) and e.cause is not None:
            gained.pop(e.cause, None)
        elif isinstance(e, PutOnStack):
            stack.append((e.id, e.name))
        elif isinstance(e, Resolved | Fizzled | Countered) and e.ability:
            stack[:] = [s for s in stack if s[0] != e.id]
        elif isinstance(e, Tapped | Untapped) and e.obj_id is not None:
            objs[e.obj_id].tapped = isinstance(e, Tapped)
        elif isinstance(e, CountersChanged) and e.obj_id is not None:
            o = objs[e.obj_id]
            o.counters[e.counter] = o.counters.get(e.counter, 0) + e.delta
        elif isinstance(e, DamageDealt) and e.to_id is not None:
            objs[e.to_id].damage += e.amount
        elif isinstance(e, DamageWoreOff):
            for o in objs.values():
                o.damage = 0
        elif isinstance(e, ManaAdded) and e.player:
            pools[e.player] = pools[e.player] + e.mana
        elif isinstance(e, ManaSpent) and e.player:
            pools[e.player] = pools[e.player] - e.mana
        elif isinstance(e, PoolEmptied) and e.player:
            pools[e.player] = Mana()
        elif isinstance(e, LifeChanged) and e.player:
            p = players[e.player]
            players[p.name] = p.replace(life=p.life + e.delta)
        elif isinstance(e, MonarchChanged):
            monarch = e.monarch
        elif isinstance(e, PlayerLeft) and e.player:
            players[e.player] = players[e.player].replace(in_game=False)
        elif isinstance(e, GameEnded):
            over, winner = True, e.winner
    views = []
    for name, p in players.items():
        mine = [o for _, o in sorted(objs.items()) if o.owner == name]
        views.append(p.replace(
            pool=str(pools[name]),
            hand=sum(o.zone == "hand" for o in mine),
            library=sum(o.zone == "library" for o in mine),
            graveyard=tuple(o.name for o in mine if o.zone == "graveyard"),
            exile=tuple(o.name for o in mine if o.zone == "exile"),
        ))
    from .cards import CATALOG

    battle = [_Known(CATALOG[o.card], o.controller) for i in order if (o := objs[i]).card in CATALOG]
    perms = tuple(
        PermView(i, o.name, o.controller, o.tapped,
                 tuple(sorted((k, n) for k, n in o.counters.items() if n)), o.damage,
                 sick=o.since is not None and _sick(o.card, o.controller, battle)
                 and o.since >= began.get(o.controller, 0) and (i, "haste") not in gained.values(),
                 attacking=attackers.get(i), blocking=blockers.get(i), attached_to=o.attached_to,
                 token=o.token)
        for i, o in ((i, objs[i]) for i in order)
    )
    return Board(turn, step, active, monarch, tuple(views), perms, tuple(n for _, n in stack), over,
                 winner)


_COMBAT = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage",
                     "end_of_combat"})


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
