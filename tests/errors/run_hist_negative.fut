-- hist with a negative number of bins is a run-time error.
-- ==
-- input { -2i64 } error: run_hist_negative\.fut:4:29: Error: .*negative
def main (k: i64) : []i32 = hist (+) 0 k [0] [1]
