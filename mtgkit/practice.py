"""Practice mode: questions a teacher would hand out, built, answered and explained by the engine.

Every question comes from a random *legal* board (a practice situation, drawn by its topic's
generator from the registry, :mod:`mtgkit.topics`) made with a seeded :class:`random.Random`,
so the same seed gives the same worksheet. The engine works out every legal outcome over all
the choices players could make (:mod:`mtgkit.outcomes`): a question either asks about that
set ("which of these could Alice's pool hold?") or fixes the choice in its stem ("Alice
applies Contamination first"), and exactly the legal answers are marked right. Nothing here
knows a topic: a new topic in the registry is practised with no change to this module.

Every wrong option exists because a named misconception (:mod:`mtgkit.misconceptions`)
produces it; a wrong answer's feedback names the misconception, says what the rule really
says and shows the smallest board where the two differ, then explains the right answer in
plain words and the engine's event chain. Hard questions have at least four options; when
the rules and the misconceptions give fewer answers than that, the question honestly
becomes true/false.

>>> q = next(questions("tap-untap", "easy", seed=7))
>>> q.options
('yes', 'no')
>>> grade(q, q.answer).correct, grade(q, next(o for o in q.options if o not in q.answers)).correct
(True, False)
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

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
from .misconceptions import explain as explain_misconceptions
from .outcomes import TooManyOutcomes
from .teaching import misconception_note, split_explanation
from .topics import TOPICS as REGISTRY
from .topics import topic as find_topic
from .topics.base import LEVELS, Level, Situation, Stem, Topic, TopicName

#: The topics' names (the registry, :data:`mtgkit.topics.TOPICS`, has the rest).
TOPICS: tuple[TopicName, ...] = tuple(REGISTRY)
TRUE_FALSE = ("true", "false")


@dataclass(frozen=True)
class Question:
    """One question: the board, what is asked, the options, every right option and why.

    ``answers`` holds every option that is right (several when the question asks which
    outcomes are possible); ``wrong`` says, for each wrong option, which misconceptions
    produce it. A true/false question states ``claim`` and asks whether it holds."""

    topic: TopicName
    level: Level
    seed: int
    number: int
    board: str  # the situation in plain words
    prompt: str
    options: tuple[str, ...]
    answers: tuple[str, ...]
    explanation: str  # plain words first, then the engine's event chain
    situation: Situation
    wrong: tuple[tuple[str, tuple[str, ...]], ...] = ()
    claim: str | None = None  # the answer a true/false question states

    @property
    def answer(self) -> str:
        """The first right option (see :attr:`answers` for all of them)."""
        return self.answers[0]

    @property
    def key(self) -> object:
        """What makes two questions the same: their board."""
        return self.situation.key()

    @property
    def kind(self) -> str:
        return "true/false" if self.claim is not None else "choice"

    def misconceptions(self, option: str) -> tuple[str, ...]:
        return dict(self.wrong).get(option, ())


@dataclass(frozen=True)
class Feedback:
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
    right = one_of(question.answers)
    if match in question.answers:
        others = [a for a in question.answers if a != match]
        also = f" ({one_of(others)} would be right too: the players' choices decide.)" if others else ""
        return Feedback(True, f"Right: {match}.{also}\n{question.explanation}")
    names = question.misconceptions(match)
    lines = [f"Not {match}: the answer is {right}."]
    if names:
        lines.append(explain_misconceptions(names))
    lines += ["Why:", question.explanation]
    return Feedback(False, "\n".join(lines), names)


def _match(question: Question, answer: object) -> str | None:
    """The option ``answer`` means: the same text in any case, mana symbols in any order
    (``{U}{W}{R}`` is ``{W}{U}{R}``), ``True``/``yes`` for ``true``/``yes``, ``3`` for ``"3"``."""
    text = str(answer).strip()
    exact = next((o for o in question.options if o.lower() == text.lower()), None)
    if exact is not None:
        return exact
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
        rows.append((str(q.number), None if given is None else _verdict(q, given)))
    return report(rows)


def _verdict(q: Question, given: object) -> Verdict:
    """One practice answer's verdict, in the exercises' shape (:class:`~mtgkit.grading.Verdict`)."""
    fb = grade(q, given)
    match = _match(q, given)
    if match is None:
        return Verdict(False, fb.message)
    why = split_explanation(q.explanation)
    if fb.correct:
        others = [a for a in q.answers if a != match]
        also = f" ({one_of(others)} would be right too: the players' choices decide)" if others else ""
        return Verdict(True, f"{said(match)}: right{also}.", why=why.reason.text, detail=why.detail)
    found = [CATALOG[n] for name in fb.misconceptions for n in name.split(" + ")]
    note = misconception_note(list(dict.fromkeys(found)))
    if assessing():
        again = look_again([m.rule for m in found] or why.reason.rules)
        return Verdict(False, f"{said(match)}: not right.", note="\n".join(filter(None, [note, again])))
    return Verdict(False, f"{said(match)}: the answer is {one_of(q.answers)}.", note=note,
                   why=why.reason.text, detail=why.detail)


def questions(topic: str, level: str = "easy", seed: int = 0) -> Iterator[Question]:
    """A stream of questions on ``topic`` at ``level``, each on a different board, reproducible
    by seed. It ends when no new board turns up in many tries."""
    asked = find_topic(topic)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    at: Level = "easy" if level == "easy" else "hard"
    rng = random.Random(f"{topic}/{level}/{seed}")
    seen: set[object] = set()
    right: Counter[tuple[str, ...]] = Counter()  # how often each right answer has come up
    number = misses_in_a_row = too_common = 0
    while misses_in_a_row < 300:
        q = _draw(rng, asked, at, seen, seed, number + 1)
        if q is None:
            misses_in_a_row += 1
            continue
        if right[q.answers] >= 1 + MAX_SHARE * number and too_common < 50 and misses_in_a_row < 100:
            too_common += 1  # that answer is right too often already: draw another board
            continue
        misses_in_a_row = too_common = 0
        right[q.answers] += 1
        seen.add(q.key)
        number += 1
        yield q


#: In a stream, no answer is the right one for more than about this share of the questions, so
#: a learner can't score well by always giving the most common answer ("yes", or "Bob"), nor learn
#: it as a habit. A stream draws another board when the next question would go over it (and
#: gives up the balance after 50 tries in a row, or once new boards get hard to find, for a topic
#: with few possible answers or few boards).
MAX_SHARE = 0.5


def _draw(rng: random.Random, topic: Topic, level: Level, seen: set[object], seed: int,
          number: int) -> Question | None:
    """The next question on a new board; a hard one prefers a board with four options or more
    (it tries the topic's ``hard_tries`` boards before it settles for true/false)."""
    fallback: Question | None = None
    for _ in range(topic.hard_tries if level == "hard" else 1):
        try:
            drawn = topic.generate(rng, level)
            if drawn is None or drawn[0].key() in seen:
                continue
            q = _question(rng, drawn[0], drawn[1], topic.name, level, seed, number)
        except (RulesError, TooManyOutcomes):
            continue  # a board the rules don't allow, or too big to explore: draw another
        if q is None:
            continue
        if q.claim is None:
            return q
        fallback = fallback or q
    return fallback


def worksheet(topic: str, level: str, n: int, seed: int) -> list[Question]:
    """The first ``n`` questions for a seed (fewer if the topic runs out)."""
    return list(itertools.islice(questions(topic, level, seed), n))


# =============================================================================== building
def _question(rng: random.Random, s: Situation, stem: Stem, topic: TopicName, level: Level, seed: int,
              number: int) -> Question | None:
    legal = s.legal()
    wrong = distractors(s, pairs=level == "hard")
    if not legal or not wrong:
        return None  # no misconception gets this board wrong: not worth asking
    wrong_answers = sorted(wrong)  # sorted: dict order must not depend on how they were found
    rng.shuffle(wrong_answers)
    shown_legal = list(legal[:2])
    target = 4 if level == "hard" else 3
    picked = wrong_answers[: max(1, target - len(shown_legal))]
    options = shown_legal + picked
    if level == "hard" and len(options) < 4:
        return _true_false(rng, s, stem, topic, level, seed, number, legal, wrong)
    if set(options) == {"yes", "no"}:
        options = ["yes", "no"]
    else:
        rng.shuffle(options)
    prompt = f"{rng.choice(stem.asks)} ({stem.rules})"
    return Question(topic, level, seed, number, s.describe(), prompt, tuple(options),
                    tuple(o for o in options if o in legal), s.explain(), s,
                    tuple((o, wrong[o]) for o in options if o in wrong))


def _true_false(rng: random.Random, s: Situation, stem: Stem, topic: TopicName, level: Level, seed: int,
                number: int, legal: Sequence[str], wrong: dict[str, tuple[str, ...]]) -> Question:
    """A claim the rules make true or false, chosen so that a misconception flips it."""
    missed = [a for a in legal if misses(s, a)]
    if missed and rng.random() < 0.5:
        claim, truth, names = missed[0], "true", tuple(misses(s, missed[0]))
    else:
        claim = sorted(wrong)[rng.randrange(len(wrong))]
        truth, names = "false", wrong[claim]
    prompt = f"True or false: {stem.claim(claim)} ({stem.rules})"
    other = "false" if truth == "true" else "true"
    return Question(topic, level, seed, number, s.describe(), prompt, TRUE_FALSE, (truth,),
                    s.explain(), s, ((other, names),), claim)


# ------------------------------------------------------------------ could produce (106.7)

# ------------------------------------------------------------------ tapping for mana (106.12)

# ------------------------------------------------------------------ X values (107.3m)

# ------------------------------------------------------------------ {T}/{Q} (107.5, 107.6, 302.6)

# ------------------------------------------------------------------ the monarch (725, 614.9)


# =============================================================================== worksheets
def render_worksheet(qs: list[Question], *, key: bool = False, links: bool = False) -> str:
    """Markdown for a worksheet, or (``key=True``) its answer key with explanations and the
    misconception behind each wrong option. ``links=True`` makes every CR number a link."""
    if not qs:
        return "# (no questions)\n"
    q0 = qs[0]
    title = f"# mtgkit worksheet: {q0.topic}, {q0.level} (seed {q0.seed})"
    lines = [title + (" — answer key" if key else ""), "",
             "Rule numbers are from the Comprehensive Rules of 2026-08-07.", ""]
    for q in qs:
        lines += [f"## {q.number}. {q.prompt}", "", f"*Board:* {q.board}", ""]
        for letter, opt in zip("ABCDEFGH", q.options, strict=False):
            mark = " ✓" if key and opt in q.answers else ""
            lines.append(f"- {letter}) {opt}{mark}")
        lines.append("")
        if key:
            for opt, names in q.wrong:
                titles = "; ".join(" + ".join(CATALOG[n].title for n in name.split(" + "))
                                   for name in names)
                lines.append(f"*{opt}* comes from the misconception: {titles}.")
            lines += ["", "```", q.explanation, "```", ""]
    text = "\n".join(lines)
    return link_rules_markdown(text) if links else text


__all__ = ["Feedback", "LEVELS", "Question", "TOPICS", "check_practice", "grade", "questions",
           "render_worksheet", "worksheet"]
