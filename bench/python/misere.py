"""A misere sum of Nim heaps (the last player to move loses), by brute-force
search over sums, not by the misere Nim formula. The canonical state is the
sorted tuple of heap sizes with zeros dropped.

Workload: every multiset of K heaps (default 8) with sizes 0..M (default 7).
Checksum: the number of P-positions (mover loses) among them
(same as bench/baseline/misere.cpp).
Usage: python3 misere.py [K [M]]
"""
import sys
from functools import lru_cache
from itertools import combinations_with_replacement


def canonical(heaps):
    return tuple(sorted(h for h in heaps if h > 0))


@lru_cache(maxsize=None)
def wins(heaps):
    """True when the player to move wins the misere game."""
    if not heaps:
        return True  # no move: the opponent moved last and lost
    for i, h in enumerate(heaps):
        for smaller in range(h):
            if not wins(canonical(heaps[:i] + (smaller,) + heaps[i + 1:])):
                return True
    return False


def main():
    k = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    m = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    p = sum(1 for heaps in combinations_with_replacement(range(m + 1), k)
            if not wins(canonical(heaps)))
    print(f"checksum {p}")


if __name__ == "__main__":
    main()
