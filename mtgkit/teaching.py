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
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Generic, Literal, Protocol, TypeVar, cast, runtime_checkable

from .board import Board, replay
from .crlinks import cited
from .events import Event, chain, explain
from .game import Game
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
from .outcomes import Answer, ChoicePoint, Outcome, Outcomes
from .records import Value

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
    """The line naming the misconceptions a wrong answer looks like, each with what its rule says
    (never the answer: assessment mode shows it too)."""
    return " ".join(f"This looks like the misconception “{m.title}”: {m.description} What the rule "
                    f"says (CR {m.rule}): {m.rule_says}" for m in found)


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


__all__ = [
    "LIBRARY", "Arrived", "Attempt", "Attemptable", "Case", "Check", "ChoiceWalk", "Explained", "Grader",
    "Misconceived", "Mistakes", "Options", "QuizCase", "QuizGrade", "Reason", "TimelineCursor", "answer_key",
    "can_quiz", "chain_lines", "check_can", "check_number_answers", "choice_quiz", "cr", "describe_choices",
    "event_line", "event_lines", "explained", "grade_option", "misconception_note", "split_explanation",
    "yes_no",
]
