"""Tapping and untapping: {T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6, 702.10).

Notebook 01 teaches it (and 00 uses its first case): can Alice activate this ability now, can
this creature attack? Every answer is the engine's: a case sets up a fresh game in Alice's
main phase (or her beginning of combat) and tries it; a refusal is said for a learner with the
rule the engine refused with, and a success with the rule of the event that paid the cost.
Practice asks about one permanent (easy) or which of three or four she can activate (hard).

>>> ActivationCase("Llanowar Elves", "this turn", False).legal()
(False,)
>>> ActivationWith("Llanowar Elves", "this turn", False, also=("Mass Hysteria",)).legal()
(True,)
"""

from __future__ import annotations

import copy
import functools
import itertools
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from .. import actions as acts
from ..abilities import Activated, EntersTapped, granted_keywords
from ..cards import card as lookup
from ..errors import CostError, RulesError, SummoningSicknessError, TapSymbolError, UntapSymbolError
from ..events import AttackDeclared, BlockDeclared, Convoked, Entered, SetupPut, Tapped, TurnBegan, Untapped
from ..game import Game
from ..grading import Report, grade_answers, one_of, plural, read_bool
from ..outcomes import Outcomes
from ..records import Value
from ..state import Obj
from ..teaching import (
    LIBRARY,
    Arrived,
    Attempt,
    Grader,
    Piece,
    PieceZone,
    Play,
    Reason,
    Setup,
    Step,
    cr,
    yes_no,
)
from ..variants import CR, Rules, SickUse, TapSymbol
from ..wording import possessive
from .base import (
    Exercise,
    Lesson,
    Level,
    Misconception,
    MisconceptionName,
    PlaySituation,
    Situation,
    Stem,
    Topic,
    TopicName,
    misconceived,
    rules_held,
    variant,
    variants_asked,
)

_ARRIVALS: tuple[Arrived, ...] = ("last turn", "this turn")


# ----------------------------------------------------------------------------- the notebooks' cases
def _activation_reason(name: str, controller: str, err: RulesError) -> Reason:
    """A rules error from the engine, said for a learner (never the raw message); when the
    engine found more than one requirement failing, each is said, with its rule."""
    first = _one_activation_reason(name, controller, err)
    if not err.also:
        return first
    more = [_one_activation_reason(name, controller, a).text.removeprefix("No: ") for a in err.also]
    text = " ".join([first.text, *(f"Also: {m}" for m in more)])
    return Reason(text, err.rules)


def _one_activation_reason(name: str, controller: str, err: RulesError) -> Reason:
    if isinstance(err, TapSymbolError):
        text = (f"No: {name} is already tapped. {{T}} in a cost means 'tap this permanent', and a "
                f"tapped permanent can't be tapped again to pay it (CR {err.rule}).")
    elif isinstance(err, UntapSymbolError):
        text = (f"No: {name} is untapped. {{Q}} in a cost means 'untap this permanent', and an "
                f"untapped permanent can't be untapped again to pay it (CR {err.rule}).")
    elif isinstance(err, SummoningSicknessError):
        text = (f"No: {name} is a creature that arrived this turn, so {controller} hasn't controlled "
                f"it continuously since her turn began. Until then a creature can't use abilities "
                f"with {{T}} or {{Q}} in their cost, unless it has haste (CR {err.rule}).")
    elif isinstance(err, CostError):
        text = f"No: {controller} can't pay the rest of the cost. {err.reason} (CR {err.rule})"
    else:
        text = f"No: {err.reason} (CR {err.rule})"
    return Reason(text, (err.rule,))


def _also(names: Sequence[str]) -> str:
    return "".join(f"; Alice also controls {name}" for name in names)


#: What every :class:`ActivationCase` gives Alice besides the permanent, said to the learner so
#: that a cost with mana or a target never depends on something unseen (tested against ``game()``).
ACTIVATION_RESOURCES = "She has {W}{W}{W} in her mana pool and a Grizzly Bears in her graveyard"

#: Why the board of an :class:`ActivationCase` (or :class:`AttackCase`) holds more than the
#: permanent asked about: what the {T}/{Q} explorer says under its board (tested against the
#: cases' games, as :data:`ACTIVATION_RESOURCES` is).
ACTIVATION_SETUP = (f"Every activation question starts from the same board: before it, Alice tapped "
                    f"three Plains for {{W}}{{W}}{{W}} (mana for a cost such as Pili-Pala's {{2}}), a "
                    f"Grizzly Bears is in her graveyard (something for Order of Whiteclay to return), and "
                    f"each library holds {LIBRARY} cards.")
ATTACK_SETUP = (f"Every attack question starts at Alice's beginning of combat, with only the permanent "
                f"asked about (and Mass Hysteria, if ticked) on her battlefield; each library holds "
                f"{LIBRARY} cards.")


class ActivationCase(Value):
    """One 'can this ability be activated now?' situation, answered by the engine. ``also``
    names other permanents Alice controls (since her last turn), such as Mass Hysteria ("All
    creatures have haste").

    >>> ActivationCase("Llanowar Elves", "this turn", False, also=("Mass Hysteria",)).answer()[0]
    True
    >>> ActivationCase("Llanowar Elves", "this turn", False).answer()[0]
    False
    """

    card: str
    arrived: Arrived
    tapped: bool
    ability: int = 0
    also: tuple[str, ...] = ()

    #: Answers are yes or no (``True``/``False`` too); a wrong one is matched against the
    #: misconceptions of the same permanent as a practice board (whose model knows no ``also``).
    grader: ClassVar[Grader[bool]] = Grader(read_bool, yes_no, mistakes=lambda case, answer: (
        [] if case.also else misconceived(case.situation(), answer, MISCONCEPTIONS)))

    def situation(self) -> Activation:
        """The same question as a practice board (its misconception model)."""
        return Activation((self,))

    def game(self, rules: Rules | None = None) -> tuple[Game, int]:
        """A fresh game in Alice's main phase with the permanent set up (a 0/0 creature such as
        Hangarback Walker with one +1/+1 counter, so it lives), a Grizzly Bears in her graveyard
        (something to return) and {W}{W}{W} in her pool, played by ``rules`` (the CR by default)."""
        g = Game(["Alice", "Bob"], library=LIBRARY, rules=rules)
        counters = {"+1/+1": 1} if lookup(self.card).toughness == 0 else None
        ref = g.put_onto_battlefield(self.card, "Alice", tapped=self.tapped, counters=counters,
                                     arrived=self.arrived)
        g.put_in_graveyard("Grizzly Bears", "Alice")
        for _ in range(3):
            g.activate(g.put_onto_battlefield("Plains", "Alice"))
        for name in self.also:
            g.put_onto_battlefield(name, "Alice")
        return g, ref

    def attempt(self, rules: Rules | None = None) -> Attempt:
        """Alice tries to activate the ability: whether she could, why (the rule the engine refused
        with, or the rule of the event that paid the {T}/{Q}), the game afterwards and the events
        (played by ``rules``: the CR by default, or a learner's variants)."""
        g, ref = self.game(rules)
        o = g.obj(ref)
        abilities = o.card.activated
        if not 0 <= self.ability < len(abilities):
            haste = (" Its haste lets it attack the turn it arrives (CR 702.10b), but that isn't an "
                     "activated ability." if g.has_haste(o) else "")
            which = "no activated ability" if not abilities else f"only {len(abilities)} activated abilities"
            return Attempt(False, Reason(f"No: {o.name} has {which}, so there is nothing to activate "
                                         f"(CR 602.1).{haste}", ("602.1",)), g)
        ab = abilities[self.ability]
        target: int | str | None = None  # a card in her graveyard, or Bob ("any target")
        if ab.targets is not None:
            target = (next((c.id for c in g.zone("Alice", "graveyard")), None)
                      if ab.targets.zone == "graveyard" else "Bob")
        try:
            events = g.activate(ref, self.ability, target=target)
        except RulesError as err:
            return Attempt(False, _activation_reason(o.name, o.controller, err), g)
        paid = next((e for e in events if isinstance(e, Tapped | Untapped)), None)
        bits, cited = [], []
        if ab.cost.tap:
            bits.append(f"{o.name} is untapped, so it can pay {{T}} (CR 107.5)")
            cited.append("107.5")
        if ab.cost.untap:
            bits.append(f"{o.name} is tapped, so it can pay {{Q}} (CR 107.6)")
            cited.append("107.6")
        if o.is_a("Creature") and paid is not None:
            let = paid.rules[1:]  # the rule the engine let it pay by: 302.6, or haste's 702.10c
            bits.append(("Alice has controlled it since her turn began" if g.controlled_since_turn_began(o.id)
                         else "it hasn't been Alice's since her turn began, but it has haste, so "
                         "summoning sickness doesn't stop it") + f" (CR {', '.join(let)})")
            cited.extend(let)
        # (Below, 302.6 is named as the rule that doesn't apply, not as a rule the engine acted
        # on, so it isn't among the reason's rules: those are the events'.)
        elif ab.cost.tap or ab.cost.untap:
            bits.append("it isn't a creature, so the summoning sickness rule doesn't apply to it "
                        "(CR 302.6)")
        else:
            bits.append("its cost has no {T} or {Q}, so neither tapping nor summoning sickness "
                        f"matters (CR 302.6); {events[0].text} (CR {', '.join(events[0].rules)})")
            cited.extend(events[0].rules)
        seq = paid.seq if paid is not None else events[0].seq
        return Attempt(True, Reason("Yes: " + "; ".join(bits) + ".", tuple(cited), seq), g, events)

    def reason(self) -> tuple[bool, Reason]:
        """(can activate?, the reason in plain words with its CR rule)."""
        a = self.attempt()
        return a.can, a.reason

    def answer(self) -> tuple[bool, str]:
        """(can activate?, reason in plain English with the CR rule)."""
        can, why = self.reason()
        return can, why.text

    def key(self) -> Hashable:
        return ("activate", self.card, self.arrived, self.tapped, self.ability, self.also)

    def describe(self) -> str:
        """The permanent as a question shows it: 'Llanowar Elves (untapped, arrived this turn)'."""
        defn = lookup(self.card)
        counter = ", with a +1/+1 counter" if defn.toughness == 0 else "".join(
            f", with {plural(n, kind + ' counter')}" for kind, n in defn.enters_counters().items())
        which = (f"; the ability “{defn.activated[self.ability].text}”"
                 if 0 < self.ability < len(defn.activated) else "")
        return (f"{self.card} ({'tapped' if self.tapped else 'untapped'}{counter}, "
                f"{'arrived this turn' if self.arrived == 'this turn' else 'there since her last turn'}"
                f"{which}){_also(self.also)}")

    def legal(self) -> tuple[bool, ...]:
        return (self.attempt().can,)

    def explain(self) -> str:
        return self.attempt().reason.text


#: The permanents the {T}/{Q} notebook and explorer use.
TAP_CARDS = ("Llanowar Elves", "Order of Whiteclay", "Pili-Pala", "Raging Goblin", "Fellwar Stone")


def _attack_reason(name: str, err: RulesError) -> Reason:
    """Why the engine refused the attack, said for a learner."""
    if isinstance(err, SummoningSicknessError):
        text = (f"No: {name} came under Alice's control this turn and doesn't have haste, so it can't "
                f"attack yet: a creature can attack only if its controller has controlled it "
                f"continuously since her most recent turn began (CR {err.rule}).")
    else:
        text = f"No: {err.reason} (CR {err.rule})"
    return Reason(text, (err.rule,))


class AttackCase(Value):
    """'Can this permanent attack this turn?' Alice's beginning of combat, answered by the
    engine: summoning sickness stops a creature that arrived this turn (CR 302.6) unless it
    has haste (CR 702.10b), such as Raging Goblin. ``also``: other permanents Alice controls
    (since her last turn).

    >>> AttackCase("Grizzly Bears", "this turn", also=("Mass Hysteria",)).attempt().can
    True
    """

    card: str
    arrived: Arrived
    tapped: bool = False
    also: tuple[str, ...] = ()

    def game(self) -> tuple[Game, int]:
        """A fresh game at Alice's beginning of combat with the permanent set up."""
        g = Game(["Alice", "Bob"], library=LIBRARY)
        counters = {"+1/+1": 1} if lookup(self.card).toughness == 0 else None
        ref = g.put_onto_battlefield(self.card, "Alice", tapped=self.tapped, counters=counters,
                                     arrived=self.arrived)
        for name in self.also:
            g.put_onto_battlefield(name, "Alice")
        g.advance(to="beginning_of_combat")
        return g, ref

    def attempt(self) -> Attempt:
        g, ref = self.game()
        o = g.obj(ref)
        refused = g.attack_refusal(ref)
        if refused is not None:
            return Attempt(False, _attack_reason(o.name, refused), g)
        events = g.attack([ref])
        declared = next(e for e in events if isinstance(e, AttackDeclared))
        rules = declared.rules  # the engine's own: 508.1, and 302.6 or haste's 702.10b
        if not g.controlled_since_turn_began(o.id):
            text = (f"Yes: {o.name} has haste, so it can attack the turn it comes under Alice's "
                    f"control (CR {', '.join(rules)}): {declared.text}.")
        else:
            text = (f"Yes: {o.name} is an untapped creature Alice has controlled continuously since "
                    f"her turn began, so it can attack (CR {', '.join(rules)}): {declared.text}.")
        return Attempt(True, Reason(text, rules, declared.seq), g, events)

    def reason(self) -> tuple[bool, Reason]:
        """(can attack?, the reason in plain words with its CR rule)."""
        a = self.attempt()
        return a.can, a.reason

    def key(self) -> Hashable:
        return ("attack", self.card, self.arrived, self.tapped, self.also)

    def describe(self) -> str:
        return (f"{self.card} ({'tapped' if self.tapped else 'untapped'}, "
                f"{'arrived this turn' if self.arrived == 'this turn' else 'there since her last turn'})"
                f"{_also(self.also)}, at Alice's beginning of combat")

    def legal(self) -> tuple[bool, ...]:
        return (self.attempt().can,)

    def explain(self) -> str:
        return self.attempt().reason.text


def check_activation_answers(answers: Mapping[str, object], cases: Mapping[str, ActivationCase]) -> Report:
    """Grade yes/no answers (``True``/``False``, or ``"yes"``/``"no"``) for named activation
    cases; explain each mistake."""
    return grade_answers(answers, cases, ActivationCase.grader, missing="no answer yet (use True or False)")


#: The names notebook 01 and its explorer use for a case with other permanents on Alice's side
#: (``also``, such as Mass Hysteria): the same cases.
ActivationWith = ActivationCase
AttackWith = AttackCase


# ----------------------------------------------------------------------------- misconceptions
class Mistake(MisconceptionName):
    """The misconceptions about {T}, {Q} and summoning sickness, in catalog order."""

    SICKNESS_STOPS_NONCREATURES = "sickness-stops-noncreatures"
    SICKNESS_SPARES_UNTAP_SYMBOL = "sickness-spares-untap-symbol"
    UNTAP_SYMBOL_NEEDS_UNTAPPED = "untap-symbol-needs-untapped"
    MANA_ABILITIES_DODGE_SICKNESS = "mana-abilities-dodge-sickness"
    SICKNESS_ONLY_STOPS_ATTACKING = "sickness-only-stops-attacking"
    SICKNESS_ENDS_AT_END_OF_TURN = "sickness-ends-at-end-of-turn"
    SICKNESS_STOPS_ALL_ACTIVATED_ABILITIES = "sickness-stops-all-activated-abilities"
    SICKNESS_STOPS_BLOCKING = "sickness-stops-blocking"
    HASTE_ONLY_HELPS_ATTACKING = "haste-only-helps-attacking"
    SYMMETRIC_EFFECTS_HELP_ONLY_THEIR_CONTROLLER = "symmetric-effects-help-only-their-controller"
    ABILITIES_ONLY_ON_YOUR_TURN = "abilities-only-on-your-turn"
    MOST_RECENT_TURN_IS_THE_PREVIOUS_ONE = "most-recent-turn-is-the-previous-one"
    SICK_CREATURES_CANT_CONVOKE = "sick-creatures-cant-convoke"
    CONTROL_CHANGE_DOESNT_RESET_SICKNESS = "control-change-doesnt-reset-sickness"
    OWNER_IS_THE_CONTROLLER = "owner-is-the-controller"
    ATTACKING_DOESNT_TAP = "attacking-doesnt-tap"


# ----------------------------------------------------------------------- the wrong rules, as variants
# Each misconception is a variant of the rules (mtgkit.variants): it overrides one decision the
# engine asks, and practice plays the same sequence by it to get the learner's answer.
def _turns_begun(g: Game, player: str | None = None) -> list[int]:
    """The event numbers at which ``player``'s turns began (anyone's, with None), in order."""
    return [e.seq for e in g.events if isinstance(e, TurnBegan) and player in (None, e.active)]


@variant(Mistake.SICKNESS_STOPS_NONCREATURES)
class SicknessStopsNoncreatures(Rules):
    """Anything that came under its controller's control this turn can't pay {T} or {Q} yet."""

    def summoning_sick(self, g: Any, o: Obj, use: SickUse, ability: Activated | None = None) -> bool:
        if use in ("tap", "untap") and not o.is_a("Creature"):
            return not self.controlled_since_turn_began(g, o)
        return super().summoning_sick(g, o, use, ability)


@variant(Mistake.SICKNESS_SPARES_UNTAP_SYMBOL)
class SicknessSparesUntapSymbol(Rules):
    """Summoning sickness stops {T}, not {Q}."""

    def summoning_sick(self, g: Any, o: Obj, use: SickUse, ability: Activated | None = None) -> bool:
        return use != "untap" and super().summoning_sick(g, o, use, ability)


@variant(Mistake.UNTAP_SYMBOL_NEEDS_UNTAPPED)
class UntapSymbolNeedsUntapped(Rules):
    """{Q} is paid like {T}: by an untapped permanent."""

    def can_pay_symbol(self, g: Any, o: Obj, symbol: TapSymbol) -> bool:
        return not o.tapped if symbol == "{Q}" else super().can_pay_symbol(g, o, symbol)


@variant(Mistake.MANA_ABILITIES_DODGE_SICKNESS)
class ManaAbilitiesDodgeSickness(Rules):
    """A mana ability doesn't use the stack, so summoning sickness doesn't stop it."""

    def summoning_sick(self, g: Any, o: Obj, use: SickUse, ability: Activated | None = None) -> bool:
        if ability is not None and ability.is_mana_ability:
            return False
        return super().summoning_sick(g, o, use, ability)


@variant(Mistake.SICKNESS_ONLY_STOPS_ATTACKING)
class SicknessOnlyStopsAttacking(Rules):
    """Summoning sickness stops attacking, nothing else."""

    def summoning_sick(self, g: Any, o: Obj, use: SickUse, ability: Activated | None = None) -> bool:
        return use == "attack" and super().summoning_sick(g, o, use, ability)


@variant(Mistake.SICKNESS_ENDS_AT_END_OF_TURN)
class SicknessEndsAtEndOfTurn(Rules):
    """A creature is sick only in the turn it arrived, whoever's turn comes next."""

    def controlled_since_turn_began(self, g: Any, o: Obj) -> bool:
        began = _turns_begun(g)
        return o.since is None or not began or o.since < began[-1]


@variant(Mistake.SICKNESS_STOPS_ALL_ACTIVATED_ABILITIES)
class SicknessStopsAllActivatedAbilities(Rules):
    """Summoning sickness stops every activated ability, with {T}/{Q} in its cost or not."""

    def summoning_sick(self, g: Any, o: Obj, use: SickUse, ability: Activated | None = None) -> bool:
        return super().summoning_sick(g, o, "tap" if use == "activate" else use, ability)


def _stopped_like_attacking(rules: Rules, g: Any, o: Obj, use: SickUse) -> bool:
    """Summoning sickness stopping ``use`` as it stops attacking (haste helping)."""
    return (o.is_a("Creature") and not rules.controlled_since_turn_began(g, o)
            and not rules.haste_counts(g, o, use))


@variant(Mistake.SICKNESS_STOPS_BLOCKING)
class SicknessStopsBlocking(Rules):
    """A creature that hasn't been its controller's since their turn began can't block."""

    def summoning_sick(self, g: Any, o: Obj, use: SickUse, ability: Activated | None = None) -> bool:
        if use == "block":
            return _stopped_like_attacking(self, g, o, use)
        return super().summoning_sick(g, o, use, ability)


@variant(Mistake.HASTE_ONLY_HELPS_ATTACKING)
class HasteOnlyHelpsAttacking(Rules):
    """Haste lets a creature attack at once, but not pay {T} or {Q}."""

    def haste_counts(self, g: Any, o: Obj, use: SickUse) -> bool:
        return use == "attack" and super().haste_counts(g, o, use)


@variant(Mistake.SYMMETRIC_EFFECTS_HELP_ONLY_THEIR_CONTROLLER)
class SymmetricEffectsHelpOnlyTheirController(Rules):
    """Haste an opponent's permanent gives ("All creatures have haste") doesn't count for me, and
    an opponent's mana effects for every player touch only their controller's permanents."""

    def haste_counts(self, g: Any, o: Obj, use: SickUse) -> bool:
        if not super().haste_counts(g, o, use) or "haste" in o.card.keywords:
            return super().haste_counts(g, o, use)
        granted = granted_keywords(o, g.permanents())
        # haste from a resolved spell (Act of Treason's), or from a permanent of its controller's
        return "haste" not in granted or "haste" in granted_keywords(o, g.permanents(o.controller))

    # The same idea about mana: an opponent's "a player taps" or "any land" mana effect (Heartbeat
    # of Spring, Contamination, Damping Sphere, Pale Moon) is taken to touch only its controller's
    # permanents, not mine (CR 106.12a, 106.12b: it does what its words say, for every player).
    def mana_replacement_applies(self, g: Any, effect: Any, o: Obj, ability: Any) -> bool:
        if effect.replacement.whose == "any" and o.controller != effect.controller:
            return False
        return super().mana_replacement_applies(g, effect, o, ability)

    def mana_trigger_sees(self, g: Any, ability: Any, event: Any, source: Any) -> Any:
        if ability.trigger.whose == "any":
            ability = ability.replace(trigger=ability.trigger.replace(whose="you"))
        return super().mana_trigger_sees(g, ability, event, source)

    def replacement_order(self, g: Any, labels: Sequence[str], order: Sequence[str] | None
                          ) -> list[str] | None:
        # the order she gives ranks the effects she believes apply: an opponent's she names is moot
        if order is not None:
            order = [n for n in order if any(lab == n or lab.split(" #")[0] == n for lab in labels)]
        return super().replacement_order(g, labels, order)


@variant(Mistake.ABILITIES_ONLY_ON_YOUR_TURN)
class AbilitiesOnlyOnYourTurn(Rules):
    """Abilities other than mana abilities are activated only in their controller's own turn."""

    def activates_in_others_turns(self, g: Any, player: str, ability: Activated) -> bool:
        return ability.is_mana_ability


@variant(Mistake.MOST_RECENT_TURN_IS_THE_PREVIOUS_ONE)
class MostRecentTurnIsThePreviousOne(Rules):
    """In its controller's own turn, control is counted from the start of their previous turn."""

    def controlled_since_turn_began(self, g: Any, o: Obj) -> bool:
        if g.active_player != o.controller:
            return super().controlled_since_turn_began(g, o)
        began = _turns_begun(g, o.controller)
        return o.since is None or (len(began) > 1 and o.since < began[-2])


@variant(Mistake.SICK_CREATURES_CANT_CONVOKE)
class SickCreaturesCantConvoke(Rules):
    """A summoning-sick creature can't be tapped for convoke."""

    def summoning_sick(self, g: Any, o: Obj, use: SickUse, ability: Activated | None = None) -> bool:
        if use == "convoke":
            return _stopped_like_attacking(self, g, o, use)
        return super().summoning_sick(g, o, use, ability)


@variant(Mistake.CONTROL_CHANGE_DOESNT_RESET_SICKNESS)
class ControlChangeDoesntResetSickness(Rules):
    """What counts is how long it has been on the battlefield, not under whose control."""

    def controlled_since_turn_began(self, g: Any, o: Obj) -> bool:
        entered = [e for e in g.events if isinstance(e, Entered | SetupPut) and e.obj_id == o.id
                   and e.to == "battlefield"]
        if not entered:
            return super().controlled_since_turn_began(g, o)
        last = entered[-1]
        if isinstance(last, SetupPut):
            return not last.arrived_this_turn
        began = _turns_begun(g, o.controller)
        return bool(began) and last.seq < began[-1]


@variant(Mistake.ATTACKING_DOESNT_TAP)
class AttackingDoesntTap(Rules):
    """Declaring a creature as an attacker leaves it untapped, vigilance or not."""

    def attacking_taps(self, g: Any, o: Obj) -> bool:
        return False


@variant(Mistake.OWNER_IS_THE_CONTROLLER)
class OwnerIsTheController(Rules):
    """Only a permanent's owner may use it."""

    def user(self, g: Any, o: Obj) -> str:
        return o.owner


# ----------------------------------------------------------------------- practice boards, and their model
class Activation(Situation):
    """'Can Alice activate this ability now?' (one case) or 'how many of these can she?' A
    learner's answer is the engine's under the variants they hold (:meth:`believe`)."""

    topic: ClassVar[TopicName] = "tap-untap"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.SICKNESS_STOPS_NONCREATURES, Mistake.SICKNESS_SPARES_UNTAP_SYMBOL,
        Mistake.UNTAP_SYMBOL_NEEDS_UNTAPPED, Mistake.MANA_ABILITIES_DODGE_SICKNESS,
        Mistake.SICKNESS_ONLY_STOPS_ATTACKING, Mistake.SICKNESS_STOPS_ALL_ACTIVATED_ABILITIES,
        Mistake.HASTE_ONLY_HELPS_ATTACKING)
    cases: tuple[ActivationCase, ...]
    ask: Literal["count", "which"] = "count"  # with several cases: how many, or which ones

    def key(self) -> Hashable:
        return ("activate", tuple(sorted((c.card, c.arrived, c.tapped, c.ability) for c in self.cases)))

    def describe(self) -> str:
        each = " (for each ability on its own)" if len(self.cases) > 1 else ""
        return ("Alice's " + "; ".join(c.describe() for c in self.cases)
                + f". {ACTIVATION_RESOURCES}{each}")

    def answer_of(self, verdicts: Sequence[bool]) -> str:
        if len(self.cases) == 1:
            return "yes" if verdicts[0] else "no"
        if self.ask == "count":
            return str(sum(verdicts))
        names = sorted(c.card for c, ok in zip(self.cases, verdicts, strict=True) if ok)
        if not names:
            return "none of them"
        return "all of them" if len(names) == len(self.cases) else one_of(names, last="and")

    def legal(self) -> tuple[str, ...]:
        return (self.answer_of([activation(c)[0] for c in self.cases]),)

    def explain(self) -> str:
        return "\n".join(f"{c.card}: {activation(c)[1]}" for c in self.cases)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        rules = rules_held(held)
        return (self.answer_of([activates(c, rules) for c in self.cases]),)


@functools.lru_cache(maxsize=4096)
def activation(case: ActivationCase) -> tuple[bool, str]:
    can, why = case.reason()
    return can, why.text


@functools.lru_cache(maxsize=8192)
def activates(case: ActivationCase, rules: Rules = CR) -> bool:
    """Does the engine, playing by ``rules`` (the CR, or a learner's variants), let Alice
    activate the case's ability on its board?"""
    return case.attempt(rules).can


# ----------------------------------------------------------------------- scenario questions
#: What a checklist asks a player may do: activate one of a permanent's abilities, attack with
#: it (in that player's next beginning of combat this turn), block with it (now, in the
#: opponent's declare attackers step), or tap it to help cast a spell with convoke.
ActKind = Literal["activate", "attack", "block", "convoke"]


class Act(Value):
    """One thing a checklist asks about: ``kind`` with the permanent labelled ``card``."""

    kind: ActKind
    card: str
    says: str  # how the option names it: "tap the Elves for {G}"
    ability: int = 0
    spell: str = ""  # convoke: the label of the spell with convoke cast (targeting an opponent)
    pay: tuple[str, ...] = ()  # the lands tapped for mana first: for the rest of a spell's cost, or a cost


def _refused(err: RulesError) -> Reason:
    return Reason(f"No: {err.reason.rstrip('.')} (CR {err.rule}).", (err.rule,))


def engine_verdict(g: Game, ref: int, act: Act, who: str,
                   labels: Mapping[str, int] | None = None) -> tuple[bool, Reason]:
    """What the engine does with ``act`` (tried on a copy of ``g``): whether the rules allow it,
    and why (the rule of the event that did it, or the rule it was refused by). ``labels``
    names the spell and lands of a convoke act (by default, by card name)."""
    trial = copy.deepcopy(g)
    name = trial.obj(ref).name

    def label(text: str, zone: str = "battlefield") -> int:
        return labels[text] if labels and text in labels else trial.find(text, zone=zone)

    try:
        if act.kind == "activate":
            for land in act.pay:  # mana for its cost, from lands kept for it
                trial.activate(label(land), player=who)
            ab = trial.obj(ref).card.activated[act.ability]
            target: int | str | None = None  # a card in the graveyard, or an opponent
            if ab.targets is not None:
                target = (next((c.id for c in trial.zone(who, "graveyard")), None)
                          if ab.targets.zone == "graveyard" else next(p for p in trial.players if p != who))
            events = trial.activate(ref, act.ability, player=who, target=target)
            e = next((e for e in events if isinstance(e, Tapped | Untapped)), events[0])
        elif act.kind == "convoke":
            for land in act.pay:
                trial.activate(label(land), player=who)
            opponent = next(p for p in trial.players if p != who)
            done = trial.cast(label(act.spell, "hand"), target=opponent, convoke=[ref])
            e = next(e for e in done if isinstance(e, Convoked))
        elif act.kind == "attack":
            if trial.step != "beginning_of_combat":
                trial.advance(to="beginning_of_combat")
            refused = trial.attack_refusal(ref)
            if refused is not None:
                return False, _refused(refused)
            e = next(e for e in trial.attack([ref]) if isinstance(e, AttackDeclared))
        else:
            attackers = [p.id for p in trial.board().permanents if p.attacking == who]
            if not attackers:
                return False, Reason(f"No: nothing is attacking {who}, so {name} has nothing to "
                                     f"block (CR 509.1a).", ("509.1a",))
            refused = trial.block_refusal(ref, attackers[0])
            if refused is not None:
                return False, _refused(refused)
            e = next(e for e in trial.block({ref: attackers[0]}) if isinstance(e, BlockDeclared))
    except RulesError as err:  # an activation (or advancing to combat) tried for real
        return False, _refused(err)
    return True, Reason(f"Yes: {e.text.rstrip('.')} ({cr(e.rules)}).", e.rules, e.seq)


def _records(g: Game, ref: int, act: Act, who: str,
             labels: Mapping[str, int] | None = None) -> list[acts.Action] | None:
    """``act`` as action records of :mod:`mtgkit.actions`, played one after another on ``g``:
    tapping the lands that pay for it first, advancing to combat to attack (None: a block with
    nothing attacking)."""
    def label(text: str, zone: str = "battlefield") -> int:
        return labels[text] if labels and text in labels else g.find(text, zone=zone)

    paying: list[acts.Action] = [acts.Activate(label(land), player=who) for land in act.pay]
    if act.kind == "activate":
        ab = g.obj(ref).card.activated[act.ability]
        target: int | str | None = None  # a card in the graveyard, or an opponent
        if ab.targets is not None:
            target = (next((c.id for c in g.zone(who, "graveyard")), None)
                      if ab.targets.zone == "graveyard" else next(p for p in g.players if p != who))
        return [*paying, acts.Activate(ref, act.ability, who, target=target)]
    if act.kind == "attack":
        ahead = [] if g.step == "beginning_of_combat" else [acts.Advance("beginning_of_combat")]
        return [*ahead, acts.Attack((ref,))]
    if act.kind == "block":
        attackers = [p.id for p in g.board().permanents if p.attacking == who]
        return [acts.Block(((ref, attackers[0]),))] if attackers else None
    opponent = next(p for p in g.players if p != who)
    return [*paying, acts.Cast(label(act.spell, "hand"), opponent, convoke=(ref,))]


def permits(g: Game, ref: int, act: Act, who: str, labels: Mapping[str, int] | None = None) -> bool:
    """Does the engine, playing by ``g``'s rules (the CR, or a variant), let ``who`` do ``act``
    now? Its action records are tried with :meth:`~mtgkit.game.Game.refusal_of`, which changes
    nothing."""
    records = _records(g, ref, act, who, labels)
    return records is not None and g.refusal_of(records) is None


class Checklist(PlaySituation):
    """A {T}/summoning-sickness scenario: a set-up, a short play sequence (casts, a turn passing,
    an attack), then: which of these may ``who`` do now, each on its own (or how many)? Each
    thing is tried by the engine on the game at the end; a learner's answer is what the engine
    says when it plays the same sequence by the variants they hold (:meth:`answers`)."""

    topic: ClassVar[TopicName] = "tap-untap"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = tuple(Mistake)
    #: Three ideas of what "since their most recent turn began" measures: one at a time.
    exclusive: ClassVar[frozenset[frozenset[str]]] = frozenset(
        frozenset(pair) for pair in itertools.combinations(
            (Mistake.SICKNESS_ENDS_AT_END_OF_TURN, Mistake.MOST_RECENT_TURN_IS_THE_PREVIOUS_ONE,
             Mistake.CONTROL_CHANGE_DOESNT_RESET_SICKNESS), 2))
    who: str
    acts: tuple[Act, ...]
    ask: Literal["which", "how many", "yes or no"] = "which"

    def key(self) -> Hashable:
        return ("checklist", self.play, self.who, self.acts, self.ask)

    def worked(self) -> tuple[tuple[Act, bool, Reason], ...]:
        """Each thing asked about, whether the engine allows it, and why."""
        return _checked(self)

    def answer_of(self, verdicts: Sequence[bool]) -> str:
        if self.ask == "yes or no":
            return "yes" if verdicts[0] else "no"
        if self.ask == "how many":
            return str(sum(verdicts))
        allowed = sorted(a.says for a, ok in zip(self.acts, verdicts, strict=True) if ok)
        return one_of(allowed, last="and") if allowed else "none of them"

    def legal(self) -> tuple[str, ...]:
        return (self.answer_of([ok for _, ok, _ in self.worked()]),)

    def answers(self, outs: Outcomes, rules: Rules | None = None) -> tuple[str, ...]:
        """What each outcome's game says to the things asked about (tried by ``rules``, when
        given, instead of the rules the game was played by)."""
        labels = _labels_of(self.play)
        found = []
        for o in outs:
            g = o.game
            refs = [labels[a.card] if a.card in labels else g.find(a.card) for a in self.acts]
            with g.asking(rules or g.rules, g.consulted):
                found.append(self.answer_of([permits(g, ref, a, self.who, labels)
                                             for ref, a in zip(refs, self.acts, strict=True)]))
        return tuple(dict.fromkeys(found))

    def under(self, rules: Rules) -> tuple[str, ...]:
        """The answers by ``rules``: when they answer every decision of the play as the CR does,
        the play goes as by the CR (the engine decides nothing else), so only the things asked
        about are tried by them, on the CR's game."""
        if rules == CR or rules in _unchanged(self.play):
            return self.answers(self.play.outcomes(), rules)
        return super().under(rules)

    def known(self) -> tuple[MisconceptionName | str, ...]:
        """As :meth:`PlaySituation.known`, replaying only under the variants that change the play."""
        same = _unchanged(self.play)
        asked = set(self.asked())
        for name in variants_asked(asked):
            if rules_held({name}) not in same:
                asked |= self.asked(rules_held({name}))
        own = tuple(type(self).misconceptions)
        return (*own, *(n for n in variants_asked(asked) if n not in own))

    def explain(self) -> str:
        return "\n".join(f"{a.says[0].upper()}{a.says[1:]}: {r.text}" for a, _, r in self.worked())

    def decisive(self) -> Reason | None:
        if len(self.acts) != 1:
            return None
        why = self.worked()[0][2]
        # The rule that permits it (haste, or control since the turn began) decides the question,
        # not the procedure the event also cites (declaring attackers, paying {T}).
        first = [r for r in why.rules if r in _PERMITS]
        rest = tuple(r for r in why.rules if r not in first)
        return Reason(why.text, (*first, *rest), why.seq) if first else why


#: The rules that decide whether a creature may attack or use {T} now, when an event cites them.
_PERMITS = ("702.10b", "702.10c", "302.6")


@functools.lru_cache(maxsize=1024)
def _unchanged(play: Play) -> frozenset[Rules]:
    """The rules of this topic's variants, alone and in pairs, under which ``play`` goes exactly
    as by the CR (each answers every decision the play asks as the CR does: the generic watch,
    :meth:`~mtgkit.teaching.Play.watched`); none when the play branches on a player's choice.
    (:meth:`PlaySituation.plays_as_cr` watches single variants and reads the answers by the CR;
    a checklist reads its answers by the variant itself, on the CR's game, pairs included.)"""
    if len(play.outcomes()) != 1:
        return frozenset()
    names = [str(m) for m in Mistake]
    candidates = [rules_held({n}) for n in names]
    candidates += [rules_held({a, b}) for a, b in itertools.combinations(names, 2)]
    return frozenset(candidates) - play.watched(tuple(candidates))[0]


@functools.lru_cache(maxsize=1024)
def _labels_of(play: Play) -> dict[str, int]:
    return play.labels()


@functools.lru_cache(maxsize=1024)
def _checked(s: Checklist) -> tuple[tuple[Act, bool, Reason], ...]:
    g, labels = s.play.game()
    out = []
    for act in s.acts:
        ref = labels[act.card] if act.card in labels else g.find(act.card)
        ok, why = engine_verdict(g, ref, act, s.who, labels)
        out.append((act, ok, why))
    return tuple(out)


# ----------------------------------------------------------------------- scenario templates
def _cast(card: str, lands: Sequence[str], x: int = 0) -> Step:
    land = lands[0].split(" ")[0]
    plural_land = land if land in ("Plains", "Wastes") else f"{land}s"
    paid = {1: f"a {land}", 2: f"two {plural_land}", 3: f"three {plural_land}"}[len(lands)]
    said = f" with X = {x}" if x else ""
    return Step("cast", f"Alice taps {paid} and casts {card}{said}; it resolves.", card=card, x=x,
                pay=tuple(lands))


def _forests(n: int, player: str = "Alice") -> list[Piece]:
    return [Piece("Forest", player) for _ in range(n)]


def _labels(card: str, n: int) -> list[str]:
    return [card] + [f"{card} {i}" for i in range(2, n + 1)]


def fresh_play(*, ballista: bool = True, hysteria: str = "", bears: bool = False) -> Play:
    """Alice casts Llanowar Elves (and Walking Ballista with X = 1) in her turn; in Bob's turn his
    Grizzly Bears attacks her and he passes priority to her in the declare attackers step."""
    forests = _labels("Forest", 4)
    pieces = _forests(4) + [Piece("Llanowar Elves", zone="hand"), Piece("Grizzly Bears", "Bob")]
    steps = [_cast("Llanowar Elves", forests[:1]), Step("resolve", "")]
    if ballista:
        pieces.append(Piece("Walking Ballista", zone="hand"))
        steps += [_cast("Walking Ballista", forests[1:3], x=1), Step("resolve", "")]
    if bears:
        pieces.append(Piece("Grizzly Bears", label="Alice's Grizzly Bears"))
    if hysteria:
        pieces.append(Piece("Mass Hysteria", hysteria))
    steps += [Step("next_turn", "", to="beginning_of_combat"),
              Step("attack", "Alice's turn ends. In Bob's turn, Bob attacks Alice with his Grizzly Bears.",
                   attackers=("Grizzly Bears",), defender="Alice"),
              Step("pass", "Bob passes priority to Alice in the declare attackers step.", player="Bob")]
    return Play(Setup(pieces=tuple(pieces)), tuple(steps))


def haste_play(creatures: Sequence[str], *, hysteria: str = "", stone: bool = False) -> Play:
    """In her precombat main phase Alice casts ``creatures`` (and maybe Fellwar Stone), with a
    Mass Hysteria on the battlefield under ``hysteria``'s control (or none)."""
    lands = {"Llanowar Elves": ["Forest"], "Raging Goblin": ["Mountain"],
             "Grizzly Bears": ["Forest", "Forest"], "Fellwar Stone": ["Wastes", "Wastes"]}
    pieces: list[Piece] = []
    steps: list[Step] = []
    used: dict[str, int] = {}
    for card in (*creatures, *(["Fellwar Stone"] if stone else [])):
        paid = []
        for land in lands[card]:
            used[land] = used.get(land, 0) + 1
            pieces.append(Piece(land))
            paid.append(land if used[land] == 1 else f"{land} {used[land]}")
        pieces.append(Piece(card, zone="hand"))
        steps += [_cast(card, paid), Step("resolve", "")]
    if hysteria:
        pieces.append(Piece("Mass Hysteria", hysteria))
    return Play(Setup(pieces=tuple(pieces)), tuple(steps))


def returned_play() -> Play:
    """Alice's turn; Bob's Order of Whiteclay is tapped (it attacked in his last turn). In
    Alice's end step Bob returns Llanowar Elves from his graveyard with it; then Bob's turn
    begins, and he holds priority in his upkeep."""
    plains = _labels("Plains", 3)
    pieces = [Piece("Order of Whiteclay", "Bob", tapped=True), *[Piece("Plains", "Bob") for _ in plains],
              Piece("Llanowar Elves", "Bob", "graveyard")]
    steps = [Step("advance", "", to="end"), Step("pass", "", player="Alice"),
             Step("activate", "In Alice's end step, after she passes priority, Bob taps three Plains and "
                  "activates Order of Whiteclay ({1}{W}{W}, {Q}) targeting Llanowar Elves in his "
                  "graveyard; it resolves.", card="Order of Whiteclay", target="Llanowar Elves",
                  pay=tuple(plains)),
             Step("resolve", ""),
             Step("next_turn", "Bob's turn begins; he holds priority in his upkeep.", to="upkeep")]
    return Play(Setup(pieces=tuple(pieces)), tuple(steps))


#: When a stolen-creature question asks: right after the spell resolved, in the opponent's next
#: turn (he attacks), or in the thief's next turn.
StolenWhen = Literal["now", "his turn", "her next turn"]


def stolen_play(card: str = "Llanowar Elves", spell: str = "Mind Control",
                when: StolenWhen = "now") -> Play:
    """Bob has controlled ``card`` for turns; in her precombat main phase Alice casts ``spell``
    (Mind Control, or Act of Treason: control until end of turn, untap, haste) targeting it.
    Then maybe the turn passes: Bob attacks her with Grizzly Bears and passes priority to her,
    or her next turn begins."""
    if spell == "Mind Control":
        lands, pay = "Island", "five Islands"
    else:
        lands, pay = "Mountain", "three Mountains"
    paid = _labels(lands, 5 if spell == "Mind Control" else 3)
    pieces = [Piece(lands) for _ in paid] + [Piece(spell, zone="hand"), Piece(card, "Bob"),
                                               Piece("Grizzly Bears", "Bob", label="Bob's Grizzly Bears"),
                                               Piece("Grizzly Bears", label="Alice's Grizzly Bears")]
    steps = [Step("cast", f"Alice taps {pay} and casts {spell} targeting Bob's {card}; it resolves.",
                  card=spell, target=card, pay=tuple(paid)),
             Step("resolve", "")]
    if when == "his turn":
        steps += [Step("next_turn", "", to="beginning_of_combat"),
                  Step("attack", "Alice's turn ends. In Bob's turn, Bob attacks Alice with his Grizzly "
                       "Bears.", attackers=("Bob's Grizzly Bears",), defender="Alice"),
                  Step("pass", "Bob passes priority to Alice in the declare attackers step.", player="Bob")]
    elif when == "her next turn":
        steps += [Step("next_turn", "Alice's turn ends; Bob takes his turn and does nothing.", to="end"),
                  Step("next_turn", "Alice's next turn begins; she is in her precombat main phase.")]
    return Play(Setup(pieces=tuple(pieces)), tuple(steps))


def attack_play(card: str = "Llanowar Elves") -> Play:
    """Alice has controlled ``card`` since her last turn; she attacks Bob with it, and has priority
    in her declare attackers step."""
    scene = _Scene()
    label = scene.put(card)
    scene.abilities(card, label, "Alice")
    scene.steps += [Step("advance", "", to="beginning_of_combat"),
                    Step("attack", f"Alice attacks Bob with {_SHORT.get(card, card)}.", attackers=(label,),
                         defender="Bob")]
    return scene.play()


def convoke_play(hysteria: str = "") -> Play:
    """In her precombat main phase Alice plays a Mountain, then taps a Forest and casts Llanowar
    Elves; she has three Mountains and Stoke the Flames (convoke) in her hand, and a Mass
    Hysteria is under ``hysteria``'s control (or none)."""
    pieces = [Piece("Forest"), *[Piece("Mountain") for _ in range(2)], Piece("Grizzly Bears"),
              Piece("Mountain", zone="hand", label="new Mountain"), Piece("Llanowar Elves", zone="hand"),
              Piece("Stoke the Flames", zone="hand")]
    pieces += [Piece("Mass Hysteria", hysteria)] if hysteria else []
    return Play(Setup(pieces=tuple(pieces)), (
        Step("play_land", "Alice plays a Mountain (her land for the turn).", card="new Mountain"),
        _cast("Llanowar Elves", ["Forest"]), Step("resolve", "")))


_CONVOKE_ACTS = (Act("activate", "Llanowar Elves", "tap the Elves for {G}"),
                 Act("attack", "Llanowar Elves", "attack with the Elves this turn"),
                 Act("convoke", "Llanowar Elves", "tap the Elves for convoke to help cast Stoke the "
                     "Flames at Bob (three Mountains paying the rest)", spell="Stoke the Flames",
                     pay=("Mountain", "Mountain 2", "new Mountain")),
                 Act("attack", "Grizzly Bears", "attack with her Grizzly Bears this turn"))


def _stolen_acts(card: str, when: StolenWhen, spell: str = "Mind Control") -> tuple[Act, ...]:
    noun = {"Llanowar Elves": "Elves", "Grizzly Bears": "Bears", "Order of Whiteclay": "Order",
            "Serra Angel": "Angel"}.get(card, card)
    name = f"the {noun} she took with {spell}"
    acts = [Act("activate", card, f"tap {name} for {{G}}")] if card == "Llanowar Elves" else []
    kind: ActKind = "block" if when == "his turn" else "attack"
    says = "block with {} in this combat" if kind == "block" else "attack with {} this turn"
    mine = "Alice's Grizzly Bears"
    acts += [Act(kind, card, says.format(name)), Act(kind, mine, says.format("her own Grizzly Bears"))]
    return tuple(acts)


_FRESH_ACTS = (Act("activate", "Llanowar Elves", "tap Llanowar Elves for {G}"),
               Act("activate", "Walking Ballista", "remove a counter from Walking Ballista to deal 1 damage",
                   ability=1),
               Act("block", "Llanowar Elves", "block with Llanowar Elves in this combat"),
               Act("block", "Walking Ballista", "block with Walking Ballista in this combat"),
               Act("activate", "Forest 4", "tap her untapped Forest for {G}"),
               Act("block", "Alice's Grizzly Bears", "block with her Grizzly Bears in this combat"))


def in_bobs_turn() -> Checklist:
    """Notebook 01's fourth worked example: Alice cast Llanowar Elves and Walking Ballista (X = 1)
    in her turn; in Bob's turn his Grizzly Bears attacks her and he passes priority to her. May
    she tap the Elves, ping with the Ballista, block with either?"""
    return Checklist(fresh_play(), "Alice", _FRESH_ACTS[:4], "which")


_HASTE_ACTS = {"Llanowar Elves": (Act("activate", "Llanowar Elves", "tap Llanowar Elves for {G}"),
                                  Act("attack", "Llanowar Elves", "attack with Llanowar Elves")),
               "Raging Goblin": (Act("attack", "Raging Goblin", "attack with Raging Goblin"),),
               "Grizzly Bears": (Act("attack", "Grizzly Bears", "attack with Grizzly Bears"),),
               "Fellwar Stone": (Act("activate", "Fellwar Stone", "tap Fellwar Stone for mana"),)}
_RETURNED_ACTS = (Act("activate", "Llanowar Elves", "tap Llanowar Elves for {G}"),
                  Act("attack", "Llanowar Elves", "attack with Llanowar Elves this turn"),
                  Act("activate", "Plains", "tap a Plains for {W}"))
# ----------------------------------------------------------------------- practice scenes
#: What casting each permanent a scene may cast takes: the land it taps, how many, and its X.
_CASTING: dict[str, tuple[str, int, int]] = {
    "Llanowar Elves": ("Forest", 1, 0), "Grizzly Bears": ("Forest", 2, 0),
    "Raging Goblin": ("Mountain", 1, 0), "Pili-Pala": ("Wastes", 2, 0), "Hangarback Walker": ("Wastes", 2, 1),
    "Walking Ballista": ("Wastes", 2, 1), "Order of Whiteclay": ("Plains", 3, 0),
    "Serra Angel": ("Plains", 5, 0), "Fellwar Stone": ("Wastes", 2, 0)}
#: What a question calls a permanent (the card's name, unless a shorter one reads better).
_SHORT = {"Llanowar Elves": "the Elves", "Grizzly Bears": "the Bears", "Raging Goblin": "the Goblin"}
_HIS = {"Alice": "her", "Bob": "his"}
_HOW_MANY = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


def _lands_words(land: str, n: int) -> str:
    return f"{_HOW_MANY[n]} {land if n == 1 or land in ('Plains', 'Wastes') else land + 's'}"


class _Scene:
    """A practice scenario being put together: its pieces (each with its own label), its steps,
    and the things it may ask about."""

    def __init__(self) -> None:
        self.pieces: list[Piece] = []
        self.steps: list[Step] = []
        self.acts: list[Act] = []
        self._made: dict[tuple[str, str], int] = {}

    def put(self, card: str, player: str = "Alice", zone: PieceZone = "battlefield", *,
            arrived: Arrived = "last turn", tapped: bool = False) -> str:
        """A piece of the set-up; its label."""
        n = self._made[(player, card)] = self._made.get((player, card), 0) + 1
        label = f"{player}'s {card} #{n}"
        x = _CASTING.get(card, ("", 0, 0))[2]
        counters = (("+1/+1", x),) if x and zone == "battlefield" else None
        self.pieces.append(Piece(card, player, zone, label, tapped=tapped, arrived=arrived,
                                 counters=counters))
        return label

    def cast(self, card: str, player: str = "Alice") -> str:
        """``player`` taps lands (new ones, untapped) and casts ``card``; it resolves."""
        land, n, x = _CASTING[card]
        lands = tuple(self.put(land, player) for _ in range(n))
        label = self.put(card, player, "hand")
        said = f" with X = {x}" if x else ""
        self.steps += [Step("cast", f"{player} taps {_lands_words(land, n)} and casts {card}{said}; it "
                            f"resolves.", card=label, x=x, pay=lands), Step("resolve", "")]
        return label

    def abilities(self, card: str, label: str, who: str) -> None:
        """The things ``who`` may try with the permanent's activated abilities (paying a mana cost
        with lands of their own kept for it)."""
        name = _SHORT.get(card, card)
        if card == "Llanowar Elves":
            self.acts.append(Act("activate", label, f"tap {name} for {{G}}"))
        elif card == "Fellwar Stone":
            self.acts.append(Act("activate", label, "tap Fellwar Stone for mana"))
        elif card == "Walking Ballista":
            self.acts.append(Act("activate", label, "remove a counter from Walking Ballista to deal 1 damage",
                                 ability=1))
        elif card == "Pili-Pala":
            pay = self._spare("Wastes", 2, who)
            self.acts.append(Act("activate", label, "untap Pili-Pala for one mana (its {2}, {Q} ability, "
                                 "two Wastes paying the {2})", pay=pay))
        elif card == "Hangarback Walker":
            pay = self._spare("Wastes", 1, who)
            self.acts.append(Act("activate", label, "put a +1/+1 counter on Hangarback Walker (its {1}, {T} "
                                 "ability, a Wastes paying the {1})", pay=pay))
        elif card == "Order of Whiteclay":
            pay = self._spare("Plains", 3, who)
            if not any(p.zone == "graveyard" and p.player == who for p in self.pieces):
                self.put("Grizzly Bears", who, "graveyard")
            self.acts.append(Act("activate", label, f"return the Grizzly Bears in {_HIS[who]} graveyard with "
                                 "Order of Whiteclay (its {1}{W}{W}, {Q} ability, three Plains paying the "
                                 "mana)",
                                 pay=pay))

    def _spare(self, land: str, n: int, who: str) -> tuple[str, ...]:
        """``n`` untapped lands ``who`` keeps for abilities' costs (the same ones for every
        ability: each thing asked about is tried on its own)."""
        key = f"{who}'s spare {land}"
        have = [p.label for p in self.pieces if p.label.startswith(key)]
        for i in range(len(have), n):
            self.pieces.append(Piece(land, who, label=f"{key} #{i + 1}"))
            have.append(f"{key} #{i + 1}")
        return tuple(have[:n])

    def convoke(self, labels: Sequence[tuple[str, str]], who: str = "Alice", new: str = "") -> None:
        """Stoke the Flames (convoke) in ``who``'s hand, with three Mountains for the rest of its
        cost (one of them the land ``new``, if given): tap each creature of ``labels`` (card,
        label) for convoke."""
        spell = self.put("Stoke the Flames", who, "hand")
        pay = self._spare("Mountain", 2 if new else 3, who) + ((new,) if new else ())
        foe = "Bob" if who == "Alice" else "Alice"
        for card, label in labels:
            self.acts.append(Act("convoke", label, f"tap {_SHORT.get(card, card)} for convoke to help cast "
                                 f"Stoke the Flames at {foe}, three Mountains paying the rest",
                                 spell=spell, pay=pay))

    def play(self) -> Play:
        return Play(Setup(pieces=tuple(self.pieces)), tuple(self.steps))


#: Creatures a scene may give a player (from an earlier turn, or cast now).
_CREATURES = ("Llanowar Elves", "Grizzly Bears", "Raging Goblin", "Pili-Pala", "Hangarback Walker",
              "Walking Ballista", "Order of Whiteclay", "Serra Angel")


def _hysteria(scene: _Scene, rng: random.Random) -> None:
    who = rng.choice(["", "", "Alice", "Bob"])
    if who:
        scene.put("Mass Hysteria", who)


#: The moment a scenario question asks about, each said a few ways (a question picks one).
_MOMENTS: dict[str, tuple[str, ...]] = {
    "main": ("It is Alice's precombat main phase", "Alice is in her precombat main phase and holds priority",
             "Before combat, Alice holds priority in her main phase"),
    "his upkeep": ("It is Bob's upkeep, and Alice has priority",
                   "Bob has passed priority to Alice in his upkeep", "In Bob's upkeep, Alice holds priority"),
    "defend": ("Bob's {attacker} is attacking Alice, and she has priority in his declare attackers step",
               "In Bob's declare attackers step, with his {attacker} attacking her, Alice has priority",
               "Bob has attacked Alice with his {attacker}; she now holds priority in his declare attackers "
               "step"),
    "attack": ("Alice has declared her attackers and has priority in her declare attackers step",
               "Alice's attackers are declared; she holds priority in her declare attackers step",
               "In her declare attackers step, after attacking, Alice has priority"),
    "returned upkeep": ("It is Bob's upkeep, and he has priority",
                        "Bob's turn has begun; he holds priority in his upkeep"),
    "returned main1": ("It is Bob's precombat main phase",
                       "Bob is in his precombat main phase, holding priority"),
    "convoke": ("It is Alice's precombat main phase, after she played a land and cast a creature",
                "Alice has played her land and cast a creature this turn; she holds priority in her main "
                "phase"),
}


def _scene_main(rng: random.Random) -> tuple[_Scene, str, tuple[str, ...]]:
    """In her precombat main phase Alice casts one or two permanents; she may have one from an
    earlier turn, and a Mass Hysteria may be on either side. What may she do before combat?"""
    scene = _Scene()
    chosen = rng.sample([*_CREATURES, "Fellwar Stone"], rng.randint(2, 3))
    old = chosen[:rng.randint(0, 1)]
    labels = [(c, scene.put(c)) for c in old]
    _hysteria(scene, rng)
    labels += [(c, scene.cast(c)) for c in chosen[len(old):]]
    for card, label in labels:
        scene.abilities(card, label, "Alice")
        if card != "Fellwar Stone":
            scene.acts.append(Act("attack", label, f"attack with {_SHORT.get(card, card)} this turn"))
    return scene, "Alice", _MOMENTS["main"]


def _scene_defend(rng: random.Random) -> tuple[_Scene, str, tuple[str, ...]]:
    """Alice casts one or two creatures in her turn (she may have one from before); in Bob's turn
    he attacks her (or, in his upkeep, passes priority to her). What may she do?"""
    scene = _Scene()
    chosen = rng.sample(_CREATURES, rng.randint(2, 3))
    old = chosen[:rng.randint(0, 1)]
    labels = [(c, scene.put(c)) for c in old]
    attacker = rng.choice(["Grizzly Bears", "Hill Giant", "Craw Wurm"])
    bobs = scene.put(attacker, "Bob")
    _hysteria(scene, rng)
    labels += [(c, scene.cast(c)) for c in chosen[len(old):]]
    for card, label in labels:
        scene.abilities(card, label, "Alice")
    if rng.random() < 0.3:
        scene.convoke(labels[-1:])
    if rng.random() < 0.35:
        scene.steps.append(Step("next_turn", "Alice's turn ends. Bob's turn begins; in his upkeep he passes "
                                "priority to Alice.", to="upkeep"))
        scene.steps.append(Step("pass", "", player="Bob"))
        return scene, "Alice", _MOMENTS["his upkeep"]
    for card, label in labels:
        scene.acts.append(Act("block", label, f"block Bob's {attacker} with {_SHORT.get(card, card)}"))
    scene.steps += [Step("next_turn", "", to="beginning_of_combat"),
                    Step("attack", f"Alice's turn ends. In Bob's turn, Bob attacks Alice with his "
                         f"{attacker}.",
                         attackers=(bobs,), defender="Alice"),
                    Step("pass", "Bob passes priority to Alice in the declare attackers step.", player="Bob")]
    return scene, "Alice", tuple(m.format(attacker=attacker) for m in _MOMENTS["defend"])


def _scene_attack(rng: random.Random) -> tuple[_Scene, str, tuple[str, ...]]:
    """Alice attacks Bob with creatures she has had since her last turn (Serra Angel has
    vigilance); in her declare attackers step she has priority. What may she still do with
    them (an attacker is tapped, unless it has vigilance, CR 508.1f, 702.20b)?"""
    scene = _Scene()
    pool = ["Llanowar Elves", "Serra Angel", "Pili-Pala", "Order of Whiteclay", "Hangarback Walker",
            "Grizzly Bears", "Walking Ballista"]
    chosen = rng.sample(pool, rng.randint(2, 3))
    if "Serra Angel" not in chosen and rng.random() < 0.5:
        chosen[0] = "Serra Angel"
    labels = [(c, scene.put(c)) for c in chosen]
    able = list(labels)
    if rng.random() < 0.5:  # and one she casts now: it attacks only with haste
        new = rng.choice([c for c in ("Llanowar Elves", "Raging Goblin", "Grizzly Bears", "Pili-Pala")
                          if c not in chosen])
        hysteria = rng.choice(["", "Alice", "Bob"])
        if hysteria:
            scene.put("Mass Hysteria", hysteria)
        labels.append((new, scene.cast(new)))
        if hysteria or new == "Raging Goblin":
            able.append(labels[-1])
    attacking = rng.sample(able, rng.randint(1, len(able)))
    attacking.sort(key=labels.index)
    for card, label in labels:
        scene.abilities(card, label, "Alice")
    scene.convoke(labels)
    names = one_of([_SHORT.get(c, c) for c, _ in attacking], last="and")
    scene.steps += [Step("advance", "", to="beginning_of_combat"),
                    Step("attack", f"Alice attacks Bob with {names}.",
                         attackers=tuple(lb for _, lb in attacking),
                         defender="Bob")]
    return scene, "Alice", _MOMENTS["attack"]


def _scene_returned(rng: random.Random) -> tuple[_Scene, str, tuple[str, ...]]:
    """In Alice's end step Bob returns a creature card with Order of Whiteclay; his turn begins
    and he has priority in his upkeep (or his precombat main phase). What may he do?"""
    scene = _Scene()
    order = scene.put("Order of Whiteclay", "Bob", tapped=True)
    plains = tuple(scene.put("Plains", "Bob") for _ in range(3))
    card = rng.choice(["Llanowar Elves", "Grizzly Bears", "Raging Goblin", "Pili-Pala"])
    back = scene.put(card, "Bob", "graveyard")
    name = _SHORT.get(card, card)
    if rng.random() < 0.5:
        _hysteria(scene, rng)
    to = rng.choice(["upkeep", "main1"])
    moment = _MOMENTS["returned " + to]
    said = "he holds priority in his upkeep" if to == "upkeep" else "he is in his precombat main phase"
    scene.steps += [Step("advance", "", to="end"), Step("pass", "", player="Alice"),
                    Step("activate", f"In Alice's end step, after she passes priority, Bob taps three "
                         f"Plains and activates Order of Whiteclay ({{1}}{{W}}{{W}}, {{Q}}) targeting {card} "
                         f"in his "
                         f"graveyard; it resolves.", card=order, target=back, pay=plains),
                    Step("resolve", ""),
                    Step("next_turn", f"Bob's turn begins; {said}.", to=to)]
    scene.abilities(card, back, "Bob")
    scene.acts += [Act("attack", back, f"attack with {name} this turn"),
                   Act("activate", plains[0], "tap a Plains for {W}")]
    return scene, "Bob", moment


def _scene_convoke(rng: random.Random) -> tuple[_Scene, str, tuple[str, ...]]:
    """In her precombat main phase Alice plays a Mountain and casts a creature; Stoke the Flames
    (convoke) is in her hand. May she tap the new creature (or an older one) for convoke, tap it
    for mana, attack with it?"""
    scene = _Scene()
    old = rng.choice(["", "Grizzly Bears", "Serra Angel", "Llanowar Elves"])
    labels = [(old, scene.put(old))] if old else []
    _hysteria(scene, rng)
    mountain = scene.put("Mountain", zone="hand")
    scene.steps.append(Step("play_land", "Alice plays a Mountain (her land for the turn).", card=mountain))
    new = rng.choice([c for c in ("Llanowar Elves", "Grizzly Bears", "Raging Goblin", "Pili-Pala")
                      if c != old])
    labels.append((new, scene.cast(new)))
    scene.convoke(labels, new=mountain)
    for card, label in labels:
        scene.abilities(card, label, "Alice")
        scene.acts.append(Act("attack", label, f"attack with {_SHORT.get(card, card)} this turn"))
    return scene, "Alice", _MOMENTS["convoke"]


_STOLEN_WHEN: dict[StolenWhen, tuple[str, ...]] = {
    "now": ("Alice is still in her precombat main phase",
            "Right after the spell resolves, Alice holds priority in her main phase"),
    "his turn": tuple(m.format(attacker="Grizzly Bears") for m in _MOMENTS["defend"]),
    "her next turn": ("It is Alice's next turn, her precombat main phase",
                      "Alice's next turn has begun; she is in her precombat main phase")}


def _scene_stolen(rng: random.Random) -> tuple[Play, list[Act], str, tuple[str, ...]]:
    card = rng.choice(["Llanowar Elves", "Llanowar Elves", "Grizzly Bears", "Pili-Pala", "Serra Angel",
                       "Order of Whiteclay"])
    spell = rng.choice(["Mind Control", "Mind Control", "Act of Treason"])
    when: StolenWhen = ("now" if spell == "Act of Treason"
                        else rng.choice(["now", "his turn", "her next turn"]))
    return (stolen_play(card, spell, when), list(_stolen_acts(card, when, spell)), "Alice",
            _STOLEN_WHEN[when])


_CHECK_STEMS = {
    "which": ("{moment}. Which of these may {who} do now, each considered on its own (one may rule out "
              "another)?",
              "{moment}. Taking each one on its own, which of these could {who} do right now?",
              "{moment}. Considering each thing separately, which of these do the rules let {who} do now?",
              "{moment}. Looking at each option by itself, which of these are legal for {who} right now?",
              "{moment}. Each on its own (not one after another), which of these is {who} allowed to do "
              "at this point?",
              "{moment}. Which of the following could {who} legally do next (each option separately)?"),
    "how many": ("{moment}. How many of these may {who} do now, each considered on its own: {acts}?",
                 "{moment}. Counting each one on its own, how many of these things can {who} do at this "
                 "moment: {acts}?",
                 "{moment}. Tried one at a time, how many of these would the rules allow {who} to do now: "
                 "{acts}?"),
    "yes or no": ("{moment}. May {who} {act} now?", "{moment}. Can {who} {act} at this moment?"),
}


def _scene(rng: random.Random) -> tuple[Play, list[Act], str, tuple[str, ...]]:
    """A practice scenario: its play, the things it may ask about, who, and the moment in words."""
    kind = rng.choice(["main", "main", "defend", "defend", "attack", "attack", "returned", "stolen",
                       "stolen", "convoke"])
    if kind == "stolen":
        return _scene_stolen(rng)
    scene, who, moment = {"main": _scene_main, "defend": _scene_defend, "attack": _scene_attack,
                          "returned": _scene_returned, "convoke": _scene_convoke}[kind](rng)
    return scene.play(), scene.acts, who, moment


def _checklist_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    play, pool, who, moment = _scene(rng)
    if not pool:
        return None  # nothing to ask about (creatures with no ability in a turn they can't attack)
    if level == "easy" and rng.random() < 0.35:
        ask: Literal["which", "how many", "yes or no"] = "yes or no"
        acts: tuple[Act, ...] = (rng.choice(pool),)
    else:
        n = min(len(pool), rng.randint(2, 3) if level == "easy" else 4)
        if n < 2:
            return None
        acts = tuple(rng.sample(pool, n))
        ask = "how many" if rng.random() < 0.3 else "which"
    s = Checklist(play, who, acts, ask)
    asks = tuple(a.format(moment=m, who=who, act=acts[0].says, acts="; ".join(x.says for x in acts))
                 for m in moment for a in _CHECK_STEMS[ask])
    if ask == "which":
        asks = tuple(f"{a} ({'; '.join(x.says for x in acts)})" for a in asks)
    cited = dict.fromkeys(r for _, _, why in s.worked() for r in why.rules)
    return s, Stem(asks, functools.partial(_checklist_claim, who, acts, ask, moment[0]),
                   "CR " + ", ".join(cited))


def _checklist_claim(who: str, acts: tuple[Act, ...], ask: str, moment: str, v: str) -> str:
    """A checklist answer as a statement that names what it is about (the moment, the things
    asked about, and the question), so a true/false or which-rule stem can be decided as written."""
    listed = "; ".join(a.says for a in acts)
    if ask == "yes or no":
        when = "" if acts[0].says.endswith(("this turn", "this combat")) else " now"
        return f"{moment}: {who} may {'' if v == 'yes' else 'not '}{acts[0].says}{when}."
    if ask == "how many":
        return f"{moment}: of these things ({listed}), each considered on its own, {who} may do exactly {v}."
    if v == "none of them":
        return f"{moment}: of these things ({listed}), each considered on its own, {who} may do none."
    return (f"{moment}: of these things ({listed}), each considered on its own, {who} may do exactly the "
            f"following: {v}.")


MISCONCEPTIONS: tuple[Misconception, ...] = (
    Misconception(
        name=Mistake.SICKNESS_STOPS_NONCREATURES,
        topic="tap-untap",
        title="summoning sickness for artifacts and lands",
        description="Anything that arrived this turn can't use its {T} ability yet, artifacts and lands too.",
        rule="302.6",
        rule_says="Summoning sickness is about creatures only: a creature's {T}/{Q} abilities wait until "
                  "its controller has controlled it since their turn began. A noncreature artifact or a "
                  "noncreature land can use {T} at once (a land that is also a creature can't).",
        plugs_in="variant",
        example=Activation((ActivationCase("Fellwar Stone", "this turn", False),)),
        ask="Can Alice activate it now?",
    ),
    Misconception(
        name=Mistake.SICKNESS_SPARES_UNTAP_SYMBOL,
        topic="tap-untap",
        title="summoning sickness only stops {T}",
        description="A creature that arrived this turn can still use an ability with {Q} in its cost.",
        rule="302.6",
        rule_says="Summoning sickness stops a creature's abilities with {T} *or* {Q} in the cost (unless it "
                  "has haste).",
        plugs_in="variant",
        example=Activation((ActivationCase("Order of Whiteclay", "this turn", True),)),
        ask="Can Alice activate it now?",
    ),
    Misconception(
        name=Mistake.UNTAP_SYMBOL_NEEDS_UNTAPPED,
        topic="tap-untap",
        title="{Q} works like {T}",
        description="An ability with {Q} in its cost needs the permanent untapped, like {T}.",
        rule="107.6",
        rule_says="{Q} means 'untap this permanent', so it can be paid only by a tapped permanent; an "
                  "untapped one can't pay it.",
        plugs_in="variant",
        example=Activation((ActivationCase("Pili-Pala", "last turn", False),)),
        ask="Can Alice activate it now?",
    ),
    Misconception(
        name=Mistake.MANA_ABILITIES_DODGE_SICKNESS,
        topic="tap-untap",
        title="mana abilities ignore summoning sickness",
        description="Mana abilities don't use the stack, so a creature that arrived this turn can tap for "
                    "mana.",
        rule="302.6",
        rule_says="Summoning sickness stops every ability of a creature with {T} or {Q} in its cost, mana "
                  "abilities included.",
        plugs_in="variant",
        example=Activation((ActivationCase("Llanowar Elves", "this turn", False),)),
        ask="Can Alice activate it now?",
    ),
    Misconception(
        name=Mistake.SICKNESS_ONLY_STOPS_ATTACKING,
        topic="tap-untap",
        title="summoning sickness only stops attacks",
        description="A creature that arrived this turn can't attack, but it can use all its abilities.",
        rule="302.6",
        rule_says="The summoning sickness rule stops two things until the creature has been under its "
                  "controller's control since their turn began: attacking, and abilities with {T} or {Q} in "
                  "their cost.",
        plugs_in="variant",
        example=Activation((ActivationCase("Hangarback Walker", "this turn", False),)),
        ask="Can Alice activate it now?",
    ),
    Misconception(
        name=Mistake.SICKNESS_ENDS_AT_END_OF_TURN,
        topic="tap-untap",
        title="summoning sickness wears off when the turn ends",
        description="A creature is summoning sick for the turn it arrived; once that turn is over, even in "
                    "an opponent's turn, it may tap.",
        rule="302.6",
        rule_says="The creature's controller must have controlled it continuously since their own most "
                  "recent turn began: Llanowar Elves cast in Alice's turn are still sick in Bob's turn, "
                  "until Alice's next turn begins.",
        plugs_in="variant",
        example=Checklist(fresh_play(ballista=False), "Alice", _FRESH_ACTS[:1], "yes or no"),
        ask="May Alice tap the Elves for {G} in Bob's turn?",
    ),
    Misconception(
        name=Mistake.SICKNESS_STOPS_ALL_ACTIVATED_ABILITIES,
        topic="tap-untap",
        title="summoning sickness stops every activated ability",
        description="A creature that has just arrived can't use any of its activated abilities.",
        rule="302.6",
        rule_says="Summoning sickness stops only the abilities with {T} or {Q} in their cost (and "
                  "attacking): Walking Ballista cast this turn can remove a counter to deal damage at once.",
        plugs_in="variant",
        example=Activation((ActivationCase("Walking Ballista", "this turn", False, 1),)),
        ask="Can Alice activate it now?",
    ),
    Misconception(
        name=Mistake.SICKNESS_STOPS_BLOCKING,
        topic="tap-untap",
        title="a summoning-sick creature can't block",
        description="A creature that arrived since its controller's turn began can't block.",
        rule="509.1a",
        rule_says="Summoning sickness stops attacking and {T}/{Q} abilities (CR 302.6), nothing else: any "
                  "untapped creature the defending player controls can block.",
        plugs_in="variant",
        example=Checklist(fresh_play(ballista=False), "Alice", (_FRESH_ACTS[2],), "yes or no"),
        ask="May Alice block with the Elves in Bob's turn?",
    ),
    Misconception(
        name=Mistake.HASTE_ONLY_HELPS_ATTACKING,
        topic="tap-untap",
        title="haste lets a creature attack, not tap",
        description="Haste lets a creature attack the turn it arrives, but its {T} abilities still have to "
                    "wait.",
        rule="702.10c",
        rule_says="Haste switches off both halves of summoning sickness: the creature can attack (CR "
                  "702.10b) and use abilities with {T} or {Q} in their cost at once.",
        plugs_in="variant",
        example=Checklist(haste_play(["Llanowar Elves"], hysteria="Alice"), "Alice",
                          _HASTE_ACTS["Llanowar Elves"][:1], "yes or no"),
        ask="May Alice tap the Elves for {G} now?",
    ),
    Misconception(
        name=Mistake.SYMMETRIC_EFFECTS_HELP_ONLY_THEIR_CONTROLLER,
        topic="tap-untap",
        title="an opponent's card helps only its controller",
        description="Bob's Mass Hysteria gives haste only to Bob's creatures, and Bob's Heartbeat of Spring "
                    "or Contamination touches only Bob's lands: an opponent's card works only for its "
                    "controller.",
        rule="702.10c",
        rule_says="A card does what its words say: 'All creatures have haste' means every creature, Alice's "
                  "too, whoever controls Mass Hysteria.",
        plugs_in="variant",
        example=Checklist(haste_play(["Llanowar Elves"], hysteria="Bob"), "Alice",
                          _HASTE_ACTS["Llanowar Elves"][:1], "yes or no"),
        ask="May Alice tap the Elves for {G} now?",
    ),
    Misconception(
        name=Mistake.ABILITIES_ONLY_ON_YOUR_TURN,
        topic="tap-untap",
        title="abilities only in your own turn",
        description="Activated abilities (other than mana abilities) can be activated only in your own "
                    "turn, like sorceries.",
        rule="117.1b",
        rule_says="A player may activate an activated ability whenever they have priority, in any player's "
                  "turn, unless the ability itself says otherwise.",
        plugs_in="variant",
        example=Checklist(fresh_play(), "Alice", (_FRESH_ACTS[1],), "yes or no"),
        ask="May Alice remove a counter from Walking Ballista in Bob's turn?",
    ),
    Misconception(
        name=Mistake.MOST_RECENT_TURN_IS_THE_PREVIOUS_ONE,
        topic="tap-untap",
        title="'most recent turn' is your last finished turn",
        description="302.6's 'since their most recent turn began' means the start of the player's previous "
                    "turn, so a creature that arrived in the opponent's turn is still sick in the turn that "
                    "follows.",
        rule="302.6",
        rule_says="For a player who is taking a turn, their most recent turn is the current one: a creature "
                  "that has been theirs since before it began may tap and attack.",
        plugs_in="variant",
        example=Checklist(returned_play(), "Bob", _RETURNED_ACTS[:1], "yes or no"),
        ask="May Bob tap the Elves for {G} in his upkeep?",
    ),
    Misconception(
        name=Mistake.CONTROL_CHANGE_DOESNT_RESET_SICKNESS,
        topic="tap-untap",
        title="a stolen creature is ready if it was on the battlefield",
        description="Summoning sickness is about how long the creature has been on the battlefield, so a "
                    "creature taken from an opponent can tap or attack at once.",
        rule="302.6",
        rule_says="CR 302.6 counts continuous control by the creature's current controller since their most "
                  "recent turn began, not time on the battlefield: gaining control of it starts the count "
                  "again, so Elves taken with Mind Control can't tap or attack until their new controller's "
                  "next turn begins, unless they have haste.",
        plugs_in="variant",
        example=Checklist(stolen_play(), "Alice", _stolen_acts("Llanowar Elves", "now")[:1], "yes or no"),
        ask="May Alice tap the Elves she took with Mind Control for {G} now?",
    ),
    Misconception(
        name=Mistake.OWNER_IS_THE_CONTROLLER,
        topic="tap-untap",
        title="only a permanent's owner may use it",
        description="A creature taken from an opponent still belongs to them, so only they can tap it, "
                    "attack or block with it.",
        rule="602.2",
        rule_says="A permanent's abilities are activated by its controller, who also attacks and blocks "
                  "with it; its owner may be someone else (CR 110.2). Alice controls the Elves she took "
                  "with Mind Control, and from her next turn on she may tap them.",
        plugs_in="variant",
        example=Checklist(stolen_play(when="her next turn"), "Alice",
                          _stolen_acts("Llanowar Elves", "her next turn")[:1], "yes or no"),
        ask="May Alice tap the Elves she took with Mind Control for {G} now?",
    ),
    Misconception(
        name=Mistake.SICK_CREATURES_CANT_CONVOKE,
        topic="tap-untap",
        title="a summoning-sick creature can't convoke",
        description="Summoning sickness stops a creature from being tapped for anything, so Llanowar Elves "
                    "cast this turn can't be tapped to help cast a spell with convoke.",
        rule="702.51a",
        rule_says="Convoke taps creatures as part of paying a spell's total cost; that isn't an ability of "
                  "the creature with {T} in its cost, so summoning sickness (CR 302.6) doesn't stop it: "
                  "Elves cast this turn may convoke.",
        plugs_in="variant",
        example=Checklist(convoke_play(), "Alice", _CONVOKE_ACTS[2:3], "yes or no"),
        ask="May Alice tap the Elves for convoke now?",
    ),
    Misconception(
        name=Mistake.ATTACKING_DOESNT_TAP,
        topic="tap-untap",
        title="attacking leaves a creature untapped",
        description="Declaring a creature as an attacker doesn't tap it, so Llanowar Elves that attack can "
                    "still tap for {G} during combat.",
        rule="508.1f",
        rule_says="Declaring attackers taps each attacking creature, unless it has vigilance (CR 702.20b): "
                  "attacking Elves are tapped and can't pay {T} again, while an attacking Serra Angel stays "
                  "untapped.",
        plugs_in="variant",
        example=Checklist(attack_play(), "Alice",
                          (Act("activate", "Alice's Llanowar Elves #1", "tap the Elves for {G}"),),
                          "yes or no"),
        ask="May Alice tap the Elves for {G} in her declare attackers step?",
    ),
)


# ----------------------------------------------------------------------------- practice
#: (card, ability index) pairs the {T}/{Q} questions use: every one an activated ability (Raging
#: Goblin has none, and is asked about in attacks instead).
_ACT_ABILITIES = (("Llanowar Elves", 0), ("Order of Whiteclay", 0), ("Pili-Pala", 0), ("Fellwar Stone", 0),
                  ("Hangarback Walker", 0), ("Forest", 0), ("Vivid Crag", 0), ("Vivid Crag", 1),
                  ("Mana Confluence", 0), ("Mystic Gate", 1), ("Gaea's Cradle", 0), ("Meteor Crater", 0),
                  ("Reflecting Pool", 0), ("Underground Sea", 0), ("Walking Ballista", 1), ("Food", 0),
                  ("Exotic Orchard", 0), ("Wastes", 0), ("Island", 0), ("Mystic Gate", 0))


def _case(rng: random.Random) -> ActivationCase:
    card, ability = rng.choice(_ACT_ABILITIES)
    arrived = rng.choice(_ARRIVALS)
    # A permanent that enters tapped (Vivid Crag) is tapped the turn it arrives.
    enters_tapped = any(isinstance(a, EntersTapped) for a in lookup(card).abilities)
    tapped = rng.random() < 0.5 or (arrived == "this turn" and enters_tapped)
    return ActivationCase(card, arrived, tapped, ability)


def _ability(case: ActivationCase) -> str:
    return f"“{lookup(case.card).activated[case.ability].text}”"


def _activation_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    if level == "easy":
        case = _case(rng)
        s = Activation((case,))
        return s, Stem(
            (f"It is Alice's main phase. {ACTIVATION_RESOURCES}. Can she activate this ability of her "
             f"{case.card} now: {_ability(case)}?",
             f"In her main phase, can Alice activate {possessive(case.card)} ability {_ability(case)}? "
             f"{ACTIVATION_RESOURCES}."),
            lambda v: f"Alice {'can' if v == 'yes' else 'cannot'} activate this ability of her {case.card} "
                      f"now: {_ability(case)}.", "CR 107.5, 107.6, 302.6")
    cases = [_case(rng) for _ in range(rng.randint(3, 4))]
    if len({c.card for c in cases}) < len(cases):
        return None  # one permanent of each name, so the answers can name them
    s = Activation(tuple(cases), "which")
    n = len(cases)
    return s, Stem(
        (f"Alice looks at these {n} permanents in her main phase. Which of them could she activate "
         f"right now (each one's first activated ability, unless another is quoted)?",
         f"Which of these {n} permanents' abilities (the first activated one, unless another is "
         f"quoted) can Alice activate in her main phase?",
         f"In her main phase Alice wonders which of her {n} permanents she can use. Which abilities "
         f"(each one's first activated ability, unless another is quoted) may she activate now?",
         f"Alice holds priority in her main phase. Of these {n} permanents, whose ability (the first "
         f"activated one, unless another is quoted) could she activate at this moment?"),
        lambda v: f"of these {n} permanents, Alice can activate exactly: {v}.",
        "CR 107.5, 107.6, 302.6")


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``: mostly scenarios (Alice casts creatures, maybe with a
    Mass Hysteria, and the turn may pass to Bob; she attacks, maybe with a vigilant Serra Angel;
    Bob returns a creature card in Alice's end step; a creature is stolen; convoke),
    asking which of several things a player may do now, how many, or whether one; the rest ask
    whether Alice can activate one permanent's ability in her main phase (easy) or which of three
    or four she can (hard)."""
    if rng.random() < (0.35 if level == "easy" else 0.2):
        return _activation_question(rng, level)
    return _checklist_question(rng, level)


#: The notebooks that teach this topic, with their exercises (the course lists them by stem).
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        stem="01-tap-and-untap",
        title="{T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6)",
        summary="{T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6, 702.10)",
        exercises=(
            Exercise(number=1, check=check_activation_answers, answers=("answers1",), setup=("cases1",)),
            Exercise(number=2, check=check_activation_answers, answers=("answers2",), setup=("cases2",)),
        ),
    ),
)

TOPIC = Topic(
    name="tap-untap",
    title="{T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6, 702.10)",
    lessons=LESSONS,
    situations=(Activation, Checklist),
    misconceptions=MISCONCEPTIONS,
    generate=generate,
)

__all__ = ["ACTIVATION_RESOURCES", "ACTIVATION_SETUP", "ATTACK_SETUP", "TAP_CARDS", "TOPIC", "Act",
           "Activation", "ActivationCase", "ActivationWith", "AttackCase", "AttackWith", "Checklist",
           "Mistake", "activates", "activation", "check_activation_answers", "engine_verdict",
           "fresh_play", "generate", "haste_play", "in_bobs_turn", "permits", "returned_play"]
