#!/bin/sh
# Files the command line writes lose nothing: `graph -o` and `--csv` never
# replace a program's file or write through a link out of their folder, a
# write error exits 2 with a message and leaves the old file whole, a
# replaced file keeps its permissions, and a grundy killed while Graphviz
# renders leaves no temporary file and no `dot` behind.
#   file_safety.sh GRUNDY
set -u
GRUNDY=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() {
    echo "FAIL: $1"
    exit 1
}
# expect_error STATUS PATTERN: the last command's status and standard error (err.txt).
expect_error() {
    [ "$status" -eq "$1" ] || fail "exit status $status, not $1 (wanted '$2'): $(cat err.txt)"
    grep -q -- "$2" err.txt || fail "no '$2' in: $(cat err.txt)"
}
no_temporaries() {
    leftover=$(find . -name '.*.tmp')
    [ -z "$leftover" ] || fail "temporary files left: $leftover"
}

cat > prog.game <<'GAME'
game Nim { position n; move k in 1..n => n - k }
table sg(Nim(n)) for n in 0..3
GAME
cp prog.game prog.orig

# The program is never replaced: named directly, through a link, or as
# the CSV folder.
"$GRUNDY" graph prog.game -e 'Nim(2)' -o prog.game 2> err.txt
status=$?
expect_error 2 "^grundy: error: refusing to write 'prog.game': it is one of the program's files$"
cmp -s prog.game prog.orig || fail "graph -o prog.game changed the program"
ln -s prog.game link.game
"$GRUNDY" graph prog.game -e 'Nim(2)' -o link.game 2> err.txt
status=$?
expect_error 2 "refusing to write 'link.game': it is one of the program's files (prog.game)"
cmp -s prog.game prog.orig || fail "graph -o link.game changed the program"
"$GRUNDY" run --csv prog.game prog.game > /dev/null 2> err.txt
status=$?
expect_error 2 "cannot use 'prog.game' for --csv: it is not a folder"
cmp -s prog.game prog.orig || fail "--csv prog.game changed the program"
# An import is one of the program's files too, found once it is loaded.
mkdir lib && cp prog.game lib/nim.game && cp prog.game lib/nim.orig
printf 'import "lib/nim.game"\n' > main.game
"$GRUNDY" graph main.game -e 'Nim(2)' -o lib/nim.game 2> err.txt
status=$?
expect_error 2 "refusing to write 'lib/nim.game': it is one of the program's files"
cmp -s lib/nim.game lib/nim.orig || fail "graph -o over an import changed it"

# -o naming a link to a regular file: refused, the link and its file kept.
echo keep > kept.txt
ln -s kept.txt link.dot
"$GRUNDY" graph prog.game -e 'Nim(2)' -o link.dot 2> err.txt
status=$?
expect_error 2 "refusing to write 'link.dot': it is a symbolic link (to 'kept.txt')"
[ "$(cat kept.txt)" = keep ] && [ -L link.dot ] || fail "the link or its file changed"

# A replaced file keeps its permissions, even those the umask would not
# give; a new one has the umask's.
umask 022
"$GRUNDY" graph prog.game -e 'Nim(1)' -o g.dot || fail "graph -o g.dot"
[ "$(stat -c %a g.dot)" = 644 ] || fail "a new g.dot has mode $(stat -c %a g.dot), not 644"
for mode in 640 666; do
    chmod $mode g.dot
    "$GRUNDY" graph prog.game -e 'Nim(2)' -o g.dot || fail "graph -o g.dot again"
    [ "$(stat -c %a g.dot)" = $mode ] || fail "g.dot has mode $(stat -c %a g.dot), not $mode"
done
grep -q 'Nim(2)' g.dot || fail "g.dot was not replaced"
no_temporaries

# Write errors: exit 2 with the system's reason. /dev/full through a link
# (a device is written in place), for DOT and for a rendered format.
ln -s /dev/full full.dot
"$GRUNDY" graph prog.game -e 'Nim(2)' -o full.dot 2> err.txt
status=$?
expect_error 2 "^grundy: error: cannot write 'full.dot': No space left on device$"
if command -v dot >/dev/null 2>&1; then
    ln -s /dev/full full.svg
    "$GRUNDY" graph prog.game -e 'Nim(2)' -o full.svg 2> err.txt
    status=$?
    expect_error 2 "^grundy: error: cannot write 'full.svg': No space left on device$"
fi
"$GRUNDY" graph prog.game -e 'Nim(2)' > /dev/full 2> err.txt
status=$?
expect_error 2 "^grundy: error: cannot write to standard output"
"$GRUNDY" run prog.game > /dev/full 2> err.txt
status=$?
expect_error 2 "^grundy: error: cannot write to standard output"
# A file size limit (ulimit -f) makes a table's CSV fail: an error at the
# table, exit 2, and the table written before is still whole. (Standard
# error goes to a pipe, which the limit does not cover.)
"$GRUNDY" run --csv tables prog.game > /dev/null || fail "run --csv tables"
cp tables/table1.csv table1.orig
( ulimit -f 0 && "$GRUNDY" run --csv tables prog.game 2>&1 >/dev/null; echo "status $?" ) | cat > err.txt
grep -q '^status 2$' err.txt || fail "--csv past ulimit -f: $(cat err.txt)"
grep -q "^prog.game:2:1: error: cannot write 'tables/table1.csv': File too large$" err.txt ||
    fail "--csv past ulimit -f: $(cat err.txt)"
cmp -s tables/table1.csv table1.orig || fail "a failed write changed tables/table1.csv"
no_temporaries

# --csv does not follow a link in its folder out of it: the link is
# replaced by the table, the file it led to is kept.
echo outside > outside.txt
rm tables/table1.csv
ln -s ../outside.txt tables/table1.csv
"$GRUNDY" run --csv tables prog.game > /dev/null || fail "run --csv over a link"
[ "$(cat outside.txt)" = outside ] || fail "--csv wrote through a link out of its folder"
[ -f tables/table1.csv ] && [ ! -L tables/table1.csv ] || fail "tables/table1.csv is not the table"
cmp -s tables/table1.csv table1.orig || fail "tables/table1.csv is not the table"
# A folder where a table goes is not replaced.
rm tables/table1.csv && mkdir tables/table1.csv
"$GRUNDY" run --csv tables prog.game > /dev/null 2> err.txt
status=$?
expect_error 2 "cannot write 'tables/table1.csv': it is a directory"
no_temporaries

# What is not a file where one is expected: exit 2 and the reason.
mkdir -p folder
for args in 'run folder' 'run /dev/zero' 'eval /dev/zero -e 1' 'test /dev/null'; do
    # shellcheck disable=SC2086
    "$GRUNDY" $args < /dev/null > /dev/null 2> err.txt
    status=$?
    expect_error 2 "^grundy: error: cannot .*: it is \(a directory, not a file\|a device, not a file\|neither a file nor a folder\)$"
done
"$GRUNDY" run '' 2> err.txt
status=$?
expect_error 2 "^grundy: error: cannot read '': the file name is empty$"
# The REPL says so and goes on (its status is 0 when its input ends).
"$GRUNDY" repl folder < /dev/null > /dev/null 2> err.txt
status=$?
expect_error 0 "^grundy: error: cannot read 'folder': it is a directory, not a file$"

# A grundy killed while Graphviz renders leaves no temporary and no `dot`,
# and no file appears later. (Ctrl-C in a terminal: tests/terminal.)
if command -v dot >/dev/null 2>&1; then
    cat > grid.game <<'GAME'
game Grid {
    position (a, b)
    move where a > 0 => (a - 1, b)
    move where b > 0 => (a, b - 1)
    move where a > 1 and b > 1 => (a - 2, b - 2)
}
GAME
    # (A background job ignores SIGINT: Ctrl-C is tested in a terminal.)
    for sig in TERM HUP; do
        "$GRUNDY" graph grid.game -e 'Grid(30, 30)' --max-nodes 5000 -o grid.svg &
        pid=$!
        n=0
        child=
        while [ -z "$child" ] && [ "$n" -lt 300 ]; do
            child=$(pgrep -P "$pid" -x dot)
            sleep 0.1
            n=$((n + 1))
        done
        [ -n "$child" ] || fail "no dot child appeared"
        [ -n "$(find . -name '.grid.svg.*.tmp')" ] || fail "no temporary while dot runs"
        kill -s "$sig" "$pid"
        wait "$pid" 2>/dev/null  # (the shell would say "Terminated")
        n=0
        while [ -n "$(ps -o stat= -p "$child" | grep -v Z)" ] && [ "$n" -lt 50 ]; do
            sleep 0.1
            n=$((n + 1))
        done
        [ -z "$(ps -o stat= -p "$child" | grep -v Z)" ] || fail "dot outlived grundy (SIG$sig)"
        no_temporaries
        sleep 0.3
        [ ! -e grid.svg ] || fail "grid.svg appeared after grundy was killed (SIG$sig)"
    done
fi
echo ok
