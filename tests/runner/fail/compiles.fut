-- Deliberately failing: a compile-time error is expected but the program is fine.
-- ==
-- tags { disable }
-- error: some type error

entry main (x: i32) = x
