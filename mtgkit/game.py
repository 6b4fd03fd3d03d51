"""The game: players, turns and steps, zones, actions, the stack and state-based actions.

Actions follow *verify, then do*: ``can_activate`` answers a question, ``activate`` checks
the same rules, raises a :class:`~mtgkit.errors.RulesError` before anything changes, and
returns the events it caused. If anything goes wrong part-way, the game is rolled back,
so an illegal action always leaves the game exactly as it was.

>>> g = Game(["Alice", "Bob"])
>>> elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
>>> g.can_activate(elves)
False
>>> print(g.why_not_activate(elves))  # doctest: +NORMALIZE_WHITESPACE
Llanowar Elves hasn't been under Alice's control continuously since Alice's most recent
turn began, and it doesn't have haste. [CR 302.6 (2026-08-07)]
>>> old = g.put_onto_battlefield("Llanowar Elves", "Alice")
>>> for e in g.activate(old): print(e)
#10 Alice activates Llanowar Elves: {T}: Add {G}. [CR 602.2]
#11 Llanowar Elves becomes tapped to pay {T} [CR 107.5]
#12 Alice adds {G} (Llanowar Elves was tapped for mana) [CR 106.4, 605.3b]
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from . import could_produce as cp
from .abilities import (
    Activated,
    AddMana,
    CardDef,
    ChooseColorAsEnters,
    CreateEffect,
    DealDamage,
    Effect,
    EntersTapped,
    EntersWithCounters,
    GainLife,
    ManaReplacement,
    ManaTrigger,
    PutCounters,
    Reflect,
    ReturnFromGraveyard,
    StaticReplacement,
    Whose,
)
from .board import Board, PermView, PlayerView
from .cards import card as lookup_card
from .choices import Chooser, FirstOption
from .errors import (
    ChoiceError,
    CombatError,
    CostError,
    GameOverError,
    RulesError,
    SummoningSicknessError,
    TapSymbolError,
    TargetError,
    TimingError,
    UntapSymbolError,
)
from .events import Event, explain
from .mana import COLORS, Mana, pay

STEPS: tuple[str, ...] = (
    "untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup",
)
STEP_TITLES = {
    "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
    "main1": "precombat main phase", "beginning_of_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step", "declare_blockers": "declare blockers step",
    "combat_damage": "combat damage step", "end_of_combat": "end of combat step",
    "main2": "postcombat main phase", "end": "end step", "cleanup": "cleanup step",
}
NO_PRIORITY = frozenset({"untap", "cleanup"})
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command")

F = TypeVar("F", bound=Callable[..., Any])


class ObjectError(RulesError):
    """The object named is not where the action needs it (CR 109)."""

    rule = "109.1"


@dataclass
class Obj:
    """A card or token in some zone. On the battlefield it is a permanent."""

    id: int
    card: CardDef
    owner: str
    zone: str
    controller: str = ""
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    since: int | None = None  # seq of the event that gave its controller control; None: before
    chosen_color: str | None = None
    attached_to: int | None = None
    token: bool = False

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


@dataclass
class PlayerState:
    name: str
    life: int = 20
    pool: Mana = Mana()
    in_game: bool = True
    lands_played: int = 0
    drew_from_empty: bool = False


@dataclass
class StackItem:
    id: int
    kind: Literal["spell", "ability"]
    name: str
    controller: str
    effects: tuple[Effect, ...]
    text: str
    seq: int
    source_id: int | None = None
    target: int | str | None = None
    x: int = 0


@dataclass
class ContinuousEffect:
    label: str
    controller: str
    replacement: ManaReplacement
    seq: int
    until_turn: int | None = None


@dataclass(frozen=True)
class AppliedReplacement:
    """A replacement effect that applies to one mana production (for could-produce too)."""

    label: str
    replacement: ManaReplacement
    source_id: int | None


@dataclass
class _State:
    players: list[PlayerState]
    objects: dict[int, Obj] = field(default_factory=dict)
    battlefield: list[int] = field(default_factory=list)
    stack: list[StackItem] = field(default_factory=list)
    effects: list[ContinuousEffect] = field(default_factory=list)
    turn: int = 0
    step: str = "untap"
    active: str = ""
    monarch: str | None = None
    turn_began: dict[str, int] = field(default_factory=dict)
    attackers: dict[int, str] = field(default_factory=dict)
    blockers: dict[int, int] = field(default_factory=dict)
    next_id: int = 1


def _atomic(method: F) -> F:
    """Run an action as a transaction: on any error, restore the state and the log."""

    @functools.wraps(method)
    def wrapper(self: Game, *args: Any, **kwargs: Any) -> Any:
        saved = copy.deepcopy(self._s)
        n_events = len(self._events)
        try:
            return method(self, *args, **kwargs)
        except BaseException:
            self._s = saved
            del self._events[n_events:]
            raise

    return wrapper  # type: ignore[return-value]


class Game:
    """A game of Magic with two or more players in turn order.

    ``start`` is the step the game is advanced to on creation (through the real untap,
    upkeep and draw steps of turn 1). Each library starts with ``library`` face-down cards
    whose identity doesn't matter to the lessons (drawing from an empty library loses the
    game, CR 704.5b). ``chooser`` answers choices that a call does not
    spell out; the default always takes the first legal option.
    """

    def __init__(
        self,
        players: Sequence[str] = ("Alice", "Bob"),
        *,
        life: int = 20,
        library: int = 30,
        start: str = "main1",
        chooser: Chooser | None = None,
    ) -> None:
        if len(players) < 2 or len(set(players)) != len(players):
            raise ValueError("a game needs two or more players with different names")
        self.chooser: Chooser = chooser or FirstOption()
        self._s = _State([PlayerState(p, life) for p in players])
        self._events: list[Event] = []
        self._cause: int | None = None
        self._cp_cache: tuple[int, dict[int, frozenset[str]]] | None = None
        filler = lookup_card("Library Card")
        libraries = tuple(
            (p, tuple(self._new_obj(filler, p, "library").id for _ in range(library))) for p in players
        )
        self._emit("players", f"A game begins: {', '.join(players)} in turn order, "
                   f"{life} life each, {library} cards in each library", ("103.1",), lane="game",
                   names=tuple(players), life=life, libraries=libraries)
        self._begin_turn(players[0])
        if start != "untap":
            self.advance(to=start)

    # ------------------------------------------------------------------ reading
    @property
    def events(self) -> tuple[Event, ...]:
        """The whole event log, oldest first (``events[i].seq == i + 1``)."""
        return tuple(self._events)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p.name for p in self._s.players)

    @property
    def turn(self) -> int:
        return self._s.turn

    @property
    def step(self) -> str:
        return self._s.step

    @property
    def active_player(self) -> str:
        return self._s.active

    @property
    def monarch(self) -> str | None:
        return self._s.monarch

    def life(self, player: str) -> int:
        return self._player(player).life

    def pool(self, player: str) -> Mana:
        return self._player(player).pool

    def obj(self, ref: int | str) -> Obj:
        """The object with id ``ref``, or the only permanent named ``ref``."""
        if isinstance(ref, int):
            try:
                return self._s.objects[ref]
            except KeyError:
                raise ObjectError(f"there is no object #{ref} in this game") from None
        named = [o for o in self.permanents() if o.name == ref]
        if len(named) != 1:
            where = "on the battlefield" if not named else "on the battlefield: use its id"
            raise ObjectError(f"there are {len(named)} permanents named {ref!r} {where}")
        return named[0]

    def find(self, name: str, controller: str | None = None, zone: str = "battlefield") -> int:
        """The id of the first object named ``name`` in ``zone`` (optionally by controller)."""
        for o in self._s.objects.values():
            if o.name == name and o.zone == zone and controller in (None, o.controller or o.owner):
                return o.id
        raise ObjectError(f"no {name!r} in the {zone}" + (f" of {controller}" if controller else ""))

    def permanents(self, controller: str | None = None) -> list[Obj]:
        objs = [self._s.objects[i] for i in self._s.battlefield]
        return [o for o in objs if controller in (None, o.controller)]

    def zone(self, player: str, zone: str) -> list[Obj]:
        """Cards ``player`` owns in ``zone`` (library top last), or permanents they control."""
        if zone == "battlefield":
            return self.permanents(player)
        return [o for o in self._s.objects.values() if o.owner == player and o.zone == zone]

    def stack(self) -> list[StackItem]:
        """The stack, bottom first."""
        return list(self._s.stack)

    def has_haste(self, o: Obj) -> bool:
        return "haste" in o.card.keywords

    def controlled_since_turn_began(self, ref: int | str) -> bool:
        """CR 302.6: has the permanent been under its controller's control continuously
        since that player's most recent turn began?"""
        o = self.obj(ref)
        if o.since is None:
            return True
        began = self._s.turn_began.get(o.controller)
        return began is not None and o.since < began

    def board(self) -> Board:
        """A read-only picture of the game now (equal to ``replay(game.events)``)."""
        s = self._s
        views = []
        for p in s.players:
            mine = sorted((o for o in s.objects.values() if o.owner == p.name), key=lambda o: o.id)
            views.append(PlayerView(
                p.name, p.life, str(p.pool),
                hand=sum(o.zone == "hand" for o in mine),
                library=sum(o.zone == "library" for o in mine),
                graveyard=tuple(o.name for o in mine if o.zone == "graveyard"),
                exile=tuple(o.name for o in mine if o.zone == "exile"),
                in_game=p.in_game,
            ))
        perms = tuple(
            PermView(o.id, o.name, o.controller, o.tapped,
                     tuple(sorted((k, n) for k, n in o.counters.items() if n)), o.damage)
            for o in self.permanents()
        )
        return Board(s.turn, s.step, s.active, s.monarch, tuple(views), perms,
                     tuple(i.name for i in s.stack))

    def why(self, event: Event | int) -> str:
        """Why did this event happen? The chain of causes back to a player's action."""
        seq = event.seq if isinstance(event, Event) else event
        return explain(self._events, seq)

    # ------------------------------------------------------------------ could produce
    def could_produce(self, ref: int | str) -> frozenset[str]:
        """CR 106.7: the types of mana this permanent could produce (a pure query).

        The whole board is solved at once and cached until the next event, so asking about
        every permanent in turn costs one solve.
        """
        return self.could_produce_all().get(self.obj(ref).id, frozenset())

    def could_produce_all(self) -> dict[int, frozenset[str]]:
        """Could-produce for every permanent with a mana ability (CR 106.7)."""
        version = len(self._events)
        if self._cp_cache is None or self._cp_cache[0] != version:
            self._cp_cache = (version, cp.could_produce_all(self))
        return dict(self._cp_cache[1])

    def explain_could_produce(self, ref: int | str) -> str:
        return cp.explain_could_produce(self, self.obj(ref).id)

    def colors_of_permanents(self, controller: str) -> frozenset[str]:
        found: frozenset[str] = frozenset()
        for o in self.permanents(controller):
            found |= o.card.colors
        return found

    def count_permanents(self, controller: str, card_type: str) -> int:
        return sum(o.is_a(card_type) for o in self.permanents(controller))

    def players_matching(self, controller: str, whose: Whose) -> list[str]:
        names = [p.name for p in self._s.players if p.in_game]
        if whose == "you":
            return [controller]
        if whose == "opponents":
            return [n for n in names if n != controller]
        return names

    def replacement_sources(self) -> list[tuple[str, ManaReplacement, int | None, str]]:
        """Every mana replacement effect in the game: (label, effect, source id, controller),
        in the order they began to apply."""
        found: list[tuple[str, ManaReplacement, int | None, str]] = []
        for p in self.permanents():
            for a in p.card.abilities:
                if isinstance(a, StaticReplacement):
                    found.append((p.name, a.replacement, p.id, p.controller))
        for eff in self._s.effects:
            found.append((eff.label, eff.replacement, None, eff.controller))
        return found

    def mana_replacements(self, o: Obj, ability: Activated,
                          sources: list[tuple[str, ManaReplacement, int | None, str]] | None = None,
                          ) -> list[AppliedReplacement]:
        """Replacement effects that apply if ``ability`` of ``o`` produces mana (CR 106.12b).

        Only abilities that tap for mana (CR 106.12) are affected; listed in the order the
        effects began to apply (the default order of application).
        """
        if not ability.taps_for_mana:
            return []
        found = self.replacement_sources() if sources is None else sources
        applicable = [(n, r, i) for n, r, i, c in found if self._replacement_applies(r, c, o)]
        names = [n for n, _, _ in applicable]
        return [
            AppliedReplacement(n if names.count(n) == 1 else f"{n} #{k + 1}", r, i)
            for k, (n, r, i) in enumerate(applicable)
        ]

    @staticmethod
    def _replacement_applies(r: ManaReplacement, controller: str, o: Obj) -> bool:
        if r.scope == "land" and not o.is_a("Land"):
            return False
        if r.scope == "nonbasic land" and (not o.is_a("Land") or o.is_a("Basic")):
            return False
        if r.whose == "you":
            return o.controller == controller
        if r.whose == "opponents":
            return o.controller != controller
        return True

    # ------------------------------------------------------------------ setup
    def put_onto_battlefield(
        self,
        name: str,
        controller: str,
        *,
        tapped: bool = False,
        counters: dict[str, int] | None = None,
        arrived: Literal["last turn", "this turn"] = "last turn",
        attached_to: int | None = None,
        color: str | None = None,
    ) -> int:
        """Teaching setup: put a card onto the battlefield and return its id.

        ``arrived="last turn"`` means it has been under ``controller``'s control since
        before their most recent turn began; ``"this turn"`` means it just arrived (so a
        creature is summoning sick, CR 302.6). ``counters=None`` uses the card's own
        "enters with" counters. Recorded as a ``setup`` event.
        """
        self._player(controller)
        defn = lookup_card(name)
        if defn.enchant and attached_to is None:
            raise ValueError(f"{name} is an Aura: say which permanent it is attached to")
        if attached_to is not None:
            host = self.obj(attached_to)
            if host.zone != "battlefield" or (defn.enchant and not host.is_a(defn.enchant)):
                raise TargetError(f"{name} can only enchant a {defn.enchant} on the battlefield",
                                  "303.4a")
        if color is not None and color not in COLORS:
            raise ValueError(f"color must be one of {COLORS}, not {color!r}")
        if counters is None:
            counters = {a.kind: a.amount for a in defn.abilities if isinstance(a, EntersWithCounters)}
        o = self._new_obj(defn, controller, "battlefield")
        o.controller, o.tapped, o.counters = controller, tapped, dict(counters)
        o.attached_to = attached_to
        if any(isinstance(a, ChooseColorAsEnters) for a in defn.abilities):
            o.chosen_color = color or "G"
        self._s.battlefield.append(o.id)
        when = "since before this turn" if arrived == "last turn" else "arriving this turn"
        e = self._emit("setup", f"Setup: {name} on {controller}'s battlefield ({when}"
                       + (", tapped" if tapped else "") + ")", (), player=controller, obj=o,
                       **self._move_data(o, "battlefield"))
        o.since = None if arrived == "last turn" else e.seq
        return o.id

    def put_in_zone(self, name: str, owner: str, zone: str = "hand") -> int:
        """Teaching setup: put a card into ``owner``'s hand, library (on top) or graveyard."""
        if zone not in ("hand", "library", "graveyard", "exile"):
            raise ValueError(f"zone must be hand, library, graveyard or exile, not {zone!r}")
        self._player(owner)
        o = self._new_obj(lookup_card(name), owner, zone)
        self._emit("setup", f"Setup: {name} into {owner}'s {zone}", (), player=owner, obj=o,
                   **self._move_data(o, zone))
        return o.id

    def put_in_hand(self, name: str, owner: str) -> int:
        return self.put_in_zone(name, owner, "hand")

    def put_in_library(self, name: str, owner: str, n: int = 1) -> list[int]:
        return [self.put_in_zone(name, owner, "library") for _ in range(n)]

    def put_in_graveyard(self, name: str, owner: str) -> int:
        return self.put_in_zone(name, owner, "graveyard")

    # ------------------------------------------------------------------ turns and steps
    @_atomic
    def advance(self, to: str | None = None) -> tuple[Event, ...]:
        """End the current step and begin the next one (or keep going until step ``to``).

        The stack must be empty (CR 500.2). Mana pools empty as each step ends (106.4).
        """
        if to is not None and to not in STEPS:
            raise ValueError(f"unknown step {to!r}; steps are {STEPS}")
        start = len(self._events)
        for _ in range(2 * len(STEPS)):
            self._next_step()
            if to is None or self._s.step == to:
                break
        return tuple(self._events[start:])

    def next_turn(self, to: str = "main1") -> tuple[Event, ...]:
        """Advance to step ``to`` of the next turn."""
        start = len(self._events)
        turn = self._s.turn
        while self._s.turn == turn:
            self.advance()
        if self._s.step != to:
            self.advance(to=to)
        return tuple(self._events[start:])

    def _next_step(self) -> None:
        if self._s.stack:
            raise TimingError("The stack isn't empty: a step ends only when all players pass "
                              "with an empty stack. Resolve the stack first.", "500.2")
        self._end_step()
        s = self._s
        if s.step == "cleanup":
            self._begin_turn(self._next_player(s.active))
            return
        nxt = STEPS[STEPS.index(s.step) + 1]
        if nxt == "declare_blockers" and not s.attackers:
            nxt = "end_of_combat"  # CR 506.1: no attackers, so blockers and damage are skipped
        s.step = nxt
        self._begin_step()

    def _next_player(self, current: str) -> str:
        names = self.players
        i = names.index(current)
        for k in range(1, len(names) + 1):
            cand = names[(i + k) % len(names)]
            if self._player(cand).in_game:
                return cand
        raise GameOverError("no player is left in the game")

    def _begin_turn(self, player: str) -> None:
        s = self._s
        s.turn += 1
        s.active, s.step = player, "untap"
        s.attackers, s.blockers = {}, {}
        for p in s.players:
            p.lands_played = 0
        e = self._emit("turn", f"Turn {s.turn} begins: {player} is the active player", ("500.1",),
                       player=player, lane="game", turn=s.turn, active=player)
        s.turn_began[player] = e.seq
        self._begin_step()

    def _begin_step(self) -> None:
        s = self._s
        e = self._emit("step", f"{STEP_TITLES[s.step].capitalize()} begins", ("500.1",),
                       player=s.active, lane="game", step=s.step)
        with self._caused_by(e.seq):
            if s.step == "untap":
                for o in self.permanents(s.active):
                    if o.tapped:
                        o.tapped = False
                        self._emit("untap", f"{o.name} untaps", ("502.3",), obj=o)
            elif s.step == "draw":
                if s.turn == 1 and len(s.players) == 2:
                    self._emit("step", f"{s.active} skips the first draw (first player, first turn)",
                               ("103.8a",), player=s.active, lane="game", step="draw")
                else:
                    self._draw(s.active, ("504.1",))
            elif s.step == "combat_damage":
                self._combat_damage()
            elif s.step == "cleanup":
                self._cleanup()
            self._check_sba()

    def _end_step(self) -> None:
        for p in self._s.players:
            if p.pool:
                self._emit("empty", f"{p.name}'s mana pool empties ({p.pool} lost)", ("106.4",),
                           player=p.name, mana=str(p.pool))
                p.pool = Mana()

    def _cleanup(self) -> None:
        s = self._s
        damaged = [o for o in self.permanents() if o.damage]
        if damaged:
            for o in damaged:
                o.damage = 0
            self._emit("cleanup", "Damage wears off: " + ", ".join(o.name for o in damaged),
                       ("514.2",), lane="game")
        for eff in [e for e in s.effects if e.until_turn is not None and e.until_turn <= s.turn]:
            s.effects.remove(eff)
            self._emit("effect", f"{eff.label}'s effect ends ({eff.replacement.describe()})",
                       ("514.2", "611.2a"), player=eff.controller, cause=eff.seq)

    # ------------------------------------------------------------------ activating
    def can_activate(self, ref: int | str, ability: int = 0, *, player: str | None = None) -> bool:
        """Could ``player`` activate this ability now? Changes nothing."""
        try:
            self._check_activate(ref, ability, player)
        except RulesError:
            return False
        return True

    def why_not_activate(self, ref: int | str, ability: int = 0, *, player: str | None = None) -> str:
        """The reason ``can_activate`` is False ('' when it is True)."""
        try:
            self._check_activate(ref, ability, player)
        except RulesError as err:
            return str(err)
        return ""

    def _check_activate(self, ref: int | str, index: int, player: str | None) -> tuple[Obj, Activated]:
        o = self.obj(ref)
        if o.zone != "battlefield":
            raise ObjectError(f"{o.name} is not on the battlefield", "602.1")
        abilities = o.card.activated
        if not 0 <= index < len(abilities):
            raise ObjectError(f"{o.name} has {len(abilities)} activated abilities; there is no "
                              f"ability {index}", "602.1")
        ab = abilities[index]
        who = player or o.controller
        self._check_can_act(who)
        if who != o.controller:
            raise RulesError(f"Only {o.name}'s controller, {o.controller}, can activate its "
                             f"abilities.", "602.2")
        c = ab.cost
        if c.tap and o.tapped:
            raise TapSymbolError(f"{o.name} is already tapped, so it can't be tapped again to "
                                 f"pay {{T}}.")
        if c.untap and not o.tapped:
            raise UntapSymbolError(f"{o.name} is untapped, so it can't be untapped to pay {{Q}}.")
        if (c.tap or c.untap) and o.is_a("Creature") and not self.has_haste(o) \
                and not self.controlled_since_turn_began(o.id):
            raise SummoningSicknessError(
                f"{o.name} hasn't been under {o.controller}'s control continuously since "
                f"{o.controller}'s most recent turn began, and it doesn't have haste.")
        if c.mana is not None:
            pool = self._player(who).pool
            try:
                pay(pool, c.mana)
            except ValueError:
                raise CostError(f"{who}'s mana pool holds {pool}, which can't pay {c.mana}. "
                                f"Add mana first (activate mana abilities).") from None
        if c.life and self._player(who).life < c.life:
            raise CostError(f"{who} has {self._player(who).life} life and can't pay {c.life} life.",
                            "119.4")
        for kind, n in c.remove_counters:
            if o.counters.get(kind, 0) < n:
                raise CostError(f"{o.name} has {o.counters.get(kind, 0)} {kind} counters; the cost "
                                f"removes {n}.")
        return o, ab

    @_atomic
    def activate(
        self,
        ref: int | str,
        ability: int = 0,
        *,
        player: str | None = None,
        color: str | None = None,
        choice: str | None = None,
        order: Sequence[str] | None = None,
        target: int | str | None = None,
    ) -> tuple[Event, ...]:
        """Activate an ability of a permanent and return the events it caused.

        ``color``/``choice`` pick the mana (``"G"``, ``"{W}{U}"``); ``order`` lists the
        replacement effects in the order to apply them (CR 616.1); ``target`` is a card id
        or a player name. Mana abilities resolve at once (605.3b); others go on the stack.
        """
        o, ab = self._check_activate(ref, ability, player)
        start = len(self._events)
        who = o.controller
        act = self._emit("activate", f"{who} activates {o.name}: {ab.text}", ("602.2",), obj=o,
                         player=who, ability=ability, mana_ability=ab.is_mana_ability)
        if ab.targets != "none" or target is not None:
            target = self._check_target(ab.targets, who, target)
        with self._caused_by(act.seq):
            self._pay_cost(o, ab)
        if ab.is_mana_ability:
            self._produce_mana(o, ab, act.seq, color, choice, order)
        else:
            item = StackItem(self._take_id(), "ability", f"{o.name}'s ability", who, ab.effects,
                             ab.text, 0, source_id=o.id, target=target)
            e = self._emit("stack", f"{o.name}'s ability goes on the stack"
                           + (f" targeting {self._target_name(target)}" if target is not None else ""),
                           ("602.2", "117.7"), player=who, lane="stack", cause=act.seq,
                           id=item.id, name=item.name)
            item.seq = e.seq
            self._s.stack.append(item)
        self._check_sba()
        return tuple(self._events[start:])

    def _pay_cost(self, o: Obj, ab: Activated) -> None:
        c, who = ab.cost, o.controller
        p = self._player(who)
        if c.mana is not None and c.mana.total():
            spent = pay(p.pool, c.mana)
            p.pool = p.pool - spent
            self._emit("spend", f"{who} spends {spent} from their mana pool to pay {c.mana}",
                       ("601.2h", "602.2b"), player=who, mana=str(spent))
        if c.tap:
            o.tapped = True
            self._emit("tap", f"{o.name} becomes tapped to pay {{T}}", ("107.5",), obj=o)
        if c.untap:
            o.tapped = False
            self._emit("untap", f"{o.name} becomes untapped to pay {{Q}}", ("107.6",), obj=o)
        if c.life:
            p.life -= c.life
            self._emit("life", f"{who} pays {c.life} life", ("119.4",), player=who, delta=-c.life)
        for kind, n in c.remove_counters:
            o.counters[kind] -= n
            self._emit("counters", f"{n} {kind} counter removed from {o.name}", ("602.2b",), obj=o,
                       counter=kind, delta=-n)
        if c.sacrifice_self:
            self._move(o, "graveyard", f"{who} sacrifices {o.name}", ("701.21a",))

    # ------------------------------------------------------------------ mana
    def _produce_mana(self, o: Obj, ab: Activated, act_seq: int, color: str | None,
                      choice: str | None, order: Sequence[str] | None) -> None:
        spec = ab.mana_spec
        assert spec is not None
        ctx = cp._Solver(self) if isinstance(spec, Reflect) else self
        options = spec.options(ctx, o.controller)  # type: ignore[arg-type]
        who = o.controller
        with self._caused_by(act_seq):
            if not options:
                why = spec.why_none()
                self._emit("no_mana", f"{o.name}'s ability produces no mana: {why}",
                           ("106.5", "605.2") if "undefined" in why else ("605.2",), obj=o,
                           player=who, reason=why)
                return
            links: list[int] = []
            mana = self._pick_mana(who, o, options, color, choice, links)
            reps = self.mana_replacements(o, ab)
            if reps:
                mana = self._apply_mana_replacements(who, o, mana, reps, order, links)
            produced = self._add_mana(who, mana, f"{o.name} was tapped for mana" if ab.taps_for_mana
                                      else f"from {o.name}'s mana ability",
                                      ("106.4", "605.3b") + (("106.12b",) if reps else ())
                                      + (("616.1",) if len(reps) > 1 else ()),
                                      obj=o, links=tuple(links))
        if ab.taps_for_mana and mana:
            self._mana_triggers(o, mana, produced.seq)

    def _pick_mana(self, who: str, o: Obj, options: Sequence[Mana], color: str | None,
                   choice: str | None, links: list[int]) -> Mana:
        labels = [str(m) for m in options]
        wanted = choice if choice is not None else (f"{{{color}}}" if color else None)
        if wanted is not None:
            try:
                wanted = str(Mana.parse(wanted))
            except ValueError:
                raise ChoiceError(f"{wanted!r} is not mana; choose one of {', '.join(labels)}") from None
            if wanted not in labels:
                raise ChoiceError(f"{o.name} can't add {wanted} now; it can add "
                                  f"{' or '.join(labels)}.", "106.7" if len(labels) else "106.5")
        if len(options) == 1:
            return options[0]
        label = wanted or self.chooser.choose(who, f"mana from {o.name}", labels)
        e = self._emit("choice", f"{who} chooses {label} from {o.name} (options: {', '.join(labels)})",
                       ("605.3b",), player=who, obj=o, question="mana", answer=label)
        links.append(e.seq)
        return options[labels.index(label)]

    def _apply_mana_replacements(self, who: str, o: Obj, mana: Mana,
                                 reps: list[AppliedReplacement], order: Sequence[str] | None,
                                 links: list[int]) -> Mana:
        labels = [r.label for r in reps]
        if order is not None:
            chosen = self._match_order(labels, list(order))
        else:
            chosen = self.chooser.order(who, f"replacement effects on {o.name}'s mana", labels)
        if len(reps) > 1:
            e = self._emit("choice", f"{who} orders the replacement effects: "
                           + " then ".join(chosen), ("616.1",), player=who, obj=o,
                           question="order", answer=tuple(chosen))
            links.append(e.seq)
        by_label = {r.label: r for r in reps}
        for label in chosen:
            r = by_label[label]
            before, mana = mana, r.replacement.op.apply(mana)
            e = self._emit("replace", f"{label}: {o.name} produces {mana} instead of {before}",
                           ("106.12b", "614.1a"), player=who, obj=o, effect=label,
                           before=str(before), after=str(mana))
            links.append(e.seq)
        return mana

    @staticmethod
    def _match_order(labels: list[str], order: list[str]) -> list[str]:
        left, out = list(labels), []
        for name in order:
            hit = next((lab for lab in left if lab == name), None) or next(
                (lab for lab in left if lab.split(" #")[0] == name), None)
            if hit is None:
                raise ChoiceError(f"{name!r} is not one of the replacement effects to order: "
                                  f"{', '.join(labels)}", "616.1")
            left.remove(hit)
            out.append(hit)
        if left:
            raise ChoiceError(f"the order must include every applicable replacement effect: "
                              f"{', '.join(labels)}", "616.1")
        return out

    def _add_mana(self, who: str, mana: Mana, why: str, rules: tuple[str, ...],
                  obj: Obj | None = None, links: tuple[int, ...] = ()) -> Event:
        p = self._player(who)
        p.pool = p.pool + mana
        return self._emit("mana", f"{who} adds {mana} ({why})", rules, player=who, obj=obj,
                          links=links, mana=str(mana))

    def _mana_triggers(self, tapped: Obj, produced: Mana, produced_seq: int) -> None:
        """Triggered mana abilities (CR 605.1b) of "is tapped for mana" (106.12a)."""
        for src in self.permanents():
            for a in src.card.abilities:
                if not isinstance(a, ManaTrigger):
                    continue
                t = a.trigger
                if t.scope == "land" and not tapped.is_a("Land"):
                    continue
                if t.scope == "enchanted" and src.attached_to != tapped.id:
                    continue
                if t.whose == "you" and tapped.controller != src.controller:
                    continue
                who = tapped.controller
                trig = self._emit("trigger", f"{src.name} triggers: {a.text}", ("106.12a", "605.1b"),
                                  player=who, obj=src, cause=produced_seq)
                with self._caused_by(trig.seq):
                    options = a.adds.options(produced, src.chosen_color)
                    links: list[int] = []
                    if not options:
                        self._emit("no_mana", f"{src.name}'s trigger adds no mana", ("106.5",),
                                   obj=src, player=who)
                        continue
                    extra = self._pick_mana(who, src, options, None, None, links)
                    self._add_mana(who, extra, f"{src.name}'s triggered mana ability resolves at once",
                                   ("605.4a",), obj=src, links=tuple(links))

    # ------------------------------------------------------------------ casting
    @_atomic
    def play_land(self, ref: int) -> tuple[Event, ...]:
        """Play a land from hand (CR 305.1, one per turn 305.2)."""
        o = self.obj(ref)
        who = o.owner
        self._check_can_act(who)
        if o.zone != "hand" or not o.is_a("Land"):
            raise ObjectError(f"{o.name} is not a land card in a hand", "305.1")
        if who != self._s.active or self._s.step not in ("main1", "main2") or self._s.stack:
            raise TimingError("A land can be played only in your own main phase with an empty "
                              "stack.", "305.1")
        if self._player(who).lands_played >= 1:
            raise TimingError(f"{who} has already played a land this turn.", "305.2")
        start = len(self._events)
        self._player(who).lands_played += 1
        self._enter(o, who, f"{who} plays {o.name}", ("305.1",), kind="land")
        return tuple(self._events[start:])

    @_atomic
    def cast(self, ref: int, *, target: int | str | None = None, x: int = 0) -> tuple[Event, ...]:
        """Cast a spell from hand, paying its cost from the mana pool (CR 601.2)."""
        o = self.obj(ref)
        who = o.owner
        self._check_can_act(who)
        if o.zone != "hand":
            raise ObjectError(f"{o.name} is not in a hand", "601.2a")
        if o.is_a("Land"):
            raise TimingError(f"{o.name} is a land: lands are played, not cast.", "305.1")
        if not o.is_a("Instant") and (who != self._s.active or self._s.step not in ("main1", "main2")
                                      or self._s.stack):
            raise TimingError(f"{o.name} isn't an instant, so it can be cast only in {who}'s own "
                              f"main phase with an empty stack.", "117.1a")
        cost = o.card.cost
        pool = self._player(who).pool
        if cost is not None:
            try:
                spent = pay(pool, cost, x)
            except ValueError:
                raise CostError(f"{who}'s mana pool holds {pool}, which can't pay {cost}"
                                + (f" with X={x}" if cost.x_count else "") + ".", "601.2h") from None
        else:
            spent = Mana()
        if o.card.spell_targets != "none" or target is not None:
            target = self._check_target(o.card.spell_targets, who, target)
        start = len(self._events)
        o.zone = "stack"
        e = self._emit("cast", f"{who} casts {o.name}"
                       + (f" targeting {self._target_name(target)}" if target is not None else ""),
                       ("601.2",), player=who, obj=o, lane="stack", **self._move_data(o, "stack"),
                       frm="hand")
        with self._caused_by(e.seq):
            if spent:
                self._player(who).pool = pool - spent
                self._emit("spend", f"{who} spends {spent} to pay {cost}", ("601.2h",), player=who,
                           mana=str(spent))
        self._s.stack.append(StackItem(o.id, "spell", o.name, who, o.card.spell, o.card.text,
                                       e.seq, source_id=o.id, target=target, x=x))
        return tuple(self._events[start:])

    def _check_target(self, kind: str, who: str, target: int | str | None) -> int | str:
        if kind == "none":
            raise TargetError("This has no target.")
        if target is None:
            raise TargetError("This needs a target: pass target=...")
        if kind == "any":
            if isinstance(target, str) and target in self.players:
                if not self._player(target).in_game:
                    raise TargetError(f"{target} has left the game.")
                return target
            o = self.obj(target)
            if o.zone != "battlefield" or not o.is_a("Creature"):
                raise TargetError(f"{o.name} is not a creature, player or planeswalker.", "115.4")
            return o.id
        o = self.obj(target)
        if o.zone != "graveyard" or o.owner != who or not o.is_a("Creature") or o.card.mana_value > 3:
            raise TargetError(f"{o.name} must be a creature card with mana value 3 or less in "
                              f"{who}'s graveyard.", "115.1")
        return o.id

    def _target_name(self, target: int | str | None) -> str:
        if isinstance(target, int):
            return self._s.objects[target].name
        return str(target)

    # ------------------------------------------------------------------ resolving
    @_atomic
    def resolve(self) -> tuple[Event, ...]:
        """All players pass: the top of the stack resolves (CR 117.4, 608.2)."""
        if not self._s.stack:
            raise TimingError("The stack is empty: there is nothing to resolve.", "117.4")
        start = len(self._events)
        item = self._s.stack.pop()
        e = self._emit("resolve", f"{item.name} resolves", ("117.4", "608.2"), player=item.controller,
                       lane="stack", cause=item.seq, id=item.id, ability=item.kind == "ability")
        with self._caused_by(e.seq):
            if item.target is not None and not self._target_still_legal(item):
                self._emit("fizzle", f"{item.name} does nothing: its target is no longer legal",
                           ("608.2b",), player=item.controller, lane="stack")
                if item.kind == "spell":
                    self._move(self._s.objects[item.id], "graveyard", f"{item.name} goes to the "
                               f"graveyard", ("608.2n",))
            else:
                for eff in item.effects:
                    self._do_effect(eff, item)
                if item.kind == "spell":
                    o = self._s.objects[item.id]
                    if o.card.types & {"Instant", "Sorcery"}:
                        self._move(o, "graveyard", f"{o.name} goes to its owner's graveyard",
                                   ("608.2n",))
                    else:
                        self._enter(o, item.controller, f"{o.name} enters the battlefield",
                                    ("608.3",))
            self._check_sba()
        return tuple(self._events[start:])

    def _target_still_legal(self, item: StackItem) -> bool:
        t = item.target
        if isinstance(t, str):
            return self._player(t).in_game
        o = self._s.objects.get(t)  # type: ignore[arg-type]
        if o is None:
            return False
        if any(isinstance(e, ReturnFromGraveyard) for e in item.effects):
            return o.zone == "graveyard"
        return o.zone == "battlefield"

    def _do_effect(self, eff: Effect, item: StackItem) -> None:
        who = item.controller
        if isinstance(eff, ReturnFromGraveyard):
            o = self._s.objects[item.target]  # type: ignore[index]
            self._enter(o, who, f"{o.name} returns from the graveyard to the battlefield", ("608.2",))
        elif isinstance(eff, DealDamage):
            self._deal_damage(item.source_id, item.name, item.target, eff.amount, combat=False)
        elif isinstance(eff, GainLife):
            self._player(who).life += eff.amount
            self._emit("life", f"{who} gains {eff.amount} life", ("119.1",), player=who,
                       delta=eff.amount)
        elif isinstance(eff, PutCounters):
            o = self._s.objects[item.source_id]  # type: ignore[index]
            o.counters[eff.kind] = o.counters.get(eff.kind, 0) + eff.amount
            self._emit("counters", f"{eff.amount} {eff.kind} counter put on {o.name}", ("122.1",),
                       obj=o, counter=eff.kind, delta=eff.amount)
        elif isinstance(eff, CreateEffect):
            label = item.name.replace("'s ability", "")
            ce = ContinuousEffect(label, who, eff.replacement, 0, until_turn=self._s.turn)
            e = self._emit("effect", f"Until end of turn: {eff.replacement.describe()} ({label})",
                           ("611.2a", "614.1a"), player=who, effect=label)
            ce.seq = e.seq
            self._s.effects.append(ce)
        elif isinstance(eff, AddMana):  # pragma: no cover - mana abilities never use the stack
            raise AssertionError("mana abilities resolve at once")

    def _deal_damage(self, source_id: int | None, source: str, target: int | str | None,
                     amount: int, *, combat: bool) -> None:
        rules = ("510.2",) if combat else ("120.3",)
        kind = "combat damage" if combat else "damage"
        if isinstance(target, str):
            e = self._emit("damage", f"{source} deals {amount} {kind} to {target}",
                           rules + ("120.3a",), player=target, lane=target, to_player=target,
                           amount=amount, combat=combat, source_id=source_id)
            with self._caused_by(e.seq):
                self._player(target).life -= amount
                self._emit("life", f"{target} loses {amount} life", ("120.3a",), player=target,
                           delta=-amount)
        else:
            o = self._s.objects[target]  # type: ignore[index]
            o.damage += amount
            self._emit("damage", f"{source} deals {amount} {kind} to {o.name}", rules + ("120.3e",),
                       obj=o, to_id=o.id, amount=amount, combat=combat, source_id=source_id)

    # ------------------------------------------------------------------ combat
    @_atomic
    def attack(self, attackers: Iterable[int | str], defender: str | None = None) -> tuple[Event, ...]:
        """Declare attackers (CR 508.1). The game moves to the declare attackers step."""
        s = self._s
        if s.step not in ("beginning_of_combat", "declare_attackers") or s.attackers:
            raise TimingError("Attackers are declared once, at the start of the declare attackers "
                              "step.", "508.1")
        opponents = [p for p in self.players_matching(s.active, "opponents")]
        defender = defender or (opponents[0] if opponents else None)
        if defender not in opponents:
            raise CombatError(f"{defender} is not an opponent of {s.active} still in the game.")
        objs = [self.obj(a) for a in attackers]
        for o in objs:
            if o.zone != "battlefield" or o.controller != s.active or not o.is_a("Creature"):
                raise CombatError(f"{o.name} is not a creature {s.active} controls.")
            if o.tapped:
                raise CombatError(f"{o.name} is tapped; only untapped creatures can attack.",
                                  "508.1a")
            if not self.has_haste(o) and not self.controlled_since_turn_began(o.id):
                raise SummoningSicknessError(
                    f"{o.name} can't attack: it hasn't been under {s.active}'s control "
                    f"continuously since their most recent turn began, and it doesn't have haste.")
        start = len(self._events)
        if s.step == "beginning_of_combat":
            self._next_step_unchecked("declare_attackers")
        for o in objs:
            s.attackers[o.id] = defender
            e = self._emit("attack", f"{o.name} attacks {defender}", ("508.1",), obj=o,
                           defender=defender)
            if "vigilance" not in o.card.keywords:
                o.tapped = True
                self._emit("tap", f"{o.name} becomes tapped as it attacks", ("508.1f",), obj=o,
                           cause=e.seq)
        return tuple(self._events[start:])

    def _next_step_unchecked(self, step: str) -> None:
        self._end_step()
        self._s.step = step
        self._begin_step()

    @_atomic
    def block(self, blocks: dict[int | str, int | str]) -> tuple[Event, ...]:
        """Declare blockers: ``{blocker: attacker}`` (CR 509.1). Moves to that step."""
        s = self._s
        if s.step not in ("declare_attackers", "declare_blockers") or not s.attackers or s.blockers:
            raise TimingError("Blockers are declared once, in the declare blockers step, after "
                              "attackers.", "509.1")
        pairs = [(self.obj(b), self.obj(a)) for b, a in blocks.items()]
        for b, a in pairs:
            if a.id not in s.attackers:
                raise CombatError(f"{a.name} is not attacking.", "509.1a")
            if b.zone != "battlefield" or not b.is_a("Creature") or b.controller != s.attackers[a.id]:
                raise CombatError(f"{b.name} is not a creature controlled by the player "
                                  f"{a.name} attacks.", "509.1a")
            if b.tapped:
                raise CombatError(f"{b.name} is tapped; tapped creatures can't block.", "509.1a")
        start = len(self._events)
        if s.step == "declare_attackers":
            self._next_step_unchecked("declare_blockers")
        for b, a in pairs:
            s.blockers[b.id] = a.id
            self._emit("block", f"{b.name} blocks {a.name}", ("509.1",), obj=b, attacker=a.id)
        return tuple(self._events[start:])

    def _combat_damage(self) -> None:
        s = self._s
        plan: list[tuple[Obj, int | str]] = []
        for aid, defender in s.attackers.items():
            a = s.objects[aid]
            if a.zone != "battlefield" or a.power <= 0:
                continue
            blockers = [s.objects[b] for b, t in s.blockers.items() if t == aid
                        and s.objects[b].zone == "battlefield"]
            was_blocked = any(t == aid for t in s.blockers.values())
            if not was_blocked:
                plan.append((a, defender))
            elif blockers:
                plan.append((a, blockers[0].id))
        for bid, aid in s.blockers.items():
            b, a = s.objects[bid], s.objects[aid]
            if b.zone == "battlefield" and a.zone == "battlefield" and b.power > 0:
                plan.append((b, aid))
        for src, target in plan:  # CR 510.2: all combat damage is dealt at once
            self._deal_damage(src.id, src.name, target, src.power, combat=True)

    # ------------------------------------------------------------------ leaving
    @_atomic
    def concede(self, player: str) -> tuple[Event, ...]:
        """``player`` concedes and leaves the game (CR 104.3a, 800.4a)."""
        self._check_can_act(player, priority=False)
        start = len(self._events)
        self._leave(player, f"{player} concedes and leaves the game", ("104.3a", "800.4a"))
        return tuple(self._events[start:])

    def _leave(self, player: str, text: str, rules: tuple[str, ...]) -> None:
        p = self._player(player)
        p.in_game = False
        e = self._emit("leave", text, rules, player=player)
        with self._caused_by(e.seq):
            for o in [o for o in self._s.objects.values() if o.owner == player
                      and o.zone != "out"]:
                self._move(o, "out", f"{o.name} leaves the game with its owner", ("800.4a",))
            self._s.stack = [i for i in self._s.stack if i.controller != player]

    # ------------------------------------------------------------------ state-based actions
    def _check_sba(self) -> None:
        """CR 704.3: repeat until no state-based action applies."""
        for _ in range(1000):
            did = False
            for p in self._s.players:
                if p.in_game and p.life <= 0:
                    self._leave(p.name, f"{p.name} has {p.life} life and loses the game",
                                ("704.5a",))
                    did = True
                elif p.in_game and p.drew_from_empty:
                    self._leave(p.name, f"{p.name} drew from an empty library and loses the game",
                                ("704.5b",))
                    did = True
            for o in self.permanents():
                if not o.is_a("Creature"):
                    continue
                if o.toughness <= 0:
                    self._move(o, "graveyard", f"{o.name} has toughness {o.toughness} and is put "
                               f"into its owner's graveyard", ("704.5f",), kind_override="sba")
                    did = True
                elif o.damage >= o.toughness:
                    self._move(o, "graveyard", f"{o.name} has lethal damage and is destroyed",
                               ("704.5g",), kind_override="sba")
                    did = True
            if not did:
                return
        raise AssertionError("state-based actions did not settle")  # pragma: no cover

    # ------------------------------------------------------------------ internals
    def _player(self, name: str) -> PlayerState:
        for p in self._s.players:
            if p.name == name:
                return p
        raise ObjectError(f"there is no player named {name!r} (players: {', '.join(self.players)})",
                          "102.1")

    def _check_can_act(self, player: str, *, priority: bool = True) -> None:
        p = self._player(player)
        if not p.in_game:
            raise GameOverError(f"{player} has left the game.")
        if priority and self._s.step in NO_PRIORITY:
            raise TimingError(f"No player gets priority during the {STEP_TITLES[self._s.step]}, "
                              f"so nothing can be activated or cast now.",
                              "502.4" if self._s.step == "untap" else "514.3")

    def _take_id(self) -> int:
        i = self._s.next_id
        self._s.next_id += 1
        return i

    def _new_obj(self, defn: CardDef, owner: str, zone: str) -> Obj:
        o = Obj(self._take_id(), defn, owner, zone)
        self._s.objects[o.id] = o
        return o

    def _draw(self, player: str, rules: tuple[str, ...]) -> None:
        library = self.zone(player, "library")
        if not library:
            self._player(player).drew_from_empty = True
            self._emit("move", f"{player} can't draw: the library is empty", rules + ("704.5b",),
                       player=player, lane=player)
            return
        top = library[-1]
        self._move(top, "hand", f"{player} draws a card", rules)

    def _move(self, o: Obj, to: str, text: str, rules: tuple[str, ...], kind_override: str = "move") -> Event:
        frm = o.zone
        if frm == "battlefield":
            self._s.battlefield.remove(o.id)
            o.tapped, o.counters, o.damage, o.attached_to = False, {}, 0, None
            self._s.attackers.pop(o.id, None)
            self._s.blockers.pop(o.id, None)
        o.zone = to
        o.controller = o.owner if to != "out" else ""
        return self._emit(kind_override, text, rules, obj=o, player=o.owner,
                          **self._move_data(o, to), frm=frm)

    def _enter(self, o: Obj, controller: str, text: str, rules: tuple[str, ...],
               kind: str = "enter") -> Event:
        frm = o.zone
        o.zone, o.controller = "battlefield", controller
        o.tapped = any(isinstance(a, EntersTapped) for a in o.card.abilities)
        o.counters = {a.kind: a.amount for a in o.card.abilities if isinstance(a, EntersWithCounters)}
        extra = ("614.1c",) if o.tapped or o.counters else ()
        self._s.battlefield.append(o.id)
        e = self._emit(kind, text + (" tapped" if o.tapped else "")
                       + "".join(f" with {n} {k} counters" for k, n in o.counters.items()),
                       rules + extra, obj=o, player=controller, **self._move_data(o, "battlefield"),
                       frm=frm)
        o.since = e.seq
        return e

    @staticmethod
    def _move_data(o: Obj, to: str) -> dict[str, Any]:
        return dict(id=o.id, name=o.name, owner=o.owner, to=to, controller=o.controller,
                    tapped=o.tapped, counters=tuple(sorted(o.counters.items())))

    class _Cause:
        def __init__(self, game: Game, seq: int | None) -> None:
            self.game, self.seq, self.saved = game, seq, None

        def __enter__(self) -> None:
            self.saved = self.game._cause
            self.game._cause = self.seq

        def __exit__(self, *exc: object) -> None:
            self.game._cause = self.saved

    def _caused_by(self, seq: int | None) -> Game._Cause:
        return Game._Cause(self, seq)

    def _emit(self, kind: str, text: str, rules: tuple[str, ...], *, player: str | None = None,
              obj: Obj | None = None, cause: int | None = None, links: tuple[int, ...] = (),
              lane: str | None = None, **data: Any) -> Event:
        who = player if player is not None else (obj.controller or obj.owner if obj else None)
        e = Event(
            seq=len(self._events) + 1, turn=self._s.turn, step=self._s.step, kind=kind,
            player=who, obj=obj.name if obj else None, obj_id=obj.id if obj else None,
            text=text, rules=rules, cause=cause if cause is not None else self._cause,
            links=links, lane=lane or who or "game", data=tuple(data.items()),
        )
        self._events.append(e)
        return e
