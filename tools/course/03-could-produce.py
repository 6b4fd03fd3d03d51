# %% [markdown]
# # "Could produce": what a permanent's mana abilities would make right now
#
# **Objectives.** After this notebook you can:
# 1. work out what a permanent *could produce* (CR 106.7), ignoring costs;
# 2. take replacement effects into account, in every possible order;
# 3. solve boards where permanents reflect each other (Exotic Orchard, Reflecting Pool,
#    Fellwar Stone), including cycles with no outside source.
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
# - when permanents reflect each other, start from "nothing" and grow the sets until they stop
#   changing (the *least fixed point*): a cycle with no outside source stays empty.

# %% [markdown]
# ## Worked example
# The example from CR 106.7, one step at a time.

# %%
from mtgkit import Game

game = Game(["Alice", "Bob"])
alice_orchard = game.put_onto_battlefield("Exotic Orchard", "Alice")
bob_orchard = game.put_onto_battlefield("Exotic Orchard", "Bob")
game.could_produce(alice_orchard), game.could_produce(bob_orchard)

# %% [markdown]
# Two Orchards alone could produce nothing. Now Alice adds a Forest:

# %%
game.put_onto_battlefield("Forest", "Alice")
game.could_produce(alice_orchard), game.could_produce(bob_orchard)

# %% [markdown]
# ### Why?
# The explanation follows each ability and the permanents it reflects.

# %%
print(game.explain_could_produce(alice_orchard))

# %% [markdown]
# ### Replacement effects in every order
# Contamination makes a tapped land produce {B}; Pale Moon makes a tapped nonbasic land
# produce {C}. Either can be applied last, so an Underground Sea could produce both.

# %%
from mtgkit.timeline import timeline

game2 = Game(["Alice", "Bob"])
sea = game2.put_onto_battlefield("Underground Sea", "Alice")
island = game2.put_onto_battlefield("Island", "Alice")
plains = game2.put_onto_battlefield("Plains", "Alice")
game2.activate(island); game2.activate(plains)
game2.cast(game2.put_in_hand("Pale Moon", "Alice"))
game2.resolve()
game2.put_onto_battlefield("Contamination", "Bob")
print(game2.explain_could_produce(sea))

# %%
timeline(game2).query("kind in ['cast', 'resolve', 'effect']")[["seq", "kind", "text", "rules"]]

# %%
import matplotlib.pyplot as plt
from mtgkit.plot import plot_timeline

fig = plot_timeline(game2, arrows=True, title="Pale Moon, then Contamination")
plt.show()

# %% [markdown]
# Why is Pale Moon's effect there at all? Follow the causes back to Alice's spell.

# %%
effect = next(e for e in game2.events if e.kind == "effect")
print(game2.why(effect))

# %% [markdown]
# The query is *pure*: asking what something could produce never taps, never adds mana and
# never fires a trigger. The event log is the same length before and after:

# %%
n = len(game2.events)
game2.could_produce_all()
len(game2.events) == n

# %% [markdown]
# ## Explore
# Build both boards (type a card name, Enter to add; × to remove; repeats allowed). The table
# shows every permanent's could-produce set; pick one to read why. Try: an Orchard and a
# Reflecting Pool for Bob, an Orchard for Alice, then give Alice a Forest. Or add Contamination.

# %%
from mtgkit.widgets import CouldProduceExplorer

CouldProduceExplorer(alice=["Exotic Orchard"], bob=["Exotic Orchard", "Reflecting Pool"])

# %% [markdown]
# ## Exercise 1: reflections
# What could the named permanent produce? Write types as symbols (`"{G}{C}"`) or `"nothing"`.
# (Teachers: `%load solutions/03_exercise1.py`.)

# %%
from mtgkit.lessons import CouldCase, check_could_answers

cases1 = {
    "Alice's Reflecting Pool, with her Wastes": CouldCase(("Reflecting Pool", "Wastes")),
    "Alice's Exotic Orchard, Bob has Wastes": CouldCase(("Exotic Orchard",), ("Wastes",)),
    "Alice's Reflecting Pool, with her Mana Confluence": CouldCase(("Reflecting Pool", "Mana Confluence")),
    "Bob's Reflecting Pool, he also has an Orchard; Alice has an Orchard and a Forest":
        CouldCase(("Exotic Orchard", "Forest"), ("Reflecting Pool", "Exotic Orchard"), "Bob", 0),
}
answers1 = {key: None for key in cases1}
print(check_could_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: effects and costs
# (Teachers: `%load solutions/03_exercise2.py`.)

# %%
cases2 = {
    "Alice's Forest, Bob has Contamination": CouldCase(("Forest",), ("Contamination",)),
    "Alice's Mystic Gate (she has no mana for the filter)": CouldCase(("Mystic Gate",)),
    "Alice's Pili-Pala, with Contamination": CouldCase(("Pili-Pala", "Contamination")),
    "Alice's Exotic Orchard, Bob has a Forest and Contamination": CouldCase(("Exotic Orchard",), ("Forest", "Contamination")),
}
answers2 = {key: None for key in cases2}
print(check_could_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - Could produce = what each mana ability would make if it resolved now (CR 106.7).
# - Ignore costs; apply replacement effects in every order and take the union.
# - Reflecting permanents are solved together from "nothing" upward; a cycle with no outside
#   source could produce nothing. "Any color" never includes {C}; "any type" can.
#
# ← Previous: [Undefined mana makes no mana (CR 106.5)](02-undefined-mana.ipynb) · [Course index](00-start-here.ipynb) · Next: [Tapping for mana: triggers and replacement effects (CR 106.12)](04-tapped-for-mana.ipynb) →
