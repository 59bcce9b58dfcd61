-- weft prelude, part 1: zips, unzips and the multi-array maps.  Written in weft.

-- | Same as zip.
def zip2 [n] 'a 'b (xs: [n]a) (ys: [n]b) : *[n](a, b) = zip xs ys

-- | Same as map.
def map1 'a [n] 'x (f: a -> x) (xs: [n]a) : *[n]x = map f xs

def map2 'a 'b [n] 'x (f: a -> b -> x) (xs: [n]a) (ys: [n]b) : *[n]x =
  map (\(x, y) -> f x y) (zip xs ys)

def zip3 [n] 'a 'b 'c (xs: [n]a) (ys: [n]b) (zs: [n]c) : *[n](a, b, c) =
  map2 (\x (y, z) -> (x, y, z)) xs (zip ys zs)

def map3 'a 'b 'c [n] 'x (f: a -> b -> c -> x) (xs: [n]a) (ys: [n]b) (zs: [n]c) : *[n]x =
  map (\(x, y, z) -> f x y z) (zip3 xs ys zs)

def zip4 [n] 'a 'b 'c 'd (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) : *[n](a, b, c, d) =
  map2 (\x (y, z, w) -> (x, y, z, w)) xs (zip3 ys zs ws)

def map4 'a 'b 'c 'd [n] 'x (f: a -> b -> c -> d -> x)
         (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) : *[n]x =
  map (\(x, y, z, w) -> f x y z w) (zip4 xs ys zs ws)

def zip5 [n] 'a 'b 'c 'd 'e (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) (vs: [n]e)
         : *[n](a, b, c, d, e) =
  map2 (\x (y, z, w, v) -> (x, y, z, w, v)) xs (zip4 ys zs ws vs)

def map5 'a 'b 'c 'd 'e [n] 'x (f: a -> b -> c -> d -> e -> x)
         (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) (vs: [n]e) : *[n]x =
  map (\(x, y, z, w, v) -> f x y z w v) (zip5 xs ys zs ws vs)

def unzip [n] 'a 'b (xys: [n](a, b)) : ([n]a, [n]b) =
  (map (\(x, _) -> x) xys, map (\(_, y) -> y) xys)

-- | Same as unzip.
def unzip2 [n] 'a 'b (xys: [n](a, b)) : ([n]a, [n]b) = unzip xys

def unzip3 [n] 'a 'b 'c (xyzs: [n](a, b, c)) : ([n]a, [n]b, [n]c) =
  (map (\(x, _, _) -> x) xyzs, map (\(_, y, _) -> y) xyzs, map (\(_, _, z) -> z) xyzs)

def unzip4 [n] 'a 'b 'c 'd (ts: [n](a, b, c, d)) : ([n]a, [n]b, [n]c, [n]d) =
  (map (\(x, _, _, _) -> x) ts, map (\(_, y, _, _) -> y) ts,
   map (\(_, _, z, _) -> z) ts, map (\(_, _, _, w) -> w) ts)

def unzip5 [n] 'a 'b 'c 'd 'e (ts: [n](a, b, c, d, e)) : ([n]a, [n]b, [n]c, [n]d, [n]e) =
  (map (\(x, _, _, _, _) -> x) ts, map (\(_, y, _, _, _) -> y) ts,
   map (\(_, _, z, _, _) -> z) ts, map (\(_, _, _, w, _) -> w) ts,
   map (\(_, _, _, _, v) -> v) ts)
