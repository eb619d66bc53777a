#!/usr/bin/env python3
"""Checks the judge examples (examples/NAME.game) against solutions written
independently here in Python: each example's sample .out, then random
inputs within the problems' limits (smaller counts), run through grundy.

    python3 bench/judge/check.py [path/to/grundy]     # default build/grundy
"""
import functools
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def subtraction_values(moves, top):
    """sg(0..top) of the subtraction game with the given move sizes."""
    sg = [0] * (top + 1)
    for n in range(1, top + 1):
        sg[n] = mex({sg[n - k] for k in moves if k <= n})
    return sg


def ints(text):
    return list(map(int, text.split()))


def hdu1847(text):
    sg = subtraction_values([1 << i for i in range(11)], 1000)
    return "".join("Kiki\n" if sg[n] else "Cici\n" for n in ints(text))


@functools.lru_cache(maxsize=None)
def kiki_values(n, m):
    # The coin starts at (1, m) on an n x m board and moves left, down or
    # down-left: the distances left to go are (n - 1, m - 1).
    win = [[False] * m for _ in range(n)]
    for r in range(n):
        for c in range(m):
            win[r][c] = any(not win[a][b] for a, b in ((r - 1, c), (r, c - 1), (r - 1, c - 1)) if a >= 0 and b >= 0)
    return win[n - 1][m - 1]


def hdu2147(text):
    xs = ints(text)
    out = []
    for i in range(0, len(xs), 2):
        n, m = xs[i], xs[i + 1]
        if n == 0 and m == 0:
            break
        win = kiki_values(n, m) if n * m <= 2500 else not (n % 2 == 1 and m % 2 == 1)
        out.append("Wonderful!" if win else "What a pity!")
    return "".join(line + "\n" for line in out)


def hdu1848(text):
    fibs = [1, 2]
    while fibs[-1] + fibs[-2] <= 1000:
        fibs.append(fibs[-1] + fibs[-2])
    sg = subtraction_values(fibs, 1000)
    xs = ints(text)
    out = []
    for i in range(0, len(xs), 3):
        m, n, p = xs[i:i + 3]
        if m == n == p == 0:
            break
        out.append("Fibo" if sg[m] ^ sg[n] ^ sg[p] else "Nacci")
    return "".join(line + "\n" for line in out)


def hdu1536(text):
    xs = ints(text)
    i = 0
    out = []
    while i < len(xs) and xs[i] != 0:
        k = xs[i]
        moves = xs[i + 1:i + 1 + k]
        i += 1 + k
        m = xs[i]
        i += 1
        lines = []
        for _ in range(m):
            lines.append(xs[i + 1:i + 1 + xs[i]])
            i += 1 + xs[i]
        sg = subtraction_values(moves, max((h for line in lines for h in line), default=0))
        row = ""
        for line in lines:
            x = 0
            for h in line:
                x ^= sg[h]
            row += "W" if x else "L"
        out.append(row)
    return "".join(line + "\n" for line in out)


@functools.lru_cache(maxsize=None)
def paper(w, h):
    if w > h:
        return paper(h, w)
    options = {paper(i, h) ^ paper(w - i, h) for i in range(2, w - 1)}
    options |= {paper(w, j) ^ paper(w, h - j) for j in range(2, h - 1)}
    return mex(options)


def poj2311(text):
    xs = ints(text)
    return "".join("WIN\n" if paper(xs[i], xs[i + 1]) else "LOSE\n" for i in range(0, len(xs), 2))


@functools.lru_cache(maxsize=None)
def lasker(n):
    return mex({lasker(n - k) for k in range(1, n + 1)} | {lasker(i) ^ lasker(n - i) for i in range(1, n // 2 + 1)})


def hdu3032(text):
    xs = ints(text)
    i = 1
    out = []
    for _ in range(xs[0]):
        n = xs[i]
        x = 0
        for h in xs[i + 1:i + 1 + n]:
            x ^= lasker(h)  # the heaps of the random inputs are small
        out.append("Alice" if x else "Bob")
        i += 1 + n
    return "".join(line + "\n" for line in out)


@functools.lru_cache(maxsize=None)
def stones(n, used):
    return mex({stones(n - k, used | frozenset([k])) for k in range(1, n + 1) if k not in used})


def cf768e(text):
    xs = ints(text)
    x = 0
    for s in xs[1:1 + xs[0]]:
        x ^= stones(s, frozenset())
    return "YES\n" if x == 0 else "NO\n"


def set_nim(text):
    xs = ints(text)
    k = xs[0]
    moves = xs[1:1 + k]
    n = xs[1 + k]
    heaps = xs[2 + k:2 + k + n]
    sg = subtraction_values(moves, max(heaps))
    x = 0
    for h in heaps:
        x ^= sg[h]
    return "Yes\n" if x else "No\n"


@functools.lru_cache(maxsize=None)
def misere_wins(heaps):
    if sum(heaps) == 0:
        return True  # the previous player took the last stone and lost
    return any(not misere_wins(tuple(sorted(heaps[:i] + (heaps[i] - k,) + heaps[i + 1:])))
               for i in range(len(heaps)) for k in range(1, heaps[i] + 1))


def misere_nim(text):
    xs = ints(text)
    i = 1
    out = []
    for t in range(1, xs[0] + 1):
        k = xs[i]
        heaps = tuple(sorted(xs[i + 1:i + 1 + k]))
        out.append(f"Case {t}: {'Alice' if misere_wins(heaps) else 'Bob'}")
        i += 1 + k
    return "".join(line + "\n" for line in out)


@functools.lru_cache(maxsize=None)
def chessmen_wins(cells):
    for i, c in enumerate(cells):
        low = cells[i - 1] + 1 if i else 1
        for d in range(low, c):
            if not chessmen_wins(cells[:i] + (d,) + cells[i + 1:]):
                return True
    return False


def poj1704(text):
    xs = ints(text)
    i = 1
    out = []
    for _ in range(xs[0]):
        n = xs[i]
        cells = tuple(sorted(xs[i + 1:i + 1 + n]))
        out.append("Georgia will win" if chessmen_wins(cells) else "Bob will win")
        i += 1 + n
    return "".join(line + "\n" for line in out)


def random_input(name, r):
    if name == "hdu1847":
        return "\n".join(str(r.randint(1, 1000)) for _ in range(50))
    if name == "hdu2147":
        return "\n".join(f"{r.randint(1, 50)} {r.randint(1, 50)}" for _ in range(30)) + "\n0 0"
    if name == "hdu1848":
        return "\n".join(" ".join(str(r.randint(1, 1000)) for _ in range(3)) for _ in range(50)) + "\n0 0 0"
    if name == "hdu1536":
        out = []
        for _ in range(3):
            s = r.sample(range(1, 30), r.randint(1, 5))
            out += [" ".join(map(str, [len(s)] + s)), "5"]
            out += [" ".join(map(str, [l] + [r.randint(0, 300) for _ in range(l)])) for l in [r.randint(1, 6) for _ in range(5)]]
        return "\n".join(out + ["0"])
    if name == "poj2311":
        return "\n".join(f"{r.randint(2, 40)} {r.randint(2, 40)}" for _ in range(30))
    if name == "hdu3032":
        cases = [[r.randint(1, 60) for _ in range(r.randint(1, 6))] for _ in range(20)]
        return "\n".join([str(len(cases))] + [f"{len(c)}\n{' '.join(map(str, c))}" for c in cases])
    if name == "cf768e":
        hs = [r.randint(1, 25) for _ in range(r.randint(1, 8))]
        return "\n".join([str(len(hs))] + list(map(str, hs)))
    if name == "set_nim":
        s = r.sample(range(1, 20), r.randint(1, 4))
        hs = [r.randint(1, 500) for _ in range(r.randint(1, 8))]
        return "\n".join([str(len(s)), " ".join(map(str, s)), str(len(hs)), " ".join(map(str, hs))])
    if name == "misere_nim":
        cases = [[r.randint(1, 5) for _ in range(r.randint(1, 4))] for _ in range(20)]
        return "\n".join([str(len(cases))] + [f"{len(c)}\n{' '.join(map(str, c))}" for c in cases])
    if name == "poj1704":
        cases = [r.sample(range(1, 12), r.randint(1, 4)) for _ in range(15)]
        return "\n".join([str(len(cases))] + [f"{len(c)}\n{' '.join(map(str, c))}" for c in cases])
    raise KeyError(name)


SOLVERS = {f.__name__: f for f in (hdu1847, hdu2147, hdu1848, hdu1536, poj2311, hdu3032, cf768e, set_nim, misere_nim,
                                   poj1704)}


def main():
    grundy = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "grundy")
    r = random.Random(1536)
    failures = 0
    for name, solve in SOLVERS.items():
        game = os.path.join(ROOT, "examples", name + ".game")
        with open(os.path.join(ROOT, "examples", name + ".in")) as f:
            sample = f.read()
        with open(os.path.join(ROOT, "examples", name + ".out")) as f:
            expected = f.read()
        if solve(sample) != expected:
            print(f"FAIL {name}: the sample's .out is not what the Python solution gives")
            failures += 1
        for trial in range(5):
            text = random_input(name, r) + "\n"
            got = subprocess.run([grundy, "run", game], input=text, capture_output=True, text=True)
            if got.stdout != solve(text) or got.returncode != 0:
                print(f"FAIL {name}: random input {trial} differs\n--- input\n{text}--- grundy\n{got.stdout}{got.stderr}")
                failures += 1
        print(f"{name}: sample and 5 random inputs checked")
    print("all agree" if not failures else f"{failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
