-- iota of a negative size is a run-time error: the range 0..1..<n Futhark defines it as is invalid.
-- ==
-- input { -3i64 } error: run_iota_negative\.fut:4:44: Error: Range 0\.\.1\.\.<-3 is invalid\.
def main (n: i64) : []i64 = map (\x -> x) (iota n)
