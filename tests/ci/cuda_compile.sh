#!/bin/sh
# cuda_compile.sh — the CUDA backend without a GPU (run by .ci/run and `make check-cuda-compile`):
# every program of the corpus (tests/ and examples/) that `weft c --no-cc` compiles must give
# `weft cuda --no-cc` output that compiles: the host part OUT.c with cc (-Wall -Wextra -Werror,
# CUDA's headers), the kernels OUT.cu with nvcc (all to PTX, a sample through ptxas for sm_90;
# below).  nvcc's fixed cost is paid once per CPU: the programs' kernels are compiled together
# in a few translation units, each program in a C++ namespace of its own (their extern "C"
# launchers made plain for this check).  One check per program, one more per program of the
# ptxas sample; skipped (no checks) without nvcc.
# tests/mpi's programs also with --mpi (where mpicc is: its flags for the host code).
. "$(dirname "$0")/../scripts/lib.sh"
ARCH=${CUDA_ARCH:-sm_90}
if ! command -v nvcc > /dev/null 2>&1; then
    echo "cuda_compile: nvcc not found, skipped"
    summary
fi
INC=$(cuda_include_dir)
if [ ! -f "$INC/cuda_runtime_api.h" ]; then
    echo "cuda_compile: nvcc found but not CUDA's headers (cuda_runtime_api.h, in nvcc's INCLUDES or beside nvcc): an incomplete toolkit, skipped"
    summary
fi
TMP=$T
n=0
marker='/* ---- the program'"'"'s GPU regions ---- */'
: > "$TMP/list"
for prog in $(find tests examples -name '*.fut' | sort); do
    case $prog in tests/programs/hof_partial.fut) continue ;; esac # see c_excluded in src/driver/test.c
    "$WEFT" c --no-cc "$prog" -o "$TMP/probe" > /dev/null 2>&1 || continue
    n=$((n + 1))
    out="$TMP/p$n"
    if ! "$WEFT" cuda --no-cc "$prog" -o "$out" > "$TMP/err" 2>&1; then
        fail "$prog: weft cuda"; sed 's/^/  /' "$TMP/err" | head -20
        continue
    fi
    if ! cc -fsyntax-only -std=c11 -Wall -Wextra -Werror -I"$INC" "$out.c" > "$TMP/err" 2>&1; then
        fail "$prog: the host code (cc)"; sed 's/^/  /' "$TMP/err" | head -20
        continue
    fi
    echo "$n $prog" >> "$TMP/list"
    # weft cuda --mpi (docs/MPI.md) of tests/mpi, where mpicc gives MPI's flags
    case $prog in tests/mpi/*) command -v mpicc > /dev/null 2>&1 || continue ;; *) continue ;; esac
    n=$((n + 1))
    out="$TMP/p$n"
    if ! "$WEFT" cuda --mpi --no-cc "$prog" -o "$out" > "$TMP/err" 2>&1; then
        fail "$prog: weft cuda --mpi"; sed 's/^/  /' "$TMP/err" | head -20
        continue
    fi
    # shellcheck disable=SC2046
    if ! cc -fsyntax-only -std=c11 -Wall -Wextra -Werror -I"$INC" $(mpicc --showme:compile) "$out.c" > "$TMP/err" 2>&1; then
        fail "$prog: the host code of weft cuda --mpi (cc)"; sed 's/^/  /' "$TMP/err" | head -20
        continue
    fi
    echo "$n $prog --mpi" >> "$TMP/list"
done
# The kernels in JOBS translation units compiled side by side (JOBS: the CPUs, at most 4), each
# the runtime part once, then each of its programs in a namespace.  Every unit goes through
# nvcc's front end and the host compiler, to PTX for the virtual architecture (compute_XX): that
# checks the CUDA C++ of every program.  ptxas, nine tenths of nvcc's time on this code even at
# -O0 (about 4 s a program), runs on a sample: every PTXAS_EVERY-th program (default 10) in one
# more unit compiled for the real architecture, which checks what only ptxas knows (shared and
# local memory per kernel, launch bounds).  Device code unoptimised (cicc and ptxas at -O0:
# this checks that the code compiles).  A unit that fails is compiled again program by program
# to name the culprits.
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
[ "$JOBS" -gt 4 ] && JOBS=4
PTXAS_EVERY=${PTXAS_EVERY:-10}
VIRTUAL=compute_${ARCH#sm_}
NVCC_PTX="nvcc -O0 -Xcicc -O0 --gpu-architecture=$VIRTUAL --gpu-code=$VIRTUAL"
NVCC_FULL="nvcc -O0 -Xcicc -O0 -Xptxas -O0 --gpu-architecture=$ARCH"
pattern=$(printf '%s' "$marker" | sed 's/[*/]/\\&/g')
first=$(head -n 1 "$TMP/list" | cut -d' ' -f1)
# unit NAME: $TMP/NAME.cu from the programs of $TMP/NAME.list
unit() {
    sed "/^$pattern\$/q" "$TMP/p$first.cu" > "$TMP/$1.cu"
    while read -r k prog; do
        echo "namespace p$k {" >> "$TMP/$1.cu"
        sed -n "/^$pattern\$/,\$p" "$TMP/p$k.cu" | sed 's/^\( *\)extern "C" /\1/' >> "$TMP/$1.cu"
        echo "}" >> "$TMP/$1.cu"
    done < "$TMP/$1.list"
}
# verdict NAME NVCC WHAT: one check per program of unit NAME, compiled with NVCC
verdict() {
    if [ -f "$TMP/$1.ok" ]; then
        while read -r k prog; do pass; done < "$TMP/$1.list"
        return
    fi
    while read -r k prog; do
        if $2 -c "$TMP/p$k.cu" -o "$TMP/p$k.o" > "$TMP/err" 2>&1; then
            pass
        else
            fail "$prog: the kernels ($3)"; grep -v '^$' "$TMP/err" | sed 's/^/  /' | head -20
        fi
    done < "$TMP/$1.list"
}
if [ -n "$first" ]; then
    j=0
    while [ $j -lt "$JOBS" ]; do
        awk -v j=$j -v n="$JOBS" '(NR - 1) % n == j' "$TMP/list" > "$TMP/u$j.list"
        j=$((j + 1))
    done
    awk -v n="$PTXAS_EVERY" '(NR - 1) % n == 0' "$TMP/list" > "$TMP/sample.list"
    for u in $(ls "$TMP" | sed -n 's/^\(u[0-9]*\)\.list$/\1/p') sample; do
        [ -s "$TMP/$u.list" ] || continue
        unit "$u"
        case $u in sample) cmd=$NVCC_FULL ;; *) cmd=$NVCC_PTX ;; esac
        $cmd -c "$TMP/$u.cu" -o "$TMP/$u.o" > "$TMP/$u.err" 2>&1 && touch "$TMP/$u.ok" &
    done
    wait
    for u in $(ls "$TMP" | sed -n 's/^\(u[0-9]*\)\.list$/\1/p'); do
        [ -s "$TMP/$u.list" ] && verdict "$u" "$NVCC_PTX" "nvcc to $VIRTUAL"
    done
    [ -s "$TMP/sample.list" ] && verdict sample "$NVCC_FULL" "ptxas for $ARCH"
fi
echo "cuda_compile: $n programs, kernels to $VIRTUAL, every ${PTXAS_EVERY}th through ptxas for $ARCH"
summary
