"""Two small models of the x-values and monarch topics: Chalice of the Void's counter
(``ChaliceCase``) and a player leaving the game (``LeaveCase``, ``check_leave_answers``): answers
from the engine, reasons citing the rules of the events behind them."""

from __future__ import annotations

import pytest

from mtgkit.events import Countered, MonarchChanged, PlayerLeft
from mtgkit.lessons import ChaliceCase, LeaveCase, check_leave_answers

FOUR = ("Alice", "Bob", "Carol", "Dave")


@pytest.mark.parametrize("spell,x,counters,countered", [
    ("Walking Ballista", 1, 2, "yes"),   # {X}{X} with X = 1: mana value 2 on the stack
    ("Walking Ballista", 2, 2, "no"),    # 4
    ("Walking Ballista", 0, 0, "yes"),   # 0
    ("Grizzly Bears", 0, 2, "yes"),
    ("Lightning Bolt", 0, 1, "yes"),     # a spell with a target targets Bob
    ("Lightning Bolt", 0, 2, "no"),
])
def test_chalice_counters_a_spell_whose_mana_value_on_the_stack_matches(spell: str, x: int, counters: int,
                                                                       countered: str) -> None:
    case = ChaliceCase(spell, x, counters)
    assert case.legal() == (countered,)
    reason = case.reason()
    g, _ = case.run()
    event = g.events[reason.seq - 1]
    assert reason.rules == event.rules  # the reason cites the event that decided it
    if countered == "yes":
        assert isinstance(event, Countered) and reason.text.startswith("Yes")
    else:
        assert event.kind == "resolve" and reason.text.startswith("No")
    assert "202.3e" in reason.text


@pytest.mark.parametrize("active,monarch,leaver,after", [
    ("Bob", "Bob", "Bob", "Carol"),      # the active player leaves: the next player in turn order
    ("Dave", "Dave", "Dave", "Alice"),   # ... round the table
    ("Carol", "Alice", "Alice", "Carol"),  # another player leaves: the active player
    ("Bob", "Bob", "Dave", "Bob"),       # not the monarch: nothing moves
])
def test_leave_case_follows_725_4(active: str, monarch: str, leaver: str, after: str) -> None:
    case = LeaveCase(FOUR, active, monarch, leaver)
    assert case.legal() == (after,)
    reason = case.reason()
    g, seq = case.run()
    event = g.events[reason.seq - 1]
    assert reason.rules == event.rules
    if leaver == monarch:
        assert isinstance(event, MonarchChanged) and event.cause == seq and event.rules == ("725.4",)
    else:
        assert isinstance(event, PlayerLeft) and "doesn't move" in reason.text


def test_check_leave_answers_reads_names_in_any_case_and_explains_mistakes() -> None:
    cases = {"a": LeaveCase(FOUR, "Bob", "Bob", "Bob"), "b": LeaveCase(FOUR, "Bob", "Bob", "Dave")}
    report = check_leave_answers({"a": "carol", "b": "Dave"}, cases)
    first, *rest = report.splitlines()
    assert first == "1/2 correct"
    assert "✗ b: You wrote Dave: the answer is Bob." in rest
    assert rest[rest.index("✗ b: You wrote Dave: the answer is Bob.") + 1].startswith("   Why: ")
    assert "wasn't the monarch" in report
    assert "write one of" in check_leave_answers({"a": "Eve"}, cases)
