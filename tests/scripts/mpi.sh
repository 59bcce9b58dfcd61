#!/bin/sh
# mpi.sh — weft multicore --mpi (docs/MPI.md): the programs of tests/mpi and a representative
# set of the corpus (regular and irregular maps, whole segments, whole scans and reductions,
# non-commutative operators, sizes below the rank count, empty inputs, a failure in one rank's
# part) give the single-process results on 1, 2 and 3 ranks (`weft test --backend=mpi
# --ranks=1,2,3`, Open MPI's mpirun with --oversubscribe; tests/scripts/mpi_corpus.sh, in make
# check-full, runs the whole corpus so); the executables' harness (results printed
# once, -t's times from rank 0, exit status 2 and the message when one rank fails); without
# --mpi no MPI in the generated code; --mpi without mpicc a clear error.  Without mpicc and
# mpirun (Debian: libopenmpi-dev openmpi-bin) only the last two run.  weft cuda --mpi: its generated
# code (the kernels over the rank's units, the exchanges) and its error without mpicc.  Irregular reductions run
# again with their flattened versions forced (--thresholds), so that their segments are split;
# tests/mpi again with exchanges over the bytes of one MPI call.
. "$(dirname "$0")/lib.sh"

mkdir -p "$T/empty"
if PATH="$T/empty" "$WEFT" multicore --mpi tests/mpi/rows.fut -o "$T/nompi" > "$T/nompi.err" 2>&1; then
    fail "--mpi without mpicc succeeded"
else
    check "--mpi without mpicc: a clear error" grep -q "mpicc was not found" "$T/nompi.err"
fi
"$WEFT" multicore --no-cc tests/mpi/rows.fut -o "$T/plain"
check_not "no MPI in weft multicore's code without --mpi" grep -q "wf_mpi\|<mpi.h>" "$T/plain.c"

# weft cuda --mpi without a GPU: its generated code (bench/cuda/mpi.sh runs it on GPUs;
# tests/ci/cuda_compile.sh compiles it)
"$WEFT" cuda --no-cc tests/mpi/ordered.fut -o "$T/cplain"
check_not "no MPI in weft cuda's code without --mpi" grep -q "wf_mpi\|<mpi.h>\|mlo_" "$T/cplain.c" "$T/cplain.cu"
"$WEFT" cuda --mpi --no-cc tests/mpi/ordered.fut -o "$T/cmpi"
check "weft cuda --mpi: kernels over the rank's units" grep -q "i_ += mlo_ \* 1;" "$T/cmpi.cu"
check "weft cuda --mpi: outputs exchanged from the device" grep -q "wfc_mpi_gather(ctx, " "$T/cmpi.c"
check "weft cuda --mpi: partial results folded in rank order" grep -q "wf_mpi_allgather(&" "$T/cmpi.c"
check "weft cuda --mpi: main under MPI" grep -q "return wfc_mpi_main(argc, argv, &program)" "$T/cmpi.c"
# block kernels split too: binned maps (each rank packs its own points' bins) and a thread block
# per point (intra-group versions); each such kernel's launcher runs the rank's points, its
# points counted from the rank's first, its outputs exchanged after it
block_split() { # block_split NAME PROG: the checks of PROG's weft cuda --mpi output
    "$WEFT" cuda --mpi --no-cc "$2" -o "$T/$1" || { fail "weft cuda --mpi $2"; return; }
    awk '/^ *extern "C" int wfk_launch_[0-9]+\(/ { split($0, a, "wfk_launch_"); split(a[2], b, "("); k = b[1]; sw = 0 }
         /^ *s\.w = s\.mn_;/ { sw = 1 }
         /return wfd_run_(bin|block)_map\(/ { print k, sw, ($0 ~ /run_block_map/ || $0 ~ /\.p \+ s\.mlo_/) }' \
        "$T/$1.cu" > "$T/$1.kernels"
    check "weft cuda --mpi $2: has block kernels" [ -s "$T/$1.kernels" ] || return
    check "weft cuda --mpi $2: every block kernel over the rank's points" \
        awk '$2 != 1 || $3 != 1 { bad = 1 } END { exit bad }' "$T/$1.kernels"
    check "weft cuda --mpi $2: block kernels' points from the rank's first" \
        [ "$(grep -c '^ *i_ += mlo_;$' "$T/$1.cu")" -eq "$(wc -l < "$T/$1.kernels")" ]
    # the host code: after each block kernel's launch, its outputs exchanged
    check "weft cuda --mpi $2: block kernels' outputs exchanged" awk -v ks="$(cut -d' ' -f1 "$T/$1.kernels")" '
        BEGIN { n = split(ks, k, "\n"); for (i = 1; i <= n; i++) want[k[i]] = 1 }
        match($0, /wfk_launch_[0-9]+, &/) { id = substr($0, RSTART + 11, RLENGTH - 14); open = (id in want); seen[id] += 0; next }
        open && /wfc_mpi_gather\(ctx, / { seen[id] = 1; open = 0 }
        END { for (i in want) if (!seen[i]) { print "kernel " i ": no exchange"; bad = 1 } exit bad }' "$T/$1.c"
    "$WEFT" cuda --no-cc "$2" -o "$T/$1-plain"
    check_not "no MPI in weft cuda's code of $2 without --mpi" grep -q "wf_mpi\|<mpi.h>\|mlo_" "$T/$1-plain.c" \
        "$T/$1-plain.cu"
}
block_split cbins tests/flatten/bins.fut
block_split chw examples/hullwhite/hullwhite.fut
block_split cintra tests/flatten/intra.fut
check "weft cuda --mpi: binned kernels' widths and counts from the rank's first point" \
    grep -q "return wfd_run_bin_map(L, s, s\.[a-z_0-9]*\.p + s\.mlo_, s\.[a-z_0-9]*\.p + s\.mlo_, max_threads);" "$T/chw.cu"
# the generated code compiles: the kernels with nvcc (device code unoptimised, as
# tests/ci/cuda_compile.sh), the host code with MPI's flags, where nvcc and mpicc are
if command -v nvcc > /dev/null 2>&1; then
    for p in cmpi cbins chw cintra; do
        nvcc -O1 -Xcicc -O0 -Xptxas -O0 --gpu-architecture=sm_90 -c "$T/$p.cu" -o "$T/$p.o" > "$T/$p.nvcc" 2>&1 &&
            pass || { fail "weft cuda --mpi: nvcc -c $p.cu"; head -20 "$T/$p.nvcc"; }
        inc=$(cuda_include_dir)
        if command -v mpicc > /dev/null 2>&1 && [ -n "$inc" ]; then
            # shellcheck disable=SC2046
            check "weft cuda --mpi: $p.c compiles" $CC -fsyntax-only -std=c11 -Wall -Wextra -Werror -I"$inc" \
                $(mpicc --showme:compile) "$T/$p.c"
        fi
    done
else
    echo "mpi: skipped nvcc -c of weft cuda --mpi's kernels: no nvcc here"
fi
if PATH="$T/empty" "$WEFT" cuda --mpi tests/mpi/rows.fut -o "$T/cnompi" > "$T/cnompi.err" 2>&1; then
    fail "weft cuda --mpi without mpicc succeeded"
else
    check "weft cuda --mpi without mpicc: a clear error" grep -q "mpicc was not found" "$T/cnompi.err"
fi

if ! command -v mpicc > /dev/null 2>&1 || ! command -v mpirun > /dev/null 2>&1; then
    echo "mpi: skipped the MPI runs: no mpicc and mpirun here (Debian: apt-get install libopenmpi-dev openmpi-bin)"
    summary
fi

corpus="tests/mpi tests/irregular/iota_in_map.fut tests/irregular/concat_rows.fut tests/irregular/segment_sums.fut
        tests/irregular/scan_in_map.fut tests/flatten/segred_long.fut tests/flatten/versions.fut"
# each program compiled once, each case run on each rank count
# shellcheck disable=SC2086
"$WEFT" test --backend=mpi --ranks=1,2,3 $corpus > "$T/test.log" 2>&1
grep -q " 0 failed" "$T/test.log" || cat "$T/test.log"
add_counts "$T/test.log"
# weft test --ranks=LIST: each case once per count, its failures named by their count
printf -- '-- ==\n-- input { 3i64 }\n-- output { 4i64 }\nentry main (n: i64) = n\n' > "$T/wrong.fut"
"$WEFT" test --backend=mpi --ranks=1,3 "$T/wrong.fut" > "$T/wrong.log" 2>&1
check "weft test --ranks=1,3: a wrong case fails on 1 rank" grep -q "case #1 (mpi, --ranks=1)" "$T/wrong.log"
check "weft test --ranks=1,3: and on 3" grep -q "case #1 (mpi, --ranks=3)" "$T/wrong.log"
check "weft test --ranks=1,3: two runs" grep -q "^0 passed, 2 failed" "$T/wrong.log"
# the flattened versions of irregular reductions (segments split across ranks by their points)
"$WEFT" test --backend=mpi --ranks=2,3 --thresholds=1099511627776 tests/mpi/segments.fut \
    tests/irregular/segment_sums.fut > "$T/flat.log" 2>&1
grep -q " 0 failed" "$T/flat.log" || cat "$T/flat.log"
add_counts "$T/flat.log"

# exchanges too big for one MPI call (over WF_MPI_MAX_BYTES, 2^31 - 1 bytes; here 24): each
# rank's block broadcast in pieces, the input too
"$WEFT" test --backend=mpi --ranks=2,3 "--cc=mpicc -O1 -DWF_MPI_MAX_BYTES=24" tests/mpi \
    tests/irregular/segment_sums.fut > "$T/pieces.log" 2>&1
grep -q " 0 failed" "$T/pieces.log" || cat "$T/pieces.log"
add_counts "$T/pieces.log"

# the harness on 3 ranks: results once, rank 0's times, a failure in rank 2's part
mpirun="mpirun --oversubscribe"
[ "$(id -u)" = 0 ] && mpirun="$mpirun --allow-run-as-root"
"$WEFT" multicore --mpi tests/mpi/rows.fut -o "$T/rows" && "$WEFT" multicore tests/mpi/rows.fut -o "$T/rows1" ||
    fail "weft multicore (--mpi) tests/mpi/rows.fut"
input='[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]'
echo "$input" | "$T/rows1" > "$T/rows1.out"
echo "$input" | $mpirun -np 3 "$T/rows" -r 3 -t "$T/times" > "$T/rows.out" 2> "$T/rows.err"
check "3 ranks print the results once, as one process does" cmp "$T/rows1.out" "$T/rows.out"
check "-t: one time per run, from rank 0" [ "$(wc -l < "$T/times")" -eq 3 ]
"$WEFT" multicore --mpi tests/mpi/failure.fut -o "$T/failure" || fail "weft multicore --mpi tests/mpi/failure.fut"
echo '[1, 2, 3, 4, 5, 6] 7i64' | $mpirun -np 3 "$T/failure" > "$T/failure.out" 2> "$T/failure.err"
status=$?
check "a failure in one rank's part: exit status 2 (not $status)" [ "$status" -eq 2 ]
check "a failure in one rank's part: its message" grep -q "failure.fut:6:44: Error: Index \[6\] out of bounds" \
    "$T/failure.err"
summary
