-- Several entry points sharing helpers: polynomial evaluation (Horner, a for-in loop over a
-- reversed array), derivative, and counting sign changes of p over an integer grid.
-- ==
-- entry: eval
-- input { [1i64, -2i64, 3i64] [0i64, 1i64, 2i64, -1i64] }
-- output { [1i64, 2i64, 9i64, 6i64] }
-- input { empty([0]i64) [5i64] }
-- output { [0i64] }

-- ==
-- entry: deriv
-- input { [1i64, -2i64, 3i64] }
-- output { [-2i64, 6i64] }
-- input { [5i64] }
-- output { empty([0]i64) }
-- input { [0i64, 0i64, 0i64, 4i64] }
-- output { [0i64, 0i64, 12i64] }

-- ==
-- entry: sign_changes
-- input { [-15i64, 46i64, -36i64, 8i64] -1i64 5i64 }
-- output { 3i64 }
-- input { [1i64, 0i64, 1i64] -3i64 3i64 }
-- output { 0i64 }

-- ==
-- entry: eval_deriv
-- input { [1i64, -2i64, 3i64] [0i64, 1i64, 2i64] }
-- output { [-2i64, 4i64, 10i64] }

def horner (cs: []i64) (x: i64) : i64 = loop acc = 0 for c in reverse cs do acc * x + c

def derivative (cs: []i64) : []i64 = drop 1 (map2 (*) cs (indices cs))

entry eval (cs: []i64) (xs: []i64) : []i64 = map (horner cs) xs

entry deriv (cs: []i64) : []i64 = derivative cs

entry sign_changes (cs: []i64) (lo: i64) (hi: i64) : i64 =
  let vs = map (horner cs) (lo...hi)
  let n = length vs
  in i64.sum (map (\i -> if vs[i] * vs[i + 1] < 0 then 1 else 0) (iota (n - 1)))

entry eval_deriv (cs: []i64) (xs: []i64) : []i64 = map (horner (derivative cs)) xs
