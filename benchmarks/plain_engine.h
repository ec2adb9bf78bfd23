/*
 * plain_engine.h — the plain-C baseline of the engine benchmark (bench_engine.c).
 *
 * What a hand-written animation loop would do for the benchmark's workloads, with no engine
 * around it: struct-of-arrays tracks of one-shot basic animations (a begin time each, one
 * duration, from and to values), evaluated at a time by
 *
 *   e = time - begin;   in effect when 0 <= e < duration (fill mode "removed")
 *   progress = e / duration;  fraction = easeInEaseOut(progress) (the unit bezier solve);
 *   value = from + (to - from) * fraction, componentwise   (the model value when not in effect)
 *
 * with the same bezier solver as animcore (UnitBezier.swift: Newton steps from t = x, then
 * bisection; the same constants), so that the results agree with the engine's presentation
 * values to the last bit or so. No validation, no dependency on animcore.h.
 */
#ifndef ANIMCORE_BENCH_PLAIN_ENGINE_H
#define ANIMCORE_BENCH_PLAIN_ENGINE_H

#include <stddef.h>

/* A unit cubic bezier in power basis: X(t) = ((ax t + bx) t + cx) t, the same for Y. */
typedef struct plain_curve {
    double ax, bx, cx, ay, by, cy;
} plain_curve;

/* The curve with control points (x1, y1) and (x2, y2); x1, x2 in [0, 1], not on the diagonal. */
plain_curve plain_curve_make(double x1, double y1, double x2, double y2);

/* The most components a track has (a rect, a colour). */
#define PLAIN_MAX_COMPONENTS 4

/*
 * One animated property over `count` layers, struct of arrays: layer i's animation begins at
 * begin_s[i] and goes from from[c][i] to to[c][i] for each component c < components; model[c]
 * shows when it is not in effect.
 */
typedef struct plain_track {
    size_t count;
    int components; /* 1 (scalar), 2 (point), 4 (rect, colour) */
    double duration_s;
    double *begin_s;
    double *from[PLAIN_MAX_COMPONENTS];
    double *to[PLAIN_MAX_COMPONENTS];
    double model[PLAIN_MAX_COMPONENTS];
} plain_track;

/* Allocates the arrays of a track (zeroed); returns 0 when out of memory. */
int plain_track_alloc(plain_track *track, size_t count, int components, double duration_s);
void plain_track_free(plain_track *track);

/* One animation per layer on a scalar: out[i] = layer i's value at time_s. */
void plain_engine_scalar(const plain_track *scalar, const plain_curve *curve, double time_s,
                         double *out);

/*
 * Four animations per layer, one loop over the layers: position (2 components) into
 * out_position[2i..], bounds (4) into out_bounds[4i..], a z rotation angle (1) written as a plain
 * 2D transform (a, b, c, d, tx, ty) = (cos, sin, -sin, cos, 0, 0) into out_transform[6i..], and
 * backgroundColor (4) into out_color[4i..].
 */
void plain_engine_four(const plain_track *position, const plain_track *bounds,
                       const plain_track *rotation, const plain_track *color,
                       const plain_curve *curve, double time_s, double *out_position,
                       double *out_bounds, double *out_transform, double *out_color);

#endif /* ANIMCORE_BENCH_PLAIN_ENGINE_H */
