-- Permutations with scatter and gather: inverse, scattering values to their targets,
-- repeated application, and checking that a permutation is a bijection.
-- ==
-- entry: inverse
-- input { [2i64, 0i64, 1i64] }
-- output { [1i64, 2i64, 0i64] }
-- input { [2i64, 3i64, 1i64, 0i64, 8i64, 7i64, 6i64, 5i64, 4i64] }
-- output { [3i64, 2i64, 0i64, 1i64, 8i64, 7i64, 6i64, 5i64, 4i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }

-- ==
-- entry: place
-- input { [2i64, 0i64, 1i64] [1.5f32, 2.5f32, 3.5f32] }
-- output { [2.5f32, 3.5f32, 1.5f32] }

-- ==
-- entry: apply_k
-- input { [1i64, 2i64, 3i64, 0i64] [10i32, 20i32, 30i32, 40i32] 1i32 }
-- output { [20i32, 30i32, 40i32, 10i32] }
-- input { [1i64, 2i64, 3i64, 0i64] [10i32, 20i32, 30i32, 40i32] 4i32 }
-- output { [10i32, 20i32, 30i32, 40i32] }
-- input { [2i64, 3i64, 1i64, 0i64, 8i64, 7i64, 6i64, 5i64, 4i64] [100i32, 101i32, 102i32, 103i32, 104i32, 105i32, 106i32, 107i32, 108i32] 3i32 }
-- output { [103i32, 102i32, 100i32, 101i32, 108i32, 107i32, 106i32, 105i32, 104i32] }

-- ==
-- entry: is_perm
-- input { [2i64, 0i64, 1i64] }
-- output { true }
-- input { [0i64, 0i64, 2i64] }
-- output { false }
-- input { [2i64, 3i64, 1i64, 0i64, 8i64, 7i64, 6i64, 5i64, 4i64] }
-- output { true }
-- input { [3i64, 1i64, 2i64] }
-- output { false }

entry inverse [n] (p: [n]i64) : [n]i64 = scatter (replicate n 0) p (iota n)

entry place [n] (p: [n]i64) (xs: [n]f32) : [n]f32 = scatter (replicate n 0) p xs

entry apply_k [n] (p: [n]i64) (xs: [n]i32) (k: i32) : [n]i32 =
  loop xs for _i < k do map (\i -> xs[i]) p

entry is_perm [n] (p: [n]i64) : bool =
  let seen = reduce_by_index (replicate n 0i32) (+) 0 p (replicate n 1)
  in all (== 1) seen
