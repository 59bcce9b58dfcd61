-- A type parameter supports no equality (Futhark has no Eq constraint).
-- ==
-- error: eq_type_param\.fut:4:29: error: "==" cannot compare values of type t: the type parameter .t does not support equality
def same 't (x: t) (y: t) = x == y
def main (a: i32) = same a a
