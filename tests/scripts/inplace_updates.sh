# inplace_updates.sh — an in-place update under an if inside a loop writes the array in place
# (issue 24, item 1): the if hands the array over to its branches (src/memory/lifetime.c
# flife_handed), so the generated C has no copy of the whole array per iteration, which made
# such loops quadratic.  For the issue's loop, a guarded histogram, a Lomuto quicksort (swaps
# under an if in a while loop), nested ifs and a match, on each target's host code:
#   - the memory plan says the array passes into the branches of the if;
#   - the C has no unguarded copy: every fresh copy (`wfv_... cp_N = ...`) is the rare path of a
#     uniqueness check at run time (`if (!wf_blk_unique(...))`, a scratch array's reference
#     count, an update's value inside the array it updates), and the emitter's mark of an
#     update's unconditional copy ("copies X: not its last use, or borrowed") is absent.
# A consumed unique entry input (*[]t) under an if is the entry's to consume, as in Futhark (the
# harness hands every run a fresh copy): updated in place, no copy at all.  Results: tests/backend_c/flat_inplace_if.fut.
. "$(dirname "$0")/lib.sh"

cat > "$T/toggle.fut" <<'EOF'
entry main (n: i64) : i64 =
  let xs = loop xs = iota n for j < n do if j % 2 == 0 then xs with [j] = 0 else xs
  in reduce (+) 0 xs
EOF
cat > "$T/histogram.fut" <<'EOF'
entry main (k: i64) (xs: []i64) : [k]i64 =
  loop h = replicate k 0 for x in xs do if x >= 0 then h with [x % k] = h[x % k] + 1 else h
EOF
cat > "$T/quicksort.fut" <<'EOF'
def swap [n] (xs: *[n]i32) (i: i64) (j: i64) : *[n]i32 =
  let a = xs[i]
  let b = xs[j]
  let xs = xs with [i] = b
  in xs with [j] = a

entry main [n] (xs: *[n]i32) (lo: i64) (hi: i64) : [n]i32 =
  let pivot = xs[hi]
  let (xs, i, _) =
    loop (xs, i, j) = (xs, lo, lo) while j < hi do
      if xs[j] < pivot then (swap xs i j, i + 1, j + 1) else (xs, i, j + 1)
  in swap xs i hi
EOF
cat > "$T/nested.fut" <<'EOF'
entry main (n: i64) : [n]i64 =
  loop xs = replicate n 0 for j < n do
    if j % 3 == 0 then xs with [j] = 1
    else if j % 3 == 1 then (if j > 3 then xs with [j] = 2 else xs)
    else xs
EOF
cat > "$T/match.fut" <<'EOF'
entry main (n: i64) : [n]i32 =
  loop xs = replicate n 0i32 for j < n do
    match j % 4
    case 0 -> xs with [j] = 10
    case 1 -> xs
    case 2 -> xs with [j] = i32.i64 j
    case _ -> xs with [j] = 7
EOF
cat > "$T/input.fut" <<'EOF'
entry main (a: *[]i64) (c: bool) : []i64 = if c then a with [0] = 9 else a
EOF

# The fresh copies of file $1's C that no run-time uniqueness check guards: the line before a
# copy's declaration (but a CUDA host copy's wfc_host) is that check's `if`, or the copy is
# unconditional.
unguarded_copies() {
    awk '/^ *wfv_[a-z0-9_]+ cp_[0-9]+ = / && prev !~ /^ *if \(.*(wf_blk_unique|wf_blk_rc|\.m == ).*\) \{$/ { n++ }
         !/^ *if \(wfc_host\(/ { prev = $0 }
         END { print n + 0 }' "$1"
}

for target in c multicore cuda; do
    for prog in toggle histogram quicksort nested match input; do
        name=$prog.fut/$target
        "$WEFT" dev --print=mem --target=$target "$T/$prog.fut" > "$T/mem" 2> "$T/err" &&
            "$WEFT" dev --print=code --target=$target "$T/$prog.fut" > "$T/code" 2>> "$T/err" ||
            { fail "$name: weft dev failed: $(head -c 300 "$T/err")"; continue; }
        copies=$(unguarded_copies "$T/code")
        marks=$(grep -c 'copies [a-z0-9_]*: not its last use' "$T/code")
        if [ $prog = input ]; then
            [ "$copies" = 0 ] && pass || fail "$name: $copies unguarded copies of the consumed input, expected 0"
            [ "$marks" = 0 ] && pass || fail "$name: $marks marked copies of the consumed input, expected 0"
            continue
        fi
        grep -q 'passes into the branches of' "$T/mem" && pass ||
            fail "$name: the memory plan hands no array to an if's branches"
        [ "$copies" = 0 ] && pass || fail "$name: $copies unguarded copies of an array (quadratic loop)"
        [ "$marks" = 0 ] && pass || fail "$name: $marks updates copy their array"
    done
done
summary
