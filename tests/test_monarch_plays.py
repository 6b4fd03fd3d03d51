"""The monarch's new practice interactions (issue 30 item 7) and endless, varied monarch streams
(item 5): each play read off the engine (and under the variants that give its wrong options),
each interaction in every 200 hard questions, and a stream's length, repeats and stem templates."""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections import Counter

import pytest

from mtgkit.practice import Question, questions
from mtgkit.topics import monarch as m
from mtgkit.topics.base import distractors, rules_held


def _answers(s: m.CrownPlay, *held: str) -> tuple[str, ...]:
    return s.under(rules_held(held)) if held else s.legal()


def test_first_strike_kills_the_protector_before_the_rest_hit_the_monarch() -> None:
    # the Bolt leaves Protector of the Crown with 3 damage; the Knight's 2 first-strike damage is
    # redirected to it and it dies; the Bears' damage in the second step reaches Bob
    play = m.strike_play(["Grizzly Bears", "Youthful Knight"], protector=True, bolt_protector=True)
    s = m.CrownPlay(play, "monarch and life", "Bob", kind="strike")
    assert s.legal() == ("Alice is the monarch; Bob has 18 life",)
    all_at_once = _answers(s, m.CombatMistake.FIRST_STRIKE_DAMAGE_ALL_AT_ONCE)
    assert all_at_once == ("Bob is the monarch; Bob has 20 life",)  # both redirected at once
    assert all_at_once[0] in distractors(s)


def test_double_strike_and_first_strike_variants_change_the_life_total() -> None:
    s = m.CrownPlay(m.strike_play(["Fencing Ace", "Youthful Knight"]), "monarch and life", "Bob",
                    kind="strike")
    assert s.legal() == ("Alice is the monarch; Bob has 16 life",)
    assert _answers(s, m.CombatMistake.DOUBLE_STRIKE_HITS_ONCE) == ("Alice is the monarch; Bob has 17 life",)
    assert _answers(s, m.CombatMistake.FIRST_STRIKE_HITS_TWICE) == ("Alice is the monarch; Bob has 14 life",)


def test_trample_past_a_blocker_into_the_monarch_or_its_protector() -> None:
    s = m.CrownPlay(m.trample_play("Colossal Dreadmaw", ["Craw Wurm"], bolt="Craw Wurm"), "monarch and life",
                    "Bob", kind="trample")
    assert s.legal() == ("Alice is the monarch; Bob has 15 life",)  # 1 is lethal to the bolted Wurm
    assert _answers(s, m.CombatMistake.TRAMPLE_IGNORES_MARKED_DAMAGE) == (
        "Alice is the monarch; Bob has 18 life",)
    assert _answers(s, m.CombatMistake.BLOCKED_TRAMPLER_HITS_ONLY_BLOCKERS) == (
        "Bob is the monarch; Bob has 20 life",)
    guarded = m.CrownPlay(m.trample_play("Colossal Dreadmaw", ["Craw Wurm"], bolt="Craw Wurm", protectors=1),
                          "monarch and protectors", "Bob", kind="trample")
    # 5 damage past the Wurm is redirected to the Protector, which dies; the crown stays with Bob
    assert guarded.legal() == ("Bob is the monarch; Bob controls 0 Protectors of the Crown",)


def test_jailers_prisoner_returns_for_good_once_an_opponent_took_the_crown() -> None:
    s = m.CrownPlay(m.jailer_again_play("Hill Giant", "Grizzly Bears"), "monarch and creatures", "Bob",
                    kind="jailer")
    assert s.legal() == ("Alice is the monarch; Alice controls 1 creature, Bob 2",)
    assert _answers(s, m.CombatMistake.EXILE_LASTS_WHILE_JAILER_STAYS) == (
        "Alice is the monarch; Alice controls 1 creature, Bob 1",)


def test_marchesas_intervening_if_is_checked_again_as_it_resolves() -> None:
    s = m.CrownPlay(m.marchesa_play(("Alice", "Bob", "Carol"), "Bob", "Bob"), "monarch and creatures",
                    "Alice", kind="marchesa")
    assert s.legal() == ("Alice is the monarch; Alice controls 1 creature",)  # no Assassin
    assert _answers(s, m.CombatMistake.INTERVENING_IF_CHECKED_ONCE) == (
        "Alice is the monarch; Alice controls 2 creatures",)
    other = m.CrownPlay(m.marchesa_play(("Alice", "Bob", "Carol"), "Bob", "Carol"), "monarch and creatures",
                        "Alice", kind="marchesa")
    assert other.legal() == ("Bob is the monarch; Alice controls 2 creatures",)  # Bob still is


def test_a_stolen_protector_guards_its_new_controller() -> None:
    s = m.CrownPlay(m.protector_treason_play([]), "monarch and life", "Bob", kind="treason-protector")
    assert s.legal() == ("Alice is the monarch; Bob has 18 life",)
    both = m.CrownPlay(m.protector_treason_play([], second=True), "monarch and life", "Bob",
                       kind="treason-protector")
    assert both.legal() == ("Bob is the monarch; Bob has 20 life",)  # his other Protector takes it


def test_the_crown_after_the_end_steps_trigger_point_draws_nothing_that_turn() -> None:
    late = m.CrownPlay(m.late_crown_play(("Alice", "Bob", "Carol"), "Bob"), "cards drawn", "Alice",
                       kind="late-crown")
    early = m.CrownPlay(m.late_crown_play(("Alice", "Bob", "Carol"), "Bob", step="main2"), "cards drawn",
                        "Alice", kind="late-crown")
    assert late.legal() == ("Alice is the monarch; Alice has drawn 0 cards",)
    assert early.legal() == ("Alice is the monarch; Alice has drawn 1 card",)


@pytest.mark.parametrize("kind", sorted(m.INTERACTIONS))
def test_every_interaction_builds_questions_with_wrong_options(kind: str) -> None:
    rng = random.Random(kind)
    found = 0
    for _ in range(6):
        drawn = m.INTERACTIONS[kind](rng, "easy")
        if drawn is None:
            continue
        s, _stem = drawn
        assert isinstance(s, m.CrownPlay) and dict(s.tags())["interaction"] == kind
        legal = s.legal()
        assert legal and legal == s.answers(s.outcomes())
        found += bool(set(distractors(s, pairs=False)) - set(legal))
    assert found >= 2


# ------------------------------------------------------------------ streams (slow: ~2.5 min per hard stream)
@functools.lru_cache(maxsize=8)
def _stream(level: str, seed: int) -> tuple[Question, ...]:
    return tuple(itertools.islice(questions("monarch", level, seed=seed), 200))


def _template(prompt: str) -> str:
    """A question's stem template: its words with the CR numbers, names and numbers left out."""
    prompt = re.sub(r"\s*\(CR [^)]*\)\s*$", "", prompt)
    return re.sub(r"\d+", "N", re.sub(r"\b(Alice|Bob|Carol|Dave)\b", "P", prompt))


@pytest.mark.sweep
@pytest.mark.parametrize("seed", [1, 2])
def test_each_interaction_within_200_hard_questions(seed: int) -> None:
    qs = _stream("hard", seed)
    assert len(qs) == 200  # endless enough: hard used to stop after 39
    seen = Counter(dict(q.tags).get("interaction", "") for q in qs)
    missing = [k for k in m.INTERACTIONS if not seen[k]]
    assert not missing, seen
    boards = Counter((q.board, q.steps) for q in qs)
    assert boards.most_common(1)[0][1] <= 10


@pytest.mark.sweep
def test_hard_streams_vary_their_stems() -> None:
    temps = [_template(q.prompt) for q in _stream("hard", 1)]
    worst = min(len(set(temps[i:i + 20])) for i in range(len(temps) - 19))
    assert worst >= 12


@pytest.mark.sweep
def test_an_easy_stream_is_endless_and_varied() -> None:
    qs = _stream("easy", 1)
    assert len(qs) == 200
    seen = Counter(dict(q.tags).get("interaction", "") for q in qs)
    assert all(seen[k] for k in m.INTERACTIONS), seen
    assert Counter((q.board, q.steps) for q in qs).most_common(1)[0][1] <= 10
