-- Decimal and hexadecimal float literals.
-- ==
-- input { 0.0 } output { 263.501 }
-- input { 1.0 } output { 264.501 }
def main (x: f64) : f64 = x + 1.5 + 1e-3 + 2.5e2 + 0x1.8p3
