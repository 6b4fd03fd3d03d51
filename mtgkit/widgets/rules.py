"""Explorers for X values (CR 107.3m) and for combat with the monarch and Protector of the
Crown (CR 725, 614.9). Thin views: every answer comes from :mod:`mtgkit.lessons`."""

from __future__ import annotations

import html

import ipywidgets as W

from ..crlinks import link_rules
from ..lessons import X_CARDS, X_PATHS, XPath, protector_combat, x_path
from .stepper import events_table


def _summary(r: XPath) -> str:
    if not r.arrived:
        return f"<h4>{html.escape(r.path)}</h4><p>{link_rules(r.note)}</p>"
    before = "—" if r.mv_before is None else str(r.mv_before)
    where = {"cast": "on the stack", "returned by Order of Whiteclay": "in the graveyard"}.get(
        r.path, "of the Clone spell")
    bf = "—" if r.mv_battlefield is None else str(r.mv_battlefield)
    fate = r.fate or ("on the battlefield" if r.survived else "not on the battlefield")
    return (f"<h4>{html.escape(r.path)}</h4><ul>"
            f"<li>mana value {where}: <b>{before}</b></li>"
            f"<li>mana value on the battlefield: <b>{bf}</b></li>"
            f"<li>counters: <b>{html.escape(r.counters)}</b></li>"
            f"<li>tokens created: <b>{r.tokens}</b></li>"
            f"<li>result: <b>{link_rules(fate)}</b></li></ul><p><i>{link_rules(r.note)}</i></p>")


class XValueExplorer(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """A slider for X and a card; the three ways onto the battlefield side by side."""

    def __init__(self, card: str = "Walking Ballista", x: int = 2) -> None:
        self.card = W.Dropdown(options=list(X_CARDS), value=card, description="card")
        self.x = W.IntSlider(value=x, min=0, max=6, description="X", continuous_update=False)
        self.columns = [W.HTML(layout=W.Layout(width="33%")) for _ in X_PATHS]
        self.timelines = [W.HTML(layout=W.Layout(width="33%")) for _ in X_PATHS]
        for w in (self.card, self.x):
            w.observe(lambda _: self.refresh(), names="value")
        super().__init__([W.HBox([self.card, self.x]), W.HBox(self.columns), W.HBox(self.timelines)])
        self.refresh()

    def refresh(self) -> None:
        self.results = [x_path(self.card.value, self.x.value, p) for p in X_PATHS]
        for col, tl, r in zip(self.columns, self.timelines, self.results, strict=True):
            col.value = _summary(r)
            tl.value = f"<small>{events_table(r.events)}</small>" if r.events else ""


class CombatExplorer(W.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Alice attacks Bob, the monarch. Choose attackers, blockers and which Protector takes
    the damage; see whether the crown moves, and why."""

    ATTACKERS = ("Grizzly Bears", "Hill Giant", "Raging Goblin")

    def __init__(self) -> None:
        self.attackers = W.SelectMultiple(options=list(self.ATTACKERS), value=["Grizzly Bears"],
                                          description="attackers", rows=3)
        self.block = W.Dropdown(options=["no block"] + list(self.ATTACKERS), value="no block",
                                description="Bob's Hill Giant blocks", style={"description_width": "initial"})
        self.protectors = W.IntSlider(value=1, min=0, max=2, description="Protectors",
                                      continuous_update=False)
        self.which = W.Dropdown(options=[("first", 0), ("second", 1)], value=0,
                                description="damage goes to", style={"description_width": "initial"})
        self.result = W.HTML()
        self.why = W.HTML()
        for w in (self.attackers, self.block, self.protectors, self.which):
            w.observe(lambda _: self.refresh(), names="value")
        super().__init__([W.HBox([self.attackers, W.VBox([self.block, self.protectors, self.which])]),
                          self.result, self.why])
        self.refresh()

    def refresh(self) -> None:
        self.which.disabled = self.protectors.value < 2
        blocks = {} if self.block.value == "no block" else {"Hill Giant": self.block.value}
        which = self.which.value if self.protectors.value == 2 else 0
        r = protector_combat(list(self.attackers.value), blocks, self.protectors.value, which)
        self.outcome = r
        moved = r.monarch_after != r.monarch_before
        self.result.value = (f"<b>Monarch before combat: {r.monarch_before}; after: {r.monarch_after}"
                             f"{' — the crown moved!' if moved else ' — the crown stayed.'}</b>"
                             f"<br>Bob's life: {r.game.life('Bob')}")
        self.why.value = f"<pre>{link_rules(r.explanation)}</pre>"
