-- A map whose rows the represent pass proves regular (every row is one array from outside the
-- map, of a size the optimiser folded to a constant) while the type says jagged ([][][]i32):
-- the value has fewer levels of offsets than the type, and gets the missing ones, evenly
-- spaced, where it is passed as the jagged type (found by the irregular fuzzer: an internal
-- error "a value of 1 levels where 2 are expected" in jagged.c).
-- ==
-- input { [2i64, 1i64, 3i64] } output { [[[0, 1, 2, 3, 4], [0, 1, 2, 3, 4]], [[0, 1, 2, 3, 4]], [[0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]] }
-- input { [1i64] } output { [[[0, 1, 2, 3, 4]]] }
entry main (ns: []i64) : [][][]i32 =
  map (\n -> map (\i -> map i32.i64 (iota (i64.i32 (5 & 7)))) (iota n)) ns

-- ==
-- entry: shifted
-- input { [2i64, 1i64] 3 } output { [[[3, 4], [4, 5]], [[3, 4]]] }
entry shifted (ns: []i64) (k: i32) : [][][]i32 =
  map (\n -> map (\i -> map (\x -> x + k + i32.i64 i) (map i32.i64 (iota (i64.i32 (10 & 2))))) (iota n)) ns
