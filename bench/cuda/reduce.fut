-- Regular reductions of one [N]i32 (docs/PERFORMANCE.md, "Regular reductions on the GPU"):
-- the sum in i32 and in i64, whose operators commute exactly (rts/cuda_kernels.cuh folds them
-- striped), and two that it folds in order: the f32 sum (a different order changes its bits)
-- and an argmax whose operator is a lambda on pairs.  Inputs from bench/cuda/gen.c (`gen i32 N`).

-- ==
-- entry: isum
-- input { [1, -2, 3, 2147483647] } output { -2147483647i32 }
entry isum (xs: []i32) : i32 = reduce (+) 0 xs

-- ==
-- entry: lsum
-- input { [1, -2, 3, 2147483647] } output { 2147483649i64 }
entry lsum (xs: []i32) : i64 = reduce (+) 0 (map i64.i32 xs)

-- ==
-- entry: fsum
-- input { [1, -2, 3] } output { 2f32 }
entry fsum (xs: []i32) : f32 = reduce (+) 0 (map f32.i32 xs)

-- ==
-- entry: imax
-- input { [3, 7, 1, 7] } output { 7i32 1i64 }
entry imax (xs: []i32) : (i32, i64) =
  reduce (\(a, i) (b, j) -> if a > b || (a == b && i < j) then (a, i) else (b, j)) (i32.lowest, -1)
         (zip xs (iota (length xs)))
