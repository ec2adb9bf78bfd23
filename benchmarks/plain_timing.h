/*
 * plain_timing.h — the plain-C baseline of the timing benchmark.
 *
 * The same math as animcore's ac_timing_progress (Sources/AnimCore/Time/MediaTiming+Evaluation.swift,
 * Sources/AnimCore/Easing/UnitBezier.swift and StepsFunction.swift), written directly in C with no
 * validation, no error reporting and no dependency on animcore.h, so that the benchmark can show
 * what the library's checks, conversions and calling conventions cost on top of the arithmetic.
 *
 * The caller passes valid values (the benchmark validates them through the library first).
 */
#ifndef ANIMCORE_BENCH_PLAIN_TIMING_H
#define ANIMCORE_BENCH_PLAIN_TIMING_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

/* Fill modes and step positions: the same numbers as AC_FILL_* and AC_STEP_JUMP_*. */
enum {
    PLAIN_FILL_REMOVED = 0,
    PLAIN_FILL_FORWARDS = 1,
    PLAIN_FILL_BACKWARDS = 2,
    PLAIN_FILL_BOTH = 3
};
enum {
    PLAIN_STEP_JUMP_START = 0,
    PLAIN_STEP_JUMP_END = 1,
    PLAIN_STEP_JUMP_NONE = 2,
    PLAIN_STEP_JUMP_BOTH = 3
};

/* The CAMediaTiming properties (the fields of ac_timing that the math reads). */
typedef struct plain_timing {
    double begin_time_s;
    double duration_s;
    double speed;
    double time_offset_s;
    double repeat_count;
    double repeat_duration_s;
    int autoreverses; /* 0 or 1 */
    int fill_mode;    /* PLAIN_FILL_* */
} plain_timing;

/* plain_function.kind */
enum {
    PLAIN_FUNCTION_NONE = 0, /* progress as is (ac_timing_progress with a NULL function) */
    PLAIN_FUNCTION_CUBIC_BEZIER = 1,
    PLAIN_FUNCTION_STEPS = 2
};

/* A timing function: a unit cubic bezier (x1, y1, x2, y2) or CSS steps(steps, step_position). */
typedef struct plain_function {
    int kind;          /* PLAIN_FUNCTION_* */
    int steps;         /* steps: the number of steps */
    int step_position; /* steps: PLAIN_STEP_JUMP_* */
    double x1, y1, x2, y2;
} plain_function;

/*
 * out_progress[i] = the eased progress of *timing at parent_times_s[i] through *function, or NaN
 * where the timing is not in effect: what ac_timing_progress_batch computes.
 */
void plain_timing_progress_batch(const plain_timing *timing, const plain_function *function,
                                 const double *parent_times_s, size_t count,
                                 double *out_progress);

/* ---- The timing pipeline, inline (MediaTiming+Evaluation.swift) ----------------------------
 *
 *   e        = parent - begin
 *   active   when 0 <= e < active_duration / |speed|      (always once e >= 0 when speed is 0)
 *   local    = e * speed + time_offset
 *   cycle    = duration * (autoreverses ? 2 : 1);  r = local mod cycle (floor-mod);
 *              on a boundary approached from below r = cycle;  r > duration -> cycle - r
 *   progress = r / duration
 *
 * Here, inline, so that every plain loop samples a timing with the same code:
 * plain_timing_progress_batch above (one timing at many parent times) and bench_timing_matrix's
 * loops (plain_matrix.c: one timing shape, a begin time per layer). */

enum { PLAIN_PHASE_BEFORE, PLAIN_PHASE_ACTIVE, PLAIN_PHASE_AFTER };

/* What one timing makes constant for every sample. */
typedef struct plain_prepared {
    const plain_timing *timing;
    double cycle;           /* duration, doubled when autoreversing */
    double active_duration; /* local seconds */
    double span;            /* the active interval in parent seconds */
    bool fills_backwards, fills_forwards, plays_backward;
} plain_prepared;

static inline plain_prepared plain_timing_prepare(const plain_timing *t) {
    plain_prepared p;
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

/* Progress in [0, 1] within the cycle (before any timing function) and direction. */
typedef struct plain_position {
    double progress;
    bool reversed;
} plain_position;

/*
 * Active local time -> progress and direction. fmod is the exact remainder with the sign of
 * the dividend (Swift's truncatingRemainder); adding the cycle to a negative one makes it a
 * floor-mod. On an exact cycle boundary, approach_from_below gives the end of the cycle before
 * instead of the start of the next.
 */
static inline plain_position plain_cycle_position(const plain_prepared *p, double active_time,
                                                  bool approach_from_below) {
    double duration = p->timing->duration_s, cycle = p->cycle;
    if (!isfinite(cycle)) return (plain_position){0, false};
    double r = fmod(active_time, cycle);
    if (r < 0) r += cycle;
    if (approach_from_below && r == 0) r = cycle;
    r = 0 >= r ? 0 : r; /* Swift's min(max(r, 0), cycle), -0 and NaN included */
    r = cycle < r ? cycle : r;
    if (p->timing->autoreverses && r > duration) return (plain_position){(cycle - r) / duration, true};
    return (plain_position){r / duration, false};
}

/* Duration 0: a zero-length interval. Before it progress 0; after it the end of repeat_count
 * cycles of a unit cycle (approached from below). Out of line (plain_timing.c): rare. */
plain_position plain_zero_length_position(const plain_timing *t, bool after);

/* A timing's state at one parent time: its phase, whether it applies, and (when it does) its
 * position in its cycles. */
typedef struct plain_sample {
    int phase; /* PLAIN_PHASE_* */
    bool in_effect;
    plain_position position; /* {0, false} when not in effect */
} plain_sample;

/* The sample `elapsed` = parent time - begin time parent seconds after the begin: the engine's
 * MediaTiming.sample(atParentTime:activeParentDuration:) with the phase rules and the end rule. */
static inline plain_sample plain_timing_sample(const plain_prepared *p, double elapsed) {
    const plain_timing *t = p->timing;
    plain_sample s;
    s.phase = elapsed < 0 ? PLAIN_PHASE_BEFORE : (elapsed >= p->span ? PLAIN_PHASE_AFTER : PLAIN_PHASE_ACTIVE);
    s.in_effect = s.phase == PLAIN_PHASE_ACTIVE || (s.phase == PLAIN_PHASE_BEFORE ? p->fills_backwards
                                                                                : p->fills_forwards);
    if (!s.in_effect) {
        s.position = (plain_position){0, false};
    } else if (t->duration_s == 0) {
        s.position = plain_zero_length_position(t, s.phase == PLAIN_PHASE_AFTER);
    } else if (s.phase == PLAIN_PHASE_BEFORE) { /* the state at e = 0, the way play continues */
        s.position = plain_cycle_position(p, t->time_offset_s, p->plays_backward);
    } else if (s.phase == PLAIN_PHASE_ACTIVE) {
        s.position = plain_cycle_position(p, elapsed * t->speed + t->time_offset_s, p->plays_backward);
    } else { /* the end: the limit from inside, in the direction of play */
        double end = p->plays_backward ? t->time_offset_s - p->active_duration
                                       : t->time_offset_s + p->active_duration;
        s.position = plain_cycle_position(p, end, !p->plays_backward);
    }
    return s;
}

#endif /* ANIMCORE_BENCH_PLAIN_TIMING_H */
