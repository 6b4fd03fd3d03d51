"""Situations: the boards practice questions and misconceptions are about, as plain data.

Each topic module (:mod:`mtgkit.topics`) defines its own practice boards; this module gathers
them for code written against ``mtgkit.situations``. A situation is a small immutable record (a
board and what happens on it) that builds a fresh game whenever it is asked, and answers with
*every* legal outcome: when a player makes a choice along the way, each legal choice is tried
with :mod:`mtgkit.outcomes`. Answers are short strings a learner can pick from (``"{B}{B}"``,
``"3"``, ``"Alice"``, ``"yes"``). Each situation also explains itself in plain words first, then
with the chain of engine events (written "event 13", so that "#13" only ever names an object),
and is the misconception model of its board (:class:`~mtgkit.topics.base.Situation`). A
scenario situation (``MonarchPlay``, ``BlockedDamage``, ``Checklist``, ``ManaPlay``, ``CouldPlay``,
``ReflectedSpend``, ``LegendPlay``, ``StackPlay``)
holds a :class:`~mtgkit.teaching.Play`: a set-up and the steps the engine plays on it.

>>> s = TapForMana(BoardSpec((Perm("Forest"), Perm("Mana Reflection"), Perm("Contamination", "Bob"))))
>>> s.legal()
('{B}', '{B}{B}')
>>> s.replace(order=("Contamination", "Mana Reflection")).legal()
('{B}{B}',)
"""

from __future__ import annotations

from .topics import TOPICS
from .topics.base import Situation
from .topics.boards import BoardSpec, Perm
from .topics.could_produce import CouldPlay, CouldProduce, ReflectedSpend, could_produce_board
from .topics.monarch import (
    BlockedDamage,
    Bolts,
    Combat,
    DrawRace,
    Leaves,
    LichEnters,
    MonarchPlay,
    combat_is_legal,
)
from .topics.tap_untap import Activation, Checklist, activation
from .topics.tapping import ManaPlay, TapForMana, same_type_trigger, tap_story, triggered_mana
from .topics.x_values import X_ASKS, LegendPlay, StackPlay, XEntry, x_pair, x_value

#: Every kind of practice board, topic by topic.
SITUATION_TYPES: tuple[type[Situation], ...] = tuple(s for t in TOPICS.values() for s in t.situations)

__all__ = ["SITUATION_TYPES", "X_ASKS", "Activation", "BlockedDamage", "BoardSpec", "Bolts", "Checklist",
           "Combat", "CouldPlay", "CouldProduce", "DrawRace", "LegendPlay", "Leaves", "LichEnters",
           "ManaPlay", "MonarchPlay", "Perm", "ReflectedSpend", "Situation", "StackPlay", "TapForMana",
           "XEntry", "activation", "combat_is_legal", "could_produce_board", "same_type_trigger",
           "tap_story", "triggered_mana", "x_pair", "x_value"]
