/*
 * plain_engine.h — the plain-C baseline of the engine benchmark (bench_engine.c) and of the
 * timing matrix's first-cycle rows (bench_timing_matrix.c).
 *
 * What a hand-written animation loop would do for the benchmark's workloads, with no engine
 * around it: struct-of-arrays tracks of one-shot basic animations (a begin time each, one
 * duration, from and to values), evaluated at a time by
 *
 *   e = time - begin;   in effect when 0 <= e < duration (fill mode "removed")
 *   progress = e / duration;  fraction = easeInEaseOut(progress) (the unit bezier solve);
 *   value = lerp(from, to, fraction), componentwise (the model value when not in effect)
 *
 * with the same bezier solver as animcore (UnitBezier.swift: Halley steps from t = x, then
 * bisection; the same constants), so that the results agree with the engine's presentation
 * values to the last bit or so. No validation, no dependency on animcore.h.
 *
 * The keyframe, path and group workloads (below) do the same for CAKeyframeAnimation (values
 * with linear or cubic interpolation; a paced path with its rotation) and CAAnimationGroup,
 * preparing per layer what animcore prepares when the animation is added.
 */
#ifndef ANIMCORE_BENCH_PLAIN_ENGINE_H
#define ANIMCORE_BENCH_PLAIN_ENGINE_H

#include <math.h>
#include <stddef.h>

/* A unit cubic bezier in power basis: X(t) = ((ax t + bx) t + cx) t, the same for Y. */
typedef struct plain_curve {
    double ax, bx, cx, ay, by, cy;
} plain_curve;

/* The curve with control points (x1, y1) and (x2, y2); x1, x2 in [0, 1], not on the diagonal. */
plain_curve plain_curve_make(double x1, double y1, double x2, double y2);

/* ---- Per-layer kernels, inline ---------------------------------------------------------------
 *
 * The math the loops below do for one layer, here in the header so that every plain loop
 * inlines the same code: plain_engine.c's one-shot loops (bench_engine) and plain_matrix.c's
 * loops over every timing shape (bench_timing_matrix). */

/* The unit bezier solver's constants, as UnitBezier.Solver names them. */
#define PLAIN_ITERATION_LIMIT 8
#define PLAIN_SOLVER_TOLERANCE 1e-12
#define PLAIN_MINIMUM_SLOPE 1e-9
#define PLAIN_BISECTION_ITERATION_LIMIT 64

static inline double plain_curve_sample_x(const plain_curve *c, double t) { return ((c->ax * t + c->bx) * t + c->cx) * t; }
static inline double plain_curve_sample_y(const plain_curve *c, double t) { return ((c->ay * t + c->by) * t + c->cy) * t; }
static inline double plain_curve_slope_x(const plain_curve *c, double t) { return (3 * c->ax * t + 2 * c->bx) * t + c->cx; }
static inline double plain_curve_curvature_x(const plain_curve *c, double t) { return 6 * c->ax * t + 2 * c->bx; }

/* The parameter t with X(t) = x by bisection, where Halley's steps stall (rare: out of line). */
double plain_curve_bisect(const plain_curve *c, double x);

/* y at input x in [0, 1]: Halley steps from t = x, bisection if they stall. */
static inline double plain_curve_value(const plain_curve *c, double x) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double t = x;
    for (int i = 0; i < PLAIN_ITERATION_LIMIT; i++) {
        double error = plain_curve_sample_x(c, t) - x;
        if (fabs(error) < PLAIN_SOLVER_TOLERANCE) return plain_curve_sample_y(c, t);
        double slope = plain_curve_slope_x(c, t);
        if (fabs(slope) < PLAIN_MINIMUM_SLOPE) break;
        double denominator = 2 * slope * slope - error * plain_curve_curvature_x(c, t);
        if (!(denominator > 0)) break;
        t -= 2 * error * slope / denominator;
        if (!(t >= 0 && t <= 1)) break;
    }
    return plain_curve_sample_y(c, plain_curve_bisect(c, x));
}

/* a + (b - a) t, the ends exactly at 0 and 1 and where a == b: animcore's one interpolation of
 * a number (ValueMath.lerp), for every kind. */
static inline double plain_lerp(double a, double b, double t) {
    if (t == 0 || a == b) return a;
    if (t == 1) return b;
    return a + (b - a) * t;
}

/* A z rotation to the direction (c, s) (the cosine and sine of its angle) as a plain 2D
 * transform (a, b, c, d, tx, ty) into m[0..5]. */
static inline void plain_rotation_2d_direction(double c, double s, double *m) {
    m[0] = c;  /* a */
    m[1] = s;  /* b */
    m[2] = -s; /* c */
    m[3] = c;  /* d */
    m[4] = 0;  /* tx */
    m[5] = 0;  /* ty */
}

/* A z rotation by `angle` as a plain 2D transform into m[0..5]. */
static inline void plain_rotation_2d(double angle, double *m) {
    plain_rotation_2d_direction(cos(angle), sin(angle), m);
}

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

/* A basic animation per layer of `numbers` numbers (a path's coordinates in element order, an
 * array of numbers): number k of layer i goes from from[i * numbers + k] to to[i * numbers + k],
 * each by the scalar lerp (the engine's VariableInterpolation: element by element); model[k]
 * where the animation is not in effect. */
typedef struct plain_runs {
    size_t numbers;
    double *begin_s;   /* [count] */
    double *from, *to; /* [count * numbers] */
    double *model;     /* [numbers] */
} plain_runs;

/* One-shot runs of `count` layers, each `duration_s` long from its begin, eased by `curve`:
 * layer i's numbers at time_s into out[i * numbers..]. */
void plain_engine_runs(const plain_runs *runs, size_t count, double duration_s, const plain_curve *curve,
                       double time_s, double *out);

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
 * B'(u) over its length (the cosine and sine of its angle) for the rotation.
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

/* Keeps a search a branch (see plain_arc_parameter). */
#if defined(__GNUC__)
#define PLAIN_KEEP_BRANCH() __asm__ volatile("")
#else
#define PLAIN_KEEP_BRANCH() ((void)0)
#endif

/* The point at u of the cubic bezier at c (4 points of `slots`): KeyframeCurve.bezier. */
static inline void plain_bezier_point(const double *c, int slots, double u, double *out) {
    double v = 1 - u;
    double b0 = v * v * v, b1 = 3 * v * v * u, b2 = 3 * v * u * u, b3 = u * u * u;
    for (int s = 0; s < slots; s++)
        out[s] = b0 * c[s] + b1 * c[slots + s] + b2 * c[2 * slots + s] + b3 * c[3 * slots + s];
}

/* The last i in 0..<segments with times[i] <= progress (0 before the first): the engine's search. */
static inline int plain_find_segment(const double *times, int segments, double progress) {
    int low = 0, high = segments - 1;
    while (low < high) {
        int middle = (low + high + 1) / 2;
        if (times[middle] <= progress) low = middle; else high = middle - 1;
    }
    return low;
}

/* The fraction of segment `index` at progress. */
static inline double plain_segment_fraction(const double *times, int index, double progress) {
    double start = times[index], end = times[index + 1];
    return end > start ? (progress - start) / (end - start) : (progress >= end ? 1 : 0);
}

/* The bezier parameter at which a segment has covered `fraction` of its length (the engine's
 * EvaluationContext.arcParameter). */
static inline double plain_arc_parameter(const double *table, double fraction) {
    if (!(fraction > 0)) return isnan(fraction) ? fraction : 0;
    if (fraction >= 1) return 1;
    int low = 0, high = PLAIN_ARC_SAMPLES;
    while (high - low > 1) {
        int middle = (low + high) / 2;
        if (table[middle] <= fraction) {
            low = middle;
        } else {
            high = middle;
            /* Keeps this a branch: GCC otherwise makes the search branch-free (cmov), which
             * chains every probe's load on the one before, so with tables out of cache each
             * tick waits for ~4 misses in a row (1.6x slower at 100k layers); the engine's
             * compiled search branches, and the CPU runs ahead speculatively. */
            PLAIN_KEEP_BRANCH();
        }
    }
    double span = table[high] - table[low];
    double within = span > 0 ? (fraction - table[low]) / span : 0;
    return ((double)low + within) / (double)PLAIN_ARC_SAMPLES;
}

/* (dx, dy) over its length: the cosine and sine of its angle (EvaluationContext.unit). */
static inline void plain_unit(double dx, double dy, double *cos_sin) {
    double length = hypot(dx, dy);
    cos_sin[0] = dx / length;
    cos_sin[1] = dy / length;
}

/* The tangent direction of a bezier segment at u, as the cosine and sine of its angle
 * (EvaluationContext.tangentDirection for curves). */
static inline void plain_tangent_direction(const double *c, double u, double *cos_sin) {
    double v = 1 - u;
    double d0 = 3 * v * v, d1 = 6 * v * u, d2 = 3 * u * u;
    double dx = d0 * (c[2] - c[0]) + d1 * (c[4] - c[2]) + d2 * (c[6] - c[4]);
    double dy = d0 * (c[3] - c[1]) + d1 * (c[5] - c[3]) + d2 * (c[7] - c[5]);
    if (dx * dx + dy * dy > 1e-18) return plain_unit(dx, dy, cos_sin);
    int near = u < 0.5; /* a vanishing derivative: the direction it leaves or reaches the point in */
    double cx = near ? c[4] - c[0] : c[6] - c[2], cy = near ? c[5] - c[1] : c[7] - c[3];
    if (cx != 0 || cy != 0) return plain_unit(cx, cy, cos_sin);
    plain_unit(c[6] - c[0], c[7] - c[1], cos_sin);
}

/* One layer's scalar keyframe value at (eased) progress p, its block at `block`; `curves` a
 * constant once inlined. */
static inline double plain_keyframe_scalar(const double *block, const plain_keyframes *k, int curves, double p) {
    const double *times = block + k->key_times, *points = block + k->points;
    int index = plain_find_segment(times, k->keyframes - 1, p);
    double fraction = plain_segment_fraction(times, index, p);
    if (!curves) return plain_lerp(points[index], points[index + 1], fraction);
    double value;
    plain_bezier_point(points + (size_t)index * 4, 1, fraction, &value);
    return value;
}

/* One layer's paced path (its block at `block`, k->keyframes - 1 segments) at progress p: the
 * position into position[0..1], the rotation to the tangent's direction as a plain 2D transform
 * into m[0..5]. */
static inline void plain_path_value(const double *block, const plain_keyframes *k, double p, double *position,
                                    double *m) {
    const double *times = block + k->key_times;
    int index = plain_find_segment(times, k->keyframes - 1, p);
    double fraction = plain_segment_fraction(times, index, p);
    double u = plain_arc_parameter(block + k->arc_tables + (size_t)index * (PLAIN_ARC_SAMPLES + 1), fraction);
    const double *curve = block + k->points + (size_t)index * 8;
    plain_bezier_point(curve, 2, u, position);
    double cos_sin[2];
    plain_tangent_direction(curve, u, cos_sin);
    plain_rotation_2d_direction(cos_sin[0], cos_sin[1], m);
}

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

/* Layer i's children at group time `group_time` (the group in effect): out_position[0..1] and
 * *out_opacity. */
static inline void plain_group_children(const plain_group *g, size_t i, double group_time, double *out_position,
                                        double *out_opacity) {
    /* position: fill removed */
    double pe = group_time - g->position_begin_s;
    if (pe < 0 || pe >= g->position_duration_s) {
        out_position[0] = g->position_model[0];
        out_position[1] = g->position_model[1];
    } else {
        double f = plain_curve_value(g->ease, pe / g->position_duration_s);
        out_position[0] = plain_lerp(g->position_from[0][i], g->position_to[0][i], f);
        out_position[1] = plain_lerp(g->position_from[1][i], g->position_to[1][i], f);
    }
    /* opacity: fill both, so 0 before its begin and 1 after its end */
    double elapsed = group_time - g->opacity_begin_s, od = g->opacity_duration_s;
    double op = elapsed < 0 ? 0 : elapsed >= od ? 1 : elapsed / od;
    double f = plain_curve_value(g->ease, op);
    *out_opacity = plain_lerp(g->opacity_from[i], g->opacity_to[i], f);
}

/* ---- Springs (bench_engine's spring workload) ----------------------------------------------- */

/*
 * One underdamped spring animation per layer on a scalar (a begin time each, one duration, fill
 * removed, from/to values), its spring precomputed per layer as animcore's SpringResponse does:
 * w0 = sqrt(k / m), zeta = c / (2 sqrt(k m)), decay = zeta w0, wd = w0 sqrt(1 - zeta^2),
 * b = decay / wd. Per frame, with t = (elapsed / duration) x duration (the basic local time):
 *
 *   e = exp(-decay t), c = cos(wd t), s = sin(wd t)
 *   u = e (c + b s) - v0 (e s / wd)      (g - v0 h: from 1 at rest, plus the initial push)
 *   value = lerp(from, to, 1 - u)
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

/* Layer i's value at basic local time t (seconds). */
static inline double plain_spring_value(const plain_springs *s, size_t i, double t) {
    double envelope = exp(-s->decay[i] * t);
    double c = cos(s->damped[i] * t), sn = sin(s->damped[i] * t);
    double g = envelope * (c + s->ratio[i] * sn);
    double h = envelope * sn / s->damped[i];
    double u = g - s->v0[i] * h;
    return plain_lerp(s->from[i], s->to[i], 1 - u);
}

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

/* Layer i's point at basic local time t (seconds) into point[0..1]. */
static inline void plain_decay_point(const plain_decays *d, size_t i, double t, double *point) {
    double travel = expm1(d->exponent * t) / d->exponent; /* as the engine: exact near t = 0 */
    point[0] = d->from[0][i] + d->velocity[0][i] * travel;
    point[1] = d->from[1][i] + d->velocity[1][i] * travel;
}

#endif /* ANIMCORE_BENCH_PLAIN_ENGINE_H */
