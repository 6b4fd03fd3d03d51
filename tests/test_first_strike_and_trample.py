"""First strike (CR 702.7), double strike (702.4) and the extra combat damage step (510.4), and
trample (702.19): the engine's combat, the monarch's crown between the two damage steps, the
attacking player's choice of how trample damage is assigned, and the decision points a rule
variant may override."""

from __future__ import annotations

import pytest

from mtgkit import Game
from mtgkit.errors import ChoiceError
from mtgkit.events import ChoiceMade, DamageDealt, MonarchChanged, StepBegan
from mtgkit.outcomes import outcomes
from mtgkit.variants import DECISIONS, Rules


def _combat(*alice: str, bob: tuple[str, ...] = (), monarch: str | None = None,
            rules: Rules | None = None) -> tuple[Game, list[int], list[int]]:
    g = Game(["Alice", "Bob"], rules=rules)
    mine = [g.put_onto_battlefield(c, "Alice") for c in alice]
    his = [g.put_onto_battlefield(c, "Bob") for c in bob]
    if monarch:
        g.make_monarch(monarch)
    g.advance(to="beginning_of_combat")
    return g, mine, his


def _steps(g: Game) -> list[str]:
    return [e.step for e in g.events if isinstance(e, StepBegan)]


def _hits(g: Game, step: str) -> list[DamageDealt]:
    return [e for e in g.events if isinstance(e, DamageDealt) and e.step == step]


def test_no_first_strike_means_one_combat_damage_step() -> None:
    g, (bears,), _ = _combat("Grizzly Bears")
    g.attack([bears])
    g.advance(to="end_of_combat")
    assert "first_strike_damage" not in _steps(g) and "combat_damage" in _steps(g)
    assert g.life("Bob") == 18


def test_510_4_a_first_striker_kills_its_blocker_before_it_strikes_back() -> None:
    g, (knight,), (bears,) = _combat("Youthful Knight", bob=("Grizzly Bears",))
    g.attack([knight])
    g.block({bears: knight})
    g.advance(to="end_of_combat")
    first = _hits(g, "first_strike_damage")
    assert [(e.source, e.amount) for e in first] == [("Youthful Knight", 2)]
    assert {"510.4", "702.7b"} <= set(first[0].rules)
    assert _hits(g, "combat_damage") == []  # the Bears died before the regular step
    assert g.obj(knight).zone == "battlefield" and g.obj(bears).zone == "graveyard"
    began = next(e for e in g.events if isinstance(e, StepBegan) and e.step == "first_strike_damage")
    assert "510.4" in began.rules


def test_510_4_a_first_strike_blocker_strikes_first_too() -> None:
    g, (bears,), (knight,) = _combat("Grizzly Bears", bob=("Youthful Knight",))
    g.attack([bears])
    g.block({knight: bears})
    g.advance(to="end_of_combat")
    assert g.obj(bears).zone == "graveyard" and g.obj(knight).zone == "battlefield"


def test_702_4b_double_strike_deals_damage_in_both_steps() -> None:
    g, (ace, bears), _ = _combat("Fencing Ace", "Grizzly Bears")
    g.attack([ace, bears])
    g.advance(to="end_of_combat")
    assert [(e.source, e.amount) for e in _hits(g, "first_strike_damage")] == [("Fencing Ace", 1)]
    second = _hits(g, "combat_damage")
    assert sorted((e.source, e.amount) for e in second) == [("Fencing Ace", 1), ("Grizzly Bears", 2)]
    assert "702.4b" in next(e for e in second if e.source == "Fencing Ace").rules
    assert g.life("Bob") == 16


def test_the_crown_moves_between_the_two_damage_steps() -> None:
    g, (knight, bears), _ = _combat("Youthful Knight", "Grizzly Bears", monarch="Bob")
    g.attack([knight, bears])
    g.advance(to="first_strike_damage")
    assert g.monarch == "Bob"  # the monarch's trigger waits on the stack
    g.advance(to="combat_damage")  # it resolves in the first combat damage step
    moved = [e for e in g.events if isinstance(e, MonarchChanged) and e.changed and not e.setup]
    assert [(e.monarch, e.step) for e in moved] == [("Alice", "first_strike_damage")]
    g.advance(to="end_of_combat")  # the Bears hit Bob, who is no longer the monarch: no trigger
    assert g.monarch == "Alice" and g.life("Bob") == 16
    assert len([e for e in g.events if isinstance(e, MonarchChanged) and e.changed]) == 2


def test_double_strike_takes_the_crown_back_in_the_second_step() -> None:
    # Bob's double striker blocks nothing; Alice's Fencing Ace hits Bob twice: the crown moves once
    g, (ace,), _ = _combat("Fencing Ace", monarch="Bob")
    g.attack([ace])
    g.advance(to="end_of_combat")
    assert g.monarch == "Alice" and g.life("Bob") == 18
    changes = [e for e in g.events if isinstance(e, MonarchChanged) and e.changed and not e.setup]
    assert len(changes) == 1 and changes[0].step == "first_strike_damage"


def test_advance_to_the_first_strike_step_without_first_strikers() -> None:
    g, (bears,), _ = _combat("Grizzly Bears")
    g.attack([bears])
    g.advance(to="declare_blockers")
    before = len(g.events)
    with pytest.raises(ValueError, match="510.4"):
        g.advance(to="first_strike_damage")
    assert len(g.events) == before  # refused: nothing changed
    g2, (bears2,), _ = _combat("Grizzly Bears")
    g2.attack([bears2])  # in the declare attackers step: the blockers aren't known yet
    g2.advance(to="first_strike_damage")  # skipped: it stops at the combat damage step instead
    assert g2.step == "combat_damage" and g2.turn == 1


def test_702_19b_trample_assigns_lethal_damage_then_the_rest_to_the_player() -> None:
    g, (wurm,), (bears,) = _combat("Colossal Dreadmaw", bob=("Grizzly Bears",))
    g.attack([wurm])
    g.block({bears: wurm})
    g.advance(to="end_of_combat")
    assert g.life("Bob") == 16 and g.obj(bears).zone == "graveyard"
    choice = next(e for e in g.events if isinstance(e, ChoiceMade) and e.question == "damage assignment")
    assert choice.player == "Alice" and "702.19b" in choice.rules
    assert choice.answer[0] == "Bob: all 4" and choice.answer[1].endswith(": 2")
    assert "trample" in choice.text and "4 to Bob" in choice.text
    assert all("702.19b" in e.rules for e in _hits(g, "combat_damage") if e.source == "Colossal Dreadmaw")


def test_the_trample_assignment_is_the_attacking_players_choice() -> None:
    def play() -> Game:
        g, (wurm,), (bears,) = _combat("Colossal Dreadmaw", bob=("Grizzly Bears",))
        g.attack([wurm])
        g.block({bears: wurm})
        return g

    outs = outcomes(play, lambda g: g.advance(to="end_of_combat"))
    assert sorted(o.life("Bob") for o in outs) == [16, 17, 18, 19, 20]  # 4, 3, 2, 1 or 0 past it


def test_trample_lethal_damage_counts_damage_already_marked() -> None:
    g, (wurm,), (giant,) = _combat("Colossal Dreadmaw", bob=("Hill Giant",))
    ballista = g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 1})
    g.attack([wurm])
    g.block({giant: wurm})
    g.activate(ballista, 1, target=giant)  # 1 damage marked on the Giant: 2 more is lethal
    g.resolve()
    g.advance(to="end_of_combat")
    assert g.life("Bob") == 16


def test_trample_with_two_blockers() -> None:
    g, (wurm,), (bears, wolves) = _combat("Colossal Dreadmaw", bob=("Grizzly Bears", "Tundra Wolves"))
    g.attack([wurm])
    g.block({bears: wurm, wolves: wurm})
    g.advance(to="end_of_combat")
    assert g.life("Bob") == 17  # 2 to the Bears, 1 to the Wolves, 3 past them
    assert g.obj(bears).zone == g.obj(wolves).zone == "graveyard"


def test_702_19d_no_blocker_left_all_damage_to_the_player() -> None:
    for card, life in (("Colossal Dreadmaw", 14), ("Craw Wurm", 20)):
        g = Game(["Alice", "Bob"])
        wurm = g.put_onto_battlefield(card, "Alice")
        g.put_onto_battlefield("Mountain", "Alice")
        bolt = g.put_in_hand("Lightning Bolt", "Alice")
        bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
        g.advance(to="beginning_of_combat")
        g.attack([wurm])
        g.block({bears: wurm})
        g.cast(bolt, target=bears)
        g.resolve()
        g.advance(to="end_of_combat")
        assert g.life("Bob") == life, card  # blocked without trample: no damage at all (510.1c)
        if card == "Colossal Dreadmaw":
            assert "702.19d" in _hits(g, "combat_damage")[0].rules


def test_trample_damage_plan_and_its_refusal() -> None:
    g, (wurm,), (bears,) = _combat("Colossal Dreadmaw", bob=("Grizzly Bears",))
    g.attack([wurm])
    g.block({bears: wurm})
    before = len(g.events)
    with pytest.raises(ChoiceError, match="lethal damage"):
        g.advance(to="end_of_combat", damage={wurm: {bears: 1}})
    assert len(g.events) == before and g.life("Bob") == 20
    g.advance(to="end_of_combat", damage={wurm: {bears: 3}})
    assert g.life("Bob") == 17


def test_trample_past_a_blocker_takes_the_crown_or_meets_the_protector() -> None:
    g, (wurm,), (bears,) = _combat("Colossal Dreadmaw", bob=("Grizzly Bears",), monarch="Bob")
    g.attack([wurm])
    g.block({bears: wurm})
    g.advance(to="end_of_combat")
    assert g.monarch == "Alice"
    g, (wurm,), (bears, protector) = _combat("Colossal Dreadmaw", monarch="Bob",
                                             bob=("Grizzly Bears", "Protector of the Crown"))
    g.attack([wurm])
    g.block({bears: wurm})
    g.advance(to="end_of_combat")
    assert g.monarch == "Bob" and g.life("Bob") == 20 and g.obj(protector).damage == 4


def test_trample_does_nothing_for_a_blocker() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    wurm = g.put_onto_battlefield("Colossal Dreadmaw", "Bob")
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.block({wurm: bears})
    g.advance(to="end_of_combat")
    assert g.life("Alice") == 20 and g.obj(bears).zone == "graveyard"


def test_the_combat_decisions_are_registered_with_their_rules() -> None:
    assert DECISIONS["first_strike_step"] == ("510.4", "702.7b", "702.4b")
    assert "702.19b" in DECISIONS["tramples"] and "702.19b" in DECISIONS["lethal_damage"]
    assert "510.4" in DECISIONS["assigns_combat_damage"]


class _AllAtOnce(Rules):
    name = "test: first strike changes nothing"

    def first_strike_step(self, g: object) -> bool:
        return False


class _FullToughness(Rules):
    name = "test: lethal damage ignores marked damage"

    def lethal_damage(self, g: object, attacker: object, blocker: object) -> int:
        return int(blocker.toughness)  # type: ignore[attr-defined]


def test_a_variant_may_do_without_the_first_step() -> None:
    g, (knight,), (bears,) = _combat("Youthful Knight", bob=("Grizzly Bears",), rules=_AllAtOnce())
    g.attack([knight])
    g.block({bears: knight})
    g.advance(to="end_of_combat")
    assert g.obj(knight).zone == g.obj(bears).zone == "graveyard"
    assert "first_strike_step" in g.consulted


def test_a_variant_may_read_lethal_damage_its_own_way() -> None:
    g, (wurm,), (giant,) = _combat("Colossal Dreadmaw", bob=("Hill Giant",), rules=_FullToughness())
    ballista = g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 1})
    g.attack([wurm])
    g.block({giant: wurm})
    g.activate(ballista, 1, target=giant)
    g.resolve()
    g.advance(to="end_of_combat")
    assert g.life("Bob") == 17 and "lethal_damage" in g.consulted
