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


# ----------------------------------------------------------------------------- one writer at a time
def _copy(tmp_path: Path, solutions: bool) -> dict[str, bytes]:
    from mtgkit.course import write_course

    ref = tmp_path / ("teacher" if solutions else "student")
    write_course(ref, solutions=solutions)
    return {str(p.relative_to(ref)): p.read_bytes() for p in sorted(ref.rglob("*")) if p.is_file()}


def test_a_course_and_a_teacher_copy_racing_into_one_folder_leave_one_of_them(tmp_path: Path) -> None:
    """Issue 32, item 4: `mtgkit course d & mtgkit course d --solutions`. Exactly one wins, each
    time; the other gets one line and exit 2; the folder holds exactly the winner's copy (no
    student notebooks beside solutions/). Each process prepares its files, says so, and calls
    the real ``write_files`` when the test says go, both at once, so the two meet inside the
    writing (left to chance, they meet about 1 try in 8). Four pairs, each into its own folder;
    before the lock, both won in the first."""
    import subprocess
    import sys

    copies = {False: _copy(tmp_path, False), True: _copy(tmp_path, True)}
    together = ("import sys\nimport mtgkit.__main__ as m, mtgkit.course as c\n"
                "real = c.write_files\n"
                "def synced(*args, **kwargs):\n"
                "    print('ready', flush=True)\n"
                "    sys.stdin.readline()\n"
                "    return real(*args, **kwargs)\n"
                "c.write_files = synced\n"
                "raise SystemExit(m.main(sys.argv[1:]))\n")
    pairs = {round_: {teacher: subprocess.Popen([sys.executable, "-c", together, "course",
                                                 str(tmp_path / f"d{round_}")] + ["--solutions"] * teacher,
                                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                                stderr=subprocess.PIPE, text=True)
                      for teacher in (False, True)} for round_ in range(4)}
    for procs in pairs.values():
        for p in procs.values():
            assert p.stdout is not None and p.stdout.readline() == "ready\n"
    for procs in pairs.values():
        for p in procs.values():  # go: both of a pair at once
            assert p.stdin is not None
            p.stdin.write("go\n")
            p.stdin.flush()
    busy = 0
    for round_, procs in pairs.items():
        results = {teacher: (*p.communicate(timeout=120), p.returncode) for teacher, p in procs.items()}
        winners = [teacher for teacher, (_, _, code) in results.items() if code == 0]
        assert len(winners) == 1, results
        _, err, code = results[not winners[0]]
        assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
        assert "another mtgkit command is writing into this folder now" in err or "already holds" in err, err
        busy += "another mtgkit" in err
        dest = tmp_path / f"d{round_}"
        present = {str(p.relative_to(dest)): p.read_bytes() for p in sorted(dest.rglob("*")) if p.is_file()}
        assert present == copies[winners[0]], round_
    assert busy, "the two never met inside the writing: the race was not tried"


def test_a_folder_another_command_is_writing_into_is_refused_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import mtgkit.__main__ as cli
    from mtgkit import files
    from mtgkit.course import CourseError, write_course

    dest = tmp_path / "d"
    dest.mkdir()
    with files.locked(dest):
        with pytest.raises(CourseError, match=r"d: another mtgkit command is writing into this folder now; "
                                              "run this one again when it has finished$"):
            write_course(dest, solutions=True)
        assert cli.main(["course", str(dest)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert list(dest.iterdir()) == []
    assert len(write_course(dest)) == 9  # the lock is gone with its holder


def test_the_checks_are_made_again_under_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The student copy lands between the first check and the lock: the teacher copy finds it
    there (as a second command would) and writes nothing."""
    from mtgkit import files
    from mtgkit.course import CourseError, write_course

    dest = tmp_path / "d"
    real = files.locked

    @contextlib.contextmanager
    def late(path: Path):  # type: ignore[no-untyped-def]
        monkeypatch.setattr(files, "locked", real)
        write_course(dest)  # another command, quicker
        with real(path):
            yield

    monkeypatch.setattr(files, "locked", late)
    with pytest.raises(CourseError, match="already holds 00-start-here.ipynb"):
        write_course(dest, solutions=True)
    assert not (dest / "solutions").exists()


def test_python_m_mtgkit_course_escapes_a_newline_in_its_folder(tmp_path: Path) -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "mtgkit.course", str(tmp_path / "nl\nFORGED line")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert "nl\\nFORGED line: no such folder" in out.stderr


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
