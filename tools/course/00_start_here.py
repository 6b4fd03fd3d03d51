from mtgkit.course import NOTEBOOKS, nav_markdown

NAME = "00-start-here"
INDEX = "\n".join(f"{i}. [{title}]({stem}.ipynb)" for i, (stem, title) in enumerate(NOTEBOOKS))

CELLS = [
("md", """
# mtgkit: tricky Magic rules, one notebook at a time

**You will learn how to:**
- read an *event timeline*, the record of everything that happened in a game, each event citing
  the Comprehensive Rules (CR) it follows;
- ask the kit *why* something happened;
- use the explorers and check your own answers.

Rule numbers are from the Comprehensive Rules effective **2026-08-07**. Rule numbers move
between editions, so the kit always names the edition it cites.
"""),
("md", """
## The course
""" + INDEX + """

Each rule notebook has the same shape: objectives, the rule in plain words, a worked example
with its timeline, a *predict-then-check* explorer, exercises that grade your answer and say
what is wrong, and key points.
"""),
("md", """
## A game in four lines
A `Game` has players in turn order and real turn steps. Setup helpers put cards where a
lesson needs them; actions such as `activate` follow the rules or refuse with a reason.
"""),
("code", """
from mtgkit import Game, RulesError
from mtgkit.timeline import timeline

game = Game(["Alice", "Bob"])
forest = game.put_onto_battlefield("Forest", "Alice")
events = game.activate(forest)
game.pool("Alice")
"""),
("md", """
## The timeline
Every state change is an *event*. `timeline(game)` turns them into a pandas DataFrame with
stable columns: `seq, turn, step, lane, player, kind, object, obj_id, text, rules, cause`.
You can filter it like any DataFrame.
"""),
("code", """
df = timeline(game)
df[df.kind != "step"][["seq", "kind", "text", "rules", "cause"]]
"""),
("md", """
The `cause` column links each event to the event that made it happen. `game.why(...)`
follows those links back to a player's action and cites the rule at each link.
"""),
("code", """
print(game.why(events[-1]))
"""),
("md", """
And `game.why_not(...)` explains the common surprises when something did **not** happen:
no mana (`"mana"`), no trigger (`"trigger"`), no crown (`"monarch"`), or an ability that can't
be activated (`"activate"`).
"""),
("code", """
print(game.why_not("activate", forest))
"""),
("md", """
## When the rules say no
An illegal action raises a `RulesError` that names the rule and explains in plain English.
The game is left exactly as it was.
"""),
("code", """
try:
    game.activate(forest)
except RulesError as err:
    print(err)
"""),
("md", """
## Widgets and exercises
- **Explorers** let you change a situation and *predict* before the engine answers.
- **Steppers** walk through a timeline one event at a time, showing the board and the reason.
- **Exercises** are ordinary Python cells: fill in your answer and run the checker cell. It
  says what is right, and for each mistake, why. (Teachers: solutions live in
  `notebooks/solutions/`, outside the notebooks, and load with `%load`;
  `python3 tools/student_copy.py DEST` writes a copy of the course without them.)
"""),
("code", """
from mtgkit.widgets import TimelineStepper

TimelineStepper(game)
"""),
("md", """
## Key points
- Events are the timeline; each cites the CR rules it follows (edition 2026-08-07).
- `timeline(game)` is a DataFrame you can filter; `game.why(event)` explains an event.
- Illegal actions raise `RulesError` with the rule and the reason, and change nothing.

""" + nav_markdown(NAME)),
]
