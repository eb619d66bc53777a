"""Cross-check the C++ baselines against the Python versions, the Grundy
programs and known facts.

Run as `bash bench/run.sh --check` (which builds bench/build/* first), or
`python3 bench/crosscheck.py` once the baselines are built. The Grundy
programs run when the interpreter is there (GRUNDY, default build/grundy,
from the repo root). Takes under a minute. Prints one line per check, then
"N passed, N failed"; exit 1 on any failure.
"""
import os
import subprocess
import sys
from functools import reduce
from itertools import combinations_with_replacement
from math import isqrt

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUILD = os.path.join(HERE, "build")
GRUNDY = os.path.join(ROOT, os.environ.get("GRUNDY", "build/grundy"))
sys.dont_write_bytecode = True  # no __pycache__ in bench/python
sys.path.insert(0, os.path.join(HERE, "python"))

import board  # noqa: E402
import cf768e  # noqa: E402
import chomp  # noqa: E402
import chomp3  # noqa: E402
import divisors  # noqa: E402
import fibnim  # noqa: E402
import greentrees  # noqa: E402
import heaps3  # noqa: E402
import kayles  # noqa: E402
import misere  # noqa: E402
import nodekayles  # noqa: E402
import octal137  # noqa: E402
import subtract  # noqa: E402
import turtles  # noqa: E402
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
    "deep": [(0,), (1,), (6,), (1000,), (123_457,)],
    "deep20": [(0,), (1,), (17,), (5000,), (100_003,)],
    "board": [(1, 1), (1, 7), (9, 4), (60, 80)],
    "heaps3": [(0,), (1,), (5,), (12,)],
    "nodekayles": [(3,), (5,), (7,), (8,), (11,), (16,)],
    "turtles": [(1,), (2,), (5,), (9,), (13,)],
    "greentrees": [(0, 5), (1, 1), (3, 4), (30, 10), (10, 14)],
    "cf768e": [(0,), (1,), (10,), (35,)],
    "octal137": [(0,), (1,), (5,), (300,), (1000,)],
    "chomp3": [(1,), (2,), (7,), (30,)],
    "pcount": [(0,), (1,), (2,), (100,), (20_000,)],
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

# The newer workloads: known facts.
check("deep: sg(N) = (0 1 0 1 2 3 2)[N % 7] (the period of {1, 3, 4})",
      all(cpp("deep", n) == [0, 1, 0, 1, 2, 3, 2][n % 7] for n in (0, 5, 99, 10**6 + 3)))
check("deep: the table's size, 10^7", cpp("deep") == [0, 1, 0, 1, 2, 3, 2][10**7 % 7])


def kiki_sg(r, c):
    """Kiki's game by its closed form (stdlib/grid.game proves it to 60 x 60)."""
    if r % 2 == 0 and c % 2 == 0:
        return 0
    if r % 2 == 1 and c % 2 == 1:
        return 2
    return 1 if (r < c if r % 2 == 0 else c < r) else 3


check("board: the closed form's sum, 100 x 70", cpp("board", 100, 70) == sum(kiki_sg(r, c) for r in range(100) for c in range(70)))
check("board: python sg = the closed form on 40 x 40",
      all(board.sg(r, c) == kiki_sg(r, c) for r in range(40) for c in range(40)))
check("board: the table's size, 2000 x 2000", cpp("board") == sum(kiki_sg(r, c) for r in range(2000) for c in range(2000)))
check("heaps3: one heap is Nim, and two heaps are Wythoff",
      all(heaps3.sg(0, 0, c) == c for c in range(15)) and
      all(heaps3.sg(0, a, b) == wythoff.sg(a, b) for a in range(12) for b in range(12)))


def colon(parent, v=0):
    """Green Hackenbush on a tree by the colon principle: xor of (g(child) + 1)."""
    x = 0
    for c in range(1, len(parent)):
        if parent[c] == v:
            x ^= colon(parent, c) + 1
    return x


for t, n in [(30, 10), (200, 17)]:
    check(f"greentrees {t} {n}: C++ == the colon principle",
          cpp("greentrees", t, n) == sum(colon(p) for p in greentrees.trees(t, n)))
check("greentrees: the generator is MINSTD (its 10000th number from 1 is 399268537, as for std::minstd_rand)",
      pow(48271, 10000, 2147483647) == 399268537)


def stones_sg(n):
    """Codeforces 768E by its closed form (stdlib/stones.game): the largest k with 1 + ... + k <= n."""
    return (isqrt(8 * n + 1) - 1) // 2


for m in (20, 60, 70):
    check(f"cf768e {m}: C++ == the closed form", cpp("cf768e", m) == sum(stones_sg(s) for s in range(1, m + 1)))
check("cf768e: python sg = the closed form to 30",
      all(cf768e.sg(s, frozenset()) == stones_sg(s) for s in range(31)))

DAWSON_PRE = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1,
              3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2,
              4, 4, 5, 5, 2]
DAWSON_PERIOD = [4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1,
                 3, 0, 2, 1, 1, 0, 4, 5, 3, 7]  # "0.07" has period 34 from n = 53


def dawson(n):
    return DAWSON_PRE[n] if n <= 52 else DAWSON_PERIOD[n % 34]


check("octal137: 0.137(n) = 0.07(n + 1) (python, n <= 400)",
      octal137.values(400, "0.137") == octal137.values(401, "0.07")[1:])
check("octal137: 0.07 follows its period 34 (python, n <= 400)",
      octal137.values(400, "0.07") == [dawson(n) for n in range(401)])
check("octal137: the table's size, 5000, from the period",
      cpp("octal137") == sum(dawson(n + 1) for n in range(5001)))
check("chomp3: two rows are P exactly when the bottom row is one longer (a, b <= 40)",
      all((not chomp3.wins(a, b, 0)) == (a == b + 1) for a in range(1, 41) for b in range(a + 1)))
check("chomp3: an L with arms a and 3 is P exactly when a = 3",
      all((not chomp3.wins(a, 1, 1)) == (a == 3) for a in range(1, 41)))
def turtles_by_theorem(k):
    """Turning Turtles is Nim: coin i (from 0) a heap of i + 1 (Winning Ways)."""
    every = 0
    for i in range(k):
        every ^= i + 1
    return sum(every ^ (v + 1) for v in range(k))


for k in (1, 4, 12, 20):
    check(f"turtles {k}: C++ == the Nim heaps of the coins", cpp("turtles", k) == turtles_by_theorem(k))
check("turtles: python sg of every set of heads among 8 coins == the xor of (coin + 1)",
      all(turtles.sg(frozenset(i for i in range(8) if m >> i & 1)) ==
          reduce(lambda a, b: a ^ b, [i + 1 for i in range(8) if m >> i & 1], 0)
          for m in range(256)))

SQUARE_P = [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44]  # OEIS A030193, the first terms
check("pcount: the P-positions of subtract-a-square begin 0 2 5 7 10 12 15 17 20 22 34 39 44",
      [cpp("pcount", n) for n in range(45)] == [sum(1 for p in SQUARE_P if p <= n) for n in range(45)])


# The Grundy programs against the C++ at small sizes, when the interpreter is there.
def grundy(name, *args):
    out = subprocess.run([GRUNDY, "run", os.path.join(HERE, "grundy", f"{name}.game")],
                         input=" ".join(map(str, args)) + "\n", check=True, capture_output=True, text=True).stdout
    return int(out.strip().splitlines()[-1])


# Chomp on three rows by column heights is chomp3's game.
for n in (1, 2, 7, 30, 75):
    a, b = cpp("chompcols", n), cpp("chomp3", n)
    check(f"chompcols {n} == chomp3 {n} ({a})", a == b, f"chomp3 {b}")


GRUNDY_SIZES = dict(SIZES)
GRUNDY_SIZES.update({
    "chompcols": [(1,), (2,), (7,), (30,)],
    "subtract": [(0,), (1,), (14,), (100_000,)],
    "kayles": [(0,), (1,), (11,), (300,)],
    "chomp": [(1, 1), (2, 2), (3, 4), (5, 7)],
    "misere": [(8, 0), (8, 1), (8, 3)],
})
if os.access(GRUNDY, os.X_OK):
    for name, sizes in GRUNDY_SIZES.items():
        for args in sizes:
            c, g = cpp(name, *args), grundy(name, *args)
            check(f"{name} {' '.join(map(str, args))}: C++ == Grundy ({c})", c == g, f"grundy {g}")
else:
    print(f"note: no Grundy interpreter at {GRUNDY}: C++ against Grundy skipped")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
