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
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import limits
from .cards import CATALOG
from .choices import Scripted
from .errors import LimitError, RulesError
from .game import STEPS, Game
from .mana import COLORS, Mana

#: The worked examples of the notebooks, shipped with the package (``scenarios/`` at the top of
#: the repository points here).
EXAMPLES = Path(__file__).resolve().parent / "scenarios"


def example(name: str) -> Path:
    """The path of a worked example by file name, e.g. ``example("06-the-monarch")``."""
    path = EXAMPLES / (name if name.endswith(".toml") else f"{name}.toml")
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in EXAMPLES.glob("*.toml")))
        raise ScenarioError(path, "file", f"one of the worked examples: {known}")
    return path


class ScenarioError(Exception):
    """A scenario file that can't be used: names the file, the place and what was expected."""

    def __init__(self, path: str | Path, place: str, expected: str) -> None:
        self.path, self.place, self.expected = str(path), place, expected
        super().__init__(f"{path}: {place}: {expected}")


@dataclass
class Scenario:
    """A loaded and played scenario: its game, with every action done."""

    path: str
    title: str
    description: str
    game: Game
    labels: dict[str, int]


_TOP = {"title": str, "description": str, "players": list, "life": int, "library": int,
        "start": str, "monarch": str, "board": dict, "hand": dict, "graveyard": dict,
        "choices": list, "actions": list, "expect": dict, "set_life": dict}
_PERMANENT = {"card": str, "label": str, "tapped": bool, "arrived": str, "counters": dict,
              "attached_to": str, "color": str, "owner": str}
_ACTIONS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "activate": {"card": (str, list), "ability": int, "player": str, "color": str, "choice": str,
                 "order": list, "target": str, "pay": str},
    "cast": {"card": str, "x": int, "target": str, "pay": str},
    "play_land": {"card": str},
    "resolve": {"copy": str},
    "resolve_stack": {},
    "advance": {"to": str, "damage": dict, "discard": list},
    "next_turn": {"to": str, "damage": dict, "discard": list},
    "put_onto_battlefield": {"card": str, "player": str, "owner": str, "label": str,
                             "attached_to": str, "color": str},
    "attack": {"attackers": list, "defender": str},
    "block": {"blocks": dict},
    "concede": {"player": str},
    "pass": {"player": str},
}
_EXPECT = {"pool": dict, "life": dict, "monarch": str, "battlefield": dict, "graveyard": dict,
           "hand": dict}
_TYPE_NAMES = {str: "a string", int: "a whole number", bool: "true or false", list: "a list",
               dict: "a table"}


def load_scenario(path: str | Path) -> Scenario:
    """Read, check and play the scenario file at ``path``.

    >>> s = load_scenario(example("04-reflection-orders"))
    >>> str(s.game.pool("Alice"))
    '{B}{B}{B}'
    """
    path = Path(path)
    try:
        with path.open("rb") as f:  # read one byte past the limit: enough to refuse a bigger file
            raw = f.read(limits.MAX_FILE_BYTES + 1)
    except OSError as err:
        raise ScenarioError(path, "file", f"a readable TOML file ({err.strerror})") from None
    problem = limits.check_size(len(raw))
    if problem:
        size = _size(path, len(raw))
        raise ScenarioError(path, problem[0], f"at most {limits.MAX_FILE_BYTES:,} bytes (the scenario "
                            f"limit; this file has {size})")
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
    return f"{size:,}" if size >= read else f"more than {read - 1:,}"  # e.g. a pipe or /dev/zero


def parse_scenario(text: str, path: str | Path = "<scenario>") -> Scenario:
    """Like :func:`load_scenario`, from the text of a file.

    The limits of :mod:`mtgkit.limits` are checked before the text is parsed and before the
    game is set up.
    """
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


class _Builder:
    def __init__(self, path: str | Path, data: dict[str, Any]) -> None:
        self.path, self.data = path, data
        self.labels: dict[str, int] = {}

    def fail(self, place: str, expected: str) -> ScenarioError:
        return ScenarioError(self.path, place, expected)

    def keys(self, table: Mapping[str, Any], allowed: Mapping[str, type | tuple[type, ...]],
             place: str, required: tuple[str, ...] = ()) -> None:
        for key, value in table.items():
            where = f"{place}.{key}" if place else key
            if key not in allowed:
                raise self.fail(where, f"one of the keys {', '.join(sorted(allowed))}")
            want = allowed[key]
            if isinstance(value, bool) and want is not bool:
                raise self.fail(where, _TYPE_NAMES.get(want, str(want)))  # type: ignore[arg-type]
            if not isinstance(value, want):
                raise self.fail(where, _TYPE_NAMES.get(want, str(want)))  # type: ignore[arg-type]
        for key in required:
            if key not in table:
                raise self.fail(f"{place}.{key}" if place else key, "this key is required")

    def build(self) -> Scenario:
        d = self.data
        self.keys(d, _TOP, "", required=("players",))
        players = d["players"]
        if len(players) < 2 or not all(isinstance(p, str) and p for p in players) \
                or len(set(players)) != len(players):
            raise self.fail("players", "a list of two or more different player names")
        start = d.get("start", "main1")
        if start not in STEPS:
            raise self.fail("start", f"one of the steps {', '.join(STEPS)}")
        life, library = d.get("life", 20), d.get("library", 30)
        if not 1 <= life <= limits.MAX_LIFE or not 0 <= library <= limits.MAX_LIBRARY:
            raise self.fail("life" if not 1 <= life <= limits.MAX_LIFE else "library",
                            f"a sensible number (life 1 to {limits.MAX_LIFE:,}, library 0 to "
                            f"{limits.MAX_LIBRARY})")
        choices = d.get("choices", [])
        if not all(isinstance(c, str | list) for c in choices):
            raise self.fail("choices", "a list of answers (strings, or lists for an order)")
        game = Game(players, life=life, library=library, start=start,
                    chooser=Scripted(choices) if choices else None)
        for section in ("board", "hand", "graveyard"):
            for who, cards in d.get(section, {}).items():
                self._player(who, players, f"{section}.{who}")
                if not isinstance(cards, list):
                    raise self.fail(f"{section}.{who}", "a list of cards")
                for i, entry in enumerate(cards):
                    self._put(game, section, who, entry, f"{section}.{who}[{i}]")
        if "monarch" in d:
            self._player(d["monarch"], players, "monarch")
            game.make_monarch(d["monarch"])
        for who, life in d.get("set_life", {}).items():
            self._player(who, players, f"set_life.{who}")
            if not isinstance(life, int) or isinstance(life, bool) \
                    or not -limits.MAX_LIFE <= life <= limits.MAX_LIFE:
                raise self.fail(f"set_life.{who}", f"a life total from {-limits.MAX_LIFE:,} to "
                                f"{limits.MAX_LIFE:,}")
            game.set_life(who, life)
        for i, action in enumerate(d.get("actions", [])):
            self._act(game, action, f"actions[{i}]", players)
        if "expect" in d:
            self._expect(game, d["expect"], players)
        return Scenario(str(self.path), d.get("title", Path(str(self.path)).stem),
                        d.get("description", ""), game, dict(self.labels))

    def _player(self, who: Any, players: list[str], place: str) -> str:
        if who not in players:
            raise self.fail(place, f"one of the players {', '.join(players)}")
        return str(who)

    def _card(self, name: Any, place: str) -> str:
        if not isinstance(name, str) or name not in CATALOG:
            import difflib

            close = difflib.get_close_matches(str(name), CATALOG, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise self.fail(place, f"a card in the catalog{hint}; `python -m mtgkit cards` lists them")
        return name

    def _put(self, game: Game, section: str, who: str, entry: Any, place: str) -> None:
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict):
            raise self.fail(place, "a card name or a table with card = ...")
        allowed = _PERMANENT if section == "board" else {"card": str, "label": str}
        self.keys(entry, allowed, place, required=("card",))
        name = self._card(entry["card"], f"{place}.card")
        label = entry.get("label", name)
        if section == "board":
            arrived = entry.get("arrived", "last turn")
            if arrived not in ("last turn", "this turn"):
                raise self.fail(f"{place}.arrived", '"last turn" or "this turn"')
            counters = entry.get("counters")
            if counters is not None and not all(isinstance(v, int) and not isinstance(v, bool)
                                                and v >= 0 for v in counters.values()):
                raise self.fail(f"{place}.counters", "a table of counter kinds to whole numbers >= 0")
            color = entry.get("color")
            if color is not None and color not in COLORS:
                raise self.fail(f"{place}.color", f"one of {', '.join(COLORS)}")
            host = None
            if "attached_to" in entry:
                host = self._ref(entry["attached_to"], f"{place}.attached_to")
            owner = entry.get("owner")
            if owner is not None:
                self._player(owner, list(self.data["players"]), f"{place}.owner")
            try:
                ref = game.put_onto_battlefield(name, who, tapped=entry.get("tapped", False),
                                                counters=counters, arrived=arrived,
                                                attached_to=host, color=color, owner=owner)
            except (RulesError, ValueError) as err:
                raise self.fail(place, f"a legal setup ({err})") from None
        else:
            try:
                ref = game.put_in_zone(name, who, section)
            except ValueError as err:
                raise self.fail(f"{place}.card", f"a card, not a token ({err})") from None
        self._label(label, ref)

    def _label(self, label: str, ref: int) -> None:
        if label in self.labels:  # the second Island is "Island 2", and so on
            n = 2
            while f"{label} {n}" in self.labels:
                n += 1
            label = f"{label} {n}"
        self.labels[label] = ref

    def _ref(self, label: Any, place: str) -> int:
        if not isinstance(label, str) or label not in self.labels:
            known = ", ".join(sorted(self.labels)) or "none yet"
            raise self.fail(place, f"the label or card name of a card set up earlier ({known})")
        return self.labels[label]

    def _target(self, value: str, players: list[str], place: str) -> int | str:
        return value if value in players else self._ref(value, place)

    def _act(self, game: Game, action: Any, place: str, players: list[str]) -> None:
        if not isinstance(action, dict) or "do" not in action:
            raise self.fail(place, f'a table with do = one of {", ".join(_ACTIONS)}')
        kind = action["do"]
        if not isinstance(kind, str) or kind not in _ACTIONS:
            raise self.fail(f"{place}.do", f"one of {', '.join(_ACTIONS)}")
        args = {k: v for k, v in action.items() if k != "do"}
        self.keys(args, _ACTIONS[kind], place)
        steps: dict[str, Callable[[], object]] = {}
        try:
            if kind == "activate" and isinstance(args.get("card"), list):
                refs = [self._ref(c, f"{place}.card") for c in args["card"]]
                steps[kind] = lambda: [game.activate(r, args.get("ability", 0)) for r in refs]
            elif kind == "activate":
                ref = self._ref(args.get("card"), f"{place}.card")
                target = args.get("target")
                order = args.get("order")
                if order is not None and not all(isinstance(o, str) for o in order):
                    raise self.fail(f"{place}.order", "a list of effect names")
                if "choice" in args:
                    self._mana(args["choice"], f"{place}.choice")
                if "pay" in args:
                    self._mana(args["pay"], f"{place}.pay")
                steps[kind] = lambda: game.activate(
                    ref, args.get("ability", 0), player=args.get("player"), color=args.get("color"),
                    choice=args.get("choice"), order=order, pay=args.get("pay"),
                    target=self._target(target, players, f"{place}.target") if target else None)
            elif kind == "cast":
                ref = self._ref(args.get("card"), f"{place}.card")
                target = args.get("target")
                if "pay" in args:
                    self._mana(args["pay"], f"{place}.pay")
                steps[kind] = lambda: game.cast(
                    ref, x=args.get("x", 0), pay=args.get("pay"),
                    target=self._target(target, players, f"{place}.target") if target else None)
            elif kind == "play_land":
                ref = self._ref(args.get("card"), f"{place}.card")
                steps[kind] = lambda: game.play_land(ref)
            elif kind == "resolve":
                copy = self._ref(args["copy"], f"{place}.copy") if "copy" in args else None
                steps[kind] = lambda: game.resolve(copy=copy)
            elif kind == "resolve_stack":
                steps[kind] = game.resolve_stack
            elif kind in ("advance", "next_turn"):
                to = args.get("to")
                if to is not None and to not in STEPS:
                    raise self.fail(f"{place}.to", f"one of the steps {', '.join(STEPS)}")
                damage = self._division(args["damage"], f"{place}.damage") if "damage" in args else None
                discard = ([self._ref(c, f"{place}.discard") for c in args["discard"]]
                           if "discard" in args else None)
                steps[kind] = (lambda: game.advance(to=to, damage=damage, discard=discard)) \
                    if kind == "advance" else (lambda: game.next_turn(to=to or "main1", damage=damage,
                                                                      discard=discard))
            elif kind == "put_onto_battlefield":
                name = self._card(args.get("card"), f"{place}.card")
                who = self._player(args.get("player"), players, f"{place}.player")
                owner = args.get("owner")
                if owner is not None:
                    self._player(owner, players, f"{place}.owner")
                host = self._ref(args["attached_to"], f"{place}.attached_to") if "attached_to" in args \
                    else None
                color = args.get("color")
                if color is not None and color not in COLORS:
                    raise self.fail(f"{place}.color", f"one of {', '.join(COLORS)}")

                def put() -> None:
                    ref = game.put_onto_battlefield(name, who, by_effect=True, owner=owner,
                                                    attached_to=host, color=color)
                    self._label(args.get("label", name), ref)
                steps[kind] = put
            elif kind == "attack":
                attackers = [self._ref(a, f"{place}.attackers") for a in args.get("attackers", [])]
                defender = args.get("defender")
                if defender is not None:
                    self._player(defender, players, f"{place}.defender")
                steps[kind] = lambda: game.attack(attackers, defender)
            elif kind == "block":
                blocks = {self._ref(b, f"{place}.blocks"): self._ref(a, f"{place}.blocks.{b}")
                          for b, a in args.get("blocks", {}).items()}
                steps[kind] = lambda: game.block(blocks)
            elif kind == "pass":
                who_passes = args.get("player")
                if who_passes is not None:
                    self._player(who_passes, players, f"{place}.player")
                steps[kind] = lambda: game.pass_priority(who_passes)
            elif kind == "concede":
                who = self._player(args.get("player"), players, f"{place}.player")
                steps[kind] = lambda: game.concede(who)
            steps[kind]()
        except RulesError as err:
            raise self.fail(place, f"a legal action ({kind} was refused: {err})") from None
        except LimitError as err:
            raise self.fail(place, f"an action within the kit's limits ({err})") from None
        except ValueError as err:  # e.g. a scripted choice that is not an option
            raise self.fail(place, f"choices that fit this action ({err})") from None

    def _division(self, damage: dict[str, Any], place: str) -> dict[int | str, dict[int | str, int]]:
        """``damage = { attacker = { blocker = amount } }``, by labels (CR 510.1c)."""
        out: dict[int | str, dict[int | str, int]] = {}
        for attacker, division in damage.items():
            if not isinstance(division, dict) or not all(
                    isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= limits.MAX_COUNTERS
                    for n in division.values()):
                raise self.fail(f"{place}.{attacker}", f"a table of blockers to amounts of damage "
                                f"(whole numbers from 0 to {limits.MAX_COUNTERS})")
            out[self._ref(attacker, f"{place}.{attacker}")] = {
                self._ref(b, f"{place}.{attacker}.{b}"): n for b, n in division.items()}
        return out

    def _mana(self, text: Any, place: str) -> Mana:
        try:
            return Mana.parse(str(text))
        except ValueError:
            raise self.fail(place, "mana written as symbols, like \"{W}{U}\"") from None

    def _expect(self, game: Game, expect: Any, players: list[str]) -> None:
        self.keys(expect, _EXPECT, "expect")
        board = game.board()
        for who, want in expect.get("pool", {}).items():
            self._player(who, players, f"expect.pool.{who}")
            got = str(game.pool(who))
            if got != str(self._mana(want, f"expect.pool.{who}")) and not (want == "" and not got):
                raise self.fail(f"expect.pool.{who}", f"{want} (the scenario ended with {got})")
        for who, want in expect.get("life", {}).items():
            self._player(who, players, f"expect.life.{who}")
            if game.life(who) != want:
                raise self.fail(f"expect.life.{who}", f"{want} (the scenario ended with {game.life(who)})")
        if "monarch" in expect and game.monarch != expect["monarch"]:
            raise self.fail("expect.monarch", f"{expect['monarch']} (the monarch is {game.monarch})")
        for zone in ("battlefield", "graveyard", "hand"):
            for who, want in expect.get(zone, {}).items():
                self._player(who, players, f"expect.{zone}.{who}")
                found: list[str] | int
                if zone == "battlefield":
                    found = [v.name for v in board.controlled_by(who)]
                elif zone == "graveyard":
                    found = list(board.player(who).graveyard)
                else:
                    found = board.player(who).hand
                if (sorted(found) if isinstance(found, list) else found) != (
                        sorted(want) if isinstance(want, list) else want):
                    raise self.fail(f"expect.{zone}.{who}", f"{want} (the scenario ended with {found})")
