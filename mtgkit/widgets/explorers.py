"""Predict-then-check: a multiple-choice :class:`Quiz` and the {T}/{Q} :class:`ActivationExplorer`.
Answers come from the engine (through :mod:`mtgkit.lessons`), never from the widget: the widget
only asks, waits for the learner's prediction, and then shows the outcome next to it."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as W

from ..cards import card as lookup
from ..crlinks import link_rules
from ..events import ManaAdded, ManaSpent
from ..grading import Verdict, answered_by
from ..lessons import (
    ACTIVATION_SETUP,
    ATTACK_SETUP,
    TAP_CARDS,
    ActivationCase,
    ActivationWith,
    AttackCase,
    AttackWith,
    Attempt,
    check_can,
    grade_option,
)
from ..mana import Mana
from .base import KitWidget
from .board import board_html, card_html
from .parts import (
    PROMPT,
    OptionList,
    button,
    events_html,
    hides_the_answer,
    out,
    style,
    toggles,
    verdict_html,
    verdict_html_row,
)


class Quiz(KitWidget):
    """Predict, then check: pick an option, press *Check*, read the verdict.

    Either ``answers`` (the right options: several when different legal choices give different
    results) with ``why`` (the explanation shown after checking: its reason, then "What the
    engine did:" and the events), or ``grade(choice)`` returning a
    :class:`~mtgkit.grading.Verdict` (``mtgkit.lessons.can_quiz``, ``mana_quiz``); either way
    the answer is worked out only on *Check*. The feedback is the verdict line ("You chose
    ..."), the misconception a wrong answer looks like, one sentence of reason with its rule,
    and the engine's events folded away; in assessment mode, never the answer."""

    what = "Quick question"

    def __init__(self, question: str, options: Sequence[str],
                 grade: Callable[[str], Verdict] | None = None, *,
                 answers: Sequence[str] | None = None, why: str = "") -> None:
        if (grade is None) == (answers is None):
            raise TypeError("give either grade= or answers=")
        if answers is not None and not set(answers) <= set(options):
            raise ValueError(f"every right answer must be an option: {list(answers)} vs {list(options)}")
        self.grade = grade
        self.answers = tuple(answers) if answers is not None else None
        self.why = why
        self.question = W.HTML(out(f"<b>{link_rules(question)}</b>"))
        self.choice = OptionList(options)
        self.check_button = button("Check", primary=True)
        self.feedback = W.HTML(out("<i>Make a prediction, then press Check.</i>"))
        self.check_button.on_click(self._check)
        self.choice.observe(lambda _: self._changed(), names="value")
        super().__init__([self.question, self.choice, self.check_button, self.feedback])

    def _changed(self) -> None:
        self.feedback.value = out("<i>Make a prediction, then press Check.</i>")

    def _check(self, _: object = None) -> None:
        if self.choice.value is None:
            self.feedback.value = out("<i>Pick an answer first.</i>")
            return
        with answered_by("chose"):
            if self.answers is not None:
                v = grade_option(self.choice.value, self.answers, self.why)
            else:
                assert self.grade is not None
                v = self.grade(self.choice.value)
        self.verdict = v
        self.feedback.value = out(verdict_html_row(v))


#: What the activation explorer can ask about a permanent.
QUESTIONS = ("activate its ability", "attack this turn")


class ActivationExplorer(KitWidget):
    """Choose a permanent, when it arrived, whether it is tapped and whether Alice also controls
    Mass Hysteria (all creatures have haste), and the question: can Alice activate its {T}/{Q}
    ability (CR 107.5, 107.6, 302.6, haste: 702.10c), or attack with it this turn (haste,
    CR 702.10b: try Raging Goblin)? Predict, press *Check*: the engine tries it and answers
    next to your prediction, with the rule it acted on; the board afterwards is shown."""

    what = "Explorer: can Alice activate it or attack with it?"

    def __init__(self, cards: Sequence[str] = TAP_CARDS, card: str | None = None,
                 question: str = QUESTIONS[0]) -> None:
        self.card = W.Dropdown(options=list(cards), value=card or cards[0], description="permanent",
                               style=style(), layout=W.Layout(width="auto"))
        self.arrived = toggles(["last turn", "this turn"], "arrived", "last turn")
        self.tapped = W.Checkbox(value=False, description="tapped", style=style())
        self.hysteria = W.Checkbox(value=False, description="Alice also controls Mass Hysteria "
                                   "(all creatures have haste)", style=style(),
                                   layout=W.Layout(width="auto"))
        self.question = toggles(QUESTIONS, "can Alice", question)
        self.ability = W.HTML()
        self.prediction = toggles(self._options(), "predict")
        self.check_button = button("Check", primary=True)
        self.result = W.HTML(out(PROMPT))
        self.board = W.HTML()
        self.attempt: Attempt | None = None
        for w in (self.card, self.arrived, self.tapped, self.hysteria, self.question):
            w.observe(lambda _: self._changed(), names="value")
        self.prediction.observe(lambda _: self._hide(), names="value")
        self.check_button.on_click(self._check)
        self._changed()
        super().__init__([self.card, W.HBox([self.arrived, self.tapped]), self.hysteria,
                          self.question, self.ability,
                          self.prediction, self.check_button, self.result, self.board])

    def _options(self) -> list[str]:
        verb = "activate" if self.question.value == QUESTIONS[0] else "attack"
        return [f"can {verb}", f"can't {verb}"]

    @property
    def case(self) -> ActivationCase | AttackCase:
        also = ("Mass Hysteria",) if self.hysteria.value else ()
        if self.question.value == QUESTIONS[0]:
            return ActivationWith(self.card.value, self.arrived.value, self.tapped.value, also=also)
        return AttackWith(self.card.value, self.arrived.value, self.tapped.value, also=also)

    def _changed(self) -> None:
        """A new situation: the old outcome is hidden and a new prediction is asked for."""
        c = lookup(self.card.value)
        if self.question.value == QUESTIONS[0]:
            ab = c.activated
            self.ability.value = out(f"Ability: <code>{html.escape(ab[0].text)}</code>" if ab
                                     else f"{html.escape(c.name)} has no activated ability.")
        else:
            text = f": <i>{html.escape(c.text)}</i>" if c.text else ""
            self.ability.value = out(f"{html.escape(c.name)} ({html.escape(c.type_line)}){text}")
        self.prediction.options = self._options()
        self.prediction.value = None
        self._hide()

    def _hide(self) -> None:
        self.attempt = None
        self.result.value = out(PROMPT)
        self.board.value = ""

    def _check(self, _: object = None) -> None:
        if self.prediction.value is None:
            self.result.value = out("<i>Make a prediction first: can Alice do it, or not?</i>")
            return
        verb = "activate it" if self.question.value == QUESTIONS[0] else "attack with it"
        attempt = self.case.attempt()
        check = check_can(self.prediction.value == self.prediction.options[0], attempt, verb)
        self.attempt = attempt
        if hides_the_answer(check):
            self.result.value, self.board.value = out(verdict_html(check)), ""
            return
        self.result.value = out(verdict_html(check) + events_html(attempt.events))
        self.board.value = out(self.afterwards(attempt))

    def afterwards(self, attempt: Attempt) -> str:
        """What the question is about afterwards: the permanent (and Alice's pool, with where its
        mana came from); then the whole board, folded away, with why the rest of it is there."""
        board = attempt.game.board()
        name = self.card.value
        mine = "".join(card_html(p) for p in board.controlled_by("Alice") if p.name == name)
        said = f"<p><b>{html.escape(name)} afterwards</b></p>{mine}"
        if self.question.value == QUESTIONS[0]:
            def total(kind: type[ManaAdded | ManaSpent]) -> Mana:
                return sum((e.mana for e in attempt.events if isinstance(e, kind) and e.player == "Alice"),
                           Mana())
            added, spent, now = total(ManaAdded), total(ManaSpent), attempt.game.pool("Alice")
            before = now + spent - added
            parts = [f"{before} was there before the question (see the board below)"] if before else []
            parts += [f"{spent} paid the ability's cost"] if spent else []
            parts += [f"{added} came from {name}" if added else f"{name} added none"]
            said += (f"<p>Alice's mana pool: {link_rules(str(now) if now else 'empty')} "
                     f"({link_rules('; '.join(parts))}).</p>")
        setup = ACTIVATION_SETUP if self.question.value == QUESTIONS[0] else ATTACK_SETUP
        return (f"{said}<details><summary>The board afterwards, all of it</summary>"
                f"<p><i>{link_rules(setup)}</i></p>{board_html(board)}</details>")
