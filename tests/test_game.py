"""Game structure: players, turns and steps (CR 500.1), zones, pools (106.4), the stack,
state-based actions, atomic actions, and the event log."""

from __future__ import annotations

import pytest
from helpers import refused, snapshot

from mtgkit import STEPS, Game, Mana, RulesError, TimingError, replay
from mtgkit.events import KINDS


def test_game_needs_two_distinct_players() -> None:
    with pytest.raises(ValueError):
        Game(["Alice"])
    with pytest.raises(ValueError):
        Game(["Alice", "Alice"])


def test_500_1_turn_walks_through_every_step_in_order() -> None:
    g = Game(["Alice", "Bob", "Carol"], start="untap")
    seen = [g.step]
    while g.turn == 1:
        g.advance()
        seen.append(g.step)
    skipped = [s for s in STEPS if s not in ("declare_blockers", "first_strike_damage", "combat_damage")]
    assert seen[:-1] == skipped  # CR 506.1: no attackers, so blockers and damage are skipped
    assert (g.turn, g.active_player, g.step) == (2, "Bob", "untap")
    g.next_turn()
    assert (g.turn, g.active_player) == (3, "Carol")


def test_103_8a_first_player_skips_first_draw_then_players_draw() -> None:
    g = Game(["Alice", "Bob"])
    assert g.board().player("Alice").hand == 0
    assert any("103.8a" in e.rules for e in g.events)
    g.next_turn()
    assert g.board().player("Bob").hand == 1
    assert g.board().player("Bob").library == 29


def test_704_5b_drawing_from_an_empty_library_loses() -> None:
    g = Game(["Alice", "Bob"], library=0)
    g.next_turn()
    assert not g.board().player("Bob").in_game
    assert any(e.kind == "leave" and "704.5b" in e.rules for e in g.events)


def test_106_4_mana_pools_empty_between_steps() -> None:
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Forest", "Alice"))
    assert g.pool("Alice") == Mana.parse("{G}")
    events = g.advance()
    assert g.pool("Alice") == Mana()
    empty = next(e for e in events if e.kind == "empty")
    assert empty.rules == ("106.4",) and empty.get("mana") == "{G}"


def test_502_3_untap_step_untaps_only_the_active_players_permanents() -> None:
    g = Game(["Alice", "Bob"])
    a = g.put_onto_battlefield("Forest", "Alice", tapped=True)
    b = g.put_onto_battlefield("Forest", "Bob", tapped=True)
    g.next_turn()  # Bob's turn
    assert g.obj(b).tapped is False and g.obj(a).tapped is True


@pytest.mark.parametrize("step", ["untap", "cleanup"])
def test_no_priority_in_untap_and_cleanup(step: str) -> None:
    g = Game(["Alice", "Bob"], start=step)
    forest = g.put_onto_battlefield("Forest", "Alice")
    with refused(g, TimingError):
        g.activate(forest)


def test_500_2_advancing_means_all_pass_so_the_stack_resolves_before_the_step_ends() -> None:
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    assert g.step == "main1" and g.life("Bob") == 20
    events = g.advance()
    kinds = [e.kind for e in events]
    assert kinds.index("resolve") < kinds.index("step")
    assert g.life("Bob") == 17 and g.step == "beginning_of_combat"
    assert g.board().player("Alice").graveyard == ("Lightning Bolt",)
    with refused(g, TimingError, "117.4"):
        g.resolve()


def test_zones_every_object_is_in_exactly_one_zone() -> None:
    g = Game(["Alice", "Bob"], library=2)
    g.put_in_hand("Grizzly Bears", "Alice")
    g.put_in_graveyard("Grizzly Bears", "Bob")
    g.put_onto_battlefield("Forest", "Alice")
    top = g.put_in_library("Grizzly Bears", "Bob")[0]
    g.next_turn()
    assert g.obj(top).zone == "hand"  # Bob drew the card put on top
    zones = {}
    for o in g._s.objects.values():
        zones[o.id] = o.zone
    assert set(zones.values()) == {"library", "hand", "graveyard", "battlefield"}
    assert sorted(g._s.battlefield) == sorted(i for i, z in zones.items() if z == "battlefield")


def test_lands_are_played_once_per_turn_and_not_cast() -> None:
    g = Game(["Alice", "Bob"])
    f1, f2 = g.put_in_hand("Forest", "Alice"), g.put_in_hand("Forest", "Alice")
    with refused(g, TimingError, "305.1"):
        g.cast(f1)
    g.play_land(f1)
    with refused(g, TimingError, "305.2"):
        g.play_land(f2)


def test_704_5g_lethal_damage_destroys_a_creature() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=bears)
    events = g.resolve()
    assert any(e.kind == "sba" and "704.5g" in e.rules for e in events)
    assert g.board().player("Bob").graveyard == ("Grizzly Bears",)


def test_704_5a_a_player_at_zero_life_loses() -> None:
    g = Game(["Alice", "Bob"], life=3)
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    g.resolve()
    assert not g.board().player("Bob").in_game


def test_800_4a_concede_removes_the_players_objects() -> None:
    g = Game(["Alice", "Bob", "Carol"])
    g.put_onto_battlefield("Forest", "Bob")
    g.concede("Bob")
    assert not g.permanents("Bob")
    with refused(g, RulesError):
        g.concede("Bob")


def test_a_failing_action_rolls_back_even_after_paying_costs() -> None:
    g = Game(["Alice", "Bob"])
    gate = g.put_onto_battlefield("Mystic Gate", "Alice")
    g.activate(g.put_onto_battlefield("Plains", "Alice"))
    before = snapshot(g)
    with pytest.raises(RulesError):
        g.activate(gate, 1, choice="{G}{G}")  # costs are paid, then the choice is refused
    assert snapshot(g) == before


def test_every_event_kind_is_documented_and_every_event_has_rules_or_is_setup() -> None:
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Forest", "Alice"))
    g.next_turn()
    for e in g.events:
        assert e.kind in KINDS
        assert e.rules or e.kind == "setup"


def test_events_are_frozen_and_numbered_in_order() -> None:
    import dataclasses

    g = Game(["Alice", "Bob"])
    assert [e.seq for e in g.events] == list(range(1, len(g.events) + 1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.events[0].text = "changed"  # type: ignore[misc]


def test_replay_of_the_log_equals_the_live_board_at_every_point() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    vivid = g.put_onto_battlefield("Vivid Crag", "Alice")
    assert replay(g.events) == g.board()
    g.activate(vivid, 1, color="U")
    assert replay(g.events) == g.board()
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=bears)
    assert replay(g.events) == g.board()
    g.resolve()
    g.next_turn()
    assert replay(g.events) == g.board()


def test_obj_lookup_by_name_and_errors() -> None:
    g = Game(["Alice", "Bob"])
    f = g.put_onto_battlefield("Forest", "Alice")
    assert g.obj("Forest").id == f
    g.put_onto_battlefield("Forest", "Bob")
    with pytest.raises(RulesError, match="use its id"):
        g.obj("Forest")
    with pytest.raises(RulesError):
        g.obj(9999)
