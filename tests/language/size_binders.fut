-- Sizes bound by `let [n]`, existential sizes `?[k].` in return types, type~ abbreviations,
-- and sizes fixed by a return type or a tuple pattern.
-- ==
-- entry: evens
-- input { [1, 2, 3, 4, 6] } output { 3i64 [2, 4, 6] }
-- input { [1, 3] } output { 0i64 empty([0]i32) }

-- ==
-- entry: dup
-- input { [1, 2] } output { [1, 2, 1, 2] }

-- ==
-- entry: pairs
-- input { [1, 2, 3] } output { [[1, 2], [2, 3]] }

-- ==
-- entry: tuple_sizes
-- input { [1, 2, 3] [4, 5, 6] } output { 3i64 [5, 7, 9] }
-- input { [1, 2, 3] [4, 5] } error: size mismatch

type~ evens_t = []i32

def keep_evens (xs: []i32) : ?[k].[k]i32 = filter (\x -> x % 2 == 0) xs

entry evens (xs: []i32) : (i64, evens_t) =
  let [k] (ys: [k]i32) = keep_evens xs
  in (k, ys)

def twice [n] (xs: [n]i32) : ?[m].[m]i32 = xs ++ xs

entry dup (xs: []i32) = twice xs

entry pairs [n] (xs: [n]i32) : [][2]i32 =
  let [m] (ps: [m][2]i32) = map (\i -> [xs[i], xs[i + 1]]) (iota (n - 1))
  in ps

entry tuple_sizes (xs: []i32) (ys: []i32) =
  let [n] (a: [n]i32, b: [n]i32) = (xs, ys)
  in (n, map2 (+) a b)
