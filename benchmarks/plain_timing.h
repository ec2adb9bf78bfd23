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

#endif /* ANIMCORE_BENCH_PLAIN_TIMING_H */
