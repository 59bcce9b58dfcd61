-- Local functions are polymorphic where they declare type parameters (their inferred types are
-- not generalised, as in Futhark: tests/errors/local_fun_monomorphic.fut).
-- ==
-- input { 7 } output { 7 2.5f64 [7] }
def main (x: i32) : (i32, f64, []i32) =
  let first 'a 'b (a: a) (_: b) = a
  let single 't (y: t) = [y]
  in (first x true, first 2.5 x, single x)
