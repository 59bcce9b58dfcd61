-- Flattening rules 6-8 in nested form: an outer scalar used inside an inner map,
-- indexing with an outer-variant index, and an if with inner parallelism in both branches.
-- ==
-- entry: add_outer
-- input { [1i32, 3i32] [3i64, 2i64] [4i32, 5i32, 6i32, 9i32, 7i32] }
-- output { [[5i32, 6i32, 7i32], [12i32, 10i32]] }
-- input { [4i32, 2i32, 1i32] [3i64, 0i64, 2i64] [1i32, 2i32, 3i32, 5i32, 7i32] }
-- output { [[5i32, 6i32, 7i32], empty([0]i32), [6i32, 8i32]] }

-- ==
-- entry: index_outer
-- input { [2i64, 0i64] [3i64, 2i64] [4i32, 5i32, 6i32, 9i32, 7i32] }
-- output { [6i32, 9i32] }
-- input { [0i64, 2i64] [3i64, 2i64] [4i32, 5i32, 6i32, 9i32, 7i32] } error: .

-- ==
-- entry: if_inside
-- input { [false, true, false, true] [3i64, 4i64, 2i64, 1i64] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32] }
-- output { [[2i32, 4i32, 6i32], [5i32, 6i32, 7i32, 8i32], [16i32, 18i32], [11i32]] }

-- ==
-- entry: cross
-- input { [2i64, 1i64] [1i32, 3i32, 2i32] [1i64, 2i64] [2i32, 4i32, 5i32] }
-- output { [[[3i32], [5i32]], [[6i32, 7i32]]] }
-- input { [0i64, 3i64] [1i32, 2i32, 3i32] [2i64, 1i64] [5i32, 6i32, 7i32] }
-- output { [empty([0][0]i32), [[8i32], [9i32], [10i32]]] }

def segments [m] (lens: [m]i64) (data: []i32) : [m][]i32 =
  let offs = map2 (-) (scan (+) 0 lens) lens
  in map2 (\o l -> data[o:o+l]) offs lens

entry add_outer [m] (xs: [m]i32) (lens: [m]i64) (data: []i32) : [m][]i32 =
  map2 (\x ys -> map (+x) ys) xs (segments lens data)

entry index_outer [m] (is: [m]i64) (lens: [m]i64) (data: []i32) : [m]i32 =
  map2 (\i ys -> ys[i]) is (segments lens data)

entry if_inside [m] (bs: [m]bool) (lens: [m]i64) (data: []i32) : [m][]i32 =
  map2 (\b xs -> if b then map (+1) xs else map (*2) xs) bs (segments lens data)

entry cross [m] (lx: [m]i64) (dx: []i32) (ly: [m]i64) (dy: []i32) : [m][][]i32 =
  map2 (\xs ys -> map (\x -> map (+x) ys) xs) (segments lx dx) (segments ly dy)
