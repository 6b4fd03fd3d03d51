"""What the committed notebooks show reads as sentences (issue 28): no Python repr in any output
a learner sees, and every exercise runs on its own after the notebook's first code cell.

Nothing here starts a kernel: the outputs are read from the committed notebooks (strict nbval
checks that re-execution reproduces them), and the exercise cells are executed in a fresh
namespace of their own, widgets built without a front end to show them.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import io
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from IPython.display import display

from mtgkit.course import NOTEBOOKS

ROOT = Path(__file__).resolve().parents[1]
STEMS = [s for s, _ in NOTEBOOKS]

#: What a Python value's repr looks like, as opposed to a sentence.
REPRS = {
    "a class's repr": re.compile(r"\b[A-Z]\w*\((?:'|\"|\w+=|\))"),  # Mana('{G}'), Step(x=1), Mana()
    "an object's default repr": re.compile(r"<[\w.]+ object( at 0x\w+)?>|\bat 0x[0-9a-fA-F]+>"),
    "a list, tuple, set or dict of strings": re.compile(r"(?<!\w)[\[({]\s*['\"]"),
    "a tuple": re.compile(r"^\(.*,.*\)$", re.M),
    "a quoted string": re.compile(r"^(['\"]).*\1$", re.M),
    "a bare value": re.compile(r"^(True|False|None|-?\d+(\.\d+)?)$", re.M),
    "a labelled True/False": re.compile(r": (True|False|None)$", re.M),
}


def shown_text(output: dict[str, Any]) -> str | None:
    """The text a learner sees for one output: a stream's text, or the text/plain of a result that
    has nothing richer to show (JupyterLab and the website show the richest type they have)."""
    if output["output_type"] == "stream":
        return str(output["text"])
    if output["output_type"] in ("execute_result", "display_data"):
        data = output["data"]
        if set(data) == {"text/plain"}:
            return str(data["text/plain"])
    return None


def reprs_in(text: str) -> list[str]:
    return [what for what, pattern in REPRS.items() if pattern.search(text)]


@pytest.mark.parametrize("text, found", [
    ("Mana('{G}')", ["a class's repr"]),
    ("('nothing', 'nothing')", ["a list, tuple, set or dict of strings", "a tuple"]),
    ('on the stack: ["The monarch\'s ability"]', ["a list, tuple, set or dict of strings"]),
    ("'Bob'", ["a quoted string"]),
    ("(17, 17)", ["a tuple"]),
    ("True", ["a bare value"]),
    ("combat damage: True", ["a labelled True/False"]),
    ("<IPython.core.display.Markdown object>", ["an object's default repr"]),
    ("Alice's mana pool: {G}.", []),
    ("#27 Lightning Bolt deals 3 damage to Alice (120.3, 120.3a)", []),
    ("0/2 correct\n✗ Alice taps a Forest: no answer yet", []),
])
def test_the_scanner_tells_a_repr_from_a_sentence(text: str, found: list[str]) -> None:
    assert reprs_in(text) == found


@pytest.mark.parametrize("stem", STEMS)
def test_no_output_is_a_python_repr(stem: str) -> None:
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    bad = []
    for cell in nb.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            text = shown_text(output)
            if text is not None and reprs_in(text):
                bad.append(f"{cell.id}: {reprs_in(text)}: {text[:120]!r}")
    assert bad == [], f"{stem} shows Python values, not sentences:\n" + "\n".join(bad)


# ------------------------------------------------------------------------ exercises on their own
def exercises(nb: nbformat.NotebookNode) -> dict[str, list[str]]:
    """Each exercise's code cells, in order: the cells under its "## Exercise N" heading, up to
    the next heading of level 1 or 2."""
    found: dict[str, list[str]] = {}
    current: str | None = None
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            heading = re.match(r"#{1,2} (.*)", cell.source.lstrip())
            if heading:
                current = heading.group(1) if heading.group(1).startswith("Exercise") else None
        elif current is not None:
            found.setdefault(current, []).append(cell.source)
    return found


def first_code_cell(nb: nbformat.NotebookNode) -> str:
    return next(c.source for c in nb.cells if c.cell_type == "code")


def unbound(sources: list[str], before: str) -> list[str]:
    """Names the cells read that neither they (in order) nor ``before`` bind, nor builtins."""
    bound = set(dir(builtins)) | {"display", "get_ipython"}  # an IPython kernel has both
    missing: list[str] = []

    def bind(tree: ast.AST) -> None:
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                bound.add(node.id)
            elif isinstance(node, ast.Import | ast.ImportFrom):
                bound.update((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, ast.FunctionDef | ast.ClassDef):
                bound.add(node.name)
            elif isinstance(node, ast.arg):
                bound.add(node.arg)

    bind(ast.parse(before))
    for source in sources:
        tree = ast.parse(source)
        for stmt in tree.body:
            for node in ast.walk(stmt):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in bound \
                        and node.id not in missing:
                    missing.append(node.id)
            bind(stmt)
    return missing


def test_every_rule_notebook_has_its_exercises_found() -> None:
    counts = {stem: len(exercises(nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)))
              for stem in STEMS}
    assert counts == {**{stem: 2 for stem in STEMS[1:]}, STEMS[0]: 1}


@pytest.mark.parametrize("stem", STEMS)
def test_every_exercise_runs_on_its_own_after_the_first_code_cell(stem: str) -> None:
    """A learner who opens the notebook later and goes straight to an exercise: a fresh kernel
    runs the notebook's first code cell, then the exercise's cells (its widget, then its Python
    route), and nothing else. Checked by the names the cells read (no NameError can hide in a
    branch) and by running them."""
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    first = first_code_cell(nb)
    for title, sources in exercises(nb).items():
        assert unbound(sources, first) == [], f"{stem}, {title}: a name from another cell"
        ns: dict[str, Any] = {"display": display}
        with contextlib.redirect_stdout(io.StringIO()) as out:
            for source in [first, *sources]:
                exec(compile(source, f"{stem}: {title}", "exec"), ns)  # our own committed notebook
        assert "correct" in out.getvalue(), f"{stem}, {title}: the Python route printed no grade"


def test_a_name_from_another_cell_is_caught() -> None:
    assert unbound(["questions2 = worksheet('tapping', 'hard', 5, seed=8)"], "from mtgkit import Game") \
        == ["worksheet"]
