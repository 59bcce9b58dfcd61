-- Polymorphic functions used at several types.
-- ==
-- input { 2 1.5f32 } output { 8 6f32 true 2 1.5f32 [1.5f32, 1.5f32] }
def twice 'a (f: a -> a) (x: a) : a = f (f x)
def swap 'a 'b (p: (a, b)) : (b, a) = (p.1, p.0)
def pairs 't (x: t) : [2]t = [x, x]
def main (n: i32) (x: f32) : (i32, f32, bool, i32, f32, [2]f32) =
  let (s0, s1) = swap (x, n)
  in (twice (* 2) n, twice (+ 1.5) (x + 1.5), twice (\b -> !b) true, s0, s1, pairs x)
