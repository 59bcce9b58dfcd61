-- A recursive function returns no function (nor a tuple holding one).
-- ==
-- error: recursion_function_result\.fut:4:1: error: The result of the recursive function "adder" is not first-order \(\(i32 -> i32, i32\)\)
def adder (n: i32) : (i32 -> i32, i32) =
  (\x -> if n == 0 then x else (adder (n - 1)).0 x + 1, n)

def main (x: i32) = (adder 3).0 x
