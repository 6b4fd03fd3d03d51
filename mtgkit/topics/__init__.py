"""The topics of the course, one module each, and the one registry of them.

A topic module owns everything about its topic: the notebooks' cases and checkers, the
practice boards (each its own misconception model), the misconceptions with their example
boards, and the practice generator; it exports one :class:`~mtgkit.topics.base.Topic` record,
``TOPIC``. Topic modules never import each other (a test checks it); what they share is in
:mod:`mtgkit.teaching` (the question protocol, reasons, grading), :mod:`mtgkit.topics.base`
(situations, misconceptions, stems, the record) and :mod:`mtgkit.topics.boards` (boards as data).

:data:`TOPICS` maps each name of :data:`~mtgkit.topics.base.TopicName` to its record, in the
order practice and the misconception catalog list them. A topic's record also lists its lessons
(:class:`~mtgkit.topics.base.Lesson`: the notebooks that teach it, their titles and exercises with
their checkers), from which :mod:`mtgkit.course` orders the course and :mod:`mtgkit.assignments`
grades it. Adding a topic is one module and one line here (and its name in ``TopicName``), its
course source and its tests: ``python tools/new_topic.py NAME`` writes them (CONTRIBUTING.md).

>>> list(TOPICS)
['could-produce', 'tapping', 'x-values', 'tap-untap', 'monarch']
>>> TOPICS["monarch"].notebooks
('06-the-monarch', '07-protector-of-the-crown')
>>> topic("monarchs")
Traceback (most recent call last):
...
ValueError: unknown topic 'monarchs'; topics are could-produce, tapping, x-values, tap-untap, monarch
"""

from __future__ import annotations

from . import could_produce, monarch, tap_untap, tapping, x_values
from .base import LEVELS, Level, Topic, TopicName

#: Every topic, by name.
TOPICS: dict[TopicName, Topic] = {t.name: t for t in (
    could_produce.TOPIC,
    tapping.TOPIC,
    x_values.TOPIC,
    tap_untap.TOPIC,
    monarch.TOPIC,
)}


def topic(name: str) -> Topic:
    """The topic called ``name``; ``ValueError`` naming the topics if there is none."""
    for t in TOPICS.values():
        if t.name == name:
            return t
    raise ValueError(f"unknown topic {name!r}; topics are {', '.join(TOPICS)}")


__all__ = ["LEVELS", "TOPICS", "Level", "Topic", "TopicName", "topic"]
