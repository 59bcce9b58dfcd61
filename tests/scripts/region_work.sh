#!/bin/sh
# region_work.sh — small parallel regions run in the calling thread (src/backend/multicore/regions.c
# region_threads, rts/flat.h wf_region_threads): every weft multicore executable with a region has
# the tuning parameter multicore.suff_region_work (--print-params); a region whose work (its
# points times the inner widths known before it, compared rounded down to a power of two) is below
# it runs on one thread.  Checked: the parameter and its default, the work each region logs under
# -L (a segmap over rows with a reduction inside: rows x (1 + columns)), --param, --tuning, --thresholds region=N and weft
# autotune set it, and on both sides of it (0: every region in parallel; huge: none) the results of
# a segmap, segreds, a chained and a three-phase scan, scatter, a privatised hist and an irregular
# segop equal the interpreter's, at 2 threads.  Skipped without an OpenMP-capable cc.
. "$(dirname "$0")/lib.sh"
P=multicore.suff_region_work

cat > "$T/work.fut" <<'F'
-- ==
-- entry: rows
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [12i32, 30i32] }
entry rows [n][m] (xss: [n][m]i32) : [n]i32 = map (\xs -> i32.sum (map (* 2) xs)) xss
entry prefix (xs: []i64) : []i64 = scan (+) 0 (map (\x -> x * 3 - 1) xs)
entry best [n][m] (xss: [n][m]i32) : [n][m]i32 =
  scan (\a b -> if a[0] >= b[0] then a else b) (replicate m i32.lowest) xss
entry spread (xs: []i64) : ([]i64, []i32) =
  let k = length xs
  let dest = scatter (replicate (2 * k) 0i64) (map (\i -> (i * 7) % (2 * k)) (iota k)) xs
  let bins = hist (+) 0i32 16 (map (\x -> x % 16) xs) (map (\x -> i32.i64 x) xs)
  in (dest, bins)
entry ragged (ns: []i64) : []i64 = map (\n -> i64.sum (map (* 2) (iota n))) ns
entry loopy (ns: []i64) : []i64 = map (\n -> loop acc = 0 for i < n do (acc + i * i) % 1000003) ns
F
if ! echo 'int main(void){return 0;}' | $CC -fopenmp -x c - -o "$T/probe" 2>/dev/null; then
    echo "region_work: cc -fopenmp not available, skipped"
    summary
fi
"$WEFT" multicore "$T/work.fut" -o "$T/work" > "$T/cc.out" 2>&1 || { cat "$T/cc.out"; fail "weft multicore"; summary; }
grep -q 'pragma omp parallel num_threads(nt_[0-9]*) if(nt_[0-9]* > 1)' "$T/work.c" && pass ||
    fail "the regions' pragmas have no if(nt > 1) clause"

# 1. the parameter
check "--print-params lists $P=32768: $("$T/work" --print-params | tr '\n' ' ')" \
    sh -c "'$T/work' --print-params | grep -qx '$P=32768'"

# 2. inputs (k = 5000 values, 300 rows of 200, 40 ragged rows) and the interpreter's results
awk 'BEGIN { printf "["; for (i = 0; i < 5000; i++) printf "%s%d", i ? ", " : "", (i * 37) % 1001 - 500; print "]" }' > "$T/prefix.in"
awk 'BEGIN { printf "["; for (i = 0; i < 5000; i++) printf "%s%d", i ? ", " : "", (i * 37) % 1001; print "]" }' > "$T/spread.in"
awk 'BEGIN { printf "["; for (r = 0; r < 300; r++) { printf "%s[", r ? ", " : ""; for (i = 0; i < 200; i++) printf "%s%d", i ? ", " : "", (i * 7 + r) % 101 - 50; printf "]" } print "]" }' > "$T/rows.in"
cp "$T/rows.in" "$T/best.in"
awk 'BEGIN { printf "["; for (r = 0; r < 40; r++) printf "%s%d", r ? ", " : "", (r * 53) % 700; print "]" }' > "$T/ragged.in"
cp "$T/ragged.in" "$T/loopy.in"
for e in rows prefix best spread ragged loopy; do
    "$WEFT" run -e "$e" "$T/work.fut" < "$T/$e.in" > "$T/$e.expected" && pass || fail "$e: weft run failed"
done

# run NAME ENTRY EXPECTED-LOG-LINE ARGS...: at 2 threads, the interpreter's results and the log line
run() {
    name=$1 e=$2 line=$3; shift 3
    "$T/work" -e "$e" -L --num-threads 2 "$@" < "$T/$e.in" > "$T/out" 2> "$T/log" && pass ||
        { fail "$name: exit status $?"; cat "$T/log"; return; }
    cmp -s "$T/out" "$T/$e.expected" && pass || fail "$name: results differ from the interpreter's"
    grep -qxF "$line" "$T/log" && pass || { fail "$name: no log line '$line'"; cat "$T/log"; }
}
# 3. the work of a segmap over 300 rows, each reducing 200 columns: 300 x (1 + 200) = 60300,
#    compared as 32768 (the rows alone would be 256)
run "rows, default" rows "Compared $P <= 32768: true."
run "rows, --param" rows "Compared $P <= 32768: false." --param $P=32769
printf -- '-- in the calling thread\n%s=1000000\n' "$P" > "$T/tuning"
run "rows, --tuning" rows "Compared $P <= 32768: false." --tuning "$T/tuning"
run "rows, --thresholds region=0" rows "Compared $P <= 32768: true." --thresholds region=0,outer_par=16
# 3b. 40 points whose loops run as many times as each computes: work unknown before the region,
#     so it runs in parallel (examples/hullwhite's map, 10^4 instruments, once ran in one thread)
run "loopy, default" loopy "Compared $P <= 2305843009213693952: true."
# 4. both sides of the threshold give the interpreter's results
for side in 0 4611686018427387904; do
    for e in rows prefix best spread ragged loopy; do
        "$T/work" -e "$e" -L --num-threads 2 --param $P=$side < "$T/$e.in" > "$T/out" 2> "$T/log" && pass ||
            { fail "$e, $P=$side: exit status $?"; continue; }
        cmp -s "$T/out" "$T/$e.expected" && pass || fail "$e, $P=$side: results differ from the interpreter's"
        outcome=$([ "$side" = 0 ] && echo true || echo false)
        grep -q "^Compared $P <= [0-9]*: $outcome\.$" "$T/log" && pass ||
            { fail "$e, $P=$side: no comparison of $P with outcome $outcome"; cat "$T/log"; }
        check_not "$e, $P=$side: a comparison of $P went the other way" \
            grep -q "^Compared $P <= [0-9]*: $([ "$outcome" = true ] && echo false || echo true)\.$" "$T/log"
    done
done
# 5. one thread: nothing to choose, nothing compared
"$T/work" -e rows -L --num-threads 1 < "$T/rows.in" > "$T/out" 2> "$T/log"
check_not "one thread compares $P" grep -q "^Compared $P" "$T/log"

# 6. weft autotune tunes it (on the rows entry's one dataset)
"$WEFT" autotune --backend=multicore --num-threads=2 --entry=rows --runs=1 --min-time=0 -o "$T/work.tuning" \
    "$T/work.fut" > "$T/tune.out" 2>&1 && pass || { fail "weft autotune: exit status $?"; cat "$T/tune.out"; }
grep -q "^$P=[0-9]*$" "$T/work.tuning" && pass || { fail "the tuning file has no $P line"; cat "$T/work.tuning"; }
summary
