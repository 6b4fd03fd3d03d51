"""What the browser tier expects the course's widgets to say, taken from somewhere other than
the widgets' own graders, so that a kit that grades wrong fails the tier:

- exercises: the teacher's solution files (``notebooks/solutions/``, parsed here), except the
  one exercise of 00-start-here, which has none and is in :data:`UNSOLVED`;
- quick questions and explorers: the tables :data:`QUIZZES` and :data:`EXPLORERS`, each answer
  with the rule behind it (a comment says why).

``tests/browser/test_expected.py`` checks these tables against the engine without a browser,
so a wrong table fails fast, and a wrong engine fails twice.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SOLUTIONS = NOTEBOOKS / "solutions"


# ----------------------------------------------------------------------------- the notebooks
@functools.cache
def cells(stem: str) -> tuple[dict[str, Any], ...]:
    """The notebook's cells as stored (markdown and code, in order: the page shows them so)."""
    nb = json.loads((NOTEBOOKS / f"{stem}.ipynb").read_text())
    return tuple(dict(c, source="".join(c["source"])) for c in nb["cells"])


def cell_index(stem: str, text: str) -> int:
    """The index of the one code cell whose source contains ``text``."""
    found = [i for i, c in enumerate(cells(stem)) if c["cell_type"] == "code" and text in c["source"]]
    if len(found) != 1:
        raise LookupError(f"{stem}: {len(found)} code cells contain {text!r}, expected one")
    return found[0]


def widget_cells(stem: str) -> list[int]:
    """The code cells whose stored outputs show a widget: the page must render each of them."""
    return [i for i, c in enumerate(cells(stem)) if c["cell_type"] == "code" and any(
        "application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in c.get("outputs", []))]


def run_cells(stem: str, upto: int | None = None) -> tuple[dict[str, Any], Any]:
    """Run the notebook's code cells in this process, up to and including cell ``upto`` (all of
    them if ``None``), and return their namespace and the value the last cell shows: the
    engine's own objects (a game's events, practice questions) or a widget to try in Python."""
    import matplotlib

    matplotlib.use("Agg")
    ns: dict[str, Any] = {}
    shown: Any = None
    for i, c in enumerate(cells(stem)):
        if upto is not None and i > upto:
            break
        if c["cell_type"] != "code" or "plt.show()" in c["source"]:  # a plot: nothing later needs it
            continue
        tree = ast.parse(c["source"])
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(tree, stem, "exec"), ns)  # our own committed notebook code
            shown = eval(compile(ast.Expression(last.value), stem, "eval"), ns) if last else None
    return ns, shown


# ----------------------------------------------------------------------------- exercises
@dataclass(frozen=True)
class ExerciseAnswers:
    """One exercise widget: its cell, the questions in order, a right and a wrong answer each
    (as typed in a text box, or the label of the option to pick)."""

    stem: str
    cell: int
    keys: tuple[str, ...]
    right: tuple[str, ...]
    wrong: tuple[str, ...]
    choice: bool  # radio buttons (else text boxes)
    solution: str  # where the right answers come from


def solution_answers(name: str) -> Any:
    """The answers a solution file assigns (its first assignment, a dict or a list literal)."""
    tree = ast.parse((SOLUTIONS / name).read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign):
            return ast.literal_eval(node.value)
    raise LookupError(f"{name}: no answers assigned")


def _symbols(mana: str) -> list[str]:
    return sorted(re.findall(r"\{[WUBRGC]\}", mana))


def wrong_mana(right: str) -> str:
    """Wrong whether the question asks for mana or for types: the right answer plus one mana of
    a type it doesn't have ({C} first: colorless counted as a color is the classic mistake)."""
    have = set(_symbols(right))
    extra = next(f"{{{t}}}" for t in "CWUBRG" if f"{{{t}}}" not in have)
    return extra if right == "nothing" else right + extra


def _as_text(answer: object) -> str:
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    return str(answer)


def _wrong(right: object, options: Sequence[str] | None) -> str:
    """A wrong answer derived from the right one: the next option, the number plus one, or
    :func:`wrong_mana`."""
    text = _as_text(right)
    if options:
        return options[(list(options).index(text) + 1) % len(options)]
    if isinstance(right, int):
        return str(right + 1)
    return wrong_mana(text)


#: Options of the exercises answered by a choice, by checker (as `Exercise.for_cases` gives them).
CHOICES = {"check_activation_answers": ("yes", "no"), "check_name_answers": ("Alice", "Bob")}

#: The one exercise without a solution file (00-start-here shows how exercises work).
UNSOLVED: dict[str, dict[str, str]] = {
    "00-start-here": {
        "Alice taps a Forest": "{G}",  # CR 106.4: the Forest's {T}: Add {G}
        "Alice taps a Forest; she controls Mana Reflection": "{G}{G}",  # CR 106.12b: twice as much
    },
}


def exercises(stem: str) -> list[ExerciseAnswers]:
    """Every exercise widget of the notebook, with its right answers from its solution file
    (the ``%load solutions/...`` hint after the widget) and wrong answers derived from them."""
    found = []
    cs = cells(stem)
    for i, c in enumerate(cs):
        if c["cell_type"] != "code" or "Exercise." not in c["source"]:
            continue
        hint = next((m for later in cs[i + 1:] if later["cell_type"] == "markdown"
                     for m in re.findall(r"%load solutions/(\S+\.py)", later["source"])), None)
        if stem in UNSOLVED:
            answers: Any = UNSOLVED[stem]
            source = "UNSOLVED table"
        else:
            assert hint is not None, f"{stem} cell {i}: an exercise without a solution file"
            answers, source = solution_answers(hint), f"solutions/{hint}"
        if isinstance(answers, list):  # practice questions: the options come with the questions
            found.append(_practice_exercise(stem, i, answers, source))
            continue
        checker = re.search(r"Exercise\.for_cases\((\w+)", c["source"])
        assert checker, f"{stem} cell {i}: an exercise on cases"
        options_given = re.search(r"options=(\w+)", c["source"])
        options: Sequence[str] | None
        if options_given:
            options = run_cells(stem, i)[0][options_given.group(1)]
        else:
            options = CHOICES.get(checker.group(1))
        keys = tuple(answers)
        right = tuple(_as_text(answers[k]) for k in keys)
        wrong = tuple(_wrong(answers[k], options) for k in keys)
        found.append(ExerciseAnswers(stem, i, keys, right, wrong, options is not None, source))
    return found


def _practice_exercise(stem: str, cell: int, answers: list[str], source: str) -> ExerciseAnswers:
    """An exercise on practice questions: the right option is the one the solution names (its
    text, else its mana symbols in any order); the wrong one, the first option that no legal choice gives
    (``Question.answers``, the package's)."""
    name = re.search(r"Exercise\.for_practice\((\w+)", cells(stem)[cell]["source"])
    assert name, f"{stem} cell {cell}: an exercise on practice questions"
    qs = run_cells(stem, cell)[0][name.group(1)]
    right, wrong = [], []
    for q, answer in zip(qs, answers, strict=True):
        same = [o for o in q.options if o == answer] or [
            o for o in q.options
            if _symbols(o) == _symbols(answer) and (o == "nothing") == (answer == "nothing")]
        assert len(same) == 1, f"{stem}: the solution's {answer!r} is not one option of {q.options}"
        right.append(same[0])
        wrong.append(next(o for o in q.options if o not in q.answers))
    return ExerciseAnswers(stem, cell, tuple(str(q.number) for q in qs), tuple(right), tuple(wrong),
                           True, source)


# ----------------------------------------------------------------------------- quick questions
@dataclass(frozen=True)
class QuizAnswer:
    """A quick question, found by text in its cell: a right and a wrong option and the rule
    the reason must give."""

    cell: str
    right: str
    wrong: str
    rule: str

    def starts(self, right: bool) -> str:
        """How the feedback on the right (or the wrong) option begins: its verdict line, in the
        voice of a clicked answer (issue 22: "You chose", never "You wrote" for a click)."""
        return f"✓ You chose {self.right}: right" if right else f"✗ You chose {self.wrong}: "


QUIZZES: dict[str, tuple[QuizAnswer, ...]] = {
    "00-start-here": (
        # {Q} means "untap this permanent": an untapped one can't pay it (107.6)
        QuizAnswer("Order of Whiteclay has been hers since her last turn", "no", "yes", "107.6"),
    ),
    "01-tap-and-untap": (
        # an artifact creature that arrived this turn is summoning sick, {Q} too (302.6)
        QuizAnswer("Pili-Pala (an artifact creature) arrived this turn", "no", "yes", "302.6"),
        # Mass Hysteria gives haste, and haste lets {Q} abilities be used at once (702.10c)
        QuizAnswer("Her Order of Whiteclay arrived this turn and is tapped", "yes", "no", "702.10c"),
        # haste lets a creature attack the turn it arrives (702.10b)
        QuizAnswer("Her Grizzly Bears arrived this turn. Can it attack?", "yes", "no", "702.10b"),
    ),
    "02-undefined-mana": (
        # lands are colorless and so is Fellwar Stone: no color to choose, undefined (106.5)
        QuizAnswer("Meteor Crater, a Forest and Fellwar Stone", "nothing", "{G}", "106.5"),
        # a green and a red creature: Alice chooses {G} or {R} as the ability resolves (608.2d),
        # one mana, never both
        QuizAnswer("Meteor Crater, Llanowar Elves and Raging Goblin", "{G}", "{G}{R}", "608.2d"),
    ),
    "03-could-produce": (
        # the Orchard sees only Wastes ({C} is not a color), and the Pool only Alice's own
        # lands, which make nothing: no type can be defined (106.7)
        QuizAnswer("Alice's Reflecting Pool produce?", "nothing", "{W}{U}{B}{R}{G}", "106.7"),
        # with no creatures the Cradle would make no mana: it could produce nothing (106.7)
        QuizAnswer("Gaea's Cradle and no creatures", "nothing", "{G}", "106.7"),
    ),
    "04-tapped-for-mana": (
        # Reflection then Contamination: {B}, + Heartbeat's {B}; the other order {B}{B} + {B}:
        # Alice orders the replacement effects (616.1); {G}{G}{G} ignores Contamination
        QuizAnswer("Which of these could her pool be?", "{B}{B}", "{G}{G}{G}", "616.1"),
        # Heartbeat of Spring needs a land; Mana Reflection doubles the Elves' {G} (106.12b)
        QuizAnswer("She taps the Elves for", "{G}{G}", "{G}{G}{G}", "106.12b"),
        # Contamination {B}, Reflection {B}{B}, then Heartbeat adds one {B}: the order chosen (616.1)
        QuizAnswer("applies Contamination first, then Mana Reflection", "{B}{B}{B}", "{B}{B}", "616.1"),
    ),
    "05-x-values": (
        # on the stack X counts: {X}{X} with X = 1 has mana value 2, as many as the counters (202.3e)
        QuizAnswer("Is her Ballista countered?", "yes", "no", "202.3e"),
    ),
    "06-the-monarch": (
        # Bob was already the monarch: no real change, no "becomes the monarch" trigger (603.2e)
        QuizAnswer("Bob is already the monarch. Alice controls Grizzly Bears and Hill Giant",
                   "2", "1", "603.2e"),
        # the draw trigger is controlled by whoever was the monarch when it triggered (725.2)
        QuizAnswer("Who draws the card?", "Alice", "Bob", "725.2"),
    ),
    "07-protector-of-the-crown": (
        # the Protector takes the damage that would be dealt to Bob, even with Alice the monarch (614.9)
        QuizAnswer("Alice is the monarch. Bob controls Protector of the Crown",
                   "Alice is the monarch; Bob has 20 life", "Alice is the monarch; Bob has 17 life", "614.9"),
    ),
    "08-practice": (),
}


# ----------------------------------------------------------------------------- explorers
@dataclass(frozen=True)
class Explore:
    """One situation in an explorer (found by text in its cell): what to set (``setup``, its
    keys depend on the explorer), a right and a wrong prediction, and the rule the reason
    must give."""

    cell: str
    kind: str  # activation, tap, could, x, combat
    right: tuple[str, ...]
    wrong: tuple[str, ...]
    rule: str
    setup: Mapping[str, Any] = field(default_factory=dict)


EXPLORERS: dict[str, tuple[Explore, ...]] = {
    "00-start-here": (
        # Llanowar Elves arrived this turn: a creature's {T} waits a turn (302.6)
        Explore("ActivationExplorer()", "activation", ("can't activate",), ("can activate",), "302.6",
                {"arrived": "this turn"}),
    ),
    "01-tap-and-untap": (
        # an artifact creature that arrived this turn, but Mass Hysteria gives haste (702.10c)
        Explore("ActivationExplorer(cards=", "activation", ("can activate",), ("can't activate",), "702.10c",
                {"permanent": "Hangarback Walker", "arrived": "this turn", "Mass Hysteria": True}),
        # Raging Goblin has haste printed on it: it can attack the turn it arrives (702.10b)
        Explore("ActivationExplorer(cards=", "activation", ("can attack",), ("can't attack",), "702.10b",
                {"permanent": "Raging Goblin", "arrived": "this turn", "Mass Hysteria": False,
                 "can Alice": "attack this turn"}),
    ),
    "02-undefined-mana": (
        # the Orchard sees only Bob's Wastes: {C} is no color, the type is undefined (106.5)
        Explore("TapExplorer(", "tap", ("nothing",), ("{C}",), "106.5"),
        # with Bob's Underground Sea the Orchard can make {U} or {B}; Alice chooses {B}: she
        # gets what she chose, on resolution (608.2d)
        Explore("TapExplorer(", "tap", ("{B}",), ("{U}",), "608.2d",
                {"add Bob": "Underground Sea", "choose": "{B}"}),
    ),
    "03-could-produce": (
        # Alice's Orchard reflects Bob's Orchard and Pool, which reflect only each other and
        # Alice's Orchard: no outside source, so nothing (106.7)
        Explore("CouldProduceExplorer(", "could", ("nothing",), ("{G}",), "106.7"),
        # give Alice an Island: Bob's Orchard reflects it, so Alice's Orchard can too (106.7)
        Explore("CouldProduceExplorer(", "could", ("{U}",), ("nothing",), "106.7", {"add Alice": "Island"}),
    ),
    "04-tapped-for-mana": (
        # Mana Reflection first ({G}{G}), then Contamination: {B}, one mana (616.1)
        Explore("TapExplorer(", "tap", ("{B}",), ("{B}{B}",), "616.1",
                {"order": ("Mana Reflection", "Contamination")}),
        # Contamination first ({B}), then Mana Reflection doubles it: {B}{B} (616.1)
        Explore("TapExplorer(", "tap", ("{B}{B}",), ("{B}",), "616.1",
                {"order": ("Contamination", "Mana Reflection")}),
    ),
    "05-x-values": (
        # cast with X = 3: 3 counters, half of 3 rounded up = 2 Food, and it stays (107.3m)
        Explore("XValueExplorer(", "x", ("3", "2", "on the battlefield"),
                ("0", "0", "not on the battlefield"), "107.3m", {"path": "cast"}),
        # a Clone's copy has X = 0: no counters, no Food; a legendary copy meets the legend
        # rule, and Alice keeps either one, so both places are right (704.5j)
        Explore("XValueExplorer(", "x", ("0", "0", "not on the battlefield"),
                ("3", "2", "on the battlefield"), "704.5j", {"path": "copied by Clone"}),
    ),
    "06-the-monarch": (),
    "07-protector-of-the-crown": (
        # both attackers' damage goes to Bob's Protectors, not to Bob: no steal trigger, the
        # crown stays and Bob keeps 20 life (614.9)
        Explore("CombatExplorer(", "combat", ("Bob", "20"), ("Alice", "15"), "614.9"),
        # no Protector: 2 + 3 combat damage to the monarch moves the crown (725.2)
        Explore("CombatExplorer(", "combat", ("Alice", "15"), ("Bob", "20"), "725.2", {"protectors": 0}),
    ),
    "08-practice": (),
}


# ----------------------------------------------------------------------------- practice
@dataclass(frozen=True)
class PracticeStep:
    """One step in the practice widget: switch to ``topic``/``level`` (or stay), press *Next*
    ``next`` times, then answer: ``answers`` is a list of "right"/"wrong", checked in turn."""

    topic: str
    level: str
    answers: tuple[str, ...]
    next: int = 0


#: The practice widget opens on x-values / hard / seed 2; six switches after that, covering
#: every topic and both levels.
PRACTICE_SEED = 2
PRACTICE: tuple[PracticeStep, ...] = (
    PracticeStep("x-values", "hard", ("wrong", "right")),  # a second try: the score keeps the first
    PracticeStep("x-values", "hard", ("right",), next=1),
    PracticeStep("could-produce", "hard", ("right",)),
    PracticeStep("could-produce", "easy", ("wrong",)),
    PracticeStep("tapping", "easy", ("right",)),
    PracticeStep("tapping", "easy", ("wrong",), next=1),
    PracticeStep("monarch", "hard", ("right",)),
    PracticeStep("tap-untap", "hard", ("wrong",)),
)
