# %% [markdown]
# # mtgkit: tricky Magic rules, one notebook at a time
#
# **You will learn how to:**
# - read an *event timeline*, the record of everything that happened in a game, each event citing
#   the Comprehensive Rules (CR) it follows;
# - ask the kit *why* something happened;
# - use the explorers and check your own answers.
#
# Rule numbers are from the Comprehensive Rules effective **2026-08-07**. Rule numbers move
# between editions, so the kit always names the edition it cites.

# %% [markdown]
# ## The course
# 0. [Start here: how this kit works](00-start-here.ipynb)
# 1. [{T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6)](01-tap-and-untap.ipynb)
# 2. [Undefined mana makes no mana (CR 106.5)](02-undefined-mana.ipynb)
# 3. [What a permanent could produce (CR 106.7)](03-could-produce.ipynb)
# 4. [Tapping for mana: triggers and replacement effects (CR 106.12)](04-tapped-for-mana.ipynb)
# 5. [X in enters effects (CR 107.3m)](05-x-values.ipynb)
# 6. [The monarch (CR 725)](06-the-monarch.ipynb)
# 7. [Protector of the Crown: redirected damage and the crown (CR 614.9)](07-protector-of-the-crown.ipynb)
# 8. [Practice: endless questions, answered by the engine](08-practice.ipynb)
#
# Each rule notebook has the same shape: objectives, the rule in plain words, a worked example
# with its timeline, a *predict-then-check* explorer, exercises that grade your answer and say
# what is wrong, and key points.

# %% [markdown]
# ## A game in four lines
# A `Game` has players in turn order and real turn steps. Setup helpers put cards where a
# lesson needs them; actions such as `activate` follow the rules or refuse with a reason.

# %%
from mtgkit import Game, RulesError
from mtgkit.timeline import timeline

game = Game(["Alice", "Bob"])
forest = game.put_onto_battlefield("Forest", "Alice")
events = game.activate(forest)
game.pool("Alice")

# %% [markdown]
# ## The timeline
# Every state change is an *event*. `timeline(game)` turns them into a pandas DataFrame with
# stable columns: `seq, turn, step, lane, player, kind, object, obj_id, text, rules, cause`.
# You can filter it like any DataFrame.

# %%
df = timeline(game)
df[df.kind != "step"][["seq", "kind", "text", "rules", "cause"]]

# %% [markdown]
# The `cause` column links each event to the event that made it happen. `game.why(...)`
# follows those links back to a player's action and cites the rule at each link.

# %%
print(game.why(events[-1]))

# %% [markdown]
# And `game.why_not(...)` explains the common surprises when something did **not** happen:
# no mana (`"mana"`), no trigger (`"trigger"`), no crown (`"monarch"`), or an ability that can't
# be activated (`"activate"`).

# %%
print(game.why_not("activate", forest))

# %% [markdown]
# ## When the rules say no
# An illegal action raises a `RulesError` that names the rule and explains in plain English.
# The game is left exactly as it was.

# %%
try:
    game.activate(forest)
except RulesError as err:
    print(err)

# %% [markdown]
# ## Widgets and exercises
# - **Explorers** let you change a situation and *predict* before the engine answers.
# - **Steppers** walk through a timeline one event at a time, showing the board and the reason.
# - **Exercises** are ordinary Python cells: fill in your answer and run the checker cell. It
#   says what is right, and for each mistake, why. (Teachers: solutions live in
#   `notebooks/solutions/`, outside the notebooks, and load with `%load`;
#   `python3 tools/student_copy.py DEST` writes a copy of the course without them.)

# %%
from mtgkit.widgets import TimelineStepper

TimelineStepper(game)

# %% [markdown]
# ## Key points
# - Events are the timeline; each cites the CR rules it follows (edition 2026-08-07).
# - `timeline(game)` is a DataFrame you can filter; `game.why(event)` explains an event.
# - Illegal actions raise `RulesError` with the rule and the reason, and change nothing.
#
# Next: [{T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6)](01-tap-and-untap.ipynb) →
