# %% [markdown]
# # {T}, {Q} and summoning sickness
#
# **Objectives.** After this notebook you can:
# 1. say when a permanent can pay {T} (tap) or {Q} (untap) in a cost;
# 2. decide whether a creature's {T} or {Q} ability can be activated, or the creature attack, by
#    asking how long its controller has controlled it: since the start of *their* most recent
#    turn, in their turn or an opponent's, for *any* permanent that is a creature, also one that
#    has just changed controller;
# 3. explain what haste changes, for abilities and for attacking, whether the haste is printed
#    on the card (Raging Goblin) or given by another card (Mass Hysteria).
#
# Rules: CR 107.5, 107.6, 302.6, 702.10b, 702.10c (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# - **{T} in a cost (CR 107.5)** means "tap this permanent". A permanent that is already tapped
#   can't pay it.
# - **{Q} in a cost (CR 107.6)** means "untap this permanent". A permanent that is already
#   untapped can't pay it. So a {Q} ability needs the permanent to be *tapped* first.
# - **Summoning sickness (CR 302.6).** A *creature's* activated ability with {T} or {Q} in its
#   cost can be activated only if its controller has controlled it continuously since the start
#   of *their* most recent turn, and a creature can attack only on the same condition. It is not
#   "the turn it arrived": Llanowar Elves cast in Alice's turn are still sick in Bob's turn,
#   because Alice's most recent turn began before they arrived; Elves that came under Bob's
#   control in Alice's turn are ready as soon as Bob's turn begins. And it is about control, not
#   the battlefield: a creature that changes controller starts again under its new controller
#   (Mind Control, Act of Treason: worked example 5).
# - **Only those two things.** Summoning sickness doesn't stop a creature from blocking, or from
#   using an ability without {T} or {Q} in its cost (Walking Ballista's "Remove a +1/+1 counter").
# - **What counts is being a creature.** An artifact creature (Pili-Pala, Hangarback Walker) is
#   a creature, and so is a land that is also a creature (such as Dryad Arbor, or a land an
#   effect has turned into a creature): the rule applies to all of them. A permanent that is
#   *not* a creature, such as Fellwar Stone (an artifact) or a Forest, can use {T} the turn it
#   arrives.
# - **Haste** switches the rule off for the creature that has it: it can attack (CR 702.10b) and
#   use its {T} and {Q} abilities (CR 702.10c) the turn it arrives. Raging Goblin has haste
#   printed on it; Mass Hysteria ("All creatures have haste.") gives it to every creature.
# - The rest of the cost still has to be paid: Pili-Pala's {Q} ability also costs {2}.

# %% [markdown]
# ## Worked example 1: paying {T} and {Q}
# It is Alice's precombat main phase. Her Llanowar Elves and Pili-Pala have been there since her
# turn began (Pili-Pala is tapped); her Fellwar Stone arrived this turn. Bob controls an Island.

# %%
from IPython.display import HTML, display
from mtgkit import Game, RulesError
from mtgkit.crlinks import Cited
from mtgkit.facts import card, life_totals, mana_pool
from mtgkit.timeline import linked, since, timeline
from mtgkit.widgets.board import board_html

# %%
game = Game(["Alice", "Bob"])
elves = game.put_onto_battlefield("Llanowar Elves", "Alice")                       # since her turn began
pili = game.put_onto_battlefield("Pili-Pala", "Alice", tapped=True)                # tapped, since her turn began
stone = game.put_onto_battlefield("Fellwar Stone", "Alice", arrived="this turn")   # not a creature
game.put_onto_battlefield("Island", "Bob")
first = len(game.events) + 1        # Alice's actions start here
game.activate(elves)                # {T}: Add {G}.
game.activate(stone)                # {T}: a color Bob's Island could produce: {U}
game.activate(pili, color="W")      # {2}, {Q}: spends the {G}{U}, untaps Pili-Pala, adds {W}
mana_pool(game, "Alice")

# %% [markdown]
# - The Elves have been Alice's since her turn began, so they can pay {T}.
# - Fellwar Stone arrived this turn, but it is not a creature: summoning sickness doesn't apply.
# - Pili-Pala was **tapped**, so it could pay {Q}; Alice paid the {2} with the {G}{U}.
#
# The board as a player sees it (↷ marks a tapped permanent): the Elves and the Stone are tapped
# now, and Pili-Pala is untapped again.

# %%
HTML(board_html(game.board()))

# %% [markdown]
# ### The timeline
# Each row is one event, with the rules it follows (click a number to read the rule). `cause`
# points at the event that made it happen: the activation that paid a cost, for example.

# %%
linked(since(timeline(game), first)[["seq", "kind", "object", "text", "rules", "cause"]])

# %%
import matplotlib.pyplot as plt
from mtgkit.plot import plot_timeline

fig = plot_timeline(game.events[first - 1:], arrows=True, title="Alice's main phase")
plt.show()

# %% [markdown]
# ### Why?
# Why did Pili-Pala end up untapped? `game.why` follows the cause links back to Alice's action.

# %%
untapped = next(e for e in game.events if e.kind == "untap" and e.obj == "Pili-Pala")
Cited(game.why(untapped))

# %% [markdown]
# ## Worked example 2: summoning sickness, then haste
# A new game. Alice's Llanowar Elves arrived this turn, and so did her Hangarback Walker (an
# artifact *creature*, 0/0, so it gets a +1/+1 counter to stay alive). First, ask the engine
# whether she can use their {T} abilities:

# %%
game2 = Game(["Alice", "Bob"])
new_elves = game2.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
walker = game2.put_onto_battlefield("Hangarback Walker", "Alice", arrived="this turn", counters={"+1/+1": 1})
for permanent in (new_elves, walker):
    display(Cited(game2.why_not("activate", permanent)))

# %% [markdown]
# Both are refused under CR 302.6: being an artifact doesn't protect Hangarback Walker, because
# it is a creature too. The board marks them *summoning sick*:

# %%
HTML(board_html(game2.board()))

# %% [markdown]
# Now Alice taps a Mountain and casts **Mass Hysteria** ("All creatures have haste."). While it
# is on the stack, Alice holds priority; it resolves once both players pass in a row
# (`resolve()` passes for them, and every pass is in the timeline). Then she taps the Elves.

# %%
game2 = Game(["Alice", "Bob"])
new_elves = game2.put_onto_battlefield("Llanowar Elves", "Alice", arrived="this turn")
game2.activate(game2.put_onto_battlefield("Mountain", "Alice"))      # {R}
first2 = len(game2.events) + 1
game2.cast(game2.put_in_hand("Mass Hysteria", "Alice"))
game2.resolve()                  # Alice passes, Bob passes: Mass Hysteria resolves
game2.activate(new_elves)        # allowed now
Cited(mana_pool(game2, "Alice"), card(game2, new_elves))

# %%
linked(since(timeline(game2), first2)[["seq", "player", "kind", "object", "text", "rules", "cause"]])

# %% [markdown]
# The Elves still arrived this turn, but now they have haste, so CR 702.10c lets Alice use
# their {T} ability: the `tap` row cites 702.10c next to 107.5. (An Elves that has been Alice's
# since her turn began cites 302.6 there instead.) Mass Hysteria would do the same for a {Q}
# ability, and for attacking.

# %% [markdown]
# ## Worked example 3: attacking
# Raging Goblin has haste printed on it; Grizzly Bears doesn't. Both arrived this turn. Alice
# moves to combat (`advance` passes priority for both players until that step begins) and
# tries to attack with both.

# %%
game3 = Game(["Alice", "Bob"])
goblin = game3.put_onto_battlefield("Raging Goblin", "Alice", arrived="this turn")
bears = game3.put_onto_battlefield("Grizzly Bears", "Alice", arrived="this turn")
game3.advance(to="beginning_of_combat")
try:
    game3.attack([goblin, bears])
except RulesError as err:
    display(Cited(f"{type(err).__name__}: {err}"))
game3.attack([goblin])
game3.advance(to="end_of_combat")
life_totals(game3)

# %% [markdown]
# The attack with both was refused as a whole, and nothing changed; the Goblin alone could
# attack. Why did Bob lose a life?

# %%
hit = next(e for e in game3.events if e.kind == "damage")
Cited(game3.why(hit))

# %% [markdown]
# ## Worked example 4: in Bob's turn
# Alice casts Llanowar Elves and Walking Ballista (X = 1) in her turn. In Bob's turn his Grizzly
# Bears attacks her, and he passes priority to her. What may she do now, and may she block in this
# combat? The engine tries each thing on a copy of the game:

# %%
from mtgkit.topics.tap_untap import in_bobs_turn

print(in_bobs_turn().explain())

# %% [markdown]
# The Elves can't tap: Alice's most recent turn began before they arrived (CR 302.6). The
# Ballista's ability has no {T}, so summoning sickness doesn't touch it, and an activated ability
# can be used whenever its controller holds priority, in any player's turn (CR 117.1b). Blocking is
# never stopped by summoning sickness: a blocker only has to be untapped (CR 509.1a).

# %% [markdown]
# ## Worked example 5: a creature changes controller
# Bob's Llanowar Elves have been his for many turns. In her main phase Alice casts **Mind
# Control** ("Enchant creature. You control enchanted creature.") on them. The Elves didn't move,
# but what counts is how long *Alice* has controlled them:

# %%
game5 = Game(["Alice", "Bob"])
elves5 = game5.put_onto_battlefield("Llanowar Elves", "Bob")       # Bob's since long before
for _ in range(5):
    game5.activate(game5.put_onto_battlefield("Island", "Alice"))  # {U}{U}{U}{U}{U}
game5.cast(game5.put_in_hand("Mind Control", "Alice"), target=elves5)
game5.resolve()
control = next(e for e in game5.events if e.kind == "control")
display(Cited(f"#{control.seq} {control.text} ({', '.join(control.rules)})"))
display(Cited(game5.why_not("activate", elves5)))

# %% [markdown]
# In Bob's turn they are still sick for Alice: her most recent turn is the one in which she took
# them. From the start of her next turn she may tap them.

# %%
game5.next_turn()                   # Bob's turn, his precombat main phase
display(Cited(game5.why_not("activate", elves5)))
game5.next_turn(to="upkeep")        # Alice's next turn
Cited(game5.why_not("activate", elves5))

# %% [markdown]
# **Act of Treason** ("Gain control of target creature until end of turn. Untap that creature.
# It gains haste until end of turn.") is the same rule with haste added: the stolen creature is
# as new to its controller as the Elves were, and only the haste lets it attack or tap this
# turn (CR 702.10b, 702.10c).

# %% [markdown]
# ### Step through it
# Step through example 2 with the buttons, the slider or the list. The board shows the game
# *after* each event, and the reason follows the causes back to a player's action. Look for the
# passes of priority before Mass Hysteria resolves.

# %%
from mtgkit.widgets import TimelineStepper

TimelineStepper(game2.events, start=first2 - 1)

# %% [markdown]
# ## Predict, then check
# Pick a permanent, when it arrived, whether it is tapped, and the question. Then **predict**
# with *can* or *can't* and press *Check*: the engine tries it and shows its answer next to
# yours, with the rule it acted on and the board afterwards. Nothing is shown before you
# predict, and changing the situation hides the answer again.
#
# Try: Order of Whiteclay, tapped, arrived this turn; Hangarback Walker arrived this turn;
# Fellwar Stone arrived this turn; Raging Goblin and "attack this turn".

# %%
from mtgkit.topics.tap_untap import TAP_CARDS
from mtgkit.widgets import ActivationExplorer

ActivationExplorer(cards=TAP_CARDS + ("Hangarback Walker",))

# %% [markdown]
# ### Quick questions
# Pick an answer, then press *Check*.

# %%
from mtgkit.teaching import can_quiz
from mtgkit.topics.tap_untap import ActivationCase, ActivationWith, AttackWith
from mtgkit.widgets import Quiz

Quiz("Alice's Pili-Pala (an artifact creature) arrived this turn and is tapped. Can she activate "
     "“{2}, {Q}: Add one mana of any color” (she has the {2})?", ["yes", "no"],
     can_quiz(ActivationCase("Pili-Pala", "this turn", True)))

# %%
Quiz("Alice controls Mass Hysteria. Her Order of Whiteclay arrived this turn and is tapped. "
     "Can she activate its {Q} ability?", ["yes", "no"],
     can_quiz(ActivationWith("Order of Whiteclay", "this turn", True, also=("Mass Hysteria",))))

# %%
Quiz("Alice controls Mass Hysteria. Her Grizzly Bears arrived this turn. Can it attack?", ["yes", "no"],
     can_quiz(AttackWith("Grizzly Bears", "this turn", also=("Mass Hysteria",)), "attack"))

# %% [markdown]
# ## Exercise 1: {T} abilities
# For each situation, can Alice activate the permanent's **first activated** ability in her main
# phase? (Hangarback Walker's first ability, "enters with X counters", is not an activated one.)
# She has the mana for any other cost. Answer *yes* or *no* in the widget and press *Check*:
# it says what is right and explains each mistake.

# %%
from mtgkit.topics.tap_untap import check_activation_answers, ActivationCase, ActivationWith
from mtgkit.widgets import Exercise

cases1 = {
    "Llanowar Elves, untapped, arrived this turn": ActivationCase("Llanowar Elves", "this turn", False),
    "Llanowar Elves, tapped, since last turn": ActivationCase("Llanowar Elves", "last turn", True),
    "Hangarback Walker, untapped, arrived this turn": ActivationCase("Hangarback Walker", "this turn", False),
    "Fellwar Stone, untapped, arrived this turn": ActivationCase("Fellwar Stone", "this turn", False),
    "Hangarback Walker, untapped, arrived this turn, with Mass Hysteria":
        ActivationWith("Hangarback Walker", "this turn", False, also=("Mass Hysteria",)),
}
Exercise.for_cases(check_activation_answers, cases1)

# %% [markdown]
# Or in Python: replace each `None` with `True` or `False` (or `"yes"` / `"no"`) and run the cell.

# %% [markdown]
# (Teachers: `%load solutions/01_exercise1.py` in the cell below fills in the answers.)

# %%
answers1 = {
    "Llanowar Elves, untapped, arrived this turn": None,
    "Llanowar Elves, tapped, since last turn": None,
    "Hangarback Walker, untapped, arrived this turn": None,
    "Fellwar Stone, untapped, arrived this turn": None,
    "Hangarback Walker, untapped, arrived this turn, with Mass Hysteria": None,
}
print(check_activation_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: {Q} abilities
# Same question (the permanent's first activated ability) for untap abilities. Remember what {Q}
# needs *before* it can be paid.

# %%
from mtgkit.topics.tap_untap import ActivationCase, ActivationWith, check_activation_answers
from mtgkit.widgets import Exercise

cases2 = {
    "Pili-Pala, untapped, since last turn": ActivationCase("Pili-Pala", "last turn", False),
    "Pili-Pala, tapped, since last turn": ActivationCase("Pili-Pala", "last turn", True),
    "Order of Whiteclay, tapped, arrived this turn": ActivationCase("Order of Whiteclay", "this turn", True),
    "Order of Whiteclay, tapped, since last turn": ActivationCase("Order of Whiteclay", "last turn", True),
    "Order of Whiteclay, untapped, arrived this turn, with Mass Hysteria":
        ActivationWith("Order of Whiteclay", "this turn", False, also=("Mass Hysteria",)),
}
Exercise.for_cases(check_activation_answers, cases2)

# %% [markdown]
# (Teachers: `%load solutions/01_exercise2.py` in the cell below fills in the answers.)

# %%
answers2 = {
    "Pili-Pala, untapped, since last turn": None,
    "Pili-Pala, tapped, since last turn": None,
    "Order of Whiteclay, tapped, arrived this turn": None,
    "Order of Whiteclay, tapped, since last turn": None,
    "Order of Whiteclay, untapped, arrived this turn, with Mass Hysteria": None,
}
print(check_activation_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - {T} needs an untapped permanent (CR 107.5); {Q} needs a tapped one (CR 107.6).
# - A creature's {T}/{Q} abilities need continuous control since its controller's most recent
#   turn began (CR 302.6), whoever's turn it is now: in an opponent's turn, a creature that
#   arrived during your last turn is still sick. That goes for *every* permanent that is a
#   creature: artifact creatures, and lands that are creatures, too. The same goes for
#   attacking; blocking and abilities without {T} or {Q} are never stopped. A creature that
#   changes controller is new to its new controller (Mind Control), whoever owns it.
# - Haste switches that off, for abilities (CR 702.10c) and for attacking (CR 702.10b), wherever
#   it comes from: printed (Raging Goblin) or given (Mass Hysteria).
# - A permanent that isn't a creature, such as Fellwar Stone, can use {T} the turn it arrives.
#
# ← Previous: [Start here: how this kit works](00-start-here.ipynb) · [Course index](00-start-here.ipynb) · Next: [Undefined mana makes no mana (CR 106.5)](02-undefined-mana.ipynb) →
