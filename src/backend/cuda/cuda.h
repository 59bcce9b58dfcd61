/* cuda.h — weft cuda (docs/BACKENDS.md): what the files of the CUDA target share.  kernels.c
 * turns the host's segops, scatters and hists into kernels; block.c emits block-level segops
 * (e_middle) inside them; tile.c block-tiles dot-product nests; kernels.c also defines the Target (target_cuda).
 */
#ifndef WEFT_BACKEND_CUDA_CUDA_H
#define WEFT_BACKEND_CUDA_CUDA_H

#include "../emit.h"

/* block.c: weft cuda, a segop at block level (e_middle), in block-level code */
void fb_segop(FGen *g, const CStm *s);
/* Whether b has block-level segops (then the grid segmap around it runs one block per point). */

/* tile.c: weft cuda, block tiling of a segmap's dot products */
#define FT_TILE 16    /* a block is FT_TILE x FT_TILE points */
#define FT_KTILE 64   /* columns of the rows per step (a multiple of FT_TILE) */
#define FT_MAX_ROWS 4 /* row groups (reduce-map inputs) a tiled segmap may have */
typedef struct {
    const char *array; /* the free rank-2 array the row is read from */
    int dim;           /* the index of the space that picks the row */
    PrimType prim;
} FTileRow;
typedef struct {
    FTileRow rows[FT_MAX_ROWS];
    int nrows;
    const CExp *screma; /* the body's reduce-map over the rows */
    const char *result;
} FTile;
/* Whether the segmap e (on the host, for a kernel) is a nest of dot products it can tile. */
bool ft_match(FGen *g, const CExp *e, FTile *t);
/* The host's C condition for running the tiled kernel (w: the space's widths). */
const char *ft_host_condition(FGen *g, const FTile *t, const char **w);
int ft_smem_bytes(const FTile *t);
/* The bodies of the spec's tile() and finish() methods, in device mode (out: the output view's
 * C name); the accumulator's C type; the fold's width (C expression, device mode). */
void ft_emit_tile_body(FGen *g, const FTile *t, const char *out);
void ft_emit_finish_body(FGen *g, const FTile *t, const char *out);
const char *ft_acc_type(const FTile *t);
const char *ft_width(FGen *g, const FTile *t);

/* kernels.c: weft cuda */
/* Whether the statement is a segop on the host that runs as a kernel. */
bool fc_kernel(FGen *g, const CStm *s);
void fc_segop(FGen *g, const CStm *s);
/* Host code around a statement: the blocks it reads current on the host, those it wrote stale
 * on the device. */
void fc_before(FGen *g, const CStm *s);
void fc_after(FGen *g, const CStm *s);
void fc_elem_to_host(FGen *g, const char *array, const char *elem);

#endif
