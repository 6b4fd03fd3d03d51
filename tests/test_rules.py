"""Rule citations: every CR number the kit cites has a learner-facing title and exists in the
edition the kit names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgkit.rules import EDITION, TITLES, cite, title

ROOT = Path(__file__).resolve().parents[1]
CR = ROOT.parent / "shared" / "reference" / f"MagicCompRules-{EDITION.replace('-', '')}.txt"
CITED = re.compile(r'"(\d{3}\.\d+[a-z]?)"')


def cited_numbers() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "mtgkit").rglob("*.py"):
        found |= set(CITED.findall(path.read_text()))
    return found


def test_every_cited_rule_has_a_title() -> None:
    missing = sorted(cited_numbers() - set(TITLES))
    assert not missing, f"rules cited without a title in mtgkit/rules.py: {missing}"


def test_titles_and_citations() -> None:
    assert title("106.7").startswith("what a permanent 'could produce'")
    assert title("999.9") == ""
    assert cite("725.2") == "CR 725.2 (2026-08-07)"


def test_every_rule_number_exists_in_the_named_edition() -> None:
    if not CR.exists():
        pytest.skip(f"the Comprehensive Rules text is not beside the repository ({CR})")
    text = CR.read_text(encoding="utf-8")
    present = set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.? ", text, flags=re.M))
    missing = sorted((set(TITLES) | cited_numbers()) - present)
    assert not missing, f"not rules in the {EDITION} edition: {missing}"


def test_notebooks_cite_only_existing_rules() -> None:
    if not CR.exists():
        pytest.skip("the Comprehensive Rules text is not beside the repository")
    text = CR.read_text(encoding="utf-8")
    present = set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.? ", text, flags=re.M))
    for path in (ROOT / "tools" / "course").glob("*.py"):
        for number in re.findall(r"CR (\d{3}\.\d+[a-z]?)", path.read_text()):
            assert number in present, (path.name, number)
