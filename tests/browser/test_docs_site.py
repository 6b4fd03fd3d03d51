"""The course website in headless Chromium, opened as files (``file://.../_build/html/index.html``,
no server, no network): the home page shows the course's table of contents, and a lesson shows
its plot (a loaded image) and its timeline table. The site is the one the ``docs_site`` fixture
built (tests/conftest.py); screenshots go to build/screenshots/docs-*.png."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import DocsBuild
from playwright.sync_api import expect

from mtgkit.course import NOTEBOOKS

from .conftest import SHOTS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = "06-the-monarch"


def heading(stem: str) -> str:
    """A notebook's title: the first heading of its first markdown cell, links left as text."""
    nb = json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    first = next("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", first.splitlines()[0].lstrip("# ")).strip()
    return title.replace('"', "\u201c", 1).replace('"', "\u201d", 1).replace("'", "\u2019")  # Sphinx's quotes


def test_the_site_shows_the_course_and_a_lessons_plot_and_table(docs_site: DocsBuild, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("pageerror", lambda error: failed.append(f"script error: {error}"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        page.goto((docs_site.html / "index.html").as_uri())
        toc, sidebar = page.locator("article .toctree-wrapper").first, page.locator("nav.bd-docs-nav")
        expect(toc).to_be_visible()
        for stem, _ in NOTEBOOKS:  # the course's table of contents, in order, on the page and in the sidebar
            expect(toc.get_by_role("link", name=heading(stem), exact=True)).to_be_visible()
            expect(sidebar.get_by_role("link", name=heading(stem), exact=True)).to_have_count(1)
        hrefs = toc.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
        assert [h for h in hrefs if h.startswith("lessons/")] == [f"lessons/{s}.html" for s, _ in NOTEBOOKS]
        page.screenshot(path=str(SHOTS / "docs-index.png"))

        toc.get_by_role("link", name=heading(LESSON), exact=True).click()
        page.wait_for_url(re.compile(rf"lessons/{LESSON}\.html$"))
        plot = page.locator("article img[src*='_images/']").first
        plot.scroll_into_view_if_needed()
        expect(plot).to_be_visible()
        width = plot.evaluate("img => img.complete ? img.naturalWidth : 0")
        assert width > 300, "the plot did not load"
        table = page.locator("article .cell_output table").first
        table.scroll_into_view_if_needed()
        expect(table).to_be_visible()
        assert table.locator("tbody tr").count() >= 10
        expect(table.locator("thead")).to_contain_text("kind")
        expect(table.locator("tbody")).to_contain_text("monarch")
        page.screenshot(path=str(SHOTS / f"docs-{LESSON}.png"))
        assert not failed, failed
    except Exception:
        page.screenshot(path=str(SHOTS / "FAILED-docs.png"))
        raise
    finally:
        page.close()


#: The pages axe-core checks: every lesson, and the pages a teacher reads first.
AXE_PAGES = [f"lessons/{stem}.html" for stem, _ in NOTEBOOKS] + [
    "index.html", "teacher-guide.html", "running-a-class.html", "misconceptions/index.html",
    "misconceptions/copy-keeps-x.html", "questions/capstones.html"]

#: Every code cell's source and every output block that could scroll sideways.
WIDE_BLOCKS = """() => [...document.querySelectorAll(
    'article div.cell_input pre, article div.cell_output pre, article div.cell_output .output')]
  .filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible'
               && !e.querySelector('table'))
  .map(e => `${e.scrollWidth}px in ${e.clientWidth}px: ` + e.textContent.trim().slice(0, 80))"""


@pytest.mark.parametrize("name", AXE_PAGES)
def test_a_page_has_no_axe_violation_and_no_code_scrolling_sideways(docs_site: DocsBuild, browser: Any,
                                                                     name: str) -> None:
    """Issue 28, at 1280x720 (a laptop): axe-core finds nothing on the page (the CR links of the
    outputs were 4.34:1, two guides had an empty table header, the theme's sidebar toggles had no
    name and its title no landmark: docs/_static/mtgkit.css and the site extension's
    mend_theme_html), and no lesson code or printed output scrolls sideways (it wraps). A wide
    timeline table may scroll: a table's columns can't wrap."""
    from .access import _axe_script

    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto((docs_site.html / name).as_uri())
        page.evaluate(_axe_script())
        found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']}))"
                              ".violations")
        said = [f"{v['id']} ({v['impact']}, x{len(v['nodes'])}): {v['nodes'][0]['html'][:160]}"
                for v in found]
        assert said == [], f"{name}: axe-core finds\n" + "\n".join(said)
        wide = page.evaluate(WIDE_BLOCKS)
        assert wide == [], f"{name}: code scrolls sideways at 1280 px:\n" + "\n".join(wide[:5])
    except Exception:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"FAILED-docs-{name.replace('/', '-')}.png"), full_page=True)
        raise
    finally:
        page.close()
