"""ipywidgets views over the teaching models in :mod:`mtgkit.lessons` (the only GUI layer)."""

from .explorers import ActivationExplorer, Quiz
from .stepper import TimelineStepper

__all__ = ["ActivationExplorer", "Quiz", "TimelineStepper"]
