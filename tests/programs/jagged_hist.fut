-- A histogram inside a map where every instance has its own number of bins: the
-- residues of the same data modulo each k.
-- ==
-- entry: residues
-- input { [2i64, 3i64, 5i64, 1i64] [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, -1i64, 11i64] }
-- output { [[4i32, 6i32], [3i32, 3i32, 4i32], [2i32, 3i32, 2i32, 1i32, 2i32], [10i32]] }

-- ==
-- entry: fullest
-- input { [2i64, 3i64, 5i64, 4i64] [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, -1i64, 11i64, 13i64] }
-- output { [1i64, 1i64, 1i64, 3i64] }

entry residues [n] (ks: []i64) (xs: [n]i64) : [][]i32 =
  map (\k -> hist (+) 0 k (map (\x -> x % k) xs) (replicate n 1)) ks

entry fullest [n] (ks: []i64) (xs: [n]i64) : []i64 =
  map (\k -> let h = reduce_by_index (replicate k 0i32) (+) 0 (map (% k) xs) (replicate n 1)
             let (i, _) = reduce (\(i, a) (j, b) -> if b > a || (b == a && j < i) then (j, b) else (i, a))
                                 (k, -1) (zip (iota k) h)
             in i) ks
