# %% [markdown]
# # The monarch
#
# **Objectives.** After this notebook you can:
# 1. say when a game has a monarch and how the crown moves (CR 725.1, 725.3);
# 2. follow the monarch's two triggers on a timeline, and who controls them (CR 725.2);
# 3. predict "whenever you become the monarch" (Custodi Lich) and what happens when the monarch
#    leaves the game (CR 725.4).
#
# Rules: CR 725.1-725.4, 603.3b, 800.4a (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# - A game starts with **no monarch** (CR 725.1). An effect ("you become the monarch") makes one;
#   from then on there is exactly one, and a new monarch replaces the old (CR 725.3).
# - Being the monarch brings two triggered abilities with **no source** (CR 725.2), controlled by
#   whoever was the monarch **when they triggered**:
#   *at the beginning of the monarch's end step, that player draws a card*, and *whenever a
#   creature deals combat damage to the monarch, its controller becomes the monarch*.
# - "Whenever you become the monarch" triggers only on a real change: not if you already are.
# - If the monarch leaves the game, the active player becomes the monarch; if the active player
#   is the one leaving, the next player in turn order does (CR 725.4).

# %% [markdown]
# ## Worked example: the crown changes hands

# %%
from mtgkit import Game
from mtgkit.timeline import timeline
from mtgkit.plot import plot_timeline
import matplotlib.pyplot as plt

game = Game(["Alice", "Bob"])
game.monarch is None

# %% [markdown]
# Palace Jailer enters for Alice: she becomes the monarch. At her end step, she draws.

# %%
game.put_onto_battlefield("Palace Jailer", "Alice", by_effect=True)
game.resolve_stack()
game.advance(to="end")
[item.name for item in game.stack()]      # the monarch's draw trigger waits on the stack

# %%
game.resolve()
game.next_turn()                            # Bob's turn
bears = game.put_onto_battlefield("Grizzly Bears", "Bob")
goblin = game.put_onto_battlefield("Raging Goblin", "Bob")
game.advance(to="beginning_of_combat")
game.attack([bears, goblin])
game.advance(to="combat_damage")
[item.name for item in game.stack()]      # two creatures hit the monarch: two triggers

# %%
game.resolve_stack()
game.monarch

# %% [markdown]
# ### The timeline
# Both steal triggers are controlled by **Alice** (she was the monarch when they triggered), yet
# they make **Bob** the monarch; the second changes nothing.

# %%
df = timeline(game)
df[df.kind.isin(["trigger", "stack", "resolve", "monarch", "damage"])][["seq", "step", "lane", "player", "text"]]

# %%
monarch_events = [e for e in game.events if e.kind in ("trigger", "stack", "resolve", "monarch", "damage", "move")
                  and e.turn >= 1 and e.kind != "setup"]
fig = plot_timeline(monarch_events, arrows=True, title="The crown moves")
plt.show()

# %% [markdown]
# ### Why?
# Why is Bob the monarch? Follow the cause links back to the attack.

# %%
crowned = [e for e in game.events if e.kind == "monarch" and e.get("changed")][-1]
print(game.why(crowned))

# %% [markdown]
# ## Custodi Lich: only a real change triggers
# Bob is the monarch. A Custodi Lich enters for Bob: he is *already* the monarch, so its second
# ability doesn't trigger. Then one enters for Alice: she becomes the monarch, and it does.

# %%
from mtgkit import Scripted

game.chooser = Scripted(["Bob"])          # Alice's Lich will target Bob
game.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
game.resolve_stack()
print(game.events[-1].text)
game.put_onto_battlefield("Custodi Lich", "Alice", by_effect=True)
game.resolve_stack()
for e in game.events[-6:]:
    print(e)

# %% [markdown]
# *Why not?* Ask why Bob's Lich didn't make anyone sacrifice:

# %%
bob_lich = [o for o in game.permanents("Bob") if o.name == "Custodi Lich"][0]
print(game.why_not("trigger", bob_lich.id))

# %% [markdown]
# ## Leaving the game (three players)
# Carol is the monarch in a three-player game and concedes during Alice's turn: the active
# player, Alice, becomes the monarch (CR 725.4).

# %%
three = Game(["Alice", "Bob", "Carol"])
three.put_onto_battlefield("Queen Marchesa", "Carol", by_effect=True)
three.resolve_stack()
three.concede("Carol")
print(three.why([e for e in three.events if e.kind == "monarch"][-1]))

# %% [markdown]
# ## Predict, then check
# Alice is the monarch and her end-step draw trigger is on the stack. Before it resolves, a
# Custodi Lich enters for Bob and he becomes the monarch. Who draws the card?

# %%
from mtgkit.lessons import monarch_draw_race
from mtgkit.widgets import Quiz, TimelineStepper

def grade(choice):
    race, drew = monarch_draw_race(lich_enters=True)
    return choice == drew, f"The engine says {drew} draws: the trigger's controller was fixed when it triggered (CR 725.2)."

Quiz("Who draws the card?", ["Alice", "Bob", "nobody"], grade)

# %%
race, _ = monarch_draw_race(lich_enters=True)
TimelineStepper(race.events, start=len(race.events) - 1)

# %% [markdown]
# ## Exercise 1
# Who is the monarch after these combats? Alice attacks Bob, the monarch, who controls a Hill
# Giant and no Protector. (Teachers: `%load solutions/06_exercise1.py`.)

# %%
from mtgkit.lessons import MonarchCase, check_name_answers

cases1 = {
    "Grizzly Bears attacks, unblocked": MonarchCase(("Grizzly Bears",), protectors=0),
    "Grizzly Bears attacks, Hill Giant blocks it": MonarchCase(("Grizzly Bears",), (("Hill Giant", "Grizzly Bears"),), 0),
    "Bears and Goblin attack, Giant blocks the Bears": MonarchCase(("Grizzly Bears", "Raging Goblin"), (("Hill Giant", "Grizzly Bears"),), 0),
}
answers1 = {key: None for key in cases1}
print(check_name_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2
# Who draws at the end step? (Teachers: `%load solutions/06_exercise2.py`.)

# %%
from mtgkit.lessons import check_draw_race

with_lich, without_lich = None, None     # a player's name
print(check_draw_race(with_lich, without_lich))

# %% [markdown]
# ## Key points
# - No monarch until an effect makes one; then always exactly one (CR 725.1, 725.3).
# - The two monarch triggers have no source and are controlled by whoever was the monarch when
#   they triggered (CR 725.2), so the old monarch still draws if the crown moves meanwhile.
# - Several creatures hitting the monarch trigger several times; the attacker's controller
#   becomes the monarch once, and "whenever you become the monarch" fires only on a change.
# - When the monarch leaves, the crown goes to the active player, or the next player in turn
#   order (CR 725.4).
#
# ← Previous: [X in enters effects (CR 107.3m)](05-x-values.ipynb) · [Course index](00-start-here.ipynb) · Next: [Protector of the Crown: redirected damage and the crown (CR 614.9)](07-protector-of-the-crown.ipynb) →
