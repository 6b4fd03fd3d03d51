"""The could-produce misconceptions as rule variants (issue 30 item 1): each wrong rule is a
variant of the engine's CR 106.7 query, overriding one decision of it; on its example board the
engine, played by the variant, answers as the learner would while the CR answers as before. The
reflected-spend misreadings stay small registered functions. And the topic's stream is endless
and varied (item 5)."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest

from mtgkit.cards import CATALOG as CARDS
from mtgkit.game import Game
from mtgkit.mana import symbols
from mtgkit.misconceptions import CATALOG
from mtgkit.practice import questions
from mtgkit.topics.base import VARIANTS, rules_held
from mtgkit.topics.boards import BoardSpec, Perm
from mtgkit.topics.could_produce import (
    SPEND_MISREADINGS,
    VARIANT_MISTAKES,
    CouldProduce,
    Mistake,
    spend_play,
)
from mtgkit.variants import CR, DECISIONS, overrides

#: variant -> (the decision it overrides, the CR's answer on its example, the variant's)
EXPECTED = {
    Mistake.COLORLESS_IS_A_COLOR: ("reflectable", "nothing", "{C}"),
    Mistake.COLORLESS_IS_NOT_A_TYPE: ("reflectable", "{C}", "nothing"),
    Mistake.COSTS_BLOCK_COULD_PRODUCE: ("counts_ability", "{G}", "nothing"),
    Mistake.REPLACEMENTS_IGNORED: ("counted_replacements", "{B}", "{G}"),
    Mistake.REFLECTIONS_FEED_EACH_OTHER: ("reflection_start", "nothing", "{W}{U}{B}{R}{G}"),
    Mistake.UNDEFINED_MANA_IS_COLORLESS: ("undefined_mana", "nothing", "{C}"),
    Mistake.ZERO_MANA_STILL_HAS_A_TYPE: ("zero_mana", "nothing", "{G}"),
    Mistake.REFLECTORS_COUNT_NONLAND_PERMANENTS: ("reflects_from", "nothing", "{G}"),
    Mistake.REFLECTORS_COUNT_TRIGGERED_MANA: ("others_mana", "{G}", "{U}{G}"),
    Mistake.SPEND_AS_ANY_COLOR_CHANGES_TYPE: ("made_types", "nothing", "{W}{U}{B}{R}{G}"),
}


def test_every_wrong_rule_is_a_variant_and_the_rest_are_registered_misreadings() -> None:
    assert set(VARIANT_MISTAKES) == set(EXPECTED)
    assert {str(m) for m in VARIANT_MISTAKES} <= set(VARIANTS)
    assert set(SPEND_MISREADINGS) == {Mistake.REFLECTED_MANA_KEEPS_RESTRICTIONS,
                                      Mistake.REFLECTED_MANA_KEEPS_RIDERS}
    assert set(VARIANT_MISTAKES) | set(SPEND_MISREADINGS) == set(Mistake)
    for m in Mistake:
        assert CATALOG[m].plugs_in == ("variant" if m in VARIANT_MISTAKES else "outputs")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_variant_differs_from_the_cr_on_its_example_through_the_engine(name: Mistake) -> None:
    decision, right, wrong = EXPECTED[name]
    variant = VARIANTS[name]
    assert overrides(variant) == {decision} and decision in DECISIONS
    example = CATALOG[name].example
    assert isinstance(example, CouldProduce)
    g, ids = example.board.build()  # the engine, by the CR
    target = ids[example.target]
    assert g.rules is CR and symbols(g.could_produce(target)) == right
    assert decision in g.consulted  # the CR's query asked the decision the variant overrides
    by_variant = g.replay(variant())  # the same board, set up again by the variant
    assert by_variant.rules == variant() and symbols(by_variant.could_produce(target)) == wrong
    assert example.believe(frozenset({name})) == (wrong,) and example.legal() == (right,)


def test_a_variant_changes_what_tapping_a_reflecting_permanent_adds() -> None:
    """The query is what a reflecting ability reads when it resolves: by a variant of the kinds of
    mana it may copy, an Exotic Orchard facing a Wastes taps for {C}; by the CR for nothing."""
    for rules, pool in ((CR, "no mana"), (VARIANTS[Mistake.COLORLESS_IS_A_COLOR](), "{C}")):
        g = Game(rules=rules)
        orchard = g.put_onto_battlefield("Exotic Orchard", "Alice")
        g.put_onto_battlefield("Wastes", "Bob")
        g.activate(orchard)
        assert str(g.pool("Alice")) == pool
        assert "reflectable" in g.consulted


def test_two_variants_held_together_compose() -> None:
    """Colorless counted as a color and a tapped land counted for nothing, held together, on one
    board: the Orchard sees only the untapped Wastes, and copies its {C}."""
    s = CouldProduce(BoardSpec((Perm("Exotic Orchard"), Perm("Forest", "Bob", tapped=True),
                                Perm("Wastes", "Bob"))), 0)
    held = frozenset({Mistake.COLORLESS_IS_A_COLOR, Mistake.COSTS_BLOCK_COULD_PRODUCE})
    assert s.legal() == ("{G}",) and s.believe(held) == ("{C}",)
    assert overrides(type(rules_held(held))) == {"reflectable", "counts_ability"}


def test_the_misreadings_read_the_outcomes_and_a_variant_refuses_the_spend() -> None:
    s = spend_play(bob=("Ancient Ziggurat", "Tarnished Citadel"), tapped=True)
    assert s.legal() == ("Alice has 20 life; Bob has 17 life",)
    assert s.believe(frozenset({Mistake.REFLECTED_MANA_KEEPS_RIDERS})) == (
        "Alice has 17 life; Bob has 17 life",)
    assert s.believe(frozenset({Mistake.REFLECTED_MANA_KEEPS_RESTRICTIONS})) == (
        "Alice can't spend that mana on Lightning Bolt",)
    # Bob's lands are all tapped: by costs-block-could-produce they could produce nothing, so the
    # engine, played by it, refuses the Orchard's {R}
    assert s.believe(frozenset({Mistake.COSTS_BLOCK_COULD_PRODUCE})) == ("Alice can't tap it for {R}",)


# ----------------------------------------------------------------------------- item 5
_NAMES = sorted(CARDS, key=len, reverse=True)


def stem_template(prompt: str) -> str:
    """A stem with its particulars masked: card and player names, mana, cited rules."""
    text = re.sub(r"\s*\(CR [^)]*\)", "", prompt)
    for name in _NAMES:
        text = text.replace(name, "#")
    text = re.sub(r"\b(Alice|Bob)\b", "P", text)
    return re.sub(r"\{[^}]*\}", "M", text)


@pytest.mark.sweep
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_seed_gives_200_varied_questions(level: str) -> None:
    qs = list(itertools.islice(questions("could-produce", level, seed=3), 200))
    assert len(qs) == 200
    repeats = Counter((q.board, q.steps) for q in qs)
    assert repeats.most_common(1)[0][1] <= 10
    if level == "hard":
        templates = [stem_template(q.prompt) for q in qs]
        fewest = min(len(set(templates[i:i + 20])) for i in range(len(qs) - 19))
        assert fewest >= 12, fewest
