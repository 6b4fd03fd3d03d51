"""``mtgkit check PATH...``: teachers' card and question files checked, one ``FILE:LINE: what``
per problem, exit 0 / 1 / 2 (issue 31, item 3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import check_problems as _problems
from helpers import line_with as _line_with
from helpers import run_check as _run
from helpers import write_file as _write

from mtgkit import limits
from mtgkit.capstones import FOLDER
from mtgkit.checking import UsageError, check_paths

ROOT = Path(__file__).resolve().parent.parent
K1 = (FOLDER / "K1-bolt-the-attacker-in-response.toml").read_text(encoding="utf-8")
CATALOG_FILE = ROOT / "mtgkit" / "cards" / "catalog.toml"


def _nth(text: str, header: str, n: int) -> int:
    """The line (1-based) of the ``n``-th (1-based) line that is ``header``."""
    found = [i + 1 for i, line in enumerate(text.split("\n")) if line.strip() == header]
    return found[n - 1]


# ----------------------------------------------------------------------------- what ships
def test_the_shipped_capstones_and_catalog_pass_every_wrong_option_is_its_variant_s() -> None:
    report = check_paths([FOLDER, CATALOG_FILE])
    assert report.files == 28
    assert [str(f) for f in report.findings if not f.note] == []
    notes = [f for f in report.findings if f.note]
    assert notes and all(re.fullmatch(r"option \d not checked: [a-z-]+ is a misreading, not a rule variant",
                                      f.what) for f in notes)
    assert report.summary() == "28 files checked: no problems"


def test_the_built_in_capstones_pass_mtgkit_check() -> None:
    """The command itself, on the shipped folder: exit 0, every file named, the misreadings noted."""
    out = _run("mtgkit/capstones")
    assert (out.returncode, out.stderr) == (0, "")
    lines = out.stdout.splitlines()
    assert lines[-1] == f"{len(list(FOLDER.glob('*.toml')))} files checked: no problems"
    assert all(": note: option " in line for line in lines[:-1])


def test_the_command_passes_the_catalog_and_a_sound_capstone_and_fails_a_broken_one(tmp_path: Path) -> None:
    good = _run(str(CATALOG_FILE), str(FOLDER / "K1-bolt-the-attacker-in-response.toml"))
    assert (good.returncode, good.stdout, good.stderr) == (0, "2 files checked: no problems\n", "")
    bad = _write(tmp_path, K1.replace('"Hill Giant", "Mountain"]', '"Hill Gaint", "Mountain"]'))
    out = _run(str(bad))
    assert out.returncode == 1
    line = _line_with(K1, 'Bob = ["Llanowar Elves"')
    assert out.stdout.splitlines() == [
        f"{bad}:{line}: unknown card 'Hill Gaint'; did you mean 'Hill Giant'?",
        "1 file checked: 1 problem"]


def test_a_missing_path_is_a_usage_error() -> None:
    out = _run("no-such-folder")
    assert (out.returncode, out.stdout) == (2, "")
    assert "no-such-folder: no such file or folder" in out.stderr
    with pytest.raises(UsageError):
        check_paths([])


# ----------------------------------------------------------------------------- broken copies of K1
def test_an_unknown_key_in_a_step_names_the_step_s_line(tmp_path: Path) -> None:
    text = K1.replace('target = "Grizzly Bears"\npay', 'targt = "Grizzly Bears"\npay')
    path = _write(tmp_path, text)
    assert _problems(path) == [f"{path}:{_nth(text, '[[steps]]', 4)}: step 4: unknown key 'targt' (expected "
                               "among ability, attackers, blocks, card, choice, color, convoke, copy, "
                               "defender, do, free_cast, order, pay, player, says, target, to, x)"]


def test_a_refused_step_names_its_line_and_rule(tmp_path: Path) -> None:
    text = K1.replace('Bob = ["Llanowar Elves", "Hill Giant", "Mountain"]',
                      'Bob = ["Llanowar Elves", "Hill Giant", { card = "Mountain", tapped = true }]')
    path = _write(tmp_path, text)
    [problem] = _problems(path)
    assert problem.startswith(f"{path}:{_nth(text, '[[steps]]', 4)}: step 4 (cast) is refused: ")
    assert re.search(r"\[CR \d{3}\.\d+[a-z]? \(2026-08-07\)\]$", problem)


def test_two_options_with_the_same_text(tmp_path: Path) -> None:
    first = 'text = "Bob stays the monarch'
    third = 'text = "Alice becomes the monarch, but the Lich'
    same = K1.split(first, 1)[1].split('"', 1)[0]
    text = K1.replace(third + K1.split(third, 1)[1].split('"', 1)[0], first + same)
    path = _write(tmp_path, text)
    assert f"{path}:{_nth(text, '[[options]]', 3)}: option 3 has the same text as option 1" in _problems(path)


def test_no_right_option(tmp_path: Path) -> None:
    # without a [model]: with one, the engine would answer it (tests/test_question_files.py)
    text = re.sub(r"\[model\]\n(?:[a-z]+ = .*\n)+", "", K1.replace("right = true\n", ""))
    path = _write(tmp_path, text)
    problems = _problems(path)
    assert problems[0] == f"{path}:{_nth(text, '[[options]]', 1)}: no option is marked right"
    assert (f"{path}:{_nth(text, '[[options]]', 2)}: option 2 is marked wrong, but its claims all hold: "
            "it is right too") in problems


def test_two_right_options(tmp_path: Path) -> None:
    text = K1.replace('misconception = "targeter-chooses-the-sacrifice"', "right = true")
    path = _write(tmp_path, text)
    problems = _problems(path)
    assert (f"{path}:{_nth(text, '[[options]]', 4)}: 2 options marked right (options 2, 4); one precise "
            "answer is wanted") in problems
    assert (f"{path}:{_nth(text, '[[options]]', 4)}: option 4 is marked right, but its claims fail in 2 of 2 "
            "outcomes") in problems


def test_a_wrong_option_that_is_also_right(tmp_path: Path) -> None:
    text = K1.replace('claims = { chooser = { sacrifice = "Alice" } }',
                      'claims = { chooser = { sacrifice = "Bob" } }')
    path = _write(tmp_path, text)
    line = _nth(text, "[[options]]", 4)
    assert _problems(path) == [
        f"{path}:{line}: option 4 is marked wrong, but its claims all hold: it is right too",
        f"{path}:{line}: option 4: no misconception variant produces it: played by "
        "targeter-chooses-the-sacrifice, "
        "chooser = {'sacrifice': 'Bob'} fails in every outcome"]


def test_a_wrong_option_its_variant_does_not_produce(tmp_path: Path) -> None:
    text = K1.replace('claims = { monarch = "Alice", creatures = { Bob = 2 } }',
                      'claims = { monarch = "Alice", creatures = { Bob = 3 } }')
    path = _write(tmp_path, text)
    assert _problems(path) == [
        f"{path}:{_nth(text, '[[options]]', 3)}: option 3: no misconception variant produces it: played by "
        "combat-steal-doesnt-trigger-lich, creatures = {'Bob': 3} fails in every outcome"]


def test_a_misreading_gets_a_note_not_a_failure() -> None:
    report = check_paths([FOLDER / "K6-blocked-or-redirected.toml"])
    assert report.problems == 0 and report.findings
    assert all(f.note and "is a misreading, not a rule variant" in f.what for f in report.findings)
    assert str(report.findings[0]).split(": ", 1)[1].startswith("note: option 1 not checked: ")


# ----------------------------------------------------------------------------- card files, folders
def test_a_card_file_error_names_its_line_and_key(tmp_path: Path) -> None:
    text = '[[card]]\nname = "Tiny Bear"\ntypes = ["Creature"]\npower = 1\ntoughness = 1\ncolour = "green"\n'
    path = _write(tmp_path, text, "cards.toml")
    [problem] = _problems(path)
    assert problem.startswith(f"{path}:6: card[0].colour: ")


def test_a_folder_is_walked_without_following_links_and_nothing_is_written(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    _write(outside, K1.replace("right = true\n", ""), "broken.toml")
    folder = tmp_path / "class"
    (folder / "week1").mkdir(parents=True)
    _write(folder / "week1", K1, "k1.toml")
    _write(folder, '[[card]]\nname = "Tiny Bear"\ntypes = ["Creature"]\npower = 1\ntoughness = 1\n',
           "cards.toml")
    _write(folder, 'title = "a scenario"\n', "other.toml")
    _write(folder, "not toml at all", "notes.txt")
    (folder / "link.toml").symlink_to(outside / "broken.toml")
    (folder / "linked").symlink_to(outside)
    before = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*")}
    report = check_paths([folder])
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*")} == before
    assert report.files == 3
    assert [str(f) for f in report.findings] == [
        f"{folder / 'other.toml'}:1: neither a card file ([[card]] tables) nor a question file (steps, "
        "question, options)"]
    assert report.summary() == "3 files checked: 1 problem"


def test_the_number_of_files_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(3):
        _write(tmp_path, K1, f"q{i}.toml")
    monkeypatch.setattr(limits, "MAX_CHECK_FILES", 2)
    with pytest.raises(UsageError, match="at most 2 files to check"):
        check_paths([tmp_path])


def test_a_file_over_the_size_limit_gets_one_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "# " + "x" * limits.MAX_FILE_BYTES + "\n")
    assert _problems(path) == [f"{path}:1: at most {limits.MAX_FILE_BYTES:,} bytes (the file limit)"]


def test_values_of_the_wrong_shape_get_one_line_each(tmp_path: Path) -> None:
    for i, text in enumerate(['question = "?"\nboard = 3\n', 'steps = [1, 2]\n', 'options = "a"\ncards = 7\n',
                              'question = "?"\noptions = [{ text = "a", claims = 3 }]\n']):
        path = _write(tmp_path, text, f"odd{i}.toml")
        problems = _problems(path)
        assert problems and all(p.startswith(f"{path}:") and "\n" not in p for p in problems), problems
    odd0, odd3 = tmp_path / "odd0.toml", tmp_path / "odd3.toml"
    assert _problems(odd0) == [f"{odd0}:2: board: a table of each player's list of cards"]
    assert _problems(odd3) == [f"{odd3}:2: option 1: claims: a table of claims"]


# ----------------------------------------------------------------------------- the docs' example
def test_the_docs_example_is_what_the_command_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = (ROOT / "docs" / "check-files.md").read_text(encoding="utf-8")
    shown = page.split("```console\n", 1)[1].split("```", 1)[0].splitlines()
    assert shown[0] == "$ mtgkit check my-questions"
    folder = tmp_path / "my-questions"
    folder.mkdir()
    _write(folder, K1.replace('"Hill Giant", "Mountain"]', '"Hill Gaint", "Mountain"]'), "K1-copy.toml")
    _write(folder, K1.replace('claims = { monarch = "Alice", creatures = { Bob = 2 } }',
                              'claims = { monarch = "Alice", creatures = { Bob = 3 } }'), "K1-three.toml")
    monkeypatch.chdir(tmp_path)
    report = check_paths(["my-questions"])
    assert shown[1:] == report.lines()
    assert "\ncheck-files\n" in (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
