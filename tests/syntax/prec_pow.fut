-- ** binds tightest of the binary operators and associates to the right.
-- ==
-- input { 2 } output { 512 18 64 }
def main (x: i32) : (i32, i32, i32) = (x ** 3 ** 2, x * 3 ** 2, (x ** 3) ** 2)
