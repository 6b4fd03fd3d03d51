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

from .abilities import RedirectDamageToSelf
from .events import DamageDealt, Event, MonarchChanged, StepBegan, ZoneChange
from .state import Exiled, LastKnown, Obj


class _Consulting(Protocol):
    """A game, as a decision sees it: it notes the decisions asked."""

    consulted: set[str]

#: What a permanent is being used for when the engine asks whether summoning sickness stops it
#: (CR 302.6 stops only the first three; a variant may say otherwise for the rest).
SickUse = Literal["attack", "tap", "untap", "block", "convoke"]

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

    # ------------------------------------------------------------------ could produce (106.7)
    # (decisions of the could-produce query go here)

    # ------------------------------------------------------------------ mana, tapping for mana (106.12)
    # (decisions about mana abilities, mana triggers and replacement effects on mana go here)

    # ------------------------------------------------------------------ X, copies and free casts (107.3)
    # (decisions about X go here)

    # ------------------------------------------------------------------ combat
    # (decisions about combat damage go here)

    # ------------------------------------------------------------------ the monarch (725)
    @decision("725.2")
    def steals_crown(self, g: Any, e: DamageDealt, monarch: str) -> bool:
        """Does damage event ``e`` trigger the monarch's "whenever a creature deals combat damage
        to the monarch" ability? (CR 725.2: combat damage, from a creature, dealt to the monarch
        (the player: damage a Protector took instead was dealt to the Protector, 614.9).)"""
        return e.combat and e.source_id is not None and e.to_player is not None and e.to_player == monarch

    @decision("725.2", "608.2h")
    def crown_taker(self, g: Any, creature: int, incarnation: int) -> str:
        """Who becomes the monarch as the monarch's combat-damage trigger resolves? (CR 725.2:
        the controller of the creature that dealt the damage, read as it resolves; if it has left
        the battlefield, its controller as it last existed there, 608.2h.)"""
        return str(g.controller_of(creature, incarnation))

    @decision("725.2")
    def monarch_draws(self, g: Any, e: StepBegan, monarch: str) -> bool:
        """Does the beginning of this end step trigger the monarch's draw ability? (CR 725.2: at
        the beginning of the monarch's own end step.)"""
        return bool(g.active_player == monarch)

    @decision("725.2", "603.3")
    def monarch_drawer(self, g: Any, controller: str) -> str:
        """Who draws as the monarch's draw trigger resolves? (CR 725.2, 113.8: the trigger's
        controller, the player who was the monarch when it triggered, whoever the monarch is now.)"""
        return controller

    @decision("725.4", "800.4a")
    def heir(self, g: Any, leaving: str) -> str | None:
        """Who becomes the monarch as the monarch, ``leaving``, leaves the game? (CR 725.4: the
        active player; if that is who leaves, the next player in turn order still in the game.)"""
        names = list(g.players)
        active = g.active_player
        if g.in_game(active):
            return str(active)
        i = names.index(active)
        return next((names[(i + k) % len(names)] for k in range(1, len(names))
                     if g.in_game(names[(i + k) % len(names)])), None)

    @decision("603.2", "603.2e", "725.3")
    def becomes_monarch_triggers(self, g: Any, e: MonarchChanged, controller: str) -> bool:
        """Does ``e`` trigger a "whenever you become the monarch" ability ``controller`` controls?
        (CR 603.2: any real change of monarch to ``controller``, however it came about: an effect,
        combat damage (725.2) or the monarch leaving (725.4); becoming it again is no change,
        603.2e.)"""
        return e.changed and not e.setup and e.monarch == controller

    # ------------------------------------------------------------------ Protector of the Crown (614.9)
    @decision("614.9")
    def redirectors(self, g: Any, player: str, combat: bool) -> list[Obj]:
        """The permanents that may take damage that would be dealt to ``player`` instead (CR
        614.9: each Protector of the Crown ``player`` controls, monarch or not, for any damage)."""
        return [o for o in g.permanents(player) if o.is_a("Creature") and o.card.has(RedirectDamageToSelf)]

    @decision("614.1a", "616.1")
    def redirection_optional(self, g: Any, player: str) -> bool:
        """May ``player`` decline every redirection and take the damage himself? (CR 614.1a: a
        replacement effect without "may" applies; with several, he chooses which, 616.1.)"""
        return False

    @decision("614.9", "616.1")
    def redirected_shares(self, g: Any, player: str, protector: Obj, options: list[Obj],
                          amount: int) -> list[tuple[int | str, int]]:
        """Where damage ``amount`` that would be dealt to ``player`` goes once ``protector``'s
        redirection applies: (a permanent's id, or a player, and how much). (CR 614.9, 616.1: the
        replacement replaces the whole event, so all of it goes to that Protector.)"""
        return [(protector.id, amount)]

    @decision("614.9")
    def redirected_combat(self, g: Any, combat: bool) -> bool:
        """Is redirected damage still combat damage? (CR 614.9: a redirection changes only who is
        dealt the damage.)"""
        return combat

    @decision("614.9", "702.2b")
    def redirected_source(self, g: Any, source_id: int | None, protector: Obj) -> int | None:
        """The source of damage a Protector takes instead of its controller (CR 614.9: the same
        source, so its deathtouch still applies, 702.2b)."""
        return source_id

    # ------------------------------------------------------------------ abilities, exile until (608, 610.3)
    @decision("113.7a", "608.2h")
    def ability_resolves(self, g: Any, item: Any) -> bool:
        """Does an ability on the stack whose source (or the creature it refers to) has left the
        battlefield still resolve? (CR 113.7a: it exists on its own; 608.2h: it uses what it
        refers to as it last existed.)"""
        return True

    @decision("701.21a")
    def sacrifice_chooser(self, g: Any, player: str, controller: str) -> str:
        """Who chooses the permanent ``player`` sacrifices to an ability ``controller`` controls
        (CR 701.21a: the player who sacrifices)."""
        return player

    @decision("610.3")
    def exile_ends(self, g: Any, exiled: Exiled, e: Event) -> bool:
        """Does event ``e`` end the "until" of a card exiled until something happens? (CR 610.3:
        only the event the effect names.)"""
        return exiled.until.ends(e, exiled.controller)

    @decision("603.10", "610.3")
    def returner_sees(self, g: Any) -> bool:
        """Does a card returned to the battlefield because of an event (its "until" ended) see
        that event, for its triggered abilities? (CR 603.10: only what is on the battlefield
        right after the event can trigger on it; the card returns later, 610.3.)"""
        return False

    @decision("603.10a", "113.6")
    def gone_sources(self, g: Any, e: Event, gone: list[LastKnown]) -> list[LastKnown]:
        """Which of the objects ``gone`` (no longer on the battlefield, as they last existed there)
        may trigger on ``e``? (CR 603.10a: only a leaves-the-battlefield event looks back in time,
        at the object that left; any other needs its object on the battlefield, 113.6.)"""
        return [k for k in gone if isinstance(e, ZoneChange) and e.frm == "battlefield"
                and e.obj_id == k.id and k.incarnation == e.incarnation - 1]

    @decision("603.3")
    def resolves_at_once(self, g: Any, effects: tuple[Any, ...]) -> bool:
        """Does a triggered ability with these ``effects`` happen at once, without using the
        stack? (CR 603.3: a triggered ability waits to be put on the stack; only mana abilities
        don't, 605.4a, and they never reach here.)"""
        return False

    @decision("514.2")
    def damage_wears_off(self, g: Any, step: str) -> bool:
        """Is damage marked on permanents removed as ``step`` ends? (CR 514.2: only in the
        cleanup step.)"""
        return step == "cleanup"


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


__all__ = ["CR", "DECISIONS", "Rules", "SickUse", "asks", "combine", "decision", "overrides"]
