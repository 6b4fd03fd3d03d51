"""Convoke (CR 702.51): creatures tapped to pay for a spell's total cost, and "whenever you tap a
creature for mana" (106.12a), which convoking isn't (106.12). Each test is named after the rule it
checks (CR 2026-08-07); the capstone M5 of issue 20 is played here."""

from __future__ import annotations

import pytest
from helpers import refused

from mtgkit import ChoiceError, CostError, Game, replay
from mtgkit.events import AbilityTriggered, Convoked, ManaAdded, ManaReplaced, ManaSpent


def mountains(g: Game, n: int) -> None:
    for _ in range(n):
        g.activate(g.put_onto_battlefield("Mountain", "Alice"))


def test_702_51a_106_12_capstone_M5_convoking_with_a_fresh_elf() -> None:
    """M5: Alice casts Llanowar Elves, then Stoke the Flames at Serra Angel, paying {R}{R} with two
    Mountains and convoking the Elves and Grizzly Bears for {2}: legal (summoning sickness is about
    the creature's own abilities), and Leyline of Abundance doesn't trigger (not tapped for mana)."""
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Leyline of Abundance", "Alice")
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    forest = g.put_onto_battlefield("Forest", "Alice")
    angel = g.put_onto_battlefield("Serra Angel", "Bob")
    g.activate(forest)
    elves = g.put_in_hand("Llanowar Elves", "Alice")
    g.cast(elves)
    g.resolve()
    assert not g.can_activate(elves)  # sick: it can't use its own {T} ability
    mountains(g, 2)
    events = g.cast(g.put_in_hand("Stoke the Flames", "Alice"), target=angel, convoke=[elves, bears])
    convoked = [e for e in events if isinstance(e, Convoked)]
    assert [(e.obj_id, e.pays, e.rules) for e in convoked] == [
        (elves, "{1}", ("702.51a", "702.51c")), (bears, "{1}", ("702.51a", "702.51c"))]
    assert not any(isinstance(e, ManaAdded | AbilityTriggered) for e in events)
    spent = next(e for e in events if isinstance(e, ManaSpent))
    assert str(spent.mana) == "{R}{R}"
    assert not g.pool("Alice")
    g.resolve()
    assert g.obj(angel).zone == "graveyard"
    assert replay(g.events) == g.board()


def test_106_12a_whenever_you_tap_a_creature_for_mana_leyline_adds_G() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Leyline of Abundance", "Alice")
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice")
    events = g.activate(elves)
    assert str(g.pool("Alice")) == "{G}{G}"
    assert any(isinstance(e, AbilityTriggered) and "106.12a" in e.rules for e in events)
    g.activate(g.put_onto_battlefield("Forest", "Alice"))  # a land: not a creature
    assert str(g.pool("Alice")) == "{G}{G}{G}"
    bob_elves = g.put_onto_battlefield("Llanowar Elves", "Bob")  # "you": only Alice's
    g.pass_priority()
    g.activate(bob_elves)
    assert str(g.pool("Bob")) == "{G}"


def test_106_12b_convoking_is_not_tapping_for_mana_for_replacement_effects_either() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Mana Reflection", "Alice")
    goblin = g.put_onto_battlefield("Raging Goblin", "Alice")
    mountains(g, 2)  # {R}{R}{R}{R} under Mana Reflection
    events = g.cast(g.put_in_hand("Stoke the Flames", "Alice"), target="Bob", convoke=[goblin])
    assert not any(isinstance(e, ManaReplaced | ManaAdded) for e in events)
    # the red Goblin pays one {R} of {2}{R}{R} (a colored symbol of its color first); the pool the rest
    assert [e.pays for e in events if isinstance(e, Convoked)] == ["{R}"]
    assert str(g.pool("Alice")) == "{R}"


def test_702_51a_a_creature_pays_one_generic_mana_or_one_of_its_color() -> None:
    g = Game(["Alice", "Bob"])
    goblin = g.put_onto_battlefield("Raging Goblin", "Alice")
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice")
    mountains(g, 2)
    stoke = g.put_in_hand("Stoke the Flames", "Alice")
    with refused(g, ChoiceError, "702.51a"):
        g.cast(stoke, target="Bob", convoke={elves: "{R}"})  # a green creature can't pay {R}
    events = g.cast(stoke, target="Bob", convoke={goblin: "{1}", elves: "{1}"})
    assert [e.pays for e in events if isinstance(e, Convoked)] == ["{1}", "{1}"]
    assert not g.pool("Alice")


def test_702_51a_what_is_left_is_red_and_the_elf_is_green() -> None:
    """Four green elves for Stoke the Flames ({2}{R}{R}): two pay {2}, and the third can't pay
    the {R}{R} that is left. The refusal says what is left and why this creature can't pay it (not
    "nothing is left"); with Chromatic Orrery, that the Orrery doesn't help convoke."""
    g = Game(["Alice", "Bob"])
    elves = [g.put_onto_battlefield("Llanowar Elves", "Alice") for _ in range(4)]
    stoke = g.put_in_hand("Stoke the Flames", "Alice")
    with refused(g, ChoiceError, "702.51a"):
        g.cast(stoke, target="Bob", convoke=elves)
    with pytest.raises(ChoiceError) as err:
        g.cast(stoke, target="Bob", convoke=elves)
    assert err.value.reason == ("What is left of Stoke the Flames' total cost is {R}{R}, and Llanowar "
                                "Elves is green: a creature that convokes pays one generic mana or one "
                                "mana of its own color.")
    g.put_onto_battlefield("Chromatic Orrery", "Alice")
    with pytest.raises(ChoiceError, match="convoke taps creatures and spends no mana, so Chromatic "
                                          "Orrery doesn't help"):
        g.cast(stoke, target="Bob", convoke=elves)


def test_702_51b_convoke_pays_the_total_cost_with_damping_spheres_increase() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Damping Sphere", "Bob")
    mountains(g, 3)
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    elves = [g.put_onto_battlefield("Llanowar Elves", "Alice") for _ in range(2)]
    stoke = g.put_in_hand("Stoke the Flames", "Alice")  # {2}{R}{R} plus {1}: {3}{R}{R}
    with pytest.raises(CostError) as err:
        g.cast(stoke, target="Bob", convoke=elves)
    assert err.value.reason == (
        "Alice's mana pool holds {R}{R}, which can't pay {1}{R}{R} ({2}{R}{R} plus {1}: Damping Sphere "
        "makes Stoke the Flames cost {1} more, as Alice has cast 1 other spell this turn, CR 601.2f; "
        "what is left once the convoking creatures paid {1}{1}, 702.51b).")
    goblin = g.put_onto_battlefield("Raging Goblin", "Alice")
    events = g.cast(stoke, target="Bob", convoke=[*elves, goblin])
    assert [e.rules for e in events if isinstance(e, Convoked)] == [("702.51a", "702.51c", "702.51b")] * 3


def test_702_51a_what_can_convoke() -> None:
    g = Game(["Alice", "Bob"])
    tapped = g.put_onto_battlefield("Grizzly Bears", "Alice", tapped=True)
    bobs = g.put_onto_battlefield("Grizzly Bears", "Bob")
    forest = g.put_onto_battlefield("Forest", "Alice")
    crowd = [g.put_onto_battlefield("Grizzly Bears", "Alice") for _ in range(5)]
    mountains(g, 2)
    stoke = g.put_in_hand("Stoke the Flames", "Alice")
    bolt = g.put_in_hand("Lightning Bolt", "Alice")
    for bad in ([tapped], [bobs], [forest], [crowd[0], crowd[0]], crowd):
        with refused(g, ChoiceError, "702.51a"):
            g.cast(stoke, target="Bob", convoke=bad)
    with refused(g, ChoiceError, "702.51a"):
        g.cast(bolt, target="Bob", convoke=[crowd[0]])  # no convoke
    g.cast(stoke, target="Bob", convoke=crowd[:2])
    assert replay(g.events) == g.board()
