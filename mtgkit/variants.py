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
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar, Literal, Protocol, TypeVar, cast

from .abilities import Activated, ManaSpec, RedirectDamageToSelf
from .events import DamageDealt, Event, MonarchChanged, StepBegan, ZoneChange
from .mana import COLORS, TYPES, Mana
from .replacement import applies, match_order
from .state import Exiled, LastKnown, Obj
from .view import ObjectView


class _Consulting(Protocol):
    """A game, as a decision sees it: it notes the decisions asked."""

    consulted: set[str]

#: What a permanent is being used for when the engine asks whether summoning sickness stops it
#: (CR 302.6 stops only the first three; a variant may say otherwise for the rest: ``activate`` is an
#: ability with neither {T} nor {Q} in its cost).
SickUse = Literal["attack", "tap", "untap", "block", "convoke", "activate"]

#: The symbols of a cost that tap or untap the permanent itself (CR 107.5, 107.6).
TapSymbol = Literal["{T}", "{Q}"]

#: When an intervening "if" is checked (CR 603.4): as the ability triggers, and as it resolves.
CheckedAt = Literal["trigger", "resolution"]

#: Which combat damage step it is (CR 510.4): the only one of a combat, or the first (first
#: strike and double strike) or second of two.
DamageStep = Literal["only", "first", "second"]

#: Every decision point: its name -> the CR numbers of the rule that decides it by default.
DECISIONS: dict[str, tuple[str, ...]] = {}

_F = TypeVar("_F", bound=Callable[..., Any])
_W = TypeVar("_W", bound=type)
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

    # ------------------------------------------------------------------ triggered abilities (603)
    @decision("603.4")
    def intervening_if(self, g: Any, condition: Any, controller: str, when: CheckedAt) -> bool:
        """Does a triggered ability's intervening "if" ``condition`` (controlled by ``controller``)
        hold ``when`` it is checked: as the trigger event happens, or as the ability resolves?
        (CR 603.4: it is checked both times; false either time, the ability does nothing.)"""
        return bool(condition.holds(g, controller))


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
    def undefined_mana(self, g: Any, o: ObjectView | Obj, spec: ManaSpec) -> tuple[Mana, ...]:
        """What an ability of ``o`` whose mana would be of an undefined type makes (CR 106.5: no
        mana), asked by could-produce and as the ability resolves (an Exotic Orchard with nothing
        to copy)."""
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
    @decision("605.1a", "106.12")
    def may_activate_for_no_mana(self, g: Any, o: Obj, ability: Any) -> bool:
        """May mana ability ``ability`` of ``o`` be activated when it would add no mana (Gaea's
        Cradle with no creatures)? (CR 605.1a: it is a mana ability all the same, so it can be
        activated and its cost paid; it just adds nothing, 106.12.)"""
        return True

    @decision("106.12", "106.12b")
    def mana_replacement_applies(self, g: Any, effect: Any, o: Obj, ability: Any) -> bool:
        """Does the mana replacement effect ``effect`` (a ``ManaEffect``) apply when ``ability``
        of ``o`` produces mana? (CR 106.12: only activating a mana ability with {T} in its cost
        is tapping for mana; 106.12b: an "if tapped for mana" effect then applies when its
        scope and whose match the permanent.)"""
        return bool(ability.taps_for_mana) and applies(effect.replacement, effect.controller, o)

    @decision("616.1")
    def replacement_order(self, g: Any, labels: Sequence[str], order: Sequence[str] | None
                          ) -> list[str] | None:
        """The order in which the player applies the replacement effects ``labels`` (listed in
        the order they began to apply): the order they said (``order``), or ``None`` when the
        player is asked as each choice comes (CR 616.1: the affected player chooses, one at a
        time)."""
        return match_order(labels, order) if order is not None else None

    @decision("616.1f", "614.5")
    def replacement_applies_now(self, g: Any, applied: Any, mana: Mana, first: Mana,
                                done: Sequence[Any]) -> bool:
        """Does the replacement ``applied`` (an ``AppliedReplacement`` not applied yet) apply to
        the event as it is now, producing ``mana`` (``first``: what the ability made before any
        replacement; ``done``: those applied already)? (CR 616.1f: after one applies, the rest
        are looked at again, by the modified event; 614.5: each applies once.)"""
        return bool(applied.replacement.applies_to(mana))

    @decision("614.1a", "106.12b")
    def replaced_mana(self, g: Any, applied: Any, mana: Mana) -> Mana:
        """The mana a replacement effect makes of ``mana`` (CR 614.1a: "instead"; a type set "and
        amount" sets the amount too)."""
        return cast(Mana, applied.replacement.op.apply(mana))

    @decision("106.12b")
    def replaces_no_mana(self, g: Any, o: Obj, ability: Any) -> bool:
        """Do "if tapped for mana" replacement effects change a mana ability of ``o`` that
        produced no mana? (CR 106.12b: they modify the mana produced; with none there is
        nothing to modify.)"""
        return False

    @decision("106.12a", "603.2")
    def mana_trigger_sees(self, g: Any, ability: Any, event: Any, source: Any) -> Any:
        """What the triggered mana ability ``ability`` (a ``ManaTrigger`` of ``source``)
        remembers from ``event``, or ``None`` when it doesn't trigger on it (CR 106.12a: "tapped
        for mana" triggers on a mana ability with {T} in its cost that produced mana, reading the
        mana it really produced; 603.2)."""
        return ability.trigger.matches(event, source, g)

    @decision("106.12b", "605.4a")
    def trigger_mana_replacements(self, g: Any, source: Obj, made: Any) -> list[Any]:
        """The replacement effects that change the mana a triggered mana ability of ``source``
        adds after the permanent tapped for ``made`` (a ``ManaAdded``): none (CR 106.12b: they
        modify only the mana the tapped permanent's own ability produces; the trigger's mana is
        the trigger's, 605.4a)."""
        return []

    @decision("106.4")
    def pools_empty(self, g: Any, step: str) -> bool:
        """Do the mana pools empty as step ``step`` ends? (CR 106.4: at the end of each
        step and phase.)"""
        return True

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

    @decision("725.2", "603.3", "800.4a")
    def monarch_drawer(self, g: Any, controller: str) -> str:
        """Who draws as the monarch's draw trigger resolves? (CR 725.2, 113.8: the trigger's
        controller, the player who was the monarch when it triggered, whoever the monarch is now.)
        Asked too as a player leaves the game with it on the stack: a draw that is theirs ceases
        to exist with them (800.4a)."""
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
    """The decisions ``variant`` (or any of its bases below :class:`Rules`) answers its own way
    (worked out once per class: practice asks it for every variant on every board)."""
    found = _OVERRIDES.get(variant)
    if found is None:
        found = _OVERRIDES[variant] = _overrides(variant)
    return found


_OVERRIDES: dict[type[Rules], frozenset[str]] = {}


def _overrides(variant: type[Rules]) -> frozenset[str]:
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


class _Game(_Consulting, Protocol):
    """A game, as a watch sees it: it can be asked as if played by other rules."""

    def asking(self, rules: Rules, consulted: set[str]) -> AbstractContextManager[Any]: ...


def _watched(decision: str) -> Callable[..., Any]:
    plain = getattr(Rules, decision)  # the CR's, noting on the game that it was asked

    def asked(self: Watching, g: _Game, *args: Any, **kwargs: Any) -> Any:
        self.calls.add((decision, frozenset(self._inside)))
        self._inside.append(decision)
        try:
            answer = plain(self, g, *args, **kwargs)  # the decisions it asks, through the watch too
        finally:
            self._inside.pop()
        self._compare(decision, answer, g, args, kwargs)
        return answer

    asked.__name__ = asked.__qualname__ = decision
    asked.__doc__ = plain.__doc__
    return asked


def _watching_every_decision(cls: _W) -> _W:
    for name in DECISIONS:
        setattr(cls, name, _watched(name))
    return cls


@_watching_every_decision
class Watching(Rules):
    """The CR, which at each decision also asks every one of ``candidates`` that overrides it (a
    variant; held together with others or alone) and notes those that answer otherwise
    (:attr:`diverged`). A game played by a watch goes exactly as by the CR; under a candidate that
    never diverged over the whole of it (every branch of a player's choices included) the same
    game goes the same way, since the engine decides nothing else. A candidate is asked on the
    game as it stands, as if the game were played by it; what it asked in turn is noted for it,
    not on the game (:meth:`asked_by`).

    An instance holds what it noted: use one for one play (its games, every branch), outside
    every cache of games by rules.

    >>> class HasteForAll(Rules):
    ...     name = "haste-for-all"
    ...     def haste_counts(self, g, o, use):
    ...         return True
    >>> from mtgkit.game import Game
    >>> watch = Watching([HasteForAll()])
    >>> g = Game(rules=watch)
    >>> forest = g.put_onto_battlefield("Forest", "Alice", arrived="this turn")
    >>> _ = g.activate(forest)   # a land: summoning sickness never asks about haste
    >>> watch.diverged
    set()
    >>> elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    >>> g.can_activate(elves)
    False
    >>> watch.diverged
    {<rules: haste-for-all>}
    """

    name: ClassVar[str] = "the rules, watched"

    def __init__(self, candidates: Sequence[Rules]) -> None:
        self.candidates = tuple(candidates)
        #: The candidates that answered a decision otherwise (or failed to answer it).
        self.diverged: set[Rules] = set()
        #: Each candidate -> the decisions it asked in turn while answering.
        self.own: dict[Rules, set[str]] = {c: set() for c in self.candidates}
        #: Every decision the game asked, with the decisions it was asked inside of.
        self.calls: set[tuple[str, frozenset[str]]] = set()
        self._inside: list[str] = []
        self._by_decision = {d: [c for c in self.candidates if d in overrides(type(c))] for d in DECISIONS}

    def asked_by(self, rules: Rules) -> frozenset[str]:
        """The decisions the game would have asked played by ``rules`` (a candidate that never
        diverged): those asked outside every decision it answers its own way, and those its own
        answers asked."""
        own = overrides(type(rules))
        return frozenset({d for d, inside in self.calls if not inside & own} | self.own[rules])

    def _compare(self, decision: str, answer: object, g: _Game, args: tuple[Any, ...],
                 kwargs: dict[str, Any]) -> None:
        for rules in self._by_decision[decision]:
            if rules in self.diverged:
                continue
            try:
                with g.asking(rules, self.own[rules]):  # as if played by it
                    differs = getattr(rules, decision)(g, *args, **kwargs) != answer
            except Exception:  # noqa: BLE001 - by its rules the play would go otherwise: replay it
                differs = True
            if differs:
                self.diverged.add(rules)




def asks(rules: Rules, consulted: set[str] | frozenset[str]) -> bool:
    """Would ``rules`` answer differently at one of the decisions ``consulted`` (so a play that
    asked only those is worth replaying under it)?"""
    return bool(overrides(type(rules)) & consulted)


__all__ = ["CR", "DECISIONS", "CheckedAt", "DamageStep", "Rules", "SickUse", "TapSymbol", "Watching", "asks",
           "combine", "decision", "overrides"]
