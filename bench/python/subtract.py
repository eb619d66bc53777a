"""Subtract({1, 3, 4}): a move takes 1, 3 or 4 stones from one heap.

Workload: the Grundy value of every heap size n = 0..N (default N = 10**7).
Checksum: sum of sg(n) for n = 0..N (same as bench/baseline/subtract.cpp).
Usage: python3 subtract.py [N]
"""
import sys
from functools import lru_cache

S = (1, 3, 4)


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


@lru_cache(maxsize=None)
def sg(n):
    return mex({sg(n - k) for k in S if k <= n})


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    # Ascending order: every option is already cached, so recursion stays shallow.
    print(f"checksum {sum(sg(n) for n in range(n_max + 1))}")


if __name__ == "__main__":
    main()
