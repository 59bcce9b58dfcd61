-- A negative size computed inside a map is an error only when the map's body runs: the
-- flattened versions (the replicate's size becomes a dimension of the nest's space and of its
-- output) check it before allocating, and not when the outer array is empty.  (The compiled
-- backends name the map's location, the interpreter the replicate's: the same line.)
-- ==
-- input { -3i64 [1i32, 2i32] } error: run_replicate_negative_nested\.fut:11:[0-9]+: Error: .*negative size -3
-- input { -3i64 empty([0]i32) } output { empty([0]i32) }
-- input { 2i64 [1i32, 2i32] } output { [2i32, 4i32] }
-- input { 0i64 [1i32, 2i32] } output { [0i32, 0i32] }
def main (k: i64) (xs: []i32) : []i32 =
  map (\x -> i32.sum (replicate k x)) xs
