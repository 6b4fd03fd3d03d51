"""The Sphinx extension behind the course website (``docs/conf.py`` loads it).

What it adds to Sphinx and MyST-NB, each from the kit's own code so that nothing drifts:

- **Generated sources** (``builder-inited``, written only when they change, like autosummary):
  ``lessons/`` holds the student copy of the course (:func:`mtgkit.course.write_course`, the
  copy Binder opens), ``misconceptions/`` a page per entry of
  :data:`mtgkit.misconceptions.CATALOG` with its example board worded and answered by the
  engine, ``scenario-files.md`` the README's section on scenario files, and ``questions/`` a page
  per question set (the capstones, and each teacher's folder named in ``MTGKIT_DOCS_QUESTIONS``),
  every answer folded (:mod:`mtgkit.site`). These paths are gitignored; ``notebooks/`` is only read.
- **A notebook reader** (:func:`read_notebook`, MyST-NB's reader for ``.ipynb``): leaves out
  the saved widget state (a static page can't run widgets, and it would pull scripts from a
  CDN) and hands MyST-NB each plot's text alternative (``alt`` in an image output's metadata,
  the way nbconvert reads it) as the cell's image option, which MyST-NB renders as the
  ``alt`` of the ``<img>``.
- **Widget notes** (:class:`WidgetNotes`): where a notebook shows a widget, the page says which
  widget stands there and links to the live notebook (Binder, and the nbgitpuller route).
- **Launch buttons** (:func:`add_launch_buttons`): the theme's rocket menu on each lesson, with
  the README's Binder link and :func:`mtgkit.course.hub_link`'s nbgitpuller link.
- **Rule links** (:class:`RuleLinks`): every "CR 106.7" in the text of any page links to the
  rule as the notebooks do (:mod:`mtgkit.crlinks`: the same URL and the same tooltip).
- **An internal link check** (:func:`check_internal_links`, at ``build-finished``): every
  relative ``href``/``src`` of the HTML output names a file that exists, and every ``#anchor``
  an id on that page; each broken one is a warning (an error under ``-W``).
"""

from __future__ import annotations

import html.parser
import os
import re
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import nbformat
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

from mtgkit import capstones, crlinks
from mtgkit.capstones import load_folder
from mtgkit.course import NOTEBOOKS, hub_link, write_course
from mtgkit.crlinks import Cited
from mtgkit.misconceptions import CATALOG
from mtgkit.practice import set_name
from mtgkit.site import page_name, set_fragment, set_questions
from mtgkit.widgets.base import RUN_THE_CELL

LOGGER = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[2]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: Where the generated sources go, relative to the Sphinx source folder.
LESSONS, MISCONCEPTIONS, SCENARIO_FILES = "lessons", "misconceptions", "scenario-files.md"
#: The question sets' pages (the capstones, and the folders of ``MTGKIT_DOCS_QUESTIONS``).
QUESTIONS = "questions"
#: The README's Binder badge: the repository part and the notebook it opens.
BINDER_BADGE = re.compile(r"\((https://mybinder\.org/v2/gh/[^)?\s]+)\?urlpath=lab/tree/course/[^)\s]+\)")
#: The running-a-class section on JupyterHub and nbgitpuller (a link target when no hub is set).
HUB_HELP = ("running-a-class", "3-jupyterhub--nbgitpuller")


# ============================================================================ generated sources
def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` unless it already holds exactly that (so Sphinx rebuilds only
    what changed, and two builds at once write the same bytes); atomic. True if written."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    os.replace(tmp, path)
    return True


def sync_folder(folder: Path, files: dict[str, str], pattern: str) -> None:
    """Make ``folder`` hold exactly ``files`` (name -> text) among the names matching ``pattern``."""
    for name, text in files.items():
        write_if_changed(folder / name, text)
    if folder.is_dir():
        for stale in folder.glob(pattern):
            if stale.name not in files:
                stale.unlink()


def lesson_files() -> dict[str, str]:
    """The student copy of the course (what Binder's ``course/`` holds), file name -> text."""
    with tempfile.TemporaryDirectory(prefix="mtgkit-docs-") as tmp:
        return {p.name: p.read_text(encoding="utf-8") for p in write_course(Path(tmp) / "course")}


def binder_url(readme: str) -> str:
    """The repository part of the README's Binder badge (``https://mybinder.org/v2/gh/ORG/REPO/REF``)."""
    badge = BINDER_BADGE.search(readme)
    if not badge:
        raise ExtensionError("README.md has no Binder badge (https://mybinder.org/v2/gh/...?urlpath=lab/tree/"
                             "course/...): the lessons' launch buttons are built from it")
    return badge.group(1)


def lesson_binder_url(base: str, stem: str) -> str:
    """The Binder link that opens lesson ``stem`` of the student copy (as the README's badge does
    for the first one)."""
    return f"{base}?urlpath=lab/tree/course/{stem}.ipynb"


def _md_escape(text: str) -> str:
    """Plain text for a markdown paragraph: the characters MyST would read as markup escaped."""
    return re.sub(r"([\\`*_\[\]<>|#$])", r"\\\1", text)


def heading(title: str) -> str:
    """A misconception's title (a few words, lower case) as a heading: its first letter a capital."""
    return title[:1].upper() + title[1:]


def misconception_page(m: Any) -> str:
    """A misconception's page: its name, what a learner believes, the rule that refutes it, and
    the smallest board where the two differ, worded, answered and explained by the engine."""
    example = m.example
    right, wrong = example.legal(), m.run(example)
    explanation = Cited(example.explain())._repr_html_()
    return "\n".join([
        f"(misconception-{m.name})=",
        f"# {_md_escape(heading(m.title))}",
        "",
        f"The kit's name for it: `{m.name}`.",
        "",
        "## What a learner believes",
        "",
        _md_escape(m.description),
        "",
        "## The rule that refutes it",
        "",
        f"**CR {m.rule}.** {_md_escape(m.rule_says)}",
        "",
        "## The smallest board where it goes wrong",
        "",
        f"**The board:** {_md_escape(example.describe())}.",
        "",
        f"**The question:** {_md_escape(m.ask)}",
        "",
        f"- **The rules:** {_md_escape(' or '.join(right))}",
        f"- **This idea:** {_md_escape(' or '.join(wrong))}",
        "",
        "**Why,** in the engine's words:",
        "",
        "```{raw} html",
        explanation,
        "```",
        "",
    ])


def misconception_index() -> str:
    rows = "\n".join(f"| [{_md_escape(heading(m.title))}]({m.name}.md) | `{m.name}` | CR {m.rule} |"
                     for m in CATALOG.values())
    names = "\n".join(m.name for m in CATALOG.values())
    return f"""# Misconceptions

The mistakes learners really make on these rules, each a named, runnable variant of the rules
(`mtgkit.misconceptions`). The practice questions use them to explain a wrong answer, and every
page below shows the smallest board where the misconception and the rules disagree: the board,
both answers and the engine's explanation are computed by the engine when this site is built.

| misconception | name | the rule |
|---|---|---|
{rows}

```{{toctree}}
:hidden:

{names}
```
"""


def scenario_files_page(readme: str) -> str:
    """The README's "Scenario files" section as a page: its headings one level up, so the
    section is the page's title and its subsections the page's sections."""
    match = re.search(r"^### Scenario files.*?(?=^### |^## )", readme, re.M | re.S)
    if not match:
        raise ExtensionError("README.md has no '### Scenario files' section")
    section = re.sub(r"^##(#+) ", r"\1 ", match.group(0), flags=re.M)
    return ("% Generated from README.md's section of the same name by docs/_ext/mtgkit_docs.py.\n"
            + section.rstrip() + "\n")


def question_set_page(name: str, title: str, intro: str, qs: list[Any]) -> str:
    """A question set's page: every question in full, each answer folded in a ``<details>``
    element (:func:`mtgkit.site.set_fragment`)."""
    return "\n".join([
        f"(questions-{name})=",
        f"# {_md_escape(title)}",
        "",
        intro,
        "",
        f"{len(qs)} questions. Each answer is folded: open it when you have chosen.",
        "",
        "```{raw} html",
        set_fragment(qs),
        "```",
        "",
    ])


def question_set_pages(folders: str) -> dict[str, str]:
    """The question sets' pages (file name -> text): the capstones, then each teacher's folder
    named in ``folders`` (``MTGKIT_DOCS_QUESTIONS``: folders separated by ``os.pathsep``), and
    their index."""
    pages = {"capstones.md": question_set_page(
        "capstones", "The capstones",
        "Hand-written questions in a judge's style, each played and checked by the engine "
        "(`mtgkit worksheet --topic capstones` hands them out).",
        set_questions(capstones.load(), "capstones"))}
    rows = [f"| [The capstones](capstones.md) | {len(capstones.load())} |"]
    for folder in filter(None, folders.split(os.pathsep)):
        name = set_name(folder)
        stem = page_name(name).removesuffix(".html")
        if f"{stem}.md" in pages or stem == "index":
            raise ExtensionError(f"MTGKIT_DOCS_QUESTIONS: two question sets are called {name!r}; rename one")
        try:
            qs = set_questions(load_folder(folder), name)
        except ValueError as err:
            raise ExtensionError(f"MTGKIT_DOCS_QUESTIONS: {err}") from None
        pages[f"{stem}.md"] = question_set_page(
            stem, name, f"Questions from the folder `{_md_escape(name)}`, each played and checked by the "
                        "engine.", qs)
        rows.append(f"| [{_md_escape(name)}]({stem}.md) | {len(qs)} |")
    names = "\n".join(name.removesuffix(".md") for name in pages)
    pages["index.md"] = f"""# Question sets

Hand-written questions, a page per set: every question in full (the board, the steps, the cards'
text, the options), its answer folded under it with the engine's explanation and what each wrong
option's misconception gets wrong. `mtgkit site --from DIR --out OUT` makes such pages of your own
questions; building this site with `MTGKIT_DOCS_QUESTIONS=DIR` adds a page for them here.

| question set | questions |
|---|---|
{chr(10).join(rows)}

```{{toctree}}
:hidden:

{names}
```
"""
    return pages


def generate_sources(app: Sphinx) -> None:
    """Write the generated sources into the Sphinx source folder (``builder-inited``), unless
    ``mtgkit_generate_sources`` is off (a test's small project)."""
    if not app.config.mtgkit_generate_sources:
        return
    src = Path(app.srcdir)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sync_folder(src / LESSONS, lesson_files(), "*.ipynb")
    pages = {f"{m.name}.md": misconception_page(m) for m in CATALOG.values()}
    pages["index.md"] = misconception_index()
    sync_folder(src / MISCONCEPTIONS, pages, "*.md")
    write_if_changed(src / SCENARIO_FILES, scenario_files_page(readme))
    sync_folder(src / QUESTIONS, question_set_pages(app.config.mtgkit_question_sets), "*.md")


# ============================================================================ reading notebooks
def image_alt(output: dict[str, Any]) -> str | None:
    """A display output's text alternative: ``alt`` in its image's metadata (or in the output's
    metadata itself), None if it has none."""
    meta = output.get("metadata") or {}
    for mime in output.get("data") or {}:
        if mime.startswith("image/") and isinstance(meta.get(mime), dict) and meta[mime].get("alt"):
            return str(meta[mime]["alt"])
    alt = meta.get("alt")
    return str(alt) if alt else None


def read_notebook(text: str) -> nbformat.NotebookNode:
    """MyST-NB's reader for ``.ipynb`` files: the notebook without its saved widget state, and
    each cell's plot alt text as the cell's image option (``mystnb.image.alt``).

    Raises ValueError when a cell shows images with different alt texts (MyST-NB gives one
    alt per cell: show each plot in a cell of its own).
    """
    nb = nbformat.reads(text, as_version=4)
    nb.metadata.pop("widgets", None)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        alts = {alt for output in cell.get("outputs", []) if (alt := image_alt(output))}
        if cell.metadata.get("alt"):  # nbconvert's cell-level alt
            alts.add(str(cell.metadata["alt"]))
        if len(alts) > 1:
            raise ValueError(f"cell {index} shows images with different alt texts {sorted(alts)}; "
                             "show each plot in a cell of its own")
        if alts:
            image = cell.metadata.setdefault("mystnb", {}).setdefault("image", {})
            image.setdefault("alt", alts.pop())
        for output in cell.get("outputs", []):
            # A kit plot also carries itself as an inline <img> (for JupyterLab), which MyST-NB
            # would prefer: the page shows the PNG, with the alt text above, instead.
            data = output.get("data", {})
            inline = str(data.get("text/html", "")).startswith("<img ")
            if image_alt(output) and "image/png" in data and inline:
                del data["text/html"]
    return nb


# ============================================================================ widgets and launch
def lesson_stem(docname: str) -> str | None:
    """The course notebook a page renders (``lessons/06-the-monarch`` -> ``06-the-monarch``)."""
    folder, _, stem = docname.partition("/")
    return stem if folder == LESSONS and stem in dict(NOTEBOOKS) else None


def launch_links(app: Sphinx, docname: str) -> list[tuple[str, str, str]]:
    """(label, URL, tooltip) of the live notebook for page ``docname``: Binder, then the
    nbgitpuller link when the site is built for a hub, else the page that explains it."""
    stem = lesson_stem(docname)
    assert stem is not None
    cfg = app.config
    links = [("Binder", lesson_binder_url(cfg.mtgkit_binder_url, stem),
              "Run this lesson on Binder: nothing to install")]
    if cfg.mtgkit_hub_url:
        links.append(("JupyterHub", hub_link(cfg.mtgkit_hub_url, cfg.mtgkit_hub_repo,
                                             branch=cfg.mtgkit_hub_branch, notebook=stem),
                      "Run this lesson on your school's JupyterHub (nbgitpuller)"))
    else:
        page, anchor = HUB_HELP
        uri = app.builder.get_relative_uri(docname, page) + "#" + anchor
        links.append(("JupyterHub", uri, "How a teacher makes the JupyterHub link (mtgkit hub-link)"))
    return links


def widget_text(bundle: nodes.Element) -> str:
    """What the widget's text/plain form says after its first line: a practice exercise lists its
    questions there (board, numbered steps, cards, stem and options), so the page shows them
    too (issue 28: every question readable wherever it is shown); empty for other widgets."""
    for child in bundle.children:
        if child.get("mime_type") == "text/plain":
            parts = child.astext().strip().split("\n", 1)
            return parts[1].strip() if len(parts) == 2 else ""
    return ""


def widget_name(bundle: nodes.Element) -> str:
    """What the widget is, from the text/plain form MyST-NB kept beside the widget view: a kit
    widget says ``Quick question: run this cell to use it.``; any other shows its class name."""
    for child in bundle.children:
        if child.get("mime_type") == "text/plain":
            # the first line names it; a practice exercise's questions follow (issue 28)
            text = child.astext().strip().split("\n", 1)[0]
            if text.endswith(RUN_THE_CELL):
                return text[: -len(RUN_THE_CELL)]
            match = re.match(r"([A-Za-z_]\w*)\(", text)
            if match:
                return match.group(1)
    return "widget"


class WidgetNotes(SphinxPostTransform):
    """Replace each widget output with a note saying which widget stands there and linking to
    the live notebook (before MyST-NB picks one mime type of the output, at priority 4)."""

    default_priority = 3

    def run(self, **kwargs: Any) -> None:
        bundles = [node for node in self.document.findall(nodes.container)
                   if node.get("nb_element") == "mime_bundle"
                   and any(child.get("mime_type") == WIDGET_VIEW for child in node.children)]
        if not bundles:
            return
        if lesson_stem(self.env.docname) is None:
            raise ExtensionError(f"{self.env.docname}: a widget output outside the course notebooks")
        links = launch_links(self.app, self.env.docname)
        for bundle in bundles:
            para = nodes.paragraph()
            para += nodes.Text("A widget stands here. Widgets run only in a live notebook, not on this "
                               "page: open this lesson live on ")
            for i, (label, uri, tooltip) in enumerate(links):
                if i:
                    para += nodes.Text(" or on ")
                para += nodes.reference("", label, refuri=uri, reftitle=tooltip)
            para += nodes.Text(".")
            title = nodes.title("", f"Interactive: {widget_name(bundle)}")
            note = nodes.admonition("", title, para, classes=["note", "mtgkit-widget"])
            questions = widget_text(bundle)
            if questions:  # the exercise's questions, to read here and answer in the live notebook
                note += nodes.paragraph("", "Its questions, to read here and answer in the live notebook:")
                note += nodes.literal_block(questions, questions, classes=["mtgkit-widget-questions"])
            bundle.replace_self(note)


def add_launch_buttons(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                       doctree: nodes.document | None) -> None:
    """The theme's rocket menu on each lesson page: Binder and JupyterHub (``html-page-context``,
    after the theme has prepared ``header_buttons``)."""
    if lesson_stem(pagename) is None or "header_buttons" not in context:
        return
    icons = {"Binder": "_static/images/logo_binder.svg", "JupyterHub": "_static/images/logo_jupyterhub.svg"}
    buttons = [{"type": "link", "text": label, "tooltip": tooltip, "icon": icons[label], "url": uri,
                "label": f"launch-{label.lower()}-button"}
               for label, uri, tooltip in launch_links(app, pagename)]
    context["header_buttons"].insert(0, {"type": "group", "tooltip": "Run this lesson live",
                                         "icon": "fas fa-rocket", "buttons": buttons,
                                         "label": "launch-buttons"})


def check_config(app: Sphinx, config: Any) -> None:
    """Fill in the Binder link from the README and check the hub settings (``config-inited``)."""
    if not config.mtgkit_binder_url:
        config.mtgkit_binder_url = binder_url((ROOT / "README.md").read_text(encoding="utf-8"))
    if config.mtgkit_hub_url or config.mtgkit_hub_repo:
        try:  # the same checks `mtgkit hub-link` makes
            hub_link(config.mtgkit_hub_url, config.mtgkit_hub_repo, branch=config.mtgkit_hub_branch)
        except ValueError as err:
            raise ExtensionError(f"mtgkit_hub_url / mtgkit_hub_repo: {err}") from None


# ============================================================================ rule links
#: Nodes whose text is never linked: code, raw HTML, existing links, API signatures.
NO_LINKS = (nodes.literal, nodes.literal_block, nodes.raw, nodes.reference, nodes.target,
            nodes.comment, addnodes.desc_signature, addnodes.pending_xref)


def _inside(node: nodes.Node, kinds: tuple[type[nodes.Node], ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, kinds):
            return True
        parent = parent.parent
    return False


def rule_link(number: str) -> nodes.reference:
    """A link to rule ``number``: :func:`mtgkit.crlinks.cr_url` with its tooltip, as in the notebooks."""
    return nodes.reference(number, number, refuri=crlinks.cr_url(number), reftitle=crlinks.tooltip(number),
                           classes=["cr-link"])


def link_citations(text: str) -> list[nodes.Node] | None:
    """``text`` as nodes with each rule number cited after "CR" a link (None: nothing cited)."""
    out: list[nodes.Node] = []
    last = 0
    for m in crlinks.CITATION.finditer(text):
        start, end = m.span(1)
        out.append(nodes.Text(text[last:start]))
        pos = start
        for n in crlinks.RULE.finditer(text, start, end):
            out.append(nodes.Text(text[pos:n.start()]))
            out.append(rule_link(n.group(1)))
            pos = n.end()
        out.append(nodes.Text(text[pos:end]))
        last = end
    if not out:
        return None
    out.append(nodes.Text(text[last:]))
    return [n for n in out if not (isinstance(n, nodes.Text) and not n.astext())]


class RuleLinks(SphinxTransform):
    """Every rule number cited after "CR" in a page's text links to the rule."""

    default_priority = 800

    def apply(self, **kwargs: Any) -> None:
        for text in list(self.document.findall(nodes.Text)):
            if _inside(text, NO_LINKS):
                continue
            linked = link_citations(text.astext())
            if linked is not None:
                text.parent.replace(text, linked)


# ============================================================================ internal links
class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
            if value and ((name == "href" and tag in ("a", "link", "area")) or
                          (name == "src" and tag in ("img", "script", "iframe", "source"))):
                self.links.append(value)


def check_internal_links(outdir: Path) -> list[str]:
    """Every relative link of every HTML page under ``outdir`` that names no file, or an anchor
    that page doesn't have, as "page: link (why)". External links (with a scheme) aren't checked."""
    pages: dict[Path, _Links] = {}

    def parsed(path: Path) -> _Links:
        if path not in pages:
            parser = _Links()
            parser.feed(path.read_text(encoding="utf-8"))
            pages[path] = parser
        return pages[path]

    problems = []
    for page in sorted(outdir.rglob("*.html")):
        if page.relative_to(outdir).parts[0] in ("_static", "_sources"):
            continue  # the theme's template fragments, not pages
        for link in parsed(page).links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:", "data:")):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            where = page.relative_to(outdir).as_posix()
            if not target.is_file():
                problems.append(f"{where}: {link} (no such file)")
            elif (parts.fragment and target.suffix == ".html"
                  and unquote(parts.fragment) not in parsed(target).ids):
                problems.append(f"{where}: {link} (no such anchor)")
    return problems


# ============================================================================ the theme's markup
#: Two things of the book theme's sidebar (pydata-sphinx-theme's templates) that axe-core finds on
#: every page: the expand toggle of a section's sub-pages is a ``<summary>`` holding only an icon
#: (axe "summary-name", serious: a screen reader says nothing), and the site's title above the
#: navigation is outside any landmark (axe "region"). They are mended in the HTML written.
_TOGGLE = re.compile(r'(<a class="[^"]*\breference internal\b[^"]*" href="[^"]*">([^<]*)</a>'
                     r'<details[^>]*>)<summary>')
_BRAND = re.compile(r'<div class="sidebar-primary-item">(\s*<a class="navbar-brand logo")')


def mend_theme_html(text: str) -> str:
    """The page with the sidebar's toggles named after their section and the site's title in a
    navigation landmark (the link home). Mending a mended page changes nothing.

    >>> mend_theme_html('<a class="reference internal" href="api/">API</a><details><summary>')[-51:]
    '<details><summary aria-label="The pages under API">'
    """
    text = _TOGGLE.sub(lambda m: f'{m.group(1)}<summary aria-label="The pages under {m.group(2)}">', text)
    return _BRAND.sub(r'<div class="sidebar-primary-item" role="navigation" aria-label="Home">\1', text)


def mend_theme(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        for page in Path(app.outdir).rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            mended = mend_theme_html(text)
            if mended != text:
                write_if_changed(page, mended)


def report_links(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        for problem in check_internal_links(Path(app.outdir)):
            LOGGER.warning("broken internal link: %s", problem, type="mtgkit", subtype="links")


# ============================================================================ setup
def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("mtgkit_generate_sources", True, "env", [bool])
    app.add_config_value("mtgkit_binder_url", "", "env", [str])
    env = os.environ
    app.add_config_value("mtgkit_hub_url", env.get("MTGKIT_DOCS_HUB", ""), "env", [str])
    app.add_config_value("mtgkit_hub_repo", env.get("MTGKIT_DOCS_HUB_REPO", ""), "env", [str])
    app.add_config_value("mtgkit_hub_branch", env.get("MTGKIT_DOCS_HUB_BRANCH") or "main", "env", [str])
    app.add_config_value("mtgkit_question_sets", env.get("MTGKIT_DOCS_QUESTIONS", ""), "env", [str])
    app.connect("config-inited", check_config)
    app.connect("builder-inited", generate_sources)
    app.connect("html-page-context", add_launch_buttons, priority=502)
    app.connect("build-finished", mend_theme, priority=400)  # before the link check (500)
    app.connect("build-finished", report_links)
    app.add_transform(RuleLinks)
    app.add_post_transform(WidgetNotes)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 1}


__all__ = ["check_internal_links", "image_alt", "lesson_binder_url", "link_citations", "mend_theme_html",
           "misconception_page", "question_set_page", "question_set_pages", "read_notebook",
           "scenario_files_page", "setup"]
