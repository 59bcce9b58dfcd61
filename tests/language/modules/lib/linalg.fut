-- A small linear-algebra library over any numeric module (used by ../multi_file.fut and
-- stats.fut): a module type for the element type, a parametric module of vector operations,
-- and its instances for f64 and i32.

module type field = {
  type t
  val + : t -> t -> t
  val * : t -> t -> t
  val i64 : i64 -> t
}

module vector (F: field) = {
  type vec [n] = [n]F.t

  def dot [n] (a: vec [n]) (b: vec [n]) : F.t = reduce (F.+) (F.i64 0) (map2 (F.*) a b)

  -- | a*x + y, element by element
  def axpy [n] (a: F.t) (x: vec [n]) (y: vec [n]) : vec [n] = map2 (\xi yi -> a F.* xi F.+ yi) x y

  local def square [n] (x: vec [n]) : F.t = dot x x

  def norm2 [n] (x: vec [n]) : F.t = square x

  def sum [n] (x: vec [n]) : F.t = reduce (F.+) (F.i64 0) x

  def scale [n] (k: i64) (x: vec [n]) : vec [n] = map (F.* F.i64 k) x
}

module vf64 = vector f64
module vi32 = vector i32
