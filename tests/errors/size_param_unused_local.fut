-- A local function whose [m] appears only in its return type: its value must come from the
-- use, which gives the result no type with that size here.
-- ==
-- error: size_param_unused_local\.fut:7:6: error: Ambiguous size: the size \[m\] of 'f' \(an instantiated size parameter of "f"\) cannot be inferred here
def fill (x: i32) : []i32 =
  let f [m] (y: i32) : [m]i32 = replicate m y
  in f x
