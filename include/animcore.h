/*
 * animcore.h — the whole public C API of animcore.
 *
 * animcore is an embeddable animation engine with Core Animation's model: layers with
 * animatable properties, model and presentation values, implicit actions, transactions, the
 * CAMediaTiming time hierarchy and timing functions. It draws nothing: the host reads the values
 * animcore computes.
 *
 * This header is the documentation. Conventions used throughout:
 *
 *   - Every fallible function returns an ac_status (AC_OK = 0) and writes its results through
 *     pointers named out_*. On failure the out_* values are left unspecified, and
 *     ac_last_error_message() describes the failure on the calling thread, naming the argument.
 *   - Times are double seconds (parameter names end in _s), angles radians, colours RGBA in [0, 1].
 *   - Structs that may grow start with `struct_size`; set it to sizeof(the struct) before a call
 *     (the *_init functions do this for you).
 *   - No function traps, aborts or hangs on any input: a NULL pointer, a NaN, an out-of-range
 *     number or an unknown name gets a status and a message.
 *   - Threads: every function in this header is safe to call from any thread at any time. The
 *     last-error message is per thread.
 */
#ifndef ANIMCORE_H
#define ANIMCORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ============================================================================================ */
/* Version                                                                                      */
/* ============================================================================================ */

#define AC_VERSION_MAJOR 0
#define AC_VERSION_MINOR 1
#define AC_VERSION_PATCH 0
/** MAJOR * 10000 + MINOR * 100 + PATCH. */
#define AC_VERSION_NUMBER (AC_VERSION_MAJOR * 10000 + AC_VERSION_MINOR * 100 + AC_VERSION_PATCH)
#define AC_VERSION_STRING "0.1.0"

/** The library's version as MAJOR * 10000 + MINOR * 100 + PATCH (compare with AC_VERSION_NUMBER). */
int32_t ac_version_number(void);

/** The library's version as "MAJOR.MINOR.PATCH"; a static string, never NULL. */
const char *ac_version_string(void);

/* ============================================================================================ */
/* Status codes                                                                                 */
/* ============================================================================================ */

/** A status: AC_OK (0) or one of the AC_ERR_* codes of AC_STATUS_TABLE. */
typedef int32_t ac_status;

/**
 * Every status, once: X(name, code, message). Expand it with your own X to build tables; the
 * library's ac_status_name() and ac_status_message() answer from this same table.
 */
#define AC_STATUS_TABLE(X)                                                                       \
    X(AC_OK, 0, "success")                                                                       \
    X(AC_ERR_NULL_POINTER, 1, "a required pointer argument is NULL")                             \
    X(AC_ERR_NOT_FINITE, 2, "a number that must be finite is NaN or infinite")                   \
    X(AC_ERR_OUT_OF_RANGE, 3, "a number is outside its allowed range")                           \
    X(AC_ERR_BUFFER_TOO_SMALL, 4, "an output buffer is too small")                               \
    X(AC_ERR_UNKNOWN_NAME, 5, "a name is not known")                                             \
    X(AC_ERR_BAD_STRUCT_SIZE, 6, "a struct's struct_size field does not match this library")     \
    X(AC_ERR_INVALID_ARGUMENT, 7, "an argument is not valid for this call")                      \
    X(AC_ERR_NOT_INVERTIBLE, 8, "a time cannot be converted because a speed on the way is zero") \
    X(AC_ERR_CYCLE, 9, "the parent links form a cycle")                                          \
    X(AC_ERR_BAD_HANDLE, 10, "a handle is released, stale or from another engine")               \
    X(AC_ERR_UNKNOWN_KEY, 11, "a key or key path is not known to the layer's class")             \
    X(AC_ERR_WRONG_KIND, 12, "a value is of another kind than the key holds")                    \
    X(AC_ERR_NOT_ANIMATABLE, 13, "the key cannot be animated")                                   \
    X(AC_ERR_INVALID_STATE, 14, "the object's state does not allow this call")                   \
    X(AC_ERR_VERSION_MISMATCH, 15, "the header's major version differs from the library's")

#define AC_STATUS_ENUM_ENTRY_(name, code, message) name = code,
/** The status constants: AC_OK, AC_ERR_NULL_POINTER, ... (see AC_STATUS_TABLE). */
enum { AC_STATUS_TABLE(AC_STATUS_ENUM_ENTRY_) };
#undef AC_STATUS_ENUM_ENTRY_

/** The number of entries in AC_STATUS_TABLE. */
#define AC_STATUS_COUNT 16

/**
 * Looks a status up in AC_STATUS_TABLE: the name ("AC_ERR_OUT_OF_RANGE") when want_name is
 * non-zero, else the message. Unknown codes answer "AC_UNKNOWN_STATUS" / "unknown status".
 * Header-only, so that the table has one source; prefer ac_status_name()/ac_status_message().
 */
static inline const char *ac_status_table_lookup(ac_status status, int want_name) {
#define AC_STATUS_CASE_(name, code, message) \
    case code: return want_name ? #name : message;
    switch (status) {
        AC_STATUS_TABLE(AC_STATUS_CASE_)
        default: return want_name ? "AC_UNKNOWN_STATUS" : "unknown status";
    }
#undef AC_STATUS_CASE_
}

/** The name of a status ("AC_ERR_NULL_POINTER"); a static string, never NULL. */
const char *ac_status_name(ac_status status);

/** The general message of a status ("a required pointer argument is NULL"); static, never NULL. */
const char *ac_status_message(ac_status status);

/**
 * The message of the last failed call on this thread, naming the argument and the value, e.g.
 * "AC_ERR_OUT_OF_RANGE: timing->duration_s is -1.0; it must be >= 0". "" when no call on this
 * thread has failed. The pointer stays valid until the next failing call on this thread.
 */
const char *ac_last_error_message(void);

/** The status of the last failed call on this thread (AC_OK when none has failed). */
ac_status ac_last_error_status(void);

/** Forgets this thread's last error: ac_last_error_status() answers AC_OK again. */
void ac_clear_last_error(void);

/* ============================================================================================ */
/* Timing functions (CAMediaTimingFunction, and CSS steps() beyond Core Animation)              */
/* ============================================================================================ */

/** ac_timing_function.kind */
#define AC_TIMING_FUNCTION_CUBIC_BEZIER 0
#define AC_TIMING_FUNCTION_STEPS 1

/** ac_timing_function.step_position: CSS step positions (jump-start = start, jump-end = end). */
#define AC_STEP_JUMP_START 0
#define AC_STEP_JUMP_END 1
#define AC_STEP_JUMP_NONE 2
#define AC_STEP_JUMP_BOTH 3

/**
 * A timing function, as a plain value: copy it freely, it owns nothing.
 *
 * Cubic bezier: the unit bezier from (0,0) to (1,1) with control points (x1,y1) and (x2,y2);
 * x1 and x2 in [0, 1], y1 and y2 within +-1e9 (y outside [0, 1] gives anticipation and
 * overshoot). Steps: `steps` >= 1 equal jumps (>= 2 for AC_STEP_JUMP_NONE) at step_position.
 * Fill one with ac_timing_function_named(), _cubic_bezier() or _steps(); every call that takes
 * one validates it.
 */
typedef struct ac_timing_function {
    int32_t kind;          /* AC_TIMING_FUNCTION_CUBIC_BEZIER or AC_TIMING_FUNCTION_STEPS */
    int32_t steps;         /* steps kind: the number of steps */
    int32_t step_position; /* steps kind: AC_STEP_JUMP_* */
    int32_t reserved;      /* must be 0 */
    double x1, y1, x2, y2; /* cubic kind: the control points */
} ac_timing_function;

/**
 * One of Core Animation's named timing functions, with its exact control points:
 *   "linear"        (0, 0)    (1, 1)
 *   "easeIn"        (0.42, 0) (1, 1)
 *   "easeOut"       (0, 0)    (0.58, 1)
 *   "easeInEaseOut" (0.42, 0) (0.58, 1)
 *   "default"       (0.25, 0.1) (0.25, 1)   — not easeInEaseOut; the same curve as CSS "ease".
 * Also accepted: the constant names ("kCAMediaTimingFunctionEaseIn", ...) and the CSS keywords
 * "ease", "ease-in", "ease-out", "ease-in-out", "step-start" (steps(1, start)) and "step-end".
 * Errors: AC_ERR_NULL_POINTER, AC_ERR_UNKNOWN_NAME.
 */
ac_status ac_timing_function_named(const char *name, ac_timing_function *out_function);

/**
 * A custom cubic bezier. Errors: AC_ERR_NOT_FINITE for a NaN or infinite coordinate,
 * AC_ERR_OUT_OF_RANGE for x1 or x2 outside [0, 1] or y1 or y2 beyond +-1e9 (which would
 * overflow the curve's arithmetic), AC_ERR_NULL_POINTER.
 */
ac_status ac_timing_function_cubic_bezier(double x1, double y1, double x2, double y2,
                                          ac_timing_function *out_function);

/**
 * CSS steps(steps, position). Errors: AC_ERR_OUT_OF_RANGE for steps < 1 (< 2 with
 * AC_STEP_JUMP_NONE) or an unknown position, AC_ERR_NULL_POINTER.
 */
ac_status ac_timing_function_steps(int32_t steps, int32_t position,
                                   ac_timing_function *out_function);

/**
 * Evaluates the function at input progress x. Cubic beziers clamp x to [0, 1] as Core
 * Animation does (x < 0 answers 0, x > 1 answers 1) and solve x = X(t) to within 1e-12.
 * Steps follow CSS exactly, including inputs outside [0, 1] and the before flag (non-zero when
 * the animation is in its before phase; it moves a jump exactly at x to after x).
 * Errors: AC_ERR_NULL_POINTER, AC_ERR_NOT_FINITE (x), AC_ERR_INVALID_ARGUMENT (a malformed
 * function, with the field named).
 */
ac_status ac_timing_function_evaluate(const ac_timing_function *function, double x,
                                      int32_t before_flag, double *out_y);

/**
 * Evaluates the function at count inputs: out_ys[i] = f(xs[i]) with before flag 0. xs and
 * out_ys may be the same buffer. Errors: as ac_timing_function_evaluate (the message names the
 * first bad index), AC_ERR_BUFFER_TOO_SMALL when out_capacity < count. count 0 is allowed (and
 * then xs and out_ys may be NULL).
 */
ac_status ac_timing_function_evaluate_batch(const ac_timing_function *function,
                                            const double *xs, size_t count,
                                            double *out_ys, size_t out_capacity);

/**
 * The slope dy/dx at x. 0 outside [0, 1] (where the output is clamped) and for steps
 * (except at a jump, where it is also reported as 0). Errors: as ac_timing_function_evaluate.
 */
ac_status ac_timing_function_slope(const ac_timing_function *function, double x,
                                   double *out_slope);

/**
 * The smallest and largest output over inputs [0, 1]; 0 and 1 are always included, so a
 * bezier with y in [0, 1] answers [0, 1] and an overshooting one a wider range.
 */
ac_status ac_timing_function_range(const ac_timing_function *function, double *out_min,
                                   double *out_max);

/**
 * Control point `index` of a cubic bezier as CAMediaTimingFunction's getControlPointAtIndex:
 * 0 -> (0,0), 1 -> (x1,y1), 2 -> (x2,y2), 3 -> (1,1). Errors: AC_ERR_OUT_OF_RANGE (index not in
 * 0...3), AC_ERR_INVALID_ARGUMENT (a steps function has no control points).
 */
ac_status ac_timing_function_control_point(const ac_timing_function *function, int32_t index,
                                           double *out_x, double *out_y);

/* ============================================================================================ */
/* Timing (CAMediaTiming)                                                                       */
/* ============================================================================================ */

/** ac_timing.fill_mode: what an animation shows outside its active interval. */
#define AC_FILL_REMOVED 0   /* no effect before or after (the default) */
#define AC_FILL_FORWARDS 1  /* holds the final state after the end */
#define AC_FILL_BACKWARDS 2 /* shows the first state before the begin */
#define AC_FILL_BOTH 3      /* both */

/** ac_timing_state.phase: where a parent time falls relative to the active interval. */
#define AC_PHASE_BEFORE 0 /* parent time < begin */
#define AC_PHASE_ACTIVE 1 /* begin <= parent time < end */
#define AC_PHASE_AFTER 2  /* parent time >= end */

/**
 * The CAMediaTiming properties of an animation or a layer. Fill with ac_timing_init_animation()
 * or ac_timing_init_layer() (their defaults differ: a layer's duration is infinite).
 */
/**
 * Limits that keep the timing arithmetic finite: begin times, time offsets, finite durations,
 * repeat durations and parent times within +-AC_TIME_LIMIT_S seconds (about 32 million years),
 * speeds within +-AC_SPEED_LIMIT. Beyond them: AC_ERR_OUT_OF_RANGE.
 */
#define AC_TIME_LIMIT_S 1e15
#define AC_SPEED_LIMIT 1e6

typedef struct ac_timing {
    uint32_t struct_size;     /* sizeof(ac_timing) */
    int32_t fill_mode;        /* AC_FILL_*; default AC_FILL_REMOVED */
    double begin_time_s;      /* in the parent's time space; finite; default 0 */
    double duration_s;        /* one iteration in local time; >= 0, may be INFINITY;
                                 default 0 (animation; replaced by the transaction's duration
                                 when added to a layer) or INFINITY (layer) */
    double speed;             /* local time per parent time; finite, may be 0 or negative;
                                 default 1 */
    double time_offset_s;     /* added to active local time after speed; finite; default 0 */
    double repeat_count;      /* cycles to play; >= 0, fractional, INFINITY = forever;
                                 0 = one cycle (default) */
    double repeat_duration_s; /* total active time instead of a count; >= 0, may be INFINITY;
                                 0 = unused (default); wins over repeat_count when > 0 */
    int32_t autoreverses;     /* 0 or 1: each cycle plays forward then back; default 0 */
    int32_t reserved;         /* must be 0 */
} ac_timing;

/** Fills *timing with CAAnimation's defaults (duration 0). Error: AC_ERR_NULL_POINTER. */
ac_status ac_timing_init_animation(ac_timing *timing);

/** Fills *timing with CALayer's defaults (duration INFINITY). Error: AC_ERR_NULL_POINTER. */
ac_status ac_timing_init_layer(ac_timing *timing);

/**
 * Checks every field of *timing. Errors: AC_ERR_NULL_POINTER, AC_ERR_BAD_STRUCT_SIZE,
 * AC_ERR_NOT_FINITE (NaN anywhere, or an infinite begin, speed or offset), AC_ERR_OUT_OF_RANGE
 * (negative duration, count or repeat duration; a value beyond AC_TIME_LIMIT_S or
 * AC_SPEED_LIMIT; unknown fill mode; autoreverses not 0/1; reserved not 0). Every call that takes an ac_timing performs the same checks.
 */
ac_status ac_timing_validate(const ac_timing *timing);

/** The result of evaluating a timing at one parent time. */
typedef struct ac_timing_state {
    uint32_t struct_size;       /* sizeof(ac_timing_state) */
    int32_t phase;              /* AC_PHASE_* */
    int32_t in_effect;          /* 1 when the object affects the presentation: active, or filling */
    int32_t reversed;           /* 1 when on the backward leg of an autoreversing cycle */
    double local_time_s;        /* (parent - begin) * speed + time_offset, unclamped (the header
                                   formula; a layer's time) */
    double iteration_time_s;    /* basic local time in [0, duration] (an infinite duration
                                   has no cycles: the local time itself, possibly negative);
                                   NaN when not in effect */
    double progress;            /* iteration_time / duration in [0, 1], before any timing
                                   function; NaN when not in effect */
    double current_iteration;   /* index of the cycle holding the local time: floor(local /
                                   cycle), so 0 for the first cycle from local time 0 and -1 for
                                   the one before it (played when speed < 0 from offset 0); a
                                   cycle is forward + back when autoreversing; NaN when not in
                                   effect */
    double active_duration_s;   /* active duration in local time: 0 when duration is 0 (a
                                   zero-length iteration repeats in no time), else
                                   repeat_duration when > 0, else duration * (autoreverses ?
                                   2 : 1) * (repeat_count, or 1 when it is 0) */
    double end_time_s;          /* in parent time: begin + active_duration / |speed|; INFINITY
                                   when it never ends */
} ac_timing_state;

/**
 * Evaluates *timing at parent_time_s (the time of the parent: the layer's local time for an
 * animation, absolute time for a root layer, the group's iteration time for a child):
 *
 *   e      = parent - begin
 *   active when 0 <= e < active_duration / |speed| (always once e >= 0 when speed is 0)
 *   local  = e * speed + time_offset        (timeOffset wraps around inside the window)
 *   cycle  = duration * (autoreverses ? 2 : 1);  r = local mod cycle;  a reverse leg mirrors r
 *
 * Before the interval with a backwards fill, the state at e = 0; after it with a forwards fill,
 * the state at the end, taken as the limit from inside (a forward play ends at progress 1, a
 * reverse leg at 0). Duration 0 is a zero-length interval: before it progress 0, after it the
 * end state. Errors: as ac_timing_validate; AC_ERR_NOT_FINITE for parent_time_s, and
 * AC_ERR_OUT_OF_RANGE beyond +-AC_TIME_LIMIT_S;
 * AC_ERR_BAD_STRUCT_SIZE for out_state->struct_size.
 */
ac_status ac_timing_evaluate(const ac_timing *timing, double parent_time_s,
                             ac_timing_state *out_state);

/**
 * The eased progress at parent_time_s: the timing's progress passed through *function (NULL =
 * linear), or NaN when the timing is not in effect. Errors: as ac_timing_evaluate and
 * ac_timing_function_evaluate.
 */
ac_status ac_timing_progress(const ac_timing *timing, const ac_timing_function *function,
                             double parent_time_s, double *out_progress);

/**
 * ac_timing_progress at count parent times: out_progress[i] for parent_times_s[i] (NaN where not
 * in effect). The buffers may be the same. Errors: as ac_timing_progress, the message naming the
 * first bad index; AC_ERR_BUFFER_TOO_SMALL when out_capacity < count.
 */
ac_status ac_timing_progress_batch(const ac_timing *timing, const ac_timing_function *function,
                                   const double *parent_times_s, size_t count,
                                   double *out_progress, size_t out_capacity);

/**
 * Evaluates nested timings: chain[0] is the outermost (e.g. a group, whose parent time is
 * parent_time_s), each further entry runs in the iteration time of the one before it (a group's
 * child). *out_state is the innermost's state; it is not in effect when any outer one is not.
 * Errors: as ac_timing_evaluate, naming chain[i]; AC_ERR_OUT_OF_RANGE when count is 0.
 */
ac_status ac_timing_chain_evaluate(const ac_timing *chain, size_t count, double parent_time_s,
                                   ac_timing_state *out_state);

/* ============================================================================================ */
/* Time spaces (CALayer convertTime:fromLayer: / toLayer:)                                     */
/* ============================================================================================ */

/**
 * Converts a time down a chain of layer time spaces: chain[0]'s parent is absolute time, each
 * further entry is a sublayer of the one before. Each hop applies local = (parent - begin) *
 * speed + time_offset (layers have no repeat or fill; duration, repeat and fill are ignored).
 * *out_time_s is the time in chain[count - 1]; count 0 answers the time given.
 */
ac_status ac_time_chain_to_local(const ac_timing *chain, size_t count, double time_s,
                                 double *out_time_s);

/**
 * The inverse of ac_time_chain_to_local: from chain[count - 1]'s time to absolute time, each hop
 * parent = (local - time_offset) / speed + begin. Error: AC_ERR_NOT_INVERTIBLE when a speed on
 * the way is 0 (the message names the entry).
 */
ac_status ac_time_chain_to_absolute(const ac_timing *chain, size_t count, double time_s,
                                    double *out_time_s);

/**
 * convertTime between two nodes of a tree of time spaces. timings[i] is node i's timing and
 * parents[i] its parent's index, or -1 when its parent is absolute time. from_node and to_node
 * are indexes, or -1 for absolute time (CALayer's nil). The time goes up from from_node to the
 * common ancestor and down to to_node. Errors: AC_ERR_OUT_OF_RANGE (an index outside
 * [-1, count)), AC_ERR_CYCLE (parent links that loop), AC_ERR_NOT_INVERTIBLE (a speed of 0 on
 * the way up), and the checks of ac_timing_validate for every node.
 */
ac_status ac_time_tree_convert(const ac_timing *timings, const int64_t *parents, size_t count,
                               int64_t from_node, int64_t to_node, double time_s,
                               double *out_time_s);

/* ============================================================================================ */
/* Clock                                                                                        */
/* ============================================================================================ */

/**
 * The process's monotonic clock in seconds (CLOCK_MONOTONIC), like CACurrentMediaTime(): for
 * hosts that have no clock of their own. Never goes backwards; unrelated to wall time.
 */
double ac_current_media_time(void);

#ifdef __cplusplus
}
#endif

#endif /* ANIMCORE_H */
