"""{T} (CR 107.5), {Q} (CR 107.6), summoning sickness (CR 302.6) and haste (CR 702.10b/c)."""

from __future__ import annotations

from helpers import refused

from mtgkit import Game, Mana, SummoningSicknessError, TapSymbolError, UntapSymbolError


def main_phase() -> Game:
    return Game(["Alice", "Bob"])


def give_mana(g: Game, player: str, lands: str = "Plains", n: int = 3) -> None:
    for _ in range(n):
        g.activate(g.put_onto_battlefield(lands, player))


def test_107_5_tap_symbol_taps_the_permanent() -> None:
    g = main_phase()
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice")
    events = g.activate(elves)
    assert g.obj(elves).tapped
    tap = next(e for e in events if e.kind == "tap")
    # 107.5 taps it; 302.6 lets a creature pay {T} (Alice has had it since her turn began)
    assert tap.rules == ("107.5", "302.6") and tap.cause == events[0].seq
    assert g.pool("Alice") == Mana.parse("{G}")


def test_107_5_tapped_permanent_cannot_pay_tap_again() -> None:
    g = main_phase()
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice")
    g.activate(elves)
    with refused(g, TapSymbolError, "107.5"):
        g.activate(elves)


def test_107_5_permanent_that_starts_tapped_cannot_pay_tap() -> None:
    g = main_phase()
    forest = g.put_onto_battlefield("Forest", "Alice", tapped=True)
    assert not g.can_activate(forest)
    with refused(g, TapSymbolError, "107.5"):
        g.activate(forest)


def test_107_6_untap_symbol_needs_a_tapped_permanent() -> None:
    g = main_phase()
    give_mana(g, "Alice", n=2)
    pili = g.put_onto_battlefield("Pili-Pala", "Alice")
    with refused(g, UntapSymbolError, "107.6"):
        g.activate(pili, color="G")


def test_107_6_untap_symbol_untaps_and_is_a_cost() -> None:
    g = main_phase()
    give_mana(g, "Alice", n=2)
    pili = g.put_onto_battlefield("Pili-Pala", "Alice", tapped=True)
    events = g.activate(pili, color="B")
    assert not g.obj(pili).tapped
    kinds = [e.kind for e in events]
    assert kinds == ["activate", "spend", "untap", "choice", "mana"]
    assert next(e for e in events if e.kind == "untap").rules == ("107.6", "302.6")
    assert g.pool("Alice") == Mana.parse("{B}")


def test_302_6_creature_tap_ability_needs_control_since_turn_began() -> None:
    g = main_phase()
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    assert not g.controlled_since_turn_began(elves)
    with refused(g, SummoningSicknessError, "302.6"):
        g.activate(elves)


def test_302_6_creature_untap_ability_needs_control_since_turn_began() -> None:
    g = main_phase()
    give_mana(g, "Alice")
    g.put_in_graveyard("Grizzly Bears", "Alice")
    order = g.put_onto_battlefield("Order of Whiteclay", "Alice", tapped=True, arrived="this turn")
    with refused(g, SummoningSicknessError, "302.6"):
        g.activate(order, target=g.find("Grizzly Bears", zone="graveyard"))


def test_302_6_sickness_wears_off_when_controllers_next_turn_begins() -> None:
    g = main_phase()
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    g.next_turn()  # Bob's turn: still not since *Alice's* most recent turn began
    assert g.active_player == "Bob"
    assert not g.can_activate(elves)
    g.next_turn()  # Alice's turn 3
    assert g.can_activate(elves)
    g.activate(elves)


def test_302_6_applies_to_the_controller_not_the_active_player() -> None:
    g = main_phase()
    g.next_turn()  # Bob's turn
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    assert not g.can_activate(elves)  # Alice can activate abilities on Bob's turn, but not this one


def test_302_6_noncreature_permanents_are_not_affected() -> None:
    g = main_phase()
    g.put_onto_battlefield("Forest", "Bob")
    stone = g.put_onto_battlefield("Fellwar Stone", "Alice", arrived="this turn")
    forest = g.put_onto_battlefield("Forest", "Alice", arrived="this turn")
    g.activate(stone)
    g.activate(forest)
    assert g.pool("Alice") == Mana.parse("{G}{G}")


def test_702_10c_haste_allows_tap_and_untap_abilities() -> None:
    import mtgkit.cards as cards

    hasty = cards.card("Llanowar Elves").replace(name="Hasty Elves", keywords=frozenset({"haste"}))
    cards.CATALOG["Hasty Elves"] = hasty
    try:
        g = main_phase()
        elves = g.put_onto_battlefield("Hasty Elves", "Alice", arrived="this turn")
        tap = next(e for e in g.activate(elves) if e.kind == "tap")
        assert g.pool("Alice") == Mana.parse("{G}")
        assert tap.rules == ("107.5", "702.10c")  # haste, not 302.6, is what let it pay {T}
        old = g.put_onto_battlefield("Hasty Elves", "Alice")  # here since the turn began
        assert next(e for e in g.activate(old) if e.kind == "tap").rules == ("107.5", "302.6")
    finally:
        del cards.CATALOG["Hasty Elves"]


def test_702_10b_haste_allows_attacking_the_turn_it_arrives() -> None:
    g = main_phase()
    goblin = g.put_onto_battlefield("Raging Goblin", "Alice", arrived="this turn")
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice", arrived="this turn")
    g.advance(to="beginning_of_combat")
    with refused(g, SummoningSicknessError, "302.6"):
        g.attack([goblin, bears])
    declared = next(e for e in g.attack([goblin]) if e.kind == "attack")
    assert declared.rules == ("508.1", "702.10b")  # haste is what let it attack
    g.advance(to="end_of_combat")
    assert g.life("Bob") == 19


def test_event_rules_name_what_let_a_permanent_pay_tap_or_attack() -> None:
    """A creature here since its controller's turn began pays {T} and attacks under CR 302.6;
    a permanent that isn't a creature isn't touched by summoning sickness: only 107.5."""
    g = main_phase()
    stone = g.put_onto_battlefield("Fellwar Stone", "Alice", arrived="this turn")
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    assert next(e for e in g.activate(stone) if e.kind == "tap").rules == ("107.5",)
    g.advance(to="beginning_of_combat")
    assert next(e for e in g.attack([bears]) if e.kind == "attack").rules == ("508.1", "302.6")


def test_ability_with_tap_and_mana_cost_checks_the_mana() -> None:
    from mtgkit import CostError

    g = main_phase()
    gate = g.put_onto_battlefield("Mystic Gate", "Alice")
    with refused(g, CostError, "602.2b"):
        g.activate(gate, 1)


def test_only_controller_can_activate() -> None:
    from mtgkit import RulesError

    g = main_phase()
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice")
    with refused(g, RulesError, "602.2"):
        g.activate(elves, player="Bob")


def test_order_of_whiteclay_returns_a_creature_that_is_then_summoning_sick() -> None:
    g = main_phase()
    give_mana(g, "Alice")
    bears = g.put_in_graveyard("Grizzly Bears", "Alice")
    order = g.put_onto_battlefield("Order of Whiteclay", "Alice", tapped=True)
    g.activate(order, target=bears)
    assert [i.name for i in g.stack()] == ["Order of Whiteclay's ability"]
    g.resolve()
    assert g.obj(bears).zone == "battlefield"
    assert not g.controlled_since_turn_began(bears)


def test_702_10c_haste_from_mass_hysteria_lets_a_new_creature_tap_for_mana() -> None:
    from mtgkit import replay

    g = main_phase()
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    assert not g.can_activate(elves) and g.board().permanents[-1].sick
    g.put_onto_battlefield("Mass Hysteria", "Bob")  # all creatures have haste, Alice's too
    assert g.has_haste(elves) and not g.board().permanents[0].sick
    g.activate(elves)
    assert g.pool("Alice") == Mana.parse("{G}") and replay(g.events) == g.board()
