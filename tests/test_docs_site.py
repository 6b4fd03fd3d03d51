"""The course website (docs/, `make docs`): the test command builds it with warnings as errors,
and its pages hold what the issue asks for. The nine lessons rendered from their committed
outputs (the student copy), each widget a note linking to the live notebook, launch buttons for
Binder and nbgitpuller, the guides, the README's scenario-file section, a page per misconception
from the catalogue, the API reference from the docstrings, every CR number a link as in the
notebooks, every internal link resolving, plots keeping their text alternative, nothing loaded
from the network. The build itself is the ``docs_site`` fixture (tests/conftest.py)."""

from __future__ import annotations

import base64
import importlib.util
import inspect
import itertools
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from bs4 import BeautifulSoup, Tag
from helpers import DocsBuild, extra, load_tool

from mtgkit import crlinks, limits
from mtgkit.course import NOTEBOOKS, hub_link
from mtgkit.events import EVENT_TYPES
from mtgkit.game import Game
from mtgkit.misconceptions import CATALOG
from mtgkit.widgets.base import RUN_THE_CELL

ROOT = Path(__file__).resolve().parents[1]
STEMS = [stem for stem, _ in NOTEBOOKS]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
HUB_HELP = "../running-a-class.html#3-jupyterhub--nbgitpuller"
#: A 1x1 PNG, for a crafted notebook's plot.
PNG = base64.b64encode(bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cf000000030101005e2cd4f00000000049454e44ae426082")).decode()


def ext() -> ModuleType:
    """The site's Sphinx extension (docs/_ext/mtgkit_docs.py)."""
    pytest.importorskip("sphinx", reason="the website's tools are in the test extra: pip install -e .[test]")
    path = ROOT / "docs" / "_ext" / "mtgkit_docs.py"
    spec = importlib.util.spec_from_file_location("mtgkit_docs", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page(site: DocsBuild, name: str) -> BeautifulSoup:
    path = site.html / name
    assert path.is_file(), f"{name} is not on the site"
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def article(soup: BeautifulSoup) -> Tag:
    """The page's own content (not the navigation around it)."""
    main = soup.find("article")
    assert isinstance(main, Tag)
    return main


def notebook(stem: str) -> dict[str, Any]:
    return json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text(encoding="utf-8"))


def outputs(nb: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for cell in nb["cells"] if cell["cell_type"] == "code" for o in cell.get("outputs", [])]


def text_of(value: str | list[str]) -> str:
    return "".join(value) if isinstance(value, list) else value


def binder_base() -> str:
    """The repository part of the README's Binder badge."""
    badge = re.search(r"\((https://mybinder\.org/v2/gh/[^)?]+)\?urlpath=lab/tree/course/00-start-here\.ipynb\)",
                      (ROOT / "README.md").read_text(encoding="utf-8"))
    assert badge, "the README's Binder badge"
    return badge.group(1)


def plain(text: str) -> str:
    """Text as a reader compares it: whitespace collapsed, Sphinx's typographic quotes straightened."""
    return " ".join(text.translate(str.maketrans("\u201c\u201d\u2018\u2019", "\"\"''")).split())


def widget_notes(soup: BeautifulSoup) -> list[Tag]:
    return soup.select("div.admonition.mtgkit-widget")


def pages_of(site: DocsBuild) -> list[Path]:
    return sorted(p for p in site.html.rglob("*.html") if p.relative_to(site.html).parts[0] != "_static")


# ------------------------------------------------------------------------------ the build
def test_the_site_builds_with_no_warnings(docs_site: DocsBuild) -> None:
    """tools/build_docs.py runs Sphinx with -W --keep-going -n; the fixture fails on a non-zero
    exit. Nothing it printed is a warning either."""
    assert not re.search(r"WARNING|ERROR|CRITICAL", docs_site.output), docs_site.output
    built = re.search(r"\((\d+) pages, built in ([\d.]+) s\)", docs_site.output)
    assert built, docs_site.output
    print(f"\nthe website: {built.group(1)} pages in {built.group(2)} s "
          f"({docs_site.seconds:.1f} s with starting Python)")
    assert {"-W", "--keep-going", "-n"} <= set(load_tool("build_docs").SPHINX_OPTIONS)


def test_the_generated_sources_are_gitignored(docs_site: DocsBuild) -> None:
    """The build writes its generated sources (the lessons, the misconception pages, the scenario
    page) into docs/, all gitignored, and only reads notebooks/."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    docs = ROOT / "docs"
    generated = [*(docs / "lessons").glob("*.ipynb"), *(docs / "misconceptions").glob("*.md"),
                 docs / "scenario-files.md", *(docs / "questions").glob("*.md")]
    assert len(generated) == len(STEMS) + len(CATALOG) + 2 + 2  # questions/: the capstones and the index
    names = [str(p.relative_to(ROOT)) for p in generated]
    ignored = subprocess.run(["git", "check-ignore", *names], cwd=ROOT, capture_output=True, text=True)
    assert sorted(ignored.stdout.split()) == sorted(names)


# ------------------------------------------------------------------------------ the lessons
@pytest.mark.parametrize("stem", STEMS)
def test_each_lesson_is_rendered_from_its_committed_outputs(docs_site: DocsBuild, stem: str) -> None:
    soup = page(docs_site, f"lessons/{stem}.html")
    body = article(soup)
    nb = notebook(stem)
    first = next(text_of(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    heading = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", first.splitlines()[0].lstrip("# "))
    h1 = body.find("h1")
    assert h1 is not None and plain(h1.get_text().rstrip("#")) == plain(heading)
    outs = [o for o in outputs(nb) if WIDGET_VIEW not in o.get("data", {})]
    # every plot, every table and every printed line of the committed outputs, and nothing run anew
    plots = [o for o in outs if "image/png" in o.get("data", {})]
    assert len(body.select('img[src*="_images/"]')) == len(plots)
    tables = sum(text_of(o["data"]["text/html"]).count("<table") for o in outs
                 if "text/html" in o.get("data", {}))
    assert len(body.select(".cell_output table")) == tables
    text = plain(body.get_text())
    for o in outs:
        if o["output_type"] == "stream":
            for line in text_of(o["text"]).splitlines():
                assert plain(line) in text, f"{stem}: output line {line!r} is not on the page"
    assert not body.select(".cell_output .traceback"), "an error output"


def test_the_lessons_are_the_student_copy(docs_site: DocsBuild) -> None:
    """The site shows what students get (mtgkit.course.write_course): no "(Teachers: ...)" hints."""
    assert any("(Teachers:" in (ROOT / "notebooks" / f"{s}.ipynb").read_text() for s in STEMS)
    for stem in STEMS:
        assert "Teachers:" not in article(page(docs_site, f"lessons/{stem}.html")).get_text(), stem


@pytest.mark.parametrize("stem", STEMS)
def test_each_widget_is_a_note_linking_to_the_live_notebook(docs_site: DocsBuild, stem: str) -> None:
    soup = page(docs_site, f"lessons/{stem}.html")
    widgets = [o["data"] for o in outputs(notebook(stem)) if WIDGET_VIEW in o.get("data", {})]
    notes = widget_notes(soup)
    assert widgets and len(notes) == len(widgets)
    binder = f"{binder_base()}?urlpath=lab/tree/course/{stem}.ipynb"
    for data, note in zip(widgets, notes, strict=True):
        first = text_of(data["text/plain"]).strip().split("\n", 1)[0]  # practice exercises add questions
        name = first.removesuffix(RUN_THE_CELL)  # "Quick question"
        assert name and RUN_THE_CELL not in name and f"Interactive: {name}" in note.get_text()
        assert "run only in a live notebook" in note.get_text()
        links = {a.get_text(): a["href"] for a in note.find_all("a")}
        assert links == {"Binder": binder, "JupyterHub": HUB_HELP}
        rest = text_of(data["text/plain"]).strip().split("\n", 1)[1:]
        if rest:  # a practice exercise's questions are on the page, steps and cards included
            for line in rest[0].strip().splitlines():
                assert line.strip() in note.get_text(), line
    html = (docs_site.html / "lessons" / f"{stem}.html").read_text()
    assert "application/vnd.jupyter.widget" not in html  # no widget view or state left behind


def test_a_practice_exercise_shows_its_questions_steps_and_cards_on_its_page(docs_site: DocsBuild) -> None:
    """Issue 28: a reader of the website can answer notebook 08's exercises from the page: each
    question's board, numbered steps, the cards as a list, the stem and the options."""
    text = " ".join(n.get_text() for n in widget_notes(page(docs_site, "lessons/08-practice.html")))
    for part in ("Question 1.", "Board:", "Then, in order:", "  1. ", "The cards:", "Options:", "A) "):
        assert part.strip() in text, part


@pytest.mark.parametrize("stem", STEMS)
def test_each_lesson_has_launch_buttons(docs_site: DocsBuild, stem: str) -> None:
    soup = page(docs_site, f"lessons/{stem}.html")
    menu = soup.select_one(".dropdown-launch-buttons")
    assert menu is not None, "no launch menu"
    links = {a.get_text().strip(): a["href"] for a in menu.select("a.dropdown-item")}
    binder = f"{binder_base()}?urlpath=lab/tree/course/{stem}.ipynb"
    assert links == {"Binder": binder, "JupyterHub": HUB_HELP}
    assert not page(docs_site, "teacher-guide.html").select(".dropdown-launch-buttons")


# ------------------------------------------------------------------------------ a crafted lesson
_IDS = itertools.count()


def _cell(outputs: list[dict[str, Any]], **metadata: Any) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": 1, "id": f"c{next(_IDS)}",
            "metadata": metadata, "outputs": outputs, "source": "show()"}


def _image(alt: str | None) -> dict[str, Any]:
    return {"output_type": "display_data", "data": {"image/png": PNG, "text/plain": "<Figure size 640x480>"},
            "metadata": {"image/png": {"alt": alt}} if alt else {}}


def crafted_notebook() -> dict[str, Any]:
    widget = {"output_type": "display_data", "metadata": {},
              "data": {WIDGET_VIEW: {"model_id": "abc", "version_major": 2, "version_minor": 0},
                       "text/plain": "Quiz(children=(HTML(value='...'),))"}}
    return {"nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                         "language_info": {"name": "python"},
                         "widgets": {"application/vnd.jupyter.widget-state+json": {"state": {"abc": {}}}}},
            "cells": [{"cell_type": "markdown", "id": "m", "metadata": {}, "source": "# A crafted lesson"},
                      _cell([_image("Timeline of 12 events in three lanes: Alice, Bob and the stack")]),
                      _cell([_image(None)], alt="A plot whose cell says what it shows"),
                      _cell([widget])]}


@pytest.mark.slow
def test_a_crafted_lesson_keeps_its_alt_texts_and_links_to_the_hub(tmp_path: Path) -> None:
    """A small site with one crafted lesson, built with the site's own configuration and a hub:
    an image's alt (in its output's metadata, or nbconvert's cell-level ``alt``) is the ``alt``
    of its ``<img>``; the widget note and the launch menu carry mtgkit.course.hub_link's link."""
    ext()
    src = tmp_path / "src"
    (src / "lessons").mkdir(parents=True)
    (src / "lessons" / "06-the-monarch.ipynb").write_text(json.dumps(crafted_notebook()))
    (src / "index.md").write_text("# Crafted\n\n```{toctree}\nlessons/06-the-monarch\nrunning-a-class\n```\n")
    (src / "running-a-class.md").write_text("# Running\n\n## 3. JupyterHub + nbgitpuller\n\nText.\n")
    hub, repo = "https://hub.example.edu", "https://github.com/me/mtgkit-class"
    (src / "conf.py").write_text(textwrap.dedent(f"""\
        __file__ = {str(ROOT / "docs" / "conf.py")!r}
        exec(compile(open(__file__).read(), __file__, "exec"))
        html_static_path, html_css_files = [], []
        mtgkit_generate_sources = False
        mtgkit_hub_url, mtgkit_hub_repo, mtgkit_hub_branch = {hub!r}, {repo!r}, "student"
        """))
    out = tmp_path / "html"
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html",
                           "-d", str(tmp_path / "doctrees"), str(src), str(out)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    soup = BeautifulSoup((out / "lessons" / "06-the-monarch.html").read_text(), "html.parser")
    alts = [img.get("alt") for img in article(soup).select('img[src*="_images/"]')]
    assert alts == ["Timeline of 12 events in three lanes: Alice, Bob and the stack",
                    "A plot whose cell says what it shows"]
    link = hub_link(hub, repo, branch="student", notebook="06-the-monarch")
    assert "targetpath=mtgkit-course" in link
    [note] = widget_notes(soup)
    assert "Interactive: Quiz" in note.get_text()
    assert {a.get_text(): a["href"] for a in note.find_all("a")} == {
        "Binder": f"{binder_base()}?urlpath=lab/tree/course/06-the-monarch.ipynb", "JupyterHub": link}
    menu = soup.select_one(".dropdown-launch-buttons")
    assert menu is not None and link in [a["href"] for a in menu.select("a.dropdown-item")]
    assert "widget-state" not in (out / "lessons" / "06-the-monarch.html").read_text()


def test_a_cell_with_two_different_alts_is_refused() -> None:
    nb = crafted_notebook()
    nb["cells"][1]["outputs"].append(_image("another plot"))
    with pytest.raises(ValueError, match="different alt texts"):
        ext().read_notebook(json.dumps(nb))


def test_the_real_plots_keep_their_alt_texts(docs_site: DocsBuild) -> None:
    """Every plot of the notebooks has a text alternative (an ``alt`` in its output's metadata)
    and the page shows it as its ``<img alt>``, in the order of the notebook."""
    reader = ext()
    for stem in STEMS:
        nb = notebook(stem)
        plots = [o for o in outputs(nb) if "image/png" in o.get("data", {})]
        imgs = article(page(docs_site, f"lessons/{stem}.html")).select('img[src*="_images/"]')
        assert len(imgs) == len(plots)
        for output, img in zip(plots, imgs, strict=True):
            alt = reader.image_alt(output)
            assert alt and img.get("alt") == alt, stem


# ------------------------------------------------------------------------------ the other pages
def test_the_index_lists_the_course_and_the_guides(docs_site: DocsBuild) -> None:
    soup = page(docs_site, "index.html")
    hrefs = [a["href"] for a in article(soup).select(".toctree-wrapper a")]
    assert [h for h in hrefs if h.startswith("lessons/")] == [f"lessons/{s}.html" for s in STEMS]
    for name in ("teacher-guide.html", "running-a-class.html", "scenario-files.html",
                 "questions/index.html", "misconceptions/index.html", "api/index.html"):
        assert name in hrefs


def test_the_guides_are_on_the_site(docs_site: DocsBuild) -> None:
    guide = article(page(docs_site, "teacher-guide.html"))
    for stem in STEMS:  # a lesson plan per notebook, where the guide's own contents link to it
        assert guide.find(id=re.compile(rf"^{re.escape(stem)}-")), stem
    running = article(page(docs_site, "running-a-class.html"))
    for anchor in ("1-local-each-student-installs-the-kit", "2-binder-nothing-to-install",
                   "3-jupyterhub--nbgitpuller"):
        assert running.find(id=anchor), anchor


def test_the_readme_scenario_file_section_is_a_page(docs_site: DocsBuild) -> None:
    soup = article(page(docs_site, "scenario-files.html"))
    h1 = soup.find("h1")
    assert h1 is not None and h1.get_text().startswith("Scenario files")
    assert [h.get_text().rstrip("#") for h in soup.find_all("h2")] == ["Limits", "The command line"]
    text = soup.get_text()
    assert 'title = "Contamination first, then Mana Reflection"' in text
    for name in dir(limits):
        if name.startswith("MAX_"):
            assert name in text, name


@pytest.mark.parametrize("name", list(CATALOG))
def test_a_page_per_misconception_from_the_catalogue(docs_site: DocsBuild, name: str) -> None:
    m = CATALOG[name]
    body = article(page(docs_site, f"misconceptions/{name}.html"))
    text = plain(body.get_text())
    h1 = body.find("h1")
    assert h1 is not None and plain(h1.get_text().rstrip("#")).lower() == plain(m.title).lower()
    for words in (name, m.description, m.rule_says, m.example.describe(), m.ask):
        assert plain(words) in text, words
    for answer in (*m.example.legal(), *m.run(m.example)):
        assert answer in text
    assert m.example.legal() != m.run(m.example)
    assert body.find("a", href=crlinks.cr_url(m.rule)), "the rule that refutes it is a link"
    explanation = m.example.explain()  # the engine's own explanation, under the answers
    assert plain(explanation.splitlines()[-1]) in text


def test_the_capstones_have_a_page_with_every_answer_folded(docs_site: DocsBuild) -> None:
    """questions/capstones: every capstone in full, its options outside and its answer inside a
    closed <details> (mtgkit.site); the question sets' index links it."""
    from mtgkit import capstones

    index = article(page(docs_site, "questions/index.html"))
    assert "capstones.html" in {a["href"] for a in index.select("table a.internal")}
    body = article(page(docs_site, "questions/capstones.html"))
    sections = body.select("section.mtgkit-set-question")
    assert sorted(s["id"] for s in sections) == sorted(f"question-{c.id}" for c in capstones.load())
    for section, c in zip(sections, capstones.load(), strict=True):
        [details] = section.find_all("details")
        assert details.get("open") is None and details.select("ul.right li")
        right = next(o.text for o in c.options if o.right)
        assert right in details.get_text() and c.question in section.get_text()
        assert len(section.select("ol.options li")) == len(c.options)


def test_the_misconception_index_links_every_page(docs_site: DocsBuild) -> None:
    index = article(page(docs_site, "misconceptions/index.html"))
    hrefs = {a["href"] for a in index.select("table a.internal")}
    assert hrefs == {f"{name}.html" for name in CATALOG}


def test_the_api_reference_documents_the_public_api_with_type_hints(docs_site: DocsBuild) -> None:
    ids = {tag["id"] for name in ("engine", "events", "scenarios", "timeline", "widgets", "crlinks")
           for tag in page(docs_site, f"api/{name}.html").find_all(id=True)}
    methods = [n for n, f in vars(Game).items() if not n.startswith("_") and inspect.isfunction(f)]
    assert len(methods) > 20
    for expected in ([f"mtgkit.Game.{n}" for n in methods]
                     + [f"mtgkit.events.{cls.__name__}" for cls in EVENT_TYPES]
                     + ["mtgkit.scenario.load_scenario", "mtgkit.scenario.Scenario",
                        "mtgkit.scenario.ScenarioError", "mtgkit.scenario.example",
                        "mtgkit.limits.MAX_PLAYERS", "mtgkit.timeline.timeline", "mtgkit.errors.RulesError",
                        "mtgkit.Mana", "mtgkit.crlinks.cr_link"]):
        assert expected in ids, expected
    import mtgkit.widgets

    for name in mtgkit.widgets.__all__:
        assert f"mtgkit.widgets.{name}" in ids, name
    activate = page(docs_site, "api/engine.html").find(id="mtgkit.Game.activate")
    assert activate is not None
    signature = activate.get_text()
    assert "ref: int | str" in signature and "→ tuple[Event, ...]" in signature


# ------------------------------------------------------------------------------ links
CODE = {"pre", "code", "script", "style", "a", "title", "head"}


def unlinked_citations(soup: BeautifulSoup) -> list[str]:
    """Rule numbers cited after "CR" in a page's text (outside code and links) that no link follows."""
    found = []
    for text in soup.find_all(string=True):
        if any(parent.name in CODE for parent in text.parents):
            continue
        found += [m.group(0) for m in crlinks.CITATION.finditer(str(text))]
    return found


def test_every_rule_number_links_as_in_the_notebooks(docs_site: DocsBuild) -> None:
    """Every "CR 106.7" in the text of every page is a link, to the same URL with the same
    tooltip as in the notebooks (mtgkit.crlinks)."""
    linked = 0
    for path in pages_of(docs_site):
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        assert not unlinked_citations(soup), (path.name, unlinked_citations(soup)[:5])
        for a in soup.find_all("a", href=re.compile("^" + re.escape(crlinks.BASE_URL))):
            number = a.get_text()
            if crlinks.RULE.fullmatch(number):
                assert a["href"] == crlinks.cr_url(number) and a.get("title") == crlinks.tooltip(number)
                linked += 1
    assert linked > 500
    guide = page(docs_site, "teacher-guide.html")
    assert guide.find("a", href=crlinks.cr_url("106.7"), title=crlinks.tooltip("106.7"))
    assert not guide.find("a", href=crlinks.cr_url("202")), "the edition (CR 2026-08-07) is no rule"


def test_the_citation_checker_finds_an_unlinked_number() -> None:
    soup = BeautifulSoup('<p>CR <a href="x">106.7</a>; but CR 302.6 and <code>CR 101.1</code></p>',
                         "html.parser")
    assert unlinked_citations(soup) == ["CR 302.6"]


def test_every_internal_link_resolves(docs_site: DocsBuild) -> None:
    assert ext().check_internal_links(docs_site.html) == []


def test_the_link_checker_finds_a_broken_file_and_a_broken_anchor(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text('<p id="here"><a href="b.html#nowhere">b</a> <a href="#here">a</a>'
                                     ' <img src="gone.png"> <a href="https://example.org/x">out</a></p>')
    (tmp_path / "b.html").write_text('<p id="somewhere"></p>')
    assert ext().check_internal_links(tmp_path) == ["a.html: b.html#nowhere (no such anchor)",
                                                    "a.html: gone.png (no such file)"]


def test_the_site_loads_nothing_from_the_network(docs_site: DocsBuild) -> None:
    """It works from a file:// URL with no network: no script, stylesheet or image comes from
    another host (links to other sites are fine)."""
    for path in pages_of(docs_site):
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        loaded = [tag.get("src") or (tag.get("href") if tag.name == "link" else None)
                  for tag in soup.find_all(["script", "img", "link", "iframe"])]
        remote = [url for url in loaded if url and re.match(r"(https?:)?//", url)]
        assert not remote, (path.name, remote)
    for css in (docs_site.html / "_static").rglob("*.css"):
        assert not re.search(r"url\(\s*['\"]?(https?:)?//", css.read_text(encoding="utf-8")), css.name


# ------------------------------------------------------------------------------ packaging, publishing
def _extra(name: str) -> dict[str, str]:
    return extra(name)  # with the extras it names (mtgkit[kernel], ...)


def test_the_docs_extra_and_the_test_extra() -> None:
    """`mtgkit[docs]` builds the site: the kernel stack the API reference imports, and the site's
    tools, which the test extra (installed by kit.py) carries with the same pins."""
    docs, test = _extra("docs"), _extra("test")
    assert _extra("kernel").items() <= docs.items()
    tools = {name: pin for name, pin in docs.items() if name not in _extra("kernel")}
    assert set(tools) == {"sphinx", "myst-nb", "sphinx-book-theme"}
    assert tools.items() <= test.items()


def test_make_docs_and_the_pages_workflow_run_the_one_build_command() -> None:
    make = (ROOT / "Makefile").read_text()
    assert re.search(r"^docs: .*\n\t\$\(BIN\)/python tools/build_docs.py build/docs$", make, re.M)
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "docs.yml").read_text())
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    assert triggers["push"]["branches"] == ["main"] and "workflow_dispatch" in triggers
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    runs = [step.get("run", "") for step in build["steps"]]
    assert any('pip install ".[docs]"' in run for run in runs)
    assert "python tools/build_docs.py build/docs" in runs
    python = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/setup-python"))
    binder_python = (ROOT / "binder" / "runtime.txt").read_text().strip().removeprefix("python-")
    assert python["with"]["python-version"] == binder_python
    upload = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "build/docs/html"
    assert deploy["needs"] == "build" and deploy["environment"]["name"] == "github-pages"
    assert any(s.get("uses", "").startswith("actions/deploy-pages") for s in deploy["steps"])
    assert set(build["env"]) == {"MTGKIT_DOCS_HUB", "MTGKIT_DOCS_HUB_REPO", "MTGKIT_DOCS_HUB_BRANCH"}


# ------------------------------------------------------------------------------ accessibility
def _contrast(fg: str, bg: str) -> float:
    def lum(hex_: str) -> float:
        c = [int(hex_.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    high, low = sorted((lum(fg), lum(bg)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_links_in_outputs_are_readable_and_code_wraps() -> None:
    """Issue 28: the theme's link blue is 4.34:1 on an output's grey (#f3f4f5), under WCAG AA's
    4.5:1; the site's CSS gives those links a darker blue, and lets code and printed output wrap
    (the browser tier measures both on the pages: tests/browser/test_docs_site.py)."""
    css = (ROOT / "docs" / "_static" / "mtgkit.css").read_text()
    rule = re.search(r"\.cell_output a,\s*html\[data-theme=\"light\"\] \.bd-article pre a "
                     r"\{ color: (#\w{6}); \}", css)
    assert rule and _contrast(rule.group(1), "#f3f4f5") >= 4.5 and _contrast("#176de8", "#f3f4f5") < 4.5
    assert re.search(r"div\.cell_input pre,\s*\.bd-article div\.cell_output pre,\s*"
                     r"\.bd-article \.admonition\.mtgkit-widget pre \{\s*white-space: pre-wrap;", css)


def test_no_table_has_an_empty_header_and_every_sidebar_toggle_is_named(docs_site: DocsBuild) -> None:
    """axe-core's empty-table-header (the guides' "ways to run a class" tables) and the theme's
    sidebar, mended by the site extension: each toggle of a section's pages has a name, and the
    site's title is in a landmark (axe summary-name and region)."""
    for path in pages_of(docs_site):
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        where = path.relative_to(docs_site.html).as_posix()
        assert not [th for th in soup.find_all("th") if not th.get_text(strip=True)], where
        # a question set's folded answers (mtgkit.site) are named by their own words
        answers = [t for t in soup.find_all("summary") if t.find_parent("details", class_="mtgkit-answer")]
        assert all(t.get_text(strip=True).startswith("The answer to question ") for t in answers), where
        toggles = [t for t in soup.find_all("summary") if t not in answers]
        assert all(t.get("aria-label", "").startswith("The pages under ") for t in toggles), where
        brand = soup.select_one("a.navbar-brand")
        assert brand is None or brand.find_parent(attrs={"role": "navigation"}) is not None, where


def test_mending_the_theme_is_idempotent() -> None:
    page = ('<div class="sidebar-primary-item">\n<a class="navbar-brand logo" href="#">x</a></div>'
            '<li><a class="current reference internal" href="#">Misconceptions</a><details open="open">'
            '<summary><span class="toctree-toggle"></span></summary></details></li>')
    mend = ext().mend_theme_html
    once = mend(page)
    assert 'role="navigation" aria-label="Home"' in once
    assert '<summary aria-label="The pages under Misconceptions">' in once
    assert mend(once) == once
