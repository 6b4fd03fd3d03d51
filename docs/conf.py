"""Sphinx configuration of the course website: `make docs`, or
`sphinx-build -W --keep-going -n docs build/docs/html`.

The site is built offline: the notebooks are rendered from their committed outputs (no kernel
runs), no inventory is fetched (intersphinx is not used) and no page loads a script from a CDN.
The lessons, the misconception pages, the question sets' pages and the scenario-files page are
generated into this folder by the extension in ``_ext/mtgkit_docs.py`` (gitignored); notebooks/ is
only read. The question sets are the capstones and, when ``MTGKIT_DOCS_QUESTIONS`` names them
(folders separated by ``os.pathsep``), a teacher's folders of question files: a page each, every
answer folded.

The lessons' JupyterHub launch button is a real nbgitpuller link when the site is built for a
hub: set ``MTGKIT_DOCS_HUB`` (the hub's URL) and ``MTGKIT_DOCS_HUB_REPO`` (the repository that
holds the student copy; ``MTGKIT_DOCS_HUB_BRANCH``, default main). Without them it leads to the
page that explains how a teacher makes that link.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))  # mtgkit from this checkout, installed or not

from mtgkit.rules import EDITION  # noqa: E402

project = "mtgkit"
author = "the mtgkit authors"
copyright = "the mtgkit authors, MIT licence"  # noqa: A001 - Sphinx's name for it
html_title = "mtgkit: tricky Magic rules, taught by a real rules engine"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "mtgkit_docs",
]

exclude_patterns = ["_build", "**/.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]
# The generated pages' sources are not linked from the pages (the notebooks are downloadable
# from the launch buttons' Binder copy and from the package).
html_copy_source = False
html_show_sourcelink = False

# -- MyST and MyST-NB ----------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4  # GitHub's slugs, so the guides' "#3-jupyterhub--nbgitpuller" links work
nb_execution_mode = "off"  # the committed outputs are the lesson (strict nbval keeps them true)
nb_custom_formats = {".ipynb": ["mtgkit_docs.read_notebook", {}]}
nb_ipywidgets_js: dict[str, dict[str, str]] = {}  # widgets don't run here: no CDN scripts
nb_merge_streams = True

# -- API reference ---------------------------------------------------------------------------------
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_preserve_defaults = True
nitpicky = True
# Offline there is no inventory of the standard library, pandas, matplotlib or ipywidgets to
# link to, so references outside mtgkit stay plain text; every reference to mtgkit must resolve.
nitpick_ignore_regex = [
    (r"py:.*", r"(?!mtgkit\.).*"),
    # The teaching layer (lessons, practice, situations, misconceptions) is not in this reference:
    # a notebook author uses it through the widgets, and the misconceptions have pages of their own.
    (r"py:.*", r"mtgkit\.(lessons|practice|situations|misconceptions|topics|teaching)(\..*)?"),
    # The rule variants (the engine's decision points) and the state's records behind them have no
    # reference page yet: the API reference names them where the game takes them.
    (r"py:.*", r"mtgkit\.(variants|testwise)(\..*)?"),
    (r"py:class", r"mtgkit\.state\.LastKnown"),
    # Private bases of public classes (the widgets' shared layout, for example).
    (r"py:class", r"mtgkit\.(\w+\.)*_\w+"),
    # mtgkit.wording imports nothing from the kit: it names an event and its words by the shape it
    # reads (typing Protocols), which the reference doesn't list as classes of their own.
    (r"py:class", r"mtgkit\.wording\.(Event|Words)"),
    # The undo log's collections (the game state's fields are typed with them): internal, not API.
    (r"py:class", r"mtgkit\.journal\.\w+"),
    # Type variables in signatures (grade_answers' case type C, abilities_of's A) are no documented
    # objects.
    (r"py:class", r"mtgkit\.(grading|abilities)\.[A-Z]"),
]

# -- HTML ------------------------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_static_path = ["_static"]
html_css_files = ["mtgkit.css"]
html_last_updated_fmt = None
html_theme_options = {
    "repository_url": "https://github.com/mtgkit/mtgkit",
    "repository_branch": "main",
    "path_to_docs": "docs",
    "use_repository_button": True,
    "use_download_button": False,
    "show_toc_level": 2,
    "home_page_in_toc": False,
    "navigation_with_keys": False,
    # The book layout: search and buttons live in the sidebar and the article header, not in a
    # navigation bar across the top (pydata-sphinx-theme's defaults otherwise add one).
    "navbar_persistent": [],
    "extra_footer": f"Rule numbers are from the Comprehensive Rules effective {EDITION}.",
}
