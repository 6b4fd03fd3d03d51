"""The game: players, turns and steps, zones, actions, the stack and state-based actions.

Actions follow *verify, then do*: ``can_activate`` answers a question, ``activate`` checks
the same rules, raises a :class:`~mtgkit.errors.RulesError` before anything changes, and
returns the events it caused. If anything goes wrong part-way, every change is undone from
the game's undo log, so an illegal action always leaves the game exactly as it was.

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

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Literal, ParamSpec, TypeVar, cast

from . import could_produce as cp
from . import whynot
from .abilities import (
    MONARCH_ABILITIES,
    MONARCH_DRAW,
    Activated,
    AddMana,
    BecomeMonarch,
    CardDef,
    ChooseColorAsEnters,
    CounterTriggeringSpell,
    CreateEffect,
    CreateTokens,
    CreatureControllerBecomesMonarch,
    DealDamage,
    Draw,
    EntersAsCopy,
    EntersTapped,
    EntersWithCounters,
    ExileUntilOpponentMonarch,
    GainLife,
    ManaTrigger,
    MaySacrificeToDraw,
    PutCounters,
    RedirectDamageToSelf,
    ReturnFromGraveyard,
    SacrificeCreature,
    SacrificeUnless,
    TargetSpec,
    Triggered,
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
from .events import (
    AbilityActivated,
    AbilityTriggered,
    AttackDeclared,
    BlockDeclared,
    ChoiceMade,
    Countered,
    CountersChanged,
    DamageDealt,
    DamageRedirected,
    DamageWoreOff,
    DrawFailed,
    DrawSkipped,
    EffectEnded,
    EffectStarted,
    Entered,
    Event,
    Fizzled,
    GameBegan,
    LandPlayed,
    LifeChanged,
    ManaAdded,
    ManaReplaced,
    ManaSpent,
    MonarchChanged,
    Moved,
    NoMana,
    NoTokens,
    PlayerLeft,
    PoolEmptied,
    PutOnStack,
    Resolved,
    SetupPut,
    SpellCast,
    StateBasedMove,
    StepBegan,
    Tapped,
    TurnBegan,
    Untapped,
    ZoneChange,
    explain,
)
from .journal import Journal
from .mana import COLORS, Mana, pay
from .records import Mutable, Value
from .replacement import AppliedReplacement, applicable, static_effects
from .state import ContinuousEffect, GameState, LastKnown, Obj, Pending, PlayerState, StackItem
from .targets import Target, legal_targets, target_problem
from .triggers import TriggerData, Whose
from .view import ManaEffect, players_matching

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
#: Zones (CR 400.1), plus "out" for cards that left the game with their owner (800.4a) and
#: "gone" for tokens that ceased to exist (704.5d).
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command", "out", "gone")

P = ParamSpec("P")
R = TypeVar("R")
E = TypeVar("E", bound=Event)
EffectHandler = Callable[["Game", Any, StackItem], None]
_EFFECTS: dict[type, EffectHandler] = {}


class ObjectError(RulesError):
    """The object named is not where the action needs it (CR 109)."""

    rule = "109.1"


class _MonarchSource(Value):
    """The monarch designation as the "source" of the monarch's inherent abilities (CR 725.2)."""

    controller: str
    counters: Mapping[str, int]
    id: None = None
    attached_to: None = None

    def is_a(self, card_type: str) -> bool:
        return False


class _Reaction(Mutable):
    """Something an event set off, waiting to happen: an ability that triggered, or a card
    exiled "until" something that just happened coming back (CR 610.3)."""

    seq: int  # the event that caused it
    ability: Triggered | ManaTrigger | None = None
    source: Obj | LastKnown | None = None
    controller: str = ""
    data: TriggerData = TriggerData()
    jailed: tuple[int, str] | None = None


def _atomic(method: Callable[P, R]) -> Callable[P, R]:
    """Run an action as a transaction: on any error, undo every change and drop its events."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        self = cast(Game, args[0])
        mark = self._j.begin()
        n_events, cause, reactions = len(self._events), self._cause, list(self._reactions)
        try:
            result = method(*args, **kwargs)
            if self._j.depth == 1:
                self._flush()  # the end of the outermost action: nothing may wait unseen
        except BaseException:
            self._j.rollback(mark)
            del self._events[n_events:]
            self._cause, self._reactions = cause, reactions
            raise
        self._j.commit()
        return result

    return wrapper


def _handles(kind: type) -> Callable[[EffectHandler], EffectHandler]:
    """Register the one handler for an effect type."""

    def register(fn: EffectHandler) -> EffectHandler:
        _EFFECTS[kind] = fn
        return fn

    return register


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
        self._j = Journal()
        self._s = GameState.new(self._j, tuple(PlayerState(p, life) for p in players))
        self._events: list[Event] = []
        self._cause: int | None = None
        self._reactions: list[_Reaction] = []
        self._cache: dict[str, tuple[int, Any]] = {}
        filler = lookup_card("Library Card")
        libraries = tuple(
            (p, tuple(self._new_obj(filler, p, "library").id for _ in range(library))) for p in players
        )
        self._emit(GameBegan(text=f"A game begins: {', '.join(players)} in turn order, "
                             f"{life} life each, {library} cards in each library", rules=("103.1",),
                             lane="game", names=tuple(players), life=life, libraries=libraries))
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

    @property
    def winner(self) -> str | None:
        """The last player still in the game, once all the others have left (CR 104.2a)."""
        left = [p.name for p in self._s.players if p.in_game]
        return left[0] if len(left) == 1 else None

    def in_game(self, player: str) -> bool:
        return self._player(player).in_game

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

    def is_a(self, obj_id: int, card_type: str) -> bool:
        return self._s.objects[obj_id].is_a(card_type)

    def controller_of(self, obj_id: int) -> str:
        """Its controller, or the last one it had on the battlefield (last known information)."""
        o = self._s.objects[obj_id]
        if o.zone == "battlefield":
            return o.controller
        known = self._s.lki.get(obj_id)
        return known.controller if known is not None else o.controller or o.owner

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

    def why_not(self, what: Literal["mana", "trigger", "monarch", "activate"], ref: int | str) -> str:
        """Why did something *not* happen? ``what`` is ``"mana"`` (a permanent's last mana
        ability made none), ``"trigger"`` (its "whenever you become the monarch" didn't
        trigger), ``"monarch"`` (``ref`` is a player whose attack didn't take the crown) or
        ``"activate"`` (why an ability can't be activated now)."""
        if what == "mana":
            return whynot.no_mana(self, ref)
        if what == "trigger":
            return whynot.no_trigger(self, ref)
        if what == "monarch":
            return whynot.no_steal(self, str(ref))
        if what == "activate":
            return self.why_not_activate(ref) or "It can be activated now."
        raise ValueError(f"why_not() knows 'mana', 'trigger', 'monarch' and 'activate', not {what!r}")

    # ------------------------------------------------------------------ could produce
    def _cached(self, key: str, compute: Callable[[], Any]) -> Any:
        """A derived answer, kept until the state next changes (the journal's stamp)."""
        hit = self._cache.get(key)
        if hit is None or hit[0] != self._j.stamp:
            hit = self._cache[key] = (self._j.stamp, compute())
        return hit[1]

    def _solver(self) -> cp.Solver:
        solver: cp.Solver = self._cached("solver", lambda: cp.Solver(self))
        return solver

    def could_produce(self, ref: int | str) -> frozenset[str]:
        """CR 106.7: the types of mana this permanent could produce (a pure query).

        The whole board is solved at once and cached until the state changes, so asking
        about every permanent in turn costs one solve.
        """
        return self._solver().could_produce().get(self.obj(ref).id, frozenset())

    def could_produce_all(self) -> dict[int, frozenset[str]]:
        """Could-produce for every permanent with a mana ability (CR 106.7)."""
        return dict(self._solver().could_produce())

    def explain_could_produce(self, ref: int | str) -> str:
        return cp.explain_could_produce(self, self.obj(ref).id)

    def colors_of_permanents(self, controller: str) -> frozenset[str]:
        return self._solver().colors_of_permanents(controller)

    def count_permanents(self, controller: str, card_type: str) -> int:
        return self._solver().count_permanents(controller, card_type)

    def players_matching(self, controller: str, whose: Whose) -> list[str]:
        return players_matching(self, controller, whose)

    def mana_effects(self) -> list[ManaEffect]:
        """Every mana replacement effect in the game, in the order they began to apply."""
        found: list[ManaEffect] = list(static_effects(self))
        found += list(self._s.effects)
        return found

    def mana_replacements(self, o: Obj, ability: Activated) -> list[AppliedReplacement]:
        """Replacement effects that apply if ``ability`` of ``o`` produces mana (CR 106.12b),
        in the order they began to apply (the default order of application)."""
        return applicable(self.mana_effects(), o, ability)

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
        by_effect: bool = False,
    ) -> int:
        """Teaching setup: put a card onto the battlefield and return its id.

        ``by_effect=True`` instead treats it as put there by an effect right now: it just
        arrived, its "enters with" replacements and enters triggers apply, and the triggers go
        on the stack (use it to have Custodi Lich arrive while a trigger waits).

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
        if by_effect:
            return self._put_by_effect(defn, controller, attached_to, color)
        if counters is None:
            counters = defn.enters_counters()
        o = self._new_obj(defn, controller, "battlefield")
        o.token = defn.token
        o.controller, o.tapped, o.counters = controller, tapped, dict(counters)
        o.attached_to = attached_to
        if any(isinstance(a, ChooseColorAsEnters) for a in defn.abilities):
            o.chosen_color = color or "G"
        self._s.battlefield.append(o.id)
        when = "since before this turn" if arrived == "last turn" else "arriving this turn"
        e = self._emit(SetupPut(text=f"Setup: {name} on {controller}'s battlefield ({when}"
                                + (", tapped" if tapped else "") + ")", player=controller,
                                **self._where(o, "battlefield")), obj=o)
        o.since = None if arrived == "last turn" else e.seq
        return o.id

    @_atomic
    def _put_by_effect(self, defn: CardDef, controller: str, attached_to: int | None,
                       color: str | None) -> int:
        o = self._new_obj(defn, controller, "setup")
        o.token = defn.token
        o.attached_to = attached_to
        if any(isinstance(a, ChooseColorAsEnters) for a in defn.abilities):
            o.chosen_color = color or "G"
        self._enter(o, controller, f"{defn.name} is put onto the battlefield by an effect",
                    ("608.2",), setup=True)
        if self._s.step not in NO_PRIORITY:
            self._priority()
        return o.id

    def make_monarch(self, player: str) -> None:
        """Teaching setup: ``player`` is the monarch (no triggers; recorded as setup)."""
        self._player(player)
        self._s.monarch = player
        self._emit(MonarchChanged(text=f"Setup: {player} is the monarch", player=player,
                                  monarch=player, changed=True, setup=True))

    def put_in_zone(self, name: str, owner: str, zone: str = "hand") -> int:
        """Teaching setup: put a card into ``owner``'s hand, library (on top) or graveyard."""
        if zone not in ("hand", "library", "graveyard", "exile"):
            raise ValueError(f"zone must be hand, library, graveyard or exile, not {zone!r}")
        self._player(owner)
        defn = lookup_card(name)
        if defn.token:
            raise ValueError(f"{name} is a token: tokens exist only on the battlefield (CR 111.1)")
        o = self._new_obj(defn, owner, zone)
        self._emit(SetupPut(text=f"Setup: {name} into {owner}'s {zone}", player=owner,
                            **self._where(o, zone)), obj=o)
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
        while self._s.stack:  # all players pass: the top resolves, again and again (CR 117.4)
            self._resolve_top()
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
        s.attackers.clear()
        s.blockers.clear()
        s.combat_seq.clear()
        for p in s.players:
            p.lands_played = 0
        e = self._emit(TurnBegan(text=f"Turn {s.turn} begins: {player} is the active player",
                                 rules=("500.1",), player=player, lane="game", active=player))
        s.turn_began[player] = s.turn_seq = e.seq
        self._begin_step()

    def _begin_step(self) -> None:
        s = self._s
        e = self._emit(StepBegan(text=f"{STEP_TITLES[s.step].capitalize()} begins", rules=("500.1",),
                                 player=s.active, lane="game", cause=s.turn_seq))
        s.step_seq = e.seq
        with self._caused_by(e.seq):
            if s.step == "untap":
                for o in self.permanents(s.active):
                    if o.tapped:
                        o.tapped = False
                        self._emit(Untapped(text=f"{o.name} untaps", rules=("502.3",)), obj=o)
            elif s.step == "draw":
                if s.turn == 1 and len(s.players) == 2:
                    self._emit(DrawSkipped(text=f"{s.active} skips the first draw (first player, "
                                           "first turn)", rules=("103.8a",), player=s.active,
                                           lane="game"))
                else:
                    self._draw(s.active, ("504.1",))
            elif s.step == "combat_damage":
                self._combat_damage()
            elif s.step == "cleanup":
                self._cleanup()
            if s.step in NO_PRIORITY:
                self._check_sba()  # triggers wait for the next step with priority (CR 502.4)
            else:
                self._priority()

    def _end_step(self) -> None:
        for p in self._s.players:
            if p.pool:
                self._emit(PoolEmptied(text=f"{p.name}'s mana pool empties ({p.pool} lost)",
                                       rules=("106.4",), player=p.name, cause=self._s.step_seq,
                                       mana=p.pool))
                p.pool = Mana()

    def _cleanup(self) -> None:
        s = self._s
        damaged = [o for o in self.permanents() if o.damage]
        if damaged:
            for o in damaged:
                o.damage = 0
            self._emit(DamageWoreOff(text="Damage wears off: " + ", ".join(o.name for o in damaged),
                                     rules=("514.2",), lane="game", ids=tuple(o.id for o in damaged)))
        for eff in [e for e in s.effects if e.until_turn is not None and e.until_turn <= s.turn]:
            s.effects.remove(eff)
            self._emit(EffectEnded(text=f"{eff.label}'s effect ends ({eff.replacement.describe()})",
                                   rules=("514.2", "611.2a"), player=eff.controller, cause=eff.seq,
                                   effect=eff.label))

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
        target: Target | None = None,
    ) -> tuple[Event, ...]:
        """Activate an ability of a permanent and return the events it caused.

        ``color``/``choice`` pick the mana (``"G"``, ``"{W}{U}"``); ``order`` lists the
        replacement effects in the order to apply them (CR 616.1); ``target`` is a card id
        or a player name. Mana abilities resolve at once (605.3b); others go on the stack.
        """
        o, ab = self._check_activate(ref, ability, player)
        start = len(self._events)
        who = o.controller
        act = self._emit(AbilityActivated(text=f"{who} activates {o.name}: {ab.text}", rules=("602.2",),
                                          player=who, ability=ability,
                                          mana_ability=ab.is_mana_ability), obj=o)
        if ab.targets is not None or target is not None:
            target = self._check_target(ab.targets, who, target)
        with self._caused_by(act.seq):
            self._pay_cost(o, ab)
        if ab.is_mana_ability:
            self._produce_mana(o, ab, act.seq, color, choice, order)
        else:
            item = self._new_stack_item(self._take_id(), "ability", f"{o.name}'s ability", who,
                                        ab.effects, ab.text, 0, source_id=o.id, target=target,
                                        targets=ab.targets)
            e = self._emit(PutOnStack(text=f"{o.name}'s ability goes on the stack"
                                      + (f" targeting {self._target_name(target)}"
                                         if target is not None else ""),
                                      rules=("602.2", "117.7"), player=who, lane="stack",
                                      cause=act.seq, id=item.id, name=item.name, target=target))
            item.seq = e.seq
            self._s.stack.append(item)
        self._priority()
        return tuple(self._events[start:])

    def _pay_cost(self, o: Obj, ab: Activated) -> None:
        c, who = ab.cost, o.controller
        p = self._player(who)
        if c.mana is not None and c.mana.total():
            spent = pay(p.pool, c.mana)
            p.pool = p.pool - spent
            self._emit(ManaSpent(text=f"{who} spends {spent} from their mana pool to pay {c.mana}",
                                 rules=("601.2h", "602.2b"), player=who, mana=spent))
        if c.tap:
            o.tapped = True
            self._emit(Tapped(text=f"{o.name} becomes tapped to pay {{T}}", rules=("107.5",)), obj=o)
        if c.untap:
            o.tapped = False
            self._emit(Untapped(text=f"{o.name} becomes untapped to pay {{Q}}", rules=("107.6",)),
                       obj=o)
        if c.life:
            p.life -= c.life
            self._emit(LifeChanged(text=f"{who} pays {c.life} life", rules=("119.4",), player=who,
                                   delta=-c.life))
        for kind, n in c.remove_counters:
            o.add_counters(kind, -n)
            self._emit(CountersChanged(text=f"{n} {kind} counter removed from {o.name}",
                                       rules=("602.2b",), counter=kind, delta=-n), obj=o)
        if c.sacrifice_self:
            self._move(o, "graveyard", f"{who} sacrifices {o.name}", ("701.21a",))

    # ------------------------------------------------------------------ mana
    def _produce_mana(self, o: Obj, ab: Activated, act_seq: int, color: str | None,
                      choice: str | None, order: Sequence[str] | None) -> None:
        spec = ab.mana_spec
        assert spec is not None
        options = spec.options(self._solver(), o.controller)
        who = o.controller
        with self._caused_by(act_seq):
            if not options:
                why, undefined = spec.why_none()
                self._emit(NoMana(text=f"{o.name}'s ability produces no mana: {why}",
                                  rules=("106.5", "605.2") if undefined else ("605.2",), player=who,
                                  reason=why, undefined=undefined), obj=o)
                return
            links: list[int] = []
            mana = self._pick_mana(who, o, options, color, choice, links)
            reps = self.mana_replacements(o, ab)
            if reps:
                mana = self._apply_mana_replacements(who, o, mana, reps, order, links)
            self._add_mana(who, mana, f"{o.name} was tapped for mana" if ab.taps_for_mana
                           else f"from {o.name}'s mana ability",
                           ("106.4", "605.3b") + (("106.12b",) if reps else ())
                           + (("616.1",) if len(reps) > 1 else ()),
                           obj=o, links=tuple(links), tapped_for_mana=ab.taps_for_mana and bool(mana))

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
        e = self._emit(ChoiceMade(text=f"{who} chooses {label} from {o.name} (options: "
                                  f"{', '.join(labels)})", rules=("605.3b",), player=who,
                                  question="mana", answer=label, options=tuple(labels)), obj=o)
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
            e = self._emit(ChoiceMade(text=f"{who} orders the replacement effects: "
                                      + " then ".join(chosen), rules=("616.1",), player=who,
                                      question="order", answer=tuple(chosen), options=tuple(labels)),
                           obj=o)
            links.append(e.seq)
        by_label = {r.label: r for r in reps}
        for label in chosen:
            r = by_label[label]
            before, mana = mana, r.replacement.op.apply(mana)
            replaced = self._emit(ManaReplaced(text=f"{label}: {o.name} produces {mana} instead of {before}",
                                        rules=("106.12b", "614.1a"), player=who, effect=label,
                                        before=before, after=mana), obj=o)
            links.append(replaced.seq)
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
                  obj: Obj | None = None, links: tuple[int, ...] = (),
                  tapped_for_mana: bool = False) -> ManaAdded:
        p = self._player(who)
        p.pool = p.pool + mana
        return self._emit(ManaAdded(text=f"{who} adds {mana} ({why})", rules=rules, player=who,
                                    links=links, mana=mana, tapped_for_mana=tapped_for_mana), obj=obj)

    def _resolve_mana_trigger(self, r: _Reaction) -> None:
        """A triggered mana ability resolves at once, right after the mana ability that
        triggered it (CR 605.4a), adding mana to the player who tapped the permanent."""
        ab, src = r.ability, r.source
        assert isinstance(ab, ManaTrigger) and isinstance(src, Obj) and r.data.produced is not None
        who = r.data.player or src.controller
        trig = self._emit(AbilityTriggered(text=f"{src.name} triggers: {ab.text}",
                                           rules=("106.12a", "605.1b"), player=who, cause=r.seq),
                          obj=src)
        with self._caused_by(trig.seq):
            options = ab.adds.options(r.data.produced, src.chosen_color)
            if not options:
                self._emit(NoMana(text=f"{src.name}'s trigger adds no mana", rules=("106.5",),
                                  player=who, reason="no mana of that kind", undefined=True), obj=src)
                return
            links: list[int] = []
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
        self._enter(o, who, f"{who} plays {o.name}", ("305.1",), event=LandPlayed)
        self._priority()
        return tuple(self._events[start:])

    @_atomic
    def cast(self, ref: int, *, target: Target | None = None, x: int = 0) -> tuple[Event, ...]:
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
        if x < 0 or (x and (cost is None or not cost.x_count)):
            raise ChoiceError(f"X must be 0 or more, and only a spell with {{X}} in its cost takes "
                              f"a value for X ({o.name} got X={x}).", "107.3a")
        pool = self._player(who).pool
        if cost is not None:
            try:
                spent = pay(pool, cost, x)
            except ValueError:
                raise CostError(f"{who}'s mana pool holds {pool}, which can't pay {cost}"
                                + (f" with X={x}" if cost.x_count else "") + ".", "601.2h") from None
        else:
            spent = Mana()
        if o.card.spell_targets is not None or target is not None:
            target = self._check_target(o.card.spell_targets, who, target)
        start = len(self._events)
        o.zone = "stack"
        x_text = f" with X = {x}" if cost is not None and cost.x_count else ""
        mv = cost.mana_value(x) if cost else 0  # CR 202.3e: X counts on the stack
        e = self._emit(SpellCast(text=f"{who} casts {o.name}{x_text}"
                                 + (f" targeting {self._target_name(target)}" if target is not None
                                    else ""),
                                 rules=("601.2",) + (("107.3a",) if x_text else ()), player=who,
                                 lane="stack", **self._where(o, "stack"), frm="hand", x=x,
                                 mana_value=mv, target=target), obj=o)
        with self._caused_by(e.seq):
            if spent:
                self._player(who).pool = pool - spent
                self._emit(ManaSpent(text=f"{who} spends {spent} to pay {cost}", rules=("601.2h",),
                                     player=who, mana=spent))
        self._s.stack.append(self._new_stack_item(o.id, "spell", o.name, who, o.card.spell,
                                                  o.card.text, e.seq, source_id=o.id, target=target,
                                                  x=x, targets=o.card.spell_targets))
        self._priority()
        return tuple(self._events[start:])

    def mana_value(self, ref: int | str) -> int:
        """Mana value now: on the stack X counts as chosen, anywhere else as 0 (CR 202.3e)."""
        o = self.obj(ref)
        if o.card.cost is None:
            return 0
        item = next((i for i in self._s.stack if i.id == o.id and i.kind == "spell"), None)
        return o.card.cost.mana_value(item.x if item else 0)

    def _check_target(self, spec: TargetSpec | None, who: str, target: Target | None) -> Target:
        """CR 115.1, 601.2c: a target given when the spell is cast or the ability activated."""
        if spec is None:
            raise TargetError("This has no target.")
        if target is None:
            raise TargetError("This needs a target: pass target=...")
        problem = target_problem(spec, who, target, self)
        if problem is not None:
            raise TargetError(f"{problem[0].upper()}{problem[1:]}: not a legal choice for "
                              f"\"{spec.text}\".", "115.1")
        return target

    def _target_name(self, target: Target | None) -> str:
        if isinstance(target, int):
            return self._s.objects[target].name
        return str(target)

    # ------------------------------------------------------------------ resolving
    @_atomic
    def resolve(self, *, copy: int | None = None) -> tuple[Event, ...]:
        """All players pass: the top of the stack resolves (CR 117.4, 608.2).

        ``copy`` answers "enter as a copy of which creature?" for a Clone-like spell (by
        default the chooser picks, and "no copy" is an option).
        """
        if not self._s.stack:
            raise TimingError("The stack is empty: there is nothing to resolve.", "117.4")
        start = len(self._events)
        self._resolve_top(copy)
        return tuple(self._events[start:])

    def resolve_stack(self) -> tuple[Event, ...]:
        """Resolve until the stack is empty (triggers that arrive meanwhile resolve too)."""
        start = len(self._events)
        while self._s.stack:
            self.resolve()
        return tuple(self._events[start:])

    def _resolve_top(self, copy: int | None = None) -> None:
        item = self._s.stack.pop()
        e = self._emit(Resolved(text=f"{item.name} resolves", rules=("117.4", "608.2"),
                                player=item.controller, lane="stack", cause=item.seq, id=item.id,
                                ability=item.kind == "ability"))
        with self._caused_by(e.seq):
            cond = item.ability.condition if item.ability else None
            spec = item.targets
            if cond and not self._condition_holds(cond, item.controller):
                self._emit(Fizzled(text=f"{item.name} does nothing: its 'if' condition ({cond}) is no "
                                   f"longer true", rules=("603.4",), player=item.controller,
                                   lane="stack"))
            elif (item.target is not None and spec is not None
                  and target_problem(spec, item.controller, item.target, self) is not None):
                self._emit(Fizzled(text=f"{item.name} does nothing: its target is no longer legal",
                                   rules=("608.2b",), player=item.controller, lane="stack"))
                if item.kind == "spell":
                    self._move(self._s.objects[item.id], "graveyard", f"{item.name} goes to the "
                               f"graveyard", ("608.2n",))
            else:
                for eff in item.effects:
                    _EFFECTS[type(eff)](self, eff, item)
                if item.kind == "spell":
                    o = self._s.objects[item.id]
                    if o.card.types & {"Instant", "Sorcery"}:
                        self._move(o, "graveyard", f"{o.name} goes to its owner's graveyard",
                                   ("608.2n",))
                    else:
                        original = self._copy_choice(o, item.controller, copy)
                        self._enter(o, item.controller, f"{o.name} enters the battlefield",
                                    ("608.3",), x=item.x, copy_of=original)
            self._priority()

    def _copy_choice(self, o: Obj, who: str, copy: int | None) -> Obj | None:
        if not any(isinstance(a, EntersAsCopy) for a in o.card.abilities):
            if copy is not None:
                raise ChoiceError(f"{o.name} can't enter as a copy of anything.", "707.2")
            return None
        creatures = [c for c in self.permanents() if c.is_a("Creature")]
        labels = [f"{c.name} #{c.id}" for c in creatures] + ["no copy"]
        if copy is not None:
            match = [c for c in creatures if c.id == copy]
            if not match:
                raise ChoiceError(f"#{copy} is not a creature on the battlefield to copy.", "707.2")
            label = f"{match[0].name} #{copy}"
        else:
            label = self.chooser.choose(who, f"what {o.name} enters as a copy of", labels)
        self._emit(ChoiceMade(text=f"{who} chooses to have {o.name} enter as a copy of {label}"
                              if label != "no copy" else
                              f"{who} chooses not to copy anything with {o.name}",
                              rules=("614.1c", "707.2"), player=who, question="copy", answer=label,
                              options=tuple(labels)), obj=o)
        return None if label == "no copy" else creatures[labels.index(label)]

    # ------------------------------------------------------------------ effects: one handler each
    @_handles(ReturnFromGraveyard)
    def _return_from_graveyard(self, eff: ReturnFromGraveyard, item: StackItem) -> None:
        assert isinstance(item.target, int)
        o = self._s.objects[item.target]
        self._enter(o, item.controller, f"{o.name} returns from the graveyard to the battlefield",
                    ("608.2",))

    @_handles(DealDamage)
    def _deal_damage_effect(self, eff: DealDamage, item: StackItem) -> None:
        source = self._s.objects.get(item.source_id) if item.source_id is not None else None
        self._deal_damage(item.source_id, source.name if source else item.name, item.target,
                          eff.amount, combat=False)

    @_handles(GainLife)
    def _gain_life(self, eff: GainLife, item: StackItem) -> None:
        who = item.controller
        self._player(who).life += eff.amount
        self._emit(LifeChanged(text=f"{who} gains {eff.amount} life", rules=("119.1",), player=who,
                               delta=eff.amount))

    @_handles(PutCounters)
    def _put_counters(self, eff: PutCounters, item: StackItem) -> None:
        source = self._s.objects.get(item.source_id) if item.source_id is not None else None
        if source is None or source.zone != "battlefield":
            return
        source.add_counters(eff.kind, eff.amount)
        self._emit(CountersChanged(text=f"{eff.amount} {eff.kind} counter put on {source.name}",
                                   rules=("122.1",), counter=eff.kind, delta=eff.amount), obj=source)

    @_handles(CreateEffect)
    def _create_effect(self, eff: CreateEffect, item: StackItem) -> None:
        who, label = item.controller, item.name.replace("'s ability", "")
        until = self._s.turn if eff.duration == "end_of_turn" else None
        e = self._emit(EffectStarted(text=f"Until end of turn: {eff.replacement.describe()} ({label})",
                                     rules=("611.2a", "614.1a"), player=who, effect=label))
        self._s.effects.append(ContinuousEffect(label, who, eff.replacement, e.seq, until_turn=until))

    @_handles(BecomeMonarch)
    def _become_monarch(self, eff: BecomeMonarch, item: StackItem) -> None:
        self._set_monarch(item.controller, ("725.1", "725.3"))

    @_handles(CreatureControllerBecomesMonarch)
    def _creature_controller_becomes_monarch(self, eff: CreatureControllerBecomesMonarch,
                                             item: StackItem) -> None:
        assert item.data.creature_controller is not None
        self._set_monarch(item.data.creature_controller, ("725.2", "725.3"))

    @_handles(Draw)
    def _draw_effect(self, eff: Draw, item: StackItem) -> None:
        for _ in range(eff.amount):
            self._draw(item.controller, ("121.1",) + (("725.2",) if item.ability is MONARCH_DRAW else ()))

    @_handles(CreateTokens)
    def _create_tokens(self, eff: CreateTokens, item: StackItem) -> None:
        who = item.controller
        if eff.count == "half X":
            n, why = -(-item.x // 2), f"half of X={item.x}, rounded up (CR 107.3m)"
        elif eff.count == "counters":
            n = dict(item.data.counters).get("+1/+1", 0)
            why = f"one for each of its {n} +1/+1 counters as it left"
        else:
            n, why = int(eff.count), ""
        if n == 0:
            self._emit(NoTokens(text=f"{item.name} creates no {eff.token} tokens ({why})",
                                rules=("107.3m",) if eff.count == "half X" else ("608.2",),
                                player=who, token=eff.token))
            return
        defn = lookup_card(eff.token)
        for _ in range(n):
            t = self._new_obj(defn, who, "token")
            t.token = True
            self._enter(t, who, f"{who} creates a {eff.token} token" + (f" ({why})" if why else ""),
                        ("111.1",))

    @_handles(SacrificeCreature)
    def _sacrifice_creature(self, eff: SacrificeCreature, item: StackItem) -> None:
        self._sacrifice_choice(str(item.target), "Creature", None)

    @_handles(SacrificeUnless)
    def _sacrifice_unless(self, eff: SacrificeUnless, item: StackItem) -> None:
        who = item.controller
        source = self._s.objects.get(item.source_id) if item.source_id is not None else None
        kept = self._sacrifice_choice(who, eff.card_type, source)
        if kept is None and source is not None and source.zone == "battlefield":
            self._move(source, "graveyard", f"{who} sacrifices {source.name}", ("701.21a",))

    @_handles(MaySacrificeToDraw)
    def _may_sacrifice_to_draw(self, eff: MaySacrificeToDraw, item: StackItem) -> None:
        who = item.controller
        options = [o for o in self.permanents(who) if o.is_a(eff.card_type)]
        labels = [f"sacrifice {o.name} #{o.id}" for o in options] + ["don't"]
        label = self.chooser.choose(who, f"sacrifice a {eff.card_type} to draw a card?", labels)
        self._emit(ChoiceMade(text=f"{who} chooses: {label}", rules=("608.2c",), player=who,
                              question="may sacrifice", answer=label, options=tuple(labels)))
        if label != "don't":
            o = options[labels.index(label)]
            self._move(o, "graveyard", f"{who} sacrifices {o.name}", ("701.21a",))
            self._draw(who, ("121.1",))

    @_handles(ExileUntilOpponentMonarch)
    def _exile_until_opponent_monarch(self, eff: ExileUntilOpponentMonarch, item: StackItem) -> None:
        assert isinstance(item.target, int)
        o, who = self._s.objects[item.target], item.controller
        self._move(o, "exile", f"{o.name} is exiled until an opponent of {who} becomes the monarch",
                   ("610.3",))
        self._s.jailed.append((o.id, who))

    @_handles(CounterTriggeringSpell)
    def _counter_triggering_spell(self, eff: CounterTriggeringSpell, item: StackItem) -> None:
        spell = next((i for i in self._s.stack if i.id == item.data.spell), None)
        if spell is None:
            self._emit(Fizzled(text=f"{item.name} does nothing: the spell already left the stack",
                               rules=("608.2",), player=item.controller, lane="stack"))
            return
        self._s.stack.remove(spell)
        self._emit(Countered(text=f"{spell.name} is countered", rules=("701.6a",),
                             player=spell.controller, lane="stack", id=spell.id))
        self._move(self._s.objects[spell.id], "graveyard", f"{spell.name} goes to its owner's "
                   "graveyard", ("701.6a",))

    @_handles(AddMana)
    def _add_mana_effect(self, eff: AddMana, item: StackItem) -> None:  # pragma: no cover
        raise AssertionError("mana abilities resolve at once and never use the stack")

    def _sacrifice_choice(self, player: str, card_type: str, instead: Obj | None) -> Obj | None:
        """``player`` sacrifices a ``card_type`` of their choice (or, with ``instead``, may
        keep the creatures and sacrifice ``instead``). Returns what was sacrificed."""
        if not self._player(player).in_game:
            return None
        options = [o for o in self.permanents(player) if o.is_a(card_type) and o is not instead]
        labels = [f"{o.name} #{o.id}" for o in options]
        if instead is not None:
            labels.append(f"sacrifice {instead.name} instead")
        if not labels:
            self._emit(ChoiceMade(text=f"{player} controls no {card_type.lower()} to sacrifice",
                                  rules=("701.21a",), player=player, question="sacrifice",
                                  answer="nothing"))
            return None
        label = self.chooser.choose(player, f"which {card_type.lower()} {player} sacrifices", labels)
        self._emit(ChoiceMade(text=f"{player} chooses: {label}", rules=("701.21a",), player=player,
                              question="sacrifice", answer=label, options=tuple(labels)))
        if instead is not None and label == labels[-1]:
            return None
        o = options[labels.index(label)]
        self._move(o, "graveyard", f"{player} sacrifices {o.name}", ("701.21a",))
        return o

    # ------------------------------------------------------------------ damage
    def _deal_damage(self, source_id: int | None, source: str, target: Target | None,
                     amount: int, *, combat: bool) -> None:
        rules = ("510.2",) if combat else ("120.3",)
        kind = "combat damage" if combat else "damage"
        if isinstance(target, str):
            protector = self._redirect_to(target, source)
            if protector is not None:
                redirect = self._emit(DamageRedirected(
                    text=f"{protector.name}: the {amount} {kind} {source} would deal to {target} is "
                         f"dealt to {protector.name} instead", rules=("614.9",), player=target,
                    effect=protector.name, before=target, after=protector.name, source=source,
                    amount=amount, combat=combat), obj=protector)
                with self._caused_by(redirect.seq):
                    self._deal_damage(source_id, source, protector.id, amount, combat=combat)
                return
            e = self._emit(DamageDealt(text=f"{source} deals {amount} {kind} to {target}",
                                       rules=rules + ("120.3a",), player=target, lane=target,
                                       to_player=target, amount=amount, combat=combat,
                                       source=source, source_id=source_id))
            with self._caused_by(e.seq):
                self._player(target).life -= amount
                self._emit(LifeChanged(text=f"{target} loses {amount} life", rules=("120.3a",),
                                       player=target, delta=-amount))
        else:
            assert target is not None
            o = self._s.objects[target]
            o.damage += amount
            src = self._s.objects.get(source_id) if source_id is not None else None
            if src is not None and "deathtouch" in src.card.keywords:
                o.deathtouch_damage = True
            self._emit(DamageDealt(text=f"{source} deals {amount} {kind} to {o.name}",
                                   rules=rules + ("120.3e",), to_id=o.id, amount=amount,
                                   combat=combat, source=source, source_id=source_id), obj=o)

    def _redirect_to(self, player: str, source: str) -> Obj | None:
        """CR 614.9: a Protector of the Crown its controller controls takes the damage instead.
        With several, their controller chooses one (all of one source's damage goes to it)."""
        options = [o for o in self.permanents(player) if o.is_a("Creature")
                   and any(isinstance(a, RedirectDamageToSelf) for a in o.card.abilities)]
        if not options:
            return None
        if len(options) == 1:
            return options[0]
        labels = [f"{o.name} #{o.id}" for o in options]
        label = self.chooser.choose(player, f"which redirection applies to {source}'s damage", labels)
        self._emit(ChoiceMade(text=f"{player} chooses {label} to take {source}'s damage (options: "
                              f"{', '.join(labels)})", rules=("616.1", "614.9"), player=player,
                              question="protector", answer=label, options=tuple(labels)))
        return options[labels.index(label)]

    # ------------------------------------------------------------------ combat
    @_atomic
    def attack(self, attackers: Iterable[int | str] | Mapping[int, str] | Mapping[str, str]
               | Mapping[int | str, str],
               defender: str | None = None) -> tuple[Event, ...]:
        """Declare attackers (CR 508.1): a list (all attack ``defender``, by default the next
        opponent) or a dict ``{creature: player}``. Moves to the declare attackers step."""
        s = self._s
        if s.step not in ("beginning_of_combat", "declare_attackers") or s.attackers:
            raise TimingError("Attackers are declared once, at the start of the declare attackers "
                              "step.", "508.1")
        opponents = [p for p in self._apnap() if p != s.active]
        if isinstance(attackers, Mapping):
            plan = [(self.obj(a), d) for a, d in attackers.items()]
        else:
            d = defender or (opponents[0] if opponents else None)
            plan = [(self.obj(a), d) for a in attackers]
        for o, d in plan:
            if d not in opponents:
                raise CombatError(f"{d} is not an opponent of {s.active} still in the game.")
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
        for o, d in plan:
            assert d is not None
            s.attackers[o.id] = d
            e = self._emit(AttackDeclared(text=f"{o.name} attacks {d}", rules=("508.1",), defender=d),
                           obj=o)
            s.combat_seq[o.id] = e.seq
            if "vigilance" not in o.card.keywords:
                o.tapped = True
                self._emit(Tapped(text=f"{o.name} becomes tapped as it attacks", rules=("508.1f",),
                                  cause=e.seq), obj=o)
        self._priority()
        return tuple(self._events[start:])

    def _next_step_unchecked(self, step: str) -> None:
        self._end_step()
        self._s.step = step
        self._begin_step()

    @_atomic
    def block(self, blocks: Mapping[int, int] | Mapping[str, str] | Mapping[int | str, int | str]
              ) -> tuple[Event, ...]:
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
            if "flying" in a.card.keywords and not {"flying", "reach"} & b.card.keywords:
                raise CombatError(f"{a.name} has flying: only a creature with flying or reach can "
                                  f"block it, and {b.name} has neither.", "702.9b")
        start = len(self._events)
        if s.step == "declare_attackers":
            self._next_step_unchecked("declare_blockers")
        for b, a in pairs:
            s.blockers[b.id] = a.id
            e = self._emit(BlockDeclared(text=f"{b.name} blocks {a.name}", rules=("509.1",),
                                         attacker=a.id), obj=b)
            s.combat_seq[b.id] = e.seq
        self._priority()
        return tuple(self._events[start:])

    def _combat_damage(self) -> None:
        """CR 510.1-510.2: assign combat damage, then deal it all at once. A creature blocked by
        several assigns lethal damage to each in order, the rest to the last (510.1c)."""
        s = self._s
        plan: list[tuple[Obj, Target, int]] = []
        for aid, defender in s.attackers.items():
            a = s.objects[aid]
            if a.zone != "battlefield" or a.power <= 0:
                continue
            blockers = [s.objects[b] for b, t in s.blockers.items() if t == aid
                        and s.objects[b].zone == "battlefield"]
            if not any(t == aid for t in s.blockers.values()):
                if self._player(defender).in_game:  # CR 510.1b: attacking no one, no damage
                    plan.append((a, defender, a.power))
                continue
            left = a.power
            for i, b in enumerate(blockers):
                amount = left if i == len(blockers) - 1 else min(left, max(b.toughness - b.damage, 0))
                if amount:
                    plan.append((a, b.id, amount))
                left -= amount
        for bid, aid in s.blockers.items():
            b, a = s.objects[bid], s.objects[aid]
            if b.zone == "battlefield" and a.zone == "battlefield" and b.power > 0:
                plan.append((b, aid, b.power))
        for src, target, amount in plan:  # CR 510.2: all combat damage is dealt at once
            with self._caused_by(s.combat_seq.get(src.id, self._cause)):
                self._deal_damage(src.id, src.name, target, amount, combat=True)

    # ------------------------------------------------------------------ leaving
    @_atomic
    def concede(self, player: str) -> tuple[Event, ...]:
        """``player`` concedes and leaves the game (CR 104.3a, 800.4a)."""
        self._check_can_act(player, priority=False)
        start = len(self._events)
        self._leave(player, f"{player} concedes and leaves the game", ("104.3a", "800.4a"))
        if self._s.step not in NO_PRIORITY:
            self._priority()
        return tuple(self._events[start:])

    def _leave(self, player: str, text: str, rules: tuple[str, ...]) -> None:
        p = self._player(player)
        p.in_game = False
        e = self._emit(PlayerLeft(text=text, rules=rules, player=player))
        with self._caused_by(e.seq):
            if self._s.monarch == player:
                heir = self._heir(player)
                if heir is None:
                    self._s.monarch = None
                    self._emit(MonarchChanged(text="No player can become the monarch: the game goes "
                                              "on with no monarch", rules=("725.4",), monarch=None,
                                              changed=True))
                else:
                    self._set_monarch(heir, ("725.4",))
            for o in [o for o in self._s.objects.values() if o.owner == player
                      and o.zone not in ("out", "token")]:
                self._move(o, "out", f"{o.name} leaves the game with its owner", ("800.4a",))
            for o in [o for o in self.permanents() if o.controller == player]:
                self._move(o, "exile", f"{o.name} is exiled: its controller left the game", ("800.4a",))
            for item in [i for i in self._s.stack if i.controller == player]:
                self._s.stack.remove(item)
                if item.kind == "ability":
                    self._emit(Fizzled(text=f"{item.name} ceases to exist: its controller left the "
                                       "game", rules=("800.4a",), player=player, lane="stack",
                                       id=item.id, ability=True))
            self._s.pending.set(t for t in self._s.pending if t.controller != player)

    def _heir(self, leaving: str) -> str | None:
        """CR 725.4: the active player, or if that player is leaving, the next in turn order."""
        active = self._s.active
        if active != leaving and self._player(active).in_game:
            return active
        names = self.players
        i = names.index(active)
        for k in range(1, len(names)):
            cand = names[(i + k) % len(names)]
            if cand != leaving and self._player(cand).in_game:
                return cand
        return None

    # ------------------------------------------------------------------ state-based actions
    def _check_sba(self) -> None:
        """CR 704.3: repeat until no state-based action applies."""
        self._flush()
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
                name = f"{o.name} (the {o.printed.name})" if o.printed else o.name
                if o.toughness <= 0:
                    self._move(o, "graveyard", f"{name} has toughness {o.toughness} and is put "
                               f"into its owner's graveyard", ("704.5f",), event=StateBasedMove)
                    did = True
                elif o.damage >= o.toughness:
                    self._move(o, "graveyard", f"{name} has lethal damage and is destroyed",
                               ("704.5g",), event=StateBasedMove)
                    did = True
                elif o.deathtouch_damage and o.damage > 0:
                    self._move(o, "graveyard", f"{o.name} was dealt damage by a source with deathtouch "
                               f"and is destroyed", ("702.2b",), event=StateBasedMove)
                    did = True
            did = self._legend_rule() or did
            for o in list(self._s.objects.values()):
                if o.token and o.zone not in ("battlefield", "gone", "token"):
                    o.zone = "gone"
                    self._emit(StateBasedMove(text=f"The {o.name} token ceases to exist",
                                              rules=("704.5d",), player=o.owner,
                                              **self._where(o, "gone")), obj=o)
                    did = True
            if not did:
                self._flush()
                return
        raise AssertionError("state-based actions did not settle")  # pragma: no cover

    def _legend_rule(self) -> bool:
        """CR 704.5j: of two or more legendary permanents with the same name controlled by one
        player, that player keeps one (their choice) and the rest go to the graveyard."""
        groups: dict[tuple[str, str], list[Obj]] = {}
        for o in self.permanents():
            if o.is_a("Legendary"):
                groups.setdefault((o.controller, o.name), []).append(o)
        did = False
        for (who, name), objs in groups.items():
            if len(objs) < 2:
                continue
            labels = [f"{name} #{o.id}" for o in objs]
            keep = self.chooser.choose(who, f"which {name} to keep (legend rule)", labels)
            self._emit(ChoiceMade(text=f"{who} keeps {keep} (legend rule)", rules=("704.5j",),
                                  player=who, question="legend rule", answer=keep,
                                  options=tuple(labels)))
            for o, label in zip(objs, labels, strict=True):
                if label != keep:
                    self._move(o, "graveyard", f"{name} is put into its owner's graveyard "
                               f"(legend rule)", ("704.5j",), event=StateBasedMove)
            did = True
        return did

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
        o = Obj(self._take_id(), defn, owner, zone, {})
        o.attach(self._j)
        self._s.objects[o.id] = o
        return o

    def _new_stack_item(self, *args: Any, **kwargs: Any) -> StackItem:
        item = StackItem(*args, **kwargs)
        item.attach(self._j)
        return item

    def _draw(self, player: str, rules: tuple[str, ...]) -> None:
        library = self.zone(player, "library")
        if not library:
            self._player(player).drew_from_empty = True
            self._emit(DrawFailed(text=f"{player} can't draw: the library is empty",
                                  rules=rules + ("704.5b",), player=player, lane=player))
            return
        top = library[-1]
        self._move(top, "hand", f"{player} draws a card", rules)

    def _move(self, o: Obj, to: str, text: str, rules: tuple[str, ...],
              event: type[ZoneChange] = Moved) -> ZoneChange:
        frm = o.zone
        if frm == "battlefield":
            # last known information, for abilities that look back in time (CR 603.10a, 608.2h)
            self._s.lki[o.id] = LastKnown(o.id, o.card, o.controller, dict(o.counters), o.attached_to)
            self._s.battlefield.remove(o.id)
            o.tapped, o.counters, o.damage, o.attached_to = False, {}, 0, None
            self._s.attackers.pop(o.id, None)
            self._s.blockers.pop(o.id, None)
            if o.printed is not None:  # a copy stops being a copy as it leaves (CR 400.7)
                o.card, o.printed = o.printed, None
            o.etb_x, o.deathtouch_damage = 0, False
        o.zone = to
        o.controller = o.owner if to != "out" else ""
        return self._emit(event(text=text, rules=rules, player=o.owner, **self._where(o, to),
                                frm=frm), obj=o)

    def _enter(self, o: Obj, controller: str, text: str, rules: tuple[str, ...],
               event: type[Entered | LandPlayed] = Entered, x: int = 0, copy_of: Obj | None = None,
               setup: bool = False) -> Event:
        frm = o.zone
        o.zone, o.controller = "battlefield", controller
        if copy_of is not None:
            o.printed, o.card = o.card, copy_of.card
        o.etb_x = x
        o.tapped = any(isinstance(a, EntersTapped) for a in o.card.abilities)
        o.counters = o.card.enters_counters(x)
        extra: tuple[str, ...] = ("614.1c",) if o.tapped or o.counters or copy_of else ()
        if copy_of is not None:
            extra += ("707.2",)
        if any(isinstance(a, EntersWithCounters) and a.amount == "X" for a in o.card.abilities):
            extra += ("107.3m",)
        self._s.battlefield.append(o.id)
        copied = f" as a copy of {copy_of.name}" if copy_of is not None else ""
        full = (text + copied + (" tapped" if o.tapped else "")
                + "".join(f" with {n} {k} counters" for k, n in o.counters.items()))
        where = self._where(o, "battlefield")
        if event is LandPlayed:
            e: Event = self._emit(LandPlayed(text=full, rules=rules + extra, player=controller,
                                             frm=frm, **where), obj=o)
        else:
            e = self._emit(Entered(text=full, rules=rules + extra, player=controller, frm=frm, x=x,
                                   copy_of=copy_of.name if copy_of else None, setup=setup, **where),
                           obj=o)
        o.since = e.seq
        return e

    # ------------------------------------------------------------------ triggered abilities
    def _collect(self, event: Event) -> list[_Reaction]:
        """The one trigger matcher (CR 603.2): what ``event`` sets off. Every triggered ability
        on the battlefield, the monarch's inherent ones, and those of an object that just left
        the battlefield (which look back in time, CR 603.10a) are asked if the event matches."""
        sources: list[Obj | LastKnown] = [self._s.objects[i] for i in self._s.battlefield]
        if isinstance(event, ZoneChange) and event.frm == "battlefield" and event.obj_id is not None:
            known = self._s.lki.get(event.obj_id)
            if known is not None:
                sources.append(known)
        found: list[_Reaction] = []
        for src in sources:
            for ab in src.card.triggers:
                data = ab.trigger.matches(event, src, self)
                if data is not None:
                    found.append(_Reaction(event.seq, ab, src, src.controller, data))
        if self._s.monarch is not None:
            monarch = _MonarchSource(self._s.monarch, {})
            for ab in MONARCH_ABILITIES:
                data = ab.trigger.matches(event, monarch, self)
                if data is not None:
                    found.append(_Reaction(event.seq, ab, None, monarch.controller, data))
        if (isinstance(event, MonarchChanged) and event.changed and not event.setup
                and event.monarch is not None):
            for card_id, jailer in self._s.jailed:  # CR 610.3: "until an opponent ..." ends
                if event.monarch != jailer:
                    found.append(_Reaction(event.seq, jailed=(card_id, jailer)))
        return found

    def _flush(self) -> None:
        """Let what earlier events set off happen: triggered mana abilities resolve at once
        (CR 605.4a); other abilities trigger and wait to be put on the stack (603.3); cards
        exiled "until" come back (610.3)."""
        while self._reactions:
            reactions, self._reactions = self._reactions, []
            for r in reactions:
                if r.jailed is not None:
                    self._return_jailed(*r.jailed, cause=r.seq)
                elif isinstance(r.ability, ManaTrigger):
                    self._resolve_mana_trigger(r)
                elif r.ability is not None:
                    self._trigger(r)

    def _return_jailed(self, card_id: int, jailer: str, cause: int) -> None:
        if (card_id, jailer) not in self._s.jailed:
            return
        self._s.jailed.remove((card_id, jailer))
        c = self._s.objects[card_id]
        if c.zone == "exile":
            with self._caused_by(cause):
                self._enter(c, c.owner, f"{c.name} returns from exile (an opponent of {jailer} became "
                            "the monarch)", ("610.3",))

    def _trigger(self, r: _Reaction) -> None:
        """An ability triggers (CR 603.2); it waits to be put on the stack (603.3)."""
        ab = r.ability
        assert isinstance(ab, Triggered)
        source = r.source
        obj = self._s.objects[source.id] if source is not None else None
        name = obj.name if obj is not None else "The monarch"
        if ab.condition and not self._condition_holds(ab.condition, r.controller):
            return  # CR 603.4: an intervening "if" that is false means it doesn't trigger
        rules = ("603.2",) + (("603.4",) if ab.condition else ()) + (
            ("725.2",) if source is None else ())
        e = self._emit(AbilityTriggered(text=f"{name}'s ability triggers ({r.controller} controls "
                                        f"it): {ab.text}", rules=rules, player=r.controller,
                                        cause=r.seq), obj=obj)
        self._s.pending.append(Pending(r.controller, ab, obj.id if obj else None, name, e.seq, r.data))

    def _condition_holds(self, condition: str, controller: str) -> bool:
        if condition == "opponent is monarch":
            return self._s.monarch is not None and self._s.monarch != controller
        raise AssertionError(condition)  # pragma: no cover

    def _priority(self) -> None:
        """A player would receive priority: state-based actions, then waiting triggers go on
        the stack in APNAP order (CR 117.5, 603.3b), repeated until nothing changes."""
        for _ in range(1000):
            self._check_sba()
            pending = [p for p in self._s.pending if self._player(p.controller).in_game]
            self._s.pending.set([])
            if not pending:
                return
            for player in self._apnap():
                mine = [p for p in pending if p.controller == player]
                if len(mine) > 1:
                    labels = [f"{p.source_name} #{p.seq}" for p in mine]
                    order = self.chooser.order(player, "order of your triggers on the stack", labels)
                    self._emit(ChoiceMade(text=f"{player} puts their triggers on the stack in this "
                                          "order: " + ", ".join(order), rules=("603.3b",),
                                          player=player, question="trigger order",
                                          answer=tuple(order), options=tuple(labels)))
                    mine = [mine[labels.index(label)] for label in order]
                for p in mine:
                    self._put_on_stack(p)
        raise AssertionError("triggers did not settle")  # pragma: no cover

    def _apnap(self) -> list[str]:
        names = self.players
        i = names.index(self._s.active)
        return [names[(i + k) % len(names)] for k in range(len(names))
                if self._player(names[(i + k) % len(names)]).in_game]

    def _put_on_stack(self, p: Pending) -> None:
        target: Target | None = None
        if p.ability.targets is not None:
            options = legal_targets(p.ability.targets, p.controller, self)
            if not options:
                self._emit(Fizzled(text=f"{p.source_name}'s ability has no legal target and is removed "
                                   f"from the stack", rules=("603.3d",), player=p.controller,
                                   lane="stack", cause=p.seq))
                return
            labels = [self._target_name(t) for t in options]
            label = self.chooser.choose(p.controller, f"target for {p.source_name}'s ability", labels)
            target = options[labels.index(label)]
            self._emit(ChoiceMade(text=f"{p.controller} chooses {label} as the target of "
                                  f"{p.source_name}'s ability (options: {', '.join(labels)})",
                                  rules=("603.3d",), player=p.controller, cause=p.seq,
                                  question="target", answer=label, options=tuple(labels)))
        item = self._new_stack_item(self._take_id(), "ability", f"{p.source_name}'s ability",
                                    p.controller, p.ability.effects, p.ability.text, 0,
                                    source_id=p.source_id, target=target, x=p.data.x,
                                    ability=p.ability, data=p.data, targets=p.ability.targets)
        e = self._emit(PutOnStack(text=f"{p.source_name}'s triggered ability goes on the stack"
                                  + (f" targeting {self._target_name(target)}" if target is not None
                                     else ""), rules=("603.3", "603.3b"), player=p.controller,
                                  lane="stack", cause=p.seq, id=item.id, name=item.name,
                                  target=target))
        item.seq = e.seq
        self._s.stack.append(item)

    # ------------------------------------------------------------------ the monarch
    def _set_monarch(self, player: str, rules: tuple[str, ...] = ("725.3",)) -> None:
        """``player`` becomes the monarch (CR 725.3); triggers only on a real change."""
        old = self._s.monarch
        if old == player:
            self._emit(MonarchChanged(text=f"{player} is already the monarch: nothing changes, so "
                                      f"'whenever you become the monarch' doesn't trigger",
                                      rules=("725.3",), player=player, monarch=player, changed=False))
            return
        self._s.monarch = player
        self._emit(MonarchChanged(text=f"{player} becomes the monarch"
                                  + (f" ({old} stops being the monarch)" if old else ""), rules=rules,
                                  player=player, monarch=player, changed=True, previous=old))

    # ------------------------------------------------------------------ emitting
    @staticmethod
    def _where(o: Obj, to: str) -> dict[str, Any]:
        """Where a zone change leaves the object: the fields every :class:`ZoneChange` has."""
        return dict(to=to, owner=o.owner, controller=o.controller, tapped=o.tapped,
                    counters=tuple(sorted(o.counters.items())))

    @contextmanager
    def _caused_by(self, seq: int | None) -> Iterator[None]:
        saved, self._cause = self._cause, seq
        try:
            yield
        finally:
            self._cause = saved

    def _emit(self, event: E, obj: Obj | None = None) -> E:
        """Number the event, give it its cause and lane, log it, and feed it to the trigger
        matcher. What earlier events set off happens first, unless this event is part of
        one of them (caused by it or by a later event)."""
        cause = event.cause if event.cause is not None else self._cause
        if self._reactions and (cause is None or cause < self._reactions[0].seq):
            self._flush()
        player = event.player
        if obj is not None:
            object.__setattr__(event, "obj", obj.name)
            object.__setattr__(event, "obj_id", obj.id)
            if player is None:
                player = obj.controller or obj.owner
                object.__setattr__(event, "player", player)
        event._stamp(seq=len(self._events) + 1, turn=self._s.turn, step=self._s.step, cause=cause,
                     lane=event.lane or player or "game")
        self._events.append(event)
        found = self._collect(event)
        if found:
            self._reactions.extend(found)
        return event
