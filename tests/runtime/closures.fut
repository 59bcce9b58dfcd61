-- Closures capture the values of free variables at creation time, including shadowed ones.
-- ==
-- input { 10 } output { 15 25 [11, 12, 13] }
def adder (k: i32) : i32 -> i32 = \x -> x + k
def main (n: i32) : (i32, i32, [3]i32) =
  let f = adder 5
  let g = let k = n * 2 in \x -> x + k + 5
  let k = 1000
  let h = \x -> x + n
  in (f n, g k - 1000 + 0 * k, map h [1, 2, 3])
