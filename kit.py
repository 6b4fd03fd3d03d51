"""The commands of the quick start and of the test tiers, needing nothing but Python 3.11+ with
pip and venv.

    python3 kit.py course    # set up .venv if needed, then open the course in JupyterLab
    python3 kit.py test      # set up .venv if needed, then run the whole test suite
    python3 kit.py fast      # the fast tier: every test not marked slow, in one process
    python3 kit.py lint      # ruff and mypy --strict

The GitHub workflow (.github/workflows/tests.yml) runs `lint`, `fast` (on each supported Python)
and, through .ci/run, `test`. Each command creates a local ``.venv`` with an editable install of
mtgkit (and its ``lab`` and ``test`` extras) the first time, and again whenever
``pyproject.toml`` changes.
"""

from __future__ import annotations

import os
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
        "--dist", "loadfile"]
# The fast tier: the unit tests and doctests a developer runs after each change. The heavy tests
# (the website and the sdist/wheel builds, nbgrader, the browser tier, the long property and fuzz
# runs) are marked slow (tests/conftest.py marks those that use a heavy fixture); nbval isn't run.
FAST = ["-m", "pytest", "mtgkit", "tests", "-m", "not slow", "-p", "no:xdist", "-q"]
# Lint: the same ruff and mypy --strict as tests/test_packaging.py and pre-commit.
LINT = [["-m", "ruff", "check", "mtgkit", "tests", "benchmarks", "tools", "docs", "conftest.py", "kit.py"],
        ["-m", "mypy", "--strict", "mtgkit"]]
COMMANDS = ("course", "test", "fast", "lint")


def setup() -> None:
    """Create .venv and install the kit into it, unless that is already up to date."""
    if sys.version_info < (3, 11):  # noqa: UP036 - kit.py may be run by an older python3
        sys.exit(f"mtgkit needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not PY.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if STAMP.exists() and STAMP.stat().st_mtime >= (ROOT / "pyproject.toml").stat().st_mtime:
        return
    print("Installing mtgkit, JupyterLab and the test tools into .venv ...", flush=True)
    subprocess.run([str(PY), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
    subprocess.run([str(PY), "-m", "pip", "install", "--quiet", "-e", ".[lab,test]"],
                   check=True, cwd=ROOT)
    STAMP.touch()


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in COMMANDS:
        print("usage: python3 kit.py course | test | fast | lint", file=sys.stderr)
        return 2
    setup()
    commands = {"course": [["-m", "mtgkit.course"]], "test": [TEST], "fast": [FAST], "lint": LINT}[argv[0]]
    code = 0
    try:
        for args in commands:  # each one, even after a failure, so that lint reports everything
            code = subprocess.run([str(PY), *args], cwd=ROOT).returncode or code
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
