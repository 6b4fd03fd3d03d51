"""The monarch (CR 725), Protector of the Crown (614.9), triggers on the stack (603) and combat."""

from __future__ import annotations

from helpers import refused

from mtgkit import Game, Scripted, SummoningSicknessError


def cast_creature(g: Game, name: str, player: str, lands: int, land: str = "Plains") -> int:
    for _ in range(lands):
        g.activate(g.put_onto_battlefield(land, player))
    ref = g.put_in_hand(name, player)
    g.cast(ref)
    g.resolve_stack()
    return ref


def crown(g: Game, player: str) -> int:
    """Make ``player`` the monarch: a Protector of the Crown enters under their control."""
    ref = g.put_onto_battlefield("Protector of the Crown", player, by_effect=True)
    g.resolve_stack()
    return ref


def test_725_1_no_monarch_at_the_start() -> None:
    g = Game(["Alice", "Bob"])
    assert g.monarch is None and g.board().monarch is None
    g.next_turn()
    assert not any(e.kind == "trigger" for e in g.events)


def test_725_3_one_monarch_at_a_time() -> None:
    g = Game(["Alice", "Bob"])
    crown(g, "Alice")
    assert g.monarch == "Alice"
    g.next_turn()
    g.resolve_stack()
    cast_creature(g, "Palace Jailer", "Bob", 4)
    assert g.monarch == "Bob"
    changes = [e for e in g.events if e.kind == "monarch" and e.get("changed")]
    assert [e.get("monarch") for e in changes] == ["Alice", "Bob"]
    assert "Alice stops being the monarch" in changes[-1].text


def test_725_2_end_step_draw_controlled_by_the_monarch() -> None:
    g = Game(["Alice", "Bob"])
    crown(g, "Alice")
    hand = g.board().player("Alice").hand
    g.advance(to="end")
    trig = next(e for e in g.events if e.kind == "trigger" and e.step == "end")
    assert trig.player == "Alice" and "725.2" in trig.rules and trig.obj is None
    assert [i.name for i in g.stack()] == ["The monarch's ability"]
    g.resolve()
    assert g.board().player("Alice").hand == hand + 1


def test_725_2_the_monarch_who_triggered_draws_even_if_the_crown_moved() -> None:
    g = Game(["Alice", "Bob"])
    crown(g, "Alice")
    g.advance(to="end")
    assert len(g.stack()) == 1
    # With the draw trigger waiting, Bob becomes the monarch (a Custodi Lich enters for him).
    bob_hand = g.board().player("Bob").hand
    alice_hand = g.board().player("Alice").hand
    g.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
    assert len(g.stack()) == 2  # the Lich's trigger is above the monarch's draw
    g.resolve_stack()
    assert g.monarch == "Bob"
    assert g.board().player("Alice").hand == alice_hand + 1
    assert g.board().player("Bob").hand == bob_hand


def test_725_2_combat_damage_steals_the_crown_once_with_several_creatures() -> None:
    g = Game(["Alice", "Bob"])
    g.next_turn()  # Bob's turn
    crown_bob = cast_creature(g, "Palace Jailer", "Bob", 4)
    assert g.monarch == "Bob" and crown_bob
    g.next_turn()  # Alice's turn
    bears = [g.put_onto_battlefield("Grizzly Bears", "Alice") for _ in range(2)]
    g.advance(to="beginning_of_combat")
    g.attack(bears)
    g.advance()  # declare blockers: none
    g.advance()  # combat damage
    steals = [e for e in g.events if e.kind == "trigger" and "combat damage to the monarch" in e.text]
    assert len(steals) == 2 and all(e.player == "Bob" for e in steals)
    g.resolve_stack()
    assert g.monarch == "Alice"
    changes = [e for e in g.events
               if e.kind == "monarch" and e.get("changed") and e.get("monarch") == "Alice"]
    assert len(changes) == 1
    assert any(e.kind == "monarch" and not e.get("changed") for e in g.events)


def test_ruling_custodi_lich_does_not_trigger_if_already_the_monarch() -> None:
    g = Game(["Alice", "Bob"])
    crown(g, "Alice")
    g.put_onto_battlefield("Grizzly Bears", "Bob")
    cast_creature(g, "Custodi Lich", "Alice", 5, "Swamp")
    assert not any(e.kind == "trigger" and "Whenever you become the monarch" in e.text for e in g.events)
    assert g.permanents("Bob")  # nothing was sacrificed
    note = [e for e in g.events if e.kind == "monarch" and not e.get("changed")]
    assert note and "doesn't trigger" in note[-1].text


def test_custodi_lich_triggers_on_a_real_change_and_target_player_sacrifices() -> None:
    g = Game(["Alice", "Bob"], chooser=Scripted(["Bob", "Hill Giant #62"]))
    g.put_onto_battlefield("Grizzly Bears", "Bob")
    g.put_onto_battlefield("Hill Giant", "Bob")
    cast_creature(g, "Custodi Lich", "Alice", 5, "Swamp")
    assert g.monarch == "Alice"
    assert [o.name for o in g.permanents("Bob")] == ["Grizzly Bears"]
    choices = [e for e in g.events if e.kind == "choice"]
    assert [e.get("question") for e in choices][-2:] == ["target", "sacrifice"]


def test_palace_jailer_exile_lasts_until_an_opponent_becomes_the_monarch() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    cast_creature(g, "Palace Jailer", "Alice", 4)
    assert g.obj(bears).zone == "exile" and g.monarch == "Alice"
    g.next_turn()
    g.resolve_stack()
    cast_creature(g, "Protector of the Crown", "Bob", 6)
    assert g.monarch == "Bob" and g.obj(bears).zone == "battlefield"


def test_palace_jailer_with_no_opposing_creature_has_no_target() -> None:
    g = Game(["Alice", "Bob"])
    cast_creature(g, "Palace Jailer", "Alice", 4)
    assert any(e.kind == "fizzle" and "603.3d" in e.rules for e in g.events)
    assert g.monarch == "Alice"


def test_603_4_queen_marchesa_intervening_if() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Queen Marchesa", "Alice")
    g.next_turn()
    crown(g, "Bob")  # Bob becomes the monarch on his turn
    g.next_turn()  # Alice's upkeep: an opponent is the monarch: it triggers
    assert any(e.kind == "trigger" and e.obj == "Queen Marchesa" for e in g.events)
    g.resolve_stack()
    assert [o.name for o in g.permanents("Alice")].count("Assassin") == 1


def test_603_4_queen_marchesa_checks_again_on_resolution() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Queen Marchesa", "Alice")
    g.next_turn()
    crown(g, "Bob")
    g.next_turn(to="upkeep")
    assert [i.name for i in g.stack()] == ["Queen Marchesa's ability"]
    # While the trigger waits, Alice becomes the monarch (a Protector enters for her).
    g.put_onto_battlefield("Protector of the Crown", "Alice", by_effect=True)
    g.resolve_stack()
    assert g.monarch == "Alice"
    assert not any(o.name == "Assassin" for o in g.permanents())
    assert any(e.kind == "fizzle" and "603.4" in e.rules for e in g.events)


def test_queen_marchesa_does_not_trigger_when_you_are_the_monarch() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Queen Marchesa", "Alice")
    crown(g, "Alice")
    g.next_turn()
    g.next_turn(to="upkeep")
    assert not any(e.kind == "trigger" and e.obj == "Queen Marchesa" for e in g.events)


def test_614_9_protector_redirects_and_keeps_combat_damage_combat_damage() -> None:
    g = Game(["Alice", "Bob"])
    g.next_turn()
    protector = crown(g, "Bob")
    g.next_turn()
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.advance(to="combat_damage")
    dmg = next(e for e in g.events if e.kind == "damage" and e.get("combat") and e.obj_id == protector)
    assert "510.2" in dmg.rules and g.obj(protector).damage == 2
    assert g.life("Bob") == 20
    assert not any(e.kind == "trigger" and "combat damage to the monarch" in e.text for e in g.events)
    g.resolve_stack()
    assert g.monarch == "Bob"  # no damage to the monarch, so no steal


def test_ruling_protector_works_even_if_an_opponent_is_the_monarch() -> None:
    g = Game(["Alice", "Bob"])
    protector = g.put_onto_battlefield("Protector of the Crown", "Bob")
    crown(g, "Alice")
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    g.resolve_stack()
    assert g.life("Bob") == 20 and g.obj(protector).damage == 3


def test_ruling_several_protectors_one_chosen_damage_not_divided() -> None:
    g = Game(["Alice", "Bob"], chooser=Scripted(["Protector of the Crown #62"]))
    p1 = g.put_onto_battlefield("Protector of the Crown", "Bob")
    p2 = g.put_onto_battlefield("Protector of the Crown", "Bob")
    assert p2 == 62
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    g.resolve_stack()
    assert (g.obj(p1).damage, g.obj(p2).damage) == (0, 3)
    assert any(e.kind == "choice" and e.get("question") == "protector" for e in g.events)


def test_614_9_no_redirection_if_the_protector_is_gone() -> None:
    g = Game(["Alice", "Bob"])
    protector = g.put_onto_battlefield("Protector of the Crown", "Bob")
    for _ in range(3):
        g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=protector)  # in response
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=protector)
    g.resolve()
    g.resolve()
    assert g.obj(protector).zone == "graveyard"
    g.resolve()  # the first Bolt: no Protector left to take it
    assert g.life("Bob") == 17


def test_302_6_and_702_10b_attacking_needs_continuous_control_or_haste() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice", arrived="this turn")
    g.advance(to="beginning_of_combat")
    with refused(g, SummoningSicknessError, "302.6"):
        g.attack([bears])


def test_510_blocked_attacker_deals_no_damage_to_the_player() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    giant = g.put_onto_battlefield("Hill Giant", "Bob")
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.block({giant: bears})
    g.advance(to="end_of_combat")
    assert g.life("Bob") == 20 and g.obj(bears).zone == "graveyard" and g.obj(giant).damage == 2


def test_704_5a_combat_damage_kills_the_monarch_crown_passes_725_4() -> None:
    g = Game(["Alice", "Bob"], life=2)
    g.next_turn()
    crown(g, "Bob")
    g.next_turn()
    protector = g.find("Protector of the Crown")  # Bob's Protector would redirect: Bolt it
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=protector)
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=protector)
    g.resolve_stack()
    assert g.obj(protector).zone == "graveyard"
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.advance(to="combat_damage")
    assert not g.board().player("Bob").in_game
    assert g.monarch == "Alice"
    passed = next(e for e in g.events if e.kind == "monarch" and "725.4" in e.rules)
    assert passed.get("monarch") == "Alice"


def test_725_4_monarch_concedes_in_three_player_game() -> None:
    g = Game(["Alice", "Bob", "Carol"])
    crown(g, "Bob")  # Bob becomes the monarch during Alice's turn (Protector entered for Bob)
    g.concede("Bob")
    assert g.monarch == "Alice"  # the active player


def test_725_4_active_monarch_leaving_passes_to_next_in_turn_order() -> None:
    g = Game(["Alice", "Bob", "Carol", "Dave"])
    crown(g, "Alice")
    g.concede("Alice")
    assert g.monarch == "Bob"


def test_104_2a_the_game_is_over_when_one_player_is_left() -> None:
    from mtgkit import GameOverError

    g = Game(["Alice", "Bob"])
    crown(g, "Alice")
    g.concede("Bob")
    assert g.winner == "Alice" and g.monarch == "Alice"
    with refused(g, GameOverError, "104.2a"):
        g.concede("Alice")  # the game is over: nobody can leave it any more


def test_603_3b_apnap_order_active_players_triggers_go_on_the_stack_first() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Contamination", "Alice")
    g.put_onto_battlefield("Queen Marchesa", "Alice")
    g.put_onto_battlefield("Queen Marchesa", "Bob")
    crown(g, "Bob")
    g.next_turn()
    g.next_turn(to="upkeep")
    stacked = [e for e in g.events if e.kind == "stack" and e.turn == 3]
    assert [e.player for e in stacked] == ["Alice", "Alice"]
    assert any(e.kind == "choice" and "603.3b" in e.rules for e in g.events)


def test_104_2a_last_player_standing_wins_and_damage_to_a_departed_player_is_not_dealt() -> None:
    g = Game(["Alice", "Bob", "Carol"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.advance(to="beginning_of_combat")
    g.attack({bears: "Carol"})
    g.concede("Carol")
    g.advance(to="end_of_combat")
    assert g.life("Carol") == 20 and g.winner is None
    g.concede("Bob")
    assert g.winner == "Alice"


def test_800_4a_abilities_of_a_player_who_leaves_cease_to_exist() -> None:
    """Found by the property test: the log must show the ability leaving the stack."""
    from mtgkit import replay

    g = Game(["Alice", "Bob", "Carol"])
    g.put_onto_battlefield("Hangarback Walker", "Alice")  # a 0/0: dies, its trigger waits
    g.pass_priority()  # before Bob gets priority: the state-based action, then the trigger
    assert [i.name for i in g.stack()] == ["Hangarback Walker's ability"]
    g.concede("Alice")
    assert g.stack() == [] and replay(g.events) == g.board()
    assert any(e.kind == "fizzle" and "800.4a" in e.rules for e in g.events)
