-- Size expressions in types: [n+1], [n*m], [m-1], calls ([inc n]), and names of parameters;
-- checked where a parameter, a return type or a coercion declares them.
-- ==
-- entry: snoc
-- input { [1, 2] } output { [1, 2, 0] }
-- input { empty([0]i32) } output { [0] }

-- ==
-- entry: flat
-- input { [[1, 2], [3, 4], [5, 6]] } output { [1, 2, 3, 4, 5, 6] }

-- ==
-- entry: via_call
-- input { [1, 2, 3] } output { [0, 1, 2, 3] [1, 2, 3] }

-- ==
-- entry: pairs
-- input { 3i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2], [3, 4], [5, 6]] }
-- input { 2i64 [1, 2, 3, 4, 5, 6] } error: size mismatch

-- ==
-- entry: wrong_return
-- input { [1, 2] } error: size mismatch

def inc (x: i64) = x + 1
def snoc' [n] (xs: [n]i32) : [n + 1]i32 = xs ++ [0]
def flat' [n] [m] (xs: [n][m]i32) : [n * m]i32 = flatten xs
def cons [n] (x: i32) (xs: [n]i32) : [inc n]i32 = [x] ++ xs :> [inc n]i32
def tail' [n] (xs: [inc n]i32) : [n]i32 = xs[1:] :> [n]i32

entry snoc (xs: []i32) = snoc' xs
entry flat (xss: [][]i32) = flat' xss
entry via_call [n] (xs: [n]i32) = (cons 0 xs, tail' (cons 0 xs))
entry pairs (n: i64) (xs: []i32) : [n][2]i32 = unflatten (xs :> [n * 2]i32)
entry wrong_return [n] (xs: [n]i32) : [n * 2]i32 = xs :> [n * 2]i32
