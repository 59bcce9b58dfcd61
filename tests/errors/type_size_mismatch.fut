-- Constant sizes that differ are caught at compile time.
-- ==
-- error: type_size_mismatch.fut:4:38: error: argument 2 of .zip.: expected .*sizes 2 and 3 differ
def main : [](i32, i32) = zip [1, 2] [3, 4, 5]
