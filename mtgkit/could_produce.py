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
  result depends only on the mana so far, so :func:`outcomes` searches over *(the amount so
  far, as far as a threshold such as Damping Sphere's can tell, and how many of each effect
  are left)*, each state once, with what the rest of the search does to the mana as its
  answer; an effect whose copies give what one copy gives (Pale Moon's, Contamination's) is
  counted once. Forty copies each of three effects take a few thousand states, the cost grows
  polynomially with the copies, and :data:`~mtgkit.limits.MAX_SEARCH` bounds it.

The query never changes the game, emits no event and fires no trigger.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Literal, Protocol

from . import limits
from .abilities import Activated, ManaReplacement, ManaSpec, Multiply, Reflect, SetType
from .errors import LimitError
from .mana import COLORS, TYPES, Mana, sort_types, symbols
from .records import Value
from .replacement import AppliedReplacement, applicable
from .triggers import Whose
from .variants import Rules
from .view import GameView, ManaEffect, ObjectView, players_matching
from .wording import explanation


class RuledView(GameView, Protocol):
    """A game as the query reads it: its state, the rules it is played by at the engine's
    decision points (:mod:`mtgkit.variants`), and the decisions it asked."""

    rules: Rules
    consulted: set[str]

Op = SetType | Multiply
#: A replacement step: an op, or a replacement effect whose op applies only to events producing at
#: least its ``min_amount`` of mana (Damping Sphere).
Step = Op | ManaReplacement


def outcomes(mana: Mana, ops: Iterable[Step]) -> frozenset[Mana]:
    """Every mana a production of ``mana`` can end as, applying each op once, in any order; an
    effect that applies only to an amount of mana is applicable only while the event produces
    that much, looked at again after each one applied (CR 616.1f), and one that never becomes
    applicable doesn't apply.

    >>> sorted(str(m) for m in outcomes(Mana.parse("{G}"), [SetType("B", 1), Multiply(2)]))
    ['{B}', '{B}{B}']
    >>> sphere = ManaReplacement("land", SetType("C", 1), min_amount=2)
    >>> sorted(str(m) for m in outcomes(Mana.parse("{G}"), [sphere, Multiply(2)]))
    ['{C}']

    The search is over *(the amount so far, as far as a threshold can tell, and how many of
    each effect are left)*, never over orders: see :func:`_futures`. Forty Contaminations,
    forty Mana Reflections and forty Damping Spheres take a few thousand states; a search that
    would need more than :data:`~mtgkit.limits.MAX_SEARCH` is refused with a
    :class:`~mtgkit.errors.LimitError`.
    """
    return frozenset(_finish(mana, r) for r in _results(mana, ops, exact=True))


def outcome_types(mana: Mana, ops: Iterable[Step]) -> frozenset[str]:
    """The types of mana :func:`outcomes` can end with (what "could produce" asks, CR 106.7),
    without working out the amounts: the same search, with smaller answers.

    >>> sorted(outcome_types(Mana.parse("{G}"), [SetType("B", 1), Multiply(2)]))
    ['B']
    """
    found: frozenset[str] = frozenset()
    for r in _results(mana, ops, exact=False):
        found |= _finish(mana, r).types
    return found


#: One kind of replacement step: its op and the least amount of mana it applies to.
Kind = tuple[Op, int]
#: What the rest of a search can do to the mana reached so far: ``("scale", t, p)`` makes it
#: ``p`` times as much, of type ``t`` (None: the types it has), ``("fixed", m)`` makes it ``m``
#: whatever it was (an effect that sets the amount, Contamination, applied last of those).
Result = tuple[str, str | None, int] | tuple[str, Mana]


def _finish(mana: Mana, r: Result) -> Mana:
    if r[0] == "fixed":
        return r[1]  # type: ignore[return-value]
    _, t, p = r  # type: ignore[misc]
    return mana * p if t is None else Mana.of(t, mana.amount * p)


def _results(mana: Mana, ops: Iterable[Step], *, exact: bool) -> frozenset[Result]:
    counts = Counter((s.op, s.min_amount) if isinstance(s, ManaReplacement) else (s, 0) for s in ops)
    kinds = sorted(counts, key=repr)
    top = max((least for _, least in kinds), default=0)
    fixed = [op.amount for op, _ in kinds if isinstance(op, SetType) and op.amount is not None]
    shrinks = any(isinstance(op, Multiply) and op.factor < 1 for op, _ in kinds)
    floor = 0 if shrinks else min([mana.amount, *fixed])
    left = tuple(min(counts[k], 1) if _idempotent(k, floor) else counts[k] for k in kinds)
    return _futures(tuple(kinds), left, min(mana.amount, top), top, exact)


def _idempotent(kind: Kind, floor: int) -> bool:
    """Whether n copies of this effect give exactly the outcomes one copy gives, so the search
    counts it once: an effect that keeps the amount and sets the type (Pale Moon: only the last
    one applied shows, and moving the others next to it changes nothing, as none changes an
    amount a threshold reads), or one that sets a type and an amount no more than any amount
    the event can have, and applies to any amount (Contamination's {B}, as every event here
    makes at least one mana: the copies applied before the last one only lowered the amount,
    so dropping them leaves every later effect applicable; applied in a row they equal one).
    ``floor`` is the least amount the event can ever have."""
    op, least = kind
    if isinstance(op, SetType):
        return op.amount is None or (least <= floor and op.amount <= floor)
    return False


@lru_cache(maxsize=4096)
def _futures(kinds: tuple[Kind, ...], left: tuple[int, ...], amount: int, top: int,
             exact: bool) -> frozenset[Result]:
    """Every :data:`Result` the effects ``left`` (counts of ``kinds``) can have on an event
    producing ``amount`` mana (capped at ``top``, the highest threshold: above it no
    threshold can tell two amounts apart, and every op keeps a capped amount capped).

    A depth-first search without recursion over the states *(capped amount, counts left)*,
    each solved once: at most ``(top + 1) * prod(count + 1)`` of them, polynomial in the
    number of identical effects. Without ``exact`` the factors are only told apart from
    zero (enough for the types). More than :data:`~mtgkit.limits.MAX_SEARCH` states is a
    :class:`~mtgkit.errors.LimitError`."""
    memo: dict[tuple[int, tuple[int, ...]], frozenset[Result]] = {}
    stack = [(amount, left)]
    while stack:
        state = stack[-1]
        if state in memo:
            stack.pop()
            continue
        a, counts = state
        children: list[tuple[Op, tuple[int, tuple[int, ...]]]] = []
        waiting = False
        for i, ((op, least), n) in enumerate(zip(kinds, counts, strict=True)):
            if n == 0 or a < least:
                continue  # none left, or not applicable to this event now (CR 106.12b, 616.1f)
            if isinstance(op, Multiply):
                after = min(a * op.factor, top)
            else:
                after = a if op.amount is None else min(op.amount, top)
            child = (after, counts[:i] + (n - 1,) + counts[i + 1:])
            children.append((op, child))
            if child not in memo:
                stack.append(child)
                waiting = True
        if waiting:
            continue
        stack.pop()
        if not children:
            memo[state] = frozenset({("scale", None, 1)})
        else:
            found: set[Result] = set()
            for op, child in children:
                for r in memo[child]:
                    found.add(_compose(op, r, exact))
            memo[state] = frozenset(found)
        if len(memo) > limits.MAX_SEARCH:
            raise LimitError(f"working out every order of {sum(left)} replacement effects would look at "
                             f"more than {limits.MAX_SEARCH:,} states", "MAX_SEARCH", limits.MAX_SEARCH)
    return memo[(amount, left)]


def _compose(op: Op, r: Result, exact: bool) -> Result:
    """``op`` applied first, then the rest of the search's result ``r``."""
    if r[0] == "fixed":
        return r
    _, t, p = r  # type: ignore[misc]
    if isinstance(op, Multiply):
        p = p * op.factor if exact else min(p * op.factor, 1)
        return ("scale", t, p)
    if op.amount is None:
        return ("scale", t or op.mana_type, p)
    amount = op.amount * p if exact else min(op.amount * p, 1)
    return ("fixed", Mana.of(t or op.mana_type, amount))


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
    and what the permanents it reflects could produce. Making one reads nothing: only an
    ability that asks what others "could produce" (Exotic Orchard) has the board solved, so
    tapping a Forest costs the same however many permanents there are.

    Where CR 106.7 (or 106.5, 106.1) decides something, the solver asks the game's ``rules``
    (:mod:`mtgkit.variants`; the CR unless the game is played by a variant): whether costs
    matter, which kinds of mana a reflecting ability copies, which replacement effects count,
    where the fixed point starts, what undefined or zero mana makes, which permanents a
    reflecting ability looks at, and what counts as a permanent's own mana.
    """

    def __init__(self, view: RuledView, rules: Rules | None = None) -> None:
        self.view = view
        self.rules: Rules = view.rules if rules is None else rules
        self._members: dict[str, list[ObjectView]] = {}
        self._counted_abilities: dict[int, list[tuple[int, Activated, tuple[AppliedReplacement, ...]]]] = {}
        self._outcome_types: dict[tuple[Mana, tuple[Step, ...]], frozenset[str]] = {}
        self.perms: list[ObjectView] = []
        self.est: dict[int, frozenset[str]] = {}
        self.agg: dict[tuple[str, str], frozenset[str]] = {}
        self._effects: Sequence[ManaEffect] | None = None
        self._colors: dict[str, frozenset[str]] = {}
        self._counts: dict[tuple[str, str], int] = {}
        self.reflect_types: set[str] = set()
        self._solved = False

    @property
    def effects(self) -> Sequence[ManaEffect]:
        """Every mana replacement effect in the game (read once, when first needed)."""
        if self._effects is None:
            self._effects = self.view.mana_effects()
        return self._effects

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

    def reflectable(self, kinds: Literal["colors", "types"]) -> frozenset[str]:
        return self.rules.reflectable(self.view, kinds)

    def reflected(self, controller: str, whose: Whose, card_type: str) -> frozenset[str]:
        self._solve()
        out: frozenset[str] = frozenset()
        for name in players_matching(self.view, controller, whose):
            out |= self.agg.get((name, card_type), frozenset())
        return out

    # ---------------------------------------------------------------------------
    def _aggregate(self) -> None:
        agg: dict[tuple[str, str], frozenset[str]] = {}
        for t, members in self._members.items():
            for o in members:
                key = (o.controller, t)
                agg[key] = agg.get(key, frozenset()) | self.est[o.id]
        self.agg = agg

    def _solve(self) -> None:
        if self._solved:
            return
        self._solved = True
        self.perms = [o for o in self.view.permanents() if o.card.activated]
        self.est = {o.id: frozenset() for o in self.perms}
        self.reflect_types = {
            spec.card_type for o in self.perms for a in o.card.activated
            if a.is_mana_ability and isinstance(spec := a.mana_spec, Reflect)
        }
        self._members = {t: [o for o in self.perms if self.rules.reflects_from(self.view, o, t)]
                         for t in sorted(self.reflect_types)}
        static = [o for o in self.perms if not _reflects(o)]
        dynamic = [o for o in self.perms if _reflects(o)]
        for o in static:
            self.est[o.id] = self.types(o)
        for o in dynamic:  # under the CR nothing: the least fixed point
            self.est[o.id] = self.rules.reflection_start(self.view, o)
        # Each round sets a reflecting permanent to what it could produce given the others' current
        # sets. From nothing (the CR) the sets only grow, as what an ability makes never shrinks when
        # the sets it reads grow: at most one round per type each can gain, and one more. From a
        # larger start for some (rules that start elsewhere), rounds past that bound only grow the
        # sets, so this always ends.
        changed, rounds, bound = True, 0, len(TYPES) * len(dynamic) + 1
        while changed:
            self._aggregate()
            changed, rounds = False, rounds + 1
            for o in dynamic:
                new = self.types(o) | (self.est[o.id] if rounds > bound else frozenset())
                if new != self.est[o.id]:
                    self.est[o.id] = new
                    changed = True

    def answers(self, o: ObjectView, notes: bool = True) -> list[AbilityAnswer]:
        out = []
        for i, ability, reps, options, types in self._worked_out(o):
            spec = ability.mana_spec
            assert spec is not None
            base = frozenset().union(*(m.types for m in options)) if options else frozenset()
            if not notes:
                note = ""
            elif not options:
                note = spec.why_none()[0]
            elif isinstance(spec, Reflect):
                note = self._reflect_note(o, spec)
            else:
                note = ""
            out.append(AbilityAnswer(i, ability.text, base, tuple(r.label for r in reps), types, note))
        return out

    def _counted(self, o: ObjectView) -> list[tuple[int, Activated, tuple[AppliedReplacement, ...]]]:
        """``o``'s mana abilities the query counts, each with the replacement effects it counts
        (the same in every round of a solve: worked out once)."""
        if o.id not in self._counted_abilities:
            rules, view = self.rules, self.view
            self._counted_abilities[o.id] = [
                (i, ability, rules.counted_replacements(view, o, applicable(self.effects, o, ability)))
                for i, ability in enumerate(o.card.activated)
                if ability.is_mana_ability and ability.mana_spec is not None
                and self.rules.counts_ability(self.view, o, i)]
        return self._counted_abilities[o.id]

    def _worked_out(self, o: ObjectView) -> Iterator[
            tuple[int, Activated, tuple[AppliedReplacement, ...], tuple[Mana, ...], frozenset[str]]]:
        """Each counted mana ability of ``o``: what it would make now, before and after the
        replacement effects it counts (in every order)."""
        for i, ability, reps in self._counted(o):
            spec = ability.mana_spec
            assert spec is not None
            options = spec.options(self, o.controller) or self._none_made(o, spec)
            ops = tuple(r.replacement for r in reps)
            types: frozenset[str] = frozenset()
            for m in options:
                if m:
                    key = (m, ops)
                    if key not in self._outcome_types:
                        self._outcome_types[key] = outcome_types(m, ops)
                    types |= self._outcome_types[key]
            yield i, ability, reps, options, types

    def _none_made(self, o: ObjectView, spec: ManaSpec) -> tuple[Mana, ...]:
        """What an ability that would make no mana now counts as making: of an undefined type
        (CR 106.5), or zero mana (106.7)."""
        if spec.why_none()[1]:
            return self.rules.undefined_mana(self.view, o, spec)
        return self.rules.zero_mana(self.view, o, spec)

    def types(self, o: ObjectView) -> frozenset[str]:
        """The types ``o`` could produce, given what the others could produce so far."""
        found: frozenset[str] = frozenset()
        for *_, types in self._worked_out(o):
            found |= types
        return self.rules.made_types(self.view, o, found | self.rules.others_mana(self.view, o))

    def _reflect_note(self, o: ObjectView, spec: Reflect) -> str:
        watched = players_matching(self.view, o.controller, spec.whose)
        sources = [p for p in self._members.get(spec.card_type, [])
                   if p.controller in watched and self.est[p.id]]
        listed = [explanation("could.source", name=p.card.name, types=symbols(self.est[p.id]))
                  for p in sources]
        return explanation("could.reflects", sources=listed) if listed else ""


def _reflects(o: ObjectView) -> bool:
    return any(isinstance(a.mana_spec, Reflect) for a in o.card.activated if a.is_mana_ability)


def could_produce_all(view: RuledView) -> dict[int, frozenset[str]]:
    """Could-produce for every permanent with a mana ability, solved together."""
    return dict(Solver(view).could_produce())


def could_produce(view: RuledView, obj_id: int) -> frozenset[str]:
    """The types of mana permanent ``obj_id`` could produce (CR 106.7)."""
    return could_produce_all(view).get(obj_id, frozenset())


def _reflect_spec(o: ObjectView) -> Reflect | None:
    """The mana ability's spec if ``o`` reflects what other permanents could produce."""
    return next((a.mana_spec for a in o.card.activated
                 if a.is_mana_ability and isinstance(a.mana_spec, Reflect)), None)


def watched(view: GameView, o: ObjectView) -> list[ObjectView]:
    """The permanents a reflecting permanent ``o`` copies mana from, by the words of its ability
    (none if it doesn't reflect)."""
    spec = _reflect_spec(o)
    if spec is None:
        return []
    players = players_matching(view, o.controller, spec.whose)
    return [p for p in view.permanents() if p.controller in players and p.is_a(spec.card_type)]


def _only_reflections(view: GameView, o: ObjectView) -> bool:
    """Whether everything ``o`` reflects, directly or through other reflecting permanents, is a
    reflecting permanent: a cycle with no outside source (a Wastes behind an Orchard is a source,
    even though its {C} is no color)."""
    seen: set[int] = set()
    todo = watched(view, o)
    if not todo:
        return False
    while todo:
        p = todo.pop()
        if p.id in seen:
            continue
        seen.add(p.id)
        if _reflect_spec(p) is None:
            return False
        todo += watched(view, p)
    return True


def _source_step(solver: Solver, o: ObjectView, t: str) -> tuple[str, str]:
    """What a permanent that doesn't reflect others does to could produce {t}: by itself, or
    once replacement effects change its own mana."""
    who = explanation("could.permanent", controller=o.controller, name=o.name)
    answers = solver.answers(o, notes=False)
    if any(t in a.base for a in answers):
        return who, explanation("could.by_itself", t=t)
    effects = list(dict.fromkeys(e for a in answers if t in a.types for e in a.effects))
    return who, explanation("could.once_replaced", t=t, effects=effects)


def _reflect_step(view: GameView, o: ObjectView, spec: Reflect) -> tuple[str, str]:
    return (explanation("could.permanent", controller=o.controller, name=o.name),
            explanation("could.copies", kinds=spec.kinds, card_type=spec.card_type, whose=spec.whose,
                        controller=o.controller))


def _trace(solver: Solver, o: ObjectView, t: str, solved: Mapping[int, frozenset[str]]
           ) -> list[tuple[str, str]]:
    """[(who, what it does)] from ``o`` back to a permanent that could produce {t} by itself
    (or with a replacement effect applied to its own mana, which the last step names): the
    shortest such chain, found breadth first, each permanent looked at once (a direct source
    first, then in the battlefield's order), so a board of a thousand Reflecting Pools is one
    pass, not a chain through all of them. Empty if there is none."""
    view = solver.view
    if _reflect_spec(o) is None:
        return [_source_step(solver, o, t)]
    candidates: dict[tuple[tuple[str, ...], str], list[ObjectView]] = {}  # whose and type -> permanents
    came_from: dict[int, ObjectView | None] = {o.id: None}
    frontier = [o]
    while frontier:
        following: list[ObjectView] = []
        for node in frontier:
            spec = _reflect_spec(node)
            if spec is None or (spec.kinds == "colors" and t not in COLORS):
                continue
            key = (tuple(players_matching(view, node.controller, spec.whose)), spec.card_type)
            if key not in candidates:
                found = [p for p in view.permanents() if p.controller in key[0] and p.is_a(key[1])
                         and t in solved.get(p.id, frozenset())]
                found.sort(key=lambda p: _reflect_spec(p) is not None)  # a direct source first
                candidates[key] = found
            for p in candidates[key]:
                if p.id in came_from:
                    continue
                came_from[p.id] = node
                if _reflect_spec(p) is None:
                    chain: list[tuple[str, str]] = [_source_step(solver, p, t)]
                    step: ObjectView | None = node
                    while step is not None:
                        spec_ = _reflect_spec(step)
                        assert spec_ is not None
                        chain.insert(0, _reflect_step(view, step, spec_))
                        step = came_from[step.id]
                    return chain
                following.append(p)
            candidates[key] = []  # all of them are reached now: the next node with this key skips them
        frontier = following
    return []


def trace_could_produce(view: RuledView, obj_id: int) -> list[str]:
    """For a permanent that reflects others (Exotic Orchard, Reflecting Pool, Fellwar Stone),
    each type it could produce traced back to a permanent that could produce it by itself (a
    reflecting permanent never "reflects itself"); empty for any other permanent."""
    solver = Solver(view)
    solved = solver.could_produce()
    o = view.obj(obj_id)
    lines = []
    for t in (t for t in ("W", "U", "B", "R", "G", "C") if t in solved.get(o.id, frozenset())):
        steps = _trace(solver, o, t, solved)
        if steps:
            parts = [f"{steps[0][0]} {steps[0][1]}"] + [explanation("could.chain_link", who=who, what=what)
                                                        for who, what in steps[1:]]
            lines.append(explanation("could.trace", t=t, parts=parts))
    return lines


def explain_could_produce(view: RuledView, obj_id: int) -> str:
    """What ``obj_id`` could produce and why (CR 106.7): each mana ability, what it would make
    if it resolved now, the replacement effects in every order, and for a reflecting permanent
    where each type really comes from. "No outside source" is said only for a real cycle of
    reflecting permanents."""
    solver = Solver(view)
    o = view.obj(obj_id)
    types = solver.could_produce().get(o.id, frozenset())
    lines = [explanation("could.headline", who=explanation("could.permanent", controller=o.controller,
                                                           name=o.name), types=symbols(types))]
    answers = solver.answers(o, notes=True)
    if not answers:
        lines.append("  " + explanation("could.no_abilities"))
    reflects = _reflect_spec(o) is not None
    for a in answers:
        lines.append(f"  • {a.text}")
        base = " or ".join(f"{{{t}}}" for t in sort_types(a.base)) if a.base else "no mana"
        spec = o.card.activated[a.index].mana_spec
        undefined = spec is not None and spec.why_none()[1]
        why = a.note if not a.base and a.note else ""
        lines.append("    " + explanation("could.would_make", base=base, why=why, undefined=undefined))
        if not a.base and reflects and _only_reflections(view, o):
            lines.append("    " + explanation("could.no_outside_source"))
        if a.effects and a.base:
            after = explanation("could.after_effect", effects=a.effects, types=symbols(a.types))
            lines.append(f"    {after}")
    trace = trace_could_produce(view, o.id) if reflects else []
    if trace:
        lines.append("  " + explanation("could.where_from"))
        lines += [f"    {t}" for t in trace]
    return "\n".join(lines)


__all__ = [
    "AbilityAnswer", "Solver", "apply_in_order", "could_produce", "could_produce_all",
    "explain_could_produce", "outcome_types", "outcomes", "trace_could_produce", "watched",
]
