"""The course sources (tools/course/*.py, jupytext percent scripts) and the committed notebooks agree.

Nothing here starts a kernel: the builder's unexecuted notebook is compared with the committed one.
After editing a source, run ``make notebooks`` (or ``python tools/build_notebooks.py NN``).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

from mtgkit.course import NOTEBOOKS

ROOT = Path(__file__).resolve().parents[1]
NB = ROOT / "notebooks"


def _builder():
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools" / "build_notebooks.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


builder = _builder()
STEMS = [s for s, _ in NOTEBOOKS]


def _cells(nb: nbformat.NotebookNode) -> list[tuple[str, str, str, dict]]:
    return [(c.cell_type, c.id, c.source, dict(c.metadata)) for c in nb.cells]


def test_every_notebook_has_a_source_and_every_source_a_notebook() -> None:
    notebooks = sorted(p.stem for p in NB.glob("*.ipynb"))
    sources = [p.stem for p in builder.sources()]
    assert sources == notebooks
    assert sorted(p.name for p in (ROOT / "tools" / "course").iterdir() if p.suffix == ".py") == \
        [f"{s}.py" for s in sources], "tools/course/ holds only notebook sources named NN-topic.py"


@pytest.mark.parametrize("stem", STEMS)
def test_committed_notebook_matches_its_source(stem: str) -> None:
    built = builder.notebook(ROOT / "tools" / "course" / f"{stem}.py")
    committed = nbformat.read(NB / f"{stem}.ipynb", as_version=4)
    assert _cells(committed) == _cells(built), (
        f"notebooks/{stem}.ipynb differs from tools/course/{stem}.py: "
        f"run `python tools/build_notebooks.py {stem[:2]}` and commit the notebook")
    assert committed.metadata["kernelspec"] == built.metadata["kernelspec"]
    assert set(committed.metadata) <= {"kernelspec", "language_info", "widgets"}, "no jupytext metadata"


@pytest.mark.parametrize("stem", STEMS)
def test_computed_markdown_is_current(stem: str) -> None:
    built = builder.notebook(ROOT / "tools" / "course" / f"{stem}.py")
    assert builder.stale_markdown(stem, built) == []


def test_stale_markdown_is_caught() -> None:
    built = builder.notebook(ROOT / "tools" / "course" / "00-start-here.py")
    index = next(c for c in built.cells if "](08-practice.ipynb)" in c.source and c.source.startswith("##"))
    index.source = index.source.replace("8. [Practice", "8. [Old practice")
    built.cells[-1].source += " →"
    problems = builder.stale_markdown("00-start-here", built)
    assert len(problems) == 2 and "course index" in problems[1] and "last cell" in problems[0]


def test_builder_refuses_cell_metadata_it_would_drop(tmp_path: Path) -> None:
    source = tmp_path / "09-extra.py"
    source.write_text('# %% [markdown]\n# # Title\n\n# %% tags=["raises-exception"]\n1 / 0\n')
    with pytest.raises(ValueError, match="metadata"):
        builder.notebook(source)
