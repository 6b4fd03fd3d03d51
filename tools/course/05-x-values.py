# %% [markdown]
# # X in enters effects: the X you paid, or zero
#
# **Objectives.** After this notebook you can:
# 1. compute a spell's mana value with X on the stack and off it (CR 202.3e, 107.3g);
# 2. use the X paid for a spell in its "enters with X counters" and "when it enters" effects
#    (CR 107.3m);
# 3. explain why a permanent that arrives any other way (copied by Clone, returned by Order of
#    Whiteclay) gets X = 0, and what follows (CR 707.2, 704.5f).
#
# Rules: CR 107.3g, 107.3m, 202.3e, 614.1c, 704.5f, 707.2 (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# - On the stack, X is what you chose; everywhere else it is 0 (CR 107.3g). So Walking
#   Ballista cast with X = 2 has mana value 4 on the stack, and 0 on the battlefield (CR 202.3e).
# - An enters replacement ("enters with X +1/+1 counters") or an enters trigger ("create half X
#   Food tokens") that mentions X uses **the X paid for the spell that became this permanent**
#   (CR 107.3m), even though X for the permanent itself is 0.
# - If the permanent didn't come from a spell with X, there is no X to remember: it is 0. A
#   Clone copying Walking Ballista enters with no counters and dies as a 0/0 (CR 707.2, 704.5f).

# %% [markdown]
# ## Worked example
# Alice casts Walking Ballista with X = 2, then a Clone copying it.

# %%
from mtgkit import Game
from mtgkit.timeline import timeline
from mtgkit.plot import plot_timeline
import matplotlib.pyplot as plt

game = Game(["Alice", "Bob"])
for _ in range(8):
    game.activate(game.put_onto_battlefield("Island", "Alice"))
ballista = game.put_in_hand("Walking Ballista", "Alice")
first = len(game.events) + 1
game.cast(ballista, x=2)
game.mana_value(ballista)          # on the stack: X counts

# %%
game.resolve()
game.mana_value(ballista), game.obj(ballista).counters   # on the battlefield: X is 0

# %%
clone = game.put_in_hand("Clone", "Alice")
game.cast(clone)
for event in game.resolve(copy=ballista):
    print(event)

# %% [markdown]
# ### The timeline
# The stack has a lane of its own: the casts, the resolutions, and the state-based action.

# %%
timeline(game).loc[first:].query("kind != 'spend'")[["seq", "lane", "kind", "text", "rules"]]

# %%
fig = plot_timeline(game.events[first - 1:], arrows=True, title="Walking Ballista, then a Clone of it")
plt.show()

# %% [markdown]
# ### Why?
# Why did the Clone end up in the graveyard?

# %%
died = next(e for e in game.events if e.kind == "sba")
print(game.why(died))

# %% [markdown]
# ## Explore: three ways onto the battlefield
# Move the X slider and pick a card. The three columns show the same card **cast** with that
# X, **copied by Clone** (after being cast), and **returned by Order of Whiteclay** from the
# graveyard, with each path's events underneath.

# %%
from mtgkit.widgets import XValueExplorer

XValueExplorer("The Goose Mother", x=3)

# %% [markdown]
# ## Exercise 1: counters
# How many counters does the permanent end up with? (0 if it died.)
# (Teachers: `%load solutions/05_exercise1.py`.)

# %%
from mtgkit.lessons import XCase, check_number_answers

cases1 = {
    "Hangarback Walker cast with X=3": XCase("Hangarback Walker", 3, "cast"),
    "Chalice of the Void cast with X=1": XCase("Chalice of the Void", 1, "cast"),
    "Clone copying a Walking Ballista that was cast with X=4": XCase("Walking Ballista", 4, "copied by Clone"),
    "The Goose Mother returned by Order of Whiteclay": XCase("The Goose Mother", 5, "returned by Order of Whiteclay"),
}
answers1 = {key: None for key in cases1}
print(check_number_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: Food
# How many Food tokens does **that** path create? (Teachers: `%load solutions/05_exercise2.py`.)

# %%
cases2 = {
    "The Goose Mother cast with X=3": XCase("The Goose Mother", 3, "cast", "tokens"),
    "The Goose Mother cast with X=4": XCase("The Goose Mother", 4, "cast", "tokens"),
    "Clone copying a Goose Mother cast with X=5": XCase("The Goose Mother", 5, "copied by Clone", "tokens"),
    "The Goose Mother returned by Order of Whiteclay": XCase("The Goose Mother", 5, "returned by Order of Whiteclay", "tokens"),
}
answers2 = {key: None for key in cases2}
print(check_number_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - Mana value counts X only on the stack ({X}{X} with X = 2 is 4); elsewhere X is 0, so Chalice
#   of the Void on the battlefield has mana value 0 whatever its counters (CR 202.3e, 107.3g).
# - Enters effects that mention X use the X paid for the spell that became the permanent
#   (CR 107.3m).
# - Copies and returned cards have no such spell: X is 0, so no counters and no tokens; a 0/0
#   then dies as a state-based action (CR 707.2, 704.5f).
#
# ← Previous: [Tapping for mana: triggers and replacement effects (CR 106.12)](04-tapped-for-mana.ipynb) · [Course index](00-start-here.ipynb) · Next: [The monarch (CR 725)](06-the-monarch.ipynb) →
