#!/bin/sh
# seeds.sh DIR — the seed corpora of the libFuzzer harnesses (`make fuzz`), from tests/ and examples/:
#   DIR/front   every .fut program (fuzz_front.c)
#   DIR/interp  every program with one of its `input { ... }` blocks after a NUL byte (fuzz_interp.c)
#   DIR/values  every input block and data file, behind fuzz_values.c's two bytes (element type,
#               rank and jagged levels, guessed from the text), and a few values in the binary format
# The crashes found so far (tests/fuzz/regressions/) join the corpora they came from.
set -e
out=${1:?usage: seeds.sh DIR}
mkdir -p "$out/front" "$out/interp" "$out/values"
programs=$(find tests examples -name '*.fut' ! -path 'tests/fuzz/*' | sort)

# The contents of each `-- input { ... }` block of a program, one per line.
input_blocks() {
    awk '/^-- *input *\{/ { on = 1; depth = 0; text = "" }
         on { line = $0; sub(/^-- ?/, "", line)
              n = split(line, ch, ""); for (i = 1; i <= n; i++) {
                  if (ch[i] == "{") depth++
                  if (ch[i] == "}" && --depth == 0) { line = substr(line, 1, i - 1); break } }
              text = text " " line
              if (depth <= 0) { sub(/^ *input *\{/, "", text); print text; on = 0 } }' "$1"
}

# fuzz_values.c's two header bytes for a value's text, as octal escapes for printf.
value_header() {
    case "$1" in
        *f32*) p=8 ;; *f64*) p=9 ;; *i64*) p=3 ;; *u8*) p=4 ;; *true*|*false*) p=10 ;; *) p=2 ;;
    esac
    r=$(printf '%s' "$1" | tr '\n' ' ' | sed 's/^ *//' | awk '{ n = 0; while (substr($0, n + 1, 1) == "[") n++; print (n > 3 ? 3 : n) }')
    l=0
    case "$1" in *"], ["*) [ "$r" -ge 2 ] && l=1 ;; esac
    printf '\\%03o\\%03o' "$p" $((r + 4 * l))
}

n=0
for f in $programs; do
    n=$((n + 1))
    cp "$f" "$out/front/$n.fut"
    k=0
    input_blocks "$f" | head -n 3 | while IFS= read -r block; do
        k=$((k + 1))
        { cat "$f"; printf '\000%s\n' "$block"; } > "$out/interp/$n-$k"
        { printf "$(value_header "$block")"; printf '%s\n' "$block"; } > "$out/values/$n-$k"
    done
done
for f in $(find tests examples -name '*.in' | sort); do
    n=$((n + 1))
    head -c 4096 "$f" > "$out/values/in-$n.tmp"
    { printf "$(value_header "$(head -c 200 "$f")")"; cat "$out/values/in-$n.tmp"; } > "$out/values/in-$n"
    rm "$out/values/in-$n.tmp"
done
# Binary: an i32 scalar, a [2][2]f64, a jagged [][]i32 (version 3), a bool vector.
printf '\002\000b\002\000 i32\052\000\000\000' > "$out/values/bin-scalar"
printf '\011\002b\002\002 f64\002\000\000\000\000\000\000\000\002\000\000\000\000\000\000\000%032d' 0 > "$out/values/bin-matrix"
printf '\012\001b\002\001bool\003\000\000\000\000\000\000\000\001\000\001' > "$out/values/bin-bool"
if [ -d tests/fuzz/regressions ]; then
    for kind in front interp values; do
        [ -d "tests/fuzz/regressions/$kind" ] && cp tests/fuzz/regressions/$kind/* "$out/$kind/" 2>/dev/null || true
    done
fi
echo "seeds: $(ls "$out/front" | wc -l) programs, $(ls "$out/interp" | wc -l) programs with inputs, $(ls "$out/values" | wc -l) values"
