"""Chomp: column heights h[0] >= h[1] >= ... >= 1, bottom-left square poisoned.
A move picks a square (i, j) with i + j > 0 and removes every square at
column >= i and row >= j; [1] alone is a loss for the player to move.

Workload: the full R x C board (default 9 x 9) and every rectangle r x c
inside it, all sharing one memo (they are all positions of the full board).
Checksum: sum of sg(Chomp(r, c)) for r in 1..R, c in 1..C
(same as bench/baseline/chomp.cpp).
Usage: python3 chomp.py [R [C]]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def moves(h):
    for i in range(len(h)):
        for j in range(h[i]):
            if i + j > 0:
                yield tuple(h[c] if c < i else min(h[c], j)
                            for c in range(len(h)) if c < i or j > 0)


@lru_cache(maxsize=None)
def sg(h):
    if h == (1,):
        return 0
    return mex({sg(m) for m in moves(h)})


def main():
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    cols = int(sys.argv[2]) if len(sys.argv) > 2 else rows
    sys.setrecursionlimit(10_000)
    total = sum(sg((r,) * c) for r in range(1, rows + 1) for c in range(1, cols + 1))
    print(f"checksum {total}")


if __name__ == "__main__":
    main()
