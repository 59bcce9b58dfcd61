-- What Futhark's liftedness rules allow: functions through '^ type parameters, in tuples and
-- records, returned from functions (not from an if); '~ parameters in an if; value type
-- parameters with arrays.
-- ==
-- entry: main
-- input { true 3i64 }
-- output { 7i32 [0i64, 1i64, 2i64] 12i32 [[1i32, 2i32], [1i32, 2i32]] }
-- input { false 3i64 }
-- output { 7i32 [2i64, 1i64, 0i64] 12i32 [[1i32, 2i32], [1i32, 2i32]] }

def compose '^a '^b '^c (f: b -> c) (g: a -> b) : a -> c = \x -> f (g x)
def apply '^a '^b (f: a -> b) (x: a) : b = f x
def pick '~a (b: bool) (x: a) (y: a) : a = if b then x else y
def dup 'a (x: a) : [2]a = [x, x]
type^ ops = {inc: i32 -> i32, dbl: i32 -> i32}
def adder (k: i32) : i32 -> i32 = \x -> x + k

entry main (b: bool) (n: i64) =
  let o : ops = {inc = (+ 1), dbl = (* 2)}
  let fs = (o.inc, adder 5)
  let h = compose o.dbl (apply compose (fs.0, fs.1).1 o.inc)
  in (apply (compose fs.0 fs.1) 1, pick b (iota n) (reverse (iota n)), h 0, dup [1, 2])
