-- A failed assert is reported at the assert with the text of its condition, as Futhark does,
-- and before the expression it guards is evaluated (here a division by zero).
-- ==
-- input { -1 } error: run_assert\.fut:8:3: Error: Assertion is false: x > 0
-- input { 0 } error: run_assert\.fut:8:3: Error: Assertion is false: x > 0
-- input { 4 } output { 2 }
def main (x: i32) : i32 =
  assert (x > 0) (8 / x)
