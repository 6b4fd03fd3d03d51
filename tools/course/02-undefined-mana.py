# %% [markdown]
# # Undefined mana: when an ability makes no mana at all
#
# **Objectives.** After this notebook you can:
# 1. recognise an ability that would make mana of an *undefined* type;
# 2. predict that it makes **no mana** (CR 106.5), even though its cost is still paid;
# 3. tell this apart from an ability whose type is defined but whose amount is zero.
#
# Rules: CR 106.1, 106.5, 605.2 (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# Some mana abilities don't say which type of mana they make; they point somewhere else:
# "a color that a land an opponent controls could produce", "a color of a permanent you
# control". If that pointer finds **nothing**, the type is *undefined*, and the ability makes
# **no mana** (CR 106.5). It is still a mana ability (CR 605.2), and its costs (like {T}) are
# still paid. Remember: colorless is a *type* of mana but not a *color* (CR 106.1).

# %% [markdown]
# ## Worked example
# Alice controls Exotic Orchard, Meteor Crater and Gaea's Cradle. Bob controls only Wastes.

# %%
from mtgkit import Game
from mtgkit.timeline import timeline
from mtgkit.plot import plot_timeline
import matplotlib.pyplot as plt

game = Game(["Alice", "Bob"])
orchard = game.put_onto_battlefield("Exotic Orchard", "Alice")
crater = game.put_onto_battlefield("Meteor Crater", "Alice")
cradle = game.put_onto_battlefield("Gaea's Cradle", "Alice")
game.put_onto_battlefield("Wastes", "Bob")
first = len(game.events) + 1

# %% [markdown]
# Bob's Wastes could produce only {C}, and colorless is not a color: the Orchard's type is undefined.

# %%
for event in game.activate(orchard):
    print(event)

# %% [markdown]
# Meteor Crater looks for a color among Alice's permanents. All three are lands: colorless.

# %%
print(game.activate(crater)[-1])

# %% [markdown]
# Gaea's Cradle is different: its type is defined ({G}), it just adds it *zero* times because
# Alice controls no creatures. No mana either, but not because of 106.5.

# %%
print(game.activate(cradle)[-1])
game.pool("Alice"), game.obj(orchard).tapped

# %% [markdown]
# ### The timeline
# Each land was tapped (the cost was paid), and each produced nothing.

# %%
timeline(game).loc[first:, ["seq", "kind", "object", "text", "rules"]]

# %%
fig = plot_timeline(game.events[first - 1:], title="Three lands, no mana")
plt.show()

# %% [markdown]
# ### Why?
# Ask the kit why the Orchard produced nothing:

# %%
no_mana = next(e for e in game.events if e.kind == "no_mana" and e.obj == "Exotic Orchard")
print(game.why(no_mana))

# %% [markdown]
# And the other way round: *why not?* asks why the Crater added nothing.

# %%
print(game.why_not("mana", crater))

# %% [markdown]
# ## Predict, then check
# Change the boards (type a card name and press Enter; click × to remove one), pick what Alice
# taps, and predict before you look at the result. Try giving Bob a Forest, or giving Alice a
# Llanowar Elves.

# %%
from mtgkit.widgets import TapExplorer

TapExplorer(alice=["Exotic Orchard", "Meteor Crater"], bob=["Wastes"])

# %% [markdown]
# ## Exercise 1
# What mana does Alice get when she taps the **first** permanent listed for her? Write mana
# as symbols, e.g. `"{G}"`, or `"nothing"`. (Teachers: `%load solutions/02_exercise1.py`.)

# %%
from mtgkit.lessons import TapCase, check_tap_answers

cases1 = {
    "Orchard vs Bob's Forest": TapCase(("Exotic Orchard",), ("Forest",)),
    "Orchard vs no lands": TapCase(("Exotic Orchard",), ("Llanowar Elves",)),
    "Meteor Crater with Llanowar Elves": TapCase(("Meteor Crater", "Llanowar Elves")),
    "Meteor Crater with Pili-Pala": TapCase(("Meteor Crater", "Pili-Pala")),
}
answers1 = {key: None for key in cases1}
print(check_tap_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2
# Which of these make no mana **because the type is undefined** (CR 106.5), and which make
# no mana for another reason, or do make mana? Answer with the mana Alice gets.
# (Teachers: `%load solutions/02_exercise2.py`.)

# %%
cases2 = {
    "Gaea's Cradle with Grizzly Bears": TapCase(("Gaea's Cradle", "Grizzly Bears")),
    "Gaea's Cradle alone": TapCase(("Gaea's Cradle",)),
    "Fellwar Stone vs Bob's Wastes": TapCase(("Fellwar Stone",), ("Wastes",)),
    "Fellwar Stone vs Bob's Underground Sea": TapCase(("Fellwar Stone",), ("Underground Sea",)),
}
answers2 = {key: None for key in cases2}
print(check_tap_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - An ability that would make mana of an undefined type makes no mana (CR 106.5); its costs
#   are still paid and it is still a mana ability (CR 605.2).
# - "Color" excludes colorless: an Orchard facing only Wastes makes nothing (CR 106.1).
# - A defined type added zero times (Gaea's Cradle with no creatures) also makes nothing, but
#   that is arithmetic, not 106.5.
#
# ← Previous: [{T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6)](01-tap-and-untap.ipynb) · [Course index](00-start-here.ipynb) · Next: [What a permanent could produce (CR 106.7)](03-could-produce.ipynb) →
