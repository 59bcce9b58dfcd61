#!/bin/sh
# replay_autotune.sh — a stand-in executable for `weft autotune --exe=...` that answers from an
# earlier tuning run's log (PROG.fut.autotune.log): each dataset's measured paths and times, so
# that a change to how the autotuner chooses can be tried on real measurements without the
# program or the machine they were taken on (the search asks for the same settings again, being
# deterministic given the timings; one it did not measure then is an error).
#
# Environment: REPLAY_LOG (the log), REPLAY_PARAMS (a file of `name=default` lines, the program's
# --print-params), REPLAY_NAMES (the datasets' names in the log, comma-separated).  The input on
# stdin is `Ki32`, K indexing REPLAY_NAMES: tune a stand-in .fut whose `-- ==` block lists one
# `train input` file per dataset holding its K, e.g.
#   REPLAY_LOG=bv/matmul.fut.autotune.log REPLAY_PARAMS=mm.params REPLAY_NAMES=mm-20-0.in,... \
#     weft autotune --backend=cuda --exe=tools/replay_autotune.sh --min-time=0 stand-in.fut
set -eu
[ "${1:-}" = --print-params ] && exec cat "$REPLAY_PARAMS"
settings= runs=1 times= log=0
while [ $# -gt 0 ]; do
    case $1 in
    --param) settings="$settings $2"; shift ;;
    -r) runs=$2; shift ;;
    -t) times=$2; shift ;;
    -L) log=1 ;;
    esac
    shift
done
k=$(tr -cd '0-9i' | sed 's/i.*//')
awk -v settings="$settings" -v k="$k" -v names="$REPLAY_NAMES" -v logging="$log" -v runs="$runs" -v times="$times" '
FILENAME == ARGV[1] { split($0, kv, "="); value[kv[1]] = kv[2] + 0; next }
FNR == 1 {
    n = split(settings, s, " ")
    for (i = 1; i <= n; i++) { split(s[i], kv, "="); value[kv[1]] = kv[2] + 0 }
    split(names, ds, ",")
    want = ds[k + 1]
}
$0 ~ /runs\] .*: path [0-9]+ \(/ && !found {
    line = $0
    sub(/^[^]]*runs\] /, "", line)
    if (substr(line, 1, length(want) + 1) != want ":") next
    sub(/^.*: path [0-9]+ \(/, "", line)
    triples = line; sub(/\).*$/, "", triples)
    us = line; sub(/^[^)]*\)  /, "", us); sub(/ .*$/, "", us)
    m = split(triples, t, " ")
    ok = 1
    for (i = 1; i <= m && ok; i++) {
        split(t[i], a, "<=|:")
        if (!(a[1] in value)) { unknown = a[1]; exit 3 }
        ok = (value[a[1]] <= a[2] + 0) == (a[3] == "T")
    }
    if (ok) found = 1
}
END {
    if (unknown != "") { print "replay: the log compares " unknown ", which " ARGV[1] " does not list" > "/dev/stderr"; exit 3 }
    if (!found) { print "replay: no path of " want " in " ARGV[2] " for this setting" > "/dev/stderr"; exit 3 }
    if (logging)
        for (i = 1; i <= m; i++) {
            split(t[i], a, "<=|:")
            printf "Compared %s <= %s: %s\n", a[1], a[2], a[3] == "T" ? "true." : "false." > "/dev/stderr"
        }
    if (times != "")
        for (i = 0; i < runs; i++) print us > times
}' "$REPLAY_PARAMS" "$REPLAY_LOG"
