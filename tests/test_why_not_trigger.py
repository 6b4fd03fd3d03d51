"""why_not("trigger", ...) answers for any triggered ability from its typed trigger condition
(what it waits for, whether that happened while the permanent was there, whether it met the
condition, an intervening "if"), and refuses a permanent with no triggered ability."""

from __future__ import annotations

import pytest

from mtgkit import Game
from mtgkit.events import AbilityTriggered


def mana(g: Game, player: str, land: str, n: int = 1) -> None:
    for _ in range(n):
        g.activate(g.put_onto_battlefield(land, player))


def test_chalice_of_the_void_says_what_it_waits_for_not_the_monarch() -> None:
    g = Game(["Alice", "Bob"])
    chalice = g.put_onto_battlefield("Chalice of the Void", "Alice", counters={"charge": 2})
    text = g.why_not("trigger", chalice)
    assert "monarch" not in text
    assert "nothing it waits for has happened" in text and "a player casts a spell" in text
    assert "603.2" in text
    mana(g, "Alice", "Mountain")
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    text = g.why_not("trigger", chalice)
    assert "mana value was 1" in text and "had 2 charge counters" in text, text
    g2 = Game(["Alice", "Bob"])
    chalice = g2.put_onto_battlefield("Chalice of the Void", "Alice", counters={"charge": 1})
    mana(g2, "Alice", "Mountain")
    g2.cast(g2.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    assert g2.why_not("trigger", chalice).startswith("It did trigger: Chalice of the Void's ability")


def test_the_counters_read_are_those_of_the_moment_the_spell_was_cast() -> None:
    """Chalice had 1 counter when the 2-mana spell was cast; later counters don't change why."""
    g = Game(["Alice", "Bob"])
    chalice = g.put_onto_battlefield("Chalice of the Void", "Alice", counters={"charge": 1})
    mana(g, "Alice", "Forest", 2)
    g.cast(g.put_in_hand("Grizzly Bears", "Alice"))
    g.resolve()
    g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 1})
    assert "Grizzly Bears' mana value was 2 and Chalice of the Void had 1 charge counter on it" in \
        g.why_not("trigger", chalice)


def test_a_replacement_effect_like_mana_reflection_has_no_trigger_and_is_refused() -> None:
    g = Game(["Alice", "Bob"])
    reflection = g.put_onto_battlefield("Mana Reflection", "Alice")
    with pytest.raises(ValueError, match=r"^ref: Mana Reflection has no triggered ability.*614\.1a"):
        g.why_not("trigger", reflection)
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    with pytest.raises(ValueError, match=r"^ref: Grizzly Bears has no triggered ability .*603\.1"):
        g.why_not("trigger", bears)


def test_a_triggered_mana_ability_like_mana_flare() -> None:
    g = Game(["Alice", "Bob"])
    flare = g.put_onto_battlefield("Mana Flare", "Alice")
    text = g.why_not("trigger", flare)
    assert "mana is added to a mana pool" in text and "taps a land for mana" in text
    g.activate(g.put_onto_battlefield("Forest", "Alice"))
    assert g.why_not("trigger", flare).startswith("It did trigger: Mana Flare's ability")


def test_gauntlet_of_power_says_the_mana_was_not_of_the_chosen_color() -> None:
    g = Game(["Alice", "Bob"])
    gauntlet = g.put_onto_battlefield("Gauntlet of Power", "Alice", color="G")
    mana(g, "Alice", "Mountain")
    text = g.why_not("trigger", gauntlet)
    assert "chosen color (G)" in text and "{R}" in text and "603.2" in text, text
    mana(g, "Alice", "Forest")
    assert g.why_not("trigger", gauntlet).startswith("It did trigger: Gauntlet of Power's ability")


def test_custodi_lich_answers_for_the_ability_that_did_not_trigger() -> None:
    g = Game(["Alice", "Bob"])
    g.make_monarch("Alice")
    lich = g.put_onto_battlefield("Custodi Lich", "Alice", by_effect=True)
    g.resolve_stack()
    text = g.why_not("trigger", lich)
    # its enters trigger did trigger; the monarch one needs a real change
    assert text.startswith('"Whenever you become the monarch')
    assert "already" in text and "603.2e" in text and "725.3" in text
    assert "When Custodi Lich enters" not in text
    fired = [e for e in g.events if isinstance(e, AbilityTriggered) and e.obj_id == g.obj(lich).id]
    assert [e.ability for e in fired] == [0]


def test_a_permanent_that_was_never_on_the_battlefield() -> None:
    g = Game(["Alice", "Bob"])
    chalice = g.put_in_hand("Chalice of the Void", "Alice")
    assert "hasn't been on the battlefield" in g.why_not("trigger", chalice)


def test_an_intervening_if_that_was_false_603_4() -> None:
    """Queen Marchesa's upkeep trigger: Alice is the monarch herself at her upkeep, so "if an
    opponent is the monarch" is false and it doesn't trigger."""
    g = Game(["Alice", "Bob"])
    queen = g.put_onto_battlefield("Queen Marchesa", "Alice", by_effect=True)
    g.resolve_stack()
    assert g.monarch == "Alice"
    g.next_turn()
    g.next_turn(to="upkeep")
    text = g.why_not("trigger", queen)
    assert "intervening" in text and "opponent is monarch" in text and "603.4" in text, text
