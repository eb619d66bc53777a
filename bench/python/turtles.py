"""Turning Turtles on a row of K coins (default K = 20): a position is the set
of heads; a move turns one head to tails, and may also turn over one coin to
its left, either way.

Workload: the values of the K positions with one tail.
Checksum: their sum (same as bench/baseline/turtles.cpp).
Usage: python3 turtles.py [K]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def flip(s, x):
    return s - {x} if x in s else s | {x}


@lru_cache(maxsize=None)
def sg(heads):
    options = set()
    for x in heads:
        rest = heads - {x}
        options.add(sg(rest))
        for y in range(x):
            options.add(sg(flip(rest, y)))
    return mex(options)


def main():
    k = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    sys.setrecursionlimit(10000)
    every = frozenset(range(k))
    print(f"checksum {sum(sg(every - {v}) for v in every)}")


if __name__ == "__main__":
    main()
