"""Casting as players do (issue 29, item 3): ``cast`` without ``pay=`` taps untapped mana sources
when the pool falls short (CR 601.2g, then 601.2h), found by a bounded search that does each
activation and undoes it, so replacement effects, mana triggers, restrictions and riders count as
they would; ``can_cast``, ``castable`` and ``available_mana`` answer without changing anything, and
a refusal says what is missing."""

from __future__ import annotations

import pytest
from helpers import snapshot

from mtgkit import CostError, Game, LimitError, Mana, limits
from mtgkit.actions import Cast
from mtgkit.events import AbilityActivated, ChoiceMade, DamageDealt, ManaSpent


def board(*permanents: str, hand: str = "Grizzly Bears", bob: tuple[str, ...] = (),
          color: str | None = None) -> tuple[Game, int]:
    g = Game(["Alice", "Bob"])
    for name in permanents:
        g.put_onto_battlefield(name, "Alice", color=color if name == "Gauntlet of Power" else None)
    for name in bob:
        g.put_onto_battlefield(name, "Bob")
    return g, g.put_in_hand(hand, "Alice")


def tapped(g: Game) -> list[str]:
    return sorted(o.name for o in g.permanents("Alice") if o.tapped)


def test_cast_taps_untapped_lands_while_casting_and_records_the_choice() -> None:
    g, bears = board("Forest", "Forest", "Mountain")
    events = g.cast(bears)
    assert g.obj(bears).zone == "stack" and g.pool("Alice") == Mana()
    assert tapped(g) == ["Forest", "Forest"]  # {1}{G}: the first way found, the Forests
    choice = next(e for e in events if isinstance(e, ChoiceMade))
    assert choice.question == "payment" and choice.rules == ("601.2g", "601.2h")
    assert "Forest #" in str(choice.answer) and "no pay= given" in choice.text
    activations = [e for e in events if isinstance(e, AbilityActivated)]
    assert len(activations) == 2 and all("601.2g" in e.rules for e in activations)
    assert all(e.cause == events[0].seq for e in activations)  # during the cast (601.2g)
    assert isinstance(events[-1], ManaSpent)
    assert g.actions[-1] == Cast(bears)
    assert g.replay().events == g.events


def test_a_pool_that_pays_is_used_as_before() -> None:
    g, bears = board("Forest", "Forest", "Forest")
    g.activate(g.find("Forest"))
    g.activate(g.permanents("Alice")[1].id)
    events = g.cast(bears)
    assert tapped(g) == ["Forest", "Forest"] and not any(isinstance(e, AbilityActivated) for e in events)


def test_pay_given_is_never_topped_up() -> None:
    g, bears = board("Forest", "Forest")
    with pytest.raises(CostError):
        g.cast(bears, pay="{G}{G}")


def test_the_refusal_says_what_is_missing_and_changes_nothing() -> None:
    g, bears = board("Forest")
    before = snapshot(g)
    assert not g.can_cast(bears)
    with pytest.raises(CostError) as err:
        g.cast(bears)
    assert err.value.rule == "601.2h"
    assert "Forest #" in err.value.reason and "could add at most {G}" in err.value.reason
    assert "{1}{G} takes 2" in err.value.reason
    assert g.why_not("cast", bears) == str(err.value) == str(g.refusal(Cast(bears)))
    assert snapshot(g) == before and g.castable("Alice") == {}


def test_no_mana_source_at_all_keeps_the_old_refusal() -> None:
    g, bears = board()
    with pytest.raises(CostError, match=r"holds no mana, which can't pay \{1\}\{G\}\. \["):
        g.cast(bears)


# ------------------------------------------------------------------ the cards XMage gets wrong
def test_mana_flare_counts_its_extra_mana() -> None:
    """Mana Flare (anyone's): a land tapped for mana adds one more of a type it produced, so one
    Forest pays for Grizzly Bears (XMage's available mana misses this)."""
    g, bears = board("Forest", bob=("Mana Flare",))
    assert g.available_mana("Alice") == (Mana.parse("{G}{G}"),)
    assert g.castable("Alice") == {bears: (g.find("Forest"),)}
    g.cast(bears)
    assert g.obj(bears).zone == "stack" and g.pool("Alice") == Mana()
    assert g.replay().events == g.events


def test_mana_reflection_doubles_what_the_search_sees() -> None:
    g, bears = board("Forest", "Mana Reflection")
    assert g.available_mana("Alice") == (Mana.parse("{G}{G}"),)
    g.cast(bears)
    assert tapped(g) == ["Forest"]


def test_gauntlet_of_power_adds_one_of_the_chosen_color() -> None:
    g, bears = board("Forest", "Gauntlet of Power", color="G")
    assert g.available_mana("Alice") == (Mana.parse("{G}{G}"),)
    assert g.can_cast(bears)
    g2, bears2 = board("Forest", "Gauntlet of Power", color="R")
    assert g2.available_mana("Alice") == (Mana.parse("{G}"),) and not g2.can_cast(bears2)


def test_contamination_turns_the_lands_mana_black() -> None:
    g, bears = board("Forest", "Forest", bob=("Contamination",))
    assert g.available_mana("Alice") == (Mana.parse("{B}{B}"),)
    refused = g.refusal(Cast(bears))
    assert refused is not None and "could add at most {B}{B}" in refused.reason
    g2, bolt = board("Forest", bob=("Contamination",), hand="Lightning Bolt")
    assert not g2.can_cast(bolt, target="Bob")


def test_damping_sphere_taxes_the_second_spell_and_dampens_doubled_lands() -> None:
    g, bears = board("Forest", "Forest", "Mountain", bob=("Damping Sphere",), hand="Lightning Bolt")
    bolt = bears
    bears = g.put_in_hand("Grizzly Bears", "Alice")
    g.cast(bolt, target="Bob")  # the Mountain
    g.resolve()
    refused = g.refusal(Cast(bears))  # {1}{G} plus {1} for the other spell cast this turn (601.2f)
    assert refused is not None and refused.rule == "601.2h"
    g.put_onto_battlefield("Forest", "Alice")
    g.cast(bears)
    assert tapped(g) == ["Forest", "Forest", "Forest", "Mountain"]
    g3, bears3 = board("Forest", "Mana Reflection", bob=("Damping Sphere",))
    assert g3.available_mana("Alice") == (Mana.parse("{C}"),)  # two mana from a land: {C} (106.12b)
    assert not g3.can_cast(bears3)


def test_restricted_mana_pays_only_what_it_may() -> None:
    """Ancient Ziggurat's mana can be spent only on a creature spell (CR 106.6)."""
    g, bolt = board("Ancient Ziggurat", hand="Lightning Bolt")
    assert not g.can_cast(bolt, target="Bob")
    g2, elves = board("Ancient Ziggurat", hand="Llanowar Elves")
    g2.cast(elves)
    assert tapped(g2) == ["Ancient Ziggurat"]


def test_a_source_with_a_rider_is_the_last_resort() -> None:
    """Tarnished Citadel's coloured mana deals 3 damage to its controller: the search taps a
    Forest if it can, and the Citadel only when nothing else pays."""
    g, elves = board("Tarnished Citadel", "Forest", hand="Llanowar Elves")
    g.cast(elves)
    assert tapped(g) == ["Forest"] and g.life("Alice") == 20
    g2, elves2 = board("Tarnished Citadel", hand="Llanowar Elves")
    events = g2.cast(elves2)
    assert tapped(g2) == ["Tarnished Citadel"] and g2.life("Alice") == 17
    assert any(isinstance(e, DamageDealt) for e in events)


def test_convoking_creatures_are_not_tapped_for_mana() -> None:
    g, stoke = board("Mountain", "Mountain", "Llanowar Elves", "Llanowar Elves", hand="Stoke the Flames")
    elves = [o.id for o in g.permanents("Alice") if o.name == "Llanowar Elves"]
    g.cast(stoke, target="Bob", convoke=elves)  # the Elves pay {2}, the Mountains {R}{R}
    assert tapped(g) == ["Llanowar Elves", "Llanowar Elves", "Mountain", "Mountain"]
    assert g.pool("Alice") == Mana()


def test_a_color_choice_is_searched() -> None:
    """Fellwar Stone could add {U} or {B} (Bob's Underground Sea): Contamination needs the {B},
    its second option, which the search tries when the first doesn't pay."""
    g, contamination = board("Fellwar Stone", "Mountain", "Mountain", bob=("Underground Sea",),
                             hand="Contamination")
    g.cast(contamination)
    assert tapped(g) == ["Fellwar Stone", "Mountain", "Mountain"]
    assert g.replay().events == g.events


def test_the_search_is_bounded_and_names_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    g, giant = board("Forest", "Mountain", "Island", "Plains", "Swamp", "Wastes", hand="Hill Giant")
    g.put_in_hand("Serra Angel", "Alice")
    monkeypatch.setattr(limits, "MAX_PAYMENT_SEARCH", 3)
    before = snapshot(g)
    with pytest.raises(LimitError) as err:
        g.cast(g.find("Serra Angel", zone="hand"))
    assert err.value.limit == "MAX_PAYMENT_SEARCH" and "MAX_PAYMENT_SEARCH" in str(err.value)
    assert snapshot(g) == before


def test_castable_lists_each_card_with_the_sources_it_would_tap() -> None:
    g, bears = board("Forest", "Forest", "Mountain")
    bolt = g.put_in_hand("Lightning Bolt", "Alice")
    g.put_in_hand("Serra Angel", "Alice")
    g.put_in_hand("Forest", "Alice")  # a land is played, not cast
    forests = [o.id for o in g.permanents("Alice") if o.name == "Forest"]
    found = g.castable("Alice")
    assert found[bears] == tuple(forests)
    assert bolt not in found  # it needs a target: castable() gives none
    assert g.can_cast(bolt, target="Bob")
    assert len(found) == 1
    assert g.available_mana("Alice") == (Mana.parse("{R}{G}{G}"),)


def test_a_planned_source_that_makes_less_mana_by_its_controllers_choice_leaves_the_spell_unpaid() -> None:
    """Under Contamination and Mana Reflection, the order of the two replacement effects is Alice's
    (616.1): Reflection first, then Contamination, makes one {B}. The automatic payment planned to
    tap her last Forest; if, tapping it, she applies them in the order that makes too little, the
    spell can't be paid for: a CostError (601.2h), not a crash, and nothing changes."""
    from mtgkit.outcomes import outcomes
    from mtgkit.teaching import Piece, Play, Setup, Step

    pieces = (Piece("Contamination"), Piece("Mana Reflection"), *(Piece("Forest") for _ in range(4)),
              Piece("Custodi Lich", zone="hand"))
    play = Play(Setup(pieces=pieces), (Step("cast", "", card="Custodi Lich",
                                            pay=("Forest", "Forest 2", "Forest 3")),))
    labels = play.labels()
    outs = outcomes(lambda: play.build()[0], lambda g: play.run(g, dict(labels)))
    assert outs.legal and all(o.error is None or isinstance(o.error, CostError) for o in outs)
    assert any(isinstance(o.error, CostError) and o.error.rule == "601.2h" for o in outs)
