"""Tap-untap misconceptions as rule variants (issue 30 items 1, 2, 5, 7, 8): each is a subclass of
the rules that the engine plays by; a learner's answer is what the engine says under it, the CR's
answers are unchanged, checklists ask about each thing on its own, an attacking creature's being
tapped (and vigilance) is asked about, and streams are endless and varied."""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections import Counter

import pytest

from mtgkit.actions import Activate, Attack, Block, Cast
from mtgkit.errors import SummoningSicknessError
from mtgkit.game import Game
from mtgkit.practice import Question, questions
from mtgkit.topics.base import VARIANTS, PlaySituation, diagnose, rules_held
from mtgkit.topics.tap_untap import (
    MISCONCEPTIONS,
    Act,
    Checklist,
    Mistake,
    _checklist_question,
    _scene_attack,
    _unchanged,
    attack_play,
    engine_verdict,
    permits,
)
from mtgkit.variants import CR, DECISIONS, overrides


def _variant(name: Mistake) -> Game:
    return Game(["Alice", "Bob"], rules=VARIANTS[str(name)]())


# ----------------------------------------------------------------------------- item 1: variants
def test_every_tap_untap_misconception_is_a_variant_of_the_rules() -> None:
    assert len(MISCONCEPTIONS) == len(Mistake) == 16
    for m in MISCONCEPTIONS:
        assert m.plugs_in == "variant", m.name
        v = VARIANTS[str(m.name)]
        assert v.name == m.name and overrides(v) and overrides(v) <= set(DECISIONS), m.name
    import mtgkit.topics.tap_untap as module

    for name in ("believed_activation", "believed_verdict", "facts_of", "Facts"):
        assert not hasattr(module, name), f"the hand model {name} is still there"


@pytest.mark.parametrize("m", MISCONCEPTIONS, ids=lambda m: str(m.name))
def test_each_variant_answers_its_example_otherwise_through_the_engine(m: object) -> None:
    """On its example the variant's answer differs from the CR's, and it is what the engine says
    when it plays the same sequence by the variant (not a hand model)."""
    from mtgkit.topics.base import Misconception

    assert isinstance(m, Misconception)
    ex, rules = m.example, rules_held({m.name})
    wrong = m.run(ex)
    assert wrong and set(wrong) != set(ex.legal())
    if isinstance(ex, PlaySituation):
        assert PlaySituation.under(ex, rules) == wrong  # the play replayed by the variant
        assert ex.under(CR) == ex.legal()
    assert str(m.name) in diagnose(ex, wrong[0])


def test_blocking_and_convoking_ask_the_sickness_decision_and_the_cr_says_not_stopped() -> None:
    for rules in (None, VARIANTS[Mistake.SICKNESS_STOPS_BLOCKING]()):
        g = Game(["Alice", "Bob"], rules=rules)
        bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
        elves = g.put_onto_battlefield("Llanowar Elves", "Alice")
        g.next_turn(to="beginning_of_combat")  # Bob's turn: the Elves are Alice's since before it
        g.attack([bears])
        fresh = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
        refused = g.refusal(Block(((fresh, bears),)))
        assert "summoning_sick" in g.consulted
        if rules is None:
            assert refused is None
        else:
            assert isinstance(refused, SummoningSicknessError) and refused.rule == "302.6"
        assert g.refusal(Block(((elves, bears),))) is None  # an old creature blocks either way
    for rules in (None, VARIANTS[Mistake.SICK_CREATURES_CANT_CONVOKE]()):
        g = Game(["Alice", "Bob"], rules=rules)
        elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
        mountains = [g.put_onto_battlefield("Mountain", "Alice") for _ in range(3)]
        stoke = g.put_in_hand("Stoke the Flames", "Alice")
        trial = [*(Activate(m) for m in mountains), Cast(stoke, "Bob", convoke=(elves,))]
        assert (g.refusal_of(trial) is None) is (rules is None)


def test_the_tap_symbol_owner_turn_and_attack_decisions() -> None:
    # {Q} needs a tapped permanent (107.6); the variant pays it with an untapped one
    for rules, can in ((None, False), (VARIANTS[Mistake.UNTAP_SYMBOL_NEEDS_UNTAPPED](), True)):
        g = Game(["Alice", "Bob"], rules=rules)
        pili = g.put_onto_battlefield("Pili-Pala", "Alice")
        for _ in range(2):
            g.activate(g.put_onto_battlefield("Wastes", "Alice"))
        assert g.can(Activate(pili)) is can
    # only its controller uses a permanent (602.2); the owner variant says its owner
    for rules, can in ((None, True), (VARIANTS[Mistake.OWNER_IS_THE_CONTROLLER](), False)):
        g = Game(["Alice", "Bob"], rules=rules)
        elves = g.put_onto_battlefield("Llanowar Elves", "Bob")
        islands = [g.put_onto_battlefield("Island", "Alice") for _ in range(5)]
        mind = g.put_in_hand("Mind Control", "Alice")
        for land in islands:
            g.activate(land)
        g.cast(mind, target=elves)
        g.resolve()
        g.next_turn(to="end")  # Bob's turn
        g.next_turn()  # Alice's next turn: she has controlled the Elves since it began
        assert g.obj(elves).controller == "Alice" and g.obj(elves).owner == "Bob"
        assert g.can(Activate(elves, player="Alice")) is can
    # activated abilities in another player's turn (117.1b)
    for rules, can in ((None, True), (VARIANTS[Mistake.ABILITIES_ONLY_ON_YOUR_TURN](), False)):
        g = Game(["Alice", "Bob"], rules=rules)
        ballista = g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 2})
        g.next_turn(to="upkeep")
        g.pass_priority("Bob")
        assert g.can(Activate(ballista, 1, "Alice", target="Bob")) is can
    # attacking taps the creature unless it has vigilance (508.1f, 702.20b)
    for rules, tapped in ((None, True), (VARIANTS[Mistake.ATTACKING_DOESNT_TAP](), False)):
        g = Game(["Alice", "Bob"], rules=rules)
        elves = g.put_onto_battlefield("Llanowar Elves", "Alice")
        angel = g.put_onto_battlefield("Serra Angel", "Alice")
        g.advance("beginning_of_combat")
        g.apply(Attack((elves, angel)))
        assert g.obj(elves).tapped is tapped and not g.obj(angel).tapped
        assert g.can(Activate(elves)) is not tapped


def test_control_since_the_turn_began_three_ways() -> None:
    """302.6 counts from the controller's most recent turn (the current one, in their turn) and
    restarts on a change of control; three variants count otherwise."""
    g = Game(["Alice", "Bob"])
    elves = g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
    g.next_turn(to="upkeep")  # Bob's turn: still sick for Alice (her most recent turn began before)
    g.pass_priority("Bob")
    assert not g.can(Activate(elves, player="Alice"))
    ends = g.replay(VARIANTS[Mistake.SICKNESS_ENDS_AT_END_OF_TURN]())
    assert ends.can(Activate(elves, player="Alice"))
    h = Game(["Alice", "Bob"])
    fresh = h.put_onto_battlefield("Llanowar Elves", "Bob", arrived="this turn")  # in Alice's turn
    h.next_turn(to="upkeep")  # Bob's turn: his since it began
    assert h.can(Activate(fresh))
    assert not h.replay(VARIANTS[Mistake.MOST_RECENT_TURN_IS_THE_PREVIOUS_ONE]()).can(Activate(fresh))


# ----------------------------------------------------------------------------- the CR, unchanged
@functools.lru_cache(maxsize=1)
def _boards() -> list[Checklist]:
    rng, found = random.Random(7), []
    while len(found) < 18:
        drawn = _checklist_question(rng, "hard")
        if drawn is not None and isinstance(drawn[0], Checklist):
            found.append(drawn[0])
    return found


def test_the_cr_answers_are_the_engines_and_the_shortcut_is_exact() -> None:
    """Under the CR a checklist's answers are the engine's verdicts (each act tried for real on a
    copy); a variant that answers every decision of the play as the CR does is tried on the CR's
    game, and gives what a full replay by it gives."""
    rng = random.Random(3)
    for s in _boards():
        g, labels = s.play.game()
        for act in s.acts:
            ref = labels[act.card] if act.card in labels else g.find(act.card)
            assert permits(g, ref, act, s.who, labels) is engine_verdict(g, ref, act, s.who, labels)[0]
        assert s.under(CR) == s.legal() == PlaySituation.under(s, CR)
        same = sorted(_unchanged(s.play), key=lambda r: r.name)
        for rules in rng.sample(same, min(6, len(same))):
            assert s.under(rules) == PlaySituation.under(s, rules), (rules, s.steps())


# ----------------------------------------------------------------------------- items 2 and 8
#: How a checklist's stem says that each thing is asked about on its own.
ON_ITS_OWN = re.compile(r"on its own|separately|by itself|one at a time")


def test_a_checklist_asks_about_each_thing_on_its_own() -> None:
    """'Attack with the Elves' and 'tap the Elves for {G}' can't both happen; both may be keyed
    only because the stem (and the claim) ask about each on its own."""
    rng = random.Random(11)
    seen = 0
    for _ in range(40):
        drawn = _checklist_question(rng, "hard")
        if drawn is None or not isinstance(drawn[0], Checklist):
            continue
        s, stem = drawn
        assert all(ON_ITS_OWN.search(a) for a in stem.asks), stem.asks
        assert "each considered on its own" in stem.claim(s.legal()[0])
        seen += 1
    assert seen > 20
    from mtgkit.topics.tap_untap import _CONVOKE_ACTS, convoke_play
    both = Checklist(convoke_play("Alice"), "Alice", (_CONVOKE_ACTS[0], _CONVOKE_ACTS[1]), "how many")
    assert both.legal() == ("2",)  # each on its own: haste lets the Elves tap, or attack


def test_texts_about_a_stolen_creature_are_true_when_they_are_read() -> None:
    from mtgkit.topics.tap_untap import _stolen_acts, stolen_play

    for when in ("now", "his turn", "her next turn"):
        play = stolen_play(when=when)  # type: ignore[arg-type]
        acts = _stolen_acts("Llanowar Elves", when)  # type: ignore[arg-type]
        words = " ".join([*play.says(), *(a.says for a in acts)])
        assert "took this turn" not in words and "she took with Mind Control" in words
    m = next(m for m in MISCONCEPTIONS if m.name == Mistake.CONTROL_CHANGE_DOESNT_RESET_SICKNESS)
    assert m.rule == "302.6" and "CR 302.6" in m.rule_says and "613.1b" not in m.rule_says


# ----------------------------------------------------------------------------- item 7: attackers are tapped
def test_an_attacker_is_tapped_unless_it_has_vigilance() -> None:
    elves = Act("activate", "Alice's Llanowar Elves #1", "tap the Elves for {G}")
    s = Checklist(attack_play(), "Alice", (elves,), "yes or no")
    assert s.legal() == ("no",) and "107.5" in s.explain()  # tapped by attacking: it can't pay {T}
    assert s.believe(frozenset({Mistake.ATTACKING_DOESNT_TAP})) == ("yes",)
    rng = random.Random(2)
    for _ in range(30):
        scene, who, _ = _scene_attack(rng)
        attacking = {a for step in scene.steps if step.do == "attack" for a in step.attackers}
        s = Checklist(scene.play(), who, tuple(scene.acts), "which")
        for act, ok, why in s.worked():
            if act.card in attacking and act.kind == "convoke":
                vigilant = "Serra Angel" in act.card
                assert ok is vigilant, (act.says, why.text)
            if act.card in attacking and act.kind == "activate" and "{T}" in why.text + act.says:
                assert not ok, (act.says, why.text)


# ----------------------------------------------------------------------------- items 5 and 7: streams
def _template(prompt: str) -> str:
    """A stem's template: its words without the things asked about, the answer claimed, names
    and numbers."""
    t = re.sub(r"\s*\(CR [^)]*\)\s*$", "", prompt)
    t = re.sub(r"“[^”]*”", "_", t)
    while (u := re.sub(r"\([^()]*\)", "", t)) != t:
        t = u
    t = re.sub(r"(exactly|may do|following:)[^.?]*", r"\1 _", t)
    t = re.sub(r": [^?]*\?", ": _?", t)
    t = re.sub(r"\b(May|Can) (Alice|Bob) [^?]*\?", r"\1 _?", t)
    t = re.sub(r"\b(Alice|Bob)\b", "_", t)
    t = re.sub(r"\b[A-Z][a-z'-]+(?: (?:of |the )*[A-Z][a-z'-]+)*", "_", t)
    return re.sub(r"\d+", "_", t)


def _asks_about_an_attacker(q: Question) -> bool:
    s = q.situation
    if not isinstance(s, Checklist):
        return False
    attacking = {a for step in s.play.steps if step.do == "attack" and step.defender != s.who
                 for a in step.attackers}
    return any(a.card in attacking for a in s.acts)


@functools.lru_cache(maxsize=2)
def _stream(level: str) -> tuple[Question, ...]:
    return tuple(itertools.islice(questions("tap-untap", level, seed=0), 200))


@pytest.mark.sweep
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_200_questions_from_one_seed_varied_and_asking_about_attackers(level: str) -> None:
    qs = _stream(level)
    assert len(qs) == 200
    repeats = Counter((q.board, q.steps) for q in qs)
    assert repeats.most_common(1)[0][1] <= 10, repeats.most_common(3)
    attackers = [q for q in qs if _asks_about_an_attacker(q)]
    assert attackers, "no question asks about a creature after it attacked"
    assert any("Serra Angel" in q.board for q in attackers), "vigilance is never asked about"
    if level == "hard":
        for start in range(len(qs) - 19):
            window = {_template(q.prompt) for q in qs[start:start + 20]}
            assert len(window) >= 12, (start, sorted(window))
