"""The practice widget: a question from :mod:`mtgkit.practice`, answer buttons, feedback,
score and "next"."""

from __future__ import annotations

import html
import itertools

import ipywidgets as W

from ..practice import LEVELS, TOPICS, Question, grade, questions


class PracticeWidget(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Endless practice on one topic; the same seed gives the same questions."""

    def __init__(self, topic: str = "could-produce", level: str = "easy", seed: int = 0) -> None:
        self.topic = W.Dropdown(options=list(TOPICS), value=topic, description="topic")
        self.level = W.ToggleButtons(options=list(LEVELS), value=level, description="level")
        self.seed = W.IntText(value=seed, description="seed", layout=W.Layout(width="160px"))
        self.board = W.HTML()
        self.prompt = W.HTML()
        self.choice = W.RadioButtons(options=[], layout=W.Layout(width="max-content"))
        self.check_button = W.Button(description="Check", button_style="primary")
        self.next_button = W.Button(description="Next question")
        self.feedback = W.HTML()
        self.score = W.HTML()
        self.check_button.on_click(self._check)
        self.next_button.on_click(lambda _: self._next())
        for w in (self.topic, self.level, self.seed):
            w.observe(lambda _: self.restart(), names="value")
        super().__init__([W.HBox([self.topic, self.level, self.seed]), self.board, self.prompt,
                          self.choice, W.HBox([self.check_button, self.next_button]),
                          self.feedback, self.score])
        self.restart()

    def restart(self) -> None:
        self._stream = questions(self.topic.value, self.level.value, self.seed.value)
        self.right = self.answered = 0
        self._next()

    def _next(self) -> None:
        self.question: Question | None = next(itertools.islice(self._stream, 1), None)
        self._graded = False
        if self.question is None:
            self.prompt.value = "<b>No more new questions on this topic and level: try another seed.</b>"
            self.board.value, self.choice.options = "", []
            self._score()
            return
        q = self.question
        self.board.value = f"<i>Board:</i> {html.escape(q.board)}"
        self.prompt.value = f"<b>Question {q.number}.</b> {html.escape(q.prompt)}"
        self.choice.options = list(q.options)
        self.choice.value = None
        self.feedback.value = "<i>Pick an answer, then press Check.</i>"
        self._score()

    def _check(self, _: object = None) -> None:
        if self.question is None or self.choice.value is None:
            self.feedback.value = "<i>Pick an answer first.</i>"
            return
        fb = grade(self.question, self.choice.value)
        if not self._graded:
            self.answered += 1
            self.right += fb.correct
            self._graded = True
        mark = "✓" if fb.correct else "✗"
        self.feedback.value = f"<b>{mark}</b> <pre>{html.escape(fb.message)}</pre>"
        self._score()

    def _score(self) -> None:
        self.score.value = f"Score: {self.right} / {self.answered}"
