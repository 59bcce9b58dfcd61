-- A negative literal with an unsigned suffix is read modulo 2^bits, as Futhark reads it, in
-- inputs and in expected outputs alike.
-- ==
-- input { -271733879u32 -1u8 } output { 4023233417u32 255u8 }
-- input { 1u32 0u8 } output { -4294967295u32 -256u8 }
def main (x: u32) (y: u8) = (x, y)
