"""X in enters effects (CR 107.3m): the spell's X, or 0 for copies and returned cards; X in
the mana value on the stack and off it (CR 202.3e).

Notebook 05 teaches it: an X card comes onto Alice's battlefield along one of three paths
(:class:`XRoute`): cast with X, copied by a Clone, or returned by Order of Whiteclay; the
engine plays each. The answers follow every legal choice (which legendary permanent Alice
keeps under the legend rule); the reasons cite the rule of the event that moved it.

Every misconception about X is a wrong rule: a variant of the engine's rules (:class:`Mistake`
names them; each class below overrides one decision point of :mod:`mtgkit.variants`), so a
wrong option is what the same play gives under it. The practice boards are plays whose answers
are read off the engine's outcomes: X cards entering (:class:`XEntry`), The Goose Mother and
the legend rule (:class:`LegendPlay`), an X spell copied, cascaded into or with its cost
reduced to nothing (:class:`StackPlay`), Hangarback Walker's death and return
(:class:`DeathPlay`, last known information) and a copied spell under Chalice of the Void
(:class:`ChalicePlay`, a copy isn't cast).

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
from typing import Any, ClassVar, Literal

from ..cards import card as lookup
from ..crlinks import cited
from ..errors import ChoiceError, RulesError, TargetError
from ..events import (
    AbilityTriggered,
    ChoiceMade,
    Countered,
    Entered,
    Event,
    NoTokens,
    Resolved,
    SpellCast,
    SpellCopied,
    StateBasedMove,
    ZoneChange,
)
from ..game import Game
from ..grading import plural, read_number
from ..outcomes import Outcome, Outcomes, outcomes
from ..records import Value
from ..state import Obj
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
from ..variants import CR, Rules
from ..wording import explanation as worded
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
    rules_held,
    variant,
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
    COPY_IS_CAST = "spell-copy-is-cast"
    DIES_TRIGGER_SEES_NO_COUNTERS = "dies-trigger-sees-no-counters"
    REDUCED_TO_NOTHING_IS_FREE = "reduced-to-nothing-is-free"


# ----------------------------------------------------------------------------- the wrong rules
# Each misconception about X is a wrong rule: a variant of the engine's rules (mtgkit.variants)
# overriding one decision, so a wrong answer is what the same play gives under it.
@variant(Mistake.COPY_KEEPS_X)
class CopyKeepsX(Rules):
    """A permanent entering as a copy (Clone) uses the X of what it copies."""

    def enters_x(self, g: Any, o: Obj, x: int, copy_of: Obj | None) -> int:
        return copy_of.etb_x if copy_of is not None else super().enters_x(g, o, x, copy_of)


@variant(Mistake.RETURNED_CARD_KEEPS_X)
class ReturnedCardKeepsX(Rules):
    """A card put onto the battlefield uses the X it was last cast with (as if it were the same
    object, CR 400.7 says it isn't)."""

    def enters_x(self, g: Any, o: Obj, x: int, copy_of: Obj | None) -> int:
        if copy_of is None and not x:
            x = next((e.x for e in reversed(g.events) if isinstance(e, SpellCast) and e.obj_id == o.id), 0)
        return super().enters_x(g, o, x, copy_of)


@variant(Mistake.X_ZERO_WHEN_IT_ENTERS)
class XZeroWhenItEnters(Rules):
    """Off the stack X is 0, enters effects included."""

    def enters_x(self, g: Any, o: Obj, x: int, copy_of: Obj | None) -> int:
        return 0


@variant(Mistake.X_STAYS_ON_THE_BATTLEFIELD)
class XStaysOnTheBattlefield(Rules):
    """A permanent's mana value on the battlefield counts the X it entered with."""

    def mana_value(self, g: Any, o: Obj, x: int | None) -> int:
        if x is None and o.zone == "battlefield":
            x = o.etb_x
        return super().mana_value(g, o, x)


@variant(Mistake.X_MEANS_MANA_PAID)
class XMeansManaPaid(Rules):
    """X in an enters effect is all the mana paid for the {X}s."""

    def enters_x(self, g: Any, o: Obj, x: int, copy_of: Obj | None) -> int:
        cost = o.card.cost
        return super().enters_x(g, o, x, copy_of) * (cost.x_count if cost is not None else 1)


@variant(Mistake.X_COUNTED_ONCE)
class XCountedOnce(Rules):
    """On the stack {X}{X} counts X once in the mana value."""

    def mana_value(self, g: Any, o: Obj, x: int | None) -> int:
        cost = o.card.cost
        once = (cost.x_count - 1) * x if cost is not None and x else 0
        return super().mana_value(g, o, x) - once


@variant(Mistake.COPY_ISNT_LEGENDARY)
class CopyIsntLegendary(Rules):
    """The legend rule counts only the real card, not a copy of it: a Clone, or the token a copy
    of a legendary permanent spell becomes (CR 608.3f; the kit has no other legendary token)."""

    def legend_rule_sees(self, g: Any, o: Obj) -> bool:
        return o.printed is None and not o.token and super().legend_rule_sees(g, o)


@variant(Mistake.LEGEND_RULE_KILLS_BOTH)
class LegendRuleKillsBoth(Rules):
    """Two legends with one name both go to the graveyard."""

    def legend_rule_may_keep(self, g: Any, objs: list[Obj]) -> list[Obj]:
        return []


@variant(Mistake.LEGEND_RULE_REMOVES_THE_NEWCOMER)
class LegendRuleRemovesTheNewcomer(Rules):
    """The legend rule keeps the one that was there first: no choice."""

    def legend_rule_may_keep(self, g: Any, objs: list[Obj]) -> list[Obj]:
        return super().legend_rule_may_keep(g, objs)[:1]


@variant(Mistake.X_CARD_MANA_VALUE_UNKNOWN)
class XCardManaValueUnknown(Rules):
    """A card with {X} has no mana value off the stack."""

    def has_mana_value(self, g: Any, o: Obj) -> bool:
        return o.zone == "stack" and super().has_mana_value(g, o)


@variant(Mistake.SPELL_COPY_LOSES_X)
class SpellCopyLosesX(Rules):
    """A copy of a spell has X = 0."""

    def copy_x(self, g: Any, original: Any) -> int:
        return 0


#: The largest X a learner who thinks a free cast still chooses X may wish for.
FREE_X_WISHES = 9


@variant(Mistake.FREE_CAST_KEEPS_X_CHOICE)
class FreeCastKeepsXChoice(Rules):
    """Cast without paying its mana cost, its caster still chooses any X."""

    def free_cast_x(self, g: Any, card: Obj) -> tuple[int, ...]:
        return tuple(range(FREE_X_WISHES + 1))


@variant(Mistake.FREE_CAST_FORBIDS_X_SPELLS)
class FreeCastForbidsXSpells(Rules):
    """A spell with {X} can't be cast without paying its mana cost."""

    def may_cast_free(self, g: Any, card: Obj) -> bool:
        return False


@variant(Mistake.COPY_IS_CAST)
class CopyIsCast(Rules):
    """A copy of a spell is cast, so "whenever a player casts a spell" sees it."""

    def copy_is_cast(self, g: Any, original: Any) -> bool:
        return True


@variant(Mistake.REDUCED_TO_NOTHING_IS_FREE)
class ReducedToNothingIsFree(Rules):
    """A spell whose cost is reduced to nothing is cast without paying its mana cost: X is 0."""

    def paid_nothing_is_free(self, g: Any, o: Obj) -> bool:
        return True


@variant(Mistake.DIES_TRIGGER_SEES_NO_COUNTERS)
class DiesTriggerSeesNoCounters(Rules):
    """A "when this dies" ability counts the counters on the card in the graveyard: none."""

    def left_with_counters(self, g: Any, o: Obj,
                           counters: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(o.counters.items()))


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


def x_setup(card: str, x: int, path: XRoute | str,
            rules: Rules = CR) -> tuple[Game, Callable[[Game], object], str] | None:
    """The game before ``card`` comes onto the battlefield along ``path``, the action that
    brings it there, and how the X was chosen; ``None`` with a reason when it can't (Clone
    copies only creatures; Order of Whiteclay returns only creature cards). The game plays by
    ``rules`` (the CR, or a variant: what a learner holding a wrong idea expects)."""
    path = route(path)
    defn = lookup(card)
    cost = defn.cost
    assert cost is not None
    colored = [c for c in (cost.text or "") if c in "WUBRG"]
    g = Game(["Alice", "Bob"], library=LIBRARY, rules=rules)
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
        x_entry(case.card, case.x, case.path, case.ask), answer, MISCONCEPTIONS))

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


def x_results(card: str, x: int, path: XRoute | str,
              rules: Rules = CR) -> list[tuple[XPath, Outcome | None]]:
    """Like :func:`x_paths`, with each result's outcome (its game afterwards; ``None`` when the
    card can't take this path at all); played by ``rules`` (none when they refuse the path)."""
    path = route(path)
    made = x_setup(card, x, path, rules)
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


@functools.lru_cache(maxsize=4096)
def _x_paths(card: str, x: int, path: XRoute, rules: Rules = CR) -> list[XPath]:
    """:func:`x_paths`, worked out once per card, X, path and rules."""
    return [r for r, _ in x_results(card, x, path, rules)]


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


class _XPlay(PlaySituation):
    """A play about X whose answers are read off the engine's outcomes (:meth:`answers`): its
    legal answers are the play's by the rules, and its model knows the variants that change
    them (its own misconceptions, and every other variant asked that changes an answer alone:
    two that change nothing alone aren't tried together, which keeps a board's distractors to
    a few dozen plays)."""

    def legal(self) -> tuple[str, ...]:
        return self.under(CR)

    def known(self) -> tuple[MisconceptionName | str, ...]:
        return _known(self)


@functools.lru_cache(maxsize=2048)
def _known(s: _XPlay) -> tuple[MisconceptionName | str, ...]:
    own = tuple(type(s).misconceptions)
    legal = set(s.legal())
    return (*own, *(n for n in PlaySituation.known(s)
                    if n not in own and set(s.under(rules_held({str(n)}))) != legal))



def entry_play(card: str, x: int, path: XRoute | str) -> Play:
    """The play of an :class:`XEntry`: Alice casts ``card`` with X = ``x`` (the lands that pay
    for it on her battlefield) and, copied by Clone, casts Clone and has it enter as a copy of
    it; or, returned by Order of Whiteclay, activates the Order targeting ``card`` in her
    graveyard. Everything on the stack resolves after each."""
    path = route(path)
    cost = lookup(card).cost
    assert cost is not None
    if path == XRoute.RETURNED:
        pieces = [Piece(card, zone="graveyard"), Piece("Plains"), Piece("Plains"), Piece("Wastes"),
                  Piece("Order of Whiteclay", tapped=True)]
        return Play(Setup(pieces=tuple(pieces)), (
            Step("activate", card="Order of Whiteclay", target=card, pay=("Plains", "Plains 2", "Wastes")),
            Step("resolve_stack")))
    colored = _lands_for(cost.text or "")
    wastes = _lands("Wastes", cost.generic + cost.x_count * x)
    pieces = [*[Piece(c) for c in colored], *[Piece("Wastes") for _ in wastes], Piece(card, zone="hand")]
    steps = [Step("cast", card=card, x=x, pay=(*colored, *wastes)), Step("resolve_stack")]
    if path == XRoute.CLONE:
        had = colored.count("Island")  # the Islands that paid for the card come first
        islands = _lands("Island", had + 4)[had:]
        pieces += [*[Piece("Island") for _ in islands], Piece("Clone", zone="hand")]
        steps += [Step("cast", card="Clone", pay=tuple(islands)), Step("resolve", copy=card),
                  Step("resolve_stack")]
    return Play(Setup(pieces=tuple(pieces)), tuple(steps))


def x_entry(card: str, x: int, path: XRoute | str, ask: XAsk = "counters") -> XEntry:
    """The :class:`XEntry` about ``card`` with X = ``x`` along ``path``, asking ``ask``."""
    return XEntry(entry_play(card, x, path), card, x, route(path), ask)


class XEntry(_XPlay):
    """An X card comes onto the battlefield along a path; a number is asked (CR 107.3m). The
    board is the play's set-up and its steps are said from what the engine logged
    (:func:`entry_play`); the answers are read off the outcomes, by the rules or a variant."""

    topic: ClassVar[TopicName] = "x-values"
    #: the variants its paths ask about (X as it enters, the mana value, the legend rule for a
    #: Clone of The Goose Mother): few enough that every pair of them is tried
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.COPY_KEEPS_X, Mistake.RETURNED_CARD_KEEPS_X, Mistake.X_ZERO_WHEN_IT_ENTERS,
        Mistake.X_STAYS_ON_THE_BATTLEFIELD, Mistake.X_MEANS_MANA_PAID, Mistake.X_COUNTED_ONCE,
        Mistake.COPY_ISNT_LEGENDARY, Mistake.LEGEND_RULE_KILLS_BOTH, Mistake.LEGEND_RULE_REMOVES_THE_NEWCOMER,
        Mistake.X_CARD_MANA_VALUE_UNKNOWN)
    card: str
    x: int
    path: XRoute
    ask: XAsk = "counters"

    def key(self) -> Hashable:
        return ("x", self.card, self.x, self.path)

    def entered(self, o: Outcome) -> Entered | None:
        """The event of the permanent the question is about entering: the copy Clone became, or
        the card itself (``None`` when it never entered)."""
        return next((e for e in reversed(o.events) if isinstance(e, Entered) and e.obj_id is not None
                     and not o.game.obj(e.obj_id).token
                     and ((e.copy_of is not None) if self.path == XRoute.CLONE
                          else (e.obj == self.card and e.copy_of is None))), None)

    def read(self, o: Outcome) -> str | None:
        """This question's answer in one outcome (``None``: the question doesn't apply there)."""
        it = self.entered(o)
        if it is None or it.obj_id is None:
            return None
        g = o.game
        on = any(p.id == it.obj_id for p in g.permanents())
        counters = sum(g.obj(it.obj_id).counters.values()) if on else 0
        if self.ask == "counters":
            return str(counters)
        if self.ask == "tokens":
            return str(sum(1 for e in o.events if isinstance(e, Entered) and e.seq > it.seq
                           and e.obj_id is not None and g.obj(e.obj_id).token))
        value = g.mana_value(it.obj_id) if on else None
        if self.ask == "mana value on the battlefield":
            return None if value is None else str(value)
        if self.ask == "counters and mana value":
            return x_pair(counters if on else None, value)
        cast = next((e for e in o.events if isinstance(e, SpellCast) and e.obj == self.card), None)
        return None if cast is None or self.path != XRoute.CAST else str(cast.mana_value)

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v for o in outs if (v := self.read(o)) is not None))

    def refused(self, error: RulesError) -> tuple[str, ...]:
        """By rules under which Order of Whiteclay can't target the card, the learner says so."""
        return (NO_TARGET,) if self.path == XRoute.RETURNED and isinstance(error, TargetError) else ()

    def explain(self) -> str:
        """The events that decide the answer (how it entered, the tokens, a state-based action
        that took it away), each with its rule, what the engine did, and the mana value rule
        when a mana value is asked."""
        outs = self.play.outcomes()
        o = outs[0]
        it = self.entered(o)
        lines = [f"{e.text} ({cr(e.rules)})." for e in o.events
                 if (isinstance(e, SpellCast) and e.obj == self.card and e.x)
                 or (isinstance(e, Entered) and e.obj_id is not None and (
                     e.obj_id == getattr(it, "obj_id", None) or o.game.obj(e.obj_id).token))
                 or isinstance(e, NoTokens | StateBasedMove)]
        if self.ask in ("mana value on the battlefield", "counters and mana value"):
            lines.append(worded("x.on_the_battlefield"))
        if self.ask == "mana value on the stack":
            lines.append(worded("x.on_the_stack"))
        if len(outs) > 1:  # each outcome's answer, with the choices that made it differ
            made = [{(c.question, c.answer) for c in p.choices} for p in outs]
            lines.append(worded("x.choices", said=[
                f"{self.read(p)} if " + "; ".join(c.text for c in p.choices
                                                  if not all((c.question, c.answer) in m for m in made))
                for p in outs]))
        lands = {p.card for p in self.play.setup.pieces if lookup(p.card).is_a("Land")}
        lines += ["What the engine did:", event_lines(  # passes and the lands' mana abilities left out
            e for e in o.events if e.kind != "pass" and not (e.kind in ("activate", "tap", "mana")
                                                             and getattr(e, "obj", None) in lands))]
        return "\n".join(lines)

    def decisive(self) -> Reason | None:
        """The state-based action that took it off the battlefield (toughness 0, the legend rule),
        when that is what the answer turns on (one outcome)."""
        outs = self.play.outcomes()
        it = self.entered(outs[0]) if len(outs) == 1 else None
        left = None if it is None else next(
            (e for e in outs[0].events if isinstance(e, ZoneChange) and e.seq > it.seq
             and e.obj_id == it.obj_id and e.frm == "battlefield"), None)
        return None if left is None else Reason(f"{left.text} ({cr(left.rules)}).", left.rules, left.seq)


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


class LegendPlay(_XPlay):
    """X with copies and the legend rule: Alice casts The Goose Mother with X = ``first``, and a
    second one arrives (a Clone copying it, or another cast with X); the legend rule makes her
    keep one. Which of these could be true once everything has resolved (her Goose Mothers with
    their counters, and her Food)? With ``keeps`` the story says which she keeps: the one with
    more counters. The answers are read off the engine's outcomes, by the rules or a variant."""

    topic: ClassVar[TopicName] = "x-values"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.COPY_KEEPS_X, Mistake.X_ZERO_WHEN_IT_ENTERS, Mistake.COPY_ISNT_LEGENDARY,
        Mistake.LEGEND_RULE_KILLS_BOTH, Mistake.LEGEND_RULE_REMOVES_THE_NEWCOMER)
    exclusive: ClassVar[frozenset[frozenset[str]]] = frozenset({
        frozenset({Mistake.COPY_ISNT_LEGENDARY, Mistake.LEGEND_RULE_KILLS_BOTH}),
        frozenset({Mistake.COPY_ISNT_LEGENDARY, Mistake.LEGEND_RULE_REMOVES_THE_NEWCOMER}),
        frozenset({Mistake.LEGEND_RULE_KILLS_BOTH, Mistake.LEGEND_RULE_REMOVES_THE_NEWCOMER})})
    first: int  # the X of the Goose Mother Alice casts first
    x: int | None = None  # the X of a second Goose Mother she casts (None: a Clone copies the first)
    keeps: bool = False

    def key(self) -> Hashable:
        return ("legend", self.play)

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        found: dict[str, None] = {}
        for o in outs:
            geese = tuple(sum(p.counters.values()) for p in o.game.permanents("Alice") if p.name == GOOSE)
            found[goose_words(geese, sum(1 for p in o.game.permanents("Alice") if p.name == "Food"))] = None
        return tuple(found)

    def explain(self) -> str:
        o = self.play.outcomes()[0]
        new = ("the copy (Clone had no X, so X is 0 for it: CR 107.3m, 707.5) arrives with the same name "
               "and is legendary too (a copy copies the supertype, CR 707.2)") if self.x is None else \
            f"a second The Goose Mother (its X is {self.x}: CR 107.3m) arrives, legendary with the same name"
        food = sum(1 for e in o.events if isinstance(e, Entered) and e.obj == "Food")
        lines = [f"The first Goose Mother enters with {plural(self.first, 'counter')} (X = {self.first}, "
                 f"CR 107.3m); {new}, so Alice keeps one of the two and the other goes to the graveyard "
                 f"(the legend rule, CR 704.5j)."
                 + (" She keeps the one with more counters." if self.keeps else " Either choice is hers."),
                 f"Each enters trigger resolves, whichever she keeps (CR 113.7a): "
                 f"{plural(food, 'Food token')} "
                 f"in all.",
                 "What the engine did:",
                 event_lines(e for e in o.events if isinstance(e, Entered | ChoiceMade | ZoneChange)
                             and not (isinstance(e, ZoneChange) and e.frm in ("library", "hand")))]
        return "\n".join(lines)

    def decisive(self) -> Reason | None:
        """The legend rule's move, when the story fixes which one she keeps."""
        if not self.keeps:
            return None
        e = next((e for e in self.play.outcomes()[0].events  # the legend rule moves a Goose Mother
                  if isinstance(e, StateBasedMove) and e.obj == GOOSE), None)
        return None if e is None else Reason(f"{e.text} ({cr(e.rules)}).", e.rules, e.seq)


def _lands(name: str, n: int) -> list[str]:
    """Labels of ``n`` lands named ``name`` in a set-up ("Wastes", "Wastes 2", ...)."""
    return [name if i == 1 else f"{name} {i}" for i in range(1, n + 1)]


def _goose_cast(x: int, label: str, lands: Sequence[str], says: str) -> tuple[Step, ...]:
    return (Step("cast", says, card=label, x=x, pay=("Forest", "Island", *lands)),
            Step("resolve_stack", ""))


def legend_play(first: int, x: int | None = None, *, keeps: bool = False) -> LegendPlay:
    """Alice casts The Goose Mother with X = ``first``; then she casts Clone copying it (``x``
    None) or a second The Goose Mother with X = ``x``."""
    wastes = _lands("Wastes", first + (x or 0))
    pieces = [Piece("Forest"), Piece("Island"), *[Piece("Wastes") for _ in wastes], Piece(GOOSE, zone="hand")]
    steps = list(_goose_cast(first, GOOSE, wastes[:first],
                             f"Alice taps {first + 2} lands and casts The Goose Mother with X = {first}; "
                             f"everything resolves."))
    if x is None:
        islands = [f"Island {i}" for i in range(2, 6)]
        pieces += [Piece("Island") for _ in islands] + [Piece("Clone", zone="hand")]
        steps += [Step("cast", "Alice taps four Islands and casts Clone; it resolves, and she has it enter "
                       "as a copy of The Goose Mother.", card="Clone", pay=tuple(islands)),
                  Step("resolve", "", copy=GOOSE),
                  Step("resolve_stack", "Everything on the stack resolves.")]
    else:
        pieces += [Piece("Forest"), Piece("Island"), Piece(GOOSE, zone="hand", label="new Goose Mother")]
        steps += [Step("cast", f"Alice taps {x + 2} more lands and casts a second The Goose Mother with X = "
                       f"{x}; it resolves.", card="new Goose Mother", x=x,
                       pay=("Forest 2", "Island 2", *wastes[first:])),
                  Step("resolve", ""),
                  Step("resolve_stack", "Everything on the stack resolves."
                       + (" Alice keeps the Goose Mother with more counters." if keeps else ""))]
    play = Play(Setup(pieces=tuple(pieces)), tuple(steps))
    if keeps and x is not None:  # the story says she keeps the one with more counters
        labels = play.labels()
        best = labels[GOOSE] if first >= x else labels["new Goose Mother"]
        play = play.replace(keep=(("legend rule", f"{GOOSE} #{best}"),))
    return LegendPlay(play, first, x, keeps and x is not None)


#: How an X spell gets a second life on the stack: copied there by Lithoform Engine (707.10), or
#: cast without paying its mana cost by Bloodbraid Elf's cascade (107.3b).
StackRoute = Literal["copy", "cascade", "reduced"]
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


class StackPlay(_XPlay):
    """X on the stack: Alice casts ``card`` with X = ``x`` and copies the spell with Lithoform
    Engine ({4}, {T}: copy target permanent spell you control); or she casts Bloodbraid Elf, whose
    cascade finds ``card`` on top of her library (a Grizzly Bears under it), and casts it without
    paying its mana cost, though she would like X to be ``x``. What becomes of it? The answers
    are read off the engine's outcomes, by the rules or a variant."""

    topic: ClassVar[TopicName] = "x-values"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.SPELL_COPY_LOSES_X, Mistake.X_ZERO_WHEN_IT_ENTERS, Mistake.X_MEANS_MANA_PAID,
        Mistake.FREE_CAST_KEEPS_X_CHOICE, Mistake.FREE_CAST_FORBIDS_X_SPELLS,
        Mistake.X_CARD_MANA_VALUE_UNKNOWN, Mistake.REDUCED_TO_NOTHING_IS_FREE)
    exclusive: ClassVar[frozenset[frozenset[str]]] = frozenset({
        frozenset({Mistake.FREE_CAST_KEEPS_X_CHOICE, Mistake.FREE_CAST_FORBIDS_X_SPELLS})})
    card: str
    route: StackRoute
    x: int

    def key(self) -> Hashable:
        return ("stack", self.play)

    def answer_of(self, counters: Sequence[int], fate: str = "", x: int = 0) -> str:
        if self.route == "copy":
            return _copies(self.card, counters)
        if fate == "bottom":
            return f"it can't be cast: {self.card} goes to the bottom of her library"
        if fate == "passed":
            return f"cascade passes over {self.card} (to the bottom of her library) and she casts {UNDER}"
        if counters:
            return f"it is cast with X = {x}: {self.card} stays with {plural(counters[0], 'counter')}"
        return f"it is cast with X = {x}: {self.card} enters with no counters and dies"

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        found: dict[str, None] = {}
        for o in outs:
            mine = sorted((p.counters.get("+1/+1", 0) for p in o.game.permanents("Alice")
                           if p.name == self.card),
                          reverse=True)
            cast = next((e for e in o.events if isinstance(e, SpellCast) and e.obj == self.card), None)
            fate = "" if cast is not None or self.route == "copy" else \
                "passed" if any(isinstance(e, SpellCast) and e.obj == UNDER for e in o.events) else "bottom"
            found[self.answer_of(mine, fate, cast.x if cast is not None else 0)] = None
        return tuple(found)

    def refused(self, error: RulesError) -> tuple[str, ...]:
        """A learner who thinks no spell with {X} is cast for free: it goes to the bottom."""
        return (self.answer_of((), "bottom"),) if self.route == "cascade" and isinstance(error, ChoiceError) \
            else ()

    def explain(self) -> str:
        o = self.play.outcomes()[0]
        said = self.legal()[0]
        lines = [said[0].upper() + said[1:] + "."]
        for e in o.events:
            if isinstance(e, SpellCopied):
                lines.append(f"The copy keeps every choice made for the spell, X = {e.x} included "
                             f"({cr(e.rules)}; a copy of a spell copies its copiable values and its "
                             f"choices, CR 707.2, 707.10): {e.text}.")
            elif isinstance(e, SpellCast) and e.free:
                lines.append(f"Cast without paying its mana cost, the only legal X is 0 ({cr(e.rules)}): "
                             f"{e.text}.")
            elif isinstance(e, SpellCast) and e.obj == self.card and self.route == "reduced":
                lines.append(f"{e.text} ({cr(e.rules)}): the Helms reduced its total cost, X's mana "
                             f"included, to nothing (CR 601.2f), but it was cast paying that cost, so X "
                             f"is what Alice chose; only a spell cast without paying its mana cost has X "
                             f"0 (CR 107.3b).")
            elif isinstance(e, Entered | StateBasedMove) and e.obj == self.card:
                lines.append(f"{e.text} ({cr(e.rules)}).")
        lines += ["What the engine did:", event_lines(e for e in o.events if isinstance(
            e, SpellCast | SpellCopied | Entered | StateBasedMove | Resolved))]
        return "\n".join(lines)

    def decisive(self) -> Reason | None:
        o = self.play.outcomes()[0]
        e = next((e for e in o.events if isinstance(e, SpellCopied) or (isinstance(e, SpellCast) and (
            e.free or (self.route == "reduced" and e.obj == self.card)))), None)
        if e is None:
            return None
        # the event's rule that decides X: 707.10 for the copy, 107.3b for the free cast, 601.2f
        # (a reduction, not a free cast) for the cost reduced to nothing
        rules = tuple(sorted(e.rules, key=lambda r: r not in ("707.10", "107.3b", "601.2f")))
        return Reason(f"{e.text} ({cr(e.rules)}).", rules, e.seq)


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
        steps: tuple[Step, ...] = (Step("cast", f"Alice taps {count} Wastes and casts {card} with X = {x}.",
                      card=card, x=x,
                      pay=tuple(wastes[:n])),
                 Step("activate", f"Holding priority, she taps four more Wastes and activates Lithoform "
                      f"Engine's “{{4}}, {{T}}: Copy target permanent spell you control” targeting the "
                      f"{card} spell.", card="Lithoform Engine", ability=2, target=card,
                      pay=tuple(wastes[n:])),
                 Step("resolve_stack", "Everything on the stack resolves."))
    elif route == "reduced":  # Helms of Awakening take its whole cost down to nothing (601.2f)
        helms = _lands("Helm of Awakening", x * per.x_count)
        pieces = [*[Piece("Helm of Awakening", player="Bob") for _ in helms], Piece(card, zone="hand")]
        count = {1: "One", 2: "Two", 3: "Three", 4: "Four", 6: "Six"}.get(len(helms), str(len(helms)))
        steps = (Step("cast", f"{count} Helm{'s' if len(helms) > 1 else ''} of Awakening make {card} with "
                      f"X = {x} cost nothing: Alice casts it with X = {x}, paying no mana.", card=card, x=x),
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
        # her wish, where a player may choose X for a free cast (by the rules she may not: 107.3b)
        return StackPlay(Play(Setup(pieces=tuple(pieces)), steps, keep=(("X", f"X = {x}"),)), card, route, x)
    return StackPlay(Play(Setup(pieces=tuple(pieces)), steps), card, route, x)


class DeathPlay(_XPlay):
    """Last known information and a new object: Alice casts ``card`` (Hangarback Walker or
    Walking Ballista) with X = ``x`` and kills it with her own Lightning Bolt; Hangarback Walker's
    dies trigger counts the counters it had as it left (CR 603.10a, 608.2h). With ``returned``,
    Order of Whiteclay then returns it: a new object, not cast, so X is 0 for it (CR 400.7,
    107.3m). What does Alice have once everything has resolved?"""

    topic: ClassVar[TopicName] = "x-values"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.DIES_TRIGGER_SEES_NO_COUNTERS, Mistake.RETURNED_CARD_KEEPS_X,
        Mistake.X_CARD_MANA_VALUE_UNKNOWN)
    card: str
    x: int
    returned: bool = False
    killer: str = "Lightning Bolt"

    def key(self) -> Hashable:
        return ("death", self.play)

    def answer_of(self, thopters: int, counters: int | None) -> str:
        back = "back on the battlefield" if self.returned else "still on the battlefield"
        where = (f"{self.card} {back} with {plural(counters, 'counter')}"
                 if counters else f"{self.card} {back} with no counters"
                 if counters == 0 else f"{self.card} in her graveyard")
        return f"{plural(thopters, 'Thopter token')}; {where}" if self.card == "Hangarback Walker" else where

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        found: dict[str, None] = {}
        for o in outs:
            mine = [p for p in o.game.permanents("Alice") if p.name == self.card]
            thopters = sum(1 for p in o.game.permanents("Alice") if p.name == "Thopter")
            found[self.answer_of(thopters, sum(mine[0].counters.values()) if mine else None)] = None
        return tuple(found)

    def under(self, rules: Rules) -> tuple[str, ...]:
        """As for any play; when the rules refuse Order of Whiteclay's target (and only that step:
        the steps before it play), the learner says it can't target the card."""
        try:
            return self.answers(self.play.outcomes(rules))
        except RulesError as error:
            if not self.returned or not isinstance(error, TargetError):
                return ()
        try:
            self.play.replace(steps=self.play.steps[:-2]).outcomes(rules)
        except RulesError:
            return ()
        return (f"Order of Whiteclay can't target {self.card}",)

    def explain(self) -> str:
        o = self.play.outcomes()[0]
        lines = [self.legal()[0][0].upper() + self.legal()[0][1:] + "."]
        told = False  # the dies trigger's tokens, said once
        for e in o.events:
            if isinstance(e, Entered | StateBasedMove) and e.obj == self.card:
                lines.append(f"{e.text} ({cr(e.rules)}).")
            elif (isinstance(e, NoTokens) or (isinstance(e, Entered) and e.obj == "Thopter")) and not told:
                told = True
                lines.append(f"{e.text} ({cr(e.rules)}): the dies trigger counts the counters Hangarback "
                             f"Walker had as it left the battlefield (last known information, CR 603.10a, "
                             f"608.2h).")
        lines += ["What the engine did:", event_lines(e for e in o.events if isinstance(
            e, SpellCast | Entered | StateBasedMove | Resolved | ZoneChange | NoTokens))]
        return "\n".join(lines)

    def decisive(self) -> Reason | None:
        """The token creation that read the counters (CR 603.10a's last known information)."""
        o = self.play.outcomes()[0]
        e = next((e for e in o.events if isinstance(e, Entered) and e.obj == "Thopter"), None)
        if e is None:
            return None
        rules = tuple(sorted(e.rules, key=lambda r: r != "603.10a"))  # the rule that counts them first
        return Reason(f"{e.text} ({cr(e.rules)}).", rules, e.seq)


#: What kills the X creature in a death play: the spell, the lands that pay for it, in words.
KILLERS: dict[str, tuple[tuple[str, ...], str]] = {
    "Lightning Bolt": (("Mountain",), "her Mountain"),
    "Stoke the Flames": (("Mountain", "Mountain 2", "Wastes", "Wastes 2"), "two Mountains and two Wastes"),
}


def death_play(card: str, x: int, *, returned: bool = False, killer: str = "Lightning Bolt",
               thopters: int = 0) -> DeathPlay:
    """Alice, who has ``thopters`` Thopter tokens already, casts ``card`` with X = ``x``, casts
    ``killer`` at it and (``returned``) returns it with Order of Whiteclay (see :class:`DeathPlay`)."""
    lands, said = KILLERS[killer]
    extra = sum(1 for land in lands if land.startswith("Wastes"))
    wastes = _lands("Wastes", 2 * x + 1 + extra)
    pieces = [*[Piece("Thopter") for _ in range(thopters)],
              *[Piece(land.split(" ")[0]) for land in lands if land.startswith("Mountain")],
              *[Piece("Wastes") for _ in wastes], Piece(card, zone="hand"), Piece(killer, zone="hand")]
    steps = [Step("cast", f"Alice taps {2 * x} Wastes and casts {card} with X = {x}; it resolves.",
                  card=card, x=x, pay=tuple(wastes[extra:extra + 2 * x])),
             Step("resolve_stack", ""),
             Step("cast", f"She taps {said} and casts {killer} targeting her {card}; everything "
                  f"resolves.", card=killer, target=card, pay=lands),
             Step("resolve_stack", "")]
    if returned:
        pieces += [Piece("Plains"), Piece("Plains"), Piece("Order of Whiteclay", tapped=True)]
        steps += [Step("activate", f"She taps three lands and activates Order of Whiteclay ({{1}}{{W}}{{W}}, "
                       f"{{Q}}) targeting {card} in her graveyard; everything resolves.",
                       card="Order of Whiteclay", target=card, pay=("Plains", "Plains 2", wastes[-1])),
                  Step("resolve_stack", "")]
    return DeathPlay(Play(Setup(pieces=tuple(pieces)), tuple(steps)), card, x, returned, killer)


class ChalicePlay(_XPlay):
    """A copy of a spell isn't cast: Bob controls Chalice of the Void with ``counters`` charge
    counters; Alice casts ``card`` (Walking Ballista or Hangarback Walker) with X = ``x`` and,
    holding priority, copies the spell with Lithoform Engine. Chalice sees only the cast (CR
    601.2, 707.10), and compares its counters with the spell's mana value on the stack (202.3e).
    What does Alice control once everything has resolved?"""

    topic: ClassVar[TopicName] = "x-values"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = (
        Mistake.COPY_IS_CAST, Mistake.SPELL_COPY_LOSES_X, Mistake.X_COUNTED_ONCE)
    x: int
    counters: int
    card: str = "Walking Ballista"

    def key(self) -> Hashable:
        return ("chalice", self.play)

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        return tuple(dict.fromkeys(
            _copies(self.card, sorted((p.counters.get("+1/+1", 0) for p in o.game.permanents("Alice")
                                       if p.name == self.card), reverse=True)) for o in outs))

    def explain(self) -> str:
        o = self.play.outcomes()[0]
        lines = [self.legal()[0][0].upper() + self.legal()[0][1:] + "."]
        for e in o.events:
            if isinstance(e, SpellCast) and e.obj == self.card:
                lines.append(f"{e.text}: on the stack its mana value is {e.mana_value} (CR 202.3e), against "
                             f"{plural(self.counters, 'charge counter')} on Bob's Chalice.")
            elif isinstance(e, SpellCopied):
                lines.append(f"{e.text} ({cr(e.rules)}): the copy is put on the stack, not cast, so Chalice "
                             f"of the Void doesn't see it (CR 707.10, 601.2); a copy of a spell copies its "
                             f"copiable values and its choices (CR 707.2, 707.10).")
            elif isinstance(e, AbilityTriggered | Countered | StateBasedMove):
                lines.append(f"{e.text} ({cr(e.rules)}).")
        lines += ["What the engine did:", event_lines(e for e in o.events if isinstance(
            e, SpellCast | SpellCopied | AbilityTriggered | Countered | Entered | StateBasedMove))]
        return "\n".join(lines)

    def decisive(self) -> Reason | None:
        """The copy put on the stack (not cast, CR 707.10)."""
        e = next((e for e in self.play.outcomes()[0].events if isinstance(e, SpellCopied)), None)
        return None if e is None else Reason(f"{e.text} ({cr(e.rules)}).", e.rules, e.seq)


BALLISTA = "Walking Ballista"


def chalice_play(x: int, counters: int, card: str = BALLISTA) -> ChalicePlay:
    """Bob's Chalice of the Void with ``counters``; Alice casts ``card`` with X = ``x`` and copies
    the spell with Lithoform Engine (see :class:`ChalicePlay`)."""
    wastes = _lands("Wastes", 2 * x + 4)
    pieces = [Piece("Chalice of the Void", player="Bob", counters=(("charge", counters),)),
              Piece("Lithoform Engine"), *[Piece("Wastes") for _ in wastes], Piece(card, zone="hand")]
    steps = (Step("cast", f"Alice taps {2 * x} Wastes and casts {card} with X = {x}.",
                  card=card, x=x, pay=tuple(wastes[:2 * x])),
             Step("activate", "Holding priority, she taps four more Wastes and activates Lithoform Engine's "
                  f"“{{4}}, {{T}}: Copy target permanent spell you control” targeting the {card} spell.",
                  card="Lithoform Engine", ability=2, target=card, pay=tuple(wastes[2 * x:])),
             Step("resolve_stack", "Everything on the stack resolves."))
    return ChalicePlay(Play(Setup(pieces=tuple(pieces)), steps), x, counters, card)


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
        plugs_in="variant",
        example=x_entry("Walking Ballista", 2, XRoute.CLONE, "counters"),
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
        plugs_in="variant",
        example=death_play("Walking Ballista", 2, returned=True),
        ask="Where is Walking Ballista once everything has resolved, and with how many counters?",
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
        plugs_in="variant",
        example=x_entry("Walking Ballista", 2, XRoute.CAST, "counters"),
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
        plugs_in="variant",
        example=x_entry("Chalice of the Void", 2, XRoute.CAST, "mana value on the battlefield"),
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
        plugs_in="variant",
        example=x_entry("Walking Ballista", 1, XRoute.CAST, "counters"),
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
        plugs_in="variant",
        example=x_entry("Chalice of the Void", 1, XRoute.CAST, "mana value on the stack"),
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
        example=x_entry("Walking Ballista", 2, XRoute.RETURNED, "counters"),
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
        plugs_in="variant",
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
        plugs_in="variant",
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
        plugs_in="variant",
        example=stack_play("Walking Ballista", "cascade", 2),
        ask="What becomes of Walking Ballista?",
    ),
    Misconception(
        name=Mistake.COPY_IS_CAST,
        topic="x-values",
        title="a copy of a spell is cast",
        description="A copy of a spell is cast too, so Chalice of the Void counters a copied Walking "
                    "Ballista spell whose mana value matches its counters.",
        rule="707.10",
        rule_says="A copy of a spell is put on the stack, not cast (unless an effect says to cast it), so "
                  "'whenever a player casts a spell' abilities such as Chalice of the Void's don't see it "
                  "(CR 601.2); the copy keeps the original's X.",
        plugs_in="variant",
        example=chalice_play(1, 2),
        ask="What does Alice control once everything has resolved?",
    ),
    Misconception(
        name=Mistake.REDUCED_TO_NOTHING_IS_FREE,
        topic="x-values",
        title="a cost reduced to nothing is a free cast",
        description="A spell whose cost is reduced to nothing is cast without paying its mana cost, so its "
                    "X must be 0: Walking Ballista with X = 1 under two Helms of Awakening enters with no "
                    "counters.",
        rule="107.3b",
        rule_says="Only a spell cast without paying its mana cost (cascade, for one) has X 0. A cost "
                  "reduction lowers the total cost, X's mana included (CR 601.2f), but the spell is still "
                  "cast paying it, so X is what its caster chose.",
        plugs_in="variant",
        example=stack_play("Walking Ballista", "reduced", 1),
        ask="What becomes of Walking Ballista?",
    ),
    Misconception(
        name=Mistake.DIES_TRIGGER_SEES_NO_COUNTERS,
        topic="x-values",
        title="a dies trigger counts the counters in the graveyard",
        description="Hangarback Walker's dies trigger counts the +1/+1 counters on it in the graveyard, "
                    "where it has none, so it makes no Thopters.",
        rule="603.10a",
        rule_says="A leaves-the-battlefield ability looks back in time: it uses the permanent as it last "
                  "existed on the battlefield (last known information, CR 608.2h), so Hangarback Walker with "
                  "2 counters makes 2 Thopters.",
        plugs_in="variant",
        example=death_play("Hangarback Walker", 2),
        ask="What does Alice have once everything has resolved?",
    ),
)


# ----------------------------------------------------------------------------- practice
def _count(v: str, noun: str) -> str:
    """``"3"`` -> ``"3 counters"``; an answer that isn't a number stays as it is."""
    return plural(int(v), noun) if v.isdigit() else f"this: {v}"


#: Rules on an event that every play's events carry (casting, resolving, "enters with"), which a
#: stem doesn't cite as what its question turns on.
_ROUTINE = frozenset({"117.4", "117.7", "601.2g", "601.2h", "608.2", "608.3", "608.3a", "614.1c", "118.9",
                      "107.3a", "111.1", "702.85a"})


def _play_rules(s: PlaySituation, *names: str, cast: bool = False) -> str:
    """The CR numbers a question's stem cites: those on the events of its play (by the rules) that
    decide it: the events about the cards ``names`` (and any copy, free cast, legend rule, state-
    based action, counter or token), routine steps left out (``cast``: a cast counts)."""
    found: dict[str, None] = {}
    for e in s.play.outcomes()[0].events:
        deciding = isinstance(e, SpellCopied | StateBasedMove | Countered | NoTokens | AbilityTriggered) or (
            isinstance(e, SpellCast) and (e.free or (cast and e.obj in names))) or (
            isinstance(e, Entered) and (e.obj in names or e.obj == "Thopter"))
        if deciding:
            found.update(dict.fromkeys(r for r in e.rules if r not in _ROUTINE and (cast or r != "601.2")))
    return "CR " + ", ".join(found)


def _legend_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    first = rng.randint(0, 7)
    if rng.random() < 0.4:
        s = legend_play(first)
    else:
        x = rng.randint(0, 7)
        if x == first:
            return None
        s = legend_play(first, x, keeps=rng.random() < 0.5)
    which, has = ("is", "does Alice have") if s.keeps else ("could be", "could Alice have")
    return s, Stem((f"Which of these {which} true once everything has resolved (Alice's Goose Mothers, "
                    f"with their counters, and her Food)?",
                    f"Once the stack is empty, what {has}: Goose Mothers (with their counters) and Food?",
                    f"After the state-based actions, which of these {which} Alice's Goose Mothers and Food?",
                    f"Counting Goose Mothers, their +1/+1 counters and Food tokens at the end, which {which} "
                    f"right?",
                    f"With the legend rule in mind, what {has} when everything is done?",
                    f"Two Goose Mothers met under one controller: which {which} the result?",
                    f"Which of these {which} what Alice is left with (Goose Mothers and Food tokens)?"),
                   lambda v: f"once everything has resolved, Alice has {v}.", _play_rules(s, GOOSE))


def _stack_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    route: StackRoute = rng.choice(["copy", "cascade", "reduced"])
    s = stack_play(rng.choice(["Walking Ballista", "Hangarback Walker"]), route,
                   rng.randint(1, 3 if route == "reduced" else 5))
    rules = _play_rules(s, s.card, cast=route == "reduced")
    if s.route == "copy":
        return s, Stem((f"Once everything has resolved, how many {s.card}s does Alice control, and with how "
                        f"many +1/+1 counters?", "Which is true once everything has resolved?",
                        f"When the stack is empty, what has become of the {s.card} spell and its copy?",
                        f"What X does the copy of {s.card} have, judging by what Alice ends up with?"),
                       lambda v: f"once everything has resolved, Alice has {v}.", rules)
    if s.route == "reduced":
        return s, Stem((f"What becomes of {s.card}?", "Which is true once it has resolved?",
                        f"With its cost reduced to nothing, what X does {s.card} have, and how does it "
                        f"end up?", "Paying no mana for it, what does Alice end up with?"),
                       lambda v: f"this happens: {v}.", rules)
    return s, Stem((f"What becomes of {s.card}?", "Which is true once the cascade and everything after it "
                    "have resolved?", f"What does the cascade do with {s.card}, and how does it end up?",
                    "Bloodbraid Elf's cascade resolves: what happens next?"),
                   lambda v: f"this happens: {v}.", rules)


def _death_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    card = "Hangarback Walker" if rng.random() < 0.7 else BALLISTA
    x = rng.randint(1, 4)
    s = death_play(card, x, returned=level == "hard" or rng.random() < 0.5,
                   killer="Stoke the Flames" if x == 4 else rng.choice(list(KILLERS)),
                   thopters=rng.choice([0, 0, 1, 2]) if card == "Hangarback Walker" else 0)
    thopters = "how many Thopters does Alice have, and " if card == "Hangarback Walker" else ""
    return s, Stem(("What does Alice have once everything has resolved?",
                    f"Once the stack is empty, {thopters}where is {card}?",
                    f"When everything has resolved, which is true of {card}"
                    + (" and Alice's Thopters?" if thopters else "?"),
                    f"After {s.killer} and everything after it, what is left?",
                    "Which describes Alice's side of the battlefield at the end?"),
                   lambda v: f"once everything has resolved: {v}.", _play_rules(s, card))


def _chalice_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    x = rng.randint(1, 4)
    s = chalice_play(x, rng.choice([2 * x, 2 * x, x, 0, 2 * x + 1, 2 * x - 1, 1]),
                     rng.choice([BALLISTA, BALLISTA, "Hangarback Walker"]))
    return s, Stem(("What does Alice control once everything has resolved?",
                    f"How many {s.card}s does Alice end up with, and with how many counters each?",
                    f"Once the stack is empty, which is true of Alice's {s.card}s?",
                    "Bob's Chalice of the Void is watching: what does Alice have at the end?",
                    "After the copy and the original have each resolved or been countered, what is left?"),
                   lambda v: f"once everything has resolved, Alice has {v}.",
                   _play_rules(s, s.card, cast=True))


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    """A practice question at ``level``: an X card cast (hard: or copied, or returned) and a
    number asked about it (hard: mostly its counters and its mana value together), The Goose
    Mother meeting a second one (a Clone, or another cast) and the legend rule, an X spell
    copied on the stack by Lithoform Engine or cast by Bloodbraid Elf's cascade, Hangarback
    Walker's death (last known information) and return, or a copied spell under Chalice of the
    Void (a copy isn't cast)."""
    roll = rng.random()
    kinds = ((0.17, _stack_question), (0.26, _legend_question), (0.50, _death_question),
             (0.60, _chalice_question)) if level == "hard" else \
        ((0.12, _stack_question), (0.22, _legend_question), (0.34, _death_question),
         (0.44, _chalice_question))
    for upto, make in kinds:
        if roll < upto:
            return make(rng, level)
    return _entry_question(rng, level)


def _entry_question(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    card = rng.choice(X_CARDS)
    path = XRoute.CAST if level == "easy" and rng.random() < 0.8 else rng.choice(
        [XRoute.CAST, XRoute.CLONE, XRoute.CLONE, XRoute.RETURNED] if level == "hard"
        else [XRoute.CLONE, XRoute.RETURNED])
    x = rng.randint(0, 9) if path != XRoute.RETURNED else 0  # a returned card has no X to say
    asks: list[XAsk] = ["counters", "mana value on the battlefield", "mana value on the stack"]
    if card == "The Goose Mother":
        asks.append("tokens")
    if path != XRoute.CAST:
        asks.remove("mana value on the stack")
    ask: XAsk = rng.choice(asks) if level == "easy" or rng.random() < 0.25 else "counters and mana value"
    s = x_entry(card, x, path, ask)
    if not s.legal():
        return None
    what = "the copy" if path == XRoute.CLONE else "it"
    whose = "the copy's" if path == XRoute.CLONE else "its"
    kind = "charge" if card == "Chalice of the Void" else "+1/+1"
    texts: dict[XAsk, tuple[tuple[str, ...], Callable[[str], str]]] = {
        "counters": ((f"How many {kind} counters does {what} have once everything has resolved "
                      f"(0 if it died)?",
                      f"Once the dust settles, how many counters are on {what} (0 if it's gone)?",
                      f"Counting {kind} counters at the end (0 if it left the battlefield): how many?",
                      f"What number of counters does {what} end with (0 if it isn't on the battlefield)?"),
                     lambda v: f"{what} ends up with {_count(v, kind + ' counter')} on it"
                               f"{' (0 meaning it died)' if v == '0' else ''}."),
        "tokens": (("How many Food tokens does that create?",
                    "How many Food tokens does Alice get from it?"),
                   lambda v: f"Alice gets {_count(v, 'Food token')} from it."),
        "mana value on the battlefield": ((f"What is {whose} mana value on the battlefield?",
                                           f"Once {what} is on the battlefield, what is its mana value?",
                                           f"A permanent's mana value counts X as what? Give {whose} on "
                                           f"the battlefield."),
                                          lambda v: f"{what} has mana value {v} on the battlefield."),
        "mana value on the stack": (("What is its mana value while it is on the stack?",
                                     "As a spell on the stack, what is its mana value?",
                                     "Before it resolves, what mana value would a Chalice of the Void see "
                                     "for it?"),
                                    lambda v: f"on the stack it has mana value {v}."),
        "counters and mana value": ((f"Once everything has resolved, how many {kind} counters are on "
                                     f"{what}, and what is its mana value on the battlefield?",
                                     f"Which describes {what} once everything has resolved?",
                                     f"At the end, {what}: how many counters, and what mana value?",
                                     f"Where X has gone by the end: which is right about {what}?",
                                     f"Its counters and its mana value on the battlefield: which pair fits "
                                     f"{what}?",
                                     f"Which pair of numbers, counters and mana value, is right for {what} "
                                     f"at the end?",
                                     f"Once it has all resolved, what can you say about {whose} counters "
                                     f"and mana value?"),
                                    lambda v: f"once everything has resolved: {v}."),
    }
    asks_text, claim = texts[ask]
    # The board ("Alice's Walking Ballista is cast with X = 4") is shown above the question, as
    # for every topic, so the question doesn't repeat it.
    return s, Stem(asks_text, claim, _entry_rules(s))


def _entry_rules(s: XEntry) -> str:
    """The CR numbers a stem about ``s`` cites: those on the events that decide it (how the card
    entered, with which X, and a state-based action that took it away), and the mana value rule
    (202.3e, which no event carries) when it asks a mana value."""
    found: dict[str, None] = {}
    for e in s.play.outcomes()[0].events:
        if (isinstance(e, Entered) and (e.obj == s.card or e.copy_of)) or isinstance(e, StateBasedMove):
            found.update(dict.fromkeys(r for r in e.rules if r not in _ROUTINE))
    if s.path == XRoute.RETURNED:
        found["400.7"] = None  # the returned card is a new object (no event says it)
    if s.ask not in ("counters", "tokens"):
        found["202.3e"] = None
    return "CR " + ", ".join(found)


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
    situations=(XEntry, LegendPlay, StackPlay, DeathPlay, ChalicePlay),
    misconceptions=MISCONCEPTIONS,
    generate=generate,
)

__all__ = ["TOPIC", "X_ASKS", "X_CARDS", "X_PATHS", "ChaliceCase", "Mistake", "XAsk", "XCase", "XEntry",
           "XGuess", "XPath", "XRoute", "entry_play", "generate", "route", "tokens_line", "x_blocked",
           "x_check", "x_checked", "x_choices", "x_entry", "x_pair", "x_path", "x_paths", "x_reason",
           "x_results", "x_setup", "x_value", "x_values"]
