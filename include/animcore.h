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
    X(AC_ERR_NOT_INVERTIBLE, 8, "a speed or matrix on the way is not invertible")                \
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
 * thread has failed. Valid UTF-8 of at most 1023 bytes: a longer message is cut between two
 * characters and ends with "…". The pointer stays valid until the next failing call on this
 * thread.
 */
const char *ac_last_error_message(void);

/** The status of the last failed call on this thread (AC_OK when none has failed). */
ac_status ac_last_error_status(void);

/** Forgets this thread's last error: ac_last_error_status() answers AC_OK again. */
void ac_clear_last_error(void);

/* ============================================================================================ */
/* Timing functions (CAMediaTimingFunction; beyond it CSS steps(), linear() and Penner presets)  */
/* ============================================================================================ */

/** ac_timing_function.kind */
#define AC_TIMING_FUNCTION_CUBIC_BEZIER 0
#define AC_TIMING_FUNCTION_STEPS 1
#define AC_TIMING_FUNCTION_LINEAR 2 /* CSS linear(): ac_timing_function_linear(), _parse() */
#define AC_TIMING_FUNCTION_PRESET 3 /* Penner's back, bounce, elastic: _back(), _bounce(), _elastic() */

/** ac_timing_function.step_position: CSS step positions (jump-start = start, jump-end = end). */
#define AC_STEP_JUMP_START 0
#define AC_STEP_JUMP_END 1
#define AC_STEP_JUMP_NONE 2
#define AC_STEP_JUMP_BOTH 3

/** ac_timing_function.preset: the preset's family (see ac_timing_function_back()). */
#define AC_PRESET_BACK 0
#define AC_PRESET_BOUNCE 1
#define AC_PRESET_ELASTIC 2

/** ac_timing_function.direction: which end of the motion a preset's effect is at. */
#define AC_EASE_IN 0
#define AC_EASE_OUT 1
#define AC_EASE_IN_OUT 2

/** The most distinct linear() functions the library holds (see ac_timing_function_linear()). */
#define AC_LINEAR_FUNCTIONS_MAX 65536
/** The most points one linear() function has. */
#define AC_LINEAR_POINTS_MAX 10000

/**
 * A timing function, as a plain value: copy it freely, it owns nothing.
 *
 * Cubic bezier: the unit bezier from (0,0) to (1,1) with control points (x1,y1) and (x2,y2);
 * x1 and x2 in [0, 1], y1 and y2 within +-1e9 (y outside [0, 1] gives anticipation and
 * overshoot). Steps: `steps` >= 1 equal jumps (>= 2 for AC_STEP_JUMP_NONE) at step_position.
 * Linear (CSS linear()): its points are held by the library, each distinct function once for
 * the life of the process (at most AC_LINEAR_FUNCTIONS_MAX of them), and `linear_id` names
 * them, the same in every engine; read them with ac_timing_function_linear_points().
 * Preset: `preset` and `direction`, with x1 = back's overshoot or elastic's amplitude and
 * y1 = elastic's period. Fields a kind does not use are ignored (and 0 in what the library
 * writes). Fill one with ac_timing_function_named(), _parse(), _cubic_bezier(), _steps(),
 * _linear(), _back(), _bounce() or _elastic(); every call that takes one validates it.
 */
typedef struct ac_timing_function {
    int32_t kind;          /* AC_TIMING_FUNCTION_* */
    int32_t steps;         /* steps kind: the number of steps */
    int32_t step_position; /* steps kind: AC_STEP_JUMP_* */
    int32_t reserved;      /* must be 0 */
    double x1, y1, x2, y2; /* cubic kind: the control points; preset kind: x1, y1 (see above) */
    int32_t preset;        /* preset kind: AC_PRESET_* */
    int32_t direction;     /* preset kind: AC_EASE_* */
    uint64_t linear_id;    /* linear kind: the library's id of its points (never 0) */
} ac_timing_function;

/**
 * A named timing function, with its exact control points. Each curve has one canonical
 * snake_case name, listed first; the rest are accepted aliases (Core Animation's values and
 * constant names, UIKit's curve name, CSS's keywords), the same everywhere a name is taken:
 *   "linear"      (0, 0) (1, 1)          "kCAMediaTimingFunctionLinear"
 *   "ease_in"     (0.42, 0) (1, 1)       "easeIn", "kCAMediaTimingFunctionEaseIn", "ease-in"
 *   "ease_out"    (0, 0) (0.58, 1)       "easeOut", "kCAMediaTimingFunctionEaseOut", "ease-out"
 *   "ease_in_out" (0.42, 0) (0.58, 1)    "easeInEaseOut", "kCAMediaTimingFunctionEaseInEaseOut",
 *                                        "easeInOut", "ease-in-out"
 *   "default"     (0.25, 0.1) (0.25, 1)  "kCAMediaTimingFunctionDefault", "ease" — Core
 *                                        Animation's default, not ease_in_out
 *   "step_start"  steps(1, jump-start)   "step-start"
 *   "step_end"    steps(1, jump-end)     "step-end"
 *   "back_in", "back_out", "back_in_out", "bounce_in", "bounce_out", "bounce_in_out",
 *   "elastic_in", "elastic_out", "elastic_in_out"   Penner's presets with their default
 *                parameters (see ac_timing_function_back()); aliases "easeInBack" (easings.net,
 *                Penner), "InBack" (Qt), and so on
 * Errors: AC_ERR_NULL_POINTER, AC_ERR_UNKNOWN_NAME (the message lists the canonical names).
 */
ac_status ac_timing_function_named(const char *name, ac_timing_function *out_function);

/**
 * The timing function CSS easing text describes (CSS Easing Functions Level 2), or a name:
 *   keywords     linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end, and every
 *                name ac_timing_function_named() takes ("ease_out", "bounce_out", ...)
 *   cubic-bezier(x1, y1, x2, y2)   x1 and x2 in [0, 1]
 *   steps(n[, jump-start | jump-end | jump-none | jump-both | start | end])   default jump-end
 *   linear(stop, ...)   two or more stops, each a number (the output) with zero, one or two
 *                percentages (its input, or the start and end of a hold) before or after it:
 *                "linear(0, 0.25 50%, 1)"; missing and decreasing inputs are fixed as the
 *                spec says (see ac_timing_function_linear())
 * Keywords and function names ignore ASCII case; spaces may surround every token.
 * Errors: AC_ERR_NULL_POINTER; AC_ERR_INVALID_ARGUMENT for text that is not CSS easing,
 * AC_ERR_UNKNOWN_NAME for an unknown keyword or function, AC_ERR_OUT_OF_RANGE or
 * AC_ERR_NOT_FINITE for a number CSS or the function refuses. The message quotes the text and
 * says where it is wrong ("text "steps(0)" is not a CSS easing function: at index 6, the step
 * count is 0; it must be >= 1 for this position"): the index counts characters from 0.
 */
ac_status ac_timing_function_parse(const char *text, ac_timing_function *out_function);

/**
 * CSS linear(): the piecewise-linear function through count points (inputs[i], outputs[i]).
 * inputs (progress; CSS's percentages / 100) may be NULL: the points are then spread evenly
 * from 0 to 1. An input below the largest before it is raised to it (CSS's fix-up), so the
 * inputs never decrease; two points at one input make a jump. Beyond the first and last
 * points the nearest segment is extended (CSS's extrapolation); the before flag plays no part.
 * For stops without some inputs or with holds, write the CSS text (ac_timing_function_parse()).
 * Errors: AC_ERR_OUT_OF_RANGE for count < 2 or > AC_LINEAR_POINTS_MAX, a number beyond +-1e9,
 * or AC_LINEAR_FUNCTIONS_MAX distinct functions held already; AC_ERR_NOT_FINITE;
 * AC_ERR_NULL_POINTER (outputs, out_function).
 */
ac_status ac_timing_function_linear(const double *outputs, const double *inputs, size_t count,
                                    ac_timing_function *out_function);

/**
 * A linear() function's points, inputs non-decreasing: *out_count always gets their number;
 * out_inputs and out_outputs (NULL allowed with capacity 0) get them when capacity is enough.
 * Errors: AC_ERR_INVALID_ARGUMENT (not a linear() function, or a bad one),
 * AC_ERR_BUFFER_TOO_SMALL when capacity < the count (nothing written but *out_count),
 * AC_ERR_NULL_POINTER.
 */
ac_status ac_timing_function_linear_points(const ac_timing_function *function,
                                           double *out_inputs, double *out_outputs,
                                           size_t capacity, size_t *out_count);

/**
 * Penner's presets (Robert Penner's easing equations, as Qt's QEasingCurve and tweening
 * libraries use them), evaluated exactly; inputs outside [0, 1] answer 0 and 1. t is the input
 * progress, and each in-out curve is in(2t)/2 below t = 0.5 and (1 + out(2t - 1))/2 from it.
 *   back(direction, overshoot s): in(t) = t^2((s + 1)t - s), out(t) = 1 - in(1 - t); s >= 0,
 *     default 1.70158 (a 10% overshoot); in-out uses s * 1.525 (Penner's rule, as Qt).
 *   bounce(direction): out(t) is four parabolas 7.5625(t - c)^2 + k (bounces at 1/2.75,
 *     2/2.75 and 2.5/2.75 of the way); in(t) = 1 - out(1 - t). No parameter.
 *   elastic(direction, amplitude a, period p): out(t) = a 2^(-10t) sin((t - q) 2 pi / p) + 1
 *     with q = p / (2 pi) asin(1 / a) (a below 1 acts as 1, q = p / 4), in(t) =
 *     -a 2^(10(t - 1)) sin((t - 1 - q) 2 pi / p), 0 and 1 exactly at the ends; a default 1,
 *     p default 0.3 (progress units; in-out uses p as given, as Qt).
 * Also by name, with their defaults: "back_in", "back_out", "back_in_out", "bounce_in", ...,
 * "elastic_in_out" (aliases "easeOutBounce" as easings.net writes them, "OutBounce" as Qt).
 * Errors: AC_ERR_OUT_OF_RANGE for a direction not AC_EASE_*, an overshoot or amplitude outside
 * [0, 1e6] or a period outside (0, 1e6]; AC_ERR_NOT_FINITE; AC_ERR_NULL_POINTER.
 */
ac_status ac_timing_function_back(int32_t direction, double overshoot,
                                  ac_timing_function *out_function);
ac_status ac_timing_function_bounce(int32_t direction, ac_timing_function *out_function);
ac_status ac_timing_function_elastic(int32_t direction, double amplitude, double period,
                                     ac_timing_function *out_function);

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
 * the animation is in its before phase; it moves a jump exactly at x to after x). linear()
 * follows CSS too: outside its points the end segments are extended. Presets clamp x to
 * [0, 1]. The before flag matters to steps only.
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
 * (except at a jump, where it is also reported as 0). linear(): the slope of the segment x is
 * on (extended beyond the points; 0 at a jump). Presets: a central difference over 1e-7.
 * Errors: as ac_timing_function_evaluate.
 */
ac_status ac_timing_function_slope(const ac_timing_function *function, double x,
                                   double *out_slope);

/**
 * The smallest and largest output over inputs [0, 1]; 0 and 1 are always included, so a
 * bezier with y in [0, 1] answers [0, 1] and an overshooting one a wider range. linear():
 * exact (its points inside [0, 1] and its values at 0 and 1); presets: sampled at 4096 steps,
 * each extreme then refined to about 1e-9.
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
 * speed + time_offset, held within +-AC_TIME_LIMIT_S as a layer's time is (layers have no
 * repeat or fill; duration, repeat and fill are ignored).
 * *out_time_s is the time in chain[count - 1]; count 0 answers the time given.
 */
ac_status ac_time_chain_to_local(const ac_timing *chain, size_t count, double time_s,
                                 double *out_time_s);

/**
 * The inverse of ac_time_chain_to_local: from chain[count - 1]'s time to absolute time, each hop
 * parent = (local - time_offset) / speed + begin, held within +-AC_TIME_LIMIT_S (a speed near 0
 * would overflow). Error: AC_ERR_NOT_INVERTIBLE when a speed on the way is 0 (the message names
 * the entry).
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

/* ============================================================================================ */
/* Handles                                                                                      */
/* ============================================================================================ */

/**
 * An engine: layer classes, layers and their trees, animations, and the clock the host drives
 * with ac_engine_tick(). Separate engines share nothing. Every function may be called from any
 * thread; the engine serialises the calls. An opaque pointer, never dereferenced by the caller
 * nor followed by the library: NULL is AC_ERR_NULL_POINTER (a no-op for ac_engine_destroy()),
 * and a destroyed, foreign or made-up pointer is AC_ERR_BAD_HANDLE.
 */
typedef struct ac_engine ac_engine;

/**
 * An interned key: a property name ("opacity"), a key path into a value ("position.x",
 * "bounds.size.width", "transform.rotation.z") or an undeclared key. Valid in the engine that
 * made it (ac_engine_key()); cheap to pass (an integer, not a small one: bits 20 to 31 are the
 * engine's tag, bits 0 to 19 the key's index; up to 2^20 keys per engine). Every call taking a
 * key refuses another engine's key, or a made-up number, with AC_ERR_BAD_HANDLE naming the key
 * (within the bound of AC_KEY_ENGINE_TAGS), and a number with the engine's tag that it never
 * gave out with AC_ERR_UNKNOWN_KEY. Keys are not stable across runs: intern names at start.
 */
typedef uint32_t ac_key;

/**
 * A layer class handle (64 bits, scoped to its engine). 0 names the built-in layer class in
 * every engine (see the Layer classes section). A handle of another engine (live or destroyed)
 * or a made-up number is refused with AC_ERR_BAD_HANDLE, within the bound of AC_HANDLE_STAMPS.
 * Classes live as long as their engine.
 */
typedef uint64_t ac_class;

/**
 * A layer handle (64 bits, scoped to its engine): a released or foreign handle is refused with
 * AC_ERR_BAD_HANDLE, never followed, within the bound of AC_HANDLE_STAMPS. 0 is no layer.
 */
typedef uint64_t ac_layer;

/**
 * An animation description handle (64 bits, scoped to its engine): a description the caller
 * owns and edits, then adds to layers (each add copies it). A released or foreign handle is
 * refused with AC_ERR_BAD_HANDLE within the bound of AC_HANDLE_STAMPS. 0 is no animation.
 */

/**
 * How long a released or foreign handle stays refused. Every creation of a layer, a layer class
 * or a description stamps its handle with the next number of a counter of that kind shared by
 * every engine of the process; a handle is accepted only by the engine holding its stamp. So a
 * released handle, and any handle of another engine (live or destroyed), is refused until
 * AC_HANDLE_STAMPS (2^34 − 1) more objects of its kind have been created in the process. An
 * ac_engine pointer carries a generation of its own: a destroyed engine's pointer is refused
 * until 2^32 engines have been created in its place.
 */
#define AC_HANDLE_STAMPS ((uint64_t)0x3FFFFFFFFull)

/**
 * How long another engine's key stays refused: each engine draws its key tag (ac_key's bits 20
 * to 31) from a counter shared by the engines of the process, so a key is refused by every
 * engine but its own until AC_KEY_ENGINE_TAGS (2^12 − 1) more engines have been created.
 */
#define AC_KEY_ENGINE_TAGS 4095u
typedef uint64_t ac_animation;

/** Called once when a callback registration ends, to free its user_data. */
typedef void (*ac_destroy_fn)(void *user_data);

/*
 * Callbacks, everywhere in this header: a C function pointer, a `void *user_data` passed back
 * to it, and an optional destroy function. When the registering call succeeds, the engine owns
 * the registration: destroy(user_data) runs exactly once, when the registration ends (it is
 * replaced, its object is destroyed, or the engine is destroyed), or at once when the function
 * pointer given is NULL. When the call fails, nothing is kept and destroy never runs. A destroy
 * function should only free user_data: it may run on any thread that calls into the engine.
 *
 * Display, animation and transaction-completion callbacks run during ac_engine_tick() (and
 * ac_engine_destroy() for did-stop and completions), on the calling thread, after the engine
 * has finished updating and without holding its lock, so they may call any function of this
 * header, including ac_engine_tick() and ac_engine_destroy(), and may wait for other threads
 * that use the engine; callbacks owed because of what they do are delivered by the next tick.
 * While one thread delivers callbacks, a tick on another thread leaves its own to that
 * delivery, which runs them after those it has queued (see ac_engine_tick()). Action callbacks run inside the call that changes a property or
 * the tree (see Actions), and may call any function too.
 */

/* ============================================================================================ */
/* Engine                                                                                       */
/* ============================================================================================ */

/** Options for ac_engine_create(). Fill with ac_engine_config_init(). */
typedef struct ac_engine_config {
    uint32_t struct_size;         /* sizeof(ac_engine_config) */
    int32_t header_version_major; /* AC_VERSION_MAJOR of the header the caller compiled with */
    double default_duration_s;    /* the duration animations added with duration 0 get (the
                                     transaction's animationDuration); finite, > 0 and
                                     <= AC_TIME_LIMIT_S; default 0.25 */
    double global_speed;          /* engine time per host time; finite, in [0, AC_SPEED_LIMIT];
                                     default 1 */
} ac_engine_config;

/**
 * Fills *config with the defaults and this header's major version. Header-only, so that the
 * version recorded is the one the caller compiled with (bindings fill the struct themselves).
 * Error: AC_ERR_NULL_POINTER.
 */
static inline ac_status ac_engine_config_init(ac_engine_config *config) {
    if (config == NULL) return AC_ERR_NULL_POINTER;
    config->struct_size = (uint32_t)sizeof(ac_engine_config);
    config->header_version_major = AC_VERSION_MAJOR;
    config->default_duration_s = 0.25;
    config->global_speed = 1.0;
    return AC_OK;
}

/**
 * Creates an engine. config may be NULL (the defaults, with this header's version). Errors:
 * AC_ERR_NULL_POINTER (out_engine), AC_ERR_BAD_STRUCT_SIZE, AC_ERR_VERSION_MISMATCH (the
 * caller's header has another major version than the library), AC_ERR_NOT_FINITE and
 * AC_ERR_OUT_OF_RANGE (default_duration_s, global_speed), AC_ERR_OUT_OF_RANGE also when 4096
 * engines are alive already.
 */
ac_status ac_engine_create(const ac_engine_config *config, ac_engine **out_engine);

/**
 * Destroys an engine: every animation still attached stops (its did-stop callback runs now,
 * with finished = 0), every transaction still open on any thread ends (its completions run now,
 * with finished = 0), then every handle of the engine goes stale and the engine pointer is
 * refused from then on (AC_ERR_BAD_HANDLE), and every callback's destroy function runs. Called
 * from inside one of the engine's callbacks, the destroy functions run when the outermost call
 * into the engine returns. NULL is a no-op. Error: AC_ERR_BAD_HANDLE for a pointer that is not a
 * live engine.
 *
 * While destroy runs, the callbacks it calls may still read values, set them (no action runs,
 * so no implicit animation starts) and release handles, but nothing new may start:
 * ac_layer_add_animation(), ac_transaction_begin(), ac_animate_begin(), completions and
 * ac_engine_tick() answer AC_ERR_INVALID_STATE. So every did-stop and every completion runs
 * exactly once, and destroy always ends.
 *
 * After a successful destroy — also one called from a callback during ac_engine_tick() — the
 * only callbacks that still run are did-stops and completions (those destroy promises, and
 * those the tick in progress owes, each with its own finished flag) and destroy functions:
 * no display and no did-start callback runs. (Destroy does not wait for other threads: a
 * display or did-start that another thread's delivery had already decided to run before
 * destroy began may still be running, or about to enter its function, when destroy returns.)
 */
ac_status ac_engine_destroy(ac_engine *engine);

/**
 * Advances the engine to host time now_s (seconds on any monotonic clock, e.g.
 * ac_current_media_time()), commits what is pending (an animation added with begin time 0
 * begins now, or at its commit's time with a clock: ac_engine_set_clock()), evaluates every animation, and delivers the callbacks owed: animation did-start
 * and did-stop, then display. Engine time advances by the host's elapsed time × the global
 * speed; the first tick sets it to now_s (a now_s before the previous tick's moves engine time
 * back). Callbacks are delivered in the order they are owed: while callbacks are being
 * delivered — a tick called from one of them, or a tick on another thread meanwhile — a tick
 * does its work at once but leaves its callbacks to the delivery in progress, which runs them
 * on its own thread after those already queued (so an animation's did-start never follows its
 * did-stop, and no tick waits for another thread's callbacks). One layer's callbacks of a tick come in the order of its animations; between
 * layers the order is not specified (it is the same whatever ac_engine_set_tick_threads says).
 * Errors: AC_ERR_BAD_HANDLE, AC_ERR_NOT_FINITE, AC_ERR_OUT_OF_RANGE (beyond
 * ±AC_TIME_LIMIT_S; or, naming the clock, a clock reading refused since the last tick:
 * ac_engine_set_clock()), AC_ERR_INVALID_STATE while the engine is being destroyed.
 */
ac_status ac_engine_tick(ac_engine *engine, double now_s);

/**
 * The engine's time (seconds) at the last tick: absolute time for root layers; use it (through
 * ac_layer_convert_time()) for begin times. 0 before the first tick.
 */
ac_status ac_engine_current_time(ac_engine *engine, double *out_time_s);

/**
 * Sets the global speed factor: engine time per host time from the next tick on (0.1 = slow
 * motion, 0 = frozen). Errors: AC_ERR_NOT_FINITE, AC_ERR_OUT_OF_RANGE (< 0 or > AC_SPEED_LIMIT).
 */
ac_status ac_engine_set_global_speed(ac_engine *engine, double speed);

/** The global speed factor (default 1). */
ac_status ac_engine_global_speed(ac_engine *engine, double *out_speed);

/** The most threads an engine ticks on (ac_engine_set_tick_threads). */
#define AC_TICK_THREADS_MAX 64

/**
 * Sets the threads each ac_engine_tick evaluates on, the calling thread included (default 1).
 * With more than one, the tick shares its steady animations out among them once there are
 * enough (thousands): animations in the steady middle of their motion, of paths and arrays too
 * (which ones: README, "Performance"). Presentation values are the same to the bit as on
 * one thread, and every callback still runs on the thread that calls ac_engine_tick, in the same
 * order. Worth it from tens of thousands of animations on as many free cores.
 * Errors: AC_ERR_OUT_OF_RANGE (count outside 1..AC_TICK_THREADS_MAX), AC_ERR_INVALID_STATE (the
 * system refused a thread: the engine keeps the threads it had; or the engine is being destroyed).
 */
ac_status ac_engine_set_tick_threads(ac_engine *engine, int32_t count);

/** The threads each tick evaluates on, the calling thread included (default 1). */
ac_status ac_engine_tick_threads(ac_engine *engine, int32_t *out_count);

/* ============================================================================================ */
/* Keys and values                                                                              */
/* ============================================================================================ */

/**
 * The key for name (interning it on first use; the same name always gives the same key).
 * Errors: AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER, AC_ERR_UNKNOWN_KEY (""),
 * AC_ERR_INVALID_ARGUMENT (name is not valid UTF-8), AC_ERR_OUT_OF_RANGE (the engine already
 * holds 2^20 keys).
 */
ac_status ac_engine_key(ac_engine *engine, const char *name, ac_key *out_key);

/**
 * The name of a key, copied with its NUL into buffer; *out_length is its length in bytes
 * (without the NUL) either way. buffer may be NULL when capacity is 0 (to ask for the length).
 * Errors: AC_ERR_BAD_HANDLE (another engine's key), AC_ERR_UNKNOWN_KEY, AC_ERR_BUFFER_TOO_SMALL
 * (capacity <= length), AC_ERR_NULL_POINTER.
 */
ac_status ac_engine_key_name(ac_engine *engine, ac_key key, char *buffer, size_t capacity,
                             size_t *out_length);

/** ac_value.kind */
#define AC_VALUE_SCALAR 0           /* v[0] */
#define AC_VALUE_POINT 1            /* v[0..1] = x, y */
#define AC_VALUE_SIZE 2             /* v[0..1] = width, height */
#define AC_VALUE_RECT 3             /* v[0..3] = x, y, width, height */
#define AC_VALUE_VECTOR3 4          /* v[0..2] = x, y, z */
#define AC_VALUE_COLOR 5            /* v[0..3] = red, green, blue, alpha, nominally in [0, 1],
                                       not premultiplied; interpolated componentwise in this
                                       (sRGB) space */
#define AC_VALUE_AFFINE_TRANSFORM 6 /* v[0..5] = a, b, c, d, tx, ty (CGAffineTransform) */
#define AC_VALUE_TRANSFORM3D 7      /* v[0..15] = m11 m12 m13 m14 m21 ... m44 (CATransform3D,
                                       row-vector convention: translation in m41 m42 m43);
                                       interpolated by decomposition (translation, scale, skew,
                                       perspective, rotation by quaternion slerp) */
#define AC_VALUE_BOOL 8             /* i = 0 or 1; switches at progress 0.5, never interpolated */
#define AC_VALUE_INTEGER 9          /* i; interpolated then rounded to nearest */
#define AC_VALUE_TOKEN 10           /* i = an opaque 64-bit host value (an image id, a date);
                                       switches at progress 0.5, never interpolated */
#define AC_VALUE_PATH 11            /* a path (CAShapeLayer's path): no field of ac_value; see
                                       "Path and array values" (ac_layer_set_path()) */
#define AC_VALUE_NUMBERS 12         /* an array of numbers (locations, a dash pattern): ditto
                                       (ac_layer_set_numbers()) */
#define AC_VALUE_COLORS 13          /* an array of RGBA colours (CAGradientLayer's colors):
                                       ditto (ac_layer_set_colors()) */

/** The length of ac_value.v: the most numbers a kind uses (a 3D transform's 16). */
#define AC_VALUE_MAX_SLOTS 16

/**
 * A value of any kind; only the fields of its kind are read. Every value passed in is checked:
 * an unknown kind or a reserved field not 0 is AC_ERR_INVALID_ARGUMENT; a NaN or infinite
 * number in the kind's v[] is AC_ERR_NOT_FINITE (except +INFINITY for the layer timing
 * properties that allow it: duration, repeatCount, repeatDuration); a bool other than 0 or 1
 * is AC_ERR_OUT_OF_RANGE. Values written out have every field the kind does not use set to 0.
 * Build one with the ac_value_*() functions below.
 */
typedef struct ac_value {
    int32_t kind;     /* AC_VALUE_* */
    int32_t reserved; /* must be 0 */
    double v[16];     /* the numbers of numeric kinds */
    int64_t i;        /* bool, integer and token kinds */
} ac_value;

/* Value builders (header-only). */

/** A value of kind with every field 0 (for AC_VALUE_TRANSFORM3D: the zero matrix, not identity). */
static inline ac_value ac_value_zeroed(int32_t kind) {
    ac_value value;
    int index;
    value.kind = kind;
    value.reserved = 0;
    for (index = 0; index < AC_VALUE_MAX_SLOTS; ++index) value.v[index] = 0.0;
    value.i = 0;
    return value;
}
static inline ac_value ac_value_scalar(double x) {
    ac_value value = ac_value_zeroed(AC_VALUE_SCALAR);
    value.v[0] = x;
    return value;
}
static inline ac_value ac_value_point(double x, double y) {
    ac_value value = ac_value_zeroed(AC_VALUE_POINT);
    value.v[0] = x;
    value.v[1] = y;
    return value;
}
static inline ac_value ac_value_size(double width, double height) {
    ac_value value = ac_value_zeroed(AC_VALUE_SIZE);
    value.v[0] = width;
    value.v[1] = height;
    return value;
}
static inline ac_value ac_value_rect(double x, double y, double width, double height) {
    ac_value value = ac_value_zeroed(AC_VALUE_RECT);
    value.v[0] = x;
    value.v[1] = y;
    value.v[2] = width;
    value.v[3] = height;
    return value;
}
static inline ac_value ac_value_vector3(double x, double y, double z) {
    ac_value value = ac_value_zeroed(AC_VALUE_VECTOR3);
    value.v[0] = x;
    value.v[1] = y;
    value.v[2] = z;
    return value;
}
static inline ac_value ac_value_color(double red, double green, double blue, double alpha) {
    ac_value value = ac_value_zeroed(AC_VALUE_COLOR);
    value.v[0] = red;
    value.v[1] = green;
    value.v[2] = blue;
    value.v[3] = alpha;
    return value;
}
/** A CGAffineTransform: x' = a x + c y + tx, y' = b x + d y + ty. */
static inline ac_value ac_value_affine(double a, double b, double c, double d, double tx,
                                       double ty) {
    ac_value value = ac_value_zeroed(AC_VALUE_AFFINE_TRANSFORM);
    value.v[0] = a;
    value.v[1] = b;
    value.v[2] = c;
    value.v[3] = d;
    value.v[4] = tx;
    value.v[5] = ty;
    return value;
}
/** A CATransform3D from its 16 numbers m11 m12 ... m44 (row-major). */
static inline ac_value ac_value_transform3d(const double m[16]) {
    ac_value value = ac_value_zeroed(AC_VALUE_TRANSFORM3D);
    int index;
    for (index = 0; index < 16; ++index) value.v[index] = m[index];
    return value;
}
/** CATransform3DIdentity. */
static inline ac_value ac_value_transform3d_identity(void) {
    ac_value value = ac_value_zeroed(AC_VALUE_TRANSFORM3D);
    value.v[0] = value.v[5] = value.v[10] = value.v[15] = 1.0;
    return value;
}
static inline ac_value ac_value_bool(int on) {
    ac_value value = ac_value_zeroed(AC_VALUE_BOOL);
    value.i = on ? 1 : 0;
    return value;
}
static inline ac_value ac_value_integer(int64_t i) {
    ac_value value = ac_value_zeroed(AC_VALUE_INTEGER);
    value.i = i;
    return value;
}
/** A token keeps its 64 bits exactly (read it back as (uint64_t)value.i). */
static inline ac_value ac_value_token(uint64_t token) {
    ac_value value = ac_value_zeroed(AC_VALUE_TOKEN);
    value.i = (int64_t)token;
    return value;
}

/* ============================================================================================ */
/* Layer classes                                                                                */
/* ============================================================================================ */

/*
 * The built-in layer class (handle 0) carries CALayer's properties with Core Animation's
 * defaults, in this order (the order of ac_layer_snapshot()):
 *   bounds (rect 0,0,0,0), position (point 0,0), zPosition (scalar 0), anchorPoint (point
 *   0.5,0.5), anchorPointZ (scalar 0), transform and sublayerTransform (transform3D identity),
 *   opacity (scalar 1), hidden (bool 0), backgroundColor (color 0,0,0,0 — CALayer's nil),
 *   borderColor (color 0,0,0,1), borderWidth (scalar 0), cornerRadius (scalar 0), shadowColor
 *   (color 0,0,0,1), shadowOpacity (scalar 0), shadowOffset (size 0,-3), shadowRadius (scalar
 *   3), contentsRect (rect 0,0,1,1), contents (token 0), masksToBounds (bool 0), doubleSided
 *   (bool 1), needsDisplayOnBoundsChange (bool 0, not animatable),
 *   and the layer's own timing, none animatable: beginTime (scalar 0, finite), duration
 *   (scalar INFINITY, >= 0), speed (scalar 1, finite), timeOffset (scalar 0, finite),
 *   repeatCount (scalar 0, >= 0), repeatDuration (scalar 0, >= 0), autoreverses (bool 0),
 *   fillMode (integer AC_FILL_*), with the ranges of ac_timing (AC_ERR_NOT_FINITE,
 *   AC_ERR_OUT_OF_RANGE otherwise);
 *   then geometryFlipped (bool 0, not animatable; see Geometry and hit testing);
 *   then, for the render list: maskedCorners (integer 15, AC_CORNER_* bits 0...15),
 *   contentsGravity (integer AC_GRAVITY_*, 0...11), contentsScale (scalar 1, > 0),
 *   allowsGroupOpacity (bool 1), none of them animatable, and contentsCenter (rect 0,0,1,1),
 *   AC_ERR_OUT_OF_RANGE outside those ranges.
 * "frame" (rect) is derived from bounds, position, anchorPoint and transform: the bounding box
 * of the bounds' corners through the layer's matrix without its superlayer's part (zPosition
 * and the bounds origin do not move it; anchorPointZ does only through a 3D transform). Readable, settable, not animatable, and
 * not in snapshots. Setting it sets the bounds size to the frame's size through the inverse of
 * the transform's 2D part (the bounds origin kept), and the position that puts the frame there:
 * exact for scales and quarter turns (Core Animation's rule; Apple says not to set the frame
 * of a layer turned by other angles), and under a perspective that keeps the layer's plane
 * facing the viewer (m14 = m24 = 0: a move in depth divides the whole plane by one w, and the
 * size too). AC_ERR_NOT_INVERTIBLE when that 2D part is singular, or that w puts the plane
 * behind the eye.
 */

/*
 * The built-in classes: Core Animation's, with the same handle in every engine. Each carries
 * CALayer's properties first (above), then its own, in this order; each is a superclass
 * ac_class_create() takes as it takes AC_CLASS_LAYER (a class declared on AC_CLASS_REPLICATOR_LAYER
 * has its properties and draws as a replicator). Their names are taken: ac_class_create()
 * refuses them. Properties are animatable unless marked.
 *
 * AC_CLASS_TEXT_LAYER ("CATextLayer", reference §4.3): fontSize (scalar 36, points),
 *   foregroundColor (color 1,1,1,1), string (token 0: none; not animatable), font (token 0: the
 *   host's default font, Core Animation's Helvetica [INFERRED]; not animatable), alignmentMode
 *   (integer AC_TEXT_ALIGNMENT_*, 0...4, not animatable), truncationMode (integer
 *   AC_TEXT_TRUNCATION_*, 0...3, not animatable), wrapped (bool 0, not animatable),
 *   allowsFontSubpixelQuantization (bool 0, not animatable). The host draws the text; the
 *   engine keeps, presents and animates the values.
 * AC_CLASS_REPLICATOR_LAYER ("CAReplicatorLayer", reference §5): instanceCount (integer 1,
 *   0...AC_MAX_REPLICATOR_INSTANCES), instanceDelay (scalar 0, seconds, -1e6...1e6
 *   [INFERRED]: any nesting's time shifts stay within the engine's time limits; an animated one
 *   is clamped to it), instanceTransform
 *   (transform3D identity), instanceColor (color 1,1,1,1), instanceRedOffset,
 *   instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset (scalar 0 each),
 *   preservesDepth (bool 0, not animatable). Its sublayers are drawn once per instance in the
 *   render list (see Render lists); hit testing sees the sublayers themselves (instance 0),
 *   as Core Animation's does.
 * AC_CLASS_TRANSFORM_LAYER ("CATransformLayer", reference §1.5): no properties of its own. Only
 *   its sublayers are drawn, kept in 3D (AC_RENDER_SUBLAYERS_ONLY).
 * AC_CLASS_SHAPE_LAYER ("CAShapeLayer", reference §4.1): path (path, empty: no shape),
 *   fillColor (color 0,0,0,1), fillRule (integer AC_FILL_RULE_*, 0...1, not animatable),
 *   strokeColor (color 0,0,0,0, which stands for Core Animation's nil: no stroke), strokeStart
 *   (scalar 0), strokeEnd (scalar 1), lineWidth (scalar 1, points), miterLimit (scalar 10),
 *   lineCap (integer AC_LINE_CAP_*, 0...2, not animatable), lineJoin (integer
 *   AC_LINE_JOIN_*, 0...2, not animatable), lineDashPhase (scalar 0, points),
 *   lineDashPattern (numbers, empty: a solid line; not animatable, as Core Animation's header
 *   leaves it). [INFERRED] strokeStart and strokeEnd are kept as set, outside [0, 1] too:
 *   Core Animation stores them and clamps to [0, 1] when drawing (a spring may overshoot), so
 *   the host clamps; lineWidth and miterLimit are kept as set, negative too, as Core
 *   Animation documents no range for them.
 * AC_CLASS_GRADIENT_LAYER ("CAGradientLayer", reference §4.2): colors (colors, empty: Core
 *   Animation's nil), locations (numbers, empty: nil, the stops evenly spaced), startPoint
 *   (point 0.5,0), endPoint (point 0.5,1), both in the bounds' unit space, (0,0) the
 *   bottom-left corner; type (integer AC_GRADIENT_TYPE_*, 0...2, not animatable; [INFERRED]
 *   Core Animation keeps an unknown type string, an integer outside the range is refused).
 * path, colors and locations are animatable, as Core Animation marks them: basic, spring and
 *   keyframe animations and the implicit action interpolate them element by element (see "Path
 *   and array values").
 * The render list carries no shape or gradient data: a shape or gradient layer has an entry
 *   as a CALayer has, and the host reads its values by the entry's layer handle
 *   (ac_layer_get_path(), ac_layer_get_colors(), ac_layer_get_numbers() with presentation = 1,
 *   ac_layer_get_value() or the presentation batch reads for the others) and draws the shape
 *   or gradient (reference §3.1 item 3: over the background, beneath the contents for a
 *   gradient, between the contents and the first sublayer for a shape).
 *
 * AC_ERR_OUT_OF_RANGE, naming the key, for an integer outside its range. [INFERRED] Handles 6
 * and up are kept for further built-in classes, in the order they are added.
 */
#define AC_CLASS_LAYER ((ac_class)0)
#define AC_CLASS_TEXT_LAYER ((ac_class)1)
#define AC_CLASS_REPLICATOR_LAYER ((ac_class)2)
#define AC_CLASS_TRANSFORM_LAYER ((ac_class)3)
#define AC_CLASS_SHAPE_LAYER ((ac_class)4)
#define AC_CLASS_GRADIENT_LAYER ((ac_class)5)

/** CATextLayer "alignmentMode" values (kCAAlignment*). */
#define AC_TEXT_ALIGNMENT_NATURAL 0
#define AC_TEXT_ALIGNMENT_LEFT 1
#define AC_TEXT_ALIGNMENT_RIGHT 2
#define AC_TEXT_ALIGNMENT_CENTER 3
#define AC_TEXT_ALIGNMENT_JUSTIFIED 4
/** CATextLayer "truncationMode" values (kCATruncation*). */
#define AC_TEXT_TRUNCATION_NONE 0
#define AC_TEXT_TRUNCATION_START 1
#define AC_TEXT_TRUNCATION_END 2
#define AC_TEXT_TRUNCATION_MIDDLE 3
/** CAShapeLayer "fillRule" values (kCAFillRule*). */
#define AC_FILL_RULE_NON_ZERO 0
#define AC_FILL_RULE_EVEN_ODD 1
/** CAShapeLayer "lineCap" values (kCALineCap*). */
#define AC_LINE_CAP_BUTT 0
#define AC_LINE_CAP_ROUND 1
#define AC_LINE_CAP_SQUARE 2
/** CAShapeLayer "lineJoin" values (kCALineJoin*). */
#define AC_LINE_JOIN_MITER 0
#define AC_LINE_JOIN_ROUND 1
#define AC_LINE_JOIN_BEVEL 2
/** CAGradientLayer "type" values (kCAGradientLayer*). */
#define AC_GRADIENT_TYPE_AXIAL 0
#define AC_GRADIENT_TYPE_RADIAL 1
#define AC_GRADIENT_TYPE_CONIC 2

/**
 * The most instances a replicator draws, alone or nested (the product of the counts of the
 * replicators a layer is drawn in): 2^20. [INFERRED] Core Animation documents no limit; this
 * one keeps a render list within memory a host can hold. A model instanceCount above it is
 * refused (AC_ERR_OUT_OF_RANGE); an animated count is clamped to 0...it, and a nested
 * replicator draws only as many instances as keep the product within it (its entry flagged
 * AC_RENDER_INSTANCES_CLAMPED).
 */
#define AC_MAX_REPLICATOR_INSTANCES (1 << 20)

/**
 * The entries past which a fill draws no further replicator instance: 2^21. A replicator that
 * would draw more stops at the instance it is at, its entry flagged
 * AC_RENDER_INSTANCES_CLAMPED (and AC_RENDER_CHANGED when its previous entry was not clamped).
 * [INFERRED] Core Animation documents no limit; the instance limit alone lets the instances of
 * a large subtree ask for more memory than a host holds (an entry is 568 bytes, and a list
 * keeps its previous fill too). Outside replicators each layer is drawn once.
 */
#define AC_RENDER_LIST_MAX_REPLICATED_ENTRIES (1 << 21)

/**
 * The class named name (UTF-8) in engine: a built-in class by Core Animation's name
 * ("CALayer", "CATextLayer", "CAReplicatorLayer", "CATransformLayer", "CAShapeLayer",
 * "CAGradientLayer") or one declared with ac_class_create(). Errors: AC_ERR_NULL_POINTER
 * (name, out_class), AC_ERR_UNKNOWN_NAME (no class of that name), AC_ERR_BAD_HANDLE (engine).
 */
ac_status ac_class_find(ac_engine *engine, const char *name, ac_class *out_class);

/** A property a class declares. Fill with ac_property_desc_init(). */
typedef struct ac_property_desc {
    uint32_t struct_size;   /* sizeof(ac_property_desc) */
    int32_t animatable;     /* 0 or 1: animations may target it; default 1 */
    const char *name;       /* UTF-8, not empty, no dots, not "frame", not declared already by
                               the superclass or earlier in the same call; copied */
    ac_value default_value; /* its kind is the property's kind */
    int32_t needs_display;  /* 0 or 1: a change (set to a new value, or animating) makes the
                               layer display (+needsDisplayForKey:); default 0 */
    int32_t reserved;       /* must be 0 */
} ac_property_desc;

/**
 * Fills *desc for name with *default_value, animatable and not needs-display (name is not
 * copied until ac_class_create()). Error: AC_ERR_NULL_POINTER.
 */
static inline ac_status ac_property_desc_init(ac_property_desc *desc, const char *name,
                                              const ac_value *default_value) {
    if (desc == NULL || name == NULL || default_value == NULL) return AC_ERR_NULL_POINTER;
    desc->struct_size = (uint32_t)sizeof(ac_property_desc);
    desc->animatable = 1;
    desc->name = name;
    desc->default_value = *default_value;
    desc->needs_display = 0;
    desc->reserved = 0;
    return AC_OK;
}

/**
 * Declares a class: superclass's properties (0 = the built-in class) plus count new ones, and
 * superclass's display callback. The properties are stored, copied into the presentation and
 * interpolated by the engine: no copying code (initWithLayer:) is ever needed. name is UTF-8
 * and copied; properties may be NULL when count is 0. Errors: AC_ERR_BAD_HANDLE (engine,
 * superclass), AC_ERR_NULL_POINTER (name, properties, properties[i].name, out_class),
 * AC_ERR_BAD_STRUCT_SIZE, AC_ERR_INVALID_ARGUMENT (name empty or already the name of a class of
 * this engine; a bad or duplicate property name, a bad flag or reserved field: the message names
 * properties[i]), and the value checks of ac_value for properties[i].default_value.
 * The class starts strict when superclass is strict (ac_class_set_strict()).
 */
ac_status ac_class_create(ac_engine *engine, const char *name, ac_class superclass,
                          const ac_property_desc *properties, size_t count, ac_class *out_class);

/**
 * Makes a class strict (strict = 1) or permissive (0, the default: Core Animation's rule that a
 * layer stores any undeclared key as it comes). Layers of a strict class refuse undeclared keys:
 * setting, reading or animating a key (or key path) that is no declared property answers
 * AC_ERR_UNKNOWN_KEY, and the message lists the class's own declared properties, so a typo fails
 * where it is made. Classes declared later with this one as superclass start with its setting.
 * Values stored under undeclared keys while the class was permissive stay with their layers,
 * unreachable while it is strict. Errors: AC_ERR_BAD_HANDLE, AC_ERR_INVALID_ARGUMENT (strict not
 * 0 or 1).
 */
ac_status ac_class_set_strict(ac_engine *engine, ac_class layer_class, int32_t strict);

/**
 * A display callback (-display / displayLayer:): draw or otherwise consume the layer's
 * presentation values (ac_layer_get_presentation_value()).
 */
typedef void (*ac_display_fn)(ac_engine *engine, ac_layer layer, void *user_data);

/**
 * Sets the display callback of a class (fn NULL: none), like overriding -display. It runs
 * during tick, once per tick at most, for layers that need display: a needs-display property
 * changed (set to a new value; or animated: every tick while the animation runs, the tick it
 * first shows, and the tick it ends or is removed), ac_layer_set_needs_display(), or a bounds
 * change with needsDisplayOnBoundsChange.
 * Never at creation unless asked. A layer delegate's display wins over it. The previous
 * registration ends (its destroy runs). Classes declared later with this one as superclass
 * start with it; classes declared earlier keep theirs. Errors: AC_ERR_BAD_HANDLE.
 */
ac_status ac_class_set_display(ac_engine *engine, ac_class layer_class, ac_display_fn fn,
                               void *user_data, ac_destroy_fn destroy);

/* ============================================================================================ */
/* Layers                                                                                       */
/* ============================================================================================ */

/*
 * References: ac_layer_create() gives the caller one; ac_layer_retain() adds one,
 * ac_layer_release() drops one (0 is a no-op); a superlayer holds one on each sublayer. A layer
 * is destroyed when none is left: its handle goes stale, its sublayers lose their superlayer's
 * reference, its animations stop (did-stop with finished = 0 at the next tick) and its
 * delegate's destroy runs. Release order never matters.
 */

/**
 * A new layer of layer_class (0 = the built-in class), every property at its default, with one
 * reference held by the caller. It needs no display until something asks for it. Errors:
 * AC_ERR_BAD_HANDLE (engine, layer_class), AC_ERR_NULL_POINTER.
 */
ac_status ac_layer_create(ac_engine *engine, ac_class layer_class, ac_layer *out_layer);
/**
 * One more reference to layer. A layer holds at most 2^31 − 1 references (the caller's and one
 * from its superlayer). Errors: AC_ERR_BAD_HANDLE (0 included), AC_ERR_OUT_OF_RANGE at the most.
 */
ac_status ac_layer_retain(ac_engine *engine, ac_layer layer);
/** One reference less (0 is a no-op). Error: AC_ERR_BAD_HANDLE. */
ac_status ac_layer_release(ac_engine *engine, ac_layer layer);

/** The class of a layer (0 for the built-in class). */
ac_status ac_layer_class(ac_engine *engine, ac_layer layer, ac_class *out_class);

/**
 * Sets the model value at key: a declared property, a key path into one ("position.x",
 * "bounds.size.width", "transform.rotation.z", "transform.scale"), "frame", or an undeclared
 * key without dots, which is stored and read back but never animated and never displays.
 * Setting a value equal to the current one changes nothing (no display). Model values never
 * change by animation. As in Core Animation, changing an animatable property of a layer that
 * has been committed (by a tick since its creation) also runs its action: by default an
 * implicit animation under the property's name, from the presentation value to the new model
 * value over the transaction's duration (by default ac_engine_config.default_duration_s; see
 * the Transactions and Actions sections). Properties declared with animatable = 0, the layer
 * timing properties and undeclared keys never animate.
 * Errors: AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER, AC_ERR_UNKNOWN_KEY (a key the engine did not
 * give out; a key path whose root is not a declared property, or whose rest is not a component
 * of its kind), AC_ERR_WRONG_KIND (value->kind is not the key's kind), and the value checks of
 * ac_value.
 */
ac_status ac_layer_set_value(ac_engine *engine, ac_layer layer, ac_key key, const ac_value *value);

/**
 * The model value at key. An undeclared key never set: AC_ERR_UNKNOWN_KEY. A path or array key
 * (AC_VALUE_PATH, AC_VALUE_NUMBERS, AC_VALUE_COLORS): AC_ERR_WRONG_KIND, as for the presentation
 * reads below; read it with ac_layer_get_path(), ac_layer_get_numbers() or ac_layer_get_colors().
 */
ac_status ac_layer_get_value(ac_engine *engine, ac_layer layer, ac_key key, ac_value *out_value);

/**
 * The presentation value at key: the model value with the layer's committed animations applied
 * at the last tick, in add order (additive ones stack), through the layer's time space. An
 * animation added since the last tick shows from the next tick on; an undeclared key reads its
 * model value.
 */
ac_status ac_layer_get_presentation_value(ac_engine *engine, ac_layer layer, ac_key key,
                                          ac_value *out_value);

/**
 * Scalar shortcuts of the three calls above: AC_ERR_WRONG_KIND for a key of another kind (the
 * message names the kind), AC_ERR_NOT_FINITE for a NaN or infinite value (except +INFINITY
 * where the key allows it).
 */
ac_status ac_layer_set_scalar(ac_engine *engine, ac_layer layer, ac_key key, double value);
ac_status ac_layer_get_scalar(ac_engine *engine, ac_layer layer, ac_key key, double *out_value);
ac_status ac_layer_get_presentation_scalar(ac_engine *engine, ac_layer layer, ac_key key,
                                           double *out_value);

/**
 * Reads one key's presentation value for count layers: out_slots receives count × stride
 * doubles, layer i's at out_slots[i × stride], and *out_stride the stride (the kind's number
 * of numbers: 1 for scalars, 2 for points, 16 for 3D transforms; 1 for bool, integer and token
 * kinds, whose integer is given as a double). Every layer must hold the same kind at key.
 * count 0 is allowed (*out_stride is then 0; layers and out_slots may be NULL).
 * The way to read every layer each frame: a declared property costs a few ns per layer, and a
 * large batch is shared out to the engine's tick threads (ac_engine_set_tick_threads). A read
 * of 256 layers or more that repeats the read before it (the same handles in the same order,
 * the same key) copies each value from where that read found it, without looking it up again,
 * unless a layer was made or destroyed or an animation added, removed or ended since: keep one
 * array of the layers drawn and read it every frame.
 * Errors: as ac_layer_get_presentation_value, naming layers[i]; AC_ERR_WRONG_KIND when a layer's
 * kind differs from layers[0]'s; AC_ERR_BUFFER_TOO_SMALL when capacity < count × stride (then
 * *out_stride is still set). On an error the slots of the layers before layers[i] are written
 * (others may be too).
 */
ac_status ac_layers_get_presentation(ac_engine *engine, const ac_layer *layers, size_t count,
                                     ac_key key, double *out_slots, size_t capacity,
                                     size_t *out_stride);

/**
 * Reads several keys' presentation values for count layers in one pass, as a table of one row
 * per layer: layer i's row of *out_stride numbers at out_slots[i × stride] holds keys[0]'s
 * numbers, then keys[1]'s, and so on, each key's in ac_layers_get_presentation()'s layout.
 * *out_stride is the sum of the keys' numbers; out_columns, when not NULL, receives key_count
 * entries: where each key's numbers begin in a row. Layer i must hold at keys[k] the kind
 * layers[0] holds there. count 0 or key_count 0 is allowed (*out_stride and the columns are
 * then 0; layers, keys and out_slots may be NULL). key_count is at most
 * AC_PRESENTATION_TABLE_MAX_KEYS; a key may appear more than once.
 * The way for a host that draws to read every layer each frame: one pass over the layers for
 * all the keys it draws (position, bounds, transform, colour), a few ns per layer and key, shared
 * out to the engine's tick threads for a large batch (ac_engine_set_tick_threads). That holds
 * for declared properties and key paths into them ("position.x", "transform.rotation.z");
 * "frame" or an undeclared key is read the general way, on the calling thread, in each row
 * whose class declares no such property, the row's other keys still the fast way (about 20 ns
 * more per such key and layer). A read that repeats the read before it (the same layers and
 * keys) is faster still, as ac_layers_get_presentation's, when every cell was read the fast way
 * and none from a model value kept out of line (a transform's: animated, it is read from the
 * presentation).
 * Errors: as ac_layers_get_presentation, naming "layers[i]" with "keys[k]" (a bad handle names
 * "layers[i]" alone); AC_ERR_UNKNOWN_KEY names keys[k]; AC_ERR_NULL_POINTER (keys, layers, out_slots, out_stride);
 * AC_ERR_OUT_OF_RANGE (key_count); AC_ERR_BUFFER_TOO_SMALL when capacity < count × stride (then
 * *out_stride and the columns are still set). On an error the rows of the layers before
 * layers[i] are written (others may be too).
 */
ac_status ac_layers_get_presentation_table(ac_engine *engine, const ac_layer *layers,
                                           size_t count, const ac_key *keys, size_t key_count,
                                           double *out_slots, size_t capacity,
                                           size_t *out_stride, size_t *out_columns);

/** The most keys ac_layers_get_presentation_table() reads in one call. */
#define AC_PRESENTATION_TABLE_MAX_KEYS 256

/**
 * Sets one key's model value on count layers, each as ac_layer_set_value() does, its action
 * included (an implicit animation by default), in the order given: layer i takes the stride
 * numbers at slots[i × stride], in the layout ac_layers_get_presentation() gives — stride is
 * the kind's number of numbers, and a bool, integer or token is its integer as a double (0 or
 * 1; a whole number in int64_t's or uint64_t's range). The kind is layers[0]'s model value's at
 * key. Every layer and value is checked before any changes, so a refused call changes nothing
 * — unless a change fails on the way: an action callback of an earlier layer's change destroys
 * a later layer (AC_ERR_BAD_HANDLE names it; the layers before it have changed), or a layer's
 * action fails (its error names layers[i]; layers 0 to i have changed, layer i's value as
 * ac_layer_set_value() changes it when its action fails). layers and slots are read while the
 * changes run: an action callback must not change them. count 0 is allowed
 * (layers and slots may be NULL). The batch form of ac_layer_set_value() for hosts that drive
 * many layers at once (the Python binding's LayerBatch.set).
 * Errors: AC_ERR_NULL_POINTER (layers, slots), AC_ERR_BAD_HANDLE (engine, layers[i]),
 * AC_ERR_UNKNOWN_KEY, AC_ERR_WRONG_KIND (layers[i] holds another kind at key),
 * AC_ERR_INVALID_ARGUMENT (stride not the kind's), AC_ERR_NOT_FINITE and AC_ERR_OUT_OF_RANGE
 * (layer i's values, named "slots[i × stride] (layers[i]'s value)": the key's checks, a bool
 * not 0 or 1, an integer or token out of range), AC_ERR_OUT_OF_RANGE (count).
 */
ac_status ac_layers_set_value(ac_engine *engine, const ac_layer *layers, size_t count, ac_key key,
                              const double *slots, size_t stride);

/**
 * The velocity of the presentation value at key: how fast it changes, a value of the key's kind
 * whose numbers are in the key's units per second of the layer's time (a point's is (dx/dt,
 * dy/dt)), measured at the last tick whatever animates it (basic, keyframe, spring, group
 * children, additive stacks); all zero when no animation drives the property (one added since
 * the last tick counts as beginning now). It is a difference over 1e-4 s of layer time on each
 * side, less for a stiff spring (1e-3 / its natural frequency): central where the same
 * animations drive the value on both sides, else the side on which the ones driving it now go
 * on (an animation that begins now moves at its start velocity); a spring's is within about
 * 5e-4 of its natural frequency times its distance, a linear basic animation's is
 * (to - from) / duration. key may be a
 * declared property or a key path into one ("position.x"); for a part computed from a transform
 * ("transform.rotation.y", a scale, a translation) the differences are of that part, read out
 * of the value at each time. It is the velocity an implicit spring starts with (see
 * ac_transaction_set_spring()).
 * Errors: AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER, AC_ERR_UNKNOWN_KEY (a key the engine did not
 * give out, an undeclared key), AC_ERR_WRONG_KIND (bool, integer and token keys have no
 * velocity).
 */
ac_status ac_layer_get_presentation_velocity(ac_engine *engine, ac_layer layer, ac_key key,
                                             ac_value *out_velocity);

/** One property of a snapshot. */
typedef struct ac_property_value {
    ac_key key;       /* the property's name as a key */
    int32_t reserved; /* 0 */
    ac_value value;
} ac_property_value;

/**
 * A snapshot of every declared property of a layer, custom ones included, in declaration order
 * (the built-in ones first): presentation values when presentation is non-zero, else model.
 * *out_count is the number of properties; out_values may be NULL when capacity is 0 (to ask
 * for the count). An entry of a path or array kind carries its kind alone (ac_value cannot
 * hold the contents: read them with ac_layer_get_path() and its siblings).
 * Errors: AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER, AC_ERR_BUFFER_TOO_SMALL when
 * capacity < the count (*out_count still set).
 */
ac_status ac_layer_snapshot(ac_engine *engine, ac_layer layer, int32_t presentation,
                            ac_property_value *out_values, size_t capacity, size_t *out_count);

/** Marks the layer to display at the next tick (setNeedsDisplay). */
ac_status ac_layer_set_needs_display(ac_engine *engine, ac_layer layer);
/** *out_needs_display = 1 when the layer will display at the next tick, else 0. */
ac_status ac_layer_needs_display(ac_engine *engine, ac_layer layer, int32_t *out_needs_display);

/** A layer's delegate. Fill with ac_layer_delegate_init(). */
typedef struct ac_layer_delegate {
    uint32_t struct_size;  /* sizeof(ac_layer_delegate) */
    int32_t reserved;      /* must be 0 */
    ac_display_fn display; /* wins over the class's display (displayLayer:); NULL: the class's */
    void *user_data;
    ac_destroy_fn destroy; /* may be NULL; runs when the delegate is replaced, or the layer or
                              the engine destroyed */
} ac_layer_delegate;

/** Zeroes *delegate and sets its struct_size. Error: AC_ERR_NULL_POINTER. */
static inline ac_status ac_layer_delegate_init(ac_layer_delegate *delegate) {
    if (delegate == NULL) return AC_ERR_NULL_POINTER;
    delegate->struct_size = (uint32_t)sizeof(ac_layer_delegate);
    delegate->reserved = 0;
    delegate->display = NULL;
    delegate->user_data = NULL;
    delegate->destroy = NULL;
    return AC_OK;
}

/**
 * Sets the layer's delegate (NULL: none; the struct is copied); the previous one's destroy
 * runs. The delegate's action callback is set apart (ac_layer_set_action_callback()) and is
 * not changed by this call. Errors: AC_ERR_BAD_HANDLE, AC_ERR_BAD_STRUCT_SIZE,
 * AC_ERR_INVALID_ARGUMENT (reserved).
 */
ac_status ac_layer_set_delegate(ac_engine *engine, ac_layer layer,
                                const ac_layer_delegate *delegate);

/* ============================================================================================ */
/* Layer tree and layer time                                                                    */
/* ============================================================================================ */

/*
 * A layer has at most one superlayer: adding it elsewhere moves it (as Core Animation does).
 * Adding a layer to itself or to one of its sublayers or masks (at any depth) is refused with
 * AC_ERR_CYCLE. Both layers must be of the same engine (else AC_ERR_BAD_HANDLE, naming which).
 * Adding and inserting run the sublayer's "onOrderIn" action, removing its "onOrderOut" action,
 * and each then the "sublayers" action of the superlayers whose sublayers changed (see Actions;
 * ac_layer_replace_sublayer() is there too).
 */

/** Adds child as the last sublayer of parent. */
ac_status ac_layer_add_sublayer(ac_engine *engine, ac_layer parent, ac_layer child);
/** Inserts child among parent's sublayers at index (clamped to [0, count]). */
ac_status ac_layer_insert_sublayer(ac_engine *engine, ac_layer parent, ac_layer child,
                                   size_t index);
/** Removes layer from its superlayer (dropping the superlayer's reference); none: no effect. */
ac_status ac_layer_remove_from_superlayer(ac_engine *engine, ac_layer layer);
/** The superlayer (0 when none). */
ac_status ac_layer_superlayer(ac_engine *engine, ac_layer layer, ac_layer *out_superlayer);
/**
 * The sublayers in order: up to capacity of them into out_layers, their number into *out_count
 * (AC_ERR_BUFFER_TOO_SMALL when capacity is smaller). out_layers may be NULL with capacity 0.
 */
ac_status ac_layer_sublayers(ac_engine *engine, ac_layer layer, ac_layer *out_layers,
                             size_t capacity, size_t *out_count);
/**
 * CALayer mask: makes mask (0: none) the mask of layer, whose rendering, sublayers included, is
 * multiplied by the mask's alpha. layer holds a reference to its mask as a superlayer does to a
 * sublayer; the mask's superlayer is layer (it runs in layer's time and lives in layer's space,
 * without layer's sublayerTransform), but it is not among the sublayers and is never hit. A
 * mask in a tree, or another layer's mask, is moved from there; the old mask is let go. No
 * action runs. Errors: AC_ERR_BAD_HANDLE (naming layer or mask), AC_ERR_CYCLE (mask is layer
 * or one of its superlayers). ac_layer_remove_from_superlayer() on a mask unsets it, after its
 * "onOrderOut" action as for a sublayer.
 */
ac_status ac_layer_set_mask(ac_engine *engine, ac_layer layer, ac_layer mask);
/** The mask of layer (0 when none). */
ac_status ac_layer_mask(ac_engine *engine, ac_layer layer, ac_layer *out_mask);

/*
 * Time. Each layer maps its superlayer's time (a root layer: the engine's time) to its own
 * with its timing properties: local = (parent - beginTime) × speed + timeOffset, held within
 * +-AC_TIME_LIMIT_S (nested speeds multiply: 60 layers at speed 1e6 would pass the largest
 * double; [INF] Core Animation documents no limit). speed 0 with a timeOffset pauses the layer
 * and its subtree at that offset; changing timeOffset then scrubs.
 */

/**
 * convertTime: time_s in from_layer's time space expressed in to_layer's (0 = absolute time,
 * CALayer's nil, in both places). Errors: AC_ERR_BAD_HANDLE, AC_ERR_NOT_FINITE,
 * AC_ERR_OUT_OF_RANGE (beyond ±AC_TIME_LIMIT_S), AC_ERR_NOT_INVERTIBLE (a speed 0 on the way up).
 */
ac_status ac_layer_convert_time(ac_engine *engine, double time_s, ac_layer from_layer,
                                ac_layer to_layer, double *out_time_s);
/** The layer's local time at the engine's current time. */
ac_status ac_layer_local_time(ac_engine *engine, ac_layer layer, double *out_time_s);

/* ============================================================================================ */
/* Geometry and hit testing (CALayer convertPoint:, convertRect:, hitTest:, containsPoint:)     */
/* ============================================================================================ */

/*
 * Where layers are, computed from model values (presentation 0, as CALayer) or from
 * presentation values at the engine's time, the last tick (presentation 1, CALayer's
 * presentation tree); any other flag is AC_ERR_OUT_OF_RANGE. Pure reads: nothing changes.
 *
 * Matrices are CATransform3D's: 16 doubles m11 m12 m13 m14 m21 ... m44, row-major, points as
 * row vectors (p' = p · M; translation in m41 m42 m43, perspective in m14 m24 m34). A layer's
 * matrix to its superlayer is
 *     T(-A) · transform · T(position.x, position.y, zPosition) · S
 * where A = (bounds.x + anchorPoint.x · width, bounds.y + anchorPoint.y · height, anchorPointZ)
 * is the anchor in the layer's own space and S is what its superlayer adds to its sublayers:
 * the geometryFlipped mirror y' = 2 · bounds.y + height - y, then T(-A_S) · sublayerTransform ·
 * T(A_S) about the superlayer's anchor A_S. Each layer flattens its sublayers into its plane
 * (the z row and column cleared, m33 = 1; perspective kept), so a parent's sublayerTransform
 * with m34 = -1/d shows its sublayers' 3D turns in perspective. A transform layer (and a
 * replicator with preservesDepth 1) does not: its sublayers' matrices compose with its own in
 * 3D, and are flattened only into the plane of its nearest ancestor that flattens.
 * Decisions where Core Animation's behaviour is not documented ([INFERRED] in
 * reference/core-animation-geometry.md): the sublayerTransform pivot A_S includes the
 * superlayer's bounds origin and anchorPointZ (GNUstep leaves both out; the same when they are
 * 0); geometryFlipped mirrors about the bounds' mid-line, before the sublayerTransform; a
 * frame with perspective leaves out corners behind the eye.
 *
 * Layers: a layer handle of this engine, or 0 where the comment says so, for the root space —
 * the space a root layer's position is in (CALayer's nil layer). Layers of different trees
 * meet in their roots' shared space, as Core Animation converts them. Conversion goes through
 * the two layers' common ancestor (through its nearest flattening ancestor when it is a
 * transform layer, which has no plane of its sublayers): up with the perspective divide, down
 * through the inverse of each plane's homography (rows and columns 1, 2 and 4 of its matrix),
 * a plane's matrix composed through the transform layers on the way. A point that lands
 * behind the eye (w <= 0), or on a plane seen edge-on, is unmapped: *out_mapped is 0 and the
 * output holds NaN, never a point divided by w <= 0.
 *
 * Arrays are passed as pointers: a point is 2 doubles (x, y), a rect 4 (x, y, width, height),
 * an affine transform 6 (a, b, c, d, tx, ty), a matrix 16 (m11 m12 ... m44).
 *
 * Errors, each message naming the argument: AC_ERR_NULL_POINTER (engine, point, rect, affine,
 * out_*), AC_ERR_BAD_HANDLE (a released, stale or made-up handle, another engine's layer; 0
 * where the root space is not allowed), AC_ERR_NOT_FINITE (a NaN or infinite coordinate),
 * AC_ERR_OUT_OF_RANGE (presentation not 0 or 1), AC_ERR_INVALID_STATE (an engine being
 * destroyed). Safe from any thread, as every engine call.
 */

/** presentation: model values (CALayer's own tree). */
#define AC_GEOMETRY_MODEL 0
/** presentation: presentation values at the engine's time (CALayer's presentation tree). */
#define AC_GEOMETRY_PRESENTATION 1

/**
 * The matrix from layer's space to its superlayer's (to the root space for a root layer).
 * Error: AC_ERR_OUT_OF_RANGE when an element is beyond the range of doubles: finite values whose
 * products overflow (an anchorPoint of 1e10 over bounds of 1e308) place the layer nowhere
 * ([INFERRED]: it is not drawn and not hit, with its subtree), so no matrix with infinities or
 * NaN in it is given.
 */
ac_status ac_layer_matrix_to_superlayer(ac_engine *engine, ac_layer layer, int32_t presentation,
                                        double *out_matrix);
/**
 * The matrix from from_layer's space to to_layer's (either 0: the root space): the matrices up
 * to the common ancestor, flattened on the way (not into a transform layer's plane), times the
 * inverse of to_layer's flattened matrix from there. A point of from_layer's plane times it, divided by w, is where it shows in
 * to_layer's plane; to a superlayer that flattens its sublayers it is
 * ac_layer_matrix_to_superlayer()'s. Error:
 * AC_ERR_NOT_INVERTIBLE (naming to_layer) when to_layer's plane is singular (a zero scale, a
 * plane seen edge-on) or its matrix is beyond the range of doubles; AC_ERR_OUT_OF_RANGE (naming
 * from_layer) when the matrix between the two is (two layers each placed, one scaled by 1e200
 * and the other by 1e-200, have no matrix between them in doubles).
 */
ac_status ac_layer_matrix_to_layer(ac_engine *engine, ac_layer from_layer, ac_layer to_layer,
                                   int32_t presentation, double *out_matrix);
/**
 * convertPoint:toLayer: — point (x, y) in from_layer's space expressed in to_layer's (either
 * 0: the root space). *out_mapped is 1, or 0 when the point is unmapped (out_point NaN).
 */
ac_status ac_layer_convert_point(ac_engine *engine, ac_layer from_layer, ac_layer to_layer,
                                 int32_t presentation, const double *point,
                                 double *out_point, int32_t *out_mapped);
/**
 * convertRect:toLayer: — rect (x, y, width, height; standardised) in from_layer's space as the
 * bounding box of its four corners in to_layer's. *out_mapped is 0 (out_rect NaN) when a corner
 * is unmapped.
 */
ac_status ac_layer_convert_rect(ac_engine *engine, ac_layer from_layer, ac_layer to_layer,
                                int32_t presentation, const double *rect, double *out_rect,
                                int32_t *out_mapped);
/**
 * hitTest: — the farthest descendant of layer (or layer itself) containing point, which is in
 * layer's superlayer's space (the root space for a root layer); *out_hit is 0 when none. The
 * answer is the (model) layer's handle with presentation 1 too: a tap finds a moving layer
 * where it is drawn. Core Animation's order: sublayers front to back, higher zPosition first,
 * then the last added first; hidden sublayers skipped; a masksToBounds layer that misses cuts
 * off its subtree; a sublayer outside its superlayer's bounds is still hit; bounds are
 * half-open; 3D through each plane's homography inverse, a point behind the eye missing.
 * Transform layers are passed over (never hit themselves): each of their sublayers is tested
 * through its matrix composed with theirs, from the plane of the nearest flattening ancestor,
 * in their depth order reversed; for a sublayer of a transform layer, point is in that plane.
 * [INFERRED] A hidden receiver is tested all the same; opacity and cornerRadius play no part;
 * a layer facing away with doubleSided 0 is not hit, with its subtree, as the render list
 * leaves it out (the face of a flipped card turned away takes no tap), nor is a layer whose
 * matrix into the plane it is hit in is beyond the range of doubles (a layer whose matrices are
 * each finite and only their product to the root is not is hit, though the render list, which
 * gives that product, leaves it out); a transform layer's
 * sublayers are searched in the render list's depth order, reversed.
 */
ac_status ac_layer_hit_test(ac_engine *engine, ac_layer layer, int32_t presentation,
                            const double *point, ac_layer *out_hit);
/**
 * containsPoint: — *out_contains is 1 when point, in layer's own space, lies in its bounds:
 * minX <= x < maxX and minY <= y < maxY.
 */
ac_status ac_layer_contains_point(ac_engine *engine, ac_layer layer, int32_t presentation,
                                  const double *point, int32_t *out_contains);
/**
 * affineTransform — a, b, c, d, tx, ty of the transform; the identity when the transform is not
 * affine (Core Animation's answer, not the six raw elements).
 */
ac_status ac_layer_affine_transform(ac_engine *engine, ac_layer layer, int32_t presentation,
                                    double *out_affine);
/**
 * setAffineTransform: — sets "transform" to affine (a, b, c, d, tx, ty) embedded in 3D,
 * replacing the whole 3D transform (m33 back to 1); runs the "transform" action as
 * ac_layer_set_value() does. Error: AC_ERR_NOT_FINITE naming the field ("affine.tx").
 */
ac_status ac_layer_set_affine_transform(ac_engine *engine, ac_layer layer,
                                        const double *affine);
/**
 * contentsAreFlipped — *out_flipped is 1 when an odd number of the layers from layer up to its
 * root have geometryFlipped set.
 */
ac_status ac_layer_contents_are_flipped(ac_engine *engine, ac_layer layer, int32_t presentation,
                                        int32_t *out_flipped);

/* ============================================================================================ */
/* Render list (what Core Animation's render server draws, as data the host walks)              */
/* ============================================================================================ */

/*
 * A render list is the visible layers under a root in draw order, as plain structs a renderer
 * walks without calling back (reference core-animation-geometry.md §3.1). Entry order: a layer,
 * then its sublayers back to front (a stable sort by zPosition, ties in the order added), each
 * with its subtree, then its mask's subtree; so a renderer draws an entry's background and
 * contents, then the entries up to its subtree_end (drawing those flagged AC_RENDER_IS_MASK
 * into the mask instead), then its border, and closes its group. Hidden layers and layers
 * facing away with doubleSided 0 (cofactor33 / det of their matrix to the superlayer < 0;
 * [INFERRED] under a transform layer, of their matrix through it into the plane of the nearest
 * flattening ancestor, so a card flipped by a transform layer shows its back face) are left
 * out with their subtrees, and so are layers placed nowhere: [INFERRED] a layer whose matrix to
 * the root has an element beyond the range of doubles (finite values whose products overflow,
 * such as an anchorPoint of 1e10 over bounds of 1e308), so an entry's matrix is always finite.
 *
 * A list remembers its previous fill, of the same root: each entry says whether it differs from
 * its layer's previous entry (its values, its superlayer, the layer drawn before it, its mask),
 * and the dirty rectangle bounds what may have changed in the root's space (changed entries'
 * old and new extents; whole subtrees, old and new, when an entry's group, clip, mask or shadow
 * changes, and under a shadow-casting entry whose subtree changed; layers no longer drawn. An
 * extent is the bounds, with the shadow's offset and twice its radius when shadowOpacity > 0,
 * through the matrix; contents drawn beyond the bounds by their gravity are the host's to add,
 * since the engine does not know an image's size). A layer whose mask is hidden, faces away
 * with doubleSided 0, or is placed nowhere, is left out with its subtree ([INFERRED]: such a
 * mask composites nothing). Filling it once its storage is sized allocates nothing.
 *
 * Replicators (AC_CLASS_REPLICATOR_LAYER and its subclasses; reference §5.2): the replicator's
 * own entry comes once; its sublayers' entries (each with its subtree) come once per instance
 * k = 0 ... n-1, instance after instance, n its instanceCount (clamped, see
 * AC_MAX_REPLICATOR_INSTANCES). Instance k's entries have
 *   - the matrix R_k = T(-c) * instanceTransform^k * T(c) applied before the replicator's own
 *     part of its sublayers' matrices (c: the replicator's bounds centre; [INFERRED] the
 *     reference leaves that order open): M_toSuper(S) * R_k * (sublayerTransform part) * ...;
 *   - instance_color C_k = instanceColor + k * (red, green, blue, alpha offsets), each component
 *     clamped to [0, 1] ([INFERRED]: unverified in Core Animation), times the instance colour of
 *     the replicator's own entry (nested replicators multiply). The engine does not multiply it
 *     into the entry's colours: the host multiplies it into every colour it draws for the entry,
 *     contents included ([INFERRED]: the engine cannot reach the host's images);
 *   - values sampled at their instance's time: presentation values of the subtree at its time
 *     shifted by k * instanceDelay (instance_time_shift; nested replicators add up), through the
 *     engine's one evaluation of animations, so before a delayed begin an animation with fill
 *     mode removed shows the model value (Core Animation's "all dots bright at the start"). Model
 *     fills are not shifted. The sublayers' order (zPosition, or depth under preservesDepth),
 *     their hidden state, whether their masks draw (a mask hidden or facing away at the
 *     instance's time hides the layer it masks there) and their transitions' fields are read
 *     at each instance's time too, so an instance may draw sublayers another hides, and
 *     instance k shows a transition k * instanceDelay later (waiting before its begin: not in
 *     effect). [INFERRED] Core Animation samples every animation of an instance at its shifted
 *     time; the transition is the layer's one, so every instance carries its transition_id (a
 *     host keeps a snapshot per entry of the layer: see "Transitions in the render list"). An
 *     animation removed on completion goes at the replicator's unshifted time, in every
 *     instance at once;
 *   - instance_index k.
 * preservesDepth 1 keeps the sublayers in 3D and depth sorts them as a transform layer does.
 * Hit testing (ac_layer_hit_test()) sees the model tree only: the sublayers themselves, that
 * is instance 0, as Core Animation's hitTest: does.
 *
 * Transform layers (AC_CLASS_TRANSFORM_LAYER and its subclasses; reference §1.5-1.6): the entry
 * is flagged AC_RENDER_SUBLAYERS_ONLY and draws nothing itself; its sublayers' matrices are not
 * flattened into its plane (their 3D and perspective carry through), and they come back to
 * front by the z of each one's bounds centre in the plane of the transform layer's nearest
 * flattening ancestor (through the transform layer's own turn), ties in zPosition order
 * ([INFERRED]: WebKit's sort; Core Animation does not document its own; a replicator's
 * instances share its instance 0's order). Conversions, matrices and hit
 * tests compose through transform layers the same way (ac_layer_matrix_to_layer() with
 * to_layer 0 equals the entry's matrix).
 *
 * Errors, each message naming the argument: AC_ERR_NULL_POINTER, AC_ERR_BAD_HANDLE (a
 * destroyed, stale or made-up list or layer, one of another engine, a destroyed engine),
 * AC_ERR_OUT_OF_RANGE (presentation not 0 or 1). The did-stop callbacks ac_engine_destroy()
 * runs may still fill lists; the engine frees its lists when it goes.
 */

/** A render list of one engine; 0 is none. */
typedef uint64_t ac_render_list;

/** ac_render_entry.flags */
#define AC_RENDER_OPACITY_GROUP 1   /* composite the layer and its subtree offscreen as one group,
                                       blended at opacity (allowsGroupOpacity, opacity < 1) */
#define AC_RENDER_CLIPS 2           /* masksToBounds: contents and subtree clipped to the bounds,
                                       rounded by corner_radius on masked_corners */
#define AC_RENDER_CHANGED 4         /* differs from the previous fill's entry of the layer, or new */
#define AC_RENDER_CONTENTS_FLIPPED 8 /* the geometryFlipped layers above, up to the tree's root
                                        (above the fill's root too), mirror the entry's plane
                                        (an odd number reach it; a flip mirrors the sublayers,
                                        not the layer or its mask): draw the contents mirrored
                                        in y, so that an image keeps its orientation on screen.
                                        Not ac_layer_contents_are_flipped, which counts the
                                        layer's own flip (a drawing context's flip) */
#define AC_RENDER_IS_MASK 16        /* the mask of the parent entry's layer: it and its subtree (to
                                       its subtree_end) are drawn into the parent's mask */
#define AC_RENDER_SUBLAYERS_ONLY 32 /* a CATransformLayer: draws nothing of its own (its colours,
                                       border width, shadow opacity and contents come cleared; no
                                       clip, mask or group; its opacity goes into its sublayers'
                                       alpha); its sublayers keep their 3D and are depth sorted */
#define AC_RENDER_INSTANCES_CLAMPED 64 /* a replicator drew fewer instances than its
                                          instanceCount (AC_MAX_REPLICATOR_INSTANCES,
                                          AC_RENDER_LIST_MAX_REPLICATED_ENTRIES) */

/** The "maskedCorners" bits (CACornerMask); MinY is the bottom in y-up space. */
#define AC_CORNER_MIN_X_MIN_Y 1
#define AC_CORNER_MAX_X_MIN_Y 2
#define AC_CORNER_MIN_X_MAX_Y 4
#define AC_CORNER_MAX_X_MAX_Y 8

/** The "contentsGravity" values (reference §3.4; top is maximum y, bottom minimum y). */
#define AC_GRAVITY_RESIZE 0             /* stretched to the bounds (the default) */
#define AC_GRAVITY_RESIZE_ASPECT 1      /* fit inside, aspect kept, centred */
#define AC_GRAVITY_RESIZE_ASPECT_FILL 2 /* cover, aspect kept, centred */
#define AC_GRAVITY_CENTER 3
#define AC_GRAVITY_TOP 4
#define AC_GRAVITY_BOTTOM 5
#define AC_GRAVITY_LEFT 6
#define AC_GRAVITY_RIGHT 7
#define AC_GRAVITY_TOP_LEFT 8
#define AC_GRAVITY_TOP_RIGHT 9
#define AC_GRAVITY_BOTTOM_LEFT 10
#define AC_GRAVITY_BOTTOM_RIGHT 11

/**
 * One visible layer, with the presentation values (or model values) it is drawn with. 568
 * bytes, no padding.
 */
typedef struct ac_render_entry {
    ac_layer layer;              /* the model layer's handle */
    ac_class layer_class;        /* its class (0: the built-in class) */
    int32_t parent;              /* index of the superlayer's entry; -1 for the list's root */
    int32_t subtree_end;         /* one past the last entry of its subtree and mask */
    int32_t mask;                /* index of its mask's entry; -1 for none */
    uint32_t flags;              /* AC_RENDER_* */
    double matrix[16];           /* its space into the root's: m11 m12 ... m44, p' = p · M,
                                    divided by w; its matrix to the superlayer, then each
                                    ancestor's flattened (perspective kept). Into the space the
                                    root's position is given in (its superlayer's space with
                                    its sublayerTransform, or the root space; a mask as the
                                    root: its layer's space, without the sublayerTransform) */
    double bounds[4];            /* x, y, width, height, in its own space */
    double opacity;              /* the layer's own opacity */
    double alpha;                /* what the entry's contribution is multiplied by inside the
                                    group it is drawn in (the innermost group an ancestor
                                    opened, else the picture): its ancestors' opacities up to,
                                    not including, the nearest one opening a group, times its
                                    own opacity unless it opens a group itself. An entry that
                                    opens a group draws itself and its subtree into the group
                                    as if opaque, then blends it at opacity * alpha. A mask's
                                    subtree starts at 1 */
    double background_color[4];  /* r, g, b, a */
    double border_color[4];
    double border_width;         /* inside the bounds, in the layer's units */
    double corner_radius;        /* in the layer's units */
    double shadow_color[4];
    double shadow_opacity;       /* 0: no shadow */
    double shadow_radius;
    double shadow_offset[2];     /* width, height, in its own space */
    double contents_rect[4];     /* unit coordinates */
    double contents_center[4];   /* unit coordinates */
    double contents_scale;       /* pixels per point */
    uint64_t contents;           /* the host's token; 0 for none */
    int32_t contents_gravity;    /* AC_GRAVITY_* */
    uint32_t masked_corners;     /* AC_CORNER_* bits */
    double instance_color[4];    /* r, g, b, a: every colour the entry draws (background,
                                    border, shadow, contents, a class's own such as a text
                                    layer's foregroundColor) is multiplied by it, component
                                    by component: the product of the instance colours of the
                                    replicator instances it is drawn in, (1, 1, 1, 1) outside
                                    replicators (see CAReplicatorLayer below) */
    double instance_time_shift;  /* seconds its time runs behind its replicators' (the sum of
                                    k * instanceDelay); its animated values were sampled then */
    int32_t instance_index;      /* k of the nearest replicator's instance it is drawn in; 0
                                    outside replicators */
    int32_t reserved;            /* 0 */
    /* The layer's transition (see "Transitions in the render list" in the Transitions
       section); all 0 but transition_new_alpha (1) without one. */
    uint64_t transition_id;      /* the id the host keys its snapshot by (unique in the engine,
                                    never 0); 0: none. With AC_TRANSITION_ENDED, the ended one's */
    int32_t transition_type;     /* AC_TRANSITION_FADE, _MOVE_IN, _PUSH, _REVEAL */
    int32_t transition_subtype;  /* AC_TRANSITION_FROM_*; AC_TRANSITION_FROM_NONE for none */
    double transition_progress;  /* p: the eased fraction of its duration mapped into
                                    [start_progress, end_progress], while AC_TRANSITION_IN_EFFECT;
                                    else 0 */
    double transition_old_offset[2]; /* where the old image (the snapshot) is drawn, relative to
                                        the bounds, in the layer's space: x, y */
    double transition_new_offset[2]; /* where the new rendering (the entry and its subtree as
                                        listed) is drawn, relative to where it lies */
    double transition_old_alpha; /* in [0, 1] */
    double transition_new_alpha; /* in [0, 1] */
    int32_t transition_layering; /* AC_TRANSITION_LAYERING_* */
    uint32_t transition_state;   /* AC_TRANSITION_BEGAN, _IN_EFFECT, _ACTIVE, _ENDED bits */
} ac_render_entry;

/** A new, empty render list held by engine until ac_render_list_destroy() or the engine's end. */
ac_status ac_render_list_create(ac_engine *engine, ac_render_list *out_list);
/** Frees a render list; its entries pointer goes stale. */
ac_status ac_render_list_destroy(ac_engine *engine, ac_render_list list);
/**
 * Fills list from root (root and the visible layers under it) with presentation values at the
 * engine's time, the last tick (presentation AC_GEOMETRY_PRESENTATION, what is on screen), or
 * model values (AC_GEOMETRY_MODEL). *out_entries points at the list's entries, *out_count of
 * them, valid until the list's next fill or its destruction (do not fill one list from two
 * threads at once: ac_render_list_fill_into() copies them out for that). out_dirty_rect (4 doubles, may be NULL) gets the dirty rectangle, x, y,
 * width, height in the root's space, and *out_dirty (may be NULL) 1 when something changed,
 * else 0 (out_dirty_rect then all 0); an extent reaching behind the eye makes it (-INFINITY,
 * -INFINITY, INFINITY, INFINITY). With both NULL the fill makes no dirty rectangle at all
 * (the extents it needs are computed only when asked for); the entries' AC_RENDER_CHANGED flags
 * and the next fill's dirty rectangle are the same either way. A fill from another root than
 * the list's previous one counts every entry as changed.
 */
ac_status ac_render_list_fill(ac_engine *engine, ac_render_list list, ac_layer root,
                              int32_t presentation, const ac_render_entry **out_entries,
                              size_t *out_count, double *out_dirty_rect, int32_t *out_dirty);
/**
 * ac_render_list_fill() into the caller's buffer: fills list, then copies its entries into
 * entries (room for capacity of them) before the engine's lock is released, so that no other
 * thread's fill of the list can change them before they are read. For filling one list from
 * several threads, or from an action callback (which runs holding the engine's lock) while
 * another thread may fill it. *out_count gets the fill's count; *out_fill (may be NULL) the
 * fill's number (the list's first fill is 1), for ac_render_list_copy(); the dirty outputs as
 * ac_render_list_fill()'s. entries may be NULL when capacity is 0.
 * When capacity < the count, AC_ERR_BUFFER_TOO_SMALL, nothing copied: the fill stands (its
 * outputs are written, the next fill's flags compare with it), so copy its entries with
 * ac_render_list_copy() rather than fill again, which would lose what changed.
 * Errors as ac_render_list_fill()'s, and AC_ERR_NULL_POINTER (entries NULL with a capacity),
 * AC_ERR_OUT_OF_RANGE (capacity above SIZE_MAX / 2), both before the fill.
 */
ac_status ac_render_list_fill_into(ac_engine *engine, ac_render_list list, ac_layer root,
                                   int32_t presentation, ac_render_entry *entries, size_t capacity,
                                   size_t *out_count, uint64_t *out_fill, double *out_dirty_rect,
                                   int32_t *out_dirty);
/**
 * Copies the entries of the list's fill number fill (from ac_render_list_fill_into()) into
 * entries (room for capacity of them; NULL when capacity is 0); *out_count gets their count.
 * AC_ERR_INVALID_STATE, naming fill, when the list has been filled again since (or fill is
 * not a number it had): its entries are gone; AC_ERR_BUFFER_TOO_SMALL when capacity < the
 * count (nothing written but *out_count).
 */
ac_status ac_render_list_copy(ac_engine *engine, ac_render_list list, uint64_t fill,
                              ac_render_entry *entries, size_t capacity, size_t *out_count);

/* ============================================================================================ */
/* Animations                                                                                   */
/* ============================================================================================ */

/*
 * An animation description is one of six kinds (ac_animation_get_kind()): basic
 * (CABasicAnimation: from/to/by), keyframe (CAKeyframeAnimation: values or a path, key times,
 * a calculation mode), group (CAAnimationGroup: children in the group's time space), spring
 * (CASpringAnimation: from/to/by moved by a damped spring, see the Springs section), decay
 * (a thrown value slowing down, beyond Core Animation, see the Decay section) and transition
 * (CATransition: a layer's old rendering giving way to its new one, see the Transitions
 * section; it has no key path). Every
 * kind shares the key path, the timing (ac_animation_set_timing()), the timing function, the
 * flags and the delegate; the calls of one kind's own fields refuse the other kinds with
 * AC_ERR_INVALID_ARGUMENT. The kind is chosen at creation and never changes, except that
 * ac_animation_set_spring() makes a basic animation a spring animation.
 */

/** ac_animation_get_kind() */
#define AC_ANIMATION_KIND_BASIC 0    /* ac_animation_create_basic() */
#define AC_ANIMATION_KIND_KEYFRAME 1 /* ac_animation_create_keyframe() */
#define AC_ANIMATION_KIND_GROUP 2    /* ac_animation_create_group() */
#define AC_ANIMATION_KIND_SPRING 3   /* ac_animation_create_spring() */
#define AC_ANIMATION_KIND_DECAY 4    /* ac_animation_create_decay() */
#define AC_ANIMATION_KIND_TRANSITION 5 /* ac_animation_create_transition() */

/**
 * The most entries any list of a description holds: keyframe values, key times, timing
 * functions, spline values, path elements, group children. A longer list: AC_ERR_OUT_OF_RANGE.
 * Adding bounds the memory one animation takes: its keyframes at most 2^24 doubles (128 MiB: a
 * paced path keeps 129 doubles of arc length per segment, about 130 000 segments), and at
 * most 65536 animations in a group and its nested groups; beyond, the add answers
 * AC_ERR_OUT_OF_RANGE.
 */
#define AC_ANIMATION_LIST_MAX 1048576

/**
 * A new basic animation description (CABasicAnimation) of key_path ("opacity", "position.x",
 * "transform.rotation.z", a custom property; UTF-8, checked against the layer's class when
 * added): no from/to/by values, CAAnimation's timing defaults (duration 0, replaced by the
 * default duration when added), no timing function (linear), not additive, not cumulative,
 * removed on completion, no delegate. Release it with ac_animation_release().
 * Errors: AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER, AC_ERR_UNKNOWN_KEY (""),
 * AC_ERR_INVALID_ARGUMENT (not UTF-8).
 */
ac_status ac_animation_create_basic(ac_engine *engine, const char *key_path,
                                    ac_animation *out_animation);
/** Releases a description (0 is a no-op); copies added to layers are not affected. */
ac_status ac_animation_release(ac_engine *engine, ac_animation animation);

/**
 * Makes destination a copy of source: its kind and every field, the delegate included
 * (destination keeps its handle; source is unchanged). An action callback is handed a basic
 * description to configure: to answer a keyframe animation or a group, build it in a
 * description of its own and assign it to the one handed over. Assigning a description to
 * itself changes nothing. Errors: AC_ERR_BAD_HANDLE (destination, source).
 */
ac_status ac_animation_assign(ac_engine *engine, ac_animation destination, ac_animation source);

/**
 * The description's kind: AC_ANIMATION_KIND_BASIC, _KEYFRAME, _GROUP, _SPRING or _DECAY. Errors:
 * AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER (out_kind).
 */
ac_status ac_animation_get_kind(ac_engine *engine, ac_animation animation, int32_t *out_kind);

/**
 * Sets the description's key path (CAPropertyAnimation keyPath): to redirect an action's
 * animation to another property, or to give a tree event's ("onOrderIn") a property to animate.
 * Every kind has one; a group's is stored and ignored (each child animates its own).
 * Errors: as ac_animation_create_basic, and AC_ERR_BAD_HANDLE (animation).
 */
ac_status ac_animation_set_key_path(ac_engine *engine, ac_animation animation,
                                    const char *key_path);

/**
 * The description's key path, copied with its NUL into buffer (*out_length: its length either
 * way; buffer may be NULL with capacity 0). Error: AC_ERR_BUFFER_TOO_SMALL (capacity <= length).
 */
ac_status ac_animation_key_path(ac_engine *engine, ac_animation animation, char *buffer,
                                size_t capacity, size_t *out_length);

/**
 * Sets the description's value function (CAValueFunction) by Core Animation's name, exactly
 * spelled: "rotateX", "rotateY", "rotateZ" (radians), "scale" (a vector3 of factors),
 * "scaleX", "scaleY", "scaleZ", "translate" (a vector3), "translateX", "translateY",
 * "translateZ"; NULL removes it (the default: none). With one, the from/to/by values or
 * keyframes are numbers (AC_VALUE_SCALAR), or vector3s (AC_VALUE_VECTOR3) for "scale" and "translate",
 * interpolated as numbers are (timing function, from/to/by rules, calculation modes,
 * cumulative repeats); then the function builds the matrix that the property, a whole
 * transform ("transform", "sublayerTransform", a custom transform3D or affine transform
 * property), shows. "rotateZ" from 0 to 2*pi turns the layer once, where a transform
 * animation from the identity to the identity stands still. A missing from or to end is the
 * function's part of the transform underneath (its "rotation.z" for "rotateZ", its three
 * translations for "translate"). Additive: the built matrix is concatenated with the
 * transform underneath, the built one applied first (CATransform3DConcat(built, underneath);
 * the order is inferred, Core Animation does not document it). Basic, keyframe and spring
 * animations only. Errors: AC_ERR_BAD_HANDLE, AC_ERR_UNKNOWN_NAME (another name, "" included;
 * Core Animation answers nil: the message lists the names), AC_ERR_INVALID_ARGUMENT (not
 * UTF-8; a decay or a group). Checked when added (ac_layer_add_animation(), the message naming
 * animation.valueFunction or the value): AC_ERR_WRONG_KIND (a key path that does not hold a
 * whole transform, a component such as "transform.rotation.z" included; a 3D function,
 * "rotateX", "rotateY", "scaleZ" or "translateZ", on an affine transform property; values of
 * another kind than the function takes), AC_ERR_INVALID_ARGUMENT (keyframes along a path).
 */
ac_status ac_animation_set_value_function(ac_engine *engine, ac_animation animation,
                                          const char *name);
/**
 * The value function's name, copied with its NUL into buffer ("" when none; *out_length: its
 * length either way; buffer may be NULL with capacity 0). Errors: AC_ERR_BAD_HANDLE,
 * AC_ERR_NULL_POINTER (out_length), AC_ERR_BUFFER_TOO_SMALL (capacity <= length).
 */
ac_status ac_animation_get_value_function(ac_engine *engine, ac_animation animation,
                                          char *buffer, size_t capacity, size_t *out_length);

/** Which of from/to/by (and a decay's velocity): for ac_animation_set_value / _get_value. */
#define AC_ANIMATION_FROM 0
#define AC_ANIMATION_TO 1
#define AC_ANIMATION_BY 2
#define AC_ANIMATION_VELOCITY 3 /* decay animations only: the start velocity (see the Decay section) */

/**
 * Sets fromValue, toValue or byValue (value NULL: unset). The eight combinations follow Core
 * Animation: from+to, from+by (to = from + by), to+by (from = to − by), from only (to the value
 * underneath), to only (from the value underneath), by only (underneath to underneath + by),
 * none (from the presentation value when added to the value underneath), all three (by
 * ignored). "Underneath" is the model value with the earlier animations applied, re-read every
 * tick. Kinds are checked against the key path when the animation is added. Basic and spring
 * animations only (a spring moves from the from value to the to value the same way), except that
 * a decay animation takes AC_ANIMATION_FROM (its start; NULL: the presentation value when added)
 * and AC_ANIMATION_VELOCITY (its start velocity in value units per second; NULL: the
 * presentation's velocity when added); AC_ANIMATION_VELOCITY belongs to decay animations only.
 * Errors: AC_ERR_OUT_OF_RANGE (which not one of the four; AC_ANIMATION_VELOCITY on an animation
 * that is not a decay), the value checks of ac_value, AC_ERR_WRONG_KIND (a decay's value of a kind
 * a decay cannot move), AC_ERR_INVALID_ARGUMENT (a keyframe animation or a group: from/to/by
 * belong to basic and spring animations; to/by on a decay animation).
 */
ac_status ac_animation_set_value(ac_engine *engine, ac_animation animation, int32_t which,
                                 const ac_value *value);
/**
 * The value (all zero when unset), and *out_is_set 0/1. Basic and spring animations (from, to,
 * by) and decay animations (from, velocity) only; errors as ac_animation_set_value.
 */
ac_status ac_animation_get_value(ac_engine *engine, ac_animation animation, int32_t which,
                                 ac_value *out_value, int32_t *out_is_set);

/**
 * Sets the animation's CAMediaTiming (see ac_timing; ac_timing_init_animation() for defaults):
 * begin_time_s 0 = the layer's time when the add is committed (the first tick after the
 * transaction it was added in commits; the next tick outside explicit transactions), else a time
 * in the layer's time space. Errors: as ac_timing_validate.
 */
ac_status ac_animation_set_timing(ac_engine *engine, ac_animation animation,
                                  const ac_timing *timing);
/** The timing (out_timing->struct_size must be set). */
ac_status ac_animation_get_timing(ac_engine *engine, ac_animation animation, ac_timing *out_timing);

/** Sets the timing function (NULL: none, i.e. linear). Errors: as ac_timing_function_evaluate. */
ac_status ac_animation_set_timing_function(ac_engine *engine, ac_animation animation,
                                           const ac_timing_function *function);
/** The timing function and *out_is_set 0/1 (unset: *out_function is linear). */
ac_status ac_animation_get_timing_function(ac_engine *engine, ac_animation animation,
                                           ac_timing_function *out_function, int32_t *out_is_set);

/** ac_animation_set_flag / _get_flag */
#define AC_ANIMATION_ADDITIVE 0              /* default 0: add the value to the one underneath */
#define AC_ANIMATION_CUMULATIVE 1            /* default 0: each repeat builds on the last */
#define AC_ANIMATION_REMOVED_ON_COMPLETION 2 /* default 1 */
/*
 * Default 1 for a decay, 0 for the other kinds: when the animation finishes (its active
 * duration ends) and is removed (AC_ANIMATION_REMOVED_ON_COMPLETION), the value it shows at its
 * end is written into the model, so the layer keeps showing it instead of snapping back (one
 * that stays attached shows what its fill mode says, and writes nothing). This does what Core
 * Animation users do by hand beside the add: set the model to the end value in a transaction
 * with actions disabled. The value kept is the animation's end over the model value (an
 * additive one's end added to it; a group's children's, in order); the write runs no action.
 * Nothing is written when the animation is removed or replaced before it finishes.
 */
#define AC_ANIMATION_KEEPS_FINAL_VALUE 3
/*
 * Groups only (AC_ERR_INVALID_ARGUMENT for another kind; reads 0 for them); default 0. A
 * sequence: the children run one after another, each child's begin time counting from the end
 * of the child before it (the first from the group's start): 0 follows on at once, a positive
 * begin time leaves a gap (a pause step; the children's fill modes say what it shows), a
 * negative one overlaps. A child of duration 0 takes the duration it would take added alone
 * (the transaction's; a spring's settling duration, a decay's stopping time); a sequence of
 * duration 0 lasts until the latest end of its children, also as a child of another group
 * (where a plain child of duration 0 spans that group; the group still clips it). A child that
 * would begin beyond +-1e15 s (after an endless one) makes ac_layer_add_animation() fail with
 * AC_ERR_NOT_FINITE or AC_ERR_OUT_OF_RANGE. Sequences and groups nest.
 */
#define AC_ANIMATION_SEQUENTIAL 4

/**
 * Sets a flag to on (0 or 1). Errors: AC_ERR_OUT_OF_RANGE (flag, on); AC_ERR_INVALID_ARGUMENT
 * (AC_ANIMATION_SEQUENTIAL on an animation that is not a group).
 */
ac_status ac_animation_set_flag(ac_engine *engine, ac_animation animation, int32_t flag,
                                int32_t on);
ac_status ac_animation_get_flag(ac_engine *engine, ac_animation animation, int32_t flag,
                                int32_t *out_on);

/**
 * Animation callbacks. key is the key the copy was added under (a NUL-terminated string valid
 * during the call), NULL when it was added without one.
 */
typedef void (*ac_animation_start_fn)(ac_engine *engine, ac_layer layer, const char *key,
                                      void *user_data);
typedef void (*ac_animation_stop_fn)(ac_engine *engine, ac_layer layer, const char *key,
                                     int32_t finished, void *user_data);

/**
 * Callbacks of each added copy: did-start when it begins its active duration, did-stop when it
 * completes it (finished = 1) or is removed, replaced or its layer destroyed before that
 * (finished = 0); each runs exactly once per added copy, during tick (did-stop for a removal
 * at the next tick, or during ac_engine_destroy()). Fill with ac_animation_delegate_init().
 */
typedef struct ac_animation_delegate {
    uint32_t struct_size;            /* sizeof(ac_animation_delegate) */
    int32_t reserved;                /* must be 0 */
    ac_animation_start_fn did_start; /* may be NULL */
    ac_animation_stop_fn did_stop;   /* may be NULL */
    void *user_data;
    ac_destroy_fn destroy;           /* may be NULL; runs when the description and every copy
                                        (and every description copied back) are gone */
} ac_animation_delegate;

/** Zeroes *delegate and sets its struct_size. Error: AC_ERR_NULL_POINTER. */
static inline ac_status ac_animation_delegate_init(ac_animation_delegate *delegate) {
    if (delegate == NULL) return AC_ERR_NULL_POINTER;
    delegate->struct_size = (uint32_t)sizeof(ac_animation_delegate);
    delegate->reserved = 0;
    delegate->did_start = NULL;
    delegate->did_stop = NULL;
    delegate->user_data = NULL;
    delegate->destroy = NULL;
    return AC_OK;
}

/**
 * Sets the description's delegate (NULL: none); copies added before keep theirs. With both
 * did_start and did_stop NULL the registration ends at once. Errors: AC_ERR_BAD_HANDLE,
 * AC_ERR_BAD_STRUCT_SIZE, AC_ERR_INVALID_ARGUMENT (reserved).
 */
ac_status ac_animation_set_delegate(ac_engine *engine, ac_animation animation,
                                    const ac_animation_delegate *delegate);

/**
 * Adds a copy of animation to layer under key (NULL: no key), replacing the animation under the
 * same key (it stops with finished = 0). A duration of 0 becomes the transaction's animation
 * duration (by default the engine's default duration), no timing function the transaction's
 * timing function if it has one; a begin time of 0 becomes the layer's time at the first tick
 * after the transaction commits (the next tick outside explicit transactions). A group's
 * children are checked as if each were added on its own. Errors:
 * AC_ERR_BAD_HANDLE (layer, animation), AC_ERR_UNKNOWN_KEY (a key path whose rest is not a
 * component of the property's kind), AC_ERR_NOT_ANIMATABLE (an undeclared key, "frame" or a
 * non-animatable property), AC_ERR_WRONG_KIND (a from/to/by or keyframe value of another kind
 * than the key path's; a path on a key path that is not a point; a paced or cubic mode over
 * values that do not interpolate: bool, integer, token, transforms), AC_ERR_INVALID_ARGUMENT
 * (key not UTF-8; a keyframe animation with neither values nor a path, more timing functions
 * than segments or more spline values than keyframes, a rotation mode without a path).
 * The message names the field ("animation.animations[1].values[2] ...").
 */
ac_status ac_layer_add_animation(ac_engine *engine, ac_layer layer, ac_animation animation,
                                 const char *key);
/**
 * Removes the animation under key (none: no effect); did-stop (finished 0) at the next tick.
 * A property no other animation drives shows its model value from this call on (presentation
 * value and velocity); one that other animations still drive keeps its last tick's value until
 * the next tick. So, to interrupt a motion and carry it on (a spring from where a decay is),
 * read the presentation value and velocity, or start the new animation, first; then remove the
 * old one.
 */
ac_status ac_layer_remove_animation(ac_engine *engine, ac_layer layer, const char *key);
/**
 * Removes every animation of the layer, keyed or not: its properties show their model values
 * at once (see ac_layer_remove_animation).
 */
ac_status ac_layer_remove_all_animations(ac_engine *engine, ac_layer layer);

/** The number of keyed animations of the layer (animations added without a key not counted). */
ac_status ac_layer_animation_count(ac_engine *engine, ac_layer layer, size_t *out_count);
/**
 * The key of the index-th keyed animation in application order (animationKeys), copied with
 * its NUL into buffer (AC_ERR_BUFFER_TOO_SMALL when capacity <= its length; *out_length is the
 * length either way; buffer may be NULL with capacity 0). AC_ERR_OUT_OF_RANGE for an index >=
 * the count.
 */
ac_status ac_layer_animation_key(ac_engine *engine, ac_layer layer, size_t index, char *buffer,
                                 size_t capacity, size_t *out_length);
/**
 * A new description copied from the animation under key, as the layer holds it: of the same
 * kind, with every parameter (from/to/by; values, key times, timing functions, calculation
 * mode, spline values, path and rotation mode; children), its duration resolved, its begin
 * time resolved once committed, its delegate; *out_animation is 0 when there is none. Release
 * it with ac_animation_release().
 */
ac_status ac_layer_copy_animation(ac_engine *engine, ac_layer layer, const char *key,
                                  ac_animation *out_animation);

/*
 * Lists, in every call below that sets one: `count` entries read from the array (copied; the
 * caller keeps its array); NULL with count 0 clears the list; NULL with count > 0 is
 * AC_ERR_NULL_POINTER; count > AC_ANIMATION_LIST_MAX is AC_ERR_OUT_OF_RANGE. A failing call
 * changes nothing. Every call that reads one: *out_count always receives the list's full
 * length; out_* may be NULL when capacity is 0 (to ask for the length); capacity < the length
 * is AC_ERR_BUFFER_TOO_SMALL (out_* untouched, *out_count still set); NULL out_* with
 * capacity > 0 is AC_ERR_NULL_POINTER. An unset list reads as empty.
 *
 * Fields are checked when set (each entry on its own, the message naming the argument and
 * the index: "key_times[2]", "values[1]", "elements[0]"); what needs the whole description
 * (counts that must agree, value kinds against the key path) is checked when the animation is
 * added to a layer (see ac_layer_add_animation()).
 */

/* ---- Keyframe animations (CAKeyframeAnimation) --------------------------------------------- */

/**
 * A new keyframe animation description of key_path (UTF-8, checked against the layer's class
 * when added): no values, no path, no key times (even spacing), no timing functions, the
 * linear calculation mode, no spline values, no rotation, and the shared defaults of
 * ac_animation_create_basic() (duration 0, replaced when added; linear; not additive, not
 * cumulative; removed on completion; no delegate). It needs values or a path before it is
 * added. Release it with ac_animation_release().
 *
 * Evaluation (p = the animation's progress after its own timing function; the paced modes
 * ignore that function): keyframe i is reached at key_times[i] (default i / (n - 1) for n
 * keyframes; discrete: i / n, and n + 1 key times, the last value holding to the end). Key
 * times whose count does not fit the mode are ignored as Core Animation does (even spacing
 * instead). Within segment i, s = (p - key_times[i]) / (key_times[i + 1] - key_times[i]),
 * eased by timing_functions[i] (missing: linear), and the value is interpolated from values[i]
 * to values[i + 1] by the calculation mode. Additive and cumulative work as for basic
 * animations.
 *
 * Errors: AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER, AC_ERR_UNKNOWN_KEY (""),
 * AC_ERR_INVALID_ARGUMENT (not UTF-8).
 */
ac_status ac_animation_create_keyframe(ac_engine *engine, const char *key_path,
                                       ac_animation *out_animation);

/*
 * The keyframe fields below belong to keyframe animations: on a basic animation or a group
 * each call answers AC_ERR_INVALID_ARGUMENT (the message names the kind and the field), and
 * AC_ERR_BAD_HANDLE for a description that is not live.
 */

/**
 * Sets the keyframe values (CAKeyframeAnimation values; NULL, 0: none), copied. All must be of
 * one kind, the key path's (checked when added: AC_ERR_WRONG_KIND). Ignored while a path is
 * set. Errors: the value checks of ac_value for each values[i], AC_ERR_WRONG_KIND (values[i]
 * of another kind than values[0]), and the list rules above.
 */
ac_status ac_animation_set_values(ac_engine *engine, ac_animation animation,
                                  const ac_value *values, size_t count);
/** The keyframe values (see the list rules above). */
ac_status ac_animation_get_values(ac_engine *engine, ac_animation animation, ac_value *out_values,
                                  size_t capacity, size_t *out_count);

/**
 * Sets the key times (NULL, 0: none, i.e. even spacing): fractions of progress, each finite
 * (AC_ERR_NOT_FINITE) and in [0, 1] (AC_ERR_OUT_OF_RANGE), never decreasing
 * (AC_ERR_INVALID_ARGUMENT); the message names key_times[i]. A count that does not fit the
 * calculation mode is accepted, and ignored when the animation runs (see above).
 */
ac_status ac_animation_set_key_times(ac_engine *engine, ac_animation animation,
                                     const double *key_times, size_t count);
/** The key times; an empty list when none are set. */
ac_status ac_animation_get_key_times(ac_engine *engine, ac_animation animation,
                                     double *out_key_times, size_t capacity, size_t *out_count);

/**
 * Sets the per-segment timing functions (NULL, 0: none, i.e. linear): functions[i] paces the
 * segment from keyframe i to i + 1; fewer than the segments leave the rest linear; more are
 * refused when added (AC_ERR_INVALID_ARGUMENT). Ignored by the discrete and paced modes.
 * Errors: the checks of ac_timing_function_evaluate for each functions[i], and the list rules.
 */
ac_status ac_animation_set_timing_functions(ac_engine *engine, ac_animation animation,
                                            const ac_timing_function *functions, size_t count);
/** The per-segment timing functions; an empty list when none are set. */
ac_status ac_animation_get_timing_functions(ac_engine *engine, ac_animation animation,
                                            ac_timing_function *out_functions, size_t capacity,
                                            size_t *out_count);

/** Calculation modes (CAAnimationCalculationMode); the names are Core Animation's strings. */
#define AC_CALCULATION_LINEAR 0      /* "linear": straight lines between keyframes (default) */
#define AC_CALCULATION_DISCRETE 1    /* "discrete": each value holds until the next key time */
#define AC_CALCULATION_PACED 2       /* "paced": linear at constant speed; key times, timing
                                        functions and the animation's timing function ignored */
#define AC_CALCULATION_CUBIC 3       /* "cubic": a Kochanek-Bartels spline through the values */
#define AC_CALCULATION_CUBIC_PACED 4 /* "cubicPaced": the cubic spline at constant speed */

/**
 * Sets the calculation mode (default AC_CALCULATION_LINEAR). Paced distances are Euclidean
 * between successive values (arc length along a path). The cubic modes use tension,
 * continuity and bias per keyframe (all 0: Catmull-Rom) with the end values duplicated, their
 * tangents scaled for uneven key times. Paced and cubic modes need values that interpolate
 * (scalar, point, size, rect, vector3, color), or paths and arrays of numbers or colours,
 * taken number by number [INFERRED: Core Animation documents neither; see "Path and array
 * values"]: other kinds are refused when added (AC_ERR_WRONG_KIND). Errors:
 * AC_ERR_OUT_OF_RANGE (mode not one of AC_CALCULATION_*).
 */
ac_status ac_animation_set_calculation_mode(ac_engine *engine, ac_animation animation,
                                            int32_t mode);
ac_status ac_animation_get_calculation_mode(ac_engine *engine, ac_animation animation,
                                            int32_t *out_mode);

/**
 * The mode of a Core Animation name: "linear", "discrete", "paced", "cubic", "cubicPaced"
 * (exact spelling). Needs no engine. Errors: AC_ERR_NULL_POINTER, AC_ERR_UNKNOWN_NAME,
 * AC_ERR_INVALID_ARGUMENT (not UTF-8).
 */
ac_status ac_calculation_mode_from_name(const char *name, int32_t *out_mode);
/**
 * The Core Animation name of a mode, a static string (never freed). Errors:
 * AC_ERR_NULL_POINTER, AC_ERR_OUT_OF_RANGE (mode not one of AC_CALCULATION_*).
 */
ac_status ac_calculation_mode_name(int32_t mode, const char **out_name);

/** Which spline list (tensionValues, continuityValues, biasValues). */
#define AC_SPLINE_TENSION 0    /* + tightens the curve at a keyframe */
#define AC_SPLINE_CONTINUITY 1 /* + sharpens the corner at a keyframe */
#define AC_SPLINE_BIAS 2       /* + moves the curve before the keyframe, - after it */

/**
 * Sets one list of Kochanek-Bartels parameters of the cubic modes, one per keyframe (NULL, 0:
 * none; missing entries are 0), each finite (AC_ERR_NOT_FINITE) and in [-1, 1]
 * (AC_ERR_OUT_OF_RANGE), the message naming values[i]. More entries than keyframes are
 * refused when added (AC_ERR_INVALID_ARGUMENT). Ignored by the other modes. Errors also:
 * AC_ERR_OUT_OF_RANGE (which not one of AC_SPLINE_*), and the list rules.
 */
ac_status ac_animation_set_spline_values(ac_engine *engine, ac_animation animation, int32_t which,
                                         const double *values, size_t count);
/** One spline list; an empty list when none is set. */
ac_status ac_animation_get_spline_values(ac_engine *engine, ac_animation animation, int32_t which,
                                         double *out_values, size_t capacity, size_t *out_count);

/** Rotation modes (CAAnimationRotationMode). */
#define AC_ROTATION_NONE 0         /* no rotation (nil; the default) */
#define AC_ROTATION_AUTO 1         /* "auto": the layer's x axis along the path's tangent */
#define AC_ROTATION_AUTO_REVERSE 2 /* "autoReverse": the same turned by a half turn */

/**
 * Sets the rotation mode of an animation that follows a path: the presentation "transform"
 * gets a z rotation by the path's direction at the layer's position, angle = atan2(dy, dx) of
 * the tangent (+ pi for autoReverse), in radians, applied in the layer's own space on top of
 * the transform underneath: transform = CATransform3DConcat(Rz(angle), underneath), i.e.
 * CATransform3DRotate(underneath, angle, 0, 0, 1) (with an identity model transform
 * "transform.rotation.z" reads the angle). The direction is the path's own: a reverse leg or a
 * negative speed does not turn the layer round; on a segment of no length (a close back to the
 * start) the layer keeps the direction of the segment before it. A rotation mode without a path is
 * refused when added (AC_ERR_INVALID_ARGUMENT). Errors: AC_ERR_OUT_OF_RANGE (mode not one of
 * AC_ROTATION_*).
 */
ac_status ac_animation_set_rotation_mode(ac_engine *engine, ac_animation animation, int32_t mode);
ac_status ac_animation_get_rotation_mode(ac_engine *engine, ac_animation animation,
                                         int32_t *out_mode);

/* ---- Paths (CGPath) ------------------------------------------------------------------------ */

/*
 * A path is a plain array of elements the caller owns (like CGPath's elements): subpaths of
 * lines and quadratic and cubic bezier curves, points in the layer's superlayer coordinates.
 * A keyframe animation of a point key path ("position") with a path follows it: the first
 * point and every segment's end (each element but a move-to) are keyframes, reached at the key
 * times (default i / segments); in the linear mode segment i is traced with its bezier
 * parameter u = s (a line at constant speed), in the paced modes at constant speed along the
 * whole arc length. A path starts with a move-to; a move-to inside it starts a new subpath (the
 * animation jumps there); a close is a line back to the subpath's start (a keyframe even when
 * it has no length, as Core Animation counts every element but a move-to).
 */

/** ac_path_element.type */
#define AC_PATH_MOVE_TO 0       /* points[0..1] = x, y: starts a subpath */
#define AC_PATH_LINE_TO 1       /* points[0..1] = x, y */
#define AC_PATH_QUAD_CURVE_TO 2 /* points[0..3] = cx, cy (control), x, y */
#define AC_PATH_CURVE_TO 3      /* points[0..5] = c1x, c1y, c2x, c2y (controls), x, y */
#define AC_PATH_CLOSE 4         /* no points: a line back to the subpath's start */

/**
 * One path element. Entries of points[] the type does not use are ignored on input and 0 on
 * output. Build them with the ac_path_*() constructors below.
 */
typedef struct ac_path_element {
    int32_t type;     /* AC_PATH_* */
    int32_t reserved; /* must be 0 */
    double points[6]; /* see AC_PATH_*; finite */
} ac_path_element;

/* Path element constructors (header-only). */
static inline ac_path_element ac_path_element_zeroed_(int32_t type) {
    ac_path_element element;
    int index;
    element.type = type;
    element.reserved = 0;
    for (index = 0; index < 6; ++index) element.points[index] = 0.0;
    return element;
}
static inline ac_path_element ac_path_move_to(double x, double y) {
    ac_path_element element = ac_path_element_zeroed_(AC_PATH_MOVE_TO);
    element.points[0] = x;
    element.points[1] = y;
    return element;
}
static inline ac_path_element ac_path_line_to(double x, double y) {
    ac_path_element element = ac_path_element_zeroed_(AC_PATH_LINE_TO);
    element.points[0] = x;
    element.points[1] = y;
    return element;
}
static inline ac_path_element ac_path_quad_curve_to(double cx, double cy, double x, double y) {
    ac_path_element element = ac_path_element_zeroed_(AC_PATH_QUAD_CURVE_TO);
    element.points[0] = cx;
    element.points[1] = cy;
    element.points[2] = x;
    element.points[3] = y;
    return element;
}
static inline ac_path_element ac_path_curve_to(double c1x, double c1y, double c2x, double c2y,
                                               double x, double y) {
    ac_path_element element = ac_path_element_zeroed_(AC_PATH_CURVE_TO);
    element.points[0] = c1x;
    element.points[1] = c1y;
    element.points[2] = c2x;
    element.points[3] = c2y;
    element.points[4] = x;
    element.points[5] = y;
    return element;
}
static inline ac_path_element ac_path_close(void) { return ac_path_element_zeroed_(AC_PATH_CLOSE); }

/** The number of elements each shape builder writes. */
#define AC_PATH_RECT_ELEMENTS 5          /* move, 3 lines, close */
#define AC_PATH_ELLIPSE_ELEMENTS 6       /* move, 4 cubic quarter arcs, close */
#define AC_PATH_ROUNDED_RECT_ELEMENTS 10 /* move, 4 lines and 4 cubic corners, close */

/**
 * Shape builders (CGPathAddRect, CGPathAddEllipseInRect, CGPathAddRoundedRect): write the
 * shape's elements into out_elements (the list-reading rules above: *out_count is always the
 * shape's element count). A rect starts at (x, y) and goes to x + width first (clockwise with
 * y down); an ellipse inscribed in the rect starts at its right-most point, the same way round,
 * each quarter a cubic bezier (control points at 0.5523 of the radius, within 0.03 % of a
 * circle); a rounded rect starts after the top-left corner, each corner an elliptical quarter
 * of radii (corner_width, corner_height), each clamped to [0, half the side]. Width and height
 * may be negative (the shape runs the other way). Append several shapes into one array to make
 * a path of several subpaths. Need no engine. Errors: AC_ERR_NOT_FINITE (a NaN or infinite
 * number, named; or finite numbers that put a point beyond the doubles, x + width past
 * 1.8e308), AC_ERR_NULL_POINTER (out_count; out_elements with capacity > 0),
 * AC_ERR_BUFFER_TOO_SMALL.
 */
ac_status ac_path_rect(double x, double y, double width, double height,
                       ac_path_element *out_elements, size_t capacity, size_t *out_count);
ac_status ac_path_ellipse(double x, double y, double width, double height,
                          ac_path_element *out_elements, size_t capacity, size_t *out_count);
ac_status ac_path_rounded_rect(double x, double y, double width, double height,
                               double corner_width, double corner_height,
                               ac_path_element *out_elements, size_t capacity, size_t *out_count);

/**
 * Sets the path a keyframe animation follows (NULL, 0: no path), copied; it overrides the
 * values while set. The key path must be point-valued (checked when added:
 * AC_ERR_WRONG_KIND). Errors: AC_ERR_OUT_OF_RANGE (elements[i].type not one of AC_PATH_*),
 * AC_ERR_INVALID_ARGUMENT (elements[i].reserved not 0; elements[0] not a move-to; a path with
 * no line, curve or close: it has no segment to follow), AC_ERR_NOT_FINITE (a NaN or infinite point, naming elements[i]), and
 * the list rules above.
 */
ac_status ac_animation_set_path(ac_engine *engine, ac_animation animation,
                                const ac_path_element *elements, size_t count);
/** The path's elements; an empty list when there is no path. */
ac_status ac_animation_get_path(ac_engine *engine, ac_animation animation,
                                ac_path_element *out_elements, size_t capacity,
                                size_t *out_count);

/* ---- Path and array values (AC_VALUE_PATH, AC_VALUE_NUMBERS, AC_VALUE_COLORS) ------------- */

/*
 * A class may declare properties of three variable-length kinds: a path (CAShapeLayer's path,
 * the ac_path_element list above), an array of numbers (CAGradientLayer's locations, a dash
 * pattern) and an array of RGBA colours (CAGradientLayer's colors). An ac_value cannot carry
 * them: one of these kinds in an ac_value stands for the empty value (no elements), which is
 * how ac_property_desc.default_value declares such a property (its default is empty); an
 * ac_layer_set_value() of it empties the value. Their contents go through the calls below.
 *
 * Limits and checks: at most AC_VALUE_MAX_ELEMENTS elements, numbers or colours
 * (AC_ERR_OUT_OF_RANGE beyond, before anything is read); every number finite
 * (AC_ERR_NOT_FINITE, naming elements[i], numbers[i] or rgba[i].v[k]); a path element's type
 * one of AC_PATH_* (AC_ERR_OUT_OF_RANGE) and reserved 0 (AC_ERR_INVALID_ARGUMENT). Any element
 * sequence is a value (a path need not start with a move-to here: it is drawn, not followed).
 * NULL with a count of 0 is the empty value; NULL with a count > 0 is AC_ERR_NULL_POINTER.
 *
 * Reading: the list rules above (*out_count is always the value's count; the buffer may be
 * NULL with capacity 0 to ask for it; capacity < count is AC_ERR_BUFFER_TOO_SMALL, nothing
 * written, *out_count set). presentation = 1 reads the presentation value, 0 the model value.
 *
 * Interpolation: two values of the same shape — paths with the same element types in the same
 * order, arrays of the same count — interpolate element by element, every point, control point,
 * number and colour component linearly (as AC_VALUE_SCALAR and AC_VALUE_COLOR do); values of
 * different shapes switch from one to the other at progress 0.5, as AC_VALUE_BOOL does.
 * ac_layer_get_value(), the presentation batch reads and tables and
 * ac_layer_get_presentation_velocity() answer AC_ERR_WRONG_KIND for these keys (a fixed-width
 * value cannot carry them; ac_layers_get_presentation_path() and its siblings below are their
 * batch reads); an ac_layer_snapshot() entry of these kinds has the kind alone
 * (read the contents with the calls below, presentation = 1 for the animated value).
 *
 * Animations (CABasicAnimation of a shape layer's path, a gradient's colors or locations):
 * basic and spring animations take their from/to/by values from ac_animation_set_path_value()
 * and its siblings below (unset one with ac_animation_set_value(..., NULL)); keyframe animations
 * their values from ac_animation_set_path_values() and its siblings, in every calculation mode.
 * Every rule of the other kinds holds: the eight from/to/by combinations (to − by and from + by
 * element by element), timing, repeats, groups, fill modes, removal, the final value kept.
 * - Cubic, paced and cubicPaced keyframes [INFERRED: Core Animation documents these modes for
 *   values with coordinates only]: a keyframe is taken as the run of its numbers (a path's
 *   points, control points too, in element order; the numbers; each colour's four
 *   components), as a point is taken as its x and y. The cubic modes draw every number on
 *   the Kochanek-Bartels curve a scalar keyframe animation of its own values draws (the same
 *   tension, continuity, bias and key times); a paced distance between two keyframes is the
 *   Euclidean norm of the difference of their whole runs, and cubicPaced moves at constant
 *   speed along the curve in that space. The curves are computed when added (their numbers
 *   count towards the keyframe animation's bound, AC_ERR_OUT_OF_RANGE beyond).
 * - The animation's own values (from, to, by; every keyframe) must have one shape: else the add
 *   answers AC_ERR_INVALID_ARGUMENT naming both ("animation.toValue has 3 numbers where
 *   animation.fromValue has 2"). A shape met only while it runs (the model value under a to-only
 *   animation) is no error: the values switch at 0.5.
 * - Additive: arrays add element by element (every colour component, alpha too); a path adds
 *   its points' coordinates, as an array of points would [INFERRED: Core Animation documents
 *   neither]; values of different shapes: the animation's value replaces the one beneath.
 * - Cumulative: each repeat adds the cycle's end value element by element (the base alone when
 *   the shapes differ).
 * - Springs move every element by the same normalised motion; a spring's initial velocity is
 *   its own (a fraction per second), and no presentation velocity is carried over.
 * - Implicit actions: a change of an animatable path or array property inside a transaction
 *   runs the action search as any property; the built-in action is a basic (or, with a spring
 *   in the transaction, spring) animation from the presentation value under the property's
 *   name, with the transaction's duration, curve and delay [INFERRED: never additive, as paths
 *   and arrays of different shapes have no difference].
 * - A tick allocates nothing for them: each animation keeps a result buffer shaped as its ends
 *   when added (a value that changes shape while it runs grows it once).
 * Decay animations and value functions do not take these kinds (AC_ERR_WRONG_KIND when added).
 *
 * Errors of every call: AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER (engine, out_count),
 * AC_ERR_UNKNOWN_KEY, AC_ERR_WRONG_KIND (the key holds another kind), AC_ERR_OUT_OF_RANGE
 * (presentation not 0 or 1), the checks above.
 */

/** The most elements, numbers or colours one path or array value holds. */
#define AC_VALUE_MAX_ELEMENTS 65536

/** Sets the path at key from count elements (copied). */
ac_status ac_layer_set_path(ac_engine *engine, ac_layer layer, ac_key key,
                            const ac_path_element *elements, size_t count);
/** The model (presentation = 0) or presentation (1) path at key, as a list of elements. */
ac_status ac_layer_get_path(ac_engine *engine, ac_layer layer, ac_key key, int32_t presentation,
                            ac_path_element *out_elements, size_t capacity, size_t *out_count);
/** Sets the array of numbers at key from count numbers (copied). */
ac_status ac_layer_set_numbers(ac_engine *engine, ac_layer layer, ac_key key,
                               const double *numbers, size_t count);
/** The model or presentation array of numbers at key. */
ac_status ac_layer_get_numbers(ac_engine *engine, ac_layer layer, ac_key key,
                               int32_t presentation, double *out_numbers, size_t capacity,
                               size_t *out_count);
/**
 * Sets the array of colours at key from count colours: rgba holds 4 × count numbers, each
 * colour's red, green, blue and alpha (nominally in [0, 1], not premultiplied), copied.
 */
ac_status ac_layer_set_colors(ac_engine *engine, ac_layer layer, ac_key key, const double *rgba,
                              size_t count);
/**
 * The model or presentation array of colours at key: capacity and *out_count count colours;
 * out_rgba receives 4 numbers per colour.
 */
ac_status ac_layer_get_colors(ac_engine *engine, ac_layer layer, ac_key key, int32_t presentation,
                              double *out_rgba, size_t capacity, size_t *out_count);

/*
 * Batch reads: one key's presentation path, numbers or colours of count layers in one call,
 * the way to read a shape layer's path or a gradient's locations of every layer each frame.
 * The values are packed one after another: layer i's is out[out_offsets[i] ..
 * out_offsets[i + 1]), counted as the single reads count (path elements, numbers, colours:
 * 4 doubles each in out_rgba, capacity counting colours). out_offsets receives count + 1
 * entries, out_offsets[0] = 0 and out_offsets[count] the total. Each value is copied straight
 * from the engine's store (no value is built per layer), under one lock, on the calling
 * thread [INFERRED: not shared out to the tick threads as ac_layers_get_presentation is: where
 * a layer's value starts depends on every layer before it, and the copy is bound by memory].
 * count 0 is allowed (out_offsets[0] = 0; layers and out may be NULL).
 * AC_ERR_BUFFER_TOO_SMALL when capacity < out_offsets[count]: every offset is still set (size
 * the buffer from out_offsets[count] and call again); the layers that fit are written.
 * Errors: every layer must hold key's kind (AC_ERR_WRONG_KIND naming layers[i] and the kind it
 * holds); otherwise as ac_layers_get_presentation, naming layers[i] (AC_ERR_BAD_HANDLE,
 * AC_ERR_UNKNOWN_KEY); AC_ERR_NULL_POINTER (out_offsets; layers with count > 0; out with
 * capacity > 0); AC_ERR_OUT_OF_RANGE (count or capacity beyond SIZE_MAX / 2). The key is
 * checked before any layer (a key of another engine is refused before a bad layers[0]; the
 * single reads check the layer first). On an error the offsets and values of the layers before
 * layers[i] are written.
 */
ac_status ac_layers_get_presentation_path(ac_engine *engine, const ac_layer *layers, size_t count,
                                          ac_key key, ac_path_element *out_elements,
                                          size_t capacity, size_t *out_offsets);
ac_status ac_layers_get_presentation_numbers(ac_engine *engine, const ac_layer *layers,
                                             size_t count, ac_key key, double *out_numbers,
                                             size_t capacity, size_t *out_offsets);
ac_status ac_layers_get_presentation_colors(ac_engine *engine, const ac_layer *layers,
                                            size_t count, ac_key key, double *out_rgba,
                                            size_t capacity, size_t *out_offsets);

/**
 * The batch read of paths as numbers: layer i's presentation path at key as the run of its
 * coordinates, out_numbers[out_offsets[i] .. out_offsets[i + 1]) (offsets and capacity count
 * numbers): each element's points in element order, as many as its type uses (a move-to's or
 * line-to's x, y; a quad curve's cx, cy, x, y; a curve's c1x, c1y, c2x, c2y, x, y; a close
 * none) — the points ac_layers_get_presentation_path() gives, without the element structs and
 * their unused zeros, copied straight from the engine's store. For a host that draws from
 * arrays of numbers (a tessellator, a vertex buffer) the element types it knows: an animation
 * whose values have one shape (as an add requires) shows paths of their element types while
 * it runs; values of different shapes (a to-only animation over a model path of another
 * shape) switch at progress 0.5, and ac_layers_get_presentation_path() reads the types then.
 * The rules and errors of the batch reads above, with out_numbers (AC_ERR_WRONG_KIND for a
 * key that holds numbers or colours, naming layers[i]).
 */
ac_status ac_layers_get_presentation_path_coordinates(ac_engine *engine, const ac_layer *layers,
                                                      size_t count, ac_key key,
                                                      double *out_numbers, size_t capacity,
                                                      size_t *out_offsets);

/** What the engine's store of path and array values holds (ac_engine_get_value_store_counts). */
typedef struct ac_value_store_counts {
    uint32_t struct_size; /* sizeof(ac_value_store_counts) */
    uint32_t reserved;    /* 0 */
    size_t values;  /* values held: layers' model values, class defaults, animations' values and
                       result buffers, values retired until the next tick; empty ones take none */
    size_t numbers; /* the numbers they hold: path coordinates, array numbers, 4 per colour */
} ac_value_store_counts;

/**
 * The store's counts now, into *out_counts (set out_counts->struct_size first): removing the
 * animations of paths and arrays and destroying the layers that hold them gives the store back
 * (a value a presentation may still show goes at the next tick), so a host can check it.
 * Errors: AC_ERR_NULL_POINTER, AC_ERR_BAD_STRUCT_SIZE, AC_ERR_INVALID_STATE.
 */
ac_status ac_engine_get_value_store_counts(ac_engine *engine, ac_value_store_counts *out_counts);

/**
 * Sets fromValue, toValue or byValue (which: AC_ANIMATION_FROM, _TO or _BY) of a basic or spring
 * animation description to a path of count elements, an array of count numbers, or an array of
 * count colours (rgba: 4 × count numbers), copied. The checks above apply to the value (naming
 * elements, numbers or rgba) and ac_animation_set_value()'s to which and the animation's kind;
 * the kind is checked against the key path when added. ac_animation_get_value() reads such a
 * value's kind alone; ac_animation_get_path_value() and its siblings below its contents.
 */
ac_status ac_animation_set_path_value(ac_engine *engine, ac_animation animation, int32_t which,
                                      const ac_path_element *elements, size_t count);
ac_status ac_animation_set_numbers_value(ac_engine *engine, ac_animation animation, int32_t which,
                                         const double *numbers, size_t count);
ac_status ac_animation_set_colors_value(ac_engine *engine, ac_animation animation, int32_t which,
                                        const double *rgba, size_t count);
/**
 * Sets the values of a keyframe animation description to keyframe_count paths or arrays given
 * one after another: keyframe i has counts[i] elements, numbers or colours (rgba: 4 numbers per
 * colour), following keyframe i − 1's in the array; copied. keyframe_count 0 sets no values.
 * Errors: the list rules above for counts (at most AC_ANIMATION_LIST_MAX keyframes), each
 * keyframe's value checked as above (the message names "elements, keyframe i"),
 * AC_ERR_NULL_POINTER (the array with a count > 0), and ac_animation_set_values()'s.
 */
ac_status ac_animation_set_path_values(ac_engine *engine, ac_animation animation,
                                       const ac_path_element *elements, const size_t *counts,
                                       size_t keyframe_count);
ac_status ac_animation_set_numbers_values(ac_engine *engine, ac_animation animation,
                                          const double *numbers, const size_t *counts,
                                          size_t keyframe_count);
ac_status ac_animation_set_colors_values(ac_engine *engine, ac_animation animation,
                                         const double *rgba, const size_t *counts,
                                         size_t keyframe_count);
/**
 * Reads back fromValue, toValue or byValue (which) of a basic or spring animation description
 * (one copied from a layer with ac_layer_copy_animation() too) whose value is a path, an array
 * of numbers or an array of colours: *out_is_set 0 and *out_count 0 when unset. The list rules
 * of ac_layer_get_path() and its siblings apply to out_elements / out_numbers / out_rgba,
 * capacity and *out_count (colours counted, 4 numbers each). Errors: AC_ERR_WRONG_KIND (the
 * value is of another kind; ac_animation_get_value() reads those), AC_ERR_NULL_POINTER
 * (out_count, out_is_set), and ac_animation_get_value()'s for which and the animation's kind.
 */
ac_status ac_animation_get_path_value(ac_engine *engine, ac_animation animation, int32_t which,
                                      ac_path_element *out_elements, size_t capacity,
                                      size_t *out_count, int32_t *out_is_set);
ac_status ac_animation_get_numbers_value(ac_engine *engine, ac_animation animation, int32_t which,
                                         double *out_numbers, size_t capacity, size_t *out_count,
                                         int32_t *out_is_set);
ac_status ac_animation_get_colors_value(ac_engine *engine, ac_animation animation, int32_t which,
                                        double *out_rgba, size_t capacity, size_t *out_count,
                                        int32_t *out_is_set);
/**
 * Reads back keyframe index (from 0; ac_animation_get_values() gives their count and kinds) of
 * a keyframe animation description whose values are paths or arrays, with the list rules
 * above. Errors: AC_ERR_INVALID_ARGUMENT (not a keyframe animation), AC_ERR_OUT_OF_RANGE
 * (index), AC_ERR_WRONG_KIND, AC_ERR_NULL_POINTER (out_count).
 */
ac_status ac_animation_get_keyframe_path(ac_engine *engine, ac_animation animation, size_t index,
                                         ac_path_element *out_elements, size_t capacity,
                                         size_t *out_count);
ac_status ac_animation_get_keyframe_numbers(ac_engine *engine, ac_animation animation, size_t index,
                                            double *out_numbers, size_t capacity,
                                            size_t *out_count);
ac_status ac_animation_get_keyframe_colors(ac_engine *engine, ac_animation animation, size_t index,
                                           double *out_rgba, size_t capacity, size_t *out_count);

/* ---- Groups (CAAnimationGroup) ------------------------------------------------------------- */

/** The deepest nesting of groups: a group inside a group ... AC_GROUP_DEPTH_MAX groups in all. */
#define AC_GROUP_DEPTH_MAX 16

/**
 * A new group description: no children, and the shared defaults of ac_animation_create_basic()
 * (its key path is "" and ignored). Its children run concurrently in the group's time space:
 * a child's parent time is the group's iteration time (in [0, group duration]), so child begin
 * times are relative to the group's start and speeds multiply; children are clipped to the
 * group's active duration, not scaled (a 10 s child in a 5 s group shows its first 5 s); a child
 * with duration 0 spans the group's duration; each child follows its own fill mode inside the
 * group, and the group's fill mode governs them all outside it (after a group with fill
 * forwards, each child shows its value at the group's end; with fill removed, nothing).
 * A child still running when the group ends (or ending with it) holds the state it reached
 * there while the group fills forwards. The group's timing function re-times its children
 * (their parent time is f(progress) x duration); a transaction's timing function does not
 * apply to a group; the additive and cumulative flags of a group are ignored.
 * Children animate their own key paths, in order. Only the group's delegate is told of start
 * and stop; the children's delegates and removed-on-completion flags are ignored. Removing the
 * group removes every child's effect in the same tick. A group added with duration 0 gets the
 * transaction's duration like any animation. One add makes at most 65536 animations in all
 * (children of nested groups counted; more: AC_ERR_OUT_OF_RANGE when added). Release it with
 * ac_animation_release().
 * Errors: AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER.
 */
ac_status ac_animation_create_group(ac_engine *engine, ac_animation *out_animation);

/**
 * Sets the group's children (CAAnimationGroup animations; NULL, 0: none): copies of the
 * descriptions as they are now (CA copies `animations`: later edits or releases of the handles
 * do not change the group; children may be groups). Errors: AC_ERR_BAD_HANDLE (group,
 * children[i]), AC_ERR_INVALID_ARGUMENT (group is not a group; children[i] is the group itself:
 * a group cannot contain itself), AC_ERR_OUT_OF_RANGE (groups nested deeper than
 * AC_GROUP_DEPTH_MAX), and the list rules above.
 */
ac_status ac_animation_set_children(ac_engine *engine, ac_animation group,
                                    const ac_animation *children, size_t count);
/** The number of children. Errors: AC_ERR_BAD_HANDLE, AC_ERR_INVALID_ARGUMENT (not a group). */
ac_status ac_animation_child_count(ac_engine *engine, ac_animation group, size_t *out_count);
/**
 * A new description copied from the child at index (of its own kind, with every parameter);
 * release it with ac_animation_release(). Errors: AC_ERR_BAD_HANDLE, AC_ERR_INVALID_ARGUMENT
 * (not a group), AC_ERR_OUT_OF_RANGE (index >= the child count), AC_ERR_NULL_POINTER.
 */
ac_status ac_animation_copy_child(ac_engine *engine, ac_animation group, size_t index,
                                  ac_animation *out_child);

/* ---- Springs (CASpringAnimation) ------------------------------------------------------------ */

/*
 * A spring animation moves its property from the from value to the to value (resolved as for a
 * basic animation: ac_animation_set_value() with the eight from/to/by combinations, additive
 * and cumulative alike; every interpolable kind, each component on the same normalised spring)
 * the way a mass on a damped spring settles on its rest point. With m = mass, k = stiffness,
 * c = damping, v0 = initial_velocity, w0 = sqrt(k / m) and zeta = c / (2 sqrt(k m)), the
 * normalised displacement from the target u(t) (u(0) = 1, u'(0) = -v0) is, in closed form:
 *
 *     zeta < 1:  wd = w0 sqrt(1 - zeta^2), B = (zeta w0 - v0) / wd,
 *                u(t) = exp(-zeta w0 t) (cos(wd t) + B sin(wd t))
 *     zeta = 1, or zeta > 1 with allows_overdamping 0 (counted as critical):
 *                u(t) = (1 + (w0 - v0) t) exp(-w0 t)
 *     zeta > 1 with allows_overdamping 1:
 *                r1,2 = -w0 (zeta -+ sqrt(zeta^2 - 1)), C1 = (-v0 - r2) / (r1 - r2), C2 = 1 - C1,
 *                u(t) = C1 exp(r1 t) + C2 exp(r2 t)
 *
 * Every spring the checks below accept moves finitely. One overdamped beyond the double range
 * (zeta or w0 zeta overflows: damping 1e300 on mass 1e-300) is a slow exponential: its roots
 * come from m, c and k directly (r1 = -2k / (c (1 + s)), r2 = -c (1 + s) / (2m), s = sqrt(1 -
 * 4 (m / c)(k / c))), a fast root beyond the double range taken as -DBL_MAX (its mode is over at
 * once), and its settling duration is +INFINITY when it settles later than AC_TIME_LIMIT_S.
 *
 * and value(t) = from + (to - from) (1 - u(t)), where t is the animation's basic local time in
 * seconds (its progress times its duration, after repeats, autoreverses, speed and time
 * offset). Any time is evaluated directly: the motion does not depend on the tick rate. The
 * spring is the pacing: the animation's timing function is ignored [INF]. The duration only
 * decides when the animation ends (Core Animation's rule): a spring added with duration 0 lasts
 * its settling duration (ac_spring_settling_duration()), not the transaction's duration.
 */

/** A spring's parameters (CASpringAnimation's). Fill with ac_spring_init(). */
typedef struct ac_spring {
    uint32_t struct_size;        /* sizeof(ac_spring) */
    int32_t allows_overdamping;  /* 0 or 1; default 0: damping above critical counts as
                                    critical (CASpringAnimation's default); 1: true overdamped
                                    motion (slower to settle) */
    double mass;                 /* finite, > 0; default 1 */
    double stiffness;            /* finite, > 0; default 100 */
    double damping;              /* finite, >= 0 (0: never settles); default 10 */
    double initial_velocity;     /* finite; fractions of the from -> to distance per second,
                                    positive towards the target (a gesture's v points/s is
                                    v / (to - from)); default 0 */
} ac_spring;

/**
 * Fills *spring with Core Animation's defaults (mass 1, stiffness 100, damping 10, initial
 * velocity 0, allows_overdamping 0; settling duration 1.4727003346780925 s). Header-only, so that
 * struct_size is the size the caller compiled with. Error: AC_ERR_NULL_POINTER.
 */
static inline ac_status ac_spring_init(ac_spring *spring) {
    if (spring == NULL) return AC_ERR_NULL_POINTER;
    spring->struct_size = (uint32_t)sizeof(ac_spring);
    spring->allows_overdamping = 0;
    spring->mass = 1.0;
    spring->stiffness = 100.0;
    spring->damping = 10.0;
    spring->initial_velocity = 0.0;
    return AC_OK;
}

/*
 * Every call below that reads an ac_spring checks it, the message naming the field
 * ("spring->mass is 0; it must be > 0"): AC_ERR_NULL_POINTER, AC_ERR_BAD_STRUCT_SIZE
 * (struct_size is not sizeof(ac_spring)), AC_ERR_NOT_FINITE (a NaN or infinite mass, stiffness,
 * damping or initial_velocity), AC_ERR_OUT_OF_RANGE (mass <= 0, stiffness <= 0, damping < 0,
 * allows_overdamping not 0 or 1, a stiffness / mass that overflows or underflows). A failing
 * call changes nothing.
 */

/**
 * The spring of a perceptual duration and bounce (SwiftUI's Spring(duration:bounce:),
 * CASpringAnimation's initWithPerceptualDuration:bounce:): mass 1, stiffness (2 pi /
 * duration_s)^2, damping ratio 1 - bounce for bounce >= 0 (damping 4 pi (1 - bounce) /
 * duration_s), 1 / (1 + bounce) for a negative bounce [INF: OpenCoreAnimation's reading],
 * initial velocity 0, allows_overdamping 1. duration_s: seconds, finite, > 0 and
 * <= AC_TIME_LIMIT_S; bounce: finite, in (-1, 1): 0 settles without overshoot, towards 1 it
 * bounces more, below 0 it is overdamped. out_spring->struct_size must be set (the other fields
 * are written). Errors: AC_ERR_NULL_POINTER, AC_ERR_BAD_STRUCT_SIZE, AC_ERR_NOT_FINITE and
 * AC_ERR_OUT_OF_RANGE naming duration_s or bounce. Needs no engine.
 */
ac_status ac_spring_from_perceptual(double duration_s, double bounce, ac_spring *out_spring);

/**
 * The perceptual duration (2 pi / w0, seconds) and bounce (1 - zeta for zeta <= 1, 1 / zeta - 1
 * above) of a spring: the inverse of ac_spring_from_perceptual() (Apple's example: mass 1,
 * stiffness 100, damping 10 is duration 0.628, bounce 0.5). Either out pointer may be NULL.
 * Errors: the spring checks above. Needs no engine.
 */
ac_status ac_spring_perceptual(const ac_spring *spring, double *out_duration_s,
                               double *out_bounce);

/**
 * The natural frequency w0 = sqrt(k / m) (radians per second) and the damping ratio zeta =
 * c / (2 sqrt(k m)) of a spring (below 1 it oscillates), computed as c / (m w0) / 2 so that
 * neither tiny nor huge parameters overflow or underflow on the way; zeta is +INFINITY when it
 * is beyond the largest double (damping 1e300 on mass 1e-300). Either out pointer may be NULL.
 * Errors: the spring checks above. Needs no engine.
 */
ac_status ac_spring_damping_ratio(const ac_spring *spring, double *out_natural_frequency_rad_s,
                                  double *out_damping_ratio);

/**
 * CASpringAnimation's settlingDuration: the seconds until the displacement stays within
 * epsilon = 0.001 of the from -> to distance. Underdamped: ln((1 + |B|) / epsilon) / (zeta w0)
 * (the reference's reconstruction: Apple's documented damping 5 -> 2.85 s and damping 15 ->
 * 1.02 s; the default spring 1.4727003346780925 s). Critical and overdamped: the last time the
 * displacement is above epsilon, rounded up to 0.1 s [INF: OpenCoreAnimation's measured 1.0 s
 * for (1, 100, 20) and (1, 100, 100) clamped]. +INFINITY for damping 0. Errors: the spring
 * checks above, AC_ERR_NULL_POINTER (out_duration_s). Needs no engine.
 */
ac_status ac_spring_settling_duration(const ac_spring *spring, double *out_duration_s);

/**
 * A new spring animation description (CASpringAnimation) of key_path: the default spring
 * (ac_spring_init()), no from/to/by values, and the shared defaults of ac_animation_create_basic()
 * (duration 0, which becomes the spring's settling duration when added; not additive, not
 * cumulative; removed on completion; no delegate). Release it with ac_animation_release().
 * Errors: as ac_animation_create_basic.
 */
ac_status ac_animation_create_spring(ac_engine *engine, const char *key_path,
                                     ac_animation *out_animation);

/**
 * Sets the spring of a spring animation; on a basic animation it makes it a spring animation
 * (its from/to/by values kept). Errors: AC_ERR_BAD_HANDLE, the spring checks above,
 * AC_ERR_INVALID_ARGUMENT (a keyframe animation or a group).
 */
ac_status ac_animation_set_spring(ac_engine *engine, ac_animation animation,
                                  const ac_spring *spring);

/**
 * The spring of a spring animation (out_spring->struct_size must be set). Errors:
 * AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER, AC_ERR_BAD_STRUCT_SIZE, AC_ERR_INVALID_ARGUMENT (not
 * a spring animation).
 */
ac_status ac_animation_get_spring(ac_engine *engine, ac_animation animation,
                                  ac_spring *out_spring);

/* ---- Decay (a thrown value slowing down) ------------------------------------------------ */

/*
 * A decay animation (Pop's POPDecayAnimation, a scroll view's inertia; beyond Core Animation)
 * starts its property at a value x0 moving with a velocity v0 (value units per second, one number
 * per component) and slows it down at a constant rate r per millisecond (deceleration_rate):
 *
 *     v(t) = v0 r^(1000 t),     x(t) = x0 + v0 (r^(1000 t) - 1) / (1000 ln r)
 *
 * for every component on the same deceleration, t the animation's basic local time in seconds
 * (the timing function is ignored). The motion ends when the speed (the velocity's Euclidean
 * length) falls below minimum_speed: at the stopping time ln(minimum_speed / |v0|) / (1000 ln r)
 * (0 when it starts slower), where the value rests at the predicted resting value
 * (ac_decay_resting_value()). A decay added with duration 0 lasts until its last component
 * stops: a free component at the stopping time, one that springs back at a bound when its
 * spring settles (the time the bound is reached, or 0 for a start beyond it, plus the bound
 * spring's settling duration for the motion it starts with: its distance and velocity there);
 * that is its duration when copied back (ac_layer_copy_animation()). A duration set explicitly is kept. A decay that takes
 * its start or velocity from the presentation starts moving when added (not at the commit), so
 * that it continues the motion it replaces. It moves scalar, point, size,
 * rect, vector3 and color values; other key paths are refused when added (AC_ERR_WRONG_KIND).
 *
 * x0 is the from value (ac_animation_set_value() with AC_ANIMATION_FROM; unset: the property's
 * presentation value when added) and v0 the velocity (AC_ANIMATION_VELOCITY; unset: the
 * presentation's velocity when added, ac_layer_get_presentation_velocity()): a decay with
 * neither continues whatever moves the property (a fling continuing a drag) without a jump in
 * value or velocity. Their kinds must be the key path's. TO and BY do not apply to a decay.
 *
 * Bounds (per component, rubber-banding): a component moving towards a bound it reaches before
 * the motion stops springs back to the bound from the time it gets there, with the velocity it
 * had there, on bound_spring (value = bound + v_b * push(t - t_b), the spring's response to an
 * initial velocity; see the Springs section, initial_velocity ignored). A component that starts
 * beyond a bound springs back to it from there (its start and velocity as the spring's initial
 * displacement and velocity). Other components keep decaying freely.
 */

/** A decay's parameters (the start and velocity are set with ac_animation_set_value()). */
typedef struct ac_decay {
    uint32_t struct_size;       /* sizeof(ac_decay) */
    int32_t has_lower_bound;    /* 0 or 1; default 0 */
    int32_t has_upper_bound;    /* 0 or 1; default 0 */
    int32_t reserved;           /* must be 0 */
    double deceleration_rate;   /* finite, in (0, 1): the fraction of the velocity kept per
                                   millisecond; default 0.998 (Pop's, UIScrollView's normal rate;
                                   0.99 is UIScrollView's fast rate) */
    double minimum_speed;       /* finite, > 0: value units per second below which the motion
                                   ends; default 1 */
    ac_value lower_bound;       /* used when has_lower_bound: per component, of the key path's
                                   kind, finite */
    ac_value upper_bound;       /* used when has_upper_bound: per component, >= lower_bound */
    ac_spring bound_spring;     /* the spring back at a bound; default critically damped,
                                   perceptual duration 0.4 s (mass 1, stiffness (2 pi / 0.4)^2,
                                   damping 2 (2 pi / 0.4), allows_overdamping 1) */
} ac_decay;

/**
 * Fills *decay with the defaults (rate 0.998, minimum speed 1, no bounds, the default bound
 * spring). Header-only, so that struct_size is the size the caller compiled with. Error:
 * AC_ERR_NULL_POINTER.
 */
static inline ac_status ac_decay_init(ac_decay *decay) {
    const double omega = 2.0 * 3.14159265358979323846 / 0.4;
    if (decay == NULL) return AC_ERR_NULL_POINTER;
    decay->struct_size = (uint32_t)sizeof(ac_decay);
    decay->has_lower_bound = 0;
    decay->has_upper_bound = 0;
    decay->reserved = 0;
    decay->deceleration_rate = 0.998;
    decay->minimum_speed = 1.0;
    decay->lower_bound = ac_value_zeroed(AC_VALUE_SCALAR);
    decay->upper_bound = ac_value_zeroed(AC_VALUE_SCALAR);
    ac_spring_init(&decay->bound_spring);
    decay->bound_spring.mass = 1.0;
    decay->bound_spring.stiffness = omega * omega;
    decay->bound_spring.damping = 2.0 * omega;
    decay->bound_spring.initial_velocity = 0.0;
    decay->bound_spring.allows_overdamping = 1;
    return AC_OK;
}

/*
 * Every call below that reads an ac_decay checks it, the message naming the field
 * ("decay->deceleration_rate is 1; it must be in (0, 1)"): AC_ERR_NULL_POINTER,
 * AC_ERR_BAD_STRUCT_SIZE (decay->struct_size or decay->bound_spring.struct_size),
 * AC_ERR_OUT_OF_RANGE (has_lower_bound / has_upper_bound not 0 or 1, deceleration_rate not in
 * (0, 1), minimum_speed <= 0, the bound spring's checks of the Springs section),
 * AC_ERR_NOT_FINITE (a NaN or infinite number), AC_ERR_INVALID_ARGUMENT (reserved not 0, a lower
 * bound above the upper bound in some component), AC_ERR_WRONG_KIND (a bound of a kind a decay
 * cannot move, bounds of two kinds), and the value checks of ac_value (naming
 * decay->lower_bound / decay->upper_bound). A failing call changes nothing.
 */

/**
 * A new decay animation description of key_path: the defaults of ac_decay_init(), no from
 * value and no velocity (the presentation's when added), and the shared defaults of
 * ac_animation_create_basic() (duration 0, which becomes the stopping time when added; not
 * additive, not cumulative; removed on completion; no delegate). Release it with
 * ac_animation_release(). Errors: as ac_animation_create_basic.
 */
ac_status ac_animation_create_decay(ac_engine *engine, const char *key_path,
                                    ac_animation *out_animation);

/**
 * Sets the parameters of a decay animation (its from value and velocity are kept). Errors:
 * AC_ERR_BAD_HANDLE, the decay checks above, AC_ERR_INVALID_ARGUMENT (not a decay animation).
 */
ac_status ac_animation_set_decay(ac_engine *engine, ac_animation animation, const ac_decay *decay);

/**
 * The parameters of a decay animation (out_decay->struct_size must be set; an unset bound reads
 * has_*_bound 0 and a zeroed value). Errors: AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER,
 * AC_ERR_BAD_STRUCT_SIZE, AC_ERR_INVALID_ARGUMENT (not a decay animation).
 */
ac_status ac_animation_get_decay(ac_engine *engine, ac_animation animation, ac_decay *out_decay);

/**
 * Where a value starting at *from with *velocity (value units per second, the same kind) comes
 * to rest under *decay, bounds not applied: from + velocity (r^(1000 T) - 1) / (1000 ln r) at the
 * stopping time T (what a scroll view uses to snap a fling to a page before it runs). Equals the
 * value a decay of these parameters shows when it stops. Errors: the decay checks above,
 * AC_ERR_NULL_POINTER (from, velocity, out_value), the value checks of ac_value,
 * AC_ERR_WRONG_KIND (a kind a decay cannot move, or from and velocity of different kinds).
 * Needs no engine.
 */
ac_status ac_decay_resting_value(const ac_decay *decay, const ac_value *from,
                                 const ac_value *velocity, ac_value *out_value);

/* ---- Transitions (CATransition) --------------------------------------------------------- */

/*
 * A transition (CATransition, reference core-animation-geometry.md §6) animates no property:
 * it makes a layer's old rendering give way to its new one. Add it to the layer
 * (ac_layer_add_animation(), any key: it is always added under "transition", kCATransition, so
 * adding one replaces the layer's running transition, which stops with finished 0), then
 * change the layer (its contents, colours, sublayers) in the same transaction; or return it
 * from an action (a delegate's action handler or the layer's actions table) for a "contents"
 * change or for the "transition" event of ac_layer_replace_sublayer(): there is no built-in
 * transition action. Like every animation it has the CAMediaTiming fields, a timing function,
 * the flags (additive, cumulative and keeps-final-value do not apply to it), a delegate told of
 * start and stop exactly once, and it is removed on completion by default. Its duration 0
 * becomes the transaction's animation duration or 0.25 s when added, as for the other kinds;
 * its timing function, when unset, the transaction's (else linear). A group refuses a
 * transition child (AC_ERR_INVALID_ARGUMENT, from ac_animation_set_children() and the add)
 * [INFERRED: Core Animation documents no meaning for it].
 *
 * Progress: at each tick p = start_progress + (end_progress - start_progress) * f, f the
 * timing sample's fraction through the timing function (so repeats, autoreverse, speed and
 * fill modes apply as for any animation). What is drawn at p, W x H the layer's bounds size
 * and D the side the motion starts from ((W, 0) from the right, (-W, 0) from the left, (0, H)
 * from the top, which is maximum y as for contents gravity, (0, -H) from the bottom; no subtype
 * acts as from the left [INFERRED: Apple's push example with no subtype shown enters from the
 * left]), [INFERRED from the type descriptions, reference §6.2]:
 *
 *     fade    old alpha 1 - p, new alpha p, summed (AC_TRANSITION_LAYERING_CROSS_DISSOLVE)
 *     moveIn  old still; new at offset D (1 - p), drawn over the old
 *     push    old at offset -D p; new at offset D (1 - p), drawn over the old
 *     reveal  old at offset -D p, drawn over the new; new still
 *
 * Alphas are clamped to [0, 1]; a curve that overshoots moves the offsets past their ends.
 * Whether the moving images are clipped to the bounds is unverified on Apple; the entry's
 * AC_RENDER_CLIPS says whether the layer clips. ac_transition_composite_at() computes this table
 * (the render list calls the same function).
 *
 * [Decision] start_progress and end_progress must be in [0, 1] with start <= end (the legal
 * range of reference §6.1); Core Animation stores other values unchecked with no defined
 * effect, animcore refuses them.
 *
 * ---- Transitions in the render list: the old state, what the host keeps and for how long ----
 *
 * Core Animation snapshots the layer's rendered subtree when the transition is added; animcore
 * draws nothing, so the host keeps the old image. Each render list entry (presentation values)
 * of a layer with a committed transition carries its transition_id, type and subtype, and
 * transition_state says what to do, as seen from the list's previous fill of the same root:
 *
 *   AC_TRANSITION_BEGAN      the transition is new to this list: before drawing this fill,
 *                            snapshot what you last drew for this layer and its subtree (the
 *                            previous frame's pixels of the entry's subtree, or render the
 *                            previous list's entries of the layer again; nothing if the layer
 *                            was not drawn), and key it by transition_id (for a layer a
 *                            replicator draws more than once, by transition_id and which of
 *                            the layer's entries it is, in list order: the list matches the
 *                            n-th entry of a layer to the previous fill's n-th, and each gets
 *                            BEGAN). Drop the layer's snapshots of other transition ids: a
 *                            layer has one transition at a time. [Limitation] An instance
 *                            that stops drawing the layer (its mask or hidden state at its
 *                            time) shifts the later instances' places in that order.
 *   AC_TRANSITION_IN_EFFECT  composite: draw the layer's entry and its subtree (up to its
 *                            subtree_end) offscreen as the new image, then put the snapshot and
 *                            it together in the layer's space at the offsets and alphas given,
 *                            in the layer's place (transition_layering says which is on top).
 *                            Without it (waiting for a later begin time, or kept after its end
 *                            without a forwards fill) draw the layer as usual; keep the snapshot.
 *   AC_TRANSITION_ACTIVE     its progress moves: the entry is AC_RENDER_CHANGED every fill, and
 *                            the dirty rectangle covers the layer's subtree grown by the longer
 *                            offset (this fill's and the previous one's).
 *   AC_TRANSITION_ENDED      the transition of transition_id is gone (finished and removed, or
 *                            removed): drop its snapshot; the other transition fields read as
 *                            none. Reported once.
 *
 * Keep the snapshot from BEGAN until ENDED, a BEGAN of another id on the same layer, or the
 * layer's entry leaving the list (a hidden or removed layer takes its transition's snapshot
 * with it: drop snapshots of layers with no entry). Lists filled with model values carry no
 * transitions (a model fill after a presentation fill of the same list reports ENDED); each
 * list tracks its own fills, so a host that fills two lists from one root sees BEGAN in each.
 * AC_RENDER_CHANGED keeps its meaning (the entry's bytes differ from the previous one's), so
 * the fill after ENDED is changed once more, and a transition waiting to begin changes its
 * entry in the fill that reports BEGAN.
 *
 *     const ac_render_entry *entries; size_t count;
 *     ac_render_list_fill(engine, list, root, AC_GEOMETRY_PRESENTATION, &entries, &count, NULL, NULL);
 *     for (size_t i = 0; i < count; i++) {
 *         const ac_render_entry *e = &entries[i];
 *         if (e->transition_state & AC_TRANSITION_ENDED) host_drop_snapshot(e->transition_id);
 *         if (e->transition_state & AC_TRANSITION_BEGAN)
 *             host_snapshot_last_frame(e->layer, e->transition_id);  // drops the layer's older one
 *         if (e->transition_state & AC_TRANSITION_IN_EFFECT) {
 *             image_t *now = host_draw_subtree_offscreen(entries, i);  // i .. subtree_end - 1
 *             host_composite(host_snapshot(e->transition_id), e->transition_old_offset,
 *                            e->transition_old_alpha, now, e->transition_new_offset,
 *                            e->transition_new_alpha, e->transition_layering, e->matrix);
 *             i = (size_t)e->subtree_end - 1;
 *         } else {
 *             host_draw_entry(e);
 *         }
 *     }
 */

/** ac_transition.type, ac_render_entry.transition_type */
#define AC_TRANSITION_FADE 0    /* kCATransitionFade, the default */
#define AC_TRANSITION_MOVE_IN 1 /* kCATransitionMoveIn */
#define AC_TRANSITION_PUSH 2    /* kCATransitionPush */
#define AC_TRANSITION_REVEAL 3  /* kCATransitionReveal */

/** ac_transition.subtype, ac_render_entry.transition_subtype */
#define AC_TRANSITION_FROM_NONE 0   /* nil, the default: a motion starts from the left */
#define AC_TRANSITION_FROM_RIGHT 1  /* kCATransitionFromRight */
#define AC_TRANSITION_FROM_LEFT 2   /* kCATransitionFromLeft */
#define AC_TRANSITION_FROM_TOP 3    /* kCATransitionFromTop: from maximum y */
#define AC_TRANSITION_FROM_BOTTOM 4 /* kCATransitionFromBottom: from minimum y */

/** ac_transition_composite.layering, ac_render_entry.transition_layering */
#define AC_TRANSITION_LAYERING_NEW_OVER_OLD 0   /* draw the old, then the new over it */
#define AC_TRANSITION_LAYERING_OLD_OVER_NEW 1   /* draw the new, then the old over it (reveal) */
#define AC_TRANSITION_LAYERING_CROSS_DISSOLVE 2 /* old_alpha * old + new_alpha * new, premultiplied
                                                   (fade; source-over would darken the middle) */

/** ac_render_entry.transition_state */
#define AC_TRANSITION_BEGAN 1     /* new to this list: snapshot the layer's last drawing now */
#define AC_TRANSITION_IN_EFFECT 2 /* composite old and new as the entry's fields say */
#define AC_TRANSITION_ACTIVE 4    /* progress moving: changed every fill */
#define AC_TRANSITION_ENDED 8     /* transition_id is gone: drop its snapshot */

/** A transition's parameters. */
typedef struct ac_transition {
    uint32_t struct_size;  /* sizeof(ac_transition) */
    int32_t type;          /* AC_TRANSITION_FADE (default), _MOVE_IN, _PUSH, _REVEAL */
    int32_t subtype;       /* AC_TRANSITION_FROM_*; default AC_TRANSITION_FROM_NONE */
    int32_t reserved;      /* must be 0 */
    double start_progress; /* finite, in [0, 1], <= end_progress; default 0 */
    double end_progress;   /* finite, in [0, 1]; default 1 */
} ac_transition;

/**
 * Fills *transition with the defaults (fade, no subtype, progress 0 to 1). Header-only, so that
 * struct_size is the size the caller compiled with. Error: AC_ERR_NULL_POINTER.
 */
static inline ac_status ac_transition_init(ac_transition *transition) {
    if (transition == NULL) return AC_ERR_NULL_POINTER;
    transition->struct_size = (uint32_t)sizeof(ac_transition);
    transition->type = AC_TRANSITION_FADE;
    transition->subtype = AC_TRANSITION_FROM_NONE;
    transition->reserved = 0;
    transition->start_progress = 0.0;
    transition->end_progress = 1.0;
    return AC_OK;
}

/**
 * A new transition description (CATransition): the defaults of ac_transition_init() and the
 * shared defaults of ac_animation_create_basic() (duration 0, replaced when added; no timing
 * function; removed on completion; no delegate); no key path (ac_animation_key_path() reads "",
 * and ac_animation_set_key_path() is kept but unused). Release it with ac_animation_release().
 * Errors: AC_ERR_BAD_HANDLE (engine), AC_ERR_NULL_POINTER.
 */
ac_status ac_animation_create_transition(ac_engine *engine, ac_animation *out_animation);

/**
 * Sets the parameters of a transition. Errors, each naming the field
 * ("transition->end_progress is 0.25, below transition->start_progress = 0.75"):
 * AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER, AC_ERR_BAD_STRUCT_SIZE, AC_ERR_OUT_OF_RANGE (type or
 * subtype unknown, a progress outside [0, 1]), AC_ERR_NOT_FINITE (a NaN or infinite progress),
 * AC_ERR_INVALID_ARGUMENT (reserved not 0, end_progress below start_progress, an animation that
 * is not a transition). A failing call changes nothing.
 */
ac_status ac_animation_set_transition(ac_engine *engine, ac_animation animation,
                                      const ac_transition *transition);

/**
 * The parameters of a transition (out_transition->struct_size must be set). Errors:
 * AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER, AC_ERR_BAD_STRUCT_SIZE, AC_ERR_INVALID_ARGUMENT (not a
 * transition).
 */
ac_status ac_animation_get_transition(ac_engine *engine, ac_animation animation,
                                      ac_transition *out_transition);

/** Where and how the old and new images of a transition are drawn at a progress. */
typedef struct ac_transition_composite {
    double old_offset[2]; /* x, y in the layer's space */
    double new_offset[2];
    double old_alpha;     /* in [0, 1] */
    double new_alpha;     /* in [0, 1] */
    int32_t layering;     /* AC_TRANSITION_LAYERING_* */
    int32_t reserved;     /* written 0 */
} ac_transition_composite;

/**
 * The composite of a transition of type and subtype at progress over bounds of width x height
 * (the table above; what the render list's entries carry). Errors: AC_ERR_NULL_POINTER
 * (out_composite), AC_ERR_OUT_OF_RANGE (type, subtype), AC_ERR_NOT_FINITE (progress, width,
 * height). Needs no engine.
 */
ac_status ac_transition_composite_at(int32_t type, int32_t subtype, double progress,
                                     double width, double height,
                                     ac_transition_composite *out_composite);

/* ============================================================================================ */
/* Transactions (CATransaction)                                                                 */
/* ============================================================================================ */

/*
 * Transactions are per thread and per engine: each thread's begin/commit nest on their own and
 * a thread reads only its own values. A thread with no transaction open reads the defaults
 * (reading opens nothing). Whatever needs a transaction when none is open on the thread (an
 * animation added by ac_layer_add_animation() or by an action, setting a transaction value,
 * adding a completion) opens an implicit one, committed by the next ac_engine_tick() (from any
 * thread) or by ac_transaction_flush() on the thread; an implicit transaction with explicit
 * ones open inside it waits for them to commit first.
 *
 * When animations begin. Core Animation begins the animations of a transaction (added
 * explicitly or by actions) at its commit's time, and its run loop commits right after the
 * change. animcore knows the time only when the host gives it: without a clock, they begin
 * at the first tick after the outermost commit (a begin time of 0 becomes the layer's time
 * then). So set opacity to 0 at host time 10.2 and tick next at 10.5: the 0.25 s implicit
 * animation begins at 10.5 and still reads 1, where Core Animation's would be over. A host
 * that ticks only when something happens gives the engine its clock (ac_engine_set_clock()),
 * and they begin at the commit's time, as in Core Animation: the engine reads the clock when
 * an implicit transaction opens (the first change since the last tick or flush; its reading
 * stands for the commit that ends this run-loop turn) and when an explicit outermost
 * transaction commits; the next tick places that host time in engine time as it places its
 * own (host time elapsed × the global speed). With the clock reading 10.2 at the change, the
 * tick at 10.5 shows the animation 0.3 s in: over (it reads 0), as Core Animation shows; a 1 s
 * one would be at 0.3 of its curve. A host that handles several events between two ticks calls
 * ac_transaction_flush() after each (the end of its run-loop turn), so the next event's
 * changes read the clock again. Either way, until the next tick the property shows what it
 * showed when the animation was added (presentation values are those of the last tick).
 *
 * A nested transaction reads the enclosing one's values until it sets its own; its settings
 * end with it.
 */

/** A host clock: the host's time now, in seconds on the clock it passes to ac_engine_tick(). */
typedef double (*ac_clock_fn)(void *user_data);

/**
 * Sets the engine's host clock; clock NULL clears it (user_data and destroy are then ignored)
 * and is the default. With a clock, a transaction's animations begin at its commit's time (see
 * above) rather than at the next tick. destroy (optional) runs with user_data when the clock is
 * replaced or cleared, or the engine is destroyed.
 * - A reading before the last tick's host time begins at the last tick; one after the next
 *   tick's, at that tick (so a reading never moves an animation out of the frames shown).
 *   Before the second tick, animations begin at the tick (the engine's time starts there).
 * - A reading that is not finite or beyond ±AC_TIME_LIMIT_S is refused: that transaction's
 *   animations begin at the next tick, and that tick answers AC_ERR_NOT_FINITE or
 *   AC_ERR_OUT_OF_RANGE (the message names the clock and its reading) and does nothing else;
 *   the tick after it runs.
 * - The clock is called on the thread making the change, at most once per call into the
 *   engine, after the engine's state is updated and holding the engine's lock: it may call the
 *   engine (a transaction such a call opens or commits takes the same reading), but must not
 *   wait for another thread that uses the engine.
 * Errors: AC_ERR_BAD_HANDLE, AC_ERR_INVALID_STATE while the engine is being destroyed (destroy
 * is not called then).
 */
ac_status ac_engine_set_clock(ac_engine *engine, ac_clock_fn clock, void *user_data, ac_destroy_fn destroy);

/** Opens a transaction on the calling thread, nested inside any open one. */
ac_status ac_transaction_begin(ac_engine *engine);

/**
 * Commits the calling thread's innermost explicit transaction (ac_transaction_begin() or
 * ac_animate_begin()); its settings end. When it is the outermost, its animations start at the
 * next tick (at the commit's time with a clock: ac_engine_set_clock()) and its completions
 * become due. Commit without begin: AC_ERR_INVALID_STATE and
 * nothing else happens (an implicit transaction is committed by tick or flush, not by commit).
 */
ac_status ac_transaction_commit(ac_engine *engine);

/** Commits the calling thread's implicit transaction now; nothing while an explicit one is open. */
ac_status ac_transaction_flush(ac_engine *engine);

/**
 * animationDuration: the duration of implicit animations and of animations added with duration
 * 0 (seconds; finite, > 0 and <= AC_TIME_LIMIT_S; default ac_engine_config.default_duration_s,
 * 0.25). Errors: AC_ERR_NOT_FINITE, AC_ERR_OUT_OF_RANGE.
 */
ac_status ac_transaction_set_animation_duration(ac_engine *engine, double duration_s);
ac_status ac_transaction_animation_duration(ac_engine *engine, double *out_duration_s);

/**
 * animationTimingFunction: the curve of implicit animations (which use "default" when the
 * transaction has none) and of animations added without their own (which are linear when it
 * has none). function NULL removes this transaction's own function (a nested transaction then
 * reads the enclosing one's). *out_is_set is 0 when the thread reads none (*out_function is then
 * linear). Errors: as ac_timing_function_evaluate.
 */
ac_status ac_transaction_set_timing_function(ac_engine *engine, const ac_timing_function *function);
ac_status ac_transaction_timing_function(ac_engine *engine, ac_timing_function *out_function,
                                         int32_t *out_is_set);

/**
 * disableActions (0 or 1; default 0): property changes and tree events run no actions; the
 * changes still happen. ac_layer_action_for_key() answers the same either way.
 * Error: AC_ERR_OUT_OF_RANGE (not 0 or 1).
 */
ac_status ac_transaction_set_disable_actions(ac_engine *engine, int32_t disable);
ac_status ac_transaction_disable_actions(ac_engine *engine, int32_t *out_disable);

/**
 * Additive implicit animations (0 or 1; default 0): the model takes the new value at once and an
 * additive animation runs the difference from old − new to zero, so interrupted motion stays
 * continuous (UIKit's animations since iOS 8). Each such animation has a key of its own,
 * "<property>.additive.<n>", so earlier ones keep running and add up. Kinds that do not
 * interpolate (bool, token) animate as without it. Error: AC_ERR_OUT_OF_RANGE (not 0 or 1).
 */
ac_status ac_transaction_set_additive(ac_engine *engine, int32_t additive);
ac_status ac_transaction_additive(ac_engine *engine, int32_t *out_additive);

/**
 * Implicit springs (beyond CATransaction; UIKit's usingSpringWithDamping:initialSpringVelocity:,
 * SwiftUI's withAnimation(.spring(duration:bounce:))): with a spring set (copied; NULL: none,
 * i.e. the enclosing transaction's, by default none), every implicit animation of the
 * transaction is a spring animation of that spring, lasting its settling duration unless a
 * transaction sets ac_transaction_set_animation_duration(); the timing function is not used.
 * A non-additive one starts from the presentation value with the presentation's velocity
 * (ac_layer_get_presentation_velocity(); the spring's initial_velocity is then replaced for
 * the properties that are animating; scalar, point, size, rect, vector3 and colour properties
 * carry their velocity, transforms start from rest), the motion continuing from the time they were measured
 * (the last tick) rather than holding still until the commit's tick, so a change in flight — whatever was animating the
 * property: basic, keyframe, spring — neither jumps nor stops short (beyond Core Animation,
 * whose new animation starts from rest). In the additive mode each change is an additive
 * spring of old - new to zero and the running ones keep moving. Errors: the spring checks of
 * the Springs section (naming spring->...).
 */
ac_status ac_transaction_set_spring(ac_engine *engine, const ac_spring *spring);
/**
 * The spring the calling thread's transactions set: *out_is_set 1 and *out_spring (its
 * struct_size must be set), or *out_is_set 0 and *out_spring the defaults of ac_spring_init().
 * Errors: AC_ERR_NULL_POINTER, AC_ERR_BAD_STRUCT_SIZE (out_spring).
 */
ac_status ac_transaction_spring(ac_engine *engine, ac_spring *out_spring, int32_t *out_is_set);

/**
 * Arbitrary key/value pairs (CATransaction setValue:forKey:); value NULL unsets. key is UTF-8.
 * "animationDuration" (scalar) and "disableActions" (bool) are the settings above, with their
 * checks, and cannot be unset (AC_ERR_WRONG_KIND); "animationTimingFunction" has no ac_value
 * kind: use ac_transaction_set_timing_function() (AC_ERR_INVALID_ARGUMENT here, in both calls).
 * Reading a key the thread never set: AC_ERR_UNKNOWN_KEY. Errors: AC_ERR_NULL_POINTER,
 * AC_ERR_UNKNOWN_KEY (key ""), AC_ERR_INVALID_ARGUMENT (not UTF-8), the value checks of ac_value.
 */
ac_status ac_transaction_set_value(ac_engine *engine, const char *key, const ac_value *value);
ac_status ac_transaction_get_value(ac_engine *engine, const char *key, ac_value *out_value);

/**
 * A completion: runs once, during a tick after the outermost commit (on the thread calling
 * ac_engine_tick()), when every animation added in the transaction (nested transactions'
 * included) has finished or been removed; at the next tick when none was added, never inside
 * commit. finished is 0 when any of them was removed, replaced or its layer destroyed before
 * finishing. A transaction still open when its engine is destroyed ends then: its completions
 * run during ac_engine_destroy() with finished = 0.
 */
typedef void (*ac_completion_fn)(ac_engine *engine, int32_t finished, void *user_data);

/**
 * Adds a completion to the calling thread's innermost transaction (opening an implicit one when
 * none is open); several add up, each runs once. The registration ends (destroy runs) after it
 * has run, or when its engine is destroyed; fn NULL: destroy runs at once.
 */
ac_status ac_transaction_add_completion(ac_engine *engine, ac_completion_fn fn, void *user_data,
                                        ac_destroy_fn destroy);

/* ============================================================================================ */
/* Animation blocks (UIKit's UIView.animate)                                                    */
/* ============================================================================================ */

/** ac_animate_options.curve */
#define AC_CURVE_EASE_IN_OUT 0 /* "ease_in_out" (0.42, 0) (0.58, 1); the default */
#define AC_CURVE_EASE_IN 1     /* "ease_in" */
#define AC_CURVE_EASE_OUT 2    /* "ease_out" */
#define AC_CURVE_LINEAR 3      /* "linear" */
#define AC_CURVE_CUSTOM 4      /* custom_function */

/** The options of an animation block. Fill with ac_animate_options_init(). */
typedef struct ac_animate_options {
    uint32_t struct_size;                 /* sizeof(ac_animate_options) */
    int32_t curve;                        /* AC_CURVE_*; default AC_CURVE_EASE_IN_OUT */
    double duration_s;                    /* finite, > 0, <= AC_TIME_LIMIT_S; default 0.25 */
    double delay_s;                       /* finite, >= 0, <= AC_TIME_LIMIT_S: the implicit
                                             animations begin this long after the commit and
                                             show their start value meanwhile; default 0 */
    double repeat_count;                  /* >= 0, may be INFINITY; default 0 (once) */
    int32_t autoreverses;                 /* 0 or 1; default 0 */
    int32_t begin_from_current_state;     /* 0 or 1: a non-additive implicit animation starts
                                             from the presentation value (1, the default) or
                                             from the old model value (0) */
    int32_t additive;                     /* 0 or 1; default 0; see ac_transaction_set_additive */
    int32_t reserved;                     /* must be 0 */
    ac_timing_function custom_function;   /* for AC_CURVE_CUSTOM (checked only then); default
                                             linear */
    ac_completion_fn completion;          /* may be NULL; runs as a transaction completion */
    void *completion_user_data;
    ac_destroy_fn completion_destroy;     /* may be NULL; see the callback rule */
    const ac_spring *spring;              /* NULL (the default): no spring; else every implicit
                                             animation of the block is a spring animation of
                                             *spring (copied by ac_animate_begin(); checked as
                                             in the Springs section), lasting its settling
                                             duration unless an enclosing transaction sets a
                                             duration; duration_s and curve are then not used;
                                             see ac_transaction_set_spring() */
} ac_animate_options;

/**
 * Fills *options with the defaults. Header-only, so that struct_size is the size the caller
 * compiled with (bindings fill the struct themselves). Error: AC_ERR_NULL_POINTER.
 */
static inline ac_status ac_animate_options_init(ac_animate_options *options) {
    if (options == NULL) return AC_ERR_NULL_POINTER;
    options->struct_size = (uint32_t)sizeof(ac_animate_options);
    options->curve = AC_CURVE_EASE_IN_OUT;
    options->duration_s = 0.25;
    options->delay_s = 0.0;
    options->repeat_count = 0.0;
    options->autoreverses = 0;
    options->begin_from_current_state = 1;
    options->additive = 0;
    options->reserved = 0;
    options->custom_function.kind = AC_TIMING_FUNCTION_CUBIC_BEZIER;
    options->custom_function.steps = 0;
    options->custom_function.step_position = 0;
    options->custom_function.reserved = 0;
    options->custom_function.x1 = 0.0;
    options->custom_function.y1 = 0.0;
    options->custom_function.x2 = 1.0;
    options->custom_function.y2 = 1.0;
    options->completion = NULL;
    options->completion_user_data = NULL;
    options->completion_destroy = NULL;
    options->spring = NULL;
    return AC_OK;
}

/**
 * Opens an animation block: an explicit transaction whose settings are the options (duration,
 * curve as its timing function, delay, repeat count, autoreverses, begin-from-current-state,
 * additive) and whose completion is options->completion. Every change of an animatable
 * property made in it, on any layer, built-in and custom properties alike, animates with them
 * (delay, repeat and autoreverses apply to implicit animations only; explicit animations added
 * in it take its duration and curve when they have none). Blocks nest like transactions and may
 * be mixed with them. options NULL: the defaults. Errors: AC_ERR_BAD_STRUCT_SIZE,
 * AC_ERR_NOT_FINITE (a NaN or infinite duration or delay, a NaN repeat count),
 * AC_ERR_OUT_OF_RANGE (duration <= 0, a negative delay or repeat count, beyond AC_TIME_LIMIT_S,
 * an unknown curve, a flag not 0 or 1), AC_ERR_INVALID_ARGUMENT (reserved, a malformed
 * custom_function), the spring checks of the Springs section for options->spring (naming
 * options->spring->mass, ...); then nothing is opened and completion_destroy never runs.
 */
ac_status ac_animate_begin(ac_engine *engine, const ac_animate_options *options);

/** Commits the block or transaction opened last on this thread (ac_transaction_commit()). */
ac_status ac_animate_commit(ac_engine *engine);

/* ============================================================================================ */
/* Animators (UIViewPropertyAnimator, Web Animations' Animation)                                */
/* ============================================================================================ */

/*
 * An animator holds animations on any layers on one clock, to start, pause, scrub, reverse,
 * speed up, finish at a position or cancel, with a completion told where it ended. It is built
 * on Core Animation's timing, not a second engine: its animations stay ordinary attached
 * animations, and each control call sets their speed, time offset and begin time (pause: speed
 * 0 with the time offset at the position; seek: the time offset; resume: the begin time now;
 * reverse and rate: the speed's sign and size), so fill, did-start and did-stop (once) and the
 * presentation work as for any animation. While it lives it keeps them attached (not removed
 * on completion) and filling forwards — backwards too for the earliest of each layer and key
 * path, so a sequence on one property shows each part in turn; when it ends it writes what
 * they show at that position into the model (nothing snaps back) and removes them. A paused
 * animator scrubbed to or past an animation's end holds it there without ending it (Web
 * Animations: paused is not finished): its did-stop comes when the running clock leaves it (past
 * its end, or past its start when reversed), or, with finished = 0, when the animator finishes
 * or is cancelled — not while paused, so scrubbing back shows it again with nothing sent twice. (A group, an animation of no length or one paced by steps
 * cannot be held at its end unended: scrubbed past its end, it ends there.)
 *
 * Its clock: its time runs from 0 (the start) to its duration (the end); fraction_complete is
 * time / duration, also while reversed. Control calls take effect at the engine's current time
 * (the last tick's). A running animator ends during the tick whose time reaches the end it runs
 * to: the end forwards, the start when reversed or at a negative rate. Its clock runs in engine
 * seconds also for animations on layers with their own time (speed, time offset, begin time,
 * theirs or an ancestor's): each control call converts its rate through each layer's time scale
 * at that moment (a layer's timing changed later is not followed until the next call). A running
 * clock over a layer whose time stands still or runs backwards (speed <= 0) is refused:
 * AC_ERR_INVALID_STATE from the call that would run it.
 *
 * States (AC_ANIMATOR_*), with UIKit's and the Web's names: INACTIVE (made, not started: its
 * animations are held at their start; UIViewAnimatingState.inactive), RUNNING (.active and
 * running; "running"), PAUSED (.active, not running; "paused"), FINISHED (ended: .stopped and
 * back to .inactive; "finished", or "idle" after a cancel). inactive -> running by
 * ac_animator_start(); inactive or running -> paused by ac_animator_pause() (and
 * ac_animator_set_fraction_complete() or ac_animator_seek() from inactive); paused -> running by
 * ac_animator_start() or ac_animator_continue(); any but finished -> finished by
 * ac_animator_finish(), ac_animator_cancel() or the clock reaching an end. A finished animator
 * refuses every call but ac_animator_get_info(), retain and release (AC_ERR_INVALID_STATE); it is
 * not reused: make a new one.
 *
 * References: ac_animator_create() gives the caller one; ac_animator_retain() adds one,
 * ac_animator_release() drops one (0 is a no-op). When the last goes, a running animator runs on
 * to its end (its completions still run); an inactive or paused one, which nothing could start
 * again, is cancelled. A released, stale or foreign handle: AC_ERR_BAD_HANDLE — a handle is
 * released as soon as its last reference is dropped, also while its animator runs on, so a
 * further release (or any other call through it) is refused, never counted.
 *
 * Threads: every function may be called from any thread (the engine's lock serialises them);
 * a block (ac_animator_begin() ... ac_animator_commit()) belongs to the thread that opened it.
 */

/** An animator handle (64 bits, scoped to its engine). */
typedef uint64_t ac_animator;

/** ac_animator_info.state */
#define AC_ANIMATOR_INACTIVE 0
#define AC_ANIMATOR_RUNNING 1
#define AC_ANIMATOR_PAUSED 2
#define AC_ANIMATOR_FINISHED 3

/** Where an animator ended (UIViewAnimatingPosition, and a cancel). */
#define AC_ANIMATOR_POSITION_END 0       /* the model holds the animations' end values */
#define AC_ANIMATOR_POSITION_START 1     /* the model holds their start values */
#define AC_ANIMATOR_POSITION_CURRENT 2   /* the model holds what they showed where it stood */
#define AC_ANIMATOR_POSITION_CANCELLED 3 /* ac_animator_cancel(): the model as it was */

/** An animator's state and clock. Set struct_size before ac_animator_get_info(). */
typedef struct ac_animator_info {
    uint32_t struct_size;     /* sizeof(ac_animator_info) */
    int32_t state;            /* AC_ANIMATOR_* */
    double duration_s;        /* seconds from start to end (>= the duration given) */
    double time_s;            /* seconds from the start, in [0, duration_s] */
    double fraction_complete; /* time_s / duration_s, in [0, 1] (duration 0: 1 once ended at its end) */
    double rate;              /* playback rate: its seconds per engine second, signed */
    int32_t reversed;         /* 1: it runs towards the start (with the sign of rate) */
    int32_t animation_count;  /* its animations still attached */
} ac_animator_info;

/**
 * An animator's completion: runs once, during a tick (on the thread calling ac_engine_tick()),
 * with position AC_ANIMATOR_POSITION_*: the tick that reaches its end, or the next tick after
 * ac_animator_finish() or ac_animator_cancel(); during ac_engine_destroy() with CANCELLED for one
 * that has not ended.
 */
typedef void (*ac_animator_completion_fn)(ac_engine *engine, int32_t position, void *user_data);

/**
 * Makes an inactive animator; *out_animator gets the caller's reference. duration_s: seconds,
 * finite, in [0, AC_TIME_LIMIT_S]: the changes of its blocks animate over it (0: over the
 * engine's default duration); it grows to the latest end of its animations. function: the
 * curve its blocks' changes animate with; NULL: the transaction's. Errors: AC_ERR_NULL_POINTER
 * (out_animator), AC_ERR_NOT_FINITE, AC_ERR_OUT_OF_RANGE (duration_s), AC_ERR_INVALID_ARGUMENT
 * (a malformed function), AC_ERR_INVALID_STATE (while the engine is being destroyed).
 */
ac_status ac_animator_create(ac_engine *engine, double duration_s, const ac_timing_function *function,
                             ac_animator *out_animator);
/** Adds a reference. Errors: AC_ERR_BAD_HANDLE, AC_ERR_OUT_OF_RANGE (2^31 − 1 held). */
ac_status ac_animator_retain(ac_engine *engine, ac_animator animator);
/** Drops a reference (see References above); 0 is a no-op. Error: AC_ERR_BAD_HANDLE. */
ac_status ac_animator_release(ac_engine *engine, ac_animator animator);

/**
 * Opens a block of the inactive animator on the calling thread (UIViewPropertyAnimator's
 * addAnimations): a transaction with the animator's duration and curve, in which every property
 * change animates as usual; the animations the block makes — implicit ones and those added
 * with ac_layer_add_animation(), on any layer — become the animator's at ac_animator_commit(),
 * held at their start until it starts. While the block is open, the animator's control calls
 * (start, pause, set_fraction_complete, seek, set_reversed, set_rate, continue, finish, cancel)
 * are refused with AC_ERR_INVALID_STATE. Errors: AC_ERR_BAD_HANDLE, AC_ERR_INVALID_STATE (not
 * inactive, a block of it already open, the engine being destroyed).
 */
ac_status ac_animator_begin(ac_engine *engine, ac_animator animator);
/**
 * Takes over the animations the block made and commits its transaction. Animations taken over
 * by another animator's block nested inside stay that animator's. The transaction is committed
 * whenever a block of it is open on this thread: also when the animator was released inside
 * (nothing is taken over; then AC_ERR_BAD_HANDLE). Errors:
 * AC_ERR_BAD_HANDLE, AC_ERR_INVALID_STATE (no block of it open on this thread),
 * AC_ERR_INVALID_ARGUMENT (an animation made inside has speed 0 or repeats forever: it runs on
 * its own, the others are taken over, the transaction is committed), AC_ERR_OUT_OF_RANGE (one
 * ending beyond AC_TIME_LIMIT_S, likewise).
 */
ac_status ac_animator_commit(ac_engine *engine, ac_animator animator);
/**
 * Adds a copy of the description animation to layer as one of the animator's
 * (ac_layer_add_animation() in a block of it): a duration of 0 takes the animator's, no timing
 * function its. key may be NULL. Errors: those of ac_layer_add_animation(), of
 * ac_animator_begin() and of ac_animator_commit().
 */
ac_status ac_animator_add_animation(ac_engine *engine, ac_animator animator, ac_layer layer,
                                    ac_animation animation, const char *key);
/**
 * Adds a completion (see ac_animator_completion_fn); several run in the order added. The
 * registration ends (destroy runs) after it has run, or when the engine is destroyed; fn NULL:
 * destroy runs at once. Errors: AC_ERR_BAD_HANDLE, AC_ERR_INVALID_STATE (finished); then destroy
 * does not run.
 */
ac_status ac_animator_add_completion(ac_engine *engine, ac_animator animator, ac_animator_completion_fn fn,
                                     void *user_data, ac_destroy_fn destroy);

/** Runs its clock from where it stands (startAnimation; Web play). Errors: AC_ERR_BAD_HANDLE,
 * AC_ERR_INVALID_STATE (finished). */
ac_status ac_animator_start(ac_engine *engine, ac_animator animator);
/** Stops its clock where it stands (pauseAnimation; Web pause). Errors: as ac_animator_start. */
ac_status ac_animator_pause(ac_engine *engine, ac_animator animator);
/**
 * Moves it to fraction_complete of its way (UIKit's fractionComplete): inactive becomes paused
 * there, paused stays paused, running runs on from there. Paused at 1 (or at an animation's
 * very end) its animations show their end without ending: no did-stop until it finishes or its
 * clock runs to the end. Errors: AC_ERR_NOT_FINITE,
 * AC_ERR_OUT_OF_RANGE (outside [0, 1]: refused, not clamped), AC_ERR_BAD_HANDLE,
 * AC_ERR_INVALID_STATE (finished).
 */
ac_status ac_animator_set_fraction_complete(ac_engine *engine, ac_animator animator, double fraction_complete);
/** Moves it to time_s seconds from its start (Web currentTime), as above. Errors: as above
 * (AC_ERR_OUT_OF_RANGE outside [0, duration_s]). */
ac_status ac_animator_seek(ac_engine *engine, ac_animator animator, double time_s);
/**
 * reversed 1: it runs towards its start from where it stands (UIKit's isReversed;
 * fraction_complete does not jump and goes down); 0: towards its end. Combines with the sign of
 * the rate. Errors: AC_ERR_OUT_OF_RANGE (not 0 or 1), AC_ERR_BAD_HANDLE, AC_ERR_INVALID_STATE.
 */
ac_status ac_animator_set_reversed(ac_engine *engine, ac_animator animator, int32_t reversed);
/**
 * Sets the playback rate (Web playbackRate) from where it stands: 2 twice as fast, -1 back
 * towards the start, 0 standing still while running; default 1. Errors: AC_ERR_NOT_FINITE,
 * AC_ERR_OUT_OF_RANGE (beyond +-1e6), AC_ERR_BAD_HANDLE, AC_ERR_INVALID_STATE.
 */
ac_status ac_animator_set_rate(ac_engine *engine, ac_animator animator, double rate);
/**
 * Runs it on from where it stands (continueAnimation(withTimingParameters:durationFactor:)):
 * the time left x duration_factor (> 0, <= 1e6); with function (NULL: the animations keep
 * their curves) the part of each animation's motion left is taken over by a basic animation
 * (added under no key) from the value it shows now to the value at the end it runs to, paced by
 * function over its time left, so the value does not jump; the original stays the animator's
 * and shows the motion outside that part (scrubbing back, reversing, finishing at the start;
 * animation_count counts both). A path or array showing another shape now than at that end (a
 * to-only animation over a model value of another shape, before its switch) is taken over all
 * the same: its values switch at the continuation's 0.5, as the original's would at its own.
 * Errors:
 * AC_ERR_NOT_FINITE, AC_ERR_OUT_OF_RANGE (duration_factor), AC_ERR_INVALID_ARGUMENT (a malformed
 * function; with a function, an animation that is not a basic or spring animation, or is
 * additive: nothing changes), AC_ERR_BAD_HANDLE, AC_ERR_INVALID_STATE. All or nothing: every new
 * timing is checked before any animation is replaced; a clock running beyond +-1e6 animator
 * seconds per second (rate / duration_factor, or a spring's pace) is AC_ERR_OUT_OF_RANGE naming
 * duration_factor (spring for ac_animator_continue_with_spring()), and nothing changes.
 */
ac_status ac_animator_continue(ac_engine *engine, ac_animator animator, const ac_timing_function *function,
                               double duration_factor);
/**
 * Runs it on with a spring taking over the part of each animation's motion left (as
 * ac_animator_continue(), the original showing the rest): for each, a spring animation of its
 * own from the value shown now to the end it runs to, starting with the velocity it has now in
 * its layer's time (0 when paused; the spring's initial_velocity is replaced), so neither value
 * nor velocity jumps, whatever its length or its layer's speed; the springs last their settling
 * duration, the clock's pace set so that the longest (at its layer's speed) plays in real time.
 * Errors: the
 * spring checks of the Springs section (naming spring->...), AC_ERR_NULL_POINTER (spring), and
 * as ac_animator_continue().
 */
ac_status ac_animator_continue_with_spring(ac_engine *engine, ac_animator animator, const ac_spring *spring);
/**
 * Ends it at position (UIKit's finishAnimation(at:), from any state but finished):
 * AC_ANIMATOR_POSITION_END, _START or _CURRENT: the model takes what its animations show there,
 * they are removed, and the completions run at the next tick with position. Errors:
 * AC_ERR_OUT_OF_RANGE (not a position), AC_ERR_INVALID_ARGUMENT (CANCELLED: use
 * ac_animator_cancel()), AC_ERR_BAD_HANDLE, AC_ERR_INVALID_STATE (finished).
 */
ac_status ac_animator_finish(ac_engine *engine, ac_animator animator, int32_t position);
/**
 * Ends it without moving the model (Web cancel): its animations are removed, so each property
 * shows its model value again; the completions run at the next tick with
 * AC_ANIMATOR_POSITION_CANCELLED. Errors: AC_ERR_BAD_HANDLE, AC_ERR_INVALID_STATE (finished).
 */
ac_status ac_animator_cancel(ac_engine *engine, ac_animator animator);
/**
 * Its state and clock at the engine's time into *out_info (struct_size set by the caller).
 * Errors: AC_ERR_NULL_POINTER, AC_ERR_BAD_STRUCT_SIZE (out_info), AC_ERR_BAD_HANDLE.
 */
ac_status ac_animator_get_info(ac_engine *engine, ac_animator animator, ac_animator_info *out_info);

/* ============================================================================================ */
/* Actions                                                                                      */
/* ============================================================================================ */

/*
 * When an animatable property of a committed layer changes (a layer is committed by the first
 * tick after its creation: its first values never animate) and the transaction does not disable
 * actions, the engine searches an action for the key (the property's name, also for a key path
 * such as "position.x"): the layer delegate's action callback, the layer's actions table, the
 * class's default-action callback, then the built-in implicit animation — a basic animation
 * under the key from the presentation value to the new model value with the transaction's
 * duration and timing function ("default" when the transaction has none; for the additive mode
 * and the options of animation blocks see ac_transaction_set_additive() and
 * ac_animate_options). A step answering
 * AC_ACTION_NONE ends the search with no action. Setting a value to what it already is,
 * non-animatable properties, the layer timing properties and undeclared keys run nothing.
 *
 * Tree events search the keys "onOrderIn" (ac_layer_add_sublayer(), _insert_sublayer(): the
 * sublayer joins a tree), "onOrderOut" (ac_layer_remove_from_superlayer(), before it leaves),
 * "transition" (ac_layer_replace_sublayer(), on the new layer) and "sublayers" (on a layer whose
 * sublayers changed, after the sublayer's own event: the superlayer a moved layer left first,
 * then the one it joined or left; a mask is no sublayer), on committed layers, unless actions
 * are disabled; they have no built-in action. An action answering a transition for "sublayers"
 * animates a superlayer's sublayers changing (the transition is added under "transition").
 * [INFERRED] the order of the events and that a move asks both superlayers.
 *
 * Callbacks may change the engine, which searches again: searches nest at most 16 deep, and a
 * change made inside the 16th nested callback runs no action (as if it answered
 * AC_ACTION_NONE), so a callback that makes the change it is asked about (adding a sublayer from
 * its layer's "sublayers" action) ends instead of recursing without end. One search and the
 * callbacks under it search at most 4096 times in all (beyond, each answers no action), so
 * callbacks that each make several changes cannot multiply them. [INFERRED] both bounds.
 * ac_layer_set_mask() runs no action, also when the mask was another layer's sublayer.
 *
 * The animation an action answers is added under the key (a copy, as ac_layer_add_animation()
 * does) before the new value is stored. When it cannot be added (its key path is not an
 * animatable property, a from/to/by value of another kind), the change still happens and the
 * call returns the add's error (AC_ERR_NOT_ANIMATABLE, AC_ERR_WRONG_KIND, AC_ERR_UNKNOWN_KEY).
 */

/** What an action callback answers. */
#define AC_ACTION_CONTINUE 0  /* no answer: continue the search (Objective-C nil) */
#define AC_ACTION_NONE 1      /* stop: no action (NSNull) */
#define AC_ACTION_ANIMATION 2 /* run the animation the callback configured */

/**
 * An action callback (actionForLayer:forKey:, +defaultActionForKey:). animation is a fresh
 * basic animation description of key_path = key that the callback may configure
 * (ac_animation_set_*, or ac_animation_assign() of a keyframe animation or group; left as it is, it animates from the presentation value to the new model
 * value over the transaction's duration, linearly unless the transaction has a timing
 * function); answering AC_ACTION_ANIMATION adds a copy of it under the key. The engine releases
 * the description when the callback returns, whatever it answered (the callback must not
 * release it; if it does, AC_ACTION_ANIMATION counts as AC_ACTION_CONTINUE). Any answer other
 * than AC_ACTION_NONE and AC_ACTION_ANIMATION counts as AC_ACTION_CONTINUE.
 *
 * Runs on the thread making the change, inside the call that makes it (ac_layer_set_value(),
 * ac_layer_add_sublayer(), ...), before the new value is stored: the layer reads its old model
 * value and its presentation value. It may call any function of this header; other threads'
 * calls into the engine wait until it returns. A change it makes to the layer runs its own
 * action search. If it destroys the layer (releases it), no action runs, and a property change
 * returns AC_ERR_BAD_HANDLE (a tree event's call returns AC_OK); if it destroys the engine, the
 * call returns AC_ERR_INVALID_STATE.
 */
typedef int32_t (*ac_action_fn)(ac_engine *engine, ac_layer layer, const char *key,
                                ac_animation animation, void *user_data);

/**
 * Sets the layer delegate's action callback (fn NULL: none), the first step of the search. It is
 * independent of the delegate set with ac_layer_set_delegate(): each call replaces only its own
 * callback (the previous registration's destroy runs). Errors: AC_ERR_BAD_HANDLE.
 */
ac_status ac_layer_set_action_callback(ac_engine *engine, ac_layer layer, ac_action_fn fn,
                                       void *user_data, ac_destroy_fn destroy);

/**
 * Sets the class's default-action callback (+defaultActionForKey:; fn NULL: none), the third
 * step of the search, for layers of the class (0 = the built-in class) and of classes declared
 * later with it as superclass. The previous registration ends. Errors: AC_ERR_BAD_HANDLE.
 */
ac_status ac_class_set_default_action(ac_engine *engine, ac_class layer_class, ac_action_fn fn,
                                      void *user_data, ac_destroy_fn destroy);

/**
 * Sets the layer's actions table entry for key (CALayer.actions), the second step of the
 * search: an animation to run (animation != 0, no_action 0), an explicit "no action" that stops
 * the search (animation 0, no_action 1), or no entry (animation 0, no_action 0: removed). The
 * table holds a copy of the description (delegate included): releasing or editing the
 * description afterwards does not change the entry, and each use adds a new copy under key.
 * Errors: AC_ERR_BAD_HANDLE (layer, animation), AC_ERR_NULL_POINTER, AC_ERR_UNKNOWN_KEY (key
 * ""), AC_ERR_INVALID_ARGUMENT (not UTF-8; animation != 0 with no_action 1),
 * AC_ERR_OUT_OF_RANGE (no_action not 0 or 1).
 */
ac_status ac_layer_set_action(ac_engine *engine, ac_layer layer, const char *key,
                              ac_animation animation, int32_t no_action);

/**
 * What the action search answers for key on layer (actionForKey:): the delegate's action
 * callback, the actions table, then the class's default-action callback (the callbacks run),
 * never the built-in implicit animation. *out_result is AC_ACTION_CONTINUE when no step
 * answered (a property change would then run the built-in implicit animation), AC_ACTION_NONE,
 * or AC_ACTION_ANIMATION with *out_animation a new description the caller releases
 * (*out_animation is 0 otherwise). disableActions does not change the answer. Errors:
 * AC_ERR_BAD_HANDLE, AC_ERR_NULL_POINTER, AC_ERR_UNKNOWN_KEY (key ""), AC_ERR_INVALID_ARGUMENT
 * (not UTF-8).
 */
ac_status ac_layer_action_for_key(ac_engine *engine, ac_layer layer, const char *key,
                                  int32_t *out_result, ac_animation *out_animation);

/**
 * Replaces old_layer among its superlayer's sublayers by new_layer (moved from wherever it was),
 * then runs new_layer's "transition" action (not "onOrderIn" nor "onOrderOut") and the
 * "sublayers" actions (see Actions). old_layer loses its superlayer's reference (it is
 * destroyed if nothing else holds it). Replacing a layer by itself changes nothing and runs no
 * action, as setting a value to what it is. Errors:
 * AC_ERR_BAD_HANDLE (old_layer, new_layer), AC_ERR_INVALID_ARGUMENT (old_layer has no
 * superlayer, or is its superlayer's mask: set the mask instead), AC_ERR_CYCLE (new_layer is
 * the superlayer or one of its ancestors).
 */
ac_status ac_layer_replace_sublayer(ac_engine *engine, ac_layer old_layer, ac_layer new_layer);

#ifdef __cplusplus
}
#endif

#endif /* ANIMCORE_H */
