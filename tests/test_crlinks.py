"""Rules you can click: one base URL, anchors for rules and sub-rules, titles as tooltips."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgkit import crlinks
from mtgkit.crlinks import BASE_URL, anchor, cited, cr_link, link_rules, link_rules_markdown, tooltip
from mtgkit.rules import TITLES

ROOT = Path(__file__).resolve().parents[1]


def test_anchors_for_rules_sub_rules_and_sections() -> None:
    assert anchor("106.7") == "R1067"
    assert anchor("107.3m") == "R1073m"
    assert anchor("725.2") == "R7252"
    assert anchor("702.10c") == "R70210c"
    assert anchor("725") == "R725"
    with pytest.raises(ValueError):
        anchor("CR 106.7")


def test_a_link_has_the_title_as_tooltip_and_opens_a_new_tab() -> None:
    html = cr_link("302.6")
    assert html.startswith(f'<a href="{BASE_URL}#R3026"') and 'target="_blank"' in html
    assert "summoning sickness" in html and "(2026-08-07)" in html and html.endswith(">302.6</a>")


def test_every_cited_number_in_a_text_becomes_a_link() -> None:
    text = "Tapped (CR 107.5); sick (CR 302.6, 702.10c); 2 < 3 and CR 614.9 / 616.1."
    out = link_rules(text)
    assert [m for m in re.findall(r"#R(\w+)", out)] == ["1075", "3026", "70210c", "6149", "6161"]
    assert "2 &lt; 3" in out  # the rest of the text is escaped
    assert link_rules("no rules here 20 life") == "no rules here 20 life"
    assert cited(text) == ["107.5", "302.6", "702.10c", "614.9", "616.1"]
    md = link_rules_markdown("(CR 725.4)")
    assert md == f'(CR [725.4]({BASE_URL}#R7254 "{tooltip("725.4")}"))'  # the title as a tooltip


def test_the_base_url_lives_in_one_place() -> None:
    holders = [p.relative_to(ROOT).as_posix() for p in (ROOT / "mtgkit").rglob("*.py")
               if "yawgatog" in p.read_text()]
    assert holders == ["mtgkit/crlinks.py"]
    assert crlinks.BASE_URL.startswith("https://")


def test_every_rule_the_teaching_texts_cite_has_a_tooltip() -> None:
    """Rule numbers shown to learners (practice explanations, misconception feedback, lesson
    reasons) all have a title, so every link gets a tooltip."""
    from mtgkit.misconceptions import CATALOG
    from mtgkit.practice import LEVELS, TOPICS, worksheet

    texts = [m.feedback() for m in CATALOG.values()]
    for topic in TOPICS:
        for level in LEVELS:
            texts += [q.prompt + q.explanation for q in worksheet(topic, level, 5, 2)]
    missing = sorted({n for t in texts for n in cited(t)} - set(TITLES))
    assert not missing, f"cited without a title: {missing}"
