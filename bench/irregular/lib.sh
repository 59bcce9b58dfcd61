# shellcheck shell=sh
# lib.sh — what bench/irregular/run.sh (the CPU) and bench/cuda/irregular.sh (the GPU machine)
# share; sourced from the repository root.  The caller sets WEFT, RUNS, LIMIT (seconds per
# process), OUT (results), BIN (executables), T (scratch), GEN (bench/irregular/gen), DATA
# (generated inputs) and,
# per benchmark and dataset, bench, ds and in (the input file).  A variant is one line
# "LABEL|ENV|COMMAND ARGUMENTS"; run_variant runs it as one process of RUNS timed runs (`-b -r
# RUNS -t FILE`: weft's executables, the C baselines and cub_segsum take the same options) and
# keeps per label: $T/r.LABEL (its median, one line per round), $T/all.LABEL (every run),
# $T/bad.LABEL (why it has no time: FAIL, >LIMITs or WRONG), $T/chose.LABEL (the versions the
# thresholds took, from -L).  The first variant, labelled C, is the reference: every other
# output is compared with it (gen cmp), except memcpy's.
HUGE=1000000000000
status=0

# bench_setup: the CPU scripts' folders under OUT (T, BIN; DATA, the inputs, given), gen and
# the C baselines built into BIN, GEN
bench_setup() {
    T=$OUT/tmp
    BIN=$OUT/bin
    mkdir -p "$BIN" "$DATA" "$T"
    case $BIN in /*) abs_bin=$BIN ;; *) abs_bin=$PWD/$BIN ;; esac
    make -s -C bench/irregular OUT="$abs_bin" > /dev/null
    GEN=$BIN/gen
}

# ---- the programs: source file and the tolerance of their comparison (absolute, relative)
program() {
    case $1 in
    segsum | sinmap | rowhist | rowscatter) echo "bench/irregular/$1.fut" ;;
    spmv) echo examples/flatten/csr_spmv.fut ;;
    *) echo "examples/flatten/$1.fut" ;;
    esac
}
tolerance() { case $1 in sinmap) echo "1e-6 1e-9" ;; *) echo "0 0" ;; esac; }

# datasets BENCH: one line per dataset, "NAME GEN-ARGUMENTS...", for SIZE: test (tiny, for
# tests/scripts/irregular_bench.sh), bench (this 2-core machine), large (issue 21's sizes) or gpu
# (bench/cuda/irregular.sh: issue 21's, but quicksort of QS_N and no spike)
datasets() {
    case $SIZE-$1 in
    test-segsum) printf '%s\n' "uniform jagged uniform rows=1000 1" "skewed jagged skewed rows=500 2" \
        "powerlaw jagged powerlaw rows=5000 3" "spike jagged spike elems=20000 4" ;;
    bench-segsum) printf '%s\n' "uniform jagged uniform elems=32000000 1" "skewed jagged skewed elems=32000000 2" \
        "powerlaw jagged powerlaw rows=6000000 3" "spike jagged spike elems=32000000 4" ;;
    large-segsum | gpu-segsum) printf '%s\n' "powerlaw jagged powerlaw rows=6000000 3" "skewed jagged skewed rows=4000000 2" \
        "uniform jagged uniform elems=268435456 1"
        [ "$SIZE" = gpu ] || echo "spike jagged spike elems=268435456 4" ;;
    test-rowhist | test-rowscatter) printf '%s\n' "uniform jagged uniform rows=1000 1" "skewed jagged skewed rows=500 2" ;;
    *-rowhist | *-rowscatter) printf '%s\n' "uniform jagged uniform elems=16000000 1" "skewed jagged skewed elems=16000000 2" \
        "powerlaw jagged powerlaw elems=16000000 3" "spike jagged spike elems=16000000 4" ;;
    test-sinmap) echo "x0.002 sinmap 0.002" ;;
    bench-sinmap) echo "x0.2 sinmap 0.2" ;;
    large-sinmap | gpu-sinmap) echo "x1 sinmap 1" ;;
    test-quicksort) echo "n=5000 i32 5000 1" ;;
    bench-quicksort) echo "n=2.5e5 i32 250000 1" ;;
    large-quicksort) echo "n=1e7 i32 10000000 1" ;;
    gpu-quicksort) echo "n=$QS_N i32 $QS_N 1" ;;
    test-spmv) echo "powerlaw-20k csr powerlaw elems=20000 5000 1" ;;
    *-spmv) echo "powerlaw-10M csr powerlaw elems=10000000 2000000 1" ;;
    test-rank_search) echo "powerlaw-20k ranks powerlaw elems=20000 1" ;;
    *-rank_search) echo "powerlaw-10M ranks powerlaw elems=10000000 1" ;;
    test-sparse_dense) echo "powerlaw-5k-p4 csrdense powerlaw elems=5000 1000 4 1" ;;
    *-sparse_dense) printf '%s\n' "powerlaw-2M-p16 csrdense powerlaw elems=2000000 100000 16 1" \
        "uniform-2M-p16 csrdense uniform elems=2000000 100000 16 1" "skewed-2M-p16 csrdense skewed elems=2000000 100000 16 1" ;;
    test-primes) echo "n=1e5 i64 100000" ;;
    bench-primes) echo "n=3e7 i64 30000000" ;;
    *-primes) echo "n=1e8 i64 100000000" ;;
    test-quickhull) echo "disc-20k points 20000 1" ;;
    bench-quickhull) echo "disc-4M points 4000000 1" ;;
    *-quickhull) echo "disc-10M points 10000000 1" ;;
    *) echo "no datasets for $1 at SIZE=$SIZE" >&2; return 1 ;;
    esac
}

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# input NAME GEN-ARGUMENTS...: the path of the generated input (made when absent or older than gen)
input() {
    f=$DATA/$(echo "$*" | tr ' =' '_-').in
    if [ ! -s "$f" ] || [ "$GEN" -nt "$f" ]; then
        shift
        "$GEN" "$@" > "$f.tmp" && mv "$f.tmp" "$f"
    fi
    echo "$f"
}

# build_weft BENCH BACKEND [ARGS...]: BIN/BENCH-BACKEND (rebuilt when older than the program or
# weft), its messages in BIN/BENCH-BACKEND.log
build_weft() {
    b=$1 backend=$2; shift 2
    src=$(program "$b") exe=$BIN/$b-$backend
    if [ ! -x "$exe" ] || [ "$src" -nt "$exe" ] || [ "$WEFT" -nt "$exe" ]; then
        "$WEFT" "$backend" "$src" -o "$exe" "$@" > "$exe.log" 2>&1 || { cat "$exe.log"; return 1; }
    fi
}

# build_cpu BENCH: its weft c and multicore executables, or a FAIL line, status 1 and false
build_cpu() {
    build_weft "$1" c && build_weft "$1" multicore && return 0
    echo "   FAIL: $1: weft could not build $(program "$1")"
    status=1
    return 1
}

# md_header COMMAND SCRIPT: the opening lines of OUT/$table.md (load: the load average)
# open_tables TABLE TITLE CMD SCRIPT: OUT/TABLE.txt and OUT/TABLE.md begun (the title, the
# machine and its load, the command), the text shown; sets table and load
open_tables() {
    table=$1
    load=$(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo '?')
    {
        echo "$2, $(date -u +%Y-%m-%d), $(machine), load average $load at the start"
        echo "Command: $3 (OMP_WAIT_POLICY ${OMP_WAIT_POLICY:-unset})"
        echo "Times in ms: medians of $ROUNDS rounds x $RUNS runs; ratios: medians over the rounds (paired)"
    } > "$OUT/$table.txt"
    md_header "$3" "$4"
    cat "$OUT/$table.txt"
}

md_header() {
    {
        echo "Measured $(date -u +%Y-%m-%d) on $(machine) (load average $load at the start)."
        echo "Command: \`$1\` (OMP_WAIT_POLICY ${OMP_WAIT_POLICY:-unset})."
        echo "Times in ms, medians of $ROUNDS rounds x $RUNS runs; ratios are medians over the rounds of the"
        echo "ratio within each round (paired).  Columns: $2's header."
    } > "$OUT/$table.md"
}

# params EXE: the tuning parameters of entry main, one a line
params() { "$1" --print-params | sed -n 's/^\(main\.[^=]*\)=.*/\1/p'; }
# param_args VALUE: --param NAME=VALUE for every parameter in $T/params
param_args() { while read -r p; do printf ' --param %s=%s' "$p" "$1"; done < "$T/params"; }

# weft_variants PREFIX EXE [ARGS]: PREFIX-outer, PREFIX-flat (when the entry has tuning
# parameters) and PREFIX (the defaults, logged with -L)
weft_variants() {
    prefix=$1; shift
    if [ -s "$T/params" ]; then
        echo "$prefix-outer||$*$(param_args 0)"
        echo "$prefix-flat||$*$(param_args $HUGE)"
    fi
    echo "$prefix||$* -L"
}

# new_dataset: forget the previous dataset's times
new_dataset() { rm -f "$T"/r.* "$T"/all.* "$T"/bad.* "$T"/checked.* "$T"/chose.* "$T/ref.out"; }

# run_variant LABEL ENV COMMAND...: one process of the variant on $in (see the top)
run_variant() {
    label=$1 envset=$2; shift 2
    [ ! -f "$T/bad.$label" ] || return 0
    rc=0
    # shellcheck disable=SC2086
    env $envset timeout "$LIMIT" "$@" -b -r "$RUNS" -t "$T/t" < "$in" > "$T/out" 2> "$T/err" || rc=$?
    if [ $rc -ne 0 ]; then
        if [ $rc -eq 124 ]; then echo ">${LIMIT}s" > "$T/bad.$label"; else echo "FAIL" > "$T/bad.$label"; fi
        echo "   FAIL: $bench $ds $label: exit status $rc: $*" | tee -a "$T/notes"
        tail -n 3 "$T/err" | sed 's/^/      /'
        status=1
        return 0
    fi
    median < "$T/t" >> "$T/r.$label"
    cat "$T/t" >> "$T/all.$label"
    ! grep -q '^Compared main\.' "$T/err" || chose < "$T/err" > "$T/chose.$label"
    case $label in
    C) [ -f "$T/ref.out" ] || cp "$T/out" "$T/ref.out" ;;
    memcpy) ;;
    *)
        [ ! -f "$T/checked.$label" ] || return 0
        touch "$T/checked.$label"
        # shellcheck disable=SC2046
        if ! "$GEN" cmp "$T/out" "$T/ref.out" $(tolerance "$bench") 2> "$T/cmp"; then
            echo "WRONG" > "$T/bad.$label"
            echo "   FAIL: $bench $ds $label: the output differs from the C baseline's: $(cat "$T/cmp")" | tee -a "$T/notes"
            status=1
        fi ;;
    esac
}

# run_rounds N: every variant of $T/variants once per round, N rounds
run_rounds() {
    round=0
    while [ "$round" -lt "$1" ]; do
        while IFS='|' read -r label envset cmd; do
            # shellcheck disable=SC2086
            run_variant "$label" "$envset" $cmd < /dev/null
        done < "$T/variants"
        round=$((round + 1))
    done
}

# chose: from -L's log, which version the thresholds took (per run; runs + warm-up logged)
chose() {
    awk -v runs="$RUNS" '/^Compared main\./ { if ($NF == "true.") o++; else f++ }
        END { n = o + f; if (n == 0) { print "-"; exit }
              if (f == 0) print "outer"; else if (o == 0) print "flat"
              else printf "%d/%d-outer\n", o / (runs + 1), n / (runs + 1) }'
}
chose_cell() { cat "$T/chose.$1" 2> /dev/null || echo -; }

# time_us LABEL: the variant's median in µs ("-" without one); cell LABEL: the same in ms (or why
# it has none)
time_us() { if [ -f "$T/all.$1" ] && [ ! -f "$T/bad.$1" ]; then median < "$T/all.$1"; else echo -; fi; }
cell() {
    if [ -f "$T/bad.$1" ]; then cat "$T/bad.$1"
    elif [ ! -f "$T/all.$1" ]; then echo "-"
    else median < "$T/all.$1" | awk '{ ms = $1 / 1000; printf(ms >= 100 ? "%.0f" : ms >= 10 ? "%.1f" : ms >= 0.1 ? "%.2f" : "%.4f", ms) }'
    fi
}

# ratio A B: the median over rounds of A's median / B's ("-" when either has no time); B may be
# "best": best_of's file
ratio() {
    for x in "$1" "$2"; do [ ! -f "$T/bad.$x" ] || { echo "-"; return; }; done
    [ -f "$T/r.$1" ] && [ -f "$T/r.$2" ] || { echo "-"; return; }
    paste "$T/r.$1" "$T/r.$2" | awk '$1 > 0 && $2 > 0 { print $1 / $2 }' | median |
        awk '$1 == "-" { print; exit } { printf "%.2f", $1 }'
}

# best_of A B: $T/r.best, each round's faster of A and B
best_of() {
    rm -f "$T/r.best"
    [ -f "$T/r.$1" ] && [ -f "$T/r.$2" ] && [ ! -f "$T/bad.$1" ] && [ ! -f "$T/bad.$2" ] || return 0
    paste "$T/r.$1" "$T/r.$2" | awk '{ print ($1 < $2 ? $1 : $2) }' > "$T/r.best"
}

# machine: the host, its cores and CPU model
machine() {
    echo "$(uname -n), $(nproc 2> /dev/null || echo '?') cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2> /dev/null | head -1)"
}

# table_header FORMAT COLUMNS... / table_row FORMAT CELLS...: a table's header or one row, to
# stdout and OUT/$table.txt, and as Markdown to OUT/$table.md
table_header() {
    fmt=$1; shift
    # shellcheck disable=SC2059
    printf "$fmt" "$@" | tee -a "$OUT/$table.txt"
    { printf '\n'; printf '| %s ' "$@"; echo '|'; for c in "$@"; do printf '|---'; done; echo '|'; } >> "$OUT/$table.md"
}
table_row() {
    fmt=$1; shift
    # shellcheck disable=SC2059
    printf "$fmt" "$@" | tee -a "$OUT/$table.txt"
    { printf '| %s ' "$@"; echo '|'; } >> "$OUT/$table.md"
}
