"""Make the student copy of the course: the notebooks without solutions or teacher hints.

    python tools/student_copy.py DEST      # or: make student DEST=...

Copies notebooks/*.ipynb into DEST, leaves out notebooks/solutions/, and removes the
"(Teachers: `%load solutions/...`)" hints from markdown cells. Uses only the standard library.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HINT = re.compile(r"\s*\(Teachers: [^)]*\)")


def student_copy(dest: Path, source: Path = ROOT / "notebooks") -> list[Path]:
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for nb_path in sorted(source.glob("*.ipynb")):
        nb = json.loads(nb_path.read_text())
        for cell in nb["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                cell["source"] = HINT.sub("", text)
        out = dest / nb_path.name
        out.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
        written.append(out)
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/student_copy.py DEST", file=sys.stderr)
        return 2
    dest = Path(argv[0])
    if dest.resolve() == (ROOT / "notebooks").resolve():
        print("DEST must not be the course's own notebooks folder", file=sys.stderr)
        return 2
    for path in student_copy(dest):
        print("wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
