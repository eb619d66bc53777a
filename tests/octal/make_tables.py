#!/usr/bin/env python3
# Writes values.game: the first 200 values of each code below, from a naive
# reference (the mex of every option, straight from the code's digits),
# independent of the interpreter. Run from this directory:
#   python3 make_tables.py > values.game
# The reference agrees with the nimbers of the "trivial" codes published in
# T. Czajka's table of octal games (github.com/tczajka/octal-games,
# TrivialGames.md: each code's preperiod and period written out), and with
# OEIS A002186 (Kayles, 0.77), A002187 (Dawson's chess, 0.137) and A002188
# (Grundy's game), which stdlib/octal.game pins.

def digits(code):
    a, b = code.split('.')
    return [int(a, 16) if a else 0] + [int(c, 16) for c in b]

def values(code, n):
    d = digits(code)
    t = len(d) - 1
    g = []
    for h in range(n):
        seen = set()
        for k in range(0, min(h, t) + 1):
            r = h - k
            if d[k] & 1 and r == 0 and k > 0: seen.add(0)
            if d[k] & 2 and r > 0 and k > 0: seen.add(g[r])
            if d[k] & 4:
                for a in range(1, r // 2 + 1): seen.add(g[a] ^ g[r - a])
            if d[k] & 8:
                for a in range(1, r // 3 + 1):
                    for b in range(a, (r - a) // 2 + 1): seen.add(g[a] ^ g[b] ^ g[r - a - b])
        m = 0
        while m in seen: m += 1
        g.append(m)
    return g

codes = ['0.%d' % a for a in range(1, 8)] + ['0.%d%d' % (a, b) for a in range(8) for b in range(1, 8)]
codes += ['4.%d' % a for a in range(8)]
codes += ['0.002', '0.007', '0.017', '0.022', '0.044', '0.045', '0.051', '0.055', '0.101', '0.102', '0.104',
          '0.106', '0.111', '0.112', '0.115', '0.116', '0.121', '0.122', '0.123', '0.124', '0.126', '0.127',
          '0.131', '0.132', '0.134', '0.137', '0.141', '0.144', '0.145', '0.147', '0.152', '0.153', '0.154',
          '0.156', '0.157', '0.161', '0.165', '0.171', '0.173', '0.176', '0.226', '0.312', '0.316', '0.331',
          '0.332', '0.351', '0.353', '0.354', '0.356', '0.373', '0.375', '0.376', '0.512', '0.524', '0.532',
          '0.536', '0.644', '0.772', '4.12', '4.72', '4.005', '4.024', '4.102', '4.122', '4.304', '4.323',
          '4.444', '4.722', '4.726', '4.766',
          '0.8', '0.b', '0.f', '0.9e', '0.0c', '8.1', 'c.3', '4.8']

print('# The first 200 values of %d take-and-break codes, from the naive' % len(codes))
print('# reference in make_tables.py (written by it; do not edit by hand).')
print('import "octal.game"')
print()
for c in codes:
    print('assert [sg(Octal("%s")(n)) for n in 0..199] ==' % c)
    vals = values(c, 200)
    line = '    ['
    out = []
    for i, v in enumerate(vals):
        item = str(v) + (', ' if i + 1 < len(vals) else ']')
        if len(line) + len(item) > 110:
            out.append(line.rstrip())
            line = '     '
        line += item
    out.append(line)
    print('\n'.join(out))
