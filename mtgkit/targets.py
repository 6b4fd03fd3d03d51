"""Targets: one specification, checked the same way everywhere (CR 115).

:class:`~mtgkit.abilities.TargetSpec` says what a spell or ability may target. The engine
uses :func:`target_problem` to check a target when a spell is cast or an ability is
activated, :func:`legal_targets` to offer the choices when a triggered ability is put on
the stack (CR 603.3d), and :func:`target_problem` again when it resolves (CR 608.2b).
"""

from __future__ import annotations

from .abilities import TargetSpec
from .errors import RulesError
from .triggers import whose_matches
from .view import GameView
from .wording import refusal

Target = int | str


def target_problem(spec: TargetSpec, controller: str, target: Target, view: GameView) -> str | None:
    """Why ``target`` is not a legal target for ``spec`` (controlled by ``controller``), or None.

    A player is named by a string, an object (or a spell or ability on the stack) by its id.
    """
    if spec.zone == "stack":
        return _stack_problem(spec, controller, target, view)
    if isinstance(target, str):
        if target not in view.players:
            return refusal("target.no_such_player", target=repr(target))
        if spec.players == "none":
            return refusal("target.player_cant_be", text=spec.text)
        if not view.in_game(target):
            return refusal("target.player_left", target=target)
        if spec.players == "opponents" and target == controller:
            return refusal("target.not_an_opponent", target=target)
        return None
    o = view.obj(target)
    if spec.card_type is None:
        return refusal("target.not_a_player", name=o.name)
    if o.zone != spec.zone:
        return refusal("target.not_in_zone", name=o.name, zone=spec.zone)
    if not o.is_a(spec.card_type):
        return refusal("target.not_a_type", name=o.name,
                       card_type=spec.card_type.lower() if spec.card_type in _TYPES else spec.card_type)
    whose = o.controller if spec.zone == "battlefield" else o.owner
    if not whose_matches(spec.whose, controller, whose):
        return refusal("target.wrong_player", name=o.name, zone=spec.zone, whose=whose,
                       opponents=spec.whose == "opponents", controller=controller)
    if spec.max_mv is not None and not view.has_mana_value(o.id):  # a variant's idea: CR 202.3e says it has
        return refusal("target.no_mana_value", name=o.name, max_mv=spec.max_mv)
    if spec.max_mv is not None and view.mana_value(o.id) > spec.max_mv:
        return refusal("target.mana_value_too_high", name=o.name, mv=view.mana_value(o.id),
                       max_mv=spec.max_mv)
    return None


_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Instant", "Sorcery"})


def _stack_problem(spec: TargetSpec, controller: str, target: Target, view: GameView) -> str | None:
    """Why ``target`` is not the spell or ability on the stack ``spec`` asks for, or None."""
    item = next((i for i in view.stack() if i.id == target), None) if isinstance(target, int) else None
    if item is None:
        return _not_on_stack(target, view)
    if spec.stack == "activated or triggered ability":
        if item.kind != "ability":
            return refusal("target.spell_not_ability", name=item.name)
    elif item.kind != "spell":
        return refusal("target.ability_not_spell", name=item.name)
    else:
        instant = view.obj(item.id).is_a("Instant") or view.obj(item.id).is_a("Sorcery")
        if instant != (spec.stack == "instant or sorcery spell"):
            return refusal("target.wrong_spell_kind", name=item.name, instant=instant)
    if not whose_matches(spec.whose, controller, item.controller):
        return refusal("target.wrong_player", name=item.name, zone="stack", whose=item.controller,
                       opponents=spec.whose == "opponents", controller=controller)
    return None


def _not_on_stack(target: Target, view: GameView) -> str:
    """What ``target`` is, when it isn't a spell or ability on the stack: a player, an object
    somewhere else (a permanent's mana ability never goes on the stack, CR 605.3b), or nothing."""
    if isinstance(target, str):
        if target not in view.players:
            return refusal("target.no_such_player", target=repr(target))
        return refusal("target.player_not_on_stack", target=target)
    try:
        o = view.obj(target)
    except RulesError:
        return refusal("target.no_such_object", target=target)
    mana = o.zone == "battlefield" and any(a.is_mana_ability for a in o.card.activated)
    return refusal("target.object_not_on_stack", name=o.name, zone=o.zone, mana=mana)


def no_target_reason(spec: TargetSpec, controller: str, view: GameView) -> str | None:
    """Why nothing is a legal target for ``spec`` (CR 601.2c: a spell or ability that needs a
    target can't be cast or activated without one), or None when something is."""
    if legal_targets(spec, controller, view):
        return None
    if spec.zone == "stack":
        items = list(reversed(view.stack()))
        if not items:
            return refusal("target.stack_empty")
        return "; ".join(p for i in items if (p := _stack_problem(spec, controller, i.id, view)))
    if spec.zone == "graveyard":
        cards = [o for p in view.players for o in view.zone(p, "graveyard")
                 if whose_matches(spec.whose, controller, o.owner)]
        if not cards:
            return refusal("target.graveyards_empty", controller=controller, yours=spec.whose == "you")
        return "; ".join(p for o in cards if (p := target_problem(spec, controller, o.id, view)))
    return refusal("target.nothing_on_battlefield", text=spec.text)


def legal_targets(spec: TargetSpec, controller: str, view: GameView) -> list[Target]:
    """Every legal target, in the documented default order: players (opponents first, in
    turn order from the active player, then the controller), then objects in the order they
    arrived in their zone."""
    order = list(view.players)
    start = order.index(view.active_player)
    turn_order = order[start:] + order[:start]
    players: list[Target] = [p for p in turn_order if p != controller]
    players.append(controller)
    if spec.zone == "stack":  # the spells and abilities on the stack, from the top
        return [i.id for i in reversed(view.stack()) if _stack_problem(spec, controller, i.id, view) is None]
    found: list[Target] = [p for p in players if target_problem(spec, controller, p, view) is None]
    if spec.card_type is not None:
        candidates = view.permanents() if spec.zone == "battlefield" else [
            o for p in view.players for o in view.zone(p, "graveyard")]
        found += [o.id for o in candidates if target_problem(spec, controller, o.id, view) is None]
    return found
