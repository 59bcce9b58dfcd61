-- A program over three files: this one imports lib/stats.fut, which imports lib/linalg.fut
-- (each path relative to the importing file), and names linalg.fut as a module too.  A file is
-- checked once however often it is imported; its `local` definitions are not visible.  (An
-- import after `module L = import ...` is a declaration of its own, not an argument.)
-- ==
-- entry: stats
-- input { [1.0, 2.0, 3.0, 4.0] } output { 2.5 1.25 }

-- ==
-- entry: dots
-- input { [1, 2, 3] [4, 5, 6] } output { 32 [6, 9, 12] 14 }

-- ==
-- entry: via_module
-- input { [1.5, 2.5] } output { [3.0, 5.0] }

module L = import "lib/linalg"
import "lib/stats"

entry stats (xs: []f64) = (mean xs, variance xs)

entry dots [n] (a: [n]i32) (b: [n]i32) = (L.vi32.dot a b, L.vi32.axpy 2 a b, L.vi32.norm2 a)

entry via_module (xs: []f64) = L.vf64.scale 2 xs
