"""The course sources (tools/course/*.py, jupytext percent scripts) and the committed notebooks agree.

Nothing here starts a kernel: the builder's unexecuted notebook is compared with the committed one.
After editing a source, run ``make notebooks`` (or ``python tools/build_notebooks.py NN``).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from helpers import load_tool

from mtgkit.course import NOTEBOOKS
from mtgkit.practice import LESSON as PRACTICE

ROOT = Path(__file__).resolve().parents[1]
NB = ROOT / "notebooks"


builder = load_tool("build_notebooks")
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
    practice_link = f"]({PRACTICE.stem}.ipynb)"
    index = next(c for c in built.cells if practice_link in c.source and c.source.startswith("##"))
    index.source = index.source.replace("8. [Practice", "8. [Old practice")
    built.cells[-1].source += " →"
    problems = builder.stale_markdown("00-start-here", built)
    assert len(problems) == 2 and "course index" in problems[1] and "last cell" in problems[0]


def test_builder_refuses_cell_metadata_it_would_drop(tmp_path: Path) -> None:
    source = tmp_path / "09-extra.py"
    source.write_text('# %% [markdown]\n# # Title\n\n# %% tags=["raises-exception"]\n1 / 0\n')
    with pytest.raises(ValueError, match="metadata"):
        builder.notebook(source)


def test_every_python_route_template_lists_each_question_with_a_none_to_replace() -> None:
    """A learner who knows no Python answers an exercise's Python route (the cell nbgrader
    grades) by replacing each ``None``: the template is a literal dict with one ``None`` per
    case, in the cases' order (or a list of ``None`` per practice question), never a
    comprehension such as ``{key: None for key in cases1}``."""
    import ast

    from mtgkit.assignments import EXERCISES

    for ex in EXERCISES:
        nb = nbformat.read(NB / f"{ex.notebook}.ipynb", as_version=4)
        name = ex.answers[0]
        code = [c.source for c in nb.cells if c.cell_type == "code"]
        template = next(s for s in code if s.lstrip().startswith(f"{name} = "))
        value = next(n.value for n in ast.parse(template).body
                     if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == name)
        where = f"{ex.notebook} exercise {ex.number}"
        if isinstance(value, ast.Dict):
            cases_cell = next(s for s in code if f"{ex.setup[-1]} = {{" in s)
            cases = next(n.value for n in ast.parse(cases_cell).body
                         if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == ex.setup[-1])
            assert isinstance(cases, ast.Dict), where
            assert [ast.literal_eval(k) for k in value.keys if k] == \
                   [ast.literal_eval(k) for k in cases.keys if k], where
            items = value.values
        else:
            assert isinstance(value, ast.List), f"{where}: {ast.unparse(value)[:60]}"
            items = value.elts
        assert items and all(isinstance(v, ast.Constant) and v.value is None for v in items), where


def test_the_course_sources_import_the_kit_from_its_public_modules() -> None:
    """A notebook imports what it uses from the module that owns it: the package (``mtgkit``), a
    topic module (``mtgkit.topics.<topic>``), the shared teaching modules, the timeline, plots and
    widgets; never from ``mtgkit.lessons``, the widgets' re-exports (CONTRIBUTING.md, "The lesson"),
    and never a private name."""
    import ast

    for stem in STEMS:
        tree = ast.parse((ROOT / "tools" / "course" / f"{stem}.py").read_text(encoding="utf-8"))
        froms = [n for n in ast.walk(tree)
                 if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("mtgkit")]
        assert froms, stem
        for node in froms:
            assert node.module != "mtgkit.lessons", f"{stem}: imports {node.module}"
            assert not any(a.name.startswith("_") for a in node.names), f"{stem}: a private name"
            module = __import__(node.module, fromlist=["_"])
            for alias in node.names:
                assert hasattr(module, alias.name), f"{stem}: {node.module} has no {alias.name}"
