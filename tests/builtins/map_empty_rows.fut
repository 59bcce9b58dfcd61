-- A map over an empty array makes an empty array whose rows' shape comes from the map's
-- type ([k][n]i32 with n in scope): the result's inner sizes check and print ([0][n], not
-- [0][0]) and transpose finds them, also through a function and a second map.
-- ==
-- input { 0i64 3i64 } output { empty([0][3]i32) 3i64 empty([0][2][3]i64) }
-- input { 2i64 3i64 } output { [[0, 0, 0], [1, 1, 1]] 3i64 [[[0i64, 0i64, 0i64], [0i64, 1i64, 2i64]], [[1i64, 1i64, 1i64], [0i64, 1i64, 2i64]]] }
-- input { 0i64 0i64 } output { empty([0][0]i32) 0i64 empty([0][2][0]i64) }
def rows_of [m] (k: i64) (xs: [m]i64) : [k][2][m]i64 =
  map (\i -> [map (\_ -> i) xs, xs]) (iota k)

def main (k: i64) (n: i64) : ([k][n]i32, i64, [k][2][n]i64) =
  let rows = map (\i -> replicate n (i32.i64 i)) (iota k)
  in (rows, length (transpose rows), rows_of k (iota n))
