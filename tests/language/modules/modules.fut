-- Modules in one file: structures, nested modules, open and local, module types with include
-- and refinement (with), ascription restricting a module's names, parametric modules of one
-- and two parameters (also applied to the prelude's f32 and i64), a parametric module in a
-- module, and local opens M.(e).
-- ==
-- entry: basics
-- input { 4 } output { 8 12 13 5 }

-- ==
-- entry: functors
-- input { 3f32 4i64 } output { 9f32 16i64 7f32 7i64 }

-- ==
-- entry: pairs
-- input { 2 } output { 3 4 }

-- ==
-- entry: local_open
-- input { 10 } output { 40 }

module arith = {
  def double (x: i32) = x * 2
  module inner = {
    def triple (x: i32) = x * 3
  }
  local def secret (x: i32) = x + 1
  def plus_one (x: i32) = secret x
}

open arith

module type has_sq = {
  type t
  val sq : t -> t
}

module type num_sq = {
  include has_sq
  val add : t -> t -> t
}

module squaring (N: { type t val * : t -> t -> t val + : t -> t -> t }) : num_sq with t = N.t = {
  type t = N.t
  def sq (x: t) = x N.* x
  def add (x: t) (y: t) = x N.+ y
  def unused (x: t) = x
}

module sq32 = squaring f32
module sq64 = squaring i64

module both (A: has_sq) (B: has_sq) = {
  def sqs (a: A.t) (b: B.t) = (A.sq a, B.sq b)
}

module sqpair = both sq32 sq64

module outer = {
  module counter (S: { val start : i32 }) = {
    def next (x: i32) = S.start + x
  }
  module from1 = counter { def start = 1i32 }
}

entry basics (x: i32) = (double x, inner.triple x, arith.double x + plus_one x, outer.from1.next x)

entry functors (x: f32) (y: i64) =
  let (a, b) = sqpair.sqs x y
  in (a, b, sq32.add x (x + 1), sq64.add y (y - 1))

entry pairs (x: i32) = (outer.from1.next x, arith.inner.triple x - x)

entry local_open (x: i32) = arith.(double x + inner.triple x) - x
