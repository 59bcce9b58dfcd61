#!/bin/sh
# bench_chart.sh — bench/chart.c, which draws `make bench`'s results.json (docs/BENCH.md) as one SVG
# per benchmark: built with -Wall -Wextra -Werror, run on a hand-written results file (two
# benchmarks: a linear and a log scale, a baseline with ratios, a failed result, a published
# figure, escapes) and the SVGs and index.html checked for their content; then malformed files
# must give "chart: FILE:LINE: error: ..." and exit status 1, never a crash.
# Uses sh, grep and (when installed) xmllint.
. "$(dirname "$0")/lib.sh"
TMP=$T
# expect TEXT FILE: FILE contains TEXT
expect() { check "missing in $(basename "$2"): $1" grep -qF -- "$1" "$2"; }
# count TEXT FILE: the number of lines of FILE that contain TEXT
count() { grep -cF -- "$1" "$2"; }

check "bench/chart.c compiles" $CC -std=c11 -Wall -Wextra -Werror -O2 -o "$TMP/chart" bench/chart.c -lm > "$TMP/cc.out" 2>&1 ||
    { cat "$TMP/cc.out"; summary; }

# 1. a results file with two benchmarks
cat > "$TMP/results.json" <<'JSON'
{"machine": "box <&> 2 cores", "date": "2026-01-02T03:04:05Z", "runs": 5, "threads": 2,
 "backends": ["c", "multicore"],
 "benchmarks": [
  {"name": "Alpha", "unit": "us", "baseline": "C baseline", "results": [
    {"dataset": "small", "variant": "weft multicore", "median_us": 100, "runs": [99, 100, 101], "peak_bytes": 4096, "validated": true},
    {"dataset": "small", "variant": "C baseline", "median_us": 200, "runs": [200], "peak_bytes": null, "validated": true},
    {"dataset": "large", "variant": "weft multicore", "median_us": 1500, "runs": [], "peak_bytes": null, "validated": false},
    {"dataset": "large", "variant": "C baseline", "median_us": 1000, "runs": [], "peak_bytes": null, "validated": true},
    {"dataset": "large", "variant": "FinPar \"OpenMP\" (published)", "median_us": 2000, "runs": [],
     "peak_bytes": null, "validated": null, "published": true}
  ]},
  {"name": "Beta log", "unit": "us", "baseline": null, "results": [
    {"dataset": "n=1\/2", "variant": "weft \u00b5c", "median_us": 5, "runs": [], "peak_bytes": null, "validated": true},
    {"dataset": "n=1\/2", "variant": "other", "median_us": 2.5e6, "runs": [], "peak_bytes": null, "validated": true}
  ]}
 ]}
JSON
"$TMP/chart" "$TMP/results.json" "$TMP/charts" > "$TMP/chart.out" 2>&1 &&
    pass || fail "chart exit status $? on a good file: $(cat "$TMP/chart.out")"
a=$TMP/charts/Alpha.svg b=$TMP/charts/Beta_log.svg
for f in "$a" "$b" "$TMP/charts/index.html"; do
    check "not written: $f" [ -s "$f" ] || summary
done
check "expected 3 files in the chart directory, found: $(ls "$TMP/charts")" [ "$(ls "$TMP/charts" | wc -l)" -eq 3 ]
# well-formed XML, an <svg> root
for f in "$a" "$b"; do
    if command -v xmllint > /dev/null 2>&1; then
        xmllint --noout "$f" > "$TMP/xmllint.out" 2>&1 && pass || fail "$(basename "$f") is not well-formed: $(cat "$TMP/xmllint.out")"
    fi
    sed -n 2p "$f" | grep -q '^<svg xmlns="http://www.w3.org/2000/svg" version="1.1" ' && pass || fail "$(basename "$f"): no <svg> root on line 2"
    [ "$(count '<svg ' "$f")" -eq 1 ] && [ "$(count '</svg>' "$f")" -eq 1 ] && pass || fail "$(basename "$f"): <svg> not balanced"
    check "$(basename "$f"): does not end with </svg>" [ "$(tail -n 1 "$f")" = '</svg>' ]
done
# Alpha: linear scale, the datasets and variants, times, ratios to the C baseline (100/200, 1500/1000)
expect 'median time (linear scale, from 0)' "$a"
expect '>small</text>' "$a"
expect '>large</text>' "$a"
expect '>weft multicore</text>' "$a"
expect '>C baseline (= 1x)</text>' "$a"
expect '>FinPar &quot;OpenMP&quot; (published)</text>' "$a"
expect '>100 µs · 0.50x</text>' "$a"
expect '>200 µs</text>' "$a"
expect '>FAIL · 1.50 ms · 1.50x</text>' "$a"
expect '>2.00 ms · 2.00x</text>' "$a"
expect 'fill="url(#fail)"' "$a"
expect 'stroke-dasharray="4 2"' "$a"
expect 'box &lt;&amp;&gt; 2 cores · 2026-01-02T03:04:05Z · median of 5 runs · 2 threads' "$a"
# the linear axis: 0 to 2 ms in five steps; the 100 µs bar is 1/20 of the 2 ms one
expect '>0</text>' "$a"
expect '>2 ms</text>' "$a"
h100=$(grep -F '<title>weft multicore, small:' "$a" | sed -n 's/.* height="\([0-9.]*\)".*/\1/p')
h2000=$(grep -F '<title>FinPar' "$a" | sed -n 's/.* height="\([0-9.]*\)".*/\1/p')
[ -n "$h100" ] && [ -n "$h2000" ] && awk -v a="$h100" -v b="$h2000" 'BEGIN { exit !(b > 0 && a * 20 > b - 0.5 && a * 20 < b + 0.5) }' &&
    pass || fail "Alpha: bar heights $h100 (100 µs) and $h2000 (2 ms) are not 1:20"
# Beta: 5 µs and 2.5 s span more than 30x: log scale; no baseline, so no ratios; escapes decoded
expect 'median time (log scale)' "$b"
expect '>n=1/2</text>' "$b"
expect '>weft µc</text>' "$b"
expect '>5.00 µs</text>' "$b"
expect '>2.50 s</text>' "$b"
expect '>1 µs</text>' "$b"
expect '>10 s</text>' "$b"
check_not "Beta log: a ratio without a baseline" grep -q '[0-9]x</text>' "$b"
check_not "Beta log: FAIL without a failed result" grep -q 'FAIL' "$b"
expect '<img src="Alpha.svg"' "$TMP/charts/index.html"
expect '<img src="Beta_log.svg"' "$TMP/charts/index.html"

# 2. malformed files: one error line naming the file and line, exit status 1
bad() { # bad NAME EXPECTED-MESSAGE (the file's text on stdin)
    cat > "$TMP/$1.json"
    "$TMP/chart" "$TMP/$1.json" "$TMP/bad-charts" > "$TMP/$1.out" 2>&1
    rc=$?
    check "$1: exit status $rc (expected 1)" [ $rc -eq 1 ]
    expect "chart: $TMP/$1.json:$2" "$TMP/$1.out"
    check "$1: expected one line of output, got: $(cat "$TMP/$1.out")" [ "$(wc -l < "$TMP/$1.out")" -eq 1 ]
}
printf '{"benchmarks": [\n  {"name": "x" "results": []}\n]}\n' | bad comma '2: error: expected'
printf '{"benchmarks": [\n\n  {"name": "x, "results": []}\n]}\n' | bad string '3: error: expected'
printf '{"benchmarks": [{"name": "unterminated\n' | bad unterminated '1: error: unescaped control character'
printf '{"benchmarks": []}\n}\n' | bad trailing "2: error: unexpected '}' after the JSON value"
printf '{"benchmarks": [{"name": "a\\qb", "results": []}]}' | bad escape '1: error: bad escape in string'
printf '{"benchmarks": [{"name": "\\ud800", "results": []}]}' | bad surrogate '1: error: bad \u escape in string'
printf '{"runs": 01, "benchmarks": []}' | bad leading_zero "1: error: expected ',' or '}' in object"
printf '{"runs": 1.e3, "benchmarks": []}' | bad number "1: error: bad number: no digit after '.'"
printf '{"runs": tru, "benchmarks": []}' | bad literal "1: error: unexpected 't' (expected a JSON value)"
printf '' | bad empty '1: error: unexpected end of file'
printf '{"benchmarks": [\n' | bad eof '2: error: unexpected end of file'
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "["; print "" }' | bad deep '1: error: nested deeper than'
printf '[1, 2]\n' | bad not_object '1: error: the results file is not a JSON object'
printf '{"machine": "m"}\n' | bad no_benchmarks '1: error: the results have no "benchmarks" array'
printf '{"benchmarks": [\n {"name": "A", "results": [\n  {"dataset": "d", "variant": "v", "median_us": "fast"}]}]}\n' |
    bad median_string '3: error: a result of benchmark "A": "median_us" must be a number or null'
printf '{"benchmarks": [\n {"name": "A", "results": [\n  {"variant": "v", "median_us": 1}]}]}\n' |
    bad no_dataset '3: error: a result of benchmark "A" has no "dataset"'
"$TMP/chart" "$TMP/nosuch.json" "$TMP/bad-charts" > "$TMP/nosuch.out" 2>&1
check "a missing file: exit status not 1" [ $? -eq 1 ]
expect "chart: $TMP/nosuch.json: error: cannot read: No such file or directory" "$TMP/nosuch.out"
check "a malformed file still wrote charts" [ ! -e "$TMP/bad-charts" ]

summary
