-- weft prelude, part 2: small higher-order helpers.  Written in weft.

def id '^a (x: a) : a = x

def const '^a '^b (x: a) (_: b) : a = x

def flip '^a '^b '^c (f: a -> b -> c) (y: b) (x: a) : c = f x y

def curry '^a '^b '^c (f: (a, b) -> c) (x: a) (y: b) : c = f (x, y)

def uncurry '^a '^b '^c (f: a -> b -> c) (p: (a, b)) : c = let (x, y) = p in f x y

-- | Apply f n times to x.
def iterate 'a (n: i32) (f: a -> a) (x: a) : a =
  loop y = x for _i < n do f y

-- | Apply f to x until p holds (possibly zero times).
def iterate_until 'a (p: a -> bool) (f: a -> a) (x: a) : a =
  loop y = x while !(p y) do f y

-- | Apply f to x while p holds (possibly zero times).
def iterate_while 'a (p: a -> bool) (f: a -> a) (x: a) : a =
  loop y = x while p y do f y

