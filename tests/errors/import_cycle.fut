-- Files that import each other: the cycle is reported at the import that closes it.
-- ==
-- error: import_cycle/b\.fut:3:1: error: import cycle: .*import_cycle/a\.fut imports .*import_cycle/b\.fut imports .*import_cycle/a\.fut
import "import_cycle/a"
def main (x: i32) : i32 = x
