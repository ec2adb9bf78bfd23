/*
 * Bad input: every function with NULL for each pointer, NaN and ±INFINITY for each double,
 * negative durations and counts, bad enums and flags, reserved fields, struct sizes, unknown
 * names, small buffers, empty batches, cycles, node indexes, zero speeds. Each call must
 * return the documented status and leave a last-error message that carries the status name
 * and names the argument. Nothing may crash, and a last pass feeds random bytes everywhere.
 */
#include <stdint.h>

#include "ac_test.h"

/* `call` fails with `status`; the thread's last error agrees and names `name`. */
#define EXPECT_ERROR(call, status, name)                                                     \
    do {                                                                                     \
        ac_clear_last_error();                                                               \
        if (AC_CHECK_STATUS(call, status)) {                                                 \
            AC_CHECK_EQ_INT(ac_last_error_status(), status);                                 \
            AC_CHECK_STR_CONTAINS(ac_last_error_message(), ac_status_name(status));          \
            AC_CHECK_STR_CONTAINS(ac_last_error_message(), name);                            \
        }                                                                                    \
    } while (0)

static ac_timing good_timing(void) {
    ac_timing t;
    ac_timing_init_animation(&t);
    t.duration_s = 1.0;
    return t;
}

static ac_timing_state fresh_state(void) {
    ac_timing_state s;
    memset(&s, 0, sizeof s);
    s.struct_size = sizeof s;
    return s;
}

static ac_timing_function good_function(void) {
    ac_timing_function f;
    ac_timing_function_named("easeIn", &f);
    return f;
}

static void test_null_pointers(void) {
    ac_timing t = good_timing();
    ac_timing_state st = fresh_state();
    ac_timing_function f = good_function();
    ac_timing chain[2] = {good_timing(), good_timing()};
    const int64_t parents[2] = {-1, 0};
    double d = 0, d2 = 0, xs[2] = {0.1, 0.2}, ys[2];

    EXPECT_ERROR(ac_timing_function_named(NULL, &f), AC_ERR_NULL_POINTER, "name");
    EXPECT_ERROR(ac_timing_function_named("linear", NULL), AC_ERR_NULL_POINTER, "out_function");
    EXPECT_ERROR(ac_timing_function_cubic_bezier(0.1, 0, 0.9, 1, NULL), AC_ERR_NULL_POINTER,
                 "out_function");
    EXPECT_ERROR(ac_timing_function_steps(2, AC_STEP_JUMP_END, NULL), AC_ERR_NULL_POINTER,
                 "out_function");
    EXPECT_ERROR(ac_timing_function_evaluate(NULL, 0.5, 0, &d), AC_ERR_NULL_POINTER, "function");
    EXPECT_ERROR(ac_timing_function_evaluate(&f, 0.5, 0, NULL), AC_ERR_NULL_POINTER, "out_y");
    EXPECT_ERROR(ac_timing_function_evaluate_batch(NULL, xs, 2, ys, 2), AC_ERR_NULL_POINTER,
                 "function");
    EXPECT_ERROR(ac_timing_function_evaluate_batch(&f, NULL, 2, ys, 2), AC_ERR_NULL_POINTER, "xs");
    EXPECT_ERROR(ac_timing_function_evaluate_batch(&f, xs, 2, NULL, 2), AC_ERR_NULL_POINTER,
                 "out_ys");
    EXPECT_ERROR(ac_timing_function_slope(NULL, 0.5, &d), AC_ERR_NULL_POINTER, "function");
    EXPECT_ERROR(ac_timing_function_slope(&f, 0.5, NULL), AC_ERR_NULL_POINTER, "out_slope");
    EXPECT_ERROR(ac_timing_function_range(NULL, &d, &d2), AC_ERR_NULL_POINTER, "function");
    EXPECT_ERROR(ac_timing_function_range(&f, NULL, &d2), AC_ERR_NULL_POINTER, "out_min");
    EXPECT_ERROR(ac_timing_function_range(&f, &d, NULL), AC_ERR_NULL_POINTER, "out_max");
    EXPECT_ERROR(ac_timing_function_control_point(NULL, 1, &d, &d2), AC_ERR_NULL_POINTER,
                 "function");
    EXPECT_ERROR(ac_timing_function_control_point(&f, 1, NULL, &d2), AC_ERR_NULL_POINTER, "out_x");
    EXPECT_ERROR(ac_timing_function_control_point(&f, 1, &d, NULL), AC_ERR_NULL_POINTER, "out_y");

    EXPECT_ERROR(ac_timing_init_animation(NULL), AC_ERR_NULL_POINTER, "timing");
    EXPECT_ERROR(ac_timing_init_layer(NULL), AC_ERR_NULL_POINTER, "timing");
    EXPECT_ERROR(ac_timing_validate(NULL), AC_ERR_NULL_POINTER, "timing");
    EXPECT_ERROR(ac_timing_evaluate(NULL, 0.5, &st), AC_ERR_NULL_POINTER, "timing");
    EXPECT_ERROR(ac_timing_evaluate(&t, 0.5, NULL), AC_ERR_NULL_POINTER, "out_state");
    EXPECT_ERROR(ac_timing_progress(NULL, &f, 0.5, &d), AC_ERR_NULL_POINTER, "timing");
    EXPECT_ERROR(ac_timing_progress(&t, &f, 0.5, NULL), AC_ERR_NULL_POINTER, "out_progress");
    EXPECT_ERROR(ac_timing_progress_batch(NULL, &f, xs, 2, ys, 2), AC_ERR_NULL_POINTER, "timing");
    EXPECT_ERROR(ac_timing_progress_batch(&t, &f, NULL, 2, ys, 2), AC_ERR_NULL_POINTER,
                 "parent_times_s");
    EXPECT_ERROR(ac_timing_progress_batch(&t, &f, xs, 2, NULL, 2), AC_ERR_NULL_POINTER,
                 "out_progress");
    EXPECT_ERROR(ac_timing_chain_evaluate(NULL, 2, 0.5, &st), AC_ERR_NULL_POINTER, "chain");
    EXPECT_ERROR(ac_timing_chain_evaluate(chain, 2, 0.5, NULL), AC_ERR_NULL_POINTER, "out_state");

    EXPECT_ERROR(ac_time_chain_to_local(NULL, 2, 1.0, &d), AC_ERR_NULL_POINTER, "chain");
    EXPECT_ERROR(ac_time_chain_to_local(chain, 2, 1.0, NULL), AC_ERR_NULL_POINTER, "out_time_s");
    EXPECT_ERROR(ac_time_chain_to_absolute(NULL, 2, 1.0, &d), AC_ERR_NULL_POINTER, "chain");
    EXPECT_ERROR(ac_time_chain_to_absolute(chain, 2, 1.0, NULL), AC_ERR_NULL_POINTER,
                 "out_time_s");
    EXPECT_ERROR(ac_time_tree_convert(NULL, parents, 2, 0, 1, 1.0, &d), AC_ERR_NULL_POINTER,
                 "timings");
    EXPECT_ERROR(ac_time_tree_convert(chain, NULL, 2, 0, 1, 1.0, &d), AC_ERR_NULL_POINTER,
                 "parents");
    EXPECT_ERROR(ac_time_tree_convert(chain, parents, 2, 0, 1, 1.0, NULL), AC_ERR_NULL_POINTER,
                 "out_time_s");
}

/* Count 0 with NULL buffers is allowed; so is a NULL function (linear) for progress. */
static void test_empty_batches(void) {
    ac_timing t = good_timing();
    ac_timing_function f = good_function();
    double d = NAN;
    AC_CHECK_OK(ac_timing_function_evaluate_batch(&f, NULL, 0, NULL, 0));
    AC_CHECK_OK(ac_timing_progress_batch(&t, &f, NULL, 0, NULL, 0));
    AC_CHECK_OK(ac_timing_progress_batch(&t, NULL, NULL, 0, NULL, 0));
    AC_CHECK_OK(ac_timing_progress(&t, NULL, 0.5, &d));
    AC_CHECK_OK(ac_time_chain_to_local(NULL, 0, 1.0, &d));
    AC_CHECK_OK(ac_time_chain_to_absolute(NULL, 0, 1.0, &d));
    AC_CHECK_OK(ac_time_tree_convert(NULL, NULL, 0, -1, -1, 1.0, &d));
    /* A chain of timings needs at least one. */
    ac_timing_state st = fresh_state();
    EXPECT_ERROR(ac_timing_chain_evaluate(&t, 0, 0.5, &st), AC_ERR_OUT_OF_RANGE, "count");
    EXPECT_ERROR(ac_timing_chain_evaluate(NULL, 0, 0.5, &st), AC_ERR_OUT_OF_RANGE, "count");
}

/* Non-finite plain double arguments. */
static void test_non_finite_arguments(void) {
    const double bad[3] = {NAN, INFINITY, -INFINITY};
    ac_timing t = good_timing();
    ac_timing chain[2] = {good_timing(), good_timing()};
    const int64_t parents[2] = {-1, 0};
    ac_timing_state st = fresh_state();
    ac_timing_function f = good_function(), out;
    double d = 0;
    for (int i = 0; i < 3; i++) {
        double v = bad[i];
        const ac_status nf = AC_ERR_NOT_FINITE;
        EXPECT_ERROR(ac_timing_function_cubic_bezier(v, 0, 0.5, 1, &out), nf, "x1");
        EXPECT_ERROR(ac_timing_function_cubic_bezier(0.5, v, 0.5, 1, &out), nf, "y1");
        EXPECT_ERROR(ac_timing_function_cubic_bezier(0.5, 0, v, 1, &out), nf, "x2");
        EXPECT_ERROR(ac_timing_function_cubic_bezier(0.5, 0, 0.5, v, &out), nf, "y2");
        EXPECT_ERROR(ac_timing_function_evaluate(&f, v, 0, &d), AC_ERR_NOT_FINITE, "x");
        EXPECT_ERROR(ac_timing_function_slope(&f, v, &d), AC_ERR_NOT_FINITE, "x");
        EXPECT_ERROR(ac_timing_evaluate(&t, v, &st), AC_ERR_NOT_FINITE, "parent_time_s");
        EXPECT_ERROR(ac_timing_progress(&t, &f, v, &d), AC_ERR_NOT_FINITE, "parent_time_s");
        EXPECT_ERROR(ac_timing_progress(&t, NULL, v, &d), AC_ERR_NOT_FINITE, "parent_time_s");
        EXPECT_ERROR(ac_timing_chain_evaluate(chain, 2, v, &st), AC_ERR_NOT_FINITE,
                     "parent_time_s");
        EXPECT_ERROR(ac_time_chain_to_local(chain, 2, v, &d), AC_ERR_NOT_FINITE, "time_s");
        EXPECT_ERROR(ac_time_chain_to_absolute(chain, 2, v, &d), AC_ERR_NOT_FINITE, "time_s");
        EXPECT_ERROR(ac_time_tree_convert(chain, parents, 2, 1, -1, v, &d), AC_ERR_NOT_FINITE,
                     "time_s");

        /* In batches, the message names the first bad index. */
        double xs[4] = {0.1, v, 0.3, bad[(i + 1) % 3]}, ys[4];
        EXPECT_ERROR(ac_timing_function_evaluate_batch(&f, xs, 4, ys, 4), AC_ERR_NOT_FINITE,
                     "xs[1]");
        EXPECT_ERROR(ac_timing_progress_batch(&t, &f, xs, 4, ys, 4), AC_ERR_NOT_FINITE,
                     "parent_times_s[1]");
        EXPECT_ERROR(ac_timing_progress_batch(&t, NULL, xs, 4, ys, 4), AC_ERR_NOT_FINITE,
                     "parent_times_s[1]");
    }
}

/* Out-of-range numbers given directly to the function constructors. */
static void test_constructor_ranges(void) {
    ac_timing_function out, f = good_function(), steps_fn;
    double x = 0, y = 0;
    EXPECT_ERROR(ac_timing_function_cubic_bezier(-0.1, 0, 0.5, 1, &out), AC_ERR_OUT_OF_RANGE, "x1");
    EXPECT_ERROR(ac_timing_function_cubic_bezier(1.1, 0, 0.5, 1, &out), AC_ERR_OUT_OF_RANGE, "x1");
    EXPECT_ERROR(ac_timing_function_cubic_bezier(0.5, 0, -1e-9, 1, &out), AC_ERR_OUT_OF_RANGE,
                 "x2");
    EXPECT_ERROR(ac_timing_function_cubic_bezier(0.5, 0, 2, 1, &out), AC_ERR_OUT_OF_RANGE, "x2");
    AC_CHECK_OK(ac_timing_function_cubic_bezier(0, -1e9, 1, 1e9, &out)); /* y within +-1e9 */
    EXPECT_ERROR(ac_timing_function_cubic_bezier(0, -1e300, 1, 0, &out), AC_ERR_OUT_OF_RANGE, "y1");
    EXPECT_ERROR(ac_timing_function_cubic_bezier(0, 0, 1, 1e10, &out), AC_ERR_OUT_OF_RANGE, "y2");

    EXPECT_ERROR(ac_timing_function_steps(0, AC_STEP_JUMP_END, &out), AC_ERR_OUT_OF_RANGE, "steps");
    EXPECT_ERROR(ac_timing_function_steps(-3, AC_STEP_JUMP_START, &out), AC_ERR_OUT_OF_RANGE,
                 "steps");
    EXPECT_ERROR(ac_timing_function_steps(INT32_MIN, AC_STEP_JUMP_BOTH, &out), AC_ERR_OUT_OF_RANGE,
                 "steps");
    EXPECT_ERROR(ac_timing_function_steps(1, AC_STEP_JUMP_NONE, &out), AC_ERR_OUT_OF_RANGE,
                 "steps");
    AC_CHECK_OK(ac_timing_function_steps(2, AC_STEP_JUMP_NONE, &out));
    AC_CHECK_OK(ac_timing_function_steps(1, AC_STEP_JUMP_BOTH, &out));
    AC_CHECK_OK(ac_timing_function_steps(INT32_MAX, AC_STEP_JUMP_END, &out));
    EXPECT_ERROR(ac_timing_function_steps(2, 4, &out), AC_ERR_OUT_OF_RANGE, "position");
    EXPECT_ERROR(ac_timing_function_steps(2, -1, &out), AC_ERR_OUT_OF_RANGE, "position");

    EXPECT_ERROR(ac_timing_function_control_point(&f, 4, &x, &y), AC_ERR_OUT_OF_RANGE, "index");
    EXPECT_ERROR(ac_timing_function_control_point(&f, -1, &x, &y), AC_ERR_OUT_OF_RANGE, "index");
    EXPECT_ERROR(ac_timing_function_control_point(&f, INT32_MAX, &x, &y), AC_ERR_OUT_OF_RANGE,
                 "index");
    AC_CHECK_OK(ac_timing_function_steps(3, AC_STEP_JUMP_END, &steps_fn));
    EXPECT_ERROR(ac_timing_function_control_point(&steps_fn, 1, &x, &y), AC_ERR_INVALID_ARGUMENT,
                 "function");
}

static void test_unknown_names(void) {
    ac_timing_function out;
    static char long_name[10001];
    memset(long_name, 'e', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    const char *names[] = {"", "EaseIn", "linear ", " linear", "ease_In", "nonsense",
                           "kCAMediaTimingFunctionBogus", "steps(2, end)", "\xff\xfe\xfd",
                           "easeIn\xc3\xa9", long_name};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        EXPECT_ERROR(ac_timing_function_named(names[i], &out), AC_ERR_UNKNOWN_NAME, "name");
        AC_CHECK(strlen(ac_last_error_message()) < 20000);
    }
}

static void test_buffers_too_small(void) {
    ac_timing t = good_timing();
    ac_timing_function f = good_function();
    double xs[3] = {0.1, 0.2, 0.3}, ys[3];
    EXPECT_ERROR(ac_timing_function_evaluate_batch(&f, xs, 3, ys, 2), AC_ERR_BUFFER_TOO_SMALL,
                 "out_ys");
    EXPECT_ERROR(ac_timing_function_evaluate_batch(&f, xs, 3, ys, 0), AC_ERR_BUFFER_TOO_SMALL,
                 "out_ys");
    EXPECT_ERROR(ac_timing_progress_batch(&t, &f, xs, 3, ys, 2), AC_ERR_BUFFER_TOO_SMALL,
                 "out_progress");
    EXPECT_ERROR(ac_timing_progress_batch(&t, NULL, xs, 3, ys, 1), AC_ERR_BUFFER_TOO_SMALL,
                 "out_progress");
}

/* The six double fields of ac_timing, by C name, with what each bad value must give. */
enum { F_BEGIN, F_DURATION, F_SPEED, F_OFFSET, F_COUNT, F_REPEAT_DURATION, F_FIELDS };
static const char *const field_names[F_FIELDS] = {
    "begin_time_s", "duration_s", "speed", "time_offset_s", "repeat_count", "repeat_duration_s"};

static double *field(ac_timing *t, int which) {
    switch (which) {
    case F_BEGIN: return &t->begin_time_s;
    case F_DURATION: return &t->duration_s;
    case F_SPEED: return &t->speed;
    case F_OFFSET: return &t->time_offset_s;
    case F_COUNT: return &t->repeat_count;
    default: return &t->repeat_duration_s;
    }
}

/* The status a bad value of a field must give (AC_OK when the value is allowed). */
static ac_status expected_field_status(int which, double v) {
    int may_be_infinite = which == F_DURATION || which == F_COUNT || which == F_REPEAT_DURATION;
    if (isnan(v)) return AC_ERR_NOT_FINITE;
    if (!may_be_infinite) return isinf(v) ? AC_ERR_NOT_FINITE : AC_OK;
    return v < 0 ? AC_ERR_OUT_OF_RANGE : AC_OK;
}

/* Runs every function that takes timings with `bad` in the position it is checked in:
 * `timing` for the single-timing calls, `chain[1]` and `timings[1]` for the arrays. The
 * message must name that argument and `what` (the field); `context` describes the value. */
static void expect_timing_rejected(const ac_timing *bad, ac_status status, const char *what,
                                   const char *context) {
    ac_timing good = good_timing();
    ac_timing pair[2] = {good, *bad};
    const int64_t parents[2] = {-1, 0};
    ac_timing_state st = fresh_state();
    double d = 0, xs[1] = {0.5}, ys[1];
    int failures_before = ac_test_failures();

    EXPECT_ERROR(ac_timing_validate(bad), status, "timing");
    EXPECT_ERROR(ac_timing_validate(bad), status, what);
    EXPECT_ERROR(ac_timing_evaluate(bad, 0.5, &st), status, "timing");
    EXPECT_ERROR(ac_timing_evaluate(bad, 0.5, &st), status, what);
    EXPECT_ERROR(ac_timing_progress(bad, NULL, 0.5, &d), status, "timing");
    EXPECT_ERROR(ac_timing_progress_batch(bad, NULL, xs, 1, ys, 1), status, "timing");
    EXPECT_ERROR(ac_timing_chain_evaluate(pair, 2, 0.5, &st), status, "chain[1]");
    EXPECT_ERROR(ac_time_chain_to_local(pair, 2, 0.5, &d), status, "chain[1]");
    EXPECT_ERROR(ac_time_chain_to_absolute(pair, 2, 0.5, &d), status, "chain[1]");
    EXPECT_ERROR(ac_time_tree_convert(pair, parents, 2, -1, 0, 0.5, &d), status, "timings[1]");
    if (ac_test_failures() != failures_before) printf("    (the bad field: %s)\n", context);
}

static void test_timing_fields(void) {
    const double values[] = {NAN, INFINITY, -INFINITY, -1.0, -1e-300};
    for (int which = 0; which < F_FIELDS; which++) {
        for (size_t k = 0; k < sizeof values / sizeof values[0]; k++) {
            ac_timing t = good_timing();
            *field(&t, which) = values[k];
            ac_status want = expected_field_status(which, values[k]);
            if (want == AC_OK) {
                if (!AC_CHECK_OK(ac_timing_validate(&t)))
                    printf("    %s = %g\n", field_names[which], values[k]);
            } else {
                char context[64];
                snprintf(context, sizeof context, "%s = %g", field_names[which], values[k]);
                expect_timing_rejected(&t, want, field_names[which], context);
            }
        }
    }

    const int32_t bad_fill[] = {-1, 4, 1000, INT32_MIN};
    for (size_t k = 0; k < sizeof bad_fill / sizeof bad_fill[0]; k++) {
        ac_timing t = good_timing();
        t.fill_mode = bad_fill[k];
        expect_timing_rejected(&t, AC_ERR_OUT_OF_RANGE, "fill_mode", "fill_mode");
    }
    const int32_t bad_flag[] = {2, -1, INT32_MAX};
    for (size_t k = 0; k < sizeof bad_flag / sizeof bad_flag[0]; k++) {
        ac_timing t = good_timing();
        t.autoreverses = bad_flag[k];
        expect_timing_rejected(&t, AC_ERR_OUT_OF_RANGE, "autoreverses", "autoreverses");
        t = good_timing();
        t.reserved = bad_flag[k];
        expect_timing_rejected(&t, AC_ERR_OUT_OF_RANGE, "reserved", "reserved");
    }
    const uint32_t bad_size[] = {0, sizeof(ac_timing) - 8, sizeof(ac_timing) + 8, UINT32_MAX};
    for (size_t k = 0; k < sizeof bad_size / sizeof bad_size[0]; k++) {
        ac_timing t = good_timing();
        t.struct_size = bad_size[k];
        expect_timing_rejected(&t, AC_ERR_BAD_STRUCT_SIZE, "struct_size", "struct_size");
    }

    /* The state struct's size is checked too. */
    ac_timing t = good_timing();
    ac_timing chain[1] = {good_timing()};
    const uint32_t bad_state[] = {0, sizeof(ac_timing_state) - 8, sizeof(ac_timing_state) + 8};
    for (size_t k = 0; k < sizeof bad_state / sizeof bad_state[0]; k++) {
        ac_timing_state st = fresh_state();
        st.struct_size = bad_state[k];
        EXPECT_ERROR(ac_timing_evaluate(&t, 0.5, &st), AC_ERR_BAD_STRUCT_SIZE, "out_state");
        st.struct_size = bad_state[k];
        EXPECT_ERROR(ac_timing_chain_evaluate(chain, 1, 0.5, &st), AC_ERR_BAD_STRUCT_SIZE,
                     "out_state");
    }
}

/* Malformed function structs reach every call that takes one: AC_ERR_INVALID_ARGUMENT with the
 * field named. */
static void expect_function_rejected(const ac_timing_function *bad, const char *what) {
    ac_timing t = good_timing();
    double d = 0, d2 = 0, xs[2] = {0.2, 0.4}, ys[2];
    const ac_status s = AC_ERR_INVALID_ARGUMENT;
    EXPECT_ERROR(ac_timing_function_evaluate(bad, 0.5, 0, &d), s, "function");
    EXPECT_ERROR(ac_timing_function_evaluate(bad, 0.5, 0, &d), s, what);
    EXPECT_ERROR(ac_timing_function_evaluate_batch(bad, xs, 2, ys, 2), s, what);
    EXPECT_ERROR(ac_timing_function_slope(bad, 0.5, &d), s, what);
    EXPECT_ERROR(ac_timing_function_range(bad, &d, &d2), s, what);
    EXPECT_ERROR(ac_timing_function_control_point(bad, 1, &d, &d2), s, what);
    EXPECT_ERROR(ac_timing_progress(&t, bad, 0.5, &d), s, what);
    EXPECT_ERROR(ac_timing_progress_batch(&t, bad, xs, 2, ys, 2), s, what);
}

static void test_malformed_functions(void) {
    ac_timing_function f;
    f = good_function(); f.kind = 4; expect_function_rejected(&f, "kind");
    f = good_function(); f.kind = -1; expect_function_rejected(&f, "kind");
    f = good_function(); f.reserved = 1; expect_function_rejected(&f, "reserved");
    f = good_function(); f.x1 = -0.5; expect_function_rejected(&f, "x1");
    f = good_function(); f.x2 = 1.5; expect_function_rejected(&f, "x2");
    f = good_function(); f.x1 = NAN; expect_function_rejected(&f, "x1");
    f = good_function(); f.y1 = NAN; expect_function_rejected(&f, "y1");
    f = good_function(); f.y2 = INFINITY; expect_function_rejected(&f, "y2");
    f = good_function(); f.y2 = -INFINITY; expect_function_rejected(&f, "y2");

    ac_timing_function steps;
    ac_timing_function_steps(3, AC_STEP_JUMP_END, &steps);
    f = steps; f.steps = 0; expect_function_rejected(&f, "steps");
    f = steps; f.steps = -7; expect_function_rejected(&f, "steps");
    f = steps; f.steps = 1; f.step_position = AC_STEP_JUMP_NONE;
    expect_function_rejected(&f, "steps");
    f = steps; f.step_position = 4; expect_function_rejected(&f, "step_position");
    f = steps; f.step_position = -1; expect_function_rejected(&f, "step_position");
    f = steps; f.reserved = 5; expect_function_rejected(&f, "reserved");

    /* linear(): an id the library never gave. */
    f = good_function(); f.kind = AC_TIMING_FUNCTION_LINEAR; f.linear_id = 0;
    expect_function_rejected(&f, "linear_id");
    f.linear_id = UINT64_MAX; expect_function_rejected(&f, "linear_id");

    /* Presets: unknown family or direction, bad parameters named by their fields. */
    ac_timing_function preset;
    ac_timing_function_elastic(AC_EASE_OUT, 1, 0.3, &preset);
    f = preset; f.preset = 3; expect_function_rejected(&f, "preset");
    f = preset; f.direction = -1; expect_function_rejected(&f, "direction");
    f = preset; f.x1 = NAN; expect_function_rejected(&f, "x1 (amplitude)");
    f = preset; f.y1 = 0; expect_function_rejected(&f, "y1 (period)");
    f = preset; f.preset = AC_PRESET_BACK; f.x1 = -1; expect_function_rejected(&f, "x1 (overshoot)");
}

/* Trees: node indexes, parent indexes, cycles and zero speeds on the way up. */
static void test_tree_errors(void) {
    ac_timing nodes[3];
    for (int i = 0; i < 3; i++) ac_timing_init_layer(&nodes[i]);
    const int64_t chain_parents[3] = {-1, 0, 1};
    double d = 0;

    const int64_t bad_nodes[] = {3, 4, -2, INT64_MAX, INT64_MIN};
    for (size_t k = 0; k < sizeof bad_nodes / sizeof bad_nodes[0]; k++) {
        EXPECT_ERROR(ac_time_tree_convert(nodes, chain_parents, 3, bad_nodes[k], 0, 1.0, &d),
                     AC_ERR_OUT_OF_RANGE, "from_node");
        EXPECT_ERROR(ac_time_tree_convert(nodes, chain_parents, 3, 0, bad_nodes[k], 1.0, &d),
                     AC_ERR_OUT_OF_RANGE, "to_node");
        /* A bad parent index anywhere, even off the path converted. */
        int64_t parents[3] = {-1, 0, bad_nodes[k]};
        EXPECT_ERROR(ac_time_tree_convert(nodes, parents, 3, 1, -1, 1.0, &d), AC_ERR_OUT_OF_RANGE,
                     "parents[2]");
    }

    /* Cycles: two nodes, a self-loop, and a loop off the converted path. */
    const int64_t two[3] = {1, 0, -1};
    EXPECT_ERROR(ac_time_tree_convert(nodes, two, 3, 0, -1, 1.0, &d), AC_ERR_CYCLE, "parents");
    EXPECT_ERROR(ac_time_tree_convert(nodes, two, 3, -1, 1, 1.0, &d), AC_ERR_CYCLE, "parents");
    EXPECT_ERROR(ac_time_tree_convert(nodes, two, 3, 2, 0, 1.0, &d), AC_ERR_CYCLE, "parents");
    const int64_t self[3] = {-1, 1, 0};
    EXPECT_ERROR(ac_time_tree_convert(nodes, self, 3, 1, 0, 1.0, &d), AC_ERR_CYCLE, "parents");
    const int64_t off_path[3] = {-1, 2, 1};
    EXPECT_ERROR(ac_time_tree_convert(nodes, off_path, 3, 0, -1, 1.0, &d), AC_ERR_CYCLE,
                 "parents");

    /* Zero speed on the way up: not invertible, naming the entry. */
    nodes[1].speed = 0.0;
    EXPECT_ERROR(ac_time_tree_convert(nodes, chain_parents, 3, 2, -1, 1.0, &d),
                 AC_ERR_NOT_INVERTIBLE, "timings[1]");
    EXPECT_ERROR(ac_time_tree_convert(nodes, chain_parents, 3, 1, 0, 1.0, &d),
                 AC_ERR_NOT_INVERTIBLE, "timings[1]");
    EXPECT_ERROR(ac_time_chain_to_absolute(nodes, 3, 1.0, &d), AC_ERR_NOT_INVERTIBLE, "chain[1]");
    /* Down through it is fine. */
    AC_CHECK_OK(ac_time_tree_convert(nodes, chain_parents, 3, -1, 2, 1.0, &d));
    AC_CHECK_OK(ac_time_chain_to_local(nodes, 3, 1.0, &d));
}

/* Random bytes and numbers through every call: a known status, a message when failing, no
 * crash. A fixed seed keeps runs reproducible. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static double random_double(void) {
    static const double specials[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e9, -1e9, 1e308, -1e308,
                                      NAN, INFINITY, -INFINITY, 5e-324, 1e-300};
    uint64_t r = next_random();
    if (r % 3 == 0) {
        double d;
        uint64_t bits = next_random();
        memcpy(&d, &bits, sizeof d); /* any bit pattern, NaNs included */
        return d;
    }
    if (r % 3 == 1) return specials[(r >> 8) % (sizeof specials / sizeof specials[0])];
    return (double)(int64_t)(next_random() % 2001) / 100.0 - 10.0;
}

static void random_timing(ac_timing *t) {
    ac_timing_init_animation(t);
    uint64_t r = next_random();
    if (r & 1) t->struct_size = (uint32_t)next_random();
    if (r & 2) t->fill_mode = (int32_t)(next_random() % 6) - 1;
    if (r & 4) t->autoreverses = (int32_t)(next_random() % 3);
    if (r & 8) t->reserved = (int32_t)(next_random() % 2);
    for (int i = 0; i < F_FIELDS; i++)
        if (next_random() % 2) *field(t, i) = random_double();
}

static void random_function(ac_timing_function *f) {
    uint64_t r = next_random();
    f->kind = (int32_t)(r % 5);
    f->preset = (int32_t)(next_random() % 4);
    f->direction = (int32_t)(next_random() % 4);
    f->linear_id = next_random() % 3;
    f->steps = (int32_t)(next_random() % 7) - 2;
    f->step_position = (int32_t)(next_random() % 6) - 1;
    f->reserved = (next_random() % 8) == 0;
    f->x1 = (next_random() % 2) ? random_double() : 0.3;
    f->y1 = random_double();
    f->x2 = (next_random() % 2) ? random_double() : 0.7;
    f->y2 = random_double();
}

static int status_ok(ac_status s) {
    if (strcmp(ac_status_name(s), "AC_UNKNOWN_STATUS") == 0) return 0;
    return s == AC_OK || ac_last_error_message()[0] != '\0';
}

static void test_random_input(void) {
    int bad = 0;
    for (int round = 0; round < 20000; round++) {
        ac_timing timings[3];
        ac_timing_function f;
        for (int i = 0; i < 3; i++) random_timing(&timings[i]);
        random_function(&f);
        int64_t parents[3];
        for (int i = 0; i < 3; i++) parents[i] = (int64_t)(next_random() % 6) - 2;
        double xs[4], ys[4], a = 0, b = 0;
        for (int i = 0; i < 4; i++) xs[i] = random_double();
        ac_timing_state st = fresh_state();
        double v = random_double();
        const ac_timing_function *maybe_f = (next_random() % 4) ? &f : NULL;
        ac_status s[16];
        int n = 0;
#define RUN(call) (ac_clear_last_error(), s[n] = (call), bad += !status_ok(s[n]), n++)
        RUN(ac_timing_function_evaluate(&f, v, (int32_t)(next_random() % 3), &a));
        RUN(ac_timing_function_evaluate_batch(&f, xs, 4, ys, 4));
        RUN(ac_timing_function_slope(&f, v, &a));
        RUN(ac_timing_function_range(&f, &a, &b));
        RUN(ac_timing_function_control_point(&f, (int32_t)(next_random() % 6) - 1, &a, &b));
        RUN(ac_timing_function_cubic_bezier(random_double(), random_double(), random_double(),
                                            random_double(), &f));
        RUN(ac_timing_function_steps((int32_t)next_random(), (int32_t)(next_random() % 6) - 1,
                                     &f));
        RUN(ac_timing_validate(&timings[0]));
        RUN(ac_timing_evaluate(&timings[0], v, &st));
        RUN(ac_timing_progress(&timings[0], maybe_f, v, &a));
        RUN(ac_timing_progress_batch(&timings[0], maybe_f, xs, 4, ys, 4));
        RUN(ac_timing_chain_evaluate(timings, (size_t)(next_random() % 4), v, &st));
        RUN(ac_time_chain_to_local(timings, (size_t)(next_random() % 4), v, &a));
        RUN(ac_time_chain_to_absolute(timings, (size_t)(next_random() % 4), v, &a));
        RUN(ac_time_tree_convert(timings, parents, 3, (int64_t)(next_random() % 6) - 2,
                                 (int64_t)(next_random() % 6) - 2, v, &a));
#undef RUN
    }
    AC_CHECK_EQ_INT(bad, 0);
}

int main(void) {
    test_null_pointers();
    test_empty_batches();
    test_non_finite_arguments();
    test_constructor_ranges();
    test_unknown_names();
    test_buffers_too_small();
    test_timing_fields();
    test_malformed_functions();
    test_tree_errors();
    test_random_input();
    return ac_test_finish();
}
