"""Packaging: environment.yml agrees with pyproject.toml; the layers import one way."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
CORE = ["abilities", "board", "cards/__init__", "cards/catalog", "choices", "could_produce", "errors",
        "events", "game", "lessons", "mana", "rules", "course"]


def test_environment_yml_and_pyproject_list_the_same_notebook_stack() -> None:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    conda = {}
    pip_part: list[str] = []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            pip_part = dep["pip"]
            continue
        req = Requirement(dep)
        if req.name not in ("python", "pip"):
            conda[req.name.lower()] = str(req.specifier)
    extra = {Requirement(r).name.lower(): str(Requirement(r).specifier)
             for r in pyproject["project"]["optional-dependencies"]["notebooks"]}
    assert conda == extra
    assert "-e ." in pip_part
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python"))
    assert python.removeprefix("python") == pyproject["project"]["requires-python"]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level:
            found.add("." + (node.module or ""))
    return found


def test_core_modules_import_no_third_party_layers() -> None:
    for name in CORE:
        imports = _imports(ROOT / "mtgkit" / f"{name}.py")
        assert not imports & {"pandas", "matplotlib", "ipywidgets", ".timeline", ".plot", ".widgets"}, name


def test_timeline_and_plot_do_not_reach_up() -> None:
    assert not _imports(ROOT / "mtgkit" / "timeline.py") & {"matplotlib", "ipywidgets", ".plot", ".widgets"}
    assert not _imports(ROOT / "mtgkit" / "plot.py") & {"ipywidgets", ".widgets"}


def test_import_mtgkit_loads_no_heavy_libraries() -> None:
    code = ("import sys, mtgkit, mtgkit.game, mtgkit.lessons, mtgkit.could_produce;"
            "print(sorted(m for m in ('pandas','matplotlib','ipywidgets','numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_ci_runs_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quick start", 1)[1].split("```bash\n", 1)[1].split("```", 1)[0]
    commands = [line.split("#")[0].strip() for line in quick.splitlines() if line.strip()]
    assert commands == ["python3 kit.py course", "python3 kit.py test"]
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert "python3 kit.py test" in ci


def test_kit_refuses_unknown_commands() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "kit.py"), "lint"], capture_output=True, text=True)
    assert out.returncode == 2 and "usage" in out.stderr


def test_mypy_strict_is_clean() -> None:
    """The whole package type-checks under ``mypy --strict`` (configured in pyproject.toml)."""
    out = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / "build" / "mypy-cache")],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / "mtgkit" / "py.typed").exists()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "py.typed" in pyproject["tool"]["setuptools"]["package-data"]["mtgkit"]


def test_ruff_is_clean() -> None:
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "mtgkit", "tests", "tools", "benchmarks",
                          "conftest.py", "kit.py"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
