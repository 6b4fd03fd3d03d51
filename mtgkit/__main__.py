"""The command line: ``mtgkit run FILE``, ``cards``, ``worksheet``, ``course``, ``assignments``, ``hub-link``.

Bad input gets one error line naming the file, the place and what was expected, and exit
code 2; never a traceback. Output that goes to a closed pipe (``mtgkit cards | head``) stops
quietly, and a console that can't show a symbol (``♛``, ``—``) gets a plain stand-in.
"""

from __future__ import annotations

import argparse
import codecs
import os
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from .cards import CATALOG
from .events import Event

#: Plain stand-ins for the symbols the kit prints, for consoles that can't encode them.
_PLAIN = {"♛": "(crown)", "—": "-", "–": "-", "→": "->", "←": "<-", "✓": "ok", "✗": "x", "·": "-",
          "…": "...", "’": "'", "“": '"', "”": '"', "×": "x"}
_ERRORS = "mtgkit-plain"


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


def _scenario_path(name: str) -> Path:
    """A scenario file by path, or a worked example by name (``06-the-monarch``)."""
    from .scenario import EXAMPLES, ScenarioError, example

    path = Path(name)
    if path.exists() or os.sep in name or "/" in name:
        return path
    try:
        return example(name)
    except ScenarioError:
        known = ", ".join(sorted(p.stem for p in EXAMPLES.glob("*.toml")))
        raise ScenarioError(name, "file", f"a scenario file, or the name of a worked example: {known}") \
            from None


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


def _timeline_text(events: Sequence[Event], *, include_setup: bool, everything: bool) -> str:
    """The timeline's columns (see mtgkit.timeline) as plain text, so `run` needs no pandas."""
    rows: list[Sequence[str]] = [_COLUMNS]
    for e in events:
        if (e.kind == "setup" and not include_setup) or (e.kind in _HIDDEN_KINDS and not everything):
            continue
        text = e.text if len(e.text) <= _TEXT_WIDTH else e.text[:_TEXT_WIDTH - 3] + "..."
        rows.append((str(e.seq), str(e.turn), e.step, e.player or "", e.kind, text, ", ".join(e.rules),
                     "" if e.cause is None else str(e.cause)))
    return _table(rows)


def _run(args: argparse.Namespace) -> int:
    import importlib.util

    from .scenario import ScenarioError, load_scenario

    if args.plot and importlib.util.find_spec("matplotlib") is None:
        print(f"error: {args.plot}: the plot needs matplotlib: pip install 'mtgkit[kernel]'", file=sys.stderr)
        return 2
    try:
        scenario = load_scenario(_scenario_path(args.file))
    except ScenarioError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"# {scenario.title}")
    if scenario.description:
        print(textwrap.fill(scenario.description, 100))
    print(_timeline_text(scenario.game.events, include_setup=not args.no_setup, everything=args.all))
    print()
    print(scenario.game.board().describe())
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        from .plot import plot_timeline

        fig = plot_timeline(scenario.game, arrows=True, title=scenario.title)
        try:
            fig.savefig(args.plot)
        except OSError as err:
            print(f"error: {args.plot}: can't write the plot ({err.strerror})", file=sys.stderr)
            return 2
        print(f"\nplot saved to {args.plot}")
    return 0


def _cards(args: argparse.Namespace) -> int:
    for name, card in sorted(CATALOG.items()):
        if name == "Library Card":
            continue
        cost = f" {card.cost}" if card.cost else ""
        pt = f" {card.power}/{card.toughness}" if card.power is not None else ""
        print(f"{name}{cost} — {card.type_line}{pt}")
        if card.text:
            print(textwrap.indent(textwrap.fill(card.text, 96), "    "))
    return 0


def _worksheet(args: argparse.Namespace) -> int:
    from .practice import LEVELS, STREAMS, as_json, render_worksheet, worksheet

    if args.topic not in STREAMS or args.level not in LEVELS or not 1 <= args.n <= 200:
        print(f"error: --topic must be one of {', '.join(STREAMS)}, --level one of "
              f"{', '.join(LEVELS)}, and --n between 1 and 200", file=sys.stderr)
        return 2
    qs = worksheet(args.topic, args.level, args.n, args.seed)
    out = Path(args.out)
    stem = f"worksheet-{args.topic}-{args.level}-seed{args.seed}"
    files = ({f"{stem}.json": as_json(qs)} if args.format == "json" else
             {f"{stem}.md": render_worksheet(qs), f"{stem}-key.md": render_worksheet(qs, key=True)})
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (out / name).write_text(text, encoding="utf-8")
    except OSError as err:
        print(f"error: {out}: can't write the worksheet ({err.strerror})", file=sys.stderr)
        return 2
    print(f"wrote {' and '.join(str(out / name) for name in files)} ({len(qs)} questions)")
    return 0


def _course(args: argparse.Namespace) -> int:
    from .course import CourseError, write_course

    try:
        written = write_course(args.dest, solutions=args.solutions, force=args.force)
    except CourseError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    notebooks = sum(1 for p in written if p.suffix == ".ipynb")
    what = (f"the teacher copy ({notebooks} notebooks and {len(written) - notebooks} solutions)"
            if args.solutions else f"the student copy ({notebooks} notebooks, no solutions)")
    print(f"wrote {what} to {args.dest}\nopen {Path(args.dest) / '00-start-here.ipynb'} in Jupyter "
          f"(or run: python -m mtgkit.course {args.dest})")
    return 0


def _assignments(args: argparse.Namespace) -> int:
    from .assignments import AssignmentError, write_assignments

    try:
        written = write_assignments(args.dest, force=args.force)
    except AssignmentError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    names = [p.parent.name for p in written if p.suffix == ".ipynb"]
    print(f"wrote an nbgrader course to {args.dest}: {len(names)} assignments in source/ "
          f"({', '.join(names)}) and nbgrader_config.py\n"
          f"next: cd {args.dest} && nbgrader generate_assignment {names[0]}")
    return 0


def _hub_link(args: argparse.Namespace) -> int:
    from .course import hub_link

    try:
        print(hub_link(args.hub, args.repo, branch=args.branch, folder=args.folder,
                       notebook=args.notebook))
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mtgkit", description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play a scenario file (or a worked example by name) and print "
                                     "its timeline")
    run.add_argument("file", help="a scenario .toml file, or a worked example's name such as 06-the-monarch")
    run.add_argument("--plot", metavar="FILE.png", help="also save the timeline plot (needs mtgkit[kernel])")
    run.add_argument("--all", action="store_true", help="include turn and step events")
    run.add_argument("--no-setup", action="store_true", help="leave out setup events")
    run.set_defaults(func=_run)
    cards = sub.add_parser("cards", help="list the card catalog with each card's text")
    cards.set_defaults(func=_cards)
    ws = sub.add_parser("worksheet", help="write a practice worksheet and its answer key (markdown)")
    ws.add_argument("--topic", default="could-produce",
                    help="could-produce, tapping, x-values, tap-untap, monarch, or capstones (the "
                         "hand-written judge-style questions)")
    ws.add_argument("--level", default="easy", help="easy or hard")
    ws.add_argument("--n", type=int, default=10, help="number of questions")
    ws.add_argument("--seed", type=int, default=0, help="the same seed gives the same worksheet")
    ws.add_argument("--out", default=".", help="folder to write into")
    ws.add_argument("--format", choices=("markdown", "json"), default="markdown",
                    help="markdown: the sheet and its answer key; json: the questions as data (for a "
                         "learning platform)")
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
    asg.set_defaults(func=_assignments)
    hub = sub.add_parser("hub-link", help="print the nbgitpuller link that puts the student copy in each "
                                          "student's JupyterHub home")
    hub.add_argument("--hub", required=True, help="the JupyterHub's URL, e.g. https://hub.example.edu")
    hub.add_argument("--repo", required=True, help="the git repository holding the student copy")
    hub.add_argument("--branch", default="main", help="its branch (default: main)")
    hub.add_argument("--folder", default="mtgkit-course",
                     help="the folder it goes to in each home (default: mtgkit-course)")
    hub.add_argument("--notebook", default="00-start-here.ipynb", help="the notebook to open first")
    hub.set_defaults(func=_hub_link)
    return parser


def _quiet_stdout() -> None:
    """After a closed pipe: send what is left to devnull so exiting doesn't raise again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    _console()
    args = _parser().parse_args(argv)
    where = getattr(args, "file", None) or getattr(args, "dest", None) or args.command
    try:
        code = int(args.func(args))
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # the reader went away (`mtgkit cards | head`): stop quietly
        _quiet_stdout()
        return 141  # 128 + SIGPIPE, what a shell shows for a program stopped by a closed pipe
    except RecursionError:
        print(f"error: {where}: file: data nested less deeply (too deep to read)", file=sys.stderr)
        return 2
    except MemoryError:
        print(f"error: {where}: file: a smaller input (it ran out of memory; see the limits in the README)",
              file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
