-- Typed holes: `???` stands for an expression of whatever type its use needs; the program
-- compiles, and evaluating a hole fails at its location with its type (as Futhark's does).
-- A hole that is never reached (a branch not taken, a loop that does not run) costs nothing.
-- ==
-- entry: scalar
-- input { true 21 } output { 42 }
-- input { false 21 } error: typed_holes\.fut:39:62: Error: Reached hole of type i32\.

-- ==
-- entry: sized
-- input { 3i64 } output { [0i64, 1i64, 2i64] }
-- input { 4i64 } error: Reached hole of type \*?\[n\]i64

-- ==
-- entry: applied
-- input { 5 } output { 5 }
-- input { -5 } error: Reached hole of type i32 -> bool -> i32

-- ==
-- entry: in_map
-- input { [1, 2, 3] } output { [2, 3, 4] }
-- input { [1, -2, 3] } error: typed_holes\.fut:49:72: Error: Reached hole

-- ==
-- entry: in_loop
-- input { 0 7 } output { 7 }
-- input { 2 7 } error: Reached hole of type i32

-- ==
-- entry: polymorphic
-- input { true 1.5 [1, 2] } output { 1.5 [1, 2] }
-- input { false 1.5 [1, 2] } error: Reached hole of type (a|\(f64, \[\]i32\))\.

-- ==
-- entry: pointfree
-- input { 0i64 } output { empty([0]i32) }
-- input { 2i64 } error: Reached hole

entry scalar (b: bool) (x: i32) : i32 = if b then x * 2 else ???

def first_n (n: i64) : [n]i64 = if n < 4 then iota n else ???

entry sized (n: i64) : []i64 = first_n n

-- A hole of function type, applied: the hole itself fails, before its arguments matter.
entry applied (x: i32) : i32 = if x >= 0 then x else ??? x true

-- A hole inside a map: the element that reaches it fails the whole map.
entry in_map (xs: []i32) : []i32 = map (\x -> if x > 0 then x + 1 else ???) xs

def holey (x: i32) : i32 = ???

entry in_loop (n: i32) (x: i32) : i32 = loop acc = x for _i < n do holey acc

def pick 'a (b: bool) (x: a) : a = if b then x else ???

entry polymorphic (b: bool) (x: f64) (ys: []i32) : (f64, []i32) = pick b (x, ys)

-- A point-free definition whose body is a hole of function type.
def unwritten : i64 -> []i32 = ???

entry pointfree (n: i64) : []i32 = if n == 0 then [] else unwritten n
