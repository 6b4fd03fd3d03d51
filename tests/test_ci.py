"""CI and the test tiers: the GitHub workflow runs the commands the README names, the fast tier
leaves the heavy tests out, and a failed test shows all that its commands printed."""

from __future__ import annotations

import ast
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from helpers import RAN

from conftest import HEAVY_FIXTURES, pytest_collection_modifyitems

ROOT = Path(__file__).resolve().parents[1]


def _kit():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("kit", ROOT / "kit.py")
    assert spec and spec.loader
    kit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kit)
    return kit


def _readme_tiers() -> list[str]:
    """The commands of the README's "Running the tests" block, without their comments."""
    section = (ROOT / "README.md").read_text().split("### Running the tests", 1)[1]
    block = section.split("```bash\n", 1)[1].split("```", 1)[0]
    return [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]


def _runs(job: dict) -> list[str]:  # type: ignore[type-arg]
    return [step["run"] for step in job["steps"] if "run" in step]


def test_the_workflow_runs_the_readmes_tiers_on_every_push_and_pull_request() -> None:
    """.github/workflows/tests.yml: lint (ruff, mypy --strict), the fast tier on Python 3.11,
    3.12 and 3.13, and the full suite (.ci/run: strict nbval, the browser tier, the website)
    on one version; each runs a command the README names, exactly."""
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "tests.yml").read_text())
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    assert "push" in triggers and "pull_request" in triggers
    assert not (triggers["push"] or {}).get("branches"), "every push, on every branch"
    jobs = workflow["jobs"]
    assert set(jobs) == {"lint", "fast", "full"}
    assert _runs(jobs["lint"]) == ["python3 kit.py lint"]
    assert _runs(jobs["fast"]) == ["python3 kit.py fast"]
    assert jobs["fast"]["strategy"]["matrix"]["python-version"] == ["3.11", "3.12", "3.13"]
    python = next(s for s in jobs["fast"]["steps"] if s.get("uses", "").startswith("actions/setup-python"))
    assert python["with"]["python-version"] == "${{ matrix.python-version }}"
    assert _runs(jobs["full"]) == [".ci/run"]
    binder_python = (ROOT / "binder" / "runtime.txt").read_text().strip().removeprefix("python-")
    assert jobs["full"]["container"] == f"python:{binder_python}-bookworm"  # Debian's chromium
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert "python3 kit.py test" in ci and "apt-get install" in (ROOT / ".ci" / "run").read_text()
    assert _readme_tiers() == ["python3 kit.py fast", "python3 kit.py lint", "python3 kit.py test",
                               "python3 kit.py sweep"]


def test_kit_py_runs_each_tier_as_documented() -> None:
    """`fast` is the unit tests and doctests not marked slow, in one process, without nbval;
    `lint` is ruff over what tests/test_packaging.py lints and mypy --strict over the package;
    `test` runs everything but the full-size practice sweeps, which `sweep` runs."""
    kit = _kit()
    assert kit.COMMANDS == ("course", "test", "fast", "lint", "sweep")
    assert kit.TEST[-2:] == ["-m", "not sweep"] and kit.SWEEP[kit.SWEEP.index("-m", 1) + 1] == "sweep"
    assert kit.FAST[:4] == ["-m", "pytest", "mtgkit", "tests"]
    assert kit.FAST[kit.FAST.index("-m", 1) + 1] == "not slow" and "--nbval" not in kit.FAST
    assert "--nbval" in kit.TEST and "notebooks" in kit.TEST and kit.TEST[1:].count("-m") == 1
    ruff, mypy = kit.LINT
    assert ruff[:3] == ["-m", "ruff", "check"] and {"mtgkit", "tests", "tools", "benchmarks"} <= set(ruff)
    assert mypy == ["-m", "mypy", "--strict", "mtgkit"]
    out = subprocess.run([sys.executable, str(ROOT / "kit.py"), "nonsense"], capture_output=True, text=True)
    assert out.returncode == 2 and out.stderr == "usage: python3 kit.py course | test | fast | lint | sweep\n"


def test_heavy_tests_are_left_out_of_the_fast_tier() -> None:
    """Every browser test and every test using the website's or the sdist's build is slow
    (tests/conftest.py marks them), and so is every test that runs nbgrader or builds a venv."""

    class Item(SimpleNamespace):
        def get_closest_marker(self, name: str) -> object:
            return name in self.marks or None

        def add_marker(self, mark: pytest.MarkDecorator) -> None:
            self.marks.add(mark.name)

    items = [Item(fixturenames=["tmp_path", fixture], marks=set()) for fixture in sorted(HEAVY_FIXTURES)]
    items += [Item(fixturenames=["lab_page"], marks={"browser"}),
              Item(fixturenames=["tmp_path"], marks=set())]
    pytest_collection_modifyitems(items)  # type: ignore[arg-type]
    assert ["slow" in item.marks for item in items] == [True] * (len(HEAVY_FIXTURES) + 1) + [False]

    heavy = re.compile(r"\b_nbgrader\(|EnvBuilder|repo2docker|\"-m\", \"mypy\"")
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        if path.name == "test_ci.py":
            continue
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_") \
                    and heavy.search(ast.get_source_segment(source, node) or ""):
                marks = {ast.unparse(d) for d in node.decorator_list}
                assert "pytest.mark.slow" in marks, f"{path.name}::{node.name} is heavy: mark it slow"


def test_a_commands_output_is_remembered_whole() -> None:
    code = "import sys; print('out\\n' * 3000); print('err', file=sys.stderr)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    ran = RAN[-1]
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, out.stdout, out.stderr)
    assert ran.args.startswith(sys.executable) and "print(" in ran.args
    with pytest.raises(subprocess.TimeoutExpired):
        subprocess.run([sys.executable, "-c", "import time; print('begun', flush=True); time.sleep(60)"],
                       capture_output=True, text=True, timeout=5)
    assert RAN[-1].note.startswith("timed out after 5 s") and RAN[-1].stdout == "begun\n"


@pytest.mark.slow
def test_a_failed_test_shows_all_its_commands_printed(tmp_path: Path) -> None:
    """A test that judges a command's output and fails shows the whole of it (every line, both
    streams) in its report, whatever its assertion message says."""
    for name in ("conftest.py", "helpers.py"):
        shutil.copy(ROOT / "tests" / name, tmp_path / name)
    (tmp_path / "test_inner.py").write_text(
        "import subprocess, sys\n\n\n"
        "def test_judges_a_command():\n"
        "    code = \"import sys; print('first'); print('middle\\\\n' * 2000); \"\n"
        "    code += \"print('last', file=sys.stderr)\"\n"
        "    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True)\n"
        "    assert out.returncode == 1, 'short message'\n")
    inner = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                            "--rootdir", str(tmp_path), str(tmp_path)],
                           capture_output=True, text=True, cwd=tmp_path)
    report = inner.stdout
    assert inner.returncode == 1, report
    assert "subprocess output (1 commands, in full)" in report and "(exit 0)" in report
    assert "\nfirst\n" in report and "\nlast\n" in report and report.count("\nmiddle") == 2000
