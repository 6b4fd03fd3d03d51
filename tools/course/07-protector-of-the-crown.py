# %% [markdown]
# # Protector of the Crown: redirected damage and the crown
#
# **Objectives.** After this notebook you can:
# 1. apply a redirection effect (CR 614.9) to damage, including combat damage;
# 2. explain why damage redirected to Protector of the Crown doesn't move the crown (CR 725.2);
# 3. handle several Protectors, and a Protector that is gone.
#
# Rules: CR 614.9, 616.1, 725.2, 510.2 (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# Protector of the Crown says: *all damage that would be dealt to you is dealt to Protector of
# the Crown instead*. That is a **redirection** replacement effect (CR 614.9):
# - it works whoever is the monarch, even an opponent;
# - combat damage stays combat damage after redirection;
# - with several Protectors, their controller picks **one** for each source's damage: one
#   source's damage can't be split (CR 616.1);
# - if the Protector has left the battlefield, nothing is redirected (CR 614.9);
# - damage dealt to the Protector is **not** damage to the monarch, so the monarch's
#   combat-damage trigger (CR 725.2) doesn't trigger and the crown stays.

# %% [markdown]
# ## Worked example
# Bob is the monarch and controls a Protector. Alice attacks with Grizzly Bears.

# %%
from mtgkit import Game
from mtgkit.timeline import timeline
from mtgkit.plot import plot_timeline
import matplotlib.pyplot as plt

game = Game(["Alice", "Bob"])
game.put_onto_battlefield("Protector of the Crown", "Bob", by_effect=True)   # Bob becomes the monarch
game.resolve_stack()
bears = game.put_onto_battlefield("Grizzly Bears", "Alice")
game.advance(to="beginning_of_combat")
first = len(game.events) + 1
game.attack([bears])
game.advance(to="end_of_combat")
game.monarch, game.life("Bob")

# %%
timeline(game).loc[first:, ["seq", "step", "kind", "text", "rules"]]

# %%
fig = plot_timeline(game.events[first - 1:], arrows=True, title="Redirected combat damage")
plt.show()

# %% [markdown]
# ### Why?
# Why did the Protector take the damage, and was it still combat damage?

# %%
hit = next(e for e in game.events if e.kind == "damage" and e.obj == "Protector of the Crown")
print(game.why(hit))
hit.get("combat")

# %% [markdown]
# *Why not?* Alice's creature connected, so why isn't she the monarch?

# %%
print(game.why_not("monarch", "Alice"))

# %% [markdown]
# ## Explore: a combat explorer
# Alice attacks Bob, the monarch. Pick the attackers, whether Bob's Hill Giant blocks, how many
# Protectors Bob has, and which takes the damage. Does the crown move? The explanation comes from
# the engine's cause links.

# %%
from mtgkit.widgets import CombatExplorer

CombatExplorer()

# %% [markdown]
# ## Exercise 1
# Who is the monarch after combat? (Bob starts as the monarch.)
# (Teachers: `%load solutions/07_exercise1.py`.)

# %%
from mtgkit.lessons import MonarchCase, check_name_answers

cases1 = {
    "Bears attack; Bob has one Protector": MonarchCase(("Grizzly Bears",), protectors=1),
    "Bears and Goblin attack; Bob has two Protectors": MonarchCase(("Grizzly Bears", "Raging Goblin"), protectors=2),
    "Bears attack; Bob has no Protector": MonarchCase(("Grizzly Bears",), protectors=0),
}
answers1 = {key: None for key in cases1}
print(check_name_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: Lightning Bolt and the Protector
# Alice bolts Bob, who controls a Protector (2/5). How much life does Bob lose in each case?
# (Teachers: `%load solutions/07_exercise2.py`.)

# %%
from mtgkit.lessons import BoltCase, check_number_answers

cases2 = {
    "one Bolt at Bob": BoltCase(at_protector=0),
    "two Bolts at the Protector first, then one at Bob": BoltCase(at_protector=2),
    "one Bolt at the Protector first, then one at Bob": BoltCase(at_protector=1),
}
answers2 = {key: None for key in cases2}
print(check_number_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - Protector of the Crown redirects all damage to its controller, monarch or not (CR 614.9).
# - Redirected combat damage is still combat damage, but it is dealt to the Protector, not the
#   monarch: no steal trigger, the crown stays (CR 725.2).
# - Several Protectors: one is chosen per source; the damage isn't divided. A Protector that is
#   gone redirects nothing.
#
# ← Previous: [The monarch (CR 725)](06-the-monarch.ipynb) · [Course index](00-start-here.ipynb) · Next: [Practice: endless questions, answered by the engine](08-practice.ipynb) →
