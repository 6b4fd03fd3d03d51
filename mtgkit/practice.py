"""Practice mode: questions a teacher would hand out, built, answered and explained by the engine.

Every question comes from a random *legal* board (a practice situation, drawn by its topic's
generator from the registry, :mod:`mtgkit.topics`) made with a seeded :class:`random.Random`,
so the same seed gives the same worksheet. Many are *scenario questions*: a board, then a short
play sequence (casts, activations, responses while a trigger waits, combat, a player leaving)
that the engine plays (:class:`mtgkit.teaching.Play`), asking about the outcome at the end. The
engine works out every legal outcome over all the choices players could make
(:mod:`mtgkit.outcomes`): a question either asks about that set ("which of these could Alice's
pool hold?") or fixes the choice in its stem ("Alice applies Contamination first"), and exactly
the legal answers are marked right. Nothing here knows a topic: a new topic in the registry is
practised with no change to this module.

Every wrong option exists because a named misconception (:mod:`mtgkit.misconceptions`)
produces it on the same board and sequence; a wrong answer's feedback names the one
misconception that best explains it, says what the rule really says and, when it is another
board than the question's, shows the smallest board (with its steps) where the two differ, then
explains the right answer in plain words and the engine's event chain (the words are
:mod:`mtgkit.presenting`'s). A question is of one of three
kinds (:data:`QuestionKind`): ``choice``; ``which-rule`` ("which rule decides this?", whose
options are rule numbers with their titles and whose right option is the rule on the engine
event that decided the outcome); or ``true-false``. A hard question always has at least four
options and is never true/false.

A stream keeps its answers balanced (:func:`questions`): among the last 20 questions no answer
text is right more than a quarter of the time, and "nothing" (no mana) at most a fifth; it draws
another board to keep that, and ends rather than break it. A question's wrong options (among
those its misconceptions give, :func:`candidates`) and their order are chosen so that a
test-wise student who knows no rules (:mod:`mtgkit.testwise`: the longest option, the shortest,
the one most like the others, always the first, ...) stays at chance over the stream
(:func:`choose`, :func:`arrange`).
:func:`as_json` gives the questions as data, for a learning platform or for measuring the bank.

>>> q = next(questions("tap-untap", "easy", seed=7))
>>> q.kind in QUESTION_KINDS and len(q.options) >= 2
True
>>> grade(q, q.answer).correct, grade(q, next(o for o in q.options if o not in q.answers)).correct
(True, False)
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter, deque
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, cast

from . import capstones as bank
from .crlinks import link_rules_markdown
from .errors import RulesError
from .grading import (
    Report,
    Unreadable,
    Verdict,
    assessing,
    look_again,
    one_of,
    read_bool,
    read_mana,
    report,
    said,
)
from .misconceptions import CATALOG, distractors, misses
from .outcomes import TooManyOutcomes
from .presenting import (
    best_misconception,
    cards_of,
    misconception_feedback,
    misconception_sentence,
    question_markdown,
)
from .records import Value
from .rules import TITLES
from .safetext import shown
from .teaching import Case, Play, cr, deciding_rules, relied_on, same_point, split_explanation
from .testwise import BY_LOOK, BY_PLACE, Asked, Tally
from .topics import TOPICS as REGISTRY
from .topics import crossing
from .topics import topic as find_topic
from .topics.base import (
    LEVELS,
    VARIANTS,
    Exercise,
    Lesson,
    Level,
    Situation,
    Stem,
    Topic,
    TopicName,
    rules_held,
)

#: The topics' names (the registry, :data:`mtgkit.topics.TOPICS`, has the rest).
TOPICS: tuple[TopicName, ...] = tuple(REGISTRY)
#: The stream of hand-written capstones (:mod:`mtgkit.capstones`), besides the topics' streams.
CAPSTONES = "capstones"
#: The stream drawn from every topic at once, crossed questions included.
MIXED = "mixed"
#: Every stream practice offers: each topic, all of them mixed, then the capstones.
STREAMS: tuple[str, ...] = (*TOPICS, MIXED, CAPSTONES)
#: How often a hard question is drawn from the questions that cross its topic with another
#: (:mod:`mtgkit.topics.crossing`), and a mixed stream's question at either level.
CROSSED = 0.4
TRUE_FALSE = ("true", "false")
#: The kinds of question, as the JSON export names them.
QuestionKind = Literal["choice", "true-false", "which-rule"]
QUESTION_KINDS: tuple[QuestionKind, ...] = ("choice", "true-false", "which-rule")

#: In a stream, among the last :data:`WINDOW` questions, no answer text is the right one for more
#: than this share of them (so "always Bob" or "always yes" doesn't pass, nor becomes a habit) ...
MAX_SHARE = 0.25
#: ... and an answer saying there is nothing (no mana, no type) for no more than this share.
NOTHING_SHARE = 0.2
WINDOW = 20
#: The answers that say "nothing".
NOTHING = frozenset({"nothing", "no mana"})
#: How often a question asks "which rule decides?" about its board, when the board has one event
#: that decided it.
WHICH_RULE = 0.15
#: A wrong option offered in this share of the last questions is offered again only when a
#: question has no other.
OFFERED_SHARE = 0.25
#: No test-wise heuristic that reads the options (:data:`mtgkit.testwise.BY_LOOK`: the longest,
#: the shortest, ...) gets more than this many questions of a stream right beyond chance (the
#: options' order keeps the key's place at chance, :func:`arrange`): a question that would take
#: one further ahead past it is not asked (the stream draws another board), unless it shows an outcome its
#: block of :data:`WINDOW` must show (:attr:`~mtgkit.topics.base.Topic.spread`) and hasn't yet.
LEAD = 0.75
#: Which-rule questions are at most this share of a stream.
WHICH_RULE_SHARE = 0.2
#: How often an easy question is true/false (a hard one never is), and its most in a stream.
TRUE_OR_FALSE = 0.1
TRUE_OR_FALSE_SHARE = 0.2


class Question(Value):
    """One question: the board, the steps played on it, what is asked, the options, every right
    option and why.

    ``answers`` holds every option that is right (several when the question asks which
    outcomes are possible); ``wrong`` says, for each wrong option, which misconceptions
    produce it, and ``notes`` what is wrong with a wrong option no misconception produces (a
    rule that doesn't decide it). A true/false question states ``claim`` and asks whether it
    holds. ``rules`` are the CR numbers that decide it."""

    topic: str  # a topic's name, "capstones", or a teacher's question set's name (set_name)
    level: Level
    seed: int
    number: int
    board: str  # the situation in plain words
    prompt: str
    options: tuple[str, ...]
    answers: tuple[str, ...]
    explanation: str  # plain words first, then the engine's event chain
    situation: Case[str]  # a practice situation, or a capstone
    wrong: tuple[tuple[str, tuple[str, ...]], ...] = ()
    claim: str | None = None  # the answer a true/false question states
    steps: tuple[str, ...] = ()  # the play sequence after the board, in words
    kind: QuestionKind = "choice"
    rules: tuple[str, ...] = ()
    notes: tuple[tuple[str, str], ...] = ()
    tags: tuple[tuple[str, str], ...] = ()

    @property
    def answer(self) -> str:
        """The first right option (see :attr:`answers` for all of them)."""
        return self.answers[0]

    @property
    def key(self) -> object:
        """What makes two questions the same: their board (and sequence)."""
        return self.situation.key()

    def misconceptions(self, option: str) -> tuple[str, ...]:
        return dict(self.wrong).get(option, ())

    def as_dict(self) -> dict[str, Any]:
        """The question as data (see :func:`as_json`)."""
        index = {o: i for i, o in enumerate(self.options)}
        return {
            "topic": self.topic, "level": self.level, "seed": self.seed, "number": self.number,
            "kind": self.kind, "board": self.board, "steps": list(self.steps),
            "cards": [{"name": c.name, "cost": c.cost, "type_line": c.type_line, "text": c.text}
                      for c in cards_of(self)],
            "stem": self.prompt,
            "options": list(self.options), "right": [index[a] for a in self.answers],
            "rules": list(self.rules),
            "misconceptions": {str(index[o]): list(names) for o, names in self.wrong if names},
            "explanation": self.explanation, "tags": dict(self.tags),
        }


class Feedback(Value):
    correct: bool
    message: str
    misconceptions: tuple[str, ...] = ()


def grade(question: Question, answer: object) -> Feedback:
    """Grade one answer. A wrong one names the misconception that produces it, says what the
    rule really says and where the two differ, then explains the right answer."""
    match = _match(question, answer)
    if match is None:
        return Feedback(False, f"{answer!r} is not one of the options ({', '.join(question.options)}): "
                               f"pick one of them.")
    right = one_of([_bare(a) for a in question.answers])
    if match in question.answers:
        others = [a for a in question.answers if a != match]
        also = f" ({one_of(others)} would be right too: the players' choices decide.)" if others else ""
        return Feedback(True, f"Right: {match}.{also}\n{question.explanation}")
    names = question.misconceptions(match)
    lines = [f"Not {_bare(match)}: the answer is {right}."]
    note = dict(question.notes).get(match)
    if note:
        lines.append(note)
    best = best_misconception(names, question.rules)
    if best is not None:
        lines.append(misconception_feedback(best, question))
    lines += ["Why:", question.explanation]
    return Feedback(False, "\n".join(lines), names)


def _bare(option: str) -> str:
    """An option as a verdict line quotes it: without its own full stop (a capstone's options are
    sentences), so the line doesn't end "..", nor read "You chose ... .: the answer is".

    >>> _bare("Bob stays the monarch."), _bare("{G}")
    ('Bob stays the monarch', '{G}')
    """
    return option[:-1] if option.endswith(".") and not option.endswith("..") else option


def _match(question: Question, answer: object) -> str | None:
    """The option ``answer`` means: the same text in any case, mana symbols in any order
    (``{U}{W}{R}`` is ``{W}{U}{R}``), ``True``/``yes`` for ``true``/``yes``, ``3`` for ``"3"``,
    ``614.9`` for ``CR 614.9: ...``."""
    text = str(answer).strip()
    exact = next((o for o in question.options if o.lower() == text.lower()), None)
    if exact is not None:
        return exact
    if question.kind == "which-rule":
        number = text.removeprefix("CR ").split(":")[0].strip()
        return next((o for o in question.options if o.startswith(f"CR {number}:")), None)
    if set(question.options) in ({"yes", "no"}, set(TRUE_FALSE)):
        try:
            said = read_bool(answer)
        except Unreadable:
            return None
        return question.options[0] if said else question.options[1]
    try:
        mana = read_mana(answer)
    except Unreadable:
        return None
    for option in question.options:
        try:
            if read_mana(option) == mana:
                return option
        except Unreadable:
            continue
    return None


def check_practice(answers: Sequence[object], qs: Sequence[Question]) -> Report:
    """Grade answers to practice questions (in order) with the engine's explanations; answers
    may be written in any reasonable form (see :func:`grade`). Each verdict says what the
    learner gave, the misconception a wrong answer comes from, the reason and the engine's
    events, as the exercises' checkers do; in assessment mode, never the answer."""
    rows: list[tuple[str, Verdict | None]] = []
    for i, q in enumerate(qs):
        given = answers[i] if i < len(answers) else None
        rows.append((str(q.number), None if given is None else practice_verdict(q, given)))
    return report(rows)


#: The practice notebook of the course (it belongs to no topic: it asks about all of them). Its
#: boards are generated, so it has no worked example among the scenario files.
LESSON = Lesson(
    stem="08-practice",
    title="Practice: endless questions, answered by the engine",
    summary="endless practice questions on every topic, generated, answered and explained by the engine",
    exercises=(
        Exercise(number=1, check=check_practice, answers=("answers1",), setup=("questions1",)),
        Exercise(number=2, check=check_practice, answers=("answers2",), setup=("questions2",)),
    ),
    worked_example=False,
)


def practice_verdict(q: Question, given: object) -> Verdict:
    """One practice answer's verdict, in the exercises' shape (:class:`~mtgkit.grading.Verdict`)."""
    fb = grade(q, given)
    match = _match(q, given)
    if match is None:
        return Verdict(False, fb.message)
    why = split_explanation(q.explanation)
    if fb.correct:
        others = [a for a in q.answers if a != match]
        also = f" ({one_of(others)} would be right too: the players' choices decide)" if others else ""
        return Verdict(True, f"{said(_bare(match))}: right{also}.", why=why.reason.text, detail=why.detail)
    best = best_misconception(fb.misconceptions, q.rules)
    found = [CATALOG[n] for n in best.split(" + ")] if best is not None else []
    if assessing():
        note = misconception_sentence(best) if best is not None else ""
        again = look_again([m.rule for m in found] or why.reason.rules)
        return Verdict(False, f"{said(_bare(match))}: not right.",
                       note="\n".join(filter(None, [note, again])))
    return Verdict(False, f"{said(_bare(match))}: the answer is {one_of([_bare(a) for a in q.answers])}.",
                   note=misconception_feedback(best, q) if best is not None else "",
                   why=why.reason.text, detail=why.detail)


#: How many draws in a row a stream may make without finding a question it may ask (a new board
#: worth asking that keeps the stream balanced) before it ends (a hard monarch stream may need
#: several hundred near its twentieth question). No question that would break the balance is ever
#: asked: when none can be found, the stream ends.
MAX_MISSES = 1000


def questions(topic: str, level: str = "easy", seed: int = 0) -> Iterator[Question]:
    """A stream of questions on ``topic`` at ``level``, each on a different board, reproducible
    by seed. Its answers are balanced (:data:`MAX_SHARE`, :data:`NOTHING_SHARE`, the topic's
    :attr:`~mtgkit.topics.base.Topic.spread` in every :data:`WINDOW`), and its options are chosen
    and ordered so that no test-wise heuristic (:mod:`mtgkit.testwise`) drifts from chance; it
    ends when :data:`MAX_MISSES` draws in a row find no new board that keeps that balance.
    ``topic`` may be ``"capstones"``: the hand-written capstones, every one whatever the level,
    in an order the seed picks."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    at: Level = "easy" if level == "easy" else "hard"
    if topic == CAPSTONES:
        yield from _capstones(at, seed)
        return
    asked = _mixed() if topic == MIXED else find_topic(topic)
    rng = random.Random(f"{topic}/{level}/{seed}")
    seen: set[object] = set()
    recent: deque[tuple[str, ...]] = deque(maxlen=WINDOW)
    kinds: deque[str] = deque(maxlen=WINDOW)
    offered: deque[tuple[str, ...]] = deque(maxlen=WINDOW)  # each question's wrong options
    shown: set[tuple[str, str]] = set()  # the spread outcomes this block of 20 has shown
    tally = Tally()  # how far each test-wise heuristic is from chance so far
    number = misses_in_a_row = 0
    while misses_in_a_row < MAX_MISSES:
        worn = Counter(o for options in offered for o in options)
        stale = frozenset(o for o, n in worn.items() if n >= OFFERED_SHARE * WINDOW)
        q = _draw(rng, asked, at, seen, seed, number + 1, stale, tally)
        if q is None or not fits(q, recent, kinds) or \
                (tally.takes_over(q, LEAD, BY_LOOK) and not set(q.tags) & set(_missing(asked, shown))) or \
                len(_missing(asked, shown | set(q.tags))) > WINDOW - number % WINDOW - 1:
            # no board, an answer (or kind) common enough already, a question a test-wise
            # heuristic would get right once too often (unless it shows an outcome this block
            # must show and hasn't: those may be rare), or the rest of this block is kept for the
            # outcomes it hasn't shown yet: draw another
            misses_in_a_row += 1
            continue
        misses_in_a_row = 0
        recent.append(q.answers)
        kinds.append(q.kind)
        offered.append(tuple(o for o in q.options if o not in q.answers))
        tally.add(q)
        seen.add(q.key)
        number += 1
        shown = set() if number % WINDOW == 0 else shown | set(q.tags)
        yield q


def _mixed() -> Topic:
    """The mixed stream as a topic: each question from a topic drawn at random, or (at easy, where
    a topic's own stream has none) crossing two topics."""
    def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
        if level == "easy" and rng.random() < CROSSED:
            return crossing.generate(MIXED, rng, level)
        return REGISTRY[rng.choice(TOPICS)].generate(rng, level)

    return Topic(cast(TopicName, MIXED), "every topic at once", (), (), (), generate)


def fits(q: Question, recent: Sequence[Sequence[str]], kinds: Sequence[str]) -> bool:
    """May a stream whose last questions had these right answers (``recent``) and kinds ask
    ``q`` next? Its answers keep the stream :func:`balanced`, and its kind is under its share
    (which-rule :data:`WHICH_RULE_SHARE`, true/false :data:`TRUE_OR_FALSE_SHARE`)."""
    share = {"which-rule": WHICH_RULE_SHARE, "true-false": TRUE_OR_FALSE_SHARE}.get(q.kind, 1.0)
    return balanced(q.answers, recent) and list(kinds).count(q.kind) < max(1, int((len(kinds) + 1) * share))


def _missing(topic: Topic, shown: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """The outcomes the topic's streams must show (:attr:`Topic.spread`) not in ``shown``."""
    return [(tag, value) for tag, values in topic.spread for value in values if (tag, value) not in shown]


def balanced(answers: Sequence[str], recent: Sequence[Sequence[str]]) -> bool:
    """Would a question with these right ``answers`` keep the stream balanced, after the
    ``recent`` questions' right answers? Each answer text may be right in at most a quarter of
    the questions so far (counting this one; at least once), "nothing" in at most a fifth.

    >>> balanced(["Bob"], [["Bob"], ["Alice"], ["nobody"]])
    False
    >>> balanced(["Bob"], [["Bob"], ["Alice"], ["nobody"], ["3"], ["1"], ["2"], ["0"]])
    True
    """
    n = len(recent) + 1
    for text in answers:
        if sum(text in a for a in recent) + 1 > max(1, int(n * MAX_SHARE)):
            return False
    if NOTHING & set(answers):
        said = sum(bool(NOTHING & set(a)) for a in recent)
        if said + 1 > max(1, int(n * NOTHING_SHARE)):
            return False
    return True


def _draw(rng: random.Random, topic: Topic, level: Level, seen: set[object], seed: int,
          number: int, stale: frozenset[str] = frozenset(), tally: Tally | None = None) -> Question | None:
    """The next question on a new board (``None`` when the board drawn is not worth asking:
    no misconception gets it wrong, or a hard question would have fewer than four options)."""
    try:
        crossed = level == "hard" and rng.random() < CROSSED
        drawn = crossing.generate(topic.name, rng, level) if crossed else topic.generate(rng, level)
        if drawn is None or drawn[0].key() in seen:
            return None
        s, stem = drawn
        roll = rng.random()
        if roll < WHICH_RULE:
            q = _which_rule(rng, s, stem, topic, level, seed, number)
            if q is not None:
                return q
        elif level == "easy" and roll < WHICH_RULE + TRUE_OR_FALSE:
            return _true_false(rng, s, stem, topic.name, level, seed, number)
        return _question(rng, s, stem, topic.name, level, seed, number, stale, tally)
    except (RulesError, TooManyOutcomes):
        return None  # a board the rules don't allow, or too big to explore: draw another


def _capstones(level: Level, seed: int) -> Iterator[Question]:
    """The built-in capstones as questions (:func:`hand_written`)."""
    yield from hand_written(bank.load(), CAPSTONES, level, seed)


def hand_written(caps: Sequence[bank.Capstone], name: str, level: Level, seed: int) -> Iterator[Question]:
    """Hand-written questions (capstones, or a teacher's question set called ``name``) as a stream,
    shuffled by the seed (the same files and seed give the same order, whatever the set is
    called); each one's options in the order that keeps the key's place at chance over the stream
    (:func:`arrange`), unless an option names another by its letter ("All of option B"): then in
    their written order. Each question's ``topic`` is ``name``."""
    caps = list(caps)
    rng = random.Random(f"capstones/{seed}")
    rng.shuffle(caps)
    tally = Tally()
    for number, c in enumerate(caps, 1):
        q = capstone_question(c, level, seed, number)
        if name != q.topic:
            q = q.replace(topic=name)
        if not any(LETTERED.search(o) for o in q.options):
            q = q.replace(options=arrange(rng, q.options, q.answers, tally))
        tally.add(q)
        yield q


def set_name(folder: str | Path) -> str:
    """A teacher's question set is called after its folder (``week-3/`` gives ``week-3``); a folder
    named like one of practice's streams (a topic, ``mixed`` or ``capstones``) gets ``-questions``
    after it, so a teacher's set and a generated stream never share a name.

    >>> set_name("classes/week-3"), set_name("classes/monarch"), set_name("odd\\nname")
    ('week-3', 'monarch-questions', 'odd\\\\nname')
    """
    name = shown(Path(folder).resolve().name) or "questions"  # a control or invisible character escaped
    return f"{name}-questions" if name in STREAMS else name


def questions_from(folder: str | Path, level: str = "hard", seed: int = 0) -> Iterator[Question]:
    """A teacher's question set as a stream: every question file under ``folder``
    (:func:`mtgkit.capstones.load_folder`, which refuses a folder with a problem in one line, at
    once), as the capstones are asked (:func:`hand_written`), each question's ``topic`` the set's
    name (:func:`set_name`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    caps = bank.load_folder(folder, seed)  # a file's version by the seed too
    return hand_written(caps, set_name(folder), "easy" if level == "easy" else "hard", seed)


def is_hand_written(q: Question) -> bool:
    """Is ``q`` a hand-written question (a capstone, or a teacher's), not a generated one?"""
    return isinstance(q.situation, bank.Capstone)


#: An option that names another by its letter, so the options keep the order they were written in.
LETTERED = re.compile(r"\boptions? [A-H]\b")


def capstone_question(c: bank.Capstone, level: Level = "hard", seed: int = 0, number: int = 1) -> Question:
    """A capstone as a practice question: its set-up and cards as the board, its steps, its
    question, its options (each wrong one with its misconception) and its "why". An automatic
    one (:attr:`~mtgkit.capstones.Capstone.auto`) is made as a generated question is
    (:func:`auto_question`)."""
    if c.auto:
        return auto_question(c, level, seed, number)
    board = c.setup_words  # the cards' texts are listed with every view (mtgkit.presenting)
    wrong = tuple((o.text, (o.misconception,)) for o in c.options if not o.right)
    notes = tuple((o.text, o.because) for o in c.options if not o.right and o.because)
    return Question(CAPSTONES, level, seed, number, board, f"{c.title}. {c.question}",
                    tuple(o.text for o in c.options), c.legal(), c.explain(), c, wrong,
                    steps=c.steps(), rules=c.rules, notes=notes, tags=(("capstone", c.id),))


#: How many options an automatic capstone offers at most: the engine's answer and three wrong ones.
AUTO_OPTIONS = 4


def auto_question(c: bank.Capstone, level: Level = "hard", seed: int = 0, number: int = 1) -> Question:
    """An automatic capstone (a ``[model]`` and no option marked right) as a question: the engine's
    answers (the first two, as a generated question shows them), every wrong option its author
    wrote, and as many of the wrong answers the misconception variants give on the same play
    (:func:`candidates`, two held together on a ``hard`` capstone) as make :data:`AUTO_OPTIONS`,
    chosen by :func:`choose` with a seeded generator; the rules are the author's, else those on
    the events where the variants behind its wrong options part from the rules
    (:func:`question_rules`)."""
    s = c.situation()
    if s is None:
        raise ValueError(f"{c.id}: an automatic question needs a [model] with a situation")
    legal = s.legal()
    shown = tuple(legal[:2])
    written = {o.text: o for o in c.options if not o.right}  # an option's words, as its author wrote them
    own = {words: (o.misconception,) for words, o in written.items() if words not in legal}
    wrong = {o: names for o, names in candidates(s, pairs=c.level == "hard").items() if o not in own}
    rng = random.Random(f"capstones/{c.id}/{c.version}/{seed}")
    board, steps = c.setup_words, c.steps()
    looks = Asked(options=(), answers=shown, prompt=c.question, board=board, steps=steps)
    k = max(0, AUTO_OPTIONS - len(shown) - len(own))
    picked = choose(rng, looks, wrong, k, Tally()) if k else shown
    options = arrange(rng, (*picked, *own), shown, Tally())
    names = {**wrong, **own}
    held = [n for o in options for n in names.get(o, ())]
    rules = c.rules or question_rules(s, held, Stem((c.question,), lambda v: v, ""))
    notes = tuple((words, o.because) for words, o in written.items() if o.because and words in options)
    tags = (("capstone", c.id),) + ((("version", c.version),) if c.version else ())
    return Question(CAPSTONES, level, seed, number, board, f"{c.title}. {c.question}", options,
                    tuple(o for o in options if o in legal), c.explain(), c,
                    tuple((o, names[o]) for o in options if o in names), steps=steps, rules=rules,
                    notes=notes, tags=tags)


def worksheet(topic: str, level: str, n: int, seed: int) -> list[Question]:
    """The first ``n`` questions for a seed (fewer if the topic runs out)."""
    return list(itertools.islice(questions(topic, level, seed), n))


# =============================================================================== building
def stem_rules(stem: Stem) -> tuple[str, ...]:
    """The CR numbers a stem cites ("CR 725.2, 614.9" -> ("725.2", "614.9"))."""
    return cr_numbers(stem.rules)


def question_rules(s: Situation, names: Sequence[str], stem: Stem) -> tuple[str, ...]:
    """The rules a question cites: those on the events that decide it. On a play, where the variants
    behind its wrong options (``names``: misconceptions, or pairs ``"a + b"``) part from the rules
    (:func:`~mtgkit.teaching.deciding_rules`); else on the event that decided the outcome
    (``decisive()``); else the rules its wrong options' misconceptions misread; the stem's own
    only when none of these is known."""
    play = getattr(s, "play", None)
    found: tuple[str, ...] = ()
    if isinstance(play, Play):
        held = [frozenset(n.split(" + ")) for n in dict.fromkeys(names)]
        found = deciding_rules(play, [rules_held(h) for h in held if h <= VARIANTS.keys()])
        if found:  # a variant whose play parts nowhere from the rules' differs in how the answer is
            # read off the game (what a permanent could produce, a mana value): the rule it misreads
            found += tuple(CATALOG[p].rule for p in sorted(set().union(*held)) if p in VARIANTS
                           and p in CATALOG and not deciding_rules(play, [rules_held({p})]))
            found = tuple(dict.fromkeys(found))
    reason = s.decisive() if not found else None
    if reason is not None:
        found = reason.rules
    if not found:
        found = tuple(dict.fromkeys(CATALOG[p].rule for n in names for p in n.split(" + ") if p in CATALOG))
    return found or stem_rules(stem)


def cr_numbers(text: str) -> tuple[str, ...]:
    """The CR numbers a text cites, in order ("(CR 725.2, 614.9)" -> ("725.2", "614.9"))."""
    return tuple(re.findall(r"\d{3}\.\d+[a-z]?|\d{3}(?!\.\d)", text))


def _question(rng: random.Random, s: Situation, stem: Stem, topic: TopicName, level: Level, seed: int,
              number: int, stale: frozenset[str] = frozenset(),
              tally: Tally | None = None) -> Question | None:
    legal = s.legal()
    wrong = candidates(s, pairs=level == "hard")
    if not legal or not wrong:
        return None  # no misconception gets this board wrong: not worth asking
    shown_legal = tuple(legal[:2])
    target = 4 if level == "hard" else 3
    if level == "hard" and len(shown_legal) + len(wrong) < 4:
        return None  # a hard question has four options or more: draw another board
    ask = rng.choice(stem.asks)
    board, steps = s.describe(), s.steps()
    looks = Asked(options=(), answers=shown_legal, prompt=ask, board=board, steps=steps)
    options = choose(rng, looks, wrong, max(1, target - len(shown_legal)), tally or Tally(), stale)
    rules = question_rules(s, [n for o in options for n in wrong.get(o, ())], stem)
    prompt = f"{ask} ({cr(rules)})"
    return Question(topic, level, seed, number, board, prompt, options,
                    tuple(o for o in options if o in legal), s.explain(), s,
                    tuple((o, wrong[o]) for o in options if o in wrong), steps=steps,
                    rules=rules, tags=s.tags())


def candidates(s: Situation, *, pairs: bool = True) -> dict[str, tuple[str, ...]]:
    """Every wrong option a question on ``s`` may offer -> the misconceptions behind it: the wrong
    answers of single misconceptions and (``pairs``) of two held together
    (:func:`~mtgkit.topics.base.distractors`), then the answers of the related boards the
    situation offers (:meth:`~mtgkit.topics.base.Situation.related`: the same play with one thing
    changed, as a learner holding a named misreading sees it), each with that misreading too."""
    wrong = dict(distractors(s, pairs=pairs))
    legal = set(s.legal())
    for name, other in s.related():
        for answer in other.legal():
            if answer not in legal and name not in wrong.get(answer, ()):
                wrong[answer] = (*wrong.get(answer, ()), name)
    return wrong


#: A question weighs the sets of wrong options it could offer among its likeliest this many
#: candidates (every set of them: 120 sets of three from ten).
LIKELIEST = 10
#: What a less likely wrong option costs against fairness (:meth:`mtgkit.testwise.Tally.cost`,
#: in squared questions): one only two misconceptions held together (or a misreading of the
#: board) give, or one the stream has offered often lately.
UNLIKELY = 0.25
#: What a set of wrong options that would take a heuristic past :data:`LEAD` costs: any set that
#: doesn't is chosen before it (the stream would not ask the question otherwise).
OVER = 100.0


def choose(rng: random.Random, looks: Asked, wrong: Mapping[str, tuple[str, ...]], k: int, tally: Tally,
           stale: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """A question's options: its right ones (``looks.answers``) and ``k`` of the ``wrong`` ones
    (each -> the misconceptions that give it), chosen and then ordered so that, over the stream so
    far (``tally``), no test-wise heuristic (:mod:`mtgkit.testwise`) drifts from chance: the set
    of wrong options that keeps the heuristics that read the options (longest, shortest, most
    words shared with the stem or with the others, the middle number) nearest chance, a single
    misconception's answer (or a misread board's) before a pair's and a fresh one before one
    offered often lately (:data:`UNLIKELY`), and never a set that takes one past :data:`LEAD`
    when another doesn't (:data:`OVER`); then the order that keeps the key's place nearest
    chance (:func:`arrange`). Ties go to the seeded ``rng``'s pick. So the key looks, over a
    stream, like any other option; every option offered is right or one of ``wrong``."""
    def cost(o: str) -> float:
        return UNLIKELY * (all(" + " in n for n in wrong[o]) + (o in stale))

    pool = sorted(wrong)
    rng.shuffle(pool)
    pool.sort(key=cost)  # stable: the likeliest first, in a seeded order
    k = min(k, len(pool))
    best: tuple[float, tuple[str, ...]] | None = None
    for picked in itertools.combinations(pool[:max(LIKELIEST, k)], k):
        options = (*looks.answers, *picked)
        asked = looks.replace(options=options)
        score = (tally.cost(asked, BY_LOOK) + sum(cost(o) for o in picked)
                 + OVER * tally.takes_over(asked, LEAD, BY_LOOK))
        if best is None or score < best[0]:
            best = (score, options)
    assert best is not None
    options = best[1]
    if set(options) == {"yes", "no"}:
        return ("yes", "no")  # read in that order
    return arrange(rng, options, looks.answers, tally)


def arrange(rng: random.Random, options: Sequence[str], answers: Sequence[str],
            tally: Tally) -> tuple[str, ...]:
    """``options`` in the order that keeps the right ones' places (first, second, ..., last)
    nearest chance over the stream so far (``tally``); ties in a seeded order."""
    shuffled = list(options)
    rng.shuffle(shuffled)
    orders = (itertools.permutations(shuffled) if len(shuffled) <= 5 else
              (tuple(rng.sample(shuffled, len(shuffled))) for _ in range(120)))
    right = tuple(a for a in answers if a in options)
    return min(orders, key=lambda order: tally.cost(Asked(options=tuple(order), answers=right), BY_PLACE))


def _true_false(rng: random.Random, s: Situation, stem: Stem, topic: TopicName, level: Level, seed: int,
                number: int) -> Question | None:
    """A claim the rules make true or false, chosen so that a misconception flips it."""
    legal, wrong = s.legal(), distractors(s, pairs=False)
    missed = [a for a in legal if misses(s, a)]
    if missed and rng.random() < 0.5:
        claim, truth, names = missed[0], "true", tuple(misses(s, missed[0]))
    elif wrong:
        claim = sorted(wrong)[rng.randrange(len(wrong))]
        truth, names = "false", wrong[claim]
    else:
        return None
    rules = question_rules(s, names, stem)
    prompt = f"True or false: {stem.claim(claim)} ({cr(rules)})"
    other = "false" if truth == "true" else "true"
    return Question(topic, level, seed, number, s.describe(), prompt, TRUE_FALSE, (truth,),
                    s.explain(), s, ((other, names),), claim, steps=s.steps(), kind="true-false",
                    rules=rules, tags=s.tags())


def rule_option(rule: str) -> str:
    """A rule as a which-rule question offers it: ``"CR 614.9: redirection effects ..."``."""
    return f"CR {rule}: {TITLES[rule]}"


def _which_rule(rng: random.Random, s: Situation, stem: Stem, topic: Topic, level: Level, seed: int,
                number: int) -> Question | None:
    """"Which rule decides this?" about a board with one outcome: the right option is the rule
    on the engine event that decided it (:func:`which_rule_options`)."""
    reason = s.decisive()
    legal = s.legal()
    if reason is None or len(legal) != 1:
        return None
    found = which_rule_options(rng, s, reason.rules, topic, 3 if level == "hard" else 2)
    if found is None:
        return None
    right, chosen = found
    options = [rule_option(r) for r in [right, *chosen]]
    rng.shuffle(options)
    said = stem.claim(legal[0])
    prompt = (f"{said[0].upper()}{said[1:]} Which rule decides this? (the rules are from the "
              f"Comprehensive Rules)")
    notes = tuple((rule_option(r), f"CR {r} says: {TITLES[r]}. That isn't what decides this "
                   f"question.") for r in chosen)
    wrong = tuple((rule_option(r), names) for r, names in chosen.items() if names)
    return Question(topic.name, level, seed, number, s.describe(), prompt, tuple(options),
                    (rule_option(right),), s.explain(), s, wrong, steps=s.steps(),
                    kind="which-rule", rules=(right,), notes=notes, tags=s.tags())


def which_rule_options(rng: random.Random, s: Situation, deciding: Sequence[str], topic: Topic,
                       n: int) -> tuple[str, dict[str, tuple[str, ...]]] | None:
    """A which-rule question's key and ``n`` wrong rules, each with the misconceptions it is named
    by (``None`` when there aren't enough). The key is the first rule of the deciding event
    (``deciding``) that has a title. No wrong rule is also right: none makes the same point as a
    rule the deciding event or the explanation cites (:func:`~mtgkit.teaching.same_point`: the
    same rule, a parent or subrule, or a pair of rules whose texts cover one point).

    The wrong rules are first the rules the misconceptions behind this board's wrong answers rely
    on, each named by them: where a variant plays the board otherwise, the rules on the events it
    plays that the CR doesn't (:func:`~mtgkit.teaching.relied_on`). Then the rules of the topic's
    misconceptions, then other topics', that have no part in this board (:func:`relevant_rules`),
    each named by no misconception (its note says what it is about: a misconception's own rule is
    the real rule, which refutes it, so a rule of a misconception that changes this board's answer
    is never offered as wrong: it has a part in the outcome)."""
    right = next((r for r in deciding if r in TITLES), None)
    if right is None:
        return None
    cited = {*deciding, *cr_numbers(s.explain())}

    def free(rule: str) -> bool:
        return rule in TITLES and not any(same_point(rule, c) for c in cited)

    board: dict[str, list[str]] = {}
    play = getattr(s, "play", None)
    behind = sorted({p for names in distractors(s, pairs=False).values() for n in names
                     for p in n.split(" + ")})
    for name in (n for n in behind if n in VARIANTS):
        for rule in relied_on(play, rules_held({name})) if isinstance(play, Play) else ():
            # a misconception's own rule is the real one, which refutes it: never named by it
            if free(rule) and name not in board.get(rule, []) and not same_point(rule, CATALOG[name].rule):
                board.setdefault(rule, []).append(name)
    own_rules = sorted(board)
    rng.shuffle(own_rules)
    relevant = relevant_rules(s, deciding)
    mine = sorted({m.rule for m in topic.misconceptions} - relevant - set(board))
    rng.shuffle(mine)
    rest = sorted({m.rule for m in CATALOG.values()} - relevant - set(board) - set(mine))
    rng.shuffle(rest)
    chosen: dict[str, tuple[str, ...]] = {}
    for r in own_rules + mine + rest:
        if len(chosen) < n and free(r) and not any(same_point(r, c) for c in chosen):
            chosen[r] = tuple(board.get(r, ()))
    return (right, chosen) if len(chosen) == n else None


def relevant_rules(s: Situation, deciding: Sequence[str] = ()) -> set[str]:
    """The rules with a part in ``s``'s outcome, none of which a which-rule question may offer
    as a wrong option unnamed: those the deciding event (``deciding``) and the explanation cite,
    the rules making the same point (parent rules, subrules, :data:`~mtgkit.teaching.RULE_OVERLAPS`),
    and the rules of the misconceptions that change an answer on this board (a misconception's
    rule is the real rule it misreads), with those its "what the rule says" cites."""
    cited = {*deciding, *cr_numbers(s.explain())}
    for names in distractors(s, pairs=False).values():
        for m in {CATALOG[part] for name in names for part in name.split(" + ")}:
            cited |= {m.rule, *cr_numbers(m.rule_says)}
    return {r for r in [*TITLES, *cited] if any(same_point(r, c) for c in cited)}


def as_json(qs: Sequence[Question]) -> str:
    """The questions as a JSON list, one object per question: ``topic`` (the topic's name for a
    generated question, ``capstones`` for the built-in hand-written ones, or a teacher's question
    set's name, :func:`set_name`: its folder's name), ``level``, ``seed``,
    ``number``, ``kind`` (``choice``, ``true-false`` or ``which-rule``), ``board``, ``steps``
    (the actions played after the set-up, in words), ``cards`` (each card the question uses:
    ``name``, ``cost``, ``type_line``, ``text``), ``stem`` (the question), ``options``,
    ``right`` (indexes into ``options``), ``rules`` (the CR numbers that decide it),
    ``misconceptions`` (a wrong option's index, as a string, -> the list of every misconception
    that produces it, ``"a + b"`` for two held together), ``explanation`` and ``tags`` (facts
    about the outcome, such as where the crown went; a hand-written question's ``capstone`` is its
    id).

    >>> data = json.loads(as_json(worksheet("monarch", "hard", 1, seed=3)))
    >>> sorted(data[0])[:6], len(data[0]["options"]) >= 4
    (['board', 'cards', 'explanation', 'kind', 'level', 'misconceptions'], True)
    """
    return json.dumps([q.as_dict() for q in qs], indent=1, ensure_ascii=False) + "\n"


# =============================================================================== worksheets
def render_worksheet(qs: list[Question], *, key: bool = False, links: bool = False) -> str:
    """Markdown for a worksheet, or (``key=True``) its answer key with explanations and the
    misconception behind each wrong option. ``links=True`` makes every CR number a link."""
    if not qs:
        return "# (no questions)\n"
    q0 = qs[0]
    # a hand-written set (the capstones, a teacher's), each at its own level: the title names none
    title = (f"# mtgkit worksheet: {q0.topic} (seed {q0.seed})" if is_hand_written(q0) else
             f"# mtgkit worksheet: {q0.topic}, {q0.level} (seed {q0.seed})")
    lines = [title + (" — answer key" if key else ""), "",
             "Rule numbers are from the Comprehensive Rules of 2026-08-07.", ""]
    for q in qs:
        lines.append(question_markdown(q, right=q.answers if key else ()))
        if key:
            for opt, names in q.wrong:
                titles = "; ".join(" + ".join(CATALOG[n].title for n in name.split(" + "))
                                   for name in names)
                lines.append(f"*{opt}* comes from the misconception: {titles}.")
            for opt, note in q.notes:
                if not q.misconceptions(opt):
                    lines.append(f"*{opt}*: {note}")
            lines += ["", "```", q.explanation, "```", ""]
    text = "\n".join(lines)
    return link_rules_markdown(text) if links else text


__all__ = ["CAPSTONES", "Feedback", "LESSON", "LEVELS", "QUESTION_KINDS", "Question", "QuestionKind",
           "STREAMS", "TOPICS", "arrange", "as_json", "balanced", "candidates", "capstone_question",
           "check_practice", "choose", "fits", "grade", "hand_written", "is_hand_written", "practice_verdict",
           "questions", "questions_from", "render_worksheet", "rule_option", "set_name", "worksheet"]
