"""The kit's documented limits. Anything bigger is refused with a clean error.

The engine is a teaching tool: these bounds are far beyond any lesson, and they keep a
mistyped number (a million counters, a thousand players) from eating the machine.

>>> MAX_PLAYERS, MAX_COUNTERS, MAX_X
(8, 1000, 100)
"""

from __future__ import annotations

#: Players in a game (CR 800: multiplayer games; the course uses two to four).
MAX_PLAYERS = 8
#: Characters in a player's name.
MAX_NAME = 40
#: Starting life total.
MAX_LIFE = 1_000_000
#: Cards in each starting library (plus any the setup puts there).
MAX_LIBRARY = 1000
#: Counters of one kind on one permanent.
MAX_COUNTERS = 1000
#: The value of X a spell may be cast with.
MAX_X = 100
#: Objects (cards and tokens) in one game, in all zones.
MAX_OBJECTS = 5000
#: Events in one game's log.
MAX_EVENTS = 200_000
