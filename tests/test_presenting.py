"""Every question, wherever it is shown, shows its board, its numbered steps, each card's Oracle
text as a list, its stem and its options (:mod:`mtgkit.presenting`); a wrong answer's feedback
is one verdict line, one misconception, one reason with its rule as a link, formatted (issue 28)."""

from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest

from mtgkit.cards import CATALOG as CARDS
from mtgkit.crlinks import BASE_URL
from mtgkit.grading import answered_by
from mtgkit.lessons import ActivationCase, can_quiz
from mtgkit.misconceptions import CATALOG
from mtgkit.practice import STREAMS, Question, grade, practice_verdict, render_worksheet, worksheet
from mtgkit.presenting import (
    best_misconception,
    cards_of,
    example_text,
    misconception_feedback,
    question_html,
    question_markdown,
    question_text,
)
from mtgkit.widgets import ActivationExplorer, Exercise, PracticeWidget, Quiz, TimelineStepper, XValueExplorer
from mtgkit.widgets.base import KIT_CSS
from mtgkit.widgets.parts import OptionList


def shown(markup: str) -> str:
    """The text a learner reads in HTML (styles and tags removed, entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<style>.*?</style>", "", markup, flags=re.S)))


def hard_questions() -> list[Question]:
    """Two hard questions of every stream (the capstones too): most have steps."""
    return [q for stream in STREAMS for q in worksheet(stream, "hard", 2, seed=3)]


QUESTIONS = hard_questions()


def test_most_hard_questions_have_steps_and_cards() -> None:
    assert sum(bool(q.steps) for q in QUESTIONS) >= len(QUESTIONS) // 2
    assert all(cards_of(q) for q in QUESTIONS)


@pytest.mark.parametrize("q", QUESTIONS, ids=lambda q: f"{q.topic}-{q.number}")
def test_every_view_shows_board_numbered_steps_cards_stem_and_options(q: Question) -> None:
    cards = cards_of(q)
    views = {"text": question_text(q), "markdown": question_markdown(q),
             "html": shown(question_html(q, options=True))}
    for view, text in views.items():
        assert q.board.rstrip(".") in text, view
        at = -1
        for step in q.steps:  # every step, in order (numbered in text and markdown, a list in HTML)
            found = text.find(step, at + 1)
            assert found > at, (view, step)
            at = found
        for c in cards:  # every card once, with its whole text
            assert text.count(c.name) >= 1 and (not c.text or c.text in text), (view, c.name)
        assert q.prompt in text and all(o in text for o in q.options), view
    for i, step in enumerate(q.steps, 1):
        assert f"  {i}. {step}" in views["text"] and f"\n{i}. {step}" in views["markdown"]
    markup = question_html(q)
    assert markup.count('<li class="card">') == len(cards)  # one card an item, never one paragraph
    assert markup.count("<li>") == len(q.steps) and ('<ol class="steps">' in markup) == bool(q.steps)


def test_cards_are_each_listed_with_cost_type_and_text() -> None:
    q = next(q for q in QUESTIONS if q.topic == "capstones")
    assert "The cards:" not in q.board  # the board is the set-up; the cards are their own list
    names = [c.name for c in cards_of(q)]
    assert names == list(q.situation.cards)  # type: ignore[attr-defined]
    for c in cards_of(q):
        card = CARDS[c.name]
        assert c.type_line.startswith(card.type_line) and c.text == (card.text or "")
        assert c.line() in question_text(q)


def test_worksheets_show_steps_and_cards() -> None:
    qs = worksheet("could-produce", "hard", 3, seed=1)
    sheet = render_worksheet(qs)
    for q in qs:
        assert question_markdown(q) in sheet
        assert all(f"{i}. {s}" in sheet for i, s in enumerate(q.steps, 1))


def test_the_practice_widget_shows_the_steps_and_cards_of_its_question() -> None:
    w = PracticeWidget("could-produce", "hard", seed=1)
    q = w.question
    assert q is not None and q.steps
    text = shown(w.prompt.value)
    assert all(s in text for s in q.steps) and all(c.text in text for c in cards_of(q) if c.text)
    assert isinstance(w.choice, OptionList) and [b.description for b in w.choice.buttons] == list(q.options)


def test_exercise_for_practice_shows_every_question_and_says_them_in_plain_text() -> None:
    qs = worksheet("tapping", "hard", 3, seed=8)
    ex = Exercise.for_practice(qs, title="Exercise 2")
    labels = "".join(c.value for c in ex.children if isinstance(c, W.HTML))
    for q in qs:
        assert question_html(q) in labels and isinstance(ex.inputs[str(q.number)], OptionList)
    plain = ex._repr_mimebundle_()["text/plain"]
    assert plain.startswith("Exercise widget (Exercise 2): run this cell to use it.")
    assert all(question_text(q) in plain for q in qs)


# ------------------------------------------------------------------------------------ feedback
def wrong(q: Question) -> str:
    return next(o for o in q.options if o not in q.answers)


def one_verdict(markup: str) -> None:
    """One ✓/✗ line, at most one misconception, one "Why" with a CR link, no literal markdown."""
    text = shown(markup)
    assert markup.count('<div class="row">') == 1, text
    assert text.count("This looks like") <= 1 and text.count("Why:") <= 1, text
    assert "*" not in text and ".." not in text.replace("...", ""), text
    assert f'href="{BASE_URL}#R' in markup


def test_the_pili_pala_quiz_names_one_misconception_with_its_words_formatted() -> None:
    quiz = Quiz("Can she activate it?", ["yes", "no"],
                can_quiz(ActivationCase("Pili-Pala", "this turn", True)))
    quiz.choice.value = "yes"
    quiz.check_button.click()
    one_verdict(quiz.feedback.value)
    assert "<em>or</em>" in quiz.feedback.value and "summoning sickness only stops {T}" in quiz.feedback.value


@pytest.mark.parametrize("stream", STREAMS)
def test_practice_and_exercise_feedback_is_one_verdict_one_misconception_one_why(stream: str) -> None:
    w = PracticeWidget(stream, "hard", seed=5)
    for _ in range(3):
        q = w.question
        assert q is not None
        w.choice.value = wrong(q)
        w.check_button.click()
        one_verdict(w.feedback.value)
        ex = Exercise.for_practice([q])
        ex.inputs[str(q.number)].value = wrong(q)
        ex.check()
        one_verdict(ex.feedback.value)
        fb = grade(q, wrong(q))
        assert fb.message.count("This looks like") <= 1 and ".." not in fb.message.replace("...", "")
        w.next_button.click()


def test_an_example_board_is_shown_only_when_it_is_another_board_and_with_its_steps() -> None:
    stepped = [m for m in CATALOG.values() if m.example.steps()]
    assert stepped
    for m in stepped:
        said = example_text(m)
        assert all(f"{i}. " in said for i in range(1, len(m.example.steps()) + 1)), m.name
        assert ".." not in said
    m = stepped[0]
    own = Question("x", "hard", 0, 1, m.example.describe(), m.ask, ("a", "b"), ("a",), "", m.example,
                   steps=m.example.steps())
    assert example_text(m, own) == "" and "Smallest board" not in misconception_feedback(m.name, own)


def test_the_best_misconception_is_one_held_alone_and_about_the_questions_rule() -> None:
    a, b = [m for m in CATALOG.values() if m.topic == "tapping"][:2]
    assert best_misconception([f"{a.name} + {b.name}", b.name]) == b.name
    other = next(m for m in CATALOG.values() if m.rule != a.rule)
    assert best_misconception([other.name, a.name], (a.rule,)) == a.name
    assert best_misconception([]) is None


def test_a_practice_verdict_carries_one_misconception_line() -> None:
    q = next(q for q in worksheet("tapping", "easy", 10, seed=1) if q.kind == "choice")
    with answered_by("chose"):
        v = practice_verdict(q, wrong(q))
    assert v.note.count("This looks like") == 1 and v.why and "What the engine did" not in v.why


def test_an_explorers_wrong_prediction_is_one_verdict() -> None:
    w = ActivationExplorer(card="Llanowar Elves")
    w.arrived.value = "this turn"
    w.prediction.value = "can activate"
    w.check_button.click()
    text = shown(w.result.value)
    assert text.count("Not quite") == 1 and text.count("Why:") == 1 and "*" not in text


# ------------------------------------------------------------------------------------ looks
def luminance(hex_color: str) -> float:
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_chosen_toggle_stands_out_3_to_1_and_no_text_is_small() -> None:
    chosen = re.search(r"mod-active:not\(\.mod-primary\)\{background:(#[0-9a-f]{6});color:(#[0-9a-f]{3,6})",
                       KIT_CSS)
    assert chosen is not None
    unchosen = "#eeeeee"  # JupyterLab's --jp-layout-color2, an unpressed button's background
    assert contrast(chosen.group(1), unchosen) >= 3.0
    assert contrast(chosen.group(1), "#ffffff") >= 4.5  # its words
    assert ".mtgkit-widget small{font-size:inherit}" in KIT_CSS


def test_the_stepper_disables_its_ends() -> None:
    from mtgkit import Game

    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Forest", "Alice"))
    s = TimelineStepper(g, start=0)
    assert s.back_button.disabled and not s.next_button.disabled
    s.next_button.click()
    assert not s.back_button.disabled
    s.slider.value = s.slider.max
    assert s.next_button.disabled and not s.back_button.disabled


def test_the_x_explorer_stacks_its_three_ways_full_width() -> None:
    w = XValueExplorer()
    column = w.children[1]
    assert isinstance(column, W.VBox) and column.children == tuple(w.paths)
    assert all(p.layout.width == "100%" for p in w.paths)
