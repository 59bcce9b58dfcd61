-- A size bound by `let [s]` takes the first size it meets; used twice, both must agree.
-- ==
-- error: size_let_binder\.fut:5:32: error: the bound value does not match the pattern: expected \[s\]\[s\]bool but got \*\[a\]\*\[b\]bool \(Sizes "a" and "b" do not match
def main (a: i64) (b: i64) =
  let [s] (grid: [s][s]bool) = replicate a (replicate b false)
  in s
