"""Widgets tested in plain pytest by clicking and setting values."""

from __future__ import annotations

from mtgkit import Game
from mtgkit.lessons import ActivationCase, TimelineCursor, check_activation_answers
from mtgkit.widgets import ActivationExplorer, Quiz, TimelineStepper


def game() -> Game:
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Forest", "Alice"))
    return g


def test_stepper_buttons_and_slider_move_and_show_board_as_it_was() -> None:
    g = game()
    s = TimelineStepper(g)
    assert s.slider.value == len(g.events)
    assert "{G}" in s.board_html.value
    s.back_button.click()
    assert s.slider.value == len(g.events) - 1
    assert "becomes tapped" in s.event_html.value
    assert "<td>no mana</td>" in s.board_html.value
    s.slider.value = 1
    assert "A game begins" in s.event_html.value
    s.back_button.click()  # clamps at the start
    assert s.slider.value == 1
    s.next_button.click()
    assert s.slider.value == 2
    assert "Why did this happen?" in s.why_html.value


def test_stepper_explains_the_current_event() -> None:
    g = game()
    s = TimelineStepper(g)
    assert "because #" in s.why_html.value and "602.2" in s.why_html.value


def test_cursor_rejects_empty_logs() -> None:
    import pytest

    with pytest.raises(ValueError):
        TimelineCursor([])


def test_activation_explorer_checks_the_prediction_with_the_engine() -> None:
    w = ActivationExplorer()
    w.arrived.value = "this turn"
    w.check_button.click()
    assert "prediction first" in w.result.value
    w.prediction.value = "can activate"
    w.check_button.click()
    assert "Not quite" in w.result.value and "302.6" in w.result.value
    w.card.value = "Fellwar Stone"
    assert "Predict" in w.result.value  # a change clears the old verdict
    w.check_button.click()
    assert "predicted right" in w.result.value
    w.card.value = "Raging Goblin"
    assert "no activated ability" in w.ability.value


def test_quiz_grades_through_the_callback() -> None:
    calls = []

    def grade(choice: str) -> tuple[bool, str]:
        calls.append(choice)
        return choice == "yes", "because"

    q = Quiz("Q?", ["yes", "no"], grade)
    q.check_button.click()
    assert calls == [] and "Pick" in q.feedback.value
    q.choice.value = "no"
    q.check_button.click()
    assert "Not this time" in q.feedback.value
    q.choice.value = "yes"
    q.check_button.click()
    assert "Right" in q.feedback.value


def test_activation_checker_explains_mistakes() -> None:
    cases = {"a": ActivationCase("Llanowar Elves", "this turn", False),
             "b": ActivationCase("Pili-Pala", "last turn", True)}
    text = check_activation_answers({"a": True, "b": True}, cases)
    assert text.splitlines()[0] == "1/2 correct"
    assert "302.6" in text
    assert "no answer yet" in check_activation_answers({}, cases)
