-- A module type's specs see the specs before them: a nested module's type (int.t), a value
-- as a size ([k]), a parametric abstract type applied.
-- ==
-- input { 2i32 }
-- output { 3i32 [0i64, 1i64] }

type ints [n] = [n]i64

module type to_i32 = { type t val to_i32 : t -> i32 }

module type engine = {
  module int: to_i32
  val min : int.t
  val k : i64
  type k_ints = ints [k]
  type box 'a
  val wrap 'a : a -> box a
  val ks : k_ints
}

module e : engine = {
  module int = { type t = i32 def to_i32 (x: i32) = x }
  def min : i32 = 1
  def k : i64 = 2
  type k_ints = ints [k]
  type box 'a = (a, i32)
  def wrap 'a (x: a) : box a = (x, 0)
  def ks : k_ints = iota k
}

def main (x: i32) = (x + e.int.to_i32 e.min + (e.wrap 0i32).1, copy e.ks)
