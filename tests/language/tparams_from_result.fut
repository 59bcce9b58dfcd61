-- Type parameters that no argument gives: one only in the result (an empty array of the
-- caller's element type), one only in a function parameter's result (the accumulator of a
-- loop that starts empty), and one a caller's own parameter passes on; compiled code knows
-- them from the use's type as the interpreter does.
-- ==
-- entry: empties
-- input { 3i64 } output { 3i64 empty([0]i32) empty([0]f64) }

-- ==
-- entry: concat_map
-- input { [1i64, 3i64, 0i64, 2i64] } output { [0i64, 0i64, 1i64, 2i64, 0i64, 1i64] 6i64 }

-- ==
-- entry: pairs
-- input { [4, 5] } output { [4, 4, 5, 5] [true, false] }

def none 'a (n: i64) : (i64, [0]a) = (n, [] : [0]a)

def concat_with [n] 'a 'b (f: a -> []b) (xs: [n]a) : []b =
  loop acc = [] for x in xs do acc ++ f x

def twice 't (xs: []t) : []t = concat_with (\x -> [x, x]) xs

entry empties (n: i64) : (i64, [0]i32, [0]f64) =
  let (m, a) = none n
  let (_, b) = none n
  in (m, a, b)

entry concat_map (xs: []i64) =
  let r = concat_with iota xs
  in (r, length r)

entry pairs (xs: []i32) = (twice xs, concat_with (\(x: i32) -> [x >= 4, x < 4]) xs[:1])
