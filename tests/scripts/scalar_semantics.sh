#!/bin/sh
# scalar_semantics.sh — the scalar operators of src/scalar/scalar.h through every evaluator at
# once: the interpreter (`weft run`), the core evaluator (`weft dev --print=core --run`), the
# constant folder (`--after=all` on constant operands), and the programs of `weft c` and
# `weft multicore` (with their default cc flags: -O3 -march=native).
#  1. every operator of the table is exercised here (or, for those only the compiler emits,
#     by tests/unit/test_scalar.c);
#  2. tests/scalar/cases.txt, results worked out by hand: each evaluator must print exactly
#     the expected value (NaN as NaN); the folder must fold every case it may (all but math
#     library functions on floats, NaN operands or results), and the folded constants compiled
#     by `weft c` must print the same;
#  3. every operator on every type it applies to, over the cross product of each type's edge
#     values (extremes, -1, 0, shifts by the width and more, NaN, infinities, -0.0, floats
#     beyond the integer ranges), and the math functions on thousands of ordinary values too:
#     all evaluators must print the same bits (NaN as NaN);
#  4. an integer division by zero fails in each (exit 2, "division by zero"), and so does a
#     signed integer `**` of a negative exponent ("negative exponent"); the folder leaves both
#     to run time;
#  5. the CUDA code `weft cuda` generates for 3 compiles with nvcc (skipped without nvcc).
. "$(dirname "$0")/lib.sh"
CASES=tests/scalar/cases.txt
TABLE=src/scalar/scalar.h
passed=0
check() { # check OK MESSAGE: count a pass, or a failure with MESSAGE
    if [ "$1" = 0 ]; then passed=$((passed + 1)); else fail "$2"; fi
}

# ---- 1. the operators of the table, and which ones depend on the math library ----
sed -n 's/^ *X([A-Z0-9_]*, "\([a-z0-9_]*\)", \([0-9]\), \([^,]*\),.*/\1 \2 \3/p' "$TABLE" > "$T/ops"
[ -s "$T/ops" ] || fail "no operators found in $TABLE"
sed -n '/^#define SCALAR_MATH(X)/,/^$/s/^ *X([A-Z0-9_]*, "\([a-z0-9_]*\)", \([0-9]\),.*/\1 \2/p' "$TABLE" > "$T/math"
libm=$(awk '/OPF_LIBM/ { printf "%s ", $1 }' "$T/ops")
# operators reached from the source below (the math functions: all of SCALAR_MATH)
reached="add sub mul div mod quot rem pow min max and or xor shl shr ushr eq ne lt le gt ge neg not
convert bitcast isnan isinf popc clz ctz mul_hi $(cut -d' ' -f1 "$T/math")"
unit_only="select" # tests/unit/test_scalar.c
for op in $(cut -d' ' -f1 "$T/ops"); do
    echo " $reached $unit_only " | tr '\n' ' ' | grep -q " $op " || fail "operator $op is not tested"
done

# compile PROG.fut OUT: weft c and weft multicore (default cc flags; the runtime built once),
# into the executables OUT.c and OUT.mc
compile() {
    "$WEFT" c "$1" -o "$2.c" --rts-obj "$T/rts.o" > "$T/cc.err" 2>&1 || { fail "weft c $1: $(head -c 600 "$T/cc.err")"; return 1; }
    "$WEFT" multicore "$1" -o "$2.mc" --rts-obj "$T/rts.o" > "$T/cc.err" 2>&1 || { fail "weft multicore $1: $(head -c 600 "$T/cc.err")"; return 1; }
}
# run_all PROG.fut EXE INPUT: each evaluator's output into $T/out.{interp,core,c,mc}
run_all() {
    "$WEFT" run "$1" < "$3" > "$T/out.interp" 2>&1
    "$WEFT" dev --print=core --run "$1" < "$3" > "$T/out.core" 2>&1
    "$2.c" < "$3" > "$T/out.c" 2>&1
    "$2.mc" < "$3" > "$T/out.mc" 2>&1
}

# ---- 2. the hand-worked cases ----
# cases.fut: main takes every case's operands and returns every case's result;
# consts.fut: the same with the operands written as constants, for the folder.
awk -v cases="$T/cases.fut" -v consts="$T/consts.fut" -v input="$T/cases.in" -v want="$T/cases.want" \
    -v foldable="$T/cases.foldable" -v libm=" $libm " '
function ptype(lit) { # the type of a literal operand
    if (lit ~ /^(true|false)$/) return "bool"
    if (match(lit, /(i8|i16|i32|i64|u8|u16|u32|u64|f16|f32|f64)$/)) return substr(lit, RSTART)
    if (match(lit, /f(16|32|64)\./)) return substr(lit, RSTART, 3)
    return "?"
}
function trim(s) { gsub(/^ +| +$/, "", s); return s }
/^#/ || !/[^ ]/ { next }
{
    c = index($0, " : "); e = index($0, " = ")
    expr = trim(substr($0, 1, c - 1)); n = split(trim(substr($0, c + 3, e - c - 3)), arg, " ")
    k++
    params = ""; lam = ""; call = ""; ccall = ""; nan = 0
    for (i = 1; i <= n; i++) {
        v = "a" k "_" i; name = substr("xyz", i, 1)
        params = params " (" v ": " ptype(arg[i]) ")"
        lam = lam " " name; call = call " " v; ccall = ccall " (" arg[i] ")"
        print arg[i] > input
        nan = nan || arg[i] ~ /nan/
    }
    result = trim(substr($0, e + 3))
    print result > want
    body = body (k > 1 ? ",\n   " : "    ") "(\\" substr(lam, 2) " -> " expr ")" call
    cbody = cbody (k > 1 ? ",\n   " : "    ") "(\\" substr(lam, 2) " -> " expr ")" ccall
    # the folder leaves math library functions on floats, NaN operands and NaN results alone
    lib = 0
    if (ptype(arg[1]) ~ /^f/) {
        if (expr ~ /\*\*/) lib = 1
        if (match(expr, /^f(32|64)\.[a-z0-9_]+/)) { f = substr(expr, 5, RLENGTH - 4); if (index(libm, " " f " ")) lib = 1 }
    }
    print (nan || lib || result ~ /nan/) ? 0 : 1 > foldable
    all_params = all_params params
}
END {
    print "entry main" all_params " =\n  (" substr(body, 4) ")" > cases
    print "entry main =\n  (" substr(cbody, 4) ")" > consts
}' "$CASES"
ncases=$(wc -l < "$T/cases.want")

check_cases() { # check_cases WHAT OUTPUT: OUTPUT has the expected lines
    if [ "$(wc -l < "$2")" != "$ncases" ]; then
        fail "$1 on $CASES: $(wc -l < "$2") results for $ncases cases: $(head -c 400 "$2")"
        return
    fi
    paste -d'|' "$T/cases.want" "$2" | awk -F'|' -v what="$1" '$1 != $2 { print NR }' > "$T/bad"
    for i in $(cat "$T/bad"); do
        fail "$1: $(grep -v '^#' "$CASES" | grep '[^ ]' | sed -n "${i}p") — got $(sed -n "${i}p" "$2")"
    done
    [ -s "$T/bad" ] || passed=$((passed + 1))
}
if compile "$T/cases.fut" "$T/cases"; then
    run_all "$T/cases.fut" "$T/cases" "$T/cases.in"
    for ev in interp core c mc; do check_cases "$ev" "$T/out.$ev"; done
fi
# the folder: every foldable case's result is a constant of the optimised core program
"$WEFT" dev --print=core --after=all "$T/consts.fut" > "$T/consts.core" 2>&1 || fail "dev --after=all: $(head -c 400 "$T/consts.core")"
sed -n 's/^  in (\(.*\))$/\1/p' "$T/consts.core" | tail -n 1 | sed 's/, /\n/g' > "$T/consts.atoms"
paste -d' ' "$T/cases.foldable" "$T/consts.atoms" | awk '
    { const = $2 ~ /^(-?[0-9]|-?f(16|32|64)\.|true$|false$)/ }
    $1 == 1 && !const { print NR ": not folded (" $2 ")" }
    $1 == 0 && const { print NR ": folded to " $2 ", which depends on the math library or a NaN" }' > "$T/bad"
while read -r line; do
    i=${line%%:*}
    fail "folder: $(grep -v '^#' "$CASES" | grep '[^ ]' | sed -n "${i}p"): ${line#*: }"
done < "$T/bad"
[ -s "$T/bad" ] || passed=$((passed + 1))
"$WEFT" dev --print=core --after=all --run "$T/consts.fut" < /dev/null > "$T/out.fold" 2>&1
check_cases "folder" "$T/out.fold"
if "$WEFT" c "$T/consts.fut" -o "$T/consts" --rts-obj "$T/rts.o" > "$T/cc.err" 2>&1; then
    "$T/consts" < /dev/null > "$T/out.foldc" 2>&1
    check_cases "folded constants in C" "$T/out.foldc"
else
    fail "weft c on the folded cases: $(head -c 400 "$T/cc.err")"
fi

# ---- 3. every operator on every type, over the cross product of edge values ----
cat > "$T/edges" <<'EOF'
i8 -128 -127 -2 -1 0 1 2 3 7 8 9 100 127
i16 -32768 -32767 -2 -1 0 1 2 15 16 17 255 32767
i32 -2147483648 -2147483647 -7 -2 -1 0 1 2 7 31 32 33 65536 2147483647
i64 -9223372036854775808 -9223372036854775807 -7 -2 -1 0 1 2 7 63 64 65 4294967296 9223372036854775807
u8 0 1 2 3 7 8 9 127 128 254 255
u16 0 1 2 15 16 17 255 32767 32768 65535
u32 0 1 2 7 31 32 33 2147483647 2147483648 4294967295
u64 0 1 2 7 63 64 65 4294967296 9223372036854775807 9223372036854775808 18446744073709551615
f32 -0.0 0.0 1.0 -1.0 0.5 -1.5 2.5 3.0 0.1 1e-45 1.1754944e-38 3.4028234663852886e38 inf -inf nan 16777217.0 -129.7 300.5 255.9 2147483648.0 4294967296.0 9.3e18 2e19 -2.5e-3
f64 -0.0 0.0 1.0 -1.0 0.5 -2.5 1.5 0.1 5e-324 2.2250738585072014e-308 1.7976931348623157e308 inf -inf nan 9223372036854775808.0 -9223372036854775808.0 -9.3e18 1.9e19 18446744073709551616.0 709.5 710.0 -745.1 300.7 -129.5 2147483648.0 4294967296.5 1e-8
f16 -0.0 0.0 1.0 -1.0 0.5 -1.5 2.5 3.0 0.1 5.960464477539063e-08 6.1035156e-05 65504.0 inf -inf nan 2049.0 -129.7 300.5 255.9 0.333 -2.5e-3 0.00048828125
bool false true
EOF
ints="i8 i16 i32 i64 u8 u16 u32 u64"
nums="$ints f16 f32 f64"
# agree.fut: main takes, per type T, the arrays x_T and y_T (every pair of edge values), z_T
# (a third operand), d_T (y_T with 1 for 0: divisors), u_T (the edge values), and for floats
# p_T and q_T: 3000 ordinary values each, where math functions round differently if they are
# computed differently.  It returns one array per operator, type and operands.
# agree.labels: "T|ARRAYS|EXPRESSION" per result; vals.T.A: the values of array A_T, one a line.
awk -v prog="$T/agree.fut" -v input="$T/agree.in" -v labels="$T/agree.labels" -v nums="$nums" -v mathf="$T/math" -v dir="$T" '
function lit(v, t) { # a value as a literal of type t
    if (t == "bool") return v
    if (v == "nan" || v == "inf") return t "." v
    if (v == "-inf") return "-" t ".inf"
    return v t
}
function operand(t, a, vals, n,   s, i) { # the array a_T: a parameter, its input, its values
    params = params " (" a "_" t ": []" t ")"
    s = "["
    for (i = 1; i <= n; i++) {
        s = s (i > 1 ? ", " : "") lit(vals[i], t)
        print vals[i] > (dir "/vals." t "." a)
    }
    print s "]" > input
}
function res(t, arrays, expr,   n, a, r, i) { # the expression over the arrays, elementwise
    n = split(arrays, a, " ")
    r = (n == 1 ? "map" : "map" n) " (\\" substr("x y z", 1, 2 * n - 1) " -> " expr ")"
    for (i = 1; i <= n; i++) r = r " " a[i] "_" t
    body = body (nres++ ? ",\n   " : "    ") r
    print t "|" arrays "|" expr > labels
}
function ordinary(   k) { # a deterministic pseudo-random value, spread over several ranges
    seed = (seed * 1103515245 + 12345) % 2147483648
    k = seed / 2147483648
    return sprintf("%.17g", (++count % 4 == 0) ? k * 2 - 1 : (count % 4 == 1) ? k * 40 - 20 : (count % 4 == 2) ? k * 1500 - 750 : k * 1e6)
}
BEGIN {
    while ((getline line < mathf) > 0) { split(line, mf, " "); math[mf[1]] = mf[2] }
    nn = split(nums, num, " ")
    seed = 42
}
{
    t = $1; n = NF - 1
    for (i = 1; i <= n; i++) v[i] = $(i + 1)
    delete xs; delete ys; delete zs; delete ds; delete es; m = 0
    for (i = 1; i <= n; i++) for (j = 1; j <= n; j++) {
        m++; xs[m] = v[i]; ys[m] = v[j]; zs[m] = v[(i + j) % n + 1]; ds[m] = (v[j] == "0" ? "1" : v[j])
        es[m] = (t !~ /^f/ && v[j] ~ /^-/ ? "0" : v[j]) # integer exponents: not negative (part 4)
    }
    operand(t, "x", xs, m); operand(t, "y", ys, m); operand(t, "z", zs, m); operand(t, "d", ds, m); operand(t, "u", v, n)
    operand(t, "e", es, m)
    if (t == "bool") {
        split("&& || == != < <= > >=", bops, " ")
        for (b in bops) res(t, "x y", "x " bops[b] " y")
        res(t, "u", "!x")
        next
    }
    split("+ - * == != < <= > >=", bops, " ")
    for (b in bops) res(t, "x y", "x " bops[b] " y")
    res(t, "x e", "x ** y")
    res(t, "u", "-x")
    for (k = 1; k <= nn; k++) res(t, "u", num[k] "." t " x")
    if (t ~ /^f/) {
        delete ps; delete qs
        for (i = 1; i <= 3000; i++) { ps[i] = ordinary(); qs[i] = ordinary() }
        operand(t, "p", ps, 3000); operand(t, "q", qs, 3000)
        split("/ % // %%", fops, " ")
        for (b in fops) res(t, "x y", "x " fops[b] " y")
        for (f in math) {
            call = t "." f (math[f] == 1 ? " x" : math[f] == 2 ? " x y" : " x y z")
            res(t, math[f] == 1 ? "u" : math[f] == 2 ? "x y" : "x y z", call)
            res(t, math[f] == 1 ? "p" : math[f] == 2 ? "p q" : "p q p", call)
        }
        res(t, "p q", "x ** y")
        res(t, "x y", t ".min x y"); res(t, "x y", t ".max x y")
        res(t, "u", t ".isnan x"); res(t, "u", t ".isinf x"); res(t, "u", t ".to_bits x")
    } else {
        split("/ % // %%", dops, " ")
        for (b in dops) res(t, "x d", "x " dops[b] " y")
        split("& | ^ << >> >>>", iops, " ")
        for (b in iops) res(t, "x y", "x " iops[b] " y")
        res(t, "u", "!x")
        res(t, "u", t ".popc x"); res(t, "u", t ".clz x"); res(t, "u", t ".ctz x"); res(t, "x y", t ".mul_hi x y")
        if (t == "u16") res(t, "u", "f16.from_bits x")
        if (t == "u32") res(t, "u", "f32.from_bits x")
        if (t == "u64") res(t, "u", "f64.from_bits x")
    }
}
END { print "entry main" params " =\n  (" substr(body, 5) ")" > prog }' "$T/edges"

if compile "$T/agree.fut" "$T/agree"; then
    run_all "$T/agree.fut" "$T/agree" "$T/agree.in"
    nlabels=$(wc -l < "$T/agree.labels")
    for ev in core c mc; do
        if [ "$(wc -l < "$T/out.interp")" != "$nlabels" ] || [ "$(wc -l < "$T/out.$ev")" != "$nlabels" ]; then
            fail "edge values: interp and $ev printed $(wc -l < "$T/out.interp") and $(wc -l < "$T/out.$ev") results for $nlabels: $(head -c 300 "$T/out.$ev")"
            continue
        fi
        # the first element that differs in each result that differs, with its operands
        paste -d'|' "$T/out.interp" "$T/out.$ev" | awk -F'|' '$1 != $2 {
            n = split($1, a, ", "); split($2, b, ", ")
            for (k = 1; k <= n && a[k] == b[k]; k++) ;
            print NR, k, a[k], b[k] }' | sed 's/[][]//g' > "$T/bad"
        while read -r i k want got; do
            label=$(sed -n "${i}p" "$T/agree.labels")
            t=${label%%|*} arrays=${label#*|} expr=${label##*|}
            operands=""
            for a in ${arrays%%|*}; do operands="$operands $a=$(sed -n "${k}p" "$T/vals.$t.$a")"; done
            fail "$t: $expr with$operands: interp $want, $ev $got"
        done < "$T/bad"
        [ -s "$T/bad" ] || passed=$((passed + 1))
    done
fi

# ---- 4. integer division by zero and a negative exponent fail in every evaluator and are not folded ----
# fails NAME TYPE OP INPUT MESSAGE: `x OP y` on TYPE given INPUT fails with MESSAGE everywhere
fails() {
    printf 'entry main (x: %s) (y: %s) = x %s y\n' "$2" "$2" "$3" > "$T/$1.fut"
    printf '%s\n' "$4" > "$T/$1.in"
    compile "$T/$1.fut" "$T/$1" || return
    run_all "$T/$1.fut" "$T/$1" "$T/$1.in"
    for ev in interp core c mc; do
        grep -q "$5" "$T/out.$ev"; check $? "$5 on $ev: $(head -c 300 "$T/out.$ev")"
    done
}
fails div0 i32 / '1 0' "division by zero"
fails powneg i64 '**' '1 -1' "negative exponent"
printf 'entry main : i32 = 1 / 0\n' > "$T/div0c.fut"
"$WEFT" dev --print=core --after=all "$T/div0c.fut" 2>&1 | grep -q ' = div i32 1i32 0i32'
check $? "the folder folded 1 / 0"
printf 'entry main : i64 = 2 ** -1\n' > "$T/powc.fut"
"$WEFT" dev --print=core --after=all "$T/powc.fut" 2>&1 | grep -q ' = pow i64 2i64 -1i64'
check $? "the folder folded 2 ** -1"

# ---- 5. the CUDA kernels of the edge-value program compile ----
if command -v nvcc > /dev/null 2>&1; then
    if "$WEFT" cuda --no-cc "$T/agree.fut" -o "$T/agree_cuda" > "$T/cu.err" 2>&1 &&
        nvcc -O1 --gpu-architecture="${CUDA_ARCH:-sm_90}" -c "$T/agree_cuda.cu" -o "$T/agree_cuda.o" > "$T/cu.err" 2>&1; then
        passed=$((passed + 1))
    else
        fail "weft cuda on the edge-value program: $(head -c 600 "$T/cu.err")"
    fi
else
    echo "$script_name: nvcc not found, the CUDA compile check skipped"
fi

checks_passed=$((checks_passed + passed))
summary
