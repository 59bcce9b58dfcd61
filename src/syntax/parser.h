/* parser.h — lexer (lexer.c) and recursive-descent parser (parser.c) for weft's Futhark syntax. */
#ifndef WEFT_PARSER_H
#define WEFT_PARSER_H

#include "ast.h"

/* Parse a whole file.  `file` is the name used in locations; `text` must stay alive (the AST
 * points into nothing of it, but diagnostics quote it).  Errors go through error_at() (exit 1). */
Program *parse_program(const char *file, const char *text);

/* Load the files p imports (import.c): each ME_IMPORT gets its parsed file. */
void resolve_imports(Program *p);

#endif
