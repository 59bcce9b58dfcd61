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
/* check_program in two halves, for tests/fuzz/fuzz_front.c, which checks many programs against
 * one prelude: check_prelude checks prog's first first_user declarations; check_user forgets
 * any user program checked before (also one an error left half checked) and checks the rest. */
void check_prelude(Program *prog, int first_user);
int check_user(Program *prog, int first_user);

#endif
