# %% [markdown]
# # "Could produce": what a permanent's mana abilities would make right now
#
# **Objectives.** After this notebook you can:
# 1. work out what a permanent *could produce* (CR 106.7), ignoring costs;
# 2. take replacement effects into account, in every possible order;
# 3. solve boards where permanents reflect each other (Exotic Orchard, Reflecting Pool,
#    Fellwar Stone), tracing each type back to the permanent it really comes from, including
#    cycles with no outside source.
#
# Rules: CR 106.7, 106.12b, 616.1 (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# A permanent *could produce* every type of mana that one of its mana abilities would make if it
# resolved **now** (CR 106.7):
# - **costs don't matter**: tapped permanents, filter costs you can't pay, counters you don't
#   have, life you can't pay: all still count;
# - **replacement effects do**, in **any order** you could apply them (Contamination and Pale
#   Moon together on a nonbasic land: {B} one way, {C} the other, so both);
# - when permanents reflect each other, every type must come from somewhere: follow the chain
#   until you reach a permanent that makes the mana by itself (a Forest's {G}). A cycle of
#   reflecting permanents with no outside source could produce nothing. (The engine starts from
#   "nothing" and grows the sets until they stop changing: the *least fixed point*.)

# %% [markdown]
# ## Worked example
# The example from CR 106.7, one step at a time: Alice and Bob each control an Exotic Orchard
# ("any color that a land an opponent controls could produce").

# %%
from mtgkit import Game
from mtgkit.crlinks import Cited
from mtgkit.facts import could_produce
from mtgkit.topics.could_produce import explain_could_produce

game = Game(["Alice", "Bob"])
alice_orchard = game.put_onto_battlefield("Exotic Orchard", "Alice")
bob_orchard = game.put_onto_battlefield("Exotic Orchard", "Bob")
could_produce(game, alice_orchard, bob_orchard)

# %% [markdown]
# Two Orchards alone could produce nothing: each only reflects the other. Now the same board
# with a Forest for Alice:

# %%
game = Game(["Alice", "Bob"])
alice_orchard = game.put_onto_battlefield("Exotic Orchard", "Alice")
bob_orchard = game.put_onto_battlefield("Exotic Orchard", "Bob")
game.put_onto_battlefield("Forest", "Alice")
could_produce(game, alice_orchard, bob_orchard)

# %% [markdown]
# ### Why?
# The explanation follows each type back to where it really comes from: Alice's Orchard reflects
# Bob's Orchard, which reflects Alice's Forest.

# %%
Cited(explain_could_produce(game, alice_orchard))

# %% [markdown]
# A chain through a **Reflecting Pool** ("any type that a land *you* control could produce"):
# Alice controls a Reflecting Pool and an Exotic Orchard, and Bob controls an Island. The Pool
# makes nothing by itself, and looking at itself (it is a land Alice controls) adds nothing: its
# {U} comes from Bob's Island, through Alice's Orchard.

# %%
game3 = Game(["Alice", "Bob"])
pool = game3.put_onto_battlefield("Reflecting Pool", "Alice")
game3.put_onto_battlefield("Exotic Orchard", "Alice")
game3.put_onto_battlefield("Island", "Bob")
Cited(explain_could_produce(game3, pool))

# %% [markdown]
# ### Replacement effects in every order
# Contamination makes a land tapped for mana produce {B}; Pale Moon makes a nonbasic land tapped
# for mana produce {C}. Either can be applied last, so an Underground Sea could produce both.
# Alice casts Pale Moon; it resolves when both players pass priority in a row (`resolve()` passes
# for them).

# %%
from mtgkit.timeline import linked, since, timeline

game2 = Game(["Alice", "Bob"])
sea = game2.put_onto_battlefield("Underground Sea", "Alice")
game2.activate(game2.put_onto_battlefield("Island", "Alice"))
game2.activate(game2.put_onto_battlefield("Plains", "Alice"))
first2 = len(game2.events) + 1
game2.cast(game2.put_in_hand("Pale Moon", "Alice"))
game2.resolve()                     # Alice passes, Bob passes: Pale Moon resolves
game2.put_onto_battlefield("Contamination", "Bob")
Cited(explain_could_produce(game2, sea))

# %%
linked(since(timeline(game2), first2)[["seq", "player", "kind", "text", "rules", "cause"]])

# %%
import matplotlib.pyplot as plt
from mtgkit.plot import plot_timeline

fig = plot_timeline(game2.events[first2 - 1:], arrows=True, title="Pale Moon, then Contamination")
plt.show()

# %% [markdown]
# Why is Pale Moon's effect there at all? Follow the causes back to Alice's spell.

# %%
effect = next(e for e in game2.events if e.kind == "effect")
Cited(game2.why(effect))

# %% [markdown]
# The query is *pure*: asking what something could produce never taps, never adds mana and
# never fires a trigger. The event log is the same length before and after:

# %%
from mtgkit.facts import new_events

n = len(game2.events)
game2.could_produce_all()
new_events(game2, since=n)

# %% [markdown]
# ## Predict, then check
# Build both boards (type a card name, Enter to add; × to remove; repeats allowed), pick a
# permanent, and tick every type of mana you think it could produce (or *nothing*). Then press
# *Check*: the engine's answer appears next to yours, with every permanent's could-produce set
# and the explanation that traces each type to where it comes from. Nothing is shown before you
# predict, and any change hides the answer again.
#
# Try: Bob's Reflecting Pool on the default board; then give Alice an Island; then add
# Contamination for Bob.

# %%
from mtgkit.widgets import CouldProduceExplorer

CouldProduceExplorer(alice=["Exotic Orchard"], bob=["Exotic Orchard", "Reflecting Pool"])

# %% [markdown]
# ### Quick questions
# Pick an answer, then press *Check*.

# %%
from mtgkit.teaching import choice_quiz as mana_quiz
from mtgkit.topics.could_produce import CouldCase
from mtgkit.widgets import Quiz

options = ["{C}", "{W}{U}{B}{R}{G}", "nothing"]
Quiz("Alice controls a Reflecting Pool and an Exotic Orchard; Bob controls Wastes. What could "
     "Alice's Reflecting Pool produce?",
     options, mana_quiz(CouldCase(("Reflecting Pool", "Exotic Orchard"), ("Wastes",)), options))

# %%
options = ["{G}", "nothing"]
Quiz("Alice controls Gaea's Cradle and no creatures. What could the Cradle produce?",
     options, mana_quiz(CouldCase(("Gaea's Cradle",)), options))

# %% [markdown]
# ## Exercise 1: reflections
# What could the named permanent produce? Write types as symbols (`{G}{C}`, or `GC`) or `nothing`,
# and press *Check*.

# %%
from mtgkit.topics.could_produce import check_could_answers, CouldCase
from mtgkit.widgets import Exercise

cases1 = {
    "Alice's Reflecting Pool, with her Wastes": CouldCase(("Reflecting Pool", "Wastes")),
    "Alice's Exotic Orchard, Bob has Wastes": CouldCase(("Exotic Orchard",), ("Wastes",)),
    "Alice's Reflecting Pool, with her Mana Confluence": CouldCase(("Reflecting Pool", "Mana Confluence")),
    "Bob's Reflecting Pool, he also has an Orchard; Alice has an Orchard and a Forest":
        CouldCase(("Exotic Orchard", "Forest"), ("Reflecting Pool", "Exotic Orchard"), "Bob", 0),
}
Exercise.for_cases(check_could_answers, cases1)

# %% [markdown]
# Or in Python: replace each `None` with types such as `"{G}{C}"`, or `"nothing"`, and run the
# cell.

# %% [markdown]
# (Teachers: `%load solutions/03_exercise1.py` in the cell below fills in the answers.)

# %%
answers1 = {
    "Alice's Reflecting Pool, with her Wastes": None,
    "Alice's Exotic Orchard, Bob has Wastes": None,
    "Alice's Reflecting Pool, with her Mana Confluence": None,
    "Bob's Reflecting Pool, he also has an Orchard; Alice has an Orchard and a Forest": None,
}
print(check_could_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: effects and costs

# %%
from mtgkit.topics.could_produce import CouldCase, check_could_answers
from mtgkit.widgets import Exercise

cases2 = {
    "Alice's Forest, Bob has Contamination": CouldCase(("Forest",), ("Contamination",)),
    "Alice's Mystic Gate (she has no mana for the filter)": CouldCase(("Mystic Gate",)),
    "Alice's Pili-Pala, with Contamination": CouldCase(("Pili-Pala", "Contamination")),
    "Alice's Exotic Orchard, Bob has a Forest and Contamination": CouldCase(("Exotic Orchard",), ("Forest", "Contamination")),
}
Exercise.for_cases(check_could_answers, cases2)

# %% [markdown]
# (Teachers: `%load solutions/03_exercise2.py` in the cell below fills in the answers.)

# %%
answers2 = {
    "Alice's Forest, Bob has Contamination": None,
    "Alice's Mystic Gate (she has no mana for the filter)": None,
    "Alice's Pili-Pala, with Contamination": None,
    "Alice's Exotic Orchard, Bob has a Forest and Contamination": None,
}
print(check_could_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - Could produce = what each mana ability would make if it resolved now (CR 106.7).
# - Ignore costs; apply replacement effects in every order and take the union.
# - A reflected type always comes from a permanent that makes it by itself: trace the chain back
#   to it. A cycle of reflecting permanents with no outside source could produce nothing.
# - "Any color" never includes {C}; "any type" can.
#
# ← Previous: [Undefined mana makes no mana (CR 106.5)](02-undefined-mana.ipynb) · [Course index](00-start-here.ipynb) · Next: [Tapping for mana: triggers and replacement effects (CR 106.12)](04-tapped-for-mana.ipynb) →
