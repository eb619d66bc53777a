"""Subtract-a-square, outcome only: take a positive square number of stones.

Workload: the outcome of every heap 0..N (default N = 300000), each scan
stopping at the first P option.
Checksum: the number of P-positions (same as bench/baseline/pcount.cpp).
Usage: python3 pcount.py [N]
"""
import sys
from functools import lru_cache
from math import isqrt


@lru_cache(maxsize=None)
def wins(n):
    return any(not wins(n - k * k) for k in range(1, isqrt(n) + 1))


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 300_000
    # Ascending order: every option is already cached, so recursion stays shallow.
    print(f"checksum {sum(1 for n in range(n_max + 1) if not wins(n))}")


if __name__ == "__main__":
    main()
