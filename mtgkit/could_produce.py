"""CR 106.7 "could produce" as a pure query, and replacement effects in every order.

What a permanent *could produce* is every type of mana that one of its mana abilities
would produce if it resolved now, with the applicable replacement effects applied in
any possible order, ignoring whether the costs could be paid.

Two problems make this hard, and both are solved here without brute force:

* Permanents that reflect each other (Exotic Orchard, Reflecting Pool, Fellwar Stone)
  are solved as a *least fixed point*: start with "nothing" everywhere and grow the sets
  until they stop changing. A cycle with no outside source therefore stays empty.
  Reflections read per-player aggregates, so each round is linear in the board size.
* k replacement effects have k! orders. Identical effects commute, and an effect's
  result depends only on the mana so far, so :func:`outcomes` searches over
  *(mana so far, multiset of effects left)*, memoised: a dozen effects take milliseconds.

The query never changes the game, emits no event and fires no trigger.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from .abilities import Activated, Multiply, Reflect, SetType
from .mana import Mana, sort_types, symbols
from .records import Value
from .replacement import applicable
from .triggers import Whose
from .view import GameView, ObjectView, players_matching

Op = SetType | Multiply


def outcomes(mana: Mana, ops: Iterable[Op]) -> frozenset[Mana]:
    """Every mana a production of ``mana`` can end as, applying each op once, in any order.

    >>> sorted(str(m) for m in outcomes(Mana.parse("{G}"), [SetType("B", 1), Multiply(2)]))
    ['{B}', '{B}{B}']
    """
    counts = Counter(ops)
    key = tuple(sorted(counts.items(), key=repr))
    return _outcomes(mana, key)


@lru_cache(maxsize=65536)
def _outcomes(mana: Mana, remaining: tuple[tuple[Op, int], ...]) -> frozenset[Mana]:
    if not remaining:
        return frozenset((mana,))
    found: set[Mana] = set()
    for i, (op, n) in enumerate(remaining):
        rest = remaining[:i] + (((op, n - 1),) if n > 1 else ()) + remaining[i + 1:]
        found |= _outcomes(op.apply(mana), rest)
    return frozenset(found)


def apply_in_order(mana: Mana, ops: Iterable[Op]) -> Mana:
    """Apply ops one after another (one chosen order, CR 616.1)."""
    for op in ops:
        mana = op.apply(mana)
    return mana


class AbilityAnswer(Value):
    """What one mana ability could produce, with the pieces of the explanation."""

    index: int
    text: str
    base: frozenset[str]  # types before replacement effects
    effects: tuple[str, ...]  # labels of applicable replacement effects
    types: frozenset[str]  # after replacement effects, union over all orders
    note: str  # why nothing, or which permanents were reflected


class Solver:
    """Could-produce for the whole battlefield, as a least fixed point (solved on first use).

    It is also the :class:`~mtgkit.abilities.ManaContext` a mana ability reads when it
    resolves: what colors the controller's permanents have, how many creatures they control,
    and what the permanents it reflects could produce.
    """

    def __init__(self, view: GameView) -> None:
        self.view = view
        self.perms = [o for o in view.permanents() if o.card.activated]
        self.est: dict[int, frozenset[str]] = {o.id: frozenset() for o in self.perms}
        self.agg: dict[tuple[str, str], frozenset[str]] = {}
        self.effects = view.mana_effects()
        self._colors: dict[str, frozenset[str]] = {}
        self._counts: dict[tuple[str, str], int] = {}
        self.reflect_types = {
            spec.card_type for o in self.perms for a in o.card.activated
            if a.is_mana_ability and isinstance(spec := a.mana_spec, Reflect)
        }
        self._solved = False

    def could_produce(self) -> dict[int, frozenset[str]]:
        """Every permanent with a mana ability -> the types it could produce (CR 106.7)."""
        self._solve()
        return self.est

    # ManaContext --------------------------------------------------------------
    def colors_of_permanents(self, controller: str) -> frozenset[str]:
        if controller not in self._colors:
            found: frozenset[str] = frozenset()
            for o in self.view.permanents(controller):
                found |= o.card.colors
            self._colors[controller] = found
        return self._colors[controller]

    def count_permanents(self, controller: str, card_type: str) -> int:
        key = (controller, card_type)
        if key not in self._counts:
            self._counts[key] = sum(o.is_a(card_type) for o in self.view.permanents(controller))
        return self._counts[key]

    def reflected(self, controller: str, whose: Whose, card_type: str) -> frozenset[str]:
        self._solve()
        out: frozenset[str] = frozenset()
        for name in players_matching(self.view, controller, whose):
            out |= self.agg.get((name, card_type), frozenset())
        return out

    # ---------------------------------------------------------------------------
    def _aggregate(self) -> None:
        agg: dict[tuple[str, str], frozenset[str]] = {}
        for o in self.perms:
            for t in self.reflect_types:
                if o.card.is_a(t):
                    key = (o.controller, t)
                    agg[key] = agg.get(key, frozenset()) | self.est[o.id]
        self.agg = agg

    def _solve(self) -> None:
        if self._solved:
            return
        self._solved = True
        static = [o for o in self.perms if not _reflects(o)]
        dynamic = [o for o in self.perms if _reflects(o)]
        for o in static:
            self.est[o.id] = self.types(o)
        changed = True
        while changed:
            self._aggregate()
            changed = False
            for o in dynamic:
                new = self.est[o.id] | self.types(o)
                if new != self.est[o.id]:
                    self.est[o.id] = new
                    changed = True

    def answers(self, o: ObjectView, notes: bool = True) -> list[AbilityAnswer]:
        out = []
        for i, ability in enumerate(o.card.activated):
            spec = ability.mana_spec
            if not ability.is_mana_ability or spec is None:
                continue
            options = spec.options(self, o.controller)
            base = frozenset().union(*(m.types for m in options)) if options else frozenset()
            reps = applicable(self.effects, o, ability)
            ops = [r.replacement.op for r in reps]
            types: set[str] = set()
            for m in options:
                if m:
                    for result in outcomes(m, ops):
                        types |= result.types
            if not notes:
                note = ""
            elif not options:
                note = spec.why_none()[0]
            elif isinstance(spec, Reflect):
                note = self._reflect_note(o, spec)
            else:
                note = ""
            out.append(AbilityAnswer(i, ability.text, base, tuple(r.label for r in reps),
                                     frozenset(types), note))
        return out

    def types(self, o: ObjectView) -> frozenset[str]:
        found: frozenset[str] = frozenset()
        for a in self.answers(o, notes=False):
            found |= a.types
        return found

    def _reflect_note(self, o: ObjectView, spec: Reflect) -> str:
        watched = players_matching(self.view, o.controller, spec.whose)
        sources = [p for p in self.perms
                   if p.card.is_a(spec.card_type) and p.controller in watched and self.est[p.id]]
        listed = ", ".join(f"{p.card.name} ({symbols(self.est[p.id])})" for p in sources)
        return f"reflects {listed}" if listed else ""


def _reflects(o: ObjectView) -> bool:
    return any(isinstance(a.mana_spec, Reflect) for a in o.card.activated if a.is_mana_ability)


def _in_cycle(solver: Solver, o: ObjectView, ability: Activated) -> bool:
    spec = ability.mana_spec
    if not isinstance(spec, Reflect):
        return False
    players = players_matching(solver.view, o.controller, spec.whose)
    watched = [p for p in solver.perms if p.card.is_a(spec.card_type) and p.controller in players]
    return bool(watched) and all(_reflects(p) for p in watched)


def could_produce_all(view: GameView) -> dict[int, frozenset[str]]:
    """Could-produce for every permanent with a mana ability, solved together."""
    return dict(Solver(view).could_produce())


def could_produce(view: GameView, obj_id: int) -> frozenset[str]:
    """The types of mana permanent ``obj_id`` could produce (CR 106.7)."""
    return could_produce_all(view).get(obj_id, frozenset())


def explain_could_produce(view: GameView, obj_id: int) -> str:
    """A readable explanation of what ``obj_id`` could produce and why (CR 106.7)."""
    solver = Solver(view)
    est = solver.could_produce()
    o = view.obj(obj_id)
    answers = solver.answers(o)
    lines = [f"{o.card.name} ({o.controller}) could produce {symbols(est.get(o.id, ()))} "
             f"(CR 106.7)."]
    if not answers:
        lines.append("  It has no mana abilities.")
    for a in answers:
        lines.append(f"  • {a.text}")
        base = " or ".join(f"{{{t}}}" for t in sort_types(a.base)) if a.base else "no mana"
        lines.append(f"    would make {base} if it resolved now (costs ignored)")
        if a.note:
            lines.append(f"    ({a.note})")
        if not a.base and _in_cycle(solver, o, o.card.activated[a.index]):
            lines.append("    The permanents it watches only reflect other reflecting permanents; "
                         "with no outside source, the least fixed point gives them nothing.")
        if a.effects and a.base:
            lines.append(
                f"    replacement effects in any order: {', '.join(a.effects)} "
                f"-> {symbols(a.types)}")
    return "\n".join(lines)


__all__ = [
    "AbilityAnswer", "Solver", "apply_in_order", "could_produce", "could_produce_all",
    "explain_could_produce", "outcomes",
]
