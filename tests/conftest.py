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
from helpers import RAN, DocsBuild, RecordingPopen, subprocess_report

ROOT = Path(__file__).resolve().parents[1]

# Every command a test runs and waits for is remembered with all it printed; when the test fails,
# its report shows them in full (a section "subprocess output"), so no assertion cuts them short.
subprocess.Popen = RecordingPopen  # type: ignore[misc]


#: Fixtures that make a test heavy: the course website's build, the sdist and wheel builds.
HEAVY_FIXTURES = frozenset({"docs_site", "dists"})
BROWSER = ROOT / "tests" / "browser"  # the browser tier, with its checks of what it expects


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The fast tier (`pytest -m "not slow"`, `python3 kit.py fast`) leaves out the heavy tests:
    those marked ``slow`` by hand (nbgrader, long property and fuzz runs, tools run in a
    subprocess), the browser tier (tests/browser/), and every test that uses a heavy fixture."""
    for item in items:
        uses = set(getattr(item, "fixturenames", ()))
        browser_tier = BROWSER in Path(str(getattr(item, "path", ""))).parents
        if browser_tier or item.get_closest_marker("browser") or item.get_closest_marker("sweep") \
                or uses & HEAVY_FIXTURES:
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    RAN.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if report.failed and RAN:
        report.sections.append((f"subprocess output ({len(RAN)} commands, in full)", subprocess_report(RAN)))
        RAN.clear()


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
        pytest.fail(f"the website's build failed (exit {built['code']}); all it printed:\n{output}")
    return DocsBuild(out / "html", output, seconds)
