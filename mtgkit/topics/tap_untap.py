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

import functools
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from ..cards import card as lookup
from ..errors import CostError, RulesError, SummoningSicknessError, TapSymbolError, UntapSymbolError
from ..events import AttackDeclared, Tapped, Untapped
from ..game import Game
from ..grading import Report, grade_answers, one_of, plural, read_bool
from ..teaching import LIBRARY, Arrived, Attempt, Grader, Reason, yes_no
from .base import Level, Misconception, MisconceptionName, Situation, Stem, Topic, TopicName, misconceived

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


@dataclass(frozen=True)
class ActivationCase:
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

    def game(self) -> tuple[Game, int]:
        """A fresh game in Alice's main phase with the permanent set up (a 0/0 creature such as
        Hangarback Walker with one +1/+1 counter, so it lives), a Grizzly Bears in her graveyard
        (something to return) and {W}{W}{W} in her pool."""
        g = Game(["Alice", "Bob"], library=LIBRARY)
        counters = {"+1/+1": 1} if lookup(self.card).toughness == 0 else None
        ref = g.put_onto_battlefield(self.card, "Alice", tapped=self.tapped, counters=counters,
                                     arrived=self.arrived)
        g.put_in_graveyard("Grizzly Bears", "Alice")
        for _ in range(3):
            g.activate(g.put_onto_battlefield("Plains", "Alice"))
        for name in self.also:
            g.put_onto_battlefield(name, "Alice")
        return g, ref

    def attempt(self) -> Attempt:
        """Alice tries to activate the ability: whether she could, why (the rule the engine refused
        with, or the rule of the event that paid the {T}/{Q}), the game afterwards and the events."""
        g, ref = self.game()
        o = g.obj(ref)
        abilities = o.card.activated
        if not 0 <= self.ability < len(abilities):
            haste = (" Its haste lets it attack the turn it arrives (CR 702.10b), but that isn't an "
                     "activated ability." if g.has_haste(o) else "")
            which = "no activated ability" if not abilities else f"only {len(abilities)} activated abilities"
            return Attempt(False, Reason(f"No: {o.name} has {which}, so there is nothing to activate "
                                         f"(CR 602.1).{haste}", ("602.1",)), g)
        ab = abilities[self.ability]
        target = next((c.id for c in g.zone("Alice", "graveyard")), None) if ab.targets else None
        try:
            events = g.activate(ref, self.ability, target=target)
        except RulesError as err:
            return Attempt(False, _activation_reason(o.name, o.controller, err), g)
        paid = next((e for e in events if isinstance(e, Tapped | Untapped)), None)
        bits, rules = [], []
        if ab.cost.tap:
            bits.append(f"{o.name} is untapped, so it can pay {{T}} (CR 107.5)")
            rules.append("107.5")
        if ab.cost.untap:
            bits.append(f"{o.name} is tapped, so it can pay {{Q}} (CR 107.6)")
            rules.append("107.6")
        if o.is_a("Creature") and paid is not None:
            let = paid.rules[1:]  # the rule the engine let it pay by: 302.6, or haste's 702.10c
            bits.append(("Alice has controlled it since her turn began" if g.controlled_since_turn_began(o.id)
                         else "it hasn't been Alice's since her turn began, but it has haste, so "
                         "summoning sickness doesn't stop it") + f" (CR {', '.join(let)})")
            rules.extend(let)
        # (Below, 302.6 is named as the rule that doesn't apply, not as a rule the engine acted
        # on, so it isn't among the reason's rules: those are the events'.)
        elif ab.cost.tap or ab.cost.untap:
            bits.append("it isn't a creature, so the summoning sickness rule doesn't apply to it "
                        "(CR 302.6)")
        else:
            bits.append("its cost has no {T} or {Q}, so neither tapping nor summoning sickness "
                        f"matters (CR 302.6); {events[0].text} (CR {', '.join(events[0].rules)})")
            rules.extend(events[0].rules)
        seq = paid.seq if paid is not None else events[0].seq
        return Attempt(True, Reason("Yes: " + "; ".join(bits) + ".", tuple(rules), seq), g, events)

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


@dataclass(frozen=True)
class AttackCase:
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
        try:
            events = g.attack([ref])
        except RulesError as err:
            return Attempt(False, _attack_reason(o.name, err), g)
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


# ----------------------------------------------------------------------- practice boards, and their model
class Activation(Situation):
    """'Can Alice activate this ability now?' (one case) or 'how many of these can she?'"""

    topic: ClassVar[TopicName] = "tap-untap"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = tuple(Mistake)
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
        return (self.answer_of([believed_activation(c, held) for c in self.cases]),)


@functools.lru_cache(maxsize=4096)
def activation(case: ActivationCase) -> tuple[bool, str]:
    can, why = case.reason()
    return can, why.text


def believed_activation(case: ActivationCase, held: frozenset[str]) -> bool:
    """Can Alice activate it, as a learner holding ``held`` thinks."""
    defn = lookup(case.card)
    if not 0 <= case.ability < len(defn.activated):
        return activation(case)[0]
    ab = defn.activated[case.ability]
    creature, haste = defn.is_a("Creature"), "haste" in defn.keywords
    sick = case.arrived == "this turn"
    symbol = ab.cost.tap or ab.cost.untap
    if Mistake.SICKNESS_STOPS_NONCREATURES in held and not creature and symbol and sick:
        return False
    if Mistake.UNTAP_SYMBOL_NEEDS_UNTAPPED in held and ab.cost.untap and not ab.cost.tap:
        case = ActivationCase(case.card, case.arrived, not case.tapped, case.ability)
    if creature and not haste and sick and (
            (Mistake.MANA_ABILITIES_DODGE_SICKNESS in held and ab.is_mana_ability and symbol)
            or (Mistake.SICKNESS_ONLY_STOPS_ATTACKING in held and symbol)
            or (Mistake.SICKNESS_SPARES_UNTAP_SYMBOL in held and ab.cost.untap and not ab.cost.tap)):
        case = ActivationCase(case.card, "last turn", case.tapped, case.ability)
    return activation(case)[0]


MISCONCEPTIONS: tuple[Misconception, ...] = (
    Misconception(
        Mistake.SICKNESS_STOPS_NONCREATURES, "tap-untap",
        "summoning sickness for artifacts and lands",
        "Anything that arrived this turn can't use its {T} ability yet, artifacts and lands too.",
        "302.6", "Summoning sickness is about creatures only: a creature's {T}/{Q} abilities wait "
        "until its controller has controlled it since their turn began. A noncreature artifact or a "
        "noncreature land can use {T} at once (a land that is also a creature can't).",
        "inputs", Activation((ActivationCase("Fellwar Stone", "this turn", False),)),
        "Can Alice activate it now?"),
    Misconception(
        Mistake.SICKNESS_SPARES_UNTAP_SYMBOL, "tap-untap",
        "summoning sickness only stops {T}",
        "A creature that arrived this turn can still use an ability with {Q} in its cost.",
        "302.6", "Summoning sickness stops a creature's abilities with {T} *or* {Q} in the cost "
        "(unless it has haste).",
        "inputs", Activation((ActivationCase("Order of Whiteclay", "this turn", True),)),
        "Can Alice activate it now?"),
    Misconception(
        Mistake.UNTAP_SYMBOL_NEEDS_UNTAPPED, "tap-untap",
        "{Q} works like {T}",
        "An ability with {Q} in its cost needs the permanent untapped, like {T}.",
        "107.6", "{Q} means 'untap this permanent', so it can be paid only by a tapped permanent; an "
        "untapped one can't pay it.",
        "inputs", Activation((ActivationCase("Pili-Pala", "last turn", False),)),
        "Can Alice activate it now?"),
    Misconception(
        Mistake.MANA_ABILITIES_DODGE_SICKNESS, "tap-untap",
        "mana abilities ignore summoning sickness",
        "Mana abilities don't use the stack, so a creature that arrived this turn can tap for mana.",
        "302.6", "Summoning sickness stops every ability of a creature with {T} or {Q} in its cost, "
        "mana abilities included.",
        "inputs", Activation((ActivationCase("Llanowar Elves", "this turn", False),)),
        "Can Alice activate it now?"),
    Misconception(
        Mistake.SICKNESS_ONLY_STOPS_ATTACKING, "tap-untap",
        "summoning sickness only stops attacks",
        "A creature that arrived this turn can't attack, but it can use all its abilities.",
        "302.6", "The summoning sickness rule stops two things until the creature has been under "
        "its controller's control since their turn began: attacking, and abilities with {T} or "
        "{Q} in their cost.",
        "inputs", Activation((ActivationCase("Hangarback Walker", "this turn", False),)),
        "Can Alice activate it now?"),
)


# ----------------------------------------------------------------------------- practice
#: (card, ability index) pairs the {T}/{Q} questions use.
_ACT_ABILITIES = (("Llanowar Elves", 0), ("Order of Whiteclay", 0), ("Pili-Pala", 0), ("Fellwar Stone", 0),
                  ("Hangarback Walker", 0), ("Forest", 0), ("Vivid Crag", 0), ("Vivid Crag", 1),
                  ("Mana Confluence", 0), ("Mystic Gate", 1), ("Gaea's Cradle", 0), ("Meteor Crater", 0),
                  ("Reflecting Pool", 0), ("Underground Sea", 0), ("Raging Goblin", 0), ("Food", 0),
                  ("Exotic Orchard", 0), ("Wastes", 0), ("Island", 0), ("Mystic Gate", 0))


def _case(rng: random.Random) -> ActivationCase:
    card, ability = rng.choice(_ACT_ABILITIES)
    return ActivationCase(card, rng.choice(_ARRIVALS), rng.random() < 0.5, ability)


def _ability(case: ActivationCase) -> str:
    abilities = lookup(case.card).activated
    if case.ability >= len(abilities):
        return "(it has no activated ability)"
    return f"“{abilities[case.ability].text}”"


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``: one permanent (easy) or three or four (hard)."""
    if level == "easy":
        case = _case(rng)
        s = Activation((case,))
        text = case.describe()
        state = text.split("(", 1)[1].rstrip(")")
        return s, Stem(
            (f"Alice controls {text}. Can she activate its ability {_ability(case)} now, in "
             f"her main phase?",
             f"It is Alice's main phase. She wants to activate this ability of her {case.card}: "
             f"{_ability(case)} It is {state}. Can she?"),
            lambda v: f"Alice can activate it: {v}.", "CR 107.5, 107.6, 302.6")
    cases = [_case(rng) for _ in range(rng.randint(3, 4))]
    if len({c.card for c in cases}) < len(cases):
        return None  # one permanent of each name, so the answers can name them
    s = Activation(tuple(cases), "which")
    n = len(cases)
    return s, Stem(
        (f"Alice looks at these {n} permanents in her main phase. Which of them could she activate "
         f"right now (each one's first activated ability, unless another is quoted)?",
         f"Which of these {n} permanents' abilities (the first activated one, unless another is "
         f"quoted) can Alice activate in her main phase?"),
        lambda v: f"of these {n} permanents, Alice can activate exactly: {v}.",
        "CR 107.5, 107.6, 302.6")


TOPIC = Topic(
    name="tap-untap",
    title="{T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6, 702.10)",
    notebooks=("01-tap-and-untap",),
    situations=(Activation,),
    misconceptions=MISCONCEPTIONS,
    generate=generate,
)

__all__ = ["ACTIVATION_RESOURCES", "ACTIVATION_SETUP", "ATTACK_SETUP", "TAP_CARDS", "TOPIC", "Activation",
           "ActivationCase", "Mistake", "ActivationWith", "AttackCase", "AttackWith", "activation",
           "believed_activation", "check_activation_answers", "generate"]
