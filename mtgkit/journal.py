"""An undo log: how a refused action leaves the game exactly as it was, cheaply.

While an action runs, every change to the game's state records how to undo it; if the
action fails, the changes are undone in reverse order. The cost is proportional to what
the action touched, not to the size of the game (the old way, copying the whole state
before every action, grew with every event).

State objects derive from :class:`Journaled` (attribute writes are recorded) and keep their
collections in :class:`JList` and :class:`JDict` (item writes are recorded).

>>> j = Journal()
>>> xs = JList(j, [1, 2])
>>> mark = j.begin()
>>> xs.append(3); xs.remove(1); xs
[2, 3]
>>> j.rollback(mark); xs
[1, 2]
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, MutableMapping, ValuesView
from typing import Any, Generic, TypeVar, overload

from .records import Mutable

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")
_MISSING: Any = object()


class Journal:
    """Records how to undo each change while a transaction is open.

    ``stamp`` counts every change ever made (it never goes down, not even on rollback), so
    it can key caches of derived answers.
    """

    __slots__ = ("log", "depth", "stamp")

    def __init__(self) -> None:
        self.log: list[tuple[Any, ...]] = []
        self.depth = 0
        self.stamp = 0

    def note(self, entry: tuple[Any, ...]) -> None:
        self.stamp += 1
        if self.depth:
            self.log.append(entry)

    def begin(self) -> int:
        """Open a (possibly nested) transaction; returns the mark to roll back to."""
        self.depth += 1
        return len(self.log)

    def commit(self) -> None:
        self.depth -= 1
        if not self.depth:
            self.log.clear()

    def rollback(self, mark: int) -> None:
        """Undo every change since ``mark``, newest first, and close the transaction."""
        log = self.log
        while len(log) > mark:
            entry = log.pop()
            op, target = entry[0], entry[1]
            if op == "attr":
                if entry[3] is _MISSING:
                    object.__delattr__(target, entry[2])
                else:
                    object.__setattr__(target, entry[2], entry[3])
            elif op == "key":
                if entry[3] is _MISSING:
                    del target._data[entry[2]]
                else:
                    target._data[entry[2]] = entry[3]
            elif op == "dict":
                target._data.clear()
                target._data.update(entry[2])
            elif op == "unkey":  # a deleted key comes back where it was, keeping the dict's order
                data, at = target._data, entry[4]
                if at >= len(data):
                    data[entry[2]] = entry[3]
                else:
                    items = list(data.items())
                    items.insert(at, (entry[2], entry[3]))
                    data.clear()
                    data.update(items)
            elif op == "insert":
                target._data.insert(entry[2], entry[3])
            elif op == "delete":
                del target._data[entry[2]]
            elif op == "replace":
                target._data[:] = entry[2]
        self.stamp += 1
        self.depth -= 1
        if not self.depth:
            log.clear()


class Journaled(Mutable):
    """A mutable state struct whose attribute writes are recorded in its journal."""

    __slots__ = ("_journal",)

    def __setattr__(self, name: str, value: Any) -> None:
        j: Journal | None = getattr(self, "_journal", None)
        if j is not None:
            j.note(("attr", self, name, getattr(self, name, _MISSING)))
        object.__setattr__(self, name, value)

    def attach(self, journal: Journal) -> None:
        """Start recording this object's changes in ``journal``."""
        object.__setattr__(self, "_journal", journal)


class JList(Generic[T]):
    """A list whose changes are recorded. Supports what the engine uses."""

    __slots__ = ("_j", "_data")

    def __init__(self, journal: Journal, items: Iterable[T] = ()) -> None:
        self._j = journal
        self._data: list[T] = list(items)

    def append(self, item: T) -> None:
        self._j.note(("delete", self, len(self._data)))
        self._data.append(item)

    def remove(self, item: T) -> None:
        i = self._data.index(item)
        self._j.note(("insert", self, i, item))
        del self._data[i]

    def pop(self, index: int = -1) -> T:
        i = index % len(self._data) if self._data else 0
        item = self._data.pop(i)
        self._j.note(("insert", self, i, item))
        return item

    def set(self, items: Iterable[T]) -> None:
        """Replace the contents."""
        self._j.note(("replace", self, list(self._data)))
        self._data[:] = list(items)

    def index(self, item: T) -> int:
        return self._data.index(item)

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...
    def __getitem__(self, i: int | slice) -> T | list[T]:
        return self._data[i]

    def __iter__(self) -> Iterator[T]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, item: object) -> bool:
        return item in self._data

    def __bool__(self) -> bool:
        return bool(self._data)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, JList):
            return self._data == other._data
        return self._data == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._data)


class JDict(MutableMapping[K, V]):
    """A dict whose changes are recorded."""

    __slots__ = ("_j", "_data")

    def __init__(self, journal: Journal, items: Mapping[K, V] | None = None) -> None:
        self._j = journal
        self._data: dict[K, V] = dict(items or {})

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def get(self, key: K, default: Any = None) -> Any:
        return self._data.get(key, default)

    def __setitem__(self, key: K, value: V) -> None:
        self._j.note(("key", self, key, self._data.get(key, _MISSING)))
        self._data[key] = value

    def __delitem__(self, key: K) -> None:
        data = self._data
        value = data[key]
        if next(reversed(data)) == key:
            at = len(data) - 1
        else:
            at = 0 if next(iter(data)) == key else list(data).index(key)
        self._j.note(("unkey", self, key, value, at))
        del data[key]

    def clear(self) -> None:
        if self._data:
            self._j.note(("dict", self, dict(self._data)))
            self._data.clear()

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def keys(self) -> KeysView[K]:
        return self._data.keys()

    def values(self) -> ValuesView[V]:
        return self._data.values()

    def items(self) -> ItemsView[K, V]:
        return self._data.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, JDict):
            return self._data == other._data
        return self._data == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._data)
