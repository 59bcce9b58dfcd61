-- Scans inside maps over rows of different lengths: triangular numbers from iota,
-- segment-local running products, and a running maximum per segment.
-- ==
-- entry: triangular
-- input { [0i64, 1i64, 4i64, 2i64] }
-- output { [[0i64], [0i64, 1i64], [0i64, 1i64, 3i64, 6i64, 10i64], [0i64, 1i64, 3i64]] }

-- ==
-- entry: products
-- input { [3i64, 1i64, 0i64, 4i64] [1i64, 2i64, 3i64, 7i64, 2i64, 2i64, 2i64, -1i64] }
-- output { [[1i64, 2i64, 6i64], [7i64], empty([0]i64), [2i64, 4i64, 8i64, -8i64]] }
-- input { [2i64] [5i64, 5i64] }
-- output { [[5i64, 25i64]] }

-- ==
-- entry: running_max
-- input { [4i64, 2i64] [3i64, 1i64, 4i64, 1i64, -5i64, -9i64] }
-- output { [[3i64, 3i64, 4i64, 4i64], [-5i64, -5i64]] }

-- ==
-- entry: last_of_each
-- input { [3i64, 0i64, 2i64] [1i64, 2i64, 3i64, 4i64, 5i64] }
-- output { [6i64, 0i64, 9i64] }

entry triangular (ns: []i64) : [][]i64 =
  map (\n -> scan (+) 0 (iota (n + 1))) ns

def segments [m] (lens: [m]i64) (data: []i64) : [m][]i64 =
  let offs = map2 (-) (scan (+) 0 lens) lens
  in map2 (\o l -> data[o:o+l]) offs lens

entry products [m] (lens: [m]i64) (data: []i64) : [m][]i64 =
  map (scan (*) 1) (segments lens data)

entry running_max [m] (lens: [m]i64) (data: []i64) : [m][]i64 =
  segments lens data |> map (\s -> scan i64.max i64.lowest s)

entry last_of_each [m] (lens: [m]i64) (data: []i64) : [m]i64 =
  map (\s -> let p = scan (+) 0 s in if length p == 0 then 0 else last p) (segments lens data)
