-- A size parameter is not a constant size.
-- ==
-- error: size_rigid_constant\.fut:5:22: error: the bound value does not match the pattern: expected \[4\]i32 but got \[n\]i32 \(Sizes "4" and "n" do not match
def main [n] (xs: [n]i32) : [n]i32 =
  let (ys: [4]i32) = xs
  in ys
