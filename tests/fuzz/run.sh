#!/bin/sh
# Runs the libFuzzer targets of a -DGRUNDY_FUZZ=ON build for a while each.
#   tests/fuzz/run.sh BUILD_DIR SECONDS [TARGET...]   (default: both targets)
# The starting corpus is every .game file of stdlib/, examples/ and the
# golden tests; what the fuzzer finds is kept in BUILD_DIR/fuzz/corpus-TARGET
# (and so grows from run to run), and a crash, a sanitizer report, a hang
# past 10 s or a leak is written to BUILD_DIR/fuzz/ and fails the run.
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
rm -f "$out"/crash-* "$out"/leak-* "$out"/timeout-* "$out"/oom-*
status=0
for target in $targets; do
    mkdir -p "$out/corpus-$target"
    echo "== $target: $seconds s (log: $out/$target.log)"
    # Imports in the programs resolve from here: the stdlib's own files.
    if ! (cd "$root/stdlib" &&
        "$build/tests/fuzz/$target" -dict="$root/tests/fuzz/grundy.dict" -max_total_time="$seconds" \
            -timeout=10 -rss_limit_mb=2560 -max_len=8192 -print_final_stats=1 -artifact_prefix="$out/" \
            "$out/corpus-$target" "$out/start" > "$out/$target.log" 2>&1); then
        status=1
        grep -v '^#[0-9]' "$out/$target.log" | tail -n 80
    fi
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$out/$target.log" || true
done
exit $status
