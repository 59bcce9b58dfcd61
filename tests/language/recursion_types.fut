-- Mutually recursive functions over tuples and records, and polymorphic recursive functions
-- used at several types (each type its own function on the compiled backends).
-- ==
-- entry: walk
-- input { 0 } output { true 0i64 0 }
-- input { 7 } output { false 28i64 7 }
-- input { 10 } output { true 55i64 10 }

-- ==
-- entry: walks
-- input { [3, 4] } output { [false, true] [6i64, 10i64] }

-- ==
-- entry: rev_both
-- input { [1, 2, 3] [1.5, 2.5] } output { [3, 2, 1] [2.5, 1.5] }
-- input { empty([0]i32) [7.0] } output { empty([0]i32) [7.0] }

-- ==
-- entry: rev_pairs
-- input { [1, 2, 3] [true, false, true] } output { [3, 2, 1] [true, false, true] }

-- ==
-- entry: depths
-- input { [1i64, 2i64, 3i64] } output { [1i64, 2i64, 3i64] [2i64, 4i64, 6i64] }

type acc = {sum: i64, steps: i32}

def odd_walk (p: (i32, acc)) : (bool, acc) =
  let (n, a) = p in
  if n == 0 then (false, a) else even_walk (n - 1, a with sum = a.sum + i64.i32 n with steps = a.steps + 1)

def even_walk (p: (i32, acc)) : (bool, acc) =
  let (n, a) = p in
  if n == 0 then (true, a) else odd_walk (n - 1, {sum = a.sum + i64.i32 n, steps = a.steps + 1})

def rev 't (xs: []t) : []t = if length xs == 0 then xs else rev xs[1:] ++ [xs[0]]

-- the number of halvings down to one element, at any element type
def halvings 't (xs: []t) : i64 = if length xs <= 1 then 0 else 1 + halvings xs[:length xs / 2]

entry walk (n: i32) = let (e, a) = even_walk (n, {sum = 0, steps = 0}) in (e, a.sum, a.steps)
entry walks (ns: []i32) = unzip (map (\n -> let (e, a) = even_walk (n, {sum = 0, steps = 0}) in (e, a.sum)) ns)
entry rev_both (xs: []i32) (ys: []f64) = (rev xs, rev ys)
entry rev_pairs (xs: []i32) (bs: []bool) = unzip (rev (zip xs bs))
entry depths (ks: []i64) =
  (map (\k -> halvings (replicate (2 ** k) 1u8)) ks, map (\k -> halvings (replicate (2 ** (2 * k)) (1f32, 2i16))) ks)
