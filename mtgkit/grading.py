"""The one grading helper: every exercise checker and the practice checker report with it.

A checker decides, for each thing it asked, whether the answer is right and what to say
(:class:`Verdict`), or that there is no answer yet (``None``). :func:`report` turns that into
the feedback a learner reads: the score first, then one line per question.

>>> print(report([("a", Verdict(True, "{G}")), ("b", None), ("c", Verdict(False, "not {B}"))]))
1/3 correct
✓ a: {G}
✗ b: no answer yet
✗ c: not {B}

Learners write answers in many reasonable ways; the readers below accept them and turn
anything else into a kind :class:`Unreadable` message (never an engine error):

>>> read_bool("yes"), read_bool(True), read_bool(" False "), read_bool("can't")
(True, True, False, False)
>>> str(read_mana("{W}{U}{R}")) == str(read_mana("{R}{W}{U}"))
True
>>> read_mana("nothing"), sorted(read_types("{C} {B}"))
(Mana(), ['B', 'C'])
>>> read_number("3"), read_number(3.0)
(3, 3)
>>> read_number("three")
Traceback (most recent call last):
...
mtgkit.grading.Unreadable: write a whole number such as 0, 2 or 5 (you wrote 'three')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from .mana import TYPES, Mana
from .records import Value

T = TypeVar("T")
C = TypeVar("C")


class Verdict(Value):
    """Whether one answer is right, and the feedback line for it."""

    correct: bool
    text: str


class Unreadable(ValueError):
    """An answer that can't be read as the kind of answer asked for; the message says how to
    write it."""


def report(rows: Sequence[tuple[str, Verdict | None]], *, missing: str = "no answer yet",
           notes: Sequence[str] = ()) -> str:
    """The score, then a line per question (``None``: not answered yet), then ``notes``."""
    right = sum(1 for _, v in rows if v is not None and v.correct)
    lines = [f"{right}/{len(rows)} correct"]
    for key, v in rows:
        if v is None:
            lines.append(f"✗ {key}: {missing}")
        else:
            lines.append(f"{'✓' if v.correct else '✗'} {key}: {v.text}")
    return "\n".join(lines + list(notes))


# ------------------------------------------------------------------------------ reading answers
_TRUE = {"true", "yes", "y", "t", "1", "can", "can activate", "it can", "right", "correct"}
_FALSE = {"false", "no", "n", "f", "0", "cannot", "can't", "cant", "can not", "can't activate",
          "cannot activate", "it can't", "wrong", "incorrect"}
_NOTHING = {"", "nothing", "none", "no mana", "0", "empty", "{}", "-", "—"}


def read_bool(answer: object) -> bool:
    """``True``/``False``, or words such as ``"yes"``, ``"no"``, ``"True"``, ``"can't"``."""
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, int) and answer in (0, 1):
        return bool(answer)
    text = str(answer).strip().lower().rstrip(".!")
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise Unreadable(f"answer True or False (or yes / no); you wrote {answer!r}")


def read_mana(answer: object) -> Mana:
    """Mana as symbols in any order and spacing (``"{W}{U}"``, ``"{u} {w}"``), or ``"nothing"``."""
    text = str(answer).strip()
    if text.lower() in _NOTHING:
        return Mana()
    cleaned = re.sub(r"[\s,;+]", "", text).upper()
    if re.fullmatch(r"(\{[WUBRGC]\})+", cleaned):
        return Mana.parse(cleaned)
    raise Unreadable(f"write mana as symbols such as {{G}}{{G}} or {{W}}{{U}}{{R}} (in any order), or "
                     f"'nothing'; you wrote {answer!r}")


def read_types(answer: object) -> frozenset[str]:
    """A set of mana types as symbols (``"{B}{C}"``, any order, repeats ignored) or ``"nothing"``."""
    try:
        return read_mana(answer).types
    except Unreadable:
        pass
    letters = re.sub(r"[\s,;+{}]", "", str(answer)).upper()
    if letters and all(ch in TYPES for ch in letters):
        return frozenset(letters)
    raise Unreadable(f"write types of mana as symbols such as {{B}}{{C}} (in any order), or "
                     f"'nothing'; you wrote {answer!r}")


def read_number(answer: object) -> int:
    """A whole number (``3``, ``"3"``, ``3.0``)."""
    if isinstance(answer, bool):
        raise Unreadable(f"write a whole number such as 0, 2 or 5 (you wrote {answer!r})")
    if isinstance(answer, int):
        return answer
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    text = str(answer).strip()
    if re.fullmatch(r"[+-]?\d+", text):
        return int(text)
    raise Unreadable(f"write a whole number such as 0, 2 or 5 (you wrote {answer!r})")


def read_name(names: Iterable[str]) -> Callable[[object], str]:
    """A reader for one of ``names`` (any case, surrounding spaces ignored)."""
    known = {n.lower(): n for n in names}

    def read(answer: object) -> str:
        text = str(answer).strip().strip(".").lower()
        if text in known:
            return known[text]
        raise Unreadable(f"write one of {', '.join(known.values())}; you wrote {answer!r}")
    return read


def grade_answers(answers: Mapping[str, object], cases: Mapping[str, C],
                  grade: Callable[[object, C], Verdict], *, missing: str = "no answer yet") -> str:
    """Grade each case's answer with ``grade(given, case)``; an unreadable answer gets the
    reader's advice. Unknown keys are named at the end."""
    rows: list[tuple[str, Verdict | None]] = []
    for key, case in cases.items():
        given = answers.get(key)
        if given is None:
            rows.append((key, None))
            continue
        try:
            rows.append((key, grade(given, case)))
        except Unreadable as err:
            rows.append((key, Verdict(False, f"I couldn't read that answer: {err}.")))
    unknown = sorted(set(answers) - set(cases))
    notes = [f"(ignored answers for unknown questions: {', '.join(unknown)})"] if unknown else []
    return report(rows, missing=missing, notes=notes)


def one_of(values: Sequence[str], *, last: str = "or") -> str:
    """``"a"``, ``"a or b"``, ``"a, b or c"``."""
    values = list(values)
    if len(values) <= 1:
        return "".join(values)
    return f"{', '.join(values[:-1])} {last} {values[-1]}"


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """``"1 counter"``, ``"2 counters"``, ``"0 Protectors of the Crown"`` (with ``plural_form``).

    >>> plural(1, "counter"), plural(2, "counter")
    ('1 counter', '2 counters')
    >>> plural(2, "Protector of the Crown", "Protectors of the Crown")
    '2 Protectors of the Crown'
    """
    return f"{n} {singular if n == 1 else (plural_form or singular + 's')}"
