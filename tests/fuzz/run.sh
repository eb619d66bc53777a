#!/bin/sh
# Runs the libFuzzer targets of a -DGRUNDY_FUZZ=ON build for a while each.
#   tests/fuzz/run.sh BUILD_DIR SECONDS [TARGET...]   (default: both targets)
# The starting corpus is every .game file of stdlib/, examples/ and the
# golden tests; what the fuzzer finds is kept in BUILD_DIR/fuzz/corpus-TARGET
# (and so grows from run to run). A crash, a sanitizer report, a hang past
# 60 s, a leak or more than 2.5 GB of memory fails the run, and the input is
# written to BUILD_DIR/fuzz/found-TARGET/; replay it with
#   BUILD_DIR/tests/fuzz/TARGET FILE
# Every such input becomes a regression test in tests/golden/.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
seconds=$2
shift 2
targets=${*:-parse_fuzzer program_fuzzer}
out="$build/fuzz"
mkdir -p "$out/start"
find "$root/stdlib" "$root/examples" "$root/tests/golden" -name '*.game' -exec cp {} "$out/start/" \;
# Allocation stacks of 4 frames: recording whole ones took a quarter of
# the parser's time. A block of more than 1 GB fails as a std::bad_alloc,
# which the interpreter reports, as the release build's memory limit
# refuses it (the sanitizer build has no check of large blocks, and
# libFuzzer would take a 16 GB `[0] * 10^9` for its own out-of-memory).
# The hang limit (-timeout) is wall-clock time and the program fuzzer stops
# each program at 2 s: 60 s leaves room for a machine shared with other
# work (a parse of 0.15 s was once reported at 10 s).
ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=4:allocator_may_return_null=1:max_allocation_size_mb=1024}
export ASAN_OPTIONS
status=0
for target in $targets; do
    found="$out/found-$target"
    rm -rf "$found"
    mkdir -p "$out/corpus-$target" "$found"
    echo "== $target: $seconds s (log: $out/$target.log)"
    # Imports in the programs resolve from here: the stdlib's own files.
    if ! (cd "$root/stdlib" &&
        "$build/tests/fuzz/$target" -dict="$root/tests/fuzz/grundy.dict" -max_total_time="$seconds" \
            -timeout=60 -rss_limit_mb=2560 -max_len=8192 -print_final_stats=1 -artifact_prefix="$found/" \
            "$out/corpus-$target" "$out/start" > "$out/$target.log" 2>&1); then
        status=1
        grep -v '^#[0-9]' "$out/$target.log" | tail -n 80
    fi
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$out/$target.log" || true
done
exit $status
