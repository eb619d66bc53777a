"""Three heaps: take any number from one heap, or the same number from two.

Workload: sg of every sorted triple 0 <= a <= b <= c <= N (default N = 100),
memoised on the sorted triple.
Checksum: sum of sg(a, b, c) over the sorted triples (same as bench/baseline/heaps3.cpp).
Usage: python3 heaps3.py [N]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def sg(a, b, c):
    return _sg(*sorted((a, b, c)))


@lru_cache(maxsize=None)
def _sg(a, b, c):
    options = set()
    for k in range(1, a + 1):
        options.add(sg(a - k, b, c))
    for k in range(1, b + 1):
        options.add(sg(a, b - k, c))
    for k in range(1, c + 1):
        options.add(sg(a, b, c - k))
    for k in range(1, min(a, b) + 1):
        options.add(sg(a - k, b - k, c))
    for k in range(1, min(a, c) + 1):
        options.add(sg(a - k, b, c - k))
    for k in range(1, min(b, c) + 1):
        options.add(sg(a, b - k, c - k))
    return mex(options)


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    sys.setrecursionlimit(100_000)
    total = sum(sg(a, b, c) for a in range(n_max + 1) for b in range(a, n_max + 1) for c in range(b, n_max + 1))
    print(f"checksum {total}")


if __name__ == "__main__":
    main()
