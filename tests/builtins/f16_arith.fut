-- f16: IEEE binary16, every operation rounded to half (to nearest, ties to even).  The
-- expected bits come from a model outside weft (Python's struct 'e', correctly rounded from
-- exact or once-rounded double results); NaN results are checked with isnan (their payload is
-- not specified) and shown as 0 bits.

def bits (x: f16) : u16 = if f16.isnan x then 0 else f16.to_bits x

-- + - * / min max neg on bit patterns: ties to even (1 + 2^-11), the tie with 2^16 going to
-- infinity (65504 + 16), subnormal results and their ties (2^-24 * 0.5), NaN from 0/0 and
-- inf - inf, signed zeros, min/max of a NaN giving the other operand.
-- ==
-- entry: arith
-- input { 15360u16 4096u16 } output { [15360u16, 15359u16, 4096u16, 26624u16, 4096u16, 15360u16, 48128u16] [false, false, false, false] }
-- input { 15361u16 4096u16 } output { [15362u16, 15360u16, 4097u16, 26625u16, 4096u16, 15361u16, 48129u16] [false, false, false, false] }
-- input { 15360u16 15360u16 } output { [16384u16, 0u16, 15360u16, 15360u16, 15360u16, 15360u16, 48128u16] [false, false, false, false] }
-- input { 31743u16 19456u16 } output { [31744u16, 31742u16, 31744u16, 27647u16, 19456u16, 31743u16, 64511u16] [false, false, false, false] }
-- input { 31743u16 18432u16 } output { [31743u16, 31743u16, 31744u16, 28671u16, 18432u16, 31743u16, 64511u16] [false, false, false, false] }
-- input { 1u16 14336u16 } output { [14336u16, 47104u16, 0u16, 2u16, 1u16, 14336u16, 32769u16] [false, false, false, false] }
-- input { 3u16 14336u16 } output { [14336u16, 47104u16, 2u16, 6u16, 3u16, 14336u16, 32771u16] [false, false, false, false] }
-- input { 15360u16 16896u16 } output { [17408u16, 49152u16, 16896u16, 13653u16, 15360u16, 16896u16, 48128u16] [false, false, false, false] }
-- input { 22080u16 23104u16 } output { [23728u16, 54848u16, 29922u16, 14336u16, 22080u16, 23104u16, 54848u16] [false, false, false, false] }
-- input { 31232u16 31232u16 } output { [31744u16, 0u16, 31744u16, 15360u16, 31232u16, 31232u16, 64000u16] [false, false, false, false] }
-- input { 0u16 0u16 } output { [0u16, 0u16, 0u16, 0u16, 0u16, 0u16, 32768u16] [false, false, false, true] }
-- input { 31744u16 31744u16 } output { [31744u16, 0u16, 31744u16, 0u16, 31744u16, 31744u16, 64512u16] [false, true, false, true] }
-- input { 32768u16 0u16 } output { [0u16, 32768u16, 32768u16, 0u16, 32768u16, 32768u16, 0u16] [false, false, false, true] }
-- input { 32256u16 15360u16 } output { [0u16, 0u16, 0u16, 0u16, 15360u16, 15360u16, 65024u16] [true, true, true, true] }
-- input { 1023u16 1u16 } output { [1024u16, 1022u16, 0u16, 25598u16, 1u16, 1023u16, 33791u16] [false, false, false, false] }
-- input { 13653u16 13653u16 } output { [14677u16, 0u16, 12060u16, 15360u16, 13653u16, 13653u16, 46421u16] [false, false, false, false] }
entry arith (a: u16) (b: u16) : ([7]u16, [4]bool) =
  let x = f16.from_bits a
  let y = f16.from_bits b
  let rs = [x + y, x - y, x * y, x / y]
  in (map bits rs ++ [f16.to_bits (f16.min x y), f16.to_bits (f16.max x y), f16.to_bits (-x)] :> [7]u16,
      map f16.isnan rs)

-- Comparisons: NaN is unordered (only != holds), -0 == 0.
-- ==
-- entry: compare
-- input { 15360u16 16384u16 } output { [false, true, true, true, false, false] }
-- input { 16384u16 15360u16 } output { [false, true, false, false, true, true] }
-- input { 15360u16 15360u16 } output { [true, false, false, true, false, true] }
-- input { 32768u16 0u16 } output { [true, false, false, true, false, true] }
-- input { 32256u16 32256u16 } output { [false, true, false, false, false, false] }
-- input { 32256u16 15360u16 } output { [false, true, false, false, false, false] }
-- input { 64512u16 31744u16 } output { [false, true, true, true, false, false] }
-- input { 1u16 0u16 } output { [false, true, false, false, true, true] }
entry compare (a: u16) (b: u16) : [6]bool =
  let x = f16.from_bits a
  let y = f16.from_bits b
  in [x == y, x != y, x < y, x <= y, x > y, x >= y]

-- f64 to f16 is rounded once: 1 + 2^-11 + 2^-40 goes up, where rounding to f32 first would
-- leave the tie 1 + 2^-11 and then 1.0.
-- ==
-- entry: from_f64
-- input { 1.0004882812509095 } output { 15361u16 }
-- input { 1.00048828125 } output { 15360u16 }
-- input { 65519.99 } output { 31743u16 }
-- input { 65520.0 } output { 31744u16 }
-- input { -10000000000.0 } output { 64512u16 }
-- input { 2.9802322387695312e-08 } output { 0u16 }
-- input { 2.9802322388562674e-08 } output { 1u16 }
-- input { 0.1 } output { 11878u16 }
-- input { -0.0 } output { 32768u16 }
-- input { 5.960464477539063e-08 } output { 1u16 }
entry from_f64 (x: f64) : u16 = f16.to_bits (f16.f64 x)

-- ==
-- entry: from_i32
-- input { 2049i32 } output { 26624u16 }
-- input { 2051i32 } output { 26626u16 }
-- input { 65519i32 } output { 31743u16 }
-- input { 65520i32 } output { 31744u16 }
-- input { -4097i32 } output { 60416u16 }
-- input { 0i32 } output { 0u16 }
-- input { 7i32 } output { 18176u16 }
entry from_i32 (x: i32) : u16 = f16.to_bits (f16.i32 x)

-- f16 to integers truncates; to f64 it is exact.
-- ==
-- entry: to_num
-- input { 50048u16 } output { -3i32 -3i64 -3.75 }
-- input { 31743u16 } output { 65504i32 65504i64 65504.0 }
-- input { 15359u16 } output { 0i32 0i64 0.99951171875 }
-- input { 48128u16 } output { -1i32 -1i64 -1.0 }
-- input { 22080u16 } output { 100i32 100i64 100.0 }

entry to_num (a: u16) : (i32, i64, f64) =
  let x = f16.from_bits a in (i32.f16 x, i64.f16 x, f64.f16 x)
