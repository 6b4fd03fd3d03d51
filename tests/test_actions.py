"""Actions as records (mtgkit.actions): one record per thing a player or the game does, one
dispatcher, ``Game.apply/can/refusal``, and a game that is its set-up plus its records.

The replay tests run every worked example, every game the course notebooks build (their code,
executed), every capstone and practice streams of every topic, and check that the set-up and
the records applied reproduce the event log exactly, choices included."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import snapshot
from hypothesis import HealthCheck, settings

from mtgkit import Game, RulesError, Scripted, capstones, practice
from mtgkit import actions as acts
from mtgkit.actions import (
    Activate,
    Advance,
    Attack,
    Block,
    Cast,
    Choice,
    Concede,
    MakeMonarch,
    NewGame,
    NextTurn,
    PassPriority,
    PlayLand,
    PutInLibrary,
    PutInZone,
    PutOntoBattlefield,
    Resolve,
    ResolveStack,
    SetLife,
)
from mtgkit.scenario import _ACTIONS, EXAMPLES, load_scenario
from mtgkit.teaching import Piece, Play, Setup, Step
from mtgkit.topics import TOPICS

ROOT = Path(__file__).resolve().parent.parent
COURSE = sorted((ROOT / "tools" / "course").glob("*.py"))


@contextlib.contextmanager
def every_game() -> Iterator[list[Game]]:
    """Every Game created inside the block (outcomes' runs included), as it ends up."""
    built: list[Game] = []
    original = Game.__init__

    def init(self: Game, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        built.append(self)

    Game.__init__ = init  # type: ignore[method-assign]
    try:
        yield built
    finally:
        Game.__init__ = original  # type: ignore[method-assign]


def assert_replays(games: list[Game]) -> None:
    assert games, "no game was built"
    for g in games:
        again = g.replay()
        assert again.events == g.events, f"{g.config}: the replay differs at event " \
            f"{next(i for i, (a, b) in enumerate(zip(again.events, g.events, strict=False)) if a != b) + 1}"
        assert again.actions == g.actions


# ------------------------------------------------------------------ replaying
@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_worked_example_replays_from_its_records(path: Path) -> None:
    with every_game() as games:
        load_scenario(path)
    assert_replays(games)


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.stem)
def test_every_game_a_course_notebook_builds_replays_from_its_records(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.chdir(ROOT / "notebooks")
    namespace = {"__name__": "__course__", "display": lambda *a, **k: None}
    with every_game() as games, contextlib.redirect_stdout(open(os.devnull, "w")):  # noqa: SIM115
        exec(compile(path.read_text(), str(path), "exec"), namespace)  # the notebook's own code
    assert_replays(games)


def test_every_capstone_game_replays_from_its_records() -> None:
    with every_game() as games:
        for c in capstones.load():
            assert capstones.check(c) == []
    assert_replays(games)


@pytest.mark.parametrize("topic", list(TOPICS))
def test_practice_play_sequences_replay_from_their_records(topic: str) -> None:
    """Every game the practice streams build (each play sequence under every choice its
    outcomes branch on) replays from its records."""
    with every_game() as games:
        for level in ("easy", "hard"):
            stream = practice.questions(topic, level, seed=3)
            for _ in range(6):
                next(stream)
    assert_replays(games)


def test_a_game_is_its_setup_and_its_records() -> None:
    g = Game(["Alice", "Bob", "Carol"], life=10, library=5, start="upkeep")
    assert g.config == NewGame(("Alice", "Bob", "Carol"), 10, 5, "upkeep")
    assert g.actions == ()
    forest = g.put_onto_battlefield("Forest", "Alice")
    g.advance(to="main1")
    g.activate("Forest")  # a name: recorded as the id it named
    assert g.actions == (PutOntoBattlefield("Forest", "Alice"), Advance("main1"), Activate(forest))
    again = Game.replay_of(g.config, g.actions)
    assert again.events == g.events and again.board() == g.board()


# ------------------------------------------------------------------ one dispatcher
def test_every_method_is_a_wrapper_that_records_its_action() -> None:
    g = Game(["Alice", "Bob"])
    calls = [
        (lambda: g.put_in_zone("Grizzly Bears", "Alice"), PutInZone("Grizzly Bears", "Alice", "hand")),
        (lambda: g.put_in_library("Forest", "Bob", 2), PutInLibrary("Forest", "Bob", 2)),
        (lambda: g.make_monarch("Bob"), MakeMonarch("Bob")),
        (lambda: g.set_life("Bob", 7), SetLife("Bob", 7)),
        (lambda: g.put_onto_battlefield("Forest", "Alice", counters={"x": 1}),
         PutOntoBattlefield("Forest", "Alice", counters=(("x", 1),))),
        (lambda: g.activate(g.find("Forest")), None),
        (lambda: g.pass_priority("Alice"), PassPriority("Alice")),
        (lambda: g.next_turn(to="main1"), NextTurn("main1")),
    ]
    for call, record in calls:
        n = len(g.actions)
        call()
        assert len(g.actions) == n + 1
        if record is not None:
            assert g.actions[-1] == record
    land = g.put_in_zone("Mountain", "Bob")
    g.play_land(land)
    assert g.actions[-1] == PlayLand(land)
    g.concede("Alice")
    assert g.actions[-1] == Concede("Alice")
    assert all(type(a) in acts.KINDS.values() for a in g.actions)


def test_inner_calls_are_not_actions_of_their_own() -> None:
    """resolve_stack resolves by calling resolve, and put_in_library puts each card with
    put_in_zone: one record each, not one per inner call."""
    g = Game(["Alice", "Bob"])
    g.put_onto_battlefield("Queen Marchesa", "Alice", by_effect=True)
    g.put_in_library("Forest", "Alice", 3)
    g.resolve_stack()
    assert [type(a) for a in g.actions] == [PutOntoBattlefield, PutInLibrary, ResolveStack]


def test_scenario_files_and_play_steps_build_the_same_records() -> None:
    """Every action a scenario file names is a kind of record, and a play step makes the
    records Game's own methods make."""
    assert set(_ACTIONS) <= set(acts.KINDS)
    play = Play(Setup(pieces=(Piece("Forest"), Piece("Mountain"), Piece("Lightning Bolt", zone="hand"))),
                (Step("cast", "Alice bolts Bob.", card="Lightning Bolt", target="Bob",
                      pay=("Mountain",)),))
    g, labels = play.build()
    by_step = play.steps[0].records(g, labels)
    assert by_step == [Activate(labels["Mountain"]), Cast(labels["Lightning Bolt"], "Bob")]
    play.run(g, labels)
    h, _ = play.build()
    h.activate(labels["Mountain"])
    h.cast(labels["Lightning Bolt"], target="Bob")
    assert g.actions == h.actions and g.events == h.events


def test_make_names_the_file_words() -> None:
    assert acts.make("pass") == PassPriority()
    assert acts.make("block", blocks={3: 4}) == Block(((3, 4),))
    assert acts.make("attack", attackers=[3], defender="Bob") == Attack((3,), "Bob")
    assert acts.make("resolve", copy=5) == Resolve(5)
    assert acts.make("cast", card=1, choices=["{G}{G}"]).answers == (Choice("{G}{G}"),)
    with pytest.raises(ValueError, match="do must be one of"):
        acts.make("lunch")


def test_apply_refuses_what_is_not_an_action() -> None:
    g = Game()
    with pytest.raises(TypeError, match="records of mtgkit.actions"):
        g.apply("cast")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="records of mtgkit.actions"):
        g.refusal(acts.NewGame(("A", "B")))  # type: ignore[arg-type]


# ------------------------------------------------------------------ can and refusal
def _refused_board() -> tuple[Game, dict[str, int]]:
    g = Game(["Alice", "Bob"], chooser=Scripted(["W"]))
    ids = {
        "elves": g.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn"),
        "bears": g.put_in_hand("Grizzly Bears", "Alice"),
        "bolt": g.put_in_hand("Lightning Bolt", "Bob"),
        "forest": g.put_onto_battlefield("Forest", "Alice", tapped=True),
        "land": g.put_in_hand("Forest", "Alice"),
        "bob_bears": g.put_onto_battlefield("Grizzly Bears", "Bob"),
    }
    return g, ids


REFUSED = [
    ("sick elves", lambda i: Activate(i["elves"]), "302.6"),
    ("tapped forest", lambda i: Activate(i["forest"]), "107.5"),
    ("no mana", lambda i: Cast(i["bears"]), "601.2h"),
    ("not Bob's priority", lambda i: Cast(i["bolt"], "Alice"), "117.1"),
    ("attack in main", lambda i: Attack((i["elves"],)), "508.1"),
    ("block with nothing attacking", lambda i: Block(((i["bob_bears"], i["elves"]),)), "509.1"),
    ("Bob can't pass", lambda i: PassPriority("Bob"), "117.3d"),
    ("nothing to resolve", lambda i: Resolve(), "117.4"),
]


@pytest.mark.parametrize(("name", "make", "rule"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refusal_is_the_error_apply_raises_and_changes_nothing(name: str, make: Any, rule: str) -> None:
    g, ids = _refused_board()
    action = make(ids)
    before, actions, answers = snapshot(g), g.actions, list(g.chooser.answers)  # type: ignore[attr-defined]
    refused = g.refusal(action)
    assert refused is not None and refused.rule.startswith(rule)
    assert not g.can(action)
    assert snapshot(g) == before and g.actions == actions
    assert g.chooser.answers == answers  # type: ignore[attr-defined]
    with pytest.raises(RulesError) as raised:
        g.apply(action)
    assert (type(raised.value), raised.value.rule, raised.value.reason) == \
        (type(refused), refused.rule, refused.reason)
    assert snapshot(g) == before and g.actions == actions


def test_a_legal_action_tried_changes_nothing_not_even_a_scripted_chooser() -> None:
    g = Game(["Alice", "Bob"], chooser=Scripted(["{U}"]))
    stone = g.put_onto_battlefield("Fellwar Stone", "Alice")
    g.put_onto_battlefield("Underground Sea", "Bob")
    before = snapshot(g), g.actions
    assert g.can(Activate(stone)) and g.refusal(Activate(stone)) is None
    assert (snapshot(g), g.actions) == before
    g.activate(stone)  # the script's answer is still there: {U}, not the first option {B}
    assert str(g.pool("Alice")) == "{U}"
    assert g.actions[-1].answers[0].answer == "{U}"


def test_a_refusal_found_only_by_doing_it() -> None:
    """attack() first has everyone pass: the Bolt on the stack resolves and kills the attacker,
    so the declaration is refused after the passes. The board alone looked fine."""
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.advance(to="beginning_of_combat")
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=bears)
    before = snapshot(g)
    refused = g.refusal(Attack((bears,)))
    assert refused is not None and refused.rule == "508.1a"
    assert "Lightning Bolt" in refused.reason  # what happened during the passes
    assert g.attack_refusal(bears) is not None and not g.can_attack(bears)
    assert snapshot(g) == before and g.obj(bears).zone == "battlefield"


def test_why_not_and_the_refusal_methods_answer_through_refusal() -> None:
    g, ids = _refused_board()
    for text, action in ((g.why_not("activate", ids["elves"]), Activate(ids["elves"])),
                         (g.why_not_activate(ids["forest"]), Activate(ids["forest"]))):
        assert text == str(g.refusal(action))
    assert not g.can_activate(ids["elves"])
    g.advance(to="beginning_of_combat")
    assert g.attack_refusal(ids["elves"]) is not None
    assert str(g.attack_refusal(ids["elves"])) == str(g.refusal(Attack((ids["elves"],))))
    assert g.why_not("attack", ids["elves"]) == str(g.refusal(Attack((ids["elves"],))))
    assert str(g.block_refusal(ids["bob_bears"], ids["elves"])) == \
        str(g.refusal(Block(((ids["bob_bears"], ids["elves"]),))))


# ------------------------------------------------------------------ choices
def test_choices_given_in_advance_answer_the_actions_questions() -> None:
    g = Game(["Alice", "Bob"])
    stone = g.put_onto_battlefield("Fellwar Stone", "Alice")
    g.put_onto_battlefield("Underground Sea", "Bob")
    g.apply(Activate(stone, choices=(Choice("{B}"),)))
    assert str(g.pool("Alice")) == "{B}"
    made = g.actions[-1].answers
    assert made == (Choice("{B}", made[0].question, "Alice"),) and "Fellwar Stone" in made[0].question


@pytest.mark.parametrize(("choices", "match"), [
    ((Choice("{G}"),), "is not one of"),
    ((Choice("{B}"), Choice("{U}")), "2 given, but the action asked 1 question"),
    ((Choice("{B}", "target for the copy"),), "but the action asked"),
])
def test_wrong_choices_are_refused_and_change_nothing(choices: tuple[Choice, ...], match: str) -> None:
    g = Game(["Alice", "Bob"])
    stone = g.put_onto_battlefield("Fellwar Stone", "Alice")
    g.put_onto_battlefield("Underground Sea", "Bob")
    before = snapshot(g), g.actions
    with pytest.raises(ValueError, match=match):
        g.apply(Activate(stone, choices=choices))
    assert (snapshot(g), g.actions) == before


def test_the_chooser_answers_are_recorded_so_a_replay_needs_no_chooser() -> None:
    g = Game(["Alice", "Bob"], chooser=Scripted(["Hill Giant"]))
    g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.put_onto_battlefield("Hill Giant", "Alice")
    clone = g.put_in_hand("Clone", "Alice")
    for _ in range(4):
        g.activate(g.put_onto_battlefield("Island", "Alice"))
    g.cast(clone)
    g.resolve()
    assert g.obj(clone).name == "Hill Giant"
    made = [c for a in g.actions for c in a.answers]
    assert [c.answer.split(" #")[0] for c in made if "copy" in c.question] == ["Hill Giant"]
    again = g.replay()  # with the default chooser, which would pick another creature
    assert again.events == g.events and again.obj(clone).name == "Hill Giant"


# ------------------------------------------------------------------ the stateful walk
def test_the_random_walk_replays_from_its_records() -> None:
    """The API walk of test_stateful (legal and junk calls), and at its end the game replays
    from its set-up and records, event for event: a refused call left no record."""
    from test_stateful import GameMachine

    class Replayed(GameMachine):
        def teardown(self) -> None:
            if hasattr(self, "game"):
                assert self.game.replay().events == self.game.events

    Replayed.TestCase.settings = settings(max_examples=25, stateful_step_count=30, deadline=None,
                                          derandomize=True,
                                          suppress_health_check=list(HealthCheck))
    Replayed.TestCase().runTest()


def test_the_undo_log_puts_a_deleted_key_back_where_it_was() -> None:
    """A tried action is undone from the undo log: a dict's order is part of the state (the
    objects changed since the last state-based check are looked at in order), so a key deleted
    and put back keeps its place, and a cleared dict comes back as it was."""
    from mtgkit.journal import JDict, Journal

    j = Journal()
    d = JDict(j, {1: "a", 2: "b", 3: "c"})
    for delete in (1, 2, 3):
        mark = j.begin()
        del d[delete]
        d[9] = "z"
        j.rollback(mark)
        assert list(d.items()) == [(1, "a"), (2, "b"), (3, "c")]
    mark = j.begin()
    d.clear()
    d[2] = "x"
    j.rollback(mark)
    assert list(d.items()) == [(1, "a"), (2, "b"), (3, "c")]
