"""Cause links on every event, "why?" and "why not?" explanations (tested on the worked examples)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgkit import Game, Scripted
from mtgkit.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
#: Kinds that start a chain: a player's own action, a teacher's setup, or the game moving on.
ORIGINS = {"players", "turn", "setup", "activate", "cast", "land", "attack", "block", "leave", "pass"}


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.toml")), ids=lambda p: p.stem)
def test_every_event_has_a_cause_unless_it_starts_a_chain(path: Path) -> None:
    g = load_scenario(path).game
    for e in g.events:
        if e.kind in ORIGINS or (e.kind == "monarch" and e.text.startswith("Setup")):
            continue
        assert e.cause is not None and e.cause < e.seq, str(e)
    for e in g.events:
        text = g.why(e)
        assert text.startswith(f"#{e.seq} ") and "2026-08-07" in text


def test_why_mana_names_the_action_choice_and_replacements() -> None:
    g = load_scenario(ROOT / "scenarios" / "04-reflection-orders.toml").game
    text = g.why(g.events[-1])
    assert "because #19 Alice activates Forest" in text
    assert "shaped by #21 Alice orders the replacement effects: Contamination then Mana Reflection" in text
    assert "instead of {G}" in text and "616.1" in text and "Alice's own action" in text


def test_why_draw_follows_the_monarch_trigger_back_to_the_turn() -> None:
    g = load_scenario(ROOT / "scenarios" / "06-the-monarch.toml").game
    draw = next(e for e in g.events if e.kind == "move" and "draws" in e.text and e.player == "Alice"
                and "725.2" in e.rules)
    text = g.why(draw)
    assert "The monarch's ability resolves" in text
    assert "triggers (Alice controls it): At the beginning of the monarch's end step" in text
    assert "End step begins" in text


def test_why_crown_moved_goes_back_to_the_attack() -> None:
    g = load_scenario(ROOT / "scenarios" / "06-the-monarch.toml").game
    crowned = [e for e in g.events if e.kind == "monarch" and e.get("changed")][-1]
    text = g.why(crowned)
    assert "combat damage to Alice" in text and "attacks Alice" in text and "Bob's own action" in text


def test_why_redirected_damage_shows_what_it_would_have_been() -> None:
    g = load_scenario(ROOT / "scenarios" / "07-protector.toml").game
    hit = next(e for e in g.events if e.kind == "damage")
    assert "would deal to Bob is dealt to Protector of the Crown instead (614.9)" in g.why(hit)


def test_why_not_mana_undefined_type() -> None:
    g = load_scenario(ROOT / "scenarios" / "02-undefined-mana.toml").game
    text = g.why_not("mana", g.find("Exotic Orchard"))
    assert "undefined" in text and "106.5" in text
    assert "zero times" in g.why_not("mana", g.find("Gaea's Cradle"))
    g2 = Game(["Alice", "Bob"])
    f = g2.put_onto_battlefield("Forest", "Alice")
    assert "hasn't been tapped" in g2.why_not("mana", f)
    g2.activate(f)
    assert g2.why_not("mana", f).startswith("It did add mana")


def test_why_not_trigger_already_the_monarch() -> None:
    g = Game(["Alice", "Bob"])
    g.make_monarch("Alice")
    lich = g.put_onto_battlefield("Custodi Lich", "Alice", by_effect=True)
    g.resolve_stack()
    text = g.why_not("trigger", lich)
    assert "already the monarch" in text and "725.3" in text
    g2 = Game(["Alice", "Bob"], chooser=Scripted(["Bob"]))
    lich2 = g2.put_onto_battlefield("Custodi Lich", "Alice", by_effect=True)
    g2.resolve_stack()
    assert g2.why_not("trigger", lich2).startswith("It did trigger")


def test_why_not_monarch_redirected_blocked_or_no_attack() -> None:
    g = load_scenario(ROOT / "scenarios" / "07-protector.toml").game
    text = g.why_not("monarch", "Alice")
    assert "614.9" in text and "not damage dealt to the monarch" in text
    g2 = Game(["Alice", "Bob"])
    assert "has attacked" in g2.why_not("monarch", "Alice")
    g2.make_monarch("Alice")
    assert g2.why_not("monarch", "Alice") == "Alice is the monarch."
    with pytest.raises(ValueError):
        g2.why_not("weather", "Alice")  # type: ignore[arg-type]


def test_why_not_activate() -> None:
    g = Game(["Alice", "Bob"])
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    assert "302.6" in g.why_not("activate", elves)
    forest = g.put_onto_battlefield("Forest", "Alice")
    assert g.why_not("activate", forest) == "It can be activated now."


def test_why_on_the_tap_and_untap_example() -> None:
    g = load_scenario(ROOT / "scenarios" / "01-tap-and-untap.toml").game
    untap = next(e for e in g.events if e.kind == "untap" and e.obj == "Pili-Pala")
    text = g.why(untap)
    assert "(107.6, 302.6)" in text and "because" in text and "Alice activates Pili-Pala" in text
    hit = next(e for e in g.events if e.kind == "damage")
    assert "Raging Goblin attacks Bob (508.1, 702.10b)" in g.why(hit)


def test_why_on_the_could_produce_example() -> None:
    g = load_scenario(ROOT / "scenarios" / "03-orchards.toml").game
    bob_mana = [e for e in g.events if e.kind == "mana" and e.player == "Bob"][-1]
    assert "Bob activates Exotic Orchard" in g.why(bob_mana)
    text = g.explain_could_produce(g.find("Exotic Orchard", "Bob"))
    assert "106.7" in text and ("Bob's Exotic Orchard copies a color of a land an opponent of Bob "
                                "controls: Alice's Forest, which could produce {G} by itself") in text
    moon = load_scenario(ROOT / "scenarios" / "03-pale-moon.toml").game
    replaced = next(e for e in moon.events if e.kind == "replace")
    assert "Pale Moon: Underground Sea produces {C} instead of {U}" in moon.why(replaced)


def test_why_on_the_x_values_example() -> None:
    g = load_scenario(ROOT / "scenarios" / "05-ballista-and-clone.toml").game
    died = next(e for e in g.events if e.kind == "sba")
    text = g.why(died)
    assert "(the Clone)" in text and "704.5f" in text and "Alice casts Clone" in text
    enter = next(e for e in g.events if e.kind == "enter" and e.obj == "Walking Ballista")
    assert "107.3m" in enter.rules and "with 2 +1/+1 counters" in enter.text
