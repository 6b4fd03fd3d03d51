"""Build the course notebooks from their jupytext sources in tools/course/ and execute them.

    python tools/build_notebooks.py            # rebuild and execute every notebook
    python tools/build_notebooks.py 01 03      # only these

Layout: one source per notebook, with the same stem: ``tools/course/02-undefined-mana.py``
becomes ``notebooks/02-undefined-mana.ipynb``. A source is a jupytext *percent* script with no
header (one that an editor adds is ignored): ``# %% [markdown]`` starts a markdown cell (its lines
commented with ``# ``), ``# %%`` starts a code cell. Sources are plain Python files that ruff
checks (see the per-file ignores in pyproject.toml); JupyterLab with jupytext opens them as notebooks.

The builder reads a source with jupytext and keeps only each cell's type and text (a cell that
carries other metadata is refused, so nothing is dropped silently). It gives the cells the
stable ids ``NN-ii`` (NN from the file name, ii the cell's index), sets the notebook metadata
itself (kernelspec and language_info; nothing from jupytext), executes the notebook with
nbclient in notebooks/, and writes it only when something besides widget model ids changed.
Execution fills in the outputs that strict nbval compares; re-running must reproduce them.

Every "CR 106.7" in markdown becomes a link to that rule (:mod:`mtgkit.crlinks`), so the
sources stay plain. The cells also get slide metadata (:func:`slide_type`), so a teacher can present any
notebook as slides: in JupyterLab with the ``slides`` extra (``jupyterlab-slideshow``, whose slides
are the live notebook, widgets included), and with any reader of the standard ``slideshow``
metadata (RISE, ``jupyter nbconvert --to slides``).

Computed markdown is written out literally in the sources: the course index in
00-start-here and the navigation line that ends every notebook read exactly as they appear in
the notebook, so a source is what its notebook says. :func:`stale_markdown` compares them with
what :mod:`mtgkit.course` generates; the builder refuses a stale source, and
tests/test_course_sources.py fails on one, naming the line to write.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import jupytext
import nbformat

from mtgkit.course import NOTEBOOKS, TEACHER_HINT, nav_markdown
from mtgkit.crlinks import link_rules_markdown

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "tools" / "course"
NOTEBOOKS_DIR = ROOT / "notebooks"

#: Cell metadata jupytext records about a source's layout (blank lines between cells), not content.
LAYOUT_METADATA = {"lines_to_next_cell"}
INDEX_LINE = re.compile(r"^\d+\. \[.*\]\(\d\d-[a-z0-9-]+\.ipynb\)$")


def sources() -> list[Path]:
    """Every notebook source, in course order."""
    return sorted(COURSE.glob("[0-9][0-9]-*.py"))


def notebook(source: Path) -> nbformat.NotebookNode:
    """The unexecuted notebook for one source: its cells, stable ids and notebook metadata."""
    text = jupytext.read(source, fmt="py:percent")
    name = source.stem
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, cell in enumerate(text.cells):
        extra = set(cell.metadata) - LAYOUT_METADATA
        if extra:
            raise ValueError(f"{source.name}: cell {i} has metadata the builder does not carry: {extra}")
        if cell.cell_type == "markdown":
            new = nbformat.v4.new_markdown_cell(link_rules_markdown(cell.source))
        elif cell.cell_type == "code":
            new = nbformat.v4.new_code_cell(cell.source)
        else:
            raise ValueError(f"{source.name}: cell {i} is a {cell.cell_type} cell; use markdown or code")
        new["id"] = f"{name[:2]}-{i:02d}"
        kind = slide_type(new)
        if kind is not None:
            new.metadata["slideshow"] = {"slide_type": kind}
        nb.cells.append(new)
    return nb


def slide_type(cell: nbformat.NotebookNode) -> str | None:
    """How the cell shows as slides.

    A markdown heading of level 1 or 2 starts a slide (the title slide holds the objectives; then
    the rule, each worked example, explorer, quiz and exercise, and the key points with the
    navigation line last), a level-3 heading a sub-slide (below its slide), and a markdown cell
    that is only a "(Teachers: ...)" hint becomes speaker notes, off the slide. Every other cell
    continues the slide it is on, so a worked example stays with its explanation and its widgets:
    ``None``, no slide metadata at all. A missing slide type is how the readers agree on
    "continue": RISE and nbconvert read it as ``"-"``, and jupyterlab-slideshow (0.3) puts such a
    cell on the slide before it but leaves out every cell marked ``"-"`` (its slides would show
    headings only).
    """
    if cell.cell_type == "markdown":
        first = cell.source.lstrip().split("\n", 1)[0]
        if re.match(r"#{1,2} ", first):
            return "slide"
        if first.startswith("### "):
            return "subslide"
        if TEACHER_HINT.fullmatch(cell.source.strip()):
            return "notes"
    return None


def index_markdown() -> str:
    """The numbered course index that 00-start-here lists."""
    return "\n".join(f"{i}. [{title}]({stem}.ipynb)" for i, (stem, title) in enumerate(NOTEBOOKS))


def stale_markdown(name: str, nb: nbformat.NotebookNode) -> list[str]:
    """How the computed markdown of notebook ``name`` differs from mtgkit.course (empty if current)."""
    problems = []
    last = nb.cells[-1] if nb.cells else None
    nav = nav_markdown(name) if name in dict(NOTEBOOKS) else None
    if nav is None:
        problems.append(f"{name} is not in mtgkit.course.NOTEBOOKS")
    elif last is None or last.cell_type != "markdown" or last.source.splitlines()[-1:] != [nav]:
        problems.append(f"{name}: the last cell must be markdown ending with the line\n{nav}")
    if name == NOTEBOOKS[0][0]:
        listed = [line for c in nb.cells if c.cell_type == "markdown"
                  for line in c.source.splitlines() if INDEX_LINE.match(line)]
        if listed != index_markdown().splitlines():
            problems.append(f"{name}: the course index must read\n{index_markdown()}")
    return problems


def build(source: Path) -> Path:
    from nbclient import NotebookClient

    nb = notebook(source)
    problems = stale_markdown(source.stem, nb)
    if problems:
        raise SystemExit(f"{source.relative_to(ROOT)} is stale:\n" + "\n".join(problems))
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    # coalesce_streams: one print can arrive as several stream messages depending on timing;
    # merging them keeps the committed outputs the same from run to run (nbval merges too).
    NotebookClient(nb, timeout=300, kernel_name="python3", coalesce_streams=True,
                   resources={"metadata": {"path": str(NOTEBOOKS_DIR)}}).execute()
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
    out = NOTEBOOKS_DIR / f"{source.stem}.ipynb"
    if out.exists() and _comparable(nbformat.read(out, as_version=4)) == _comparable(nb):
        return out  # only widget ids would change: keep the file as it is
    nbformat.write(nb, out)
    return out


def _comparable(nb: nbformat.NotebookNode) -> str:
    """The notebook without the parts that are random on every run (widget model ids)."""
    copy = json.loads(nbformat.writes(nb))
    copy["metadata"].pop("widgets", None)
    return re.sub(r'"model_id": "[0-9a-f]+"', '"model_id": ""', json.dumps(copy, sort_keys=True))


def main(argv: list[str]) -> None:
    paths = sources()
    if argv:
        paths = [p for p in paths if p.name[:2] in argv]
    for p in paths:
        print("built", build(p).relative_to(ROOT))


if __name__ == "__main__":
    main(sys.argv[1:])
