"""Capstones: hand-written, judge-style scenario questions kept as data (mtgkit/capstones/*.toml),
each checked by the engine: the right answer is what the engine produces, every wrong option fails
one of its claims and is named after a catalogued misconception (whose model, where the capstone
has one, gives that option on the same play); offered by `mtgkit worksheet --topic capstones` and
in notebook 08."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import cr_rules

from mtgkit import capstones
from mtgkit.cards import CATALOG as CARDS
from mtgkit.misconceptions import CATALOG
from mtgkit.practice import STREAMS, as_json, grade, worksheet
from mtgkit.topics import TOPICS

ROOT = Path(__file__).resolve().parents[1]
CAPS = capstones.load()


def test_at_least_twelve_capstones_with_unique_ids() -> None:
    assert len(CAPS) >= 12
    ids = [c.id for c in CAPS]
    assert len(ids) == len(set(ids))
    for c in CAPS:
        assert Path(c.path).name.startswith(f"{c.id}-")


@pytest.mark.parametrize("cap", CAPS, ids=lambda c: c.id)
def test_each_capstone_passes_its_engine_check(cap: capstones.Capstone) -> None:
    assert capstones.check(cap) == []


@pytest.mark.parametrize("cap", CAPS, ids=lambda c: c.id)
def test_each_capstone_is_written_like_a_judges_question(cap: capstones.Capstone) -> None:
    assert set(cap.topics) <= set(TOPICS) and cap.level in ("easy", "hard")
    assert cap.setup_words and cap.question.endswith("?") and len(cap.why) > 100
    assert len(cap.options) >= 4 and sum(o.right for o in cap.options) == 1
    assert len({o.text for o in cap.options}) == len(cap.options)
    assert all(name in CARDS for name in cap.cards)
    played = {p.card for p in cap.play.setup.pieces}
    assert played <= set(cap.cards) | {"Food"}, played - set(cap.cards)
    assert len(cap.steps()) >= 1
    for o in cap.options:
        if not o.right:
            assert all(part in CATALOG for part in o.misconception.split(" + ")) and o.because


def test_the_rules_capstones_cite_exist_in_the_edition() -> None:
    present = cr_rules()  # the shipped numbers of the edition (tests/cr_numbers.json)
    cited = {r for c in CAPS for r in c.rules}
    assert cited <= present, sorted(cited - present)


def test_a_capstone_whose_right_answer_the_engine_denies_is_caught() -> None:
    """The check can fail: swap the right option of K1 with a wrong one."""
    k1 = capstones.by_id("K1")
    options = [o.replace(right=not o.right) if i < 2 else o for i, o in enumerate(k1.options)]
    assert capstones.check(k1.replace(options=tuple(options)))


def test_capstones_are_a_practice_stream_and_a_worksheet(tmp_path: Path) -> None:
    assert "capstones" in STREAMS
    qs = worksheet("capstones", "hard", 50, seed=3)
    assert sorted(q.situation.key() for q in qs) == sorted(c.key() for c in CAPS)
    assert [q.key for q in worksheet("capstones", "hard", 50, seed=3)] == [q.key for q in qs]
    for q in qs:
        assert grade(q, q.answer).correct
        for option in q.options:
            if option not in q.answers:
                fb = grade(q, option)
                assert not fb.correct and fb.misconceptions and "misconception" in fb.message
    data = json.loads(as_json(qs))
    assert all(d["topic"] == "capstones" and len(d["steps"]) >= 1 and d["rules"] for d in data)
    out = subprocess.run([sys.executable, "-m", "mtgkit", "worksheet", "--topic", "capstones", "--n", "12",
                          "--seed", "1", "--out", str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    key = (tmp_path / "worksheet-capstones-seed1-key.md").read_text()
    assert key.count("✓") == 12 and "comes from the misconception" in key


def test_the_practice_notebook_offers_the_capstones() -> None:
    from mtgkit.practice import LESSON

    source = (ROOT / "tools" / "course" / f"{LESSON.stem}.py").read_text()
    assert "capstones" in source
