-- A batch of binary searches over one sorted array (lower bound), each a while loop with
-- its own trip count; membership derived from it.
-- ==
-- entry: positions
-- input { [4i32, 15i32, 19i32, 22i32, 23i32, 28i32, 34i32, 51i32, 57i32, 80i32, 86i32, 103i32, 108i32, 113i32, 130i32, 131i32, 138i32, 169i32, 174i32, 175i32] [0i32, 50i32, 100i32, 199i32, -5i32, 300i32, 22i32, 169i32] }
-- output { [0i64, 7i64, 11i64, 20i64, 0i64, 20i64, 3i64, 17i64] }
-- input { empty([0]i32) [1i32, 2i32] }
-- output { [0i64, 0i64] }

-- ==
-- entry: members
-- input { [4i32, 15i32, 19i32, 22i32, 23i32, 28i32, 34i32, 51i32, 57i32, 80i32, 86i32, 103i32, 108i32, 113i32, 130i32, 131i32, 138i32, 169i32, 174i32, 175i32] [4i32, 5i32, 175i32, 1000i32] }
-- output { [true, false, true, false] }

def lower_bound [n] (a: [n]i32) (x: i32) : i64 =
  let (lo, _) = loop (lo, hi) = (0, n) while lo < hi do
                  let m = (lo + hi) / 2
                  in if a[m] < x then (m + 1, hi) else (lo, m)
  in lo

entry positions [n] (a: [n]i32) (qs: []i32) : []i64 = map (lower_bound a) qs

entry members [n] (a: [n]i32) (qs: []i32) : []bool =
  map (\q -> let i = lower_bound a q in i < n && a[i] == q) qs
