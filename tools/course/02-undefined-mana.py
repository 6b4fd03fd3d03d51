# %% [markdown]
# # Undefined mana: when an ability makes no mana at all
#
# **Objectives.** After this notebook you can:
# 1. recognise an ability that would make mana of an *undefined* type;
# 2. predict that it makes **no mana** (CR 106.5), even though its cost is still paid;
# 3. tell this apart from an ability whose type is defined but whose amount is zero;
# 4. see that when the type *is* defined and there is a choice ({U} or {B}), the player chooses,
#    and every choice they could make is a right answer.
#
# Rules: CR 106.1a, 106.1b, 106.5, 202.1b, 202.2, 202.2e, 605.2 (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# Some mana abilities don't say which type of mana they make; they point somewhere else:
# "a color that a land an opponent controls could produce", "a color of a permanent you
# control". If that pointer finds **nothing**, the type is *undefined*, and the ability makes
# **no mana** (CR 106.5). It is still a mana ability (CR 605.2), and its costs (like {T}) are
# still paid. Remember: colorless is a *type* of mana but not a *color* (CR 106.1a, 106.1b).
#
# And the mana a permanent makes doesn't decide its color. Its colors come from the mana symbols
# in its mana cost (CR 202.2) or a color indicator (CR 202.2e). Lands have no mana cost
# (CR 202.1b), so they are usually colorless: a basic Forest makes {G} but is colorless. (A land
# with a color indicator, such as Dryad Arbor, is green.)
#
# When the pointer finds several colors, the type is defined: the player chooses one of them.

# %% [markdown]
# ## Worked example
# Alice controls Exotic Orchard, Meteor Crater and Gaea's Cradle. Bob controls only Wastes.
# Alice taps all three.

# %%
from IPython.display import HTML
from mtgkit import Game
from mtgkit.crlinks import Cited
from mtgkit.timeline import linked, since, timeline
from mtgkit.widgets.board import board_html

# %%
game = Game(["Alice", "Bob"])
orchard = game.put_onto_battlefield("Exotic Orchard", "Alice")
crater = game.put_onto_battlefield("Meteor Crater", "Alice")
cradle = game.put_onto_battlefield("Gaea's Cradle", "Alice")
game.put_onto_battlefield("Wastes", "Bob")
first = len(game.events) + 1
game.activate(orchard)
game.activate(crater)
game.activate(cradle)
HTML(board_html(game.board()))

# %% [markdown]
# All three are tapped, and Alice's pool is empty:
# - **Exotic Orchard**: Bob's Wastes could produce only {C}, and colorless is not a color, so the
#   type is undefined (CR 106.5).
# - **Meteor Crater** looks for a color among Alice's permanents. All three are lands with no
#   mana cost and no color indicator, so all three are colorless: undefined again.
# - **Gaea's Cradle** is different: its type is defined ({G}); it adds it *zero* times because
#   Alice controls no creatures. No mana either, but not because of 106.5.

# %% [markdown]
# ### The timeline
# Each land was tapped (the cost was paid), and each produced nothing. Compare the rules of the
# three `no_mana` rows: the Cradle's doesn't cite 106.5.

# %%
linked(since(timeline(game), first)[["seq", "kind", "object", "text", "rules", "cause"]])

# %%
import matplotlib.pyplot as plt
from mtgkit.plot import plot_timeline

fig = plot_timeline(game.events[first - 1:], title="Three lands, no mana")
plt.show()

# %% [markdown]
# ### Why?
# Ask the kit why the Orchard produced nothing:

# %%
no_mana = next(e for e in game.events if e.kind == "no_mana" and e.obj == "Exotic Orchard")
Cited(game.why(no_mana))

# %% [markdown]
# And the other way round: *why not?* asks why the Crater added nothing.

# %%
Cited(game.why_not("mana", crater))

# %% [markdown]
# ## A defined type, with a choice
# Now Bob controls a Plains and a Mountain. Alice's Exotic Orchard can make {W} or {R}: the type
# is defined, and **Alice chooses**. Here she chooses red with `color="R"` (without it, the
# game's chooser would pick for her). The choice is recorded in the timeline as a `choice` event.

# %%
game2 = Game(["Alice", "Bob"])
orchard2 = game2.put_onto_battlefield("Exotic Orchard", "Alice")
game2.put_onto_battlefield("Plains", "Bob")
game2.put_onto_battlefield("Mountain", "Bob")
first2 = len(game2.events) + 1
game2.activate(orchard2, color="R")
linked(since(timeline(game2), first2)[["seq", "kind", "object", "text", "rules", "cause"]])

# %% [markdown]
# So "what mana does Alice get?" has two right answers here, {W} and {R}: every answer a legal
# choice gives is right, in the explorer, the questions and the exercises.

# %% [markdown]
# ## Predict, then check
# Change the boards (type a card name and press Enter; click × to remove one) and pick what
# Alice taps. When her ability offers a choice, you make it for her. Then type your
# prediction of her pool and press **Tap and check**. The result stays hidden until you have
# predicted, and changing anything hides it again.
#
# Try: give Bob a Forest; give Alice a Llanowar Elves and tap the Crater; give Bob an
# Underground Sea and choose {B}.

# %%
from mtgkit.widgets import TapExplorer

TapExplorer(alice=["Exotic Orchard", "Meteor Crater"], bob=["Wastes"])

# %% [markdown]
# ### Quick questions
# Pick an answer, then press *Check*.

# %%
from mtgkit.teaching import choice_quiz as mana_quiz
from mtgkit.topics.tapping import TapCase
from mtgkit.widgets import Quiz

options = ["{G}", "{C}", "nothing"]
Quiz("Alice controls Meteor Crater, a Forest and Fellwar Stone. She taps the Crater. What does she get?",
     options, mana_quiz(TapCase(("Meteor Crater", "Forest", "Fellwar Stone")), options))

# %%
options = ["{G}", "{R}", "{G}{R}", "nothing"]
Quiz("Alice controls Meteor Crater, Llanowar Elves and Raging Goblin. She taps the Crater. "
     "What could she get?", options,
     mana_quiz(TapCase(("Meteor Crater", "Llanowar Elves", "Raging Goblin")), options))

# %% [markdown]
# ## Exercise 1
# What mana does Alice get when she taps the **first** permanent listed for her? Write mana as
# symbols, e.g. `{G}` (or `G`), or `nothing`, and press *Check*.

# %%
from mtgkit.topics.tapping import check_tap_answers, TapCase
from mtgkit.widgets import Exercise

cases1 = {
    "Orchard vs Bob's Forest": TapCase(("Exotic Orchard",), ("Forest",)),
    "Orchard vs no lands": TapCase(("Exotic Orchard",), ("Llanowar Elves",)),
    "Meteor Crater with Llanowar Elves": TapCase(("Meteor Crater", "Llanowar Elves")),
    "Meteor Crater with Pili-Pala": TapCase(("Meteor Crater", "Pili-Pala")),
}
Exercise.for_cases(check_tap_answers, cases1)

# %% [markdown]
# Or in Python: replace each `None` with mana such as `"{G}"`, or `"nothing"`, and run the cell.

# %% [markdown]
# (Teachers: `%load solutions/02_exercise1.py` in the cell below fills in the answers.)

# %%
answers1 = {
    "Orchard vs Bob's Forest": None,
    "Orchard vs no lands": None,
    "Meteor Crater with Llanowar Elves": None,
    "Meteor Crater with Pili-Pala": None,
}
print(check_tap_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2
# What mana does Alice get when she taps the **first** permanent listed for her? When she has a
# choice, any mana she could choose is right. Only the mana is graded; then, for discussion: which
# cases make no mana **because the type is undefined** (CR 106.5), and which for another reason?

# %%
from mtgkit.topics.tapping import TapCase, check_tap_answers
from mtgkit.widgets import Exercise

cases2 = {
    "Gaea's Cradle with Grizzly Bears": TapCase(("Gaea's Cradle", "Grizzly Bears")),
    "Gaea's Cradle alone": TapCase(("Gaea's Cradle",)),
    "Fellwar Stone vs Bob's Wastes": TapCase(("Fellwar Stone",), ("Wastes",)),
    "Fellwar Stone vs Bob's Underground Sea": TapCase(("Fellwar Stone",), ("Underground Sea",)),
}
Exercise.for_cases(check_tap_answers, cases2)

# %% [markdown]
# (Teachers: `%load solutions/02_exercise2.py` in the cell below fills in the answers.)

# %%
answers2 = {
    "Gaea's Cradle with Grizzly Bears": None,
    "Gaea's Cradle alone": None,
    "Fellwar Stone vs Bob's Wastes": None,
    "Fellwar Stone vs Bob's Underground Sea": None,
}
print(check_tap_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - An ability that would make mana of an undefined type makes no mana (CR 106.5); its costs
#   are still paid and it is still a mana ability (CR 605.2).
# - "Color" excludes colorless: an Orchard facing only Wastes makes nothing (CR 106.1a, 106.1b).
# - The mana a permanent makes doesn't decide its color: lands have no mana cost, so they are
#   usually colorless, a basic Forest included (CR 202.2); a color indicator, as on Dryad Arbor,
#   gives one a color (CR 202.2e).
# - A defined type added zero times (Gaea's Cradle with no creatures) also makes nothing, but
#   that is arithmetic, not 106.5.
# - When the type is defined and there is a choice, the player chooses; every choice they could
#   make is a right answer.
#
# ← Previous: [{T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6)](01-tap-and-untap.ipynb) · [Course index](00-start-here.ipynb) · Next: [What a permanent could produce (CR 106.7)](03-could-produce.ipynb) →
