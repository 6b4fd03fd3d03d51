"""Bounded input: the scenario limits (mtgkit.limits) and a command line that never shows a traceback.

Every limit refuses a file one step over it with a one-line error naming the file, the place and
the limit, before the game is set up; the command line exits 2 for those, stops quietly on a
closed pipe and prints on a console that can't encode the kit's symbols.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mtgkit import limits
from mtgkit.scenario import ScenarioError, load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[1]
OK = 'players = ["Alice", "Bob"]\n'
#: The 400-byte scenario of issue 14: a creature with 100,000,000 counters, in combat.
HUGE_COUNTERS = '''players = ["Alice", "Bob"]
[[board.Alice]]
card = "Hangarback Walker"
counters = { "+1/+1" = 100000000 }
[[board.Bob]]
card = "Hill Giant"
[[actions]]
do = "advance"
to = "beginning_of_combat"
[[actions]]
do = "attack"
attackers = ["Hangarback Walker"]
[[actions]]
do = "block"
blocks = { "Hill Giant" = "Hangarback Walker" }
[[actions]]
do = "advance"
to = "end_of_combat"
'''


def _actions(n: int) -> str:
    return OK + '[[actions]]\ndo = "resolve_stack"\n' * n


def _board(n: int) -> str:
    return OK + "[board]\nAlice = [" + ", ".join(['"Forest"'] * n) + "]\n"


OVER = [
    # (file text one step over a limit, place, words of the message)
    ('players = [' + ", ".join(f'"P{i}"' for i in range(limits.MAX_PLAYERS + 1)) + "]\n", "players",
     f"at most {limits.MAX_PLAYERS} players"),
    (_board(limits.MAX_PERMANENTS + 1), "board", f"at most {limits.MAX_PERMANENTS} permanents"),
    (OK + "[hand]\nBob = [" + ", ".join(['"Forest"'] * (limits.MAX_ZONE_CARDS + 1)) + "]\n", "hand.Bob",
     f"at most {limits.MAX_ZONE_CARDS} cards"),
    (OK + '[[board.Alice]]\ncard = "Walking Ballista"\n'
     f'counters = {{ "+1/+1" = {limits.MAX_COUNTERS + 1} }}\n',
     "board.Alice[0].counters.+1/+1", f"at most {limits.MAX_COUNTERS} counters"),
    (OK + f'[hand]\nAlice = ["Walking Ballista"]\n[[actions]]\ndo = "cast"\ncard = "Walking Ballista"\n'
     f"x = {limits.MAX_X + 1}\n", "actions[0].x", f"X from 0 to {limits.MAX_X}"),
    (OK + '[hand]\nAlice = ["Walking Ballista"]\n[[actions]]\ndo = "cast"\ncard = "Walking Ballista"\n'
     "x = -1\n", "actions[0].x", f"X from 0 to {limits.MAX_X}"),
    (_actions(limits.MAX_ACTIONS + 1), "actions", f"at most {limits.MAX_ACTIONS} actions"),
    (OK + "choices = [" + ", ".join(['"G"'] * (limits.MAX_CHOICES + 1)) + "]\n", "choices",
     f"at most {limits.MAX_CHOICES} answers"),
    (OK + f"life = {limits.MAX_LIFE + 1}\n", "life", "sensible number"),
    (OK + f"library = {limits.MAX_LIBRARY + 1}\n", "library", "sensible number"),
    (OK + "choices = " + "[" * (limits.MAX_DEPTH + 1) + "]" * (limits.MAX_DEPTH + 1) + "\n", "file",
     f"nested at most {limits.MAX_DEPTH} deep"),
    (OK + ".".join(["a"] * (limits.MAX_KEY_PARTS + 1)) + " = 1\n", "line 2",
     f"a dotted key of at most {limits.MAX_KEY_PARTS} parts"),
    (OK + "[" + ".".join(["t"] * (limits.MAX_KEY_PARTS + 1)) + "]\n", "line 2", "dotted key"),
    (OK + "# " + "x" * limits.MAX_FILE_BYTES + "\n", "file", f"at most {limits.MAX_FILE_BYTES:,} bytes"),
]


@pytest.mark.parametrize("text,place,words", OVER, ids=[o[1] + ":" + o[2][:20] for o in OVER])
def test_each_limit_refuses_one_step_over_it(text: str, place: str, words: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mtgkit.scenario.Game", _no_game)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "big.toml")
    err = info.value
    assert (err.place, err.path) == (place, "big.toml"), str(err)
    assert words in err.expected, str(err)
    assert "\n" not in str(err)


def _no_game(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the game was set up before the limits were checked")


AT = [
    'players = [' + ", ".join(f'"P{i}"' for i in range(limits.MAX_PLAYERS)) + "]\n",
    _board(limits.MAX_PERMANENTS),
    OK + f'[[board.Alice]]\ncard = "Hangarback Walker"\ncounters = {{ "+1/+1" = {limits.MAX_COUNTERS} }}\n',
    OK + f"life = {limits.MAX_LIFE}\nlibrary = {limits.MAX_LIBRARY}\n",
    OK + "choices = " + "[" * (limits.MAX_DEPTH - 1) + "]" * (limits.MAX_DEPTH - 1) + "\n",
    OK + ".".join(["title"] + ["a"] * (limits.MAX_KEY_PARTS - 1)) + " = 1\n",
]


@pytest.mark.parametrize("text", AT, ids=["players", "permanents", "counters", "life", "depth", "dotted"])
def test_at_each_limit_the_data_is_accepted(text: str) -> None:
    import tomllib

    assert limits.check_text(text) is None
    assert limits.check_data(tomllib.loads(text)) is None


def test_files_at_the_limits_play() -> None:
    players = 'players = [' + ", ".join(f'"P{i}"' for i in range(limits.MAX_PLAYERS)) + "]\n"
    assert len(parse_scenario(players).game.board().players) == limits.MAX_PLAYERS
    assert len(parse_scenario(_board(limits.MAX_PERMANENTS)).game.board().controlled_by("Alice")) == \
        limits.MAX_PERMANENTS
    walker = parse_scenario(OK + '[[board.Alice]]\ncard = "Hangarback Walker"\n'
                            f'counters = {{ "+1/+1" = {limits.MAX_COUNTERS} }}\n').game
    assert walker.board().controlled_by("Alice")[0].counters == (("+1/+1", limits.MAX_COUNTERS),)
    assert parse_scenario(_actions(limits.MAX_ACTIONS)).game.events


def test_the_huge_counters_scenario_is_refused_before_the_game_is_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(HUGE_COUNTERS.encode()) <= 400
    monkeypatch.setattr("mtgkit.scenario.Game", _no_game)
    with pytest.raises(ScenarioError, match=r"board\.Alice\[0\]\.counters\.\+1/\+1: at most 100 counters"):
        parse_scenario(HUGE_COUNTERS, "huge.toml")


def test_the_size_is_checked_before_reading_the_whole_file(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text(OK + "#" * 10_000_000)
    with pytest.raises(ScenarioError, match=r"big\.toml: file: at most 65,536 bytes .*10,000,027"):
        load_scenario(big)
    if os.path.exists("/dev/zero"):  # endless: not a regular file, so never opened
        with pytest.raises(ScenarioError, match="/dev/zero: file: a regular file .this is a character dev"):
            load_scenario("/dev/zero")


def test_a_key_check_that_stays_linear_on_long_words() -> None:
    """The dotted-key check reads every byte once: a 64 KiB word or a file of short chains is fine."""
    assert limits.check_text("a" * (limits.MAX_FILE_BYTES - 10)) is None
    assert limits.check_text(("a." * (limits.MAX_KEY_PARTS - 1) + "a = 1\n") * 1000) is None
    assert limits.check_text('description = "Tap. Untap. Draw."\n') is None


def test_nesting_too_deep_for_the_toml_parser_is_a_scenario_error() -> None:
    text = OK + "choices = " + "[" * 20_000 + "]" * 20_000 + "\n"
    assert len(text) < limits.MAX_FILE_BYTES
    with pytest.raises(ScenarioError, match="file: tables and lists nested at most 10 deep"):
        parse_scenario(text, "deep.toml")


def test_the_limits_are_documented_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("#### Limits", 1)[1].split("\n#", 1)[0]
    for name, value in limits.LIMITS.items():
        assert re.search(rf"`{name}`\s*\|\s*{value:,}\b", section), name


# ----------------------------------------------------------------------------- the command line
def _limit_memory() -> None:
    """Run a child with at most 2 GB of address space: a missing limit fails instead of swapping."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))


def cli(*args: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mtgkit", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=120, env={**os.environ, **(env or {})},
                          preexec_fn=_limit_memory if sys.platform == "linux" else None)


def _one_line_error(out: subprocess.CompletedProcess[str], *words: str) -> None:
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith("error: ")
    for word in words:
        assert word in out.stderr, out.stderr


@pytest.mark.parametrize("name,text,words", [
    ("huge-counters.toml", HUGE_COUNTERS,
     ("huge-counters.toml: board.Alice[0].counters.+1/+1:", "100,000,000")),
    ("deep.toml", OK + "choices = " + "[" * 100_000 + "]" * 100_000 + "\n", ("deep.toml: file: at most",)),
    ("deep-small.toml", OK + "choices = " + "[" * 30_000 + "]" * 30_000 + "\n", ("deep-small.toml: file: ",
                                                                              "nested")),
    ("dotted.toml", OK + ".".join(["a"] * 30_000) + " = 1\n", ("dotted.toml: line 2: a dotted key",)),
    ("players.toml", "players = [" + ", ".join(f'"p{i}"' for i in range(5000)) + "]\n",
     ("players.toml: players: at most 8 players",)),
])
def test_cli_refuses_oversized_files_with_one_line(tmp_path: Path, name: str, text: str,
                                                   words: tuple[str, ...]) -> None:
    path = tmp_path / name
    path.write_text(text)
    _one_line_error(cli("run", str(path)), *words)


def test_cli_catches_recursion_and_memory_errors_at_the_boundary(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import mtgkit.__main__ as cli_main

    for error in (RecursionError, MemoryError):
        def boom(args: Any, error: type[BaseException] = error) -> int:
            raise error()
        monkeypatch.setattr(cli_main, "_run", boom)
        assert cli_main.main(["run", "lesson.toml"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: lesson.toml: file: ") and err.count("\n") == 1, err


def test_cli_runs_a_worked_example_by_name() -> None:
    out = cli("run", "06-the-monarch")
    assert out.returncode == 0 and out.stderr == "", out.stderr
    assert out.stdout.startswith("# The crown moves\n")
    assert "monarch" in out.stdout and "seq" in out.stdout.splitlines()[3]


def test_cli_explains_an_unknown_name_or_a_missing_file(tmp_path: Path) -> None:
    _one_line_error(cli("run", "99-nothing"), "99-nothing: file: a scenario file, or the name of a worked "
                    "example (00-first-forest", "or of its notebook (00-start-here")
    _one_line_error(cli("run", str(tmp_path / "nope.toml")), "nope.toml: file: a readable TOML file")


def test_cli_cards_into_a_closed_pipe_stops_quietly() -> None:
    """`mtgkit cards | head`: the reader is gone before the first write, deterministically."""
    proc = subprocess.Popen([sys.executable, "-m", "mtgkit", "cards"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=60) == 141
    assert err == "", err


def test_cli_cards_into_head_shows_no_traceback() -> None:
    out = subprocess.run(f"'{sys.executable}' -m mtgkit cards | head -n 3", shell=True, capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert len(out.stdout.splitlines()) == 3
    assert "Traceback" not in out.stderr and "BrokenPipe" not in out.stderr, out.stderr


@pytest.mark.parametrize("command", [("run", "06-the-monarch"), ("cards",)])
def test_cli_prints_on_an_ascii_console(command: tuple[str, ...]) -> None:
    out = cli(*command, env={"PYTHONIOENCODING": "ascii"})
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    out.stdout.encode("ascii")
    if command[0] == "run":
        assert "Bob (crown) monarch" in out.stdout
    else:
        assert "Forest - Basic Land - Forest" in out.stdout


# ----------------------------------------------------------------------------- mana amounts (issue 23)
def _reflections(n: int) -> str:
    """The 0.6 KB scenario of issue 23: one Forest under ``n`` Mana Reflections, tapped once."""
    return (OK + "[board]\nAlice = [\"Forest\"" + ', "Mana Reflection"' * n + "]\n"
            '[[actions]]\ndo = "activate"\ncard = "Forest"\n')


@pytest.mark.parametrize("n", [25, 30])
def test_cli_mana_doubled_past_the_kit_limit_is_one_line_in_bounded_memory(tmp_path: Path, n: int) -> None:
    """2^25 mana used to be rendered one symbol at a time (gigabytes); from 30 Reflections a stray
    'Exception ignored ... MemoryError' printed. Now the production stops at the kit's limit, in a
    child held to 2 GB of address space (see ``cli``)."""
    path = tmp_path / "reflections.toml"
    path.write_text(_reflections(n))
    assert len(_reflections(25)) < 700
    out = cli("run", str(path))
    _one_line_error(out, "actions[0]: an action within the kit's limits", "MAX_MANA",
                    f"{limits.MAX_MANA:,}", "the rules have no such limit")
    assert "Exception ignored" not in out.stderr and out.stdout == ""


def test_a_large_amount_of_mana_is_a_count_and_the_pool_is_bounded() -> None:
    from helpers import snapshot

    from mtgkit import Game, LimitError, Mana
    from mtgkit.mana import SPELLED_OUT

    g = Game(["Alice", "Bob"])
    for _ in range(19):
        g.put_onto_battlefield("Mana Reflection", "Alice")
    events = g.activate(g.put_onto_battlefield("Forest", "Alice"))
    assert g.pool("Alice") == Mana.of("G", 2**19) and str(g.pool("Alice")) == "{G}x524,288"
    assert not any("{G}" * (SPELLED_OUT + 1) in e.text for e in events)  # no event spells it out
    assert "Alice adds {G}x524,288" in events[-1].text
    assert Mana.parse(str(g.pool("Alice"))) == g.pool("Alice")
    forest = g.put_onto_battlefield("Forest", "Alice")
    before = snapshot(g)
    with pytest.raises(LimitError) as err:  # a second Forest would make 2^20 > MAX_MANA in the pool
        g.activate(forest)
    assert err.value.limit == "MAX_MANA" and "Alice's mana pool would hold 1,048,576 mana" in str(err.value)
    assert snapshot(g) == before
    g.put_onto_battlefield("Mana Reflection", "Alice")  # 20 doublings: one production over the limit
    with pytest.raises(LimitError, match="would have Forest produce 1,048,576 mana"):
        g.activate(forest)


def test_small_amounts_are_shown_symbol_by_symbol_as_before() -> None:
    from mtgkit import Mana

    assert str(Mana.parse("{G}" * 10)) == "{G}" * 10
    assert str(Mana.of("G", 11) + Mana.parse("{W}{W}")) == "{W}{W}{G}x11"


def test_122_1_the_counter_limit_is_the_kits_own_not_a_rule() -> None:
    """The rules have no counter limit (CR 122.1 defines counters): going past MAX_COUNTERS is a
    LimitError (a ValueError) naming the kit's limit, and the game is unchanged."""
    from helpers import snapshot

    from mtgkit import Game, LimitError, RulesError

    g = Game(["Alice", "Bob"])
    ballista = g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": limits.MAX_COUNTERS})
    for _ in range(4):
        g.activate(g.put_onto_battlefield("Wastes", "Alice"))
    g.activate(ballista, 0)  # {4}: put a +1/+1 counter on it (on the stack)
    before = snapshot(g)
    with pytest.raises(LimitError) as err:
        g.resolve()
    assert not isinstance(err.value, RulesError) and isinstance(err.value, ValueError)
    assert "MAX_COUNTERS" in str(err.value) and "the rules have no such limit" in str(err.value)
    assert snapshot(g) == before


def test_the_event_limit_is_a_limit_error_refused_before_or_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    """MAX_EVENTS is the kit's limit like the others: a LimitError (a ValueError, not a
    RulesError). A full log refuses an action before it starts; an action that would overflow it
    midway is undone, so the game is unchanged either way."""
    from helpers import snapshot

    from mtgkit import Game, LimitError, RulesError

    g = Game(["Alice", "Bob"])
    forest = g.put_onto_battlefield("Forest", "Alice")
    monkeypatch.setattr(limits, "MAX_EVENTS", len(g.events) + 1)  # room for one event, not two
    before = snapshot(g)
    with pytest.raises(LimitError) as err:
        g.activate(forest)  # it would log the activation, the tap and the mana
    assert not isinstance(err.value, RulesError) and err.value.limit == "MAX_EVENTS"
    assert "the rules have no such limit" in str(err.value)
    assert snapshot(g) == before and len(g.events) == limits.MAX_EVENTS - 1
    g.pass_priority()  # one event fits
    full = snapshot(g)
    with pytest.raises(LimitError, match="log is full"):
        g.pass_priority()
    assert snapshot(g) == full
