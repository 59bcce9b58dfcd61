-- A size parameter that only a call's result mentions is fixed by what the definition does
-- with the result afterwards: a later use, a top-level constant in a type, or an argument
-- whose length, with the other sizes known, leaves one value (unflatten's n from m).
-- ==
-- entry: rows
-- input { 2i64 [[1,2,3],[4,5,6]] [10,20,30,40,50,60] }
-- output { [[11, 22, 33], [44, 55, 66]] }
-- input { 2i64 [[1,2,3],[4,5,6]] [10,20,30,40,50] }
-- error: size mismatch

def three : i64 = 3

-- rep's [n] comes from the constant in the return type
def zeros : [three]i32 = rep 0i32

-- the later map2 with xs fixes unflatten's m (= k) and n (= m); nothing else names them
entry rows [m] [k] (_: i64) (xs: [m][k]i32) (ys: []i32) : [m][k]i32 =
  let zs = unflatten ys
  in map2 (map2 (+)) xs zs

-- ==
-- entry: cols
-- input { [1,2,3] [10,20,30,40,50,60] }
-- output { [[10, 20, 30], [40, 50, 60]] [0, 0, 0] }
-- input { [1,2,3] [10,20,30,40] }
-- error: size mismatch
-- input { empty([0]i32) empty([0]i32) }
-- output { empty([0][0]i32) [0, 0, 0] }

-- the later map fixes unflatten's m (= n); n is then the length of ys divided by m
entry cols [n] (xs: [n]i32) (ys: []i32) =
  let zs = unflatten ys
  let w = map (\r -> map2 (\a b -> a * 0 + b) xs r) zs
  in (w, map (+ 0) zeros)

-- ==
-- entry: roundtrip
-- input { [1,2,3] } output { [1,2,3] }
-- input { empty([0]i32) } output { empty([0]i32) }

def inc (x: i64) = x + 1
def behead [n] 't (a: [inc n]t) : [n]t = a[1:] :> [n]t
def push [n] 't (x: t) (a: [n]t) : [inc n]t = [x] ++ a :> [inc n]t

-- behead's n is push's, which is the length of xs (a parameter of unknown size)
entry roundtrip (xs: []i32) = behead (push 7 xs)

-- ==
-- entry: wrapped
-- input { [1, 2] [10, 20, 30, 40, 50, 60] } output { [[11, 31, 51], [22, 42, 62]] }
-- input { [1, 2] [10, 20, 30] } error: size mismatch

-- a top-level function without types is size-polymorphic in its parameters (as in Futhark):
-- both results of each call have the size of its arguments
def pairwise f as bs = map2 f as bs

-- zs's rows are fixed by the call (m = n), zs's count by the length of the let-bound ys' / n
entry wrapped [n] (xs: [n]i32) (ys: []i32) =
  let ys' = map (+ 0) ys
  let zs = unflatten ys' |> transpose
  in pairwise (\x r -> map (+ x) r) xs zs

-- ==
-- entry: counted
-- input { [1, -2, 3, -4, 5] } output { 4i64 }
-- input { [-1] } output { 1i64 }

-- n is the size of the array the function f returns is applied to: here filter's result,
-- which has no name (weft binds it first)
def plus_one [n] (_: [n]i32 -> i32) : [n]i32 -> i64 =
  let m = n + 1
  in \_ -> m

entry counted (xs: []i32) = filter (> 0) xs |> plus_one (\_ -> 0)

-- ==
-- entry: drop_two
-- input { [1, 2, 3] } output { [3] }
-- input { [1, 2] } output { empty([0]i32) }
-- input { [1] } error: size mismatch

def drop2 [n] 't (a: [n + 2]t) : [n]t = a[2:] :> [n]t

-- n is the length of xs less 2, never negative (a shorter xs fails drop2's size check)
entry drop_two (xs: []i32) = drop2 xs
