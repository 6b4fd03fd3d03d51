"""Questions as data (issue 31, items 2 and 6): a question file the engine answers (a ``[model]``,
no option marked right), its wrong options drawn from the misconception variants, the author's
key checked; ``[alternatives]`` making versions by seed; a question file's own cards; and the
worked examples of docs/write-your-own-questions.md, each checked and answered as the rules say."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from helpers import check_problems as _problems
from helpers import line_with as _line_with
from helpers import run_check
from helpers import write_file as _write

from mtgkit import capstones as bank
from mtgkit import limits
from mtgkit.cards import CATALOG as CARDS
from mtgkit.checking import MIN_WRONG, check_paths
from mtgkit.misconceptions import CATALOG
from mtgkit.practice import AUTO_OPTIONS, as_json, capstone_question
from mtgkit.presenting import cards_of, question_markdown

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples" / "questions"
RAIDER = EXAMPLES / "custom-card-crown-raider.toml"
VERSIONS = EXAMPLES / "K3-versions.toml"
CROSS = EXAMPLES / "cross-ballista-pings-the-monarch.toml"
GUIDE = ROOT / "docs" / "write-your-own-questions.md"


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return run_check(*args, cwd=cwd, timeout=300)


def _produced(c: bank.Capstone) -> None:
    """Every wrong option of ``c``'s question is what its misconceptions' variants give on the play."""
    q = capstone_question(c)
    s = c.situation()
    assert s is not None
    mine = {o.text for o in c.options}
    for option, names in q.wrong:
        assert names and all(part in CATALOG for n in names for part in n.split(" + "))
        if option not in mine:
            assert any(option in s.believe(frozenset(n.split(" + "))) for n in names), option


# ----------------------------------------------------------------------------- nothing else changes
def test_the_shipped_capstones_are_read_as_before() -> None:
    caps = bank.load()
    assert len(caps) == 27
    assert not any(c.auto or c.version or c.answer or c.play.setup.cards for c in caps)
    assert [c.key() for c in caps] == [("capstone", c.id) for c in caps]
    assert all(not bank.check(c) for c in caps)


# ----------------------------------------------------------------------------- example (a): own card
def test_example_a_a_card_of_our_own_in_a_question() -> None:
    c = bank.parse(RAIDER)
    assert c.auto and [card.name for card in c.play.setup.cards] == ["Crown Raider"]
    assert "Crown Raider" not in CARDS  # the file's own, never added to the catalog
    q = capstone_question(c)
    # An independent reading: the 3/3 double striker is unblocked; its first-strike 3 and its
    # regular 3 are both dealt to Protector of the Crown instead of Bob (CR 614.9 as the card
    # says), which has toughness 5: 6 damage destroys it (704.5g). No combat damage was dealt to
    # the monarch, so the crown stays with Bob (725.2).
    assert q.answers == ("Bob is the monarch; Bob controls 0 Protectors of the Crown",) == c.legal()
    for o in c.outcomes():
        g = o.game
        assert g.monarch == "Bob" and g.life("Bob") == 20
        assert "Protector of the Crown" in [x.name for x in g.zone("Bob", "graveyard")]
    assert len(q.options) == AUTO_OPTIONS
    names = {n for _, ns in q.wrong for n in ns}
    assert "redirected-damage-is-damage-to-the-monarch" in " ".join(names)
    assert {"double-strike-hits-once", "damage-wears-off-between-steps",
            "first-strike-damage-all-at-once"} & names
    _produced(c)
    # the card's own text is shown wherever the question's cards are
    line = "Crown Raider {3}{R}, Creature — Goblin Warrior 3/3. Haste, double strike."
    assert line in c.card_texts().splitlines()
    assert [t.line() for t in cards_of(q) if t.name == "Crown Raider"] == [line]
    assert "Haste, double strike." in question_markdown(q)
    assert '"name": "Crown Raider"' in as_json([q])


def test_inline_card_tables_make_a_question_file_not_a_card_file(tmp_path: Path) -> None:
    cards = (EXAMPLES / "crown-raider-cards.toml").read_text(encoding="utf-8")
    text = RAIDER.read_text(encoding="utf-8").replace('cards_file = "crown-raider-cards.toml"\n', "")
    path = _write(tmp_path, text + "\n" + cards.split("\n", 1)[1])
    assert _problems(path) == []
    assert capstone_question(bank.parse(path)).answers == capstone_question(bank.parse(RAIDER)).answers
    bad = _write(tmp_path, path.read_text(encoding="utf-8").replace("power = 3", "powr = 3"), "bad.toml")
    [problem] = _problems(bad)
    assert problem.startswith(f"{bad}:{_line_with(bad.read_text(), 'powr = 3')}: card[0].powr: ")


def test_a_card_of_our_own_may_not_take_a_catalog_name(tmp_path: Path) -> None:
    cards = (EXAMPLES / "crown-raider-cards.toml").read_text(encoding="utf-8")
    _write(tmp_path, cards.replace('"Crown Raider"', '"Grizzly Bears"'), "crown-raider-cards.toml")
    path = _write(tmp_path, RAIDER.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    assert _problems(path) == [f"{path}:{_line_with(text, 'cards_file')}: cards_file: a name no catalog card "
                               "has ('Grizzly Bears' is the catalog's)"]


def test_the_cards_file_stays_in_the_question_s_folder(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    _write(outside, (EXAMPLES / "crown-raider-cards.toml").read_text(encoding="utf-8"), "cards.toml")
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "linked.toml").symlink_to(outside / "cards.toml")
    text = RAIDER.read_text(encoding="utf-8")
    line = _line_with(text, "cards_file")
    expected = ("cards_file: a card file's name relative to this file, inside its folder (no '..', "
                "not absolute)")
    for name, why in [("../outside/cards.toml", ""), (str(outside / "cards.toml"), ""),
                      ("linked.toml", " (a link leads out of it)")]:
        path = _write(folder, text.replace('"crown-raider-cards.toml"', f'"{name}"'), "q.toml")
        before = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*")}
        assert _problems(path) == [f"{path}:{line}: {expected}{why}"], name
        assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*")} == before
    path = _write(folder, text.replace('"crown-raider-cards.toml"', '"nothere.toml"'), "q.toml")
    assert _problems(path) == [f"{path}:{line}: cards_file: a card file that is there ('nothere.toml' isn't)"]


# ----------------------------------------------------------------------------- example (b): versions
def test_example_b_a_capstone_in_six_versions() -> None:
    found = bank.parse_versions(VERSIONS)
    blockers = ("Grizzly Bears", "Hill Giant", "Llanowar Elves")
    assert [c.version for c in found] == [f"blocker={b}, life={n}" for b in blockers for n in (20, 10)]
    for c in found:
        match = re.fullmatch(r"blocker=(.+), life=(\d+)", c.version)
        assert match is not None
        blocker, life = match.groups()
        assert c.title == f"Pinging the monarch past {blocker}"
        assert c.play.setup.life == int(life)  # "{life}" alone became the number
        # Independent reading: two pings of 1 from the Ballista's ability (noncombat damage, CR
        # 120.3, doesn't move the crown, 725.2); the second resolves though the 0/0 Ballista died
        # (113.7a, 608.2h); the blocked Ballista deals no combat damage to Bob.
        assert capstone_question(c).answers == (f"Bob is the monarch; Bob has {int(life) - 2} life",)
        assert not bank.check(c)
        _produced(c)
    assert len({c.key() for c in found}) == 6
    picks = [bank.parse(VERSIONS, seed=s).version for s in range(40)]
    assert picks == [bank.parse(VERSIONS, seed=s).version for s in range(40)]  # reproducible
    assert set(picks) == {c.version for c in found}


def test_substitution_is_plain_text_and_typed_only_when_whole() -> None:
    data = {"x": "{x}", "s": "X is {x}, not {X} nor {x.real}", "t": {"{who}": ["{who}'s"]},
            "alternatives": {}}
    assert bank.substitute(data, {"x": 3, "who": "Bob"}) == {
        "x": 3, "s": "X is 3, not {X} nor {x.real}", "t": {"Bob": ["Bob's"]}}


def test_alternatives_are_bounded_with_one_line_errors(tmp_path: Path) -> None:
    base = VERSIONS.read_text(encoding="utf-8")
    line = _line_with(base, "[alternatives]")
    cases = {
        'n = [1, 2, 3, 4, 5]\nm = [1, 2, 3, 4, 5]\nk = [1, 2, 3]\n':
            f"alternatives: at most {limits.MAX_VERSIONS} versions (the file limit; these lists make 450)",
        'Blocker = ["Hill Giant"]\n': "alternatives.Blocker: a name of lowercase letters, digits and _ "
                                      "(starting with a letter, at most 30)",
        'n = []\n': f"alternatives.n: a list of 1 to {limits.MAX_LIST} names or whole numbers",
        'n = [1.5]\n': f"alternatives.n: a list of 1 to {limits.MAX_LIST} names or whole numbers",
        'n = ["{x}"]\n': f"alternatives.n: values of at most {limits.MAX_NAME} characters, without braces",
        "".join(f"a{i} = [1]\n" for i in range(9)):
            f"alternatives: at most {limits.MAX_ALTERNATIVES} names (the file limit)",
    }
    for i, (extra, what) in enumerate(cases.items()):
        path = _write(tmp_path, base.replace("[alternatives]\n", "[alternatives]\n" + extra), f"a{i}.toml")
        assert _problems(path) == [f"{path}:{line}: {what}"], extra


def test_a_problem_of_some_versions_names_them(tmp_path: Path) -> None:
    text = VERSIONS.read_text(encoding="utf-8").replace('"Hill Giant", "Llanowar', '"Hill Gaint", "Llanowar')
    path = _write(tmp_path, text)
    line = _line_with(text, 'Bob = ["{blocker}"]')
    assert _problems(path) == [
        f"{path}:{line}: blocker=Hill Gaint, life={n}: unknown card 'Hill Gaint'; did you mean 'Hill Giant'?"
        for n in (20, 10)]


# ----------------------------------------------------------------------------- example (c): two topics
def test_example_c_an_x_spell_and_the_monarch() -> None:
    c = bank.parse(CROSS)
    q = capstone_question(c)
    # Independent reading: X is 1 whatever {X}{X} cost (CR 107.3m), so the Ballista enters with one
    # counter; removing it is a cost (602.2), the 0/0 dies (704.5f) and the ping still resolves
    # (113.7a); 1 noncombat damage to Bob doesn't move the crown (725.2).
    assert q.answers == ("Bob is the monarch; Alice controls 0 creatures",)
    g = c.outcomes()[0].game
    assert (g.monarch, g.life("Bob"), len(g.zone("Alice", "battlefield"))) == ("Bob", 19, 2)
    topics = {CATALOG[part].topic for _, names in q.wrong for n in names for part in n.split(" + ")}
    assert topics == {"x-values", "monarch"}
    assert q.explanation.startswith(c.why) and "What the engine did:" in q.explanation
    assert "725.2" in q.explanation and q.rules
    _produced(c)


def test_an_automatic_question_is_a_normal_question() -> None:
    c = bank.parse(CROSS)
    q = capstone_question(c, "hard", seed=5, number=3)
    assert q == capstone_question(c, "hard", seed=5, number=3)  # the same seed, the same question
    assert (q.topic, q.number, q.seed, q.board, q.prompt) == ("capstones", 3, 5, c.setup_words,
                                                              f"{c.title}. {c.question}")
    assert len(q.options) == len(set(q.options)) == AUTO_OPTIONS and set(q.answers) <= set(q.options)
    assert {o for o, _ in q.wrong} == set(q.options) - set(q.answers)
    assert q.steps == c.situation().steps() and len(q.steps) == 4  # type: ignore[union-attr]
    assert dict(q.tags) == {"capstone": "EX-C"}


# ----------------------------------------------------------------------------- the author's key and options
def test_a_wrong_key_is_a_problem_on_its_line(tmp_path: Path) -> None:
    text = CROSS.read_text(encoding="utf-8").replace("Alice controls 0 creatures",
                                                     "Alice controls 1 creature")
    path = _write(tmp_path, text)
    assert _problems(path) == [f"{path}:{_line_with(text, 'answer = ')}: the engine's answer is "
                               "'Bob is the monarch; Alice controls 0 creatures', not "
                               "'Bob is the monarch; Alice controls 1 creature'"]
    assert bank.check(bank.parse(path)) == [
        "EX-C: the engine's answer is 'Bob is the monarch; Alice controls 0 creatures', not "
        "'Bob is the monarch; Alice controls 1 creature'"]


OWN = '''
[[options]]
text = "Alice takes the crown: the Ballista that pinged Bob is a creature."
misconception = "noncombat-creature-damage-takes-the-crown"
because = "Any damage a creature's ability deals is taken to be a creature dealing damage."
claims = { monarch = "Alice" }
'''


def test_the_author_s_wrong_options_are_offered_with_the_automatic_ones(tmp_path: Path) -> None:
    path = _write(tmp_path, CROSS.read_text(encoding="utf-8") + OWN)
    assert _problems(path) == []
    c = bank.parse(path)
    assert c.auto and not bank.check(c)
    for seed in range(5):
        q = capstone_question(c, seed=seed)
        mine = "Alice takes the crown: the Ballista that pinged Bob is a creature."
        assert mine in q.options and len(q.options) == AUTO_OPTIONS
        assert q.misconceptions(mine) == ("noncombat-creature-damage-takes-the-crown",)
        assert dict(q.notes)[mine].startswith("Any damage")


def test_an_author_s_option_that_is_right_is_a_problem(tmp_path: Path) -> None:
    text = CROSS.read_text(encoding="utf-8") + OWN.replace('claims = { monarch = "Alice" }',
                                                           'claims = { monarch = "Bob" }')
    path = _write(tmp_path, text)
    line = _line_with(text, "[[options]]")
    said = f"{path}:{line}: option 1 is marked wrong, but its claims all hold: it is right too"
    assert said in _problems(path)


def test_too_few_wrong_options_is_a_problem(tmp_path: Path) -> None:
    text = (RAIDER.read_text(encoding="utf-8").replace('Bob = ["Protector of the Crown"]\n', "")
            .replace('ask = "monarch and protectors"', 'ask = "monarch"')
            .replace('answer = "Bob is the monarch; Bob controls 0 Protectors of the Crown"\n',
                     'answer = "Alice"\n'))
    cards = (EXAMPLES / "crown-raider-cards.toml").read_text(encoding="utf-8")
    _write(tmp_path, cards, "crown-raider-cards.toml")
    path = _write(tmp_path, text)
    assert _problems(path) == [f"{path}:{_line_with(text, '[model]')}: only 0 wrong options (at least "
                               f"{MIN_WRONG} are wanted): no other misconception variant changes this play's "
                               "answer; add [[options]] of your own"]


def test_an_automatic_question_needs_a_known_situation(tmp_path: Path) -> None:
    text = CROSS.read_text(encoding="utf-8").replace('situation = "monarch"', 'situation = "queen"')
    path = _write(tmp_path, text)
    assert _problems(path) == [f"{path}:{_line_with(text, 'situation = ')}: model.situation: one of "
                               f"{', '.join(bank.SITUATIONS)}"]


# ----------------------------------------------------------------------------- the guide
def test_the_examples_pass_the_command() -> None:
    out = _run("docs/examples/questions")
    assert (out.returncode, out.stdout, out.stderr) == (0, "4 files checked: no problems\n", "")


def _blocks(lang: str) -> list[str]:
    page = GUIDE.read_text(encoding="utf-8")
    return re.findall(rf"^```{lang}\n(.*?)^```", page, re.M | re.S)


def test_the_guide_shows_each_example_file_as_it_is() -> None:
    shown = _blocks("toml")
    for path in (RAIDER, EXAMPLES / "crown-raider-cards.toml", VERSIONS, CROSS):
        assert path.read_text(encoding="utf-8") in shown, path.name


@pytest.mark.parametrize("n", [0, 1, 2])
def test_the_guide_s_console_output_is_what_the_command_prints(n: int, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    block = _blocks("console")[n].splitlines()
    command, shown = block[0], block[1:]
    assert command.startswith("$ mtgkit check ")
    args = command.split()[3:]
    if n == 0:
        assert args == ["docs/examples/questions"]
        monkeypatch.chdir(ROOT)
    else:  # a copy of an example with one mistake, in the folder the guide names
        folder = tmp_path / "my-questions"
        folder.mkdir()
        for p in EXAMPLES.iterdir():
            _write(folder, p.read_text(encoding="utf-8"), p.name)
        if n == 1:
            raider = folder / RAIDER.name
            raider.write_text(raider.read_text().replace('answer = "Bob is', 'answer = "Alice is'))
        else:
            versions = folder / VERSIONS.name
            text = versions.read_text().replace('"Hill Giant", "Llanowar', '"Hill Gaint", "Llanowar')
            versions.write_text(text)
        monkeypatch.chdir(tmp_path)
    assert check_paths(args).lines() == shown


def test_the_guide_is_in_the_docs_and_linked() -> None:
    docs = ROOT / "docs"
    assert "\nwrite-your-own-questions\n" in (docs / "index.md").read_text(encoding="utf-8")
    for page in ("teacher-guide.md", "check-files.md"):
        assert "(write-your-own-questions.md)" in (docs / page).read_text(encoding="utf-8"), page
    text = GUIDE.read_text(encoding="utf-8")
    assert text.startswith("# Write your own questions\n")
    assert f"{limits.MAX_VERSIONS}" in text and ", ".join(f"`{k}`" for k in bank.SITUATIONS) in text


def test_a_key_in_a_question_with_its_own_options_is_its_right_option(tmp_path: Path) -> None:
    k1 = (bank.FOLDER / "K1-bolt-the-attacker-in-response.toml").read_text(encoding="utf-8")
    text = k1.replace('title = "', 'answer = "Bob keeps the crown."\ntitle = "', 1)
    path = _write(tmp_path, text)
    assert _problems(path) == [f"{path}:2: answer 'Bob keeps the crown.' is not the option marked right"]
