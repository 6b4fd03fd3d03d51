"""The card catalog: every card the kit knows, declared as data.

>>> card("Llanowar Elves").type_line
'Creature — Elf Druid'
>>> card("Pili-Pala").activated[0].taps_for_mana
False
>>> card("Llanowar Elvs")
Traceback (most recent call last):
...
mtgkit.cards.UnknownCardError: unknown card 'Llanowar Elvs'; did you mean 'Llanowar Elves'?
"""

from __future__ import annotations

from ..abilities import CardDef
from .catalog import CARDS

#: Every card the kit knows, by name (``mtgkit cards`` lists them with their text).
CATALOG: dict[str, CardDef] = {c.name: c for c in CARDS}


class UnknownCardError(ValueError, KeyError):
    """No card by that name: a ``ValueError`` (a bad argument), and a ``KeyError`` (a failed
    catalog lookup) for code written against the catalog as a dict."""

    def __str__(self) -> str:
        return str(self.args[0])


def card(name: str) -> CardDef:
    """Look a card up by its exact name; unknown names suggest the closest match."""
    try:
        return CATALOG[name]
    except KeyError:
        import difflib

        close = difflib.get_close_matches(name, CATALOG, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UnknownCardError(f"unknown card {name!r}{hint}") from None


__all__ = ["CATALOG", "UnknownCardError", "card"]
