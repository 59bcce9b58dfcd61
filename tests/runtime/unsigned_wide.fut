-- u32 and u64: large values are not negative; division and modulo are unsigned.
-- ==
-- input { 4000000000u32 18446744073709551615u64 }
-- output { 1333333333u32 3u32 4294967295u32 1844674407370955161u64 5u64 1u64 }
def main (a: u32) (b: u64) : (u32, u32, u32, u64, u64, u64) =
  (a / 3, a % 7, 0 - 1, b / 10, b % 10, b + 2)
