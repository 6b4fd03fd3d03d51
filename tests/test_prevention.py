"""Preventing damage (CR 615) beside redirection (614.9, 616.1): redirected combat damage is still
combat damage, so Holy Day prevents it at the Protector too; and spending mana as though it were
mana of any color (609.4b), which changes neither the cost nor the mana's type (106.7). Each test
is named after the rule it checks (CR 2026-08-07)."""

from __future__ import annotations

from helpers import refused

from mtgkit import CostError, Game, Scripted, replay
from mtgkit.events import ChoiceMade, DamageDealt, DamagePrevented, DamageRedirected, ManaSpent


def holy_day_combat(chooser: Scripted | None = None) -> tuple[Game, int]:
    """Bob is the monarch with a Protector of the Crown; Alice's Grizzly Bears attack him; Bob casts
    Holy Day in the declare attackers step; combat damage."""
    g = Game(["Alice", "Bob"], chooser=chooser)
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    protector = g.put_onto_battlefield("Protector of the Crown", "Bob")
    plains = g.put_onto_battlefield("Plains", "Bob")
    holy = g.put_in_hand("Holy Day", "Bob")
    g.make_monarch("Bob")
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.pass_priority()
    g.activate(plains)
    g.cast(holy)
    g.resolve()
    g.advance(to="end_of_combat")
    return g, protector


def test_614_9_615_1_capstone_redirected_combat_damage_is_still_combat_damage() -> None:
    """redirected-damage-isnt-combat-damage: Bob applies the Protector's redirection first (616.1);
    the damage to the Protector is still combat damage, and Holy Day prevents it."""
    g, protector = holy_day_combat()
    choice = next(e for e in g.events if isinstance(e, ChoiceMade) and e.question == "damage effect")
    assert choice.options == ("Protector of the Crown #" + str(protector), "Holy Day")
    redirected = next(e for e in g.events if isinstance(e, DamageRedirected))
    prevented = next(e for e in g.events if isinstance(e, DamagePrevented))
    assert redirected.combat and prevented.combat and prevented.to_id == protector
    assert prevented.rules == ("615.1", "615.6", "616.1f", "614.9")  # looked at again, still combat
    assert not any(isinstance(e, DamageDealt) for e in g.events)
    assert g.obj(protector).damage == 0 and g.life("Bob") == 20 and g.monarch == "Bob"
    assert replay(g.events) == g.board()


def test_615_6_616_1f_why_no_crown_when_holy_day_prevents_the_damage_at_the_protector() -> None:
    """No damage was dealt anywhere: the answer says the damage was redirected and then prevented,
    not that the Protector was dealt it."""
    g, protector = holy_day_combat()
    redirected = next(e for e in g.events if isinstance(e, DamageRedirected))
    prevented = next(e for e in g.events if isinstance(e, DamagePrevented))
    answer = g.why_not("monarch", "Alice")
    assert answer == (
        f"Alice isn't the monarch: the damage Grizzly Bears would have dealt to Bob was redirected to "
        f"Protector of the Crown (#{redirected.seq}, CR 614.9), and Holy Day prevented it there "
        f"(#{prevented.seq}): after the redirection it is still combat damage, and the prevention "
        f"effect applied next (CR 616.1f). Prevented damage is never dealt (CR 615.6), so no damage "
        f"was dealt to anyone, and the monarch's combat-damage trigger (CR 725.2) didn't trigger for "
        f"Grizzly Bears.")


def test_616_1_the_affected_player_may_apply_the_prevention_first() -> None:
    g, protector = holy_day_combat(Scripted(["Holy Day"]))
    prevented = next(e for e in g.events if isinstance(e, DamagePrevented))
    assert prevented.to_player == "Bob" and not any(isinstance(e, DamageRedirected) for e in g.events)
    assert prevented.rules == ("615.1", "615.6")
    assert g.life("Bob") == 20 and g.monarch == "Bob"


def test_615_1_holy_day_prevents_only_combat_damage_and_only_this_turn() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.make_monarch("Bob")
    for land in ("Plains", "Mountain"):
        g.activate(g.put_onto_battlefield(land, "Alice"))
    g.cast(g.put_in_hand("Holy Day", "Alice"))
    g.resolve()
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    g.resolve()
    assert g.life("Bob") == 17  # noncombat damage: not prevented
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.advance(to="end_of_combat")
    assert g.life("Bob") == 17 and g.monarch == "Bob"
    assert "prevented" in g.why_not("monarch", "Alice") and "615.6" in g.why_not("monarch", "Alice")
    g.next_turn()
    g.next_turn(to="beginning_of_combat")  # Alice's next turn: the effect ended in a cleanup step
    g.attack([bears])
    g.advance(to="end_of_combat")
    assert g.life("Bob") == 15 and g.monarch == "Alice"


def test_609_4b_chromatic_orrery_spends_mana_as_though_it_were_any_color() -> None:
    g = Game(["Alice", "Bob"])
    orrery = g.put_onto_battlefield("Chromatic Orrery", "Alice")
    g.activate(orrery)
    assert str(g.pool("Alice")) == "{C}{C}{C}{C}{C}"
    events = g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    spent = next(e for e in events if isinstance(e, ManaSpent))
    assert str(spent.mana) == "{C}" and "609.4b" in spent.rules and "{R}" in spent.text
    g.resolve()
    g.cast(g.put_in_hand("Grizzly Bears", "Alice"))
    assert str(g.pool("Alice")) == "{C}{C}"
    g.pass_priority()
    g.pass_priority()  # the Bears resolve
    bob_bolt = g.put_in_hand("Lightning Bolt", "Bob")
    g.next_turn()  # Bob's turn; only Alice may spend mana as though it were any color ("you")
    g.activate(g.put_onto_battlefield("Wastes", "Bob"))
    with refused(g, CostError, "601.2h"):
        g.cast(bob_bolt, target="Alice")


def test_106_7_609_4b_spending_as_any_color_doesnt_change_what_a_land_could_produce() -> None:
    """spend-as-any-color-changes-type: Bob's Wastes makes {C}, Orrery or not: Exotic Orchard sees
    no color."""
    g = Game(["Alice", "Bob"])
    orchard = g.put_onto_battlefield("Exotic Orchard", "Alice")
    g.put_onto_battlefield("Wastes", "Bob")
    g.put_onto_battlefield("Chromatic Orrery", "Bob")
    g.put_onto_battlefield("Chromatic Orrery", "Alice")
    assert g.could_produce(orchard) == frozenset()


def test_121_1_chromatic_orrery_draws_a_card_for_each_color_among_your_permanents() -> None:
    g = Game(["Alice", "Bob"])
    orrery = g.put_onto_battlefield("Chromatic Orrery", "Alice")
    g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.put_onto_battlefield("Raging Goblin", "Alice")
    g.put_onto_battlefield("Serra Angel", "Bob")  # Bob's: doesn't count
    for _ in range(5):
        g.activate(g.put_onto_battlefield("Wastes", "Alice"))
    g.activate(orrery, 1)
    g.resolve()
    assert g.board().player("Alice").hand == 2


def test_615_1_611_2a_holy_days_effect_is_said_as_the_card_says_it() -> None:
    """Holy Day prevents combat damage "this turn"; when its effect ends in the cleanup step, the
    timeline says what it did, not that damage is still being prevented."""
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Plains", "Alice"))
    g.cast(g.put_in_hand("Holy Day", "Alice"))
    g.resolve()
    g.next_turn()
    texts = [e.text for e in g.events]
    assert "This turn, all combat damage that would be dealt is prevented (Holy Day)" in texts
    assert "Holy Day's effect ends (it prevented all combat damage this turn)" in texts
