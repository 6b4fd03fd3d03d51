"""X in enters effects (CR 107.3m): the spell's X, or 0 for copies and returned cards; X in
the mana value on the stack and off it (CR 202.3e).

Notebook 05 teaches it: an X card comes onto Alice's battlefield along one of three paths
(:class:`XRoute`): cast with X, copied by a Clone, or returned by Order of Whiteclay; the
engine plays each. The answers follow every legal choice (which legendary permanent Alice
keeps under the legend rule); the reasons cite the rule of the event that moved it.

>>> XCase("Walking Ballista", 2, XRoute.CLONE).legal()
(0,)
>>> [str(r) for r in X_PATHS]
['cast', 'copied by Clone', 'returned by Order of Whiteclay']
"""

from __future__ import annotations

import functools
import random
import typing
from collections.abc import Callable, Hashable, Sequence
from enum import StrEnum
from typing import ClassVar, Literal

from ..cards import card as lookup
from ..crlinks import cited
from ..events import (
    AbilityTriggered,
    ChoiceMade,
    Countered,
    Entered,
    Event,
    Resolved,
    SpellCast,
    SpellCopied,
    StateBasedMove,
    ZoneChange,
)
from ..game import Game
from ..grading import plural, read_number
from ..outcomes import Outcome, outcomes
from ..records import Value
from ..teaching import (
    LIBRARY,
    Check,
    Explained,
    Grader,
    Piece,
    Play,
    Reason,
    Setup,
    Step,
    check_number_answers,
    cr,
    event_lines,
)
from .base import (
    Exercise,
    Lesson,
    Level,
    Misconception,
    MisconceptionName,
    PlaySituation,
    Situation,
    Stem,
    Topic,
    TopicName,
    misconceived,
)


class XRoute(StrEnum):
    """A way onto the battlefield (the member is the key; its value is how a question says it)."""

    CAST = "cast"
    CLONE = "copied by Clone"
    RETURNED = "returned by Order of Whiteclay"


def route(path: str) -> XRoute:
    """The route ``path`` names (a member, or its words); ``ValueError`` naming the routes if none."""
    try:
        return XRoute(path)
    except ValueError:
        raise ValueError(f"unknown path {path!r}; the paths are "
                         f"{', '.join(repr(r.value) for r in XRoute)}") from None


class Mistake(MisconceptionName):
    """The misconceptions about X, in catalog order."""

    COPY_KEEPS_X = "copy-keeps-x"
    RETURNED_CARD_KEEPS_X = "returned-card-keeps-x"
    X_ZERO_WHEN_IT_ENTERS = "x-zero-when-it-enters"
    X_STAYS_ON_THE_BATTLEFIELD = "x-stays-on-the-battlefield"
    X_MEANS_MANA_PAID = "x-means-mana-paid"
    X_COUNTED_ONCE = "x-counted-once"
    COPY_ISNT_LEGENDARY = "copy-isnt-legendary"
    LEGEND_RULE_KILLS_BOTH = "legend-rule-kills-both"
    LEGEND_RULE_REMOVES_THE_NEWCOMER = "legend-rule-removes-the-newcomer"
    X_CARD_MANA_VALUE_UNKNOWN = "x-card-mana-value-unknown-off-the-stack"
    SPELL_COPY_LOSES_X = "spell-copy-loses-x"
    FREE_CAST_KEEPS_X_CHOICE = "free-cast-keeps-x-choice"
    FREE_CAST_FORBIDS_X_SPELLS = "free-cast-forbids-x-spells"


# ----------------------------------------------------------------------------- the notebooks' cases
#: The cards with X that the notebook, its explorer and practice use.
X_CARDS = ("Walking Ballista", "Hangarback Walker", "Chalice of the Void", "The Goose Mother")
#: Every way onto the battlefield, in the order the explorer shows them.
X_PATHS: tuple[XRoute, ...] = tuple(XRoute)


class XPath(Value):
    """What happened to one X card along one path onto the battlefield."""

    path: XRoute
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


def x_setup(card: str, x: int, path: XRoute | str) -> tuple[Game, Callable[[Game], object], str] | None:
    """The game before ``card`` comes onto the battlefield along ``path``, the action that
    brings it there, and how the X was chosen; ``None`` with a reason when it can't (Clone
    copies only creatures; Order of Whiteclay returns only creature cards)."""
    path = route(path)
    defn = lookup(card)
    cost = defn.cost
    assert cost is not None
    colored = [c for c in (cost.text or "") if c in "WUBRG"]
    g = Game(["Alice", "Bob"], library=LIBRARY)
    if path in (XRoute.CAST, XRoute.CLONE):
        if path == XRoute.CLONE and not defn.is_a("Creature"):
            return None
        _pay(g, cost.generic + cost.x_count * x, colored)
        ref = g.put_in_hand(card, "Alice")

        def cast(game: Game) -> None:
            game.cast(ref, x=x)
            game.resolve_stack()
            if path == XRoute.CLONE:
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


def _not_arrived(card: str, path: XRoute) -> XPath:
    note = (f"{card} is not a creature: Clone can only copy a creature."
            if path == XRoute.CLONE else
            f"{card} is not a creature card: Order of Whiteclay can't return it.")
    return XPath(path, False, None, None, "", 0, False, note, ())


def _x_result(card: str, x: int, path: XRoute, before: Game, out: Outcome) -> XPath:
    g, events = out.game, out.events
    if path == XRoute.CLONE and not any(isinstance(e, SpellCast) and e.obj == "Clone"
                                             for e in events):
        return XPath(path, False, None, None, "", 0, False,
                     f"{card} with X = {x} left the battlefield at once, so there was nothing for "
                     f"Clone to copy.", events)
    entered = [e for e in events if isinstance(e, Entered) and e.obj_id is not None
               and not g.obj(e.obj_id).token and e.obj != "Order of Whiteclay"
               and (path != XRoute.CLONE or e.copy_of is not None or e.obj == "Clone")]
    if path != XRoute.RETURNED:
        cast = next((e for e in events if isinstance(e, SpellCast) and e.obj == card), None)
        mv_before: int | None = cast.mana_value if cast and path == XRoute.CAST else None
    else:
        mv_before = before.mana_value(before.zone("Alice", "graveyard")[0].id)
    if path == XRoute.CLONE:
        events = tuple(e for e in events if e.seq >= next(
            s.seq for s in events if isinstance(s, SpellCast) and s.obj == "Clone"))
    it = entered[-1] if entered else None
    on_bf = it is not None and any(p.id == it.obj_id for p in g.permanents())
    o = g.obj(it.obj_id) if on_bf and it is not None and it.obj_id is not None else None
    counters = dict(o.counters) if o is not None else {}
    tokens = sum(1 for e in events if isinstance(e, Entered) and e.obj_id is not None
                 and g.obj(e.obj_id).token)
    fate, reason = _fate(it, events, card if path != XRoute.CLONE else "the copy")
    note = _x_note(card, x, path)
    text = ", ".join(f"{n} {k}" for k, n in sorted(counters.items()) if n) or "none"
    at_entry = ", ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in it.counters if n) \
        if it is not None else ""
    return XPath(path, True, mv_before, g.mana_value(o.id) if o is not None else None,
                 text if o is not None else "(not on the battlefield)", tokens, o is not None,
                 note, events, sum(counters.values()), fate, reason, out.choice_summary(),
                 at_entry or "no counters")


def _x_note(card: str, x: int, path: XRoute) -> str:
    """Which X the enters effects of ``card`` use along ``path``, and the rule (CR 107.3m)."""
    if path == XRoute.CLONE:
        return ("X for the copy is 0: it became a copy as Clone entered (CR 707.5), and Clone was "
                "not a spell with X chosen for it, so no spell's X carries over and X is 0, as for "
                "any card off the stack (CR 107.3m, 107.3g)")
    if path != XRoute.CAST:
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


def x_paths(card: str, x: int, path: XRoute | str) -> list[XPath]:
    """What happens along ``path`` under every legal choice (for example which legendary
    permanent Alice keeps under the legend rule), one :class:`XPath` per outcome."""
    return [r for r, _ in x_results(card, x, path)]


def x_path(card: str, x: int, path: XRoute | str) -> XPath:
    """Bring ``card`` onto Alice's battlefield along ``path`` with X (cast) and report it
    (with the default choices; :func:`x_paths` gives every legal choice)."""
    return x_paths(card, x, path)[0]


class XCase(Value):
    """'Along this path, how many counters (or tokens) does it end up with?'"""

    card: str
    x: int
    path: XRoute
    ask: Literal["counters", "tokens"] = "counters"

    #: Answers are whole numbers; a wrong one is matched against the misconceptions of the same
    #: question as a practice board.
    grader: ClassVar[Grader[int]] = Grader(read_number, str, mistakes=lambda case, answer: misconceived(
        XEntry(case.card, case.x, case.path, case.ask), answer, MISCONCEPTIONS))

    def results(self) -> list[XPath]:
        return _x_paths(self.card, self.x, self.path)

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
            lines.append(tokens_line(self.card, self.x if self.path == XRoute.CAST else 0, r.tokens))
        if self.ask != "tokens" and not r.survived and r.fate_reason is not None:
            lines.append(f"It entered with {r.entered_with} and was then {r.fate}.")
        return " ".join(lines)

    why = explain  # the notebooks' name for it

    def teach(self) -> Explained:
        """Why (the X its enters effects use, and its fate when it died, with their rules) and
        the engine's events."""
        explanation = self.explain()
        events = (e for e in self.results()[0].events if e.kind != "pass")  # passes: 117.3d, no reason
        return Explained(Reason(explanation, tuple(cited(explanation))), event_lines(events, ""))

    def answer(self) -> tuple[int, str]:
        return self.legal()[0], self.explain()


class XGuess(Value):
    """What a learner predicts for one path onto the battlefield (or what the engine did)."""

    counters: int  # counters it ends with (0 when it is no longer on the battlefield)
    tokens: int  # tokens created
    on_battlefield: bool  # is it still on the battlefield at the end?

    def __str__(self) -> str:
        return self.said()

    def said(self, who: str = "it") -> str:
        """The prediction in words, about ``who`` (``"the copy"`` for the copy Clone becomes)."""
        where = "still on the battlefield" if self.on_battlefield else "not on the battlefield"
        return (f"{plural(self.counters, 'counter')} on {who}, {plural(self.tokens, 'token')} created by "
                f"{who}, {who} {where}")


def x_blocked(card: str, path: XRoute | str) -> str | None:
    """Why ``card`` can't come onto the battlefield along ``path`` at all (Clone copies only a
    creature; Order of Whiteclay returns only a creature card), or ``None``. This depends only
    on the card, so an explorer may say it before the learner predicts."""
    path = route(path)
    if path != XRoute.CAST and not lookup(card).is_a("Creature"):
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


def x_results(card: str, x: int, path: XRoute | str) -> list[tuple[XPath, Outcome | None]]:
    """Like :func:`x_paths`, with each result's outcome (its game afterwards; ``None`` when the
    card can't take this path at all)."""
    path = route(path)
    made = x_setup(card, x, path)
    if made is None:
        return [(_not_arrived(card, path), None)]
    g, action, _ = made
    return [(_x_result(card, x, path, g, out), out) for out in outcomes(g, action).legal]


def x_choices(r: XPath) -> str:
    """The choices made along one path, saying which permanent is the original and which the
    copy (the engine's events name both "The Goose Mother" with their numbers).

    >>> [x_choices(r) for r in x_paths("The Goose Mother", 3, XRoute.CLONE)]  # doctest: +ELLIPSIS
    ['Alice keeps the original (The Goose Mother #...); the copy (#...) goes to the graveyard (legend rule, \
CR 704.5j)', 'Alice keeps the copy (The Goose Mother #...); the original (#...) goes to the graveyard ...']
    """
    copy = next((e.obj_id for e in r.events if isinstance(e, Entered) and e.copy_of is not None), None)
    said = []
    for e in r.events:
        if not isinstance(e, ChoiceMade) or e.question != "legend rule" or copy is None:
            continue
        kept = str(e.answer)
        other = next((o for o in e.options if o != kept), "")
        if kept.endswith(f"#{copy}"):
            said.append(f"{e.player} keeps the copy ({kept}); the original ({other.rsplit(' ', 1)[-1]}) goes "
                        f"to the graveyard (legend rule, {cr(e.rules)})")
        else:
            said.append(f"{e.player} keeps the original ({kept}); the copy ({other.rsplit(' ', 1)[-1]}) goes "
                        f"to the graveyard (legend rule, {cr(e.rules)})")
    return "; ".join(said) or r.choices


def x_checked(card: str, x: int, path: XRoute | str, guess: XGuess) -> tuple[Check, XPath, Outcome | None]:
    """:func:`x_check`, with the result it was checked against (the one the prediction matches,
    if a legal choice gives it, else the first) and that result's outcome."""
    results = x_results(card, x, path)
    hit = next(((r, o) for r, o in results if x_values(r) == guess), None)
    r, out = hit or results[0]
    who = "the copy" if route(path) == XRoute.CLONE else "it"
    engine = x_values(r).said(who) + (f" (when {x_choices(r)})" if len(results) > 1 and r.choices else "")
    others = [f"{x_values(o).said(who)} if {x_choices(o)}" for o, _ in results
              if o is not r and x_values(o) != x_values(r)]
    return Check(hit is not None, guess.said(who), engine, x_reason(card, r), "; ".join(others)), r, out


def x_check(card: str, x: int, path: XRoute | str, guess: XGuess) -> Check:
    """A prediction for one path next to the engine's outcome; right if some legal choice (which
    legendary permanent Alice keeps) gives it.

    >>> c = x_check("The Goose Mother", 3, XRoute.CLONE, XGuess(0, 0, False))
    >>> c.correct, c.reason.rules
    (True, ('704.5j',))
    >>> print(c.others)  # doctest: +ELLIPSIS
    0 counters on the copy, 0 tokens created by the copy, the copy still on the battlefield if Alice keeps ...
    """
    return x_checked(card, x, path, guess)[0]


class ChaliceCase(Value):
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


# ----------------------------------------------------------------------- practice boards, and their model
#: What an X question asks about.
XAsk = Literal["counters", "tokens", "mana value on the battlefield", "mana value on the stack",
               "counters and mana value"]
X_ASKS: tuple[XAsk, ...] = typing.get_args(XAsk)


class XEntry(Situation):
    """An X card comes onto the battlefield along a path; a number is asked (CR 107.3m)."""

    topic: ClassVar[TopicName] = "x-values"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = tuple(Mistake)
    card: str
    x: int
    path: XRoute
    ask: XAsk = "counters"

    def key(self) -> Hashable:
        return ("x", self.card, self.x, self.path)

    def how(self) -> str:
        return {XRoute.CAST: f"is cast with X = {self.x}",
                XRoute.CLONE: f"is copied by a Clone (the original was cast with X = {self.x})",
                XRoute.RETURNED: f"is returned from Alice's graveyard by Order of "
                f"Whiteclay (it had been cast with X = {self.x} earlier and died)"}[self.path]

    def describe(self) -> str:
        return f"Alice's {self.card} {self.how()}"

    def results(self) -> list[XPath]:
        return _x_paths(self.card, self.x, self.path)

    def legal(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v for r in self.results() if (v := x_value(r, self.ask)) is not None))

    def explain(self) -> str:
        r = self.results()[0]
        lines = [r.note + "."]
        if self.ask == "tokens":
            lines.append(tokens_line(self.card, self.x if self.path == XRoute.CAST else 0, r.tokens))
        if self.ask == "counters" and not r.survived:
            lines.append(f"It entered with {r.entered_with} and was then {r.fate}.")
        else:  # say why it isn't on the battlefield where it isn't (toughness 0, or the legend rule)
            gone = next((o for o in self.results() if o.arrived and not o.survived and o.fate), None)
            if gone is not None:
                lead = ("It" if len(self.results()) == 1 else
                        "In the outcome where it isn't on the battlefield, it")
                lines.append(f"{lead} entered with {gone.entered_with} and was then {gone.fate}.")
        if self.ask in ("mana value on the battlefield", "counters and mana value"):
            lines.append("On the battlefield X is 0 in its mana cost (CR 202.3e, 107.3g), whatever "
                         "its counters.")
        if self.ask == "mana value on the stack":
            lines.append("On the stack X counts as the number chosen, once for each {X} in the cost "
                         "(CR 202.3e).")
        if len(self.results()) > 1:
            lines.append("Alice's choices give: " + "; ".join(
                f"{x_value(o, self.ask)} if {o.choices}" for o in self.results()))
        lines += ["What the engine did:", event_lines(r.events)]
        return "\n".join(lines)

    def steps(self) -> tuple[str, ...]:
        """The actions the engine plays, in words (the board says the card and its X)."""
        if self.path == XRoute.RETURNED:
            return (f"Alice taps three lands and activates Order of Whiteclay ({{1}}{{W}}{{W}}, {{Q}}) "
                    f"targeting {self.card} in her graveyard.",
                    f"Both players pass; the ability resolves and {self.card} returns to the battlefield.")
        cast = f"Alice casts {self.card} with X = {self.x}; it resolves."
        if self.path == XRoute.CLONE:
            return (cast, f"Alice casts Clone; it resolves as a copy of {self.card}, and everything "
                          f"resolves.")
        return (cast,)

    def decisive(self) -> Reason | None:
        """The state-based action that took it off the battlefield (toughness 0, the legend rule),
        when that is what the answer turns on."""
        results = self.results()
        if len(results) != 1 or not results[0].arrived or results[0].fate_reason is None:
            return None
        return results[0].fate_reason

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        cost = lookup(self.card).cost
        assert cost is not None
        if self.path == XRoute.RETURNED and Mistake.X_CARD_MANA_VALUE_UNKNOWN in held:
            return (NO_TARGET,)
        path, x = self.path, self.x
        if path == XRoute.CLONE and Mistake.COPY_KEEPS_X in held:
            path = XRoute.CAST
        if path == XRoute.RETURNED and Mistake.RETURNED_CARD_KEEPS_X in held:
            path = XRoute.CAST
        if Mistake.X_ZERO_WHEN_IT_ENTERS in held and self.path == XRoute.CAST and self.ask in (
                "counters", "tokens", "counters and mana value"):
            x = 0  # the learner applies "X is 0 off the stack" to the enters effect too
        if Mistake.X_MEANS_MANA_PAID in held and self.ask in ("counters", "tokens"):
            x = x * cost.x_count
        if self.ask == "mana value on the battlefield" and Mistake.X_STAYS_ON_THE_BATTLEFIELD in held:
            return (str(cost.mana_value(x)),)
        if self.ask == "counters and mana value":
            paid = x * cost.x_count if Mistake.X_MEANS_MANA_PAID in held else x
            found: dict[str, None] = {}
            for r in _x_paths(self.card, paid, path):
                mv = r.mv_battlefield
                if mv is not None and Mistake.X_STAYS_ON_THE_BATTLEFIELD in held:
                    mv = cost.mana_value(self.x)
                found[x_pair(r.counter_total if r.survived else None, mv)] = None
            return tuple(found)
        counted_once = Mistake.X_COUNTED_ONCE in held and self.path == XRoute.CAST
        if self.ask == "mana value on the stack" and counted_once:
            return (str(cost.mana_value(x) - (cost.x_count - 1) * x),)
        values = _x_paths(self.card, x, path)
        return tuple(dict.fromkeys(v for r in values if (v := x_value(r, self.ask)) is not None))


@functools.lru_cache(maxsize=4096)
def _x_paths(card: str, x: int, path: XRoute) -> list[XPath]:
    """:func:`x_paths`, worked out once per card, X and path."""
    return x_paths(card, x, path)


def x_value(r: XPath, ask: XAsk) -> str | None:
    """The number a question asks about on one path (``None``: the question doesn't apply)."""
    if not r.arrived:
        return None
    if ask == "counters":
        return str(r.counter_total if r.survived else 0)
    if ask == "tokens":
        return str(r.tokens)
    if ask == "mana value on the battlefield":
        return None if r.mv_battlefield is None else str(r.mv_battlefield)
    if ask == "counters and mana value":
        return x_pair(r.counter_total if r.survived else None, r.mv_battlefield)
    return None if r.mv_before is None or r.path != XRoute.CAST else str(r.mv_before)


def x_pair(counters: int | None, mana_value: int | None) -> str:
    """The answer to 'how many counters, and what mana value on the battlefield?'."""
    if counters is None or mana_value is None:
        return "it isn't on the battlefield"
    return f"{plural(counters, 'counter')}, mana value {mana_value}"



#: The answer of a learner who thinks Order of Whiteclay can't target an X card in the graveyard.
NO_TARGET = "Order of Whiteclay can't target it"


# ----------------------------------------------------------------------- scenario questions
GOOSE = "The Goose Mother"


def goose_words(counters: Sequence[int], food: int) -> str:
    """Alice's Goose Mothers and Food as an answer: "The Goose Mother with 4 counters; 2 Food"."""
    if not counters:
        geese = "no Goose Mother"
    elif len(counters) == 1:
        geese = f"The Goose Mother with {plural(counters[0], 'counter') if counters[0] else 'no counters'}"
    else:
        both = " and ".join(str(c) for c in sorted(counters, reverse=True))
        geese = f"two Goose Mothers ({both} counters)"
    return f"{geese}; {food} Food"


class LegendPlay(PlaySituation):
    """X with copies and the legend rule: Alice controls The Goose Mother, and a second one
    arrives (a Clone copying it, or another cast with X); the legend rule makes her keep one.
    Which of these could be true once everything has resolved (her Goose Mothers with their
    counters, and her Food)? With ``keeps`` the story says which she keeps: the one with more
    counters."""

    topic: ClassVar[TopicName] = "x-values"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.COPY_KEEPS_X, Mistake.X_ZERO_WHEN_IT_ENTERS, Mistake.COPY_ISNT_LEGENDARY,
        Mistake.LEGEND_RULE_KILLS_BOTH, Mistake.LEGEND_RULE_REMOVES_THE_NEWCOMER)
    exclusive: ClassVar[frozenset[frozenset[str]]] = frozenset({
        frozenset({Mistake.COPY_ISNT_LEGENDARY, Mistake.LEGEND_RULE_KILLS_BOTH}),
        frozenset({Mistake.COPY_ISNT_LEGENDARY, Mistake.LEGEND_RULE_REMOVES_THE_NEWCOMER}),
        frozenset({Mistake.LEGEND_RULE_KILLS_BOTH, Mistake.LEGEND_RULE_REMOVES_THE_NEWCOMER})})
    first: int  # counters on the Goose Mother Alice controls at the start
    x: int | None = None  # the X of a second Goose Mother she casts (None: a Clone copies the first)
    keeps: bool = False

    def key(self) -> Hashable:
        return ("legend", self.play)

    def _ends(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        return _legend_ends(self.play)

    def legal(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(goose_words(c, f) for c, f in self._ends()))

    def explain(self) -> str:
        outs = self.play.outcomes()
        o = outs[0]
        new = "the copy (Clone had no X, so X is 0 for it: CR 107.3m, 707.5)" if self.x is None else \
            f"the new one (its X is {self.x}: CR 107.3m)"
        lines = [f"The Goose Mother already there has {plural(self.first, 'counter')}; {new} arrives with "
                 f"the same name and is legendary too (a copy copies the supertype, CR 707.2), so Alice "
                 f"keeps one of the two and the other goes to the graveyard (the legend rule, CR 704.5j)."
                 + (" She keeps the one with more counters." if self.keeps else " Either choice is hers."),
                 "The new one's enters trigger still resolves, whichever she keeps (CR 113.7a): "
                 + tokens_line(GOOSE, 0 if self.x is None else self.x,
                               sum(1 for e in o.events if isinstance(e, Entered) and e.obj == "Food")),
                 "What the engine did:",
                 event_lines(e for e in o.events if isinstance(e, Entered | ChoiceMade | ZoneChange)
                             and not (isinstance(e, ZoneChange) and e.frm == "library"))]
        return "\n".join(lines)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        new = self.first if self.x is None and Mistake.COPY_KEEPS_X in held else (self.x or 0)
        if Mistake.X_ZERO_WHEN_IT_ENTERS in held and self.x is not None:
            new = 0
        made = 0 if (self.x is None and Mistake.COPY_KEEPS_X not in held) else -(-new // 2)
        food = self._ends()[0][1] - len(_new_food(self.play)) + made
        if Mistake.COPY_ISNT_LEGENDARY in held and self.x is None:
            return (goose_words((self.first, new), food),)
        if Mistake.LEGEND_RULE_KILLS_BOTH in held:
            return (goose_words((), food),)
        if Mistake.LEGEND_RULE_REMOVES_THE_NEWCOMER in held:
            return (goose_words((self.first,), food),)
        if self.keeps:
            return (goose_words((max(self.first, new),), food),)
        return tuple(dict.fromkeys(goose_words((c,), food) for c in (self.first, new)))


@functools.lru_cache(maxsize=512)
def _legend_ends(play: Play) -> tuple[tuple[tuple[int, ...], int], ...]:
    out = []
    for o in play.outcomes():
        geese = tuple(sorted((sum(p.counters.values()) for p in o.game.permanents("Alice")
                              if p.name == GOOSE), reverse=True))
        out.append((geese, sum(1 for p in o.game.permanents("Alice") if p.name == "Food")))
    return tuple(dict.fromkeys(out))


def _new_food(play: Play) -> list[Event]:
    return [e for e in play.outcomes()[0].events if isinstance(e, Entered) and e.obj == "Food"]


def legend_play(first: int, x: int | None = None, *, keeps: bool = False) -> LegendPlay:
    """Alice controls The Goose Mother with ``first`` counters (cast earlier with that X, with
    its Food); she casts Clone copying it (``x`` None) or a second The Goose Mother with X =
    ``x``."""
    food = -(-first // 2)
    pieces = [Piece(GOOSE, counters=(("+1/+1", first),)), *[Piece("Food") for _ in range(food)]]
    if x is None:
        lands = [f"Island {i}" if i > 1 else "Island" for i in range(1, 5)]
        pieces += [Piece("Island") for _ in lands] + [Piece("Clone", zone="hand")]
        steps = (Step("cast", "Alice taps four Islands and casts Clone; it resolves, and she has it enter "
                      "as a copy of The Goose Mother.", card="Clone", pay=tuple(lands)),
                 Step("resolve", "", copy=GOOSE),
                 Step("resolve_stack", "Everything on the stack resolves."))
    else:
        wastes = [f"Wastes {i}" if i > 1 else "Wastes" for i in range(1, x + 1)]
        pieces += [Piece("Forest"), Piece("Island"), *[Piece("Wastes") for _ in wastes],
                   Piece(GOOSE, zone="hand", label="new Goose Mother")]
        steps = (Step("cast", f"Alice taps {x + 2} lands and casts a second The Goose Mother with X = {x}; "
                      f"it resolves.", card="new Goose Mother", x=x, pay=("Forest", "Island", *wastes)),
                 Step("resolve", ""),
                 Step("resolve_stack", "Everything on the stack resolves."
                      + (" Alice keeps the Goose Mother with more counters." if keeps else "")))
    play = Play(Setup(pieces=tuple(pieces)), steps)
    if keeps and x is not None:  # the story says she keeps the one with more counters
        labels = play.labels()
        best = labels[GOOSE] if first >= x else labels["new Goose Mother"]
        play = play.replace(keep=(("legend rule", f"{GOOSE} #{best}"),))
    return LegendPlay(play, first, x, keeps and x is not None)


#: How an X spell gets a second life on the stack: copied there by Lithoform Engine (707.10), or
#: cast without paying its mana cost by Bloodbraid Elf's cascade (107.3b).
StackRoute = Literal["copy", "cascade"]
#: The card a cascade finds under the X card, for a learner who thinks cascade passes over it.
UNDER = "Grizzly Bears"


def _copies(card: str, counters: Sequence[int]) -> str:
    """Alice's permanents named ``card`` as an answer: "two Walking Ballistas, with 2 counters each"."""
    if not counters:
        return f"no {card}"
    if len(counters) == 1:
        return f"one {card}, with {plural(counters[0], 'counter')}"
    a, b = sorted(counters, reverse=True)
    return f"two {card}s, with {plural(a, 'counter')} each" if a == b else \
        f"two {card}s, with {a} and {b} counters"


class StackPlay(PlaySituation):
    """X on the stack: Alice casts ``card`` with X = ``x`` and copies the spell with Lithoform
    Engine ({4}, {T}: copy target permanent spell you control); or she casts Bloodbraid Elf, whose
    cascade finds ``card`` on top of her library (a Grizzly Bears under it), and casts it without
    paying its mana cost, though she would like X to be ``x``. What becomes of it?"""

    topic: ClassVar[TopicName] = "x-values"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.SPELL_COPY_LOSES_X, Mistake.X_ZERO_WHEN_IT_ENTERS, Mistake.X_MEANS_MANA_PAID,
        Mistake.FREE_CAST_KEEPS_X_CHOICE, Mistake.FREE_CAST_FORBIDS_X_SPELLS,
        Mistake.X_CARD_MANA_VALUE_UNKNOWN)
    exclusive: ClassVar[frozenset[frozenset[str]]] = frozenset({
        frozenset({Mistake.FREE_CAST_KEEPS_X_CHOICE, Mistake.FREE_CAST_FORBIDS_X_SPELLS})})
    card: str
    route: StackRoute
    x: int

    def key(self) -> Hashable:
        return ("stack", self.play)

    def _end(self) -> tuple[tuple[int, ...], str]:
        return _stack_end(self.play, self.card)

    def answer_of(self, counters: Sequence[int], fate: str = "") -> str:
        if self.route == "copy":
            return _copies(self.card, counters)
        if fate == "bottom":
            return f"it can't be cast: {self.card} goes to the bottom of her library"
        if fate == "passed":
            return f"cascade passes over {self.card} (to the bottom of her library) and she casts {UNDER}"
        if counters:
            n = counters[0]
            return f"it is cast with X = {n}: {self.card} stays with {plural(n, 'counter')}"
        return f"it is cast with X = 0: {self.card} enters with no counters and dies"

    def legal(self) -> tuple[str, ...]:
        counters, fate = self._end()
        return (self.answer_of(counters, fate),)

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        per = lookup(self.card).cost
        assert per is not None
        if self.route == "cascade":
            if Mistake.FREE_CAST_FORBIDS_X_SPELLS in held:
                return (self.answer_of((), "bottom"),)
            if Mistake.X_CARD_MANA_VALUE_UNKNOWN in held:
                return (self.answer_of((), "passed"),)
            if Mistake.FREE_CAST_KEEPS_X_CHOICE in held and self.x:
                return (self.answer_of((self.x,)),)
            return self.legal()
        x = 0 if Mistake.X_ZERO_WHEN_IT_ENTERS in held else self.x
        if Mistake.X_MEANS_MANA_PAID in held:
            x *= per.x_count
        copy = 0 if Mistake.SPELL_COPY_LOSES_X in held else x
        return (self.answer_of([c for c in (x, copy) if c > 0]),)

    def explain(self) -> str:
        o = self.play.outcomes()[0]
        lines = [self.answer_of(*self._end())[0].upper() + self.answer_of(*self._end())[1:] + "."]
        for e in o.events:
            if isinstance(e, SpellCopied):
                lines.append(f"The copy keeps every choice made for the spell, X = {e.x} included "
                             f"({cr(e.rules)}): {e.text}.")
            elif isinstance(e, SpellCast) and e.free:
                lines.append(f"Cast without paying its mana cost, the only legal X is 0 ({cr(e.rules)}): "
                             f"{e.text}.")
            elif isinstance(e, Entered) and e.obj == self.card:
                lines.append(f"{e.text} ({cr(e.rules)}).")
            elif isinstance(e, StateBasedMove) and e.obj == self.card:
                lines.append(f"{e.text} ({cr(e.rules)}).")
        lines += ["What the engine did:", event_lines(e for e in o.events if isinstance(
            e, SpellCast | SpellCopied | Entered | StateBasedMove | Resolved))]
        return "\n".join(lines)

    def decisive(self) -> Reason | None:
        o = self.play.outcomes()[0]
        e = next((e for e in o.events if isinstance(e, SpellCopied) or (isinstance(e, SpellCast) and e.free)),
                 None)
        if e is None:
            return None
        # the event's rule that decides X: 707.10 for the copy, 107.3b for the free cast
        rules = tuple(sorted(e.rules, key=lambda r: r not in ("707.10", "107.3b")))
        return Reason(f"{e.text} ({cr(e.rules)}).", rules, e.seq)


@functools.lru_cache(maxsize=512)
def _stack_end(play: Play, card: str) -> tuple[tuple[int, ...], str]:
    """The counters on each of Alice's permanents named ``card`` at the end of ``play``, and
    what became of the card itself ("": the engine cast it)."""
    o = play.outcomes()[0]
    mine = [p for p in o.game.permanents("Alice") if p.name == card]
    counters = tuple(sorted((p.counters.get("+1/+1", 0) for p in mine),
                            reverse=True))
    cast = any(isinstance(e, SpellCast) and e.obj == card for e in o.events)
    return counters, "" if cast else "bottom"


def stack_play(card: str, route: StackRoute, x: int) -> StackPlay:
    """Alice copies ``card`` cast with X = ``x`` with Lithoform Engine, or cascades into it with
    Bloodbraid Elf wishing for X = ``x`` (see :class:`StackPlay`)."""
    per = lookup(card).cost
    assert per is not None
    if route == "copy":
        n = x * per.x_count
        wastes = ["Wastes"] + [f"Wastes {i}" for i in range(2, n + 5)]
        pieces = [Piece("Lithoform Engine"), *[Piece("Wastes") for _ in wastes], Piece(card, zone="hand")]
        count = {2: "two", 4: "four", 6: "six"}.get(n, str(n))
        steps = (Step("cast", f"Alice taps {count} Wastes and casts {card} with X = {x}.",
                      card=card, x=x,
                      pay=tuple(wastes[:n])),
                 Step("activate", f"Holding priority, she taps four more Wastes and activates Lithoform "
                      f"Engine's “{{4}}, {{T}}: Copy target permanent spell you control” targeting the "
                      f"{card} spell.", card="Lithoform Engine", ability=2, target=card,
                      pay=tuple(wastes[n:])),
                 Step("resolve_stack", "Everything on the stack resolves."))
    else:
        lands = ("Mountain", "Forest", "Forest 2", "Island")
        pieces = [Piece("Mountain"), Piece("Forest"), Piece("Forest"), Piece("Island"),
                  Piece("Bloodbraid Elf", zone="hand"), Piece(UNDER, zone="library"),
                  Piece(card, zone="library")]
        steps = (Step("cast", "Alice taps four lands and casts Bloodbraid Elf; its cascade ability triggers.",
                      card="Bloodbraid Elf", pay=lands),
                 Step("resolve", f"The cascade ability resolves: Alice casts the card it finds without "
                      f"paying its mana cost, if she can. She would like X to be {x}.", free_cast=True, x=0),
                 Step("resolve_stack", "Everything on the stack resolves."))
    return StackPlay(Play(Setup(pieces=tuple(pieces)), steps), card, route, x)


# ----------------------------------------------------------------------------- misconceptions
MISCONCEPTIONS: tuple[Misconception, ...] = (
    Misconception(
        name=Mistake.COPY_KEEPS_X,
        topic="x-values",
        title="a copy keeps the original's X",
        description="A Clone copying a creature that was cast with X = 2 gets X = 2 too.",
        rule="107.3m",
        rule_says="Only the spell that became the permanent passes its X to the enters effects. The copy is "
                  "Clone, which becomes a copy as it enters (CR 707.5) and was cast with no X, so the "
                  "copied 'enters with X' uses X = 0.",
        plugs_in="inputs",
        example=XEntry("Walking Ballista", 2, XRoute.CLONE, "counters"),
        ask="How many counters does the copy end up with (0 if it dies)?",
    ),
    Misconception(
        name=Mistake.RETURNED_CARD_KEEPS_X,
        topic="x-values",
        title="a returned card remembers its X",
        description="A card returned from the graveyard enters with the X it was cast with before.",
        rule="107.3m",
        rule_says="The X of an enters effect is the X chosen for the spell that became this permanent. A "
                  "card returned by an ability is a new object that didn't come from a spell (CR 400.7), "
                  "whatever X it was cast with before it died, so X is 0.",
        plugs_in="inputs",
        example=XEntry("Walking Ballista", 2, XRoute.RETURNED, "counters"),
        ask="How many counters does it end up with (0 if it dies)?",
    ),
    Misconception(
        name=Mistake.X_ZERO_WHEN_IT_ENTERS,
        topic="x-values",
        title="X is already 0 when it enters",
        description="A Walking Ballista cast with X = 2 enters with no counters (and dies), because X is 0 "
                    "once it has left the stack.",
        rule="107.3m",
        rule_says="Off the stack X is 0 in the permanent's mana cost (CR 107.3g, 202.3e), but an enters "
                  "effect of a permanent that was a spell with X uses the X chosen for that spell: cast "
                  "with X = 2, it enters with 2 counters.",
        plugs_in="inputs",
        example=XEntry("Walking Ballista", 2, XRoute.CAST, "counters"),
        ask="How many counters does it end up with (0 if it dies)?",
    ),
    Misconception(
        name=Mistake.X_STAYS_ON_THE_BATTLEFIELD,
        topic="x-values",
        title="X stays in the mana value",
        description="A permanent cast with X = 2 keeps X = 2 in its mana value on the battlefield.",
        rule="202.3e",
        rule_says="Off the stack X counts as 0 in a mana cost: Chalice of the Void's mana value on the "
                  "battlefield is 0, whatever X was and however many counters it has.",
        plugs_in="inputs",
        example=XEntry("Chalice of the Void", 2, XRoute.CAST, "mana value on the battlefield"),
        ask="What is its mana value on the battlefield?",
    ),
    Misconception(
        name=Mistake.X_MEANS_MANA_PAID,
        topic="x-values",
        title="X is the mana paid for {X}{X}",
        description="For an {X}{X} card, X is all the mana paid for the X's, so Walking Ballista cast for 2 "
                    "mana enters with 2 counters.",
        rule="107.3a",
        rule_says="X is the number the caster chose and announced; {X}{X} means that number is paid twice. "
                  "The enters effect uses that number (CR 107.3m): X = 1 costs 2 mana and gives 1 counter.",
        plugs_in="inputs",
        example=XEntry("Walking Ballista", 1, XRoute.CAST, "counters"),
        ask="How many counters does it end up with?",
    ),
    Misconception(
        name=Mistake.X_COUNTED_ONCE,
        topic="x-values",
        title="{X}{X} counts X once in the mana value",
        description="On the stack, a spell's mana value counts X only once, even with {X}{X} in its cost.",
        rule="202.3e",
        rule_says="On the stack each {X} counts as the chosen number: Chalice of the Void cast with X = 1 "
                  "has mana value 2 there.",
        plugs_in="inputs",
        example=XEntry("Chalice of the Void", 1, XRoute.CAST, "mana value on the stack"),
        ask="What is its mana value on the stack?",
    ),
    Misconception(
        name=Mistake.COPY_ISNT_LEGENDARY,
        topic="x-values",
        title="a Clone of a legend isn't legendary",
        description="The legend rule is about the real card: a Clone copying The Goose Mother can stay "
                    "beside it.",
        rule="707.2",
        rule_says="A copy takes the original's copiable values, its name and the supertype legendary "
                  "included, so Alice controls two legendary permanents named The Goose Mother and keeps "
                  "one (CR 704.5j).",
        plugs_in="outputs",
        example=legend_play(4),
        ask="Which of these could be true once everything has resolved?",
    ),
    Misconception(
        name=Mistake.LEGEND_RULE_KILLS_BOTH,
        topic="x-values",
        title="two legends with one name both die",
        description="When a second legendary permanent with the same name arrives, both are put into the "
                    "graveyard (the legend rule as it was before 2013).",
        rule="704.5j",
        rule_says="The player chooses one of them to keep; only the rest go to the graveyard.",
        plugs_in="outputs",
        example=legend_play(4),
        ask="Which of these could be true once everything has resolved?",
    ),
    Misconception(
        name=Mistake.LEGEND_RULE_REMOVES_THE_NEWCOMER,
        topic="x-values",
        title="the legend rule removes the new one",
        description="The legendary permanent that arrived last is the one put into the graveyard; there is "
                    "no choice.",
        rule="704.5j",
        rule_says="The player chooses which one to keep: with a new The Goose Mother cast with more "
                  "counters, Alice may keep the new one.",
        plugs_in="chooser",
        example=legend_play(0, 4, keeps=True),
        ask="Which of these is true once everything has resolved?",
    ),
    Misconception(
        name=Mistake.X_CARD_MANA_VALUE_UNKNOWN,
        topic="x-values",
        title="an X card has no mana value off the stack",
        description="A card with {X} in its cost has no definite mana value in the graveyard or the "
                    "library, so Order of Whiteclay ('mana value 3 or less') can't find it.",
        rule="202.3e",
        rule_says="Off the stack X counts as 0 (CR 107.3g): Walking Ballista in a graveyard has mana value "
                  "0, so Order of Whiteclay can return it (and it enters with no counters).",
        plugs_in="inputs",
        example=XEntry("Walking Ballista", 2, XRoute.RETURNED, "counters"),
        ask="How many counters does it end up with (0 if it dies)?",
    ),
    Misconception(
        name=Mistake.SPELL_COPY_LOSES_X,
        topic="x-values",
        title="a copy of an X spell has X = 0",
        description="A copy of a spell, like a Clone, has X = 0, so a copied Walking Ballista spell becomes "
                    "a 0/0 token that dies.",
        rule="707.10",
        rule_says="A copy of a spell on the stack copies every choice made for it, X included: the copy of "
                  "a Walking Ballista cast with X = 2 becomes a token (CR 608.3f) that enters with 2 "
                  "counters (CR 107.3m). Only a copy of a permanent, such as Clone's, has X = 0 (CR 707.5).",
        plugs_in="inputs",
        example=stack_play("Walking Ballista", "copy", 2),
        ask="What does Alice control once everything has resolved?",
    ),
    Misconception(
        name=Mistake.FREE_CAST_KEEPS_X_CHOICE,
        topic="x-values",
        title="cast without paying its cost, you still choose X",
        description="A spell with {X} cast without paying its mana cost (by cascade) still gets any X its "
                    "caster wants, for free.",
        rule="107.3b",
        rule_says="When a spell with {X} in its cost is cast without paying its mana cost, the only legal "
                  "value for X is 0: Walking Ballista cascaded into enters with no counters and dies.",
        plugs_in="inputs",
        example=stack_play("Walking Ballista", "cascade", 2),
        ask="What becomes of Walking Ballista?",
    ),
    Misconception(
        name=Mistake.FREE_CAST_FORBIDS_X_SPELLS,
        topic="x-values",
        title="a spell with {X} can't be cast for free",
        description="A spell with {X} in its cost can't be cast without paying its mana cost at all, so "
                    "cascade can't cast Walking Ballista and it goes to the bottom of the library.",
        rule="107.3b",
        rule_says="A spell with {X} can be cast without paying its mana cost; X is simply 0. Cascade casts "
                  "Walking Ballista with X = 0 (it then dies as a 0/0).",
        plugs_in="inputs",
        example=stack_play("Walking Ballista", "cascade", 2),
        ask="What becomes of Walking Ballista?",
    ),
)


# ----------------------------------------------------------------------------- practice
def _count(v: str, noun: str) -> str:
    """``"3"`` -> ``"3 counters"``; an answer that isn't a number stays as it is."""
    return plural(int(v), noun) if v.isdigit() else f"this: {v}"


def _legend_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    first = rng.randint(0, 5)
    if rng.random() < 0.5:
        s = legend_play(first)
    else:
        x = rng.randint(0, 5)
        if x == first:
            return None
        s = legend_play(first, x, keeps=rng.random() < 0.5)
    which = "is" if s.keeps else "could be"
    return s, Stem((f"Which of these {which} true once everything has resolved (Alice's Goose Mothers, "
                    f"with their counters, and her Food)?",),
                   lambda v: f"once everything has resolved, Alice has {v}.", "CR 107.3m, 707.2, 704.5j")


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``: an X card cast (hard: or copied, or returned) and a
    number asked about it (hard: mostly its counters and its mana value together), The Goose
    Mother meeting a second one (a Clone, or another cast) and the legend rule, or an X spell
    copied on the stack by Lithoform Engine or cast by Bloodbraid Elf's cascade."""
    roll = rng.random()
    if roll < 0.2:
        return _stack_question(rng, level)
    if roll < (0.35 if level == "easy" else 0.5):
        return _legend_question(rng, level)
    return _entry_question(rng, level)


def _stack_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    s = stack_play(rng.choice(["Walking Ballista", "Hangarback Walker"]), rng.choice(["copy", "cascade"]),
                   rng.randint(1, 3))
    if s.route == "copy":
        return s, Stem((f"Once everything has resolved, how many {s.card}s does Alice control, and with how "
                        f"many +1/+1 counters?", "Which is true once everything has resolved?"),
                       lambda v: f"once everything has resolved, Alice has {v}.", "CR 707.10, 608.3f, 107.3m")
    return s, Stem((f"What becomes of {s.card}?", "Which is true once everything has resolved?"),
                   lambda v: f"this happens: {v}.", "CR 702.85a, 107.3b")


def _entry_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    card = rng.choice(X_CARDS)
    x = rng.randint(0, 9)
    path = XRoute.CAST if level == "easy" and rng.random() < 0.8 else rng.choice(
        [XRoute.CLONE, XRoute.CLONE, XRoute.RETURNED] if level == "hard" else [XRoute.CLONE, XRoute.RETURNED])
    asks: list[XAsk] = ["counters", "mana value on the battlefield", "mana value on the stack"]
    if card == "The Goose Mother":
        asks.append("tokens")
    if path != XRoute.CAST:
        asks.remove("mana value on the stack")
    ask: XAsk = rng.choice(asks) if level == "easy" or rng.random() < 0.25 else "counters and mana value"
    s = XEntry(card, x, path, ask)
    if not s.legal():
        return None
    what = "the copy" if path == XRoute.CLONE else "it"
    whose = "the copy's" if path == XRoute.CLONE else "its"
    kind = "charge" if card == "Chalice of the Void" else "+1/+1"
    texts: dict[XAsk, tuple[tuple[str, str], Callable[[str], str]]] = {
        "counters": ((f"How many {kind} counters does {what} have once everything has resolved "
                      f"(0 if it died)?",
                      f"Once the dust settles, how many counters are on {what} (0 if it's gone)?"),
                     lambda v: f"{what} ends up with {_count(v, kind + ' counter')} on it"
                               f"{' (0 meaning it died)' if v == '0' else ''}."),
        "tokens": (("How many Food tokens does that create?",
                    "How many Food tokens does Alice get from it?"),
                   lambda v: f"Alice gets {_count(v, 'Food token')} from it."),
        "mana value on the battlefield": ((f"What is {whose} mana value on the battlefield?",
                                           f"Once {what} is on the battlefield, what is its mana value?"),
                                          lambda v: f"{what} has mana value {v} on the battlefield."),
        "mana value on the stack": (("What is its mana value while it is on the stack?",
                                     "As a spell on the stack, what is its mana value?"),
                                    lambda v: f"on the stack it has mana value {v}."),
        "counters and mana value": ((f"Once everything has resolved, how many {kind} counters are on "
                                     f"{what}, and what is its mana value on the battlefield?",
                                     f"Which describes {what} once everything has resolved?"),
                                    lambda v: f"once everything has resolved: {v}."),
    }
    asks_text, claim = texts[ask]
    # The board ("Alice's Walking Ballista is cast with X = 4") is shown above the question, as
    # for every topic, so the question doesn't repeat it.
    why = {XRoute.CAST: "CR 107.3m", XRoute.CLONE: "CR 107.3m, 707.5",
           XRoute.RETURNED: "CR 107.3m, 400.7"}[path]
    rules = why if ask in ("counters", "tokens") else "CR 202.3e" if ask != "counters and mana value" \
        else f"{why}, 202.3e"
    return s, Stem(asks_text, claim, rules)


#: The notebooks that teach this topic, with their exercises (the course lists them by stem).
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        stem="05-x-values",
        title="X in enters effects (CR 107.3m)",
        summary="X in enters effects: the spell's X, or 0 for copies and returned cards (CR 107.3m, 202.3e, "
                "707.2)",
        exercises=(
            Exercise(number=1, check=check_number_answers, answers=("answers1",), setup=("cases1",)),
            Exercise(number=2, check=check_number_answers, answers=("answers2",), setup=("cases2",)),
        ),
    ),
)

TOPIC = Topic(
    name="x-values",
    title="X in enters effects and in the mana value (CR 107.3m, 202.3e)",
    lessons=LESSONS,
    situations=(XEntry, LegendPlay, StackPlay),
    misconceptions=MISCONCEPTIONS,
    generate=generate,
)

__all__ = ["TOPIC", "X_ASKS", "X_CARDS", "X_PATHS", "ChaliceCase", "Mistake", "XAsk", "XCase", "XEntry",
           "XGuess", "XPath", "XRoute", "generate", "route", "tokens_line", "x_blocked", "x_check",
           "x_checked", "x_choices", "x_pair", "x_path", "x_paths", "x_reason", "x_results", "x_setup",
           "x_value", "x_values"]
