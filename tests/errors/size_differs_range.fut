-- Two sizes that differ by a constant never match: 0..<(n + 1) has n + 1 elements, not n.
-- ==
-- error: size_differs_range\.fut:5:3: error: Function body does not have expected type: expected \[n\]i64 but got \[n\+1\]i64 \(Sizes "n" and "n \+ 1" do not match
def main (n: i64) : [n]i64 =
  0..<(n + 1)
