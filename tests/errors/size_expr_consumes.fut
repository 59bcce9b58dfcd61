-- A size expression only reads: it may not pass a variable to a consuming parameter.
-- ==
-- error: size_expr_consumes\.fut:7:45: error: "ws" is not consumable here: a size expression may not consume a value \(argument 1 goes to a unique parameter\)
def total (xs: *[]i64) : i64 = i64.sum (xs with [0] = 0)

def main [n] (ws: *[n]i64) (m: i64) =
  let ys : [m]i64 = replicate m 1 :> [total ws]i64
  in ys
