# %% [markdown]
# # Tapping for mana: triggers and replacement effects
#
# **Objectives.** After this notebook you can:
# 1. say which abilities count as "tapping for mana" (CR 106.12);
# 2. apply "if ... tapped for mana" replacement effects in the order the player chooses
#    (CR 106.12b, 616.1) and see why the order matters;
# 3. resolve "whenever ... is tapped for mana" triggers at once, reading what the land
#    *actually* produced (CR 106.12a, 605.1b, 605.4a).
#
# Rules: CR 106.12, 106.12a, 106.12b, 605.1b, 605.4a, 616.1 (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# - **Tapping for mana** means activating a mana ability with {T} in its cost (CR 106.12).
#   Pili-Pala's "{2}, {Q}: add one mana" is a mana ability, but not tapping for mana.
# - **Replacement effects** such as Contamination ("produces {B} instead of any other type and
#   amount") and Mana Reflection ("twice as much") change the mana *as it is produced*
#   (CR 106.12b). When several apply, the player who taps chooses the order (CR 616.1), and
#   the order can change the result.
# - **Triggers** such as Heartbeat of Spring fire only when the ability resolves and produces
#   mana (CR 106.12a). They are triggered mana abilities: no stack, they resolve right away
#   (CR 605.1b, 605.4a), and "a type that land produced" means after replacement effects.

# %% [markdown]
# ## Worked example
# Alice controls Mana Reflection and two Forests; Bob controls Contamination.

# %%
from mtgkit import Game
from mtgkit.timeline import timeline
from mtgkit.plot import plot_timeline
import matplotlib.pyplot as plt

game = Game(["Alice", "Bob"])
forest1 = game.put_onto_battlefield("Forest", "Alice")
forest2 = game.put_onto_battlefield("Forest", "Alice")
game.put_onto_battlefield("Mana Reflection", "Alice")
game.put_onto_battlefield("Contamination", "Bob")
first = len(game.events) + 1

# %%
game.activate(forest1, order=["Mana Reflection", "Contamination"])[-1].text

# %%
game.activate(forest2, order=["Contamination", "Mana Reflection"])[-1].text

# %%
timeline(game).loc[first:, ["seq", "kind", "text", "rules", "cause"]]

# %%
fig = plot_timeline(game.events[first - 1:], arrows=True, title="Same land, two orders")
plt.show()

# %% [markdown]
# ### Why?
# Why did the second Forest give {B}{B}? The choice of order is linked to the result.

# %%
print(game.why(game.events[-1]))

# %% [markdown]
# ### Triggers read what was actually produced
# Add Heartbeat of Spring. Alice's Forest under Contamination produces {B}, so Heartbeat adds
# {B}, not {G}. Pili-Pala's {Q} ability isn't tapping for mana, so Mana Reflection ignores it.

# %%
game3 = Game(["Alice", "Bob"])
forest = game3.put_onto_battlefield("Forest", "Alice")
game3.put_onto_battlefield("Heartbeat of Spring", "Bob")
game3.put_onto_battlefield("Contamination", "Bob")
for event in game3.activate(forest):
    print(event)

# %% [markdown]
# ## Explore: choose the order
# Pick what Alice taps and the order of the replacement effects, and compare the results.
# Try Mystic Gate with two Mana Reflections, or add Heartbeat of Spring.

# %%
from mtgkit.widgets import TapExplorer

TapExplorer(alice=["Forest", "Mana Reflection"], bob=["Contamination"])

# %% [markdown]
# ## Exercise 1: orders
# What does Alice get? Write mana as symbols. (Teachers: `%load solutions/04_exercise1.py`.)

# %%
from mtgkit.lessons import TapCase, check_tap_answers

board = (("Forest", "Mana Reflection", "Mana Reflection"), ("Contamination",))
cases1 = {
    "Contamination first, then both Reflections": TapCase(*board, order=("Contamination", "Mana Reflection", "Mana Reflection")),
    "Both Reflections, then Contamination": TapCase(*board, order=("Mana Reflection", "Mana Reflection", "Contamination")),
    "Reflection, Contamination, Reflection": TapCase(*board, order=("Mana Reflection", "Contamination", "Mana Reflection")),
}
answers1 = {key: None for key in cases1}
print(check_tap_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: triggers
# (Teachers: `%load solutions/04_exercise2.py`.)

# %%
cases2 = {
    "Forest with Heartbeat of Spring": TapCase(("Forest", "Heartbeat of Spring")),
    "Forest with Heartbeat of Spring and Mana Reflection": TapCase(("Forest", "Heartbeat of Spring", "Mana Reflection")),
    "Gaea's Cradle, no creatures, with Mana Flare": TapCase(("Gaea's Cradle", "Mana Flare")),
    "Bob's Zendikar Resurgent; Alice taps a Forest": TapCase(("Forest",), ("Zendikar Resurgent",)),
}
answers2 = {key: None for key in cases2}
print(check_tap_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - Only mana abilities with {T} in the cost are "tapping for mana" (CR 106.12).
# - Replacement effects change the mana as it is produced; the player orders them (CR 616.1),
#   and Contamination-then-Reflection ({B}{B}) differs from Reflection-then-Contamination ({B}).
# - "Tapped for mana" triggers resolve at once and only if mana was produced; they see the
#   mana after replacement (CR 106.12a, 605.4a).
#
# ← Previous: [What a permanent could produce (CR 106.7)](03-could-produce.ipynb) · [Course index](00-start-here.ipynb) · Next: [X in enters effects (CR 107.3m)](05-x-values.ipynb) →
