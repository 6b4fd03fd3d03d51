"""Practice's shortcuts change no question: a pair of variants is answered without a replay when
one of them overrides no decision the play asked under the other (topics/base.py ``_pair``), and
a variant that answers every decision of a play as the CR does isn't played again
(``PlaySituation.plays_as_cr``, by :class:`mtgkit.variants.Watching`); the same stream computed
with every pair and every variant replayed gives exactly the same questions."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from mtgkit import practice, teaching
from mtgkit.topics import base
from mtgkit.variants import CR, Rules


def _stream(topic: str, level: str, seed: int, n: int) -> list[dict[str, Any]]:
    for cache in (teaching._played, teaching._play_consulted, base._answers_asked, base._watch):
        cache.cache_clear()  # each run replays from fresh games
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


@pytest.mark.slow  # about 20 s each: a stream replayed under every variant
@pytest.mark.parametrize(("topic", "level", "seed"), [
    ("monarch", "hard", 3), ("tap-untap", "hard", 1), ("x-values", "hard", 2), ("could-produce", "easy", 1),
    ("tapping", "hard", 4), ("mixed", "hard", 5)])
def test_variants_that_play_as_the_cr_are_not_replayed_and_give_the_same_questions(
        topic: str, level: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    shortcut = base.PlaySituation.plays_as_cr
    checked = []

    def replaying(s: base.PlaySituation, rules: Rules) -> bool:
        same = shortcut(s, rules)
        if same:  # what the shortcut says, checked against a replay: the answers and what was asked
            checked.append(s.answers(s.play.outcomes(rules)) == s.answers(s.play.outcomes())
                           and s.play.consulted(rules) | base._answers_asked(s, rules)
                           == base._watch(s.play)[1][rules] | base._answers_asked(s, CR))
        return False

    fast = _stream(topic, level, seed, 3)
    monkeypatch.setattr(base.PlaySituation, "plays_as_cr", replaying)
    assert _stream(topic, level, seed, 3) == fast
    assert checked and all(checked)


@pytest.mark.parametrize(("topic", "level", "seed"), [("monarch", "easy", 1), ("mixed", "hard", 2)])
def test_steps_checked_against_the_cr_for_variants_that_play_as_it_are_the_same(
        topic: str, level: str, seed: int) -> None:
    """A question's steps say a result only when every variant behind its board expects it: a
    variant that plays the board as the CR does is checked as the CR (no replay); the steps are
    those checked against every variant's own play."""
    checked = 0
    for q in itertools.islice(practice.questions(topic, level, seed), 4):
        s = q.situation
        if isinstance(s, base.PlaySituation) and all(n in base.VARIANTS for n in s.known()):
            assert s.steps() == s.play.says([base.rules_held({n}) for n in s.known()])
            checked += 1
    assert checked
