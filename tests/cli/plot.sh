#!/bin/sh
# `grundy plot`: the SVG of a small sequence to the letter (golden), the
# binned scatter of a long one (a point for every value in a column, so a
# value met once still shows), PNG through rsvg-convert when it is
# installed, and the errors.
#   plot.sh GRUNDY GOLDEN_DIR
set -u
GRUNDY=$(realpath "$1")
GOLDEN=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() {
    echo "FAIL: $1"
    exit 1
}

# Two short sequences side by side: circles, axes, labels, exactly as pinned.
"$GRUNDY" plot -e '[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]' -e '[0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]' > small.svg ||
    fail "plot to standard output"
cmp -s small.svg "$GOLDEN/small.svg" || { diff "$GOLDEN/small.svg" small.svg | head -20; fail "small.svg differs"; }
[ "$(grep -c '<circle' small.svg)" = 24 ] || fail "24 points expected"
[ "$(grep -c '>G(n)</text>' small.svg)" = 2 ] || fail "an axis label per panel expected"

# 5000 heaps, all 0 but one 7 at heap 4321: binned, the lone 7 is still a point.
cat > long.game <<'GAME'
let xs = [if n == 4321 then 7 else 0 for n in 0..4999]
GAME
"$GRUNDY" plot long.game -e xs -o long.svg || fail "plot -o long.svg"
grep -q '<circle' long.svg && fail "5000 heaps should be binned, not circles"
[ "$(grep -o 'h1.0v' long.svg | wc -l)" = 601 ] || fail "600 columns of 0 and one 7 expected"

# PNG when rsvg-convert is there, a clear error when not.
if command -v rsvg-convert >/dev/null; then
    "$GRUNDY" plot -e '[0, 1, 0]' -o small.png || fail "plot -o small.png"
    [ "$(head -c 4 small.png | tail -c 3)" = PNG ] || fail "small.png is not a PNG"
fi

# The plot statement with --plot DIR: plot1.svg, plot2.svg, ... and where they went.
cat > stmt.game <<'GAME'
plot n % 3 for n in 0..20
plot n / 2 for n in 5..9
GAME
"$GRUNDY" run --plot plots stmt.game > out.txt 2>&1 || fail "run --plot"
grep -q 'n / 2 for n in 5..9: 5 values, largest 4 -> plots/plot2.svg' out.txt || fail "no line for the second plot"
[ "$(grep -c '<circle' plots/plot1.svg)" = 21 ] || fail "plot1.svg should have 21 points"
grep -q '>5</text>' plots/plot2.svg || fail "plot2.svg's axis should start at n = 5"

# Errors: not a sequence, a file of the program, an unknown format.
"$GRUNDY" plot -e '[1, "a"]' > out.txt 2>&1 && fail "a string in the sequence was accepted"
grep -q 'must be a list of ints' out.txt || fail "no message for a string in the sequence"
"$GRUNDY" plot long.game -e xs -o long.game > out.txt 2>&1 && fail "plot replaced the program"
"$GRUNDY" plot -e '[1]' -o plot.pdf > out.txt 2>&1 && fail "plot wrote a .pdf"
grep -q 'written as .svg or .png' out.txt || fail "no message for .pdf"
echo "plot: all passed"
