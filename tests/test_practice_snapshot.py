"""Practice streams are seed-stable: the same seed gives, byte for byte, the same worksheet, the
same answer key and the same feedback for every option, across refactorings.

The digests in ``practice_snapshot.json`` were taken from the streams as they were; a change that
is meant to change what practice asks (a new misconception, a new board, new wording) updates
them on purpose, and says so in its commit:

    .venv/bin/python tests/test_practice_snapshot.py   # rewrites practice_snapshot.json
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from mtgkit.misconceptions import CATALOG
from mtgkit.practice import LEVELS, TOPICS, grade, render_worksheet, worksheet

HERE = Path(__file__).resolve().parent
FILE = HERE / "practice_snapshot.json"
SEEDS = (0, 7, 11, 20)
N = 15


def sheet_text(topic: str, level: str, seed: int) -> str:
    """Everything a learner or a teacher can read from one stream: the sheet, the key with its
    explanations and misconception titles, and the feedback for every option of every question."""
    qs = worksheet(topic, level, N, seed)
    parts = [render_worksheet(qs), render_worksheet(qs, key=True, links=True)]
    for q in qs:
        parts.append(repr((q.topic, q.level, q.seed, q.number, q.board, q.prompt, q.options, q.answers,
                           q.wrong, q.claim, q.kind)))
        for option in q.options:
            fb = grade(q, option)
            parts.append(f"{option!r} {fb.correct} {fb.misconceptions!r}\n{fb.message}")
    return "\n".join(parts)


def catalog_text() -> str:
    """Every misconception as the docs and the feedback show it."""
    return "\n".join(
        f"{m.name}|{m.topic}|{m.title}|{m.description}|{m.rule}|{m.rule_says}|{m.plugs_in}|{m.ask}|"
        f"{m.example.describe()}|{m.example.legal()}|{m.run(m.example)}\n{m.feedback()}"
        for m in CATALOG.values())


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def snapshot() -> dict[str, str]:
    found = {f"{t}/{lv}/{s}": digest(sheet_text(t, lv, s)) for t in TOPICS for lv in LEVELS for s in SEEDS}
    found["catalog"] = digest(catalog_text())
    return found


@pytest.mark.parametrize("topic", list(TOPICS))
@pytest.mark.parametrize("level", list(LEVELS))
def test_practice_streams_are_unchanged(topic: str, level: str) -> None:
    saved = json.loads(FILE.read_text())
    for seed in SEEDS:
        key = f"{topic}/{level}/{seed}"
        assert digest(sheet_text(topic, level, seed)) == saved[key], f"the {key} stream changed"


def test_the_misconception_catalog_is_unchanged() -> None:
    assert digest(catalog_text()) == json.loads(FILE.read_text())["catalog"]


if __name__ == "__main__":
    FILE.write_text(json.dumps(snapshot(), indent=1, sort_keys=True) + "\n")
    sys.exit(0)
