-- Futhark's slice intrinsics (intrinsics.flat_index_2d .. 4d, flat_update_2d .. 4d): an array
-- of `as[offset + i*s1 + j*s2 + ...]`, negative and zero strides too, and writes to those
-- places; an index out of bounds is an error for both (a scatter would drop the write).
-- Expected values worked out by hand over as = [0, 1, ..., 11].
-- ==
-- input { 12i64 }
-- output { [[1i64, 2i64], [5i64, 6i64], [9i64, 10i64]]
--          [[[0i64, 1i64], [3i64, 4i64]], [[6i64, 7i64], [9i64, 10i64]]]
--          [[[[11i64, 10i64]], [[6i64, 5i64]]]]
--          [100i64, 1i64, 101i64, 3i64, 102i64, 5i64, 103i64, 7i64, 8i64, 9i64, 10i64, 11i64]
--          [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64, 201i64, 200i64] }
-- input { 11i64 } error: out of bounds

-- ==
-- entry: bad_update
-- input { 12i64 } output { [7i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64, 10i64, 7i64] }
-- input { 11i64 } error: out of bounds

entry main (n: i64) =
  let as = iota n
  in ( intrinsics.flat_index_2d as 1 3 4 2 1
     , intrinsics.flat_index_3d as 0 2 6 2 3 2 1
     , intrinsics.flat_index_4d as 11 1 0 2 (-5) 1 0 2 (-1)
     , intrinsics.flat_update_2d (copy as) 0 4 2 [[100, 101], [102, 103]]
     , intrinsics.flat_update_3d (copy as) 11 0 0 (-1) [[[200, 201]]] )

entry bad_update (n: i64) =
  intrinsics.flat_update_4d (iota n) 0 1 0 0 11 [[[[7, 7]]]]
