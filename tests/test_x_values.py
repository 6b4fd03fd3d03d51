"""X values (CR 107.3m, 107.3g, 202.3e), the stack, copies (707.2) and state-based actions."""

from __future__ import annotations

import pytest
from helpers import refused

from mtgkit import ChoiceError, CostError, Game, Mana


def with_mana(n: int, land: str = "Forest", **kw) -> Game:
    g = Game(["Alice", "Bob"], **kw)
    for _ in range(n):
        g.activate(g.put_onto_battlefield(land, "Alice"))
    return g


def test_601_2f_xx_costs_twice_x() -> None:
    g = with_mana(3)
    ballista = g.put_in_hand("Walking Ballista", "Alice")
    with refused(g, CostError, "601.2h"):
        g.cast(ballista, x=2)  # {X}{X} with X=2 is four mana
    g.cast(ballista, x=1)
    assert g.pool("Alice") == Mana.parse("{G}")


def test_202_3e_mana_value_counts_x_on_the_stack_only() -> None:
    g = with_mana(4)
    chalice = g.put_in_hand("Chalice of the Void", "Alice")
    assert g.mana_value(chalice) == 0
    g.cast(chalice, x=2)
    assert g.mana_value(chalice) == 4
    g.resolve()
    assert g.mana_value(chalice) == 0  # CR 107.3g: X is 0 on the battlefield
    assert g.obj(chalice).counters == {"charge": 2}


def test_107_3m_enters_with_x_counters_uses_the_spells_x() -> None:
    g = with_mana(6)
    ballista = g.put_in_hand("Walking Ballista", "Alice")
    g.cast(ballista, x=3)
    events = g.resolve()
    assert g.obj(ballista).counters == {"+1/+1": 3}
    enter = next(e for e in events if e.kind == "enter")
    assert "107.3m" in enter.rules and enter.get("x") == 3


def test_107_3m_enters_trigger_refers_to_x_goose_mother_food() -> None:
    g = Game(["Alice", "Bob"])
    for land in ["Forest", "Island", "Forest", "Forest", "Forest"]:
        g.activate(g.put_onto_battlefield(land, "Alice"))
    goose = g.put_in_hand("The Goose Mother", "Alice")
    g.cast(goose, x=3)
    g.resolve_stack()
    assert g.obj(goose).counters == {"+1/+1": 3}
    assert [o.name for o in g.permanents("Alice")].count("Food") == 2  # half of 3, rounded up


def test_chalice_counters_a_spell_with_mana_value_equal_to_its_counters() -> None:
    g = with_mana(2)
    chalice = g.put_in_hand("Chalice of the Void", "Alice")
    g.cast(chalice, x=1)
    g.resolve()
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    bolt = g.put_in_hand("Lightning Bolt", "Alice")
    events = g.cast(bolt, target="Bob")
    assert any(e.kind == "trigger" and e.obj == "Chalice of the Void" for e in events)
    g.resolve_stack()
    assert g.life("Bob") == 20
    assert any(e.kind == "counter" for e in g.events)
    assert g.obj(bolt).zone == "graveyard"


def test_chalice_at_zero_ignores_x_spells_cast_with_x_above_zero() -> None:
    g = with_mana(4)
    chalice = g.put_in_hand("Chalice of the Void", "Alice")
    g.cast(chalice, x=0)
    g.resolve()
    assert g.obj(chalice).counters == {}
    ballista = g.put_in_hand("Walking Ballista", "Alice")
    events = g.cast(ballista, x=1)  # mana value 2 on the stack, not 0
    assert not any(e.kind == "trigger" for e in events)


def test_chalice_on_the_battlefield_is_mana_value_zero_whatever_its_counters() -> None:
    g = Game(["Alice", "Bob"])
    chalice = g.put_onto_battlefield("Chalice of the Void", "Alice", counters={"charge": 3})
    assert g.mana_value(chalice) == 0


def test_707_2_clone_of_walking_ballista_enters_with_no_counters_and_dies() -> None:
    g = with_mana(8, "Island")
    ballista = g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 2})
    clone = g.put_in_hand("Clone", "Alice")
    g.cast(clone)
    events = g.resolve(copy=ballista)
    kinds = [e.kind for e in events]
    assert "choice" in kinds
    sba = next(e for e in events if e.kind == "sba")
    assert "704.5f" in sba.rules and sba.obj_id == clone
    assert g.obj(clone).zone == "graveyard" and g.obj(clone).name == "Clone"  # back to itself


def test_clone_copy_choice_must_be_a_creature() -> None:
    g = with_mana(4, "Island")
    land = g.find("Island")
    g.cast(g.put_in_hand("Clone", "Alice"))
    with refused(g, ChoiceError, "707.2"):
        g.resolve(copy=land)


def test_order_of_whiteclay_returned_goose_mother_gets_no_counters_and_no_food() -> None:
    g = Game(["Alice", "Bob"])
    for _ in range(3):
        g.activate(g.put_onto_battlefield("Plains", "Alice"))
    goose = g.put_in_graveyard("The Goose Mother", "Alice")
    assert g.mana_value(goose) == 2  # X is 0 in the graveyard (CR 107.3g)
    order = g.put_onto_battlefield("Order of Whiteclay", "Alice", tapped=True)
    g.activate(order, target=goose)
    events = g.resolve_stack()
    assert g.obj(goose).zone == "battlefield" and g.obj(goose).counters == {}
    assert not any(o.name == "Food" for o in g.permanents())
    assert any(e.kind == "effect" and "no Food" in e.text and "107.3m" in e.rules for e in events)


def test_hangarback_walker_with_no_counters_makes_no_thopters() -> None:
    g = with_mana(1, "Mountain")
    walker = g.put_onto_battlefield("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=walker)
    g.resolve_stack()
    assert [o.name for o in g.permanents("Alice")].count("Thopter") == 1
    g2 = with_mana(4)
    w2 = g2.put_in_hand("Hangarback Walker", "Alice")
    g2.cast(w2, x=0)
    g2.resolve_stack()  # enters as a 0/0, dies (704.5f), makes no Thopters
    assert g2.obj(w2).zone == "graveyard"
    assert not any(o.name == "Thopter" for o in g2.permanents())


def test_walking_ballista_removes_counters_to_ping() -> None:
    g = with_mana(4)
    ballista = g.put_in_hand("Walking Ballista", "Alice")
    g.cast(ballista, x=2)
    g.resolve()
    g.activate(ballista, 1, target="Bob")
    g.resolve()
    assert g.life("Bob") == 19 and g.obj(ballista).counters == {"+1/+1": 1}


def test_tokens_cease_to_exist_off_the_battlefield() -> None:
    g = with_mana(1, "Mountain")
    walker = g.put_onto_battlefield("Hangarback Walker", "Alice", counters={"+1/+1": 1})
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=walker)
    g.resolve_stack()
    thopter = g.find("Thopter")
    g.obj(thopter).damage = 1  # as if it had been dealt damage
    g.advance()
    assert g.obj(thopter).zone == "gone"
    assert any("704.5d" in e.rules for e in g.events)


def test_stack_lane_shows_cast_trigger_and_resolve() -> None:
    from mtgkit.timeline import timeline

    g = Game(["Alice", "Bob"])
    for land in ["Forest", "Island", "Forest"]:
        g.activate(g.put_onto_battlefield(land, "Alice"))
    g.cast(g.put_in_hand("The Goose Mother", "Alice"), x=1)
    g.resolve_stack()
    stack = timeline(g).query("lane == 'stack'")
    assert list(stack.kind) == ["cast", "resolve", "stack", "resolve"]


@pytest.mark.parametrize("x", [0, 1, 2, 5])
def test_x_never_negative_and_counters_match(x: int) -> None:
    g = with_mana(2 * x)
    ballista = g.put_in_hand("Walking Ballista", "Alice")
    g.cast(ballista, x=x)
    g.resolve_stack()
    if x:
        assert g.obj(ballista).counters == {"+1/+1": x}
    else:
        assert g.obj(ballista).zone == "graveyard"


def test_goose_mother_attacks_may_sacrifice_a_food_to_draw() -> None:
    from mtgkit import Scripted

    g = Game(["Alice", "Bob"])
    goose = g.put_onto_battlefield("The Goose Mother", "Alice")
    food = g.put_onto_battlefield("Food", "Alice")
    hand = g.board().player("Alice").hand
    g.advance(to="beginning_of_combat")
    g.chooser = Scripted([f"sacrifice Food #{food}"])
    events = g.attack([goose])
    assert any(e.kind == "trigger" and e.obj == "The Goose Mother" for e in events)
    g.resolve_stack()
    assert g.board().player("Alice").hand == hand + 1 and g.obj(food).zone == "gone"


def test_goose_mother_attack_without_food_or_declining_draws_nothing() -> None:
    g = Game(["Alice", "Bob"])
    goose = g.put_onto_battlefield("The Goose Mother", "Alice")
    g.advance(to="beginning_of_combat")
    g.attack([goose])
    g.resolve_stack()
    assert g.board().player("Alice").hand == 0
    assert any(e.kind == "choice" and e.get("answer") == "don't" for e in g.events)


def test_food_token_gains_three_life() -> None:
    g = Game(["Alice", "Bob"])
    for _ in range(2):
        g.activate(g.put_onto_battlefield("Wastes", "Alice"))
    food = g.put_onto_battlefield("Food", "Alice")
    g.activate(food)
    g.resolve()
    assert g.life("Alice") == 23 and g.obj(food).zone == "gone"  # a token, sacrificed (704.5d)


def test_702_9b_flying_attackers_need_flying_or_reach_blockers() -> None:
    from helpers import refused

    from mtgkit import CombatError

    g = Game(["Alice", "Bob"])
    angel = g.put_onto_battlefield("Serra Angel", "Alice")
    giant = g.put_onto_battlefield("Hill Giant", "Bob")
    thopter = g.put_onto_battlefield("Thopter", "Bob")
    g.advance(to="beginning_of_combat")
    g.attack([angel])
    with refused(g, CombatError, "702.9b"):
        g.block({giant: angel})
    g.block({thopter: angel})
    assert not g.obj(angel).tapped  # vigilance


def test_704_5j_legend_rule_keeps_one_of_two_same_named_legends() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Gaea's Cradle", "Alice")
    g.put_onto_battlefield("Gaea's Cradle", "Bob")  # another player's copy is fine
    second = g.put_onto_battlefield("Gaea's Cradle", "Alice", by_effect=True)
    assert [o.name for o in g.permanents("Alice")] == ["Gaea's Cradle"]
    assert g.obj(second).zone == "graveyard"  # the default chooser keeps the first listed (older) one
    assert any("704.5j" in e.rules and e.kind == "sba" for e in g.events)
    assert len(g.permanents("Bob")) == 1
