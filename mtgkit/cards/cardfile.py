"""Card files: cards written as TOML in the engine's own vocabulary.

A card is a ``[[card]]`` table whose keys are the fields of :class:`~mtgkit.abilities.CardDef`;
each of its abilities is a ``[[card.abilities]]`` table whose ``kind`` names a record of
:mod:`mtgkit.abilities` or :mod:`mtgkit.triggers` and whose other keys are that record's fields.
A record inside a record (an effect, a mana spec, a trigger) is an inline table the same way:
``{kind = "AddMana", spec = {kind = "Fixed", mana = "{G}"}}``. Where only one kind fits (an
ability's ``cost``, ``targets``), ``kind`` may be left out. Costs and mana are written as printed:
``cost = "{1}, {T}"``, ``mana = "{G}"``. A key left out takes the record's default.

The reading is generic: each record declares its fields, their types and defaults
(:mod:`mtgkit.records`), and one function turns a TOML value into a value of that type, so a new
record in :mod:`mtgkit.abilities` is a new ``kind`` with nothing else to write.
:func:`vocabulary` lists every kind and key from the same declarations.

Nothing in a file is evaluated: it is parsed by :mod:`tomllib`, its size and nesting are checked
before and its counts and text lengths while it is read (:mod:`mtgkit.limits`). A mistake is one
line, :class:`CardFileError`: the file, the line, the key and what was expected, with the
nearest name for a misspelt one.

>>> cards = parse_cards('''
... [[card]]
... name = "Elvish Mystic"
... cost = "{G}"
... types = ["Creature"]
... subtypes = ["Elf", "Druid"]
... power = 1
... toughness = 1
...
... [[card.abilities]]
... kind = "Activated"
... cost = "{T}"
... effects = [{kind = "AddMana", spec = {kind = "Fixed", mana = "{G}"}}]
... text = "{T}: Add {G}."
... ''')
>>> cards[0].type_line, cards[0].text, cards[0].activated[0].taps_for_mana
('Creature — Elf Druid', '{T}: Add {G}.', True)
>>> try:
...     parse_cards('[[card]]\\nname = "X"\\ntypes = ["Land"]\\n[[card.abilities]]\\nkind = "Activatd"\\n',
...                 "my.toml")
... except CardFileError as err:
...     print(err)
my.toml:5: card[0].abilities[0].kind: an ability kind ('Activatd' is not one; did you mean 'Activated'?)
"""

from __future__ import annotations

import re
import sys
import types
import typing
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Literal

from .. import abilities, limits, triggers
from ..abilities import CardDef, TargetSpec
from ..mana import COLORS, TYPES, Mana, ManaCost
from ..records import _MISSING, _Base
from ..triggers import _Marker

#: Card types, supertypes and keywords a card file may name (those the engine knows).
CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Instant", "Sorcery")
SUPERTYPES = ("Basic", "Legendary")
KEYWORDS = ("flying", "haste", "first strike", "double strike", "trample", "deathtouch", "vigilance",
            "convoke")

#: Values written as printed text and parsed: an ability's cost, a mana cost, an amount of mana.
_PARSED: dict[type, tuple[Any, str]] = {
    abilities.Cost: (abilities.Cost.parse, 'a cost as printed, such as "{1}, {T}"'),
    ManaCost: (ManaCost.parse, 'a mana cost as printed, such as "{1}{G}"'),
    Mana: (Mana.parse, 'mana as printed, such as "{G}" or "{C}{C}"'),
}

#: What a value of a union of records is called in messages (the union's name in the engine).
_ROLES = {"Ability": "an ability", "Effect": "an effect", "ManaSpec": "a mana spec",
          "Trigger": "a trigger"}

#: Keys whose text may be long (a card's or an ability's words); others are short names.
_LONG_TEXT = frozenset({"text"})


class CardFileError(ValueError):
    """A card file that can't be used: the file, the line, the key and what was expected, on one
    line (each part shown escaped, :func:`mtgkit.safetext.shown`)."""

    def __init__(self, path: str | Path, line: int | None, key: str, expected: str) -> None:
        from .. import safetext

        self.path, self.key, self.expected = (safetext.shown(str(x)) for x in (path, key, expected))
        if len(self.key) > 120:  # a hostile file's key: its start is enough to find it
            self.key = self.key[:119] + "…"
        self.line = line
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {self.key}: {self.expected}" if self.key else f"{where}: {self.expected}")


class _Bad(Exception):
    """A value that isn't what its key expects (``key`` the path below where it was raised)."""

    def __init__(self, expected: str, key: tuple[str | int, ...] = ()) -> None:
        super().__init__(expected)
        self.expected, self.key = expected, key


# ------------------------------------------------------------------ the vocabulary, from the records
#: A record's field written under another key in a file: ``kind`` names the record, so the
#: field ``kind`` of a counter's records (the kind of counter) is written ``counter``.
_FILE_KEYS = {"kind": "counter"}
_FIELDS = {v: k for k, v in _FILE_KEYS.items()}

# A field's type, as the reader sees it: ``str``, ``int``, ``bool``, ``NoneType``, a record class,
# a class written as printed text (_PARSED), or a tuple: ("lit", options), ("union", members),
# ("seq", item, tuple or frozenset), ("fixed", items). Read from the records' annotations by a small
# parser (nothing is evaluated; ``typing.get_type_hints`` would take longer than the whole catalog).
_TOKEN = re.compile(r'\s*(?:([A-Za-z_][A-Za-z_0-9.]*)|("[^"]*"|\'[^\']*\')|(\.\.\.)|([\[\],|]))')


def _parse_annotation(text: str, ns: dict[str, Any]) -> Any:
    tokens = [m.group(m.lastindex or 0) for m in _TOKEN.finditer(text)]
    pos = 0

    def union() -> Any:
        nonlocal pos
        found = [atom()]
        while pos < len(tokens) and tokens[pos] == "|":
            pos += 1
            found.append(atom())
        return _union_of(found)

    def atom() -> Any:
        nonlocal pos
        tok = tokens[pos]
        pos += 1
        if tok[0] in "\"'":
            return tok[1:-1]
        if tok == "...":
            return Ellipsis
        args: list[Any] = []
        if pos < len(tokens) and tokens[pos] == "[":
            pos += 1
            args.append(union())
            while tokens[pos] == ",":
                pos += 1
                args.append(union())
            pos += 1  # "]"
        return _generic(tok, args, ns)

    return union()


def _union_of(found: list[Any]) -> Any:
    flat: list[Any] = []
    for node in found:
        flat.extend(node[1] if isinstance(node, tuple) and node[0] == "union" else (node,))
    return flat[0] if len(flat) == 1 else ("union", tuple(flat))


def _generic(name: str, args: list[Any], ns: dict[str, Any]) -> Any:
    if name == "Literal":
        return ("lit", tuple(args))
    if name in ("tuple", "frozenset"):
        container = tuple if name == "tuple" else frozenset
        if len(args) == 2 and args[1] is Ellipsis or name == "frozenset":
            return ("seq", args[0], container)
        return ("fixed", tuple(args))
    if name == "None":
        return type(None)
    builtin = {"str": str, "int": int, "bool": bool}.get(name)
    return builtin if builtin is not None else _runtime(ns[name])


def _runtime(obj: Any) -> Any:
    """A type alias defined at run time (``Whose``, ``Effect``) as a reader's type."""
    if isinstance(obj, type):
        return obj
    args = getattr(obj, "__args__", ())
    if isinstance(obj, types.UnionType) or getattr(obj, "__origin__", None) is typing.Union:
        return _union_of([_runtime(a) for a in args])
    if getattr(obj, "__origin__", None) is Literal:
        return ("lit", tuple(args))
    raise TypeError(f"a card file can't hold a {obj!r}")  # pragma: no cover - a new kind of field


def _hints(cls: type) -> dict[str, Any]:
    fields = getattr(cls, "_fields", ())
    if not fields:
        return {}
    ns = dict(vars(sys.modules[cls.__module__]))
    ns.update(vars(abilities))
    out: dict[str, Any] = {}
    for f in fields:
        annotation = next(base.__annotations__[f] for base in cls.__mro__
                          if f in getattr(base, "__annotations__", {}))
        out[_FILE_KEYS.get(f, f)] = (_parse_annotation(annotation, ns) if isinstance(annotation, str)
                                     else _runtime(annotation))
    return out


_SCHEMA: dict[type, dict[str, Any]] = {}


def _fields(cls: type) -> dict[str, Any]:
    """The fields of record ``cls`` (under their keys in a file) and their types."""
    found = _SCHEMA.get(cls)
    if found is None:
        found = _SCHEMA[cls] = _hints(cls)
    return found


def _members(tp: Any) -> tuple[Any, ...]:
    return tp[1] if isinstance(tp, tuple) and tp[0] == "union" else (tp,)


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and (issubclass(tp, _Marker) or issubclass(tp, _Base)) and tp not in _PARSED


_KINDS: dict[Any, dict[str, type]] = {}
_ROLE: dict[Any, str] = {}


def _kinds(tp: Any) -> dict[str, type]:
    """The records a value of type ``tp`` may be, by name."""
    found = _KINDS.get(tp)
    if found is None:
        found = _KINDS[tp] = {m.__name__: m for m in _members(tp) if _is_record(m)}
    return found


def _role(tp: Any) -> str:
    """What a value of a union of records is called in messages (the union's name in the engine)."""
    found = _ROLE.get(tp)
    if found is None:
        kinds = set(_kinds(tp))
        found = next((_ROLES[name] for name, union in (
            ("Ability", abilities.Ability), ("Effect", abilities.Effect),
            ("ManaSpec", abilities.ManaSpec), ("Trigger", triggers.Trigger))
            if kinds == set(_kinds(_runtime(union)))), "a record")
        _ROLE[tp] = found
    return found


def _quote(value: Any) -> str:
    """A value as TOML writes it (text in double quotes)."""
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def describe(tp: Any) -> str:
    """What a value of type ``tp`` is written as, in words (the vocabulary's "value" column)."""
    members = [m for m in _members(tp) if m is not type(None)]
    if len(members) > 1:
        records = _kinds(tp)
        rest = [describe(m) for m in members if m not in records.values()]
        if records:
            rest.append(f"a table of kind {' or '.join(sorted(records))}" if len(records) <= 3 else
                        f"{_role(tp)} (a table with its kind)")
        return " or ".join(rest)
    tp = members[0]
    if isinstance(tp, tuple):
        if tp[0] == "lit":
            return "one of " + ", ".join(_quote(a) for a in tp[1])
        if tp[0] == "fixed":
            return "a list of " + ", ".join(describe(a) for a in tp[1])
        return f"a list, each {describe(tp[1])}"
    if tp in _PARSED:
        return _PARSED[tp][1]
    if _is_record(tp):
        return f"a table of kind {tp.__name__}"
    return {str: "text", int: "a whole number", bool: "true or false"}.get(tp, str(tp))


def _summary(cls: type) -> str:
    doc = " ".join((cls.__doc__ or "").split())
    first = re.split(r"(?<=[.!?])\s+(?=[A-Z])", doc, maxsplit=1)[0]
    return re.sub(r":\w+:`~?([^`]+)`", r"`\1`", first.replace("``", "`"))


def _shown_default(default: Any) -> str:
    if default is _MISSING:
        return "required"
    if default is None or default == () or default == frozenset():
        return "none"
    return _quote(default) if isinstance(default, str | int) else "`" + _toml(default, None) + "`"


def vocabulary() -> str:
    """Every ``kind`` a card file may name and every key of each, as Markdown: generated from the
    records' declarations (their fields, types, defaults and docstrings)."""
    lines = ["| kind | what it is | keys: value; default |", "|---|---|---|"]
    for name, cls in sorted(all_kinds().items()):
        keys = []
        for field, tp in _fields(cls).items():
            default = getattr(cls, "_defaults", {}).get(_FIELDS.get(field, field), _MISSING)
            value = _MANA_TYPE if field == "mana_type" else describe(tp)
            keys.append(f"`{field}`: {value}; {_shown_default(default)}")
        lines.append(f"| `{name}` | {_summary(cls).replace('|', '/')} | "
                     f"{' · '.join(keys).replace('|', '/') or '(no keys)'} |")
    return "\n".join(lines) + "\n"


def card_keys() -> str:
    """The keys of a ``[[card]]`` table, as Markdown (from :class:`~mtgkit.abilities.CardDef`)."""
    lines = ["| key | value | default |", "|---|---|---|"]
    for field, tp in _fields(CardDef).items():
        default = CardDef._defaults.get(field, _MISSING)
        shown = _CARD_DEFAULTS.get(field) or _shown_default(default)
        value = _CARD_VALUES.get(field) or describe(tp)
        lines.append(f"| `{field}` | {value.replace('|', '/')} | {shown} |")
    return "\n".join(lines) + "\n"


_MANA_TYPE = "one of " + ", ".join(_quote(t) for t in TYPES)
_CARD_VALUES = {
    "types": "a list, each one of " + ", ".join(_quote(t) for t in CARD_TYPES),
    "supertypes": "a list, each one of " + ", ".join(_quote(t) for t in SUPERTYPES),
    "keywords": "a list, each one of " + ", ".join(_quote(t) for t in KEYWORDS),
    "extra_colors": "a list, each one of " + ", ".join(_quote(t) for t in COLORS),
    "enchant": "text: a card type or subtype (an Aura's \"Enchant Forest\")",
}
_CARD_DEFAULTS = {"text": "its abilities' texts, joined by spaces",
                  "spell_targets": "for an Aura, \"target\" and what it enchants",
                  "types": "required (`[]` for none)"}


def all_kinds() -> dict[str, type]:
    """Every record a card file may name as a ``kind``, by name: those reachable from a card."""
    found: dict[str, type] = {}
    todo: list[Any] = list(_fields(CardDef).values())
    while todo:
        tp = todo.pop()
        for m in _members(tp):
            if _is_record(m):
                if m.__name__ not in found:
                    found[m.__name__] = m
                    todo.extend(_fields(m).values())
            elif isinstance(m, tuple) and m[0] == "seq":
                todo.append(m[1])
            elif isinstance(m, tuple) and m[0] == "fixed":
                todo.extend(m[1])
    return found


# ------------------------------------------------------------------ reading values
def _convert(tp: Any, value: Any, key: str | int) -> Any:
    """``value`` (from TOML) as a value of type ``tp``, or :class:`_Bad`."""
    if tp is str:
        return _text(value, limits.MAX_CARD_TEXT if key in _LONG_TEXT else limits.MAX_TEXT)
    if tp is int:
        if type(value) is int:
            if abs(value) > limits.MAX_NUMBER:
                raise _Bad(f"a whole number from -{limits.MAX_NUMBER:,} to {limits.MAX_NUMBER:,} "
                           f"(the card file limit; this one is {limits.number(value)})")
            return value
        raise _Bad(f"a whole number (this is {_what(value)})")
    if tp is bool:
        if isinstance(value, bool):
            return value
        raise _Bad(f"true or false (this is {_what(value)})")
    if isinstance(tp, tuple):
        tag = tp[0]
        if tag == "union":
            return _union(tp, value)
        if tag == "lit":
            if isinstance(value, str) and value in tp[1]:
                return value
            raise _Bad(_expected_literal(tp[1], value))
        if not isinstance(value, list):
            raise _Bad(f"{describe(tp)} (this is {_what(value)})")
        if len(value) > limits.MAX_LIST:
            raise _Bad(f"at most {limits.MAX_LIST} items (the card file limit; this list has {len(value)})")
        if tag == "fixed":
            if len(value) != len(tp[1]):
                raise _Bad(f"{describe(tp)} ({len(tp[1])} items; this list has {len(value)})")
            return tuple(_at(i, lambda a=a, v=v, i=i: _convert(a, v, i))
                         for i, (a, v) in enumerate(zip(tp[1], value, strict=True)))
        item = tp[1]
        items = tuple(_at(i, lambda v=v, i=i: _convert(item, v, i)) for i, v in enumerate(value))
        return frozenset(items) if tp[2] is frozenset else items
    if tp in _PARSED:
        return _parsed(tp, value)
    if _is_record(tp):
        return _record({tp.__name__: tp}, value, "a table", kind_optional=True)
    raise _Bad(describe(tp))  # pragma: no cover - every field type is handled above


def _union(tp: Any, value: Any) -> Any:
    records = _kinds(tp)
    if isinstance(value, dict) and records:
        return _record(records, value, _role(tp) if len(records) > 3 else "a table",
                       kind_optional=len(records) == 1)
    for m in tp[1]:
        if m is type(None) or m in records.values():
            continue
        if _fits(m, value):
            return _convert(m, value, "")
    raise _Bad(f"{describe(tp)} (this is {_what(value)})")


def _fits(tp: Any, value: Any) -> bool:
    if isinstance(tp, tuple):
        return (isinstance(value, str) and value in tp[1]) if tp[0] == "lit" else isinstance(value, list)
    if tp in _PARSED or tp is str:
        return isinstance(value, str)
    if tp is int:
        return type(value) is int
    return isinstance(value, tp) if isinstance(tp, type) else False


def _parsed(tp: type, value: Any) -> Any:
    parse, what = _PARSED[tp]
    if not isinstance(value, str):
        raise _Bad(f"{what} (this is {_what(value)})")
    _text(value, limits.MAX_TEXT)
    try:
        return parse(value)
    except (ValueError, KeyError) as err:
        raise _Bad(f"{what} ({_short(str(err))})") from None


def _text(value: Any, max_len: int) -> str:
    if not isinstance(value, str):
        raise _Bad(f"text (this is {_what(value)})")
    if len(value) <= max_len and value.isprintable():  # the usual case, at C speed
        return value
    from .. import safetext

    try:
        return safetext.check_text(value, max_len)
    except ValueError as err:
        raise _Bad(f"{err} (the card file limit)" if len(value) > max_len else str(err)) from None


def _expected_literal(options: Sequence[Any], value: Any) -> str:
    listed = ", ".join(_quote(o) for o in options)
    if isinstance(value, str):
        near = _near(value, [str(o) for o in options])
        hint = f"; did you mean {_quote(near)}?" if near else ""
        return f"one of {listed} ({_quote(_short(value))} is not one{hint})"
    return f"one of {listed} (this is {_what(value)})"


def _near(text: str, names: Iterable[str]) -> str | None:
    import difflib

    if len(text) > limits.MAX_TEXT:
        return None
    known = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(text.casefold(), known, n=1)
    return known[close[0]] if close else None


def _short(text: str) -> str:
    from .. import safetext

    shown = safetext.shown(text)
    return shown if len(shown) <= 60 else shown[:59] + "…"


def _what(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    return {str: "text", int: "a whole number", float: "a decimal number", list: "a list",
            dict: "a table"}.get(type(value), "a date or time")


def _at(key: str | int, fn: Any) -> Any:
    """``fn()``, with ``key`` put in front of the place of any mistake below it."""
    try:
        return fn()
    except _Bad as bad:
        raise _Bad(bad.expected, (key, *bad.key)) from None


def _record(kinds: dict[str, type], value: Any, role: str, *, kind_optional: bool = False) -> Any:
    """A record of one of ``kinds`` from a TOML table."""
    if not isinstance(value, dict):
        raise _Bad(f"{role} (this is {_what(value)})")
    name: Any = value.get("kind")
    if name is None:
        if not kind_optional:
            raise _Bad(f"a kind: one of {', '.join(sorted(kinds))}", ("kind",))
        name = next(iter(kinds))
    if not isinstance(name, str) or name not in kinds:
        near = _near(name, kinds) if isinstance(name, str) else None
        hint = f"; did you mean {near!r}?" if near else ""
        shown = repr(_short(name)) if isinstance(name, str) else _what(name)
        if role == "a table":
            raise _Bad(f"a kind: one of {', '.join(sorted(kinds))} ({shown} is not one{hint})", ("kind",))
        raise _Bad(f"{role} kind ({shown} is not one{hint})", ("kind",))
    cls = kinds[name]
    fields = _fields(cls)
    out: dict[str, Any] = {}
    for key, v in value.items():
        if key == "kind":
            continue
        tp = fields.get(key)
        if tp is None:
            near = _near(key, fields)
            hint = f"; did you mean {near!r}?" if near else ""
            raise _Bad(f"a key of {name} ({', '.join(fields) or 'it has none'}){hint}", (key,))
        try:
            out[_FIELDS.get(key) or key] = _convert(tp, v, key)
        except _Bad as bad:
            raise _Bad(bad.expected, (key, *bad.key)) from None
        if key == "mana_type" and v not in TYPES:
            raise _Bad(_expected_literal(TYPES, v), (key,))
    if len(out) < len(fields):
        defaults = getattr(cls, "_defaults", {})
        missing = [f for f in fields if _FIELDS.get(f, f) not in out and _FIELDS.get(f, f) not in defaults]
        if missing:
            raise _Bad(f"a value for {missing[0]} ({describe(fields[missing[0]])}), which {name} needs",
                       (missing[0],))
    return cls(**out)


# ------------------------------------------------------------------ reading a card
def _card(value: Any) -> CardDef:
    if not isinstance(value, dict):
        raise _Bad(f"a card (a table; this is {_what(value)})")
    fields = _fields(CardDef)
    if "name" not in value:
        raise _Bad("a value for name (the card's name)", ("name",))
    if "types" not in value:
        raise _Bad(f"a value for types (a list of {', '.join(CARD_TYPES)}; [] for none)", ("types",))
    out: dict[str, Any] = {}
    for key, v in value.items():
        if key not in fields:
            near = _near(key, fields)
            hint = f"; did you mean {near!r}?" if near else ""
            raise _Bad(f"a key of a card ({', '.join(fields)}){hint}", (key,))
        if key == "abilities" and isinstance(v, list) and len(v) > limits.MAX_ABILITIES:
            raise _Bad(f"at most {limits.MAX_ABILITIES} abilities (the card file limit; this card has "
                       f"{len(v)})", (key,))
        out[key] = _at(key, lambda tp=fields[key], v=v, key=key: _convert(tp, v, key))
    for key, allowed in (("types", CARD_TYPES), ("supertypes", SUPERTYPES), ("keywords", KEYWORDS),
                         ("extra_colors", COLORS)):
        for i, word in enumerate(value.get(key, ())):
            if word not in allowed:
                raise _Bad(_expected_literal(allowed, word), (key, i))
    if ("power" in out) != ("toughness" in out):
        given = "power" if "power" in out else "toughness"
        raise _Bad(f"both power and toughness, or neither (this card has {given} only)", (given,))
    if "text" not in out:
        out["text"] = " ".join(t for a in out.get("abilities", ()) if (t := getattr(a, "text", "")))
    if out.get("enchant") and "spell_targets" not in out:
        enchant = out["enchant"]
        out["spell_targets"] = TargetSpec(f"target {enchant.lower() if enchant in CARD_TYPES else enchant}",
                                          card_type=enchant)
    return CardDef(**out)


def _cards(data: dict[str, Any]) -> tuple[CardDef, ...]:
    for key in data:
        if key != "card":
            near = _near(key, ["card"])
            raise _Bad("[[card]] tables only" + ("; did you mean 'card'?" if near else ""), (key,))
    cards = data.get("card", [])
    if not isinstance(cards, list):
        raise _Bad("[[card]] tables (a list of cards)", ("card",))
    if len(cards) > limits.MAX_CARDS:
        raise _Bad(f"at most {limits.MAX_CARDS} cards (the card file limit; this file has {len(cards)})",
                   ("card",))
    out: list[CardDef] = []
    seen: set[str] = set()
    for i, value in enumerate(cards):
        card = _at("card", lambda i=i, value=value: _at(i, lambda: _card(value)))
        if card.name in seen:
            raise _Bad(f"a name no other card in the file has ({card.name!r} is there twice)",
                       ("card", i, "name"))
        seen.add(card.name)
        out.append(card)
    return tuple(out)


# ------------------------------------------------------------------ where in the file
_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")


def _line_of(text: str, key: tuple[str | int, ...]) -> int | None:
    """The line where ``key`` (a path such as ``card, 3, abilities, 1, kind``) is written: found by
    following the tables' headers and the keys in order (a best effort: the first line that fits)."""
    lines = text.split("\n")
    start, end, table = 0, len(lines), ""
    i = 0
    while i < len(key):
        part = key[i]
        if isinstance(part, int):
            i += 1
            continue
        name = f"{table}.{part}" if table else str(part)
        after = key[i + 1] if i + 1 < len(key) else None
        index = after if isinstance(after, int) else None
        headers = [n for n in range(start, end) if (m := _HEADER.match(lines[n]))
                   and re.sub(r"\s+", "", m.group(1)) == name]
        if headers:
            at = headers[index] if index is not None and index < len(headers) else headers[0]
            nxt = next((n for n in range(at + 1, end) if (m := _HEADER.match(lines[n]))
                        and not re.sub(r"\s+", "", m.group(1)).startswith(name + ".")), end)
            start, end, table = at, nxt, name
            i += 2 if index is not None else 1
            continue
        pattern = re.compile(rf"(?:^|[{{,\s.]){re.escape(str(part))}\s*=")
        found = next((n for n in range(start, end) if pattern.search(lines[n])), None)
        if found is None:
            break
        start = found
        i += 1
    return start + 1 if key else None


def line_of(text: str, key: tuple[str | int, ...]) -> int:
    """The line of a TOML file's ``text`` where ``key`` is written (``("options", 2, "claims")``: the
    third ``[[options]]`` table's ``claims``), as the card files' errors find it; 1 if not found."""
    return _line_of(text, key) or 1


def _key_text(key: tuple[str | int, ...]) -> str:
    out = ""
    for part in key:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


# ------------------------------------------------------------------ reading a file
def load_cards(path: str | Path) -> tuple[CardDef, ...]:
    """The cards in the card file at ``path`` (a regular file of at most ``MAX_FILE_BYTES``); a
    mistake raises :class:`CardFileError`. Give them to a game with ``Game(cards=...)``."""
    from ..files import NotRegularFile, read_regular

    path = Path(path)
    try:
        raw = read_regular(path, limits.MAX_FILE_BYTES)
    except NotRegularFile as err:
        raise CardFileError(path, None, "", str(err)) from None
    except OSError as err:
        raise CardFileError(path, None, "", f"a readable TOML file ({err.strerror})") from None
    if len(raw) > limits.MAX_FILE_BYTES:
        raise CardFileError(path, None, "", f"at most {limits.MAX_FILE_BYTES:,} bytes (the card file "
                            f"limit; this file has more)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CardFileError(path, None, "", "UTF-8 text") from None
    return parse_cards(text, path)


def parse_cards(text: str, path: str | Path = "<cards>", *, _shipped: bool = False) -> tuple[CardDef, ...]:
    """Like :func:`load_cards`, from the text of a card file. (The kit's own catalog, which ships
    with it, skips the checks of the file's size and nesting: every value is still checked.)"""
    import tomllib

    text = text.removeprefix("\ufeff")
    problem = None if _shipped else limits.check_text(text)
    if problem:
        place, expected = problem
        line = int(place.split()[1]) if place.startswith("line ") else None
        raise CardFileError(path, line, "", expected.replace("scenario limit", "card file limit"))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        match = re.search(r"\(at line (\d+)", str(err))
        raise CardFileError(path, int(match.group(1)) if match else None, "", f"valid TOML ({err})") from None
    except RecursionError:
        raise CardFileError(path, None, "", f"tables and lists nested at most {limits.MAX_DEPTH} deep "
                            "(the card file limit)") from None
    except ValueError:  # a number with more digits than Python converts
        raise CardFileError(path, None, "", "numbers of a sensible size (this file has one of "
                            "thousands of digits)") from None
    if not _shipped and limits._depth(data) > limits.MAX_DEPTH:
        raise CardFileError(path, None, "", f"tables and lists nested at most {limits.MAX_DEPTH} deep "
                            "(the card file limit)")
    try:
        return _cards(data)
    except _Bad as bad:
        raise CardFileError(path, _line_of(text, bad.key), _key_text(bad.key), bad.expected) from None


def card_tables(tables: Any, text: str, path: str | Path = "<cards>") -> tuple[CardDef, ...]:
    """The cards of ``[[card]]`` tables read from another file (a question file's own cards, its
    parsed ``card`` value; ``text`` is that file's text, for the line of a mistake): checked as in
    a card file, a mistake raises :class:`CardFileError`."""
    try:
        return _cards({"card": tables})
    except _Bad as bad:
        raise CardFileError(path, _line_of(text, bad.key), _key_text(bad.key), bad.expected) from None


# ------------------------------------------------------------------ writing cards
def cards_toml(cards: Iterable[CardDef]) -> str:
    """``cards`` as the text of a card file (each key left out where it holds its default):
    :func:`parse_cards` reads it back as the same cards."""
    out: list[str] = []
    for card in cards:
        out.append("[[card]]")
        values = card.fields()
        abilities_ = values.pop("abilities")
        derived_text = " ".join(t for a in abilities_ if (t := getattr(a, "text", "")))
        if values["text"] == derived_text:
            values.pop("text")
        enchant = values["enchant"]
        if enchant and values["spell_targets"] == TargetSpec(
                f"target {enchant.lower() if enchant in CARD_TYPES else enchant}", card_type=enchant):
            values.pop("spell_targets")
        for key, v in values.items():
            if key in CardDef._defaults and v == CardDef._defaults[key] and key != "types":
                continue
            out.append(f"{key} = {_toml(v, _fields(CardDef)[key])}")
        for ability in abilities_:
            out.append("")
            out.append("[[card.abilities]]")
            out.append(f"kind = {_quote(type(ability).__name__)}")
            for key, v in _changed(ability):
                out.append(f"{key} = {_toml(v, _fields(type(ability))[key])}")
        out.append("")
    return "\n".join(out)


def _changed(record: Any) -> list[tuple[str, Any]]:
    fields = getattr(type(record), "_fields", ())
    defaults = getattr(type(record), "_defaults", {})
    return [(_FILE_KEYS.get(f, f), getattr(record, f)) for f in fields
            if not (f in defaults and getattr(record, f) == defaults[f])]


def _toml(value: Any, tp: Any) -> str:
    if isinstance(value, int | str):
        return _quote(value)
    if isinstance(value, Mana | ManaCost):
        return _quote(str(value) if isinstance(value, Mana) else value.text)
    if isinstance(value, abilities.Cost):
        return _quote(_cost_text(value))
    if isinstance(value, tuple | frozenset):
        items = sorted(value) if isinstance(value, frozenset) else value
        inner = _item_type(tp)
        return "[" + ", ".join(_toml(v, inner) for v in items) + "]"
    if _is_record(type(value)):
        parts = [] if tp is not None and _single_kind(tp) else [f"kind = {_quote(type(value).__name__)}"]
        parts += [f"{k} = {_toml(v, _fields(type(value))[k])}" for k, v in _changed(value)]
        return "{" + ", ".join(parts) + "}"
    raise TypeError(f"can't write {value!r}")  # pragma: no cover


def _item_type(tp: Any) -> Any:
    for m in _members(tp):
        if isinstance(m, tuple) and m[0] == "seq":
            return m[1]
    return None


def _single_kind(tp: Any) -> bool:
    return len(_kinds(tp)) == 1


def _cost_text(cost: abilities.Cost) -> str:
    parts = [cost.mana.text] if cost.mana is not None else []
    parts += ["{T}"] * cost.tap + ["{Q}"] * cost.untap
    parts += [f"Pay {cost.life} life"] if cost.life else []
    parts += [f"Remove {'a' if n == 1 else n} {kind} counter{'s' if n != 1 else ''} from this"
              for kind, n in cost.remove_counters]
    parts += ["Sacrifice this"] * cost.sacrifice_self
    return ", ".join(parts)


__all__ = ["CARD_TYPES", "KEYWORDS", "SUPERTYPES", "CardFileError", "all_kinds", "card_keys", "card_tables",
           "cards_toml", "describe", "line_of", "load_cards", "parse_cards", "vocabulary"]
