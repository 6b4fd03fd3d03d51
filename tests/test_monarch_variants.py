"""The monarch's misconceptions as rule variants (issue 30 items 1 and 8): each wrong rule is a
:class:`~mtgkit.variants.Rules` subclass overriding one decision of the engine, and a monarch
question's wrong options are what the same play gives under them, played by the engine."""

from __future__ import annotations

import pytest

from mtgkit.game import Game
from mtgkit.misconceptions import CATALOG
from mtgkit.practice import questions
from mtgkit.teaching import Play
from mtgkit.topics import monarch
from mtgkit.topics.base import VARIANTS, PlaySituation
from mtgkit.topics.monarch import (
    MISCONCEPTIONS,
    Bolts,
    Combat,
    CombatMistake,
    DrawRace,
    Leaves,
    LichEnters,
    Mistake,
    MonarchPlay,
    end_of,
    knockout_play,
    steal_play,
)
from mtgkit.variants import CR, DECISIONS, Rules, combine, overrides

VARIANT_NAMES = sorted(str(m.name) for m in MISCONCEPTIONS if m.plugs_in == "variant")


def test_most_monarch_misconceptions_are_rule_variants() -> None:
    """At least 80% of the topic's catalogue are wrong rules the engine plays by; the rest (the
    damage-assignment misreadings) are one small model each, not a branch in a shared loop."""
    variants = [m for m in MISCONCEPTIONS if m.plugs_in == "variant"]
    assert len(variants) / len(MISCONCEPTIONS) >= 0.8, (len(variants), len(MISCONCEPTIONS))
    assert {str(m.name) for m in variants} <= set(VARIANTS)
    others = {str(m.name) for m in MISCONCEPTIONS} - {str(m.name) for m in variants}
    assert others == set(monarch._DIVISION_BELIEFS)
    for name in ("_believed", "_Belief", "_on_event", "_on_change", "_at_end", "_MISREAD", "believed_end"):
        assert not hasattr(monarch, name), f"{name}: the old model machinery is gone"


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_each_variant_overrides_one_decision_and_lives_in_the_topic(name: str) -> None:
    v = VARIANTS[name]
    assert len(overrides(v)) == 1 and overrides(v) <= set(DECISIONS)
    assert v.__module__ == "mtgkit.topics.monarch" and v.name == name


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_each_variant_differs_from_the_cr_on_its_example_in_the_engine(name: str) -> None:
    """The example's wrong answer is the engine's game played by the variant: where the example is
    a play, its outcomes differ, and the variant overrides a decision the play asked."""
    m = CATALOG[name]
    s = m.example
    wrong = m.run(s)
    assert set(wrong) - set(s.legal()), (name, s.legal(), wrong)
    if isinstance(s, PlaySituation):
        v = VARIANTS[name]()
        assert overrides(type(v)) & s.play.consulted(), "the play asks the decision the variant overrides"
        assert s.answers(s.play.outcomes(v)) == wrong
        assert [end_of(o) for o in s.play.outcomes(v)] != [end_of(o) for o in s.play.outcomes()]


def test_the_merged_near_duplicates_are_gone() -> None:
    for gone in ("knocked-out-monarch-leaves-no-heir", "inherited-crown-doesnt-trigger",
                 "only-the-monarchs-protector", "removed-attacker-keeps-the-crown"):
        assert gone not in CATALOG and gone not in VARIANTS


def test_a_merged_misconception_covers_both_of_its_cases() -> None:
    # crown-disappears: the monarch conceding, and the monarch knocked out in combat
    knocked = MonarchPlay(knockout_play(("Alice", "Carol", "Bob"), "Alice", "Carol"))
    assert knocked.legal() == ("Alice",) and knocked.believe(frozenset({"crown-disappears"})) == ("nobody",)
    # combat-steal-doesnt-trigger-lich: taking the crown in combat, and inheriting it
    inherited = MonarchPlay(knockout_play(("Alice", "Bob", "Carol"), "Alice", "Carol", lich=True,
                                          concede=True), "monarch and creatures")
    held = frozenset({"combat-steal-doesnt-trigger-lich"})
    assert inherited.legal() == ("Alice is the monarch; Bob controls 0 creatures",)
    assert inherited.believe(held) == ("Alice is the monarch; Bob controls 1 creature",)
    # protector-guards-the-monarch: Bob's Protector ignores damage to Bob while Alice is the monarch
    bolted = monarch.someone_elses_crown()
    assert bolted.believe(frozenset({"protector-guards-the-monarch"})) == (
        "Alice is the monarch; Bob has 17 life",)
    # ability-fizzles-without-source: the attacker bolted in response keeps the crown where it was
    removed = MonarchPlay(steal_play(["Grizzly Bears"], bob=(), bolt="Grizzly Bears"))
    assert removed.legal() == ("Alice",)
    assert removed.believe(frozenset({"ability-fizzles-without-source"})) == ("Bob",)


def test_the_notebooks_boards_play_by_the_variants_too() -> None:
    assert Combat(("Grizzly Bears",), (), 1).believe(
        frozenset({"redirected-damage-is-damage-to-the-monarch"})) == ("Alice",)
    assert Bolts(1).believe(frozenset({"redirect-spills-over"})) == ("1",)
    assert Leaves(("Alice", "Bob", "Carol"), "Alice", "Bob").believe(
        frozenset({"crown-passes-in-turn-order"})) == ("Carol",)
    assert "1" in LichEnters(True).believe(frozenset({"becoming-monarch-again-triggers"}))
    assert DrawRace(True).believe(frozenset({"draw-follows-the-crown"})) == ("Bob",)


def test_the_cr_is_the_default_and_unchanged() -> None:
    """Every game plays by the CR unless told otherwise; a monarch play asks its decisions of it,
    and a variant changes only the decision it overrides."""
    play = steal_play(["Grizzly Bears"], bob=(), protectors=1)
    g, _ = play.build()
    assert g.rules == CR
    asked = play.consulted()
    assert {"steals_crown", "redirectors", "redirected_shares"} <= asked
    assert MonarchPlay(play).legal() == ("Bob",)  # the damage went to the Protector (614.9)
    # the game's own defaults, asked directly
    g = Game(["Alice", "Bob", "Carol"])
    assert CR.heir(g, "Bob") == "Alice" and not CR.redirection_optional(g, "Bob")
    assert CR.sacrifice_chooser(g, "Bob", "Alice") == "Bob" and CR.damage_wears_off(g, "cleanup")
    assert not CR.damage_wears_off(g, "main1") and CR.ability_resolves(g, None)


def test_two_variants_compose() -> None:
    play = steal_play(["Craw Wurm"], bob=(), protectors=2)
    s = MonarchPlay(play, "monarch and protectors")
    both = combine(VARIANTS["split-damage-between-protectors"],
                   VARIANTS["redirected-damage-is-damage-to-the-monarch"])
    assert s.under(both) == ("Alice is the monarch; Bob controls 2 Protectors of the Crown",)
    assert s.legal() == ("Bob is the monarch; Bob controls 1 Protector of the Crown",)


def _models(q: object) -> set[str]:
    return {part for _, names in q.wrong for who in names for part in who.split(" + ")}


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_monarch_questions_wrong_options_all_come_from_variants(level: str) -> None:
    """Over several seeds, every wrong option of a monarch question is what its play gives under a
    registered variant (or two): the only exceptions are the damage-assignment misreadings, on
    the question that asks how a blocked attacker's damage may be divided."""
    checked = 0
    for seed in range(2):
        for q, _ in zip(questions("monarch", level, seed=seed), range(12), strict=False):
            if q.kind == "which-rule":
                continue
            names = _models(q)
            own = names - set(VARIANTS)
            assert own <= set(monarch._DIVISION_BELIEFS), (seed, q.number, own)
            if isinstance(q.situation, PlaySituation) and not own:
                for option, who in q.wrong:  # a true/false question's wrong option is about its claim
                    said = option if q.kind == "choice" else q.claim
                    for pair in who:
                        believed = q.situation.believe(frozenset(pair.split(" + ")))
                        assert (said in believed) if said not in q.answers and q.kind == "choice" or \
                            option == "true" else (said not in believed), (q.number, option, pair)
            checked += 1
    assert checked >= 16


def test_the_monarch_decisions_are_in_the_monarch_section() -> None:
    for name in ("steals_crown", "crown_taker", "monarch_draws", "monarch_drawer", "heir",
                 "becomes_monarch_triggers", "redirectors", "redirection_optional", "redirected_shares",
                 "redirected_combat", "redirected_source", "ability_resolves", "sacrifice_chooser",
                 "exile_ends", "returner_sees", "gone_sources", "resolves_at_once", "damage_wears_off"):
        assert name in DECISIONS and callable(getattr(Rules, name))
    assert all(isinstance(m.name, Mistake | CombatMistake) for m in MISCONCEPTIONS)
    assert isinstance(steal_play(["Grizzly Bears"]), Play)
