/*
 * plain_engine.c — the plain-C baseline of the engine benchmark: a struct-of-arrays loop doing
 * the timing evaluation, the easeInEaseOut bezier solve and the lerp for every animation (see
 * plain_engine.h). Compiled with -ffp-contract=off, like the engine's Swift (no fused
 * multiply-adds), so both sides round alike.
 */
#include "plain_engine.h"

#include <math.h>
#include <stdlib.h>

/* ---- Unit cubic bezier (the constants of UnitBezier.Solver) -------------------------------- */

#define NEWTON_ITERATION_LIMIT 8
#define SOLVER_TOLERANCE 1e-12
#define MINIMUM_SLOPE 1e-9
#define BISECTION_ITERATION_LIMIT 64

plain_curve plain_curve_make(double x1, double y1, double x2, double y2) {
    plain_curve c;
    c.cx = 3 * x1;
    c.bx = 3 * (x2 - x1) - c.cx;
    c.ax = 1 - c.cx - c.bx;
    c.cy = 3 * y1;
    c.by = 3 * (y2 - y1) - c.cy;
    c.ay = 1 - c.cy - c.by;
    return c;
}

static inline double sample_x(const plain_curve *c, double t) { return ((c->ax * t + c->bx) * t + c->cx) * t; }
static inline double sample_y(const plain_curve *c, double t) { return ((c->ay * t + c->by) * t + c->cy) * t; }
static inline double slope_x(const plain_curve *c, double t) { return (3 * c->ax * t + 2 * c->bx) * t + c->cx; }

static double bisect(const plain_curve *c, double x) {
    double low = 0.0, high = 1.0, t = x;
    for (int i = 0; i < BISECTION_ITERATION_LIMIT; i++) {
        double sample = sample_x(c, t);
        if (fabs(sample - x) < SOLVER_TOLERANCE) return t;
        if (sample < x) low = t; else high = t;
        t = (low + high) * 0.5;
        if (t == low || t == high) break;
    }
    return t;
}

/* y at input x in [0, 1]: Newton steps from t = x, bisection if they stall. */
static inline double curve_value(const plain_curve *c, double x) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double t = x;
    for (int i = 0; i < NEWTON_ITERATION_LIMIT; i++) {
        double error = sample_x(c, t) - x;
        if (fabs(error) < SOLVER_TOLERANCE) return sample_y(c, t);
        double slope = slope_x(c, t);
        if (fabs(slope) < MINIMUM_SLOPE) break;
        t -= error / slope;
        if (!(t >= 0 && t <= 1)) break;
    }
    return sample_y(c, bisect(c, x));
}

/* The eased fraction of a one-shot animation at time_s, or -1 when it is not in effect. */
static inline double fraction_at(const plain_curve *c, double begin_s, double duration_s,
                                 double time_s) {
    double elapsed = time_s - begin_s;
    if (elapsed < 0 || elapsed >= duration_s) return -1;
    return curve_value(c, elapsed / duration_s);
}

static inline double lerp(double a, double b, double t) { return a + (b - a) * t; }

/* ---- Tracks --------------------------------------------------------------------------------- */

int plain_track_alloc(plain_track *track, size_t count, int components, double duration_s) {
    *track = (plain_track){0};
    track->count = count;
    track->components = components;
    track->duration_s = duration_s;
    track->begin_s = calloc(count, sizeof(double));
    int ok = track->begin_s != NULL;
    for (int c = 0; c < components; c++) {
        track->from[c] = calloc(count, sizeof(double));
        track->to[c] = calloc(count, sizeof(double));
        ok = ok && track->from[c] != NULL && track->to[c] != NULL;
    }
    return ok;
}

void plain_track_free(plain_track *track) {
    free(track->begin_s);
    for (int c = 0; c < PLAIN_MAX_COMPONENTS; c++) {
        free(track->from[c]);
        free(track->to[c]);
    }
    *track = (plain_track){0};
}

/* ---- The loops ------------------------------------------------------------------------------ */

void plain_engine_scalar(const plain_track *s, const plain_curve *curve, double time_s,
                         double *out) {
    const double *begin = s->begin_s, *from = s->from[0], *to = s->to[0];
    double duration = s->duration_s, model = s->model[0];
    for (size_t i = 0; i < s->count; i++) {
        double f = fraction_at(curve, begin[i], duration, time_s);
        out[i] = f < 0 ? model : lerp(from[i], to[i], f);
    }
}

/* Writes a track's value for layer i (its `components` components, a constant once inlined)
 * into out[0..components). */
static inline void track_value(const plain_track *t, int components, const plain_curve *curve,
                               size_t i, double time_s, double *out) {
    double f = fraction_at(curve, t->begin_s[i], t->duration_s, time_s);
    for (int c = 0; c < components; c++)
        out[c] = f < 0 ? t->model[c] : lerp(t->from[c][i], t->to[c][i], f);
}

void plain_engine_four(const plain_track *position, const plain_track *bounds,
                       const plain_track *rotation, const plain_track *color,
                       const plain_curve *curve, double time_s, double *out_position,
                       double *out_bounds, double *out_transform, double *out_color) {
    size_t count = position->count;
    for (size_t i = 0; i < count; i++) {
        track_value(position, 2, curve, i, time_s, out_position + 2 * i);
        track_value(bounds, 4, curve, i, time_s, out_bounds + 4 * i);
        double angle;
        track_value(rotation, 1, curve, i, time_s, &angle);
        double s = sin(angle), c = cos(angle);
        double *m = out_transform + 6 * i;
        m[0] = c;  /* a */
        m[1] = s;  /* b */
        m[2] = -s; /* c */
        m[3] = c;  /* d */
        m[4] = 0;  /* tx */
        m[5] = 0;  /* ty */
        track_value(color, 4, curve, i, time_s, out_color + 4 * i);
    }
}
