-- A triangular jagged array from iota inside map: returned as is, reduced per row, and
-- indexed with a row-dependent inner index.
-- ==
-- entry: rows
-- input { [1i64, 2i64, 3i64] }
-- output { [[0i64], [0i64, 1i64], [0i64, 1i64, 2i64]] }
-- input { [3i64, 0i64, 1i64] }
-- output { [[0i64, 1i64, 2i64], empty([0]i64), [0i64]] }
-- input { [0i64] }
-- output { [empty([0]i64)] }

-- ==
-- entry: row_sums
-- input { [1i64, 2i64, 3i64, 10i64, 0i64] }
-- output { [0i64, 1i64, 3i64, 45i64, 0i64] }

-- ==
-- entry: lengths
-- input { [4i64, 0i64, 2i64] }
-- output { [4i64, 0i64, 2i64] }

-- ==
-- entry: diagonal
-- input { [1i64, 5i64, 2i64, 9i64] }
-- output { [0i64, 10i64, 10i64, 30i64] }
-- input { [3i64, 3i64, 3i64] }
-- output { [0i64, 10i64, 20i64] }

-- ==
-- entry: total
-- input { [1i64, 2i64, 3i64, 4i64] }
-- output { 10i64 }
-- input { empty([0]i64) }
-- output { 0i64 }
-- input { [100i64] }
-- output { 4950i64 }

def tri (ns: []i64) : [][]i64 = map (\n -> iota n) ns

entry rows (ns: []i64) : [][]i64 = tri ns

entry row_sums (ns: []i64) : []i64 = map i64.sum (tri ns)

entry lengths (ns: []i64) : []i64 = map length (tri ns)

entry diagonal (ns: []i64) : []i64 =
  let t = map (\n -> map (* 10) (iota n)) ns
  in map (\i -> t[i][i64.min i (ns[i] - 1)]) (indices ns)

entry total (ns: []i64) : i64 = tri ns |> flatten |> i64.sum
