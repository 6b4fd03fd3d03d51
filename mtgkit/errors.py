"""Errors raised for illegal actions. Each names its CR rule and says why in plain English.

An action that raises leaves the game exactly as it was.

>>> err = TapSymbolError("Llanowar Elves is already tapped, so it can't be tapped again.")
>>> str(err)
"Llanowar Elves is already tapped, so it can't be tapped again. [CR 107.5 (2026-08-07)]"
>>> err.rule
'107.5'
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import cite


class RulesError(Exception):
    """An action the rules do not allow. ``rule`` is the CR number, ``reason`` plain English;
    ``also`` lists other requirements the same action fails (each its own error), so a learner
    who expected the second reason hears it too.

    >>> err = TapSymbolError("Llanowar Elves is already tapped.",
    ...                      also=[SummoningSicknessError("It arrived this turn.")])
    >>> err.rules
    ('107.5', '302.6')
    >>> print(err)  # doctest: +NORMALIZE_WHITESPACE
    Llanowar Elves is already tapped. [CR 107.5 (2026-08-07)]
    Also: It arrived this turn. [CR 302.6 (2026-08-07)]
    """

    rule: str = "100.1"

    def __init__(self, reason: str, rule: str | None = None, *,
                 also: Sequence[RulesError] = ()) -> None:
        if rule is not None:
            self.rule = rule
        self.reason = reason
        self.also: tuple[RulesError, ...] = tuple(also)
        super().__init__(f"{reason} [{cite(self.rule)}]"
                         + "".join(f" Also: {a.reason} [{cite(a.rule)}]" for a in self.also))

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule the action breaks: this error's first, then the others' (``also``)."""
        return (self.rule, *(a.rule for a in self.also))


class TapSymbolError(RulesError):
    """{T} can't be paid: the permanent is already tapped (CR 107.5)."""

    rule = "107.5"


class UntapSymbolError(RulesError):
    """{Q} can't be paid: the permanent is already untapped (CR 107.6)."""

    rule = "107.6"


class SummoningSicknessError(RulesError):
    """A creature's {T}/{Q} ability or attack before continuous control (CR 302.6)."""

    rule = "302.6"


class CostError(RulesError):
    """A cost that can't be paid: not enough mana, life or counters (CR 601.2h / 602.2b)."""

    rule = "602.2b"


class TimingError(RulesError):
    """The action is not allowed at this moment (priority, main phase, empty stack)."""

    rule = "117.1a"


class TargetError(RulesError):
    """A target that is not legal (CR 115 / 601.2c)."""

    rule = "601.2c"


class CombatError(RulesError):
    """An illegal attack or block declaration (CR 508.1 / 509.1)."""

    rule = "508.1"


class ChoiceError(RulesError):
    """A choice that is not one of the legal options (for example an unknown color)."""

    rule = "601.2"


class GameOverError(RulesError):
    """The player has left the game or the game is over (CR 104 / 800.4a)."""

    rule = "800.4a"


class LimitError(ValueError):
    """A value over one of the kit's own limits (:mod:`mtgkit.limits`), reached during play:
    not a rule of the game (the rules have no such limit), so not a :class:`RulesError`.
    ``limit`` names it, e.g. ``"MAX_MANA"``. Like any refusal, it leaves the game unchanged.

    >>> err = LimitError("Alice's mana pool would hold 2,000,000 mana", "MAX_MANA", 1_000_000)
    >>> print(err)  # doctest: +NORMALIZE_WHITESPACE
    Alice's mana pool would hold 2,000,000 mana: more than 1,000,000, the kit's limit
    (MAX_MANA in mtgkit.limits; the rules have no such limit)
    """

    def __init__(self, what: str, limit: str, value: int) -> None:
        self.limit, self.value = limit, value
        super().__init__(f"{what}: more than {value:,}, the kit's limit ({limit} in mtgkit.limits; "
                         f"the rules have no such limit)")
