""""Why not?" answers for the common surprises, read from the event log.

Each function returns a short explanation citing rules, for something that did *not*
happen: no mana (CR 106.5), no "whenever you become the monarch" trigger (it needs a real
change), no crown stolen (the damage was redirected, CR 614.9), or an ability that can't be
activated (CR 107.5, 107.6, 302.6, ...). They read a :class:`~mtgkit.view.GameView` and
typed events only.
"""

from __future__ import annotations

from .events import (
    AbilityActivated,
    AbilityTriggered,
    AttackDeclared,
    BlockDeclared,
    DamageDealt,
    DamageRedirected,
    ManaAdded,
    MonarchChanged,
    NoMana,
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


def no_trigger(game: GameView, ref: int | str) -> str:
    """Why didn't this permanent's "whenever you become the monarch" ability trigger?"""
    o = game.obj(ref)
    events = game.events
    notes = [e for e in events if isinstance(e, MonarchChanged) and not e.changed
             and e.player == o.controller]
    fired = [e for e in events if isinstance(e, AbilityTriggered) and e.obj_id == o.id]
    if notes and (not fired or notes[-1].seq > fired[-1].seq):
        return (explain(events, notes[-1].seq) + "\nAn ability that triggers when you become "
                "the monarch needs a real change (CR 725.3): you were the monarch already.")
    if fired:
        return f"It did trigger: {fired[-1].text}"
    return f"{o.controller} hasn't been made the monarch since {o.name} arrived."


def no_steal(game: GameView, player: str) -> str:
    """Why isn't ``player`` the monarch after their creatures attacked?"""
    if game.monarch == player:
        return f"{player} is the monarch."
    events = game.events
    attacks = [e for e in events if isinstance(e, AttackDeclared) and e.player == player]
    if not attacks:
        return f"No creature of {player}'s has attacked, so none dealt combat damage to the monarch."
    since = attacks[-1].seq
    hits = [e for e in events if e.seq > since and isinstance(e, DamageDealt) and e.combat
            and e.to_player is not None]
    redirected = [e for e in events if e.seq > since and isinstance(e, DamageRedirected) and e.combat]
    if redirected and not hits:
        r = redirected[-1]
        return (f"{r.text} (CR 614.9). Damage dealt to a Protector is not damage dealt to the "
                f"monarch, so the monarch's combat-damage trigger (CR 725.2) never triggered.")
    blocked = [e for e in events if e.seq > since and isinstance(e, BlockDeclared)]
    if blocked and not hits:
        return "Every attacker was blocked: no creature dealt combat damage to the monarch (CR 725.2)."
    if hits:
        return (f"{player}'s creatures dealt combat damage to {hits[-1].to_player}, who was not "
                f"the monarch at the time, or the crown moved again afterwards.")
    return "No creature dealt combat damage to the monarch."
