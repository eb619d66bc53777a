"""An octal game as the library's Octal(code) defines it; Dawson's chess "0.137".

Workload: sg of every heap 0..N (default N = 5000).
Checksum: sum of sg(n) (same as bench/baseline/octal137.cpp).
Usage: python3 octal137.py [N [CODE]]
"""
import sys


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def values(n_max, code):
    digit = [int(code[0])] + [int(c) for c in code[2:]]
    top = len(digit) - 1
    sg = []
    for n in range(n_max + 1):
        options = set()
        for k in range(0, min(n, top) + 1):
            d = digit[k]
            if k > 0 and d & 1 and k == n:
                options.add(0)
            if k > 0 and d & 2 and k < n:
                options.add(sg[n - k])
            if d & 4:
                for a in range(1, (n - k) // 2 + 1):
                    options.add(sg[a] ^ sg[n - k - a])
        sg.append(mex(options))
    return sg


def main():
    n_max = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    code = sys.argv[2] if len(sys.argv) > 2 else "0.137"
    print(f"checksum {sum(values(n_max, code))}")


if __name__ == "__main__":
    main()
