# fp_semantics.sh — one floating-point semantics (docs/BACKENDS.md): programs built as users build
# them (weft c and weft multicore with their default C compiler, -O3 -march=native) give the
# interpreter's results bit for bit on tests/runtime/fp_contract.fut, whose cases differ when
# `a * b + c` is contracted into a fused multiply-add; `weft test` compiles a program with the
# flags of the real build; weft cuda asks nvcc for no contraction (--fmad=false) unless told.
. "$(dirname "$0")/lib.sh"
prog=tests/runtime/fp_contract.fut
in_sq='0.1f64 0.010000000000000002f64'
in_sq32='0.1f32 0.010000000707805157f32'
in_vec='[0.1f64, 0.2f64, 0.30000000000000004f64, 0.4f64, 0.5f64, 0.6000000000000001f64, 0.7000000000000001f64, 0.8f64]'
in_map="$in_vec [0.010000000000000002f64, 0.04000000000000001f64, 0.09000000000000002f64, 0.16000000000000003f64, 0.25f64, 0.3600000000000001f64, 0.4900000000000001f64, 0.6400000000000001f64]"
in_dot="$in_vec [0.3333333333333333f64, 0.25f64, 0.2f64, 0.16666666666666666f64, 0.14285714285714285f64, 0.125f64, 0.1111111111111111f64, 0.1f64]"
cases="sq_minus:in_sq sq_minus32:in_sq32 map_sq_minus:in_map dot:in_dot"

# run_all CMD...: every case's output, one line each
run_all() {
    for c in $cases; do
        eval "input=\$${c#*:}"
        echo "$input" | "$@" -e "${c%%:*}" 2>&1 | tr '\n' ' '
        echo
    done
}
run_all "$WEFT" run "$prog" > "$T/interp.out"
grep -q '^0u64 $' "$T/interp.out" && pass || fail "the interpreter's a * a - b is not 0: $(head -n 1 "$T/interp.out")"
for be in c multicore; do
    "$WEFT" $be "$prog" -o "$T/fp-$be" > "$T/cc.err" 2>&1 || { fail "weft $be: $(cat "$T/cc.err")"; continue; }
    run_all "$T/fp-$be" > "$T/$be.out"
    cmp -s "$T/interp.out" "$T/$be.out" && pass ||
        fail "weft $be differs from the interpreter: $(diff "$T/interp.out" "$T/$be.out" | tr '\n' ' ')"
done
# the cases can fail: on a machine with FMA, --fp-contract changes the first three (the dot
# product's loop-carried chain is left unfused by GCC's tuning for some CPUs)
if grep -qw fma /proc/cpuinfo 2> /dev/null; then
    "$WEFT" c --fp-contract "$prog" -o "$T/fp-fma" > /dev/null 2>&1 && pass || fail "weft c --fp-contract"
    run_all "$T/fp-fma" > "$T/fma.out"
    [ "$(head -n 3 "$T/interp.out" | paste -d '|' - "$T/fma.out" | awk -F '|' '$1 == $2' | wc -l)" = 0 ] && pass ||
        fail "weft c --fp-contract (fused multiply-adds) gives some of the interpreter's results: $(tr '\n' ' ' < "$T/fma.out")"
fi

# weft test builds the program with the real build's C compiler flags: the flags of every C
# compiler command, warnings, outputs and inputs left out, are those of weft c (weft test's
# default build logged through $WEFT_CC, weft c's documented fallback for --cc)
cat > "$T/cc.sh" <<'F'
echo "$@" >> "$CC_LOG"
exec "$@"
F
flags() { [ -f "$1" ] && tr ' ' '\n' < "$1" | grep '^-' | grep -v -e '^-W' -e '^-o$' -e '^-c$' -e '^-l' | sort -u | tr '\n' ' '; }
CC_LOG=$T/c.log "$WEFT" c --cc "sh $T/cc.sh cc -O3 -march=native" "$prog" -o "$T/fp-logged" > /dev/null 2>&1 && pass ||
    fail "weft c with a logging --cc"
CC_LOG=$T/test.log WEFT_CC="sh $T/cc.sh cc -O3 -march=native" "$WEFT" test --backend=c "$prog" > "$T/test.out" 2>&1 && pass ||
    fail "weft test --backend=c $prog: $(cat "$T/test.out")"
[ -s "$T/test.log" ] && [ "$(flags "$T/c.log")" = "$(flags "$T/test.log")" ] && pass ||
    fail "weft test compiles with '$(flags "$T/test.log")', weft c with '$(flags "$T/c.log")'"
grep -q -e '-ffp-contract=off' "$T/c.log" && pass || fail "weft c does not turn contraction off: $(cat "$T/c.log")"

# weft cuda: nvcc's flags (a logging stand-in for nvcc; no GPU needed)
for mode in "" --fp-contract --fast-math; do
    rm -f "$T/nvcc.log"
    CC_LOG=$T/nvcc.log "$WEFT" cuda $mode --nvcc "sh $T/cc.sh true" "$prog" -o "$T/fp-cu" > /dev/null 2>&1 && pass ||
        fail "weft cuda $mode"
    case $mode in
        "") want='--fmad=false -Xcompiler -ffp-contract=off' ;;
        --fp-contract) want='--fmad=true' ;;
        --fast-math) want='--use_fast_math' ;;
    esac
    grep -q -e "$want" "$T/nvcc.log" 2> /dev/null && pass || fail "weft cuda $mode: nvcc is not given $want: $(cat "$T/nvcc.log")"
done
# and --fmad=false is what keeps nvcc from contracting: PTX's mul.f64 and add.f64 without a
# rounding mode may be fused into an fma by ptxas; with --fmad=false every one carries .rn
if command -v nvcc > /dev/null 2>&1; then
    for fmad in false true; do
        nvcc --fmad=$fmad --gpu-architecture=sm_90 -ptx -o "$T/fp-$fmad.ptx" "$T/fp-cu.cu" > "$T/nvcc.err" 2>&1 && pass ||
            fail "nvcc -ptx --fmad=$fmad: $(head -n 5 "$T/nvcc.err")"
    done
    fusable='(fma\.rn|mul|add|sub)\.f(32|64)[[:space:]]'
    grep -Eq "$fusable" "$T/fp-false.ptx" && fail "nvcc --fmad=false: the kernels hold fusable arithmetic: $(grep -E "$fusable" "$T/fp-false.ptx" | head -n 3)"
    grep -q 'mul\.f64[[:space:]]' "$T/fp-true.ptx" && pass || fail "nvcc --fmad=true: no fusable f64 multiply in the kernels (the check above proves nothing)"
fi
summary
