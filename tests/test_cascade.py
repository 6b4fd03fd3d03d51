"""Cascade (CR 702.85a) and casting a spell without paying its mana cost: X is 0 (107.3b), the
mana value of a card with {X} off the stack (202.3e), the random order at the bottom of the
library. Each test is named after the rule it checks (CR 2026-08-07); the capstone X4 of issue 20
is played here."""

from __future__ import annotations

import pytest
from helpers import refused

from mtgkit import ChoiceError, Game, SummoningSicknessError, replay
from mtgkit.events import AbilityTriggered, ChoiceMade, Moved, NoTokens, SpellCast


def lands(g: Game, *names: str) -> None:
    for name in names:
        g.activate(g.put_onto_battlefield(name, "Alice"))


def bloodbraid(g: Game) -> int:
    lands(g, "Mountain", "Forest", "Forest", "Island")
    elf = g.put_in_hand("Bloodbraid Elf", "Alice")
    g.cast(elf)
    return elf


def test_702_85a_107_3b_capstone_X4_bloodbraid_elf_cascades_into_the_goose_mother() -> None:
    """X4: The Goose Mother (mana value 2 in the library) is cast without paying its mana cost:
    X is 0, whatever Alice says she wants; Bloodbraid Elf, with haste, takes Bob's crown."""
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Grizzly Bears", "Bob", tapped=True)
    g.make_monarch("Bob")
    g.put_in_library("Grizzly Bears", "Alice")
    goose = g.put_in_library("The Goose Mother", "Alice")[0]  # on top
    elf = bloodbraid(g)
    with refused(g, ChoiceError, "107.3b"):
        g.resolve(x=1)
    events = g.resolve(x=0)
    cast = next(e for e in events if isinstance(e, SpellCast))
    assert (cast.obj_id, cast.x, cast.free, cast.frm, cast.mana_value) == (goose, 0, True, "exile", 2)
    assert "107.3b" in cast.rules and "608.2g" in cast.rules
    g.resolve_stack()
    assert any(isinstance(e, NoTokens) for e in g.events)  # half of X = 0
    assert g.obj(goose).counters.get("+1/+1", 0) == 0 and g.obj(goose).power == 2
    assert g.obj(elf).zone == "battlefield"
    g.advance(to="beginning_of_combat")
    with refused(g, SummoningSicknessError, "302.6"):
        g.attack([goose, elf])
    g.attack([elf])  # haste (702.10b)
    g.advance(to="end_of_combat")
    assert (g.life("Bob"), g.monarch) == (17, "Alice")
    assert not [o for o in g.permanents("Alice") if o.name == "Food"]
    assert replay(g.events) == g.board()


def test_702_85a_lands_and_costlier_cards_go_to_the_bottom_in_a_random_order() -> None:
    g = Game(["Alice", "Bob"], library=0)
    bottom = g.put_in_library("Grizzly Bears", "Alice")[0]
    bolt = g.put_in_library("Lightning Bolt", "Alice")[0]
    giant = g.put_in_library("Hill Giant", "Alice")[0]  # mana value 4: not less than 4
    forest = g.put_in_library("Forest", "Alice")[0]  # on top: a land
    bloodbraid(g)
    events = g.resolve()
    exiled = [e.obj_id for e in events if isinstance(e, Moved) and e.to == "exile"]
    assert exiled == [forest, giant, bolt]
    cast = next(e for e in events if isinstance(e, SpellCast))
    assert (cast.obj_id, cast.target) == (bolt, "Bob")  # its target chosen as it is cast (601.2c)
    library = [o.id for o in g.zone("Alice", "library")]  # top last
    assert library[-1] == bottom and set(library[:2]) == {forest, giant}
    assert replay(g.events) == g.board()
    g.resolve_stack()
    assert g.life("Bob") == 17
    # the same game played again puts them in the same order: the kit's random is reproducible
    again = Game(["Alice", "Bob"], library=0)
    for name in ("Grizzly Bears", "Lightning Bolt", "Hill Giant", "Forest"):
        again.put_in_library(name, "Alice")
    bloodbraid(again)
    again.resolve()
    assert [o.id for o in again.zone("Alice", "library")] == library


def test_702_85a_the_caster_may_decline_and_the_card_goes_to_the_bottom_too() -> None:
    g = Game(["Alice", "Bob"], library=0)
    g.put_in_library("Grizzly Bears", "Alice")
    bears2 = g.put_in_library("Grizzly Bears", "Alice")[0]
    bloodbraid(g)
    events = g.resolve(free_cast=False)
    choice = next(e for e in events if isinstance(e, ChoiceMade))
    assert (choice.question, choice.answer) == ("cast", "don't cast it")
    assert not any(isinstance(e, SpellCast) for e in events)
    assert g.zone("Alice", "library")[0].id == bears2


def test_202_3e_107_3b_walking_ballista_off_the_stack_has_mana_value_0_and_enters_with_no_counters() -> None:
    g = Game(["Alice", "Bob"], library=0)
    ballista = g.put_in_library("Walking Ballista", "Alice")[0]
    bloodbraid(g)
    g.resolve()
    g.resolve()  # the Ballista: X = 0, a 0/0
    assert g.obj(ballista).zone == "graveyard"


def test_702_85a_a_placeholder_library_card_is_hit_but_cant_be_cast() -> None:
    g = Game(["Alice", "Bob"])  # the libraries hold face-down placeholders: no card type
    bloodbraid(g)
    events = g.resolve()
    assert not any(isinstance(e, ChoiceMade | SpellCast) for e in events)
    assert [e.to for e in events if isinstance(e, Moved)] == ["exile", "library"]


def test_702_85a_free_cast_and_x_need_something_that_offers_a_cast_without_paying() -> None:
    g = Game(["Alice", "Bob"])
    lands(g, "Mountain")
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    for kwargs in ({"free_cast": True}, {"x": 0}):
        with refused(g, ChoiceError, "702.85a"):
            g.resolve(**kwargs)
    with pytest.raises(TypeError):
        g.resolve(free_cast="yes")  # type: ignore[arg-type]


def _sphere_and_cascade_into_bolt() -> tuple[Game, int]:
    """Alice's second spell this turn is Bloodbraid Elf under Damping Sphere; her library's top
    card is Lightning Bolt, her pool is empty and a Mountain is untapped."""
    g = Game(["Alice", "Bob"])
    lands(g, "Mountain", "Forest", "Forest", "Mountain")
    g.put_onto_battlefield("Damping Sphere", "Alice")
    mountain = g.put_onto_battlefield("Mountain", "Alice")
    g.put_in_library("Lightning Bolt", "Alice")
    g.cast(g.put_in_hand("Bloodbraid Elf", "Alice"))
    return g, mountain


def test_601_2g_608_2g_mana_abilities_pay_damping_spheres_increase_on_a_cascaded_spell() -> None:
    """Bolt cast by cascade still costs Damping Sphere's {1} (601.2f, 118.9d); while casting it,
    Alice may activate mana abilities (601.2g, 608.2g): mana_from= says which."""
    g, mountain = _sphere_and_cascade_into_bolt()
    trigger = next(e for e in g.events if isinstance(e, AbilityTriggered))
    assert trigger.rules[:2] == ("603.2", "702.85a")
    with refused(g, ChoiceError, "601.2h"):
        g.resolve(free_cast=True)
    with pytest.raises(ChoiceError) as err:
        g.resolve(free_cast=True)
    assert err.value.reason.startswith("Damping Sphere makes Lightning Bolt cost {1} more, as Alice has "
                                       "cast 1 other spell this turn")
    assert "card type" not in err.value.reason and "mana_from=" in err.value.reason
    events = g.resolve(free_cast=True, mana_from=[mountain])
    cast = next(e for e in events if isinstance(e, SpellCast))
    assert cast.free and cast.cost_increase == 1
    assert cast.rules == ("601.2", "608.2g", "118.9", "601.2f", "118.9d")
    assert g.obj(mountain).tapped and not g.pool("Alice")
    g.resolve()
    assert g.life("Bob") == 17


def test_601_2h_a_cascaded_spell_whose_increase_cant_be_paid_is_declined_on_the_timeline() -> None:
    g, mountain = _sphere_and_cascade_into_bolt()
    events = g.resolve()
    choice = next(e for e in events if isinstance(e, ChoiceMade))
    assert choice.answer == "don't cast it" and choice.rules == ("702.85a", "601.2f", "601.2h")
    assert not g.obj(mountain).tapped and not any(isinstance(e, SpellCast) for e in events)


def test_601_2g_mana_from_goes_with_a_free_cast() -> None:
    g, mountain = _sphere_and_cascade_into_bolt()
    for kwargs in ({"mana_from": [mountain]}, {"free_cast": False, "mana_from": [mountain]}):
        with refused(g, ChoiceError, "601.2g"):
            g.resolve(**kwargs)
    h = Game(["Alice", "Bob"])
    lands(h, "Mountain")
    h.cast(h.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    with refused(h, ChoiceError, "702.85a"):
        h.resolve(mana_from=["Mountain"])


def test_702_85a_601_2c_a_free_cast_refusal_names_the_one_reason() -> None:
    g = Game(["Alice", "Bob"])
    bloodbraid(g)
    with pytest.raises(ChoiceError) as placeholder:
        g.resolve(free_cast=True)
    assert placeholder.value.rule == "702.85a" and "target" not in placeholder.value.reason
    h = Game(["Alice", "Bob"])
    h.put_in_library("Act of Treason", "Alice")
    bloodbraid(h)
    with refused(h, ChoiceError, "601.2c"):
        h.resolve(free_cast=True)
    with pytest.raises(ChoiceError, match="there is none: nothing on the battlefield is a creature"):
        h.resolve(free_cast=True)
