"""The one grading helper: every exercise checker and the practice checker report with it.

A checker decides, for each thing it asked, whether the answer is right and what to say
(:class:`Verdict`), or that there is no answer yet (``None``). :func:`report` turns that into
the feedback a learner reads: the score first, then one line per question.

>>> print(report([("a", Verdict(True, "{G}")), ("b", None), ("c", Verdict(False, "not {B}"))]))
1/3 correct
✓ a: {G}
✗ b: no answer yet
✗ c: not {B}
"""

from __future__ import annotations

from collections.abc import Sequence

from .records import Value


class Verdict(Value):
    """Whether one answer is right, and the feedback line for it."""

    correct: bool
    text: str


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
