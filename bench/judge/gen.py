#!/usr/bin/env python3
"""Largest inputs of the judge examples (examples/NAME.game): python3 gen.py NAME > NAME.max.in

Each follows the problem's stated limits; where a problem leaves the number
of test cases open, the size chosen is said in SIZES below. Seeded: the
same input on every run."""
import random
import sys

SIZES = {
    "hdu1847": "10^5 lines, n = 1..1000",
    "hdu2147": "10^5 boards up to 2000 x 2000, then 0 0",
    "hdu1848": "10^5 lines of three heaps up to 1000, then 0 0 0",
    "hdu1536": "10 test cases, each S of 100 values (values up to 10000), 100 positions of 100 heaps up to 10000",
    "poj2311": "all 199 x 199 sheets w, h = 2..200 (39601 lines)",
    "hdu3032": "one case of 10^6 heaps up to 2^31 - 1",
    "cf768e": "10^6 heaps of 1..60 stones",
    "set_nim": "S of 100 values (up to 10000), 100 heaps up to 10000",
    "misere_nim": "100 cases of 100 heaps up to 10^9",
    "poj1704": "20 cases of 1000 chessmen on cells up to 10000",
}


def main():
    name = sys.argv[1]
    r = random.Random(768)
    out = []
    if name == "hdu1847":
        out = [str(r.randint(1, 1000)) for _ in range(10**5)]
    elif name == "hdu2147":
        out = [f"{r.randint(1, 2000)} {r.randint(1, 2000)}" for _ in range(10**5)] + ["0 0"]
    elif name == "hdu1848":
        out = [" ".join(str(r.randint(1, 1000)) for _ in range(3)) for _ in range(10**5)] + ["0 0 0"]
    elif name == "hdu1536":
        for _ in range(10):
            s = r.sample(range(1, 10001), 100)
            out.append(" ".join(map(str, [len(s)] + s)))
            out.append("100")
            for _ in range(100):
                out.append(" ".join(map(str, [100] + [r.randint(0, 10000) for _ in range(100)])))
        out.append("0")
    elif name == "poj2311":
        out = [f"{w} {h}" for w in range(2, 201) for h in range(2, 201)]
    elif name == "hdu3032":
        n = 10**6
        out = ["1", str(n), " ".join(str(r.randint(1, 2**31 - 1)) for _ in range(n))]
    elif name == "cf768e":
        n = 10**6
        out = [str(n)] + [str(r.randint(1, 60)) for _ in range(n)]
    elif name == "set_nim":
        s = r.sample(range(1, 10001), 100)
        out = ["100", " ".join(map(str, s)), "100", " ".join(str(r.randint(1, 10000)) for _ in range(100))]
    elif name == "misere_nim":
        out = ["100"]
        for _ in range(100):
            out.append("100")
            out.append(" ".join(str(r.randint(1, 10**9)) for _ in range(100)))
    elif name == "poj1704":
        out = ["20"]
        for _ in range(20):
            out.append("1000")
            out.append(" ".join(map(str, r.sample(range(1, 10001), 1000))))
    else:
        sys.exit(f"unknown example {name}; known: {', '.join(SIZES)}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
