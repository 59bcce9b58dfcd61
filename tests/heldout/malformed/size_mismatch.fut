-- map2 over arrays of two different declared sizes.  weft checks distinct size names at run
-- time (docs/ARCHITECTURE.md, "Types"), so this compiles and fails only on unequal lengths.
-- ==
-- input { [1i32, 2i32] [3i32, 4i32] } output { [4i32, 6i32] }
-- input { [1i32, 2i32] [3i32, 4i32, 5i32] } error: size mismatch
entry main [n][m] (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  map2 (+) xs ys
