-- A type abbreviation given a top-level constant as its size argument (`vec [k]`, k = 2) checks
-- that size: in a coercion and a parameter's type, also through a module (it was unchecked:
-- the expansion kept the constant's bare name, not in scope where it is used).
-- ==
-- input { 2i64 } output { [0i64, 1i64] 1i64 }
-- input { 3i64 }
-- error: run_coerce_alias_constant\.fut:21:12: Error: size mismatch: value of shape \[3\] cannot match shape of type "\[2\]i64"

type vec [n] = [n]i64

def k = 2i64

type kvec = vec [k]

module M = {
  def two = 2i64
  type pair = vec [two]
}

entry main (n: i64) : (kvec, i64) =
  let xs = iota n :> kvec
  let second (ys: M.pair) = ys[1]
  in (xs, second xs)
