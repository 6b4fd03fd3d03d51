# %% [markdown]
# # X in enters effects: the spell's X, or zero
#
# **Objectives.** After this notebook you can:
# 1. work out the mana value of a card with {X} in its cost, on the stack and off it (CR 202.3e,
#    107.3g);
# 2. use the X chosen for a spell in its "enters with X counters" and "when it enters" effects
#    (CR 107.3a, 107.3m);
# 3. explain why a permanent that arrives any other way (copied by Clone, returned by Order of
#    Whiteclay) gets X = 0, and what happens next: a 0/0 dies (CR 704.5f), and a copy of a
#    legendary creature meets the legend rule (CR 704.5j).
#
# Rules: CR 107.3a, 107.3g, 107.3m, 202.3e, 400.7, 614.1c, 704.5f, 704.5j, 707.2, 707.5, 707.10
# (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# - **X is chosen.** The player casting the spell chooses X (CR 107.3a) and pays each {X} in the
#   cost: Walking Ballista costs {X}{X}, so X = 2 costs four mana.
# - **Mana value.** On the stack, X is the number chosen for it; in every other zone it is 0
#   (CR 202.3e, 107.3g). Walking Ballista cast with X = 2 has mana value 4 on the stack, and 0 once
#   it is on the battlefield.
# - **Enters effects remember the spell's X.** "Enters with X +1/+1 counters" (a replacement
#   effect, CR 614.1c) and "when it enters, create half X Food tokens" (a trigger) use **the X chosen
#   for the spell that became this permanent** (CR 107.3m), even though X for the permanent itself
#   is 0.
# - **No spell with X, no X.** Only that spell passes its X on (CR 107.3m). A permanent that
#   arrives any other way has X = 0: no counters, no tokens.
#   - A **Clone** copies Walking Ballista's copiable values: its name, mana cost and text, not its
#     counters (CR 707.2). It becomes the copy as it enters, so the copied "enters with X counters"
#     applies (CR 707.5); but the spell that became it was Clone, which had no X: X is 0. (A copy
#     of a *spell* on the stack is different: it copies the X chosen, CR 707.10.)
#   - A card **returned from the graveyard** is a new object (CR 400.7) that didn't come from a
#     spell, whether or not the card was cast earlier in the game: X is 0.
# - **Then state-based actions look at the result.** A 0/0 with no counters has toughness 0 and goes
#   to the graveyard (CR 704.5f). A copy of a creature that is not 0/0 survives that check; but if
#   the original is **legendary**, Alice now controls two legendary permanents with the same name,
#   so she chooses one to keep and the other goes to the graveyard: the legend rule (CR 704.5j).

# %% [markdown]
# ## Worked example: Walking Ballista, then a Clone of it
# Alice casts Walking Ballista with X = 2; once it has resolved, she casts Clone and has it enter as
# a copy of the Ballista. Each `resolve()` is "all players pass in turn": Alice passes priority,
# then Bob, and the top of the stack resolves (CR 117.4).

# %%
from IPython.display import display
from mtgkit import Game
from mtgkit.facts import card, zone

game = Game(["Alice", "Bob"])
for _ in range(8):
    game.activate(game.put_onto_battlefield("Island", "Alice"))   # {U} x 8 in Alice's pool
ballista = game.put_in_hand("Walking Ballista", "Alice")
first = len(game.events) + 1                                       # where the example starts
game.cast(ballista, x=2)
display(card(game, ballista, mana_value=True))
game.resolve()
display(card(game, ballista, mana_value=True))
game.cast(game.put_in_hand("Clone", "Alice"))
game.resolve(copy=ballista)                                        # Alice's choice: copy the Ballista
zone(game, "Alice", "graveyard")

# %% [markdown]
# ### The timeline
# The stack has a lane of its own: the two casts, the passes of priority, the resolutions; then
# Alice's choice for Clone and the state-based action.

# %%
from mtgkit.timeline import linked, timeline

df = timeline(game)
linked(df[(df.seq >= first) & (df.kind != "spend")][["seq", "lane", "kind", "text", "rules"]]).hide(axis="index")

# %%
import matplotlib.pyplot as plt
from mtgkit.plot import plot_timeline

fig = plot_timeline(game.events[first - 1:], lanes=["Alice", "stack"], arrows=True,
                    title="Walking Ballista, then a Clone of it")
plt.show()

# %% [markdown]
# ### Why?
# Why did the Clone end up in the graveyard? `game.why` follows the cause links back to Alice's
# action; every rule number is a link.

# %%
from mtgkit.crlinks import Cited

died = next(e for e in game.events if e.kind == "sba")
Cited(game.why(died))

# %% [markdown]
# The copy entered with no counters: the spell that became it was Clone, which had no X, so the
# copied "enters with X counters" (CR 707.5) used X = 0 (CR 107.3m). It was a 0/0, and the
# state-based action that took it is the toughness rule, CR 704.5f.

# %% [markdown]
# ## Predict, then check: Chalice of the Void
# Chalice of the Void says: *whenever a player casts a spell with mana value equal to the number of
# charge counters on Chalice of the Void, counter that spell.* It looks at the spell **as it is
# cast**, so on the stack.

# %%
from mtgkit.topics.x_values import ChaliceCase
from mtgkit.widgets import Quiz

chalice = ChaliceCase("Walking Ballista", x=1, counters=2)
Quiz("Bob controls Chalice of the Void with 2 charge counters. Alice casts Walking Ballista with "
     "X = 1. Is her Ballista countered?", ["yes", "no"], answers=chalice.legal(), why=chalice.why())

# %% [markdown]
# ## Explore: three ways onto the battlefield
# Pick a card and X. Each column is one way onto Alice's battlefield: **cast** with that X,
# **copied by Clone** (the original was cast with that X first), and **returned by Order of
# Whiteclay** from her graveyard. For each, predict the counters on it at the end, the tokens
# created and whether it is still on the battlefield; then press that column's *Check*. The engine
# plays it and shows its events and the board. When Alice has a choice to make, every result a
# legal choice gives counts as right, and the explorer says what the other choices give.
#
# It opens on **The Goose Mother** with X = 3: *{X}{G}{U}, Legendary Creature — Bird Hydra 2/2.
# Flying. The Goose Mother enters with X +1/+1 counters on it. When it enters, create half X Food
# tokens, rounded up.* Read the type line before you predict the Clone column.

# %%
from mtgkit.widgets import XValueExplorer

XValueExplorer("The Goose Mother", x=3)

# %% [markdown]
# Then try Walking Ballista with X = 0, Chalice of the Void in the Clone column, and Hangarback
# Walker returned by Order of Whiteclay. Does each result agree with the rules above?

# %% [markdown]
# ## Exercise 1: counters
# How many counters does the permanent end up with? Write 0 if it is no longer on the battlefield.
# Answer in the boxes and press *Check*; or, in Python, replace each `None` in the cell below the
# boxes and run it: the same checker checks both.

# %%
from mtgkit.teaching import check_number_answers
from mtgkit.topics.x_values import XCase
from mtgkit.widgets import Exercise

cases1 = {
    "Hangarback Walker cast with X=3": XCase("Hangarback Walker", 3, "cast"),
    "Chalice of the Void cast with X=1": XCase("Chalice of the Void", 1, "cast"),
    "Clone copying a Walking Ballista that was cast with X=4": XCase("Walking Ballista", 4, "copied by Clone"),
    "The Goose Mother returned by Order of Whiteclay": XCase("The Goose Mother", 5, "returned by Order of Whiteclay"),
}
Exercise.for_cases(check_number_answers, cases1, title="Exercise 1: counters at the end")

# %% [markdown]
# (Teachers: `%load solutions/05_exercise1.py` in the cell below fills in the answers.)

# %%
answers1 = {
    "Hangarback Walker cast with X=3": None,
    "Chalice of the Void cast with X=1": None,
    "Clone copying a Walking Ballista that was cast with X=4": None,
    "The Goose Mother returned by Order of Whiteclay": None,
}
print(check_number_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: Food
# How many Food tokens does **that** path create (not counting tokens made earlier by another
# Goose Mother)?

# %%
from mtgkit.teaching import check_number_answers
from mtgkit.topics.x_values import XCase
from mtgkit.widgets import Exercise

cases2 = {
    "The Goose Mother cast with X=3": XCase("The Goose Mother", 3, "cast", "tokens"),
    "The Goose Mother cast with X=4": XCase("The Goose Mother", 4, "cast", "tokens"),
    "Clone copying a Goose Mother cast with X=5": XCase("The Goose Mother", 5, "copied by Clone", "tokens"),
    "The Goose Mother returned by Order of Whiteclay": XCase("The Goose Mother", 5, "returned by Order of Whiteclay", "tokens"),
}
Exercise.for_cases(check_number_answers, cases2, title="Exercise 2: Food tokens")

# %% [markdown]
# (Teachers: `%load solutions/05_exercise2.py` in the cell below fills in the answers.)

# %%
answers2 = {
    "The Goose Mother cast with X=3": None,
    "The Goose Mother cast with X=4": None,
    "Clone copying a Goose Mother cast with X=5": None,
    "The Goose Mother returned by Order of Whiteclay": None,
}
print(check_number_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - Mana value counts X only on the stack ({X}{X} with X = 2 is 4); everywhere else X is 0, so
#   Chalice of the Void on the battlefield has mana value 0 whatever its counters (CR 202.3e,
#   107.3g).
# - Enters effects that mention X use the X chosen for the spell that became the permanent
#   (CR 107.3a, 107.3m).
# - A Clone's copy came from the Clone spell, which had no X; a returned card is a new object that
#   came from no spell (CR 400.7). For both, X is 0 (CR 107.3m): no counters and no tokens. (The
#   copy does get the copied "enters with X counters", CR 707.5; with X = 0 it puts none.)
# - A 0/0 then dies (CR 704.5f); a copy of a legendary creature makes its controller keep only one
#   of the two (the legend rule, CR 704.5j), and either one may stay.
#
# ← Previous: [Tapping for mana: triggers and replacement effects (CR 106.12)](04-tapped-for-mana.ipynb) · [Course index](00-start-here.ipynb) · Next: [The monarch (CR 725)](06-the-monarch.ipynb) →
