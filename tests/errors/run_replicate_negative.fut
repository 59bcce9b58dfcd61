-- replicate with a negative count is a run-time error.
-- ==
-- input { -1i64 } error: run_replicate_negative\.fut:4:29: Error: .*negative
def main (n: i64) : []i32 = replicate n 0
