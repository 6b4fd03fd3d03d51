"""The practice bank, measured from its JSON export (``mtgkit worksheet --format json``): over
every topic, both levels, 12 seeds and streams of 20 questions, hard questions are hard (four
options or more, never true/false, mostly scenario questions of two steps or more), no answer
text is right in more than a quarter of a stream, "nothing" in more than a fifth, true/false is
at most a quarter of an easy stream, and the crown moves, stays and is nobody's in every monarch
stream. The figures are printed (``pytest -s``) for the report a change to the generators makes."""

from __future__ import annotations

import json
import multiprocessing
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from mtgkit.misconceptions import CATALOG
from mtgkit.practice import LEVELS, NOTHING, QUESTION_KINDS, TOPICS, as_json, worksheet

# Not in the fast tier (kit.py fast): every stream of every topic and level, drawn in full.
pytestmark = pytest.mark.sweep  # the 12-seed JSON export of every topic and level (also slow)

SEEDS = range(12)
N = 20
FIELDS = {"topic", "level", "seed", "number", "kind", "board", "steps", "cards", "stem", "options", "right",
          "rules", "misconceptions", "explanation", "tags"}


def stream(job: tuple[str, str, int]) -> list[dict[str, Any]]:
    topic, level, seed = job
    data: list[dict[str, Any]] = json.loads(as_json(worksheet(topic, level, N, seed)))
    return data


@pytest.fixture(scope="module")
def bank() -> dict[tuple[str, str], list[list[dict[str, Any]]]]:
    """Every stream, as JSON, by (topic, level)."""
    jobs = [(t, lv, s) for t in TOPICS for lv in LEVELS for s in SEEDS]
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        streams = list(pool.map(stream, jobs))
    found: dict[tuple[str, str], list[list[dict[str, Any]]]] = {}
    for (t, lv, _), qs in zip(jobs, streams, strict=True):
        found.setdefault((t, lv), []).append(qs)
    return found


def figures(streams: list[list[dict[str, Any]]]) -> dict[str, float]:
    qs = [q for s in streams for q in s]
    top = max(max(Counter(q["options"][i] for q in s for i in q["right"]).values()) for s in streams)
    nothing = max(sum(any(q["options"][i] in NOTHING for i in q["right"]) for q in s) for s in streams)
    return {
        "questions": len(qs),
        "true-false": sum(q["kind"] == "true-false" for q in qs) / len(qs),
        "which-rule": sum(q["kind"] == "which-rule" for q in qs) / len(qs),
        "4+ options": sum(len(q["options"]) >= 4 for q in qs) / len(qs),
        "2+ steps": sum(len(q["steps"]) >= 2 for q in qs) / len(qs),
        "top answer share": top / N,
        "nothing share": nothing / N,
    }


Bank = dict[tuple[str, str], list[list[dict[str, Any]]]]


def test_every_stream_is_full_and_well_formed(bank: Bank) -> None:
    for (topic, level), streams in bank.items():
        for qs in streams:
            assert len(qs) == N, (topic, level)
            for q in qs:
                assert set(q) == FIELDS and q["kind"] in QUESTION_KINDS
                assert (q["topic"], q["level"]) == (topic, level)
                assert q["right"] and all(0 <= i < len(q["options"]) for i in q["right"])
                assert len(set(q["options"])) == len(q["options"])
                for index, names in q["misconceptions"].items():
                    assert int(index) not in q["right"] and names and isinstance(names, list)
                    assert all(part in CATALOG for name in names for part in name.split(" + "))
                wrong = set(range(len(q["options"]))) - set(q["right"])
                if q["kind"] != "which-rule":  # a wrong rule may be one no misconception names
                    assert {int(i) for i in q["misconceptions"]} == wrong, q["stem"]
                assert q["rules"] and all(r[0].isdigit() for r in q["rules"])


@pytest.mark.parametrize("topic", TOPICS)
def test_hard_questions_are_hard(bank: dict[tuple[str, str], list[list[dict[str, Any]]]], topic: str) -> None:
    f = figures(bank[(topic, "hard")])
    print(f"\n{topic} hard: {f}")
    assert f["true-false"] == 0
    assert f["4+ options"] == 1
    assert f["2+ steps"] >= 0.7


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("topic", TOPICS)
def test_no_answer_is_right_too_often(bank: dict[tuple[str, str], list[list[dict[str, Any]]]], topic: str,
                                      level: str) -> None:
    f = figures(bank[(topic, level)])
    print(f"\n{topic} {level}: {f}")
    assert f["top answer share"] <= 0.25
    assert f["nothing share"] <= 0.2
    for qs in bank[(topic, level)]:
        assert sum(q["kind"] == "true-false" for q in qs) <= N / 4


@pytest.mark.parametrize("level", LEVELS)
def test_the_crown_moves_stays_and_is_nobodys(bank: dict[tuple[str, str], list[list[dict[str, Any]]]],
                                              level: str) -> None:
    for qs in bank[("monarch", level)]:
        crowns = Counter(q["tags"].get("crown") for q in qs)
        assert crowns["moves"] and crowns["stays"] and crowns["nobody"], crowns
