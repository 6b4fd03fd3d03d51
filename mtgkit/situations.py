"""Situations: the boards practice questions and misconceptions are about, as plain data.

A situation is a small immutable record (a board and what happens on it) that builds a fresh
game whenever it is asked, and answers with *every* legal outcome: when a player makes a
choice along the way, each legal choice is tried with :mod:`mtgkit.outcomes`. Answers are
short strings a learner can pick from (``"{B}{B}"``, ``"3"``, ``"Alice"``, ``"yes"``).

Each situation also explains itself in plain words first, then with the chain of engine
events (written "event 13", so that "#13" only ever names an object).

>>> s = TapForMana(BoardSpec((Perm("Forest"), Perm("Mana Reflection"), Perm("Contamination", "Bob"))))
>>> s.legal()
('{B}', '{B}{B}')
>>> s.replace(order=("Contamination", "Mana Reflection")).legal()
('{B}{B}',)
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from typing import ClassVar, Protocol

from .events import (
    AbilityTriggered,
    ChoiceMade,
    DamageDealt,
    DamageRedirected,
    Entered,
    LifeChanged,
    MonarchChanged,
    PlayerLeft,
    StateBasedMove,
    ZoneChange,
)
from .game import Game
from .grading import one_of, plural
from .lessons import (
    BoltCase,
    CombatResult,
    LeaveCase,
    combat_outcomes,
    combat_setup,
    monarch_draw_race,
)
from .outcomes import Outcomes, outcomes
from .records import Value
from .teaching import LIBRARY, chain_lines, cr, event_lines
from .topics.boards import BoardSpec as BoardSpec  # the boards practice asks about
from .topics.boards import Perm as Perm
from .topics.could_produce import CouldProduce as CouldProduce
from .topics.could_produce import could_produce_board as could_produce_board
from .topics.tap_untap import Activation as Activation
from .topics.tap_untap import activation as activation
from .topics.tapping import TapForMana as TapForMana
from .topics.tapping import same_type_trigger as same_type_trigger
from .topics.tapping import tap_story as tap_story
from .topics.tapping import triggered_mana as triggered_mana
from .topics.x_values import X_ASKS as X_ASKS
from .topics.x_values import XEntry as XEntry
from .topics.x_values import x_pair as x_pair
from .topics.x_values import x_value as x_value


class Situation(Protocol):
    """What every situation offers practice and the misconception models."""

    topic: ClassVar[str]

    def key(self) -> Hashable: ...
    def describe(self) -> str: ...
    def legal(self) -> tuple[str, ...]: ...
    def explain(self) -> str: ...



# ------------------------------------------------------------------------------ could produce

# ------------------------------------------------------------------------------ tapping for mana

# ------------------------------------------------------------------------------ X values

# ------------------------------------------------------------------------------ {T} and {Q}

# ------------------------------------------------------------------------------ the monarch
class Combat(Value):
    """Alice attacks Bob, who has a Hill Giant and some Protectors of the Crown. Asked: who is
    the monarch after combat (``ask="monarch"``), or that and Bob's life (``"monarch and life"``)."""

    topic: ClassVar[str] = "monarch"
    attackers: tuple[str, ...]
    blocks: tuple[tuple[str, str], ...] = ()
    protectors: int = 1
    bob_is_monarch: bool = True
    ask: str = "monarch"

    def key(self) -> Hashable:
        return ("combat", self.attackers, self.blocks, self.protectors, self.bob_is_monarch)

    def describe(self) -> str:
        crown = "Bob is the monarch" if self.bob_is_monarch else "nobody is the monarch yet"
        prots = plural(self.protectors, "Protector of the Crown", "Protectors of the Crown")
        blocks = "".join(f"; Bob's {b} blocks {a}" for b, a in self.blocks)
        return (f"{crown}; Bob controls a Hill Giant and {prots}; Alice attacks Bob with "
                f"{one_of(self.attackers, last='and')}{blocks}")

    def results(self) -> list[CombatResult]:
        return _combat(self.attackers, self.blocks, self.protectors, self.bob_is_monarch)

    def answer_of(self, monarch: str | None, life: int) -> str:
        who = monarch or "nobody"
        if self.ask == "monarch":
            return who
        return f"{who} is the monarch; Bob has {life} life"

    def legal(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.answer_of(r.monarch_after, r.game.life("Bob"))
                                   for r in self.results()))

    def explain(self) -> str:
        r = self.results()[0]
        extra = ""
        if len(self.results()) > 1 and r.choices:
            extra = "\n(Bob chose which Protector took each creature's damage.)"
        return r.explanation + extra


@functools.lru_cache(maxsize=4096)
def _combat(attackers: tuple[str, ...], blocks: tuple[tuple[str, str], ...], protectors: int,
            bob_is_monarch: bool) -> list[CombatResult]:
    return combat_outcomes(attackers, dict(blocks), protectors, bob_is_monarch)


def combat_is_legal(attackers: tuple[str, ...], blocks: tuple[tuple[str, str], ...]) -> bool:
    """Can these blocks be declared? The engine decides (flying, CR 702.9b, and so on)."""
    from .errors import RulesError

    g, fight, _ = combat_setup(attackers, dict(blocks), 0)
    try:
        fight(g)
    except RulesError:
        return False
    return True


class Bolts(Value):
    """Bob controls a Protector of the Crown. Alice Bolts the Protector ``at_protector`` times,
    then Bob once: how much life does Bob lose?"""

    topic: ClassVar[str] = "monarch"
    at_protector: int

    def key(self) -> Hashable:
        return ("bolts", self.at_protector)

    def describe(self) -> str:
        first = (f"Alice casts Lightning Bolt at Bob's Protector of the Crown "
                 f"{plural(self.at_protector, 'time')}, one at a time, then " if self.at_protector else
                 "Alice casts ")
        return f"Bob controls a Protector of the Crown (2/5); {first}one Lightning Bolt at Bob"

    def legal(self) -> tuple[str, ...]:
        return tuple(str(v) for v in BoltCase(self.at_protector).legal())

    def explain(self) -> str:
        g, last = BoltCase(self.at_protector).run()
        shown = [e for e in g.events[last:]
                 if isinstance(e, DamageDealt | DamageRedirected | LifeChanged | StateBasedMove)]
        return BoltCase(self.at_protector).why() + "\nWhat the engine did:\n" + event_lines(shown)


class Leaves(Value):
    """Several players; it is someone's turn; the monarch concedes: who is the monarch now?"""

    topic: ClassVar[str] = "monarch"
    players: tuple[str, ...]
    active: str
    monarch: str

    def key(self) -> Hashable:
        return ("leaves", self.players, self.active, self.monarch)

    def describe(self) -> str:
        return (f"{len(self.players)} players in turn order {', '.join(self.players)}; it is "
                f"{self.active}'s turn; {self.monarch} is the monarch and concedes")

    def case(self) -> LeaveCase:
        """The same board as notebook 06's exercise case: the leaver is the monarch."""
        return LeaveCase(self.players, self.active, self.monarch, self.monarch)

    def run(self) -> Game:
        return self.case().run()[0]

    def legal(self) -> tuple[str, ...]:
        return self.case().legal()

    def explain(self) -> str:
        g = self.run()
        new = g.monarch or "nobody"
        if self.active != self.monarch:
            why = (f"{self.monarch} left during {self.active}'s turn, so {self.active}, the active "
                   f"player, became the monarch at that moment")
        else:
            why = (f"{self.monarch} left during their own turn, so the next player in turn order, "
                   f"{new}, became the monarch")
        passed = next(e for e in g.events if isinstance(e, MonarchChanged) and e.cause is not None
                      and isinstance(g.events[e.cause - 1], PlayerLeft))
        return (f"{why} ({cr(passed.rules)}).\nWhat the engine did:\n" + chain_lines(g.events, passed.seq))


class LichEnters(Value):
    """Bob's Custodi Lich enters ('When it enters, you become the monarch. Whenever you become
    the monarch, target player sacrifices a creature'). How many creatures could Alice have?"""

    topic: ClassVar[str] = "monarch"
    bob_was_monarch: bool
    alice_creatures: tuple[str, ...] = ("Grizzly Bears", "Hill Giant")

    def key(self) -> Hashable:
        return ("lich", self.bob_was_monarch, self.alice_creatures)

    def describe(self) -> str:
        crown = "Bob is already the monarch" if self.bob_was_monarch else "nobody is the monarch"
        return (f"{crown}; Alice controls {one_of(self.alice_creatures, last='and')}; Bob controls a "
                f"Grizzly Bears; Bob's Custodi Lich enters the battlefield")

    def outcomes(self) -> Outcomes:
        return _lich(self)

    def legal(self) -> tuple[str, ...]:
        return tuple(self.outcomes().values(lambda o: str(sum(
            1 for p in o.game.permanents("Alice") if p.is_a("Creature")))))

    def explain(self) -> str:
        o = self.outcomes()[0]
        changed = next(e for e in o.events if isinstance(e, MonarchChanged))
        if not changed.changed:
            text = ("Bob was already the monarch, so the Lich's 'you become the monarch' changed "
                    "nothing, and 'whenever you become the monarch' triggers only when a player "
                    f"actually becomes the monarch ({cr((*changed.rules, '603.2e'))}). Alice keeps every "
                    "creature.")
        else:
            text = ("Bob became the monarch, so 'whenever you become the monarch' triggered; Bob "
                    "chose its target (CR 603.3d): Alice sacrifices a creature if he targets her, or "
                    "he sacrifices one himself if he targets himself.")
        return text + "\nWhat the engine did:\n" + event_lines(
            e for e in o.events
            if isinstance(e, MonarchChanged | AbilityTriggered | ChoiceMade | ZoneChange)
            and not isinstance(e, Entered))


@functools.lru_cache(maxsize=64)
def _lich(s: LichEnters) -> Outcomes:
    g = Game(["Alice", "Bob"], library=LIBRARY)
    for name in s.alice_creatures:
        g.put_onto_battlefield(name, "Alice")
    g.put_onto_battlefield("Grizzly Bears", "Bob")
    if s.bob_was_monarch:
        g.make_monarch("Bob")

    def enter(game: Game) -> None:
        game.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
        game.resolve_stack()
    return outcomes(g, enter)


class DrawRace(Value):
    """Alice is the monarch; her end-step draw trigger waits on the stack; maybe Bob's Custodi
    Lich enters first and Bob becomes the monarch. Who draws?"""

    topic: ClassVar[str] = "monarch"
    lich: bool

    def key(self) -> Hashable:
        return ("race", self.lich)

    def describe(self) -> str:
        return ("Alice is the monarch; at the beginning of her end step the monarch's draw trigger "
                "goes on the stack" + ("; before it resolves, Bob's Custodi Lich enters and Bob "
                                       "becomes the monarch" if self.lich else ""))

    def legal(self) -> tuple[str, ...]:
        return (monarch_draw_race(self.lich)[1],)

    def explain(self) -> str:
        return ("The monarch's draw trigger is controlled by the player who was the monarch when it "
                "triggered (CR 725.2), so Alice draws even if Bob becomes the monarch before it "
                "resolves.")


SITUATION_TYPES: tuple[type, ...] = (CouldProduce, TapForMana, XEntry, Activation, Combat, Bolts,
                                     Leaves, LichEnters, DrawRace)
