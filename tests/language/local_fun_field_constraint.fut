-- A local function that projects a field of a parameter whose type is not written keeps that
-- parameter's type open until the calls fix it (a tuple here, a record below).
-- ==
-- input { 2i32 3i32 }
-- output { 2i32 3i32 5i32 }
-- input { -1i32 8i32 }
-- output { -1i32 8i32 7i32 }

def main (x: i32) (y: i32) =
  let first v = v.0
  let second v = v.1
  let total r = r.a + r.b
  in (first (x, y), second (x, y), total {a = x, b = y})
