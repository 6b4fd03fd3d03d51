"""Practice a teacher would hand out: every topic x level over 30 seeds x 20 questions, with no
crash, exactly the legal answers marked right (recomputed here independently with
mtgkit.outcomes and the engine), a named misconception behind every wrong option, four options
or an honest true/false on hard questions, legal boards, plain explanations and no repeated
board in a run. The seeds are spread over two processes."""

from __future__ import annotations

import multiprocessing
import os
import re
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from mtgkit import Game
from mtgkit.events import ChoiceMade, Entered, SpellCast, SpellCopied, ZoneChange
from mtgkit.lessons import LIBRARY, combat_setup, x_setup
from mtgkit.mana import symbols
from mtgkit.misconceptions import CATALOG
from mtgkit.outcomes import Outcome, outcomes
from mtgkit.practice import LEVELS, TOPICS, TRUE_FALSE, Question, grade, rule_option, worksheet
from mtgkit.situations import (
    Activation,
    BlockedDamage,
    Bolts,
    Checklist,
    Combat,
    CouldPlay,
    CouldProduce,
    DrawRace,
    Leaves,
    LegendPlay,
    LichEnters,
    ManaPlay,
    MonarchPlay,
    ReflectedSpend,
    Situation,
    StackPlay,
    TapForMana,
    XEntry,
)
from mtgkit.teaching import Play
from mtgkit.topics.crossing import Crossed
from mtgkit.topics.x_values import ChalicePlay, DeathPlay, _copies

# Not in the fast tier (kit.py fast): sweeps over generated question streams.
pytestmark = pytest.mark.slow

SEEDS = range(30)
N = 20


# ------------------------------------------------------------------ legal answers, independently
def _x_reading(card: str, path: str, ask: str, out: Outcome) -> str | None:
    g, events = out.game, out.events
    if path == "copied by Clone":
        entered = [e for e in events if isinstance(e, Entered) and e.copy_of is not None]
    else:
        entered = [e for e in events if isinstance(e, Entered) and e.obj == card]
    if not entered:
        return None
    ref = entered[-1].obj_id
    here = next((p for p in g.permanents() if p.id == ref), None)
    if ask == "tokens":  # the Food its own enters trigger made (a copy's: after Clone was cast)
        start = next((e.seq for e in events if isinstance(e, SpellCast) and e.obj == "Clone"), 0) \
            if path == "copied by Clone" else 0
        return str(sum(1 for e in events if isinstance(e, Entered) and e.obj == "Food" and e.seq > start))
    if ask == "mana value on the stack":
        cast = next(e for e in events if isinstance(e, SpellCast) and e.obj == card)
        return str(cast.mana_value)
    if ask == "counters":
        return str(sum(here.counters.values()) if here else 0)
    if ask == "mana value on the battlefield":
        return str(g.mana_value(here.id)) if here else None
    if here is None:
        return "it isn't on the battlefield"
    n = sum(here.counters.values())
    return f"{n} counter{'' if n == 1 else 's'}, mana value {g.mana_value(here.id)}"


def legal_answers(s: Situation) -> set[str]:
    """What the rules allow, computed from the engine and mtgkit.outcomes only."""
    for kind, legal in _LEGAL:
        if isinstance(s, kind):
            return legal(s)
    raise AssertionError(f"no independent check for {type(s).__name__}")


def _legal_could_produce(s: CouldProduce) -> set[str]:
    g, ids = s.board.build()
    return {symbols(g.could_produce(ids[s.target]))}


def _legal_tap_for_mana(s: TapForMana) -> set[str]:
    _, ids = s.board.build()
    outs = outcomes(lambda: s.board.build()[0],
                    lambda g, order: g.activate(ids[s.source], order=order), order=[s.order])
    return {str(o.pool("Alice")) for o in outs if o.legal}


def _legal_x_entry(s: XEntry) -> set[str]:
    made = x_setup(s.card, s.x, s.path)
    assert made is not None
    g, action, _ = made
    return {v for o in outcomes(g, action) if o.legal
            and (v := _x_reading(s.card, s.path, s.ask, o)) is not None}


def _legal_activation(s: Activation) -> set[str]:
    verdicts = []
    for c in s.cases:
        g, ref = c.game()
        verdicts.append(g.can_activate(ref, c.ability))
    return {s.answer_of(verdicts)}


def _legal_combat(s: Combat) -> set[str]:
    g, fight, _ = combat_setup(s.attackers, dict(s.blocks), s.protectors, s.bob_is_monarch)
    outs = outcomes(g, fight)
    assert all(o.legal for o in outs), "a generated combat must be legal"
    return {s.answer_of(o.monarch, o.life("Bob")) for o in outs}


def _legal_bolts(s: Bolts) -> set[str]:
    g = Game(["Alice", "Bob"], library=LIBRARY)
    protector = g.put_onto_battlefield("Protector of the Crown", "Bob")
    for target in [protector] * s.at_protector + ["Bob"]:
        g.activate(g.put_onto_battlefield("Mountain", "Alice"))
        g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=target)
        g.resolve_stack()
    return {str(20 - g.life("Bob"))}


def _legal_leaves(s: Leaves) -> set[str]:
    g = Game(list(s.players), library=LIBRARY)
    g.make_monarch(s.monarch)
    while g.active_player != s.active:
        g.next_turn()
    g.concede(s.monarch)
    return {g.monarch or "nobody"}


def _legal_lich_enters(s: LichEnters) -> set[str]:
    g = Game(["Alice", "Bob"], library=LIBRARY)
    for name in s.alice_creatures:
        g.put_onto_battlefield(name, "Alice")
    g.put_onto_battlefield("Grizzly Bears", "Bob")
    if s.bob_was_monarch:
        g.make_monarch("Bob")

    def enter(game: Game) -> None:
        game.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
        game.resolve_stack()
    return {str(sum(1 for p in o.game.permanents("Alice") if p.is_a("Creature")))
            for o in outcomes(g, enter) if o.legal}


def _legal_draw_race(s: DrawRace) -> set[str]:
    return {"Alice"}  # the monarch's trigger is Alice's (CR 725.2), Custodi Lich or not


def _legal_monarch_play(s: MonarchPlay) -> set[str]:
    return {_monarch_reading(s, o) for o in _play(s.play)}


def _legal_mana_play(s: ManaPlay) -> set[str]:
    return {str(o.pool("Alice")) for o in _play(s.play)}


def _legal_could_play(s: CouldPlay) -> set[str]:
    g, labels = s.play.game()
    return {symbols(g.could_produce(labels[s.target]))}


def _legal_legend_play(s: LegendPlay) -> set[str]:
    found = set()
    for o in _play(s.play):
        geese = sorted((sum(p.counters.values()) for p in o.game.permanents("Alice")
                        if p.name == "The Goose Mother"), reverse=True)
        food = sum(1 for p in o.game.permanents("Alice") if p.name == "Food")
        found.add(_goose(geese, food))
    return found


def _legal_reflected_spend(s: ReflectedSpend) -> set[str]:
    return {f"Alice has {o.life('Alice')} life; Bob has {o.life('Bob')} life" for o in _play(s.play)}


def _legal_stack_play(s: StackPlay) -> set[str]:
    return {_stack_reading(s, o) for o in _play(s.play)}


def _crossed_part(kind: str, player: str, card: str, ability: int, g: Game, labels: dict[str, int]) -> str:
    """One part of a crossed question's answer, read off the game with the engine's queries."""
    her = "her" if player == "Alice" else "his"
    if kind == "pool":
        pool = g.pool(player)
        return f"{player}'s mana pool " + (f"holds {pool}" if pool else "is empty")
    if kind == "monarch":
        return f"{g.monarch or 'nobody'} is the monarch"
    if kind == "creatures":
        n = len([p for p in g.permanents(player) if p.is_a("Creature")])
        return f"{player} controls {n} creature{'' if n == 1 else 's'}"
    if kind == "counters":
        counts = sorted((p.counters.get("+1/+1", 0) for p in g.permanents(player) if p.name == card),
                        reverse=True)
        unit = lambda n: f"{n} +1/+1 counter{'' if n == 1 else 's'}"  # noqa: E731
        if not counts:
            return f"{player} controls no {card}"
        if len(counts) == 1:
            return f"{her} {card} has {unit(counts[0])}"
        if len(set(counts)) == 1:
            return f"each of {her} {len(counts)} {card}s has {unit(counts[0])}"
        listed = ", ".join(map(str, counts[:-1])) + f" and {counts[-1]}"
        return f"{her} {len(counts)} {card}s have {listed} +1/+1 counters"
    if kind == "could":
        made = sorted(g.could_produce(labels[card]))
        if not made:
            return "it could produce no mana"
        named = [f"{{{k}}}" for k in made]
        return "it could produce " + (named[0] if len(named) == 1
                                      else ", ".join(named[:-1]) + f" and {named[-1]}")
    return "she can activate it" if g.can_activate(labels[card], ability) else "she can't activate it"


def _legal_death_play(s: DeathPlay) -> set[str]:
    found = set()
    for o in _play(s.play):
        mine = [sum(p.counters.values()) for p in o.game.permanents("Alice") if p.name == s.card]
        thopters = len([p for p in o.game.permanents("Alice") if p.name == "Thopter"])
        found.add(s.answer_of(thopters, mine[0] if mine else None))
    return found


def _legal_chalice_play(s: ChalicePlay) -> set[str]:
    return {_copies(s.card, sorted((p.counters.get("+1/+1", 0) for p in o.game.permanents("Alice")
                                    if p.name == s.card), reverse=True)) for o in _play(s.play)}


def _legal_crossed(s: Crossed) -> set[str]:
    labels = s.play.build()[1]
    return {"; ".join(_crossed_part(a.kind, a.player, a.card, a.ability, o.game, labels) for a in s.asks)
            for o in _play(s.play)}


def _legal_blocked_damage(s: BlockedDamage) -> set[str]:
    splits = {tuple(int(str(part).rsplit(": ", 1)[1]) for part in c.answer)
              for o in _play(s.play) for c in o.choices if c.question == "damage assignment"}
    total = sum(next(iter(splits)))
    assert splits == {(a, total - a) for a in range(total + 1)}, splits
    return {f"any split of its {total} damage between the two blockers, as Alice chooses"}


def _legal_checklist(s: Checklist) -> set[str]:
    g, labels = s.play.game()
    verdicts = [_try(g, labels, act, s.who) for act in s.acts]
    return {s.answer_of(verdicts)}


#: The independent check of each kind of situation (the first kind a situation is an instance of).
_LEGAL: tuple[tuple[type[Any], Callable[[Any], set[str]]], ...] = (
    (CouldProduce, _legal_could_produce),
    (TapForMana, _legal_tap_for_mana),
    (XEntry, _legal_x_entry),
    (Activation, _legal_activation),
    (Combat, _legal_combat),
    (Bolts, _legal_bolts),
    (Leaves, _legal_leaves),
    (LichEnters, _legal_lich_enters),
    (DrawRace, _legal_draw_race),
    (MonarchPlay, _legal_monarch_play),
    (ManaPlay, _legal_mana_play),
    (CouldPlay, _legal_could_play),
    (LegendPlay, _legal_legend_play),
    (ReflectedSpend, _legal_reflected_spend),
    (StackPlay, _legal_stack_play),
    (BlockedDamage, _legal_blocked_damage),
    (Checklist, _legal_checklist),
    (Crossed, _legal_crossed),
    (DeathPlay, _legal_death_play),
    (ChalicePlay, _legal_chalice_play),
)


def _game_of(s: Situation) -> Game | None:
    """The game whose events a situation's decisive reason numbers (a play's; None when the
    engine tried it on a copy of its own, as a tap-untap question does)."""
    if isinstance(s, Activation | Checklist):
        return None
    play = getattr(s, "play", None)
    if play is not None:
        return _play(play)[0].game
    if isinstance(s, XEntry):
        return None  # its paths are games of their own (checked by the X-value tests)
    if isinstance(s, TapForMana):
        return s.outcomes().legal[0].game
    if isinstance(s, Activation | Checklist):
        return None
    return None


def _play(play: Play) -> list[Outcome]:
    """Every legal outcome of a play the story keeps, from mtgkit.outcomes directly."""
    labels = play.build()[1]
    outs = outcomes(lambda: play.build()[0], lambda g: play.run(g, dict(labels)))
    return [o for o in outs if o.legal and play.kept(o)]


def _monarch_reading(s: MonarchPlay, o: Outcome) -> str:
    g = o.game
    who = g.monarch or "nobody"
    about = s.about
    if s.ask == "monarch":
        return who
    if s.ask == "who chooses":
        return next((e.player or "" for e in o.events if isinstance(e, ChoiceMade)
                     and e.question == "sacrifice"), "nobody")
    if s.ask == "cards drawn" and getattr(s, "kind", "") != "late-crown":
        n = sum(1 for e in o.events if isinstance(e, ZoneChange) and e.to == "hand" and e.frm == "library"
                and e.player == about and e.step == "end")
        return f"{n} card{'' if n == 1 else 's'}"
    crown = f"{who} is the monarch"
    kind = getattr(s, "kind", "")  # a CrownPlay's interaction
    if s.ask == "cards drawn" and kind == "late-crown":
        n = sum(1 for e in o.events if isinstance(e, ZoneChange) and e.to == "hand" and e.frm == "library"
                and e.player == about)
        return f"{crown}; {about} has drawn {n} card{'' if n == 1 else 's'}"
    if s.ask == "monarch and creatures" and kind == "jailer":
        alice, bob = (sum(1 for p in g.permanents(who) if p.is_a("Creature")) for who in ("Alice", "Bob"))
        return f"{crown}; Alice controls {alice} creature{'' if alice == 1 else 's'}, Bob {bob}"
    if s.ask == "monarch and life":
        return f"{crown}; {about} has {g.life(about)} life"
    if s.ask == "monarch and creatures":
        n = sum(1 for p in g.permanents(about) if p.is_a("Creature")) if g.in_game(about) else 0
        return f"{crown}; {about} controls {n} creature{'' if n == 1 else 's'}"
    n = sum(1 for p in g.permanents(about) if p.name == "Protector of the Crown")
    return f"{crown}; {about} controls {n} {'Protector' if n == 1 else 'Protectors'} of the Crown"


def _stack_reading(s: StackPlay, o: Outcome) -> str:
    counters = sorted((p.counters.get("+1/+1", 0) for p in o.game.permanents("Alice") if p.name == s.card),
                      reverse=True)
    if s.route == "copy":
        assert any(isinstance(e, SpellCopied) for e in o.events)
        if not counters:
            return f"no {s.card}"
        each = [f"{n} counter{'' if n == 1 else 's'}" for n in counters]
        if len(counters) == 1:
            return f"one {s.card}, with {each[0]}"
        if counters[0] == counters[1]:
            return f"two {s.card}s, with {each[0]} each"
        return f"two {s.card}s, with {counters[0]} and {counters[1]} counters"
    cast = next((e for e in o.events if isinstance(e, SpellCast) and e.obj == s.card), None)
    if cast is None:
        return f"it can't be cast: {s.card} goes to the bottom of her library"
    if counters:
        n = counters[0]
        return f"it is cast with X = {cast.x}: {s.card} stays with {n} counter{'' if n == 1 else 's'}"
    return f"it is cast with X = {cast.x}: {s.card} enters with no counters and dies"


def _goose(geese: list[int], food: int) -> str:
    if not geese:
        return f"no Goose Mother; {food} Food"
    if len(geese) == 1:
        said = f"{geese[0]} counter{'' if geese[0] == 1 else 's'}" if geese[0] else "no counters"
        return f"The Goose Mother with {said}; {food} Food"
    return f"two Goose Mothers ({' and '.join(map(str, geese))} counters); {food} Food"


def _try(g: Game, labels: dict[str, int], act: object, who: str) -> bool:
    """Does the engine let ``who`` do ``act`` (tried on a copy)?"""
    import copy

    from mtgkit.errors import RulesError

    trial = copy.deepcopy(g)
    ref = labels[act.card] if act.card in labels else trial.find(act.card)  # type: ignore[attr-defined]
    try:
        if act.kind == "activate":  # type: ignore[attr-defined]
            for land in act.pay:  # type: ignore[attr-defined]  # the lands that pay its mana cost
                trial.activate(labels[land], player=who)
            ab = trial.obj(ref).card.activated[act.ability]  # type: ignore[attr-defined]
            target: int | str | None = None  # a creature card in the graveyard, or an opponent
            if ab.targets is not None:
                graveyard = [c.id for c in trial.zone(who, "graveyard")]
                target = ((graveyard or [None])[0] if ab.targets.zone == "graveyard"
                          else next(p for p in trial.players if p != who))
            trial.activate(ref, act.ability, player=who, target=target)  # type: ignore[attr-defined]
        elif act.kind == "convoke":  # type: ignore[attr-defined]
            for land in act.pay:  # type: ignore[attr-defined]
                trial.activate(labels[land], player=who)
            spell = labels[act.spell]  # type: ignore[attr-defined]
            trial.cast(spell, target=next(p for p in trial.players if p != who), convoke=[ref])
        elif act.kind == "attack":  # type: ignore[attr-defined]
            if trial.step != "beginning_of_combat":
                trial.advance(to="beginning_of_combat")
            trial.attack([ref])
        else:
            attacker = next(p.id for p in trial.board().permanents if p.attacking == who)
            trial.block({ref: attacker})
    except RulesError:
        return False
    return True


# ------------------------------------------------------------------ the checks on one question
EVENT_AS_HASH = re.compile(r"(^|\n)\s*#\d+ |because #\d+|\(shaped by #")
RAW_ERROR = re.compile(r"\[CR [\d.a-z, ]+ \(\d{4}-\d\d-\d\d\)\]|activated abilities; there is no ability|"
                       r"Traceback|Error\b")
BAD_PLURAL = re.compile(r"(?<![/+\d])1 (counters|creatures|tokens|Protectors|Food tokens)\b|\(s\)|"
                        r"\b0 Protector of\b|\b(Bearss|Elvess|Plainss|Wastess)\b| × ")


#: A true/false claim or a which-rule stem that leaves out what it is about ("the answer is 2",
#: "may do exactly this now: ...", "can activate it: yes").
UNSTATED = re.compile(r"\bthe answer is\b|\bexactly this\b|\bactivate it\b", re.IGNORECASE)


def unstated(q: Question) -> list[str]:
    """A true/false or which-rule stem must be decidable as written: it states the question (a
    checklist's stem names every thing it asks about) and its answer."""
    found = []
    if UNSTATED.search(q.prompt):
        found.append(f"a {q.kind} stem that doesn't say what it is about: {q.prompt[:90]!r}")
    s = q.situation
    if isinstance(s, Checklist) and not all(a.says in q.prompt for a in s.acts):
        found.append(f"a {q.kind} stem that leaves out what it asks about: {q.prompt[:90]!r}")
    if isinstance(s, Activation) and not all(c.card in q.prompt for c in s.cases):
        found.append(f"a {q.kind} stem that doesn't name its permanent: {q.prompt[:90]!r}")
    return found


CR_NUMBER = re.compile(r"\d{3}\.\d+[a-z]?")


def as_right_as_the_key(q: Question) -> list[str]:
    """Review items 2b and 3a: a which-rule question's wrong options are never a rule its
    explanation or deciding event cites (nor a subrule or parent of one), never carry a
    misconception whose own rule they are (that rule refutes it), and a checklist decided by
    haste or by 302.6 is keyed to that rule, not to the procedure the event also cites."""
    found: list[str] = []
    reason = q.situation.decisive()
    cited = set(CR_NUMBER.findall(q.explanation)) | set(reason.rules if reason else ())
    key = q.answers[0].split(":")[0].removeprefix("CR ")
    for option in q.options:
        rule = option.split(":")[0].removeprefix("CR ")
        if option in q.answers:
            continue
        if any(rule == c or rule.startswith(c) and rule[len(c):].isalpha()
               or c.startswith(rule) and c[len(rule):].isalpha() for c in cited):
            found.append(f"wrong rule {rule} is cited by the explanation or the deciding event (key {key})")
        labels = [part for n in q.misconceptions(option) for part in n.split(" + ")]
        if any(CATALOG[n].rule == rule for n in labels):
            found.append(f"wrong rule {rule} labelled with a misconception it refutes: {labels}")
    if isinstance(q.situation, Checklist) and reason is not None:
        permits = [r for r in reason.rules if r in ("702.10b", "702.10c", "302.6")]
        if permits and key != permits[0]:
            found.append(f"a checklist decided by {permits[0]} keyed {key}")
    return found


def problems(q: Question) -> list[str]:
    """Everything wrong with one question: its answers against the rules, its options and their
    feedback, its words, and its board."""
    s = q.situation
    legal = legal_answers(s)
    found: list[str] = []
    if len(set(q.options)) != len(q.options) or len(q.options) < 2:
        found.append("options repeat or are too few")
    if q.kind == "which-rule":
        found += _which_rule_problems(q, legal)
    elif q.claim is None:
        if set(q.answers) != {o for o in q.options if o in legal}:
            found.append(f"right answers {q.answers} but legal {sorted(legal)}")
        if q.level == "hard" and len(q.options) < 4:
            found.append("a hard multiple-choice question with fewer than 4 options")
    else:
        if q.level == "hard":
            found.append("a hard true/false question")
        if q.options != TRUE_FALSE or q.answers != (("true",) if q.claim in legal else ("false",)):
            found.append(f"true/false claim {q.claim!r} graded {q.answers}, legal {sorted(legal)}")
    found += [p for option in q.options for p in _option_problems(q, option)]
    found += _text_problems(q)
    board = getattr(s, "board", None)
    if board is not None and board.problem() is not None:
        found.append(f"an illegal board: {board.problem()}")
    return found


def _which_rule_problems(q: Question, legal: set[str]) -> list[str]:
    """A which-rule question's key is the rule on the engine event that decided the outcome."""
    found: list[str] = []
    s = q.situation
    reason = s.decisive()
    if reason is None or q.answers != (rule_option(reason.rules[0]),) or len(legal) != 1:
        found.append(f"which-rule answer {q.answers} but the deciding rules are "
                     f"{reason.rules if reason else None}")
    elif reason.seq is not None:
        event = _game_of(s).events[reason.seq - 1] if _game_of(s) is not None else None
        if event is not None and reason.rules[0] not in event.rules:
            found.append(f"the right rule {reason.rules[0]} isn't on event {reason.seq}: {event.text}")
    if q.level == "hard" and len(q.options) < 4:
        found.append("a hard which-rule question with fewer than 4 options")
    return found + as_right_as_the_key(q)


def _option_problems(q: Question, option: str) -> list[str]:
    """A right option is graded right; a wrong one comes from a named misconception (or, for a
    which-rule question, has a note), and its feedback names the misconception and its rule."""
    if option in q.answers:
        return [] if grade(q, option).correct else [f"right option {option!r} graded wrong"]
    found: list[str] = []
    names = q.misconceptions(option)
    if q.kind == "which-rule" and not names:
        if option not in dict(q.notes):
            found.append(f"wrong rule {option!r} has no note saying what it is about")
    elif not names or not all(part in CATALOG for n in names for part in n.split(" + ")):
        found.append(f"wrong option {option!r} comes from no named misconception")
    fb = grade(q, option)
    if fb.correct or "CR " not in fb.message or (names and "misconception" not in fb.message):
        found.append(f"feedback for {option!r} doesn't name the misconception and its rule")
    return found


def _text_problems(q: Question) -> list[str]:
    """The words a learner reads: no event numbers as #N, no raw engine errors, no wrong plurals,
    nothing the question leaves unstated, a rule in the prompt and a plain first line."""
    found: list[str] = []
    for text in (q.prompt, q.board, q.explanation, *q.steps):
        if EVENT_AS_HASH.search(text):
            found.append(f"an event number written as #N in {text[:60]!r}")
        if RAW_ERROR.search(text):
            found.append(f"a raw engine error in {text[:80]!r}")
        if BAD_PLURAL.search(text):
            found.append(f"a wrong plural in {text[:80]!r}")
    if q.kind != "choice":
        found += unstated(q)
    if ("CR " not in q.prompt and q.kind != "which-rule") or not q.explanation.split("\n")[0].strip():
        found.append("no rule in the prompt, or no plain first line in the explanation")
    return found


def check(job: tuple[str, str, list[int]]) -> list[str]:
    topic, level, seeds = job
    report: list[str] = []
    for seed in seeds:
        try:
            qs = worksheet(topic, level, N, seed)
        except Exception as err:  # noqa: BLE001 - report every crash, with where it happened
            report.append(f"{topic}/{level}/{seed}: crashed: {type(err).__name__}: {err}")
            continue
        if len(qs) != N:
            report.append(f"{topic}/{level}/{seed}: only {len(qs)} questions")
        if len({q.key for q in qs}) != len(qs):
            report.append(f"{topic}/{level}/{seed}: two questions on the same board")
        report += [f"{topic}/{level}/{seed} q{q.number}: {p}" for q in qs for p in problems(q)]
    return report


def jobs() -> Iterator[tuple[str, str, list[int]]]:
    for topic in TOPICS:
        for level in LEVELS:
            seeds = list(SEEDS)
            yield topic, level, seeds[::2]
            yield topic, level, seeds[1::2]


@pytest.mark.sweep
def test_every_topic_and_level_over_30_seeds() -> None:
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        reports = list(pool.map(check, jobs()))
    found = [line for report in reports for line in report]
    assert not found, f"{len(found)} problems, first ones:\n" + "\n".join(found[:25])


def test_one_seed_of_each_in_process() -> None:
    """The same checks in this process, for one seed (quick, and counted by coverage)."""
    found = [line for topic in TOPICS for level in LEVELS for line in check((topic, level, [3]))]
    assert not found, "\n".join(found[:25])


def test_tap_untap_claims_and_which_rule_stems_say_what_they_are_about() -> None:
    """Review item 1a-1c: the tap-untap true/false claims and which-rule stems (seeds 1-30) state
    the question and the things asked about, so they can be decided as written (every topic is
    checked the same way by the 30-seed test above)."""
    found = [f"seed {seed} q{q.number}: {p}" for seed in range(1, 31)
             for q in worksheet("tap-untap", "easy", N, seed) if q.kind != "choice" for p in unstated(q)]
    assert not found, "\n".join(found[:10])


@pytest.mark.sweep
@pytest.mark.parametrize("topic", TOPICS)
def test_no_which_rule_distractor_is_as_right_as_the_key(topic: str) -> None:
    """Every which-rule question of 6 seeds at both levels (30 seeds in the test above): no wrong
    rule is one the explanation cites, none is labelled with a misconception it refutes."""
    found = [f"{level}/{seed} q{q.number}: {p}" for level in LEVELS for seed in range(1, 7)
             for q in worksheet(topic, level, N, seed) if q.kind == "which-rule"
             for p in as_right_as_the_key(q)]
    assert not found, "\n".join(found[:10])


@pytest.mark.sweep
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("topic", TOPICS)
def test_no_frequent_option_gives_itself_away(topic: str, level: str) -> None:
    """Over 12 seeds of 20 questions: an option offered in a quarter of the questions or more is
    wrong at least 15% of the times it is offered (so it doesn't say "pick me"). (The share of
    each right answer is measured from the JSON export: tests/test_practice_balance.py.)"""
    from collections import Counter

    offered: Counter[str] = Counter()
    offered_right: Counter[str] = Counter()
    n = 0
    for seed in range(12):
        for q in worksheet(topic, level, 20, seed):
            n += 1
            for o in q.options:
                offered[o] += 1
                offered_right[o] += o in q.answers
    tells = [(o, offered[o], offered_right[o]) for o in offered
             if offered[o] >= n / 4 and offered_right[o] / offered[o] > 0.85]
    assert not tells, tells


def block_unsaid(q: Question) -> list[str]:
    """Review item 2a: every attack in a monarch question says what the defender does (the engine
    plays one choice, no block unless a block step says otherwise, and a block could change the
    answer), as the capstones do."""
    found: list[str] = []
    play = getattr(q.situation, "play", None)
    steps = play.steps if play is not None else ()
    for i, step in enumerate(steps):
        blocked = i + 1 < len(steps) and steps[i + 1].do == "block"
        # said with the attack, or by a later step before damage (Holy Day is cast first)
        unblocked = any("doesn't block" in later.says for later in steps[i:])
        if step.do == "attack" and not blocked and not unblocked:
            found.append(f"an attack that doesn't say whether {step.defender} blocks: {step.says!r}")
    if isinstance(q.situation, Combat) and "block" not in q.board:
        found.append(f"a combat board that doesn't say whether Bob blocks: {q.board!r}")
    return found


@pytest.mark.sweep
@pytest.mark.parametrize("level", LEVELS)
def test_every_monarch_attack_says_what_the_defender_does(level: str) -> None:
    found = [f"{seed} q{q.number}: {p}" for seed in range(1, 13)
             for q in worksheet("monarch", level, N, seed) for p in block_unsaid(q)]
    assert not found, "\n".join(found[:10])
