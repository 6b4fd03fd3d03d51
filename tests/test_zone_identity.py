"""Objects by identity, not by card (CR 400.7, 2026-08-07): a card that leaves the battlefield and
comes back is a new object, so what an ability on the stack says about "the creature" (its
controller, CR 608.2h) is that object's last known information, not the new object's. Issue 29's
judge error 5."""

from __future__ import annotations

from mtgkit import Game, replay
from mtgkit.events import DamageDealt, Entered, MonarchChanged


def mana(g: Game, player: str, land: str, n: int = 1) -> None:
    for _ in range(n):
        g.activate(g.put_onto_battlefield(land, player))


def _stolen_bears_hit_the_monarch() -> tuple[Game, int]:
    """Alice attacks Bob, the monarch, with Bob's Grizzly Bears (Act of Treason): the monarch's
    steal trigger waits on the stack, and Bob holds priority."""
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    g.put_onto_battlefield("Order of Whiteclay", "Bob", tapped=True)
    g.make_monarch("Bob")
    mana(g, "Alice", "Mountain", 3)
    g.cast(g.put_in_hand("Act of Treason", "Alice"), target=bears)
    g.resolve()
    g.advance(to="beginning_of_combat")
    g.attack({bears: "Bob"})
    g.advance(to="combat_damage")
    hit = next(e for e in g.events if isinstance(e, DamageDealt) and e.to_player == "Bob")
    assert hit.source_id == bears and g.stack() and g.monarch == "Bob"
    g.pass_priority()  # Alice passes; Bob may respond
    return g, bears


def test_400_7_608_2h_the_crown_goes_to_the_last_known_controller_of_the_creature_that_dealt_it() -> None:
    """Bob kills the Bears with Lightning Bolt and returns them with Order of Whiteclay: the card is
    on the battlefield again, under Bob's control, but it is a new object. The creature that dealt
    the damage was last controlled by Alice, so Alice becomes the monarch."""
    g, bears = _stolen_bears_hit_the_monarch()
    mana(g, "Bob", "Mountain")
    g.cast(g.put_in_hand("Lightning Bolt", "Bob"), target=bears)
    g.resolve()  # the Bears die; Alice (active) gets priority
    assert g.obj(bears).zone == "graveyard"
    g.pass_priority()
    mana(g, "Bob", "Plains", 3)
    g.activate(g.find("Order of Whiteclay"), target=bears)
    g.resolve()
    back = next(e for e in reversed(g.events) if isinstance(e, Entered))
    assert back.obj_id == bears and g.controller_of(bears) == "Bob"  # the same card, a new object
    g.resolve()  # the monarch's steal trigger
    crowned = next(e for e in reversed(g.events) if isinstance(e, MonarchChanged))
    assert g.monarch == "Alice" and crowned.rules == ("725.2", "725.3", "608.2h")
    assert replay(g.events) == g.board()


def test_608_2h_the_same_object_still_there_gives_its_current_controller() -> None:
    """Nothing happens to the Bears: the trigger reads their controller now (Alice), no 608.2h."""
    g, _ = _stolen_bears_hit_the_monarch()
    g.resolve()
    crowned = next(e for e in reversed(g.events) if isinstance(e, MonarchChanged))
    assert g.monarch == "Alice" and crowned.rules == ("725.2", "725.3")


def test_400_7_controller_of_an_incarnation_is_that_objects_last_known_controller() -> None:
    g, bears = _stolen_bears_hit_the_monarch()
    was = g.obj(bears).incarnation
    mana(g, "Bob", "Mountain")
    g.cast(g.put_in_hand("Lightning Bolt", "Bob"), target=bears)
    g.resolve()
    assert g.controller_of(bears) == "Alice"  # the card in the graveyard: its last known controller
    g.pass_priority()
    mana(g, "Bob", "Plains", 3)
    g.activate(g.find("Order of Whiteclay"), target=bears)
    g.resolve()
    assert (g.controller_of(bears), g.controller_of(bears, was)) == ("Bob", "Alice")
    assert g.controller_of(bears, g.obj(bears).incarnation) == "Bob"
