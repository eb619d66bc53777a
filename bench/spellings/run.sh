#!/usr/bin/env bash
# Spellings: the same game written several ways with the same meaning, timed
# against each other.
#
#   bash bench/spellings/run.sh [options] [GAME...]     (from anywhere)
#
# Each directory bench/spellings/GAME/ holds spellings of one game, SPELLING.game,
# each reading a size from standard input and printing one answer. The script
# runs every spelling of the selected games RUNS times at the game's size
# (the SIZE table below; the spellings of a game take turns, run by run, so
# that a shared machine's load falls on all alike), checks that all spellings
# of a game print the same output, and prints a Markdown table on stdout:
# each spelling's median wall time, median CPU time (user + system), peak
# RSS, and its time over the fastest spelling of its game (by wall time and
# by CPU time). Progress goes to stderr. Exits 1 when the spellings of a game
# disagree or a run fails or times out, 0 otherwise.
#
# Options:
#   --small        run each spelling once at a small size (the SMALL table)
#                  and only check that the outputs agree (the test suite's
#                  check); prints one line per game
#   --list         print the games and stop
#   -h, --help     this text
#
# Environment:
#   RUNS=3            runs per spelling (median time, max peak RSS)
#   GRUNDY=build/grundy   the interpreter; a relative path is taken from the
#                     repo root, a bare name from PATH
#   TIMEOUT=300       seconds before a single run is killed (0 = never); a
#                     spelling that times out is not run again, its cell
#                     reads "timeout", and its ratio "> T / fastest"
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
DIR=bench/spellings

# The table's sizes (the standard input of every spelling of the game), and
# the test suite's.
declare -A SIZE=(
    [wythoff]='500' [kayles]='12000' [subtract]='5000000' [fibnim]='1300'
    [octal]='10000' [chomp]='75' [board]='4000' [heaps3]='70' [stones]='70' [cutting]='200'
    [squares]='300000' [pairs]='40' [lower]='80' [king3]='300' [stairs]='28' [halves]='250'
    [lost]='1000' [lasttwo]='2000' [euclid]='1000' [misere3]='150' [lastmove]='1000000'
    [turtles]='18' [subset]='30000000' [digits]='3000000' [coprime]='3000'
)
declare -A SMALL=(
    [wythoff]='12' [kayles]='60' [subtract]='200' [fibnim]='40'
    [octal]='60' [chomp]='8' [board]='12' [heaps3]='6' [stones]='20' [cutting]='12'
    [squares]='300' [pairs]='5' [lower]='6' [king3]='6' [stairs]='6' [halves]='12' [lost]='20'
    [lasttwo]='20' [euclid]='20' [misere3]='8' [lastmove]='1200' [turtles]='6' [subset]='300'
    [digits]='300' [coprime]='60'
)
# What each game is, for the table.
declare -A TITLE=(
    [wythoff]='Wythoff, a, b ≤ %s'
    [kayles]='Kayles, n ≤ %s'
    [subtract]='Subtract({1,3,4}), n ≤ %s'
    [fibnim]='FibonacciNim, n ≤ %s'
    [octal]='Dawson'"'"'s chess "0.137", n ≤ %s'
    [chomp]='Chomp 3 rows ≤ %s, P count'
    [board]='Kiki board, every start ≤ %s×%s'
    [heaps3]='3 heaps ≤ %s, sorted'
    [stones]='CF 768E heaps ≤ %s'
    [cutting]='POJ 2311 sheets ≤ %s×%s, P count'
    [squares]='Subtract-a-square ≤ %s, P count'
    [pairs]='4 heaps ≤ %s, one or a pair, sorted'
    [lower]='3 heaps ≤ %s, one or all, sorted'
    [king3]='3-D king ≤ %s'
    [stairs]='Staircase Nim, 5 stairs, %s coins'
    [halves]='2 heaps ≤ %s, half to the other'
    [lost]='2 heaps ≤ %s, a square total lost'
    [lasttwo]='2 heaps ≤ %s, 1 to 3 off one, not both emptied'
    [euclid]='Euclid'"'"'s game, heaps ≤ %s'
    [misere3]='misère Nim, 3 heaps ≤ %s, P count'
    [lastmove]='1..6, not the last move'"'"'s size, heap ≤ %s'
    [turtles]='Turning Turtles, every start of %s coins'
    [subset]='Subtract 2, 5 or 7, n ≤ %s'
    [digits]='Take a nonzero digit, n ≤ %s'
    [coprime]='Take a coprime, n ≤ %s'
)
ALL_GAMES=(wythoff kayles subtract fibnim octal chomp board heaps3 stones cutting squares pairs lower king3 stairs halves lost lasttwo euclid misere3 lastmove turtles subset digits coprime)

RUNS="${RUNS:-3}"
GRUNDY="${GRUNDY:-build/grundy}"
TIMEOUT="${TIMEOUT:-300}"
TIME_BIN=/usr/bin/time

die() { echo "spellings/run.sh: $*" >&2; exit 2; }
log() { echo "$*" >&2; }
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }

mode=run
selected=()
for arg in "$@"; do
    case "$arg" in
        --small) mode=small ;;
        --list) printf '%s\n' "${ALL_GAMES[@]}"; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        -*) die "unknown option '$arg' (see --help)" ;;
        *)
            [[ -v "SIZE[$arg]" ]] || die "unknown game '$arg' (one of: ${ALL_GAMES[*]})"
            selected+=("$arg") ;;
    esac
done
((${#selected[@]})) || selected=("${ALL_GAMES[@]}")
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive integer, not '$RUNS'"
[[ "$TIMEOUT" =~ ^[0-9]+$ ]] || die "TIMEOUT must be a number of seconds, not '$TIMEOUT'"
[[ -x "$TIME_BIN" ]] || die "$TIME_BIN not found: install GNU time (Debian package 'time')"

if [[ "$GRUNDY" == */* ]]; then
    [[ -x "$GRUNDY" ]] || die "no Grundy interpreter at '$GRUNDY' (set GRUNDY=...)"
else
    GRUNDY="$(command -v "$GRUNDY")" || die "no Grundy interpreter '$GRUNDY' on PATH"
fi

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
wrap=()
((TIMEOUT > 0)) && wrap=(timeout "$TIMEOUT")

spellings_of() { local f; for f in "$DIR/$1"/*.game; do [[ -e "$f" ]] && basename "$f" .game; done; }

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
fmt_time() { awk -v t="$1" 'BEGIN { if (t < 10) printf "%.3f s", t; else if (t < 100) printf "%.2f s", t; else printf "%.1f s", t }'; }
fmt_ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "n/a"; else if (a / b < 10) printf "%.2f×", a / b; else printf "%.0f×", a / b }'; }

# One run of a spelling: sets OUT (its output, one line), WALL, CPU, RSS, or
# ERR when it fails.
run_once() {
    local file="$1" input="$2" rc=0 start end
    ERR='' OUT='' WALL='' CPU='' RSS=''
    echo "$input" >"$TMP/in"
    start=$(date +%s%N)
    # In a subshell whose `times` gives its children's CPU time to the millisecond.
    (
        rc=0
        "$TIME_BIN" -f '%e %M' -o "$TMP/time" "${wrap[@]}" "$GRUNDY" run "$file" <"$TMP/in" >"$TMP/out" 2>"$TMP/err" || rc=$?
        times >"$TMP/times"
        exit "$rc"
    ) || rc=$?
    end=$(date +%s%N)
    if ((rc != 0)); then
        if ((rc == 124)); then ERR="timeout"; else ERR="exit $rc"; fi
        sed 's/^/    | /' "$TMP/err" | tail -n 5 >&2
        return 0
    fi
    OUT="$(tr '\n' ' ' <"$TMP/out" | sed 's/ *$//')"
    WALL="$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", (e - s) / 1e9 }')"
    CPU="$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, k, /[ms]/); printf "%.3f", u[1] * 60 + u[2] + k[1] * 60 + k[2] }' "$TMP/times")"
    RSS="$(awk 'NF { v = $2 } END { print v + 0 }' "$TMP/time")"
}

status=0

if [[ "$mode" == small ]]; then
    for game in "${selected[@]}"; do
        first='' outputs=() bad=''
        for sp in $(spellings_of "$game"); do
            run_once "$DIR/$game/$sp.game" "${SMALL[$game]}"
            if [[ -n "$ERR" ]]; then bad+=" $sp: $ERR;"; continue; fi
            outputs+=("$sp=$OUT")
            [[ -z "$first" ]] && first="$OUT"
            [[ "$OUT" != "$first" ]] && bad+=" outputs differ;"
        done
        if ((${#outputs[@]} < 3)); then bad+=" fewer than 3 spellings ran;"; fi
        if [[ -n "$bad" ]]; then
            status=1
            echo "FAIL  $game ${SMALL[$game]}:$bad ${outputs[*]}"
        else
            echo "ok    $game ${SMALL[$game]}: ${#outputs[@]} spellings print $first"
        fi
    done
    exit "$status"
fi

echo "| game | spelling | time | CPU | peak MB | × fastest (time) | × fastest (CPU) | output |"
echo "|---|---|---:|---:|---:|---:|---:|---|"
for game in "${selected[@]}"; do
    log "== $game (${SIZE[$game]})"
    mapfile -t sps < <(spellings_of "$game")
    declare -A T=() C=() M=() O=() E=()
    # The spellings take turns, run by run.
    for ((i = 1; i <= RUNS; i++)); do
        for sp in "${sps[@]}"; do
            [[ -n "${E[$sp]:-}" ]] && continue
            run_once "$DIR/$game/$sp.game" "${SIZE[$game]}"
            if [[ -n "$ERR" ]]; then
                E[$sp]="$ERR"; log "  $sp run $i: FAILED ($ERR)"; status=1; continue
            fi
            log "  $sp run $i: $WALL s (CPU $CPU s), $((RSS / 1024)) MB, output $OUT"
            if [[ -n "${O[$sp]:-}" && "${O[$sp]}" != "$OUT" ]]; then
                E[$sp]="unstable"; status=1; continue
            fi
            O[$sp]="$OUT"
            T[$sp]+="$WALL " C[$sp]+="$CPU "
            ((RSS > ${M[$sp]:-0})) && M[$sp]=$RSS
        done
    done
    # Medians, the fastest spelling, the agreement of the outputs.
    declare -A MT=() MC=()
    best_t='' best_c='' first='' agree=1
    for sp in "${sps[@]}"; do
        [[ -n "${E[$sp]:-}" ]] && continue
        MT[$sp]="$(printf '%s\n' ${T[$sp]} | median)"
        MC[$sp]="$(printf '%s\n' ${C[$sp]} | median)"
        [[ -z "$best_t" ]] || awk -v a="${MT[$sp]}" -v b="$best_t" 'BEGIN { exit !(a < b) }' && best_t="${MT[$sp]}"
        [[ -z "$best_c" ]] || awk -v a="${MC[$sp]}" -v b="$best_c" 'BEGIN { exit !(a < b) }' && best_c="${MC[$sp]}"
        [[ -z "$first" ]] && first="${O[$sp]}"
        [[ "${O[$sp]}" != "$first" ]] && agree=0
    done
    ((agree)) || status=1
    if [[ "${TITLE[$game]}" == *%s*%s* ]]; then
        title="$(printf "${TITLE[$game]}" "${SIZE[$game]}" "${SIZE[$game]}")"
    else
        title="$(printf "${TITLE[$game]}" "${SIZE[$game]}")"
    fi
    for sp in "${sps[@]}"; do
        # The game's title on its first row only.
        [[ "$sp" != "${sps[0]}" ]] && title=''

        if [[ -n "${E[$sp]:-}" ]]; then
            ratio='n/a'
            if [[ "${E[$sp]}" == timeout && -n "$best_t" ]]; then ratio="> $(fmt_ratio "$TIMEOUT" "$best_t")"; fi
            echo "| $title | \`$game/$sp\` | ${E[$sp]} | | | $ratio | | |"
            continue
        fi
        out="${O[$sp]}"
        ((agree)) || out="$out (MISMATCH)"
        echo "| $title | \`$game/$sp\` | $(fmt_time "${MT[$sp]}") | $(fmt_time "${MC[$sp]}") | $(awk -v k="${M[$sp]}" 'BEGIN { printf "%.1f", k / 1024 }') | $(fmt_ratio "${MT[$sp]}" "$best_t") | $(fmt_ratio "${MC[$sp]}" "$best_c") | $out |"
    done
    unset T C M O E MT MC
done
echo
echo "Median of $RUNS runs of each spelling (the spellings of a game taking turns), wall time including process start-up; CPU: user + system time; peak RSS the largest of the runs. × fastest: the spelling's median over the fastest spelling's median of its game. Machine: $(nproc) cores; Grundy $GRUNDY."
exit "$status"
