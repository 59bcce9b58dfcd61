#!/bin/sh
# libfuzzer.sh — `make fuzz`: build the libFuzzer harnesses of tests/fuzz/ and run each in turn
# for FUZZ_SECONDS (default 60); FUZZ_TARGETS picks some of "values front interp".
#   fuzz_values   the data readers of rts/values.c (fuzz_values.c)
#   fuzz_front    the lexer, parser and type checker (fuzz_program.c)
#   fuzz_interp   the interpreter on small programs and inputs (fuzz_program.c, -DFUZZ_INTERP)
# Needs clang with libFuzzer (-fsanitize=fuzzer); without it, says so and exits 0.  The compiler
# is built with coverage, ASan and UBSan into build-fuzz/; seeds come from tests/ and examples/
# (seeds.sh), the corpora grown so far are kept in build-fuzz/corpus-NAME/, findings go to
# build-fuzz/findings/ and end the run with status 1.
# Each harness runs in libFuzzer's -fork mode: a worker that times out (a program that loops
# for long is not a bug) or runs out of memory (the compiler never frees its AST) is restarted;
# crashes and sanitizer reports stop the run.  So an oom-* file of fuzz_front or fuzz_interp is
# usually only the input a grown worker was at (replay it: `build-fuzz/fuzz_front FILE`).
# fuzz_values frees what it reads and spends memory only on bytes present, so there an oom-*
# file (one malloc over 2 GB, or 2 GB resident) is a finding.
set -e
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TARGETS=${FUZZ_TARGETS:-values front interp}
FUZZ_CC=${FUZZ_CC:-clang}
out=build-fuzz
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
mkdir -p $out

probe=$out/probe.c
echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n); int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }' > $probe
if ! $FUZZ_CC -fsanitize=fuzzer,address -o $out/probe $probe 2>/dev/null; then
    echo "fuzz: skipped ($FUZZ_CC with libFuzzer, -fsanitize=fuzzer, is not available)"
    exit 0
fi

# weft's objects with coverage and sanitizers (the Makefile's rules, in their own build folder).
make -j1 BUILD=$out BIN=$out/weft CC="$FUZZ_CC" CFLAGS="-O1 -g -fsanitize=fuzzer-no-link $SAN" \
    LDFLAGS="$SAN" $out/weft >$out/build.log 2>&1 || { tail -20 $out/build.log; exit 1; }
objs=$(find $out/src $out/rts -name '*.o' ! -path "$out/src/main.o" | sort)
CF="-std=c11 -O1 -g -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Werror -fsanitize=fuzzer $SAN"
$FUZZ_CC $CF -o $out/fuzz_values tests/fuzz/fuzz_values.c rts/values.c -lm
$FUZZ_CC $CF -o $out/fuzz_front tests/fuzz/fuzz_program.c $objs $out/prelude_data.o $out/rts_data.o -lm -pthread
$FUZZ_CC $CF -DFUZZ_INTERP -o $out/fuzz_interp tests/fuzz/fuzz_program.c $objs $out/prelude_data.o $out/rts_data.o -lm -pthread

rm -rf $out/seeds
sh tests/fuzz/seeds.sh $out/seeds
mkdir -p $out/findings
status=0
for t in $FUZZ_TARGETS; do
    mkdir -p $out/corpus-$t
    echo "fuzz: fuzz_$t for $FUZZ_SECONDS s (log: $out/fuzz_$t.log)"
    # A program may ask for more than there is (iota (2^40)): a failed malloc is its error message.
    malloc_limit=65536
    [ $t = values ] && malloc_limit=2048
    if ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=0 $out/fuzz_$t -fork=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=$malloc_limit -close_fd_mask=3 \
        -artifact_prefix=$out/findings/$t- $out/corpus-$t $out/seeds/$t >$out/fuzz_$t.log 2>&1; then
        rc=0
    else
        rc=$?
    fi
    grep -E '^#[0-9]+: cov' $out/fuzz_$t.log | tail -1
    # -fork ends with the status of its last failed worker: 70 or 71 is a timeout or an
    # out-of-memory, ignored above (their files are in findings/ all the same)
    case $rc in
    0 | 70 | 71) ;;
    *)
        echo "fuzz: fuzz_$t found a problem (status $rc):"
        grep -E 'ERROR|SUMMARY|Test unit written' $out/fuzz_$t.log | head -5
        status=1
        ;;
    esac
done
ls $out/findings/*crash* $out/findings/*leak* $out/findings/values-oom* 2>/dev/null && status=1
exit $status
