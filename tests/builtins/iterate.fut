-- iterate, iterate_until, iterate_while (zero iterations included).
-- ==
-- input { 5 } output { 32 8 6 }
-- input { 0 } output { 1 8 0 }
-- input { 9 } output { 512 9 9 }
def main (n: i32) : (i32, i32, i32) =
  (iterate n (* 2) 1,
   iterate_until (> 7) (+ 1) n,
   iterate_while (\x -> x > 0 && x % 3 != 0) (+ 1) n)
