"""Lesson models and exercise checkers: answers graded against every legal outcome, answers
written in any reasonable form, kind words for malformed ones, and reasons that cite the rule
of the engine event that really caused the outcome."""

from __future__ import annotations

import pytest

from mtgkit.crlinks import cited
from mtgkit.errors import RulesError
from mtgkit.events import (
    AttackDeclared,
    ChoiceMade,
    DamageRedirected,
    Entered,
    Event,
    ManaAdded,
    MonarchChanged,
    NoMana,
    StateBasedMove,
    Tapped,
    Untapped,
    ZoneChange,
)
from mtgkit.grading import show_mana
from mtgkit.lessons import (
    X_CARDS,
    X_PATHS,
    ActivationCase,
    AttackCase,
    BoltCase,
    Check,
    ChoiceWalk,
    CouldCase,
    MonarchCase,
    TapCase,
    XCase,
    XGuess,
    check_activation_answers,
    check_can,
    check_could_answers,
    check_draw_race,
    check_name_answers,
    check_number_answers,
    check_tap_answers,
    combat_check,
    combat_walk,
    could_check,
    grade_option,
    protector_combat,
    tap_check,
    tap_walk,
    x_blocked,
    x_check,
    x_checked,
    x_path,
    x_paths,
    x_results,
    x_values,
)
from mtgkit.outcomes import Outcomes

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
def engine_rule(case: ActivationCase) -> tuple[str, ...] | None:
    """The rules of the RulesError the engine raises for this activation: the first failing
    requirement, then any other that fails too (None: it's legal)."""
    g, ref = case.game()
    if case.ability >= len(g.obj(ref).card.activated):
        return ("602.1",)
    ab = g.obj(ref).card.activated[case.ability]
    target = next((c.id for c in g.zone("Alice", "graveyard")), None) if ab.targets else None
    try:
        g.activate(ref, case.ability, target=target)
    except RulesError as err:
        return err.rules
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
    if rule is not None:  # every failing requirement, each with its rule, in the engine's order
        assert reason.rules == rule and tuple(cited(reason.text))[:len(rule)] == rule


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
    assert case.legal() == (0,) and "704.5f" in case.why() and "707.5" in case.why()


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


# --------------------------------------------------------------------------- predict, then check
def event_of(check: Check, events: tuple[Event, ...] | list[Event]) -> Event:
    """The engine event a check's reason names: the reason's rules start with that event's rules
    (more may follow to explain it, such as 302.6 after the 107.5 of a {T} paid), and the first
    rule the text cites is the event's."""
    assert check.reason.seq is not None
    e = next(e for e in events if e.seq == check.reason.seq)
    assert check.reason.rules[:len(e.rules)] == e.rules and cited(check.reason.text)[0] == e.rules[0]
    return e


@pytest.mark.parametrize("case", ACTIVATION_CASES, ids=lambda c: f"{c.card}-{c.arrived}-{c.tapped}")
def test_an_activation_yes_cites_the_event_that_paid_the_cost(case: ActivationCase) -> None:
    a = case.attempt()
    for guess in (True, False):
        c = check_can(guess, a)
        said = "can" if a.can else "can't"
        assert c.correct is (guess is a.can) and c.engine == f"Alice {said} activate it"
    if a.can:
        e = event_of(check_can(True, a), a.events)
        assert isinstance(e, Tapped | Untapped)
        assert a.game.board().player("Alice") is not None and a.events[0].kind == "activate"
    else:
        assert a.events == () and a.reason.rules == engine_rule(case)


@pytest.mark.parametrize("card", ["Raging Goblin", "Grizzly Bears", "Llanowar Elves", "Fellwar Stone"])
@pytest.mark.parametrize("arrived", ["last turn", "this turn"])
@pytest.mark.parametrize("tapped", [False, True])
def test_attacking_shows_haste_and_cites_the_rule_the_engine_used(card: str, arrived: str,
                                                                  tapped: bool) -> None:
    case = AttackCase(card, arrived, tapped)
    a = case.attempt()
    creature = card != "Fellwar Stone"
    haste = card == "Raging Goblin"
    assert a.can is (creature and not tapped and (haste or arrived == "last turn"))
    if a.can:
        e = event_of(check_can(True, a, "attack"), a.events)
        assert isinstance(e, AttackDeclared)
        assert ("702.10b" in a.reason.rules) is (haste and arrived == "this turn")
        assert ("haste" in a.reason.text) is (haste and arrived == "this turn")
    else:
        g, ref = case.game()
        with pytest.raises(RulesError) as err:
            g.attack([ref])
        assert a.reason.rules == (err.value.rule,) and cited(a.reason.text) == [err.value.rule]
        assert a.reason.text.startswith("No: ") and "[CR" not in a.reason.text
        if not tapped and creature:
            assert a.reason.rules == ("302.6",) and "haste" in a.reason.text


def test_a_quiz_option_is_right_if_any_legal_choice_gives_it() -> None:
    assert grade_option("Bob", ["Alice", "Bob"]).correct
    right = grade_option("Alice", ["Alice", "Bob"], "Why.")
    assert right.text == "You wrote Alice: right (another legal choice gives Bob)." and right.why == "Why."
    wrong = grade_option("nobody", ["Alice", "Bob"], "Why.")
    assert not wrong.correct and "Alice or Bob" in wrong.text and wrong.why == "Why."
    with pytest.raises(ValueError):
        grade_option("x", [])


def test_a_choice_walk_answers_one_question_and_resets_the_later_ones() -> None:
    before, walk = combat_walk(["Grizzly Bears", "Hill Giant"], {}, protectors=2)
    assert len(walk.outcomes) == 4 and before.monarch == "Bob"
    qs = walk.questions(walk.start)
    assert [i for i, _ in qs] == [0, 1] and all(len(p.options) == 2 for _, p in qs)
    second = qs[0][1].options[1]
    path = walk.answer(walk.start, 1, second)
    assert path == (qs[0][1].options[0], second)
    path = walk.answer(path, 0, second)
    assert path == (second, qs[1][1].options[0])  # the later question starts over at its first option
    assert walk.outcome(path).path == path
    with pytest.raises(ValueError):
        walk.outcome(("no such Protector",))
    damage = [p.damage for p in walk.outcome(path).game.permanents("Bob")
              if p.name == "Protector of the Crown"]
    assert damage == [3, 2]
    with pytest.raises(ValueError):
        ChoiceWalk(Outcomes([]))


TAP_BOARDS = [
    (("Forest", "Mana Reflection"), ("Contamination",)),
    (("Fellwar Stone",), ("Underground Sea",)),
    (("Mana Confluence", "Heartbeat of Spring"), ()),
    (("Exotic Orchard",), ("Wastes",)),
    (("Forest", "Mana Reflection", "Zendikar Resurgent"), ("Contamination", "Pale Moon")),
]


@pytest.mark.parametrize("alice,bob", TAP_BOARDS)
def test_tapping_is_judged_against_the_learners_own_choices(alice: tuple[str, ...],
                                                           bob: tuple[str, ...]) -> None:
    walk = tap_walk(alice, bob, 0)
    pools = {show_mana(o.pool("Alice")) for o in walk.outcomes}
    case = TapCase(alice, bob)
    assert pools == {show_mana(m) for m in case.legal()}  # the same outcomes the exercises grade with
    for o in walk.outcomes:
        mine = show_mana(o.pool("Alice"))
        right = tap_check(walk, o.path, mine)
        said = "empty" if mine == "nothing" else mine  # never "Alice's pool is no mana"
        assert right.correct and right.engine.startswith(f"Alice's pool is {said}")
        e = event_of(right, o.events)
        assert isinstance(e, ManaAdded | NoMana)
        for chosen in o.choices:  # the learner's choices are events of the outcome
            assert isinstance(chosen, ChoiceMade) and chosen.player == "Alice"
        for other in pools - {mine}:
            wrong = tap_check(walk, o.path, other)
            assert not wrong.correct and "what other choices give" in wrong.engine
            assert f"{other} if " in wrong.others
        assert not tap_check(walk, o.path, "{W}{W}{W}{W}{W}").correct
    if len(pools) == 1:
        assert tap_check(walk, walk.start, next(iter(pools))).others == ""


def test_a_tap_prediction_that_is_not_mana_is_refused_kindly() -> None:
    from mtgkit.grading import Unreadable

    walk = tap_walk(("Forest",), (), 0)
    with pytest.raises(Unreadable, match="write each mana as its symbol"):
        tap_check(walk, walk.start, "two green")
    with pytest.raises(Unreadable, match="write mana as mana symbols"):
        tap_check(walk, walk.start, "lots")
    assert tap_check(walk, walk.start, " {g} ").correct
    nothing = tap_walk(("Exotic Orchard",), ("Wastes",), 0)
    c = tap_check(nothing, nothing.start, "nothing")
    assert c.correct and c.reason.rules == ("106.5", "605.2")


def test_could_produce_predictions() -> None:
    from mtgkit.lessons import mana_board

    g = mana_board(["Exotic Orchard", "Forest"], ["Reflecting Pool", "Exotic Orchard"])
    pool = g.permanents("Bob")[0].id
    c = could_check(g, pool, {"G"})
    assert c.correct and c.predicted == "{G}" and c.engine == "Bob's Reflecting Pool could produce {G}"
    assert "Alice's Forest, which could produce {G} by itself" in c.reason.text
    assert cited(c.reason.text)[0] == c.reason.rules[0] == "106.7"
    assert not could_check(g, pool, {"G", "C"}).correct and not could_check(g, pool, ()).correct
    alone = mana_board(["Exotic Orchard"], ["Wastes"])
    c = could_check(alone, alone.permanents("Alice")[0].id, ())
    assert c.correct and c.predicted == "nothing" and c.reason.rules == ("106.7", "106.5")
    with pytest.raises(ValueError, match="not a type of mana"):
        could_check(alone, alone.permanents("Alice")[0].id, {"X"})


@pytest.mark.parametrize("card", X_CARDS)
@pytest.mark.parametrize("path", X_PATHS)
def test_x_predictions_are_right_for_every_legal_outcome(card: str, path: str) -> None:
    blocked = x_blocked(card, path)
    for x in (0, 2, 3):
        results = x_results(card, x, path)
        assert [r for r, _ in results] == x_paths(card, x, path)
        if blocked is not None:
            assert results == [(x_paths(card, x, path)[0], None)] and "not a creature" in blocked
            continue
        values = {x_values(r) for r, _ in results}
        for r, out in results:
            assert out is not None
            c, shown, _ = x_checked(card, x, path, x_values(r))
            assert c.correct and x_values(shown) == x_values(r)
            if r.fate_reason is not None:  # it left: the rule of the event that moved it
                e = event_of(c, r.events)
                assert isinstance(e, StateBasedMove) and e.rules == r.fate_reason.rules
            elif r.survived:
                assert isinstance(event_of(c, r.events), Entered)
            wrong = XGuess(x_values(r).counters + 7, 0, True)
            assert wrong not in values and not x_check(card, x, path, wrong).correct


def test_the_goose_mother_copy_prediction_names_the_legend_rule() -> None:
    """Notebook 05's explorer default (The Goose Mother, X = 3): the copy goes by 704.5j, and
    keeping the copy instead is another legal choice."""
    gone = x_check("The Goose Mother", 3, "copied by Clone", XGuess(0, 0, False))
    assert gone.correct and gone.reason.rules == ("704.5j",) and "704.5f" not in gone.reason.text
    assert "legend rule" in gone.reason.text and "still on the battlefield if" in gone.others
    kept = x_check("The Goose Mother", 3, "copied by Clone", XGuess(0, 0, True))
    assert kept.correct and "not on the battlefield if" in kept.others
    assert not x_check("The Goose Mother", 3, "copied by Clone", XGuess(3, 2, True)).correct
    cast = x_check("The Goose Mother", 3, "cast", XGuess(3, 2, True))
    assert cast.correct and "107.3m" in cast.reason.rules and cast.others == ""


@pytest.mark.parametrize("case", MONARCH_CASES, ids=lambda c: f"{'+'.join(c.attackers)}-{c.protectors}")
def test_combat_predictions_cite_the_event_that_moved_or_kept_the_crown(case: MonarchCase) -> None:
    before, walk = combat_walk(case.attackers, dict(case.blocks), case.protectors)
    for o in walk.outcomes:
        life, monarch = o.life("Bob"), str(o.monarch)
        c = combat_check(before, walk, o.path, monarch, str(life))
        assert c.correct and c.engine == f"{monarch} is the monarch and Bob has {life} life"
        assert f"he has {life} life" in c.reason.text or f"still has {life} life" in c.reason.text
        if c.reason.seq is not None:
            e = event_of(c, o.events)
            assert isinstance(e, MonarchChanged | DamageRedirected)
        other = "Alice" if monarch == "Bob" else "Bob"
        assert not combat_check(before, walk, o.path, other, life).correct
        assert not combat_check(before, walk, o.path, monarch, life - 1).correct
    assert {str(o.monarch) for o in walk.outcomes} == set(case.legal())


def test_answer_key_is_worked_out_once_and_grades_the_same() -> None:
    """The grader remembers each frozen case's legal answers and reason (the engine is
    deterministic); an exercise widget works them out when built, so Check is instant. Grading
    is the same either way, and a case that can't be hashed is simply worked out each time."""
    from dataclasses import dataclass

    from mtgkit import teaching
    from mtgkit.lessons import TapCase, answer_key, check_tap_answers
    from mtgkit.widgets import Exercise

    case = TapCase(("Fellwar Stone",), ("Underground Sea",))
    fresh = (case.legal(), case.why())
    teaching._memo.cache_clear()
    ex = Exercise.for_cases(check_tap_answers, {"stone": case})
    assert teaching._memo.cache_info().currsize == 3  # its legal answers, its explanation, its reason
    assert answer_key(case) == fresh
    ex.inputs["stone"].value = "{B}"
    hits = teaching._memo.cache_info().hits
    assert ex.check() == check_tap_answers({"stone": "{B}"}, {"stone": case})
    assert teaching._memo.cache_info().hits > hits
    assert ex.check().startswith("1/1 correct")  # {U} or {B}: either legal choice counts

    @dataclass
    class Unhashable:
        answers: list[str]

        def key(self) -> tuple[str, ...]:
            return tuple(self.answers)

        def describe(self) -> str:
            return "a list of names"

        def legal(self) -> tuple[str, ...]:
            return tuple(self.answers)

        def explain(self) -> str:
            return "because"

    u = Unhashable(["Alice"])
    assert answer_key(u) == (("Alice",), "because")
    u.answers.append("Bob")
    assert answer_key(u) == (("Alice", "Bob"), "because")
