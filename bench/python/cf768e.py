"""Codeforces 768E "Game of Stones": take some stones from one heap, never the
same number twice from that heap. A position is (stones left, counts taken),
the counts above the stones left dropped.

Workload: sg of a fresh heap of every size 1..M (default M = 70).
Checksum: sum of the values (same as bench/baseline/cf768e.cpp).
Usage: python3 cf768e.py [M]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


@lru_cache(maxsize=None)
def sg(n, used):
    options = set()
    for k in range(1, n + 1):
        if k not in used:
            options.add(sg(n - k, frozenset(u for u in used | {k} if u <= n - k)))
    return mex(options)


def main():
    m = int(sys.argv[1]) if len(sys.argv) > 1 else 70
    print(f"checksum {sum(sg(s, frozenset()) for s in range(1, m + 1))}")


if __name__ == "__main__":
    main()
