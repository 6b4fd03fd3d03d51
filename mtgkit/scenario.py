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

import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from . import limits, safetext
from .cards import CATALOG
from .choices import Scripted
from .errors import LimitError, RulesError
from .files import NotRegularFile, read_regular
from .game import STEPS, Game
from .mana import COLORS, TYPES, Mana
from .records import Mutable

#: The worked examples of the notebooks, shipped with the package (``scenarios/`` at the top of
#: the repository points here).
EXAMPLES = Path(__file__).resolve().parent / "scenarios"
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
    },
    "cast": {"card": _label, "x": _whole(0, limits.MAX_X), "target": _label, "pay": _mana,
             "convoke": _LABELS},
    "play_land": {"card": _label},
    "resolve": {"copy": _label, "free_cast": _flag, "x": _whole(0, limits.MAX_X)},
    "resolve_stack": {},
    "advance": {"to": _STEP, "damage": _DIVISION, "discard": _LABELS},
    "next_turn": {"to": _STEP, "damage": _DIVISION, "discard": _LABELS},
    "put_onto_battlefield": {
        "card": _card,
        "player": _name,
        "owner": _name,
        "label": _label,
        "attached_to": _label,
        "color": _one_of(COLORS),
    },
    "attack": {"attackers": _LABELS, "defender": _name},
    "block": {"blocks": _table(_label, key=_label)},
    "concede": {"player": _name},
    "pass": {"player": _name},
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
        for section in ("board", "hand", "graveyard"):
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
                ref = game.put_in_zone(name, who, section)
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
        if label not in self.labels:
            known = ", ".join(sorted(self.labels)) or "none yet"
            raise self.fail(place, f"the label or card name of a card set up earlier ({known})")
        return self.labels[label]

    def _target(self, value: str, place: str) -> int | str:
        return value if value in self.players else self._ref(value, place)

    def _act(self, game: Game, args: dict[str, Any], place: str) -> None:
        kind = args["do"]
        steps: dict[str, Callable[[], object]] = {}
        target = self._target(args["target"], f"{place}.target") if "target" in args else None
        try:
            if kind == "activate" and isinstance(args.get("card"), list):
                refs = [self._ref(c, f"{place}.card[{i}]") for i, c in enumerate(args["card"])]
                steps[kind] = lambda: [game.activate(r, args.get("ability", 0)) for r in refs]
            elif kind == "activate":
                ref = self._ref(args.get("card", ""), f"{place}.card")
                steps[kind] = lambda: game.activate(
                    ref, args.get("ability", 0), player=args.get("player"), color=args.get("color"),
                    choice=args.get("choice"), order=args.get("order"), target=target,
                    pay=args.get("pay"))
            elif kind == "cast":
                ref = self._ref(args.get("card", ""), f"{place}.card")
                convoke = ([self._ref(c, f"{place}.convoke[{i}]") for i, c in enumerate(args["convoke"])]
                           if "convoke" in args else None)
                steps[kind] = lambda: game.cast(ref, x=args.get("x", 0), target=target, pay=args.get("pay"),
                                                convoke=convoke)
            elif kind == "play_land":
                ref = self._ref(args.get("card", ""), f"{place}.card")
                steps[kind] = lambda: game.play_land(ref)
            elif kind == "resolve":
                copy = self._ref(args["copy"], f"{place}.copy") if "copy" in args else None
                steps[kind] = lambda: game.resolve(copy=copy, free_cast=args.get("free_cast"),
                                                   x=args.get("x"))
            elif kind == "resolve_stack":
                steps[kind] = game.resolve_stack
            elif kind in ("advance", "next_turn"):
                to = args.get("to")
                damage = self._division(args["damage"], f"{place}.damage") if "damage" in args else None
                discard = ([self._ref(c, f"{place}.discard[{i}]") for i, c in enumerate(args["discard"])]
                           if "discard" in args else None)
                steps[kind] = (lambda: game.advance(to=to, damage=damage, discard=discard)) \
                    if kind == "advance" else (lambda: game.next_turn(to=to or "main1", damage=damage,
                                                                      discard=discard))
            elif kind == "put_onto_battlefield":
                if "card" not in args or "player" not in args:
                    raise self.fail(f"{place}.{'card' if 'card' not in args else 'player'}",
                                    "this key is required")
                who = self._player(args["player"], f"{place}.player")
                host = self._ref(args["attached_to"], f"{place}.attached_to") if "attached_to" in args \
                    else None
                label = self._new_label(args.get("label", args["card"]),
                                        place + (".label" if "label" in args else ".card"))

                def put() -> None:
                    self.labels[label] = game.put_onto_battlefield(
                        args["card"], who, by_effect=True, owner=self._owner(args, place),
                        attached_to=host, color=args.get("color"))
                steps[kind] = put
            elif kind == "attack":
                attackers = [self._ref(a, f"{place}.attackers[{i}]")
                             for i, a in enumerate(args.get("attackers", []))]
                defender = args.get("defender")
                if defender is not None:
                    self._player(defender, f"{place}.defender")
                steps[kind] = lambda: game.attack(attackers, defender)
            elif kind == "block":
                blocks = {self._ref(b, f"{place}.blocks"): self._ref(a, f"{place}.blocks.{b}")
                          for b, a in args.get("blocks", {}).items()}
                steps[kind] = lambda: game.block(blocks)
            elif kind == "pass":
                who_passes = args.get("player")
                if who_passes is not None:
                    self._player(who_passes, f"{place}.player")
                steps[kind] = lambda: game.pass_priority(who_passes)
            elif kind == "concede":
                who = self._player(args.get("player", ""), f"{place}.player")
                steps[kind] = lambda: game.concede(who)
            steps[kind]()
        except RulesError as err:
            raise self.fail(place, f"a legal action ({kind} was refused: {err})") from None
        except LimitError as err:
            raise self.fail(place, f"an action within the kit's limits ({err})") from None
        except (ValueError, TypeError) as err:  # an argument the engine refused, or a scripted choice
            where = _engine_place(str(err), args, place)
            raise self.fail(where, str(err) if where != place else f"choices that fit this action ({err})") \
                from None

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
