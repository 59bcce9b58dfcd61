#!/bin/sh
# compiled_recursion.sh — recursive functions on the compiled backends (their results are checked
# by the programs' own -- == blocks, tests/language/recursion*.fut, on every backend): here, that
# unbounded recursion fails cleanly on c and multicore, at the top level and inside a parallel map
# (exit 2, "recursion too deep" at the recursive call's location, no crash), that a function
# updates a unique array parameter in place, that a function argument changing at every call is
# a located compile error, and that weft cuda makes device functions of them that kernels call,
# whose code compiles (the host part with cc, the kernels with nvcc when it is installed).
. "$(dirname "$0")/lib.sh"
cat > "$T/deep.fut" <<'PROG'
def count (n: i64) : i64 = if n == 0 then 0 else 1 + count (n - 1)
entry top (n: i64) = count n
entry inmap (ns: []i64) = map count ns
PROG
for be in c multicore; do
    check "weft $be compiles a recursive program" "$WEFT" $be "$T/deep.fut" -o "$T/deep_$be" || continue
    for run in "top 10000 10000i64" "inmap [1,10000,3,20000] [1i64, 10000i64, 3i64, 20000i64]"; do
        set -- $run
        echo "$2" | "$T/deep_$be" -e "$1" > "$T/out" 2>&1
        shift 2
        check "weft $be: a deep but bounded recursion: $(head -c 200 "$T/out")" [ "$(cat "$T/out")" = "$*" ]
    done
    for run in "top 1000000000" "inmap [1,2,3,1000000000,5,6,7,8]"; do
        set -- $run
        echo "$2" | "$T/deep_$be" -e "$1" > "$T/out" 2>&1
        rc=$?
        check "weft $be: $1 of an unbounded recursion exits 2 (got $rc)" [ $rc -eq 2 ]
        check "weft $be: $1: $(head -c 200 "$T/out")" \
            grep -q "deep.fut:1:54: Error: recursion too deep: the stack is exhausted" "$T/out"
    done
done

# a unique parameter is the callee's: its updates write in place, copying nothing
prog=tests/language/recursion_inplace.fut
if check "weft c --no-cc $prog" "$WEFT" c --no-cc "$prog" -o "$T/inplace"; then
    awk '/^static int fn_.*\) \{$/,/^}$/' "$T/inplace.c" > "$T/fns"
    check "$prog: the functions are there" grep -q "fn_rev_in" "$T/fns"
    check_not "$prog: an update in a function copies its array" grep -q "copies" "$T/fns"
fi

# a function argument that changes at every recursive call: a located type error (Futhark's
# rule: higher-order arguments are passed unchanged), not endless specialisation
cat > "$T/spec.fut" <<'PROG'
def f (g: i32 -> i32) (n: i32) : i32 = if n == 0 then g 0 else f (g >-> (+1)) (n - 1)
entry main (n: i32) = f (+1) n
PROG
for be in c multicore cuda; do
    check_not "weft $be: an ever-changing function argument is refused" "$WEFT" $be --no-cc "$T/spec.fut" -o "$T/spec" > "$T/out" 2>&1
    check "weft $be: $(head -n 1 "$T/out")" grep -q "spec.fut:1:67: error: The higher-order argument 1 of the recursive call of \"f\" must be passed unchanged" "$T/out"
done

INC=$(cuda_include_dir)
for prog in tests/language/recursion*.fut "$T/deep.fut"; do
    name=$(basename "$prog" .fut)
    check "weft cuda --no-cc $prog" "$WEFT" cuda --no-cc "$prog" -o "$T/$name" || continue
    check "$prog: a device function" grep -q "^__device__ static int fn_" "$T/$name.cu"
    check "$prog: a kernel calls it at depth 1" grep -q "int rc_ = fn_[a-z_0-9]*(ctx, 1," "$T/$name.cu"
    if [ -f "$INC/cuda_runtime_api.h" ]; then
        check "$prog: the host code compiles" $CC -fsyntax-only -std=c11 -Wall -Wextra -Werror -I"$INC" "$T/$name.c"
        check "$prog: the kernels compile (nvcc)" nvcc -c --gpu-architecture=sm_90 "$T/$name.cu" -o "$T/$name.o"
    fi
done
summary
