"""Exercises answered in widgets: a text box or a choice per question and a *Check* button,
graded by the very checker functions of the Python route (``check_tap_answers(answers, cases)``
and the rest), so the feedback is the same either way, but for its voice: "You chose" for an
answer picked among options, "You wrote" for one typed. The feedback is shown in the widget,
each question's events folded away.

>>> from mtgkit.grading import answered_by
>>> from mtgkit.lessons import ActivationCase, check_activation_answers
>>> cases = {"a": ActivationCase("Llanowar Elves", "this turn", False)}
>>> ex = Exercise.for_cases(check_activation_answers, cases)
>>> ex.inputs["a"].value = "no"
>>> with answered_by("chose"):
...     ex.check() == check_activation_answers({"a": "no"}, cases)
True
>>> ex.check().splitlines()[1]
'✓ a: You chose no: right.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from ..crlinks import link_rules
from ..grading import answered_by
from ..lessons import (
    Case,
    answer_key,
    check_activation_answers,
    check_could_answers,
    check_draw_race,
    check_name_answers,
    check_number_answers,
    check_tap_answers,
)
from ..practice import Question, check_practice
from ..presenting import question_html, question_text
from .base import KitWidget, on_enter
from .parts import OptionList, button, label, out, report_html

#: What to answer with, per checker: the options of a choice (``None``: a text box) and the
#: text box's hint.
HINTS: dict[Callable[..., str], tuple[tuple[str, ...] | None, str]] = {
    check_activation_answers: (("yes", "no"), ""),
    check_tap_answers: (None, "mana, e.g. {B}{B}, BB or nothing"),
    check_could_answers: (None, "types, e.g. {G}{C}, GC or nothing"),
    check_number_answers: (None, "a whole number, e.g. 2"),
    check_name_answers: (("Alice", "Bob"), ""),
}

#: The two questions of :meth:`Exercise.draw_race`, in the order ``check_draw_race`` takes them.
DRAW_RACE = ("with Bob's Custodi Lich entering first", "without it")

ASK = "<i>Answer the questions, then press Check.</i>"


class Exercise(KitWidget):
    """A set of questions, one row each: the prompt and a text box (or, with ``options``, a
    choice). *Check* grades every answer with ``grade(answers)``: the exercise's checker, given
    ``{key: answer}`` with ``None`` for a question not answered yet, exactly as in Python.

    ``questions`` maps each key (the name the checker reports it under) to its prompt;
    ``options`` is one list of options for every question or a mapping per key.
    Attributes: ``inputs`` (key -> the answer widget), ``check_button``, ``feedback`` (HTML).
    """

    def __init__(self, questions: Mapping[str, str], grade: Callable[[dict[str, object]], str], *,
                 options: Sequence[str] | Mapping[str, Sequence[str]] | None = None,
                 placeholder: str = "", title: str = "", shown: Mapping[str, str] | None = None,
                 plain: str = "") -> None:
        # ``shown``: a question's own HTML in place of "key: prompt" (a practice question's board,
        # steps, cards and stem); ``plain``: the questions in plain text, for the widget's text form
        self.grade = grade
        self.inputs: dict[str, W.Widget] = {}
        rows: list[W.Widget] = [label(f"<b>{link_rules(title)}</b>")] if title else []
        for key, prompt in questions.items():
            choices = options.get(key) if isinstance(options, Mapping) else options
            if choices:
                box: W.Widget = OptionList(choices)
            else:
                box = W.Text(value="", placeholder=placeholder,
                             layout=W.Layout(width="auto", min_width="16em", max_width="100%"))
            box.observe(lambda _: self._changed(), names="value")
            if isinstance(box, W.Text):
                on_enter(box, self.check)
            self.inputs[key] = box
            said = link_rules(prompt).replace("\n", "<br>")
            text = (shown or {}).get(key) or (f"<b>{link_rules(key)}</b>" + (f": {said}" if prompt else ""))
            rows += [label(text), box]
        self.check_button = button("Check", primary=True)
        self.feedback = W.HTML(out(ASK))
        self.report = ""
        self.check_button.on_click(lambda _: self.check())
        super().__init__(rows + [self.check_button, self.feedback],
                         what=f"Exercise widget ({title})" if title else "Exercise widget")
        if plain:  # a saved notebook's reader (the website, a notebook not yet run) sees the questions
            self.plain = f"{self.plain}\n\n{plain}"

    @classmethod
    def for_cases(cls, check: Callable[[Mapping[str, object], Any], str], cases: Mapping[str, Any], *,
                  prompts: Mapping[str, str] | None = None,
                  options: Sequence[str] | Mapping[str, Sequence[str]] | None = None,
                  placeholder: str | None = None, title: str = "") -> Exercise:
        """An exercise on named cases graded by one of the lessons' checkers, e.g.
        ``Exercise.for_cases(check_tap_answers, cases)``; the answer boxes suit the checker
        (yes/no for activations, a name for the monarch, a text box for mana and numbers)."""
        default_options, hint = HINTS.get(check, (None, ""))
        for case in cases.values():  # the engine works each answer out now, not on the first Check
            if isinstance(case, Case):
                answer_key(case)
        return cls({k: (prompts or {}).get(k, "") for k in cases}, lambda answers: check(answers, cases),
                   options=options if options is not None else default_options,
                   placeholder=hint if placeholder is None else placeholder, title=title)

    @classmethod
    def for_practice(cls, questions: Sequence[Question], title: str = "") -> Exercise:
        """Practice questions (:mod:`mtgkit.practice`), each with its options, graded by
        :func:`~mtgkit.practice.check_practice`."""
        qs = list(questions)
        keys = [str(q.number) for q in qs]

        def grade(answers: dict[str, object]) -> str:
            return check_practice([answers.get(k) for k in keys], qs)
        prompts = {k: q.prompt for k, q in zip(keys, qs, strict=True)}
        # every view of a question is mtgkit.presenting's: board, numbered steps, cards, stem
        return cls(prompts, grade, options={k: q.options for k, q in zip(keys, qs, strict=True)},
                   title=title, shown={k: question_html(q) for k, q in zip(keys, qs, strict=True)},
                   plain="\n\n".join(question_text(q) for q in qs))

    @classmethod
    def draw_race(cls, title: str = "") -> Exercise:
        """Who draws from the monarch's end-step trigger, with and without Bob's Custodi Lich
        entering while it waits (graded by :func:`~mtgkit.lessons.check_draw_race`)."""
        def grade(answers: dict[str, object]) -> str:
            return check_draw_race(*(answers.get(k) for k in DRAW_RACE))
        return cls(dict.fromkeys(DRAW_RACE, "who draws the card?"), grade,
                   options=("Alice", "Bob", "nobody"), title=title)

    @property
    def answers(self) -> dict[str, object]:
        """The answers as the Python route writes them: ``{key: answer}``, ``None`` if empty."""
        found: dict[str, object] = {}
        for key, box in self.inputs.items():
            value = box.value
            found[key] = None if value is None or (isinstance(value, str) and not value.strip()) else value
        return found

    def _changed(self) -> None:
        if self.report:
            self.report = ""
            self.feedback.value = out(ASK)

    def check(self) -> str:
        """Grade the answers, show the feedback in the widget and return it (the same text the
        checker gives in Python)."""
        clicked = any(not isinstance(box, W.Text) for box in self.inputs.values())
        with answered_by("chose" if clicked else "wrote"):
            report = self.grade(self.answers)
        self.report = report
        self.feedback.value = out(report_html(report))
        return report
