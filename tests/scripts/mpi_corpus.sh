#!/bin/sh
# mpi_corpus.sh [WEFT-TEST-ARGS...] — the whole test corpus (tests and examples, or the paths
# and `weft test` options given) on weft multicore --mpi under Open MPI's mpirun on 1, 2 and 3
# ranks (`weft test --backend=mpi --ranks=1,2,3`: one compilation per program, each case run on
# each rank count), docs/MPI.md: every case must give the single-process result on every rank
# count, sizes below the rank count and empty inputs included.  Prints the failures, one line of
# counts per rank count and "mpi_corpus: N passed, M failed".  Slow (docs/MPI.md says how
# slow): part of `make check-full` (tests/run.sh's BACKEND_FULL_SCRIPTS), not of `make check`, whose
# tests/scripts/mpi.sh runs a representative set.  Without mpicc and mpirun it checks nothing.
. "$(dirname "$0")/lib.sh"

if ! command -v mpicc > /dev/null 2>&1 || ! command -v mpirun > /dev/null 2>&1; then
    echo "mpi_corpus: skipped: no mpicc and mpirun here (Debian: apt-get install libopenmpi-dev openmpi-bin)"
    summary
fi
rank_counts="1 2 3"
[ $# -gt 0 ] || set -- tests examples
start=$(date +%s)
# OpenMP threads that spin while they wait take the CPU from the other ranks (tests/run.sh)
OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive} "$WEFT" test --backend=mpi --ranks="$(echo $rank_counts | tr ' ' ,)" "$@" \
    > "$T/test.log" 2>&1
grep -v -E '^[0-9]+ passed, [0-9]+ failed' "$T/test.log"
add_counts "$T/test.log"
# every case runs once per rank count, so each count has a third of the runs; a program that
# does not compile fails its cases on every count (the failures not named by a count)
runs=$(((checks_passed + checks_failed) / 3))
named=0
for n in $rank_counts; do
    named=$((named + $(grep -c -E "^FAIL .*\(mpi, --ranks=$n[,)]" "$T/test.log")))
done
unnamed=$(((checks_failed - named) / 3))
for n in $rank_counts; do
    failed=$(($(grep -c -E "^FAIL .*\(mpi, --ranks=$n[,)]" "$T/test.log") + unnamed))
    echo "mpi_corpus: $n rank(s): $((runs - failed)) passed, $failed failed"
done
echo "mpi_corpus: $(($(date +%s) - start)) s"
summary
