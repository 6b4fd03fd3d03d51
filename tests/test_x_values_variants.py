"""X as rule variants (issue 30 items 1, 2, 5, 6, 7 for the x-values topic): each misconception
about X is a variant of the engine's rules overriding one decision point; the CR default is the
engine's own behaviour; the practice boards read their answers off the engine's outcomes; the
never-asked interactions (last known information, a copy isn't cast) are asked; a stream is
endless and varied."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest

from mtgkit.cards import CATALOG
from mtgkit.events import ChoiceMade, Countered, SpellCast
from mtgkit.game import Game
from mtgkit.practice import Question, questions, rule_option
from mtgkit.teaching import LIBRARY
from mtgkit.topics.base import VARIANTS, PlaySituation, rules_held
from mtgkit.topics.x_values import (
    MISCONCEPTIONS,
    ChalicePlay,
    DeathPlay,
    Mistake,
    StackPlay,
    XRoute,
    chalice_play,
    death_play,
    legend_play,
    stack_play,
    x_entry,
)
from mtgkit.variants import CR, DECISIONS, overrides


def _pay(g: Game, n: int, *colored: str) -> None:
    for name in [*colored, *["Wastes"] * n]:
        g.activate(g.put_onto_battlefield(name, "Alice"))


# --------------------------------------------------------------------------- the variants
@pytest.mark.parametrize("name", [str(m) for m in Mistake])
def test_each_misconception_about_x_is_a_variant_differing_from_the_cr_through_the_engine(name: str) -> None:
    m = next(m for m in MISCONCEPTIONS if m.name == name)
    assert m.plugs_in == "variant" and name in VARIANTS
    decided = overrides(VARIANTS[name])
    assert len(decided) == 1 and decided <= set(DECISIONS)  # one decision point each
    ex = m.example
    wrong = ex.believe(frozenset({name}))
    assert wrong and set(wrong) != set(ex.legal()), "the same play under the variant gives another answer"
    if isinstance(ex, PlaySituation):  # read off the engine's outcomes, not a hand model
        assert ex.under(rules_held({name})) == wrong and ex.under(CR) == ex.legal()
        assert decided & ex.play.consulted(), "the play asked the decision the variant overrides"


def test_the_x_decisions_are_asked_where_the_engine_decides_them() -> None:
    play = stack_play("Walking Ballista", "copy", 2)
    assert {"enters_x", "mana_value", "copy_x", "copy_is_cast"} <= play.play.consulted()
    cascade = stack_play("Walking Ballista", "cascade", 2)
    assert {"free_cast_x", "may_cast_free", "has_mana_value"} <= cascade.play.consulted()
    assert {"left_with_counters"} <= death_play("Hangarback Walker", 2).play.consulted()
    assert {"legend_rule_sees", "legend_rule_may_keep"} <= legend_play(3).play.consulted()
    # a game with no X card asks none of them
    g = Game(["Alice", "Bob"], library=LIBRARY)
    _pay(g, 1, "Forest")
    g.cast(g.put_in_hand("Grizzly Bears", "Alice"))
    g.resolve_stack()
    assert not g.consulted & {"enters_x", "mana_value", "has_mana_value"}


def test_by_the_cr_a_copy_of_a_spell_isnt_cast_and_keeps_x_a_variant_casts_it() -> None:
    def run(rules: object) -> Game:
        g = Game(["Alice", "Bob"], library=LIBRARY, rules=rules)  # type: ignore[arg-type]
        g.put_onto_battlefield("Chalice of the Void", "Bob", counters={"charge": 2})
        engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
        _pay(g, 6)
        ballista = g.put_in_hand("Walking Ballista", "Alice")
        g.cast(ballista, x=1)
        g.activate(engine, ability=2, target=ballista)
        g.resolve_stack()
        return g

    by_cr = run(CR)
    ballistas = [sum(p.counters.values()) for p in by_cr.permanents("Alice") if p.name == "Walking Ballista"]
    assert ballistas == [1]
    assert sum(isinstance(e, Countered) for e in by_cr.events) == 1  # the original only (707.10)
    assert sum(isinstance(e, SpellCast) for e in by_cr.events) == 1
    cast = run(VARIANTS["spell-copy-is-cast"]())
    assert not [p for p in cast.permanents("Alice") if p.name == "Walking Ballista"]
    assert sum(isinstance(e, Countered) for e in cast.events) == 2
    lost = run(VARIANTS["spell-copy-loses-x"]())
    assert not [p for p in lost.permanents("Alice") if p.name == "Walking Ballista"]  # a 0/0 token


def test_hangarback_walkers_dies_trigger_reads_its_counters_as_it_left() -> None:
    s = death_play("Hangarback Walker", 3, killer="Stoke the Flames")
    assert s.legal() == ("3 Thopter tokens; Hangarback Walker in her graveyard",)
    assert s.decisive() is not None and s.decisive().rules[0] == "603.10a"  # type: ignore[union-attr]
    assert s.believe(frozenset({"dies-trigger-sees-no-counters"})) == (
        "0 Thopter tokens; Hangarback Walker in her graveyard",)
    back = death_play("Hangarback Walker", 2, returned=True)
    assert back.legal() == ("2 Thopter tokens; Hangarback Walker in her graveyard",)  # returned as 0/0
    assert "2 Thopter tokens; Hangarback Walker back on the battlefield with 2 counters" in back.believe(
        frozenset({"returned-card-keeps-x"}))
    assert back.believe(frozenset({"x-card-mana-value-unknown-off-the-stack"})) == (
        "Order of Whiteclay can't target Hangarback Walker",)


def test_a_free_cast_has_x_zero_a_variant_lets_the_caster_choose() -> None:
    s = stack_play("Hangarback Walker", "cascade", 3)
    assert s.legal() == ("it is cast with X = 0: Hangarback Walker enters with no counters and dies",)
    by_cr = s.play.outcomes()[0]
    assert not [e for e in by_cr.events if isinstance(e, ChoiceMade) and e.question == "X"]
    chose = s.play.outcomes(rules_held({"free-cast-keeps-x-choice"}))
    assert [str(e.answer) for o in chose for e in o.events
            if isinstance(e, ChoiceMade) and e.question == "X"] == ["X = 3"]
    assert s.believe(frozenset({"free-cast-forbids-x-spells"})) == (
        "it can't be cast: Hangarback Walker goes to the bottom of her library",)


def test_the_legend_rule_variants_play_through_the_engine() -> None:
    s = legend_play(4)
    assert set(s.legal()) == {"The Goose Mother with 4 counters; 2 Food",
                              "The Goose Mother with no counters; 2 Food"}
    assert s.believe(frozenset({"copy-keeps-x"})) == ("The Goose Mother with 4 counters; 4 Food",)
    assert s.believe(frozenset({"copy-isnt-legendary"})) == ("two Goose Mothers (4 and 0 counters); 2 Food",)
    assert s.believe(frozenset({"legend-rule-kills-both"})) == ("no Goose Mother; 2 Food",)
    newer = legend_play(1, 4, keeps=True)
    assert newer.legal() == ("The Goose Mother with 4 counters; 3 Food",)
    assert newer.believe(frozenset({"legend-rule-removes-the-newcomer"})) == (
        "The Goose Mother with 1 counter; 3 Food",)


def test_mana_value_variants_on_the_stack_and_on_the_battlefield() -> None:
    stays = x_entry("Chalice of the Void", 2, XRoute.CAST, "mana value on the battlefield")
    assert stays.legal() == ("0",) and stays.believe(frozenset({"x-stays-on-the-battlefield"})) == ("4",)
    once = x_entry("Walking Ballista", 3, XRoute.CAST, "mana value on the stack")
    assert once.legal() == ("6",) and once.believe(frozenset({"x-counted-once"})) == ("3",)


# --------------------------------------------------------------------------- which rule, citations
def test_a_real_second_goose_mother_isnt_explained_by_the_copy_rule() -> None:
    assert "707.2" not in legend_play(2, 4, keeps=True).explain()
    assert "707.2" in legend_play(2).explain()  # a Clone: the copy rule is on its event


def test_a_copied_spells_explanation_cites_both_rules_about_its_x() -> None:
    for s in (stack_play("Walking Ballista", "copy", 2), chalice_play(1, 2)):
        text = s.explain()
        assert "707.10" in text and "707.2" in text


# --------------------------------------------------------------------------- streams
NAMES = sorted(set(CATALOG), key=len, reverse=True)


def template(prompt: str) -> str:
    """A question's stem with its card names, numbers and citation taken out."""
    t = re.sub(r"\(CR [^)]*\)", "", prompt)
    for n in NAMES:
        t = t.replace(n, "C")
    return re.sub(r"\d+", "N", t).strip()


@pytest.fixture(scope="module")
def streams() -> dict[str, list[Question]]:
    return {level: list(itertools.islice(questions("x-values", level, seed=2), 200))
            for level in ("easy", "hard")}


@pytest.mark.sweep
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_stream_gives_200_questions_none_repeated_more_than_10_times(
        streams: dict[str, list[Question]], level: str) -> None:
    qs = streams[level]
    assert len(qs) == 200
    assert max(Counter((q.board, q.steps) for q in qs).values()) <= 10


@pytest.mark.sweep
def test_any_20_hard_questions_have_at_least_12_stem_templates(streams: dict[str, list[Question]]) -> None:
    said = [template(q.prompt) for q in streams["hard"]]
    assert min(len(set(said[i:i + 20])) for i in range(len(said) - 19)) >= 12


@pytest.mark.sweep
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_the_never_asked_interactions_are_asked(streams: dict[str, list[Question]], level: str) -> None:
    qs = streams[level]
    assert any(isinstance(q.situation, DeathPlay) and q.situation.card == "Hangarback Walker" for q in qs)
    assert any(isinstance(q.situation, ChalicePlay) for q in qs)
    assert any(isinstance(q.situation, StackPlay) and q.situation.route == "cascade" for q in qs)
    assert any(isinstance(q.situation, StackPlay) and q.situation.route == "reduced" for q in qs)


@pytest.mark.sweep
def test_which_rule_questions_never_offer_the_copy_rule_against_the_copy_of_a_spell(
        streams: dict[str, list[Question]]) -> None:
    asked = [q for level in streams for q in streams[level] if q.kind == "which-rule"]
    assert asked
    for q in asked:
        if q.rules[0] == "707.10":
            assert rule_option("707.2") not in q.options, q.prompt


def test_a_cost_reduction_reaches_x_and_leaves_x_as_chosen() -> None:
    g = Game(["Alice", "Bob"], library=LIBRARY)
    for _ in range(3):
        g.put_onto_battlefield("Helm of Awakening", "Bob")
    _pay(g, 1)
    ballista = g.put_in_hand("Walking Ballista", "Alice")
    cast = next(e for e in g.cast(ballista, x=2) if isinstance(e, SpellCast))  # {4} less {3}: {1}
    assert "601.2f" in cast.rules and not cast.free and cast.x == 2
    g.resolve_stack()
    assert [sum(p.counters.values()) for p in g.permanents("Alice") if p.name == "Walking Ballista"] == [2]
    s = stack_play("Walking Ballista", "reduced", 2)  # four Helms: nothing to pay, X still 2
    assert s.legal() == ("it is cast with X = 2: Walking Ballista stays with 2 counters",)
    assert s.decisive() is not None and s.decisive().rules[0] == "601.2f"  # type: ignore[union-attr]
    assert s.believe(frozenset({"reduced-to-nothing-is-free"})) == (
        "it is cast with X = 0: Walking Ballista enters with no counters and dies",)
