"""Timeline swimlanes with matplotlib: one lane per player (plus the stack and the game).

Time runs down the page: one row per event, a marker in the lane of the player (or the
stack) it belongs to, and the event's text beside it. Colors stand for event kinds;
optional arrows link each event to its cause. Output is deterministic: the size depends
only on the number of events, with no dates and no randomness.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .events import Event

#: Marker colors by kind (colorblind-friendly Okabe-Ito palette).
KIND_COLORS = {
    "activate": "#0072B2", "cast": "#0072B2", "land": "#0072B2", "attack": "#0072B2",
    "block": "#0072B2",
    "tap": "#E69F00", "untap": "#E69F00", "spend": "#E69F00", "life": "#E69F00",
    "counters": "#E69F00",
    "mana": "#009E73", "no_mana": "#D55E00", "replace": "#CC79A7", "choice": "#F0E442",
    "trigger": "#56B4E9", "stack": "#56B4E9", "resolve": "#56B4E9", "fizzle": "#D55E00",
    "damage": "#D55E00", "monarch": "#8B6914", "sba": "#D55E00", "leave": "#000000",
}
DEFAULT_COLOR = "#999999"
HIDDEN_KINDS = frozenset({"players", "turn", "step"})


def plot_timeline(
    events: Iterable[Event] | object,
    *,
    lanes: Sequence[str] | None = None,
    kinds: Iterable[str] | None = None,
    highlight: int | None = None,
    arrows: bool = False,
    width: float = 9.0,
    title: str | None = None,
    label_width: int = 70,
) -> Figure:
    """Draw the events (or a game's events) as swimlanes and return the figure.

    ``kinds`` limits which event kinds are drawn (turn and step markers are hidden by
    default); ``highlight`` rings one event; ``arrows`` draws cause links.
    """
    evs = list(getattr(events, "events", events))  # type: ignore[arg-type]
    wanted = set(kinds) if kinds is not None else None
    shown = [e for e in evs if (e.kind in wanted if wanted is not None else e.kind not in HIDDEN_KINDS)]
    if lanes is None:
        lanes = _lanes(evs)
    lane_x = {name: i for i, name in enumerate(lanes)}
    n = len(shown)
    fig, ax = plt.subplots(figsize=(width, 1.0 + 0.28 * max(n, 1)), dpi=100)
    row = {e.seq: i for i, e in enumerate(shown)}
    for x in lane_x.values():
        ax.axvline(x, color="#e4e4e4", lw=10, zorder=0)
    for i, e in enumerate(shown):
        x = lane_x.get(e.lane, lane_x.get("game", 0))
        color = KIND_COLORS.get(e.kind, DEFAULT_COLOR)
        ring = e.seq == highlight
        ax.scatter([x], [i], s=150 if ring else 80, color=color, zorder=3,
                   edgecolors="black" if ring else "white", linewidths=1.6)
        text = e.text if len(e.text) <= label_width else e.text[: label_width - 1] + "…"
        ax.text(len(lanes) - 0.45, i, f"{e.seq:>3}  {text}", va="center", fontsize=8,
                fontweight="bold" if ring else "normal", color="#222222", family="monospace")
        if arrows and e.cause in row:
            c = shown[row[e.cause]]
            ax.annotate("", xy=(x, i), xytext=(lane_x.get(c.lane, 0), row[e.cause]),
                        arrowprops=dict(arrowstyle="->", color="#888888", lw=0.8,
                                        connectionstyle="arc3,rad=-0.3"), zorder=2)
    _format(ax, lanes, n, title)
    fig.subplots_adjust(left=0.02, right=0.98, top=1 - 0.6 / fig.get_figheight(),
                        bottom=0.15 / fig.get_figheight())
    return fig


def _lanes(evs: list[Event]) -> list[str]:
    """Players in turn order (from the game's first event, if it is there), else in order of
    appearance; then the stack and the game."""
    players: list[str] = []
    for e in evs:
        if e.kind == "players":
            players = list(e.get("names"))
    if not players:
        players = list(dict.fromkeys(e.lane for e in evs if e.lane not in ("stack", "game")))
    extra = [name for name in ("stack",) if any(e.lane == name for e in evs)]
    return players + extra + ["game"]


def _format(ax: Axes, lanes: Sequence[str], n: int, title: str | None) -> None:
    ax.set_xlim(-0.6, len(lanes) + 4.2)
    ax.set_ylim(max(n, 1) - 0.4, -0.8)
    ax.set_xticks(range(len(lanes)), list(lanes), fontsize=9)
    ax.xaxis.tick_top()
    ax.set_yticks([])
    for side in ("top", "right", "left", "bottom"):
        ax.spines[side].set_visible(False)
    ax.tick_params(axis="x", length=0)
    if title:
        ax.set_title(title, fontsize=10, loc="left", pad=18)
