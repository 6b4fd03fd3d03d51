"""Issue 22 in JupyterLab, in headless Chromium (after the course's notebooks, on their page): a
student opens a released graded assignment; before any exercise it says that only the Python answer cells are
graded and widget answers are not saved or graded, and right above each graded cell a note says
so again. On the same page, axe's findings are sorted as the main tier relies on: a fault planted
in the notebook's content is the kit's, one planted in the file browser JupyterLab's. Then the
student runs it: it is in assessment mode, so a wrong *Check* in an exercise widget names the
misconception and the rule, and never shows the answer (item 3); a right one still says why.

(The main tier, test_notebooks_in_lab.py, checks the widgets' text before a notebook runs, the
plots at 1280x720, axe-core over every notebook, and 00's explorer and exercise and 08's
practice by keyboard alone.)
"""

from __future__ import annotations

import importlib.util
import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from mtgkit.assignments import CODE_STUB, assignment_notebook

from . import expected as E
from .access import axe_violations
from .conftest import SHOTS
from .driver import (
    Notebook,
    answer_radio,
    close,
    exactly,
    feedback_of,
    open_notebook,
    run_all_cells,
    shut_down,
)

pytestmark = pytest.mark.browser


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


def test_a_released_assignment_says_only_the_python_cells_are_graded(lab_page: Page,
                                                                     lab: tuple[str, str]) -> None:
    if importlib.util.find_spec("nbgrader") is None:
        pytest.skip("nbgrader is not installed (it is in the test extra)")
    started = time.perf_counter()
    page = lab_page
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
    # An image without a text alternative in the notebook's content is the kit's fault (the
    # main tier fails on those); one in the file browser is JupyterLab's.
    planted = """(places) => places.forEach(where => {
        const img = document.createElement('img');
        img.className = 'mtgkit-planted';
        img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
        where.appendChild(img);
    })"""
    places = [how.locator(".jp-MarkdownOutput").element_handle(),
              page.locator(".jp-DirListing").element_handle()]
    page.evaluate(planted, places)
    kit, jupyterlab = axe_violations(page)
    page.evaluate("() => document.querySelectorAll('.mtgkit-planted').forEach(e => e.remove())")
    assert [(v["id"], len(v["nodes"])) for v in kit] == [("image-alt", 1)], kit
    assert any(v["id"] == "image-alt" for v in jupyterlab), jupyterlab
    # Item 3: run it; a wrong Check in exercise 1's widget shows no answer.
    assert "assessment()" in "".join(cells[2]["source"])
    run_all_cells(nb)
    expect(nb.panel.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_have_count(1,
                                                                                               timeout=60_000)
    ex = E.exercises(stem)[0]  # the course's exercise 1: its questions, right and wrong answers
    widget = nb.cell(graded[0] - 2).locator(".jp-OutputArea-output > .jupyter-widgets").first
    boxes = widget.locator(":scope > .mtgkit-options")
    expect(boxes).to_have_count(len(ex.keys))
    feedback = widget.locator(":scope > .widget-html").last
    check = widget.locator(":scope > .widget-button", has_text=exactly("Check"))
    for i, answer in enumerate(ex.wrong):
        answer_radio(boxes.nth(i), answer)
    check.click()
    expect(feedback).to_contain_text(f"0/{len(ex.keys)} correct")
    shown = feedback_of(feedback)
    assert "the answer is" not in shown and "Why:" not in shown and "<details" not in widget.inner_html()
    assert shown.count("not right.") == len(ex.keys) and "Look again at CR" in shown, shown
    assert "misconception" in shown, shown  # a Protector's damage is no damage to the monarch (725.2)
    for right in ex.right:
        assert f"the answer is {right}" not in shown
    for i, answer in enumerate(ex.right):
        answer_radio(boxes.nth(i), answer)
    check.click()
    expect(feedback).to_contain_text(f"{len(ex.keys)}/{len(ex.keys)} correct")
    assert "Why:" in feedback_of(feedback)  # a right answer still gets its reason
    page.screenshot(path=str(SHOTS / "assignment-assessment-mode.png"))
    close(nb)
    base, token = lab
    shut_down(base, token, name)
    timed("released assignment", started)
