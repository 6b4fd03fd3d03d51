"""A sweep of hostile command-line cases (issue 23): each case runs ``python -m mtgkit`` in a
child process, in a throwaway folder, and checks what a user and an operator care about:

- the exit code is one the case allows (0, 2, 120, 130 ...; a process ended by a signal counts
  as 128 + its number, as a shell reports it), never a crash;
- no traceback (nor "Exception ignored"), and at most one line on stderr;
- nothing printed holds a control character (everything from a file is escaped), and no line
  starts with ``FORGED`` (a newline in a path or an argument is escaped too); nothing printed
  holds a string the case names as secret (a token pasted in a URL);
- at most 20 seconds and 1 GB: the child runs under ``RLIMIT_AS`` = 1 GiB and a 20-second
  watchdog, and its peak resident memory is measured (``wait4``);
- nothing written outside DEST: every path of the case's folder (and a folder "outside" next
  to DEST, with a file that must never change) is snapshotted before and after; only the
  paths the case names as DEST may change;
- no partial file: every file in DEST afterwards was there before, unchanged, or is whole
  (equal to what a clean run writes; a plot ends as its format says), and no temporary file
  is left.

Cases cover scenario files (hostile values, names, escapes, sizes, FIFOs and devices), `run`'s
options, `course`, `assignments` and `worksheet` into folders with links, FIFOs and files in
the way, full disks (a kernel file-size limit, and a tiny tmpfs when run as root), a closed or
full stdout, Ctrl-C, SIGTERM and SIGHUP while writing, newlines in paths, junk arguments (near
misses, 30,000 of them), and `hub-link` (pasted tokens, links that could carry a payload).

    .venv/bin/python tools/hostile_sweep.py [-j 2] [-k SUBSTRING] [-v]

It prints one line per failed case (all with ``-v``) and a summary; the exit code is 1 if any
case failed. ``tests/test_hostile_sweep.py`` runs it.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The bounds every case is held to.
MAX_SECONDS = 20.0
MAX_BYTES = 1024**3
OK = 'players = ["Alice", "Bob"]\n'
FOREST = OK + '[board]\nAlice = ["Forest"]\n[[actions]]\ndo = "activate"\ncard = "Forest"\n'
REFLECTIONS = OK + "[board]\nAlice = [\"Forest\"" + ', "Mana Reflection"' * 25 + "]\n" \
    '[[actions]]\ndo = "activate"\ncard = "Forest"\n'

Setup = Callable[[Path, Path], None]


@dataclass
class Case:
    """One command line. ``argv`` may use {work} and {outside}; ``dests`` are the paths (under
    the work folder) the command may write; ``whole`` says what the files there must equal."""

    name: str
    argv: list[str]
    codes: tuple[int, ...]
    setup: Setup | None = None
    dests: tuple[str, ...] = ()
    whole: str | None = None  # course, teacher, assignments, worksheet, plot
    stdout: str = "pipe"  # pipe, closed, full
    stderr: str = "pipe"  # pipe, closed
    # "first file": a signal when DEST gets its first entry; or seconds (3 for `run`: a loaded
    # machine may take over 1.5 s to import the kit, and a Ctrl-C during the imports is Python's)
    sigint: str | None = None
    signum: int = signal.SIGINT  # the signal sent then (Ctrl-C unless said)
    fsize: int | None = None  # RLIMIT_FSIZE in bytes: a disk that fills up (EFBIG)
    tmpfs: int | None = None  # DEST on a tmpfs of this many bytes (root only; skipped otherwise)
    one_line: bool = True
    never: tuple[str, ...] = ()  # absolute paths that must not exist afterwards
    secrets: tuple[str, ...] = ()  # strings never printed (a token in a pasted URL)
    module: str = "mtgkit"  # python -m MODULE


@dataclass
class Result:
    case: Case
    code: int | None = None
    seconds: float = 0.0
    peak: int = 0  # peak resident memory, bytes
    problems: list[str] = field(default_factory=list)
    skipped: str = ""


# ------------------------------------------------------------------ set-ups
def file(name: str, text: str | bytes) -> Setup:
    def setup(work: Path, outside: Path) -> None:
        path = work / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    return setup


def link(name: str, target: str) -> Setup:
    """A symbolic link at work/name to ``target`` ({outside} and {work} expanded)."""
    def setup(work: Path, outside: Path) -> None:
        path = work / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.symlink_to(target.format(work=work, outside=outside))
    return setup


def fifo(name: str) -> Setup:
    def setup(work: Path, outside: Path) -> None:
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(work / name)
    return setup


def folder(name: str) -> Setup:
    return lambda work, outside: (work / name).mkdir(parents=True)


def both(*setups: Setup) -> Setup:
    def setup(work: Path, outside: Path) -> None:
        for s in setups:
            s(work, outside)
    return setup


def course_in(name: str, *, edit: str | None = None) -> Setup:
    """A course already written into work/name (one notebook edited, if ``edit``)."""
    def setup(work: Path, outside: Path) -> None:
        from mtgkit.course import write_course

        write_course(work / name)
        if edit:
            (work / name / edit).write_text("a learner's answers")
    return setup


def scenario(text: str | bytes) -> Setup:
    return file("lesson.toml", text)


def _players(*names: str) -> str:
    return "players = [" + ", ".join(f'"{n}"' for n in names) + "]\n"


# ------------------------------------------------------------------ the cases
def cases() -> list[Case]:
    run = ["run", "{work}/lesson.toml"]
    bad = (2,)
    c: list[Case] = []

    def add(name: str, argv: list[str], codes: tuple[int, ...], setup: Setup | None = None,
            **kw: object) -> None:
        c.append(Case(name, argv, codes, setup, **kw))  # type: ignore[arg-type]

    # scenario files: the values of issue 23, item 7
    for name, text in [
        ("name of 41 characters", _players("Alice", "B" * 41)),
        ("player called stack", _players("Alice", "stack")),
        ("player called Stack", _players("Stack", "Bob")),
        ("life of 5,000 digits", OK + "life = " + "9" * 5000 + "\n"),
        ("life of 60,000 hex digits", OK + "life = 0x" + "f" * 60_000 + "\n"),
        ("expect battlefield with a number", OK + '[expect]\nbattlefield = {Alice = [1, "Forest"]}\n'),
        ("choices with a number", OK + 'choices = [[1, "a"]]\n'),
        ("x of 10^18", OK + '[hand]\nAlice = ["Walking Ballista"]\n[[actions]]\ndo = "cast"\n'
                       'card = "Walking Ballista"\nx = 1000000000000000000\n'),
        ("ability of 10^18", FOREST + "ability = 1000000000000000000\n"),
        ("counters of 10^8", OK + '[[board.Alice]]\ncard = "Hangarback Walker"\n'
                             'counters = { "+1/+1" = 100000000 }\n'),
        ("counter kind with ESC", OK + '[[board.Alice]]\ncard = "Forest"\ncounters = { "\\u001b[2J" = 1 }\n'),
        ("500 long answers", OK + "choices = [" + ", ".join(['"' + "a" * 100 + '"'] * 500) + "]\n"),
        ("501 answers", OK + "choices = [" + ", ".join(['"G"'] * 501) + "]\n"),
        ("order of 500 names", FOREST + "order = [" + ", ".join(['"Contamination"'] * 500) + "]\n"),
        ("200 actions", OK + '[[actions]]\ndo = "resolve_stack"\n' * 200),
        ("5,000 permanents", OK + "[board]\nAlice = [" + ", ".join(['"Forest"'] * 5000) + "]\n"),
        ("25 Mana Reflections", REFLECTIONS),
        ("30 Mana Reflections", REFLECTIONS.replace(', "Mana Reflection"' * 25, ', "Mana Reflection"' * 30)),
        # escapes and look-alikes: items 8 and 9
        ("title clears the screen", OK + 'title = "\\u001b[2Jhi"\n'),
        ("title sets the window title", OK + 'title = "\\u001b]0;pwned\\u0007"\n'),
        ("name forges a line", _players("Alice", "Bob\\r\\nerror: forged")),
        ("title with NUL", OK + 'title = "a\\u0000b"\n'),
        ("description with ESC", OK + 'description = "fine\\n\\u001b[31mred"\n'),
        ("hostile key", OK + '"\\u001b[2J\\r\\nforged" = 1\n'),
        ("zero-width space in a name", _players("Alice", "Al\\u200bice")),
        ("Cyrillic A next to Latin", _players("Alice", "\\u0410lice")),
        ("whole-script look-alike", _players("\\u0410\\u0412\\u0415", "ABE")),
        ("full-width duplicate", _players("Alice", "\\uff21lice")),
        ("labels that look alike", OK + '[[board.Alice]]\ncard = "Forest"\nlabel = "forest"\n'
                                   '[[board.Alice]]\ncard = "Forest"\n'),
        ("bidi override in title", OK + 'title = "abc\\u202edef"\n'),
        # the file itself
        ("byte-order mark", b"\xef\xbb\xbf" + OK.encode()),
        ("UTF-16", "\ufeff" + OK),
        ("invalid UTF-8", b"\xff\xfe\x00garbage"),
        ("empty file", ""),
        ("1 MB file", OK + "# " + "x" * 1_000_000 + "\n"),
        ("30,000 nested arrays", OK + "choices = " + "[" * 30_000 + "]" * 30_000 + "\n"),
        ("dotted key of 30,000 parts", OK + ".".join(["a"] * 30_000) + " = 1\n"),
    ]:
        codes = (0,) if name in ("byte-order mark", "200 actions", "500 long answers", "order of 500 names") \
            else bad
        if name == "UTF-16":
            text = ("\ufeff" + OK).encode("utf-16")
        add(f"run: {name}", run, codes, scenario(text))
    add("run: a FIFO", run, bad, fifo("lesson.toml"))
    add("run: a link to a FIFO", run, bad, both(fifo("pipe"), link("lesson.toml", "{work}/pipe")))
    add("run: a folder", run, bad, folder("lesson.toml"))
    add("run: /dev/zero", ["run", "/dev/zero"], bad)
    add("run: /dev/stdin", ["run", "/dev/stdin"], bad)
    add("run: a missing file", run, bad)
    add("run: a loop of links", run, bad,
        both(link("lesson.toml", "{work}/loop"), link("loop", "{work}/lesson.toml")))
    add("run: a path too long", ["run", "x" * 300 + ".toml"], bad)
    add("run: a file name with ESC", ["run", "a\x1b[31mred.toml"], bad)
    # run by name, and its options: issue 22, item 12
    for name, code in [("07-protector-of-the-crown", 0), ("03-could-produce", 0), ("06-the-monarch", 0),
                       ("08-practice", 2), ("99-nope", 2), ("", 2), ("../../etc/passwd", 2)]:
        add(f"run by name: {name or 'empty'}", ["run", name], (code,))
    for option in ("--passes", "--all", "--no-setup"):
        add(f"run {option}", ["run", "06-the-monarch", option], (0,))
    plot = ["run", "07-protector", "--plot"]
    add("--plot out.exe", [*plot, "{work}/out.exe"], bad)
    add("--plot into a folder", [*plot, "{work}/plots"], (0,), folder("plots"), dests=("plots",),
        whole="plot")
    add("--plot without an extension", [*plot, "{work}/t"], (0,), dests=("t.png",), whole="plot")
    add("--plot .svg", [*plot, "{work}/t.svg"], (0,), dests=("t.svg",), whole="plot")
    add("--plot through a link to a file", [*plot, "{work}/t.png"], bad,
        link("t.png", "{outside}/precious.txt"))
    add("--plot through a dangling link", [*plot, "{work}/t.png"], bad, link("t.png", "{outside}/new.png"))
    add("--plot /dev/full", [*plot, "/dev/full"], bad, never=("/dev/full.png",))
    add("--plot in a missing folder", [*plot, "{work}/no/t.png"], bad)
    add("--plot empty", [*plot, ""], bad)
    # the process: issue 23, item 10
    add("run > /dev/full", ["run", "06-the-monarch"], (120,), stdout="full")
    add("run >&-", ["run", "06-the-monarch"], (120,), stdout="closed")
    add("run 2>&-", ["run", "06-the-monarch"], (0,), stderr="closed")
    add("run bad file 2>&- >&-", run, bad, stdout="closed", stderr="closed")
    add("run Ctrl-C", ["run", "{work}/lesson.toml"], (0, 2, 130), scenario(REFLECTIONS), sigint="3")
    add("cards > /dev/full", ["cards"], (120,), stdout="full")
    add("cards >&-", ["cards"], (120,), stdout="closed")
    add("--help >&-", ["--help"], (120,), stdout="closed")
    add("no command: the help", [], (0,), one_line=False)
    add("--version", ["--version"], (0,))
    add("unknown command", ["explode"], bad)
    add("unknown command, near miss", ["cours", "{work}/dest"], bad)
    add("unknown option", ["worksheet", "--nn", "3"], bad)
    add("30,000 arguments", ["worksheet", *["--n", "1"] * 15_000], bad)
    add("30,000 unknown flags", ["cards", *[f"--x{i}" for i in range(30_000)]], bad)
    add("an argument of 100,000 characters", ["run", "x" * 100_000], bad)
    # course: items 3-5
    course, teacher = ["course", "{work}/dest"], ["course", "{work}/dest", "--solutions"]
    d = {"dests": ("dest",)}
    add("course", course, (0,), whole="course", **d)
    add("course --solutions", teacher, (0,), whole="teacher", **d)
    add("course ''", ["course", ""], bad)
    add("course ' '", ["course", " "], bad)
    add("course name too long", ["course", "{work}/" + "x" * 300], bad)
    add("course into a file", course, bad, file("dest", "not a folder"))
    add("course into a dangling link", course, bad, link("dest", "{outside}/missing"))
    add("course into a link to a folder", course, (0,), both(folder("real"), link("dest", "{work}/real")),
        dests=("real",), whole="course")
    for force in ([], ["--force"]):
        f = " --force" if force else ""
        add(f"course, dangling link in DEST{f}", [*course, *force], bad,
            link("dest/00-start-here.ipynb", "../../outside/x.txt"), **d)
        add(f"course, link to a file outside{f}", [*course, *force], bad,
            link("dest/01-tap-and-untap.ipynb", "{outside}/precious.txt"), **d)
        add(f"course, solutions/ a link{f}", [*teacher, *force], bad, link("dest/solutions", "{outside}"),
            **d)
        add(f"course, a FIFO in DEST{f}", [*course, *force], bad, fifo("dest/02-undefined-mana.ipynb"), **d)
        add(f"course, a folder in DEST{f}", [*course, *force], bad, folder("dest/03-could-produce.ipynb"),
            **d)
    add("course over a learner's work", course, bad, course_in("dest", edit="01-tap-and-untap.ipynb"), **d)
    add("course over a learner's work --force", [*course, "--force"], (0,),
        course_in("dest", edit="01-tap-and-untap.ipynb"), whole="course", **d)
    add("course again", course, (0,), course_in("dest"), whole="course", **d)
    add("course, disk full (file size limit)", course, bad, fsize=300_000, whole="course", **d)
    add("course --solutions, disk full", teacher, bad, fsize=100_000, whole="teacher", **d)
    add("course, tiny tmpfs", ["course", "{work}/disk/c"], bad, tmpfs=700_000, dests=("disk/c",),
        whole="course")
    add("course Ctrl-C while writing", course, (0, 130), sigint="first file", whole="course", **d)
    add("course --solutions Ctrl-C while writing", teacher, (0, 130), sigint="first file", whole="teacher",
        **d)
    add("course > /dev/full", course, (120,), stdout="full", whole="course", **d)
    add("course >&-", course, (120,), stdout="closed", whole="course", **d)
    # assignments
    grading = ["assignments", "{work}/dest"]
    add("assignments", grading, (0,), whole="assignments", **d)
    add("assignments ''", ["assignments", ""], bad)
    add("assignments, source/ a link", grading, bad, link("dest/source", "{outside}"), **d)
    add("assignments, config a dangling link", grading, bad,
        link("dest/nbgrader_config.py", "{outside}/c.py"), **d)
    add("assignments, disk full", grading, bad, fsize=5_000, whole="assignments", **d)
    add("assignments Ctrl-C while writing", grading, (0, 130), sigint="first file", whole="assignments", **d)
    # worksheet --out
    sheet = ["worksheet", "--out", "{work}/dest", "--seed", "7", "--n", "3"]
    add("worksheet", sheet, (0,), whole="worksheet", **d)
    add("worksheet --out ''", ["worksheet", "--out", ""], bad)
    add("worksheet --n 0", [*sheet, "--n", "0"], bad)
    add("worksheet --n 10^6", [*sheet, "--n", "1000000"], bad)
    add("worksheet --seed of 4,000 digits", [*sheet, "--seed", "1" * 4000], bad)
    add("worksheet --seed -1", [*sheet, "--seed", "-1"], bad)
    add("worksheet --topic with ESC", [*sheet, "--topic", "\x1b[2J"], bad)
    add("worksheet --topic monarh", [*sheet, "--topic", "monarh"], bad)
    add("worksheet --topic Monarch", [*sheet, "--topic", "Monarch"], bad)
    add("worksheet --level medium", [*sheet, "--level", "medium"], bad)
    add("worksheet --topic with a newline", [*sheet, "--topic", "x\nFORGED line"], bad)
    add("worksheet capstones --n 50", [*sheet, "--topic", "capstones", "--n", "50"], bad)
    add("worksheet capstones --level hard", [*sheet, "--topic", "capstones", "--level", "hard"], bad)
    add("worksheet through a link", sheet, bad,
        link("dest/worksheet-could-produce-easy-seed7.md", "{outside}/precious.txt"), **d)
    add("worksheet into a file", sheet, bad, file("dest", "x"))
    add("worksheet > /dev/full", sheet, (120,), stdout="full", whole="worksheet", **d)
    # hub-link: issue 22, item 13
    hub = ["hub-link", "--repo", "https://github.com/me/c", "--hub"]
    add("hub-link from the address bar", [*hub, "https://hub.example.org/user/jane/lab"], (0,))
    add("hub-link with a token in it", [*hub, "https://hub.example.org/user/jane/lab?token=secret"], (0,))
    add("hub-link to a JupyterLab", [*hub, "https://hub.example.org/lab"], bad)
    add("hub-link with a password", [*hub, "https://jane:pw@hub.example.org"], bad)
    add("hub-link with ESC", [*hub, "https://hub.example.org/\x1b[2J"], bad)
    add("hub-link javascript:", [*hub, "javascript:alert(1)"], bad)
    add("hub-link --notebook 09-nope", [*hub, "https://hub.example.org", "--notebook", "09-nope"], bad)
    add("hub-link --folder ../etc", [*hub, "https://hub.example.org", "--folder", "../etc"], bad)
    add("hub-link's note hides a token", [*hub, "https://hub.example.org/user/jane/lab?token=s3cr3t#t0k"],
        (0,), secrets=("s3cr3t", "t0k"))
    add("hub-link's error hides a token", [*hub, "https://hub.example.org/lab?token=s3cr3t"], bad,
        secrets=("s3cr3t",))
    site = ["hub-link", "--hub", "https://hub.example.org", "--repo"]
    for repo in ("javascript:alert(1)", "data:,x", "ext::sh -c touch% /tmp/pwned", "ext::sh",
                 "--upload-pack=touch /tmp/pwned", "-u", "http://github.com/me/c", "git@github.com:me/c",
                 "file:///etc", "https://me:s3cr3t@github.com/me/c", "https::https://github.com/me/c"):
        add(f"hub-link --repo {repo}", [*site, repo], bad, secrets=("s3cr3t",))
        add(f"hub-link --repo={repo}", [*site[:-1], f"--repo={repo}"], bad, secrets=("s3cr3t",))
    for folder_name in ("~", "~/x", "-rf", "a/../b", "/etc", "$HOME", "a b"):
        add(f"hub-link --folder {folder_name}", [*site, "https://github.com/me/c", "--folder", folder_name],
            bad)
    add("hub-link --branch --upload-pack", [*site, "https://github.com/me/c", "--branch=--upload-pack=x"],
        bad)
    _newline_and_signal_cases(add, course, teacher, grading, d)
    return c


def _newline_and_signal_cases(add: Callable[..., None], course: list[str], teacher: list[str],
                              grading: list[str], d: dict[str, Any]) -> None:
    """Issue 32's cases: a newline in a path, and SIGTERM or SIGHUP while a command writes."""
    bad = (2,)
    # a newline in a path (issue 32, item 2): escaped wherever it is echoed
    nl = "nl\nFORGED line"
    add("course into a name with a newline", ["course", "{work}/" + nl], (0,), dests=(nl,), whole="course")
    add("assignments into a name with a newline", ["assignments", "{work}/" + nl], (0,), dests=(nl,),
        whole="assignments")
    add("worksheet --out a name with a newline",
        ["worksheet", "--out", "{work}/" + nl, "--seed", "7", "--n", "3"], (0,), dests=(nl,),
        whole="worksheet")
    add("run --plot a name with a newline", ["run", "07-protector", "--plot", "{work}/" + nl + ".png"], (0,),
        dests=(nl + ".png",), whole="plot")
    add("run a missing file with a newline", ["run", "{work}/" + nl + ".toml"], bad)
    add("course over a file with a newline", ["course", "{work}/" + nl], bad, file(nl, "x"))
    add("python -m mtgkit.course, a newline", ["{work}/" + nl], bad, module="mtgkit.course")
    # SIGTERM and SIGHUP (issue 32, item 3): handled as Ctrl-C is, each file whole or absent
    for signum, code in ((signal.SIGTERM, 143), (signal.SIGHUP, 129)):
        name = signal.Signals(signum).name
        add(f"course --solutions {name} while writing", teacher, (0, code), sigint="first file",
            signum=signum, whole="teacher", **d)
        add(f"course {name} while writing", course, (0, code), sigint="first file", signum=signum,
            whole="course", **d)
        add(f"assignments {name} while writing", grading, (0, code), sigint="first file", signum=signum,
            whole="assignments", **d)
        add(f"run {name}", ["run", "{work}/lesson.toml"], (0, 2, code), scenario(REFLECTIONS), sigint="3",
            signum=signum)


# ------------------------------------------------------------------ running and checking
def snapshot(root: Path, skip: tuple[Path, ...]) -> dict[str, str]:
    """Every path under ``root`` except under ``skip``: a file's hash, a link's target, a folder."""
    out: dict[str, str] = {}
    for here, dirs, names in os.walk(root):
        for name in [*dirs, *names]:
            path = Path(here) / name
            if any(path == s or s in path.parents for s in skip):
                continue
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                out[str(path)] = "link -> " + os.readlink(path)
            elif stat.S_ISREG(st.st_mode):
                out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[str(path)] = "dir" if stat.S_ISDIR(st.st_mode) else "special"
    return out


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not p.is_symlink()}


_REFERENCES: dict[str, dict[str, bytes]] = {}
_LOCK = threading.Lock()


def reference(kind: str) -> dict[str, bytes]:
    """What a clean run writes, by relative path (every kind but plot)."""
    with _LOCK:
        if kind not in _REFERENCES:
            from mtgkit.assignments import write_assignments
            from mtgkit.course import write_course
            from mtgkit.practice import render_worksheet, worksheet

            with tempfile.TemporaryDirectory() as tmp:
                dest = Path(tmp) / "ref"
                if kind == "course":
                    write_course(dest)
                elif kind == "teacher":
                    write_course(dest, solutions=True)
                elif kind == "assignments":
                    write_assignments(dest)
                else:
                    qs = worksheet("could-produce", "easy", 3, 7)
                    dest.mkdir()
                    stem = "worksheet-could-produce-easy-seed7"
                    (dest / f"{stem}.md").write_text(render_worksheet(qs))
                    (dest / f"{stem}-key.md").write_text(render_worksheet(qs, key=True))
                _REFERENCES[kind] = _files(dest)
        return _REFERENCES[kind]


def _whole_plot(data: bytes, name: str) -> bool:
    if name.endswith(".png"):
        return data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82")
    if name.endswith(".svg"):
        return data.rstrip().endswith(b"</svg>")
    return False


def _limits(case: Case) -> Callable[[], None]:
    def preexec() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MAX_BYTES, MAX_BYTES))
        resource.setrlimit(resource.RLIMIT_CPU, (int(MAX_SECONDS) + 5, int(MAX_SECONDS) + 5))
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # as in a terminal, whatever ran
            signal.signal(signum, signal.SIG_DFL)  # the sweep
        if case.fsize:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails with EFBIG instead
            resource.setrlimit(resource.RLIMIT_FSIZE, (case.fsize, case.fsize))
        if case.stdout == "closed":
            os.close(1)
        if case.stderr == "closed":
            os.close(2)
    return preexec


def run_case(case: Case, base: Path) -> Result:
    result = Result(case)
    root = Path(tempfile.mkdtemp(prefix="case-", dir=base))
    work, outside = root / "work", root / "outside"
    work.mkdir()
    outside.mkdir()
    (outside / "precious.txt").write_text("keep me")
    mounted = False
    try:
        if case.tmpfs:
            (work / "disk").mkdir()
            mount = ["mount", "-t", "tmpfs", "-o", f"size={case.tmpfs}", "tmpfs", str(work / "disk")]
            if os.geteuid() != 0 or subprocess.run(mount, capture_output=True).returncode:
                result.skipped = "can't mount a tmpfs here (needs root)"
                return result
            mounted = True
        if case.setup:
            case.setup(work, outside)
        dests = tuple(work / d for d in case.dests)
        before, dest_before = snapshot(root, dests), {d: _files(d) if d.is_dir() else {} for d in dests}
        argv = [a.format(work=work, outside=outside) for a in case.argv]
        stdout_file = open("/dev/full", "wb") if case.stdout == "full" else None  # noqa: SIM115
        start = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", case.module, *argv], cwd=work,
                                stdin=subprocess.DEVNULL,
                                stdout=stdout_file or (subprocess.PIPE if case.stdout == "pipe" else None),
                                stderr=subprocess.PIPE if case.stderr == "pipe" else None,
                                preexec_fn=_limits(case), env={**os.environ, "PYTHONFAULTHANDLER": ""})
        if stdout_file:
            stdout_file.close()
        out: dict[str, bytes] = {}
        readers = [threading.Thread(target=lambda n=n, s=s: out.__setitem__(n, s.read()))
                   for n, s in (("out", proc.stdout), ("err", proc.stderr)) if s is not None]
        for r in readers:
            r.start()
        watchdog = threading.Timer(MAX_SECONDS, proc.kill)
        watchdog.start()
        if case.sigint:
            _interrupt(proc, case.sigint, dests, case.signum)
        _, status, usage = os.wait4(proc.pid, 0)
        watchdog.cancel()
        code = os.waitstatus_to_exitcode(status)
        # as a shell reports it: a process ended by a signal exits 128 + its number (a Ctrl-C that
        # lands while Python is shutting down ends it by SIGINT: 130, like the handled one)
        proc.returncode = result.code = code if code >= 0 else 128 - code
        result.seconds = time.monotonic() - start
        result.peak = usage.ru_maxrss * 1024
        for r in readers:
            r.join()
        stdout, stderr = (out.get(name, b"").decode("utf-8", "replace") for name in ("out", "err"))
        _check(result, stdout, stderr)
        after = snapshot(root, dests)
        for path in sorted(set(before) | set(after)):
            if before.get(path) != after.get(path):
                result.problems.append(f"changed outside DEST: {path} "
                                       f"({before.get(path)} -> {after.get(path)})")
        for d in dests:
            _check_whole(result, d, dest_before[d])
        for path in case.never:
            if os.path.lexists(path):
                result.problems.append(f"written outside DEST: {path}")
    finally:
        if mounted:
            subprocess.run(["umount", str(work / "disk")], check=False)
        shutil.rmtree(root, ignore_errors=True)
    return result


def _running(proc: subprocess.Popen[bytes]) -> bool:
    """Whether the child is still running, without reaping it (``proc.poll()`` would, and the
    caller's ``os.wait4`` then finds no child to measure)."""
    return os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None


def _interrupt(proc: subprocess.Popen[bytes], when: str, dests: tuple[Path, ...], signum: int) -> None:
    """A signal (Ctrl-C's unless said) after ``when`` seconds, or as soon as DEST gets its first
    entry."""
    deadline = time.monotonic() + (float(when) if when != "first file" else 10.0)
    while _running(proc) and time.monotonic() < deadline:
        if when == "first file" and any(d.is_dir() and any(d.iterdir()) for d in dests):
            break
        time.sleep(0.002)
    if _running(proc):
        proc.send_signal(signum)


def _check(result: Result, stdout: str, stderr: str) -> None:
    case = result.case
    if result.code not in case.codes:
        result.problems.append(f"exit {result.code}, expected {' or '.join(map(str, case.codes))}: "
                               f"{stderr.strip()[:300]!r}")
    if "Traceback" in stderr or "Exception ignored" in stderr:
        result.problems.append(f"a traceback: {stderr[-500:]!r}")
    if case.one_line and stderr.count("\n") > 1:
        result.problems.append(f"{stderr.count(chr(10))} lines on stderr: {stderr[:300]!r}")
    for name, text in (("stdout", stdout), ("stderr", stderr)):
        bad = sorted({ch for ch in text if ch != "\n" and not ch.isprintable()})
        if bad:
            result.problems.append(f"control characters on {name}: {bad!r}")
        if any(line.startswith("FORGED") for line in text.splitlines()):
            result.problems.append(f"a forged line on {name}: {text[:300]!r}")
        for secret in case.secrets:
            if secret in text:
                result.problems.append(f"{secret!r} printed on {name}")
    if result.seconds > MAX_SECONDS:
        result.problems.append(f"took {result.seconds:.1f} s")
    if result.peak > MAX_BYTES:
        result.problems.append(f"used {result.peak / 1e6:.0f} MB")


def _check_whole(result: Result, dest: Path, before: dict[str, bytes]) -> None:
    """Every file in DEST: there before and unchanged, or whole; no temporary file left."""
    if not dest.is_dir():
        return
    expected = reference(result.case.whole) if result.case.whole not in (None, "plot") else {}
    for name, data in _files(dest).items():
        if Path(name).name.startswith(".") and name.endswith(".tmp"):
            result.problems.append(f"a temporary file left: {name}")
        elif before.get(name) == data:
            continue
        elif result.case.whole == "plot":
            if not _whole_plot(data, name):
                result.problems.append(f"not a whole plot: {name}")
        elif expected.get(name) != data:
            result.problems.append(f"a partial or unexpected file in DEST: {name} ({len(data):,} bytes)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("-j", type=int, default=2, help="cases run at once (default 2)")
    parser.add_argument("-k", default="", help="only the cases whose name holds this")
    parser.add_argument("-v", action="store_true", help="a line for every case")
    args = parser.parse_args(argv)
    chosen = [c for c in cases() if args.k in c.name]
    with tempfile.TemporaryDirectory(prefix="mtgkit-sweep-") as base, ThreadPoolExecutor(args.j) as pool:
        results = list(pool.map(lambda c: run_case(c, Path(base)), chosen))
    failed = [r for r in results if r.problems]
    ran = [r for r in results if not r.skipped]
    for r in results:
        if r.problems or args.v:
            status = "SKIP " + r.skipped if r.skipped else "FAIL" if r.problems else "ok"
            print(f"{status:4}  exit {r.code!s:>4}  {r.seconds:5.2f} s  {r.peak / 1e6:5.0f} MB  "
                  f"{r.case.name}")
            for p in r.problems:
                print(f"        {p}")
    slowest = max(ran, key=lambda r: r.seconds)
    biggest = max(ran, key=lambda r: r.peak)
    codes: dict[int | None, int] = {}
    for r in ran:
        codes[r.code] = codes.get(r.code, 0) + 1
    exits = ", ".join(f"{code}: {n}" for code, n in sorted(codes.items(), key=lambda kv: str(kv[0])))
    passed = len(ran) - len(failed)
    print(f"{len(ran)} cases run ({len(results) - len(ran)} skipped): {passed} passed, {len(failed)} failed; "
          f"exit codes {{{exits}}}; slowest {slowest.seconds:.1f} s ({slowest.case.name}), most memory "
          f"{biggest.peak / 1e6:.0f} MB ({biggest.case.name}); limits {MAX_SECONDS:.0f} s and "
          f"{MAX_BYTES / 1024**3:.0f} GiB")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
