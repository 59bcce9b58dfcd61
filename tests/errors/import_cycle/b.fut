-- Part of ../import_cycle.fut: imports a, which imports this file.
def fb (x: i32) = x
import "a"
