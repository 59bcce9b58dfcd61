-- Module types whose value and type specs the modules meet: polymorphic and size-polymorphic
-- values, a spec that defines a type, a type with a size parameter, an inner module spec that
-- names the outer one's type, and a parametric module's argument.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [2i32, 4i32, 6i32] 3i64 5i32 true 7i32 12i32 }

module type container = {
  type t
  type s = t
  type vec [n]
  val zero : t
  val double [n] : [n]t -> [n]t
  val mk [n] : [n]t -> vec [n]
  val len [n] : vec [n] -> i64
  val pair 'a 'b : a -> b -> (a, b)
  module inner : { val bump : t -> t }
}

module c : container with t = i32 = {
  type t = i32
  type s = i32
  type vec [n] = [n]i32
  def zero : i32 = 0
  def double [n] (xs: [n]i32) : [n]i32 = map (* 2) xs
  def mk [n] (xs: [n]i32) : vec [n] = xs
  def len [n] (_: vec [n]) = n
  def pair 'a 'b (x: a) (y: b) = (x, y)
  module inner = { def bump (x: i32) = x + 7 }
}

module type num = { type t val add : t -> t -> t val one : t }
module twice (N: num) = { def two : N.t = N.add N.one N.one }
module six = twice { type t = i32 def add (x: i32) (y: i32) = x * y + 4 def one = 2i32 }

def main (xs: []i32) =
  (c.double xs, c.len (c.mk xs), c.pair 5i32 true, c.inner.bump c.zero, six.two + 4)
