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

enum { PHASE_BEFORE, PHASE_ACTIVE, PHASE_AFTER };

/* ---- Unit cubic bezier (UnitBezier.swift) ------------------------------------------------ */

/* The solver's constants, as UnitBezier.Solver names them. */
#define NEWTON_ITERATION_LIMIT 8
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

/* Bisection on [0, 1], for where Newton stalls. */
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

/* The parameter t in [0, 1] with X(t) = x: Newton steps from t = x, then bisection. */
static inline double bezier_parameter(const bezier *b, double x) {
    double t = x;
    for (int i = 0; i < NEWTON_ITERATION_LIMIT; i++) {
        double error = sample_x(b, t) - x;
        if (fabs(error) < SOLVER_TOLERANCE) return t;
        double slope = sample_derivative_x(b, t);
        if (fabs(slope) < MINIMUM_SLOPE) break;
        t -= error / slope;
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

/* ---- The timing pipeline (MediaTiming+Evaluation.swift) ---------------------------------- */

/* What one timing makes constant for every sample. */
typedef struct prepared {
    const plain_timing *timing;
    double cycle;           /* duration, doubled when autoreversing */
    double active_duration; /* local seconds */
    double span;            /* the active interval in parent seconds */
    bool fills_backwards, fills_forwards, plays_backward;
} prepared;

static prepared prepare(const plain_timing *t) {
    prepared p;
    p.timing = t;
    p.cycle = t->autoreverses ? t->duration_s * 2 : t->duration_s;
    if (t->duration_s == 0) p.active_duration = 0;
    else if (t->repeat_duration_s > 0) p.active_duration = t->repeat_duration_s;
    else if (t->repeat_count > 0) p.active_duration = p.cycle * t->repeat_count;
    else p.active_duration = p.cycle;
    if (p.active_duration == 0) p.span = 0;
    else if (t->speed == 0) p.span = INFINITY;
    else p.span = p.active_duration / fabs(t->speed);
    p.fills_backwards = t->fill_mode == PLAIN_FILL_BACKWARDS || t->fill_mode == PLAIN_FILL_BOTH;
    p.fills_forwards = t->fill_mode == PLAIN_FILL_FORWARDS || t->fill_mode == PLAIN_FILL_BOTH;
    p.plays_backward = t->speed < 0;
    return p;
}

typedef struct position {
    double progress;
    bool reversed;
} position;

/*
 * Active local time -> progress and direction. fmod is the exact remainder with the sign of
 * the dividend; adding the cycle to a negative one makes it a floor-mod. On an exact cycle
 * boundary, approach_from_below gives the end of the cycle before instead of the start of the next.
 */
static inline position cycle_position(const prepared *p, double active_time, bool approach_from_below) {
    double duration = p->timing->duration_s, cycle = p->cycle;
    if (!isfinite(cycle)) return (position){0, false};
    double r = fmod(active_time, cycle);
    if (r < 0) r += cycle;
    if (approach_from_below && r == 0) r = cycle;
    r = 0 >= r ? 0 : r; /* Swift's min(max(r, 0), cycle), -0 and NaN included */
    r = cycle < r ? cycle : r;
    if (p->timing->autoreverses && r > duration) return (position){(cycle - r) / duration, true};
    return (position){r / duration, false};
}

/* Duration 0: a zero-length interval. Before it progress 0; after it the end of repeat_count
 * cycles of a unit cycle (approached from below). */
static position zero_length_position(const plain_timing *t, bool after) {
    if (!after) return (position){0, false};
    double count = t->repeat_count > 0 ? t->repeat_count : 1;
    if (!isfinite(count)) return (position){t->autoreverses ? 0 : 1, t->autoreverses != 0};
    plain_timing unit = {0, 1, 1, 0, 0, 0, t->autoreverses, PLAIN_FILL_REMOVED};
    prepared unit_p = prepare(&unit);
    return cycle_position(&unit_p, count * unit_p.cycle, true);
}

/* The eased progress at one parent time, or NaN when not in effect (ac_timing_progress). */
static inline double progress_at(const prepared *p, const plain_function *f, const bezier *curve,
                                 double parent_time) {
    const plain_timing *t = p->timing;
    double elapsed = parent_time - t->begin_time_s;
    int phase = elapsed < 0 ? PHASE_BEFORE : (elapsed >= p->span ? PHASE_AFTER : PHASE_ACTIVE);
    bool in_effect = phase == PHASE_ACTIVE || (phase == PHASE_BEFORE ? p->fills_backwards
                                                                     : p->fills_forwards);
    if (!in_effect) return NAN;

    position pos;
    if (t->duration_s == 0) {
        pos = zero_length_position(t, phase == PHASE_AFTER);
    } else if (phase == PHASE_BEFORE) { /* the state at e = 0, the way play continues */
        pos = cycle_position(p, t->time_offset_s, p->plays_backward);
    } else if (phase == PHASE_ACTIVE) {
        pos = cycle_position(p, elapsed * t->speed + t->time_offset_s, p->plays_backward);
    } else { /* the end: the limit from inside, in the direction of play */
        double end = p->plays_backward ? t->time_offset_s - p->active_duration
                                       : t->time_offset_s + p->active_duration;
        pos = cycle_position(p, end, !p->plays_backward);
    }

    switch (f->kind) {
    case PLAIN_FUNCTION_CUBIC_BEZIER:
        return bezier_value(curve, pos.progress);
    case PLAIN_FUNCTION_STEPS: {
        /* The before flag: the before phase, or the after phase on a reverse leg. */
        bool before_flag = pos.reversed ? phase == PHASE_AFTER : phase == PHASE_BEFORE;
        return steps_value(f->steps, f->step_position, pos.progress, before_flag);
    }
    default:
        return pos.progress;
    }
}

void plain_timing_progress_batch(const plain_timing *timing, const plain_function *function,
                                 const double *parent_times_s, size_t count,
                                 double *out_progress) {
    static const plain_function none = {PLAIN_FUNCTION_NONE, 0, 0, 0, 0, 0, 0};
    if (function == NULL) function = &none;
    prepared p = prepare(timing);
    bezier curve = bezier_make(function->x1, function->y1, function->x2, function->y2);
    for (size_t i = 0; i < count; i++)
        out_progress[i] = progress_at(&p, function, &curve, parent_times_s[i]);
}
