/* check.h — the type checker: infers and checks types, annotates the AST in place
 * (Expr.type, Pat.type, Decl.type, Expr.prim of literals, E_VAR binding/builtin), checks
 * uniqueness (no use after consumption).  Errors go through error_at() (exit 1). */
#ifndef WEFT_CHECK_H
#define WEFT_CHECK_H

#include "../syntax/ast.h"

/* Check prog, whose declarations from first_user on are the user's file (those before, the
 * prelude): afterwards prog->decls is every definition, modules elaborated away, and the
 * result is the index of the first one that is not the prelude's. */
int check_program(Program *prog, int first_user);

#endif
