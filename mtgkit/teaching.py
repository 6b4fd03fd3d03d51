"""One question protocol for the whole teaching layer, and what every topic's questions share.

A *case* is a board with legal answers (:class:`Case`): it has a ``key`` (what makes two
cases the same board), says what it is in words (``describe``), works out every answer the
rules allow with the engine (``legal``: several when a player's choice decides it, each legal
choice tried with :mod:`mtgkit.outcomes`), and says why (``explain``). The notebooks' exercise
cases and the practice situations are both cases; a topic module (:mod:`mtgkit.topics`)
defines its own, and everything here works on any of them:

* reasons in plain words that keep the rules and the number of the engine event behind them
  (:class:`Reason`, :class:`Attempt`, :class:`Check`);
* grading a learner's answer against a case (:class:`Grader`, :func:`answer_key`,
  :func:`grade_option`, :func:`check_number_answers`) and quick questions (:func:`can_quiz`,
  :func:`choice_quiz`);
* walking through the choices an action asks for (:class:`ChoiceWalk`) and stepping through
  an event log (:class:`TimelineCursor`).

Every reason a model gives in words cites the rules of the engine event that caused the
outcome (a :class:`Reason` keeps that event's number), so the text can't drift from what
the engine did.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence, Set
from typing import Any, Generic, Literal, Protocol, TypeVar, cast, runtime_checkable

from . import actions as acts
from . import wording
from .abilities import CardDef
from .board import Board, replay
from .crlinks import cited
from .errors import RulesError
from .events import ChoiceMade, Event, chain, explain
from .game import STEP_TITLES, Game
from .grading import (
    EVENTS_TITLE,
    Report,
    Verdict,
    assessing,
    clicked,
    grade_answers,
    look_again,
    one_of,
    read_bool,
    read_number,
    said,
)
from .outcomes import Answer, ChoicePoint, Outcome, Outcomes, outcomes
from .records import Value
from .variants import CR, Rules, Watching

#: Cards in each library of the lessons' games: enough for every draw they make, and a short
#: library keeps each game quick to build and to copy (outcomes copy a game per choice).
LIBRARY = 5

#: When a permanent of a lesson's board came under its controller's control (CR 302.6).
Arrived = Literal["last turn", "this turn"]

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)


# ----------------------------------------------------------------------------- reasons
class Reason(Value):
    """A reason in plain words, with the rules it cites and the number (``seq``) of the engine
    event those rules come from (``None`` when the reason is a rules error, not an event)."""

    text: str
    rules: tuple[str, ...] = ()
    seq: int | None = None


class Attempt(Value):
    """What happened when a player tried something: whether the rules allowed it, why (the rule
    the engine refused with, or the rule of the event that did it), the game afterwards and the
    events the action caused (none when it was refused)."""

    can: bool
    reason: Reason
    game: Game
    events: tuple[Event, ...] = ()


class Check(Value):
    """A learner's prediction next to the engine's outcome: what a predict-then-check explorer
    shows once the learner commits. ``reason`` cites the rule of the engine event that caused
    the outcome; ``others`` says what the other legal choices would have given."""

    correct: bool
    predicted: str  # the prediction, in words
    engine: str  # the engine's outcome, in words
    reason: Reason
    others: str = ""


class Explained(Value):
    """Why a case's answer is what it is, as feedback shows it: ``reason``, one sentence with
    the rules of the engine event that decided it (the :class:`Reason` keeps that event's
    number), and ``detail``, the engine's events behind it (one a line, headed
    ``detail_title``; a widget folds them away)."""

    reason: Reason
    detail: str = ""
    detail_title: str = EVENTS_TITLE


def split_explanation(text: str) -> Explained:
    """An explanation in the kit's plain-text shape (the reason, then a line "What the engine
    did:" and the event lines) as an :class:`Explained`. A reason that begins by answering
    ("Yes: ...", "No: ...") loses those words: the verdict line says them.

    >>> e = split_explanation("No: it is tapped (CR 107.5).\\nWhat the engine did:\\n   event 3: x")
    >>> e.reason.text, e.reason.rules, e.detail
    ('It is tapped (CR 107.5).', ('107.5',), 'event 3: x')
    """
    reason, _, rest = text.partition(f"\n{EVENTS_TITLE}")
    reason = " ".join(line.strip() for line in reason.splitlines() if line.strip())
    for answer in ("Yes: ", "No: "):
        if reason.startswith(answer):
            reason = reason[len(answer)].upper() + reason[len(answer) + 1:]
    detail = "\n".join(line.strip() for line in rest.split("\n")[1:] if line.strip())
    return Explained(Reason(reason, tuple(cited(reason))), detail)


def cr(rules: Iterable[str]) -> str:
    """``"CR 614.9"`` or ``"CR 704.5g, 120.3e"``."""
    rules = list(dict.fromkeys(rules))
    return f"CR {', '.join(rules)}" if rules else ""


def event_line(e: Event) -> str:
    """One event for learners: 'event 13: Alice adds {B} (CR 106.4)'. Event numbers are written
    'event N' so that '#N' only ever names an object."""
    rules = f" ({cr(e.rules)})" if e.rules else ""
    return f"event {e.seq}: {e.text}{rules}"


def event_lines(events: Iterable[Event], indent: str = "   ") -> str:
    return "\n".join(indent + event_line(e) for e in events)


def chain_lines(events: Sequence[Event], seq: int, indent: str = "   ") -> str:
    """The cause chain of event ``seq``, oldest cause first, one event a line."""
    return event_lines(reversed(chain(events, seq)), indent)


# ----------------------------------------------------------------------------- cursor
class TimelineCursor:
    """A position in an event log: step through it and see the board after each event.

    >>> g = Game(["Alice", "Bob"])
    >>> _ = g.activate(g.put_onto_battlefield("Forest", "Alice"))
    >>> c = TimelineCursor(g.events)
    >>> c.last(); c.event.kind
    'mana'
    >>> c.board.player("Alice").pool
    '{G}'
    >>> c.back(); c.board.player("Alice").pool
    'no mana'
    """

    def __init__(self, events: Sequence[Event], start: int | None = None) -> None:
        if not events:
            raise ValueError("there are no events to step through")
        self.events = list(events)
        self._boards: dict[int, Board] = {}
        self.index = 0 if start is None else max(0, min(start, len(events) - 1))

    def __len__(self) -> int:
        return len(self.events)

    @property
    def event(self) -> Event:
        return self.events[self.index]

    @property
    def board(self) -> Board:
        """The board as it was right after the current event."""
        if self.index not in self._boards:
            self._boards[self.index] = replay(self.events[: self.index + 1])
        return self._boards[self.index]

    @property
    def explanation(self) -> str:
        return explain(self.events, self.event.seq)

    def forward(self) -> None:
        self.index = min(self.index + 1, len(self.events) - 1)

    def back(self) -> None:
        self.index = max(self.index - 1, 0)

    def goto(self, index: int) -> None:
        self.index = max(0, min(index, len(self.events) - 1))

    def last(self) -> None:
        self.index = len(self.events) - 1


# ----------------------------------------------------------------------------- the question protocol
@runtime_checkable
class Case(Protocol[A_co]):
    """A board with legal answers: the one protocol of the notebooks' exercise cases and the
    practice situations.

    ``key()`` is what makes two cases the same board (a practice stream never asks twice about
    one key); ``describe()`` says the board in words; ``legal()`` gives every answer the rules
    allow (one per distinct legal outcome, worked out by the engine); ``explain()`` says why,
    citing the rules of the engine's events."""

    def key(self) -> Hashable: ...
    def describe(self) -> str: ...
    def legal(self) -> tuple[A_co, ...]: ...
    def explain(self) -> str: ...


class Attemptable(Protocol):
    """A case about trying something (activating an ability, attacking): :meth:`attempt` has
    the engine try it."""

    def attempt(self) -> Attempt: ...


def _work_out(case: Any, part: str) -> Any:
    if part == "legal":
        return case.legal()
    if part == "explain":
        return case.explain()
    teach = getattr(case, "teach", None)  # a case may say its reason better than its explanation
    return teach() if callable(teach) else split_explanation(case.explain())


@functools.lru_cache(maxsize=2048)
def _memo(case: Any, part: str) -> Any:  # Any: a Case that hashes (lru_cache wants Hashable)
    return _work_out(case, part)


def _worked_out(case: Case[Any], part: Literal["legal", "explain", "teach"]) -> Any:
    try:
        hash(case)
    except TypeError:  # a case holding a list or a dict: worked out each time
        return _work_out(case, part)
    return _memo(cast(Hashable, case), part)


def explained(case: Case[Any]) -> Explained:
    """Why ``case``'s answer is what it is, as feedback shows it: the case's own ``teach()``
    if it has one, else its ``explain()`` read by :func:`split_explanation`; worked out once
    per case."""
    found: Explained = _worked_out(case, "teach")
    return found


def answer_key(case: Case[A]) -> tuple[tuple[A, ...], str]:
    """A case's legal answers and the reason, worked out by the engine once per case: cases are
    frozen and the engine is deterministic, so pressing *Check* again (or grading the same case
    in Python) costs nothing. An exercise widget works its cases out when it is built, so its
    first *Check* costs nothing either.

    >>> from mtgkit.topics.tapping import TapCase
    >>> legal, why = answer_key(TapCase(("Forest",)))
    >>> [str(m) for m in legal], "Forest" in why
    (['{G}'], True)
    >>> answer_key(TapCase(("Forest",)))[0] is legal
    True
    """
    explained(case)  # and the feedback's reason
    return _worked_out(case, "legal"), _worked_out(case, "explain")


class Misconceived(Protocol):
    """What feedback names of a misconception (:class:`~mtgkit.topics.base.Misconception` is one)."""

    @property
    def title(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def rule(self) -> str: ...
    @property
    def rule_says(self) -> str: ...


def misconception_note(found: Sequence[Misconceived]) -> str:
    """The line naming the one misconception that best explains a wrong answer, with what its
    rule says (never the answer: assessment mode shows it too). ``found`` is every misconception
    that gives the answer, in the order the topic's model lists them, likeliest first: only the
    first is named (a wall of every idea that could lead there helps nobody)."""
    return "".join(f"This looks like the misconception “{m.title}”: {m.description} What the rule "
                   f"says (CR {m.rule}): {m.rule_says}" for m in found[:1])


#: A topic's way to say which of its misconceptions give ``answer`` (as its practice situations
#: write answers) on a case: :func:`~mtgkit.topics.base.misconceived` over the case's situation.
Mistakes = Callable[[Any, str], Sequence[Misconceived]]


class Grader(Generic[A]):
    """Grades one answer to a case: ``read`` turns what the learner wrote into an answer (or
    raises :class:`~mtgkit.grading.Unreadable`), ``show`` writes an answer for the learner. An
    answer is right if some legal choice gives it.

    The verdict says what the learner gave and whether it is right; a wrong answer also gets
    the answer, the misconception it looks like (``mistakes``, given the case and the answer as
    ``situated`` writes it, default ``show``), the reason with its rule, and the engine's
    events (:func:`explained`). In assessment mode a wrong answer gets the misconception and the
    rule to look at again, never the answer (:func:`~mtgkit.grading.assessing`)."""

    def __init__(self, read: Callable[[object], A], show: Callable[[A], str],
                 situated: Callable[[A], str] | None = None, mistakes: Mistakes | None = None) -> None:
        self.read, self.show = read, show
        self.situated = situated or show
        self.mistakes = mistakes

    def __call__(self, given: object, case: Case[A]) -> Verdict:
        value = self.read(given)
        legal = _worked_out(case, "legal")
        shown = [self.show(v) for v in legal]
        start = said(str(given).strip() if clicked() and str(given).strip() else self.show(value))
        why = explained(case)
        if value in legal:
            others = [s for v, s in zip(legal, shown, strict=True) if v != value]
            extra = f" (another legal choice gives {one_of(others)})" if others else ""
            return Verdict(True, f"{start}: right{extra}.", why=why.reason.text, detail=why.detail,
                           detail_title=why.detail_title)
        found = list(self.mistakes(case, self.situated(value))) if self.mistakes is not None else []
        note = misconception_note(found)
        if assessing():
            rules = [m.rule for m in found] or list(why.reason.rules) or cited(why.reason.text)
            again = look_again(rules)
            return Verdict(False, f"{start}: not right.", note="\n".join(filter(None, [note, again])))
        answer = (f"the answer is {shown[0]}" if len(shown) == 1 else
                  f"the answer is {one_of(shown)}, depending on the choices made")
        return Verdict(False, f"{start}: {answer}.", note=note, why=why.reason.text, detail=why.detail,
                       detail_title=why.detail_title)


class Options(Value):
    """A multiple-choice question as a case: its right options and why."""

    answers: tuple[str, ...]
    reason: str

    def key(self) -> Hashable:
        return self.answers

    def describe(self) -> str:
        return f"a question whose answer is {one_of(self.answers)}"

    def legal(self) -> tuple[str, ...]:
        return self.answers

    def explain(self) -> str:
        return self.reason


def grade_option(choice: str, answers: Sequence[str], why: str = "") -> Verdict:
    """A multiple-choice answer, graded like the exercises: right if it is one of ``answers``
    (several when different legal choices give different results). ``why`` is the explanation
    (its reason, then "What the engine did:" and the events, as :func:`split_explanation` reads it).

    >>> print(grade_option("Bob", ["Alice", "Bob"], "Either can happen (CR 725.4)."))
    You wrote Bob: right (another legal choice gives Alice).
       Why: Either can happen (CR 725.4).
    >>> print(grade_option("nobody", ["Alice"], "Because (CR 725.4)."))
    You wrote nobody: the answer is Alice.
       Why: Because (CR 725.4).
    """
    if not answers:
        raise ValueError("a question needs at least one right answer")
    return Grader(str, str)(choice, Options(tuple(answers), why))


def check_number_answers(answers: Mapping[str, object], cases: Mapping[str, Case[int]]) -> Report:
    """Grade whole-number answers (``3`` or ``"3"``) against cases with legal answers (with the
    case's own ``grader`` when it has one: it knows the case's misconceptions)."""
    plain: Grader[int] = Grader(read_number, str)

    def grade(given: object, case: Case[int]) -> Verdict:
        own = getattr(case, "grader", None)
        return (own if isinstance(own, Grader) else plain)(given, case)
    return grade_answers(answers, cases, grade)


def check_can(predicted: bool, attempt: Attempt, verb: str = "activate it") -> Check:
    """A yes/no prediction ('Alice can ``verb``') next to what the engine did.

    >>> from mtgkit.topics.tap_untap import AttackCase
    >>> c = check_can(True, AttackCase("Raging Goblin", "this turn").attempt(), "attack")
    >>> c.correct, c.engine, c.reason.rules
    (True, 'Alice can attack', ('508.1', '702.10b'))
    """
    said, truth = ("can" if predicted else "can't"), ("can" if attempt.can else "can't")
    return Check(predicted is attempt.can, f"Alice {said} {verb}", f"Alice {truth} {verb}", attempt.reason)


# ----------------------------------------------------------------------------- quick questions
#: What a quiz grader gives back: the verdict on the option picked (``.correct``, its line, the
#: reason with its rule, the events behind it).
QuizGrade = Callable[[str], Verdict]


def yes_no(value: bool) -> str:
    return "yes" if value else "no"


def can_quiz(case: Attemptable, verb: str = "activate it",
             mistakes: Mistakes | None = None) -> QuizGrade:
    """A grader for a yes/no quiz "can Alice ``verb``?" (options ``"yes"`` and ``"no"``): on
    *Check* the engine tries it, and the feedback is the rule it acted on.

    >>> from mtgkit.topics.tap_untap import ActivationCase
    >>> grade = can_quiz(ActivationCase("Hangarback Walker", "this turn", False))
    >>> v = grade("no")
    >>> v.correct, "(CR 302.6)" in v.why
    (True, True)
    >>> grade("yes").correct
    False
    """
    given = getattr(case, "grader", None)  # a case that knows its misconceptions grades with them
    grader: Grader[bool] = (given if isinstance(given, Grader) else
                            Grader(read_bool, yes_no, mistakes=mistakes))

    def grade(choice: str) -> Verdict:
        return grader(choice, cast(Case[bool], case))
    return grade


class QuizCase(Case[A], Protocol[A]):
    """A case a multiple-choice quiz can ask: how its answers are read and shown (``grader``)."""

    @property
    def grader(self) -> Grader[A]: ...


def choice_quiz(case: QuizCase[Any], options: Sequence[str]) -> QuizGrade:
    """A grader for a multiple-choice quiz on a case (for example "what is in Alice's pool?"
    or "what could it produce?"). An option is right if some legal choice gives it (a
    question that fixes the choice says so in its case). Raises ``ValueError`` if a legal
    answer is missing from ``options``, so a quiz can never leave out the right answer."""
    grader = case.grader
    offered = {grader.read(o) for o in options}
    missing = [grader.show(v) for v in case.legal() if v not in offered]
    if missing:
        raise ValueError(f"the options {list(options)} leave out the legal answer {one_of(missing)}")

    def grade(choice: str) -> Verdict:
        return grader(choice, case)
    return grade


# ----------------------------------------------------------------------------- walking choices
def describe_choices(outs: Outcomes, show: Callable[[Outcome], str]) -> list[str]:
    """One line per distinct result: the result and the choices that lead to it."""
    lines = []
    groups: dict[str, list[Outcome]] = {}
    for o in outs.legal:
        groups.setdefault(show(o), []).append(o)
    for result, outs_for in groups.items():
        ways = [o.choice_summary() for o in outs_for if o.choices]
        how = f" if {' / or '.join(dict.fromkeys(ways))}" if ways and len(groups) > 1 else ""
        lines.append(f"{result}{how}")
    return lines


class ChoiceWalk:
    """A learner's way through the choices an action asks for (a color, the order of
    replacement effects, which Protector takes the damage ...).

    Every legal outcome is worked out once (:func:`~mtgkit.outcomes.outcomes`). A *path* is
    the answers to the questions in the order the engine asked them. Answering question ``i``
    keeps the answers before it and starts every later question at its first option, since a
    later question may depend on the answer.

    >>> from mtgkit.outcomes import outcomes
    >>> from mtgkit.topics.boards import mana_board
    >>> g = mana_board(["Fellwar Stone"], ["Underground Sea"])
    >>> stone = g.permanents("Alice")[0].id
    >>> walk = ChoiceWalk(outcomes(g, lambda game: game.activate(stone)))
    >>> [(p.question, p.options) for _, p in walk.questions(walk.start)]
    [('mana from Fellwar Stone', ('{U}', '{B}'))]
    >>> path = walk.answer(walk.start, 0, "{B}")
    >>> path, str(walk.outcome(path).pool("Alice"))
    (('{B}',), '{B}')
    >>> walk.alternatives(path, lambda o: str(o.pool("Alice")))
    ['{U} if Alice chooses {U} from Fellwar Stone (options: {U}, {B})']
    """

    def __init__(self, outs: Outcomes) -> None:
        self.outcomes = outs.legal
        if not self.outcomes:
            errors = [o.error for o in outs if o.error is not None]
            if errors:
                raise errors[0]
            raise ValueError("the action has no legal outcome")

    @property
    def start(self) -> tuple[Answer, ...]:
        """The path that takes the first option everywhere."""
        return self.outcomes[0].path

    def outcome(self, path: Sequence[Answer]) -> Outcome:
        """The outcome of ``path`` (the first options after it, if it stops early)."""
        path = tuple(path)
        for o in self.outcomes:
            if o.path[:len(path)] == path:
                return o
        raise ValueError(f"{path!r} is not a legal way through the choices")

    def answer(self, path: Sequence[Answer], index: int, answer: Answer) -> tuple[Answer, ...]:
        """The path after answering question ``index`` with ``answer``."""
        return self.outcome(tuple(path[:index]) + (answer,)).path

    def questions(self, path: Sequence[Answer]) -> list[tuple[int, ChoicePoint]]:
        """The questions along ``path`` that offer a real choice (two options or more), with
        their index in the path."""
        return [(i, p) for i, p in enumerate(self.outcome(path).points) if len(p.options) > 1]

    def alternatives(self, path: Sequence[Answer], show: Callable[[Outcome], str]) -> list[str]:
        """What the other choices would give: one line per result different from ``path``'s,
        with the choices that lead to it."""
        mine = show(self.outcome(path))
        groups: dict[str, list[str]] = {}
        for o in self.outcomes:
            result = show(o)
            if result != mine:
                groups.setdefault(result, []).append(o.choice_summary())
        return [f"{result} if {' / or '.join(dict.fromkeys(w for w in ways if w))}" if any(ways)
                else result for result, ways in groups.items()]



# ----------------------------------------------------------------------------- play sequences
#: What a step of a play sequence does: one of :class:`~mtgkit.game.Game`'s actions, named as
#: the scenario files name them (``enter``: an effect puts a card onto the battlefield).
StepKind = Literal["cast", "activate", "play_land", "pass", "resolve", "resolve_stack", "advance",
                   "next_turn", "attack", "block", "concede", "enter"]
#: Where a card of a play's set-up starts.
PieceZone = Literal["battlefield", "hand", "graveyard", "library"]


class Piece(Value):
    """One card of a play's set-up: its zone, its player (the controller of a permanent, the
    owner of a card elsewhere) and the label the steps call it by (the card's name by default;
    a second card with the same label is ``"Forest 2"``)."""

    card: str
    player: str = "Alice"
    zone: PieceZone = "battlefield"
    label: str = ""
    tapped: bool = False
    arrived: Arrived = "last turn"
    counters: tuple[tuple[str, int], ...] | None = None  # None: the card's own "enters with"
    attached_to: str = ""  # an Aura: the label of the permanent it enchants
    color: str | None = None  # "as this enters, choose a color"


_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _counted(words: Sequence[str]) -> list[str]:
    """Equal words once, counted: ``["Swamp", "Swamp", "Forest"]`` -> ``["two Swamps", "Forest"]``.

    >>> _counted(["Grizzly Bears", "Grizzly Bears", "Protector of the Crown (tapped)",
    ...           "Protector of the Crown (tapped)", "Plains", "Plains"])
    ['two Grizzly Bears', 'two Protectors of the Crown (tapped)', 'two Plains']
    """
    out = []
    for w in dict.fromkeys(words):
        n = words.count(w)
        out.append(w if n == 1 else f"{_NUMBERS.get(n, n)} {_plural_name(w)}")
    return out


def _plural_name(w: str) -> str:
    """A permanent's words for two or more: "Protectors of the Crown (tapped)"; a name that
    already ends in s (Grizzly Bears, Plains) or Food stays as it is."""
    name, paren, notes = w.partition(" (")
    head, of, tail = name.partition(" of ")  # "Protectors of the Crown"
    if not (head.endswith("s") or head == "Food"):
        head += "s"
    return f"{head}{of}{tail}{paren}{notes}"


def piece_words(p: Piece) -> str:
    """A permanent of a set-up as a board shows it: "Walking Ballista (tapped, with 2 +1/+1
    counters, arrived this turn)"."""
    notes = []
    color = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}.get(p.color or "")
    if p.attached_to:
        notes.append(f"on {p.attached_to}" + (f", {color} chosen" if color else ""))
    elif color:
        notes.append(f"{color} chosen")
    if p.tapped:
        notes.append("tapped")
    for kind, n in p.counters or ():
        notes.append(f"with {n} {kind} counter{'s' if n != 1 else ''}" if n else "no counters")
    if p.arrived == "this turn":
        notes.append("arrived this turn")
    return p.card + (f" ({', '.join(notes)})" if notes else "")


class Setup(Value):
    """The board a play sequence starts from, as data: the players in turn order, whose turn and
    which step it is, everyone's life total, the cards, and the monarch (if any). ``cards`` are
    cards the game knows besides the catalog (a question file's own, ``Game(cards=...)``)."""

    players: tuple[str, ...] = ("Alice", "Bob")
    pieces: tuple[Piece, ...] = ()
    monarch: str | None = None
    active: str = ""  # whose turn it is ("": the first player's first turn)
    step: str = "main1"
    life: int = 20
    library: int = LIBRARY
    cards: tuple[CardDef, ...] = ()

    def describe(self) -> str:
        """The set-up in words: the monarch (if any), each player's permanents (tapped, with counters,
        just arrived, on what an Aura enchants), hand and graveyard, and whose turn it is.

        >>> print(Setup(pieces=(Piece("Forest"), Piece("Lightning Bolt", "Bob", "hand")),
        ...             monarch="Bob").describe())  # doctest: +NORMALIZE_WHITESPACE
        Bob is the monarch. Alice controls Forest. Bob controls no permanents; in his hand:
        Lightning Bolt. It is Alice's turn (her precombat main phase).
        """
        parts = [f"{self.monarch} is the monarch."] if self.monarch else []
        if self.life != 20:
            parts.append(f"Every player has {self.life} life.")
        his = {p: "his" if p in ("Bob", "Dave") else "her" for p in self.players}
        for who in self.players:
            mine = [p for p in self.pieces if p.player == who]
            perms = _counted([piece_words(p) for p in mine if p.zone == "battlefield"])
            line = f"{who} controls {one_of(perms, last='and') if perms else 'no permanents'}"
            for zone, where in (("hand", "in {} hand"), ("graveyard", "in {} graveyard"),
                                ("library", "on top of {} library, from the top")):
                cards = [p.card for p in mine if p.zone == zone]
                if zone == "library":
                    cards.reverse()  # the last card put there is on top
                if cards:
                    line += f"; {where.format(his[who])}: {one_of(cards, last='and')}"
            parts.append(line + ".")
        active = self.active or self.players[0]
        parts.append(f"It is {active}'s turn ({his[active]} {STEP_TITLES[self.step]}).")
        return " ".join(parts)

    def build(self, rules: Rules | None = None) -> tuple[Game, dict[str, int]]:
        """A fresh game with this set-up, and each piece's label -> its object id (the same ids
        in every fresh build, so a play's steps can name them), played by ``rules`` (the CR
        unless a variant is given, :mod:`mtgkit.variants`)."""
        active = self.active or self.players[0]
        first = active == self.players[0]
        g = Game(list(self.players), life=self.life, library=self.library,
                 start=self.step if first else "main1", rules=rules, cards=self.cards)
        while g.active_player != active:
            g.next_turn(to=self.step)
        labels: dict[str, int] = {}
        for piece in self.pieces:
            label = piece.label or piece.card
            n = 2
            while label in labels:
                label, n = f"{piece.label or piece.card} {n}", n + 1
            if piece.zone == "battlefield":
                counters = dict(piece.counters) if piece.counters is not None else None
                labels[label] = g.put_onto_battlefield(
                    piece.card, piece.player, tapped=piece.tapped, arrived=piece.arrived,
                    counters=counters, color=piece.color,
                    attached_to=labels[piece.attached_to] if piece.attached_to else None)
            else:
                labels[label] = g.put_in_zone(piece.card, piece.player, piece.zone)
        if self.monarch is not None:
            g.make_monarch(self.monarch)
        return g, labels


class Step(Value):
    """One action of a question's play sequence, as data: what the engine does (``do``, with
    objects named by their labels in the set-up). A question says it from what the engine logged
    as it played it (:meth:`Play.says`); ``says``, the words a template wrote for it, is no longer
    shown (it goes once no topic writes it).
    ``pay`` names permanents whose first mana ability is activated first, to pay for it."""

    do: StepKind
    says: str = ""  # no longer shown: a step is said from what the engine logged (Play.says)
    card: str = ""
    target: str = ""  # a label, or a player's name
    x: int = 0
    ability: int = 0
    player: str = ""
    to: str = ""  # a step of the turn (advance, next_turn)
    attackers: tuple[str, ...] = ()
    defender: str = ""
    blocks: tuple[tuple[str, str], ...] = ()  # (blocker, attacker) labels
    order: tuple[str, ...] = ()
    choice: str = ""
    color: str = ""
    copy: str = ""  # what a Clone copies, by label
    pay: tuple[str, ...] = ()
    convoke: tuple[str, ...] = ()  # creatures tapped to help cast a spell with convoke (cast)
    free_cast: bool | None = None  # cascade's "you may cast it without paying" (resolve; x: its X)

    def records(self, g: Game, labels: Mapping[str, int]) -> list[acts.Action]:
        """The step as records of :mod:`mtgkit.actions` (its labels as ids in ``g``): the
        activations that pay for it, then the action itself."""
        def ref(label: str) -> int:  # a label, or a permanent made during the play, by name
            return labels[label] if label in labels else g.find(label)

        def target() -> int | str | None:
            if not self.target:
                return None
            return self.target if self.target in g.players else ref(self.target)

        found: list[acts.Action] = [acts.Activate(ref(land)) for land in self.pay]
        do = self.do
        if do == "cast":
            found.append(acts.Cast(ref(self.card), target(), self.x,
                                   convoke=tuple(ref(c) for c in self.convoke) or None))
        elif do == "activate":
            found.append(acts.Activate(ref(self.card), self.ability, self.player or None, self.color or None,
                                       self.choice or None, self.order or None, target()))
        elif do == "play_land":
            found.append(acts.PlayLand(ref(self.card)))
        elif do == "pass":
            found.append(acts.PassPriority(self.player or None))
        elif do == "resolve":
            found.append(acts.Resolve(ref(self.copy) if self.copy else None, self.free_cast,
                                      self.x if self.free_cast else None))
        elif do in ("advance", "next_turn", "resolve_stack"):
            found.append(acts.make(do, **({"to": self.to} if self.to else {})))
        elif do == "attack":
            found.append(acts.Attack(tuple(ref(a) for a in self.attackers), self.defender or None))
        elif do == "block":
            found.append(acts.Block(tuple((ref(b), ref(a)) for b, a in self.blocks)))
        elif do == "concede":
            found.append(acts.Concede(self.player))
        else:  # "enter"
            found.append(acts.make("enter", card=self.card, controller=self.player or g.active_player))
        return found

    def play(self, g: Game, labels: dict[str, int]) -> tuple[Event, ...]:
        """Do the step on ``g`` (``labels`` gains a card that enters by an effect)."""
        start = len(g.events)
        for record in self.records(g, labels):
            events = g.apply(record)
            if isinstance(record, acts.PutOntoBattlefield):
                labels[self.card] = acts.new_object(events)
        return tuple(g.events[start:])


class Play(Value):
    """A set-up and a short sequence of steps, played by the engine: what a scenario question
    shows (the set-up as its board, the steps as what happens) and asks about at the end.

    ``keep`` fixes choices the story states, as (kind of question, answer) pairs: only the
    outcomes where every choice of that kind was answered so (an answer starting with it,
    such as ``("target", "Bob")``) are kept. Every other choice a player makes on the way
    branches, and each legal outcome counts (:meth:`outcomes`).

    >>> play = Play(Setup(pieces=(Piece("Forest"), Piece("Llanowar Elves", arrived="this turn"))),
    ...             (Step("activate", card="Forest"),))
    >>> play.says()
    ('Alice activates Forest: {T}: Add {G}. Alice adds {G} (Forest was tapped for mana).',)
    >>> [str(o.pool("Alice")) for o in play.outcomes()]
    ['{G}']
    """

    setup: Setup
    steps: tuple[Step, ...] = ()
    keep: tuple[tuple[str, str], ...] = ()

    def says(self, against: Iterable[Rules] | None = ()) -> tuple[str, ...]:
        """The steps in words, one per step, said from what the engine logged as it played them
        (:func:`step_words`): each step's action, and the results every legal outcome agrees on,
        under the rules and under each of ``against`` (the variants a question's wrong options
        are played by: a result they don't share would give the answer away). ``None``: what
        the wrong options expect isn't known as events, so only the actions are said."""
        return _narrated(self, None if against is None else tuple(against))

    def step_events(self, rules: Rules | None = None) -> tuple[tuple[tuple[Event, ...], ...], ...]:
        """For each legal outcome the story allows (:meth:`outcomes`), the events each step logged,
        step by step (a step the rules refuse, and the steps after it, are missing)."""
        outs, split = _played(self, rules or CR)
        return tuple(split[id(o.game)] for o in outs if o.error is None and self.kept(o))

    def tried_events(self, rules: Rules) -> tuple[tuple[tuple[Event, ...], ...], ...]:
        """Like :meth:`step_events`, with the outcomes ``rules`` refuse too (their events up to the
        refused step): what a player holding a variant expects each step to do."""
        outs, split = _played(self, rules)
        return tuple(split[id(o.game)] for o in outs if o.error is not None or self.kept(o))

    def build(self, rules: Rules | None = None) -> tuple[Game, dict[str, int]]:
        return self.setup.build(rules)

    def labels(self) -> dict[str, int]:
        """Each set-up label -> its object id (the same in every build)."""
        return dict(_labels(self.setup))

    def run(self, g: Game, labels: dict[str, int]) -> tuple[Event, ...]:
        """Play every step on ``g``; the events they caused."""
        start = len(g.events)
        for step in self.steps:
            step.play(g, labels)
        return tuple(g.events[start:])

    def game(self, rules: Rules | None = None) -> tuple[Game, dict[str, int]]:
        """The game after the steps, with the chooser's first option everywhere (raises the
        :class:`~mtgkit.errors.RulesError` of a step the rules refuse), played by ``rules``."""
        g, labels = self.build(rules)
        self.run(g, labels)
        return g, labels

    def outcomes(self, rules: Rules | None = None) -> Outcomes:
        """Every legal outcome of the steps over the players' choices (those the story fixes
        in ``keep`` excepted), worked out once per play and rules: by the CR, or by a variant
        (:mod:`mtgkit.variants`), what a player who holds a wrong idea expects. The decisions
        the play asked are :meth:`consulted`."""
        return _play_outcomes(self, rules or CR)

    def consulted(self, rules: Rules | None = None) -> frozenset[str]:
        """The decision points (:data:`mtgkit.variants.DECISIONS`) the engine asked while playing
        the steps by ``rules``, over every outcome, refused ones too: the variants that override
        none of them expect what the rules give. What was asked later, of the games the play
        ended with, isn't counted (:attr:`mtgkit.outcomes.Outcome.asked`): the answer is the same
        whatever was asked before."""
        return _play_consulted(self, rules or CR)

    def watched(self, candidates: tuple[Rules, ...]) -> Watched:
        """Which of ``candidates`` would play the steps otherwise than the CR: the steps played once
        more by the CR, every branch, with each candidate asked at each decision it overrides
        (:class:`~mtgkit.variants.Watching`). Under the others the play goes as by the CR; each
        of them -> the decisions the play asks by it (:meth:`~mtgkit.variants.Watching.asked_by`).
        Worked out once per play and candidates."""
        return _watched(self, candidates)

    def kept(self, o: Outcome) -> bool:
        """Does ``o`` make the choices the story states? A choice of a kind ``keep`` names must
        be answered with one of the answers given for that kind."""
        for c in o.choices:
            allowed = [answer for question, answer in self.keep if question == c.question]
            if allowed and not any(str(c.answer).startswith(a) for a in allowed):
                return False
        return True


#: The candidates that would play a play otherwise than the CR, and each of the others -> the
#: decisions the play asks by it (:meth:`Play.watched`).
Watched = tuple[frozenset[Rules], Mapping[Rules, frozenset[str]]]

#: A play's outcomes by some rules, and for each outcome's game (by ``id``) the events each step logged.
_Split = dict[int, tuple[tuple[Event, ...], ...]]


@functools.lru_cache(maxsize=1024)
def _labels(setup: Setup) -> dict[str, int]:
    return setup.build()[1]  # the same ids in every build: built once


@functools.lru_cache(maxsize=1024)
def _played(play: Play, rules: Rules) -> tuple[Outcomes, _Split]:
    labels = play.labels()
    split: dict[int, list[tuple[Event, ...]]] = {}

    def act(g: Game) -> None:
        names, done = dict(labels), split.setdefault(id(g), [])
        for step in play.steps:
            done.append(step.play(g, names))

    outs = outcomes(lambda: play.build(rules)[0], act)  # every game stays alive in outs: ids are unique
    return outs, {id(o.game): tuple(split.get(id(o.game), ())) for o in outs}


@functools.lru_cache(maxsize=1024)
def _watched(play: Play, candidates: tuple[Rules, ...]) -> Watched:
    watch = Watching(candidates)
    labels = play.labels()
    outcomes(lambda: play.build(watch)[0], lambda g: play.run(g, dict(labels)))
    return frozenset(watch.diverged), {c: watch.asked_by(c) for c in candidates if c not in watch.diverged}


def _all_outcomes(play: Play, rules: Rules) -> Outcomes:
    return _played(play, rules)[0]


# ----------------------------------------------------------------------------- steps from the play
#: The kinds of event that are a step's action itself (what the player or the game does), by
#: the step's ``do``: the rest of what it logged are its results.
_ACTIONS: dict[str, frozenset[str]] = {
    "cast": frozenset({"cast", "activate"}), "activate": frozenset({"activate"}),
    "play_land": frozenset({"land", "activate"}), "pass": frozenset({"pass"}),
    "resolve": frozenset({"resolve", "fizzle", "counter"}),
    "resolve_stack": frozenset({"resolve", "fizzle", "counter"}), "advance": frozenset({"step"}),
    "next_turn": frozenset({"step"}), "attack": frozenset({"attack"}), "block": frozenset({"block"}),
    "concede": frozenset({"leave"}), "enter": frozenset({"enter", "setup"}),
}


#: The header the game gives an event as it logs it: not part of what happened.
_HEADER = frozenset({"seq", "cause", "links", "lane", "text"})


def event_fact(e: Event) -> tuple[Any, ...]:
    """What happened in ``e``, whatever its place in the log: its class and its data (not its
    number, its cause's number or its sentence), so two logs can be compared event by event."""
    return (type(e).__name__, *(getattr(e, f) for f in type(e)._fields if f not in _HEADER))


#: One thing a step says: what happened (:func:`event_fact`), its sentence, and whether it is the
#: step's action (else a result).
Said = tuple[Hashable, str, bool]


def step_parts(step: Step, events: Sequence[Event]) -> tuple[Said, ...]:
    """What a step's events say (:mod:`mtgkit.wording`), in order, each sentence with what
    happened and whether it is the step's action (else a result). The action is the events of the
    action's own kind the step's player did (its payments' activations too); a resolve step's
    action is the first thing that resolved, and a step that passes on through the turn says where
    it stopped (the last step that began). What another sentence implies, or a choice another
    sentence names, isn't said (:data:`~mtgkit.wording.STEP_UNSAID`), and of a run of steps
    beginning only the last."""
    kinds = _ACTIONS[step.do]
    fixed = bool(step.color or step.choice or step.order or step.copy)  # answers the record gives
    said = [e for e in events if (wording.step_key(e) not in wording.STEP_UNSAID or
            (step.do == "pass" and e.kind == "pass") or (fixed and e.kind == "choice"))
            and not _hidden_leave(e)]
    last_step = max((i for i, e in enumerate(said) if e.kind == "step"), default=-1)
    first_resolve = next((i for i, e in enumerate(said) if e.kind in kinds), -1)
    parts: list[Said] = []
    acted: set[int] = set()
    for i, e in enumerate(said):
        later = said[i + 1].kind if i + 1 < len(said) else ""
        if e.kind == "step" and e.step == "declare_blockers" and step.do != "block" and later != "block":
            parts.append((("no blockers",), wording.step_action("block"), True))  # none declared
        if e.kind == "step" and later in ("step", "turn"):
            continue  # a run of steps beginning: the last one says where play stopped
        if step.do in ("resolve", "advance", "next_turn"):
            is_action = i == (first_resolve if step.do == "resolve" else last_step) or e.kind == "turn"
        else:  # the action, and the target its ability goes on the stack with
            is_action = (e.kind in kinds and (e.cause is None or step.do == "resolve_stack")) or (
                e.kind == "stack" and e.cause in acted)
        is_action = is_action or (fixed and e.kind == "choice")  # a choice the step's record makes
        if is_action:
            acted.add(e.seq)
        parts.append((event_fact(e), e.text, is_action))
    return tuple(parts)


def _hidden_leave(e: Event) -> bool:
    """Is ``e`` a card leaving the game with its owner from a library or a hand (what the owner's
    leaving says already, card by card, of cards nobody sees)?"""
    return wording.step_key(e) == "move.out_with_owner" and getattr(e, "frm", None) in ("library", "hand")


def _actor(step: Step, events: Sequence[Event]) -> str:
    """Who does a step's action: the record's player, else the player of its action's first event."""
    acting = next((e for e in events if e.kind in _ACTIONS[step.do] and e.player), None)
    return step.player or (acting.player if acting is not None else "") or (
        events[0].player if events else "") or ""


def _action_words(step: Step, events: Sequence[Event], x: int | None = None,
                  target: str | None = None) -> str:
    """The step's action as its record says it: for when the events don't say it alike in every
    outcome (or don't say it at all, as a declaration of no blockers); ``x``: the X its spell is
    cast with, where every play of the step agrees on it (:func:`_cast_x`); ``target``: what it
    targets, where every legal outcome agrees (:func:`_action_target`)."""
    player = _actor(step, events)
    own = {"cast": "cast", "play_land": "land"}.get(step.do)  # not the lands that paid for it
    mine = [e.obj for e in events if e.kind in _ACTIONS[step.do] and e.obj and e.cause is None]
    named = next((e.obj for e in events if e.kind == own and e.obj), None) or (
        # an activation comes after the mana abilities that paid for it
        (mine[-1] if step.do == "activate" else mine[0]) if mine else None)
    return wording.step_action(step.do, player=player, card=named or step.card or ", ".join(step.attackers),
                               to=step.to, x=x, target=target)


def _action_target(step: Step, played: Sequence[Sequence[Event]]) -> str | None:
    """What a cast or activation step's own spell or ability targets, when it targets the same in
    every legal outcome (``played``: the step's events in each); else ``None``. The record names
    the target, so the story states it, even where a variant refuses the step."""
    if step.do not in ("cast", "activate") or not played:
        return None
    own = ("SpellCast", "stack.activated")  # the spell cast, or the ability activated, not a trigger
    found = {next((e.words.fact("target_name") for e in evs
                   if e.words is not None and e.words.key in own
                   and e.words.fact("target_name") not in (None, "None")), None)
             for evs in played}
    return found.pop() if len(found) == 1 else None


def _if_triggers(played: Sequence[Sequence[Event]], said: Set[Hashable]) -> list[str]:
    """The targets triggered abilities are put on the stack with in every legal outcome of the step
    (``played``), said as what a player chooses if the ability triggers (:data:`~mtgkit.wording.
    STEP_IF_TRIGGERS`), in the order they were chosen, unless the step says the ability going on
    the stack with its target already (what that event did, :func:`event_fact`, is in ``said``)."""
    def chosen(evs: Sequence[Event]) -> list[ChoiceMade]:
        return [e for e in evs if isinstance(e, ChoiceMade) and e.words is not None
                and e.words.key == "choice.trigger_target"]

    def fact(e: ChoiceMade) -> tuple[Any, ...]:
        return e.player, e.words.fact("source") if e.words is not None else None, e.answer

    if not played:
        return []
    common = set.intersection(*({fact(e) for e in chosen(evs)} for evs in played))
    lines = []
    for e in chosen(played[0]):
        stacked = next((x for x in played[0] if x.kind == "stack" and x.cause == e.cause), None)
        if fact(e) in common and (stacked is None or event_fact(stacked) not in said):
            player, source, answer = fact(e)
            lines.append(wording.step_if_triggers(player=player, source=source, answer=answer,
                                                  options=e.options))
    return lines


def _cast_x(step: Step, logs: Sequence[Sequence[Event]]) -> int | None:
    """The X a cast step's spell has in every one of ``logs`` (its events in each outcome, by the
    rules and by each variant that plays it), when it has {X} and they all agree; else ``None``
    (the X a variant gives it may be what the question asks)."""
    if step.do != "cast":
        return None
    found = {(getattr(e, "x", None), e.words.fact("has_x") if e.words is not None else None)
             for evs in logs for e in evs if e.kind == "cast" and e.cause is None}
    if len(found) != 1:
        return None
    x, has_x = found.pop()
    return x if has_x else None


def step_words(step: Step, played: Sequence[Sequence[Event]],
               expected: Sequence[Sequence[Sequence[Event] | None]] | None = ()) -> str:
    """One numbered step, said from what the engine logged: ``played`` holds the step's events in
    each legal outcome, ``expected`` the same under each variant a wrong option is played by
    (an outcome list per variant; ``None`` where that variant refuses the step, an empty list
    where it plays the step and nothing happens), or ``None`` when what a wrong option expects
    isn't known as events.

    The action is said as its events say it when every outcome, and every variant that plays
    the step, says it alike (a variant under which the step does nothing, such as a stack with
    nothing left to resolve, doesn't say it alike); else as its record says it. A result is said
    only when every outcome agrees on all the step's results (a step whose result depends on the
    players' choices says only its action) and every variant expects it too (none is said when
    ``expected`` is None: a result could give the answer away; nor is a resolving ability, which
    may be one)."""
    parts = [step_parts(step, evs) for evs in played]
    tried = [step_parts(step, evs) for outs in expected or () for evs in outs if evs is not None]
    first = parts[0] if parts else ()
    actions = {tuple(f for f, _, act in p if act) for p in [*parts, *tried]}
    results = {tuple(f for f, _, act in p if not act) for p in parts}
    alike = len(actions) == 1 and any(act for _, _, act in first)
    if expected is None and step.do == "resolve_stack":  # what was waiting may be what is asked
        alike = False
    if expected is None and step.do == "resolve":  # a spell on top, not an ability that may not be there
        alike = alike and all(not getattr(next((e for e in evs if e.kind in _ACTIONS[step.do]), None),
                                          "ability", True) for evs in played)
    agreed = expected is not None and len(results) == 1 and all(evs for outs in expected for evs in outs)
    theirs = [{f for f, _, act in p if not act} for p in tried]
    told = [(f, t) for f, t, act in first
            if (act and alike) or (not act and agreed and all(f in r for r in theirs))]
    said = [t for _, t in told]
    if not alike:
        logs = [*played, *(evs for outs in expected or () for evs in outs if evs is not None)]
        said.insert(0, _action_words(step, played[0] if played else (), _cast_x(step, logs),
                                     _action_target(step, played)))
    said += _if_triggers(played, {f for f, _ in told})
    if step.free_cast is not None:  # what the record says the player will do with a free cast
        said.insert(1, wording.step_action("free_cast", player=_actor(step, played[0] if played else ()),
                                           cast=step.free_cast))
    return wording.step_sentence(said)


@functools.lru_cache(maxsize=1024)
def _narrated(play: Play, against: tuple[Rules, ...] | None) -> tuple[str, ...]:
    play.outcomes()  # a play the rules refuse raises its RulesError, as its outcomes do
    played = play.step_events()
    expected = None if against is None else [play.tried_events(r) for r in against]
    words = []
    for i, step in enumerate(play.steps):
        mine = [o[i] for o in played if i < len(o)]
        theirs = None if expected is None else [[o[i] if i < len(o) else None for o in outs]
                                                for outs in expected]
        words.append(step_words(step, mine, theirs))
    return tuple(words)


# ----------------------------------------------------------------------------- deciding rules
def _common(a: Sequence[Event], b: Sequence[Event]) -> int:
    """How many events two logs share from their start (:func:`event_fact`)."""
    n = 0
    while n < len(a) and n < len(b) and event_fact(a[n]) == event_fact(b[n]):
        n += 1
    return n


def _partings(play: Play, rules: Rules) -> list[tuple[Event | None, Event | None, RulesError | None]]:
    """Where each outcome ``rules`` give ``play`` parts from the closest legal outcome by the CR:
    (the CR's event there, the variant's event there, the refusal when the variant refuses a step
    the CR plays); nothing for an outcome the two play alike."""
    mine = [tuple(e for step in o for e in step) for o in play.step_events()]
    found: list[tuple[Event | None, Event | None, RulesError | None]] = []
    outs, split = _played(play, rules)
    for o in outs:
        if o.error is None and not play.kept(o):
            continue
        theirs = tuple(e for step in split[id(o.game)] for e in step)
        best = max(mine, key=lambda m: _common(m, theirs), default=())
        n = _common(best, theirs)
        if n == len(best) == len(theirs) and o.error is None:
            continue
        found.append((best[n] if n < len(best) else None, theirs[n] if n < len(theirs) else None,
                      o.error if n == len(theirs) else None))
    return found


def deciding_rules(play: Play, against: Iterable[Rules]) -> tuple[str, ...]:
    """The rules on the events that decide ``play`` against each of ``against`` (the variants
    its wrong options are played by): in every outcome a variant expects, the first event where
    it parts from the closest legal outcome. That is the rules' event there (what the variant
    gets wrong), or the variant's own event where the rules have only a pass or a step beginning
    (what the variant adds), or the rule that refuses the step the variant plays differently.
    Empty when no variant parts from the rules."""
    found: list[str] = []
    for rules in against:
        for mine, theirs, refused in _partings(play, rules):
            if refused is not None:
                found += refused.rules
            elif mine is not None and (mine.kind not in ("pass", "step", "turn") or theirs is None):
                found += mine.rules
            elif theirs is not None:
                found += theirs.rules
    return tuple(dict.fromkeys(found))


def relied_on(play: Play, rules: Rules) -> tuple[str, ...]:
    """The rules a variant's play relies on where it parts from the rules: the rules on the events
    it plays that the CR doesn't (a trigger the CR never sees, a step it refuses the CR allows),
    none of which decide the play by the CR."""
    found: list[str] = []
    for _mine, theirs, refused in _partings(play, rules):
        if theirs is not None and theirs.kind not in ("pass", "step", "turn"):
            found += theirs.rules
        elif refused is not None:
            found += refused.rules
    return tuple(dict.fromkeys(found))


#: Rules whose texts make the same point, so that a which-rule question never offers one as wrong
#: when the other decides it: (rule, words of its text, rule, words of its text, the point). A
#: parent and its subrule (725 and 725.1, 509.1 and 509.1a) are the same point too
#: (:func:`same_point`). A test checks each rule's words against the CR's text.
RULE_OVERLAPS: tuple[tuple[str, str, str, str, str], ...] = (
    ("707.2", "the value of x", "707.10", "the value of x",
     "a copy of a spell copies the choices made for it, X included"),
    ("608.2h", "last known information", "113.7a", "last known information",
     "an ability whose source has left uses the source's last known information"),
    ("202.3e", "x is treated as 0 while the object is not on the stack", "107.3g",
     "the value of {x} is treated as 0", "X is 0 off the stack"),
    ("202.3e", "x is treated as 0 while the object is not on the stack", "107.3m",
     "the value of x for that permanent is 0", "a permanent's X is 0"),
    ("107.3g", "the value of {x} is treated as 0", "107.3m", "the value of x for that permanent is 0",
     "a permanent's X is 0"),
    ("302.6", "can't attack unless it has been under its controller's control continuously", "702.10b",
     "it can attack even if it hasn't been controlled by its controller continuously",
     "a creature attacks only if controlled continuously since its controller's turn began, unless it "
     "has haste"),
    ("302.6", "can't be activated unless the creature has been under its controller's control continuously",
     "702.10c", "can activate its activated abilities whose cost includes the tap symbol",
     "a creature's {T} abilities need continuous control since the turn began, unless it has haste"),
)


def same_point(a: str, b: str) -> bool:
    """Do rules ``a`` and ``b`` make the same point: the same rule, a rule and its subrule
    (509.1 and 509.1a, 725 and 725.1), or a pair of :data:`RULE_OVERLAPS`?

    >>> same_point("725", "725.1"), same_point("707.2", "707.10"), same_point("725.1", "725.3")
    (True, True, False)
    """
    def parent(x: str, y: str) -> bool:  # y is x's subrule
        return y.startswith(x) and (y[len(x):].isalpha() or (y[len(x):].startswith(".") and "." not in x))

    pairs = {frozenset((o[0], o[2])) for o in RULE_OVERLAPS}
    return a == b or parent(a, b) or parent(b, a) or frozenset((a, b)) in pairs


def _play_outcomes(play: Play, rules: Rules) -> Outcomes:
    outs = _all_outcomes(play, rules)
    errors = [o.error for o in outs if o.error is not None]
    kept = outs.legal.where(play.kept)
    if not kept and errors:
        raise errors[0]
    return kept


@functools.lru_cache(maxsize=4096)
def _play_consulted(play: Play, rules: Rules) -> frozenset[str]:
    return frozenset(name for o in _all_outcomes(play, rules) for name in o.asked)


__all__ = [
    "LIBRARY", "RULE_OVERLAPS", "Arrived", "Attempt", "Attemptable", "Case", "Check", "ChoiceWalk",
    "Explained", "Grader", "Misconceived", "Mistakes", "Options", "Piece", "PieceZone", "Play", "QuizCase",
    "QuizGrade", "Reason", "Said", "Setup", "Step", "StepKind", "TimelineCursor", "answer_key", "can_quiz",
    "chain_lines", "check_can", "check_number_answers", "choice_quiz", "cr", "deciding_rules",
    "describe_choices", "event_fact", "event_line", "event_lines", "explained", "grade_option",
    "misconception_note", "piece_words", "relied_on", "same_point", "split_explanation", "step_parts",
    "step_words", "yes_no",
]
