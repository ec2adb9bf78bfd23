/*
 * plain_timing.c — the plain-C baseline: animcore's timing pipeline and timing functions,
 * step for step, with the same operations in the same order so that the results are the same
 * to the last bit on the same machine (see plain_timing.h).
 *
 *   e        = parent - begin
 *   active   when 0 <= e < active_duration / |speed|      (always once e >= 0 when speed is 0)
 *   local    = e * speed + time_offset
 *   cycle    = duration * (autoreverses ? 2 : 1);  r = local mod cycle (floor-mod);
 *              on a boundary approached from below r = cycle;  r > duration -> cycle - r
 *   progress = r / duration, then the timing function
 */
#include "plain_timing.h"

#include <math.h>
#include <stdbool.h>

/* ---- Unit cubic bezier (UnitBezier.swift) ------------------------------------------------ */

/* The solver's constants, as UnitBezier.Solver names them. */
#define ITERATION_LIMIT 8
#define SOLVER_TOLERANCE 1e-12
#define MINIMUM_SLOPE 1e-9
#define BISECTION_ITERATION_LIMIT 64

/* Power-basis coefficients: X(t) = ((ax t + bx) t + cx) t, and the same for Y. */
typedef struct bezier {
    double ax, bx, cx, ay, by, cy;
    bool is_linear; /* control points on the diagonal: y = x, no solve */
} bezier;

static bezier bezier_make(double x1, double y1, double x2, double y2) {
    bezier b;
    b.cx = 3 * x1;
    b.bx = 3 * (x2 - x1) - b.cx;
    b.ax = 1 - b.cx - b.bx;
    b.cy = 3 * y1;
    b.by = 3 * (y2 - y1) - b.cy;
    b.ay = 1 - b.cy - b.by;
    b.is_linear = x1 == y1 && x2 == y2;
    return b;
}

static inline double sample_x(const bezier *b, double t) { return ((b->ax * t + b->bx) * t + b->cx) * t; }
static inline double sample_y(const bezier *b, double t) { return ((b->ay * t + b->by) * t + b->cy) * t; }
static inline double sample_derivative_x(const bezier *b, double t) {
    return (3 * b->ax * t + 2 * b->bx) * t + b->cx;
}
static inline double sample_second_derivative_x(const bezier *b, double t) { return 6 * b->ax * t + 2 * b->bx; }

/* Bisection on [0, 1], for where Halley's steps stall. */
static double bisect_parameter(const bezier *b, double x) {
    double low = 0.0, high = 1.0, t = x;
    for (int i = 0; i < BISECTION_ITERATION_LIMIT; i++) {
        double sample = sample_x(b, t);
        if (fabs(sample - x) < SOLVER_TOLERANCE) return t;
        if (sample < x) low = t; else high = t;
        t = (low + high) * 0.5;
        if (t == low || t == high) break;
    }
    return t;
}

/* The parameter t in [0, 1] with X(t) = x: Halley steps from t = x, then bisection. */
static inline double bezier_parameter(const bezier *b, double x) {
    double t = x;
    for (int i = 0; i < ITERATION_LIMIT; i++) {
        double error = sample_x(b, t) - x;
        if (fabs(error) < SOLVER_TOLERANCE) return t;
        double slope = sample_derivative_x(b, t);
        if (fabs(slope) < MINIMUM_SLOPE) break;
        double denominator = 2 * slope * slope - error * sample_second_derivative_x(b, t);
        if (!(denominator > 0)) break;
        t -= 2 * error * slope / denominator;
        if (!(t >= 0 && t <= 1)) break;
    }
    return bisect_parameter(b, x);
}

static inline double bezier_value(const bezier *b, double x) {
    if (b->is_linear) { /* clamp to [0, 1] as Swift's min(max(x, 0), 1) */
        double low_clamped = 0 >= x ? 0 : x;
        return 1 < low_clamped ? 1 : low_clamped;
    }
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    return sample_y(b, bezier_parameter(b, x));
}

/* ---- CSS steps() (StepsFunction.swift) --------------------------------------------------- */

static inline double steps_value(int steps, int position, double x, bool before_flag) {
    double scaled = x * (double)steps;
    double step = floor(scaled);
    if (position == PLAIN_STEP_JUMP_START || position == PLAIN_STEP_JUMP_BOTH) step += 1;
    if (before_flag && scaled == floor(scaled)) step -= 1;
    double jumps = position == PLAIN_STEP_JUMP_NONE   ? (double)(steps - 1)
                   : position == PLAIN_STEP_JUMP_BOTH ? (double)(steps + 1)
                                                      : (double)steps;
    if (x >= 0 && step < 0) step = 0;
    if (x <= 1 && step > jumps) step = jumps;
    return step / jumps;
}

/* ---- The timing pipeline (plain_timing.h) ------------------------------------------------- */

plain_position plain_zero_length_position(const plain_timing *t, bool after) {
    if (!after) return (plain_position){0, false};
    double count = t->repeat_count > 0 ? t->repeat_count : 1;
    if (!isfinite(count)) return (plain_position){t->autoreverses ? 0 : 1, t->autoreverses != 0};
    plain_timing unit = {0, 1, 1, 0, 0, 0, t->autoreverses, PLAIN_FILL_REMOVED};
    plain_prepared unit_p = plain_timing_prepare(&unit);
    return plain_cycle_position(&unit_p, count * unit_p.cycle, true);
}

/* The eased progress at one parent time, or NaN when not in effect (ac_timing_progress). */
static inline double progress_at(const plain_prepared *p, const plain_function *f, const bezier *curve,
                                 double parent_time) {
    plain_sample s = plain_timing_sample(p, parent_time - p->timing->begin_time_s);
    if (!s.in_effect) return NAN;

    switch (f->kind) {
    case PLAIN_FUNCTION_CUBIC_BEZIER:
        return bezier_value(curve, s.position.progress);
    case PLAIN_FUNCTION_STEPS: {
        /* The before flag: the before phase, or the after phase on a reverse leg. */
        bool before_flag = s.position.reversed ? s.phase == PLAIN_PHASE_AFTER : s.phase == PLAIN_PHASE_BEFORE;
        return steps_value(f->steps, f->step_position, s.position.progress, before_flag);
    }
    default:
        return s.position.progress;
    }
}

void plain_timing_progress_batch(const plain_timing *timing, const plain_function *function,
                                 const double *parent_times_s, size_t count,
                                 double *out_progress) {
    static const plain_function none = {PLAIN_FUNCTION_NONE, 0, 0, 0, 0, 0, 0};
    if (function == NULL) function = &none;
    plain_prepared p = plain_timing_prepare(timing);
    bezier curve = bezier_make(function->x1, function->y1, function->x2, function->y2);
    for (size_t i = 0; i < count; i++)
        out_progress[i] = progress_at(&p, function, &curve, parent_times_s[i]);
}
