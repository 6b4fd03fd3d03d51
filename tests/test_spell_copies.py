"""Copying spells and abilities on the stack (CR 707.10): a copy keeps X and every other choice,
may get new targets (707.10c), isn't cast, becomes a token if it is a permanent spell (608.3f) and
ceases to exist off the stack otherwise (704.5e). Each test is named after the rule it checks (CR
2026-08-07); the capstone X3 of issue 20 is played here."""

from __future__ import annotations

import pytest
from helpers import refused

from mtgkit import Game, Scripted, TargetError, replay
from mtgkit.events import AbilityCopied, ChoiceMade, Entered, SpellCast, SpellCopied, StateBasedMove


def lands(g: Game, name: str, n: int, player: str = "Alice") -> None:
    for _ in range(n):
        g.activate(g.put_onto_battlefield(name, player))


def test_707_10_608_3f_capstone_X3_lithoform_engine_copies_the_goose_mother() -> None:
    """X3: the copy keeps X = 3, enters as a 5/5 token and makes two Food; the original enters,
    Alice keeps one of the two legends, and the other's trigger still makes two Food (113.7a)."""
    g = Game(["Alice", "Bob"])
    engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
    lands(g, "Forest", 8)
    lands(g, "Island", 1)
    goose = g.put_in_hand("The Goose Mother", "Alice")
    g.cast(goose, x=3, pay="{G}{G}{G}{G}{U}")
    g.activate(engine, 2, target=goose)  # {4}, {T}: copy target permanent spell you control
    events = g.resolve_stack()
    copied = next(e for e in events if isinstance(e, SpellCopied))
    assert (copied.original, copied.x, copied.rules) == (goose, 3, ("707.10",))
    assert not any(isinstance(e, SpellCast) for e in events)  # a copy isn't cast
    token = next(e for e in events if isinstance(e, Entered) and e.obj_id == copied.obj_id)
    assert token.token and "608.3f" in token.rules and dict(token.counters) == {"+1/+1": 3}
    legend = [e for e in events if isinstance(e, ChoiceMade) and e.question == "legend rule"]
    assert len(legend) == 1
    alice = [o for o in g.permanents("Alice") if o.name not in ("Forest", "Island")]
    assert sorted(o.name for o in alice) == ["Food"] * 4 + ["Lithoform Engine", "The Goose Mother"]
    mother = next(o for o in alice if o.name == "The Goose Mother")
    assert (mother.power, mother.toughness) == (5, 5)
    assert replay(g.events) == g.board()


def test_707_10_a_copy_of_walking_ballista_keeps_x() -> None:
    """spell-copy-loses-x: the token enters with X counters, not as a 0/0."""
    g = Game(["Alice", "Bob"])
    engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
    lands(g, "Wastes", 8)
    ballista = g.put_in_hand("Walking Ballista", "Alice")
    g.cast(ballista, x=2)
    g.activate(engine, 2, target=ballista)
    g.resolve_stack()
    ballistas = [o for o in g.permanents("Alice") if o.name == "Walking Ballista"]
    assert sorted((o.token, o.counters.get("+1/+1")) for o in ballistas) == [(False, 2), (True, 2)]


def test_707_10_704_5e_a_copy_of_an_instant_isnt_cast_and_ceases_to_exist() -> None:
    """Bob's Chalice of the Void on one counters the Bolt Alice cast, never its copy."""
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Chalice of the Void", "Bob", counters={"charge": 1})
    engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
    lands(g, "Mountain", 4)
    bolt = g.put_in_hand("Lightning Bolt", "Alice")
    g.cast(bolt, target="Bob")  # Chalice triggers
    g.activate(engine, 1, target=bolt)  # {3}, {T}: copy target instant or sorcery spell you control
    events = g.resolve_stack()
    assert g.life("Bob") == 17  # the copy dealt 3; the Bolt itself was countered
    gone = [e for e in events if isinstance(e, StateBasedMove) and e.to == "gone"]
    assert [e.rules for e in gone] == [("704.5e", "707.10a")]
    assert g.board().player("Alice").graveyard == ("Lightning Bolt",)
    assert replay(g.events) == g.board()


def test_707_10c_the_copy_may_get_a_new_target() -> None:
    g = Game(["Alice", "Bob"], chooser=Scripted(["Grizzly Bears"]))
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
    lands(g, "Mountain", 4)
    bolt = g.put_in_hand("Lightning Bolt", "Alice")
    g.cast(bolt, target="Bob")
    g.activate(engine, 1, target=bolt)
    g.resolve_stack()
    assert g.obj(bears).zone == "graveyard" and g.life("Bob") == 17
    choice = next(e for e in g.events if isinstance(e, ChoiceMade) and "707.10c" in e.rules)
    assert choice.options[0] == "Bob"  # the original's target first: keeping it is the default
    copied = next(e for e in g.events if isinstance(e, SpellCopied))
    assert copied.target == bears and copied.rules == ("707.10", "707.10c")  # the target changed


def test_707_10c_608_3f_the_permanent_spell_copy_keeps_its_target() -> None:
    """Lithoform Engine's {4} ability doesn't say "you may choose new targets": the copy of Mind
    Control enchants the same creature (707.10), and Alice gains control of one creature, not two.
    The token Aura entered because it was a copy of a permanent spell (608.3f)."""
    g = Game(["Alice", "Bob"], chooser=Scripted(["Hill Giant"]))
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    giant = g.put_onto_battlefield("Hill Giant", "Bob")
    engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
    lands(g, "Island", 9)
    control = g.put_in_hand("Mind Control", "Alice")
    g.cast(control, target=bears)
    g.activate(engine, 2, target=control)
    g.resolve_stack()
    assert (g.controller_of(bears), g.controller_of(giant)) == ("Alice", "Bob")
    assert not any(isinstance(e, ChoiceMade) and e.question == "target" for e in g.events)
    copied = next(e for e in g.events if isinstance(e, SpellCopied))
    assert copied.target == bears and copied.rules == ("707.10",)
    token = next(e for e in g.events if isinstance(e, Entered) and e.obj_id == copied.obj_id)
    assert token.token and token.rules == ("608.3", "608.3c", "608.3f")
    assert replay(g.events) == g.board()


def test_707_10b_a_copy_of_an_ability_has_the_same_source() -> None:
    g = Game(["Alice", "Bob"])
    engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
    ballista = g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 1})
    lands(g, "Wastes", 2)
    g.activate(ballista, 1, target="Bob")
    events = g.activate(engine, 0, target=g.stack()[-1].id)
    g.resolve_stack()
    copy = next(e for e in g.events if isinstance(e, AbilityCopied))
    assert copy.name == "Walking Ballista's ability" and copy.target == "Bob"
    assert g.life("Bob") == 18 and events
    assert replay(g.events) == g.board()


def test_115_1_what_lithoform_engine_can_target() -> None:
    g = Game(["Alice", "Bob"])
    engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
    lands(g, "Mountain", 5)
    bob_mountain = g.put_onto_battlefield("Mountain", "Bob")
    bolt = g.put_in_hand("Lightning Bolt", "Alice")
    g.cast(bolt, target="Bob")
    with refused(g, TargetError, "115.1"):
        g.activate(engine, 2, target=bolt)  # an instant, not a permanent spell
    with refused(g, TargetError, "115.1"):
        g.activate(engine, 0, target=bolt)  # a spell, not an ability
    with refused(g, TargetError, "115.1"):
        g.activate(engine, 1, target=engine)  # a permanent, not on the stack
    g.pass_priority()
    g.activate(bob_mountain)
    bobs = g.put_in_hand("Lightning Bolt", "Bob")
    g.cast(bobs, target="Alice")
    g.pass_priority()
    with refused(g, TargetError, "115.1"):
        g.activate(engine, 1, target=bobs)  # Bob's spell: "you control"


def test_601_2c_602_2b_lithoform_engine_needs_something_on_the_stack_to_copy() -> None:
    """An ability that needs a target can't be activated without a legal one: can_activate and
    why_not say so (naming what is missing), and activate refuses the same way."""
    g = Game(["Alice", "Bob"])
    engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
    lands(g, "Wastes", 4)
    lands(g, "Forest", 2)
    assert not g.can_activate(engine, 0)
    assert g.why_not("activate", engine, ability=0) == (
        "Lithoform Engine's ability needs a target (target activated or triggered ability you "
        "control), and there is none: the stack is empty. [CR 601.2c (2026-08-07)]")
    with refused(g, TargetError, "601.2c"):
        g.activate(engine, 0)
    g.cast(g.put_in_hand("Grizzly Bears", "Alice"))
    assert not g.can_activate(engine, 1)
    assert "there is none: Grizzly Bears is a permanent spell" in g.why_not("activate", engine, ability=1)
    with refused(g, TargetError, "601.2c"):
        g.activate(engine, 1)
    assert g.can_activate(engine, 2, timing=False)  # the permanent spell is a legal target


def test_115_1_605_3b_a_stack_target_refusal_names_the_object() -> None:
    """Not a raw id: what the object is, and for a land that its mana ability never goes on the
    stack (605.3b)."""
    g = Game(["Alice", "Bob"])
    engine = g.put_onto_battlefield("Lithoform Engine", "Alice")
    lands(g, "Mountain", 4)
    forest = g.put_onto_battlefield("Forest", "Alice")
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    with pytest.raises(TargetError) as land:
        g.activate(engine, 1, target=forest)
    assert land.value.reason.startswith(
        "Forest is a permanent, not a spell or ability on the stack (its mana abilities resolve at "
        "once and never go on the stack, CR 605.3b)") and land.value.rule == "115.1"
    with pytest.raises(TargetError) as player:
        g.activate(engine, 1, target="Bob")
    assert player.value.reason.startswith("Bob is a player, not a spell or ability on the stack")
