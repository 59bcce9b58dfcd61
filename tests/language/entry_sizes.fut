-- Every size an entry point declares is checked, on every backend: its parameters' constant
-- sizes, sizes shared between parameters, size expressions, sizes named by top-level
-- constants ([three]i32: the constant's value), and its result's type.
-- ==
-- entry: rows3
-- input { [[1, 2, 3]] } output { [[1, 2, 3]] }
-- input { [[1, 2]] } error: size mismatch

-- ==
-- entry: pair
-- input { [1, 2] [3, 4] } output { [4, 6] }
-- input { [1] [2, 3] } error: .

-- ==
-- entry: two
-- input { [1, 2] } output { [1, 2] }
-- input { [1, 2, 3] } error: size mismatch

-- ==
-- entry: double
-- input { [1, 2] [3, 4, 5, 6] } output { [4, 6, 5, 6] }
-- input { [1, 2] [3, 4, 5] } error: size mismatch

-- ==
-- entry: named_const
-- input { [1, 2, 3] [[1, 2, 3, 4]] } output { 6 [4] }
-- input { [1, 2] [[1, 2, 3, 4]] } error: size mismatch: expected an array of 3 elements, got 2
-- input { [1, 2, 3] [[1, 2, 3]] } error: size mismatch: expected an array of 4 elements, got 3

def three : i64 = 3
def four : i64 = three + 1

def id2 (xs: []i32) : [2]i32 = xs :> [2]i32
entry rows3 (xss: [][3]i32) = xss
entry pair [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys
entry two (xs: []i32) : [2]i32 = id2 xs
entry double [n] (xs: [n]i32) (ys: [n * 2]i32) : [n * 2]i32 = map2 (+) (xs ++ replicate n 0 :> [n * 2]i32) ys
entry named_const (xs: [three]i32) (yss: [][four]i32) : (i32, []i32) = (i32.sum xs, map (\ys -> ys[3]) yss)
