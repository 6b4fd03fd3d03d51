"""Every value of a scenario file is checked with the file, the key and what was expected
(issue 23, items 7-9): names (length, reserved words, invisible characters, look-alikes),
numbers of any size, lists of the wrong things, control characters in text, a byte-order
mark, and files that aren't regular files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mtgkit import limits, safetext
from mtgkit.scenario import ScenarioError, load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[1]
OK = 'players = ["Alice", "Bob"]\n'
FOREST = OK + '[[board.Alice]]\ncard = "Forest"\n'


def _players(*names: str) -> str:
    return "players = [" + ", ".join(f'"{n}"' for n in names) + "]\n"


BAD = [
    # (file text, place, words of what was expected): the cases of issue 23 first
    (_players("Alice", "B" * 41), "players[1]", "a name of at most 40 characters (this one has 41)"),
    (_players("Alice", "stack"), "players[1]", "a name other than 'stack' and 'game'"),
    (_players("Alice", "Stack"), "players[1]", "'Stack' looks like 'stack'"),
    (_players("\\u0455tack", "Bob"), "players[0]", "mixes Cyrillic and Latin"),  # Cyrillic dze
    (_players("Alice", "GAME"), "players[1]", "the timeline's lanes"),
    (OK + "life = " + "9" * 5000 + "\n", "line 2", "a number of a sensible size"),
    (OK + "life = 0x" + "f" * 60_000 + "\n", "life", "this file has a number of about 72,248 digits"),
    (OK + "[expect]\nbattlefield = {Alice = [1, 'Forest']}\n", "expect.battlefield.Alice[0]",
     "a card's name (a string)"),
    (OK + 'choices = [[1, "a"]]\n', "choices[0][0]", "a string of at most 100 characters"),
    # names: invisible characters, look-alikes, spaces
    (_players("Al\\u200bice", "Bob"), "players[0]", "U+200B at character 3"),
    (_players("Alice\\u0000", "Bob"), "players[0]", "U+0000 at character 6"),
    (_players("Alice", "\\u0410lice"), "players[1]", "mixes Cyrillic and Latin letters"),
    (_players("Alice", "alice"), "players[1]", "looks different from 'Alice'"),
    (_players("Alice", "\\uff21lice"), "players[1]", "('Alice' twice)"),  # NFKC: full-width A
    (_players("\\u0410\\u0412\\u0415", "ABE"), "players[1]", "looks different from 'АВЕ'"),  # all Cyrillic
    (_players("Al", "AI"), "players[1]", "looks different from 'Al'"),
    (_players("Alice", "Bob "), "players[1]", "without spaces at either end"),
    (_players("Alice", "Bob  Smith"), "players[1]", "or two in a row"),
    (_players("Alice", "Bob\\u3000"), "players[1]", "without spaces at either end"),  # NFKC: a space
    (_players("Alice", "Bob\\u2028"), "players[1]", "U+2028"),
    (_players("Alice", ""), "players[1]", "a name (not empty)"),
    (_players("Alice", "Alice"), "players[1]", "'Alice' twice"),
    (OK + "players = 3\n", "line 2", "valid TOML"),  # a key twice
    ('players = "Alice"\n', "players", "a list of two or more different player names"),
    (_players("P", "Q", "R", "S", "T", "U", "V", "W", "X"), "players", "at most 8 players"),
    # text: control characters in titles and descriptions
    (OK + 'title = "\\u001b[2Jhi"\n', "title", "U+001B at character 1"),
    (OK + 'title = "\\u001b]0;pwned\\u0007"\n', "title", "U+001B"),
    (OK + 'title = "line\\r\\nforged"\n', "title", "U+000D at character 5"),
    (OK + 'title = "a\\u202eb"\n', "title", "U+202E"),
    (OK + 'title = "' + "t" * 121 + '"\n', "title", "at most 120 characters (this one has 121)"),
    (OK + 'description = "ok\\nfine\\u001b[31m"\n', "description", "U+001B at character 8"),
    (OK + 'description = "' + "d" * 2001 + '"\n', "description", "at most 2,000 characters"),
    (OK + "title = 3\n", "title", "a string of at most 120 characters"),
    # labels follow the names' policy
    (FOREST + 'label = "for\\u200best"\n', "board.Alice[0].label", "U+200B"),
    (FOREST + 'label = "' + "l" * 41 + '"\n', "board.Alice[0].label", "at most 40 characters"),
    (OK + '[[board.Alice]]\ncard = "Forest"\nlabel = "forest"\n[[board.Alice]]\ncard = "Forest"\n',
     "board.Alice[1]", "a label that looks different from 'forest'"),
    (FOREST + 'label = "Bob"\n', "board.Alice[0].label", "looks different from 'Bob'"),
    # numbers of every size, everywhere
    (OK + "life = -5\n", "life", "a whole number from 1 to 1,000 (this file has -5)"),
    (OK + "life = 20.5\n", "life", "a whole number from 1 to 1,000"),
    (OK + "library = true\n", "library", "a whole number from 0 to 500"),
    (OK + "[expect]\nlife = { Alice = 10000000 }\n", "expect.life.Alice", "from -1,000,000 to 1,000,000"),
    (OK + "[expect]\nhand = { Bob = -1 }\n", "expect.hand.Bob", "a whole number from 0 to 1,000,000"),
    (OK + "[expect]\nhand = { Bob = 'two' }\n", "expect.hand.Bob", "a whole number"),
    (FOREST + "[[actions]]\ndo = 'activate'\ncard = 'Forest'\nability = 99999999999\n", "actions[0].ability",
     "a whole number from 0 to 1,000,000"),
    (FOREST + "[[actions]]\ndo = 'activate'\ncard = 'Forest'\nability = 3\n", "actions[0]",
     "there is no ability 3"),  # in range, but the Forest has one: the engine's rule
    (FOREST + "counters = { charge = 1e9 }\n", "board.Alice[0].counters.charge", "a whole number"),
    (FOREST + 'counters = { "' + "k" * 31 + '" = 1 }\n', "board.Alice[0].counters." + "k" * 31,
     "at most 30 characters"),
    (FOREST + 'counters = { "\\u001b[2J" = 1 }\n', "board.Alice[0].counters.\\x1b[2J", "U+001B"),
    # lists and tables of the wrong things
    (OK + "[expect]\nbattlefield = { Alice = 'Forest' }\n", "expect.battlefield.Alice",
     "a list of card names"),
    (OK + "[expect]\ngraveyard = { Alice = ['Forrest'] }\n", "expect.graveyard.Alice[0]",
     "did you mean 'Forest'"),
    (OK + "[expect]\npool = { Alice = 3 }\n", "expect.pool.Alice", "mana written as symbols"),
    (OK + "[expect]\npool = 'G'\n", "expect.pool", "a table"),
    (OK + "[expect]\nmonarch = ['Alice']\n", "expect.monarch", "a name"),
    (OK + "choices = [{ a = 1 }]\n", "choices[0]", "an answer"),
    (OK + 'choices = ["' + "c" * 101 + '"]\n', "choices[0]", "at most 100 characters"),
    (OK + "choices = 'G'\n", "choices", "a list of answers"),
    (OK + "[[actions]]\ndo = 'attack'\nattackers = 'Bears'\n", "actions[0].attackers", "a list of labels"),
    (OK + "[[actions]]\ndo = 'attack'\nattackers = [[]]\n", "actions[0].attackers[0]", "a name"),
    (OK + "[[actions]]\ndo = 'block'\nblocks = { a = 1 }\n", "actions[0].blocks.a", "a name"),
    (OK + "[[actions]]\ndo = 'activate'\ncard = [1]\n", "actions[0].card[0]", "a name"),
    (OK + "[[actions]]\ndo = 'activate'\ncard = 'x'\ncolor = 'P'\n", "actions[0].color", "one of W, U"),
    (OK + "[[actions]]\ndo = 'advance'\nto = 3\n", "actions[0].to", "one of the steps"),
    (OK + "[[actions]]\ndo = 'cast'\ncard = 'x'\ntarget = 7\n", "actions[0].target", "a name"),
    (OK + "[[actions]]\ndo = 'pass'\nplayer = 'Carol'\n", "actions[0].player", "one of the players"),
    (OK + "[hand]\nAlice = [{ card = 'Forest', tapped = true }]\n", "hand.Alice[0].tapped",
     "one of the keys"),
    (OK + '[board]\n"Al\\u200bice" = ["Forest"]\n', "board.Al\\u200bice", "U+200B"),
    (OK + '[board]\nAlice = ["Forest"]\n"\\uff21lice" = ["Forest"]\n', "board.Ａlice",
     "only once (another key of this table is the same name)"),
    (OK + 'start = "declare_blockers"\n', "start", "start must be one of"),  # the engine's own check
    # keys from the file are escaped in the message, never printed raw
    (OK + '"\\u001b[2J\\r\\nforged" = 1\n', "\\x1b[2J\\r\\nforged", "one of the keys"),
]


@pytest.mark.parametrize("text,place,words", BAD, ids=[f"{i}:{b[1][:30]}" for i, b in enumerate(BAD)])
def test_every_value_is_checked_with_its_key_and_what_was_expected(text: str, place: str, words: str) -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "lesson.toml")
    err = info.value
    assert (err.path, err.place) == ("lesson.toml", place), str(err)
    assert words in err.expected, str(err)
    message = str(err)
    assert message.isprintable() and message.startswith(f"lesson.toml: {place}: "), message


def test_values_are_checked_before_the_game_is_set_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """Validate, then play: a bad value in the last action is found before any card is put."""
    def no_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("the game was set up before the values were checked")

    monkeypatch.setattr("mtgkit.scenario.Game", no_game)
    with pytest.raises(ScenarioError, match=r"actions\[1\]\.x: a whole number from 0 to 100"):
        parse_scenario(FOREST + "[[actions]]\ndo = 'pass'\n[[actions]]\ndo = 'cast'\ncard = 'x'\nx = 'two'\n")


def test_names_are_normalised_and_used_everywhere_the_file_names_a_player() -> None:
    """NFKC: a full-width name is the plain one, in players and in every key that names one."""
    text = ('players = ["\uff21lice", "Bob"]\n[board]\nAlice = ["Forest"]\n[[actions]]\ndo = "activate"\n'
            'card = "Forest"\n[expect]\npool = { "\uff21lice" = "{G}" }\n')
    s = parse_scenario(text)
    assert s.game.players == ("Alice", "Bob")
    assert s.checked == ("pool.Alice = {G}",)
    assert parse_scenario(_players("Alice", "Bob\u00a0Smith")).game.players == ("Alice", "Bob Smith")


def test_names_in_other_scripts_are_welcome_one_script_at_a_time() -> None:
    names = ("Дмитрий", "Ólafur", "山田 太郎", "Zoë")
    s = parse_scenario(_players(*names) + "[board]\n'山田 太郎' = ['Forest']\n")
    assert s.game.players == ("Дмитрий", "Ólafur", "山田 太郎", "Zoë")


def test_a_passing_expect_says_what_it_checked() -> None:
    s = parse_scenario(FOREST + "[[actions]]\ndo = 'activate'\ncard = 'Forest'\n[expect]\n"
                       "pool = { Alice = '{G}', Bob = '' }\nlife = { Bob = 20 }\nhand = { Alice = 0 }\n"
                       "battlefield = { Alice = ['Forest'] }\n")
    assert s.checked == ("pool.Alice = {G}", "pool.Bob = no mana", "life.Bob = 20", "battlefield.Alice = "
                         "['Forest']", "hand.Alice = 0")
    assert parse_scenario(OK).checked == ()


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + OK.encode())
    assert load_scenario(path).game.players == ("Alice", "Bob")
    assert parse_scenario("\ufeff" + OK).game.players == ("Alice", "Bob")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    """Opening a FIFO for reading blocks until a writer comes: it is refused before it is opened
    (in a child process, so a regression fails by timeout instead of hanging the tests)."""
    fifo = tmp_path / "lesson.toml"
    os.mkfifo(fifo)
    out = subprocess.run([sys.executable, "-m", "mtgkit", "run", str(fifo)], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2, out.stderr
    assert out.stderr == f"error: {fifo}: file: a regular file (this is a FIFO (named pipe))\n"
    link = tmp_path / "link.toml"
    link.symlink_to(fifo)
    with pytest.raises(ScenarioError, match="this is a FIFO"):
        load_scenario(link)


def test_a_folder_and_a_device_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"file: a regular file \(this is a folder\)"):
        load_scenario(tmp_path)
    if os.path.exists("/dev/null"):
        with pytest.raises(ScenarioError, match="this is a character device"):
            load_scenario("/dev/null")


def test_a_file_swapped_after_the_check_is_refused_on_the_open_descriptor(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """stat says regular file, but what is opened is a FIFO: the descriptor is checked again,
    and the open doesn't block (O_NONBLOCK)."""
    import mtgkit.files as files

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    fifo, regular = tmp_path / "fifo", tmp_path / "regular.toml"
    os.mkfifo(fifo)
    regular.write_text(OK)
    real_stat = os.stat
    monkeypatch.setattr(files.os, "stat", lambda p, *a, **k: real_stat(regular if p == fifo else p, *a, **k))
    with pytest.raises(ScenarioError, match="this is a FIFO"):
        load_scenario(fifo)


def test_shown_escapes_everything_a_terminal_acts_on() -> None:
    hostile = "\x1b[2J\x1b]0;title\x07\r\n\x00\x7f\x9b\u200b\u202e\u2028\ud800"
    out = safetext.shown(hostile)
    assert out.isprintable() and out.isascii()
    assert out == ("\\x1b[2J\\x1b]0;title\\x07\\r\\n\\x00\\x7f\\x9b\\u200b\\u202e\\u2028\\ud800")
    assert safetext.shown("two\nlines", lines=True) == "two\nlines"
    assert safetext.shown("plain ♛ text") == "plain ♛ text"


def test_limits_for_text_are_in_the_limits_table() -> None:
    for name in ("MAX_LABEL", "MAX_TITLE", "MAX_DESCRIPTION", "MAX_TEXT", "MAX_COUNTER_KIND", "MAX_NUMBER"):
        assert name in limits.LIMITS
