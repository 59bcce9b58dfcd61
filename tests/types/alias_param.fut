-- Type aliases, parametric in types and sizes.
-- ==
-- input { [1.0f32, 2.0f32] } output { 1.0f32 [1.0f32, 2.0f32] }
type pair 'a 'b = {fst: a, snd: b}
type vec [n] = [n]f32
def mk [n] (v: vec [n]) : pair f32 (vec [n]) = {fst = v[0], snd = v}
def main (v: []f32) : (f32, []f32) = let p = mk v in (p.fst, p.snd)
