-- Rows of Pascal's triangle, each grown in a loop whose array size changes per iteration,
-- with a different trip count in every map instance.
-- ==
-- entry: rows
-- input { [0i64, 1i64, 4i64, 2i64] }
-- output { [[1i64], [1i64, 1i64], [1i64, 4i64, 6i64, 4i64, 1i64], [1i64, 2i64, 1i64]] }
-- input { [6i64] }
-- output { [[1i64, 6i64, 15i64, 20i64, 15i64, 6i64, 1i64]] }

-- ==
-- entry: row_sums
-- input { [0i64, 5i64, 10i64, 20i64] }
-- output { [1i64, 32i64, 1024i64, 1048576i64] }

-- ==
-- entry: middle
-- input { [2i64, 4i64, 10i64, 30i64] }
-- output { [2i64, 6i64, 252i64, 155117520i64] }

def row (n: i64) : []i64 =
  loop (r: []i64) = [1] for _i < n do
    map2 (+) (r ++ [0]) ([0] ++ r)

entry rows (ns: []i64) : [][]i64 = map row ns

entry row_sums (ns: []i64) : []i64 = map (row >-> i64.sum) ns

entry middle (ns: []i64) : []i64 = map (\n -> (row n)[n / 2]) ns
