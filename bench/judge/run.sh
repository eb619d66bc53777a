#!/usr/bin/env bash
# Times the judge examples (examples/NAME.game) on their largest inputs,
# made by gen.py into bench/build/judge/ (ignored by git): wall seconds, CPU
# seconds (user + system, what a busy machine moves least) and peak memory
# of `grundy run examples/NAME.game < NAME.max.in`, the medians of RUNS runs
# (default 3), as a Markdown table.
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
[ ${#names[@]} -gt 0 ] || names=(hdu1847 hdu2147 hdu1848 hdu1536 poj2311 hdu3032 cf768e set_nim misere_nim poj1704)
echo "| example | largest input | wall s | CPU s | peak RSS MB |"
echo "|---|---|---:|---:|---:|"
for name in "${names[@]}"; do
    input=$out/$name.max.in
    [ -f "$input" ] || python3 "$root/bench/judge/gen.py" "$name" > "$input"
    times=()
    cpus=()
    rss=0
    for _ in $(seq "$runs"); do
        read -r wall user sys kb < <( { /usr/bin/time -f "%e %U %S %M" "$grundy" run "$root/examples/$name.game" \
            < "$input" > /dev/null; } 2>&1 | tail -1)
        times+=("$wall")
        cpus+=("$(printf "%.2f" "$(echo "$user + $sys" | bc)")")
        [ "$kb" -gt "$rss" ] && rss=$kb
    done
    pick=$(( (runs + 1) / 2 ))
    median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "${pick}p")
    cpu=$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n "${pick}p")
    size=$(python3 -c "import sys; sys.path.insert(0, '$root/bench/judge'); import gen; print(gen.SIZES['$name'])")
    echo "| $name | $size | $median | $cpu | $((rss / 1024)) |"
done
