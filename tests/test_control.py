"""Control-changing effects (CR 613.1b): Mind Control's static ability, Act of Treason's "until
end of turn", continuous control for summoning sickness (302.6), removal from combat (506.4),
control returning (514.2, 800.4a), and the monarch's "its controller" (725.2). Each test is named
after the rule it checks (CR 2026-08-07); the capstones T3 and K11 of issue 20 are played here."""

from __future__ import annotations

from mtgkit import Game, replay
from mtgkit.events import AbilityGained, ControlChanged, EffectEnded, MonarchChanged, Untapped


def lands(g: Game, player: str, land: str, n: int) -> None:
    for _ in range(n):
        g.activate(g.put_onto_battlefield(land, player))


def mind_control(g: Game, target: int) -> tuple[ControlChanged, int]:
    """Alice casts Mind Control on ``target``; it resolves."""
    lands(g, "Alice", "Island", 5)
    aura = g.put_in_hand("Mind Control", "Alice")
    g.cast(aura, target=target)
    events = g.resolve()
    changed = [e for e in events if isinstance(e, ControlChanged)]
    assert len(changed) == 1
    return changed[0], aura


def test_613_1b_302_6_capstone_T3_mind_control_restarts_the_new_controllers_clock() -> None:
    """T3: Bob's Elves have been his for turns; Alice takes them with Mind Control in her turn.
    She may tap them first in her next turn (from its upkeep), not in Bob's turn between."""
    g = Game(["Alice", "Bob"])
    elves = g.put_onto_battlefield("Llanowar Elves", "Bob")
    changed, _ = mind_control(g, elves)
    assert (changed.controller, changed.previous, changed.effect) == ("Alice", "Bob", "Mind Control")
    assert "613.1b" in changed.rules and "302.6" in changed.rules
    assert g.obj(elves).controller == "Alice" and g.obj(elves).owner == "Bob"
    assert not g.can_activate(elves, player="Alice")
    assert "302.6" in g.why_not_activate(elves, player="Alice")
    assert "602.2" in g.why_not_activate(elves, player="Bob")  # only the controller activates
    g.next_turn()  # Bob's turn: Alice's most recent turn is still the one she took them in
    assert not g.can_activate(elves, player="Alice", timing=False)
    assert next(p for p in g.board().permanents if p.id == elves).sick
    g.next_turn(to="upkeep")  # Alice's next turn
    assert g.can_activate(elves, player="Alice")
    assert replay(g.events) == g.board()


def test_613_1b_110_2_control_returns_when_the_aura_leaves() -> None:
    """Alice concedes a three-player game: her Mind Control leaves with her (800.4a), and Bob's
    Bears, still on the battlefield, go back to the player they entered under."""
    g = Game(["Alice", "Bob", "Carol"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    mind_control(g, bears)
    events = g.concede("Alice")
    back = [e for e in events if isinstance(e, ControlChanged)]
    assert [(e.controller, e.previous, e.effect) for e in back] == [("Bob", "Alice", "")]
    assert g.obj(bears).zone == "battlefield" and g.obj(bears).controller == "Bob"
    assert replay(g.events) == g.board()


def test_514_2_611_2a_act_of_treason_ends_in_the_cleanup_step() -> None:
    """Gain control until end of turn, untap, haste until end of turn: in the cleanup step both
    effects end and the creature goes back to Bob."""
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob", tapped=True)
    lands(g, "Alice", "Mountain", 3)
    g.cast(g.put_in_hand("Act of Treason", "Alice"), target=bears)
    events = g.resolve()
    assert [type(e) for e in events if isinstance(e, ControlChanged | Untapped | AbilityGained)] == [
        ControlChanged, Untapped, AbilityGained]
    assert g.obj(bears).controller == "Alice" and not g.obj(bears).tapped
    assert g.has_haste(bears)  # until end of turn (702.10b)
    assert replay(g.events) == g.board()
    g.advance(to="beginning_of_combat")
    attack = g.attack([bears])
    assert any("702.10b" in e.rules for e in attack)
    events = g.next_turn()
    ended = [e for e in events if isinstance(e, EffectEnded)]
    assert [e.rules for e in ended] == [("514.2", "611.2a")] * 2
    back = next(e for e in events if isinstance(e, ControlChanged))
    assert (back.controller, back.previous, back.step) == ("Bob", "Alice", "cleanup")
    assert g.obj(bears).controller == "Bob" and not g.has_haste(bears)
    assert g.life("Bob") == 18
    assert replay(g.events) == g.board()


def test_506_4_a_creature_whose_controller_changes_is_removed_from_combat() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.put_onto_battlefield("Mind Control", "Bob", by_effect=True, attached_to=bears)
    changed = next(e for e in reversed(g.events) if isinstance(e, ControlChanged))
    assert changed.removed_from_combat and "506.4" in changed.rules
    assert next(p for p in g.board().permanents if p.id == bears).attacking is None
    g.advance(to="end_of_combat")
    assert g.life("Bob") == 20  # it left combat: no combat damage
    assert replay(g.events) == g.board()


def test_725_2_the_crown_goes_to_the_creatures_controller_and_its_lich_triggers_for_them() -> None:
    """K11 without the Bolt: Alice's stolen Custodi Lich takes the crown from Bob, its owner; its
    "whenever you become the monarch" is Alice's, and Bob sacrifices a creature he controls."""
    g, lich, _ = k11_board()
    g.advance(to="beginning_of_combat")
    g.attack([lich])
    g.advance(to="combat_damage")
    g.resolve_stack()
    assert g.monarch == "Alice"
    assert [o.name for o in g.permanents("Bob")] == ["Mountain"]  # Grizzly Bears sacrificed
    assert g.obj(lich).controller == "Alice"
    g.next_turn()
    assert g.obj(lich).controller == "Bob"  # control returns in Alice's cleanup step
    assert replay(g.events) == g.board()


def k11_board() -> tuple[Game, int, int]:
    """K11: Bob is the monarch with Custodi Lich, Grizzly Bears, a Mountain and a Bolt; Alice casts
    Act of Treason on the Lich."""
    g = Game(["Alice", "Bob"])
    lich = g.put_onto_battlefield("Custodi Lich", "Bob")
    g.put_onto_battlefield("Grizzly Bears", "Bob")
    mountain = g.put_onto_battlefield("Mountain", "Bob")
    g.make_monarch("Bob")
    lands(g, "Alice", "Mountain", 3)
    g.cast(g.put_in_hand("Act of Treason", "Alice"), target=lich)
    g.resolve()
    return g, lich, mountain


def test_725_2_608_2h_capstone_K11_act_of_treason_on_a_custodi_lich() -> None:
    """K11: the stolen Lich hits Bob; in response to the monarch's ability Bob Bolts the Lich. The
    crown goes to the Lich's last controller, Alice; the Lich, in Bob's graveyard, sees nothing."""
    g, lich, mountain = k11_board()
    bolt = g.put_in_hand("Lightning Bolt", "Bob")
    g.advance(to="beginning_of_combat")
    g.attack([lich])
    g.advance(to="combat_damage")
    assert g.life("Bob") == 16 and g.stack()
    g.pass_priority()  # Alice passes; Bob responds
    g.activate(mountain, player="Bob")
    g.cast(bolt, target=lich)
    g.resolve_stack()
    assert g.monarch == "Alice"
    assert g.obj(lich).zone == "graveyard" and g.obj(lich).owner == "Bob"
    crowned = next(e for e in reversed(g.events) if isinstance(e, MonarchChanged))
    assert crowned.monarch == "Alice" and crowned.previous == "Bob"
    assert [o.name for o in g.permanents("Bob")] == ["Grizzly Bears", "Mountain"]  # no sacrifice
    assert replay(g.events) == g.board()


def test_506_4_why_no_crown_when_a_control_change_removed_the_attacker_from_combat() -> None:
    """Dave, the owner of Alice's Mind Control, leaves: the attacking Bears go back to Carol and are
    removed from combat (800.4a, 506.4). The answer says so, not "0 power"."""
    g = Game(["Alice", "Bob", "Carol", "Dave"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Carol")
    g.put_onto_battlefield("Mind Control", "Alice", owner="Dave", attached_to=bears)
    g.make_monarch("Bob")
    g.advance(to="beginning_of_combat")
    g.attack({bears: "Bob"})
    g.concede("Dave")
    changed = next(e for e in reversed(g.events) if isinstance(e, ControlChanged))
    g.advance(to="end_of_combat")
    assert g.why_not("monarch", "Alice") == (
        f"Alice isn't the monarch: Grizzly Bears' controller changed to Carol (#{changed.seq}) before "
        f"combat damage, so it was removed from combat and dealt no combat damage (CR 506.4).")


def test_800_4a_effects_that_give_a_leaving_player_control_end_before_their_permanents_are_exiled() -> None:
    g = Game(["Alice", "Bob", "Carol"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    lands(g, "Alice", "Mountain", 3)
    g.cast(g.put_in_hand("Act of Treason", "Alice"), target=bears)
    g.resolve()
    events = g.concede("Alice")
    ended = next(e for e in events if isinstance(e, EffectEnded))
    assert ended.rules == ("800.4a",)
    assert g.obj(bears).zone == "battlefield" and g.obj(bears).controller == "Bob"
    assert replay(g.events) == g.board()


def test_613_7_the_later_control_effect_wins() -> None:
    """Bob's Act of Treason on his creature that Alice's Mind Control took: two control effects
    apply, and the later one decides (613.7); at cleanup only Mind Control is left (no 613.7)."""
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    g.put_onto_battlefield("Mind Control", "Alice", attached_to=bears)
    g.next_turn()
    lands(g, "Bob", "Mountain", 3)
    g.cast(g.put_in_hand("Act of Treason", "Bob"), target=bears)
    changed = [e for e in g.resolve() if isinstance(e, ControlChanged)]
    assert [(e.controller, e.rules[:3]) for e in changed] == [("Bob", ("613.1b", "110.2", "613.7"))]
    g.next_turn()
    back = [e for e in g.events if isinstance(e, ControlChanged)][-1]
    assert back.controller == "Alice" and "613.7" not in back.rules


def test_800_4a_an_aura_that_gives_a_leaving_player_control_ends_before_the_exile() -> None:
    """Alice controls Mind Control (Bob owns it) on Carol's Bears and leaves: the effect giving her
    control ends first, so the Bears go back to Carol and stay; only Mind Control is exiled."""
    g = Game(["Alice", "Bob", "Carol"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Carol")
    aura = g.put_onto_battlefield("Mind Control", "Alice", owner="Bob", attached_to=bears)
    events = g.concede("Alice")
    back = next(e for e in events if isinstance(e, ControlChanged))
    assert back.controller == "Carol" and "800.4a" in back.rules
    assert g.obj(bears).zone == "battlefield" and g.controller_of(bears) == "Carol"
    assert g.obj(aura).zone == "exile"
    assert replay(g.events) == g.board()


def test_110_2_602_2_a_setup_from_before_this_turn_lets_the_aura_controller_tap_it() -> None:
    """owner-is-the-controller: Alice has controlled Bob's Elves through Mind Control since before
    her turn: she may tap them, Bob may not."""
    g = Game(["Alice", "Bob"])
    elves = g.put_onto_battlefield("Llanowar Elves", "Bob")
    g.put_onto_battlefield("Mind Control", "Alice", attached_to=elves)
    assert g.obj(elves).controller == "Alice"
    assert g.can_activate(elves, player="Alice")
    assert not g.can_activate(elves, player="Bob")
    setup = next(e for e in g.events if isinstance(e, ControlChanged))
    assert setup.setup and not setup.since_now
    assert replay(g.events) == g.board()
    g2 = Game(["Alice", "Bob"])
    elves2 = g2.put_onto_battlefield("Llanowar Elves", "Bob")
    g2.put_onto_battlefield("Mind Control", "Alice", attached_to=elves2, arrived="this turn")
    assert not g2.can_activate(elves2, player="Alice")
    assert replay(g2.events) == g2.board()
