/* target.c — weft c: the program in sequence.  The statement emitter (src/backend/emit*.c) does
 * everything; this target runs nothing of its own (no regions, no device).
 */
#include "../emit.h"

const Target target_c = {"c", FLATTEN_NONE, false, false, false, NULL, NULL, NULL, NULL, NULL,
                         "wf_flat_result", "NULL, NULL, NULL, NULL, NULL", false, NULL};
