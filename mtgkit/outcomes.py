"""Every outcome of an action, over all the choices players could make while it happens.

The engine asks players its questions through a chooser (a color, the order of replacement
effects, which Protector of the Crown takes the damage, a trigger's target, which legendary
permanent to keep, what a Clone copies ...). :func:`outcomes` runs an action on fresh copies
of a game with a :class:`BranchingChooser`: the first run takes the first option everywhere
and records every choice point it meets; then, depth first, each other option at each point
is tried on a fresh copy, replaying the answers before it. Every path through the choices
is run exactly once, so the result is every legal way the action can turn out.

Choices given as explicit arguments (``order=``, ``color=``, ``target=``, ``copy=``) bypass
the chooser; pass the candidates as keyword lists and every combination is tried as well.
A combination the rules forbid raises :class:`~mtgkit.errors.RulesError`: it is kept as an
outcome with ``error`` set (see :attr:`Outcomes.legal`).

Fellwar Stone next to Bob's Underground Sea can make {U} or {B}:

>>> from mtgkit.game import Game
>>> g = Game(["Alice", "Bob"])
>>> stone = g.put_onto_battlefield("Fellwar Stone", "Alice")
>>> _ = g.put_onto_battlefield("Underground Sea", "Bob")
>>> outs = outcomes(g, lambda game: game.activate(stone))
>>> [str(o.pool("Alice")) for o in outs]
['{U}', '{B}']
>>> [o.choices[0].answer for o in outs]
['{U}', '{B}']
>>> g.pool("Alice")  # the game itself is untouched
Mana()

Explicit arguments: every order of the replacement effects, given as ``order=``:

>>> g = Game(["Alice", "Bob"])
>>> forest = g.put_onto_battlefield("Forest", "Alice")
>>> _ = g.put_onto_battlefield("Mana Reflection", "Alice")
>>> _ = g.put_onto_battlefield("Contamination", "Bob")
>>> orders = [["Mana Reflection", "Contamination"], ["Contamination", "Mana Reflection"]]
>>> outs = outcomes(g, lambda game, order: game.activate(forest, order=order), order=orders)
>>> [(o.argument("order")[0], str(o.pool("Alice"))) for o in outs]
[('Mana Reflection', '{B}'), ('Contamination', '{B}{B}')]
"""

from __future__ import annotations

import copy
import itertools
import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, overload

from .board import Board
from .choices import Chooser, FirstOption
from .errors import RulesError
from .events import ChoiceMade, Event
from .game import Game
from .mana import Mana
from .records import Value

#: An answer to one choice point: an option label, or an order of labels.
Answer = str | tuple[str, ...]

#: How many runs :func:`outcomes` makes before it gives up (see :class:`TooManyOutcomes`).
DEFAULT_CAP = 256

T = TypeVar("T")


class TooManyOutcomes(ValueError):
    """The choices branch into more outcomes than the cap allows (found out as the search goes:
    before the orders of a choice are listed, and whenever the runs still to make would pass
    the cap)."""


#: How the engine tells apart two replacement effects of the same card: by the permanent's id
#: (``Mana Reflection #14``) or, for a spell's effect, by a count (``Pale Moon (2)``); see
#: :func:`mtgkit.replacement.applicable`.
_SAME_CARD = re.compile(r"^(?P<name>.+?)(?: #\d+| \(\d+\))$")


def same_card(label: str) -> str:
    """What makes two items of an order interchangeable: the effects of the same card, named
    ``Name #id`` or ``Name (n)``, are the same effect (the same definition applied to the same
    event: they commute), so the name alone; any other item stands for itself.

    >>> same_card("Mana Reflection #14"), same_card("Pale Moon (2)"), same_card("Forest")
    ('Mana Reflection', 'Pale Moon', 'Forest')
    >>> same_card("Goose Mother's ability (triggered at #12)")
    "Goose Mother's ability (triggered at #12)"
    """
    m = _SAME_CARD.match(label)
    return m.group("name") if m else label


def count_orders(items: Sequence[str], key: Callable[[str], str] = lambda item: item) -> int:
    """How many orders of ``items`` differ other than by swapping two items with the same
    ``key``: the multinomial coefficient, worked out without listing them.

    >>> count_orders(["a #1", "a #2", "b"], same_card), count_orders(["x", "y", "z"])
    (3, 6)
    """
    sizes: dict[str, int] = {}
    for item in items:
        sizes[key(item)] = sizes.get(key(item), 0) + 1
    count, placed = 1, 0
    for n in sizes.values():
        placed += n
        count *= math.comb(placed, n)
    return count


def canonical_orders(items: Sequence[str], key: Callable[[str], str] = lambda item: item
                     ) -> Iterator[tuple[str, ...]]:
    """Every order of ``items`` in which items with the same ``key`` keep their listed relative
    order: one order for each way up to swapping interchangeable items, in the order
    ``itertools.permutations`` would first reach it (the given order first), one at a time
    and without recursion, so a caller can stop early.

    >>> list(canonical_orders(["a #1", "b", "a #2"], same_card))
    [('a #1', 'b', 'a #2'), ('a #1', 'a #2', 'b'), ('b', 'a #1', 'a #2')]
    >>> list(canonical_orders(["x", "y"])) == list(itertools.permutations(["x", "y"]))
    True
    """
    groups: dict[str, list[int]] = {}
    for i, item in enumerate(items):
        groups.setdefault(key(item), []).append(i)
    queues = list(groups.values())  # each group's items, by position in ``items``
    used = [0] * len(queues)  # how many of each group the order holds so far
    n = len(items)
    chosen: list[int] = []  # the group of each place filled so far

    def candidates() -> list[int]:
        """The groups that can fill the next place, by the position of their next item (the
        order permutations would try them in)."""
        live = [g for g in range(len(queues)) if used[g] < len(queues[g])]
        return sorted(live, key=lambda g: queues[g][used[g]])

    if n == 0:
        yield ()
        return
    stack: list[Iterator[int]] = [iter(candidates())]  # one frame a place: the groups left to try
    while stack:
        g = next(stack[-1], None)
        if len(chosen) == len(stack):  # this frame's place holds the group tried last: free it
            used[chosen.pop()] -= 1
        if g is None:
            stack.pop()
            continue
        chosen.append(g)
        used[g] += 1
        if len(chosen) == n:
            yield tuple(items[queues[g][k]] for g, k in _positions(chosen, len(queues)))
        else:
            stack.append(iter(candidates()))


def _positions(chosen: Sequence[int], groups: int) -> Iterator[tuple[int, int]]:
    """(group, index within the group) for each place of a finished order."""
    seen = [0] * groups
    for g in chosen:
        yield g, seen[g]
        seen[g] += 1


class ChoicePoint(Value):
    """One question the engine asked during a run, with every answer it would accept."""

    player: str
    question: str
    options: tuple[Answer, ...]
    kind: str = "choose"  # "choose" (one option) or "order" (an order of items)


class BranchingChooser:
    """Answers from ``path`` first, then the first option; records every choice point.

    For :meth:`order` every order of the items is an option (the identity first), up to
    swapping two effects of the same card (:func:`same_card`): those give the same outcome, so
    one of them stands for all (:func:`canonical_orders`). ``limit`` (set by :func:`outcomes`
    to its cap) bounds the orders one question may offer: more is :class:`TooManyOutcomes`,
    found by counting them, before any is listed.

    >>> c = BranchingChooser(["{B}"])
    >>> c.choose("Alice", "mana", ["{U}", "{B}"]), c.choose("Alice", "mana", ["{U}", "{B}"])
    ('{B}', '{U}')
    >>> [p.options for p in c.points]
    [('{U}', '{B}'), ('{U}', '{B}')]
    """

    #: The most orders one :meth:`order` question may offer (None: no bound).
    limit: int | None = None

    def __init__(self, path: Sequence[Answer] = ()) -> None:
        self.path = list(path)
        self.points: list[ChoicePoint] = []
        self.taken: list[Answer] = []

    def _answer(self, point: ChoicePoint) -> Answer:
        i = len(self.points)
        self.points.append(point)
        if i < len(self.path):
            answer = self.path[i]
            if answer not in point.options:  # the action is not deterministic given the choices
                raise RuntimeError(f"replayed answer {answer!r} is not an option of {point}")
        else:
            answer = point.options[0]
        self.taken.append(answer)
        return answer

    def choose(self, player: str, question: str, options: Sequence[str]) -> str:
        answer = self._answer(ChoicePoint(player, question, tuple(options)))
        assert isinstance(answer, str)
        return answer

    def order(self, player: str, question: str, items: Sequence[str]) -> list[str]:
        count = count_orders(items, same_card)
        if self.limit is not None and count > self.limit:
            raise TooManyOutcomes(
                f"{player} could order these {len(items)} items in {count:,} ways (effects of the "
                f"same card counted as one), more than {self.limit}, the cap on outcomes: fix the "
                f"order (pass it as an argument) or raise cap=")
        perms = tuple(canonical_orders(items, same_card))
        answer = self._answer(ChoicePoint(player, question, perms, "order"))
        return list(answer)


class Outcome(Value):
    """One way the action turned out: the arguments and choices that led to it, the game
    afterwards, and the events the action caused (or the rules error that forbade it)."""

    arguments: tuple[tuple[str, Any], ...]
    path: tuple[Answer, ...]  # the chooser's answers, in order
    points: tuple[ChoicePoint, ...]  # the questions the chooser was asked
    game: Game
    events: tuple[Event, ...]
    error: RulesError | None = None
    #: The decision points (:mod:`mtgkit.variants`) the engine asked building the game and doing
    #: the action, as they stood when it ended (queries on ``game`` afterwards don't change it).
    asked: frozenset[str] = frozenset()

    @property
    def legal(self) -> bool:
        return self.error is None

    @property
    def choices(self) -> tuple[ChoiceMade, ...]:
        """Every choice recorded during the action (from the chooser or from an argument)."""
        return tuple(e for e in self.events if isinstance(e, ChoiceMade))

    def argument(self, name: str) -> Any:
        return dict(self.arguments)[name]

    # what the learner asks about ---------------------------------------------------------
    def pool(self, player: str) -> Mana:
        return self.game.pool(player)

    def life(self, player: str) -> int:
        return self.game.life(player)

    @property
    def monarch(self) -> str | None:
        return self.game.monarch

    def battlefield(self, player: str) -> tuple[str, ...]:
        return tuple(o.name for o in self.game.permanents(player))

    @property
    def board(self) -> Board:
        """A read-only picture of the board afterwards."""
        return self.game.board()

    def graveyard(self, player: str) -> tuple[str, ...]:
        return tuple(o.name for o in self.game.zone(player, "graveyard"))

    def choice_summary(self) -> str:
        """The choices made, in plain words ('' when there were none)."""
        return "; ".join(e.text for e in self.choices)


class Outcomes(Sequence[Outcome]):
    """The outcomes of :func:`outcomes`, in the order they were found."""

    def __init__(self, items: Sequence[Outcome]) -> None:
        self._items = tuple(items)

    @overload
    def __getitem__(self, i: int) -> Outcome: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Outcome]: ...

    def __getitem__(self, i: int | slice) -> Outcome | Sequence[Outcome]:
        return self._items[i]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Outcome]:
        return iter(self._items)

    def __repr__(self) -> str:
        return f"Outcomes({len(self._items)} outcomes, {len(self.legal)} legal)"

    @property
    def legal(self) -> Outcomes:
        """The outcomes the rules allow (no rules error)."""
        return Outcomes([o for o in self._items if o.error is None])

    def values(self, read: Callable[[Outcome], T]) -> list[T]:
        """The distinct values of ``read`` over the legal outcomes, first seen first."""
        return list(dict.fromkeys(read(o) for o in self._items if o.error is None))

    def where(self, keep: Callable[[Outcome], bool]) -> Outcomes:
        return Outcomes([o for o in self._items if keep(o)])

    def pools(self, player: str) -> list[str]:
        """The distinct mana pools ``player`` can end with, as symbols."""
        return self.values(lambda o: str(o.pool(player)))


Setup = Game | Callable[[], Game]


def _fresh(setup: Setup) -> Game:
    return copy.deepcopy(setup) if isinstance(setup, Game) else setup()


def run(setup: Setup, action: Callable[..., object], *, chooser: Chooser | None = None,
        **arguments: Any) -> Outcome:
    """Run ``action(game, **arguments)`` once on a fresh game with ``chooser`` (by default
    the engine's :class:`~mtgkit.choices.FirstOption`) and return its outcome."""
    g = _fresh(setup)
    g.chooser = chooser or FirstOption()
    start = len(g.events)
    error: RulesError | None = None
    try:
        action(g, **arguments)
    except RulesError as err:
        error = err
    g.chooser = FirstOption()
    return Outcome(tuple(arguments.items()), (), (), g, tuple(g.events[start:]), error,
                   frozenset(g.consulted))


def outcomes(setup: Setup, action: Callable[..., object], *, cap: int = DEFAULT_CAP,
             branching: type[BranchingChooser] = BranchingChooser,
             **arguments: Sequence[Any]) -> Outcomes:
    """Every outcome of ``action(game, **args)`` over all legal choices.

    ``setup`` is a game (each run gets a deep copy) or a function building a fresh one.
    Each keyword lists candidate values of one explicit argument; every combination is
    run. Raises :class:`TooManyOutcomes` when there are more than ``cap`` runs, as soon as
    the runs made and still to make pass it (never after listing them all).
    ``branching`` is the chooser class: a subclass can answer some questions its own way
    instead of branching on them (a teaching model of how a learner would choose).
    """
    names = list(arguments)
    found: list[Outcome] = []
    candidates = [list(arguments[n]) for n in names]
    if math.prod(len(c) for c in candidates) > cap:
        raise _too_many(cap)
    for values in itertools.product(*candidates):
        args = dict(zip(names, values, strict=True))
        todo: list[tuple[Answer, ...]] = [()]
        while todo:
            path = todo.pop()
            if len(found) + len(todo) >= cap:  # each path still to run is one more outcome
                raise _too_many(cap)
            chooser = branching(path)
            chooser.limit = cap
            out = run(setup, action, chooser=chooser, **args)
            taken = tuple(chooser.taken)
            found.append(out.replace(path=taken, points=tuple(chooser.points)))
            branches = [taken[:i] + (option,) for i in reversed(range(len(path), len(chooser.points)))
                        for option in chooser.points[i].options[1:]]
            todo.extend(reversed(branches))  # depth first, in the order the options are listed
    return Outcomes(found)


def _too_many(cap: int) -> TooManyOutcomes:
    return TooManyOutcomes(f"this action has more than {cap} ways to make its choices; fix some of "
                           f"them (pass them as arguments) or raise cap=")


def every_order(items: Sequence[str], cap: int = DEFAULT_CAP) -> list[tuple[str, ...]]:
    """Every different order of ``items``, the given one first: candidates for an explicit
    ``order=`` (equal items are not told apart, so two Contaminations named alike give
    their orders once). More than ``cap`` orders is :class:`TooManyOutcomes`, counted before
    any is listed.

    >>> every_order(["Contamination", "Mana Reflection"])
    [('Contamination', 'Mana Reflection'), ('Mana Reflection', 'Contamination')]
    >>> every_order(["Mana Reflection", "Contamination", "Contamination"])  # doctest: +NORMALIZE_WHITESPACE
    [('Mana Reflection', 'Contamination', 'Contamination'),
     ('Contamination', 'Mana Reflection', 'Contamination'),
     ('Contamination', 'Contamination', 'Mana Reflection')]
    """
    count = count_orders(items)
    if count > cap:
        raise TooManyOutcomes(f"{len(items)} items have {count:,} different orders, more than {cap} "
                              f"(the cap): fix some of them or raise cap=")
    return list(canonical_orders(items))


def distinct(outs: Outcomes, read: Callable[[Outcome], T]) -> Mapping[T, list[Outcome]]:
    """Group the legal outcomes by what ``read`` says about them, first seen first."""
    groups: dict[T, list[Outcome]] = {}
    for o in outs.legal:
        groups.setdefault(read(o), []).append(o)
    return groups
