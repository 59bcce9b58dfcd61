-- f16 values: text and binary input, literals (suffixed, and unsuffixed ones given f16 by their
-- type), the prelude's f16 namespace, conversions, and arrays of f16 through the SOACs.  The
-- expected bits come from Python's struct 'e' (correctly rounded binary16), not from weft.

-- The reader rounds text to half (65519 stays finite, 65520 is the tie with 2^16: infinity).
-- ==
-- entry: read_bits
-- input { [1.5f16, f16.nan, f16.inf, -f16.inf, -0.0f16, 6.1035156e-5f16, 65504f16, 0.1f16, 65519f16, 65520f16] }
-- output { [15872u16, 32256u16, 31744u16, 64512u16, 32768u16, 1024u16, 31743u16, 11878u16, 31743u16, 31744u16] }
entry read_bits (xs: []f16) : []u16 = map f16.to_bits xs

-- Results printed as f16 text (the test compares them as floats).
-- ==
-- entry: echo
-- input { [1.5f16, f16.nan, f16.inf, -f16.inf, -0.0f16, 0.25f16] 2f16 }
-- output { [3f16, f16.nan, f16.inf, -f16.inf, -0.0f16, 0.5f16] 0.5f16 }
entry echo (xs: []f16) (y: f16) : ([]f16, f16) = (map (* y) xs, 1 / y)

-- Binary input (data/f16_values.in: a [10]f16 and a scalar f16, " f16", 2 bytes each, written
-- by Python's struct): each element halved, 2^-24 * 0.5 the tie that goes to 0.
-- ==
-- entry: binary_input
-- input @ data/f16_values.in
-- output { [14848u16, 48128u16, 10854u16, 30719u16, 32768u16, 0u16, 15872u16, 12288u16, 24528u16, 57296u16] 65504f16 -1000f16 }
entry binary_input (xs: []f16) (s: f16) : ([]u16, f16, f16) =
  (map (\x -> f16.to_bits (x * s)) xs, f16.maximum xs, f16.minimum xs)

-- Math: sqrt rounded once; the others float's, rounded (no result here is near a tie).
-- sqrt abs floor ceil round trunc exp sin ** recip sgn, of 2.5.
-- ==
-- entry: math
-- input { 2.5f16 }
-- output { [15955u16, 16640u16, 16384u16, 16896u16, 16384u16, 16384u16, 18967u16, 14538u16, 17984u16, 13926u16, 15360u16] }
entry math (x: f16) : []u16 =
  map f16.to_bits [f16.sqrt x, f16.abs x, f16.floor x, f16.ceil x, f16.round x, f16.trunc x,
                   f16.exp x, f16.sin x, x ** 2, f16.recip x, f16.sgn x]

-- Constants and literals: pi, e, epsilon, an unsuffixed 0.1 and 3 taken as f16, f16.highest
-- and f16.lowest (the infinities, as for f32), nan and inf tests, (f16.+) as a function.
-- ==
-- entry: constants
-- input { 0 }
-- output { [16968u16, 16752u16, 5120u16, 11878u16, 16896u16, 31744u16, 64512u16, 15872u16] [true, false, true, false] }
entry constants (_: i32) : ([]u16, []bool) =
  let tenth : f16 = 0.1
  let three : f16 = 3
  in (map f16.to_bits [f16.pi, f16.e, f16.epsilon, tenth, three, f16.highest, f16.lowest, (f16.+) 0.5 1],
      [f16.isnan f16.nan, f16.isnan f16.inf, f16.isinf (-f16.inf), f16.isinf 65504])

-- Conversions: f32 and u64 to f16 (rounded; 1e6 overflows), f16 to f32, bool, u16, u8.
-- ==
-- entry: conversions
-- input { 0.1f32 1000000f32 7u64 -3.75f16 }
-- output { 11878u16 31744u16 18176u16 -3.75f32 true 1u16 65533u16 253u8 15360u16 0u16 }
entry conversions (a: f32) (b: f32) (c: u64) (x: f16) : (u16, u16, u16, f32, bool, u16, u16, u8, u16, u16) =
  (f16.to_bits (f16.f32 a), f16.to_bits (f16.f32 b), f16.to_bits (f16.u64 c), f32.f16 x, bool.f16 x,
   f16.to_bits (f16.bool true) - 15359, u16.f16 x, u8.f16 x, f16.to_bits (f16.bool true), f16.to_bits (f16.bool false))

-- SOACs on f16 arrays.  Every partial sum here is exact in half (multiples of 0.25 below 512,
-- or of 1 below 2048), so that any order of a parallel reduction gives the same bits.
-- ==
-- entry: soacs
-- input { 1000i64 }
-- output { 375f16 0.75f16 0f16 [0f16, 62.5f16, 125f16, 187.5f16] [0f16, 0.25f16, 0.75f16, 1.5f16, 1.5f16, 1.75f16] 375f16 [1.5f16, 0f16, 2.5f16, 0f16, 3.5f16] }
entry soacs (n: i64) : (f16, f16, f16, [4]f16, [6]f16, f16, [5]f16) =
  let xs = map (\i -> f16.i64 (i % 4) * 0.25) (iota n)
  let bins = reduce_by_index (replicate 4 0) (+) 0 (map (% 4) (iota n)) xs
  let sc = scan (+) 0 xs
  let sct = scatter (replicate 5 0) [0, 2, 4] [1.5, 2.5, 3.5]
  in (f16.sum xs, f16.maximum xs, f16.minimum xs, bins, sc[:6] :> [6]f16, sc[n - 1], sct)

-- Large arrays (parallel on multicore): four 1s, four -1s, ...: each bin and the whole sum to 0
-- in any order; the largest prefix sum is 4.
-- ==
-- entry: big
-- input { 100000i64 }
-- output { 0f16 999f16 -999f16 [0f16, 0f16, 0f16, 0f16] 4f16 }
entry big (n: i64) : (f16, f16, f16, [4]f16, f16) =
  let xs = map (\i -> if (i / 4) % 2 == 0 then 1 else -1 : f16) (iota n)
  let ys = map (\i -> f16.i64 (i % 1000) * (if i % 3 == 0 then -1 else 1)) (iota n)
  let bins = hist (+) 0 4 (map (% 4) (iota n)) xs
  in (f16.sum xs, f16.maximum ys, f16.minimum ys, bins, reduce f16.max (-f16.inf) (scan (+) 0 xs))

-- Irregular: a reduction per row of a jagged input, and rows of different lengths made inside.
-- ==
-- entry: jagged
-- input { [[1.5f16, 2f16], [], [0.25f16, 0.25f16, 0.5f16], [65504f16, 16f16]] [3i64, 0i64, 5i64, 64i64] }
-- output { [3.5f16, 0f16, 1f16, f16.inf] [3f16, 0f16, 10f16, 2016f16] }
entry jagged (rows: [][]f16) (ns: []i64) : ([]f16, []f16) =
  (map f16.sum rows, map (\n -> f16.sum (map f16.i64 (iota n))) ns)

-- More of the namespace (% fma ldexp nextafter lerp), each rounded to half, then their sum
-- rounded after each +: 0.25 + 8.75 + 20 + 2.498046875 (31.498046875 rounds to 31.5) + 2.5.
-- ==
-- entry: more
-- input { 2.5f16 }
-- output { [0.25f16, 8.75f16, 20f16, 2.498046875f16, 2.5f16] 34f16 }
entry more (x: f16) : ([5]f16, f16) =
  let r = [x % 0.75, f16.fma x x x, f16.ldexp x 3, f16.nextafter x 2, f16.lerp x x x]
  in (r, r[0] + r[1] + r[2] + r[3] + r[4])

-- A parametric module applied to f16, and an argmax over (f16, i64) pairs.
module twice (R: real) = { def twice (x: R.t) : R.t = R.(x + x) }
module twice16 = twice f16
-- ==
-- entry: modules
-- input { [1.5f16, -3f16, 7.25f16, 7.25f16, 0f16] }
-- output { [3f16, -6f16, 14.5f16, 14.5f16, 0f16] 7.25f16 2i64 }
entry modules (xs: []f16) : ([]f16, f16, i64) =
  let (m, i) = reduce (\(a, i) (b, j) -> if a > b || (a == b && i < j) then (a, i) else (b, j))
                      (-f16.inf, -1) (zip xs (indices xs))
  in (map twice16.twice xs, m, i)
