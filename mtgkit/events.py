"""Events: the immutable record of every state change, each citing its CR rules.

The event log is the single source of truth for timelines, plots, widgets and the
"why?" explanations.  Every event has a ``cause``: the sequence number of the event
that led to it (``None`` only for a player's own action, a setup step, or a turn-based
action of the game itself), and ``links``: the choices and replacement effects that
shaped it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .rules import EDITION

#: Every event kind with what it means. The timeline documents these.
KINDS: dict[str, str] = {
    "players": "the game begins with these players in turn order",
    "setup": "a teaching setup step (a card put somewhere by the teacher, not by the rules)",
    "turn": "a turn begins",
    "step": "a step or phase begins",
    "untap": "a permanent untaps",
    "tap": "a permanent taps",
    "activate": "a player activates an ability (costs are paid in events right after)",
    "cast": "a player casts a spell: it moves to the stack",
    "land": "a player plays a land",
    "choice": "a player makes a choice (a color, an order, a target, X)",
    "replace": "a replacement effect changes an event (the event says what it would have been)",
    "mana": "mana is added to a mana pool",
    "no_mana": "an ability produces no mana (for example an undefined type, CR 106.5)",
    "spend": "mana leaves a pool to pay a cost",
    "empty": "a mana pool empties at the end of a step",
    "trigger": "a triggered ability triggers",
    "stack": "a triggered ability is put on the stack",
    "resolve": "a spell or ability resolves",
    "fizzle": "a spell or ability does nothing (illegal targets, false intervening 'if')",
    "counter": "a spell is countered",
    "move": "a card moves between zones (draw, dies, returns, exiled)",
    "enter": "a permanent enters the battlefield",
    "counters": "counters are put on or removed from a permanent",
    "life": "a player's life total changes",
    "damage": "damage is dealt",
    "attack": "a creature is declared as an attacker",
    "block": "a creature is declared as a blocker",
    "monarch": "a player becomes the monarch",
    "effect": "a continuous effect starts or ends",
    "sba": "a state-based action happens",
    "cleanup": "damage marked on permanents wears off in the cleanup step",
    "leave": "a player leaves the game (loses or concedes)",
}


@dataclass(frozen=True, slots=True)
class Event:
    """One state change. Immutable; ``data`` holds the kind-specific fields.

    >>> e = Event(seq=1, turn=1, step="main1", kind="tap", player="Alice",
    ...           obj="Forest", obj_id=3, text="Forest becomes tapped", rules=("107.5",))
    >>> e.get("mana", "none")
    'none'
    >>> e.citation
    'CR 107.5'
    """

    seq: int
    turn: int
    step: str
    kind: str
    player: str | None
    obj: str | None
    obj_id: int | None
    text: str
    rules: tuple[str, ...] = ()
    cause: int | None = None
    links: tuple[int, ...] = ()
    lane: str = ""
    data: tuple[tuple[str, Any], ...] = field(default=())

    def get(self, key: str, default: Any = None) -> Any:
        """A kind-specific field, e.g. ``event.get("mana")``."""
        for k, v in self.data:
            if k == key:
                return v
        return default

    @property
    def citation(self) -> str:
        return "CR " + ", ".join(self.rules) if self.rules else ""

    def __str__(self) -> str:
        rules = f" [{self.citation}]" if self.rules else ""
        return f"#{self.seq} {self.text}{rules}"


def chain(events: Sequence[Event], seq: int) -> list[Event]:
    """The event ``seq`` followed by its causes, back to a player's action or the game.

    ``events`` is the whole log, indexed by ``seq - 1``.
    """
    out: list[Event] = []
    seen: set[int] = set()
    current: int | None = seq
    while current is not None and current not in seen:
        seen.add(current)
        event = events[current - 1]
        out.append(event)
        current = event.cause
    return out


def explain(events: Sequence[Event], seq: int) -> str:
    """A readable answer to "why did event ``seq`` happen?", citing each link's rules.

    Each line is one link of the chain; choices and replacement effects that shaped an
    event are listed under it.
    """
    lines: list[str] = []
    links = chain(events, seq)
    for depth, event in enumerate(links):
        lead = "" if depth == 0 else "because "
        lines.append(f"{'  ' * depth}{lead}{_sentence(event)}")
        for link in event.links:
            shaped = events[link - 1]
            lines.append(f"{'  ' * depth}  (shaped by {_sentence(shaped)})")
    origin = links[-1]
    if origin.kind == "setup" or origin.get("setup"):
        lines.append("  (this is where the example starts: the teacher set it up)")
    elif origin.kind in ("turn", "step", "players"):
        lines.append("  (the game itself did this as the turns moved on: CR 500.1)")
    elif origin.player:
        lines.append(f"  (this is where it starts: {origin.player}'s own action)")
    lines.append(f"Rule numbers from the Comprehensive Rules of {EDITION}.")
    return "\n".join(lines)


def _sentence(event: Event) -> str:
    rules = f" ({', '.join(event.rules)})" if event.rules else ""
    return f"#{event.seq} {event.text}{rules}"
