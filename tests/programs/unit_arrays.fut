-- Arrays of unit values: () holds no data, but an array of them has a length, which every
-- backend keeps (the compiled ones through a placeholder array).  Entry points take and give
-- () as nothing.

-- ==
-- entry: count
-- input { 3i64 } output { 3i64 }
-- input { 0i64 } output { 0i64 }
entry count (n: i64) : i64 = length (replicate n ())

-- Units as a component: mapped, zipped, filtered, concatenated, indexed, reversed.
-- ==
-- entry: mixed
-- input { [5i32, -2i32, 7i32, 0i32] } output { [5i32, 7i32] 6i64 3i64 }
-- input { empty([0]i32) } output { empty([0]i32) 0i64 0i64 }
entry mixed (xs: []i32) : ([]i32, i64, i64) =
  let tagged = map (\x -> (x, ())) xs
  let kept = filter (\(x, ()) -> x > 0) tagged
  let units = map (.1) tagged
  let more = concat units (replicate (length xs / 2) ())
  let more = reverse more
  let () = if length more > 0 then more[0] else ()
  in (map (.0) kept, length more, length (filter (\_ -> true) (map (\x -> x + 1) (map (.0) kept))) + length (take (i64.min 1 (length units)) units))

-- Reduce and scan over units, a loop and an if whose values are units, a record with a unit.
-- ==
-- entry: folds
-- input { 4i64 } output { 4i64 10i64 }
entry folds (n: i64) : (i64, i64) =
  let us = replicate n ()
  let () = reduce (\() () -> ()) () us
  let ss = scan (\() () -> ()) () us
  let (k, ()) = loop (k, u) = (0i64, ()) for i < n do (k + i + 1, if i % 2 == 0 then u else ())
  let r = {a = n, b = ()}
  in (length ss, k + r.a - n)

-- A 2-D array of units and its shape; a unit result is nothing, as is a unit argument.
-- ==
-- entry: grid
-- input { 2i64 3i64 } output { 2i64 3i64 }
entry grid (n: i64) (m: i64) : (i64, (), i64) =
  let g = replicate n (replicate m ())
  let t = transpose g
  in (length g, (), length t)

-- ==
-- entry: takes_unit
-- input { 7i32 } output { 8i32 }
entry takes_unit (u: ()) (x: i32) : i32 = let () = u in x + 1

-- An array of units in a result is nothing, too (an argument cannot be one:
-- tests/scripts/cli_errors.sh).
-- ==
-- entry: gives_units
-- input { 3i64 } output { 5i32 }
entry gives_units (n: i64) : ([n](), i32) = (replicate n (), 5)
