"""The timeline DataFrame (documented columns) and the matplotlib swimlanes."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from mtgkit import Game  # noqa: E402
from mtgkit.plot import plot_timeline  # noqa: E402
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


def test_plot_has_one_lane_per_player_plus_stack_and_game_and_is_deterministic() -> None:
    g = example()
    fig = plot_timeline(g, arrows=True, highlight=20, title="t")
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert labels == ["Alice", "Bob", "stack", "game"]
    texts = [t.get_text() for t in fig.axes[0].texts if getattr(t, "arrow_patch", None) is None]
    shown = [e for e in g.events if e.kind not in ("players", "turn", "step")]
    assert len(texts) == len(shown)
    size = tuple(fig.get_size_inches())
    fig2 = plot_timeline(g, arrows=True, highlight=20, title="t")
    assert tuple(fig2.get_size_inches()) == size
    assert [t.get_text() for t in fig2.axes[0].texts if getattr(t, "arrow_patch", None) is None] == texts
    arrows = [t for t in fig.axes[0].texts if getattr(t, "arrow_patch", None) is not None]
    assert len(arrows) == sum(1 for e in shown if e.cause is not None and any(
        c.seq == e.cause for c in shown))
    plt.close("all")


def test_plot_kind_filter() -> None:
    fig = plot_timeline(example(), kinds=["mana"])
    assert len(fig.axes[0].texts) == 2
    plt.close("all")


def test_plot_of_a_slice_of_events_still_has_a_lane_per_player() -> None:
    g = example()
    fig = plot_timeline(g.events[10:])
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert labels[:2] == ["Alice", "Bob"] or labels[0] == "Alice"
    assert "game" in labels and "stack" in labels
    plt.close("all")
