"""The board as a player sees it across the table, as HTML: each player's life, pool, hand,
library, battlefield (tapped, summoning sick, attacking, blocking, counters, damage) and
graveyard. Every mark is written in words as well as drawn, so it reads out loud and prints.

>>> from mtgkit import Game
>>> g = Game(["Alice", "Bob"])
>>> _ = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
>>> "summoning sick" in board_html(g.board())
True
"""

from __future__ import annotations

import html

from ..board import Board, PermView

_STEP = {"main1": "precombat main phase", "main2": "postcombat main phase"}
_CSS = (
    "<style>.mtgkit-board{font-family:sans-serif;font-size:0.95em;line-height:1.35}"
    ".mtgkit-board table{border-collapse:collapse}.mtgkit-board td{vertical-align:top;"
    "padding:4px 8px;border-top:1px solid #ddd}.mtgkit-card{display:inline-block;margin:2px 4px 2px 0;"
    "padding:2px 6px;border:1px solid #888;border-radius:5px;background:#fff;max-width:16em}"
    ".mtgkit-card.tapped{background:#e9e9e9;border-style:dashed}"
    ".mtgkit-card.attacking{border:2px solid #c0392b}.mtgkit-card.blocking{border:2px solid #1f5fa8}"
    ".mtgkit-card small{color:#444}</style>"
)


def card_html(p: PermView) -> str:
    """One permanent: its name and, in words, everything that matters about it now."""
    classes = ["mtgkit-card"] + [c for c, on in (("tapped", p.tapped), ("attacking", p.attacking),
                                                   ("blocking", p.blocking is not None)) if on]
    # Marks any font draws (no emoji: without an emoji font they show as empty boxes); the words
    # below say the same.
    icon = ("↷ " if p.tapped else "") + ("⚔ " if p.attacking else "")
    marks = p.marks()
    detail = f"<br><small>{html.escape(', '.join(marks))}</small>" if marks else ""
    title = f"#{p.id} {p.name}" + (f": {', '.join(marks)}" if marks else "")
    return (f'<span class="{" ".join(classes)}" title="{html.escape(title)}">{icon}'
            f"<b>{html.escape(p.name)}</b> <small>#{p.id}</small>{detail}</span>")


def board_html(board: Board, *, priority: str | None = None) -> str:
    """The whole board: a row per player, then the stack (top first)."""
    step = _STEP.get(board.step, board.step.replace("_", " ") + " step")
    head = f"Turn {board.turn}, {html.escape(step)}: {html.escape(board.active)} is the active player"
    if priority:
        head += f"; {html.escape(priority)} has priority"
    rows = []
    for pl in board.players:
        crown = " ♛ (the monarch)" if board.monarch == pl.name else ""
        gone = " (left the game)" if not pl.in_game else ""
        perms = "".join(card_html(p) for p in board.controlled_by(pl.name)) or "<i>no permanents</i>"
        grave = ", ".join(html.escape(n) for n in pl.graveyard) or "—"
        exile = f"<br><small>exile: {', '.join(html.escape(n) for n in pl.exile)}</small>" if pl.exile else ""
        rows.append(
            f"<tr><td><b>{html.escape(pl.name)}</b>{crown}{gone}<br><small>life {pl.life} · pool "
            f"{html.escape(pl.pool)}<br>hand {pl.hand} · library {pl.library}</small></td>"
            f"<td>{perms}</td><td><small>graveyard: {grave}</small>{exile}</td></tr>")
    stack = "; ".join(html.escape(s) for s in reversed(board.stack)) or "empty"
    return (f'{_CSS}<div class="mtgkit-board"><div><i>{head}</i></div>'
            f"<table>{''.join(rows)}</table><div><small>Stack (top first): {stack}</small></div></div>")
