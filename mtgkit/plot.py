"""Timeline swimlanes with matplotlib: one lane per player (plus the stack and the game).

Time runs down the page: one row per event, a marker in the lane of the player (or the
stack) it belongs to, and the event's number and text beside it. Each category of event has a
color from the Okabe-Ito palette (safe for color-blind readers) **and** a marker shape of its
own, so the marks differ without color too; optional arrows link each event to its cause.
Output is deterministic: no dates and no randomness.

**A plot a room can read.** The figure is ``width`` inches wide (8 by default: 800 pixels,
which JupyterLab shows at full size at 1280x720 with its file browser open) and its text is at
least ``FONT_SIZE`` points (11: 15 pixels at that size). An event's text is never cut: it wraps
onto as many lines as it needs, and its row grows to hold them.

**A plot a screen reader can read.** :func:`plot_timeline` returns a :class:`TimelineFigure`:
a matplotlib figure that carries a text alternative (``fig.alt``: the title, the lanes and every
event, top to bottom) and shows itself in a notebook as an image with that alt text
(``text/html``), as a PNG whose metadata has it (``image/png``, for nbconvert and static sites)
and as the text itself (``text/plain``).

The plot scales to long games. The figure grows row by row up to ``MAX_HEIGHT`` inches and then
stays that tall, so the rows get closer together and memory stays bounded; the rows then hold
one line each (a long text ends with "…"). Past about 376 rows the rows are too close together
for readable text, so they get no labels unless you pass ``labels=True`` (then the text is as
small as the rows are: save as SVG or PDF to zoom in, or plot a slice of the events); the event
numbers are then on the y axis. Cause arrows are curved arrows while every row has its full
height, and one collection of the same curves, without heads, once the rows are squeezed.
"""

from __future__ import annotations

import base64
import bisect
import html
import io
import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path

from .events import Event, GameBegan, HasEvents, events_of


class Mark(NamedTuple):
    """How one category of events is drawn: a color, a marker shape, and what it means."""

    color: str
    marker: str
    meaning: str


#: The categories, in the legend's order: Okabe-Ito colors, and a shape each.
ACTION = Mark("#0072B2", "s", "a player's action (activate, cast, land, attack, block)")
TAPPING = Mark("#E69F00", "v", "tap, untap, spend, life, counters")
MANA = Mark("#009E73", "o", "mana added")
REPLACE = Mark("#CC79A7", "D", "replacement effect")
CHOICE = Mark("#F0E442", "P", "a choice")
STACK = Mark("#56B4E9", "^", "trigger, stack, resolve")
NOTHING = Mark("#D55E00", "X", "no mana, damage, dies, does nothing")
MONARCH = Mark("#000000", "*", "the monarch")
LEAVE = Mark("#000000", "h", "a player leaves the game")
OTHER = Mark("#999999", "p", "other (enter, move, setup, effects, ...)")
MARKS: tuple[Mark, ...] = (ACTION, TAPPING, MANA, REPLACE, CHOICE, STACK, NOTHING, MONARCH, LEAVE, OTHER)
#: The category of each kind of event (any other kind: ``OTHER``).
KIND_MARKS: dict[str, Mark] = {
    **dict.fromkeys(("activate", "cast", "land", "attack", "block"), ACTION),
    **dict.fromkeys(("tap", "untap", "spend", "life", "counters"), TAPPING),
    "mana": MANA, "no_mana": NOTHING, "replace": REPLACE, "choice": CHOICE,
    **dict.fromkeys(("trigger", "stack", "resolve"), STACK),
    **dict.fromkeys(("fizzle", "damage", "sba"), NOTHING),
    "monarch": MONARCH, "leave": LEAVE,
}
#: Marker colors by kind, and the color of every other kind (as the marks above have them).
KIND_COLORS = {kind: mark.color for kind, mark in KIND_MARKS.items()}
DEFAULT_COLOR = OTHER.color
HIDDEN_KINDS = frozenset({"players", "turn", "step", "pass"})


def mark_of(kind: str) -> Mark:
    """How an event of ``kind`` is drawn."""
    return KIND_MARKS.get(kind, OTHER)


#: Text sizes in points (at 100 dpi a point is 1.39 pixels): labels, lane names, title, legend.
FONT_SIZE = 11.0
LANE_FONT = 11.0
TITLE_FONT = 13.0
LEGEND_FONT = 10.5
FONT = "DejaVu Sans"  # ships with matplotlib: the same text on every machine
LINE_SPACING = 1.2
#: The default width in inches (800 pixels at 100 dpi).
WIDTH = 8.0
DPI = 100
#: Inches per one-line row; each more line of a wrapped text adds ``LINE_HEIGHT``.
ROW_HEIGHT = 0.32
LINE_HEIGHT = FONT_SIZE * LINE_SPACING / 72
#: The tallest figure, in inches (4,000 pixels at 100 dpi): past that the rows get closer
#: together instead of the figure taller.
MAX_HEIGHT = 40.0
#: With ``labels=None`` (auto), labels are drawn while they can be at least this big (points).
MIN_AUTO_FONT = 6.0
MARKER_SIZE = 90.0  # points squared, as in scatter
RING_SIZE = 260.0
EDGE_WIDTH = 0.8
RING_WIDTH = 1.6
EDGE_COLOR = "#333333"  # a dark edge: a yellow mark shows on white too
MIN_MARKER_DIAMETER = 2.0  # points: markers of squeezed rows get no smaller
LANE_WIDTH = 0.85  # inches from one lane to the next (less when many lanes must fit)
_SEQ_WIDTH = 0.42  # inches for the event numbers right of the lanes
_GAP = 0.08  # inches between an event's number and its text
_SIDE = 0.1  # inches left and right of the axes
_TOP, _BOTTOM = 0.75, 0.15  # inches above and below the axes (title, lane names)
_LEGEND_ROW = LEGEND_FONT * 1.45 / 72  # inches per row of the legend
_TICK_MARGIN = 0.55  # inches left of the axes for the event numbers on the y axis
_TICK_SPACING = 0.5  # inches: event-number ticks at least this far apart
_ARROW_RAD = -0.3  # the bend of the cause arrows (matplotlib's arc3 connection)
_CURVES_PER_PATH = 64  # cause curves drawn as one path when the rows are squeezed
#: The text alternative lists this many events at most (then says how many more there are).
ALT_EVENTS = 60


class TimelineFigure(Figure):
    """A timeline plot: a matplotlib :class:`~matplotlib.figure.Figure` with a text
    alternative, ``alt``, that a notebook shows with the image (an ``<img alt=...>``)."""

    alt: str = ""

    def png(self) -> bytes:
        """The figure as a PNG, cropped to what is drawn (as a notebook shows a figure), in 256
        colors (a quarter of the bytes of matplotlib's own PNG, with the same look: the plot
        has a few colors and the grays of its text)."""
        from PIL import Image

        buf = io.BytesIO()
        self.savefig(buf, format="png", bbox_inches="tight", facecolor="white")
        image = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
        out = io.BytesIO()
        image.quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(out, format="png", optimize=True)
        return out.getvalue()

    def _repr_mimebundle_(self, include: object = None, exclude: object = None
                          ) -> tuple[dict[str, Any], dict[str, Any]]:
        _own_png_in_ipython()
        png = self.png()
        width = int.from_bytes(png[16:20], "big")  # the PNG header's width, in pixels
        data = base64.b64encode(png).decode("ascii")
        alt = html.escape(self.alt, quote=True)
        return ({"text/html": f'<img src="data:image/png;base64,{data}" alt="{alt}" width="{width}" '
                              'style="max-width: 100%; height: auto">',
                 "image/png": data, "text/plain": self.alt},
                {"image/png": {"alt": self.alt}})


def _own_png_in_ipython() -> None:
    """In IPython, a :class:`TimelineFigure` shows the PNG of its bundle (with its alt text):
    the inline backend's PNG printer for every Figure would replace it with a second rendering,
    four times the bytes, saved in the notebook next to the one in the ``<img>``."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - the kernel extra has IPython
        return
    shell = get_ipython()
    if shell is not None:
        shell.display_formatter.formatters["image/png"].for_type(TimelineFigure, lambda fig: None)


def describe(shown: Sequence[Event], lanes: Sequence[str], title: str | None = None, *,
             arrows: bool = False, highlight: int | None = None) -> str:
    """The text alternative of a timeline plot: what it shows, in words, top to bottom.

    >>> from mtgkit import Game
    >>> g = Game(["Alice", "Bob"])
    >>> _ = g.activate(g.put_onto_battlefield("Forest", "Alice"))
    >>> text = describe([e for e in g.events if e.kind in ("tap", "mana")], ["Alice", "Bob"], "A Forest")
    >>> text.split(" #")[0]
    'Timeline plot, A Forest: 2 events, top to bottom, in lanes for Alice and Bob.'
    >>> [part.split(":")[0] for part in text.split(" #")[1:]]
    ['11 Alice, tap', '12 Alice, mana']
    """
    names = list(lanes)
    where = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    head = "Timeline plot" + (f", {title}" if title else "")
    if not shown or not where:
        return f"{head}: no events."
    rows = [f"#{e.seq} {e.lane}, {e.kind}: {e.text.rstrip('.')}" + (" (the event in question)"
                                                                     if e.seq == highlight else "") + "."
            for e in shown[:ALT_EVENTS]]
    more = len(shown) - len(rows)
    parts = [f"{head}: {len(shown)} event{'s' if len(shown) != 1 else ''}, top to bottom, in lanes for "
             f"{where}.", *rows]
    if more:
        parts.append(f"And {more} more events (timeline(game) lists them all).")
    if arrows and any(e.cause is not None for e in shown):
        parts.append("Arrows link each event to the event that caused it.")
    return " ".join(parts)


def plot_timeline(
    events: Iterable[Event] | HasEvents,
    *,
    lanes: Sequence[str] | None = None,
    kinds: Iterable[str] | None = None,
    highlight: int | None = None,
    arrows: bool = False,
    width: float = WIDTH,
    title: str | None = None,
    label_width: int | None = None,
    labels: bool | None = None,
    legend: bool = True,
) -> TimelineFigure:
    """Draw the events (or a game's events) as swimlanes and return the figure.

    ``kinds`` limits which event kinds are drawn (turn and step markers and priority passes
    are hidden by default); ``highlight`` rings one event; ``arrows`` draws cause links. ``labels``
    draws each event's number and text beside its row: ``None`` (the default) while they
    fit, ``True`` always, ``False`` never (the event numbers go on the y axis instead). A text
    wraps at the figure's edge, or after ``label_width`` characters if that comes first.
    ``legend`` explains the marks below the lanes: what each color and shape means (only those
    used), the ring and the arrows. The figure's ``alt`` says what it shows (:func:`describe`).
    """
    evs = events_of(events)
    wanted = set(kinds) if kinds is not None else None
    shown = [e for e in evs if (e.kind in wanted if wanted is not None else e.kind not in HIDDEN_KINDS)]
    if lanes is None:
        lanes = _lanes(evs)
    lane_x = {name: i for i, name in enumerate(lanes)}
    n = len(shown)
    used = [m for m in MARKS if any(mark_of(e.kind) == m for e in shown)]
    ringed = highlight in {e.seq for e in shown}
    entries = len(used) + ringed + bool(arrows and shown)

    fig = plt.figure(figsize=(width, 1.0), dpi=DPI, FigureClass=TimelineFigure)
    assert isinstance(fig, TimelineFigure)
    fig.patch.set_facecolor("white")
    measure = _measurer(fig)
    columns = _legend_columns(used, width, measure) if legend and entries else 1
    extra = _LEGEND_ROW * math.ceil(entries / columns) + 0.1 if legend and entries else 0.0
    lane_w = min(LANE_WIDTH, max(0.3, (width - 2 * _SIDE - 3.5) / max(len(lanes), 1)))
    span = (width - 2 * _SIDE) / lane_w  # lane units across the axes
    text_x = len(lanes) - 0.5 + (_SEQ_WIDTH + _GAP) / lane_w  # where an event's text starts
    room = (span - 0.6 - text_x) * lane_w * DPI - 6  # pixels for a line of text

    # Rows: one line each while they fit below MAX_HEIGHT, each text wrapped; else squeezed.
    fixed = _TOP + _BOTTOM + extra
    wrap = labels is not False and fixed + ROW_HEIGHT * (n + 0.4) <= MAX_HEIGHT  # else squeezed anyway
    bold = _measurer(fig, "bold")  # the highlighted event's text
    lines = [_wrap(e.text, room, bold if e.seq == highlight else measure, label_width) if wrap else [e.text]
             for e in shown]
    more = [len(ls) - 1 for ls in lines]
    per_line = LINE_HEIGHT / ROW_HEIGHT  # row units per more line
    units = n + per_line * sum(more) if n else 1
    squeezed = fixed + ROW_HEIGHT * (units + 0.4) > MAX_HEIGHT
    if squeezed:
        more, units = [0] * n, max(n, 1)
    height = MAX_HEIGHT if squeezed else fixed + ROW_HEIGHT * (units + 0.4)
    fig.set_size_inches(width, height)
    bottom = _BOTTOM + extra
    pitch = (height - _TOP - bottom) / (units + 0.4) * 72  # points per row unit
    ys = list(itertools.accumulate([0.0] + [1 + per_line * m for m in more[:-1]]))[:n] if not squeezed \
        else [float(i) for i in range(n)]
    # Full-size markers and text while the rows have room for them (always, below the cap).
    scale = min(1.0, 0.9 * pitch / math.sqrt(MARKER_SIZE)) if squeezed else 1.0
    font = min(FONT_SIZE, 0.8 * pitch) if squeezed else FONT_SIZE
    draw_labels = labels if labels is not None else font >= MIN_AUTO_FONT
    left = _SIDE / width if draw_labels else min(_TICK_MARGIN / width, 0.3)
    right = span - 0.6 if draw_labels else len(lanes) - 0.4  # the x axis limit

    ax = fig.add_subplot()
    row = {e.seq: i for i, e in enumerate(shown)}
    xs = [lane_x.get(e.lane, lane_x.get("game", 0)) for e in shown]
    for x in lane_x.values():
        ax.axvline(x, color="#e4e4e4", lw=10, zorder=0)
    _draw_markers(ax, shown, xs, ys, highlight, scale)
    if draw_labels:
        number_x = text_x - _GAP / lane_w
        for i, e in enumerate(shown):
            weight = "bold" if e.seq == highlight else "normal"
            text = "\n".join(lines[i]) if not squeezed else _shorten(e.text, label_width or 70)
            y = ys[i] - (0.5 * LINE_HEIGHT / ROW_HEIGHT if not squeezed else 0.0)
            va = "top" if not squeezed else "center"
            ax.text(number_x, y, str(e.seq), ha="right", va=va, fontsize=font, color="#555555",
                    family=FONT, fontweight=weight, parse_math=False, linespacing=LINE_SPACING)
            ax.text(text_x, y, text, va=va, fontsize=font, fontweight=weight, color="#222222",
                    family=FONT, parse_math=False, linespacing=LINE_SPACING)
    if arrows:
        # (The tail of an arrow whose cause is in no lane given is at x = 0, as it always was.)
        links = [(lane_x.get(shown[row[e.cause]].lane, 0), ys[row[e.cause]], xs[i], ys[i])
                 for i, e in enumerate(shown) if e.cause in row]
        if not squeezed:
            for cx, cy, x, y in links:
                ax.annotate("", xy=(x, y), xytext=(cx, cy),
                            arrowprops=dict(arrowstyle="->", color="#777777", lw=0.9,
                                            connectionstyle=f"arc3,rad={_ARROW_RAD}"), zorder=2)
        elif links:
            per_lane = width * (1 - _SIDE / width - left) / (right + 0.6)  # inches from one lane to the next
            ax.add_collection(PathCollection(_curves(links, per_lane, pitch / 72), facecolors="none",
                                             edgecolors="#888888", linewidths=0.5, zorder=2,
                                             transform=ax.transData), autolim=False)
    _format(ax, lanes, units, title, right)
    if not draw_labels:
        _event_ticks(ax, shown, pitch)
    fig.subplots_adjust(left=left, right=1 - _SIDE / width, top=1 - _TOP / height, bottom=bottom / height)
    if extra:
        _legend(fig, used, ringed, bool(arrows and shown), columns)
    fig.alt = describe(shown, lanes, title, arrows=arrows, highlight=highlight)
    return fig


def _measurer(fig: Figure, weight: str = "normal") -> Callable[[str], float]:
    """The width in pixels of a label's text, as the figure will draw it in ``weight``: its
    words' widths (each measured once) and the spaces between them."""
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]  # Agg's canvas has one
    prop = FontProperties(family=FONT, size=FONT_SIZE, weight=weight)
    widths: dict[str, float] = {}

    def word(w: str) -> float:
        if w not in widths:
            widths[w] = float(renderer.get_text_width_height_descent(w, prop, ismath=False)[0])
        return widths[w]

    def measure(text: str) -> float:
        words = text.split(" ")
        space = word("x x") - 2 * word("x")
        return sum(word(w) for w in words) + (len(words) - 1) * space
    return measure


def _wrap(text: str, room: float, measure: Callable[[str], float], limit: int | None = None) -> list[str]:
    """``text`` in lines at most ``room`` pixels wide (and ``limit`` characters, if given), broken
    between words; a word too long for a line of its own is broken where the line is full."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if not line or (measure(trial) <= room and (limit is None or len(trial) <= limit)):
            line = trial
            continue
        lines.append(line)
        line = word
    lines.append(line)
    out: list[str] = []
    for line in lines:  # a single word wider than the room
        while measure(line) > room and len(line) > 1:
            cut = next(i for i in range(len(line) - 1, 0, -1) if measure(line[:i]) <= room or i == 1)
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


def _shorten(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters, cut between words (never mid-word): the label
    of a squeezed row, which has room for one line."""
    if len(text) <= width:
        return text
    cut = text[: width - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > width // 2 else cut).rstrip(" ,.;:(") + "…"


def _legend_columns(used: Sequence[Mark], width: float, measure: Callable[[str], float]) -> int:
    """Two columns when the longest meaning fits twice across the figure, else one."""
    widest = max((measure(m.meaning) for m in used), default=0.0) * LEGEND_FONT / FONT_SIZE
    return 2 if 2 * (widest + 40) <= (width - 2 * _SIDE) * DPI - 20 else 1


def _legend(fig: Figure, used: Sequence[Mark], ring: bool, arrows: bool, columns: int) -> None:
    """What the marks mean, under the lanes."""
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker=m.marker, ls="", markersize=8, markerfacecolor=m.color,
                      markeredgecolor=EDGE_COLOR, markeredgewidth=EDGE_WIDTH, label=m.meaning) for m in used]
    if ring:
        handles.append(Line2D([], [], marker="o", ls="", markersize=11, markerfacecolor="none",
                              markeredgecolor="black", markeredgewidth=RING_WIDTH,
                              label="ringed: the event in question"))
    if arrows:
        handles.append(Line2D([], [], color="#777777", lw=0.9, marker=">", markersize=5,
                              label="arrow: from an event to what it caused"))
    fig.legend(handles=handles, loc="lower left", bbox_to_anchor=(_SIDE / fig.get_figwidth(), 0.0),
               ncol=columns, frameon=False, handletextpad=0.3, columnspacing=1.5, borderaxespad=0.2,
               prop=FontProperties(family=FONT, size=LEGEND_FONT))


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


def _draw_markers(ax: Axes, shown: Sequence[Event], xs: Sequence[int], ys: Sequence[float],
                  highlight: int | None, scale: float) -> None:
    """The markers: one shape and color per category, with dark edges, and a black ring around
    ``highlight``.

    One scatter per category (and one for the ring), so a few collections however long the game:
    a scatter of one style is drawn as stamped markers, pixel for pixel as a scatter per event
    would be. ``scale`` (at most 1) shrinks the markers and their edges to the rows' spacing."""
    size = max(math.sqrt(MARKER_SIZE) * scale, MIN_MARKER_DIAMETER) ** 2 if scale < 1 else MARKER_SIZE
    groups: dict[Mark, tuple[list[int], list[float]]] = {}
    for e, x, y in zip(shown, xs, ys, strict=True):
        gx, gy = groups.setdefault(mark_of(e.kind), ([], []))
        gx.append(x)
        gy.append(y)
    for mark in MARKS:
        if mark in groups:
            gx, gy = groups[mark]
            ax.scatter(np.asarray(gx, dtype=float), np.asarray(gy, dtype=float), s=size, marker=mark.marker,
                       color=mark.color, zorder=3, edgecolors=EDGE_COLOR, linewidths=EDGE_WIDTH * scale)
    ring = [(x, y) for e, x, y in zip(shown, xs, ys, strict=True) if e.seq == highlight]
    if ring:
        ax.scatter([float(x) for x, _ in ring], [y for _, y in ring], s=RING_SIZE, marker="o",
                   facecolors="none", edgecolors="black", linewidths=RING_WIDTH, zorder=4)


def _curves(links: Sequence[tuple[int, float, int, float]], per_lane: float, per_row: float) -> list[Path]:
    """The cause links as quadratic curves, each from a cause ``(x, y)`` to its event
    ``(x, y)`` (y in rows), bent in inches like the ``arc3`` arrows of small plots (``per_lane`` and
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


def _format(ax: Axes, lanes: Sequence[str], units: float, title: str | None, right: float) -> None:
    ax.set_xlim(-0.6, right)
    ax.set_ylim(max(units, 1) - 0.4, -0.8)
    ax.set_xticks(range(len(lanes)), list(lanes), fontsize=LANE_FONT, family=FONT)
    ax.xaxis.tick_top()
    ax.set_yticks([])
    for side in ("top", "right", "left", "bottom"):
        ax.spines[side].set_visible(False)
    ax.tick_params(axis="x", length=0)
    if title:
        ax.set_title(title, fontsize=TITLE_FONT, loc="left", pad=22, family=FONT)
