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
 *
 * The keyframe, path and group workloads (below) do the same for CAKeyframeAnimation (values
 * with linear or cubic interpolation; a paced path with its rotation) and CAAnimationGroup,
 * preparing per layer what animcore prepares when the animation is added.
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

/* ---- Keyframe animations (bench_engine's keyframe and path workloads) ---------------------- */

/*
 * One keyframe animation per layer, prepared as animcore prepares one when it is added
 * (KeyframeCurve.swift, KeyframeEvaluation.swift), so that each frame only finds a segment and
 * interpolates. Layer i's numbers live in one block, blocks + i * stride, laid out as the
 * engine's block: the points (n values of `slots` numbers, or with curves 4 bezier points per
 * segment), the key times (n), and for the paced modes over curves an arc-length table per
 * segment (PLAIN_ARC_SAMPLES + 1 cumulative chord lengths, normalised to end at 1).
 *
 * Per frame: progress = (time - begin) / duration (in effect when 0 <= elapsed < duration),
 * eased by `ease` unless paced; the segment is found by binary search in the key times,
 * s = (p - t[i]) / (t[i+1] - t[i]); linear: lerp; cubic: the bezier at u = s; paced curves:
 * u from the arc table (binary search + linear interpolation), the bezier at u, and the tangent
 * angle atan2(B'(u)) for the rotation.
 */
#define PLAIN_ARC_SAMPLES 128

typedef struct plain_keyframes {
    size_t count;     /* layers */
    int slots;        /* numbers per value: 1 (scalar), 2 (point) */
    int keyframes;    /* n */
    int curves;       /* segments are cubic beziers */
    int paced;        /* key times from the arc lengths; the timing function ignored */
    size_t stride;    /* numbers per layer block */
    size_t points, key_times, arc_tables; /* offsets in a block (arc_tables 0 when none) */
    double duration_s;
    const plain_curve *ease; /* the animation's timing function; NULL: linear */
    double *begin_s;         /* [count] */
    double *blocks;          /* [count * stride] */
    double model[PLAIN_MAX_COMPONENTS]; /* shows when not in effect */
} plain_keyframes;

/* Calculation modes of plain_keyframes_alloc. */
enum { PLAIN_LINEAR, PLAIN_CUBIC, PLAIN_PACED_PATH };

/* Allocates `count` layers' blocks for `keyframes` keyframes of `slots` numbers in `mode`
 * (PLAIN_PACED_PATH: keyframes = segments + 1, slots 2); returns 0 when out of memory. */
int plain_keyframes_alloc(plain_keyframes *k, size_t count, int mode, int slots, int keyframes,
                          double duration_s, const plain_curve *ease);
void plain_keyframes_free(plain_keyframes *k);

/* Prepares layer i (PLAIN_LINEAR, PLAIN_CUBIC): values[n * slots], key_times[n] (from 0 to 1;
 * the cubic tangents are scaled by them as animcore's kochanekBartels does, with tension,
 * continuity and bias 0 — Catmull-Rom with the end values duplicated). */
void plain_keyframes_set_values(plain_keyframes *k, size_t i, const double *values,
                                const double *key_times);
/* Prepares layer i (PLAIN_PACED_PATH): segments[8 * (n - 1)], each segment's 4 bezier points
 * (x, y) — the path's cubic segments; builds the arc tables and the paced key times. */
void plain_keyframes_set_path(plain_keyframes *k, size_t i, const double *segments);

/* One scalar keyframe animation per layer (PLAIN_LINEAR or PLAIN_CUBIC): out[i]. */
void plain_engine_keyframe_scalar(const plain_keyframes *k, double time_s, double *out);

/* One paced path animation per layer with rotation auto: the position into out_position[2i..],
 * the rotation by the tangent's angle as a plain 2D transform (cos, sin, -sin, cos, 0, 0) into
 * out_transform[6i..] (identity when not in effect). */
void plain_engine_path(const plain_keyframes *k, double time_s, double *out_position,
                       double *out_transform);

/* ---- Groups (bench_engine's group workload) ------------------------------------------------ */

/*
 * One group per layer (a begin time each, one duration, fill removed, linear) of two basic
 * children, each with the timing function `ease`: a point from/to (begin position_begin_s,
 * duration position_duration_s, fill removed) and a scalar from/to (begin opacity_begin_s,
 * duration opacity_duration_s, fill both). The children run on the group's time:
 * group time = (elapsed / duration) × duration; a child's progress is (group time − its
 * begin) / its duration, clamped to 0 before and 1 after where it fills.
 */
typedef struct plain_group {
    size_t count;
    double duration_s;
    const plain_curve *ease;
    double *begin_s;                        /* [count] */
    double position_begin_s, position_duration_s;
    double opacity_begin_s, opacity_duration_s;
    double *position_from[2], *position_to[2];
    double *opacity_from, *opacity_to;
    double position_model[2], opacity_model;
} plain_group;

int plain_group_alloc(plain_group *g, size_t count, double duration_s, const plain_curve *ease);
void plain_group_free(plain_group *g);

/* out_position[2i..] and out_opacity[i] of every layer at time_s. */
void plain_engine_group(const plain_group *g, double time_s, double *out_position,
                        double *out_opacity);

/* ---- Springs (bench_engine's spring workload) ----------------------------------------------- */

/*
 * One underdamped spring animation per layer on a scalar (a begin time each, one duration, fill
 * removed, from/to values), its spring precomputed per layer as animcore's SpringResponse does:
 * w0 = sqrt(k / m), zeta = c / (2 sqrt(k m)), decay = zeta w0, wd = w0 sqrt(1 - zeta^2),
 * b = decay / wd. Per frame, with t = (elapsed / duration) x duration (the basic local time):
 *
 *   e = exp(-decay t), c = cos(wd t), s = sin(wd t)
 *   u = e (c + b s) - v0 (e s / wd)      (g - v0 h: from 1 at rest, plus the initial push)
 *   value = from + (to - from) (1 - u)
 *
 * in animcore's order of operations (SpringEvaluation.swift, BasicEvaluation.swift), but with
 * exp, cos and sin computed once per layer for both g and h.
 */
typedef struct plain_springs {
    size_t count;
    double duration_s;
    double *begin_s, *from, *to;          /* [count] */
    double *decay, *damped, *ratio, *v0;  /* [count]: zeta w0, wd, decay / wd, initial velocity */
    double model;                         /* shows when not in effect */
} plain_springs;

int plain_springs_alloc(plain_springs *s, size_t count, double duration_s);
void plain_springs_free(plain_springs *s);

/* Prepares layer i's spring (mass, stiffness, damping: underdamped, zeta < 1). */
void plain_springs_set(plain_springs *s, size_t i, double mass, double stiffness, double damping,
                       double initial_velocity);

/* out[i] = layer i's value at time_s. */
void plain_engine_spring(const plain_springs *s, double time_s, double *out);

/* ---- Decays (bench_engine's decay workload) ------------------------------------------------- */

/*
 * One free decay animation per layer on a point (a begin time each, one duration, fill removed,
 * no bounds), every layer on the same deceleration rate r per millisecond: x0 and v0 per layer
 * and component. Per frame, with t = (elapsed / duration) x duration (the basic local time) and
 * exponent = 1000 ln r (DecayParameters.exponent):
 *
 *   travel = expm1(exponent t) / exponent             (= (r^(1000 t) - 1) / (1000 ln r))
 *   value[c] = x0[c] + v0[c] travel
 *
 * in animcore's order of operations (DecayEvaluation.swift applyDecay): one exp per layer shared
 * by both components. Past the stopping time the formula keeps approaching the resting value
 * (the engine evaluates it the same way for as long as the animation lasts).
 */
typedef struct plain_decays {
    size_t count;
    double duration_s;
    double exponent;               /* 1000 ln r (per second, negative) */
    double *begin_s;               /* [count] */
    double *from[2], *velocity[2]; /* [count] per component: x0, v0 (units per second) */
    double model[2];               /* shows when not in effect */
} plain_decays;

/* Allocates the arrays (zeroed) for `count` layers decaying at `rate` per millisecond; returns 0
 * when out of memory. */
int plain_decays_alloc(plain_decays *d, size_t count, double duration_s, double rate);
void plain_decays_free(plain_decays *d);

/* out[2i..2i+1] = layer i's point at time_s. */
void plain_engine_decay(const plain_decays *d, double time_s, double *out);

#endif /* ANIMCORE_BENCH_PLAIN_ENGINE_H */
