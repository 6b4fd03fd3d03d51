""""Why not?" answers for the common surprises, read from the event log.

Each function returns a short explanation citing rules, for something that did *not*
happen: no mana (CR 106.5), an ability that didn't trigger (nothing it waits for happened,
it didn't meet the condition, or the permanent wasn't there), no crown stolen (the damage was
redirected, CR 614.9), or an ability that can't be activated (CR 107.5, 107.6, 302.6, ...).
They read a :class:`~mtgkit.view.GameView` and typed events only.
"""

from __future__ import annotations

from collections.abc import Sequence

from .abilities import ManaTrigger, StaticReplacement, Triggered
from .events import (
    KINDS,
    AbilityActivated,
    AbilityTriggered,
    AttackDeclared,
    BlockDeclared,
    ChoiceMade,
    ControlChanged,
    CountersChanged,
    DamageDealt,
    DamagePrevented,
    DamageRedirected,
    Event,
    Fizzled,
    ManaAdded,
    MonarchChanged,
    NoMana,
    PlayerLeft,
    PriorityPassed,
    PutOnStack,
    Resolved,
    SpellCast,
    StepBegan,
    TurnBegan,
    ZoneChange,
    explain,
)
from .triggers import AtBeginning, BecomesMonarch, CastSpell, TappedForMana, Trigger, whose_matches
from .variants import CR, Rules
from .view import GameView, ObjectView
from .wording import possessive, refusal


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


#: Events that can't happen in the middle of one event: a player's action, priority, a step, an
#: ability put on the stack or resolving. Two events with none of these between them happened
#: at the same time (the parts of a player leaving, state-based actions performed together).
_MOMENTS = (PriorityPassed, PutOnStack, Resolved, SpellCast, AbilityActivated, StepBegan, TurnBegan)


def _same_moment(events: Sequence[Event], first: int, then: int) -> bool:
    """Did event ``then`` happen at the same time as the earlier event ``first``?"""
    return not any(isinstance(e, _MOMENTS) for e in events[first:then - 1])


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


class _Then:
    """The permanent as it was right after event ``seq`` (after ``end``, the last part of the one
    event ``seq`` belongs to, CR 603.10: a player leaving and its parts), for asking its trigger
    whether that event matched: its controller and counters then (from its arrival and the events
    after it)."""

    def __init__(self, o: ObjectView, events: Sequence[Event], arrival: int, seq: int,
                 end: int | None = None) -> None:
        entry = events[arrival - 1]
        assert isinstance(entry, ZoneChange)
        self._o = o
        self.id: int | None = o.id
        self.attached_to = o.attached_to
        self.chosen_color = o.chosen_color
        self.controller = entry.controller
        counters = dict(entry.counters)
        for e in events[arrival:seq - 1 if end is None or end == seq else end]:
            if e.obj_id != o.id:
                continue
            if isinstance(e, ControlChanged):
                self.controller = e.controller
            elif isinstance(e, CountersChanged):
                counters[e.counter] = counters.get(e.counter, 0) + e.delta
        self.counters: dict[str, int] = counters

    def is_a(self, card_type: str) -> bool:
        return self._o.is_a(card_type)


class _ThenView:
    """The game as it was right after event ``seq`` (after the whole of the one event it is a
    part of, CR 603.10): whose turn it was and who was the monarch."""

    def __init__(self, game: GameView, events: Sequence[Event], seq: int) -> None:
        self._game = game
        self.active_player = next((e.active for e in reversed(events[:seq]) if isinstance(e, TurnBegan)),
                                  game.active_player)
        self.monarch = _monarch_before(events, game.event_end(seq) + 1)
        self.rules: Rules = getattr(game, "rules", CR)  # the rules the game plays by
        self.consulted: set[str] = set()  # the decisions asked looking back (not the game's)

    def is_a(self, obj_id: int, card_type: str) -> bool:
        return self._game.is_a(obj_id, card_type)

    def controller_of(self, obj_id: int) -> str:
        return self._game.controller_of(obj_id)


def no_trigger(game: GameView, ref: int | str) -> str:
    """Why didn't this permanent's triggered abilities trigger? For each one that hasn't since
    the permanent last arrived: nothing it waits for happened, or it happened but didn't meet the
    trigger condition (and why), or its intervening "if" was false (CR 603.4), or the permanent
    wasn't on the battlefield then. Refuses (``ValueError``) a permanent with no triggered ability.
    """
    o = game.obj(ref)
    abilities = o.card.triggers
    if not abilities:
        raise ValueError(refusal("whynot.no_triggered_ability", name=o.name,
                                 replacement=o.card.has(StaticReplacement)))
    events = game.events
    spans = _on_battlefield(events, o.id)
    since = spans[-1][0] if spans else 0
    fired = {e.ability: e for e in events if isinstance(e, AbilityTriggered) and e.obj_id == o.id
             and e.seq >= since}
    missing = [(i, a) for i, a in enumerate(abilities) if i not in fired]
    if not missing:
        return f"It did trigger: {max(fired.values(), key=lambda e: e.seq).text}"
    answers = [_why_not_this(game, o, a, spans) for _, a in missing]
    if len(abilities) == 1:
        return answers[0]
    return "\n".join(f"\"{a.text}\": {answer}" for (_, a), answer in zip(missing, answers, strict=True))


def _why_not_this(game: GameView, o: ObjectView, ab: Triggered | ManaTrigger,
                  spans: list[tuple[int, int | None]]) -> str:
    """Why one triggered ability of ``o`` hasn't triggered, from the events its trigger waits for."""
    events = game.events
    trigger = ab.trigger
    if not spans:
        return (f"{o.name} hasn't been on the battlefield in this game, and a permanent's abilities "
                f"trigger only while it is on the battlefield (CR 113.6, 603.2).")
    first = spans[0][0]
    kinds = trigger.waits_for
    present: list[tuple[Event, bool, str]] = []  # (event, did it match, what was missing)
    absent: list[Event] = []
    together: list[tuple[Event, Event]] = []  # (what it waits for, its leaving at the same time)
    for e in events[first - 1:]:
        if not isinstance(e, kinds) or e.setup or (trigger.about_source and e.obj_id != o.id):
            continue
        span = next(((a, b) for a, b in spans if a <= e.seq and (b is None or e.seq <= b)), None)
        arrival = span[0] if span else max(a for a, _ in spans if a <= e.seq)
        src = _Then(o, events, arrival, e.seq, game.event_end(e.seq))
        view = _ThenView(game, events, e.seq)
        matched = trigger.matches(e, src, view) is not None
        if span is None:
            if matched:
                absent.append(e)
            continue
        departed = span[1]
        if matched and departed is not None and departed > e.seq and _same_moment(events, e.seq, departed):
            together.append((e, events[departed - 1]))  # it wasn't there right after the event
        elif matched and isinstance(ab, Triggered) and ab.condition is not None \
                and not ab.condition.holds(view, src.controller):
            present.append((e, True, f"its intervening \"if\" ({ab.condition.words}) was false then"))
        else:
            present.append((e, matched, "" if matched else _missed(trigger, e, src, o.name)))
    last_arrival = spans[-1][0]
    recent = [p for p in present if p[0].seq >= last_arrival]
    should = [e for e, matched, why in recent if matched and not why]
    if should:
        last = should[-1]
        return (f"#{last.seq} ({last.text}) happened while {o.name} was on the battlefield, so it "
                f"should have triggered; see the events after #{last.seq}.")
    gone = [(e, d) for e, d in together if e.seq >= last_arrival]
    if gone:
        e, d = gone[-1]
        return (f"#{e.seq} ({e.text}) is what it waits for, but {o.name} left the battlefield at the "
                f"same time (#{d.seq}: {d.text}). Only what is on the battlefield right after an "
                f"event can trigger on it (CR 603.10); looking back in time is for leaves-the-"
                f"battlefield abilities (603.10a).")
    if_false = [(e, why) for e, matched, why in recent if matched and why]
    if if_false:
        e, why = if_false[-1]
        return (explain(events, e.seq) + f"\nThat is what it waits for, but {why}: an ability with an "
                f"intervening \"if\" triggers only if the condition is true as the event happens "
                f"(CR 603.4).")
    later = [e for e in absent if e.seq > last_arrival or spans[-1][1] is not None]
    if later:
        last = later[-1]
        left = [b for a, b in spans if b is not None and b < last.seq]
        when = (f"it had left the battlefield (#{left[-1]})" if left
                else "it wasn't on the battlefield yet")
        return (f"#{last.seq} ({last.text}) is what it waits for, but {o.name} wasn't there to see "
                f"it: {when}. A permanent's abilities trigger only while it is on the battlefield "
                f"(CR 113.6, 603.2).")
    misses = [(e, why) for e, matched, why in recent if not matched]
    if misses:
        e, why = misses[-1]
        more = (f" ({len(misses)} events of that kind since it arrived; none matched)"
                if len(misses) > 1 else "")
        return (f"#{e.seq} ({e.text}) is the kind of event it waits for{more}, but {why}, so it "
                f"didn't trigger (CR 603.2).")
    what = " or ".join(dict.fromkeys(KINDS[k.kind].split(":")[0].split(" (")[0] for k in kinds))
    return (f"Since {o.name} arrived (#{last_arrival}), nothing it waits for has happened: its "
            f"trigger (\"{ab.text}\") waits for an event where {what} (CR 603.2).")


def _missed(trigger: Trigger | TappedForMana, e: Event, src: _Then, name: str) -> str:
    """What the trigger condition needed that event ``e`` didn't have, in words."""
    if isinstance(trigger, CastSpell) and isinstance(e, SpellCast):
        if not whose_matches(trigger.whose, src.controller, e.player):
            return f"it waits for a spell cast by {_whose(trigger.whose, src.controller)}"
        if trigger.mv_equals_counters:
            n = src.counters.get(trigger.mv_equals_counters, 0)
            return (f"{possessive(e.obj or '')} mana value was {e.mana_value} and {name} had {n} "
                    f"{trigger.mv_equals_counters} counter{'' if n == 1 else 's'} on it")
        return f"it waits only for {trigger.card_type} spells"
    if isinstance(trigger, TappedForMana) and isinstance(e, ManaAdded):
        if not e.tapped_for_mana:
            return "that mana didn't come from a permanent tapped for mana (CR 106.12)"
        if trigger.mana_of == "chosen color":
            return (f"it waits for mana of the chosen color ({src.chosen_color or 'none chosen'}), "
                    f"and {e.obj} made {e.mana}, or it wasn't a {trigger.scope} "
                    f"tapped by {_whose(trigger.whose, src.controller)}")
        return (f"it waits for a {trigger.scope} tapped for mana by "
                f"{_whose(trigger.whose, src.controller)}")
    if isinstance(trigger, BecomesMonarch) and isinstance(e, MonarchChanged):
        if not e.changed:
            return (f"{e.monarch} was the monarch already: an ability that triggers when you become "
                    f"the monarch needs a real change (CR 603.2e, 725.3)")
        return f"it waits for {src.controller} to become the monarch, and {e.monarch} did"
    if isinstance(trigger, AtBeginning) and isinstance(e, StepBegan):
        return f"it waits for the {trigger.step} step" + (
            f" of {src.controller}'s turn" if trigger.whose == "you" else "")
    return "that event doesn't meet its trigger condition"


def _whose(whose: str, controller: str) -> str:
    return {"you": controller, "opponents": f"an opponent of {controller}"}.get(whose, "any player")


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
            reasons.append(f"{possessive(name or '')} controller changed to {stolen[0].controller} "
                           f"(#{stolen[0].seq}) "
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
