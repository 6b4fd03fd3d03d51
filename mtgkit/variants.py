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
    @decision("107.3m", "707.5")
    def enters_x(self, g: Any, o: Obj, x: int, copy_of: Obj | None) -> int:
        """The X that ``o``'s enters effects ("enters with X counters", "when it enters, ... X")
        use as it enters: ``x``, the X chosen for the spell that became it, or 0 when it wasn't
        a spell with X (a card put onto the battlefield; a Clone becoming a copy, whose own spell
        had no X: CR 107.3m, 707.5)."""
        return x

    @decision("202.3e", "107.3g")
    def mana_value(self, g: Any, o: Obj, x: int | None) -> int:
        """``o``'s mana value: ``x`` is the X chosen for it as a spell on the stack (None anywhere
        else). CR 202.3e: on the stack each {X} counts as the number chosen, elsewhere as 0."""
        cost = o.card.cost
        return cost.mana_value(x or 0) if cost is not None else 0

    @decision("202.3e", "107.3g")
    def has_mana_value(self, g: Any, o: Obj) -> bool:
        """Has ``o`` a definite mana value where it is (for "mana value 3 or less", cascade's
        "lesser mana value")? CR 202.3e, 107.3g: always, X counting as 0 off the stack."""
        return True

    @decision("707.10")
    def copy_x(self, g: Any, original: Any) -> int:
        """The X of a copy of the spell ``original`` (a stack item): CR 707.10, a copy copies
        every choice made for the spell, X included."""
        return int(original.x)

    @decision("707.10", "601.2")
    def copy_is_cast(self, g: Any, original: Any) -> bool:
        """Is a copy of a spell put on the stack cast (does "whenever a player casts a spell"
        see it)? CR 707.10, 601.2: no, it is put there, not cast (unless an effect says so)."""
        return False

    @decision("107.3b")
    def free_cast_x(self, g: Any, card: Obj) -> tuple[int, ...]:
        """The values X may take for ``card`` cast without paying its mana cost (CR 107.3b: only
        0; a cost merely reduced to nothing still lets its caster choose X)."""
        return (0,)

    @decision("107.3b", "601.2f")
    def paid_nothing_is_free(self, g: Any, o: Obj) -> bool:
        """Is a spell with {X} whose total cost a reduction took down to nothing cast "without
        paying its mana cost" (so X is 0)? CR 107.3b, 601.2f: no, its cost was paid (it was
        nothing), and X is what its caster chose."""
        return False

    @decision("107.3b", "608.2g")
    def may_cast_free(self, g: Any, card: Obj) -> bool:
        """May ``card`` be cast without paying its mana cost at all? CR 107.3b: yes, with X 0 if
        it has {X}."""
        return True

    @decision("603.10a", "608.2h")
    def left_with_counters(self, g: Any, o: Obj,
                           counters: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
        """The counters a "when this dies" ability sees on ``o``, which has left the battlefield
        with ``counters``: CR 603.10a, 608.2h, last known information: those it had as it left."""
        return counters

    @decision("704.5j", "707.2")
    def legend_rule_sees(self, g: Any, o: Obj) -> bool:
        """Does the legend rule count ``o`` (legendary, same name) among its player's legends?
        CR 704.5j, 707.2: yes, a copy too (it copies the supertype legendary)."""
        return True

    @decision("704.5j")
    def legend_rule_may_keep(self, g: Any, objs: list[Obj]) -> list[Obj]:
        """Which of ``objs`` (legendary permanents with one name and controller, the oldest first)
        their player may choose to keep; the rest go to the graveyard. CR 704.5j: any one."""
        return list(objs)

    # ------------------------------------------------------------------ combat
    # (decisions about combat damage go here)

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


__all__ = ["CR", "DECISIONS", "Rules", "SickUse", "asks", "combine", "decision", "overrides"]
