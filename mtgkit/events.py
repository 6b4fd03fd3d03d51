"""Events: the immutable record of every state change, each citing its CR rules.

The event log is the single source of truth for timelines, plots, widgets and the
"why?" explanations. There is one typed record class per kind of event (like pokerkit's
operation records): code that reads events dispatches on the class and reads named
fields, never the prose in ``text``. ``kind`` is the stable short name the timeline shows.
The engine gives an event data, not words: :mod:`mtgkit.wording` says its sentence (``text``)
from its fields and its ``words`` as the game logs it.

Every event has a ``cause``: the sequence number of the event that led to it (``None``
only for a player's own action, a setup step, or a turn-based action of the game
itself), and ``links``: the choices and replacement effects that shaped it.

>>> e = Tapped(seq=1, turn=1, step="main1", player="Alice", obj="Forest", obj_id=3,
...            text="Forest becomes tapped", rules=("107.5",))
>>> e.kind, e.citation
('tap', 'CR 107.5')
>>> print(e)
#1 Forest becomes tapped [CR 107.5]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Literal, Protocol, TypeVar

from .mana import Mana
from .records import Record
from .rules import EDITION

#: Every event kind with what it means. The timeline documents these.
KINDS: dict[str, str] = {
    "players": "the game begins with these players in turn order",
    "setup": "a teaching setup step (a card put somewhere by the teacher, not by the rules)",
    "turn": "a turn begins",
    "step": "a step or phase begins",
    "untap": "a permanent untaps",
    "tap": "a permanent taps",
    "activate": "a player activates an ability (costs are paid in events right after)",
    "cast": "a player casts a spell: it moves to the stack",
    "land": "a player plays a land",
    "choice": "a player makes a choice (a color, an order, a target, X)",
    "replace": "a replacement effect changes an event (the event says what it would have been)",
    "mana": "mana is added to a mana pool",
    "no_mana": "an ability produces no mana (for example an undefined type, CR 106.5)",
    "spend": "mana leaves a pool to pay a cost",
    "empty": "a mana pool empties at the end of a step",
    "trigger": "a triggered ability triggers",
    "stack": "a triggered ability is put on the stack",
    "copy": "a copy of a spell or ability is put on the stack (CR 707.10)",
    "resolve": "a spell or ability resolves",
    "fizzle": "a spell or ability does nothing (illegal targets, false intervening 'if')",
    "counter": "a spell is countered",
    "move": "a card moves between zones (draw, dies, returns, exiled)",
    "enter": "a permanent enters the battlefield",
    "counters": "counters are put on or removed from a permanent",
    "life": "a player's life total changes",
    "damage": "damage is dealt",
    "prevent": "damage that would be dealt is prevented: it never happens (CR 615)",
    "attack": "a creature is declared as an attacker",
    "block": "a creature is declared as a blocker",
    "monarch": "a player becomes the monarch",
    "effect": "a continuous effect starts or ends",
    "control": "a permanent's controller changes (a control-changing effect starts or ends, CR 613.1b)",
    "sba": "a state-based action happens",
    "cleanup": "damage marked on permanents wears off in the cleanup step",
    "leave": "a player leaves the game (loses or concedes)",
    "end": "the game ends: the last player left wins, or all who were left lost at once (a draw)",
    "pass": "a player passes priority (when all pass in succession, the top of the stack "
            "resolves or the step ends)",
}

_ALIASES = {"id": "obj_id", "name": "obj"}
_E = TypeVar("_E", bound="Event")


class Words(Record):
    """Which sentence an event is said in, and the facts that sentence names that are not fields
    of the event (another object's name, an ability's own words, the options a player had).
    :mod:`mtgkit.wording` holds the sentences and turns an event into its ``text``."""

    key: str
    facts: tuple[tuple[str, Any], ...] = ()

    def fact(self, name: str, default: Any = None) -> Any:
        return next((v for k, v in self.facts if k == name), default)


def say(key: str, **facts: Any) -> Words:
    """The sentence ``key`` of :mod:`mtgkit.wording`, with these facts.

    >>> say("untap.effect", item="Act of Treason")
    Words(key='untap.effect', facts=(('item', 'Act of Treason'),))
    """
    return Words(key=key, facts=tuple(facts.items()))


class Event(Record):
    """One state change: what every event has. Subclasses add the kind's own fields.

    ``seq``, ``turn``, ``step``, ``cause`` and ``lane`` are the header the game gives the
    event as it logs it (:meth:`_stamp` makes the logged record; nothing changes an event).
    """

    kind: ClassVar[str] = "event"
    text: str = ""  # the sentence (mtgkit.wording says it from ``words`` and the fields as it is logged)
    words: Words | None = None  # which sentence, and the facts it names (None: the kind's own)
    rules: tuple[str, ...] = ()
    player: str | None = None
    obj: str | None = None
    obj_id: int | None = None
    seq: int = 0
    turn: int = 0
    step: str = ""
    cause: int | None = None
    links: tuple[int, ...] = ()
    lane: str = ""
    setup: bool = False  # a teaching setup step, not something the rules did

    def get(self, key: str, default: Any = None) -> Any:
        """A field by name, in the plain form a table shows (mana as its symbols).

        >>> ManaAdded(text="", mana=Mana.parse("{G}")).get("mana")
        '{G}'
        """
        key = _ALIASES.get(key, key)
        value = getattr(self, key, default) if key in self._fields else default
        return str(value) if isinstance(value, Mana) else value

    @property
    def citation(self) -> str:
        return "CR " + ", ".join(self.rules) if self.rules else ""

    def __str__(self) -> str:
        rules = f" [{self.citation}]" if self.rules else ""
        return f"#{self.seq} {self.text}{rules}"

    def _stamp(self: _E, *, seq: int, turn: int, step: str, cause: int | None, lane: str,
               text: str, obj: str | None = None, obj_id: int | None = None,
               player: str | None = None) -> _E:
        """The event as the game logs it: a new record with its header (``seq``, ``turn``,
        ``step``, ``cause``, ``lane``), its sentence (``text``, said by :mod:`mtgkit.wording`)
        and, when the game names the object it is about, that object and its player. This is the
        one place an event is numbered; an event is never changed after it is made
        (``Game._emit`` logs the record this returns).

        >>> e = Tapped(text="Forest becomes tapped")
        >>> s = e._stamp(seq=3, turn=1, step="main1", cause=None, lane="Alice", text=e.text,
        ...              obj="Forest", obj_id=7)
        >>> (s.seq, s.obj, s.obj_id, s.lane), e.seq
        ((3, 'Forest', 7, 'Alice'), 0)
        """
        about = {} if obj is None else {"obj": obj, "obj_id": obj_id, "player": player}
        return self.replace(seq=seq, turn=turn, step=step, cause=cause, lane=lane, text=text, **about)


# ----------------------------------------------------------------------- the game and turns
class GameBegan(Event):
    """The game begins: players in turn order, starting life, each library's card ids."""

    kind: ClassVar[str] = "players"
    names: tuple[str, ...]
    life: int
    libraries: tuple[tuple[str, tuple[int, ...]], ...]


class TurnBegan(Event):
    kind: ClassVar[str] = "turn"
    active: str


class StepBegan(Event):
    kind: ClassVar[str] = "step"


class DrawSkipped(Event):
    """The starting player of a two-player game skips the whole draw step of their first turn
    (CR 103.8a): no draw step begins, nobody gets priority in it."""

    kind: ClassVar[str] = "step"


class PlayerLeft(Event):
    kind: ClassVar[str] = "leave"


class GameEnded(Event):
    """The game is over: ``winner`` is the last player left in it (CR 104.2a), or None when all
    the players remaining lost at the same time: a draw (104.4a)."""

    kind: ClassVar[str] = "end"
    winner: str | None = None


class PriorityPassed(Event):
    """The player with priority passes (CR 117.3d)."""

    kind: ClassVar[str] = "pass"


# ----------------------------------------------------------------------- permanents
class Tapped(Event):
    kind: ClassVar[str] = "tap"


class Untapped(Event):
    kind: ClassVar[str] = "untap"


class Convoked(Tapped):
    """A creature becomes tapped to pay for one mana of spell ``spell``'s total cost by convoke
    (CR 702.51a; it has "convoked" the spell, 702.51c): ``pays`` is the symbol it paid. Tapping it
    this way is no mana ability, so it is not "tapped for mana" (106.12)."""

    spell: int
    pays: str


class CountersChanged(Event):
    kind: ClassVar[str] = "counters"
    counter: str
    delta: int


class DamageWoreOff(Event):
    kind: ClassVar[str] = "cleanup"
    ids: tuple[int, ...]


# ----------------------------------------------------------------------- zone changes
class ZoneChange(Event):
    """An object moves to ``to`` from ``frm``; it is there with these properties."""

    kind: ClassVar[str] = "move"
    to: str
    frm: str = ""
    owner: str = ""
    controller: str = ""
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    incarnation: int = 0  # each zone change makes a new object (CR 400.7); obj_id stays the card's
    attached_to: int | None = None  # what it is attached to there (an Aura)
    token: bool = False


class Moved(ZoneChange):
    """A card moves between zones: drawn, dies, sacrificed, exiled, returned."""


class SetupPut(ZoneChange):
    kind: ClassVar[str] = "setup"
    setup: bool = True
    arrived_this_turn: bool = False  # on the battlefield: just arrived (summoning sick), or not


class Entered(ZoneChange):
    """A permanent enters the battlefield, with the X of the spell it came from (CR 107.3m)."""

    kind: ClassVar[str] = "enter"
    x: int = 0
    copy_of: str | None = None


class LandPlayed(ZoneChange):
    kind: ClassVar[str] = "land"


class SpellCast(ZoneChange):
    """A player casts a spell: it moves to the stack from ``frm`` (CR 601.2), with X = ``x`` and
    that mana value on the stack (202.3e). ``free``: cast without paying its mana cost (cascade,
    702.85a), during the resolution of what allowed it (608.2g)."""

    kind: ClassVar[str] = "cast"
    x: int = 0
    mana_value: int = 0
    target: int | str | None = None
    free: bool = False
    cost_increase: int = 0  # generic mana added to its total cost (Damping Sphere, CR 601.2f)


class SpellCopied(ZoneChange):
    """A copy of the spell ``original`` is put on the stack (CR 707.10): it is a new object
    (``obj_id``) with the original's choices, ``x`` included; it isn't cast."""

    kind: ClassVar[str] = "copy"
    original: int
    x: int = 0
    target: int | str | None = None


class StateBasedMove(ZoneChange):
    """A state-based action moves an object (a creature dies, a token ceases to exist)."""

    kind: ClassVar[str] = "sba"


class DrawFailed(Event):
    """A player can't draw: the library is empty (they lose at the next check, CR 704.5b)."""

    kind: ClassVar[str] = "move"


# ----------------------------------------------------------------------- actions, stack
class AbilityActivated(Event):
    kind: ClassVar[str] = "activate"
    ability: int
    mana_ability: bool


#: What a recorded choice was about: the kind of question the engine asked a player.
ChoiceKind = Literal["cast", "color", "copy", "damage assignment", "damage effect", "discard",
                     "legend rule", "mana",
                     "may sacrifice", "order", "payment", "protector", "sacrifice", "target",
                     "trigger order", "X"]


class ChoiceMade(Event):
    kind: ClassVar[str] = "choice"
    question: ChoiceKind
    answer: str | tuple[str, ...]
    options: tuple[str, ...] = ()


class AbilityTriggered(Event):
    """A triggered ability triggers: ``ability`` is its number among its source's triggered
    abilities (``CardDef.triggers``), None for the monarch's inherent ones (CR 725.2)."""

    kind: ClassVar[str] = "trigger"
    ability: int | None = None


class PutOnStack(Event):
    kind: ClassVar[str] = "stack"
    id: int
    name: str
    target: int | str | None = None


class AbilityCopied(PutOnStack):
    """A copy of the ability ``original`` is put on the stack (CR 707.10), with the same source
    (707.10b) and the original's choices; it isn't activated."""

    kind: ClassVar[str] = "copy"
    original: int


class Resolved(Event):
    kind: ClassVar[str] = "resolve"
    id: int
    ability: bool


class Fizzled(Event):
    """A spell or ability does nothing, or is removed from the stack (``id`` when it was on it)."""

    kind: ClassVar[str] = "fizzle"
    id: int | None = None
    ability: bool = False


class Countered(Event):
    kind: ClassVar[str] = "counter"
    id: int
    ability: bool = False


# ----------------------------------------------------------------------- mana
class ManaAdded(Event):
    kind: ClassVar[str] = "mana"
    mana: Mana
    tapped_for_mana: bool = False  # a mana ability with {T} in its cost made it (CR 106.12)
    spend_only: str | None = None  # it may be spent only to cast a spell of this card type (106.6)


class NoMana(Event):
    kind: ClassVar[str] = "no_mana"
    reason: str
    undefined: bool = False  # the type is undefined (CR 106.5), not just an amount of zero


class ManaSpent(Event):
    kind: ClassVar[str] = "spend"
    mana: Mana


class PoolEmptied(Event):
    kind: ClassVar[str] = "empty"
    mana: Mana


class ManaReplaced(Event):
    kind: ClassVar[str] = "replace"
    effect: str
    before: Mana
    after: Mana


# ----------------------------------------------------------------------- damage and life
class DamageDealt(Event):
    kind: ClassVar[str] = "damage"
    source: str
    source_id: int | None
    amount: int
    combat: bool
    to_player: str | None = None
    to_id: int | None = None
    source_incarnation: int = 0  # the source as the object it was when it dealt the damage (CR 400.7)


class DamagePrevented(Event):
    """The ``amount`` damage ``source`` would deal to ``to_player`` or object ``to_id`` is
    prevented by ``effect`` (CR 615.1, 615.6): it is never dealt. ``combat``: it was combat damage
    (a redirected combat damage event stays combat damage, 614.9)."""

    kind: ClassVar[str] = "prevent"
    effect: str
    source: str
    amount: int
    combat: bool
    source_id: int | None = None
    to_player: str | None = None
    to_id: int | None = None


class DamageRedirected(Event):
    """A redirection effect (CR 614.9): damage to ``before`` (a player) goes to ``after``."""

    kind: ClassVar[str] = "replace"
    effect: str
    before: str
    after: str
    source: str
    amount: int
    combat: bool
    source_id: int | None = None


class LifeChanged(Event):
    kind: ClassVar[str] = "life"
    delta: int


# ----------------------------------------------------------------------- combat, monarch
class AttackDeclared(Event):
    kind: ClassVar[str] = "attack"
    defender: str


class BlockDeclared(Event):
    kind: ClassVar[str] = "block"
    attacker: int


class MonarchChanged(Event):
    """``monarch`` is the monarch now; ``changed`` is False when they already were (CR 725.3)."""

    kind: ClassVar[str] = "monarch"
    monarch: str | None
    changed: bool
    previous: str | None = None


# ----------------------------------------------------------------------- effects
class EffectStarted(Event):
    kind: ClassVar[str] = "effect"
    effect: str


class AbilityGained(EffectStarted):
    """Until end of turn, the permanent ``obj_id`` has ``keyword`` (Act of Treason's haste, CR
    611.2a); the :class:`EffectEnded` whose ``cause`` is this event ends it."""

    keyword: str


class EffectEnded(Event):
    kind: ClassVar[str] = "effect"
    effect: str


class ControlChanged(Event):
    """Permanent ``obj_id``'s controller is now ``controller`` (it was ``previous``): a
    control-changing effect (layer 2, CR 613.1b) began or ended. ``effect`` names the effect that
    decides it now ("" when none does: it is back with the player it entered under, 110.2).
    Its new controller's "continuous control" starts now (302.6) unless ``since_now`` is False (a
    teaching set-up of control from before this turn); ``removed_from_combat``: it was attacking or
    blocking (506.4)."""

    kind: ClassVar[str] = "control"
    controller: str
    previous: str
    effect: str = ""
    since_now: bool = True
    removed_from_combat: bool = False


class NoTokens(Event):
    """An effect creates zero tokens (for example half of X = 0)."""

    kind: ClassVar[str] = "effect"
    token: str


#: Every event class, for documentation and tests.
EVENT_TYPES: tuple[type[Event], ...] = (
    GameBegan, TurnBegan, StepBegan, DrawSkipped, PlayerLeft, GameEnded, PriorityPassed, Tapped, Untapped,
    Convoked, CountersChanged, DamageWoreOff, Moved, SetupPut, Entered, LandPlayed, SpellCast,
    SpellCopied, StateBasedMove, DrawFailed, AbilityCopied,
    AbilityActivated, ChoiceMade, AbilityTriggered, PutOnStack, Resolved, Fizzled, Countered,
    ManaAdded, NoMana, ManaSpent, PoolEmptied, ManaReplaced, DamageDealt, DamagePrevented,
    DamageRedirected,
    LifeChanged, AttackDeclared, BlockDeclared, MonarchChanged, EffectStarted, AbilityGained, EffectEnded,
    ControlChanged, NoTokens,
)


class HasEvents(Protocol):
    """Anything with an event log, such as a game or a scenario's game."""

    @property
    def events(self) -> Sequence[Event]: ...


def events_of(source: Iterable[Event] | HasEvents) -> list[Event]:
    """The events of a game (anything with ``.events``) or of an iterable of events."""
    if isinstance(source, Iterable):
        return list(source)
    return list(source.events)


# ----------------------------------------------------------------------- why
def chain(events: Sequence[Event], seq: int) -> list[Event]:
    """The event ``seq`` followed by its causes, back to a player's action or the game.

    ``events`` is the whole log, indexed by ``seq - 1``.
    """
    out: list[Event] = []
    seen: set[int] = set()
    current: int | None = seq
    while current is not None and current not in seen:
        seen.add(current)
        event = events[current - 1]
        out.append(event)
        current = event.cause
    return out


def explain(events: Sequence[Event], seq: int) -> str:
    """A readable answer to "why did event ``seq`` happen?", citing each link's rules.

    Each line is one link of the chain; choices, replacement effects and states (such as who
    is the monarch) that shaped an event are listed under it, with how they came about.
    """
    lines: list[str] = []
    links = chain(events, seq)
    in_chain = {e.seq for e in links}
    for depth, event in enumerate(links):
        lead = "" if depth == 0 else "because "
        pad = "  " * depth
        lines.append(f"{pad}{lead}{_sentence(event)}")
        for link in event.links:
            shaped = events[link - 1]
            lines.append(f"{pad}  (shaped by {_sentence(shaped)})")
            if shaped.cause is not None and shaped.cause not in in_chain:
                for k, back in enumerate(chain(events, shaped.cause)):
                    lines.append(f"{pad}    {'  ' * k}which happened because {_sentence(back)}")
    origin = links[-1]
    if origin.setup:
        lines.append("  (this is where the example starts: the teacher set it up)")
    elif isinstance(origin, GameBegan | TurnBegan | StepBegan | DrawSkipped):
        lines.append("  (the game itself did this as the turns moved on: CR 500.1)")
    elif origin.player:
        lines.append(f"  (this is where it starts: {origin.player}'s own action)")
    lines.append(f"Rule numbers from the Comprehensive Rules of {EDITION}.")
    return "\n".join(lines)


def _sentence(event: Event) -> str:
    rules = f" ({', '.join(event.rules)})" if event.rules else ""
    return f"#{event.seq} {event.text}{rules}"
