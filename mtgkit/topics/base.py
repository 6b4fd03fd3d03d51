"""What every topic module builds on: practice situations, misconceptions as runnable models,
practice stems, and the :class:`Topic` record a topic module exports.

A **situation** (:class:`Situation`) is a practice board as data, a :class:`~mtgkit.teaching.Case`
whose answers are short strings a learner can pick from (``"{B}{B}"``, ``"3"``, ``"Alice"``,
``"yes"``). It is its own misconception model too: ``believe(held)`` gives the answers of a
learner who holds the misconceptions ``held``, and the class lists the misconceptions its model
knows (``misconceptions``, in the order they are tried) and the pairs a learner can't hold
together (``exclusive``).

A **misconception** (:class:`Misconception`) is a named, documented variant of the rules. It
never lives in the engine: it plugs in at one point of a situation's model (``plugs_in``):

* ``chooser``: the variant makes a player's choice differently (replacement effects in the
  order the cards arrived);
* ``inputs``: the variant changes the question before the engine answers it (a copy keeps
  the X of the original; summoning sickness ignored for mana abilities);
* ``outputs``: the variant changes what the engine's events add up to (Mana Reflection also
  doubles the triggered mana; redirected damage still counts as damage to the monarch);
* ``model``: a small teaching-layer model with a knob turned (the could-produce solver that
  counts colorless as a color).

:func:`believe` runs any set of misconceptions together (a learner may hold two at once);
with none it gives exactly the engine's legal answers. :func:`distractors` lists the wrong
answers they produce on a situation and which misconception produces each, and
:func:`diagnose` names the misconceptions behind a given wrong answer. None of this knows any
topic: each topic module names its misconceptions (an enum of :class:`MisconceptionName`),
writes their models in its situations, and lists them in its :class:`Topic`.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import random
from collections.abc import Callable, Hashable, Iterable
from enum import StrEnum
from typing import Any, ClassVar, Literal, TypeVar

from ..errors import RulesError
from ..outcomes import Outcomes
from ..records import Record, Value
from ..teaching import Play, Reason, Watched
from ..variants import CR, Rules, combine, overrides

#: The topics of the course, one module each in :mod:`mtgkit.topics` (the registry there maps
#: each name to its :class:`Topic`; a test keeps the two in agreement).
TopicName = Literal["could-produce", "tapping", "x-values", "tap-untap", "monarch"]

#: How hard a practice question is.
Level = Literal["easy", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "hard")

#: Where a misconception plugs into a situation's model (see the module's docstring):
#: ``variant`` is a wrong rule the engine plays by (:mod:`mtgkit.variants`), the rest are small
#: functions of the teaching layer (misreadings, counting slips).
PlugsIn = Literal["variant", "chooser", "inputs", "outputs", "model"]


class MisconceptionName(StrEnum):
    """The base of each topic's enum of misconception names: a member is the name (its value,
    such as ``"printed-order"``, is what the catalog, the feedback and the worksheets show, and
    what it equals: a name reads and compares as its words everywhere, its repr too)."""

    def __repr__(self) -> str:
        return repr(self.value)


# ----------------------------------------------------------------------------- variants
#: Every misconception that is a wrong rule -> the variant of the rules it plays by (each topic
#: module registers its own with :func:`variant`; a test keeps it and the catalog in agreement).
VARIANTS: dict[str, type[Rules]] = {}

_R = TypeVar("_R", bound=type[Rules])


def variant(name: MisconceptionName) -> Callable[[_R], _R]:
    """Register a :class:`~mtgkit.variants.Rules` subclass as the rules misconception ``name``
    plays by (the class's ``name`` becomes the misconception's)."""

    def register(cls: _R) -> _R:
        if str(name) in VARIANTS:
            raise ValueError(f"a variant named {str(name)!r} is already registered")
        cls.name = str(name)
        VARIANTS[str(name)] = cls
        _singles.cache_clear()
        _watch.cache_clear()
        return cls

    return register


def rules_held(held: Iterable[str]) -> Rules:
    """The rules of a learner holding ``held``: the variants among them, together (the CR when
    none is a variant)."""
    return combine(*(VARIANTS[n] for n in sorted(held) if n in VARIANTS))


def variants_asked(consulted: Iterable[str]) -> tuple[str, ...]:
    """The registered variants that answer one of the decisions ``consulted`` their own way (only
    they can change what a play that asked those decisions gives), in registration order."""
    asked = frozenset(consulted)
    return tuple(n for n, v in VARIANTS.items() if overrides(v) & asked)


# ----------------------------------------------------------------------------- situations
class Situation(Value):
    """A practice board with legal answers (strings), which is also its own misconception
    model. A subclass declares its fields (the board as data) and implements the
    :class:`~mtgkit.teaching.Case` protocol and :meth:`believe`."""

    topic: ClassVar[TopicName]
    #: The misconceptions :meth:`believe` knows, in the order they are tried.
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = ()
    #: Pairs a learner can't hold together (they answer the same question two ways).
    exclusive: ClassVar[frozenset[frozenset[str]]] = frozenset()
    #: With more misconceptions than this applying to a board, :func:`distractors` pairs only
    #: those that each change something on it alone (a board whose every answer is a replay of
    #: its play under the variants held sets it low: each pair is one more replay).
    pair_all: ClassVar[int] = 12

    def key(self) -> Hashable:
        raise NotImplementedError(f"{type(self).__name__} must say what makes two boards the same")

    def describe(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} must describe its board")

    def legal(self) -> tuple[str, ...]:
        raise NotImplementedError(f"{type(self).__name__} must work out its legal answers")

    def explain(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} must explain its answers")

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        """The answers a learner holding ``held`` (some of :attr:`misconceptions`, at least one)
        gives; a situation whose model knows no misconception answers as the rules do."""
        return self.legal()

    def steps(self) -> tuple[str, ...]:
        """A scenario question's play sequence in words: the actions played after the set-up
        (:meth:`describe`), in order (none for a question about a board as it stands)."""
        return ()

    def decisive(self) -> Reason | None:
        """The engine event that decided the outcome (its rules, and its number), for "which
        rule decides?" questions; ``None`` when the outcome depends on the players' choices or
        no single event decides it."""
        return None

    def related(self) -> tuple[tuple[str, Situation], ...]:
        """Boards a learner may answer instead of this one: the same play with one thing changed
        (another X, one card fewer), each with the name of the misconception (a misreading in the
        catalog) that reads this board as that one. Practice may offer their legal answers as wrong
        options produced by that misconception (:func:`mtgkit.practice.candidates`); none by default."""
        return ()

    def tags(self) -> tuple[tuple[str, str], ...]:
        """Facts about the outcome a question bank can be measured by (such as
        ``("crown", "moves")``), as (name, value) pairs."""
        return ()


class PlaySituation(Situation):
    """A practice board that is a play sequence (:class:`~mtgkit.teaching.Play`): a set-up, which
    is its board, and steps, which are its steps in words. A subclass adds what it asks.

    A subclass that reads its answers off the outcomes (:meth:`answers`) gets its misconception
    model for free: a learner holding variants (:data:`VARIANTS`) answers what the same play gives
    under them (:meth:`believe`), and every variant that overrides a decision the play asked is
    known to it (:meth:`known`), whichever topic registered it."""

    play: Play

    def describe(self) -> str:
        return self.play.setup.describe()

    def steps(self) -> tuple[str, ...]:
        """The steps said from what the engine logged; a result only when every variant this board
        knows expects it too, and none while the board knows a misconception that isn't a variant."""
        known = self.known()
        if not all(n in VARIANTS for n in known):
            return self.play.says(None)
        # A variant that plays the steps as the CR does expects the CR's events (played once).
        same, held = _watch(self.play)[1], (rules_held({n}) for n in known)
        return self.play.says(dict.fromkeys(CR if r in same else r for r in held))

    def answers(self, outs: Outcomes) -> tuple[str, ...]:
        """The answers the outcomes of the play give to this question (a subclass that reads its
        answers off the outcomes says how; :meth:`legal` and :meth:`believe` then use it)."""
        raise NotImplementedError(f"{type(self).__name__} must read its answers off the outcomes")

    def refused(self, error: RulesError) -> tuple[str, ...]:
        """What a learner answers when, by their rules, a step can't be played (``error``): by
        default nothing (they'd call the sequence impossible, which no option says)."""
        return ()

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        """What the play gives under the variants among ``held`` (a subclass whose model also
        knows misconceptions that aren't variants overrides this and calls :meth:`under`)."""
        return self.under(rules_held(held))

    def under(self, rules: Rules) -> tuple[str, ...]:
        """The answers the play gives when played by ``rules`` (the CR's, without playing it again,
        when ``rules`` play it and read its answers as the CR does, :meth:`plays_as_cr`)."""
        if rules != CR and self.plays_as_cr(rules):
            rules = CR
        try:
            return self.answers(self.play.outcomes(rules))
        except RulesError as error:
            return self.refused(error)

    def asked(self, rules: Rules = CR) -> frozenset[str]:
        """The decisions the engine asked playing the steps by ``rules`` and reading this
        question's answers off the outcomes (:meth:`answers`): the same whatever was asked of the
        play's games before."""
        if rules != CR and self.plays_as_cr(rules):
            return _watch(self.play)[1][rules] | _answers_asked(self, CR)
        return self.play.consulted(rules) | _answers_asked(self, rules)

    def plays_as_cr(self, rules: Rules) -> bool:
        """Does ``rules`` (one registered variant) answer every decision the play asks, on every
        branch, as the CR does (:meth:`~mtgkit.teaching.Play.watched`), and override none that
        reading the answers asks? Then by it the play goes, and reads, exactly as by the CR."""
        return rules in _watch(self.play)[1] and not overrides(type(rules)) & _answers_asked(self, CR)

    def known(self) -> tuple[MisconceptionName | str, ...]:
        """The misconceptions this board's model knows: its class's own, then every variant that
        overrides a decision the play (or reading its answers) asked by the rules or by one of
        those variants."""
        asked = set(self.asked())
        for name in variants_asked(asked):
            asked |= self.asked(rules_held({name}))
        own = tuple(type(self).misconceptions)
        return (*own, *(n for n in variants_asked(asked) if n not in own))


# ----------------------------------------------------------------------------- misconceptions
class Misconception(Record):
    """A named wrong idea about one rule, runnable on situations whose model knows it (its
    fields are given by name: two of them are free text)."""

    name: MisconceptionName
    topic: TopicName
    title: str  # a few words
    description: str  # what the learner thinks, in plain words
    rule: str  # the CR number of the real rule
    rule_says: str  # what the rule really says, in our own words
    plugs_in: PlugsIn
    example: Situation  # the smallest situation where this and the rules differ
    ask: str  # the example's question in words

    def run(self, s: Situation) -> tuple[str, ...]:
        """The answers a learner holding only this misconception would give on ``s``."""
        return believe(s, frozenset({self.name}))

    def applies_to(self, s: Situation) -> bool:
        return str(self.name) in applicable(s)

    def feedback(self) -> str:
        """What a learner who gave this misconception's answer should read."""
        right, wrong = self.example.legal(), self.run(self.example)
        then = "".join(f" {i}. {s}" for i, s in enumerate(self.example.steps(), 1))
        return (f"This looks like the misconception \"{self.title}\": {self.description}\n"
                f"What the rule says (CR {self.rule}): {self.rule_says}\n"
                f"Smallest board where the two differ: {self.example.describe()}."
                + (f" Then, in order:{then}" if then else "") + f" {self.ask} "
                f"The rules: {' or '.join(right)}; this idea: {' or '.join(wrong)}.")


@functools.cache
def _singles() -> tuple[Rules, ...]:
    """Every registered variant's rules, alone (worked out again when one is registered)."""
    return tuple(rules_held({name}) for name in VARIANTS)


@functools.lru_cache(maxsize=1024)
def _watch(play: Play) -> Watched:
    """Which registered variants play ``play`` otherwise than the CR (:meth:`Play.watched`)."""
    return play.watched(_singles())


@functools.lru_cache(maxsize=4096)
def _answers_asked(s: PlaySituation, rules: Rules) -> frozenset[str]:
    """The decisions reading ``s``'s answers off its play's outcomes by ``rules`` asks, noted
    apart from what the games noted before (restored after)."""
    try:
        outs = s.play.outcomes(rules)
    except RulesError:
        return frozenset()  # refused: the answers read the error, not a game
    fresh = set[str]()
    with contextlib.ExitStack() as each:
        for o in outs:
            each.enter_context(o.game.asking(o.game.rules, fresh))
        s.answers(outs)
    return frozenset(fresh)


def believe(s: Situation, held: frozenset[str]) -> tuple[str, ...]:
    """The answers a learner holding the misconceptions ``held`` gives on ``s`` (the engine's
    legal answers when none of them applies)."""
    relevant = held & frozenset(applicable(s))
    return s.believe(relevant) if relevant else s.legal()


def applicable(s: Situation) -> tuple[str, ...]:
    """The misconceptions the model of ``s`` knows, in the order it tries them (its type's, and on
    a play the variants that override a decision it asks, :meth:`PlaySituation.known`)."""
    names = s.known() if isinstance(s, PlaySituation) else type(s).misconceptions
    return tuple(str(n) for n in names)


def distractors(s: Situation, *, pairs: bool = True) -> dict[str, tuple[str, ...]]:
    """Every wrong answer the misconceptions produce on ``s`` -> who produces it: single
    misconception names, or ``"a + b"`` for two held together (only when no single one does; on
    a board that more than twelve misconceptions apply to, only pairs of misconceptions that each
    change something on it alone)."""
    legal = set(s.legal())
    found: dict[str, list[str]] = {}
    names = applicable(s)
    active = []  # the misconceptions that change something on this board, alone
    for name in names:
        alone = believe(s, frozenset({name}))
        if set(alone) != legal:
            active.append(name)
        for answer in alone:
            if answer not in legal:
                found.setdefault(answer, []).append(name)
    if pairs:
        # With many misconceptions, only pairs of ones that each change something here alone.
        for a, b in itertools.combinations(active if len(names) > type(s).pair_all else names, 2):
            if frozenset({a, b}) in type(s).exclusive:
                continue
            for answer in _pair(s, a, b):
                if answer not in legal and answer not in found:
                    found.setdefault(answer, []).append(f"{a} + {b}")
                elif answer in found and all(" + " in n for n in found[answer]):
                    found[answer].append(f"{a} + {b}")
    return {answer: tuple(who) for answer, who in found.items()}


def _pair(s: Situation, a: str, b: str) -> tuple[str, ...]:
    """``believe(s, {a, b})``, without a replay when one of the two overrides no decision the play
    asked under the other alone (its answers and the decisions its answers asked included): the
    engine then asks the same decisions and gets the same answers, so the pair plays as that one."""
    if (isinstance(s, PlaySituation) and a in VARIANTS and b in VARIANTS
            and type(s).believe is PlaySituation.believe and type(s).under is PlaySituation.under):
        for one, other in ((a, b), (b, a)):
            rules = rules_held({one})
            if not overrides(VARIANTS[other]) & s.asked(rules):
                return s.under(rules)
    return believe(s, frozenset({a, b}))


def diagnose(s: Situation, answer: str) -> list[str]:
    """The misconceptions (or ``"a + b"`` pairs) that produce ``answer`` on ``s``; ``[]`` when the
    answer is legal or no known misconception produces it."""
    return list(distractors(s).get(answer, ()))


def quiz_options(s: Situation) -> tuple[str, ...]:
    """A quick question's options on ``s``: its legal answers and every wrong answer one
    misconception gives, in a fixed order."""
    return tuple(sorted({*s.legal(), *distractors(s, pairs=False)}))


def misconceived(s: Situation, answer: str, known: Iterable[Misconception]) -> list[Misconception]:
    """The misconceptions among ``known`` that produce ``answer`` on ``s`` (each of a pair that
    does), for the feedback on a notebook's case that asks what ``s`` asks."""
    by_name: dict[str, Misconception] = {str(m.name): m for m in known}
    names = [part for who in diagnose(s, answer) for part in who.split(" + ")]
    return [by_name[n] for n in dict.fromkeys(names) if n in by_name]


def misses(s: Situation, answer: str) -> list[str]:
    """The misconceptions under which the legal ``answer`` looks impossible (for a learner who
    says a legal outcome can't happen)."""
    return [n for n in applicable(s) if answer not in believe(s, frozenset({n}))]


# ----------------------------------------------------------------------------- practice stems
class Stem(Value):
    """How to ask about a situation: question texts to pick from, and a claim for true/false."""

    asks: tuple[str, ...]
    claim: Callable[[str], str]
    rules: str  # "CR 106.7"


#: A topic's practice generator: a random board at a level and how to ask about it, or ``None``
#: when the board drawn is not worth asking about (practice draws again).
Generator = Callable[[random.Random, Level], tuple[Situation, Stem] | None]


# ----------------------------------------------------------------------------- lessons
#: An exercise's checker: ``check(answers, cases)`` grades a learner's answers to named cases and
#: returns what it prints (a topic's ``check_..._answers``, or a shared one such as
#: :func:`mtgkit.teaching.check_number_answers`).
Checker = Callable[[Any, Any], object]


class Exercise(Record):
    """One graded exercise of a lesson (``## Exercise N``; its solution is
    ``notebooks/solutions/NN_exerciseN.py``) and the checker that grades it."""

    number: int
    check: Checker
    #: the names the learner assigns (the solution cell's answers)
    answers: tuple[str, ...]
    #: the names the hidden test rebuilds from the notebook (the cases: assigned in the exercise
    #: cell or in the nearest cell above it that assigns them), the last one graded
    setup: tuple[str, ...]

    def call(self) -> str:
        """The checker call a graded cell makes, e.g. ``check_tap_answers(answers1, cases1)``."""
        return f"{self.check.__name__}({self.answers[0]}, {self.setup[-1]})"


class Lesson(Record):
    """A notebook of the course, as the course, the assignments and the README list it."""

    stem: str  # "06-the-monarch": notebooks/<stem>.ipynb, built from tools/course/<stem>.py
    title: str  # the course index's title, with its rules
    summary: str  # the README's one line: what it teaches
    exercises: tuple[Exercise, ...] = ()
    #: its worked example is a scenario file, scenarios/<NN>-*.toml (``mtgkit run <stem>``
    #: plays it); a lesson that generates its boards has none
    worked_example: bool = True


# ----------------------------------------------------------------------------- the topic record
class Topic(Value):
    """Everything the kit knows about one topic, as its module exports it."""

    name: TopicName
    title: str  # what it teaches, with its rules
    lessons: tuple[Lesson, ...]  # the course notebooks that teach it, with their exercises
    situations: tuple[type[Situation], ...]  # the practice boards it asks about
    misconceptions: tuple[Misconception, ...]  # in the order the catalog lists them
    generate: Generator  # practice questions at both levels
    #: Outcomes every stream of 20 questions shows (a tag of the situation, :meth:`Situation.tags`,
    #: and each value it must take), such as the crown moving, staying and being nobody's.
    spread: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def notebooks(self) -> tuple[str, ...]:
        """The stems of the notebooks that teach it."""
        return tuple(lesson.stem for lesson in self.lessons)


__all__ = ["LEVELS", "VARIANTS", "Checker", "Exercise", "Generator", "Lesson", "Level", "Misconception",
           "MisconceptionName", "PlugsIn", "Situation", "Stem", "Topic", "TopicName", "applicable",
           "believe", "diagnose", "distractors", "misconceived", "misses", "quiz_options", "rules_held",
           "variant", "variants_asked"]
