"""The two commands of the quick start, needing nothing but Python 3.11+ with pip and venv.

    python3 kit.py course    # set up .venv if needed, then open the course in JupyterLab
    python3 kit.py test      # set up .venv if needed, then run the whole test suite

Each command creates a local ``.venv`` with an editable install of mtgkit (and its ``lab`` and
``test`` extras) the first time, and again whenever ``pyproject.toml`` changes.
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
    if len(argv) != 1 or argv[0] not in ("course", "test"):
        print("usage: python3 kit.py course | python3 kit.py test", file=sys.stderr)
        return 2
    setup()
    cmd = [str(PY), "-m", "mtgkit.course"] if argv[0] == "course" else [str(PY), *TEST]
    try:
        return subprocess.run(cmd, cwd=ROOT).returncode
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
