"""Build the course website (Sphinx + MyST-NB, from ``docs/``) with warnings as errors.

    python tools/build_docs.py [OUT]      # default build/docs: the site in OUT/html

This is the one build command: `make docs`, the test suite (tests/test_docs_site.py) and the
GitHub Pages workflow (.github/workflows/docs.yml) all run it. Sphinx runs nitpicky (``-n``:
every reference to mtgkit must resolve) with ``-W --keep-going`` (every warning is reported,
then the build fails), and the site's extension checks every internal link of the output. It
prints how long the build took and how many pages it wrote. Needs the `docs` extra
(``pip install -e ".[docs]"``; the `test` extra has it too).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: sphinx-build's options for the site.
SPHINX_OPTIONS = ["-W", "--keep-going", "-n", "-b", "html"]


def sphinx_argv(out: Path) -> list[str]:
    """sphinx-build's arguments for a build of ``docs/`` into ``out``/html (doctrees beside it)."""
    return [*SPHINX_OPTIONS, "-d", str(out / "doctrees"), str(ROOT / "docs"), str(out / "html")]


def main(argv: list[str]) -> int:
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        print("usage: python tools/build_docs.py [OUT]", file=sys.stderr)
        return 2
    out = Path(argv[0]) if argv else ROOT / "build" / "docs"
    try:
        from sphinx.cmd.build import build_main
    except ImportError:
        print("building the site needs the docs extra: pip install -e '.[docs]'", file=sys.stderr)
        return 2
    start = time.perf_counter()
    status = build_main(sphinx_argv(out))
    seconds = time.perf_counter() - start
    if status == 0:
        html = out / "html"  # its pages, not the theme's template fragments in _static/
        pages = sum(1 for p in html.rglob("*.html") if p.relative_to(html).parts[0] != "_static")
        print(f"The site: {html / 'index.html'} ({pages} pages, built in {seconds:.1f} s)")
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
