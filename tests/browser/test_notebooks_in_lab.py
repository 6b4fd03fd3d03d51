"""Every notebook, run in JupyterLab in headless Chromium: no errors, every widget rendered,
and the notebook's main interaction changes what the page shows."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from mtgkit.course import NOTEBOOKS

from .conftest import SHOTS

pytestmark = pytest.mark.browser
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def settle(page, locator, before: str, timeout_ms: int = 15_000) -> str:  # type: ignore[no-untyped-def]
    """Wait until the widget's text changes (the kernel answers the click), then return it."""
    waited = 0
    text = locator.inner_text()
    while text == before and waited < timeout_ms:
        page.wait_for_timeout(200)
        waited += 200
        text = locator.inner_text()
    page.wait_for_timeout(300)  # let a multi-part update finish
    return locator.inner_text()


def stepper_back(page) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    html = page.locator(f"{PANEL} .widget-html").first
    before = html.inner_text()
    page.locator(f"{PANEL} .widget-button:has-text('back')").first.click()
    return before, settle(page, html, before)


def activation_check(page) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    out = page.locator(f"{PANEL} .widget-html:has-text('Predict, then press Check')").first
    before = out.inner_text()
    page.locator(f"{PANEL} .widget-toggle-button:has-text('can activate')").first.click()
    area = page.locator(f"{PANEL} .jp-OutputArea-output:has(.widget-toggle-button)").first
    shown = area.inner_text()
    page.locator(f"{PANEL} .widget-button:has-text('Check')").first.click()
    settle(page, area, shown)
    after = page.locator(f"{PANEL} .widget-html:has-text('predicted right'), "
                         f"{PANEL} .widget-html:has-text('Not quite')").first.inner_text()
    return before, after


def select_second(label: str) -> Callable:  # type: ignore[type-arg]
    def act(page) -> tuple[str, str]:  # type: ignore[no-untyped-def]
        box = page.locator(f"{PANEL} .widget-dropdown:has(label:text-is('{label}'))").first
        result = page.locator(f"{PANEL} .jp-OutputArea-output .widget-vbox .widget-html").last
        before = result.inner_text()
        options = box.locator("option")
        box.locator("select").select_option(index=options.count() - 1)
        return before, settle(page, result, before)
    return act


def slider_keys(key: str, which: int = 0) -> Callable:  # type: ignore[type-arg]
    def act(page) -> tuple[str, str]:  # type: ignore[no-untyped-def]
        shown = page.locator(f"{PANEL} .jp-OutputArea-output:has(.widget-slider)").last
        before = shown.inner_text()
        handle = page.locator(f"{PANEL} .widget-slider .noUi-handle").nth(which)
        handle.focus()
        page.keyboard.press(key)
        return before, settle(page, shown, before)
    return act


def quiz(page) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    feedback = page.locator(f"{PANEL} .jp-OutputArea-output:has(.widget-radio-box)").first
    before = feedback.inner_text()
    assert "Make a prediction" in before
    page.locator(f"{PANEL} .widget-radio-box label:has-text('Alice')").first.click()
    page.locator(f"{PANEL} .widget-button:has-text('Check')").first.click()
    return before, settle(page, feedback, before)


def practice_next(page) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    area = page.locator(f"{PANEL} .jp-OutputArea-output:has(.widget-radio-box)").first
    before = area.inner_text()
    area.locator(".widget-radio-box label").first.click()
    area.locator(".widget-button:has-text('Check')").click()
    checked = settle(page, area, before)
    assert "Score: 1 / 1" in checked or "Score: 0 / 1" in checked
    area.locator(".widget-button:has-text('Next question')").click()
    return before, settle(page, area, checked)


def menu(page, top: str, item: str) -> None:  # type: ignore[no-untyped-def]
    page.locator(f"#jp-MainMenu .lm-MenuBar-itemLabel:text-is('{top}')").click()
    page.locator(f".lm-Menu-itemLabel:text-is('{item}')").click()


def run_all_cells(page, attempts: int = 3) -> None:  # type: ignore[no-untyped-def]
    """Clear the committed outputs (so "[n]:" prompts mean this run), run all cells, and wait
    until every code cell has run; try again if the run never started (a busy machine)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    done = """([panel]) => {
        const ps = document.querySelectorAll(panel + ' .jp-CodeCell .jp-InputArea-prompt');
        return ps.length > 0 && [...ps].every(p => /\\[\\d+\\]/.test(p.textContent));
    }"""
    for attempt in range(attempts):
        page.locator(f"{PANEL} .jp-Cell").first.click()
        menu(page, "Edit", "Clear Outputs of All Cells")
        menu(page, "Run", "Run All Cells")
        try:
            page.wait_for_function(done, arg=[PANEL], timeout=90_000)
            return
        except PlaywrightTimeout:
            if attempt == attempts - 1:
                raise


INTERACTIONS: dict[str, tuple[Callable, str]] = {  # type: ignore[type-arg]
    "00-start-here": (stepper_back, r"becomes tapped"),
    "01-tap-and-untap": (activation_check, r"predicted right|Not quite"),
    "02-undefined-mana": (select_second("tap"), r"Meteor Crater"),
    "03-could-produce": (select_second("explain"), r"Bob"),
    "04-tapped-for-mana": (select_second("order"), r"pool after tapping: \{B\}\{B\}"),
    "05-x-values": (slider_keys("ArrowRight"), r"on the stack: 6\n"),
    "06-the-monarch": (quiz, r"Right"),
    "07-protector-of-the-crown": (slider_keys("ArrowLeft"), r"the crown moved"),
    "08-practice": (practice_next, r"Question 2"),
}


def test_every_notebook_has_a_browser_interaction() -> None:
    assert sorted(INTERACTIONS) == sorted(stem for stem, _ in NOTEBOOKS)


@pytest.mark.parametrize("stem", [stem for stem, _ in NOTEBOOKS])
def test_notebook_runs_in_jupyterlab(stem: str, lab: tuple[str, str], browser) -> None:  # type: ignore[no-untyped-def]
    base, token = lab
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    page = context.new_page()
    try:
        page.goto(f"{base}/lab/tree/{stem}.ipynb?token={token}&reset")
        page.wait_for_selector(f"{PANEL} .jp-Cell", timeout=60_000)
        page.wait_for_selector(f"{PANEL} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                               timeout=60_000)
        prompts = page.locator(f"{PANEL} .jp-CodeCell .jp-InputArea-prompt")
        run_all_cells(page)
        page.wait_for_selector(f"{PANEL} .jp-Notebook-ExecutionIndicator[data-status='idle']",
                               timeout=60_000)
        page.wait_for_timeout(1000)
        assert prompts.count() > 0
        errors = page.locator(f"{PANEL} .jp-OutputArea-output[data-mime-type="
                              f"'application/vnd.jupyter.stderr']")
        assert errors.count() == 0, errors.first.inner_text()
        body = page.locator(PANEL).inner_text()
        assert "Error displaying widget" not in body
        assert "Loading widget..." not in body
        assert "Traceback" not in body
        plots = page.locator(f"{PANEL} .jp-OutputArea-output img").count()
        no_plot = {"00-start-here", "08-practice"}  # the guide and the practice page draw no timeline
        assert plots >= (0 if stem in no_plot else 1), "a rule notebook shows its timeline plot"
        act, expect = INTERACTIONS[stem]
        before, after = act(page)
        assert after != before, f"{stem}: the interaction changed nothing"
        assert re.search(expect, after), f"{stem}: expected {expect!r} after the click, got {after[:400]!r}"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{stem}.png"))
    except BaseException:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"FAILED-{stem}.png"))  # for whoever reads the CI log
        raise
    finally:
        context.close()
