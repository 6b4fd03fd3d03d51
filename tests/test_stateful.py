"""The API contract, tested as a state machine (hypothesis): a random walk of public calls with
legal and junk arguments. After every call:

* a refused call (``RulesError``, ``ValueError`` or ``TypeError``) changed nothing, and nothing
  else ever escapes;
* ``replay(game.events) == game.board()`` and the event numbers run 1, 2, 3, ...

CI runs a few thousand derandomized steps; ``make soak`` (``MTGKIT_SOAK=1``) runs 20,000+.
"""

from __future__ import annotations

import math
import os
from typing import Any

import pytest
from helpers import snapshot
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from mtgkit import CATALOG, STEPS, Game, RulesError, replay
from mtgkit.game import _index_keys

# Not in the fast tier (kit.py fast): a stateful run over random games; `make soak` runs it longer.
pytestmark = pytest.mark.slow

SOAK = bool(os.environ.get("MTGKIT_SOAK"))
DOCUMENTED = (RulesError, ValueError, TypeError)
#: Events that start a chain of causes: the game, a turn or step, or a player's own action.
ORIGINS = {"players", "turn", "step", "setup", "activate", "cast", "land", "attack", "block", "pass",
           "leave"}
CARDS = sorted(name for name in CATALOG if name != "Library Card")
#: The teaching set-up calls: they record setup events and check no state-based action.
SETUP_CALLS = {"put_onto_battlefield", "put_in_zone", "make_monarch", "set_life"}
#: The calls that only read the game.
QUERY_CALLS = {"could_produce", "explain_could_produce", "can_activate", "why_not_activate", "why_not",
               "why"}

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 300), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6), st.sampled_from(["lunch", "{G}", "+1/+1", "stack", "Forrest", "", "X"]),
    st.lists(st.integers(-1, 60), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(-2, 4),
                                                               max_size=2),
)


class GameMachine(RuleBasedStateMachine):
    """Every public action, called with values that make sense in the game (ids, players,
    steps, cards) mixed with junk."""

    game: Game
    after_setup = False
    calls = 0
    refusals = 0

    @initialize(players=st.sampled_from([["Alice", "Bob"], ["Alice", "Bob", "Carol"],
                                         ["Alice", "Bob", "Carol", "Dave"]]),
                library=st.integers(0, 6), life=st.sampled_from([1, 3, 20]))
    def start(self, players: list[str], library: int, life: int) -> None:
        self.game = Game(players, library=library, life=life)

    # ------------------------------------------------------------------ helpers
    def value(self, data: st.DataObject, *pools: list[Any]) -> Any:
        """Mostly a value that makes sense here; one time in five, junk."""
        choices = [st.sampled_from(p) for p in pools if p]
        if not choices or data.draw(st.integers(0, 4)) == 0:
            return data.draw(JUNK)
        return data.draw(st.one_of(*choices))

    def ids(self) -> list[int]:
        return sorted(o.id for p in self.game.players for z in ("battlefield", "hand", "graveyard")
                      for o in self.game.zone(p, z))

    def call(self, fn: Any, *args: Any, **kwargs: Any) -> None:
        before = snapshot(self.game)
        GameMachine.calls += 1
        try:
            fn(*args, **kwargs)
            # a teaching set-up doesn't check state-based actions (the next action does): a 0/0 put
            # there by put_onto_battlefield waits until then; a refused call or a query changes that
            if fn.__name__ in SETUP_CALLS and not kwargs.get("by_effect"):
                self.after_setup = True
            elif fn.__name__ not in QUERY_CALLS:
                self.after_setup = False
        except DOCUMENTED as err:
            GameMachine.refusals += 1
            assert snapshot(self.game) == before, f"{fn.__name__} raised {err!r} but changed the game"
            assert str(err), "a refusal must say why"

    # ------------------------------------------------------------------ setup calls
    @rule(data=st.data())
    def put_onto_battlefield(self, data: st.DataObject) -> None:
        g = self.game
        kwargs: dict[str, Any] = {}
        if data.draw(st.booleans()):
            kwargs["tapped"] = self.value(data, [True, False])
        if data.draw(st.integers(0, 4)) == 0:
            kwargs["counters"] = self.value(data, [{"+1/+1": 2}, {"charge": 1}, {"+1/+1": "x"}])
        if data.draw(st.integers(0, 3)) == 0:
            kwargs["attached_to"] = self.value(data, self.ids())
        if data.draw(st.integers(0, 3)) == 0:
            kwargs["by_effect"] = self.value(data, [True])
        if data.draw(st.integers(0, 4)) == 0:
            kwargs["arrived"] = self.value(data, ["this turn", "last turn"])
        self.call(g.put_onto_battlefield, self.value(data, CARDS), self.value(data, list(g.players)),
                  **kwargs)

    @rule(data=st.data())
    def put_in_zone(self, data: st.DataObject) -> None:
        g = self.game
        self.call(g.put_in_zone, self.value(data, CARDS), self.value(data, list(g.players)),
                  self.value(data, ["hand", "graveyard", "library", "exile"]))

    @rule(data=st.data())
    def make_monarch(self, data: st.DataObject) -> None:
        self.call(self.game.make_monarch, self.value(data, list(self.game.players)))

    # ------------------------------------------------------------------ actions
    @rule(data=st.data())
    def activate(self, data: st.DataObject) -> None:
        g = self.game
        kwargs: dict[str, Any] = {}
        if data.draw(st.integers(0, 3)) == 0:
            kwargs["color"] = self.value(data, ["W", "U", "B", "R", "G", "C"])
        if data.draw(st.integers(0, 3)) == 0:
            kwargs["target"] = self.value(data, self.ids() + list(g.players))
        if data.draw(st.integers(0, 5)) == 0:
            kwargs["order"] = self.value(data, [["Contamination", "Mana Reflection"], ["x"]])
        if data.draw(st.integers(0, 6)) == 0:
            kwargs["player"] = self.value(data, list(g.players))
        self.call(g.activate, self.value(data, [o.id for o in g.permanents()]),
                  self.value(data, [0, 1, 2]), **kwargs)

    @rule(data=st.data())
    def cast(self, data: st.DataObject) -> None:
        g = self.game
        hand = [o.id for p in g.players for o in g.zone(p, "hand")]
        kwargs: dict[str, Any] = {}
        if data.draw(st.booleans()):
            kwargs["target"] = self.value(data, [o.id for o in g.permanents()] + list(g.players))
        if data.draw(st.integers(0, 2)) == 0:
            kwargs["x"] = self.value(data, [0, 1, 2, 3, math.nan, -1, 10**9])
        self.call(g.cast, self.value(data, hand), **kwargs)

    @rule(data=st.data())
    def play_land(self, data: st.DataObject) -> None:
        g = self.game
        self.call(g.play_land, self.value(data, [o.id for p in g.players for o in g.zone(p, "hand")]))

    @rule(data=st.data())
    def pass_or_resolve(self, data: st.DataObject) -> None:
        g = self.game
        which = data.draw(st.sampled_from(["pass", "resolve", "resolve_stack"]))
        if which == "pass":
            if data.draw(st.booleans()):
                self.call(g.pass_priority, self.value(data, list(g.players)))
            else:
                self.call(g.pass_priority)
        elif which == "resolve":
            self.call(g.resolve, **({"copy": self.value(data, self.ids())} if data.draw(st.booleans())
                                    else {}))
        else:
            self.call(g.resolve_stack)

    @rule(data=st.data())
    def advance(self, data: st.DataObject) -> None:
        g = self.game
        if data.draw(st.booleans()):
            self.call(g.advance, to=self.value(data, list(STEPS)))
        elif data.draw(st.integers(0, 3)) == 0:
            self.call(g.next_turn, to=self.value(data, list(STEPS)))
        else:
            self.call(g.advance)

    @rule(data=st.data())
    def combat(self, data: st.DataObject) -> None:
        g = self.game
        creatures = [o.id for o in g.permanents() if o.is_a("Creature")]
        if data.draw(st.booleans()):
            attackers = data.draw(st.lists(st.sampled_from(creatures), max_size=3)) if creatures else []
            self.call(g.attack, self.value(data, [attackers]),
                      *([self.value(data, list(g.players))] if data.draw(st.booleans()) else []))
        else:
            pairs = {}
            if len(creatures) >= 2:
                pairs = {data.draw(st.sampled_from(creatures)): data.draw(st.sampled_from(creatures))}
            self.call(g.block, self.value(data, [pairs]))

    @rule(data=st.data())
    def bolt(self, data: st.DataObject) -> None:
        """The player with priority taps a new Mountain and casts Lightning Bolt at a creature
        or a player, and everyone passes: damage, deaths, players losing."""
        g = self.game
        who = g.priority_player
        if who is None or g.over or not g.in_game(who) or len(g._s.objects) > 4900:
            return  # an ended game takes no set-up calls either (CR 104.1): tests/test_game_over.py
        self.call(g.activate, g.put_onto_battlefield("Mountain", who))
        bolt = g.put_in_hand("Lightning Bolt", who)
        targets = [o.id for o in g.permanents() if o.is_a("Creature")] + list(g.players)
        self.call(g.cast, bolt, target=data.draw(st.sampled_from(targets)))
        if data.draw(st.booleans()):
            self.call(g.resolve)

    @rule(data=st.data())
    def concede(self, data: st.DataObject) -> None:
        if data.draw(st.integers(0, 4)) == 0:
            self.call(self.game.concede, self.value(data, list(self.game.players)))

    @rule(data=st.data())
    def queries(self, data: st.DataObject) -> None:
        g = self.game
        ref = self.value(data, self.ids())
        for fn in (g.could_produce, g.explain_could_produce, g.can_activate, g.why_not_activate):
            self.call(fn, ref)
        self.call(g.why_not, self.value(data, ["mana", "trigger", "monarch", "activate"]),
                  self.value(data, self.ids() + list(g.players)))
        self.call(g.why, self.value(data, list(range(1, len(g.events) + 1))))

    # ------------------------------------------------------------------ invariants
    @invariant()
    def the_log_is_the_truth(self) -> None:
        if not hasattr(self, "game"):
            return
        events = self.game.events
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        assert replay(events) == self.game.board()
        for e in events[-30:]:  # every event but an origin has an earlier cause
            if e.kind not in ORIGINS and not e.setup:
                assert e.cause is not None and e.cause < e.seq, str(e)

    @invariant()
    def the_battlefield_index_is_the_battlefield(self) -> None:
        """The index triggers and checks read (what each permanent waits for or is) is exactly
        what the battlefield holds, in its order."""
        if not hasattr(self, "game"):
            return
        s = self.game._s
        expected: dict[object, dict[int, int]] = {}
        for i in s.battlefield:
            o = s.objects[i]
            for key in _index_keys(o):
                expected.setdefault(key, {})[i] = o.arrival
        assert {k: dict(v) for k, v in s.index.items()} == expected
        arrivals = [s.objects[i].arrival for i in s.battlefield]
        assert arrivals == sorted(arrivals) and len(set(arrivals)) == len(arrivals)

    @invariant()
    def no_state_based_action_waits_while_a_player_holds_priority(self) -> None:
        """CR 704.3: whenever a player would get priority, every state-based action has been
        performed. Checked here against the whole game, not only the objects that changed.
        A teacher's set-up step is not a game action: what it makes (a 0/0 Walking Ballista) is
        dealt with the next time a player would receive priority, so right after one it waits."""
        if not hasattr(self, "game") or self.game.priority_player is None or self.after_setup:
            return
        if self.game.events and self.game.events[-1].kind == "setup":
            return
        assert sba_pending(self.game) == []


def sba_pending(g: Game) -> list[str]:
    """Every state-based action the kit performs that applies now, found by looking at every
    player and every object (the engine looks only at what changed since its last check)."""
    found = [f"{p} loses" for p in g.players if g.in_game(p) and (
        g.life(p) <= 0 or g._player(p).drew_from_empty)]
    perms = g.permanents()
    for o in perms:
        if o.is_a("Creature") and (o.toughness <= 0 or o.damage >= o.toughness
                                   or (o.deathtouch_damage and o.damage > 0)):
            found.append(f"{o.name} #{o.id} dies")
        if o.card.enchant:
            host = g._s.objects.get(o.attached_to) if o.attached_to is not None else None
            if host is None or host.zone != "battlefield" or not host.is_a(o.card.enchant):
                found.append(f"{o.name} #{o.id} falls off")
        if o.is_a("Legendary") and sum(p.name == o.name and p.controller == o.controller
                                       for p in perms) > 1:
            found.append(f"legend rule for {o.name}")
    found += [f"{o.name} #{o.id} token ceases to exist" for o in g._s.objects.values()
              if o.token and o.zone not in ("battlefield", "gone", "token")]
    return found


def test_the_full_scan_finds_what_the_engine_would_act_on() -> None:
    """The oracle above sees a state-based action the engine hasn't performed yet (set-up
    doesn't check them; the next action does)."""
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Walking Ballista", "Alice", counters={})
    assert sba_pending(g) == ["Walking Ballista #61 dies"]
    g.pass_priority()
    assert sba_pending(g) == []


GameMachine.TestCase.settings = settings(
    max_examples=400 if SOAK else 60,
    stateful_step_count=60 if SOAK else 50,
    derandomize=not SOAK,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestGameMachine = GameMachine.TestCase
