-- An index whose type only a literal or a loop's bound gives stays open to any integer type
-- until the rest of the code fixes it: a 'for' counter also written into an []i32 (so an
-- i32), an i8 range's elements, and a literal index (whatever integer type it defaults to).
-- ==
-- input { [7, 7, 7, 7, 7, 7] } output { [0, 1, 2, 3, 7, 7] [1i8, 3i8] 2 3i8 }

def main (xs: *[]i32) =
  let ys = loop xs for i < 4 do xs with [i] = i
  let odd = map (\(j: i8) -> j * 2 + 1) (0..<2)
  in (ys, map (\j -> odd[j] - odd[0] + 1) (0..<2), ys[2], odd[1])
