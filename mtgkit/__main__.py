"""The command line: ``mtgkit run FILE``, ``cards``, ``check PATH...``, ``worksheet``, ``course``,
``assignments``, ``site``, ``hub-link``.

Bad input gets one error line naming the file, the place and what was expected, and exit
code 2; never a traceback. Anything that came from a file or the command line is escaped
before it is printed (:func:`mtgkit.safetext.shown`). Files are written as
:func:`mtgkit.files.write_files` writes them: inside the folder named, never through a link,
each one whole or absent.

Bare ``mtgkit`` prints the help; ``mtgkit --version`` the version. A mistake in the arguments
is one line naming the argument, with "did you mean" for a near miss (``--topic monarh``); more
than :data:`mtgkit.limits.MAX_ARGS` arguments are refused before they are parsed.

Exit codes: 0 done; 1 ``mtgkit check`` found a problem in a file it checked; 2 bad input, or a
file that can't be read or written (one line on stderr);
120 the output can't be written (stdout closed, or a full disk behind it: one line on stderr,
as Python itself exits 120 when it can't flush stdout); 130 interrupted by Ctrl-C (128 + SIGINT;
one line, saying which files were written if it was writing); 143 and 129 stopped by SIGTERM or
SIGHUP, handled as Ctrl-C is (128 + the signal's number; a SIGHUP ignored when the command
started, as under ``nohup``, stays ignored); 141 the reader of the output went away (``mtgkit
cards | head``; 128 + SIGPIPE, quietly). A console that can't show a symbol (``♛``, ``—``) gets
a plain stand-in.
"""

from __future__ import annotations

import argparse
import codecs
import difflib
import os
import re
import signal
import sys
import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from . import limits
from .events import Event
from .safetext import shown

#: Plain stand-ins for the symbols the kit prints, for consoles that can't encode them.
_PLAIN = {"♛": "(crown)", "—": "-", "–": "-", "→": "->", "←": "<-", "✓": "ok", "✗": "x", "·": "-",
          "…": "...", "’": "'", "“": '"', "”": '"', "×": "x"}
_ERRORS = "mtgkit-plain"
#: Exit codes (see the module's notes).
BAD_INPUT, OUTPUT_FAILED, INTERRUPTED, PIPE_CLOSED = 2, 120, 130, 141
#: The formats ``run --plot`` saves, by file extension.
PLOT_FORMATS = ("png", "svg", "pdf", "jpg", "jpeg")


def _plain(err: UnicodeError) -> tuple[str, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    bad = err.object[err.start:err.end]
    return "".join(_PLAIN.get(ch, "?") for ch in bad), err.end


codecs.register_error(_ERRORS, _plain)


def _console() -> None:
    """Let stdout and stderr print any text: what the console can't encode gets a stand-in."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=_ERRORS)
            except (ValueError, OSError):  # a stream that can't be reconfigured keeps its errors
                pass


class CLIError(Exception):
    """Bad input to a command: one line, exit 2."""


class _OutputFailed(Exception):
    """stdout can't be written (closed, or a full disk behind it)."""


class _Stdout:
    """sys.stdout while a command runs: a write that fails (other than a closed pipe, which
    has its own exit code) becomes :class:`_OutputFailed`; a closed stdout fails at the first write."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        if self.stream is None:
            raise _OutputFailed("stdout is closed")
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as err:
            raise _OutputFailed(err.strerror or str(err)) from None

    def flush(self) -> None:
        if self.stream is None:
            return
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as err:
            raise _OutputFailed(err.strerror or str(err)) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _stderr(line: str) -> None:
    """One line on stderr (escaped: it may quote a file); nothing if stderr is gone."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(shown(line) + "\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass


def error(message: str) -> None:
    _stderr("error: " + message)


def _show(text: str) -> None:
    """Print text that holds names and values from a file, escaped line by line. A path or any
    other value from the command line goes in through :func:`_q` first, so its own newlines
    are escaped too."""
    print(shown(text, lines=True))


def _q(value: object) -> str:
    """A path or a value from the command line, ready to put in a line: every control or
    invisible character escaped, newlines too (``nl\\nFORGED`` stays on its line)."""
    return shown(str(value))


# ------------------------------------------------------------------ run
def _scenario_path(name: str) -> tuple[Path, str]:
    """A scenario file by path, or a worked example by its name (``06-the-monarch``) or by its
    notebook's name (``07-protector-of-the-crown``); and a note for a notebook with several."""
    from .course import NOTEBOOKS
    from .scenario import EXAMPLES, example

    if os.sep in name or "/" in name or name.endswith(".toml") or os.path.lexists(name) or not name:
        return Path(name), ""
    examples = sorted(p.stem for p in EXAMPLES.glob("*.toml"))
    if name in examples:
        return example(name), ""
    notebooks = [stem for stem, _ in NOTEBOOKS]
    if name in notebooks:
        mine = [e for e in examples if e[:3] == name[:3]]
        if mine:
            note = (f"notebook {name} has {len(mine)} worked examples: this is {mine[0]}; also "
                    + ", ".join(f"mtgkit run {e}" for e in mine[1:])) if len(mine) > 1 else ""
            return example(mine[0]), note
        raise CLIError(f"{name}: file: notebook {name} has no worked example (it generates its "
                       f"questions); the worked examples: {', '.join(examples)}")
    with_examples = [n for n in notebooks if any(e[:3] == n[:3] for e in examples)]
    raise CLIError(f"{name}: file: a scenario file, or the name of a worked example ({', '.join(examples)}) "
                   f"or of its notebook ({', '.join(with_examples)})")


def _plot_path(arg: str, stem: str) -> Path:
    """Where ``--plot`` saves, checked before anything is played: a file with one of
    PLOT_FORMATS' extensions (none: ``.png`` is added) in an existing folder; a folder gets
    ``<scenario>.png`` inside it."""
    import importlib.util

    if not arg.strip():
        raise CLIError(f"{arg!r}: --plot: a file name such as timeline.png")
    path = Path(arg)
    if path.is_dir():
        path = path / f"{stem}.png"
    elif not path.suffix and os.path.lexists(path):  # /dev/full: not /dev/full.png behind the user's back
        raise CLIError(f"{arg}: --plot: a new file name, or one ending in "
                       f"{', '.join('.' + f for f in PLOT_FORMATS)} ({arg} exists and has no extension)")
    elif not path.suffix:
        path = path.with_name(path.name + ".png")
    ext = path.suffix.lower().lstrip(".")
    if ext not in PLOT_FORMATS:
        raise CLIError(f"{arg}: --plot: a file ending in {', '.join('.' + f for f in PLOT_FORMATS)} "
                       f"(not .{ext})")
    if not path.parent.is_dir():
        raise CLIError(f"{arg}: --plot: a file in a folder that exists ({path.parent} doesn't)")
    if path.is_symlink():
        raise CLIError(f"{path}: --plot: is a symbolic link; mtgkit never writes through a link")
    if importlib.util.find_spec("matplotlib") is None:
        raise CLIError(f"{arg}: the plot needs matplotlib: pip install 'mtgkit[kernel]'")
    return path


def _save_plot(scenario: Any, path: Path) -> None:
    import io

    import matplotlib

    matplotlib.use("Agg")
    from .files import write_files
    from .plot import plot_timeline

    fig = plot_timeline(scenario.game, arrows=True, title=scenario.title)
    buffer = io.BytesIO()
    fig.savefig(buffer, format=path.suffix.lower().lstrip("."))
    write_files(path.parent, {path: buffer.getvalue()}, force=True, what="the plot", error=CLIError)


_HIDDEN_KINDS = ("players", "turn", "step")
_COLUMNS = ("seq", "turn", "step", "player", "kind", "text", "rules", "cause")
_NUMERIC = {"seq", "turn", "cause"}
_TEXT_WIDTH = 90


def _table(rows: Sequence[Sequence[str]]) -> str:
    """Rows as aligned columns: numbers to the right, text to the left."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = []
    for row in rows:
        cells = [cell.rjust(w) if col in _NUMERIC else cell.ljust(w)
                 for col, cell, w in zip(_COLUMNS, row, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _timeline_text(events: Sequence[Event], *, include_setup: bool, everything: bool,
                   passes: bool = False) -> str:
    """The timeline's columns (see mtgkit.timeline) as plain text, so `run` needs no pandas.
    Priority passes are left out unless ``passes`` (or ``everything``), and a last line says
    how many were."""
    rows: list[Sequence[str]] = [_COLUMNS]
    hidden_passes = 0
    for e in events:
        if (e.kind == "setup" and not include_setup) or (e.kind in _HIDDEN_KINDS and not everything):
            continue
        if e.kind == "pass" and not (passes or everything):
            hidden_passes += 1
            continue
        text = e.text if len(e.text) <= _TEXT_WIDTH else e.text[:_TEXT_WIDTH - 3] + "..."
        rows.append((str(e.seq), str(e.turn), e.step, e.player or "", e.kind, text, ", ".join(e.rules),
                     "" if e.cause is None else str(e.cause)))
    table = _table(rows)
    if hidden_passes:
        table += f"\n({hidden_passes} priority passes not shown; --passes shows them)"
    return table


def _run(args: argparse.Namespace) -> int:
    from .scenario import ScenarioError, load_scenario

    path, note = _scenario_path(args.file)
    plot = _plot_path(args.plot, path.stem) if args.plot is not None else None
    try:
        scenario = load_scenario(path)
    except ScenarioError as err:
        raise CLIError(str(err)) from None
    _show(f"# {scenario.title}")
    if scenario.description:
        _show(textwrap.fill(scenario.description, 100))
    _show(_timeline_text(scenario.game.events, include_setup=not args.no_setup, everything=args.all,
                         passes=args.passes))
    print()
    _show(scenario.game.board().describe())
    if scenario.checked:
        _show(f"\n[expect] checked, all {len(scenario.checked)} met: " + "; ".join(scenario.checked))
    if note:
        _show(f"\n({note})")
    if plot is not None:
        _save_plot(scenario, plot)
        _show(f"\nplot saved to {_q(plot)}")
    return 0


# ------------------------------------------------------------------ the other commands
def _check(args: argparse.Namespace) -> int:
    from .checking import UsageError, check_paths

    try:
        report = check_paths(args.paths)
    except UsageError as err:
        raise CLIError(str(err)) from None
    for line in report.lines():
        print(shown(line))
    return 1 if report.problems else 0


def _cards(args: argparse.Namespace) -> int:
    from .cards import CATALOG

    for name, card in sorted(CATALOG.items()):
        if name == "Library Card":
            continue
        cost = f" {card.cost}" if card.cost else ""
        pt = f" {card.power}/{card.toughness}" if card.power is not None else ""
        print(f"{name}{cost} — {card.type_line}{pt}")
        if card.text:
            print(textwrap.indent(textwrap.fill(card.text, 96), "    "))
    return 0


def _choice(option: str, value: str, allowed: Sequence[str]) -> str:
    """``value`` if it is one of ``allowed``; else a one-line error with the closest."""
    if value in allowed:
        return value
    close = [a for a in allowed if a.casefold() == value.casefold()] or \
        difflib.get_close_matches(value.casefold(), allowed, n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise CLIError(f"{option} {value!r}: one of {', '.join(allowed)}{hint}")


def _number(option: str, value: int, low: int, high: int, why: str = "") -> int:
    if not low <= value <= high:
        shown_value = f"{value}" if abs(value) < 10**15 else f"a number of {len(str(abs(value))):,} digits"
        raise CLIError(f"{option} {shown_value}: a whole number from {low:,} to {high:,}{why}")
    return value


def _worksheet_questions(args: argparse.Namespace) -> tuple[list[Any], str, str, str, int]:
    """The questions a ``worksheet`` command asks for, the stream's name, the files' stem, the
    level and how many were asked (for the message)."""
    from . import capstones
    from .practice import CAPSTONES, LEVELS, STREAMS, worksheet

    seed = _number("--seed", args.seed, 0, limits.MAX_SEED)
    if args.folder is not None:
        return _folder_questions(args, seed)
    topic = _choice("--topic", "could-produce" if args.topic is None else args.topic, STREAMS)
    if topic == CAPSTONES:
        # the capstones are one hand-written set, each at its own level: --level would choose
        # nothing, and there are only so many of them
        if args.level is not None:
            raise CLIError(f"--level {args.level!r}: the capstones have no level to choose (each is "
                           "written at its own); leave --level out")
        total = len(capstones.load())
        n = _number("--n", 10 if args.n is None else args.n, 1, total, f" (there are {total} capstones)")
        level = "hard"
    else:
        level = _choice("--level", "easy" if args.level is None else args.level, LEVELS)
        n = _number("--n", 10 if args.n is None else args.n, 1, limits.MAX_QUESTIONS)
    qs = worksheet(topic, level, n, seed)
    if topic == CAPSTONES:  # each at its own level, as the data says
        qs = [_own_level(q) for q in qs]
    stem = f"worksheet-{topic}-seed{seed}" if topic == CAPSTONES else f"worksheet-{topic}-{level}-seed{seed}"
    return qs, topic, stem, level, n


def _own_level(q: Any) -> Any:
    """A hand-written question at the level its file gives."""
    return q.replace(level="easy" if getattr(q.situation, "level", "hard") == "easy" else "hard")


def _folder_questions(args: argparse.Namespace, seed: int) -> tuple[list[Any], str, str, str, int]:
    """``--from DIR``: a teacher's question set (every question file under DIR, checked by the
    engine; a refused folder or file is one line, exit 2), each at its own level."""
    import itertools

    from .capstones import CapstoneError, load_folder
    from .errors import RulesError
    from .practice import hand_written, set_name
    from .teacherfiles import UsageError

    if args.topic is not None:
        raise CLIError(f"--topic {args.topic!r} and --from: choose one (--from DIR asks the question files "
                       "in DIR)")
    if args.level is not None:
        raise CLIError(f"--level {args.level!r}: a teacher's questions have no level to choose (each is "
                       "written at its own); leave --level out")
    try:
        caps = load_folder(args.folder, seed)
    except (UsageError, CapstoneError) as err:
        raise CLIError(str(err)) from None
    most = min(len(caps), limits.MAX_QUESTIONS)
    n = _number("--n", most if args.n is None else args.n, 1, most,
                f" (there are {len(caps)} questions in {args.folder})")
    name = set_name(args.folder)
    try:
        qs = [_own_level(q) for q in itertools.islice(hand_written(caps, name, "hard", seed), n)]
    except (RulesError, ValueError) as err:
        raise CLIError(f"{args.folder}: a question can't be asked ({err}); mtgkit check {args.folder} "
                       "says which") from None
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "questions"
    return qs, name, f"worksheet-{slug}-seed{seed}", "hard", n


def _worksheet(args: argparse.Namespace) -> int:
    from .files import write_files
    from .practice import as_json, render_worksheet

    qs, topic, stem, level, n = _worksheet_questions(args)
    out = Path(args.out)
    files: dict[Path, str | bytes]
    if args.format == "json":
        files = {out / f"{stem}.json": as_json(qs)}
    elif args.format == "markdown":
        files = {out / f"{stem}.md": render_worksheet(qs),
                 out / f"{stem}-key.md": render_worksheet(qs, key=True)}
    else:
        from .export import SUFFIXES, export
        files = {out / f"{stem}{SUFFIXES[args.format]}": export(qs, args.format)}
    write_files(args.out, files, force=True, what="the worksheet", error=CLIError)
    fewer = (f"; {topic} at {level} ran out of new boards after {len(qs)} of the {n} asked"
             if len(qs) < n else "")
    _show(f"wrote {' and '.join(_q(f) for f in files)} ({len(qs)} questions{fewer})")
    return 0


def _course(args: argparse.Namespace) -> int:
    from .course import CourseError, write_course

    try:
        written = write_course(args.dest, solutions=args.solutions, force=args.force)
    except CourseError as err:
        raise CLIError(str(err)) from None
    notebooks = sum(1 for p in written if p.suffix == ".ipynb")
    what = (f"the teacher copy ({notebooks} notebooks and {len(written) - notebooks} solutions)"
            if args.solutions else f"the student copy ({notebooks} notebooks, no solutions)")
    _show(f"wrote {what} to {_q(args.dest)}\nopen {_q(Path(args.dest) / '00-start-here.ipynb')} in Jupyter "
          f"(or run: python -m mtgkit.course {_q(args.dest)})")
    return 0


def _assignments(args: argparse.Namespace) -> int:
    from .assignments import AssignmentError, write_assignments

    if args.folder is not None:
        return _set_assignment(args)
    if args.name is not None or args.n is not None or args.seed is not None:
        raise CLIError("--name, --n and --seed go with --from DIR (an assignment of your own questions)")
    try:
        written = write_assignments(args.dest, force=args.force)
    except AssignmentError as err:
        raise CLIError(str(err)) from None
    names = [p.parent.name for p in written if p.suffix == ".ipynb"]
    _show(f"wrote an nbgrader course to {_q(args.dest)}: {len(names)} assignments in source/ "
          f"({', '.join(names)}) and nbgrader_config.py\n"
          f"next: cd {_q(args.dest)} && nbgrader generate_assignment {names[0]}")
    return 0


def _set_assignment(args: argparse.Namespace) -> int:
    """``assignments DEST --from DIR``: an nbgrader assignment of a teacher's question set."""
    from .assignments import AssignmentError, write_question_set_assignment
    from .capstones import CapstoneError
    from .teacherfiles import UsageError

    seed = _number("--seed", 0 if args.seed is None else args.seed, 0, limits.MAX_SEED)
    if args.n is not None:
        _number("--n", args.n, 1, limits.MAX_QUESTIONS)
    try:
        written = write_question_set_assignment(args.dest, args.folder, name=args.name, seed=seed, n=args.n,
                                                force=args.force)
    except (AssignmentError, CapstoneError, UsageError) as err:
        raise CLIError(str(err)) from None
    [notebook] = [p for p in written if p.suffix == ".ipynb"]
    name = notebook.parent.name
    _show(f"wrote an nbgrader course to {_q(args.dest)}: the assignment {name} in source/{name}/ "
          f"({sum(p.suffix == '.toml' for p in written)} question files beside its notebook) and "
          f"nbgrader_config.py\nnext: cd {_q(args.dest)} && nbgrader generate_assignment {name}")
    return 0


def _site(args: argparse.Namespace) -> int:
    from .capstones import CapstoneError
    from .site import write_site
    from .teacherfiles import UsageError

    seed = _number("--seed", args.seed, 0, limits.MAX_SEED)
    try:
        written = write_site(args.folders, args.out, seed=seed, force=args.force)
    except (UsageError, CapstoneError, ValueError) as err:
        raise CLIError(str(err)) from None
    index = next(p for p in written if p.name == "index.html")
    _show(f"wrote {len(written) - 1} question set page{'s' if len(written) != 2 else ''} and "
          f"{_q(index)} (open it in a browser; it works from the files)")
    return 0


def _hub_link(args: argparse.Namespace) -> int:
    from .course import hub_address, hub_link, without_secrets

    try:
        link = hub_link(args.hub, args.repo, branch=args.branch, folder=args.folder, notebook=args.notebook)
        base = hub_address(args.hub)
    except ValueError as err:
        raise CLIError(str(err)) from None
    if base != args.hub.rstrip("/"):
        pasted = without_secrets(args.hub)
        left_out = " (its ?query and #fragment left out: they may hold a token)" if pasted != args.hub else ""
        _stderr(f"note: --hub: using {base}, the hub's address in {pasted}{left_out}")
    print(link)
    return 0


class _Help(argparse.HelpFormatter):
    """argparse's help, with each option's default (when it has one worth saying)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if action.option_strings and action.default is not None and action.default is not False \
                and action.default != argparse.SUPPRESS and "default" not in text:
            text += " (default: %(default)s)"
        return text


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes are one line (a :class:`CLIError`), with "did you
    mean" for a command or an option that is nearly right."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> Any:  # argparse's signature says NoReturn
        message = re.sub(r"'([^']{40})[^']{20,}'", r"'\1...'", message)  # a long value, cut
        raise CLIError(f"{self.prog}: {_suggest(self, message)} ({self.prog} --help lists them)")


def _suggest(parser: argparse.ArgumentParser, message: str) -> str:
    known: list[str] = []
    parsers = [parser]
    while parsers:
        for action in parsers.pop()._actions:
            known += action.option_strings
            if isinstance(action, argparse._SubParsersAction):
                known += list(action.choices)
                parsers += action.choices.values()
    wrong = re.search(r"invalid choice: '([^']*)'", message) or \
        re.search(r"unrecognized arguments: (\S+)", message)
    if wrong:
        close = difflib.get_close_matches(wrong.group(1).split("=", 1)[0], known, n=1, cutoff=0.6)
        if close:
            return f"{message} (did you mean {close[0]}?)"
    return message


def _version() -> str:
    """The installed package's version (the package's ``__version__`` reads the same metadata;
    modules inside the package don't import the package itself)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mtgkit")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mtgkit",
                     description="mtgkit: a Jupyter teaching kit for tricky Magic: The Gathering rules. "
                                 "Play a scenario, write the course, worksheets or nbgrader assignments, "
                                 "or make a JupyterHub link.",
                     epilog="`mtgkit COMMAND --help` says more about each command.")
    parser.add_argument("--version", action="version", version=f"mtgkit {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", title="commands")
    run = sub.add_parser("run", help="play a scenario file (or a worked example by name) and print "
                                     "its timeline")
    run.add_argument("file", help="a scenario .toml file, or a worked example's name such as "
                                  "06-the-monarch (or its notebook's, such as 07-protector-of-the-crown)")
    run.add_argument("--plot", metavar="FILE.png", help="also save the timeline plot (needs mtgkit[kernel]): "
                                                        f"{', '.join('.' + f for f in PLOT_FORMATS)}")
    run.add_argument("--passes", action="store_true", help="include priority passes")
    run.add_argument("--all", action="store_true", help="include every event: turns, steps and passes")
    run.add_argument("--no-setup", action="store_true", help="leave out setup events")
    run.set_defaults(func=_run)
    cards = sub.add_parser("cards", help="list the card catalog with each card's text")
    cards.set_defaults(func=_cards)
    chk = sub.add_parser(
        "check", help="check teachers' card and question files (for CI): one line per problem, exit 1 if any",
        description="Check card files ([[card]] tables) and question files (the capstone format: steps, "
                    "question, options), each problem on one line FILE:LINE: what. Checked: valid TOML "
                    "within the file limits; unknown keys and unknown cards (with the near name); card files "
                    "as the kit reads them; a step the engine refuses (with its rule); no option or more "
                    "than one marked right; two options with the same text; a right option whose claims "
                    "fail in an outcome; a wrong option whose claims all hold; a wrong option its "
                    "misconception, played as a rule variant, doesn't produce (a misconception that is a "
                    "misreading, not a variant, gets a note). Nothing is written.",
        epilog="Exit codes: 0 no problems; 1 a problem in a file; 2 a usage error (a missing path, more "
               f"than {limits.MAX_CHECK_FILES} files).")
    chk.add_argument("paths", nargs="+", metavar="PATH",
                     help="a card or question file, or a folder (every *.toml inside, symlinks not followed)")
    chk.set_defaults(func=_check)
    ws = sub.add_parser("worksheet", help="write a practice worksheet and its answer key (markdown), or the "
                                          "questions for Moodle or Canvas")
    ws.add_argument("--topic", default=None,
                    help="could-produce, tapping, x-values, tap-untap, monarch, mixed (every topic, "
                         "with questions that cross two), or capstones (the "
                         "hand-written judge-style questions) (default: could-produce)")
    ws.add_argument("--from", dest="folder", metavar="DIR", default=None,
                    help="instead of --topic: your own questions, every question file (the capstone "
                         "format) under DIR, each checked by the engine first; card files there are "
                         f"skipped; at most {limits.MAX_CHECK_FILES} files. A missing folder, or a file "
                         "with a problem, is one line and exit 2 (mtgkit check DIR lists every problem)")
    ws.add_argument("--level", default=None,
                    help="easy or hard (default: easy; the capstones and your own questions have no "
                         "level: each is written at its own, so --level is refused with them)")
    ws.add_argument("--n", type=int, default=None,
                    help=f"number of questions, 1 to {limits.MAX_QUESTIONS} (default: 10); with --topic "
                         "capstones, at most the number of capstones: asking for more is refused; with "
                         "--from, at most the number of questions in DIR, and all of them if --n is left out")
    ws.add_argument("--seed", type=int, default=0,
                    help=f"the same seed gives the same worksheet (0 to {limits.MAX_SEED:,})")
    ws.add_argument("--out", default=".", help="folder to write into")
    ws.add_argument("--format", choices=("markdown", "json", "gift", "moodle-xml", "qti"), default="markdown",
                    help="markdown: the sheet and its answer key; json: the questions as data; for a "
                         "learning platform, each question with its options, the right one(s) marked and "
                         "feedback on every option: gift (Moodle GIFT, NAME-gift.txt), moodle-xml (Moodle "
                         "XML, NAME-moodle.xml) or qti (Canvas: an IMS QTI 1.2 zip, NAME-canvas-qti.zip)")
    ws.set_defaults(func=_worksheet)
    course = sub.add_parser("course", help="write the course's notebooks into a folder (the student copy: "
                                           "no solutions, no teacher hints)")
    course.add_argument("dest", help="the folder to write into")
    course.add_argument("--solutions", action="store_true",
                        help="write the teacher copy instead: notebooks with hints, and solutions/")
    course.add_argument("--force", action="store_true", help="overwrite files already in the folder")
    course.set_defaults(func=_course)
    asg = sub.add_parser("assignments", help="write an nbgrader course folder: one autograded assignment "
                                             "per notebook with exercises")
    asg.add_argument("dest", help="the nbgrader course folder to write (source/ and nbgrader_config.py)")
    asg.add_argument("--force", action="store_true", help="overwrite files already in the folder")
    asg.add_argument("--from", dest="folder", metavar="DIR", default=None,
                     help="instead of the course's notebooks: one assignment of your own questions, every "
                          "question file under DIR (checked by the engine first; copied beside the "
                          "notebook), one point per question; a missing folder, or a file with a problem, "
                          "is one line and exit 2")
    asg.add_argument("--name", default=None,
                     help="with --from: the assignment's name (default: DIR's name)")
    asg.add_argument("--n", type=int, default=None,
                     help="with --from: how many of the questions (default: all of them)")
    asg.add_argument("--seed", type=int, default=None,
                     help="with --from: the seed that orders the questions and their options (default: 0)")
    asg.set_defaults(func=_assignments)
    site = sub.add_parser("site", help="write web pages of your own question sets: a page per folder, every "
                                       "question with its answer folded")
    site.add_argument("--from", dest="folders", metavar="DIR", action="append", required=True,
                      help="a folder of question files (the capstone format), checked by the engine first; "
                           "give --from again for another set (a page each). A missing folder, or a file "
                           "with a problem, is one line and exit 2")
    site.add_argument("--out", required=True, help="the folder to write the pages into (index.html and "
                                                   "one NAME.html per set)")
    site.add_argument("--seed", type=int, default=0, help="the seed that orders each question's options")
    site.add_argument("--force", action="store_true", help="overwrite pages already in the folder")
    site.set_defaults(func=_site)
    hub = sub.add_parser("hub-link", help="print the nbgitpuller link that puts the student copy in each "
                                          "student's JupyterHub home")
    hub.add_argument("--hub", required=True, help="the JupyterHub's URL, e.g. https://hub.example.edu "
                                                  "(an address copied from the browser is cut back to it)")
    hub.add_argument("--repo", required=True, help="the git repository holding the student copy: an https "
                                                   "URL (http only for localhost)")
    hub.add_argument("--branch", default="main", help="its branch")
    hub.add_argument("--folder", default="mtgkit-course",
                     help="the folder it goes to in each home (a relative name: letters, digits, . _ - "
                          "and /)")
    hub.add_argument("--notebook", default="00-start-here.ipynb",
                     help="the notebook to open first: one of the course's, e.g. 06-the-monarch")
    hub.set_defaults(func=_hub_link)
    return parser


def _quiet_stdout(stream: TextIO | None) -> None:
    """After the output failed: send what is left to devnull so exiting doesn't fail again."""
    try:
        if stream is None:
            return
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


#: The signals that stop a command as Ctrl-C does (each exits 128 + its number).
_STOPS = {getattr(signal, name): words for name, words in
          (("SIGTERM", "stopped by SIGTERM"), ("SIGHUP", "stopped by SIGHUP (the terminal closed)"))
          if hasattr(signal, name)}


@contextmanager
def _stop_signals(received: list[int]) -> Iterator[None]:
    """SIGTERM and SIGHUP raise KeyboardInterrupt, as Ctrl-C does, so that what was being
    written is cleaned up (each file whole or absent); the signal is noted in ``received``.
    A signal already ignored (``nohup``) stays ignored; outside the main thread nothing changes."""
    def stop(signum: int, frame: object) -> None:
        if not received:  # a second signal while the first is handled changes nothing
            received.append(signum)
            raise KeyboardInterrupt

    old: dict[int, Any] = {}
    try:
        for signum in _STOPS:
            if signal.getsignal(signum) is signal.SIG_DFL:
                old[signum] = signal.signal(signum, stop)
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)


def main(argv: list[str] | None = None) -> int:
    """Run a command; return its exit code (see the module's notes)."""
    stdout = sys.stdout
    where = "mtgkit"
    received: list[int] = []
    try:
        with _stop_signals(received):
            _console()
            sys.stdout = _Stdout(stdout)
            argv = sys.argv[1:] if argv is None else list(argv)
            if len(argv) > limits.MAX_ARGS:
                raise CLIError(f"at most {limits.MAX_ARGS} arguments (the command line's limit; this one "
                               f"has {len(argv):,})")
            parser = _parser()
            if not argv:  # bare `mtgkit`: what it can do
                parser.print_help()
                sys.stdout.flush()
                return 0
            try:
                args = parser.parse_args(argv)
            except SystemExit as done:  # --help, --version: printed, and done
                sys.stdout.flush()
                return done.code if isinstance(done.code, int) else 0
            where = getattr(args, "file", None) or getattr(args, "dest", None) or args.command
            code = int(args.func(args))
            sys.stdout.flush()
            return code
    except CLIError as err:
        error(str(err))
        return BAD_INPUT
    except _OutputFailed as err:
        _quiet_stdout(stdout)
        error(f"can't write the output ({err})")
        return OUTPUT_FAILED
    except BrokenPipeError:  # the reader went away (`mtgkit cards | head`): stop quietly
        _quiet_stdout(stdout)
        return PIPE_CLOSED
    except KeyboardInterrupt as err:
        words = _STOPS.get(received[0], "interrupted") if received else "interrupted"
        error(f"{words}{'; ' + str(err) if str(err) else ''}")
        return 128 + (received[0] if received else signal.SIGINT)
    except RecursionError:
        error(f"{_q(where)}: file: data nested less deeply (too deep to read)")
        return BAD_INPUT
    except MemoryError:
        error(f"{_q(where)}: file: a smaller input (it ran out of memory; see the limits in the README)")
        return BAD_INPUT
    except OSError as err:  # anything the commands didn't name themselves
        error(f"{_q(err.filename or where)}: {err.strerror or err}")
        return BAD_INPUT
    finally:
        sys.stdout = stdout


if __name__ == "__main__":
    raise SystemExit(main())
