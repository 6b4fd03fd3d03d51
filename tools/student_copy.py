"""Make the student copy of the course: the notebooks without solutions or teacher hints.

    python tools/student_copy.py DEST      # or: make student DEST=...  (or: mtgkit course DEST)

Copies notebooks/*.ipynb into DEST, leaves out notebooks/solutions/, and removes the
"(Teachers: `%load solutions/...`)" hints from markdown cells. The work is done by
:func:`mtgkit.course.write_course`, which `mtgkit course DEST` uses too.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mtgkit.course import CourseError, write_course

ROOT = Path(__file__).resolve().parents[1]


def student_copy(dest: Path, source: Path = ROOT / "notebooks") -> list[Path]:
    """Write the student copy of ``source`` into ``dest`` (overwriting); return the files written."""
    return write_course(dest, source=source, force=True)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/student_copy.py DEST", file=sys.stderr)
        return 2
    try:
        written = student_copy(Path(argv[0]))
    except CourseError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    for path in written:
        print("wrote", path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
