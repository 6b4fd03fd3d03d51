"""The topic registry: every registered topic is complete (its module, its notebooks and their
sources, its exercises in the grading table, its misconceptions with example boards that show
the difference, a practice generator for both levels, the browser tier's expected answers),
and every case, notebook or practice, keeps the one question protocol.

Adding a topic (CONTRIBUTING.md) is done when this file passes."""

from __future__ import annotations

import importlib
import random
import typing
from collections.abc import Hashable
from pathlib import Path

import pytest
from browser import expected as E

from mtgkit import lessons, practice, teaching
from mtgkit.assignments import EXERCISES
from mtgkit.course import NOTEBOOKS
from mtgkit.misconceptions import CATALOG
from mtgkit.practice import worksheet
from mtgkit.situations import SITUATION_TYPES
from mtgkit.teaching import Case
from mtgkit.topics import TOPICS, Topic, topic
from mtgkit.topics.base import LEVELS, VARIANTS, Misconception, MisconceptionName, Situation, TopicName
from mtgkit.topics.crossing import Crossed

ROOT = Path(__file__).resolve().parents[1]
NAMES = list(TOPICS)
STEMS = [stem for stem, _ in NOTEBOOKS]


def test_the_registry_is_the_topic_names_literal() -> None:
    assert NAMES == list(typing.get_args(TopicName))
    assert all(t.name == name for name, t in TOPICS.items())
    with pytest.raises(ValueError, match="unknown topic 'x'; topics are could-produce, tapping"):
        topic("x")


@pytest.mark.parametrize("name", NAMES)
def test_each_topic_is_one_module_exporting_its_record(name: str) -> None:
    module = importlib.import_module(f"mtgkit.topics.{name.replace('-', '_')}")
    record = module.TOPIC
    assert isinstance(record, Topic) and record is TOPICS[name]
    assert record.generate.__module__ == module.__name__
    assert all(s.__module__ == module.__name__ and s.topic == name for s in record.situations)
    assert record.title


@pytest.mark.parametrize("name", NAMES)
def test_each_topic_has_notebooks_with_sources_and_graded_exercises(name: str) -> None:
    t = topic(name)
    module = importlib.import_module(t.generate.__module__)
    assert t.notebooks, f"{name}: no notebook teaches it"
    for stem in t.notebooks:
        assert stem in STEMS, f"{stem} is not in course.NOTEBOOKS"
        assert (ROOT / "tools" / "course" / f"{stem}.py").is_file(), f"{stem}: no course source"
        assert (ROOT / "notebooks" / f"{stem}.ipynb").is_file(), f"{stem}: not built"
        rows = [ex for ex in EXERCISES if ex.notebook == stem]
        assert rows, f"{stem}: no exercise in assignments.EXERCISES"
        for ex in rows:
            # the topic's own checker, or a shared one, as a reference to the function
            assert callable(ex.check) and ex.call.startswith(f"{ex.check.__name__}({ex.answers[0]}, ")
            owners = [m for m in (module, teaching, practice)
                      if getattr(m, ex.check.__name__, None) is ex.check]
            assert owners, f"{stem}: {ex.check.__name__} is neither {name}'s nor shared"
            assert (ROOT / "notebooks" / "solutions" / ex.solution).is_file(), ex.solution
    taught = [stem for t in TOPICS.values() for stem in t.notebooks]
    assert len(taught) == len(set(taught)), "a notebook belongs to one topic"


@pytest.mark.parametrize("name", NAMES)
def test_each_topic_has_misconceptions_with_example_boards(name: str) -> None:
    t = topic(name)
    assert t.misconceptions, f"{name}: no misconceptions"
    # a model: a situation's own, or a registered rule variant (mtgkit.topics.base.VARIANTS)
    variants = {str(m.name) for m in t.misconceptions if m.plugs_in == "variant"}
    assert variants <= set(VARIANTS), f"{name}: a variant misconception without its registered variant"
    known = {str(n) for s in t.situations for n in s.misconceptions} | variants
    names = [str(m.name) for m in t.misconceptions]
    assert set(names) == known, "every misconception has a model, and every model's names are the topic's"
    assert len(names) == len(set(names))
    for m in t.misconceptions:
        assert isinstance(m, Misconception) and isinstance(m.name, MisconceptionName)
        assert m.topic == name and CATALOG[m.name] is m
        assert isinstance(m.example, t.situations) and m.applies_to(m.example)
        assert set(m.run(m.example)) != set(m.example.legal()), f"{m.name}: its example shows no difference"
        assert m.title and m.description and m.rule and m.rule_says and m.ask
        assert m.plugs_in in typing.get_args(typing.get_type_hints(Misconception)["plugs_in"])


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_each_topic_generates_practice_at_both_levels(name: str, level: str) -> None:
    t = topic(name)
    drawn = None
    rng = random.Random(0)
    for _ in range(50):
        drawn = t.generate(rng, level)
        if drawn is not None:
            break
    assert drawn is not None and isinstance(drawn[0], t.situations) and drawn[1].asks
    qs = worksheet(name, level, 3, seed=0)
    # each on one of the topic's own boards, or (at hard) a board it crosses with another topic
    assert len(qs) == 3 and all(q.topic == name and (isinstance(q.situation, t.situations) or (
        isinstance(q.situation, Crossed) and name in q.situation.crosses)) for q in qs)


@pytest.mark.parametrize("name", NAMES)
def test_each_topic_has_expected_answers_for_the_browser_tier(name: str) -> None:
    t = topic(name)
    for stem in t.notebooks:
        assert E.QUIZZES.get(stem) or E.EXPLORERS.get(stem), f"{stem}: no quiz or explorer in expected.py"
    assert any(step.topic == name for step in E.PRACTICE), f"{name}: not practised in expected.PRACTICE"


def test_situation_types_are_the_registered_ones() -> None:
    assert set(SITUATION_TYPES) == {s for t in TOPICS.values() for s in t.situations}
    assert all(issubclass(s, Situation) for s in SITUATION_TYPES)


# ----------------------------------------------------------------------------- one question protocol
def _notebook_cases() -> list[object]:
    """One of every kind of case the notebooks grade or quiz."""
    return [
        lessons.ActivationCase("Llanowar Elves", "this turn", False),
        lessons.ActivationWith("Llanowar Elves", "this turn", False, also=("Mass Hysteria",)),
        lessons.AttackCase("Raging Goblin", "this turn"),
        lessons.AttackWith("Grizzly Bears", "this turn", also=("Mass Hysteria",)),
        lessons.TapCase(("Forest", "Mana Reflection"), ("Contamination",)),
        lessons.CouldCase(("Exotic Orchard",), ("Forest",)),
        lessons.XCase("Walking Ballista", 2, "copied by Clone"),
        lessons.ChaliceCase("Walking Ballista", 1),
        lessons.MonarchCase(("Grizzly Bears",), protectors=1),
        lessons.BoltCase(1),
        lessons.LeaveCase(("Alice", "Bob", "Carol"), "Alice", "Bob", "Bob"),
    ]


def _practice_boards() -> list[object]:
    return [m.example for m in CATALOG.values()]


@pytest.mark.parametrize("case", _notebook_cases() + _practice_boards(), ids=lambda c: type(c).__name__)
def test_every_case_is_a_board_with_legal_answers(case: object) -> None:
    assert isinstance(case, Case)
    assert isinstance(case.key(), Hashable) and hash(case.key()) == hash(case.key())
    assert case.describe() and case.explain()
    assert case.legal(), "a case has at least one legal answer"
    assert type(case).__module__.startswith("mtgkit.topics.")


def test_a_notebook_case_and_its_practice_board_are_one_board() -> None:
    """The notebooks' cases that ask what practice asks are views of its boards, not copies."""
    tap = lessons.TapCase(("Forest", "Mana Reflection"), ("Contamination",))
    assert [str(m) for m in tap.legal()] == list(tap.situation().legal())
    could = lessons.CouldCase(("Exotic Orchard",), ("Forest",))
    assert could.legal() == (could.situation().types(),)
    combat = lessons.MonarchCase(("Grizzly Bears", "Hill Giant"), protectors=2)
    assert combat.results() is combat.situation().results()


# ----------------------------------------------------------------------------- CONTRIBUTING.md
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text()


def _blocks() -> list[str]:
    import re

    return re.findall(r"```python\n(.*?)```", CONTRIBUTING, re.S)


def test_contributings_example_topic_is_a_complete_working_topic() -> None:
    """The guide's example topic module runs as a module of the topics package and gives what
    the registry's topics give: a record, a misconception its example board shows, practice."""
    import sys
    import types

    from mtgkit.topics.base import distractors

    source = next(b for b in _blocks() if b.startswith('"""Haste'))
    module = types.ModuleType("mtgkit.topics.haste")
    module.__package__ = "mtgkit.topics"
    sys.modules[module.__name__] = module
    try:
        exec(compile(source, "CONTRIBUTING.md", "exec"), module.__dict__)  # our own documentation
    finally:
        del sys.modules[module.__name__]
    record = module.TOPIC
    assert isinstance(record, Topic) and record.name == "haste"
    m = record.misconceptions[0]
    assert m.run(m.example) == ("no",) and m.example.legal() == ("yes",)
    assert "702.10b" in m.example.explain()
    assert distractors(m.example) == {"no": ("haste-only-for-abilities",)}
    bears = module.Attack("Grizzly Bears")
    assert bears.legal() == ("no",) and "302.6" in bears.explain()
    for level in LEVELS:
        drawn = record.generate(random.Random(1), level)
        assert drawn is not None and isinstance(drawn[0], record.situations)


def test_contributings_cards_are_the_catalogs() -> None:
    import re

    from mtgkit.cards import CATALOG as CARDS
    from mtgkit.cards import parse_cards

    source = next(b for b in re.findall(r"```toml\n(.*?)```", CONTRIBUTING, re.S) if "[[card]]" in b)
    made = parse_cards(source, "CONTRIBUTING.md")
    assert [c.name for c in made] == ["Llanowar Elves", "Vivid Crag", "Serra Angel"]
    assert all(c == CARDS[c.name] for c in made)
