"""Mana: undefined types (CR 106.5), could produce (106.7), tapping for mana (106.12) and the
card rulings in shared/reference/cards.md."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import refused, snapshot

from mtgkit import ChoiceError, Game, Mana, TapSymbolError
from mtgkit.abilities import Multiply, SetType
from mtgkit.could_produce import apply_in_order, outcomes


def game(alice: list[str] = (), bob: list[str] = ()) -> tuple[Game, dict[str, list[int]]]:
    g = Game(["Alice", "Bob"])
    ids: dict[str, list[int]] = {}
    for who, names in (("Alice", alice), ("Bob", bob)):
        for name in names:
            ids.setdefault(f"{who}:{name}", []).append(g.put_onto_battlefield(name, who))
    return g, ids


def cp(g: Game, ref: int) -> set[str]:
    return set(g.could_produce(ref))


# ------------------------------------------------------------------ mana basics
def test_106_1_colorless_is_a_type_but_not_a_color() -> None:
    from mtgkit import COLORS, TYPES

    assert "C" in TYPES and "C" not in COLORS and len(TYPES) == 6


def test_mystic_gate_hybrid_filter_cost_and_choice() -> None:
    g, ids = game(["Mystic Gate", "Plains"])
    g.activate(ids["Alice:Plains"][0])
    events = g.activate(ids["Alice:Mystic Gate"][0], 1, choice="{W}{U}")
    assert g.pool("Alice") == Mana.parse("{W}{U}")
    assert [e.kind for e in events] == ["activate", "spend", "tap", "choice", "mana"]


def test_605_3b_mana_abilities_do_not_use_the_stack() -> None:
    g, ids = game(["Forest"])
    g.activate(ids["Alice:Forest"][0])
    assert g.stack() == [] and not any(e.lane == "stack" for e in g.events)


# ------------------------------------------------------------------ 106.5
def test_106_5_exotic_orchard_with_no_opposing_lands_produces_no_mana() -> None:
    g, ids = game(["Exotic Orchard", "Forest"])
    events = g.activate(ids["Alice:Exotic Orchard"][0])
    none = events[-1]
    assert none.kind == "no_mana" and "106.5" in none.rules and "undefined" in none.text
    assert g.pool("Alice") == Mana()
    assert g.obj(ids["Alice:Exotic Orchard"][0]).tapped  # the cost was still paid (605.2)


def test_106_5_orchard_facing_only_wastes_colorless_is_not_a_color() -> None:
    g, ids = game(["Exotic Orchard"], ["Wastes"])
    events = g.activate(ids["Alice:Exotic Orchard"][0])
    assert events[-1].kind == "no_mana" and "colorless is not a color" in events[-1].text


def test_106_5_meteor_crater_with_no_colored_permanent() -> None:
    g, ids = game(["Meteor Crater", "Forest", "Fellwar Stone"])
    events = g.activate(ids["Alice:Meteor Crater"][0])
    assert events[-1].kind == "no_mana" and "106.5" in events[-1].rules
    g2, ids2 = game(["Meteor Crater", "Llanowar Elves", "Pili-Pala"])
    g2.activate(ids2["Alice:Meteor Crater"][0])
    assert g2.pool("Alice") == Mana.parse("{G}")  # Pili-Pala is colorless; the Elves are green


def test_gaeas_cradle_with_no_creatures_makes_no_mana_but_type_is_defined() -> None:
    g, ids = game(["Gaea's Cradle"])
    events = g.activate(ids["Alice:Gaea's Cradle"][0])
    assert events[-1].kind == "no_mana" and "106.5" not in events[-1].rules
    g2, ids2 = game(["Gaea's Cradle", "Llanowar Elves", "Grizzly Bears"])
    g2.activate(ids2["Alice:Gaea's Cradle"][0])
    assert g2.pool("Alice") == Mana.parse("{G}{G}")


# ------------------------------------------------------------------ 106.7
def test_106_7_example_orchards_alone_produce_nothing() -> None:
    g, ids = game(["Exotic Orchard"], ["Exotic Orchard"])
    assert cp(g, ids["Alice:Exotic Orchard"][0]) == set()
    assert cp(g, ids["Bob:Exotic Orchard"][0]) == set()


def test_106_7_example_forest_on_one_side_gives_both_orchards_green() -> None:
    g, ids = game(["Exotic Orchard", "Forest"], ["Exotic Orchard"])
    assert cp(g, ids["Alice:Exotic Orchard"][0]) == {"G"}
    assert cp(g, ids["Bob:Exotic Orchard"][0]) == {"G"}


def test_ruling_reflecting_lands_do_not_help_each_other() -> None:
    g, ids = game(["Exotic Orchard"], ["Exotic Orchard", "Reflecting Pool"])
    assert all(cp(g, i[0]) == set() for i in ids.values())
    g.put_onto_battlefield("Forest", "Alice")
    for key in ("Alice:Exotic Orchard", "Bob:Exotic Orchard", "Bob:Reflecting Pool"):
        assert cp(g, ids[key][0]) == {"G"}, key


def test_ruling_costs_are_ignored_tapped_vivid_crag_without_counters() -> None:
    g, ids = game(["Fellwar Stone"], [])
    crag = g.put_onto_battlefield("Vivid Crag", "Bob", tapped=True, counters={})
    assert cp(g, crag) == {"W", "U", "B", "R", "G"}
    assert cp(g, ids["Alice:Fellwar Stone"][0]) == {"W", "U", "B", "R", "G"}
    with refused(g, TapSymbolError, "107.5"):
        g.activate(crag, 1)  # really paying is another matter (it's tapped, no counters)


@pytest.mark.parametrize("card", ["Mystic Gate", "Mana Confluence"])
def test_ruling_unpayable_costs_still_count(card: str) -> None:
    g = Game(["Alice", "Bob"])
    ref = g.put_onto_battlefield(card, "Alice", tapped=True)  # {T} can't be paid
    expected = {"C", "W", "U"} if card == "Mystic Gate" else {"W", "U", "B", "R", "G"}
    assert cp(g, ref) == expected


def test_ruling_contamination_makes_every_land_could_produce_only_black() -> None:
    g, ids = game(["Exotic Orchard", "Contamination"], ["Forest", "Island"])
    assert cp(g, ids["Bob:Forest"][0]) == {"B"}
    assert cp(g, ids["Alice:Exotic Orchard"][0]) == {"B"}


def test_106_7_contamination_and_pale_moon_in_either_order_gives_b_and_c() -> None:
    g, ids = game(["Underground Sea", "Island", "Plains"])
    g.activate(ids["Alice:Island"][0])
    g.activate(ids["Alice:Plains"][0])
    g.cast(g.put_in_hand("Pale Moon", "Alice"))
    g.resolve()
    assert cp(g, ids["Alice:Underground Sea"][0]) == {"C"}
    g.put_onto_battlefield("Contamination", "Bob")
    assert cp(g, ids["Alice:Underground Sea"][0]) == {"B", "C"}
    assert cp(g, ids["Alice:Island"][0]) == {"B"}  # basic: Pale Moon doesn't apply
    g.advance(to="cleanup")
    g.advance()
    assert cp(g, ids["Alice:Underground Sea"][0]) == {"B"}  # Pale Moon ended (514.2)


def test_ruling_reflecting_pool_types_and_colors() -> None:
    g, ids = game(["Reflecting Pool", "Wastes"])
    assert cp(g, ids["Alice:Reflecting Pool"][0]) == {"C"}
    g2, ids2 = game(["Reflecting Pool", "Mana Confluence"])
    assert cp(g2, ids2["Alice:Reflecting Pool"][0]) == {"W", "U", "B", "R", "G"}
    g3, ids3 = game(["Reflecting Pool", "Reflecting Pool"])
    assert all(cp(g3, i) == set() for i in ids3["Alice:Reflecting Pool"])


def test_106_7_any_color_reflects_colors_only_any_type_includes_colorless() -> None:
    g, ids = game(["Exotic Orchard", "Reflecting Pool", "Wastes"], ["Reflecting Pool", "Wastes", "Forest"])
    assert cp(g, ids["Alice:Exotic Orchard"][0]) == {"G"}
    assert cp(g, ids["Bob:Reflecting Pool"][0]) == {"C", "G"}
    assert cp(g, ids["Alice:Reflecting Pool"][0]) == {"C", "G"}  # via Alice's Orchard (G) and Wastes


def test_106_7_the_query_changes_nothing_and_fires_nothing() -> None:
    g, ids = game(["Forest", "Heartbeat of Spring", "Mana Reflection", "Exotic Orchard"], ["Forest"])
    before = snapshot(g)
    for refs in ids.values():
        for ref in refs:
            g.could_produce(ref)
            g.explain_could_produce(ref)
    assert snapshot(g) == before


def test_106_7_could_produce_with_pili_pala_ignores_reflection() -> None:
    g, ids = game(["Pili-Pala", "Mana Reflection", "Contamination"])
    assert cp(g, ids["Alice:Pili-Pala"][0]) == {"W", "U", "B", "R", "G"}


def test_explanation_names_the_cycle_and_the_effects() -> None:
    g, ids = game(["Exotic Orchard"], ["Exotic Orchard"])
    text = g.explain_could_produce(ids["Alice:Exotic Orchard"][0])
    assert "could produce nothing" in text and "undefined" in text
    g2, ids2 = game(["Underground Sea", "Contamination", "Mana Reflection"])
    text2 = g2.explain_could_produce(ids2["Alice:Underground Sea"][0])
    assert "Contamination" in text2 and "Mana Reflection" in text2 and "{B}" in text2


# ------------------------------------------------------------------ 106.12 replacements
def test_ruling_mana_reflection_doubles_type_and_amount() -> None:
    g, ids = game(["Mystic Gate", "Mana Reflection", "Plains"])
    g.activate(ids["Alice:Plains"][0])  # {W}{W} thanks to Reflection
    g.activate(ids["Alice:Mystic Gate"][0], 1, choice="{W}{U}")
    assert g.pool("Alice") == Mana.parse("{W}{W}{W}{U}{U}")  # {W} left + {W}{W}{U}{U}


@pytest.mark.parametrize("n,expected", [(1, 2), (2, 4), (3, 8)])
def test_ruling_several_reflections_are_cumulative(n: int, expected: int) -> None:
    g, ids = game(["Forest"] + ["Mana Reflection"] * n)
    g.activate(ids["Alice:Forest"][0])
    assert g.pool("Alice") == Mana.of("G", expected)


def test_ruling_mana_reflection_and_contamination_order_chosen_by_controller() -> None:
    g, ids = game(["Forest", "Forest", "Mana Reflection"], ["Contamination"])
    f1, f2 = ids["Alice:Forest"]
    e1 = g.activate(f1, order=["Mana Reflection", "Contamination"])
    assert e1[-1].get("mana") == "{B}"
    e2 = g.activate(f2, order=["Contamination", "Mana Reflection"])
    assert e2[-1].get("mana") == "{B}{B}"
    choice = next(e for e in e2 if e.kind == "choice")
    assert "616.1" in choice.rules and choice.seq in e2[-1].links


def test_616_1_order_comes_from_the_chooser_when_not_given() -> None:
    from mtgkit import Scripted

    g = Game(["Alice", "Bob"], chooser=Scripted([["Contamination", "Mana Reflection"]]))
    f = g.put_onto_battlefield("Forest", "Alice")
    g.put_onto_battlefield("Mana Reflection", "Alice")
    g.put_onto_battlefield("Contamination", "Alice")
    g.activate(f)
    assert g.pool("Alice") == Mana.parse("{B}{B}")


def test_bad_order_is_refused_and_changes_nothing() -> None:
    g, ids = game(["Forest", "Mana Reflection", "Contamination"])
    with refused(g, ChoiceError, "616.1"):
        g.activate(ids["Alice:Forest"][0], order=["Contamination"])
    with refused(g, ChoiceError, "616.1"):
        g.activate(ids["Alice:Forest"][0], order=["Pale Moon", "Contamination"])


def test_106_12_pili_pala_untap_ability_is_not_tapping_for_mana() -> None:
    g, ids = game(["Pili-Pala", "Mana Reflection", "Contamination", "Plains", "Plains"])
    for p in ids["Alice:Plains"]:
        g.activate(p, order=["Contamination", "Mana Reflection"])  # {B}{B} each
    g.obj(ids["Alice:Pili-Pala"][0]).tapped = True  # as if it had tapped earlier
    events = g.activate(ids["Alice:Pili-Pala"][0], color="R")
    assert not any(e.kind == "replace" for e in events)
    assert events[-1].get("mana") == "{R}"


def test_deep_water_only_affects_its_controllers_lands() -> None:
    g, ids = game(["Deep Water", "Island", "Forest"], ["Forest"])
    g.activate(ids["Alice:Island"][0])
    g.activate(ids["Alice:Deep Water"][0])
    assert cp(g, ids["Alice:Forest"][0]) == {"G"}  # the ability is still on the stack
    g.resolve()
    g.activate(ids["Alice:Forest"][0])
    g.pass_priority()  # Alice passes: Bob has priority and may act (CR 117.3d)
    g.activate(ids["Bob:Forest"][0])
    assert g.pool("Alice") == Mana.parse("{U}") and g.pool("Bob") == Mana.parse("{G}")
    assert cp(g, ids["Alice:Forest"][0]) == {"U"}


# ------------------------------------------------------------------ 106.12a triggers
def test_106_12a_heartbeat_adds_a_type_the_land_actually_produced() -> None:
    g, ids = game(["Forest", "Heartbeat of Spring", "Contamination"])
    events = g.activate(ids["Alice:Forest"][0])
    assert g.pool("Alice") == Mana.parse("{B}{B}")
    trig = next(e for e in events if e.kind == "trigger")
    assert "605.1b" in trig.rules and "106.12a" in trig.rules
    assert events[-1].rules == ("605.4a",) and events[-1].cause == trig.seq


def test_heartbeat_choice_of_type_for_a_two_type_production() -> None:
    g, ids = game(["Mystic Gate", "Mana Flare", "Plains"])
    g.activate(ids["Alice:Plains"][0])  # {W} + Mana Flare's {W}
    g.activate(ids["Alice:Mystic Gate"][0], 1, choice="{W}{U}")
    extra = [e for e in g.events if e.kind == "mana" and e.obj == "Mana Flare"]
    assert [e.get("mana") for e in extra] == ["{W}", "{W}"]  # the chooser took the first type


def test_mana_reflection_does_not_double_heartbeat_mana() -> None:
    g, ids = game(["Forest", "Mana Reflection", "Heartbeat of Spring"])
    g.activate(ids["Alice:Forest"][0])
    assert g.pool("Alice") == Mana.of("G", 3)


def test_zendikar_resurgent_only_for_its_controller() -> None:
    g, ids = game(["Forest", "Zendikar Resurgent"], ["Forest"])
    g.activate(ids["Alice:Forest"][0])
    g.pass_priority()  # Alice passes: Bob has priority and may act (CR 117.3d)
    g.activate(ids["Bob:Forest"][0])
    assert g.pool("Alice") == Mana.of("G", 2) and g.pool("Bob") == Mana.of("G", 1)


def test_utopia_sprawl_and_wild_growth_on_the_enchanted_land() -> None:
    g = Game(["Alice", "Bob"])
    forest = g.put_onto_battlefield("Forest", "Alice")
    other = g.put_onto_battlefield("Forest", "Alice")
    g.put_onto_battlefield("Utopia Sprawl", "Alice", attached_to=forest, color="U")
    g.put_onto_battlefield("Wild Growth", "Alice", attached_to=forest)
    g.activate(forest)
    assert g.pool("Alice") == Mana.parse("{U}{G}{G}")
    g.activate(other)
    assert g.pool("Alice") == Mana.parse("{U}{G}{G}{G}")


def test_106_12a_cradle_with_no_creatures_under_wild_growth_triggers_nothing() -> None:
    g = Game(["Alice", "Bob"])
    cradle = g.put_onto_battlefield("Gaea's Cradle", "Alice")
    g.put_onto_battlefield("Wild Growth", "Alice", attached_to=cradle)
    events = g.activate(cradle)
    assert not any(e.kind == "trigger" for e in events)
    assert g.pool("Alice") == Mana()


def test_utopia_sprawl_must_enchant_a_forest() -> None:
    from mtgkit import TargetError

    g = Game(["Alice", "Bob"])
    plains = g.put_onto_battlefield("Plains", "Alice")
    with pytest.raises(TargetError):
        g.put_onto_battlefield("Utopia Sprawl", "Alice", attached_to=plains)


# ------------------------------------------------------------------ replacement orders
OPS = [SetType("B", 1), SetType("C"), SetType("U"), Multiply(2)]


def naive(mana: Mana, ops: list) -> frozenset[Mana]:
    return frozenset(apply_in_order(mana, order) for order in itertools.permutations(ops))


def test_outcomes_equals_the_naive_all_orders_reference_on_random_sets() -> None:
    rng = random.Random(7)
    for _ in range(200):
        k = rng.randint(0, 6)
        ops = [rng.choice(OPS) for _ in range(k)]
        start = rng.choice([Mana.parse("{G}"), Mana.parse("{W}{U}"), Mana.of("R", 3)])
        assert outcomes(start, ops) == naive(start, ops)


def test_twelve_effects_are_answered() -> None:
    ops = [Multiply(2)] * 9 + [SetType("B", 1), SetType("C"), SetType("U")]
    result = outcomes(Mana.parse("{G}"), ops)
    assert {t for m in result for t in m.types} == {"B", "C", "U"}
    assert Mana.of("B", 512) in result and Mana.of("B", 1) in result
