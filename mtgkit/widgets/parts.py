"""Parts every predict-then-check widget shares: readable layout, the learner's own choices
(a dropdown per choice, an order they can rearrange), and the verdict shown next to the
prediction.

Readability: every text size is in em (it scales with the page and with browser zoom),
descriptions get the width they need (ipywidgets otherwise cuts them at a fixed width with an
ellipsis), buttons and toggle buttons are as wide as their words, and long text wraps between
words instead of running off the side."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as W
import traitlets

from ..board import Board
from ..crlinks import link_rules
from ..events import Event
from ..grading import Report, Verdict, assessing, look_again
from ..lessons import Check, ChoiceWalk
from ..outcomes import Answer, ChoicePoint
from ..presenting import inline_html
from .board import board_html
from .stepper import events_table

#: Styles for the HTML the widgets write: sizes in em, text that wraps between words. The last
#: rule is for slides (jupyterlab-slideshow, the ``slides`` extra): its deck hides each output's
#: prompt but not the "collapse output" overlay JupyterLab 4 lays over the prompt, which then
#: covers the left of every output and takes the clicks meant for radio buttons and *Check*.
CSS = ("<style>.mtgkit-out{line-height:1.45;font-size:1em;word-break:normal;overflow-wrap:break-word}"
       ".mtgkit-out .text{white-space:pre-wrap;word-break:normal;overflow-wrap:break-word;margin:0.3em 0}"
       ".mtgkit-out table{border-collapse:collapse;margin:0.3em 0}"
       ".mtgkit-out td,.mtgkit-out th{padding:0.15em 0.6em;border-top:1px solid #ddd;"
       "vertical-align:top;text-align:left}"
       ".mtgkit-out .right{color:#1b6e20}.mtgkit-out .wrong{color:#a52714}"
       ".mtgkit-out .row{margin:0.45em 0 0.2em}.mtgkit-out .under{margin:0.1em 0 0.1em 1.4em}"
       ".mtgkit-out details.under summary{cursor:pointer}"
       ".jp-Deck .jp-OutputArea-promptOverlay{display:none}</style>")

#: What a predict-then-check widget says before the learner has predicted.
PROMPT = "<i>Predict, then press Check.</i>"


def text_html(text: str) -> str:
    """Plain text for reading (its line breaks and indents kept, wrapped between words), with
    every CR number a link."""
    return f'<div class="text">{link_rules(text)}</div>'


def out(body: str) -> str:
    """``body`` (HTML) in the widgets' readable style."""
    return f'{CSS}<div class="mtgkit-out">{body}</div>'


def style(**extra: str) -> dict[str, str]:
    """A description as wide as its words (never cut with an ellipsis)."""
    return {"description_width": "initial", **extra}


def toggles(options: Sequence[str], description: str, value: str | None = None) -> W.ToggleButtons:
    """Toggle buttons as wide as their words."""
    return W.ToggleButtons(options=list(options), value=value, description=description,
                           style=style(button_width="auto"))


def button(description: str, primary: bool = False) -> W.Button:
    return W.Button(description=description, button_style="primary" if primary else "",
                    layout=W.Layout(width="fit-content", min_width="6em"))


def label(text: str) -> W.HTML:
    return W.HTML(out(text))


def under_verdict(v: Verdict) -> str:
    """What a verdict says under its line, as HTML: the misconception it looks like, the reason
    with its rule (CR numbers as links), and the engine's events folded away."""
    note = "".join(f'<p class="under">{inline_html(line)}</p>' for line in v.note.splitlines())
    why = f'<p class="under"><i>Why:</i> {inline_html(v.why)}</p>' if v.why else ""
    detail = (f'<details class="under"><summary>{html.escape(v.detail_title)}</summary>'
              f"{text_html(v.detail)}</details>" if v.detail else "")
    return note + why + detail


def verdict_html_row(v: Verdict, key: str = "") -> str:
    """One answer's verdict as HTML: its ✓ or ✗ line, then :func:`under_verdict`."""
    mark = '<b class="right">✓</b>' if v.correct else '<b class="wrong">✗</b>'
    named = f"<b>{link_rules(key)}</b>: " if key else ""
    return f'<div class="row">{mark} {named}{inline_html(v.text)}</div>' + under_verdict(v)


def report_html(report: str) -> str:
    """A checker's report as HTML: the score, then each question's ✓ or ✗ line with what it says
    under it (:func:`under_verdict`); a plain string keeps its lines."""
    first, _, rest = report.partition("\n")
    if not isinstance(report, Report):
        return f"<b>{link_rules(first)}</b>{text_html(rest)}"
    rows = []
    for key, v in report.rows:
        if v is None:
            rows.append(f'<div class="row"><b class="wrong">✗</b> <b>{link_rules(key)}</b>: '
                        f"{html.escape(report.missing)}</div>")
            continue
        rows.append(verdict_html_row(v, key))
    notes = text_html("\n".join(report.notes)) if report.notes else ""
    return f"<b>{link_rules(first)}</b>" + "".join(rows) + notes


def verdict_html(check: Check, *, title: str = "", why: bool = True) -> str:
    """The prediction next to the engine's outcome, the verdict, the reason (its CR numbers
    are links; ``why=False`` leaves it out) and what the other legal choices would have given."""
    mark = ('<b class="right">✓ You predicted right.</b>' if check.correct else
            '<b class="wrong">✗ Not quite.</b>')
    head = f"<b>{link_rules(title)}</b> " if title else ""
    others = (f"<p><i>Other legal choices:</i> {link_rules(check.others)}</p>" if check.others else "")
    if not check.correct and assessing():  # assessment mode: the rule, never the answer
        return (f"<p>{head}{mark}</p><table><tr><th>you predicted</th><td>{link_rules(check.predicted)}"
                f"</td></tr></table><p>{link_rules(look_again(check.reason.rules))}</p>")
    why_html = f"<p><i>Why:</i></p>{text_html(check.reason.text)}" if why else ""
    return (f"<p>{head}{mark}</p><table>"
            f"<tr><th>you predicted</th><td>{link_rules(check.predicted)}</td></tr>"
            f"<tr><th>the engine</th><td><b>{link_rules(check.engine)}</b></td></tr></table>"
            f"{why_html}{others}")


def hides_the_answer(check: Check) -> bool:
    """Whether an explorer shows only the verdict and the rule after this check (assessment mode,
    a wrong prediction): no outcome, no events, no board."""
    return not check.correct and assessing()


def events_html(events: Sequence[Event], summary: str = "What the engine did", *, open: bool = False) -> str:
    """The events an action caused (each one's CR numbers are links), folded away unless
    ``open``. Passes of priority are left out (the table says how many)."""
    shown = [e for e in events if e.kind != "pass"]
    if not shown:
        return ""
    passes = len(events) - len(shown)
    note = f" <small>({passes} passes of priority not shown)</small>" if passes else ""
    return (f"<details{' open' if open else ''}><summary>{html.escape(summary)}{note}</summary>"
            f"{events_table(shown, 'kind')}</details>")


def board_after(board: Board, summary: str = "The board afterwards") -> str:
    """The board as a player sees it after the outcome."""
    return f"<p><b>{html.escape(summary)}</b></p>{board_html(board)}"


class OrderPicker(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Put items in order (ipywidgets has no drag and drop): pick one in the numbered list and
    move it up or down. ``value`` is the order, first applied first."""

    value = traitlets.Tuple()

    def __init__(self, items: Sequence[str], description: str = "", name: str = "order") -> None:
        # ``name``: the list's own label (what a screen reader says on reaching it)
        self.items = W.Select(options=[], rows=max(2, len(items)), description=name, style=style(),
                              layout=W.Layout(width="auto", min_width="18em"))
        self.up_button = button("▲ move up")
        self.down_button = button("▼ move down")
        self.up_button.on_click(lambda _: self.move(-1))
        self.down_button.on_click(lambda _: self.move(1))
        self.observe(lambda _: self._render(), names="value")
        super().__init__([label(description), W.HBox([self.items, W.VBox([self.up_button,
                                                                           self.down_button])])])
        self.value = tuple(items)

    def _render(self) -> None:
        selected = self.items.value
        self.items.options = [(f"{n}. {item}", n - 1) for n, item in enumerate(self.value, 1)]
        self.items.value = selected if selected is not None and selected < len(self.value) else None

    def move(self, step: int) -> None:
        """Move the selected item ``step`` places (-1: up); it stays selected."""
        i = self.items.value
        if i is None:
            i = 0
        j = i + step
        if not 0 <= j < len(self.value):
            return
        order = list(self.value)
        order[i], order[j] = order[j], order[i]
        self.items.value = None
        self.value = tuple(order)
        self.items.value = j


class ChoicePicker(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """The learner makes the players' choices along an action (:class:`~mtgkit.lessons.ChoiceWalk`):
    a dropdown for each choice of one option, an :class:`OrderPicker` for each order. ``path``
    is the answers so far; ``controls`` the current controls, one per real choice. An answer
    can change the questions after it, so the controls are rebuilt after each answer."""

    path = traitlets.Tuple()

    def __init__(self) -> None:
        self.walk: ChoiceWalk | None = None
        self.controls: list[W.Widget] = []
        self._shown: list[tuple[int, ChoicePoint]] | None = None
        self._syncing = False
        super().__init__([])

    def show(self, walk: ChoiceWalk | None) -> None:
        """Start over on ``walk`` (``None``: nothing to choose), every choice at its first option."""
        self.walk = walk
        self._shown = None
        self.path = walk.start if walk is not None else ()
        self._build()

    def _build(self) -> None:
        questions = self.walk.questions(self.path) if self.walk is not None else []
        if questions == self._shown:  # the same questions: only show the answers (keeps focus)
            self._syncing = True
            for (i, _), shown in zip(questions, self.controls, strict=True):
                shown.value = self.path[i]
            self._syncing = False
            return
        self._shown = questions
        rows: list[W.Widget] = []
        self.controls = []
        for i, p in questions:
            if p.kind == "order":
                items = [str(x) for x in p.options[0]]
                what = (f"{html.escape(p.player)} chooses the order of the {html.escape(p.question)} "
                        "(first applied at the top):")
                control: W.Widget = OrderPicker(items, what, name=f"order of the {p.question}")
                control.value = self.path[i]
                rows.append(control)
            else:
                control = W.Dropdown(options=[(str(o), o) for o in p.options], value=self.path[i],
                                     description=f"{p.player} chooses: {p.question}", style=style(),
                                     layout=W.Layout(width="auto"))
                rows.append(control)
            control.observe(self._answered(i), names="value")
            self.controls.append(control)
        self.children = rows

    def _answered(self, index: int) -> Any:
        def answer(change: dict[str, Any]) -> None:
            if self.walk is None or change["new"] is None or self._syncing:
                return
            new: Answer = tuple(change["new"]) if isinstance(change["new"], tuple) else change["new"]
            if index < len(self.path) and self.path[index] == new:
                return
            self.path = self.walk.answer(self.path, index, new)
            self._build()
        return answer


class OptionList(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """A question's options, one toggle button a row, radio-like: pressing one chooses it (and
    un-chooses the others); ``value`` is the option chosen (``None`` at first).

    ipywidgets' radio buttons draw each label 20 px high, so an option that wraps onto two lines
    is drawn over the next one; here each row is a button that grows with its text (the styles
    are :data:`~mtgkit.widgets.base.KIT_CSS`: ``mtgkit-options`` and ``mtgkit-option``), and the
    kit's keyboard script gives each ``aria-pressed`` and moves between them with the arrows.

    >>> o = OptionList(["yes", "no"])
    >>> o.buttons[1].value = True
    >>> o.value, [b.value for b in o.buttons]
    ('no', [False, True])
    >>> o.value = "yes"; [b.value for b in o.buttons]
    [True, False]
    """

    value = traitlets.Unicode(None, allow_none=True)

    def __init__(self, options: Sequence[str], description: str = "") -> None:
        self.options = tuple(options)
        self.buttons = [W.ToggleButton(value=False, description=o, tooltip=o, style=style(),
                                       layout=W.Layout(width="auto", height="auto", max_width="100%"))
                        for o in self.options]
        for b, o in zip(self.buttons, self.options, strict=True):
            b.add_class("mtgkit-option")
            b.observe(self._pressed(o), names="value")
        self._syncing = False
        super().__init__(self.buttons, layout=W.Layout(width="auto", max_width="60em", align_items="stretch"))
        self.add_class("mtgkit-options")
        self.observe(lambda _: self._sync(), names="value")

    def _pressed(self, option: str) -> Any:
        def pressed(change: dict[str, Any]) -> None:
            if self._syncing:
                return
            if change["new"]:
                self.value = option
            elif self.value == option:  # pressing the chosen option again keeps it chosen
                self._sync()
        return pressed

    def _sync(self) -> None:
        self._syncing = True
        for b, o in zip(self.buttons, self.options, strict=True):
            b.value = o == self.value
        self._syncing = False
