"""Node Kayles on a cycle 0..V-1 with a chord from each v, v % 3 == 0, to v + 7
(mod V): a move removes a vertex in play and its neighbours.

Workload: the values of the V opening moves (default V = 30).
Checksum: their sum (same as bench/baseline/nodekayles.cpp).
Usage: python3 nodekayles.py [V]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def closed_neighbourhoods(v_count):
    closed = [{v} for v in range(v_count)]
    for v in range(v_count):
        for w in [(v + 1) % v_count] + ([(v + 7) % v_count] if v % 3 == 0 else []):
            closed[v].add(w)
            closed[w].add(v)
    return [frozenset(c) for c in closed]


def solve(v_count):
    closed = closed_neighbourhoods(v_count)

    @lru_cache(maxsize=None)
    def sg(s):
        return mex({sg(s - closed[v]) for v in s})

    every = frozenset(range(v_count))
    return sum(sg(every - closed[v]) for v in every)


def main():
    v_count = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    print(f"checksum {solve(v_count)}")


if __name__ == "__main__":
    main()
