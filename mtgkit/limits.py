"""The kit's limits, all in one place (the README's "Limits" table lists them): the engine
refuses a game or an action beyond them (``ValueError`` or ``RulesError``), and a scenario file
beyond them gets a one-line error before anything is built.

A scenario is a teaching example: a few players, a board that fits on a table, a page of
actions. These limits are far above any lesson and far below what would exhaust a laptop, and
they are checked before anything is built: the file's size before it is read as TOML, dotted
keys before parsing (tomllib's cost grows with the square of a key's parts), then the parsed
data's nesting, counts and numbers before the game is set up. A file over a limit gets a
:class:`~mtgkit.scenario.ScenarioError` naming the place and the limit, like any other mistake.

>>> check_text('players = ["Alice", "Bob"]\\n') is None
True
>>> check_data({"players": ["Alice"] * 9})
('players', 'at most 8 players (the scenario limit; this file has 9)')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TypeGuard

#: The largest scenario file, in bytes (the worked examples are under 2 KB).
MAX_FILE_BYTES = 64 * 1024
#: How deeply tables and lists may nest (a scenario needs 4: board.Alice[0].counters).
MAX_DEPTH = 10
#: The most parts in one dotted key or table header (``board.Alice`` has 2): each part nests.
MAX_KEY_PARTS = MAX_DEPTH
#: Players in a game.
MAX_PLAYERS = 8
#: Permanents on the battlefield at the start, all players together.
MAX_PERMANENTS = 200
#: Cards in one player's starting hand, graveyard, or top of library.
MAX_ZONE_CARDS = 100
#: Counters of one kind on one permanent at the start.
MAX_COUNTERS = 100
#: The value of X when a scenario casts a spell.
MAX_X = 100
#: Actions in one scenario, and cards named by one ``activate``.
MAX_ACTIONS = 200
#: Answers in ``choices``.
MAX_CHOICES = 500
#: Starting life total (and the lowest is 1).
MAX_LIFE = 1000
#: Cards in each library at the start.
MAX_LIBRARY = 500
#: Characters in a player's name.
MAX_NAME = 40
#: Characters in a card's label (``label = "forest"``): a name, like a player's.
MAX_LABEL = 40
#: Characters in a scenario's title (one line).
MAX_TITLE = 120
#: Characters in a scenario's description (line breaks allowed).
MAX_DESCRIPTION = 2000
#: Characters in any other text of a scenario: effect names in ``order``, answers in
#: ``choices``, mana such as ``"{W}{U}"``.
MAX_TEXT = 100
#: Characters in the name of a kind of counter (``"+1/+1"``, ``"charge"``).
MAX_COUNTER_KIND = 30
#: The size of any other whole number in a scenario (an ability's index, an expected life
#: total or hand size): from -1,000,000 to 1,000,000.
MAX_NUMBER = 1_000_000
#: Questions on one worksheet (``mtgkit worksheet --n``).
MAX_QUESTIONS = 200
#: The largest worksheet seed (``--seed``, from 0).
MAX_SEED = 999_999_999
#: Arguments on one command line (``mtgkit worksheet`` with every option takes 13): counted before
#: they are parsed, as argparse takes time growing with the square of their number.
MAX_ARGS = 100
#: Objects (cards and tokens) in one game, in all zones.
MAX_OBJECTS = 5000
#: Events in one game's log (one more is refused with a :class:`~mtgkit.errors.LimitError`).
MAX_EVENTS = 200_000
#: Mana in one player's mana pool, and in one production of mana (25 Mana Reflections would
#: double a Forest's {G} to 33,554,432). Amounts are counts, so this bounds the numbers shown,
#: not memory: more is refused with a :class:`~mtgkit.errors.LimitError`.
MAX_MANA = 1_000_000
#: Ways to pay one cost the chooser is offered when the pool could pay it in many (the kit's
#: default first); ``pay=`` names any other legal payment.
MAX_PAYMENTS = 64
#: States one search over the orders of replacement effects may look at (could-produce, CR
#: 106.7, and every order of the effects on one production of mana): a state is the amount so
#: far and how many of each effect are left, so forty copies each of three cards take a few
#: thousand. More is refused with a :class:`~mtgkit.errors.LimitError`.
MAX_SEARCH = 200_000
#: Mana-ability activations the automatic payment of a spell (``cast`` without ``pay=``) and
#: ``available_mana`` may try before they give up with a LimitError naming this limit.
MAX_PAYMENT_SEARCH = 2_000

#: Cards in one card file (the kit's own catalog has under 100).
MAX_CARDS = 500
#: Abilities of one card in a card file.
MAX_ABILITIES = 20
#: Items in any list of a card file (types, keywords, an ability's effects...).
MAX_LIST = 20
#: Characters in a card's text, or an ability's, in a card file.
MAX_CARD_TEXT = 1000
#: Files ``mtgkit check`` reads from the folders it is given (every ``*.toml`` inside, symlinks
#: not followed); more is refused with a one-line error before any is read.
MAX_CHECK_FILES = 500
#: Versions one question file's ``[alternatives]`` may make (the product of their lists' lengths):
#: ``mtgkit check`` plays every one.
MAX_VERSIONS = 64
#: Alternatives (names) in one question file's ``[alternatives]`` table.
MAX_ALTERNATIVES = 8

LIMITS: dict[str, int] = {
    "MAX_FILE_BYTES": MAX_FILE_BYTES, "MAX_DEPTH": MAX_DEPTH, "MAX_KEY_PARTS": MAX_KEY_PARTS,
    "MAX_PLAYERS": MAX_PLAYERS, "MAX_PERMANENTS": MAX_PERMANENTS, "MAX_ZONE_CARDS": MAX_ZONE_CARDS,
    "MAX_COUNTERS": MAX_COUNTERS, "MAX_X": MAX_X, "MAX_ACTIONS": MAX_ACTIONS,
    "MAX_CHOICES": MAX_CHOICES, "MAX_LIFE": MAX_LIFE, "MAX_LIBRARY": MAX_LIBRARY,
    "MAX_NAME": MAX_NAME, "MAX_LABEL": MAX_LABEL, "MAX_TITLE": MAX_TITLE,
    "MAX_DESCRIPTION": MAX_DESCRIPTION, "MAX_TEXT": MAX_TEXT, "MAX_COUNTER_KIND": MAX_COUNTER_KIND,
    "MAX_NUMBER": MAX_NUMBER, "MAX_QUESTIONS": MAX_QUESTIONS, "MAX_SEED": MAX_SEED,
    "MAX_ARGS": MAX_ARGS,
    "MAX_OBJECTS": MAX_OBJECTS, "MAX_EVENTS": MAX_EVENTS,
    "MAX_MANA": MAX_MANA, "MAX_PAYMENTS": MAX_PAYMENTS, "MAX_SEARCH": MAX_SEARCH,
    "MAX_PAYMENT_SEARCH": MAX_PAYMENT_SEARCH,
    "MAX_CARDS": MAX_CARDS, "MAX_ABILITIES": MAX_ABILITIES, "MAX_LIST": MAX_LIST,
    "MAX_CARD_TEXT": MAX_CARD_TEXT, "MAX_CHECK_FILES": MAX_CHECK_FILES,
    "MAX_VERSIONS": MAX_VERSIONS, "MAX_ALTERNATIVES": MAX_ALTERNATIVES,
}

#: A problem: the place in the file (a key path, ``line N`` or ``file``) and what was expected.
Problem = tuple[str, str]

# A key part: a bare word (only from its first letter: the lookbehind and the possessive
# quantifiers keep the search linear), or a quoted string. More than MAX_KEY_PARTS of them
# joined by dots is refused.
_KEY_PART = r'(?:(?<![A-Za-z0-9_-])[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|\'[^\'\n]*+\')'
_LONG_KEY = re.compile(rf"(?:{_KEY_PART}[ \t]*+\.[ \t]*+){{{MAX_KEY_PARTS},}}{_KEY_PART}")


def number(n: int) -> str:
    """A whole number for a message: ``1,000`` or, for a huge one, ``a number of about 60,000
    digits`` (without converting it to text: Python refuses that past 4,300 digits)."""
    if abs(n) < 10**15:
        return f"{n:,}"
    return f"a number of about {int(abs(n).bit_length() * 0.30103) + 1:,} digits"


def _limit(what: str, found: int) -> str:
    return f"{what} (the scenario limit; this file has {number(found)})"


def check_size(size: int) -> Problem | None:
    """The file's size in bytes, checked before it is read."""
    if size > MAX_FILE_BYTES:
        return "file", _limit(f"at most {MAX_FILE_BYTES:,} bytes", size)
    return None


def check_text(text: str) -> Problem | None:
    """The file's text, checked before it is parsed: its size, and no over-long dotted key.

    The key check looks at the raw text, so a string holding more than ``MAX_KEY_PARTS``
    dot-separated words (``"a.b.c.d.e.f.g.h.i.j.k"``) is refused too; prose is not.
    """
    problem = check_size(len(text.encode("utf-8", "surrogatepass")))
    if problem:
        return problem
    match = _LONG_KEY.search(text)
    if match:
        line = text.count("\n", 0, match.start()) + 1
        parts = match.group().count(".") + 1
        return f"line {line}", _limit(f"a dotted key of at most {MAX_KEY_PARTS} parts", parts)
    return None


def _depth(data: Any) -> int:
    """How deeply tables and lists nest in ``data`` (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if depth <= MAX_DEPTH:
            stack.extend((child, depth) for child in children)
    return deepest


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def check_data(data: Mapping[str, Any]) -> Problem | None:
    """The parsed file, checked before the game is set up. Values of the wrong type are left
    for the loader, which names what it expected. The first problem found is the one reported:
    the file's nesting, then the players, the board, the hands and graveyards, the choices and
    the actions, as the file's sections run."""
    for check in (_check_nesting, _check_players, _check_board, _check_zones, _check_choices,
                  _check_actions):
        problem = check(data)
        if problem:
            return problem
    return None


def _check_nesting(data: Mapping[str, Any]) -> Problem | None:
    depth = _depth(data)
    if depth > MAX_DEPTH:
        return "file", f"tables and lists nested at most {MAX_DEPTH} deep (the scenario limit)"
    return None


def _check_players(data: Mapping[str, Any]) -> Problem | None:
    """How many players, their life and their libraries."""
    players = data.get("players")
    if isinstance(players, list) and len(players) > MAX_PLAYERS:
        return "players", _limit(f"at most {MAX_PLAYERS} players", len(players))
    life, library = data.get("life"), data.get("library")
    if _int(life) and life > MAX_LIFE:
        return "life", _limit(f"a sensible number (life 1 to {MAX_LIFE:,})", life)
    if _int(library) and library > MAX_LIBRARY:
        return "library", _limit(f"a sensible number (library 0 to {MAX_LIBRARY})", library)
    return None


def _check_board(data: Mapping[str, Any]) -> Problem | None:
    """How many permanents in all, and how many counters of a kind on each."""
    board = data.get("board")
    if not isinstance(board, dict):
        return None
    total = sum(len(cards) for cards in board.values() if isinstance(cards, list))
    if total > MAX_PERMANENTS:
        return "board", _limit(f"at most {MAX_PERMANENTS} permanents in all", total)
    for who, cards in board.items():
        for i, entry in enumerate(cards if isinstance(cards, list) else ()):
            counters = entry.get("counters") if isinstance(entry, dict) else None
            for kind, n in (counters.items() if isinstance(counters, dict) else ()):
                if _int(n) and n > MAX_COUNTERS:
                    return (f"board.{who}[{i}].counters.{kind}",
                            _limit(f"at most {MAX_COUNTERS} counters of a kind", n))
    return None


def _check_zones(data: Mapping[str, Any]) -> Problem | None:
    """How many cards in each player's hand, graveyard and set-up library top."""
    for section in ("hand", "graveyard", "top_of_library"):
        zone = data.get(section)
        for who, cards in (zone.items() if isinstance(zone, dict) else ()):
            if isinstance(cards, list) and len(cards) > MAX_ZONE_CARDS:
                return f"{section}.{who}", _limit(f"at most {MAX_ZONE_CARDS} cards", len(cards))
    return None


def _check_choices(data: Mapping[str, Any]) -> Problem | None:
    choices = data.get("choices")
    if isinstance(choices, list) and len(choices) > MAX_CHOICES:
        return "choices", _limit(f"at most {MAX_CHOICES} answers", len(choices))
    return None


def _check_actions(data: Mapping[str, Any]) -> Problem | None:
    """How many actions, and each action's X and number of cards."""
    actions = data.get("actions")
    if not isinstance(actions, list):
        return None
    if len(actions) > MAX_ACTIONS:
        return "actions", _limit(f"at most {MAX_ACTIONS} actions", len(actions))
    for i, action in enumerate(actions):
        if not isinstance(action, dict):
            continue
        x, card = action.get("x"), action.get("card")
        if _int(x) and not 0 <= x <= MAX_X:
            return f"actions[{i}].x", _limit(f"X from 0 to {MAX_X}", x)
        if isinstance(card, list) and len(card) > MAX_ACTIONS:
            return f"actions[{i}].card", _limit(f"at most {MAX_ACTIONS} cards", len(card))
    return None
