"""Issue 22, items 3, 6, 7 and 8, as far as Python can see them (the browser tier shows them in
JupyterLab): feedback that teaches, each reason tested against the engine events it stands for
over the notebooks' own cases; one reader of mana answers everywhere; assessment mode; the
explorers' boards, card boxes and X columns."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser import expected as E

from mtgkit.abilities import ManaTrigger
from mtgkit.assignments import ASSESSMENT_CELL, HOW_GRADED, assignment_notebook
from mtgkit.crlinks import cited
from mtgkit.events import AbilityTriggered, ChoiceMade, DamageDealt, Entered, ManaAdded, NoMana
from mtgkit.grading import (
    ASSESSMENT_ENV,
    MANA_GRAMMAR,
    Report,
    Unreadable,
    Verdict,
    answered_by,
    assessing,
    assessment,
    read_mana,
    read_types,
    show_mana,
)
from mtgkit.lessons import (
    ACTIVATION_SETUP,
    LIBRARY,
    ActivationCase,
    AttackCase,
    BoltCase,
    ChaliceCase,
    CouldCase,
    LeaveCase,
    MonarchCase,
    TapCase,
    XCase,
    can_quiz,
    check_could_answers,
    check_tap_answers,
    grade_option,
    mana_quiz,
    tap_walk,
    x_choices,
    x_paths,
)
from mtgkit.mana import Mana
from mtgkit.topics.tapping import tap_reason

NOTEBOOKS = ("00-start-here", "01-tap-and-untap", "02-undefined-mana", "03-could-produce",
             "04-tapped-for-mana", "05-x-values", "06-the-monarch", "07-protector-of-the-crown")
CASE_TYPES = {c.__name__: c for c in (TapCase, CouldCase, ActivationCase, AttackCase, MonarchCase, XCase,
                                      BoltCase, LeaveCase, ChaliceCase)}
ALIASES = {"ActivationWith": "ActivationCase", "AttackWith": "AttackCase"}


@pytest.fixture(autouse=True)
def no_assessment() -> Iterator[None]:
    """Every test starts and ends with assessment mode as the environment says (off here)."""
    assessment(None)
    yield
    assessment(None)


@functools.cache
def notebook(stem: str) -> dict[str, Any]:
    """The notebook's namespace after its code cells ran (as the browser tier's tables run them)."""
    return E.run_cells(stem)[0]


@functools.cache
def notebook_cases(stem: str) -> tuple[Any, ...]:
    """Every case the notebook builds, anywhere in its code (exercises, quick questions): each
    ``TapCase(...)``, ``ActivationWith(...)``... call, evaluated in the notebook's namespace."""
    ns = notebook(stem)
    found: dict[str, Any] = {}
    for c in E.cells(stem):
        if c["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse(c["source"])):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    ALIASES.get(node.func.id, node.func.id) in CASE_TYPES:
                case = eval(compile(ast.Expression(node), stem, "eval"), ns)  # our own notebook code
                found[repr(case)] = case
    return tuple(found.values())


def all_cases(kind: type) -> list[Any]:
    return [c for stem in NOTEBOOKS for c in notebook_cases(stem) if isinstance(c, kind)]


def test_the_notebooks_cases_are_found() -> None:
    assert len(all_cases(TapCase)) >= 20 and len(all_cases(CouldCase)) >= 8
    assert len(all_cases(ActivationCase)) >= 10 and all_cases(MonarchCase) and all_cases(XCase)


# ------------------------------------------------------------------------------ item 6: reasons
def tap_cases() -> list[TapCase]:
    extra = [TapCase(("Forest", "Mana Flare"), ("Zendikar Resurgent", "Heartbeat of Spring")),
             TapCase(("Llanowar Elves", "Mana Flare", "Zendikar Resurgent")),
             TapCase(("Exotic Orchard", "Heartbeat of Spring"), ("Wastes",))]
    return all_cases(TapCase) + extra


@pytest.mark.parametrize("case", tap_cases(), ids=lambda c: c.describe()[:60])
def test_every_tap_reason_is_the_rule_of_the_engine_events_it_names(case: TapCase) -> None:
    """The reason for each legal outcome: its event (``seq``) made the mana or made none; every
    rule it cites is on an event of the outcome, but 106.12a for a mana trigger that added
    nothing, which the engine really didn't trigger (no event) and whose own trigger condition,
    asked by the test, doesn't match the event; every mana trigger that did trigger is said."""
    for o in case.outcomes().legal:
        r = tap_reason(o)
        made = next(e for e in o.events if e.seq == r.seq)
        assert isinstance(made, NoMana) or (isinstance(made, ManaAdded) and made.tapped_for_mana), r
        on_events = {rule for e in o.events for rule in e.rules}
        assert set(cited(r.text)) == set(r.rules) and set(r.rules) <= on_events | {"106.12a"}, r
        triggered = {e.obj_id for e in o.events if isinstance(e, AbilityTriggered)}
        for p in o.game.permanents():
            for ab in (a for a in p.card.abilities if isinstance(a, ManaTrigger)):
                if p.id in triggered:
                    assert f"{p.name}'s triggered mana ability adds" in r.text, r
                    continue
                assert f"{p.name} adds nothing: " in r.text, (p.name, r)
                if isinstance(made, ManaAdded):  # the engine's own matcher agrees that it doesn't match
                    assert ab.trigger.matches(made, p, o.game) is None
        assert ("106.12a" in r.rules) == any(isinstance(a, ManaTrigger) for p in o.game.permanents()
                                             for a in p.card.abilities)
        assert "pool is no mana" not in r.text


def test_the_reasons_the_issue_asked_for_say_why_a_trigger_adds_nothing() -> None:
    said = {case: tap_reason(case.outcomes()[0]).text for case in (
        TapCase(("Llanowar Elves", "Heartbeat of Spring", "Mana Reflection")),
        TapCase(("Forest",), ("Zendikar Resurgent",)),
        TapCase(("Gaea's Cradle", "Mana Flare")))}
    elves, resurgent, flare = said.values()
    assert "Heartbeat of Spring adds nothing: it triggers only when a land is tapped for mana, and " \
           "Llanowar Elves isn't a land (CR 106.12a)" in elves
    assert "Bob's Zendikar Resurgent adds nothing: it triggers only when “you”, its controller Bob, tap a " \
           "land for mana, and Alice tapped this Forest (CR 106.12a)" in resurgent
    assert "Mana Flare adds nothing: “tapped for mana” triggers only when the mana ability produces mana, " \
           "and Gaea's Cradle made none (CR 106.12a)" in flare


@pytest.mark.parametrize("case", [c for c in tap_cases() if len(c.legal()) > 1],
                         ids=lambda c: c.describe()[:60])
def test_when_alices_choice_decides_the_reason_is_the_rule_of_her_choice(case: TapCase) -> None:
    e = case.teach()
    first = case.outcomes().legal[0]
    choice = next(c for c in first.events if isinstance(c, ChoiceMade))
    assert e.reason.rules == choice.rules and e.reason.seq == choice.seq
    assert all(f"{show_mana(m)} if " in e.reason.text for m in case.legal())
    assert e.detail.count("If ") == len(case.legal())  # each choice's story and events, folded away


@pytest.mark.parametrize("case", all_cases(CouldCase), ids=lambda c: c.describe()[:60])
def test_could_produce_reasons_are_the_engines_sentence_that_decides(case: CouldCase) -> None:
    e = case.teach()
    explanation = case.explain()
    assert set(cited(e.reason.text)) <= set(e.reason.rules) <= set(cited(explanation)) | {"106.7"}
    assert "\n" not in e.reason.text and e.detail_title == "How the engine worked it out"
    assert all(line.strip() in explanation for line in e.detail.splitlines())


@pytest.mark.parametrize("case", all_cases(MonarchCase), ids=repr)
def test_the_crown_reasons_cite_the_event_that_moved_or_kept_it(case: MonarchCase) -> None:
    e = case.teach()
    game = case.results()[0].game
    assert set(e.reason.rules) <= set(cited(e.reason.text))
    if e.reason.seq is not None:  # the crown moved, or a Protector took the damage: that event's rules
        assert game.events[e.reason.seq - 1].rules == e.reason.rules
    else:  # "no creature dealt combat damage to Bob": the engine dealt him none
        assert not [d for d in game.events
                    if isinstance(d, DamageDealt) and d.combat and d.to_player == "Bob"]
        assert "no creature dealt combat damage to Bob" in e.reason.text


def exercise_rows(stem: str, ex: E.ExerciseAnswers, answers: tuple[str, ...]) -> Report:
    widget = E.run_cells(stem, ex.cell)[1]
    with answered_by("chose" if ex.choice else "wrote"):
        report = widget.grade(dict(zip(ex.keys, answers, strict=True)))
    assert isinstance(report, Report)
    return report


EXERCISES = [ex for stem in NOTEBOOKS for ex in E.exercises(stem)]


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda ex: f"{ex.stem}-{ex.cell}")
def test_every_exercise_says_a_verdict_a_reason_with_its_rule_and_the_events_apart(
        ex: E.ExerciseAnswers) -> None:
    voice = "You chose" if ex.choice else "You wrote"
    for answers, right in ((ex.wrong, False), (ex.right, True)):
        report = exercise_rows(ex.stem, ex, answers)
        assert report.startswith(f"{len(ex.keys) if right else 0}/{len(ex.keys)} correct")
        for key, v in report.rows:
            assert v is not None and v.correct is right, (key, v)
            assert v.text.startswith(voice) and v.text.endswith(".")
            assert ("the answer is" in v.text) is not right
            assert "\n" not in v.why and cited(v.why), (key, v.why)  # one reason, with its rule
            assert not v.why.startswith(("Yes", "No")), v.why  # the verdict line says that
        assert "pool is no mana" not in report and "you wrote" not in report
        if not right:  # in plain text the events follow the reason, under a heading of their own
            assert all(line.startswith(("✗", "   ", "0/")) for line in report.splitlines())


def test_04s_first_quick_question_is_a_verdict_and_a_reason_not_a_paragraph() -> None:
    """It was one paragraph of about 900 characters; the events are folded away now."""
    board = (("Forest", "Mana Reflection"), ("Contamination", "Heartbeat of Spring"))
    options = ["{G}{G}{G}", "{B}{B}", "{B}{B}{B}", "{B}{B}{B}{B}"]
    v = mana_quiz(TapCase(*board), options)("{G}{G}{G}")
    assert v.text == "You wrote {G}{G}{G}: the answer is {B}{B} or {B}{B}{B}, depending on the choices made."
    assert v.why.startswith("Alice's choice decides it (CR 616.1): {B}{B} if Alice orders the replacement "
                            "effects: Mana Reflection then Contamination")
    assert len(v.text) + len(v.why) < 400 and "event " in v.detail
    assert "Heartbeat of Spring's triggered mana ability adds {B}" in v.detail


def test_the_verdict_says_you_chose_for_a_click_and_you_wrote_for_typing() -> None:
    from mtgkit.widgets import Exercise, Quiz

    typed = Exercise.for_cases(check_tap_answers, {"a": TapCase(("Forest",))})
    typed.inputs["a"].value = "GG"
    assert typed.check().splitlines()[1] == "✗ a: You wrote {G}{G}: the answer is {G}."
    clicked = Exercise.for_cases(check_tap_answers, {"a": TapCase(("Forest",))}, options=["{G}", "{G}{G}"])
    clicked.inputs["a"].value = "{G}{G}"
    assert clicked.check().splitlines()[1] == "✗ a: You chose {G}{G}: the answer is {G}."
    q = Quiz("Q?", ["yes", "no"], can_quiz(ActivationCase("Llanowar Elves", "this turn", False)))
    q.choice.value = "yes"
    q.check_button.click()
    assert q.verdict.text == "You chose yes: the answer is no."
    assert "<details" not in q.feedback.value or "What the engine did" in q.feedback.value


# ------------------------------------------------------------------------------ item 3: assessment mode
def test_assessment_mode_is_switched_by_the_environment_or_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not assessing()
    monkeypatch.setenv(ASSESSMENT_ENV, "1")
    assert assessing()
    assessment(False)
    assert not assessing()
    assessment(None)
    assert assessing()
    monkeypatch.delenv(ASSESSMENT_ENV)
    assessment()
    assert assessing()


def hides_the_answer(v: Verdict) -> bool:
    return (v.text.endswith(": not right.") and v.why == "" and v.detail == ""
            and "Look again at CR" in v.note and "the answer is" not in v.note)


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda ex: f"{ex.stem}-{ex.cell}")
def test_in_assessment_mode_a_wrong_answer_names_the_misconception_and_the_rule_never_the_answer(
        ex: E.ExerciseAnswers) -> None:
    assessment()
    report = exercise_rows(ex.stem, ex, ex.wrong)
    assert all(v is not None and hides_the_answer(v) for _, v in report.rows), report
    assert "the answer is" not in report and "Why:" not in report and "event " not in report
    right = exercise_rows(ex.stem, ex, ex.right)  # a right answer still gets its reason
    assert right.startswith(f"{len(ex.keys)}/{len(ex.keys)} correct") and "Why:" in right


def test_in_assessment_mode_a_misconception_is_named_with_its_rule() -> None:
    assessment()
    report = check_tap_answers({"a": "{G}{G}{G}{G}"}, {"a": TapCase(("Forest", "Heartbeat of Spring",
                                                                    "Mana Reflection"))})
    (_, v), = report.rows
    assert v is not None and hides_the_answer(v)
    assert "“Mana Reflection doubles triggered mana”" in v.note and "Look again at CR 106.12b" in v.note
    assert "{G}{G}{G}." not in report


def test_in_assessment_mode_quick_questions_practice_and_explorers_hold_the_answer_back() -> None:
    from mtgkit.practice import check_practice, worksheet
    from mtgkit.widgets import Quiz, TapExplorer

    assessment()
    assert hides_the_answer(grade_option("nobody", ["Alice"], "Alice draws (CR 725.2)."))
    assert hides_the_answer(can_quiz(ActivationCase("Llanowar Elves", "this turn", False))("yes"))
    assert hides_the_answer(mana_quiz(CouldCase(("Gaea's Cradle",)), ["{G}", "nothing"])("{G}"))
    q = Quiz("Q?", ["{G}", "nothing"], mana_quiz(CouldCase(("Gaea's Cradle",)), ["{G}", "nothing"]))
    q.choice.value = "{G}"
    q.check_button.click()
    assert "not right" in q.feedback.value and "<details" not in q.feedback.value
    qs = worksheet("tapping", "easy", 2, 0)
    report = check_practice([next(o for o in q.options if o not in q.answers) for q in qs], qs)
    assert report.startswith("0/2 correct") and "the answer is" not in report and "Look again" in report
    w = TapExplorer(alice=["Forest", "Mana Reflection"], bob=[])
    w.prediction.value = "{G}"
    w.check_button.click()
    assert "Look again at CR" in w.result.value and "the engine" not in w.result.value and w.board.value == ""
    w.prediction.value = "{G}{G}"
    w.check_button.click()
    assert "the engine" in w.result.value and w.board.value  # a right prediction shows it all


def test_the_assignment_switches_assessment_mode_on_in_a_locked_cell_and_still_grades() -> None:
    nb, _ = assignment_notebook("04-tapped-for-mana")
    cells = nb["cells"]
    assert cells[1]["source"] == HOW_GRADED and "but not the right answer" in HOW_GRADED
    assert cells[2]["cell_type"] == "code" and cells[2]["source"] == ASSESSMENT_CELL
    assert cells[2]["metadata"]["nbgrader"]["locked"] and not cells[2]["metadata"]["nbgrader"]["grade"]
    exec(compile(ASSESSMENT_CELL, "assessment", "exec"), {})
    assert assessing()
    cases = {"a": TapCase(("Forest",)), "b": TapCase(("Exotic Orchard",), ("Wastes",))}
    assert check_tap_answers({"a": "G", "b": "nothing"}, cases).startswith("2/2 correct")
    wrong = check_tap_answers({"a": "GG", "b": "C"}, cases)
    assert wrong.startswith("0/2 correct") and "the answer is" not in wrong


# ------------------------------------------------------------------------------ item 7: one mana reader
@pytest.mark.parametrize("typed,mana", [
    ("{G}{G}", "{G}{G}"), ("GG", "{G}{G}"), ("G G", "{G}{G}"), ("gg", "{G}{G}"), ("{g}{G}", "{G}{G}"),
    ("G, G", "{G}{G}"), ("G+G", "{G}{G}"), ("{G} G", "{G}{G}"), ("WUBRG", "{W}{U}{B}{R}{G}"),
    ("C", "{C}"), ("gg.", "{G}{G}"), (" {B}{B} ", "{B}{B}"),
])
def test_mana_is_read_one_way_with_or_without_braces_in_any_case(typed: str, mana: str) -> None:
    assert str(read_mana(typed)) == mana
    assert read_types(typed) == Mana.parse(mana).types


@pytest.mark.parametrize("typed", ["nothing", "none", "no mana", "empty", "0", "", "Nothing", "{}"])
def test_no_mana_is_nothing_none_empty_or_zero(typed: str) -> None:
    assert read_mana(typed) == Mana() and read_types(typed) == frozenset()


@pytest.mark.parametrize("typed,hint", [
    ("2G", "a number such as 2 is generic mana in a cost"), ("{2}{G}", "generic mana"),
    ("2", "generic mana"), ("green", "{G} for green"), ("{X}", MANA_GRAMMAR), ("{W/U}", MANA_GRAMMAR),
    ("{GG}", MANA_GRAMMAR), ("GQ", MANA_GRAMMAR), ("{G", MANA_GRAMMAR),
])
def test_an_ambiguous_or_unknown_answer_is_refused_with_a_one_line_hint(typed: str, hint: str) -> None:
    with pytest.raises(Unreadable) as refused:
        read_mana(typed)
    assert hint in str(refused.value) and "\n" not in str(refused.value)
    assert str(refused.value).endswith(f"you wrote {typed!r}")


def bare(mana: str) -> str:
    """{G}{G} written without braces, lower case and spaced: 'g g'."""
    return " ".join(re.findall(r"\{(.)\}", mana)).lower() or "none"


MANA_EXERCISES = [ex for ex in EXERCISES if not ex.choice and ex.stem in (
    "00-start-here", "02-undefined-mana", "03-could-produce", "04-tapped-for-mana")]


@pytest.mark.parametrize("ex", MANA_EXERCISES, ids=lambda ex: f"{ex.stem}-{ex.cell}")
def test_every_mana_exercise_reads_answers_the_same_way(ex: E.ExerciseAnswers) -> None:
    """00, 02 and 04 refused G and GG; 03 took them: now every one takes every form."""
    for form in (bare, lambda m: m.replace("{", "").replace("}", "") or "nothing", str.lower):
        answers = tuple(form(a) for a in ex.right)
        assert exercise_rows(ex.stem, ex, answers).startswith(f"{len(ex.keys)}/{len(ex.keys)} correct")
    refused = exercise_rows(ex.stem, ex, ("2G",) * len(ex.keys))
    assert all(v is not None and "generic mana in a cost" in v.text for _, v in refused.rows)


def test_quizzes_explorer_and_practice_read_mana_with_the_same_reader() -> None:
    from mtgkit.practice import _match, worksheet

    assert mana_quiz(TapCase(("Forest", "Mana Reflection")), ["{G}", "{G}{G}"])("GG").correct
    assert check_could_answers({"a": "wubrg"}, {"a": CouldCase(("Mana Confluence",))}).startswith("1/1")
    walk = tap_walk(["Forest", "Mana Reflection"], [], 0)
    from mtgkit.lessons import tap_check

    assert tap_check(walk, walk.start, "g g").correct
    import re
    pair = re.compile(r"^\{([WUBRGC])\}\{\1\}$")  # an option such as {G}{G}
    q, option = next((q, o) for seed in range(4) for q in worksheet("tapping", "easy", 10, seed)
                     for o in q.options if pair.match(o))
    assert _match(q, (option[1] * 2).lower()) == option


# ------------------------------------------------------------------------------ item 8: explorers
def test_a_card_box_reads_any_case_and_says_did_you_mean_for_a_near_miss() -> None:
    from mtgkit.widgets import TapExplorer

    w = TapExplorer(alice=["Forest"], bob=[])
    w.alice.value = ["Forest", "underground sea", "Forrest"]
    assert w.alice.value == ["Forest", "Underground Sea"]
    assert "did you mean Forest?" in w.cards_said.value
    assert [o.split(" (#")[0] for o, _ in w.source.options] == ["Forest", "Underground Sea"]
    w.bob.value = ["Black Lotus"]
    assert w.bob.value == [] and "the cards you can add are listed" in w.cards_said.value
    assert "Enter" in w.children[0].value and "Exotic Orchard" in w.children[0].value


def test_the_activation_explorers_board_shows_the_permanent_and_says_why_the_rest_is_there() -> None:
    from mtgkit.widgets import ActivationExplorer

    g, ref = ActivationCase("Llanowar Elves", "last turn", False).game()  # the setup, as the words say
    assert [o.name for o in g.permanents("Alice")].count("Plains") == 3
    assert all(o.tapped for o in g.permanents("Alice") if o.name == "Plains")
    assert str(g.pool("Alice")) == "{W}{W}{W}" and [c.name for c in g.zone("Alice", "graveyard")] == \
        ["Grizzly Bears"]
    assert g.board().player("Alice").library == LIBRARY and f"holds {LIBRARY} cards" in ACTIVATION_SETUP
    w = ActivationExplorer()
    w.prediction.value = "can activate"
    w.check_button.click()
    text = re.sub(r"<[^>]+>", " ", w.board.value.split("</style>", 1)[1])
    first = text.split("The board afterwards, all of it")[0]
    assert "Llanowar Elves afterwards" in first and "Plains" not in first and "Grizzly" not in first
    assert "{W}{W}{W}{G}" in first and "{G} came from Llanowar Elves" in first
    assert "three Plains for {W}{W}{W}" in text and "Order of Whiteclay to return" in text
    assert "<details><summary>The board afterwards, all of it</summary>" in w.board.value


def test_the_clone_column_asks_about_the_copy_and_says_which_permanent_alice_keeps() -> None:
    from mtgkit.widgets import XValueExplorer

    w = XValueExplorer("The Goose Mother", 3)
    cast, clone, _ = w.paths
    assert clone.tokens.description == "tokens the copy creates"
    assert cast.tokens.description == "tokens it creates"
    assert "about the copy: the original and the tokens it made don" in clone.children[0].value
    for r in x_paths("The Goose Mother", 3, "copied by Clone"):
        copy = next(e.obj_id for e in r.events if isinstance(e, Entered) and e.copy_of is not None)
        kept = next(e for e in r.events if isinstance(e, ChoiceMade) and e.question == "legend rule")
        said = x_choices(r)
        assert said.startswith("Alice keeps the copy" if str(kept.answer).endswith(f"#{copy}")
                               else "Alice keeps the original"), said
        assert r.survived is said.startswith("Alice keeps the copy")
    clone.counters.value, clone.tokens.value, clone.where.value = "0", "0", "on the battlefield"
    w.check(1)
    assert "keeps the copy" in clone.result.value and "tokens the copy created" in clone.result.value


def test_practice_folds_the_engines_events_away_as_every_feedback_does() -> None:
    from mtgkit.widgets import PracticeWidget

    w = PracticeWidget("tapping", "easy", seed=3)
    q = w.question
    assert q is not None
    w.choice.value = next(o for o in q.options if o not in q.answers)
    w.check_button.click()
    shown, folded = w.feedback.value.split('<details class="under">', 1)
    assert "Why:" in shown and "event " not in shown and "the answer is" in shown
    assert shown.count("This looks like") <= 1 and shown.count('<div class="row">') == 1
    assert folded.startswith("<summary>What the engine did") and "event " in folded
