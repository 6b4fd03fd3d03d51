"""ipywidgets views over the teaching models in :mod:`mtgkit.lessons` (the only GUI layer)."""

from .exercise import Exercise
from .explorers import ActivationExplorer, Quiz
from .mana import CouldProduceExplorer, TapExplorer
from .practice import PracticeWidget, shown_in_notebook
from .rules import CombatExplorer, XValueExplorer
from .stepper import TimelineStepper

__all__ = ["ActivationExplorer", "CombatExplorer", "CouldProduceExplorer", "Exercise", "PracticeWidget",
           "Quiz", "TapExplorer", "TimelineStepper", "XValueExplorer", "shown_in_notebook"]
