"""The words of every event, in one place: the sentence each typed event is said in.

The engine never writes an event's sentence itself. It makes a typed event with the data the
sentence needs (its fields, and in ``words`` which sentence it is and the facts it names that
are not fields: another object's name, an ability's own words, the options a player had), and
as the game logs the event, :func:`sentence` says it: that is the event's ``text``. To review
or change how the kit words an event, or to translate it, this module is the one to read.

A sentence is a template (``str.format`` names: the event's fields, such as ``{obj}``,
``{player}`` or ``{amount}``, and the facts of its ``words``) or, where the words depend on the
data (an optional "tapped", a list of options), a small function of the values.

>>> from mtgkit.events import Tapped, say
>>> sentence(Tapped(words=say("tap.attack"), obj="Grizzly Bears"))
'Grizzly Bears becomes tapped as it attacks'

A refused call is worded the same way: the engine raises its error with ``refusal(key, facts)``
and :data:`REFUSALS` holds the sentence, so no module of the engine composes the words of an
error either. A refusal's template may join a list: ``{options!j}`` says "a, b, c" and
``{options!o}`` "a or b or c".

>>> refusal("pass_priority.cant_pass_has", player="Bob", holder="Alice")
"Bob can't pass: Alice has priority."

The questions a chooser is asked (:data:`PROMPTS`, with ``prompt(key, facts)``) live here too.

>>> prompt("color.as_enters", name="Utopia Sprawl")
'color for Utopia Sprawl as it enters'
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable


@runtime_checkable
class Words(Protocol):
    """Which sentence to say and the facts it names (:class:`mtgkit.events.Words`)."""

    @property
    def key(self) -> str: ...
    @property
    def facts(self) -> tuple[tuple[str, Any], ...]: ...


class Event(Protocol):
    """What a sentence reads of an event (:class:`mtgkit.events.Event`): its ``words`` and its
    fields. This module imports nothing of the kit, so every module of the engine, down to
    :mod:`mtgkit.mana` and :mod:`mtgkit.records`, can say its refusals here."""

    _fields: ClassVar[tuple[str, ...]]

    @property
    def words(self) -> Words | None: ...


class Values(dict[str, Any]):
    """What a sentence may name: the facts of the event's ``words``, then the event's fields."""

    def __init__(self, event: Event | None, about: Mapping[str, Any]) -> None:
        super().__init__(about)
        if event is not None and event.words is not None:
            self.update(event.words.facts)
        self._event = event

    def __missing__(self, key: str) -> Any:
        if key.endswith("'s"):  # "{obj's} ability": the possessive of a name (Grizzly Bears')
            return possessive(str(self[key[:-2]]))
        if self._event is not None and key in self._event._fields:
            return getattr(self._event, key)
        if key in DERIVED:
            return DERIVED[key](self)
        what = type(self._event).__name__ if self._event is not None else "these words"
        raise KeyError(f"the sentence names {key!r}, which {what} doesn't have")


Sentence = str | Callable[[Values], str]

#: Values any sentence may name that are worked out from the event's fields and facts.
DERIVED: dict[str, Callable[[Values], Any]] = {
    "damage_kind": lambda v: "combat damage" if v["combat"] else "damage",
    "options_shown": lambda v: f"(options: {', '.join(shown_label(o, v['options']) for o in v['options'])})",
    "answer_shown": lambda v: shown_label(v["answer"], v["options"]),
    "targeting": lambda v: f" targeting {v['target_name']}" if v["target"] is not None else "",
    "responding": lambda v: " in response" if v["in_response"] else "",
    "lost": lambda v: -v["delta"],  # life paid or lost, counters removed
    "step_title": lambda v: STEP_TITLES[v["step"]],
}


#: The engine's label for one of several objects: its name and its id (" #27"), so that two
#: objects of one name can be told apart in a choice.
_LABEL_ID = re.compile(r"(.+) #\d+")


def shown_label(label: Any, labels: Sequence[Any]) -> Any:
    """A choice's option as a sentence names it: without the object's id (" #27") unless another
    option names an object of the same name (the id then tells them apart).

    >>> shown_label("Walking Ballista #27", ["Walking Ballista #27", "no copy"])
    'Walking Ballista'
    >>> shown_label("The Goose Mother #12", ["The Goose Mother #12", "The Goose Mother #31"])
    'The Goose Mother #12'
    """
    found = _LABEL_ID.fullmatch(label) if isinstance(label, str) else None
    if found is None:
        return label
    name = found.group(1)
    same = [o for o in labels if isinstance(o, str) and (m := _LABEL_ID.fullmatch(o)) and m.group(1) == name]
    return name if len(same) <= 1 else label


def opt(v: Values, key: str) -> Any:
    """The value ``key`` names, or None when the event has no such field or fact."""
    try:
        return v[key]
    except KeyError:
        return None


def possessive(name: str) -> str:
    """The possessive of a name: an apostrophe after a final s, else 's. A sentence writes it as
    ``{obj's}``.

    >>> possessive("Grizzly Bears"), possessive("Hill Giant"), possessive("Stoke the Flames")
    ("Grizzly Bears'", "Hill Giant's", "Stoke the Flames'")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def with_article(noun: str) -> str:
    """``noun`` with its indefinite article: "a creature", "an instant"."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


#: The colors' names, by their symbols (CR 105.1).
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _s(n: int, noun: str) -> str:
    return noun if n == 1 else noun + "s"


#: What each step or phase is called (CR 500.1).
STEP_TITLES: dict[str, str] = {
    "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
    "main1": "precombat main phase", "beginning_of_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step", "declare_blockers": "declare blockers step",
    "first_strike_damage": "first combat damage step (first strike and double strike)",
    "combat_damage": "combat damage step", "end_of_combat": "end of combat step",
    "main2": "postcombat main phase", "end": "end step", "cleanup": "cleanup step",
}


def _said(said: Sentence, v: Values) -> str:
    return said.format_map(v) if isinstance(said, str) else said(v)


def _enters(base: Sentence) -> Callable[[Values], str]:
    """A permanent enters (or a land is played): ``base``, then how it enters (CR 614.1c: as a
    copy, tapped, with counters). ``{name}`` is its name as it was before it entered."""

    def say(v: Values) -> str:
        copy_of = opt(v, "copy_of")
        return (_said(base, v) + (f" as a copy of {copy_of}" if copy_of is not None else "")
                + (" tapped" if v["tapped"] else "")
                + "".join(f" with {n} {k} counters" for k, n in v["counters"]))
    return say


def _setup_put(v: Values) -> str:
    if v["to"] != "battlefield":
        return f"Setup: {v['obj']} into {v['owner']}'s {v['to']}"
    owned = f", owned by {v['owner']}" if v["owner"] != v["controller"] else ""
    when = "arriving this turn" if v["arrived_this_turn"] else "since before this turn"
    return (f"Setup: {v['obj']} on {v['controller']}'s battlefield{owned} ({when}"
            + (", tapped" if v["tapped"] else "") + ")")


def _effect(v: Values) -> str:
    """What a continuous effect does, from the facts of its event."""
    if opt(v, "replacement") is not None:
        return str(v["replacement"])
    if opt(v, "keyword") is not None:
        return f"{v['card']} has {v['keyword']}"
    return f"{v['controller']} controls {v['card']}"


def _ended(v: Values) -> str:
    """What a continuous effect did, said as it ends: a prevention effect's past, the rest as now."""
    if opt(v, "prevents") is not None:
        return f"it prevented all {v['prevents']} this turn"
    return _effect(v)


def _adds(why: str) -> Callable[[Values], str]:
    def say(v: Values) -> str:
        only = v["spend_only"]
        return (f"{v['player']} adds {v['mana']} ({why.format_map(v)}"
                + (f"; it can be spent only to cast {with_article(only.lower())} spell" if only is not None
                   else "") + ")")
    return say


def _cast(v: Values) -> str:
    n, tax = v["cast_before"], v["cost_increase"]
    return (f"{v['player']} casts {v['obj']}" + (" without paying its mana cost" if v["free"] else "")
            + (f" with X = {v['x']}" if v["has_x"] else "") + f"{v['targeting']}{v['responding']}"
            + (f" (its total cost is {{{tax}}} more: {v['player']} has cast {n} other "
               f"{_s(n, 'spell')} this turn)" if tax else ""))


def _called(v: Values) -> str:
    """A creature's name, and the card's own if it was a copy (Clone): "Grizzly Bears (the Clone)"."""
    printed = v["printed"]
    return f"{v['name']}" + (f" (the {printed})" if printed else "")


def _nested(v: Values, key: str) -> str:
    """A fact that is itself words (why a target is no longer legal), said."""
    words = v[key]
    return words_text(words) if isinstance(words, Words) else str(words)


def _effect_starts(v: Values) -> str:
    if opt(v, "prevents") is not None:
        return f"This turn, all {v['prevents']} that would be dealt is prevented ({v['effect']})"
    return f"Until end of turn: {v['replacement']} ({v['effect']})"


def _control(v: Values) -> str:
    new, name = v["controller"], v["obj"]
    how = f"{v['effect']}: {new} controls {name}" if v["effect"] else f"{name} returns to {new}'s control"
    return (("Setup: " if v["setup"] else "") + how + f" (it was {v['previous']}'s)"
            + (f"; {name} hasn't been under {new}'s control since {new}'s turn began" if v["sick"] else "")
            + ("; it is removed from combat" if v["removed_from_combat"] else ""))


#: Every sentence, by key. An event whose ``words`` is None is said in the sentence of its class's
#: name; every other key is named by the engine with ``say(key, ...)``.
SENTENCES: dict[str, Sentence] = {
    # ------------------------------------------------------------------ the game and its turns
    "GameBegan": lambda v: (f"A game begins: {', '.join(v['names'])} in turn order, {v['life']} life "
                            f"each, {v['library']} cards in each library"),
    "TurnBegan": "Turn {turn} begins: {player} is the active player",
    "StepBegan": lambda v: f"{STEP_TITLES[v['step']].capitalize()} begins",
    "DrawSkipped": ("{player} skips the draw step: the player who plays first in a two-player game "
                    "skips the draw step of their first turn"),
    "PriorityPassed": "{player} passes",
    "leave.concede": "{player} concedes and leaves the game",
    "leave.no_life": "{player} has {life} life and loses the game",
    "leave.empty_library": "{player} drew from an empty library and loses the game",
    "GameEnded": lambda v: (f"{v['winner']} wins the game: every other player has left it" if v["winner"]
                            else "The game is a draw: every player still in it lost at the same time"),
    # ------------------------------------------------------------------ teaching set-ups
    "SetupPut": _setup_put,
    "monarch.setup": "Setup: {player} is the monarch",
    "life.setup": lambda v: (f"Setup: {v['player']}'s life total is {v['was'] + v['delta']} "
                             f"(it was {v['was']})"),
    # ------------------------------------------------------------------ tapping, counters
    "Untapped": "{obj} untaps",
    "untap.effect": "{obj} untaps ({item})",
    "untap.cost": "{obj} becomes untapped to pay {{Q}}",
    "tap.cost": "{obj} becomes tapped to pay {{T}}",
    "tap.attack": "{obj} becomes tapped as it attacks",
    "Convoked": "{obj} becomes tapped to convoke {spell_name}, paying {pays}",
    "counters.put": "{delta} {counter} counter put on {obj}",
    "counters.removed": "{lost} {counter} counter removed from {obj}",
    "DamageWoreOff": lambda v: "Damage wears off: " + ", ".join(v["names"]),
    # ------------------------------------------------------------------ zone changes
    "move.draw": "{player} draws a card",
    "DrawFailed": "{player} can't draw: the library is empty",
    "move.discard": "{who} discards {name}",
    "move.sacrifice": "{who} sacrifices {name}",
    "move.to_graveyard": "{name} goes to its owner's graveyard",
    "move.exiled_until": "{name} is exiled until {until}",
    "move.cascade_exile": "{who} exiles {name} from the top of their library (cascade)",
    "move.cascade_bottom": "{name} goes to the bottom of {who}'s library (cascade: in a random order)",
    "move.out_with_owner": "{name} leaves the game with its owner",
    "move.controller_left": "{name} is exiled: its controller left the game",
    "move.default_controller_left": ("{name} is exiled: no effect gives control of it to a player in "
                                     "the game, and {default}, who controls it by default, has left"),
    "LandPlayed": _enters("{player} plays {name}"),
    "enter.by_effect": _enters("{name} is put onto the battlefield by an effect"),
    "enter.resolved": _enters(lambda v: (f"{v['name']} enters the battlefield"
                                         + (" as a token (it was a copy of a spell)" if v["copied"] else "")
                                         + (f" attached to {v['attached_to']}" if v["attached_to"] else ""))),
    "enter.from_graveyard": _enters("{name} returns from the graveyard to the battlefield"),
    "enter.from_exile": _enters("{name} returns from exile ({until})"),
    "enter.token": _enters(lambda v: f"{v['player']} creates {with_article(v['name'])} token"
                           + (f" ({v['why']})" if v["why"] else "")),
    # ------------------------------------------------------------------ state-based actions
    "sba.toughness": lambda v: (f"{_called(v)} has toughness {v['toughness']} and is put into its "
                                f"owner's graveyard"),
    "sba.lethal_damage": lambda v: f"{_called(v)} has lethal damage and is destroyed",
    "sba.deathtouch": "{name} was dealt damage by a source with deathtouch and is destroyed",
    "sba.aura": "{name} is attached to {host} and is put into its owner's graveyard",
    "sba.legend_rule": "{name} is put into its owner's graveyard (legend rule)",
    "sba.ceases_to_exist": lambda v: (f"The {v['obj']} token ceases to exist" if v["token"]
                                      else f"The copy of {v['obj']} ceases to exist"),
    # ------------------------------------------------------------------ casting, activating, the stack
    "SpellCast": _cast,
    "SpellCopied": lambda v: (f"A copy of {v['of']} is put on the stack"
                              + (f" with X = {v['x']}" if v["has_x"] else "") + f"{v['targeting']}"),
    "AbilityCopied": "A copy of {of} is put on the stack{targeting}",
    "AbilityActivated": "{player} activates {obj}: {ability_text}",
    "stack.activated": "{source's} ability goes on the stack{targeting}{responding}",
    "stack.triggered": "{source's} triggered ability goes on the stack{targeting}",
    "AbilityTriggered": "{name's} ability triggers ({player} controls it): {ability_text}",
    "Resolved": "{item} resolves",
    "Countered": "{spell} is countered",
    "fizzle.target": lambda v: (f"{v['item']} doesn't resolve: its target is no longer legal "
                                f"({_nested(v, 'problem')})"),
    "problem.new_object": lambda v: (f"{v['card']} left the "
                                     f"{'battlefield' if v['zone'] == 'battlefield' else 'zone'} it was "
                                     f"in, so it is a new object (CR 400.7)"),
    "problem.left_game": "{target_player} has left the game",
    "problem.target": "{problem}",
    "fizzle.condition": ("{item} is removed from the stack without resolving: its 'if' condition "
                         "({condition}) is no longer true"),
    "fizzle.no_target": "{source_name's} ability has no legal target and is removed from the stack",
    "fizzle.no_counter": "{item} puts no counter: its source left the battlefield",
    "fizzle.spell_gone": "{item} does nothing: the spell already left the stack",
    "fizzle.source_gone": "{item} does nothing: what it refers to has left the battlefield",
    "fizzle.not_exiled": "{card} isn't exiled: {until} after the ability triggered",
    "fizzle.controller_left": "{item} ceases to exist: its controller left the game",
    "fizzle.pending_controller_left": ("{obj's} ability ceases to exist: its "
                                       "controller left the game before it was put on the stack"),
    "fizzle.pending_controller_gone": ("{obj's} ability isn't put on the "
                                       "stack: {player}, who would control it, has left the game"),
    # ------------------------------------------------------------------ choices
    "choice.answer": "{player} chooses: {answer}",
    "choice.color": lambda v: (f"{v['player']} chooses {COLOR_WORDS.get(v['answer'], v['answer'])} for "
                               f"{v['obj']} as it enters"),
    "choice.mana": "{player} chooses {answer} from {obj} {options_shown}",
    "choice.replacement_order": lambda v: (f"{v['player']} orders the replacement effects: "
                                           + " then ".join(v["answer"])),
    "choice.payment": lambda v: (f"{v['player']} chooses to pay {v['cost']} for {v['what']} with "
                                 f"{v['answer']} (options: {', '.join(v['options'])}"
                                 + (", ... (pay= names any other)" if v["more"] else "") + ")"),
    "choice.discard": lambda v: (f"{v['player']} has {v['hand']} cards in hand and discards "
                                 f"{len(v['answer'])}: {', '.join(v['answer'])}"),
    "choice.copy": lambda v: (f"{v['player']} chooses to have {v['obj']} enter as a copy of "
                              f"{v['answer_shown']}"
                              if v["answer"] != "no copy" else
                              f"{v['player']} chooses not to copy anything with {v['obj']}"),
    "choice.target": "{player} chooses {answer_shown} as the target of {of} {options_shown}",
    "choice.copy_target": ("{player} chooses {answer_shown} as the target of the copy of {of} "
                           "{options_shown}"),
    "choice.trigger_target": ("{player} chooses {answer_shown} as the target of {source's} ability "
                              "{options_shown}"),
    "choice.trigger_order": lambda v: (f"{v['player']} puts their triggers on the stack in this order: "
                                       + ", ".join(v["answer"])),
    "choice.autopay": lambda v: (f"{v['player']} taps {v['answer']} for mana to pay {v['cost']} for "
                                 f"{v['what']} (no pay= given: the first way found to pay it)"),
    "choice.cascade_cast": lambda v: (f"{v['player']} chooses {'' if v['cast'] else 'not '}to cast "
                                      f"{v['obj']} without paying its mana cost (cascade)"),
    "choice.nothing_to_sacrifice": lambda v: (f"{v['player']} controls no {v['card_type'].lower()} "
                                              f"to sacrifice"),
    "choice.legend_rule": "{player} keeps {answer_shown} (legend rule)",
    "choice.x": "{player} chooses {answer} for {of} {options_shown}",
    "choice.damage_effect": "{player} applies {answer_shown} first to {source's} damage {options_shown}",
    "choice.protector": "{player} chooses {answer_shown} to take {source's} damage {options_shown}",
    "choice.no_blockers_left": ("{obj} is blocked but nothing blocks it any more, so it assigns no "
                                "combat damage"),
    "choice.trample": lambda v: (f"{v['player']} assigns {possessive(v['obj'])} {v['power']} combat "
                                 "damage, lethal damage to its blockers first and the rest as they choose "
                                 "(trample): " + ", ".join(f"{n} to {name}" for name, n in v["division"])),
    "choice.divide_damage": lambda v: (f"{v['player']} divides {possessive(v['obj'])} {v['power']} "
                                       "combat damage: "
                                       + ", ".join(f"{n} to {name}" for name, n in v["division"])),
    # ------------------------------------------------------------------ mana
    "mana.tapped": _adds("{obj} was tapped for mana"),
    "mana.ability": _adds("from {obj's} mana ability"),
    "mana.trigger": _adds("{obj's} triggered mana ability resolves at once"),
    "trigger.mana": lambda v: (f"{possessive(v['obj'])} ability triggers ({v['player']} controls it"
                               + (f"; the mana goes to {v['gets']}" if v["gets"] != v["player"] else "")
                               + f"): {v['ability_text']}"),
    "no_mana.ability": "{obj's} ability produces no mana: {reason}",
    "no_mana.trigger": "{obj's} trigger adds no mana",
    "ManaReplaced": "{effect}: {obj} produces {after} instead of {before}",
    "spend.ability": "{player} spends {mana} from their mana pool to pay {cost}",
    "spend.spell": "{player} spends {mana} to pay {cost}",
    "PoolEmptied": "{player}'s mana pool empties ({mana} lost)",
    # ------------------------------------------------------------------ damage and life
    "damage.player": "{source} deals {amount} {damage_kind} to {to_player}",
    "damage.object": "{source} deals {amount} {damage_kind} to {obj}",
    "DamageRedirected": ("{obj}: the {amount} {damage_kind} {source} would deal to {before} is dealt to "
                         "{obj} instead"),
    "DamagePrevented": "{effect}: the {amount} {damage_kind} {source} would deal to {to} is prevented",
    "life.gain": "{player} gains {delta} life",
    "life.loss": "{player} loses {lost} life",
    "life.paid": "{player} pays {lost} life",
    # ------------------------------------------------------------------ combat and the monarch
    "AttackDeclared": "{obj} attacks {defender}",
    "BlockDeclared": "{obj} blocks {attacker_name}",
    "MonarchChanged": lambda v: (f"{v['player']} becomes the monarch"
                                 + (f" ({v['previous']} stops being the monarch)" if v["previous"] else "")),
    "monarch.already": ("{player} is already the monarch: nothing changes, so 'whenever you become the "
                        "monarch' doesn't trigger"),
    "monarch.nobody": "No player is left to become the monarch",
    "fizzle.monarch_left_game": ("{player} has left the game, so {player} can't become the monarch: "
                                 "nothing happens"),
    # ------------------------------------------------------------------ effects and control
    "effect.starts": _effect_starts,
    "effect.control": "Until end of turn, {player} controls {card} ({effect})",
    "AbilityGained": "Until end of turn, {obj} has {keyword} ({effect})",
    "EffectEnded": lambda v: f"{possessive(v['effect'])} effect ends ({_ended(v)})",
    "ControlChanged": _control,
    "NoTokens": "{item} creates no {token} tokens ({why})",
}


# ------------------------------------------------------------------ a question's numbered steps
#: What a question's numbered step (:meth:`mtgkit.teaching.Play.says`) leaves unsaid of the events
#: its action logged: what another sentence of the step implies (a cost's tap and payment, by the
#: activation or the cast; passing, by what it led to) and the bookkeeping of choices the step's
#: other sentences already name (a target, the mana chosen, how a cost is paid).
STEP_UNSAID: frozenset[str] = frozenset({
    "PriorityPassed", "tap.cost", "untap.cost", "spend.ability", "spend.spell", "choice.answer",
    "choice.mana", "choice.payment", "choice.target", "choice.copy_target", "choice.trigger_target",
    "choice.autopay", "choice.nothing_to_sacrifice", "stack.triggered.untargeted",
    "stack.activated.untargeted",
})

#: A step's action in words when the events don't say it the same way in every outcome (a target
#: the chooser picks, a stack whose top depends on the rules) or say nothing (no blockers): what
#: the action record says, and no more. ``{player}`` and ``{card}`` are the record's, as named;
#: ``{x}``, a cast's X where every play of the step casts it with the same X (else ``None``).
STEP_ACTIONS: dict[str, Sentence] = {
    "cast": lambda v: (f"{v['player']} casts {v['card']}"
                       + ("" if opt(v, "x") is None else f" with X = {v['x']}")
                       + (f" targeting {v['target']}" if opt(v, "target") else "")),
    "activate": lambda v: (f"{v['player']} activates {possessive(v['card'])} ability"
                           + (f" targeting {v['target']}" if opt(v, "target") else "")),
    "play_land": "{player} plays {card}",
    "pass": "{player} passes priority",
    "resolve": "All players pass in succession: the top of the stack resolves",
    "resolve_stack": "All players pass in succession until the stack is empty",
    "advance": lambda v: (f"All players pass until the {STEP_TITLES[v['to']]} begins" if v["to"]
                          else "All players pass until this step ends"),
    "next_turn": lambda v: f"All players pass until the next turn's {STEP_TITLES[v['to'] or 'main1']}",
    "attack": "{player} attacks with {card}",
    "block": "No creature blocks",
    "concede": "{player} concedes",
    "enter": "{card} is put onto the battlefield by an effect",
    "free_cast": lambda v: (f"{v['player']} {'casts' if v['cast'] else 'declines to cast'} the card it "
                            f"offers without paying its mana cost"
                            + (" (if it can be cast that way)" if v["cast"] else "")),
}


#: A target a triggered ability is put on the stack with in every outcome of the play, said in its
#: step when what triggers may be what the question asks (so whether it triggers is left open):
#: the target is part of the story, and an answer may depend on it.
STEP_IF_TRIGGERS = "{player} chooses {answer_shown} as the target of {source's} ability if it triggers"


def step_key(event: Event) -> str:
    """Which sentence ``event`` is said in (the key :data:`STEP_UNSAID` names): its words' key or
    its class's name; an ability going on the stack with no target is ``stack.<...>.untargeted``
    (its triggering or its activation says it)."""
    key = event.words.key if event.words is not None else type(event).__name__
    if key.startswith("stack.") and getattr(event, "target", None) is None:
        return f"{key}.untargeted"
    return key


def step_if_triggers(**facts: Any) -> str:
    """A target a triggered ability would be put on the stack with (:data:`STEP_IF_TRIGGERS`)."""
    return _said(STEP_IF_TRIGGERS, Values(None, facts))


def step_action(do: str, **facts: Any) -> str:
    """A step's action in the words of its record alone (:data:`STEP_ACTIONS`)."""
    return _said(STEP_ACTIONS[do], Values(None, facts))


def step_sentence(said: Sequence[str]) -> str:
    """A numbered step: the sentences it says, each begun with a capital and ended with a full stop.

    The same sentence said again at once (three Mountains tapped for mana one after another) is
    said once, counted.

    >>> step_sentence(["Custodi Lich attacks Bob", "Custodi Lich becomes tapped as it attacks"])
    'Custodi Lich attacks Bob. Custodi Lich becomes tapped as it attacks.'
    >>> step_sentence(["Alice activates Swamp: {T}: Add {B}."] * 2)
    'Alice activates Swamp: {T}: Add {B} (two of them).'
    """
    runs: list[tuple[str, int]] = []
    for s in said:
        s = s.removesuffix(".") if not s.endswith("..") else s
        if runs and runs[-1][0] == s:
            runs[-1] = (s, runs[-1][1] + 1)
        else:
            runs.append((s, 1))
    return " ".join(f"{s[:1].upper()}{s[1:]}" + (f" ({NUMBERS.get(n, str(n))} of them)" if n > 1 else "")
                    + ("" if s.endswith(("!", "?", ".)")) else ".") for s, n in runs)


#: Small numbers in words.
NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def sentence(event: Event, about: Mapping[str, Any] | None = None) -> str:
    """The sentence ``event`` is said in. ``about``: fields the game is about to give it (the
    object it is about and that object's player), which the sentence may name."""
    key = event.words.key if event.words is not None else type(event).__name__
    return _said(SENTENCES[key], Values(event, about or {}))


def words_text(words: Words) -> str:
    """Words said on their own, from their facts only (a reason inside an event's sentence)."""
    return _said(SENTENCES[words.key], Values(None, dict(words.facts)))


def _spells_of(restricted: Sequence[tuple[str, Any]]) -> str:
    """What restricted mana can be spent on (CR 106.6): "a creature spell or an instant spell"."""
    return " or ".join(f"{with_article(kind.lower())} spell" for kind, _ in restricted)


#: Why a call is refused, by key: the words of every ``RulesError`` (naming its rule), and of
#: every ``ValueError`` and ``TypeError`` (naming the argument) the engine raises. The engine
#: names a refusal with ``refusal(key, ...)`` and passes data only; keys are grouped by the
#: module and the check that raises them.
REFUSALS: dict[str, Sentence] = {
    # why a payment doesn't pay a cost (mtgkit.mana.payment_problem, CR 107.4, 601.2h)
    "payment.pool_holds_not": lambda v: f"the pool holds {v['held'] or 'none of it'}, not {v['spent']}",
    "payment.amount_differs": lambda v: (f"{v['spent']} is {v['amount']} mana and {v['cost']} takes "
                                         f"{v['total']}"
                                         + (f" with X={v['x']}" if v["x"] is not None else "")),
    "payment.colored_missing": "{cost} needs {colored} for its colored symbols, and {spent} doesn't have it",
    "payment.hybrid_unpaid": ("{spent} can't pay the hybrid symbols {symbols}: each takes one of its two "
                              "halves"),
    # what a target is not (mtgkit.targets: a spell or ability checks its targets, CR 115, 601.2c, 608.2b)
    "target.no_such_player": "there is no player named {target}",
    "target.player_cant_be": "a player can't be the {text}",
    "target.player_left": "{target} has left the game",
    "target.not_an_opponent": "{target} is not an opponent",
    "target.not_a_player": "{name} is not a player",
    "target.not_in_zone": lambda v: (f"{v['name']} is not in a {v['zone']}" if v["zone"] == "graveyard"
                                     else f"{v['name']} is not on the battlefield"),
    "target.not_a_type": "{name} is not a {card_type}",
    "target.wrong_player": lambda v: (
        f"{v['name']} is "
        + ("controlled by" if v["zone"] in ("battlefield", "stack") else f"in the {v['zone']} of")
        + f" {v['whose']}, not "
        + (f"an opponent of {v['controller']}" if v["opponents"] else v["controller"])),
    "target.mana_value_too_high": "{name} has mana value {mv}, more than {max_mv}",
    "target.no_mana_value": ("by these rules {name} has no definite mana value, so it isn't one of "
                             "{max_mv} or less"),
    "target.spell_not_ability": "{name} is a spell, not an ability",
    "target.ability_not_spell": "{name} is an ability, not a spell",
    "target.wrong_spell_kind": lambda v: (
        f"{v['name']} is {'an instant or sorcery' if v['instant'] else 'a permanent'} spell"),
    "target.player_not_on_stack": "{target} is a player, not a spell or ability on the stack",
    "target.no_such_object": "there is no object #{target}",
    "target.object_not_on_stack": lambda v: (
        f"{v['name']} is {'a permanent' if v['zone'] == 'battlefield' else 'a card in a ' + v['zone']}, "
        "not a spell or ability on the stack"
        + (" (its mana abilities resolve at once and never go on the stack, CR 605.3b)"
           if v["mana"] else "")),
    "target.stack_empty": "the stack is empty",
    "target.graveyards_empty": lambda v: (f"{possessive(v['controller'])} graveyard is empty" if v["yours"]
                                          else "the graveyards are empty"),
    "target.nothing_on_battlefield": lambda v: (
        f"nothing on the battlefield is a {v['text'].removeprefix('target ')}"),
    "replay.config_type": "config must be an mtgkit.actions.NewGame, not {config}",
    "apply.action_type": "action must be one of the records of mtgkit.actions, not {action}",
    "autopay.search_too_long": ("paying automatically tried too many mana abilities without deciding: say "
                                "how to pay (activate mana abilities first, then cast)"),
    "autopay.could_add_at_most": lambda v: (
        f"{v['reason'].rstrip('.')}; tapping their untapped mana sources ({v['sources']}) could add at most "
        f"{v['most']}" + (f": {v['short']}." if v["short"] else ".")),
    "game.over_no_changes": lambda v: (
        "The game is over: "
        + (f"{v['winner']} won (CR 104.2a)" if v["winner"] else "it is a draw (CR 104.4a)")
        + ". A game that has ended takes no more changes (CR 104.1)."),
    "records.fields_by_name": "{name} takes its fields by name ({fields!j}), got {n} positional values",
    # ------------------------------------------------------------------ the game (game.py)
    "game.players_must_list": "players must be a list of names, not {players!r}",
    "game.game_needs_players": ("a game needs 2 to {max_players} players with different names, not "
                                "{names!r}"),
    "game.players_cant_called": "players can't be called 'stack' or 'game': the timeline uses those lanes",
    "game.start_draw_starting": ("start='draw': the starting player of a two-player game skips the draw "
                                 "step of their first turn (CR 103.8a)"),
    "game.libraries_cards_are": ("{n_names} libraries of {library} cards are more than the {max_objects} "
                                 "objects a game may hold"),
    "game.chooser_must_have": "chooser must have choose() and order() methods (see mtgkit.choices)",
    "game.rules_must_be": "rules must be a mtgkit.variants.Rules (the CR, or a variant of it), not {rules!r}",
    "game.cards_type": ("cards must be a list of card definitions (mtgkit.CardDef, e.g. from "
                        "mtgkit.cards.load_cards), not {cards!r}"),
    "game.card_named_twice": lambda v: (
        f"cards: {v['name']!r} is already a card in {'the catalog' if v['in_catalog'] else 'cards'}; "
        "give the game's own card another name"),
    "game.unknown_card": lambda v: (f"unknown card {v['name']!r}"
                                    + (f"; did you mean {v['close']!r}?" if v["close"] else "")),
    "object.there_no_object": "there is no object #{ref} in this game",
    "object.there_are_permanents": lambda v: (
        f"there are {v['n_named']} permanents named {v['ref']!r} on the battlefield"
        + (": use its id" if v["n_named"] else "")),
    "object.not_found": lambda v: (f"no {v['name']!r} in the {v['zone']}"
                                + (f" of {v['controller']}" if v["controller"] else "")),
    "why.event_not_event": "event #{seq} is not an event of this game",
    "why_not.ability_for_why": "ability= is only for why_not('activate', ...), not for {what!r}",
    "why_not.attacker_creature_ref": ("attacker= is the creature ref would block: why_not('block', ref, "
                                      "attacker=...), and only for 'block' (what={what!r})"),
    "put_onto_battlefield.attached_for_auras": "attached_to is only for Auras, and {name} isn't one",
    "put_onto_battlefield.enchant_on_battlefield": ("{name} can only enchant a {enchant} on the "
                                                    "battlefield, and {host} isn't one"),
    "put_onto_battlefield.aura_say_which": ("{name} is an Aura: say which permanent it is attached to "
                                            "(attached_to=...)"),
    "put_onto_battlefield.game_holds_at": "a game holds at most {max_objects} objects",
    "put_onto_battlefield.copy_for_card": ("copy= is for a card put onto the battlefield by an effect "
                                           "(by_effect=True): it answers 'enter as a copy of which "
                                           "creature?'"),
    "put_onto_battlefield.cant_enter_as": "{name} can't enter as a copy of anything.",
    "put_onto_battlefield.by_effect_true": ("by_effect=True puts it there as an effect would: its own "
                                            "'enters' rules decide counters and tapped, and it has just "
                                            "arrived"),
    "put_in_zone.token_tokens_exist": "{name} is a token: tokens exist only on the battlefield (CR 111.1)",
    "counters.counters_must_dict": "counters must be a dict like {{'+1/+1': 2}}, not {counters!r}",
    "living.has_left_game": "{player} has left the game.",
    "pass_priority.nobody_has_priority": "Nobody has priority during the {step_title}.",
    "pass_priority.cant_pass_has": "{player} can't pass: {holder} has priority.",
    "reachable.not_later_step": ("to={to!r} is not a later step of this turn (it is the {step_title}); "
                                 "use next_turn(to={to!r}) for the next turn"),
    "reachable.happens_when_creatures": lambda v: (
        f"to={v['to']!r}: the {v['step_title']} happens only when creatures attack (CR 508.8), and none "
        f"{'were' if v['declared'] else 'have been'} declared this turn: use attack() first"),
    "reachable.draw_starting_player": ("to='draw': the starting player of a two-player game skips the "
                                       "draw step of their first turn (CR 103.8a)"),
    "plan.damage_must_dict": "damage must be a dict {{attacker: {{blocker: amount}}}}, not {damage!r}",
    "plan.damage_must_dict_2": "damage[{attacker!r}] must be a dict {{blocker: amount}}",
    "plans_used.discard_says_what": ("discard=[...] says what the active player discards in the cleanup "
                                     "step (CR 514.1), and this call ends before a cleanup step."),
    "plans_used.damage_says_how": ("damage= says how {names} divides its combat damage, but in this call "
                                   "it assigns no combat damage to creatures blocking it (CR 510.1c: only "
                                   "a blocked creature does, as the combat damage step begins)."),
    "end_current_step.game_not_moving": "the game is not moving on: too many events",
    "next_player.no_player_left": "no player is left in the game",
    "discard_to_hand_size.has_cards_hand": ("{who} has {n_hand} cards in hand, no more than {hand_size}, "
                                            "so nothing is discarded in this cleanup step (CR 514.1): "
                                            "leave out discard=[...]."),
    "discard_to_hand_size.has_cards_hand_2": ("{who} has {n_hand} cards in hand and must discard exactly "
                                              "{excess} of them (discard=[...] names cards in that hand)."),
    "activate.not_on_battlefield": "{name} is not on the battlefield, so its abilities can't be activated",
    "activate.has_no_activated": ("{name} has no activated abilities (nothing of the form 'cost: "
                                  "effect'), so there is nothing to activate"),
    "activate.no_such_ability": lambda v: (
        f"{v['name']} has {v['n']} activated abilit{'y' if v['n'] == 1 else 'ies'} (numbered from 0); "
        f"there is no ability {v['index']}"),
    "activate.controller_activate_abilities": ("Only {name's} controller, {controller}, can activate its "
                                               "abilities."),
    "activate.already_tapped_cant": "{name} is already tapped, so it can't be tapped again to pay {{T}}.",
    "activate.untapped_cant_untapped": "{name} is untapped, so it can't be untapped to pay {{Q}}.",
    "activate.hasnt_been_under": ("{name} hasn't been under {controller's} control continuously since "
                                  "{controller's} most recent turn began, and it doesn't have haste."),
    "activate.only_in_own_turn": ("By these rules {player} may activate {name's} ability only in "
                                  "{player's} own turn."),
    "activate.has_life_cant": "{who} has {life} life and can't pay {life2} life.",
    "activate.has_counters_cost": "{name} has {have} {kind} counters; the cost removes {n}.",
    "pick_mana.not_mana_choose": "{wanted!r} is not mana; choose one of {labels!j}",
    "pick_mana.cant_add_now": "{name} can't add {wanted} now; it can add {labels!o}.",
    "apply_mana_replacements.would_have_produce": "{label} would have {name} produce {amount:,} mana",
    "match_order.not_one_replacement": ("{name!r} is not one of the replacement effects to order: "
                                        "{labels!j}"),
    "match_order.order_must_include": ("the order must include every applicable replacement effect: "
                                       "{labels!j}"),
    "add_mana.mana_pool_would": "{who's} mana pool would hold {amount:,} mana",
    "play_land.not_land_card": "{name} is not a land card in a hand",
    "play_land.land_played_your": "A land can be played only in your own main phase with an empty stack.",
    "play_land.has_already_played": "{who} has already played a land this turn.",
    "cast.not_hand": "{name} is not in a hand",
    "cast.land_lands_are": "{name} is a land: lands are played, not cast.",
    "cast.isnt_instant_cast": ("{name} isn't an instant, so it can be cast only in {who's} own main phase "
                               "with an empty stack."),
    "cast.spell_with_cost": "Only a spell with {{X}} in its cost takes a value for X ({name} got x={x}).",
    "cast.doesnt_ask_for": "{name} doesn't ask for a color as it enters.",
    "pay_argument.pay_must_mana": ("pay must be the mana to spend, written as symbols like '{{G}}{{G}}', "
                                   "not {text!r}"),
    "convoke_plan.doesnt_have_convoke": "{name} doesn't have convoke, so no creature can help pay for it.",
    "convoke_plan.listed_twice_each": "{creature} is listed twice: each creature convokes once.",
    "convoke_plan.not_creature_controls": ("{creature} is not a creature {who} controls, so it can't "
                                           "convoke {name}."),
    "convoke_plan.summoning_sick": ("By these rules {creature} is summoning sick, so it can't be tapped "
                                    "for convoke."),
    "convoke_plan.tapped_untapped_creature": ("{creature} is tapped: only an untapped creature can be "
                                              "tapped to convoke."),
    "convoke_symbol.cant_pay_cost": lambda v: (
        f"{v['creature']} can't pay {v['wanted']} of {possessive(v['spell'])} cost: it can pay "
        f"{' or '.join(v['options']) or 'nothing that is left'} (one generic mana, or one mana of its "
        f"color)."),
    "convoke_symbol.nothing_left_total": ("Nothing is left of {spell's} total cost for {creature} to pay: "
                                          "each creature that convokes pays one mana."),
    "convoke_symbol.what_left_total": lambda v: (
        f"What is left of {possessive(v['spell'])} total cost is {v['rest']}, and {v['creature']} is "
        f"{v['color']}: a "
        f"creature that convokes pays one generic mana or one mana of its own color"
        + (f" (convoke taps creatures and spends no mana, so {v['orrery'][0]} doesn't help)" if v["orrery"]
           else "") + "."),
    "payment.mana_pool_holds": lambda v: (
        f"{possessive(v['who'])} mana pool holds {v['pool'] + v['held']}, but {v['held']} of it can be spent "
        f"only on "
        f"{_spells_of(v['restricted'])}, and "
        + (f"the rest, {v['pool']}, can't pay" if v["pool"] else "no other mana is left to pay")
        + f" {v['shown']}{v['with_x']} for {v['what']}."),
    "payment.mana_pool_holds_2": lambda v: (
        f"{possessive(v['who'])} mana pool holds {v['pool']}, which can't pay {v['shown']}{v['with_x']}."
        + (" Add mana first (activate mana abilities)." if v["add_first"] else "")),
    "payment.cant_pay_for": lambda v: (
        f"{v['who']} can't pay {v['shown']}{v['with_x']} for {v['what']} with {v['paying']}: {v['held']} of "
        f"that pool can be spent only on {_spells_of(v['restricted'])}."),
    "payment.cant_pay_for_2": "{who} can't pay {shown}{with_x} for {what} with {paying}: {problem}.",
    "target.has_no_target": "This has no target.",
    "target.needs_target_pass": "This needs a target ({text}): pass target=...",
    "target.cant_chosen_for": lambda v: (f"{v['problem'][0].upper()}{v['problem'][1:]}, so it can't be "
                                         f"chosen for \"{v['text']}\"."),
    "some_target.needs_target_there": "{what} needs a target ({text}), and there is none: {missing}.",
    "resolve.stack_empty_there": "The stack is empty: there is nothing to resolve.",
    "resolve.copy_answers_enter": ("copy= answers 'enter as a copy of which creature?' for a permanent "
                                   "that may enter as a copy (Clone, CR 707.5), and nothing that entered "
                                   "while the top of the stack resolved asked that."),
    "resolve.free_cast_mana": ("free_cast=, x= and mana_from= answer cascade's 'you may cast it without "
                               "paying its mana cost' (CR 702.85a), and nothing that resolved offered "
                               "that."),
    "resolve_stack.stack_never_empties": "the stack never empties: too many events",
    "copy_choice.not_creature_on": "#{copy} is not a creature on the battlefield to copy.",
    "put_counters.would_have_counters": "{name} would have {total:,} {kind} counters",
    "create_tokens.more_tokens_would": "{n} more tokens would make the game hold {total:,} objects",
    "cascade_cast.spell_with_cost": ("Only a spell with {{X}} in its cost takes a value for X ({card} got "
                                     "x={x})."),
    "cascade_cast.cast_without_paying": ("{card} is cast without paying its mana cost, so the only legal "
                                         "choice for X is 0 (x={x})."),
    "cascade_cast.never_free": ("{card} has {{X}} in its cost, and by these rules no such spell is cast "
                                "without paying its mana cost."),
    "cascade_cast.mana_from_names": ("mana_from= names mana abilities to activate while casting the spell "
                                     "cascade found (CR 601.2g), so it goes with free_cast=True."),
    "cascade_cast.no_card_type": "{name} has no card type (a placeholder card), so it can't be cast.",
    "cascade_cast.mana_value_not_less": ("{name's} mana value isn't less than {mv}, so cascade doesn't let "
                                         "{who} cast it."),
    "cascade_cast.even_cast_without": ("{increase}, even cast without paying its mana cost (CR 601.2f, "
                                       "118.9d), and {who's} mana pool can't pay that. Name what {who} "
                                       "taps for mana while casting it: mana_from=[...] (601.2g)."),
    "produce_mana.would_add_none": "{name's} mana ability would add no mana now, so these rules won't let "
                                   "{who} activate it.",
    "activate_mana_while_casting.has_no_mana": ("{name} has no mana ability to activate while casting "
                                                "{spell}."),
    "attack_timing.attackers_are_declared": ("Attackers are declared as the declare attackers step "
                                             "begins: call attack() in the beginning of combat step "
                                             "(advance(to='beginning_of_combat') first)."),
    "block_timing.blockers_are_declared": ("Blockers are declared as the declare blockers step begins: "
                                           "call block() in the declare attackers step, after attackers "
                                           "were declared."),
    "attack.listed_twice_creature": ("{name} is listed twice: a creature attacks at most once per "
                                     "declaration."),
    "attack.not_opponent_still": "{defender} is not an opponent of {active} still in the game.",
    "attack.not_creature_controls": "{name} is not a creature {active} controls.",
    "attack.tapped_untapped_creatures": "{name} is tapped; only untapped creatures can attack.",
    "attack.cant_attack_hasnt": ("{name} can't attack: it hasn't been under {active's} control "
                                 "continuously since their most recent turn began, and it doesn't have "
                                 "haste."),
    "block.blocks_must_dict": "blocks must be a dict {{blocker: attacker}}, not {blocks!r}",
    "block.not_attacking": "{attacker} is not attacking.",
    "block.not_creature_controlled": ("{blocker} is not a creature controlled by the player {attacker} "
                                      "attacks."),
    "block.tapped_tapped_creatures": "{blocker} is tapped; tapped creatures can't block.",
    "block.summoning_sick": "By these rules {blocker} is summoning sick, so it can't block.",
    "block.has_flying_creature": ("{attacker} has flying: only a creature with flying or reach can block "
                                  "it, and {blocker} has neither."),
    "declaring.first_has_every": lambda v: (
        f"{v['reason']} ({v['call']} first has every player pass, and before the declaration: "
        f"{'; '.join(v['happened'])}.)"),
    "combat_damage.blocked_by_one": ("{attacker} is blocked by one creature, {name}, and assigns all its "
                                     "{power} combat damage to it: there is nothing to divide (damage= "
                                     "for it)."),
    "trample.lethal_first": lambda v: (
        f"damage for {v['attacker']} (trample) must name each creature blocking it ({', '.join(v['names'])}) "
        f"and give each at least lethal damage ({', '.join(map(str, v['lethal']))}), {v['power']} in all at "
        f"most: the rest goes to {v['player']} (CR 702.19b)."),
    "reachable.no_first_strike": ("to='first_strike_damage': no attacking or blocking creature has first "
                                  "strike or double strike, so this combat has one combat damage step "
                                  "(CR 510.4): use to='combat_damage'"),
    "divide_damage.damage_for_must": ("damage for {attacker} must give all {power} of its damage to the "
                                      "creatures blocking it ({names!j}), divided as {who} likes."),
    "player.must_players_name": "{argument} must be a player's name (a string), not {name!r}",
    "player.there_no_player": "there is no player named {name!r} (players: {players!j})",
    "not_over.game_over_draw": "The game is over: it is a draw (CR 104.4a).",
    "not_over.game_over_won": "The game is over: {winner} won (CR 104.2a).",
    "can_act.no_player_gets": ("No player gets priority during the {step_title}, so nothing can be "
                               "activated or cast now."),
    "can_act.doesnt_have_priority": ("{player} doesn't have priority: {holder} does, and nothing is "
                                     "asking {player} to pay mana right now. A mana ability can be "
                                     "activated while its controller holds priority or while they are "
                                     "paying a cost or asked for mana (CR 605.3a, 117.1d); {holder} can "
                                     "pass priority (pass_priority())."),
    "can_act.doesnt_have_priority_2": ("{player} doesn't have priority: {holder} does. A player casts "
                                       "spells and activates abilities only while holding priority; "
                                       "{holder} can pass it (pass_priority())."),
    "room.games_log_full": "this game's log is full: one more event would make it {events:,} events",
    # ------------------------------------------------------------------ arguments (validate.py)
    "validate.whole_number.type": "{name} must be a whole number from {low} to {high}, not {value!r}",
    "validate.whole_number.range": "{name} must be a whole number from {low} to {high}, not {value}",
    "validate.flag.type": "{name} must be True or False, not {value!r}",
    "validate.text.type": "{name} must be a string, not {type_name} {short}",
    "validate.text.length": "{name} must be 1 to {max_len} characters long, not {short}",
    "validate.one_of.type": "{name} must be one of {listed}, not {short}",
    "validate.one_of.value": "{name} must be one of {listed}, not {value!r}",
    "validate.ref.type": "{name} must be an object id (a whole number) or a name, not {short}",
    "validate.ref_list.type": "{name} must be a list of object ids or names, not {short}",
    # ------------------------------------------------------------------ mana (mana.py)
    "mana.immutable": "Mana is immutable",
    "mana.unknown_type": "unknown mana type {mana_type!r}; expected one of {types}",
    "mana.not_symbols": "not a sequence of mana symbols: {text!r}",
    "mana.over_limit": ("more than {max_mana:,} mana, the kit's limit (MAX_MANA in mtgkit.limits): "
                        "{text!r}"),
    "mana.cannot_take": "cannot take {other} from {pool}",
    "mana.unknown_hybrid": "unknown hybrid symbol {{{sym}}} in {text!r}",
    "mana.unknown_symbol": "unknown mana symbol {{{sym}}} in {text!r}",
    "mana.cant_pay_colored": "{pool} can't pay the colored part of {cost}",
    "mana.cant_pay_hybrid": "{pool} can't pay the hybrid part of {cost}",
    "mana.not_enough": "{pool} is not enough mana for {cost} (X={x})",
    # ------------------------------------------------------------------ card texts (abilities.py)
    "abilities.unknown_cost_part": "unknown cost part {part!r} in {text!r}",
    # ------------------------------------------------------------------ scripted choices (choices.py)
    "choices.scripted_answer": "scripted answer {answer!r} for {question!r} is not one of {options}",
    "choices.scripted_order": "scripted order {answer} for {question!r} must arrange {items}",
    # ------------------------------------------------------------------ records (records.py)
    "records.too_many_values": "{name} takes at most {n_fields} values, got {n_args}",
    "records.two_values": "{name} got two values for {field!r}",
    "records.unexpected_field": "{name} got an unexpected field {unknown!r}; its fields are {fields!j}",
    "records.needs_value": "{name} needs a value for {field!r}",
    "records.immutable": "{name} is immutable",
    # ------------------------------------------------------------------ why not (whynot.py)
    "whynot.no_triggered_ability": lambda v: (
        f"ref: {v['name']} has no triggered ability (one that begins with \"when\", \"whenever\" or \"at\", "
        f"CR 603.1), so there is nothing that could trigger."
        + (" Its \"if ... instead\" is a replacement effect: it changes an event as it happens and never "
           "triggers (CR 614.1a)." if v["replacement"] else "")),
}


class _Joining(string.Formatter):
    """``str.format`` with two conversions for lists: ``!j`` joins with commas, ``!o`` with "or"."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "j":
            return ", ".join(str(x) for x in value)
        if conversion == "o":
            return " or ".join(str(x) for x in value)
        return super().convert_field(value, conversion)


_JOINING = _Joining()


def refusal(key: str, **facts: Any) -> str:
    """The words of refusal ``key`` with these facts: what the error the engine raises says."""
    said = REFUSALS[key]
    values = Values(None, facts)
    return _JOINING.vformat(said, (), values) if isinstance(said, str) else said(values)


#: What the engine asks a player, by key: the question a chooser (:mod:`mtgkit.choices`) is
#: given with the options. The engine names a question with ``prompt(key, ...)``.
PROMPTS: dict[str, Sentence] = {
    "discard.hand_size": "discard a card (hand size)",
    "mana.which": "mana from {name}",
    "mana.replacement_order": "replacement effects on {name's} mana",
    "payment.which_mana": "which mana {who} spends to pay {cost} for {what}",
    "copy.which": "what {name} enters as a copy of",
    "sacrifice.may_to_draw": "sacrifice a {card_type} to draw a card?",
    "target.copy": "target for the copy of {original}",
    "cascade.cast": "cast {card} without paying its mana cost (cascade)?",
    "cascade.x": "the value of X for {card}, cast without paying its mana cost?",
    "target.spell": "target for {card}",
    "sacrifice.which": lambda v: f"which {v['card_type'].lower()} {v['player']} sacrifices",
    "damage.effect_order": "which effect applies first to {source's} damage",
    "damage.redirection": "which redirection applies to {source's} damage",
    "damage.divide": "combat damage from {attacker} to {blocker} ({left} left to assign)",
    "damage.trample": ("combat damage from {attacker} past its blockers to {player} (trample; at most "
                       "{excess} once its blockers have lethal damage)"),
    "legend_rule.keep": "which {name} to keep (legend rule)",
    "color.as_enters": "color for {name} as it enters",
    "triggers.order": "order of your triggers on the stack",
    "target.trigger": "target for {source_name's} ability",
}


def _filled(said: Sentence, facts: dict[str, Any]) -> str:
    """A sentence of one of the tables with these facts."""
    values = Values(None, facts)
    return _JOINING.vformat(said, (), values) if isinstance(said, str) else said(values)


def prompt(key: str, **facts: Any) -> str:
    """The question ``key`` with these facts: what a chooser is asked."""
    return _filled(PROMPTS[key], facts)


#: The words of the could-produce query's explanation and trace (:mod:`mtgkit.could_produce`,
#: CR 106.7), by key: the query works out what a permanent could produce and from where (its
#: abilities, what each would make now, the replacement effects it counts, the chain back to a
#: permanent that makes the type by itself) and names each part with ``explanation(key, ...)``.
EXPLANATIONS: dict[str, Sentence] = {
    "could.headline": "{who} could produce {types} (CR 106.7).",
    "could.no_abilities": "It has no mana abilities.",
    "could.would_make": lambda v: (
        f"it would make {v['base']} if it resolved now (costs ignored)"
        + (f": {v['why']}" + (" (CR 106.5)" if v["undefined"] else "") if v["why"] else "")),
    "could.no_outside_source": "The permanents it watches only reflect other reflecting permanents; with no "
                               "outside source, the least fixed point gives them nothing.",
    "could.after_effect": lambda v: (
        f"after the replacement effect {v['effects'][0]}: {v['types']} (CR 106.7)"
        if len(v["effects"]) == 1 else
        f"after the replacement effects {', '.join(v['effects'])} in every order: {v['types']} (CR 106.7)"),
    "could.where_from": "Where each type really comes from:",
    "could.by_itself": "could produce {{{t}}} by itself",
    "could.once_replaced": lambda v: (
        f"could produce {{{v['t']}}} once {' and '.join(v['effects'])} "
        f"replace{'s' if len(v['effects']) == 1 else ''} its own mana"),
    "could.copies": lambda v: (
        f"copies a {'color' if v['kinds'] == 'colors' else 'type'} of a {v['card_type'].lower()} "
        + {"you": f"{v['controller']} controls", "opponents": f"an opponent of {v['controller']} controls",
           "any": "any player controls"}[v["whose"]]),
    "could.chain_link": "{who}, which {what}",
    "could.trace": lambda v: f"{{{v['t']}}}: " + ": ".join(v["parts"]) + ".",
    "could.reflects": "reflects {sources!j}",
    "could.source": "{name} ({types})",
    "could.permanent": "{controller}'s {name}",
    # what an X question's explanation adds to the events it cites (mtgkit.topics.x_values.XEntry)
    "x.on_the_battlefield": "On the battlefield X is 0 in its mana cost (CR 202.3e, 107.3g), whatever its "
                            "counters.",
    "x.on_the_stack": "On the stack X counts as the number chosen, once for each {{X}} in the cost "
                      "(CR 202.3e).",
    "x.choices": lambda v: "Alice's choices give: " + "; ".join(v["said"]) + ".",
}


def explanation(key: str, **facts: Any) -> str:
    """Part ``key`` of an explanation (the could-produce query's, an X question's), with these facts."""
    return _filled(EXPLANATIONS[key], facts)
