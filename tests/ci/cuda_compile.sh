#!/bin/sh
# cuda_compile.sh — the CUDA backend without a GPU (run by .ci/run and `make check-cuda-compile`):
# every program of the corpus (tests/ and examples/) that `weft c --no-cc` compiles must give
# `weft cuda --no-cc` output that compiles: the host part OUT.c with cc (-Wall -Wextra -Werror,
# CUDA's headers), the kernels OUT.cu with nvcc for sm_90.  nvcc's fixed cost is paid once per
# CPU: the programs' kernels are compiled together in a few translation units, each program in
# a C++ namespace of its own (their extern "C" launchers made plain for this check); if a unit
# fails, each of its programs is compiled alone to name the culprits.  One check per program; skipped (no checks) without nvcc.
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
# the kernels in JOBS translation units compiled side by side (JOBS: the CPUs, at most 4), each
# the runtime part once, then each of its programs in a namespace; device code unoptimised
# (cicc and ptxas at -O0: this checks that the code compiles, and halves nvcc's time)
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
[ "$JOBS" -gt 4 ] && JOBS=4
NVCC="nvcc -O1 -Xcicc -O0 -Xptxas -O0 --gpu-architecture=$ARCH"
pattern=$(printf '%s' "$marker" | sed 's/[*/]/\\&/g')
first=$(head -n 1 "$TMP/list" | cut -d' ' -f1)
if [ -n "$first" ]; then
    j=0
    while [ $j -lt "$JOBS" ]; do
        awk -v j=$j -v n="$JOBS" '(NR - 1) % n == j' "$TMP/list" > "$TMP/list$j"
        sed "/^$pattern\$/q" "$TMP/p$first.cu" > "$TMP/all$j.cu"
        while read -r k prog; do
            echo "namespace p$k {" >> "$TMP/all$j.cu"
            sed -n "/^$pattern\$/,\$p" "$TMP/p$k.cu" | sed 's/^\( *\)extern "C" /\1/' >> "$TMP/all$j.cu"
            echo "}" >> "$TMP/all$j.cu"
        done < "$TMP/list$j"
        if [ -s "$TMP/list$j" ]; then
            $NVCC -c "$TMP/all$j.cu" -o "$TMP/all$j.o" > "$TMP/err$j" 2>&1 && touch "$TMP/ok$j" &
        fi
        j=$((j + 1))
    done
    wait
    j=0
    while [ $j -lt "$JOBS" ]; do
        if [ -f "$TMP/ok$j" ]; then
            while read -r k prog; do pass; done < "$TMP/list$j"
        else # name the culprits: each program of the unit alone
            while read -r k prog; do
                if $NVCC -c "$TMP/p$k.cu" -o "$TMP/p$k.o" > "$TMP/err" 2>&1; then
                    pass
                else
                    fail "$prog: the kernels (nvcc)"; grep -v '^$' "$TMP/err" | sed 's/^/  /' | head -20
                fi
            done < "$TMP/list$j"
        fi
        j=$((j + 1))
    done
fi
echo "cuda_compile: $n programs, kernels for $ARCH"
summary
