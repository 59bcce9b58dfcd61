-- Two sum types are the same type only with the same constructors.
-- ==
-- error: sum_unshared\.fut:4:48: error: Function body does not have expected type: expected #a i32 \| #b i32 but got #a i.*
def f (v: #a i32 | #c i32) : #a i32 | #b i32 = v
def main (x: i32) : i32 = match f (#a x) case #a y -> y case #b y -> y
