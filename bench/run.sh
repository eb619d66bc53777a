#!/usr/bin/env bash
# Grundy benchmark harness: hand-written C++ vs the Grundy interpreter vs Python.
#
#   bash bench/run.sh [options] [WORKLOAD...]      (from the repo root, or anywhere)
#
# Builds the C++ baselines (g++ -O2) into bench/build/, runs every selected
# workload RUNS times per implementation (C++ and Grundy taking turns, so that
# a shared machine's load falls on both alike), takes the median wall time,
# the median CPU time (user + system) and the peak RSS, checks that all
# checksums agree, and prints a Markdown table on stdout (progress goes to
# stderr). Exits 1 when a checksum disagrees or a run fails or times out, 0
# otherwise; a missing Grundy binary is "n/a", not a failure, and a workload
# without a Python version (bench/python/NAME.py) has "none" in its Python
# columns.
#
# Options:
#   --build-only   build the baselines and stop
#   --check        build, then cross-check C++ against Python at small sizes
#                  (bench/crosscheck.py) and stop
#   --list         print the workload names and stop
#   -h, --help     this text
#
# Environment:
#   RUNS=3            runs per implementation (median time, max peak RSS)
#   PY_RUNS=$RUNS     runs for Python (the slow one)
#   GRUNDY=build/grundy   the interpreter, run as `$GRUNDY run FILE` with the
#                     size on standard input; a relative path is taken from
#                     the repo root, a bare name from PATH
#   PYTHON=python3    the Python interpreter
#   CXX=g++           the compiler for the baselines (CXXFLAGS: extra flags)
#   SKIP_PYTHON=1     leave Python out (its columns read "skipped")
#   PY_QUICK=1        run the slow Python workloads at a smaller size and
#                     scale the time up by the complexity (shown as "~12.3 s*")
#   TIMEOUT=600       seconds before a single run is killed (0 = never); an
#                     implementation that times out is not run again for that
#                     workload, and its cell reads "timeout"
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

ALL_WORKLOADS=(subtract kayles wythoff fibnim chomp divisors misere
               deep deep20 board heaps3 nodekayles turtles greentrees cf768e octal137 chomp3 chompcols pcount loopy
               grundysparse grundyquad octal16)

# The sizes: the C++ and Python programs' arguments, and the Grundy program's
# standard input. Most C++ runs take from a fifth of a second to a few
# seconds, so that process start-up is noise. Six are shorter: deep and board
# at the sizes the workloads are defined by (10^7, 2000 x 2000), and heaps3,
# greentrees, octal137 and pcount (bench/README.md).
declare -A SIZE=(
    [subtract]='99999999' [kayles]='40000' [wythoff]='1000' [fibnim]='2000'
    [chomp]='11 11' [divisors]='28' [misere]='8 17'
    [deep]='10000000' [deep20]='10000000' [board]='2000 2000' [heaps3]='100'
    [nodekayles]='30' [turtles]='20' [greentrees]='200 17' [cf768e]='70' [octal137]='5000'
    [chomp3]='200' [chompcols]='75' [pcount]='300000' [loopy]='1000000'
    [grundysparse]='874496' [grundyquad]='874496' [octal16]='16'
)
# What each workload solves, for the table: a printf format of its size.
declare -A TITLE=(
    [subtract]='Subtract({1,3,4}), n ≤ %s'
    [kayles]='Kayles, n ≤ %s'
    [wythoff]='Wythoff, a, b ≤ %s'
    [fibnim]='FibonacciNim, n ≤ %s'
    [chomp]='Chomp %s×%s'
    [divisors]='Divisors(%s)'
    [misere]='misère Nim, %s heaps ≤ %s'
    [deep]='one query sg(Subtract({1,3,4})(%s))'
    [deep20]='one query, 20 squares, sg(%s)'
    [board]='Kiki board %s×%s, every start'
    [heaps3]='3 heaps ≤ %s (sorted)'
    [nodekayles]='node Kayles, %s vertices'
    [turtles]='Turning Turtles, %s coins'
    [greentrees]='Hackenbush, %s trees of %s nodes'
    [cf768e]='CF 768E, heaps ≤ %s'
    [octal137]='Octal("0.137"), n ≤ %s'
    [chomp3]='Chomp 3 rows ≤ %s, P count'
    [chompcols]='ChompBoard, 3 rows ≤ %s, P count'
    [pcount]='subtract-a-square ≤ %s, P count'
    [loopy]='loopy: win/loss/draw, random digraph of %s'
    [grundysparse]="Grundy's game, n ≤ %s (sparse-space C++)"
    [grundyquad]="Grundy's game, n ≤ %s (quadratic C++)"
    [octal16]='period of 0.%s proved'
)
# PY_QUICK: the Python size argument and the factor that scales its time to
# the full size (from the complexity: linear, n^2, n^3).
declare -A PY_QUICK_ARGS=( [subtract]='10000000' [kayles]='10000' [wythoff]='250' [fibnim]='500' )
declare -A PY_QUICK_FACTOR=( [subtract]='10' [kayles]='16' [wythoff]='64' [fibnim]='64' )

RUNS="${RUNS:-3}"
PY_RUNS="${PY_RUNS:-$RUNS}"
GRUNDY="${GRUNDY:-build/grundy}"
PYTHON="${PYTHON:-python3}"
CXX="${CXX:-g++}"
CXXFLAGS="${CXXFLAGS:-}"
SKIP_PYTHON="${SKIP_PYTHON:-0}"
PY_QUICK="${PY_QUICK:-0}"
TIMEOUT="${TIMEOUT:-600}"
BUILD_DIR="bench/build"
TIME_BIN=/usr/bin/time

die() { echo "run.sh: $*" >&2; exit 2; }
log() { echo "$*" >&2; }

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }

mode=run
selected=()
for arg in "$@"; do
    case "$arg" in
        --build-only) mode=build ;;
        --check) mode=check ;;
        --list) printf '%s\n' "${ALL_WORKLOADS[@]}"; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        -*) die "unknown option '$arg' (see --help)" ;;
        *)
            [[ -v "TITLE[$arg]" ]] || die "unknown workload '$arg' (one of: ${ALL_WORKLOADS[*]})"
            selected+=("$arg") ;;
    esac
done
((${#selected[@]})) || selected=("${ALL_WORKLOADS[@]}")

[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive integer, not '$RUNS'"
[[ "$PY_RUNS" =~ ^[1-9][0-9]*$ ]] || die "PY_RUNS must be a positive integer, not '$PY_RUNS'"
[[ "$TIMEOUT" =~ ^[0-9]+$ ]] || die "TIMEOUT must be a number of seconds, not '$TIMEOUT'"
command -v "$CXX" >/dev/null || die "no C++ compiler '$CXX'"
[[ -x "$TIME_BIN" ]] || die "$TIME_BIN not found: install GNU time (Debian package 'time')"

# ---------------------------------------------------------------- build
build() {
    local name="$1" src="bench/baseline/$1.cpp" bin="$BUILD_DIR/$1"
    [[ -f "$src" ]] || die "missing $src"
    if [[ ! -x "$bin" || "$src" -nt "$bin" ]]; then
        log "build  $bin"
        # shellcheck disable=SC2086  # CXXFLAGS is a list of flags
        "$CXX" -std=c++20 -O2 -DNDEBUG $CXXFLAGS -o "$bin" "$src"
    fi
}
mkdir -p "$BUILD_DIR"
if [[ "$mode" == check ]]; then
    for name in "${ALL_WORKLOADS[@]}"; do build "$name"; done
    exec "$PYTHON" bench/crosscheck.py
fi
for name in "${selected[@]}"; do build "$name"; done
[[ "$mode" == build ]] && exit 0

# ---------------------------------------------------------------- running
TMP="$(mktemp -d)"
wrap=()
((TIMEOUT > 0)) && wrap=(timeout "$TIMEOUT")
trap 'rm -rf "$TMP"' EXIT

# Runs of one workload, by implementation (LABEL: C++, Grundy, Python):
# times, the largest peak RSS, the checksum, the first error, the states.
declare -A R_TIMES R_CPU R_RSS R_SUM R_ERR R_STATES
reset_runs() { R_TIMES=() R_CPU=() R_RSS=() R_SUM=() R_ERR=() R_STATES=(); }

# run_once LABEL I CMD...: run CMD once (run I of LABEL), standard input from
# the file $M_INPUT (default /dev/null); a label that failed is not run again.
run_once() {
    local label="$1" i="$2"; shift 2
    local rc=0 start end sum rss cpu
    [[ -n "${R_ERR[$label]:-}" ]] && return 0
    start=$(date +%s%N)
    # In a subshell whose `times` gives its children's CPU time to the millisecond.
    (
        rc=0
        "$TIME_BIN" -f '%e %M' -o "$TMP/time" "${wrap[@]}" "$@" <"${M_INPUT:-/dev/null}" >"$TMP/out" 2>"$TMP/err" || rc=$?
        times >"$TMP/times"
        exit "$rc"
    ) || rc=$?
    end=$(date +%s%N)
    if ((rc != 0)); then
        if ((rc == 124)); then R_ERR[$label]="timeout (${TIMEOUT} s)"; else R_ERR[$label]="exit $rc"; fi
        log "  $label run $i: FAILED (${R_ERR[$label]})"
        sed 's/^/    | /' "$TMP/err" | tail -n 5 >&2
        return 0
    fi
    # The checksum: "checksum N" on the last line, or a bare integer (Grundy's `print`).
    sum="$(awk 'NF { last = $0 } END { print last }' "$TMP/out" | sed -E 's/^checksum[[:space:]]+//; s/[[:space:]]+$//')"
    if ! [[ "$sum" =~ ^-?[0-9]+$ ]]; then
        R_ERR[$label]="no checksum"
        log "  $label run $i: no checksum in its output: $(tail -c 200 "$TMP/out")"
        return 0
    fi
    if [[ -n "${R_SUM[$label]:-}" && "$sum" != "${R_SUM[$label]}" ]]; then
        R_ERR[$label]="unstable"
        log "  $label run $i: checksum $sum differs from run 1's ${R_SUM[$label]}"
        return 0
    fi
    R_SUM[$label]="$sum"
    [[ -z "${R_STATES[$label]:-}" ]] && R_STATES[$label]="$(awk '$1 == "states" { print $2; exit }' "$TMP/err")"
    # The last line of /usr/bin/time's output: wall, peak RSS (KB); the second
    # line of `times`: the children's user and system time, as 0m1.234s.
    rss="$(awk 'NF { v = $2 } END { print v + 0 }' "$TMP/time")"
    cpu="$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, k, /[ms]/); printf "%.3f", u[1] * 60 + u[2] + k[1] * 60 + k[2] }' "$TMP/times")"
    ((rss > ${R_RSS[$label]:-0})) && R_RSS[$label]=$rss
    R_TIMES[$label]+="$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", (e - s) / 1e9 }') "
    R_CPU[$label]+="$cpu "
    log "  $label run $i: $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f", (e - s) / 1e9 }') s (CPU $cpu s), $((rss / 1024)) MB, checksum $sum"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# results LABEL: sets M_TIME (median seconds; empty after an error), M_CPU
# (median CPU seconds), M_RSS
# (max peak RSS in KB), M_SUM (the checksum), M_ERR (empty when all ran and
# agreed), M_STATES (from a "states N" line on stderr, if any).
results() {
    local label="$1"
    M_ERR="${R_ERR[$label]:-}" M_SUM="${R_SUM[$label]:-}" M_RSS="${R_RSS[$label]:-}" M_STATES="${R_STATES[$label]:-}" M_TIME='' M_CPU=''
    if [[ -n "$M_ERR" ]]; then
        M_RSS=''
        return 0
    fi
    M_TIME="$(printf '%s\n' ${R_TIMES[$label]} | median)"
    M_CPU="$(printf '%s\n' ${R_CPU[$label]} | median)"
}

fmt_time() {  # seconds -> "0.123 s", "12.3 s"
    awk -v t="$1" 'BEGIN { if (t < 10) printf "%.3f s", t; else if (t < 100) printf "%.2f s", t; else printf "%.1f s", t }'
}
fmt_cpu() { awk -v t="$1" 'BEGIN { if (t < 10) printf "%.3f", t; else printf "%.1f", t }'; }  # CPU seconds
fmt_mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
fmt_ratio() {  # a / b, "n/a" when either is missing
    [[ -n "$1" && -n "$2" ]] || { echo "n/a"; return; }
    awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) print "n/a"; else if (a / b < 10) printf "%.2f×", a / b; else printf "%.0f×", a / b }'
}
fmt_count() { [[ -n "$1" ]] && printf '%s' "$1" | sed -E ':a; s/^([0-9]+)([0-9]{3})/\1,\2/; ta' || echo "?"; }

grundy_cmd=()
if [[ "$GRUNDY" == */* ]]; then
    [[ -x "$GRUNDY" ]] && grundy_cmd=("$GRUNDY")
elif command -v "$GRUNDY" >/dev/null; then
    grundy_cmd=("$(command -v "$GRUNDY")")
fi
if ((${#grundy_cmd[@]} == 0)); then
    log "note: no Grundy interpreter at '$GRUNDY' (set GRUNDY=...); its columns read n/a"
fi

status=0
rows=()
notes=()
for name in "${selected[@]}"; do
    log "== $name"
    read -r -a size <<<"${SIZE[$name]}"
    echo "${size[*]}" >"$TMP/size"
    reset_runs
    # C++ and Grundy take turns, so that both meet the same load on a shared machine.
    for ((i = 1; i <= RUNS; i++)); do
        run_once "C++" "$i" "$BUILD_DIR/$name" "${size[@]}"
        if ((${#grundy_cmd[@]})); then
            M_INPUT="$TMP/size" run_once "Grundy" "$i" "${grundy_cmd[@]}" run "bench/grundy/$name.game"
        fi
    done
    results "C++"
    c_time="$M_TIME" c_cpu="$M_CPU" c_rss="$M_RSS" c_sum="$M_SUM" c_err="$M_ERR" states="$M_STATES"
    [[ -n "$c_err" ]] && status=1
    check="$c_sum"
    [[ -n "$c_err" ]] && check="C++ $c_err"

    g_time='' g_cpu='' g_rss='' g_cell='n/a' g_mb='n/a'
    if ((${#grundy_cmd[@]})); then
        results "Grundy"
        if [[ -n "$M_ERR" ]]; then
            g_cell="$M_ERR"; status=1; check="$check, Grundy $M_ERR"
        else
            g_time="$M_TIME" g_cpu="$M_CPU" g_rss="$M_RSS"
            g_cell="$(fmt_time "$g_time") ($(fmt_cpu "$g_cpu"))" g_mb="$(fmt_mb "$g_rss")"
            if [[ -n "$c_sum" && "$M_SUM" != "$c_sum" ]]; then
                status=1; check="MISMATCH: C++ $c_sum, Grundy $M_SUM"
            fi
        fi
    fi

    p_time='' p_cell='skipped'
    if [[ ! -f "bench/python/$name.py" ]]; then
        p_cell='none'
    elif [[ "$SKIP_PYTHON" != 1 ]]; then
        py_args=("${size[@]}") factor=1 want="$c_sum"
        if [[ "$PY_QUICK" == 1 && -v "PY_QUICK_ARGS[$name]" ]]; then
            read -r -a py_args <<<"${PY_QUICK_ARGS[$name]}"
            factor="${PY_QUICK_FACTOR[$name]}"
            # The checksum to compare with: the C++ baseline at the same size.
            want="$("$BUILD_DIR/$name" "${py_args[@]}" 2>/dev/null | sed -E 's/^checksum[[:space:]]+//')"
        fi
        for ((i = 1; i <= PY_RUNS; i++)); do run_once "Python" "$i" "$PYTHON" "bench/python/$name.py" "${py_args[@]}"; done
        results "Python"
        if [[ -n "$M_ERR" ]]; then
            p_cell="$M_ERR"; status=1; check="$check, Python $M_ERR"
        else
            if [[ "$M_SUM" != "$want" ]]; then
                status=1; check="$check, Python MISMATCH ($M_SUM vs C++ $want at size ${py_args[*]})"
            fi
            if [[ "$factor" == 1 ]]; then
                p_time="$M_TIME" p_cell="$(fmt_time "$p_time")"
            else
                p_time="$(awk -v t="$M_TIME" -v f="$factor" 'BEGIN { printf "%.4f", t * f }')"
                p_cell="~$(fmt_time "$p_time")*"
                notes+=("\\* $name: Python ran at size ${py_args[*]} in $(fmt_time "$M_TIME"); the time shown is that × $factor (its complexity), not a measurement.")
            fi
        fi
    fi

    c_cell="${c_err:-$(fmt_time "$c_time") ($(fmt_cpu "$c_cpu"))}"
    c_mb='n/a'; [[ -n "$c_rss" ]] && c_mb="$(fmt_mb "$c_rss")"
    # Each Grundy run over the C++ run just before it (same load), the median.
    pair_ratio='n/a'
    if [[ -n "$c_time" && -n "$g_time" ]]; then
        pair_ratio="$(paste <(printf '%s\n' ${R_TIMES[C++]}) <(printf '%s\n' ${R_TIMES[Grundy]}) |
            awk '$1 > 0 { print $2 / $1 }' | sort -g |
            awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; if (m < 10) printf "%.2f×", m; else printf "%.0f×", m }')"
    fi
    rows+=("| $name | $(printf "${TITLE[$name]}" "${size[@]}") | $(fmt_count "$states") | $c_cell | $c_mb | $g_cell | $g_mb | $(fmt_ratio "$g_time" "$c_time") | $pair_ratio | $(fmt_ratio "$g_cpu" "$c_cpu") | $(fmt_ratio "$g_rss" "$c_rss") | $p_cell | $(fmt_ratio "$p_time" "$g_time") | $check |")
done

# What a run costs with nothing to do: fork, /usr/bin/time, timeout, exec.
overhead="$(for _ in 1 2 3 4 5; do
    s=$(date +%s%N); "$TIME_BIN" -f '%e %M' -o "$TMP/time" "${wrap[@]}" true; e=$(date +%s%N)
    echo $(((e - s) / 1000))
done | sort -n | sed -n 3p)"

echo
echo "| name | workload | states | C++ time (CPU) | C++ peak MB | Grundy time (CPU) | Grundy peak MB | Grundy/C++ | run by run | CPU | memory | Python time | Python/Grundy | checksum |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
printf '%s\n' "${rows[@]}"
echo
echo "Median of $RUNS runs (Python: $PY_RUNS), wall time including process start-up (an empty program takes $(awk -v u="$overhead" 'BEGIN { printf "%.1f", u / 1000 }') ms here); in parentheses the median CPU time in seconds (user + system); peak RSS is the largest of the runs. Grundy/C++: the ratio of the median wall times; \"run by run\": the median of each Grundy run's time over the C++ run just before it; CPU: the ratio of the median CPU times (user + system); memory: the ratio of the peak RSS."
echo "States: distinct positions the C++ baseline solves. Machine: $(nproc) cores, $("$CXX" --version | head -n 1), $("$PYTHON" --version 2>&1)."
for note in "${notes[@]}"; do echo "$note"; done
exit "$status"
