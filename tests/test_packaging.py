"""Packaging: environment.yml agrees with pyproject.toml; the layers import one way."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import extra
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from mtgkit.course import NOTEBOOKS

ROOT = Path(__file__).resolve().parents[1]
CORE = ["abilities", "board", "cards/__init__", "cards/cardfile", "choices", "could_produce", "errors",
        "events", "game", "lessons", "mana", "rules", "course"]


def _extra(name: str) -> dict[str, str]:
    return extra(name)  # with the extras it names (mtgkit[kernel], ...)


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
    assert conda == _extra("lab")
    assert "-e ." in pip_part
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python"))
    assert python.removeprefix("python") == pyproject["project"]["requires-python"]


def test_the_extras_name_each_other_instead_of_repeating_their_lists() -> None:
    """Each pin is written in one extra: `lab` is `mtgkit[kernel]` plus JupyterLab, `notebooks`
    is `mtgkit[lab]`, `docs` and `test` name the extras whose tools they need."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    written: dict[str, str] = {}
    for name, lines in extras.items():
        for line in lines:
            req = Requirement(line)
            if req.name == "mtgkit":
                assert req.extras <= set(extras) - {name} and not req.specifier and not req.url, line
                continue
            assert req.name not in written, f"{req.name} is written in {written[req.name]} and {name}"
            written[req.name] = name
    assert extras["lab"][0] == "mtgkit[kernel]" and extras["notebooks"] == ["mtgkit[lab]"]
    assert _extra("lab").keys() == {*_extra("kernel"), "jupyterlab"}


def test_extras_kernel_for_a_hub_lab_for_a_laptop() -> None:
    """`kernel` is what a notebook kernel needs and never JupyterLab (a hub keeps its own);
    `lab` adds JupyterLab; `notebooks` is the old name of `lab`."""
    kernel, lab = _extra("kernel"), _extra("lab")
    assert set(kernel) == {"pandas", "matplotlib", "ipywidgets", "ipykernel", "jinja2"}
    assert lab == {**kernel, "jupyterlab": lab["jupyterlab"]}
    assert _extra("notebooks") == lab
    for name, spec in lab.items():  # the notebook stack's major versions are pinned
        assert "<" in spec and ">=" in spec, name


def test_the_slides_extra_is_the_in_lab_presenter() -> None:
    """`slides` is only the presenter, jupyterlab-slideshow, pinned below its next minor (0.x);
    the test extra has the same pin so the browser tier presents a notebook as slides. RISE
    (jupyterlab-rise) is in no extra: its slides show ipywidgets 8 widgets as text only."""
    from importlib.metadata import PackageNotFoundError, requires, version

    slides = _extra("slides")
    assert list(slides) == ["jupyterlab-slideshow"]
    pin = SpecifierSet(slides["jupyterlab-slideshow"])
    assert "0.3.4" in pin and "0.3.9" in pin and "0.4.0" not in pin and "0.3.3" not in pin
    assert _extra("test")["jupyterlab-slideshow"] == slides["jupyterlab-slideshow"]
    for name in ("kernel", "lab", "notebooks", "test", "slides"):
        assert "jupyterlab-rise" not in _extra(name), name
    # the presenter is optional: neither the conda environment nor Binder has it, and the docs
    # give conda users the extra's own pin (docs/running-a-class.md, "Presenting as slides")
    assert "jupyterlab-slideshow" not in (ROOT / "environment.yml").read_text()
    assert "jupyterlab-slideshow" not in (ROOT / "binder" / "requirements.txt").read_text()
    docs = (ROOT / "docs" / "running-a-class.md").read_text()
    pinned = re.findall(r'pip install "jupyterlab-slideshow([^"]*)"', docs)
    assert pinned and all(SpecifierSet(p) == pin for p in pinned), pinned
    try:
        installed = version("jupyterlab-slideshow")
    except PackageNotFoundError:
        pytest.skip("jupyterlab-slideshow is not installed (it is in the test extra)")
    assert installed in pin
    # it runs on any JupyterLab that `lab` allows (from its lowest 4.x), and on the one installed
    floor = next(s.version for s in SpecifierSet(_extra("lab")["jupyterlab"]) if s.operator == ">=")
    needs = [Requirement(r) for r in requires("jupyterlab-slideshow") or []]
    jlab = next(r for r in needs if r.name == "jupyterlab").specifier
    assert floor in jlab and version("jupyterlab") in jlab, (floor, str(jlab))


def test_the_kernel_extra_pulls_in_no_jupyterlab_or_server() -> None:
    """Follow the installed packages' own requirements from the kernel extra: none leads to
    JupyterLab, the notebook app or a Jupyter server, which a hub image already has its own of."""
    kernel = _closure(_extra("kernel"))
    assert {"pandas", "ipykernel", "jupyter-client", "widgetsnbextension"} <= kernel, kernel
    assert not kernel & {"jupyterlab", "notebook", "jupyter-server", "jupyterlab-server"}, kernel
    assert "jupyter-server" in _closure(_extra("lab"))  # the same walk finds the server from `lab`


def _closure(names: Iterable[str]) -> set[str]:
    """The installed distributions ``names`` require, directly or not (extras left out)."""
    from importlib.metadata import PackageNotFoundError, requires

    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        try:
            reqs = requires(name) or []
        except PackageNotFoundError:
            continue
        for text in reqs:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(req.name)
    return seen


def test_the_package_list_matches_the_source_tree() -> None:
    """pyproject lists the packages (so it can map notebooks/ into the package): every folder of
    mtgkit/ is listed, and the course is mtgkit.notebooks from notebooks/."""
    setuptools_cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(setuptools_cfg["packages"])
    on_disk = {".".join(p.relative_to(ROOT).parts) for p in (ROOT / "mtgkit").rglob("*")
               if p.is_dir() and p.name != "__pycache__"} | {"mtgkit"}
    assert {p for p in listed if not p.startswith("mtgkit.notebooks")} == on_disk
    assert setuptools_cfg["package-dir"] == {"mtgkit.notebooks": "notebooks"}
    assert {"mtgkit.notebooks", "mtgkit.notebooks.solutions"} <= listed
    data = setuptools_cfg["package-data"]
    assert data["mtgkit.notebooks"] == ["*.ipynb"] and data["mtgkit.scenarios"] == ["*.toml"]
    assert data["mtgkit.cards"] == ["*.toml"]  # the card catalog is a card file (catalog.toml)
    # every file of the course is covered: notebooks/*.ipynb and the solutions (modules)
    files = {p.relative_to(ROOT / "notebooks").as_posix() for p in (ROOT / "notebooks").rglob("*")
             if p.is_file() and ".ipynb_checkpoints" not in p.parts and "__pycache__" not in p.parts}
    assert files and all(re.fullmatch(r"[^/]+\.ipynb|solutions/[^/]+\.py", f) for f in files), files


def test_kit_installs_the_lab_and_test_extras() -> None:
    assert '".[lab,test]"' in (ROOT / "kit.py").read_text()


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
    out = subprocess.run([sys.executable, str(ROOT / "kit.py"), "build"], capture_output=True, text=True)
    assert out.returncode == 2 and "usage" in out.stderr


@pytest.mark.slow
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
                          "docs", "conftest.py", "kit.py"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


# ----------------------------------------------------------------------------- the sdist and the wheel
IGNORED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis",
                                 ".ruff_cache", ".pytest_cache", ".mypy_cache", ".ipynb_checkpoints")


def _tracked() -> list[str]:
    """The repository's files (git's list in a checkout; otherwise every file, as in an sdist)."""
    if (ROOT / ".git").exists():
        out = subprocess.run(["git", "ls-files"], capture_output=True, text=True, cwd=ROOT)
        if out.returncode == 0:
            return [line for line in out.stdout.splitlines() if (ROOT / line).exists()]
    skip = {".git", ".venv", "build", "dist", "__pycache__", ".hypothesis", ".ruff_cache", ".pytest_cache"}
    return sorted(p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*")
                  if (p.is_file() or p.is_symlink()) and not skip & set(p.relative_to(ROOT).parts)
                  and not p.relative_to(ROOT).parts[0].endswith(".egg-info") and p.name != "PKG-INFO"
                  and p.name != "setup.cfg")


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist built from a copy of the repository, and the wheel built from that sdist (as
    `python -m build` does), with setuptools' PEP 517 hooks and no network."""
    import setuptools

    if int(setuptools.__version__.split(".")[0]) < 77:
        pytest.skip(f"building needs setuptools>=77 (this is {setuptools.__version__}); it is in the test "
                    "extra: pip install -e '.[test]'")
    tmp = tmp_path_factory.mktemp("dists")
    src, out = tmp / "src", tmp / "dist"
    shutil.copytree(ROOT, src, symlinks=True, ignore=IGNORED)
    hook = "import sys; from setuptools import build_meta as b; print(getattr(b, sys.argv[1])(sys.argv[2]))"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    built = subprocess.run([sys.executable, "-c", hook, "build_sdist", str(out)], cwd=src, env=env,
                           capture_output=True, text=True)
    assert built.returncode == 0, "the build failed (its output is below)"
    sdist = out / built.stdout.strip().splitlines()[-1]
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp / "unpacked", filter="tar")
    unpacked = tmp / "unpacked" / sdist.name.removesuffix(".tar.gz")
    built = subprocess.run([sys.executable, "-c", hook, "build_wheel", str(out)], cwd=unpacked, env=env,
                           capture_output=True, text=True)
    assert built.returncode == 0, "the build failed (its output is below)"
    assert "absent from the `packages` configuration" not in built.stderr, built.stderr
    shutil.rmtree(unpacked / "build", ignore_errors=True)
    return {"sdist": sdist, "wheel": out / built.stdout.strip().splitlines()[-1], "unpacked": unpacked,
            "tmp": tmp}


@pytest.mark.slow
def test_the_wheel_ships_exactly_the_course_in_notebooks(dists: dict[str, Path]) -> None:
    """The installed course is notebooks/ (and the worked examples mtgkit/scenarios/), byte for byte."""
    with zipfile.ZipFile(dists["wheel"]) as whl:
        names = set(whl.namelist())
        course = {n.removeprefix("mtgkit/notebooks/"): whl.read(n) for n in names
                  if n.startswith("mtgkit/notebooks/")}
        examples = {n.removeprefix("mtgkit/scenarios/"): whl.read(n) for n in names
                    if n.startswith("mtgkit/scenarios/")}
    on_disk = {p.relative_to(ROOT / "notebooks").as_posix(): p.read_bytes()
               for p in (ROOT / "notebooks").rglob("*") if p.is_file() and "__pycache__" not in p.parts
               and ".ipynb_checkpoints" not in p.parts}
    assert course == on_disk
    assert examples == {p.name: p.read_bytes() for p in (ROOT / "mtgkit" / "scenarios").glob("*.toml")}
    assert "mtgkit/py.typed" in names and "mtgkit/limits.py" in names
    with zipfile.ZipFile(dists["wheel"]) as whl:  # the catalog, byte for byte
        catalog = whl.read("mtgkit/cards/catalog.toml")
    assert catalog == (ROOT / "mtgkit" / "cards" / "catalog.toml").read_bytes()
    assert not {n for n in names if n.startswith(("tests/", "tools/", "notebooks/", "scenarios/"))}


@pytest.mark.slow
def test_the_sdist_holds_every_file_of_the_repository(dists: dict[str, Path]) -> None:
    with tarfile.open(dists["sdist"]) as tar:
        prefix = dists["sdist"].name.removesuffix(".tar.gz") + "/"
        members = {m.name.removeprefix(prefix): m for m in tar.getmembers()}
    missing = [f for f in _tracked() if f not in members]
    assert not missing, missing
    link = members["scenarios"]
    assert link.issym() and link.linkname == "mtgkit/scenarios"


@pytest.mark.slow
def test_the_sdists_tests_run_from_the_unpacked_sdist(dists: dict[str, Path]) -> None:
    unpacked = dists["unpacked"]
    env = {**os.environ, "PYTHONPATH": str(unpacked)}
    tests = ["tests/test_game.py", "tests/test_scenarios.py", "tests/test_course.py",
             "tests/test_course_sources.py", "tests/test_limits.py"]
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
                         cwd=unpacked, env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, "the sdist's tests failed (their output is below)"
    assert " passed" in out.stdout and "error" not in out.stdout.splitlines()[-1]


@pytest.mark.slow
def test_the_wheel_alone_gives_the_course_and_the_cli_in_a_fresh_venv(dists: dict[str, Path]) -> None:
    """`pip install mtgkit` with no extras and no network: the course, the assignments and the CLI
    work; the launcher says what is missing and exits 2."""
    import venv

    tmp = dists["tmp"]
    env_dir, work = tmp / "venv", tmp / "work"
    work.mkdir()
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}

    def run(*cmd: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(bin_dir / cmd[0]), *cmd[1:]], capture_output=True, text=True, cwd=work,
                              env=env, timeout=300)

    installed = run("python", "-m", "pip", "install", "--no-index", "--no-deps", "--quiet",
                    str(dists["wheel"]))
    assert installed.returncode == 0, installed.stderr
    where = run("python", "-c",
                "import mtgkit, importlib.util as u; print(mtgkit.__file__, u.find_spec('pandas'))")
    assert where.stdout.startswith(str(env_dir)) and where.stdout.split()[-1] == "None", where.stdout
    out = run("mtgkit", "course", "class")
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in (work / "class").iterdir()) == sorted(f"{s}.ipynb" for s, _ in NOTEBOOKS)
    out = run("mtgkit", "course", "teacher", "--solutions")
    assert out.returncode == 0 and len(list((work / "teacher" / "solutions").glob("*.py"))) == 16, out.stderr
    out = run("mtgkit", "run", "06-the-monarch")
    assert out.returncode == 0 and out.stdout.startswith("# The crown moves"), out.stderr
    out = run("mtgkit", "assignments", "grading")
    assert out.returncode == 0 and len(list((work / "grading" / "source").iterdir())) == 8, out.stderr
    assert run("mtgkit", "cards").returncode == 0
    out = run("mtgkit", "run", "06-the-monarch", "--plot", "t.png")
    assert (out.returncode, out.stdout) == (2, "") and "needs matplotlib" in out.stderr, out.stderr
    out = run("python", "-m", "mtgkit.course")
    assert out.returncode == 2 and "no course folder here" in out.stderr, out.stderr
    out = run("python", "-m", "mtgkit.course", "class")
    assert out.returncode == 2 and "pip install 'mtgkit[lab]'" in out.stderr, out.stderr


# ----------------------------------------------------------------------------- the package index
def _project() -> dict[str, object]:
    project: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project


def test_the_version_is_written_once_in_pyproject() -> None:
    """``mtgkit.__version__`` is read from the installed metadata; no module writes a version."""
    from importlib.metadata import version

    import mtgkit

    assert mtgkit.__version__ == version("mtgkit") == _project()["version"]
    for path in (ROOT / "mtgkit").rglob("*.py"):
        assert not re.search(r"__version__\s*=", path.read_text()), path


def test_the_metadata_describes_the_project_for_the_index() -> None:
    project = _project()
    classifiers = project["classifiers"]
    assert isinstance(classifiers, list) and "Typing :: Typed" in classifiers
    assert "Intended Audience :: Education" in classifiers and "Framework :: Jupyter" in classifiers
    versions = r"Programming Language :: Python :: 3\.\d+"
    python = {c.rsplit(" :: ", 1)[1] for c in classifiers if re.fullmatch(versions, c)}
    assert f"{sys.version_info.major}.{sys.version_info.minor}" in python  # the version the tests run on
    assert not any(c.startswith("License ::") for c in classifiers), "the license is the SPDX expression"
    urls = project["urls"]
    assert isinstance(urls, dict) and {"Homepage", "Source", "Issues", "Changelog"} <= set(urls)
    assert all(u.startswith("https://github.com/mtgkit/mtgkit") for u in urls.values())
    assert project["keywords"]


def test_the_long_description_links_work_on_the_package_index() -> None:
    """The README is the package's long description: the index shows it away from the repository,
    so every link and image is absolute (a relative one would point into the index)."""
    assert _project()["readme"] == "README.md"
    readme = (ROOT / "README.md").read_text()
    targets = re.findall(r"\]\(([^)\s]+)\)", readme) + re.findall(r'src="([^"]+)"', readme)
    assert len(targets) > 15
    relative = [t for t in targets if not re.match(r"https?://", t)]
    assert not relative, relative
    images = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", readme)
    ours = [i for i in images if "mtgkit/mtgkit" in i]  # (the Binder badge is Binder's own image)
    assert ours and all(i.startswith("https://raw.githubusercontent.com/mtgkit/mtgkit/main/") for i in ours)
    for t in targets:  # a link into the repository names a file that exists
        path = re.match(r"https://(?:github\.com/mtgkit/mtgkit/blob/main|raw\.githubusercontent\.com/"
                        r"mtgkit/mtgkit/main)/([^#?]+)", t)
        if path:
            assert (ROOT / path.group(1)).exists(), t


# ----------------------------------------------------------------------------- installs (issue 32, item 8)
def _kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """kit.py as a module, its .venv in tmp_path; pip installs are recorded, not run."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("kit_under_test", ROOT / "kit.py")
    assert spec and spec.loader
    kit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kit)
    bindir = "Scripts" if os.name == "nt" else "bin"
    monkeypatch.setattr(kit, "VENV", tmp_path / ".venv")
    python = "python.exe" if os.name == "nt" else "python"
    monkeypatch.setattr(kit, "PY", tmp_path / ".venv" / bindir / python)
    monkeypatch.setattr(kit, "STAMP", tmp_path / ".venv" / ".installed")
    real = subprocess.run
    kit.installs = []

    def run(cmd: list[str], *args: Any, **kwargs: Any) -> Any:
        if "install" in cmd:
            kit.installs.append(cmd)
            return subprocess.CompletedProcess(cmd, 0)
        return real(cmd, *args, **kwargs)

    monkeypatch.setattr(kit.subprocess, "run", run)
    return kit


def _without_pip(kit: Any) -> None:
    import venv

    venv.EnvBuilder(with_pip=False).create(kit.VENV)  # as Debian leaves it without python3-venv
    assert not kit.has_pip()


@pytest.mark.slow
def test_kit_remakes_a_half_made_venv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import venv

    kit = _kit(tmp_path, monkeypatch)
    _without_pip(kit)
    made = []

    class Builder(venv.EnvBuilder):  # a quick stand-in for ensurepip: a pip that answers --version
        def __init__(self, **kwargs: Any) -> None:
            made.append(kwargs)
            super().__init__(clear=kwargs["clear"], with_pip=False)

        def post_setup(self, context: Any) -> None:
            site = Path(subprocess.check_output([context.env_exe, "-c", "import site; "
                                                 "print(site.getsitepackages()[0])"], text=True).strip())
            (site / "pip").mkdir()
            (site / "pip" / "__init__.py").write_text("")
            (site / "pip" / "__main__.py").write_text("print('pip 0 (a stand-in)')\n")

    monkeypatch.setattr(kit.venv, "EnvBuilder", Builder)
    kit.setup()
    assert made == [{"with_pip": True, "clear": True}] and kit.has_pip()
    assert [cmd[3:] for cmd in kit.installs] == [["install", "--quiet", "--upgrade", "pip"],
                                                  ["install", "--quiet", "-e", ".[lab,test]"]]
    assert kit.STAMP.exists()


def test_kit_says_what_to_install_where_python_cant_make_a_venv_with_pip(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    kit = _kit(tmp_path, monkeypatch)
    _without_pip(kit)
    real = importlib.util.find_spec
    monkeypatch.setattr(kit.importlib.util, "find_spec",
                        lambda name: None if name == "ensurepip" else real(name))
    monkeypatch.setattr(sys, "argv", ["kit.py", "test"])
    assert kit.main(["test"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt-get install python3-venv" in err and "Traceback" not in err
    assert not kit.VENV.exists() and kit.installs == []  # the half-made one is gone; nothing else ran


def test_the_kernel_extra_has_what_pandas_styler_needs() -> None:
    """pandas' Styler (the timeline's table) imports jinja2, which pandas itself doesn't require."""
    assert "jinja2" in _extra("kernel")
    assert "jinja2" in (ROOT / "binder" / "requirements.txt").read_text()


def test_the_classifiers_name_every_python_the_kit_supports() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    versions = [c.rsplit(" :: ", 1)[1] for c in pyproject["project"]["classifiers"]
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    assert versions == ["3.11", "3.12", "3.13"]
    assert pyproject["project"]["requires-python"] == ">=3.11"


def test_chromium_is_found_one_way_by_ci_and_the_tests(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from helpers import load_tool

    chromium = load_tool("chromium")
    fake = tmp_path / "bin" / "chromium"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.setattr(chromium, "PLACES", ())
    assert chromium.find({"PATH": str(fake.parent)}) == str(fake)  # a snap's /snap/bin/chromium too
    assert chromium.find({"PATH": str(tmp_path / "none")}) is None
    assert chromium.find({"PATH": str(fake.parent), "MTGKIT_CHROMIUM": "/nowhere/chrome"}) is None
    assert chromium.find({"PATH": "", "MTGKIT_CHROMIUM": str(fake)}) == str(fake)
    ci = (ROOT / ".ci" / "run").read_text()
    assert "python3 tools/chromium.py" in ci and "command -v chromium" not in ci
    conftest = (ROOT / "tests" / "browser" / "conftest.py").read_text()
    assert 'load_tool("chromium").find()' in conftest and "/usr/bin/chromium" not in conftest
