-- A function named through nested modules between backticks: `M.f` and `M.N.f` used infix, in
-- left and right sections, and in a chain (backticks bind looser than +, and associate left).
-- ==
-- input { 5 } output { 16 4 [4, 9] [2, 3] -10 }

module V = {
  def dot (a: i32) (b: i32) = a * b + 1
  module U = { def sub (a: i32) (b: i32) = a - b }
}

def main (x: i32) =
  (x `V.dot` 3,
   x `V.U.sub` 1,
   map (`V.U.sub` 1) [x, 10],
   map (x `V.U.sub`) [3, 2],
   x `V.dot` 2 `V.U.sub` 1 + 20)
