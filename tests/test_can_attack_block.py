"""Game.can_attack / can_block (and attack_refusal / block_refusal, why_not('attack'/'block')):
the questions the lessons ask, answered by the same checks attack() and block() make, without
changing anything."""

from __future__ import annotations

import pytest

from mtgkit import Game
from mtgkit.errors import CombatError, RulesError, SummoningSicknessError, TimingError


def board() -> tuple[Game, dict[str, int]]:
    g = Game(["Alice", "Bob"])
    ids = {
        "bears": g.put_onto_battlefield("Grizzly Bears", "Alice"),
        "new": g.put_onto_battlefield("Grizzly Bears", "Alice", arrived="this turn"),
        "goblin": g.put_onto_battlefield("Raging Goblin", "Alice", arrived="this turn"),
        "tapped": g.put_onto_battlefield("Hill Giant", "Alice", tapped=True),
        "giant": g.put_onto_battlefield("Hill Giant", "Bob"),
    }
    return g, ids


def test_can_attack_says_what_attack_would_do_and_changes_nothing() -> None:
    g, ids = board()
    assert not g.can_attack(ids["bears"])  # main phase: not the time to declare
    assert isinstance(g.attack_refusal(ids["bears"]), TimingError)
    g.advance(to="beginning_of_combat")
    before = len(g.events)
    assert g.can_attack(ids["bears"]) and g.can_attack(ids["goblin"])  # haste (702.10b)
    sick = g.attack_refusal(ids["new"])
    assert isinstance(sick, SummoningSicknessError) and sick.rule == "302.6"
    tapped = g.attack_refusal(ids["tapped"])
    assert isinstance(tapped, CombatError) and tapped.rule == "508.1a"
    assert not g.can_attack(ids["giant"])  # Bob's, and it isn't Bob's turn
    assert len(g.events) == before
    assert g.why_not("attack", ids["bears"]) == "It can attack now."
    assert g.why_not("attack", ids["new"]) == str(sick)
    with pytest.raises(SummoningSicknessError):
        g.attack([ids["new"]])


def test_can_block_says_what_block_would_do() -> None:
    g = Game(["Alice", "Bob"])
    angel = g.put_onto_battlefield("Serra Angel", "Alice")
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    giant = g.put_onto_battlefield("Hill Giant", "Bob")
    g.advance(to="beginning_of_combat")
    assert isinstance(g.block_refusal(giant, bears), TimingError)  # nothing attacks yet
    g.attack([angel, bears])
    assert g.can_block(giant, bears)
    flying = g.block_refusal(giant, angel)
    assert isinstance(flying, CombatError) and flying.rule == "702.9b"
    assert g.why_not("block", giant, attacker=angel) == str(flying)
    assert g.why_not("block", giant, attacker=bears) == "It can block it now."
    with pytest.raises(CombatError, match="flying"):
        g.block({giant: angel})
    g.block({giant: bears})


def test_why_not_block_needs_the_attacker_and_only_block_takes_it() -> None:
    g, ids = board()
    with pytest.raises(ValueError, match="attacker="):
        g.why_not("block", ids["giant"])
    with pytest.raises(ValueError, match="attacker="):
        g.why_not("attack", ids["bears"], attacker=ids["giant"])
    with pytest.raises(RulesError, match="no player named 'Zed'"):  # as attack() says
        g.can_attack(ids["bears"], defender="Zed")
