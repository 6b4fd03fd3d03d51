"""The hostile command-line sweep of issue 23 (tools/hostile_sweep.py): about a hundred cases,
each in a child process held to 20 seconds and 1 GB, with no traceback, nothing written outside
DEST and no partial file. The checks themselves are tested first: each catches what it is for."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import load_tool

sweep = load_tool("hostile_sweep")


def _result(**kwargs: object) -> object:
    case = sweep.Case("probe", [], (0,), **kwargs)
    return sweep.Result(case, code=0)


def test_the_checks_catch_a_traceback_control_characters_extra_lines_and_limits() -> None:
    result = _result()
    result.seconds, result.peak = 25.0, 2 * 1024**3
    sweep._check(result, "fine\n\x1b[2J\n", "Traceback (most recent call last):\n  boom\n")
    problems = " | ".join(result.problems)
    for words in ("a traceback", "lines on stderr", "control characters on stdout", "took 25.0 s", "MB"):
        assert words in problems, problems
    result = _result()
    result.code = 1
    sweep._check(result, "", "")
    assert result.problems == ["exit 1, expected 0: ''"]


def test_the_checks_catch_a_partial_file_and_a_temporary_one(tmp_path: Path) -> None:
    reference = sweep.reference("course")
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "00-start-here.ipynb").write_bytes(reference["00-start-here.ipynb"][:28_000])  # cut short
    (dest / "01-tap-and-untap.ipynb").write_bytes(reference["01-tap-and-untap.ipynb"])  # whole
    (dest / ".02-undefined-mana.ipynb.1234abcd.tmp").write_bytes(b"{")
    (dest / "mine.txt").write_text("there before")
    result = _result(whole="course")
    sweep._check_whole(result, dest, {"mine.txt": b"there before"})
    assert result.problems == ["a temporary file left: .02-undefined-mana.ipynb.1234abcd.tmp",
                               "a partial or unexpected file in DEST: 00-start-here.ipynb (28,000 bytes)"]


def test_a_write_outside_dest_is_caught(tmp_path: Path) -> None:
    """A worksheet written into the folder "outside" (not a DEST of the case) is reported."""
    case = sweep.Case("writes outside", ["worksheet", "--out", "{outside}", "--n", "1"], (0,))
    result = sweep.run_case(case, tmp_path)
    assert result.code == 0
    assert [p for p in result.problems if p.startswith("changed outside DEST: ")], result.problems


@pytest.mark.slow
def test_the_sweep_of_hostile_command_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code = sweep.main(["-j", "2"])
    out = capsys.readouterr().out
    assert code == 0, out
    summary = out.strip().splitlines()[-1]
    assert " 0 failed" in summary and int(summary.split(" cases run")[0]) >= 100, summary
