#!/bin/sh
# tuning_params.sh — #[param(NAME)] e on the compiled backends (src/core/internalise.c
# tuning_param, CE_TUNING; docs/EXECUTABLES.md): tests/language/tuning_param.fut's executable
# lists its parameters with --print-params (unset ones as comments, so that weft autotune and a
# tuning file ignore them), takes them from --param and --tuning (negative values too, as the
# interpreter reads them; thresholds stay non-negative), and then gives the interpreter's results
# with the same tuning file; a #[param] on a value that is not an integer is a located error at
# compile time.  The cases of tuning_param.fut run on every backend in make check.
. "$(dirname "$0")/lib.sh"
P=tests/language/tuning_param.fut
"$WEFT" c "$P" -o "$T/tp" > "$T/cc.out" 2>&1 || { cat "$T/cc.out"; fail "weft c $P"; summary; }

"$T/tp" --print-params > "$T/params" 2>&1
check "--print-params: every #[param] unset, as a comment: $(tr '\n' '|' < "$T/params")" \
    sh -c "[ \$(grep -c '^-- [a-z]*: not set' '$T/params') = 6 ] && ! grep -q = '$T/params'"
"$T/tp" --param width=-12 --tuning "$P.tuning" --print-params > "$T/params" 2>&1
check "--param and --tuning set them, the later wins: $(tr '\n' '|' < "$T/params")" \
    sh -c "grep -qx 'width=3' '$T/params' && grep -qx 'small=-5' '$T/params' && grep -q '^-- bar: not set' '$T/params'"
echo '[1i64, 2i64]' | "$T/tp" -e in_map --param width=-12 --param small=40 > "$T/out" 2>&1
printf 'width=-12\nsmall=40\n' > "$T/tuning"
echo '[1i64, 2i64]' | "$WEFT" run -e in_map --tuning "$T/tuning" "$P" > "$T/ref" 2>&1
check "in_map with width=-12, small=40 as the interpreter: $(tr '\n' ' ' < "$T/out")" cmp -s "$T/out" "$T/ref"
check_not "--param foo=abc is an error" sh -c "echo 2i64 | '$T/tp' -e foo --param foo=abc 2> '$T/err'"
check "its message names the parameter: $(cat "$T/err")" grep -q "tuning parameter 'foo' must be an integer" "$T/err"

printf 'entry main (x: f64) = #[param(scale)] x * 2\n' > "$T/float.fut"
check_not "weft c: #[param] on an f64 fails" sh -c "'$WEFT' c '$T/float.fut' -o '$T/float' 2> '$T/err'"
check "with a location and the reason: $(head -n 1 "$T/err")" \
    grep -q "float.fut:1:23: error: #\[param(scale)\] on a value of type f64: a tuning parameter is an integer" "$T/err"
summary
