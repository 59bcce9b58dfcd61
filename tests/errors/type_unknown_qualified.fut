-- An unknown qualified name.
-- ==
-- error: type_unknown_qualified.fut:4:27: error: Unknown name "f32\.nosuch"
def main (x: f32) : f32 = f32.nosuch x
