"""Frozen, typed records that cost almost nothing to define.

Events are one class per kind with named, typed fields (like pokerkit's operation records).
``dataclasses.dataclass`` would do, but it generates code with ``exec`` for every class,
about a millisecond each; with forty event classes that alone would double the time of
``import mtgkit``. :class:`Record` gives the same behaviour for what the kit needs: keyword
construction with defaults, immutability, equality, hashing, ``repr`` and pattern
matching. ``typing.dataclass_transform`` tells type checkers to treat records like frozen,
keyword-only dataclasses, so mypy checks every field at every construction site.

>>> class Point(Record):
...     x: int
...     y: int = 0
>>> p = Point(x=1)
>>> p
Point(x=1, y=0)
>>> p == Point(x=1, y=0), p.replace(y=2)
(True, Point(x=1, y=2))
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

from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, TypeVar, dataclass_transform

_MISSING: Any = object()
R = TypeVar("R", bound="Record")


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
        ns["__slots__"] = tuple(f for f in own if f not in inherited)
        ns["_fields"] = inherited + tuple(f for f in own if f not in inherited)
        ns["_defaults"] = defaults
        ns["__match_args__"] = ns["_fields"]
        return super().__new__(mcls, name, bases, ns)


@dataclass_transform(kw_only_default=True, frozen_default=True)
class Record(metaclass=_RecordMeta):
    """Base class: declare fields with annotations (and defaults); instances are immutable."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]]
    _defaults: ClassVar[dict[str, Any]]

    def __init__(self, **values: Any) -> None:
        cls = type(self)
        unknown = [k for k in values if k not in cls._fields]
        if unknown:
            raise TypeError(f"{cls.__name__} got an unexpected field {unknown[0]!r}; its fields are "
                            f"{', '.join(cls._fields)}")
        for field in cls._fields:
            value = values.pop(field, cls._defaults.get(field, _MISSING))
            if value is _MISSING:
                raise TypeError(f"{cls.__name__} needs a value for {field!r}")
            object.__setattr__(self, field, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"{type(self).__name__} is immutable")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._values()))

    def __repr__(self) -> str:
        body = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({body})"

    def __copy__(self: R) -> R:
        return self

    def __deepcopy__(self: R, memo: dict[int, Any]) -> R:
        return self  # immutable, so a copy is the record itself

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self._values()))

    def replace(self: R, **changes: Any) -> R:
        """A copy with some fields changed."""
        values = dict(zip(self._fields, self._values(), strict=True))
        values.update(changes)
        return type(self)(**values)

    def fields(self) -> dict[str, Any]:
        """The record's fields and values, in declaration order."""
        return dict(zip(self._fields, self._values(), strict=True))


def _rebuild(cls: type[R], values: tuple[Any, ...]) -> R:
    return cls(**dict(zip(cls._fields, values, strict=True)))
