"""The browser tier's expectations (tests/browser/expected.py) against the engine, without a
browser: the solution files and the derived wrong answers are graded as the tier expects, and
every quick question and explorer situation in the tables gives the table's verdict and rule
when tried in Python."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from mtgkit.course import NOTEBOOKS
from mtgkit.lessons import X_PATHS
from mtgkit.practice import questions

from . import expected as E

STEMS = [stem for stem, _ in NOTEBOOKS]


def text_of(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<style>.*?</style>", "", value, flags=re.S)))


@pytest.mark.parametrize("stem", STEMS)
def test_exercise_answers_are_graded_as_expected(stem: str) -> None:
    found = E.exercises(stem)
    assert found, f"{stem}: no exercise found"
    for ex in found:
        _, widget = E.run_cells(stem, ex.cell)
        assert tuple(widget.inputs) == ex.keys, f"{stem}: the solution's questions are the widget's"
        for answers, n in ((ex.right, len(ex.keys)), (ex.wrong, 0)):
            for key, answer in zip(ex.keys, answers, strict=True):
                widget.inputs[key].value = answer
            first = widget.check().splitlines()[0]
            assert first == f"{n}/{len(ex.keys)} correct", (stem, ex.cell, answers, first)


@pytest.mark.parametrize("stem", STEMS)
def test_quiz_table_agrees_with_the_engine(stem: str) -> None:
    quiz_cells = [i for i, c in enumerate(E.cells(stem))
                  if c["cell_type"] == "code" and "Quiz(" in c["source"]]
    table = E.QUIZZES[stem]
    assert len(table) == len(quiz_cells), f"{stem}: every quick question has a row in QUIZZES"
    for row in table:
        _, quiz = E.run_cells(stem, E.cell_index(stem, row.cell))
        for option, right in ((row.wrong, False), (row.right, True)):
            quiz.choice.value = option
            quiz.check_button.click()
            shown = text_of(quiz.feedback.value.split("<details")[0])  # what shows before a click
            assert shown.startswith(row.starts(right)), (stem, row, shown)
            assert "Why:" in shown and not re.search(r"event \d+:", shown), (stem, row, shown)  # folded
        assert row.rule in shown, (stem, row, shown)


def explore(widget: Any, e: E.Explore, prediction: tuple[str, ...]) -> str:
    """Set the situation and the prediction on the explorer in Python, press its Check, and
    return the text it shows (the verdict and the reason)."""
    s = e.setup
    if e.kind == "activation":
        for key, attr in (("permanent", "card"), ("arrived", "arrived"), ("Mass Hysteria", "hysteria"),
                          ("can Alice", "question")):
            if key in s:
                getattr(widget, attr).value = s[key]
        widget.prediction.value = prediction[0]
        widget.check_button.click()
        return text_of(widget.result.value)
    if e.kind in ("tap", "could"):
        if "add Alice" in s:
            widget.alice.value = [*widget.alice.value, s["add Alice"]]
        if "add Bob" in s:
            widget.bob.value = [*widget.bob.value, s["add Bob"]]
    if e.kind == "tap":
        if "order" in s:
            widget.choices.controls[0].value = tuple(s["order"])
        if "choose" in s:
            picker = widget.choices.controls[0]
            picker.value = next(v for label, v in picker.options if label == s["choose"])
        widget.prediction.value = prediction[0]
        widget.check_button.click()
        return text_of(widget.result.value)
    if e.kind == "could":
        for symbol in re.findall(r"\{(.)\}", prediction[0]):
            widget.types[symbol].value = True
        widget.nothing.value = prediction[0] == "nothing"
        widget.check_button.click()
        return text_of(widget.result.value + widget.why.value)
    if e.kind == "x":
        i = X_PATHS.index(s["path"])
        panel = widget.paths[i]
        panel.counters.value, panel.tokens.value, panel.where.value = prediction
        widget.check(i)
        return text_of(panel.result.value)
    assert e.kind == "combat", e.kind
    if "protectors" in s:
        widget.protectors.value = s["protectors"]
    widget.monarch.value, widget.life.value = prediction
    widget.check_button.click()
    return text_of(widget.result.value)


@pytest.mark.parametrize("stem", STEMS)
def test_explorer_table_agrees_with_the_engine(stem: str) -> None:
    explorer_cells = {i for i, c in enumerate(E.cells(stem)) if c["cell_type"] == "code"
                      and re.search(r"^\w+Explorer\(", c["source"], re.M)}
    table = E.EXPLORERS[stem]
    assert {E.cell_index(stem, e.cell) for e in table} == explorer_cells, \
        f"{stem}: every explorer has a row in EXPLORERS"
    for e in table:
        for prediction, mark in ((e.right, "✓ You predicted right."), (e.wrong, "✗ Not quite.")):
            _, widget = E.run_cells(stem, E.cell_index(stem, e.cell))  # a fresh explorer each time
            shown = explore(widget, e, prediction)
            assert shown.lstrip().startswith(mark), (stem, e, prediction, shown[:300])
            if mark.startswith("✓"):
                assert e.rule in shown, (stem, e, shown)


def test_practice_steps_have_right_and_wrong_options() -> None:
    topics, levels = set(), set()
    for step in E.PRACTICE:
        topics.add(step.topic)
        levels.add(step.level)
        stream = questions(step.topic, step.level, E.PRACTICE_SEED)
        q = next(x for i, x in enumerate(stream) if i == step.next)
        assert q.answers and any(o not in q.answers for o in q.options), (step, q.options, q.answers)
    assert topics == {"could-produce", "tapping", "x-values", "tap-untap", "monarch"}
    assert levels == {"easy", "hard"}
