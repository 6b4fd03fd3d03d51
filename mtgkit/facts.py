"""Sentences about a game as it stands, for worked examples: what a notebook cell shows instead
of a Python value (``Mana('{G}')``, ``('Bob', 20)``, ``["The monarch's ability"]``).

Each function reads the game (it changes nothing) and returns a :class:`~mtgkit.crlinks.Cited`:
in a notebook it shows as its sentence, with any rule number a link; ``str()`` gives the plain
text. ``Cited(a, b)`` shows several facts, one a line.

>>> from mtgkit import Game
>>> game = Game(["Alice", "Bob"])
>>> forest = game.put_onto_battlefield("Forest", "Alice")
>>> _ = game.activate(forest)
>>> mana_pool(game, "Alice")
Alice's mana pool: {G}.
>>> life_totals(game)
Alice has 20 life. Bob has 20 life.
>>> card(game, forest)
Alice's Forest is on the battlefield, tapped.
>>> print(Cited(stack(game), priority(game), monarch(game)))
The stack is empty.
Alice holds priority.
Nobody is the monarch.
"""

from __future__ import annotations

from .crlinks import Cited
from .game import Game
from .mana import symbols
from .wording import possessive

__all__ = ["Cited", "card", "could_produce", "life_totals", "mana_pool", "monarch", "new_events",
           "priority", "stack", "zone"]


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def mana_pool(game: Game, player: str) -> Cited:
    """What is in ``player``'s mana pool: "Alice's mana pool: {G}{G}." or "... is empty."."""
    pool = game.pool(player)
    return Cited(f"{player}'s mana pool: {pool}." if pool else f"{player}'s mana pool is empty.")


def life_totals(game: Game, *players: str) -> Cited:
    """Each player's life total (every player in turn order when none is named)."""
    return Cited(" ".join(f"{p} has {game.life(p)} life." for p in players or game.players))


def monarch(game: Game) -> Cited:
    """Who is the monarch (CR 725)."""
    return Cited(f"{game.monarch} is the monarch." if game.monarch else "Nobody is the monarch.")


def priority(game: Game) -> Cited:
    """Who holds priority now (CR 117)."""
    who = game.priority_player
    return Cited(f"{who} holds priority." if who else "Nobody holds priority in this step (CR 117.3a).")


def stack(game: Game) -> Cited:
    """What is on the stack, bottom to top, and whose each item is."""
    items = [f"{i.name} ({i.controller} controls it)" for i in game.stack()]
    if not items:
        return Cited("The stack is empty.")
    if len(items) == 1:
        return Cited(f"On the stack: {items[0]}.")
    return Cited(f"On the stack, bottom to top: {'; '.join(items)}.")


def zone(game: Game, player: str, where: str) -> Cited:
    """The cards ``player`` owns in a zone (``"hand"``, ``"graveyard"``, ``"exile"``, ``"library"``):
    the hand and the library by count, as the other players see them."""
    cards = game.zone(player, where)
    if where in ("hand", "library"):
        return Cited(f"{player} has {_plural(len(cards), 'card')} in {where}.")
    names = ", ".join(c.name for c in cards)
    whose = f"{possessive(player)} {where}"
    return Cited(f"{whose}: {names}." if cards else f"{whose} is empty.")


def card(game: Game, ref: int | str, *, mana_value: bool = False) -> Cited:
    """Where a card is and what matters about it there: on the battlefield tapped or untapped,
    with haste, with its counters; with ``mana_value``, its mana value now (CR 202.3e)."""
    o = game.obj(ref)
    where = {"battlefield": "on the battlefield", "stack": "on the stack"}.get(
        o.zone, f"in {possessive(o.owner)} {o.zone}")
    bits = []
    if o.zone == "battlefield":
        bits.append("tapped" if o.tapped else "untapped")
        if o.is_a("Creature") and game.has_haste(o.id):
            bits.append("with haste")
    counters = [_plural(n, f"{kind} counter") for kind, n in sorted(o.counters.items()) if n]
    if counters:
        bits.append("with " + " and ".join(counters))
    text = f"{possessive(o.controller)} {o.name} is {where}" + "".join(f", {b}" for b in bits)
    if mana_value:
        text += f"; its mana value is {game.mana_value(o.id)}"
    return Cited(text + ".")


def could_produce(game: Game, *refs: int | str) -> Cited:
    """What each permanent could produce (CR 106.7), one a line."""
    lines = []
    for ref in refs:
        o = game.obj(ref)
        lines.append(f"{possessive(o.controller)} {o.name} could produce "
                     f"{symbols(game.could_produce(o.id))} (CR 106.7).")
    return Cited(*lines)


def new_events(game: Game, since: int) -> Cited:
    """The events logged after the first ``since`` events: how many, and each one's sentence."""
    added = game.events[since:]
    if not added:
        return Cited(f"No new events: the game still has {_plural(since, 'event')}.")
    return Cited(f"{_plural(len(added), 'new event')}:", *(f"  #{e.seq} {e.text}" for e in added))
