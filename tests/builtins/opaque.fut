-- opaque and manifest are the identity.
-- ==
-- input { [[1, 2], [3, 4]] 5 } output { [[1, 3], [2, 4]] 6 }
def main (xss: [][]i32) (x: i32) : ([][]i32, i32) = (manifest (transpose xss), opaque x + 1)
