"""Shared test helpers."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
import os
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mtgkit import Game, RulesError
from mtgkit.rules import EDITION

ROOT = Path(__file__).resolve().parents[1]
#: The rule numbers of the edition the kit cites, shipped with the tests (tools/cr_numbers.py
#: writes it from the full text): a fresh clone checks every citation against it.
CR_NUMBERS = ROOT / "tests" / "cr_numbers.json"


def snapshot(game: Game) -> tuple[str, tuple]:
    """Everything about a game's state and log, for 'unchanged' comparisons."""
    return repr(game._s), game.events


@contextlib.contextmanager
def refused(game: Game, error: type[RulesError] = RulesError, rule: str | None = None) -> Iterator[None]:
    """Assert the block raises ``error`` (naming ``rule``) and leaves ``game`` unchanged."""
    before = snapshot(game)
    with pytest.raises(error) as info:
        yield
    assert snapshot(game) == before, "a refused action changed the game"
    if rule is not None:
        assert info.value.rule == rule
        assert f"CR {rule} " in str(info.value)
    assert info.value.reason, "a RulesError must explain itself"


@functools.cache
def cr_data() -> dict:
    """The shipped rule numbers (see :data:`CR_NUMBERS`), of the edition the kit cites."""
    data = json.loads(CR_NUMBERS.read_text(encoding="utf-8"))
    assert data["edition"] == EDITION, f"{CR_NUMBERS.name} is of {data['edition']}, the kit cites {EDITION}"
    return data


def cr_rules() -> set[str]:
    """Every rule number of the edition the kit cites (``104.3a``), from the shipped file."""
    return {n for section in cr_data()["rules"].values() for n in section}


def cr_sections() -> set[str]:
    """Every section number of that edition (``104``)."""
    return set(cr_data()["sections"])


def cr_text() -> Path | None:
    """The full Comprehensive Rules of the edition the kit cites, when it is at hand: the file
    ``$MTGKIT_CR`` names, or ``shared/reference/`` beside the repository (the project's own
    machines); None otherwise (the shipped numbers are then all there is to check against)."""
    name = f"MagicCompRules-{EDITION.replace('-', '')}.txt"
    for path in (os.environ.get("MTGKIT_CR"), ROOT.parent / "shared" / "reference" / name):
        if path and Path(path).is_file():
            return Path(path)
    return None


def load_tool(name: str) -> ModuleType:
    """A script of tools/ (``tools/<name>.py``, not a package) imported as a module."""
    path = Path(__file__).resolve().parents[1] / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class DocsBuild:
    """The course website built by the ``docs_site`` fixture (tests/conftest.py)."""

    html: Path  # the site: html/index.html
    output: str  # what the build printed (stdout and stderr)
    seconds: float


def extra(name: str) -> dict[str, str]:
    """The requirements of pyproject.toml's extra ``name`` (lower-case name -> version pins),
    with those of the extras it names as ``mtgkit[other]`` (the extras reference each other
    rather than repeat their lists)."""
    import tomllib

    from packaging.requirements import Requirement

    extras = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())[
        "project"]["optional-dependencies"]
    found: dict[str, str] = {}
    for line in extras[name]:
        req = Requirement(line)
        if req.name == "mtgkit":
            for other in sorted(req.extras):
                found.update(extra(other))
        else:
            found[req.name.lower()] = str(req.specifier)
    return found


# ----------------------------------------------------------------------------- subprocess output
@dataclass(frozen=True)
class Ran:
    """A command a test ran and waited for (``subprocess.run``, ``check_output``, ``communicate``):
    everything it printed, for the failure report (tests/conftest.py adds it to a failed test's
    report, so an assertion message never needs to carry, or cut, the output)."""

    args: str
    returncode: int | None
    stdout: str | None  # None: not captured (it went to the terminal or a file)
    stderr: str | None
    note: str = ""

    def report(self) -> str:
        head = f"$ {self.args}"
        head += f"  ({self.note})" if self.note else f"  (exit {self.returncode})"
        parts = [head]
        for name, text in (("stdout", self.stdout), ("stderr", self.stderr)):
            if text is not None:
                parts.append(f"----- {name}: {text.count(chr(10))} lines -----\n{text}")
        return "\n".join(parts)


RAN: list[Ran] = []  # this test's commands, in order (cleared as each test starts)


def _decoded(data: str | bytes | None) -> str | None:
    return data.decode(errors="replace") if isinstance(data, bytes) else data


class RecordingPopen(subprocess.Popen[Any]):
    """``subprocess.Popen`` that remembers what ``communicate()`` returned (``subprocess.run`` calls
    it), in :data:`RAN`. Installed for the whole test session by tests/conftest.py."""

    def communicate(self, input: Any = None, timeout: float | None = None) -> tuple[Any, Any]:
        args = self.args if isinstance(self.args, str) else shlex.join(map(str, self.args))
        try:
            out, err = super().communicate(input, timeout)
        except subprocess.TimeoutExpired as exc:
            RAN.append(Ran(args, None, _decoded(exc.output), _decoded(exc.stderr),
                           f"timed out after {timeout} s; the output until then"))
            raise
        RAN.append(Ran(args, self.returncode, _decoded(out), _decoded(err)))
        return out, err


def subprocess_report(ran: list[Ran]) -> str:
    """Every command of :data:`RAN` with all of its output, as a failed test's report shows it."""
    return "\n\n".join(r.report() for r in ran)


# ----------------------------------------------------------------------------- teachers' files
def write_file(folder: Path, text: str, name: str = "mine.toml") -> Path:
    """``text`` written as ``folder/name`` (a teacher's file for ``mtgkit check``)."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def check_problems(path: Path) -> list[str]:
    """The problem lines ``mtgkit check`` reports for ``path`` (its notes left out)."""
    from mtgkit.checking import check_paths

    return [str(f) for f in check_paths([path]).findings if not f.note]


def line_with(text: str, part: str) -> int:
    """The number of the first line of ``text`` holding ``part``."""
    return next(i + 1 for i, line in enumerate(text.split("\n")) if part in line)


def run_check(*args: str, cwd: Path = ROOT, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m mtgkit check ARGS`` run from ``cwd`` with this checkout's mtgkit."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "mtgkit", "check", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=timeout)
