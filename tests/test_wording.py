"""The words of every event live in mtgkit.wording: game.py builds no event sentence, every
event kind has a rendering, every sentence the engine names exists and every sentence is used."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

import pytest

import mtgkit
from mtgkit import Game, events, wording
from mtgkit.choices import FirstOption
from mtgkit.errors import RulesError
from mtgkit.events import PriorityPassed, Tapped, say

GAME = Path(mtgkit.__file__).resolve().parent / "game.py"
TREE = ast.parse(GAME.read_text())
CLASSES = {c.__name__ for c in events.EVENT_TYPES}


def _constructions() -> list[ast.Call]:
    """Every call in game.py that makes an event (an event class by name, or ``event(...)`` in
    ``_move``, whose ``event`` is a zone-change class)."""
    return [n for n in ast.walk(TREE) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and (n.func.id in CLASSES or n.func.id == "event")]


def _says() -> list[ast.Call]:
    return [n for n in ast.walk(TREE) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id == "say"]


def test_game_builds_no_event_sentence() -> None:
    """No event made in game.py is given a ``text``: the sentence is said by mtgkit.wording."""
    for call in _constructions():
        assert "text" not in {k.arg for k in call.keywords}, f"game.py line {call.lineno} sets text="


def test_the_facts_game_gives_a_sentence_are_data_not_words() -> None:
    """What game.py hands a sentence is data (names, numbers, flags, another module's words such
    as an ability's text), never English it composed: no f-string and no string literal with a
    space among the facts of ``say(...)``."""
    for call in _says():
        assert call.args and isinstance(call.args[0], ast.Constant), f"line {call.lineno}"
        for kw in call.keywords:
            for node in ast.walk(kw.value):
                assert not isinstance(node, ast.JoinedStr), f"game.py line {call.lineno}: {kw.arg}"
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    assert " " not in node.value, f"game.py line {call.lineno}: {node.value!r}"


def test_every_sentence_game_names_exists_and_every_sentence_is_used() -> None:
    named = {call.args[0].value for call in _says() if isinstance(call.args[0], ast.Constant)}
    assert named <= set(wording.SENTENCES), named - set(wording.SENTENCES)
    unworded = {call.func.id for call in _constructions() if isinstance(call.func, ast.Name)
                and "words" not in {k.arg for k in call.keywords} and call.func.id != "event"}
    assert set(wording.SENTENCES) == named | unworded, set(wording.SENTENCES) ^ (named | unworded)


def test_every_event_kind_has_a_rendering() -> None:
    """Each event class game.py makes without saying which sentence is said in its class's own;
    a class game.py always words with ``say`` needs none. Every class in EVENT_TYPES is one or
    the other, and a kind whose class is never made (ZoneChange's subclasses made through
    ``_move``) is worded there."""
    made = {call.func.id for call in _constructions() if isinstance(call.func, ast.Name)}
    for cls in events.EVENT_TYPES:
        name = cls.__name__
        if name in wording.SENTENCES:
            continue
        calls = [c for c in _constructions() if isinstance(c.func, ast.Name) and c.func.id == name]
        assert all("words" in {k.arg for k in c.keywords} for c in calls), name
        assert calls or name in ("Moved", "StateBasedMove", "Entered"), f"{name} is never made"
        assert name in made or name in ("Moved", "StateBasedMove", "Entered"), name


def test_sentences_read_the_events_fields_and_facts() -> None:
    assert wording.sentence(PriorityPassed(player="Alice")) == "Alice passes"
    assert wording.sentence(Tapped(words=say("tap.cost"), obj="Forest")) == "Forest becomes tapped to pay {T}"
    with pytest.raises(KeyError, match="'who'"):
        wording.sentence(Tapped(words=say("move.discard"), obj="Forest"))


def test_a_logged_events_text_is_its_sentence() -> None:
    """Every event of a game is said by the renderer from its own data, once logged."""
    g = Game(["Alice", "Bob"])
    g.activate(g.put_onto_battlefield("Forest", "Alice"))
    g.next_turn()
    for e in g.events:
        assert e.text == wording.sentence(e), e


def test_a_card_name_ending_in_s_takes_an_apostrophe_only() -> None:
    """"Grizzly Bears' damage", never "Grizzly Bears's" (issue 28): sentences write a card's
    possessive as ``{obj's}`` and code as ``possessive(name)``; no f-string or template in the
    package glues 's onto a card's name."""
    import re

    glued = re.compile(r"\{[^{}]*(name|obj|source|card|reflector)[^{}]*\}'s")
    pkg = Path(mtgkit.__file__).resolve().parent
    found = [f"{p.relative_to(pkg)}:{i}" for p in sorted(pkg.rglob("*.py"))
             for i, line in enumerate(p.read_text().splitlines(), 1)
             if glued.search(line) and "def possessive" not in line and p.name != "wording.py"]
    assert found == []
    assert not [k for k, s in wording.SENTENCES.items() if isinstance(s, str) and glued.search(s)]
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Protector of the Crown", "Bob", by_effect=True)
    g.put_onto_battlefield("Protector of the Crown", "Bob", by_effect=True)
    g.resolve_stack()
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.advance(to="end_of_combat")
    said = " ".join(e.text for e in g.events)
    assert "Grizzly Bears' damage" in said and "Bears's" not in said


# ---------------------------------------------------------------------------- refusals
#: The modules of the engine whose errors are worded in mtgkit.wording's REFUSALS: every module
#: below the teaching layer that raises (the file, text and link helpers aside: files.py,
#: safetext.py, crlinks.py, and outcomes.py, a query over whole games).
ENGINE = ("game.py", "mana.py", "validate.py", "abilities.py", "choices.py", "records.py", "whynot.py",
          "replacement.py")
PKG = GAME.parent


def _errors(tree: ast.AST) -> list[ast.Call]:
    """Every construction of an error: a class named ``...Error`` (an internal invariant's
    AssertionError aside, which no user is meant to read) or ``type(err)(...)``."""
    def is_error(f: ast.expr) -> bool:
        if isinstance(f, ast.Name):
            return f.id.endswith("Error") and f.id != "AssertionError"
        return isinstance(f, ast.Call) and isinstance(f.func, ast.Name) and f.func.id == "type"
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and is_error(n.func)]


def _refusals(tree: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id == "refusal"]


def _prose(node: ast.AST) -> str | None:
    """The first English ``node`` composes: an f-string or a string literal with a space."""
    for n in ast.walk(node):
        if isinstance(n, ast.JoinedStr):
            return ast.unparse(n)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and " " in n.value:
            return repr(n.value)
    return None


def test_no_error_of_the_engine_is_worded_where_it_is_raised() -> None:
    """An error the engine raises gets its words from ``refusal(key, facts)``: no f-string and
    no string literal with a space among its arguments, nor among the facts of a refusal."""
    assert _prose(ast.parse('raise TimingError(f"{p} can\'t pass", "117.3d")')) is not None
    assert _prose(ast.parse('raise TimingError(refusal("x.y", who=p), "117.3d")')) is None
    for module in ENGINE:
        tree = ast.parse((PKG / module).read_text())
        for call in _errors(tree) + _refusals(tree):
            parts = call.args[1:] if call in _refusals(tree) else call.args
            for part in [*parts, *(k.value for k in call.keywords)]:
                found = _prose(part)
                assert found is None, f"{module} line {call.lineno} words its error: {found}"
        assert _errors(tree), module


def test_every_refusal_the_engine_names_exists_and_every_refusal_is_used() -> None:
    named: set[str] = set()
    calling = {p.name for p in PKG.glob("*.py") if 'refusal("' in p.read_text()} - {"wording.py"}
    assert calling == {*ENGINE, "targets.py"}, "a module that words a refusal is checked here"
    for module in (*ENGINE, "targets.py"):  # targets.py words why a target isn't legal
        for call in _refusals(ast.parse((PKG / module).read_text())):
            assert call.args and isinstance(call.args[0], ast.Constant), f"{module} line {call.lineno}"
            named.add(call.args[0].value)
    assert named <= set(wording.REFUSALS), named - set(wording.REFUSALS)
    assert set(wording.REFUSALS) == named, set(wording.REFUSALS) - named


def test_a_refusal_is_said_from_its_facts() -> None:
    assert wording.refusal("pass_priority.cant_pass_has", player="Bob", holder="Alice") == \
        "Bob can't pass: Alice has priority."
    assert wording.refusal("pass_priority.nobody_has_priority", step="cleanup") == \
        "Nobody has priority during the cleanup step."
    assert wording.refusal("match_order.order_must_include", labels=["Orrery", "Sphere"]).endswith(
        "effect: Orrery, Sphere")
    assert wording.refusal("pick_mana.cant_add_now", name="Forest", wanted="{U}", labels=["{G}", "{C}"]) == \
        "Forest can't add {U} now; it can add {G} or {C}."
    with pytest.raises(KeyError, match="'holder'"):
        wording.refusal("pass_priority.cant_pass_has", player="Bob")


def test_a_refused_call_says_its_refusal() -> None:
    """What a learner reads: the error's reason is the refusal's sentence, with its rule."""
    g = Game(["Alice", "Bob"])
    with pytest.raises(RulesError) as err:
        g.pass_priority("Bob")
    assert err.value.reason == wording.refusal("pass_priority.cant_pass_has", player="Bob", holder="Alice")
    assert err.value.rule == "117.3d"


# ---------------------------------------------------------------------------- chooser questions
def _questions(tree: ast.AST) -> list[ast.Call]:
    """Every question the engine asks a chooser: ``self.chooser.choose(player, question, ...)``
    and ``self.chooser.order(...)``."""
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
            and n.func.attr in ("choose", "order") and ast.unparse(n.func.value) == "self.chooser"]


def _prompts(tree: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
            and n.func.id == "prompt"]


def test_no_question_to_a_chooser_is_worded_where_it_is_asked() -> None:
    asked = 0
    for module in ENGINE:
        tree = ast.parse((PKG / module).read_text())
        for call in _questions(tree):
            asked += 1
            question = call.args[1]
            assert isinstance(question, ast.Call) and isinstance(question.func, ast.Name) \
                and question.func.id == "prompt", f"{module} line {call.lineno}: {ast.unparse(question)}"
            for part in [*question.args[1:], *(k.value for k in question.keywords)]:
                assert _prose(part) is None, f"{module} line {call.lineno}: {_prose(part)}"
    assert asked >= 17


def test_every_question_the_engine_names_exists_and_every_question_is_used() -> None:
    named: set[str] = set()
    for module in ENGINE:
        for call in _prompts(ast.parse((PKG / module).read_text())):
            assert call.args and isinstance(call.args[0], ast.Constant), f"{module} line {call.lineno}"
            named.add(call.args[0].value)
    assert named == set(wording.PROMPTS), named ^ set(wording.PROMPTS)


def test_a_chooser_is_asked_the_prompt() -> None:
    class Asked(FirstOption):
        def __init__(self) -> None:
            self.questions: list[str] = []

        def choose(self, player: str, question: str, options: Sequence[str]) -> str:
            self.questions.append(question)
            return super().choose(player, question, options)

    asked = Asked()
    g = Game(["Alice", "Bob"], chooser=asked)
    g.put_onto_battlefield("Gauntlet of Power", "Alice", by_effect=True)
    assert asked.questions == [wording.prompt("color.as_enters", name="Gauntlet of Power")]
    assert asked.questions == ["color for Gauntlet of Power as it enters"]
    assert wording.prompt("sacrifice.which", card_type="Creature", player="Bob") == \
        "which creature Bob sacrifices"


def test_the_reasons_behind_refusals_are_worded_in_one_place_too() -> None:
    """Why a target or a payment is not legal (mtgkit.targets, mana.payment_problem) ends up in a
    refusal the learner reads, so those reasons come from REFUSALS too: no function there returns
    an f-string or a sentence written on the spot."""
    checked = 0
    for module, only in (("targets.py", None), ("mana.py", "payment_problem")):
        tree = ast.parse((PKG / module).read_text())
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef) or (only and fn.name != only):
                continue
            for ret in (n for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None):
                checked += 1
                said = [n for n in ast.walk(ret.value) if isinstance(n, ast.JoinedStr) or (
                    isinstance(n, ast.Constant) and isinstance(n.value, str) and " " in n.value
                    and any(ch.isalpha() for ch in n.value))]  # "; " joining reasons is no sentence
                assert not said, f"{module} {fn.name} line {ret.lineno}: {ast.unparse(said[0])}"
    assert checked >= 20
    assert wording.refusal("target.wrong_player", name="Grizzly Bears", zone="graveyard", whose="Bob",
                           opponents=True, controller="Alice") == \
        "Grizzly Bears is in the graveyard of Bob, not an opponent of Alice"
    assert wording.refusal("payment.amount_differs", spent="{R}", amount=1, cost="{1}{G}", total=2, x=None) \
        == "{R} is 1 mana and {1}{G} takes 2"
