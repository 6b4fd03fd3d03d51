"""Timeline swimlanes with matplotlib: one lane per player (plus the stack and the game).

Time runs down the page: one row per event, a marker in the lane of the player (or the
stack) it belongs to, and the event's text beside it. Colors stand for event kinds;
optional arrows link each event to its cause. Output is deterministic: the size depends
only on the number of events, with no dates and no randomness.

The plot scales to long games. The figure grows 0.28 inch per row up to ``MAX_HEIGHT``
inches (139 rows) and then stays that tall, so the rows get closer together and memory
stays bounded. The markers are a few scatters (one per color), whatever the number of
events. Past about 376 rows the rows are too close together for readable text, so they get
no labels unless you pass ``labels=True`` (then the text is as small as the rows are: save
as SVG or PDF to zoom in, or plot a slice of the events); the event numbers are then on the
y axis. Cause arrows are curved arrows while every row has its full height, and one
collection of the same curves, without heads, once the rows are squeezed.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterable, Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.path import Path

from .events import Event, GameBegan, HasEvents, events_of

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
#: What each marker color means, for the legend (in this order).
COLOR_MEANINGS = {
    "#0072B2": "a player's action (activate, cast, land, attack, block)",
    "#E69F00": "tap, untap, spend, life, counters",
    "#009E73": "mana added",
    "#CC79A7": "replacement effect",
    "#F0E442": "a choice",
    "#56B4E9": "trigger, stack, resolve",
    "#D55E00": "no mana, damage, dies, does nothing",
    "#8B6914": "the monarch",
    "#000000": "a player leaves the game",
    DEFAULT_COLOR: "other (enter, move, setup, effects, ...)",
}
HIDDEN_KINDS = frozenset({"players", "turn", "step", "pass"})

#: Inches per row, and above and below the rows (the figure is ``1 + 0.28 n`` inches tall).
ROW_HEIGHT = 0.28
MARGIN_HEIGHT = 1.0
#: The tallest figure, in inches (4,000 pixels at the default 100 dpi): past about 139 rows
#: the rows get closer together instead of the figure taller.
MAX_HEIGHT = 40.0
#: With ``labels=None`` (auto), labels are drawn while they can be at least this big (points).
MIN_AUTO_FONT = 6.0
FONT_SIZE = 8.0
MARKER_SIZE = 80.0  # points squared, as in scatter
RING_SIZE = 150.0
EDGE_WIDTH = 1.6
MIN_MARKER_DIAMETER = 2.0  # points: markers of squeezed rows get no smaller
_TOP, _BOTTOM = 0.6, 0.15  # inches above and below the axes
_LEGEND_ROW = 0.17  # inches per row of the legend
_TICK_MARGIN = 0.55  # inches left of the axes for the event numbers on the y axis
_TICK_SPACING = 0.5  # inches: event-number ticks at least this far apart
_ARROW_RAD = -0.3  # the bend of the cause arrows (matplotlib's arc3 connection)
_CURVES_PER_PATH = 64  # cause curves drawn as one path when the rows are squeezed


def plot_timeline(
    events: Iterable[Event] | HasEvents,
    *,
    lanes: Sequence[str] | None = None,
    kinds: Iterable[str] | None = None,
    highlight: int | None = None,
    arrows: bool = False,
    width: float = 9.0,
    title: str | None = None,
    label_width: int = 70,
    labels: bool | None = None,
    legend: bool = True,
) -> Figure:
    """Draw the events (or a game's events) as swimlanes and return the figure.

    ``kinds`` limits which event kinds are drawn (turn and step markers and priority passes
    are hidden by default); ``highlight`` rings one event; ``arrows`` draws cause links. ``labels``
    draws each event's number and text beside its row: ``None`` (the default) while they
    fit, ``True`` always, ``False`` never (the event numbers go on the y axis instead).
    ``legend`` explains the marks below the lanes: what each color means (only those used),
    the ring and the arrows.
    """
    evs = events_of(events)
    wanted = set(kinds) if kinds is not None else None
    shown = [e for e in evs if (e.kind in wanted if wanted is not None else e.kind not in HIDDEN_KINDS)]
    if lanes is None:
        lanes = _lanes(evs)
    lane_x = {name: i for i, name in enumerate(lanes)}
    n = len(shown)
    rows = max(n, 1)
    colors = [c for c in COLOR_MEANINGS if any(KIND_COLORS.get(e.kind, DEFAULT_COLOR) == c for e in shown)]
    entries = len(colors) + (highlight in {e.seq for e in shown}) + bool(arrows and shown)
    extra = _LEGEND_ROW * math.ceil(entries / 2) + 0.1 if legend and entries else 0.0
    squeezed = MARGIN_HEIGHT + extra + ROW_HEIGHT * rows > MAX_HEIGHT
    height = MAX_HEIGHT if squeezed else MARGIN_HEIGHT + extra + ROW_HEIGHT * rows
    bottom = _BOTTOM + extra
    pitch = (height - _TOP - bottom) / (rows + 0.4) * 72  # points from one row to the next
    # Full-size markers and text while the rows have room for them (always, below the cap).
    scale = min(1.0, 0.9 * pitch / math.sqrt(MARKER_SIZE)) if squeezed else 1.0
    font = min(FONT_SIZE, 0.8 * pitch) if squeezed else FONT_SIZE
    draw_labels = labels if labels is not None else font >= MIN_AUTO_FONT
    left = 0.02 if draw_labels else min(_TICK_MARGIN / width, 0.3)
    right = len(lanes) + 4.2 if draw_labels else len(lanes) - 0.4  # the x axis limit

    fig, ax = plt.subplots(figsize=(width, height), dpi=100)
    row = {e.seq: i for i, e in enumerate(shown)}
    xs = [lane_x.get(e.lane, lane_x.get("game", 0)) for e in shown]
    for x in lane_x.values():
        ax.axvline(x, color="#e4e4e4", lw=10, zorder=0)
    _draw_markers(ax, shown, xs, highlight, scale)
    if draw_labels:
        for i, e in enumerate(shown):
            text = _shorten(e.text, label_width)
            ax.text(len(lanes) - 0.45, i, f"{e.seq:>3}  {text}", va="center", fontsize=font,
                    fontweight="bold" if e.seq == highlight else "normal", color="#222222",
                    family="monospace")
    if arrows:
        # (The tail of an arrow whose cause is in no lane given is at x = 0, as it always was.)
        links = [(lane_x.get(shown[row[e.cause]].lane, 0), row[e.cause], xs[i], i)
                 for i, e in enumerate(shown) if e.cause in row]
        if not squeezed:
            for cx, crow, x, i in links:
                ax.annotate("", xy=(x, i), xytext=(cx, crow),
                            arrowprops=dict(arrowstyle="->", color="#888888", lw=0.8,
                                            connectionstyle=f"arc3,rad={_ARROW_RAD}"), zorder=2)
        elif links:
            per_lane = width * (0.98 - left) / (right + 0.6)  # inches from one lane to the next
            ax.add_collection(PathCollection(_curves(links, per_lane, pitch / 72), facecolors="none",
                                             edgecolors="#888888", linewidths=0.5, zorder=2,
                                             transform=ax.transData), autolim=False)
    _format(ax, lanes, n, title, right)
    if not draw_labels:
        _event_ticks(ax, shown, pitch)
    fig.subplots_adjust(left=left, right=0.98, top=1 - _TOP / height, bottom=bottom / height)
    if extra:
        _legend(fig, colors, highlight in {e.seq for e in shown}, bool(arrows and shown))
    return fig


def _shorten(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters, cut between words (never mid-word)."""
    if len(text) <= width:
        return text
    cut = text[: width - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > width // 2 else cut).rstrip(" ,.;:(") + "…"


def _legend(fig: Figure, colors: Sequence[str], ring: bool, arrows: bool) -> None:
    """What the marks mean, in two columns under the lanes."""
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker="o", ls="", markersize=7, markerfacecolor=c,
                      markeredgecolor="white", label=COLOR_MEANINGS[c]) for c in colors]
    if ring:
        handles.append(Line2D([], [], marker="o", ls="", markersize=8, markerfacecolor="white",
                              markeredgecolor="black", markeredgewidth=EDGE_WIDTH,
                              label="ringed: the event in question"))
    if arrows:
        handles.append(Line2D([], [], color="#888888", lw=0.8, marker=">", markersize=4,
                              label="arrow: from an event to what it caused"))
    fig.legend(handles=handles, loc="lower left", bbox_to_anchor=(0.02, 0.0), ncol=2, fontsize=7,
               frameon=False, handletextpad=0.3, columnspacing=1.5, borderaxespad=0.2)


def _player_names(evs: Sequence[Event]) -> list[str]:
    """The players in turn order, from the game's first event (empty without one)."""
    players: list[str] = []
    for e in evs:
        if isinstance(e, GameBegan):
            players = list(e.names)
    return players


def _lanes(evs: list[Event]) -> list[str]:
    """Players in turn order (from the game's first event, if it is there), else in order of
    appearance; then the stack and the game."""
    players = _player_names(evs)
    if not players:
        players = list(dict.fromkeys(e.lane for e in evs if e.lane not in ("stack", "game")))
    extra = [name for name in ("stack", "game") if any(e.lane == name and e.kind not in HIDDEN_KINDS
                                                       for e in evs)]
    return players + extra


def _draw_markers(ax: Axes, shown: Sequence[Event], xs: Sequence[int], highlight: int | None,
                  scale: float) -> None:
    """The markers: kind colors with white edges, and a black ring for ``highlight``.

    One scatter per color (and one for the ring), so a few collections however long the game:
    a scatter of one style is drawn as stamped markers, pixel for pixel as a scatter per event
    would be. ``scale`` (at most 1) shrinks the markers and their edges to the rows' spacing."""
    size = max(math.sqrt(MARKER_SIZE) * scale, MIN_MARKER_DIAMETER) ** 2 if scale < 1 else MARKER_SIZE
    groups: dict[tuple[str, bool], tuple[list[int], list[int]]] = {}
    for i, (e, x) in enumerate(zip(shown, xs, strict=True)):
        key = (KIND_COLORS.get(e.kind, DEFAULT_COLOR), e.seq == highlight)
        gx, gy = groups.setdefault(key, ([], []))
        gx.append(x)
        gy.append(i)
    for (color, ring), (gx, gy) in sorted(groups.items(), key=lambda item: item[0][1]):  # rings on top
        ax.scatter(np.asarray(gx, dtype=float), np.asarray(gy, dtype=float), s=RING_SIZE if ring else size,
                   color=color, zorder=3, edgecolors="black" if ring else "white",
                   linewidths=EDGE_WIDTH if ring else EDGE_WIDTH * scale)


def _curves(links: Sequence[tuple[int, int, int, int]], per_lane: float, per_row: float) -> list[Path]:
    """The cause links as quadratic curves, each from a cause ``(x, row)`` to its event
    ``(x, row)``, bent in inches like the ``arc3`` arrows of small plots (``per_lane`` and
    ``per_row`` are inches per unit of x and per row). ``_CURVES_PER_PATH`` curves make one
    path: Agg rasterizes a path at once, so one path of every curve would take memory that
    grows with the game."""
    a = np.asarray(links, dtype=float)
    start = a[:, :2] * (per_lane, -per_row)  # inches, y up
    end = a[:, 2:] * (per_lane, -per_row)
    d = end - start
    control = (start + end) / 2 + _ARROW_RAD * np.stack([d[:, 1], -d[:, 0]], axis=1)
    verts = np.stack([start, control, end], axis=1).reshape(-1, 2) / (per_lane, -per_row)
    codes = np.tile(np.array([Path.MOVETO, Path.CURVE3, Path.CURVE3], dtype=Path.code_type), len(a))
    k = 3 * _CURVES_PER_PATH
    return [Path(verts[i:i + k], codes[i:i + k]) for i in range(0, len(verts), k)]


def _event_ticks(ax: Axes, shown: Sequence[Event], pitch: float) -> None:
    """Event numbers on the y axis, at least ``_TICK_SPACING`` inches apart: at the first event
    from each multiple of a round step of numbers (or every round step of rows, if the events
    are not in order)."""
    if not shown:
        return
    need = _TICK_SPACING * 72 / pitch  # rows from one tick to the next, at least
    seqs = [e.seq for e in shown]
    rows: list[int] = []
    if all(a < b for a, b in itertools.pairwise(seqs)):
        step = _round_step(need * (seqs[-1] - seqs[0] + 1) / len(seqs))
        for m in range(-(-seqs[0] // step) * step, seqs[-1] + 1, step):
            i = bisect.bisect_left(seqs, m)
            if i < len(seqs) and (not rows or i - rows[-1] >= need / 2):  # not crowded by a gap
                rows.append(i)
    else:
        rows = list(range(0, len(seqs), _round_step(need)))
    ax.set_yticks(rows, [str(seqs[i]) for i in rows], fontsize=7, color="#444444")
    ax.tick_params(axis="y", length=2, pad=2, color="#bbbbbb")


def _round_step(at_least: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that is at least ``at_least``."""
    power = 1
    while True:
        for m in (1, 2, 5):
            if m * power >= at_least:
                return m * power
        power *= 10


def _format(ax: Axes, lanes: Sequence[str], n: int, title: str | None, right: float) -> None:
    ax.set_xlim(-0.6, right)
    ax.set_ylim(max(n, 1) - 0.4, -0.8)
    ax.set_xticks(range(len(lanes)), list(lanes), fontsize=9)
    ax.xaxis.tick_top()
    ax.set_yticks([])
    for side in ("top", "right", "left", "bottom"):
        ax.spines[side].set_visible(False)
    ax.tick_params(axis="x", length=0)
    if title:
        ax.set_title(title, fontsize=10, loc="left", pad=18)
