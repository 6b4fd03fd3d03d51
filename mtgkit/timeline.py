"""The event log as a pandas DataFrame: one row per event, stable documented columns.

Columns (see the README):

======== ==================================================================
seq      the event's number, from 1, in the order things happened
turn     turn number
step     step or phase (``main1``, ``combat_damage``, ...)
lane     who it belongs to on the plot: a player, ``stack`` or ``game``
player   the player the event is about (or empty)
kind     what sort of event (``tap``, ``mana``, ``replace``, ...)
object   the card or token involved (or empty)
obj_id   that object's id in this game (or <NA>)
text     a short description in plain English
rules    the CR numbers it follows, comma separated
cause    the ``seq`` of the event that caused it (<NA> for actions and setup)
======== ==================================================================
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd
from pandas.io.formats.style import Styler

from .events import Event, HasEvents, events_of

COLUMNS = ["seq", "turn", "step", "lane", "player", "kind", "object", "obj_id", "text", "rules", "cause"]


def timeline(source: Iterable[Event] | HasEvents, *, include_setup: bool = True) -> pd.DataFrame:
    """A DataFrame of the events of a game (or of any iterable of events).

    >>> from mtgkit import Game
    >>> g = Game(["Alice", "Bob"])
    >>> _ = g.activate(g.put_onto_battlefield("Forest", "Alice"))
    >>> df = timeline(g)
    >>> print(df[df.kind == "mana"][["seq", "player", "text"]].to_string(index=False))
     seq player                                        text
      12  Alice Alice adds {G} (Forest was tapped for mana)
    """
    events = events_of(source)
    rows = [
        {
            "seq": e.seq, "turn": e.turn, "step": e.step, "lane": e.lane, "player": e.player or "",
            "kind": e.kind, "object": e.obj or "", "obj_id": e.obj_id, "text": e.text,
            "rules": ", ".join(e.rules), "cause": e.cause,
        }
        for e in events
        if include_setup or e.kind != "setup"
    ]
    df = pd.DataFrame(rows, columns=COLUMNS)
    for col in ("seq", "turn"):
        df[col] = df[col].astype("int64")
    for col in ("obj_id", "cause"):
        df[col] = df[col].astype("Int64")
    return df.set_index("seq", drop=False).rename_axis(None)


def linked(df: pd.DataFrame) -> Styler:
    """The timeline as an HTML table in which every rule number links to that rule (with its
    title as a tooltip): what a notebook shows. The table's id is fixed, so the HTML is the
    same on every run. Its cells are left-aligned (JupyterLab right-aligns table cells, which
    leaves the event text ragged on the left), and the index is not shown: it is the ``seq``
    column again, and its header cell would be an empty one.

    >>> from mtgkit import Game
    >>> g = Game(["Alice", "Bob"])
    >>> html = linked(timeline(g)).to_html()
    >>> "<a href=" in html and 'id="T_mtgkit' in html
    True
    """
    from .crlinks import link_numbers

    def rules(cell: object) -> str:
        return link_numbers(str(cell).split(", ")) if cell else ""

    return (df.style.set_uuid("mtgkit").format(escape="html", na_rep="")
            .format(rules, subset=["rules"] if "rules" in df.columns else []).hide(axis="index")
            .set_table_styles([{"selector": "td, th", "props": [("text-align", "left")]}]))


def since(df: pd.DataFrame, seq: int) -> pd.DataFrame:
    """Rows from event ``seq`` on (handy for showing only what one action caused)."""
    return df[df["seq"] >= seq]
