"""Write the course notebooks from the cell lists in tools/course/*.py and execute them.

    python tools/build_notebooks.py            # rebuild and execute every notebook
    python tools/build_notebooks.py 01 03      # only these

Execution fills in the outputs that strict nbval compares; re-running must reproduce
them exactly. The cell lists keep the teaching text reviewable as plain Python.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "tools" / "course"
NOTEBOOKS = ROOT / "notebooks"


def load(path: Path) -> tuple[str, list[tuple[str, str]]]:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.NAME, mod.CELLS


def build(path: Path) -> Path:
    name, cells = load(path)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for i, (kind, src) in enumerate(cells):
        src = src.strip("\n")
        cell = nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src)
        cell["id"] = f"{name[:2]}-{i:02d}"
        nb.cells.append(cell)
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
    out = NOTEBOOKS / f"{name}.ipynb"
    if out.exists() and _comparable(nbformat.read(out, as_version=4)) == _comparable(nb):
        return out  # only widget ids would change: keep the file as it is
    nbformat.write(nb, out)
    return out


def _comparable(nb: nbformat.NotebookNode) -> str:
    """The notebook without the parts that are random on every run (widget model ids)."""
    import json
    import re

    copy = json.loads(nbformat.writes(nb))
    copy["metadata"].pop("widgets", None)
    return re.sub(r'"model_id": "[0-9a-f]+"', '"model_id": ""', json.dumps(copy, sort_keys=True))


def main(argv: list[str]) -> None:
    paths = sorted(COURSE.glob("[0-9][0-9]_*.py"))
    if argv:
        paths = [p for p in paths if p.name[:2] in argv]
    for p in paths:
        print("built", build(p).relative_to(ROOT))


if __name__ == "__main__":
    main(sys.argv[1:])
