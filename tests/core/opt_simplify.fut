-- Optimiser (simplify.c, cse.c, dce.c, hoist.c): constants fold with the interpreter's integer
-- semantics (wrapping, division rounding down), identities, dead code, repeated expressions,
-- loop-invariant code, and a failing statement inside a loop that runs zero times (must not be
-- hoisted out and fail).
-- ==
-- input { 0i64 [1i32, 2i32, 3i32] }
-- output { 127i8 -4i32 2i32 -2i32 true 7i32 [3i32, 4i32, 5i32] 0i32 0u8 }
-- input { 3i64 [5i32, 6i32, 7i32] }
-- output { 127i8 -4i32 2i32 -2i32 true 7i32 [7i32, 8i32, 9i32] 42i32 0u8 }
def main (k: i64) (xs: []i32) =
  let a = (100i8 + 27i8) * 1i8 + 0i8
  let b = (-7i32) / 2i32
  let c = (-7i32) % 3i32
  let d = 7i32 // (-3i32)
  let e = length xs == length xs
  let f = if true then 7i32 else 1i32 / 0i32
  let g = map (\x -> x + i32.i64 (length xs) - 1i32 + i32.i64 (length xs) * 0i32) xs
  let g2 = map (\x -> x + i32.i64 (length xs) - 1i32 + i32.i64 (length xs) * 0i32) xs
  let h = loop acc = 0i32 for i < k do acc + xs[2] * 2 + i32.i64 i * 0 + xs[i % 3] - xs[i % 3]
  let dead = xs[0] + 1
  let u = 255u8 + 1u8
  in (a, b, c, d, e, f, map2 (+) g (map (\x -> x - x) g2), h, u)
