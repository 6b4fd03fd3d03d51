"""The practice widget: a question from :mod:`mtgkit.practice`, answer buttons, feedback,
score, "next", and a score export (CSV) a teacher can collect.

Each question gets its own fresh set of answer buttons, so the options shown are always the
question's own and the answer checked is always the one shown."""

from __future__ import annotations

import base64
import csv
import io
import itertools
import re
from pathlib import Path

import ipywidgets as W
from IPython.display import Markdown

from ..capstones import Capstone, load_folder
from ..grading import answered_by, plural
from ..practice import LEVELS, STREAMS, Question, grade, hand_written, practice_verdict, questions, set_name
from ..presenting import question_html
from ..topics.base import Level
from .base import KitWidget
from .parts import OptionList, out, verdict_html_row

#: The columns of :meth:`PracticeWidget.score_csv`.
CSV_COLUMNS = ("student", "topic", "level", "seed", "question", "answer", "correct", "first_try",
               "right_answers", "misconceptions")


def shown_in_notebook(markdown: str, level: int = 3) -> Markdown:
    """A markdown document (a worksheet from :func:`~mtgkit.practice.render_worksheet`) to show
    in a notebook: its headings moved down so the first is a level-``level`` heading, smaller
    than the notebook's own title and sections and in order after them.

    >>> shown_in_notebook("# Title\\n## 1. A question\\n#12 is no heading").data.splitlines()
    ['### Title', '#### 1. A question', '#12 is no heading']
    """
    heads = [len(m.group(1)) for m in re.finditer(r"^(#{1,6}) ", markdown, re.M)]
    shift = level - min(heads) if heads else 0
    moved = re.sub(r"^(#{1,6}) ", lambda m: "#" * min(6, len(m.group(1)) + shift) + " ", markdown, flags=re.M)
    return Markdown(moved)  # type: ignore[no-untyped-call]  # IPython.display is untyped


class PracticeWidget(KitWidget):
    """Practice on one topic; the same seed gives the same questions.

    ``folder``: a teacher's question set as well (every question file under it, checked by the
    engine when the widget is made: :func:`mtgkit.practice.questions_from`; a folder with a problem
    is refused in one line), offered in the topic list by its name (:func:`~mtgkit.practice.set_name`)
    and chosen unless ``topic`` says otherwise."""

    what = "Practice questions"

    def __init__(self, topic: str | None = None, level: str = "easy", seed: int = 0, *,
                 folder: str | Path | None = None) -> None:
        streams = list(STREAMS)
        self.own: tuple[str, tuple[Capstone, ...]] | None = None
        if folder is not None:
            self.own = (set_name(folder), load_folder(folder))  # loaded and checked once
            streams.append(self.own[0])
            topic = self.own[0] if topic is None else topic
        self.topic = W.Dropdown(options=streams, value="could-produce" if topic is None else topic,
                                description="topic")
        self.level = W.ToggleButtons(options=list(LEVELS), value=level, description="level")
        self.seed = W.IntText(value=seed, description="seed", layout=W.Layout(width="160px"))
        self.student = W.Text(value="", description="name", placeholder="your name",
                              layout=W.Layout(width="220px"))
        self.prompt = W.HTML()  # the question: board, steps, cards and stem (mtgkit.presenting)
        self.board = self.prompt
        self.choice = self._buttons([])
        self.check_button = W.Button(description="Check", button_style="primary")
        self.next_button = W.Button(description="Next question")
        self.export_button = W.Button(description="Export score (CSV)")
        self.feedback = W.HTML()
        self.score = W.HTML()
        self.export = W.HTML()
        self.check_button.on_click(self._check)
        self.next_button.on_click(lambda _: self._next())
        self.export_button.on_click(lambda _: self._export())
        for w in (self.topic, self.level, self.seed):
            w.observe(lambda _: self.restart(), names="value")
        self.rows: list[dict[str, str]] = []
        self._answer_box = W.Box([self.choice])
        top = W.HBox([self.topic, self.level, self.seed, self.student],  # wraps at 1024 px
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([top,
                          self.prompt, self._answer_box,
                          W.HBox([self.check_button, self.next_button, self.export_button]),
                          self.feedback, self.score, self.export])
        self.restart()

    @staticmethod
    def _buttons(options: list[str]) -> OptionList:
        return OptionList(options)

    def restart(self) -> None:
        """A new stream for the chosen topic, level and seed; the session score starts again."""
        if self.own is not None and self.topic.value == self.own[0]:
            name, caps = self.own
            level: Level = "easy" if self.level.value == "easy" else "hard"
            self._stream = hand_written(caps, name, level, self.seed.value)
        else:
            self._stream = questions(self.topic.value, self.level.value, self.seed.value)
        self.right = self.answered = 0
        self._next()

    def _next(self) -> None:
        try:
            q: Question | None = next(itertools.islice(self._stream, 1), None)
        except Exception as err:  # noqa: BLE001 - say so in the widget instead of failing silently
            self._show(None, f"<b>Couldn't make another question on this topic and seed "
                             f"({type(err).__name__}). Choose another seed.</b>")
            return
        self._show(q, "<b>No more new questions on this topic and level: try another seed.</b>")

    def _show(self, q: Question | None, empty: str) -> None:
        """Show ``q`` with brand-new answer buttons (or ``empty`` when there is none)."""
        self.question = q
        self._graded = False
        self.choice = self._buttons(list(q.options) if q is not None else [])
        self._answer_box.children = (self.choice,)
        if q is None:
            self.prompt.value = out(empty)
            self.feedback.value = ""
        else:
            self.prompt.value = out(question_html(q))
            self.feedback.value = out("<i>Pick an answer, then press Check.</i>")
        self._score()

    def _check(self, _: object = None) -> None:
        q = self.question
        if q is None or self.choice.value is None:
            self.feedback.value = out("<i>Pick an answer first.</i>")
            return
        answer = str(self.choice.value)
        fb = grade(q, answer)
        first = not self._graded
        if first:
            self.answered += 1
            self.right += fb.correct
            self._graded = True
        self.rows.append({
            "student": self.student.value.strip(), "topic": q.topic, "level": q.level, "seed": str(q.seed),
            "question": str(q.number), "answer": answer, "correct": "yes" if fb.correct else "no",
            "first_try": "yes" if first else "no", "right_answers": " | ".join(q.answers),
            "misconceptions": " | ".join(fb.misconceptions)})
        with answered_by("chose"):
            verdict = practice_verdict(q, answer)
        # one verdict line, the misconception, one reason with its rule, the events folded away
        self.feedback.value = out(verdict_html_row(verdict))
        self._score()

    def _score(self) -> None:
        self.score.value = f"Score: {self.right} / {self.answered}"

    def score_csv(self) -> str:
        """Every answer checked in this session, one row each (first tries count for the score).
        Rows checked before the learner typed a name carry the name given by export time."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        name = self.student.value.strip()
        writer.writerows({**row, "student": row["student"] or name} for row in self.rows)
        return out.getvalue()

    def _export(self) -> None:
        text = self.score_csv()
        data = base64.b64encode(text.encode()).decode()
        who = re.sub(r"[^\w-]+", "-", self.student.value.strip()).strip("-") or "practice"
        self.export.value = (f'<a download="{who}-score.csv" href="data:text/csv;base64,{data}">'
                             f"Download {who}-score.csv</a> ({plural(len(self.rows), 'answer')}; "
                             f"score {self.right} / {self.answered})")
