-- Deliberately failing: a malformed test block.
-- ==
-- tags { disable }
-- input { 1 } outptu { 2 }

entry main (x: i32) = x
