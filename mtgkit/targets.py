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

Target = int | str


def target_problem(spec: TargetSpec, controller: str, target: Target, view: GameView) -> str | None:
    """Why ``target`` is not a legal target for ``spec`` (controlled by ``controller``), or None.

    A player is named by a string, an object (or a spell or ability on the stack) by its id.
    """
    if spec.zone == "stack":
        return _stack_problem(spec, controller, target, view)
    if isinstance(target, str):
        if target not in view.players:
            return f"there is no player named {target!r}"
        if spec.players == "none":
            return f"a player can't be the {spec.text}"
        if not view.in_game(target):
            return f"{target} has left the game"
        if spec.players == "opponents" and target == controller:
            return f"{target} is not an opponent"
        return None
    o = view.obj(target)
    if spec.card_type is None:
        return f"{o.name} is not a player"
    if o.zone != spec.zone:
        return f"{o.name} is not in a {spec.zone}" if spec.zone == "graveyard" else (
            f"{o.name} is not on the battlefield")
    if not o.is_a(spec.card_type):
        return f"{o.name} is not a {spec.card_type.lower() if spec.card_type in _TYPES else spec.card_type}"
    whose = o.controller if spec.zone == "battlefield" else o.owner
    if not whose_matches(spec.whose, controller, whose):
        where = "controlled by" if spec.zone == "battlefield" else f"in the {spec.zone} of"
        wanted = "an opponent of " + controller if spec.whose == "opponents" else controller
        return f"{o.name} is {where} {whose}, not {wanted}"
    if spec.max_mv is not None and o.card.mana_value > spec.max_mv:
        return f"{o.name} has mana value {o.card.mana_value}, more than {spec.max_mv}"
    return None


_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Instant", "Sorcery"})


def _stack_problem(spec: TargetSpec, controller: str, target: Target, view: GameView) -> str | None:
    """Why ``target`` is not the spell or ability on the stack ``spec`` asks for, or None."""
    item = next((i for i in view.stack() if i.id == target), None) if isinstance(target, int) else None
    if item is None:
        return _not_on_stack(target, view)
    if spec.stack == "activated or triggered ability":
        if item.kind != "ability":
            return f"{item.name} is a spell, not an ability"
    elif item.kind != "spell":
        return f"{item.name} is an ability, not a spell"
    else:
        instant = view.obj(item.id).is_a("Instant") or view.obj(item.id).is_a("Sorcery")
        if instant != (spec.stack == "instant or sorcery spell"):
            return f"{item.name} is {'an instant or sorcery' if instant else 'a permanent'} spell"
    if not whose_matches(spec.whose, controller, item.controller):
        wanted = "an opponent of " + controller if spec.whose == "opponents" else controller
        return f"{item.name} is controlled by {item.controller}, not {wanted}"
    return None


def _not_on_stack(target: Target, view: GameView) -> str:
    """What ``target`` is, when it isn't a spell or ability on the stack: a player, an object
    somewhere else (a permanent's mana ability never goes on the stack, CR 605.3b), or nothing."""
    if isinstance(target, str):
        if target not in view.players:
            return f"there is no player named {target!r}"
        return f"{target} is a player, not a spell or ability on the stack"
    try:
        o = view.obj(target)
    except RulesError:
        return f"there is no object #{target}"
    where = "a permanent" if o.zone == "battlefield" else f"a card in a {o.zone}"
    mana = o.zone == "battlefield" and any(a.is_mana_ability for a in o.card.activated)
    return f"{o.name} is {where}, not a spell or ability on the stack" + (
        " (its mana abilities resolve at once and never go on the stack, CR 605.3b)" if mana else "")


def no_target_reason(spec: TargetSpec, controller: str, view: GameView) -> str | None:
    """Why nothing is a legal target for ``spec`` (CR 601.2c: a spell or ability that needs a
    target can't be cast or activated without one), or None when something is."""
    if legal_targets(spec, controller, view):
        return None
    if spec.zone == "stack":
        items = list(reversed(view.stack()))
        if not items:
            return "the stack is empty"
        return "; ".join(p for i in items if (p := _stack_problem(spec, controller, i.id, view)))
    if spec.zone == "graveyard":
        cards = [o for p in view.players for o in view.zone(p, "graveyard")
                 if whose_matches(spec.whose, controller, o.owner)]
        if not cards:
            return f"{controller}'s graveyard is empty" if spec.whose == "you" else "the graveyards are empty"
        return "; ".join(p for o in cards if (p := target_problem(spec, controller, o.id, view)))
    return f"nothing on the battlefield is a {spec.text.removeprefix('target ')}"


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
