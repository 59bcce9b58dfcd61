-- A spec's parameters are distinct.
-- ==
-- error: modspec_dup_param\.fut:4:33: error: the parameter "t" of "pair" is bound previously, at 4:30
module type mt = { type pair 't 't }
def main (x: i32) = x
