# cuda_regions.sh — which segment operations weft cuda turns into GPU kernels (the flat backend,
# src/backend/cuda/kernels.c; jagged arrays too, as offsets and flat data: src/flatten/jagged.c),
# read from `weft cuda --no-cc` output, and that `weft test --backend=cuda` skips cleanly on a
# machine without a GPU (and passes on one with).  Needs no nvcc.
. "$(dirname "$0")/lib.sh"
launches() { grep -c 'wfc_launch(ctx, [0-9]*, ' "$1.c"; }

# a scan, a reduce with a tuple operator, a map reading a free 2-D array by index
cat > "$T/flat.fut" <<'F'
entry sums (xs: []i32) : []i32 = scan (+) 0 xs
entry minmax (xs: []f64) : (f64, f64) = reduce (\(a, b) (c, d) -> (f64.min a c, f64.max b d)) (f64.inf, -f64.inf) (map (\x -> (x, x)) xs)
entry gather [n][m] (a: [n][m]f32) (is: []i64) : []f32 = map (\i -> a[i % n, i % m]) is
F
"$WEFT" cuda --no-cc "$T/flat.fut" -o "$T/flat" && pass || fail "weft cuda flat.fut"
[ "$(launches "$T/flat")" = 3 ] && pass || fail "flat.fut: expected 3 GPU kernels, got $(launches "$T/flat")"
grep -q 'return wfs_scan<int32_t, 0>' "$T/flat.cu" && pass || fail "flat.fut: the plain scan does not use the look-back scan"
grep -q 'wfk_run_reduce' "$T/flat.cu" && grep -q 'wfd_run_map' "$T/flat.cu" &&
    pass || fail "flat.fut: expected a reduce and a map kernel"
grep -q 'v_a_[0-9]*\.s\[0\] + .*v_a_[0-9]*\.s\[1\]' "$T/flat.cu" &&
    pass || fail "flat.fut: the 2-D array is not read through its strides"

# scatter and hist as kernels (a hist with one scalar destination: wfd_run_hist, f64 min by a
# compare-and-swap loop); a hist with a tuple operator stays on the host
cat > "$T/hist.fut" <<'F'
entry counts (k: i64) (is: []i64) : []i32 = hist (+) 0 k is (map (\_ -> 1) is)
entry mins (k: i64) (is: []i64) (vs: []f64) : []f64 = hist f64.min f64.inf k is vs
entry argmin (k: i64) (is: []i64) (vs: []f64) : ([]f64, []i64) =
  unzip (hist (\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j)) (f64.inf, -1) k is (zip vs (indices vs)))
entry perm (xs: []i32) (is: []i64) : []i32 = scatter (copy xs) is xs
F
"$WEFT" cuda --no-cc "$T/hist.fut" -o "$T/hist" && pass || fail "weft cuda hist.fut"
[ "$(launches "$T/hist")" = 3 ] && pass || fail "hist.fut: expected 3 GPU kernels (two hists, a scatter), got $(launches "$T/hist")"
[ "$(grep -c 'return wfd_run_hist(' "$T/hist.cu")" = 2 ] && pass || fail "hist.fut: expected 2 hist kernels"
grep -q 'wf_cas_f64(' "$T/hist.cu" && pass || fail "hist.fut: f64.min is not combined by compare-and-swap"
grep -q 'wfd_atomic_native(0, ' "$T/hist.cu" && pass || fail "hist.fut: + does not try the native atomic"

# irregular segreds fold striped pieces only where their operators commute exactly (kernels.c
# exact_commutative): integer + and max yes; an affine composition, f64 + and a min on f32 no.
# The reduction of every entry's widths (their total and largest: i64 + and max) is a regular
# reduce whose operators commute exactly: folded striped (rts/cuda_kernels.cuh wfk_commutes)
cat > "$T/comm.fut" <<'F'
entry ints (ns: []i64) : ([]i32, []i32) = unzip (map (\n -> let xs = map i32.i64 (iota n) in (reduce (+) 0 xs, reduce i32.max 0 xs)) ns)
entry affine (ns: []i64) : []i32 = map (\n -> (reduce (\(a, b) (c, d) -> (a * c, c * b + d)) (1, 0) (map (\j -> (1, i32.i64 j)) (iota n))).1) ns
entry floats (ns: []i64) : []f64 = map (\n -> reduce (+) 0 (map f64.i64 (iota n))) ns
entry fmin (ns: []i64) : []f32 = map (\n -> reduce f32.min f32.inf (map f32.i64 (iota n))) ns
F
for e in ints affine floats fmin; do
    grep "^entry $e " "$T/comm.fut" > "$T/comm_$e.fut"
    "$WEFT" cuda --no-cc "$T/comm_$e.fut" -o "$T/comm_$e" || { fail "weft cuda comm.fut, entry $e"; continue; }
    want=0; [ $e = ints ] && want=1
    [ "$(grep -c "static constexpr bool comm = true; /\* a segred's" "$T/comm_$e.cu")" = $want ] &&
        grep -q 'wfg_run_red<' "$T/comm_$e.cu" &&
        pass || fail "comm.fut, entry $e: expected an irregular segred, $want of them commuting exactly"
    grep -q 'static constexpr bool comm = true; /\* the operators commute exactly' "$T/comm_$e.cu" &&
        pass || fail "comm.fut, entry $e: the widths' reduction (i64 + and max) is not marked commuting"
done

# matmul's flat version reads the transposed b along the inner index: a dense copy, when a warp
# or block takes each segment
"$WEFT" cuda --no-cc bench/flatten/matmul.fut -o "$T/mm" && pass || fail "weft cuda matmul.fut"
grep -q 'if (v_tr_[0-9]*\.s\[1\] != 1 && (w_[0-9]* >= 16))' "$T/mm.c" &&
    pass || fail "matmul.fut: no dense copy of the transposed matrix for the segmented reduction"

# a map of reduces over rows: three code paths chosen by thresholds, one thread per row, one
# block per row (the reduction over its threads: rts/flat_dev.cuh wfd_run_block_map) or a
# segmented reduction
cat > "$T/segred.fut" <<'F'
entry rowsums [n][m] (xss: [n][m]f64) : []f64 = map (\row -> reduce (+) 0 (map (* 2) row)) xss
F
"$WEFT" cuda --no-cc "$T/segred.fut" -o "$T/segred" && pass || fail "weft cuda segred.fut"
[ "$(launches "$T/segred")" = 3 ] && pass || fail "segred.fut: expected 3 GPU kernels, got $(launches "$T/segred")"
grep -q 'rowsums.suff_outer_par_0' "$T/segred.c" && pass || fail "segred.fut: the versions are not guarded by a threshold"
grep -q 'rowsums.suff_intra_par_1' "$T/segred.c" && pass || fail "segred.fut: the block-level version is not guarded"
grep -q 'wfd_run_segred' "$T/segred.cu" && pass || fail "segred.fut: no segmented reduction kernel"
grep -q 'wfd_run_block_map' "$T/segred.cu" && pass || fail "segred.fut: no block kernel"
grep -q 'wfb_sync(ctx)' "$T/segred.cu" && pass || fail "segred.fut: the block kernel has no barriers"

# points that loop: launched as heavy maps (rts/flat_dev.cuh wfd_run_heavy_map: small blocks,
# registers capped when that makes fewer rounds); when the loops' lengths depend on the inner
# index only (a row per q), the outer index goes fastest between threads, so that a warp's
# points loop alike (kernels.c fast_dim); with rows of one length the inner index stays fastest
cat > "$T/heavy.fut" <<'F'
entry lik (gs: []f64) (xss: [][]f64) : [][]f64 =
  map (\g -> map (\xs -> loop acc = 0 for x in xs do acc + g * x) xss) gs
F
cat > "$T/heavy_regular.fut" <<'F'
entry lik [n][m] (gs: [n]f64) (xss: [m][4]f64) : [n][m]f64 =
  map (\g -> map (\xs -> loop acc = 0 for x in xs do acc + g * x) xss) gs
F
cat > "$T/light.fut" <<'F'
entry light (a: []f64) : []f64 = map (\x -> x * 2 + 1) a
F
for p in heavy heavy_regular light; do
    "$WEFT" cuda --no-cc "$T/$p.fut" -o "$T/$p" && pass || fail "weft cuda $p.fut"
done
grep -q 'return wfd_run_heavy_map(L, s, max_threads);' "$T/heavy.cu" && pass || fail "heavy.fut: no heavy map launch"
grep -q 'rest_ = wd\[0\] ? rest_ / wd\[0\]' "$T/heavy.cu" && pass || fail "heavy.fut: the outer index does not go fastest"
grep -q 'rest_ = wd\[0\] ? rest_ / wd\[0\]' "$T/heavy_regular.cu" && fail "heavy_regular.fut: the outer index goes fastest" || pass
grep -q 'rest_ = wd\[1\] ? rest_ / wd\[1\]' "$T/heavy_regular.cu" && pass || fail "heavy_regular.fut: the inner index does not go fastest"
grep -q 'return wfd_run_heavy_map(L, s' "$T/light.cu" && fail "light.fut: a map without loops launched as heavy" || pass
grep -q 'return wfd_run_map(L, s, max_threads);' "$T/light.cu" && pass || fail "light.fut: no plain map launch"

# the same over a jagged parameter: its rows are views of the flat data, and the map a kernel
cat > "$T/jagged.fut" <<'F'
entry rowsums (xss: [][]f64) : []f64 = map (\row -> reduce (+) 0 (map (* 2) row)) xss
F
"$WEFT" cuda --no-cc "$T/jagged.fut" -o "$T/jagged" && pass || fail "weft cuda jagged.fut"
[ "$(launches "$T/jagged")" -ge 1 ] && pass || fail "jagged.fut: the map over jagged rows did not become a GPU kernel"

# an irregular nest: each thread builds its own iota (a per-thread arena on the device)
cat > "$T/nested.fut" <<'F'
entry rows (ns: []i64) : []i64 = map (\n -> i64.sum (map (* 2) (iota n))) ns
F
"$WEFT" cuda --no-cc "$T/nested.fut" -o "$T/nested" && pass || fail "weft cuda nested.fut"
[ "$(launches "$T/nested")" -ge 1 ] && pass || fail "nested.fut: the irregular map did not become a GPU kernel"

# a slice of an array a kernel made is a view: the host wrote nothing, so the block must not be
# marked as written by the host (the next kernel would get the host's stale copy)
cat > "$T/slice.fut" <<'F'
def horner (cs: []i64) (x: i64) : i64 = loop acc = 0 for c in reverse cs do acc * x + c
entry main (cs: []i64) (xs: []i64) : []i64 = map (horner (drop 1 (map2 (*) cs (indices cs)))) xs
F
"$WEFT" cuda --no-cc "$T/slice.fut" -o "$T/slice" && pass || fail "weft cuda slice.fut"
grep -q 'v_ix_[0-9]* = \|v_ix_[0-9]*\.p = ' "$T/slice.c" && pass || fail "slice.fut: no slice view found"
check_not "slice.fut: a slice marks its block as written by the host" grep -q 'wfc_host_wrote(v_ix_' "$T/slice.c"

# a recursive function called from host code runs its body as plain host loops: the arrays a
# kernel made for it come to the host before the call, and its results are the host's after
cat > "$T/rec.fut" <<'F'
def sum_rows (xss: [][]i64) : []i64 =
  if length xss == 0 then [] else [i64.sum xss[0]] ++ sum_rows xss[1:]
entry row_sums (k: i64) = sum_rows (map (\_ -> iota 4) (iota k))
F
"$WEFT" cuda --no-cc "$T/rec.fut" -o "$T/rec" && pass || fail "weft cuda rec.fut"
arg=$(grep -o 'fn_sum_rows_[0-9]*(ctx, 1, [a-z0-9_]*' "$T/rec.c" | sed 's/.*, //')
check "rec.fut: the kernel's array $arg is not brought to the host before the call" \
    grep -q "wfc_host(ctx, $arg.m)" "$T/rec.c"
check "rec.fut: the call's result is not marked as the host's" grep -q 'wfc_host_wrote(ctx, v_sum_rows_[0-9]*\.m)' "$T/rec.c"

# a filter in a map writes its kept elements straight into the result's row under a branch,
# never through a pointer that may be a local's (nvcc's optimiser dropped the stores of that
# form: tests/heldout/radix_buckets.fut gave rows of zeros on the H200)
cat > "$T/buckets.fut" <<'F'
entry buckets (k: i64) (xs: []i64) : [][]i64 = map (\b -> filter (\x -> x % k == b) xs) (iota k)
F
"$WEFT" cuda --no-cc "$T/buckets.fut" -o "$T/buckets" && pass || fail "weft cuda buckets.fut"
check "buckets.fut: the filter does not write into its row in place" grep -q '/\* written in place' "$T/buckets.cu"
check_not "buckets.fut: the filter writes through a pointer to a local" grep -q 'dummy_' "$T/buckets.cu"
check "buckets.fut: the filter's write is not under the row's bound" \
    grep -q 'if (kept_[0-9]* < row_[0-9]*\.n\[0\])' "$T/buckets.cu"

# weft test --backend=cuda: skipped without a GPU, passing with one
out=$("$WEFT" test --backend=cuda examples/scan/prefix_sum.fut 2>&1)
rc=$?
if nvidia-smi -L > /dev/null 2>&1 && command -v nvcc > /dev/null 2>&1; then
    [ $rc = 0 ] && pass || fail "weft test --backend=cuda on a GPU machine: $out"
else
    [ $rc = 0 ] && echo "$out" | grep -q '^0 passed, 0 failed, [1-9][0-9]* skipped' &&
        pass || fail "weft test --backend=cuda without a GPU should skip every case: $out"
fi
summary
