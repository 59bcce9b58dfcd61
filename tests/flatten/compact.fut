-- Filters and partitions at the host level.  On the GPU each becomes a compaction of kernels
-- (src/flatten/compact.c: flags, their scan, scatters; a filter statement has no kernel and
-- ran on the host); on the CPU it stays one loop.  Tuples (one array per component), a
-- partition's order kept on both sides, nothing kept, everything kept, empty input.
-- Expected outputs worked out by hand.
-- ==
-- entry: evens
-- input { [3i32, 4i32, -2i32, 7i32, 0i32, 9i32, 12i32] }
-- output { [4i32, -2i32, 0i32, 12i32] }
-- input { [1i32, 3i32, 5i32] }
-- output { empty([0]i32) }
-- input { [2i32, 8i32] }
-- output { [2i32, 8i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }

entry evens (xs: []i32) : []i32 = filter (\x -> x % 2 == 0) xs

-- ==
-- entry: split_pairs
-- input { [5i64, 1i64, 8i64, 3i64, 9i64, 2i64] [0.5f64, 1.5f64, 2.5f64, 3.5f64, 4.5f64, 5.5f64] }
-- output { [5i64, 8i64, 9i64] [0.5f64, 2.5f64, 4.5f64] [1i64, 3i64, 2i64] [1.5f64, 3.5f64, 5.5f64] }
-- input { [1i64, 2i64] [7.0f64, 8.0f64] }
-- output { empty([0]i64) empty([0]f64) [1i64, 2i64] [7.0f64, 8.0f64] }
-- input { empty([0]i64) empty([0]f64) }
-- output { empty([0]i64) empty([0]f64) empty([0]i64) empty([0]f64) }

entry split_pairs (ks: []i64) (vs: []f64) : ([]i64, []f64, []i64, []f64) =
  let (big, small) = partition (\(k, _) -> k >= 5) (zip ks vs)
  let (bk, bv) = unzip big
  let (sk, sv) = unzip small
  in (bk, bv, sk, sv)
