-- Records: nested record types reduced with a record operator (bounding box, with
-- infinities for the empty input), field punning, `with` updates, field sections and
-- record patterns in lambdas.
-- ==
-- entry: bbox
-- input { [1.0, -2.0, 3.0] [0.0, 5.0, -1.0] }
-- output { -2.0 -1.0 3.0 5.0 }
-- input { empty([0]f64) empty([0]f64) }
-- output { f64.inf f64.inf -f64.inf -f64.inf }

-- ==
-- entry: shift
-- input { 1.5 [0.0, 1.0] [2.0, 3.0] }
-- output { [1.5, 2.5] [2.0, 3.0] }

-- ==
-- entry: dots
-- input { [1.0, 2.0, -3.0] [4.0, 0.5, 2.0] }
-- output { [4.0, 1.0, -6.0] -1.0 }

-- ==
-- entry: summary
-- input { [4i32, -2i32, 9i32, 0i32] }
-- output { -2i32 9i32 11i32 4i64 }

type point = {x: f64, y: f64}
type rect = {lo: point, hi: point}

def bbox_op (a: rect) (b: rect) : rect =
  {lo = {x = f64.min a.lo.x b.lo.x, y = f64.min a.lo.y b.lo.y},
   hi = {x = f64.max a.hi.x b.hi.x, y = f64.max a.hi.y b.hi.y}}

def points [n] (xs: [n]f64) (ys: [n]f64) : [n]point = map2 (\x y -> {x, y}) xs ys

entry bbox [n] (xs: [n]f64) (ys: [n]f64) : (f64, f64, f64, f64) =
  let r = reduce bbox_op {lo = {x = f64.inf, y = f64.inf}, hi = {x = -f64.inf, y = -f64.inf}}
                 (map (\p -> {lo = p, hi = p}) (points xs ys))
  in (r.lo.x, r.lo.y, r.hi.x, r.hi.y)

entry shift [n] (dx: f64) (xs: [n]f64) (ys: [n]f64) : ([n]f64, [n]f64) =
  let moved = map (\p -> p with x = p.x + dx) (points xs ys)
  in (map (.x) moved, map (.y) moved)

entry dots [n] (xs: [n]f64) (ys: [n]f64) : ([n]f64, f64) =
  let ps = map (\{x, y} -> x * y) (points xs ys)
  in (ps, f64.sum ps)

type summary = {lo: i32, hi: i32, total: i32, count: i64}

def summarize (xs: []i32) : summary =
  reduce (\(a: summary) (b: summary) -> {lo = i32.min a.lo b.lo, hi = i32.max a.hi b.hi, total = a.total + b.total,
                   count = a.count + b.count})
         {lo = i32.highest, hi = i32.lowest, total = 0, count = 0}
         (map (\x -> {lo = x, hi = x, total = x, count = 1}) xs)

entry summary (xs: []i32) : (i32, i32, i32, i64) =
  let s = summarize xs
  in (s.lo, s.hi, s.total, s.count)
