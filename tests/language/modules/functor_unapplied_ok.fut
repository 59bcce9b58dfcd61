-- Parametric modules that are never applied are checked with their parameters' types abstract
-- (as Futhark checks every parametric module); these are well typed, and the program runs.
-- ==
-- input { 4i32 }
-- output { 5i32 }

module type monoid = {
  type t
  val zero : t
  val op : t -> t -> t
}

module type sized = {
  type elem
  include monoid
  val len [n] : [n]elem -> i64
  val pick 'a : a -> a -> a
  module inner : { val twice : t -> t }
}

module fold (M: monoid) = {
  def sum [n] (xs: [n]M.t) : M.t = reduce M.op M.zero xs
  def pair (x: M.t) : (M.t, M.t) = (x, M.op x M.zero)
}

module uses_all (S: sized with elem = i32) = {
  def f [n] (xs: [n]i32) (x: S.t) : (i64, S.t) = (S.len xs + i64.i32 xs[0], S.inner.twice (S.pick x S.zero))
}

module two (A: monoid) (B: monoid with t = A.t) = {
  def both (x: A.t) : A.t = B.op (A.op x A.zero) B.zero
}

def main (x: i32) = x + 1
