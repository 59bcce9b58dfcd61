-- matmul.fut — matrix multiplication as nested maps over a dot product (issue 24, item 3),
-- timed by bench/cliffs/matmul.sh against bench/baselines/matmul.c.  The dot product reads B
-- down its columns; the c and multicore backends interchange the nest (emit_soac.c,
-- src/backend/nest.c) so that the innermost loop runs along B's rows.

entry f32 [n] [m] [p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\row -> map (\col -> f32.sum (map2 (*) row col)) (transpose b)) a

entry f64 [n] [m] [p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a
