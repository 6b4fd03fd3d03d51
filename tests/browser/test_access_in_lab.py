"""Issue 22 in JupyterLab, in headless Chromium at a projector's 1280x720:

- a student opens a released graded assignment: before any exercise it says that only the
  Python answer cells are graded and widget answers are not saved or graded, and right above
  each graded cell a note says so again;
- by keyboard alone, a learner completes 00's explorer and exercise and 08's practice: Up and
  Down on a focused dropdown or radio button change the choice and leave JupyterLab's current
  cell where it was, Space presses a toggle button, Enter in an exercise box runs *Check*.

(The main tier, test_notebooks_in_lab.py, checks the widgets' text before a notebook runs, the
plots at 1280x720 and axe-core over every notebook.)
"""

from __future__ import annotations

import importlib.util
import json
import re
import time
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from mtgkit.assignments import CODE_STUB, assignment_notebook
from mtgkit.practice import questions

from . import expected as E
from .access import active_cell, axe_violations, focused, is_focused, tab_to
from .conftest import SHOTS
from .driver import Notebook, exactly, feedback_of, open_and_run, open_notebook, shut_down

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page(browser: Browser, lab: tuple[str, str]) -> Iterator[Page]:
    base, token = lab
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{base}/lab?token={token}&reset")
    yield page
    context.close()


def released(stem: str) -> dict[str, object]:
    """The assignment as a student gets it: nbgrader's release steps (solutions cleared to the
    stub, hidden tests removed) over ``mtgkit assignments``' source notebook."""
    import nbformat
    from nbgrader.preprocessors import ClearHiddenTests, ClearSolutions

    nb = nbformat.reads(json.dumps(assignment_notebook(stem)[0]), as_version=4)
    nb, _ = ClearSolutions(code_stub={"python": CODE_STUB}).preprocess(nb, {})
    nb, _ = ClearHiddenTests().preprocess(nb, {})
    return dict(json.loads(nbformat.writes(nb)))


def upload(lab: tuple[str, str], name: str, nb: dict[str, object]) -> None:
    base, token = lab
    body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
    headers = {"Authorization": f"token {token}", "Content-Type": "application/json"}
    req = urllib.request.Request(f"{base}/api/contents/{name}", data=body, method="PUT", headers=headers)
    urllib.request.urlopen(req).close()


def timed(name: str, started: float) -> None:
    print(f"{name}: {time.perf_counter() - started:.1f} s")


def test_a_released_assignment_says_only_the_python_cells_are_graded(page: Page,
                                                                     lab: tuple[str, str]) -> None:
    if importlib.util.find_spec("nbgrader") is None:
        pytest.skip("nbgrader is not installed (it is in the test extra)")
    started = time.perf_counter()
    stem = "07-protector-of-the-crown"
    nb_json = released(stem)
    name = f"graded-{stem}"
    upload(lab, f"{name}.ipynb", nb_json)
    page.locator(".jp-DirListing-item", has_text="08-practice.ipynb").wait_for()
    page.locator(".jp-ToolbarButtonComponent[data-command='filebrowser:refresh']").click()
    nb = Notebook(page, name)
    cells = nb_json["cells"]
    assert isinstance(cells, list)
    open_notebook(nb, len(cells))
    how = nb.cell(1)
    expect(how).to_contain_text("How this assignment is graded")
    expect(how).to_contain_text("Only the Python answer cells are graded")
    expect(how).to_contain_text("not saved in the notebook and not graded")
    graded = [i for i, c in enumerate(cells) if c["cell_type"] == "code"
              and re.search(r"^answers\d = ", "".join(c["source"]), re.M)]
    assert len(graded) == 2
    for number, i in enumerate(graded, 1):
        note = nb.cell(i - 1)
        expect(note).to_contain_text(f"This cell is graded: exercise {number},")
        expect(note).to_contain_text("Answers given in the widget above are not saved or graded.")
        expect(nb.cell(i).locator(".jp-InputArea-editor")).to_contain_text(f"answers{number} = {{")
        expect(nb.cell(i - 2).locator(".jp-InputArea-editor")).to_contain_text("Exercise.for_cases(")
    assert "grades both" not in nb.panel.inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "assignment-graded-note.png"))
    base, token = lab
    shut_down(base, token, name)
    timed("released assignment", started)


def has_focus(within: Locator) -> bool:
    return bool(within.evaluate("e => e === document.activeElement || e.contains(document.activeElement)"))


def press(page: Page, key: str, within: Locator, panel: Locator) -> None:
    """Press ``key`` on the focused control ``within`` (a control, or a group of them such as
    radio buttons): the focus stays there, and JupyterLab's current cell stays where it was (its
    Up/Down shortcuts didn't take the key)."""
    assert has_focus(within), focused(page)
    cell = active_cell(panel)
    page.keyboard.press(key)
    page.wait_for_timeout(150)
    assert has_focus(within), f"after {key}, the focus left the control for {focused(page)!r}"
    assert active_cell(panel) == cell, f"after {key}, JupyterLab moved to cell {active_cell(panel)}"


def test_an_explorer_and_an_exercise_by_keyboard_alone(page: Page, lab: tuple[str, str]) -> None:
    started = time.perf_counter()
    stem = "00-start-here"
    nb = Notebook(page, stem)
    open_and_run(nb)
    # The explorer: choose the permanent with the arrow keys, Space on the toggle buttons,
    # Enter on Check (E.EXPLORERS: Llanowar Elves arrived this turn can't activate, 302.6).
    e = E.EXPLORERS[stem][0]
    w = nb.widget(E.cell_index(stem, e.cell))
    select = w.locator(".widget-dropdown select")
    first = select.input_value()
    select.focus()  # the way in: the first control (Tab from the cell above gets here too)
    press(page, "ArrowDown", select, nb.panel)
    assert select.input_value() != first, "ArrowDown chose the next permanent"
    press(page, "ArrowUp", select, nb.panel)
    assert select.input_value() == first
    for label in (e.setup["arrived"], e.right[0]):
        button = w.get_by_role("button", name=label, exact=True)
        tab_to(page, button)
        page.keyboard.press("Space")
        expect(button).to_have_class(re.compile(r"\bmod-active\b"))
    check = w.get_by_role("button", name="Check", exact=True)
    tab_to(page, check)
    page.keyboard.press("Enter")
    result = check.locator("xpath=following-sibling::div[1]")
    expect(result).to_contain_text("✓ You predicted right.")
    expect(result).to_contain_text(e.rule)
    # The exercise: type each answer, Tab to the next box, Enter to check.
    ex = E.exercises(stem)[0]
    w = nb.widget(ex.cell)
    boxes = w.locator(":scope > .widget-text input")
    boxes.first.focus()
    for i, answer in enumerate(ex.right):
        if i:
            tab_to(page, boxes.nth(i))
        page.keyboard.type(answer)
    cell = active_cell(nb.panel)
    page.keyboard.press("Enter")
    feedback = w.locator(":scope > .widget-html").last
    expect(feedback).to_contain_text(f"{len(ex.keys)}/{len(ex.keys)} correct")
    assert active_cell(nb.panel) == cell and is_focused(boxes.last)
    page.screenshot(path=str(SHOTS / "keyboard-00.png"))
    base, token = lab
    shut_down(base, token, stem)
    timed("00 by keyboard", started)


def test_practice_by_keyboard_alone(page: Page, lab: tuple[str, str]) -> None:
    started = time.perf_counter()
    stem = "08-practice"
    nb = Notebook(page, stem)
    open_and_run(nb)
    w = nb.widget(E.cell_index(stem, "PracticeWidget("))
    prompt = w.locator(":scope > .widget-html").nth(1)
    topic = w.locator(".widget-dropdown select")
    topics = topic.locator("option").all_inner_texts()
    topic.focus()
    at = topics.index(topic.input_value())
    press(page, "ArrowDown" if at == 0 else "ArrowUp", topic, nb.panel)
    chosen = topic.input_value()
    assert chosen != topics[at]
    expect(prompt).to_contain_text("Question 1.")
    level = w.get_by_role("button", name="easy", exact=True)
    tab_to(page, level)
    page.keyboard.press("Space")
    seed = int(w.get_by_label("seed", exact=True).input_value())
    q = next(iter(questions(chosen, "easy", seed)))
    expect(prompt).to_contain_text(re.sub(r"\s+", " ", q.prompt).split("(CR")[0].strip())
    radios = w.locator(".widget-radio-box input[type=radio]")
    tab_to(page, radios.first)
    page.keyboard.press("Space")  # the first option
    right = q.options.index(q.answers[0])
    for _ in range(right):  # arrow keys move along the options, choosing each
        press(page, "ArrowDown", w.locator(".widget-radio-box"), nb.panel)
    expect(radios.nth(right)).to_be_checked()
    check = w.get_by_role("button", name="Check", exact=True)
    tab_to(page, check)
    page.keyboard.press("Enter")
    feedback = w.locator(":scope > .widget-html").nth(2)
    expect(feedback).to_contain_text(f"✓ Right: {q.answers[0]}")
    expect(w.locator(":scope > .widget-html").nth(3)).to_have_text(exactly("Score: 1 / 1"))
    nxt = w.get_by_role("button", name="Next question", exact=True)
    tab_to(page, nxt)
    page.keyboard.press("Enter")
    expect(prompt).to_contain_text("Question 2.")
    assert feedback_of(feedback).startswith("Pick an answer")
    page.screenshot(path=str(SHOTS / "keyboard-08.png"))
    # axe's findings are sorted by where they are: an image without a text alternative put into
    # this widget's output is the kit's (the main tier fails on those), one in the file browser
    # JupyterLab's.
    planted = """([out, side]) => {
        for (const where of [out, side]) {
            const img = document.createElement('img');
            img.className = 'mtgkit-planted';
            img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
            where.appendChild(img);
        }
    }"""
    output = w.locator("xpath=ancestor::div[contains(@class, 'jp-OutputArea-output')][1]")
    page.evaluate(planted, [output.element_handle(), page.locator(".jp-DirListing").element_handle()])
    kit, jupyterlab = axe_violations(page)
    page.evaluate("() => document.querySelectorAll('.mtgkit-planted').forEach(e => e.remove())")
    assert [v["id"] for v in kit] == ["image-alt"] and len(kit[0]["nodes"]) == 1, kit
    assert any(v["id"] == "image-alt" for v in jupyterlab), jupyterlab
    base, token = lab
    shut_down(base, token, stem)
    timed("08 by keyboard", started)
