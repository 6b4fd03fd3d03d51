"""Shared test helpers."""

from __future__ import annotations

import contextlib
import importlib.util
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
