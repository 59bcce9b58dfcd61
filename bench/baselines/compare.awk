# compare.awk — every number of file A within ABS + REL*|b| of the matching number of file B
# (comments after -- or // ignored, type suffixes f32/f64/i32/i64 skipped).
#   awk -v abs=ABS -v rel=REL -f bench/baselines/compare.awk A B
# Prints "n=N max|diff|=D" (or why the counts differ); exit status 0 when all are within.
# Used by tests/scripts/baselines.sh and bench/run.sh.
function nums(file, arr,   n, line, s) {
    n = 0
    while ((getline line < file) > 0) {
        sub(/(--|\/\/).*/, "", line)
        s = line
        while (match(s, /-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?/)) {
            arr[++n] = substr(s, RSTART, RLENGTH) + 0
            s = substr(s, RSTART + RLENGTH)
            sub(/^(f32|f64|i32|i64)/, "", s)
        }
    }
    return n
}
BEGIN {
    na = nums(ARGV[1], a); nb = nums(ARGV[2], b)
    if (na != nb || na == 0) { printf "count mismatch (%d vs %d)", na, nb; exit 1 }
    bad = 0; maxd = 0
    for (i = 1; i <= na; i++) {
        d = a[i] - b[i]; if (d < 0) d = -d
        m = b[i] < 0 ? -b[i] : b[i]
        if (d > maxd) maxd = d
        if (d > abs + rel * m) bad++
    }
    printf "n=%d max|diff|=%.3g", na, maxd
    exit bad > 0
}
