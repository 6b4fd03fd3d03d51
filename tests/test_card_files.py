"""Card files (issue 31, item 1): cards as data in the engine's own vocabulary.

The catalog is a card file read at import; a teacher's cards are read the same way and played by
one game without touching the catalog; every mistake is one line naming the file, the line and
the key; a hostile file is bounded like a scenario file.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

import mtgkit.cards
from mtgkit import Game, limits
from mtgkit.abilities import CardDef, EntersTapped, StaticReplacement
from mtgkit.cards import CATALOG, CardFileError, UnknownCardError, load_cards, parse_cards
from mtgkit.cards.cardfile import all_kinds, card_keys, cards_toml, vocabulary
from mtgkit.events import ManaAdded
from mtgkit.scenario import scenario_text

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "docs" / "card-files.md").read_text(encoding="utf-8")
#: The docs page's example: a teacher's two cards.
EXAMPLE = re.search(r"```toml\n(.*?)```", DOCS, re.S).group(1)  # type: ignore[union-attr]

CARD = '''[[card]]
name = "Test Card"
types = ["Creature"]
cost = "{G}"
power = 1
toughness = 1

[[card.abilities]]
kind = "Activated"
cost = "{T}"
effects = [{kind = "AddMana", spec = {kind = "Fixed", mana = "{G}"}}]
text = "{T}: Add {G}."
'''


def error(text: str, path: str = "my.toml") -> str:
    with pytest.raises(CardFileError) as caught:
        parse_cards(text, path)
    message = str(caught.value)
    assert "\n" not in message
    return message


# ----------------------------------------------------------------------------- the catalog
def test_the_catalog_is_the_card_file_shipped_with_the_package() -> None:
    path = Path(mtgkit.cards.__file__).parent / "catalog.toml"
    cards = load_cards(path)
    assert [c.name for c in cards] == list(CATALOG)
    assert all(c == CATALOG[c.name] for c in cards)
    assert not (Path(mtgkit.cards.__file__).parent / "catalog.py").exists()


def test_the_whole_catalog_round_trips_card_by_card() -> None:
    written = cards_toml(CATALOG.values())
    back = parse_cards(written, "written.toml")
    assert len(back) == len(CATALOG) == 66
    for card in back:
        assert card == CATALOG[card.name], card.name
    assert cards_toml(back) == written


def test_the_catalog_uses_every_kind_of_ability_the_vocabulary_lists_but_the_monarchs() -> None:
    """Each kind the reader accepts is one the catalog's cards (or the monarch's inherent
    abilities, CR 725.2) are made of: the vocabulary is the engine's, not a second one."""
    used: set[str] = set()
    todo: list[object] = list(CATALOG.values())
    while todo:
        item = todo.pop()
        if isinstance(item, tuple | frozenset):
            todo.extend(item)
        elif hasattr(type(item), "_fields") or type(item).__name__ in all_kinds():
            used.add(type(item).__name__)
            todo.extend(getattr(item, f) for f in getattr(type(item), "_fields", ()))
    monarchs = {"CombatDamageToMonarch", "CreatureControllerBecomesMonarch", "MonarchsEndStep"}
    assert set(all_kinds()) - used == monarchs


# ----------------------------------------------------------------------------- a teacher's cards
def test_the_docs_example_cards_play_in_a_game_through_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "my-cards.toml"
    path.write_text(EXAMPLE, encoding="utf-8")
    tender, spring = load_cards(path)
    assert tender.type_line == "Creature — Elf Druid" and tender.activated[0].taps_for_mana
    assert spring.has(EntersTapped) and spring.has(StaticReplacement)
    assert spring.text.startswith("Tidal Spring enters tapped.")

    g = Game(["Alice", "Bob"], cards=(tender, spring))
    elf = g.put_onto_battlefield("Sprout Tender", "Alice", arrived="last turn")
    g.activate(elf)
    assert str(g.pool("Alice")) == "{G}"
    land = g.put_in_zone("Tidal Spring", "Alice", "hand")
    played = g.play_land(land)
    assert g.obj(land).tapped and "614.1c" in played[-1].rules
    forest = g.put_onto_battlefield("Forest", "Alice")
    g.activate(forest)
    assert str(g.pool("Alice")) == "{U}{G}"
    added = g.events[-1]
    assert isinstance(added, ManaAdded) and "106.12b" in added.rules
    assert "Tidal Spring: Forest produces {U} instead of {G}" in str(g.events[-2])
    # A replay knows the same cards and plays the same events.
    again = g.replay()
    assert again.cards == g.cards and [str(e) for e in again.events] == [str(e) for e in g.events]


def test_a_games_own_cards_never_reach_the_catalog_or_another_game() -> None:
    cards = parse_cards(EXAMPLE)
    before = dict(CATALOG)
    g = Game(["Alice", "Bob"], cards=cards)
    g.put_onto_battlefield("Tidal Spring", "Alice")
    assert CATALOG == before and "Tidal Spring" not in CATALOG
    other = Game(["Alice", "Bob"])
    with pytest.raises(UnknownCardError, match="unknown card 'Tidal Spring'"):
        other.put_onto_battlefield("Tidal Spring", "Alice")
    with pytest.raises(UnknownCardError, match="did you mean 'Tidal Spring'"):
        g.put_onto_battlefield("Tidal Sprng", "Alice")
    assert set(g.cards) == {"Sprout Tender", "Tidal Spring"} and not other.cards


def test_a_games_cards_are_checked() -> None:
    forest = CATALOG["Forest"]
    with pytest.raises(ValueError, match="'Forest' is already a card in the catalog"):
        Game(cards=[forest])
    mine = parse_cards(CARD)
    with pytest.raises(ValueError, match="'Test Card' is already a card in cards"):
        Game(cards=[*mine, *mine])
    with pytest.raises(TypeError, match="cards must be a list of card definitions"):
        Game(cards="Forest")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="cards must be a list of card definitions"):
        Game(cards=["Forest"])  # type: ignore[list-item]


def test_a_game_with_its_own_cards_is_not_saved_as_a_scenario_file() -> None:
    g = Game(cards=parse_cards(CARD))
    with pytest.raises(ValueError, match=r"catalog cards only; this game has cards of its own \(Test Card\)"):
        scenario_text(g)


def test_a_card_written_out_reads_back_and_gets_its_defaults() -> None:
    (card,) = parse_cards(CARD)
    assert card.text == "{T}: Add {G}." and card.keywords == frozenset() and card.subtypes == ()
    assert parse_cards(cards_toml([card])) == (card,)
    aura = parse_cards('[[card]]\nname = "Grow"\ntypes = ["Enchantment"]\nsubtypes = ["Aura"]\n'
                       'enchant = "Forest"\n')[0]
    assert aura.spell_targets is not None and aura.spell_targets.text == "target Forest"
    assert aura.spell_targets == CATALOG["Utopia Sprawl"].spell_targets


# ----------------------------------------------------------------------------- mistakes: file:line: key
@pytest.mark.parametrize(("old", "new", "expected"), [
    # an unknown kind, with the near name
    ('kind = "Activated"', 'kind = "Activatd"',
     "my.toml:9: card[0].abilities[0].kind: an ability kind ('Activatd' is not one; "
     "did you mean 'Activated'?)"),
    ('kind = "Fixed"', 'kind = "Fixd"',
     "my.toml:11: card[0].abilities[0].effects[0].spec.kind: a mana spec kind ('Fixd' is not one; "
     "did you mean 'Fixed'?)"),
    # an unknown key of a record, of a card
    ('mana = "{G}"', 'mna = "{G}"',
     "my.toml:11: card[0].abilities[0].effects[0].spec.mna: a key of Fixed (mana); did you mean 'mana'?"),
    ('power = 1', 'powr = 1',
     "my.toml:5: card[0].powr: a key of a card (name, types, cost, subtypes, supertypes, power, toughness, "
     "keywords, abilities, text, enchant, extra_colors, spell, spell_targets, token); did you mean 'power'?"),
    # a value of the wrong type
    ('power = 1', 'power = "1"', "my.toml:5: card[0].power: a whole number (this is text)"),
    ('text = "{T}: Add {G}."', 'text = 3',
     "my.toml:12: card[0].abilities[0].text: text (this is a whole number)"),
    ('effects = [{kind = "AddMana", spec = {kind = "Fixed", mana = "{G}"}}]', 'effects = {kind = "AddMana"}',
     "my.toml:11: card[0].abilities[0].effects: a list, each an effect (a table with its kind) "
     "(this is a table)"),
    # a missing field
    ('cost = "{T}"\n', '',
     'my.toml:8: card[0].abilities[0].cost: a value for cost (a cost as printed, such as "{1}, {T}"), '
     'which Activated needs'),
    ('name = "Test Card"\n', '', "my.toml:1: card[0].name: a value for name (the card's name)"),
    # a word that isn't one of the engine's, with the near one
    ('types = ["Creature"]', 'types = ["Creture"]',
     'my.toml:3: card[0].types[0]: one of "Artifact", "Creature", "Enchantment", "Land", "Instant", '
     '"Sorcery" '
     '("Creture" is not one; did you mean "Creature"?)'),
    ('toughness = 1', 'toughness = 1\nkeywords = ["flyng"]',
     'my.toml:7: card[0].keywords[0]: one of "flying", "haste", "first strike", "double strike", "trample", '
     '"deathtouch", "vigilance", "convoke" ("flyng" is not one; did you mean "flying"?)'),
    ('{kind = "Fixed", mana = "{G}"}', '{kind = "Reflect", whose = "yuo"}',
     'my.toml:11: card[0].abilities[0].effects[0].spec.whose: one of "you", "opponents", "any" ("yuo" is not '
     'one; did you mean "you"?)'),
    ('{kind = "Fixed", mana = "{G}"}', '{kind = "PerPermanent", mana_type = "g"}',
     'my.toml:11: card[0].abilities[0].effects[0].spec.mana_type: one of "W", "U", "B", "R", "G", "C" '
     '("g" is '
     'not one; did you mean "G"?)'),
    # printed text the engine can't read
    ('cost = "{T}"', 'cost = "{T}, Dance"',
     "my.toml:10: card[0].abilities[0].cost: a cost as printed, such as \"{1}, {T}\" "
     "(unknown cost part 'Dance' "
     "in '{T}, Dance')"),
    # power without toughness
    ('toughness = 1\n', '',
     "my.toml:5: card[0].power: both power and toughness, or neither (this card has power only)"),
])
def test_each_mistake_is_one_line_naming_the_file_the_line_and_the_key(old: str, new: str,
                                                                       expected: str) -> None:
    assert CARD.count(old) == 1
    assert error(CARD.replace(old, new)) == expected


def test_the_file_level_mistakes() -> None:
    assert error(CARD + CARD) == ("my.toml:14: card[1].name: a name no other card in the file has "
                                  "('Test Card' is there twice)")
    assert error("cards = 1\n") == "my.toml:1: cards: [[card]] tables only; did you mean 'card'?"
    assert error("[[card]]\nname = \n") == ("my.toml:2: valid TOML (Invalid value (at line 2, column 8))")
    assert error("[card]\nname = 'x'\n") == "my.toml:1: card: [[card]] tables (a list of cards)"


def test_the_docs_mistakes_are_what_the_reader_says() -> None:
    shown = re.search(r"```text\n(.*?)```", DOCS, re.S).group(1).splitlines()  # type: ignore[union-attr]
    made = [error(EXAMPLE.replace(old, new, 1), "my-cards.toml") for old, new in (
        ('kind = "OneOf"', 'kind = "OnOf"'), ("power = 1\n", 'power = "1"\n'),
        ('kind = "Activated"\ncost = "{T}"\neffects = [{kind = "AddMana", spec = {kind = "OneOf"',
         'kind = "Activated"\neffects = [{kind = "AddMana", spec = {kind = "OneOf"'))]
    assert shown == made


def test_a_message_shows_what_a_file_holds_escaped() -> None:
    message = error(CARD.replace('kind = "Activated"', 'kind = "\\u001b[2JActivated"'))
    assert "\x1b" not in message and "\\x1b[2JActivated" in message


# ----------------------------------------------------------------------------- limits
def _cards(n: int) -> str:
    return "".join(f'[[card]]\nname = "C{i}"\ntypes = []\n' for i in range(n))


def test_the_limits_of_a_card_file(tmp_path: Path) -> None:
    assert len(parse_cards(_cards(limits.MAX_CARDS))) == limits.MAX_CARDS
    assert error(_cards(limits.MAX_CARDS + 1)) == (
        f"my.toml:1: card: at most {limits.MAX_CARDS} cards (the card file limit; this file has "
        f"{limits.MAX_CARDS + 1})")
    many = CARD + "\n[[card.abilities]]\nkind = \"EntersTapped\"\n" * limits.MAX_ABILITIES
    assert error(many).startswith(f"my.toml:8: card[0].abilities: at most {limits.MAX_ABILITIES} abilities")
    assert error(CARD.replace('types = ["Creature"]', f'types = {["Creature"] * 21}'.replace("'", '"'))) == (
        f"my.toml:3: card[0].types: at most {limits.MAX_LIST} items (the card file limit; this list has 21)")
    long_text = "x" * (limits.MAX_CARD_TEXT + 1)
    assert error(CARD.replace('text = "{T}: Add {G}."', f'text = "{long_text}"')) == (
        f"my.toml:12: card[0].abilities[0].text: at most {limits.MAX_CARD_TEXT:,} characters (this one has "
        f"{limits.MAX_CARD_TEXT + 1:,}) (the card file limit)")
    assert error(CARD.replace('name = "Test Card"', f'name = "{"n" * 101}"')).startswith(
        "my.toml:2: card[0].name: at most 100 characters")
    assert error(CARD.replace("power = 1", "power = 10000000")) == (
        "my.toml:5: card[0].power: a whole number from -1,000,000 to 1,000,000 (the card file limit; "
        "this one "
        "is 10,000,000)")
    assert error(CARD.replace("power = 1", "power = 1.5")) == (
        "my.toml:5: card[0].power: a whole number (this is a decimal number)")


def test_a_hostile_file_gets_one_line_in_bounded_time(tmp_path: Path) -> None:
    cases = {
        "big.toml": "# " + "x" * limits.MAX_FILE_BYTES + "\n",
        "deep.toml": "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
        "keys.toml": "a" + ".a" * 5_000 + " = 1\n",
        "digits.toml": "[[card]]\nname = \"x\"\ntypes = []\npower = " + "9" * 5_000 + "\n",
        "binary.toml": None,
    }
    for name, text in cases.items():
        path = tmp_path / name
        if text is None:
            path.write_bytes(b"\xff\xfe\x00[[card]]")
        else:
            path.write_text(text, encoding="utf-8")
        start = time.perf_counter()
        with pytest.raises(CardFileError) as caught:
            load_cards(path)
        assert time.perf_counter() - start < 5, name  # a bound on a hang, not a benchmark
        message = str(caught.value)
        assert message.startswith(str(path)) and "\n" not in message, message
    with pytest.raises(CardFileError, match="at most 65,536 bytes"):
        load_cards(tmp_path / "big.toml")


def test_a_huge_unknown_key_is_named_by_its_start() -> None:
    message = error(CARD.replace("power = 1", f"{'p' * 10_000} = 1"))
    assert message.startswith("my.toml:5: card[0].pppp") and len(message) < 500


def test_only_a_regular_file_is_read(tmp_path: Path) -> None:
    with pytest.raises(CardFileError, match=r": a regular file \(this is a folder\)"):
        load_cards(tmp_path)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "cards.fifo"
        os.mkfifo(fifo)
        with pytest.raises(CardFileError, match=r"a FIFO"):
            load_cards(fifo)  # refused before it is opened: never blocks
    with pytest.raises(CardFileError, match=r"a readable TOML file"):
        load_cards(tmp_path / "missing.toml")


# ----------------------------------------------------------------------------- the docs
def _generated(name: str) -> str:
    marker = f"<!-- generated by mtgkit.cards.cardfile.{name}(); tests/test_card_files.py checks it -->"
    start = DOCS.index(marker)
    body = DOCS[start:].split("\n", 1)[1]
    return body.split(f"<!-- end of {name}() -->", 1)[0]


def test_the_docs_tables_are_generated_from_the_records() -> None:
    assert _generated("card_keys") == card_keys()
    assert _generated("vocabulary") == vocabulary()
    for name, cls in all_kinds().items():
        assert f"| `{name}` |" in DOCS and (cls.__doc__ or "").strip(), name
    for field in CardDef._fields:
        assert f"| `{field}` |" in DOCS, field


def test_the_docs_page_is_in_the_sites_index() -> None:
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert "\ncard-files\n" in index
