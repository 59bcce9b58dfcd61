-- Arrays that grow inside a loop inside a map, giving jagged results: binary digits built
-- by prepending, and Collatz trajectories built by appending until reaching 1.
-- ==
-- entry: binary_digits
-- input { [0i64, 1i64, 6i64, 255i64] }
-- output { [empty([0]i64), [1i64], [1i64, 1i64, 0i64], [1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64, 1i64]] }
-- input { [4i64] }
-- output { [[1i64, 0i64, 0i64]] }

-- ==
-- entry: trajectories
-- input { [1i64, 6i64, 3i64] }
-- output { [[1i64], [6i64, 3i64, 10i64, 5i64, 16i64, 8i64, 4i64, 2i64, 1i64], [3i64, 10i64, 5i64, 16i64, 8i64, 4i64, 2i64, 1i64]] [1i64, 9i64, 8i64] }

-- ==
-- entry: digit_sums
-- input { [0i64, 1i64, 6i64, 255i64, 1024i64] }
-- output { [0i64, 1i64, 2i64, 8i64, 1i64] }

def bits (x: i64) : []i64 =
  let (ds, _) = loop (ds: []i64, v) = (replicate 0 0, x) while v > 0 do ([v % 2] ++ ds, v / 2)
  in ds

entry binary_digits (xs: []i64) : [][]i64 = map bits xs

entry trajectories (xs: []i64) : ([][]i64, []i64) =
  let ts = map (\x -> loop (path: []i64) = [x] while last path != 1 do
                        let v = last path
                        in path ++ [if v % 2 == 0 then v / 2 else 3 * v + 1]) xs
  in (ts, map length ts)

entry digit_sums (xs: []i64) : []i64 = map (\x -> i64.sum (bits x)) xs
