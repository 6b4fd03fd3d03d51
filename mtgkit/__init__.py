"""mtgkit: a small Magic: The Gathering rules engine for teaching a few tricky rules.

The core (this package minus ``timeline``, ``plot`` and ``widgets``) is pure Python.

>>> from mtgkit import Game
>>> g = Game(["Alice", "Bob"])
>>> forest = g.put_onto_battlefield("Forest", "Alice")
>>> _ = g.activate(forest)
>>> g.pool("Alice")
Mana('{G}')
"""

from .abilities import CardDef
from .board import Board, replay
from .cards import CATALOG, card
from .choices import Chooser, FirstOption, Scripted
from .errors import (
    ChoiceError,
    CombatError,
    CostError,
    GameOverError,
    LimitError,
    RulesError,
    SummoningSicknessError,
    TapSymbolError,
    TargetError,
    TimingError,
    UntapSymbolError,
)
from .events import Event, explain
from .game import STEPS, Game, ObjectError
from .mana import COLORS, TYPES, Mana, ManaCost
from .rules import EDITION, cite

_LAZY = {"load_scenario", "save_scenario", "scenario_text", "Scenario", "ScenarioError"}


def __getattr__(name: str) -> object:
    """Scenario files (tomllib, pathlib) load on first use, keeping ``import mtgkit`` quick; so
    does ``__version__``, read from the installed package's metadata (``pyproject.toml`` is the
    one place the version is written)."""
    if name in _LAZY:
        from . import scenario

        return getattr(scenario, name)
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("mtgkit")
        except PackageNotFoundError:  # a source tree that was never installed
            return "0+unknown"
    raise AttributeError(f"module 'mtgkit' has no attribute {name!r}")


__all__ = [
    "CATALOG", "COLORS", "EDITION", "STEPS", "TYPES", "Board", "CardDef", "ChoiceError",
    "Chooser", "CombatError", "CostError", "Event", "FirstOption", "Game", "GameOverError",
    "LimitError", "Mana", "ManaCost", "ObjectError", "RulesError", "Scripted", "SummoningSicknessError",
    "TapSymbolError", "TargetError", "TimingError", "UntapSymbolError", "card", "cite",
    "explain", "load_scenario", "replay", "save_scenario", "scenario_text", "Scenario", "ScenarioError",
]
