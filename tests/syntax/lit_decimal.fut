-- Decimal integer literals, with underscores.
-- ==
-- input { 5 } output { 1000005 }
-- input { -5 } output { 999995 }
def main (x: i32) : i32 = x + 1_000_000
