"""Choice-aware outcomes: every legal choice a player could make during an action is tried."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from mtgkit import Game
from mtgkit.events import ChoiceMade
from mtgkit.outcomes import BranchingChooser, TooManyOutcomes, every_order, outcomes, run


def fellwar() -> tuple[Game, int]:
    g = Game(["Alice", "Bob"])
    stone = g.put_onto_battlefield("Fellwar Stone", "Alice")
    g.put_onto_battlefield("Underground Sea", "Bob")
    return g, stone


def reflection_and_contamination() -> tuple[Game, int]:
    g = Game(["Alice", "Bob"])
    forest = g.put_onto_battlefield("Forest", "Alice")
    g.put_onto_battlefield("Mana Reflection", "Alice")
    g.put_onto_battlefield("Contamination", "Bob")
    return g, forest


def test_fellwar_stone_next_to_an_underground_sea_can_make_blue_or_black() -> None:
    g, stone = fellwar()
    outs = outcomes(g, lambda game: game.activate(stone))
    assert outs.pools("Alice") == ["{U}", "{B}"]
    for o in outs:
        (choice,) = o.choices
        assert isinstance(choice, ChoiceMade) and choice.question == "mana"
        assert choice.answer == str(o.pool("Alice")) and set(choice.options) == {"{U}", "{B}"}
    assert not g.pool("Alice") and not g.obj(stone).tapped  # the game itself is untouched


def test_the_order_of_replacement_effects_is_a_choice_through_the_chooser() -> None:
    g, forest = reflection_and_contamination()
    outs = outcomes(g, lambda game: game.activate(forest))
    by_order = {o.choices[0].answer: str(o.pool("Alice")) for o in outs}
    assert by_order == {("Mana Reflection", "Contamination"): "{B}",
                        ("Contamination", "Mana Reflection"): "{B}{B}"}


def test_the_order_as_an_explicit_argument() -> None:
    g, forest = reflection_and_contamination()
    orders = every_order(["Contamination", "Mana Reflection"])
    assert orders == list(itertools.permutations(["Contamination", "Mana Reflection"]))
    outs = outcomes(g, lambda game, order: game.activate(forest, order=order), order=orders)
    assert [(o.argument("order")[0], str(o.pool("Alice"))) for o in outs] == [
        ("Contamination", "{B}{B}"), ("Mana Reflection", "{B}")]
    assert all(o.points == () for o in outs)  # an explicit order asks the chooser nothing


def test_two_protectors_give_both_choices_for_each_source() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    p1 = g.put_onto_battlefield("Protector of the Crown", "Bob")
    p2 = g.put_onto_battlefield("Protector of the Crown", "Bob")
    g.make_monarch("Bob")
    g.advance(to="beginning_of_combat")

    def fight(game: Game) -> None:
        game.attack([bears])
        game.advance(to="end_of_combat")

    outs = outcomes(g, fight)
    damaged = sorted(tuple(p.damage for p in o.game.permanents("Bob") if p.id in (p1, p2)) for o in outs)
    assert damaged == [(0, 2), (2, 0)]
    assert {o.monarch for o in outs} == {"Bob"} and {o.board.monarch for o in outs} == {"Bob"}
    assert all(o.choices[0].question == "protector" for o in outs)


def test_explicit_arguments_the_rules_forbid_are_kept_as_errors() -> None:
    g, stone = fellwar()
    outs = outcomes(g, lambda game, color: game.activate(stone, color=color), color=["W", "U", "B"])
    assert [o.legal for o in outs] == [False, True, True]
    assert outs[0].error is not None and outs[0].error.rule == "106.7"
    assert outs.legal.pools("Alice") == ["{U}", "{B}"]


def test_a_legend_rule_choice_is_a_branch_too() -> None:
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Gaea's Cradle", "Alice")
    second = g.put_in_hand("Gaea's Cradle", "Alice")
    outs = outcomes(g, lambda game: game.play_land(second))
    kept = [o.choices[-1].answer for o in outs]
    assert len(kept) == 2 and len(set(kept)) == 2
    assert all(o.battlefield("Alice") == ("Gaea's Cradle",) for o in outs)


def test_a_setup_function_is_called_for_each_run() -> None:
    calls = []

    def setup() -> Game:
        calls.append(1)
        return fellwar()[0]

    outs = outcomes(setup, lambda game: game.activate(game.permanents("Alice")[0].id))
    assert len(outs) == 2 and len(calls) == 2


def test_too_many_outcomes_says_what_to_do() -> None:
    g, stone = fellwar()
    with pytest.raises(TooManyOutcomes, match="more than 1 ways"):
        outcomes(g, lambda game: game.activate(stone), cap=1)


def test_depth_first_order_and_every_path_once() -> None:
    """Three points with 2, 3 and 2 options: 12 paths, each once, in depth-first order."""
    def action(game: Game) -> None:
        game.chooser.choose("Alice", "a", ["a0", "a1"])
        game.chooser.choose("Alice", "b", ["b0", "b1", "b2"])
        game.chooser.order("Alice", "d", ["x", "y"])

    outs = outcomes(Game(["Alice", "Bob"]), action)
    paths = [o.path for o in outs]
    assert paths == [(a, b, d) for a in ("a0", "a1") for b in ("b0", "b1", "b2")
                     for d in (("x", "y"), ("y", "x"))]


def test_run_uses_the_given_chooser_once() -> None:
    g, stone = fellwar()
    out = run(g, lambda game: game.activate(stone), chooser=BranchingChooser(["{B}"]))
    assert str(out.pool("Alice")) == "{B}" and out.legal


def test_a_replayed_answer_that_is_no_longer_an_option_is_reported() -> None:
    c = BranchingChooser(["{G}"])
    with pytest.raises(RuntimeError, match="not an option"):
        c.choose("Alice", "mana", ["{U}", "{B}"])


def test_a_chooser_class_can_answer_some_questions_without_branching() -> None:
    class KeepListedOrder(BranchingChooser):
        def order(self, player: str, question: str, items: Sequence[str]) -> list[str]:
            return list(items)

    g, forest = reflection_and_contamination()
    outs = outcomes(g, lambda game: game.activate(forest), branching=KeepListedOrder)
    assert outs.pools("Alice") == ["{B}"] and outs[0].points == ()
