-- A named parameter of a function type ((k: i64) -> [k]t) stands for whatever argument a call
-- gives, also where the call does not go through a variable (a record's field), and a lambda
-- with its own parameter names has that type.
-- ==
-- input { 4i64 } output { 10.0f64 3i64 }
type^ summer = {total: (k: i64) -> [k]f64 -> f64}
def make (scale: f64) : summer = {total = \(k: i64) (xs: [k]f64) -> scale * f64.sum xs}
type^ counter = (k: i64) -> [k]i32 -> i64
def count : counter = \c (ys: [c]i32) -> length ys
def main (n: i64) =
  let s = make 1.0
  in (s.total n (map f64.i64 (iota n)) + s.total 2 [2.0, 2.0], count 3 [7, 8, 9])
