-- A local definition of a module is not one of its members.
-- ==
-- error: module_local_hidden\.fut:8:27: error: Unknown name "M\.helper"
module M = {
  local def helper (x: i32) = x + 1
  def api (x: i32) = helper x
}
def main (x: i32) : i32 = M.helper x
