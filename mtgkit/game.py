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
#11 Alice activates Llanowar Elves: {T}: Add {G}. [CR 602.2]
#12 Llanowar Elves becomes tapped to pay {T} [CR 107.5, 302.6]
#13 Alice adds {G} (Llanowar Elves was tapped for mana) [CR 106.4, 605.3b]
"""

from __future__ import annotations

import contextlib
import copy as _copy
import functools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any, Literal, ParamSpec, TypeVar, cast

from . import actions as acts
from . import could_produce as cp
from . import limits, whynot, wording
from . import validate as check
from .abilities import (
    MONARCH_ABILITIES,
    MONARCH_DRAW,
    Activated,
    AddMana,
    Anthem,
    BecomeMonarch,
    CardDef,
    Cascade,
    ChooseColorAsEnters,
    ControlEnchanted,
    CopyTarget,
    CostIncrease,
    CostReduction,
    CountersOnIt,
    CounterTriggeringSpell,
    CreateEffect,
    CreateTokens,
    CreatureControllerBecomesMonarch,
    DamageYou,
    DealDamage,
    Draw,
    DrawForEachColor,
    EntersAsCopy,
    EntersTapped,
    EntersWithCounters,
    ExileUntil,
    GainControl,
    GainKeyword,
    GainLife,
    GrantKeyword,
    ManaTrigger,
    MaySacrificeToDraw,
    PreventDamage,
    PutCounters,
    PutCountersOnEach,
    Reflect,
    ReturnFromGraveyard,
    SacrificeCreature,
    SacrificeUnless,
    SpendAsAnyColor,
    StaticReplacement,
    TargetSpec,
    Triggered,
    UntapTarget,
    granted_keywords,
)
from .board import Board, PermView, PlayerView
from .cards import CATALOG, UnknownCardError, suggest
from .cards import card as lookup_card
from .choices import Chooser, FirstOption
from .errors import (
    ChoiceError,
    CombatError,
    CostError,
    GameOverError,
    LimitError,
    RulesError,
    SummoningSicknessError,
    TapSymbolError,
    TargetError,
    TimingError,
    UntapSymbolError,
)
from .events import (
    AbilityActivated,
    AbilityCopied,
    AbilityGained,
    AbilityTriggered,
    AttackDeclared,
    BlockDeclared,
    ChoiceMade,
    ControlChanged,
    Convoked,
    Countered,
    CountersChanged,
    DamageDealt,
    DamagePrevented,
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
    GameEnded,
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
    PriorityPassed,
    PutOnStack,
    Resolved,
    SetupPut,
    SpellCast,
    SpellCopied,
    StateBasedMove,
    StepBegan,
    Tapped,
    TurnBegan,
    Untapped,
    Words,
    ZoneChange,
    explain,
    say,
)
from .journal import JDict, JList, Journal
from .mana import COLOR_NAMES, COLORS, TYPES, Mana, ManaCost, pay, payment_problem, payments
from .records import Mutable, Value
from .replacement import AppliedReplacement, applicable, static_effects
from .state import (
    ContinuousEffect,
    ControlEffect,
    Exiled,
    GameState,
    KeywordEffect,
    LastKnown,
    Obj,
    Pending,
    PlayerState,
    PreventionEffect,
    ResolvedEffect,
    StackItem,
)
from .targets import Target, legal_targets, no_target_reason, target_problem
from .triggers import TriggerData, Whose
from .variants import CR, DamageStep, Rules
from .view import ManaEffect, players_matching
from .wording import STEP_TITLES as STEP_TITLES
from .wording import possessive, prompt, refusal

#: The maximum hand size (CR 402.2).
HAND_SIZE = 7
STEPS: tuple[str, ...] = (
    "untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
    "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat", "main2", "end",
    "cleanup",
)
NO_PRIORITY = frozenset({"untap", "cleanup"})
#: Steps that happen only when creatures were declared as attackers (CR 508.8).
_COMBAT_ONLY = frozenset({"declare_blockers", "first_strike_damage", "combat_damage"})
#: The keywords that make a creature assign combat damage in a first combat damage step (CR 510.4).
_STRIKES_FIRST = frozenset({"first strike", "double strike"})
#: Zones (CR 400.1), plus "out" for cards that left the game with their owner (800.4a) and
#: "gone" for tokens that ceased to exist (704.5d).
ZONES = ("library", "hand", "battlefield", "graveyard", "exile", "stack", "command", "out", "gone")

P = ParamSpec("P")
R = TypeVar("R")
E = TypeVar("E", bound=Event)
_A = TypeVar("_A")
EffectHandler = Callable[["Game", Any, StackItem], None]
_EFFECTS: dict[type, EffectHandler] = {}


#: Keys of the battlefield's index (``GameState.index``) besides a trigger's ``(kind of event,
#: None or the object the event must be about)``: the kinds of static ability in ``_STATICS``,
#: legendary permanents by name, and Auras by what they enchant.
#: The static abilities that work from the battlefield on other objects or the rules: the index
#: files a permanent under each kind it has (``Game._statics(kind)`` reads them).
_STATICS: tuple[type, ...] = (StaticReplacement, GrantKeyword, Anthem, CostIncrease, CostReduction,
                              SpendAsAnyColor)


def _legends(name: str) -> tuple[str, str]:
    return ("legendary", name)


def _attached(host: int) -> tuple[str, int]:
    return ("attached to", host)


def _index_keys(o: Obj) -> list[object]:
    """Where a permanent is filed in the battlefield's index: each trigger under the kinds of
    event it waits for (CR 603.2), its static abilities, its name if legendary (CR 704.5j) and,
    for an Aura, the permanent it is attached to (CR 704.5m)."""
    keys: list[object] = []
    for ab in o.card.triggers:
        t = ab.trigger
        keys += [(kind, o.id if t.about_source else None) for kind in t.waits_for]
    keys += [kind for kind in _STATICS if o.card.has(kind)]
    if o.is_a("Legendary"):
        keys.append(_legends(o.name))
    if o.card.enchant and o.attached_to is not None:
        keys.append(_attached(o.attached_to))
    return list(dict.fromkeys(keys))


@functools.cache
def _event_kinds(kind: type[Event]) -> tuple[type[Event], ...]:
    """An event's class and the event classes it derives from: what a trigger may wait for."""
    return tuple(k for k in kind.__mro__ if isinstance(k, type) and issubclass(k, Event))


class ObjectError(RulesError):
    """The object named is not where the action needs it (CR 109)."""

    rule = "109.1"


class _MonarchSource(Value):
    """The monarch designation as the "source" of the monarch's inherent abilities (CR 725.2)."""

    controller: str
    counters: Mapping[str, int]
    id: None = None
    attached_to: None = None
    chosen_color: None = None

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
    jailed: Exiled | None = None
    links: tuple[int, ...] = ()  # events that created a state the trigger depended on


def _atomic(method: Callable[P, R]) -> Callable[P, R]:
    """Run an action as a transaction: on any error, undo every change and drop its events."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        self = cast(Game, args[0])
        outermost = self._j.depth == 0
        if outermost:
            self._check_room()  # a full log refuses an action before it starts
        mark = self._j.begin()
        n_events, cause, reactions = len(self._events), self._cause, list(self._reactions)
        try:
            result = method(*args, **kwargs)
            if outermost:
                self._flush()  # the end of the outermost action: nothing may wait unseen
        except BaseException:
            self._j.rollback(mark)
            del self._events[n_events:]
            self._cause, self._reactions = cause, reactions
            raise
        finally:
            if outermost:
                self._plans = _Plans()
        self._j.commit()
        return result

    return wrapper


class _Plans(Mutable):
    """What the current call said players will choose when the game gets there: attackers and
    blockers to declare, how to divide combat damage, what to discard in cleanup."""

    attack: list[tuple[int, str]] | None = None
    block: list[tuple[int, int]] | None = None
    damage: dict[int, dict[int, int]] | None = None
    discard: list[int] | None = None
    copy: int | None = None
    free_cast: bool | None = None  # cast the card cascade found without paying its mana cost?
    x: int | None = None  # the X the caster wants for a spell cast without paying its mana cost
    mana_from: list[int] | None = None  # permanents whose mana abilities pay for that spell (601.2g)
    since: int = 0  # the events before the call: what happened during it follows


class _Tried(Exception):
    """Raised to undo an action tried by :meth:`Game.refusal` (or a step of a search)."""


class _Amount(Exception):
    """Raised, undoing the probe, with the mana a player could spend with every source tapped."""

    def __init__(self, amount: int) -> None:
        super().__init__()
        self.amount = amount


class _Found(Exception):
    """Raised, undoing the search, when a way to pay a spell is found."""

    def __init__(self, plan: tuple[tuple[int, int, str | None], ...]) -> None:
        super().__init__()
        self.plan = plan


def _handles(kind: type) -> Callable[[EffectHandler], EffectHandler]:
    """Register the one handler for an effect type."""

    def register(fn: EffectHandler) -> EffectHandler:
        _EFFECTS[kind] = fn
        return fn

    return register


def _own_cards(cards: Iterable[CardDef]) -> dict[str, CardDef]:
    """A game's own cards by name: card definitions, none named like a catalog card or another."""
    if isinstance(cards, str | bytes | Mapping) or not isinstance(cards, Iterable):
        raise TypeError(refusal("game.cards_type", cards=cards))
    own: dict[str, CardDef] = {}
    for c in cards:
        if not isinstance(c, CardDef):
            raise TypeError(refusal("game.cards_type", cards=c))
        if c.name in CATALOG or c.name in own:
            raise ValueError(refusal("game.card_named_twice", name=c.name, in_catalog=c.name in CATALOG))
        own[c.name] = c
    return own


class Game:
    """A game of Magic with two or more players in turn order.

    ``start`` is the step the game is advanced to on creation (through the real untap and
    upkeep steps of turn 1, and its draw step with three or more players: the starting player
    of a two-player game skips it, CR 103.8a). Each library starts with ``library`` face-down cards
    whose identity doesn't matter to the lessons (drawing from an empty library loses the
    game, CR 704.5b). ``chooser`` answers choices that a call does not
    spell out; the default always takes the first legal option. ``cards`` are cards this game
    knows besides the catalog (a teacher's own, read with :func:`mtgkit.cards.load_cards`): they
    are this game's alone (and its replays'), never added to :data:`mtgkit.cards.CATALOG`.
    """

    def __init__(
        self,
        players: Sequence[str] = ("Alice", "Bob"),
        *,
        life: int = 20,
        library: int = 30,
        start: str = "main1",
        chooser: Chooser | None = None,
        rules: Rules | None = None,
        cards: Iterable[CardDef] = (),
    ) -> None:
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise TypeError(refusal("game.players_must_list", players=players))
        names = [check.text(f"players[{i}]", p, max_len=limits.MAX_NAME) for i, p in enumerate(players)]
        if not 2 <= len(names) <= limits.MAX_PLAYERS or len(set(names)) != len(names):
            raise ValueError(refusal("game.game_needs_players", max_players=limits.MAX_PLAYERS, names=names))
        if {"stack", "game"} & set(names):
            raise ValueError(refusal("game.players_cant_called"))
        check.whole_number("life", life, 1, limits.MAX_LIFE)
        check.whole_number("library", library, 0, limits.MAX_LIBRARY)
        start = check.one_of("start", start, tuple(s for s in STEPS if s not in _COMBAT_ONLY))
        if start == "draw" and len(names) == 2:
            raise ValueError(refusal("game.start_draw_starting"))
        if len(names) * library > limits.MAX_OBJECTS:
            raise ValueError(refusal("game.libraries_cards_are", n_names=len(names), library=library,
                                     max_objects=limits.MAX_OBJECTS))
        if chooser is not None and not (callable(getattr(chooser, "choose", None))
                                        and callable(getattr(chooser, "order", None))):
            raise TypeError(refusal("game.chooser_must_have"))
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(refusal("game.rules_must_be", rules=rules))
        own = _own_cards(cards)
        self.chooser: Chooser = chooser or FirstOption()
        #: The rules this game is played by at the engine's decision points (:mod:`mtgkit.variants`):
        #: the CR unless a variant is given, and which decisions have been asked so far.
        self.rules: Rules = rules or CR
        self.consulted: set[str] = set()
        self._j = Journal()
        self._s = GameState.new(self._j, tuple(PlayerState(p, life) for p in names))
        self._events: list[Event] = []
        self._cause: int | None = None
        self._reactions: list[_Reaction] = []
        self._at_once = 0  # > 0 while events that happen simultaneously are being logged
        self._deferred: list[Event] | None = None  # the parts of one event, matched together (_one_event)
        self._cache: dict[str, tuple[int, Any]] = {}
        self._plans = _Plans()
        self._own_cards = own
        self.config = acts.NewGame(tuple(names), life, library, start, tuple(own.values()))  # Game.replay
        self._actions: JList[acts.Action] = JList(self._j, [])
        self._performing = 1  # > 0 while an action is being done: its inner calls aren't actions
        filler = lookup_card("Library Card")
        libraries = tuple(
            (p, tuple(self._new_obj(filler, p, "library").id for _ in range(library))) for p in names
        )
        self._emit(GameBegan(words=say("GameBegan", library=library), rules=("103.1",), lane="game",
                             names=tuple(names), life=life, libraries=libraries))
        self._begin_turn(names[0])
        if start != "untap":
            self.advance(to=start)
        self._performing = 0

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
    def priority_player(self) -> str | None:
        """The player who holds priority now (CR 117.3), or None in a step where nobody does."""
        return self._s.priority

    @property
    def winner(self) -> str | None:
        """The last player still in the game, once all the others have left (CR 104.2a); None
        while the game goes on, and in a draw (see :attr:`over`)."""
        left = [p.name for p in self._s.players if p.in_game]
        return left[0] if len(left) == 1 else None

    @property
    def over(self) -> bool:
        """Whether the game is over: one player is left, who wins (CR 104.2a), or none, because
        all the players remaining lost at once: a draw (104.4a). A ``GameEnded`` event says which.

        >>> g = Game(["Alice", "Bob"], library=0)
        >>> g.over, g.winner
        (False, None)
        >>> g.set_life("Alice", 0)
        >>> g.set_life("Bob", 0)
        >>> for e in g.pass_priority(): print(e)
        #11 Alice passes [CR 117.3d]
        #12 Alice has 0 life and loses the game [CR 704.5a]
        #13 Bob has 0 life and loses the game [CR 704.5a]
        #14 The game is a draw: every player still in it lost at the same time [CR 104.4a]
        >>> g.over, g.winner, g.board().describe().splitlines()[-1]
        (True, None, 'The game is over: a draw (CR 104.4a).')
        """
        return sum(p.in_game for p in self._s.players) <= 1

    def in_game(self, player: str) -> bool:
        return self._player(player).in_game

    def event_end(self, seq: int) -> int:
        """The last part of the one event that event ``seq`` is a part of (the parts of a player
        leaving the game, CR 800.4a), or ``seq`` itself: triggers are checked right after the
        whole event (603.10)."""
        return int(self._s.one_event_end.get(seq, seq))

    def life(self, player: str) -> int:
        return self._player(player).life

    def pool(self, player: str) -> Mana:
        return self._player(player).pool

    def obj(self, ref: int | str) -> Obj:
        """The object with id ``ref``, or the only permanent named ``ref``."""
        check.ref("ref", ref)
        if isinstance(ref, int):
            try:
                return self._s.objects[ref]
            except KeyError:
                raise ObjectError(refusal("object.there_no_object", ref=ref)) from None
        named = [o for o in self.permanents() if o.name == ref]
        if len(named) != 1:
            raise ObjectError(refusal("object.there_are_permanents", n_named=len(named), ref=ref))
        return named[0]

    def is_a(self, obj_id: int, card_type: str) -> bool:
        return self._s.objects[obj_id].is_a(card_type)

    def last_known(self, obj_id: int, incarnation: int) -> LastKnown | None:
        """Object ``obj_id`` as it last existed on the battlefield as incarnation ``incarnation``
        (CR 603.10a, 608.2h), or ``None`` if it never left the battlefield as that object."""
        known: LastKnown | None = self._s.lki_of.get((obj_id, incarnation))
        return known

    def controller_of(self, obj_id: int, incarnation: int | None = None) -> str:
        """Its controller, or the last one it had on the battlefield (last known information).
        With ``incarnation``, of that object (CR 400.7): if the card left the battlefield since,
        even if it came back, the controller that object last had there (608.2h).

        >>> g = Game(["Alice", "Bob"])
        >>> bears = g.put_onto_battlefield("Grizzly Bears", "Alice", owner="Bob")
        >>> was = g.obj(bears).incarnation
        >>> g.controller_of(bears, was)
        'Alice'
        """
        o = self._s.objects[obj_id]
        if incarnation is not None and incarnation != o.incarnation:
            then: LastKnown | None = self._s.lki_of.get((obj_id, incarnation))
            if then is not None:
                return then.controller
        if o.zone == "battlefield":
            return o.controller
        known = self._s.lki.get(obj_id)
        return known.controller if known is not None else o.controller or o.owner

    def find(self, name: str, controller: str | None = None, zone: str = "battlefield") -> int:
        """The id of the first object named ``name`` in ``zone`` (optionally by controller)."""
        check.text("name", name)
        check.one_of("zone", zone, ZONES)
        if controller is not None:
            self._player(controller)
        for o in self._s.objects.values():
            if o.name == name and o.zone == zone and controller in (None, o.controller or o.owner):
                return o.id
        raise ObjectError(refusal("object.not_found", name=name, zone=zone, controller=controller))

    def permanents(self, controller: str | None = None) -> list[Obj]:
        if controller is not None:
            self._player(controller)
        objs = [self._s.objects[i] for i in self._s.battlefield]
        return [o for o in objs if controller in (None, o.controller)]

    def zone(self, player: str, zone: str) -> list[Obj]:
        """Cards ``player`` owns in ``zone`` (library top last), or permanents they control."""
        self._player(player)
        check.one_of("zone", zone, ZONES)
        if zone == "battlefield":
            return self.permanents(player)
        found = [o for o in self._s.objects.values() if o.owner == player and o.zone == zone]
        return sorted(found, key=lambda o: o.position) if zone == "library" else found

    def stack(self) -> list[StackItem]:
        """The stack, bottom first."""
        return list(self._s.stack)

    def has_haste(self, o: Obj | int | str) -> bool:
        o = o if isinstance(o, Obj) else self.obj(o)
        return "haste" in self.keywords(o)

    def keywords(self, o: Obj | int | str) -> frozenset[str]:
        """Its keywords: printed ones, and those static abilities on the battlefield give it
        (Mass Hysteria gives every creature haste)."""
        o = o if isinstance(o, Obj) else self.obj(o)
        found = o.card.keywords | granted_keywords(o, self._indexed(GrantKeyword))
        for e in self._s.effects:  # "it gains haste until end of turn" (CR 611.2a)
            if isinstance(e, KeywordEffect) and e.obj_id == o.id and e.incarnation == o.incarnation:
                found |= {e.keyword}
        return found

    def in_combat(self) -> list[Obj]:
        """The attacking and blocking creatures still on the battlefield (CR 506.4), attackers
        first, each group in the order they were declared."""
        s = self._s
        return [s.objects[i] for i in (*s.attackers, *s.blockers) if s.objects[i].zone == "battlefield"]

    def _sickness_rules(self, o: Obj, haste_rule: str) -> tuple[str, ...]:
        """The rule that lets a creature pay {T}/{Q} or attack: CR 302.6 when its controller has
        controlled it since their turn began, else its haste (``haste_rule``); none for a
        permanent that isn't a creature."""
        if not o.is_a("Creature"):
            return ()
        return ("302.6",) if self.controlled_since_turn_began(o.id) else (haste_rule,)

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
                     tuple(sorted((k, n) for k, n in o.counters.items() if n)), o.damage,
                     sick=o.is_a("Creature") and not self.has_haste(o)
                     and not self.controlled_since_turn_began(o.id),
                     attacking=s.attackers.get(o.id), blocking=s.blockers.get(o.id),
                     attached_to=o.attached_to, token=o.token)
            for o in self.permanents()
        )
        return Board(s.turn, s.step, s.active, s.monarch, tuple(views), perms,
                     tuple(i.name for i in s.stack), self.over, self.winner)

    def why(self, event: Event | int) -> str:
        """Why did this event happen? The chain of causes back to a player's action."""
        seq = event.seq if isinstance(event, Event) else check.whole_number(
            "event", event, 1, max(1, len(self._events)))
        if seq > len(self._events) or (isinstance(event, Event) and self._events[seq - 1] != event):
            raise ValueError(refusal("why.event_not_event", seq=seq))
        return explain(self._events, seq)

    def why_not(self, what: Literal["mana", "trigger", "monarch", "activate", "attack", "block", "cast"],
                ref: int | str, *, ability: int | None = None, attacker: int | str | None = None) -> str:
        """Why did something *not* happen? ``what`` is ``"mana"`` (a permanent's last mana
        ability made none), ``"trigger"`` (why its triggered abilities haven't triggered since it
        arrived: nothing they wait for happened, it didn't meet the trigger condition, an
        intervening "if" was false, or it wasn't on the battlefield; a permanent with no triggered
        ability is refused with a ``ValueError``), ``"monarch"`` (``ref`` is a player whose
        attack didn't take the crown), ``"activate"`` (why ability number ``ability``, 0 by
        default, can't be activated now), ``"attack"`` (why creature ``ref`` can't attack now) or
        ``"block"`` (why creature ``ref`` can't block ``attacker`` now).

        >>> g = Game(["Alice", "Bob"])
        >>> ballista = g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 1})
        >>> print(g.why_not("activate", ballista, ability=0))  # doctest: +NORMALIZE_WHITESPACE
        Alice's mana pool holds no mana, which can't pay {4}. Add mana first (activate mana
        abilities). [CR 602.2b (2026-08-07)]
        >>> g.why_not("activate", ballista, ability=1)
        'It can be activated now.'
        >>> bears = g.put_onto_battlefield("Grizzly Bears", "Alice", arrived="this turn")
        >>> _ = g.advance(to="beginning_of_combat")
        >>> g.why_not("attack", ballista)
        'It can attack now.'
        >>> print(g.why_not("attack", bears))  # doctest: +NORMALIZE_WHITESPACE
        Grizzly Bears can't attack: it hasn't been under Alice's control continuously since
        their most recent turn began, and it doesn't have haste. [CR 302.6 (2026-08-07)]
        """
        whats = ("mana", "trigger", "monarch", "activate", "attack", "block", "cast")
        check.one_of("what", what, whats)
        if ability is not None and what != "activate":
            raise ValueError(refusal("why_not.ability_for_why", what=what))
        if (attacker is None) != (what != "block"):
            raise ValueError(refusal("why_not.attacker_creature_ref", what=what))
        if what == "monarch":
            return whynot.no_steal(self, self._player(check.text("ref", ref)).name)
        check.ref("ref", ref)
        if what == "mana":
            return whynot.no_mana(self, ref)
        if what == "trigger":
            return whynot.no_trigger(self, ref)
        if what == "activate":
            return self.why_not_activate(ref, ability or 0) or "It can be activated now."
        if what == "attack":
            refused = self.attack_refusal(ref)
            return str(refused) if refused else "It can attack now."
        if what == "cast":
            refused = self.refusal(acts.Cast(ref))
            return str(refused) if refused else "It can be cast now."
        assert attacker is not None
        refused = self.block_refusal(ref, attacker)
        return str(refused) if refused else "It can block it now."

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
        """What the permanent could produce and why, in plain words (CR 106.7)."""
        return cp.explain_could_produce(self, self.obj(ref).id)

    def trace_could_produce(self, ref: int | str) -> list[str]:
        """For a reflecting permanent, each type it could produce traced back to a permanent
        that could produce it by itself (CR 106.7)."""
        return cp.trace_could_produce(self, self.obj(ref).id)

    def colors_of_permanents(self, controller: str) -> frozenset[str]:
        return self._solver().colors_of_permanents(controller)

    def count_permanents(self, controller: str, card_type: str) -> int:
        return self._solver().count_permanents(controller, card_type)

    def players_matching(self, controller: str, whose: Whose) -> list[str]:
        return players_matching(self, controller, whose)

    def mana_effects(self) -> list[ManaEffect]:
        """Every mana replacement effect in the game, in the order they began to apply."""
        found: list[ManaEffect] = list(static_effects(self._indexed(StaticReplacement)))
        found += [e for e in self._s.effects if isinstance(e, ContinuousEffect)]
        return found

    def mana_replacements(self, o: Obj, ability: Activated) -> list[AppliedReplacement]:
        """Replacement effects that apply if ``ability`` of ``o`` produces mana (CR 106.12b),
        in the order they began to apply (the default order of application)."""
        return applicable(self.mana_effects(), o, ability,
                          lambda e: self.rules.mana_replacement_applies(self, e, o, ability))

    # ------------------------------------------------------------------ setup
    def put_onto_battlefield(
        self,
        name: str,
        controller: str,
        *,
        tapped: bool = False,
        counters: Mapping[str, int] | None = None,
        arrived: Literal["last turn", "this turn"] = "last turn",
        attached_to: int | None = None,
        color: str | None = None,
        by_effect: bool = False,
        owner: str | None = None,
        copy: int | str | None = None,
    ) -> int:
        """Teaching setup: put a card onto the battlefield and return its id.

        ``by_effect=True`` instead treats it as put there by an effect right now: it just
        arrived, its "enters with" replacements and enters triggers apply, and the triggers go
        on the stack (use it to have Custodi Lich arrive while a trigger waits).

        ``arrived="last turn"`` means it has been under ``controller``'s control since
        before their most recent turn began; ``"this turn"`` means it just arrived (so a
        creature is summoning sick, CR 302.6). ``counters=None`` uses the card's own
        "enters with" counters. An Aura needs ``attached_to`` (a permanent it can enchant);
        ``color`` answers "as this enters, choose a color". ``owner`` is the player who owns it,
        if not its controller (it returns to its owner's zones when it leaves the battlefield,
        and leaves the game with its owner, CR 800.4a). ``copy`` (with ``by_effect=True``) answers
        "enter as a copy of which creature?" for a Clone (CR 707.5; without it the chooser picks,
        "no copy" among the options). Recorded as a ``setup`` event. A set-up
        step is not a game action: a state-based action it makes apply (a 0/0 put here without
        counters, a second legend) is performed the next time a player would receive priority
        (CR 704.3), as after any action.

        >>> g = Game(["Alice", "Bob"])
        >>> bears = g.put_onto_battlefield("Grizzly Bears", "Alice", owner="Bob")
        >>> print(g.events[-1])
        #9 Setup: Grizzly Bears on Alice's battlefield, owned by Bob (since before this turn)
        >>> g.obj(bears).controller, g.obj(bears).owner
        ('Alice', 'Bob')
        """
        if not self._performing:  # a call from outside: the action as a record
            return cast(int, self._perform(acts.PutOntoBattlefield(
                name, controller, tapped, acts.freeze(counters), arrived, attached_to, color, by_effect,
                owner, copy)))
        self._check_open()
        defn = self._card(name)
        self._living(controller, "controller")
        owner = controller if owner is None else self._living(owner, "owner").name
        check.flag("tapped", tapped)
        check.flag("by_effect", by_effect)
        check.one_of("arrived", arrived, ("last turn", "this turn"))
        if counters is not None:
            counters = self._counters(counters)
        if color is not None:
            check.one_of("color", color, COLORS)
        if attached_to is not None:
            check.whole_number("attached_to", attached_to, 1, limits.MAX_OBJECTS)
            if not defn.enchant:
                raise ValueError(refusal("put_onto_battlefield.attached_for_auras", name=name))
            host = self.obj(attached_to)
            if host.zone != "battlefield" or not host.is_a(defn.enchant):
                raise TargetError(refusal("put_onto_battlefield.enchant_on_battlefield", name=name,
                                          enchant=defn.enchant, host=host.name), "303.4a")
        elif defn.enchant:
            raise ValueError(refusal("put_onto_battlefield.aura_say_which", name=name))
        if len(self._s.objects) >= limits.MAX_OBJECTS:
            raise ValueError(refusal("put_onto_battlefield.game_holds_at", max_objects=limits.MAX_OBJECTS))
        original: int | None = None
        if copy is not None:
            if not by_effect:
                raise ValueError(refusal("put_onto_battlefield.copy_for_card"))
            original = self.obj(check.ref("copy", copy)).id
            if not defn.has(EntersAsCopy):
                raise ChoiceError(refusal("put_onto_battlefield.cant_enter_as", name=name), "707.2")
        if by_effect:
            if counters is not None or tapped or arrived != "last turn":
                raise ValueError(refusal("put_onto_battlefield.by_effect_true"))
            return self._put_by_effect(defn, controller, attached_to, color, owner, original)
        if counters is None:
            counters = defn.enters_counters()
        o = self._new_obj(defn, owner, "battlefield")
        o.token = defn.token
        o.controller, o.tapped, o.counters = controller, tapped, dict(counters)
        o.attached_to = attached_to
        if defn.has(ChooseColorAsEnters):
            o.chosen_color = color or "G"
        self._arrive(o)
        e = self._emit(SetupPut(player=controller, arrived_this_turn=arrived == "this turn",
                                **self._where(o, "battlefield")), obj=o)
        o.since = None if arrived == "last turn" else e.seq
        o.toughness_seq = o.timestamp = e.seq
        o.entered_under = controller
        enchanted = self._controls_host(o)
        if enchanted is not None:  # an Aura such as Mind Control set up on it: control as of then
            self._update_control(enchanted, setup=True, since_now=arrived == "this turn")
        self._refresh_boosts(self.permanents() if defn.has(Anthem) else [o], e.seq)
        return o.id

    @_atomic
    def _put_by_effect(self, defn: CardDef, controller: str, attached_to: int | None,
                       color: str | None, owner: str, copy: int | None = None) -> int:
        self._plans.copy = copy  # "enter as a copy of which creature?" (CR 707.5), asked in _enter
        o = self._new_obj(defn, owner, "setup")
        o.token = defn.token
        o.attached_to = attached_to
        self._enter(o, controller, say("enter.by_effect"), ("608.2",), setup=True, color=color)
        if self._s.step not in NO_PRIORITY:
            self._grant(self._s.priority or self._s.active)
        elif self._s.step == "cleanup" and self._settle():
            self._grant(self._s.active)  # CR 514.3a: then another cleanup step follows
        return o.id

    @_atomic
    def make_monarch(self, player: str) -> None:
        """Teaching setup: ``player`` is the monarch (no triggers; recorded as setup)."""
        if not self._performing:  # a call from outside: the action as a record
            self._perform(acts.MakeMonarch(player))
            return
        self._check_open()
        self._living(player, "player")
        self._s.monarch = player
        e = self._emit(MonarchChanged(words=say("monarch.setup"), player=player,
                                      monarch=player, changed=True, setup=True))
        self._s.monarch_seq = e.seq

    @_atomic
    def set_life(self, player: str, life: int) -> None:
        """Teaching setup: ``player``'s life total becomes ``life`` (from -1,000 to 1,000; at 0 or
        less they lose the next time a player would receive priority, CR 104.3b). Recorded as a
        ``setup`` event; no trigger sees it.

        >>> g = Game(["Alice", "Bob"])
        >>> g.set_life("Bob", 3)
        >>> print(g.events[-1]), g.life("Bob")
        #9 Setup: Bob's life total is 3 (it was 20)
        (None, 3)
        """
        if not self._performing:  # a call from outside: the action as a record
            self._perform(acts.SetLife(player, life))
            return
        self._check_open()
        p = self._living(player, "player")
        check.whole_number("life", life, -limits.MAX_LIFE, limits.MAX_LIFE)
        e = self._emit(LifeChanged(words=say("life.setup", was=p.life),
                                   player=player, delta=life - p.life, setup=True))
        p.life, p.life_seq = life, e.seq

    def put_in_zone(self, name: str, owner: str, zone: str = "hand") -> int:
        """Teaching setup: put a card into ``owner``'s hand, library (on top) or graveyard."""
        if not self._performing:  # a call from outside: the action as a record
            return cast(int, self._perform(acts.PutInZone(name, owner, zone)))
        self._check_open()
        defn = self._card(name)
        self._living(owner, "owner")
        check.one_of("zone", zone, ("hand", "library", "graveyard", "exile"))
        if defn.token:
            raise ValueError(refusal("put_in_zone.token_tokens_exist", name=name))
        if len(self._s.objects) >= limits.MAX_OBJECTS:
            raise ValueError(refusal("put_onto_battlefield.game_holds_at", max_objects=limits.MAX_OBJECTS))
        o = self._new_obj(defn, owner, zone)
        self._emit(SetupPut(player=owner, **self._where(o, zone)), obj=o)
        return o.id

    def put_in_hand(self, name: str, owner: str) -> int:
        return self.put_in_zone(name, owner, "hand")

    @_atomic
    def put_in_library(self, name: str, owner: str, n: int = 1) -> list[int]:
        if not self._performing:  # a call from outside: the action as a record
            return cast(list[int], self._perform(acts.PutInLibrary(name, owner, n)))
        check.whole_number("n", n, 1, limits.MAX_LIBRARY)
        return [self.put_in_zone(name, owner, "library") for _ in range(n)]

    def put_in_graveyard(self, name: str, owner: str) -> int:
        return self.put_in_zone(name, owner, "graveyard")

    @property
    def cards(self) -> Mapping[str, CardDef]:
        """The cards this game knows besides the catalog, by name (``Game(cards=...)``)."""
        return MappingProxyType(self._own_cards)

    def _card(self, name: object) -> CardDef:
        """The card ``name``: this game's own, or the catalog's (a ValueError with "did you mean"
        if there is none)."""
        name = check.text("name", name)
        own = self._own_cards.get(name)
        if own is not None:
            return own
        if not self._own_cards:
            return lookup_card(name)
        try:
            return lookup_card(name)
        except UnknownCardError:
            close = suggest(name, [*self._own_cards, *CATALOG])
            raise UnknownCardError(refusal("game.unknown_card", name=name, close=close)) from None

    def _counters(self, counters: object) -> dict[str, int]:
        if not isinstance(counters, Mapping):
            raise TypeError(refusal("counters.counters_must_dict", counters=counters))
        out: dict[str, int] = {}
        for kind, n in counters.items():
            check.text("counters key", kind, max_len=30)
            out[kind] = check.whole_number(f"counters[{kind!r}]", n, 0, limits.MAX_COUNTERS)
        return out

    def _living(self, player: object, argument: str) -> PlayerState:
        """A player still in the game, named by ``argument``."""
        p = self._player(player, argument)
        if not p.in_game:
            raise GameOverError(refusal("living.has_left_game", player=p.name))
        return p

    # ------------------------------------------------------------------ actions as records
    @property
    def actions(self) -> tuple[acts.Action, ...]:
        """The records of the actions applied so far, oldest first, each with the choices made
        during it (:mod:`mtgkit.actions`): with :attr:`config` they are the whole game."""
        return tuple(self._actions)

    def apply(self, action: acts.Action) -> tuple[Event, ...]:
        """Do ``action`` (a record of :mod:`mtgkit.actions`) and return the events it caused;
        refused as the method it stands for is (:meth:`refusal` says why without doing it)."""
        start = len(self._events)
        self._perform(action)
        return tuple(self._events[start:])

    def can(self, action: acts.Action) -> bool:
        """Could ``action`` be applied now? Changes nothing (see :meth:`refusal` for why not)."""
        return self.refusal(action) is None

    def refusal(self, action: acts.Action) -> RulesError | None:
        """The :class:`RulesError` that :meth:`apply` would raise for ``action`` now (its
        ``rule`` and ``reason`` say why), or None when it would be done. Changes nothing: the
        action is tried and undone from the undo log, with a copy of the chooser, so a scripted
        chooser's answers aren't used up. An argument that can't be right raises, as ``apply``
        would (``ValueError``, ``TypeError``).

        >>> from mtgkit.actions import Cast, PassPriority
        >>> g = Game(["Alice", "Bob"])
        >>> bears = g.put_in_hand("Grizzly Bears", "Alice")
        >>> print(g.refusal(Cast(bears)))
        Alice's mana pool holds no mana, which can't pay {1}{G}. [CR 601.2h (2026-08-07)]
        >>> g.refusal(PassPriority()) is None, len(g.events)
        (True, 9)
        """
        saved = self.chooser
        try:
            self.chooser = _copy.deepcopy(saved)
        except Exception:  # a chooser that can't be copied: the default answers the trial
            self.chooser = FirstOption()
        try:
            self._try(action)
        except _Tried:
            return None
        except RulesError as err:
            return err
        finally:
            self.chooser = saved
        return None  # pragma: no cover (_try always raises)

    @_atomic
    def _try(self, action: acts.Action) -> None:
        self._perform(action)
        raise _Tried  # undo it all

    @contextmanager
    def asking(self, rules: Rules, consulted: set[str]) -> Iterator[Game]:
        """Within the block, the game is asked as if it were played by ``rules`` (a variant,
        :mod:`mtgkit.variants`): its queries and the decisions they make are answered by them,
        the decisions asked are noted in ``consulted`` instead of :attr:`consulted`, and answers
        cached for the other rules are set aside. Everything is as before after the block.

        >>> from mtgkit.variants import Rules
        >>> class EveryoneHasHaste(Rules):
        ...     def haste_counts(self, g, o, use):
        ...         return True
        >>> g = Game(["Alice", "Bob"])
        >>> elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
        >>> asked: set[str] = set()
        >>> with g.asking(EveryoneHasHaste(), asked):
        ...     g.can_activate(elves)
        True
        >>> g.can_activate(elves), "haste_counts" in asked
        (False, True)
        """
        saved = self.rules, self.consulted, self._cache
        self.rules, self.consulted, self._cache = rules, consulted, {}
        try:
            yield self
        finally:
            self.rules, self.consulted, self._cache = saved

    def refusal_of(self, actions: Sequence[acts.Action]) -> RulesError | None:
        """The :class:`RulesError` that applying ``actions`` one after another would raise (the
        first one refused, after those before it were done), or None when all would be done.
        Changes nothing, as :meth:`refusal`; the decisions the trial asked are noted in
        :attr:`consulted`, as :meth:`refusal`'s are (what a question reads off a game this way
        depends on them), in the set the game notes in (within :meth:`asking`, the one given).

        >>> from mtgkit.actions import Advance, Attack
        >>> g = Game(["Alice", "Bob"])
        >>> bears = g.put_onto_battlefield("Grizzly Bears", "Alice", arrived="this turn")
        >>> print(g.refusal_of([Advance("beginning_of_combat"), Attack((bears,))]).rule)
        302.6
        >>> g.step
        'main1'
        """
        saved = self.chooser
        try:
            self.chooser = _copy.deepcopy(saved)
        except Exception:  # a chooser that can't be copied: the default answers the trial
            self.chooser = FirstOption()
        try:
            self._try_all(tuple(actions))
        except _Tried:
            return None
        except RulesError as err:
            return err
        finally:
            self.chooser = saved
        return None  # pragma: no cover (_try_all always raises)

    @_atomic
    def _try_all(self, actions: tuple[acts.Action, ...]) -> None:
        for action in actions:
            self._perform(action)
            self._flush()  # as between two calls: nothing waits unseen
        raise _Tried  # undo it all

    @classmethod
    def replay_of(cls, config: acts.NewGame, actions: Iterable[acts.Action],
                  chooser: Chooser | None = None, rules: Rules | None = None) -> Game:
        """A new game begun as ``config`` says, with ``actions`` applied in order (each answers
        its questions with its own ``choices``, then ``chooser``), played by ``rules`` (the CR
        unless a variant is given, :mod:`mtgkit.variants`)."""
        if not isinstance(config, acts.NewGame):
            raise TypeError(refusal("replay.config_type", config=repr(config)))
        g = cls(config.players, life=config.life, library=config.library, start=config.start,
                chooser=chooser, rules=rules, cards=config.cards)
        for a in actions:
            g.apply(a)
        return g

    def replay(self, rules: Rules | None = None) -> Game:
        """This game played again from its set-up and action records: the same events (under
        the same rules; under a variant, ``rules``, what a player holding it would expect)."""
        return Game.replay_of(self.config, self._actions, rules=rules or self.rules)

    @_atomic
    def _perform(self, action: acts.Action) -> Any:
        """The one way into an action: record it, with the choices made during it."""
        if self._performing:  # inside another action (a wrapper calling another): just do it
            return acts.dispatch(self, action)
        if not isinstance(action, acts.Action):
            raise TypeError(refusal("apply.action_type", action=repr(action)))
        action = acts.with_ids(action, self._id_of)
        recorder = acts.Recorder(self.chooser, action.answers)
        saved, self.chooser = self.chooser, recorder
        self._performing += 1
        try:
            result = acts.dispatch(self, action)
            recorder.check_used()
        finally:
            self._performing -= 1
            self.chooser = saved
        self._actions.append(action.replace(choices=tuple(recorder.made)))
        return result

    def _id_of(self, name: str) -> int | None:
        """The id of the only permanent named ``name``, or None (the action will say why)."""
        try:
            return self.obj(name).id
        except (RulesError, ValueError, TypeError):
            return None

    def _events_of(self, action: acts.Action) -> tuple[Event, ...]:
        return cast(tuple[Event, ...], self._perform(action))

    # ------------------------------------------------------------------ priority, turns and steps
    @_atomic
    def pass_priority(self, player: str | None = None) -> tuple[Event, ...]:
        """The player with priority passes (CR 117.3d). When all players have passed in
        succession, the top of the stack resolves, or, if it is empty, the step ends (117.4).

        ``player`` (optional) must be the player who holds priority.
        """
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.PassPriority(player))
        self._check_not_over()
        holder = self._s.priority
        if holder is None:
            raise TimingError(refusal("pass_priority.nobody_has_priority",
                                      step=self._s.step),
                              self._no_priority_rule())
        if player is not None and self._player(player, "player").name != holder:
            raise TimingError(refusal("pass_priority.cant_pass_has", player=player, holder=holder), "117.3d")
        start = len(self._events)
        self._pass()
        return tuple(self._events[start:])

    @_atomic
    def advance(self, to: str | None = None, *, damage: Mapping[int | str, Mapping[int | str, int]]
                | None = None, discard: Sequence[int | str] | None = None) -> tuple[Event, ...]:
        """All players pass until the current step ends (the stack resolves first), and the next
        begins; with ``to``, keep going until that later step of this turn begins.

        A shortcut for :meth:`pass_priority`: every pass is recorded. ``damage`` says how an
        attacker blocked by several creatures divides its combat damage (``{attacker:
        {blocker: amount}}``, CR 510.1c); ``discard`` what the active player discards in the
        cleanup step (CR 514.1). Otherwise the chooser decides.
        """
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.Advance(to, acts.freeze(damage), acts.freeze(discard)))
        self._plan(damage, discard)
        if to is not None:
            to = check.one_of("to", to, STEPS)
            self._check_reachable(to)
        self._check_not_over()
        start = len(self._events)
        turn, step = self._s.turn, self._s.step
        while True:
            self._end_current_step()
            if to is None or self.over or (self._s.step == to
                                          and (self._s.turn, self._s.step) != (turn, step)):
                break
            if self._s.turn == turn and STEPS.index(self._s.step) > STEPS.index(to):
                break  # CR 510.4: a first combat damage step this combat doesn't have was skipped
        self._check_plans_used()
        return tuple(self._events[start:])

    @_atomic
    def next_turn(self, to: str = "main1", *, damage: Mapping[int | str, Mapping[int | str, int]]
                  | None = None, discard: Sequence[int | str] | None = None) -> tuple[Event, ...]:
        """All players pass through the rest of this turn, then on to step ``to`` of the next."""
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.NextTurn(to, acts.freeze(damage), acts.freeze(discard)))
        to = check.one_of("to", to, tuple(s for s in STEPS if s not in _COMBAT_ONLY))
        self._plan(damage, discard)
        self._check_not_over()
        start = len(self._events)
        turn = self._s.turn
        while self._s.turn == turn and not self.over:
            self._end_current_step()
        while self._s.step != to and not self.over:
            self._end_current_step()
        self._check_plans_used()
        return tuple(self._events[start:])

    def _check_reachable(self, to: str) -> None:
        """``advance(to=...)`` goes to a later step of this turn, never into the next one."""
        s = self._s
        here, there = STEPS.index(s.step), STEPS.index(to)
        if there <= here:
            raise ValueError(refusal("reachable.not_later_step", to=to, step=s.step))
        declared = STEPS.index("declare_attackers") < here or (s.step == "declare_attackers")
        if to in _COMBAT_ONLY and not (declared and s.attacked) and not self._plans.attack:
            raise ValueError(refusal("reachable.happens_when_creatures", to=to, step=to, declared=declared))
        if (to == "first_strike_damage" and STEPS.index("declare_blockers") <= here
                and not self.rules.first_strike_step(self)):
            raise ValueError(refusal("reachable.no_first_strike"))
        if to == "draw" and self._skips_first_draw():
            raise ValueError(refusal("reachable.draw_starting_player"))

    def _plan(self, damage: object, discard: object) -> None:
        """Check and remember the choices a call spells out for later in the turn."""
        if damage is not None:
            if not isinstance(damage, Mapping):
                raise TypeError(refusal("plan.damage_must_dict", damage=damage))
            plan: dict[int, dict[int, int]] = {}
            for a, division in damage.items():
                attacker = self.obj(check.ref("damage key", a)).id
                if not isinstance(division, Mapping):
                    raise TypeError(refusal("plan.damage_must_dict_2", attacker=a))
                plan[attacker] = {self.obj(check.ref("blocker", b)).id:
                                  check.whole_number(f"damage[{a!r}][{b!r}]", n, 0, limits.MAX_COUNTERS)
                                  for b, n in division.items()}
            self._plans.damage = plan
        if discard is not None:
            self._plans.discard = [self.obj(r).id for r in check.ref_list("discard", discard)]

    def _check_plans_used(self) -> None:
        """A choice a call spells out must be one the game asks for during the call: otherwise
        the call is refused, naming why (it used to be ignored)."""
        if self.over:
            return
        if self._plans.discard is not None:
            raise ChoiceError(refusal("plans_used.discard_says_what"), "514.1")
        if self._plans.damage:
            names = ", ".join(self._s.objects[a].name for a in self._plans.damage)
            raise ChoiceError(refusal("plans_used.damage_says_how", names=names),
                              "510.1c")

    def _end_current_step(self) -> None:
        """Everyone passes until the step ends (the stack resolving as they do), or a step
        nobody gets priority in simply ends; then the next one begins."""
        turn, step = self._s.turn, self._s.step
        for _ in range(limits.MAX_EVENTS):
            if (self._s.turn, self._s.step) != (turn, step) or self.over:
                return
            if self._s.priority is None:
                self._next_step()
                return
            if self._s.step == "cleanup" and not self._s.stack and self._waiting_for() == [
                    self._s.priority]:
                self._pass()  # CR 514.3a: the last pass starts another cleanup step
                return
            self._pass()
        raise GameOverError(refusal("end_current_step.game_not_moving"))  # pragma: no cover

    def _pass(self) -> None:
        s = self._s
        holder = s.priority
        assert holder is not None
        self._emit(PriorityPassed(rules=("117.3d",), player=holder))
        s.passed += (holder,)
        if self._waiting_for():
            self._grant(self._next_player(holder), reset=False)
        else:
            self._all_passed()

    def _waiting_for(self) -> list[str]:
        """The players still in the game who haven't passed since the last action (CR 117.4): a
        player who left doesn't count, and one who passed doesn't pass again."""
        passed = self._s.passed
        return [p for p in self._in_game() if p not in passed]

    def _all_passed(self) -> None:
        """Every player still in the game has passed in succession (CR 117.4)."""
        s = self._s
        if s.stack:
            self._resolve_top()  # CR 117.4: all passed in succession; the top resolves
        elif s.step == "cleanup":
            self._end_step()  # CR 106.4: the mana pools empty as this cleanup step ends ...
            self._begin_step()  # ... and another begins (CR 514.3a)
        else:
            self._next_step()  # CR 117.4, 500.2: all passed with the stack empty; the step ends

    def _next_step(self) -> None:
        self._end_step()
        s = self._s
        if s.step == "cleanup":
            self._begin_turn(self._next_player(s.active))
            return
        nxt = STEPS[STEPS.index(s.step) + 1]
        if nxt == "declare_blockers" and not s.attacked:
            nxt = "end_of_combat"  # CR 508.8: no attackers declared, so blockers and damage are skipped
        if nxt == "first_strike_damage" and not self.rules.first_strike_step(self):
            nxt = "combat_damage"  # CR 510.4: no first strike or double strike, one damage step
        if nxt == "draw" and self._skips_first_draw():
            self._emit(DrawSkipped(rules=("103.8a",), player=s.active, lane="game", cause=s.turn_seq))
            nxt = "main1"
        s.step = nxt
        self._begin_step()

    def _skips_first_draw(self) -> bool:
        """CR 103.8a: in a two-player game, the starting player's first turn has no draw step."""
        return self._s.turn == 1 and len(self._s.players) == 2

    def _next_player(self, current: str) -> str:
        names = self.players
        i = names.index(current)
        for k in range(1, len(names) + 1):
            cand = names[(i + k) % len(names)]
            if self._player(cand).in_game:
                return cand
        raise GameOverError(refusal("next_player.no_player_left"))

    def _in_game(self) -> list[str]:
        return [p.name for p in self._s.players if p.in_game]

    def _begin_turn(self, player: str) -> None:
        s = self._s
        s.turn += 1
        s.active, s.step = player, "untap"
        s.attackers.clear()
        s.blockers.clear()
        s.blocked.set([])
        s.combat_seq.clear()
        s.attacked = False
        s.struck_first = None
        for p in s.players:
            p.lands_played = p.spells_cast = 0
        e = self._emit(TurnBegan(words=say("TurnBegan"),
                                 rules=("500.1",), player=player, lane="game", active=player))
        s.turn_began[player] = s.turn_seq = e.seq
        self._begin_step()

    def _begin_step(self) -> None:
        s = self._s
        s.priority, s.passed = None, ()
        two = s.step == "first_strike_damage" or (s.step == "combat_damage" and s.struck_first is not None)
        e = self._emit(StepBegan(rules=("500.1", "510.4") if two else ("500.1",),
                                 player=s.active, lane="game", cause=s.turn_seq))
        s.step_seq = e.seq
        with self._caused_by(e.seq):
            if s.step == "untap":
                for o in self.permanents(s.active):
                    if o.tapped:
                        o.tapped = False
                        self._emit(Untapped(rules=("502.3",)), obj=o)
            elif s.step == "draw" and not self._player(s.active).in_game:
                pass  # CR 800.4j: the turn goes on without an active player; nobody draws
            elif s.step == "draw":
                self._draw(s.active, ("504.1",))
            elif s.step == "declare_attackers":
                self._declare_attackers(self._plans.attack or [])
                self._plans.attack = None
            elif s.step == "declare_blockers":
                self._declare_blockers(self._plans.block or [])
                self._plans.block = None
            elif s.step in ("first_strike_damage", "combat_damage"):
                self._combat_damage()
            elif s.step == "cleanup":
                self._cleanup()
            if s.step == "untap":
                return  # CR 502.4: no player gets priority; triggers wait for the upkeep
            if s.step == "cleanup":
                if self._settle():  # CR 514.3a: only if something happened
                    self._grant(s.active)
                return
            self._grant(s.active)  # CR 117.3a

    def _end_step(self) -> None:
        s = self._s
        if s.step != "cleanup" and any(o.damage for o in self.permanents()) \
                and self.rules.damage_wears_off(self, s.step):
            self._remove_damage()
        for p in s.players:
            if p.pool and self.rules.pools_empty(self, s.step):
                self._emit(PoolEmptied(rules=("106.4",), player=p.name, cause=s.step_seq,
                                       mana=p.pool))
                p.pool, p.restricted = Mana(), ()
        if s.step == "end_of_combat":  # CR 511.3: creatures are removed from combat
            s.attackers.clear()
            s.blockers.clear()
            s.struck_first = None
            s.blocked.set([])
        s.priority, s.passed = None, ()

    def _cleanup(self) -> None:
        s = self._s
        self._discard_to_hand_size()
        if any(o.damage for o in self.permanents()) and self.rules.damage_wears_off(self, "cleanup"):
            self._remove_damage()
        for eff in [e for e in s.effects if e.until_turn is not None and e.until_turn <= s.turn]:
            self._end_effect(eff, ("514.2", "611.2a"))

    def _remove_damage(self) -> None:
        """Damage marked on permanents is removed (CR 514.2)."""
        damaged = [o for o in self.permanents() if o.damage]
        for o in damaged:
            o.damage = 0
            o.deathtouch_damage = False
        self._emit(DamageWoreOff(words=say("DamageWoreOff", names=tuple(o.name for o in damaged)),
                                 rules=("514.2",), lane="game", ids=tuple(o.id for o in damaged)))

    def _end_effect(self, eff: ResolvedEffect, rules: tuple[str, ...]) -> None:
        """A continuous effect of a resolved spell or ability ends (CR 514.2, 611.2a; 800.4a when
        the player it gave control leaves the game). A permanent whose control it decided goes to
        the controller the remaining effects say (613.1b)."""
        self._s.effects.remove(eff)
        e = self._emit(EffectEnded(words=say("EffectEnded", **self._effect_facts(eff)), rules=rules,
                                   player=eff.controller, cause=eff.seq, effect=eff.label))
        if isinstance(eff, ControlEffect):
            o = self._s.objects[eff.obj_id]
            if o.incarnation == eff.incarnation:
                with self._caused_by(e.seq):
                    self._update_control(o)

    def _effect_facts(self, eff: ResolvedEffect) -> dict[str, Any]:
        """What an effect that ends does, for the words of its end (mtgkit.wording)."""
        if isinstance(eff, ContinuousEffect):
            return {"replacement": eff.replacement.describe()}
        if isinstance(eff, PreventionEffect):
            return {"prevents": "combat damage" if eff.combat_only else "damage"}
        name = self._s.objects[eff.obj_id].name
        if isinstance(eff, ControlEffect):
            return {"controller": eff.controller, "card": name}
        return {"card": name, "keyword": eff.keyword}

    def _discard_to_hand_size(self) -> None:
        """CR 514.1, 402.2: the active player discards down to seven cards, choosing which."""
        who = self._s.active
        hand = self.zone(who, "hand")
        excess = len(hand) - HAND_SIZE
        planned, self._plans.discard = self._plans.discard, None
        if excess <= 0 or not self._player(who).in_game:
            if planned is not None:
                raise ChoiceError(refusal("discard_to_hand_size.has_cards_hand", who=who, n_hand=len(hand),
                                          hand_size=HAND_SIZE), "514.1")
            return
        if planned is not None:
            chosen = [o for o in hand if o.id in planned]
            if len(set(planned)) != excess or len(chosen) != excess:
                raise ChoiceError(refusal("discard_to_hand_size.has_cards_hand_2", who=who, n_hand=len(hand),
                                          excess=excess), "514.1")
            labels = [self._choice_label(o.id) for o in chosen]
        else:
            labels, chosen = [], []
            for _ in range(excess):
                left = [o for o in hand if o not in chosen]
                options = [self._choice_label(o.id) for o in left]
                label = self.chooser.choose(who, prompt("discard.hand_size"), options)
                chosen.append(left[options.index(label)])
                labels.append(label)
        e = self._emit(ChoiceMade(words=say("choice.discard", hand=len(hand)), rules=("514.1", "402.2"),
                                  player=who, question="discard", answer=tuple(labels),
                                  options=tuple(self._choice_label(o.id) for o in hand)))
        with self._caused_by(e.seq):
            for o in chosen:
                self._move(o, "graveyard", say("move.discard", who=who), ("514.1", "701.9a"))

    # ------------------------------------------------------------------ activating
    def can_activate(self, ref: int | str, ability: int = 0, *, player: str | None = None,
                     timing: bool = True) -> bool:
        """Could ``player`` activate this ability now? Changes nothing. With ``timing=False``,
        only the ability itself counts (where the permanent is, its costs, summoning
        sickness), not whether its controller holds priority right now."""
        check.ref("ref", ref)
        check.flag("timing", timing)
        return not self.why_not_activate(ref, ability, player=player, timing=timing)

    def why_not_activate(self, ref: int | str, ability: int = 0, *, player: str | None = None,
                         timing: bool = True) -> str:
        """The reason ``can_activate`` is False ('' when it is True): the ability's own
        requirements, then (with ``timing``) the :meth:`refusal` of the action itself; an ability
        that targets needs only some legal target (CR 602.2b, 601.2c)."""
        check.ref("ref", ref)
        check.flag("timing", timing)
        try:
            o, ab = self._check_activate(ref, ability, player, timing)
        except RulesError as err:
            return str(err)
        if not timing or ab.targets is not None:  # a target to choose: one legal target is enough
            return ""
        refused = self.refusal(acts.Activate(o.id, ability, player))  # the action itself, tried
        return "" if refused is None else str(refused)

    def _check_activate(self, ref: int | str, index: int, player: str | None,
                        timing: bool = True, paying: Mana | None = None,
                        target: Target | None = None) -> tuple[Obj, Activated]:
        """Why ability ``index`` of ``ref`` can't be activated (raised), else it and its object.
        A targeted ability needs a legal target (CR 602.2b, 601.2c): ``target`` when one is given
        (:meth:`activate` checks it, 115.1), else any."""
        check.whole_number("ability", index, 0, 99)
        if player is not None:
            self._player(player, "player")
        o = self.obj(ref)
        if o.zone != "battlefield":
            raise ObjectError(refusal("activate.not_on_battlefield", name=o.name), "602.1")
        abilities = o.card.activated
        if not abilities:
            raise ObjectError(refusal("activate.has_no_activated", name=o.name), "602.1")
        if index >= len(abilities):
            raise ObjectError(refusal("activate.no_such_ability", name=o.name, n=len(abilities),
                                      index=index), "602.1")
        ab = abilities[index]
        who = player or o.controller
        if who != self._user(o):
            raise RulesError(refusal("activate.controller_activate_abilities", name=o.name,
                                     controller=o.controller), "602.2")
        c = ab.cost
        # {T}/{Q} and summoning sickness are checked together: when both fail, the error says both.
        failed: list[RulesError] = []
        if c.tap and not self.rules.can_pay_symbol(self, o, "{T}"):
            failed.append(TapSymbolError(refusal("activate.already_tapped_cant", name=o.name)))
        if c.untap and not self.rules.can_pay_symbol(self, o, "{Q}"):
            failed.append(UntapSymbolError(refusal("activate.untapped_cant_untapped", name=o.name)))
        if self.rules.summoning_sick(self, o, "tap" if c.tap else "untap" if c.untap else "activate", ab):
            failed.append(SummoningSicknessError(
                refusal("activate.hasnt_been_under", name=o.name, controller=o.controller)))
        if failed:
            first = failed[0]
            raise type(first)(first.reason, first.rule, also=failed[1:])
        if c.mana is not None or paying is not None:
            self._check_payment(who, c.mana or ManaCost(), 0, paying, f"{possessive(o.name)} ability",
                                "602.2b")
        if c.life and self._player(who).life < c.life:
            raise CostError(refusal("activate.has_life_cant", who=who, life=self._player(who).life,
                                    life2=c.life),
                            "119.4")
        for kind, n in c.remove_counters:
            if o.counters.get(kind, 0) < n:
                raise CostError(refusal("activate.has_counters_cost", name=o.name,
                                        have=o.counters.get(kind, 0), kind=kind, n=n))
        if ab.targets is not None and target is None:  # CR 602.2b, 601.2c
            self._check_some_target(ab.targets, who, f"{possessive(o.name)} ability")
        if timing:
            # last: the timing, once the ability itself could be activated
            self._check_can_act(who, mana_ability=ab.is_mana_ability)
            if who != self._s.active and not self.rules.activates_in_others_turns(self, who, ab):
                raise TimingError(refusal("activate.only_in_own_turn", player=who, name=o.name), "117.1b")
        return o, ab

    def _user(self, o: Obj) -> str:
        """The player who may use permanent ``o`` (activate, attack, block, convoke): its
        controller, as the rules say (asked only when its owner is someone else)."""
        return o.controller if o.owner == o.controller else self.rules.user(self, o)

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
        pay: str | Mana | None = None,
    ) -> tuple[Event, ...]:
        """Activate an ability of a permanent and return the events it caused.

        ``color``/``choice`` pick the mana (``"G"``, ``"{W}{U}"``); ``order`` lists the
        replacement effects in the order to apply them (CR 616.1); ``target`` is a card id
        or a player name; ``pay`` the mana to spend on a mana cost, as for :meth:`cast`. Mana
        abilities resolve at once (605.3b); others go on the stack.
        """
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.Activate(ref, ability, player, color, choice, acts.freeze(order),
                                                   target, pay))
        self._check_not_over()
        check.ref("ref", ref)
        paying = self._pay_argument(pay)
        if color is not None:
            check.one_of("color", color, TYPES)
        if choice is not None:
            check.text("choice", choice, max_len=60)
        if order is not None:
            order = [check.text(f"order[{i}]", x) for i, x in enumerate(check.ref_list("order", order))]
        if target is not None:
            check.ref("target", target)
        o, ab = self._check_activate(ref, ability, player, paying=paying, target=target)
        start = len(self._events)
        who = o.controller
        in_response = bool(self._s.stack)
        act = self._emit(AbilityActivated(words=say("AbilityActivated", ability_text=ab.text),
                                          rules=("602.2",),
                                          player=who, ability=ability,
                                          mana_ability=ab.is_mana_ability), obj=o)
        if ab.targets is not None or target is not None:
            target = self._check_target(ab.targets, who, target)
        with self._caused_by(act.seq):
            self._pay_cost(o, ab, paying)
        if ab.is_mana_ability:
            self._produce_mana(o, ab, act.seq, color, choice, order)
        else:
            item = self._new_stack_item(self._take_id(), "ability", f"{possessive(o.name)} ability", who,
                                        ab.effects, ab.text, 0, source_id=o.id, target=target,
                                        targets=ab.targets, source_incarnation=o.incarnation,
                                        target_incarnation=self._incarnation(target))
            e = self._emit(PutOnStack(words=say("stack.activated", source=o.name,
                                                target_name=self._target_name(target),
                                                in_response=in_response),
                                      rules=("602.2",) + (("117.7",) if in_response else ()),
                                      player=who, lane="stack", cause=act.seq, id=item.id,
                                      name=item.name, target=target))
            item.seq = e.seq
            self._s.stack.append(item)
        self._grant(who)  # CR 117.3c: after acting, the same player gets priority
        return tuple(self._events[start:])

    def _pay_cost(self, o: Obj, ab: Activated, paying: Mana | None = None) -> None:
        c, who = ab.cost, o.controller
        p = self._player(who)
        sick = self._sickness_rules(o, "702.10c")  # read before paying: paying changes nothing it reads
        if c.mana is not None:
            self._pay_mana(who, c.mana, 0, paying, f"{possessive(o.name)} ability", ability=True)
        if c.tap:
            o.tapped = True
            self._emit(Tapped(words=say("tap.cost"),
                              rules=("107.5", *sick)), obj=o)
        if c.untap:
            o.tapped = False
            self._emit(Untapped(words=say("untap.cost"),
                                rules=("107.6", *sick)), obj=o)
        if c.life:
            p.life -= c.life
            paid = self._emit(LifeChanged(words=say("life.paid"), rules=("119.4",),
                                          player=who, delta=-c.life))
            p.life_seq = paid.seq
        for kind, n in c.remove_counters:
            o.add_counters(kind, -n)
            e = self._emit(CountersChanged(words=say("counters.removed"),
                                           rules=("602.2b", "122.1"), counter=kind, delta=-n), obj=o)
            o.toughness_seq = e.seq
        if c.sacrifice_self:
            self._move(o, "graveyard", say("move.sacrifice", who=who), ("701.21a",))

    def _incarnation(self, target: Target | None) -> int:
        """Which object a target is right now (each zone change makes a new one, CR 400.7); 0 for a
        player or an ability on the stack."""
        o = self._s.objects.get(target) if isinstance(target, int) else None
        return o.incarnation if o is not None else 0

    # ------------------------------------------------------------------ mana
    def _produce_mana(self, o: Obj, ab: Activated, act_seq: int, color: str | None,
                      choice: str | None, order: Sequence[str] | None) -> None:
        spec = ab.mana_spec
        assert spec is not None
        options = spec.options(self._solver(), o.controller)
        if not options and spec.why_none()[1]:  # CR 106.5: mana of an undefined type is no mana
            options = tuple(self.rules.undefined_mana(self, o, spec))
        who = o.controller
        with self._caused_by(act_seq):
            replacing = bool(options) or self.rules.replaces_no_mana(self, o, ab)
            reps = self.mana_replacements(o, ab) if replacing else []
            if not options and not self.rules.may_activate_for_no_mana(self, o, ab):
                raise RulesError(refusal("produce_mana.would_add_none", name=o.name, who=who), "605.1a")
            links: list[int] = []
            mana = before = self._pick_mana(who, o, options, color, choice, links,
                                            reflects=isinstance(spec, Reflect)) if options else Mana()
            applied: list[str] = []
            if reps:
                mana = self._apply_mana_replacements(who, o, mana, reps, order, links, applied)
            if not mana:
                why, undefined = spec.why_none()
                self._emit(NoMana(words=say("no_mana.ability"),
                                  rules=("106.5", "605.2") if undefined else ("605.2",), player=who,
                                  reason=why, undefined=undefined), obj=o)
                return
            rechecked = any(not r.replacement.applies_to(before) for r in reps if r.label in applied)
            add = ab.adds_mana
            spend_only = add.spend_only if add is not None else None
            self._add_mana(who, mana, say("mana.tapped") if ab.taps_for_mana else say("mana.ability"),
                           ("106.4", "605.3b") + (("106.12b",) if applied else ())
                           + (("616.1",) if len(applied) > 1 else ()) + (("616.1f",) if rechecked else ())
                           + (("106.6",) if spend_only else ())
                           + (("106.6a",) if spend_only and mana.amount > before.amount else ()),
                           obj=o, links=tuple(links), tapped_for_mana=ab.taps_for_mana and bool(mana),
                           spend_only=spend_only)
            self._mana_riders(o, ab, act_seq)

    def _mana_riders(self, o: Obj, ab: Activated, act_seq: int) -> None:
        """The rest of a mana ability's effect, done as it resolves, after its mana (Tarnished
        Citadel deals 3 damage to you; it is still a mana ability, CR 605.1a, 605.3b)."""
        rest = [e for e in ab.effects if not isinstance(e, AddMana)]
        if not rest:
            return
        item = StackItem(0, "ability", f"{possessive(o.name)} ability", o.controller, ab.effects, ab.text,
                         act_seq, source_id=o.id, source_incarnation=o.incarnation)
        for eff in rest:
            _EFFECTS[type(eff)](self, eff, item)

    def _pick_mana(self, who: str, o: Obj, options: Sequence[Mana], color: str | None,
                   choice: str | None, links: list[int], *, reflects: bool = False) -> Mana:
        labels = [str(m) for m in options]
        wanted = choice if choice is not None else (f"{{{color}}}" if color else None)
        if wanted is not None:
            try:
                wanted = str(Mana.parse(wanted))
            except ValueError:
                raise ChoiceError(refusal("pick_mana.not_mana_choose", wanted=wanted,
                                          labels=labels)) from None
            if wanted not in labels:
                raise ChoiceError(refusal("pick_mana.cant_add_now", name=o.name, wanted=wanted,
                                          labels=labels), self._mana_rule(reflects, options))
        if len(options) == 1:
            return options[0]
        label = wanted or self.chooser.choose(who, prompt("mana.which", name=o.name), labels)
        e = self._emit(ChoiceMade(words=say("choice.mana"), rules=("608.2d",), player=who,
                                  question="mana", answer=label, options=tuple(labels)), obj=o)
        links.append(e.seq)
        return options[labels.index(label)]

    @staticmethod
    def _mana_rule(reflects: bool, options: Sequence[Mana]) -> str:
        """The rule behind what a mana ability can add: one that reflects what other permanents
        could produce follows CR 106.7; one that offers a choice, 608.2d (only its options can be
        chosen); one that adds a fixed amount (a Forest's {G}), 106.3 (it adds the mana its
        effect says)."""
        if reflects:
            return "106.7"
        return "608.2d" if len(options) > 1 else "106.3"

    def _apply_mana_replacements(self, who: str, o: Obj, mana: Mana,
                                 reps: list[AppliedReplacement], order: Sequence[str] | None,
                                 links: list[int], applied: list[str]) -> Mana:
        """Apply the replacement effects ``reps`` to the mana ``o`` produces, one at a time: of
        those that apply now, the player picks one (CR 616.1), then the rest that apply to the
        modified event are looked at again (616.1f; an effect that applies only to two or more
        mana may apply only after another), each applying once (614.5). The player's order
        (``order``, else the chooser, asked when two or more apply at once) ranks them; the
        choice is recorded the first time it is made among those effects. ``applied`` gets the
        labels applied, in order."""
        labels = [r.label for r in reps]
        by_label = {r.label: r for r in reps}
        first = mana
        ranked = self.rules.replacement_order(self, labels, order)
        shown: set[str] = set()  # the effects a recorded choice has ordered already
        while True:
            done = [by_label[lab] for lab in applied]
            now = [lab for lab in labels if lab not in applied
                   and self.rules.replacement_applies_now(self, by_label[lab], mana, first, done)]
            if not now:
                return mana
            if ranked is None or (len(now) > 1 and not set(now) <= set(ranked)):
                chosen = self.chooser.order(who, prompt("mana.replacement_order", name=o.name), now)
                ranked = chosen + [lab for lab in ranked or [] if lab not in chosen]
            if len(now) > 1 and not set(now) <= shown:
                picked = [lab for lab in ranked if lab in now]
                e = self._emit(ChoiceMade(words=say("choice.replacement_order"), rules=("616.1",), player=who,
                                          question="order", answer=tuple(picked), options=tuple(now)),
                               obj=o)
                links.append(e.seq)
                shown |= set(now)
            label = next((lab for lab in ranked if lab in now), now[0])
            r = by_label[label]
            late = not r.replacement.applies_to(first)  # applicable only once another applied
            before, mana = mana, self.rules.replaced_mana(self, r, mana)
            if mana.amount > limits.MAX_MANA:
                raise LimitError(refusal("apply_mana_replacements.would_have_produce", label=label,
                                         name=o.name, amount=mana.amount),
                                 "MAX_MANA", limits.MAX_MANA)
            replaced = self._emit(ManaReplaced(rules=("106.12b", "614.1a") + (("616.1f",) if late else ()),
                                        player=who, effect=label, before=before, after=mana), obj=o)
            links.append(replaced.seq)
            applied.append(label)

    def _add_mana(self, who: str, mana: Mana, why: Words, rules: tuple[str, ...],
                  obj: Obj | None = None, links: tuple[int, ...] = (),
                  tapped_for_mana: bool = False, spend_only: str | None = None) -> ManaAdded:
        p = self._player(who)
        if p.pool.amount + mana.amount > limits.MAX_MANA:
            raise LimitError(refusal("add_mana.mana_pool_would", who=who, amount=p.pool.amount + mana.amount),
                             "MAX_MANA", limits.MAX_MANA)
        p.pool = p.pool + mana
        if spend_only is not None and mana:
            held = dict(p.restricted)
            held[spend_only] = held.get(spend_only, Mana()) + mana
            p.restricted = tuple(held.items())
        return self._emit(ManaAdded(words=why, rules=rules, player=who,
                                    links=links, mana=mana, tapped_for_mana=tapped_for_mana,
                                    spend_only=spend_only), obj=obj)

    def _resolve_mana_trigger(self, r: _Reaction) -> None:
        """A triggered mana ability resolves at once, right after the mana ability that
        triggered it (CR 605.4a), adding mana to the player who tapped the permanent."""
        ab, src = r.ability, r.source
        assert isinstance(ab, ManaTrigger) and isinstance(src, Obj) and r.data.produced is not None
        who = r.data.player or src.controller  # who gets the mana: the player who tapped
        trig = self._emit(AbilityTriggered(words=say("trigger.mana", ability_text=ab.text, gets=who),
                                           rules=("106.12a", "605.1b"), player=src.controller,
                                           cause=r.seq, ability=src.card.triggers.index(ab)), obj=src)
        with self._caused_by(trig.seq):
            options = ab.adds.options(r.data.produced, src.chosen_color)
            if not options:
                self._emit(NoMana(words=say("no_mana.trigger"), rules=("106.5",),
                                  player=who, reason="no mana of that kind", undefined=True), obj=src)
                return
            links: list[int] = []
            extra = self._pick_mana(who, src, options, None, None, links)
            made = self._events[r.seq - 1] if 0 < r.seq <= len(self._events) else None
            if isinstance(made, ManaAdded):
                reps = self.rules.trigger_mana_replacements(self, src, made)
                if reps:
                    extra = self._apply_mana_replacements(who, src, extra, reps, None, links, [])
            self._add_mana(who, extra, say("mana.trigger"), ("605.4a",), obj=src, links=tuple(links))

    # ------------------------------------------------------------------ casting
    @_atomic
    def play_land(self, ref: int | str) -> tuple[Event, ...]:
        """Play a land from hand: a special action (CR 305.1, 116.3), one per turn (305.2)."""
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.PlayLand(ref))
        self._check_not_over()
        o = self.obj(check.ref("ref", ref))
        who = o.owner
        if o.zone != "hand" or not o.is_a("Land"):
            raise ObjectError(refusal("play_land.not_land_card", name=o.name), "305.1")
        self._check_can_act(who)
        if who != self._s.active or self._s.step not in ("main1", "main2") or self._s.stack:
            raise TimingError(refusal("play_land.land_played_your"), "305.1")
        if self._player(who).lands_played >= 1:
            raise TimingError(refusal("play_land.has_already_played", who=who), "305.2")
        start = len(self._events)
        self._player(who).lands_played += 1
        self._enter(o, who, say("LandPlayed"), ("305.1",), event=LandPlayed)
        self._grant(who)  # CR 116.3: after a special action, the same player gets priority
        return tuple(self._events[start:])

    @_atomic
    def cast(self, ref: int | str, *, target: Target | None = None, x: int = 0,
             color: str | None = None, pay: str | Mana | None = None,
             convoke: Sequence[int | str] | Mapping[int | str, str] | None = None) -> tuple[Event, ...]:
        """Cast a spell from hand, paying its cost from the mana pool (CR 601.2).

        ``target`` is a player's name or an object's id (an Aura targets what it will enchant,
        CR 303.4a); ``x`` is the value of X (CR 107.3a); ``color`` answers "as this enters,
        choose a color" in advance (otherwise the chooser answers as it enters). ``pay`` is the
        mana to spend, e.g. ``"{G}{G}"``: which mana pays a cost is the player's choice (CR
        601.2h, 107.4b). Without it, when the pool could pay in more than one way, the chooser
        decides (first the kit's default: colorless, then W, U, B, R, G for generic mana); the
        choice is recorded. When the pool can't pay and ``pay`` isn't given, the caster's untapped
        mana sources are tapped while casting (CR 601.2g): the fewest activations that pay, found
        by a bounded search and recorded as a choice (see :meth:`can_cast`, :meth:`castable`).

        ``convoke`` (a spell with convoke, CR 702.51a) lists untapped creatures the caster
        controls to tap as part of paying the total cost: each pays for one generic mana or one
        mana of one of its colors. A dict ``{creature: "{G}"}`` says which symbol each pays; with
        a list, each pays a colored symbol of its color if one is left, else a hybrid one, else
        one generic mana (paying colored symbols first never leaves less that the pool can pay).
        Tapping a creature this way is not activating its ability, so summoning sickness doesn't
        matter (302.6), and it is not "tapping it for mana" (106.12): mana triggers and mana
        replacement effects don't see it.

        >>> g = Game(["Alice", "Bob"])
        >>> for land in ("Forest", "Forest", "Mountain"):
        ...     _ = g.activate(g.put_onto_battlefield(land, "Alice"))
        >>> bears = g.put_in_hand("Grizzly Bears", "Alice")
        >>> for e in g.cast(bears, pay="{G}{G}")[1:]: print(e)  # doctest: +NORMALIZE_WHITESPACE
        #23 Alice chooses to pay {1}{G} for Grizzly Bears with {G}{G}
            (options: {R}{G}, {G}{G}) [CR 601.2h, 107.4b]
        #24 Alice spends {G}{G} to pay {1}{G} [CR 601.2h]
        >>> g.pool("Alice")
        Mana('{R}')
        """
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.Cast(ref, target, x, color, pay, acts.freeze(convoke)))
        self._check_not_over()
        o = self.obj(check.ref("ref", ref))
        check.whole_number("x", x, 0, limits.MAX_X)
        paying = self._pay_argument(pay)
        if target is not None:
            check.ref("target", target)
        if color is not None:
            check.one_of("color", color, COLORS)
        who = o.owner
        if o.zone != "hand":
            raise ObjectError(refusal("cast.not_hand", name=o.name), "601.2a")
        if o.is_a("Land"):
            raise TimingError(refusal("cast.land_lands_are", name=o.name), "305.1")
        self._check_can_act(who)
        if not o.is_a("Instant") and (who != self._s.active or self._s.step not in ("main1", "main2")
                                      or self._s.stack):
            raise TimingError(refusal("cast.isnt_instant_cast", name=o.name, who=who), "117.1a")
        cost = o.card.cost
        if x and (cost is None or not cost.x_count):
            raise ChoiceError(refusal("cast.spell_with_cost", name=o.name, x=x), "107.3a")
        if color is not None and not o.card.has(ChooseColorAsEnters):
            raise ChoiceError(refusal("cast.doesnt_ask_for", name=o.name), "614.12a")
        # the mana to pay: the total cost less what convoking creatures pay (CR 601.2f, 702.51b)
        tax = self._cost_increase(who)
        due, due_x = (cost or ManaCost()).plus(tax) if tax else cost or ManaCost(), x
        cut = self._cost_reduction()  # CR 601.2f: X's mana too
        if cut:
            due, due_x = due.less(cut, x), 0
            if x and not due.mana_value() and self.rules.paid_nothing_is_free(self, o):
                x = self.rules.free_cast_x(self, o)[0]
        convoked = self._convoke_plan(o, who, due, x, convoke)
        if convoked:
            due, due_x = self._rest_after_convoke(due, x, [symbol for _, symbol in convoked]), 0
        plan = self._autopay(o, who, due, due_x, paying, convoked,  # CR 601.2g: mana abilities, if need be
                             self._total_cost_words(o, who, tax, convoked))
        spec = o.card.spell_targets
        if spec is not None or target is not None:
            target = self._check_target(spec, who, target)
        start = len(self._events)
        self._cast_spell(o, who, target, x, color, due, due_x, paying, convoked, tax=tax, plan=plan,
                         reduced=bool(cut))
        self._grant(who)  # CR 117.3c
        return tuple(self._events[start:])

    def _cast_spell(self, o: Obj, who: str, target: Target | None, x: int, color: str | None,
                    due: ManaCost, due_x: int, paying: Mana | None,
                    convoked: Sequence[tuple[Obj, str]] = (), *, free: bool = False,
                    tax: int = 0, plan: Sequence[tuple[int, int, str | None]] = (),
                    reduced: bool = False) -> None:
        """``who`` casts ``o`` (everything checked): it moves to the stack (CR 601.2a), the cast
        is an event, and the total cost ``due`` is paid (601.2h), by the creatures ``convoked``
        first. ``free``: cast without paying its mana cost, during the resolution of what allows
        it (608.2g, with X 0, 107.3b): nobody gets priority afterwards."""
        cost = o.card.cost
        frm = o.zone
        in_response = bool(self._s.stack) and not free
        self._change_zone(o, "stack")
        o.controller = who  # the caster controls the spell (CR 601.2a, 112.2)
        has_x = cost is not None and bool(cost.x_count)
        mv = self._mana_value(o, x)  # CR 202.3e: X counts on the stack
        e = self._emit(SpellCast(words=say("SpellCast", has_x=has_x, target_name=self._target_name(target),
                                           in_response=in_response,
                                           cast_before=self._player(who).spells_cast),
                                 rules=("601.2",) + (("608.2g", "118.9") if free else ())
                                 + ((("107.3b",) if free else ("107.3a",)) if has_x else ())
                                 + (("601.2f",) + (("118.9d",) if free else ()) if tax else ())
                                 + (("601.2f",) if reduced and not tax else ())
                                 + (("117.7",) if in_response else ()), player=who,
                                 lane="stack", **self._where(o, "stack"), frm=frm, x=x,
                                 mana_value=mv, target=target, free=free, cost_increase=tax), obj=o)
        self._player(who).spells_cast += 1
        with self._caused_by(e.seq):
            if plan:  # CR 601.2g: the mana abilities the automatic payment found, then the cost
                self._emit(ChoiceMade(words=say("choice.autopay", cost=due, what=o.name),
                                      rules=("601.2g", "601.2h"), player=who, question="payment",
                                      answer=", ".join(self._choice_label(i) + (f" for {c}" if c else "")
                                                       for i, _, c in plan)), obj=o)
            for source, index, chosen in plan:
                self._activate_mana_while_casting(source, who, o.name, index, chosen)
                self._flush()  # its mana triggers resolve at once (CR 605.4a): Mana Flare's mana
            if plan:  # the choices made while they resolved (an order of replacement effects)
                # may have made less mana than the plan found: then the spell can't be paid for
                self._check_payment(who, due, due_x, paying, o.name, "601.2h", spell=o)
            for creature, symbol in convoked:  # CR 702.51a, 601.2h: tapped as part of the cost
                creature.tapped = True
                self._emit(Convoked(words=say("Convoked", spell_name=o.name), rules=("702.51a", "702.51c")
                                    + (("702.51b",) if tax else ()), spell=o.id, pays=symbol), obj=creature)
            self._pay_mana(who, due, due_x, paying, o.name, spell=o)
        self._s.stack.append(self._new_stack_item(o.id, "spell", o.name, who, o.card.spell,
                                                  o.card.text, e.seq, source_id=o.id, target=target,
                                                  x=x, targets=o.card.spell_targets, color=color,
                                                  source_incarnation=o.incarnation,
                                                  target_incarnation=self._incarnation(target)))

    # ------------------------------------------------------------------ paying as players do
    def can_cast(self, ref: int | str, *, target: Target | None = None, x: int = 0,
                 color: str | None = None, pay: str | Mana | None = None,
                 convoke: Sequence[int | str] | Mapping[int | str, str] | None = None) -> bool:
        """Could this spell be cast now, as :meth:`cast` would cast it (paying from untapped mana
        sources when the pool falls short and ``pay`` isn't given)? Changes nothing; ``why_not("cast",
        ref)`` or ``refusal(Cast(ref))`` says why not.

        >>> g = Game(["Alice", "Bob"])
        >>> bears = g.put_in_hand("Grizzly Bears", "Alice")
        >>> forest = g.put_onto_battlefield("Forest", "Alice")
        >>> g.can_cast(bears)
        False
        >>> print(g.why_not("cast", bears))  # doctest: +NORMALIZE_WHITESPACE
        Alice's mana pool holds no mana, which can't pay {1}{G}; tapping their untapped mana
        sources (Forest #62) could add at most {G}: {G} is 1 mana and {1}{G} takes 2.
        [CR 601.2h (2026-08-07)]
        >>> _ = g.put_onto_battlefield("Mountain", "Alice")
        >>> g.can_cast(bears), g.castable("Alice")
        (True, {61: (62, 63)})
        """
        return self.can(acts.Cast(ref, target, x, color, pay, acts.freeze(convoke)))

    def castable(self, player: str) -> dict[int, tuple[int, ...]]:
        """What ``player`` can cast now from their hand (X as 0, no target given, no convoke),
        and with which mana: each castable card's id -> the untapped mana sources the automatic
        payment would tap for it (``()``: the mana pool pays). Changes nothing."""
        p = self._living(player, "player")
        found: dict[int, tuple[int, ...]] = {}
        for o in self.zone(p.name, "hand"):
            if o.is_a("Land") or self.refusal(acts.Cast(o.id)) is not None:
                continue
            due = o.card.cost or ManaCost()
            tax = self._cost_increase(p.name)
            due = due.plus(tax) if tax else due
            cut = self._cost_reduction()
            plan = self._plan_payment(p.name, due.less(cut, 0) if cut else due, 0, o, ())
            found[o.id] = tuple(i for i, _, _ in plan or ())
        return found

    def available_mana(self, player: str) -> tuple[Mana, ...]:
        """XMage's "available mana": the mana pools ``player`` could have now by activating every
        mana ability of their untapped permanents that can be activated now (each pool a different
        set of choices of color; what is in the pool counts). Found by doing it and undoing it, so
        replacement effects and mana triggers count as they would (Mana Reflection, Mana Flare,
        Gauntlet of Power, Contamination, Damping Sphere). Changes nothing.

        >>> g = Game(["Alice", "Bob"])
        >>> _ = g.put_onto_battlefield("Forest", "Alice")
        >>> _ = g.put_onto_battlefield("Mana Flare", "Bob")
        >>> g.available_mana("Alice")
        (Mana('{G}{G}'),)
        """
        p = self._living(player, "player")
        sources = self._mana_sources(p.name, ())
        found: dict[str, Mana] = {}
        saved, self.chooser = self.chooser, FirstOption()
        try:
            self._all_pools(p.name, sources, found, [limits.MAX_PAYMENT_SEARCH])
        except _Tried:
            pass
        finally:
            self.chooser = saved
        pools = list(found.values())
        return tuple(m for m in pools if not any(other != m and other.common(m) == m for other in pools))

    @_atomic
    def _all_pools(self, who: str, sources: Sequence[tuple[int, int]], found: dict[str, Mana],
                   budget: list[int], step: tuple[int, int, str | None] | None = None) -> None:
        if step is not None:
            self._activate_mana_while_casting(step[0], who, "nothing", step[1], step[2])
            self._flush()  # its mana triggers resolve at once (CR 605.4a)
        if not sources:
            pool = self._player(who).pool
            found.setdefault(str(pool), pool)
            raise _Tried
        (sid, index), rest = sources[0], sources[1:]
        tried = False
        for color in self._color_options(sid, index):
            self._spend_budget(budget)
            try:
                self._all_pools(who, rest, found, budget, (sid, index, color))
            except _Tried:
                tried = True
            except RulesError:
                pass
        if not tried:  # it can't be activated after all: the rest without it
            try:
                self._all_pools(who, rest, found, budget)
            except _Tried:
                pass
        raise _Tried

    def _autopay(self, o: Obj, who: str, due: ManaCost, due_x: int, paying: Mana | None,
                 convoked: Sequence[tuple[Obj, str]], why: str) -> tuple[tuple[int, int, str | None], ...]:
        """The mana abilities to activate while casting ``o`` (CR 601.2g) when the pool can't pay
        ``due`` and no ``pay=`` was given: the first set the search finds, in the order of
        :meth:`_mana_sources` (``()`` when the pool pays). Refused, saying what is missing, when
        none pays."""
        try:
            self._check_payment(who, due, due_x, paying, o.name, "601.2h", spell=o, why=why)
            return ()
        except CostError as err:
            if paying is not None or err.rule != "601.2h":
                raise
            exclude = tuple(c.id for c, _ in convoked)
            plan = self._plan_payment(who, due, due_x, o, exclude)
            if plan is not None:
                return plan
            sources = self._mana_sources(who, exclude)
            if not sources:
                raise
            try:
                best = self.available_mana(who)
            except LimitError:  # too many ways to tap them to say the most they could add
                raise err from None
            need = self._as_paid(who, due)
            short = min((payment_problem(m, need, m, due_x) or "" for m in best), key=len) if best else ""
            names = ", ".join(self._choice_label(i) for i, _ in dict.fromkeys(sources))
            most = " or ".join(str(m) for m in best) or "no mana"
            raise CostError(refusal("autopay.could_add_at_most", reason=err.reason, sources=names, most=most,
                                    short=short), "601.2h") from None

    def _plan_payment(self, who: str, due: ManaCost, x: int, spell: Obj, exclude: Sequence[int]
                      ) -> tuple[tuple[int, int, str | None], ...] | None:
        """The first set of ``who``'s mana abilities (source, ability, color) that, activated in
        order, lets the pool pay ``due`` for ``spell``; None if no set does. A depth-first search
        over the sources that does each activation and undoes it (replacement effects, triggers,
        restrictions and riders all count as they would), at most ``limits.MAX_PAYMENT_SEARCH``
        activations (a LimitError past that)."""
        sources = self._mana_sources(who, exclude)
        saved, self.chooser = self.chooser, FirstOption()
        budget = [limits.MAX_PAYMENT_SEARCH]
        try:
            try:
                self._probe_amount(who, spell, sources)
            except _Amount as probe:  # every source at once: too little mana, whatever the colors
                if probe.amount < due.total(x):
                    return None
            for most in range(len(sources) + 1):  # the fewest activations first (iterative deepening)
                try:
                    self._probe_payment(who, due, x, spell, sources, (), budget, most)
                except _Tried:
                    continue
        except _Found as found:
            return found.plan
        finally:
            self.chooser = saved
        return None

    @_atomic
    def _probe_payment(self, who: str, due: ManaCost, x: int, spell: Obj, sources: Sequence[tuple[int, int]],
                       plan: tuple[tuple[int, int, str | None], ...], budget: list[int], most: int) -> None:
        if plan:
            sid, index, color = plan[-1]
            self._activate_mana_while_casting(sid, who, spell.name, index, color)
            self._flush()  # its mana triggers resolve at once (CR 605.4a)
        try:
            pay(self._spendable(who, spell)[0], self._as_paid(who, due), x)
            raise _Found(plan)
        except ValueError:
            pass
        if len(plan) >= most:
            raise _Tried
        wanted = self._as_paid(who, due).colors
        tried: set[tuple[str, int, bool]] = set()
        for i, (sid, index) in enumerate(sources):
            o = self._s.objects[sid]
            kind = (o.name, index, o.is_a("Creature"))
            if kind in tried:  # the same as a source tried at this depth: the same outcomes
                continue
            tried.add(kind)
            for color in self._color_options(sid, index, wanted):
                self._spend_budget(budget)
                try:
                    self._probe_payment(who, due, x, spell, sources[i + 1:], plan + ((sid, index, color),),
                                        budget, most)
                except (_Tried, RulesError):
                    pass
        raise _Tried

    @staticmethod
    def _spend_budget(budget: list[int]) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise LimitError(refusal("autopay.search_too_long"), "MAX_PAYMENT_SEARCH",
                             limits.MAX_PAYMENT_SEARCH)

    def _mana_sources(self, who: str, exclude: Sequence[int]) -> list[tuple[int, int]]:
        """``who``'s mana abilities that could be activated now without priority (CR 605.3a), on
        their untapped permanents, as (object, ability): lands first, then other permanents, and
        last those with a rider (Tarnished Citadel's damage), each group oldest first."""
        found = []
        for o in self.permanents(who):
            if o.id in exclude or o.tapped:
                continue
            for i, ab in enumerate(o.card.activated):
                if not ab.is_mana_ability or not ab.cost.tap:
                    continue
                try:
                    self._check_activate(o.id, i, who, timing=False)
                except RulesError:
                    continue
                rider = any(not isinstance(e, AddMana) for e in ab.effects)
                found.append(((rider, not o.is_a("Land"), o.timestamp), (o.id, i)))
        return [source for _, source in sorted(found, key=lambda f: f[0])]

    def _color_options(self, sid: int, index: int, wanted: frozenset[str] | None = None) -> list[str | None]:
        """The mana to try for a mana ability: each it could add now when it offers a choice (as
        ``activate(choice=...)`` names it), else None (its only option). With ``wanted`` (the
        colors a cost asks for), only the options of those colors, and the first option (for
        generic mana)."""
        o = self._s.objects[sid]
        spec = o.card.activated[index].mana_spec
        options = spec.options(self._solver(), o.controller) if spec is not None else []
        if len(options) <= 1:
            return [None]
        if wanted is not None:
            options = [m for i, m in enumerate(options) if i == 0 or m.types & wanted]
        return [str(m) for m in options]

    @_atomic
    def _probe_amount(self, who: str, spell: Obj, sources: Sequence[tuple[int, int]]) -> None:
        """How much mana ``who`` could spend on ``spell`` with every source activated (first
        options): raised as an _Amount; everything undone."""
        for sid, index in sources:
            try:
                self._activate_quietly(sid, who, spell.name, index)
            except RulesError:
                continue
        raise _Amount(self._spendable(who, spell)[0].amount)

    @_atomic
    def _activate_quietly(self, sid: int, who: str, spell: str, index: int,
                          choice: str | None = None) -> None:
        self._activate_mana_while_casting(sid, who, spell, index, choice)
        self._flush()

    @staticmethod
    def _pay_argument(pay: object) -> Mana | None:
        """The ``pay=`` argument: mana written as symbols (``"{G}{G}"``) or a Mana."""
        if pay is None or isinstance(pay, Mana):
            return pay
        text = check.text("pay", pay, max_len=200)
        try:
            return Mana.parse(text)
        except ValueError:
            raise ValueError(refusal("pay_argument.pay_must_mana", text=text)) from None

    def _cost_increase(self, who: str) -> int:
        """The generic mana each spell ``who`` casts costs more: {1} per Damping Sphere for each
        other spell they have cast this turn (CR 601.2f)."""
        per_spell = sum(ab.amount for _, ab in self._statics(CostIncrease))
        return per_spell * self._player(who).spells_cast

    def _cost_reduction(self) -> int:
        """The generic mana each spell costs less: {1} per Helm of Awakening (CR 601.2f)."""
        return sum(ab.amount for _, ab in self._statics(CostReduction))

    def _convoke_plan(self, o: Obj, who: str, cost: ManaCost, x: int,
                      convoke: object) -> list[tuple[Obj, str]]:
        """The creatures that convoke spell ``o`` and the symbol of its total cost each pays (CR
        702.51a), checked: the spell has convoke; each is an untapped creature ``who`` controls,
        named once; each pays a symbol of the cost that is left (a colored one only with a creature
        of that color)."""
        if convoke is None:
            return []
        if isinstance(convoke, Mapping):
            wanted = [(check.ref("convoke key", k), check.text(f"convoke[{k!r}]", v, max_len=10))
                      for k, v in convoke.items()]
        else:
            wanted = [(r, "") for r in check.ref_list("convoke", convoke)]
        if not wanted:
            return []
        if "convoke" not in o.card.keywords:
            raise ChoiceError(refusal("convoke_plan.doesnt_have_convoke", name=o.name),
                              "702.51a")
        left = {"generic": cost.generic + cost.x_count * x, "colored": list(cost.colored),
                "hybrid": list(cost.hybrid)}
        plan: list[tuple[Obj, str]] = []
        for r, symbol in wanted:
            c = self.obj(r)
            if any(c is p for p, _ in plan):
                raise ChoiceError(refusal("convoke_plan.listed_twice_each", creature=c.name), "702.51a")
            if c.zone != "battlefield" or not c.is_a("Creature") or self._user(c) != who:
                raise ChoiceError(refusal("convoke_plan.not_creature_controls", creature=c.name, who=who,
                                          name=o.name), "702.51a")
            if c.tapped:
                raise ChoiceError(refusal("convoke_plan.tapped_untapped_creature", creature=c.name),
                                  "702.51a")
            if self.rules.summoning_sick(self, c, "convoke"):  # never, by CR 302.6
                raise SummoningSicknessError(refusal("convoke_plan.summoning_sick", creature=c.name), "302.6")
            plan.append((c, self._convoke_symbol(c, o, symbol, left)))
        return plan

    def _convoke_symbol(self, c: Obj, spell: Obj, wanted: str, left: dict[str, Any]) -> str:
        """The symbol creature ``c`` pays (``wanted``, or by default a colored one of its color,
        then a hybrid one, then {1}), taken from what is ``left`` of the total cost."""
        colors = [t for t in COLORS if t in c.card.colors]
        options = ([f"{{{t}}}" for t in colors if t in left["colored"]]
                   + [f"{{{a}/{b}}}" for a, b in left["hybrid"] if a in colors or b in colors]
                   + (["{1}"] if left["generic"] else []))
        if wanted and wanted not in options:
            raise ChoiceError(refusal("convoke_symbol.cant_pay_cost", creature=c.name, wanted=wanted,
                                      spell=spell.name, options=options), "702.51a")
        if not options:
            rest = ManaCost.of(left["generic"], sum((Mana.of(t) for t in left["colored"]), Mana()),
                               tuple(left["hybrid"]))
            if not rest.total(0):
                raise ChoiceError(refusal("convoke_symbol.nothing_left_total", spell=spell.name,
                                          creature=c.name), "702.51a")
            color = " and ".join(COLOR_NAMES[t] for t in colors) or "colorless"
            orrery = [o.name for o, _ in self._statics(SpendAsAnyColor) if o.controller == c.controller]
            raise ChoiceError(refusal("convoke_symbol.what_left_total", spell=spell.name, rest=rest,
                                      creature=c.name, color=color, orrery=orrery),
                              "702.51a")
        symbol = wanted or options[0]
        if symbol == "{1}":
            left["generic"] -= 1
        elif "/" in symbol:
            left["hybrid"].remove(tuple(symbol[1:-1].split("/")))
        else:
            left["colored"].remove(symbol[1:-1])
        return symbol

    @staticmethod
    def _rest_after_convoke(cost: ManaCost, x: int, paid: list[str]) -> ManaCost:
        """What is left of the total cost (X included) once the convoking creatures paid ``paid``."""
        generic, colored, hybrid = cost.generic + cost.x_count * x, cost.colored, list(cost.hybrid)
        for symbol in paid:
            if symbol == "{1}":
                generic -= 1
            elif "/" in symbol:
                a, b = symbol[1:-1].split("/")
                hybrid.remove((a, b))
            else:
                colored = colored - Mana.parse(symbol)
        return ManaCost.of(generic, colored, tuple(hybrid))

    def _spendable(self, who: str, spell: Obj | None) -> tuple[Mana, Mana]:
        """The mana in ``who``'s pool that can pay for ``spell`` (None: an ability's cost), and the
        mana held back because it may be spent only on another kind of spell (CR 106.6)."""
        p = self._player(who)
        held = Mana()
        for card_type, mana in p.restricted:
            if spell is None or not spell.is_a(card_type):
                held = held + mana
        return p.pool - held, held

    def _check_payment(self, who: str, cost: ManaCost, x: int, paying: Mana | None, what: str,
                       rule: str, spell: Obj | None = None, why: str = "") -> None:
        """Can ``who`` pay ``cost`` for ``what`` (the spell ``spell``, or an ability) from their
        pool (with ``paying``, if given)? ``why`` says where the cost came from, when it isn't
        the mana cost (`` (...)``)."""
        pool, held = self._spendable(who, spell)
        with_x = (f" with X={x}" if cost.x_count else "") + why
        shown, cost = cost, self._as_paid(who, cost)
        if paying is None:
            try:
                pay(pool, cost, x)
            except ValueError:
                if held:
                    raise CostError(refusal("payment.mana_pool_holds", who=who, pool=pool, held=held,
                                            restricted=self._player(who).restricted, shown=shown,
                                            with_x=with_x, what=what), "106.6") from None
                raise CostError(refusal("payment.mana_pool_holds_2", who=who, pool=pool, shown=shown,
                                        with_x=with_x, add_first=rule != "601.2h"), rule) from None
            return
        problem = payment_problem(pool, cost, paying, x)
        if problem is not None:
            if held and payment_problem(pool + held, cost, paying, x) is None:
                raise CostError(refusal("payment.cant_pay_for", who=who, shown=shown, with_x=with_x,
                                        what=what, paying=paying, held=held,
                                        restricted=self._player(who).restricted), "106.6")
            raise CostError(refusal("payment.cant_pay_for_2", who=who, shown=shown, with_x=with_x, what=what,
                                    paying=paying, problem=problem), rule)

    def _as_paid(self, who: str, cost: ManaCost) -> ManaCost:
        """``cost`` as ``who`` may pay it: with a Chromatic Orrery, spending mana as though it were
        mana of any color (CR 609.4b), its colored symbols take any type of mana."""
        if any(o.controller == who for o, _ in self._statics(SpendAsAnyColor)):
            return cost.any_color()
        return cost

    def _pay_mana(self, who: str, cost: ManaCost, x: int, paying: Mana | None, what: str,
                  ability: bool = False, spell: Obj | None = None) -> None:
        """``who`` pays the mana part of a cost (checked already): with ``paying``, or as the
        chooser decides when the pool could pay it in more than one way (CR 601.2h, 107.4b);
        the choice is recorded. Nothing happens for a cost of no mana. Mana that may be spent
        only on this kind of spell is spent before the same type of unrestricted mana (CR 106.6:
        keeping the mana that can be spent on anything)."""
        if not cost.total(x):
            return
        p = self._player(who)
        options, more = payments(self._spendable(who, spell)[0], self._as_paid(who, cost), x,
                                 limits.MAX_PAYMENTS)
        links: tuple[int, ...] = ()
        if len(options) > 1:
            labels = [str(m) for m in options]
            if paying is None:
                label = self.chooser.choose(who, prompt("payment.which_mana", who=who, cost=cost, what=what),
                                            labels)
                spent = options[labels.index(label)]
            else:
                spent, label = paying, str(paying)
                if label not in labels:  # a legal payment past the ones offered to a chooser
                    labels.append(label)
            choice = self._emit(ChoiceMade(
                words=say("choice.payment", cost=cost, what=what, more=bool(more)),
                rules=("601.2h", "107.4b") + (("107.4e",) if cost.hybrid else ()), player=who,
                question="payment", answer=label, options=tuple(labels)))
            links = (choice.seq,)
        else:
            spent = paying if paying is not None else options[0]
        p.pool = p.pool - spent
        if p.restricted and spell is not None:
            left, held = spent, []
            for card_type, mana in p.restricted:
                used = left.common(mana) if spell.is_a(card_type) else Mana()
                left = left - used
                if mana - used:
                    held.append((card_type, mana - used))
            p.restricted = tuple(held)
        # spent as though it were mana of any color (Chromatic Orrery): the cost is unchanged
        any_color = ("609.4b",) if payment_problem(spent, cost, spent, x) is not None else ()
        if ability:
            self._emit(ManaSpent(words=say("spend.ability", cost=cost),
                                 rules=("601.2h", "602.2b") + any_color, player=who, mana=spent,
                                 links=links))
        else:
            self._emit(ManaSpent(words=say("spend.spell", cost=cost), rules=("601.2h",) + any_color,
                                 player=who, mana=spent, links=links))

    def mana_value(self, ref: int | str) -> int:
        """Mana value now: on the stack X counts as chosen, anywhere else as 0 (CR 202.3e)."""
        o = self.obj(ref)
        if o.card.cost is None:
            return 0
        item = next((i for i in self._s.stack if i.id == o.id and i.kind == "spell"), None)
        return self._mana_value(o, item.x if item else None)

    def _mana_value(self, o: Obj, x: int | None) -> int:
        """``o``'s mana value, ``x`` the X chosen for it on the stack (None elsewhere): the rules
        decide where it has {X} in its cost (CR 202.3e)."""
        cost = o.card.cost
        if cost is None or not cost.x_count:
            return cost.mana_value() if cost is not None else 0
        return int(self.rules.mana_value(self, o, x))

    def has_mana_value(self, ref: int | str) -> bool:
        """Has this card or permanent a definite mana value where it is (it always has, X
        counting as 0 off the stack, CR 202.3e; a variant of the rules may say otherwise)?"""
        o = self.obj(ref)
        cost = o.card.cost
        return cost is None or not cost.x_count or bool(self.rules.has_mana_value(self, o))

    def _check_target(self, spec: TargetSpec | None, who: str, target: Target | None) -> Target:
        """CR 115.1, 601.2c: a target given when the spell is cast or the ability activated."""
        if spec is None:
            raise TargetError(refusal("target.has_no_target"))
        if target is None:
            self._check_some_target(spec, who, "This")
            raise TargetError(refusal("target.needs_target_pass", text=spec.text), "601.2c")
        problem = target_problem(spec, who, target, self)
        if problem is not None:
            raise TargetError(refusal("target.cant_chosen_for", problem=problem, text=spec.text), "115.1")
        return target

    def _check_some_target(self, spec: TargetSpec, who: str, what: str) -> None:
        """CR 601.2c (602.2b for an ability): what needs a target can't be cast or activated when
        nothing is a legal target for it."""
        missing = no_target_reason(spec, who, self)
        if missing is not None:
            raise TargetError(refusal("some_target.needs_target_there", what=what, text=spec.text,
                                      missing=missing),
                              "601.2c")

    def _choice_label(self, target: Target) -> str:
        """How a choice names a player (``Bob``) or an object (``Grizzly Bears #12``): the same
        for every choice the engine asks (targets, sacrifices, discards, copies)."""
        if isinstance(target, int):
            return f"{self._name_of(target)} #{target}"
        return str(target)

    def _target_name(self, target: Target | None) -> str:
        if isinstance(target, int):
            return self._name_of(target)
        return str(target)

    def _name_of(self, obj_id: int) -> str:
        """The name of an object, or of an ability on the stack (which is no object)."""
        o: Obj | None = self._s.objects.get(obj_id)
        if o is not None:
            return o.name
        return next((i.name for i in self._s.stack if i.id == obj_id), f"#{obj_id}")

    # ------------------------------------------------------------------ resolving
    @_atomic
    def resolve(self, *, copy: int | None = None, free_cast: bool | None = None,
                x: int | None = None, mana_from: Sequence[int | str] | None = None) -> tuple[Event, ...]:
        """All players pass in succession: the top of the stack resolves (CR 117.4, 608.2).

        A shortcut for :meth:`pass_priority`: every pass is recorded. ``copy`` answers "enter
        as a copy of which creature?" for a Clone-like spell (by default the chooser picks,
        and "no copy" is an option). ``free_cast`` answers cascade's "you may cast it without
        paying its mana cost" (CR 702.85a; by default the chooser decides, casting first), and
        ``x`` is the X the caster wants for that spell: the only legal X is 0 (107.3b), so any
        other value is refused. Cascade's exiled cards go to the bottom of the library in a
        random order that the kit makes reproducible (seeded by the cascade's event number).
        A cost increase still applies to that spell (Damping Sphere's {1}: CR 601.2f, 118.9d);
        ``mana_from`` lists the permanents whose (first) mana ability the caster activates
        while casting it, to pay that increase (601.2g, 608.2g). Without it, a spell whose
        increase the mana pool can't pay isn't cast, and the timeline records the decline.

        >>> g = Game(["Alice", "Bob"])
        >>> for land in ("Mountain", "Forest", "Forest", "Island"):
        ...     _ = g.activate(g.put_onto_battlefield(land, "Alice"))
        >>> goose = g.put_in_library("The Goose Mother", "Alice")[0]
        >>> _ = g.cast(g.put_in_hand("Bloodbraid Elf", "Alice"))
        >>> try:
        ...     g.resolve(x=1)
        ... except RulesError as err:
        ...     print(err.rule, err.reason)  # doctest: +NORMALIZE_WHITESPACE
        107.3b The Goose Mother is cast without paying its mana cost, so the only legal choice
        for X is 0 (x=1).
        >>> for e in g.resolve()[3:]: print(e)  # doctest: +NORMALIZE_WHITESPACE
        #34 Alice exiles The Goose Mother from the top of their library (cascade) [CR 702.85a]
        #35 Alice chooses to cast The Goose Mother without paying its mana cost (cascade) [CR 702.85a]
        #36 Alice casts The Goose Mother without paying its mana cost with X = 0
            [CR 601.2, 608.2g, 118.9, 107.3b]
        """
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.Resolve(copy, free_cast, x, acts.freeze(mana_from)))
        if copy is not None:
            check.whole_number("copy", copy, 1, limits.MAX_OBJECTS)
        if free_cast is not None:
            check.flag("free_cast", free_cast)
        if x is not None:
            check.whole_number("x", x, 0, limits.MAX_X)
        sources = None if mana_from is None else [
            self.obj(r).id for r in check.ref_list("mana_from", mana_from)]
        self._check_not_over()
        if self._s.priority is None:  # nobody can pass, so nothing resolves (CR 502.4, 514.3)
            raise TimingError(refusal("pass_priority.nobody_has_priority",
                                      step=self._s.step),
                              self._no_priority_rule())
        if not self._s.stack:
            raise TimingError(refusal("resolve.stack_empty_there"), "117.4")
        start = len(self._events)
        self._plans.copy = copy
        self._plans.free_cast, self._plans.x, self._plans.mana_from = free_cast, x, sources
        depth = len(self._s.stack)
        while len(self._s.stack) >= depth and not any(
                isinstance(e, Resolved | Fizzled) and e.id is not None for e in self._events[start:]):
            self._pass()
        if self._plans.copy is not None:
            raise ChoiceError(refusal("resolve.copy_answers_enter"), "707.5")
        if self._plans.free_cast is not None or self._plans.x is not None or self._plans.mana_from:
            raise ChoiceError(refusal("resolve.free_cast_mana"),
                              "702.85a")
        return tuple(self._events[start:])

    @_atomic
    def resolve_stack(self) -> tuple[Event, ...]:
        """All players pass until the stack is empty (triggers that arrive meanwhile resolve too)."""
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.ResolveStack())
        self._check_open()
        start = len(self._events)
        for _ in range(limits.MAX_EVENTS):
            if not self._s.stack or self.over:
                return tuple(self._events[start:])
            self.resolve()
        raise GameOverError(refusal("resolve_stack.stack_never_empties"))  # pragma: no cover

    def _resolve_top(self) -> None:
        """All players passed: the top of the stack resolves (CR 608.2, permanent spells 608.3),
        unless its targets are no longer legal (608.2b, 608.3b) or its intervening "if" is
        false (603.4): then it is removed from the stack without resolving."""
        item = self._s.stack.pop()
        self._s.priority = None
        spell = self._s.objects[item.id] if item.kind == "spell" else None
        permanent = spell is not None and not spell.card.types & {"Instant", "Sorcery"}
        cond = item.ability.condition if item.ability else None
        problem = self._target_problem(item)
        if cond is not None and not self.rules.intervening_if(self, cond, item.controller, "resolution"):
            self._emit(Fizzled(words=say("fizzle.condition", item=item.name, condition=cond.words),
                               rules=("603.4",),
                               player=item.controller, lane="stack", cause=item.seq, id=item.id,
                               ability=item.kind == "ability"))
        elif item.kind == "ability" and self._refers_to_gone(item) \
                and not self.rules.ability_resolves(self, item):
            self._emit(Fizzled(words=say("fizzle.source_gone", item=item.name), rules=("113.7a",),
                               player=item.controller, lane="stack", cause=item.seq, id=item.id,
                               ability=True))
        elif problem is not None:
            fizzle = self._emit(Fizzled(words=say("fizzle.target", item=item.name, problem=problem),
                                        rules=("608.3b",) if permanent else ("608.2b",),
                                   player=item.controller, lane="stack", cause=item.seq, id=item.id,
                                   ability=item.kind == "ability"))
            if spell is not None:
                with self._caused_by(fizzle.seq):
                    self._move(spell, "graveyard", say("move.to_graveyard"),
                               ("608.3b",) if permanent else ("608.2b",))
        else:
            e = self._emit(Resolved(words=say("Resolved", item=item.name),
                                    rules=("117.4", "608.3") if permanent else ("117.4", "608.2"),
                                    player=item.controller, lane="stack", cause=item.seq, id=item.id,
                                    ability=item.kind == "ability"))
            with self._caused_by(e.seq):
                for eff in item.effects:
                    _EFFECTS[type(eff)](self, eff, item)
                if spell is not None and not permanent:
                    self._move(spell, "graveyard", say("move.to_graveyard"), ("608.2n",))
                elif spell is not None:
                    if self._plans.copy is not None and not spell.card.has(EntersAsCopy):
                        self._copy_choice(spell, item.controller, self._plans.copy)  # refused: no copy
                    aura = isinstance(item.target, int) and spell.card.enchant is not None
                    copied = spell.spell_copy  # it becomes a token as it enters (CR 608.3f)
                    spell.spell_copy, spell.token = False, spell.token or copied
                    self._enter(spell, item.controller,
                                say("enter.resolved", copied=copied,
                                    attached_to=self._target_name(item.target) if aura else None),
                                (("608.3", "608.3c") if aura else ("608.3", "608.3a"))
                                + (("608.3f",) if copied else ()), x=item.x,
                                color=item.color,
                                attach=item.target if aura and isinstance(item.target, int) else None)
        self._grant(self._s.active)  # CR 117.3b: the active player gets priority

    def _refers_to_gone(self, item: StackItem) -> bool:
        """Has the source of ability ``item``, or the creature it refers to (the monarch's
        combat-damage trigger), left the battlefield since (CR 400.7)?"""
        def gone(obj_id: int | None, incarnation: int) -> bool:
            o = self._s.objects.get(obj_id) if obj_id is not None else None
            return o is not None and (o.zone != "battlefield" or o.incarnation != incarnation)
        return gone(item.source_id, item.source_incarnation) or gone(item.data.creature,
                                                                      item.data.creature_incarnation)

    def _target_problem(self, item: StackItem) -> Words | None:
        """Why the target of ``item`` is no longer legal (CR 608.2b), or None. A card that left
        the zone it was in and came back is a new object, so it is no longer the target (400.7)."""
        if item.target is None or item.targets is None:
            return None
        if isinstance(item.target, int) and item.targets.zone != "stack":
            o = self._s.objects[item.target]
            if o.incarnation != item.target_incarnation:
                return say("problem.new_object", card=o.name, zone=item.targets.zone)
        if isinstance(item.target, str) and not self._player(item.target).in_game:
            return say("problem.left_game", target_player=item.target)
        problem = target_problem(item.targets, item.controller, item.target, self)
        return None if problem is None else say("problem.target", problem=problem)

    def _copy_choice(self, o: Obj, who: str, copy: int | None, setup: bool = False) -> Obj | None:
        """What ``o`` enters as a copy of (CR 614.12a, 707.5): ``copy``, or the chooser's pick."""
        if not o.card.has(EntersAsCopy):
            if copy is not None:
                raise ChoiceError(refusal("put_onto_battlefield.cant_enter_as", name=o.name), "707.2")
            return None
        creatures = [c for c in self.permanents() if c.is_a("Creature")]
        labels = [self._choice_label(c.id) for c in creatures] + ["no copy"]
        if copy is not None:
            match = [c for c in creatures if c.id == copy]
            if not match:
                raise ChoiceError(refusal("copy_choice.not_creature_on", copy=copy), "707.2")
            label = f"{match[0].name} #{copy}"
        else:
            label = self.chooser.choose(who, prompt("copy.which", name=o.name), labels)
        self._emit(ChoiceMade(words=say("choice.copy"), rules=("614.1c", "614.12a", "707.2"), player=who,
                              question="copy",
                              answer=label, options=tuple(labels), setup=setup), obj=o)
        return None if label == "no copy" else creatures[labels.index(label)]

    # ------------------------------------------------------------------ effects: one handler each
    @_handles(ReturnFromGraveyard)
    def _return_from_graveyard(self, eff: ReturnFromGraveyard, item: StackItem) -> None:
        assert isinstance(item.target, int)
        o = self._s.objects[item.target]
        self._enter(o, item.controller, say("enter.from_graveyard"), ("608.2",))

    def _target_object(self, item: StackItem) -> Obj:
        """The object ``item`` targets, as it was targeted (checked legal as it began to resolve,
        CR 608.2b)."""
        assert isinstance(item.target, int)
        return self._s.objects[item.target]

    def _until(self, duration: str) -> int | None:
        """The turn in whose cleanup step an effect with this duration ends (CR 514.2)."""
        return self._s.turn if duration == "end_of_turn" else None

    @_handles(GainControl)
    def _gain_control(self, eff: GainControl, item: StackItem) -> None:
        o, who = self._target_object(item), item.controller
        e = self._emit(EffectStarted(words=say("effect.control", card=o.name),
                                     rules=("611.2a", "611.2c", "613.1b"), player=who, effect=item.name))
        self._s.effects.append(ControlEffect(item.name, who, o.id, o.incarnation, e.seq,
                                             until_turn=self._until(eff.duration)))
        with self._caused_by(e.seq):
            self._update_control(o)

    @_handles(UntapTarget)
    def _untap_target(self, eff: UntapTarget, item: StackItem) -> None:
        o = self._target_object(item)
        if o.tapped:
            o.tapped = False
            self._emit(Untapped(words=say("untap.effect", item=item.name), rules=("701.26b",)), obj=o)

    @_handles(GainKeyword)
    def _gain_keyword(self, eff: GainKeyword, item: StackItem) -> None:
        o, who = self._target_object(item), item.controller
        e = self._emit(AbilityGained(rules=("611.2a", "611.2c"), player=who, effect=item.name,
                                     keyword=eff.keyword), obj=o)
        self._s.effects.append(KeywordEffect(item.name, who, o.id, o.incarnation, eff.keyword, e.seq,
                                             until_turn=self._until(eff.duration)))

    @_handles(PreventDamage)
    def _prevent_damage(self, eff: PreventDamage, item: StackItem) -> None:
        prevents = "combat damage" if eff.combat_only else "damage"
        e = self._emit(EffectStarted(words=say("effect.starts", prevents=prevents), rules=("611.2a", "615.1"),
                                     player=item.controller, effect=item.name))
        self._s.effects.append(PreventionEffect(item.name, item.controller, eff.combat_only, e.seq,
                                                until_turn=self._until(eff.duration)))

    @_handles(DrawForEachColor)
    def _draw_for_each_color(self, eff: DrawForEachColor, item: StackItem) -> None:
        colors: set[str] = set()
        for o in self.permanents(item.controller):
            colors |= o.card.colors
        for _ in colors:
            self._draw(item.controller, ("121.1",))

    @_handles(DealDamage)
    def _deal_damage_effect(self, eff: DealDamage, item: StackItem) -> None:
        source = self._s.objects.get(item.source_id) if item.source_id is not None else None
        self._deal_damage(item.source_id, source.name if source else item.name, item.target,
                          eff.amount, combat=False)

    @_handles(DamageYou)
    def _damage_you(self, eff: DamageYou, item: StackItem) -> None:
        """Damage to the ability's controller; as part of a mana ability (Tarnished Citadel), it is
        dealt as the ability resolves at once (CR 605.1a, 605.3b)."""
        mana = ("605.1a", "605.3b") if any(isinstance(e, AddMana) for e in item.effects) else ()
        self._deal_damage(item.source_id, item.name.removesuffix("'s ability"), item.controller,
                          eff.amount, combat=False, also=mana)

    @_handles(GainLife)
    def _gain_life(self, eff: GainLife, item: StackItem) -> None:
        who = item.controller
        self._player(who).life += eff.amount
        e = self._emit(LifeChanged(words=say("life.gain"), rules=("119.3",), player=who,
                                   delta=eff.amount))
        self._player(who).life_seq = e.seq

    @_handles(PutCounters)
    def _put_counters(self, eff: PutCounters, item: StackItem) -> None:
        source = self._source(item)
        if source is None:  # it left the battlefield: a new object isn't "this" one (CR 400.7)
            self._emit(Fizzled(words=say("fizzle.no_counter", item=item.name),
                               rules=("400.7", "113.7a"), player=item.controller, lane="stack"))
            return
        if source.counters.get(eff.kind, 0) + eff.amount > limits.MAX_COUNTERS:
            raise LimitError(refusal("put_counters.would_have_counters", name=source.name,
                                     total=source.counters.get(eff.kind, 0) + eff.amount, kind=eff.kind),
                             "MAX_COUNTERS", limits.MAX_COUNTERS)
        source.add_counters(eff.kind, eff.amount)
        e = self._emit(CountersChanged(words=say("counters.put"),
                                       rules=("122.1",), counter=eff.kind, delta=eff.amount),
                       obj=source)
        source.toughness_seq = e.seq

    @_handles(PutCountersOnEach)
    def _put_counters_on_each(self, eff: PutCountersOnEach, item: StackItem) -> None:
        for o in self.permanents(item.controller):
            if not o.is_a(eff.card_type):
                continue
            if o.counters.get(eff.kind, 0) + eff.amount > limits.MAX_COUNTERS:
                raise LimitError(refusal("put_counters.would_have_counters", name=o.name,
                                         total=o.counters.get(eff.kind, 0) + eff.amount, kind=eff.kind),
                                 "MAX_COUNTERS", limits.MAX_COUNTERS)
            o.add_counters(eff.kind, eff.amount)
            e = self._emit(CountersChanged(words=say("counters.put"),
                                           rules=("122.1",), counter=eff.kind, delta=eff.amount), obj=o)
            o.toughness_seq = e.seq

    @_handles(CreateEffect)
    def _create_effect(self, eff: CreateEffect, item: StackItem) -> None:
        who, label = item.controller, item.name.replace("'s ability", "")
        until = self._until(eff.duration)
        e = self._emit(EffectStarted(words=say("effect.starts", replacement=eff.replacement.describe()),
                                     rules=("611.2a", "614.1a"), player=who, effect=label))
        self._s.effects.append(ContinuousEffect(label, who, eff.replacement, e.seq, until_turn=until))

    @_handles(BecomeMonarch)
    def _become_monarch(self, eff: BecomeMonarch, item: StackItem) -> None:
        # 725.1 (an effect makes the first monarch) only when there is none yet; else 725.3 decides
        self._set_monarch(item.controller, ("725.3",) if self._s.monarch else ("725.1", "725.3"))

    @_handles(CreatureControllerBecomesMonarch)
    def _creature_controller_becomes_monarch(self, eff: CreatureControllerBecomesMonarch,
                                             item: StackItem) -> None:
        """CR 725.2: "its controller" is read as the ability resolves: the creature's controller
        now, or, if it has left the battlefield, its last known controller (CR 608.2h)."""
        creature, then = item.data.creature, item.data.creature_incarnation
        assert creature is not None and item.data.creature_controller is not None
        o = self._s.objects[creature]
        # if it left the battlefield, even to come back as a new object (CR 400.7), the crown
        # goes by the last known information of the creature that dealt the damage
        gone = o.zone != "battlefield" or o.incarnation != then
        self._set_monarch(self.rules.crown_taker(self, creature, then),
                          ("725.2", "725.3") + (("608.2h",) if gone else ()))

    @_handles(Draw)
    def _draw_effect(self, eff: Draw, item: StackItem) -> None:
        for _ in range(eff.amount):
            if item.ability is MONARCH_DRAW:
                self._draw(self.rules.monarch_drawer(self, item.controller), ("121.1", "725.2"))
            else:
                self._draw(item.controller, ("121.1",))

    @_handles(CreateTokens)
    def _create_tokens(self, eff: CreateTokens, item: StackItem) -> None:
        who = item.controller
        rules: tuple[str, ...]
        if isinstance(eff.count, int):
            n, why, rules = eff.count, "", ("608.2",)
        elif isinstance(eff.count, CountersOnIt) and item.source_id is not None:  # CR 603.10a
            seen = self.rules.left_with_counters(self, self._s.objects[item.source_id], item.data.counters)
            n, why, rules = eff.count.count(item.x, seen)
        else:
            n, why, rules = eff.count.count(item.x, item.data.counters)
        if n == 0:
            self._emit(NoTokens(words=say("NoTokens", item=item.name, why=why), rules=rules,
                                player=who, token=eff.token))
            return
        defn = self._card(eff.token)
        if not self._player(who).in_game:
            return  # CR 800.4b: no token is created for a player who left the game
        if len(self._s.objects) + n > limits.MAX_OBJECTS:
            raise LimitError(refusal("create_tokens.more_tokens_would", n=n,
                                     total=len(self._s.objects) + n), "MAX_OBJECTS", limits.MAX_OBJECTS)
        for _ in range(n):
            t = self._new_obj(defn, who, "token")
            t.token = True
            self._enter(t, who, say("enter.token", why=why),  # counted as it left: CR 603.10a
                        ("111.1",) + (("603.10a",) if isinstance(eff.count, CountersOnIt) else ()))

    @_handles(SacrificeCreature)
    def _sacrifice_creature(self, eff: SacrificeCreature, item: StackItem) -> None:
        player = str(item.target)
        self._sacrifice_choice(player, "Creature", None,
                               chooser=self.rules.sacrifice_chooser(self, player, item.controller))

    @_handles(SacrificeUnless)
    def _sacrifice_unless(self, eff: SacrificeUnless, item: StackItem) -> None:
        who = item.controller
        source = self._source(item)
        kept = self._sacrifice_choice(who, eff.card_type, source)
        if kept is None and source is not None:
            self._move(source, "graveyard", say("move.sacrifice", who=who), ("701.21a",))

    @_handles(MaySacrificeToDraw)
    def _may_sacrifice_to_draw(self, eff: MaySacrificeToDraw, item: StackItem) -> None:
        who = item.controller
        options = [o for o in self.permanents(who) if o.is_a(eff.card_type)]
        labels = [f"sacrifice {self._choice_label(o.id)}" for o in options] + ["don't"]
        label = self.chooser.choose(who, prompt("sacrifice.may_to_draw", card_type=eff.card_type), labels)
        self._emit(ChoiceMade(words=say("choice.answer"), rules=("608.2d",), player=who,
                              question="may sacrifice", answer=label, options=tuple(labels)))
        if label != "don't":
            o = options[labels.index(label)]
            self._move(o, "graveyard", say("move.sacrifice", who=who), ("701.21a",))
            self._draw(who, ("121.1",))

    @_handles(ExileUntil)
    def _exile_until(self, eff: ExileUntil, item: StackItem) -> None:
        o, who = self._target_object(item), item.controller
        since = item.data.triggered_at or item.seq
        already = next((e for e in self._events[since:] if eff.until.ends(e, who)), None)
        if already is not None:  # CR 610.3b: what it waits for has already happened
            self._emit(Fizzled(words=say("fizzle.not_exiled", card=o.name,
                                         until=eff.until.describe(who, happened=True), already=already.seq),
                               rules=("610.3b",),
                               player=who, lane="stack"))
            return
        self._move(o, "exile", say("move.exiled_until", until=eff.until.describe(who)), ("610.3",))
        self._s.jailed.append(Exiled(o.id, o.incarnation, who, eff.until, item.source_id,
                                     item.source_incarnation))

    @_handles(CopyTarget)
    def _copy_target(self, eff: CopyTarget, item: StackItem) -> None:
        """CR 707.10: a copy of the target spell or ability goes on the stack with every choice made
        for the original (its target and X included); its controller may choose new targets for it
        only when the effect says so (707.10c)."""
        original = next(i for i in self._s.stack if i.id == item.target)
        who = item.controller
        target = self._new_target(original, who) if eff.new_targets else original.target
        changed = ("707.10c",) if target != original.target else ()
        if original.kind == "spell":
            card = self._s.objects[original.id]
            copy = self._new_obj(card.card, who, "stack")  # its owner: who puts it there (707.10)
            copy.spell_copy, copy.controller = True, who
            has_x = bool(card.card.cost and card.card.cost.x_count)
            x = int(self.rules.copy_x(self, original)) if has_x else original.x
            e: Event = self._emit(SpellCopied(
                words=say("SpellCopied", of=original.name, has_x=has_x,
                          target_name=self._target_name(target)),
                rules=("707.10",) + changed, player=who, lane="stack", **self._where(copy, "stack"),
                original=original.id, x=x, target=target), obj=copy)
            if self.rules.copy_is_cast(self, original):  # by the rules it isn't (707.10)
                e = self._emit(SpellCast(
                    words=say("SpellCast", has_x=has_x, target_name=self._target_name(target),
                              in_response=True, cast_before=self._player(who).spells_cast),
                    rules=("601.2",), player=who, lane="stack", **self._where(copy, "stack"), frm="stack",
                    x=x, mana_value=self._mana_value(copy, x), target=target, free=False, cost_increase=0),
                    obj=copy)
            new = self._new_stack_item(copy.id, "spell", original.name, who, original.effects,
                                       original.text, e.seq, source_id=copy.id, target=target,
                                       x=x, targets=original.targets, color=original.color,
                                       source_incarnation=copy.incarnation,
                                       target_incarnation=self._incarnation(target))
        else:
            new = self._new_stack_item(self._take_id(), "ability", original.name, who, original.effects,
                                       original.text, 0, source_id=original.source_id, target=target,
                                       x=original.x, ability=original.ability, data=original.data,
                                       targets=original.targets,
                                       source_incarnation=original.source_incarnation,
                                       target_incarnation=self._incarnation(target))
            e = self._emit(AbilityCopied(words=say("AbilityCopied", of=original.name,
                                                   target_name=self._target_name(target)),
                                         rules=("707.10", "707.10b") + changed, player=who, lane="stack",
                                         id=new.id, name=new.name, target=target, original=original.id))
            new.seq = e.seq
        self._s.stack.append(new)

    def _new_target(self, original: StackItem, who: str) -> Target | None:
        """The copy's target (CR 707.10c): the original's, or a new legal one its controller chooses."""
        if original.target is None or original.targets is None:
            return original.target
        options = [original.target] + [t for t in legal_targets(original.targets, who, self)
                                       if t != original.target]
        if len(options) == 1:
            return original.target
        labels = [self._choice_label(t) for t in options]
        label = self.chooser.choose(who, prompt("target.copy", original=original.name), labels)
        self._emit(ChoiceMade(words=say("choice.copy_target", of=original.name),
                              rules=("707.10c",), player=who,
                              question="target", answer=label, options=tuple(labels)))
        return options[labels.index(label)]

    @_handles(Cascade)
    def _cascade(self, eff: Cascade, item: StackItem) -> None:
        """CR 702.85a: exile from the top of the library until a nonland card with a lesser mana
        value (X is 0 off the stack, 202.3e); its controller may cast it without paying its mana
        cost; the rest go to the bottom of the library in a random order (reproducible: seeded by
        this ability's event number)."""
        who, mv = item.controller, item.data.mana_value
        library = self.zone(who, "library")
        exiled: list[Obj] = []
        hit: Obj | None = None
        while library and hit is None:
            card = library.pop()
            self._move(card, "exile", say("move.cascade_exile", who=who), ("702.85a",))
            exiled.append(card)
            if not card.is_a("Land") and self.has_mana_value(card.id) and self._mana_value(card, None) < mv:
                hit = card
        if hit is not None and self._cascade_cast(hit, who, mv):
            exiled.remove(hit)
        random.Random(item.seq).shuffle(exiled)
        bottom = min((o.position for o in self.zone(who, "library")), default=0)
        for card in exiled:
            bottom -= 1
            card.position = bottom
            self._move(card, "library", say("move.cascade_bottom", who=who), ("702.85a",))

    def _cascade_cast(self, card: Obj, who: str, mv: int) -> bool:
        """Cascade's "you may cast it without paying its mana cost" (CR 702.85a, 608.2g): the
        player's choice (``resolve(free_cast=...)`` or the chooser), with X 0 (107.3b) and its
        targets chosen by the chooser (601.2c). Whether it was cast."""
        wanted, x, self._plans.free_cast, self._plans.x = self._plans.free_cast, self._plans.x, None, None
        sources, self._plans.mana_from = self._plans.mana_from, None
        cost = card.card.cost
        if x and (cost is None or not cost.x_count):
            raise ChoiceError(refusal("cascade_cast.spell_with_cost", card=card.name, x=x), "107.3a")
        if x:
            raise ChoiceError(refusal("cascade_cast.cast_without_paying", card=card.name, x=x), "107.3b")
        if sources and not wanted:
            raise ChoiceError(refusal("cascade_cast.mana_from_names"), "601.2g")
        spec = card.card.spell_targets
        targets = legal_targets(spec, who, self) if spec is not None else []
        problem = self._cannot_cast_free(card, who, mv, spec)
        if problem is not None:
            if wanted:
                raise ChoiceError(*problem)
            return False
        tax = self._cost_increase(who)  # a cost increase still applies (CR 601.2f, 118.9d)
        unpaid = bool(tax) and not sources and not payments(self._spendable(who, card)[0],
                                                            ManaCost.of(tax))[0]
        if unpaid and wanted:
            raise ChoiceError(refusal("cascade_cast.even_cast_without",
                                      increase=self._cost_increase_words(who, card.name), who=who), "601.2h")
        labels = [f"cast {self._choice_label(card.id)} without paying its mana cost", "don't cast it"]
        label = labels[0 if wanted else 1] if wanted is not None or unpaid else self.chooser.choose(
            who, prompt("cascade.cast", card=card.name), labels)
        self._emit(ChoiceMade(words=say("choice.cascade_cast", cast=label == labels[0]),
                              rules=("702.85a",) + (("601.2f", "601.2h") if unpaid else ()),
                              player=who, question="cast", answer=label, options=tuple(labels)), obj=card)
        if label != labels[0]:
            return False
        target: Target | None = None
        if targets:
            names = [self._choice_label(t) for t in targets]
            chosen = self.chooser.choose(who, prompt("target.spell", card=card.name), names)
            target = targets[names.index(chosen)]
            self._emit(ChoiceMade(words=say("choice.target", of=card.name), rules=("601.2c",), player=who,
                                  question="target", answer=chosen, options=tuple(names)), obj=card)
        for source in sources or ():  # CR 601.2g: mana abilities before the cost is paid
            self._activate_mana_while_casting(source, who, card.name)
        tax = self._cost_increase(who)
        self._check_payment(who, ManaCost.of(tax), 0, None, card.name, "601.2h", spell=card)
        self._cast_spell(card, who, target, self._free_x(card, who), None, ManaCost.of(tax), 0, None,
                         free=True, tax=tax)
        return True

    def _free_x(self, card: Obj, who: str) -> int:
        """The X of ``card`` cast without paying its mana cost (CR 107.3b: 0); a player asked
        only when the rules allow more than one value."""
        cost = card.card.cost
        if cost is None or not cost.x_count:
            return 0
        values = tuple(self.rules.free_cast_x(self, card))
        if len(values) == 1:
            return int(values[0])
        labels = [f"X = {v}" for v in values]
        label = self.chooser.choose(who, prompt("cascade.x", card=card.name), labels)
        self._emit(ChoiceMade(words=say("choice.x", of=card.name), rules=("107.3b",), player=who,
                              question="X", answer=label, options=tuple(labels)), obj=card)
        return int(values[labels.index(label)])

    def _cannot_cast_free(self, card: Obj, who: str, mv: int,
                          spec: TargetSpec | None) -> tuple[str, str] | None:
        """Why cascade can't cast ``card`` at all (the reason and its rule), or None."""
        cost = card.card.cost
        if not card.card.types - {"Land"}:
            return (refusal("cascade_cast.no_card_type", name=card.name), "702.85a")
        if self._mana_value(card, None) >= mv:
            return (refusal("cascade_cast.mana_value_not_less", name=card.name, mv=mv, who=who), "702.85a")
        if cost is not None and cost.x_count and not self.rules.may_cast_free(self, card):
            return (refusal("cascade_cast.never_free", card=card.name), "107.3b")
        if spec is not None:
            missing = no_target_reason(spec, who, self)
            if missing is not None:
                return (refusal("some_target.needs_target_there", what=card.name, text=spec.text,
                                missing=missing), "601.2c")
        return None

    def _total_cost_words(self, o: Obj, who: str, tax: int, convoked: Sequence[tuple[Obj, str]]) -> str:
        """Where the mana to pay for spell ``o`` came from, when it isn't just its mana cost: a cost
        increase (CR 601.2f) and what convoke left of the total cost (702.51b)."""
        parts = [f"{o.card.cost or ManaCost()} plus {{{tax}}}: {self._cost_increase_words(who, o.name)}, "
                 f"CR 601.2f"] if tax else []
        if convoked:
            paid = "".join(symbol for _, symbol in convoked)
            parts.append(f"what is left once the convoking creatures paid {paid}, 702.51b")
        return f" ({'; '.join(parts)})" if parts else ""

    def _cost_increase_words(self, who: str, spell: str) -> str:
        """Where a spell's cost increase comes from (CR 601.2f): ``Damping Sphere makes Lightning
        Bolt cost {1} more, as Alice has cast 1 other spell this turn``."""
        n = self._player(who).spells_cast
        names = " and ".join(o.name for o, _ in self._statics(CostIncrease))
        return (f"{names} make{'s' if ' and ' not in names else ''} {spell} cost "
                f"{{{self._cost_increase(who)}}} more, as {who} has cast {n} other "
                f"spell{'s' if n != 1 else ''} this turn")

    def _activate_mana_while_casting(self, ref: int, who: str, spell: str, index: int | None = None,
                                     choice: str | None = None) -> None:
        """``who`` activates mana ability ``index`` (the first by default) of ``ref`` while casting
        ``spell`` (CR 601.2g; during a resolution, 608.2g): checked as :meth:`activate` checks it,
        except for priority. ``choice`` picks the mana, as ``activate(choice=...)`` does."""
        o = self.obj(ref)
        if index is None:
            index = next((i for i, a in enumerate(o.card.activated) if a.is_mana_ability), None)
        if index is None:
            raise ChoiceError(refusal("activate_mana_while_casting.has_no_mana", name=o.name, spell=spell),
                              "601.2g")
        o, ab = self._check_activate(o.id, index, who, timing=False)
        act = self._emit(AbilityActivated(words=say("AbilityActivated", ability_text=ab.text),
                                          rules=("602.2", "601.2g"), player=who, ability=index,
                                          mana_ability=True), obj=o)
        with self._caused_by(act.seq):
            self._pay_cost(o, ab)
        self._produce_mana(o, ab, act.seq, None, choice, None)

    @_handles(CounterTriggeringSpell)
    def _counter_triggering_spell(self, eff: CounterTriggeringSpell, item: StackItem) -> None:
        spell = next((i for i in self._s.stack if i.id == item.data.spell), None)
        if spell is None:
            self._emit(Fizzled(words=say("fizzle.spell_gone", item=item.name),
                               rules=("608.2",), player=item.controller, lane="stack"))
            return
        self._s.stack.remove(spell)
        self._emit(Countered(words=say("Countered", spell=spell.name), rules=("701.6a",),
                             player=spell.controller, lane="stack", id=spell.id))
        self._move(self._s.objects[spell.id], "graveyard", say("move.to_graveyard"), ("701.6a",))

    def _source(self, item: StackItem) -> Obj | None:
        """The permanent an ability on the stack refers to as "this", if it is still the same
        object on the battlefield (CR 400.7); None if it left."""
        o: Obj | None = self._s.objects.get(item.source_id) if item.source_id is not None else None
        if o is None or o.zone != "battlefield" or o.incarnation != item.source_incarnation:
            return None
        return o

    @_handles(AddMana)
    def _add_mana_effect(self, eff: AddMana, item: StackItem) -> None:  # pragma: no cover
        raise AssertionError("mana abilities resolve at once and never use the stack")

    def _sacrifice_choice(self, player: str, card_type: str, instead: Obj | None,
                          chooser: str | None = None) -> Obj | None:
        """``player`` sacrifices a ``card_type`` of their choice (or, with ``instead``, may
        keep the creatures and sacrifice ``instead``); ``chooser``: who chooses, if another
        player does (by a rules variant). Returns what was sacrificed."""
        chooser = chooser or player
        if not self._player(player).in_game:
            return None
        options = [o for o in self.permanents(player) if o.is_a(card_type) and o is not instead]
        labels = [self._choice_label(o.id) for o in options]
        if instead is not None:
            labels.append(f"sacrifice {instead.name} instead")
        if not labels:
            self._emit(ChoiceMade(words=say("choice.nothing_to_sacrifice", card_type=card_type),
                                  rules=("701.21a",), player=player, question="sacrifice",
                                  answer="nothing"))
            return None
        label = self.chooser.choose(chooser, prompt("sacrifice.which", card_type=card_type, player=player),
                                    labels)
        self._emit(ChoiceMade(words=say("choice.answer"), rules=("701.21a",), player=chooser,
                              question="sacrifice", answer=label, options=tuple(labels)))
        if instead is not None and label == labels[-1]:
            return None
        o = options[labels.index(label)]
        self._move(o, "graveyard", say("move.sacrifice", who=player), ("701.21a",))
        return o

    # ------------------------------------------------------------------ damage
    def _deal_damage(self, source_id: int | None, source: str, target: Target | None,
                     amount: int, *, combat: bool, also: tuple[str, ...] = (),
                     redirected: bool = False) -> None:
        """``amount`` damage is dealt, redirected (CR 614.9) or prevented (615.6). ``also``: the
        rules of what deals it (a mana ability's, 605.1a); ``redirected``: a Protector took it."""
        rules = (("510.2",) if combat else ("120.3",)) + also
        prevention = self._prevention(combat)
        if isinstance(target, str):
            protector, options = self._redirect_to(target, source, combat, prevention)
            if isinstance(protector, PreventionEffect):
                self._prevent(protector, source_id, source, amount, combat, target)
                return
            if protector is not None:
                self._redirect(protector, options, source_id, source, target, amount, combat, also)
                return
            self._damage_player(source_id, source, target, amount, combat, rules)
        else:
            assert target is not None
            o = self._s.objects[target]
            if prevention is not None:  # after a redirection, what applies is looked at again
                self._prevent(prevention, source_id, source, amount, combat, o.id,
                              ("616.1f", "614.9") if redirected else ())
                return
            o.damage += amount
            src = self._s.objects.get(source_id) if source_id is not None else None
            if src is not None and "deathtouch" in self.keywords(src):
                o.deathtouch_damage = True
            e = self._emit(DamageDealt(words=say("damage.object"),
                                       rules=rules + ("120.3e",), to_id=o.id, amount=amount,
                                       combat=combat, source=source, source_id=source_id,
                                       source_incarnation=self._incarnation(source_id)), obj=o)
            o.damage_seq = e.seq

    def _redirect(self, protector: Obj, options: list[Obj], source_id: int | None, source: str,
                  player: str, amount: int, combat: bool, also: tuple[str, ...]) -> None:
        """Damage to ``player`` is dealt to ``protector`` instead (CR 614.9): all of it, as the
        rules say where it goes (:meth:`~mtgkit.variants.Rules.redirected_shares`)."""
        redirect = self._emit(DamageRedirected(
            words=say("DamageRedirected"), rules=("614.9",), player=player,
            effect=protector.name, before=player, after=protector.name, source=source,
            amount=amount, combat=combat, source_id=source_id), obj=protector)
        combat_now = self.rules.redirected_combat(self, combat)
        source_now = self.rules.redirected_source(self, source_id, protector)
        if source_now != source_id and source_now is not None:
            source = self._s.objects[source_now].name
        with self._caused_by(redirect.seq):
            for to, share in self.rules.redirected_shares(self, player, protector, options, amount):
                if isinstance(to, str):  # a share the redirection doesn't take (by a rules variant)
                    self._damage_player(source_now, source, to, share, combat_now,
                                        (("510.2",) if combat_now else ("120.3",)) + also)
                else:
                    self._deal_damage(source_now, source, to, share, combat=combat_now, also=also,
                                      redirected=True)

    def _damage_player(self, source_id: int | None, source: str, target: str, amount: int, combat: bool,
                       rules: tuple[str, ...]) -> None:
        """``amount`` damage is dealt to player ``target``: they lose that much life (CR 120.3a)."""
        e = self._emit(DamageDealt(words=say("damage.player"),
                                   rules=rules + ("120.3a",), player=target, lane=target,
                                   to_player=target, amount=amount, combat=combat,
                                   source=source, source_id=source_id,
                                   source_incarnation=self._incarnation(source_id)))
        with self._caused_by(e.seq):
            self._player(target).life -= amount
            loss = self._emit(LifeChanged(words=say("life.loss"),
                                          rules=("120.3a", "119.3"), player=target, delta=-amount))
            self._player(target).life_seq = loss.seq

    def _prevention(self, combat: bool) -> PreventionEffect | None:
        """The prevention effect that would prevent this damage (CR 615.1), if any."""
        return next((e for e in self._s.effects if isinstance(e, PreventionEffect)
                     and (combat or not e.combat_only)), None)

    def _prevent(self, eff: PreventionEffect, source_id: int | None, source: str, amount: int,
                 combat: bool, target: Target, also: tuple[str, ...] = ()) -> None:
        """The damage is prevented: it is never dealt (CR 615.6)."""
        to = self._target_name(target)
        self._emit(DamagePrevented(words=say("DamagePrevented", to=to), rules=("615.1", "615.6") + also,
                                   player=eff.controller,
                                   lane=to if isinstance(target, str) else "", effect=eff.label,
                                   source=source, amount=amount, combat=combat, source_id=source_id,
                                   to_player=target if isinstance(target, str) else None,
                                   to_id=target if isinstance(target, int) else None),
                   obj=self._s.objects[target] if isinstance(target, int) else None)

    def _redirect_to(self, player: str, source: str, combat: bool,
                     prevention: PreventionEffect | None = None
                     ) -> tuple[Obj | PreventionEffect | None, list[Obj]]:
        """CR 614.9: a Protector of the Crown its controller controls takes the damage instead.
        With several, their controller chooses one (all of one source's damage goes to it). With a
        prevention effect too, the player chooses which applies first (616.1), the effects listed
        oldest first; the prevention effect, if chosen, is returned (it prevents the damage).
        Returns what applies and the Protectors that could have."""
        options = self.rules.redirectors(self, player, combat)
        return self._redirection_choice(player, source, options, prevention), options

    def _redirection_choice(self, player: str, source: str, options: list[Obj],
                            prevention: PreventionEffect | None) -> Obj | PreventionEffect | None:
        if options and prevention is not None:
            effects: list[tuple[int, str, Obj | PreventionEffect]] = sorted(
                [(o.timestamp, self._choice_label(o.id), o) for o in options]
                + [(prevention.seq, prevention.label, prevention)], key=lambda t: t[0])
            labels = [label for _, label, _ in effects]
            label = self.chooser.choose(player, prompt("damage.effect_order", source=source), labels)
            self._emit(ChoiceMade(words=say("choice.damage_effect", source=source), rules=("616.1",),
                                  player=player,
                                  question="damage effect", answer=label, options=tuple(labels)))
            return effects[labels.index(label)][2]
        if not options:
            return prevention
        optional = self.rules.redirection_optional(self, player)
        if len(options) == 1 and not optional:
            return options[0]
        labels = [self._choice_label(o.id) for o in options] + (["no redirection"] if optional else [])
        label = self.chooser.choose(player, prompt("damage.redirection", source=source), labels)
        self._emit(ChoiceMade(words=say("choice.protector", source=source), rules=("616.1", "614.9"),
                              player=player,
                              question="protector", answer=label, options=tuple(labels)))
        return options[labels.index(label)] if label in labels[:len(options)] else None

    # ------------------------------------------------------------------ combat
    @_atomic
    def attack(self, attackers: Iterable[int | str] | Mapping[int, str] | Mapping[str, str]
               | Mapping[int | str, str], defender: str | None = None) -> tuple[Event, ...]:
        """Declare attackers (CR 508.1): a list (all attack ``defender``, by default the next
        opponent) or a dict ``{creature: player}``.

        Call it in the beginning of combat step: all players pass, the declare attackers step
        begins and the active player declares these attackers as it does (a turn-based action),
        then gets priority.
        """
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.Attack(acts.freeze(attackers), defender))
        self._check_open()
        if defender is not None:
            self._player(defender, "defender")
        if isinstance(attackers, Mapping):
            wanted = [(check.ref("attackers key", a), check.text(f"attackers[{a!r}]", d))
                      for a, d in attackers.items()]
        else:
            default = defender or self._default_defender()
            wanted = [(a, default) for a in check.ref_list("attackers", attackers)]
        self._check_attack_timing()
        plan = [(self.obj(a).id, d) for a, d in wanted]
        self._check_attack(plan)
        start = self._plans.since = len(self._events)
        self._plans.attack = plan
        self._end_current_step()  # everyone passes; the attackers are declared as the step begins
        return tuple(self._events[start:])

    def can_attack(self, creature: int | str, defender: str | None = None) -> bool:
        """Could ``creature`` be declared as an attacker of ``defender`` (by default the next
        opponent) now, by :meth:`attack`? Changes nothing (see :meth:`attack_refusal` for why not).

        >>> g = Game(["Alice", "Bob"])
        >>> bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
        >>> goblin = g.put_onto_battlefield("Grizzly Bears", "Alice", arrived="this turn")
        >>> _ = g.advance(to="beginning_of_combat")
        >>> g.can_attack(bears), g.can_attack(goblin)
        (True, False)
        """
        return self.attack_refusal(creature, defender) is None

    def attack_refusal(self, creature: int | str, defender: str | None = None) -> RulesError | None:
        """The :class:`RulesError` that ``attack([creature], defender)`` would raise now, without
        raising it or changing anything (None when it could attack): its ``reason`` and ``rule``
        say why (tapped, summoning sickness, not the step to declare attackers in, ...)."""
        check.ref("creature", creature)
        if defender is not None:
            self._player(defender, "defender")
        return self.refusal(acts.Attack((creature,), defender))  # the action, tried

    def can_block(self, blocker: int | str, attacker: int | str) -> bool:
        """Could ``blocker`` be declared as a blocker of ``attacker`` now, by :meth:`block`?
        Changes nothing (see :meth:`block_refusal` for why not)."""
        return self.block_refusal(blocker, attacker) is None

    def block_refusal(self, blocker: int | str, attacker: int | str) -> RulesError | None:
        """The :class:`RulesError` that ``block({blocker: attacker})`` would raise now, without
        raising it or changing anything (None when it could block): tapped, not attacked by that
        creature, flying (CR 702.9b), not the step to declare blockers in, ..."""
        check.ref("blocker", blocker)
        check.ref("attacker", attacker)
        return self.refusal(acts.Block(((blocker, attacker),)))  # the action, tried

    def _default_defender(self) -> str:
        opponents = [p for p in self._apnap() if p != self._s.active]
        return opponents[0] if opponents else ""

    def _check_attack_timing(self) -> None:
        if self._s.step != "beginning_of_combat":
            raise TimingError(refusal("attack_timing.attackers_are_declared"), "508.1")
        self._check_not_over()

    def _check_block_timing(self) -> None:
        if self._s.step != "declare_attackers" or not self._s.attacked:
            raise TimingError(refusal("block_timing.blockers_are_declared"), "509.1")
        self._check_not_over()

    def _check_attack(self, plan: list[tuple[int, str]]) -> None:
        s = self._s
        opponents = [p for p in self._apnap() if p != s.active]
        seen: set[int] = set()
        for oid, d in plan:
            o = s.objects[oid]
            if oid in seen:
                raise CombatError(refusal("attack.listed_twice_creature", name=o.name), "508.1a")
            seen.add(oid)
            if d not in opponents:
                raise CombatError(refusal("attack.not_opponent_still", defender=d, active=s.active), "508.1b")
            if o.zone != "battlefield" or self._user(o) != s.active or not o.is_a("Creature"):
                raise CombatError(refusal("attack.not_creature_controls", name=o.name, active=s.active),
                                  "508.1a")
            if o.tapped:
                raise CombatError(refusal("attack.tapped_untapped_creatures", name=o.name),
                                  "508.1a")
            if self.rules.summoning_sick(self, o, "attack"):
                raise SummoningSicknessError(
                    refusal("attack.cant_attack_hasnt", name=o.name, active=s.active))

    def _declare_attackers(self, plan: list[tuple[int, str]]) -> None:
        """CR 508.1: the turn-based action that starts the declare attackers step."""
        s = self._s
        with self._declaring("attack()"):
            self._check_attack(plan)
        s.attacked = bool(plan)
        for oid, d in plan:
            o = s.objects[oid]
            s.attackers[o.id] = d
            e = self._emit(AttackDeclared(rules=("508.1", *self._sickness_rules(o, "702.10b")),
                                          defender=d), obj=o, root=True)
            s.combat_seq[o.id] = e.seq
            if self.rules.attacking_taps(self, o):
                o.tapped = True
                self._emit(Tapped(words=say("tap.attack"), rules=("508.1f",),
                                  cause=e.seq), obj=o)

    @_atomic
    def block(self, blocks: Mapping[int, int] | Mapping[str, str] | Mapping[int | str, int | str]
              ) -> tuple[Event, ...]:
        """Declare blockers: ``{blocker: attacker}`` (CR 509.1).

        Call it in the declare attackers step: all players pass, the declare blockers step
        begins and the defending players declare these blockers as it does.
        """
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.Block(acts.freeze(blocks)))
        self._check_open()
        if not isinstance(blocks, Mapping):
            raise TypeError(refusal("block.blocks_must_dict", blocks=blocks))
        wanted = [(check.ref("blocks key", b), check.ref(f"blocks[{b!r}]", a)) for b, a in blocks.items()]
        self._check_block_timing()
        plan = [(self.obj(b).id, self.obj(a).id) for b, a in wanted]
        self._check_block(plan)
        start = self._plans.since = len(self._events)
        self._plans.block = plan
        self._end_current_step()  # everyone passes; the blockers are declared as the step begins
        return tuple(self._events[start:])

    def _check_block(self, plan: list[tuple[int, int]]) -> None:
        s = self._s
        for bid, aid in plan:
            b, a = s.objects[bid], s.objects[aid]
            if aid not in s.attackers:
                raise CombatError(refusal("block.not_attacking", attacker=a.name), "509.1a")
            if b.zone != "battlefield" or not b.is_a("Creature") or self._user(b) != s.attackers[aid]:
                raise CombatError(refusal("block.not_creature_controlled", blocker=b.name, attacker=a.name),
                                  "509.1a")
            if b.tapped:
                raise CombatError(refusal("block.tapped_tapped_creatures", blocker=b.name), "509.1a")
            if self.rules.summoning_sick(self, b, "block"):  # never, by CR 302.6
                raise SummoningSicknessError(refusal("block.summoning_sick", blocker=b.name), "302.6")
            if "flying" in self.keywords(a) and not {"flying", "reach"} & self.keywords(b):
                raise CombatError(refusal("block.has_flying_creature", attacker=a.name, blocker=b.name),
                                  "702.9b")

    @contextmanager
    def _declaring(self, call: str) -> Iterator[None]:
        """A declaration checked again as its step begins (CR 508.1, 509.1): if it has become
        illegal since the call checked it, the refusal says what happened in between."""
        try:
            yield
        except RulesError as err:
            happened = [e.text for e in self._events[self._plans.since:]
                        if isinstance(e, Resolved | Fizzled | StateBasedMove | PlayerLeft)]
            if not happened:
                raise
            raise type(err)(refusal("declaring.first_has_every", reason=err.reason, call=call,
                                    happened=happened), err.rule, also=err.also) from None

    def _declare_blockers(self, plan: list[tuple[int, int]]) -> None:
        """CR 509.1: the turn-based action that starts the declare blockers step."""
        s = self._s
        with self._declaring("block()"):
            self._check_block(plan)
        for bid, aid in plan:
            b, a = s.objects[bid], s.objects[aid]
            s.blockers[b.id] = a.id
            if a.id not in s.blocked:
                s.blocked.append(a.id)  # CR 509.1h: it stays blocked from now on
            e = self._emit(BlockDeclared(words=say("BlockDeclared", attacker_name=a.name),
                                         rules=("509.1", "509.1h"),
                                         attacker=a.id), obj=b, root=True)
            s.combat_seq[b.id] = e.seq

    def _combat_damage(self) -> None:
        """CR 510.1-510.2: assign combat damage, then deal it all at once. With first strike or
        double strike in combat this is one of two combat damage steps (510.4): only the
        creatures that assign combat damage in this one do (``Rules.assigns_combat_damage``)."""
        s = self._s
        step: DamageStep = "only"
        if s.step == "first_strike_damage":
            step = "first"
            s.struck_first = tuple(o.id for o in self.in_combat() if self.keywords(o) & _STRIKES_FIRST)
        elif s.struck_first is not None:
            step = "second"
        struck = s.struck_first or ()

        def assigns(o: Obj) -> bool:  # CR 506.4, 510.1a; 510.4 when there are two steps
            return o.zone == "battlefield" and o.power > 0 and (
                step == "only" or self.rules.assigns_combat_damage(self, o, step, o.id in struck))

        plan: list[tuple[Obj, Target, int, tuple[str, ...]]] = []
        for aid, defender in s.attackers.items():
            a = s.objects[aid]
            if assigns(a):
                plan += [(a, t, n, self._strike_rules(a, step, struck) + why)
                         for t, n, why in self._attacker_damage(a, defender)]
        for bid, aid in s.blockers.items():
            b = s.objects[bid]
            # CR 510.1d: it blocks one creature; if that left combat (506.4), even if it came back
            # (a new object, 400.7), it assigns no combat damage
            if aid in s.attackers and assigns(b):
                plan.append((b, aid, b.power, self._strike_rules(b, step, struck)))
        with self._simultaneously():  # CR 510.2: all combat damage is dealt at once
            for src, target, amount, also in plan:
                with self._caused_by(s.combat_seq.get(src.id, self._cause)):
                    self._deal_damage(src.id, src.name, target, amount, combat=True, also=also)

    def _strike_rules(self, o: Obj, step: DamageStep, struck: tuple[int, ...]) -> tuple[str, ...]:
        """The rules by which ``o`` deals combat damage in this step of two (CR 510.4): first
        strike's or double strike's in the first, double strike's when it strikes again."""
        if step == "only":
            return ()
        double = "double strike" in self.keywords(o)
        if step == "first":
            return ("510.4", "702.4b") if double else ("510.4", "702.7b")
        return ("510.4", "702.4b") if double and o.id in struck else ("510.4",)

    def _attacker_damage(self, a: Obj, defender: str) -> list[tuple[Target, int, tuple[str, ...]]]:
        """Where attacking creature ``a`` assigns its combat damage (CR 510.1b-c, 702.19b-d), each
        part with the rules that send it there (beyond 510.2)."""
        s = self._s
        if a.id not in s.blocked:
            # CR 800.4e: not to a player who left
            return [(defender, a.power, ())] if self._player(defender).in_game else []
        blockers = [s.objects[b] for b, t in s.blockers.items() if t == a.id
                    and s.objects[b].zone == "battlefield"]
        if self.rules.tramples(self, a):
            trampled = self._trample(a, blockers, defender)
            if trampled is not None:
                return trampled
        if not blockers:
            self._emit(ChoiceMade(words=say("choice.no_blockers_left"), rules=("509.1h", "510.1c"),
                                  player=a.controller, question="damage assignment",
                                  answer="none"), obj=a)
            return []
        if len(blockers) == 1:
            planned = (self._plans.damage or {}).pop(a.id, None)
            if planned is not None and planned != {blockers[0].id: a.power}:
                raise ChoiceError(refusal("combat_damage.blocked_by_one", attacker=a.name,
                                          name=blockers[0].name, power=a.power), "510.1c")
            return [(blockers[0].id, a.power, ())]
        return [(b.id, n, ()) for b, n in self._divide_damage(a, blockers) if n]

    def _trample(self, a: Obj, blockers: list[Obj], defender: str
                 ) -> list[tuple[Target, int, tuple[str, ...]]] | None:
        """CR 702.19b: blocked attacker ``a`` with trample assigns lethal damage to each of its
        blockers (``Rules.lethal_damage``), and the rest as its controller chooses among them and
        the player it attacks (``damage=`` gives the blockers' parts, the rest goes to the
        player; otherwise the chooser names the player's part, the most first). With no blocker
        left, all of it goes to the player (702.19d). None: nothing can go past (the ordinary
        assignment applies)."""
        who, power = a.controller, a.power
        if not self._player(defender).in_game:
            return None  # CR 800.4e: no damage to a player who left
        if not blockers:
            return [(defender, power, ("702.19d",))]
        lethal = [self.rules.lethal_damage(self, a, b) for b in blockers]
        excess = power - sum(lethal)
        if excess <= 0:
            return None
        names = [self._choice_label(b.id) for b in blockers]
        planned = (self._plans.damage or {}).pop(a.id, None)
        if planned is not None:
            if set(planned) != {b.id for b in blockers} or sum(planned.values()) > power or any(
                    planned[b.id] < n for b, n in zip(blockers, lethal, strict=True)):
                raise ChoiceError(refusal("trample.lethal_first", attacker=a.name, power=power,
                                          names=names, lethal=lethal, player=defender), "702.19b")
            division = [(b, planned[b.id]) for b in blockers]
            past = power - sum(planned.values())
        else:
            past = int(self.chooser.choose(who, prompt("damage.trample", attacker=a.name, player=defender,
                                                       excess=excess),
                                           [str(n) for n in range(excess, -1, -1)]))
            division, left = [], power - past
            for i, b in enumerate(blockers[:-1]):
                most = left - sum(lethal[i + 1:])
                options = [str(n) for n in range(lethal[i], most + 1)]
                n = int(self.chooser.choose(who, prompt("damage.divide", attacker=a.name, blocker=names[i],
                                                        left=left), options))
                division.append((b, n))
                left -= n
            division.append((blockers[-1], left))
        parts = tuple((name, n) for (_, n), name in zip(division, names, strict=True)) + ((defender, past),)
        said = tuple((b.name, n) for b, n in division) + ((defender, past),)
        self._emit(ChoiceMade(words=say("choice.trample", power=power, division=said),
                              rules=("702.19b", "510.1c"), player=who, question="damage assignment",
                              # the player's part first, "all" when it is all the excess
                              answer=(f"{defender}: {'all ' if past == excess else ''}{past}",
                                      *(f"{name}: {n}" for name, n in parts[:-1])),
                              options=(defender, *names)), obj=a)
        return [(b.id, n, ("702.19b",)) for b, n in division if n] + (
            [(defender, past, ("702.19b",))] if past else [])

    def _divide_damage(self, a: Obj, blockers: list[Obj]) -> list[tuple[Obj, int]]:
        """CR 510.1c: an attacker blocked by two or more creatures divides its combat damage
        among them as its controller chooses (``damage=`` or the chooser; the default is
        lethal damage to each in the order they blocked, the rest to the last)."""
        who, power = a.controller, a.power
        names = [self._choice_label(b.id) for b in blockers]
        planned = (self._plans.damage or {}).pop(a.id, None)
        if planned is not None:
            if set(planned) != {b.id for b in blockers} or sum(planned.values()) != power:
                raise ChoiceError(refusal("divide_damage.damage_for_must", attacker=a.name, power=power,
                                          names=names, who=who), "510.1c")
            division = [(b, planned[b.id]) for b in blockers]
        else:
            division, left = [], power
            for i, b in enumerate(blockers[:-1]):
                lethal = min(left, max(b.toughness - b.damage, 0))
                options = [str(lethal)] + [str(n) for n in range(left + 1) if n != lethal]
                label = self.chooser.choose(who, prompt("damage.divide", attacker=a.name, blocker=names[i],
                                                        left=left), options)
                division.append((b, int(label)))
                left -= int(label)
            division.append((blockers[-1], left))
        self._emit(ChoiceMade(words=say("choice.divide_damage", power=power,
                                        division=tuple((name, n) for (_, n), name in zip(division, names,
                                                                                        strict=True))),
                              rules=("510.1c",), player=who, question="damage assignment",
                              answer=tuple(f"{name}: {n}" for (_, n), name in zip(division, names,
                                                                                  strict=True)),
                              options=tuple(names)), obj=a)
        return division

    # ------------------------------------------------------------------ leaving
    @_atomic
    def concede(self, player: str) -> tuple[Event, ...]:
        """``player`` concedes and leaves the game, at any time (CR 104.3a, 800.4a)."""
        if not self._performing:  # a call from outside: the action as a record
            return self._events_of(acts.Concede(player))
        self._living(player, "player")
        self._check_not_over()
        start = len(self._events)
        held = self._s.priority == player
        self._leave({player: (say("leave.concede"), ("104.3a", "800.4a"), None)})
        if (held or self._s.step not in NO_PRIORITY) and not self.over:  # a cleanup step's too (514.3a)
            # CR 800.4a: if they held priority, it passes to the next player still in the game,
            # even one who has passed: that player may act, and when they pass, the players who
            # passed in succession before them needn't pass again (117.4, checked in _pass)
            nxt = self._next_player(player) if held else self._s.priority
            self._grant(nxt or self._s.active, reset=False)
        return tuple(self._events[start:])

    def _leave(self, leaving: Mapping[str, tuple[Words, tuple[str, ...], int | None]],
               together: Callable[[], None] | None = None) -> None:
        """Players leave the game at the same time (CR 800.4a): ``{player: (words, rules, cause)}``.
        If the monarch is among them, the crown passes once, under CR 725.4, to the first player
        (the active one, then in turn order) who is still in the game. If one player is left, they
        win (CR 104.2a); if none, the game is a draw (104.4a): either way it ends at once.

        It is one event (725.4: the crown passes at the same time as the monarch leaves): what
        its parts set off is matched once they are all done (``_one_event``). ``together``
        performs what happens in the same event (the other state-based actions of the same check,
        CR 704.3): after the players are out of the game, before their objects leave or are exiled
        and the effects giving them control end, so what it destroys goes to its owner's graveyard
        and its leaves-the-battlefield abilities are the leaving player's (603.10a, 800.4d)."""
        left: dict[str, int] = {}
        with self._one_event():
            self._leave_at_once(leaving, left, together)
        if self.over:  # CR 104.1: the game ends at once
            winner = self.winner
            self._emit(GameEnded(
                rules=("104.2a",) if winner else ("104.4a",), player=winner, lane="game",
                cause=max(left.values()), winner=winner))

    def _leave_at_once(self, leaving: Mapping[str, tuple[Words, tuple[str, ...], int | None]],
                       left: dict[str, int], together: Callable[[], None] | None = None) -> None:
        """The parts of players leaving (CR 800.4a, 725.4), logged in order; ``left`` gets each
        player's ``PlayerLeft`` event. What they set off is matched after the last part."""
        s = self._s
        for name, (words, rules, cause) in leaving.items():
            self._player(name).in_game = False
            if s.priority == name:
                s.priority = None
            left[name] = self._emit(PlayerLeft(words=words, rules=rules, player=name, cause=cause)).seq
        if s.monarch in left:
            heir = self.rules.heir(self, s.monarch)
            with self._caused_by(left[s.monarch]):
                if heir is None:
                    s.monarch = None
                    self._emit(MonarchChanged(words=say("monarch.nobody"),
                                              rules=("725.4",), monarch=None, changed=True))
                else:
                    self._set_monarch(heir, ("725.4",))
        if together is not None:
            together()
        for name, seq in left.items():
            with self._caused_by(seq):
                for o in [o for o in s.objects.values() if o.owner == name
                          and o.zone not in ("out", "gone")]:
                    self._move(o, "out", say("move.out_with_owner"), ("800.4a",))
                for eff in [e for e in s.effects if isinstance(e, ControlEffect) and e.controller == name]:
                    self._end_effect(eff, ("800.4a",))  # effects that give them control end
                for o in [o for o in self.permanents() if o.controller == name]:
                    self._update_control(o, also=("800.4a",))  # an Aura's too, before the exile
                for item in [i for i in s.stack if i.controller == name and self._theirs(i, name)]:
                    s.stack.remove(item)
                    if item.kind == "ability":
                        self._emit(Fizzled(words=say("fizzle.controller_left", item=item.name),
                                           rules=("800.4a",), player=name, lane="stack",
                                           id=item.id, ability=True))
                for o in [o for o in self.permanents() if o.controller == name]:
                    self._move(o, "exile", say("move.controller_left"),
                               ("800.4a",))
                for t in [t for t in s.pending if t.controller == name]:
                    # CR 800.4a: their abilities waiting to be put on the stack cease to exist too
                    self._emit(Fizzled(words=say("fizzle.pending_controller_left", triggered=t.seq),
                                       rules=("800.4a",), player=name, obj=t.source_name,
                                       obj_id=t.source_id, links=(t.seq,), ability=True))
                s.pending.set(t for t in s.pending if t.controller != name)
                self._reactions = [r for r in self._reactions if r.controller != name]

    def _theirs(self, item: StackItem, name: str) -> bool:
        """Is ``item``, on the stack under leaving player ``name``'s control, theirs, so that it
        ceases to exist with them (CR 800.4a)? The monarch's draw trigger is the drawer's (725.2)."""
        return item.ability is not MONARCH_DRAW or self.rules.monarch_drawer(self, item.controller) == name

    # ------------------------------------------------------------------ state-based actions
    def _check_sba(self) -> bool:
        """CR 704.3: check every state-based action, perform all that apply at once, and repeat
        until none applies. Each one's cause is the event that created its condition. Returns
        whether any was performed.

        The players are checked every time; of the objects, those changed since the last check
        (``GameState.touched``) and what depends on them (the Auras attached to one, the other
        legendary permanents with its name): nothing else can have come to break a rule."""
        self._flush()
        performed = False
        for _ in range(1000):
            touched = self._touched()
            on_battlefield = sorted((o for o in touched if o.zone == "battlefield"),
                                    key=lambda o: o.arrival)
            losers = self._sba_losers()
            dying = self._sba_dying(on_battlefield)
            auras = self._illegal_auras(touched, on_battlefield)
            legends = self._legend_groups(on_battlefield)
            tokens = sorted((o for o in touched if self._ceases_to_exist(o)), key=lambda o: o.id)
            if not (losers or dying or auras or legends or tokens):
                break
            performed = True

            def destroy(dying: list[tuple[Obj, Words, tuple[str, ...], int | None]] = dying,
                        auras: list[tuple[Obj, str, int | None]] = auras) -> None:
                for o, words, rules, cause in dying:
                    if o.zone == "battlefield":
                        with self._caused_by(cause):
                            self._move(o, "graveyard", words, rules, event=StateBasedMove)
                for o, host, cause in auras:
                    if o.zone == "battlefield":
                        with self._caused_by(cause):
                            self._move(o, "graveyard", say("sba.aura", host=host),
                                       ("704.5m", "303.4c"), event=StateBasedMove)

            if losers:  # several players at 0 life lose together (CR 704.3, 104.3b), and the
                # permanents below are destroyed in the same event: they go to their owners'
                # graveyards, not into exile with the leaving player's other permanents (800.4a),
                # and what they set off is matched once it is all done (603.10, 603.10a)
                self._leave(losers, together=destroy)
                if self.over:  # CR 104.2a, 104.4a: at once; nothing more happens in this game
                    return True
            else:
                destroy()
            for (who, name), objs in legends:
                self._legend_rule(who, name, [o for o in objs if o.zone == "battlefield"])
            for o in tokens:
                if self._ceases_to_exist(o):
                    with self._caused_by(self._last_move_of(o)):
                        self._change_zone(o, "gone")
                        self._emit(StateBasedMove(words=say("sba.ceases_to_exist"),
                                                  rules=("704.5d",) if o.token else ("704.5e", "707.10a"),
                                                  player=o.owner, **self._where(o, "gone")), obj=o)
            self._flush()
        else:  # pragma: no cover
            raise AssertionError("state-based actions did not settle")
        return performed

    def _sba_losers(self) -> dict[str, tuple[Words, tuple[str, ...], int | None]]:
        """The players a state-based action makes lose now (CR 704.5a, 704.5b), with the words,
        rules and cause of each."""
        losers: dict[str, tuple[Words, tuple[str, ...], int | None]] = {}
        for p in self._s.players:
            if p.in_game and p.life <= 0:
                losers[p.name] = (say("leave.no_life", life=p.life), ("704.5a",), p.life_seq)
            elif p.in_game and p.drew_from_empty:
                losers[p.name] = (say("leave.empty_library"), ("704.5b",), p.draw_seq)
        return losers

    @staticmethod
    def _sba_dying(on_battlefield: Sequence[Obj]) -> list[tuple[Obj, Words, tuple[str, ...], int | None]]:
        """The creatures a state-based action puts into their owners' graveyards now: zero
        toughness, lethal damage, deathtouch damage (CR 704.5f, 704.5g, 704.5h)."""
        dying: list[tuple[Obj, Words, tuple[str, ...], int | None]] = []
        for o in on_battlefield:
            if not o.is_a("Creature"):
                continue
            printed = o.printed.name if o.printed else None
            if o.toughness <= 0:
                dying.append((o, say("sba.toughness", toughness=o.toughness, printed=printed),
                              ("704.5f",), o.toughness_seq))
            elif o.damage >= o.toughness:
                dying.append((o, say("sba.lethal_damage", printed=printed), ("704.5g",), o.damage_seq))
            elif o.deathtouch_damage and o.damage > 0:
                dying.append((o, say("sba.deathtouch"), ("704.5h", "702.2b"), o.damage_seq))
        return dying

    @staticmethod
    def _ceases_to_exist(o: Obj) -> bool:
        """CR 704.5d, 704.5e: a token off the battlefield, or a copy of a spell off the stack."""
        if o.spell_copy:
            return o.zone not in ("stack", "gone")
        return o.token and o.zone not in ("battlefield", "gone", "token")

    def _touched(self) -> list[Obj]:
        """The objects changed since the last check of state-based actions (the set empties)."""
        touched = self._s.touched
        ids = list(touched)
        touched.clear()
        objects = self._s.objects
        return [objects[i] for i in ids]

    def _illegal_auras(self, touched: list[Obj], on_battlefield: list[Obj]
                       ) -> list[tuple[Obj, str, int | None]]:
        """CR 704.5m, 303.4c: Auras attached to nothing, or to something they can't enchant.
        Only an Aura that changed, or one attached to something that changed, can have become
        one of them."""
        candidates = {o.id: o for o in on_battlefield if o.card.enchant}
        for changed in touched:
            candidates.update((o.id, o) for o in self._indexed(_attached(changed.id)))
        found = []
        for o in sorted(candidates.values(), key=lambda o: o.arrival):
            enchant = o.card.enchant
            assert enchant is not None
            host = self._s.objects.get(o.attached_to) if o.attached_to is not None else None
            if host is None or host.zone != "battlefield":
                found.append((o, "nothing", self._last_move_of(host) if host else None))
            elif not host.is_a(enchant) or host.id == o.id:
                found.append((o, f"{host.name}, which it can't enchant", None))
        return found

    def _legend_groups(self, on_battlefield: list[Obj]) -> list[tuple[tuple[str, str], list[Obj]]]:
        """CR 704.5j: legendary permanents with the same name and controller, for each name a
        legendary permanent that changed has."""
        names = dict.fromkeys(o.name for o in on_battlefield if o.is_a("Legendary"))
        same = sorted((o for name in names for o in self._indexed(_legends(name))),
                      key=lambda o: o.arrival)
        groups: dict[tuple[str, str], list[Obj]] = {}
        for o in same:
            groups.setdefault((o.controller, o.name), []).append(o)
        return [(k, objs) for k, objs in groups.items() if len(objs) > 1]

    def _legend_rule(self, who: str, name: str, objs: list[Obj]) -> None:
        """CR 704.5j: of two or more legendary permanents with the same name controlled by one
        player, that player keeps one (their choice) and the rest go to the graveyard."""
        objs = [o for o in objs if self.rules.legend_rule_sees(self, o)]  # CR 707.2: copies too
        if len(objs) < 2:
            return
        labels = [f"{name} #{o.id}" for o in objs]
        may_keep = [labels[objs.index(o)] for o in self.rules.legend_rule_may_keep(self, objs)]
        arrivals = [seq for seq in (self._last_move_of(o) for o in objs) if seq is not None]
        with self._caused_by(max(arrivals) if arrivals else None):  # the newest one's arrival
            keep = self.chooser.choose(who, prompt("legend_rule.keep", name=name), may_keep) \
                if len(may_keep) > 1 else (may_keep[0] if may_keep else "")
            if len(may_keep) > 1:
                self._emit(ChoiceMade(words=say("choice.legend_rule"), rules=("704.5j",),
                                      player=who, question="legend rule", answer=keep,
                                      options=tuple(may_keep)))
            for o, label in zip(objs, labels, strict=True):
                if label != keep:
                    self._move(o, "graveyard", say("sba.legend_rule"), ("704.5j",), event=StateBasedMove)

    def _last_move_of(self, o: Obj) -> int | None:
        """The event that last moved ``o`` (the cause of an SBA about where it is now)."""
        for e in reversed(self._events):
            if isinstance(e, ZoneChange) and e.obj_id == o.id:
                return e.seq
        return None

    # ------------------------------------------------------------------ internals
    def _player(self, name: object, argument: str = "player") -> PlayerState:
        if not isinstance(name, str):
            raise TypeError(refusal("player.must_players_name", argument=argument, name=name))
        for p in self._s.players:
            if p.name == name:
                return p
        raise ObjectError(refusal("player.there_no_player", name=name, players=self.players),
                          "102.1")

    def _no_priority_rule(self) -> str:
        """Why nobody holds priority now: the untap step (CR 502.4) or the cleanup step (514.3)."""
        return "502.4" if self._s.step == "untap" else "514.3"

    def _check_not_over(self) -> None:
        if self.over:
            if self.winner is None:
                raise GameOverError(refusal("not_over.game_over_draw"), "104.4a")
            raise GameOverError(refusal("not_over.game_over_won", winner=self.winner), "104.2a")

    def _check_open(self) -> None:
        """Refuse any change once the game has ended: it ends at once when a player wins or it
        is a draw (CR 104.1), so a set-up call or an action after that, which would rewrite
        who won, changes nothing (a guard at the top of every public method that changes the
        game)."""
        if self.over:
            raise GameOverError(refusal("game.over_no_changes", winner=self.winner), "104.1")

    def _check_can_act(self, player: str, *, mana_ability: bool = False) -> None:
        """``player`` may cast a spell, activate an ability or play a land only while holding
        priority (CR 117.1); a mana ability also while paying a cost or when a rule or effect
        asks for mana (CR 605.3a, 117.1d), which this engine models as payments from the pool
        made after the mana is added."""
        p = self._player(player)
        if not p.in_game:
            raise GameOverError(refusal("living.has_left_game", player=player))
        self._check_not_over()
        holder = self._s.priority
        if holder is None:
            raise TimingError(refusal("can_act.no_player_gets", step=self._s.step), self._no_priority_rule())
        if holder != player and mana_ability:
            raise TimingError(refusal("can_act.doesnt_have_priority", player=player, holder=holder), "605.3a")
        if holder != player:
            raise TimingError(refusal("can_act.doesnt_have_priority_2", player=player, holder=holder),
                              "117.1")

    def _take_id(self) -> int:
        i = self._s.next_id
        self._s.next_id += 1
        return i

    def _new_obj(self, defn: CardDef, owner: str, zone: str) -> Obj:
        o = Obj(self._take_id(), defn, owner, zone, {})
        o.position = o.id  # a new card in a library goes on top
        o.attach(self._j)
        o.watch(self._s.touched)
        self._s.objects[o.id] = o
        return o

    # ------------------------------------------------------------------ the battlefield's index
    def _arrive(self, o: Obj) -> None:
        """``o`` joins the battlefield (last in its order) and the index of what it waits for."""
        s = self._s
        s.arrivals += 1
        o.arrival = s.arrivals
        s.battlefield.append(o.id)
        for key in _index_keys(o):
            ids = s.index.get(key)
            if ids is None:
                ids = s.index[key] = JDict(self._j)
            ids[o.id] = o.arrival

    def _depart(self, o: Obj) -> None:
        """``o`` leaves the battlefield and the index (before it stops being a copy or attached)."""
        s = self._s
        s.battlefield.remove(o.id)
        for key in _index_keys(o):
            ids = s.index[key]
            del ids[o.id]
            if not ids:
                del s.index[key]

    def _statics(self, kind: type[_A]) -> list[tuple[Obj, _A]]:
        """The static abilities of ``kind`` on the battlefield, with the permanents they are on, in
        the battlefield's order: the one query for what static abilities apply (read from the
        index, so it costs what they are, not the board)."""
        return [(o, ab) for o in self._indexed(kind) for ab in o.card.abilities_of(kind)]

    def _indexed(self, key: object) -> list[Obj]:
        """The permanents filed under ``key``, in the battlefield's order."""
        ids = self._s.index.get(key)
        if not ids:
            return []
        objects = self._s.objects
        return [objects[i] for i in sorted(ids, key=ids.__getitem__)]

    def _new_stack_item(self, *args: Any, **kwargs: Any) -> StackItem:
        item = StackItem(*args, **kwargs)
        item.attach(self._j)
        return item

    def _draw(self, player: str, rules: tuple[str, ...]) -> None:
        library = self.zone(player, "library")
        if not library:
            p = self._player(player)
            p.drew_from_empty = True
            e = self._emit(DrawFailed(rules=rules + ("704.5b",), player=player, lane=player))
            p.draw_seq = e.seq
            return
        top = library[-1]
        self._move(top, "hand", say("move.draw"), rules)

    def _change_zone(self, o: Obj, to: str) -> None:
        """``o`` moves to zone ``to``: a new object as far as the rules go (CR 400.7)."""
        o.zone = to
        o.incarnation += 1

    def _move(self, o: Obj, to: str, words: Words, rules: tuple[str, ...],
              event: type[ZoneChange] = Moved) -> ZoneChange:
        frm = o.zone
        words = words.replace(facts=words.facts + (("name", o.name),))  # before it stops being a copy
        host = self._controls_host(o)
        anthem = frm == "battlefield" and o.card.has(Anthem)
        if frm == "battlefield":
            # last known information, for abilities that look back in time (CR 603.10a, 608.2h)
            self._s.lki[o.id] = self._s.lki_of[(o.id, o.incarnation)] = LastKnown(
                o.id, o.card, o.controller, dict(o.counters), o.attached_to, o.incarnation, o.chosen_color)
            self._depart(o)
            o.tapped, o.counters, o.damage, o.attached_to = False, {}, 0, None
            self._s.attackers.pop(o.id, None)  # CR 506.4: it is removed from combat
            self._s.blockers.pop(o.id, None)
            if o.id in self._s.blocked:
                self._s.blocked.remove(o.id)
            if o.printed is not None:  # a copy stops being a copy as it leaves (CR 400.7)
                o.card, o.printed = o.printed, None
            o.etb_x, o.deathtouch_damage, o.chosen_color, o.boost = 0, False, None, (0, 0)
        self._change_zone(o, to)
        o.controller = o.owner if to != "out" else ""
        e = self._emit(event(words=words, rules=rules, player=o.owner, **self._where(o, to), frm=frm),
                       obj=o)
        if host is not None:  # its control effect stops applying (CR 613.1b)
            with self._caused_by(e.seq):
                self._update_control(host)
        if anthem:  # the +1/+1 it gave ends
            self._refresh_boosts(self.permanents(), e.seq)
        return e

    def _refresh_boosts(self, objs: Iterable[Obj], cause: int) -> None:
        """Give each of ``objs`` the power and toughness the anthems on the battlefield give it
        (Gauntlet of Power, layer 7c, CR 613.4c); a change is noted as ``cause`` changing its
        toughness (a state-based action it leads to names it)."""
        anthems = self._statics(Anthem)
        for o in objs:
            power = toughness = 0
            for source, ab in anthems:
                if o.is_a(ab.card_type) and source.chosen_color in o.card.colors:
                    power, toughness = power + ab.power, toughness + ab.toughness
            if (power, toughness) != o.boost:
                o.boost, o.toughness_seq = (power, toughness), cause

    def _arrived(self, o: Obj, seq: int) -> None:
        """What a permanent's arrival (event ``seq``) changes besides itself: the control its Aura
        gives (CR 613.1b) and the power and toughness anthems give (613.4c)."""
        host = self._controls_host(o)
        if host is not None:  # "you control enchanted creature" applies as it enters
            with self._caused_by(seq):
                self._update_control(host)
        self._refresh_boosts(self.permanents() if o.card.has(Anthem) else [o], seq)

    def _controls_host(self, o: Obj) -> Obj | None:
        """The permanent Aura ``o`` gives its controller control of (Mind Control), if any."""
        if o.zone != "battlefield" or o.attached_to is None or not o.card.has(ControlEnchanted):
            return None
        host: Obj | None = self._s.objects.get(o.attached_to)
        return host

    def _enter(self, o: Obj, controller: str, words: Words, rules: tuple[str, ...],
               event: type[Entered | LandPlayed] = Entered, x: int = 0, copy_of: Obj | None = None,
               setup: bool = False, color: str | None = None, attach: int | None = None,
               copy_chosen: bool = False) -> Event:
        """``o`` enters the battlefield under ``controller``'s control; ``copy_chosen``: what it
        enters as a copy of was chosen already (``copy_of``, None for no copy, CR 614.12a)."""
        frm = o.zone
        if copy_of is None and not copy_chosen and o.card.has(EntersAsCopy):
            # CR 614.1c, 614.12a, 707.5: "may enter as a copy" applies however it enters (cast,
            # returned from exile or a graveyard, put there by an effect); chosen before it enters
            planned, self._plans.copy = self._plans.copy, None
            copy_of = self._copy_choice(o, controller, planned, setup)
        words = words.replace(facts=words.facts + (("name", o.name),))  # before it becomes a copy
        self._change_zone(o, "battlefield")
        o.controller = controller
        if copy_of is not None:
            o.printed, o.card = o.card, copy_of.card
        if o.card.cost is not None and o.card.cost.x_count:
            x = self.rules.enters_x(self, o, x, copy_of)  # CR 107.3m
        o.etb_x = x
        if attach is not None:
            o.attached_to = attach  # CR 608.3c: an Aura spell enters attached to its target
        if o.card.has(ChooseColorAsEnters):
            o.chosen_color = self._choose_color(o, controller, color, setup)
        o.tapped = o.card.has(EntersTapped)
        o.counters = o.card.enters_counters(x)
        extra: tuple[str, ...] = ("614.1c",) if o.tapped or o.counters or copy_of else ()
        if copy_of is not None:  # it becomes the copy as it enters, so copied "enters with" apply
            extra += ("707.2", "707.5")
        if any(a.amount == "X" for a in o.card.abilities_of(EntersWithCounters)):
            extra += ("107.3m",)
        self._arrive(o)
        where = self._where(o, "battlefield")
        if event is LandPlayed:
            e: Event = self._emit(LandPlayed(words=words, rules=rules + extra, player=controller,
                                             frm=frm, **where), obj=o)
        else:
            e = self._emit(Entered(words=words, rules=rules + extra, player=controller, frm=frm, x=x,
                                   copy_of=copy_of.name if copy_of else None, setup=setup, **where),
                           obj=o)
        o.since = o.toughness_seq = o.timestamp = e.seq
        o.entered_under = controller
        self._arrived(o, e.seq)
        return e

    def _choose_color(self, o: Obj, controller: str, color: str | None, setup: bool = False) -> str:
        """CR 614.12a: "as this enters, choose a color" is chosen before it enters (as part of a
        teaching set-up step when ``setup``)."""
        label = color or self.chooser.choose(controller, prompt("color.as_enters", name=o.name),
                                             list(COLORS))
        check.one_of("color", label, COLORS)
        self._emit(ChoiceMade(words=say("choice.color"),
                              rules=("614.12a",), player=controller, question="color", answer=label,
                              options=COLORS, setup=setup), obj=o)
        return label

    # ------------------------------------------------------------------ triggered abilities
    def _collect(self, event: Event) -> list[_Reaction]:
        """The one trigger matcher (CR 603.2): what ``event`` sets off. Every triggered ability
        on the battlefield, the monarch's inherent ones, and those of an object that just left
        the battlefield (which look back in time, CR 603.10a) are asked if the event matches."""
        index = self._s.index
        waiting: dict[int, int] = {}
        for kind in _event_kinds(type(event)):
            for key in ((kind, None), (kind, event.obj_id)):
                ids = index.get(key)
                if ids:
                    waiting.update(ids)
        sources: list[Obj | LastKnown] = [self._s.objects[i]
                                          for i in sorted(waiting, key=waiting.__getitem__)]
        gone = self._gone_candidates(event)
        if gone:  # the object that left, as it last existed there (not a later one the card became)
            sources += self.rules.gone_sources(self, event, gone)
        if isinstance(event, SpellCast) and event.obj_id is not None:
            spell = self._s.objects[event.obj_id]  # its own "when you cast this" (CR 702.85a)
            if spell.zone == "stack":
                sources.append(spell)
        found: list[_Reaction] = []
        for src in sources:
            on_stack = isinstance(src, Obj) and src.zone == "stack"
            for ab in src.card.triggers:
                if ab.trigger.on_stack != on_stack:
                    continue  # it functions only on the stack, or only on the battlefield
                data = self.rules.mana_trigger_sees(self, ab, event, src) if isinstance(ab, ManaTrigger) \
                    else ab.trigger.matches(event, src, self)
                if data is not None:
                    found.append(_Reaction(event.seq, ab, src, src.controller, data,
                                           links=self._state_links(ab)))
        if self._s.monarch is not None:
            monarch = _MonarchSource(self._s.monarch, {})
            for ab in MONARCH_ABILITIES:
                data = ab.trigger.matches(event, monarch, self)
                if data is not None:
                    # the ability is the monarch's: link how that player became the monarch
                    found.append(_Reaction(event.seq, ab, None, monarch.controller, data,
                                           links=self._monarch_link()))
        for exiled in self._s.jailed:  # CR 610.3: what an "until" waits for happens
            if self.rules.exile_ends(self, exiled, event):
                found.append(_Reaction(event.seq, jailed=exiled))
        return found

    def _gone_candidates(self, event: Event) -> list[LastKnown]:
        """Objects no longer on the battlefield, as they last existed there, that could trigger on
        ``event`` (the rules decide which do, :meth:`~mtgkit.variants.Rules.gone_sources`): the
        object a leaves-the-battlefield event moved, and the cards in graveyards with a triggered
        ability waiting for an event of this kind."""
        found: list[LastKnown] = []
        if isinstance(event, ZoneChange) and event.frm == "battlefield" and event.obj_id is not None:
            known = self._s.lki_of.get((event.obj_id, event.incarnation - 1))
            if known is not None:
                found.append(known)
        kinds = _event_kinds(type(event))
        for o in self._s.objects.values():
            if o.zone == "graveyard" and any(set(ab.trigger.waits_for) & set(kinds)
                                             for ab in o.card.triggers):
                known = self._s.lki_of.get((o.id, o.incarnation - 1))
                if known is not None and known not in found:
                    found.append(known)
        return found

    def _monarch_link(self) -> tuple[int, ...]:
        return (self._s.monarch_seq,) if self._s.monarch_seq is not None else ()

    def _state_links(self, ab: Triggered | ManaTrigger) -> tuple[int, ...]:
        """The events behind a state a trigger depends on (an intervening "if" about the monarch)."""
        if isinstance(ab, Triggered) and ab.condition is not None and ab.condition.about_monarch:
            return self._monarch_link()
        return ()

    def _flush(self) -> None:
        """Let what earlier events set off happen: triggered mana abilities resolve at once
        (CR 605.4a); other abilities trigger and wait to be put on the stack (603.3); cards
        exiled "until" come back (610.3)."""
        while self._reactions:
            reactions, self._reactions = self._reactions, []
            returning = [(r.jailed, r.seq) for r in reactions if r.jailed is not None]
            if returning:  # CR 610.3d: cards whose "until" ended in these events return together
                self._return_jailed(returning)
            for r in reactions:
                if r.jailed is not None:
                    continue
                elif isinstance(r.ability, ManaTrigger):
                    self._resolve_mana_trigger(r)
                elif r.ability is not None:
                    self._trigger(r)

    def _return_jailed(self, returning: list[tuple[Exiled, int]]) -> None:
        """Cards exiled "until" an event that has happened return to the battlefield (CR 610.3):
        those whose events were simultaneous return at the same time (610.3d), as one event.
        A card that "may enter as a copy" chooses before any of them enters (614.12a, 707.5),
        among the creatures already on the battlefield, so never one returning with it."""
        back: list[tuple[Exiled, Obj, int]] = []
        for exiled, cause in returning:
            if exiled not in self._s.jailed:
                continue
            self._s.jailed.remove(exiled)
            c = self._s.objects[exiled.card]
            if c.zone == "exile" and c.incarnation == exiled.incarnation and self._player(c.owner).in_game:
                back.append((exiled, c, cause))
        if not back:
            return
        copies: dict[int, Obj | None] = {}
        for _, c, cause in back:
            if c.card.has(EntersAsCopy):
                with self._caused_by(cause):
                    planned, self._plans.copy = self._plans.copy, None
                    copies[c.id] = self._copy_choice(c, c.owner, planned)
        with self._one_event() if len(back) > 1 else contextlib.nullcontext():
            for exiled, c, cause in back:
                with self._caused_by(cause):
                    self._enter(c, c.owner, say("enter.from_exile",
                                                until=exiled.until.describe(exiled.controller,
                                                                            happened=True)),
                                ("610.3",) + (("610.3d",) if len(back) > 1 else ()),
                                copy_of=copies.get(c.id), copy_chosen=c.id in copies)
        if self.rules.returner_sees(self):  # by a rules variant: they saw what brought them back
            returned = {c.id for _, c, _ in back}
            for cause in dict.fromkeys(cause for _, _, cause in back):
                for r in self._collect(self._events[cause - 1]):
                    if isinstance(r.ability, Triggered) and r.source is not None and r.source.id in returned:
                        self._trigger(r)

    def _trigger(self, r: _Reaction) -> None:
        """An ability triggers (CR 603.2); it waits to be put on the stack (603.3)."""
        ab = r.ability
        assert isinstance(ab, Triggered)
        source = r.source
        obj = self._s.objects[source.id] if source is not None else None
        name = obj.name if obj is not None else "The monarch"
        if ab.condition is not None and not self.rules.intervening_if(self, ab.condition, r.controller,
                                                                      "trigger"):
            return  # CR 603.4: an intervening "if" that is false means it doesn't trigger
        rules = ("603.2",) + ab.rules + (("603.4",) if ab.condition is not None else ()) + (
            ("725.2",) if source is None else ())
        e = self._emit(AbilityTriggered(words=say("AbilityTriggered", name=name, ability_text=ab.text),
                                        rules=rules, player=r.controller,
                                        cause=r.seq, links=r.links,
                                        ability=source.card.triggers.index(ab) if source else None),
                       obj=obj)
        p = Pending(r.controller, ab, obj.id if obj else None, name, e.seq,
                    r.data.replace(triggered_at=e.seq),
                    source_incarnation=source.incarnation if source else 0)
        if ab.targets is None and self.rules.resolves_at_once(self, ab.effects):
            self._resolve_at_once(p)  # by a rules variant: it never waits on the stack
            return
        self._s.pending.append(p)

    def _resolve_at_once(self, p: Pending) -> None:
        """A triggered ability that, by the rules played, happens as it triggers (never under the
        CR, 603.3): its effects, at once."""
        item = self._new_stack_item(self._take_id(), "ability", f"{possessive(p.source_name)} ability",
                                    p.controller, p.ability.effects, p.ability.text, p.seq,
                                    source_id=p.source_id, x=p.data.x, ability=p.ability, data=p.data,
                                    source_incarnation=p.source_incarnation)
        e = self._emit(Resolved(words=say("Resolved", item=item.name), rules=("603.3",),
                                player=p.controller, lane="stack", cause=p.seq, id=item.id, ability=True))
        with self._caused_by(e.seq):
            for eff in item.effects:
                _EFFECTS[type(eff)](self, eff, item)

    def _settle(self) -> bool:
        """A player would receive priority (CR 117.5, 704.3): state-based actions, then waiting
        triggers go on the stack in APNAP order (603.3b), repeated until nothing changes.
        Returns whether anything happened."""
        happened = False
        for _ in range(1000):
            happened = self._check_sba() or happened
            pending = [p for p in self._s.pending if self._player(p.controller).in_game]
            for t in self._s.pending:
                if not self._player(t.controller).in_game:  # CR 800.4d: it triggered for a player
                    # who left the game (its source died as they left, 603.10a): not put on the stack
                    self._emit(Fizzled(words=say("fizzle.pending_controller_gone", triggered=t.seq),
                                       rules=("800.4d",), player=t.controller, obj=t.source_name,
                                       obj_id=t.source_id, links=(t.seq,), cause=t.seq, ability=True))
            self._s.pending.set([])
            if not pending:
                return happened
            happened = True
            for player in self._apnap():
                mine = [p for p in pending if p.controller == player]
                if len(mine) > 1:
                    labels = [f"{possessive(p.source_name)} ability (triggered at #{p.seq})" for p in mine]
                    order = self.chooser.order(player, prompt("triggers.order"), labels)
                    self._emit(ChoiceMade(words=say("choice.trigger_order"), rules=("603.3b",),
                                          player=player, question="trigger order",
                                          answer=tuple(order), options=tuple(labels),
                                          cause=max(p.seq for p in mine)))
                    mine = [mine[labels.index(label)] for label in order]
                for p in mine:
                    self._put_on_stack(p)
        raise AssertionError("triggers did not settle")  # pragma: no cover

    def _grant(self, player: str, *, reset: bool = True) -> None:
        """``player`` would receive priority: state-based actions and triggers first (CR 117.5);
        then they get it (or, if they have left the game, the next player in turn order).
        ``reset``: an action was taken, so players must pass in succession anew (117.4)."""
        s = self._s
        if self._settle() or reset:
            s.passed = ()
        if self.over:
            s.priority = None
            return
        s.priority = player if self._player(player).in_game else self._next_player(player)

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
                self._emit(Fizzled(words=say("fizzle.no_target", source_name=p.source_name),
                                   rules=("603.3d",), player=p.controller,
                                   lane="stack", cause=p.seq))
                return
            labels = [self._choice_label(t) for t in options]
            label = self.chooser.choose(p.controller, prompt("target.trigger", source_name=p.source_name),
                                                      labels)
            target = options[labels.index(label)]
            self._emit(ChoiceMade(words=say("choice.trigger_target", source=p.source_name),
                                  rules=("603.3d",), player=p.controller, cause=p.seq,
                                  question="target", answer=label, options=tuple(labels)))
        item = self._new_stack_item(self._take_id(), "ability", f"{possessive(p.source_name)} ability",
                                    p.controller, p.ability.effects, p.ability.text, 0,
                                    source_id=p.source_id, target=target, x=p.data.x,
                                    ability=p.ability, data=p.data, targets=p.ability.targets,
                                    target_incarnation=self._incarnation(target),
                                    source_incarnation=p.source_incarnation)
        e = self._emit(PutOnStack(words=say("stack.triggered", source=p.source_name,
                                            target_name=self._target_name(target)),
                                  rules=("603.3", "603.3b"), player=p.controller,
                                  lane="stack", cause=p.seq, id=item.id, name=item.name,
                                  target=target))
        item.seq = e.seq
        self._s.stack.append(item)

    # ------------------------------------------------------------------ the monarch
    def _set_monarch(self, player: str, rules: tuple[str, ...] = ("725.3",)) -> None:
        """``player`` becomes the monarch (CR 725.3); triggers only on a real change (603.2e).
        A player who has left the game can't become the monarch."""
        old = self._s.monarch
        if not self._player(player).in_game:
            self._emit(Fizzled(words=say("fizzle.monarch_left_game"), rules=("800.4a", "725.4"),
                               player=player))
            return
        if old == player:
            self._emit(MonarchChanged(words=say("monarch.already"),
                                      rules=("725.3", "603.2e"), player=player, monarch=player,
                                      changed=False))
            return
        self._s.monarch = player
        e = self._emit(MonarchChanged(rules=rules, player=player, monarch=player, changed=True,
                                      previous=old))
        self._s.monarch_seq = e.seq

    # ------------------------------------------------------------------ control (CR 613.1b)
    def _control_effects(self, o: Obj) -> list[tuple[int, str, str]]:
        """The control-changing effects that apply to permanent ``o``, oldest first, as
        (timestamp, the player they give control, their name): Auras attached to it that say "you
        control enchanted creature" (their timestamp is the Aura's, CR 613.7a) and effects of
        resolved spells (613.7b)."""
        found = [(a.timestamp, a.controller, a.name) for a in self._indexed(_attached(o.id))
                 if a.card.has(ControlEnchanted)]
        found += [(e.seq, e.controller, e.label) for e in self._s.effects
                  if isinstance(e, ControlEffect) and e.obj_id == o.id and e.incarnation == o.incarnation]
        return sorted(found)

    def _update_control(self, o: Obj, *, setup: bool = False, since_now: bool = True,
                        also: tuple[str, ...] = ()) -> None:
        """Give permanent ``o`` the controller its control effects say now (the latest applies,
        CR 613.1b, 613.7), or the player it entered under if none does (110.2). A change is a
        ``ControlChanged`` event: the new controller's continuous control starts (302.6) and the
        permanent is removed from combat (506.4)."""
        s = self._s
        if o.zone != "battlefield":
            return
        # an effect that gives control to a player who has left the game has ended (CR 800.4a)
        effects = [e for e in self._control_effects(o) if self._player(e[1]).in_game]
        new, by = (effects[-1][1], effects[-1][2]) if effects else (o.entered_under, "")
        if not self._player(new).in_game and self._player(o.controller).in_game:
            # CR 800.4c: no effect gives it to a player in the game any more, and the player who
            # controls it by default (110.2) has left: it is exiled as the effect ends
            self._move(o, "exile", say("move.default_controller_left", default=new), ("800.4c",))
            return
        if new == o.controller or not self._player(new).in_game:
            return
        old = o.controller
        fighting = o.id in s.attackers or o.id in s.blockers
        s.attackers.pop(o.id, None)
        s.blockers.pop(o.id, None)
        if o.id in s.blocked:
            s.blocked.remove(o.id)
        o.controller = new
        creature = o.is_a("Creature") and since_now
        e = self._emit(ControlChanged(
            words=say("ControlChanged", sick=creature),
            rules=("613.1b", "110.2") + (("613.7",) if len(effects) > 1 else ())
            + (("302.6",) if creature else ()) + (("506.4",) if fighting else ()) + also,
            player=new, controller=new, previous=old, effect=by, since_now=since_now,
            removed_from_combat=fighting, setup=setup), obj=o)
        if since_now:
            o.since = e.seq

    # ------------------------------------------------------------------ emitting
    @staticmethod
    def _where(o: Obj, to: str) -> dict[str, Any]:
        """Where a zone change leaves the object: the fields every :class:`ZoneChange` has."""
        return dict(to=to, owner=o.owner, controller=o.controller, tapped=o.tapped,
                    counters=tuple(sorted(o.counters.items())), incarnation=o.incarnation,
                    attached_to=o.attached_to, token=o.token)

    @contextmanager
    def _simultaneously(self) -> Iterator[None]:
        """Events logged inside happen at the same moment (CR 510.2: all combat damage at once):
        what they set off triggers after the last of them, never between two of them."""
        self._at_once += 1
        try:
            yield
        finally:
            self._at_once -= 1
        if not self._at_once and self._reactions:
            self._flush()

    @contextmanager
    def _one_event(self) -> Iterator[None]:
        """Events logged inside are the parts of one event (a player leaving the game: the crown
        passing, their objects leaving, control effects ending, CR 800.4a, 725.4): triggers are
        matched once it is over, against the game as it is then (603.10), so a permanent that
        left in it sees none of it, and a player who got back control of one in it does. Only
        leaves-the-battlefield abilities look back in time (603.10a: their last known
        information)."""
        if self._deferred is not None:
            yield
            return
        self._deferred = []
        try:
            with self._simultaneously():
                yield
                parts, self._deferred = self._deferred, None
                for event in parts:
                    self._s.one_event_end[event.seq] = parts[-1].seq
                for event in parts:
                    self._reactions.extend(self._collect(event))
        finally:
            self._deferred = None

    @contextmanager
    def _caused_by(self, seq: int | None) -> Iterator[None]:
        saved, self._cause = self._cause, seq
        try:
            yield
        finally:
            self._cause = saved

    def _check_room(self) -> None:
        """One more event must fit in the log (the kit's limit, not a rule: a :class:`LimitError`)."""
        if len(self._events) >= limits.MAX_EVENTS:
            raise LimitError(refusal("room.games_log_full", events=len(self._events) + 1),
                             "MAX_EVENTS", limits.MAX_EVENTS)

    def _emit(self, event: E, obj: Obj | None = None, *, root: bool = False) -> E:
        """Number the event, give it its cause and lane, log it, and feed it to the trigger
        matcher. What earlier events set off happens first, unless this event is part of
        one of them (caused by it or by a later event). ``root``: a player's own choice, with no
        cause even inside a step's turn-based actions."""
        self._check_room()  # mid-action: the action is refused and undone (see _atomic)
        cause = None if root else event.cause if event.cause is not None else self._cause
        if self._reactions and not self._at_once and (cause is None or cause < self._reactions[0].seq):
            self._flush()
        player = event.player
        about: dict[str, Any] = {}
        if obj is not None:
            player = player if player is not None else obj.controller or obj.owner
            about = {"obj": obj.name, "obj_id": obj.id, "player": player}
        header: dict[str, Any] = {"seq": len(self._events) + 1, "turn": self._s.turn, "step": self._s.step}
        text = event.text or wording.sentence(event, {**header, **about})  # mtgkit.wording says it
        event = event._stamp(**header, cause=cause, lane=event.lane or player or "game", text=text,
                             **about)
        self._events.append(event)
        if self._deferred is not None:  # a part of one event: matched with the others (_one_event)
            self._deferred.append(event)
            return event
        found = self._collect(event)
        if found:
            self._reactions.extend(found)
        return event
