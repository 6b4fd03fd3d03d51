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
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import ClassVar, Literal

from ..abilities import EntersTapped, GrantKeyword
from ..cards import card as lookup
from ..errors import CostError, RulesError, SummoningSicknessError, TapSymbolError, UntapSymbolError
from ..events import AttackDeclared, BlockDeclared, Convoked, Entered, SetupPut, Tapped, TurnBegan, Untapped
from ..game import Game
from ..grading import Report, grade_answers, one_of, plural, read_bool
from ..records import Value
from ..teaching import LIBRARY, Arrived, Attempt, Grader, Piece, Play, Reason, Setup, Step, cr, yes_no
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
        target: int | str | None = None  # a card in her graveyard, or Bob ("any target")
        if ab.targets is not None:
            target = (next((c.id for c in g.zone("Alice", "graveyard")), None)
                      if ab.targets.zone == "graveyard" else "Bob")
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


# ----------------------------------------------------------------------- practice boards, and their model
class Activation(Situation):
    """'Can Alice activate this ability now?' (one case) or 'how many of these can she?'"""

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
    creature = defn.is_a("Creature")
    haste = "haste" in defn.keywords or (creature and "Mass Hysteria" in case.also)
    sick = case.arrived == "this turn"
    symbol = ab.cost.tap or ab.cost.untap
    if creature and sick and ((Mistake.SICKNESS_STOPS_ALL_ACTIVATED_ABILITIES in held and not haste)
                              or (Mistake.HASTE_ONLY_HELPS_ATTACKING in held and haste and symbol)):
        return False
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
    pay: tuple[str, ...] = ()  # convoke: the lands tapped for mana first, for the rest of its cost


class Facts(Value):
    """What the rules look at to decide an :class:`Act`, read off the game (and what a
    misconception's model turns around)."""

    kind: ActKind
    creature: bool
    tapped: bool
    tap: bool  # {T} in the cost
    untap: bool  # {Q} in the cost
    mana: bool  # a mana ability
    sick: bool  # not controlled continuously since its controller's most recent turn began
    this_turn: bool  # it came under its controller's control during the current turn
    since_previous: bool  # ... during or after the controller's previous turn (their turn now)
    printed_haste: bool
    own_haste: bool  # haste from a permanent its controller controls
    their_haste: bool  # haste only from an opponent's permanent (Mass Hysteria)
    active: bool  # its controller is the active player
    # on the battlefield since before its controller's most recent turn began (whoever controlled it)
    there_since_turn_began: bool = False
    stolen: bool = False  # its owner isn't its controller


def facts_of(g: Game, ref: int, act: Act) -> Facts:
    """The facts about ``act`` in ``g``, from the engine's state and events."""
    o = g.obj(ref)
    ab = o.card.activated[act.ability] if act.kind == "activate" else None
    turns = [e.turn for e in g.events if isinstance(e, TurnBegan) and e.active == o.controller]
    arrived = g.events[o.since - 1].turn if o.since is not None else None
    printed = "haste" in o.card.keywords
    granters = [p for p in g.permanents() if any(isinstance(a, GrantKeyword) and a.keyword == "haste"
                                                 for a in p.card.abilities)]
    has = "haste" in g.keywords(o)
    # haste from a permanent its controller controls, or from an effect (Act of Treason's)
    own = has and not printed and (not granters or any(p.controller == o.controller for p in granters))
    # the turn before its controller's current one (with none before it, the game's start)
    previous = turns[-2] if len(turns) > 1 else 0
    since_previous = g.active_player == o.controller and arrived is not None and arrived >= previous
    # when it arrived on the battlefield (the engine keeps one id per card, so its last arrival)
    entered = [e for e in g.events if e.obj_id == o.id and isinstance(e, Entered | SetupPut)
               and e.to == "battlefield"]
    began = turns[-1] if turns else 0
    there = bool(entered) and (not entered[-1].arrived_this_turn if isinstance(entered[-1], SetupPut)
                               else entered[-1].turn < began)
    return Facts(act.kind, o.is_a("Creature"), o.tapped, bool(ab and ab.cost.tap), bool(ab and ab.cost.untap),
                 bool(ab and ab.is_mana_ability), not g.controlled_since_turn_began(o.id),
                 arrived == g.turn, since_previous,
                 printed, own, has and not printed and not own, g.active_player == o.controller,
                 there, o.owner != o.controller)


def believed_verdict(f: Facts, held: frozenset[str]) -> bool:
    """May the player do it, as a learner holding ``held`` thinks (with nothing held: the rules,
    a test checks it against the engine)."""
    sick = f.sick
    if Mistake.OWNER_IS_THE_CONTROLLER in held and f.stolen:
        return False  # only its owner may use it, they think
    if Mistake.CONTROL_CHANGE_DOESNT_RESET_SICKNESS in held:
        sick = not f.there_since_turn_began
    if Mistake.SICKNESS_ENDS_AT_END_OF_TURN in held:
        sick = f.this_turn
    if Mistake.MOST_RECENT_TURN_IS_THE_PREVIOUS_ONE in held and f.active:
        sick = sick or f.since_previous
    haste = f.printed_haste or f.own_haste or (
        f.their_haste and Mistake.SYMMETRIC_EFFECTS_HELP_ONLY_THEIR_CONTROLLER not in held)
    if f.kind == "block":
        return f.creature and not f.tapped and not (
            Mistake.SICKNESS_STOPS_BLOCKING in held and sick and not haste)
    if f.kind == "convoke":
        return f.creature and not f.tapped and not (
            Mistake.SICK_CREATURES_CANT_CONVOKE in held and sick and not haste)
    if f.kind == "attack":
        return f.creature and not f.tapped and (not sick or haste)
    if Mistake.ABILITIES_ONLY_ON_YOUR_TURN in held and not f.active and not f.mana:
        return False
    needs_untapped = f.tap or (f.untap and Mistake.UNTAP_SYMBOL_NEEDS_UNTAPPED in held)
    state = not (needs_untapped and f.tapped) and not (
        f.untap and not f.tapped and Mistake.UNTAP_SYMBOL_NEEDS_UNTAPPED not in held)
    symbol = f.tap or f.untap
    helped = haste and Mistake.HASTE_ONLY_HELPS_ATTACKING not in held
    stopped = f.creature and symbol and sick and not helped
    if stopped and (Mistake.SICKNESS_ONLY_STOPS_ATTACKING in held
                    or (Mistake.MANA_ABILITIES_DODGE_SICKNESS in held and f.mana)
                    or (Mistake.SICKNESS_SPARES_UNTAP_SYMBOL in held and f.untap and not f.tap)):
        stopped = False
    if Mistake.SICKNESS_STOPS_NONCREATURES in held and not f.creature and symbol and f.this_turn:
        stopped = True
    if Mistake.SICKNESS_STOPS_ALL_ACTIVATED_ABILITIES in held and f.creature and sick and not haste:
        stopped = True
    return state and not stopped


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


class Checklist(PlaySituation):
    """A {T}/summoning-sickness scenario: a set-up, a short play sequence (casts, a turn passing,
    an attack), then: which of these may ``who`` do now (or how many)? Each thing is tried by
    the engine on the game at the end; the model turns the facts around (which turn counts,
    haste from whose permanent, what summoning sickness stops)."""

    topic: ClassVar[TopicName] = "tap-untap"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = tuple(Mistake)
    exclusive: ClassVar[frozenset[frozenset[str]]] = frozenset({
        frozenset({Mistake.SICKNESS_ENDS_AT_END_OF_TURN, Mistake.MOST_RECENT_TURN_IS_THE_PREVIOUS_ONE})})
    who: str
    acts: tuple[Act, ...]
    ask: Literal["which", "how many", "yes or no"] = "which"

    def key(self) -> Hashable:
        return ("checklist", self.play, self.who, self.acts, self.ask)

    def worked(self) -> tuple[tuple[Act, Facts, bool, Reason], ...]:
        """Each thing asked about, its facts, whether the engine allows it, and why."""
        return _checked(self)

    def answer_of(self, verdicts: Sequence[bool]) -> str:
        if self.ask == "yes or no":
            return "yes" if verdicts[0] else "no"
        if self.ask == "how many":
            return str(sum(verdicts))
        allowed = sorted(a.says for a, ok in zip(self.acts, verdicts, strict=True) if ok)
        return one_of(allowed, last="and") if allowed else "none of them"

    def legal(self) -> tuple[str, ...]:
        return (self.answer_of([ok for _, _, ok, _ in self.worked()]),)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        return (self.answer_of([believed_verdict(f, held) for _, f, _, _ in self.worked()]),)

    def explain(self) -> str:
        return "\n".join(f"{a.says[0].upper()}{a.says[1:]}: {r.text}" for a, _, _, r in self.worked())

    def decisive(self) -> Reason | None:
        if len(self.acts) != 1:
            return None
        why = self.worked()[0][3]
        # The rule that permits it (haste, or control since the turn began) decides the question,
        # not the procedure the event also cites (declaring attackers, paying {T}).
        first = [r for r in why.rules if r in _PERMITS]
        rest = tuple(r for r in why.rules if r not in first)
        return Reason(why.text, (*first, *rest), why.seq) if first else why


#: The rules that decide whether a creature may attack or use {T} now, when an event cites them.
_PERMITS = ("702.10b", "702.10c", "302.6")


@functools.lru_cache(maxsize=1024)
def _checked(s: Checklist) -> tuple[tuple[Act, Facts, bool, Reason], ...]:
    g, labels = s.play.game()
    out = []
    for act in s.acts:
        ref = labels[act.card] if act.card in labels else g.find(act.card)
        ok, why = engine_verdict(g, ref, act, s.who, labels)
        out.append((act, facts_of(g, ref, act), ok, why))
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


def _stolen_acts(card: str, when: StolenWhen) -> tuple[Act, ...]:
    name = f"the {card.split()[-1]} she took"
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
_CHECK_STEMS = {
    "which": ("Which of these may {who} do now?", "Right now, which of these can {who} do?"),
    "how many": ("How many of these may {who} do now: {acts}?",),
    "yes or no": ("May {who} {act} now?",),
}


def _checklist_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    kind = rng.choice(["fresh", "fresh", "haste", "haste", "returned", "stolen", "stolen", "convoke"])
    if kind == "convoke":
        play, pool, who = convoke_play(rng.choice(["", "", "Alice", "Bob"])), list(_CONVOKE_ACTS), "Alice"
    elif kind == "stolen":
        card = rng.choice(["Llanowar Elves", "Llanowar Elves", "Grizzly Bears"])
        spell = rng.choice(["Mind Control", "Act of Treason"])
        when: StolenWhen = ("now" if spell == "Act of Treason"
                            else rng.choice(["now", "his turn", "her next turn"]))
        play = stolen_play(card, spell, when)
        pool = list(_stolen_acts(card, when))
        who = "Alice"
    elif kind == "fresh":
        ballista, bears = rng.random() < 0.7, rng.random() < 0.4
        play = fresh_play(ballista=ballista, hysteria=rng.choice(["", "", "Alice", "Bob"]), bears=bears)
        pool = [a for a in _FRESH_ACTS if (ballista or "Ballista" not in a.card)
                and (bears or "Grizzly" not in a.card) and (ballista or a.card != "Forest 4")]
        who = "Alice"
    elif kind == "haste":
        creatures = sorted(rng.sample(["Llanowar Elves", "Raging Goblin", "Grizzly Bears"],
                                      rng.randint(1, 2)))
        stone = rng.random() < 0.4
        play = haste_play(creatures, hysteria=rng.choice(["", "Alice", "Bob", "Bob"]), stone=stone)
        pool = [a for c in (*creatures, *(["Fellwar Stone"] if stone else [])) for a in _HASTE_ACTS[c]]
        who = "Alice"
    else:
        play, pool, who = returned_play(), list(_RETURNED_ACTS), "Bob"
    if level == "easy" and rng.random() < 0.35:
        ask: Literal["which", "how many", "yes or no"] = "yes or no"
        acts: tuple[Act, ...] = (rng.choice(pool),)
    else:
        n = min(len(pool), rng.randint(2, 3) if level == "easy" else rng.randint(3, 4))
        if n < 2:
            return None
        acts = tuple(rng.sample(pool, n))
        ask = "how many" if rng.random() < 0.3 else "which"
    s = Checklist(play, who, acts, ask)
    asks = tuple(a.format(who=who, act=acts[0].says, acts="; ".join(x.says for x in acts))
                 for a in _CHECK_STEMS[ask])
    if ask == "which":
        asks = tuple(f"{a} ({'; '.join(x.says for x in acts)})" for a in asks)
    return s, Stem(asks, functools.partial(_checklist_claim, who, acts, ask), "CR 302.6, 702.10, 107.5")


def _checklist_claim(who: str, acts: tuple[Act, ...], ask: str, v: str) -> str:
    """A checklist answer as a statement that names what it is about (the things asked about,
    and the question), so a true/false or which-rule stem can be decided as written."""
    listed = "; ".join(a.says for a in acts)
    if ask == "yes or no":
        when = "" if acts[0].says.endswith(("this turn", "this combat")) else " now"
        return f"{who} may {'' if v == 'yes' else 'not '}{acts[0].says}{when}."
    if ask == "how many":
        return f"of these things ({listed}), {who} may do exactly {v} now."
    if v == "none of them":
        return f"of these things ({listed}), {who} may do none now."
    return f"of these things ({listed}), {who} may do exactly the following now: {v}."


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
        plugs_in="inputs",
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
        plugs_in="inputs",
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
        plugs_in="inputs",
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
        plugs_in="inputs",
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
        plugs_in="inputs",
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
        plugs_in="inputs",
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
        plugs_in="inputs",
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
        plugs_in="inputs",
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
        plugs_in="inputs",
        example=Checklist(haste_play(["Llanowar Elves"], hysteria="Alice"), "Alice",
                          _HASTE_ACTS["Llanowar Elves"][:1], "yes or no"),
        ask="May Alice tap the Elves for {G} now?",
    ),
    Misconception(
        name=Mistake.SYMMETRIC_EFFECTS_HELP_ONLY_THEIR_CONTROLLER,
        topic="tap-untap",
        title="an opponent's card helps only its controller",
        description="Bob's Mass Hysteria gives haste only to Bob's creatures; an opponent's effect never "
                    "helps me.",
        rule="702.10c",
        rule_says="A card does what its words say: 'All creatures have haste' means every creature, Alice's "
                  "too, whoever controls Mass Hysteria.",
        plugs_in="inputs",
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
        plugs_in="inputs",
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
        plugs_in="inputs",
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
        rule_says="What counts is continuous control by its current controller since their most recent turn "
                  "began: gaining control of a creature starts that over (CR 613.1b), so Elves taken with "
                  "Mind Control can't tap or attack until their new controller's next turn, unless they "
                  "have haste.",
        plugs_in="inputs",
        example=Checklist(stolen_play(), "Alice", _stolen_acts("Llanowar Elves", "now")[:1], "yes or no"),
        ask="May Alice tap the Elves she took for {G} now?",
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
        plugs_in="inputs",
        example=Checklist(stolen_play(when="her next turn"), "Alice",
                          _stolen_acts("Llanowar Elves", "her next turn")[:1], "yes or no"),
        ask="May Alice tap the Elves she took for {G} now?",
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
        plugs_in="inputs",
        example=Checklist(convoke_play(), "Alice", _CONVOKE_ACTS[2:3], "yes or no"),
        ask="May Alice tap the Elves for convoke now?",
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
         f"quoted) can Alice activate in her main phase?"),
        lambda v: f"of these {n} permanents, Alice can activate exactly: {v}.",
        "CR 107.5, 107.6, 302.6")


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``: mostly scenarios (Alice casts creatures, maybe with a
    Mass Hysteria, and the turn may pass to Bob; Bob returns Llanowar Elves in Alice's end step),
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
           "Activation", "ActivationCase", "Checklist", "Facts", "Mistake", "ActivationWith", "AttackCase",
           "AttackWith", "activation", "believed_activation", "believed_verdict",
           "check_activation_answers", "engine_verdict", "facts_of", "fresh_play", "generate", "haste_play",
           "in_bobs_turn", "returned_play"]
