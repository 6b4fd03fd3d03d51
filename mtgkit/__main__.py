"""The command line: ``python -m mtgkit run FILE``, ``python -m mtgkit cards``.

Bad input gets one error line naming the file, the place and what was expected, and exit
code 2; never a traceback.
"""

from __future__ import annotations

import argparse
import sys
import textwrap

from .cards import CATALOG


def _run(args: argparse.Namespace) -> int:
    from .scenario import ScenarioError, load_scenario

    try:
        scenario = load_scenario(args.file)
    except ScenarioError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    from .timeline import timeline

    print(f"# {scenario.title}")
    if scenario.description:
        print(textwrap.fill(scenario.description, 100))
    df = timeline(scenario.game, include_setup=not args.no_setup)
    if not args.all:
        df = df[~df.kind.isin(["players", "turn", "step"])]
    cols = ["seq", "turn", "step", "player", "kind", "text", "rules", "cause"]
    import pandas as pd

    with pd.option_context("display.width", 250, "display.max_colwidth", 90, "display.max_rows", None):
        print(df[cols].to_string(index=False))
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
    from pathlib import Path

    from .practice import LEVELS, TOPICS, render_worksheet, worksheet

    if args.topic not in TOPICS or args.level not in LEVELS or not 1 <= args.n <= 200:
        print(f"error: --topic must be one of {', '.join(TOPICS)}, --level one of "
              f"{', '.join(LEVELS)}, and --n between 1 and 200", file=sys.stderr)
        return 2
    qs = worksheet(args.topic, args.level, args.n, args.seed)
    out = Path(args.out)
    stem = f"worksheet-{args.topic}-{args.level}-seed{args.seed}"
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / f"{stem}.md").write_text(render_worksheet(qs), encoding="utf-8")
        (out / f"{stem}-key.md").write_text(render_worksheet(qs, key=True), encoding="utf-8")
    except OSError as err:
        print(f"error: {out}: can't write the worksheet ({err.strerror})", file=sys.stderr)
        return 2
    print(f"wrote {out / (stem + '.md')} ({len(qs)} questions) and {out / (stem + '-key.md')}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mtgkit", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play a scenario file and print its timeline")
    run.add_argument("file", help="a scenario .toml file")
    run.add_argument("--plot", metavar="FILE.png", help="also save the timeline plot")
    run.add_argument("--all", action="store_true", help="include turn and step events")
    run.add_argument("--no-setup", action="store_true", help="leave out setup events")
    run.set_defaults(func=_run)
    cards = sub.add_parser("cards", help="list the card catalog with each card's text")
    cards.set_defaults(func=_cards)
    ws = sub.add_parser("worksheet", help="write a practice worksheet and its answer key (markdown)")
    ws.add_argument("--topic", default="could-produce",
                    help="could-produce, tapping, x-values, tap-untap or monarch")
    ws.add_argument("--level", default="easy", help="easy or hard")
    ws.add_argument("--n", type=int, default=10, help="number of questions")
    ws.add_argument("--seed", type=int, default=0, help="the same seed gives the same worksheet")
    ws.add_argument("--out", default=".", help="folder to write into")
    ws.set_defaults(func=_worksheet)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
