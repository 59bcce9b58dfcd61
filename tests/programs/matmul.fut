-- Matrix multiplication through a polymorphic, higher-order inner product; integer,
-- float and repeated-multiplication (matrix power) instances.
-- ==
-- entry: mm_i32
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] [[7i32, 8i32], [9i32, 10i32], [11i32, 12i32]] }
-- output { [[58i32, 64i32], [139i32, 154i32]] }
-- input { [[2i32]] [[-3i32]] }
-- output { [[-6i32]] }
-- input { empty([0][0]i32) empty([0][0]i32) }
-- output { empty([0][0]i32) }
-- input { [[1i32, 0i32], [0i32, 1i32]] [[5i32, 6i32, 7i32], [8i32, 9i32, 10i32]] }
-- output { [[5i32, 6i32, 7i32], [8i32, 9i32, 10i32]] }

-- ==
-- entry: mm_f32
-- input { [[0.5f32, 1.5f32], [2.0f32, -1.0f32]] [[4.0f32, 0.0f32], [1.0f32, 2.0f32]] }
-- output { [[3.5f32, 3.0f32], [7.0f32, -2.0f32]] }

-- ==
-- entry: power
-- input { [[1i64, 1i64], [1i64, 0i64]] 10i32 }
-- output { [[89i64, 55i64], [55i64, 34i64]] }
-- input { [[2i64, 0i64, 1i64], [0i64, 1i64, 0i64], [1i64, 0i64, 2i64]] 5i32 }
-- output { [[122i64, 0i64, 121i64], [0i64, 1i64, 0i64], [121i64, 0i64, 122i64]] }
-- input { [[3i64]] 0i32 }
-- output { [[1i64]] }

def matmul 't [n][m][p] (add: t -> t -> t) (mul: t -> t -> t) (zero: t)
                        (a: [n][m]t) (b: [m][p]t) : [n][p]t =
  map (\row -> map (\col -> reduce add zero (map2 mul row col)) (transpose b)) a

entry mm_i32 [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
  matmul (+) (*) 0 a b

entry mm_f32 [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  matmul (+) (*) 0 a b

entry power [n] (a: [n][n]i64) (k: i32) : [n][n]i64 =
  let id = map (\i -> map (\j -> if i == j then 1 else 0) (iota n)) (iota n)
  in loop r = id for _i < k do matmul (+) (*) 0 r a
