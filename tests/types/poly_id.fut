-- A polymorphic function with an explicit type parameter, used at two types.
-- ==
-- input { 3 } output { 3 true }
def ident 't (x: t) : t = x
def main (x: i32) : (i32, bool) = (ident x, ident true)
