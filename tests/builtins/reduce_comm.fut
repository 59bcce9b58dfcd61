-- reduce_comm with commutative operators.
-- ==
-- input { [3, 9, 1, 4] } output { 17 9 1 }
-- input { empty([0]i32) } output { 0 -2147483648 2147483647 }
def main (xs: []i32) : (i32, i32, i32) =
  (reduce_comm (+) 0 xs, reduce_comm i32.max i32.lowest xs, reduce_comm i32.min i32.highest xs)
