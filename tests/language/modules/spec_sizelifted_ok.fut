-- A definition with an unknown size ([]f32) meets a size-lifted spec (type~), and one of a
-- known size ([3]f32) meets a non-lifted one.
-- ==
-- input { 2i64 } output { [1f32, 1f32] [0f32, 0f32, 0f32] }
module first (P: {type~ row val mk : i64 -> row}) = {
  def make (n: i64) : P.row = P.mk n
}

module fixed (P: {type row val zero : row}) = {
  def get (x: f32) : P.row = map (+ x) P.zero
}

module m = first {type~ row = []f32 def mk (n: i64) = replicate n 1f32}
module k = fixed {type row = [3]f32 def zero : [3]f32 = replicate 3 0f32}

def main (n: i64) = (m.make n, k.get 0)
