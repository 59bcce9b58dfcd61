-- weft prelude, part 5: the small functions of Futhark's prelude.fut.  Written in weft.

-- | Negation of a boolean (!x), as a function.
def not (x: bool) : bool = !x

-- | An i32 as an f32, and back (truncating).
def r32 (x: i32) : f32 = f32.i32 x
def t32 (x: f32) : i32 = i32.f32 x

-- | An i32 as an f64, and back (truncating).
def r64 (x: i32) : f64 = f64.i32 x
def t64 (x: f64) : i32 = i32.f64 x

-- | The identity (Futhark prints its argument; weft does not).
def trace 't (x: t) : t = x

-- | The identity (a break point in Futhark's interpreter).
def break 't (x: t) : t = x
