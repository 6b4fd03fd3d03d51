"""Crossed questions (mtgkit.topics.crossing): plays two topics' rules decide, their answers read
off the engine, their wrong options every topic's variants; the hard streams and the mixed stream."""

from __future__ import annotations

import itertools
import random

import pytest

from mtgkit.practice import MIXED, STREAMS, TOPICS, questions
from mtgkit.topics import crossing
from mtgkit.topics.base import VARIANTS, applicable, distractors


@pytest.mark.parametrize(("pair", "build"), crossing.BUILDERS, ids=[b.__name__ for _, b in crossing.BUILDERS])
def test_each_builder_plays_in_the_engine_and_reads_its_answers_off_it(pair, build) -> None:  # type: ignore[no-untyped-def]
    seen = set()
    for seed in range(12):
        drawn = build(random.Random(seed))
        if drawn is None:
            continue
        s, stem = drawn
        assert s.crosses == pair and stem.asks and "CR " in stem.rules
        legal = s.legal()
        assert legal, (seed, s.steps())
        # every legal outcome's answer, read again from the outcomes, and nothing else
        labels = s.play.labels()
        assert set(legal) == {s.answer_of(o, labels) for o in s.play.outcomes()}
        seen.update(legal)
    assert len(seen) >= 3, "a builder whose answer never varies teaches one fact"


def test_every_topic_is_crossed_with_another() -> None:
    assert crossing.covered(TOPICS) == frozenset(TOPICS)
    assert all(len(set(pair)) == 2 for pair, _ in crossing.BUILDERS)


def test_a_crossed_question_knows_the_variants_of_every_topic_its_play_asks() -> None:
    """Its model is the variants: each known misconception is a registered variant whose
    decision the play asked, and each wrong answer is what the play gives under one (or two)."""
    for _, build in crossing.BUILDERS:
        for seed in range(6):
            drawn = build(random.Random(seed))
            if drawn is None:
                continue
            s, _ = drawn
            for name in applicable(s):
                assert name in VARIANTS
            for answer, who in distractors(s).items():
                assert answer not in s.legal() and who


def test_the_mixed_stream_is_offered_everywhere_a_stream_is() -> None:
    assert MIXED in STREAMS
    qs = list(itertools.islice(questions(MIXED, "easy", 3), 10))
    assert len(qs) == 10 and all(q.topic == MIXED for q in qs)


def _crossed_share(level: str, topic: str, seeds: range, n: int = 20) -> float:
    qs = [q for seed in seeds for q in itertools.islice(questions(topic, level, seed), n)]
    return sum("crosses" in dict(q.tags) for q in qs) / len(qs)


@pytest.mark.slow
@pytest.mark.parametrize("topic", TOPICS)
def test_at_least_three_in_ten_hard_questions_cross_two_topics(topic: str) -> None:
    assert _crossed_share("hard", topic, range(1)) >= 0.3


#: The words by which a crossed stem asks about each kind of thing its asks read.
ASKED = {"pool": ("pool",), "monarch": ("monarch", "crown"), "creatures": ("creatures",),
         "counters": ("+1/+1 counters",), "could": ("produce",), "can": ("activate",)}


@pytest.mark.parametrize(("pair", "build"), crossing.BUILDERS, ids=[b.__name__ for _, b in crossing.BUILDERS])
def test_a_crossed_stem_asks_what_its_answers_say_in_their_order_in_several_ways(  # type: ignore[no-untyped-def]
        pair, build) -> None:
    """Issue 30 item 5: a crossed question is asked in one of several ways (when, then what), each
    asking about exactly the things its answer reads, in the order the answer gives them; the
    same board is always asked the same way."""
    said = set()
    for seed in range(40):
        drawn = build(random.Random(seed))
        if drawn is None:
            continue
        s, stem = drawn
        (asks,) = stem.asks
        assert asks.startswith(crossing._WHEN) and asks.endswith("?")
        where = [min(i for w in ASKED[a.kind] if (i := asks.find(w)) >= 0) for a in s.asks]
        assert where == sorted(where), asks  # each thing asked about, in the answer's order
        assert len(s.asks) == len(s.legal()[0].split("; "))
        assert build(random.Random(seed))[1].asks == stem.asks  # the board picks its words
        said.add(asks)
    assert len(said) >= 8, sorted(said)


def test_summoning_sickness_and_q_under_mana_reflection_as_the_engine_plays_them() -> None:
    """reflected_then_sick: each Forest makes {G}{G} under Mana Reflection and Heartbeat of Spring
    adds one {G} it doesn't double (CR 106.12a, 614.1a); a creature that came under Alice's control
    this turn can't pay {T} (302.6); {Q} can't be paid by an untapped permanent (107.6)."""
    found = {}
    for seed in range(60):
        drawn = crossing.reflected_then_sick(random.Random(seed))
        assert drawn is not None
        s, _ = drawn
        card = next(p for p in s.play.setup.pieces if p.card in ("Llanowar Elves", "Pili-Pala"))
        forests = sum(p.card == "Forest" for p in s.play.setup.pieces)
        (answer,) = s.legal()
        assert answer.startswith("Alice's mana pool holds " + "{G}" * 3 * forests + ";")
        can = card.arrived == "last turn" and (card.card == "Llanowar Elves" or card.tapped)
        assert answer.endswith("she can activate it" if can else "she can't activate it"), (card, answer)
        found[(card.card, card.arrived, card.tapped)] = answer
    assert len(found) == 6  # every kind of board is drawn
