-- The test runner: a compile-time error is expected.
-- ==
-- error: expected bool but got i32

entry main (x: i32) : bool = x
