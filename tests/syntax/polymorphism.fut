-- Type parameters and higher-order parameters.
-- ==
-- input { 3 } output { 12 }
def twice 't (f: t -> t) (x: t) : t = f (f x)
def main (x: i32) : i32 = twice (\y -> y * 2) x
