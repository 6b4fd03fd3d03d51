"""Practice's shortcuts change no question: a pair of variants is answered without a replay when
one of them overrides no decision the play asked under the other (topics/base.py ``_pair``); the
same stream computed with every pair replayed gives exactly the same questions."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from mtgkit import practice, teaching
from mtgkit.topics import base


def _stream(topic: str, level: str, seed: int, n: int) -> list[dict[str, Any]]:
    teaching._played.cache_clear()  # each run replays from fresh games
    return [q.as_dict() for q in itertools.islice(practice.questions(topic, level, seed), n)]


@pytest.mark.slow  # about 12 s each: three streams of a hard topic
@pytest.mark.parametrize(("topic", "level", "seed"), [("monarch", "hard", 1), ("could-produce", "hard", 2)])
def test_pairs_answered_without_a_replay_give_the_same_questions(
        topic: str, level: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    shortcut = base._pair
    skipped = []

    def counting(s: base.Situation, a: str, b: str) -> tuple[str, ...]:
        replayed = base.believe(s, frozenset({a, b}))
        got = shortcut(s, a, b)
        skipped.append(got == replayed)
        return got

    fast = _stream(topic, level, seed, 4)
    monkeypatch.setattr(base, "_pair", lambda s, a, b: base.believe(s, frozenset({a, b})))
    assert _stream(topic, level, seed, 4) == fast
    monkeypatch.setattr(base, "_pair", counting)
    _stream(topic, level, seed, 2)
    assert skipped and all(skipped)  # pairs were asked, and every shortcut answer is the replay's
