"""Fixtures shared by the unit tests and the browser tier."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from filelock import FileLock
from helpers import DocsBuild

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> DocsBuild:
    """The course website, built once a session by the one build command (tools/build_docs.py:
    warnings as errors, nitpicky, internal links checked) into a temporary ``_build/html``."""
    missing = [m for m in ("sphinx", "myst_nb", "sphinx_book_theme") if importlib.util.find_spec(m) is None]
    if missing:
        how = (f"{', '.join(missing)} not installed: the website's tools are in the test extra "
               "(pip install -e '.[test]') and the docs extra")
        if os.environ.get("CI"):
            pytest.fail(how)
        pytest.skip(how)
    # Under pytest-xdist (the README's test command runs two workers) the workers share one
    # build: the first to ask builds it, holding a lock; the others wait and read its result.
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    out, record = shared / "docs" / "_build", shared / "docs" / "build.json"
    with FileLock(str(shared / "docs.lock")):
        if not record.exists():
            out.parent.mkdir(exist_ok=True)
            start = time.perf_counter()
            proc = subprocess.run([sys.executable, str(ROOT / "tools" / "build_docs.py"), str(out)],
                                  cwd=ROOT, capture_output=True, text=True, timeout=900)
            record.write_text(json.dumps({"code": proc.returncode, "output": proc.stdout + proc.stderr,
                                          "seconds": time.perf_counter() - start}))
        built = json.loads(record.read_text())
    output, seconds = built["output"], built["seconds"]
    if built["code"] != 0:
        pytest.fail(f"the website's build failed (exit {built['code']}):\n{output[-6000:]}")
    return DocsBuild(out / "html", output, seconds)
