"""The card catalog: every card the kit knows, declared as data in ``catalog.toml`` (a card file,
:mod:`mtgkit.cards.cardfile`, read as the package is imported). A teacher's own cards are read
from a card file the same way (:func:`load_cards`) and given to one game (``Game(cards=...)``),
never added to :data:`CATALOG`.

>>> card("Llanowar Elves").type_line
'Creature — Elf Druid'
>>> card("Pili-Pala").activated[0].taps_for_mana
False
>>> card("Llanowar Elvs")
Traceback (most recent call last):
...
mtgkit.cards.UnknownCardError: unknown card 'Llanowar Elvs'; did you mean 'Llanowar Elves'?

What a learner types is looked up the same way (:func:`named`, :func:`suggest`): any case, and a
near miss gets a suggestion.

>>> named("underground sea"), named("Forrest"), suggest("Forrest")
('Underground Sea', None, 'Forest')
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from ..abilities import CardDef
from .cardfile import CardFileError, load_cards, parse_cards


def _catalog() -> dict[str, CardDef]:
    path = os.path.join(os.path.dirname(__file__), "catalog.toml")
    with open(path, encoding="utf-8") as f:
        return {c.name: c for c in parse_cards(f.read(), path, _shipped=True)}


#: Every card the kit knows, by name (``mtgkit cards`` lists them with their text), read from
#: ``catalog.toml``.
CATALOG: dict[str, CardDef] = _catalog()


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
        close = suggest(name)
        hint = f"; did you mean {close!r}?" if close else ""
        raise UnknownCardError(f"unknown card {name!r}{hint}") from None


def named(text: str, names: Iterable[str] = CATALOG) -> str | None:
    """The one of ``names`` that ``text`` is, in any case and with spaces around it; ``None`` if none."""
    wanted = " ".join(text.split()).casefold()
    return next((n for n in names if n.casefold() == wanted), None)


def suggest(text: str, names: Iterable[str] = CATALOG) -> str | None:
    """The one of ``names`` closest to ``text`` (a near miss, in any case), or ``None``."""
    import difflib

    known = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(" ".join(text.split()).casefold(), known, n=1)
    return known[close[0]] if close else None


__all__ = ["CATALOG", "CardFileError", "UnknownCardError", "card", "load_cards", "named", "parse_cards",
           "suggest"]
