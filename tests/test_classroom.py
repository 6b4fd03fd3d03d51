"""Running a class: copies of the course, the launcher, Binder, the JupyterHub link, nbgrader.

The nbgrader test runs nbgrader itself (generate_assignment, then autograde) in a throwaway
course folder with HOME in a temp folder; the Binder test runs repo2docker's own parsing of
binder/ (no Docker needed). Both skip, saying why, when their tool isn't installed (they are
in the `test` extra).
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from mtgkit import assignments, course
from mtgkit.assignments import EXERCISES, assignment_notebook, score, write_assignments
from mtgkit.course import NOTEBOOKS, TEACHER_HINT, CourseError, hub_link, write_course

ROOT = Path(__file__).resolve().parents[1]
NB = ROOT / "notebooks"
STEMS = [s for s, _ in NOTEBOOKS]


def mtgkit_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mtgkit", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120)


def _text(nb: dict[str, Any]) -> str:
    return "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                     for c in nb["cells"])


# ----------------------------------------------------------------------------- copies of the course
def test_student_copy_from_the_command_line(tmp_path: Path) -> None:
    out = mtgkit_cli("course", str(tmp_path / "class"))
    assert out.returncode == 0, out.stderr
    assert "student copy (9 notebooks, no solutions)" in out.stdout
    written = sorted(p.relative_to(tmp_path / "class").as_posix() for p in (tmp_path / "class").rglob("*"))
    assert written == sorted(f"{s}.ipynb" for s in STEMS)
    for stem in STEMS:
        copy = json.loads((tmp_path / "class" / f"{stem}.ipynb").read_text())
        original = json.loads((NB / f"{stem}.ipynb").read_text())
        # every cell but those that were only a teacher's hint, in order, with its outputs
        hint_only = {c["id"] for c in original["cells"] if c["cell_type"] == "markdown"
                     and TEACHER_HINT.fullmatch("".join(c["source"]).strip())}
        kept = [c for c in original["cells"] if c["id"] not in hint_only]
        assert [c["id"] for c in copy["cells"]] == [c["id"] for c in kept]
        assert "Teachers:" not in _text(copy) and "%load solutions" not in _text(copy)
        assert [c.get("outputs") for c in copy["cells"]] == [c.get("outputs") for c in kept]
        assert all(_text({"cells": [c]}).strip() for c in copy["cells"] if c["cell_type"] == "markdown")
    assert any("Teachers:" in _text(json.loads((NB / f"{s}.ipynb").read_text())) for s in STEMS), \
        "the course has teacher hints to strip"


def test_teacher_copy_is_the_course_as_it_is_with_solutions(tmp_path: Path) -> None:
    out = mtgkit_cli("course", str(tmp_path / "teacher"), "--solutions")
    assert out.returncode == 0, out.stderr
    assert "teacher copy (9 notebooks and 16 solutions)" in out.stdout
    for path in [*NB.glob("*.ipynb"), *(NB / "solutions").glob("*.py")]:
        assert (tmp_path / "teacher" / path.relative_to(NB)).read_bytes() == path.read_bytes()


def test_a_copy_never_overwrites_a_learners_work_unless_forced(tmp_path: Path) -> None:
    dest = tmp_path / "class"
    assert mtgkit_cli("course", str(dest)).returncode == 0
    (dest / "01-tap-and-untap.ipynb").write_text("my answers")
    out = mtgkit_cli("course", str(dest))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    # only the file that differs is in the way: the others hold exactly the course's text
    assert "already holds 01-tap-and-untap.ipynb;" in out.stderr and "--force" in out.stderr
    assert (dest / "01-tap-and-untap.ipynb").read_text() == "my answers"
    assert mtgkit_cli("course", str(dest), "--force").returncode == 0
    assert (dest / "01-tap-and-untap.ipynb").read_text() != "my answers"
    with pytest.raises(CourseError, match="the course's own folder"):
        write_course(NB, force=True, source=NB)


def test_the_course_is_found_in_a_checkout_and_in_an_installed_package(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert course.course_dir() == NB
    installed = tmp_path / "site-packages" / "mtgkit"
    shutil.copytree(NB, installed / "notebooks")
    (installed / "course.py").write_text("")
    monkeypatch.setattr(course, "__file__", str(installed / "course.py"))
    assert course.course_dir() == installed / "notebooks"
    shutil.rmtree(installed / "notebooks")
    with pytest.raises(CourseError, match="the course notebooks are missing"):
        course.course_dir()


# ----------------------------------------------------------------------------- the launcher
@pytest.mark.parametrize("args,words", [
    (["/no/such/folder"], "/no/such/folder: no such folder"),
    (["a", "b"], "usage: python -m mtgkit.course [FOLDER]"),
    (["--help"], "usage: python -m mtgkit.course [FOLDER]"),
])
def test_launcher_exits_2_with_one_line_when_it_cannot_start(args: list[str], words: str) -> None:
    out = subprocess.run([sys.executable, "-m", "mtgkit.course", *args], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert words in out.stderr


def test_launcher_refuses_a_folder_that_is_not_a_course(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert course.main([str(tmp_path)]) == 2
    assert "not a course folder (no 00-start-here.ipynb)" in capsys.readouterr().err


def test_launcher_says_how_to_get_jupyterlab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    write_course(tmp_path)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "jupyterlab" else real(name))
    assert course.main([str(tmp_path)]) == 2
    assert "pip install 'mtgkit[lab]'" in capsys.readouterr().err


def test_launcher_returns_jupyterlabs_exit_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """kit.py course runs `python -m mtgkit.course` in the checkout: the checkout's notebooks/."""
    calls: list[list[str]] = []

    def fake_run(cmd: list[str], check: bool) -> subprocess.CompletedProcess[str]:
        calls.append(cmd)
        return subprocess.CompletedProcess(cmd, 3)

    monkeypatch.setattr(course.subprocess, "run", fake_run)
    assert course.main([]) == 3
    assert f"--ServerApp.root_dir={NB}" in calls[0]
    assert "--LabApp.default_url=/lab/tree/00-start-here.ipynb" in calls[0]


# ----------------------------------------------------------------------------- JupyterHub + nbgitpuller
def test_hub_link_has_nbgitpullers_documented_format() -> None:
    """nbgitpuller's link generator (docs/_static/link_gen/link.js): the hub's URL plus
    hub/user-redirect/git-pull, with repo, branch and urlpath as query parameters; urlpath for
    JupyterLab is lab/tree/<folder in the home>/<file>. targetpath names that folder."""
    link = hub_link("https://hub.example.edu", "https://github.com/me/mtgkit-class.git", branch="student")
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc) == ("https", "hub.example.edu")
    assert parts.path == "/hub/user-redirect/git-pull"
    params = dict(parse_qsl(parts.query, strict_parsing=True))
    assert params == {"repo": "https://github.com/me/mtgkit-class.git", "branch": "student",
                      "targetpath": "mtgkit-course", "urlpath": "lab/tree/mtgkit-course/00-start-here.ipynb"}
    # encoded as the generator's URLSearchParams encodes them
    assert "repo=https%3A%2F%2Fgithub.com%2Fme%2Fmtgkit-class.git" in parts.query
    assert "urlpath=lab%2Ftree%2Fmtgkit-course%2F00-start-here.ipynb" in parts.query
    # a hub under a path keeps it; a trailing slash is not doubled
    assert hub_link("https://uni.edu/jupyter/", "https://git.uni.edu/r", folder="mtg/week1").startswith(
        "https://uni.edu/jupyter/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgit.uni.edu%2Fr&branch=main&"
        "targetpath=mtg%2Fweek1&")


@pytest.mark.parametrize("kwargs,words", [
    ({"hub": "hub.example.edu"}, "--hub"),
    ({"hub": "https://hub.example.edu?x=1"}, "--hub"),
    ({"repo": ""}, "--repo"),
    ({"branch": "a b"}, "--branch"),
    ({"folder": "../etc"}, "--folder"),
    ({"folder": "/home/me"}, "--folder"),
    ({"notebook": "../x.ipynb"}, "--notebook"),
])
def test_hub_link_refuses_what_would_not_work(kwargs: dict[str, str], words: str) -> None:
    args = {"hub": "https://hub.example.edu", "repo": "https://github.com/me/class", **kwargs}
    hub, repo = args.pop("hub"), args.pop("repo")
    with pytest.raises(ValueError, match=words):
        hub_link(hub, repo, **args)


def test_hub_link_command() -> None:
    out = mtgkit_cli("hub-link", "--hub", "https://hub.example.edu", "--repo", "https://github.com/me/c",
                     "--branch", "student")
    assert out.returncode == 0 and out.stdout.strip() == hub_link(
        "https://hub.example.edu", "https://github.com/me/c", branch="student")
    out = mtgkit_cli("hub-link", "--hub", "nope", "--repo", "https://github.com/me/c")
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert out.stderr.startswith("error: --hub 'nope'")


# ----------------------------------------------------------------------------- Binder
def _kernel_extra() -> list[str]:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["kernel"]


def test_binder_requirements_are_the_kernel_extra() -> None:
    lines = [line.strip() for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()]
    assert [line for line in lines if line and not line.startswith("#")] == _kernel_extra()
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    assert os.access(ROOT / "binder" / "postBuild", os.X_OK)


def test_binder_link_opens_the_copy_postbuild_writes() -> None:
    readme = (ROOT / "README.md").read_text()
    badge = re.search(r"\(https://mybinder\.org/v2/gh/([^)?]+)\?urlpath=([^)]+)\)", readme)
    assert badge, "the README's Binder badge"
    assert badge.group(2) == "lab/tree/course/00-start-here.ipynb"
    assert "python -m mtgkit course course" in (ROOT / "binder" / "postBuild").read_text()


def test_postbuild_leaves_the_student_copy_and_no_solutions(tmp_path: Path) -> None:
    """Run binder/postBuild in a copy of the repository, with a stand-in for pip (no install)."""
    home = tmp_path / "home"
    shutil.copytree(ROOT, home, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis", ".ruff_cache"))
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "python").write_text(f'#!/bin/sh\nif [ "$1 $2" = "-m pip" ]; then\n'
                                 f'    echo "$@" >> "{tmp_path}/pip.log"; exit 0\nfi\n'
                                 f'exec "{sys.executable}" "$@"\n')
    (fake / "python").chmod(0o755)
    env = {**os.environ, "PATH": f"{fake}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(home)}
    out = subprocess.run(["bash", str(home / "binder" / "postBuild")], cwd=home, env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    pip = (tmp_path / "pip.log").read_text().split()
    assert pip == ["-m", "pip", "install", "--no-cache-dir", "--no-deps", "."]
    assert sorted(p.name for p in (home / "course").iterdir()) == sorted(f"{s}.ipynb" for s in STEMS)
    assert not (home / "notebooks").exists()
    assert not list(home.rglob("*_exercise*.py"))
    assert "Teachers:" not in (home / "course" / "01-tap-and-untap.ipynb").read_text()


@pytest.mark.slow
def test_repo2docker_reads_binder_as_intended(tmp_path: Path) -> None:
    """repo2docker's own parsing (--no-build: no Docker): Python 3.11 from runtime.txt, the
    requirements installed before the repository is copied (so Binder caches them), then postBuild."""
    if importlib.util.find_spec("repo2docker") is None:
        pytest.skip("jupyter-repo2docker is not installed (it is in the test extra: "
                    "pip install -e '.[test]')")
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "binder", repo / "binder")
    out = subprocess.run([sys.executable, "-m", "repo2docker", "--no-build", "--no-run", "--debug",
                          str(repo)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, "repo2docker failed (its output is below)"
    log = out.stdout + out.stderr
    assert "Building conda environment for python=3.11" in log
    assert "unspecified" not in log
    dockerfile = log[log.index("FROM "):]
    requirements = dockerfile.index('pip install --no-cache-dir -r "binder/requirements.txt"')
    assert dockerfile.index("COPY --chown=0:0 src/binder/requirements.txt") < requirements
    assert requirements < dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/")
    assert dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/") < dockerfile.index("RUN ./binder/postBuild")


# ----------------------------------------------------------------------------- nbgrader assignments
def test_every_exercise_of_the_course_is_in_the_grading_table() -> None:
    for stem in STEMS:
        nb = json.loads((NB / f"{stem}.ipynb").read_text())
        headings = re.findall(r"^## Exercise (\d+)", _text(nb), re.M)
        listed = sorted(ex.number for ex in EXERCISES if ex.notebook == stem)
        assert listed == [int(n) for n in headings], stem
    assert sorted(ex.solution for ex in EXERCISES) == sorted(p.name for p in (NB / "solutions").glob("*.py"))


def _cells(nb: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get(kind)]


@pytest.mark.parametrize("stem", sorted({ex.notebook for ex in EXERCISES}))
def test_assignment_cells_are_marked_for_nbgrader(stem: str) -> None:
    nb, total = assignment_notebook(stem)
    solutions, tests = _cells(nb, "solution"), _cells(nb, "grade")
    exercises = [ex for ex in EXERCISES if ex.notebook == stem]
    assert len(solutions) == len(tests) == len(exercises)
    assert total == sum(c["metadata"]["nbgrader"]["points"] for c in tests) > 0
    for sol, test in zip(solutions, tests, strict=True):
        assert nb["cells"].index(test) == nb["cells"].index(sol) + 1
        assert assignments.BEGIN_SOLUTION in sol["source"] and assignments.END_SOLUTION in sol["source"]
        assert test["source"].count(assignments.BEGIN_HIDDEN) == 1 and test["metadata"]["nbgrader"]["locked"]
        assert test["source"].strip().endswith(assignments.END_HIDDEN)
    assert "Teachers:" not in _text(nb)
    assert all(not c.get("outputs") for c in nb["cells"]) and "widgets" not in nb["metadata"]
    assert len({c["id"] for c in nb["cells"]}) == len(nb["cells"])


@pytest.mark.parametrize("stem", sorted({ex.notebook for ex in EXERCISES}))
def test_only_the_python_route_of_an_exercise_is_graded(stem: str) -> None:
    """docs/running-a-class.md: each exercise has a widget and a Python cell below it; nbgrader
    grades only the Python cell (it assigns the answers), never the widget's cell."""
    nb, _ = assignment_notebook(stem)
    cells = nb["cells"]
    source = [_text({"cells": [c]}) for c in cells]
    widget_cells = [i for i, c in enumerate(cells) if c["cell_type"] == "code"
                    and re.search(r"^Exercise\.for_\w+\(", source[i], re.M)]
    solutions = [cells.index(c) for c in _cells(nb, "solution")]
    exercises = [ex for ex in EXERCISES if ex.notebook == stem]
    assert len(widget_cells) == len(solutions) == len(exercises)
    for ex, widget, solution in zip(exercises, widget_cells, solutions, strict=True):
        assert widget < solution, ex
        assert "nbgrader" not in cells[widget]["metadata"], ex
        assert re.search(rf"^{ex.answers[0]} = ", source[solution], re.M), ex
        assert "Exercise." not in source[solution], ex
    graded = {c["id"] for c in cells if "nbgrader" in c["metadata"]}
    locked = {f"{stem}-assessment-mode"}  # the one read-only cell: assessment mode, graded nothing
    assert graded == {cells[i]["id"] for i in solutions} | {c["id"] for c in _cells(nb, "grade")} | locked


def _graded_points(nb: dict[str, Any], answers: str) -> list[tuple[int, int]]:
    """Run each exercise's hidden test on the answers of its solution cell ("solution") or on
    the answer template left when the solution is cleared ("blank"): (points, max) per exercise.
    The code run is the course's own (notebook cells and solutions), as nbgrader would run it."""
    results = []
    for sol, test in zip(_cells(nb, "solution"), _cells(nb, "grade"), strict=True):
        source = sol["source"]
        if answers == "blank":
            source = re.sub(r"### BEGIN SOLUTION\n.*?### END SOLUTION\n", "", source, flags=re.S)
        hidden = test["source"].split(assignments.BEGIN_HIDDEN)[1].split(assignments.END_HIDDEN)[0].strip()
        *body, last = hidden.splitlines()
        ns: dict[str, Any] = {}
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile("\n".join(body), "hidden", "exec"), ns)  # the imports the cell needs, and its cases
            exec(compile(source.rsplit("\nprint(", 1)[0], "answers", "exec"), ns)
            got = eval(compile(last, "hidden", "eval"), ns)  # the test's last line: its points
        results.append((got, test["metadata"]["nbgrader"]["points"]))
    return results


@pytest.mark.parametrize("stem", sorted({ex.notebook for ex in EXERCISES}))
def test_hidden_tests_give_full_marks_for_the_solutions_and_none_for_blanks(stem: str) -> None:
    nb, _ = assignment_notebook(stem)
    assert all(got == most for got, most in _graded_points(nb, "solution"))
    assert all(got == 0 for got, _ in _graded_points(nb, "blank"))


def test_score_reads_the_checker_report_and_refuses_another_number_of_questions() -> None:
    assert score("2/3 correct\n✓ a", 3) == 2
    with pytest.raises(AssertionError, match="graded 4 questions; this assignment grades 3"):
        score("4/4 correct", 3)
    with pytest.raises(AssertionError):
        score("all good", 3)


def test_assignments_command_writes_an_nbgrader_course(tmp_path: Path) -> None:
    out = mtgkit_cli("assignments", str(tmp_path / "grading"))
    assert out.returncode == 0, out.stderr
    names = sorted({ex.notebook for ex in EXERCISES})
    assert sorted(p.name for p in (tmp_path / "grading" / "source").iterdir()) == names
    for name in names:
        assert (tmp_path / "grading" / "source" / name / f"{name}.ipynb").is_file()
    config = (tmp_path / "grading" / "nbgrader_config.py").read_text()
    assert 'c.CourseDirectory.course_id = "mtgkit"' in config and assignments.CODE_STUB in config
    again = mtgkit_cli("assignments", str(tmp_path / "grading"))  # the same files: nothing in the way
    assert again.returncode == 0, again.stderr
    (tmp_path / "grading" / "nbgrader_config.py").write_text(config + "c.Exchange.root = '/srv'\n")
    again = mtgkit_cli("assignments", str(tmp_path / "grading"))
    assert again.returncode == 2 and again.stderr.count("\n") == 1
    assert "already holds nbgrader_config.py;" in again.stderr


def test_a_stale_grading_table_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from mtgkit.topics.tapping import check_tap_answers  # notebook 02's checker, not notebook 01's

    stale = assignments.Exercise("01-tap-and-untap", 1, check_tap_answers, ("answers1",), ("cases1",))
    monkeypatch.setattr(assignments, "EXERCISES", (stale,))
    with pytest.raises(assignments.AssignmentError, match="update the lesson's exercises in its"):
        assignment_notebook("01-tap-and-untap")


def _fill(released: dict[str, Any], source: dict[str, Any], how_many: int | None) -> dict[str, Any]:
    """A learner's submission: the released notebook with the first ``how_many`` stubs replaced by
    the solutions (None: all of them), as a learner would type them."""
    nb = json.loads(json.dumps(released))
    solutions = [re.search(r"### BEGIN SOLUTION\n(.*?)### END SOLUTION\n", "".join(c["source"]), re.S)
                 for c in _cells(source, "solution")]
    filled = 0
    for cell in nb["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("solution") and (how_many is None or filled < how_many):
            text = "".join(cell["source"])
            assert assignments.CODE_STUB in text
            match = solutions[filled]
            assert match
            cell["source"] = text.replace(assignments.CODE_STUB + "\n", match.group(1))
            filled += 1
    return nb


def test_the_nbgrader_config_quiets_what_is_not_about_the_grades() -> None:
    """docs/running-a-class.md, "What autograde prints": the config the kit writes starts the
    grading kernels without their TCP warning and ignores nbgrader's SAWarning about a new
    submission, and nothing else: another warning from nbgrader, or that one from elsewhere, shows."""
    import warnings

    from traitlets.config import Config

    config = Config()
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("always")
        exec(assignments.NBGRADER_CONFIG, {"get_config": lambda: config})  # the kit's own config text
        said = "Object of type <SubmittedAssignment> not in session, add operation along 'Student.x'"
        for message, module in ((said, "nbgrader.api"), (said, "mtgkit.other"), ("else", "nbgrader.api")):
            warnings.warn_explicit(message, UserWarning, "api.py", 1, module=module)
    assert [str(w.message) for w in shown] == [said, "else"]  # from mtgkit.other, and another warning
    assert config.Execute.extra_arguments == ["--IPKernelApp.log_level=ERROR"]
    assert config.Execute.timeout == 120


@pytest.mark.slow
def test_nbgrader_autogrades_solutions_full_blank_zero_and_partial(tmp_path: Path) -> None:
    """nbgrader 0.9: generate_assignment for every assignment, then autograde three learners:
    one who typed in every solution (full marks), one who handed in the released notebooks as
    they are (zero), one who did only the first exercise of each (that exercise's points)."""
    if importlib.util.find_spec("nbgrader") is None:
        pytest.skip("nbgrader is not installed (it is in the test extra: pip install -e '.[test]')")
    grading, home = tmp_path / "grading", tmp_path / "home"
    home.mkdir()
    write_assignments(grading)

    def nbgrader(*args: str) -> None:
        _nbgrader(grading, home, *args)

    nbgrader("generate_assignment", "*")
    names = sorted({ex.notebook for ex in EXERCISES})
    first_points = {}
    for name in names:
        released = json.loads((grading / "release" / name / f"{name}.ipynb").read_text())
        source = json.loads((grading / "source" / name / f"{name}.ipynb").read_text())
        assert "### BEGIN" not in _text(released) and assignments.CODE_STUB in _text(released)
        first_points[name] = _cells(source, "grade")[0]["metadata"]["nbgrader"]["points"]
        for student, how_many in (("full", None), ("blank", 0), ("partial", 1)):
            folder = grading / "submitted" / student / name
            folder.mkdir(parents=True)
            (folder / f"{name}.ipynb").write_text(json.dumps(_fill(released, source, how_many)))
    nbgrader("autograde", "*")

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{grading / 'gradebook.db'}") as gb:
        scores = {(s, n): (gb.find_submission(n, s).score, gb.find_submission(n, s).max_score)
                  for s in ("full", "blank", "partial") for n in names}
    for name in names:
        full, most = scores["full", name]
        assert most == assignment_notebook(name)[1] > 0
        assert full == most, (name, scores["full", name])
        assert scores["blank", name] == (0, most), name
        assert scores["partial", name] == (first_points[name], most), name


@pytest.mark.parametrize("stem", sorted({ex.notebook for ex in EXERCISES}))
def test_the_assignment_says_only_the_python_cells_are_graded(stem: str) -> None:
    """A student reads, after the title, that only the Python answer cells are graded and that
    widget answers are neither saved nor graded; right above each graded cell, a note with its
    exercise and points; and nowhere that a widget's answers are graded."""
    nb, _ = assignment_notebook(stem)
    cells = nb["cells"]
    text = [_text({"cells": [c]}) for c in cells]
    assert cells[0]["cell_type"] == "markdown" and text[0].startswith("# ")
    assert cells[1]["cell_type"] == "markdown" and text[1] == assignments.HOW_GRADED
    assert "not saved" in text[1] and "not graded" in text[1]
    tests = _cells(nb, "grade")
    for solution, test in zip(_cells(nb, "solution"), tests, strict=True):
        i = cells.index(solution)
        number = int(re.search(r"exercise(\d+)", solution["metadata"]["nbgrader"]["grade_id"]).group(1))
        points = test["metadata"]["nbgrader"]["points"]
        assert cells[i - 1]["cell_type"] == "markdown", (stem, number)
        assert text[i - 1].startswith(f"**This cell is graded: exercise {number}, {points} points**")
        assert "not saved or graded" in text[i - 1]
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "markdown":
            assert not re.search(r"grades? both|graded either way", text[i]), (stem, text[i])


def _nbgrader_env(home: Path) -> dict[str, str]:
    return {**os.environ, "HOME": str(home), "JUPYTER_CONFIG_DIR": str(home / ".jupyter"),
            "JUPYTER_DATA_DIR": str(home / ".local/share/jupyter"), "IPYTHONDIR": str(home / ".ipython"),
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
            "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


#: nbgrader's own log lines at level ERROR ("[AutogradeApp | ERROR] There was an error ...").
NBGRADER_ERROR = re.compile(r"^\[\w+ \| ERROR\]", re.M)


def _nbgrader(grading: Path, home: Path, *args: str) -> str:
    """Run ``nbgrader ARGS`` in the course folder ``grading`` with its own HOME, as a teacher
    would; it must exit 0 and log no error of its own. Its stderr also carries what the kernels
    it starts print: a kernel's log line is not nbgrader's verdict (the scores each test reads
    from the gradebook are), so a line such as tornado's "ERROR:tornado.general:..." is not
    read as a failed grading. On a failure the test's report shows all of the output
    (tests/conftest.py)."""
    out = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=grading, env=_nbgrader_env(home),
                         capture_output=True, text=True, timeout=1200)
    assert out.returncode == 0, f"nbgrader {args[0]} exited {out.returncode} (its output is below)"
    assert not NBGRADER_ERROR.search(out.stderr), f"nbgrader {args[0]} logged errors (its output is below)"
    return out.stderr


@pytest.mark.slow
def test_submissions_downloaded_from_a_learning_platform_are_collected_and_graded(tmp_path: Path) -> None:
    """docs/running-a-class.md, "Without a hub": the teacher uncomments the Moodle line of
    nbgrader_config.py, puts the platform's "download all submissions" zip in
    downloaded/<assignment>/archive/, runs `nbgrader zip_collect` and `nbgrader autograde`: each
    student's notebook is filed under submitted/<student>/<assignment>/ (a renamed one under the
    assignment's name) and graded. A Canvas download is filed the same way with its line."""
    if importlib.util.find_spec("nbgrader") is None:
        pytest.skip("nbgrader is not installed (it is in the test extra: pip install -e '.[test]')")
    import zipfile

    stem = "07-protector-of-the-crown"
    grading, home = tmp_path / "grading", tmp_path / "home"
    home.mkdir()
    write_assignments(grading)
    config = grading / "nbgrader_config.py"

    def use(platform: str) -> None:
        """What the docs tell the teacher to do: uncomment the platform's line (only that one)."""
        lines = []
        for line in config.read_text().splitlines():
            bare = line.removeprefix("# ")
            if bare.startswith("c.FileNameCollectorPlugin"):
                line = bare if bare.endswith(f"# {platform}") else f"# {bare}"
            lines.append(line)
        config.write_text("\n".join(lines) + "\n")

    def nbgrader(*args: str) -> str:
        return _nbgrader(grading, home, *args)

    nbgrader("generate_assignment", stem)
    released = json.loads((grading / "release" / stem / f"{stem}.ipynb").read_text())
    source = json.loads((grading / "source" / stem / f"{stem}.ipynb").read_text())
    points = [c["metadata"]["nbgrader"]["points"] for c in _cells(source, "grade")]

    def download(names: dict[str, int | None]) -> None:
        """The platform's zip: each student's notebook with the first N exercises done."""
        archive = grading / "downloaded" / stem / "archive"
        shutil.rmtree(archive.parent, ignore_errors=True)
        archive.mkdir(parents=True)
        with zipfile.ZipFile(archive / "submissions.zip", "w") as z:
            for name, done in names.items():
                z.writestr(name, json.dumps(_fill(released, source, done)))

    use("Moodle")
    download({f"Ada Lovelace_1043_assignsubmission_file/{stem}.ipynb": None,
              f"Grace Hopper_1044_assignsubmission_file/{stem} (1).ipynb": 1,  # a browser's 2nd download
              f"Alan Turing_1045_assignsubmission_file/{stem}.ipynb": 0,
              "Alan Turing_1045_assignsubmission_file/notes.txt": 0})  # not a notebook: skipped
    nbgrader("zip_collect", stem)
    for student in ("1043", "1044", "1045"):
        assert (grading / "submitted" / student / stem / f"{stem}.ipynb").is_file(), student
    graded = nbgrader("autograde", stem)
    # What autograde prints besides its INFO lines: the expected checksum warnings only (the
    # config the kit writes quiets the kernels' TCP warning and nbgrader's SAWarning).
    noise = [line for line in graded.splitlines()
             if line.strip() and "| INFO]" not in line and "Attribute 'checksum' for cell" not in line]
    assert noise == [], "\n".join(noise[:10])
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{grading / 'gradebook.db'}") as gb:
        scores = {s: gb.find_submission(stem, s).score for s in ("1043", "1044", "1045")}
    assert scores == {"1043": sum(points), "1044": points[0], "1045": 0}

    use("Canvas")
    download({f"lovelaceada_2043_96071_{stem}.ipynb": None,
              f"hoppergrace_late_2044_96072_{stem}-1.ipynb": 1})  # a second upload, renamed
    nbgrader("zip_collect", stem)
    for student in ("lovelaceada", "hoppergrace"):
        assert (grading / "submitted" / student / stem / f"{stem}.ipynb").is_file(), student
