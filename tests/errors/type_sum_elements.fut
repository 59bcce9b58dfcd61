-- Array elements of a sum type whose payloads differ: the message shows the constructors each
-- was seen with and their payload types (not just "a sum type").
-- ==
-- error: type_sum_elements\.fut:8:28: error: array elements must have the same type: the first is a sum type with #c i32 but this one is a sum type with #c bool

type t = #c i32 | #d

def main = let ts = [#c 1, #c false, #d] : []t
           in length ts
