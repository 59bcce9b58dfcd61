-- Lifted type abbreviations used where that is allowed: by other lifted abbreviations
-- (type~ over type~, type^ over both) and in definitions' types.
-- ==
-- input { 3i64 } output { [0.0f32, 2.0f32, 4.0f32] 3i64 }
type~ row = []f32
type~ rows = [2]row
type^ op = row -> row
type^ kit = (op, rows)
def twice : op = map (* 2)
def main (n: i64) : (row, i64) =
  let k : kit = (twice, [[1], [2, 3]])
  let r : row = map f32.i64 (iota n)
  in ((k.0) r, length (k.1[1]) + 1)
