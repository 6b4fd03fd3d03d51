"""The tap-untap topic's cases with more permanents on Alice's side, and the graders of the
predict-then-check quizzes on tapping and could-produce (``can_quiz``, ``choice_quiz``), as the
notebooks 00-04 use them."""

from __future__ import annotations

import pytest

from mtgkit.crlinks import cited
from mtgkit.lessons import (
    ActivationCase,
    ActivationWith,
    AttackCase,
    AttackWith,
    CouldCase,
    TapCase,
    can_quiz,
    mana_quiz,
)


def test_mass_hysteria_gives_haste_for_t_and_q_abilities_and_for_attacking() -> None:
    assert not ActivationCase("Llanowar Elves", "this turn", False).attempt().can
    elves = ActivationWith("Llanowar Elves", "this turn", False, also=("Mass Hysteria",)).attempt()
    assert elves.can and "702.10c" in elves.reason.rules
    order = ActivationWith("Order of Whiteclay", "this turn", True, also=("Mass Hysteria",)).attempt()
    assert order.can and "702.10c" in order.reason.rules
    # Haste doesn't untap anything: {Q} still needs the permanent tapped (107.6).
    untapped = ActivationWith("Order of Whiteclay", "this turn", False, also=("Mass Hysteria",)).attempt()
    assert not untapped.can and untapped.reason.rules == ("107.6",)
    assert not AttackCase("Grizzly Bears", "this turn").attempt().can
    bears = AttackWith("Grizzly Bears", "this turn", also=("Mass Hysteria",)).attempt()
    assert bears.can and "702.10b" in bears.reason.rules


def test_an_artifact_creature_is_a_creature_for_summoning_sickness() -> None:
    walker = ActivationCase("Hangarback Walker", "this turn", False).attempt()
    assert not walker.can and walker.reason.rules == ("302.6",)
    assert ActivationCase("Fellwar Stone", "this turn", False).attempt().can


@pytest.mark.parametrize("case,verb,right", [
    (ActivationCase("Hangarback Walker", "this turn", False), "activate it", "no"),
    (ActivationWith("Order of Whiteclay", "this turn", True, also=("Mass Hysteria",)), "activate it", "yes"),
    (AttackWith("Grizzly Bears", "this turn", also=("Mass Hysteria",)), "attack", "yes"),
])
def test_can_quiz_grades_with_the_engine_and_cites_the_rule_it_acted_on(
        case: ActivationCase | AttackCase, verb: str, right: str) -> None:
    grade = can_quiz(case, verb)
    wrong = "yes" if right == "no" else "no"
    v = grade(right)
    assert v.correct and not grade(wrong).correct
    assert set(case.attempt().reason.rules) <= set(cited(v.why))
    assert not v.why.startswith(("Yes", "No"))  # the verdict line says that: "You wrote no: right."
    assert grade("True" if right == "yes" else "False").correct  # typed answers are read too


def test_mana_quiz_accepts_every_legal_choice_and_only_those() -> None:
    options = ["{U}", "{B}", "{C}", "nothing"]
    grade = mana_quiz(TapCase(("Fellwar Stone",), ("Underground Sea",)), options)
    assert [grade(o).correct for o in options] == [True, True, False, False]
    orders = TapCase(("Forest", "Mana Reflection"), ("Contamination", "Heartbeat of Spring"))
    grade = mana_quiz(orders, ["{G}{G}{G}", "{B}{B}", "{B}{B}{B}", "{B}{B}{B}{B}"])
    assert [grade(o).correct for o in ["{G}{G}{G}", "{B}{B}", "{B}{B}{B}", "{B}{B}{B}{B}"]] == \
        [False, True, True, False]
    fixed = TapCase(("Forest", "Mana Reflection"), ("Contamination",),
                    order=("Contamination", "Mana Reflection"))
    grade = mana_quiz(fixed, ["{B}", "{B}{B}"])
    assert not grade("{B}").correct and grade("{B}{B}").correct


def test_mana_quiz_feedback_is_a_verdict_a_reason_and_the_working_apart() -> None:
    case = CouldCase(("Exotic Orchard", "Forest"), ("Reflecting Pool", "Exotic Orchard"), "Bob", 0)
    v = mana_quiz(case, ["{G}", "nothing"])("{G}")
    assert v.correct and v.text == "You wrote {G}: right."
    assert "\n" not in v.why and "106.7" in cited(v.why)
    assert "Alice's Forest, which could produce it by itself" in v.why
    assert v.detail_title == "How the engine worked it out" and "Where each type" in v.detail
    v = mana_quiz(case, ["{G}", "nothing"])("nothing")
    assert not v.correct and v.text == "You wrote nothing: the answer is {G}."


def test_mana_quiz_refuses_options_without_a_legal_answer() -> None:
    with pytest.raises(ValueError, match="leave out the legal answer"):
        mana_quiz(TapCase(("Fellwar Stone",), ("Underground Sea",)), ["{U}", "nothing"])
    with pytest.raises(ValueError, match="leave out the legal answer nothing"):
        mana_quiz(CouldCase(("Gaea's Cradle",)), ["{G}", "{C}"])


def test_no_outside_source_is_said_only_of_a_real_cycle() -> None:
    from mtgkit.lessons import explain_could_produce, mana_board

    cycle = "only reflect other reflecting permanents"
    g = mana_board(["Reflecting Pool", "Exotic Orchard"], ["Exotic Orchard"])
    assert cycle in explain_could_produce(g, g.permanents("Alice")[0].id)
    # Bob's Wastes is an outside source: its {C} is no color, so the Orchard gets nothing from it.
    g = mana_board(["Reflecting Pool", "Exotic Orchard"], ["Wastes"])
    text = explain_could_produce(g, g.permanents("Alice")[0].id)
    assert cycle not in text and "could produce nothing" in text


@pytest.mark.parametrize("arrived", ["this turn", "last turn"])
@pytest.mark.parametrize("tapped", [False, True])
@pytest.mark.parametrize("also", [(), ("Mass Hysteria",)])
def test_every_activation_and_attack_reason_is_the_rule_of_the_engine_event(
        arrived: str, tapped: bool, also: tuple[str, ...]) -> None:
    """Yes: every rule the reason gives is on an event the action caused (302.6, or haste's
    702.10c/702.10b, are on the tap/attack event). No: the rule the engine refused with."""
    from mtgkit.errors import RulesError
    from mtgkit.lessons import TAP_CARDS

    cases: list[ActivationCase | AttackCase] = []
    for name in (*TAP_CARDS, "Hangarback Walker", "Grizzly Bears"):
        cases.append(ActivationWith(name, arrived, tapped, also=also))  # type: ignore[arg-type]
        cases.append(AttackWith(name, arrived, also=also))  # type: ignore[arg-type]
    seen = set()
    for case in cases:
        at = case.attempt()
        if at.can:
            on_events = {r for e in at.events for r in e.rules}
            assert at.reason.rules and set(at.reason.rules) <= on_events, (case, at.reason)
            assert at.reason.seq in {e.seq for e in at.events}
        else:
            g, ref = case.game()
            with pytest.raises(RulesError) as refused:  # the engine refuses it, with that rule
                if isinstance(case, ActivationCase):
                    g.activate(ref)
                else:
                    g.attack([ref])
            assert at.reason.rules[0] == refused.value.rule, (case, at.reason, refused.value)
        assert set(at.reason.rules) <= set(cited(at.reason.text)), at.reason
        seen.add(at.can)
    assert seen == {True, False}


@pytest.mark.slow
def test_activation_cases_give_alice_exactly_the_resources_the_learner_is_told() -> None:
    """Practice boards say what else Alice has (judge review: a {2}, {Q} cost must never depend
    on mana the learner can't see); the game each case builds has exactly that."""
    from mtgkit.lessons import ACTIVATION_RESOURCES
    from mtgkit.mana import Mana

    g, _ = ActivationCase("Pili-Pala", "last turn", True).game()
    assert "{W}{W}{W} in her mana pool" in ACTIVATION_RESOURCES and g.pool("Alice") == Mana.parse("{W}{W}{W}")
    assert "a Grizzly Bears in her graveyard" in ACTIVATION_RESOURCES
    assert [c.name for c in g.zone("Alice", "graveyard")] == ["Grizzly Bears"]
    from mtgkit.practice import worksheet
    from mtgkit.topics.tap_untap import Activation
    for level in ("easy", "hard"):  # the activation boards (the others are play sequences)
        boards = [q.board for s in range(1, 13) for q in worksheet("tap-untap", level, 10, s)
                  if isinstance(q.situation, Activation)]
        assert boards and all(ACTIVATION_RESOURCES in b for b in boards)
