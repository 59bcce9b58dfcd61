-- Type parameters and higher-order functions: twice, compose, a generic fold_map, a generic
-- "index of the best element" taking a comparison, functions returning lambdas, pipes,
-- composition operators, flip/uncurry, iterate and the sequential folds.
-- ==
-- entry: apply_twice
-- input { [0i32, 1i32, -2i32] }
-- output { [4i32, 13i32, -14i32] }

-- ==
-- entry: composed
-- input { [0.0, 3.0, -3.0] }
-- output { [4.0, 5.0, 5.0] }

-- ==
-- entry: pipeline
-- input { [1i32, 2i32, 5i32, 8i32, -1i32] }
-- output { 126i32 }
-- input { empty([0]i32) }
-- output { 0i32 }

-- ==
-- entry: best
-- input { [2.0f32, 7.0f32, -1.0f32, 7.0f32, -1.0f32] }
-- output { 1i64 2i64 }
-- input { empty([0]f32) }
-- output { -1i64 -1i64 }

-- ==
-- entry: compo
-- input { [0i32, 5i32, -3i32] }
-- output { [2i32, 12i32, -4i32] [1i32, 11i32, -5i32] }

-- ==
-- entry: adders
-- input { 10i32 [1i32, 2i32, 3i32] [5i32, 5i32, 5i32] }
-- output { [11i32, 12i32, 13i32] [-9i32, -8i32, -7i32] [6i32, 7i32, 8i32] }

-- ==
-- entry: folds
-- input { [1i32, 2i32, 3i32] }
-- output { 123i32 321i32 8i32 }
-- input { empty([0]i32) }
-- output { 0i32 0i32 8i32 }

def twice 'a (f: a -> a) (x: a) : a = f (f x)

def compose 'a 'b 'c (f: b -> c) (g: a -> b) : a -> c = \x -> f (g x)

def fold_map 'a 'b [n] (f: a -> b) (op: b -> b -> b) (ne: b) (xs: [n]a) : b =
  reduce op ne (map f xs)

def argbest 't [n] (better: t -> t -> bool) (xs: [n]t) : i64 =
  if n == 0 then -1
  else let (i, _) = reduce (\(i1, x1) (i2, x2) ->
                              if i1 < 0 then (i2, x2)
                              else if i2 < 0 then (i1, x1)
                              else if better x2 x1 then (i2, x2)
                              else (i1, x1))
                           (-1, xs[0]) (zip (iota n) xs)
       in i

def adder (k: i32) : i32 -> i32 = \x -> x + k

entry apply_twice (xs: []i32) : []i32 = map (twice (\x -> x * 3 + 1)) xs

entry composed (xs: []f64) : []f64 = map (compose f64.sqrt (\x -> x * x + 16)) xs

entry pipeline (xs: []i32) : i32 =
  xs |> map (+ 1) |> filter (\x -> x % 3 == 0) |> fold_map (\x -> x * x) (+) 0

entry best (xs: []f32) : (i64, i64) = (argbest (>) xs, argbest (<) xs)

entry compo (xs: []i32) : ([]i32, []i32) = (map ((+ 1) >-> (* 2)) xs, map ((+ 1) <-< (* 2)) xs)

entry adders [n] (k: i32) (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32, [n]i32) =
  (map (adder k) xs, map (flip (-) k) xs, map (uncurry (+)) (zip xs ys))

entry folds (xs: []i32) : (i32, i32, i32) =
  (foldl (\acc x -> acc * 10 + x) 0 xs, foldr (\x acc -> acc * 10 + x) 0 xs, iterate 3 (* 2) 1)
