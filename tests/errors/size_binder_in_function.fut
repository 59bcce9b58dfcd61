-- A let's size binder takes a size of the bound value: one that only a function type in the
-- pattern has cannot be bound.
-- ==
-- error: size_binder_in_function\.fut:6:8: error: Cannot bind \[k\]: the pattern has it only inside a function type
def main (xs: []i32) =
  let [k] (g: [k]i32 -> i64, ys: []i32) = (\(zs: [3]i32) -> length zs, xs)
  in g (take 3 ys) + k
