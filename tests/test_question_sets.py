"""Teachers' questions everywhere generated ones go (issue 31, item 4): a folder of question files
(the capstone format) as a question set: loaded, bounded and checked (``capstones.load_folder``),
practised (``practice.questions_from``), and written as a worksheet, JSON or a platform's file by
``mtgkit worksheet --from DIR``. The fixtures are copies of a few of the kit's own capstones."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mtgkit import capstones, limits
from mtgkit.capstones import CapstoneError, load_folder
from mtgkit.practice import as_json, questions, questions_from, render_worksheet, set_name
from mtgkit.teacherfiles import UsageError

ROOT = Path(__file__).resolve().parents[1]
#: The capstones copied into a teacher's folder (three topics: the crown, tapping, could-produce).
COPIED = ("K1-bolt-the-attacker-in-response.toml", "T2-order-of-whiteclay-in-alices-end-step.toml",
          "M1-an-orchard-with-nothing-to-copy.toml")
CARD_FILE = '[[card]]\nname = "Tiny Bear"\ntypes = ["Creature"]\npower = 1\ntoughness = 1\n'


def teachers_folder(tmp_path: Path, name: str = "week-3") -> Path:
    """A teacher's folder: two capstones at the top, one in a subfolder, and a card file."""
    folder = tmp_path / name
    (folder / "more").mkdir(parents=True)
    shutil.copy(capstones.FOLDER / COPIED[0], folder / COPIED[0])
    shutil.copy(capstones.FOLDER / COPIED[1], folder / COPIED[1])
    shutil.copy(capstones.FOLDER / COPIED[2], folder / "more" / COPIED[2])
    (folder / "cards.toml").write_text(CARD_FILE)
    (folder / "notes.txt").write_text("not a question")
    return folder


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mtgkit", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def one_line(out: subprocess.CompletedProcess[str]) -> str:
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    return out.stderr


# ----------------------------------------------------------------------------- loading a folder
def test_a_folder_gives_its_question_files_sorted_and_skips_card_files(tmp_path: Path) -> None:
    folder = teachers_folder(tmp_path)
    caps = load_folder(folder)
    assert [Path(c.path).name for c in caps] == [COPIED[0], COPIED[1], COPIED[2]]  # the subfolder's last
    assert [c.id for c in caps] == ["K1", "T2", "M1"]
    assert caps == tuple(capstones.parse(Path(c.path)) for c in caps)  # read by the one parser
    assert [c.legal() for c in caps] == [capstones.by_id(c.id).legal() for c in caps]


def _refused(folder: Path, error: type[Exception] = CapstoneError) -> str:
    with pytest.raises(error) as info:
        load_folder(folder)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_a_refused_folder_is_one_line_naming_the_folder_or_the_file(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    assert _refused(tmp_path / "nope", UsageError) == f"{tmp_path / 'nope'}: no such folder (a folder of " \
        "question files is wanted)"
    folder = teachers_folder(tmp_path)
    assert "not a folder" in _refused(folder / COPIED[0], UsageError)
    monkeypatch.setattr(limits, "MAX_CHECK_FILES", 2)
    assert "at most 2 files" in _refused(folder, UsageError)
    monkeypatch.undo()
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "cards.toml").write_text(CARD_FILE)
    assert _refused(empty) == f"{empty}: no question files (*.toml with steps, question or options)"


@pytest.mark.parametrize("change, words", [
    # with its [model] and no option marked right, the engine answers it: the key left unmarked is
    # a wrong option the engine agrees with (the engine's check)
    (lambda t: t.replace("right = true\n", ""), "is marked wrong, but the engine agrees with it"),
    (lambda t: "# " + "x" * limits.MAX_FILE_BYTES + "\n" + t, "bytes (the file limit)"),
    (lambda t: t + "\n[[[", "valid TOML"),
    (lambda t: t.replace('id = "Z9"', 'id = "T2"'), "id 'T2' is already the id of"),
    (lambda t: 'title = "a scenario"\n', "neither a question file"),
    (lambda t: t.replace('"Lightning Bolt"', '"Lightning Blot"'), "Lightning Blot"),
    (lambda t: t.replace('cards = ["', 'cards = ["Lightning Blot", "'), "did you mean 'Lightning Bolt'"),
])
def test_a_file_with_a_problem_refuses_the_folder_naming_the_file(tmp_path: Path, change: object,
                                                                  words: str) -> None:
    folder = teachers_folder(tmp_path)
    broken = folder / "more" / "zz-broken.toml"
    k1 = (capstones.FOLDER / COPIED[0]).read_text().replace('id = "K1"', 'id = "Z9"')
    broken.write_text(change(k1))  # type: ignore[operator]
    message = _refused(folder)
    assert message.startswith(f"{broken}") and words in message, message


# ----------------------------------------------------------------------------- the practice stream
def test_questions_from_a_folder_are_asked_as_the_capstones_are(tmp_path: Path) -> None:
    """The same files and seed give the capstones' own stream (order, options' order), named after
    the folder; the built-in folder's set, named like a stream, gets ``-questions`` after it."""
    mine = list(questions_from(capstones.FOLDER, seed=5))
    theirs = list(questions("capstones", "hard", seed=5))
    assert [(q.situation.key(), q.options, q.answers) for q in mine] == \
        [(q.situation.key(), q.options, q.answers) for q in theirs]
    assert {q.topic for q in mine} == {"capstones-questions"} and {q.topic for q in theirs} == {"capstones"}
    folder = teachers_folder(tmp_path)
    qs = list(questions_from(folder, seed=2))
    assert sorted(q.tags[0][1] for q in qs) == ["K1", "M1", "T2"] and set_name(folder) == "week-3"
    assert [q.number for q in qs] == [1, 2, 3] and {q.topic for q in qs} == {"week-3"}
    assert [q.situation.id for q in qs] == [q.situation.id for q in questions_from(folder, seed=2)]
    with pytest.raises(ValueError, match="unknown level 'medium'"):
        questions_from(folder, "medium")


def test_a_teachers_set_as_json_and_as_a_worksheet(tmp_path: Path) -> None:
    qs = list(questions_from(teachers_folder(tmp_path), seed=1))
    data = json.loads(as_json(qs))
    assert [d["topic"] for d in data] == ["week-3"] * 3
    assert sorted(d["tags"]["capstone"] for d in data) == ["K1", "M1", "T2"]
    for d, q in zip(data, qs, strict=True):
        assert d["options"] == list(q.options) and [d["options"][i] for i in d["right"]] == list(q.answers)
    sheet, key = render_worksheet(qs), render_worksheet(qs, key=True)
    assert sheet.startswith("# mtgkit worksheet: week-3 (seed 1)\n")  # a hand-written set: no level
    assert key.startswith("# mtgkit worksheet: week-3 (seed 1) — answer key")
    for q in qs:
        assert q.prompt in sheet and q.situation.why in key


# ----------------------------------------------------------------------------- the command
def test_worksheet_from_a_folder_writes_the_sheet_and_key_json_and_platform_files(tmp_path: Path) -> None:
    folder = teachers_folder(tmp_path)
    before = {p: p.stat().st_mtime_ns for p in folder.rglob("*")}
    out = tmp_path / "sheets"
    done = cli("worksheet", "--from", str(folder), "--seed", "4", "--out", str(out))
    assert done.returncode == 0 and "(3 questions)" in done.stdout, done.stderr
    sheet = (out / "worksheet-week-3-seed4.md").read_text()
    key = (out / "worksheet-week-3-seed4-key.md").read_text()
    assert sheet == render_worksheet(list(questions_from(folder, seed=4)))
    assert key.startswith("# mtgkit worksheet: week-3 (seed 4) — answer key")
    assert "comes from the misconception" in key
    done = cli("worksheet", "--from", str(folder), "--n", "2", "--format", "json", "--out", str(out))
    assert done.returncode == 0, done.stderr
    data = json.loads((out / "worksheet-week-3-seed0.json").read_text())
    assert len(data) == 2 and {d["topic"] for d in data} == {"week-3"}
    # each at the level its file gives, as with --topic capstones
    own = {c.id: "easy" if c.level == "easy" else "hard" for c in capstones.load()}
    assert [d["level"] for d in data] == [own[d["tags"]["capstone"]] for d in data]
    for fmt, name in (("gift", "worksheet-week-3-seed0-gift.txt"),
                      ("qti", "worksheet-week-3-seed0-canvas-qti.zip")):
        done = cli("worksheet", "--from", str(folder), "--format", fmt, "--out", str(out))
        assert done.returncode == 0 and (out / name).is_file(), done.stderr
    assert "mtgkit week-3 seed 0" in (out / "worksheet-week-3-seed0-gift.txt").read_text()
    assert {p: p.stat().st_mtime_ns for p in folder.rglob("*")} == before  # nothing written in the folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheets", "week-3"]


def test_worksheet_from_a_refused_folder_is_one_line_and_exit_2(tmp_path: Path) -> None:
    folder = teachers_folder(tmp_path)
    err = one_line(cli("worksheet", "--from", str(tmp_path / "nope"), "--out", str(tmp_path / "o")))
    assert "nope: no such folder" in err
    (folder / "zz.toml").write_text((capstones.FOLDER / COPIED[0]).read_text().replace("right = true\n", ""))
    err = one_line(cli("worksheet", "--from", str(folder), "--out", str(tmp_path / "o")))
    assert f"{folder / 'zz.toml'}: K1 option 1 is marked wrong, but the engine agrees" in err
    assert "mtgkit check" in err
    (folder / "zz.toml").unlink()
    for args, words in ((["--n", "4"], "--n 4: a whole number from 1 to 3 (there are 3 questions in"),
                        (["--level", "easy"], "a teacher's questions have no level to choose"),
                        (["--topic", "monarch"], "--topic 'monarch' and --from: choose one")):
        assert words in one_line(cli("worksheet", "--from", str(folder), *args, "--out", str(tmp_path / "o")))
    assert not (tmp_path / "o").exists()


# ----------------------------------------------------------------------------- the practice widget
def test_the_practice_widget_practises_a_teachers_folder(tmp_path: Path) -> None:
    """``PracticeWidget(folder=...)`` offers the set by its name and starts on it: the buttons are
    each question's options, Check grades the one chosen, the CSV names the set; the generated
    streams stay a choice away, and coming back starts the set again."""
    import csv
    import io
    import re

    from mtgkit.widgets import PracticeWidget

    folder = teachers_folder(tmp_path)
    w = PracticeWidget(seed=2, folder=folder)
    assert w.topic.value == "week-3" and list(w.topic.options)[-1] == "week-3"
    expected = list(questions_from(folder, seed=2))
    shown = []
    for n, q in enumerate(expected, 1):
        assert w.question is not None and f"Question {n}." in w.prompt.value
        assert w.question.options == q.options and tuple(w.choice.options) == q.options
        shown.append(w.question.situation.id)
        for option in q.options:
            w.choice.value = option
            w.check_button.click()
            mark = re.search(r'<div class="row"><b class="\w+">([✓✗])</b>', w.feedback.value)
            assert mark is not None and (mark.group(1) == "✓") is (option in q.answers), option
        w.next_button.click()
    assert shown == [q.situation.id for q in expected] and w.question is None
    assert "No more new questions" in w.prompt.value
    rows = list(csv.DictReader(io.StringIO(w.score_csv())))
    first_right = sum(q.options[0] in q.answers for q in expected)  # each first try was its first option
    assert {r["topic"] for r in rows} == {"week-3"} and w.score.value == f"Score: {first_right} / 3"
    w.topic.value = "monarch"
    assert w.question is not None and w.question.topic == "monarch"
    w.topic.value = "week-3"
    assert w.question is not None and w.question.situation.id == shown[0]
    assert PracticeWidget("tapping", folder=folder).topic.value == "tapping"
    (folder / "zz.toml").write_text((capstones.FOLDER / COPIED[0]).read_text().replace("right = true\n", ""))
    with pytest.raises(CapstoneError, match=r"zz\.toml: K1 option 1 is marked wrong, but the engine agrees"):
        PracticeWidget(folder=folder)


# ----------------------------------------------------------------------------- nbgrader
def test_a_question_set_assignment_is_one_graded_cell_over_copies_of_the_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The assignment: title, how it is graded, assessment mode, the questions (an exercise box to
    try answers), then the graded cell (the right answers as its solution) and a hidden test that
    rebuilds the questions from the copied files: full marks for the solution, none for blanks."""
    from test_classroom import _cells, _graded_points, _text

    from mtgkit import assignments
    from mtgkit.assignments import question_set_assignment, write_question_set_assignment

    folder = teachers_folder(tmp_path)
    made = question_set_assignment(folder, seed=3, n=2)
    nb, cells = made.notebook, made.notebook["cells"]
    assert made.name == "week-3" and made.points == 2
    assert sorted(made.files) == sorted(Path("week-3") / p.relative_to(folder) for p in
                                        [folder / COPIED[0], folder / COPIED[1], folder / "more" / COPIED[2]])
    assert all(made.files[Path("week-3") / Path(c.path).relative_to(folder)] == Path(c.path).read_text()
               for c in load_folder(folder))  # the question files only: no card file, no notes
    text = [_text({"cells": [c]}) for c in cells]
    assert text[0].startswith("# week-3\n") and text[1] == assignments.SET_HOW_GRADED
    assert text[2] == assignments.ASSESSMENT_CELL
    assert 'questions1 = list(questions_from("week-3", seed=3))[:2]' in text[3]
    assert "Exercise.for_practice(questions1" in text[3] and "nbgrader" not in cells[3]["metadata"]
    [solution], [test] = _cells(nb, "solution"), _cells(nb, "grade")
    assert cells.index(test) == cells.index(solution) + 1 == len(cells) - 1
    assert text[cells.index(solution) - 1].startswith("**This cell is graded: exercise 1, 2 points**")
    qs = list(questions_from(folder, seed=3))[:2]
    assert f"answers1 = {[q.answer for q in qs]!r}" in solution["source"]
    assert solution["source"].startswith("answers1 = [None, None]\n### BEGIN SOLUTION\n")
    assert test["metadata"]["nbgrader"]["points"] == 2 and test["metadata"]["nbgrader"]["locked"]
    assert len({c["id"] for c in cells}) == len(cells)
    dest = tmp_path / "grading"
    written = write_question_set_assignment(dest, folder, seed=3, n=2)
    here = dest / "source" / "week-3"
    assert sorted(written) == sorted([dest / "nbgrader_config.py", here / "week-3.ipynb",
                                      *(here / p for p in made.files)])
    assert json.loads((here / "week-3.ipynb").read_text()) == nb
    monkeypatch.chdir(here)  # nbgrader runs a notebook in its folder
    assert _graded_points(nb, "solution") == [(2, 2)] and _graded_points(nb, "blank") == [(0, 2)]


def test_the_assignments_command_from_a_folder(tmp_path: Path) -> None:
    folder = teachers_folder(tmp_path)
    dest = tmp_path / "grading"
    done = cli("assignments", str(dest), "--from", str(folder), "--name", "quiz-1", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "the assignment quiz-1 in source/quiz-1/ (3 question files beside its notebook)" in done.stdout
    assert (dest / "source" / "quiz-1" / "quiz-1.ipynb").is_file()
    assert (dest / "source" / "quiz-1" / "week-3" / "more" / COPIED[2]).is_file()
    for args, words in ((["--from", str(tmp_path / "nope")], "nope: no such folder"),
                        (["--from", str(folder), "--name", "../up"], "assignment name '../up': letters"),
                        (["--from", str(folder), "--n", "4"], "n 4: a whole number from 1 to 3"),
                        (["--n", "2"], "--name, --n and --seed go with --from DIR")):
        assert words in one_line(cli("assignments", str(tmp_path / "other"), *args))
    assert not (tmp_path / "other").exists()


@pytest.mark.slow
def test_nbgrader_autogrades_a_question_set(tmp_path: Path) -> None:
    """nbgrader 0.9 end to end: generate_assignment releases the notebook with the question files,
    autograde gives full marks to the solution and none to the released notebook as it is."""
    import importlib.util

    if importlib.util.find_spec("nbgrader") is None:
        pytest.skip("nbgrader is not installed (it is in the test extra: pip install -e '.[test]')")
    from test_classroom import _fill, _nbgrader

    from mtgkit.assignments import write_question_set_assignment

    grading, home = tmp_path / "grading", tmp_path / "home"
    home.mkdir()
    write_question_set_assignment(grading, teachers_folder(tmp_path), seed=1)
    _nbgrader(grading, home, "generate_assignment", "week-3")
    released = json.loads((grading / "release" / "week-3" / "week-3.ipynb").read_text())
    source = json.loads((grading / "source" / "week-3" / "week-3.ipynb").read_text())
    assert (grading / "release" / "week-3" / "week-3" / COPIED[0]).is_file()
    for student, how_many in (("full", None), ("blank", 0)):
        shutil.copytree(grading / "release" / "week-3", grading / "submitted" / student / "week-3")
        (grading / "submitted" / student / "week-3" / "week-3.ipynb").write_text(
            json.dumps(_fill(released, source, how_many)))
    _nbgrader(grading, home, "autograde", "week-3")
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{grading / 'gradebook.db'}") as gb:
        scores = {s: (gb.find_submission("week-3", s).score, gb.find_submission("week-3", s).max_score)
                  for s in ("full", "blank")}
    assert scores == {"full": (3, 3), "blank": (0, 3)}


# ----------------------------------------------------------------------------- web pages
def _sections(fragment: str) -> list[object]:
    from bs4 import BeautifulSoup

    return BeautifulSoup(fragment, "html.parser").select("section.mtgkit-set-question")


def _check_page(fragment: str, qs: list[object]) -> None:
    """Every question is on the page in full, its options outside the fold and its answer, the
    explanation and each wrong option's misconception inside its ``<details>`` (closed)."""
    import re

    from mtgkit.misconceptions import CATALOG
    from mtgkit.presenting import plain
    from mtgkit.teaching import split_explanation

    sections = _sections(fragment)
    assert len(sections) == len(qs)
    for section, q in zip(sections, qs, strict=True):
        [details] = section.find_all("details")  # type: ignore[attr-defined]
        assert details.get("open") is None
        assert details.summary.get_text() == f"The answer to question {q.number}"
        inside = " ".join(details.get_text(" ").split())
        details.extract()
        outside = " ".join(section.get_text(" ").split())  # type: ignore[attr-defined]
        assert plain(q.prompt) in outside and plain(q.board.rstrip(".")) in outside
        assert [li.get_text() for li in section.select("ol.options li")] == list(q.options)  # type: ignore[attr-defined]
        right = [re.sub(r"^[A-Z]\. ", "", li.get_text()) for li in details.select("ul.right li")]
        assert right == list(q.answers)
        assert plain(split_explanation(q.explanation).reason.text) in inside
        assert "right option" not in outside and "What the engine did" not in outside
        for option, names in q.wrong:
            assert option in inside and all(plain(CATALOG[n].title) in inside
                                            for name in names for n in name.split(" + "))


def test_a_question_sets_page_folds_each_answer(tmp_path: Path) -> None:
    from mtgkit.site import set_fragment, set_questions

    folder = teachers_folder(tmp_path)
    qs = set_questions(load_folder(folder), "week-3", seed=4)
    assert [q.situation.id for q in qs] == ["K1", "T2", "M1"] and [q.number for q in qs] == [1, 2, 3]
    by_id = {q.situation.id: q for q in questions_from(folder, seed=4)}
    assert [q.options for q in qs] == [by_id[q.situation.id].options for q in qs]  # the seed's order
    _check_page(set_fragment(qs), qs)


def test_the_site_command_writes_a_page_per_set_and_an_index(tmp_path: Path) -> None:
    from bs4 import BeautifulSoup

    from mtgkit.site import set_fragment, set_questions

    week3, extra = teachers_folder(tmp_path), tmp_path / "extra"
    extra.mkdir()
    shutil.copy(capstones.FOLDER / "X1-a-clone-of-the-goose-mother.toml", extra)
    out = tmp_path / "site"
    done = cli("site", "--from", str(week3), "--from", str(extra), "--out", str(out), "--seed", "2")
    assert done.returncode == 0 and "wrote 2 question set pages" in done.stdout, done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["extra.html", "index.html", "week-3.html"]
    index = BeautifulSoup((out / "index.html").read_text(), "html.parser")
    assert [(a["href"], a.get_text()) for a in index.select("li a")] == [("week-3.html", "week-3"),
                                                                          ("extra.html", "extra")]
    page = (out / "week-3.html").read_text()
    qs = set_questions(load_folder(week3), "week-3", 2)
    assert page.startswith("<!DOCTYPE html>") and set_fragment(qs) in page
    _check_page(page, qs)
    again = cli("site", "--from", str(week3), "--out", str(out), "--seed", "3")
    assert "already holds" in one_line(again)  # another page in the way: nothing overwritten
    for args, words in ((["--from", str(tmp_path / "nope")], "nope: no such folder"),
                        (["--from", str(week3), "--from", str(week3)], "is also called 'week-3'")):
        assert words in one_line(cli("site", *args, "--out", str(tmp_path / "other")))
    assert not (tmp_path / "other").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["extra", "site", "week-3"]


def test_the_website_has_a_page_per_question_set(tmp_path: Path) -> None:
    """docs/_ext/mtgkit_docs.py: the capstones' page, a teacher's set's page when the site is
    built with MTGKIT_DOCS_QUESTIONS, and their index (the build itself is tests/test_docs_site.py's)."""
    import importlib.util
    import os

    pytest.importorskip("sphinx", reason="the website's tools are in the test extra: pip install -e .[test]")
    spec = importlib.util.spec_from_file_location("mtgkit_docs", ROOT / "docs" / "_ext" / "mtgkit_docs.py")
    assert spec and spec.loader
    ext = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ext)
    from mtgkit.site import set_questions

    folder = teachers_folder(tmp_path)
    pages = ext.question_set_pages(os.pathsep.join(["", str(folder)]))
    assert sorted(pages) == ["capstones.md", "index.md", "week-3.md"]
    assert f"| [The capstones](capstones.md) | {len(capstones.load())} |" in pages["index.md"]
    assert "| [week-3](week-3.md) | 3 |" in pages["index.md"]
    assert "capstones\nweek-3\n```" in pages["index.md"]  # in its hidden toctree
    for name, qs in (("capstones.md", set_questions(capstones.load(), "capstones")),
                     ("week-3.md", set_questions(load_folder(folder), "week-3"))):
        raw = pages[name].split("```{raw} html\n", 1)[1].rsplit("\n```", 1)[0]
        _check_page(raw, qs)
    with pytest.raises(Exception, match="two question sets are called 'week-3'"):
        ext.question_set_pages(os.pathsep.join([str(folder), str(folder)]))
