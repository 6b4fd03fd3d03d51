""""Why not?" answers for the common surprises, read from the event log.

Each function returns a short explanation citing rules, for something that did *not*
happen: no mana (CR 106.5), no "whenever you become the monarch" trigger (it needs a real
change), no crown stolen (the damage was redirected, CR 614.9), or an ability that can't be
activated (CR 107.5, 107.6, 302.6, ...). They read a :class:`~mtgkit.view.GameView` and
typed events only.
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import (
    AbilityActivated,
    AbilityTriggered,
    AttackDeclared,
    BlockDeclared,
    ChoiceMade,
    ControlChanged,
    DamageDealt,
    DamagePrevented,
    DamageRedirected,
    Event,
    Fizzled,
    ManaAdded,
    MonarchChanged,
    NoMana,
    PlayerLeft,
    Resolved,
    ZoneChange,
    explain,
)
from .view import GameView


def no_mana(game: GameView, ref: int | str) -> str:
    """Why did this permanent's last mana ability add no mana (or what did it add)?"""
    o = game.obj(ref)
    events = game.events
    acts = [e for e in events if isinstance(e, AbilityActivated) and e.obj_id == o.id and e.mana_ability]
    if not acts:
        return f"{o.name} hasn't been tapped for mana in this game."
    last = acts[-1]
    after = [e for e in events if e.cause == last.seq and isinstance(e, ManaAdded | NoMana)]
    if after and isinstance(after[0], ManaAdded):
        return f"It did add mana: {after[0].text}."
    return explain(events, after[0].seq) if after else "The activation produced nothing."


def _on_battlefield(events: Sequence[Event], obj_id: int) -> list[tuple[int, int | None]]:
    """The (arrival, departure) event numbers of each time ``obj_id`` was on the battlefield."""
    spans: list[tuple[int, int | None]] = []
    for e in events:
        if isinstance(e, ZoneChange) and e.obj_id == obj_id:
            if e.to == "battlefield":
                spans.append((e.seq, None))
            elif e.frm == "battlefield" and spans and spans[-1][1] is None:
                spans[-1] = (spans[-1][0], e.seq)
    return spans


def no_trigger(game: GameView, ref: int | str) -> str:
    """Why didn't this permanent's "whenever you become the monarch" ability trigger?"""
    o = game.obj(ref)
    events = game.events
    spans = _on_battlefield(events, o.id)
    fired = [e for e in events if isinstance(e, AbilityTriggered) and e.obj_id == o.id]
    controllers = {e.seq: e.controller for e in events if isinstance(e, ZoneChange)
                   and e.obj_id == o.id and e.to == "battlefield"}
    owner = controllers[spans[-1][0]] if spans else o.controller
    crownings = [e for e in events if isinstance(e, MonarchChanged) and e.player == owner
                 and not e.setup]
    if not crownings:
        return f"{owner} hasn't been made the monarch since {o.name} arrived."
    last = crownings[-1]
    if fired and fired[-1].seq > last.seq:
        return f"It did trigger: {fired[-1].text}"
    here = any(a < last.seq and (b is None or last.seq < b) for a, b in spans)
    if not last.changed:
        return (explain(events, last.seq) + f"\nAn ability that triggers when you become the monarch "
                f"needs a real change (CR 603.2e, 725.3): {owner} was the monarch already.")
    if not here:
        left = [b for a, b in spans if b is not None and b < last.seq]
        when = (f"it had left the battlefield (#{left[-1]})" if left
                else "it wasn't on the battlefield yet")
        return (f"{owner} became the monarch at #{last.seq} ({last.text}), but {o.name} wasn't there "
                f"to see it: {when}. A permanent's abilities trigger only while it is on the "
                f"battlefield (CR 113.6, 603.2).")
    return (f"{owner} became the monarch at #{last.seq} while {o.name} was on the battlefield, "
            f"so it should have triggered; see the events after #{last.seq}.")


def no_steal(game: GameView, player: str) -> str:
    """Why isn't ``player`` the monarch after their creatures attacked? One reason per attacker
    of their last combat: blocked, removed from combat, damage redirected, no power, or it
    attacked someone who wasn't the monarch."""
    if game.monarch == player:
        return f"{player} is the monarch."
    events = game.events
    attacks = [e for e in events if isinstance(e, AttackDeclared) and e.player == player]
    if not attacks:
        return f"No creature of {player}'s has attacked, so none dealt combat damage to the monarch."
    last_turn = attacks[-1].turn
    attacks = [e for e in attacks if e.turn == last_turn]
    since = attacks[0].seq
    later = [e for e in events if e.seq > since and e.turn == last_turn]
    monarch = _monarch_before(events, since)
    reasons: list[str] = []
    for a in attacks:
        name, oid = a.obj, a.obj_id
        blocks = [e for e in later if isinstance(e, BlockDeclared) and e.attacker == oid]
        gone = [e for e in later if isinstance(e, ZoneChange) and e.obj_id == oid
                and e.frm == "battlefield" and e.step != "combat_damage" and e.step != "end_of_combat"]
        redirected = [e for e in later if isinstance(e, DamageRedirected) and e.combat
                      and e.source_id == oid]
        hits = [e for e in later if isinstance(e, DamageDealt) and e.combat and e.source_id == oid
                and e.to_player is not None]
        prevented = [e for e in later if isinstance(e, DamagePrevented) and e.combat
                     and e.source_id == oid and e.to_player is not None]
        stolen = [e for e in later if isinstance(e, ControlChanged) and e.obj_id == oid
                  and e.removed_from_combat]
        there = [e for e in later if isinstance(e, DamagePrevented) and e.combat and e.source_id == oid
                 and redirected and e.to_id is not None and e.seq > redirected[-1].seq]
        if a.defender != monarch:
            reasons.append(f"{name} attacked {a.defender}, who wasn't the monarch"
                           + (f" ({monarch} was)" if monarch else " (there was no monarch)"))
        elif gone:
            reasons.append(f"{name} left the battlefield before combat damage ({gone[0].text}, "
                           f"#{gone[0].seq}), so it was removed from combat and dealt no damage "
                           f"(CR 506.4)")
        elif stolen:
            reasons.append(f"{name}'s controller changed to {stolen[0].controller} (#{stolen[0].seq}) "
                           f"before combat damage, so it was removed from combat and dealt no combat "
                           f"damage (CR 506.4)")
        elif blocks and any(isinstance(e, ChoiceMade) and e.obj_id == oid and e.answer == "none"
                            and e.question == "damage assignment" for e in later):
            reasons.append(f"{name} was blocked ({'; '.join(b.text for b in blocks)}), and its "
                           f"blockers were all gone by combat damage: it stayed blocked (CR 509.1h), "
                           f"and a blocked creature with no creature blocking it assigns no combat "
                           f"damage at all, neither to a blocker nor to the player (CR 510.1c)")
        elif blocks:
            reasons.append(f"{name} was blocked ({'; '.join(b.text for b in blocks)}): a blocked "
                           f"creature assigns its combat damage to the creatures blocking it, never "
                           f"to the player it attacks (CR 509.1h, 510.1c)")
        elif redirected and there:
            r, p = redirected[-1], there[0]
            reasons.append(f"the damage {name} would have dealt to {r.before} was redirected to "
                           f"{r.after} (#{r.seq}, CR 614.9), and {p.effect} prevented it there "
                           f"(#{p.seq}): after the redirection it is still combat damage, and the "
                           f"prevention effect applied next (CR 616.1f). Prevented damage is never "
                           f"dealt (CR 615.6), so no damage was dealt to anyone, and the monarch's "
                           f"combat-damage trigger (CR 725.2) didn't trigger for {name}")
        elif redirected:
            reasons.append(f"{redirected[-1].text} (CR 614.9): damage dealt to a Protector is not "
                           f"damage dealt to the monarch, so the monarch's combat-damage trigger "
                           f"(CR 725.2) didn't trigger for {name}")
        elif prevented and not hits:
            reasons.append(f"{prevented[-1].text} (CR 615.6): prevented damage is never dealt, so the "
                           f"monarch's combat-damage trigger (CR 725.2) didn't trigger for {name}")
        elif not hits:
            reasons.append(f"{name} dealt no combat damage (a creature with 0 power assigns none, "
                           f"CR 510.1a)")
        else:
            hit = hits[-1]
            crowned = [e for e in events if e.seq > hit.seq and isinstance(e, MonarchChanged)
                       and e.changed and e.monarch == player]
            triggers = [e for e in events if e.seq > hit.seq and isinstance(e, AbilityTriggered)
                        and e.cause == hit.seq]
            if crowned:
                reasons.append(f"{name} dealt combat damage to {monarch}, the monarch, so the crown "
                               f"went to {player} (#{crowned[0].seq}, CR 725.2), and it moved again "
                               f"later")
            elif triggers and not any(e.seq > triggers[0].seq and isinstance(e, Resolved | Fizzled)
                                      and e.cause is not None and e.cause > triggers[0].seq
                                      for e in events):
                reasons.append(f"{name} dealt combat damage to {monarch}, the monarch: the steal "
                               f"trigger (#{triggers[0].seq}) is still waiting to resolve (CR 725.2)")
            else:
                left = [e for e in events if isinstance(e, PlayerLeft) and e.player == player
                        and e.seq > hit.seq]
                reasons.append(f"{name} dealt combat damage to {monarch}, the monarch, but the steal "
                               f"trigger did nothing"
                               + (f": {player} had left the game (CR 800.4a)" if left else ""))
    if len(reasons) == 1:
        return f"{player} isn't the monarch: {reasons[0]}."
    return f"{player} isn't the monarch. " + " ".join(f"{r[0].upper()}{r[1:]}." for r in reasons)


def _monarch_before(events: Sequence[Event], seq: int) -> str | None:
    monarch: str | None = None
    for e in events:
        if e.seq >= seq:
            break
        if isinstance(e, MonarchChanged):
            monarch = e.monarch
    return monarch
