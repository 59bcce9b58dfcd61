#!/bin/sh
# cli_help.sh — the command line documents itself, and its switches are options, not
# environment variables (issue 22):
#   1. `weft --help` and every `weft SUB --help` / `-h` exit 0; SUB's help names every option
#      its parser compares arguments against (read from the parser's source below, so an option
#      added without help fails here), and so does `weft --help`;
#   2. an unknown option is an error: exit 1, the option named, the command's usage after it;
#   3. a compiled executable's --help names every option of rts/runtime.c's table, and
#      docs/EXECUTABLES.md documents each;
#   4. the options that replaced environment variables work: weft dev -e (was WEFT_ENTRY),
#      --no-tiling (WEFT_TILING=0), --verify-passes (WEFT_VERIFY_PASSES=1), weft test --cc,
#      --wrap and --thresholds (WEFT_TEST_CC, WEFT_TEST_WRAP, WEFT_THRESHOLDS); the
#      executables' own --thresholds is checked by versions.sh.
. "$(dirname "$0")/lib.sh"

# SUB FILE FUNCTION...: where each subcommand's parser is (the functions that read its options)
PARSERS="check src/driver/pipeline.c cmd_check
run src/driver/pipeline.c cmd_run
dev src/driver/pipeline.c cmd_dev
c src/driver/compile.c compile_cmd common_option
multicore src/driver/compile.c compile_cmd common_option multicore_option
cuda src/driver/compile.c cmd_cuda common_option
test src/driver/test.c cmd_test
bench src/driver/bench.c parse_args
autotune src/driver/autotune.c parse_args"

# The option literals the functions compare arguments against: option_arg(tool, .., "-o"),
# option_value(a, "--backend"), strcmp(a, "--list"), strncmp(a, "--weft=", 7).
parser_options() {
    file=$1
    shift
    for fn in "$@"; do
        awk -v fn="$fn" '$0 ~ "^[a-zA-Z][a-zA-Z_ ]*[ *]" fn "\\(" && !/;$/ { on = 1 } on { print } on && /^}/ { on = 0 }' "$file"
    done | grep -oE '(option_arg|option_value|strn?cmp)\([^)]*"-[^"]*"' | grep -oE '"-[^"]*"$' | tr -d '"' | sed 's/=$//' |
        sort -u
}
# names TEXT-FILE OPTION: the file names the option as a word of its own
names() { grep -qE -- "(^|[^a-z-])$2([^a-z-]|\$)" "$1"; }

"$WEFT" --help > "$T/weft.help" 2>&1 && pass || fail "weft --help: exit status $?"
"$WEFT" -h > "$T/weft.h" 2>&1 && cmp -s "$T/weft.help" "$T/weft.h" && pass || fail "weft -h differs from weft --help"
while read -r sub file fns; do
    # shellcheck disable=SC2086
    parser_options "$file" $fns > "$T/$sub.options"
    grep -qE "^  weft $sub( |\$)" "$T/weft.help" && pass || fail "weft --help does not list $sub"
    "$WEFT" "$sub" --help > "$T/$sub.help" 2> "$T/$sub.err" < /dev/null && pass ||
        fail "weft $sub --help: exit status $?: $(cat "$T/$sub.err")"
    head -n 1 "$T/$sub.help" | grep -q "^usage: weft $sub " && pass ||
        fail "weft $sub --help does not start with its usage: $(head -n 1 "$T/$sub.help")"
    "$WEFT" "$sub" -h > "$T/$sub.h" 2>&1 < /dev/null && cmp -s "$T/$sub.help" "$T/$sub.h" && pass ||
        fail "weft $sub -h differs from weft $sub --help"
    while read -r opt; do
        names "$T/$sub.help" "$opt" && pass || fail "weft $sub --help does not name $opt"
        names "$T/weft.help" "$opt" && pass || fail "weft --help does not name $sub's $opt"
    done < "$T/$sub.options"
    "$WEFT" "$sub" --no-such-option tests/runtime/loop_for.fut > /dev/null 2> "$T/$sub.bad" < /dev/null
    rc=$?
    [ $rc = 1 ] && grep -qF "$sub: unknown option '--no-such-option'" "$T/$sub.bad" &&
        grep -q "^usage: weft $sub " "$T/$sub.bad" && pass ||
        fail "weft $sub --no-such-option: exit status $rc: $(head -n 2 "$T/$sub.bad")"
done <<EOF
$PARSERS
EOF
# the parsers were read: options found for every command that has some (check has none)
for sub in run dev c multicore cuda test bench autotune; do
    [ "$(wc -l < "$T/$sub.options")" -ge 2 ] && pass || fail "no options found in $sub's parser (the source moved? update PARSERS)"
done
grep -qx -- "-e" "$T/dev.options" && grep -qx -- "--no-tiling" "$T/cuda.options" && grep -qx -- "--wrap" "$T/test.options" &&
    pass || fail "parser_options misses options it should find: $(cat "$T/dev.options" "$T/cuda.options" "$T/test.options")"

# 3. the executables
cat > "$T/two.fut" <<'F'
-- ==
-- input { 3 } output { 4 }
entry main (x: i32) : i32 = x + 1
-- ==
-- entry: g
-- input { 3 } output { 30 }
entry g (x: i32) : i32 = x * 10
F
check "weft c two.fut" "$WEFT" c "$T/two.fut" -o "$T/two"
"$T/two" --help > "$T/exe.help" && pass || fail "the executable's --help: exit status $?"
sed -n 's/^ *{OPT_[A-Z_]*, *\(0\|'"'"'.'"'"'\), *"\([a-z-]*\)".*/\2/p' rts/runtime.c > "$T/exe.options"
[ "$(wc -l < "$T/exe.options")" -ge 15 ] && pass || fail "rts/runtime.c's option table not found: $(cat "$T/exe.options")"
while read -r opt; do
    names "$T/exe.help" "--$opt" && pass || fail "the executable's --help does not name --$opt"
    grep -qF -- "\`--$opt" docs/EXECUTABLES.md && pass || fail "docs/EXECUTABLES.md does not document --$opt"
done < "$T/exe.options"

# 4. the options that replaced environment variables
echo 3 > "$T/three"
[ "$("$WEFT" dev --print=opt --run "$T/two.fut" < "$T/three")" = 4i32 ] && pass || fail "dev --run: not main's result"
[ "$("$WEFT" dev --print=opt --run -e g "$T/two.fut" < "$T/three")" = 30i32 ] && pass || fail "dev --run -e g: not g's result"
[ "$("$WEFT" dev --print=core-parse --run -e g "$T/two.fut" 2>&1 < "$T/three")" != 30i32 ] && pass ||
    fail "dev --print=core-parse read a .fut file"
"$WEFT" dev --print=core > "$T/two.core" "$T/two.fut" &&
    [ "$("$WEFT" dev --print=core-parse --run -e g "$T/two.core" < "$T/three")" = 30i32 ] && pass ||
    fail "dev --print=core-parse --run -e g: not g's result"
"$WEFT" dev --print=opt --run -e nosuch "$T/two.fut" < "$T/three" > /dev/null 2> "$T/err"
[ $? = 1 ] && grep -qF "no entry point 'nosuch'" "$T/err" && pass || fail "dev -e nosuch: $(cat "$T/err")"
"$WEFT" dev --print=opt -e g "$T/two.fut" > /dev/null 2> "$T/err"
[ $? = 1 ] && grep -qF "dev: -e applies to --run" "$T/err" && pass || fail "dev -e without --run: $(cat "$T/err")"

# --no-tiling: matmul's dot products get a tiled kernel, and without it none (the generated
# code only; no GPU needed)
"$WEFT" dev --print=code --target=cuda tests/programs/matmul.fut > "$T/tiled" && grep -q wfk_launch_tile_ "$T/tiled" &&
    pass || fail "weft dev --print=code --target=cuda: matmul has no tiled kernel"
"$WEFT" dev --print=code --target=cuda --no-tiling tests/programs/matmul.fut > "$T/untiled" &&
    ! grep -q wfk_launch_tile_ "$T/untiled" && grep -q wfk_launch_ "$T/untiled" && pass ||
    fail "weft dev --no-tiling: a tiled kernel (or no kernel) in matmul"
check "weft cuda --no-tiling --no-cc" "$WEFT" cuda --no-tiling --no-cc tests/programs/matmul.fut -o "$T/mm"
! grep -q wfk_launch_tile_ "$T/mm.c" && grep -q wfk_launch_ "$T/mm.c" && pass || fail "weft cuda --no-tiling: a tiled kernel"

# --verify-passes: the same code, the verifier run after every pass (a broken pass would stop it)
check "weft c --verify-passes --no-cc" "$WEFT" c --verify-passes --no-cc tests/programs/matmul.fut -o "$T/v1"
check "weft c --no-cc" "$WEFT" c --no-cc tests/programs/matmul.fut -o "$T/v0"
check "weft c --verify-passes: the same code" cmp -s "$T/v0.c" "$T/v1.c"
"$WEFT" dev --print=seg --verify-passes tests/programs/matmul.fut > /dev/null && pass || fail "dev --verify-passes"

# weft test --cc (the whole compiler command), --wrap (the executables run under it) and
# --thresholds (passed to the executables: a malformed one makes each case a usage error)
cat > "$T/log.sh" <<'F'
echo "$*" >> "$LOG"
exec "$@"
F
LOG=$T/cc.log "$WEFT" test --backend=c --cc="sh $T/log.sh cc -O1" "$T/two.fut" > "$T/out" 2>&1
tail -n 1 "$T/out" | grep -qx "2 passed, 0 failed" && grep -q "^cc -O1 .*two" "$T/cc.log" && pass ||
    fail "weft test --cc: $(tail -n 3 "$T/out") $(cat "$T/cc.log" 2> /dev/null)"
LOG=$T/wrap.log "$WEFT" test --backend=c,interp --wrap="sh $T/log.sh" "$T/two.fut" > "$T/out" 2>&1
tail -n 1 "$T/out" | grep -qx "4 passed, 0 failed" && [ "$(grep -c -- "/two -e" "$T/wrap.log")" = 2 ] &&
    [ "$(wc -l < "$T/wrap.log")" = 2 ] && pass ||
    fail "weft test --wrap: the compiled runs (only they) under the wrapper: $(tail -n 3 "$T/out") $(cat "$T/wrap.log" 2> /dev/null)"
"$WEFT" test --backend=c --thresholds=0 "$T/two.fut" > "$T/out" 2>&1
tail -n 1 "$T/out" | grep -qx "2 passed, 0 failed" && pass || fail "weft test --thresholds=0: $(tail -n 3 "$T/out")"
"$WEFT" test --backend=c --thresholds=x "$T/two.fut" > "$T/out" 2>&1
tail -n 1 "$T/out" | grep -qx "0 passed, 2 failed" && grep -qF -- "--thresholds needs N or KIND=N" "$T/out" && pass ||
    fail "weft test --thresholds=x: not passed to the executables: $(tail -n 3 "$T/out")"
for opt in --cc= --wrap= --thresholds=; do
    "$WEFT" test "$opt" "$T/two.fut" > /dev/null 2> "$T/err"
    [ $? = 1 ] && grep -qF "needs a value" "$T/err" && pass || fail "weft test $opt (empty): $(cat "$T/err")"
done
# no switch is read from the environment but the documented fallbacks (docs/BACKENDS.md:
# $WEFT_CC, $WEFT_NVCC; docs/EXECUTABLES.md: WEFT_THRESHOLDS) and TMPDIR
grep -rhoE 'getenv\("[A-Z_]*"\)' src rts | sort -u | tr '\n' ' ' > "$T/getenv"
# (and OpenMP's own wait-policy variables, read by the executables to keep the user's choice)
[ "$(cat "$T/getenv")" = 'getenv("GOMP_SPINCOUNT") getenv("KMP_BLOCKTIME") getenv("OMP_WAIT_POLICY") getenv("TMPDIR") getenv("WEFT_CC") getenv("WEFT_NVCC") getenv("WEFT_THRESHOLDS") ' ] && pass ||
    fail "environment variables read by src/ and rts/: $(cat "$T/getenv")"
summary
