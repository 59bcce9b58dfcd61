-- Invalid ranges fail with Futhark's message, which names the range's values
-- ("Range 5...1 is invalid."), on every backend; a range of another integer type shows its
-- values as numbers too.  `iota n` is the range 0..1..<n and fails as that range, alone, in a
-- map and in a reduction's operand.
-- ==
-- entry: incl
-- input { 1 5 } output { [1, 2, 3, 4, 5] }
-- input { 5 1 } error: Range 5\.\.\.1 is invalid\.
-- input { 5 5 } output { [5] }

-- ==
-- entry: upto
-- input { 5 1 } error: Range 5\.\.<1 is invalid\.
-- input { 2 2 } output { empty([0]i32) }

-- ==
-- entry: downto
-- input { 0 5 } error: Range 0\.\.>5 is invalid\.
-- input { 5 2 } output { [5, 4, 3] }

-- ==
-- entry: stepped
-- input { 1 0 5 } error: Range 1\.\.0\.\.\.5 is invalid\.
-- input { 1 1 5 } error: Range 1\.\.1\.\.\.5 is invalid\.
-- input { 5 4 1 } output { [5, 4, 3, 2] }

-- ==
-- entry: narrow_up
-- input { 200u8 7u8 } error: Range 200\.\.<7 is invalid\.
-- input { 3u8 5u8 } output { [3u8, 4u8] }

-- ==
-- entry: narrow_down
-- input { -3i8 2i8 } error: Range -3\.\.>2 is invalid\.
-- input { 1i8 -1i8 } output { [1i8, 0i8] }

-- ==
-- entry: iota_alone
-- input { -2i64 } error: Range 0\.\.1\.\.<-2 is invalid\.
-- input { 0i64 } output { empty([0]i64) }

-- ==
-- entry: iota_rows
-- input { [3i64, 0i64, 2i64] } output { [3i64, 0i64, 1i64] }
-- input { [3i64, -7i64, 2i64] } error: Range 0\.\.1\.\.<-7 is invalid\.

entry incl (a: i32) (b: i32) = a...b
entry upto (a: i32) (b: i32) = a..<b
entry downto (a: i32) (b: i32) = a..>b
entry stepped (a: i32) (b: i32) (c: i32) = if c > a then a..b...c else a..b..>c
entry narrow_up (a: u8) (b: u8) = a..<b
entry narrow_down (a: i8) (b: i8) = a..>b
entry iota_alone (n: i64) = iota n
entry iota_rows (ns: []i64) = map (\n -> i64.sum (iota n)) ns
