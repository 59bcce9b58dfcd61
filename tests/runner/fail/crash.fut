-- Deliberately failing: a run-time error where a value was expected, and a timeout.
-- ==
-- tags { disable }
-- input { 5i64 } output { 0 }

-- ==
-- tags { disable }
-- entry: forever
-- input { 1 } output { 1 }

entry main (i: i64) = [1, 2, 3][i]
entry forever (x: i32) = loop y = x while y > 0 do y + 1
