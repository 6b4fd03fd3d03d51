"""The course notebooks as slide decks: the slide metadata the builder writes (tools/build_notebooks.py).

Readers of the standard ``slideshow`` metadata (jupyterlab-slideshow in the ``slides`` extra, RISE,
``jupyter nbconvert --to slides``) group cells the same way: ``slide`` and ``subslide`` start a
slide, ``notes`` are speaker notes, ``skip`` is left out, and a cell with no slide type continues
the slide before it. tests/browser/test_slides.py presents one notebook in JupyterLab.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
import pytest
from helpers import load_tool

from mtgkit.course import NOTEBOOKS, TEACHER_HINT, nav_markdown, strip_teacher_hints

ROOT = Path(__file__).resolve().parents[1]
NB = ROOT / "notebooks"
STEMS = [s for s, _ in NOTEBOOKS]
WIDGET = "application/vnd.jupyter.widget-view+json"


builder = load_tool("build_notebooks")


@dataclass
class Slide:
    kind: str  # "slide" or "subslide"
    title: str
    cells: list[dict[str, Any]] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)


def slide_type(cell: dict[str, Any]) -> str | None:
    kind = cell.get("metadata", {}).get("slideshow", {}).get("slide_type")
    assert kind is None or isinstance(kind, str)
    return kind


def deck(nb: dict[str, Any]) -> list[Slide]:
    """The slides a reader of the slideshow metadata makes of ``nb``: (sub)slides with their cells."""
    slides: list[Slide] = []
    for cell in nb["cells"]:
        kind = slide_type(cell)
        source = "".join(cell["source"])
        if kind in ("slide", "subslide") or not slides:
            slides.append(Slide(kind or "slide", source.lstrip().split("\n", 1)[0]))
        if kind == "notes":
            slides[-1].notes.append(cell)
        elif kind != "skip":
            slides[-1].cells.append(cell)
    return slides


def _load(stem: str) -> dict[str, Any]:
    nb: dict[str, Any] = json.loads((NB / f"{stem}.ipynb").read_text())
    return nb


def _shows_widget(cell: dict[str, Any]) -> bool:
    return any(WIDGET in out.get("data", {}) for out in cell.get("outputs", []))


@pytest.mark.parametrize("stem", STEMS)
def test_only_slide_subslide_and_notes_are_written(stem: str) -> None:
    """No cell is marked "-": jupyterlab-slideshow (0.3) leaves such cells out of its slides, so a
    continuing cell carries no slide type at all (the readers' shared default)."""
    kinds = [slide_type(c) for c in _load(stem)["cells"]]
    assert set(kinds) <= {"slide", "subslide", "notes", None}, set(kinds)
    assert kinds[0] == "slide" and None in kinds


@pytest.mark.parametrize("stem", STEMS)
def test_each_notebook_is_a_deck_from_objectives_to_key_points(stem: str) -> None:
    nb = _load(stem)
    slides = deck(nb)
    titles = [s.title for s in slides]
    assert titles[0].startswith("# ")
    first = "".join(slides[0].cells[0]["source"])
    assert "**Objectives.**" in first or "**You will learn how to:**" in first
    # every level-2 heading is a slide of its own, every level-3 heading a sub-slide
    for cell in nb["cells"]:
        line = "".join(cell["source"]).lstrip().split("\n", 1)[0]
        if cell["cell_type"] == "markdown" and line.startswith("## "):
            assert slide_type(cell) == "slide", line
        if cell["cell_type"] == "markdown" and line.startswith("### "):
            assert slide_type(cell) == "subslide", line
    exercises = [t for t in titles if t.startswith("## Exercise")]
    assert exercises and all(slides[titles.index(t)].kind == "slide" for t in exercises)
    # the key points close the deck, with the navigation line shown last on that slide
    assert titles[-1] == "## Key points"
    last = "".join(slides[-1].cells[-1]["source"])
    assert last.splitlines()[-1] == nav_markdown(stem)


@pytest.mark.parametrize("stem", STEMS)
def test_every_code_cell_and_widget_is_on_a_slide(stem: str) -> None:
    """Nothing a class works with is hidden: every code cell is on a slide (none before the title,
    none in notes or skipped), and so is every widget, each under a heading of its own slide."""
    nb = _load(stem)
    on_slides = [id(c) for s in deck(nb) for c in s.cells]
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(id(c) in on_slides for c in code)
    widgets = [c for c in code if _shows_widget(c)]
    assert widgets, f"{stem} shows widgets"
    for s in deck(nb):
        if any(_shows_widget(c) for c in s.cells):
            assert s.title.startswith("##"), s.title


@pytest.mark.parametrize("stem", STEMS)
def test_teacher_hints_are_speaker_notes_and_nothing_else_is(stem: str) -> None:
    nb = _load(stem)
    hints = [c for c in nb["cells"] if c["cell_type"] == "markdown"
             and TEACHER_HINT.fullmatch("".join(c["source"]).strip())]
    notes = [c for s in deck(nb) for c in s.notes]
    assert [c["id"] for c in notes] == [c["id"] for c in hints]
    # on the slides themselves, no hint: the projected deck gives nothing away
    shown = "".join("".join(c["source"]) for s in deck(nb) for c in s.cells)
    assert "(Teachers:" not in shown
    # the student copy leaves those notes out (strip_teacher_hints: no blank cell on a projected
    # page), and no markdown cell in it is empty, and it keeps the slides
    student = strip_teacher_hints(copy.deepcopy(nb))
    assert not [c for s in deck(student) for c in s.notes]
    assert all("".join(c["source"]).strip() for c in student["cells"] if c["cell_type"] == "markdown")
    assert [s.title for s in deck(student)] == [s.title for s in deck(nb)]


def test_some_notebook_has_teacher_notes_and_sub_slides() -> None:
    decks = [deck(_load(s)) for s in STEMS]
    assert sum(len(s.notes) for d in decks for s in d) >= 2 * (len(STEMS) - 1)
    assert any(s.kind == "subslide" for d in decks for s in d)


@pytest.mark.parametrize(("source", "cell_type", "expected"), [
    ("# Title\n\n**Objectives.**", "markdown", "slide"),
    ("## Exercise 1", "markdown", "slide"),
    ("\n## After a blank line", "markdown", "slide"),
    ("### Why?", "markdown", "subslide"),
    ("#### Small heading", "markdown", None),
    ("#Not a heading", "markdown", None),
    ("Some text, then ## not a heading", "markdown", None),
    ("(Teachers: `%load solutions/06_exercise1.py` in the cell below fills in the answers.)",
     "markdown", "notes"),
    ("(Teachers: the key is `render_worksheet` with `key=True`. Print the\nworksheet.)",
     "markdown", "notes"),
    ("Answer in Python. (Teachers: a hint inside other text stays on the slide.)", "markdown", None),
    ("# ## a comment in code", "code", None),
    ("answers1 = {key: None for key in cases1}", "code", None),
])
def test_builder_slide_type(source: str, cell_type: str, expected: str | None) -> None:
    make: Callable[[str], nbformat.NotebookNode] = (
        nbformat.v4.new_markdown_cell if cell_type == "markdown" else nbformat.v4.new_code_cell)
    assert builder.slide_type(make(source)) == expected


def test_builder_writes_no_slide_type_for_a_continuing_cell(tmp_path: Path) -> None:
    source = tmp_path / "42-demo.py"
    source.write_text("# %% [markdown]\n# # Demo\n\n# %%\nx = 1\n\n# %% [markdown]\n# More text.\n\n"
                      "# %% [markdown]\n# (Teachers: a hint.)\n\n# %% [markdown]\n# ### Detail\n")
    nb = builder.notebook(source)
    assert [dict(c.metadata) for c in nb.cells] == [
        {"slideshow": {"slide_type": "slide"}}, {}, {},
        {"slideshow": {"slide_type": "notes"}}, {"slideshow": {"slide_type": "subslide"}}]
    assert re.fullmatch(r"42-0\d", nb.cells[0].id)
