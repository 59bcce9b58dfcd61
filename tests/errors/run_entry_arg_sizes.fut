-- An entry point's argument of the wrong size is a run-time error at the entry point that says
-- so in Futhark's words too ("invalid sizes"), on every backend: a size expression of another
-- parameter, a constant, a size two parameters share.  The same mismatch inside the program
-- (a call of a function) is a plain size mismatch.
-- ==
-- entry: succ_len
-- input { 2i64 [1, 2, 3] } output { 2i64 }
-- input { 2i64 [1, 2] }
-- error: run_entry_arg_sizes\.fut:21:1: Error: size mismatch: expected an array of 3 elements, got 2 \(the entry point's arguments have invalid sizes\)

-- ==
-- entry: pairs
-- input { [1, 2] [[3, 4], [5, 6]] } output { [3, 5] }
-- input { [1, 2] [[3, 4, 0], [5, 6, 0]] } error: expected an array of 2 elements, got 3 \(the entry point's arguments have invalid sizes\)
-- input { [1, 2, 3] [[3, 4], [5, 6]] } error: invalid sizes

-- ==
-- entry: inner
-- input { 3i64 } error: :27:24: Error: size mismatch: expected an array of 4 elements, got 3[[:cntrl:]]

entry succ_len (x: i64) (_: [x + 1]i32) = x

entry pairs [n] (xs: [n]i32) (yss: [n][2]i32) = map2 (\x ys -> x * 0 + ys[0]) xs yss

def needs4 (xs: [4]i64) = xs[0]

entry inner (n: i64) = needs4 (iota n)
