"""The one grading helper: every exercise checker and the practice checker report with it.

A checker decides, for each thing it asked, whether the answer is right and what to say
(:class:`Verdict`), or that there is no answer yet (``None``). :func:`report` turns that into
the feedback a learner reads: the score first, then each question: its verdict line, the
misconception a wrong answer looks like (if one does), one sentence of reason with its rule,
and, for a wrong answer, the engine's events behind it, after the reason and set apart
(a widget folds them away instead: :class:`Report` keeps the rows for it).

>>> print(report([("a", Verdict(True, "You wrote {G}: right.")), ("b", None),
...               ("c", Verdict(False, "You wrote {B}: the answer is {G}.", why="Forests make {G}.",
...                             detail="event 3: Alice adds {G}"))]))
1/3 correct
✓ a: You wrote {G}: right.
✗ b: no answer yet
✗ c: You wrote {B}: the answer is {G}.
   Why: Forests make {G}.
   What the engine did:
      event 3: Alice adds {G}

How an answer was given sets the verdict's voice: "You wrote" for an answer typed (a text box,
a Python cell), "You chose" for one clicked (a widget's options set :func:`answered_by`); a
typed answer is shown as it was read ("You wrote gg" says "You wrote {G}{G}"), a clicked one
in its option's own words.

**Assessment mode** (:func:`assessment`, or the environment variable ``MTGKIT_ASSESSMENT=1``;
an assignment written by ``mtgkit assignments`` switches it on in its first code cell): a
wrong answer's feedback names the misconception it looks like and the rule to look at again,
but never the right answer, so a student can't copy the answers out of one wrong *Check*. The
checkers, the exercise and quiz widgets and the explorers all follow it.

Learners write answers in many reasonable ways; the readers below accept them and turn
anything else into a kind :class:`Unreadable` message (never an engine error):

>>> read_bool("yes"), read_bool(True), read_bool(" False "), read_bool("can't")
(True, True, False, False)
>>> str(read_mana("{W}{U}{R}")) == str(read_mana("{R}{W}{U}")) == str(read_mana("rwu"))
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

import contextlib
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import Literal, TypeVar

from .mana import TYPES, Mana
from .records import Value
from .rules import title

T = TypeVar("T")
C = TypeVar("C")

#: What a wrong answer's events are headed with, in plain text and in a widget's fold.
EVENTS_TITLE = "What the engine did"


class Verdict(Value):
    """Whether one answer is right, and what to say: ``text`` the verdict line, ``note`` the
    misconception a wrong answer looks like (and, in assessment mode, the rule to look at again:
    one line each),
    ``why`` one sentence of reason with its rule, ``detail`` the engine's events behind it (one
    a line, headed ``detail_title``)."""

    correct: bool
    text: str
    note: str = ""
    why: str = ""
    detail: str = ""
    detail_title: str = EVENTS_TITLE

    def lines(self, *, detail: bool | None = None) -> list[str]:
        """The verdict as plain text: its line, then the note, the reason and (for a wrong
        answer, unless ``detail`` says otherwise) the detail, indented under it."""
        out = [self.text]
        out += [f"   {line}" for line in self.note.splitlines()]
        out += [f"   Why: {self.why}"] if self.why else []
        show = (not self.correct) if detail is None else detail
        if show and self.detail:
            out += [f"   {self.detail_title}:"] + [f"      {ln.strip()}" for ln in self.detail.splitlines()
                                                    if ln.strip()]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


class Unreadable(ValueError):
    """An answer that can't be read as the kind of answer asked for; the message says how to
    write it."""


class Report(str):
    """A checker's report: the text (a ``str``, printed by the Python route and read by
    nbgrader), keeping its rows so that a widget can show each question's events folded away."""

    rows: tuple[tuple[str, Verdict | None], ...]
    missing: str
    notes: tuple[str, ...]

    def __new__(cls, rows: Sequence[tuple[str, Verdict | None]], missing: str = "no answer yet",
                notes: Sequence[str] = ()) -> Report:
        right = sum(1 for _, v in rows if v is not None and v.correct)
        lines = [f"{right}/{len(rows)} correct"]
        for key, v in rows:
            if v is None:
                lines.append(f"✗ {key}: {missing}")
            else:
                first, *rest = v.lines()
                lines += [f"{'✓' if v.correct else '✗'} {key}: {first}", *rest]
        made = super().__new__(cls, "\n".join(lines + list(notes)))
        made.rows, made.missing, made.notes = tuple(rows), missing, tuple(notes)
        return made


def report(rows: Sequence[tuple[str, Verdict | None]], *, missing: str = "no answer yet",
           notes: Sequence[str] = ()) -> Report:
    """The score, then each question (``None``: not answered yet), then ``notes``."""
    return Report(rows, missing, notes)


# ------------------------------------------------------------------------------ voice and assessment
_ANSWERED: ContextVar[Literal["wrote", "chose"]] = ContextVar("mtgkit_answered", default="wrote")


@contextlib.contextmanager
def answered_by(how: Literal["wrote", "chose"]) -> Iterator[None]:
    """Grade answers ``how`` the learner gave them: ``"chose"`` (clicked an option) or
    ``"wrote"`` (typed; the default).

    >>> with answered_by("chose"):
    ...     said("{G}")
    'You chose {G}'
    >>> said("{G}")
    'You wrote {G}'
    """
    token = _ANSWERED.set(how)
    try:
        yield
    finally:
        _ANSWERED.reset(token)


def said(answer: str) -> str:
    """The start of every verdict: 'You wrote {G}', or 'You chose {G}' for a clicked answer."""
    return f"You {_ANSWERED.get()} {answer}"


def clicked() -> bool:
    """Whether the answers being graded were clicked (an option's own words are then shown as
    they are: "You chose {G}{R}", not the reader's "{R}{G}")."""
    return _ANSWERED.get() == "chose"


#: The environment variable that switches assessment mode on for every notebook of a session.
ASSESSMENT_ENV = "MTGKIT_ASSESSMENT"
_assessment: list[bool | None] = [None]


def assessment(on: bool | None = True) -> None:
    """Switch assessment mode on (``True``), off (``False``), or back to what the environment
    variable ``MTGKIT_ASSESSMENT`` says (``None``). In assessment mode a wrong answer's feedback
    names the misconception and the rule, never the answer (see the module's docstring).

    >>> assessment(); assessing()
    True
    >>> assessment(None)
    """
    _assessment[0] = on


def assessing() -> bool:
    """Whether assessment mode is on: :func:`assessment`'s setting, else ``MTGKIT_ASSESSMENT``
    (``1``, ``true``, ``yes`` or ``on``)."""
    if _assessment[0] is not None:
        return _assessment[0]
    return os.environ.get(ASSESSMENT_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


def look_again(rules: Iterable[str]) -> str:
    """What assessment mode says instead of the answer: the rules to look at again (the first
    three), with their titles.

    >>> look_again(["107.5"])
    "Look again at CR 107.5 ({T} means tap this permanent; an already tapped one can't pay it)."
    """
    named = [f"CR {r} ({title(r)})" if title(r) else f"CR {r}" for r in list(dict.fromkeys(rules))[:3]]
    if not named:
        return "Look again at the rule this notebook teaches."
    return f"Look again at {one_of(named, last='and')}."


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


#: How a mana answer is written, everywhere the kit reads one (exercises, quick questions, the
#: tapping explorer, practice): see :func:`read_mana`.
MANA_GRAMMAR = ("mana symbols in any order, with or without braces, any case ({G}{G}, GG, g g, "
                "{W}{U} or WU), or nothing (also: none, no mana, empty, 0)")

_SYMBOL = re.compile(r"\{([A-Za-z])\}|([A-Za-z])")
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C",
                "colourless": "C"}


def _mana_letters(answer: object, what: str) -> str:
    """The letters of a mana answer (``""`` for nothing), or :class:`Unreadable` with a one-line
    hint saying how to write ``what``."""
    text = str(answer).strip().rstrip(".")
    if text.lower() in _NOTHING:
        return ""
    squeezed = re.sub(r"[\s,;+]", "", text)
    letters = []
    for m in _SYMBOL.finditer(squeezed):
        letters.append((m.group(1) or m.group(2)).upper())
    whole = "".join(m.group(0) for m in _SYMBOL.finditer(squeezed))
    if whole == squeezed and letters and all(ch in TYPES for ch in letters):
        return "".join(letters)
    if re.search(r"\d", squeezed):
        hint = ("a number such as 2 is generic mana in a cost, not mana in a pool: write each mana as "
                "its type, such as {G}{G} (or GG) for two green")
    elif any(word in text.lower() for word in _COLOR_WORDS):
        said = ", ".join(f"{{{t}}} for {w}" for w, t in _COLOR_WORDS.items() if w in text.lower())
        hint = f"write each mana as its symbol ({said}), such as {{G}}{{G}} or GG"
    else:
        hint = f"write {what} as {MANA_GRAMMAR}"
    raise Unreadable(f"{hint}; you wrote {answer!r}")


def read_mana(answer: object) -> Mana:
    """Mana, read the one way the kit reads it everywhere (:data:`MANA_GRAMMAR`): the symbols
    W, U, B, R, G and C, each with or without braces, in any case and order, with spaces,
    commas or ``+`` between them if you like; or ``"nothing"`` (``"none"``, ``"no mana"``,
    ``"empty"``, ``"0"`` or nothing at all) for no mana. Anything else is refused with a
    one-line hint, never guessed: a number (``"2G"``: generic mana belongs to costs, not to a
    pool), ``{X}``, hybrid symbols, color words.

    >>> [str(read_mana(a)) for a in ("{G}{G}", "GG", "g g", "{g}, G", "WUBRG")]
    ['{G}{G}', '{G}{G}', '{G}{G}', '{G}{G}', '{W}{U}{B}{R}{G}']
    >>> read_mana("none") == read_mana("") == read_mana("Nothing") == Mana()
    True
    >>> read_mana("2G")
    Traceback (most recent call last):
    ...
    mtgkit.grading.Unreadable: a number such as 2 is generic mana in a cost, not mana in a pool: \
write each mana as its type, such as {G}{G} (or GG) for two green; you wrote '2G'
    """
    return Mana.parse("".join(f"{{{t}}}" for t in _mana_letters(answer, "mana")))


def show_mana(mana: Mana) -> str:
    """Mana as an answer shows it: its symbols, or ``nothing``.

    >>> show_mana(read_mana("gg")), show_mana(read_mana("none"))
    ('{G}{G}', 'nothing')
    """
    return str(mana) if mana else "nothing"


def read_types(answer: object) -> frozenset[str]:
    """A set of mana types, read as :func:`read_mana` reads mana (``"{B}{C}"``, ``"BC"``, any
    order, repeats ignored), or ``"nothing"``.

    >>> sorted(read_types("WUBRG")) == sorted(read_types("{G}{R}{B}{U}{W}{G}"))
    True
    """
    return frozenset(_mana_letters(answer, "types of mana"))


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
                  grade: Callable[[object, C], Verdict], *, missing: str = "no answer yet") -> Report:
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
