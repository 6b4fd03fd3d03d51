# %% [markdown]
# # {T}, {Q} and summoning sickness
#
# **Objectives.** After this notebook you can:
# 1. say when a permanent can pay {T} (tap) or {Q} (untap) in a cost;
# 2. decide whether a creature's {T} or {Q} ability can be activated the turn it arrived;
# 3. explain what haste changes, and why noncreature permanents don't care.
#
# Rules: CR 107.5, 107.6, 302.6, 702.10b/c (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# - **{T} in a cost (CR 107.5)** means "tap this permanent". A permanent that is already tapped
#   can't pay it.
# - **{Q} in a cost (CR 107.6)** means "untap this permanent". A permanent that is already
#   untapped can't pay it. So a {Q} ability needs the permanent to be *tapped* first.
# - **Summoning sickness (CR 302.6).** A *creature's* {T} or {Q} ability can be activated only if
#   its controller has controlled it continuously since the start of their most recent turn.
#   The same rule stops a newly arrived creature from attacking.
# - **Haste (CR 702.10b/c)** switches that off for the creature that has it.
# - **Noncreature permanents** (Fellwar Stone, lands) are not affected by 302.6 at all.

# %% [markdown]
# ## Worked example
# It is Alice's precombat main phase. Some of her permanents have been there since before her
# turn began; others arrived this turn. Bob controls an Island.

# %%
from mtgkit import Game, RulesError
from mtgkit.timeline import timeline
from mtgkit.plot import plot_timeline
import matplotlib.pyplot as plt

game = Game(["Alice", "Bob"])
elves = game.put_onto_battlefield("Llanowar Elves", "Alice")                       # since last turn
stone = game.put_onto_battlefield("Fellwar Stone", "Alice", arrived="this turn")   # not a creature
pili = game.put_onto_battlefield("Pili-Pala", "Alice", tapped=True)                # tapped, since last turn
order = game.put_onto_battlefield("Order of Whiteclay", "Alice", tapped=True, arrived="this turn")
goblin = game.put_onto_battlefield("Raging Goblin", "Alice", arrived="this turn")  # haste
bears = game.put_onto_battlefield("Grizzly Bears", "Alice", arrived="this turn")
game.put_onto_battlefield("Island", "Bob")
first = len(game.events) + 1  # the example's actions start here

# %% [markdown]
# Llanowar Elves has been under Alice's control since her turn began, so it can tap for {G}.

# %%
game.activate(elves)
game.pool("Alice")

# %% [markdown]
# Fellwar Stone arrived this turn, but it is not a creature: 302.6 doesn't apply.

# %%
game.activate(stone)      # Bob's Island could produce {U}, so the Stone adds {U}
game.pool("Alice")

# %% [markdown]
# Pili-Pala is **tapped**, so it can pay {Q}. Its ability also costs {2}: Alice spends the {G}{U}.

# %%
game.activate(pili, color="W")
game.pool("Alice")

# %% [markdown]
# Order of Whiteclay is tapped too, but it arrived this turn and has no haste:

# %%
try:
    game.activate(order)
except RulesError as err:
    print(type(err).__name__, "-", err)

# %% [markdown]
# In combat, haste matters again: Raging Goblin can attack the turn it arrives; Grizzly Bears can't.

# %%
game.advance(to="beginning_of_combat")
try:
    game.attack([goblin, bears])
except RulesError as err:
    print(type(err).__name__, "-", err)
game.attack([goblin])
game.board().player("Bob")

# %% [markdown]
# ### The timeline
# Each row is one event with the rules it follows. `cause` points at the event that made it
# happen (the activation that paid a cost, for example).

# %%
df = timeline(game)
df.loc[first:, ["seq", "kind", "object", "text", "rules", "cause"]]

# %%
fig = plot_timeline(game.events[first - 1:], arrows=True, title="Alice's main phase and combat")
plt.show()

# %% [markdown]
# ### Why?
# Why did Pili-Pala end up untapped? Follow the cause links back to Alice's action.

# %%
untapped = next(e for e in game.events if e.kind == "untap" and e.obj == "Pili-Pala")
print(game.why(untapped))

# %% [markdown]
# ### Step through it
# Use the buttons or the slider. The board shows the game *after* each event.

# %%
from mtgkit.widgets import TimelineStepper

TimelineStepper(game.events, start=first - 1)

# %% [markdown]
# ## Predict, then check
# Pick a permanent, when it arrived and whether it is tapped. **Predict** whether its first
# ability can be activated, then press *Check*: the engine decides and explains.

# %%
from mtgkit.widgets import ActivationExplorer

ActivationExplorer()

# %% [markdown]
# ## Exercise 1: {T} abilities
# For each situation, can Alice activate the permanent's **first** ability in her main phase?
# Replace each `None` with `True` or `False`, then run the checker.
# (Teachers: `%load solutions/01_exercise1.py` shows the answers.)

# %%
from mtgkit.lessons import ActivationCase, check_activation_answers

cases1 = {
    "Llanowar Elves, untapped, arrived this turn": ActivationCase("Llanowar Elves", "this turn", False),
    "Llanowar Elves, untapped, since last turn": ActivationCase("Llanowar Elves", "last turn", False),
    "Llanowar Elves, tapped, since last turn": ActivationCase("Llanowar Elves", "last turn", True),
    "Fellwar Stone, untapped, arrived this turn": ActivationCase("Fellwar Stone", "this turn", False),
}
answers1 = {
    "Llanowar Elves, untapped, arrived this turn": None,
    "Llanowar Elves, untapped, since last turn": None,
    "Llanowar Elves, tapped, since last turn": None,
    "Fellwar Stone, untapped, arrived this turn": None,
}
print(check_activation_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: {Q} abilities
# Same question for untap abilities. Remember what {Q} needs *before* it can be paid.
# (Teachers: `%load solutions/01_exercise2.py`.)

# %%
cases2 = {
    "Pili-Pala, untapped, since last turn": ActivationCase("Pili-Pala", "last turn", False),
    "Pili-Pala, tapped, since last turn": ActivationCase("Pili-Pala", "last turn", True),
    "Order of Whiteclay, tapped, arrived this turn": ActivationCase("Order of Whiteclay", "this turn", True),
    "Order of Whiteclay, tapped, since last turn": ActivationCase("Order of Whiteclay", "last turn", True),
}
answers2 = {key: None for key in cases2}
print(check_activation_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - {T} needs an untapped permanent (CR 107.5); {Q} needs a tapped one (CR 107.6).
# - A creature's {T}/{Q} abilities need continuous control since its controller's most recent
#   turn began (CR 302.6), unless it has haste (CR 702.10c). The same goes for attacking
#   (702.10b).
# - Noncreature permanents such as Fellwar Stone can use {T} the turn they arrive.
#
# ← Previous: [Start here: how this kit works](00-start-here.ipynb) · [Course index](00-start-here.ipynb) · Next: [Undefined mana makes no mana (CR 106.5)](02-undefined-mana.ipynb) →
