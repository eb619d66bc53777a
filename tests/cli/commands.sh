#!/bin/sh
# The command line's own messages: "did you mean" for commands and options,
# --json accepted or refused by every command, and `grundy test` with its
# per-file time limit and JSON lines.
#   commands.sh GRUNDY
set -u
GRUNDY=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() {
    echo "FAIL: $1"
    exit 1
}
# expect STATUS STDERR-LINE COMMAND...: the exit status and the first line of standard error.
expect() {
    want_status=$1 want_err=$2
    shift 2
    "$@" > out.txt 2> err.txt
    status=$?
    [ "$status" -eq "$want_status" ] || fail "$*: exit $status, expected $want_status"
    [ "$(head -n 1 err.txt)" = "$want_err" ] || fail "$*: stderr was: $(cat err.txt)"
}

# Did you mean: commands, options, a file given without `run`.
expect 2 "grundy: error: unknown command 'rn' (did you mean 'run'?)" "$GRUNDY" rn x.game
expect 2 "grundy: error: unknown command 'tset' (did you mean 'test'?)" "$GRUNDY" tset
expect 2 "grundy: error: unknown option '--jsn' (did you mean '--json'?)" "$GRUNDY" eval --jsn -e 1
expect 2 "grundy: error: unknown option '--max-state' (did you mean '--max-states'?)" "$GRUNDY" run --max-state 5 x.game
expect 2 "grundy: error: unknown command 'x.game' (did you mean 'grundy run x.game'?)" "$GRUNDY" x.game
expect 2 "grundy: error: unknown command 'frobnicate'" "$GRUNDY" frobnicate

# --json: run, eval and test take it; graph and repl refuse it with a reason.
expect 2 "grundy: error: graph writes Graphviz DOT, not JSON: leave out --json" "$GRUNDY" graph --json -e 1
expect 2 "grundy: error: the REPL shows text; --json is for run, eval and test" "$GRUNDY" repl --json

# A file named on the command line is the file meant: no warning, even
# when the library has a file of that name (an import would warn).
printf 'game MyNim { position n; move k in 1..n => n - k }\n' > nim.game
expect 0 "" "$GRUNDY" eval nim.game -e 'sg(MyNim(2))'
[ "$(cat out.txt)" = "2" ] || fail "eval nim.game printed: $(cat out.txt)"

# test: a file that never ends is stopped at --timeout, and the others run.
mkdir suite
cat > suite/endless.game <<'GAME'
for i in 0..9223372036854775806 { let x = i }
GAME
cat > suite/fine.game <<'GAME'
game Nim { position n; move k in 1..n => n - k }
assert sg(Nim(3) + Nim(5)) == 6
GAME
start=$(date +%s)
"$GRUNDY" test --timeout 1 suite > out.txt 2> err.txt
status=$?
[ $(( $(date +%s) - start )) -lt 30 ] || fail "test --timeout 1 took too long"
[ "$status" -eq 1 ] || fail "test with a file stopped: exit $status"
grep -qx 'suite/endless.game: error: stopped after 1 s (the limit is --timeout 1)' err.txt ||
    fail "no timeout message: $(cat err.txt)"
printf 'FAIL suite/endless.game (0 passed, 1 failed)\n1 passed, 1 failed\n' | cmp -s - out.txt ||
    fail "test --timeout output: $(cat out.txt)"

# test --json: one object per file, then a summary.
"$GRUNDY" test --json suite/fine.game > out.txt 2> err.txt || fail "test --json"
printf '%s\n' '{"event": "file", "file": "suite/fine.game", "passed": 1, "failed": 0}' \
    '{"event": "summary", "passed": 1, "failed": 0, "status": 0}' | cmp -s - out.txt ||
    fail "test --json output: $(cat out.txt)"
"$GRUNDY" test --json --timeout 1 suite/endless.game > out.txt 2> err.txt
grep -q '"error": "stopped after 1 s' out.txt || fail "test --json with a timeout: $(cat out.txt)"

echo ok
