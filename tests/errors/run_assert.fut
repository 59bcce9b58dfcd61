-- A failed assert is reported at the call of assert.
-- ==
-- input { -1 } error: run_assert\.fut:6:3: error: assertion failed
-- input { 4 } output { 2 }
def main (x: i32) : i32 =
  assert (x >= 0) (x / 2)
