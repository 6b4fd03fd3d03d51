"""What the browser tier checks for learners who read with a screen reader, use the keyboard, or
sit at the back of a projected room:

- :func:`axe_violations`: axe-core (``axe-playwright-python``) over the whole page, each
  violating node sorted into the kit's (inside a cell's output or rendered markdown: what the
  course and its widgets put on the page) and JupyterLab's own (its toolbars, side panels,
  editors...), which are reported, not failed;
- :func:`plot_sizes`: each timeline plot as the page shows it (its alt text, its rendered and
  natural widths), to work out the size of its labels on screen;
- :func:`tab_to` and :func:`active_cell`: moving with the Tab key, and which cell JupyterLab
  takes as the current one (its shortcuts move that one).
"""

from __future__ import annotations

import functools
from typing import Any

from playwright.sync_api import Locator, Page

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
