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
    AtBeginning,
    Attacks,
    BecomeMonarch,
    BecomesMonarch,
    CardDef,
    CastSpell,
    ChooseColorAsEnters,
    CombatDamageToMonarch,
    CounterTriggeringSpell,
    CreateEffect,
    CreateTokens,
    CreatureControllerBecomesMonarch,
    DealDamage,
    Dies,
    Draw,
    Effect,
    Enters,
    EntersAsCopy,
    EntersTapped,
    EntersWithCounters,
    ExileUntilOpponentMonarch,
    GainLife,
    ManaReplacement,
    ManaTrigger,
    MaySacrificeToDraw,
    PutCounters,
    RedirectDamageToSelf,
    Reflect,
    ReturnFromGraveyard,
    SacrificeCreature,
    SacrificeUnless,
    StaticReplacement,
    Triggered,
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
#: Zones (CR 400.1), plus "out" for cards that left the game with their owner (800.4a) and
#: "gone" for tokens that ceased to exist (704.5d).
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command", "out", "gone")

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
    ability: Triggered | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Pending:
    """A triggered ability waiting to be put on the stack (CR 603.3)."""

    controller: str
    ability: Triggered
    source_id: int | None
    source_name: str
    seq: int
    data: dict[str, Any] = field(default_factory=dict)


#: The monarch's two inherent triggered abilities (CR 725.2): no source, controlled by the
#: player who was the monarch when they triggered.
MONARCH_DRAW = Triggered(AtBeginning("end", "monarch"), (Draw(1),),
                         "At the beginning of the monarch's end step, that player draws a card.")
MONARCH_STEAL = Triggered(CombatDamageToMonarch(), (CreatureControllerBecomesMonarch(),),
                          "Whenever a creature deals combat damage to the monarch, its controller "
                          "becomes the monarch.")


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
    pending: list[Pending] = field(default_factory=list)
    combat_seq: dict[int, int] = field(default_factory=dict)  # creature -> its attack/block event
    jailed: list[tuple[int, str]] = field(default_factory=list)  # (exiled card, jailer's controller)
    next_id: int = 1
    turn_seq: int | None = None  # the event that began this turn
    step_seq: int | None = None  # the event that began this step


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

    @property
    def winner(self) -> str | None:
        """The last player still in the game, once all the others have left (CR 104.2a)."""
        left = [p.name for p in self._s.players if p.in_game]
        return left[0] if len(left) == 1 else None

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

    def why_not(self, what: Literal["mana", "trigger", "monarch", "activate"], ref: int | str) -> str:
        """Why did something *not* happen? ``what`` is ``"mana"`` (a permanent's last mana
        ability made none), ``"trigger"`` (its "whenever you become the monarch" didn't
        trigger), ``"monarch"`` (``ref`` is a player whose attack didn't take the crown) or
        ``"activate"`` (why an ability can't be activated now)."""
        from . import whynot

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
        e = self._emit("setup", f"Setup: {name} on {controller}'s battlefield ({when}"
                       + (", tapped" if tapped else "") + ")", (), player=controller, obj=o,
                       **self._move_data(o, "battlefield"))
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
        self._emit("monarch", f"Setup: {player} is the monarch", (), player=player, monarch=player,
                   changed=True, setup=True)

    def put_in_zone(self, name: str, owner: str, zone: str = "hand") -> int:
        """Teaching setup: put a card into ``owner``'s hand, library (on top) or graveyard."""
        if zone not in ("hand", "library", "graveyard", "exile"):
            raise ValueError(f"zone must be hand, library, graveyard or exile, not {zone!r}")
        self._player(owner)
        defn = lookup_card(name)
        if defn.token:
            raise ValueError(f"{name} is a token: tokens exist only on the battlefield (CR 111.1)")
        o = self._new_obj(defn, owner, zone)
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
        s.attackers, s.blockers, s.combat_seq = {}, {}, {}
        for p in s.players:
            p.lands_played = 0
        e = self._emit("turn", f"Turn {s.turn} begins: {player} is the active player", ("500.1",),
                       player=player, lane="game", turn=s.turn, active=player)
        s.turn_began[player] = s.turn_seq = e.seq
        self._begin_step()

    def _begin_step(self) -> None:
        s = self._s
        e = self._emit("step", f"{STEP_TITLES[s.step].capitalize()} begins", ("500.1",),
                       player=s.active, lane="game", cause=s.turn_seq, step=s.step)
        s.step_seq = e.seq
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
            self._beginning_triggers(e.seq)
            if s.step in NO_PRIORITY:
                self._check_sba()  # triggers wait for the next step with priority (CR 502.4)
            else:
                self._priority()

    def _beginning_triggers(self, cause: int) -> None:
        s = self._s
        for o in self.permanents():
            for ab in o.card.triggered:
                t = ab.trigger
                if isinstance(t, AtBeginning) and t.step == s.step and (
                        t.whose == "any" or (t.whose == "you" and o.controller == s.active)):
                    self._trigger(ab, o.controller, o, cause)
        if s.step == "end" and s.monarch == s.active:  # CR 725.2: the monarch's end step
            self._trigger(MONARCH_DRAW, s.monarch, None, cause, name="The monarch")

    def _end_step(self) -> None:
        for p in self._s.players:
            if p.pool:
                self._emit("empty", f"{p.name}'s mana pool empties ({p.pool} lost)", ("106.4",),
                           player=p.name, cause=self._s.step_seq, mana=str(p.pool))
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
        self._priority()
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
        self._priority()
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
        if o.card.spell_targets != "none" or target is not None:
            target = self._check_target(o.card.spell_targets, who, target)
        start = len(self._events)
        o.zone = "stack"
        x_text = f" with X = {x}" if cost is not None and cost.x_count else ""
        e = self._emit("cast", f"{who} casts {o.name}{x_text}"
                       + (f" targeting {self._target_name(target)}" if target is not None else ""),
                       ("601.2",) + (("107.3a",) if x_text else ()), player=who, obj=o, lane="stack",
                       **self._move_data(o, "stack"), frm="hand", x=x)
        with self._caused_by(e.seq):
            if spent:
                self._player(who).pool = pool - spent
                self._emit("spend", f"{who} spends {spent} to pay {cost}", ("601.2h",), player=who,
                           mana=str(spent))
        self._s.stack.append(StackItem(o.id, "spell", o.name, who, o.card.spell, o.card.text,
                                       e.seq, source_id=o.id, target=target, x=x))
        self._cast_triggers(o, who, x, e.seq)
        self._priority()
        return tuple(self._events[start:])

    def _cast_triggers(self, spell: Obj, caster: str, x: int, cause: int) -> None:
        mv = spell.card.cost.mana_value(x) if spell.card.cost else 0  # CR 202.3e: X counts here
        for o in self.permanents():
            for ab in o.card.triggered:
                t = ab.trigger
                if not isinstance(t, CastSpell):
                    continue
                if t.whose == "you" and caster != o.controller:
                    continue
                if t.card_type and not spell.is_a(t.card_type):
                    continue
                if t.mv_equals_counters and o.counters.get(t.mv_equals_counters, 0) != mv:
                    continue
                self._trigger(ab, o.controller, o, cause, spell=spell.id, mana_value=mv)

    def mana_value(self, ref: int | str) -> int:
        """Mana value now: on the stack X counts as chosen, anywhere else as 0 (CR 202.3e)."""
        o = self.obj(ref)
        if o.card.cost is None:
            return 0
        item = next((i for i in self._s.stack if i.id == o.id and i.kind == "spell"), None)
        return o.card.cost.mana_value(item.x if item else 0)

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
        e = self._emit("resolve", f"{item.name} resolves", ("117.4", "608.2"), player=item.controller,
                       lane="stack", cause=item.seq, id=item.id, ability=item.kind == "ability")
        with self._caused_by(e.seq):
            cond = item.ability.condition if item.ability else None
            if cond and not self._condition_holds(cond, item.controller):
                self._emit("fizzle", f"{item.name} does nothing: its 'if' condition ({cond}) is no "
                           f"longer true", ("603.4",), player=item.controller, lane="stack")
            elif item.target is not None and not self._target_still_legal(item):
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
        self._emit("choice", f"{who} chooses to have {o.name} enter as a copy of {label}"
                   if label != "no copy" else f"{who} chooses not to copy anything with {o.name}",
                   ("614.1c", "707.2"), player=who, obj=o, question="copy", answer=label)
        return None if label == "no copy" else creatures[labels.index(label)]

    def _target_still_legal(self, item: StackItem) -> bool:
        t = item.target
        if isinstance(t, str):
            return self._player(t).in_game
        o = self._s.objects.get(t)  # type: ignore[arg-type]
        if o is None:
            return False
        if any(isinstance(e, ReturnFromGraveyard) for e in item.effects):
            return o.zone == "graveyard"
        if item.ability is not None and item.ability.targets == "opponent creature":
            return o.zone == "battlefield" and o.controller != item.controller
        return o.zone == "battlefield"

    def _do_effect(self, eff: Effect, item: StackItem) -> None:
        who = item.controller
        source = self._s.objects.get(item.source_id) if item.source_id is not None else None
        if isinstance(eff, ReturnFromGraveyard):
            o = self._s.objects[item.target]  # type: ignore[index]
            self._enter(o, who, f"{o.name} returns from the graveyard to the battlefield", ("608.2",))
        elif isinstance(eff, DealDamage):
            name = source.name if source else item.name
            self._deal_damage(item.source_id, name, item.target, eff.amount, combat=False)
        elif isinstance(eff, GainLife):
            self._player(who).life += eff.amount
            self._emit("life", f"{who} gains {eff.amount} life", ("119.1",), player=who,
                       delta=eff.amount)
        elif isinstance(eff, PutCounters):
            if source is None or source.zone != "battlefield":
                return
            source.counters[eff.kind] = source.counters.get(eff.kind, 0) + eff.amount
            self._emit("counters", f"{eff.amount} {eff.kind} counter put on {source.name}", ("122.1",),
                       obj=source, counter=eff.kind, delta=eff.amount)
        elif isinstance(eff, CreateEffect):
            label = item.name.replace("'s ability", "")
            ce = ContinuousEffect(label, who, eff.replacement, 0, until_turn=self._s.turn)
            e = self._emit("effect", f"Until end of turn: {eff.replacement.describe()} ({label})",
                           ("611.2a", "614.1a"), player=who, effect=label)
            ce.seq = e.seq
            self._s.effects.append(ce)
        elif isinstance(eff, BecomeMonarch):
            self._set_monarch(who, ("725.1", "725.3"))
        elif isinstance(eff, CreatureControllerBecomesMonarch):
            self._set_monarch(item.data["creature_controller"], ("725.2", "725.3"))
        elif isinstance(eff, Draw):
            for _ in range(eff.amount):
                self._draw(who, ("121.1",) + (("725.2",) if item.ability is MONARCH_DRAW else ()))
        elif isinstance(eff, CreateTokens):
            self._create_tokens(eff, item, who)
        elif isinstance(eff, SacrificeCreature):
            self._sacrifice_choice(str(item.target), "Creature", None)
        elif isinstance(eff, SacrificeUnless):
            kept = self._sacrifice_choice(who, eff.card_type, source)
            if kept is None and source is not None and source.zone == "battlefield":
                self._move(source, "graveyard", f"{who} sacrifices {source.name}", ("701.21a",))
        elif isinstance(eff, MaySacrificeToDraw):
            options = [o for o in self.permanents(who) if o.is_a(eff.card_type)]
            labels = [f"sacrifice {o.name} #{o.id}" for o in options] + ["don't"]
            label = self.chooser.choose(who, f"sacrifice a {eff.card_type} to draw a card?", labels)
            self._emit("choice", f"{who} chooses: {label}", ("608.2c",), player=who,
                       question="may sacrifice", answer=label)
            if label != "don't":
                o = options[labels.index(label)]
                self._move(o, "graveyard", f"{who} sacrifices {o.name}", ("701.21a",))
                self._draw(who, ("121.1",))
        elif isinstance(eff, ExileUntilOpponentMonarch):
            o = self._s.objects[item.target]  # type: ignore[index]
            self._move(o, "exile", f"{o.name} is exiled until an opponent of {who} becomes the monarch",
                       ("610.3",))
            self._s.jailed.append((o.id, who))
        elif isinstance(eff, CounterTriggeringSpell):
            spell = next((i for i in self._s.stack if i.id == item.data.get("spell")), None)
            if spell is None:
                self._emit("fizzle", f"{item.name} does nothing: the spell already left the stack",
                           ("608.2",), player=who, lane="stack")
                return
            self._s.stack.remove(spell)
            self._emit("counter", f"{spell.name} is countered", ("701.6a",), player=spell.controller,
                       lane="stack", id=spell.id, ability=False)
            self._move(self._s.objects[spell.id], "graveyard", f"{spell.name} goes to its owner's "
                       "graveyard", ("701.6a",))
        elif isinstance(eff, AddMana):  # pragma: no cover - mana abilities never use the stack
            raise AssertionError("mana abilities resolve at once")

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
            self._emit("choice", f"{player} controls no {card_type.lower()} to sacrifice", ("701.21a",),
                       player=player, question="sacrifice", answer="nothing")
            return None
        label = self.chooser.choose(player, f"which {card_type.lower()} {player} sacrifices", labels)
        self._emit("choice", f"{player} chooses: {label}", ("701.21a",), player=player,
                   question="sacrifice", answer=label)
        if instead is not None and label == labels[-1]:
            return None
        o = options[labels.index(label)]
        self._move(o, "graveyard", f"{player} sacrifices {o.name}", ("701.21a",))
        return o

    def _create_tokens(self, eff: CreateTokens, item: StackItem, who: str) -> None:
        if eff.count == "half X":
            n, why = -(-item.x // 2), f"half of X={item.x}, rounded up (CR 107.3m)"
        elif eff.count == "counters":
            n = item.data.get("counters", {}).get("+1/+1", 0)
            why = f"one for each of its {n} +1/+1 counters as it left"
        else:
            n, why = int(eff.count), ""
        if n == 0:
            self._emit("effect", f"{item.name} creates no {eff.token} tokens ({why})",
                       ("107.3m",) if eff.count == "half X" else ("608.2",), player=who)
            return
        defn = lookup_card(eff.token)
        for _ in range(n):
            t = self._new_obj(defn, who, "token")
            t.token = True
            self._enter(t, who, f"{who} creates a {eff.token} token" + (f" ({why})" if why else ""),
                        ("111.1",))

    def _deal_damage(self, source_id: int | None, source: str, target: int | str | None,
                     amount: int, *, combat: bool) -> None:
        rules = ("510.2",) if combat else ("120.3",)
        kind = "combat damage" if combat else "damage"
        if isinstance(target, str):
            protector = self._redirect_to(target, source)
            if protector is not None:
                e = self._emit("replace", f"{protector.name}: the {amount} {kind} {source} would deal "
                               f"to {target} is dealt to {protector.name} instead", ("614.9",),
                               player=target, obj=protector, effect=protector.name,
                               before=target, after=protector.name)
                with self._caused_by(e.seq):
                    self._deal_damage(source_id, source, protector.id, amount, combat=combat)
                return
            e = self._emit("damage", f"{source} deals {amount} {kind} to {target}",
                           rules + ("120.3a",), player=target, lane=target, to_player=target,
                           amount=amount, combat=combat, source_id=source_id)
            with self._caused_by(e.seq):
                self._player(target).life -= amount
                self._emit("life", f"{target} loses {amount} life", ("120.3a",), player=target,
                           delta=-amount)
            if combat and self._s.monarch == target and source_id is not None:
                creature = self._s.objects[source_id]
                self._trigger(MONARCH_STEAL, target, None, e.seq, name="The monarch",
                              creature=source_id, creature_controller=creature.controller)
        else:
            o = self._s.objects[target]  # type: ignore[index]
            o.damage += amount
            src = self._s.objects.get(source_id) if source_id is not None else None
            if src is not None and "deathtouch" in src.card.keywords:
                o.deathtouch_damage = True
            self._emit("damage", f"{source} deals {amount} {kind} to {o.name}", rules + ("120.3e",),
                       obj=o, to_id=o.id, amount=amount, combat=combat, source_id=source_id)

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
        self._emit("choice", f"{player} chooses {label} to take {source}'s damage (options: "
                   f"{', '.join(labels)})", ("616.1", "614.9"), player=player, question="protector",
                   answer=label)
        return options[labels.index(label)]

    # ------------------------------------------------------------------ combat
    @_atomic
    def attack(self, attackers: Iterable[int | str] | dict[int | str, str],
               defender: str | None = None) -> tuple[Event, ...]:
        """Declare attackers (CR 508.1): a list (all attack ``defender``, by default the next
        opponent) or a dict ``{creature: player}``. Moves to the declare attackers step."""
        s = self._s
        if s.step not in ("beginning_of_combat", "declare_attackers") or s.attackers:
            raise TimingError("Attackers are declared once, at the start of the declare attackers "
                              "step.", "508.1")
        opponents = [p for p in self._apnap() if p != s.active]
        if isinstance(attackers, dict):
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
            s.attackers[o.id] = d  # type: ignore[assignment]
            e = self._emit("attack", f"{o.name} attacks {d}", ("508.1",), obj=o, defender=d)
            s.combat_seq[o.id] = e.seq
            if "vigilance" not in o.card.keywords:
                o.tapped = True
                self._emit("tap", f"{o.name} becomes tapped as it attacks", ("508.1f",), obj=o,
                           cause=e.seq)
            for ab in o.card.triggered:
                if isinstance(ab.trigger, Attacks):
                    self._trigger(ab, o.controller, o, e.seq)
        self._priority()
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
            if "flying" in a.card.keywords and not {"flying", "reach"} & b.card.keywords:
                raise CombatError(f"{a.name} has flying: only a creature with flying or reach can "
                                  f"block it, and {b.name} has neither.", "702.9b")
        start = len(self._events)
        if s.step == "declare_attackers":
            self._next_step_unchecked("declare_blockers")
        for b, a in pairs:
            s.blockers[b.id] = a.id
            e = self._emit("block", f"{b.name} blocks {a.name}", ("509.1",), obj=b, attacker=a.id)
            s.combat_seq[b.id] = e.seq
        self._priority()
        return tuple(self._events[start:])

    def _combat_damage(self) -> None:
        """CR 510.1-510.2: assign combat damage, then deal it all at once. A creature blocked by
        several assigns lethal damage to each in order, the rest to the last (510.1c)."""
        s = self._s
        plan: list[tuple[Obj, int | str, int]] = []
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
        e = self._emit("leave", text, rules, player=player)
        with self._caused_by(e.seq):
            if self._s.monarch == player:
                heir = self._heir(player)
                if heir is None:
                    self._s.monarch = None
                    self._emit("monarch", "No player can become the monarch: the game goes on with "
                               "no monarch", ("725.4",), monarch=None, changed=True)
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
                    self._emit("fizzle", f"{item.name} ceases to exist: its controller left the game",
                               ("800.4a",), player=player, lane="stack", id=item.id, ability=True)
            self._s.pending = [t for t in self._s.pending if t.controller != player]

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
                               f"into its owner's graveyard", ("704.5f",), kind_override="sba")
                    did = True
                elif o.damage >= o.toughness:
                    self._move(o, "graveyard", f"{name} has lethal damage and is destroyed",
                               ("704.5g",), kind_override="sba")
                    did = True
                elif o.deathtouch_damage and o.damage > 0:
                    self._move(o, "graveyard", f"{o.name} was dealt damage by a source with deathtouch "
                               f"and is destroyed", ("702.2b",), kind_override="sba")
                    did = True
            did = self._legend_rule() or did
            for o in list(self._s.objects.values()):
                if o.token and o.zone not in ("battlefield", "gone", "token"):
                    o.zone = "gone"
                    self._emit("sba", f"The {o.name} token ceases to exist", ("704.5d",), obj=o,
                               player=o.owner, id=o.id, name=o.name, owner=o.owner, to="gone")
                    did = True
            if not did:
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
            self._emit("choice", f"{who} keeps {keep} (legend rule)", ("704.5j",), player=who,
                       question="legend rule", answer=keep)
            for o, label in zip(objs, labels, strict=True):
                if label != keep:
                    self._move(o, "graveyard", f"{name} is put into its owner's graveyard "
                               f"(legend rule)", ("704.5j",), kind_override="sba")
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
        lki = dict(o.counters)  # last known information, for "when this dies" abilities
        controller, card_on_battlefield = o.controller, o.card
        if frm == "battlefield":
            self._s.battlefield.remove(o.id)
            o.tapped, o.counters, o.damage, o.attached_to = False, {}, 0, None
            self._s.attackers.pop(o.id, None)
            self._s.blockers.pop(o.id, None)
            was_creature = o.is_a("Creature")
            if o.printed is not None:  # a copy stops being a copy as it leaves (CR 400.7)
                o.card, o.printed = o.printed, None
            o.etb_x, o.deathtouch_damage = 0, False
        o.zone = to
        o.controller = o.owner if to != "out" else ""
        e = self._emit(kind_override, text, rules, obj=o, player=o.owner,
                       **self._move_data(o, to), frm=frm)
        if frm == "battlefield" and to == "graveyard" and was_creature:
            for ab in card_on_battlefield.triggered:
                if isinstance(ab.trigger, Dies):
                    self._trigger(ab, controller, o, e.seq, counters=lki)
        return e

    def _enter(self, o: Obj, controller: str, text: str, rules: tuple[str, ...],
               kind: str = "enter", x: int = 0, copy_of: Obj | None = None,
               setup: bool = False) -> Event:
        frm = o.zone
        o.zone, o.controller = "battlefield", controller
        if copy_of is not None:
            o.printed, o.card = o.card, copy_of.card
        o.etb_x = x
        o.tapped = any(isinstance(a, EntersTapped) for a in o.card.abilities)
        o.counters = o.card.enters_counters(x)
        extra = ("614.1c",) if o.tapped or o.counters or copy_of else ()
        if copy_of is not None:
            extra += ("707.2",)
        if any(isinstance(a, EntersWithCounters) and a.amount == "X" for a in o.card.abilities):
            extra += ("107.3m",)
        self._s.battlefield.append(o.id)
        copied = f" as a copy of {copy_of.name}" if copy_of is not None else ""
        e = self._emit(kind, text + copied + (" tapped" if o.tapped else "")
                       + "".join(f" with {n} {k} counters" for k, n in o.counters.items()),
                       rules + extra, obj=o, player=controller, **self._move_data(o, "battlefield"),
                       frm=frm, x=x, **({"setup": True} if setup else {}))
        o.since = e.seq
        for ab in o.card.triggered:
            if isinstance(ab.trigger, Enters):
                self._trigger(ab, controller, o, e.seq, x=x)
        return e

    # ------------------------------------------------------------------ triggered abilities
    def _trigger(self, ab: Triggered, controller: str, source: Obj | None, cause: int,
                 name: str | None = None, **data: Any) -> None:
        """An ability triggers (CR 603.2); it waits to be put on the stack (603.3)."""
        name = name or (source.name if source else "The monarch")
        if ab.condition and not self._condition_holds(ab.condition, controller):
            return  # CR 603.4: an intervening "if" that is false means it doesn't trigger
        rules = ("603.2",) + (("603.4",) if ab.condition else ()) + (
            ("725.2",) if source is None else ())
        e = self._emit("trigger", f"{name}'s ability triggers ({controller} controls it): {ab.text}",
                       rules, player=controller, obj=source, cause=cause)
        self._s.pending.append(Pending(controller, ab, source.id if source else None, name, e.seq,
                                       dict(data)))

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
            self._s.pending = []
            if not pending:
                return
            for player in self._apnap():
                mine = [p for p in pending if p.controller == player]
                if len(mine) > 1:
                    labels = [f"{p.source_name} #{p.seq}" for p in mine]
                    order = self.chooser.order(player, "order of your triggers on the stack", labels)
                    self._emit("choice", f"{player} puts their triggers on the stack in this order: "
                               + ", ".join(order), ("603.3b",), player=player,
                               question="trigger order", answer=tuple(order))
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
        target: int | str | None = None
        if p.ability.targets != "none":
            options = self._trigger_targets(p)
            if not options:
                self._emit("fizzle", f"{p.source_name}'s ability has no legal target and is removed "
                           f"from the stack", ("603.3d",), player=p.controller, lane="stack",
                           cause=p.seq)
                return
            labels = [self._target_name(t) for t in options]
            label = self.chooser.choose(p.controller, f"target for {p.source_name}'s ability", labels)
            target = options[labels.index(label)]
            self._emit("choice", f"{p.controller} chooses {label} as the target of {p.source_name}'s "
                       f"ability (options: {', '.join(labels)})", ("603.3d",), player=p.controller,
                       cause=p.seq, question="target", answer=label)
        item = StackItem(self._take_id(), "ability", f"{p.source_name}'s ability", p.controller,
                         p.ability.effects, p.ability.text, 0, source_id=p.source_id, target=target,
                         x=p.data.get("x", 0), ability=p.ability, data=p.data)
        e = self._emit("stack", f"{p.source_name}'s triggered ability goes on the stack"
                       + (f" targeting {self._target_name(target)}" if target is not None else ""),
                       ("603.3", "603.3b"), player=p.controller, lane="stack", cause=p.seq,
                       id=item.id, name=item.name)
        item.seq = e.seq
        self._s.stack.append(item)

    def _trigger_targets(self, p: Pending) -> list[int | str]:
        kind = p.ability.targets
        if kind == "player":
            others = [n for n in self._apnap() if n != p.controller]
            return others + [p.controller]  # opponents first: the documented default order
        if kind == "opponent creature":
            return [o.id for o in self.permanents() if o.is_a("Creature") and o.controller != p.controller]
        return [n for n in self._apnap()] + [o.id for o in self.permanents() if o.is_a("Creature")]

    # ------------------------------------------------------------------ the monarch
    def _set_monarch(self, player: str, rules: tuple[str, ...] = ("725.3",)) -> None:
        """``player`` becomes the monarch (CR 725.3); triggers only on a real change."""
        old = self._s.monarch
        if old == player:
            self._emit("monarch", f"{player} is already the monarch: nothing changes, so "
                       f"'whenever you become the monarch' doesn't trigger", ("725.3",),
                       player=player, monarch=player, changed=False)
            return
        self._s.monarch = player
        e = self._emit("monarch", f"{player} becomes the monarch"
                       + (f" ({old} stops being the monarch)" if old else ""), rules,
                       player=player, monarch=player, changed=True, previous=old)
        with self._caused_by(e.seq):
            for o in self.permanents(player):
                for ab in o.card.triggered:
                    if isinstance(ab.trigger, BecomesMonarch):
                        self._trigger(ab, player, o, e.seq)
            for card_id, jailer in list(self._s.jailed):
                if player != jailer:
                    self._s.jailed.remove((card_id, jailer))
                    c = self._s.objects[card_id]
                    if c.zone == "exile":
                        self._enter(c, c.owner, f"{c.name} returns from exile (an opponent of "
                                    f"{jailer} became the monarch)", ("610.3",))

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
