-- Part of ../import_cycle.fut: imports b, which imports this file.
import "b"
def fa (x: i32) = x
