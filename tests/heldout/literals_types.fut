-- Numeric literal forms (hex, binary, underscores, exponents, hex floats, suffixes),
-- parametric type aliases, ascriptions, and literals taking their type from context.
-- ==
-- entry: lits
-- input { 0i32 }
-- output { 31i32 5i32 1000000i64 2500.0f64 12.0f32 255u8 -16i64 }
-- input { 1i32 }
-- output { 32i32 5i32 1000000i64 2500.0f64 12.0f32 255u8 -16i64 }

-- ==
-- entry: swapper
-- input { [1i32, 2i32] [3i32, 4i32] }
-- output { [3i32, 4i32] [1i32, 2i32] }

-- ==
-- entry: contextual
-- input { [1u16, 65535u16] }
-- output { [3u16, 1u16] [0.5f32, 0.5f32] }

type pair 't = (t, t)

def swap 't ((a, b): pair t) : pair t = (b, a)

entry lits (x: i32) : (i32, i32, i64, f64, f32, u8, i64) =
  (0x1F + x, 0b101, 1_000_000i64, 2.5e3, 0x1.8p3f32, 255u8, -0x10)

entry swapper [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) = unzip (map swap (zip xs ys))

entry contextual (xs: []u16) : ([]u16, []f32) =
  (map (\x -> x + 2) xs, map (\_ -> (1 : f32) / 2) xs)
