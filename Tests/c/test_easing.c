/*
 * Easing beyond Core Animation: CSS easing text (ac_timing_function_parse), CSS linear()
 * (ac_timing_function_linear, its points read back), Penner's presets (back, bounce, elastic),
 * each used as an animation's function, a keyframe segment's and a transaction's, and read back.
 * linear()'s values are web-platform-tests' css/css-easing/linear-timing-functions-output.html
 * expectations (left from 0 to 100px over 1000 ms: progress time/1000, output left/100).
 */
#include "ac_engine_test.h"

static double eval(const ac_timing_function *f, double x) {
    double y = NAN;
    AC_CHECK_OK(ac_timing_function_evaluate(f, x, 0, &y));
    return y;
}

static ac_timing_function parsed(const char *text) {
    ac_timing_function f;
    memset(&f, 0, sizeof f);
    AC_CHECK_OK(ac_timing_function_parse(text, &f));
    return f;
}

static void test_parse(void) {
    ac_timing_function f = parsed("cubic-bezier(0.2, 0, 0, 1)"), g;
    AC_CHECK_EQ_INT(f.kind, AC_TIMING_FUNCTION_CUBIC_BEZIER);
    AC_CHECK(f.x1 == 0.2 && f.y1 == 0 && f.x2 == 0 && f.y2 == 1);
    f = parsed("steps(4, jump-none)");
    AC_CHECK(f.kind == AC_TIMING_FUNCTION_STEPS && f.steps == 4 && f.step_position == AC_STEP_JUMP_NONE);
    f = parsed("ease");
    AC_CHECK_OK(ac_timing_function_named("default", &g));
    AC_CHECK(memcmp(&f, &g, sizeof f) == 0);
    f = parsed("step-start");
    AC_CHECK(f.kind == AC_TIMING_FUNCTION_STEPS && f.steps == 1 && f.step_position == AC_STEP_JUMP_START);
    /* The same linear() function twice has one id. */
    f = parsed("linear(0, 0.25 50%, 1)");
    g = parsed("linear(0 0%, 0.25 50%, 1 100%)");
    AC_CHECK_EQ_INT(f.kind, AC_TIMING_FUNCTION_LINEAR);
    AC_CHECK(f.linear_id != 0 && f.linear_id == g.linear_id);
    AC_CHECK_NEAR(eval(&f, 0.25), 0.125, 1e-15);

    /* Bad text: the status, the argument and where the text is wrong. */
    EXPECT_ERROR(ac_timing_function_parse(NULL, &f), AC_ERR_NULL_POINTER, "text");
    EXPECT_ERROR(ac_timing_function_parse("ease", NULL), AC_ERR_NULL_POINTER, "out_function");
    EXPECT_ERROR(ac_timing_function_parse("steps(0)", &f), AC_ERR_OUT_OF_RANGE,
                 "text \"steps(0)\" is not a CSS easing function: at index 6, the step count is 0");
    EXPECT_ERROR(ac_timing_function_parse("cubic-bezier(0.2, x, 0, 1)", &f), AC_ERR_INVALID_ARGUMENT,
                 "at index 18, expected a number; found \"x\"");
    EXPECT_ERROR(ac_timing_function_parse("cubic-bezier(2, 0, 0, 1)", &f), AC_ERR_OUT_OF_RANGE,
                 "x1 is 2.0; it must be in [0, 1]");
    EXPECT_ERROR(ac_timing_function_parse("wobble", &f), AC_ERR_UNKNOWN_NAME, "found \"wobble\"");
    EXPECT_ERROR(ac_timing_function_parse("linear(0)", &f), AC_ERR_INVALID_ARGUMENT, "at least 2 stops");
}

static void test_linear_values(void) {
    const double outputs[3] = {0, 1.5, 1}, down[3] = {1, -0.5, 0};
    const double inputs[3] = {0, 0.75, 1}, xs[5] = {0, 0.25, 0.5, 0.75, 1};
    const double up_expected[5] = {0, 0.75, 1.5, 1.25, 1}, down_expected[5] = {1, 0.25, -0.5, -0.25, 0};
    ac_timing_function up, dn, placed, same;
    double got_inputs[3], got_outputs[3], slope = NAN;
    size_t count = 0;
    int i;

    /* WPT: "linear function easing with output greater than 1" and "... less than 1". */
    AC_CHECK_OK(ac_timing_function_linear(outputs, NULL, 3, &up));
    AC_CHECK_OK(ac_timing_function_linear(down, NULL, 3, &dn));
    for (i = 0; i < 5; i++) {
        AC_CHECK_NEAR(eval(&up, xs[i]), up_expected[i], 1e-4);
        AC_CHECK_NEAR(eval(&dn, xs[i]), down_expected[i], 1e-4);
    }
    same = parsed("linear(0, 1.5, 1)");
    AC_CHECK(same.linear_id == up.linear_id);
    /* Extrapolation continues the end segments; slope is the segment's. */
    AC_CHECK_NEAR(eval(&up, 1.5), 0.5, 1e-15);
    AC_CHECK_NEAR(eval(&up, -0.5), -1.5, 1e-15);
    AC_CHECK_OK(ac_timing_function_slope(&up, 0.75, &slope));
    AC_CHECK_EQ_DOUBLE(slope, -1);

    /* Points read back, with the buffer rules. */
    AC_CHECK_OK(ac_timing_function_linear(outputs, inputs, 3, &placed));
    EXPECT_ERROR(ac_timing_function_linear_points(&placed, NULL, NULL, 0, &count), AC_ERR_BUFFER_TOO_SMALL,
                 "out_inputs holds 0 values but 3 are needed");
    AC_CHECK(count == 3);
    EXPECT_ERROR(ac_timing_function_linear_points(&placed, got_inputs, got_outputs, 2, &count),
                 AC_ERR_BUFFER_TOO_SMALL, "out_inputs");
    AC_CHECK_OK(ac_timing_function_linear_points(&placed, got_inputs, got_outputs, 3, &count));
    for (i = 0; i < 3; i++) AC_CHECK(got_inputs[i] == inputs[i] && got_outputs[i] == outputs[i]);
    EXPECT_ERROR(ac_timing_function_linear_points(&same, got_inputs, NULL, 3, &count), AC_ERR_NULL_POINTER,
                 "out_outputs");
    {
        ac_timing_function ease = parsed("ease");
        EXPECT_ERROR(ac_timing_function_linear_points(&ease, NULL, NULL, 0, &count), AC_ERR_INVALID_ARGUMENT,
                     "not a linear() function");
    }

    /* Bad points. */
    {
        const double bad[2] = {0, NAN}, huge[2] = {0, 2e9}, backwards[2] = {0.5, 0.2};
        ac_timing_function f;
        EXPECT_ERROR(ac_timing_function_linear(outputs, NULL, 1, &f), AC_ERR_OUT_OF_RANGE, "count is 1");
        EXPECT_ERROR(ac_timing_function_linear(outputs, NULL, AC_LINEAR_POINTS_MAX + 1, &f), AC_ERR_OUT_OF_RANGE,
                     "count");
        EXPECT_ERROR(ac_timing_function_linear(NULL, NULL, 2, &f), AC_ERR_NULL_POINTER, "outputs");
        EXPECT_ERROR(ac_timing_function_linear(bad, NULL, 2, &f), AC_ERR_NOT_FINITE, "outputs[1]");
        EXPECT_ERROR(ac_timing_function_linear(outputs, bad, 2, &f), AC_ERR_NOT_FINITE, "inputs[1]");
        EXPECT_ERROR(ac_timing_function_linear(huge, NULL, 2, &f), AC_ERR_OUT_OF_RANGE, "outputs[1]");
        /* Decreasing inputs are raised (CSS's fix-up), not refused. */
        AC_CHECK_OK(ac_timing_function_linear(outputs, backwards, 2, &f));
        AC_CHECK_OK(ac_timing_function_linear_points(&f, got_inputs, got_outputs, 3, &count));
        AC_CHECK(count == 2 && got_inputs[0] == 0.5 && got_inputs[1] == 0.5);
    }
}

static void test_presets(void) {
    ac_timing_function back, bounce, elastic, named_bounce;
    double lo = 0, hi = 0;
    AC_CHECK_OK(ac_timing_function_back(AC_EASE_IN, 1.70158, &back));
    AC_CHECK_OK(ac_timing_function_bounce(AC_EASE_OUT, &bounce));
    AC_CHECK_OK(ac_timing_function_elastic(AC_EASE_OUT, 1, 0.3, &elastic));
    AC_CHECK(back.kind == AC_TIMING_FUNCTION_PRESET && back.preset == AC_PRESET_BACK && back.direction == AC_EASE_IN
             && back.x1 == 1.70158);
    AC_CHECK(elastic.preset == AC_PRESET_ELASTIC && elastic.x1 == 1 && elastic.y1 == 0.3);
    AC_CHECK_NEAR(eval(&back, 0.5), 0.125 * 2.70158 - 0.25 * 1.70158, 1e-12);
    AC_CHECK_NEAR(eval(&bounce, 0.5), 0.765625, 1e-12);
    AC_CHECK_NEAR(eval(&elastic, 0.5), 1.015625, 1e-12);
    AC_CHECK_EQ_DOUBLE(eval(&elastic, 1), 1);
    AC_CHECK_EQ_DOUBLE(eval(&back, -1), 0);
    AC_CHECK_OK(ac_timing_function_range(&back, &lo, &hi));
    AC_CHECK_NEAR(lo, -0.1, 1e-4);
    AC_CHECK_OK(ac_timing_function_named("bounce_out", &named_bounce));
    AC_CHECK(memcmp(&named_bounce, &bounce, sizeof bounce) == 0);
    named_bounce = parsed("easeOutBounce");
    AC_CHECK(memcmp(&named_bounce, &bounce, sizeof bounce) == 0);
    {
        double x = 0, y = 0;
        EXPECT_ERROR(ac_timing_function_control_point(&bounce, 1, &x, &y), AC_ERR_INVALID_ARGUMENT,
                     "not a cubic bezier");
    }
    EXPECT_ERROR(ac_timing_function_back(3, 1, &back), AC_ERR_OUT_OF_RANGE, "direction is 3");
    EXPECT_ERROR(ac_timing_function_back(AC_EASE_IN, -1, &back), AC_ERR_OUT_OF_RANGE, "overshoot is -1.0");
    EXPECT_ERROR(ac_timing_function_back(AC_EASE_IN, NAN, &back), AC_ERR_NOT_FINITE, "overshoot");
    EXPECT_ERROR(ac_timing_function_elastic(AC_EASE_IN, 1, 0, &elastic), AC_ERR_OUT_OF_RANGE, "period is 0.0");
    EXPECT_ERROR(ac_timing_function_elastic(AC_EASE_IN, INFINITY, 0.3, &elastic), AC_ERR_NOT_FINITE, "amplitude");
    EXPECT_ERROR(ac_timing_function_bounce(AC_EASE_IN, NULL), AC_ERR_NULL_POINTER, "out_function");
}

/* Each is used by the engine where a function is taken, and read back as it was given. */
static void test_in_the_engine(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_timing_function wobble = parsed("linear(0, 1.5, 1)"), bounce = parsed("bounce_out"), got;
    ac_timing_function segments[2], got_segments[2];
    int32_t is_set = 0;
    size_t count = 0;

    /* An animation's function. */
    ac_animation a = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 1.0);
    AC_CHECK_OK(ac_animation_set_timing_function(engine, a, &wobble));
    AC_CHECK_OK(ac_animation_get_timing_function(engine, a, &got, &is_set));
    AC_CHECK(is_set == 1 && memcmp(&got, &wobble, sizeof got) == 0);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "fade"));
    tick(engine, T0);
    tick(engine, T0 + 0.5);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 1.5, 1e-12);
    tick(engine, T0 + 0.75);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 1.25, 1e-12);
    AC_CHECK_OK(ac_animation_release(engine, a));

    /* A keyframe segment's functions. */
    {
        const ac_value values[3] = {ac_value_scalar(0), ac_value_scalar(10), ac_value_scalar(20)};
        AC_CHECK_OK(ac_animation_create_keyframe(engine, "zPosition", &a));
        AC_CHECK_OK(ac_animation_set_values(engine, a, values, 3));
        segments[0] = bounce;
        segments[1] = wobble;
        AC_CHECK_OK(ac_animation_set_timing_functions(engine, a, segments, 2));
        AC_CHECK_OK(ac_animation_get_timing_functions(engine, a, got_segments, 2, &count));
        AC_CHECK(count == 2 && memcmp(got_segments, segments, sizeof segments) == 0);
        {
            ac_timing timing;
            ac_timing_init_animation(&timing);
            timing.duration_s = 2;
            set_timing(engine, a, timing);
        }
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "z"));
        tick(engine, T0 + 1);
        tick(engine, T0 + 1.5); /* the first segment at half: 10 * bounce_out(0.5) */
        AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), 7.65625, 1e-9);
        tick(engine, T0 + 2.5); /* the second at half: 10 + 10 * 1.5 */
        AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), 25, 1e-9);
        AC_CHECK_OK(ac_animation_release(engine, a));
    }

    /* A transaction's function, used by the implicit animation. */
    tick(engine, T0 + 10);
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    AC_CHECK_OK(ac_transaction_set_timing_function(engine, &bounce));
    AC_CHECK_OK(ac_transaction_timing_function(engine, &got, &is_set));
    AC_CHECK(is_set == 1 && memcmp(&got, &bounce, sizeof got) == 0);
    set_scalar(engine, layer, "cornerRadius", 8);
    AC_CHECK_OK(ac_transaction_commit(engine));
    tick(engine, T0 + 11);
    tick(engine, T0 + 11.5);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "cornerRadius"), 8 * 0.765625, 1e-9);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_parse();
    test_linear_values();
    test_presets();
    test_in_the_engine();
    return ac_test_finish();
}
