-- iota of a negative size is a run-time error.
-- ==
-- input { -3i64 } error: run_iota_negative\.fut:4:44: error: .*negative
def main (n: i64) : []i64 = map (\x -> x) (iota n)
