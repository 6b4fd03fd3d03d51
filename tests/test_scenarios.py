"""Scenario files and the command line: every worked example runs, every loader error is
covered, and the CLI never shows a traceback for bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mtgkit.scenario import ScenarioError, load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))
OK = 'players = ["Alice", "Bob"]\n'


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenario_runs_and_meets_its_expectations(path: Path) -> None:
    s = load_scenario(path)
    assert "expect" in path.read_text(), "each worked example states what it should end with"
    assert s.title and s.description
    assert s.game.events


def test_every_notebook_has_its_worked_example_as_a_scenario() -> None:
    """A lesson's worked example is a scenario file named by its number (scenarios/NN-*.toml,
    CONTRIBUTING.md, "The lesson"); practice generates its boards and says so (worked_example)."""
    from mtgkit.course import LESSONS
    from mtgkit.practice import LESSON

    prefixes = {p.name[:2] for p in SCENARIOS}
    assert {lesson.stem[:2] for lesson in LESSONS if lesson.worked_example} <= prefixes
    assert not LESSON.worked_example and LESSON.stem[:2] not in prefixes


def test_readme_example_is_a_working_scenario(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text()
    block = readme.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "readme.toml"
    path.write_text(block)
    assert load_scenario(path).game.events


BAD = [
    # (file text, place, words expected in the message)
    ('players = ["Alice", "Bob"]\nlife = = 3\n', "line 2", "valid TOML"),
    ('players = ["Alice", "Bob"\n', "end of file", "valid TOML"),
    ('players = ["Alice", "Bob"]\ncolour = "G"\n', "colour", "one of the keys"),
    ('players = ["Alice", "Bob"]\nlife = "twenty"\n', "life", "a whole number"),
    ('players = ["Alice", "Bob"]\nlife = true\n', "life", "a whole number"),
    ('title = "x"\n', "players", "required"),
    ('players = ["Alice"]\n', "players", "two or more different"),
    (OK + 'start = "main"\n', "start", "one of the steps"),
    (OK + "life = 0\n", "life", "a whole number from 1 to 1,000 (this file has 0)"),
    (OK + "choices = [1]\n", "choices[0]", "an answer: a string, or a list of strings"),
    (OK + '[board]\nCarol = ["Forest"]\n', "board.Carol", "one of the players"),
    (OK + '[board]\nAlice = "Forest"\n', "board.Alice", "a list of cards"),
    (OK + "[board]\nAlice = [3]\n", "board.Alice[0]", "a card name or a table"),
    (OK + '[[board.Alice]]\ncard = "Forest"\ntaped = true\n', "board.Alice[0].taped", "one of the keys"),
    (OK + "[[board.Alice]]\ntapped = true\n", "board.Alice[0].card", "required"),
    (OK + '[[board.Alice]]\ncard = "Forrest"\n', "board.Alice[0].card", "did you mean 'Forest'"),
    (OK + '[[board.Alice]]\ncard = "Forest"\narrived = "yesterday"\n', "board.Alice[0].arrived",
     "one of 'last turn', 'this turn'"),
    (OK + '[[board.Alice]]\ncard = "Vivid Crag"\ncounters = { charge = -1 }\n',
     "board.Alice[0].counters.charge", "a whole number from 0 to 100 (this file has -1)"),
    (OK + '[[board.Alice]]\ncard = "Utopia Sprawl"\ncolor = "P"\n', "board.Alice[0].color", "one of W"),
    (OK + '[[board.Alice]]\ncard = "Wild Growth"\nattached_to = "Forest"\n',
     "board.Alice[0].attached_to", "set up earlier"),
    (OK + '[[board.Alice]]\ncard = "Plains"\n[[board.Alice]]\ncard = "Utopia Sprawl"\n'
     'attached_to = "Plains"\n', "board.Alice[1]", "a legal setup"),
    (OK + 'monarch = "Carol"\n', "monarch", "one of the players"),
    (OK + '[hand]\nAlice = ["Food"]\n', "hand.Alice[0].card", "a card, not a token"),
    (OK + "[[actions]]\ncard = 'Forest'\n", "actions[0]", "a table with do ="),
    (OK + '[[actions]]\ndo = "tap"\n', "actions[0].do", "one of activate"),
    (OK + '[[actions]]\ndo = "resolve_stack"\nnow = true\n', "actions[0].now", "one of the keys"),
    (OK + '[[actions]]\ndo = "activate"\ncard = "Forest"\n', "actions[0].card", "set up earlier"),
    (OK + '[[board.Alice]]\ncard = "Forest"\n[[actions]]\ndo = "activate"\ncard = "Forest"\n'
     "order = [1]\n", "actions[0].order[0]", "a string of at most 100 characters"),
    (OK + '[[board.Alice]]\ncard = "Mystic Gate"\n[[actions]]\ndo = "activate"\ncard = "Mystic Gate"\n'
     'choice = "WU"\n', "actions[0].choice", "mana written as symbols"),
    (OK + '[[actions]]\ndo = "advance"\nto = "lunch"\n', "actions[0].to", "one of the steps"),
    (OK + '[[actions]]\ndo = "attack"\nattackers = []\ndefender = "Zed"\n', "actions[0].defender",
     "one of the players"),
    (OK + '[[board.Alice]]\ncard = "Forest"\ntapped = true\n[[actions]]\ndo = "activate"\n'
     'card = "Forest"\n', "actions[0]", "107.5"),
    ('players = ["Alice", "Bob"]\nchoices = ["Z"]\n[[board.Alice]]\ncard = "Underground Sea"\n'
     '[[actions]]\ndo = "activate"\ncard = "Underground Sea"\n', "actions[0]", "choices that fit"),
    (OK + '[[actions]]\ndo = "concede"\nplayer = "Zed"\n', "actions[0].player", "one of the players"),
    (OK + "[expect]\nwinner = 'Alice'\n", "expect.winner", "one of the keys"),
    (OK + "[expect]\npool = { Alice = '{G}' }\n", "expect.pool.Alice", "ended with no mana"),
    (OK + "[expect]\npool = { Alice = 'G' }\n", "expect.pool.Alice", "mana written as symbols"),
    (OK + "[expect]\nlife = { Alice = 3 }\n", "expect.life.Alice", "ended with 20"),
    (OK + "[expect]\nlife = { Zed = 3 }\n", "expect.life.Zed", "one of the players"),
    (OK + "[expect]\nmonarch = 'Alice'\n", "expect.monarch", "the monarch is None"),
    (OK + "[expect]\nbattlefield = { Alice = ['Forest'] }\n", "expect.battlefield.Alice", "ended with []"),
    (OK + "[expect]\nhand = { Bob = 2 }\n", "expect.hand.Bob", "ended with 0"),
]


@pytest.mark.parametrize("text,place,words", BAD, ids=[b[1] for b in BAD])
def test_each_loader_error_names_the_file_place_and_expectation(text: str, place: str, words: str) -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "lesson.toml")
    err = info.value
    assert err.path == "lesson.toml" and err.place == place, str(err)
    assert words in err.expected, str(err)
    assert str(err).startswith(f"lesson.toml: {place}: ")


def test_missing_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="readable TOML file"):
        load_scenario(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ScenarioError, match="UTF-8"):
        load_scenario(bad)


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mtgkit", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def test_cli_run_prints_the_timeline_and_saves_the_plot(tmp_path: Path) -> None:
    out = cli("run", str(ROOT / "scenarios" / "04-reflection-orders.toml"), "--plot", str(tmp_path / "t.png"))
    assert out.returncode == 0, out.stderr
    assert "Contamination: Forest produces {B} instead of {G}" in out.stdout
    assert "pool {B}{B}{B}" in out.stdout
    assert (tmp_path / "t.png").stat().st_size > 1000
    assert out.stderr == ""


def test_cli_bad_file_gives_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(OK + '[[board.Alice]]\ncard = "Forrest"\n')
    out = cli("run", str(path))
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1
    assert "broken.toml: board.Alice[0].card:" in out.stderr and "Forest" in out.stderr


def test_cli_cards_lists_the_catalog_with_text() -> None:
    out = cli("cards")
    assert out.returncode == 0
    assert "Exotic Orchard — Land" in out.stdout and "could produce" in out.stdout
    assert "Library Card" not in out.stdout


def test_every_scenario_gives_the_same_timeline_in_separate_runs() -> None:
    import os

    code = ("import sys, glob\nfrom mtgkit import load_scenario\n"
            "for p in sorted(glob.glob('scenarios/*.toml')):\n"
            "    print(p, *[str(e) for e in load_scenario(p).game.events], sep='\\n')\n")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                           env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout for h in (5, 6)}
    assert len(outs) == 1


def test_examples_ship_with_the_package_and_unknown_names_are_explained() -> None:
    from mtgkit.scenario import EXAMPLES, example

    assert EXAMPLES.is_dir() and (ROOT / "scenarios").resolve() == EXAMPLES
    assert example("07-protector").name == "07-protector.toml"
    with pytest.raises(ScenarioError, match="one of the worked examples: 00-first-forest"):
        example("99-nothing")


def test_every_action_kind_works_from_a_file() -> None:
    text = '''
players = ["Alice", "Bob", "Carol"]
[[board.Alice]]
card = "Grizzly Bears"
[[board.Alice]]
card = "Mountain"
[[board.Bob]]
card = "Hill Giant"
[hand]
Alice = ["Forest", "Lightning Bolt"]
[[actions]]
do = "play_land"
card = "Forest"
[[actions]]
do = "activate"
card = "Mountain"
[[actions]]
do = "cast"
card = "Lightning Bolt"
target = "Hill Giant"
[[actions]]
do = "resolve_stack"
[[actions]]
do = "advance"
to = "beginning_of_combat"
[[actions]]
do = "attack"
attackers = ["Grizzly Bears"]
defender = "Carol"
[[actions]]
do = "block"
blocks = {}
[[actions]]
do = "concede"
player = "Bob"
[[actions]]
do = "advance"
to = "end_of_combat"
[expect]
life = { Carol = 18 }
graveyard = { Alice = ["Lightning Bolt"] }
battlefield = { Alice = ["Grizzly Bears", "Mountain", "Forest"] }
'''
    s = parse_scenario(text, "all-actions.toml")
    assert not s.game.board().player("Bob").in_game


def test_fuzz_regression_a_list_where_the_action_name_goes() -> None:
    """Found by the fuzz test: `do = []` once raised TypeError instead of ScenarioError."""
    with pytest.raises(ScenarioError, match=r"actions\[0\]\.do: one of activate"):
        parse_scenario(OK + "[[actions]]\ndo = []\n", "fuzz.toml")
