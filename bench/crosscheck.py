"""Cross-check the C++ baselines against the Python versions and known facts.

Run as `bash bench/run.sh --check` (which builds bench/build/* first), or
`python3 bench/crosscheck.py` once the baselines are built. Takes a few
seconds. Prints one line per check, then "N passed, N failed"; exit 1 on any
failure.
"""
import os
import subprocess
import sys
from itertools import combinations_with_replacement

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.join(HERE, "build")
sys.dont_write_bytecode = True  # no __pycache__ in bench/python
sys.path.insert(0, os.path.join(HERE, "python"))

import chomp  # noqa: E402
import divisors  # noqa: E402
import fibnim  # noqa: E402
import kayles  # noqa: E402
import misere  # noqa: E402
import subtract  # noqa: E402
import wythoff  # noqa: E402

passed = failed = 0


def check(label, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok    {label}")
    else:
        failed += 1
        print(f"FAIL  {label} {detail}")


def run(argv):
    out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("checksum "), out
    return int(lines[0].split()[1])


def cpp(name, *args):
    return run([os.path.join(BUILD, name), *map(str, args)])


def py(name, *args):
    return run([sys.executable, os.path.join(HERE, "python", f"{name}.py"), *map(str, args)])


# C++ against Python, at several small sizes (both print the same checksum).
SIZES = {
    "subtract": [(0,), (1,), (14,), (1000,), (100_000,)],
    "kayles": [(0,), (1,), (11,), (100,), (1000,)],
    "wythoff": [(0,), (1,), (7,), (20,), (60,)],
    "fibnim": [(2,), (3,), (60,), (200,)],
    "chomp": [(1,), (2,), (3, 4), (4, 3), (4,), (5, 7), (6,)],
    "divisors": [(1,), (2,), (10,), (14,), (17,)],
    "misere": [(0, 7), (1, 7), (2, 2), (4, 3), (5, 5), (6, 6)],
}
for name, sizes in SIZES.items():
    for args in sizes:
        c, p = cpp(name, *args), py(name, *args)
        check(f"{name} {' '.join(map(str, args))}: C++ == Python ({c})", c == p, f"python {p}")


# Known facts, from the C++ prefix sums and the Python functions.
def prefix_values(name, count):
    sums = [cpp(name, n) for n in range(count)]
    return [b - a for a, b in zip([0] + sums, sums)]


check("subtract: sg(0..14) = 0 1 0 1 2 3 2 ...",
      prefix_values("subtract", 15) == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0])
check("subtract: period 7 gives the checksum at 10^7",
      cpp("subtract") == (10**7 + 1) // 7 * 9 + [0, 0, 1, 1, 2, 4, 7][(10**7 + 1) % 7])
check("subtract: python sg(0..14)",
      [subtract.sg(n) for n in range(15)] == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0])
check("kayles: sg(0..11) = 0 1 2 3 1 4 3 2 1 4 2 6",
      prefix_values("kayles", 12) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6])
KAYLES_PERIOD = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]  # sg(n) by n mod 12, for n >= 71 (Guy and Smith)
check("kayles: python sg(71..400) follows the period 12",
      all(kayles.sg(n) == KAYLES_PERIOD[n % 12] for n in range(71, 401)))
check("kayles: the checksum at 20000 from the period and python sg(0..70)",
      cpp("kayles") == sum(kayles.sg(n) for n in range(71)) + sum(KAYLES_PERIOD[n % 12] for n in range(71, 20001)))

phi = (1 + 5 ** 0.5) / 2
beatty = {(int(k * phi), int(k * phi * phi)) for k in range(0, 60)}
zeros = {(a, b) for a in range(61) for b in range(a, 61) if wythoff.sg(a, b) == 0}
check("wythoff: P-positions are (floor(k phi), floor(k phi^2))",
      zeros == {(a, b) for a, b in beatty if b <= 60})
check("wythoff: (0,0), (1,2), (3,5), (4,7) are the first P-positions",
      sorted(zeros)[:4] == [(0, 0), (1, 2), (3, 5), (4, 7)])
check("wythoff: sg(a, 0) = a and sg symmetric",
      all(wythoff.sg(a, 0) == a and wythoff.sg(a, 7) == wythoff.sg(7, a) for a in range(40)))

fibs = {1, 2}
while max(fibs) < 10_000:
    a, b = sorted(fibs)[-2:]
    fibs.add(a + b)
check("fibnim: sg(start n) == 0 exactly when n is Fibonacci, n = 2..300",
      all((fibnim.sg(n, n - 1) == 0) == (n in fibs) for n in range(2, 301)))

check("chomp: sg(3 rows x 4 columns) = 9", chomp.sg((3, 3, 3, 3)) == 9)
check("chomp: every rectangle but 1x1 is N (strategy stealing), up to 6x6",
      all(chomp.sg((r,) * c) != 0 for r in range(1, 7) for c in range(1, 7) if r * c > 1))
check("chomp: 2 x n is N and 1 x 1 is P",
      chomp.sg((1,)) == 0 and all(chomp.sg((2,) * c) > 0 for c in range(1, 10)))

check("divisors: every board {1..n} is N, n = 1..17",
      all(divisors.sg(frozenset(range(1, n + 1))) != 0 for n in range(1, 18)))


def misere_nim_p(heaps):
    """The misere Nim formula (only used to check the brute force)."""
    x = 0
    for h in heaps:
        x ^= h
    if all(h <= 1 for h in heaps):
        return x == 1
    return x == 0


for k, m in [(8, 7), (6, 6), (4, 3)]:
    starts = list(combinations_with_replacement(range(m + 1), k))
    formula = sum(misere_nim_p(h) for h in starts)
    check(f"misere {k} heaps <= {m}: C++ count == formula ({formula})", cpp("misere", k, m) == formula)
check("misere: python brute force == formula on every 6-heap multiset <= 6",
      all((not misere.wins(misere.canonical(h))) == misere_nim_p(h)
          for h in combinations_with_replacement(range(7), 6)))

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
