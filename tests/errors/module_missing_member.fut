-- A module ascribed a module type must define what the module type specifies.
-- ==
-- error: module_missing_member\.fut:5:1: error: the module does not define 'scale', which its module type \(line 4\) requires
module type shape = { val area : f64 -> f64 val scale : f64 -> f64 -> f64 }
module square : shape = { def area (s: f64) = s * s }
def main (x: f64) : f64 = square.area x
