-- The same for a local function: [m] appears only in the return type.
-- ==
-- error: size_param_unused_local\.fut:5:9: error: size parameter \[m\] is not the size of any parameter's array
def fill (x: i32) : []i32 =
  let f [m] (y: i32) : [m]i32 = replicate m y
  in f x
