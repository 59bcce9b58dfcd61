-- A segmented reduction with a non-commutative operator (composition of affine maps
-- v -> a*v + b, a = +-1) over few long rows: on the GPU the flat version splits each row into
-- parts folded by separate blocks (rts/flat_dev.cuh), whose results must be combined in order.
-- Expected values computed independently (a Python loop).
-- ==
-- input { 2i64 300001i64 }
-- output { [240000i32, 240002i32] }
-- input { 3i64 4099i64 }
-- output { [3278i32, 3276i32, -3279i32] }
-- input { 1i64 2048i64 }
-- output { [1634i32] }
-- input { 5i64 64i64 }
-- output { [50i32, 48i32, -51i32, 55i32, 52i32] }

entry main (n: i64) (m: i64) : [n]i32 =
  map (\r ->
         let (_, b) =
           reduce (\(a1, b1) (a2, b2) -> (a1 * a2, a2 * b1 + b2)) (1i32, 0i32)
                  (map (\j -> let x = i32.i64 ((r * 7 + j * 13) % 5)
                              in (if x % 2 == 0 then 1 else -1, x))
                       (iota m))
         in b)
      (iota n)
