# %% [markdown]
# # mtgkit: tricky Magic rules, one notebook at a time
#
# **You will learn how to:**
# - play a small game in Python and see its **board** as a player sees it;
# - read its **timeline**, the record of everything that happened, each event citing the
#   Comprehensive Rules (CR) it follows, including every time a player passed **priority**;
# - ask the kit **why** something happened, and why something didn't;
# - use the **explorers** and **quick questions**: you predict first, then the engine answers;
# - answer the **exercises**, in a widget or in Python.
#
# Rule numbers are from the Comprehensive Rules effective **2026-08-07**. Rule numbers move
# between editions, so the kit always names the edition it cites. Every rule number is a link:
# click it to read the rule.
#
# **Run the cells to see the widgets.** The buttons, boxes and choices below appear once their
# cells have run (*Run → Run All Cells*, or Shift+Enter cell by cell). Until then a widget's cell
# shows one line, such as *Timeline stepper: run this cell to use it.*

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
# with its timeline, a *predict-then-check* explorer, quick questions, exercises that grade your
# answers and say what is wrong, and key points.

# %% [markdown]
# ## A game in a few lines
# A `Game` has players in turn order and real turns and steps; it starts in Alice's first main
# phase. Setup helpers such as `put_onto_battlefield` put cards where a lesson needs them;
# actions such as `activate` follow the rules, or refuse with a reason. The functions of
# `mtgkit.facts` say how the game stands in a sentence (`game.pool("Alice")` is the same mana as
# a Python value, for your own code).

# %%
from mtgkit import Game, RulesError
from mtgkit.facts import mana_pool

game = Game(["Alice", "Bob"])
forest = game.put_onto_battlefield("Forest", "Alice")
events = game.activate(forest)      # the events this action caused
mana_pool(game, "Alice")

# %% [markdown]
# ## The board
# `game.board()` is the board as a player sees it across the table: each player's life, mana
# pool, hand and library sizes, permanents and graveyard. Every mark is written in words (tapped,
# summoning sick, attacking, blocking, counters, damage); a tapped card also shows ↷ and an
# attacking one ⚔.

# %%
from IPython.display import HTML, display
from mtgkit.widgets.board import board_html

HTML(board_html(game.board()))

# %% [markdown]
# ## The timeline
# Every change to the game is an *event*. `timeline(game)` turns them into a pandas DataFrame,
# one row per event, with the columns `seq, turn, step, lane, player, kind, object, obj_id,
# text, rules, cause`; `linked(...)` shows it with every rule number a link.

# %%
from mtgkit.timeline import linked, since, timeline

linked(timeline(game)[["seq", "step", "player", "kind", "text", "rules", "cause"]])

# %% [markdown]
# Look at the `pass` rows. To get from the upkeep to the main phase, each player in turn
# **passed priority** (CR 117.3d) in the upkeep: when all players pass in a row and nothing is
# waiting on the stack, the step ends (CR 117.4). There was no draw step: the player who plays
# first in a two-player game skips it on their first turn (CR 103.8a). The `cause` column links
# an event to the event that made it happen: the tap and the mana name Alice's activation.
#
# A timeline is a DataFrame, so you can filter it like any other:

# %%
df = timeline(game)
linked(df[df.kind.isin(["activate", "tap", "mana"])][["seq", "kind", "text", "rules", "cause"]])

# %% [markdown]
# ## Priority: who may act now
# - One player at a time **holds priority** (`game.priority_player`). Only that player may cast a
#   spell, activate an ability or play a land (CR 117.1), and afterwards they keep priority
#   (CR 117.3c). Mana abilities have an exception: see "When the rules say no" below.
# - `game.pass_priority()` passes it to the next player in turn order (CR 117.3d). When all
#   players pass in a row, the top of the stack resolves (CR 117.4) and the active player gets
#   priority again (CR 117.3b).
# - So for Bob to respond to Alice's spell in her turn, **Alice passes first**.
#
# Alice casts Lightning Bolt at Bob. She passes; Bob responds with his own Lightning Bolt at
# Alice. Then `resolve_stack()` lets everyone pass until the stack is empty.

# %%
from mtgkit.facts import life_totals, priority

duel = Game(["Alice", "Bob"])
duel.activate(duel.put_onto_battlefield("Mountain", "Alice"))
alice_bolt = duel.put_in_hand("Lightning Bolt", "Alice")
bob_mountain = duel.put_onto_battlefield("Mountain", "Bob")
bob_bolt = duel.put_in_hand("Lightning Bolt", "Bob")
start = len(duel.events) + 1
duel.cast(alice_bolt, target="Bob")
duel.pass_priority()                     # Alice passes: now Bob holds priority
display(priority(duel))
duel.activate(bob_mountain)
duel.cast(bob_bolt, target="Alice")      # Bob responds
duel.resolve_stack()                     # everyone passes until the stack is empty
life_totals(duel)

# %% [markdown]
# The timeline shows every pass. Bob's Bolt was cast last, so it resolved first; then both
# players passed again and Alice's Bolt resolved.

# %%
linked(since(timeline(duel), start)[["seq", "player", "kind", "text", "rules", "cause"]])

# %% [markdown]
# The everyday calls are shortcuts for "everyone passes until ...", and each of their passes is a
# row too: `resolve()` (until the top of the stack resolves), `resolve_stack()` (until the stack
# is empty), `advance(to="end")` (until that step of this turn begins) and `next_turn()`.
#
# `plot_timeline` draws the same events as swimlanes, one lane per player and one for the stack,
# with arrows from each cause; it leaves the passes out unless you ask for them (`kinds=`). The
# legend under the lanes explains the marks: each kind of event has a color and a shape of its own.

# %%
import matplotlib.pyplot as plt
from mtgkit.plot import plot_timeline

fig = plot_timeline(duel.events[start - 1:], arrows=True, title="A Bolt, and Bob's answer")
plt.show()

# %% [markdown]
# ## Why? And why not?
# `game.why(event)` follows the `cause` links back to a player's action and cites the rule at
# each step. `Cited(...)` shows such an explanation with its rule numbers as links.

# %%
from mtgkit.crlinks import Cited

hit = next(e for e in duel.events if e.kind == "damage" and e.player == "Alice")
Cited(duel.why(hit))

# %% [markdown]
# `game.why_not(...)` explains the common surprises when something did **not** happen: no mana
# (`"mana"`), no trigger (`"trigger"`), no crown (`"monarch"`), or an ability that can't be
# activated (`"activate"`). Why can't Alice tap her Forest again?

# %%
Cited(game.why_not("activate", forest))

# %% [markdown]
# ## When the rules say no
# An illegal action raises a `RulesError` that names the rule and explains in plain English,
# and the game is left exactly as it was. Here Bob tries to tap his Island for mana in Alice's main
# phase. A mana ability may be activated whenever its controller has priority, or while they are
# paying a cost or a rule or effect asks them for mana (CR 605.3a, 117.1d). Alice holds priority
# and nothing asks Bob for mana, so he can't (`display(Cited(...))` shows the message with its
# rule as a link):

# %%
from mtgkit.facts import card

game2 = Game(["Alice", "Bob"])
island = game2.put_onto_battlefield("Island", "Bob")
try:
    game2.activate(island)
except RulesError as err:
    display(Cited(f"{type(err).__name__}: {err}"))
card(game2, island)                 # unchanged: still untapped

# %% [markdown]
# ## Step through a game
# A **stepper** walks through a timeline one event at a time: use the buttons, the slider or the
# list. It shows the event, the board *after* it, and why it happened.

# %%
from mtgkit.widgets import TimelineStepper

TimelineStepper(duel.events, start=start - 1)

# %% [markdown]
# ## Explorers: predict, then check
# An **explorer** lets you set up a situation, then asks for your **prediction** before the
# engine answers. Until you predict and press *Check*, it shows no result; change anything and
# the result is hidden again. When a player makes a choice along the way (a color, the order of
# replacement effects), you make it. After *Check* you see the engine's answer next to yours,
# the rule it acted on, the events, and the board afterwards.
#
# Try it: can Alice activate her Llanowar Elves if it arrived this turn?

# %%
from mtgkit.widgets import ActivationExplorer

ActivationExplorer()

# %% [markdown]
# ## Quick questions
# A **quick question** works the same way: pick an answer, press *Check*. The engine works out
# the answer only then. When the players' choices allow several results, every one of them is a
# right answer.

# %%
from mtgkit.teaching import can_quiz
from mtgkit.topics.tap_untap import ActivationCase
from mtgkit.widgets import Quiz

Quiz("Alice's Order of Whiteclay has been hers since her last turn, and it is untapped. Can she "
     "activate its {Q} ability?", ["yes", "no"],
     can_quiz(ActivationCase("Order of Whiteclay", "last turn", False)))

# %% [markdown]
# ## Exercises
# Each exercise has a widget: answer every question (a text box or a choice) and press *Check*.
# The checker says whether each answer is right and, for a mistake, the rule behind it, in one
# sentence; the engine's events are folded away under it. Try this one: what mana does Alice
# get? Write mana as symbols, with or without braces, in any case and order: `{G}{G}`, `GG` and
# `g g` are the same answer; `nothing` (or `none`) for no mana. A number such as `2G` is refused:
# a pool holds mana of a type, never generic mana.

# %%
from mtgkit.topics.tapping import TapCase, check_tap_answers
from mtgkit.widgets import Exercise

cases = {
    "Alice taps a Forest": TapCase(("Forest",)),
    "Alice taps a Forest; she controls Mana Reflection": TapCase(("Forest", "Mana Reflection")),
}
Exercise.for_cases(check_tap_answers, cases)

# %% [markdown]
# Below each widget is the **Python route** to the same checker: replace each `None` with your
# answer and run the cell. The feedback is the same either way.

# %%
answers = {
    "Alice taps a Forest": None,
    "Alice taps a Forest; she controls Mana Reflection": None,
}
print(check_tap_answers(answers, cases))

# %% [markdown]
# (Teachers: each exercise's solution lives in `notebooks/solutions/`, outside the notebooks, and loads into its Python cell with `%load`; `mtgkit course DEST` writes the student copy of the course without the solutions or these hints.)

# %% [markdown]
# ## Key points
# - Events are the timeline; each cites the CR rules it follows (edition 2026-08-07), and every
#   pass of priority is an event too. `linked(timeline(game))` shows it with rule links.
# - Only the player holding priority may cast spells and activate abilities (CR 117.1; a mana
#   ability also while its controller pays a cost or is asked for mana, CR 605.3a); for Bob to
#   respond in Alice's turn, Alice passes first (CR 117.3d). `resolve()` and `advance()` are
#   "everyone passes until ...".
# - `Cited(game.why(event))` explains an event; `game.why_not(...)` explains what didn't happen;
#   `board_html(game.board())` shows the board.
# - Illegal actions raise `RulesError` with the rule and the reason, and change nothing.
# - Explorers and quick questions: predict first, then check. Exercises: a widget, or Python.
#
# Next: [{T}, {Q} and summoning sickness (CR 107.5, 107.6, 302.6)](01-tap-and-untap.ipynb) →
