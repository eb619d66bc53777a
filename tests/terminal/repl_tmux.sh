#!/bin/sh
# Drives `grundy repl` in a real terminal through tmux: line editing, Tab
# completion, the continuation prompt, Ctrl-C at the prompt and during a
# long solve, a long recursion and a long loop, moves in :play kept out of
# the history, Ctrl-D, and the history kept across runs. Then Ctrl-C while
# Graphviz renders a graph to a file, in the REPL and in `grundy graph`: no
# temporary file and no `dot` is left, and the file never appears. Exits 77
# (skipped) when tmux is not installed.
#   repl_tmux.sh GRUNDY
set -u
GRUNDY=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
command -v tmux >/dev/null 2>&1 || { echo "tmux is not installed: skipped"; exit 77; }

work=$(mktemp -d)
cp "$here/slow.game" "$work/"
T=true
trap '$T kill-server 2>/dev/null; rm -rf "$work"' EXIT
trap 'exit 1' HUP INT PIPE TERM  # so the EXIT trap cleans up then too

runs=0
# start [ARGS]: tmux running `grundy ARGS` (default: the REPL on
# slow.game); its exit status is printed when it ends. The shell traps
# Ctrl-C so that it lives on to print it.
start() {
    # A fresh server each time: a new client can reach a server that is
    # still shutting down and fail with "server exited unexpectedly".
    $T kill-server 2>/dev/null
    runs=$((runs + 1))
    T="tmux -S $work/tmux-$runs.sock -f /dev/null"  # in $work: removed with it
    $T new-session -d -s t -x 120 -y 50 \
        "trap : INT; cd '$work' && HOME='$work' timeout --foreground 120 '$GRUNDY' ${1:-repl slow.game}; echo exit-status-\$?; sleep 60" ||
        fail "tmux could not start"
}
pane() { $T capture-pane -p -t t -S -500; }
fail() {
    echo "FAIL: $1"
    echo "--- the terminal:"
    pane
    exit 1
}
# expect PATTERN [COUNT]: wait until COUNT lines (default 1) match the
# extended regular expression PATTERN (tmux drops trailing spaces).
expect() {
    n=0
    while [ "$n" -lt 300 ]; do
        $T has-session -t t 2>/dev/null || fail "the tmux session ended"
        [ "$(pane | grep -Ec -- "$1")" -ge "${2:-1}" ] && return 0
        sleep 0.1
        n=$((n + 1))
    done
    fail "no line matching '$1' (wanted ${2:-1})"
}
keys() { $T send-keys -t t "$@"; }
# dot_below: the pid of a `dot` process below the pane's shell, if any.
dot_below() {
    pids=$($T display -p -t t '#{pane_pid}')
    while [ -n "$pids" ]; do
        next=
        for p in $pids; do
            for c in $(pgrep -P "$p"); do
                [ "$(ps -o comm= -p "$c")" = dot ] && { echo "$c"; return; }
                next="$next $c"
            done
        done
        pids=$next
    done
}
# render_then_ctrl_c FILE: waits until dot renders FILE (its temporary is
# there), then presses Ctrl-C; sets $child to dot's pid.
render_then_ctrl_c() {
    n=0
    child=
    # Both looked for until seen: on a loaded machine the dot of the render
    # before may still be there, unreaped, when this one has not begun.
    while { [ -z "$child" ] || [ -z "$(find "$work" -name ".$1.*.tmp")" ]; } && [ "$n" -lt 300 ]; do
        child=$(dot_below)
        sleep 0.1
        n=$((n + 1))
    done
    [ -n "$child" ] || fail "no dot process while $1 renders"
    [ -n "$(find "$work" -name ".$1.*.tmp")" ] || fail "no temporary file while $1 renders"
    keys C-c
}
# nothing_left FILE: dot ($child) ends, and neither a temporary nor FILE is there.
nothing_left() {
    n=0
    while [ -n "$(ps -o stat= -p "$child" | grep -v Z)" ] && [ "$n" -lt 50 ]; do
        sleep 0.1
        n=$((n + 1))
    done
    [ -z "$(ps -o stat= -p "$child" | grep -v Z)" ] || fail "dot ($child) is still running after Ctrl-C"
    [ -z "$(find "$work" -name '.*.tmp')" ] || fail "temporary files left: $(find "$work" -name '.*.tmp')"
    sleep 0.3
    [ ! -e "$work/$1" ] || fail "$1 appeared after Ctrl-C"
}

start 'repl --max-nodes 5000 slow.game'
expect '^grundy>$'
keys 'sg(Nim(3) + Nim(5))' Enter
expect '^6$'

# Tab completes command names and the names defined so far.
keys ':mo' Tab 'Nim(2) + Nim(3)' Enter
expect '^grundy> :moves Nim\(2\) \+ Nim\(3\)$'
expect '^Nim\(2\) \+ Nim\(3\): sg 1, 5 moves$'
keys '[sg(Gr' Tab '(a, 4)) for a in 0..5]' Enter
expect '^grundy> \[sg\(Grid\(a, 4\)\) for a in 0\.\.5\]$'
expect "^$("$GRUNDY" eval "$work/slow.game" -e '[sg(Grid(a, 4)) for a in 0..5]' | sed 's/[][]/\\&/g')\$"

# An open bracket asks for more; Ctrl-C drops the unfinished entry.
keys 'let xs = [1,' Enter
expect '^   \.\.\.>$'
keys '2, 3'
keys C-c
expect '^   \.\.\.> 2, 3\^C$'
keys 'xs' Enter
expect 'error: unknown name `xs`'

# Ctrl-C stops a long solve (after the progress line shows), a long
# recursion and a long loop; the session and its definitions survive.
keys 'sg(Grid(10000, 10000))' Enter
expect '^solving: [0-9,]+ states, [0-9,]+ states/s'
keys C-c
expect 'error: interrupted' 1
keys 'fibr(60)' Enter
sleep 1
keys C-c
expect 'error: interrupted' 2
keys 'check x >= 0 for x in 0..4000000000' Enter
sleep 1
keys C-c
expect 'error: interrupted' 3

# Ctrl-C while Graphviz renders :graph's file: interrupted, nothing left.
if command -v dot >/dev/null 2>&1; then
    keys ':graph Grid(30, 30) grid.svg' Enter
    render_then_ctrl_c grid.svg
    expect 'error: interrupted' 4
    nothing_left grid.svg
fi

keys 'sg(Nim(3) + Nim(4)) + 100' Enter
expect '^107$'

# A game's moves stay out of the history: Up after :play recalls the
# entry before it, not the move typed.
keys ':play Nim(1)' Enter
expect '^your move>$'
keys '1' Enter
expect '^The engine has no move: you win\.$'
keys Up Up Enter
expect '^107$' 2

# Ctrl-D leaves.
keys C-d
expect '^exit-status-0$'
grep -q 'sg(Nim(3)' "$work/.grundy_history" || fail "no history in $work/.grundy_history"

# The history survives: Up recalls the last entry of the previous run.
start
expect '^grundy>$'
keys Up Enter
expect '^107$'
keys C-d
expect '^exit-status-0$'

# The same for `grundy graph -o`, which dies of the Ctrl-C (status 130).
if command -v dot >/dev/null 2>&1; then
    start "graph slow.game -e 'Grid(30, 30)' --max-nodes 5000 -o grid.svg"
    render_then_ctrl_c grid.svg
    expect '^\^?C?exit-status-130$'
    nothing_left grid.svg
fi
echo "ok"
