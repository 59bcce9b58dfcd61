-- A type abbreviation of a function names its parameter's size with a size parameter, and may
-- leave its result's size anonymous.
-- ==
-- input { [true, false, true] } output { 2i64 [0i64, 1i64] }
type^ count [n] = [n]bool -> i64
type^ grow = i64 -> []i64

def trues [n] : count [n] = \(bs: [n]bool) -> i64.sum (map (\b -> if b then 1 else 0) bs)
def up : grow = \k -> iota k

def main [n] (bs: [n]bool) = (trues bs, up (trues bs))
