"""Issue 28 in the browser: questions read and answered from the screen alone, options that
never overlap, keyboard-safe kit widgets (real key presses), radio-like predictions with
``aria-pressed``, and axe over the kit's outputs.

A scratch notebook (put through the server's contents API into the tier's throwaway copy of the
course) holds the widgets; it is opened in its own browser context, run, and driven."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from mtgkit.practice import questions, worksheet
from mtgkit.presenting import cards_of

from .access import active_cell, axe_violations
from .conftest import SHOTS
from .driver import PANEL

NAME = "issue-28-scratch.ipynb"
CELLS = [
    "from mtgkit import Game\n"
    "from mtgkit.lessons import ActivationCase, can_quiz\n"
    "from mtgkit.widgets import ActivationExplorer, PracticeWidget, Quiz, TimelineStepper",
    'PracticeWidget("capstones", "hard", seed=0)',
    'PracticeWidget("could-produce", "hard", seed=1)',
    'Quiz("Can Alice activate it?", ["yes", "no"], can_quiz(ActivationCase("Pili-Pala", "this turn", True)))',
    "ActivationExplorer()",
    'g = Game(["Alice", "Bob"])\ng.activate(g.put_onto_battlefield("Forest", "Alice"))\nTimelineStepper(g)',
]
CAPSTONES, FROM_SCREEN, QUIZ, EXPLORER, STEPPER = 1, 2, 3, 4, 5
SIZES = ((1280, 720), (1024, 768))


def _put_notebook(base: str, token: str) -> None:
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}},
        "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": src} for i, src in enumerate(CELLS)]}
    body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
    req = urllib.request.Request(f"{base}/api/contents/{NAME}", data=body, method="PUT",
                                 headers={"Authorization": f"token {token}",
                                          "Content-Type": "application/json"})
    urllib.request.urlopen(req).close()


@pytest.fixture(scope="module")
def page(browser: Any, lab: tuple[str, str]) -> Iterator[Page]:
    """The scratch notebook, open and run, at 1280x720."""
    base, token = lab
    _put_notebook(base, token)
    context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    p = context.new_page()
    p.goto(f"{base}/lab/tree/{NAME}?token={token}&reset")
    panel = p.locator(PANEL)
    expect(panel.locator(".jp-Notebook .jp-Cell")).to_have_count(len(CELLS), timeout=60_000)
    idle = panel.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    expect(idle).to_have_count(1, timeout=60_000)
    done = """([panel]) => {
        const ps = document.querySelectorAll(panel + ' .jp-CodeCell .jp-InputArea-prompt');
        return ps.length > 0 && [...ps].every(p => /\\[\\d+\\]/.test(p.textContent));
    }"""
    for attempt in range(3):  # a busy machine sometimes misses the first "Run All"
        panel.locator(".jp-Notebook .jp-Cell").first.click()
        p.locator("#jp-MainMenu .lm-MenuBar-itemLabel:text-is('Run')").click()
        p.locator(".lm-Menu-itemLabel:text-is('Run All Cells')").click()
        try:
            p.wait_for_function(done, arg=[PANEL], timeout=90_000)
            break
        except Exception:
            if attempt == 2:
                SHOTS.mkdir(parents=True, exist_ok=True)
                p.screenshot(path=str(SHOTS / "issue-28-scratch.png"))
                raise
    for i in range(1, len(CELLS)):
        expect(widget(p, i)).to_be_visible(timeout=60_000)
    yield p
    context.close()


def cell(p: Page, index: int) -> Locator:
    return p.locator(PANEL).locator(".jp-Notebook .jp-Cell").nth(index)


def widget(p: Page, index: int) -> Locator:
    return cell(p, index).locator(".jp-OutputArea-output > .jupyter-widgets").first


BOXES = """els => els.map(e => { const r = e.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, text: e.innerText.trim(),
          sh: e.scrollHeight, ch: e.clientHeight, sw: e.scrollWidth, cw: e.clientWidth}; })"""


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5)


def test_no_capstone_option_overlaps_another_at_1280x720_and_1024x768(page: Page) -> None:
    w = widget(page, CAPSTONES)
    prompt = w.locator(":scope > .widget-html").first
    caps = list(questions("capstones", "hard", 0))
    assert len(caps) >= 5
    for q in caps:
        expect(prompt).to_contain_text(f"Question {q.number}.")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)
            boxes = w.locator(".mtgkit-options .mtgkit-option").evaluate_all(BOXES)
            assert [b["text"] for b in boxes] == list(q.options), (q.number, width)
            if q.number == 1:  # what a learner sees, for a human to look at (build/screenshots)
                SHOTS.mkdir(parents=True, exist_ok=True)
                w.screenshot(path=str(SHOTS / f"issue-28-capstone-{width}x{height}.png"))
            for i, a in enumerate(boxes):
                assert a["sh"] <= a["ch"] + 1 and a["sw"] <= a["cw"] + 1, (q.number, width, a)  # nothing cut
                for b in boxes[i + 1:]:
                    assert not overlaps(a, b), (q.number, width, a, b)
        w.get_by_role("button", name="Next question", exact=True).click()
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def test_a_hard_question_is_answered_from_the_screen_alone(page: Page) -> None:
    w = widget(page, FROM_SCREEN)
    q = worksheet("could-produce", "hard", 1, seed=1)[0]
    assert q.steps and len(q.options) >= 4
    prompt = w.locator(":scope > .widget-html").first
    question = prompt.locator(".mtgkit-question")
    # everything the question needs is on the page, visible and complete
    board = question.locator("p.board")
    expect(board).to_be_visible()
    expect(board).to_contain_text(q.board.rstrip("."))
    steps = question.locator("ol.steps > li")
    expect(steps).to_have_text(list(q.steps))  # numbered (an ordered list), in order, whole
    for i in range(len(q.steps)):
        expect(steps.nth(i)).to_be_visible()
        assert steps.nth(i).evaluate("e => e.parentElement.tagName") == "OL"
    cards = question.locator("ul.cards > li.card")
    expect(cards).to_have_count(len(cards_of(q)))
    for i, c in enumerate(cards_of(q)):
        expect(cards.nth(i)).to_be_visible()
        expect(cards.nth(i)).to_contain_text(c.name)
        expect(cards.nth(i)).to_contain_text(c.type_line)
        if c.text:
            expect(cards.nth(i)).to_contain_text(c.text)
    expect(question.locator("p.stem")).to_contain_text(re.sub(r"\s+", " ", q.prompt))
    # read what the page says, and pick the option whose visible label is the key
    shown_steps = steps.all_inner_texts()
    assert shown_steps == list(q.steps)
    options = w.locator(".mtgkit-options .mtgkit-option")
    labels = [t.strip() for t in options.all_inner_texts()]
    assert labels == list(q.options)
    feedback = w.locator(":scope > .widget-html").nth(1)
    options.nth(labels.index(q.answer)).click()
    expect(options.nth(labels.index(q.answer))).to_have_attribute("aria-pressed", "true")
    w.get_by_role("button", name="Check", exact=True).click()
    expect(feedback).to_contain_text(f"✓ You chose {q.answer}: right")
    wrong = next(o for o in labels if o not in q.answers)
    options.nth(labels.index(wrong)).click()
    w.get_by_role("button", name="Check", exact=True).click()
    expect(feedback).to_contain_text(f"✗ You chose {wrong}: the answer is")
    text = feedback.inner_text()
    assert text.count("This looks like") <= 1 and text.count("Why:") == 1 and "*" not in text, text
    assert ".." not in text.replace("...", ""), text
    expect(feedback.locator("a[href*='yawgatog']").first).to_be_visible()  # the rule, a link
    SHOTS.mkdir(parents=True, exist_ok=True)
    w.screenshot(path=str(SHOTS / "issue-28-answered-from-the-screen.png"))


def cells_state(p: Page) -> tuple[int, int, int]:
    panel = p.locator(PANEL)
    return (panel.locator(".jp-Notebook .jp-Cell").count(),
            panel.locator(".jp-Notebook .jp-MarkdownCell").count(),
            panel.locator(".jp-OutputArea-output > .jupyter-widgets").count())


KEYS = ("ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "m", "a", "b", "j", "k", "y", "x", "d", "d", "z")


def test_keys_on_kit_buttons_never_reach_notebook_shortcuts(page: Page) -> None:
    def button(index: int, name: str) -> Locator:
        return widget(page, index).get_by_role("button", name=name, exact=True)
    targets = {"a quiz option": button(QUIZ, "yes"), "a quiz's Check": button(QUIZ, "Check"),
               "practice's next": button(FROM_SCREEN, "Next question"),
               "an explorer's prediction": button(EXPLORER, "can activate"),
               "the stepper's back": button(STEPPER, "◀ back")}  # at the last event: back is on
    before = cells_state(page)
    assert before[1] == 0 and before[2] == len(CELLS) - 1
    for what, target in targets.items():
        target.focus()
        assert target.evaluate("e => e === document.activeElement"), what
        at = active_cell(page.locator(PANEL))
        for key in KEYS:
            page.keyboard.press(key)
            page.wait_for_timeout(60)
            assert cells_state(page) == before, (what, key)  # no cell added, cut, or made Markdown
            assert active_cell(page.locator(PANEL)) == at, (what, key)  # and no other cell chosen
        expect(target).to_be_attached()


def test_predictions_are_radio_like_with_aria_pressed_and_stand_out(page: Page) -> None:
    w = widget(page, EXPLORER)
    can = w.get_by_role("button", name="can activate", exact=True)
    cant = w.get_by_role("button", name="can't activate", exact=True)
    can.click()
    expect(can).to_have_attribute("aria-pressed", "true")
    expect(cant).to_have_attribute("aria-pressed", "false")
    ratio = page.evaluate("""([a, b]) => {
      const lum = (c) => { const v = c.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map(x => x / 255)
        .map(x => x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4));
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
      const [l1, l2] = [lum(getComputedStyle(a).backgroundColor), lum(getComputedStyle(b).backgroundColor)];
      return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    }""", [can.element_handle(), cant.element_handle()])
    assert ratio >= 3.0, ratio
    q = widget(page, QUIZ)
    yes, no = (q.get_by_role("button", name=n, exact=True) for n in ("yes", "no"))
    no.click()
    expect(no).to_have_attribute("aria-pressed", "true")
    expect(yes).to_have_attribute("aria-pressed", "false")


def test_no_kit_text_is_under_12px_and_axe_finds_nothing_in_kit_outputs(page: Page) -> None:
    w = widget(page, QUIZ)
    w.get_by_role("button", name="yes", exact=True).click()
    w.get_by_role("button", name="Check", exact=True).click()
    expect(w).to_contain_text("This looks like")
    smallest = page.evaluate("""() => {
      let least = 99, where = '';
      document.querySelectorAll('.mtgkit-widget *').forEach(e => {
        if (!e.offsetParent || ![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) return;
        const size = parseFloat(getComputedStyle(e).fontSize);
        if (size < least) { least = size; where = e.outerHTML.slice(0, 120); }
      });
      return [least, where];
    }""")
    assert smallest[0] >= 12, smallest
    kit, _ = axe_violations(page)
    assert not kit, json.dumps(kit, indent=1, ensure_ascii=False)[:3000]
