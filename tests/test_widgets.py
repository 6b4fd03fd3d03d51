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
    assert "pool no mana" in s.board_html.value
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


def test_could_produce_explorer_updates_when_boards_change() -> None:
    from mtgkit.widgets import CouldProduceExplorer

    w = CouldProduceExplorer(alice=["Exotic Orchard"], bob=["Exotic Orchard"])
    assert w.table.value.count("<td>nothing</td>") == 2
    assert "least fixed point" in w.why.value
    w.alice.value = ["Exotic Orchard", "Forest"]
    assert w.table.value.count("<td>{G}</td>") == 3
    bob_orchard = [v for label, v in w.pick.options if label.startswith("Bob")][0]
    w.pick.value = bob_orchard
    assert "Bob's Exotic Orchard could produce {G}" in w.why.value
    assert "Alice's Forest, which could produce {G} by itself" in w.why.value
    w.alice.value, w.bob.value = [], []
    assert "No permanent" in w.why.value


def test_tap_explorer_orders_change_the_result() -> None:
    from mtgkit.widgets import TapExplorer

    w = TapExplorer(alice=["Forest", "Mana Reflection"], bob=["Contamination"])
    labels = [label for label, _ in w.order.options]
    assert labels == ["Mana Reflection then Contamination", "Contamination then Mana Reflection"]
    assert "pool after tapping: {B}</b>" in w.result.value
    assert "{B}, {B}{B}" in w.result.value
    w.order.value = w.order.options[1][1]
    assert "pool after tapping: {B}{B}</b>" in w.result.value
    w.bob.value = []
    assert [label for label, _ in w.order.options] == ["Mana Reflection"]
    assert "pool after tapping: {G}{G}</b>" in w.result.value
    w.alice.value = ["Mana Reflection"]
    assert "nothing to tap" in w.result.value


def test_tap_explorer_without_replacement_effects() -> None:
    from mtgkit.widgets import TapExplorer

    w = TapExplorer(alice=["Exotic Orchard"], bob=["Wastes"])
    assert [label for label, _ in w.order.options] == ["(no replacement effects)"]
    assert "produces no mana" in w.result.value and "106.5" in w.result.value


def test_x_value_explorer_shows_three_paths_side_by_side() -> None:
    from mtgkit.widgets import XValueExplorer

    w = XValueExplorer("Walking Ballista", x=2)
    cast, clone, order = (c.value for c in w.columns)
    assert "on the stack: <b>4</b>" in cast and "2 +1/+1" in cast
    assert "toughness 0" in clone and "704.5f" in clone and "704.5f" in order
    w.x.value = 3
    assert "on the stack: <b>6</b>" in w.columns[0].value
    w.card.value = "Chalice of the Void"
    assert "not a creature" in w.columns[1].value and "not a creature" in w.columns[2].value
    assert "charge" in w.columns[0].value
    assert "<table>" in w.timelines[0].value and w.timelines[2].value == ""
    w.card.value, w.x.value = "The Goose Mother", 3
    clone = w.columns[1].value
    assert "legend rule" in clone and "704.5j" in clone and "704.5f" not in clone


def test_combat_explorer_crown_moves_only_without_a_protector() -> None:
    from mtgkit.widgets import CombatExplorer

    w = CombatExplorer()
    assert "the crown stayed" in w.result.value and "614.9" in w.why.value
    assert w.which.disabled
    w.protectors.value = 0
    assert "the crown moved" in w.result.value and "725.2" in w.why.value and "event" in w.why.value
    w.block.value = "Grizzly Bears"
    assert "the crown stayed" in w.result.value
    w.protectors.value = 2
    assert not w.which.disabled
    w.block.value = "no block"
    w.which.value = 1
    prots = [p for p in w.outcome.game.permanents("Bob") if p.name == "Protector of the Crown"]
    assert [p.damage for p in prots] == [0, 2]


def test_stepper_event_list_click_jumps_and_explains() -> None:
    g = game()
    s = TimelineStepper(g)
    s.events_list.value = 1  # the second event: turn 1 begins
    assert s.slider.value == 2 and "Turn 1 begins" in s.event_html.value
    s.next_button.click()
    assert s.events_list.value == 2
    s.slider.value = len(g.events)
    assert s.events_list.value == len(g.events) - 1 and "because" in s.why_html.value


def test_practice_widget_options_follow_the_question_across_topic_and_level_switches() -> None:
    """After a switch the buttons show the new question's options, and the answer checked is the
    one shown (it used to keep the previous question's labels)."""
    from mtgkit.practice import TOPICS
    from mtgkit.widgets import PracticeWidget

    w = PracticeWidget("could-produce", "easy", seed=0)
    for topic in TOPICS[1:] + TOPICS[:1]:
        for level in ("hard", "easy"):
            w.topic.value, w.level.value = topic, level
            q = w.question
            assert q is not None and (q.topic, q.level) == (topic, level)
            assert tuple(w.choice.options) == q.options and w.choice.value is None
            assert w.choice in w.children[3].children
            for option in q.options:
                w.choice.value = option
                w.check_button.click()
                right = option in q.answers
                assert w.feedback.value.startswith("<b>✓") is right, (topic, level, option)
                assert w.rows[-1]["answer"] == option and w.rows[-1]["correct"] == ("yes" if right else "no")


def test_practice_widget_seeds_that_used_to_fail() -> None:
    """seed=28 raised on creation; with seed 10 Next failed silently, then said 'No more'."""
    from mtgkit.practice import LEVELS, TOPICS
    from mtgkit.widgets import PracticeWidget

    w = PracticeWidget(seed=28)
    assert w.question is not None
    for topic in TOPICS:
        for level in LEVELS:
            w = PracticeWidget(topic, level, seed=10)
            for n in range(2, 8):
                w.next_button.click()
                assert w.question is not None and f"Question {n}." in w.prompt.value


def test_practice_widget_exports_the_session_as_csv() -> None:
    import base64
    import csv
    import io

    from mtgkit.widgets import PracticeWidget

    w = PracticeWidget("tap-untap", "easy", seed=5)
    w.student.value = "Ada L."
    wrong = next(o for o in w.question.options if o not in w.question.answers)
    w.choice.value = wrong
    w.check_button.click()
    w.choice.value = w.question.answer
    w.check_button.click()
    w.next_button.click()
    w.choice.value = w.question.answer
    w.check_button.click()
    rows = list(csv.DictReader(io.StringIO(w.score_csv())))
    assert [(r["question"], r["correct"], r["first_try"]) for r in rows] == [
        ("1", "no", "yes"), ("1", "yes", "no"), ("2", "yes", "yes")]
    assert rows[0]["student"] == "Ada L." and rows[0]["misconceptions"]
    assert w.score.value == "Score: 1 / 2"
    w.export_button.click()
    assert 'download="Ada-L-score.csv"' in w.export.value
    data = w.export.value.split("base64,", 1)[1].split('"', 1)[0]
    assert base64.b64decode(data).decode() == w.score_csv()


def test_rule_numbers_in_widgets_are_links_with_titles() -> None:
    from mtgkit.widgets import CombatExplorer, XValueExplorer

    link = 'href="https://yawgatog.com/resources/magic-rules/#R'
    s = TimelineStepper(game())
    assert link + "6022" in s.event_html.value or link in s.event_html.value
    assert link in s.why_html.value and 'title="CR ' in s.why_html.value
    w = ActivationExplorer()
    w.arrived.value, w.prediction.value = "this turn", "can activate"
    w.check_button.click()
    assert link + "3026" in w.result.value and "summoning sickness" in w.result.value
    assert link + "6149" in CombatExplorer().why.value
    assert link + "1073m" in XValueExplorer("Walking Ballista", x=2).columns[0].value
