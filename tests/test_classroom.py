"""Running a class: copies of the course, the launcher, the JupyterHub link."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from mtgkit import course
from mtgkit.course import NOTEBOOKS, CourseError, hub_link, write_course

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
        assert len(copy["cells"]) == len(original["cells"])
        assert "Teachers:" not in _text(copy) and "%load solutions" not in _text(copy)
        assert [c.get("outputs") for c in copy["cells"]] == [c.get("outputs") for c in original["cells"]]
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
    assert "already holds 00-start-here.ipynb" in out.stderr and "--force" in out.stderr
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
    assert hub_link("https://uni.edu/jupyter/", "r", folder="mtg/week1").startswith(
        "https://uni.edu/jupyter/hub/user-redirect/git-pull?repo=r&branch=main&targetpath=mtg%2Fweek1&")


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
    out = mtgkit_cli("hub-link", "--hub", "nope", "--repo", "x")
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert out.stderr.startswith("error: --hub 'nope'")
