-- Element reads of flattened segmented operations: an inner SOAC's element j of the array
-- whose size is its width needs no bounds check (src/flatten/irregular.c, `index_inrange`),
-- while a second array of a zip is still checked, so rows of different lengths fail with a
-- located error on every version, never read out of bounds.
-- ==
-- entry: sums
-- input { [[1, 2, 3], [4], [], [5, 6]] }
-- output { [6, 4, 0, 11] }
-- input { empty([0][0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: dots
-- input { [[1, 2, 3], [4], []] [[1, 1, 1], [2], []] }
-- output { [6, 8, 0] }
-- input { [[1, 2, 3], [4]] [[1, 1], [2]] }
-- error: size mismatch|out of bounds
-- input { [[1, 2], [4]] [[1, 1, 1], [2]] }
-- error: size mismatch|out of bounds

-- ==
-- entry: prefix_sums
-- input { [[1, 2, 3], [], [4, -5]] }
-- output { [[1, 3, 6], [], [4, -1]] }

entry sums (xss: [][]i32) : []i32 = map (\xs -> reduce (+) 0 xs) xss

entry dots (xss: [][]i32) (yss: [][]i32) : []i32 =
  map2 (\xs ys -> reduce (+) 0 (map2 (*) xs ys)) xss yss

entry prefix_sums (xss: [][]i32) : [][]i32 = map (\xs -> scan (+) 0 xs) xss
