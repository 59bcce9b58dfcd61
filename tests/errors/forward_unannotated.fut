-- A function used before its definition (mutual recursion) needs a complete signature there.
-- ==
-- error: forward_unannotated\.fut:4:38: error: 'g' is defined later \(line 5\): a function used before its definition needs types on all its parameters and its result
def f (n: i32) : i32 = if n > 0 then g n else 0
def g n = f (n - 1)
def main (x: i32) : i32 = f x
