"""How well a test-wise student with no rules knowledge does on practice questions, and the
stream tally practice uses to keep every such student at chance.

A *heuristic* picks options by their look alone, never by the rules: the longest option, the
shortest, the one sharing most words with the stem (the question with its board and steps), the
one most like the other options (most words shared with them), the middle one of options that
are all numbers, or the option at a fixed position (first, second, third, fourth, last). Where
several options tie, the student picks one of them at random, so a heuristic's score on a
question is the share of the options it picks that are right. *Chance* is a blind guess's
score: the share of the options that are right.

:func:`measure` scores questions (anything with ``options``, ``answers``, ``prompt``, ``board``
and ``steps``, such as :class:`mtgkit.practice.Question`); :func:`edges` says how far each
heuristic is above chance. A :class:`Tally` follows a stream: how far each heuristic is ahead of
chance so far, and what a question with given options would make of that (:meth:`Tally.cost`),
so that practice can choose the options and their order that keep every heuristic at chance.

>>> q = Asked(options=("1", "2", "3"), answers=("2",), prompt="What is X?")
>>> measure([q])["middle"], round(measure([q])["chance"], 2), measure([q])["first"]
(1.0, 0.33, 0.0)
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from .records import Value


class Question(Protocol):
    """What a heuristic reads of a question (a practice question has more)."""

    @property
    def options(self) -> tuple[str, ...]: ...
    @property
    def answers(self) -> tuple[str, ...]: ...
    @property
    def prompt(self) -> str: ...
    @property
    def board(self) -> str: ...
    @property
    def steps(self) -> tuple[str, ...]: ...


class Asked(Value):
    """A question as a heuristic sees it (for options not yet made into a question)."""

    options: tuple[str, ...]
    answers: tuple[str, ...]
    prompt: str = ""
    board: str = ""
    steps: tuple[str, ...] = ()


#: A heuristic: the indexes of the options a test-wise student picks among (ties: all of them).
Heuristic = Callable[[Question], Sequence[int]]

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def words(text: str) -> frozenset[str]:
    """The distinct words of ``text``, lower case (a mana symbol ``{G}`` is the word ``g``).

    >>> sorted(words("Bob's {G}{G}: Bob"))
    ['bob', "bob's", 'g']
    """
    return frozenset(_WORD.findall(text.lower()))


def _best(values: Sequence[float]) -> list[int]:
    top = max(values)
    return [i for i, v in enumerate(values) if v == top]


def longest(q: Question) -> list[int]:
    return _best([len(o) for o in q.options])


def shortest(q: Question) -> list[int]:
    return _best([-len(o) for o in q.options])


def stem_words(q: Question) -> list[int]:
    """The options sharing most words with the stem (the question, its board and its steps)."""
    stem = words(" ".join([q.prompt, q.board, *q.steps]))
    return _best([len(words(o) & stem) for o in q.options])


def like_the_others(q: Question) -> list[int]:
    """The options sharing most words with the other options (summed over the others)."""
    ws = [words(o) for o in q.options]
    return _best([sum(len(w & v) for j, v in enumerate(ws) if j != i) for i, w in enumerate(ws)])


def _number(option: str) -> float | None:
    try:
        return float(option)
    except ValueError:
        return None


def middle(q: Question) -> list[int]:
    """When every option is a number: the options nearest their median; else any option."""
    numbers = [_number(o) for o in q.options]
    values = [n for n in numbers if n is not None]
    if len(values) < len(numbers):
        return list(range(len(q.options)))
    median = statistics.median(values)
    return _best([-abs(v - median) for v in values])


def position(k: int) -> Heuristic:
    """Always the option at index ``k`` (the last one when a question has fewer); ``-1``: the last."""

    def pick(q: Question) -> list[int]:
        return [len(q.options) - 1 if k < 0 else min(k, len(q.options) - 1)]

    return pick


#: The heuristics that read what the options say (their order makes no difference) ...
BY_LOOK: dict[str, Heuristic] = {
    "longest": longest, "shortest": shortest, "stem-words": stem_words,
    "like-the-others": like_the_others, "middle": middle,
}
#: ... and those that read only where the right option is.
BY_PLACE: dict[str, Heuristic] = {
    "first": position(0), "second": position(1), "third": position(2), "fourth": position(3),
    "last": position(-1),
}
#: Every heuristic measured, by name.
HEURISTICS: dict[str, Heuristic] = {**BY_LOOK, **BY_PLACE}


def hit(q: Question, heuristic: Heuristic) -> float:
    """The heuristic's expected score on ``q``: the share of the options it picks that are right."""
    picked = heuristic(q)
    right = set(q.answers)
    return sum(q.options[i] in right for i in picked) / len(picked)


def chance(q: Question) -> float:
    """A blind guess's expected score: the share of the options that are right."""
    return len(set(q.answers) & set(q.options)) / len(q.options)


def measure(qs: Iterable[Question]) -> dict[str, float]:
    """Each heuristic's mean score over ``qs``, and ``"chance"``'s (all ``0`` for no questions)."""
    qs = list(qs)
    n = max(1, len(qs))
    scores = {name: sum(hit(q, h) for q in qs) / n for name, h in HEURISTICS.items()}
    scores["chance"] = sum(chance(q) for q in qs) / n
    return scores


def edges(scores: dict[str, float]) -> dict[str, float]:
    """How far each heuristic's score is above chance (negative: below)."""
    return {name: s - scores["chance"] for name, s in scores.items() if name != "chance"}


class Tally:
    """How far each heuristic is ahead of chance over a stream's questions so far (a sum of
    ``hit - chance``, in questions)."""

    def __init__(self) -> None:
        self.ahead: dict[str, float] = dict.fromkeys(HEURISTICS, 0.0)

    def add(self, q: Question) -> None:
        """Count a question the stream asks."""
        c = chance(q)
        for name, h in HEURISTICS.items():
            self.ahead[name] += hit(q, h) - c

    def cost(self, q: Question, heuristics: Iterable[str] = HEURISTICS) -> float:
        """How far from chance the stream would be with ``q`` asked next: the sum of squares of
        each heuristic's lead (lower is fairer; only ``heuristics`` counted)."""
        c = chance(q)
        return sum((self.ahead[name] + hit(q, HEURISTICS[name]) - c) ** 2 for name in heuristics)

    def takes_over(self, q: Question, ceiling: float, heuristics: Iterable[str] = HEURISTICS) -> bool:
        """Would asking ``q`` next take one of ``heuristics`` further ahead of chance and past
        ``ceiling`` questions? (A question that brings a heuristic back towards chance never does,
        however far ahead it is.)"""
        c = chance(q)
        for name in heuristics:
            gain = hit(q, HEURISTICS[name]) - c
            if gain > 0 and self.ahead[name] + gain > ceiling:
                return True
        return False


__all__ = ["Asked", "BY_LOOK", "BY_PLACE", "HEURISTICS", "Heuristic", "Question", "Tally", "chance", "edges",
           "hit", "like_the_others", "longest", "measure", "middle", "position", "shortest", "stem_words",
           "words"]
