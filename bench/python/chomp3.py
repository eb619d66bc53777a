"""Chomp on three rows, outcome only: (a, b, c) are the row lengths, bottom to
top; the bottom row's first square is poisoned.

Workload: the outcome of every position with 1 <= a <= N (default N = 200),
each scan stopping at the first P option.
Checksum: the number of P-positions (same as bench/baseline/chomp3.cpp).
Usage: python3 chomp3.py [N]
"""
import sys
from functools import lru_cache


def options(a, b, c):
    for j in range(1, a):
        yield (j, min(b, j), min(c, j))
    for j in range(b):
        yield (a, j, min(c, j))
    for j in range(c):
        yield (a, b, j)


@lru_cache(maxsize=None)
def wins(a, b, c):
    return any(not wins(*o) for o in options(a, b, c))


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    sys.setrecursionlimit(100_000)
    count = sum(1 for a in range(1, n_max + 1) for b in range(a + 1) for c in range(b + 1) if not wins(a, b, c))
    print(f"checksum {count}")


if __name__ == "__main__":
    main()
