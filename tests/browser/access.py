"""What the browser tier checks for learners who read with a screen reader, use the keyboard, or
sit at the back of a projected room:

- :func:`axe_violations`: axe-core (``axe-playwright-python``) over the whole page, each
  violating node sorted into the kit's (inside a cell's output or rendered markdown: what the
  course and its widgets put on the page) and JupyterLab's own (its toolbars, side panels,
  editors...), which are reported, not failed;
- :func:`plot_sizes`: each timeline plot as the page shows it (its alt text, its rendered and
  natural widths), to work out the size of its labels on screen;
- :func:`tab_to` and :func:`active_cell`: moving with the Tab key, and which cell JupyterLab
  takes as the current one (its shortcuts move that one); :func:`explorer_and_exercise_by_keyboard`
  and :func:`practice_by_keyboard`: a learner who uses the keyboard alone, in 00 and 08.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from mtgkit.practice import questions

from . import expected as E
from .driver import Notebook, exactly, feedback_of

#: What the kit puts on the page: cell outputs (widgets, tables, plots) and rendered markdown.
KIT = ".jp-OutputArea-output, .jp-MarkdownOutput"
#: JupyterLab's heading anchors (the ¶ after a rendered heading) are JupyterLab's, not the kit's.
NOT_KIT = ".jp-InternalAnchorLink"

SORT_NODES = """([violations, kit, notKit]) => violations.map(v => ({
  id: v.id, impact: v.impact, help: v.help,
  nodes: v.nodes.map(n => {
    const where = n.target.length === 1 ? document.querySelector(n.target[0]) : null;
    const ours = !!where && !!where.closest(kit) && !where.closest(notKit);
    return {target: n.target.join(' >> '), html: n.html.slice(0, 300), kit: ours,
            summary: (n.failureSummary || '').slice(0, 300)};
  })
}))"""


@functools.cache
def _axe_script() -> str:
    from axe_playwright_python.sync_playwright import Axe

    return str(Axe().axe_script)


def axe_violations(page: Page) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """axe-core's violations on the page: (the kit's, JupyterLab's), each a list of
    ``{id, impact, help, nodes: [{target, html, summary}]}``."""
    page.evaluate(_axe_script())
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    sorted_ = page.evaluate(SORT_NODES, [found, KIT, NOT_KIT])
    kit, lab = [], []
    for v in sorted_:
        for side, ours in ((kit, True), (lab, False)):
            nodes = [n for n in v["nodes"] if n["kit"] == ours]
            if nodes:
                side.append({**{k: v[k] for k in ("id", "impact", "help")}, "nodes": nodes})
    return kit, lab


def plot_sizes(panel: Locator) -> list[dict[str, Any]]:
    """Every image in the notebook's outputs: its alt text, its width on screen, its width in
    the PNG, and the width of the output area it sits in (pixels)."""
    return list(panel.locator(".jp-OutputArea-output img").evaluate_all("""imgs => imgs.map(img => ({
        alt: img.getAttribute('alt'), shown: img.getBoundingClientRect().width, natural: img.naturalWidth,
        area: img.closest('.jp-OutputArea-output').getBoundingClientRect().width}))"""))


def active_cell(panel: Locator) -> int:
    """The index of JupyterLab's active cell (the one its Up/Down shortcuts move from)."""
    return int(panel.locator(".jp-Notebook").evaluate(
        "nb => [...nb.querySelectorAll('.jp-Cell')].findIndex(c => c.classList.contains('jp-mod-active'))"))


def focused(page: Page) -> str:
    """What has the keyboard focus: its tag, type and text or value."""
    return str(page.evaluate("""() => {
        const e = document.activeElement;
        return [e.tagName.toLowerCase(), e.type || '', (e.innerText || e.value || '').trim()].join(' ');
    }"""))


def is_focused(target: Locator) -> bool:
    return bool(target.evaluate("e => e === document.activeElement"))


def tab_to(page: Page, target: Locator, most: int = 40) -> None:
    """Press Tab until ``target`` has the focus (as a keyboard user moves through a widget)."""
    for _ in range(most):
        if is_focused(target):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{most} presses of Tab never reached the control; focus is on {focused(page)!r}")


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


def explorer_and_exercise_by_keyboard(nb: Notebook) -> None:
    """00's explorer and exercise by keyboard alone (run after the mouse's answers: every value
    the keyboard needs it sets itself)."""
    page, stem = nb.page, nb.stem
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
        page.keyboard.press("Control+A")  # what an earlier answer left there goes
        page.keyboard.type(answer)
    cell = active_cell(nb.panel)
    page.keyboard.press("Enter")
    feedback = w.locator(":scope > .widget-html").last
    expect(feedback).to_contain_text(f"{len(ex.keys)}/{len(ex.keys)} correct")
    assert active_cell(nb.panel) == cell and is_focused(boxes.last)


def practice_by_keyboard(nb: Notebook) -> None:
    """08's practice by keyboard alone: another topic with the arrow keys, the easy level with
    Space, the right option with the arrow keys, Enter on *Check* and on *Next question*."""
    page, stem = nb.page, nb.stem
    w = nb.widget(E.cell_index(stem, "PracticeWidget("))
    prompt = w.locator(":scope > .widget-html").nth(0)
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
    radios = w.locator(".mtgkit-options .mtgkit-option")
    tab_to(page, radios.first)
    right = q.options.index(q.answers[0])
    for _ in range(right):  # arrow keys move along the options (as in a radio group)
        press(page, "ArrowDown", w.locator(".mtgkit-options"), nb.panel)
    page.keyboard.press("Space")  # choose the one with the focus
    expect(radios.nth(right)).to_have_attribute("aria-pressed", "true")
    check = w.get_by_role("button", name="Check", exact=True)
    tab_to(page, check)
    page.keyboard.press("Enter")
    feedback = w.locator(":scope > .widget-html").nth(1)
    expect(feedback).to_contain_text(f"✓ You chose {q.answers[0].removesuffix('.')}: right")
    expect(w.locator(":scope > .widget-html").nth(2)).to_have_text(exactly("Score: 1 / 1"))  # a new stream
    nxt = w.get_by_role("button", name="Next question", exact=True)
    tab_to(page, nxt)
    page.keyboard.press("Enter")
    expect(prompt).to_contain_text("Question 2.")
    assert feedback_of(feedback).startswith("Pick an answer")
