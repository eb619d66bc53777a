#!/bin/sh
# The benchmarks' Grundy programs (bench/grundy/NAME.game), run as they are at
# a small size read from standard input, must print the checksum the C++
# baseline prints at that size (`bench/build/NAME SIZE`). The full sizes are
# in bench/run.sh; this keeps the programs themselves from rotting.
#   small.sh GRUNDY BENCH_DIR
set -u
GRUNDY=$1
BENCH=$2
passed=0 failed=0
while IFS='|' read -r name size want; do
    got=$(echo "$size" | "$GRUNDY" run "$BENCH/grundy/$name.game" 2>&1)
    if [ "$?" -eq 0 ] && [ "$got" = "$want" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name at size $size: expected $want, got:"
        echo "$got" | sed 's/^/    /'
    fi
done <<'SIZES'
subtract|100|127
kayles|100|372
wythoff|20|5455
fibnim|60|422
chomp|4 4|61
divisors|10|38
misere|8 3|44
SIZES
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
