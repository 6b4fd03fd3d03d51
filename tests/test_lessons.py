"""Lesson models and exercise checkers: answers graded against every legal outcome, answers
written in any reasonable form, kind words for malformed ones, and reasons that cite the rule
of the engine event that really caused the outcome."""

from __future__ import annotations

import pytest

from mtgkit.crlinks import cited
from mtgkit.errors import RulesError
from mtgkit.events import DamageRedirected, MonarchChanged, StateBasedMove, ZoneChange
from mtgkit.lessons import (
    X_CARDS,
    X_PATHS,
    ActivationCase,
    BoltCase,
    CouldCase,
    MonarchCase,
    TapCase,
    XCase,
    check_activation_answers,
    check_could_answers,
    check_draw_race,
    check_name_answers,
    check_number_answers,
    check_tap_answers,
    protector_combat,
    x_path,
    x_paths,
)

FELLWAR = TapCase(("Fellwar Stone",), ("Underground Sea",))


def first_line(report: str) -> str:
    return report.splitlines()[0]


def test_any_color_a_legal_choice_gives_is_right() -> None:
    """Notebook 02, exercise 2: Fellwar Stone next to an Underground Sea can make {U} or {B}."""
    assert set(map(str, FELLWAR.legal())) == {"{U}", "{B}"}
    for answer in ("{B}", "{U}", " {b} "):
        assert first_line(check_tap_answers({"x": answer}, {"x": FELLWAR})) == "1/1 correct"
    wrong = check_tap_answers({"x": "{G}"}, {"x": FELLWAR})
    assert first_line(wrong) == "0/1 correct" and "{U} or {B}" in wrong


def test_a_case_that_fixes_the_order_accepts_only_that_order() -> None:
    board = (("Forest", "Mana Reflection"), ("Contamination",))
    either = TapCase(*board)
    fixed = TapCase(*board, order=("Contamination", "Mana Reflection"))
    assert sorted(map(str, either.legal())) == ["{B}", "{B}{B}"]
    assert first_line(check_tap_answers({"a": "{B}", "b": "{B}"}, {"a": either, "b": fixed})) == "1/2 correct"


def test_mana_symbols_in_any_order() -> None:
    case = CouldCase(("Reflecting Pool", "Mana Confluence"))
    answers = {"a": "{W}{U}{B}{R}{G}", "b": "{G}{R}{B}{U}{W}", "c": "{u}{w}{r}{b}{g}"}
    report = check_could_answers(answers, dict.fromkeys(answers, case))
    assert first_line(report) == "3/3 correct"
    from mtgkit.practice import grade, worksheet

    q = next(q for q in worksheet("could-produce", "easy", 20, 1) if q.answers[0].count("{") >= 2)
    scrambled = q.answers[0][::-1].replace("}", "#").replace("{", "}").replace("#", "{")
    assert scrambled != q.answers[0] and grade(q, scrambled).correct  # notebook 08, exercise 1


def test_booleans_as_words_and_kind_messages_for_malformed_answers() -> None:
    cases = {k: ActivationCase("Fellwar Stone", "this turn", False) for k in "abcde"}
    report = check_activation_answers({"a": True, "b": "True", "c": "yes", "d": "maybe", "e": 3}, cases)
    assert first_line(report) == "3/5 correct"
    assert "I couldn't read that answer: answer True or False" in report
    assert "Traceback" not in report and "[CR" not in report
    report = check_number_answers({"a": "three"}, {"a": XCase("Walking Ballista", 2, "cast")})
    assert "write a whole number" in report
    two = XCase("Walking Ballista", 2, "cast")
    assert first_line(check_number_answers({"a": "2", "b": 2.0}, {"a": two, "b": two})) == "2/2 correct"
    assert first_line(check_draw_race("alice", " Alice ")) == "2/2 correct"
    assert "ignored answers for unknown questions: zz" in check_tap_answers({"zz": "{G}"}, {})


def test_engine_errors_become_teaching_text() -> None:
    can, why = ActivationCase("Raging Goblin", "this turn", False).answer()
    assert not can and "no activated ability" in why and "(CR 602.1)" in why
    assert "there is no ability 0" not in why and "[CR" not in why
    for case in (ActivationCase("Llanowar Elves", "last turn", True),
                 ActivationCase("Pili-Pala", "last turn", False),
                 ActivationCase("Order of Whiteclay", "this turn", True)):
        can, why = case.answer()
        assert not can and why.startswith("No: ") and "[CR" not in why and "(2026" not in why


# --------------------------------------------------------------------------- reasons = event rules
def engine_rule(case: ActivationCase) -> str | None:
    """The rule of the RulesError the engine raises for this activation (None: it's legal)."""
    g, ref = case.game()
    if case.ability >= len(g.obj(ref).card.activated):
        return "602.1"
    ab = g.obj(ref).card.activated[case.ability]
    target = next((c.id for c in g.zone("Alice", "graveyard")), None) if ab.targets else None
    try:
        g.activate(ref, case.ability, target=target)
    except RulesError as err:
        return err.rule
    return None


ACTIVATION_CASES = [ActivationCase(card, arrived, tapped)
                    for card in ("Llanowar Elves", "Order of Whiteclay", "Pili-Pala", "Raging Goblin",
                                 "Fellwar Stone")
                    for arrived in ("last turn", "this turn") for tapped in (False, True)]


@pytest.mark.parametrize("case", ACTIVATION_CASES, ids=lambda c: f"{c.card}-{c.arrived}-{c.tapped}")
def test_an_activation_no_cites_the_rule_the_engine_refused_with(case: ActivationCase) -> None:
    can, reason = case.reason()
    rule = engine_rule(case)
    assert can is (rule is None)
    if rule is not None:
        assert reason.rules == (rule,) and cited(reason.text)[0] == rule


def fate_event(r: object) -> ZoneChange:
    reason = r.fate_reason  # type: ignore[attr-defined]
    assert reason is not None and reason.seq is not None
    e = next(e for e in r.events if e.seq == reason.seq)  # type: ignore[attr-defined]
    assert isinstance(e, ZoneChange) and e.frm == "battlefield"
    return e


@pytest.mark.parametrize("card", X_CARDS)
@pytest.mark.parametrize("path", X_PATHS)
def test_the_x_explorer_names_the_rule_of_the_event_that_moved_the_permanent(card: str, path: str) -> None:
    for x in (0, 2, 3):
        for r in x_paths(card, x, path):
            if not r.arrived or r.survived:
                continue
            e = fate_event(r)
            assert isinstance(e, StateBasedMove)
            assert cited(r.fate) == list(e.rules) and r.fate_reason.rules == e.rules  # type: ignore[union-attr]


def test_the_goose_mother_copy_goes_by_the_legend_rule_not_toughness() -> None:
    """Notebook 05's explorer default: a Clone copy of The Goose Mother (X = 3)."""
    r = x_path("The Goose Mother", 3, "copied by Clone")
    assert not r.survived and cited(r.fate) == ["704.5j"] and "704.5f" not in r.fate
    assert fate_event(r).rules == ("704.5j",)
    ballista = x_path("Walking Ballista", 2, "copied by Clone")
    assert cited(ballista.fate) == ["704.5f"] and "toughness 0" in ballista.fate
    case = XCase("Walking Ballista", 4, "copied by Clone")
    assert case.legal() == (0,) and "704.5f" in case.why() and "707.2" in case.why()


@pytest.mark.parametrize("n", [0, 1, 2])
def test_the_bolt_reason_matches_its_answer_and_its_event(n: int) -> None:
    """Notebook 07, exercise 2: the explanation used to say the Protector had died while the
    answer (0) came from the damage being redirected to it."""
    case = BoltCase(n)
    (lost,) = case.legal()
    reason = case.reason()
    g, _ = case.run()
    e = g.events[reason.seq - 1]  # type: ignore[operator]
    assert e.rules == reason.rules and cited(reason.text)[0] == reason.rules[0]
    assert reason.text.startswith(f"Bob loses {lost} life")
    if n < 2:
        assert lost == 0 and isinstance(e, DamageRedirected)
        assert "had died" not in reason.text and "nothing was redirected" not in reason.text
    else:
        assert lost == 3 and isinstance(e, StateBasedMove) and e.rules == ("704.5g",)


MONARCH_CASES = [
    MonarchCase(("Grizzly Bears",), protectors=0),
    MonarchCase(("Grizzly Bears",), (("Hill Giant", "Grizzly Bears"),), 0),
    MonarchCase(("Grizzly Bears", "Raging Goblin"), (("Hill Giant", "Grizzly Bears"),), 0),
    MonarchCase(("Grizzly Bears",), protectors=1),
    MonarchCase(("Grizzly Bears", "Raging Goblin"), protectors=2),
]


@pytest.mark.parametrize("case", MONARCH_CASES, ids=lambda c: f"{'+'.join(c.attackers)}-{c.protectors}")
def test_the_crown_reason_cites_the_event_that_decided_it(case: MonarchCase) -> None:
    for r in case.results():
        reason = r.reason
        assert reason is not None and reason.rules
        if reason.seq is not None:
            e = r.game.events[reason.seq - 1]
            assert e.rules == reason.rules
            moved = r.monarch_after != r.monarch_before
            assert isinstance(e, MonarchChanged if moved else DamageRedirected)
        assert cited(reason.text)[0] == reason.rules[0]


def test_two_protectors_both_choices_are_graded_right() -> None:
    case = MonarchCase(("Grizzly Bears", "Raging Goblin"), protectors=2)
    assert len(case.results()) == 4 and case.legal() == ("Bob",)
    assert first_line(check_name_answers({"a": "bob"}, {"a": case})) == "1/1 correct"


def test_the_combat_explorer_default_and_each_protector_choice() -> None:
    for which in (0, 1):
        r = protector_combat(["Grizzly Bears"], {}, 2, which)
        assert r.monarch_after == "Bob" and r.reason is not None and r.reason.rules == ("614.9",)
        damaged = [p.damage for p in r.game.permanents("Bob") if p.name == "Protector of the Crown"]
        assert damaged == ([2, 0] if which == 0 else [0, 2])


def test_could_produce_is_traced_to_the_permanent_the_mana_comes_from() -> None:
    """Notebook 03: Bob's Reflecting Pool used to 'reflect ... Reflecting Pool'."""
    case = CouldCase(("Exotic Orchard", "Forest"), ("Reflecting Pool", "Exotic Orchard"), "Bob", 0)
    why = case.why()
    trace = why.split("Where each type really comes from:", 1)[1]
    assert "Alice's Forest, which could produce {G} by itself" in trace
    assert "Reflecting Pool copies a type of a land Bob controls: Bob's Exotic Orchard" in trace
    assert "reflects Reflecting Pool" not in why
    cradle = CouldCase(("Gaea's Cradle",)).why()
    assert "zero times" in cradle and "106.5" not in cradle  # a defined type, no mana: not 106.5
    orchard = CouldCase(("Exotic Orchard",), ("Wastes",)).why()
    assert "colorless is not a color" in orchard and "106.5" in orchard
