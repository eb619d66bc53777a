#!/bin/sh
# Runs the programs of a Markdown document and compares what they print
# with what the document shows, so the document cannot drift from the
# interpreter.
#   doc_test.sh GRUNDY DOC.md
#
# The fenced blocks it reads (any other block is left alone):
#
#   ```game        a program. Saved as NAME when its first line is a
#                  comment `# NAME.game` (or the info string is
#                  `game NAME.game`), else as example.game, in a scratch
#                  folder shared by the document's blocks. When the next
#                  block is ```output (or ```input, then ```output), the
#                  program is run with `grundy run NAME`, the input (if any)
#                  on standard input, and standard output and standard error
#                  together must equal the output block to the letter.
#                  Without an output block it is only saved (a file that
#                  later blocks import or run).
#   ```input       standard input for the program before it; `input NAME`
#                  also saves it as NAME.
#   ```console     lines `$ COMMAND` run by sh in the scratch folder, with
#                  `grundy` the interpreter under test; the lines after a
#                  command, up to the next `$ `, are what it must print
#                  (standard output and standard error together).
#   ```repl        a REPL transcript: `grundy> ` and `   ...> ` lines (and
#                  `your move> `, `who moves first> ` in :play) are what was
#                  typed; every other line is what the REPL printed.
#                  `grundy> ^D` ends the input. A first line
#                  `$ grundy repl ARGS` gives the arguments; the welcome
#                  line `Grundy x.y.z: ...`, shown only on a terminal, is
#                  not compared.
set -u
if [ $# -ne 2 ]; then
    echo "usage: doc_test.sh GRUNDY DOC.md" >&2
    exit 2
fi
GRUNDY=$(realpath "$1")
DOC=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/blocks" "$work/scratch"
ln -s "$GRUNDY" "$work/bin/grundy"
PATH="$work/bin:$PATH"
export PATH

# Split the document into blocks: blocks/N.info (the info string, then the
# line the block starts on) and blocks/N.body.
awk -v dir="$work/blocks" '
    /^```/ {
        if (!open) {
            open = 1; n++
            info = substr($0, 4)
            printf "%s\n%d\n", info, NR + 1 > (dir "/" n ".info")
            close(dir "/" n ".info")
            printf "" > (dir "/" n ".body")
        } else {
            open = 0
            close(dir "/" n ".body")
        }
        next
    }
    open { print >> (dir "/" n ".body") }
    END { print n + 0 > (dir "/count") }
' "$DOC"

count=$(cat "$work/blocks/count")
failures=0
checked=0
name=$(basename "$DOC")

info_word() {  # the first word of block $1's info string ("" past the end)
    if [ "$1" -gt "$count" ]; then echo ""; return; fi
    head -n 1 "$work/blocks/$1.info" | awk '{ print $1 }'
}
info_arg() {   # the second word of block $1's info string
    head -n 1 "$work/blocks/$1.info" | awk '{ print $2 }'
}
start_line() { sed -n 2p "$work/blocks/$1.info"; }

# compare EXPECTED GOT WHAT LINE
compare() {
    checked=$((checked + 1))
    if cmp -s "$1" "$2"; then return 0; fi
    failures=$((failures + 1))
    echo "FAIL $name:$4: $3"
    diff -u --label expected --label got "$1" "$2" | head -n 60
}

i=1
while [ "$i" -le "$count" ]; do
    kind=$(info_word "$i")
    body="$work/blocks/$i.body"
    line=$(start_line "$i")
    case "$kind" in
    game)
        file=$(info_arg "$i")
        if [ -z "$file" ]; then
            file=$(head -n 1 "$body" | sed -n 's/^# \([A-Za-z0-9_./-]*\.game\)$/\1/p')
        fi
        [ -n "$file" ] || file=example.game
        mkdir -p "$(dirname "$work/scratch/$file")"
        cp "$body" "$work/scratch/$file"
        input=/dev/null
        j=$((i + 1))
        if [ "$(info_word "$j")" = input ]; then
            input="$work/blocks/$j.body"
            j=$((j + 1))
        fi
        if [ "$(info_word "$j")" = output ]; then
            (cd "$work/scratch" && grundy run "$file" < "$input" > "$work/got" 2>&1)
            compare "$work/blocks/$j.body" "$work/got" "the output of $file (the program at line $line)" \
                "$(start_line "$j")"
        fi
        ;;
    input)
        file=$(info_arg "$i")
        [ -z "$file" ] || cp "$body" "$work/scratch/$file"
        ;;
    console)
        # Each command with its expected lines, in turn.
        : > "$work/cmd"
        : > "$work/expected"
        cmdline=$line
        at=$line
        run_pending() {
            [ -s "$work/cmd" ] || return 0
            (cd "$work/scratch" && sh "$work/cmd" > "$work/got" 2>&1)
            compare "$work/expected" "$work/got" "the output of \$ $(cat "$work/cmd")" "$cmdline"
        }
        while IFS= read -r l || [ -n "$l" ]; do
            case "$l" in
            '$ '*)
                run_pending
                printf '%s\n' "${l#\$ }" > "$work/cmd"
                : > "$work/expected"
                cmdline=$at
                ;;
            *) printf '%s\n' "$l" >> "$work/expected" ;;
            esac
            at=$((at + 1))
        done < "$body"
        run_pending
        ;;
    repl)
        args=$(sed -n '1s/^\$ grundy repl *//p' "$body")
        awk '
            NR == 1 && /^\$ grundy repl/ { next }
            NR <= 2 && /^Grundy [0-9.]+: / { next }
            /^grundy> \^D$/ { exit }
            /^grundy> / { print substr($0, 9) > "/dev/stderr"; next }
            /^   \.\.\.> / { print substr($0, 9) > "/dev/stderr"; next }
            /^your move> / { print substr($0, 12) > "/dev/stderr"; next }
            /^who moves first> / { print substr($0, 18) > "/dev/stderr"; next }
            { print }
        ' "$body" > "$work/expected" 2> "$work/typed"
        # shellcheck disable=SC2086
        (cd "$work/scratch" && eval "grundy repl $args" < "$work/typed" > "$work/got" 2>&1)
        compare "$work/expected" "$work/got" "the REPL transcript" "$line"
        ;;
    esac
    i=$((i + 1))
done

if [ "$failures" -ne 0 ]; then
    echo "$name: $failures of $checked outputs differ"
    exit 1
fi
if [ "$checked" -eq 0 ]; then
    echo "$name: no programs with output to check"
    exit 1
fi
echo "$name: $checked outputs as shown"
