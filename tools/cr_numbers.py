"""Write the rule numbers of the Comprehensive Rules the kit's tests check citations against.

    python tools/cr_numbers.py PATH/MagicCompRules-20260807.txt   # writes tests/cr_numbers.json
    python tools/cr_numbers.py PATH/MagicCompRules-20260807.txt --check   # exit 1 if it differs

The tests check that every rule number the kit cites (events, errors, titles, capstones,
misconceptions, notebooks, the teacher guide) exists in the edition it names. The full text of
the rules is not ours to ship, so the repository holds only what those checks need, generated
from it by this tool: the edition (from the text's "effective as of" line, which must be the
kit's :data:`mtgkit.rules.EDITION`), the name of the file it was read from, the numbered
chapters and sections with their headings (``"104": "Ending the Game"``, names, not rule
text) and every rule number in document order (``"104.3a"``). Nothing of the rules' wording is
copied. When the full text is beside the repository the tests also run this tool's check, so
the shipped file can't drift from it.

The numbers are read from the rules part of the text (after the contents, before the glossary)
as the tests always read them: a line starting with a number such as ``100.1.`` or ``100.1a``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "cr_numbers.json"
#: A rule: ``100.1. Text`` or ``100.1a Text``.
RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? ")
#: A section (``104. Ending the Game``) or a chapter (``1. Game Concepts``) heading.
HEADING = re.compile(r"^(\d{1,3})\. (\S.*?)\s*$")
EFFECTIVE = re.compile(r"effective as of (\w+ \d{1,2}, \d{4})")


def parse(text: str, source: str) -> dict[str, object]:
    """The edition, headings and rule numbers of the rules' ``text`` (read from ``source``)."""
    lines = text.splitlines()
    found = EFFECTIVE.search(text)
    if found is None:
        raise ValueError(f"{source}: no 'effective as of <date>' line: is this the Comprehensive Rules?")
    edition = datetime.strptime(found.group(1), "%B %d, %Y").date().isoformat()
    try:
        contents_end = lines.index("Credits")  # the contents end with "Glossary", then "Credits"
        glossary = lines.index("Glossary", contents_end + 1)
    except ValueError:
        raise ValueError(f"{source}: no contents ending with 'Credits', or no 'Glossary' after "
                         "them") from None
    chapters: dict[str, str] = {}
    sections: dict[str, str] = {}
    rules: list[str] = []
    for line in lines[contents_end + 1:glossary]:
        rule = RULE.match(line)
        if rule:
            rules.append(rule.group(1))
            continue
        heading = HEADING.match(line)
        if heading:
            number, name = heading.groups()
            (chapters if len(number) == 1 else sections)[number] = name
    if len(set(rules)) != len(rules):
        raise ValueError(f"{source}: a rule number appears twice")
    by_section: dict[str, list[str]] = {}
    for number in rules:
        by_section.setdefault(number.split(".")[0], []).append(number)
    return {"edition": edition, "source": source, "generated_by": "tools/cr_numbers.py",
            "chapters": chapters, "sections": sections, "rules": by_section}


def render(data: dict[str, object]) -> str:
    """JSON, one line per section's rules (a new edition's changes read as a short diff)."""
    head = {k: v for k, v in data.items() if k != "rules"}
    text = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
    rules: dict[str, list[str]] = data["rules"]  # type: ignore[assignment]
    body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in rules.items())
    return f"{text},\n \"rules\": {{\n{body}\n }}\n}}\n"


def numbers(data: dict[str, object]) -> set[str]:
    """Every rule and section number in ``data`` (what a citation may name)."""
    rules: dict[str, list[str]] = data["rules"]  # type: ignore[assignment]
    return {n for section in rules.values() for n in section} | set(data["sections"])  # type: ignore[call-overload]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cr", type=Path, help="the Comprehensive Rules as text (MagicCompRules-YYYYMMDD.txt)")
    parser.add_argument("--out", type=Path, default=OUT,
                        help=f"where to write (default {OUT.relative_to(ROOT)})")
    parser.add_argument("--check", action="store_true", help="compare with --out instead of writing it")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from mtgkit.rules import EDITION

    data = parse(args.cr.read_text(encoding="utf-8"), args.cr.name)
    if data["edition"] != EDITION:
        print(f"error: {args.cr.name} is the edition of {data['edition']}; the kit cites {EDITION} "
              f"(mtgkit.rules.EDITION)", file=sys.stderr)
        return 1
    text = render(data)
    if args.check:
        if not args.out.exists() or args.out.read_text(encoding="utf-8") != text:
            print(f"error: {args.out} differs from what {args.cr.name} gives: run tools/cr_numbers.py "
                  f"{args.cr}", file=sys.stderr)
            return 1
        return 0
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}: {len(numbers(data)) - len(data['sections'])} rules, "  # type: ignore[arg-type]
          f"{len(data['sections'])} sections of the {data['edition']} edition")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())
