-- A result that does not have the length its return type promises is a size mismatch.
-- ==
-- input { 2i64 [1, 2, 3] } error: run_return_size\.fut:4:33: Error: size mismatch: expected size n = 2, got an array of 3 elements
def keep (n: i64) (xs: []i32) : [n]i32 = filter (> 0) xs
def main (n: i64) (xs: []i32) : []i32 = keep n xs
