"""Widgets tested in plain pytest by clicking and setting values."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as W
import pytest

from mtgkit import Game
from mtgkit.crlinks import BASE_URL, anchor
from mtgkit.grading import Report, Verdict, answered_by
from mtgkit.lessons import (
    ActivationCase,
    BoltCase,
    CouldCase,
    MonarchCase,
    TapCase,
    TimelineCursor,
    XCase,
    check_activation_answers,
    check_could_answers,
    check_draw_race,
    check_name_answers,
    check_number_answers,
    check_tap_answers,
)
from mtgkit.widgets import (
    ActivationExplorer,
    CombatExplorer,
    CouldProduceExplorer,
    Exercise,
    Quiz,
    TapExplorer,
    TimelineStepper,
    XValueExplorer,
)
from mtgkit.widgets.explorers import QUESTIONS
from mtgkit.widgets.parts import OptionList, OrderPicker
from mtgkit.widgets.rules import WHERE


def game() -> Game:
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Forest", "Alice"))
    return g


def test_stepper_buttons_and_slider_move_and_show_board_as_it_was() -> None:
    g = game()
    s = TimelineStepper(g)
    assert s.slider.value == len(g.events)
    assert s.next_button.disabled and not s.back_button.disabled  # at the last event: no "next"
    assert "{G}" in s.board_html.value
    s.back_button.click()
    assert s.slider.value == len(g.events) - 1
    assert "becomes tapped" in s.event_html.value
    assert "pool no mana" in s.board_html.value
    s.slider.value = 1
    assert "A game begins" in s.event_html.value
    assert s.back_button.disabled and not s.next_button.disabled  # at the first: no "back"
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
    with pytest.raises(ValueError):
        TimelineCursor([])


def test_activation_checker_explains_mistakes() -> None:
    cases = {"a": ActivationCase("Llanowar Elves", "this turn", False),
             "b": ActivationCase("Pili-Pala", "last turn", True)}
    text = check_activation_answers({"a": True, "b": True}, cases)
    assert text.splitlines()[0] == "1/2 correct"
    assert "302.6" in text
    assert "no answer yet" in check_activation_answers({}, cases)


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
            assert w.choice in w._answer_box.children
            for option in q.options:
                w.choice.value = option
                w.check_button.click()
                right = option in q.answers
                mark = re.search(r'<div class="row"><b class="\w+">([✓✗])</b>', w.feedback.value)
                assert mark is not None and (mark.group(1) == "✓") is right, (topic, level, option)
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


# ------------------------------------------------------------------------------- predict, then check
def shown(html: str) -> str:
    """The text a learner reads in an HTML widget (styles and tags removed)."""
    text = re.sub(r"<[^>]+>", "", re.sub(r"<style>.*?</style>", "", html, flags=re.S))
    return text.replace("&#x27;", "'").replace("&amp;", "&")


def tree(w: object) -> Iterator[object]:
    """A widget and every widget inside it."""
    yield w
    for child in getattr(w, "children", ()):
        yield from tree(child)


def anchor_link(rule: str) -> str:
    return f'href="{BASE_URL}#{anchor(rule)}"'


def predict_activation(w: ActivationExplorer) -> None:
    w.prediction.value = w.prediction.options[0]


def predict_could(w: CouldProduceExplorer) -> None:
    w.nothing.value = True


def predict_tap(w: TapExplorer) -> None:
    w.prediction.value = "{G}"


def predict_x(w: XValueExplorer) -> None:
    p = w.paths[0]
    p.counters.value, p.tokens.value, p.where.value = "2", "0", WHERE[0]


def predict_combat(w: CombatExplorer) -> None:
    w.monarch.value, w.life.value = "Bob", "20"


def check(w: object) -> None:
    if isinstance(w, XValueExplorer):
        w.paths[0].check_button.click()
    else:
        w.check_button.click()  # type: ignore[attr-defined]


def result(w: object) -> str:
    return (w.paths[0].result if isinstance(w, XValueExplorer) else w.result).value  # type: ignore[attr-defined]


EXPLORERS: list[tuple[Callable[[], W.Widget], Callable[[Any], None], Callable[[Any], None]]] = [
    # (make, predict, change an input)
    (ActivationExplorer, predict_activation, lambda w: setattr(w.arrived, "value", "this turn")),
    (ActivationExplorer, predict_activation, lambda w: setattr(w.tapped, "value", True)),
    (ActivationExplorer, predict_activation, lambda w: setattr(w.hysteria, "value", True)),
    (ActivationExplorer, predict_activation, lambda w: setattr(w.question, "value", QUESTIONS[1])),
    (CouldProduceExplorer, predict_could, lambda w: setattr(w.alice, "value", ["Forest"])),
    (lambda: CouldProduceExplorer(["Forest", "Island"]), predict_could,
     lambda w: setattr(w.pick, "value", w.pick.options[1][1])),
    (TapExplorer, predict_tap, lambda w: setattr(w.bob, "value", [])),
    (TapExplorer, predict_tap, lambda w: w.choices.controls[0].down_button.click()),
    (TapExplorer, predict_tap, lambda w: setattr(w.alice, "value", ["Forest", "Forest"])),
    (XValueExplorer, predict_x, lambda w: setattr(w.x, "value", 3)),
    (XValueExplorer, predict_x, lambda w: setattr(w.card, "value", "Hangarback Walker")),
    (CombatExplorer, predict_combat, lambda w: setattr(w.protectors, "value", 0)),
    (CombatExplorer, predict_combat, lambda w: setattr(w.block, "value", "Grizzly Bears")),
    (CombatExplorer, predict_combat, lambda w: setattr(w.attackers, "value", ["Hill Giant"])),
    (lambda: CombatExplorer(protectors=2), predict_combat,
     lambda w: setattr(w.choices.controls[0], "value", w.choices.controls[0].options[1][1])),
]


@pytest.mark.parametrize("make,predict,change", EXPLORERS)
def test_no_explorer_reveals_the_outcome_before_a_prediction_and_a_change_hides_it_again(
        make: Callable[[], W.Widget], predict: Callable[[Any], None], change: Callable[[Any], None],
        capsys: pytest.CaptureFixture[str]) -> None:
    w = make()
    assert "Predict, then press" in shown(result(w))
    check(w)  # Check without a prediction: no outcome, a request to predict
    text = shown(result(w))
    assert "Make a prediction first" in text and "the engine" not in text and "✓" not in text
    assert all(w.board.value == "" for _ in [0])
    predict(w)
    check(w)
    assert "the engine" in shown(result(w)) and ("✓" in shown(result(w)) or "✗" in shown(result(w)))
    assert "The board" in shown(w.board.value)
    change(w)
    assert "Predict, then press" in shown(result(w)) and w.board.value == ""
    check(w)  # the old prediction is gone: it asks for a new one
    assert "Make a prediction first" in shown(result(w))
    assert capsys.readouterr().out == ""  # callbacks update widgets; they never print


def test_activation_explorer_checks_the_prediction_with_the_engine() -> None:
    w = ActivationExplorer()
    assert w.prediction.options == ("can activate", "can't activate") and w.prediction.value is None
    w.arrived.value = "this turn"
    w.prediction.value = "can activate"
    w.check_button.click()
    text = shown(w.result.value)
    assert "✗ Not quite" in text and "you predicted" in text and "Alice can't activate it" in text
    assert w.attempt is not None and w.attempt.reason.rules == ("302.6",)
    assert anchor_link("302.6") in w.result.value and "summoning sick" in shown(w.board.value)
    w.card.value = "Fellwar Stone"
    assert w.prediction.value is None and "Predict" in w.result.value
    w.prediction.value = "can activate"
    w.check_button.click()
    assert "✓ You predicted right" in shown(w.result.value)
    # the reason cites the rule of the event that paid {T}, and the board shows it tapped
    assert w.attempt is not None and w.attempt.can
    paid = next(e for e in w.attempt.events if e.seq == w.attempt.reason.seq)
    assert paid.kind == "tap" and anchor_link(paid.rules[0]) in w.result.value
    assert "tapped" in shown(w.board.value) and "becomes tapped" in shown(w.result.value)
    w.card.value = "Raging Goblin"
    assert "no activated ability" in w.ability.value


def test_activation_explorer_shows_haste_with_an_attack() -> None:
    w = ActivationExplorer(card="Raging Goblin")
    w.question.value = QUESTIONS[1]
    assert w.prediction.options == ("can attack", "can't attack") and "Haste" in w.ability.value
    w.arrived.value = "this turn"
    w.prediction.value = "can attack"
    w.check_button.click()
    assert "✓ You predicted right" in shown(w.result.value)
    assert anchor_link("508.1") in w.result.value and anchor_link("702.10b") in w.result.value
    assert "attacking" in shown(w.board.value)
    w.card.value = "Llanowar Elves"
    w.prediction.value = "can attack"
    w.check_button.click()
    assert "✗ Not quite" in shown(w.result.value) and anchor_link("302.6") in w.result.value


def test_activation_explorer_shows_haste_for_tap_abilities_with_mass_hysteria() -> None:
    """With Mass Hysteria, an Elves that arrived this turn can tap for mana: the reason is the
    rule on the engine's tap event (702.10c), and the board shows Mass Hysteria."""
    w = ActivationExplorer()
    w.arrived.value = "this turn"
    w.hysteria.value = True
    w.prediction.value = "can't activate"
    w.check_button.click()
    assert "✗ Not quite" in shown(w.result.value) and "Alice can activate it" in shown(w.result.value)
    assert w.attempt is not None and w.attempt.can
    paid = next(e for e in w.attempt.events if e.seq == w.attempt.reason.seq)
    assert paid.rules == ("107.5", "702.10c") and anchor_link("702.10c") in w.result.value
    assert "Mass Hysteria" in shown(w.board.value)
    w.hysteria.value = False  # a new situation: outcome hidden, prediction cleared
    assert w.prediction.value is None and w.attempt is None
    w.prediction.value = "can't activate"
    w.check_button.click()
    assert "✓ You predicted right" in shown(w.result.value) and w.attempt.reason.rules == ("302.6",)


def test_could_produce_explorer_predict_then_reveal_the_table_and_the_trace() -> None:
    w = CouldProduceExplorer(alice=["Exotic Orchard"], bob=["Exotic Orchard"])
    assert w.table.value == w.why.value == ""
    w.nothing.value, w.types["G"].value = True, True
    w.check_button.click()
    assert "not both" in shown(w.result.value) and w.table.value == ""
    w.types["G"].value = False
    w.check_button.click()
    assert "✓ You predicted right" in shown(w.result.value)
    # only the permanent predicted for: the other Orchard is the next prediction's to reveal
    assert shown(w.table.value).count("nothing") == 1 and "least fixed point" in w.why.value
    assert shown(w.table.value).count("Exotic Orchard") == 1 and "Bob" not in shown(w.table.value)
    assert anchor_link("106.7") in w.why.value
    w.alice.value = ["Exotic Orchard", "Forest"]
    assert not w.nothing.value and w.table.value == "" and "Predict" in w.result.value
    bob_orchard = [v for label, v in w.pick.options if label.startswith("Bob")][0]
    w.pick.value = bob_orchard
    w.types["G"].value = True
    w.check_button.click()
    assert "✓ You predicted right" in shown(w.result.value)
    assert w.table.value.count("<td>{G}</td>") == 1 and "Forest" not in shown(w.table.value)
    assert "Bob's Exotic Orchard could produce {G}" in shown(w.why.value)
    assert "Alice's Forest, which could produce {G} by itself" in shown(w.why.value)
    w.types["C"].value = True
    assert w.table.value == "" and w.types["G"].value  # changing the prediction hides the outcome
    w.check_button.click()
    assert "✗ Not quite" in shown(w.result.value) and "{G}{C}" in shown(w.result.value)
    w.alice.value, w.bob.value = [], []
    assert "No permanent with a mana ability" in shown(w.result.value)


def set_path(w: TapExplorer | CombatExplorer, path: tuple[Any, ...]) -> None:
    """Make the choices of ``path`` in the widget, one control at a time (each answer may
    rebuild the controls after it)."""
    assert w.walk is not None
    while w.choices.path != path:
        for n, (i, _) in enumerate(w.walk.questions(w.choices.path)):
            if w.choices.path[i] != path[i]:
                w.choices.controls[n].value = path[i]
                break


def test_tap_explorer_the_learner_orders_the_replacement_effects() -> None:
    w = TapExplorer(alice=["Forest", "Mana Reflection"], bob=["Contamination"])
    (order,) = w.choices.controls
    assert isinstance(order, OrderPicker) and order.value == ("Mana Reflection", "Contamination")
    assert [label for label, _ in order.items.options] == ["1. Mana Reflection", "2. Contamination"]
    w.prediction.value = "{B}{B}"
    w.check_button.click()
    text = shown(w.result.value)
    assert "✗ Not quite" in text and "Alice's pool is {B}" in text and "what other choices give" in text
    assert "orders the replacement effects: Mana Reflection then Contamination" in text  # the ChoiceMade
    assert "{B}{B} if Alice orders the replacement effects: Contamination then Mana Reflection" in text
    assert "pool {B}" in shown(w.board.value)
    order.items.value = 1  # select Contamination and move it up
    order.up_button.click()
    assert w.choices.path == (("Contamination", "Mana Reflection"),)
    assert w.choices.controls == [order] and order.items.value == 0  # same control, still selected
    order.down_button.click()
    order.up_button.click()
    assert w.choices.path == (("Contamination", "Mana Reflection"),)
    order.up_button.click()  # already at the top: nothing moves
    assert order.value == ("Contamination", "Mana Reflection")
    assert w.prediction.value == "" and "Predict" in w.result.value and w.board.value == ""
    w.prediction.value = "{b}{b}"
    w.check_button.click()
    assert "✓ You predicted right" in shown(w.result.value)
    assert "orders the replacement effects: Contamination then Mana Reflection" in shown(w.result.value)
    w.bob.value = []
    assert w.choices.controls == [] and w.choices.path == (("Mana Reflection",),)
    w.prediction.value = "{G}{G}"
    w.check_button.click()
    assert "✓" in shown(w.result.value)
    w.alice.value = ["Mana Reflection"]
    assert "nothing to tap" in shown(w.result.value)


def test_tap_explorer_the_learner_picks_the_mana() -> None:
    """Notebook 02, exercise 2: Fellwar Stone next to an Underground Sea makes {U} or {B}."""
    w = TapExplorer(alice=["Fellwar Stone"], bob=["Underground Sea"])
    (pick,) = w.choices.controls
    assert [v for _, v in pick.options] == ["{U}", "{B}"]
    pick.value = "{B}"
    w.prediction.value = "{B}"
    w.check_button.click()
    text = shown(w.result.value)
    assert "✓ You predicted right" in text and "Alice chooses {B} from Fellwar Stone" in text
    assert "{U} if Alice chooses {U}" in text
    w.prediction.value = "{U}"
    w.check_button.click()
    assert "✗ Not quite" in shown(w.result.value)
    w.prediction.value = "two blue"
    w.check_button.click()
    assert "couldn't read" in shown(w.result.value) and "the engine" not in shown(w.result.value)


@pytest.mark.parametrize("alice,bob", [
    (["Forest", "Mana Reflection"], ["Contamination"]),
    (["Mana Confluence", "Heartbeat of Spring"], []),
    (["Forest", "Mana Reflection", "Zendikar Resurgent"], ["Contamination"]),
])
def test_tap_explorer_verdict_is_right_for_every_legal_choice(alice: list[str], bob: list[str]) -> None:
    w = TapExplorer(alice=alice, bob=bob)
    assert w.walk is not None
    for o in w.walk.outcomes:
        set_path(w, o.path)
        w.prediction.value = str(o.pool("Alice"))
        w.check_button.click()
        assert "✓ You predicted right" in shown(w.result.value), o.path
        assert w.outcome is o
        made = next(e for e in o.events if e.kind in ("mana", "no_mana"))
        assert anchor_link(made.rules[0]) in w.result.value


def test_tap_explorer_says_why_a_source_cant_be_tapped() -> None:
    w = TapExplorer(alice=["Exotic Orchard", "Meteor Crater"], bob=["Wastes"])
    w.prediction.value = "nothing"
    w.check_button.click()
    assert "✓" in shown(w.result.value) and anchor_link("106.5") in w.result.value
    w = TapExplorer(alice=["Pili-Pala"])
    assert "can't be untapped to pay {Q}" in shown(w.result.value) and anchor_link("107.6") in w.result.value
    w.check_button.click()  # nothing to check: nothing changes
    assert "can't be untapped" in shown(w.result.value)


def test_x_value_explorer_the_goose_mother_copy_goes_by_the_legend_rule() -> None:
    """Notebook 05's default: a Clone copy of The Goose Mother (X = 3) goes to the graveyard
    under the legend rule (704.5j), not for toughness 0 (704.5f)."""
    w = XValueExplorer("The Goose Mother", x=3)
    cast, clone, order = w.paths
    clone.check_button.click()
    assert "fill in counters, tokens, where it is" in shown(clone.result.value)
    clone.counters.value, clone.tokens.value, clone.where.value = "0", "0", WHERE[1]
    clone.check_button.click()
    text = shown(clone.result.value)
    assert "✓ You predicted right" in text and "legend rule" in text
    assert anchor_link("704.5j") in clone.result.value and "704.5f" not in clone.result.value
    assert clone.check is not None and clone.check.reason.rules == ("704.5j",)
    assert "still on the battlefield if" in text  # keeping the copy is another legal choice
    assert "The board after: copied by Clone" in shown(w.board.value) and "Clone" in shown(w.board.value)
    assert "<table>" in clone.timeline.value and "legend rule" in shown(clone.timeline.value)
    assert "Predict" in cast.result.value  # one path checked, the others still hidden
    cast.counters.value, cast.tokens.value, cast.where.value = "3", "1", WHERE[0]
    cast.check_button.click()
    text = shown(cast.result.value)
    assert "✗ Not quite" in text
    assert "3 counters on it, 2 tokens created by it, it still on the battlefield" in text
    assert "mana value on the stack: 5" in text and anchor_link("107.3m") in cast.result.value
    clone.tokens.value = "1"
    assert "Predict" in clone.result.value  # a changed prediction hides the old verdict
    assert "The board after: cast" in shown(w.board.value)
    cast.where.value = WHERE[1]
    assert w.board.value == "" and "Predict" in cast.result.value


def test_x_value_explorer_paths_a_card_cant_take_say_so_before_predicting() -> None:
    w = XValueExplorer("Chalice of the Void", x=2)
    for panel in w.paths[1:]:
        assert panel.check_button.disabled and "not a creature" in shown(panel.result.value)
        assert all(c.disabled for c in panel.inputs)
    w.check(1)
    assert "the engine" not in shown(w.paths[1].result.value)
    cast = w.paths[0]
    cast.counters.value, cast.tokens.value, cast.where.value = "two", "0", WHERE[0]
    cast.check_button.click()
    assert "couldn't read" in shown(cast.result.value)
    cast.counters.value = "2"
    cast.check_button.click()
    assert "✓" in shown(cast.result.value) and "charge" in shown(cast.result.value)
    w.card.value = "Walking Ballista"
    assert not w.paths[1].check_button.disabled and cast.counters.value == "" and w.board.value == ""


def test_combat_explorer_predict_the_monarch_and_bobs_life() -> None:
    w = CombatExplorer()
    assert w.choices.controls == []  # one Protector: nothing for Bob to choose
    w.monarch.value, w.life.value = "Alice", "18"
    w.check_button.click()
    text = shown(w.result.value)
    assert "✗ Not quite" in text and "Bob is the monarch and Bob has 20 life" in text
    assert anchor_link("614.9") in w.result.value and "♛" in shown(w.board.value)
    w.protectors.value = 0
    assert w.monarch.value is None and w.life.value == ""
    w.monarch.value, w.life.value = "Alice", "18"
    w.check_button.click()
    assert "✓ You predicted right" in shown(w.result.value)
    assert w.check is not None and w.check.reason.rules[0] == "725.2"
    assert anchor_link("725.2") in w.result.value and "Bob loses 2 life" in shown(w.result.value)
    w.life.value = "eighteen"
    w.check_button.click()
    assert "couldn't read" in shown(w.result.value)


def test_combat_explorer_bob_chooses_which_protector_takes_each_sources_damage() -> None:
    w = CombatExplorer(attackers=("Grizzly Bears", "Hill Giant"), protectors=2)
    assert len(w.choices.controls) == 2
    controls = list(w.choices.controls)
    second = w.choices.controls[1].options[1][1]
    w.choices.controls[1].value = second
    w.choices.controls[0].value = second
    assert w.choices.path == (second, w.choices.controls[1].options[0][1])  # the later choice started over
    assert w.choices.controls == controls and controls[1].value == controls[1].options[0][1]
    w.choices.controls[1].value = second
    w.monarch.value, w.life.value = "Bob", "20"
    w.check_button.click()
    assert "✓ You predicted right" in shown(w.result.value)
    assert w.outcome is not None and w.outcome.path == (second, second)
    text = shown(w.result.value)
    assert text.count(f"Bob chooses {second} to take") == 2 and "lethal damage and is destroyed" in text
    assert "graveyard: Protector of the Crown" in shown(w.board.value)  # 2 + 3 damage on a 2/5
    assert [p.damage for p in w.outcome.game.permanents("Bob") if p.name == "Protector of the Crown"] == [0]


def test_quiz_grades_through_the_callback() -> None:
    calls = []

    def grade(choice: str) -> Verdict:
        calls.append(choice)
        return Verdict(choice == "yes", f"You chose {choice}.", why="Because (CR 107.5).",
                       detail="event 1: the engine did it")

    q = Quiz("Q?", ["yes", "no"], grade)
    q.check_button.click()
    assert calls == [] and "Pick" in q.feedback.value
    q.choice.value = "no"
    q.check_button.click()
    assert shown(q.feedback.value).startswith("✗ You chose no.")
    assert "Why: Because (CR 107.5)." in shown(q.feedback.value) and anchor_link("107.5") in q.feedback.value
    assert "<details" in q.feedback.value and "event 1: the engine did it" in q.feedback.value  # folded
    q.choice.value = "yes"
    assert "Make a prediction" in q.feedback.value
    q.check_button.click()
    assert shown(q.feedback.value).startswith("✓ You chose yes.")


def test_quiz_accepts_every_right_answer() -> None:
    q = Quiz("Which mana could Alice get?", ["{U}", "{B}", "{G}"], answers=["{U}", "{B}"],
             why="Fellwar Stone copies a color Bob's Underground Sea could produce (CR 106.7).")
    for option in ("{U}", "{B}"):
        q.choice.value = option
        q.check_button.click()
        text = shown(q.feedback.value)
        assert text.startswith(f"✓ You chose {option}: right (another legal choice gives")
        assert anchor_link("106.7") in q.feedback.value
    q.choice.value = "{G}"
    q.check_button.click()
    assert shown(q.feedback.value).startswith("✗ You chose {G}: the answer is {U} or {B}")
    with pytest.raises(TypeError):
        Quiz("Q?", ["a"])
    with pytest.raises(ValueError):
        Quiz("Q?", ["a"], answers=["b"])


# ------------------------------------------------------------------------------- exercises in widgets
EXERCISES: list[tuple[Callable[..., str], dict[str, Any], dict[str, str]]] = [
    (check_activation_answers, {"a": ActivationCase("Llanowar Elves", "this turn", False),
                                "b": ActivationCase("Fellwar Stone", "this turn", False)}, {"a": "yes"}),
    (check_tap_answers, {"a": TapCase(("Fellwar Stone",), ("Underground Sea",)),
                         "b": TapCase(("Forest", "Mana Reflection"), ("Contamination",))},
     {"a": "{B}", "b": "{g}{g}"}),
    (check_could_answers, {"a": CouldCase(("Exotic Orchard",), ("Wastes",))}, {"a": "nothing"}),
    (check_number_answers, {"a": XCase("Walking Ballista", 2, "cast"), "b": BoltCase(1)},
     {"a": "2", "b": "three"}),
    (check_name_answers, {"a": MonarchCase(("Grizzly Bears",), protectors=0)}, {"a": "Bob"}),
]


@pytest.mark.parametrize("checker,cases,typed", EXERCISES, ids=lambda v: getattr(v, "__name__", ""))
def test_an_exercise_in_a_widget_gives_the_python_routes_feedback(
        checker: Callable[..., str], cases: dict[str, Any], typed: dict[str, str],
        capsys: pytest.CaptureFixture[str]) -> None:
    ex = Exercise.for_cases(checker, cases, prompts={"a": "What happens (CR 106.7)?"})
    assert set(ex.inputs) == set(cases) and "Answer the questions" in shown(ex.feedback.value)
    ex.check_button.click()
    assert ex.report == checker({}, cases) and "no answer yet" in shown(ex.feedback.value)
    for key, answer in typed.items():
        ex.inputs[key].value = answer
    assert "Answer the questions" in shown(ex.feedback.value)  # a changed answer hides the old feedback
    ex.check_button.click()
    clicked = not isinstance(next(iter(ex.inputs.values())), W.Text)
    with answered_by("chose" if clicked else "wrote"):  # "You chose" when clicked, else "You wrote"
        python = checker(typed, cases)
    assert ex.report == python and ex.answers == {k: typed.get(k) for k in cases}
    assert isinstance(python, Report)
    text = shown(ex.feedback.value)
    assert text.startswith(python.splitlines()[0])
    for key, v in python.rows:  # each question: its line, what is under it, its events folded away
        if v is None:
            assert f"✗ {key}: no answer yet" in text
            continue
        assert f"{'✓' if v.correct else '✗'} {key}: {v.text}" in text
        assert v.text.startswith(f"You {'chose' if clicked else 'wrote'} ") or "couldn't read" in v.text
        assert v.why in text and v.note in text
        if v.detail:
            assert f"<summary>{v.detail_title}</summary>" in ex.feedback.value
            assert all(line.strip() in text for line in v.detail.splitlines())
    assert anchor_link("106.7") in "".join(c.value for c in tree(ex) if isinstance(c, W.HTML))
    assert capsys.readouterr().out == ""


def test_exercise_answer_boxes_suit_the_checker() -> None:
    cases = {"a": ActivationCase("Pili-Pala", "last turn", True)}
    yes_no = Exercise.for_cases(check_activation_answers, cases)
    assert isinstance(yes_no.inputs["a"], OptionList) and yes_no.inputs["a"].options == ("yes", "no")
    mana = Exercise.for_cases(check_tap_answers, {"a": TapCase(("Forest",))})
    assert isinstance(mana.inputs["a"], W.Text) and "{B}{B}" in mana.inputs["a"].placeholder
    mana.inputs["a"].value = "   "
    assert mana.answers == {"a": None}
    race = Exercise.draw_race(title="Exercise 2")
    race.inputs["without it"].value = "Alice"
    race.inputs["with Bob's Custodi Lich entering first"].value = "Alice"
    with answered_by("chose"):
        assert race.check() == check_draw_race("Alice", "Alice") and race.report.startswith("2/2 correct")
    assert "Exercise 2" in shown(race.children[0].value)


def test_practice_questions_in_an_exercise_are_graded_by_check_practice() -> None:
    from mtgkit.practice import check_practice, worksheet

    qs = worksheet("tapping", "hard", 3, 4)
    ex = Exercise.for_practice(qs)
    assert [tuple(ex.inputs[str(q.number)].options) for q in qs] == [q.options for q in qs]
    given = [qs[0].answers[0], None, next(o for o in qs[2].options if o not in qs[2].answers)]
    for q, answer in zip(qs, given, strict=True):
        ex.inputs[str(q.number)].value = answer
    with answered_by("chose"):
        assert ex.check() == check_practice(given, qs)
    assert ex.report.startswith("1/3 correct")
    assert f"✓ {qs[0].number}: You chose {qs[0].answers[0]}: right" in ex.report


# ------------------------------------------------------------------------------- readability
def every_widget() -> list[W.Widget]:
    """Each widget of this module after a check, so the revealed HTML is included."""
    made: list[W.Widget] = []
    for make, predict, _ in EXPLORERS[::3]:
        w = make()
        predict(w)
        check(w)
        made.append(w)
    made.append(Quiz("Q?", ["a", "b"], answers=["a"]))
    made.append(Exercise.for_cases(check_tap_answers, {"a": TapCase(("Forest",))}))
    made.append(TapExplorer(alice=["Fellwar Stone"], bob=["Underground Sea"]))
    return made


PX_FONT = re.compile(r"font(-size)?\s*:[^;\"'}]*\d+(\.\d+)?px")


def test_text_scales_with_the_page_and_nothing_is_cut_mid_word() -> None:
    """Every size is in em or fits its words: descriptions get the width they need (ipywidgets
    would cut them with an ellipsis at a fixed width), buttons and toggles are as wide as their
    words, no fixed pixel widths or font sizes, and long text wraps between words."""
    for top in every_widget():
        for w in tree(top):
            if isinstance(w, W.HTML):
                assert not PX_FONT.search(w.value), w.value[:200]
                assert "<pre" not in w.value or "mtgkit-board" in w.value  # prose wraps between words
                if 'class="text"' in w.value:
                    assert "white-space:pre-wrap;word-break:normal" in w.value
            layout = getattr(w, "layout", None)
            for side in ("width", "min_width", "max_width"):
                value = getattr(layout, side, None) or ""
                assert "px" not in value, (type(w).__name__, side, value)
            if getattr(w, "description", "") and not isinstance(w, W.Button | W.Checkbox):
                assert w.style.description_width == "initial", (type(w).__name__, w.description)
            if isinstance(w, W.Button):
                assert w.layout.width == "fit-content", w.description
            if isinstance(w, W.ToggleButtons):
                assert w.style.button_width == "auto", w.options


def test_every_rule_number_an_explorer_shows_is_a_link() -> None:
    for top in every_widget():
        for w in tree(top):
            if isinstance(w, W.HTML):
                bare = re.sub(r"<a [^>]*>.*?</a>", "", w.value)  # links (and their tooltips) removed
                assert not re.search(r"\bCR\s+\d{3}\.\d", shown(bare)), shown(w.value)[:300]


def test_rule_numbers_in_widgets_are_links_with_titles() -> None:
    link = f'href="{BASE_URL}#R'
    s = TimelineStepper(game())
    assert link + "6022" in s.event_html.value or link in s.event_html.value
    assert link in s.why_html.value and 'title="CR ' in s.why_html.value
    w = ActivationExplorer()
    w.arrived.value, w.prediction.value = "this turn", "can activate"
    w.check_button.click()
    assert link + "3026" in w.result.value and "summoning sickness" in w.result.value
    c = CombatExplorer()
    predict_combat(c)
    c.check_button.click()
    assert link + "6149" in c.result.value and 'title="CR 614.9' in c.result.value
    x = XValueExplorer("Walking Ballista", x=2)
    predict_x(x)
    x.paths[0].check_button.click()
    assert link + "1073m" in x.paths[0].result.value
