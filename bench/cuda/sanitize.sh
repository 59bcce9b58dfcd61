#!/bin/sh
# sanitize.sh — the corpus on weft cuda under compute-sanitizer (on a machine with a GPU): every
# case of DIRS runs with its executable wrapped (weft test --wrap) by memcheck, then by
# racecheck; a hazard or memory error makes the case exit 97 and fail, and the tool's report is
# left in SAN_OUT/<tool>/<pid>.log.  Prints weft test's summary per tool.
# Settings: DIRS ("tests/backend_c tests/flatten tests/programs"), TOOLS ("memcheck racecheck"),
# WEFT (bin/weft), SAN_OUT (build/sanitize), J (nproc).
set -u
cd "$(dirname "$0")/../.." || exit 2
WEFT=${WEFT:-bin/weft}
DIRS=${DIRS:-tests/backend_c tests/flatten tests/programs}
TOOLS=${TOOLS:-memcheck racecheck}
OUT=${SAN_OUT:-build/sanitize}
case $OUT in /*) ;; *) OUT=$(pwd)/$OUT ;; esac
J=${J:-$(nproc)}
CS=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -n 1)
if [ -z "$CS" ]; then
    echo "sanitize: compute-sanitizer not found, skipped"
    exit 0
fi
status=0
for tool in $TOOLS; do
    rm -rf "${OUT:?}/$tool"
    mkdir -p "$OUT/$tool"
    echo "compute-sanitizer --tool $tool on $DIRS:"
    # shellcheck disable=SC2086
    "$WEFT" test --backend=cuda -j"$J" --timeout=300 --wrap="$CS --tool $tool --error-exitcode 97 --log-file $OUT/$tool/%p.log" \
        $DIRS > "$OUT/$tool.txt" 2>&1 || status=1
    grep -A4 '^FAIL' "$OUT/$tool.txt" | head -n 40
    tail -n 1 "$OUT/$tool.txt"
    errors=$(cat "$OUT/$tool"/*.log 2>/dev/null | grep -c 'ERROR SUMMARY: [1-9]\|RACECHECK SUMMARY: [1-9]')
    echo "$tool: $(ls "$OUT/$tool" | wc -l) sanitized runs, $errors with errors or hazards"
done
exit $status
