"""Which mana replacement effects apply when a permanent is tapped for mana (CR 106.12b).

Used both by the game, when mana is really produced, and by the could-produce query
(CR 106.7), which applies them in every order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .abilities import Activated, ManaReplacement, StaticReplacement
from .errors import ChoiceError
from .records import Value
from .triggers import whose_matches
from .view import ManaEffect, ObjectView
from .wording import refusal


class StaticManaEffect(Value):
    """A mana replacement effect from a static ability of a permanent on the battlefield."""

    label: str
    replacement: ManaReplacement
    source_id: int | None
    controller: str


class AppliedReplacement(Value):
    """A replacement effect that applies to one mana production. ``label`` tells apart two
    effects with the same name as choices name objects: by the permanent the effect comes from
    ("Mana Reflection #14"), or, for an effect a spell left behind, by count ("Pale Moon (2)")."""

    label: str
    replacement: ManaReplacement
    source_id: int | None


def static_effects(permanents: Iterable[ObjectView]) -> list[StaticManaEffect]:
    """The mana replacement effects of these permanents' static abilities, in their order (the
    battlefield's: the order the effects began to apply)."""
    return [StaticManaEffect(p.name, a.replacement, p.id, p.controller)
            for p in permanents for a in p.card.abilities_of(StaticReplacement)]


def applies(r: ManaReplacement, controller: str, o: ObjectView) -> bool:
    """Does effect ``r`` (controlled by ``controller``) apply when ``o`` is tapped for mana?"""
    if r.scope == "land" and not o.is_a("Land"):
        return False
    if r.scope == "nonbasic land" and (not o.is_a("Land") or o.is_a("Basic")):
        return False
    return whose_matches(r.whose, controller, o.controller)


def applicable(effects: Sequence[ManaEffect], o: ObjectView, ability: Activated,
               applying: Callable[[ManaEffect], bool] | None = None) -> list[AppliedReplacement]:
    """The effects of ``effects`` that apply if ``ability`` of ``o`` produces mana, in the
    order they began to apply (the default order). Only tapping for mana is affected (CR
    106.12b); ``applying`` (a game's rules, :meth:`mtgkit.variants.Rules.mana_replacement_applies`)
    decides it instead when given."""
    if applying is None:
        if not ability.taps_for_mana:
            return []
        found = [(e.label, e.replacement, e.source_id) for e in effects
                 if applies(e.replacement, e.controller, o)]
    else:
        found = [(e.label, e.replacement, e.source_id) for e in effects if applying(e)]
    names = [n for n, _, _ in found]
    out = []
    for k, (n, r, i) in enumerate(found):
        if names.count(n) > 1:
            n = f"{n} #{i}" if i is not None else f"{n} ({names[:k + 1].count(n)})"
        out.append(AppliedReplacement(n, r, i))
    return out


def match_order(labels: Sequence[str], order: Sequence[str]) -> list[str]:
    """The replacement effects ``labels`` ranked as a player's ``order`` names them (a card's
    name stands for its one effect, or for the first of its copies not named yet); refused
    (CR 616.1) unless it names each effect once."""
    left, out = list(labels), []
    for name in order:
        hit = next((lab for lab in left if lab == name), None) or next(
            (lab for lab in left if lab.split(" #")[0] == name), None)
        if hit is None:
            raise ChoiceError(refusal("match_order.not_one_replacement", name=name, labels=list(labels)),
                              "616.1")
        left.remove(hit)
        out.append(hit)
    if left:
        raise ChoiceError(refusal("match_order.order_must_include", labels=list(labels)), "616.1")
    return out
