"""Trigger conditions: each knows which events it triggers on (CR 603.2).

A triggered ability is data: a trigger condition from this module plus effects. The game
feeds every event it emits to one matcher, which asks each triggered ability on the
battlefield (and the monarch's inherent abilities, and the last known version of an object
that just left the battlefield) ``trigger.matches(event, source, view)``. A match returns
what the ability needs to remember (:class:`TriggerData`), or ``None``. Adding a kind of
trigger is one class here; the engine has no scan loop per trigger.

Each condition also says what it waits for: ``waits_for``, the kinds of event it can match,
and ``about_source``, whether only events about its own object can match (``event.obj_id ==
source.id``). The game indexes the permanents on the battlefield by these, so an event is
shown only to the abilities that could trigger on it, however many other permanents there are.

>>> from mtgkit.events import AttackDeclared
>>> class Source:
...     id, controller, attached_to, counters, chosen_color = 7, "Alice", None, {}, None
...     def is_a(self, card_type: str) -> bool: return card_type == "Creature"
>>> attack = AttackDeclared(text="The Goose Mother attacks Bob", obj_id=7, defender="Bob")
>>> Attacks().matches(attack, Source(), None)  # doctest: +ELLIPSIS
TriggerData(x=0, counters=(), spell=None, mana_value=0, creature=None, ...)
>>> Attacks().matches(attack.replace(obj_id=8), Source(), None) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal, Protocol

from .events import (
    AttackDeclared,
    Convoked,
    DamageDealt,
    Entered,
    Event,
    LandPlayed,
    ManaAdded,
    MonarchChanged,
    NoMana,
    SpellCast,
    StepBegan,
    ZoneChange,
)
from .mana import Mana
from .records import Record, Value

Whose = Literal["you", "opponents", "any"]


class TriggerSource(Protocol):
    """What a trigger condition may read about the object its ability is on."""

    @property
    def id(self) -> int | None: ...
    @property
    def controller(self) -> str: ...
    @property
    def attached_to(self) -> int | None: ...
    @property
    def counters(self) -> Mapping[str, int]: ...
    @property
    def chosen_color(self) -> str | None: ...
    def is_a(self, card_type: str) -> bool: ...


class TriggerView(Protocol):
    """What a trigger condition may read about the game (read-only)."""

    @property
    def active_player(self) -> str: ...
    @property
    def monarch(self) -> str | None: ...
    @property
    def rules(self) -> Any: ...  # the rules the game plays by (mtgkit.variants.Rules)
    def is_a(self, obj_id: int, card_type: str) -> bool: ...
    def controller_of(self, obj_id: int) -> str: ...


class TriggerData(Record):
    """What a triggered ability remembers from the event that triggered it."""

    x: int = 0  # the X of the spell that became this permanent (CR 107.3m)
    counters: tuple[tuple[str, int], ...] = ()  # last known counters (CR 603.10a)
    spell: int | None = None  # the spell whose casting triggered it
    mana_value: int = 0
    creature: int | None = None  # the creature that dealt combat damage
    creature_controller: str | None = None
    creature_incarnation: int = 0  # that creature as the object that dealt the damage (CR 400.7)
    produced: Mana | None = None  # the mana a permanent was tapped for (CR 106.12a)
    player: str | None = None  # the player who tapped it
    triggered_at: int = 0  # the event number when it triggered (for "until", CR 610.3b)


def whose_matches(whose: Whose, controller: str, player: str | None) -> bool:
    """Does ``player`` count as ``whose`` relative to ``controller``?"""
    if whose == "you":
        return player == controller
    if whose == "opponents":
        return player is not None and player != controller
    return True


class _Marker:
    """A primitive with no fields: equal to any other instance of its class."""

    __slots__ = ()
    waits_for: ClassVar[tuple[type[Event], ...]] = ()
    about_source: ClassVar[bool] = False
    on_stack: ClassVar[bool] = False  # it functions while its object is a spell on the stack

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self).__name__)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Enters(_Marker):
    """When this permanent enters (CR 603.6a)."""

    waits_for = (Entered, LandPlayed)
    about_source = True

    def matches(self, event: Event, source: TriggerSource, view: TriggerView) -> TriggerData | None:
        if isinstance(event, Entered | LandPlayed) and event.obj_id == source.id:
            return TriggerData(x=event.x if isinstance(event, Entered) else 0)
        return None


class CastThis(_Marker):
    """When you cast this spell (cascade, CR 702.85a): an ability that functions only while its
    object is a spell on the stack."""

    waits_for = (SpellCast,)
    about_source = True
    on_stack = True

    def matches(self, event: Event, source: TriggerSource, view: TriggerView) -> TriggerData | None:
        if isinstance(event, SpellCast) and event.obj_id == source.id:
            return TriggerData(spell=event.obj_id, mana_value=event.mana_value)
        return None


class Dies(_Marker):
    """When this creature dies (battlefield to graveyard). It "looks back in time" (CR 603.10a):
    the source is the creature as it last existed on the battlefield."""

    waits_for = (ZoneChange,)
    about_source = True

    def matches(self, event: Event, source: TriggerSource, view: TriggerView) -> TriggerData | None:
        if (isinstance(event, ZoneChange) and event.obj_id == source.id and event.frm == "battlefield"
                and event.to == "graveyard" and source.is_a("Creature")):
            return TriggerData(counters=tuple(sorted(source.counters.items())))
        return None


class Attacks(_Marker):
    """Whenever this creature attacks (CR 508.3a)."""

    waits_for = (AttackDeclared,)
    about_source = True

    def matches(self, event: Event, source: TriggerSource, view: TriggerView) -> TriggerData | None:
        if isinstance(event, AttackDeclared) and event.obj_id == source.id:
            return TriggerData()
        return None


class BecomesMonarch(_Marker):
    """Whenever you become the monarch: only on a real change (CR 725.3, 603.2e), as the rules
    decide (:meth:`~mtgkit.variants.Rules.becomes_monarch_triggers`)."""

    waits_for = (MonarchChanged,)

    def matches(self, event: Event, source: TriggerSource, view: TriggerView) -> TriggerData | None:
        if isinstance(event, MonarchChanged) and view.rules.becomes_monarch_triggers(view, event,
                                                                                      source.controller):
            return TriggerData()
        return None


class OpponentIsMonarch(_Marker):
    """An intervening "if" (CR 603.4): "if an opponent is the monarch". It is checked as the
    ability would trigger and again as it would resolve; it reads who the monarch is, so the
    event that made them the monarch is linked as a state the trigger depended on."""

    #: The words a "removed from the stack" event quotes.
    words: ClassVar[str] = "opponent is monarch"
    about_monarch: ClassVar[bool] = True

    def holds(self, view: TriggerView, controller: str) -> bool:
        """Is it true now for an ability controlled by ``controller``?"""
        return view.monarch is not None and view.monarch != controller


#: An intervening "if" of a triggered ability (CR 603.4).
Condition = OpponentIsMonarch


class OpponentBecomesMonarch(_Marker):
    """What ends an "until" duration (CR 610.3): an opponent of the effect's controller becomes
    the monarch (Palace Jailer's exile). Checked against every event by the game's one matcher."""

    waits_for = (MonarchChanged,)

    def ends(self, event: Event, controller: str) -> bool:
        """Does ``event`` end it, for an effect controlled by ``controller``?"""
        return (isinstance(event, MonarchChanged) and event.changed and not event.setup
                and event.monarch is not None and event.monarch != controller)

    def describe(self, controller: str, *, happened: bool = False) -> str:
        """What it waits for: "an opponent of Alice becomes (became) the monarch"."""
        return f"an opponent of {controller} {'became' if happened else 'becomes'} the monarch"


#: What can end an "until" duration (CR 610.3).
Until = OpponentBecomesMonarch


class CombatDamageToMonarch(_Marker):
    """Whenever a creature deals combat damage to the monarch (CR 725.2). Only the monarch's
    inherent ability uses it, so its source's controller is the monarch."""

    waits_for = (DamageDealt,)

    def matches(self, event: Event, source: TriggerSource, view: TriggerView) -> TriggerData | None:
        if (isinstance(event, DamageDealt) and event.source_id is not None
                and view.rules.steals_crown(view, event, source.controller)):
            return TriggerData(creature=event.source_id,
                               creature_controller=view.controller_of(event.source_id),
                               creature_incarnation=event.source_incarnation)
        return None


class MonarchsEndStep(_Marker):
    """At the beginning of the monarch's end step (CR 725.2): only the monarch's inherent draw
    ability uses it, so its source's controller is the monarch; the rules decide which end steps
    (:meth:`~mtgkit.variants.Rules.monarch_draws`)."""

    waits_for = (StepBegan,)

    def matches(self, event: Event, source: TriggerSource, view: TriggerView) -> TriggerData | None:
        if type(event) is StepBegan and event.step == "end" \
                and view.rules.monarch_draws(view, event, source.controller):
            return TriggerData()
        return None


class CastSpell(Value):
    """Whenever ``whose`` casts a spell (of ``card_type``); ``mv_equals_counters`` names a
    counter kind whose number on the source must equal the spell's mana value (Chalice)."""

    whose: Whose = "any"
    card_type: str | None = None
    mv_equals_counters: str | None = None
    waits_for: ClassVar[tuple[type[Event], ...]] = (SpellCast,)
    about_source: ClassVar[bool] = False
    on_stack: ClassVar[bool] = False

    def matches(self, event: Event, source: TriggerSource, view: TriggerView) -> TriggerData | None:
        if not isinstance(event, SpellCast) or event.obj_id is None:
            return None
        if not whose_matches(self.whose, source.controller, event.player):
            return None
        if self.card_type and not view.is_a(event.obj_id, self.card_type):
            return None
        if self.mv_equals_counters and source.counters.get(self.mv_equals_counters, 0) != event.mana_value:
            return None
        return TriggerData(spell=event.obj_id, mana_value=event.mana_value)


class AtBeginning(Value):
    """At the beginning of ``step`` of your turn (``whose="you"``) or of every turn."""

    step: str
    whose: Literal["you", "any"] = "you"
    waits_for: ClassVar[tuple[type[Event], ...]] = (StepBegan,)
    about_source: ClassVar[bool] = False
    on_stack: ClassVar[bool] = False

    def matches(self, event: Event, source: TriggerSource, view: TriggerView) -> TriggerData | None:
        if type(event) is StepBegan and event.step == self.step and (
                self.whose == "any" or source.controller == view.active_player):
            return TriggerData()
        return None


class TappedForMana(Value):
    """Whenever a ``scope`` permanent is tapped for mana (CR 106.12a): ``"land"``, ``"basic
    land"``, ``"creature"``, or ``"enchanted"`` (the permanent this Aura enchants), tapped by
    ``whose``; with ``mana_of="chosen color"``, only for mana of the color chosen as this permanent
    entered ("tapped for mana of a specified type": the mana the ability really produced, after
    replacement effects)."""

    scope: Literal["land", "basic land", "creature", "enchanted"] = "land"
    whose: Whose = "any"
    mana_of: Literal["chosen color"] | None = None
    # (it matches only mana added; a game's rules may let it see a tap that made none, or a tap
    # for convoke, so those reach it too: mtgkit.variants.Rules.mana_trigger_sees)
    waits_for: ClassVar[tuple[type[Event], ...]] = (ManaAdded, NoMana, Convoked)
    about_source: ClassVar[bool] = False
    on_stack: ClassVar[bool] = False

    def matches(self, event: Event, source: TriggerSource, view: TriggerView) -> TriggerData | None:
        if not isinstance(event, ManaAdded) or not event.tapped_for_mana or event.obj_id is None:
            return None
        if self.scope in ("land", "creature") and not view.is_a(event.obj_id, self.scope.capitalize()):
            return None
        if self.scope == "basic land" and not (view.is_a(event.obj_id, "Land")
                                               and view.is_a(event.obj_id, "Basic")):
            return None
        if self.mana_of == "chosen color" and (source.chosen_color is None
                                               or source.chosen_color not in event.mana.types):
            return None
        if self.scope == "enchanted" and source.attached_to != event.obj_id:
            return None
        if not whose_matches(self.whose, source.controller, event.player):
            return None
        return TriggerData(produced=event.mana, player=event.player)


Trigger = (Enters | Dies | CastSpell | AtBeginning | BecomesMonarch | CombatDamageToMonarch | Attacks
           | CastThis | MonarchsEndStep)
