#!/bin/sh
# bench/mpi/finpar.sh — weft multicore --mpi against weft multicore on FinPar (docs/MPI.md,
# docs/PERFORMANCE.md "MPI ranks against OpenMP threads"): OptionPricing medium and LocVolCalib
# small, P cores used as 1 process x P threads (without and with --mpi) and P ranks x 1 thread.
# Interleaved rounds (ROUNDS, default 5): each round runs every configuration once with -r 3
# (three timed runs after a warm-up); prints the median of all timed runs (microseconds) of each.
# Needs mpicc and Open MPI's mpirun.  Usage: sh bench/mpi/finpar.sh [P]
set -eu
cd "$(dirname "$0")/../.."
P=${1:-2}
ROUNDS=${ROUNDS:-5}
WEFT=${WEFT:-bin/weft}
T=$(mktemp -d "${TMPDIR:-/tmp}/weft-mpi-bench-XXXXXX")
trap 'rm -rf "$T"' EXIT
MPIRUN="mpirun --oversubscribe --bind-to none"
[ "$(id -u)" = 0 ] && MPIRUN="$MPIRUN --allow-run-as-root"
median() { sort -n "$1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
for prog in optionpricing locvolcalib; do
    case $prog in
    optionpricing) in=data/finpar/OptionPricing-medium.in ;;
    locvolcalib) in=data/finpar/LocVolCalib-small.in ;;
    esac
    "$WEFT" multicore "examples/finpar/$prog.fut" -o "$T/$prog"
    "$WEFT" multicore --mpi "examples/finpar/$prog.fut" -o "$T/$prog-mpi"
    for round in $(seq "$ROUNDS"); do
        "$T/$prog" --num-threads "$P" -r 3 -t "$T/t" < "$in" > "$T/plain.out"
        cat "$T/t" >> "$T/$prog.plain"
        $MPIRUN -np 1 "$T/$prog-mpi" --num-threads "$P" -r 3 -t "$T/t" < "$in" > /dev/null
        cat "$T/t" >> "$T/$prog.threads"
        $MPIRUN -np "$P" "$T/$prog-mpi" --num-threads 1 -r 3 -t "$T/t" < "$in" > "$T/ranks.out"
        cat "$T/t" >> "$T/$prog.ranks"
        cmp -s "$T/plain.out" "$T/ranks.out" || echo "$prog: $P ranks' results differ from one process's"
    done
    echo "$prog: 1 x $P threads $(median "$T/$prog.plain") us, --mpi 1 rank x $P threads $(median "$T/$prog.threads") us," \
        "--mpi $P ranks x 1 thread $(median "$T/$prog.ranks") us"
done
