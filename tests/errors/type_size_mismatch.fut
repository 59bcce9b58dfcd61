-- Constant sizes that differ are caught at compile time.
-- ==
-- error: type_size_mismatch.fut:4:38: error: Cannot apply "zip" to argument 2: expected \[2\]a but got \[3\]i32 — sizes 2 and 3 d.*
def main : [](i32, i32) = zip [1, 2] [3, 4, 5]
