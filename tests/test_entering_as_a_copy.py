"""Clone's "you may have this enter as a copy" is a replacement effect on its entering (CR 614.1c,
2026-08-07) that applies however it enters: cast and resolved, returned from exile when Palace
Jailer's effect ends, or put onto the battlefield by an effect (707.5, 614.12a: the choice is made
before it enters). Issue 29's judge error 2."""

from __future__ import annotations

import pytest
from helpers import refused

from mtgkit import ChoiceError, Game, replay
from mtgkit.events import ChoiceMade, Entered, StateBasedMove


def copy_choices(g: Game) -> list[ChoiceMade]:
    return [e for e in g.events if isinstance(e, ChoiceMade) and e.question == "copy"]


def _clone_jailed() -> tuple[Game, int, int]:
    """Bob's Clone entered as a copy of Alice's Hill Giant; Alice's Palace Jailer exiled it until
    an opponent becomes the monarch (it is a Clone card again in exile, CR 400.7)."""
    g = Game(["Alice", "Bob"])
    giant = g.put_onto_battlefield("Hill Giant", "Alice")
    clone = g.put_onto_battlefield("Clone", "Bob", by_effect=True, copy=giant)
    g.put_onto_battlefield("Palace Jailer", "Alice", by_effect=True)
    g.resolve_stack()
    assert g.monarch == "Alice" and g.obj(clone).zone == "exile" and g.obj(clone).name == "Clone"
    return g, giant, clone


def test_614_1c_707_5_a_clone_returned_by_palace_jailers_effect_ending_may_enter_as_a_copy() -> None:
    g, giant, clone = _clone_jailed()
    g.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)  # "you become the monarch"
    events = g.resolve(copy=giant)  # Bob becomes the monarch: the Clone returns, as a Hill Giant
    back = next(e for e in events if isinstance(e, Entered) and e.obj_id == clone)
    asked = next(e for e in events if isinstance(e, ChoiceMade) and e.question == "copy")
    assert asked.player == "Bob" and asked.seq < back.seq and asked.rules == ("614.1c", "614.12a", "707.2")
    assert "no copy" in asked.options and asked.answer == f"Hill Giant #{giant}"
    assert back.copy_of == "Hill Giant" and "610.3" in back.rules and "707.5" in back.rules
    o = g.obj(clone)
    assert (o.zone, o.controller, o.name, o.toughness) == ("battlefield", "Bob", "Hill Giant", 3)
    assert replay(g.events) == g.board()


def test_614_1c_the_chooser_is_asked_when_the_call_doesnt_say() -> None:
    """Without copy=, the returning Clone's controller's chooser answers (its first option here)."""
    g, giant, clone = _clone_jailed()
    g.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
    g.resolve()
    (_, asked) = copy_choices(g)
    assert asked.answer == f"Hill Giant #{giant}" and g.obj(clone).name == "Hill Giant"


def test_614_1c_704_5f_choosing_no_copy_it_returns_as_a_0_0_and_dies() -> None:
    g, _, clone = _clone_jailed()
    g.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
    g.chooser = _NoCopy()
    g.resolve()
    assert copy_choices(g)[-1].answer == "no copy"
    died = next(e for e in g.events if isinstance(e, StateBasedMove) and e.obj_id == clone)
    assert died.rules == ("704.5f",) and g.obj(clone).zone == "graveyard"


class _NoCopy:
    """A chooser that answers "no copy" to Clone and takes the first option otherwise."""

    def choose(self, player: str, question: str, options: list[str]) -> str:
        return "no copy" if "no copy" in options else options[0]

    def order(self, player: str, question: str, items: list[str]) -> list[str]:
        return list(items)


def test_707_5_put_onto_the_battlefield_by_an_effect_a_clone_may_enter_as_a_copy() -> None:
    g = Game(["Alice", "Bob"])
    ballista = g.put_onto_battlefield("Walking Ballista", "Bob", counters={"+1/+1": 2})
    clone = g.put_onto_battlefield("Clone", "Alice", by_effect=True, copy=ballista)
    entered = next(e for e in g.events if isinstance(e, Entered) and e.obj_id == clone)
    assert entered.copy_of == "Walking Ballista" and entered.counters == ()  # X is 0 for it (107.3m)
    assert copy_choices(g)[0].setup  # asked as part of the set-up step, like a color (614.12a)
    assert g.obj(clone).zone == "graveyard"  # a 0/0 Ballista dies (704.5f) before anyone acts
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    other = g.put_onto_battlefield("Clone", "Alice", by_effect=True)  # the chooser: first creature
    assert copy_choices(g)[-1].options == (f"Walking Ballista #{ballista}", f"Grizzly Bears #{bears}",
                                           "no copy")
    again = next(e for e in g.events if isinstance(e, Entered) and e.obj_id == other)
    assert again.copy_of == "Walking Ballista" and g.obj(other).zone == "graveyard"
    assert replay(g.events) == g.board()


def test_707_5_copy_is_refused_where_nothing_asks_for_it() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    with pytest.raises(ValueError, match="by_effect"):
        g.put_onto_battlefield("Clone", "Alice", copy=bears)
    with refused(g, ChoiceError, "707.2"):
        g.put_onto_battlefield("Hill Giant", "Alice", by_effect=True, copy=bears)
    for land in ("Mountain",):
        g.activate(g.put_onto_battlefield(land, "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    with refused(g, ChoiceError, "707.5"):
        g.resolve(copy=bears)  # the Bolt resolves, and nothing enters as a copy
