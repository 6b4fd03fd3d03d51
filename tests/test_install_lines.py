"""The install lines students and teachers read first work today: no release is on PyPI yet, so
each audience's first `pip install` of the kit names the repository, and the index form
(`pip install "mtgkit[lab]"`) only appears where the text says it is for once a release exists."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
REPOSITORY = "https://github.com/mtgkit/mtgkit"
#: What a reader meets first, per audience: (file, heading of the section, or "" for the whole file).
AUDIENCES = [
    ("README.md", "## For students"),
    ("README.md", "## For teachers"),
    ("docs/running-a-class.md", ""),
    ("docs/teacher-guide.md", ""),
]
#: Words that mark an index command as the one for later.
LATER = ("once a release", "once there is", "when a release")


def section(path: str, heading: str) -> str:
    text = (ROOT / path).read_text(encoding="utf-8")
    if not heading:
        return text
    body = text.split(heading + "\n", 1)[1]
    return re.split(r"^## ", body, maxsplit=1, flags=re.M)[0]


def kit_installs(text: str) -> list[tuple[str, str]]:
    """Every `pip install` of the kit in ``text``, in order: (the requirement, its line)."""
    found = []
    for line in text.splitlines():
        for command in re.findall(r"pip install ([^`\n#]+)", line):
            try:
                words = shlex.split(command)
            except ValueError:
                continue
            found += [(w, line) for w in words if w.startswith("mtgkit")]
    return found


def extras() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return set(project["optional-dependencies"])


@pytest.mark.parametrize(("path", "heading"), AUDIENCES)
def test_the_first_install_line_installs_from_the_repository(path: str, heading: str) -> None:
    installs = kit_installs(section(path, heading))
    assert installs, f"{path} {heading}: no install line"
    first, line = installs[0]
    req = Requirement(first)
    assert req.name == "mtgkit" and req.url == f"git+{REPOSITORY}", (path, heading, line)
    assert req.extras <= extras(), f"{path}: {line!r} names an extra pyproject.toml doesn't have"


@pytest.mark.parametrize("path", sorted({p for p, _ in AUDIENCES}))
def test_index_installs_are_marked_for_later(path: str) -> None:
    """An install from the package index (no URL) fails today; wherever one is shown, the same
    line says it is for once a release is out."""
    for requirement, line in kit_installs(section(path, "")):
        req = Requirement(requirement)
        if req.url is None:
            assert any(word in line.lower() for word in LATER), f"{path}: {line.strip()!r}"
        else:
            assert req.url in (f"git+{REPOSITORY}", f"{REPOSITORY}/archive/main.zip"), line


def test_the_repository_is_the_one_binder_builds() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    badge = re.search(r"mybinder\.org/v2/gh/([\w-]+/[\w-]+)/", readme)
    assert badge and f"https://github.com/{badge.group(1)}" == REPOSITORY
