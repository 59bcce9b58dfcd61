-- Scan over records: running mean and running maximum in one pass with a
-- record-valued associative operator.
-- ==
-- input { [2.0f32, 4.0f32, -3.0f32, 9.0f32, 1.0f32] }
-- output { [2.0f32, 3.0f32, 1.0f32, 3.0f32, 2.6f32] [2.0f32, 4.0f32, 4.0f32, 9.0f32, 9.0f32] }
-- input { [5.5f32] }
-- output { [5.5f32] [5.5f32] }
-- input { empty([0]f32) }
-- output { empty([0]f32) empty([0]f32) }

type acc = {count: i64, sum: f32, max: f32}

def plus (a: acc) (b: acc) : acc =
  {count = a.count + b.count, sum = a.sum + b.sum, max = f32.max a.max b.max}

def main (xs: []f32) : ([]f32, []f32) =
  let rs = scan plus {count = 0, sum = 0, max = -f32.inf}
                (map (\x -> {count = 1, sum = x, max = x}) xs)
  in (map (\r -> r.sum / f32.i64 r.count) rs, map (.max) rs)
