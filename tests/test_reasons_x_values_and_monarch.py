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
