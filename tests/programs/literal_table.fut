-- Array literals read at constant positions (src/opt/simplify.c): a table of coefficients read
-- at fixed indices is its elements, in a map (a GPU kernel on weft cuda) and outside one; the
-- same table read at a computed index is still an array; a constant index outside the literal
-- still fails at run time with its location.  Outputs worked out by hand.
-- ==
-- entry: horner
-- input { [0.0, 1.0, 2.0, -1.0] } output { [1.0, 10.0, 49.0, -2.0] }
-- input { empty([0]f64) } output { empty([0]f64) }

-- 1 + 2x + 3x^2 + 4x^3
def coef : [4]f64 = [1.0, 2.0, 3.0, 4.0]

entry horner (xs: []f64) : []f64 =
  map (\x -> coef[0] + x * (coef[1] + x * (coef[2] + x * coef[3]))) xs

-- ==
-- entry: mixed
-- input { [0i64, 3i64, 1i64] 2i32 } output { [22i32, 80i32, 40i32] }

-- a computed index beside constant ones; the table is an i32 literal built from a parameter
entry mixed (is: []i64) (k: i32) : []i32 =
  let tab = [k, 10 * k, 20 * k, 30 * k]
  in map (\i -> tab[i % 4] + tab[1] + tab[0] * tab[0] - 4) is

-- ==
-- entry: outside
-- input { 1.5f32 } error: Index \[5\] out of bounds for array of shape \[3\]

entry outside (x: f32) : f32 =
  let tab = [x, 2 * x, 3 * x]
  in tab[1] + tab[5]
