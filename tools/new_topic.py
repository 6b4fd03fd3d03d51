"""Scaffold a new topic: its module, course source, test file and registration, from templates.

    python tools/new_topic.py NAME            # e.g. python tools/new_topic.py haste
    python tools/new_topic.py NAME --title "Haste (CR 702.10b)"

NAME is the topic's name as learners see it: lower-case words joined by ``-`` (its module is
NAME with ``_``). The next free notebook number NN (after the course's last notebook) becomes
the topic's lesson ``NN-NAME``. The scaffold writes, and never overwrites:

- ``mtgkit/topics/<module>.py``: a complete, working topic (the haste example of CONTRIBUTING.md:
  a practice board that is its own misconception model, one misconception with its example board,
  a practice generator, a checker, its lesson with one exercise, and the ``TOPIC`` record);
- ``tools/course/NN-NAME.py``: the lesson's course source (objectives, the rule, a worked example
  with its timeline, a quick question, the exercise, key points), and ``notebooks/NN-NAME.ipynb``
  built from it but **not executed** (``make notebooks`` executes it);
- ``notebooks/solutions/NN_exercise1.py``, the exercise's solution;
- ``scenarios/NN-NAME.toml``, the worked example as a scenario file (``mtgkit run NN-NAME``);
- ``tests/test_<module>.py``, the topic's own tests (its rulings, its misconception, its checker);

and registers it: the name in ``TopicName`` (``mtgkit/topics/base.py``), one line in ``TOPICS``
(``mtgkit/topics/__init__.py``), the browser tier's expectations (``tests/browser/expected.py``).
Then it brings the computed markdown up to date (the course index in 00-start-here and the
notebooks' navigation lines, as ``tools/build_notebooks.py`` checks them) and the README's table
of notebooks (``mtgkit.course.readme_table()``).

After it: replace the haste example with the topic's own boards, misconceptions, lesson and
expectations (CONTRIBUTING.md, "Adding a topic"), write its lesson plan in docs/teacher-guide.md,
run ``make notebooks`` and the tests it prints. tests/test_new_topic.py runs the scaffold in a
temporary copy of the repository and shows that the new topic passes tests/test_topics.py.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
from string import Template

ROOT = Path(__file__).resolve().parents[1]
NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
MAX_NAME = 30


class ScaffoldError(Exception):
    """The topic can't be scaffolded: says why."""


# ----------------------------------------------------------------------------- templates
MODULE = Template('''\
\"\"\"${title}: which of Alice's creatures can attack this turn?

Written by ``tools/new_topic.py ${name}`` from its template, the haste example of CONTRIBUTING.md
grown to a board of creatures: a complete, working topic (a practice board that is its own
misconception model, three misconceptions with their example boards, practice at both levels,
the lesson's checker and its record). Replace the example with the topic's own, keeping the
shape (CONTRIBUTING.md, "Adding a topic").
\"\"\"

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import ClassVar

from ..errors import RulesError
from ..events import AttackDeclared
from ..game import Game
from ..grading import Report, grade_answers, read_number
from ..teaching import LIBRARY, Grader, cr
from .base import (
    Exercise,
    Lesson,
    Level,
    Misconception,
    MisconceptionName,
    Situation,
    Stem,
    Topic,
    TopicName,
    misconceived,
)


class Mistake(MisconceptionName):
    \"\"\"The misconceptions about ${name} (the member's value is the name learners see).\"\"\"

    HASTE_ONLY_FOR_ABILITIES = "haste-only-for-abilities"
    SICKNESS_ONLY_FOR_ABILITIES = "sickness-only-for-abilities"
    TAPPED_CREATURES_CAN_ATTACK = "tapped-creatures-can-attack"


#: The creatures the boards are made of.
CREATURES = ("Raging Goblin", "Grizzly Bears", "Hill Giant", "Serra Angel", "Llanowar Elves")


def _count(answer: object) -> str:
    \"\"\"A whole number (``2`` or ``"2"``) as the board's answers read it.\"\"\"
    return str(read_number(answer))


def _mistakes(case: object, answer: str) -> Sequence[Misconception]:
    \"\"\"The misconceptions that give ``answer`` on the board ``case``.\"\"\"
    return misconceived(case, answer, MISCONCEPTIONS) if isinstance(case, Situation) else []


class Attack(Situation):
    \"\"\"A practice board (and its misconception model): how many of Alice's creatures can attack
    this turn? ``new`` arrived this turn; ``old`` have been hers since her turn began, ``tapped``
    too but are tapped; ``also`` are her other permanents (Mass Hysteria gives haste).\"\"\"

    topic: ClassVar[TopicName] = "${name}"
    misconceptions: ClassVar[tuple[MisconceptionName, ...]] = tuple(Mistake)
    #: Answers are whole numbers; a wrong one is matched against the misconceptions.
    grader: ClassVar[Grader[str]] = Grader(_count, str, mistakes=_mistakes)
    new: tuple[str, ...]
    old: tuple[str, ...] = ()
    tapped: tuple[str, ...] = ()
    also: tuple[str, ...] = ()

    def key(self) -> Hashable:
        return ("attack", self.new, self.old, self.tapped, self.also)

    def describe(self) -> str:
        parts = [f"{', '.join(self.new)} arrived this turn"] if self.new else []
        parts += [f"{', '.join(self.old)} since her turn began"] if self.old else []
        parts += [f"{', '.join(self.tapped)} since her turn began, tapped"] if self.tapped else []
        parts += [f"she also controls {', '.join(self.also)}"] if self.also else []
        return "Alice's creatures: " + "; ".join(parts)

    def tries(self) -> list[tuple[str, str, bool, str]]:
        \"\"\"The engine tries each creature alone: (card, new/old/tapped, may it attack, why).\"\"\"
        found = []
        for where, cards in (("new", self.new), ("old", self.old), ("tapped", self.tapped)):
            for card in cards:
                g = Game(["Alice", "Bob"], library=LIBRARY)
                for name in self.also:
                    g.put_onto_battlefield(name, "Alice")
                ref = g.put_onto_battlefield(card, "Alice", tapped=where == "tapped",
                                             arrived="this turn" if where == "new" else "last turn")
                g.advance(to="beginning_of_combat")
                try:
                    declared = next(e for e in g.attack([ref]) if isinstance(e, AttackDeclared))
                except RulesError as err:
                    found.append((card, where, False, f"{card}: no, {err.reason} (CR {err.rule})"))
                    continue
                found.append((card, where, True, f"{card}: yes, {declared.text} ({cr(declared.rules)})"))
        return found

    def legal(self) -> tuple[str, ...]:
        return (str(sum(ok for _, _, ok, _ in self.tries())),)

    def explain(self) -> str:
        return "; ".join(why for *_, why in self.tries()) + "."

    def believe(self, held: frozenset[str]) -> tuple[str, ...]:
        n = 0
        for _, where, ok, _ in self.tries():
            if where == "new":  # it may attack only with haste (302.6, 702.10b)
                n += (ok and Mistake.HASTE_ONLY_FOR_ABILITIES not in held) \\
                    or Mistake.SICKNESS_ONLY_FOR_ABILITIES in held
            elif where == "tapped":  # only untapped creatures attack (508.1a)
                n += Mistake.TAPPED_CREATURES_CAN_ATTACK in held
            else:
                n += ok
        return (str(n),)


MISCONCEPTIONS: tuple[Misconception, ...] = (
    Misconception(
        name=Mistake.HASTE_ONLY_FOR_ABILITIES,
        topic="${name}",
        title="haste is only for {T} abilities",
        description="Haste lets a creature use {T} abilities at once, but it still can't attack this turn.",
        rule="702.10b",
        rule_says="A creature with haste can attack even if its controller hasn't controlled it "
                  "continuously since their most recent turn began.",
        plugs_in="outputs",
        example=Attack(("Raging Goblin",)),
        ask="How many of Alice's creatures can attack?",
    ),
    Misconception(
        name=Mistake.SICKNESS_ONLY_FOR_ABILITIES,
        topic="${name}",
        title="summoning sickness only stops {T} abilities",
        description="A creature that just arrived can't use {T} abilities, but it can attack.",
        rule="302.6",
        rule_says="A creature can attack only if its controller has controlled it continuously since "
                  "their most recent turn began (unless it has haste).",
        plugs_in="outputs",
        example=Attack(("Grizzly Bears",)),
        ask="How many of Alice's creatures can attack?",
    ),
    Misconception(
        name=Mistake.TAPPED_CREATURES_CAN_ATTACK,
        topic="${name}",
        title="a tapped creature can attack",
        description="Only summoning sickness stops a creature from attacking; a tapped one attacks too.",
        rule="508.1a",
        rule_says="The attacking player chooses attackers among their untapped creatures: a tapped "
                  "creature can't attack.",
        plugs_in="outputs",
        example=Attack((), tapped=("Hill Giant",)),
        ask="How many of Alice's creatures can attack?",
    ),
)


def generate(rng: random.Random, level: Level) -> tuple[Situation, Stem] | None:
    \"\"\"A practice question: a board of two creatures (easy) or four (hard), some new, some hers
    since her turn began (tapped or not), sometimes with Mass Hysteria.\"\"\"
    cards = rng.sample(CREATURES, 2 if level == "easy" else 4)
    cut = sorted(rng.sample(range(len(cards) + 1), 2))
    also = ("Mass Hysteria",) if rng.random() < 0.3 else ()
    s = Attack(tuple(cards[:cut[0]]), tuple(cards[cut[0]:cut[1]]), tuple(cards[cut[1]:]), also)
    return s, Stem(("How many of Alice's creatures can attack this turn?",),
                   lambda v: f"{v} of Alice's creatures can attack this turn.", "CR 302.6, 508.1a, 702.10b")


def check_${module}_answers(answers: Mapping[str, object], cases: Mapping[str, Attack]) -> Report:
    \"\"\"Grade whole-number answers (``2`` or ``"2"``) for named boards; explain each mistake.\"\"\"
    return grade_answers(answers, cases, Attack.grader, missing="no answer yet (a whole number)")


#: The notebook that teaches this topic, with its exercises (the course lists it by its stem).
LESSONS: tuple[Lesson, ...] = (
    Lesson(
        stem="${stem}",
        title="${title}",
        summary="${summary}",
        exercises=(
            Exercise(number=1, check=check_${module}_answers, answers=("answers1",), setup=("cases1",)),
            Exercise(number=2, check=check_${module}_answers, answers=("answers2",), setup=("cases2",)),
        ),
    ),
)

TOPIC = Topic(
    name="${name}",
    title="${title}",
    lessons=LESSONS,
    situations=(Attack,),
    misconceptions=MISCONCEPTIONS,
    generate=generate,
)

__all__ = ["CREATURES", "LESSONS", "MISCONCEPTIONS", "TOPIC", "Attack", "Mistake", "check_${module}_answers",
           "generate"]
''')

COURSE_SOURCE = Template('''\
# %% [markdown]
# # ${title}
#
# **Objectives.** After this notebook you can:
# 1. say whether a creature can attack the turn it comes under its controller's control;
# 2. explain what haste changes for attacking, printed on the card or given by another;
# 3. remember that only untapped creatures attack.
#
# Rules: CR 302.6, 508.1a, 702.10b (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# - **Summoning sickness (CR 302.6).** A creature can attack only if its controller has
#   controlled it continuously since the start of their most recent turn.
# - **Haste (CR 702.10b)** lets a creature attack even so: Raging Goblin has it printed, and Mass
#   Hysteria ("All creatures have haste.") gives it to every creature.
# - **Untapped creatures attack (CR 508.1a).** A tapped creature can't be declared as an attacker.

# %% [markdown]
# ## Worked example
# Alice's Raging Goblin (it has haste) came under her control this turn, and it attacks Bob. The
# example is also a scenario file: `mtgkit run ${stem}` plays it.

# %%
from mtgkit import load_scenario
from mtgkit.scenario import example
from mtgkit.timeline import timeline

game = load_scenario(example("${stem}")).game
timeline(game)

# %% [markdown]
# Why could the Goblin attack? `game.why(event)` follows the event's causes back to a player's
# action, each step with its rule.

# %%
from mtgkit.crlinks import Cited
from mtgkit.events import AttackDeclared

Cited(game.why(next(e for e in game.events if isinstance(e, AttackDeclared))))

# %% [markdown]
# ### Quick question
# Pick an answer, then press *Check*.

# %%
from mtgkit.teaching import choice_quiz
from mtgkit.topics.${module} import Attack
from mtgkit.widgets import Quiz

Quiz("Alice's Raging Goblin (it has haste) and Grizzly Bears came under her control this turn; her "
     "Hill Giant has been hers since her turn began. How many of them can attack?", ["0", "1", "2", "3"],
     choice_quiz(Attack(("Raging Goblin", "Grizzly Bears"), ("Hill Giant",)), ["0", "1", "2", "3"]))

# %% [markdown]
# ## Exercise 1: how many can attack?
# How many of Alice's creatures can attack this turn? Write a whole number in the widget and
# press *Check*: it says what is right and explains each mistake.

# %%
from mtgkit.topics.${module} import check_${module}_answers
from mtgkit.widgets import Exercise

cases1 = {
    "Raging Goblin, arrived this turn": Attack(("Raging Goblin",)),
    "Grizzly Bears, arrived this turn; Hill Giant, since her turn began":
        Attack(("Grizzly Bears",), ("Hill Giant",)),
    "Serra Angel, since her turn began, tapped": Attack((), tapped=("Serra Angel",)),
}
Exercise.for_cases(check_${module}_answers, cases1)

# %% [markdown]
# Or in Python: replace each `None` with a whole number and run the cell.

# %% [markdown]
# (Teachers: `%load solutions/${nn}_exercise1.py` in the cell below fills in the answers.)

# %%
answers1 = {
    "Raging Goblin, arrived this turn": None,
    "Grizzly Bears, arrived this turn; Hill Giant, since her turn began": None,
    "Serra Angel, since her turn began, tapped": None,
}
print(check_${module}_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: haste from another card
# Alice controls Mass Hysteria ("All creatures have haste."). How many of her creatures can attack?

# %%
cases2 = {
    "Grizzly Bears and Hill Giant, arrived this turn":
        Attack(("Grizzly Bears", "Hill Giant"), also=("Mass Hysteria",)),
    "Llanowar Elves, arrived this turn; Serra Angel, tapped":
        Attack(("Llanowar Elves",), tapped=("Serra Angel",), also=("Mass Hysteria",)),
}
Exercise.for_cases(check_${module}_answers, cases2)

# %% [markdown]
# (Teachers: `%load solutions/${nn}_exercise2.py` in the cell below fills in the answers.)

# %%
answers2 = {
    "Grizzly Bears and Hill Giant, arrived this turn": None,
    "Llanowar Elves, arrived this turn; Serra Angel, tapped": None,
}
print(check_${module}_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - A creature can attack only if its controller has controlled it since their most recent turn
#   began (CR 302.6), and only if it is untapped (CR 508.1a).
# - Haste lets it attack at once (CR 702.10b), whether the card has it or another card gives it.
#
# (navigation: tools/new_topic.py writes the line)
''')

SOLUTION = Template('''\
# Solution to ${stem}, exercise 1: run the checker cell after loading this.
answers1 = {
    "Raging Goblin, arrived this turn": 1,  # 702.10b: haste
    "Grizzly Bears, arrived this turn; Hill Giant, since her turn began": 1,  # 302.6: only the Giant
    "Serra Angel, since her turn began, tapped": 0,  # 508.1a: only untapped creatures attack
}
print(check_${module}_answers(answers1, cases1))
''')

SOLUTION_2 = Template('''\
# Solution to ${stem}, exercise 2: run the checker cell after loading this.
answers2 = {
    "Grizzly Bears and Hill Giant, arrived this turn": 2,  # 702.10b: Mass Hysteria gives both haste
    "Llanowar Elves, arrived this turn; Serra Angel, tapped": 1,  # 702.10b for the Elves; 508.1a
}
print(check_${module}_answers(answers2, cases2))
''')

SCENARIO = Template('''\
title = "Raging Goblin attacks the turn it arrives"
description = \"\"\"Alice's Raging Goblin (haste) came under her control this turn and attacks Bob. \\
Notebook ${stem}, CR 302.6, 702.10b.\"\"\"
players = ["Alice", "Bob"]

[[board.Alice]]
card = "Raging Goblin"
arrived = "this turn"

[[actions]]
do = "advance"
to = "beginning_of_combat"
[[actions]]
do = "attack"
attackers = ["Raging Goblin"]
[[actions]]
do = "advance"
to = "end_of_combat"

[expect]
life = { Bob = 19 }
''')

TESTS = Template('''\
\"\"\"The ${name} topic: its rulings, its misconceptions' models and its checker (CR 2026-08-07).\"\"\"

from __future__ import annotations

from mtgkit.topics.${module} import MISCONCEPTIONS, TOPIC, Attack, check_${module}_answers


def test_702_10b_a_creature_with_haste_can_attack_the_turn_it_arrives() -> None:
    goblin = Attack(("Raging Goblin",))
    assert goblin.legal() == ("1",) and "702.10b" in goblin.explain()
    assert Attack(("Grizzly Bears",), also=("Mass Hysteria",)).legal() == ("1",)


def test_302_6_a_creature_without_haste_cant_and_508_1a_nor_can_a_tapped_one() -> None:
    assert Attack(("Grizzly Bears", "Serra Angel")).legal() == ("0",)
    assert "302.6" in Attack(("Grizzly Bears",)).explain()
    tapped = Attack((), ("Hill Giant",), ("Serra Angel",))
    assert tapped.legal() == ("1",) and "508.1a" in tapped.explain()


def test_each_misconception_and_the_rules_differ_on_its_example() -> None:
    assert TOPIC.misconceptions == MISCONCEPTIONS and len(MISCONCEPTIONS) == 3
    for m in MISCONCEPTIONS:
        assert m.run(m.example) != m.example.legal(), m.name


def test_the_checker_grades_with_the_engine_and_names_the_misconception() -> None:
    cases = {"goblin": Attack(("Raging Goblin",)), "bears": Attack(("Grizzly Bears",))}
    report = check_${module}_answers({"goblin": 0, "bears": "0"}, cases)
    assert report.startswith("1/2 correct"), report
    assert "haste is only for {T} abilities" in report
''')

EXPECTED = Template('''

# ----------------------------------------------------------------------------- ${stem}
# Written by tools/new_topic.py for the template's haste example: replace with the topic's own.
# Raging Goblin has haste (702.10b) and the Hill Giant has been Alice's since her turn began;
# Grizzly Bears arrived this turn without haste (302.6): two of them can attack
QUIZZES["${stem}"] = (QuizAnswer("How many of them can attack?", "2", "3", "302.6"),)
PRACTICE = (*PRACTICE, PracticeStep("${name}", "easy", ("right",)))
''')


# ----------------------------------------------------------------------------- the scaffold
def refresh_markdown(root: Path) -> list[Path]:
    """Bring the computed markdown of every course source up to date with ``mtgkit.course``
    (run with ``root``'s mtgkit importable): the course index in the first notebook and the
    navigation line that ends every notebook. Returns the sources changed."""
    from mtgkit.course import NOTEBOOKS, nav_markdown

    index = [f"# {i}. [{title}]({stem}.ipynb)" for i, (stem, title) in enumerate(NOTEBOOKS)]
    line = re.compile(r"^# \d+\. \[.*\]\(\d\d-[a-z0-9-]+\.ipynb\)$")
    changed = []
    for stem, _ in NOTEBOOKS:
        path = root / "tools" / "course" / f"{stem}.py"
        lines = path.read_text(encoding="utf-8").rstrip("\n").split("\n")
        new = [*lines[:-1], f"# {nav_markdown(stem)}"]
        if stem == NOTEBOOKS[0][0]:
            at = [i for i, text in enumerate(new) if line.match(text)]
            if at:
                new[at[0]:at[-1] + 1] = index
        if new != lines:
            path.write_text("\n".join(new) + "\n", encoding="utf-8")
            changed.append(path)
    return changed


def _finish(root: Path, stem: str) -> None:
    """Run in a child process with ``root``'s mtgkit first on the path (the registry now holds
    the new topic): refresh the computed markdown, write the new notebook unexecuted, and the
    README's table."""
    sys.path[:0] = [str(root), str(root / "tools")]
    import nbformat
    from build_notebooks import notebook

    from mtgkit.course import readme_table

    refresh_markdown(root)
    nbformat.write(notebook(root / "tools" / "course" / f"{stem}.py"), root / "notebooks" / f"{stem}.ipynb")
    readme = root / "README.md"
    text = readme.read_text(encoding="utf-8")
    table = re.compile(r"^\| notebook \| rule \|\n(?:\|.*\|\n)+", re.M)
    if table.search(text):
        readme.write_text(table.sub(lambda _: readme_table() + "\n", text, count=1), encoding="utf-8")


def _insert_after_last(text: str, pattern: str, line: str, where: str) -> str:
    found = list(re.finditer(pattern, text, re.M))
    if not found:
        raise ScaffoldError(f"{where}: can't find where to register the topic ({pattern!r})")
    end = found[-1].end()
    return text[:end] + line + text[end:]


def _literal(names: list[str]) -> str:
    """The ``TopicName = Literal[...]`` line for ``names`` (wrapped when it is long)."""
    one = "TopicName = Literal[" + ", ".join(f'"{n}"' for n in names) + "]"
    if len(one) <= 110:
        return one
    return "TopicName = Literal[\n" + "".join(f'    "{n}",\n' for n in names) + "]"


def _register(text: str, module: str, where: str) -> str:
    """The registry with ``module`` imported (in order) and its ``TOPIC`` last in ``TOPICS``."""
    imports = re.search(r"^from \. import (.*)$", text, re.M)
    if imports is None:
        raise ScaffoldError(f"{where}: no 'from . import ...' line of the topic modules")
    modules = sorted({*imports.group(1).split(", "), module})
    text = text[:imports.start()] + f"from . import {', '.join(modules)}" + text[imports.end():]
    return _insert_after_last(text, r"^    \w+\.TOPIC,$", f"\n    {module}.TOPIC,", where)


def scaffold(name: str, root: Path = ROOT, title: str | None = None) -> list[Path]:
    """Write and register topic ``name`` in the repository at ``root``; return the files written
    or changed. Refuses (:class:`ScaffoldError`, nothing written) a malformed name, a topic or a
    file that exists already."""
    if len(name) > MAX_NAME or not NAME.fullmatch(name):
        raise ScaffoldError(f"the topic's name should be lower-case words joined by '-', at most {MAX_NAME} "
                            f"characters (such as 'haste'); got {name!r}")
    module = name.replace("-", "_")
    base, registry = root / "mtgkit" / "topics" / "base.py", root / "mtgkit" / "topics" / "__init__.py"
    literal = re.search(r"^TopicName = Literal\[(.*?)\]$", base.read_text(encoding="utf-8"), re.M | re.S)
    if literal is None:
        raise ScaffoldError(f"{base}: no TopicName = Literal[...] line")
    names = re.findall(r'"([^"]+)"', literal.group(1))
    if name in names:
        raise ScaffoldError(f"topic {name!r} exists already")
    numbers = [int(p.name[:2]) for p in (root / "tools" / "course").glob("[0-9][0-9]-*.py")]
    nn = f"{max(numbers, default=-1) + 1:02d}"
    if nn == "100":
        raise ScaffoldError("the course has 100 notebooks already")
    stem = f"{nn}-{name}"
    title = title or f"{name.replace('-', ' ').capitalize()} (CR 702.10b)"
    if any(c in title for c in '"\\\n$'):
        raise ScaffoldError("the title should have no double quotes, backslashes, dollar signs, line breaks")
    summary = "can a creature attack the turn it arrives: summoning sickness and haste (CR 302.6, 702.10b)"
    values = {"name": name, "module": module, "stem": stem, "nn": nn, "title": title, "summary": summary}
    files = {
        root / "mtgkit" / "topics" / f"{module}.py": MODULE,
        root / "tools" / "course" / f"{stem}.py": COURSE_SOURCE,
        root / "notebooks" / "solutions" / f"{nn}_exercise1.py": SOLUTION,
        root / "notebooks" / "solutions" / f"{nn}_exercise2.py": SOLUTION_2,
        root / "mtgkit" / "scenarios" / f"{stem}.toml": SCENARIO,
        root / "tests" / f"test_{module}.py": TESTS,
    }
    existing = [p for p in [*files, root / "notebooks" / f"{stem}.ipynb"] if p.exists()]
    if existing:
        raise ScaffoldError(f"{existing[0]} exists already: the scaffold never overwrites a file")
    expected = root / "tests" / "browser" / "expected.py"
    edits = {
        base: base.read_text(encoding="utf-8").replace(literal.group(0), _literal([*names, name])),
        registry: _register(registry.read_text(encoding="utf-8"), module, str(registry)),
        expected: expected.read_text(encoding="utf-8") + EXPECTED.substitute(values),
    }
    for path, template in files.items():
        path.write_text(template.substitute(values), encoding="utf-8")
    for path, text in edits.items():
        path.write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    finish = [sys.executable, str(Path(__file__).resolve()), stem, "--finish", "--root", str(root)]
    done = subprocess.run(finish, env=env, cwd=root, capture_output=True, text=True)
    if done.returncode:
        raise ScaffoldError(f"the topic's files are written, but bringing the course up to date failed:\n"
                            f"{done.stdout}{done.stderr}")
    return [*files, *edits, root / "notebooks" / f"{stem}.ipynb", root / "README.md"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/new_topic.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("name", help="the topic's name: lower-case words joined by '-', such as haste")
    parser.add_argument("--title", help="what it teaches, with its rules (default: from the name)")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    parser.add_argument("--finish", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    root = args.root.resolve()
    if args.finish:
        _finish(root, args.name)
        return 0
    try:
        written = scaffold(args.name, root, args.title)
    except ScaffoldError as err:
        print(f"tools/new_topic.py: {err}", file=sys.stderr)
        return 2
    for path in written:
        print("wrote", path.relative_to(root))
    module = args.name.replace("-", "_")
    print(f"\nNext: replace the haste example in mtgkit/topics/{module}.py, its course source, solution, "
          "scenario, tests and tests/browser/expected.py entries with the topic's own; write its lesson "
          "plan in docs/teacher-guide.md; run `make notebooks`, then\n"
          f"  python -m pytest tests/test_topics.py tests/test_{module}.py tests/test_course_sources.py "
          "tests/test_course.py -p no:xdist")
    return 0


if __name__ == "__main__":
    sys.exit(main())
