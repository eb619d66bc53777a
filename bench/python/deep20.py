"""One deep query in a subtraction game of 20 values (take k * k, k in 1..20).

Workload: sg(N) (default N = 10**7), filled from the bottom up as in deep.py.
Checksum: sg(N) (same as bench/baseline/deep20.cpp).
Usage: python3 deep20.py [N]
"""
import sys

from deep import sg_of

S = tuple(k * k for k in range(1, 21))


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    print(f"checksum {sg_of(n_max, S)}")


if __name__ == "__main__":
    main()
