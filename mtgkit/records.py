"""Typed records that cost almost nothing to define: the kit's one way to declare data.

Events are one class per kind with named, typed fields (like pokerkit's operation records),
cards are built from small value classes, and the game's state is a few mutable structs.
``dataclasses.dataclass`` would do all of it, but it generates code with ``exec`` for every
class, about a millisecond each; with a hundred classes that alone would double the time
of ``import mtgkit``. These bases give the same behaviour for what the kit needs:

* :class:`Record`: immutable, built with keyword arguments only (events, misconceptions);
* :class:`Value`: immutable, built with positional or keyword arguments (card primitives);
* :class:`Mutable`: a plain mutable struct (the game's state).

Fields are declared with annotations and optional defaults; instances use ``__slots__``.
``typing.dataclass_transform`` tells type checkers to treat them like dataclasses, so mypy
checks every field at every construction site.

>>> class Point(Value):
...     x: int
...     y: int = 0
>>> p = Point(1)
>>> p
Point(x=1, y=0)
>>> p == Point(x=1, y=0), p.replace(y=2), hash(p) == hash(Point(1))
(True, Point(x=1, y=2), True)
>>> p.x = 5
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: Point is immutable
>>> Point(z=1)
Traceback (most recent call last):
...
TypeError: Point got an unexpected field 'z'; its fields are x, y
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, dataclass_transform

from .wording import refusal

_MISSING: Any = object()
R = TypeVar("R", bound="_Base")


class _RecordMeta(type):
    """Collects the annotated fields of a record class (and its bases) into ``__slots__``."""

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> _RecordMeta:
        own: list[str] = []
        defaults: dict[str, Any] = {}
        for base in reversed(bases):
            defaults.update(getattr(base, "_defaults", {}))
        for field, annotation in ns.get("__annotations__", {}).items():
            if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            own.append(field)
            if field in ns:
                defaults[field] = ns.pop(field)
            else:
                defaults.pop(field, None)  # a subclass may make a defaulted field required
        inherited: tuple[str, ...] = ()
        for base in bases:
            inherited += tuple(f for f in getattr(base, "_fields", ()) if f not in inherited)
        new = tuple(f for f in own if f not in inherited)
        ns["__slots__"] = tuple(ns.get("__slots__", ())) + new
        ns["_fields"] = inherited + new
        ns["_defaults"] = defaults
        ns["__match_args__"] = ns["_fields"]
        ns["_field_set"] = frozenset(ns["_fields"])
        ns["_default_list"] = tuple((f, defaults.get(f, _MISSING)) for f in ns["_fields"])
        ns["_getter"] = _getter(ns["_fields"])
        return super().__new__(mcls, name, bases, ns)


def _getter(fields: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """Reads ``fields`` off a record as one tuple (at C speed: records are compared, hashed and
    copied a great deal while practice replays plays)."""
    if len(fields) > 1:
        return operator.attrgetter(*fields)
    if fields:
        one = operator.attrgetter(fields[0])
        return lambda record: (one(record),)
    return lambda record: ()


class _Base(metaclass=_RecordMeta):
    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]]
    _field_set: ClassVar[frozenset[str]]
    _getter: ClassVar[Callable[[Any], tuple[Any, ...]]]
    _defaults: ClassVar[dict[str, Any]]
    _default_list: ClassVar[tuple[tuple[str, Any], ...]]  # each field and its default, in order
    _keywords_only: ClassVar[bool] = False

    def __init__(self, *args: Any, **values: Any) -> None:
        cls = type(self)
        fields = cls._fields
        if args and cls._keywords_only:
            raise TypeError(refusal("records.fields_by_name", name=cls.__name__, fields=list(fields),
                                    n=len(args)))
        if len(args) > len(fields):
            raise TypeError(refusal("records.too_many_values", name=cls.__name__, n_fields=len(fields),
                                    n_args=len(args)))
        for field, value in zip(fields, args, strict=False):
            if field in values:
                raise TypeError(refusal("records.two_values", name=cls.__name__, field=field))
            values[field] = value
        if not cls._field_set.issuperset(values):
            unknown = [k for k in values if k not in fields]
            raise TypeError(refusal("records.unexpected_field", name=cls.__name__, unknown=unknown[0],
                                    fields=fields))
        setter = object.__setattr__
        if len(values) == len(fields):  # every field given (no defaults to look up)
            for field in fields:
                setter(self, field, values[field])
            return
        get = values.get
        for field, default in cls._default_list:
            value = get(field, default)
            if value is _MISSING:
                raise TypeError(refusal("records.needs_value", name=cls.__name__, field=field))
            setter(self, field, value)

    def _values(self) -> tuple[Any, ...]:
        return type(self)._getter(self)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __repr__(self) -> str:
        body = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({body})"

    def replace(self: R, **changes: Any) -> R:
        """A copy with some fields changed."""
        cls = type(self)
        if cls.__init__ is not _Base.__init__ or not cls._field_set.issuperset(changes):
            values = dict(zip(self._fields, self._values(), strict=True))
            values.update(changes)
            return cls(**values)  # its own checks (and the refusal of an unknown field)
        new = object.__new__(cls)
        setter = object.__setattr__
        for field, value in zip(cls._fields, cls._getter(self), strict=True):
            setter(new, field, changes[field] if field in changes else value)
        return new

    def fields(self) -> dict[str, Any]:
        """The fields and their values, in declaration order."""
        return dict(zip(self._fields, self._values(), strict=True))


class _Frozen(_Base):
    __slots__ = ("_hash",)  # worked out on the first hash: a record's values never change

    def __setattr__(self, name: str, value: object) -> None:
        from dataclasses import FrozenInstanceError  # only when someone tries

        raise FrozenInstanceError(refusal("records.immutable", name=type(self).__name__))

    def __delattr__(self, name: str) -> None:
        self.__setattr__(name, None)

    def __hash__(self) -> int:
        try:
            found: int = self._hash  # type: ignore[attr-defined]
        except AttributeError:
            found = hash((type(self).__name__, self._values()))
            object.__setattr__(self, "_hash", found)
        return found

    def __copy__(self: R) -> R:
        return self

    def __deepcopy__(self: R, memo: dict[int, Any]) -> R:
        return self  # immutable, so a copy is the record itself

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self._values()))


@dataclass_transform(kw_only_default=True, frozen_default=True)
class Record(_Frozen):
    """Immutable, built with keyword arguments only (events and misconceptions, whose fields are
    many, some of them free text a positional slip would swap unnoticed).

    >>> class Said(Record):
    ...     who: str
    ...     words: str
    >>> Said(who="Alice", words="Go")
    Said(who='Alice', words='Go')
    >>> Said("Alice", "Go")
    Traceback (most recent call last):
    ...
    TypeError: Said takes its fields by name (who, words), got 2 positional values
    """

    __slots__ = ()
    _keywords_only = True


@dataclass_transform(frozen_default=True)
class Value(_Frozen):
    """Immutable, built with positional or keyword arguments (card primitives)."""

    __slots__ = ()


@dataclass_transform()
class Mutable(_Base):
    """A plain mutable struct (compared by identity)."""

    __slots__ = ()
    __eq__ = object.__eq__
    __hash__ = object.__hash__


def _rebuild(cls: type[R], values: tuple[Any, ...]) -> R:
    return cls(**dict(zip(cls._fields, values, strict=True)))
