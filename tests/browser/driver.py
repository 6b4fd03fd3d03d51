"""Driving a course notebook in JupyterLab: find a widget by its cell, answer through the UI
(radio buttons, toggle buttons, text boxes, dropdowns, checkboxes), press a button, and time
the click-to-updated-page latency inside the page.

Latency: :meth:`Notebook.timed` installs a MutationObserver on the element that will change
(a feedback line, a result) and a capturing listener for the learner's input event (``click``,
``input``, ``change`` or ``keydown``), performs the action, and reports the time from that
event's timestamp to the first mutation that changes the element's text, both measured with
the page's own clock (``performance.now()``). That is the whole round trip: the browser sends
the change to the kernel over the websocket, the kernel runs the widget's Python handler, the
new widget state comes back and ipywidgets updates the DOM.
"""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Locator, Page, expect

from . import expected as E

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
#: How long an update may take before the kernel is taken to be stuck (a timeout, not a target).
STUCK_MS = 15_000

ARM = """([target, stuckMs]) => {
  const before = target.textContent;
  const state = {t0: null};
  const kinds = ['click', 'input', 'change', 'keydown'];
  const onInput = (e) => { if (state.t0 === null) state.t0 = e.timeStamp; };
  kinds.forEach(k => window.addEventListener(k, onInput, true));
  window.__mtgkitUpdate = new Promise((resolve, reject) => {
    let observer = null, timer = null;
    const finish = (settle) => {
      observer.disconnect(); clearTimeout(timer);
      kinds.forEach(k => window.removeEventListener(k, onInput, true));
      settle();
    };
    observer = new MutationObserver(() => {
      if (target.textContent === before) return;
      const t1 = performance.now();
      finish(() => state.t0 === null ? reject(new Error('no input event seen'))
                                     : resolve([t1 - state.t0, target]));
    });
    observer.observe(target, {childList: true, subtree: true, characterData: true});
    timer = setTimeout(() => finish(() => reject(new Error(
      'the page did not change within ' + stuckMs + ' ms: is the kernel stuck?'))), stuckMs);
  });
}"""


def exactly(text: str) -> re.Pattern[str]:
    """A pattern matching exactly ``text`` (Playwright's ``has_text`` matches substrings)."""
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


def answer_radio(box: Locator, option: str) -> None:
    """Pick ``option`` in the kit's option list ``box`` (one toggle button an option, radio-like:
    ``aria-pressed`` says which is chosen)."""
    button = box.get_by_role("button", name=option, exact=True)
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")


def toggle(widget: Locator, group: str, option: str) -> None:
    """Press ``option`` in the toggle-button group labelled ``group``."""
    row = widget.locator(".widget-toggle-buttons").filter(
        has=widget.page.locator(":scope > label.widget-label", has_text=exactly(group)))
    row.get_by_role("button", name=option, exact=True).click()


def type_text(box: Locator, text: str) -> None:
    """Replace the text in a text box (one ``input`` event, as when pasting)."""
    box.fill(text)


def feedback_of(element: Locator) -> str:
    """The text the learner reads in ``element``."""
    return element.inner_text().strip()


def lines_marked(text: str) -> list[str]:
    """The ✓ / ✗ lines of a checker's report."""
    return [line.strip() for line in text.splitlines() if line.strip()[:1] in ("✓", "✗")]


@dataclass
class Notebook:
    """One open notebook: its page, the cells as stored, and the latency samples taken."""

    page: Page
    stem: str
    samples: list[dict[str, Any]] = field(default_factory=list)
    showing: set[str] = field(default_factory=set)  # widgets showing an outcome

    @property
    def panel(self) -> Locator:
        return self.page.locator(PANEL)

    def cell(self, index: int) -> Locator:
        """The page's cell ``index`` (the notebook's cells, markdown included, in order)."""
        return self.panel.locator(".jp-Notebook .jp-Cell").nth(index)

    def widget(self, index: int) -> Locator:
        """The widget shown by cell ``index``; checks that the cell is the one meant."""
        cell = self.cell(index)
        first = E.cells(self.stem)[index]["source"].strip().splitlines()[0]
        expect(cell.locator(".jp-InputArea-editor")).to_contain_text(first)
        return cell.locator(".jp-OutputArea-output > .jupyter-widgets").first

    def timed(self, target: Locator, widget: str, action: str, do: Callable[[], object]) -> str:
        """Do ``do`` (a click, a choice, typing) and wait until ``target``'s text changes; record
        the time from the input event to that change, and return the new text."""
        target.evaluate("(t, a) => (" + ARM + ")([t, a])", STUCK_MS)
        do()
        ms, text = self.page.evaluate("() => window.__mtgkitUpdate.then(([ms, t]) => [ms, t.innerText])")
        self.samples.append({"notebook": self.stem, "widget": widget, "action": action, "ms": round(ms, 1)})
        return str(text).strip()

    def change(self, target: Locator, widget: str, action: str, do: Callable[[], object]) -> None:
        """Change an input of ``widget``: while it shows an outcome (after a *Check*), the change
        must hide it, so that is timed; otherwise nothing on the page has to change."""
        if widget in self.showing:
            self.showing.discard(widget)
            self.timed(target, widget, action, do)
        else:
            do()


def click_check(nb: Notebook, button: Locator, feedback: Locator, widget: str, action: str = "check",
                shows: bool = True) -> str:
    """Press a button (*Check*, *Next*...) and return the feedback once it has changed;
    ``shows``: the widget now shows an outcome that changing an input must hide."""
    text = nb.timed(feedback, widget, action, button.click)
    if shows:
        nb.showing.add(widget)
    return text


def shut_down(base: str, token: str, stem: str) -> None:
    """Shut the notebook's kernel down (through the server's REST API), freeing the CPU."""
    import json

    headers = {"Authorization": f"token {token}"}
    with urllib.request.urlopen(urllib.request.Request(f"{base}/api/sessions", headers=headers)) as r:
        sessions = json.load(r)
    for s in sessions:
        if s.get("path", "").endswith(f"{stem}.ipynb"):
            req = urllib.request.Request(f"{base}/api/sessions/{s['id']}", headers=headers, method="DELETE")
            urllib.request.urlopen(req).close()


def close(nb: Notebook) -> None:
    """Save the notebook (into the tier's throwaway copy of the course) and close its tab: the
    next notebook's page then holds one notebook, not every one run so far (axe-core, which
    walks the whole page, takes twice as long by the ninth)."""
    menu(nb, "File", "Save Notebook")
    tabs = ".lm-DockPanel-tabBar .lm-TabBar-tab"
    expect(nb.page.locator(f"{tabs}.lm-mod-current.jp-mod-dirty")).to_have_count(0)
    menu(nb, "File", "Close Tab")
    expect(nb.page.locator(tabs, has_text=nb.stem)).to_have_count(0)


def menu(nb: Notebook, top: str, item: str) -> None:
    nb.page.locator(f"#jp-MainMenu .lm-MenuBar-itemLabel:text-is('{top}')").click()
    nb.page.locator(f".lm-Menu-itemLabel:text-is('{item}')").click()


def run_all_cells(nb: Notebook, attempts: int = 3) -> None:
    """Clear the committed outputs (so "[n]:" prompts mean this run), run all cells, and wait
    until every code cell has run; try again if the run never started (a busy machine)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    done = """([panel]) => {
        const ps = document.querySelectorAll(panel + ' .jp-CodeCell .jp-InputArea-prompt');
        return ps.length > 0 && [...ps].every(p => /\\[\\d+\\]/.test(p.textContent));
    }"""
    for attempt in range(attempts):
        nb.cell(0).click()
        menu(nb, "Edit", "Clear Outputs of All Cells")
        menu(nb, "Run", "Run All Cells")
        try:
            nb.page.wait_for_function(done, arg=[PANEL], timeout=90_000)
            return
        except PlaywrightTimeout:
            if attempt == attempts - 1:
                raise


def open_notebook(nb: Notebook, cells: int | None = None) -> None:
    """Open the notebook from the file browser and wait for its ``cells`` cells (the course
    notebook's, by default) and an idle kernel; nothing is run."""
    nb.page.locator(".jp-DirListing-item", has_text=f"{nb.stem}.ipynb").first.dblclick(timeout=60_000)
    expect(nb.panel.locator(".jp-TitleBar-title, .jp-Toolbar")).not_to_have_count(0)
    expect(nb.page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current")).to_contain_text(nb.stem)
    count = len(E.cells(nb.stem)) if cells is None else cells
    expect(nb.panel.locator(".jp-Notebook .jp-Cell")).to_have_count(count, timeout=60_000)
    idle = nb.panel.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    expect(idle).to_have_count(1, timeout=60_000)


def open_and_run(nb: Notebook) -> None:
    """Open the notebook from the file browser, run every cell, and check: no error, every
    widget rendered, a plot in every rule notebook."""
    open_notebook(nb)
    run_and_check(nb)


def run_and_check(nb: Notebook) -> None:
    """Run every cell of the open notebook and check: no error, every widget rendered, a plot in
    every rule notebook."""
    idle = nb.panel.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    run_all_cells(nb)
    expect(idle).to_have_count(1, timeout=60_000)
    for i in E.widget_cells(nb.stem):  # the cells whose stored outputs show a widget
        expect(nb.cell(i).locator(".jp-OutputArea-output > .jupyter-widgets")).not_to_have_count(0)
    errors = nb.panel.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    body = nb.panel.inner_text()
    for bad in ("Error displaying widget", "Loading widget...", "Traceback"):
        assert bad not in body, f"{nb.stem}: {bad!r} on the page"
    plots = nb.panel.locator(".jp-OutputArea-output img").count()
    no_plot = {"00-start-here", "08-practice"}  # the guide and the practice page draw no timeline
    assert plots >= (0 if nb.stem in no_plot else 1), "a rule notebook shows its timeline plot"
