"""Explorers and predict-then-check questions. Answers come from the engine, never from
the widget: the widget only asks and shows."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as W

from ..crlinks import link_rules
from ..lessons import TAP_CARDS, ActivationCase


class Quiz(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Predict, then check: pick an option, press *Check*, read the engine's verdict.

    ``grade(choice)`` returns ``(correct, explanation)``; it is called only on *Check*.
    """

    def __init__(self, question: str, options: Sequence[str],
                 grade: Callable[[str], tuple[bool, str]]) -> None:
        self.grade = grade
        self.question = W.HTML(f"<b>{html.escape(question)}</b>")
        self.choice = W.RadioButtons(options=list(options), value=None,
                                     layout=W.Layout(width="max-content"))
        self.check_button = W.Button(description="Check", button_style="primary")
        self.feedback = W.HTML("<i>Make a prediction, then press Check.</i>")
        self.check_button.on_click(self._check)
        super().__init__([self.question, self.choice, self.check_button, self.feedback])

    def _check(self, _: object = None) -> None:
        if self.choice.value is None:
            self.feedback.value = "<i>Pick an answer first.</i>"
            return
        ok, why = self.grade(self.choice.value)
        mark = "✓ Right." if ok else "✗ Not this time."
        self.feedback.value = f"<b>{mark}</b> {link_rules(why)}"


class ActivationExplorer(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Choose a permanent, when it arrived and whether it is tapped; predict whether its
    {T}/{Q} ability can be activated; the engine answers and says why (CR 107.5/107.6/302.6)."""

    def __init__(self, cards: Sequence[str] = TAP_CARDS) -> None:
        self.card = W.Dropdown(options=list(cards), value=cards[0], description="permanent")
        self.arrived = W.ToggleButtons(options=["last turn", "this turn"], value="last turn",
                                       description="arrived")
        self.tapped = W.Checkbox(value=False, description="tapped")
        self.prediction = W.ToggleButtons(options=["can activate", "can't activate"], value=None,
                                          description="predict")
        self.check_button = W.Button(description="Check", button_style="primary")
        self.ability = W.HTML()
        self.result = W.HTML("<i>Predict, then press Check.</i>")
        for w in (self.card, self.arrived, self.tapped):
            w.observe(self._changed, names="value")
        self.check_button.on_click(self._check)
        self._changed()
        super().__init__([self.card, self.arrived, self.tapped, self.ability, self.prediction,
                          self.check_button, self.result])

    @property
    def case(self) -> ActivationCase:
        return ActivationCase(self.card.value, self.arrived.value, self.tapped.value)

    def _changed(self, _: object = None) -> None:
        g, ref = self.case.game()
        ab = g.obj(ref).card.activated
        self.ability.value = (f"Ability: <code>{html.escape(ab[0].text)}</code>" if ab
                              else "This card has no activated ability.")
        self.result.value = "<i>Predict, then press Check.</i>"

    def _check(self, _: object = None) -> None:
        can, why = self.case.answer()
        verdict = "can activate" if can else "can't activate"
        if self.prediction.value is None:
            self.result.value = f"<i>Make a prediction first.</i> (The engine says: {verdict}.)"
            return
        mark = "✓ You predicted right:" if self.prediction.value == verdict else "✗ Not quite:"
        self.result.value = f"<b>{mark}</b> it {verdict}. {link_rules(why)}"
