"""Misconceptions: the mistakes learners really make on these rules, as runnable models.

Each misconception (:class:`~mtgkit.topics.base.Misconception`) is a named, documented variant
of the rules, defined by its topic module with its example board and its model. It never lives
in the engine: it plugs in at one well-defined point of its situation's model and can be *run*
on any situation whose model knows it, to produce the answer a learner who holds it would give
(see :mod:`mtgkit.topics.base` for where a misconception plugs in).

:func:`believe` runs any set of misconceptions together (a learner may hold two at once);
with none it gives exactly the engine's legal answers. :func:`distractors` lists the wrong
answers they produce on a situation and which misconception produces each, and
:func:`diagnose` names the misconceptions behind a given wrong answer. :data:`CATALOG` has
every misconception of every topic, by name.

>>> m = CATALOG["reflection-doubles-triggered-mana"]
>>> m.example.legal(), m.run(m.example)
(('{G}{G}{G}',), ('{G}{G}{G}{G}',))
>>> diagnose(m.example, "{G}{G}{G}{G}")
['reflection-doubles-triggered-mana']
"""

from __future__ import annotations

from collections.abc import Iterable

from .crlinks import Cited
from .topics import TOPICS
from .topics import topic as find_topic
from .topics.base import Misconception, TopicName, applicable, believe, diagnose, distractors, misses

#: Every misconception, by name, topic by topic (each topic's in the order its record lists them).
CATALOG: dict[str, Misconception] = {m.name: m for t in TOPICS.values() for m in t.misconceptions}


def explain(names: Iterable[str]) -> str:
    """Feedback naming each misconception (a pair is explained part by part)."""
    parts: list[str] = []
    for name in names:
        for part in name.split(" + "):
            text = CATALOG[part].feedback()
            if text not in parts:
                parts.append(text)
    return "\n".join(parts)


def by_topic(topic: TopicName | str) -> list[Misconception]:
    """The misconceptions of ``topic``, in catalog order (``ValueError`` for an unknown topic)."""
    return list(find_topic(topic).misconceptions)


def listed(topic: TopicName | str) -> Cited:
    """The misconceptions of ``topic`` to read in a notebook, one a line: the name, the wrong idea
    in a few words, and the rule it gets wrong.

    >>> print(listed("x-values").text.splitlines()[0])
    copy-keeps-x: a copy keeps the original's X (CR 107.3m)
    """
    return Cited(*(f"{m.name}: {m.title} (CR {m.rule})" for m in by_topic(topic)))


__all__ = ["CATALOG", "Misconception", "applicable", "believe",
           "by_topic", "diagnose", "distractors", "explain", "listed",
           "misses"]
