-- QuickHull: the 2D convex hull by recursive splitting at the farthest point, in nested
-- form (seed 004, "QuickHull with Nested Parallelism").
--
-- The hull is kept as a cyclic list of vertices, counter-clockwise, and for every edge
-- P->Q the set of points still outside it (strictly to its right): a jagged array
-- [][]point with one row per edge.  One round handles every edge at once -- the
-- recursion of findHull(S, P, Q), lifted to a loop over all calls of one level:
--   C        = the point of S farthest from line PQ (a reduce over that edge's row),
--   new rows = the points of S outside P->C and outside C->Q (two filters; the points
--              inside triangle PCQ are dropped),
-- and the edge is replaced by P->C, C->Q.  The map over edges has a body whose parallel
-- work (the reduce and the filters) differs in size per edge, and whose results have a
-- different number of rows per edge (0 or 2 new vertices/rows): irregular on both levels.
-- The loop stops when no edge has points outside it.
--
-- main xs ys: the hull's vertices, counter-clockwise from the lowest of the leftmost
-- points; points on an edge (collinear) and duplicates are not vertices.
-- ==
-- input { empty([0]f64) empty([0]f64) }
-- output { empty([0]f64) empty([0]f64) }
-- input { [1.5f64] [-2f64] }
-- output { [1.5f64] [-2f64] }
-- input { [3f64, 3f64, 3f64] [1f64, 1f64, 1f64] }
-- output { [3f64] [1f64] }
-- input { [4f64, 0f64] [1f64, 2f64] }
-- output { [0f64, 4f64] [2f64, 1f64] }
-- input { [0f64, 1f64, 2f64, 3f64, 4f64, 2f64] [0f64, 1f64, 2f64, 3f64, 4f64, 2f64] }
-- output { [0f64, 4f64] [0f64, 4f64] }
-- input { [0f64, 0f64, 0f64, 0f64] [5f64, -1f64, 2f64, 3f64] }
-- output { [0f64, 0f64] [-1f64, 5f64] }
-- input { [0f64, 4f64, 4f64, 0f64, 2f64, 2f64, 4f64, 0f64, 1f64, 3f64, 4f64, 0f64] [0f64, 0f64, 4f64, 4f64, 2f64, 0f64, 2f64, 2f64, 3f64, 1f64, 4f64, 0f64] }
-- output { [0f64, 4f64, 4f64, 0f64] [0f64, 0f64, 4f64, 4f64] }
-- input { [0f64, 6f64, 3f64, 3f64, 2f64, 4f64] [0f64, 0f64, 5f64, 1f64, 1f64, 2f64] }
-- output { [0f64, 6f64, 3f64] [0f64, 0f64, 5f64] }
-- input { [2f64, -1f64, 0f64, 1f64, 3f64, -2f64, 0f64, 1f64, 2f64, -1f64] [1f64, 3f64, -2f64, 0f64, -1f64, 1f64, 3f64, 2f64, 2f64, -1f64] }
-- output { [-2f64, -1f64, 0f64, 3f64, 2f64, 0f64, -1f64] [1f64, -1f64, -2f64, -1f64, 2f64, 3f64, 3f64] }
-- input { [1f64, 3f64, 0f64, 4f64, 2f64, 2f64] [3f64, 3f64, 0f64, 0f64, 3f64, 1f64] }
-- output { [0f64, 4f64, 3f64, 1f64] [0f64, 0f64, 3f64, 3f64] }
-- input @ data/quickhull-4000.in
-- output @ data/quickhull-4000.out
-- input @ data/quickhull-disc5000.in
-- output @ data/quickhull-disc5000.out

type point = (f64, f64)

-- > 0 when r is to the left of the line p->q, < 0 to its right, 0 on it.
def cross ((px, py): point) ((qx, qy): point) ((rx, ry): point) : f64 =
  (qx - px) * (ry - py) - (qy - py) * (rx - px)

def lex_lt ((ax, ay): point) ((bx, by): point) : bool =
  ax < bx || (ax == bx && ay < by)

def lex_min (a: point) (b: point) : point = if lex_lt b a then b else a
def lex_max (a: point) (b: point) : point = if lex_lt a b then b else a

-- The points of s strictly outside (to the right of) edge p->q.
def outside (p: point) (q: point) (s: []point) : []point =
  filter (\r -> cross p q r < 0) s

-- The point of a nonempty s farthest from line p->q (ties: the lexicographically least).
def farthest (p: point) (q: point) (s: []point) : point =
  let far (d1: f64, a: point) (d2: f64, b: point) =
    if d1 > d2 || (d1 == d2 && lex_lt a b) then (d1, a) else (d2, b)
  in (reduce far (-f64.inf, (f64.inf, f64.inf))
             (map (\r -> (-(cross p q r), r)) s)).1

-- One level of findHull for one edge p->q with outside set s: the vertices that start
-- its part of the hull, and one outside set per new edge.
def split_edge (p: point) (q: point) (s: []point) : ([]point, [][]point) =
  if length s == 0 then ([p], [s])
  else let c = farthest p q s
       in ([p, c], [outside p c s, outside c q s])

def quickhull (ps: []point) : []point =
  let a = reduce lex_min (f64.inf, f64.inf) ps
  let b = reduce lex_max (-f64.inf, -f64.inf) ps
  in if length ps == 0 then []
     else if a == b then [a]
     else
       let (hull, _) =
         loop (verts: []point, sets: [][]point) = ([a, b], [outside a b ps, outside b a ps])
         while any (\s -> length s > 0) sets do
           let nv = length verts
           let (vss, sss) = unzip (map3 (\i p s -> split_edge p verts[(i + 1) % nv] s)
                                        (indices verts) verts sets)
           in (flatten vss, flatten sss)
       in hull

def main [n] (xs: [n]f64) (ys: [n]f64) : ([]f64, []f64) =
  unzip (quickhull (zip xs ys))
