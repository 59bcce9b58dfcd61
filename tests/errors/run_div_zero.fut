-- Integer division by zero is a run-time error at the division.
-- ==
-- input { 7 0 } error: run_div_zero\.fut:5:40: Error: division by zero
-- input { 7 2 } output { 4 }
def main (a: i32) (b: i32) : i32 = 1 + a / b
