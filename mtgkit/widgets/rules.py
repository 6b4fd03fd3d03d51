"""Explorers for X values (CR 107.3m) and for combat with the monarch and Protector of the
Crown (CR 725, 614.9), predict then check. Thin views: every answer comes from
:mod:`mtgkit.lessons`."""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as W

from ..crlinks import link_rules
from ..errors import RulesError
from ..game import Game
from ..grading import Unreadable, read_number
from ..lessons import (
    X_CARDS,
    X_PATHS,
    Check,
    ChoiceWalk,
    XGuess,
    XPath,
    combat_check,
    combat_walk,
    x_blocked,
    x_checked,
    x_choices,
)
from ..outcomes import Outcome
from .base import KitWidget, on_enter
from .parts import (
    PROMPT,
    ChoicePicker,
    board_after,
    button,
    events_html,
    hides_the_answer,
    label,
    out,
    style,
    toggles,
    verdict_html,
)

#: The two answers to "where is it at the end?"
WHERE = ("on the battlefield", "not on the battlefield")


def who(path: str) -> str:
    """What a column's questions are about: the card itself, or (copied by Clone) the copy."""
    return "the copy" if path == X_PATHS[1] else "it"


def about(path: str) -> str:
    """The line under a column's heading that says what "it" is there."""
    return {str(X_PATHS[0]): "Alice casts the card with X; “it” is that permanent.",
            str(X_PATHS[1]): "Alice casts the card with X, then Clone enters as a copy of it. The questions "
                             "are about the copy: the original and the tokens it made don't count.",
            str(X_PATHS[2]): "The card is in Alice's graveyard; Order of Whiteclay returns it. “It” is the "
                        "returned permanent."}[path]


def _details(r: XPath) -> str:
    """What the engine did along one path: mana values, counters, tokens, its fate."""
    if not r.arrived:
        return f"<p>{link_rules(r.note)}</p>"
    # Where the card's mana value was before it entered (a copy made by Clone had none before).
    where = {"cast": "on the stack", "returned by Order of Whiteclay": "in the graveyard"}.get(r.path)
    before = "" if where is None else (
        f"<li>mana value {where}: <b>{'—' if r.mv_before is None else r.mv_before}</b></li>")
    bf = "—" if r.mv_battlefield is None else str(r.mv_battlefield)
    fate = r.fate or ("on the battlefield" if r.survived else "not on the battlefield")
    chose = f"<li>choices: {link_rules(x_choices(r))}</li>" if r.choices else ""
    made = ("tokens the copy created (the original's not counted)" if r.path == X_PATHS[1]
            else "tokens it created")
    return (f"<ul>{before}"
            f"<li>mana value on the battlefield: <b>{bf}</b></li>"
            f"<li>entered with: <b>{html.escape(r.entered_with)}</b>; at the end: "
            f"<b>{html.escape(r.counters)}</b></li>"
            f"<li>{made}: <b>{r.tokens}</b></li>"
            f"<li>result: <b>{link_rules(fate)}</b></li>{chose}</ul><p><i>{link_rules(r.note)}</i></p>")


#: The space after each of a path's inputs, in a row that wraps.
GAP = "2px 1.5em 2px 0"


class XPathPanel(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """One way onto the battlefield: the learner's prediction, a *Check* button, the outcome."""

    def __init__(self, path: str, on_check: object) -> None:
        self.path = path
        it = who(path)
        self.counters = W.Text(value="", description=f"counters on {it} at the end", placeholder="e.g. 2",
                               style=style(), layout=W.Layout(width="auto", max_width="100%", margin=GAP))
        self.tokens = W.Text(value="", description=f"tokens {it} creates", placeholder="e.g. 0",
                             style=style(), layout=W.Layout(width="auto", max_width="100%", margin=GAP))
        self.where = toggles(WHERE, f"at the end {it} is")
        self.check_button = button(f"Check: {path}", primary=True)
        self.result = W.HTML(out(PROMPT))
        self.timeline = W.HTML()
        self.blocked: str | None = None
        self.check: Check | None = None
        self.outcome: XPath | None = None
        self.check_button.on_click(on_check)
        for box in (self.counters, self.tokens):
            on_enter(box, lambda: self.check_button.click())
        head = f"<h3>{html.escape(path)}</h3><p><small>{html.escape(about(path))}</small></p>"
        inputs = W.HBox([self.counters, self.tokens, self.where],
                        layout=W.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([label(head), inputs, self.check_button, self.result, self.timeline],
                         layout=W.Layout(width="100%", margin="0 0 1em 0"))

    @property
    def inputs(self) -> list[W.Widget]:
        return [self.counters, self.tokens, self.where]

    def reset(self, blocked: str | None) -> None:
        """A new card or X: clear the prediction and hide the outcome."""
        self.blocked = blocked
        self.counters.value = self.tokens.value = ""
        self.where.value = None
        for w in self.inputs:
            w.disabled = blocked is not None
        self.check_button.disabled = blocked is not None
        self.hide()

    def hide(self) -> None:
        self.check = self.outcome = None
        self.result.value = out(f"<p>{link_rules(self.blocked)}</p>" if self.blocked else PROMPT)
        self.timeline.value = ""

    def guess(self) -> XGuess | str:
        """The prediction, or what is missing from it."""
        missing = [what for what, w in (("counters", self.counters), ("tokens", self.tokens))
                   if not w.value.strip()] + (["where it is"] if self.where.value is None else [])
        if missing:
            return f"Make a prediction first: fill in {', '.join(missing)}."
        try:
            return XGuess(read_number(self.counters.value), read_number(self.tokens.value),
                          self.where.value == WHERE[0])
        except Unreadable as err:
            return f"I couldn't read that prediction: {err}."


class XValueExplorer(KitWidget):
    """Choose a card and X; for each way onto the battlefield (cast with X, copied by Clone,
    returned by Order of Whiteclay) predict the counters it ends with, the tokens created and
    whether it is still on the battlefield, then check that path: the engine's outcome next to
    your prediction, the rule of the event that decided its fate, the events and the board."""

    what = "Explorer: X on three ways onto the battlefield"

    def __init__(self, card: str = "Walking Ballista", x: int = 2) -> None:
        self.card = W.Dropdown(options=list(X_CARDS), value=card, description="card", style=style(),
                               layout=W.Layout(width="auto"))
        self.x = W.IntSlider(value=x, min=0, max=6, description="X", continuous_update=False, style=style())
        self.paths = [XPathPanel(p, self._on_check(i)) for i, p in enumerate(X_PATHS)]
        self.board = W.HTML()
        for w in (self.card, self.x):
            w.observe(lambda _: self.refresh(), names="value")
        for panel in self.paths:
            for w in panel.inputs:
                w.observe(self._on_input(panel), names="value")
        self._resetting = False
        self._board_for: XPathPanel | None = None
        super().__init__([W.HBox([self.card, self.x], layout=W.Layout(flex_flow="row wrap")),
                          # one way under the other, each as wide as the notebook: three narrow
                          # columns side by side were 265 px wide and one 1,578 px tall at 1280 px
                          W.VBox(self.paths, layout=W.Layout(width="100%")),
                          self.board])
        self.refresh()

    def refresh(self) -> None:
        """A new card or X: every path's outcome is hidden until it is predicted again."""
        self._resetting = True
        for panel in self.paths:
            panel.reset(x_blocked(self.card.value, panel.path))
        self._resetting = False
        self.board.value, self._board_for = "", None

    def _on_input(self, panel: XPathPanel) -> object:
        def changed(_: object) -> None:
            if not self._resetting and panel.check is not None:
                panel.hide()
                if self._board_for is panel:
                    self.board.value, self._board_for = "", None
        return changed

    def _on_check(self, i: int) -> object:
        def check(_: object = None) -> None:
            self.check(i)
        return check

    def check(self, i: int) -> None:
        """Check the prediction for path ``i`` (what its button does)."""
        panel = self.paths[i]
        if panel.blocked:
            return
        guess = panel.guess()
        if isinstance(guess, str):
            panel.result.value = out(f"<i>{html.escape(guess)}</i>")
            return
        check, shown, outcome = x_checked(self.card.value, self.x.value, panel.path, guess)
        panel.check, panel.outcome = check, shown
        if hides_the_answer(check):
            panel.result.value, panel.timeline.value = out(verdict_html(check)), ""
            self.board.value, self._board_for = "", None
            return
        panel.result.value = out(verdict_html(check) + _details(shown))
        panel.timeline.value = out(events_html(shown.events))
        self.board.value = (out(board_after(outcome.game.board(), f"The board after: {panel.path}"))
                            if outcome is not None else "")
        self._board_for = panel if outcome is not None else None


class CombatExplorer(KitWidget):
    """Alice attacks Bob, the monarch. Choose the attackers, Bob's block, how many Protectors of
    the Crown he controls and, for Bob, which Protector takes each source's damage; predict the
    monarch and Bob's life after combat, then check: the engine's outcome next to yours, why
    (the rule of the event that moved or kept the crown), the events and the board."""

    ATTACKERS = ("Grizzly Bears", "Hill Giant", "Raging Goblin")
    what = "Explorer: combat, the monarch and Protector of the Crown"

    def __init__(self, attackers: Sequence[str] = ("Grizzly Bears",), block: str = "no block",
                 protectors: int = 1) -> None:
        self.attackers = W.SelectMultiple(options=list(self.ATTACKERS), value=list(attackers),
                                          description="Alice attacks with", rows=3, style=style(),
                                          layout=W.Layout(width="auto"))
        self.block = W.Dropdown(options=["no block"] + list(self.ATTACKERS), value=block,
                                description="Bob's Hill Giant blocks", style=style(),
                                layout=W.Layout(width="auto"))
        self.protectors = W.IntSlider(value=protectors, min=0, max=2, description="Bob's Protectors",
                                      continuous_update=False, style=style())
        self.choices = ChoicePicker()
        self.monarch = toggles(["Alice", "Bob"], "the monarch after combat")
        self.life = W.Text(value="", description="Bob's life after combat", placeholder="e.g. 20",
                           style=style(), layout=W.Layout(width="auto"))
        self.check_button = button("Check", primary=True)
        self.result = W.HTML(out(PROMPT))
        self.board = W.HTML()
        self.before: Game | None = None
        self.walk: ChoiceWalk | None = None
        self.outcome: Outcome | None = None
        self.check: Check | None = None
        self._clearing = False
        for w in (self.attackers, self.block, self.protectors):
            w.observe(lambda _: self.refresh(), names="value")
        self.choices.observe(lambda _: self._changed(), names="path")
        for w in (self.monarch, self.life):
            w.observe(lambda _: self._hide(), names="value")
        self.check_button.on_click(self._check)
        on_enter(self.life, self._check)
        super().__init__([W.HBox([self.attackers, W.VBox([self.block, self.protectors])],
                                 layout=W.Layout(flex_flow="row wrap")),
                          label("<b>Bob's choices</b> (only when two Protectors could take the damage):"),
                          self.choices, label("<b>Your prediction</b>"), self.monarch, self.life,
                          self.check_button, self.result, self.board])
        self.refresh()

    def refresh(self) -> None:
        blocks = {} if self.block.value == "no block" else {"Hill Giant": self.block.value}
        try:
            self.before, self.walk = combat_walk(list(self.attackers.value), blocks, self.protectors.value)
            self.problem = ""
        except RulesError as err:
            self.before, self.walk, self.problem = None, None, f"{err.reason} (CR {err.rule})"
        self.choices.show(self.walk)
        self._changed()

    def _changed(self) -> None:
        """Something the outcome depends on changed: hide it and ask for a new prediction."""
        self._clearing = True
        self.monarch.value = None
        self.life.value = ""
        self._clearing = False
        self._hide()

    def _hide(self) -> None:
        if self._clearing:
            return
        self.outcome = self.check = None
        self.result.value = out(f"<i>That combat isn't legal: {link_rules(self.problem)}</i>"
                                if self.walk is None else PROMPT)
        self.board.value = ""

    def _check(self, _: object = None) -> None:
        if self.walk is None or self.before is None:
            return
        if self.monarch.value is None or not self.life.value.strip():
            self.result.value = out("<i>Make a prediction first: who is the monarch after combat, "
                                    "and how much life does Bob have?</i>")
            return
        try:
            check = combat_check(self.before, self.walk, self.choices.path, self.monarch.value,
                                 self.life.value)
        except Unreadable as err:
            self.result.value = out(f"<i>I couldn't read that prediction: {html.escape(str(err))}.</i>")
            return
        self.outcome, self.check = self.walk.outcome(self.choices.path), check
        if hides_the_answer(check):
            self.result.value, self.board.value = out(verdict_html(check)), ""
            return
        self.result.value = out(verdict_html(check) + events_html(self.outcome.events, open=True))
        self.board.value = out(board_after(self.outcome.game.board()))


__all__ = ["CombatExplorer", "XPathPanel", "XValueExplorer"]
