# %% [markdown]
# # Protector of the Crown: redirected damage and the crown
#
# **Objectives.** After this notebook you can:
# 1. apply a redirection effect: the Protector takes the damage that would be dealt to its
#    controller, combat damage included (CR 614.9);
# 2. explain why combat damage redirected to Protector of the Crown doesn't move the crown
#    (CR 725.2);
# 3. with several Protectors, choose which one takes each source's damage (CR 616.1), and handle a
#    Protector that is gone (CR 614.9, 704.5g).
#
# Rules: CR 614.9, 616.1, 704.5g, 725.2 (Comprehensive Rules of 2026-08-07), and the card's rulings.

# %% [markdown]
# ## The rule in plain words
# Protector of the Crown (a 2/5) says: *When Protector of the Crown enters, you become the
# monarch. All damage that would be dealt to you is dealt to Protector of the Crown instead.*
# "You" is its controller. The second sentence is a **redirection** replacement effect (CR 614.9):
# damage on its way to the Protector's controller goes to the Protector instead.
# - It works whether or not its controller is the monarch.
# - A redirection moves **the same damage** to a new recipient (CR 614.9), so redirected combat
#   damage is still combat damage (a ruling on Protector of the Crown says so too). But it is dealt
#   to the Protector, **not** to the player. So the monarch's trigger "whenever a creature deals
#   combat damage to the monarch" (CR 725.2) doesn't trigger, and the crown stays.
# - With several Protectors, their controller chooses **one** of them for each source's damage
#   (CR 616.1): one source's damage isn't split between them.
# - A Protector with damage marked on it equal to or greater than its toughness is destroyed
#   (CR 704.5g). Once it has left the battlefield it redirects nothing, since a permanent's
#   abilities work only while it is on the battlefield (CR 113.6), so later damage reaches the
#   player again.

# %% [markdown]
# ## Worked example
# Bob's Protector of the Crown has just entered, so Bob is the monarch. Alice attacks him with
# Grizzly Bears.

# %%
from mtgkit import Game
from mtgkit.facts import Cited, life_totals, monarch

game = Game(["Alice", "Bob"])
game.put_onto_battlefield("Protector of the Crown", "Bob", by_effect=True)   # Bob becomes the monarch
game.resolve_stack()
bears = game.put_onto_battlefield("Grizzly Bears", "Alice")
game.advance(to="beginning_of_combat")
first = len(game.events) + 1
game.attack([bears])
game.advance(to="end_of_combat")
Cited(monarch(game), life_totals(game, "Bob"))

# %%
from mtgkit.timeline import linked, timeline

df = timeline(game)
linked(df[(df.seq >= first) & (df.kind != "pass")][["seq", "step", "lane", "kind", "text", "rules"]]).hide(axis="index")

# %%
import matplotlib.pyplot as plt
from mtgkit.plot import plot_timeline

fig = plot_timeline(game.events[first - 1:], arrows=True, title="Redirected combat damage")
plt.show()

# %% [markdown]
# ### Why?
# Why did the Protector take the damage, and was it still combat damage?

# %%
from mtgkit.crlinks import Cited

hit = next(e for e in game.events if e.kind == "damage" and e.obj == "Protector of the Crown")
Cited(game.why(hit))

# %% [markdown]
# *Why not?* Alice's creature connected, so why isn't she the monarch?

# %%
Cited(game.why_not("monarch", "Alice"))

# %% [markdown]
# ## Predict, then check: someone else's crown
# Bob's Protector of the Crown made him the monarch when it entered; since then Alice's Custodi
# Lich made *her* the monarch (and died). Predict before you press *Check*.

# %%
from mtgkit.topics.base import quiz_options
from mtgkit.topics.monarch import someone_elses_crown
from mtgkit.widgets import Quiz

no_crown = someone_elses_crown()
Quiz("Alice is the monarch. Bob controls Protector of the Crown. Alice casts Lightning Bolt "
     "(3 damage) targeting Bob. Which is true once it has resolved?", quiz_options(no_crown),
     answers=no_crown.legal(), why=no_crown.explain().split("\nWhat the engine did")[0])

# %% [markdown]
# ## Explore: a combat explorer
# Alice attacks Bob, the monarch. Choose her attackers, whether Bob's Hill Giant blocks, and how
# many Protectors Bob controls. With two Protectors, **Bob** chooses which one takes each attacker's
# damage: make that choice for him under *Bob's choices*. Then predict who is the monarch after
# combat and Bob's life, and press *Check*: the engine plays the combat with your choices and shows
# its events and the board.
#
# It opens with Grizzly Bears and Hill Giant attacking and two Protectors. Try sending both
# attackers' damage to the same Protector, then one to each, and compare the boards afterwards.
# Then try no Protector, and a Hill Giant that blocks.

# %%
from mtgkit.widgets import CombatExplorer

CombatExplorer(attackers=("Grizzly Bears", "Hill Giant"), protectors=2)

# %% [markdown]
# ## Exercise 1: the crown after combat
# Bob starts as the monarch. Who is the monarch after combat? Where Bob has two Protectors, any
# choice he could make counts. Answer in the widget and press *Check*; or, in Python, replace each
# `None` in the cell below it and run that cell: the same checker checks both.

# %%
from mtgkit.topics.monarch import MonarchCase, check_name_answers
from mtgkit.widgets import Exercise

cases1 = {
    "Bears attack; Bob has one Protector": MonarchCase(("Grizzly Bears",), protectors=1),
    "Bears and Goblin attack; Bob has two Protectors": MonarchCase(("Grizzly Bears", "Raging Goblin"), protectors=2),
    "Bears attack; Bob has no Protector": MonarchCase(("Grizzly Bears",), protectors=0),
}
Exercise.for_cases(check_name_answers, cases1, title="Exercise 1: the monarch after combat")

# %% [markdown]
# (Teachers: `%load solutions/07_exercise1.py` in the cell below fills in the answers.)

# %%
answers1 = {
    "Bears attack; Bob has one Protector": None,
    "Bears and Goblin attack; Bob has two Protectors": None,
    "Bears attack; Bob has no Protector": None,
}
print(check_name_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: Lightning Bolt and a Protector that dies
# Bob controls a Protector of the Crown (2/5). Alice casts Lightning Bolts (3 damage each), one at a
# time, each resolving before the next: first at the Protector, then one at Bob. How much life does
# Bob lose?

# %%
from mtgkit.topics.monarch import BoltCase
from mtgkit.teaching import check_number_answers
from mtgkit.widgets import Exercise

cases2 = {
    "two Bolts at the Protector first, then one at Bob": BoltCase(at_protector=2),
    "one Bolt at the Protector first, then one at Bob": BoltCase(at_protector=1),
}
Exercise.for_cases(check_number_answers, cases2, title="Exercise 2: life Bob loses")

# %% [markdown]
# (Teachers: `%load solutions/07_exercise2.py` in the cell below fills in the answers.)

# %%
answers2 = {
    "two Bolts at the Protector first, then one at Bob": None,
    "one Bolt at the Protector first, then one at Bob": None,
}
print(check_number_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - Protector of the Crown takes the damage that would be dealt to its controller, whether or not
#   that player is the monarch (CR 614.9).
# - Redirected combat damage is the same damage, so still combat damage (CR 614.9), but it is
#   dealt to the Protector, not the monarch: no steal trigger, and the crown stays (CR 725.2).
# - With several Protectors, their controller chooses one for each source's damage; the damage
#   isn't divided (CR 616.1).
# - A Protector destroyed by earlier damage (CR 704.5g) redirects nothing any more: a permanent's
#   abilities work only on the battlefield (CR 113.6), so the next damage reaches its controller.
#
# ← Previous: [The monarch (CR 725)](06-the-monarch.ipynb) · [Course index](00-start-here.ipynb) · Next: [Practice: endless questions, answered by the engine](08-practice.ipynb) →
