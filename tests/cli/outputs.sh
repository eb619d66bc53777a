#!/bin/sh
# The files and machine-readable output of the command line:
# `graph` (DOT on standard output or in a file, SVG/PNG through Graphviz
# when it is installed, the node limit), `run --csv`, `eval --json`, and a
# program read from a pipe.
#   outputs.sh GRUNDY
set -u
GRUNDY=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() {
    echo "FAIL: $1"
    exit 1
}

cat > games.game <<'GAME'
game Nim { position n; move k in 1..n => n - k }
table sg(Nim(1) + Nim(n)) for n in 0..3
table a ^ b for a in 0..1, b in 0..1
GAME

# graph: DOT on standard output, the same in a .dot file.
"$GRUNDY" graph games.game -e 'Nim(2) + Nim(1)' > stdout.dot || fail "graph to standard output"
grep -q '^digraph grundy {$' stdout.dot || fail "no digraph in the DOT output"
grep -q 'n1 \[label="Nim(1) + Nim(1)\\nsg 0", peripheries=2' stdout.dot || fail "the P-position is not marked"
"$GRUNDY" graph games.game -e 'Nim(2) + Nim(1)' -o file.dot || fail "graph -o file.dot"
cmp -s stdout.dot file.dot || fail "graph -o file.dot differs from standard output"

# Rendered by Graphviz when it is there; a clear error when it is not.
if command -v dot >/dev/null 2>&1; then
    "$GRUNDY" graph games.game -e 'Nim(3)' -o nim.svg || fail "graph -o nim.svg"
    grep -q '<svg' nim.svg || fail "nim.svg is not SVG"
    "$GRUNDY" graph games.game -e 'Nim(3)' -o nim.png || fail "graph -o nim.png"
    [ "$(head -c 4 nim.png | tail -c 3)" = "PNG" ] || fail "nim.png is not PNG"
else
    "$GRUNDY" graph games.game -e 'Nim(3)' -o nim.svg 2> err.txt && fail "graph -o nim.svg without Graphviz"
    grep -q "is not installed" err.txt || fail "no message about Graphviz"
fi

# Past the node limit: an error at the expression, exit status 2.
"$GRUNDY" graph games.game -e 'Nim(5)' --max-nodes 3 > /dev/null 2> err.txt
[ $? -eq 2 ] || fail "graph past --max-nodes should exit 2"
grep -q '^<expr>:1:1: error: the state graph of Nim(5) has more than 3 nodes' err.txt || fail "node limit message"

# run --csv DIR: each table as a CSV file, the directory made if needed.
"$GRUNDY" run --csv tables/out games.game > /dev/null || fail "run --csv"
printf 'n,value\n0,1\n1,0\n2,3\n3,2\n' | cmp -s - tables/out/table1.csv || fail "table1.csv"
printf 'a,b,value\n0,0,0\n0,1,1\n1,0,1\n1,1,0\n' | cmp -s - tables/out/table2.csv || fail "table2.csv"

# eval --json: one JSON value per expression (tests/golden/json has every kind).
"$GRUNDY" eval --json games.game -e '[sg(Nim(n)) for n in 0..3]' -e '("a\"b", {true})' > out.json ||
    fail "eval --json"
printf '%s\n' '[0, 1, 2, 3]' '{"tuple": ["a\"b", {"set": [true]}]}' | cmp -s - out.json || fail "eval --json output"
# A program from a pipe, which has no path on disk to be known by.
printf 'print 6 * 7\n' | "$GRUNDY" run /dev/stdin > pipe.txt 2>&1 || fail "run /dev/stdin"
[ "$(cat pipe.txt)" = "42" ] || fail "run /dev/stdin printed: $(cat pipe.txt)"
echo ok
