"""Scenario files: teachers write examples in TOML, without Python.

A scenario names the players, each player's board, hand and graveyard, optionally the
monarch, then a list of actions with their choices, and optionally what to expect::

    title = "Contamination first, then Mana Reflection"
    players = ["Alice", "Bob"]

    [[board.Alice]]
    card = "Forest"
    label = "forest"            # a name for the actions to use (default: the card name)

    [[board.Alice]]
    card = "Mana Reflection"      # a second "Forest" would be called "Forest 2"

    [[board.Bob]]
    card = "Contamination"

    [[actions]]
    do = "activate"
    card = "forest"
    order = ["Contamination", "Mana Reflection"]

    [expect]
    pool = { Alice = "{B}{B}" }

Every mistake in a file raises :class:`ScenarioError` naming the file, the place (a key path
such as ``actions[2].order`` or a line number) and what was expected. The file is only
parsed with :mod:`tomllib`: nothing in it is ever evaluated. Its size, nesting and counts are
bounded (:mod:`mtgkit.limits`), and checked before it is parsed or played.

Validate, then play: every value in the file is checked against the table of what its key
may hold (``_TOP``, ``_PERMANENT``, ``_ZONE_CARD``, ``_ACTIONS``, ``_EXPECT``) before the game
is set up; only what depends on the game (a label set up earlier, a legal action, an
expectation) is checked while it is played. A new key is one line in its table: a check
such as ``_whole(0, 10)``, ``_name`` or ``_list(...)``, or just a type (``int``, ``dict``)
for a value the playing code checks itself. Names (players, labels) follow
:mod:`mtgkit.safetext`: NFKC-normalised, no invisible characters, one script, and no two
that look alike; everything else that is text is printable, with a bounded length.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from . import actions as acts
from . import limits, safetext
from .cards import CATALOG
from .choices import Scripted
from .errors import LimitError, RulesError
from .events import Event, ZoneChange
from .files import NotRegularFile, read_regular
from .game import STEPS, Game
from .mana import COLORS, TYPES, Mana
from .records import Mutable
from .variants import CR

#: The worked examples of the notebooks, shipped with the package (``scenarios/`` at the top of
#: the repository points here).
EXAMPLES = Path(__file__).resolve().parent / "scenarios"
#: An object named by its id in a file (``"#63"``): one no set-up labelled, such as a token.
_OBJECT_ID = re.compile(r"#[1-9][0-9]{0,5}")
#: Names the timeline's lanes use: no player may be called (or look like) these.
RESERVED_NAMES = ("stack", "game")


def example(name: str) -> Path:
    """The path of a worked example by file name, e.g. ``example("06-the-monarch")``."""
    path = EXAMPLES / (name if name.endswith(".toml") else f"{name}.toml")
    if Path(name).name != name or not path.is_file():
        known = ", ".join(sorted(p.stem for p in EXAMPLES.glob("*.toml")))
        raise ScenarioError(name, "file", f"one of the worked examples: {known}")
    return path


class ScenarioError(Exception):
    """A scenario file that can't be used: names the file, the place and what was expected.

    All three are shown escaped (:func:`mtgkit.safetext.shown`): a key or a value from the
    file can't put a control sequence on a terminal, or a second line in the message.
    """

    def __init__(self, path: str | Path, place: str, expected: str) -> None:
        self.path, self.place, self.expected = (safetext.shown(str(x)) for x in (path, place, expected))
        super().__init__(f"{self.path}: {self.place}: {self.expected}")


class Scenario(Mutable):
    """A loaded and played scenario: its game, with every action done, and the expectations
    of its ``[expect]`` table that were checked (all of them were met)."""

    path: str
    title: str
    description: str
    game: Game
    labels: dict[str, int]
    checked: tuple[str, ...] = ()


# ------------------------------------------------------------------ what each key may hold
class _Bad(Exception):
    """A value that isn't what its key expects: what was expected, and where below the key
    (``[2]``, ``.Alice``) the bad value is."""

    def __init__(self, expected: str, below: str = "") -> None:
        super().__init__(expected)
        self.expected, self.below = expected, below


#: A check reads one value from a file: it returns the value (normalised) or raises _Bad.
Check = Callable[[Any], Any]
#: What a key may hold: a check, or a type (or types) for a value the playing code checks.
Spec = type | tuple[type, ...] | Check

_TYPE_NAMES = {str: "a string", int: "a whole number", bool: "true or false", list: "a list",
               dict: "a table"}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _apply(spec: Spec, value: Any) -> Any:
    if isinstance(spec, type | tuple):
        wanted = spec if isinstance(spec, tuple) else (spec,)
        if (isinstance(value, bool) and bool not in wanted) or not isinstance(value, wanted):
            raise _Bad(" or ".join(_TYPE_NAMES.get(t, t.__name__) for t in wanted))
        return value
    return spec(value)


def _whole(low: int, high: int) -> Check:
    def check(value: Any) -> int:
        if not _is_int(value) or not low <= value <= high:
            found = f" (this file has {safetext.short(value)})" if _is_int(value) else ""
            raise _Bad(f"a whole number from {low:,} to {high:,}{found}")
        return int(value)
    return check


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Bad("true or false")
    return value


def _text(max_len: int, *, lines: bool = False) -> Check:
    """Printable text of at most ``max_len`` characters (line breaks and tabs too, if ``lines``)."""
    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise _Bad(f"a string of at most {max_len:,} characters")
        try:
            return safetext.check_text(value, max_len, lines=lines)
        except ValueError as err:
            raise _Bad(str(err)) from None
    return check


def _names(max_len: int) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise _Bad(f"a name (a string of at most {max_len} characters)")
        try:
            return safetext.check_name(value, max_len)
        except ValueError as err:
            raise _Bad(str(err)) from None
    return check


#: A player's name, and a card's label (or card name) as actions refer to it.
_name = _names(limits.MAX_NAME)
_label = _names(limits.MAX_LABEL)


def _one_of(options: tuple[str, ...], what: str = "") -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in options:
            raise _Bad(f"one of {what}{', '.join(f'{o!r}' if ' ' in o else o for o in options)}")
        return value
    return check


_STEP = _one_of(STEPS, "the steps ")


def _card(value: Any) -> str:
    if not isinstance(value, str):
        raise _Bad("a card's name (a string)")
    if value not in CATALOG:
        import difflib

        close = difflib.get_close_matches(value, CATALOG, n=1) if len(value) <= limits.MAX_TEXT else []
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise _Bad(f"a card in the catalog{hint}; `python -m mtgkit cards` lists them")
    return value


def _mana(value: Any) -> str:
    try:
        if isinstance(value, str) and len(value) <= limits.MAX_TEXT:
            Mana.parse(value)
            return value
    except ValueError:
        pass
    raise _Bad('mana written as symbols, like "{W}{U}"')


def _list(item: Check, what: str, max_len: int) -> Check:
    def check(value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise _Bad(what)
        if len(value) > max_len:
            raise _Bad(f"{what}: at most {max_len:,} (this file has {len(value):,})")
        out = []
        for i, entry in enumerate(value):
            try:
                out.append(item(entry))
            except _Bad as bad:
                raise _Bad(bad.expected, f"[{i}]{bad.below}") from None
        return out
    return check


def _one_or_list(item: Check, what: str, max_len: int) -> Check:
    many = _list(item, what, max_len)
    return lambda value: many(value) if isinstance(value, list) else item(value)


def _table(value_check: Check, key: Check = _name) -> Check:
    """A table whose keys pass ``key`` (players' names, by default) and values ``value_check``."""
    def check(value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _Bad("a table")
        out: dict[str, Any] = {}
        for k, v in value.items():
            try:
                name = key(k)
                if name in out:
                    raise _Bad(f"{name!r} only once (another key of this table is the same name)")
                out[name] = value_check(v)
            except _Bad as bad:
                raise _Bad(bad.expected, f".{k}{bad.below}") from None
        return out
    return check


def _record(allowed: Mapping[str, Spec], required: tuple[str, ...] = ()) -> Check:
    """A table with only the keys of ``allowed``, each value passing its spec."""
    def check(value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _Bad("a table")
        out: dict[str, Any] = {}
        for key, v in value.items():
            if key not in allowed:
                raise _Bad(f"one of the keys {', '.join(sorted(allowed))}", f".{key}")
            try:
                out[key] = _apply(allowed[key], v)
            except _Bad as bad:
                raise _Bad(bad.expected, f".{key}{bad.below}") from None
        for key in required:
            if key not in out:
                raise _Bad("this key is required", f".{key}")
        return out
    return check


def _cards_in(allowed: Mapping[str, Spec], max_len: int) -> Check:
    """Each player's list of cards: a card's name, or a table such as ``{card = ..., label = ...}``."""
    entry = _record(allowed, required=("card",))

    def one(value: Any) -> dict[str, Any]:
        if isinstance(value, str):
            return {"card": _card(value)}
        if not isinstance(value, dict):
            raise _Bad("a card name or a table with card = ...")
        return dict(entry(value))
    return _table(_list(one, "a list of cards", max_len))


def _answer(value: Any) -> str | list[str]:
    if isinstance(value, list):
        return list(_list(_text(limits.MAX_TEXT), "an order: a list of strings", limits.MAX_CHOICES)(value))
    if isinstance(value, str):
        return str(_text(limits.MAX_TEXT)(value))
    raise _Bad("an answer: a string, or a list of strings for an order")


def _action(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or "do" not in value:
        raise _Bad(f'a table with do = one of {", ".join(_ACTIONS)}')
    kind = value["do"]
    if not isinstance(kind, str) or kind not in _ACTIONS:
        raise _Bad(f"one of {', '.join(_ACTIONS)}", ".do")
    return dict(_record({"do": str, **_ACTIONS[kind]})(value))


# One key per line: what it may hold.
_PERMANENT: dict[str, Spec] = {
    "card": _card,
    "label": _label,
    "tapped": _flag,
    "arrived": _one_of(("last turn", "this turn")),
    "counters": _table(_whole(0, limits.MAX_COUNTERS), key=_text(limits.MAX_COUNTER_KIND)),
    "attached_to": _label,
    "color": _one_of(COLORS),
    "owner": _name,
}
_ZONE_CARD: dict[str, Spec] = {
    "card": _card,
    "label": _label,
}
_LABELS = _list(_label, "a list of labels or card names", limits.MAX_ACTIONS)
#: Combat damage divided among blockers (CR 510.1c): ``{ attacker = { blocker = amount } }``.
_DIVISION = _table(_table(_whole(0, limits.MAX_COUNTERS), key=_label), key=_label)
#: The answers an action gives the questions it asks, in order (a string, or a list for an order).
_CHOICES = _list(_answer, "a list of answers (strings, or lists of strings for an order)", limits.MAX_CHOICES)


def _labels_or_table(value_check: Check) -> Check:
    """A list of labels, or a table ``{ label = value }``."""
    as_table = _table(value_check, key=_label)
    return lambda value: as_table(value) if isinstance(value, dict) else _LABELS(value)


_ACTIONS: dict[str, dict[str, Spec]] = {
    "activate": {
        "card": _one_or_list(_label, "a label, or a list of labels", limits.MAX_ACTIONS),
        "ability": _whole(0, limits.MAX_NUMBER),
        "player": _name,
        "color": _one_of(TYPES),
        "choice": _mana,
        "order": _list(_text(limits.MAX_TEXT), "a list of effect names", limits.MAX_CHOICES),
        "target": _label,
        "pay": _mana,
        "choices": _CHOICES,
    },
    "cast": {"card": _label, "x": _whole(0, limits.MAX_X), "target": _label, "pay": _mana,
             "convoke": _labels_or_table(_mana),
             "color": _one_of(COLORS), "choices": _CHOICES},
    "play_land": {"card": _label, "choices": _CHOICES},
    "resolve": {"copy": _label, "free_cast": _flag, "x": _whole(0, limits.MAX_X), "mana_from": _LABELS,
                "choices": _CHOICES},
    "resolve_stack": {"choices": _CHOICES},
    "advance": {"to": _STEP, "damage": _DIVISION, "discard": _LABELS, "choices": _CHOICES},
    "next_turn": {"to": _STEP, "damage": _DIVISION, "discard": _LABELS, "choices": _CHOICES},
    "put_onto_battlefield": {
        "card": _card,
        "player": _name,
        "owner": _name,
        "label": _label,
        "attached_to": _label,
        "color": _one_of(COLORS),
        "copy": _label,
        "by_effect": _flag,  # true (the default in a file): as an effect would put it, now
        "tapped": _flag,  # the set-up's own keys (by_effect = false), as under [[board.NAME]]
        "counters": _table(_whole(0, limits.MAX_COUNTERS), key=_text(limits.MAX_COUNTER_KIND)),
        "arrived": _one_of(("last turn", "this turn")),
        "choices": _CHOICES,
    },
    "put_in_zone": {"card": _card, "player": _name, "label": _label, "choices": _CHOICES,
                    "zone": _one_of(("hand", "library", "graveyard", "exile"))},
    "put_in_library": {"card": _card, "player": _name, "n": _whole(1, limits.MAX_LIBRARY), "label": _label,
                       "choices": _CHOICES},
    "make_monarch": {"player": _name, "choices": _CHOICES},
    "set_life": {"player": _name, "life": _whole(-limits.MAX_LIFE, limits.MAX_LIFE), "choices": _CHOICES},
    "attack": {"attackers": _labels_or_table(_name),
               "defender": _name, "choices": _CHOICES},
    "block": {"blocks": _table(_label, key=_label), "choices": _CHOICES},
    "concede": {"player": _name, "choices": _CHOICES},
    "pass": {"player": _name, "choices": _CHOICES},
}
_EXPECT: dict[str, Spec] = {
    "pool": _table(_mana),
    "life": _table(_whole(-limits.MAX_NUMBER, limits.MAX_NUMBER)),
    "monarch": _name,
    "battlefield": _table(_list(_card, "a list of card names", limits.MAX_PERMANENTS)),
    "graveyard": _table(_list(_card, "a list of card names", limits.MAX_OBJECTS)),
    "hand": _table(_whole(0, limits.MAX_NUMBER)),
}
_TOP: dict[str, Spec] = {
    "title": _text(limits.MAX_TITLE),
    "description": _text(limits.MAX_DESCRIPTION, lines=True),
    "players": _list(_name, "a list of two or more different player names", limits.MAX_PLAYERS),
    "life": _whole(1, limits.MAX_LIFE),
    "library": _whole(0, limits.MAX_LIBRARY),
    "start": _STEP,
    "monarch": _name,
    "board": _cards_in(_PERMANENT, limits.MAX_PERMANENTS),
    "hand": _cards_in(_ZONE_CARD, limits.MAX_ZONE_CARDS),
    "graveyard": _cards_in(_ZONE_CARD, limits.MAX_ZONE_CARDS),
    "top_of_library": _cards_in(_ZONE_CARD, limits.MAX_ZONE_CARDS),  # the last named on top
    "choices": _list(_answer, "a list of answers (strings, or lists of strings for an order)",
                     limits.MAX_CHOICES),
    "actions": _list(_action, "a list of actions", limits.MAX_ACTIONS),
    "expect": _record(_EXPECT),
    "set_life": _table(_whole(-limits.MAX_LIFE, limits.MAX_LIFE)),
}


# ------------------------------------------------------------------ reading a file
def load_scenario(path: str | Path) -> Scenario:
    """Read, check and play the scenario file at ``path``.

    Only a regular file is read (a FIFO or a device is refused before it is opened), at most
    one byte past the size limit.

    >>> s = load_scenario(example("04-reflection-orders"))
    >>> str(s.game.pool("Alice"))
    '{B}{B}{B}'
    """
    path = Path(path)
    try:
        raw = read_regular(path, limits.MAX_FILE_BYTES)
    except NotRegularFile as err:
        raise ScenarioError(path, "file", str(err)) from None
    except OSError as err:
        raise ScenarioError(path, "file", f"a readable TOML file ({err.strerror})") from None
    problem = limits.check_size(len(raw))
    if problem:
        raise ScenarioError(path, problem[0], f"at most {limits.MAX_FILE_BYTES:,} bytes (the scenario "
                            f"limit; this file has {_size(path, len(raw))})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(path, "file", "UTF-8 text") from None
    return parse_scenario(text, path)


def _size(path: Path, read: int) -> str:
    """The size to report for a file that was over the limit after ``read`` bytes."""
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    return f"{size:,}" if size >= read else f"more than {read - 1:,}"  # it grew while it was read


#: A run of digits longer than Python reads as a number (tomllib gives a ValueError for it).
_LONG_NUMBER = re.compile(r"[0-9][0-9_]{4000,}")


def parse_scenario(text: str, path: str | Path = "<scenario>") -> Scenario:
    """Like :func:`load_scenario`, from the text of a file (a UTF-8 byte-order mark at its
    start is allowed, as editors on Windows write one).

    The limits of :mod:`mtgkit.limits` are checked before the text is parsed and before the
    game is set up.
    """
    text = text.removeprefix("\ufeff")
    problem = limits.check_text(text)
    if problem:
        raise ScenarioError(path, *problem)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ScenarioError(path, _toml_place(str(err)), f"valid TOML ({err})") from None
    except RecursionError:
        raise ScenarioError(path, "file", f"tables and lists nested at most {limits.MAX_DEPTH} deep "
                            "(the scenario limit; this file nests too deep to read)") from None
    except ValueError:  # a number with more digits than Python converts (sys.get_int_max_str_digits)
        match = _LONG_NUMBER.search(text)
        line = f"line {text.count(chr(10), 0, match.start()) + 1}" if match else "file"
        raise ScenarioError(path, line, "a number of a sensible size (this one has thousands of "
                            "digits)") from None
    problem = limits.check_data(data)
    if problem:
        raise ScenarioError(path, *problem)
    return _Builder(path, data).build()


def _toml_place(message: str) -> str:
    marker = "(at line "
    if marker in message:
        return "line " + message.split(marker, 1)[1].split(",")[0].rstrip(")")
    if "end of document" in message:
        return "end of file"
    return "file"


# ------------------------------------------------------------------ playing it
def _made(record: acts.Action, events: Sequence[Event]) -> list[int]:
    """The cards a set-up action put somewhere (the one card, or each of ``n``), by id."""
    found = [e.obj_id for e in events
             if isinstance(e, ZoneChange) and e.kind in ("setup", "enter") and e.obj_id is not None]
    return found[:record.n if isinstance(record, acts.PutInLibrary) else 1]


def _engine_place(message: str, keys: Mapping[str, object], place: str, default: str = "") -> str:
    """The key under ``place`` an engine's ValueError names (it starts with the argument, as in
    ``start must be ...``), or ``default`` (else ``place``) when it names none."""
    word = message.split(" ", 1)[0].split("[", 1)[0]
    if word in keys:
        return f"{place}.{word}" if place else word
    return default or place


class _Builder:
    def __init__(self, path: str | Path, data: dict[str, Any]) -> None:
        self.path, self.data = path, data
        self.labels: dict[str, int] = {}
        self.players: list[str] = []

    def fail(self, place: str, expected: str) -> ScenarioError:
        return ScenarioError(self.path, place, expected)

    def check(self, value: Any, spec: Check, place: str) -> Any:
        """``value`` passed through ``spec``, or a ScenarioError at the place below ``place``."""
        try:
            return spec(value)
        except _Bad as bad:
            raise self.fail(f"{place}{bad.below}".lstrip("."), bad.expected) from None

    def build(self) -> Scenario:
        d = self.check(self.data, _record(_TOP, required=("players",)), "")
        players = self.players = self._players(d["players"])
        choices = d.get("choices", [])
        try:
            game = Game(players, life=d.get("life", 20), library=d.get("library", 30),
                        start=d.get("start", "main1"), chooser=Scripted(choices) if choices else None)
        except (ValueError, TypeError) as err:
            raise self.fail(_engine_place(str(err), _TOP, "", "players"), str(err)) from None
        for section in ("board", "hand", "graveyard", "top_of_library"):
            for who, cards in d.get(section, {}).items():
                self._player(who, f"{section}.{who}")
                for i, entry in enumerate(cards):
                    self._put(game, section, who, entry, f"{section}.{who}[{i}]")
        if "monarch" in d:
            game.make_monarch(self._player(d["monarch"], "monarch"))
        for who, life in d.get("set_life", {}).items():
            game.set_life(self._player(who, f"set_life.{who}"), life)
        for i, action in enumerate(d.get("actions", [])):
            self._act(game, action, f"actions[{i}]")
        checked = self._expect(game, d["expect"]) if "expect" in d else ()
        return Scenario(str(self.path), d.get("title", Path(str(self.path)).stem),
                        d.get("description", ""), game, dict(self.labels), checked)

    def _players(self, names: list[str]) -> list[str]:
        if len(names) < 2:
            raise self.fail("players", "a list of two or more different player names")
        seen = {safetext.skeleton(r): r for r in RESERVED_NAMES}
        for i, name in enumerate(names):
            other = seen.get(safetext.skeleton(name))
            if other in RESERVED_NAMES:
                like = f"; {name!r} looks like {other!r}" if name != other else ""
                reserved = " and ".join(map(repr, RESERVED_NAMES))
                raise self.fail(f"players[{i}]", f"a name other than {reserved} (the timeline's lanes{like})")
            if other == name:
                raise self.fail(f"players[{i}]", f"a name different from the other players' ({name!r} twice)")
            if other is not None:
                raise self.fail(f"players[{i}]", f"a name that looks different from {other!r} (players' "
                                "names must differ by more than case, look-alike letters or invisible "
                                "characters)")
            seen[safetext.skeleton(name)] = name
        return names

    def _player(self, who: str, place: str) -> str:
        if who not in self.players:
            raise self.fail(place, f"one of the players {', '.join(self.players)}")
        return who

    def _put(self, game: Game, section: str, who: str, entry: dict[str, Any], place: str) -> None:
        name = entry["card"]
        label = self._new_label(entry.get("label", name), place + (".label" if "label" in entry else ""))
        if section == "board":
            host = None
            if "attached_to" in entry:
                host = self._ref(entry["attached_to"], f"{place}.attached_to")
            try:
                ref = game.put_onto_battlefield(name, who, tapped=entry.get("tapped", False),
                                                counters=entry.get("counters"),
                                                arrived=entry.get("arrived", "last turn"),
                                                attached_to=host, color=entry.get("color"),
                                                owner=self._owner(entry, place))
            except (RulesError, ValueError) as err:
                raise self.fail(place, f"a legal setup ({err})") from None
        else:
            try:
                ref = game.put_in_zone(name, who, "library" if section == "top_of_library" else section)
            except ValueError as err:
                raise self.fail(f"{place}.card", f"a card, not a token ({err})") from None
        self.labels[label] = ref

    def _owner(self, entry: Mapping[str, Any], place: str) -> str | None:
        """A permanent's owner when it isn't its controller (``owner = ...``), or None."""
        return self._player(entry["owner"], f"{place}.owner") if "owner" in entry else None

    def _new_label(self, label: str, place: str) -> str:
        """The label for a new card: the second Island is "Island 2", and so on; a label that
        looks like another one (or like a player's name) but isn't it is refused."""
        if label in self.labels:
            n = 2
            while f"{label} {n}" in self.labels:
                n += 1
            label = f"{label} {n}"
        look = safetext.skeleton(label)
        for other in [*self.labels, *self.players]:
            if safetext.skeleton(other) == look:
                raise self.fail(place, f"a label that looks different from {other!r} (labels and players' "
                                "names must differ by more than case or look-alike letters)")
        return label

    def _ref(self, label: str, place: str) -> int:
        if label not in self.labels and _OBJECT_ID.fullmatch(label):
            return int(label[1:])  # "#63": an object no set-up labelled (a token), by its id
        if label not in self.labels:
            known = ", ".join(sorted(self.labels)) or "none yet"
            raise self.fail(place, f"the label or card name of a card set up earlier ({known})")
        return self.labels[label]

    def _target(self, game: Game, value: str, place: str) -> int | str:
        """A target named in a file: a player, a card's label, or a spell or ability on the stack
        by the name the timeline gives it ("Bloodbraid Elf's ability", "The monarch's ability";
        the topmost one, if several have it): an ability on the stack is no card, so it has no
        label (CR 113.1, 707.10)."""
        if value in self.players or value in self.labels:
            return value if value in self.players else self.labels[value]
        on_stack = [i for i in reversed(game.stack()) if i.name == value]
        if on_stack:
            return on_stack[0].id
        known = ", ".join(sorted(self.labels)) or "none yet"
        names = ", ".join(dict.fromkeys(repr(i.name) for i in reversed(game.stack()))) or "nothing"
        raise self.fail(place, f"a player, the label or card name of a card set up earlier ({known}), "
                               f"or the name of a spell or ability on the stack (on it now: {names})")

    def _act(self, game: Game, args: dict[str, Any], place: str) -> None:
        """Play one action of the file: its labels become ids, then it is a record of
        :mod:`mtgkit.actions` (the same records as ``Game``'s methods and play steps make),
        applied to the game. A set-up action labels the cards it puts somewhere."""
        kind = args["do"]
        try:
            records = self._records(game, kind, args, place)
            base = args.get("label", args.get("card", ""))
            label = None
            if kind in ("put_onto_battlefield", "put_in_zone", "put_in_library"):
                label = self._new_label(base, place + (".label" if "label" in args else ".card"))
            for record in records:
                events = game.apply(record)
                if label is not None:
                    for i, ref in enumerate(_made(record, events)):
                        self.labels[label if i == 0 else self._new_label(base, place)] = ref
        except RulesError as err:
            raise self.fail(place, f"a legal action ({kind} was refused: {err})") from None
        except LimitError as err:
            raise self.fail(place, f"an action within the kit's limits ({err})") from None
        except (ValueError, TypeError) as err:  # an argument the engine refused, or a scripted choice
            where = _engine_place(str(err), args, place)
            raise self.fail(where, str(err) if where != place else f"choices that fit this action ({err})") \
                from None

    def _records(self, game: Game, kind: str, args: dict[str, Any], place: str) -> list[acts.Action]:
        """The records of one action of the file, its labels turned into ids (checked first)."""
        if kind == "activate" and isinstance(args.get("card"), list):
            return [acts.Activate(self._ref(c, f"{place}.card[{i}]"), args.get("ability", 0))
                    for i, c in enumerate(args["card"])]
        fields = {k: v for k, v in args.items() if k not in ("do", "label")}
        self._object_fields(game, kind, args, fields, place)
        self._player_fields(kind, args, fields, place)
        if kind == "next_turn":
            fields.setdefault("to", "main1")
        if kind == "attack" and "attackers" not in fields:
            fields["attackers"] = []
        return [acts.make(kind, **fields)]

    def _object_fields(self, game: Game, kind: str, args: dict[str, Any], fields: dict[str, Any],
                       place: str) -> None:
        """The fields of an action that name objects: each label or name becomes an id."""
        ref = self._ref

        def refs(key: str) -> list[int]:
            return [ref(c, f"{place}.{key}[{i}]") for i, c in enumerate(args[key])]

        if "target" in fields:
            fields["target"] = self._target(game, fields["target"], f"{place}.target")
        if kind in ("activate", "cast", "play_land"):
            fields["card"] = ref(args.get("card", ""), f"{place}.card")
        for key in ("convoke", "attackers"):  # a list of labels, or a table { label = value }
            if isinstance(args.get(key), dict):
                fields[key] = {ref(c, f"{place}.{key}.{c}"): v for c, v in args[key].items()}
            elif key in args:
                fields[key] = refs(key)
        for key in ("copy", "attached_to"):
            if key in fields:
                fields[key] = ref(args[key], f"{place}.{key}")
        for key in ("discard", "mana_from"):
            if key in fields:
                fields[key] = refs(key)
        if "damage" in fields:
            fields["damage"] = self._division(args["damage"], f"{place}.damage")
        if kind == "block":
            fields["blocks"] = {ref(b, f"{place}.blocks"): ref(a, f"{place}.blocks.{b}")
                                for b, a in args.get("blocks", {}).items()}

    def _player_fields(self, kind: str, args: dict[str, Any], fields: dict[str, Any], place: str) -> None:
        """The fields of an action that name players (checked), and the keys a kind requires."""
        if kind in ("put_onto_battlefield", "put_in_zone", "put_in_library"):
            for key in ("card", "player"):
                if key not in args:
                    raise self.fail(f"{place}.{key}", "this key is required")
            who = self._player(fields.pop("player"), f"{place}.player")
            if kind == "put_onto_battlefield":
                fields["controller"], fields["owner"] = who, self._owner(args, place)
                fields.setdefault("by_effect", True)
            else:
                fields["owner"] = who
        if "defender" in fields:
            self._player(fields["defender"], f"{place}.defender")
        if kind in ("pass", "concede", "make_monarch", "set_life") and "player" in fields \
                or kind in ("concede", "make_monarch", "set_life"):
            fields["player"] = self._player(args.get("player", ""), f"{place}.player")
        if kind == "set_life" and "life" not in fields:
            raise self.fail(f"{place}.life", "this key is required")

    def _division(self, damage: dict[str, dict[str, int]], place: str
                  ) -> dict[int | str, dict[int | str, int]]:
        """``damage = { attacker = { blocker = amount } }`` by labels, as the engine takes it."""
        return {self._ref(attacker, f"{place}.{attacker}"): {
                    self._ref(blocker, f"{place}.{attacker}.{blocker}"): n for blocker, n in division.items()}
                for attacker, division in damage.items()}

    def _expect(self, game: Game, expect: dict[str, Any]) -> tuple[str, ...]:
        """Check ``[expect]`` against the game's end; return what was checked, in words."""
        board = game.board()
        checked: list[str] = []

        def met(place: str, want: Any, got: Any) -> None:
            show = (lambda x: x) if isinstance(want, str) else safetext.short
            if want != got:
                raise self.fail(place, f"{show(want)} (the scenario ended with {show(got)})")
            checked.append(f"{place.removeprefix('expect.')} = {show(want)}")

        for who, want in expect.get("pool", {}).items():
            got = game.pool(self._player(who, f"expect.pool.{who}"))
            met(f"expect.pool.{who}", str(Mana.parse(want)), str(got))
        for who, want in expect.get("life", {}).items():
            met(f"expect.life.{who}", want, game.life(self._player(who, f"expect.life.{who}")))
        if "monarch" in expect:
            if game.monarch != expect["monarch"]:
                raise self.fail("expect.monarch", f"{expect['monarch']} (the monarch is {game.monarch})")
            checked.append(f"monarch = {game.monarch}")
        for zone in ("battlefield", "graveyard", "hand"):
            for who, want in expect.get(zone, {}).items():
                self._player(who, f"expect.{zone}.{who}")
                place = f"expect.{zone}.{who}"
                if zone == "battlefield":
                    met(place, sorted(want), sorted(v.name for v in board.controlled_by(who)))
                elif zone == "graveyard":
                    met(place, sorted(want), sorted(board.player(who).graveyard))
                else:
                    met(place, want, board.player(who).hand)
        return tuple(checked)


# ------------------------------------------------------------------ writing a game out
def scenario_text(game: Game, *, title: str = "", description: str = "", expect: bool = True) -> str:
    """The scenario file (TOML) that plays ``game`` again, event for event: its set-up
    (``game.config``) and every action record (``game.actions``) in order, each with the
    choices made during it, so ``mtgkit run FILE`` gives the same events. Cards are named
    by labels (the card's name; the second Forest is "Forest 2"), an object no set-up put
    anywhere (a token) by its id (``"#63"``). With ``expect``, an ``[expect]`` table checks
    the life totals, the monarch and the mana pools at the end.

    Raises ``ValueError`` for a game a file can't hold: one played under a variant of the rules
    (a misconception, :mod:`mtgkit.variants`; a file plays under the CR), more than
    ``limits.MAX_ACTIONS`` actions, or a file over ``limits.MAX_FILE_BYTES``.

    >>> g = Game(["Alice", "Bob"])
    >>> forest = g.put_onto_battlefield("Forest", "Alice")
    >>> _ = g.activate(forest)
    >>> print(scenario_text(g, title="A Forest"))  # doctest: +NORMALIZE_WHITESPACE
    title = "A Forest"
    players = ["Alice", "Bob"]
    life = 20
    library = 30
    start = "main1"
    <BLANKLINE>
    [[actions]]
    do = "put_onto_battlefield"
    card = "Forest"
    player = "Alice"
    by_effect = false
    <BLANKLINE>
    [[actions]]
    do = "activate"
    card = "Forest"
    <BLANKLINE>
    [expect]
    life = { "Alice" = 20, "Bob" = 20 }
    pool = { "Alice" = "{G}" }
    <BLANKLINE>
    """
    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game, not {game!r}")
    if title:
        title = safetext.check_text(title, limits.MAX_TITLE)
    if description:
        description = safetext.check_text(description, limits.MAX_DESCRIPTION, lines=True)
    played_by = game.rules
    if played_by != CR:
        raise ValueError(f"a scenario file plays under the CR; this game was played under a variant "
                         f"of the rules ({played_by.name})")
    if game.cards:
        raise ValueError(f"a scenario file names catalog cards only; this game has cards of its own "
                         f"({', '.join(sorted(game.cards))})")
    records = game.actions
    if len(records) > limits.MAX_ACTIONS:
        raise ValueError(f"a scenario file holds at most {limits.MAX_ACTIONS:,} actions (the scenario "
                         f"limit); this game has {len(records):,}")
    c = game.config
    lines = [f"title = {_toml(title)}"] if title else []
    if description:
        lines.append(f"description = {_toml(description)}")
    lines += [f"players = {_toml(list(c.players))}", f"life = {c.life}", f"library = {c.library}",
              f"start = {_toml(c.start)}"]
    labels: dict[int, str] = {}
    taken: set[str] = set()
    again = Game(list(c.players), life=c.life, library=c.library, start=c.start)
    for record in records:
        lines += ["", "[[actions]]"] + [f"{k} = {_toml(v)}" for k, v in _keys(record, labels)]
        events = again.apply(record)  # the same ids as in the game: what the file's labels name
        if isinstance(record, acts.PutOntoBattlefield | acts.PutInZone | acts.PutInLibrary):
            for ref in _made(record, events):
                labels[ref] = _next_label(record.card, taken)
    if expect:
        lines += ["", "[expect]", f"life = {_toml({p: game.life(p) for p in game.players})}"]
        if game.monarch is not None:
            lines.append(f"monarch = {_toml(game.monarch)}")
        pools = {p: str(game.pool(p)) for p in game.players if game.pool(p)}
        if pools:
            lines.append(f"pool = {_toml(pools)}")
    text = "\n".join(lines) + "\n"
    if len(text.encode()) > limits.MAX_FILE_BYTES:
        raise ValueError(f"a scenario file is at most {limits.MAX_FILE_BYTES:,} bytes (the scenario "
                         f"limit); this game's would be {len(text.encode()):,}")
    return text


def save_scenario(game: Game, path: str | Path, *, title: str = "", description: str = "",
                  expect: bool = True, overwrite: bool = False) -> Path:
    """Write ``game`` as a scenario file at ``path`` (see :func:`scenario_text`); a new
    name without an extension gets ``.toml``. An existing file is refused unless
    ``overwrite``; the folder must exist. Returns the path written."""
    path = Path(path)
    if not path.suffix:
        path = path.with_suffix(".toml")
    text = scenario_text(game, title=title or path.stem, description=description, expect=expect)
    if not path.parent.is_dir():
        raise ValueError(f"path: the folder {safetext.shown(str(path.parent))} doesn't exist")
    if path.exists() and not (overwrite and path.is_file()):
        raise ValueError(f"path: {safetext.shown(str(path))} exists (pass overwrite=True to replace a file)")
    path.write_text(text, encoding="utf-8")
    return path


def _next_label(name: str, taken: set[str]) -> str:
    """The builder's label for a new card named ``name``: "Forest", then "Forest 2", ..."""
    label, n = name, 2
    while label in taken:
        label, n = f"{name} {n}", n + 1
    taken.add(label)
    return label


def _keys(record: acts.Action, labels: Mapping[int, str]) -> list[tuple[str, Any]]:
    """An action record as the keys of a file's ``[[actions]]`` table."""
    def ref(v: Any) -> Any:
        if isinstance(v, bool) or not isinstance(v, int):
            return v
        return labels.get(v, f"#{v}")

    def refs(v: Any) -> Any:
        return [ref(x) for x in v]

    out: list[tuple[str, Any]] = [("do", record.kind)]
    fields = record.fields()
    answers = fields.pop("choices", ())
    defaults = type(record)._defaults
    for key, value in fields.items():
        if key in defaults and value == defaults[key] and not (
                isinstance(record, acts.PutOntoBattlefield) and key == "by_effect"):
            continue
        if key == "card" and not record.setup or key in ("target", "copy", "attached_to"):
            value = ref(value)
        elif key == "pay":
            value = str(value)
        elif key in ("discard", "mana_from"):
            value = refs(value)
        elif key == "convoke":
            value = {ref(k): s for k, s in value} if acts.pairs(value) else refs(value)
        elif key == "attackers":
            value = {ref(k): d for k, d in value} if acts.pairs(value) else refs(value)
        elif key == "blocks":
            value = {ref(b): ref(a) for b, a in value}
        elif key == "damage":
            value = {ref(a): {ref(b): n for b, n in division} for a, division in value}
        elif key == "counters":
            value = dict(value)
        elif key in ("order",):
            value = list(value)
        if isinstance(record, acts.PutOntoBattlefield | acts.PutInLibrary) and key == "controller":
            key = "player"
        if isinstance(record, acts.PutInZone | acts.PutInLibrary) and key == "owner":
            key = "player"
        out.append((key, value))
    if answers:
        out.append(("choices", [list(c.answer) if isinstance(c.answer, tuple) else c.answer
                                for c in answers]))
    return out


def _toml(value: Any) -> str:
    """A value written as TOML (strings as basic strings, escaped as JSON escapes them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_toml(str(k))} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"a scenario file can't hold {value!r}")  # pragma: no cover
