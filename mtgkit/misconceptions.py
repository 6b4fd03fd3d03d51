"""Misconceptions: the mistakes learners really make on these rules, as runnable models.

Each :class:`Misconception` is a named, documented variant of the rules. It never lives in
the engine: it plugs in at one well-defined point of the teaching layer and can be *run* on
any :mod:`~mtgkit.situations` situation to produce the answer a learner who holds it would
give:

* ``chooser``: the variant makes a player's choice differently (replacement effects in the
  order the cards arrived);
* ``inputs``: the variant changes the question before the engine answers it (a copy keeps
  the X of the original; summoning sickness ignored for mana abilities);
* ``outputs``: the variant changes what the engine's events add up to (Mana Reflection also
  doubles the triggered mana; redirected damage still counts as damage to the monarch);
* ``model``: a small teaching-layer model with a knob turned (the could-produce solver that
  counts colorless as a color).

:func:`believe` runs any set of misconceptions together (a learner may hold two at once);
with none it gives exactly the engine's legal answers. :func:`distractors` lists the wrong
answers they produce on a situation and which misconception produces each, and
:func:`diagnose` names the misconceptions behind a given wrong answer.

>>> m = CATALOG["reflection-doubles-triggered-mana"]
>>> m.example.legal(), m.run(m.example)
(('{G}{G}{G}',), ('{G}{G}{G}{G}',))
>>> diagnose(m.example, "{G}{G}{G}{G}")
['reflection-doubles-triggered-mana']
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

from .events import DamageDealt, DamageRedirected
from .records import Value
from .situations import (
    Bolts,
    Combat,
    DrawRace,
    Leaves,
    LichEnters,
    Situation,
)
from .topics import base, could_produce, tap_untap, tapping, x_values
from .topics.could_produce import believed_could_produce
from .topics.tap_untap import believed_activation


class Misconception(Value):
    """A named wrong idea about one rule, runnable on situations of the types it knows."""

    name: str
    topic: str
    title: str  # a few words
    description: str  # what the learner thinks, in plain words
    rule: str  # the CR number of the real rule
    rule_says: str  # what the rule really says, in our own words
    plugs_in: str  # "chooser", "inputs", "outputs" or "model"
    example: Any  # the smallest situation where this and the rules differ
    ask: str  # the example's question in words

    def run(self, s: Situation) -> tuple[str, ...]:
        """The answers a learner holding only this misconception would give on ``s``."""
        return believe(s, frozenset({self.name}))

    def applies_to(self, s: Situation) -> bool:
        known = _MODELS.get(type(s))
        return known is not None and self.name in known[0]

    def feedback(self) -> str:
        """What a learner who gave this misconception's answer should read."""
        right, wrong = self.example.legal(), self.run(self.example)
        return (f"This looks like the misconception \"{self.title}\": {self.description}\n"
                f"What the rule says (CR {self.rule}): {self.rule_says}\n"
                f"Smallest board where the two differ: {self.example.describe()}. {self.ask} "
                f"The rules: {' or '.join(right)}; this idea: {' or '.join(wrong)}.")


# =============================================================================== the models
# Each topic's model answers a situation with a set of misconceptions held; with none held it
# is the engine's answer.

Model = Callable[[Any, frozenset[str]], tuple[str, ...]]


# ------------------------------------------------------------------------ could produce (106.7)

# ------------------------------------------------------------------------ tapping (106.12)

# ------------------------------------------------------------------------ X values (107.3m)

# ------------------------------------------------------------------------ {T}/{Q} (107.5, 107.6, 302.6)

# ------------------------------------------------------------------------ the monarch (725, 614.9)
def _believe_combat(s: Combat, held: frozenset[str]) -> tuple[str, ...]:
    base = s
    if "only-the-monarchs-protector" in held and not s.bob_is_monarch:
        base = s.replace(protectors=0)
    found: dict[str, None] = {}
    for r in base.results():
        g = r.game
        monarch, life = r.monarch_after, g.life("Bob")
        events = g.events
        if r.monarch_before == "Bob" and monarch == "Bob":
            redirected = any(isinstance(e, DamageRedirected) and e.combat and e.before == "Bob"
                             for e in events)
            blocked = any(isinstance(e, DamageDealt) and e.combat and e.to_id is not None
                          and e.source_id is not None and g.controller_of(e.source_id) == "Alice"
                          and g.controller_of(e.to_id) == "Bob"
                          and not (e.cause is not None
                                   and isinstance(events[e.cause - 1], DamageRedirected))
                          for e in events)
            if ("redirected-damage-is-damage-to-the-monarch" in held and redirected) or (
                    "blocked-damage-takes-the-crown" in held and blocked):
                monarch = "Alice"
        found[s.answer_of(monarch, life)] = None
    return tuple(found)


def _believe_bolts(s: Bolts, held: frozenset[str]) -> tuple[str, ...]:
    if held & {"only-the-monarchs-protector", "protector-only-stops-combat-damage"}:
        return ("3",)  # nothing redirects the Bolt at Bob
    if "redirect-spills-over" in held and s.at_protector < 2:
        room = 5 - 3 * s.at_protector
        return (str(max(0, 3 - room)),)
    return s.legal()


def _believe_leaves(s: Leaves, held: frozenset[str]) -> tuple[str, ...]:
    if "crown-disappears" in held:
        return ("nobody",)
    if "crown-passes-in-turn-order" in held:
        i = s.players.index(s.monarch)
        return (s.players[(i + 1) % len(s.players)],)
    return s.legal()


def _believe_lich(s: LichEnters, held: frozenset[str]) -> tuple[str, ...]:
    if "becoming-monarch-again-triggers" in held and s.bob_was_monarch:
        return s.replace(bob_was_monarch=False).legal()
    return s.legal()


def _believe_race(s: DrawRace, held: frozenset[str]) -> tuple[str, ...]:
    if "draw-follows-the-crown" in held and s.lich:
        return ("Bob",)
    return s.legal()


# =============================================================================== the catalog

_ENTRIES: list[Any] = [  # (Any while the topics move to topic modules)
    # ------------------------------------------------------------------ could produce
    *could_produce.MISCONCEPTIONS,
    # ------------------------------------------------------------------ tapping for mana
    *tapping.MISCONCEPTIONS,
    # ------------------------------------------------------------------ X values
    *x_values.MISCONCEPTIONS,
    # ------------------------------------------------------------------ {T} and {Q}
    *tap_untap.MISCONCEPTIONS,
    # ------------------------------------------------------------------ the monarch
    Misconception(
        "redirected-damage-is-damage-to-the-monarch", "monarch",
        "damage to a Protector counts as damage to the monarch",
        "Combat damage that Protector of the Crown takes for the monarch still steals the crown.",
        "725.2", "The crown moves only when a creature deals combat damage to the monarch. A "
        "redirection effect (CR 614.9) deals the damage to the Protector instead, so the monarch "
        "was dealt none.",
        "outputs", Combat(("Grizzly Bears",), (), 1, True),
        "Who is the monarch after combat?"),
    Misconception(
        "blocked-damage-takes-the-crown", "monarch", "any combat damage takes the crown",
        "An attacker that deals combat damage to the monarch's blocker takes the crown too.",
        "725.2", "Only combat damage dealt to the monarch (the player) moves the crown; damage to "
        "a creature the monarch controls doesn't.",
        "outputs", Combat(("Grizzly Bears",), (("Hill Giant", "Grizzly Bears"),), 0, True),
        "Who is the monarch after combat?"),
    Misconception(
        "only-the-monarchs-protector", "monarch", "only the monarch's Protector protects",
        "Protector of the Crown redirects damage only while its controller is the monarch.",
        "614.9", "Protector of the Crown's redirection is a replacement effect that doesn't depend "
        "on being the monarch: damage that would be dealt to its controller is dealt to it instead.",
        "inputs", Bolts(0), "How much life does Bob lose?"),
    Misconception(
        "protector-only-stops-combat-damage", "monarch", "Protector only takes combat damage",
        "Protector of the Crown takes combat damage for its controller, but a Lightning Bolt still "
        "hits the player.",
        "614.9", "The Protector redirects all damage that would be dealt to its controller, combat "
        "or not; redirecting it doesn't change whether it is combat damage.",
        "outputs", Bolts(0), "How much life does Bob lose?"),
    Misconception(
        "redirect-spills-over", "monarch", "extra damage spills over to the player",
        "A damaged Protector takes only what it can survive; the rest goes on to its controller.",
        "614.9", "A redirection effect deals all of the damage to the Protector instead, even more "
        "than its toughness; it is destroyed afterwards (CR 704.5g) and nothing reaches the player.",
        "outputs", Bolts(1), "How much life does Bob lose?"),
    Misconception(
        "crown-passes-in-turn-order", "monarch", "the crown goes to the next player",
        "When the monarch leaves the game, the next player in turn order becomes the monarch.",
        "725.4", "If the monarch leaves the game, the active player becomes the monarch; only if "
        "the monarch is the active player does the next player in turn order get it.",
        "outputs", Leaves(("Alice", "Bob", "Carol"), "Alice", "Bob"),
        "Who is the monarch now?"),
    Misconception(
        "crown-disappears", "monarch", "the crown leaves with the monarch",
        "When the monarch leaves the game, the game goes on with no monarch.",
        "725.4", "Once there is a monarch there always is one while a player can be: when the "
        "monarch leaves, another player becomes the monarch at that moment.",
        "outputs", Leaves(("Alice", "Bob", "Carol"), "Alice", "Bob"),
        "Who is the monarch now?"),
    Misconception(
        "becoming-monarch-again-triggers", "monarch", "becoming the monarch again triggers",
        "'Whenever you become the monarch' triggers even if you already are the monarch.",
        "603.2e", "A 'becomes' trigger needs the change to happen: if you are already the monarch, "
        "'you become the monarch' changes nothing and Custodi Lich's ability doesn't trigger.",
        "outputs", LichEnters(True), "How many creatures could Alice control afterwards?"),
    Misconception(
        "draw-follows-the-crown", "monarch", "the draw follows the crown",
        "If another player becomes the monarch while the monarch's draw trigger waits on the stack, "
        "the new monarch draws.",
        "725.2", "The monarch's triggers are controlled by whoever was the monarch when they "
        "triggered, so the player who was the monarch at the beginning of the end step draws.",
        "outputs", DrawRace(True), "Who draws the card?"),
]
CATALOG: dict[str, Any] = {m.name: m for m in _ENTRIES}

#: Situation type -> (the misconceptions its model knows, the model).
_MODELS: dict[type, tuple[tuple[str, ...], Model]] = {}


def _register(kind: type, model: Model, names: Iterable[str]) -> None:
    _MODELS[kind] = (tuple(names), model)


_register(Combat, _believe_combat, ["redirected-damage-is-damage-to-the-monarch",
                                    "blocked-damage-takes-the-crown", "only-the-monarchs-protector"])
_register(Bolts, _believe_bolts, ["only-the-monarchs-protector", "protector-only-stops-combat-damage",
                                  "redirect-spills-over"])
_register(Leaves, _believe_leaves, ["crown-passes-in-turn-order", "crown-disappears"])
_register(LichEnters, _believe_lich, ["becoming-monarch-again-triggers"])
_register(DrawRace, _believe_race, ["draw-follows-the-crown"])

#: Pairs a learner can't hold together (they answer the same question two ways).
_EXCLUSIVE = {frozenset({"crown-passes-in-turn-order", "crown-disappears"})}


def believe(s: Situation, held: frozenset[str]) -> tuple[str, ...]:
    """The answers a learner holding the misconceptions ``held`` gives on ``s`` (the engine's
    legal answers when none of them applies)."""
    if isinstance(s, base.Situation):  # a topic module's situation: its own model
        return base.believe(s, held)
    names, model = _MODELS[type(s)]
    relevant = held & frozenset(names)
    return model(s, relevant) if relevant else s.legal()


def applicable(s: Situation) -> tuple[str, ...]:
    """The misconceptions the model of ``s``'s type knows, in catalog order."""
    if isinstance(s, base.Situation):
        return base.applicable(s)
    return _MODELS[type(s)][0]


def distractors(s: Situation, *, pairs: bool = True) -> dict[str, tuple[str, ...]]:
    """Every wrong answer the misconceptions produce on ``s`` -> who produces it: single
    misconception names, or ``"a + b"`` for two held together (only when no single one does)."""
    legal = set(s.legal())
    found: dict[str, list[str]] = {}
    names = applicable(s)
    for name in names:
        for answer in believe(s, frozenset({name})):
            if answer not in legal:
                found.setdefault(answer, []).append(name)
    if pairs:
        for a, b in itertools.combinations(names, 2):
            if frozenset({a, b}) in _EXCLUSIVE | getattr(type(s), "exclusive", frozenset()):
                continue
            for answer in believe(s, frozenset({a, b})):
                if answer not in legal and answer not in found:
                    found.setdefault(answer, []).append(f"{a} + {b}")
                elif answer in found and all(" + " in n for n in found[answer]):
                    found[answer].append(f"{a} + {b}")
    return {answer: tuple(who) for answer, who in found.items()}


def diagnose(s: Situation, answer: str) -> list[str]:
    """The misconceptions (or ``"a + b"`` pairs) that produce ``answer`` on ``s``; ``[]`` when the
    answer is legal or no known misconception produces it."""
    return list(distractors(s).get(answer, ()))


def misses(s: Situation, answer: str) -> list[str]:
    """The misconceptions under which the legal ``answer`` looks impossible (for a learner who
    says a legal outcome can't happen)."""
    return [n for n in applicable(s) if answer not in believe(s, frozenset({n}))]


def explain(names: Iterable[str]) -> str:
    """Feedback naming each misconception (a pair is explained part by part)."""
    parts: list[str] = []
    for name in names:
        for part in name.split(" + "):
            text = CATALOG[part].feedback()
            if text not in parts:
                parts.append(text)
    return "\n".join(parts)


def by_topic(topic: str) -> list[Any]:
    return [m for m in CATALOG.values() if m.topic == topic]


__all__ = ["CATALOG", "Misconception", "applicable", "believe", "believed_activation",
           "believed_could_produce", "by_topic", "diagnose", "distractors", "explain", "misses"]
