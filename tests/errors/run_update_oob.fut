-- An in-place update outside the array is a run-time error.
-- ==
-- input { 3i64 } error: run_update_oob\.fut:7:7: Error: Index \[3\] out of bounds for array of shape \[3\]
def main (i: i64) : []i32 =
  let a = replicate 3 0
  let b = a with [0] = 1
  in (b with [i] = 2)
