"""Argument checks for the public API: refuse bad input before anything changes.

Wrong types raise ``TypeError`` and wrong values ``ValueError``, each naming the argument and
saying what was expected (rules violations are :class:`~mtgkit.errors.RulesError`, raised by
the game itself).

>>> whole_number("x", 3, 0, 10)
3
>>> whole_number("x", 2.5, 0, 10)
Traceback (most recent call last):
...
TypeError: x must be a whole number from 0 to 10, not 2.5
>>> whole_number("x", True, 0, 10)
Traceback (most recent call last):
...
TypeError: x must be a whole number from 0 to 10, not True
>>> one_of("step", "lunch", ("main1", "main2"))
Traceback (most recent call last):
...
ValueError: step must be one of main1, main2, not 'lunch'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from .wording import refusal

T = TypeVar("T")


def whole_number(name: str, value: object, low: int, high: int) -> int:
    """An ``int`` (not a bool, not a float) from ``low`` to ``high``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(refusal("validate.whole_number.type", name=name, low=low, high=high, value=value))
    if not low <= value <= high:
        raise ValueError(refusal("validate.whole_number.range", name=name, low=low, high=high, value=value))
    return value


def flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError(refusal("validate.flag.type", name=name, value=value))
    return value


def text(name: str, value: object, *, optional: bool = False, max_len: int = 200) -> str:
    """A non-empty string (or None when ``optional``)."""
    if value is None and optional:
        return ""
    if not isinstance(value, str):
        raise TypeError(refusal("validate.text.type", name=name, type_name=type(value).__name__,
                                short=_short(value)))
    if not value or len(value) > max_len:
        raise ValueError(refusal("validate.text.length", name=name, max_len=max_len, short=_short(value)))
    return value


def one_of(name: str, value: object, options: Sequence[T]) -> T:
    for option in options:
        if value == option and type(value) is type(option):
            return option
    listed = ", ".join(str(o) for o in options)
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise TypeError(refusal("validate.one_of.type", name=name, listed=listed, short=_short(value)))
    raise ValueError(refusal("validate.one_of.value", name=name, listed=listed, value=value))


def ref(name: str, value: object) -> int | str:
    """An object's id (a whole number) or a permanent's name (a string)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(refusal("validate.ref.type", name=name, short=_short(value)))
    return value


def ref_list(name: str, value: object) -> list[int | str]:
    """A list (or tuple or set) of object ids or names; a single string is not a list."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(refusal("validate.ref_list.type", name=name, short=_short(value)))
    items = list(value)
    return [ref(f"{name}[{i}]", item) for i, item in enumerate(items)]


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."
