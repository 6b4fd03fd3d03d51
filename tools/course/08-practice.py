# %% [markdown]
# # Practice: endless questions, answered by the engine
#
# **Objectives.** After this notebook you can:
# 1. practise every rule of the course on fresh boards, as many as you like;
# 2. read the engine's explanation when an answer is wrong, with its rule numbers;
# 3. give a class the same worksheet by sharing a seed.
#
# Rules: all of the course, cited in each question (Comprehensive Rules of 2026-08-07).

# %% [markdown]
# ## How it works
# A question bank written by hand runs out. Here a generator builds a random board from the
# card catalog, asks one question, and lets the **engine** work out the answer, so every
# question is correct and new. Wrong options are other plausible answers that the engine
# confirms are wrong, so each question has exactly one right answer. The same **seed** always
# gives the same questions: a teacher can hand everyone seed 7.
#
# Topics: `could-produce` (CR 106.7), `tapping` (106.12), `x-values` (107.3m), `tap-untap`
# (107.5, 107.6, 302.6) and `monarch` (725, 614.9). Levels: `easy` and `hard`.

# %%
from mtgkit.practice import worksheet, grade

q = worksheet("tapping", "hard", 3, seed=7)[2]
print(q.board)
print(q.prompt)
q.options

# %% [markdown]
# A wrong answer gets the engine's explanation of the right one:

# %%
wrong = next(option for option in q.options if option != q.answer)
print(grade(q, wrong).message)

# %% [markdown]
# ### Why?
# Every explanation comes from the cause links of the events the engine recorded, the same
# `game.why(...)` you used in the rule notebooks. Here it is on the monarch's worked example,
# loaded from its scenario file:

# %%
from mtgkit import load_scenario
from mtgkit.scenario import example

game = load_scenario(example("06-the-monarch")).game
crowned = [e for e in game.events if e.kind == "monarch" and e.get("changed")][-1]
print(game.why(crowned))

# %% [markdown]
# ## Practise
# Choose a topic, a level and a seed, answer, press *Check*, then *Next question*. The score
# counts your first check of each question.

# %%
from mtgkit.widgets import PracticeWidget

PracticeWidget("could-produce", "easy", seed=7)

# %% [markdown]
# ## Worksheets for a class
# `python -m mtgkit worksheet --topic could-produce --n 10 --seed 7` writes a markdown worksheet
# and a separate answer key with the explanations. The same questions, in Python:

# %%
from mtgkit.practice import render_worksheet

print(render_worksheet(worksheet("x-values", "easy", 2, seed=7)))

# %% [markdown]
# ## Exercise 1
# Answer the first five could-produce questions of seed 1 (write each answer exactly as one of
# its options). (Teachers: `%load solutions/08_exercise1.py`.)

# %%
from mtgkit.practice import check_practice

questions1 = worksheet("could-produce", "easy", 5, seed=1)
for question in questions1:
    print(question.number, question.board, "|", question.prompt, question.options)
answers1 = [None, None, None, None, None]
print(check_practice(answers1, questions1))

# %% [markdown]
# ## Exercise 2
# Three hard monarch questions. (Teachers: `%load solutions/08_exercise2.py`.)

# %%
questions2 = worksheet("monarch", "hard", 3, seed=2)
for question in questions2:
    print(question.number, question.board, "|", question.prompt, question.options)
answers2 = [None, None, None]
print(check_practice(answers2, questions2))

# %% [markdown]
# ## Key points
# - The engine builds, answers and explains every question; nothing is written by hand.
# - Each question has exactly one correct option; a wrong answer shows the engine's reasons.
# - A seed makes a worksheet reproducible for a whole class.
#
# ← Previous: [Protector of the Crown: redirected damage and the crown (CR 614.9)](07-protector-of-the-crown.ipynb) · [Course index](00-start-here.ipynb)
