"""After the game has ended, nothing changes it (issue 32, item 7).

A game ends immediately when a player wins or it is a draw (CR 104.1). Before, the teaching
set-up calls (``set_life``, ``make_monarch``, ``put_onto_battlefield``, ``put_in_zone``) were
still accepted after a concession had ended the game, and could turn "Alice won" into a draw.
Every public method that changes a game is called here on games that ended three ways (a
concession, a loss to state-based actions, a draw); each is refused with a ``GameOverError``
naming the rule, and the refused call leaves the game exactly as it was.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest
from helpers import refused

from mtgkit import Game
from mtgkit.actions import SetLife
from mtgkit.errors import GameOverError

#: Every public method of Game that changes the game, called with arguments that would be
#: accepted mid-game (the object refs come from :func:`ended`).
MUTATING: dict[str, Callable[[Game, dict[str, int]], object]] = {
    "set_life": lambda g, r: g.set_life("Alice", 0),
    "apply": lambda g, r: g.apply(SetLife("Alice", 0)),
    "make_monarch": lambda g, r: g.make_monarch("Alice"),
    "put_onto_battlefield": lambda g, r: g.put_onto_battlefield("Grizzly Bears", "Alice"),
    "put_in_zone": lambda g, r: g.put_in_zone("Forest", "Alice", "graveyard"),
    "put_in_hand": lambda g, r: g.put_in_hand("Lightning Bolt", "Alice"),
    "put_in_library": lambda g, r: g.put_in_library("Forest", "Alice", 2),
    "put_in_graveyard": lambda g, r: g.put_in_graveyard("Forest", "Alice"),
    "pass_priority": lambda g, r: g.pass_priority(),
    "advance": lambda g, r: g.advance(),
    "next_turn": lambda g, r: g.next_turn(),
    "activate": lambda g, r: g.activate(r["forest"]),
    "play_land": lambda g, r: g.play_land(r["land"]),
    "cast": lambda g, r: g.cast(r["bolt"], target="Alice"),
    "resolve": lambda g, r: g.resolve(),
    "resolve_stack": lambda g, r: g.resolve_stack(),
    "attack": lambda g, r: g.attack([r["bears"]]),
    "block": lambda g, r: g.block({}),
    "concede": lambda g, r: g.concede("Alice"),
}
#: The rest of Game's public methods: questions about the game, which change nothing.
QUERIES = {
    "asking", "attack_refusal", "available_mana", "block_refusal", "board", "can", "can_activate",
    "can_attack", "can_block", "can_cast", "castable", "colors_of_permanents",
    "controlled_since_turn_began", "controller_of", "could_produce", "could_produce_all",
    "count_permanents", "event_end", "explain_could_produce", "find", "has_haste", "has_mana_value",
    "in_combat", "in_game", "is_a", "keywords", "last_known", "life", "mana_effects", "mana_replacements",
    "mana_value", "obj", "permanents", "players_matching", "pool", "refusal", "refusal_of", "replay",
    "replay_of", "stack", "trace_could_produce", "why", "why_not", "why_not_activate", "zone",
}
EXTRA = {  # a second form of a call: an effect puts a card onto the battlefield (its triggers too)
    "put_onto_battlefield by an effect": lambda g, r: g.put_onto_battlefield("Custodi Lich", "Alice",
                                                                             by_effect=True),
}


def ended(how: str) -> tuple[Game, dict[str, int]]:
    """Alice's game with a Forest, Grizzly Bears, a Lightning Bolt and a Forest in hand, ended
    by ``how``: Bob concedes (Alice wins), Bob's life is 0 when a player would next receive
    priority (Alice wins, CR 704.5a), or both players' lives are 0 (a draw, CR 104.4a)."""
    g = Game(["Alice", "Bob"])
    refs = {"forest": g.put_onto_battlefield("Forest", "Alice"),
            "bears": g.put_onto_battlefield("Grizzly Bears", "Alice"),
            "bolt": g.put_in_hand("Lightning Bolt", "Alice"),
            "land": g.put_in_hand("Forest", "Alice")}
    g.advance(to="beginning_of_combat")
    if how == "concession":
        g.concede("Bob")
    else:
        g.set_life("Bob", 0)
        if how == "draw":
            g.set_life("Alice", 0)
        g.pass_priority()
    assert g.over and g.winner == (None if how == "draw" else "Alice")
    return g, refs


def test_every_public_method_is_known_as_a_change_or_a_query() -> None:
    """A new public method of Game must be added to one list (and, if it changes the game,
    refused after the end like the others)."""
    public = {n for n, v in inspect.getmembers(Game) if not n.startswith("_") and callable(v)}
    assert public == set(MUTATING) | QUERIES


@pytest.mark.parametrize("how", ["concession", "state-based action", "draw"])
@pytest.mark.parametrize("name", [*MUTATING, *EXTRA])
def test_after_the_end_every_change_is_refused_and_changes_nothing(name: str, how: str) -> None:
    g, refs = ended(how)
    call = {**MUTATING, **EXTRA}[name]
    with refused(g, GameOverError):
        call(g, refs)
    assert g.over and g.winner == (None if how == "draw" else "Alice")


@pytest.mark.parametrize("name", ["set_life", "make_monarch", "put_onto_battlefield", "put_in_zone",
                                  "resolve_stack", "attack", "block"])
def test_the_set_up_calls_name_the_end_of_the_game(name: str) -> None:
    """The calls that used to be accepted say why: the game ended (CR 104.1), and how."""
    g, refs = ended("concession")
    with refused(g, GameOverError, "104.1"):
        MUTATING[name](g, refs)
    with pytest.raises(GameOverError, match=r"The game is over: Alice won \(CR 104\.2a\)\. A game that "
                                            r"has ended takes no more changes \(CR 104\.1\)"):
        MUTATING[name](g, refs)
    g, refs = ended("draw")
    with pytest.raises(GameOverError, match=r"it is a draw \(CR 104\.4a\)"):
        MUTATING[name](g, refs)


def test_the_issue_s_draw_can_no_longer_be_made() -> None:
    """Issue 32: after Bob conceded, setting Alice's life to 0 and passing made the game a draw."""
    g, _ = ended("concession")
    with pytest.raises(GameOverError):
        g.set_life("Alice", 0)
    assert g.winner == "Alice" and g.life("Alice") == 20


def test_a_game_still_going_after_one_player_left_takes_set_up_calls() -> None:
    """Three players, Carol conceded: the game goes on (CR 800.4a), and so does its set-up."""
    g = Game(["Alice", "Bob", "Carol"])
    g.concede("Carol")
    assert not g.over
    g.set_life("Bob", 7)
    g.put_onto_battlefield("Forest", "Alice")
    assert g.life("Bob") == 7
