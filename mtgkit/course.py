"""The course: its notebooks in order, copies of it for a class, and the command that opens it.

The notebooks ship with the package (the repository's ``notebooks/`` folder is installed as
``mtgkit/notebooks/``), so ``pip install mtgkit`` is enough to hand the course out:

- :func:`write_course` writes the **student copy** (every notebook, no solutions, no teacher
  hints) or, with ``solutions=True``, the **teacher copy** (the notebooks as they are, plus
  ``solutions/``). ``mtgkit course DEST [--solutions]`` is the command for it.
- ``python -m mtgkit.course [FOLDER]`` starts JupyterLab on FOLDER (default: the checkout's
  ``notebooks/``) at the start-here notebook (adding ``--allow-root`` when run as root) and prints
  the URL to open. It exits non-zero when it can't (no such folder, no JupyterLab).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import socket
import subprocess
import sys
from pathlib import Path

from .files import folder, write_files
from .practice import LESSON as PRACTICE
from .safetext import shown
from .topics import TOPICS
from .topics.base import Lesson

#: The first notebook: how the kit works (it belongs to no topic, and has no exercises).
START = Lesson(
    stem="00-start-here",
    title="Start here: how this kit works",
    summary='how to use the kit: timelines, "why?", widgets, exercises',
)

#: Every notebook of the course, in course order (by stem): :data:`START`, each registered topic's
#: lessons (:data:`mtgkit.topics.TOPICS`, where a topic module lists them with their exercises)
#: and the practice notebook (:data:`mtgkit.practice.LESSON`). The course index, the notebooks'
#: previous/next links, the assignments (:data:`mtgkit.assignments.EXERCISES`), the scenario
#: files' worked examples and the README's table of notebooks all follow it (tests check each).
LESSONS: tuple[Lesson, ...] = tuple(sorted(
    (START, PRACTICE, *(lesson for t in TOPICS.values() for lesson in t.lessons)),
    key=lambda lesson: lesson.stem))

#: (file stem, title) of every notebook, in course order. A test keeps this, the index in
#: 00-start-here and each notebook's previous/next links in agreement with the files.
NOTEBOOKS: list[tuple[str, str]] = [(lesson.stem, lesson.title) for lesson in LESSONS]


def readme_table(base: str = "https://github.com/mtgkit/mtgkit/blob/main/notebooks/") -> str:
    """The README's table of the course's notebooks (a test keeps the README's copy current).

    >>> print(readme_table(base="").splitlines()[2])
    | [00-start-here](00-start-here.ipynb) | how to use the kit: timelines, "why?", widgets, exercises |
    """
    rows = [f"| [{lesson.stem}]({base}{lesson.stem}.ipynb) | {lesson.summary} |" for lesson in LESSONS]
    return "\n".join(["| notebook | rule |", "|---|---|", *rows])


def neighbours(stem: str) -> tuple[str | None, str | None]:
    """The previous and next notebook stems (None at either end)."""
    stems = [s for s, _ in NOTEBOOKS]
    i = stems.index(stem)
    return (stems[i - 1] if i else None, stems[i + 1] if i + 1 < len(stems) else None)


def nav_markdown(stem: str) -> str:
    """The navigation line every notebook ends with."""
    prev, nxt = neighbours(stem)
    titles = dict(NOTEBOOKS)
    parts = []
    if prev:
        parts.append(f"← Previous: [{titles[prev]}]({prev}.ipynb)")
    if stem != "00-start-here":
        parts.append("[Course index](00-start-here.ipynb)")
    if nxt:
        parts.append(f"Next: [{titles[nxt]}]({nxt}.ipynb) →")
    return " · ".join(parts)


#: A teacher hint in a markdown cell, e.g. "(Teachers: `%load solutions/01_exercise1.py` ...)".
TEACHER_HINT = re.compile(r"\s*\(Teachers: [^)]*\)")


class CourseError(Exception):
    """The course can't be written or opened: says what and where."""


def course_dir() -> Path:
    """The folder holding the course notebooks and ``solutions/``.

    An installed package has them as ``mtgkit/notebooks/``; a checkout (or an editable install)
    has them in the repository's ``notebooks/``.
    """
    here = Path(__file__).resolve().parent
    for candidate in (here / "notebooks", here.parent / "notebooks"):
        if (candidate / f"{NOTEBOOKS[0][0]}.ipynb").is_file():
            return candidate
    raise CourseError(f"the course notebooks are missing: neither {here / 'notebooks'} nor "
                      f"{here.parent / 'notebooks'} holds {NOTEBOOKS[0][0]}.ipynb")


def strip_teacher_hints(nb: dict[str, object]) -> dict[str, object]:
    """The notebook (a parsed .ipynb) without the "(Teachers: ...)" hints of its markdown cells;
    a cell that held only a hint is left out (no blank cell on a projected page)."""
    cells = nb.get("cells")
    if isinstance(cells, list):
        kept = []
        for cell in cells:
            if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
                source = cell.get("source", "")
                text = "".join(source) if isinstance(source, list) else str(source)
                cell["source"] = TEACHER_HINT.sub("", text)
                if text.strip() and not cell["source"].strip():
                    continue
            kept.append(cell)
        nb["cells"] = kept
    return nb


def dump_notebook(nb: dict[str, object]) -> str:
    """A notebook's JSON as nbformat writes it (one-space indents, UTF-8 text, final newline)."""
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def write_course(dest: str | Path, *, solutions: bool = False, force: bool = False,
                 source: Path | None = None) -> list[Path]:
    """Write the course into ``dest``; return the files written.

    The student copy (the default) has every notebook without its teacher hints and no
    ``solutions/``; ``solutions=True`` writes the teacher copy: the notebooks as they are and
    ``solutions/``. Files already in ``dest`` are never overwritten unless ``force`` (a
    learner's edited notebook would be lost); then nothing at all is written. The files are
    written as :func:`mtgkit.files.write_files` writes them: never through a link, each one
    whole or absent, and a file already holding the same text is left as it is.
    """
    src = source if source is not None else course_dir()
    dest = folder(dest, CourseError)
    try:
        same = dest.resolve() == src.resolve()
    except (OSError, RuntimeError):  # a name too long, a loop of links: write_files says so
        same = False
    if same:
        raise CourseError(f"{dest}: the course's own folder; write the copy somewhere else")
    notebooks = [src / f"{stem}.ipynb" for stem, _ in NOTEBOOKS]
    files: dict[Path, str] = {}
    try:
        for path in notebooks:
            text = path.read_text(encoding="utf-8")
            if not solutions:
                text = dump_notebook(strip_teacher_hints(json.loads(text)))
            files[dest / path.name] = text
        if solutions:
            for path in sorted((src / "solutions").glob("*.py")):
                files[dest / "solutions" / path.name] = path.read_text(encoding="utf-8")
    except (OSError, ValueError) as err:
        raise CourseError(f"{src}: the course can't be read ({err})") from None
    return write_files(dest, files, force=force, what="the course", error=CourseError)


def without_secrets(url: str) -> str:
    """``url`` as it may be shown: without its ``?query`` and ``#fragment`` (a pasted address may
    carry ``?token=...``) or a user name and password, and escaped.

    >>> without_secrets("https://jane:pw@hub.example.org/user/jane/lab?token=abc#x")
    'https://hub.example.org/user/jane/lab'
    """
    from urllib.parse import urlsplit, urlunsplit

    cut = url.split("?", 1)[0].split("#", 1)[0]
    try:
        parts = urlsplit(url)
        if parts.netloc:
            cut = urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], parts.path, "", ""))
    except ValueError:
        pass
    return shown(cut)


def hub_address(hub: str) -> str:
    """The hub's address from what a teacher pasted: JupyterHub serves its own pages under
    ``BASE/hub/`` and each user's server under ``BASE/user/NAME/``, so an address copied from
    the browser's address bar is cut back to ``BASE`` (its query, such as a token, dropped).
    Anything else that isn't a plain http(s) address is a ``ValueError`` naming ``--hub``.

    >>> hub_address("https://hub.example.org/user/jane/lab/tree/x.ipynb?token=abc")
    'https://hub.example.org'
    >>> hub_address("https://uni.edu/jupyter/hub/login")
    'https://uni.edu/jupyter'
    >>> hub_address("https://hub.example.edu/")
    'https://hub.example.edu'
    """
    from urllib.parse import urlsplit, urlunsplit

    wrong = f"--hub {without_secrets(hub)!r}: the hub's address, like https://hub.example.edu"
    if any(not ch.isprintable() or ch.isspace() for ch in hub):
        raise ValueError(wrong + " (no spaces or control characters)")
    try:
        parts = urlsplit(hub)
        host = parts.hostname
        parts.port  # noqa: B018 - a port that isn't a number raises ValueError here
    except ValueError:
        raise ValueError(wrong) from None
    if parts.scheme not in ("http", "https") or not host:
        raise ValueError(wrong)
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"--hub {without_secrets(hub)!r}: the hub's address without a user name or "
                         "password in it")
    segments = parts.path.split("/")
    cut = next((i for i, seg in enumerate(segments) if seg in ("hub", "user")), None)
    if cut is None:
        if parts.query or parts.fragment:
            raise ValueError(wrong + " (with no ?query or #fragment)")
        if any(seg in ("lab", "tree", "notebooks", "doc") for seg in segments):
            raise ValueError(f"--hub {without_secrets(hub)!r}: a JupyterHub's address; this is a JupyterLab "
                             "page without "
                             "/hub/ or /user/ in it (a hub's pages have one)")
        cut = len(segments)
    return urlunsplit((parts.scheme, parts.netloc, "/".join(segments[:cut]).rstrip("/"), "", ""))


def course_notebook(notebook: str) -> str:
    """``--notebook``: a course notebook by its name (``06-the-monarch``, ``.ipynb`` optional),
    or another ``.ipynb`` file in the repository (a teacher's own); a course-like name that
    isn't one of the course's (``09-nope``) is a ``ValueError`` with the closest name."""
    import difflib

    stems = [stem for stem, _ in NOTEBOOKS]
    name = notebook.removesuffix(".ipynb")
    if name in stems:
        return f"{name}.ipynb"
    if notebook.endswith(".ipynb") and not re.match(r"\d\d-", notebook) and notebook.isprintable() \
            and not notebook.startswith("/") and ".." not in notebook.split("/"):
        return notebook
    close = difflib.get_close_matches(name, stems, n=1, cutoff=0.5)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise ValueError(f"--notebook {notebook!r}: one of the course's notebooks{hint}: {', '.join(stems)}; "
                     "or another .ipynb file in the repository")


def hub_link(hub: str, repo: str, *, branch: str = "main", folder: str = "mtgkit-course",
             notebook: str = f"{NOTEBOOKS[0][0]}.ipynb") -> str:
    """The nbgitpuller link that pulls ``repo`` (at ``branch``) into ``folder`` of each student's
    JupyterHub home and opens ``notebook`` in JupyterLab (a course notebook's name may leave out
    ``.ipynb``). ``hub`` may be an address copied from the browser (:func:`hub_address`).

    The repository should hold the student copy only (``mtgkit course DEST``, committed and pushed):
    nbgitpuller copies the whole branch. The format is nbgitpuller's
    (``/hub/user-redirect/git-pull?repo=...&branch=...&urlpath=lab/tree/...``); ``targetpath``
    fixes the folder, so the link doesn't depend on how the repository's URL ends.

    >>> print(hub_link("https://hub.example.edu", "https://github.com/me/mtgkit-class", branch="student"))
    https://hub.example.edu/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fme%2Fmtgkit-class&branch=student&targetpath=mtgkit-course&urlpath=lab%2Ftree%2Fmtgkit-course%2F00-start-here.ipynb
    >>> hub_link("https://hub.example.edu", "https://github.com/me/c", notebook="06-the-monarch").endswith(
    ...     "%2F06-the-monarch.ipynb")
    True
    """
    from urllib.parse import urlencode

    base = hub_address(hub)
    check_repo(repo)
    if not _NAME.fullmatch(branch) or ".." in branch or "//" in branch or branch.endswith(("/", ".lock")):
        raise ValueError(f"--branch {shown(branch)!r}: a branch name (letters, digits, . _ - and /, "
                         "starting with a letter, a digit or _)")
    if not _NAME.fullmatch(folder) or any(s in (".", "..") or not _SEGMENT.fullmatch(s)
                                          for s in folder.split("/")):
        raise ValueError(f"--folder {shown(folder)!r}: a folder name inside the home, like mtgkit-course "
                         "(letters, digits, . _ - and / between names, each starting with a letter, a digit "
                         "or _)")
    notebook = course_notebook(notebook)
    query = urlencode({"repo": repo, "branch": branch, "targetpath": folder,
                       "urlpath": f"lab/tree/{folder}/{notebook}"})
    return f"{base}/hub/user-redirect/git-pull?{query}"


#: A branch or a folder for hub-link: words of letters, digits, ``.``, ``_`` and ``-`` between
#: slashes, starting with a letter, a digit or ``_`` (never ``-``, an option to git, or ``~``).
_NAME = re.compile(r"\w[\w./-]{0,199}")
_SEGMENT = re.compile(r"\w[\w.-]*")
#: Hosts whose repository may be plain http (a hub on the same machine, for testing).
_LOCAL = ("localhost", "127.0.0.1", "::1")


def check_repo(repo: str) -> None:
    """``--repo`` for hub-link: a git repository's ``https://`` URL (``http://`` only on
    localhost), with a host, without a user name or password (the link goes to every student),
    a ``?query`` or ``#fragment``; never option-shaped (``--upload-pack=...``) or a git transport
    (``ext::sh``), nor ``javascript:`` or ``data:``. Raises ``ValueError`` naming ``--repo``.

    >>> check_repo("https://github.com/me/mtgkit-class")
    >>> check_repo("ext::sh")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --repo 'ext::sh': a git repository's https URL, like ... (not a git transport such as ext::)
    """
    from urllib.parse import urlsplit

    wrong = (f"--repo {without_secrets(repo)!r}: a git repository's https URL, like "
             "https://github.com/you/mtgkit-class")
    if not repo or any(ch.isspace() or not ch.isprintable() for ch in repo):
        raise ValueError(wrong + " (no spaces or control characters)")
    if repo.startswith("-"):
        raise ValueError(wrong + " (not an option: it starts with -)")
    if "::" in repo.split("://", 1)[0]:  # git's <transport>::<address>
        raise ValueError(wrong + " (not a git transport such as ext::)")
    try:
        parts = urlsplit(repo)
        host = parts.hostname
        parts.port  # noqa: B018 - a port that isn't a number raises ValueError here
    except ValueError:
        raise ValueError(wrong) from None
    scheme = parts.scheme.lower()
    if not host or not (scheme == "https" or (scheme == "http" and host in _LOCAL)):
        raise ValueError(wrong + (" (http only for localhost)" if scheme == "http" else ""))
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"--repo {without_secrets(repo)!r}: the repository's URL without a user name or "
                         "password in it (the link goes to every student)")
    if parts.query or parts.fragment:
        raise ValueError(wrong + " (with no ?query or #fragment)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def lab_command(root: Path, port: int, token: str) -> list[str]:
    """The JupyterLab command that serves ``root`` on loopback and opens the start-here notebook."""
    start = f"/lab/tree/{NOTEBOOKS[0][0]}.ipynb"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}",
           f"--LabApp.default_url={start}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return cmd


def _course_folder(argv: list[str]) -> Path:
    if len(argv) > 1 or (argv and argv[0].startswith("-")):
        raise CourseError("usage: python -m mtgkit.course [FOLDER]  (FOLDER: a copy written by "
                          "`mtgkit course FOLDER`; default: the checkout's notebooks/)")
    if argv:
        root = Path(argv[0])
    else:
        root = Path(__file__).resolve().parents[1] / "notebooks"
        if not root.is_dir():
            raise CourseError("no course folder here: write one with `mtgkit course FOLDER`, then "
                              "open it with `python -m mtgkit.course FOLDER`")
    if not root.is_dir():
        raise CourseError(f"{root}: no such folder (write the course there with `mtgkit course {root}`)")
    if not (root / f"{NOTEBOOKS[0][0]}.ipynb").is_file():
        raise CourseError(f"{root}: not a course folder (no {NOTEBOOKS[0][0]}.ipynb); write one with "
                          f"`mtgkit course {root}`")
    return root


def main(argv: list[str] | None = None) -> int:
    """Open the course in JupyterLab; the exit code is JupyterLab's, or 2 if it can't start."""
    import importlib.util

    try:
        root = _course_folder(sys.argv[1:] if argv is None else argv)
    except CourseError as err:
        print(f"error: {shown(str(err))}", file=sys.stderr)
        return 2
    if importlib.util.find_spec("jupyterlab") is None:
        print("error: JupyterLab is not installed here; install it with `pip install 'mtgkit[lab]'` "
              f"(or open {shown(str(root))} in the Jupyter you already have)", file=sys.stderr)
        return 2
    port, token = free_port(), secrets.token_hex(16)
    cmd = lab_command(root.resolve(), port, token)
    url = f"http://127.0.0.1:{port}/lab/tree/{NOTEBOOKS[0][0]}.ipynb?token={token}"
    print(f"\nmtgkit course: open this URL in your browser:\n\n    {url}\n\n"
          "(Ctrl+C stops the server.)\n", flush=True)
    try:
        return subprocess.run(cmd, check=False).returncode
    except KeyboardInterrupt:
        return 130
    except OSError as err:
        print(f"error: can't start JupyterLab ({err.strerror})", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
