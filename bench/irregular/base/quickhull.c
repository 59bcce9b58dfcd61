/* quickhull.c — C baseline of examples/flatten/quickhull.fut: the 2D convex hull of points
 * (xs, ys), its vertices counter-clockwise from the lexicographically least point, points on
 * an edge not vertices.  Recursive quickhull in place: for an edge p->q and the points strictly
 * to its right, the farthest of them c (ties: the lexicographically least) is a vertex; the
 * points right of p->c and right of c->q are moved to the front, in that order, and each part
 * is solved recursively; the rest are dropped.  Built with -fopenmp: the first part of a split
 * of more than 2^15 points runs as an OpenMP task (each part writes its vertices to its own
 * list, concatenated in order).  The timed part works on a fresh copy of the points.
 * Input: xs, ys [n]f64 (binary); output: the hull's xs and ys, [h]f64 each.
 */
#include "../fdata.h"

typedef struct { double x, y; } point;
typedef struct { point *v; int64_t n, cap; } hull;
typedef struct { fd_value xs, ys; point *work; hull h; } job;

static double cross(point p, point q, point r) { return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x); }
static int lex_lt(point a, point b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

static void push(hull *h, point p) {
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 64;
        h->v = realloc(h->v, (size_t)h->cap * sizeof *h->v);
        if (!h->v) fd_die("out of memory", NULL);
    }
    h->v[h->n++] = p;
}

static void append(hull *h, const hull *g) {
    for (int64_t i = 0; i < g->n; i++) push(h, g->v[i]);
}

/* moves the points of s[0..n) strictly right of p->q to the front; returns their number */
static int64_t keep_right(point *s, int64_t n, point p, point q) {
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++)
        if (cross(p, q, s[i]) < 0) {
            point t = s[k]; s[k] = s[i]; s[i] = t;
            k++;
        }
    return k;
}

/* appends to h the vertices strictly between p and q of the hull of s (all right of p->q) */
static void find_hull(point *s, int64_t n, point p, point q, hull *h) {
    if (n == 0) return;
    point c = s[0];
    double best = -cross(p, q, c);
    for (int64_t i = 1; i < n; i++) {
        double d = -cross(p, q, s[i]);
        if (d > best || (d == best && lex_lt(s[i], c))) best = d, c = s[i];
    }
    int64_t k1 = keep_right(s, n, p, c), k2 = keep_right(s + k1, n - k1, c, q);
    hull left = {0};
    if (k1 > 32768) {
#pragma omp task shared(left)
        find_hull(s, k1, p, c, &left);
    } else {
        find_hull(s, k1, p, c, &left);
    }
    hull right = {0};
    find_hull(s + k1, k2, c, q, &right);
#pragma omp taskwait
    append(h, &left);
    push(h, c);
    append(h, &right);
    free(left.v);
    free(right.v);
}

static void copy_points(void *ctx) {
    job *j = ctx;
    const double *xs = j->xs.data, *ys = j->ys.data;
    for (int64_t i = 0; i < j->xs.count; i++) j->work[i] = (point){xs[i], ys[i]};
}

static void run(void *ctx) {
    job *j = ctx;
    int64_t n = j->xs.count;
    j->h.n = 0;
    if (n == 0) return;
    point a = j->work[0], b = j->work[0];
    for (int64_t i = 1; i < n; i++) {
        if (lex_lt(j->work[i], a)) a = j->work[i];
        if (lex_lt(b, j->work[i])) b = j->work[i];
    }
    push(&j->h, a);
    if (a.x == b.x && a.y == b.y) return;
    int64_t k1 = keep_right(j->work, n, a, b), k2 = keep_right(j->work + k1, n - k1, b, a);
    hull upper = {0};
#pragma omp parallel
#pragma omp single
    {
        find_hull(j->work, k1, a, b, &j->h);
        push(&j->h, b);
        find_hull(j->work + k1, k2, b, a, &upper);
    }
    append(&j->h, &upper);
    free(upper.v);
}

int main(int argc, char **argv) {
    fd_tool = "quickhull";
    fd_options o = fd_parse(argc, argv);
    static job j;
    j.xs = fd_expect(" f64", 1, 0, "xs");
    j.ys = fd_expect(" f64", 1, 0, "ys");
    if (j.xs.count != j.ys.count) fd_die("xs and ys differ in length", NULL);
    j.work = fd_alloc((size_t)j.xs.count * sizeof(point));
    fd_time(o, copy_points, run, &j);
    double *xy = fd_alloc((size_t)j.h.n * 16);
    for (int64_t i = 0; i < j.h.n; i++) xy[i] = j.h.v[i].x, xy[j.h.n + i] = j.h.v[i].y;
    fd_write_array(stdout, " f64", j.h.n, xy);
    fd_write_array(stdout, " f64", j.h.n, xy + j.h.n);
    return fflush(stdout) != 0;
}
