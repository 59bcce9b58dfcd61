-- Floating-point arithmetic is IEEE on every backend: the C compiler may not contract
-- `a * b + c` into a fused multiply-add (one rounding instead of two), so compiled programs
-- give the interpreter's results bit for bit (docs/BACKENDS.md, "Floating-point semantics").
-- The expected bits are Python's (IEEE doubles, no FMA); with contraction (`weft c
-- --fp-contract` on a machine with FMA) a * a - b is the exact residual of a * a, about
-- -8.3e-19 for the first case, and the dot product ends one ulp lower where its chain is fused
-- (tests/scripts/fp_semantics.sh).

-- ==
-- entry: sq_minus
-- input { 0.1f64 0.010000000000000002f64 } output { 0u64 }
entry sq_minus (a: f64) (b: f64) : u64 = f64.to_bits (a * a - b)

-- ==
-- entry: sq_minus32
-- input { 0.1f32 0.010000000707805157f32 } output { 0u32 }
entry sq_minus32 (a: f32) (b: f32) : u32 = f32.to_bits (a * a - b)

-- A map (vectorised by the C compiler) of the same, b = a * a rounded.
-- ==
-- entry: map_sq_minus
-- input { [0.1f64, 0.2f64, 0.30000000000000004f64, 0.4f64, 0.5f64, 0.6000000000000001f64, 0.7000000000000001f64, 0.8f64]
--         [0.010000000000000002f64, 0.04000000000000001f64, 0.09000000000000002f64, 0.16000000000000003f64, 0.25f64, 0.3600000000000001f64, 0.4900000000000001f64, 0.6400000000000001f64] }
-- output { [0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64] }
entry map_sq_minus (as: []f64) (bs: []f64) : []u64 =
  map2 (\a b -> f64.to_bits (a * a - b)) as bs

-- A dot product accumulated in order: acc + x * y is the classic FMA candidate.
-- xs[i] = 0.1 * (i + 1), ys[i] = 1 / (i + 3); Python's sum is 0.5142063492063493.
-- ==
-- entry: dot
-- input { [0.1f64, 0.2f64, 0.30000000000000004f64, 0.4f64, 0.5f64, 0.6000000000000001f64, 0.7000000000000001f64, 0.8f64]
--         [0.3333333333333333f64, 0.25f64, 0.2f64, 0.16666666666666666f64, 0.14285714285714285f64, 0.125f64, 0.1111111111111111f64, 0.1f64] }
-- output { 4602806778590630932u64 }
entry dot [n] (xs: [n]f64) (ys: [n]f64) : u64 =
  f64.to_bits (loop acc = 0f64 for i < n do acc + xs[i] * ys[i])
