"""Misconceptions: each is a named, documented variant of the rules that produces its wrong
answer on its smallest example board, while the engine gives the right one."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from helpers import cr_rules

from mtgkit import Game
from mtgkit.lessons import ActivationCase
from mtgkit.misconceptions import (
    CATALOG,
    applicable,
    believe,
    diagnose,
    distractors,
)
from mtgkit.rules import TITLES
from mtgkit.situations import Activation, BoardSpec, CouldProduce, Perm
from mtgkit.topics.base import rules_held
from mtgkit.variants import CR

ROOT = Path(__file__).resolve().parents[1]

#: name -> (what the rules answer on its example (every legal answer, when a player's choice decides
#: it), what the misconception answers there)
EXPECTED: dict[str, tuple[str | tuple[str, ...], str]] = {
    "colorless-is-a-color": ("nothing", "{C}"),
    "costs-block-could-produce": ("{G}", "nothing"),
    "replacements-ignored-in-could-produce": ("{B}", "{G}"),
    "reflections-feed-each-other": ("nothing", "{W}{U}{B}{R}{G}"),
    "undefined-mana-is-colorless": ("nothing", "{C}"),
    "colorless-is-not-a-type": ("{C}", "nothing"),
    "zero-mana-still-has-a-type": ("nothing", "{G}"),
    "printed-order": ("{B}{B}", "{B}"),
    "replacements-last-in-first-out": ("{B}", "{B}{B}"),
    "reflection-doubles-triggered-mana": ("{G}{G}{G}", "{G}{G}{G}{G}"),
    "replacement-changes-triggered-mana": ("{B}{G}", "{B}{B}"),
    "replaced-mana-triggers-nothing": ("{B}{G}", "{B}"),
    "trigger-copies-printed-mana": ("{B}{B}", "{B}{G}"),
    "contamination-keeps-the-amount": ("{B}", "{B}{B}"),
    "same-effects-dont-stack": ("{G}{G}{G}{G}", "{G}{G}"),
    "copy-keeps-x": ("0", "2"),
    "returned-card-keeps-x": ("Walking Ballista in her graveyard",
                              "Walking Ballista back on the battlefield with 2 counters"),
    "x-zero-when-it-enters": ("2", "0"),
    "x-stays-on-the-battlefield": ("0", "4"),
    "x-means-mana-paid": ("1", "2"),
    "x-counted-once": ("2", "1"),
    "sickness-stops-noncreatures": ("yes", "no"),
    "sickness-spares-untap-symbol": ("no", "yes"),
    "untap-symbol-needs-untapped": ("no", "yes"),
    "mana-abilities-dodge-sickness": ("no", "yes"),
    "sickness-only-stops-attacking": ("no", "yes"),
    "redirected-damage-is-damage-to-the-monarch": ("Bob", "Alice"),
    "blocked-damage-takes-the-crown": ("Bob", "Alice"),
    "protector-only-stops-combat-damage": ("0", "3"),
    "redirect-spills-over": ("0", "1"),
    "crown-passes-in-turn-order": ("Alice", "Carol"),
    "crown-disappears": ("Alice", "nobody"),
    "becoming-monarch-again-triggers": ("2", "1"),
    "draw-follows-the-crown": ("Alice", "Bob"),
    "reflectors-count-nonland-permanents": ("nothing", "{G}"),
    "reflectors-count-triggered-mana": ("{G}", "{U}{G}"),
    "spend-as-any-color-changes-type": ("nothing", "{W}{U}{B}{R}{G}"),
    "reflected-mana-keeps-restrictions": ("Alice has 20 life; Bob has 17 life",
                                          "Alice can't spend that mana on Lightning Bolt"),
    "reflected-mana-keeps-riders": ("Alice has 20 life; Bob has 17 life",
                                    "Alice has 17 life; Bob has 17 life"),
    "opponents-mana-effects-apply-to-me": ("{G}", "{G}{G}"),
    "reflection-doubles-lands-only": ("{G}{G}", "{G}"),
    "reflection-doubles-untap-abilities": ("{U}{G}{G}", "{U}{U}{G}{G}"),
    "nothing-to-make-cant-activate": ("no mana", "she can't activate it"),
    "tapped-for-nothing-still-triggers": ("no mana", "{G}"),
    "replacement-makes-mana-from-nothing": ("no mana", "{B}"),
    "replacement-effects-are-optional": ("{B}", "{G}"),
    "convoke-is-tapping-for-mana": ("{G}", "{G}{G}{G}"),
    "type-trigger-checks-printed-type": ("{B}{B}", "{B}"),
    "replacements-checked-once": ("{C}", "{G}{G}"),
    "mana-stays-until-end-of-turn": ("{G}", "{G}{G}{G}"),
    "copy-isnt-legendary": (("The Goose Mother with 4 counters; 2 Food",
                             "The Goose Mother with no counters; 2 Food"),
                            "two Goose Mothers (4 and 0 counters); 2 Food"),
    "legend-rule-kills-both": (("The Goose Mother with 4 counters; 2 Food",
                                "The Goose Mother with no counters; 2 Food"),
                               "no Goose Mother; 2 Food"),
    "legend-rule-removes-the-newcomer": ("The Goose Mother with 4 counters; 2 Food",
                                         "The Goose Mother with no counters; 2 Food"),
    "x-card-mana-value-unknown-off-the-stack": ("0", "Order of Whiteclay can't target it"),
    "spell-copy-loses-x": ("two Walking Ballistas, with 2 counters each",
                           "one Walking Ballista, with 2 counters"),
    "free-cast-keeps-x-choice": ("it is cast with X = 0: Walking Ballista enters with no counters and dies",
                                 "it is cast with X = 2: Walking Ballista stays with 2 counters"),
    "free-cast-forbids-x-spells": ("it is cast with X = 0: Walking Ballista enters with no counters and dies",
                                   "it can't be cast: Walking Ballista goes to the bottom of her library"),
    "spell-copy-is-cast": ("one Walking Ballista, with 1 counter", "no Walking Ballista"),
    "reduced-to-nothing-is-free": ("it is cast with X = 1: Walking Ballista stays with 1 counter",
                                   "it is cast with X = 0: Walking Ballista enters with no counters "
                                   "and dies"),
    "dies-trigger-sees-no-counters": ("2 Thopter tokens; Hangarback Walker in her graveyard",
                                      "0 Thopter tokens; Hangarback Walker in her graveyard"),
    "sickness-ends-at-end-of-turn": ("no", "yes"),
    "sickness-stops-all-activated-abilities": ("yes", "no"),
    "sickness-stops-blocking": ("yes", "no"),
    "haste-only-helps-attacking": ("yes", "no"),
    "symmetric-effects-help-only-their-controller": ("yes", "no"),
    "abilities-only-on-your-turn": ("yes", "no"),
    "most-recent-turn-is-the-previous-one": ("yes", "no"),
    "control-change-doesnt-reset-sickness": ("no", "yes"),
    "sick-creatures-cant-convoke": ("yes", "no"),
    "owner-is-the-controller": ("yes", "no"),
    "attacking-doesnt-tap": ("no", "yes"),
    "noncombat-creature-damage-takes-the-crown": ("Bob is the monarch; Bob has 19 life",
                                                  "Alice is the monarch; Bob has 19 life"),
    "monarch-draws-every-end-step": ("1 card", "2 cards"),
    "combat-steal-doesnt-trigger-lich": ("Alice is the monarch; Bob controls 0 creatures",
                                         "Alice is the monarch; Bob controls 1 creature"),
    "split-damage-between-protectors": ("Bob is the monarch; Bob controls 1 Protector of the Crown",
                                        "Bob is the monarch; Bob controls 2 Protectors of the Crown"),
    "protector-guards-the-monarch": ("Bob is the monarch; Alice has 18 life",
                                     "Alice is the monarch; Alice has 20 life"),
    "late-arrival-sees-the-event": ("Bob is the monarch; Alice controls 1 creature",
                                    "Bob is the monarch; Alice controls 0 creatures"),
    "gone-permanent-still-triggers": ("Alice is the monarch; Bob controls 1 creature",
                                      "Alice is the monarch; Bob controls 0 creatures"),
    "crown-moves-without-a-trigger": ("nobody is the monarch; Bob has 20 life",
                                      "Bob is the monarch; Bob has 20 life"),
    "targeter-chooses-the-sacrifice": ("Bob", "Alice"),
    "damage-wears-off-between-steps": ("Bob is the monarch; Bob controls 0 Protectors of the Crown",
                                       "Bob is the monarch; Bob controls 1 Protector of the Crown"),
    "redirection-changes-the-source": ("Bob is the monarch; Bob controls 0 Protectors of the Crown",
                                       "Bob is the monarch; Bob controls 1 Protector of the Crown"),
    "jailer-releases-when-it-leaves": ("Alice is the monarch; Bob controls 1 creature",
                                       "Alice is the monarch; Bob controls 2 creatures"),
    "ability-fizzles-without-source": ("Bob", "nobody"),
    "owner-takes-the-crown": ("Alice", "Bob"),
    "one-source-never-splits": ("any split of its 6 damage between the two blockers, as Alice chooses",
                                "all 6 damage to one of the blockers: one source's damage can't be split"),
    "damage-assignment-order": ("any split of its 6 damage between the two blockers, as Alice chooses",
                                "lethal damage to the first blocker in order before the second gets any"),
    "blocked-excess-tramples-over": ("any split of its 6 damage between the two blockers, as Alice chooses",
                                     "lethal damage to each blocker, and whatever is left over to Bob"),
    "redirected-damage-isnt-combat-damage": ("Bob is the monarch; Bob controls 1 Protector of the Crown",
                                             "Bob is the monarch; Bob controls 0 Protectors of the Crown"),
    "protector-is-optional": ("Bob is the monarch; Bob controls 0 Protectors of the Crown",
                              "Alice is the monarch; Bob controls 1 Protector of the Crown"),
    # the monarch's new interactions (rule variants, issue 30 item 7)
    "first-strike-damage-all-at-once": ("Bob is the monarch; Alice controls 1 creature",
                                        "Bob is the monarch; Alice controls 0 creatures"),
    "double-strike-hits-once": ("Alice is the monarch; Bob has 18 life",
                                "Alice is the monarch; Bob has 19 life"),
    "first-strike-hits-twice": ("Alice is the monarch; Bob has 18 life",
                                "Alice is the monarch; Bob has 16 life"),
    "trample-ignores-marked-damage": ("Alice is the monarch; Bob has 15 life",
                                      "Alice is the monarch; Bob has 18 life"),
    "blocked-trampler-hits-only-blockers": ("Alice is the monarch; Bob has 16 life",
                                            "Bob is the monarch; Bob has 20 life"),
    "trample-skips-blockers": ("Alice is the monarch; Bob has 16 life",
                               "Alice is the monarch; Bob has 14 life"),
    "exile-lasts-while-jailer-stays": ("Alice is the monarch; Alice controls 1 creature, Bob 2",
                                       "Alice is the monarch; Alice controls 1 creature, Bob 1"),
    "intervening-if-checked-once": ("Alice is the monarch; Alice controls 1 creature",
                                    "Alice is the monarch; Alice controls 2 creatures"),
}
TOPICS = ("could-produce", "tapping", "x-values", "tap-untap", "monarch")


def test_the_catalog_is_complete_and_documented() -> None:
    assert len(CATALOG) >= 55 and set(CATALOG) == set(EXPECTED)
    assert {m.topic for m in CATALOG.values()} == set(TOPICS)
    for name, m in CATALOG.items():
        assert m.name == name and re.fullmatch(r"[a-z]+(-[a-z]+)*", name)
        assert m.title and m.description.endswith(".") and m.rule_says.endswith(".")
        assert m.ask.endswith("?") and m.example.describe()
        assert m.rule in TITLES, f"{name} cites {m.rule}, which has no title in mtgkit.rules"
        assert m.plugs_in in ("variant", "chooser", "inputs", "outputs", "model")
        assert m.applies_to(m.example) and m.example.topic == m.topic


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_misconception_gives_its_wrong_answer_where_the_engine_gives_the_right_one(name: str) -> None:
    m = CATALOG[name]
    right, wrong = EXPECTED[name]
    rights = right if isinstance(right, tuple) else (right,)
    assert m.example.legal() == rights, "the engine's answer on the example"
    assert wrong in m.run(m.example) and wrong not in rights
    assert name in diagnose(m.example, wrong)
    assert believe(m.example, frozenset()) == m.example.legal()
    text = m.feedback()
    assert f"CR {m.rule}" in text and m.example.describe() in text and wrong in text


def test_the_rule_each_one_gets_wrong_exists_in_the_cited_edition() -> None:
    present = cr_rules()  # the shipped numbers of the edition (tests/cr_numbers.json)
    assert {m.rule for m in CATALOG.values()} <= present


def random_board(rng: random.Random) -> Game:
    lands = ["Plains", "Island", "Wastes", "Forest", "Underground Sea", "Mystic Gate", "Vivid Crag",
             "Gaea's Cradle", "Mana Confluence", "Meteor Crater", "Exotic Orchard", "Reflecting Pool",
             "Fellwar Stone"]
    perms = [Perm(rng.choice(lands), who, tapped=rng.random() < 0.3)
             for who in ("Alice", "Bob") for _ in range(rng.randint(0, 3))]
    extras = ["Contamination", "Mana Reflection", "Llanowar Elves"]
    perms += [Perm(name, rng.choice(["Alice", "Bob"])) for name in rng.sample(extras, rng.randint(0, 2))]
    return BoardSpec(tuple(perms)).build()[0]


@pytest.mark.parametrize("seed", range(4))
def test_the_could_produce_model_holding_nothing_is_the_engine(seed: int) -> None:
    """The could-produce misconceptions are variants of the engine's own query: a learner holding
    none of them plays by the CR, and the same board set up again by those rules answers as the
    engine does on random boards."""
    rng = random.Random(seed)
    assert rules_held(frozenset()) is CR
    for _ in range(25):
        g = random_board(rng)
        assert g.replay(rules_held(frozenset())).could_produce_all() == g.could_produce_all(), \
            g.board().describe()


def test_the_activation_model_holding_nothing_is_the_engine() -> None:
    for card in ("Llanowar Elves", "Order of Whiteclay", "Pili-Pala", "Fellwar Stone", "Raging Goblin",
                 "Hangarback Walker", "Vivid Crag"):
        for arrived in ("last turn", "this turn"):
            for tapped in (False, True):
                case = ActivationCase(card, arrived, tapped)
                g, ref = case.game()
                said = "yes" if g.can_activate(ref) else "no"
                assert believe(case.situation(), frozenset()) == (said,)
                assert case.situation().believe(frozenset()) == case.situation().legal()


def test_two_misconceptions_held_together_are_named_together() -> None:
    s = CouldProduce(BoardSpec((Perm("Exotic Orchard"), Perm("Wastes", "Bob", tapped=True))), 0)
    found = distractors(s)
    assert found["{C}"] == ("colorless-is-a-color", "undefined-mana-is-colorless")
    s2 = CouldProduce(BoardSpec((Perm("Exotic Orchard"), Perm("Forest", "Bob", tapped=True),
                                 Perm("Wastes", "Bob"))), 0)
    assert "colorless-is-a-color + costs-block-could-produce" in distractors(s2)["{C}"]


def test_a_legal_answer_is_never_a_distractor() -> None:
    for m in CATALOG.values():
        assert not set(distractors(m.example)) & set(m.example.legal())


def test_misconceptions_live_outside_the_engine() -> None:
    """No misconception branches in the core: its modules never mention one."""
    core = ["game.py", "events.py", "state.py", "targets.py", "triggers.py", "abilities.py",
            "could_produce.py", "replacement.py", "view.py", "mana.py", "choices.py"]
    for name in core:
        text = (ROOT / "mtgkit" / name).read_text()
        assert "misconception" not in text.lower(), name
        for m in CATALOG:
            assert m not in text, (name, m)


def test_each_situation_type_knows_its_misconceptions() -> None:
    act = Activation((ActivationCase("Fellwar Stone", "this turn", False),))
    assert "sickness-stops-noncreatures" in applicable(act)
    assert believe(act, frozenset({"copy-keeps-x"})) == act.legal()  # not about this situation


def test_a_misconception_is_built_with_its_fields_named() -> None:
    """Nine fields, two of them free text (what the learner thinks, what the rule says): a
    misconception takes them by name only, so two texts can't be swapped by position."""
    from mtgkit.topics.base import Misconception

    m = next(iter(CATALOG.values()))
    values = tuple(m.fields().values())
    assert len(values) == 9
    with pytest.raises(TypeError, match="takes its fields by name"):
        Misconception(*values)  # type: ignore[misc]
    assert Misconception(**m.fields()) == m
    assert m.replace(description="x").description == "x"
