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

-- Arrays of arrays: a parameter and a result whose inner size is named, a result whose rows the
-- type does not fix, and a parameter whose rows differ in length (jagged values are passed to
-- and from the compiled functions as their parts).

-- ==
-- entry: halve_rows
-- input { [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10]] } output { [[1, 2]] }
-- input { empty([0][3]i32) } output { empty([0][3]i32) }

-- ==
-- entry: grow_rows
-- input { 0i64 } output { [[1, 2]] }
-- input { 3i64 } output { [[1, 2], [1, 0], [2, 0], [3, 0]] }

-- ==
-- entry: row_sums
-- input { 4i64 } output { [6i64, 6i64, 6i64, 6i64] }

def halve [n] [m] (xss: [n][m]i32) : [][m]i32 = if n <= 1 then xss else halve xss[:n / 2]

def grow (k: i64) : [][]i32 = if k == 0 then [[1, 2]] else grow (k - 1) ++ [[i32.i64 k, 0]]

def sum_rows (xss: [][]i64) : []i64 =
  if length xss == 0 then [] else [i64.sum xss[0]] ++ sum_rows xss[1:]

entry halve_rows [m] (xss: [][m]i32) = halve xss
entry grow_rows (k: i64) = grow k
entry row_sums (k: i64) = sum_rows (map (\_ -> iota 4) (iota k))

-- ==
-- entry: jagged_sums
-- input { 4i64 } output { [0i64, 0i64, 1i64, 3i64] }
-- input { 0i64 } output { empty([0]i64) }

entry jagged_sums (k: i64) = sum_rows (map (\i -> iota i) (iota k))
