"""A timeline stepper: step through events and see the board and the reason for each."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as W

from ..crlinks import link_numbers, link_rules
from ..events import Event, HasEvents, events_of
from ..lessons import TimelineCursor
from .base import KitWidget
from .board import board_html


def events_table(events: Sequence[Event], column: str = "lane") -> str:
    """Events as a small HTML table: seq, ``column`` (an Event field), text and CR rules."""
    rows = "".join(f"<tr><td>{e.seq}</td><td>{getattr(e, column)}</td><td>{html.escape(e.text)}</td>"
                   f"<td>{link_numbers(e.rules)}</td></tr>" for e in events)
    return (f"<table><tr><th>seq</th><th>{column}</th><th>event</th><th>CR</th></tr>{rows}"
            "</table>")


class TimelineStepper(KitWidget):
    """Buttons and a slider over a game's events; shows the event, why, and the board."""

    what = "Timeline stepper"

    def __init__(self, events: Iterable[Event] | HasEvents, start: int | None = None) -> None:
        evs = events_of(events)
        self.cursor = TimelineCursor(evs, len(evs) - 1 if start is None else start)
        self.back_button = W.Button(description="◀ back", layout=W.Layout(width="90px"))
        self.next_button = W.Button(description="next ▶", layout=W.Layout(width="90px"))
        self.slider = W.IntSlider(min=1, max=len(evs), value=self.cursor.event.seq,
                                  description="event", continuous_update=True,
                                  layout=W.Layout(width="420px"))
        self.events_list = W.Select(
            options=[(f"#{e.seq} {e.text[:70]}", i) for i, e in enumerate(evs)],
            value=self.cursor.index, rows=8, description="events",
            layout=W.Layout(width="640px"))
        self.event_html = W.HTML()
        self.why_html = W.HTML()
        self.board_html = W.HTML()
        self.back_button.on_click(lambda _: self._move(self.cursor.back))
        self.next_button.on_click(lambda _: self._move(self.cursor.forward))
        self.slider.observe(self._on_slider, names="value")
        self.events_list.observe(self._on_pick, names="value")
        self._render()
        super().__init__([W.HBox([self.back_button, self.next_button, self.slider]),
                          self.events_list, self.event_html, self.board_html, self.why_html])

    def _move(self, action: object) -> None:
        action()  # type: ignore[operator]
        self.slider.value = self.cursor.event.seq
        self._render()

    def _on_slider(self, change: dict[str, Any]) -> None:
        self.cursor.goto(change["new"] - 1)
        self._render()

    def _on_pick(self, change: dict[str, Any]) -> None:
        """A click on any event in the list jumps there."""
        if change["new"] is not None and change["new"] != self.cursor.index:
            self.cursor.goto(change["new"])
            self.slider.value = self.cursor.event.seq
            self._render()

    def _render(self) -> None:
        e = self.cursor.event
        self.events_list.value = self.cursor.index
        # the ends: nothing before the first event, nothing after the last
        self.back_button.disabled = self.cursor.index == 0
        self.next_button.disabled = self.cursor.index == len(self.cursor) - 1
        rules = f" <small>[CR {link_numbers(e.rules)}]</small>" if e.rules else ""
        self.event_html.value = (f"<b>#{e.seq}</b> <code>{e.kind}</code> "
                                 f"{html.escape(e.text)}{rules}")
        self.board_html.value = board_html(self.cursor.board)
        self.why_html.value = ("<details open><summary>Why did this happen?</summary><pre>"
                               f"{link_rules(self.cursor.explanation, bare=True)}</pre></details>")
