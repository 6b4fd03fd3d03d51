# %% [markdown]
# # Tapping for mana: triggers and replacement effects
#
# **Objectives.** After this notebook you can:
# 1. say which abilities count as "tapping for mana" (CR 106.12);
# 2. apply "if ... tapped for mana" replacement effects in the order the player chooses
#    (CR 106.12b, 616.1), and list every result the possible orders give;
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
#   the order can change the result. So "what does Alice get?" can have several right answers,
#   one per order she could choose, unless the question says which order she chose.
# - **Triggers** such as Heartbeat of Spring fire only when the ability resolves and produces
#   mana (CR 106.12a). They are triggered mana abilities: no stack, they resolve right away
#   (CR 605.1b, 605.4a), and "a type that land produced" means after replacement effects.

# %% [markdown]
# ## Worked example: one board, two orders
# Alice controls Mana Reflection and two Forests; Bob controls Contamination. Alice taps each
# Forest, choosing a different order each time (`order=[...]`, first applied first).

# %%
from mtgkit import Game
from mtgkit.crlinks import Cited
from mtgkit.facts import mana_pool
from mtgkit.timeline import linked, since, timeline

game = Game(["Alice", "Bob"])
forest1 = game.put_onto_battlefield("Forest", "Alice")
forest2 = game.put_onto_battlefield("Forest", "Alice")
game.put_onto_battlefield("Mana Reflection", "Alice")
game.put_onto_battlefield("Contamination", "Bob")
first = len(game.events) + 1
game.activate(forest1, order=["Mana Reflection", "Contamination"])    # {G}{G}, then {B}
game.activate(forest2, order=["Contamination", "Mana Reflection"])    # {B}, then {B}{B}
mana_pool(game, "Alice")

# %% [markdown]
# The timeline records each choice of order as a `choice` event, followed by the replacements
# it led to (`replace`) and the mana added:

# %%
linked(since(timeline(game), first)[["seq", "kind", "object", "text", "rules", "cause"]])

# %%
import matplotlib.pyplot as plt
from mtgkit.plot import plot_timeline

fig = plot_timeline(game.events[first - 1:], arrows=True, title="Same land, two orders")
plt.show()

# %% [markdown]
# ### Why?
# Why did the second Forest give {B}{B}? The explanation links the result to Alice's choice of
# order and to each replacement it led to.

# %%
Cited(game.why(game.events[-1]))

# %% [markdown]
# ## Triggers read what was actually produced
# Bob controls Heartbeat of Spring and Contamination. Alice's Forest produces {B} (Contamination
# replaced the {G}), so Heartbeat adds {B}, not {G}. The trigger resolves at once: no stack, no
# priority passes.

# %%
game3 = Game(["Alice", "Bob"])
forest = game3.put_onto_battlefield("Forest", "Alice")
game3.put_onto_battlefield("Heartbeat of Spring", "Bob")
game3.put_onto_battlefield("Contamination", "Bob")
first3 = len(game3.events) + 1
game3.activate(forest)
linked(since(timeline(game3), first3)[["seq", "kind", "object", "text", "rules", "cause"]])

# %%
Cited(game3.why(game3.events[-1]))

# %% [markdown]
# ## Predict, then check: you choose the order
# Pick what Alice taps. When several replacement effects apply, **you** put them in the order
# Alice applies them: click one in the numbered list and move it with *▲ move up* / *▼ move
# down* (the top one is applied first). Then type your prediction of her pool and press **Tap
# and check**. You see the events, with your order recorded as a `choice` event, the pool next
# to your prediction, and what the other orders would have given. Nothing is shown before you
# predict, and changing the board or the order hides it again (and clears your prediction).
#
# Try both orders; then add a second Mana Reflection for Alice, or Heartbeat of Spring for Bob.

# %%
from mtgkit.widgets import TapExplorer

TapExplorer(alice=["Forest", "Mana Reflection"], bob=["Contamination"])

# %% [markdown]
# ### Quick questions
# Pick an answer, then press *Check*. The first asks what *could* happen (any order Alice might
# choose); the third says which order she chose.

# %%
from mtgkit.teaching import choice_quiz as mana_quiz
from mtgkit.topics.tapping import TapCase
from mtgkit.widgets import Quiz

options = ["{G}{G}{G}", "{B}{B}", "{B}{B}{B}", "{B}{B}{B}{B}"]
quiz_board = (("Forest", "Mana Reflection"), ("Contamination", "Heartbeat of Spring"))
Quiz("Alice controls Mana Reflection; Bob controls Contamination and Heartbeat of Spring. Alice taps "
     "her Forest and chooses the order of the replacement effects. Which of these could her pool be?",
     options, mana_quiz(TapCase(*quiz_board), options))

# %%
options = ["{G}", "{G}{G}", "{G}{G}{G}", "{G}{G}{G}{G}"]
Quiz("Alice controls Llanowar Elves, Heartbeat of Spring and Mana Reflection. She taps the Elves for "
     "mana. What is in her pool?", options,
     mana_quiz(TapCase(("Llanowar Elves", "Heartbeat of Spring", "Mana Reflection")), options))

# %%
options = ["{B}", "{B}{B}", "{B}{B}{B}", "{B}{B}{B}{B}"]
Quiz("The same board: Alice's Mana Reflection, Bob's Contamination and Heartbeat of Spring. This "
     "time Alice applies Contamination first, then Mana Reflection. What is in her pool?", options,
     mana_quiz(TapCase(*quiz_board, order=("Contamination", "Mana Reflection")), options))

# %% [markdown]
# ## Exercise 1: orders
# Alice controls a Forest and two Mana Reflections; Bob controls Contamination. Each question
# says the order Alice chooses. What does she get? Write mana as symbols (`{B}{B}` or `BB`) and press
# *Check*.

# %%
from mtgkit.topics.tapping import check_tap_answers, TapCase
from mtgkit.widgets import Exercise

board = (("Forest", "Mana Reflection", "Mana Reflection"), ("Contamination",))
cases1 = {
    "Contamination first, then both Reflections": TapCase(*board, order=("Contamination", "Mana Reflection", "Mana Reflection")),
    "Both Reflections, then Contamination": TapCase(*board, order=("Mana Reflection", "Mana Reflection", "Contamination")),
    "Reflection, Contamination, Reflection": TapCase(*board, order=("Mana Reflection", "Contamination", "Mana Reflection")),
}
Exercise.for_cases(check_tap_answers, cases1)

# %% [markdown]
# Or in Python: replace each `None` with mana such as `"{B}{B}"`, or `"nothing"`, and run the
# cell.

# %% [markdown]
# (Teachers: `%load solutions/04_exercise1.py` in the cell below fills in the answers.)

# %%
answers1 = {
    "Contamination first, then both Reflections": None,
    "Both Reflections, then Contamination": None,
    "Reflection, Contamination, Reflection": None,
}
print(check_tap_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: triggers
# What does Alice get when she taps the **first** permanent listed for her?

# %%
from mtgkit.topics.tapping import TapCase, check_tap_answers
from mtgkit.widgets import Exercise

cases2 = {
    "Forest with Heartbeat of Spring": TapCase(("Forest", "Heartbeat of Spring")),
    "Forest with Heartbeat of Spring and Mana Reflection": TapCase(("Forest", "Heartbeat of Spring", "Mana Reflection")),
    "Gaea's Cradle, no creatures, with Mana Flare": TapCase(("Gaea's Cradle", "Mana Flare")),
    "Bob's Zendikar Resurgent; Alice taps a Forest": TapCase(("Forest",), ("Zendikar Resurgent",)),
}
Exercise.for_cases(check_tap_answers, cases2)

# %% [markdown]
# (Teachers: `%load solutions/04_exercise2.py` in the cell below fills in the answers.)

# %%
answers2 = {
    "Forest with Heartbeat of Spring": None,
    "Forest with Heartbeat of Spring and Mana Reflection": None,
    "Gaea's Cradle, no creatures, with Mana Flare": None,
    "Bob's Zendikar Resurgent; Alice taps a Forest": None,
}
print(check_tap_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - Only mana abilities with {T} in the cost are "tapping for mana" (CR 106.12).
# - Replacement effects change the mana as it is produced; the player orders them (CR 616.1),
#   and Contamination-then-Reflection ({B}{B}) differs from Reflection-then-Contamination ({B}).
#   Without a stated order, every result an order gives is a right answer.
# - "Tapped for mana" triggers resolve at once and only if mana was produced; they see the
#   mana after replacement (CR 106.12a, 605.4a).
#
# ← Previous: [What a permanent could produce (CR 106.7)](03-could-produce.ipynb) · [Course index](00-start-here.ipynb) · Next: [X in enters effects (CR 107.3m)](05-x-values.ipynb) →
