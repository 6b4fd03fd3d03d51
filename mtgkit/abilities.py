"""The primitives cards are built from: costs, mana specs, effects, abilities, triggers.

A card in the catalog is data made of these pieces; the engine interprets the pieces
and never looks at card names.

>>> cost = Cost.parse("{2}, {Q}")
>>> cost.untap, cost.tap, str(cost.mana)
(True, False, '{2}')
>>> Cost.parse("{T}, Pay 1 life").life
1
>>> Cost.parse("{T}, Remove a charge counter from this").remove_counters
(('charge', 1),)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal, Protocol, TypeVar

from .mana import COLORS, TYPES, Mana, ManaCost
from .records import Value
from .triggers import (
    CombatDamageToMonarch,
    Condition,
    MonarchsEndStep,
    TappedForMana,
    Trigger,
    Until,
    Whose,
    _Marker,
    whose_matches,
)
from .wording import refusal

A = TypeVar("A")


# --------------------------------------------------------------------------- costs
class Cost(Value):
    """An activation cost: mana, {T} (CR 107.5), {Q} (107.6), life, counters, sacrifice."""

    mana: ManaCost | None = None
    tap: bool = False
    untap: bool = False
    life: int = 0
    remove_counters: tuple[tuple[str, int], ...] = ()
    sacrifice_self: bool = False

    @classmethod
    def parse(cls, text: str) -> Cost:
        """Parse a printed cost such as ``{1}, {T}, Pay 1 life``."""
        mana: ManaCost | None = None
        tap = untap = sac = False
        life = 0
        removes: list[tuple[str, int]] = []
        for part in (p.strip() for p in text.split(",")):
            if part == "{T}":
                tap = True
            elif part == "{Q}":
                untap = True
            elif m := re.fullmatch(r"Pay (\d+) life", part):
                life = int(m.group(1))
            elif m := re.fullmatch(r"Remove (a|an|\d+) ([\w+/-]+) counters? from this", part):
                n = 1 if m.group(1) in ("a", "an") else int(m.group(1))
                removes.append((m.group(2), n))
            elif part == "Sacrifice this":
                sac = True
            elif part.startswith("{"):
                mana = ManaCost.parse(part) if mana is None else ManaCost.parse(mana.text + part)
            else:
                raise ValueError(refusal("abilities.unknown_cost_part", part=part, text=text))
        return cls(mana, tap, untap, life, tuple(removes), sac)


# --------------------------------------------------------------------------- mana specs
class ManaContext(Protocol):
    """What a mana spec may read while working out what it would produce."""

    def colors_of_permanents(self, controller: str) -> frozenset[str]: ...
    def count_permanents(self, controller: str, card_type: str) -> int: ...
    def reflected(self, controller: str, whose: Whose, card_type: str) -> frozenset[str]: ...
    def reflectable(self, kinds: Literal["colors", "types"]) -> frozenset[str]: ...


class Fixed(Value):
    """Add exactly this mana, e.g. ``{G}`` or ``{C}``."""

    mana: Mana

    def options(self, ctx: ManaContext, controller: str) -> tuple[Mana, ...]:
        return (self.mana,)

    def why_none(self) -> tuple[str, bool]:
        return "", False


class OneOf(Value):
    """Add one of several fixed amounts, chosen on resolution (Underground Sea, Mystic Gate)."""

    choices: tuple[Mana, ...]

    def options(self, ctx: ManaContext, controller: str) -> tuple[Mana, ...]:
        return self.choices

    def why_none(self) -> tuple[str, bool]:
        return "", False


class AnyColor(Value):
    """Add ``amount`` mana of any one color (never colorless)."""

    amount: int = 1

    def options(self, ctx: ManaContext, controller: str) -> tuple[Mana, ...]:
        return tuple(Mana.of(c, self.amount) for c in COLORS)

    def why_none(self) -> tuple[str, bool]:
        return "", False


class Reflect(Value):
    """One mana of a color (``kinds="colors"``) or type (``"types"``) that a ``card_type``
    permanent controlled by ``whose`` could produce (CR 106.7): Exotic Orchard, Reflecting
    Pool, Fellwar Stone."""

    whose: Whose = "opponents"
    card_type: str = "Land"
    kinds: Literal["colors", "types"] = "colors"

    def options(self, ctx: ManaContext, controller: str) -> tuple[Mana, ...]:
        found = ctx.reflected(controller, self.whose, self.card_type)
        allowed = ctx.reflectable(self.kinds)  # the colors, or the six types (CR 106.1a, 106.1b)
        return tuple(Mana.of(t) for t in TYPES if t in allowed and t in found)

    def why_none(self) -> tuple[str, bool]:
        """Why it adds nothing, and whether that is because the type is undefined (CR 106.5)."""
        who = {"opponents": "an opponent controls", "you": "you control", "any": "any player controls"}
        what = "color" if self.kinds == "colors" else "type"
        extra = " (colorless is not a color)" if self.kinds == "colors" else ""
        return (
            f"no {self.card_type.lower()} {who[self.whose]} could produce a {what} of mana"
            f"{extra}, so the type is undefined", True
        )


class ColorOfPermanent(Value):
    """One mana of a color of a permanent you control (Meteor Crater)."""

    def options(self, ctx: ManaContext, controller: str) -> tuple[Mana, ...]:
        colors = ctx.colors_of_permanents(controller)
        return tuple(Mana.of(c) for c in COLORS if c in colors)

    def why_none(self) -> tuple[str, bool]:
        return ("you control no colored permanent, so no color can be chosen and the type is "
                "undefined", True)


class PerPermanent(Value):
    """``mana_type`` once for each ``card_type`` permanent you control (Gaea's Cradle)."""

    mana_type: str
    card_type: str = "Creature"

    def options(self, ctx: ManaContext, controller: str) -> tuple[Mana, ...]:
        n = ctx.count_permanents(controller, self.card_type)
        return (Mana.of(self.mana_type, n),) if n else ()

    def why_none(self) -> tuple[str, bool]:
        return f"you control no {self.card_type.lower()}, so it adds {{{self.mana_type}}} zero times", False


ManaSpec = Fixed | OneOf | AnyColor | Reflect | ColorOfPermanent | PerPermanent


# --------------------------------------------------------------------------- effects
class AddMana(Value):
    """Effect: add mana as described by ``spec``. ``spend_only`` restricts how that mana may be
    spent: only to cast a spell of that card type (Ancient Ziggurat: "Spend this mana only to cast
    a creature spell", CR 106.6); the restriction covers all the mana the ability produces, a
    replacement effect's extra mana included (106.6a)."""

    spec: ManaSpec
    spend_only: str | None = None


class DamageYou(Value):
    """Effect: this source deals ``amount`` damage to its controller (Tarnished Citadel's rider,
    part of its mana ability, CR 605.1a)."""

    amount: int


class ReturnFromGraveyard(_Marker):
    """Effect: return the target card from a graveyard to the battlefield under your control
    (Order of Whiteclay). Which cards it may target is the ability's :class:`TargetSpec`."""


class DealDamage(Value):
    """Effect: this source deals ``amount`` damage to the target."""

    amount: int


class GainLife(Value):
    """Effect: the controller gains ``amount`` life."""

    amount: int


class PutCounters(Value):
    """Effect: put counters on this permanent."""

    kind: str
    amount: int = 1


class PutCountersOnEach(Value):
    """Effect: put ``amount`` counters of ``kind`` on each ``card_type`` permanent you control
    (Leyline of Abundance)."""

    kind: str
    card_type: str = "Creature"
    amount: int = 1


class CreateEffect(Value):
    """Effect: start a continuous replacement effect (Pale Moon, Deep Water) for a duration
    (``"end_of_turn"``: it ends in this turn's cleanup step, CR 514.2)."""

    replacement: ManaReplacement
    duration: Literal["end_of_turn"] = "end_of_turn"


class BecomeMonarch(_Marker):
    """Effect: the controller becomes the monarch (CR 725.1, 725.3)."""


class CreatureControllerBecomesMonarch(_Marker):
    """Effect of the monarch's combat-damage trigger: the creature's controller becomes the
    monarch (CR 725.2)."""


class Draw(Value):
    """Effect: the controller draws ``amount`` cards."""

    amount: int = 1


class HalfX(_Marker):
    """A number of tokens: half X, rounded up, X being that of the spell that became this
    permanent (CR 107.3m)."""

    def count(self, x: int, counters: Iterable[tuple[str, int]]) -> tuple[int, str, tuple[str, ...]]:
        """How many, why in words, and the rule."""
        return -(-x // 2), f"half of X={x}, rounded up (CR 107.3m)", ("107.3m",)


class CountersOnIt(Value):
    """A number of tokens: one for each ``kind`` counter this permanent had as it left the
    battlefield (last known information, CR 603.10a)."""

    kind: str = "+1/+1"

    def count(self, x: int, counters: Iterable[tuple[str, int]]) -> tuple[int, str, tuple[str, ...]]:
        n = dict(counters).get(self.kind, 0)
        return n, f"one for each of its {n} {self.kind} counters as it left", ("608.2",)


class CreateTokens(Value):
    """Effect: create tokens named ``token``: ``count`` is a number, :class:`HalfX` or
    :class:`CountersOnIt`."""

    token: str
    count: int | HalfX | CountersOnIt = 1


class SacrificeCreature(_Marker):
    """Effect: the target player sacrifices a creature of their choice."""


class SacrificeUnless(Value):
    """Effect: sacrifice this permanent unless you sacrifice a ``card_type`` (Contamination)."""

    card_type: str = "Creature"


class MaySacrificeToDraw(Value):
    """Effect: you may sacrifice a ``card_type`` permanent; if you do, draw a card."""

    card_type: str = "Food"


class ExileUntil(Value):
    """Effect: exile the target creature until ``until`` happens (Palace Jailer: until an
    opponent of this ability's controller becomes the monarch, CR 610.3); if it has happened
    already since the ability triggered, the creature isn't exiled (610.3b)."""

    until: Until


class CounterTriggeringSpell(_Marker):
    """Effect: counter the spell whose casting triggered this ability (Chalice of the Void)."""


class PreventDamage(Value):
    """Effect: prevent all damage (``combat_only``: all combat damage) that would be dealt for
    ``duration`` (Holy Day, CR 615.1); damage that is prevented is never dealt (615.6)."""

    combat_only: bool = True
    duration: Duration = "end_of_turn"


class DrawForEachColor(_Marker):
    """Effect: the controller draws a card for each color among permanents they control
    (Chromatic Orrery)."""


class CopyTarget(Value):
    """Effect: copy the target spell or ability on the stack (CR 707.10): the copy keeps every
    choice made for it, its targets and X included. Its controller may choose new targets for it
    only when the text says so ("You may choose new targets for the copy": ``new_targets``,
    707.10c). A copy of a permanent spell becomes a token as it resolves (608.3f); a copy of a
    spell isn't cast, so "whenever a player casts" doesn't see it."""

    new_targets: bool = False


class Cascade(_Marker):
    """Effect of cascade (CR 702.85a): exile cards from the top of your library until you exile a
    nonland card whose mana value is less than the spell's; you may cast it without paying its
    mana cost (X is 0, 107.3b); the rest go to the bottom of your library in a random order."""


#: How long an effect of a resolved spell or ability lasts (CR 611.2a): "until end of turn" ends
#: in that turn's cleanup step (514.2).
Duration = Literal["end_of_turn"]


class GainControl(Value):
    """Effect: the controller of this spell or ability gains control of the target permanent for
    ``duration`` (Act of Treason: a control-changing effect, layer 2, CR 613.1b, 611.2a). The
    permanent it affects is fixed as the effect begins (611.2c)."""

    duration: Duration = "end_of_turn"


class UntapTarget(_Marker):
    """Effect: untap the target permanent (CR 701.26b): "untap that creature"."""


class GainKeyword(Value):
    """Effect: the target permanent gains ``keyword`` for ``duration`` ("it gains haste until end
    of turn", CR 611.2a)."""

    keyword: str
    duration: Duration = "end_of_turn"


Effect = (
    AddMana | DamageYou | ReturnFromGraveyard | DealDamage | GainLife | PutCounters | CreateEffect
    | BecomeMonarch | CreatureControllerBecomesMonarch | Draw | CreateTokens | SacrificeCreature
    | ExileUntil | CounterTriggeringSpell | SacrificeUnless | MaySacrificeToDraw
    | GainControl | UntapTarget | GainKeyword | PutCountersOnEach | Cascade | CopyTarget
    | PreventDamage | DrawForEachColor
)


# --------------------------------------------------------------------------- targets
#: What a target on the stack may be (CR 115.1): a kind of spell, or an ability.
StackTarget = Literal["instant or sorcery spell", "permanent spell", "activated or triggered ability"]


class TargetSpec(Value):
    """What a spell or ability may target (CR 115.1): ``players`` (none, any, or opponents of
    its controller) and/or objects of ``card_type`` in ``zone`` (on the battlefield, controlled
    by ``whose``; in a graveyard, owned by ``whose``) with mana value at most ``max_mv``; or,
    with ``zone="stack"``, a ``stack`` object (a spell or an ability) controlled by ``whose``.
    ``text`` names it the way the card does. The same spec checks a target when the spell or
    ability is cast or activated, lists the choices for a triggered ability, and checks the
    target again on resolution (CR 608.2b)."""

    text: str
    players: Literal["none", "any", "opponents"] = "none"
    card_type: str | None = None
    zone: Literal["battlefield", "graveyard", "stack"] = "battlefield"
    whose: Whose = "any"
    max_mv: int | None = None
    stack: StackTarget | None = None


#: The target specifications the catalog uses.
ANY_TARGET = TargetSpec("any target", players="any", card_type="Creature")
TARGET_PLAYER = TargetSpec("target player", players="any")
OPPONENT_CREATURE = TargetSpec("target creature an opponent controls", card_type="Creature",
                               whose="opponents")
TARGET_CREATURE = TargetSpec("target creature", card_type="Creature")


# --------------------------------------------------------------------------- replacement
class SetType(Value):
    """Replacement op: the mana becomes ``mana_type``; ``amount`` None keeps the amount."""

    mana_type: str
    amount: int | None = None

    def apply(self, mana: Mana) -> Mana:
        return Mana.of(self.mana_type, mana.amount if self.amount is None else self.amount)

    def describe(self) -> str:
        if self.amount is None:
            return f"it produces {{{self.mana_type}}} instead of any other type"
        return f"it produces {{{self.mana_type}}} instead of any other type and amount"


class Multiply(Value):
    """Replacement op: the permanent produces ``factor`` times as much of that mana."""

    factor: int = 2

    def apply(self, mana: Mana) -> Mana:
        return mana * self.factor

    def describe(self) -> str:
        return "it produces twice as much of that mana instead" if self.factor == 2 else (
            f"it produces {self.factor} times as much of that mana instead")


class ManaReplacement(Value):
    """A replacement effect on a mana production event while a permanent is *tapped for
    mana* (CR 106.12b). ``scope`` is ``"land"``, ``"nonbasic land"`` or ``"permanent"``;
    ``whose`` says whose permanents it watches, relative to the effect's controller;
    ``min_amount`` (Damping Sphere: "tapped for two or more mana") the amount of mana the event
    must be producing for it to apply, checked again after each other replacement applies
    (616.1f)."""

    scope: Literal["land", "nonbasic land", "permanent"]
    op: SetType | Multiply
    whose: Whose = "any"
    min_amount: int = 0

    def applies_to(self, mana: Mana) -> bool:
        """Does it apply to an event producing ``mana`` (CR 106.12b: "a specific amount")?

        >>> sphere = ManaReplacement("land", SetType("C", 1), min_amount=2)
        >>> sphere.applies_to(Mana.parse("{G}")), sphere.applies_to(Mana.parse("{G}{G}"))
        (False, True)
        """
        return mana.amount >= self.min_amount

    def describe(self) -> str:
        who = {"any": "a player taps", "you": "you tap", "opponents": "an opponent taps"}[self.whose]
        amount = f"{_NUMBERS.get(self.min_amount, str(self.min_amount))} or more mana" \
            if self.min_amount > 1 else "mana"
        return f"if {who} a {self.scope} for {amount}, {self.op.describe()}"


_NUMBERS = {2: "two", 3: "three", 4: "four"}


# --------------------------------------------------------------------------- triggered mana
class SameTypeProduced(Value):
    """Triggered mana: one mana of any type that land produced (Heartbeat of Spring)."""

    def options(self, produced: Mana, chosen: str | None) -> tuple[Mana, ...]:
        return tuple(Mana.of(t) for t in TYPES if t in produced.types)


class ExtraMana(Value):
    """Triggered mana: a fixed extra mana (Wild Growth) or the color chosen as the permanent
    entered (``mana=None``: Utopia Sprawl)."""

    mana: Mana | None = None

    def options(self, produced: Mana, chosen: str | None) -> tuple[Mana, ...]:
        if self.mana is not None:
            return (self.mana,)
        return (Mana.of(chosen),) if chosen else ()


# --------------------------------------------------------------------------- abilities
class Activated(Value):
    """An activated ability: ``cost: effects``. It is a mana ability (CR 605.1a) when it
    adds mana and has no target."""

    cost: Cost
    effects: tuple[Effect, ...]
    text: str
    targets: TargetSpec | None = None

    @property
    def is_mana_ability(self) -> bool:
        return self.targets is None and any(isinstance(e, AddMana) for e in self.effects)

    @property
    def taps_for_mana(self) -> bool:
        """CR 106.12: a mana ability with {T} in its cost is "tapping for mana"."""
        return self.is_mana_ability and self.cost.tap

    @property
    def mana_spec(self) -> ManaSpec | None:
        add = self.adds_mana
        return add.spec if add is not None else None

    @property
    def adds_mana(self) -> AddMana | None:
        """The effect that adds mana, if this ability has one."""
        return next((e for e in self.effects if isinstance(e, AddMana)), None)


class ManaTrigger(Value):
    """A triggered mana ability (CR 605.1b): when ``trigger`` happens, add ``adds``. It
    resolves at once, right after the mana ability that triggered it (605.4a)."""

    trigger: TappedForMana
    adds: SameTypeProduced | ExtraMana
    text: str


class StaticReplacement(Value):
    """A static ability that creates a mana replacement effect while on the battlefield."""

    replacement: ManaReplacement


class EntersTapped(_Marker):
    """Replacement (CR 614.1c): this permanent enters tapped."""


class EntersWithCounters(Value):
    """Replacement (CR 614.1c): enters with ``amount`` counters of ``kind``; ``"X"`` means the
    X paid for the spell that became this permanent (CR 107.3m), or 0 if there was none."""

    kind: str
    amount: int | Literal["X"]


class EntersAsCopy(_Marker):
    """Replacement (CR 614.1c, 707.2): you may have this enter as a copy of a creature."""


class RedirectDamageToSelf(_Marker):
    """Redirection (CR 614.9): all damage that would be dealt to this permanent's controller
    is dealt to this permanent instead (Protector of the Crown)."""


class Anthem(Value):
    """A static ability: each ``card_type`` permanent of the color chosen as this permanent
    entered gets +``power``/+``toughness`` (Gauntlet of Power: "Creatures of the chosen color get
    +1/+1", layer 7c, CR 613.4c)."""

    power: int
    toughness: int
    card_type: str = "Creature"


class CostIncrease(Value):
    """A static ability: each spell a player casts costs {``amount``} more for each other spell
    that player has cast this turn (Damping Sphere; an increase to the total cost, CR 601.2f)."""

    amount: int = 1


class CostReduction(Value):
    """A static ability: each spell costs {``amount``} less to cast (Helm of Awakening). It
    reduces the generic mana of the total cost, that paid for {X} included, and never below
    nothing (CR 601.2f); the spell is still cast paying its cost, so its caster still chooses X
    (only a spell cast without paying its mana cost has X 0, CR 107.3b)."""

    amount: int = 1


class SpendAsAnyColor(_Marker):
    """A static ability: its controller may spend mana as though it were mana of any color
    (Chromatic Orrery). It changes only how a cost may be paid, never the mana's type or the cost
    (CR 609.4b): a colored symbol may be paid with mana of any type, {C} included."""


class ControlEnchanted(_Marker):
    """A static ability of an Aura: its controller controls the permanent it enchants (Mind
    Control: a control-changing effect, layer 2, CR 613.1b). It applies while the Aura is on the
    battlefield attached to that permanent; among several control effects the latest wins
    (timestamp order, 613.7)."""


class GrantKeyword(Value):
    """A static ability: ``card_type`` permanents controlled by ``whose`` (relative to this
    permanent's controller) have ``keyword`` (Mass Hysteria: all creatures have haste)."""

    keyword: str
    card_type: str = "Creature"
    whose: Whose = "any"


# --------------------------------------------------------------------------- triggered
class Triggered(Value):
    """A triggered ability that uses the stack (CR 603). ``targets`` is chosen as it is put
    on the stack; ``condition`` is an intervening "if" checked on trigger and on resolution
    (CR 603.4); ``rules`` the rules that define it, cited when it triggers (a keyword's: cascade,
    702.85a)."""

    trigger: Trigger
    effects: tuple[Effect, ...]
    text: str
    targets: TargetSpec | None = None
    condition: Condition | None = None
    rules: tuple[str, ...] = ()


class ChooseColorAsEnters(_Marker):
    """As this enters, its controller chooses a color (Utopia Sprawl)."""


#: The monarch's two inherent triggered abilities (CR 725.2). They have no source: the player
#: who is the monarch when one triggers controls it.
MONARCH_DRAW = Triggered(MonarchsEndStep(), (Draw(1),),
                         "At the beginning of the monarch's end step, that player draws a card.")
MONARCH_STEAL = Triggered(CombatDamageToMonarch(), (CreatureControllerBecomesMonarch(),),
                          "Whenever a creature deals combat damage to the monarch, its controller "
                          "becomes the monarch.")
MONARCH_ABILITIES = (MONARCH_DRAW, MONARCH_STEAL)


Ability = (
    Activated | ManaTrigger | StaticReplacement | EntersTapped | EntersWithCounters
    | ChooseColorAsEnters | EntersAsCopy | RedirectDamageToSelf | GrantKeyword | Triggered
    | ControlEnchanted | Anthem | CostIncrease | CostReduction | SpendAsAnyColor
)


class CardDef(Value):
    """A card (or token) as data: the catalog is made of these."""

    name: str
    types: frozenset[str]
    cost: ManaCost | None = None
    subtypes: tuple[str, ...] = ()
    supertypes: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    keywords: frozenset[str] = frozenset()
    abilities: tuple[Ability, ...] = ()
    text: str = ""
    enchant: str | None = None  # the subtype or type an Aura can enchant ("Forest", "Land")
    extra_colors: frozenset[str] = frozenset()
    spell: tuple[Effect, ...] = ()  # what an instant or sorcery does as it resolves
    spell_targets: TargetSpec | None = None
    token: bool = False  # a token's definition (Food, Thopter, Assassin), not a card

    @property
    def colors(self) -> frozenset[str]:
        return (self.cost.colors if self.cost else frozenset()) | self.extra_colors

    def is_a(self, card_type: str) -> bool:
        """True for a card type (``Land``), a supertype (``Basic``) or subtype (``Forest``)."""
        return card_type in self.types or card_type in self.supertypes or card_type in self.subtypes

    @property
    def mana_value(self) -> int:
        """Mana value off the stack: X counts as 0 (CR 107.3g, 202.3e)."""
        return self.cost.mana_value() if self.cost else 0

    def abilities_of(self, kind: type[A]) -> tuple[A, ...]:
        """Its abilities of one kind (a static ability, a replacement, an activated ability...):
        the one way the engine asks what a card has.

        >>> [a.keyword for a in CardDef("X", frozenset(), abilities=(GrantKeyword("haste"),)).abilities_of(
        ...     GrantKeyword)]
        ['haste']
        """
        return tuple(a for a in self.abilities if isinstance(a, kind))

    def has(self, kind: type) -> bool:
        """Whether it has an ability of this kind (``card.has(EntersTapped)``)."""
        return any(isinstance(a, kind) for a in self.abilities)

    def enters_counters(self, x: int = 0) -> dict[str, int]:
        """The counters its "enters with" replacements give it, X being ``x`` (CR 107.3m)."""
        counters: dict[str, int] = {}
        for a in self.abilities_of(EntersWithCounters):
            n = x if a.amount == "X" else a.amount
            if n:
                counters[a.kind] = counters.get(a.kind, 0) + n
        return counters

    @property
    def triggered(self) -> tuple[Triggered, ...]:
        return self.abilities_of(Triggered)

    @property
    def triggers(self) -> tuple[Triggered | ManaTrigger, ...]:
        """Every triggered ability: those that use the stack and triggered mana abilities, in the
        order of its text (an :class:`~mtgkit.events.AbilityTriggered` event's ``ability`` is a
        position in this tuple)."""
        return tuple(a for a in self.abilities if isinstance(a, Triggered | ManaTrigger))

    @property
    def activated(self) -> tuple[Activated, ...]:
        return self.abilities_of(Activated)

    @property
    def type_line(self) -> str:
        left = " ".join(sorted(self.supertypes) + sorted(self.types, key=_TYPE_ORDER.index))
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left


_TYPE_ORDER = ["Artifact", "Enchantment", "Creature", "Land", "Instant", "Sorcery"]


class _Permanent(Protocol):
    @property
    def card(self) -> CardDef: ...
    @property
    def controller(self) -> str: ...
    def is_a(self, card_type: str) -> bool: ...


def granted_keywords(o: _Permanent, battlefield: Iterable[_Permanent]) -> frozenset[str]:
    """The keywords static abilities of permanents on ``battlefield`` give ``o``."""
    found: set[str] = set()
    for source in battlefield:
        for a in source.card.abilities_of(GrantKeyword):
            if o.is_a(a.card_type) and whose_matches(a.whose, source.controller, o.controller):
                found.add(a.keyword)
    return frozenset(found)
