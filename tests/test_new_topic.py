"""The scaffold (tools/new_topic.py): in a temporary copy of the repository (the package, the
course sources and notebooks, and the few test files the completeness checks need), a new topic
written by ``tools/new_topic.py haste`` is registered and passes tests/test_topics.py and its
own tests; the scaffold refuses a bad name and never overwrites a file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import load_tool

ROOT = Path(__file__).resolve().parents[1]
COPIED = ["mtgkit", "tools/course", "tools/new_topic.py", "tools/build_notebooks.py", "notebooks",
          "tests/test_topics.py", "tests/helpers.py", "tests/conftest.py", "tests/browser/__init__.py",
          "tests/browser/expected.py", "CONTRIBUTING.md", "README.md", "pyproject.toml", "conftest.py"]


def _copy(dest: Path) -> Path:
    """The parts of the repository the scaffold and tests/test_topics.py read, copied to ``dest``."""
    for rel in COPIED:
        src, out = ROOT / rel, dest / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, out, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
        else:
            shutil.copy2(src, out)
    return dest


def _run(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True, text=True,
                          timeout=600)


def test_a_scaffolded_topic_passes_the_completeness_checks(tmp_path: Path) -> None:
    root = _copy(tmp_path / "repo")
    made = _run(root, "tools/new_topic.py", "haste")
    assert made.returncode == 0, made.stdout + made.stderr
    for rel in ("mtgkit/topics/haste.py", "tools/course/09-haste.py", "notebooks/09-haste.ipynb",
                "notebooks/solutions/09_exercise1.py", "notebooks/solutions/09_exercise2.py",
                "mtgkit/scenarios/09-haste.toml", "tests/test_haste.py"):
        assert (root / rel).is_file(), rel
    registry = (root / "mtgkit" / "topics" / "__init__.py").read_text()
    assert "from . import could_produce, haste, monarch," in registry and "    haste.TOPIC,\n" in registry
    assert '"monarch", "haste"]' in (root / "mtgkit" / "topics" / "base.py").read_text()
    assert "| [09-haste](" in (root / "README.md").read_text()
    # the navigation lines and the course index now lead to it
    assert "Next: [Haste (CR 702.10b)](09-haste.ipynb)" in (root / "tools/course/08-practice.py").read_text()
    assert "9. [Haste (CR 702.10b)](09-haste.ipynb)" in (root / "tools/course/00-start-here.py").read_text()

    checks = _run(root, "-m", "pytest", "tests/test_topics.py", "tests/test_haste.py", "-q", "-p", "no:xdist",
                  "-p", "no:cacheprovider", "--basetemp", str(tmp_path / "pytest"))
    assert checks.returncode == 0, checks.stdout[-6000:] + checks.stderr[-3000:]
    assert "[haste]" not in checks.stdout  # nothing about the new topic was skipped or failed
    lint = _run(root, "-m", "ruff", "check", "--no-cache", "mtgkit/topics/haste.py", "tests/test_haste.py",
                "tools/course/09-haste.py")
    if "No module named ruff" not in lint.stderr:
        assert lint.returncode == 0, lint.stdout + lint.stderr

    again = _run(root, "tools/new_topic.py", "haste")
    assert again.returncode == 2 and "exists already" in again.stderr


def test_the_scaffold_refuses_a_bad_name_or_an_existing_topic_and_writes_nothing(tmp_path: Path) -> None:
    scaffold = load_tool("new_topic")
    root = _copy(tmp_path / "repo")
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    for name, words in [("Haste", "lower-case words"), ("../haste", "lower-case words"), ("", "lower-case"),
                        ("x" * 31, "at most 30"), ("monarch", "exists already")]:
        with pytest.raises(scaffold.ScaffoldError, match=words):
            scaffold.scaffold(name, root)
    draft = root / "tests" / "test_haste.py"
    draft.write_text("# someone's draft\n")
    with pytest.raises(scaffold.ScaffoldError, match="never overwrites"):
        scaffold.scaffold("haste", root)
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == sorted([*before, draft.relative_to(root)])
    assert draft.read_text() == "# someone's draft\n"
