"""One deep query: sg of a single heap of N stones in Subtract({1, 3, 4}).

Workload: sg(N) (default N = 10**7). A memoised recursive function would
recurse N levels deep, past Python's stack, so the values are filled from
the bottom up, as a Python user does for one big heap.
Checksum: sg(N) (same as bench/baseline/deep.cpp).
Usage: python3 deep.py [N]
"""
import sys

S = (1, 3, 4)


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def sg_of(n_max, moves):
    sg = [0] * (n_max + 1)
    for n in range(n_max + 1):
        sg[n] = mex({sg[n - k] for k in moves if k <= n})
    return sg[n_max]


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    print(f"checksum {sg_of(n_max, S)}")


if __name__ == "__main__":
    main()
