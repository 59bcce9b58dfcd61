-- Sizes only a function's type gives (phantom sizes, sizes in negative positions) come from the
-- use; an empty array literal of a type parameter's type in a polymorphic function (loop acc =
-- []); empty arrays keep the inner sizes their type gives.
-- ==
-- entry: phantom
-- input { 1 } output { 3i64 }

-- ==
-- entry: reverse
-- input { [1, 2, 3] } output { [3, 2, 1] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: reverse_pairs
-- input { [1, 2] [true, false] } output { [2, 1] [false, true] }

-- ==
-- entry: empty_rows
-- input { 3i64 } output { empty([0][3]i32) empty([3][0]i32) }

def count [n] (f: [n]i32 -> [n]i32) : i64 = n
def rev 't (xs: []t) : []t = loop acc = [] for x in xs do [x] ++ acc

entry phantom (x: i32) = count (\(ys: [3]i32) -> map (+ x) ys)
entry reverse (xs: []i32) = rev xs
entry reverse_pairs (xs: []i32) (ys: []bool) = unzip (rev (zip xs ys))
entry empty_rows (n: i64) =
  let e = map (\_ -> replicate n 0i32) (iota 0)
  in (e :> [0][n]i32, transpose e)
