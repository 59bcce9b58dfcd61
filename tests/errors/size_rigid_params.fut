-- Two size parameters are different sizes, even if the caller might pass equal lengths.
-- ==
-- error: size_rigid_params\.fut:5:69: error: Cannot apply "pair_up" to "ys" \(argument 2\): expected \[rows\]f32 but got \[cols\]f32 — Sizes "rows" and "cols" do not match: a named or constant size is rigid
def pair_up [n] (as: [n]f32) (bs: [n]f32) = zip as bs
def main [rows] [cols] (xs: [rows]f32) (ys: [cols]f32) = pair_up xs ys
