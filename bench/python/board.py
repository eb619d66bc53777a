"""Kiki's game (HDU 2147): a coin moves one square left, down or diagonally
down-left; (r, c) counts the rows below the coin and the columns to its left.

Workload: sg of every board n x m, 1 <= n <= N, 1 <= m <= M (default 2000 x 2000).
Checksum: sum of sg(n - 1, m - 1) over the boards (same as bench/baseline/board.cpp).
Usage: python3 board.py [N [M]]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


@lru_cache(maxsize=None)
def sg(r, c):
    options = set()
    if c > 0:
        options.add(sg(r, c - 1))
    if r > 0:
        options.add(sg(r - 1, c))
    if r > 0 and c > 0:
        options.add(sg(r - 1, c - 1))
    return mex(options)


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    m_max = int(sys.argv[2]) if len(sys.argv) > 2 else n_max
    # Row by row: every option is already cached, so recursion stays shallow.
    print(f"checksum {sum(sg(r, c) for r in range(n_max) for c in range(m_max))}")


if __name__ == "__main__":
    main()
