"""Which-rule questions and the rules a question cites (issue 30 items 2 and 6).

A which-rule question's key is the rule on the engine event that decided the board; no wrong
option is also right: none is the same rule as, a parent or a subrule of, or a rule whose text
makes the same point as (:data:`mtgkit.teaching.RULE_OVERLAPS`, checked against the CR's text)
a rule the deciding event or the explanation cites. A question's stem cites the rules on the
events that decide it, not a fixed list per template.
"""

from __future__ import annotations

import functools
import itertools
import re
from pathlib import Path

import pytest

from mtgkit.errors import RulesError
from mtgkit.misconceptions import CATALOG
from mtgkit.practice import TOPICS, Question, cr_numbers, rule_option, worksheet
from mtgkit.rules import TITLES
from mtgkit.teaching import RULE_OVERLAPS, Piece, Play, Setup, Step, deciding_rules, relied_on, same_point
from mtgkit.topics.base import LEVELS, VARIANTS, rules_held
from mtgkit.variants import Rules

CR_TEXT = Path("/work/shared/reference/MagicCompRules-20260807.txt")
SEEDS = range(1, 3)
N = 20


def _cr_rule(number: str) -> str:
    """The text of one rule of the CR, its quotes and apostrophes plain, lower case."""
    text = CR_TEXT.read_text(encoding="utf-8-sig")
    found = re.search(rf"^{re.escape(number)}\.? (.*)$", text, re.M)
    assert found is not None, f"CR {number} isn't in {CR_TEXT.name}"
    return found.group(1).replace("’", "'").replace("“", '"').replace("”", '"').lower()


@pytest.mark.skipif(not CR_TEXT.exists(), reason="the CR's text is in the shared reference folder")
@pytest.mark.parametrize("overlap", RULE_OVERLAPS, ids=[f"{o[0]}~{o[2]}" for o in RULE_OVERLAPS])
def test_each_overlap_is_what_both_rules_say(overlap: tuple[str, str, str, str, str]) -> None:
    a, a_says, b, b_says, point = overlap
    assert a_says.lower() in _cr_rule(a) and b_says.lower() in _cr_rule(b), point
    assert same_point(a, b) and same_point(b, a)
    assert a in TITLES and b in TITLES


def test_same_point_is_a_rule_its_parents_subrules_and_overlaps() -> None:
    assert same_point("725", "725.1") and same_point("725.1", "725") and same_point("509.1", "509.1a")
    assert same_point("707.2", "707.10") and same_point("707.10", "707.2")
    assert not same_point("725.1", "725.3") and not same_point("106.12a", "106.12b")
    assert not same_point("707.1", "707.10") and not same_point("509.1", "509.10")


STREAMS = list(itertools.product(TOPICS, LEVELS, SEEDS))
IDS = ["/".join(map(str, s)) for s in STREAMS]


@functools.cache
def _which_rule(topic: str, level: str, seed: int) -> tuple[tuple[str, Question], ...]:
    """The which-rule questions of one stream."""
    return tuple((f"{topic}/{level}/{seed} q{q.number}", q)
                 for q in worksheet(topic, level, N, seed) if q.kind == "which-rule")


@pytest.mark.slow
def test_there_are_which_rule_questions_of_every_topic() -> None:
    # could-produce boards have no single deciding event (decisive() is None): no which-rule question
    found = {name.split("/")[0] for stream in STREAMS for name, _ in _which_rule(*stream)}
    assert found == set(TOPICS) - {"could-produce"}


def _rule(option: str) -> str:
    return option.split(":")[0].removeprefix("CR ")


@pytest.mark.parametrize("stream", STREAMS, ids=IDS)
def test_the_key_is_the_rule_on_the_deciding_event(stream: tuple[str, str, int]) -> None:
    for name, q in _which_rule(*stream):
        _the_key_is_the_rule_on_the_deciding_event(name, q)


def _the_key_is_the_rule_on_the_deciding_event(name: str, q: Question) -> None:
    reason = q.situation.decisive()  # type: ignore[attr-defined]
    # the deciding event, or (an action the engine refuses, such as a sick creature's attack) the
    # engine's refusal, which has no event: its rule decides all the same
    assert reason is not None and (reason.seq is not None or reason.text.startswith("No: "))
    key = next(r for r in reason.rules if r in TITLES)
    assert q.answers == (rule_option(key),) and q.rules == (key,), name


@pytest.mark.parametrize("stream", STREAMS, ids=IDS)
def test_no_wrong_option_is_also_right(stream: tuple[str, str, int]) -> None:
    for name, q in _which_rule(*stream):
        _no_wrong_option_is_also_right(name, q)


def _no_wrong_option_is_also_right(name: str, q: Question) -> None:
    reason = q.situation.decisive()  # type: ignore[attr-defined]
    cited = {*reason.rules, *cr_numbers(q.explanation)}
    rules = [_rule(o) for o in q.options]
    assert len(rules) == (4 if q.level == "hard" else 3), name
    for option in q.options:
        if option in q.answers:
            continue
        rule = _rule(option)
        assert not any(same_point(rule, c) for c in cited), f"{name}: {rule} makes a point of {cited}"
        for n in q.misconceptions(option):  # a wrong rule named by a misconception is one it relies on
            assert CATALOG[n].rule != rule, f"{name}: {rule} named by {n}, which that rule refutes"
    for a, b in itertools.combinations(rules, 2):
        assert not same_point(a, b), f"{name}: two options make one point: {a}, {b}"


def _protector_play(monarch: str | None) -> Play:
    plains = ("Plains", *(f"Plains {n}" for n in range(2, 7)))
    return Play(Setup(pieces=(*[Piece("Plains", "Bob") for _ in plains],
                              Piece("Protector of the Crown", "Bob", "hand")),
                      monarch=monarch, active="Bob"),
                (Step("cast", card="Protector of the Crown", pay=plains), Step("resolve"),
                 Step("resolve_stack")))


@pytest.mark.parametrize(("before", "rules"), [(None, ("725.1", "725.3")), ("Alice", ("725.3",))])
def test_becoming_the_monarch_cites_725_1_only_for_the_first_monarch(before: str | None,
                                                                     rules: tuple[str, ...]) -> None:
    g, _ = _protector_play(before).game()
    became = [e for e in g.events if e.kind == "monarch" and not e.setup]
    assert [e.rules for e in became] == [rules] and g.monarch == "Bob"


def test_725_1_is_not_keyed_when_alice_is_already_the_monarch() -> None:
    """The issue's cases (monarch easy seed 101 q18, hard seed 110 q6, when it was filed): Bob takes
    the crown from Alice with Protector of the Crown; 725.3 decides, not 725.1. Those seeds ask
    other questions now (the event's rules are tested above, on the play itself); over the which-rule
    questions of the streams, 725.1 is keyed only where nobody was the monarch before."""
    for level, seed, number in (("easy", 101, 18), ("hard", 110, 6)):
        q = worksheet("monarch", level, number, seed)[-1]
        if q.kind == "which-rule":
            assert q.answers != (rule_option("725.1"),), q.prompt
    for name, q in (found for stream in STREAMS for found in _which_rule(*stream)):
        if q.answers == (rule_option("725.1"),):
            setup = q.situation.play.setup  # type: ignore[attr-defined]
            assert setup.monarch is None, f"{name}: 725.1 keyed though {setup.monarch} was the monarch"


class _AlwaysSick(Rules):
    """A test variant: every creature is summoning sick."""

    def summoning_sick(self, g: object, o: object, use: str, ability: object = None) -> bool:  # type: ignore[override]
        return True


def test_the_deciding_rule_is_where_a_variant_parts_from_the_rules() -> None:
    play = Play(Setup(pieces=(Piece("Llanowar Elves"), Piece("Forest"))),
                (Step("activate", card="Forest"), Step("activate", card="Llanowar Elves")))
    assert deciding_rules(play, [_AlwaysSick()]) == ("302.6",)  # the variant refuses the Elves
    assert relied_on(play, _AlwaysSick()) == ("302.6",)
    assert deciding_rules(play, [Rules()]) == () and relied_on(play, Rules()) == ()


def test_a_stems_citations_are_the_questions_own() -> None:
    """The rules a choice or true/false question cites are in its stem, and they come from the
    question (its engine events, or its wrong options' misconceptions), so one stem template
    cites different rules on different boards."""
    by_stem: dict[str, set[tuple[str, ...]]] = {}
    for topic, level, seed in itertools.product(TOPICS, LEVELS, (1, 2)):
        for q in worksheet(topic, level, N, seed):
            if q.kind == "which-rule":
                continue
            assert q.prompt.endswith(f"(CR {', '.join(q.rules)})"), q.prompt
            play = getattr(q.situation, "play", None)
            logged: set[str] = set()
            if isinstance(play, Play):  # the events of the play, and of its wrong options' variants
                logged = {r for o in play.outcomes() for e in o.events for r in e.rules}
                for _, names in q.wrong:
                    for n in names:
                        if set(n.split(" + ")) <= VARIANTS.keys():
                            held = rules_held(n.split(" + "))
                            logged |= {r for outs in play.tried_events(held)
                                       for step in outs for e in step for r in e.rules}
                            try:  # a step the variant refuses: the refusal's rules
                                play.outcomes(held)
                            except RulesError as refused:
                                logged |= set(refused.rules)
            mistaken = {CATALOG[p].rule for _, names in q.wrong for n in names for p in n.split(" + ")}
            reason = q.situation.decisive()  # type: ignore[attr-defined]
            decided = set(reason.rules) if reason is not None else set()
            assert set(q.rules) <= logged | mistaken | decided, (q.prompt, q.rules)
            stem = re.sub(r" \(CR [^)]*\)$", "", q.prompt)
            by_stem.setdefault(stem[:40], set()).add(q.rules)
    assert sum(len(v) > 1 for v in by_stem.values()) >= 5
