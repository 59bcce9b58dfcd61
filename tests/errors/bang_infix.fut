-- The prefix operator ! cannot be defined as an infix one.
-- ==
-- error: bang_infix\.fut:4:7: error: .!. is a prefix operator: it cannot be used as infix
def x ! y = x + y
def main (a: i32) = a
