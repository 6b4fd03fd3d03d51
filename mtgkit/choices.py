"""Choosers: how players' choices are made when a call does not spell them out.

Every choice goes through a chooser and is recorded as a ``choice`` event. There is no
hidden randomness: the default :class:`FirstOption` always takes the first legal option
in the order the engine lists them (colors in W, U, B, R, G order; replacement effects in
the order they started to apply), and :class:`Scripted` replays a list of answers.

>>> FirstOption().choose("Alice", "color", ["W", "G"])
'W'
>>> s = Scripted(["G"])
>>> s.choose("Alice", "color", ["W", "G"])
'G'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .wording import refusal


class Chooser(Protocol):
    """Answers the questions the engine asks a player."""

    def choose(self, player: str, question: str, options: Sequence[str]) -> str:
        """Pick one of ``options`` (labels) for ``player``."""
        ...

    def order(self, player: str, question: str, items: Sequence[str]) -> list[str]:
        """Put ``items`` in the order the player wants them applied."""
        ...


class FirstOption:
    """The documented deterministic default: first option; orders kept as listed."""

    def choose(self, player: str, question: str, options: Sequence[str]) -> str:
        return options[0]

    def order(self, player: str, question: str, items: Sequence[str]) -> list[str]:
        return list(items)


class Scripted(FirstOption):
    """Answers from a script, in order; falls back to :class:`FirstOption` when it runs out.

    Objects are offered as ``Name #id``; an answer may leave out the ``#id`` when only one
    option has that name. An answer that is not a legal option raises ``ValueError`` naming
    the options.

    >>> Scripted(["Grizzly Bears"]).choose("Bob", "target", ["Alice", "Grizzly Bears #12"])
    'Grizzly Bears #12'
    """

    def __init__(self, answers: Sequence[str | Sequence[str]]) -> None:
        self.answers = list(answers)

    def choose(self, player: str, question: str, options: Sequence[str]) -> str:
        if not self.answers:
            return super().choose(player, question, options)
        answer = self.answers.pop(0)
        if answer not in options:
            named = [o for o in options if isinstance(answer, str) and o.rsplit(" #", 1)[0] == answer]
            if len(named) == 1:
                return named[0]
            raise ValueError(refusal("choices.scripted_answer", answer=answer, question=question,
                                     options=list(options)))
        return str(answer)

    def order(self, player: str, question: str, items: Sequence[str]) -> list[str]:
        if not self.answers:
            return super().order(player, question, items)
        answer = list(self.answers.pop(0))
        if sorted(answer) != sorted(items):
            raise ValueError(refusal("choices.scripted_order", answer=answer, question=question,
                                     items=list(items)))
        return answer
