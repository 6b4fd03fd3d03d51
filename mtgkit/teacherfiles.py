"""Teachers' files: which files a path names, each read within the file limits, and what kind it is.

``mtgkit check PATH...`` (:mod:`mtgkit.checking`) and a teacher's question set
(:func:`mtgkit.capstones.load_folder`: ``mtgkit worksheet --from DIR``, the practice widget,
nbgrader assignments, the website) find and read files the same way, here:

- :func:`files_in`: a file itself, or a folder's ``*.toml`` (sorted, symlinks not followed), at most
  :data:`~mtgkit.limits.MAX_CHECK_FILES` (:class:`UsageError`, one line, before any is read);
- :func:`read_text`: a regular file of at most :data:`~mtgkit.limits.MAX_FILE_BYTES`, UTF-8, no
  over-long dotted key (:class:`FileProblem`, naming the line);
- :func:`toml_data`: its TOML, nested at most :data:`~mtgkit.limits.MAX_DEPTH` deep;
- :func:`file_kind`: ``"card"`` (``[[card]]`` tables), ``"question"`` (``steps``, ``question`` or
  ``options``: the capstone format) or ``None`` (neither), told by the top-level keys.

Nothing is evaluated and nothing is written.

>>> file_kind({"card": []}), file_kind({"id": "K1", "steps": []}), file_kind({"title": "?"})
('card', 'question', None)
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from . import limits
from .files import NotRegularFile, read_regular

#: A question file has one of these top-level keys (and no ``card`` tables).
QUESTION_KEYS = frozenset({"steps", "question", "options"})
FileKind = Literal["card", "question"]


class UsageError(ValueError):
    """A path that can't be used at all (missing, or too many files): exit 2."""


class FileProblem(ValueError):
    """A file that can't be read as TOML within the limits: its line and what was expected."""

    def __init__(self, path: Path, line: int, what: str) -> None:
        super().__init__(f"{path}:{line}: {what}")
        self.path, self.line, self.what = path, line, what


def files_in(paths: Sequence[str | Path]) -> list[Path]:
    """The files the paths name: a file itself, a folder's ``*.toml`` (sorted, symlinks not
    followed). :class:`UsageError` for a missing path or more than ``MAX_CHECK_FILES`` files."""
    if not paths:
        raise UsageError("name at least one file or folder to check")
    found: list[Path] = []
    for p in map(Path, paths):
        if not os.path.lexists(p):
            raise UsageError(f"{p}: no such file or folder")
        if p.is_dir() and not p.is_symlink():
            for root, dirs, names in os.walk(p):  # followlinks=False: a linked folder isn't entered
                dirs.sort()
                for name in sorted(names):
                    f = Path(root) / name
                    if name.endswith(".toml") and not f.is_symlink():
                        found.append(f)
                        if len(found) > limits.MAX_CHECK_FILES:
                            raise UsageError(f"{p}: at most {limits.MAX_CHECK_FILES} files to check (the "
                                             "check limit; name fewer folders)")
        else:
            found.append(p)
    if len(found) > limits.MAX_CHECK_FILES:
        raise UsageError(f"at most {limits.MAX_CHECK_FILES} files to check (the check limit)")
    return found


def read_text(path: Path) -> str:
    """A file's text, read within the file limits (:class:`FileProblem` otherwise)."""
    try:
        raw = read_regular(path, limits.MAX_FILE_BYTES)
    except NotRegularFile as err:
        raise FileProblem(path, 1, str(err)) from None
    except OSError as err:
        raise FileProblem(path, 1, f"a readable file ({err.strerror})") from None
    if len(raw) > limits.MAX_FILE_BYTES:
        raise FileProblem(path, 1, f"at most {limits.MAX_FILE_BYTES:,} bytes (the file limit)")
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise FileProblem(path, 1, "UTF-8 text") from None
    problem = limits.check_text(text)
    if problem:
        place, expected = problem
        line = int(place.split()[1]) if place.startswith("line ") else 1
        raise FileProblem(path, line, expected.replace("scenario limit", "file limit"))
    return text


def toml_data(path: Path, text: str) -> dict[str, Any]:
    """The file's TOML (only :mod:`tomllib` reads it), nested within the file limit
    (:class:`FileProblem` otherwise)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        match = re.search(r"\(at line (\d+)", str(err))
        raise FileProblem(path, int(match.group(1)) if match else 1, f"valid TOML ({err})") from None
    except (RecursionError, ValueError):
        raise FileProblem(path, 1, "TOML of a sensible size and nesting") from None
    if limits._depth(data) > limits.MAX_DEPTH:
        raise FileProblem(path, 1, f"tables and lists nested at most {limits.MAX_DEPTH} deep "
                                   "(the file limit)")
    return data


def file_kind(data: dict[str, Any]) -> FileKind | None:
    """What a file is, by its top-level keys: a question file (which may carry ``[[card]]`` tables
    of its own), a card file, or neither."""
    if QUESTION_KEYS & set(data):
        return "question"
    if "card" in data:
        return "card"
    return None


__all__ = ["QUESTION_KEYS", "FileKind", "FileProblem", "UsageError", "file_kind", "files_in", "read_text",
           "toml_data"]
