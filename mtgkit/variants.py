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
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal, Protocol, TypeVar, cast

from .abilities import ManaSpec
from .mana import COLORS, TYPES, Mana
from .state import Obj
from .view import ObjectView


class _Consulting(Protocol):
    """A game, as a decision sees it: it notes the decisions asked."""

    consulted: set[str]

#: What a permanent is being used for when the engine asks whether summoning sickness stops it
#: (CR 302.6 stops only the first three; a variant may say otherwise for the rest).
SickUse = Literal["attack", "tap", "untap", "block", "convoke"]

#: Every decision point: its name -> the CR numbers of the rule that decides it by default.
DECISIONS: dict[str, tuple[str, ...]] = {}

_F = TypeVar("_F", bound=Callable[..., Any])
_R = TypeVar("_R")


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
    # The could-produce query (:class:`mtgkit.could_produce.Solver`) asks these; the solver is
    # also what a reflecting mana ability reads when it resolves, so a variant of the kinds of
    # mana it may copy changes what tapping an Exotic Orchard adds too.
    @decision("106.7")
    def counts_ability(self, g: Any, o: ObjectView, index: int) -> bool:
        """Does what ``o`` could produce count its mana ability number ``index`` now? (CR 106.7:
        every one, whether or not its costs could be paid: a tapped land still could produce
        its mana.)"""
        return True

    @decision("106.1a", "106.1b")
    def reflectable(self, g: Any, kinds: Literal["colors", "types"]) -> frozenset[str]:
        """The types of mana an ability that copies a *color* (``kinds="colors"``: Exotic
        Orchard, Fellwar Stone) or a *type* (Reflecting Pool) another permanent could produce
        may make (CR 106.1a: five colors, colorless isn't one; 106.1b: six types, colorless is
        one)."""
        return frozenset(COLORS if kinds == "colors" else TYPES)

    @decision("106.7", "616.1")
    def counted_replacements(self, g: Any, o: ObjectView, reps: Sequence[_R]) -> tuple[_R, ...]:
        """Which of the replacement effects ``reps`` that would apply to mana from ``o``
        could-produce takes into account (CR 106.7: all of them, in any possible order)."""
        return tuple(reps)

    @decision("106.7")
    def reflection_start(self, g: Any, o: ObjectView) -> frozenset[str]:
        """What the query takes a reflecting permanent ``o`` (one whose mana depends on what
        others could produce) to could-produce before it has looked (CR 106.7: only what an
        ability would really produce counts, so nothing: the answer is the *least* fixed point,
        and reflecting permanents with no outside source give each other nothing)."""
        return frozenset()

    @decision("106.5")
    def undefined_mana(self, g: Any, o: ObjectView, spec: ManaSpec) -> tuple[Mana, ...]:
        """What an ability of ``o`` whose mana would be of an undefined type makes (CR 106.5: no
        mana)."""
        return ()

    @decision("106.7")
    def zero_mana(self, g: Any, o: ObjectView, spec: ManaSpec) -> tuple[Mana, ...]:
        """What could-produce counts for an ability of ``o`` that would add zero mana now (Gaea's
        Cradle with no creatures; CR 106.7: nothing, as zero mana is of no type)."""
        return ()

    @decision("106.7")
    def reflects_from(self, g: Any, p: ObjectView, card_type: str) -> bool:
        """Does an ability that copies what a ``card_type`` permanent could produce ("a land an
        opponent controls") look at ``p``? (CR 106.7 applies the ability's own words: only if
        ``p`` is a ``card_type``.)"""
        return p.is_a(card_type)

    @decision("106.7", "605.1b")
    def others_mana(self, g: Any, o: ObjectView) -> frozenset[str]:
        """The types of mana other permanents' triggered mana abilities add when ``o`` is tapped
        for mana (an Aura such as Utopia Sprawl) that count as what ``o`` could produce (CR 106.7
        counts ``o``'s own abilities only; the Aura's trigger is its own, 605.1b: none)."""
        return frozenset()

    @decision("106.7", "609.4b")
    def made_types(self, g: Any, o: ObjectView, types: frozenset[str]) -> frozenset[str]:
        """The types of the mana ``o``'s abilities make, ``types``, as could-produce counts them
        (CR 106.7: those; an effect that lets a player spend mana as though it were any color
        changes only how costs are paid, not what the mana is, 609.4b)."""
        return types

    # ------------------------------------------------------------------ mana, tapping for mana (106.12)
    # (decisions about mana abilities, mana triggers and replacement effects on mana go here)

    # ------------------------------------------------------------------ X, copies and free casts (107.3)
    # (decisions about X go here)

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
