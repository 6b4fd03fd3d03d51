"""The teaching models the widgets show, gathered from the topic modules (pure Python, no GUI).

Each topic module (:mod:`mtgkit.topics`) holds its own cases, explorers' models and exercise
checkers; the question protocol, reasons and grading they share are in :mod:`mtgkit.teaching`.
This module only re-exports them for :mod:`mtgkit.widgets`, which shows every topic's models.
The notebooks import from the topic modules themselves (``from mtgkit.topics.tapping import
TapCase, check_tap_answers``), as a new topic's notebook does (a test in
tests/test_course_sources.py keeps them so).

Widgets are thin views over these: every answer a widget shows is computed by the engine, and
tested without a browser. Answers are *choice-aware*: when a player makes a choice during an
action (a color, the order of replacement effects, which Protector takes the damage, which
legendary permanent to keep), every legal choice is tried (:mod:`mtgkit.outcomes`) and any
answer some legal choice produces is right. A case whose question fixes the choice
(``order=...``) is graded against that choice only. Every reason a model gives in words cites
the rules of the engine event that caused the outcome.
"""

from __future__ import annotations

from .teaching import (
    LIBRARY,
    Arrived,
    Attempt,
    Case,
    Check,
    ChoiceWalk,
    Grader,
    QuizGrade,
    Reason,
    TimelineCursor,
    answer_key,
    can_quiz,
    chain_lines,
    check_can,
    check_number_answers,
    choice_quiz,
    cr,
    describe_choices,
    event_line,
    event_lines,
    grade_option,
)
from .topics.base import quiz_options
from .topics.boards import (
    MANA_CARDS,
    mana_board,
)
from .topics.could_produce import (
    CouldCase,
    CouldProduceRow,
    check_could_answers,
    could_check,
    could_produce_table,
    explain_could_produce,
    trace_could_produce,
)
from .topics.monarch import (
    BoltCase,
    CombatResult,
    LeaveCase,
    MonarchCase,
    check_draw_race,
    check_leave_answers,
    check_name_answers,
    combat_check,
    combat_outcomes,
    combat_setup,
    combat_walk,
    monarch_draw_race,
    protector_combat,
    someone_elses_crown,
)
from .topics.tap_untap import (
    ACTIVATION_RESOURCES,
    ACTIVATION_SETUP,
    ATTACK_SETUP,
    TAP_CARDS,
    ActivationCase,
    ActivationWith,
    AttackCase,
    AttackWith,
    check_activation_answers,
    in_bobs_turn,
)
from .topics.tapping import (
    TapCase,
    check_tap_answers,
    replacement_orders,
    tap_check,
    tap_outcomes,
    tap_result,
    tap_walk,
)
from .topics.x_values import (
    X_CARDS,
    X_PATHS,
    ChaliceCase,
    XCase,
    XGuess,
    XPath,
    tokens_line,
    x_blocked,
    x_check,
    x_checked,
    x_choices,
    x_path,
    x_paths,
    x_reason,
    x_results,
    x_setup,
    x_values,
)

#: The quick questions of notebooks 02-04 on mana (a TapCase or a CouldCase) are choice quizzes.
mana_quiz = choice_quiz

__all__ = ["ACTIVATION_RESOURCES", "ACTIVATION_SETUP", "ATTACK_SETUP", "ActivationCase", "ActivationWith",
           "Arrived", "AttackCase", "AttackWith", "Attempt", "BoltCase", "Case", "ChaliceCase", "Check",
           "ChoiceWalk", "CombatResult", "CouldCase", "CouldProduceRow", "Grader", "LIBRARY", "LeaveCase",
           "MANA_CARDS", "MonarchCase", "QuizGrade", "Reason", "TAP_CARDS", "TapCase", "TimelineCursor",
           "XCase", "XGuess", "XPath", "X_CARDS", "X_PATHS", "answer_key", "can_quiz", "chain_lines",
           "check_activation_answers", "check_can", "check_could_answers", "check_draw_race",
           "check_leave_answers", "check_name_answers", "check_number_answers", "check_tap_answers",
           "choice_quiz", "in_bobs_turn", "quiz_options", "someone_elses_crown", "combat_check",
           "combat_outcomes", "combat_setup", "combat_walk", "could_check", "could_produce_table", "cr",
           "describe_choices", "event_line", "event_lines", "explain_could_produce", "grade_option",
           "mana_board", "mana_quiz", "monarch_draw_race", "protector_combat", "replacement_orders",
           "tap_check", "tap_outcomes", "tap_result", "tap_walk", "tokens_line", "trace_could_produce",
           "x_blocked", "x_check", "x_checked", "x_choices", "x_path", "x_paths", "x_reason", "x_results",
           "x_setup", "x_values"]
