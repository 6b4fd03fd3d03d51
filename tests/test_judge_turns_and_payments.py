"""Judge-grade rules of turn structure and multiplayer seams (passes of players who left, a draw,
combat and draw steps, pools between cleanups), choosing how to pay, and a teacher's set-up calls,
in Python and in scenario files; each test named after the rule it checks (CR 2026-08-07)."""

from __future__ import annotations

import pytest
from helpers import refused

from mtgkit import (
    ChoiceError,
    CombatError,
    CostError,
    Game,
    GameOverError,
    Scripted,
    TimingError,
    replay,
)
from mtgkit.events import (
    AbilityTriggered,
    ChoiceMade,
    DrawSkipped,
    GameEnded,
    ManaSpent,
    PlayerLeft,
    PoolEmptied,
    PriorityPassed,
    StepBegan,
)


def mana(g: Game, player: str, land: str, n: int = 1) -> None:
    for _ in range(n):
        g.activate(g.put_onto_battlefield(land, player))


def four() -> Game:
    return Game(["Alice", "Bob", "Carol", "Dave"])


# --------------------------------------------------------------------------- 1. passes of players who left
def test_117_4_800_4a_a_player_who_passed_and_left_no_longer_counts_as_having_passed() -> None:
    """A casts Lightning Bolt at D; A and B pass; B concedes; C passes: D still has to pass."""
    g = four()
    mana(g, "Alice", "Mountain")
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Dave")
    g.pass_priority()
    g.pass_priority()
    g.concede("Bob")
    g.pass_priority()  # Carol
    assert g.stack() and g.priority_player == "Dave" and g.life("Dave") == 20
    g.pass_priority()  # Dave: now every player still in the game has passed
    assert not g.stack() and g.life("Dave") == 17


def test_117_4_800_4a_the_step_ends_only_when_every_remaining_player_has_passed() -> None:
    """With an empty stack: A passes, A concedes, B passes; C and D haven't passed yet."""
    g = four()
    g.pass_priority()
    g.concede("Alice")
    g.pass_priority()  # Bob
    assert g.step == "main1" and g.priority_player == "Carol"
    g.pass_priority()
    g.pass_priority()
    assert g.step == "beginning_of_combat"


def test_117_4_players_who_passed_need_not_pass_again_when_the_last_one_leaves() -> None:
    """A and B pass, C holds priority and concedes: priority passes to the next player still in
    the game, Alice, even though she passed (800.4a, issue 29); when she passes again the Bolt
    resolves, and Bob, who passed in succession with her, needn't pass again (117.4)."""
    g = Game(["Alice", "Bob", "Carol"])
    mana(g, "Alice", "Mountain")
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob")
    g.pass_priority()
    g.pass_priority()
    assert g.priority_player == "Carol"
    g.concede("Carol")
    assert g.stack() and g.life("Bob") == 20 and g.priority_player == "Alice"  # 800.4a
    g.pass_priority()
    assert not g.stack() and g.life("Bob") == 17 and g.priority_player == "Alice"  # 117.4, 117.3b


# --------------------------------------------------------------------------- 2. the crown and a dying Lich
def _crown_and_lich(giant_blocks: bool) -> Game:
    """Bob (active) attacks the monarch Alice (at 2 life) with Grizzly Bears and Carol with
    Custodi Lich; Carol's Hill Giant may block the Lich. Combat damage is dealt at once."""
    g = Game(["Bob", "Alice", "Carol"], life=2)
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    lich = g.put_onto_battlefield("Custodi Lich", "Bob")
    giant = g.put_onto_battlefield("Hill Giant", "Carol")
    g.make_monarch("Alice")
    g.advance(to="beginning_of_combat")
    g.attack({bears: "Alice", lich: "Carol"})
    g.block({giant: lich} if giant_blocks else {})
    g.advance(to="end_of_combat")
    return g


def _lich_triggered(g: Game) -> bool:
    return any(isinstance(e, AbilityTriggered) and e.obj == "Custodi Lich" and "become the monarch"
               in e.text for e in g.events)


def test_704_3_725_4_603_2_a_lich_dying_as_its_controller_gets_the_crown_doesnt_trigger() -> None:
    """Alice (the monarch) drops to 0 life in the same check that destroys Bob's Custodi Lich:
    Bob, the active player, becomes the monarch as Alice leaves, while the Lich leaves too. A
    "whenever you become the monarch" ability doesn't look back in time: no trigger."""
    g = _crown_and_lich(giant_blocks=True)
    assert g.monarch == "Bob" and not g.in_game("Alice")
    assert g.obj(g.find("Custodi Lich", zone="graveyard")).zone == "graveyard"
    assert not _lich_triggered(g)


def test_725_4_603_2_a_lich_that_stays_does_trigger_when_the_crown_comes_to_its_controller() -> None:
    g = _crown_and_lich(giant_blocks=False)
    assert g.monarch == "Bob" and _lich_triggered(g)


# --------------------------------------------------------------------------- 3. a draw
def test_104_4a_when_all_remaining_players_lose_at_once_the_game_is_a_draw() -> None:
    g = Game(["Alice", "Bob"], life=2)
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.put_onto_battlefield("Grizzly Bears", "Bob")
    g.set_life("Alice", 1)
    g.activate(g.put_onto_battlefield("Mountain", "Alice"))
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.advance(to="end_of_combat")  # the Bears bring Bob to 0
    assert g.life("Bob") == 0 and g.over and g.winner == "Alice"
    ended = [e for e in g.events if isinstance(e, GameEnded)]
    assert len(ended) == 1 and ended[0].winner == "Alice" and "104.2a" in ended[0].rules

    g = Game(["Alice", "Bob", "Carol"])
    g.concede("Carol")
    g.set_life("Alice", 0)
    g.set_life("Bob", 0)
    events = g.pass_priority()  # the check: both lose at the same time
    assert [e.player for e in events if isinstance(e, PlayerLeft)] == ["Alice", "Bob"]
    ended = [e for e in events if isinstance(e, GameEnded)]
    assert len(ended) == 1 and ended[0].winner is None and "104.4a" in ended[0].rules
    assert g.over and g.winner is None and g.priority_player is None
    assert g.board().over and g.board().winner is None and replay(g.events) == g.board()
    assert "a draw (CR 104.4a)" in g.board().describe()
    with refused(g, GameOverError, "104.4a"):
        g.advance()


def test_104_2a_the_game_ends_at_once_and_the_shortcuts_stop_there() -> None:
    """A call that goes on through the turn stops where the game ends (it used to carry on
    through the steps, or be refused as a whole)."""
    g = Game(["Alice", "Bob"], life=2)
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.next_turn()
    assert g.over and g.winner == "Alice" and g.step == "combat_damage" and g.turn == 1


# --------------------------------------------------------------------------- 4. combat steps
def test_508_8_the_declare_blockers_step_happens_if_an_attacker_was_declared_even_if_it_died() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    mana(g, "Alice", "Mountain")
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=bears)
    g.resolve()  # the only attacker dies in the declare attackers step
    g.advance(to="declare_blockers")
    assert g.step == "declare_blockers"
    g.advance(to="end_of_combat")
    steps = [e.step for e in g.events if isinstance(e, StepBegan)]
    assert steps[-4:] == ["declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"]


def test_508_8_with_no_attacker_declared_both_steps_are_skipped() -> None:
    g = Game(["Alice", "Bob"])
    g.advance(to="end_of_combat")
    assert "declare_blockers" not in [e.step for e in g.events if isinstance(e, StepBegan)]


# --------------------------------------------------------------------------- 5. the first draw step
def test_103_8a_the_starting_player_skips_the_whole_draw_step_of_their_first_turn() -> None:
    g = Game(["Alice", "Bob"])
    first = [e for e in g.events if e.turn == 1]
    assert "draw" not in [e.step for e in first if isinstance(e, StepBegan)]
    assert not any(isinstance(e, PriorityPassed) and e.step == "draw" for e in first)
    skipped = [e for e in first if isinstance(e, DrawSkipped)]
    assert len(skipped) == 1 and skipped[0].rules == ("103.8a",)
    assert "skips the draw step" in skipped[0].text and "first turn" in skipped[0].text
    assert g.board().player("Alice").hand == 0
    with pytest.raises(ValueError, match="103.8a"):
        Game(["Alice", "Bob"], start="draw")
    with pytest.raises(ValueError, match="103.8a"):
        Game(["Alice", "Bob"], start="upkeep").advance(to="draw")
    g.next_turn(to="draw")  # Bob's first turn has its draw step
    assert g.step == "draw" and g.board().player("Bob").hand == 1


def test_103_8c_in_a_multiplayer_game_nobody_skips_the_draw_step() -> None:
    g = Game(["Alice", "Bob", "Carol"])
    assert "draw" in [e.step for e in g.events if isinstance(e, StepBegan)]
    assert g.board().player("Alice").hand == 1 and not any(isinstance(e, DrawSkipped) for e in g.events)


# --------------------------------------------------------------------------- 7. pools between cleanups
def test_106_4_514_3a_mana_pools_empty_when_a_cleanup_step_ends_and_another_begins() -> None:
    g = Game(["Alice", "Bob"])
    g.advance(to="cleanup")
    g.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)  # a trigger: players get priority
    mana(g, "Alice", "Forest")
    assert str(g.pool("Alice")) == "{G}"
    g.advance()  # everyone passes: the trigger resolves, then another cleanup step begins
    assert g.step == "cleanup" and g.turn == 1 and not g.pool("Alice")
    emptied = [e for e in g.events if isinstance(e, PoolEmptied) and e.step == "cleanup"]
    assert len(emptied) == 1 and "106.4" in emptied[0].rules and str(emptied[0].mana) == "{G}"
    assert replay(g.events) == g.board()


# --------------------------------------------------------------------------- 6. choosing how to pay
def _pool(g: Game, *lands: str, who: str = "Alice") -> None:
    for land in lands:
        g.activate(g.put_onto_battlefield(land, who))


def test_601_2h_107_4b_the_player_chooses_which_mana_pays_bears_then_bolt() -> None:
    """With {G}{G}{R}, Grizzly Bears paid with {G}{G} leaves {R} for Lightning Bolt."""
    g = Game(["Alice", "Bob"])
    _pool(g, "Forest", "Forest", "Mountain")
    events = g.cast(g.put_in_hand("Grizzly Bears", "Alice"), pay="{G}{G}")
    choice = next(e for e in events if isinstance(e, ChoiceMade))
    assert choice.question == "payment" and choice.answer == "{G}{G}"
    assert choice.options == ("{R}{G}", "{G}{G}") and {"601.2h", "107.4b"} <= set(choice.rules)
    spend = next(e for e in events if isinstance(e, ManaSpent))
    assert str(spend.mana) == "{G}{G}" and spend.links == (choice.seq,) and "shaped by" in g.why(spend)
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target="Bob", pay="{R}")
    g.resolve_stack()
    assert g.life("Bob") == 17 and g.obj(g.find("Grizzly Bears")).zone == "battlefield"


def test_601_2h_without_pay_the_chooser_decides_when_the_payment_is_ambiguous() -> None:
    for answers, left in (([], "{G}"), (["{G}{G}"], "{R}")):
        g = Game(["Alice", "Bob"], chooser=Scripted(answers))
        _pool(g, "Forest", "Forest", "Mountain")
        g.cast(g.put_in_hand("Grizzly Bears", "Alice"))
        assert str(g.pool("Alice")) == left  # the default ({R}{G}) unless the chooser says otherwise
        assert sum(isinstance(e, ChoiceMade) and e.question == "payment" for e in g.events) == 1
    g = Game(["Alice", "Bob"])
    _pool(g, "Forest", "Mountain")  # exactly the cost: one way to pay, nothing to choose
    g.cast(g.put_in_hand("Grizzly Bears", "Alice"))
    assert not any(isinstance(e, ChoiceMade) and e.question == "payment" for e in g.events)


def test_601_2h_a_payment_that_is_not_in_the_pool_or_doesnt_pay_the_cost_is_refused() -> None:
    g = Game(["Alice", "Bob"])
    _pool(g, "Forest", "Forest", "Mountain")
    bears = g.put_in_hand("Grizzly Bears", "Alice")
    for paid, words in (("{R}{R}", "the pool holds {R}, not {R}{R}"),
                        ("{G}", "{G} is 1 mana and {1}{G} takes 2"),
                        ("{R}{G}{G}", "is 3 mana")):
        with refused(g, CostError, "601.2h"):
            g.cast(bears, pay=paid)
        with pytest.raises(CostError, match=words.replace("{", r"\{").replace("}", r"\}")):
            g.cast(bears, pay=paid)
    bolt = g.put_in_hand("Lightning Bolt", "Alice")
    with refused(g, CostError, "601.2h"):  # colored symbols take their own type
        g.cast(bolt, target="Bob", pay="{G}")
    with pytest.raises(ValueError, match="pay must be the mana to spend"):
        g.cast(bears, pay="two green")
    with pytest.raises(TypeError):
        g.cast(bears, pay=2)  # type: ignore[arg-type]


def test_602_2b_107_4e_activated_abilities_choose_their_payment_too_hybrid_included() -> None:
    """Mystic Gate's {W/U} can be paid with either half; a {4} ability with any mix."""
    g = Game(["Alice", "Bob"])
    _pool(g, "Plains", "Island")
    gate = g.put_onto_battlefield("Mystic Gate", "Alice")
    events = g.activate(gate, 1, pay="{U}", choice="{W}{W}")
    choice = next(e for e in events if isinstance(e, ChoiceMade) and e.question == "payment")
    assert choice.options == ("{W}", "{U}") and "107.4e" in choice.rules
    assert str(g.pool("Alice")) == "{W}{W}{W}"
    second = g.put_onto_battlefield("Mystic Gate", "Alice")
    with refused(g, CostError, "602.2b"):
        g.activate(second, 1, pay="{B}")
    ballista = g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 1})
    _pool(g, "Forest", "Forest")
    g.activate(ballista, 0, pay="{W}{W}{G}{G}")  # {4}: any four mana
    assert str(g.pool("Alice")) == "{W}"
    forest = g.put_onto_battlefield("Forest", "Alice")
    with refused(g, CostError, "602.2b"):  # a {T} ability has no mana to pay
        g.activate(forest, pay="{W}")


def test_601_2h_a_pool_with_very_many_ways_to_pay_offers_a_bounded_list() -> None:
    from mtgkit import limits

    g = Game(["Alice", "Bob"])
    _pool(g, *(["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"] * 8))
    ballista = g.put_in_hand("Walking Ballista", "Alice")
    events = g.cast(ballista, x=4)  # {X}{X} with X=4: eight mana from six types of eight each
    choice = next(e for e in events if isinstance(e, ChoiceMade))
    assert len(choice.options) == limits.MAX_PAYMENTS and "pay= names any other" in choice.text
    g2 = Game(["Alice", "Bob"])
    _pool(g2, *(["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"] * 8))
    g2.cast(g2.put_in_hand("Walking Ballista", "Alice"), x=4, pay="{G}x8")  # one past the list
    assert str(g2.pool("Alice")) == "{W}" * 8 + "{U}" * 8 + "{B}" * 8 + "{R}" * 8 + "{C}" * 8


# --------------------------------------------------------------------------- explanations and citations
def test_106_3_a_forest_refusing_blue_cites_what_its_ability_adds_not_could_produce() -> None:
    from mtgkit import ChoiceError

    g = Game(["Alice", "Bob"])
    forest = g.put_onto_battlefield("Forest", "Alice")
    with refused(g, ChoiceError, "106.3"):  # its ability adds {G}: that is all it can add
        g.activate(forest, color="U")
    gate = g.put_onto_battlefield("Mystic Gate", "Alice")
    g.activate(g.put_onto_battlefield("Plains", "Alice"))
    with refused(g, ChoiceError, "608.2d"):  # one of several options: only those can be chosen
        g.activate(gate, 1, choice="{B}{B}")
    orchard = g.put_onto_battlefield("Exotic Orchard", "Alice")
    g.put_onto_battlefield("Swamp", "Bob")
    with refused(g, ChoiceError, "106.7"):  # what an opponent's lands could produce
        g.activate(orchard, color="G")


def test_510_1c_why_not_monarch_says_a_creature_whose_blockers_are_gone_assigns_no_damage() -> None:
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    giant = g.put_onto_battlefield("Hill Giant", "Bob")
    g.make_monarch("Bob")
    g.advance(to="beginning_of_combat")
    g.attack([bears])
    g.block({giant: bears})
    mana(g, "Alice", "Mountain")
    g.cast(g.put_in_hand("Lightning Bolt", "Alice"), target=giant)
    g.resolve()
    g.advance(to="end_of_combat")
    text = g.why_not("monarch", "Alice")
    assert "assigns no combat damage" in text and "510.1c" in text and "509.1h" in text
    assert "even if they are gone" not in text and "deals its combat damage to its blockers" not in text
    g2 = Game(["Alice", "Bob"])
    bears = g2.put_onto_battlefield("Grizzly Bears", "Alice")
    giant = g2.put_onto_battlefield("Hill Giant", "Bob")
    g2.make_monarch("Bob")
    g2.advance(to="beginning_of_combat")
    g2.attack([bears])
    g2.block({giant: bears})
    g2.advance(to="end_of_combat")
    assert "to the creatures blocking it, never to the player" in g2.why_not("monarch", "Alice")


def test_502_4_resolve_in_the_untap_step_cites_the_untap_step_and_514_3_the_cleanup_step() -> None:
    g = Game(["Alice", "Bob"], start="untap")
    for call in (g.resolve, g.pass_priority):
        with refused(g, TimingError, "502.4"):
            call()
    g.advance(to="cleanup")
    for call in (g.resolve, g.pass_priority):
        with refused(g, TimingError, "514.3"):
            call()


# --------------------------------------------------------------------------- a teacher's set-up calls
def test_119_set_life_is_recorded_as_set_up_and_checked_like_any_value() -> None:
    g = Game(["Alice", "Bob"])
    g.set_life("Bob", 3)
    e = g.events[-1]
    assert e.setup and e.kind == "life" and g.life("Bob") == 3 and replay(g.events) == g.board()
    for bad, error in ((1001, ValueError), (2.5, TypeError), ("3", TypeError)):
        with pytest.raises(error):
            g.set_life("Bob", bad)  # type: ignore[arg-type]
    g.set_life("Bob", 0)  # 104.3b: Bob loses the next time a player would receive priority
    g.pass_priority()
    assert g.over and g.winner == "Alice"
    loss = next(e for e in g.events if isinstance(e, PlayerLeft))
    assert g.events[loss.cause - 1].setup  # type: ignore[operator]


def test_800_4a_a_permanent_controlled_by_another_player_than_its_owner() -> None:
    g = Game(["Alice", "Bob", "Carol"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice", owner="Bob")
    assert (g.obj(bears).controller, g.obj(bears).owner) == ("Alice", "Bob")
    assert "owned by Bob" in g.events[-1].text and replay(g.events) == g.board()
    lich = g.put_onto_battlefield("Custodi Lich", "Alice", owner="Carol", by_effect=True)
    assert g.obj(lich).owner == "Carol" and g.stack()
    g.concede("Bob")  # its owner leaves: it leaves the game too (800.4a)
    assert g.obj(bears).zone == "out"
    with pytest.raises(GameOverError):
        g.put_onto_battlefield("Forest", "Alice", owner="Bob")


def test_602_1_why_not_activate_asks_about_the_ability_named() -> None:
    g = Game(["Alice", "Bob"])
    ballista = g.put_onto_battlefield("Walking Ballista", "Alice", counters={"+1/+1": 1})
    assert "{4}" in g.why_not("activate", ballista, ability=0)
    assert g.why_not("activate", ballista, ability=1) == "It can be activated now."
    assert "no ability 2" in g.why_not("activate", ballista, ability=2)
    with pytest.raises(ValueError, match="ability="):
        g.why_not("mana", ballista, ability=1)


def test_603_3d_trigger_targets_are_labelled_like_every_other_choice() -> None:
    """A trigger's target choice names an object as 'Name #id', as sacrifices, discards and
    copies do; a script may still answer with the name alone when it is the only one."""
    def jailer(chooser: Scripted) -> tuple[Game, int]:
        g = Game(["Alice", "Bob"], chooser=chooser)
        g.put_onto_battlefield("Grizzly Bears", "Bob")
        giant = g.put_onto_battlefield("Hill Giant", "Bob")
        g.put_onto_battlefield("Palace Jailer", "Alice", by_effect=True)  # two triggers to order
        return g, giant

    order = next(e for e in jailer(Scripted([]))[0].events if isinstance(e, ChoiceMade)).answer
    g, giant = jailer(Scripted([order, "Hill Giant"]))
    choice = next(e for e in g.events if isinstance(e, ChoiceMade) and e.question == "target")
    assert choice.answer == f"Hill Giant #{giant}" and all(" #" in o for o in choice.options)
    g.resolve_stack()
    assert g.obj(giant).zone == "exile"


def test_514_1_next_turn_refuses_a_discard_that_doesnt_happen_and_says_why() -> None:
    g = Game(["Alice", "Bob"])
    card = g.put_in_hand("Grizzly Bears", "Alice")
    with refused(g, ChoiceError, "514.1"):
        g.next_turn(discard=[card])  # one card in hand: nothing to discard
    with pytest.raises(ChoiceError, match="no more than 7"):
        g.next_turn(discard=[card])
    with refused(g, ChoiceError, "514.1"):
        g.advance(to="main2", discard=[card])  # no cleanup step in this call
    g.next_turn()
    assert g.turn == 2


def test_510_1c_a_damage_division_for_an_attacker_that_divides_nothing_is_refused() -> None:
    g = Game(["Alice", "Bob"])
    giant = g.put_onto_battlefield("Hill Giant", "Alice")
    bears = g.put_onto_battlefield("Grizzly Bears", "Bob")
    g.advance(to="beginning_of_combat")
    g.attack([giant])
    g.block({bears: giant})
    with refused(g, ChoiceError, "510.1c"):  # one blocker: all 3 damage to it, nothing to divide
        g.advance(to="end_of_combat", damage={giant: {bears: 1}})
    g.advance(to="end_of_combat", damage={giant: {bears: 3}})  # what happens anyway: fine
    assert g.obj(bears).zone == "graveyard"


def test_508_1_attack_says_what_resolved_before_the_declaration_became_illegal() -> None:
    """attack() first has every player pass: if that resolves something that makes the
    declaration illegal, the whole call is refused, and the refusal says what happened."""
    g = Game(["Alice", "Bob"])
    bears = g.put_onto_battlefield("Grizzly Bears", "Alice")
    g.advance(to="beginning_of_combat")
    g.pass_priority()  # Alice passes; Bob casts a Bolt at the Bears
    mana(g, "Bob", "Mountain")
    g.cast(g.put_in_hand("Lightning Bolt", "Bob"), target=bears)
    with refused(g, CombatError, "508.1a"):
        g.attack([bears])
    with pytest.raises(CombatError, match=r"attack\(\) first has every player pass.*Lightning Bolt "
                                          r"resolves.*Grizzly Bears has lethal damage"):
        g.attack([bears])


# --------------------------------------------------------------------------- the same in scenario files
TEACHER = '''
players = ["Alice", "Bob", "Carol"]
[set_life]
Bob = 3
[[board.Alice]]
card = "Hill Giant"
label = "giant"
[[board.Alice]]
card = "Forest"
owner = "Carol"
[[board.Alice]]
card = "Forest"
[[board.Alice]]
card = "Mountain"
[board]
Bob = ["Grizzly Bears", "Llanowar Elves"]
[hand]
Alice = ["Grizzly Bears", "Lightning Bolt", "Hill Giant", "Hill Giant", "Hill Giant", "Hill Giant",
         "Hill Giant", "Hill Giant"]
[[actions]]
do = "activate"
card = ["Forest", "Forest 2", "Mountain"]
[[actions]]
do = "cast"
card = "Grizzly Bears 2"
pay = "{G}{G}"
[[actions]]
do = "cast"
card = "Lightning Bolt"
target = "Bob"
pay = "{R}"
[[actions]]
do = "resolve_stack"
[[actions]]
do = "put_onto_battlefield"
card = "Custodi Lich"
player = "Alice"
owner = "Carol"
label = "lich"
[[actions]]
do = "resolve_stack"
[[actions]]
do = "advance"
to = "beginning_of_combat"
[[actions]]
do = "attack"
attackers = ["giant"]
defender = "Carol"
[[actions]]
do = "block"
blocks = {}
[[actions]]
do = "next_turn"
discard = ["Hill Giant 2"]
[expect]
life = { Bob = 0, Carol = 17 }
monarch = "Alice"
graveyard = { Alice = ["Lightning Bolt", "Hill Giant"] }
'''


def test_scenario_files_set_life_owner_payment_an_effect_and_cleanup_discards() -> None:
    from mtgkit.scenario import parse_scenario

    s = parse_scenario(TEACHER, "teacher.toml")
    g = s.game
    assert not g.in_game("Bob") and g.obj(s.labels["lich"]).owner == "Carol"
    assert g.obj(s.labels["Forest"]).owner == "Carol" and g.obj(s.labels["Forest"]).controller == "Alice"
    assert any(isinstance(e, ChoiceMade) and e.question == "payment" and e.answer == "{G}{G}"
               for e in g.events)
    assert any(isinstance(e, ChoiceMade) and e.question == "discard" for e in g.events)


def test_scenario_damage_division_by_labels() -> None:
    from mtgkit.scenario import parse_scenario

    text = '''
players = ["Alice", "Bob"]
[board]
Alice = ["Hill Giant"]
Bob = ["Grizzly Bears", "Llanowar Elves"]
[[actions]]
do = "advance"
to = "beginning_of_combat"
[[actions]]
do = "attack"
attackers = ["Hill Giant"]
[[actions]]
do = "block"
blocks = { "Grizzly Bears" = "Hill Giant", "Llanowar Elves" = "Hill Giant" }
[[actions]]
do = "advance"
to = "end_of_combat"
damage = { "Hill Giant" = { "Grizzly Bears" = 0, "Llanowar Elves" = 3 } }
[expect]
graveyard = { Bob = ["Llanowar Elves"] }
'''
    assert parse_scenario(text, "division.toml").game.step == "end_of_combat"


@pytest.mark.parametrize("extra,place,words", [
    ('[set_life]\nBob = 5000\n', "set_life.Bob", "a whole number from -1,000 to 1,000"),
    ('[set_life]\nBob = "3"\n', "set_life.Bob", "a whole number"),
    ('[set_life]\nCarol = 3\n', "set_life.Carol", "one of the players"),
    ('[[board.Alice]]\ncard = "Forest"\nowner = "Carol"\n', "board.Alice[0].owner", "one of the players"),
    ('[[board.Alice]]\ncard = "Forest"\nowner = 3\n', "board.Alice[0].owner", "a string"),
    ('[board]\nAlice = ["Forest"]\n[[actions]]\ndo = "activate"\ncard = "Forest"\npay = "green"\n',
     "actions[0].pay", "mana written as symbols"),
    ('[hand]\nAlice = ["Lightning Bolt"]\n[[actions]]\ndo = "cast"\ncard = "Lightning Bolt"\n'
     'target = "Bob"\npay = "{R}"\n', "actions[0]", "can't pay {R}"),
    ('[[actions]]\ndo = "next_turn"\ndiscard = ["Forest"]\n', "actions[0].discard[0]", "the label"),
    ('[hand]\nAlice = ["Forest"]\n[[actions]]\ndo = "next_turn"\ndiscard = ["Forest"]\n', "actions[0]",
     "no more than 7"),
    ('[board]\nAlice = ["Hill Giant"]\n[[actions]]\ndo = "advance"\ndamage = { "Hill Giant" = 3 }\n',
     "actions[0].damage.Hill Giant", "a table"),
    ('[[actions]]\ndo = "put_onto_battlefield"\ncard = "Custodi Lich"\n', "actions[0].player",
     "this key is required"),
    ('[[actions]]\ndo = "put_onto_battlefield"\ncard = "Forrest"\nplayer = "Alice"\n', "actions[0].card",
     "did you mean 'Forest'"),
    ('[[actions]]\ndo = "put_onto_battlefield"\ncard = "Utopia Sprawl"\nplayer = "Alice"\n', "actions[0]",
     "attached_to"),
])
def test_scenario_new_keys_are_checked_with_the_place_and_what_was_expected(
        extra: str, place: str, words: str) -> None:
    from mtgkit.scenario import ScenarioError, parse_scenario

    with pytest.raises(ScenarioError) as err:
        parse_scenario('players = ["Alice", "Bob"]\n' + extra, "new.toml")
    assert err.value.place == place and words in err.value.expected, str(err.value)


def test_616_1_603_3b_replacement_effects_and_triggers_are_labelled_apart_from_objects() -> None:
    """Two Mana Reflections are told apart by the permanent each comes from ('#id', as every
    choice names an object); triggers waiting to be ordered by when they triggered."""
    g = Game(["Alice", "Bob"])
    forest = g.put_onto_battlefield("Forest", "Alice")
    first = g.put_onto_battlefield("Mana Reflection", "Alice")
    second = g.put_onto_battlefield("Mana Reflection", "Alice")
    events = g.activate(forest, order=[f"Mana Reflection #{second}", f"Mana Reflection #{first}"])
    order = next(e for e in events if isinstance(e, ChoiceMade))
    assert order.answer == (f"Mana Reflection #{second}", f"Mana Reflection #{first}")
    g.put_onto_battlefield("Palace Jailer", "Alice", by_effect=True)
    stacked = next(e for e in g.events if isinstance(e, ChoiceMade) and e.question == "trigger order")
    assert all(label.startswith("Palace Jailer's ability (triggered at #") for label in stacked.options)


def test_106_3_the_rule_is_the_activated_abilitys_not_another_of_the_permanent() -> None:
    """Mystic Gate's {T}: Add {C} adds {C} only, whatever its other ability offers."""
    from mtgkit import ChoiceError

    g = Game(["Alice", "Bob"])
    gate = g.put_onto_battlefield("Mystic Gate", "Alice")
    with refused(g, ChoiceError, "106.3"):
        g.activate(gate, 0, color="W")
