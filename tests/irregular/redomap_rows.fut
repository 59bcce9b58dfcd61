-- An inner array that a reduction and another SOAC both read: the optimiser fuses the reduction
-- into the map that makes the array (a redomap with map results too), and irr_split.c cuts the
-- irregular map after the reduction alone, the rows staying with the second map (found by the
-- irregular fuzzer, tests/fuzz/gen_irregular.c: the cut once took the rows for scalars, and the
-- flattened program read a per-element size out of its scope).
-- ==
-- input { [3i64, 0i64, 5i64, 1i64] } output { [7i32, 0i32, 30i32, 0i32] }
-- input { empty([0]i64) } output { empty([0]i32) }
-- input { [20i64] } output { [1520i32] }
entry main (ns: []i64) : []i32 =
  map (\n ->
    let a = map i32.i64 (iota n)
    let s = reduce (+) 0 a
    in s + reduce (+) 0 (scan (+) 0 a))
  ns

-- ==
-- entry: rows
-- input { [[1, 2], [], [3]] } output { [[2, 6, 6], [0], [6, 6]] }
-- input { empty([0][0]i32) } output { empty([0][0]i32) }
entry rows (xss: [][]i32) : [][]i32 =
  map (\xs ->
    let a = map (* 2) xs
    let s = reduce (+) 0 a
    in concat (scan (+) 0 a) [s])
  xss
