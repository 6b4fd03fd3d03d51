# %% [markdown]
# # Practice: endless questions, answered by the engine
#
# **Objectives.** After this notebook you can:
# 1. practise every rule of the course on fresh boards, as many as you like;
# 2. read the feedback on a wrong answer: the misconception behind it, what the rule really says
#    (with its CR number) and the engine's explanation;
# 3. answer scenario questions, where a short play sequence happens on the board first (casts,
#    responses while a trigger waits, combat, a player leaving), and "which rule decides?"
#    questions; where the players' choices matter, every answer some legal choice gives is right;
# 4. work through the capstones, hand-written questions in a judge's style;
# 5. give a class the same worksheet by sharing a seed, and collect scores as a CSV file.
#
# Rules: all of the course, cited in each question (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## How it works
# A question bank written by hand runs out. Here a generator builds a random **legal** board from
# the card catalog, often with a short **play sequence** after it (Alice casts a creature, Bob
# responds while a trigger waits on the stack, a combat, a player leaves the game), and asks one
# question about the end. The **engine** plays it out under every choice the players could make
# (a color, the order of replacement effects, which Protector takes the damage, which legendary
# permanent to keep), so every answer a legal choice gives is marked right. Each wrong option is
# there because a named **misconception** (a mistake learners really make, such as "a copy keeps
# the original's X"), applied to the same board and the same steps, gives that answer. Some
# questions ask *which rule decides*: the options are rule numbers with their titles, and the
# right one is the rule on the engine event that decided the outcome. The same **seed** always
# gives the same questions, so a teacher can hand everyone seed 7.
#
# Topics: `could-produce` (CR 106.7), `tapping` (106.12), `x-values` (107.3m), `tap-untap`
# (107.5, 107.6, 302.6) and `monarch` (725, 614.9), and the `capstones`. Levels: `easy` and
# `hard`. A hard question has four options or more and is never true/false, and at least seven hard
# questions in ten are scenarios of two steps or more; in any 20 questions in a row no answer is
# right more than five times (a sheet that can't keep that ends rather than break it). The wrong
# options and their order are chosen so that answering by looks (the longest option, the shortest,
# the one sharing most words with the question or with the other options, always the same place)
# does no better than a blind guess: a test measures that over ten seeds of every topic and level.
# The capstones' options are written by hand: only their order is chosen.

# %% [markdown]
# ## Practise
# Choose a topic, a level and a seed; pick an answer and press *Check*; then *Next question*. The
# score counts your first check of each question. It opens on hard X-value questions, seed 2:
# question 1 is Lithoform Engine copying a Walking Ballista spell; question 2 is a Clone of The
# Goose Mother, where the legend rule lets Alice choose, so two options are right; question 3 mixes
# X with tapping: Lithoform Engine copies a Hangarback Walker spell paid for with Mana Reflection's
# doubled mana.

# %%
from mtgkit.widgets import PracticeWidget

practice = PracticeWidget("x-values", "hard", seed=2)
practice

# %% [markdown]
# ### Reading the feedback
# A wrong answer first says which answers are right, then names the misconception that gives your
# answer, says what the rule really says (with its CR number) and shows the smallest board where
# the two differ; last comes the explanation of the right answer, in plain words and then the
# engine's events. The misconceptions are a catalog you can read; these are the X-value ones:

# %%
from mtgkit.misconceptions import listed

listed("x-values")

# %% [markdown]
# ### Why?
# Every explanation comes from the cause links of the events the engine recorded: the same
# `game.why(...)` as in the rule notebooks. Here it is on the monarch's worked example, loaded from
# its scenario file:

# %%
from mtgkit import load_scenario
from mtgkit.crlinks import Cited
from mtgkit.scenario import example

game = load_scenario(example("06-the-monarch")).game
crowned = [e for e in game.events if e.kind == "monarch" and e.get("changed")][-1]
Cited(game.why(crowned))

# %% [markdown]
# ## Capstones: questions in a judge's style
# The capstones are written by hand: a realistic sequence, the full text of every card, one
# precisely worded answer and a human "why". They are kept as data files and each is checked by
# the engine: the right answer is what the engine produces, and every wrong option comes from a
# named misconception. Choose `capstones` in the practice widget, or print them. Here is one:

# %%
from mtgkit.practice import render_worksheet, worksheet
from mtgkit.widgets import shown_in_notebook

shown_in_notebook(render_worksheet(worksheet("capstones", "hard", 1, seed=1), links=True))

# %% [markdown]
# ## Worksheets for a class
# In a terminal, `python -m mtgkit worksheet --topic monarch --level easy --n 10 --seed 4` (or
# `mtgkit worksheet ...`) writes two markdown files: `worksheet-monarch-easy-seed4.md`, the
# questions, and `worksheet-monarch-easy-seed4-key.md`, the answer key with the explanations and the
# misconception behind each wrong option. Everyone with seed 4 gets the same questions. Add
# `--format json` for the questions as data (for a learning platform). The same worksheet, its
# first three questions, in Python:

# %%
shown_in_notebook(render_worksheet(worksheet("monarch", "easy", 3, seed=4), links=True))

# %% [markdown]
# (Teachers: the answer key for the same questions is `render_worksheet` with `key=True`. Print the
# worksheet for the class, keep the key, and give each group its own seed if answers should not be
# shared.)

# %% [markdown]
# ## Collecting scores
# Type your name in the practice widget's *name* box before you start. *Export score (CSV)* gives a
# link that downloads `yourname-score.csv`: one row per answer checked, with the topic, level, seed,
# question, your answer, whether it was right, whether it was your first try, the right answers and
# the misconception behind a wrong one. Hand that file to your teacher. In Python the same table is
# `practice.score_csv()`.

# %% [markdown]
# ## Exercise 1: could produce
# The first five hard could-produce questions of seed 1. Pick an answer for each and press *Check*;
# or, in Python, write each answer (one of its options, with the mana symbols in any order) in place
# of the `None`s in the cell below the widget and run it: the same checker checks both.

# %%
from mtgkit.practice import check_practice, worksheet
from mtgkit.widgets import Exercise

questions1 = worksheet("could-produce", "hard", 5, seed=1)
Exercise.for_practice(questions1, title="Exercise 1: could-produce, hard, seed 1")

# %% [markdown]
# (Teachers: `%load solutions/08_exercise1.py` in the cell below fills in the answers.)

# %%
answers1 = [None, None, None, None, None]
print(check_practice(answers1, questions1))

# %% [markdown]
# ## Exercise 2: tapping for mana of a type and an amount
# The first five hard tapping questions of seed 8, each a short sequence. Question 5 mixes tapping
# with X (how many counters the Walking Ballista gets, and what is left in Alice's pool); questions
# 2 and 3 mix it with {Q} (can Alice still use Pili-Pala's {2}, {Q} ability?).

# %%
from mtgkit.practice import worksheet, check_practice
from mtgkit.widgets import Exercise

questions2 = worksheet("tapping", "hard", 5, seed=8)
Exercise.for_practice(questions2, title="Exercise 2: tapping, hard, seed 8")

# %% [markdown]
# (Teachers: `%load solutions/08_exercise2.py` in the cell below fills in the answers.)

# %%
answers2 = [None, None, None, None, None]
print(check_practice(answers2, questions2))

# %% [markdown]
# ## Key points
# - The engine builds, plays, answers and explains every generated question; the capstones are
#   written by hand, and checked by the engine.
# - When players have choices, every answer a legal choice gives is right; every wrong option comes
#   from a named misconception, and the feedback says which, with the rule it breaks.
# - A seed makes a worksheet reproducible for a whole class; the practice widget's CSV export
#   collects each learner's answers.
#
# ← Previous: [Protector of the Crown: redirected damage and the crown (CR 614.9)](07-protector-of-the-crown.ipynb) · [Course index](00-start-here.ipynb)
