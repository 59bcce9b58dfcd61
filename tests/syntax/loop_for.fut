-- loop ... for i < n do
-- ==
-- input { 5 } output { 10 }
-- input { 0 } output { 0 }
def main (n: i32) : i32 = loop acc = 0 for i < n do acc + i
