"""Mana triggers and replacements with conditions: "tapped for mana of a specified type" (CR
106.12a, Gauntlet of Power) and "tapped for two or more mana" (106.12b, Damping Sphere), with the
replacement effects that apply looked at again after each one (616.1f), in play and in what a
permanent could produce (106.7). Also Gauntlet's +1/+1 and Damping Sphere's cost increase (601.2f).
Each test is named after the rule it checks (CR 2026-08-07); the capstones M3 and M4 of issue 20
are played here."""

from __future__ import annotations

import pytest
from helpers import refused

from mtgkit import CostError, Game, replay
from mtgkit.events import AbilityTriggered, ChoiceMade, ManaReplaced, SpellCast


def test_106_12a_capstone_M3_gauntlet_of_power_under_contamination() -> None:
    """M3: Contamination makes the Forest produce {B}; Gauntlet of Power (black) sees mana of the
    chosen color, the real mana: +{B}; Utopia Sprawl (white) adds {W}."""
    g = Game(["Alice", "Bob"])
    forest = g.put_onto_battlefield("Forest", "Alice")
    g.put_onto_battlefield("Utopia Sprawl", "Alice", attached_to=forest, color="W")
    g.put_onto_battlefield("Gauntlet of Power", "Alice", color="B")
    g.put_onto_battlefield("Contamination", "Bob")
    events = g.activate(forest)
    assert str(g.pool("Alice")) == "{W}{B}{B}"
    triggered = [e.obj for e in events if isinstance(e, AbilityTriggered)]
    assert triggered == ["Utopia Sprawl", "Gauntlet of Power"]
    # the sister check: on green, the Forest's real mana ({B}) isn't of the chosen color
    g2 = Game(["Alice", "Bob"])
    forest2 = g2.put_onto_battlefield("Forest", "Alice")
    g2.put_onto_battlefield("Utopia Sprawl", "Alice", attached_to=forest2, color="W")
    g2.put_onto_battlefield("Gauntlet of Power", "Alice", color="G")
    g2.put_onto_battlefield("Contamination", "Bob")
    g2.activate(forest2)
    assert str(g2.pool("Alice")) == "{W}{B}"


def test_106_12a_gauntlet_of_power_only_basic_lands_of_any_player() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Gauntlet of Power", "Alice", color="G")
    g.activate(g.put_onto_battlefield("Llanowar Elves", "Alice"))  # not a land
    g.activate(g.put_onto_battlefield("Underground Sea", "Alice"), choice="{U}")  # not basic
    assert str(g.pool("Alice")) == "{U}{G}"
    g.pass_priority()
    g.activate(g.put_onto_battlefield("Forest", "Bob"))  # "its controller adds": Bob's Forest
    assert str(g.pool("Bob")) == "{G}{G}"


def test_613_4c_gauntlet_of_power_gives_creatures_of_the_chosen_color_plus_1_plus_1() -> None:
    g = Game(["Alice", "Bob"])
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice")
    goblin = g.put_onto_battlefield("Raging Goblin", "Bob")
    gauntlet = g.put_onto_battlefield("Gauntlet of Power", "Alice", color="G")
    assert (g.obj(elves).power, g.obj(elves).toughness) == (2, 2)
    assert g.obj(goblin).toughness == 1
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")  # arriving later: it gets it too
    assert g.obj(bears).toughness == 3
    assert replay(g.events) == g.board() and gauntlet
    # the Gauntlet leaves (its controller concedes a three-player game): the bonus ends, and the
    # Bears, a 3/3 with 2 damage, are a 2/2 with lethal damage (704.5g)
    g3 = Game(["Alice", "Bob", "Carol"])
    g3.put_onto_battlefield("Gauntlet of Power", "Alice", color="G")
    ballista = g3.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 2})
    bears3 = g3.put_onto_battlefield("Grizzly Bears", "Bob")
    for _ in range(2):
        g3.activate(ballista, 1, target=bears3)
        g3.resolve()
    assert (g3.obj(bears3).toughness, g3.obj(bears3).damage) == (3, 2)
    g3.concede("Alice")
    assert g3.obj(bears3).zone == "graveyard"
    assert replay(g3.events) == g3.board()


def test_106_12b_616_1f_capstone_M4_damping_sphere_meets_mana_reflection() -> None:
    """M4: the Forest's {G} becomes {G}{G} by Mana Reflection, and now Damping Sphere applies:
    {C}, with no order to choose; the Cradle's {G}{G} meets both: Sphere first, then Reflection,
    gives {C}{C}."""
    g = Game(["Alice", "Bob"])
    forest = g.put_onto_battlefield("Forest", "Alice")
    cradle = g.put_onto_battlefield("Gaea's Cradle", "Alice")
    for _ in range(2):
        g.put_onto_battlefield("Llanowar Elves", "Alice")
    g.put_onto_battlefield("Mana Reflection", "Alice")
    g.put_onto_battlefield("Damping Sphere", "Bob")
    events = g.activate(forest)
    assert not any(isinstance(e, ChoiceMade) for e in events)
    replaced = [e for e in events if isinstance(e, ManaReplaced)]
    assert [(e.effect, str(e.after)) for e in replaced] == [("Mana Reflection", "{G}{G}"),
                                                            ("Damping Sphere", "{C}")]
    assert "616.1f" in replaced[1].rules
    events = g.activate(cradle, order=["Damping Sphere", "Mana Reflection"])
    order = next(e for e in events if isinstance(e, ChoiceMade))
    assert order.answer == ("Damping Sphere", "Mana Reflection")
    assert str(g.pool("Alice")) == "{C}{C}{C}"
    assert replay(g.events) == g.board()


def test_106_7_616_1f_could_produce_looks_again_after_each_replacement() -> None:
    g = Game(["Alice", "Bob"])
    forest = g.put_onto_battlefield("Forest", "Alice")
    cradle = g.put_onto_battlefield("Gaea's Cradle", "Alice")
    g.put_onto_battlefield("Llanowar Elves", "Alice")
    g.put_onto_battlefield("Damping Sphere", "Bob")
    assert g.could_produce(forest) == {"G"}  # one mana: the Sphere doesn't apply
    assert g.could_produce(cradle) == {"G"}  # one creature: {G}
    g.put_onto_battlefield("Mana Reflection", "Alice")
    assert g.could_produce(forest) == {"C"}  # doubled, then the Sphere must apply
    assert g.could_produce(cradle) == {"C"}


def test_601_2f_damping_sphere_each_spell_costs_1_more_for_each_other_spell_cast_this_turn() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Damping Sphere", "Bob")
    for _ in range(3):
        g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    second = g.put_in_hand("Lightning Bolt", "Alice")
    events = g.cast(second, target="Bob")
    cast = next(e for e in events if isinstance(e, SpellCast))
    assert cast.cost_increase == 1 and "601.2f" in cast.rules
    third = g.put_in_hand("Lightning Bolt", "Alice")
    with refused(g, CostError, "601.2h"):
        g.cast(third, target="Bob")  # {2}{R} now, and the pool is empty
    with pytest.raises(CostError) as err:
        g.cast(third, target="Bob")
    assert err.value.reason == (  # where the {2} came from
        "Alice's mana pool holds no mana, which can't pay {2}{R} ({R} plus {2}: Damping Sphere makes "
        "Lightning Bolt cost {2} more, as Alice has cast 2 other spells this turn, CR 601.2f).")
    g.next_turn()
    g.next_turn()
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(third, target="Bob")  # a new turn: no other spell cast this turn
    assert not g.pool("Alice")


def test_601_2f_a_cost_increase_applies_to_a_spell_cast_without_paying_its_mana_cost() -> None:
    """Under Damping Sphere, the third spell of the turn costs {2} more even when cascade casts it
    without paying its mana cost: with no mana left it can't be cast."""
    for floating, cast_it in ((0, False), (2, True)):
        g = Game(["Alice", "Bob"], library=0)
        g.put_onto_battlefield("Damping Sphere", "Bob")
        bears = g.put_in_library("Grizzly Bears", "Alice")[0]
        for name in ("Mountain", "Mountain", "Forest", "Forest", "Island", "Island") + ("Wastes",) * floating:
            g.activate(g.put_onto_battlefield(name, "Alice"))
        g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
        g.resolve()
        g.cast(g.put_in_hand("Bloodbraid Elf", "Alice"))  # {1} more: {2}{R}{G} and {1}
        events = g.resolve()
        casts = [e for e in events if isinstance(e, SpellCast)]
        assert bool(casts) is cast_it
        if casts:
            assert casts[0].obj_id == bears and casts[0].cost_increase == 2 and casts[0].free
            assert not g.pool("Alice")
