"""Teaching models behind the notebooks' explorers and exercises (pure Python, no GUI).

Widgets are thin views over these: every answer a widget shows is computed here by the
engine, and tested here without a browser. Answers are *choice-aware*: when a player makes
a choice during an action (a color, the order of replacement effects, which Protector takes
the damage, which legendary permanent to keep), every legal choice is tried
(:mod:`mtgkit.outcomes`) and any answer some legal choice produces is right. A case whose
question fixes the choice (``order=...``) is graded against that choice only.

Every reason a model gives in words cites the rules of the engine event that caused the
outcome (a :class:`Reason` keeps that event's number), so the text can't drift from what
the engine did.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass

from .cards import card as lookup
from .choices import FirstOption
from .events import (
    AbilityTriggered,
    ChoiceMade,
    Countered,
    DamageDealt,
    DamageRedirected,
    Entered,
    Event,
    LifeChanged,
    MonarchChanged,
    PlayerLeft,
    Resolved,
    SpellCast,
    ZoneChange,
)
from .game import Game
from .grading import (
    grade_answers,
    one_of,
    plural,
    read_name,
    read_number,
)
from .outcomes import Answer, Outcome, outcomes, run
from .records import Value
from .teaching import (
    LIBRARY,
    Attempt,
    Case,
    Check,
    ChoiceWalk,
    Grader,
    QuizGrade,
    Reason,
    TimelineCursor,
    answer_key,
    can_quiz,
    chain_lines,
    check_can,
    check_number_answers,
    choice_quiz,
    cr,
    event_line,
    event_lines,
    grade_option,
)
from .topics.boards import MANA_CARDS, mana_board
from .topics.could_produce import (
    CouldCase,
    CouldProduceRow,
    check_could_answers,
    could_check,
    could_produce_table,
    explain_could_produce,
    trace_could_produce,
)
from .topics.tap_untap import (
    ACTIVATION_RESOURCES,
    TAP_CARDS,
    ActivationCase,
    ActivationWith,
    AttackCase,
    AttackWith,
    check_activation_answers,
)
from .topics.tapping import (
    TapCase,
    check_tap_answers,
    replacement_orders,
    tap_check,
    tap_outcomes,
    tap_result,
    tap_walk,
)

# ----------------------------------------------------------------------------- {T}/{Q}



# ----------------------------------------------------------------------------- mana exercises

# ----------------------------------------------------------------------------- X values (107.3m)
X_CARDS = ("Walking Ballista", "Hangarback Walker", "Chalice of the Void", "The Goose Mother")
X_PATHS = ("cast", "copied by Clone", "returned by Order of Whiteclay")


@dataclass(frozen=True)
class XPath:
    """What happened to one X card along one path onto the battlefield."""

    path: str
    arrived: bool
    mv_before: int | None  # on the stack when cast; in the graveyard when returned
    mv_battlefield: int | None
    counters: str
    tokens: int
    survived: bool
    note: str
    events: tuple[Event, ...]
    counter_total: int = 0
    fate: str = ""  # what became of it, in plain words, citing the rule of the event that did it
    fate_reason: Reason | None = None
    choices: str = ""  # the choices made along the way ('' if none)
    entered_with: str = "no counters"


def _lands_for(cost_text: str) -> list[str]:
    land = {"G": "Forest", "U": "Island", "W": "Plains", "B": "Swamp", "R": "Mountain"}
    return [land[c] for c in cost_text if c in land]


def _pay(g: Game, n_generic: int, colors: Sequence[str]) -> None:
    for name in _lands_for("".join(colors)) + ["Wastes"] * n_generic:
        g.activate(g.put_onto_battlefield(name, "Alice"))


def x_setup(card: str, x: int, path: str) -> tuple[Game, Callable[[Game], object], str] | None:
    """The game before ``card`` comes onto the battlefield along ``path``, the action that
    brings it there, and how the X was chosen; ``None`` with a reason when it can't (Clone
    copies only creatures; Order of Whiteclay returns only creature cards)."""
    defn = lookup(card)
    cost = defn.cost
    assert cost is not None
    colored = [c for c in (cost.text or "") if c in "WUBRG"]
    g = Game(["Alice", "Bob"], library=LIBRARY)
    if path in ("cast", "copied by Clone"):
        if path == "copied by Clone" and not defn.is_a("Creature"):
            return None
        _pay(g, cost.generic + cost.x_count * x, colored)
        ref = g.put_in_hand(card, "Alice")

        def cast(game: Game) -> None:
            game.cast(ref, x=x)
            game.resolve_stack()
            if path == "copied by Clone":
                original = next(e.obj_id for e in reversed(game.events)
                                if isinstance(e, Entered) and e.obj == card)
                if not any(p.id == original for p in game.permanents()):
                    return  # it died at once: there is nothing for Clone to copy
                _pay(game, 3, "U")
                clone = game.put_in_hand("Clone", "Alice")
                game.cast(clone)
                game.resolve(copy=original)
                game.resolve_stack()
        return g, cast, f"cast with X = {x}"
    if not defn.is_a("Creature"):
        return None
    ref = g.put_in_graveyard(card, "Alice")
    _pay(g, 1, "WW")
    order = g.put_onto_battlefield("Order of Whiteclay", "Alice", tapped=True)

    def ret(game: Game) -> None:
        game.activate(order, target=ref)
        game.resolve_stack()
    return g, ret, "no X: it returns from the graveyard"


def _not_arrived(card: str, path: str) -> XPath:
    note = (f"{card} is not a creature: Clone can only copy a creature."
            if path == "copied by Clone" else
            f"{card} is not a creature card: Order of Whiteclay can't return it.")
    return XPath(path, False, None, None, "", 0, False, note, ())


def _x_result(card: str, x: int, path: str, before: Game, out: Outcome) -> XPath:
    g, events = out.game, out.events
    if path == "copied by Clone" and not any(isinstance(e, SpellCast) and e.obj == "Clone"
                                             for e in events):
        return XPath(path, False, None, None, "", 0, False,
                     f"{card} with X = {x} left the battlefield at once, so there was nothing for "
                     f"Clone to copy.", events)
    entered = [e for e in events if isinstance(e, Entered) and e.obj_id is not None
               and not g.obj(e.obj_id).token and e.obj != "Order of Whiteclay"
               and (path != "copied by Clone" or e.copy_of is not None or e.obj == "Clone")]
    if path != "returned by Order of Whiteclay":
        cast = next((e for e in events if isinstance(e, SpellCast) and e.obj == card), None)
        mv_before: int | None = cast.mana_value if cast and path == "cast" else None
    else:
        mv_before = before.mana_value(before.zone("Alice", "graveyard")[0].id)
    if path == "copied by Clone":
        events = tuple(e for e in events if e.seq >= next(
            s.seq for s in events if isinstance(s, SpellCast) and s.obj == "Clone"))
    it = entered[-1] if entered else None
    on_bf = it is not None and any(p.id == it.obj_id for p in g.permanents())
    o = g.obj(it.obj_id) if on_bf and it is not None and it.obj_id is not None else None
    counters = dict(o.counters) if o is not None else {}
    tokens = sum(1 for e in events if isinstance(e, Entered) and e.obj_id is not None
                 and g.obj(e.obj_id).token)
    fate, reason = _fate(it, events, card if path != "copied by Clone" else "the copy")
    note = _x_note(card, x, path)
    text = ", ".join(f"{n} {k}" for k, n in sorted(counters.items()) if n) or "none"
    at_entry = ", ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in it.counters if n) \
        if it is not None else ""
    return XPath(path, True, mv_before, g.mana_value(o.id) if o is not None else None,
                 text if o is not None else "(not on the battlefield)", tokens, o is not None,
                 note, events, sum(counters.values()), fate, reason, out.choice_summary(),
                 at_entry or "no counters")


def _x_note(card: str, x: int, path: str) -> str:
    """Which X the enters effects of ``card`` use along ``path``, and the rule (CR 107.3m)."""
    if path == "copied by Clone":
        return ("X for the copy is 0: it became a copy as Clone entered (CR 707.5), and Clone was "
                "not a spell with X chosen for it, so no spell's X carries over and X is 0, as for "
                "any card off the stack (CR 107.3m, 107.3g)")
    if path != "cast":
        return ("X for it is 0: the card entering now is a new object that didn't come from a "
                "spell with X, whatever X was chosen when it was cast before, so X is 0, as for any "
                "card off the stack (CR 107.3m, 400.7, 107.3g)")
    cost = lookup(card).cost
    paid = " ({X}{X} in its cost: Alice paid that number twice)" if cost and cost.x_count == 2 else ""
    return (f"X = {x} was chosen for the spell{paid}, so its enters effects use X = {x} "
            f"(CR 107.3a, 107.3m)")


def tokens_line(card: str, x: int, tokens: int) -> str:
    """How many tokens an enters trigger that refers to X made, quoting the card's own words.

    >>> tokens_line("The Goose Mother", 3, 2)
    'Its trigger says "create half X Food tokens, rounded up": with X = 3 that is 2 Food tokens.'
    """
    said = next((part.split(", ", 1)[1] if ", " in part else part
                 for part in lookup(card).text.split(". ") if "create" in part and "X" in part), "")
    what = f'Its trigger says "{said.rstrip(".")}": with X = {x} that is ' if said else f"With X = {x}: "
    return what + plural(tokens, "Food token") + "."


def _fate(it: Entered | None, events: Sequence[Event], who: str) -> tuple[str, Reason | None]:
    """What became of the permanent that entered: the rule is the one on the event that moved it."""
    if it is None:
        return "it never entered the battlefield", None
    left = next((e for e in events if isinstance(e, ZoneChange) and e.seq > it.seq
                 and e.obj_id == it.obj_id and e.frm == "battlefield"), None)
    if left is None:
        return "on the battlefield", None
    kept = next((e for e in events if isinstance(e, ChoiceMade) and e.seq < left.seq
                 and e.question == "legend rule"), None)
    if kept is not None:
        text = (f"put into the graveyard by the legend rule ({cr(left.rules)}): Alice controlled two "
                f"legendary permanents named {it.obj} and chose to keep the other one")
    else:
        text = f"put into the graveyard ({cr(left.rules)}): {left.text}"
    return text, Reason(text, left.rules, left.seq)


def x_paths(card: str, x: int, path: str) -> list[XPath]:
    """What happens along ``path`` under every legal choice (for example which legendary
    permanent Alice keeps under the legend rule), one :class:`XPath` per outcome."""
    made = x_setup(card, x, path)
    if made is None:
        return [_not_arrived(card, path)]
    g, action, _ = made
    return [_x_result(card, x, path, g, out) for out in outcomes(g, action).legal]


def x_path(card: str, x: int, path: str) -> XPath:
    """Bring ``card`` onto Alice's battlefield along ``path`` with X (cast) and report it
    (with the default choices; :func:`x_paths` gives every legal choice)."""
    return x_paths(card, x, path)[0]


@dataclass(frozen=True)
class XCase:
    """'Along this path, how many counters (or tokens) does it end up with?'"""

    card: str
    x: int
    path: str
    ask: str = "counters"  # or "tokens"

    def results(self) -> list[XPath]:
        return x_paths(self.card, self.x, self.path)

    def value(self, r: XPath) -> int:
        return r.tokens if self.ask == "tokens" else (r.counter_total if r.survived else 0)

    def legal(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(self.value(r) for r in self.results()))

    def key(self) -> Hashable:
        return ("x", self.card, self.x, self.path, self.ask)

    def describe(self) -> str:
        return f"Alice's {self.card} with X = {self.x}, {self.path}; how many {self.ask}?"

    def explain(self) -> str:
        r = self.results()[0]
        lines = [r.note + "."]
        if self.ask == "tokens":
            lines.append(tokens_line(self.card, self.x if self.path == "cast" else 0, r.tokens))
        if self.ask != "tokens" and not r.survived and r.fate_reason is not None:
            lines.append(f"It entered with {r.entered_with} and was then {r.fate}.")
        return " ".join(lines)

    why = explain  # the notebooks' name for it

    def answer(self) -> tuple[int, str]:
        return self.legal()[0], self.explain()


# ----------------------------------------------------------------------------- the monarch
def monarch_draw_race(lich_enters: bool) -> tuple[Game, str]:
    """Alice is the monarch; her end-step draw trigger waits on the stack; optionally Bob's
    Custodi Lich enters (Bob becomes the monarch) before it resolves. Returns who drew."""
    g = Game(["Alice", "Bob"], library=LIBRARY)
    g.put_onto_battlefield("Protector of the Crown", "Alice", by_effect=True)
    g.resolve_stack()
    g.advance(to="end")
    before = {p: g.board().player(p).hand for p in g.players}
    if lich_enters:
        g.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
    g.resolve_stack()
    drew = [p for p in g.players if g.board().player(p).hand > before[p]]
    return g, drew[0] if drew else "nobody"


@dataclass(frozen=True)
class CombatResult:
    game: Game
    monarch_before: str | None
    monarch_after: str | None
    explanation: str
    reason: Reason | None = None
    choices: str = ""


class _PickProtector(FirstOption):
    """Bob sends each source's damage to the Protector with this id (the other choices: first)."""

    def __init__(self, protector: int | None) -> None:
        self.protector = protector

    def choose(self, player: str, question: str, options: Sequence[str]) -> str:
        wanted = [o for o in options if self.protector is not None and o.endswith(f"#{self.protector}")]
        return wanted[0] if wanted else options[0]


def combat_setup(attackers: Sequence[str], blocks: Mapping[str, str], protectors: int = 1,
                 bob_is_monarch: bool = True) -> tuple[Game, Callable[[Game], object], list[int]]:
    """Alice attacks Bob, who controls ``protectors`` Protectors of the Crown and a Hill Giant.
    Returns the game at the beginning of combat, the combat as an action, and the Protectors' ids.
    An illegal block raises :class:`~mtgkit.errors.RulesError` when the action runs."""
    g = Game(["Alice", "Bob"], library=LIBRARY)
    mine = {name: g.put_onto_battlefield(name, "Alice") for name in dict.fromkeys(attackers)}
    prots = [g.put_onto_battlefield("Protector of the Crown", "Bob") for _ in range(protectors)]
    bob = {"Hill Giant": g.put_onto_battlefield("Hill Giant", "Bob")}
    bob.update({f"Protector of the Crown {i + 1}": p for i, p in enumerate(prots)})
    if bob_is_monarch:
        g.make_monarch("Bob")
    g.advance(to="beginning_of_combat")

    def fight(game: Game) -> None:
        if mine:
            game.attack([mine[a] for a in mine])
            wanted = {bob[b]: mine[a] for b, a in blocks.items() if a in mine and b in bob}
            if wanted:
                game.block(wanted)
        game.advance(to="end_of_combat")
    return g, fight, prots


def _combat_result(before: Game, out: Outcome) -> CombatResult:
    g, events = out.game, out.events
    changed = [e for e in events if isinstance(e, MonarchChanged) and e.changed]
    redirected = [e for e in events if isinstance(e, DamageRedirected) and e.combat]
    monarch = before.monarch
    reason: Reason
    if changed:
        e = changed[-1]
        text = (f"The crown moved to {e.monarch}: a creature {e.monarch} controls dealt combat damage "
                f"to {monarch}, the monarch, so the monarch's trigger made {e.monarch} the monarch "
                f"({cr(e.rules)}).")
        reason = Reason(text, e.rules, e.seq)
        chain_text = chain_lines(g.events, e.seq)
    elif redirected and monarch is not None and any(r.before == monarch for r in redirected):
        r = next(r for r in redirected if r.before == monarch)
        text = (f"The crown stayed with {monarch}: {r.text} ({cr(r.rules)}). Damage dealt to a "
                f"Protector is not damage dealt to the monarch, so the monarch's combat-damage "
                f"trigger (CR 725.2) never triggered.")
        reason = Reason(text, r.rules, r.seq)
        chain_text = event_lines(e for e in events if isinstance(e, DamageRedirected | DamageDealt))
    else:
        hits = [e for e in events if isinstance(e, DamageDealt) and e.combat and e.to_player == monarch]
        if monarch is None:
            text = "Nobody is the monarch, so there is no crown to take (CR 725.1)."
            reason = Reason(text, ("725.1",))
        elif not hits:
            text = (f"The crown stayed with {monarch}: no creature dealt combat damage to {monarch}, "
                    f"so the monarch's combat-damage trigger never triggered (CR 725.2).")
            reason = Reason(text, ("725.2",))
        else:  # pragma: no cover - damage to the monarch always moves the crown
            text = f"The crown stayed with {monarch} (CR 725.2)."
            reason = Reason(text, ("725.2",))
        chain_text = event_lines(e for e in events if isinstance(e, DamageRedirected | DamageDealt))
    explanation = (text + " " + bob_life_text(events, g.life("Bob"))
                   + ("\nWhat the engine did:\n" + chain_text if chain_text else ""))
    return CombatResult(g, monarch, g.monarch, explanation, reason, out.choice_summary())


def bob_life_text(events: Sequence[Event], life: int) -> str:
    """Bob's life after a fight, from the engine's events: the life lost, or the redirections
    (CR 614.9) that kept the damage off him."""
    lost = [e for e in events if isinstance(e, LifeChanged) and e.player == "Bob"]
    if lost:
        return ("Bob's life: " + "; ".join(f"{e.text} ({cr(e.rules)})" for e in lost)
                + f", so he has {life} life.")
    took = [e for e in events if isinstance(e, DamageRedirected) and e.before == "Bob"]
    if took:
        return (f"Bob still has {life} life: " + "; ".join(f"{e.text} ({cr(e.rules)})" for e in took)
                + ".")
    return f"No damage was dealt to Bob, so he still has {life} life."


def combat_outcomes(attackers: Sequence[str], blocks: Mapping[str, str], protectors: int = 1,
                    bob_is_monarch: bool = True) -> list[CombatResult]:
    """The combat under every legal choice (which Protector takes each attacker's damage)."""
    g, fight, _ = combat_setup(attackers, blocks, protectors, bob_is_monarch)
    outs = outcomes(g, fight)
    errors = [o.error for o in outs if o.error is not None]
    if errors:
        raise errors[0]
    return [_combat_result(g, o) for o in outs]


def protector_combat(attackers: Sequence[str], blocks: Mapping[str, str], protectors: int = 1,
                     protector: int = 0, bob_is_monarch: bool = True) -> CombatResult:
    """Alice attacks Bob. Bob controls ``protectors`` Protectors of the Crown (and a Hill Giant);
    ``blocks`` maps Bob's blocker names to Alice's attacker names; ``protector`` is the index of
    the Protector Bob chooses to take the damage. Who is the monarch afterwards, and why?"""
    g, fight, prots = combat_setup(attackers, blocks, protectors, bob_is_monarch)
    chosen = prots[protector] if protectors > 1 else None
    out = run(g, fight, chooser=_PickProtector(chosen))
    if out.error is not None:
        raise out.error
    return _combat_result(g, out)


@dataclass(frozen=True)
class MonarchCase:
    """'Who is the monarch after this combat?' (see :func:`protector_combat`); any legal choice
    of Protector counts."""

    attackers: tuple[str, ...]
    blocks: tuple[tuple[str, str], ...] = ()
    protectors: int = 1

    def results(self) -> list[CombatResult]:
        return combat_outcomes(self.attackers, dict(self.blocks), self.protectors)

    def legal(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(str(r.monarch_after) for r in self.results()))

    def key(self) -> Hashable:
        return ("monarch", self.attackers, self.blocks, self.protectors)

    def describe(self) -> str:
        prots = plural(self.protectors, "Protector of the Crown", "Protectors of the Crown")
        blocks = "".join(f"; Bob's {b} blocks {a}" for b, a in self.blocks)
        return (f"Bob is the monarch; Bob controls a Hill Giant and {prots}; Alice attacks Bob with "
                f"{one_of(self.attackers, last='and')}{blocks}")

    def explain(self) -> str:
        return self.results()[0].explanation

    why = explain  # the notebooks' name for it

    def answer(self) -> tuple[str, str]:
        return self.legal()[0], self.explain()


def check_name_answers(answers: Mapping[str, object], cases: Mapping[str, MonarchCase]) -> str:
    """Grade answers that are a player's name (any case)."""
    return grade_answers(answers, cases, Grader(read_name(["Alice", "Bob"]), str))


def check_draw_race(with_lich: object, without_lich: object) -> str:
    """Who draws from the monarch's end-step trigger, with and without Bob's Custodi Lich
    entering while it waits? Graded by the engine."""
    @dataclass(frozen=True)
    class Race:
        lich: bool

        def key(self) -> Hashable:
            return ("race", self.lich)

        def describe(self) -> str:
            return "the monarch's draw trigger" + (" with Bob's Custodi Lich entering" if self.lich else "")

        def legal(self) -> tuple[str, ...]:
            return (monarch_draw_race(self.lich)[1],)

        def explain(self) -> str:
            return ("The trigger is controlled by whoever was the monarch when it triggered, at the "
                    "beginning of the end step (CR 725.2); becoming the monarch later doesn't change "
                    "who draws.")

    cases = {"with Bob's Custodi Lich entering first": Race(True), "without it": Race(False)}
    answers = dict(zip(cases, (with_lich, without_lich), strict=True))
    return grade_answers(answers, cases, Grader(read_name(["Alice", "Bob", "nobody"]), str))


@dataclass(frozen=True)
class BoltCase:
    """Alice casts Lightning Bolt at Bob's Protector ``at_protector`` times (one at a time),
    then one at Bob: how much life does Bob lose?"""

    at_protector: int

    def run(self) -> tuple[Game, int]:
        g = Game(["Alice", "Bob"], library=LIBRARY)
        protector = g.put_onto_battlefield("Protector of the Crown", "Bob")
        for _ in range(self.at_protector):
            g.activate(g.put_onto_battlefield("Mountain", "Alice"))
            g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=protector)
            g.resolve_stack()
        g.activate(g.put_onto_battlefield("Mountain", "Alice"))
        last = len(g.events)
        g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
        g.resolve_stack()
        return g, last

    def legal(self) -> tuple[int, ...]:
        g, _ = self.run()
        return (20 - g.life("Bob"),)

    def reason(self) -> Reason:
        """Why Bob lost what he lost, citing the rules of the events that decided it."""
        g, last = self.run()
        before, after = g.events[:last], g.events[last:]
        died = next((e for e in g.events if isinstance(e, ZoneChange) and e.frm == "battlefield"
                     and e.obj == "Protector of the Crown"), None)
        redirect = next((e for e in after if isinstance(e, DamageRedirected)), None)
        lost = next((e for e in after if isinstance(e, LifeChanged) and e.player == "Bob"), None)
        if redirect is not None:
            earlier = sum(e.amount for e in before if isinstance(e, DamageDealt) and e.to_id is not None)
            text = (f"Bob loses 0 life: Protector of the Crown redirects all damage that would be dealt "
                    f"to Bob, so the 3 damage of the Bolt at Bob was dealt to the Protector instead "
                    f"({cr(redirect.rules)}).")
            if died is not None and died.seq > redirect.seq:
                text += (f" With the {earlier} damage it already had, that made {earlier + 3} damage on a "
                         f"2/5, so it was destroyed afterwards ({cr(died.rules)}), but by then the "
                         f"damage had already gone to it.")
            return Reason(text, redirect.rules, redirect.seq)
        assert died is not None and lost is not None
        text = (f"Bob loses {-lost.delta} life: the Bolts at the Protector dealt it 6 damage, so it "
                f"was destroyed ({cr(died.rules)}) before the Bolt at Bob was cast. With no Protector "
                f"left, the damage was dealt to Bob ({cr(lost.rules)}).")
        return Reason(text, died.rules, died.seq)

    def key(self) -> Hashable:
        return ("bolts", self.at_protector)

    def describe(self) -> str:
        first = (f"Alice casts Lightning Bolt at Bob's Protector of the Crown "
                 f"{plural(self.at_protector, 'time')}, one at a time, then " if self.at_protector else
                 "Alice casts ")
        return f"Bob controls a Protector of the Crown (2/5); {first}one Lightning Bolt at Bob"

    def explain(self) -> str:
        return self.reason().text

    why = explain  # the notebooks' name for it

    def answer(self) -> tuple[int, str]:
        return self.legal()[0], self.explain()


# ----------------------------------------------------------------------------- predict, then check
# ---- could produce (notebook 03)

# ---- tapping for mana (notebooks 02 and 04)

# ---- X values (notebook 05)
class XGuess(Value):
    """What a learner predicts for one path onto the battlefield (or what the engine did)."""

    counters: int  # counters it ends with (0 when it is no longer on the battlefield)
    tokens: int  # tokens created
    on_battlefield: bool  # is it still on the battlefield at the end?

    def __str__(self) -> str:
        where = "still on the battlefield" if self.on_battlefield else "not on the battlefield"
        return f"{plural(self.counters, 'counter')} on it, {plural(self.tokens, 'token')}, {where}"


def x_blocked(card: str, path: str) -> str | None:
    """Why ``card`` can't come onto the battlefield along ``path`` at all (Clone copies only a
    creature; Order of Whiteclay returns only a creature card), or ``None``. This depends only
    on the card, so an explorer may say it before the learner predicts."""
    if path != "cast" and not lookup(card).is_a("Creature"):
        return _not_arrived(card, path).note
    return None


def x_values(r: XPath) -> XGuess:
    return XGuess(r.counter_total if r.survived else 0, r.tokens, r.survived)


def x_reason(card: str, r: XPath) -> Reason:
    """Why it ended as it did, citing the rule of the event that moved it (the legend rule,
    704.5j, or toughness 0, 704.5f), or of the event it entered with when it stayed."""
    if r.fate_reason is not None:
        return Reason(f"It entered with {r.entered_with} and was then {r.fate}. ({r.note}.)",
                      r.fate_reason.rules, r.fate_reason.seq)
    if r.survived:
        entered = [e for e in r.events if isinstance(e, Entered) and (e.obj == card or e.copy_of)]
        e = entered[-1]
        return Reason(f"It stays on the battlefield: {e.text} ({cr(e.rules)}). {r.note}.", e.rules, e.seq)
    left = next((e for e in r.events if isinstance(e, ZoneChange) and e.frm == "battlefield"), None)
    if left is not None:
        return Reason(f"{r.note} ({cr(left.rules)}: {left.text}).", left.rules, left.seq)
    return Reason(r.note)


def x_results(card: str, x: int, path: str) -> list[tuple[XPath, Outcome | None]]:
    """Like :func:`x_paths`, with each result's outcome (its game afterwards; ``None`` when the
    card can't take this path at all)."""
    made = x_setup(card, x, path)
    if made is None:
        return [(_not_arrived(card, path), None)]
    g, action, _ = made
    return [(_x_result(card, x, path, g, out), out) for out in outcomes(g, action).legal]


def x_checked(card: str, x: int, path: str, guess: XGuess) -> tuple[Check, XPath, Outcome | None]:
    """:func:`x_check`, with the result it was checked against (the one the prediction matches,
    if a legal choice gives it, else the first) and that result's outcome."""
    results = x_results(card, x, path)
    hit = next(((r, o) for r, o in results if x_values(r) == guess), None)
    r, out = hit or results[0]
    engine = str(x_values(r)) + (f" (when {r.choices})" if len(results) > 1 and r.choices else "")
    others = [f"{x_values(o)} if {o.choices}" for o, _ in results
              if o is not r and x_values(o) != x_values(r)]
    return Check(hit is not None, str(guess), engine, x_reason(card, r), "; ".join(others)), r, out


def x_check(card: str, x: int, path: str, guess: XGuess) -> Check:
    """A prediction for one path next to the engine's outcome; right if some legal choice (which
    legendary permanent Alice keeps) gives it.

    >>> c = x_check("The Goose Mother", 3, "copied by Clone", XGuess(0, 0, False))
    >>> c.correct, c.reason.rules
    (True, ('704.5j',))
    >>> c.others
    '0 counters on it, 0 tokens, still on the battlefield if ... keeps The Goose Mother #... (legend rule)'
    """
    return x_checked(card, x, path, guess)[0]


# ---- combat with Protectors of the Crown (notebook 07)
def combat_walk(attackers: Sequence[str], blocks: Mapping[str, str],
                protectors: int = 1) -> tuple[Game, ChoiceWalk]:
    """The game before combat (see :func:`combat_setup`) and every legal way the combat goes,
    over Bob's choices of which Protector takes each source's damage. Raises
    :class:`~mtgkit.errors.RulesError` for a block the rules don't allow."""
    g, fight, _ = combat_setup(attackers, blocks, protectors)
    return g, ChoiceWalk(outcomes(g, fight))


def _combat_state(o: Outcome) -> str:
    return f"{o.monarch} is the monarch and Bob has {o.life('Bob')} life"


def combat_check(before: Game, walk: ChoiceWalk, path: Sequence[Answer], monarch: str,
                 life: object) -> Check:
    """A predicted monarch and Bob's life next to what the combat gives with the learner's
    choices for Bob. Raises :class:`~mtgkit.grading.Unreadable` for a life that isn't a number.

    >>> before, walk = combat_walk(["Grizzly Bears"], {}, protectors=0)
    >>> c = combat_check(before, walk, walk.start, "Alice", 18)
    >>> c.correct, c.engine, c.reason.rules
    (True, 'Alice is the monarch and Bob has 18 life', ('725.2', '725.3'))
    """
    lives = read_number(life)
    o = walk.outcome(path)
    r = _combat_result(before, o)
    assert r.reason is not None
    reason = r.reason.replace(text=r.reason.text + " " + bob_life_text(o.events, o.life("Bob")))
    correct = monarch == str(o.monarch) and lives == o.life("Bob")
    return Check(correct, f"{monarch} is the monarch and Bob has {lives} life", _combat_state(o), reason,
                 "; ".join(walk.alternatives(path, _combat_state)))



# ============================================================================= notebooks 05-08
# Small models used only by the notebooks 05-x-values, 06-the-monarch and
# 07-protector-of-the-crown (a Chalice of the Void question for 05, the monarch leaving the
# game for 06). Like the models above, every answer comes from the engine and every reason
# cites the rules of the engine event behind it.

@dataclass(frozen=True)
class ChaliceCase:
    """'Bob controls Chalice of the Void with ``counters`` charge counters; Alice casts ``spell``
    with X = ``x`` (a spell with a target targets Bob): is it countered?' Chalice compares the
    counters with the spell's mana value on the stack, where X counts (CR 202.3e).

    >>> ChaliceCase("Walking Ballista", 1).legal()  # on the stack its mana value is 2
    ('yes',)
    >>> ChaliceCase("Walking Ballista", 2).reason().rules
    ('117.4', '608.3')
    """

    spell: str
    x: int = 0
    counters: int = 2

    def run(self) -> tuple[Game, int]:
        """The game after Alice's spell (and anything it triggered) has resolved, and the number of
        the event that cast it."""
        cost = lookup(self.spell).cost
        assert cost is not None
        g = Game(["Alice", "Bob"], library=LIBRARY)
        g.put_onto_battlefield("Chalice of the Void", "Bob", counters={"charge": self.counters})
        colored = [c for c in (cost.text or "") if c in "WUBRG"]
        _pay(g, cost.generic + cost.x_count * self.x, colored)
        ref = g.put_in_hand(self.spell, "Alice")
        target = "Bob" if lookup(self.spell).spell_targets is not None else None  # Lightning Bolt
        events = g.cast(ref, x=self.x, target=target)
        g.resolve_stack()
        cast = next(e for e in events if isinstance(e, SpellCast))
        return g, cast.seq

    def legal(self) -> tuple[str, ...]:
        """``("yes",)`` if the spell is countered, else ``("no",)``."""
        g, seq = self.run()
        countered = any(isinstance(e, Countered) and e.seq > seq and e.id == g.events[seq - 1].obj_id
                        and not e.ability for e in g.events)
        return ("yes",) if countered else ("no",)

    def reason(self) -> Reason:
        g, seq = self.run()
        cast = g.events[seq - 1]
        assert isinstance(cast, SpellCast)
        mv = cast.mana_value
        cost = lookup(self.spell).cost
        if cost is not None and cost.x_count:
            said = (f"on the stack, {self.spell} with X = {self.x} has mana value {mv} (CR 202.3e: X "
                    f"counts while it is on the stack)")
        else:
            said = f"{self.spell} has mana value {mv} (CR 202.3e)"
        countered = next((e for e in g.events if isinstance(e, Countered) and e.seq > seq
                          and e.id == cast.obj_id), None)
        if countered is not None:
            trigger = next(e for e in g.events if isinstance(e, AbilityTriggered) and e.seq > seq)
            return Reason(f"Yes: {said}, the same as the {plural(self.counters, 'charge counter')} on "
                          f"Bob's Chalice, so the Chalice's ability triggered ({cr(trigger.rules)}) and "
                          f"countered {self.spell} ({cr(countered.rules)}).", countered.rules, countered.seq)
        resolved = next(e for e in g.events if isinstance(e, Resolved) and e.seq > seq
                        and e.id == cast.obj_id)
        return Reason(f"No: {said}, not {self.counters}, so Bob's Chalice of the Void doesn't trigger "
                      f"and the spell resolves ({cr(resolved.rules)}).", resolved.rules, resolved.seq)

    def key(self) -> Hashable:
        return ("chalice", self.spell, self.x, self.counters)

    def describe(self) -> str:
        return (f"Bob controls Chalice of the Void with {plural(self.counters, 'charge counter')}; "
                f"Alice casts {self.spell} with X = {self.x}")

    def explain(self) -> str:
        return self.reason().text

    why = explain  # the notebooks' name for it


@dataclass(frozen=True)
class LeaveCase:
    """'``monarch`` is the monarch; during ``active``'s turn, ``leaver`` leaves the game: who is
    the monarch now?' ``players`` are in turn order (CR 725.4, 800.4a).

    >>> LeaveCase(("Alice", "Bob", "Carol"), "Alice", "Carol", "Carol").legal()
    ('Alice',)
    >>> LeaveCase(("Alice", "Bob", "Carol"), "Bob", "Bob", "Bob").reason().rules
    ('725.4',)
    """

    players: tuple[str, ...]
    active: str
    monarch: str
    leaver: str

    def run(self) -> tuple[Game, int]:
        """The game after ``leaver`` conceded, and the number of the event where they left."""
        g = Game(list(self.players), library=LIBRARY)
        g.make_monarch(self.monarch)
        while g.active_player != self.active:
            g.next_turn()
        left = next(e for e in g.concede(self.leaver) if isinstance(e, PlayerLeft))
        return g, left.seq

    def legal(self) -> tuple[str, ...]:
        return (self.run()[0].monarch or "nobody",)

    def reason(self) -> Reason:
        g, seq = self.run()
        left = g.events[seq - 1]
        passed = next((e for e in g.events if isinstance(e, MonarchChanged) and e.cause == seq), None)
        if passed is None:
            return Reason(f"{g.monarch or 'Nobody'} is still the monarch: {left.text} ({cr(left.rules)}), "
                          f"but {self.leaver} wasn't the monarch, so the crown doesn't move.",
                          left.rules, left.seq)
        if self.leaver != self.active:
            how = (f"{self.leaver}, the monarch, left during {self.active}'s turn, so {self.active}, "
                   f"the active player, became the monarch at that moment")
        else:
            how = (f"{self.leaver}, the monarch, left during their own turn, so the next player in "
                   f"turn order still in the game, {passed.monarch}, became the monarch")
        return Reason(f"{how} ({cr(passed.rules)}): {passed.text}.", passed.rules, passed.seq)

    def key(self) -> Hashable:
        return ("leaves", self.players, self.active, self.monarch, self.leaver)

    def describe(self) -> str:
        return (f"{len(self.players)} players in turn order {', '.join(self.players)}; it is "
                f"{self.active}'s turn; {self.monarch} is the monarch; {self.leaver} leaves the game")

    def explain(self) -> str:
        return self.reason().text

    why = explain  # the notebooks' name for it


def check_leave_answers(answers: Mapping[str, object], cases: Mapping[str, LeaveCase]) -> str:
    """Grade answers that name who is the monarch after a player leaves (any case, or
    ``"nobody"``)."""
    names = list(dict.fromkeys(p for case in cases.values() for p in case.players)) + ["nobody"]
    return grade_answers(answers, cases, Grader(read_name(names), str))


__all__ = [
    "ActivationCase", "AttackCase", "Attempt", "Check", "ChoiceWalk", "XGuess", "check_can",
    "combat_check", "combat_walk", "could_check", "grade_option", "tap_check", "tap_walk", "x_blocked",
    "x_check", "x_checked", "x_reason", "x_results", "x_values",
    "BoltCase", "CombatResult", "CouldCase", "CouldProduceRow", "MANA_CARDS",
    "MonarchCase", "Reason", "TAP_CARDS", "TapCase", "TimelineCursor", "XCase", "XPath", "X_CARDS",
    "X_PATHS", "ACTIVATION_RESOURCES", "chain_lines", "check_activation_answers",
    "check_could_answers", "check_draw_race",
    "check_name_answers", "check_number_answers", "check_tap_answers", "combat_outcomes",
    "combat_setup", "could_produce_table", "event_line", "event_lines", "mana_board",
    "monarch_draw_race", "protector_combat", "replacement_orders", "tap_outcomes", "tap_result",
    "explain_could_produce", "trace_could_produce", "x_path", "x_paths", "x_setup",
]
__all__ += ["ChaliceCase", "LeaveCase", "check_leave_answers"]  # notebooks 05-08
__all__ += ["Case", "answer_key"]


# ============================================================================= notebooks 00-04

#: The quick questions of notebooks 02-04 on mana (a TapCase or a CouldCase) are choice quizzes.
mana_quiz = choice_quiz

__all__ += ["ActivationWith", "AttackWith", "QuizGrade", "can_quiz", "mana_quiz"]
