"""Rule variants (mtgkit.variants): the engine's decision points, the CR as their default, a
variant overriding one, two held together, and a play replayed under a variant."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import cr_rules

from mtgkit.abilities import Activated
from mtgkit.errors import RulesError, SummoningSicknessError
from mtgkit.game import Game
from mtgkit.state import Obj
from mtgkit.teaching import Piece, Play, Setup, Step
from mtgkit.variants import CR, DECISIONS, Rules, SickUse, asks, combine, overrides


class _OnlyAttacking(Rules):
    name = "only-attacking"

    def summoning_sick(self, g: Any, o: Obj, use: SickUse, ability: Activated | None = None) -> bool:
        return use == "attack" and super().summoning_sick(g, o, use, ability)


class _Everything(Rules):
    name = "everything"

    def summoning_sick(self, g: Any, o: Obj, use: SickUse, ability: Activated | None = None) -> bool:
        return bool(o.since is not None) or super().summoning_sick(g, o, use, ability)


def test_every_decision_cites_rules_the_cr_has() -> None:
    known = cr_rules()
    assert DECISIONS, "no decision points registered"
    for name, rules in DECISIONS.items():
        assert rules and all(r in known for r in rules), (name, rules)


def test_a_game_plays_by_the_cr_unless_told_otherwise() -> None:
    g = Game()
    assert g.rules == CR and g.consulted == set()
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    with pytest.raises(SummoningSicknessError):
        g.activate(elves)
    assert g.consulted == {"summoning_sick", "can_pay_symbol", "controlled_since_turn_began", "haste_counts"}


def test_a_variant_changes_only_its_decision() -> None:
    g = Game(rules=_OnlyAttacking())
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    g.activate(elves)
    assert str(g.pool("Alice")) == "{G}"
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice", arrived="this turn")
    g.advance("beginning_of_combat")
    with pytest.raises(SummoningSicknessError):  # still can't attack: 302.6 kept for attacking
        g.attack([bears])
    assert overrides(_OnlyAttacking) == {"summoning_sick"}
    assert asks(_OnlyAttacking(), {"summoning_sick"}) and not asks(CR, {"summoning_sick"})


def test_a_refused_rules_argument_names_it() -> None:
    with pytest.raises(TypeError, match="rules"):
        Game(rules="the CR")  # type: ignore[arg-type]


def test_two_variants_held_together_compose_through_super() -> None:
    both = combine(_OnlyAttacking, _Everything)
    assert both.name == "only-attacking + everything"
    assert overrides(type(both)) == {"summoning_sick"}
    assert combine() is CR and combine(_OnlyAttacking) == _OnlyAttacking()
    assert combine(_OnlyAttacking, _Everything) is both  # one class per combination
    g = Game(rules=both)
    land = g.put_onto_battlefield("Forest", "Alice", arrived="this turn")
    g.activate(land)  # a land isn't asked about for attacking: the first variant says no
    assert str(g.pool("Alice")) == "{G}"


def test_replaying_the_same_actions_under_a_variant() -> None:
    g = Game()
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="last turn")
    g.activate(elves)
    again = g.replay()
    assert again.events == g.events and again.rules == CR
    # A sequence the rules refuse is what a player holding the variant would expect to work.
    h = Game(rules=_OnlyAttacking())
    sick = h.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    h.activate(sick)
    with pytest.raises(RulesError) as refused:
        h.replay(CR)
    assert "302.6" in refused.value.rule
    assert str(h.replay().pool("Alice")) == "{G}"


def test_a_play_under_a_variant_and_the_decisions_it_asked() -> None:
    play = Play(Setup(pieces=(Piece("Llanowar Elves", arrived="this turn"),)),
                (Step("activate", "Alice taps her Elves for mana.", card="Llanowar Elves"),))
    with pytest.raises(RulesError):
        play.outcomes()
    assert play.consulted() == {"summoning_sick", "can_pay_symbol", "controlled_since_turn_began",
                                "haste_counts"}
    assert [str(o.pool("Alice")) for o in play.outcomes(_OnlyAttacking())] == ["{G}"]


def test_most_of_the_catalogue_are_variants_and_each_variant_is_a_misconception() -> None:
    """Issue 30: at least 70% of the misconceptions are wrong rules the engine plays by (a
    variant); a variant is registered under its misconception's name, and a misconception that
    says it plugs in as a variant has one."""
    from mtgkit.misconceptions import CATALOG
    from mtgkit.topics.base import VARIANTS
    variants = [n for n, m in CATALOG.items() if m.plugs_in == "variant"]
    assert len(variants) / len(CATALOG) >= 0.7, (len(variants), len(CATALOG))
    assert set(variants) == set(VARIANTS)
    for name, v in VARIANTS.items():
        assert v.name == name and overrides(v), name


def test_a_trial_of_several_actions_notes_its_decisions_in_the_set_asking_gives() -> None:
    """``Game.refusal_of`` (how a tap-untap answer is read) notes the decisions its trial asked as
    ``Game.refusal`` does, in the very set ``Game.asking`` gave: it used to put a copy in its place,
    so every later note within the block went astray and a question's decisions were undercounted."""
    from mtgkit.actions import Activate
    from mtgkit.game import Game
    from mtgkit.variants import Rules

    g = Game(["Alice", "Bob"])
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    forest = g.put_onto_battlefield("Forest", "Alice")
    fresh: set[str] = set()
    with g.asking(Rules(), fresh):
        assert g.refusal_of([Activate(elves)]) is not None  # summoning sick (CR 302.6)
        assert g.consulted is fresh
        g.can_activate(forest)
    assert "summoning_sick" in fresh or "haste_counts" in fresh, fresh
    assert g.consulted is not fresh
