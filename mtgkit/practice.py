"""Practice mode: endless questions built from the catalog, answered and explained by the engine.

Every question comes from a random board made with a seeded :class:`random.Random`, so the same
seed gives the same worksheet. The engine computes the answer; the wrong options are other
plausible answers that the engine confirms are wrong, so each question has exactly one correct
answer. A wrong answer gets the engine's explanation of the right one, with rule numbers.

>>> q = next(questions("tap-untap", "easy", seed=7))
>>> q.answer in q.options and len(set(q.options)) == len(q.options)
True
>>> grade(q, q.answer).correct
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .events import ManaAdded, MonarchChanged, PlayerLeft
from .game import Game
from .grading import Verdict, report
from .lessons import TAP_CARDS, X_CARDS, X_PATHS, ActivationCase, protector_combat, x_path
from .mana import COLORS, TYPES, Mana, symbols

TOPICS = ("could-produce", "tapping", "x-values", "tap-untap", "monarch")
LEVELS = ("easy", "hard")


@dataclass(frozen=True)
class Question:
    """One question: the board, what is asked, the options, the answer and why."""

    topic: str
    level: str
    seed: int
    number: int
    board: str  # the situation in plain words
    prompt: str
    options: tuple[str, ...]
    answer: str
    explanation: str  # the engine's reasons, with rule numbers

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes two questions the same question."""
        return (self.board, self.prompt, self.answer)


@dataclass(frozen=True)
class Feedback:
    correct: bool
    message: str


def grade(question: Question, answer: str) -> Feedback:
    """Grade an answer; a wrong one gets the engine's explanation of the right one."""
    if answer not in question.options:
        return Feedback(False, f"{answer!r} is not one of the options: {', '.join(question.options)}.")
    if answer == question.answer:
        return Feedback(True, f"Right: {question.answer}.")
    return Feedback(False, f"Not {answer}: the answer is {question.answer}.\n{question.explanation}")


def check_practice(answers: Sequence[str | None], qs: Sequence[Question]) -> str:
    """Grade answers to practice questions (in order) with the engine's explanations."""
    rows: list[tuple[str, Verdict | None]] = []
    for i, q in enumerate(qs):
        given = answers[i] if i < len(answers) else None
        if given is None:
            rows.append((str(q.number), None))
            continue
        fb = grade(q, str(given))
        rows.append((str(q.number), Verdict(fb.correct, fb.message)))
    return report(rows)


def questions(topic: str, level: str = "easy", seed: int = 0) -> Iterator[Question]:
    """An endless stream of distinct questions on ``topic`` at ``level``, reproducible by seed."""
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}; topics are {', '.join(TOPICS)}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels are {', '.join(LEVELS)}")
    rng = random.Random(f"{topic}/{level}/{seed}")
    make = _MAKERS[topic]
    seen: set[tuple[str, str, str]] = set()
    number = 0
    misses = 0
    while True:
        q = make(rng, level, seed, number + 1)
        if q is None or q.key in seen:
            misses += 1
            if misses > 500:
                return  # this topic and level have no more distinct questions
            continue
        misses = 0
        seen.add(q.key)
        number += 1
        yield q


def worksheet(topic: str, level: str, n: int, seed: int) -> list[Question]:
    """The first ``n`` questions for a seed (fewer if the topic runs out)."""
    return list(itertools.islice(questions(topic, level, seed), n))


def _options(rng: random.Random, truth: str, distractors: list[str], k: int = 4) -> tuple[str, ...]:
    pool = sorted(set(distractors) - {truth})  # sorted: set order varies between processes
    rng.shuffle(pool)
    opts = [truth] + pool[: k - 1]
    rng.shuffle(opts)
    return tuple(opts)


def _describe(g: Game) -> str:
    parts = []
    for p in g.players:
        perms = [o.name + (" (tapped)" if o.tapped else "") for o in g.permanents(p)]
        parts.append(f"{p}: " + (", ".join(perms) if perms else "nothing"))
    return "; ".join(parts)


# ------------------------------------------------------------------ could produce (106.7)
_LANDS = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Underground Sea", "Mystic Gate",
          "Mana Confluence", "Gaea's Cradle", "Meteor Crater", "Vivid Crag"]
_REFLECT = ["Exotic Orchard", "Reflecting Pool", "Fellwar Stone"]


def _could_produce(rng: random.Random, level: str, seed: int, number: int) -> Question | None:
    g = Game(["Alice", "Bob"])
    n_lands = (0, 2) if level == "easy" else (0, 3)
    for who in ("Alice", "Bob"):
        for _ in range(rng.randint(*n_lands)):
            g.put_onto_battlefield(rng.choice(_LANDS), who, tapped=rng.random() < 0.3)
        for _ in range(rng.randint(1, 1 if level == "easy" else 3)):
            g.put_onto_battlefield(rng.choice(_REFLECT), who)
    if level == "hard" and rng.random() < 0.6:
        g.put_onto_battlefield(rng.choice(["Contamination", "Mana Reflection", "Llanowar Elves"]),
                               rng.choice(["Alice", "Bob"]))
    reflecting = [o for o in g.permanents() if o.name in _REFLECT]
    target = rng.choice(reflecting)
    truth_set = g.could_produce(target.id)
    truth = symbols(truth_set)
    colors = frozenset(COLORS)
    distractors = [symbols(frozenset()), symbols(colors), symbols(truth_set | {"C"}),
                   symbols(truth_set - {"C"}), symbols(frozenset(TYPES))]
    distractors += [symbols(truth_set | {t}) for t in TYPES] + [symbols(truth_set - {t}) for t in truth_set]
    opts = _options(rng, truth, distractors)
    if len(opts) < 3:
        return None
    return Question("could-produce", level, seed, number, _describe(g),
                    f"Which types of mana could {target.controller}'s {target.name} (#{target.id}) "
                    f"produce? (CR 106.7)", opts, truth, g.explain_could_produce(target.id))


# ------------------------------------------------------------------ tapping for mana (106.12)
_EFFECTS_EASY = ["Mana Reflection", "Contamination", "Heartbeat of Spring", "Wild Growth"]
_EFFECTS_HARD = _EFFECTS_EASY + ["Mana Reflection", "Mana Flare", "Zendikar Resurgent", "Utopia Sprawl"]


def _tapping(rng: random.Random, level: str, seed: int, number: int) -> Question | None:
    g = Game(["Alice", "Bob"])
    land_name = rng.choice(["Forest", "Island", "Underground Sea"] if level == "easy"
                           else ["Forest", "Underground Sea", "Mystic Gate", "Swamp"])
    land = g.put_onto_battlefield(land_name, "Alice")
    if level == "easy":
        effects = rng.sample(_EFFECTS_EASY, 1)
    else:
        effects = rng.sample(_EFFECTS_HARD, rng.randint(2, 3))
    for name in effects:
        owner = rng.choice(["Alice", "Bob"])
        if name in ("Wild Growth", "Utopia Sprawl"):
            if name == "Utopia Sprawl" and not g.obj(land).is_a("Forest"):
                continue
            g.put_onto_battlefield(name, "Alice", attached_to=land, color=rng.choice(COLORS))
        else:
            g.put_onto_battlefield(name, owner)
    o = g.obj(land)
    ab = o.card.activated[0]
    labels = [r.label for r in g.mana_replacements(o, ab)]
    order = list(rng.sample(labels, len(labels)))
    results = set()
    for perm in itertools.permutations(labels):
        trial = _replay_tap(g, land, list(perm))
        results.add(str(trial))
    before = len(g.events)
    board = _describe(g)
    g.activate(land, order=order or None)
    truth = str(g.pool("Alice"))
    base = next(e.mana for e in g.events[before:] if isinstance(e, ManaAdded))
    distractors = list(results) + [str(base), str(base * 2), str(base + base), "{B}", "{G}{G}",
                                   str(Mana.parse(truth) + Mana.of("G")), "no mana"]
    opts = _options(rng, truth, distractors)
    if len(opts) < 3:
        return None
    order_text = ""
    if len(order) > 1:
        order_text = f" applying the replacement effects in this order: {', then '.join(order)}"
    what = "\n".join(f"   {e}" for e in g.events[before:])
    return Question("tapping", level, seed, number, board,
                    f"Alice taps {land_name} for mana{order_text}. What is in her mana pool afterwards? "
                    f"(CR 106.12)", opts, truth, "What the engine did:\n" + what)


def _replay_tap(g: Game, land: int, order: list[str]) -> Mana:
    import copy

    trial = copy.deepcopy(g)
    trial.activate(land, order=order or None)
    return trial.pool("Alice")


# ------------------------------------------------------------------ X values (107.3m)
def _x_values(rng: random.Random, level: str, seed: int, number: int) -> Question | None:
    card = rng.choice(X_CARDS)
    x = rng.randint(0, 4 if level == "easy" else 6)
    path = "cast" if level == "easy" else rng.choice(X_PATHS)
    r = x_path(card, x, path)
    if not r.arrived:
        return None
    how = {"cast": f"cast with X = {x}",
           "copied by Clone": f"copied by Clone (the original was cast with X = {x})",
           "returned by Order of Whiteclay": "returned from the graveyard by Order of Whiteclay"}[path]
    ask = rng.choice(["counters", "mana value"] + (["tokens"] if card == "The Goose Mother" else []))
    if ask == "counters":
        truth = str(sum(int(p.split()[0]) for p in r.counters.split(", ") if p[:1].isdigit())
                    if r.survived else 0)
        prompt = f"{card} is {how}. How many counters does it have on the battlefield (0 if it died)?"
    elif ask == "tokens":
        truth = str(r.tokens)
        prompt = f"{card} is {how}. How many Food tokens does that create?"
    else:
        if r.mv_battlefield is None:
            return None
        truth = str(r.mv_battlefield)
        prompt = f"{card} is {how}. What is its mana value on the battlefield?"
    distractors = [str(v) for v in (0, x, 2 * x, x + 2, (x + 1) // 2, x + 1, 1, 2, 3)]
    opts = _options(rng, truth, distractors)
    events = "\n".join(f"   {e}" for e in r.events)
    return Question("x-values", level, seed, number, f"{card}, X = {x}, {path}", prompt + " (CR 107.3m)",
                    opts, truth, r.note + "\n" + events)


# ------------------------------------------------------------------ {T}/{Q} (107.5, 107.6, 302.6)
def _activation_case(rng: random.Random) -> ActivationCase:
    return ActivationCase(rng.choice(TAP_CARDS), rng.choice(["last turn", "this turn"]), rng.random() < 0.5)


def _tap_untap(rng: random.Random, level: str, seed: int, number: int) -> Question | None:
    if level == "easy":
        case = _activation_case(rng)
        can, why = case.answer()
        state = f"{'tapped' if case.tapped else 'untapped'}, arrived {case.arrived}"
        return Question("tap-untap", level, seed, number, f"Alice's {case.card}, {state}",
                        f"Can Alice activate {case.card}'s first ability in her main phase? "
                        "(CR 107.5, 107.6, 302.6)", ("yes", "no"), "yes" if can else "no", why)
    cases = [_activation_case(rng) for _ in range(rng.randint(3, 4))]
    answers = [c.answer() for c in cases]
    truth = str(sum(can for can, _ in answers))
    listing = "; ".join(f"{c.card} ({'tapped' if c.tapped else 'untapped'}, arrived {c.arrived})"
                        for c in cases)
    opts = tuple(str(i) for i in range(len(cases) + 1))
    why = "\n".join(f"{c.card}: {reason}" for c, (_, reason) in zip(cases, answers, strict=True))
    return Question("tap-untap", level, seed, number, listing,
                    "How many of these can Alice activate (first ability) in her main phase? "
                    "(CR 107.5, 107.6, 302.6)", opts, truth, why)


# ------------------------------------------------------------------ the monarch (725, 614.9)
def _monarch(rng: random.Random, level: str, seed: int, number: int) -> Question | None:
    if level == "hard" and rng.random() < 0.4:
        return _monarch_leaves(rng, seed, number)
    pool = ["Grizzly Bears", "Hill Giant", "Raging Goblin", "Serra Angel", "Llanowar Elves"]
    attackers = tuple(sorted(rng.sample(pool, rng.randint(1, 2))))
    protectors = rng.choice([0, 1] if level == "easy" else [0, 1, 2])
    blocks: dict[str, str] = {}
    if level == "hard" and rng.random() < 0.5:
        blocks = {"Hill Giant": rng.choice(attackers)}
    r = protector_combat(attackers, blocks, protectors)
    truth = str(r.monarch_after)
    block_text = f"; Bob's Hill Giant blocks {blocks['Hill Giant']}" if blocks else ""
    board = (f"Bob is the monarch and controls a Hill Giant and {protectors} Protector(s) of the Crown; "
             f"Alice attacks with {', '.join(attackers)}{block_text}")
    return Question("monarch", level, seed, number, board,
                    "Who is the monarch after combat? (CR 725.2, 614.9)", ("Alice", "Bob"), truth,
                    r.explanation)


def _monarch_leaves(rng: random.Random, seed: int, number: int) -> Question:
    names = ["Alice", "Bob", "Carol", "Dave"][: rng.randint(3, 4)]
    g = Game(names)
    monarch = rng.choice(names)
    g.make_monarch(monarch)
    turns = rng.randint(0, len(names) - 1)
    for _ in range(turns):
        g.next_turn()
    active = g.active_player
    g.concede(monarch)
    truth = str(g.monarch)
    events = g.events
    passed = [e for e in events if isinstance(e, MonarchChanged) and e.changed
              and e.cause is not None and isinstance(events[e.cause - 1], PlayerLeft)]
    why = g.why(passed[-1]) if passed else "No player could become the monarch."
    return Question("monarch", "hard", seed, number,
                    f"{len(names)} players in turn order {', '.join(names)}; it is {active}'s turn; "
                    f"{monarch} is the monarch",
                    f"{monarch} concedes. Who is the monarch now? (CR 725.4)",
                    tuple(n for n in names if n != monarch), truth, why)


_MAKERS: dict[str, Callable[[random.Random, str, int, int], Question | None]] = {
    "could-produce": _could_produce,
    "tapping": _tapping,
    "x-values": _x_values,
    "tap-untap": _tap_untap,
    "monarch": _monarch,
}


def render_worksheet(qs: list[Question], *, key: bool = False) -> str:
    """Markdown for a worksheet, or (``key=True``) its answer key with explanations."""
    if not qs:
        return "# (no questions)\n"
    q0 = qs[0]
    title = f"# mtgkit worksheet: {q0.topic}, {q0.level} (seed {q0.seed})"
    lines = [title + (" — answer key" if key else ""), "",
             "Rule numbers are from the Comprehensive Rules of 2026-08-07.", ""]
    for q in qs:
        lines += [f"## {q.number}. {q.prompt}", "", f"*Board:* {q.board}", ""]
        letters = "ABCDEFGH"
        for letter, opt in zip(letters, q.options, strict=False):
            mark = " ✓" if key and opt == q.answer else ""
            lines.append(f"- {letter}) {opt}{mark}")
        lines.append("")
        if key:
            lines += ["```", q.explanation, "```", ""]
    return "\n".join(lines)
