#!/bin/sh
# versions.sh — incremental flattening on the multicore backend (src/flatten/flatten.c):
# `weft dev --print=seg` shows the two versions of tests/flatten/versions.fut and its threshold;
# the executable lists it (--print-params), logs each comparison (-L), takes it from --param,
# --tuning, --thresholds and WEFT_THRESHOLDS (its alias), both versions give the interpreter's results on few long rows
# and on many short ones, and weft autotune measures each path once.  Skipped without an
# OpenMP-capable cc.
. "$(dirname "$0")/lib.sh"
TMP=$T
PROG=tests/flatten/versions.fut

# 1. the flattened program: the threshold, e_top (one segmap over the rows, sequential inside)
#    and e_flat (segscan and segred over rows x columns)
"$WEFT" dev --print=seg "$PROG" > "$TMP/plan" 2>&1 && pass || fail "dev --print=seg: exit status $?"
for pat in '^threshold "main\.suff_outer_par_0" = 16$' \
           'threshold "main\.suff_outer_par_0" n_1$' \
           'segmap grid \(gtid_[a-z0-9_]* < n_1\)$' \
           'segscan grid \(gtid_[a-z0-9_]* < n_1, gtid_[a-z0-9_]* < m_2\)$' \
           'segred grid \(gtid_[a-z0-9_]* < n_1, gtid_[a-z0-9_]* < m_2\)$' \
           '^-- main: 2 code paths$' '^-- 1 threshold$'; do
    grep -qE "$pat" "$TMP/plan" && pass || { fail "the flattened program has no line matching $pat:"; cat "$TMP/plan"; }
done

# 1b. for the GPU also e_middle: one block per row, the scan and the reduction at block level,
#     guarded by main.suff_intra_par_1 against rows times columns and a row fitting one block
"$WEFT" dev --print=seg --target=cuda "$PROG" > "$TMP/gplan" 2>&1 && pass || fail "dev --print=seg (GPU): exit status $?"
for pat in '^threshold "main\.suff_outer_par_0" = 32768$' '^threshold "main\.suff_intra_par_1" = 33554432$' \
           'threshold "main\.suff_intra_par_1" par_[a-z0-9_]*$' 'le i64 m_2 1024i64$' \
           'segscan block \(ltid_[a-z0-9_]* < m_2\)$' 'segred block \(ltid_[a-z0-9_]* < m_2\)$' \
           '^-- main: 3 code paths$' '^-- 2 thresholds$'; do
    grep -qE "$pat" "$TMP/gplan" && pass || { fail "the GPU's flattened program has no line matching $pat:"; cat "$TMP/gplan"; }
done

# 1c. an irregular nest (each row's width its own) gets two versions: one thread per row, or
# flattened by elements (an irregular segred over a segmented space, src/flatten/irregular.c)
printf 'entry rows (ns: []i64) : []i64 = map (\\n -> i64.sum (map (* 2) (iota n))) ns\n' > "$TMP/irregular.fut"
"$WEFT" dev --print=seg "$TMP/irregular.fut" > "$TMP/iplan" 2>&1 && pass || fail "dev --print=seg (irregular): exit status $?"
grep -qx -- '-- 1 threshold' "$TMP/iplan" && pass || { fail "the irregular nest did not get one threshold:"; cat "$TMP/iplan"; }
grep -q 'segred grid (gtid_[0-9o]* < [a-z_0-9]*, gtid_[0-9o]* < seg ' "$TMP/iplan" && pass ||
    { fail "the irregular nest has no segred over a segmented space:"; cat "$TMP/iplan"; }
# 1d. the same nest fused with a reduction of its results (a redomap over the rows,
# tests/irregular/segment_sums.fut) is taken apart: the irregular map flattened, then the reduce
"$WEFT" dev --print=seg tests/irregular/segment_sums.fut > "$TMP/splan" 2>&1 && pass || fail "dev --print=seg (segment_sums): exit status $?"
check "segment_sums: no segred over a segmented space: $(grep -c segred "$TMP/splan") segreds" \
    grep -q 'segred grid (gtid_[0-9o]* < [a-z_0-9]*, gtid_[0-9o]* < seg ' "$TMP/splan"
# 1d'. three irregular levels (tests/irregular/sums_three_levels.fut): the inner map of rows is
# a map over the total rows of rows, an irregular nest of its own: its reduce a segred over the
# points of those rows (segments of the first level's total — a reduction of the widths, or the
# last offset when the widths are read from the offsets; it stayed a host screma while the
# flattener took the total, bound at the top, for a value of the nest)
"$WEFT" dev --print=seg tests/irregular/sums_three_levels.fut > "$TMP/tplan" 2>&1 && pass || fail "dev --print=seg (sums_three_levels): exit status $?"
check "sums_three_levels: no segred over the rows of rows' points" \
    grep -qE 'segred grid \(gtid_[0-9o]* < (total|el)_[0-9o]*, gtid_[0-9o]* < seg offs_[0-9o]* total_[0-9o]*\)' "$TMP/tplan"
# 1d''. a map nest over the rows of a jagged array made outside it (tests/irregular/
# free_rows_in_nest.fut): the rows' bounds are read by index in the nest (src/flatten/jagged.c),
# so its flattened version is a segred over both levels, not a segmap over the outer one
"$WEFT" dev --print=seg --target=cuda tests/irregular/free_rows_in_nest.fut > "$TMP/nplan" 2>&1 && pass || fail "dev --print=seg (free_rows_in_nest): exit status $?"
check "free_rows_in_nest: no segred over the outer map and the rows" \
    grep -q 'segred grid (gtid_[0-9o]* < n_[0-9]*, gtid_[0-9o]* < [a-z_0-9]*)' "$TMP/nplan"
# 1e. a filter in an irregular map (src/flatten/irregular.c, filter_flatten): its flags scanned
# per row, the points placed by a segmap and scattered to the flat output; a reduction over the
# filtered rows is an irregular nest again (a segred over the new offsets); a partition places
# both parts in one segmap and scatters each
"$WEFT" dev --print=seg tests/irregular/filter_then_reduce.fut > "$TMP/fplan" 2>&1 && pass || fail "dev --print=seg (filter): exit status $?"
SEG='(gtid_[0-9o]* < [a-z_0-9]*, gtid_[0-9o]* < seg '
check "filter: no segscan of the flags over a segmented space" grep -q "pos_[0-9o]*: \[\]i64 = segscan grid $SEG" "$TMP/fplan"
check "filter: no segmap placing the points" grep -q "place_[0-9o]*: \[\]i64, elems_[0-9o]*: \[\]i32 = segmap grid $SEG" "$TMP/fplan"
check "filter: no scatter to the flat output" grep -q '= scatter ' "$TMP/fplan"
check "filter: no segred over the filtered rows" grep -q "segred grid $SEG" "$TMP/fplan"
"$WEFT" dev --print=seg tests/irregular/partition_segments.fut > "$TMP/pplan" 2>&1 && pass || fail "dev --print=seg (partition): exit status $?"
check "partition: no segmap placing both parts" grep -q "place_[0-9o]*: \[\]i64, place_[0-9o]*: \[\]i64, elems_[0-9o]*: \[\]i32 = segmap grid $SEG" "$TMP/pplan"

# 1f. function lifting (src/flatten/lift.c): a map over calls of a recursive quicksort gets the
# lifted version beside the original (threshold on the calls, default 1 on the CPU: the
# original), a host function whose filters over all the calls' rows are segmented scans
"$WEFT" dev --print=seg tests/irregular/lift_recursion.fut > "$TMP/lplan" 2>&1 && pass || fail "dev --print=seg (lifting): exit status $?"
for pat in '^threshold "sort_rows\.suff_outer_par_0" = 1$' '^fn qsort_[0-9]*_lifted ' \
           'apply qsort_[0-9]*_lifted ' "segscan grid $SEG"; do
    grep -q "$pat" "$TMP/lplan" && pass || { fail "the lifted program has no line matching $pat"; head -40 "$TMP/lplan"; }
done

if ! echo 'int main(void){return 0;}' | cc -fopenmp -x c - -o "$TMP/probe" 2>/dev/null; then
    echo "versions: cc -fopenmp not available, compiled part skipped"
    summary
fi
"$WEFT" multicore "$PROG" -o "$TMP/v" > "$TMP/cc.out" 2>&1 && pass || { cat "$TMP/cc.out"; fail "weft multicore failed"; summary; }

# 2. the parameter
# (and the multicore target's own, tests/scripts/region_work.sh)
[ "$("$TMP/v" --print-params | tr '\n' ' ')" = "main.suff_outer_par_0=16 multicore.suff_region_work=32768 " ] && pass ||
    fail "--print-params: $("$TMP/v" --print-params)"

# 3. inputs: 2 rows of 50000, 3000 rows of 7
awk 'BEGIN { printf "["; for (r = 0; r < 2; r++) { printf "%s[", r ? ", " : ""; for (i = 0; i < 50000; i++) printf "%s%d", i ? ", " : "", (i * 7 + r) % 101 - 50; printf "]" } print "]" }' > "$TMP/long.in"
awk 'BEGIN { printf "["; for (r = 0; r < 3000; r++) { printf "%s[", r ? ", " : ""; for (i = 0; i < 7; i++) printf "%s%d", i ? ", " : "", (i * 13 + r) % 97 - 48; printf "]" } print "]" }' > "$TMP/short.in"
for d in long short; do
    "$WEFT" run "$PROG" < "$TMP/$d.in" > "$TMP/$d.expected" && pass || fail "$d: weft run failed"
done
# run NAME DATASET EXPECTED-LOG-LINE ARGS...: results equal the interpreter's, the log has the line
run() {
    name=$1 d=$2 line=$3; shift 3
    "$TMP/v" -L "$@" < "$TMP/$d.in" > "$TMP/out" 2> "$TMP/log" && pass || { fail "$name: exit status $?"; cat "$TMP/log"; return; }
    cmp -s "$TMP/out" "$TMP/$d.expected" && pass || fail "$name: results differ from the interpreter's"
    grep -qxF "$line" "$TMP/log" && pass || { fail "$name: no log line '$line'"; cat "$TMP/log"; }
}
run "2 rows, default" long "Compared main.suff_outer_par_0 <= 2: false."
run "3000 rows, default" short "Compared main.suff_outer_par_0 <= 3000: true."
run "2 rows, --param 0" long "Compared main.suff_outer_par_0 <= 2: true." --param main.suff_outer_par_0=0
run "3000 rows, --param 5000" short "Compared main.suff_outer_par_0 <= 3000: false." --param main.suff_outer_par_0=5000
printf -- '-- all outer\nmain.suff_outer_par_0=1\n' > "$TMP/tuning"
run "2 rows, --tuning" long "Compared main.suff_outer_par_0 <= 2: true." --tuning "$TMP/tuning"
WEFT_THRESHOLDS=100000 run "3000 rows, WEFT_THRESHOLDS" short "Compared main.suff_outer_par_0 <= 3000: false."
WEFT_THRESHOLDS=intra_par=0,outer_par=1 run "2 rows, WEFT_THRESHOLDS by kind" long "Compared main.suff_outer_par_0 <= 2: true."
WEFT_THRESHOLDS=outer_par=1,x run "2 rows, bad WEFT_THRESHOLDS" long "Compared main.suff_outer_par_0 <= 2: false."
grep -qF "warning: WEFT_THRESHOLDS='outer_par=1,x' is neither N nor KIND=N" "$TMP/log" && pass || fail "bad WEFT_THRESHOLDS: no warning"
run "3000 rows, --thresholds" short "Compared main.suff_outer_par_0 <= 3000: false." --thresholds 100000
run "2 rows, --thresholds by kind" long "Compared main.suff_outer_par_0 <= 2: true." --thresholds=intra_par=0,outer_par=1
run "2 rows, --thresholds then --param" long "Compared main.suff_outer_par_0 <= 2: false." --thresholds 0 --param main.suff_outer_par_0=3
WEFT_THRESHOLDS=100000 run "2 rows, --thresholds over WEFT_THRESHOLDS" long "Compared main.suff_outer_par_0 <= 2: true." --thresholds 0
"$TMP/v" --thresholds outer_par=1,x < "$TMP/long.in" > "$TMP/out" 2> "$TMP/log"
[ $? = 1 ] && grep -qF "error: --thresholds needs N or KIND=N,... (N >= 0), not 'outer_par=1,x'" "$TMP/log" && pass ||
    { fail "bad --thresholds: not a usage error"; cat "$TMP/log"; }

# 4. a bad value is an error naming the parameter
if "$TMP/v" --param main.suff_outer_par_0=x < "$TMP/short.in" > /dev/null 2> "$TMP/err"; then
    fail "--param with a bad value succeeded"
else
    pass
fi
grep -qF "main.suff_outer_par_0" "$TMP/err" && pass || fail "bad --param: message does not name the parameter: $(cat "$TMP/err")"

# 5. weft autotune on the two datasets tagged `train`: each compares the threshold with one
#    value and multicore.suff_region_work (tests/scripts/region_work.sh) with one per version,
#    so each has exactly four paths, each measured once (a -L run and a timed run; one more run
#    lists the parameters): 17 program runs; the tuning file sets the parameter and the tuned program still agrees
{ sed '/^-- ==$/,/^[^-]/{/^--/d}' "$PROG"; printf -- '-- ==\n-- train input @ long.in\n-- train input @ short.in\n'; } > "$TMP/tune.fut"
"$WEFT" autotune --num-threads=2 --runs=1 --min-time=0 "$TMP/tune.fut" > "$TMP/tune.log" 2>&1 && pass || { fail "autotune: exit status $?"; cat "$TMP/tune.log"; }
grep -qx '17 program runs; wrote .*tune.fut.tuning' "$TMP/tune.log" && pass || { fail "autotune: expected 17 program runs"; cat "$TMP/tune.log"; }
[ "$(grep -c ': path [1-4] (main.suff_outer_par_0<=' "$TMP/tune.log")" = 8 ] && pass || { fail "autotune: expected 4 paths per dataset"; cat "$TMP/tune.log"; }
grep -qE '^main\.suff_outer_par_0=[0-9]+$' "$TMP/tune.fut.tuning" && pass || fail "autotune: no setting in $(cat "$TMP/tune.fut.tuning")"
# ... with --min-time, each path's short timed runs are repeated once, with more runs: 25
"$WEFT" autotune --num-threads=2 --runs=1 --min-time=50 "$TMP/tune.fut" > "$TMP/tune2.log" 2>&1 && pass || { fail "autotune --min-time: exit status $?"; cat "$TMP/tune2.log"; }
grep -qx '25 program runs; wrote .*tune.fut.tuning' "$TMP/tune2.log" && pass || { fail "autotune --min-time: expected 25 program runs"; cat "$TMP/tune2.log"; }
run "2 rows, autotuned" long "Compared main.suff_outer_par_0 <= 2: $(awk -F= '/^main/ { print ($2 <= 2) ? "true." : "false." }' "$TMP/tune.fut.tuning")" --tuning "$TMP/tune.fut.tuning"

# 6. a run past --timeout marks its path slow (the comparisons logged before it was stopped are
#    its path) and the search goes on to the other outcomes (five paths: the region of the loop
#    over k compares multicore.suff_region_work too); when every path is too slow the tuner says so
cat > "$TMP/slow.fut" <<'F'
entry main [n] [m] (xss: [n][m]i32) (k: i64) : [n]i32 =
  map (\xs -> loop s = 0 for i < k do (s ^ i32.i64 i) * 3 + reduce (+) 0 xs) xss
-- ==
-- train input { [[1, 2], [3, 4]] 10000000000i64 }
F
if "$WEFT" autotune --num-threads=2 --runs=1 --min-time=0 --timeout=1 "$TMP/slow.fut" > "$TMP/slow.log" 2>&1; then
    fail "autotune: a program slower than --timeout was tuned"
else
    pass
fi
[ "$(grep -c 'path [1-5] (main.suff_outer_par_0<=2:[TF][^)]*)  timed out (> 1 s)' "$TMP/slow.log")" = 5 ] &&
    grep -q 'error: autotune: every path of .*slow.fut on .* ran past --timeout=1' "$TMP/slow.log" &&
    pass || { fail "autotune: timed-out paths not reported"; cat "$TMP/slow.log"; }

# 7. the tie-break, with timings made up by a stand-in executable (--exe), shaped like
#    OptionPricing on the GPU: the outer version of a map over 8192 tiles takes 1000 µs when
#    two small maps inside it (of 1 and 3 elements) are flattened, 1100 or 1200 µs when one or
#    both are not; flattening the tiles takes 985 µs, within 2 %: a tie, which the setting
#    giving up the least parallelism wins (1 + 3 against 8192), though the flattened path makes
#    fewer comparisons and fewer false ones
cat > "$TMP/fake.sh" <<'F'
#!/bin/sh
t0=100 t1=100 t2=100 runs=1 times= log=
while [ $# -gt 0 ]; do
    case $1 in
    --print-params) printf 'main.suff_outer_par_0=100\nmain.suff_outer_par_1=100\nmain.suff_outer_par_2=100\n'; exit 0 ;;
    --param) case $2 in
             main.suff_outer_par_0=*) t0=${2#*=} ;;
             main.suff_outer_par_1=*) t1=${2#*=} ;;
             main.suff_outer_par_2=*) t2=${2#*=} ;;
             esac; shift ;;
    -r) runs=$2; shift ;;
    -t) times=$2; shift ;;
    -L) log=1 ;;
    esac
    shift
done
cat > /dev/null
cmp() { r=false.; [ "$2" -le "$3" ] && r=true.; [ -n "$log" ] && echo "Compared $1 <= $3: $r" >&2; [ $r = true. ]; }
us=985
if cmp main.suff_outer_par_0 "$t0" 8192; then
    us=1000
    if cmp main.suff_outer_par_1 "$t1" 1; then us=$((us + 100)); fi
    if cmp main.suff_outer_par_2 "$t2" 3; then us=$((us + 100)); fi
fi
[ -n "$times" ] && for i in $(seq "$runs"); do echo $us; done > "$times"
echo 1i64
F
chmod +x "$TMP/fake.sh"
printf 'entry main (n: i64) : i64 = n - 49\n-- ==\n-- train input { 50i64 } output { 1i64 }\n' > "$TMP/tie.fut"
"$WEFT" autotune --runs=1 --min-time=0 --exe="$TMP/fake.sh" "$TMP/tie.fut" > "$TMP/tie.log" 2>&1 && pass || { fail "autotune --exe: exit status $?"; cat "$TMP/tie.log"; }
[ "$(grep -c ': path [1-5] (' "$TMP/tie.log")" = 5 ] &&
    awk -F= '/^main.suff_outer_par_0=/ { a = $2 <= 8192 } /^main.suff_outer_par_1=/ { b = $2 > 1 }
             /^main.suff_outer_par_2=/ { c = $2 > 3 } END { exit !(a && b && c) }' "$TMP/tie.fut.tuning" &&
    pass || { fail "autotune: the tie did not go to the setting giving up the least parallelism"; cat "$TMP/tie.log" "$TMP/tie.fut.tuning"; }

# 8. tools/replay_autotune.sh answers from that run's log: tuning again with it as the stand-in
#    measures the same five paths and writes the same setting; a setting the log has no path for
#    is an error naming the dataset
"$TMP/fake.sh" --print-params > "$TMP/tie.params"
printf 'entry main (n: i32) : i32 = n\n-- ==\n-- train input { 0i32 }\n' > "$TMP/replay.fut"
cp "$TMP/tie.log" "$TMP/tie.autotune.log"
if REPLAY_LOG="$TMP/tie.autotune.log" REPLAY_PARAMS="$TMP/tie.params" REPLAY_NAMES='#0 ("50i64")' \
    "$WEFT" autotune --runs=1 --min-time=0 --exe=tools/replay_autotune.sh "$TMP/replay.fut" > "$TMP/replay.log" 2>&1; then
    [ "$(grep -c ': path [1-5] (' "$TMP/replay.log")" = 5 ] &&
        [ "$(grep '^main' "$TMP/replay.fut.tuning")" = "$(grep '^main' "$TMP/tie.fut.tuning")" ] &&
        pass || { fail "replay_autotune: a different search or setting"; cat "$TMP/replay.log" "$TMP/replay.fut.tuning"; }
else
    fail "replay_autotune: autotune exit status $?"; cat "$TMP/replay.log"
fi
grep -v 'path 5 (' "$TMP/tie.autotune.log" > "$TMP/short.log"
echo 0i32 | REPLAY_LOG="$TMP/short.log" REPLAY_PARAMS="$TMP/tie.params" REPLAY_NAMES='#0 ("50i64")' \
    tools/replay_autotune.sh --param main.suff_outer_par_1=1 --param main.suff_outer_par_2=3 -L > /dev/null 2> "$TMP/replay.err" &&
    fail "replay_autotune: a setting without a logged path was answered" || pass
grep -q 'replay: no path of #0 ("50i64") in .*short.log for this setting' "$TMP/replay.err" &&
    pass || fail "replay_autotune: expected a message naming the dataset and log, got: $(cat "$TMP/replay.err")"

# 9. seed 000 on the GPU: Hull-White's map, whole (not cut after its tree's first row by
#    irr_split.c), has three versions after its inspector: outer (its work's balance >=
#    suff_outer_par_0, default 80, and n >= suff_outer_par_1, default 4096), binned
#    (n >= suff_bins_par_2, default 0) and flattened by seed 004's rules
"$WEFT" dev --print=seg --target=cuda examples/hullwhite/hullwhite.fut > "$TMP/hwplan" 2>&1 && pass ||
    fail "dev --print=seg (Hull-White, GPU): exit status $?"
for pat in '^threshold "main\.suff_outer_par_0" = 80$' '^threshold "main\.suff_outer_par_1" = 4096$' '^threshold "main\.suff_bins_par_2" = 0$' \
           'threshold "main\.suff_outer_par_1" n_3$' 'threshold "main\.suff_bins_par_2" n_3$' 'segmap grid \(gtid_[a-z0-9_]* < n_3\) bins ' \
           'largest_[a-z0-9_]*: i64, widths_[a-z0-9_]*: \[n_3\]i64, counts_[a-z0-9_]*: \[n_3\]i64 = segred grid'; do
    grep -qE "$pat" "$TMP/hwplan" && pass || fail "Hull-White's GPU plan has no line matching $pat"
done
# 10. a reduction or scan over two levels whose points allocate arrays, on the GPU: a segmap of
#     the operands (its points get arenas), then the segred / segscan of the stored operands,
#     not one segop (which would run on the host: kernels.c gives such points no arenas)
"$WEFT" dev --print=seg --target=cuda tests/flatten/alloc_points.fut > "$TMP/applan" 2>&1 && pass ||
    fail "dev --print=seg (alloc_points, GPU): exit status $?"
for pat in 'let operand_[a-z0-9_]*: \[[a-z]+_[0-9]+\]\[[a-z]+_[0-9]+\]i64 = segmap grid \(gtid_[a-z0-9_]* < [a-z]+_[0-9]+, gtid_[a-z0-9_]* < [a-z]+_[0-9]+\)' \
           '= segred grid \(gtid_[a-z0-9_]* < [a-z]+_[0-9]+, gtid_[a-z0-9_]* < [a-z]+_[0-9]+\)' \
           '= segscan grid \(gtid_[a-z0-9_]* < [a-z]+_[0-9]+, gtid_[a-z0-9_]* < [a-z]+_[0-9]+\)'; do
    grep -qE "$pat" "$TMP/applan" && pass || fail "alloc_points' GPU plan has no line matching $pat"
done
"$WEFT" dev --print=seg --target=multicore tests/flatten/alloc_points.fut 2>&1 | grep -q 'operand_' &&
    fail "alloc_points' CPU plan stores the operands first (a GPU rule)" || pass
# 11. a filter and a partition at the host level on the GPU: compactions of kernels (flags, a
#     scan, scatters), no filter statement left for the host; on the CPU one loop each
"$WEFT" dev --print=seg --target=cuda tests/flatten/compact.fut > "$TMP/cpplan" 2>&1 && pass ||
    fail "dev --print=seg (compact, GPU): exit status $?"
[ "$(grep -c '= scatter ' "$TMP/cpplan")" = 3 ] && pass || fail "compact's GPU plan has not 3 scatters"
grep -qE '= (filter|partition) ' "$TMP/cpplan" && fail "compact's GPU plan keeps a filter for the host" || pass
[ "$("$WEFT" dev --print=seg --target=multicore tests/flatten/compact.fut 2>&1 | grep -cE '= (filter|partition) ')" = 2 ] &&
    pass || fail "compact's CPU plan does not keep its 2 filters"
# 12. an if per element returning jagged rows (tests/irregular/if_rows.fut): the size slice's
#     and the value map's ifs reach rule 8 (src/opt/ifsink.c), and in each branch map the
#     filters, the literal [m, n] before them (src/flatten/irr_split.c cuts after it) and the
#     concatenation of their rows are flattened in turn: every filter and every copy of a row
#     is left to outer versions (under a threshold), none runs in the flattened path
for t in multicore cuda; do
    "$WEFT" dev --print=seg --target=$t tests/irregular/if_rows.fut > "$TMP/ifplan" 2>&1 && pass ||
        fail "dev --print=seg (if_rows, $t): exit status $?"
    [ "$(grep -c '^threshold "main\.' "$TMP/ifplan")" -ge 6 ] && pass ||
        { fail "if_rows' main ($t) has fewer than 6 thresholds (its size slice and value map not flattened)"; grep '^threshold' "$TMP/ifplan"; }
    [ "$(grep -c '^threshold "sizes\.' "$TMP/ifplan")" -ge 2 ] && pass ||
        fail "if_rows' sizes ($t): the map of the ifs of counts is not flattened"
    grep -qE 'segmap grid \(gtid_[a-z0-9_]* < [a-z_0-9]*, gtid_[a-z0-9_]* < seg ' "$TMP/ifplan" && pass ||
        fail "if_rows ($t) has no segmap over a segmented space (the rows' copies)"
done
# 13. sizes only read (src/opt/count.c): tests/programs/filter_count.fut's concatenation only
#     measured is summed, its partitions only counted are counts, a partition with one part
#     only sized a filter of the other
"$WEFT" dev --print=opt tests/programs/filter_count.fut > "$TMP/cnt" 2>&1 && pass || fail "dev --print=opt (filter_count): exit status $?"
body() { awk -v e="entry $1 " 'index($0, e) == 1 { on = 1 } on && /^}/ { exit } on' "$TMP/cnt"; }
body concat_length | grep -qE '= (concat|filter) ' && fail "concat_length still concatenates or filters" || pass
body partition_counts | grep -qE '= (partition|filter) ' && fail "partition_counts still partitions" || pass
body row_parts | grep -q '= partition ' && fail "row_parts still partitions" || pass
[ "$(body row_parts | grep -c '= filter ')" = 1 ] && pass || fail "row_parts has not one filter (the part read)"
summary
