"""Property-based tests over the whole catalog: random setups and random actions, legal and
illegal, with random choices. CI runs a bounded, derandomized number of examples; `make soak`
runs many more (MTGKIT_SOAK=1)."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable

import pytest
from helpers import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgkit import CATALOG, COLORS, STEPS, Game, RulesError, replay
from mtgkit.game import NO_PRIORITY, ZONES

# Not in the fast tier (kit.py fast): a property run over random games; `make soak` runs it longer.
pytestmark = pytest.mark.slow

SOAK = bool(os.environ.get("MTGKIT_SOAK"))
SETTINGS = settings(database=None, max_examples=1500 if SOAK else 200, deadline=None, derandomize=not SOAK,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

PERMANENTS = sorted(n for n, c in CATALOG.items()
                    if c.types - {"Instant", "Sorcery"} and not c.enchant and n != "Library Card")
HAND = sorted(n for n, c in CATALOG.items() if c.cost is not None and not c.is_a("Land"))
AURAS = sorted(n for n, c in CATALOG.items() if c.enchant)
# Weighted by repetition: mostly activating and casting, now and then moving on.
ACTIONS = (["activate"] * 6 + ["cast"] * 3 + ["resolve"] * 2 + ["advance"] * 2
           + ["attack", "block", "play_land", "concede", "could_produce", "resolve_stack"])


@st.composite
def setups(draw: st.DrawFn) -> dict:
    n = draw(st.integers(2, 3))
    players = ["Alice", "Bob", "Carol"][:n]
    board = {p: draw(st.lists(st.tuples(st.sampled_from(PERMANENTS), st.booleans(), st.booleans()),
                              max_size=8)) for p in players}
    basics = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"]
    for p in players:
        board[p] += [(land, False, False) for land in draw(st.lists(st.sampled_from(basics), max_size=6))]
    hand = {p: draw(st.lists(st.sampled_from(HAND + ["Forest", "Island"]), max_size=3)) for p in players}
    auras = draw(st.lists(st.tuples(st.sampled_from(AURAS), st.integers(0, 50)), max_size=2))
    monarch = draw(st.none() | st.sampled_from(players))
    start = draw(st.sampled_from(["main1", "main1", "main1", "upkeep", "main2", "end"]))
    return dict(players=players, board=board, hand=hand, auras=auras, monarch=monarch, start=start)


actions = st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 99), st.integers(0, 99),
                             st.integers(0, 99)), max_size=40)


def build(setup: dict) -> Game:
    g = Game(setup["players"], start=setup["start"], library=5)
    for who, cards in setup["board"].items():
        for name, tapped, new in cards:
            g.put_onto_battlefield(name, who, tapped=tapped, arrived="this turn" if new else "last turn")
    for name, k in setup["auras"]:
        hosts = [o for o in g.permanents() if o.is_a(CATALOG[name].enchant or "")]
        if hosts:
            host = hosts[k % len(hosts)]
            g.put_onto_battlefield(name, host.controller, attached_to=host.id)
    for who, cards in setup["hand"].items():
        for name in cards:
            g.put_in_hand(name, who)
    if setup["monarch"]:
        g.make_monarch(setup["monarch"])
    return g


def pick(seq: list, k: int):  # type: ignore[no-untyped-def]
    return seq[k % len(seq)] if seq else None


Call = Callable[[], object] | None


def act(g: Game, kind: str, a: int, b: int, c: int) -> Call:
    """Do any preparation, then return the one API call to check (None: nothing to do)."""
    return ACT[kind](g, a, b, c)


def _activate(g: Game, a: int, b: int, c: int) -> Call:
    perms, players = g.permanents(), list(g.players)
    o = pick([p for p in perms if p.card.activated], a)
    if o is None:
        return None
    idx = b % len(o.card.activated)
    ab = o.card.activated[idx]
    color = COLORS[c % 5] if c % 3 == 0 else None
    order = None
    reps = g.mana_replacements(o, ab)
    if reps and c % 2:
        perms_ = list(itertools.permutations([r.label for r in reps]))
        order = list(perms_[b % len(perms_)])
    target = None
    if ab.targets is not None and ab.targets.zone == "graveyard":
        grave = [o2.id for p in players for o2 in g.zone(p, "graveyard")]
        target = pick(grave, c)
    elif ab.targets is not None:
        target = pick(players, c) if c % 2 else (pick(perms, c).id if perms else None)
    return lambda: g.activate(o.id, idx, color=color, order=order, target=target)


def _cast(g: Game, a: int, b: int, c: int) -> Call:
    perms, players = g.permanents(), list(g.players)
    untapped = [o for o in perms if o.is_a("Basic") and not o.tapped]
    for land in [o for o in untapped if o.controller == g.active_player][:a % 5]:
        try:
            g.activate(land.id)  # make some mana first
        except RulesError:
            break
    hand = [o for p in players for o in g.zone(p, "hand")]
    o = pick(hand, a)
    if o is None:
        return None
    target = None
    if o.card.spell_targets is not None:
        target = pick(players, b) if b % 2 else (pick(perms, b).id if perms else None)
    return lambda: g.cast(o.id, x=c % 4 if o.card.cost and o.card.cost.x_count else 0, target=target)


def _play_land(g: Game, a: int, b: int, c: int) -> Call:
    hand = [o for p in g.players for o in g.zone(p, "hand") if o.is_a("Land")]
    if hand:
        return lambda: g.play_land(pick(hand, a).id)
    return None


def _attack(g: Game, a: int, b: int, c: int) -> Call:
    mine = [o.id for o in g.permanents() if o.controller == g.active_player and o.is_a("Creature")]
    chosen = [x for i, x in enumerate(mine) if (a >> i) & 1]
    return lambda: g.attack(chosen)


def _block(g: Game, a: int, b: int, c: int) -> Call:
    theirs = [o.id for o in g.permanents() if o.controller != g.active_player and o.is_a("Creature")]
    attackers = list(g._s.attackers)
    if theirs and attackers:
        return lambda: g.block({pick(theirs, a): pick(attackers, b)})
    return lambda: g.block({})


def _concede(g: Game, a: int, b: int, c: int) -> Call:
    players = list(g.players)
    if b % 5 == 0:
        return lambda: g.concede(pick(players, a))
    return None


def _could_produce(g: Game, a: int, b: int, c: int) -> Call:
    before = snapshot(g)
    g.could_produce_all()
    assert snapshot(g) == before, "could-produce changed the game"
    return None


#: What each kind of action prepares and calls, given the random numbers a, b and c.
ACT: dict[str, Callable[[Game, int, int, int], Call]] = {
    "activate": _activate,
    "cast": _cast,
    "play_land": _play_land,
    "resolve": lambda g, a, b, c: g.resolve,
    "resolve_stack": lambda g, a, b, c: g.resolve_stack,
    "advance": lambda g, a, b, c: lambda: g.advance(to=STEPS[a % len(STEPS)] if a % 4 == 0 else None),
    "attack": _attack,
    "block": _block,
    "concede": _concede,
    "could_produce": _could_produce,
}


def check_invariants(g: Game, seen_monarch: list[bool]) -> None:
    s = g._s
    in_game = [p.name for p in s.players if p.in_game]
    if s.monarch is not None:
        seen_monarch[0] = True
    if seen_monarch[0] and in_game:
        assert s.monarch in in_game, "once there is a monarch there is exactly one while players remain"
    for p in s.players:
        assert min(p.pool.counts) >= 0
    ids = [o.id for o in s.objects.values() if o.zone == "battlefield"]
    assert sorted(ids) == sorted(s.battlefield) and len(set(s.battlefield)) == len(s.battlefield)
    for item in s.stack:
        if item.kind == "spell":
            assert s.objects[item.id].zone == "stack"
    assert all(o.zone in ZONES for o in s.objects.values()), "an object outside every zone"
    assert replay(g.events) == g.board(), "the log disagrees with the state"
    tapped: set[int] = {o.id for o in s.objects.values()} & set()
    for e in g.events:
        if e.kind in ("setup", "enter", "land") and e.get("tapped"):
            tapped.add(e.get("id"))
        elif e.kind == "tap":
            if "107.5" in e.rules:
                assert e.obj_id not in tapped, "a tapped permanent paid {T} again"
            tapped.add(e.obj_id)  # type: ignore[arg-type]
        elif e.kind == "untap" or (e.get("to") is not None and e.get("to") != "battlefield"):
            tapped.discard(e.obj_id if e.kind == "untap" else e.get("id"))
        elif e.kind in ("setup", "enter", "land"):
            tapped.discard(e.get("id"))


def play(setup: dict, steps: list) -> tuple[str, ...]:
    g = build(setup)
    seen = [g.monarch is not None]
    for kind, a, b, c in steps:
        call = act(g, kind, a, b, c)
        if call is None:
            check_invariants(g, seen)
            continue
        before = snapshot(g)
        try:
            call()
        except (RulesError, ValueError, TypeError) as err:  # the documented exceptions
            assert snapshot(g) == before, f"{kind} raised {err} but changed the game"
            assert str(err)
        check_invariants(g, seen)
    return tuple(e.text for e in g.events)


@SETTINGS
@given(setups(), actions)
def test_random_play_keeps_every_invariant_and_is_deterministic(setup: dict, steps: list) -> None:
    first = play(setup, steps)
    assert play(setup, steps) == first, "the same setup and choices must give the same timeline"


def test_no_priority_steps_are_known() -> None:
    assert NO_PRIORITY <= set(STEPS)
