-- Balanced parentheses with a depth scan: +1 for '(' and -1 for ')'; balanced when the
-- final depth is 0 and no prefix goes negative; also the maximum nesting depth.
-- ==
-- entry: balanced
-- input { [40u8, 97u8, 40u8, 98u8, 41u8, 99u8, 41u8] }
-- output { true }
-- input { [40u8, 41u8, 41u8, 40u8] }
-- output { false }
-- input { empty([0]u8) }
-- output { true }
-- input { [40u8, 40u8, 40u8, 41u8, 41u8] }
-- output { false }
-- input { [102u8, 40u8, 120u8, 41u8, 40u8, 121u8, 40u8, 122u8, 41u8, 41u8] }
-- output { true }

-- ==
-- entry: max_depth
-- input { [40u8, 97u8, 40u8, 98u8, 41u8, 99u8, 41u8] }
-- output { 2i32 }
-- input { [102u8, 40u8, 120u8, 41u8, 40u8, 121u8, 40u8, 40u8, 122u8, 41u8, 41u8, 41u8] }
-- output { 3i32 }
-- input { [97u8, 98u8, 99u8] }
-- output { 0i32 }

def depths (s: []u8) : []i32 =
  scan (+) 0 (map (\c -> if c == '(' then 1 else if c == ')' then -1 else 0) s)

entry balanced (s: []u8) : bool =
  let d = depths s
  in i32.minimum (d ++ [0]) >= 0 && (length d == 0 || last d == 0)

entry max_depth (s: []u8) : i32 = i32.maximum (depths s ++ [0])
