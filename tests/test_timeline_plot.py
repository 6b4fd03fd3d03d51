"""The timeline DataFrame (documented columns) and the matplotlib swimlanes."""

from __future__ import annotations

import io
import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.collections import PathCollection  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.path import Path  # noqa: E402

from mtgkit import Game  # noqa: E402
from mtgkit.plot import (  # noqa: E402
    DPI,
    FONT_SIZE,
    HIDDEN_KINDS,
    MARKER_SIZE,
    MARKS,
    MAX_HEIGHT,
    RING_SIZE,
    WIDTH,
    _shorten,
    mark_of,
    plot_timeline,
)
from mtgkit.scenario import example as scenario_example  # noqa: E402
from mtgkit.scenario import load_scenario  # noqa: E402
from mtgkit.timeline import COLUMNS, since, timeline  # noqa: E402


def example() -> Game:
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    g.resolve()
    g.put_onto_battlefield("Contamination", "Bob")
    g.put_onto_battlefield("Mana Reflection", "Alice")
    g.activate(g.put_onto_battlefield("Forest", "Alice"), order=["Contamination", "Mana Reflection"])
    return g


def test_columns_are_stable_and_documented_in_readme() -> None:
    df = timeline(example())
    assert list(df.columns) == COLUMNS
    from pathlib import Path

    readme = (Path(__file__).parents[1] / "README.md").read_text()
    for col in COLUMNS:
        assert f"`{col}`" in readme, f"column {col} is not documented in the README"


def test_rows_match_events_and_can_be_filtered() -> None:
    g = example()
    df = timeline(g)
    assert len(df) == len(g.events)
    replaced = df[df.kind == "replace"]
    assert list(replaced.text.str.split(":").str[0]) == ["Contamination", "Mana Reflection"]
    mana = df[(df.kind == "mana") & (df.object == "Forest")]
    assert mana.iloc[0].text.startswith("Alice adds {B}{B}")
    assert int(mana.iloc[0].cause) == int(df[(df.kind == "activate") & (df.object == "Forest")].seq.iloc[0])
    assert list(since(df, 20).seq)[0] == 20
    assert len(timeline(g, include_setup=False)) == len(g.events) - 5


def test_stack_lane_is_used_for_spells() -> None:
    df = timeline(example())
    assert set(df[df.kind.isin(["cast", "resolve"])].lane) == {"stack"}


def event_labels(ax: Axes) -> list[tuple[str, str]]:
    """Each event's label as drawn: (its number, its text), in order."""
    texts = [t.get_text() for t in ax.texts if getattr(t, "arrow_patch", None) is None]
    return list(zip(texts[::2], texts[1::2], strict=True))


def test_plot_has_one_lane_per_player_plus_stack_and_game_and_is_deterministic() -> None:
    g = example()
    fig = plot_timeline(g, arrows=True, highlight=20, title="t")
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    used = {e.lane for e in g.events if e.kind not in HIDDEN_KINDS}
    assert labels == ["Alice", "Bob", "stack"] + (["game"] if "game" in used else [])
    texts = event_labels(fig.axes[0])
    shown = [e for e in g.events if e.kind not in HIDDEN_KINDS]
    assert [int(seq) for seq, _ in texts] == [e.seq for e in shown]
    size = tuple(fig.get_size_inches())
    fig2 = plot_timeline(g, arrows=True, highlight=20, title="t")
    assert tuple(fig2.get_size_inches()) == size
    assert event_labels(fig2.axes[0]) == texts
    arrows = [t for t in fig.axes[0].texts if getattr(t, "arrow_patch", None) is not None]
    assert len(arrows) == sum(1 for e in shown if e.cause is not None and any(
        c.seq == e.cause for c in shown))
    plt.close("all")


def test_plot_kind_filter() -> None:
    fig = plot_timeline(example(), kinds=["mana"])
    assert len(event_labels(fig.axes[0])) == 2
    plt.close("all")


def test_plot_of_a_slice_of_events_still_has_a_lane_per_player() -> None:
    g = example()
    fig = plot_timeline(g.events[10:])
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert labels[:2] == ["Alice", "Bob"] or labels[0] == "Alice"
    assert "stack" in labels
    plt.close("all")


def test_no_lane_is_always_empty_and_the_legend_explains_the_marks() -> None:
    g = example()
    fig = plot_timeline(g, arrows=True, highlight=g.events[-1].seq)
    lanes = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    shown = [e for e in g.events if e.kind not in HIDDEN_KINDS]
    assert set(lanes) == {e.lane for e in shown}  # every lane holds a mark
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    marks = {mark_of(e.kind) for e in shown}
    assert legend[:-2] == [m.meaning for m in MARKS if m in marks]  # the marks used, the ring, the arrows
    assert "ringed: the event in question" in legend and any("arrow" in t for t in legend)
    assert not plot_timeline(g, legend=False).legends
    plt.close("all")


def test_labels_are_cut_between_words_never_mid_word() -> None:
    text = "The monarch's ability triggers (Alice controls it): At the beginning of the end step"
    short = _shorten(text, 40)
    assert len(short) <= 40 and short.endswith("…")
    assert text.startswith(short[:-1]) and text[len(short) - 1] == " "


# --- Long games: bounded figure, bounded artists; small games keep their look -------------

HIDDEN = HIDDEN_KINDS


def long_log(n: int) -> list:
    """A log of ``n`` shown events: the example game's shown events again and again, each copy
    renumbered (its causes too), after the game's "players" event (which names the lanes)."""
    g = example()
    shown = [e for e in g.events if e.kind not in HIDDEN]
    out = [g.events[0]]
    copy = 0
    while len(out) <= n:
        offset = copy * len(g.events)
        out += [e.replace(seq=e.seq + offset, cause=None if e.cause is None else e.cause + offset)
                for e in shown[: n + 1 - len(out)]]
        copy += 1
    return out


def markers(ax: Axes) -> list[tuple[float, float, str, float]]:
    """Every marker as (x, row, face color, size), whichever collections draw them."""
    out = []
    for c in ax.collections:
        if not isinstance(c, PathCollection) or not len(c.get_sizes()):
            continue
        sizes = np.broadcast_to(c.get_sizes(), (len(c.get_offsets()),))
        hollow = not len(c.get_facecolors())  # a ring
        faces = [None] * len(sizes) if hollow else np.broadcast_to(c.get_facecolors(), (len(sizes), 4))
        for (x, y), face, s in zip(c.get_offsets(), faces, sizes, strict=True):
            out.append((float(x), float(y), "none" if face is None else to_hex(face), float(s)))
    return sorted(out, key=lambda m: m[1])


def annotations(ax: Axes) -> list:
    return [t for t in ax.texts if getattr(t, "arrow_patch", None) is not None]


def test_long_game_plot_has_a_bounded_size_and_a_bounded_number_of_artists() -> None:
    counts = []
    for n in (1500, 6000):
        fig = plot_timeline(long_log(n), arrows=True, highlight=30)
        ax = fig.axes[0]
        width, height = fig.canvas.get_width_height()
        assert (width, height) == (DPI * WIDTH, DPI * MAX_HEIGHT) and height < 2**16
        assert len([m for m in markers(ax) if m[2] != "none"]) == n, "every event still has its marker"
        assert len(ax.texts) == 0 and len(ax.patches) == 0, "no artist per event"
        ticks = [t.get_text() for t in ax.get_yticklabels()]
        assert 10 <= len(ticks) <= 100 and all(t.isdigit() for t in ticks), "event numbers on the y axis"
        counts.append((len(ax.collections), len(ax.lines), len(ticks) > 0))
        plt.close(fig)
    assert counts[0] == counts[1], "the number of artists does not grow with the game"
    assert counts[0][0] <= len(MARKS) + 3


def test_long_game_plot_draws_labels_on_request_and_rings_the_highlight() -> None:
    log = long_log(800)
    shown = [e for e in log if e.kind not in HIDDEN]
    fig = plot_timeline(log, labels=True, highlight=shown[400].seq)
    ax = fig.axes[0]
    texts = event_labels(ax)
    assert len(texts) == 800 and texts[400] == (str(shown[400].seq), _shorten(shown[400].text, 70))
    assert all(t.get_fontsize() < 8 for t in ax.texts), "squeezed rows get smaller text"
    assert [t.get_fontweight() for t in ax.texts].count("bold") == 2  # its number and its text
    rings = [c for c in ax.collections if isinstance(c, PathCollection)
             and list(c.get_sizes()) == [RING_SIZE]]
    lane = [t.get_text() for t in ax.get_xticklabels()].index(shown[400].lane)
    assert len(rings) == 1 and [tuple(map(float, o)) for o in rings[0].get_offsets()] == [(lane, 400.0)]
    assert tuple(fig.get_size_inches()) == (WIDTH, MAX_HEIGHT)
    plt.close(fig)
    fig = plot_timeline(log[:200], labels=None)
    assert len(event_labels(fig.axes[0])) == len([e for e in log[:200] if e.kind not in HIDDEN]), "they fit"
    plt.close(fig)


def test_long_game_cause_arrows_are_one_collection_of_curves() -> None:
    log = long_log(3000)
    shown = [e for e in log if e.kind not in HIDDEN]
    seqs = {e.seq for e in shown}
    links = sum(1 for e in shown if e.cause in seqs)
    assert links > 1000
    ax = plot_timeline(log).axes[0]
    ax_arrows = plot_timeline(log, arrows=True).axes[0]
    assert annotations(ax_arrows) == []
    new = [c for c in ax_arrows.collections if not len(c.get_sizes()) or c.get_sizes()[0] < 1]
    assert len(ax_arrows.collections) == len(ax.collections) + 1 and len(new) == 1
    assert sum((path.codes == Path.MOVETO).sum() for path in new[0].get_paths()) == links
    plt.close("all")


@pytest.mark.parametrize("name", ["01-tap-and-untap", "04-reflection-orders", "06-the-monarch"])
def test_small_game_plot_keeps_its_markers_full_labels_and_arrows(name: str) -> None:
    game = load_scenario(scenario_example(name)).game
    shown = [e for e in game.events if e.kind not in HIDDEN]
    highlight = shown[3].seq
    fig = plot_timeline(game, arrows=True, highlight=highlight, legend=False)
    ax = fig.axes[0]
    assert fig.get_size_inches()[0] == WIDTH and fig.get_size_inches()[1] < MAX_HEIGHT
    lanes = [t.get_text() for t in ax.get_xticklabels()]
    drawn = [m for m in markers(ax) if m[3] == MARKER_SIZE]
    assert [(x, face) for x, _, face, _ in drawn] == [
        (float(lanes.index(e.lane)), mark_of(e.kind).color.lower()) for e in shown]
    ys = [y for _, y, _, _ in drawn]
    assert ys == sorted(ys) and len(set(ys)) == len(ys), "one row per event, top to bottom"
    ring = [m for m in markers(ax) if m[3] == RING_SIZE]
    assert [(x, y) for x, y, _, _ in ring] == [(x, y) for x, y, _, _ in drawn if y == ys[3]]
    for c in ax.collections:  # one style per scatter: stamped as markers
        assert len(c.get_facecolors()) <= 1 and len(c.get_edgecolors()) == len(c.get_sizes()) == 1
    labels = event_labels(ax)
    assert [seq for seq, _ in labels] == [str(e.seq) for e in shown]
    assert [" ".join(text.split()) for _, text in labels] == [" ".join(e.text.split()) for e in shown], \
        "never cut: every word of every event, wrapped"
    assert {t.get_fontsize() for t in ax.texts if getattr(t, "arrow_patch", None) is None} == {FONT_SIZE}
    seqs = {e.seq for e in shown}
    assert len(annotations(ax)) == sum(1 for e in shown if e.cause in seqs) > 0
    assert ax.get_yticks().size == 0
    plt.close(fig)


def test_the_figure_grows_with_the_rows_up_to_the_cap_then_stays() -> None:
    heights = [plot_timeline(long_log(n), legend=False).get_size_inches()[1] for n in (10, 40, 80)]
    assert heights == sorted(heights) and heights[-1] < MAX_HEIGHT
    assert len(annotations(plot_timeline(long_log(80), arrows=True, legend=False).axes[0])) > 0
    above = plot_timeline(long_log(200), legend=False)
    assert tuple(above.get_size_inches()) == (WIDTH, MAX_HEIGHT)
    assert len(event_labels(above.axes[0])) == 200
    plt.close("all")


def test_labels_false_puts_event_numbers_on_the_y_axis() -> None:
    g = example()
    shown = [e for e in g.events if e.kind not in HIDDEN]
    ax = plot_timeline(g, labels=False).axes[0]
    assert len(ax.texts) == 0
    ticks = [int(t.get_text()) for t in ax.get_yticklabels()]
    assert ticks and set(ticks) <= {e.seq for e in shown} and ticks == sorted(ticks)
    plt.close("all")


def test_long_game_plot_is_deterministic() -> None:
    log = long_log(2000)

    def png() -> bytes:
        fig = plot_timeline(log, arrows=True, highlight=50)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=20)
        plt.close(fig)
        return buf.getvalue()

    assert png() == png()


# --- A plot a room can read, and a screen reader too ------------------------------------------

#: JupyterLab's output area at 1280x720 with the file browser open (measured in the browser tier,
#: tests/browser/test_notebooks_in_lab.py, which also measures the rendered labels).
OUTPUT_WIDTH_AT_1280 = 848
OKABE_ITO = {"#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7"}


def course_plots() -> list[tuple[str, object]]:
    """The worked examples' timelines, drawn as the notebooks draw them (arrows, a title)."""
    names = ["00-first-forest", "01-tap-and-untap", "02-undefined-mana", "03-pale-moon",
             "04-reflection-orders", "05-ballista-and-clone", "06-the-monarch", "07-protector"]
    out = []
    for name in names:
        scenario = load_scenario(scenario_example(name))
        out.append((name, plot_timeline(scenario.game, arrows=True, title=scenario.title,
                                        highlight=scenario.game.events[-1].seq)))
    return out


@pytest.mark.slow
def test_projected_at_1280x720_every_text_is_at_least_14_pixels_and_nothing_is_cut() -> None:
    for name, fig in course_plots():
        png = fig.png()
        width_px = int.from_bytes(png[16:20], "big")
        assert width_px <= OUTPUT_WIDTH_AT_1280, (name, width_px)  # shown at full size: no scaling
        renderer = fig.canvas.get_renderer()
        fig.canvas.draw()
        box = fig.bbox
        texts = [t for t in fig.findobj(matplotlib.text.Text) if t.get_text().strip() and t.get_visible()]
        assert len(texts) > 10, name
        for t in texts:
            assert t.get_fontsize() * DPI / 72 >= 14, (name, t.get_text(), t.get_fontsize())
            extent = t.get_window_extent(renderer)
            assert box.x0 - 0.5 <= extent.x0 and extent.x1 <= box.x1 + 0.5, (name, t.get_text())
            assert box.y0 - 0.5 <= extent.y0 and extent.y1 <= box.y1 + 0.5, (name, t.get_text())
        assert not any(t.get_text().endswith("…") for t in texts), name
        plt.close(fig)


def test_marks_differ_by_shape_as_well_as_by_color_blind_safe_color() -> None:
    assert len({m.marker for m in MARKS}) == len(MARKS), "every category has a shape of its own"
    assert len({(m.color, m.marker) for m in MARKS}) == len(MARKS)
    assert {m.color.lower() for m in MARKS} - OKABE_ITO == {"#999999"}, "Okabe-Ito, and grey for the rest"
    assert mark_of("tap").marker != mark_of("damage").marker  # the two oranges of issue 22


def test_a_timeline_plot_shows_in_a_notebook_as_an_image_with_its_text_alternative() -> None:
    import base64
    import html

    g = example()
    fig = plot_timeline(g, arrows=True, title='Bolt "and" <Contamination>')
    shown = [e for e in g.events if e.kind not in HIDDEN_KINDS]
    data, meta = fig._repr_mimebundle_()
    assert data["text/plain"] == fig.alt and meta["image/png"]["alt"] == fig.alt
    img = re.fullmatch(r'<img src="data:image/png;base64,([^"]+)" alt="([^"]*)" width="(\d+)" '
                       r'style="max-width: 100%; height: auto">', data["text/html"])
    assert img and html.unescape(img.group(2)) == fig.alt and img.group(1) == data["image/png"]
    assert base64.b64decode(img.group(1))[:4] == b"\x89PNG" and int(img.group(3)) <= OUTPUT_WIDTH_AT_1280
    alt = fig.alt
    assert alt.startswith('Timeline plot, Bolt "and" <Contamination>: ')
    assert [int(m) for m in re.findall(r"#(\d+) \w+, ", alt)] == [e.seq for e in shown]
    assert all(e.text.rstrip(".") in alt for e in shown) and "Arrows link each event" in alt
    plt.close("all")


def test_in_a_notebook_the_plot_is_saved_once_with_its_alt_text() -> None:
    """Under IPython's inline backend (which renders a PNG of every Figure), a timeline plot's
    output holds its own 256-color PNG once in the <img> and once as image/png, not a second,
    bigger rendering."""
    from IPython.core.interactiveshell import InteractiveShell
    from matplotlib_inline.backend_inline import select_figure_formats
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.enabled = False  # no history database
    shell = InteractiveShell.instance(config=config)
    try:
        select_figure_formats(shell, {"png"})
        fig = plot_timeline(example(), arrows=True, title="t")
        data, meta = shell.display_formatter.format(fig)
        assert f"base64,{data['image/png']}\"" in data["text/html"]
        assert meta["image/png"]["alt"] == fig.alt == data["text/plain"]
        plain, _ = plt.subplots()  # any other figure still gets the inline backend's PNG
        assert "image/png" in shell.display_formatter.format(plain)[0]
    finally:
        InteractiveShell.clear_instance()
        plt.close("all")


def test_an_empty_timeline_still_draws_and_says_so() -> None:
    fig = plot_timeline([])
    assert fig.png()[:4] == b"\x89PNG"
    assert fig.alt == "Timeline plot: no events."
    plt.close(fig)
