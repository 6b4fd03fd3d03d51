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
...     def summoning_sick(self, g, o, use, ability=None):
...         return use == "attack" and super().summoning_sick(g, o, use, ability)
>>> from mtgkit.game import Game
>>> g = Game(rules=SicknessOnlyStopsAttacking())
>>> elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
>>> _ = g.activate(elves)   # the CR refuses this (302.6); the variant lets it happen
>>> str(g.pool("Alice")), sorted(g.consulted)
('{G}', ['can_pay_symbol', 'summoning_sick'])
>>> overrides(SicknessOnlyStopsAttacking)
frozenset({'summoning_sick'})
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ClassVar, Literal, Protocol, TypeVar, cast

from .abilities import Activated
from .state import Obj


class _Consulting(Protocol):
    """A game, as a decision sees it: it notes the decisions asked."""

    consulted: set[str]

#: What a permanent is being used for when the engine asks whether summoning sickness stops it
#: (CR 302.6 stops only the first three; a variant may say otherwise for the rest: ``activate`` is an
#: ability with neither {T} nor {Q} in its cost).
SickUse = Literal["attack", "tap", "untap", "block", "convoke", "activate"]

#: The symbols of a cost that tap or untap the permanent itself (CR 107.5, 107.6).
TapSymbol = Literal["{T}", "{Q}"]

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
    def summoning_sick(self, g: Any, o: Obj, use: SickUse, ability: Activated | None = None) -> bool:
        """Does summoning sickness stop ``o`` from ``use`` now (``ability``: the ability activated,
        for ``tap``, ``untap`` and ``activate``)? (CR 302.6: a creature can't attack or pay {T} or
        {Q} in a cost unless its controller has controlled it continuously since their most recent
        turn began, or it has haste, 702.10; blocking, convoking and an ability without {T} or {Q}
        aren't stopped.)"""
        if use not in ("attack", "tap", "untap") or not o.is_a("Creature"):
            return False
        return not self.controlled_since_turn_began(g, o) and not self.haste_counts(g, o, use)

    @decision("302.6")
    def controlled_since_turn_began(self, g: Any, o: Obj) -> bool:
        """Has ``o``'s controller controlled it continuously since their most recent turn began
        (CR 302.6: the turn they are taking now, when it is theirs; control gained since then, by
        a spell or by entering the battlefield, starts the count again)?"""
        return bool(g.controlled_since_turn_began(o.id))

    @decision("702.10b", "702.10c")
    def haste_counts(self, g: Any, o: Obj, use: SickUse) -> bool:
        """Does ``o`` have haste, so that summoning sickness doesn't stop it from ``use``? (CR
        702.10b: it may attack, 702.10c: it may pay {T} and {Q}; haste from any source counts, an
        opponent's Mass Hysteria too.)"""
        return bool(g.has_haste(o))

    @decision("107.5", "107.6")
    def can_pay_symbol(self, g: Any, o: Obj, symbol: TapSymbol) -> bool:
        """Can ``o`` pay ``symbol`` in a cost as it stands? (CR 107.5: {T} taps it, so it must be
        untapped; 107.6: {Q} untaps it, so it must be tapped.)"""
        return not o.tapped if symbol == "{T}" else o.tapped

    @decision("508.1f", "702.20b")
    def attacking_taps(self, g: Any, o: Obj) -> bool:
        """Does declaring ``o`` as an attacker tap it? (CR 508.1f: yes, unless it has vigilance,
        702.20b.)"""
        return "vigilance" not in g.keywords(o)

    @decision("602.2", "508.1a", "509.1a", "702.51a")
    def user(self, g: Any, o: Obj) -> str:
        """The player who may activate ``o``'s abilities, attack or block with it, or tap it for
        convoke: its controller (CR 602.2, 508.1a, 509.1a, 702.51a), whoever owns it (110.2).
        (Asked only where owner and controller differ.)"""
        return o.controller

    @decision("117.1b", "602.2")
    def activates_in_others_turns(self, g: Any, player: str, ability: Activated) -> bool:
        """May ``player``, holding priority in another player's turn, activate ``ability``? (CR
        117.1b: a player may activate an ability whenever they have priority, in any turn; no
        ability of this kit's cards restricts when it is activated, 602.5.) (Asked only in a turn
        that isn't ``player``'s.)"""
        return True

    # ------------------------------------------------------------------ could produce (106.7)
    # (decisions of the could-produce query go here)

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


__all__ = ["CR", "DECISIONS", "Rules", "SickUse", "TapSymbol", "asks", "combine", "decision", "overrides"]
