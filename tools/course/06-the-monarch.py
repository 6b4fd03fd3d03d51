# %% [markdown]
# # The monarch
#
# **Objectives.** After this notebook you can:
# 1. say when a game has a monarch and how the crown moves (CR 725.1, 725.3);
# 2. follow the monarch's two triggers on a timeline, and say who controls them (CR 725.2);
# 3. predict "whenever you become the monarch" (Custodi Lich): it triggers only on a real change
#    (CR 603.2e);
# 4. act while a trigger waits on the stack: the player with priority acts first, and the others
#    get their turn to act when that player passes (CR 117.3d);
# 5. say who becomes the monarch when a player leaves a multiplayer game (CR 725.4, 800.4a).
#
# Rules: CR 117.3a, 117.3d, 117.4, 603.2e, 603.3b, 725.1-725.4, 800.4a (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## The rule in plain words
# - A game starts with **no monarch** (CR 725.1). An effect ("you become the monarch") makes one;
#   there is only one at a time, and a new monarch replaces the old (CR 725.3).
# - Being the monarch brings two triggered abilities with **no source** (CR 725.2):
#   *at the beginning of the monarch's end step, that player draws a card*, and *whenever a
#   creature deals combat damage to the monarch, its controller becomes the monarch*. Each is
#   controlled by **whoever was the monarch when it triggered**, and that doesn't change while it
#   waits on the stack.
# - "Whenever you become the monarch" is a *becomes* trigger: it triggers when a player actually
#   becomes the monarch, not when someone who already is the monarch "becomes" it again (CR 603.2e).
# - **Priority.** In Alice's turn, Alice gets priority first (CR 117.3a). While something waits on the
#   stack, Bob can act only once Alice passes priority to him (CR 117.3d); when all players pass in
#   a row, the top of the stack resolves (CR 117.4).
# - **Leaving the game.** If the monarch leaves, the active player becomes the monarch at that
#   moment; if the monarch *is* the active player (or there is no active player), the next player
#   in turn order who **can** become the monarch does. If no player still in the game can, the game
#   goes on with no monarch (CR 725.4).

# %% [markdown]
# ## Worked example: the monarch draws
# Queen Marchesa enters for Alice ("When Queen Marchesa enters, you become the monarch"). At the
# beginning of her end step, the monarch's draw trigger goes on the stack; each `resolve()` is
# "everyone passes in turn until the top of the stack resolves".

# %%
from IPython.display import display
from mtgkit import Game
from mtgkit.facts import Cited, monarch, priority, stack, zone

end_step = Game(["Alice", "Bob"])
end_step.put_onto_battlefield("Queen Marchesa", "Alice", by_effect=True)
end_step.resolve_stack()                       # her trigger resolves: Alice becomes the monarch
end_step.advance(to="end")
display(Cited(stack(end_step), priority(end_step)))
end_step.resolve()
Cited(monarch(end_step), zone(end_step, "Alice", "hand"))

# %% [markdown]
# ## Worked example: the crown changes hands
# Alice is the monarch. In Bob's turn his Grizzly Bears and Raging Goblin attack her, and nobody
# blocks.

# %%
game = Game(["Alice", "Bob"])
game.make_monarch("Alice")                     # setup: Alice is the monarch
game.next_turn(to="beginning_of_combat")       # Bob's turn
bears = game.put_onto_battlefield("Grizzly Bears", "Bob")
goblin = game.put_onto_battlefield("Raging Goblin", "Bob")
first = len(game.events) + 1
game.attack([bears, goblin])
game.advance(to="combat_damage")
display(stack(game))                           # two creatures hit the monarch
game.resolve_stack()
monarch(game)

# %% [markdown]
# ### The timeline
# Both steal triggers are controlled by **Alice**: she was the monarch when they triggered
# (CR 725.2). Both make **Bob** the monarch; the first one does, and the second finds Bob already
# the monarch, so it changes nothing. Between them you can see the priority passes: Bob (the active
# player) passes, then Alice, and the top trigger resolves.

# %%
from mtgkit.timeline import linked, timeline

df = timeline(game)
shown = df[(df.seq >= first) & df.kind.isin(["attack", "damage", "trigger", "stack", "pass", "resolve", "monarch"])]
linked(shown[["seq", "step", "lane", "kind", "text", "rules"]]).hide(axis="index")

# %%
import matplotlib.pyplot as plt
from mtgkit.plot import plot_timeline

fig = plot_timeline(game.events[first - 1:], lanes=["Alice", "Bob", "stack"], arrows=True,
                    title="The crown moves")
plt.show()

# %% [markdown]
# ### Why?
# Why is Bob the monarch? Follow the cause links back to the attack.

# %%
from mtgkit.crlinks import Cited

crowned = next(e for e in game.events if e.kind == "monarch" and e.get("changed") and e.seq >= first)
Cited(game.why(crowned))

# %% [markdown]
# ## Custodi Lich: a real change triggers
# Custodi Lich: *When Custodi Lich enters, you become the monarch. Whenever you become the monarch,
# target player sacrifices a creature of their choice.* Bob is the monarch and a Lich enters for
# Alice: she **becomes** the monarch, a real change, so the second ability triggers. Alice targets
# Bob (her choice, given to the game with `Scripted`), and Bob chooses which creature he sacrifices.

# %%
from mtgkit import Scripted

lich_game = Game(["Alice", "Bob"], chooser=Scripted(["Bob"]))
lich_game.make_monarch("Bob")
lich_game.put_onto_battlefield("Grizzly Bears", "Bob")
lich_start = len(lich_game.events) + 1
lich_game.put_onto_battlefield("Custodi Lich", "Alice", by_effect=True)
lich_game.resolve_stack()
linked(timeline(lich_game).query("seq >= @lich_start and kind != 'pass'")[["seq", "lane", "kind", "text", "rules"]]).hide(axis="index")

# %% [markdown]
# ## Predict, then check: already the monarch
# Same cards, other seats: this time the Lich is Bob's.

# %%
from mtgkit.situations import LichEnters
from mtgkit.widgets import Quiz

already = LichEnters(bob_was_monarch=True, alice_creatures=("Grizzly Bears", "Hill Giant"))
Quiz("Bob is already the monarch. Alice controls Grizzly Bears and Hill Giant. A Custodi Lich enters "
     "the battlefield under Bob's control. How many creatures does Alice control once everything "
     "has resolved?", ["0", "1", "2"], answers=already.legal(), why=already.explain())

# %% [markdown]
# ## Leaving the game (three players)
# Carol is the monarch in a three-player game (turn order Alice, Bob, Carol) and concedes during
# Alice's turn: the active player, Alice, becomes the monarch at that moment (CR 725.4). Carol's
# cards leave the game with her (CR 800.4a).

# %%
three = Game(["Alice", "Bob", "Carol"])
three.make_monarch("Carol")
three.concede("Carol")
crown = next(e for e in reversed(three.events) if e.kind == "monarch")
Cited(three.why(crown))

# %% [markdown]
# ## Acting while a trigger waits: priority
# Alice is the monarch and her end-step draw trigger is on the stack. Alice, the active player,
# holds priority (CR 117.3a). For Bob to cast a spell or activate an ability now, Alice first
# passes (CR 117.3d). Then Bob acts: an effect of his puts a Custodi Lich onto the battlefield
# under his control (in a real game, an instant-speed effect; here `by_effect=True` plays that
# effect), and its trigger goes on the stack **above** Alice's draw trigger, so it resolves first:
# Bob becomes the monarch before the draw trigger resolves.

# %%
race = Game(["Alice", "Bob"])
race.make_monarch("Alice")
race.advance(to="end")
display(priority(race))
race.pass_priority()
display(priority(race))
race.put_onto_battlefield("Custodi Lich", "Bob", by_effect=True)
stack(race)

# %% [markdown]
# ## Predict, then check: who draws?

# %%
from mtgkit.situations import DrawRace

draw = DrawRace(lich=True)
Quiz("The stack now holds Alice's draw trigger, with Bob's Custodi Lich trigger on top. Everyone "
     "passes until the stack is empty; Bob becomes the monarch on the way. Who draws the card?",
     ["Alice", "Bob", "nobody"], answers=draw.legal(), why=draw.explain())

# %% [markdown]
# ## Exercise 1: who takes the crown?
# Alice attacks Bob, the monarch, who controls a Hill Giant (and no Protector of the Crown). Who is
# the monarch after each combat? Answer in the widget and press *Check*; or, in Python, replace
# each `None` in the cell below it and run that cell: the same checker checks both.

# %%
from mtgkit.topics.monarch import MonarchCase, check_name_answers
from mtgkit.widgets import Exercise

cases1 = {
    "Grizzly Bears attacks, unblocked": MonarchCase(("Grizzly Bears",), protectors=0),
    "Grizzly Bears attacks, Hill Giant blocks it": MonarchCase(("Grizzly Bears",), (("Hill Giant", "Grizzly Bears"),), 0),
    "Bears and Goblin attack, Giant blocks the Bears": MonarchCase(("Grizzly Bears", "Raging Goblin"), (("Hill Giant", "Grizzly Bears"),), 0),
}
Exercise.for_cases(check_name_answers, cases1, title="Exercise 1: the monarch after combat")

# %% [markdown]
# (Teachers: `%load solutions/06_exercise1.py` in the cell below fills in the answers.)

# %%
answers1 = {
    "Grizzly Bears attacks, unblocked": None,
    "Grizzly Bears attacks, Hill Giant blocks it": None,
    "Bears and Goblin attack, Giant blocks the Bears": None,
}
print(check_name_answers(answers1, cases1))

# %% [markdown]
# ## Exercise 2: the monarch leaves
# Four players, in turn order Alice, Bob, Carol, Dave. In each case one player concedes. Who is the
# monarch right afterwards?

# %%
from mtgkit.topics.monarch import LeaveCase, check_leave_answers
from mtgkit.widgets import Exercise

four = ("Alice", "Bob", "Carol", "Dave")
cases2 = {
    "Bob's turn; Bob is the monarch and concedes": LeaveCase(four, active="Bob", monarch="Bob", leaver="Bob"),
    "Dave's turn; Dave is the monarch and concedes": LeaveCase(four, active="Dave", monarch="Dave", leaver="Dave"),
    "Carol's turn; Alice is the monarch and concedes": LeaveCase(four, active="Carol", monarch="Alice", leaver="Alice"),
    "Bob's turn; Bob is the monarch and Dave concedes": LeaveCase(four, active="Bob", monarch="Bob", leaver="Dave"),
}
Exercise.for_cases(check_leave_answers, cases2, options=four, title="Exercise 2: the monarch after a player leaves")

# %% [markdown]
# (Teachers: `%load solutions/06_exercise2.py` in the cell below fills in the answers.)

# %%
answers2 = {
    "Bob's turn; Bob is the monarch and concedes": None,
    "Dave's turn; Dave is the monarch and concedes": None,
    "Carol's turn; Alice is the monarch and concedes": None,
    "Bob's turn; Bob is the monarch and Dave concedes": None,
}
print(check_leave_answers(answers2, cases2))

# %% [markdown]
# ## Key points
# - No monarch until an effect makes one; then only one at a time (CR 725.1, 725.3).
# - The two monarch triggers have no source and are controlled by whoever was the monarch when
#   they triggered (CR 725.2): the old monarch still draws if the crown moves while the trigger
#   waits.
# - Several creatures hitting the monarch trigger the steal ability several times, and each
#   trigger, as it resolves, gives the crown to the controller of *its* creature (CR 725.2): with
#   two of Bob's creatures, the first makes Bob the monarch and the second finds him already the
#   monarch. "Whenever you become the monarch" triggers only on a real change (CR 603.2e).
# - To act while a trigger waits in Alice's turn, Bob needs priority: Alice passes first
#   (CR 117.3d).
# - When the monarch leaves, the crown goes to the active player, or, if the monarch was the
#   active player, to the next player in turn order who can become the monarch; if nobody can,
#   there is no monarch (CR 725.4).
#
# ← Previous: [X in enters effects (CR 107.3m)](05-x-values.ipynb) · [Course index](00-start-here.ipynb) · Next: [Protector of the Crown: redirected damage and the crown (CR 614.9)](07-protector-of-the-crown.ipynb) →
