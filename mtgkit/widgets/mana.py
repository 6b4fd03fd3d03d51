"""Mana explorers: build two boards, see what each permanent could produce (CR 106.7), or
tap one and choose the order of replacement effects (CR 106.12b, 616.1)."""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as W

from ..crlinks import link_rules
from ..lessons import (
    MANA_CARDS,
    could_produce_table,
    explain_could_produce,
    mana_board,
    replacement_orders,
    tap_result,
)
from .stepper import events_table

ALL_MANA_CARDS = sorted({c for group in MANA_CARDS.values() for c in group})


class _Boards(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Two editable boards (tags you can add, remove and repeat)."""

    def __init__(self, alice: Sequence[str], bob: Sequence[str], extra: list[W.Widget]) -> None:
        self.alice = W.TagsInput(value=list(alice), allowed_tags=ALL_MANA_CARDS, allow_duplicates=True)
        self.bob = W.TagsInput(value=list(bob), allowed_tags=ALL_MANA_CARDS, allow_duplicates=True)
        for w in (self.alice, self.bob):
            w.observe(lambda _: self.refresh(), names="value")
        rows = [W.HTML("<b>Alice's battlefield</b> (type a card name, Enter to add)"), self.alice,
                W.HTML("<b>Bob's battlefield</b>"), self.bob]
        super().__init__(rows + extra)

    def refresh(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class CouldProduceExplorer(_Boards):
    """Each permanent's could-produce set, and a readable explanation for the one you pick."""

    def __init__(self, alice: Sequence[str] = ("Exotic Orchard",),
                 bob: Sequence[str] = ("Exotic Orchard",)) -> None:
        self.table = W.HTML()
        self.pick = W.Dropdown(description="explain", layout=W.Layout(width="420px"))
        self.why = W.HTML()
        self.pick.observe(lambda _: self._explain(), names="value")
        super().__init__(alice, bob, [self.table, self.pick, self.why])
        self.refresh()

    def refresh(self) -> None:
        self.game = mana_board(self.alice.value, self.bob.value)
        rows = could_produce_table(self.game)
        body = "".join(f"<tr><td>{r.player}</td><td>{html.escape(r.name)}</td><td>{r.types}</td></tr>"
                       for r in rows)
        self.table.value = ("<table><tr><th>controller</th><th>permanent</th>"
                            f"<th>could produce</th></tr>{body}</table>")
        options = [(f"{r.player}: {r.name} (#{r.id})", r.id) for r in rows]
        self.pick.options = options
        self.pick.value = options[0][1] if options else None
        self._explain()

    def _explain(self) -> None:
        if self.pick.value is None:
            self.why.value = "<i>No permanent with a mana ability.</i>"
            return
        self.why.value = f"<pre>{link_rules(explain_could_produce(self.game, self.pick.value))}</pre>"


class TapExplorer(_Boards):
    """Tap one of Alice's permanents: choose it and the order of replacement effects, and
    see the events, the mana that results, and every result the other orders would give."""

    def __init__(self, alice: Sequence[str] = ("Forest", "Mana Reflection"),
                 bob: Sequence[str] = ("Contamination",), source: int = 0) -> None:
        self.source = W.Dropdown(description="tap")
        self.order = W.Dropdown(description="order", layout=W.Layout(width="520px"))
        self.result = W.HTML()
        self.source.observe(lambda _: self._orders(), names="value")
        self.order.observe(lambda _: self._tap(), names="value")
        self._start = source
        super().__init__(alice, bob, [self.source, self.order, self.result])
        self.refresh()

    def refresh(self) -> None:
        g = mana_board(self.alice.value, self.bob.value)
        mine = g.permanents("Alice")
        options = [(f"{o.name} (#{o.id})", i) for i, o in enumerate(mine) if o.card.activated
                   and o.card.activated[0].is_mana_ability]
        self.source.options = options
        wanted = self._start if any(i == self._start for _, i in options) else None
        self.source.value = wanted if wanted is not None else (options[0][1] if options else None)
        self._orders()

    def _orders(self) -> None:
        if self.source.value is None:
            self.order.options, self.result.value = [], "<i>Alice has nothing to tap for mana.</i>"
            return
        orders = replacement_orders(self.alice.value, self.bob.value, self.source.value)
        self.order.options = [(" then ".join(o) if o else "(no replacement effects)", o) for o in orders]
        self.order.value = orders[0]
        self._tap()

    def _tap(self) -> None:
        if self.source.value is None or self.order.value is None:
            return
        order = list(self.order.value) or None
        g, events = tap_result(self.alice.value, self.bob.value, self.source.value, order=order)
        results = sorted({str(r) for o in self.order.options for r in [self._result_for(o[1])]})
        self.result.value = (f"<b>Alice's pool after tapping: {g.pool('Alice')}</b><br>"
                             f"<small>every order gives one of: {', '.join(results)}</small>"
                             + events_table(events, "kind"))

    def _result_for(self, order: tuple[str, ...]) -> object:
        g, _ = tap_result(self.alice.value, self.bob.value, self.source.value, order=list(order) or None)
        return g.pool("Alice")
