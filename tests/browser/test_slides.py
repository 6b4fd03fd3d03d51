"""A notebook presented as slides in JupyterLab, with a live widget on a slide.

The presenter is jupyterlab-slideshow (the ``slides`` extra): its deck is the notebook panel
itself, so the widgets keep their kernel. (RISE, ``jupyterlab-rise`` 0.43, renders slides in a
separate page whose widget manager fails to load with ipywidgets 8: docs/running-a-class.md.)

The test runs 06-the-monarch, starts the deck on its title slide, walks forward with the arrow
key to the "who draws?" quiz, answers it wrong and then right, and checks the feedback the slide
shows against the feedback the same quiz gives in this process. Then it goes on to the next
exercise's slide: the exercise widget and its Python cell on it, the teacher's note not.
"""

from __future__ import annotations

import ast
import html
import importlib.util
import itertools
import json
import os
import re
import urllib.parse
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"
STEM = "06-the-monarch"
QUIZ_SLIDE = "Predict, then check: who draws?"
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
ONSCREEN = f"{PANEL}.jp-Deck .jp-Cell.jp-deck-mod-onscreen"
DECK_SETTINGS = "jupyterlab-slideshow:plugin"


def _need_slideshow() -> None:
    if importlib.util.find_spec("jupyterlab_slideshow") is not None:
        return
    how = ("jupyterlab-slideshow is not installed: pip install -e '.[slides]' (the test extra has it "
           "too), then re-run the browser tier.")
    if os.environ.get("CI"):
        pytest.fail(how)
    pytest.skip(how)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0  # inside <style> or <script>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("style", "script")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("style", "script")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def squash(text: str) -> str:
    """Text without its whitespace: HTML and the browser's rendering of it break lines differently."""
    return "".join(text.split())


def plain(markup: str) -> str:
    """The words of an HTML fragment as a reader sees them (no styles), whitespace squashed."""
    parser = _Text()
    parser.feed(markup)
    return squash(html.unescape("".join(parser.parts)))


def _quiz_cell() -> tuple[str, str]:
    """The source of the quiz cell under the "who draws?" heading, and the cell id."""
    nb = json.loads((ROOT / "notebooks" / f"{STEM}.ipynb").read_text())
    cells = nb["cells"]
    at = next(i for i, c in enumerate(cells) if "".join(c["source"]).startswith(f"## {QUIZ_SLIDE}"))
    cell = cells[at + 1]
    assert cell["cell_type"] == "code" and "Quiz(" in "".join(cell["source"])
    return "".join(cell["source"]), cell["id"]


def slide_titles(until: str) -> list[str]:
    """The notebook's slides (level-1 and level-2 headings) from the title to ``until``."""
    nb = json.loads((ROOT / "notebooks" / f"{STEM}.ipynb").read_text())
    titles = []
    for cell in nb["cells"]:
        if cell.get("metadata", {}).get("slideshow", {}).get("slide_type") == "slide":
            titles.append("".join(cell["source"]).lstrip().split("\n", 1)[0].lstrip("#").strip())
    return titles[:titles.index(until) + 1]


def exercise_after_quiz() -> tuple[str, str, str]:
    """The first exercise slide after the quiz: its title, the first line of its Python cell (the
    answers) and its teacher's note (speaker notes, between the widget and that cell)."""
    nb = json.loads((ROOT / "notebooks" / f"{STEM}.ipynb").read_text())
    cells = nb["cells"]
    texts = ["".join(c["source"]) for c in cells]
    quiz = next(i for i, s in enumerate(texts) if s.startswith(f"## {QUIZ_SLIDE}"))
    at = next(i for i in range(quiz + 1, len(cells)) if texts[i].startswith("## Exercise"))
    end = next((i for i in range(at + 1, len(cells)) if texts[i].startswith("## ")), len(cells))
    note = next(texts[i] for i in range(at, end)
                if cells[i]["metadata"].get("slideshow", {}).get("slide_type") == "notes")
    answers = next(texts[i] for i in range(at, end) if cells[i]["cell_type"] == "code"
                   and re.match(r"answers\d+ = ", texts[i]))
    return texts[at].split("\n", 1)[0].lstrip("#").strip(), answers.split("\n", 1)[0], note


def expected_feedback() -> tuple[str, str, str, str]:
    """Run the quiz cell here (its last expression is the quiz, as in the notebook) and answer it:
    a wrong option, the right one, and the feedback text each gets."""
    from mtgkit.widgets import Quiz

    source, _ = _quiz_cell()
    tree = ast.parse(source)
    last = tree.body.pop()
    assert isinstance(last, ast.Expr)
    scope: dict[str, object] = {"Quiz": Quiz}
    exec(compile(tree, "quiz-cell", "exec"), scope)
    quiz = eval(compile(ast.Expression(last.value), "quiz-cell", "eval"), scope)
    assert isinstance(quiz, Quiz) and quiz.answers, "the cell shows a quiz with a right answer"
    right = quiz.answers[0]
    wrong = next(o for o in quiz.choice.options if o not in quiz.answers)
    texts = []
    for option in (wrong, right):
        quiz.choice.value = option
        quiz.check_button.click()
        texts.append(plain(quiz.feedback.value))
    return wrong, texts[0], right, texts[1]


def _api(base: str, token: str, method: str, path: str, body: dict | None = None) -> object:  # type: ignore[type-arg]
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(f"{base}{path}", data=data, method=method,
                                 headers={"Authorization": f"token {token}",
                                          "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        text = r.read()
    return json.loads(text) if text else None


@pytest.fixture
def deck_copy(lab: tuple[str, str]) -> Iterator[str]:
    """A copy of the notebook in the lab's folder (the other browser tests keep theirs), removed
    afterwards with its kernel. The deck saves "presenting" in the user's settings and would
    start again on the next page, so that is switched off afterwards too, pass or fail."""
    _need_slideshow()
    base, token = lab
    made = _api(base, token, "POST", "/api/contents", {"copy_from": f"{STEM}.ipynb"})
    assert isinstance(made, dict)
    path = str(made["path"])
    try:
        yield path
    finally:
        _api(base, token, "PUT", f"/lab/api/settings/{DECK_SETTINGS}", {"raw": json.dumps({"active": False})})
        sessions = _api(base, token, "GET", "/api/sessions")
        for s in sessions if isinstance(sessions, list) else []:
            if s.get("path") == path:
                _api(base, token, "DELETE", f"/api/sessions/{s['id']}")
        _api(base, token, "DELETE", f"/api/contents/{urllib.parse.quote(path)}")


def _onscreen_heading(page) -> str:  # type: ignore[no-untyped-def]
    heads = page.locator(f"{ONSCREEN} .jp-MarkdownOutput h1, {ONSCREEN} .jp-MarkdownOutput h2, "
                         f"{ONSCREEN} .jp-MarkdownOutput h3")
    return heads.first.inner_text().replace("¶", "").strip() if heads.count() else ""


def _feedback_after(page, area, option: str, before: str) -> str:  # type: ignore[no-untyped-def]
    area.locator(".mtgkit-options").get_by_role("button", name=option, exact=True).click()
    area.locator(".widget-button:has-text('Check')").click()
    feedback = area.locator(".widget-html").last
    for _ in range(75):  # the kernel answers the click
        text = squash(feedback.inner_text())
        if text != before and "Makeaprediction" not in text:
            return text
        page.wait_for_timeout(200)
    return text


def test_a_notebook_as_slides_with_a_working_quiz(lab: tuple[str, str], browser,  # type: ignore[no-untyped-def]
                                                   deck_copy: str) -> None:
    base, token = lab
    wrong, wrong_text, right, right_text = expected_feedback()
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{base}/lab/tree/{urllib.parse.quote(deck_copy)}?token={token}&reset")
        page.wait_for_selector(f"{PANEL} .jp-Cell", timeout=60_000)
        page.wait_for_selector(f"{PANEL} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                               timeout=60_000)
        # the teacher's steps: run all cells, select the title, press the deck button
        page.locator(f"{PANEL} .jp-Cell").first.click()
        page.locator("#jp-MainMenu .lm-MenuBar-itemLabel:text-is('Run')").click()
        page.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
        page.wait_for_function("""([panel]) => {
            const ps = document.querySelectorAll(panel + ' .jp-CodeCell .jp-InputArea-prompt');
            return ps.length > 0 && [...ps].every(p => /\\[\\d+\\]/.test(p.textContent));
        }""", arg=[PANEL], timeout=90_000)
        page.locator(f"{PANEL} .jp-Cell").first.click()
        page.keyboard.press("Escape")
        page.locator(f"{PANEL} [data-jp-item-name='deck'] button").click()

        # slide mode: the panel is a deck, presenting; only the title slide is on screen
        page.wait_for_selector(f"{PANEL}.jp-Deck", timeout=15_000)
        page.wait_for_selector("body[data-jp-deck-mode='presenting']", state="attached", timeout=15_000)
        page.wait_for_selector(".jp-Deck-Remote", timeout=15_000)
        assert _onscreen_heading(page) == "The monarch"
        assert page.locator(ONSCREEN).count() == 1
        assert page.locator(f"{PANEL} .jp-Cell:has-text('Key points')").first.is_hidden()

        # forward with the arrow key to the quiz: it steps through each slide's cells (the
        # heading stays on screen) and then to the next slide, passing by the sub-slides (↓)
        seen = [_onscreen_heading(page)]
        for _ in range(40):
            if seen[-1] == QUIZ_SLIDE:
                break
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(200)
            seen.append(_onscreen_heading(page))
        visited = [title for title, _ in itertools.groupby(seen)]
        assert visited == slide_titles(until=QUIZ_SLIDE), seen

        # the quiz is live on the slide: a wrong answer, then the right one
        area = page.locator(f"{ONSCREEN} .jp-OutputArea-output:has(.mtgkit-options)")
        assert area.count() == 1 and area.is_visible()
        before = squash(area.locator(".widget-html").last.inner_text())
        assert before == squash("Make a prediction, then press Check.")
        shown_wrong = _feedback_after(page, area, wrong, before)
        assert shown_wrong == wrong_text and shown_wrong.startswith("✗"), shown_wrong
        shown_right = _feedback_after(page, area, right, shown_wrong)
        assert shown_right == right_text and shown_right.startswith(f"✓Youchose{right}:right"), shown_right
        assert _onscreen_heading(page) == QUIZ_SLIDE  # still on the same slide

        body = page.locator("body").inner_text()
        assert "Error displaying widget" not in body
        outputs = "\n".join(page.locator(f"{PANEL} .jp-OutputArea-output").all_inner_texts())
        assert not re.search(r"\b[A-Z]\w*\(children=", outputs), "a widget fell back to its text repr"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"slides-{STEM}.png"))

        # on to the next exercise: its slide shows the exercise widget and the Python cell
        # below it, and the teacher's note between them only as speaker notes, off the slide
        title, answers, note = exercise_after_quiz()
        page.locator(f"{ONSCREEN} .jp-MarkdownOutput").first.click()  # focus off the widget
        for _ in range(10):
            if _onscreen_heading(page) == title:
                break
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(200)
        assert _onscreen_heading(page) == title
        onscreen = page.locator(ONSCREEN)
        assert onscreen.locator(".jp-OutputArea-output .widget-button:has-text('Check')").count() == 1
        assert onscreen.filter(has_text=answers).count() == 1
        assert note.strip() and squash(note) not in squash("".join(onscreen.all_inner_texts()))
        assert page.locator(f"{PANEL} .jp-Cell").filter(has_text=note.strip()).first.is_hidden()

        # Escape on the slide leaves the deck: the notebook is back
        page.locator(f"{ONSCREEN}").first.click()
        page.keyboard.press("Escape")
        page.wait_for_selector("body:not([data-jp-deck-mode='presenting'])", state="attached",
                               timeout=10_000)
        assert page.locator(f"{PANEL}.jp-Deck").count() == 0
        page.wait_for_timeout(500)  # the deck saves its state
        saved = _api(base, token, "GET", f"/lab/api/settings/{DECK_SETTINGS}")
        assert isinstance(saved, dict) and saved["settings"].get("active") is False, saved
    except BaseException:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"FAILED-slides-{STEM}.png"))
        raise
    finally:
        context.close()
