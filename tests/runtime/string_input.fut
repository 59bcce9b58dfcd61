-- A []u8 input may be written as a string, its bytes (Futhark's data format): "Hi!" is
-- [72u8, 105u8, 33u8]; escapes \n \t \\ \"; rows of a [][]u8 too (Futhark's local_open5).
-- ==
-- input { "Hi!" ["ab", "", "a\tb\\"] } output { 210u8 [2i64, 0i64, 4i64] [97u8, 9u8, 98u8, 92u8] }
-- input { "" ["\""] } output { 0u8 [1i64] [34u8] }

entry main (s: []u8) (rows: [][]u8) = (u8.sum s, map length rows, last rows)
