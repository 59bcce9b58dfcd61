-- Operators as parameters: `(op)` binds an operator name in a function's parameters (with or
-- without a type), in a lambda and in a local function; inside, the name used infix and as a
-- section calls the argument, shadowing the built-in operator of the same name.
-- ==
-- entry: smallest
-- input { [5, 3, 8, 1, 9] } output { 1 9 }

-- ==
-- entry: combine
-- input { 7 3 } output { 10 4 21 true }

-- ==
-- entry: folded
-- input { [1, 2, 3, 4] } output { 10 24 [2, 3, 4, 5] }

def pick [n] 't ((<=): t -> t -> bool) (xs: [n]t) : t =
  reduce (\x y -> if x <= y then x else y) xs[0] xs

def apply2 (+) x y = x + y

entry smallest (xs: []i32) = (pick (<=) xs, pick (>=) xs)

entry combine (a: i32) (b: i32) =
  (apply2 (+) a b, apply2 (-) a b, apply2 (*) a b, apply2 (>) a b)

entry folded (xs: []i32) =
  let fold (*) (z: i32) = loop acc = z for x in xs do acc * x
  let bump = \(+) -> map (+ 1) xs
  in (fold (+) 0, fold (*) 1, bump (+))
