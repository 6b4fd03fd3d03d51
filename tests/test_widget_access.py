"""What a learner meets before and around the widgets, without a browser: the line a notebook
shows for a widget before its cell is run, the keyboard (Enter in a text box checks; the script
that keeps a control's keys from JupyterLab's shortcuts travels with every widget), names for
every control a screen reader reaches, marks any font can draw, timeline tables that read left
to right, and a worksheet's headings inside a notebook. The browser tier checks the same in
JupyterLab (tests/browser/test_notebooks_in_lab.py, test_released_assignment.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import ipywidgets as W
import matplotlib
import pytest

from mtgkit import Game
from mtgkit.lessons import ActivationCase, TapCase, check_activation_answers, check_tap_answers
from mtgkit.practice import render_worksheet, worksheet
from mtgkit.timeline import linked, timeline
from mtgkit.widgets import (
    ActivationExplorer,
    CombatExplorer,
    CouldProduceExplorer,
    Exercise,
    PracticeWidget,
    Quiz,
    TapExplorer,
    TimelineStepper,
    XValueExplorer,
    shown_in_notebook,
)
from mtgkit.widgets.base import KEYBOARD_JS, KitWidget
from mtgkit.widgets.board import board_html
from mtgkit.widgets.parts import OptionList


def _game() -> Game:
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Forest", "Alice"))
    return g


def every_widget() -> list[tuple[KitWidget, str]]:
    """One of each of the kit's widgets, with the words its plain-text form must start with."""
    tap = {"a": TapCase(("Forest",))}
    return [
        (TimelineStepper(_game()), "Timeline stepper"),
        (Quiz("Which?", ["a", "b"], answers=["a"]), "Quick question"),
        (ActivationExplorer(), "Explorer: can Alice activate it"),
        (CouldProduceExplorer(), "Explorer: what could a permanent produce"),
        (TapExplorer(), "Explorer: tapping a permanent for mana"),
        (XValueExplorer(), "Explorer: X on three ways"),
        (CombatExplorer(), "Explorer: combat"),
        (Exercise.for_cases(check_tap_answers, tap, title="Exercise 1: mana"),
         "Exercise widget (Exercise 1: mana)"),
        (PracticeWidget(), "Practice questions"),
    ]


def walk(w: Any) -> list[Any]:
    found = [w]
    for child in getattr(w, "children", ()):
        found += walk(child)
    return found


def test_before_its_cell_runs_a_widget_says_what_it_is_and_to_run_the_cell() -> None:
    for w, what in every_widget():
        bundle = w._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle  # the live widget, once run
        plain = bundle["text/plain"]
        assert plain.startswith(what) and plain.endswith(": run this cell to use it."), plain
        assert "children=" not in plain and "(" not in plain.split(":")[0].replace("(Exercise", "")


def test_every_widget_carries_the_keyboard_script_once_in_a_hidden_output() -> None:
    for w, what in every_widget():
        assert "mtgkit-widget" in w._dom_classes, what
        scripts = [c for c in walk(w) if isinstance(c, W.Output)
                   and any("application/javascript" in o["data"] for o in c.outputs)]
        assert len(scripts) == 1 and scripts[0].layout.display == "none", what
        assert scripts[0].outputs[0]["data"]["application/javascript"] == KEYBOARD_JS


def test_the_keyboard_script_keeps_a_controls_keys_and_leaves_escape_and_shortcuts_to_jupyterlab() -> None:
    # a bubbling listener on document.body runs before JupyterLab's, which is on the document
    assert "document.body.addEventListener('keydown'" in KEYBOARD_JS
    assert "event.stopPropagation()" in KEYBOARD_JS
    # a key's own action (Space or Enter pressing a button) is never prevented; only an arrow in
    # a group of options, which moves the focus to the next option instead of scrolling the page
    assert KEYBOARD_JS.count("preventDefault") == 1
    assert "if (group && step) {  // a radio group's arrows" in KEYBOARD_JS
    assert "event.preventDefault();\n        all[" in KEYBOARD_JS
    for key in ("ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown", "' '"):
        assert key in KEYBOARD_JS
    assert "event.ctrlKey || event.altKey || event.metaKey || event.key === 'Escape'" in KEYBOARD_JS
    for control in ("select", "input[type=radio]", "input[type=checkbox]", "[role=slider]", "button"):
        assert control in KEYBOARD_JS
    assert "aria-label" in KEYBOARD_JS  # slider handles get their label's name


def submit(box: W.Text) -> None:
    """What ipywidgets' front end sends when the learner presses Enter in a text box."""
    box._handle_custom_msg({"event": "submit"}, [])


def test_enter_in_an_exercise_box_runs_check() -> None:
    ex = Exercise.for_cases(check_tap_answers, {"a": TapCase(("Forest",)), "b": TapCase(("Forest",))})
    ex.inputs["a"].value = "{G}"
    submit(ex.inputs["a"])
    assert ex.feedback.value.count("1/2 correct") == 1 and "{G}" in ex.report


def test_enter_in_an_explorers_prediction_box_checks_it() -> None:
    tap = TapExplorer(alice=("Forest",), bob=())
    tap.prediction.value = "{G}"
    submit(tap.prediction)
    assert "You predicted right" in tap.result.value
    combat = CombatExplorer(protectors=1)
    combat.monarch.value, combat.life.value = "Bob", "20"
    submit(combat.life)
    assert "You predicted right" in combat.result.value
    x = XValueExplorer("Walking Ballista", x=2)
    panel = x.paths[0]
    panel.counters.value, panel.where.value, panel.tokens.value = "2", "on the battlefield", "0"
    submit(panel.tokens)
    assert "You predicted right" in panel.result.value


def test_enter_before_the_last_letters_arrive_checks_again_when_they_do() -> None:
    """ipywidgets sends the Enter at once and the box's value behind an update in flight: the
    value that arrives just after the Enter is the one checked."""
    ex = Exercise.for_cases(check_tap_answers, {"a": TapCase(("Forest",))})
    ex.inputs["a"].value = "{G"
    submit(ex.inputs["a"])
    assert ex.report.startswith("0/1 correct")
    ex.inputs["a"].value = "{G}"  # the rest of the typing
    assert ex.report.startswith("1/1 correct") and "1/1 correct" in ex.feedback.value
    ex.inputs["a"].value = "{U}"  # a later change hides the outcome, as before
    assert ex.report == "" and "Answer the questions" in ex.feedback.value


def test_a_yes_no_exercise_has_no_text_box_to_press_enter_in() -> None:
    ex = Exercise.for_cases(check_activation_answers, {"a": ActivationCase("Forest", "last turn", True)})
    assert isinstance(ex.inputs["a"], OptionList)


def test_every_choice_a_learner_makes_for_a_player_has_a_name() -> None:
    """The colour-choice dropdown and the replacement-order list are labelled (ipywidgets ties a
    description to its control: a screen reader says it on reaching the control)."""
    tap = TapExplorer(alice=("Forest", "Mana Reflection"), bob=("Contamination",))
    order = tap.choices.controls[0]
    assert order.items.description.startswith("order of the replacement effects")
    tap = TapExplorer(alice=("Exotic Orchard",), bob=("Underground Sea",))
    pick = tap.choices.controls[0]
    assert isinstance(pick, W.Dropdown) and pick.description.startswith("Alice chooses: ")
    for w, what in every_widget():
        for c in walk(w):
            if isinstance(c, W.Dropdown | W.Select | W.SelectMultiple | W.IntSlider | W.IntText):
                assert c.description, (what, type(c).__name__)


def test_board_marks_are_drawn_by_an_ordinary_font_and_said_in_words() -> None:
    """No emoji (an empty box without an emoji font): every character the board writes is in
    DejaVu Sans, the font matplotlib ships, and each mark is in words too."""
    from fontTools.ttLib import TTFont

    font = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
    cmap = TTFont(font).getBestCmap()
    g = Game(["Alice", "Bob"])
    g.make_monarch("Bob")
    g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.activate(g.put_onto_battlefield("Forest", "Alice"))
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    page = re.sub(r"<[^>]+>", "", board_html(g.board()))
    missing = {ch for ch in page if ord(ch) > 127 and ord(ch) not in cmap}
    assert not missing, missing
    for words in ("summoning sick", "tapped", "attacking", "the monarch"):
        assert words in page, words


def test_timeline_tables_read_left_to_right_with_no_empty_header_cell() -> None:
    html = linked(timeline(_game())).to_html()
    for cell in ("td", "th"):
        assert re.search(rf"#T_mtgkit\s+{cell} \{{\s*text-align: left;", html), cell
    headers = re.findall(r"<th[^>]*>(.*?)</th>", html, re.S)
    assert headers and all(h.strip() for h in headers), headers


def test_a_worksheet_in_a_notebook_has_smaller_headings_than_the_notebook() -> None:
    text = render_worksheet(worksheet("monarch", "easy", 3, seed=4), links=True)
    assert text.startswith("# ")  # the printed worksheet keeps its title
    shown = shown_in_notebook(text).data
    levels = {len(m.group(1)) for m in re.finditer(r"^(#+) ", shown, re.M)}
    assert min(levels) == 3 and shown.replace("### ", "# ", 1).replace("#### ", "## ") == text


@pytest.mark.parametrize("level", [3, 4])
def test_shown_in_notebook_moves_every_heading_by_the_same_amount(level: int) -> None:
    shown = shown_in_notebook("## A\n### B\ntext #1\n", level).data
    assert shown.splitlines() == ["#" * level + " A", "#" * (level + 1) + " B", "text #1"]
