# multicore_regions.sh — three properties of `weft multicore`'s parallel regions, the first two
# read from `weft multicore --no-cc` output (their results are checked by the corpus):
#  - a scan whose accumulators are scalars is chained (one region, wf_scan_chunks,
#    src/backend/multicore/regions.c thread_chained); a scan with array accumulators keeps the
#    three phases;
#  - a region's pragma makes the program's variables it only reads firstprivate (firstprivate.c):
#    the inputs' views, not the operator's parameters it declares inside, not the outputs it
#    allocates before (listed: they are only written through their pointers);
#  - the executable waits between regions passively unless its user chose a policy (rts/runtime.c
#    wait_policy: spinning threads collapse when a core is busy), as its -L log says;
#  - a region whose work is unknown before it runs (a loop per element) is probed (regions.c
#    region_probe): the calling thread runs it alone within multicore.suff_region_us, the team only
#    the rest (with a budget of 0: all but the first iteration), same results either way.
. "$(dirname "$0")/lib.sh"

cat > "$T/scans.fut" <<'F'
def compose (a1: f64, b1: f64) (a2: f64, b2: f64) : (f64, f64) = (a1 * a2, b1 * a2 + b2)
entry linrec (as: []f64) (bs: []f64) : []f64 = map (.1) (scan compose (1, 0) (zip as bs))
F
cat > "$T/rows.fut" <<'F'
entry best [n][m] (xss: [n][m]i32) : [n][m]i32 =
  scan (\a b -> if a[0] >= b[0] then a else b) (replicate m i32.lowest) xss
F
"$WEFT" multicore --no-cc "$T/scans.fut" -o "$T/scans" && pass || fail "weft multicore scans.fut"
grep -q '= wf_scan_chunks(' "$T/scans.c" && pass || fail "scans.fut: the scan of pairs of f64 is not chained"
pragma=$(grep 'pragma omp parallel' "$T/scans.c")
[ "$(echo "$pragma" | wc -l)" = 1 ] && pass || fail "scans.fut: expected one region, got: $pragma"
echo "$pragma" | grep -q 'firstprivate(v_as_[0-9]*, v_bs_[0-9]*' &&
    pass || fail "scans.fut: the inputs are not firstprivate: $pragma"
echo "$pragma" | grep -q 'v_x_' && fail "scans.fut: an operator parameter declared in the region is listed: $pragma" || pass
"$WEFT" multicore --no-cc "$T/rows.fut" -o "$T/rows" && pass || fail "weft multicore rows.fut"
check_not "rows.fut: a scan with array accumulators is chained" grep -q '= wf_scan_chunks(' "$T/rows.c"
grep -q '= wf_chunks(' "$T/rows.c" && pass || fail "rows.fut: the scan of rows is not a parallel region"

if "$WEFT" multicore "$T/scans.fut" -o "$T/linrec" > "$T/cc.log" 2>&1; then
    policy() { echo '[0.5, 2.0] [1.0, 1.0]' | "$@" "$T/linrec" -e linrec -L 2>&1 >/dev/null | grep 'OpenMP wait policy'; }
    check "default wait policy: $(policy env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT -u KMP_BLOCKTIME)" \
        [ "$(policy env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT -u KMP_BLOCKTIME)" = "OpenMP wait policy: passive" ]
    check "the user's wait policy: $(policy env OMP_WAIT_POLICY=active)" \
        [ "$(policy env OMP_WAIT_POLICY=active)" = "OpenMP wait policy: active" ]
    check "GOMP_SPINCOUNT leaves the default: $(policy env -u OMP_WAIT_POLICY GOMP_SPINCOUNT=1000)" \
        [ "$(policy env -u OMP_WAIT_POLICY GOMP_SPINCOUNT=1000)" = "OpenMP wait policy: the default" ]
    out=$(echo '[0.5, 2.0] [1.0, 1.0]' | env -u OMP_WAIT_POLICY "$T/linrec" -e linrec)
    check "linrec's result after running itself again: $out" [ "$out" = "[1.0f64, 3.0f64]" ]
else
    fail "weft multicore scans.fut: $(head -c 300 "$T/cc.log")"
fi
cat > "$T/tri.fut" <<'F'
entry tri (ks: []i64) : []i64 = map (\k -> loop acc = 0 for i < k do acc + i) ks
entry trisum (ks: []i64) : i64 = reduce (+) 0 (map (\k -> loop acc = 0 for i < k do acc + i) ks)
F
# probed ENTRY WANT WHERE PASS REST [OPTION]: entry ENTRY of tri.fut on [3, 0, 5, 1, 100] at 2
# threads gives WANT, and -L says that its region at WHERE ran PASS in the calling thread, then REST
probed() {
    out=$(echo '[3, 0, 5, 1, 100]' | "$T/tri" -e "$1" --num-threads 2 -L ${6:-} 2> "$T/probe.log")
    check "$1 ${6:-}: $out" [ "$out" = "$2" ]
    check "$1 ${6:-}: $4 in the calling thread$5 ($(grep Region "$T/probe.log"))" \
        grep -q "^Region at .*tri.fut:$3: $4 in the calling thread$5\.\$" "$T/probe.log"
}
if "$WEFT" multicore "$T/tri.fut" -o "$T/tri" > "$T/cc.log" 2>&1; then
    check "tri.fut: the map's region is probed" grep -q 'wf_probe_start(ctx' "$T/tri.c"
    # each k: 0 + 1 + ... + (k - 1) = k (k - 1) / 2; their sum 4963
    want='[3i64, 0i64, 10i64, 0i64, 4950i64]'
    team=', the rest by the team'
    nobudget='--param multicore.suff_region_us=0'
    probed tri "$want" 1:33 '5 of 5 iterations' ''
    probed tri "$want" 1:33 '1 of 5 iterations' "$team" "$nobudget"
    # the reduction's pass takes whole chunks (5 elements on 2 threads: 5 chunks of one)
    probed trisum 4963i64 2:34 '5 of 5 chunks' ''
    probed trisum 4963i64 2:34 '1 of 5 chunks' "$team" "$nobudget"
    out=$(echo '[3, 0, 5, 1, 100]' | "$T/tri" -e tri --num-threads 1 -L 2> "$T/probe.log")
    check "tri, one thread: $out" [ "$out" = "$want" ]
    check_not "tri, one thread: no probe" grep -q '^Region at' "$T/probe.log"
else
    fail "weft multicore tri.fut: $(head -c 300 "$T/cc.log")"
fi
summary
