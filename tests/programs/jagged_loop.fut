-- A jagged array carried through a loop: each round every row keeps the elements at or
-- above its own mean, so rows shrink at different rates.
-- ==
-- entry: rounds
-- input { 1i32 [4i64, 3i64, 2i64, 1i64, 6i64] [5i64, 1i64, 9i64, 3i64, 2i64, 2i64, 2i64, 10i64, 0i64, 7i64, 4i64, 8i64, 15i64, 16i64, 23i64, 42i64] }
-- output { [[5i64, 9i64], [2i64, 2i64, 2i64], [10i64], [7i64], [23i64, 42i64]] }
-- input { 3i32 [4i64, 3i64, 2i64, 1i64, 6i64] [5i64, 1i64, 9i64, 3i64, 2i64, 2i64, 2i64, 10i64, 0i64, 7i64, 4i64, 8i64, 15i64, 16i64, 23i64, 42i64] }
-- output { [[9i64], [2i64, 2i64, 2i64], [10i64], [7i64], [42i64]] }
-- input { 0i32 [2i64, 1i64] [1i64, 2i64, 3i64] }
-- output { [[1i64, 2i64], [3i64]] }

-- ==
-- entry: sizes
-- input { 2i32 [4i64, 3i64, 2i64, 1i64, 6i64] [5i64, 1i64, 9i64, 3i64, 2i64, 2i64, 2i64, 10i64, 0i64, 7i64, 4i64, 8i64, 15i64, 16i64, 23i64, 42i64] }
-- output { [1i64, 3i64, 1i64, 1i64, 1i64] }

def segments [m] (lens: [m]i64) (data: []i64) : [m][]i64 =
  let offs = map2 (-) (scan (+) 0 lens) lens
  in map2 (\o l -> data[o:o+l]) offs lens

def shrink (rows: [][]i64) : [][]i64 =
  map (\r -> let n = length r
             let s = i64.sum r
             in filter (\x -> x * n >= s) r) rows

entry rounds [m] (k: i32) (lens: [m]i64) (data: []i64) : [][]i64 =
  loop rows = segments lens data for _i < k do shrink rows

entry sizes [m] (k: i32) (lens: [m]i64) (data: []i64) : []i64 =
  map length (rounds k lens data)
