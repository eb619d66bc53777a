"""Wythoff: take any number from one heap, or the same number from both.

Workload: the Grundy value of every (a, b) with 0 <= a, b <= N (default 500),
memoised on the canonical position (min(a, b), max(a, b)).
Checksum: sum of sg(a, b) over all (N+1)^2 pairs (same as bench/baseline/wythoff.cpp).
Usage: python3 wythoff.py [N]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def sg(a, b):
    return _sg(min(a, b), max(a, b))


@lru_cache(maxsize=None)
def _sg(a, b):
    options = set()
    for k in range(1, a + 1):
        options.add(sg(a - k, b))
    for k in range(1, b + 1):
        options.add(sg(a, b - k))
    for k in range(1, min(a, b) + 1):
        options.add(sg(a - k, b - k))
    return mex(options)


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    sys.setrecursionlimit(100_000)
    total = sum(sg(a, b) for a in range(n_max + 1) for b in range(n_max + 1))
    print(f"checksum {total}")


if __name__ == "__main__":
    main()
