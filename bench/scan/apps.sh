#!/bin/sh
# apps.sh — seed 002's scan programs (examples/scan) on generated inputs: each program's
# benchmark entry compiled with `weft multicore` (and `weft c`), the median of RUNS timed runs
# (the executables' -r/-t, docs/EXECUTABLES.md; the timings exclude reading the input), and
# million input elements per second on multicore.
# Inputs: bench/scan/gen_data.sh, kept in $BUILD/bench-scan-apps/data between runs.
# Validation of every result: the program's verify_* entry reads the input followed by the
# multicore result and checks it in O(n) (prefix sums and max-scan element by element, sorted
# with the same sums, the recurrence and Horner's rule within 1e-9, F(i) = F(i-1) + F(i-2),
# the digits against a ripple-carry loop); and the c result must equal the multicore one (f64
# within 1e-9 of the largest magnitude: the parallel scan associates differently).
# Settings: SIZES ("1048576 16777216"; each at most 134217728 = 2^27), RUNS (3), CRUNS (timed
# runs of the sequential c build: 1, it is there for the comparison), THREADS (2), BACKENDS
# ("c multicore"; "multicore" skips the c build, runs and comparison), WEFT (bin/weft), BUILD
# (build), RESULTS_TSV (a file: one line per result appended, tab-separated: benchmark "scan apps",
# dataset "PROGRAM ENTRY n=N", variant "weft multicore" or "weft c", median µs, peak bytes,
# validated; bench/run.sh's results.json). Exit status 1 if a result fails its check or the
# backends differ.
set -eu
WEFT=${WEFT:-bin/weft}
SIZES=${SIZES:-1048576 16777216}
RUNS=${RUNS:-3}
CRUNS=${CRUNS:-1}
THREADS=${THREADS:-2}
BACKENDS=${BACKENDS:-c multicore}
OUT=${BUILD:-build}/bench-scan-apps
DATA=$OUT/data
mkdir -p "$OUT"
case " $BACKENDS " in *" c "*) with_c=1 ;; *) with_c=0 ;; esac
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# result VARIANT MEDIAN_US PEAK_BYTES VALIDATED: one line of RESULTS_TSV for the current program and size
result() {
    [ -z "${RESULTS_TSV:-}" ] ||
        printf 'scan apps\t%s %s n=%s\t%s\t%s\t%s\t%s\n' "$prog" "$entry" "$n" "$1" "$2" "$3" "$4" >> "$RESULTS_TSV"
}
peak() { sed -n 's/^peak_mem_bytes=//p' "$1"; }
status=0
printf '%-11s %-9s %10s %10s %10s %13s %6s  %s\n' program entry N "c ms" "mc ms" "Melem/s (mc)" "c/mc" check
# program:benchmark entry:verify entry
for p in prefix_sum:sum_i32:verify_sum_i32 radix_sort:sort_u32:verify_sort_u32 seq_align:tscan:verify_tscan \
         poly_eval:values:verify_values poly_eval:eval:verify_eval linrec:solve:verify_solve \
         fib_matrix:fibs:verify_fibs bigint_add:sum_many:verify_sum_many; do
    prog=${p%%:*}; rest=${p#*:}; entry=${rest%%:*}; verify=${rest#*:}
    # rebuilt when the program or the compiler is newer than the executable
    if [ ! -x "$OUT/$prog-mc" ] || [ "examples/scan/$prog.fut" -nt "$OUT/$prog-mc" ] || [ "$WEFT" -nt "$OUT/$prog-mc" ]; then
        "$WEFT" multicore "examples/scan/$prog.fut" -o "$OUT/$prog-mc"
    fi
    if [ $with_c = 1 ] && { [ ! -x "$OUT/$prog-c" ] || [ "examples/scan/$prog.fut" -nt "$OUT/$prog-c" ] ||
                            [ "$WEFT" -nt "$OUT/$prog-c" ]; }; then
        "$WEFT" c "examples/scan/$prog.fut" -o "$OUT/$prog-c"
    fi
    for n in $SIZES; do
        sh bench/scan/gen_data.sh "$DATA" "$n" "$prog"
        in=$DATA/$prog-$n.in
        "$OUT/$prog-mc" -e "$entry" -b -r "$RUNS" -t "$OUT/mc.t" --num-threads "$THREADS" --print-peak-mem \
            < "$in" > "$OUT/mc.out" 2> "$OUT/mc.err"
        mc=$(median < "$OUT/mc.t")
        # the binary result reads back as the verify entry's last argument
        if [ "$(cat "$in" "$OUT/mc.out" | "$OUT/$prog-mc" -e "$verify" --num-threads "$THREADS")" = true ]; then
            ok=verified mc_ok=true
        else
            ok=WRONG mc_ok=false; status=1
        fi
        result "weft multicore" "$mc" "$(peak "$OUT/mc.err")" "$mc_ok"
        c=; ratio=
        if [ $with_c = 1 ]; then
            "$OUT/$prog-c" -e "$entry" -b -r "$CRUNS" -t "$OUT/c.t" --print-peak-mem < "$in" > "$OUT/c.out" 2> "$OUT/c.err"
            c=$(median < "$OUT/c.t")
            if "$DATA/gen_apps" cmp "$OUT/c.out" "$OUT/mc.out"; then
                ok="$ok, c = mc" c_ok=$mc_ok
            else
                ok="$ok, c DIFFERS" c_ok=false; status=1
            fi
            result "weft c" "$c" "$(peak "$OUT/c.err")" "$c_ok"
            ratio=$(echo "$c $mc" | awk '{ printf "%.2f", $1 / ($2 > 0 ? $2 : 1) }')
            c=$(echo "$c" | awk '{ printf "%.2f", $1 / 1000 }')
        fi
        printf '%-11s %-9s %10s %10s %10.2f %13.1f %6s  %s\n' "$prog" "$entry" "$n" "${c:--}" \
            "$(echo "$mc" | awk '{ print $1 / 1000 }')" "$(echo "$n $mc" | awk '{ print $1 / ($2 > 0 ? $2 : 1) }')" \
            "${ratio:--}" "$ok"
    done
done
rm -f "$OUT/mc.out" "$OUT/c.out" "$OUT/mc.err" "$OUT/c.err"
exit $status
