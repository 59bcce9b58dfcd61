-- `loop x for ...` without `= init` starts from the variable's current value.
-- ==
-- input { 3 } output { 48 }
def main (x: i32) : i32 = loop x for _i < 4 do x * 2
