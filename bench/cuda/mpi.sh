#!/bin/sh
# mpi.sh — weft cuda --mpi on a machine with GPUs and Open MPI (docs/MPI.md), in one run of a few
# minutes: (1) the programs of tests/mpi and a few of the corpus give their expected results on
# 1, 2 and 3 ranks (`weft test --backend=cuda-mpi --ranks=N`, and weft cuda's once: ints bit for bit, floats
# within the tests' tolerance — as tests/scripts/mpi.sh checks weft multicore --mpi — sizes
# below the rank count and empty inputs among them); each program is built once, by a caching
# --weft wrapper; (2) the harness: results printed once, -t's times from rank 0, a failure in
# one rank's part stopping every rank with exit status 2 and the message (under timeout: no
# hang); (3) Hull-White (bench/hullwhite/gen.c, 10^5 instruments, random and skewed1) and
# OptionPricing large (data/finpar, else ../shared/data/finpar) on 1 GPU (weft cuda, and weft
# cuda --mpi on one rank) and 2 GPUs (mpirun -np 2), medians of RUNS (3) timed runs (-t, the
# slowest rank's), the 2-rank results checked against the 1-GPU ones (relative 1e-9).
# Prints a progress line per step and "N passed, M failed" at the end (exit status 1 on any
# failure).  Settings: WEFT (bin/weft), ARCH (nvcc's --gpu-architecture, default weft's sm_90),
# RUNS (3), HW_N (100000), OUT (build/bench-cuda-mpi), JOBS (weft test's -j, default 8), CORPUS
# (part 1's programs), TIMING (1; 0 skips part 3).
# As root, mpirun runs with --allow-run-as-root; always --oversubscribe (3 ranks on 2 GPUs
# share one).  Run from anywhere: sh bench/cuda/mpi.sh
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
case $WEFT in /*) ;; *) WEFT=$PWD/$WEFT ;; esac
RUNS=${RUNS:-3}
HW_N=${HW_N:-100000}
JOBS=${JOBS:-8}
OUT=${OUT:-build/bench-cuda-mpi}
case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
mkdir -p "$OUT/cache"
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "  ok: $*"; }
fail() { failed=$((failed + 1)); echo "  FAIL: $*"; }
step() { echo "== $(date +%H:%M:%S) $*"; }
median() { sort -n | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# same A B: the values printed in files A and B agree: words equal, floats within relative 1e-9
same() {
    tr '[],' '   ' < "$1" | tr -s ' \n' '\n\n' > "$OUT/same.a"
    tr '[],' '   ' < "$2" | tr -s ' \n' '\n\n' > "$OUT/same.b"
    [ "$(wc -l < "$OUT/same.a")" -eq "$(wc -l < "$OUT/same.b")" ] || return 1
    paste "$OUT/same.a" "$OUT/same.b" | awk '
        function num(s) { sub(/(f16|f32|f64|i8|i16|i32|i64|u8|u16|u32|u64)$/, "", s); return s + 0 }
        $1 == $2 { next }
        $1 !~ /f(16|32|64)$/ { print "differ: " $1 " " $2; bad = 1; exit } # integers and booleans bit for bit
        { a = num($1); b = num($2); d = a - b; d = d < 0 ? -d : d; m = (a < 0 ? -a : a); m = m > (b < 0 ? -b : b) ? m : (b < 0 ? -b : b)
          if (d > 1e-9 * m + 1e-300) { print "differ: " $1 " " $2; bad = 1; exit } }
        END { exit bad }'
}

MPIRUN="mpirun --oversubscribe"
[ "$(id -u)" = 0 ] && MPIRUN="$MPIRUN --allow-run-as-root"
# Open MPI's library and headers without its mpicc (the GPU machine's image): a stand-in that
# answers --showme:compile and --showme:link, which is all weft cuda --mpi asks of it
MPI_INC=/usr/lib/x86_64-linux-gnu/openmpi/include
if ! command -v mpicc > /dev/null 2>&1 && [ -f "$MPI_INC/mpi.h" ]; then
    mkdir -p "$OUT/bin"
    {
        echo '#!/bin/sh'
        echo 'case "${1:-}" in'
        echo "--showme:compile) echo '-I$MPI_INC -I$MPI_INC/openmpi' ;;"
        echo "--showme:link) echo '-lmpi' ;;"
        echo "*) exec cc -I$MPI_INC -I$MPI_INC/openmpi \"\$@\" -lmpi ;;"
        echo 'esac'
    } > "$OUT/bin/mpicc"
    chmod +x "$OUT/bin/mpicc"
    PATH=$OUT/bin:$PATH
    echo "mpi.sh: no mpicc; $OUT/bin/mpicc stands in (Open MPI's headers in $MPI_INC)"
fi
for tool in nvcc nvidia-smi mpirun mpicc; do
    command -v $tool > /dev/null 2>&1 || { echo "mpi.sh: $tool not found (needs CUDA, a GPU and Open MPI)"; exit 2; }
done
nvidia-smi -L
GPUS=$(nvidia-smi -L | grep -c '^GPU')
echo "mpi.sh: $GPUS GPUs; $($MPIRUN --version 2>&1 | head -1)"

# weft test's --weft: `weft cuda [--mpi] PROG -o OUT` built once per program and options, copied
# to OUT afterwards (weft test builds in fresh directories every run)
cat > "$OUT/weft-cached" << EOF
#!/bin/sh
if [ "\$1" = cuda ] && [ "\$3" = -o ]; then
    be=\$1 prog=\$2 out=\$4
    shift 4
    key=\$(printf '%s ' "\$prog" "\$@" | cksum | cut -d' ' -f1)
    if [ -x "$OUT/cache/\$key" ]; then cp "$OUT/cache/\$key" "\$out" && exit 0; fi
    # into the cache whole (a copy, then a rename): Hull-White's background builds race part 1's
    "$WEFT" cuda "\$prog" -o "\$out" ${ARCH:+--cuda-arch $ARCH} "\$@" && cp "\$out" "$OUT/cache/\$key.\$\$" &&
        mv "$OUT/cache/\$key.\$\$" "$OUT/cache/\$key"
    exit
fi
exec "$WEFT" "\$@"
EOF
chmod +x "$OUT/weft-cached"
W="$OUT/weft-cached"

# Hull-White's builds (the longest) in the background, while part 1 runs
if [ "${TIMING:-1}" != 0 ]; then
    step "building Hull-White with weft cuda and weft cuda --mpi (in the background)"
    "$W" cuda examples/hullwhite/hullwhite.fut -o "$OUT/hullwhite" > "$OUT/hw.log" 2>&1 &
    hw1=$!
    "$W" cuda examples/hullwhite/hullwhite.fut -o "$OUT/hullwhite-mpi" --mpi > "$OUT/hw-mpi.log" 2>&1 &
    hw2=$!
fi

# ---- (1) the programs' cases on 1, 2 and 3 ranks
# (block kernels split: tests/flatten/bins.fut and Hull-White run binned by default, each rank
# packing its own points, widths above a block among them; tests/flatten/intra.fut a thread
# block per point, fewer points than ranks among them)
corpus=${CORPUS:-"tests/mpi tests/irregular/segment_sums.fut tests/irregular/iota_in_map.fut tests/flatten/segred_long.fut
        tests/flatten/versions.fut examples/finpar/optionpricing.fut tests/flatten/bins.fut tests/flatten/intra.fut
        examples/hullwhite/hullwhite.fut"}
step "building and checking the corpus with weft cuda and weft cuda --mpi (the first pass compiles)"
for ranks in 1 2 3; do
    backends=cuda-mpi
    [ $ranks = 1 ] && backends=cuda,cuda-mpi # single-process weft cuda once
    # shellcheck disable=SC2086
    timeout 900 "$WEFT" test --weft="$W" -j "$JOBS" --timeout=120 --backend=$backends --ranks=$ranks $corpus \
        > "$OUT/test$ranks.log" 2>&1
    line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$OUT/test$ranks.log" | tail -1)
    if echo "$line" | grep -q ' 0 failed' && ! echo "$line" | grep -q '^0 passed'; then
        pass "$ranks rank(s): $line"
    else
        fail "$ranks rank(s): ${line:-no summary} ($OUT/test$ranks.log)"
        grep -E 'FAIL|failed' "$OUT/test$ranks.log" | head -20
    fi
done

# ---- (2) the harness
step "the harness on 3 ranks: results once, -t from rank 0, a failure in one rank's part"
"$W" cuda tests/mpi/rows.fut -o "$OUT/rows1" > /dev/null 2>&1 && "$W" cuda tests/mpi/rows.fut -o "$OUT/rows" --mpi > /dev/null 2>&1 ||
    fail "weft cuda (--mpi) tests/mpi/rows.fut"
input='[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]'
echo "$input" | "$OUT/rows1" > "$OUT/rows1.out"
echo "$input" | timeout 120 $MPIRUN -np 3 "$OUT/rows" -r 3 -t "$OUT/times" > "$OUT/rows.out" 2> "$OUT/rows.err"
[ -s "$OUT/rows1.out" ] && cmp -s "$OUT/rows1.out" "$OUT/rows.out" && pass "3 ranks print the results once, as one process does" ||
    fail "3 ranks' results differ from one process's ($OUT/rows.out)"
[ "$(wc -l < "$OUT/times" 2> /dev/null || echo 0)" -eq 3 ] && pass "-t: one time per run, from rank 0" ||
    fail "-t: not 3 lines in $OUT/times"
echo "$input" | timeout 120 $MPIRUN -np 2 "$OUT/rows" --print-peak-mem > /dev/null 2> "$OUT/peak.err"
[ "$(grep -c peak_mem_bytes "$OUT/peak.err")" -eq 1 ] && pass "--print-peak-mem: rank 0's, once" ||
    fail "--print-peak-mem: not once ($OUT/peak.err)"
"$W" cuda tests/mpi/failure.fut -o "$OUT/failure" --mpi > /dev/null 2>&1 || fail "weft cuda --mpi tests/mpi/failure.fut"
for ranks in 2 3; do
    echo '[1, 2, 3, 4, 5, 6] 7i64' | timeout 120 $MPIRUN -np $ranks "$OUT/failure" > "$OUT/failure.out" 2> "$OUT/failure.err"
    status=$?
    [ "$status" -eq 2 ] && pass "a failure in one rank's part on $ranks ranks: exit status 2" ||
        fail "a failure in one rank's part on $ranks ranks: exit status $status (124: a hang)"
    grep -q 'failure.fut:6:44: Error: .*ndex \[6\] out of bounds' "$OUT/failure.err" &&
        pass "a failure in one rank's part on $ranks ranks: its message" ||
        fail "a failure on $ranks ranks: no message ($OUT/failure.err)"
done

# ---- (3) 1 GPU against 2
[ "${TIMING:-1}" = 0 ] && { echo "mpi.sh: $passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit; }
step "timing: building OptionPricing (built in part 1: from the cache) and waiting for Hull-White's builds"
cc -O2 -std=c11 -o "$OUT/gen" bench/hullwhite/gen.c -lm || fail "bench/hullwhite/gen.c"
p=examples/finpar/optionpricing.fut
"$W" cuda "$p" -o "$OUT/optionpricing" > /dev/null 2>&1 && "$W" cuda "$p" -o "$OUT/optionpricing-mpi" --mpi > /dev/null 2>&1 ||
    fail "weft cuda (--mpi) $p"
wait "$hw1" || fail "weft cuda examples/hullwhite/hullwhite.fut ($OUT/hw.log)"
wait "$hw2" || fail "weft cuda --mpi examples/hullwhite/hullwhite.fut ($OUT/hw-mpi.log)"
op=data/finpar/OptionPricing-large.in
[ -f "$op" ] || op=../shared/data/finpar/OptionPricing-large.in
rows=""
# timed NAME EXE INPUT: medians of RUNS runs with 1 GPU, 1 rank and 2 ranks; 2 ranks' results checked
timed() {
    name=$1 exe=$2 in=$3
    [ -f "$in" ] || { fail "$name: no input $in"; return; }
    step "timing $name"
    "$OUT/$exe" -r "$RUNS" -t "$OUT/t1" < "$in" > "$OUT/o1" 2> "$OUT/e1" || { fail "$name on 1 GPU ($OUT/e1)"; return; }
    timeout 300 $MPIRUN -np 1 "$OUT/$exe-mpi" -r "$RUNS" -t "$OUT/tm1" < "$in" > "$OUT/om1" 2> "$OUT/em1" ||
        fail "$name on 1 rank ($OUT/em1)"
    timeout 300 $MPIRUN -np 2 "$OUT/$exe-mpi" -r "$RUNS" -t "$OUT/tm2" < "$in" > "$OUT/om2" 2> "$OUT/em2" ||
        fail "$name on 2 ranks ($OUT/em2)"
    same "$OUT/o1" "$OUT/om1" && pass "$name: 1 rank's results = 1 GPU's" || fail "$name: 1 rank's results differ"
    same "$OUT/o1" "$OUT/om2" && pass "$name: 2 ranks' results = 1 GPU's (rel. 1e-9)" || fail "$name: 2 ranks' results differ"
    t1=$(median < "$OUT/t1") tm1=$(median < "$OUT/tm1" 2> /dev/null) tm2=$(median < "$OUT/tm2" 2> /dev/null)
    rows="$rows$(printf '%-28s %12s %12s %12s %8s' "$name" "$t1" "${tm1:--}" "${tm2:--}" \
        "$(awk -v a="$t1" -v b="${tm2:-0}" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }')")
"
}
for shape in random skewed1; do
    in=$OUT/hw-$shape-$HW_N.in
    [ -f "$in" ] || "$OUT/gen" "$shape" "$HW_N" 1 > "$in"
    timed "Hull-White $shape $HW_N" hullwhite "$in"
done
timed "OptionPricing large" optionpricing "$op"

echo
echo "median µs of $RUNS runs (-t; with --mpi the slowest rank's); GPUs: $(nvidia-smi --query-gpu=name --format=csv,noheader | sort | uniq -c | tr -s ' ' | paste -sd ';')"
printf '%-28s %12s %12s %12s %8s\n' program "1 GPU" "--mpi -np 1" "--mpi -np 2" speedup
printf '%s' "$rows"
echo
echo "mpi.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
