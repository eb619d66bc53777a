#!/bin/sh
# --max-memory and --max-seconds: an endless game stops at the memory
# limit without passing it (peak resident memory measured by GNU time when
# it is installed), work no state limit covers stops at the time limit, in
# the REPL each entry has its own time, and bad values are usage errors.
#   limits.sh GRUNDY
set -u
GRUNDY=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() {
    echo "FAIL: $1"
    exit 1
}

cat > endless.game <<'GAME'
game Up { position n; move => n + 1 }
print sg(Up(0))
GAME
cat > grows.game <<'GAME'
game Walk { position (a, b); move => (a + 1, b + a) }
print sg(Walk(0, 0))
GAME
for game in endless grows; do
    for limit in 100 200; do
        # (A sanitizer build has no check of large blocks: its peak is not compared.)
        if [ -x /usr/bin/time ] && [ "${GRUNDY_SANITIZED:-0}" != 1 ]; then
            /usr/bin/time -f 'peak %M' -o peak.txt "$GRUNDY" run --max-memory ${limit}M $game.game 2> err.txt
            status=$?
            peak_kb=$(sed -n 's/^peak //p' peak.txt)
            [ $((peak_kb / 1024)) -le $((limit * 11 / 10)) ] ||
                fail "$game.game with --max-memory ${limit}M: peak $((peak_kb / 1024)) MiB"
        else
            "$GRUNDY" run --max-memory ${limit}M $game.game 2> err.txt
            status=$?
        fi
        [ $status -eq 2 ] || fail "$game.game with --max-memory ${limit}M: exit $status"
        grep -q "^$game.game:2:7: error: memory limit reached: more than ${limit}M in use; raise it with --max-memory$" \
            err.txt || fail "$game.game with --max-memory ${limit}M: $(cat err.txt)"
    done
done

# Time: a doubly recursive function, a builtin's loop, comprehensions (a set of
# int code gathered as a mask too).
cat > slow.game <<'GAME'
fn fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)
print fib(80)
GAME
printf 'print sum(0..1000000000000000000)\n' > sum.game
printf 'print len([x for x in 0..1000000000000000000 where x < 0])\n' > loop.game
printf 'print len({x %% 64 for x in 0..1000000000000000000 where x > 0})\n' > set.game
for game in slow sum loop set; do
    start=$(date +%s%N)
    "$GRUNDY" run --max-seconds 0.5 $game.game 2> err.txt
    status=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    [ $status -eq 2 ] || fail "$game.game with --max-seconds 0.5: exit $status"
    grep -q "error: time limit reached: this ran for more than 0.5 s; raise it with --max-seconds$" err.txt ||
        fail "$game.game with --max-seconds 0.5: $(cat err.txt)"
    [ $ms -lt 5000 ] || fail "$game.game with --max-seconds 0.5 took $ms ms"
done

# In the REPL the time limit holds for each entry: the slow one stops, the
# REPL goes on.
printf 'fn fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)\nfib(80)\nfib(10)\n' |
    "$GRUNDY" repl --max-seconds 0.3 > out.txt 2> err.txt || fail "repl exit status"
[ "$(cat out.txt)" = 55 ] || fail "repl output: $(cat out.txt)"
grep -q 'time limit reached' err.txt || fail "repl: no time limit message: $(cat err.txt)"
# grundy test: for each file; a file past it counts as failed.
printf 'assert fib(80) > 0\n' | cat slow.game - > slow_test.game
printf 'assert 1 + 1 == 2\n' > quick_test.game
"$GRUNDY" test --max-seconds 0.3 slow_test.game quick_test.game > out.txt 2> err.txt
[ $? -eq 1 ] || fail "test past --max-seconds should exit 1"
grep -q '^1 passed, 1 failed$' out.txt || fail "test output: $(cat out.txt)"

# The misère search of a heap of many options stops at the memory limit
# while it makes the options of the heaps it reaches, not past it.
cat > misere.game <<'GAME'
game Nim { position n; move k in 1..n => n - k }
print outcome(misere(Nim(5000) + Nim(1)))
GAME
if [ -x /usr/bin/time ] && [ "${GRUNDY_SANITIZED:-0}" != 1 ]; then
    /usr/bin/time -f 'peak %M' -o peak.txt "$GRUNDY" run --max-memory 200M misere.game 2> err.txt
    status=$?
    peak_kb=$(sed -n 's/^peak //p' peak.txt)
    [ $((peak_kb / 1024)) -le 220 ] || fail "misere.game with --max-memory 200M: peak $((peak_kb / 1024)) MiB"
else
    "$GRUNDY" run --max-memory 200M misere.game 2> err.txt
    status=$?
fi
[ $status -eq 2 ] || fail "misere.game with --max-memory 200M: exit $status"
grep -q "error: memory limit reached: more than 200M in use" err.txt || fail "misere.game: $(cat err.txt)"

# A runaway recursion through functions the int path compiles (a list
# comprehended from the function's own list, its sum) ends as any
# recursion does: at the stack's limit, with its message.
for body in '[x for x in f(n - 1)]' '[sum(f(n - 1)) + 1]'; do
    printf 'fn f(n) = if n == 0 then [0] else %s\ngame G { position n; move d in f(n) where d >= 1 and d <= n => n - d }\nprint sg(G(100000))\n' \
        "$body" > runaway.game
    "$GRUNDY" run --max-stack 16M runaway.game > out.txt 2> err.txt
    [ $? -eq 2 ] || fail "runaway.game ($body): exit status, output $(cat out.txt)"
    grep -q "error: recursion is too deep: the nested calls fill the 16M of stack" err.txt ||
        fail "runaway.game ($body): $(cat err.txt)"
done

# Bad values are usage errors.
for args in '--max-memory 200' '--max-memory 0M' '--max-memory lots' '--max-seconds 0' '--max-seconds -1' \
    '--max-seconds soon'; do
    # shellcheck disable=SC2086
    "$GRUNDY" run $args endless.game 2> err.txt
    [ $? -eq 2 ] || fail "'$args' should exit 2"
    grep -q '^grundy: error: --max-' err.txt || fail "'$args': $(cat err.txt)"
done
echo ok
