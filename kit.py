"""The commands of the quick start and of the test tiers, needing nothing but Python 3.11+ with
pip and venv.

    python3 kit.py course    # set up .venv if needed, then open the course in JupyterLab
    python3 kit.py test      # set up .venv if needed, then run the whole test suite
    python3 kit.py fast      # the fast tier: every test not marked slow, in one process
    python3 kit.py lint      # ruff and mypy --strict

The GitHub workflow (.github/workflows/tests.yml) runs `lint`, `fast` (on each supported Python)
and, through .ci/run, `test`. Each command creates a local ``.venv`` with an editable install of
mtgkit (and its ``lab`` and ``test`` extras) the first time, and again whenever
``pyproject.toml`` changes. A ``.venv`` without a working pip (as Debian's ``python3 -m venv``
leaves one without ``python3-venv``) is made again; where this Python can't make one with pip (no
``ensurepip``), the command says what to install, in one line, and exits 2.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"

TEST = ["-m", "pytest", "mtgkit", "tests", "notebooks", "--nbval", "--nbval-current-env",
        "--nbval-sanitize-with", "tests/nbval_sanitize.cfg", "-n", "auto", "--maxprocesses", "4",
        "--dist", "loadfile", "-m", "not sweep"]
# The practice sweeps: the full-size measurements of generated practice (ten seeds of twenty
# questions per topic and level, 200-question streams), marked ``sweep``. They take about an hour
# here, so `test` leaves them out and `sweep` runs them (before a release, or after changing how
# questions are made); `test` runs smaller samples of the same checks.
SWEEP = ["-m", "pytest", "tests", "-m", "sweep", "-n", "auto", "--maxprocesses", "4"]
# The fast tier: the unit tests and doctests a developer runs after each change. The heavy tests
# (the website and the sdist/wheel builds, nbgrader, the browser tier, the long property and fuzz
# runs) are marked slow (tests/conftest.py marks those that use a heavy fixture); nbval isn't run.
FAST = ["-m", "pytest", "mtgkit", "tests", "-m", "not slow", "-p", "no:xdist", "-q"]
# Lint: the same ruff and mypy --strict as tests/test_packaging.py and pre-commit.
LINT = [["-m", "ruff", "check", "mtgkit", "tests", "benchmarks", "tools", "docs", "conftest.py", "kit.py"],
        ["-m", "mypy", "--strict", "mtgkit"]]
COMMANDS = ("course", "test", "fast", "lint", "sweep")


#: What to install where this Python can't make a virtual environment with pip.
NO_PIP = ("error: this Python can't make a virtual environment with pip in it (it has no ensurepip); "
          "on Debian or Ubuntu install it with `apt-get install python3-venv` (or python3.X-venv for "
          "your version), then run this again")


class SetupFailed(Exception):
    """.venv can't be made or filled: one line saying why, exit 2."""


def has_pip() -> bool:
    """Whether .venv's Python runs pip."""
    if not PY.exists():
        return False
    return subprocess.run([str(PY), "-m", "pip", "--version"], capture_output=True).returncode == 0


def make_venv() -> None:
    """.venv, with pip, made afresh (anything half-made there first is cleared)."""
    if importlib.util.find_spec("ensurepip") is None:
        shutil.rmtree(VENV, ignore_errors=True)
        raise SetupFailed(NO_PIP)
    print("Creating .venv ...", flush=True)
    try:
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    except (subprocess.CalledProcessError, OSError) as err:
        shutil.rmtree(VENV, ignore_errors=True)
        raise SetupFailed(f"error: can't make .venv ({err}); {NO_PIP.removeprefix('error: ')}") from None
    if not has_pip():
        shutil.rmtree(VENV, ignore_errors=True)
        raise SetupFailed(NO_PIP)


def setup() -> None:
    """Create .venv and install the kit into it, unless that is already up to date."""
    if sys.version_info < (3, 11):  # noqa: UP036 - kit.py may be run by an older python3
        sys.exit(f"mtgkit needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not PY.exists():
        make_venv()
    if STAMP.exists() and STAMP.stat().st_mtime >= (ROOT / "pyproject.toml").stat().st_mtime:
        return
    if not has_pip():  # half-made: a venv without pip never got its stamp
        print(".venv has no working pip (half-made?): making it again", flush=True)
        make_venv()
    print("Installing mtgkit, JupyterLab and the test tools into .venv ...", flush=True)
    for cmd in ([str(PY), "-m", "pip", "install", "--quiet", "--upgrade", "pip"],
                [str(PY), "-m", "pip", "install", "--quiet", "-e", ".[lab,test]"]):
        if subprocess.run(cmd, cwd=ROOT).returncode != 0:
            raise SetupFailed(f"error: `{' '.join(cmd[1:])}` failed in .venv (pip says why above); "
                              "run this again once that is fixed")
    STAMP.touch()


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        print("usage: python3 kit.py course | test | fast | lint | sweep", file=sys.stderr)
        return 2
    try:
        setup()
    except SetupFailed as err:
        print(err, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    commands = {"course": [["-m", "mtgkit.course"]], "test": [TEST], "fast": [FAST], "lint": LINT,
                "sweep": [SWEEP]}[argv[0]]
    code = 0
    try:
        for args in commands:  # each one, even after a failure, so that lint reports everything
            code = subprocess.run([str(PY), *args], cwd=ROOT).returncode or code
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
