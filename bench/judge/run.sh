#!/usr/bin/env bash
# Times the judge examples (examples/NAME.game) on their largest inputs,
# made by gen.py into bench/build/judge/ (ignored by git): wall seconds and
# peak memory of `grundy run examples/NAME.game < NAME.max.in`, the median
# of RUNS runs (default 3), as a Markdown table.
#   bash bench/judge/run.sh              # all of them
#   bash bench/judge/run.sh cf768e       # some
#   GRUNDY=path/to/grundy bash bench/judge/run.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
grundy=${GRUNDY:-$root/build/grundy}
runs=${RUNS:-3}
out=$root/bench/build/judge
mkdir -p "$out"
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(hdu1847 hdu2147 hdu1848 hdu1536 poj2311 hdu3032 cf768e set_nim misere_nim)
echo "| example | largest input | wall s (median of $runs) | peak RSS MB |"
echo "|---|---|---|---|"
for name in "${names[@]}"; do
    input=$out/$name.max.in
    [ -f "$input" ] || python3 "$root/bench/judge/gen.py" "$name" > "$input"
    times=()
    rss=0
    for _ in $(seq "$runs"); do
        stats=$( { /usr/bin/time -f "%e %M" "$grundy" run "$root/examples/$name.game" < "$input" > /dev/null; } 2>&1 | tail -1)
        times+=("${stats% *}")
        kb=${stats#* }
        [ "$kb" -gt "$rss" ] && rss=$kb
    done
    median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
    size=$(python3 -c "import sys; sys.path.insert(0, '$root/bench/judge'); import gen; print(gen.SIZES['$name'])")
    echo "| $name | $size | $median | $((rss / 1024)) |"
done
