-- Recursive functions (a top-level function with a new name is in scope of its own body; one
-- that reuses an earlier name calls that one) and mutually recursive ones (a use before the
-- definition sees the later function's annotated type), called at the top level, in a map and
-- with a size that changes per call.  The compiled backends make them functions
-- (tests/scripts/compiled_recursion.sh checks the depth error and the CUDA code).
-- ==
-- entry: fact
-- input { 10 } output { 3628800 }
-- input { 0 } output { 1 }

-- ==
-- entry: parity
-- input { [0, 7, 10] } output { [true, false, true] [false, true, false] }

-- ==
-- entry: collatz
-- input { [1i64, 6i64, 27i64] } output { [0i64, 8i64, 111i64] }

-- ==
-- entry: sum_list
-- input { [1, 2, 3, 4] } output { 10 }
-- input { empty([0]i32) } output { 0 }

-- ==
-- entry: deep
-- input { 10000i64 } output { 10000i64 }

def factorial (n: i32) : i32 = if n <= 1 then 1 else n * factorial (n - 1)

def is_even (n: i32) : bool = if n == 0 then true else is_odd (n - 1)
def is_odd (n: i32) : bool = if n == 0 then false else is_even (n - 1)

def steps (n: i64) : i64 = if n == 1 then 0 else 1 + steps (if n % 2 == 0 then n / 2 else 3 * n + 1)

def total [n] (xs: [n]i32) : i32 = if n == 0 then 0 else xs[0] + total xs[1:]

def count (n: i64) : i64 = if n == 0 then 0 else 1 + count (n - 1)

entry fact (n: i32) = factorial n
entry parity (xs: []i32) = (map is_even xs, map is_odd xs)
entry collatz (xs: []i64) = map steps xs
entry sum_list (xs: []i32) = total xs
entry deep (n: i64) = count n
