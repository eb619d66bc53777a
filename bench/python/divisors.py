"""Divisors: a move removes a number x from the board and every divisor of x
still on the board. Positions are frozensets of the numbers left.

Workload: the boards {1..n} for n = 1..N (default N = 22), one shared memo.
Checksum: sum of sg(Divisors(n)) for n = 1..N (same as bench/baseline/divisors.cpp).
Usage: python3 divisors.py [N]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


@lru_cache(maxsize=None)
def sg(s):
    return mex({sg(s - {d for d in s if x % d == 0}) for x in s})


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 22
    print(f"checksum {sum(sg(frozenset(range(1, n + 1))) for n in range(1, n_max + 1))}")


if __name__ == "__main__":
    main()
