-- Conway's game of life on a torus: neighbour counts from eight rotated copies of the
-- board, iterated k times; also the live-cell count after k steps.
-- ==
-- input { 1i32 [[0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32]] }
-- output { [[0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 1i32, 1i32, 1i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32]] }
-- input { 2i32 [[0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32]] }
-- output { [[0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32]] }
-- input { 4i32 [[0i32, 1i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32, 0i32], [1i32, 1i32, 1i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32, 0i32]] }
-- output { [[0i32, 0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 1i32, 1i32, 1i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32, 0i32]] }
-- input { 3i32 [[0i32, 1i32, 1i32, 0i32, 0i32, 0i32, 1i32], [1i32, 1i32, 0i32, 1i32, 1i32, 0i32, 1i32], [0i32, 0i32, 1i32, 0i32, 1i32, 1i32, 0i32], [1i32, 1i32, 1i32, 1i32, 0i32, 0i32, 1i32], [0i32, 0i32, 0i32, 1i32, 1i32, 0i32, 0i32], [1i32, 0i32, 1i32, 1i32, 1i32, 0i32, 0i32]] }
-- output { [[1i32, 0i32, 0i32, 0i32, 1i32, 0i32, 1i32], [1i32, 0i32, 0i32, 0i32, 1i32, 0i32, 0i32], [1i32, 0i32, 0i32, 0i32, 1i32, 0i32, 0i32], [1i32, 0i32, 0i32, 0i32, 1i32, 0i32, 0i32], [0i32, 1i32, 0i32, 0i32, 1i32, 0i32, 0i32], [1i32, 1i32, 0i32, 1i32, 1i32, 0i32, 1i32]] }

-- ==
-- entry: population
-- input { 10i32 [[0i32, 1i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 1i32, 0i32, 0i32, 0i32], [1i32, 1i32, 1i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32, 0i32], [0i32, 0i32, 0i32, 0i32, 0i32, 0i32]] }
-- output { 5i32 }
-- input { 5i32 [[0i32, 1i32, 1i32, 0i32, 0i32, 0i32, 1i32], [1i32, 1i32, 0i32, 1i32, 1i32, 0i32, 1i32], [0i32, 0i32, 1i32, 0i32, 1i32, 1i32, 0i32], [1i32, 1i32, 1i32, 1i32, 0i32, 0i32, 1i32], [0i32, 0i32, 0i32, 1i32, 1i32, 0i32, 0i32], [1i32, 0i32, 1i32, 1i32, 1i32, 0i32, 0i32]] }
-- output { 4i32 }

def shift [n][m] (di: i64) (dj: i64) (g: [n][m]i32) : [n][m]i32 =
  map (rotate dj) (rotate di g)

def step [n][m] (g: [n][m]i32) : [n][m]i32 =
  let offsets = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
  let neighbours = loop acc = replicate n (replicate m 0) for (di, dj) in offsets do
                     map2 (map2 (+)) acc (shift di dj g)
  in map2 (map2 (\alive c -> if c == 3 || (c == 2 && alive == 1) then 1 else 0)) g neighbours

def main [n][m] (k: i32) (g: [n][m]i32) : [n][m]i32 =
  loop g for _i < k do step g

entry population [n][m] (k: i32) (g: [n][m]i32) : i32 =
  main k g |> flatten |> i32.sum
