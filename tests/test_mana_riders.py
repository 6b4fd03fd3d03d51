"""Mana with a restriction and mana with a rider (CR 106.6, 106.6a, 605.1a), and what a
reflecting land "could produce" from them: types only, restrictions and riders ignored (106.7).
Each test is named after the rule it checks (CR 2026-08-07); the capstone P3 of issue 20 is played
here."""

from __future__ import annotations

import pytest
from helpers import refused

from mtgkit import CostError, Game, replay
from mtgkit.events import DamageDealt, DamageRedirected, ManaAdded


def test_106_7_capstone_P3_ziggurat_and_citadel() -> None:
    """P3: Alice's Exotic Orchard reflects Bob's (tapped) Ancient Ziggurat and Tarnished Citadel:
    its {R} is plain mana, so Lightning Bolt can be cast with it, and nobody is dealt 3 damage."""
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Ancient Ziggurat", "Bob", tapped=True)
    g.put_onto_battlefield("Tarnished Citadel", "Bob", tapped=True)
    orchard = g.put_onto_battlefield("Exotic Orchard", "Alice")
    assert g.could_produce(orchard) == frozenset("WUBRG")
    events = g.activate(orchard, color="R")
    added = next(e for e in events if isinstance(e, ManaAdded))
    assert added.spend_only is None
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    g.resolve()
    assert (g.life("Alice"), g.life("Bob")) == (20, 17)
    assert replay(g.events) == g.board()


def test_106_6_ziggurat_mana_can_be_spent_only_on_a_creature_spell() -> None:
    g = Game(["Alice", "Bob"])
    ziggurat = g.put_onto_battlefield("Ancient Ziggurat", "Alice")
    events = g.activate(ziggurat, color="R")
    added = next(e for e in events if isinstance(e, ManaAdded))
    assert added.spend_only == "Creature" and "106.6" in added.rules
    bolt = g.put_in_hand("Lightning Bolt", "Alice")
    with refused(g, CostError, "106.6"):
        g.cast(bolt, target="Bob")
    with pytest.raises(CostError) as err:
        g.cast(bolt, target="Bob")
    assert err.value.reason == ("Alice's mana pool holds {R}, but {R} of it can be spent only on a "
                                "creature spell, and no other mana is left to pay {R} for Lightning Bolt.")
    with refused(g, CostError, "106.6"):
        g.cast(bolt, target="Bob", pay="{R}")
    g.cast(g.put_in_hand("Raging Goblin", "Alice"))  # a creature spell: fine
    assert not g.pool("Alice")


def test_106_6_restricted_mana_is_spent_first_on_a_creature_and_unrestricted_mana_is_kept() -> None:
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Ancient Ziggurat", "Alice"), color="R")
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Raging Goblin", "Alice"))  # {R}: the Ziggurat's {R} pays it
    g.resolve()
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")  # the Mountain's {R} is left
    g.resolve()
    assert g.life("Bob") == 17


def test_106_6a_a_replacement_that_increases_the_amount_keeps_the_restriction() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Mana Reflection", "Alice")
    events = g.activate(g.put_onto_battlefield("Ancient Ziggurat", "Alice"), color="G")
    assert str(g.pool("Alice")) == "{G}{G}"
    added = next(e for e in events if isinstance(e, ManaAdded))
    assert "106.6a" in added.rules  # the restriction covers the extra {G} because of 106.6a
    bolt = g.put_in_hand("Lightning Bolt", "Alice")
    with refused(g, CostError, "106.6"):
        g.cast(bolt, target="Bob")
    g.cast(g.put_in_hand("Grizzly Bears", "Alice"))
    assert not g.pool("Alice")


def test_106_4_restricted_mana_empties_with_the_pool() -> None:
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Ancient Ziggurat", "Alice"), color="R")
    g.advance(to="beginning_of_combat")  # the pool empties, its restricted {R} too
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    assert not g.pool("Alice")


def test_605_1a_tarnished_citadel_deals_3_damage_to_you_as_its_mana_ability_resolves() -> None:
    g = Game(["Alice", "Bob"])
    citadel = g.put_onto_battlefield("Tarnished Citadel", "Alice")
    events = g.activate(citadel, 1, color="W")
    damage = next(e for e in events if isinstance(e, DamageDealt))
    assert (damage.source, damage.to_player, damage.amount, damage.combat) == (
        "Tarnished Citadel", "Alice", 3, False)
    assert damage.rules == ("120.3", "605.1a", "605.3b", "120.3a")  # part of the mana ability
    assert str(g.pool("Alice")) == "{W}" and g.life("Alice") == 17
    assert g.stack() == []  # a mana ability: no stack (605.3b)
    g2 = Game(["Alice", "Bob"])
    protector = g2.put_onto_battlefield("Protector of the Crown", "Alice")
    g2.activate(g2.put_onto_battlefield("Tarnished Citadel", "Alice"), 1, color="W")
    assert any(isinstance(e, DamageRedirected) for e in g2.events)  # CR 614.9
    assert g2.life("Alice") == 20 and g2.obj(protector).damage == 3
    g.activate(g.put_onto_battlefield("Tarnished Citadel", "Alice"), 0)  # {T}: Add {C}: no damage
    assert g.life("Alice") == 17
