"""Fibonacci Nim: the first move takes 1..n-1 stones, then a move takes k in
1..min(n, limit), and the next limit is 2k. State (n, limit), canonical
(n, min(n, limit)); the start of n is (n, n - 1).

Workload: the Grundy value of every start n = 2..N (default N = 1000).
Checksum: sum of sg(FibonacciNim(n)) for n = 2..N (same as bench/baseline/fibnim.cpp).
Usage: python3 fibnim.py [N]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def sg(n, limit):
    return _sg(n, min(n, limit))


@lru_cache(maxsize=None)
def _sg(n, limit):
    return mex({sg(n - k, 2 * k) for k in range(1, limit + 1)})


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    # Ascending starts keep the recursion a few levels deep; a single large
    # start alone would recurse ~n levels (a chain of one-stone takes).
    sys.setrecursionlimit(max(10_000, 10 * n_max))
    print(f"checksum {sum(sg(n, n - 1) for n in range(2, n_max + 1))}")


if __name__ == "__main__":
    main()
