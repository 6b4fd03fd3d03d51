"""Tapping for mana's misconceptions are rule variants (issue 30 item 1): each plays the same
steps through the engine by one wrong rule, the CR default leaves the engine as it was, and two
held together compose. Practice on the topic is endless and varied (items 3, 5, 7)."""

from __future__ import annotations

import re
from collections import Counter
from itertools import islice

import pytest

from mtgkit.cards import CATALOG as CARDS
from mtgkit.events import AbilityTriggered, ManaAdded, PoolEmptied
from mtgkit.practice import Question, questions
from mtgkit.teaching import Piece, Play, Setup, Step
from mtgkit.topics.base import VARIANTS, rules_held
from mtgkit.topics.boards import BoardSpec, Perm
from mtgkit.topics.tapping import (
    CANT,
    MISCONCEPTIONS,
    ManaPlay,
    Mistake,
    TapForMana,
    convoke_play,
    deep_water_play,
    empty_play,
    pale_moon_play,
    pili_play,
)
from mtgkit.variants import CR, DECISIONS, combine, overrides


def test_every_tapping_misconception_is_a_variant_overriding_a_decision() -> None:
    for m in MISCONCEPTIONS:
        assert m.plugs_in == "variant", m.name
        v = VARIANTS[str(m.name)]
        assert v.name == str(m.name) and overrides(v) and overrides(v) <= set(DECISIONS)
    assert len(MISCONCEPTIONS) == len(Mistake) == 19


@pytest.mark.parametrize("m", MISCONCEPTIONS, ids=lambda m: str(m.name))
def test_each_variant_plays_its_example_through_the_engine_to_a_wrong_answer(m: object) -> None:
    from mtgkit.topics.base import Misconception

    assert isinstance(m, Misconception)
    s = m.example
    assert isinstance(s, TapForMana | ManaPlay)
    wrong = set(s.under(VARIANTS[str(m.name)]())) - set(s.legal())
    assert wrong, "the variant changes nothing on its own example"
    assert s.under(CR) == s.legal()


def _pool(play: Play, *held: str) -> tuple[str, ...]:
    return ManaPlay(play).under(rules_held(held))


def test_untap_abilities_arent_tapping_for_mana_by_the_cr_only() -> None:
    """106.12: Pili-Pala's {2},{Q} is no tap for mana, so Mana Reflection leaves its {U} alone."""
    play = pili_play(reflection=True, color="U")
    assert _pool(play) == ("{U}{G}{G}",)
    assert _pool(play, Mistake.REFLECTION_DOUBLES_UNTAP_ABILITIES) == ("{U}{U}{G}{G}",)


def test_convoke_sets_off_a_mana_trigger_only_under_the_variant() -> None:
    play = convoke_play()
    for held, triggers in (((), 0), ((Mistake.CONVOKE_IS_TAPPING_FOR_MANA,), 2)):
        g, _ = play.game(rules_held(held))
        leyline = [e for e in g.events if isinstance(e, AbilityTriggered) and e.obj == "Leyline of Abundance"]
        assert len(leyline) == triggers  # (a Forest isn't a creature) each convoked creature, by the variant


def test_pools_empty_between_steps_by_the_cr() -> None:
    """106.4: the Forest's mana made in the upkeep is gone by the main phase."""
    play = empty_play(alice=())
    g, _ = play.game()
    assert [str(e.mana) for e in g.events if isinstance(e, PoolEmptied)] == ["{G}"]
    assert str(g.pool("Alice")) == "{G}"
    g2, _ = play.game(rules_held({Mistake.MANA_STAYS_UNTIL_END_OF_TURN}))
    assert not any(isinstance(e, PoolEmptied) for e in g2.events) and str(g2.pool("Alice")) == "{G}{G}"


def test_deep_water_changes_the_lands_mana_not_the_triggers() -> None:
    play = deep_water_play(alice=("Wild Growth",))
    assert _pool(play) == ("{U}{G}",)  # the Island's {U} paid; the Forest makes {U}, Wild Growth {G}
    assert _pool(play, Mistake.REPLACEMENT_CHANGES_TRIGGERED_MANA) == ("{U}{U}",)
    assert _pool(play, Mistake.REPLACEMENT_EFFECTS_ARE_OPTIONAL) == ("{G}{G}",)


def test_two_variants_held_together_compose_through_the_engine() -> None:
    """Mana Reflection and Contamination both touching Wild Growth's mana: neither belief alone
    gives {B}{B}{B}{B}... a pool only the two together give."""
    s = TapForMana(BoardSpec((Perm("Forest"), Perm("Wild Growth", attached_to=0), Perm("Mana Reflection"),
                              Perm("Contamination", "Bob"))), order=("Mana Reflection", "Contamination"))
    assert s.legal() == ("{B}{G}",)
    doubles = s.believe(frozenset({Mistake.REFLECTION_DOUBLES_TRIGGERED_MANA}))
    changes = s.believe(frozenset({Mistake.REPLACEMENT_CHANGES_TRIGGERED_MANA}))
    both = s.believe(frozenset({Mistake.REFLECTION_DOUBLES_TRIGGERED_MANA,
                                Mistake.REPLACEMENT_CHANGES_TRIGGERED_MANA}))
    assert set(both) - set(doubles) - set(changes) - set(s.legal())
    first, second = VARIANTS[Mistake.PRINTED_ORDER], VARIANTS[Mistake.CONTAMINATION_KEEPS_THE_AMOUNT]
    assert type(combine(first, second)).__mro__[1:3] == (first, second)


def test_a_learner_who_cant_activate_says_so() -> None:
    s = TapForMana(BoardSpec((Perm("Gaea's Cradle"), Perm("Contamination", "Bob"))))
    assert s.legal() == ("no mana",)
    assert s.believe(frozenset({Mistake.NOTHING_TO_MAKE_CANT_ACTIVATE})) == (CANT,)
    assert s.believe(frozenset({Mistake.REPLACEMENT_MAKES_MANA_FROM_NOTHING})) == ("{B}",)


def test_texts_say_what_the_events_say() -> None:
    """Item 2: Pili-Pala's {2},{Q} is an activated mana ability; Bob's mana is Bob's."""
    pili = ManaPlay(pili_play(reflection=True)).explain()
    assert "Pili-Pala's triggered" not in pili
    assert "Pili-Pala's activated mana ability adds {U} for Alice" in pili
    moon = ManaPlay(pale_moon_play()).explain().splitlines()[1].strip()
    assert moon.startswith("Bob adds {U}; Bob adds {U}; Alice chooses {U};"), moon


def test_a_cradle_with_nothing_to_count_is_keyed_on_106_12() -> None:
    """Item 6: 'Gaea's Cradle with no creatures ends with no mana' is decided by 106.12a/b when
    effects watch the tap (605.2 stays relevant, so it is never offered as a wrong rule)."""
    s = TapForMana(BoardSpec((Perm("Gaea's Cradle"), Perm("Wild Growth", attached_to=0),
                              Perm("Contamination", "Bob"))))
    reason = s.decisive()
    assert reason is not None and reason.rules == ("106.12a", "106.12b", "605.2")
    s2 = TapForMana(BoardSpec((Perm("Gaea's Cradle"), Perm("Mana Reflection"))))
    reason2 = s2.decisive()
    assert reason2 is not None and reason2.rules[0] == "106.12b"


def test_the_stem_cites_the_rules_of_its_own_events() -> None:
    play = empty_play(alice=())
    from mtgkit.topics.tapping import _stem_rules

    assert _stem_rules(ManaPlay(play).play.outcomes()) == "CR 106.12, 106.4"
    assert "106.12b" in _stem_rules(ManaPlay(pili_play(reflection=True)).play.outcomes())


# ----------------------------------------------------------------------------- the stream
_NAMES = sorted(CARDS, key=len, reverse=True)
_NAME = re.compile("|".join(re.escape(n) for n in _NAMES))


def template(q: Question) -> str:
    """A question's stem with the board's particulars taken out (card names, mana, numbers,
    colors, steps): what two questions asked the same way share."""
    text = _NAME.sub("CARD", q.prompt)
    text = re.sub(r"\{[^}]*\}", "M", text)
    text = re.sub(r"\b(white|blue|black|red|green|upkeep|precombat|postcombat|combat|end)\b", "W", text)
    text = re.sub(r"\d+", "N", text)
    text = re.sub(r"\b(M|nothing|no mana)( ?M)*\b", "M", text)
    return text


def _stream(level: str, seed: int) -> list[Question]:
    return list(islice(questions("tapping", level, seed=seed), 200))


@pytest.mark.sweep
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_stream_is_endless_varied_and_asks_the_never_asked(level: str) -> None:
    qs = _stream(level, 7)
    assert len(qs) == 200
    assert max(Counter((q.board, q.steps) for q in qs).values()) <= 10
    assert any("Deep Water" in q.board for q in qs)  # item 7: Deep Water
    assert any(isinstance(q.situation, ManaPlay) and any(
        isinstance(e, PoolEmptied) and e.player == "Alice"
        for o in q.situation.play.outcomes() for e in o.events) for q in qs)  # item 7: mana emptying
    if level == "hard":
        worst = min(len({template(q) for q in qs[i:i + 20]}) for i in range(len(qs) - 19))
        assert worst >= 12, worst


def test_the_engine_plays_mana_added_by_the_variant_not_by_a_hand_model() -> None:
    """The wrong pool of a variant is the engine's own pool: the events show the trigger's mana
    doubled (a ManaReplaced on the trigger's mana)."""
    play = Play(Setup(pieces=(Piece("Forest"), Piece("Wild Growth", attached_to="Forest"),
                              Piece("Mana Reflection"))),
                (Step("activate", "Alice taps her Forest for mana.", card="Forest"),))
    g, _ = play.game(rules_held({Mistake.REFLECTION_DOUBLES_TRIGGERED_MANA}))
    adds = [str(e.mana) for e in g.events if isinstance(e, ManaAdded)]
    assert adds == ["{G}{G}", "{G}{G}"] and str(g.pool("Alice")) == "{G}{G}{G}{G}"
