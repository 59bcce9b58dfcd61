-- Reductions whose operators do not commute, over enough elements that a GPU reduce splits
-- them across many blocks and warps (rts/cuda_kernels.cuh folds such operators in order): the
-- composition of affine maps x -> a * x + b (i32, wrapping) and the last non-zero element.
-- The expected values were computed by a separate sequential program (Python, the same
-- formulas, arithmetic modulo 2^32).

-- ==
-- entry: affine
-- input { 300007i64 } output { -672972479i32 -1411507169i32 }
-- input { 1i64 } output { 1i32 0i32 }
-- input { 0i64 } output { 1i32 0i32 }
entry affine (n: i64) : (i32, i32) =
  let fs = map (\i -> (1 + 2 * i32.i64 (i % 7), i32.i64 (i % 13))) (iota n)
  in reduce (\(a1, b1) (a2, b2) -> (a2 * a1, a2 * b1 + b2)) (1, 0) fs

-- ==
-- entry: last_nonzero
-- input { 300007i64 } output { 6i64 }
-- input { 1i64 } output { 0i64 }
entry last_nonzero (n: i64) : i64 =
  let xs = map (\i -> if (i * 7919) % 10 == 0 then 0 else i % 1000) (iota n)
  in reduce (\a b -> if b != 0 then b else a) 0 xs
