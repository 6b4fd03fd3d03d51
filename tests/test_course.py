"""The course: notebooks match the index, links are true, solutions are right."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import nbformat
import pytest
from helpers import load_tool

from mtgkit.assignments import EXERCISES
from mtgkit.course import NOTEBOOKS, TEACHER_HINT, neighbours

ROOT = Path(__file__).resolve().parents[1]
NB = ROOT / "notebooks"


def load(stem: str) -> nbformat.NotebookNode:
    return nbformat.read(NB / f"{stem}.ipynb", as_version=4)


def test_index_lists_exactly_the_notebooks_on_disk() -> None:
    on_disk = sorted(p.stem for p in NB.glob("*.ipynb"))
    assert on_disk == [s for s, _ in NOTEBOOKS]
    for stem in on_disk:
        assert re.fullmatch(r"\d\d-[a-z0-9-]+", stem)
    index = "\n".join(c.source for c in load("00-start-here").cells if c.cell_type == "markdown")
    for stem, _title in NOTEBOOKS:
        assert f"]({stem}.ipynb)" in index


@pytest.mark.parametrize("stem", [s for s, _ in NOTEBOOKS])
def test_each_notebook_starts_with_objectives_and_ends_with_key_points_and_links(stem: str) -> None:
    cells = load(stem).cells
    assert cells[0].cell_type == "markdown" and cells[0].source.startswith("# ")
    assert re.search(r"Objectives|You will learn", cells[0].source)
    last = cells[-1].source
    assert "## Key points" in last
    prev, nxt = neighbours(stem)
    for other in (prev, nxt):
        if other:
            assert f"]({other}.ipynb)" in last
    if stem != "00-start-here":
        assert "](00-start-here.ipynb)" in last


@pytest.mark.parametrize("stem", [s for s, _ in NOTEBOOKS if s != "00-start-here"])
def test_rule_notebooks_cite_the_edition_and_have_exercises_and_widgets(stem: str) -> None:
    nb = load(stem)
    text = "\n".join(c.source for c in nb.cells)
    assert "2026-08-07" in text
    assert text.count("## Exercise") >= 2
    assert "why(" in text
    widgets = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
               if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert widgets, "a rule notebook needs an explorer"


def test_no_notebook_has_errors_or_stderr_in_committed_outputs() -> None:
    for stem, _ in NOTEBOOKS:
        for c in load(stem).cells:
            for o in c.get("outputs", []):
                assert o.output_type != "error", stem
                assert not (o.output_type == "stream" and o.name == "stderr"), stem


def _run_exercise_with_solution(stem: str, solution: str) -> str:
    """Run the notebook's code up to the checker cells, then the solution file."""
    ns: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for c in load(stem).cells:
            if c.cell_type == "code" and "Widget" not in c.source and "Explorer" not in c.source \
                    and "plt.show" not in c.source and "Stepper" not in c.source:
                exec(compile(c.source, stem, "exec"), ns)  # our own committed notebook code
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile((NB / "solutions" / solution).read_text(), solution, "exec"), ns)
    return out.getvalue()


@pytest.mark.parametrize(("stem", "solution"), [(ex.notebook, ex.solution) for ex in EXERCISES])
def test_solutions_are_graded_all_correct(stem: str, solution: str) -> None:
    out = _run_exercise_with_solution(stem, solution)
    first = out.splitlines()[0]
    n, total = first.split()[0].split("/")
    assert n == total, out


def test_student_copy_has_no_solutions_or_teacher_hints(tmp_path: Path) -> None:
    import json

    mod = load_tool("student_copy")
    written = mod.student_copy(tmp_path / "class")
    assert sorted(p.name for p in written) == sorted(f"{s}.ipynb" for s, _ in NOTEBOOKS)
    assert not (tmp_path / "class" / "solutions").exists()
    for path in written:
        nb = json.loads(path.read_text())
        original = nbformat.read(NB / path.name, as_version=4)
        hint_only = [c for c in original.cells if c.cell_type == "markdown"
                     and TEACHER_HINT.fullmatch(c.source.strip())]
        assert len(nb["cells"]) == len(original.cells) - len(hint_only)  # those cells are left out
        text = json.dumps(nb)
        assert "%load solutions" not in text and "Teachers:" not in text
    assert mod.main([str(NB)]) == 2


def test_every_exercise_has_a_solution_file() -> None:
    for stem, _ in NOTEBOOKS:
        text = "\n".join(c.source for c in load(stem).cells if c.cell_type == "markdown")
        for name in re.findall(r"%load (solutions/\S+\.py)", text):
            assert (NB / name).exists(), name


def test_the_readmes_table_of_notebooks_is_the_courses() -> None:
    """README.md's "The course" table lists every notebook of the course in order, each with the
    summary its lesson gives (the topic modules' LESSONS, course.START, practice.LESSON): paste
    ``mtgkit.course.readme_table()`` over it when a lesson is added or reworded."""
    from mtgkit.course import LESSONS, readme_table

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## The course\n", 1)[1].split("\n## ", 1)[0]
    table = "\n".join(line for line in section.splitlines() if line.startswith("|"))
    assert table == readme_table(), "README.md's course table is stale: paste mtgkit.course.readme_table()"
    assert [lesson.stem for lesson in LESSONS] == [stem for stem, _ in NOTEBOOKS]
