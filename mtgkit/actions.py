"""Actions as records: one frozen, typed record per thing a player or the game does.

In the manner of pokerkit's operations, every call that changes a game is a record:
:class:`Cast`, :class:`Activate`, :class:`PlayLand`, :class:`PassPriority`, :class:`Resolve`,
:class:`ResolveStack`, :class:`Advance`, :class:`NextTurn`, :class:`Attack`, :class:`Block`,
:class:`Concede`, and the teaching set-up (:class:`PutOntoBattlefield`, :class:`PutInZone`,
:class:`PutInLibrary`, :class:`MakeMonarch`, :class:`SetLife`). A game answers three questions
about any of them: ``game.can(action)`` (a bool), ``game.refusal(action)`` (the
:class:`~mtgkit.errors.RulesError` that applying it would raise, naming its rule, or None;
both change nothing) and ``game.apply(action)`` (do it: the events it caused). ``Game``'s
methods (``cast``, ``activate``, ``advance`` ...) are thin wrappers that build a record and
apply it, so every path goes through one dispatcher (:func:`dispatch`), and ``game.actions``
lists the records applied so far: the game's set-up (``game.config``) and those records
are the whole game (``Game.replay`` plays them again, event for event).

Every choice a player makes during an action (a chooser's answer: a color, a target, the
order of replacement effects, the mana that pays a cost) is a :class:`Choice`, kept in the
action's ``choices``. A record you build may give them in advance (they answer the action's
questions in order, before the game's chooser is asked); the record kept in ``game.actions``
holds every choice that was made.

>>> from mtgkit.game import Game
>>> g = Game(["Alice", "Bob"])
>>> elves = g.apply(PutOntoBattlefield("Llanowar Elves", "Alice", arrived="this turn"))[0].obj_id
>>> g.can(Activate(elves))
False
>>> print(g.refusal(Activate(elves)).rule)
302.6
>>> forest = g.put_onto_battlefield("Forest", "Alice")
>>> for e in g.apply(Activate(forest)): print(e)
#11 Alice activates Forest: {T}: Add {G}. [CR 602.2]
#12 Forest becomes tapped to pay {T} [CR 107.5]
#13 Alice adds {G} (Forest was tapped for mana) [CR 106.4, 605.3b]
>>> g.actions[-1]  # doctest: +NORMALIZE_WHITESPACE
Activate(card=62, ability=0, player=None, color=None, choice=None, order=None, target=None,
         pay=None, choices=())
>>> g.replay().events == g.events
True

Scenario files (:mod:`mtgkit.scenario`) and practice play sequences (``teaching.Step``)
name actions by the words of the files (``do = "cast"``); :func:`make` turns those names and
their fields into the same records (:data:`KINDS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from .abilities import CardDef
from .events import Event, ZoneChange
from .records import Value

#: A reference to an object: its id, or the name of the only permanent with that name.
Ref = int | str
#: An answer to a chooser's question: an option, or an order of options.
Answer = str | tuple[str, ...]


class Choice(Value):
    """One choice a player made (or is to make) during an action: the answer to one of the
    engine's questions (``question`` as the engine asks it; empty: whatever it asks next)."""

    answer: Answer
    question: str = ""
    player: str = ""


class Action(Value):
    """A thing a player or the game does. ``kind`` is its name in scenario files."""

    kind: ClassVar[str] = ""
    #: The fields naming objects, which a game records by id (a name resolves as it is applied).
    refs: ClassVar[tuple[str, ...]] = ()

    @property
    def answers(self) -> tuple[Choice, ...]:
        """The choices made (or to be made) during it (each record's last field, ``choices``)."""
        found: tuple[Choice, ...] = getattr(self, "choices", ())
        return found

    @property
    def setup(self) -> bool:
        """Is it teaching set-up (putting cards somewhere, setting a life total) rather than play?"""
        return False


class PassPriority(Action):
    """The player with priority passes (CR 117.3d); ``player``, if given, must hold it."""

    kind: ClassVar[str] = "pass"
    player: str | None = None
    choices: tuple[Choice, ...] = ()


class Advance(Action):
    """All players pass until this step ends (or until step ``to`` of this turn begins)."""

    kind: ClassVar[str] = "advance"
    refs: ClassVar[tuple[str, ...]] = ("damage", "discard")
    to: str | None = None
    damage: Any = None  # {attacker: {blocker: amount}}, kept as pairs
    discard: Any = None
    choices: tuple[Choice, ...] = ()


class NextTurn(Action):
    """All players pass through the rest of this turn, then on to step ``to`` of the next."""

    kind: ClassVar[str] = "next_turn"
    refs: ClassVar[tuple[str, ...]] = ("damage", "discard")
    to: str = "main1"
    damage: Any = None
    discard: Any = None
    choices: tuple[Choice, ...] = ()


class Activate(Action):
    """Activate ability number ``ability`` of permanent ``card`` (CR 602, mana abilities 605)."""

    kind: ClassVar[str] = "activate"
    refs: ClassVar[tuple[str, ...]] = ("card",)
    card: Ref
    ability: int = 0
    player: str | None = None
    color: str | None = None
    choice: str | None = None
    order: Any = None  # the replacement effects' order, a tuple of names
    target: Ref | None = None
    pay: Any = None  # mana, as symbols
    choices: tuple[Choice, ...] = ()


class PlayLand(Action):
    """Play a land from hand: a special action (CR 305.1, 116.3)."""

    kind: ClassVar[str] = "play_land"
    refs: ClassVar[tuple[str, ...]] = ("card",)
    card: Ref
    choices: tuple[Choice, ...] = ()


class Cast(Action):
    """Cast ``card`` from hand (CR 601.2); ``pay`` the mana to spend, ``convoke`` the creatures
    that help pay (a tuple, or pairs ``(creature, symbol)``)."""

    kind: ClassVar[str] = "cast"
    refs: ClassVar[tuple[str, ...]] = ("card", "convoke")
    card: Ref
    target: Ref | None = None
    x: int = 0
    color: str | None = None
    pay: Any = None
    convoke: Any = None
    choices: tuple[Choice, ...] = ()


class Resolve(Action):
    """All players pass in succession: the top of the stack resolves (CR 117.4, 608.2)."""

    kind: ClassVar[str] = "resolve"
    refs: ClassVar[tuple[str, ...]] = ("mana_from",)
    copy: int | None = None
    free_cast: bool | None = None
    x: int | None = None
    mana_from: Any = None
    choices: tuple[Choice, ...] = ()


class ResolveStack(Action):
    """All players pass until the stack is empty."""

    kind: ClassVar[str] = "resolve_stack"
    choices: tuple[Choice, ...] = ()


class Attack(Action):
    """Declare attackers (CR 508.1): a tuple of creatures attacking ``defender`` (by default
    the next opponent), or pairs ``(creature, player)``."""

    kind: ClassVar[str] = "attack"
    refs: ClassVar[tuple[str, ...]] = ("attackers",)
    attackers: Any
    defender: str | None = None
    choices: tuple[Choice, ...] = ()


class Block(Action):
    """Declare blockers (CR 509.1): pairs ``(blocker, attacker)``."""

    kind: ClassVar[str] = "block"
    refs: ClassVar[tuple[str, ...]] = ("blocks",)
    blocks: Any
    choices: tuple[Choice, ...] = ()


class Concede(Action):
    """``player`` concedes and leaves the game (CR 104.3a, 800.4a)."""

    kind: ClassVar[str] = "concede"
    player: str
    choices: tuple[Choice, ...] = ()


class _Setup(Action):
    @property
    def setup(self) -> bool:
        return True


class PutOntoBattlefield(_Setup):
    """Teaching set-up: a card onto the battlefield (``by_effect``: as an effect would put it)."""

    kind: ClassVar[str] = "put_onto_battlefield"
    refs: ClassVar[tuple[str, ...]] = ("copy",)
    card: str
    controller: str
    tapped: bool = False
    counters: Any = None  # pairs (kind, n), or None for the card's own
    arrived: str = "last turn"
    attached_to: int | None = None
    color: str | None = None
    by_effect: bool = False
    owner: str | None = None
    copy: Ref | None = None  # with by_effect: the creature a Clone enters as a copy of (CR 707.5)
    choices: tuple[Choice, ...] = ()


class PutInZone(_Setup):
    """Teaching set-up: a card into ``owner``'s hand, library (on top), graveyard or exile."""

    kind: ClassVar[str] = "put_in_zone"
    card: str
    owner: str
    zone: str = "hand"
    choices: tuple[Choice, ...] = ()


class PutInLibrary(_Setup):
    """Teaching set-up: ``n`` copies of a card on top of ``owner``'s library."""

    kind: ClassVar[str] = "put_in_library"
    card: str
    owner: str
    n: int = 1
    choices: tuple[Choice, ...] = ()


class MakeMonarch(_Setup):
    """Teaching set-up: ``player`` is the monarch."""

    kind: ClassVar[str] = "make_monarch"
    player: str
    choices: tuple[Choice, ...] = ()


class SetLife(_Setup):
    """Teaching set-up: ``player``'s life total becomes ``life``."""

    kind: ClassVar[str] = "set_life"
    player: str
    life: int
    choices: tuple[Choice, ...] = ()


class NewGame(Value):
    """How a game began: its players in turn order, their life, library size and first step, and
    the cards it knows besides the catalog (``Game(cards=...)``)."""

    players: tuple[str, ...]
    life: int = 20
    library: int = 30
    start: str = "main1"
    cards: tuple[CardDef, ...] = ()


#: Every action by its name in scenario files and play steps ("enter" is a play step's name for
#: a card an effect puts onto the battlefield).
KINDS: dict[str, type[Action]] = {
    cls.kind: cls for cls in (PassPriority, Advance, NextTurn, Activate, PlayLand, Cast, Resolve,
                              ResolveStack, Attack, Block, Concede, PutOntoBattlefield, PutInZone,
                              PutInLibrary, MakeMonarch, SetLife)
}


def make(kind: str, **fields: Any) -> Action:
    """The record of the action called ``kind`` in scenario files and play steps, with these
    fields (lists become tuples and tables pairs, so the record is frozen).

    >>> make("cast", card=12, convoke=[3, 4])
    Cast(card=12, target=None, x=0, color=None, pay=None, convoke=(3, 4), choices=())
    >>> make("enter", card="Clone", controller="Alice").by_effect
    True
    """
    if kind == "enter":
        return make("put_onto_battlefield", **{**fields, "by_effect": True})
    if kind not in KINDS:
        raise ValueError(f"do must be one of {', '.join(KINDS)}, not {kind!r}")
    values = {k: freeze(v) for k, v in fields.items()}
    if "choices" in values:  # answers, as a file gives them
        values["choices"] = tuple(c if isinstance(c, Choice) else Choice(c) for c in values["choices"])
    return KINDS[kind](**values)


def freeze(value: Any) -> Any:
    """Lists as tuples, dicts as tuples of pairs (recursively): what a frozen record holds.
    Anything else is kept as it is, for the game to check."""
    if isinstance(value, Mapping):
        return tuple((k, freeze(v)) for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return tuple(freeze(v) for v in value)
    return value


def pairs(value: Any) -> bool:
    """Is ``value`` a tuple of pairs (a dict as a frozen record holds it)?"""
    return isinstance(value, tuple) and bool(value) and all(
        isinstance(p, tuple) and len(p) == 2 for p in value)


def thaw_map(value: Any) -> Any:
    """Like :func:`thaw`, for a value that is a dict when given: an empty one stays a dict."""
    return {} if value == () else thaw(value)


def thaw(value: Any) -> Any:
    """The value as the game's methods take it: pairs as a dict (recursively), tuples as lists."""
    if pairs(value):
        return {k: thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


def _call(game: Any, a: Action) -> Any:
    """The one place a record becomes a call of a ``Game`` method: a player's or the game's
    action, or a teacher's set-up (:func:`_call_setup`)."""
    if isinstance(a, _Setup):
        return _call_setup(game, a)
    match a:
        case PassPriority():
            return game.pass_priority(a.player)
        case Advance():
            return game.advance(to=a.to, damage=thaw_map(a.damage), discard=thaw(a.discard))
        case NextTurn():
            return game.next_turn(to=a.to, damage=thaw_map(a.damage), discard=thaw(a.discard))
        case Activate():
            return game.activate(a.card, a.ability, player=a.player, color=a.color, choice=a.choice,
                                 order=thaw(a.order), target=a.target, pay=a.pay)
        case PlayLand():
            return game.play_land(a.card)
        case Cast():
            return game.cast(a.card, target=a.target, x=a.x, color=a.color, pay=a.pay,
                             convoke=thaw(a.convoke))
        case Resolve():
            return game.resolve(copy=a.copy, free_cast=a.free_cast, x=a.x, mana_from=thaw(a.mana_from))
        case ResolveStack():
            return game.resolve_stack()
        case Attack():
            return game.attack(thaw(a.attackers), a.defender)
        case Block():
            return game.block(thaw_map(a.blocks))
        case Concede():
            return game.concede(a.player)
    raise TypeError(f"action must be one of the records of mtgkit.actions, not {a!r}")  # pragma: no cover


def _call_setup(game: Any, a: _Setup) -> Any:
    """A teaching set-up record as the call of its ``Game`` method."""
    match a:
        case PutOntoBattlefield():
            return game.put_onto_battlefield(
                a.card, a.controller, tapped=a.tapped, counters=thaw_map(a.counters), arrived=a.arrived,
                attached_to=a.attached_to, color=a.color, by_effect=a.by_effect, owner=a.owner,
                copy=a.copy)
        case PutInZone():
            return game.put_in_zone(a.card, a.owner, a.zone)
        case PutInLibrary():
            return game.put_in_library(a.card, a.owner, a.n)
        case MakeMonarch():
            return game.make_monarch(a.player)
        case SetLife():
            return game.set_life(a.player, a.life)
    raise TypeError(f"action must be one of the records of mtgkit.actions, not {a!r}")  # pragma: no cover


def dispatch(game: Any, action: Action) -> Any:
    """Do ``action`` on ``game`` through its method (which, inside an action, does the work);
    what that method returns."""
    if not isinstance(action, Action) or type(action) not in KINDS.values():
        raise TypeError(f"action must be one of the records of mtgkit.actions "
                        f"({', '.join(c.__name__ for c in KINDS.values())}), not {action!r}")
    return _call(game, action)


def with_ids(action: Action, resolve: Callable[[Any], int | None]) -> Action:
    """``action`` with each object named by a name (``"Forest"``) named by its id instead, as
    ``resolve`` finds it now (None: leave it, for the game to refuse)."""
    def fix(value: Any, keys_only: bool = False) -> Any:
        if isinstance(value, str):
            found = resolve(value)
            return value if found is None else found
        if pairs(value):
            return tuple((fix(k), v if keys_only else fix(v)) for k, v in value)
        if isinstance(value, tuple):
            return tuple(fix(v) for v in value)
        return value

    changes: dict[str, Any] = {}
    for name in action.refs:
        value = getattr(action, name)
        if name == "damage" and pairs(value):  # {attacker: {blocker: amount}}
            new: Any = tuple((fix(k), fix(v, keys_only=True)) for k, v in value)
        elif name in ("attackers", "convoke") and pairs(value):  # {creature: player or symbol}
            new = fix(value, keys_only=True)
        else:
            new = fix(value)
        if new != value:
            changes[name] = new
    return action.replace(**changes) if changes else action


def new_object(events: Sequence[Event]) -> int:
    """The id of the card a set-up action put somewhere: the object of its first zone change."""
    for e in events:
        if isinstance(e, ZoneChange) and e.obj_id is not None:
            return int(e.obj_id)
    raise ValueError("these events put no card anywhere")


class Recorder:
    """The chooser a game asks during an action: the action's own choices first, in order,
    then the game's chooser; every answer is kept as a :class:`Choice` (``made``)."""

    def __init__(self, inner: Any, given: Sequence[Choice]) -> None:
        if not isinstance(given, tuple | list) or not all(isinstance(c, Choice) for c in given):
            raise TypeError(f"choices must be a tuple of mtgkit.actions.Choice, not {given!r}")
        self.inner = inner
        self.given: tuple[Choice, ...] = tuple(given)
        self.used = 0
        self.made: list[Choice] = []

    def _next(self, question: str) -> Choice | None:
        if self.used >= len(self.given):
            return None
        c = self.given[self.used]
        if c.question and c.question != question:
            raise ValueError(f"choices[{self.used}] answers {c.question!r}, but the action asked "
                             f"{question!r}")
        self.used += 1
        return c

    def choose(self, player: str, question: str, options: Sequence[str]) -> str:
        given = self._next(question)
        if given is None:
            answer = self.inner.choose(player, question, options)
        else:
            answer = given.answer
            if answer not in options:
                named = [o for o in options if isinstance(answer, str) and o.rsplit(" #", 1)[0] == answer]
                if len(named) != 1:
                    raise ValueError(f"choices[{self.used - 1}]: {answer!r} for {question!r} is not "
                                     f"one of {list(options)}")
                answer = named[0]
        self.made.append(Choice(str(answer), question, player))
        return str(answer)

    def order(self, player: str, question: str, items: Sequence[str]) -> list[str]:
        given = self._next(question)
        if given is None:
            answer = list(self.inner.order(player, question, items))
        else:
            answer = [given.answer] if isinstance(given.answer, str) else list(given.answer)
            if sorted(answer) != sorted(items):
                raise ValueError(f"choices[{self.used - 1}]: the order {answer} for {question!r} "
                                 f"must arrange {list(items)}")
        self.made.append(Choice(tuple(answer), question, player))
        return answer

    def check_used(self) -> None:
        """Every choice given in advance must answer a question the action asked."""
        if self.used < len(self.given):
            raise ValueError(f"choices: {len(self.given)} given, but the action asked "
                             f"{self.used} question{'' if self.used == 1 else 's'}")


__all__ = [
    "KINDS", "Action", "Activate", "Advance", "Answer", "Attack", "Block", "Cast", "Choice", "Concede",
    "MakeMonarch", "NewGame", "NextTurn", "PassPriority", "PlayLand", "PutInLibrary", "PutInZone",
    "PutOntoBattlefield", "Recorder", "Ref", "Resolve", "ResolveStack", "SetLife", "dispatch", "freeze",
    "make", "new_object", "pairs", "thaw", "with_ids",
]
