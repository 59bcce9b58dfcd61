-- A top-level def with an overloaded body defaults to i32 (Futhark does the same).
-- ==
-- input { 41 } output { 42 }
def inc x = x + 1
def main (x: i32) : i32 = inc x
