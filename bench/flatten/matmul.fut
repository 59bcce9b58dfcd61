-- Matrix multiplication, the running example of seed 001 (Figure 2): A is [n][m], B [m][n].
-- With n rows of A and n columns of B, the outer maps have n and n*n iterations and the
-- dot products m; which level deserves the cores depends on the shape, so the multicore
-- backend versions it (docs/FLATTENING.md) and bench/flatten/matmul.sh times each version.
-- ==
-- input { [[1f32, 2f32], [3f32, 4f32]] [[5f32, 6f32], [7f32, 8f32]] }
-- output { [[19f32, 22f32], [43f32, 50f32]] }
-- input { [[1f32, 2f32, 3f32]] [[1f32], [1f32], [2f32]] }
-- output { [[9f32]] }

entry main [n] [m] (a: [n][m]f32) (b: [m][n]f32) : [n][n]f32 =
  let bt = transpose b
  in map (\row -> map (\col -> f32.sum (map2 (*) row col)) bt) a
