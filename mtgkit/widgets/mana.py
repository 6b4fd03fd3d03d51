"""Mana explorers, predict then check: what a permanent could produce (CR 106.7), and tapping
one for mana with the choices made by the learner: the mana when the ability offers a choice,
the order of replacement effects (CR 106.12b, 616.1)."""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as W

from ..cards import named, suggest
from ..crlinks import link_rules
from ..errors import RulesError
from ..grading import Unreadable
from ..lessons import (
    MANA_CARDS,
    ChoiceWalk,
    could_check,
    could_produce_table,
    mana_board,
    tap_check,
    tap_walk,
)
from ..mana import COLOR_NAMES, TYPES
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
    text_html,
    verdict_html,
)

ALL_MANA_CARDS = sorted({c for group in MANA_CARDS.values() for c in group})


#: The cards a battlefield box takes, group by group, as the explorers list them for the learner.
CARDS_OFFERED = "; ".join(f"{group}: {', '.join(names)}" for group, names in MANA_CARDS.items())


def read_cards(typed: Sequence[str]) -> tuple[list[str], list[str]]:
    """The card names typed in a battlefield box, read as the catalog spells them (any case), and
    a line for each one that isn't a card the explorers offer: "did you mean ...?" for a near
    miss, else where to find the names.

    >>> read_cards(["forest", "Underground sea", "Forrest", "Plain", "Black Lotus"])
    (['Forest', 'Underground Sea'], ['No card called “Forrest” here: did you mean Forest?', \
'No card called “Plain” here: did you mean Plains?', 'No card called “Black Lotus” here: the cards \
you can add are listed above the boxes.'])
    """
    found, problems = [], []
    for text in typed:
        name = named(text, ALL_MANA_CARDS)
        if name is not None:
            found.append(name)
            continue
        close = suggest(text, ALL_MANA_CARDS)
        problems.append(f"No card called “{text.strip()}” here: " + (
            f"did you mean {close}?" if close else "the cards you can add are listed above the boxes."))
    return found, problems


class _Boards(KitWidget):
    """Two editable boards (tags you can add, remove and repeat). A card name is read in any case
    (``forest`` adds Forest); a name that isn't one of the cards offered is taken out again, with
    "did you mean ...?" for a near miss. Enter (or leaving the box) adds what was typed."""

    def __init__(self, alice: Sequence[str], bob: Sequence[str], extra: list[W.Widget]) -> None:
        self.alice = W.TagsInput(value=list(alice), allow_duplicates=True, placeholder="add a card")
        self.bob = W.TagsInput(value=list(bob), allow_duplicates=True, placeholder="add a card")
        self.cards_said = W.HTML()
        self._reading = False
        for w in (self.alice, self.bob):
            w.observe(self._typed(w), names="value")
        rows = [label("<b>Alice's battlefield</b> (type a card name and press Enter to add it; × takes it "
                      f"away)<br><small>Cards you can add: {html.escape(CARDS_OFFERED)}</small>"), self.alice,
                label("<b>Bob's battlefield</b>"), self.bob, self.cards_said]
        super().__init__(rows + extra)

    def _typed(self, box: W.TagsInput) -> object:
        def read(_: object) -> None:
            if self._reading:
                return
            found, problems = read_cards(box.value)
            self.cards_said.value = out("<br>".join(f"<i>{html.escape(p)}</i>" for p in problems))
            if found != list(box.value):
                self._reading = True
                box.value = found
                self._reading = False
            self.refresh()
        return read

    def refresh(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class CouldProduceExplorer(_Boards):
    """Build two boards, pick a permanent and predict what it could produce (tick the types of
    mana, or *nothing*); *Check* shows the engine's answer next to yours, that permanent's
    could-produce set, and the explanation that traces each type back to the permanent it
    really comes from. The other permanents' sets stay hidden: the "predict for" menu asks about
    them next."""

    what = "Explorer: what could a permanent produce?"

    def __init__(self, alice: Sequence[str] = ("Exotic Orchard",),
                 bob: Sequence[str] = ("Exotic Orchard",)) -> None:
        self.pick = W.Dropdown(description="predict for", style=style(), layout=W.Layout(width="auto"))
        self.types = {t: W.Checkbox(value=False, description=f"{{{t}}} {COLOR_NAMES[t]}", indent=False,
                                    style=style(), layout=W.Layout(width="auto", margin="0 1em 0 0"))
                      for t in TYPES}
        self.nothing = W.Checkbox(value=False, description="nothing", indent=False, style=style(),
                                  layout=W.Layout(width="auto"))
        self.check_button = button("Check", primary=True)
        self.result = W.HTML(out(PROMPT))
        self.table = W.HTML()
        self.why = W.HTML()
        self.board = W.HTML()
        self._clearing = False
        self.pick.observe(lambda _: self._changed(), names="value")
        for box in self.boxes:
            box.observe(lambda _: self._hide(), names="value")
        self.check_button.on_click(self._check)
        ask = label("It <b>could produce</b> (tick every type, or <i>nothing</i>):")
        boxes = W.HBox(self.boxes, layout=W.Layout(flex_flow="row wrap"))
        super().__init__(alice, bob, [self.pick, ask, boxes,
                                      self.check_button, self.result, self.table, self.why, self.board])
        self.refresh()

    @property
    def boxes(self) -> list[W.Checkbox]:
        return [*self.types.values(), self.nothing]

    @property
    def predicted(self) -> frozenset[str]:
        return frozenset(t for t, box in self.types.items() if box.value)

    def refresh(self) -> None:
        self.game = mana_board(self.alice.value, self.bob.value)
        rows = could_produce_table(self.game)
        options = [(f"{r.player}'s {r.name} (#{r.id})", r.id) for r in rows]
        self.pick.options = options
        self.pick.value = options[0][1] if options else None
        self._changed()

    def _changed(self) -> None:
        """A new board or permanent: hide the outcome and ask for a new prediction."""
        self._clearing = True
        for box in self.boxes:
            box.value = False
        self._clearing = False
        self._hide()

    def _hide(self) -> None:
        if self._clearing:
            return
        self.result.value = out(PROMPT if self.pick.value is not None else
                                "<i>No permanent with a mana ability: add one to a battlefield.</i>")
        self.table.value = self.why.value = self.board.value = ""

    def _check(self, _: object = None) -> None:
        if self.pick.value is None:
            return
        if not self.predicted and not self.nothing.value:
            self.result.value = out("<i>Make a prediction first: tick the types it could produce, "
                                    "or <b>nothing</b>.</i>")
            return
        if self.predicted and self.nothing.value:
            self.result.value = out("<i>Tick types of mana <b>or</b> nothing, not both.</i>")
            return
        check = could_check(self.game, self.pick.value, self.predicted)
        self.check = check
        if hides_the_answer(check):
            self.result.value = out(verdict_html(check))
            self.table.value = self.why.value = self.board.value = ""
            return
        self.result.value = out(verdict_html(check, why=False))
        rows = [r for r in could_produce_table(self.game) if r.id == self.pick.value]
        body = "".join(f"<tr><td>{r.player}</td><td>{html.escape(r.name)} <small>#{r.id}</small></td>"
                       f"<td>{r.types}</td></tr>" for r in rows)
        self.table.value = out("<b>The permanent you predicted for</b><table><tr><th>controller</th>"
                               f"<th>permanent</th><th>could produce</th></tr>{body}</table>"
                               "<p><i>The others stay hidden: pick one in “predict for” to predict it "
                               "next.</i></p>")
        self.why.value = out(f"<b>Why</b>{text_html(check.reason.text)}")
        self.board.value = out(board_after(self.game.board(), "The board"))


class TapExplorer(_Boards):
    """Tap one of Alice's permanents for mana. Make Alice's choices yourself (the mana, when the
    ability offers a choice; the order of the replacement effects), predict her pool, then press
    *Tap and check*: the events (your choices are recorded in them), the pool next to your
    prediction, and what the other choices would have given."""

    what = "Explorer: tapping a permanent for mana"

    def __init__(self, alice: Sequence[str] = ("Forest", "Mana Reflection"),
                 bob: Sequence[str] = ("Contamination",), source: int = 0) -> None:
        self.source = W.Dropdown(description="Alice taps", style=style(), layout=W.Layout(width="auto"))
        self.choices = ChoicePicker()
        self.prediction = W.Text(value="", description="Alice's pool will be",
                                 placeholder="e.g. {G}{G} or nothing",
                                 style=style(), layout=W.Layout(width="auto", min_width="24em"))
        self.check_button = button("Tap and check", primary=True)
        self.result = W.HTML(out(PROMPT))
        self.board = W.HTML()
        self.walk: ChoiceWalk | None = None
        self.outcome: Outcome | None = None
        self._clearing = False
        self._start = source
        self.source.observe(lambda _: self._new_source(), names="value")
        self.choices.observe(lambda _: self._changed(), names="path")
        self.prediction.observe(lambda _: self._hide(), names="value")
        self.check_button.on_click(self._check)
        on_enter(self.prediction, self._check)
        super().__init__(alice, bob, [self.source, self.choices, self.prediction, self.check_button,
                                      self.result, self.board])
        self.refresh()

    def refresh(self) -> None:
        g = mana_board(self.alice.value, self.bob.value)
        options = [(f"{o.name} (#{o.id})", i) for i, o in enumerate(g.permanents("Alice"))
                   if o.card.activated and o.card.activated[0].is_mana_ability]
        wanted = self._start if any(i == self._start for _, i in options) else None
        self.source.options = options
        self.source.value = wanted if wanted is not None else (options[0][1] if options else None)
        self._new_source()

    def _new_source(self) -> None:
        self.walk, self.problem = None, "Alice has nothing to tap for mana."
        if self.source.value is not None:
            try:
                self.walk = tap_walk(self.alice.value, self.bob.value, self.source.value)
            except RulesError as err:  # e.g. Pili-Pala: {Q} needs it tapped, {2} needs mana
                self.problem = f"Alice can't activate that mana ability here: {err.reason} (CR {err.rule})"
        self.choices.show(self.walk)
        self._changed()

    def _changed(self) -> None:
        """Something the outcome depends on changed: hide it and ask for a new prediction."""
        self._clearing = True
        self.prediction.value = ""
        self._clearing = False
        self._hide()

    def _hide(self) -> None:
        if self._clearing:
            return
        self.outcome = None
        self.result.value = out(PROMPT.replace("Check", "Tap and check") if self.walk is not None else
                                f"<i>{link_rules(self.problem)}</i>")
        self.board.value = ""

    def _check(self, _: object = None) -> None:
        if self.walk is None:
            return
        if not self.prediction.value.strip():
            self.result.value = out("<i>Make a prediction first: write the mana Alice will have, such "
                                    "as {B}{B}, or <b>nothing</b>.</i>")
            return
        try:
            check = tap_check(self.walk, self.choices.path, self.prediction.value)
        except Unreadable as err:
            self.result.value = out(f"<i>I couldn't read that prediction: {html.escape(str(err))}.</i>")
            return
        self.outcome = self.walk.outcome(self.choices.path)
        if hides_the_answer(check):
            self.result.value, self.board.value = out(verdict_html(check)), ""
            return
        self.result.value = out(verdict_html(check) + events_html(
            self.outcome.events, "The events (your choices are in them)", open=True))
        self.board.value = out(board_after(self.outcome.game.board()))
