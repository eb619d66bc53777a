"""Kayles: knock down one pin or two adjacent pins; the row splits in two.

Workload: the Grundy value of every row n = 0..N (default N = 20000), by the
plain O(n^2) rule sg(n) = mex{ sg(a) ^ sg(n - t - a) }.
Checksum: sum of sg(n) for n = 0..N (same as bench/baseline/kayles.cpp).
Usage: python3 kayles.py [N]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


@lru_cache(maxsize=None)
def sg(n):
    return mex({sg(a) ^ sg(n - t - a) for t in (1, 2) for a in range(n - t + 1)})


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    # Ascending order: every option is already cached, so recursion stays shallow.
    print(f"checksum {sum(sg(n) for n in range(n_max + 1))}")


if __name__ == "__main__":
    main()
