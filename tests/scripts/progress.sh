#!/bin/sh
# progress.sh — `weft bench` and `weft autotune` show progress (src/driver/progress.c) only when
# stderr is a terminal: a line per dataset with the count done, the time elapsed and an
# estimate of what remains, the last with the time in all; with stderr piped or in a file,
# not a line.  The terminal comes from util-linux's `script` (skipped without it); autotune
# tunes a stand-in executable (--exe=tools/replay_autotune.sh) on two training datasets.
. "$(dirname "$0")/lib.sh"

# on_tty COMMAND: run COMMAND (a shell command line) with a terminal as its stdout and stderr;
# its output, carriage returns removed, on stdout
on_tty() { script -qec "$1" /dev/null < /dev/null | tr -d '\r'; }
# lines FILE TOOL: the progress lines of TOOL in FILE
lines() { grep -E "^$2: [0-9]+/[0-9]+ " "$1"; }

# 1. piped: no progress line, on either stream
"$WEFT" bench --runs=1 tests/bench/tiny.fut > "$T/bench.out" 2> "$T/bench.err" && pass || fail "weft bench: exit status $?"
! lines "$T/bench.err" bench > /dev/null && ! lines "$T/bench.out" bench > /dev/null && pass ||
    fail "weft bench printed progress into a file: $(lines "$T/bench.err" bench | head -n 1)"

# autotune's stand-in: tools/replay_autotune.sh answering from a log of two paths per dataset
printf 'main.suff_outer_par_0=10\n' > "$T/params"
for k in 0 1; do
    printf '  [  3 runs] #%d ("%di32"): path 1 (main.suff_outer_par_0<=4:F)  100 µs  with defaults\n' $k $k
    printf '  [  5 runs] #%d ("%di32"): path 2 (main.suff_outer_par_0<=4:T)  90 µs  with main.suff_outer_par_0=4\n' $k $k
done > "$T/replay.log"
REPLAY_LOG=$T/replay.log REPLAY_PARAMS=$T/params REPLAY_NAMES='#0 ("0i32"),#1 ("1i32")'
export REPLAY_LOG REPLAY_PARAMS REPLAY_NAMES
printf 'entry main (k: i32) : i32 = k\n-- ==\n-- train input { 0i32 }\n-- train input { 1i32 }\n' > "$T/tune.fut"
tune="$WEFT autotune --runs=1 --min-time=0 --exe=tools/replay_autotune.sh $T/tune.fut"
$tune > "$T/tune.out" 2> "$T/tune.err" && pass || fail "weft autotune: exit status $?: $(tail -n 2 "$T/tune.err")"
! lines "$T/tune.err" autotune > /dev/null && ! lines "$T/tune.out" autotune > /dev/null && pass ||
    fail "weft autotune printed progress into a file: $(lines "$T/tune.err" autotune | head -n 1)"

# 2. on a terminal: a line per dataset
if ! command -v script > /dev/null 2>&1 || [ "$(script -qec 'test -t 2 && echo tty' /dev/null < /dev/null | tr -d '\r')" != tty ]; then
    echo "progress: no util-linux script to make a terminal, the terminal's part skipped"
    summary
fi
on_tty "$WEFT bench --runs=1 tests/bench/tiny.fut" > "$T/bench.tty"
lines "$T/bench.tty" bench > "$T/bench.lines"
[ "$(wc -l < "$T/bench.lines")" = 2 ] && pass || fail "weft bench on a terminal: not 2 progress lines: $(cat "$T/bench.tty")"
grep -qE '^bench: 1/2 tests/bench/tiny\.fut:main #0 .*, [0-9.]+ s elapsed, about [0-9.]+ s left$' "$T/bench.lines" &&
    pass || fail "weft bench: first progress line: $(head -n 1 "$T/bench.lines")"
grep -qE '^bench: 2/2 tests/bench/tiny\.fut:main data/tiny\.in, [0-9.]+ s in all$' "$T/bench.lines" &&
    pass || fail "weft bench: last progress line: $(tail -n 1 "$T/bench.lines")"
grep -c '^dataset ' "$T/bench.tty" | grep -qx 2 && pass || fail "weft bench on a terminal: not its 2 results"

on_tty "$tune" > "$T/tune.tty"
lines "$T/tune.tty" autotune > "$T/tune.lines"
[ "$(wc -l < "$T/tune.lines")" = 2 ] && pass || fail "weft autotune on a terminal: not 2 progress lines: $(cat "$T/tune.tty")"
grep -qE '^autotune: 1/2 #0 .* \([0-9]+ paths, [0-9]+ runs so far\), [0-9.]+ s elapsed, about [0-9.]+ s left$' "$T/tune.lines" &&
    pass || fail "weft autotune: first progress line: $(head -n 1 "$T/tune.lines")"
grep -qE '^autotune: 2/2 #1 .*, [0-9.]+ s in all$' "$T/tune.lines" && pass ||
    fail "weft autotune: last progress line: $(tail -n 1 "$T/tune.lines")"
summary
