"""The teacher guide (docs/teacher-guide.md) stays true: every command in its code blocks runs,
every command it writes inline is one the CLI accepts, its Python runs, its links resolve, and the
notebooks, solutions, misconceptions and rule numbers it names exist."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import cr_rules, cr_sections

from mtgkit.__main__ import _parser
from mtgkit.course import NOTEBOOKS
from mtgkit.crlinks import cited
from mtgkit.export import FORMATS
from mtgkit.misconceptions import CATALOG
from mtgkit.practice import LEVELS, QUESTION_KINDS, TOPICS
from mtgkit.rules import EDITION

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "teacher-guide.md"
TEXT = GUIDE.read_text(encoding="utf-8")
STEMS = [stem for stem, _ in NOTEBOOKS]

#: A fenced code block, indented or not (inside a list item): its indent, language and body.
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```", re.M | re.S)
#: How a command line of the kit starts.
PROGRAMS = (["mtgkit"], ["python", "-m", "mtgkit"], ["python3", "-m", "mtgkit"])


def blocks(text: str) -> list[tuple[str, str]]:
    """Every fenced code block of ``text`` as (language, body), the body dedented."""
    return [(lang, textwrap.dedent(body)) for _indent, lang, body in FENCE.findall(text)]


def without_code(text: str) -> str:
    return FENCE.sub("", text)


def kit_argv(line: str) -> list[str] | None:
    """The arguments after ``mtgkit`` (or ``python -m mtgkit``) on a shell line, else None."""
    words = shlex.split(line, comments=True)
    for program in PROGRAMS:
        if words[:len(program)] == program:
            return words[len(program):]
    return None


def commands(text: str) -> list[list[str]]:
    """The kit's commands in the shell code blocks of ``text``, as argument lists."""
    found = []
    for lang, body in blocks(text):
        if lang not in ("", "bash", "sh", "shell", "console"):
            continue
        for line in body.replace("\\\n", " ").splitlines():
            argv = kit_argv(line)
            if argv is not None:
                found.append(argv)
    return found


COMMANDS = commands(TEXT)


def test_the_guide_names_the_edition_and_has_a_plan_for_every_notebook() -> None:
    assert f"effective {EDITION}" in " ".join(TEXT.split())
    for stem in STEMS:
        assert re.search(rf"^### {re.escape(stem)}: ", TEXT, re.M), f"no lesson plan for {stem}"


def test_every_plan_ends_with_a_worksheet_to_assign() -> None:
    plans = re.split(r"^### ", TEXT.split("## 8. The lesson plans", 1)[1], flags=re.M)[1:]
    assert len(plans) == len(STEMS)
    for plan in plans:
        assign = plan.split("**Assign.**", 1)
        assert len(assign) == 2, plan.splitlines()[0]
        assert any(argv[0] == "worksheet" for argv in commands(assign[1])), plan.splitlines()[0]


def test_the_code_blocks_hold_the_commands_a_teacher_needs() -> None:
    used = {argv[0] for argv in COMMANDS}
    assert {"course", "worksheet", "assignments", "hub-link"} <= used


def _run(argv: list[str], where: Path, **env: str) -> subprocess.CompletedProcess[str]:
    home = where / "home"
    home.mkdir(parents=True, exist_ok=True)
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return subprocess.run([sys.executable, "-m", "mtgkit", *argv], cwd=where, capture_output=True,
                          text=True, timeout=300,
                          env={**os.environ, "HOME": str(home), "PYTHONPATH": path, **env})


def _sheet_files(argv: list[str]) -> list[Path]:
    """The two files a worksheet command writes, as the guide (and the CLI) name them."""
    args = _parser().parse_args(argv)
    stem = (f"worksheet-{args.topic}-seed{args.seed}" if args.topic == "capstones" else
            f"worksheet-{args.topic}-{args.level or 'easy'}-seed{args.seed}")
    return [Path(args.out) / f"{stem}.md", Path(args.out) / f"{stem}-key.md"]


@pytest.mark.slow
@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a) for a in COMMANDS])
def test_each_command_in_the_guide_runs(argv: list[str], tmp_path: Path) -> None:
    done = _run(argv, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "error" not in done.stderr.lower(), done.stderr
    args = _parser().parse_args(argv)
    if argv[0] == "worksheet":
        for path in _sheet_files(argv):
            assert (tmp_path / path).read_text(encoding="utf-8").startswith("# mtgkit worksheet")
    elif argv[0] == "course":
        dest = tmp_path / args.dest
        assert sorted(p.stem for p in dest.glob("*.ipynb")) == STEMS
        assert (dest / "solutions").is_dir() == args.solutions
    elif argv[0] == "assignments":
        assert (tmp_path / args.dest / "nbgrader_config.py").is_file()
    elif argv[0] == "hub-link":
        assert done.stdout.startswith(f"{args.hub}/hub/user-redirect/git-pull?repo=")


def test_the_worksheet_files_the_guide_names_are_the_ones_its_commands_write() -> None:
    written = {path.name for argv in COMMANDS if argv[0] == "worksheet" for path in _sheet_files(argv)}
    named = set(re.findall(r"worksheet-[a-z-]+?-(?:easy|hard)-seed\d+(?:-key)?\.md", TEXT))
    assert named, "the guide names the files a worksheet command writes"
    assert named <= written, sorted(named - written)


def test_the_same_seed_gives_the_same_sheet_in_another_process(tmp_path: Path) -> None:
    """The guide promises every student the same sheet for a seed: two separate runs (with
    different hash seeds, as on two machines) write byte-identical files."""
    argv = next(a for a in COMMANDS if a[0] == "worksheet")
    first, second = tmp_path / "a", tmp_path / "b"
    for where, hashseed in ((first, "1"), (second, "2")):
        where.mkdir()
        assert _run(argv, where, PYTHONHASHSEED=hashseed).returncode == 0
    for path in _sheet_files(argv):
        assert (first / path).read_bytes() == (second / path).read_bytes()


def options(subcommand: str) -> set[str]:
    """The option names a subcommand's ``--help`` lists (argparse would also take a prefix)."""
    with contextlib.redirect_stdout(io.StringIO()) as out, contextlib.suppress(SystemExit):
        _parser().parse_args([subcommand, "--help"])
    return set(re.findall(r"--[a-z][a-z-]*", out.getvalue()))


def test_every_option_is_written_in_full() -> None:
    for argv in COMMANDS:
        assert {w for w in argv if w.startswith("--")} <= options(argv[0]), argv


#: Words that stand for a value in an inline command, and a value to try it with.
PLACEHOLDERS = {"DEST": "dest", "URL": "https://hub.example.edu", "TOPIC": "monarch", "N": "3",
                "FILE": "lesson.toml"}


def test_every_inline_command_is_one_the_cli_accepts() -> None:
    spans = re.findall(r"`((?:python3? -m )?mtgkit [^`]+)`", without_code(TEXT))
    assert spans
    parser = _parser()
    for span in spans:
        argv = kit_argv(span)
        assert argv is not None, span
        argv = [PLACEHOLDERS.get(word, word) for word in argv if word != "..."]
        assert {w for w in argv if w.startswith("--")} <= options(argv[0]), span
        with contextlib.redirect_stderr(io.StringIO()) as err:
            try:
                parser.parse_args(argv)
            except SystemExit:
                pytest.fail(f"`{span}` is not a command the CLI accepts: {err.getvalue()}")


def test_the_python_in_the_guide_adds_up_exported_scores(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The score-collecting snippet, run on files the practice widget really exports, gives each
    student the score the widget itself showed."""
    pytest.importorskip("pandas")
    pytest.importorskip("ipywidgets")
    from mtgkit.widgets import PracticeWidget

    code = [body for lang, body in blocks(TEXT) if lang == "python"]
    assert len(code) == 1
    (tmp_path / "scores").mkdir()
    shown = {}
    # Ada: question 1 wrong then right (the first try counts: wrong), question 2 right;
    # Ben: question 1 right. Right and wrong options come from the question's own answers.
    for name, picks in (("Ada", [["wrong", "right"], ["right"]]), ("Ben", [["right"]])):
        widget = PracticeWidget("x-values", "hard", seed=2)
        widget.student.value = name
        for i, tries in enumerate(picks):
            if i:
                widget.next_button.click()
            q = widget.question
            assert q is not None
            for pick in tries:
                widget.choice.value = next(o for o in q.options if (o in q.answers) == (pick == "right"))
                widget.check_button.click()
        shown[name] = (widget.right, widget.answered)
        (tmp_path / "scores" / f"{name}-score.csv").write_text(widget.score_csv(), encoding="utf-8")
    assert shown["Ada"] == (1, 2) and shown["Ben"] == (1, 1)  # the sheet has rows to add up
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code[0], str(GUIDE), "exec"), namespace)  # noqa: S102 - the guide's own code
    summary = namespace["summary"]
    for name, (right, answered) in shown.items():
        row = summary.loc[(name, "x-values", "hard", 2)]  # type: ignore[attr-defined]
        assert (row["right"], row["answered"]) == (right, answered)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens.

    >>> slug("3. JupyterHub + nbgitpuller"), slug("01-tap-and-untap: {T}, {Q} and summoning sickness")
    ('3-jupyterhub--nbgitpuller', '01-tap-and-untap-t-q-and-summoning-sickness')
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+)$", without_code(text), re.M):
        base = anchor = slug(heading)
        n = 0
        while anchor in found:
            n += 1
            anchor = f"{base}-{n}"
        found.add(anchor)
    return found


def test_every_relative_link_resolves() -> None:
    links = re.findall(r"\]\(([^)\s]+)\)", without_code(TEXT))
    assert links
    checked = 0
    for link in links:
        if re.match(r"[a-z]+:", link):
            continue
        path, _, anchor = link.partition("#")
        target = (GUIDE.parent / path).resolve() if path else GUIDE
        assert target.is_relative_to(ROOT) and target.is_file(), f"{link}: no such file in the repository"
        if anchor:
            assert anchor in anchors(target.read_text(encoding="utf-8")), f"{link}: no such heading"
        checked += 1
    assert checked


def test_every_notebook_and_solution_named_exists() -> None:
    prose = re.sub(r"\]\([^)]*\)", "]", TEXT)  # link targets are checked above
    named = set(re.findall(r"(?<![\w-])(0\d-[a-z]+(?:-[a-z]+)*)(?![\w-])", prose))
    assert named
    assert named <= set(STEMS), sorted(named - set(STEMS))
    for solution in re.findall(r"solutions/(\d\d_exercise\d\.py)", TEXT):
        assert (ROOT / "notebooks" / "solutions" / solution).is_file(), solution


def test_every_misconception_named_is_in_the_catalog_and_every_one_is_named() -> None:
    kebab = set(re.findall(r"`([a-z]+(?:-[a-z0-9]+)+)`", TEXT))
    folders = {vars(_parser().parse_args(argv)).get("dest") for argv in COMMANDS}  # `teacher-copy`
    not_misconceptions = (set(TOPICS) | set(LEVELS) | set(QUESTION_KINDS) | set(FORMATS) | {"hub-link"}
                          | {f for f in folders if f})
    unknown = kebab - not_misconceptions - set(CATALOG)
    assert not unknown, f"not misconceptions in mtgkit.misconceptions.CATALOG: {sorted(unknown)}"
    assert set(CATALOG) <= kebab, f"the guide doesn't name {sorted(set(CATALOG) - kebab)}"


def test_every_rule_cited_exists_in_the_edition() -> None:
    numbers = cited(TEXT)
    assert len(numbers) > 30
    present = cr_rules() | cr_sections()  # the shipped numbers of the edition (tests/cr_numbers.json)
    assert not set(numbers) - present, sorted(set(numbers) - present)


FLAT = " ".join(TEXT.split())


def plan(stem: str) -> str:
    """One lesson plan of the guide, its whitespace flattened."""
    part = TEXT.split(f"### {stem}: ", 1)[1].split("\n### ", 1)[0]
    return " ".join(part.split())


@pytest.mark.slow
def test_section_5_describes_the_generator() -> None:
    """Section 5's promises about every sheet are the generator's own settings, and its list of
    the JSON export's fields is the export's."""
    from mtgkit import practice

    said = FLAT.split("## 5. Worksheets with shared seeds", 1)[1].split("## 6.", 1)[0]
    assert practice.MAX_SHARE == 0.25 and "at most a quarter of any 20 questions" in said
    assert practice.NOTHING_SHARE == 0.2 and practice.WINDOW == 20
    assert '"nothing" (no mana) to a fifth' in said
    # the balance is never relaxed (tests/test_practice_fairness.py shows a sheet ending instead), and
    # the look of the options gives nothing away (measured there, to 5 points over ten seeds)
    assert "never relaxed" in said and "the sheet ends early instead" in said
    fair = (Path(__file__).parent / "test_practice_fairness.py").read_text(encoding="utf-8")
    assert "no such habit beats chance by more than 5 points" in said and "MARGIN = 0.05" in fair
    assert "over ten seeds of 20 questions of every topic and level" in said and "SEEDS = range(10)" in fair
    assert practice.TRUE_OR_FALSE_SHARE == 0.2 and "at most a fifth of a sheet" in said
    assert set(practice.QUESTION_KINDS) == {"choice", "true-false", "which-rule"}
    json_part = said.split("--format json", 1)[1].split("### Send a worksheet to Moodle or Canvas", 1)[0]
    fields = set(practice.worksheet("monarch", "hard", 1, 3)[0].as_dict())
    assert fields == set(re.findall(r"`([a-z]+)`", json_part)) - {"choice", "which-rule"}
    hard = [q for t in TOPICS for q in practice.worksheet(t, "hard", 20, 3)]
    assert all(q.kind != "true-false" and len(q.options) >= 4 for q in hard)
    assert sum(len(q.steps) >= 2 for q in hard) >= 0.7 * len(hard)  # "at least seven in ten"
    easy = [practice.worksheet(t, "easy", 20, 3) for t in TOPICS]
    assert all(sum(q.kind == "true-false" for q in qs) <= 4 for qs in easy)
    assert any(q.kind == "true-false" for qs in easy for q in qs)  # "a few true/false questions"
    for level in LEVELS:  # "the crown moves, stays and is nobody's within every 20 questions"
        crowns = {dict(q.tags).get("crown") for q in practice.worksheet("monarch", level, 20, 3)}
        assert {"moves", "stays", "nobody"} <= crowns, level
    capstones = practice.worksheet("capstones", "hard", 50, 1)  # "every one, in an order the seed picks"
    from mtgkit.capstones import load

    assert sorted(q.number for q in capstones) == list(range(1, len(load()) + 1))


def test_the_x_values_plan_describes_its_sheets() -> None:
    from mtgkit.practice import worksheet
    from mtgkit.topics.crossing import Crossed
    from mtgkit.topics.x_values import DeathPlay, LegendPlay, StackPlay, XEntry

    said = plan("05-x-values")
    assert "--topic x-values --level hard --n 10 --seed 14" in said
    assert "Ten four-option questions, each a short sequence" in said
    hard = worksheet("x-values", "hard", 10, 14)
    assert all(len(q.options) == 4 and q.steps for q in hard)
    crosses = [dict(q.tags).get("crosses") for q in hard]
    assert "Half of them cross X with an earlier topic" in said
    assert sum(isinstance(q.situation, Crossed) for q in hard) == 5
    assert "Reflecting Pool could produce then (four)" in said and "Mana Reflection" in said
    assert crosses.count("could-produce + x-values") == 4 and crosses.count("tapping + x-values") == 1
    assert any("Lithoform Engine" in q.board and "Walking Ballista" in q.board
               for q in hard if dict(q.tags).get("crosses") == "tapping + x-values")
    assert "Hangarback Walker dying for its Thopters (two)" in said
    assert sum(isinstance(q.situation, DeathPlay) for q in hard) == 2
    assert "the legend rule (two), and a Clone copying Walking Ballista (cast with X = 8)" in said
    assert sum(isinstance(q.situation, LegendPlay) for q in hard) == 2
    assert [q.situation.card for q in hard if isinstance(q.situation, XEntry)] == ["Walking Ballista"]
    assert all("Clone" in " ".join(q.steps) and "X = 8" in q.steps[0]
               for q in hard if isinstance(q.situation, XEntry))
    assert "Two of them have two right answers" in said
    assert sum(len(q.answers) == 2 for q in hard) == 2 and all(len(q.answers) <= 2 for q in hard)
    assert not any(q.kind == "which-rule" for q in hard)
    assert "`--level easy --seed 7` is mostly single spells" in said
    easy = worksheet("x-values", "easy", 10, 7)
    assert sum(isinstance(q.situation, XEntry) for q in easy) >= 6
    stack = [q.situation for q in easy if isinstance(q.situation, StackPlay)]
    assert [(s.route, s.card) for s in stack] == [("copy", "Walking Ballista"),
                                                  ("cascade", "Hangarback Walker")]
    assert "Lithoform Engine copying a Walking Ballista spell" in said
    assert "Bloodbraid Elf's cascade casting a Hangarback Walker" in said
    assert any("Lithoform Engine" in " ".join(q.steps) for q in easy if isinstance(q.situation, StackPlay))
    assert any("Bloodbraid Elf" in " ".join(q.steps) for q in easy if isinstance(q.situation, StackPlay))
    assert "a Hangarback Walker dying" in said
    assert [q.situation.card for q in easy if isinstance(q.situation, DeathPlay)] == ["Hangarback Walker"]


def test_the_monarch_plans_describe_their_sheets() -> None:
    from mtgkit.practice import worksheet
    from mtgkit.topics.crossing import Crossed

    said = plan("06-the-monarch")
    assert "--topic monarch --level easy --n 10 --seed 15" in said
    easy = worksheet("monarch", "easy", 10, 15)
    assert "seven of them short sequences" in said and sum(bool(q.steps) for q in easy) == 7
    assert "three ask about a board without steps" in said
    assert sum(len(q.options) == 2 for q in easy) > 5  # "most with two options"
    assert "one is true/false" in said and "which rule decides" not in said.split("**Assign.**", 1)[1]
    assert [q.kind for q in easy].count("true-false") == 1 and "which-rule" not in [q.kind for q in easy]
    boards = " ".join(q.board + " ".join(q.steps) for q in easy)
    for named in ("Act of Treason targeting Protector of the Crown", "Act of Treason targeting Hill Giant",
                  "Holy Day", "Walking Ballista's ability goes on the stack targeting Bob", "Serra Angel",
                  "Custodi Lich attacks Bob", "Lightning Bolt targeting Hill Giant",
                  "Nobody is the monarch"):  # the steps as the engine says them
        assert named in boards, named

    said = plan("07-protector-of-the-crown")
    assert "--topic monarch --level hard --n 10 --seed 2" in said
    hard = worksheet("monarch", "hard", 10, 2)
    assert "Ten four-option questions, each a short sequence" in said
    assert all(len(q.options) >= 4 and q.steps and q.kind != "true-false" for q in hard)
    assert "Four cross the monarch with tapping" in said
    crossed = [q for q in hard if isinstance(q.situation, Crossed)]
    assert len(crossed) == 4 and {dict(q.tags)["crosses"] for q in crossed} == {"monarch + tap-untap"}
    assert {w for q in crossed for w in ("Llanowar Elves", "Pili-Pala")
            if f"Act of Treason targeting {w}" in " ".join(q.steps)} == {"Llanowar Elves", "Pili-Pala"}
    crowns = [dict(q.tags).get("crown") for q in hard]
    assert "The crown moves in one of them and stays in four" in said
    assert crowns.count("moves") == 1 and crowns.count("stays") == 4
    assert "how may it divide its damage?" in said
    assert any("Protector of the Crown blocks Walking Ballista" in " ".join(q.steps) for q in hard)
    assert "one asks which rule decides" in said and [q.kind for q in hard].count("which-rule") == 1
    steps = [" ".join(q.steps) for q in hard]
    assert "a Craw Wurm attacking a Protector's controller (twice)" in said
    assert sum(bool(q.steps) and q.steps[0] == "Declare attackers step begins. Craw Wurm attacks Bob."
               for q in hard) == 2
    assert any("Lightning Bolt targeting Protector of the Crown" in s and "Youthful Knight attacks Bob" in s
               for s in steps)
    assert any("Queen Marchesa's ability triggers" in s for s in steps) and "Queen Marchesa" in said
    assert any("Craw Wurm attacks Bob. Custodi Lich attacks Bob" in s for s in steps)


def test_the_practice_plan_describes_its_questions() -> None:
    """08-practice's opening questions, exercises and "listen for" list, as the guide (and the
    notebook) describe them."""
    from mtgkit.practice import worksheet

    said = plan("08-practice")
    first, second, third = worksheet("x-values", "hard", 3, 2)
    assert "Lithoform Engine" in first.board and "Walking Ballista" in first.board
    assert first.answers == ("two Walking Ballistas, with 1 counter each",)
    assert f"**\"{first.answers[0]}\"**" in said and "**CR 707.10**" in said and "707.10" in first.prompt
    assert first.misconceptions("one Walking Ballista, with 1 counter") == ("spell-copy-loses-x",)
    assert "Clone" in " ".join(second.steps[1:]) and "X = 3" in second.steps[0]
    assert set(second.answers) == {"0 counters, mana value 2", "it isn't on the battlefield"}
    assert "\"0 counters, mana value 2\" and \"it isn't on the battlefield\"" in said
    assert second.misconceptions("3 counters, mana value 2") == ("copy-keeps-x",)
    assert dict(third.tags).get("crosses") == "tapping + x-values"
    assert all(w in third.board for w in ("Mana Reflection", "Heartbeat of Spring", "Lithoform Engine"))
    assert third.answers == ("each of her 2 Hangarback Walkers has 1 +1/+1 counter; "
                             "Alice's mana pool holds {G}{G}{G}",)
    assert f"**\"{third.answers[0]}\"**" in said
    six = [o for o in third.options if o.endswith("{G}" * 6)]
    assert len(six) == 1 and third.misconceptions(six[0]) == ("reflection-doubles-triggered-mana",)
    for n, (topic, seed, crossed) in enumerate((("could-produce", 1, [1, 3, 4]), ("tapping", 8, [5])), 1):
        sheet = worksheet(topic, "hard", 5, seed)
        assert all(len(q.answers) == 1 for q in sheet)  # every right one is in the guide
        told = " ".join(f"({i}) **{q.answers[0]}**" for i, q in enumerate(sheet, 1))
        assert f"Exercise {n} ({topic}, hard, seed {seed}): {told}." in said
        assert [i for i, q in enumerate(sheet, 1) if "x-values" in dict(q.tags).get("crosses", "")] == crossed
    assert "Questions 1, 3 and 4 of exercise 1 and question 5 of exercise 2 cross the topic" in said
    crossed_q = [i for i, q in enumerate(worksheet("tapping", "hard", 5, 8), 1)
                 if dict(q.tags).get("crosses") == "tap-untap + tapping"]
    assert crossed_q == [2, 3] and "Questions 2 and 3 of exercise 2 cross it with" in said
    listen = said.split("**Listen for.**", 1)[1].split("**Capstones.**", 1)[0]
    wrong = {part for t, n, s in (("x-values", 3, 2), ("could-produce", 5, 1), ("tapping", 5, 8))
             for q in worksheet(t, "hard", n, s) for _option, names in q.wrong
             for name in names for part in name.split(" + ")}
    assert set(re.findall(r"`([a-z0-9-]+)`", listen)) == wrong


def test_the_solutions_are_the_guides_answers() -> None:
    from mtgkit.practice import check_practice, worksheet

    for n, (topic, seed) in ((1, ("could-produce", 1)), (2, ("tapping", 8))):
        code = (ROOT / "notebooks" / "solutions" / f"08_exercise{n}.py").read_text(encoding="utf-8")
        answers = eval(code.split(f"answers{n} = ", 1)[1].split("  #", 1)[0].splitlines()[0])  # noqa: S307
        assert f"seed {seed}" in code.splitlines()[0]
        assert "5/5" in check_practice(answers, worksheet(topic, "hard", 5, seed))


def test_the_other_plans_describe_their_sheets() -> None:
    from mtgkit.practice import worksheet

    said = plan("03-could-produce")
    assert "Every wrong option on the sheet comes from a named misconception" in said
    for q in worksheet("could-produce", "hard", 10, 7):
        assert {o for o, names in q.wrong if names} == set(q.options) - set(q.answers)
    said = plan("04-tapped-for-mana")
    assert "hard questions are mostly short sequences" in said and "each with four options" in said
    hard = worksheet("tapping", "hard", 10, 7)
    assert sum(len(q.steps) >= 2 for q in hard) > len(hard) / 2 and all(len(q.options) == 4 for q in hard)
    steps = [" ".join(q.steps) for q in hard]
    crosses = [dict(q.tags).get("crosses", "") for q in hard]
    assert "cross tapping with the monarch and with X" in said
    assert any("Custodi Lich" in q.board and "Contamination" in q.board and "Mana Reflection" in q.board
               and "Forest" in s and "monarch" in c for q, s, c in zip(hard, steps, crosses, strict=True))
    assert {w for q, c in zip(hard, crosses, strict=True) if "x-values" in c and "Mana Reflection" in q.board
            for w in ("Walking Ballista", "Hangarback Walker") if w in q.board} == {"Walking Ballista",
                                                                                 "Hangarback Walker"}
    assert any(c == "tap-untap + tapping" and "Pili-Pala" in q.board and "Heartbeat of Spring" in q.board
               for q, c in zip(hard, crosses, strict=True))
    assert "(crossing tapping with {T} and {Q})" in said
    assert "Pili-Pala's {Q} ability activated after a Forest and Llanowar Elves" in said
    assert any(len(q.steps) == 3 and q.steps[0].startswith("Alice activates Forest")
               and q.steps[1].startswith("Alice activates Llanowar Elves")
               and q.steps[2].startswith("Alice activates Pili-Pala: {2}, {Q}") for q in hard)


def test_the_practice_plan_assigns_seeds_the_course_does_not_use() -> None:
    used = set(re.findall(r"`([a-z-]+)`, `([a-z]+)`, (?:seed )?(\d+) \|", TEXT))  # sections 1 and 5
    assert len(used) >= 12
    assign = plan("08-practice").split("**Assign.**", 1)[1]
    sheets = [_parser().parse_args(argv) for argv in commands(TEXT.split("### 08-practice: ", 1)[1])]
    assert len(sheets) == 4 and all(f"--seed {a.seed}" in assign for a in sheets)
    for a in sheets:
        assert (a.topic, a.level, str(a.seed)) not in used
