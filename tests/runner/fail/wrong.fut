-- Deliberately failing cases for tests/scripts/runner_selftest.sh (disabled in the main run).
-- ==
-- tags { disable }
-- input { 1 } output { 3 }
-- input { 1 } output { 2 2 }
-- input { 1 } error: this error never happens
-- input { 1 } output { 2 }

-- ==
-- tags { disable }
-- entry: inc
-- input { [1, 2, 3] } output { [2, 3, 5] }

entry main (x: i32) = x + 1
entry inc (xs: []i32) = map (+1) xs
