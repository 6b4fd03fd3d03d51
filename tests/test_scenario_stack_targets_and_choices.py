"""What a scenario file can say that the engine's calls can (issue 29, item 5): a target that is an
ability on the stack (Lithoform Engine copying a cascade or a monarch trigger, CR 707.10), the
mana abilities that pay a cascaded spell's cost increase (``resolve``'s ``mana_from``, 601.2g), a
Clone put onto the battlefield by an effect with its copy choice (``copy``, 707.5), and cards on
top of a library (``[top_of_library]``, for cascade to find)."""

from __future__ import annotations

import pytest

from mtgkit.events import AbilityCopied, SpellCast
from mtgkit.scenario import ScenarioError, parse_scenario

CASCADE_COPIED = '''
players = ["Alice", "Bob"]
[board]
Alice = ["Lithoform Engine", "Mountain", "Forest", "Forest", "Island", "Wastes", "Wastes"]
[hand]
Alice = ["Bloodbraid Elf"]
[top_of_library]
Alice = ["Grizzly Bears", "Raging Goblin"]
[[actions]]
do = "activate"
card = ["Mountain", "Forest", "Forest 2", "Island"]
[[actions]]
do = "cast"
card = "Bloodbraid Elf"
[[actions]]
do = "activate"
card = ["Wastes", "Wastes 2"]
[[actions]]
do = "activate"
card = "Lithoform Engine"
ability = 0
target = "Bloodbraid Elf's ability"
[[actions]]
do = "resolve_stack"
[expect]
battlefield = { Alice = ["Bloodbraid Elf", "Forest", "Forest", "Grizzly Bears", "Island",
                         "Lithoform Engine", "Mountain", "Raging Goblin", "Wastes", "Wastes"] }
'''


def test_707_10_a_file_can_have_lithoform_engine_copy_a_cascade_trigger() -> None:
    """The copy of the cascade trigger resolves first and finds Raging Goblin; the original then
    finds Grizzly Bears: both are cast without paying their mana costs."""
    s = parse_scenario(CASCADE_COPIED, "cascade-copied.toml")
    events = s.game.events
    copied = next(e for e in events if isinstance(e, AbilityCopied))
    assert copied.name == "Bloodbraid Elf's ability" and copied.player == "Alice"
    free = [e.obj for e in events if isinstance(e, SpellCast) and e.free]
    assert free == ["Raging Goblin", "Grizzly Bears"]


MONARCH_COPIED = '''
players = ["Alice", "Bob"]
monarch = "Alice"
[board]
Alice = ["Lithoform Engine", "Wastes", "Wastes"]
[[actions]]
do = "advance"
to = "end"
[[actions]]
do = "activate"
card = ["Wastes", "Wastes 2"]
[[actions]]
do = "activate"
card = "Lithoform Engine"
target = "The monarch's ability"
[[actions]]
do = "resolve_stack"
[expect]
hand = { Alice = 2 }
'''


def test_707_10_725_2_a_file_can_have_lithoform_engine_copy_the_monarchs_draw_trigger() -> None:
    s = parse_scenario(MONARCH_COPIED, "monarch-copied.toml")
    assert s.checked == ("hand.Alice = 2",)


def test_a_target_that_is_neither_a_label_nor_a_player_nor_on_the_stack_says_what_is() -> None:
    text = MONARCH_COPIED.replace('"The monarch\'s ability"', '"Custodi Lich\'s ability"')
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, "wrong.toml")
    assert err.value.place == "actions[2].target"
    assert "on the stack (on it now: \"The monarch's ability\")" in err.value.expected


SPHERE = '''
players = ["Alice", "Bob"]
[board]
Alice = ["Damping Sphere", "Mountain", "Forest", "Forest", "Mountain", "Mountain"]
[hand]
Alice = ["Bloodbraid Elf"]
[top_of_library]
Alice = ["Lightning Bolt"]
[[actions]]
do = "activate"
card = ["Mountain", "Forest", "Forest 2", "Mountain 2"]
[[actions]]
do = "cast"
card = "Bloodbraid Elf"
[[actions]]
do = "resolve"
free_cast = true
mana_from = ["Mountain 3"]
[[actions]]
do = "resolve_stack"
[expect]
life = { Bob = 17 }
'''


def test_601_2g_resolve_takes_mana_from_in_a_file() -> None:
    """Lightning Bolt cast by cascade is Alice's second spell under Damping Sphere: it costs {1}
    more, paid by the third Mountain's mana ability, activated while casting it."""
    s = parse_scenario(SPHERE, "sphere.toml")
    cast = next(e for e in s.game.events if isinstance(e, SpellCast) and e.obj == "Lightning Bolt")
    assert cast.free and cast.cost_increase == 1 and s.game.obj(s.labels["Mountain 3"]).tapped


def test_601_2g_without_mana_from_the_file_says_why_the_action_is_refused() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(SPHERE.replace('mana_from = ["Mountain 3"]\n', ""), "sphere.toml")
    assert err.value.place == "actions[2]" and "mana_from=" in err.value.expected


def test_707_5_a_clone_put_onto_the_battlefield_by_an_effect_takes_its_copy_choice_in_a_file() -> None:
    text = '''
players = ["Alice", "Bob"]
[board]
Bob = ["Hill Giant", "Grizzly Bears"]
[[actions]]
do = "put_onto_battlefield"
card = "Clone"
player = "Alice"
copy = "Grizzly Bears"
[expect]
battlefield = { Alice = ["Grizzly Bears"] }
'''
    s = parse_scenario(text, "clone.toml")
    assert s.game.obj(s.labels["Clone"]).name == "Grizzly Bears"
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text.replace('copy = "Grizzly Bears"', 'copy = "Craw Wurm"'), "clone.toml")
    assert err.value.place == "actions[0].copy" and "set up earlier" in err.value.expected


def test_top_of_library_is_checked_like_a_hand() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario('players = ["Alice", "Bob"]\n[top_of_library]\nAlice = ["Forrest"]\n', "t.toml")
    assert err.value.place == "top_of_library.Alice[0]" and "did you mean 'Forest'" in err.value.expected
