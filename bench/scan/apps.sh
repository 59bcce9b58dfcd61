#!/bin/sh
# apps.sh — seed 002's scan programs (examples/scan) on generated inputs (bench/scan/gen_apps.c):
# each program's benchmark entry compiled with weft c and weft multicore, median of RUNS runs
# (-t), million elements per second, and the two backends' results compared (identical, or
# f64 within 1e-9 relative: the parallel scan associates differently).
# Settings: SIZES ("1048576 16777216"; up to 134217728 = 2^27), RUNS (5), THREADS (2), WEFT, BUILD.
set -eu
WEFT=${WEFT:-bin/weft}
SIZES=${SIZES:-1048576 16777216}
RUNS=${RUNS:-5}
THREADS=${THREADS:-2}
OUT=${BUILD:-build}/bench-scan-apps
mkdir -p "$OUT"
cc -O2 -o "$OUT/gen_apps" bench/scan/gen_apps.c -lm
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
status=0
printf '%-11s %-15s %11s %12s %12s %12s %9s  %s\n' program entry N "c ms" "multicore ms" "Melem/s (mc)" "c/mc" result
for p in prefix_sum:sum_i32 radix_sort:sort_u32 seq_align:tscan poly_eval:eval linrec:solve fib_matrix:fibs \
         bigint_add:sum_many; do
    prog=${p%%:*}; entry=${p#*:}
    "$WEFT" c "examples/scan/$prog.fut" -o "$OUT/$prog-c"
    "$WEFT" multicore "examples/scan/$prog.fut" -o "$OUT/$prog-mc"
    for n in $SIZES; do
        "$OUT/gen_apps" "$prog" "$n" > "$OUT/in"
        "$OUT/$prog-c" -e "$entry" -b -r "$RUNS" -t "$OUT/c.t" < "$OUT/in" > "$OUT/c.out"
        "$OUT/$prog-mc" -e "$entry" -b -r "$RUNS" -t "$OUT/mc.t" --num-threads "$THREADS" < "$OUT/in" > "$OUT/mc.out"
        c=$(median < "$OUT/c.t"); mc=$(median < "$OUT/mc.t")
        if "$OUT/gen_apps" cmp "$OUT/c.out" "$OUT/mc.out"; then ok=agree; else ok=DIFFER; status=1; fi
        printf '%-11s %-15s %11s %12.2f %12.2f %12.1f %9.2f  %s\n' "$prog" "$entry" "$n" "$(echo "$c" | awk '{ print $1 / 1000 }')" \
            "$(echo "$mc" | awk '{ print $1 / 1000 }')" "$(echo "$n $mc" | awk '{ print $1 / $2 }')" \
            "$(echo "$c $mc" | awk '{ print $1 / $2 }')" "$ok"
    done
done
exit $status
