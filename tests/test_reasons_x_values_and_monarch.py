"""The x-values and monarch notebooks (05-08) give the rule of the engine event behind each
outcome they explain: the worked examples (run from the committed notebooks), the explorers'
default views and the quizzes."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import nbformat

from mtgkit.events import DamageRedirected, MonarchChanged, StateBasedMove, chain
from mtgkit.lessons import BoltCase, ChaliceCase, XGuess, combat_check, combat_walk, x_checked, x_results

ROOT = Path(__file__).resolve().parents[1]
SKIP = ("Explorer", "Widget", "Exercise", "Quiz", "plt.show", "answers")


def run(stem: str) -> dict[str, Any]:
    """The notebook's code cells, in order, without its widgets and plots."""
    ns: dict[str, Any] = {}
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    with contextlib.redirect_stdout(io.StringIO()):
        for c in nb.cells:
            if c.cell_type == "code" and not any(s in c.source for s in SKIP):
                exec(compile(c.source, stem, "exec"), ns)  # our own committed notebook code
    return ns


def cited(stem: str) -> set[str]:
    """Every rule number the notebook's source cites in its text."""
    text = (ROOT / "tools" / "course" / f"{stem}.py").read_text()
    return set(re.findall(r"\b\d{3}\.\d+[a-z]?\b", text))


def test_05_the_clone_of_walking_ballista_dies_by_the_toughness_rule_the_text_names() -> None:
    ns = run("05-x-values")
    died = ns["died"]
    assert isinstance(died, StateBasedMove) and died.rules == ("704.5f",)
    text = (ROOT / "tools" / "course" / "05-x-values.py").read_text()
    assert "state-based action that took it is the toughness rule, CR 704.5f" in text


def test_05_explorer_default_the_goose_mothers_copy_meets_the_legend_rule() -> None:
    results = x_results("The Goose Mother", 3, "copied by Clone")
    gone = [r for r, _ in results if not r.survived]
    assert gone and all(r.fate_reason is not None and r.fate_reason.rules == ("704.5j",) for r in gone)
    assert any(r.survived for r, _ in results)  # Alice may keep the copy: both predictions are right
    for guess in (XGuess(0, 0, False), XGuess(0, 0, True)):
        assert x_checked("The Goose Mother", 3, "copied by Clone", guess)[0].correct
    assert {"704.5j", "704.5f", "707.2", "107.3m"} <= cited("05-x-values")


def test_05_chalice_quiz_cites_the_counter_event() -> None:
    case = ChaliceCase("Walking Ballista", x=1, counters=2)
    assert case.legal() == ("yes",) and case.reason().rules == ("701.6a",)


def test_06_worked_examples_cite_the_rules_of_their_events() -> None:
    ns = run("06-the-monarch")
    game, first = ns["game"], ns["first"]
    changes = [e for e in game.events if isinstance(e, MonarchChanged) and e.seq >= first]
    assert [e.changed for e in changes] == [True, False]
    assert "725.2" in changes[0].rules and "603.2e" in changes[1].rules
    triggers = [e for e in game.events if e.kind == "trigger" and e.seq >= first]
    assert len(triggers) == 2 and all("(Alice controls it)" in e.text for e in triggers)
    assert ns["crown"].rules == ("725.4",) and ns["three"].monarch == "Alice"
    race = ns["race"]
    passes = [e for e in race.events if e.kind == "pass" and e.turn == race.turn and e.step == "end"]
    assert passes and passes[0].player == "Alice"  # Alice passed before Bob's Lich arrived
    assert {"725.2", "603.2e", "725.4", "117.3d"} <= cited("06-the-monarch")


def test_07_the_protector_takes_the_damage_by_redirection_and_the_crown_stays() -> None:
    ns = run("07-protector-of-the-crown")
    game, hit = ns["game"], ns["hit"]
    redirect = [e for e in chain(game.events, hit.seq) if isinstance(e, DamageRedirected)]
    assert redirect and redirect[0].rules == ("614.9",) and hit.get("combat")
    assert game.monarch == "Bob" and game.life("Bob") == 20
    assert BoltCase(0).reason().rules == ("614.9",)
    two = BoltCase(2).reason()
    assert two.rules == ("704.5g",) and BoltCase(2).legal() == (3,)
    one = BoltCase(1)
    assert one.legal() == (0,) and one.reason().rules == ("614.9",) and "destroyed afterwards" in one.why()


def test_07_explorer_default_any_protector_bob_chooses_keeps_the_crown() -> None:
    before, walk = combat_walk(["Grizzly Bears", "Hill Giant"], {}, protectors=2)
    assert len(walk.outcomes) == 4  # Bob picks a Protector for each attacker
    for o in walk.outcomes:
        check = combat_check(before, walk, o.path, "Bob", 20)
        assert check.correct and check.reason.rules == ("614.9",)


def _repeated(text: str) -> list[str]:
    """The sentences ``text`` says more than once (a sentence ends with . ! or ?, or a line)."""
    said = [s.strip().rstrip(".") for s in re.split(r"(?<=[.!?])\s+|\n", text) if len(s.strip()) > 12]
    return sorted({s for s in said if said.count(s) > 1})


def test_no_reason_or_feedback_repeats_a_sentence() -> None:
    """Issue 28: 07's combat explorer said the redirection twice (once for the crown, again for
    Bob's life). Every reason the 05-07 explorers give (every path, prediction and choice of Bob's),
    every quiz's why, and each exercise case's feedback for every answer (one case at a time, as a
    widget shows it, in learning and in assessment mode) says each sentence once."""
    from mtgkit.grading import assessment
    from mtgkit.lessons import check_leave_answers, check_name_answers, check_number_answers
    from mtgkit.topics.x_values import XRoute

    assert _repeated("The crown stays. Bob keeps it. The crown stays.") == ["The crown stays"]
    texts: list[tuple[str, str]] = []
    for card in ("The Goose Mother", "Walking Ballista", "Hangarback Walker"):
        for x in (0, 1, 3, 4):
            for path in XRoute:
                guesses = {XGuess(c, t, on) for c in (0, x) for t in (0, (x + 1) // 2)
                           for on in (True, False)}
                for guess in guesses:
                    check = x_checked(card, x, path, guess)[0]
                    texts.append((f"05 explorer {card} X={x} {path.value}",
                                  f"{check.reason.text}\n{check.others}"))
    for attackers in (["Grizzly Bears"], ["Grizzly Bears", "Hill Giant"], ["Grizzly Bears", "Raging Goblin"]):
        for protectors in (0, 1, 2):
            before, walk = combat_walk(attackers, {}, protectors=protectors)
            for o in walk.outcomes:
                check = combat_check(before, walk, o.path, "Bob", 20)
                texts.append((f"07 explorer {attackers} {protectors}",
                              f"{check.reason.text}\n{check.others}"))
    texts.append(("05 quiz", ChaliceCase("Walking Ballista", x=1, counters=2).why()))
    checkers = {"check_number_answers": check_number_answers, "check_name_answers": check_name_answers,
                "check_leave_answers": check_leave_answers}
    for stem in ("05-x-values", "06-the-monarch", "07-protector-of-the-crown"):
        source = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
        ns: dict[str, Any] = {}
        for c in source.cells:  # each exercise's cases, without its widget
            if c.cell_type == "code" and re.search(r"^cases\d = \{", c.source, re.M):
                exec(c.source.split("Exercise.for_cases")[0], ns)  # our own committed notebook code
        for name in ("cases1", "cases2"):
            cases = ns[name]
            graded_by = next(c for c in checkers if f"{c}(answers{name[-1]}, {name})" in
                             (ROOT / "tools" / "course" / f"{stem}.py").read_text())
            for key, case in cases.items():
                for answer in (0, 1, 2, 3, 4, 5, 6, "Alice", "Bob", "Carol", "nobody"):
                    for mode in (False, True):
                        assessment(mode)
                        try:
                            feedback = str(checkers[graded_by]({key: answer}, {key: case}))
                        finally:
                            assessment(None)
                        texts.append((f"{stem} {key} {answer!r} assessment={mode}", feedback))
    repeats = [f"{where}: {_repeated(text)}" for where, text in texts if _repeated(text)]
    assert repeats == [], "\n".join(repeats[:5])
