"""Benchmarks: every figure is a ratio or growth rate measured in this one run.

    python benchmarks/run.py          # prints a markdown table and writes benchmarks/RESULTS.md

Never asserted in tests: machines are noisy.
"""

from __future__ import annotations

import itertools
import math
import sys
import time
from pathlib import Path

from mtgkit import Game, Mana
from mtgkit.abilities import Multiply, SetType
from mtgkit.could_produce import _outcomes, apply_in_order, could_produce_all, outcomes

HERE = Path(__file__).resolve().parent
NAIVE_BUDGET_S = 20.0


def naive_outcomes(mana: Mana, ops: list) -> frozenset[Mana]:
    """The reference: try all k! orders one by one."""
    return frozenset(apply_in_order(mana, order) for order in itertools.permutations(ops))


def best_of(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def board(n: int) -> Game:
    cycle = ["Exotic Orchard", "Reflecting Pool", "Fellwar Stone", "Forest", "Island", "Wastes"]
    g = Game(["Alice", "Bob"])
    for who in ("Alice", "Bob"):
        for i in range(n):
            g.put_onto_battlefield(cycle[i % len(cycle)], who)
    return g


def could_produce_scaling() -> list[str]:
    rows, sizes, times = [], [10, 100, 1000], []
    for n in sizes:
        g = board(n)
        t = best_of(lambda g=g: could_produce_all(g))
        times.append(t)
        rows.append(f"| could produce, {n} permanents per player ({2 * n} queries answered) | "
                    f"{t * 1000:.1f} ms for all | {t / (2 * n) * 1e6:.1f} µs per permanent |")
    exponent = math.log(times[-1] / times[0]) / math.log(sizes[-1] / sizes[0])
    rows.append(f"| growth exponent 10 -> 1000 per player (1.0 = linear) | {exponent:.2f} | "
                f"target: near 1; largest board {'well under' if times[-1] < 0.5 else 'NOT under'} 1 s |")
    return rows


def replacement_orders() -> list[str]:
    base = [SetType("B", 1), SetType("C"), SetType("U")]
    rows, last_ratio = [], None
    for k in range(2, 13):
        ops = (base + [Multiply(2)] * k)[:k] if k <= 3 else base + [Multiply(2)] * (k - 3)
        mana = Mana.parse("{G}")

        def fast(ops: list = ops, mana: Mana = mana) -> frozenset[Mana]:
            _outcomes.cache_clear()
            return outcomes(mana, ops)

        t_fast = best_of(fast)
        if math.factorial(k) * 1.3e-5 < NAIVE_BUDGET_S:
            t0 = time.perf_counter()
            ref = naive_outcomes(mana, ops)
            t_naive = time.perf_counter() - t0
            assert ref == fast(), f"engine and reference disagree at k={k}"
            last_ratio = t_naive / t_fast
            rows.append(f"| k = {k} effects ({math.factorial(k):,} orders) | {t_fast * 1000:.2f} ms | "
                        f"naive {t_naive * 1000:.1f} ms, {last_ratio:,.0f}x faster, equal results |")
        else:
            rows.append(f"| k = {k} effects ({math.factorial(k):,} orders) | {t_fast * 1000:.2f} ms | "
                        f"naive reference skipped (over the {NAIVE_BUDGET_S:.0f} s budget) |")
    return rows


def main() -> None:
    lines = ["# mtgkit benchmarks", "",
             f"Python {sys.version.split()[0]}. Each figure compares measurements from the same run.", "",
             "| case | engine | comparison |", "|---|---|---|"]
    lines += could_produce_scaling()
    lines += replacement_orders()
    text = "\n".join(lines) + "\n"
    (HERE / "RESULTS.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
