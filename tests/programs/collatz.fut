-- Collatz trajectories: loops whose trip count differs per element, as lengths and as a
-- jagged array of whole trajectories grown by concatenation.
-- ==
-- entry: lengths
-- input { [1i64, 2i64, 3i64, 6i64, 7i64, 27i64] }
-- output { [1i32, 2i32, 8i32, 9i32, 17i32, 112i32] }
-- input { empty([0]i64) }
-- output { empty([0]i32) }

-- ==
-- entry: trajectories
-- input { [1i64, 6i64, 3i64] }
-- output { [[1i64], [6i64, 3i64, 10i64, 5i64, 16i64, 8i64, 4i64, 2i64, 1i64], [3i64, 10i64, 5i64, 16i64, 8i64, 4i64, 2i64, 1i64]] }
-- input { [8i64] }
-- output { [[8i64, 4i64, 2i64, 1i64]] }

-- ==
-- entry: peak
-- input { [7i64, 27i64, 1i64] }
-- output { [52i64, 9232i64, 1i64] }

def next (x: i64) : i64 = if x % 2 == 0 then x / 2 else 3 * x + 1

entry lengths (ns: []i64) : []i32 =
  map (\n -> let (_, c) = loop (x, c) = (n, 1) while x != 1 do (next x, c + 1) in c) ns

entry trajectories (ns: []i64) : [][]i64 =
  map (\n -> loop (s: []i64) = [n] while last s != 1 do s ++ [next (last s)]) ns

entry peak (ns: []i64) : []i64 =
  map (\n -> i64.maximum (loop (s: []i64) = [n] while last s != 1 do s ++ [next (last s)])) ns
