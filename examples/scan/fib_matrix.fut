-- Fibonacci numbers (seed 002, program 6) from a scan of 2x2 integer matrix products with
-- the identity matrix as the neutral element: the i-th prefix product of [[1,1],[1,0]] is
-- [[F(i+2), F(i+1)], [F(i+1), F(i)]]. Once with 4-tuples (`fibs`) and once with [2][2]i64
-- elements (`prefix_products`; the operator is not commutative). i64 wraps from F(93) on.
-- `verify_fibs` checks a `fibs` result by F(i) = F(i-1) + F(i-2).
-- ==
-- entry: fibs
-- input { 10i64 }
-- output { [1i64, 1i64, 2i64, 3i64, 5i64, 8i64, 13i64, 21i64, 34i64, 55i64] }
-- input { 1i64 }
-- output { [1i64] }
-- input { 0i64 }
-- output { empty([0]i64) }
-- input { 90i64 }
-- output { [1i64, 1i64, 2i64, 3i64, 5i64, 8i64, 13i64, 21i64, 34i64, 55i64, 89i64, 144i64, 233i64, 377i64, 610i64, 987i64, 1597i64, 2584i64, 4181i64, 6765i64, 10946i64, 17711i64, 28657i64, 46368i64, 75025i64, 121393i64, 196418i64, 317811i64, 514229i64, 832040i64, 1346269i64, 2178309i64, 3524578i64, 5702887i64, 9227465i64, 14930352i64, 24157817i64, 39088169i64, 63245986i64, 102334155i64, 165580141i64, 267914296i64, 433494437i64, 701408733i64, 1134903170i64, 1836311903i64, 2971215073i64, 4807526976i64, 7778742049i64, 12586269025i64, 20365011074i64, 32951280099i64, 53316291173i64, 86267571272i64, 139583862445i64, 225851433717i64, 365435296162i64, 591286729879i64, 956722026041i64, 1548008755920i64, 2504730781961i64, 4052739537881i64, 6557470319842i64, 10610209857723i64, 17167680177565i64, 27777890035288i64, 44945570212853i64, 72723460248141i64, 117669030460994i64, 190392490709135i64, 308061521170129i64, 498454011879264i64, 806515533049393i64, 1304969544928657i64, 2111485077978050i64, 3416454622906707i64, 5527939700884757i64, 8944394323791464i64, 14472334024676221i64, 23416728348467685i64, 37889062373143906i64, 61305790721611591i64, 99194853094755497i64, 160500643816367088i64, 259695496911122585i64, 420196140727489673i64, 679891637638612258i64, 1100087778366101931i64, 1779979416004714189i64, 2880067194370816120i64] }

-- ==
-- entry: prefix_products
-- input { [[[1i64, 2i64], [3i64, 4i64]], [[0i64, 1i64], [1i64, 0i64]], [[2i64, 0i64], [1i64, -1i64]]] }
-- output { [[[1i64, 2i64], [3i64, 4i64]], [[2i64, 1i64], [4i64, 3i64]], [[5i64, -1i64], [11i64, -3i64]]] }
-- input { [[[1i64, 1i64], [0i64, 1i64]], [[1i64, 1i64], [0i64, 1i64]], [[1i64, 1i64], [0i64, 1i64]], [[1i64, 1i64], [0i64, 1i64]]] }
-- output { [[[1i64, 1i64], [0i64, 1i64]], [[1i64, 2i64], [0i64, 1i64]], [[1i64, 3i64], [0i64, 1i64]], [[1i64, 4i64], [0i64, 1i64]]] }
-- input { [[[7i64, -2i64], [3i64, 0i64]]] }
-- output { [[[7i64, -2i64], [3i64, 0i64]]] }
-- input { empty([0][2][2]i64) }
-- output { empty([0][2][2]i64) }

-- ==
-- entry: fib_at
-- input { 50i64 }
-- output { 12586269025i64 }
-- input { 2i64 }
-- output { 1i64 }
-- input { 0i64 }
-- output { 0i64 }
-- input { 92i64 }
-- output { 7540113804746346429i64 }
-- input { 93i64 }
-- output { -6246583658587674878i64 }

-- ==
-- entry: verify_fibs
-- input { 5i64 [1i64, 1i64, 2i64, 3i64, 5i64] }
-- output { true }
-- input { 5i64 [1i64, 1i64, 2i64, 3i64, 6i64] }
-- output { false }
-- input { 5i64 [1i64, 1i64, 2i64, 3i64] }
-- output { false }
-- input { 1i64 [1i64] }
-- output { true }
-- input { 0i64 empty([0]i64) }
-- output { true }

type mat = (i64, i64, i64, i64)

def mul ((a, b, c, d): mat) ((e, f, g, h): mat) : mat =
  (a*e + b*g, a*f + b*h, c*e + d*g, c*f + d*h)

entry fibs (n: i64) : []i64 =
  scan mul (1, 0, 0, 1) (replicate n (1, 1, 1, 0)) |> map (\(_, f, _, _) -> f)

def mul2 (x: [2][2]i64) (y: [2][2]i64) : [2][2]i64 =
  map (\row -> map (\col -> row[0] * col[0] + row[1] * col[1]) (transpose y)) x

entry prefix_products [n] (ms: [n][2][2]i64) : [n][2][2]i64 =
  scan mul2 [[1, 0], [0, 1]] ms

entry fib_at (k: i64) : i64 =
  (reduce mul2 [[1, 0], [0, 1]] (replicate k [[1, 1], [1, 0]]))[0, 1]

entry verify_fibs (n: i64) (fs: []i64) : bool =
  length fs == n
  && and (map (\i -> if i < 2 then fs[i] == 1 else fs[i] == fs[i-1] + fs[i-2]) (indices fs))
