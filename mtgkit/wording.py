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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .events import Event, Words


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
    "options_shown": lambda v: f"(options: {', '.join(v['options'])})",
    "targeting": lambda v: f" targeting {v['target_name']}" if v["target"] is not None else "",
    "responding": lambda v: " in response" if v["in_response"] else "",
    "lost": lambda v: -v["delta"],  # life paid or lost, counters removed
}


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
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def _s(n: int, noun: str) -> str:
    return noun if n == 1 else noun + "s"


#: What each step or phase is called (CR 500.1).
STEP_TITLES = {
    "untap": "untap step", "upkeep": "upkeep step", "draw": "draw step",
    "main1": "precombat main phase", "beginning_of_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step", "declare_blockers": "declare blockers step",
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
    "enter.token": _enters(lambda v: f"{v['player']} creates a {v['name']} token"
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
    "fizzle.not_exiled": "{card} isn't exiled: {until} (#{already}) after the ability triggered",
    "fizzle.controller_left": "{item} ceases to exist: its controller left the game",
    "fizzle.pending_controller_left": ("{obj's} ability (triggered at #{triggered}) ceases to exist: its "
                                       "controller left the game before it was put on the stack"),
    "fizzle.pending_controller_gone": ("{obj's} ability (triggered at #{triggered}) isn't put on the "
                                       "stack: {player}, who would control it, has left the game"),
    # ------------------------------------------------------------------ choices
    "choice.answer": "{player} chooses: {answer}",
    "choice.color": "{player} chooses {answer} for {obj} as it enters",
    "choice.mana": "{player} chooses {answer} from {obj} {options_shown}",
    "choice.replacement_order": lambda v: (f"{v['player']} orders the replacement effects: "
                                           + " then ".join(v["answer"])),
    "choice.payment": lambda v: (f"{v['player']} chooses to pay {v['cost']} for {v['what']} with "
                                 f"{v['answer']} (options: {', '.join(v['options'])}"
                                 + (", ... (pay= names any other)" if v["more"] else "") + ")"),
    "choice.discard": lambda v: (f"{v['player']} has {v['hand']} cards in hand and discards "
                                 f"{len(v['answer'])}: {', '.join(v['answer'])}"),
    "choice.copy": lambda v: (f"{v['player']} chooses to have {v['obj']} enter as a copy of {v['answer']}"
                              if v["answer"] != "no copy" else
                              f"{v['player']} chooses not to copy anything with {v['obj']}"),
    "choice.target": "{player} chooses {answer} as the target of {of} {options_shown}",
    "choice.copy_target": "{player} chooses {answer} as the target of the copy of {of} {options_shown}",
    "choice.trigger_target": "{player} chooses {answer} as the target of {source's} ability {options_shown}",
    "choice.trigger_order": lambda v: (f"{v['player']} puts their triggers on the stack in this order: "
                                       + ", ".join(v["answer"])),
    "choice.autopay": lambda v: (f"{v['player']} taps {v['answer']} for mana to pay {v['cost']} for "
                                 f"{v['what']} (no pay= given: the first way found to pay it)"),
    "choice.cascade_cast": lambda v: (f"{v['player']} chooses {'' if v['cast'] else 'not '}to cast "
                                      f"{v['obj']} without paying its mana cost (cascade)"),
    "choice.nothing_to_sacrifice": lambda v: (f"{v['player']} controls no {v['card_type'].lower()} "
                                              f"to sacrifice"),
    "choice.legend_rule": "{player} keeps {answer} (legend rule)",
    "choice.damage_effect": "{player} applies {answer} first to {source's} damage {options_shown}",
    "choice.protector": "{player} chooses {answer} to take {source's} damage {options_shown}",
    "choice.no_blockers_left": ("{obj} is blocked but nothing blocks it any more, so it assigns no "
                                "combat damage"),
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


def sentence(event: Event, about: Mapping[str, Any] | None = None) -> str:
    """The sentence ``event`` is said in. ``about``: fields the game is about to give it (the
    object it is about and that object's player), which the sentence may name."""
    key = event.words.key if event.words is not None else type(event).__name__
    return _said(SENTENCES[key], Values(event, about or {}))


def words_text(words: Words) -> str:
    """Words said on their own, from their facts only (a reason inside an event's sentence)."""
    return _said(SENTENCES[words.key], Values(None, dict(words.facts)))
