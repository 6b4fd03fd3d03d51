"""Mana: the six types (CR 106.1b), amounts of mana, and mana costs.

>>> Mana.parse("{G}{G}{C}")
Mana('{G}{G}{C}')
>>> Mana.parse("{W}") + Mana.parse("{U}")
Mana('{W}{U}')
>>> sorted(Mana.parse("{B}{B}{U}").types)
['B', 'U']
>>> cost = ManaCost.parse("{X}{X}")
>>> cost.total(x=2)
4
>>> pay(Mana.parse("{G}{G}{R}{R}"), ManaCost.parse("{X}{X}"), x=2)
Mana('{R}{R}{G}{G}')

Amounts are counts: a large amount is shown as a count of each type, never symbol by symbol.

>>> Mana.of("G", 1024) + Mana.parse("{W}")
Mana('{W}{G}x1,024')
>>> Mana.parse("{G}x1,024").amount
1024
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from .limits import MAX_MANA
from .records import Value
from .wording import refusal

#: Mana types in display order. ``C`` is colorless, which is a type but not a color.
TYPES: tuple[str, ...] = ("W", "U", "B", "R", "G", "C")
#: The five colors (CR 106.1a); colorless is not a color.
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
_ORDER = {t: i for i, t in enumerate(("C",) + COLORS)}
#: A type with more mana than this is shown as a count (``{G}x1,024``), not symbol by symbol.
SPELLED_OUT = 10


def sort_types(types: Iterable[str]) -> tuple[str, ...]:
    """Types in the conventional order W, U, B, R, G, C.

    >>> sort_types({"C", "G", "W"})
    ('W', 'G', 'C')
    """
    return tuple(t for t in TYPES if t in set(types))


def symbols(types: Iterable[str]) -> str:
    """Render a set of types as symbols, e.g. ``{W}{G}``; ``nothing`` when empty."""
    ordered = sort_types(types)
    return "".join(f"{{{t}}}" for t in ordered) if ordered else "nothing"


#: How many of each type, in the order of :data:`TYPES`.
Counts = tuple[int, int, int, int, int, int]


def _counts(values: Iterable[int]) -> Counts:
    """Six amounts as :data:`Counts` (a ``ValueError`` if there aren't six)."""
    w, u, b, r, g, c = values
    return (w, u, b, r, g, c)


class Mana:
    """An amount of mana: how many of each type. Immutable; supports ``+`` and ``-``."""

    __slots__ = ("counts",)
    counts: tuple[int, int, int, int, int, int]

    def __init__(self, counts: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)) -> None:
        object.__setattr__(self, "counts", counts)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(refusal("mana.immutable"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mana) and other.counts == self.counts

    def __hash__(self) -> int:
        return hash(self.counts)

    def __reduce__(self) -> tuple[type[Mana], tuple[tuple[int, int, int, int, int, int]]]:
        return (Mana, (self.counts,))

    @classmethod
    def of(cls, mana_type: str, amount: int = 1) -> Mana:
        """``amount`` mana of one type."""
        if mana_type not in TYPES:
            raise ValueError(refusal("mana.unknown_type", mana_type=mana_type, types=TYPES))
        counts = [0] * 6
        counts[TYPES.index(mana_type)] = amount
        return cls(_counts(counts))

    @classmethod
    def parse(cls, text: str) -> Mana:
        """Parse mana symbols such as ``{G}{G}`` (generic numbers are not mana), or a count of
        one symbol as the kit shows a large amount (``{G}x1,024``)."""
        found = _COUNTED.findall(text)
        if "".join(f"{{{sym}}}" + (f"x{n}" if n else "") for sym, n in found) != text.replace(" ", ""):
            raise ValueError(refusal("mana.not_symbols", text=text))
        counts = [0] * 6
        for sym, n in found:
            if sym not in TYPES:
                raise ValueError(refusal("mana.unknown_type", mana_type=sym, types=TYPES))
            counts[TYPES.index(sym)] += int(n.replace(",", "")) if n else 1
            if sum(counts) > MAX_MANA:
                raise ValueError(refusal("mana.over_limit", max_mana=MAX_MANA, text=text[:40]))
        return cls(tuple(counts))  # type: ignore[arg-type]

    @property
    def amount(self) -> int:
        """Total number of mana."""
        return sum(self.counts)

    @property
    def types(self) -> frozenset[str]:
        """The types present."""
        return frozenset(t for t, n in zip(TYPES, self.counts, strict=True) if n)

    def __getitem__(self, mana_type: str) -> int:
        return self.counts[TYPES.index(mana_type)]

    def __add__(self, other: Mana) -> Mana:
        return Mana(_counts(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    def __sub__(self, other: Mana) -> Mana:
        result = _counts(a - b for a, b in zip(self.counts, other.counts, strict=True))
        if min(result) < 0:
            raise ValueError(refusal("mana.cannot_take", other=other, pool=self))
        return Mana(result)

    def common(self, other: Mana) -> Mana:
        """The mana both amounts hold: of each type, the smaller count.

        >>> Mana.parse("{G}{G}{R}").common(Mana.parse("{G}{B}"))
        Mana('{G}')
        """
        return Mana(_counts(min(a, b) for a, b in zip(self.counts, other.counts, strict=True)))

    def __mul__(self, factor: int) -> Mana:
        return Mana(_counts(a * factor for a in self.counts))

    def __bool__(self) -> bool:
        return any(self.counts)

    def __iter__(self) -> Iterator[str]:
        """Each mana, one type letter at a time, in display order."""
        for t in TYPES:
            yield from [t] * self[t]

    def __str__(self) -> str:
        """The symbols, one per mana (``{G}{G}``); a type with more than :data:`SPELLED_OUT` mana
        as a count (``{G}x1,024``), so a huge amount stays a short text."""
        if not self:
            return "no mana"
        return "".join(f"{{{t}}}" * n if n <= SPELLED_OUT else f"{{{t}}}x{n:,}"
                       for t, n in zip(TYPES, self.counts, strict=True) if n)

    def __repr__(self) -> str:
        return f"Mana({str(self)!r})" if self else "Mana()"


_SYMBOL = re.compile(r"\{([^}]*)\}")
_COUNTED = re.compile(r"\{([^}]*)\}(?:x(\d{1,3}(?:,\d{3})+|\d+))?")


def _symbols(text: str) -> list[str]:
    found = _SYMBOL.findall(text)
    if "".join(f"{{{s}}}" for s in found) != text.replace(" ", ""):
        raise ValueError(refusal("mana.not_symbols", text=text))
    return found


class ManaCost(Value):
    """A mana cost: generic, colored, hybrid (``{W/U}``) and ``{X}`` symbols.

    >>> ManaCost.parse("{1}{W}{W}").mana_value()
    3
    >>> ManaCost.parse("{X}{G}{U}").mana_value(x=3)
    5
    >>> str(ManaCost.parse("{W/U}"))
    '{W/U}'
    """

    generic: int = 0
    colored: Mana = Mana()
    hybrid: tuple[tuple[str, str], ...] = ()
    x_count: int = 0
    text: str = ""

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        generic, colored, hybrid, x_count = 0, Mana(), [], 0
        for sym in _symbols(text):
            if sym.isdigit():
                generic += int(sym)
            elif sym == "X":
                x_count += 1
            elif "/" in sym:
                a, b = sym.split("/")
                if a not in TYPES or b not in TYPES:
                    raise ValueError(refusal("mana.unknown_hybrid", sym=sym, text=text))
                hybrid.append((a, b))
            elif sym in TYPES:
                colored = colored + Mana.of(sym)
            else:
                raise ValueError(refusal("mana.unknown_symbol", sym=sym, text=text))
        return cls(generic, colored, tuple(hybrid), x_count, text)

    @classmethod
    def of(cls, generic: int = 0, colored: Mana | None = None,
           hybrid: tuple[tuple[str, str], ...] = ()) -> ManaCost:
        """A cost from its parts, written the usual way (generic, hybrid, then colored symbols).

        >>> str(ManaCost.of(2, Mana.parse("{R}{R}")))
        '{2}{R}{R}'
        >>> str(ManaCost.of())
        '{0}'
        """
        colored = colored or Mana()
        text = (f"{{{generic}}}" if generic else "") + "".join(f"{{{a}/{b}}}" for a, b in hybrid)
        return cls(generic, colored, hybrid, 0, text + "".join(f"{{{t}}}" for t in colored))

    def plus(self, generic: int) -> ManaCost:
        """This cost with ``generic`` more generic mana (a cost increase, CR 601.2f).

        >>> str(ManaCost.parse("{X}{G}{U}").plus(1))
        '{X}{1}{G}{U}'
        """
        n = self.generic + generic
        rest = [sym for sym in _symbols(self.text) if sym != "X" and not sym.isdigit()]
        text = "{X}" * self.x_count + (f"{{{n}}}" if n else "") + "".join(f"{{{sym}}}" for sym in rest)
        return ManaCost(n, self.colored, self.hybrid, self.x_count, text)

    def less(self, generic: int, x: int) -> ManaCost:
        """This cost with X = ``x`` folded into its generic mana, then ``generic`` less of that (a
        cost reduction, CR 601.2f; never below nothing).

        >>> str(ManaCost.parse("{X}{X}").less(2, 1)), str(ManaCost.parse("{X}{G}{U}").less(1, 3))
        ('{0}', '{2}{G}{U}')
        """
        n = max(0, self.generic + self.x_count * x - generic)
        rest = [sym for sym in _symbols(self.text) if sym != "X" and not sym.isdigit()]
        text = (f"{{{n}}}" if n else "") + "".join(f"{{{sym}}}" for sym in rest)
        return ManaCost(n, self.colored, self.hybrid, 0, text or "{0}")

    def any_color(self) -> ManaCost:
        """This cost as mana spent "as though it were mana of any color" pays it (CR 609.4b): each
        colored symbol, and each hybrid symbol with a colored half, can be paid with mana of any
        type, like generic mana; {C} still takes colorless mana. Its text stays the cost's own.

        >>> cost = ManaCost.parse("{1}{R}{W/U}").any_color()
        >>> cost.generic, str(cost)
        (3, '{1}{R}{W/U}')
        """
        colored = sum(self.colored[t] for t in COLORS)
        hybrid = tuple(h for h in self.hybrid if h[0] not in COLORS and h[1] not in COLORS)
        return ManaCost(self.generic + colored + len(self.hybrid) - len(hybrid),
                        Mana.of("C", self.colored["C"]), hybrid, self.x_count, self.text)

    def mana_value(self, x: int = 0) -> int:
        """Mana value (CR 202.3); ``x`` counts only for a spell on the stack (202.3e)."""
        return self.generic + self.colored.amount + len(self.hybrid) + self.x_count * x

    def total(self, x: int = 0) -> int:
        """How many mana paying this cost takes with the given X."""
        return self.mana_value(x)

    @property
    def colors(self) -> frozenset[str]:
        """The colors of the symbols in this cost (a card's colors come from its cost)."""
        found = set(self.colored.types)
        for a, b in self.hybrid:
            found |= {a, b}
        return frozenset(found) - {"C"}

    def __str__(self) -> str:
        return self.text or "{0}"


def pay(pool: Mana, cost: ManaCost, x: int = 0) -> Mana:
    """The mana to spend from ``pool`` for ``cost`` with the given X, or raise ``ValueError``.

    Colored symbols take their own type; each hybrid symbol takes either half (CR 106.8
    describes producing hybrid mana; paying it is 107.4e); generic takes colorless first,
    then colors in W, U, B, R, G order. The choice is deterministic.
    """
    try:
        rest = pool - cost.colored
    except ValueError:
        raise ValueError(refusal("mana.cant_pay_colored", pool=pool, cost=cost)) from None
    spent = _pay_hybrid(rest, cost.hybrid)
    if spent is None:
        raise ValueError(refusal("mana.cant_pay_hybrid", pool=pool, cost=cost))
    rest = rest - spent
    generic = cost.generic + cost.x_count * x
    generic_spent = Mana()
    for t in ("C",) + COLORS:
        take = min(rest[t], generic - generic_spent.amount)
        if take:
            generic_spent = generic_spent + Mana.of(t, take)
    if generic_spent.amount < generic:
        raise ValueError(refusal("mana.not_enough", pool=pool, cost=cost, x=x))
    return cost.colored + spent + generic_spent


def _pay_hybrid(pool: Mana, hybrid: tuple[tuple[str, str], ...]) -> Mana | None:
    """The mana from ``pool`` that pays the hybrid symbols, each its first half when that still
    leaves a way to pay the rest, else its second; None if there is no way. Each (pool left,
    symbols left) that can't be paid is remembered, so the search is polynomial in the number
    of symbols (22 {W/U} against eleven {W} and ten {U} took 19 s by trying every split).

    >>> str(_pay_hybrid(Mana.parse("{W}{U}"), (("W", "U"), ("W", "U"))))
    '{W}{U}'
    """
    failed: set[tuple[Mana, int]] = set()

    def walk(left: Mana, i: int) -> Mana | None:
        if i == len(hybrid):
            return Mana()
        if (left, i) in failed:
            return None
        for half in hybrid[i]:
            if left[half]:
                tail = walk(left - Mana.of(half), i + 1)
                if tail is not None:
                    return Mana.of(half) + tail
        failed.add((left, i))
        return None

    return walk(pool, 0)


def payment_problem(pool: Mana, cost: ManaCost, spent: Mana, x: int = 0) -> str | None:
    """Why ``spent`` is not a way to pay ``cost`` (with X = ``x``) from ``pool``, or None if it
    is: it must be in the pool, be as much mana as the cost, give each colored symbol its own
    type and each hybrid symbol one of its halves (CR 107.4e); the rest pays the generic part,
    which any type can (107.4b).

    >>> cost = ManaCost.parse("{1}{G}")
    >>> payment_problem(Mana.parse("{G}{G}{R}"), cost, Mana.parse("{G}{G}")) is None
    True
    >>> payment_problem(Mana.parse("{G}{G}{R}"), cost, Mana.parse("{R}{R}"))
    'the pool holds {R}, not {R}{R}'
    >>> payment_problem(Mana.parse("{G}{G}{R}"), cost, Mana.parse("{R}"))
    '{R} is 1 mana and {1}{G} takes 2'
    """
    if any(s > p for s, p in zip(spent.counts, pool.counts, strict=True)):
        held = Mana(tuple(min(s, p) for s, p in zip(spent.counts, pool.counts, strict=True)))  # type: ignore[arg-type]
        return refusal("payment.pool_holds_not", held=str(held) if held else None, spent=str(spent))
    total = cost.total(x)
    if spent.amount != total:
        return refusal("payment.amount_differs", spent=str(spent), amount=spent.amount, cost=str(cost),
                       total=total, x=x if cost.x_count else None)
    try:
        rest = spent - cost.colored
    except ValueError:
        return refusal("payment.colored_missing", cost=str(cost), colored=str(cost.colored), spent=str(spent))
    if _pay_hybrid(rest, cost.hybrid) is None:
        return refusal("payment.hybrid_unpaid", spent=str(spent),
                       symbols="".join("{" + a + "/" + b + "}" for a, b in cost.hybrid))
    return None


def payments(pool: Mana, cost: ManaCost, x: int = 0, limit: int = 64) -> tuple[list[Mana], bool]:
    """The different amounts of mana from ``pool`` that pay ``cost`` with X = ``x``: the kit's
    default (:func:`pay`) first, then the others, at most ``limit`` of them; and whether there
    are more. Which mana pays a cost is the player's choice (CR 601.2h, 107.4b): with {G}{G}{R}
    in the pool, {1}{G} can be paid with {R}{G} or {G}{G}.

    >>> [str(m) for m in payments(Mana.parse("{G}{G}{R}"), ManaCost.parse("{1}{G}"))[0]]
    ['{R}{G}', '{G}{G}']
    >>> payments(Mana.parse("{G}"), ManaCost.parse("{1}{G}"))
    ([], False)
    """
    try:
        default = pay(pool, cost, x)
    except ValueError:
        return [], False
    rest = pool - cost.colored
    need = len(cost.hybrid) + cost.generic + cost.x_count * x
    found: list[Mana] = [default]
    room = [0] * 7  # room[i]: mana of types i.. left in the pool, to prune the search
    for i in range(5, -1, -1):
        room[i] = room[i + 1] + rest.counts[i]
    budget = [max(1000, 50 * limit)]  # partial payments tried, past which we say "and more"
    more = False

    def walk(i: int, left: int, chosen: list[int]) -> bool:
        """Each way to take ``left`` more mana from types ``i``.. of the rest, most of the first
        type first. False once ``limit`` payments are found or the budget is spent."""
        nonlocal more
        budget[0] -= 1
        if budget[0] < 0:
            more = True
            return False
        if i == 6:
            r = Mana(tuple(chosen))  # type: ignore[arg-type]
            if _pay_hybrid(r, cost.hybrid) is not None:
                spent = cost.colored + r
                if spent != default:
                    if len(found) >= limit:
                        more = True
                        return False
                    found.append(spent)
            return True
        top = min(rest.counts[i], left)
        for n in range(top, max(0, left - room[i + 1]) - 1, -1):
            chosen.append(n)
            going = walk(i + 1, left - n, chosen)
            chosen.pop()
            if not going:
                return False
        return True

    walk(0, need, [])
    return found, more
