"""Rule variants: the points where the engine decides by a rule, with the CR as the default.

The engine asks a :class:`Rules` object at a few named **decision points** ("is this permanent
affected by summoning sickness for this use?", ...). ``Rules()`` answers each as the
Comprehensive Rules (2026-08-07) do, and every game uses it unless told otherwise. A
**variant** is a subclass of :class:`Rules` that overrides one decision: a wrong idea about one
rule, made runnable. Playing the *same* actions under a variant gives what a player who holds
that idea would predict, on any sequence at all (a generated question, a capstone, a teacher's
own), which is where practice's wrong options come from (the teaching layer names each variant
after its misconception; the engine knows none of them).

Each decision records that it was asked (:attr:`mtgkit.game.Game.consulted`), so a question
replays only under the variants that override a decision its play asked, and two variants held
together (:func:`combine`) are one class whose overrides compose through ``super()``.

>>> class SicknessOnlyStopsAttacking(Rules):
...     name = "sickness-only-stops-attacking"
...     def summoning_sick(self, g, o, use):
...         return use == "attack" and super().summoning_sick(g, o, use)
>>> from mtgkit.game import Game
>>> g = Game(rules=SicknessOnlyStopsAttacking())
>>> elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
>>> _ = g.activate(elves)   # the CR refuses this (302.6); the variant lets it happen
>>> str(g.pool("Alice")), sorted(g.consulted)
('{G}', ['summoning_sick'])
>>> overrides(SicknessOnlyStopsAttacking)
frozenset({'summoning_sick'})
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ClassVar, Literal, Protocol, TypeVar, cast

from .state import Obj


class _Consulting(Protocol):
    """A game, as a decision sees it: it notes the decisions asked."""

    consulted: set[str]

#: What a permanent is being used for when the engine asks whether summoning sickness stops it
#: (CR 302.6 stops only the first three; a variant may say otherwise for the rest).
SickUse = Literal["attack", "tap", "untap", "block", "convoke"]

#: When an intervening "if" is checked (CR 603.4): as the ability triggers, and as it resolves.
CheckedAt = Literal["trigger", "resolution"]

#: Which combat damage step it is (CR 510.4): the only one of a combat, or the first (first
#: strike and double strike) or second of two.
DamageStep = Literal["only", "first", "second"]

#: Every decision point: its name -> the CR numbers of the rule that decides it by default.
DECISIONS: dict[str, tuple[str, ...]] = {}

_F = TypeVar("_F", bound=Callable[..., Any])


def decision(*rules: str) -> Callable[[_F], _F]:
    """Register a method of :class:`Rules` as a decision point decided by CR ``rules``."""

    def register(fn: _F) -> _F:
        DECISIONS[fn.__name__] = rules
        return _recorded(fn)

    return register


def _recorded(fn: _F) -> _F:
    """``fn`` (a decision, or a variant's override of one), noting on the game that it was asked."""

    @functools.wraps(fn)
    def asked(self: Rules, g: _Consulting, *args: Any, **kwargs: Any) -> Any:
        g.consulted.add(fn.__name__)
        return fn(self, g, *args, **kwargs)

    return cast(_F, asked)


class Rules:
    """The engine's decision points, each answered as the CR (2026-08-07) answers it.

    A variant overrides one (or, held together with others, several) of these methods; its
    ``name`` is the misconception it models. Instances hold no state: one may serve any number
    of games."""

    #: What this set of rules is called (a variant: its misconception's name).
    name: ClassVar[str] = "the rules"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for attr in [a for a in vars(cls) if a in DECISIONS]:  # an override is recorded as asked too
            setattr(cls, attr, _recorded(vars(cls)[attr]))

    def __repr__(self) -> str:
        return f"<rules: {self.name}>"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __hash__(self) -> int:
        return hash(type(self))

    # ------------------------------------------------------------------ turns, {T} and {Q}
    @decision("302.6", "702.10")
    def summoning_sick(self, g: Any, o: Obj, use: SickUse) -> bool:
        """Does summoning sickness stop ``o`` from ``use`` now? (CR 302.6: a creature can't attack
        or pay {T} or {Q} in a cost unless its controller has controlled it continuously since
        their most recent turn began, or it has haste, 702.10; blocking and convoke aren't
        stopped.)"""
        if use not in ("attack", "tap", "untap") or not o.is_a("Creature"):
            return False
        return not g.has_haste(o) and not g.controlled_since_turn_began(o.id)

    # ------------------------------------------------------------------ triggered abilities (603)
    @decision("603.4")
    def intervening_if(self, g: Any, condition: Any, controller: str, when: CheckedAt) -> bool:
        """Does a triggered ability's intervening "if" ``condition`` (controlled by ``controller``)
        hold ``when`` it is checked: as the trigger event happens, or as the ability resolves?
        (CR 603.4: it is checked both times; false either time, the ability does nothing.)"""
        return bool(condition.holds(g, controller))

    @decision("610.3")
    def exile_ends(self, g: Any, exiled: Any, event: Any) -> bool:
        """Does ``event`` end the "until" of card ``exiled`` (Palace Jailer's "exile ... until an
        opponent becomes the monarch")? (CR 610.3: the card returns as soon as that event happens,
        once, whatever happens to the source afterwards.)"""
        return bool(exiled.until.ends(event, exiled.controller))

    # ------------------------------------------------------------------ could produce (106.7)
    # (decisions of the could-produce query go here)

    # ------------------------------------------------------------------ mana, tapping for mana (106.12)
    # (decisions about mana abilities, mana triggers and replacement effects on mana go here)

    # ------------------------------------------------------------------ X, copies and free casts (107.3)
    # (decisions about X go here)

    # ------------------------------------------------------------------ combat
    # (decisions about combat damage go here)
    @decision("510.4", "702.7b", "702.4b")
    def first_strike_step(self, g: Any) -> bool:
        """Does this combat get a first combat damage step, only for creatures with first strike
        or double strike, before the regular one? (CR 510.4: yes, if at least one attacking or
        blocking creature has first strike or double strike as the combat damage step begins.)"""
        return any(g.keywords(o) & {"first strike", "double strike"} for o in g.in_combat())

    @decision("510.4", "702.7b", "702.4b", "702.4c", "702.7c")
    def assigns_combat_damage(self, g: Any, o: Obj, step: DamageStep, struck: bool) -> bool:
        """Does attacking or blocking creature ``o`` assign combat damage in this combat damage
        ``step``: the ``"only"`` one, the ``"first"`` of two, or the ``"second"``? ``struck``: it
        had first strike or double strike as the first step began. (CR 510.4: in the first,
        only creatures with first strike or double strike; in the second, those that had
        neither as the first began, and those that have double strike now.)"""
        if step == "only":
            return True
        kinds = g.keywords(o)
        if step == "first":
            return bool(kinds & {"first strike", "double strike"})
        return not struck or "double strike" in kinds

    @decision("702.19b", "702.19d")
    def tramples(self, g: Any, attacker: Obj) -> bool:
        """May blocked ``attacker`` assign combat damage beyond lethal damage to its blockers to
        the player it attacks? (CR 702.19b: yes, with trample; 702.19d: with trample and no
        blocker left, all of it.)"""
        return "trample" in g.keywords(attacker)

    @decision("702.19b", "120.6", "702.2c")
    def lethal_damage(self, g: Any, attacker: Obj, blocker: Obj) -> int:
        """How much of ``attacker``'s combat damage is lethal damage to ``blocker`` (what a
        trampler assigns to it before any goes past)? (CR 702.19b, 120.6: its toughness less the
        damage already marked on it; 702.2c: with deathtouch, any damage at all is lethal.)"""
        left = max(blocker.toughness - blocker.damage, 0)
        return min(left, 1) if "deathtouch" in g.keywords(attacker) else left

    # ------------------------------------------------------------------ the monarch (725)
    # (decisions about the monarch and Protector of the Crown go here)


#: The rules as the CR states them: every game's default.
CR = Rules()


def overrides(variant: type[Rules]) -> frozenset[str]:
    """The decisions ``variant`` (or any of its bases below :class:`Rules`) answers its own way."""
    return frozenset(name for klass in variant.__mro__ if klass is not Rules and issubclass(klass, Rules)
                     for name in vars(klass) if name in DECISIONS)


def combine(*variants: type[Rules]) -> Rules:
    """The rules of a player who holds every one of ``variants`` at once (one variant alone: an
    instance of it; none: :data:`CR`). Two that override the same decision compose through
    ``super()``, the first listed asked first."""
    return _combined(tuple(dict.fromkeys(variants)))


@functools.lru_cache(maxsize=4096)
def _combined(unique: tuple[type[Rules], ...]) -> Rules:
    if not unique:
        return CR
    if len(unique) == 1:
        return unique[0]()
    both = type(" + ".join(v.__name__ for v in unique), unique,
                {"name": " + ".join(v.name for v in unique), "__module__": __name__})
    return cast(Rules, both())


def asks(rules: Rules, consulted: set[str] | frozenset[str]) -> bool:
    """Would ``rules`` answer differently at one of the decisions ``consulted`` (so a play that
    asked only those is worth replaying under it)?"""
    return bool(overrides(type(rules)) & consulted)


__all__ = ["CR", "DECISIONS", "CheckedAt", "DamageStep", "Rules", "SickUse", "asks", "combine", "decision",
           "overrides"]
