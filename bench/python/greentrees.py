"""Green Hackenbush on T random trees of n nodes (default 200 trees of 17 nodes).

Node v of tree t takes parent x % v, x the i-th MINSTD number (x -> 48271 x
mod 2^31 - 1 from 1), i = t * (n - 1) + v. A position is the set of edges
left; deleting edge v drops every edge no longer joined to the ground.
Checksum: the sum of the trees' values (same as bench/baseline/greentrees.cpp).
Usage: python3 greentrees.py [T [n]]
"""
import sys
from functools import lru_cache


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def trees(t_count, n):
    x = 1
    for _ in range(t_count):
        parent = [-1]
        for v in range(1, n):
            x = x * 48271 % 2147483647
            parent.append(x % v)
        yield parent


def tree_value(parent):
    def grounded(v, edges):
        return v == 0 or (v in edges and grounded(parent[v], edges))

    @lru_cache(maxsize=None)
    def sg(edges):
        options = set()
        for v in edges:
            rest = edges - {v}
            options.add(sg(frozenset(w for w in rest if grounded(w, rest))))
        return mex(options)

    return sg(frozenset(range(1, len(parent))))


def main():
    t_count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 17
    print(f"checksum {sum(tree_value(p) for p in trees(t_count, n))}")


if __name__ == "__main__":
    main()
