-- A loop parameter's written size holds in every iteration: the body must give it.
-- ==
-- error: size_loop_annotation\.fut:7:5: error: the loop body's result: expected \[w\]i32 but got \[2\]i32 \(Sizes "w" and "2" do not match
def main [w] (row: [w]i32) =
  loop (acc: [w]i32) = row
  for i < 3 do
    [i, i]
