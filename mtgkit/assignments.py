"""nbgrader assignments built from the course: ``mtgkit assignments DEST``.

:func:`write_assignments` writes an nbgrader course folder: ``nbgrader_config.py`` and
``source/<notebook>/<notebook>.ipynb`` for every notebook with exercises. Each assignment is the
course notebook (teacher hints removed, outputs cleared) where every exercise becomes two cells:

- the exercise's own cell, as an nbgrader **solution** cell: the solution from
  ``notebooks/solutions/`` sits between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` right
  after the answer template (``answers1 = {... None ...}``), so the released notebook keeps the
  template and the learner fills it in as in the course;
- an **autograded test** cell worth one point per question, whose hidden test rebuilds the
  exercise's cases and grades the learner's answers with the engine's checker. A cell ends with
  the number of questions right, which nbgrader takes as partial credit: a blank submission
  scores 0, a right one full marks, and the feedback shows the checker's explanations.

The assignment says what is graded, in words a student reads before answering: a section *How
this assignment is graded* after the title (:data:`HOW_GRADED`), and a note right above each
graded cell (:func:`graded_note`): only the Python answer cells count; what a learner picks or
types in a widget is not saved in the notebook and is not graded.

Right after that section, a locked code cell (:data:`ASSESSMENT_CELL`) switches on **assessment
mode** (:func:`mtgkit.grading.assessment`): a wrong answer's feedback, in a widget's *Check* or
in an answer cell, names the misconception and the rule but never the right answer, so one wrong
*Check* can't be copied into the graded cells. nbgrader runs that cell too when it autogrades, so
the feedback it returns keeps the answers back as well.

Which checker grades which exercise is :data:`EXERCISES`, gathered from the course's lessons
(:data:`mtgkit.course.LESSONS`): each topic module lists its lessons' exercises with a reference
to the checker function, so renaming a checker renames it there too. Nothing here needs nbgrader:
the files are plain JSON and a config file; a teacher runs ``nbgrader generate_assignment`` and
``nbgrader autograde`` on them (see docs/running-a-class.md).
"""

from __future__ import annotations

import ast
import builtins
import itertools
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from .course import LESSONS, NOTEBOOKS, course_dir, dump_notebook, strip_teacher_hints
from .files import folder, write_files
from .topics.base import Checker


class Exercise(NamedTuple):
    """One exercise of a course notebook and how it is graded."""

    #: the notebook's stem, e.g. "01-tap-and-untap"
    notebook: str
    #: "## Exercise N" in the notebook; its solution is solutions/NN_exerciseN.py
    number: int
    #: the checker function the hidden test calls (imported as the notebook imports it)
    check: Checker
    #: the names the learner assigns: the solution cell's answers
    answers: tuple[str, ...]
    #: the names the hidden test rebuilds from the notebook (the cases: assigned in the exercise
    #: cell, or in the nearest cell above it that assigns them, such as the exercise's widget
    #: cell), so that editing them in the notebook changes nothing; the last one is graded
    setup: tuple[str, ...] = ()

    @property
    def solution(self) -> str:
        return f"{self.notebook[:2]}_exercise{self.number}.py"

    @property
    def call(self) -> str:
        """The checker call the hidden test makes, e.g. ``check_tap_answers(answers1, cases1)``."""
        return f"{self.check.__name__}({self.answers[0]}, {self.setup[-1]})"


#: Every exercise of the course and the checker that grades it, in course order (from the lessons
#: of :data:`mtgkit.course.LESSONS`).
EXERCISES: tuple[Exercise, ...] = tuple(
    Exercise(lesson.stem, ex.number, ex.check, ex.answers, ex.setup)
    for lesson in LESSONS for ex in lesson.exercises)

BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
#: What replaces a solution in the released notebook (nbgrader's ClearSolutions.code_stub).
CODE_STUB = "# Your answers go in the lines above: replace each None, then run this cell."

#: The assignment's first words after its title: what is graded, and what is not.
HOW_GRADED = """## How this assignment is graded
Only the **Python answer cells** are graded: for each exercise, the cell that starts with
`answers1 = {` (or `answers2`), just below the note *This cell is graded*. Replace each `None`
with your answer, run the cell, and save the notebook before you hand it in.

The widgets (the exercise boxes with a *Check* button, the explorers and the quick questions) are
for trying things out: what you pick or type in a widget is **not saved** in the notebook and
**not graded**. Checking an answer in a widget doesn't hand it in; copy it into the Python cell.

In this assignment, the feedback on a wrong answer (in a widget or in an answer cell) names the
misconception it looks like and the rule to look at again, but not the right answer: the cell
below switches that on. Leave it as it is and run it with the others."""

#: The locked code cell after :data:`HOW_GRADED`: assessment mode for the whole assignment.
ASSESSMENT_CELL = """# Assessment mode: a wrong answer's feedback names the misconception and the rule,
# never the answer.
from mtgkit.grading import assessment

assessment()"""


def graded_note(number: int, answers: str, points: int) -> str:
    """The note right above an exercise's graded cell."""
    return (f"**This cell is graded: exercise {number}, {points} points** (one per question). "
            f"Replace each `None` in `{answers}` with your answer, run the cell, and save the notebook. "
            "Answers given in the widget above are not saved or graded.")


#: How a learning platform's "download all submissions" names each student's notebook, as the
#: regular expression nbgrader's ``zip_collect`` reads the student and the notebook from (it is
#: matched against the file's whole path, / or \\ between folders). A notebook renamed on the way
#: (``-1``, `` (1)``, as a platform or a browser does for a second upload or download) is
#: collected under the course notebook's name.
LMS_DOWNLOADS: dict[str, str] = {
    # Moodle: "Ada Lovelace_1043_assignsubmission_file/07-protector-of-the-crown.ipynb" (one folder
    # per student; without folders, "_file_07-..."): the student is Moodle's number, 1043.
    "Moodle": r".*[\\/][^\\/]*_(?P<student_id>\d+)_assignsubmission_file[\\/_]"
              r"(?P<file_id>\d\d-[a-z-]+?)(?:-\d+| ?\(\d+\))?\.ipynb$",
    # Canvas: "lovelaceada_1043_96071_07-protector-of-the-crown.ipynb" (late ones "..._late_1043_...");
    # the student is the name Canvas writes first, lovelaceada.
    "Canvas": r".*[\\/](?P<student_id>[a-z0-9]+)(?:_late)?_\d+_\d+_"
              r"(?P<file_id>\d\d-[a-z-]+?)(?:-\d+| ?\(\d+\))?\.ipynb$",
}

_LMS_LINES = "\n".join(f'# c.FileNameCollectorPlugin.named_regexp = r"{pattern}"  # {name}'
                        for name, pattern in LMS_DOWNLOADS.items())

NBGRADER_CONFIG = f'''\
# nbgrader settings for the mtgkit course, written by `mtgkit assignments`.
# Each assignment is a course notebook; each exercise is a solution cell (the learner's answers)
# followed by an autograded test cell worth one point per question, graded by the engine.
c = get_config()  # noqa: F821 - nbgrader provides get_config

c.CourseDirectory.course_id = "mtgkit"
# The released notebook keeps the answer template (answers = {{... None ...}}) above this line.
c.ClearSolutions.code_stub = {{"python": {CODE_STUB!r}}}
# The explorers and plots of a notebook take a few seconds to run.
c.Execute.timeout = 120
# Two messages nbgrader would print while it grades, neither about the grades (see "What
# autograde prints" in docs/running-a-class.md): each kernel that runs a submission logs that it
# talks to nbgrader over TCP on this machine, unencrypted, as JupyterLab's kernels do (its errors
# still show); and nbgrader 0.9 with SQLAlchemy 2 warns "Object of type <SubmittedAssignment> not
# in session" as it records a new submission, which it then adds itself.
c.Execute.extra_arguments = ["--IPKernelApp.log_level=ERROR"]
import warnings  # noqa: E402
warnings.filterwarnings("ignore", message=r"Object of type <\\w+> not in session", module=r"nbgrader\\.")
# Once a notebook has run, its kernel has nothing left to do: stop it at once rather than by the
# shutdown handshake, which a busy machine can turn into a kernel's error traceback in the log.
c.Execute.shutdown_kernel = "immediate"
# Submissions downloaded from a learning platform (`nbgrader zip_collect`, docs/running-a-class.md):
# uncomment the line for yours, so nbgrader can read the student and the notebook from each file.
{_LMS_LINES}
'''


class AssignmentError(Exception):
    """The assignments can't be built or written: says which exercise or file, and why."""


def score(report: str, questions: int) -> int:
    """The number of questions right in a checker's report; prints the report as feedback.

    The hidden tests end with this call, so nbgrader reads its value as the points earned. A
    report about a different number of questions than the assignment grades fails the test.

    >>> score("1/2 correct\\n✓ a: {G}\\n✗ b: no answer yet", 2)
    1/2 correct
    ✓ a: {G}
    ✗ b: no answer yet
    1
    """
    print(report)
    match = re.match(r"(\d+)/(\d+) correct", report)
    assert match, "the checker's report should start with 'N/M correct'"
    right, total = int(match.group(1)), int(match.group(2))
    assert total == questions, f"the checker graded {total} questions; this assignment grades {questions}"
    return right


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _parse(source: str) -> ast.Module | None:
    """A code cell's syntax tree (None for a cell that isn't plain Python, e.g. a magic)."""
    try:
        return ast.parse(source)
    except SyntaxError:
        return None


def _assigned(node: ast.stmt) -> set[str]:
    """The names a top-level assignment binds (``a = ...``, ``a, b = ...``)."""
    if not isinstance(node, ast.Assign | ast.AnnAssign):
        return set()
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    names: set[str] = set()
    for target in targets:
        elts = target.elts if isinstance(target, ast.Tuple | ast.List) else [target]
        names |= {e.id for e in elts if isinstance(e, ast.Name)}
    return names


def _called(tree: ast.Module) -> set[str]:
    return {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def _lines(source: str, nodes: Iterable[ast.stmt]) -> str:
    """The whole lines of ``nodes`` (with their comments), in order."""
    lines = source.splitlines()
    return "\n".join("\n".join(lines[n.lineno - 1:n.end_lineno]) for n in nodes)


def _questions(solution: ast.Module, answers: tuple[str, ...], where: str) -> int:
    """How many questions an exercise asks: the answers in its solution."""
    if len(answers) > 1:
        return len(answers)
    for node in solution.body:
        if answers[0] in _assigned(node) and isinstance(node, ast.Assign):
            value = node.value
            if isinstance(value, ast.Dict):
                return len(value.keys)
            if isinstance(value, ast.List | ast.Tuple):
                return len(value.elts)
    raise AssignmentError(f"{where}: the solution should assign {answers[0]} a dict or a list literal")


def _exercise_cells(ex: Exercise, cells: list[dict[str, Any]], src: Path) -> tuple[int, str, str, int]:
    """Where ``ex`` is in its notebook and what its two graded cells hold:
    (cell index, solution cell source, hidden test source, points)."""
    where = f"{ex.notebook} exercise {ex.number}"
    checker = ex.check.__name__
    found = []
    for i, cell in enumerate(cells):
        tree = _parse(_source(cell)) if cell.get("cell_type") == "code" else None
        if tree and checker in _called(tree) and any(ex.answers[0] in _assigned(n) for n in tree.body):
            found.append((i, tree))
    if len(found) != 1:
        raise AssignmentError(f"{where}: expected one code cell that assigns {ex.answers[0]} and calls "
                              f"{checker}, found {len(found)}; update the lesson's exercises in its "
                              "topic module (mtgkit.assignments.EXERCISES gathers them)")
    index, tree = found[0]
    source = _source(cells[index])
    try:
        solution_text = (src / "solutions" / ex.solution).read_text(encoding="utf-8")
    except OSError as err:
        raise AssignmentError(f"{where}: no solution {ex.solution} ({err.strerror})") from None
    solution = _parse(solution_text)
    if solution is None:
        raise AssignmentError(f"{where}: {ex.solution} is not valid Python")
    answer_nodes = [n for n in solution.body if _assigned(n) & set(ex.answers)]
    template = [n for n in tree.body if _assigned(n) & set(ex.answers)]
    if not answer_nodes or not template:
        raise AssignmentError(f"{where}: the cell and {ex.solution} should both assign "
                              f"{', '.join(ex.answers)}")
    # The solution region goes right after the answer template, before the checker's print.
    lines = source.splitlines()
    cut = max(n.end_lineno or n.lineno for n in template)
    solution_cell = "\n".join([*lines[:cut], BEGIN_SOLUTION, _lines(solution_text, answer_nodes),
                               END_SOLUTION, *lines[cut:]])
    # The hidden test: the cases rebuilt, with the names they and the checker need imported as
    # the notebook imports them (from mtgkit), then the checker's grade.
    # The cases are assigned in the exercise cell, or in a cell above it (the exercise's widget
    # cell, which the Python route below it shares): the nearest cell that assigns each name.
    setup: list[ast.stmt] = []
    setup_text: list[str] = []
    wanted = set(ex.setup)
    for cell in [cells[index], *reversed(cells[:index])]:
        cell_source = _source(cell)
        cell_tree = tree if cell is cells[index] else (
            _parse(cell_source) if cell.get("cell_type") == "code" else None)
        nodes = [n for n in cell_tree.body if _assigned(n) & wanted] if cell_tree and wanted else []
        if nodes:
            setup = nodes + setup
            setup_text.insert(0, _lines(cell_source, nodes))
            wanted -= {name for n in nodes for name in _assigned(n)}
    if wanted:
        raise AssignmentError(f"{where}: the cell or one above it should assign {', '.join(sorted(wanted))}")
    needed = {n.id for node in [*setup, ast.parse(ex.call)] for n in ast.walk(node)
              if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - set(ex.answers) - set(ex.setup)
    origin: dict[str, str] = {}
    for cell in cells[:index + 1]:
        cell_tree = _parse(_source(cell)) if cell.get("cell_type") == "code" else None
        for node in cell_tree.body if cell_tree else []:
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                    and (node.module == "mtgkit" or node.module.startswith("mtgkit.")):
                for alias in node.names:
                    origin[alias.asname or alias.name] = f"from {node.module} import {alias.name}" + (
                        f" as {alias.asname}" if alias.asname else "")
    missing = sorted(name for name in needed if name not in origin and not hasattr(builtins, name))
    if missing:
        raise AssignmentError(f"{where}: the notebook doesn't import {', '.join(missing)} from mtgkit")
    imports = sorted({origin[name] for name in needed if name in origin})
    points = _questions(solution, ex.answers, where)
    parts = [f"# Exercise {ex.number}: {points} points, one per question, graded by the engine.",
             BEGIN_HIDDEN, "from mtgkit.assignments import score", *imports, *setup_text,
             f"score({ex.call}, {points})", END_HIDDEN]
    hidden = "\n".join(part for part in parts if part)
    return index, solution_cell, hidden, points


def _nbgrader(grade_id: str, *, solution: bool, points: int | None = None) -> dict[str, Any]:
    meta: dict[str, Any] = {"grade": points is not None, "grade_id": grade_id, "locked": points is not None,
                            "schema_version": 3, "solution": solution, "task": False}
    if points is not None:
        meta["points"] = points
    return meta


def assignment_notebook(stem: str, source: Path | None = None) -> tuple[dict[str, Any], int]:
    """The nbgrader source notebook for one course notebook, and its total points."""
    src = source if source is not None else course_dir()
    exercises = [ex for ex in EXERCISES if ex.notebook == stem]
    if not exercises:
        raise AssignmentError(f"{stem}: no exercises in its lesson (mtgkit.assignments.EXERCISES)")
    try:
        nb = json.loads((src / f"{stem}.ipynb").read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise AssignmentError(f"{src / (stem + '.ipynb')}: can't be read ({err})") from None
    strip_teacher_hints(nb)
    nb.get("metadata", {}).pop("widgets", None)
    cells: list[dict[str, Any]] = nb["cells"]
    for cell in cells:
        if cell.get("cell_type") == "code":
            cell["outputs"], cell["execution_count"] = [], None
    graded = [(ex, *_exercise_cells(ex, cells, src)) for ex in exercises]
    total = 0
    for ex, index, solution_cell, hidden, points in sorted(graded, key=lambda g: -g[1]):  # from the end
        cell = cells[index]
        cell["source"] = solution_cell
        cell.setdefault("metadata", {})["nbgrader"] = _nbgrader(f"exercise{ex.number}-answers", solution=True)
        test: dict[str, Any] = {
            "cell_type": "code", "execution_count": None, "id": f"{cell.get('id', stem)}-tests",
            "metadata": {"nbgrader": _nbgrader(f"exercise{ex.number}-tests", solution=False, points=points)},
            "outputs": [], "source": hidden}
        cells.insert(index + 1, test)
        cells.insert(index, _markdown(f"{cell.get('id', stem)}-graded",
                                      graded_note(ex.number, ex.answers[0], points)))
        total += points
    cells.insert(1, _markdown(f"{stem}-how-graded", HOW_GRADED))  # after the title
    cells.insert(2, {"cell_type": "code", "execution_count": None, "id": f"{stem}-assessment-mode",
                     "metadata": {"nbgrader": {"grade": False, "grade_id": "assessment-mode", "locked": True,
                                               "schema_version": 3, "solution": False, "task": False}},
                     "outputs": [], "source": ASSESSMENT_CELL})
    return nb, total


def _markdown(cell_id: str, text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text}


def write_assignments(dest: str | Path, *, force: bool = False, source: Path | None = None) -> list[Path]:
    """Write the nbgrader course folder into ``dest``; return the files written.

    Existing files are never overwritten unless ``force``; then nothing at all is written.
    Files are written as :func:`mtgkit.files.write_files` writes them: never through a link,
    each one whole or absent.
    """
    dest = folder(dest, AssignmentError)
    files: dict[Path, str] = {dest / "nbgrader_config.py": NBGRADER_CONFIG}
    for stem, _ in NOTEBOOKS:
        if any(ex.notebook == stem for ex in EXERCISES):
            nb, _total = assignment_notebook(stem, source)
            files[dest / "source" / stem / f"{stem}.ipynb"] = dump_notebook(nb)
    return write_files(dest, files, force=force, what="the assignments", error=AssignmentError)


# ----------------------------------------------------------------------------- a teacher's question set
#: The first words of a question-set assignment after its title: what is graded, and what is not.
SET_HOW_GRADED = """## How this assignment is graded
Only the **Python answer cell** is graded: the cell that starts with `answers1 = [`, just below
the note *This cell is graded*. Replace each `None` with your answer to that question (one of its
options, copied as it is written), run the cell, and save the notebook before you hand it in.

The exercise box with a *Check* button is for trying things out: what you pick in it is **not
saved** in the notebook and **not graded**. Checking an answer there doesn't hand it in; copy it
into the Python cell.

In this assignment, the feedback on a wrong answer names the misconception it looks like and the
rule to look at again, but not the right answer: the cell below switches that on. Leave it as it
is and run it with the others."""

#: A name nbgrader takes for an assignment (a folder name): letters, digits, ``-`` and ``_``.
ASSIGNMENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


class QuestionSetAssignment(NamedTuple):
    """An nbgrader assignment of a teacher's question set (:func:`question_set_assignment`)."""

    #: the assignment's name (its folder in ``source/``)
    name: str
    #: the source notebook
    notebook: dict[str, Any]
    #: its points: one per question
    points: int
    #: the question files it reads, beside the notebook: relative path -> text
    files: dict[Path, str]


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-_")[:64] or "questions"


def question_set_assignment(folder: str | Path, *, name: str | None = None, seed: int = 0,
                            n: int | None = None) -> QuestionSetAssignment:
    """An nbgrader assignment of a teacher's question set: every question file under ``folder``
    (:func:`mtgkit.capstones.load_folder`: checked by the engine, a problem refused in one line),
    copied beside the notebook into a folder named after the set, so the released notebook and
    the grader read the same files (nbgrader releases and, when it autogrades, restores every file
    of the assignment's source folder). The notebook asks the first ``n`` (default: all) of the
    set's stream for ``seed`` (:func:`mtgkit.practice.questions_from`), shown in an exercise box
    to try answers; the graded cell is ``answers1 = [None, ...]`` with the right answers as its
    solution, and the hidden test rebuilds the questions from the files and grades the answers
    with :func:`mtgkit.practice.check_practice`: one point per question. ``name``: the
    assignment's name (default: the set's name, as a folder name)."""
    from .capstones import load_folder
    from .practice import hand_written, set_name
    from .teacherfiles import read_text

    src = Path(folder)
    caps = load_folder(src, seed)
    here = _slug(set_name(src))  # the copied set's folder (questions_from names the set after it)
    name = here if name is None else name
    if not ASSIGNMENT_NAME.fullmatch(name):
        raise AssignmentError(f"assignment name {name!r}: letters, digits, - and _ (at most 64), "
                              "starting with a letter or a digit")
    n = len(caps) if n is None else n
    if not 1 <= n <= len(caps):
        raise AssignmentError(f"n {n}: a whole number from 1 to {len(caps)} (the questions in {src})")
    files = {Path(here) / Path(c.path).relative_to(src): read_text(Path(c.path)) for c in caps}
    qs = list(itertools.islice(hand_written(caps, set_name(here), "hard", seed), n))
    build = f'questions1 = list(questions_from("{here}", seed={seed}))[:{n}]'
    exercise = "\n".join([
        "from mtgkit.practice import check_practice, questions_from",
        "from mtgkit.widgets import Exercise", "",
        f"# the {n} questions of {here}/ for seed {seed}, as your teacher wrote them", build,
        f'Exercise.for_practice(questions1, title="{here}: {n} questions")'])
    answers = "answers1 = [" + ", ".join(["None"] * n) + "]"
    right = "answers1 = [" + ", ".join(repr(q.answer) for q in qs) + "]"
    solution = "\n".join([answers, BEGIN_SOLUTION, right, END_SOLUTION,
                          "print(check_practice(answers1, questions1))"])
    hidden = "\n".join([f"# {n} points, one per question, graded by the engine.", BEGIN_HIDDEN,
                        "from mtgkit.assignments import score",
                        "from mtgkit.practice import check_practice, questions_from", build,
                        f"score(check_practice(answers1, questions1), {n})", END_HIDDEN])
    cells = [
        _markdown(f"{name}-title", f"# {here}\nQuestions written by your teacher, each played and "
                                   "checked by the engine: pick the right option for each."),
        _markdown(f"{name}-how-graded", SET_HOW_GRADED),
        {"cell_type": "code", "execution_count": None, "id": f"{name}-assessment-mode",
         "metadata": {"nbgrader": {"grade": False, "grade_id": "assessment-mode", "locked": True,
                                   "schema_version": 3, "solution": False, "task": False}},
         "outputs": [], "source": ASSESSMENT_CELL},
        _code(f"{name}-questions", exercise, {}),
        _markdown(f"{name}-graded", graded_note(1, "answers1", n)),
        _code(f"{name}-answers", solution, {"nbgrader": _nbgrader("exercise1-answers", solution=True)}),
        _code(f"{name}-tests", hidden, {"nbgrader": _nbgrader("exercise1-tests", solution=False, points=n)}),
    ]
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                      "name": "python3"},
                                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    return QuestionSetAssignment(name, nb, n, files)


def _code(cell_id: str, source: str, metadata: dict[str, Any]) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": metadata, "outputs": [],
            "source": source}


def write_question_set_assignment(dest: str | Path, questions: str | Path, *, name: str | None = None,
                                  seed: int = 0, n: int | None = None, force: bool = False) -> list[Path]:
    """Write the assignment of the question set in the folder ``questions``
    (:func:`question_set_assignment`) into the nbgrader course folder ``dest``:
    ``nbgrader_config.py`` (the course's) and ``source/NAME/`` (the notebook and the question
    files); return the files written. As :func:`write_assignments`: nothing is written
    outside ``dest``, and nothing is overwritten unless ``force``."""
    made = question_set_assignment(questions, name=name, seed=seed, n=n)
    course = folder(dest, AssignmentError)
    here = course / "source" / made.name
    files: dict[Path, str] = {course / "nbgrader_config.py": NBGRADER_CONFIG,
                              here / f"{made.name}.ipynb": dump_notebook(made.notebook)}
    files |= {here / rel: text for rel, text in made.files.items()}
    return write_files(course, files, force=force, what="the assignment", error=AssignmentError)
