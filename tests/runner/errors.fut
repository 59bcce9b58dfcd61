-- The test runner: expected run-time errors; ignored and skipped features.
-- ==
-- entry: fail
-- input { 5i64 } error: out of bounds
-- input { 7i64 } error: ^.*Index \[7\]
-- input { 1i64 } output { 2 }

-- ==
-- tags { slow }
-- structure { Map 1 }
-- warning: unused
-- random input { [100]i32 } auto output
-- script input { main 1 }
-- nobench input { 2i64 } output { 3 }

entry fail (i: i64) = [1, 2, 3][i]
entry main (i: i64) = [1, 2, 3][i]
