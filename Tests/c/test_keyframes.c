/*
 * Keyframe animations (CAKeyframeAnimation) through the engine, tick by tick at 60 fps, every
 * value compared with the number computed here: linear with key times (and key times of the
 * wrong count, ignored), per-segment timing functions, the animation's timing function,
 * discrete (Apple's position.y example), paced, cubic (Kochanek-Bartels, Catmull-Rom by
 * default), cubic paced, the additive "shake", cumulative repeats, and copying every field
 * back from a layer.
 */
#include "ac_keyframe_test.h"

/* What a frame should show: the expected value at elapsed time e, or NAN for the model. */
typedef double (*expected_fn)(const void *context, double e);

/*
 * Adds `animation` to `layer` under "k" (released here), ticks at T0 (the commit: the
 * animation begins) and at every frame through `frames`, and compares the presentation scalar
 * at key_path with expect(context, e) (NAN: the model value), skipping frames whose e is
 * within 1e-9 of a boundary in `skip`. Stops at the first mismatch, printing the frame.
 */
static void run_frames(const char *label, ac_engine *engine, ac_layer layer, ac_animation animation,
                       const char *key_path, int frames, expected_fn expect, const void *context,
                       const double *skip, size_t skip_count) {
    int k;
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "k"));
    AC_CHECK_OK(ac_animation_release(engine, animation));
    for (k = 0; k <= frames; ++k) {
        double e = frame_e(k), want, got;
        tick(engine, frame_time(k));
        if (near_any(e, skip, skip_count)) continue;
        want = expect(context, e);
        if (isnan(want)) want = model_scalar(engine, layer, key_path);
        got = presentation_scalar(engine, layer, key_path);
        if (!AC_CHECK_NEAR(got, want, 1e-9)) {
            printf("    %s: frame %d (e = %.6f)\n", label, k, e);
            return;
        }
    }
}

/* ---- Linear ---------------------------------------------------------------------------- */

typedef struct linear_case {
    const double *values;
    const double *key_times; /* NULL: even */
    size_t count;
    const ac_timing_function *functions; /* per segment; NULL: none */
    size_t function_count;
    const ac_timing_function *overall; /* the animation's own; NULL: linear */
    double duration;
} linear_case;

static double linear_expected(const void *context, double e) {
    const linear_case *c = (const linear_case *)context;
    double p = e / c->duration;
    if (e >= c->duration) return NAN; /* removed: the model */
    if (c->overall) p = ease(c->overall, p);
    return linear_keyframes(c->values, c->key_times, c->count, c->functions, c->function_count, p);
}

static void run_linear(const char *label, const linear_case *c, const double *given_key_times,
                       size_t given_count) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = keyframe_scalars(engine, "zPosition", c->values, c->count, given_key_times,
                                      given_count, c->duration);
    double skip[1];
    skip[0] = c->duration;
    if (c->functions) AC_CHECK_OK(ac_animation_set_timing_functions(engine, a, c->functions, c->function_count));
    if (c->overall) AC_CHECK_OK(ac_animation_set_timing_function(engine, a, c->overall));
    run_frames(label, engine, layer, a, "zPosition", (int)(c->duration * 60) + 10, linear_expected, c, skip, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_linear(void) {
    const double values[3] = {0, 10, 30};
    const double key_times[3] = {0, 0.2, 1};
    const double four[4] = {0, 10, 30, -5};
    linear_case c = {values, key_times, 3, NULL, 0, NULL, 1.0};
    linear_case even = {four, NULL, 4, NULL, 0, NULL, 1.5};
    /* Two key times for three values do not fit the mode: ignored, even spacing instead. */
    const double wrong_count[2] = {0, 0.9};
    linear_case ignored = {values, NULL, 3, NULL, 0, NULL, 1.0};
    /* Four key times for three values: ignored too. */
    const double too_many[4] = {0, 0.1, 0.2, 1};

    run_linear("linear with key times", &c, key_times, 3);
    run_linear("linear, even key times", &even, NULL, 0);
    run_linear("linear, two key times for three values", &ignored, wrong_count, 2);
    run_linear("linear, four key times for three values", &ignored, too_many, 4);

    /* A few exact points: 0.1 -> 5, 0.2 -> 10, 0.6 -> 20. */
    AC_CHECK_NEAR(linear_keyframes(values, key_times, 3, NULL, 0, 0.1), 5, 1e-12);
    AC_CHECK_NEAR(linear_keyframes(values, key_times, 3, NULL, 0, 0.6), 20, 1e-12);
}

static void test_segment_timing_functions(void) {
    const double values[3] = {0, 100, 50};
    ac_timing_function functions[2];
    const double four[4] = {0, 100, 50, 80};
    functions[0] = named_function("easeIn");
    functions[1] = named_function("easeOut");
    {
        linear_case c = {values, NULL, 3, functions, 2, NULL, 1.0};
        run_linear("per-segment timing functions", &c, NULL, 0);
    }
    {
        /* Fewer functions than segments: the rest are linear. */
        linear_case c = {four, NULL, 4, functions, 1, NULL, 1.0};
        run_linear("one timing function for three segments", &c, NULL, 0);
    }
    {
        /* Key times and per-segment functions together. */
        const double key_times[3] = {0, 0.7, 1};
        linear_case c = {values, key_times, 3, functions, 2, NULL, 2.0};
        run_linear("key times and per-segment functions", &c, key_times, 3);
    }
}

static void test_animation_timing_function(void) {
    const double values[3] = {0, 10, 30};
    const double key_times[3] = {0, 0.5, 1};
    ac_timing_function overall = named_function("easeInEaseOut");
    ac_timing_function functions[2];
    functions[0] = named_function("easeOut");
    functions[1] = named_function("easeIn");
    {
        linear_case c = {values, key_times, 3, NULL, 0, &overall, 1.0};
        run_linear("the animation's timing function", &c, key_times, 3);
    }
    {
        /* Both: the animation's function gives p, the segment's eases s. */
        linear_case c = {values, key_times, 3, functions, 2, &overall, 1.0};
        run_linear("the animation's and the segments' timing functions", &c, key_times, 3);
    }
}

/* ---- Discrete --------------------------------------------------------------------------- */

typedef struct discrete_case {
    const double *values;
    const double *key_times; /* count + 1 of them; NULL: i / count */
    size_t count;
    double duration;
    int fills_forwards; /* after the end: the last value (1) or the model (0) */
} discrete_case;

static double discrete_expected(const void *context, double e) {
    const discrete_case *c = (const discrete_case *)context;
    if (e >= c->duration) return c->fills_forwards ? c->values[c->count - 1] : NAN;
    return discrete_keyframes(c->values, c->key_times, c->count, e / c->duration);
}

static void test_discrete(void) {
    /* Apple's example: position.y 310, 60, 120, 60 at key times 0, 0.25, 0.5, 0.75 (1); it
       stays 60 from 0.75 to the end. Fill forwards and kept: 60 after the end. */
    const double values[4] = {310, 60, 120, 60};
    const double key_times[5] = {0, 0.25, 0.5, 0.75, 1};
    const double skip[5] = {0.5, 1.0, 1.5, 2.0};
    discrete_case apple = {values, key_times, 4, 2.0, 1};
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = keyframe_scalars(engine, "position.y", values, 4, key_times, 5, 2.0);
    ac_timing_function functions[3];
    ac_timing timing;
    int32_t mode = -1;

    set_value(engine, layer, "position", ac_value_point(50, 400));
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_DISCRETE));
    AC_CHECK_OK(ac_animation_get_calculation_mode(engine, a, &mode));
    AC_CHECK_EQ_INT(mode, AC_CALCULATION_DISCRETE);
    /* Timing functions are ignored by the discrete mode. */
    functions[0] = named_function("easeIn");
    functions[1] = named_function("easeOut");
    functions[2] = named_function("easeIn");
    AC_CHECK_OK(ac_animation_set_timing_functions(engine, a, functions, 3));
    timing = get_timing(engine, a);
    timing.fill_mode = AC_FILL_FORWARDS;
    set_timing(engine, a, timing);
    AC_CHECK_OK(ac_animation_set_flag(engine, a, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
    run_frames("discrete, Apple's position.y", engine, layer, a, "position.y", 150, discrete_expected, &apple, skip, 4);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "position.y"), 60);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "position.x"), 50);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "position.y"), 400);
    /* At the listed times: 310 until 0.5 s, 60 until 1 s, 120 until 1.5 s, then 60. */
    AC_CHECK_EQ_DOUBLE(discrete_keyframes(values, key_times, 4, 0.74), 120);
    AC_CHECK_EQ_DOUBLE(discrete_keyframes(values, key_times, 4, 0.76), 60);
    AC_CHECK_OK(ac_engine_destroy(engine));

    /* Without key times: n values hold 1/n each. */
    {
        const double three[3] = {1, 2, 3};
        const double thirds[3] = {1.0 / 3, 2.0 / 3, 1.0};
        discrete_case even = {three, NULL, 3, 1.0, 0};
        engine = new_engine();
        layer = new_layer(engine, 0);
        a = keyframe_scalars(engine, "zPosition", three, 3, NULL, 0, 1.0);
        AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_DISCRETE));
        run_frames("discrete, even", engine, layer, a, "zPosition", 70, discrete_expected, &even, thirds, 3);
        AC_CHECK_OK(ac_engine_destroy(engine));

        /* Three key times for three values: the discrete mode needs four, so they are ignored. */
        {
            const double wrong[3] = {0, 0.1, 1};
            engine = new_engine();
            layer = new_layer(engine, 0);
            a = keyframe_scalars(engine, "zPosition", three, 3, wrong, 3, 1.0);
            AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_DISCRETE));
            run_frames("discrete, key times of the linear count", engine, layer, a, "zPosition", 70,
                       discrete_expected, &even, thirds, 3);
            AC_CHECK_OK(ac_engine_destroy(engine));
        }
    }
}

/* ---- Paced ------------------------------------------------------------------------------ */

/* The point at arc length `length` along the polyline xy (count points). */
static void along_polyline(const double *xy, size_t count, double length, double *x, double *y) {
    size_t i;
    for (i = 0; i + 1 < count; ++i) {
        double dx = xy[2 * i + 2] - xy[2 * i], dy = xy[2 * i + 3] - xy[2 * i + 1];
        double segment = sqrt(dx * dx + dy * dy);
        if (length <= segment || i + 2 == count) {
            double s = segment > 0 ? length / segment : 0;
            *x = xy[2 * i] + dx * s;
            *y = xy[2 * i + 1] + dy * s;
            return;
        }
        length -= segment;
    }
    *x = xy[2 * count - 2];
    *y = xy[2 * count - 1];
}

static void test_paced(void) {
    /* Points (0,0) (30,40) (30,100): 50 then 60 long; constant speed, 110 per second. Key times,
       the timing functions and the animation's timing function are all ignored. */
    const double xy[6] = {0, 0, 30, 40, 30, 100};
    const double ignored_times[3] = {0, 0.9, 1};
    ac_timing_function functions[2], overall = named_function("easeIn");
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = keyframe_points(engine, "position", xy, 3, 1.0);
    int k;

    functions[0] = named_function("easeIn");
    functions[1] = named_function("easeOut");
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_PACED));
    AC_CHECK_OK(ac_animation_set_key_times(engine, a, ignored_times, 3));
    AC_CHECK_OK(ac_animation_set_timing_functions(engine, a, functions, 2));
    AC_CHECK_OK(ac_animation_set_timing_function(engine, a, &overall));
    set_value(engine, layer, "position", ac_value_point(-7, -7));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "paced"));
    for (k = 0; k <= 70; ++k) {
        double e = frame_e(k), x, y, want_x, want_y;
        tick(engine, frame_time(k));
        if (near_any(e, (const double[]){1.0}, 1)) continue;
        if (e < 1) along_polyline(xy, 3, 110 * e, &want_x, &want_y);
        else want_x = want_y = -7;
        presentation_point(engine, layer, "position", &x, &y);
        if (!AC_CHECK_NEAR(x, want_x, 1e-9) || !AC_CHECK_NEAR(y, want_y, 1e-9)) {
            printf("    paced points: frame %d\n", k);
            break;
        }
    }
    AC_CHECK_OK(ac_engine_destroy(engine));

    /* Scalars 0, 10, 5: distances 10 and 5, key times 0, 2/3, 1. */
    {
        const double values[3] = {0, 10, 5};
        const double paced_times[3] = {0, 2.0 / 3, 1};
        linear_case c = {values, paced_times, 3, NULL, 0, NULL, 1.0};
        engine = new_engine();
        layer = new_layer(engine, 0);
        a = keyframe_scalars(engine, "zPosition", values, 3, NULL, 0, 1.0);
        AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_PACED));
        run_frames("paced scalars", engine, layer, a, "zPosition", 70, linear_expected, &c, (const double[]){1.0}, 1);
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

/* ---- Cubic ------------------------------------------------------------------------------ */

typedef struct cubic_case {
    const double *values;
    size_t count;
    const double *tension, *continuity, *bias;
    const ac_timing_function *overall;
    double duration;
} cubic_case;

static double cubic_expected(const void *context, double e) {
    const cubic_case *c = (const cubic_case *)context;
    double p = e / c->duration;
    if (e >= c->duration) return NAN;
    if (c->overall) p = ease(c->overall, p);
    return kb_spline(c->values, c->count, c->tension, c->continuity, c->bias, p);
}

static void run_cubic(const char *label, const cubic_case *c) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = keyframe_scalars(engine, "zPosition", c->values, c->count, NULL, 0, c->duration);
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_CUBIC));
    if (c->tension) AC_CHECK_OK(ac_animation_set_spline_values(engine, a, AC_SPLINE_TENSION, c->tension, c->count));
    if (c->continuity)
        AC_CHECK_OK(ac_animation_set_spline_values(engine, a, AC_SPLINE_CONTINUITY, c->continuity, c->count));
    if (c->bias) AC_CHECK_OK(ac_animation_set_spline_values(engine, a, AC_SPLINE_BIAS, c->bias, c->count));
    if (c->overall) AC_CHECK_OK(ac_animation_set_timing_function(engine, a, c->overall));
    run_frames(label, engine, layer, a, "zPosition", (int)(c->duration * 60) + 10, cubic_expected, c,
               &c->duration, 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_cubic(void) {
    const double values[4] = {0, 10, 0, 20};
    const double tension[4] = {0.5, -0.5, 0.25, 0};
    const double continuity[4] = {0, 0.5, -0.5, 0};
    const double bias[4] = {0.3, 0, -0.3, 0.1};
    const double full_tension[4] = {1, 1, 1, 1};
    ac_timing_function overall = named_function("easeIn");
    cubic_case catmull = {values, 4, NULL, NULL, NULL, NULL, 1.5};
    cubic_case kb = {values, 4, tension, continuity, bias, NULL, 1.5};
    cubic_case tight = {values, 4, full_tension, NULL, NULL, NULL, 1.0};
    cubic_case eased = {values, 4, NULL, NULL, NULL, &overall, 1.0};

    run_cubic("cubic (Catmull-Rom)", &catmull);
    run_cubic("cubic with tension, continuity and bias", &kb);
    run_cubic("cubic with tension 1", &tight);
    run_cubic("cubic with the animation's timing function", &eased);
    /* Through its values: at the key times the spline is exactly there. */
    AC_CHECK_NEAR(kb_spline(values, 4, NULL, NULL, NULL, 1.0 / 3), 10, 1e-12);
    AC_CHECK_NEAR(kb_spline(values, 4, tension, continuity, bias, 2.0 / 3), 0, 1e-12);
    /* Catmull-Rom midway through the second segment (10 to 0, tangents (0 - 0) / 2 and
       (20 - 10) / 2): 0.5 * 10 + 0.5 * 0 + 0.125 * 0 - 0.125 * 5 = 4.375. */
    AC_CHECK_NEAR(kb_spline(values, 4, NULL, NULL, NULL, 0.5), 4.375, 1e-12);

    /* Uneven key times: the curve still passes through every value at its key time. */
    {
        const double key_times[4] = {0, 0.1, 0.7, 1};
        ac_engine *engine = new_engine();
        ac_layer layer = new_layer(engine, 0);
        ac_animation a = keyframe_scalars(engine, "zPosition", values, 4, key_times, 4, 10.0);
        int i;
        AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_CUBIC));
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "k"));
        tick(engine, T0);
        for (i = 1; i < 3; ++i) {
            tick(engine, T0 + 10 * key_times[i]);
            AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), values[i], 1e-6);
        }
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

static void test_cubic_paced(void) {
    /* Points around three sides of a square: the Catmull-Rom curve through them, traced at a
       constant speed: successive frames are the same distance apart, and on the curve. */
    const double xy[8] = {0, 0, 100, 0, 100, 100, 0, 100};
    const double xs[4] = {0, 100, 100, 0}, ys[4] = {0, 0, 100, 100};
    double px[61], py[61], mean = 0, worst = 0;
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = keyframe_points(engine, "position", xy, 4, 1.0);
    ac_timing timing = get_timing(engine, a);
    ac_timing_function overall = named_function("easeIn");
    int k, j;

    timing.fill_mode = AC_FILL_FORWARDS;
    set_timing(engine, a, timing);
    AC_CHECK_OK(ac_animation_set_flag(engine, a, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_CUBIC_PACED));
    AC_CHECK_OK(ac_animation_set_timing_function(engine, a, &overall)); /* ignored */
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "k"));
    for (k = 0; k <= 60; ++k) {
        tick(engine, frame_time(k));
        presentation_point(engine, layer, "position", &px[k], &py[k]);
    }
    tick(engine, frame_time(61));
    presentation_point(engine, layer, "position", &px[60], &py[60]);
    AC_CHECK_NEAR(px[0], 0, 1e-9);
    AC_CHECK_NEAR(py[0], 0, 1e-9);
    AC_CHECK_NEAR(px[60], 0, 1e-9);
    AC_CHECK_NEAR(py[60], 100, 1e-9);
    for (k = 1; k <= 59; ++k) mean += hypot(px[k] - px[k - 1], py[k] - py[k - 1]) / 59;
    for (k = 1; k <= 59; ++k) {
        double step = hypot(px[k] - px[k - 1], py[k] - py[k - 1]);
        if (fabs(step - mean) > worst) worst = fabs(step - mean);
    }
    if (!AC_CHECK(worst <= 0.02 * mean)) printf("    cubicPaced: mean step %g, worst deviation %g\n", mean, worst);
    /* On the curve: within 0.05 of one of 3000 samples of it. */
    for (k = 0; k <= 60; k += 5) {
        double best = INFINITY;
        for (j = 0; j <= 3000; ++j) {
            double u = j / 3000.0;
            double d = hypot(kb_spline(xs, 4, NULL, NULL, NULL, u) - px[k], kb_spline(ys, 4, NULL, NULL, NULL, u) - py[k]);
            if (d < best) best = d;
        }
        if (!AC_CHECK(best < 0.05)) printf("    cubicPaced: frame %d is %g from the curve\n", k, best);
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---- Additive and cumulative ------------------------------------------------------------ */

static void test_additive_shake(void) {
    /* The "shake": values 0, 10, -10, 10, 0 at key times 0, 1/6, 3/6, 5/6, 1, duration 0.4,
       additive, on position.x of two layers at different places: each shakes about its own. */
    const double values[5] = {0, 10, -10, 10, 0};
    const double key_times[5] = {0, 1.0 / 6, 3.0 / 6, 5.0 / 6, 1};
    const double bases[2] = {100, 250};
    ac_engine *engine = new_engine();
    ac_layer layers[2];
    ac_animation shake = keyframe_scalars(engine, "position.x", values, 5, key_times, 5, 0.4);
    int k, i;

    AC_CHECK_OK(ac_animation_set_flag(engine, shake, AC_ANIMATION_ADDITIVE, 1));
    for (i = 0; i < 2; ++i) {
        layers[i] = new_layer(engine, 0);
        set_value(engine, layers[i], "position", ac_value_point(bases[i], 40));
        AC_CHECK_OK(ac_layer_add_animation(engine, layers[i], shake, "shake"));
    }
    AC_CHECK_OK(ac_animation_release(engine, shake));
    for (k = 0; k <= 30; ++k) {
        double e = frame_e(k);
        tick(engine, frame_time(k));
        if (near_any(e, (const double[]){0.4}, 1)) continue;
        for (i = 0; i < 2; ++i) {
            double want = bases[i] + (e < 0.4 ? linear_keyframes(values, key_times, 5, NULL, 0, e / 0.4) : 0);
            double x, y;
            presentation_point(engine, layers[i], "position", &x, &y);
            if (!AC_CHECK_NEAR(x, want, 1e-9) || !AC_CHECK_EQ_DOUBLE(y, 40)) {
                printf("    shake: layer %d, frame %d\n", i, k);
                k = 1000;
                break;
            }
        }
    }
    AC_CHECK_EQ_INT(animation_count(engine, layers[0]), 0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

typedef struct cumulative_case {
    const double *values;
    size_t count;
    double repeats;
} cumulative_case;

static double cumulative_expected(const void *context, double e) {
    const cumulative_case *c = (const cumulative_case *)context;
    double cycle = floor(e);
    if (e >= c->repeats) return NAN;
    return cycle * c->values[c->count - 1] + linear_keyframes(c->values, NULL, c->count, NULL, 0, e - cycle);
}

static void test_cumulative(void) {
    /* Values 0, 10, 5, duration 1, three repeats, cumulative: repeat k adds k x 5. */
    const double values[3] = {0, 10, 5};
    const double skip[3] = {1, 2, 3};
    cumulative_case c = {values, 3, 3};
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = keyframe_scalars(engine, "zPosition", values, 3, NULL, 0, 1.0);
    ac_timing timing = get_timing(engine, a);
    timing.repeat_count = 3;
    set_timing(engine, a, timing);
    AC_CHECK_OK(ac_animation_set_flag(engine, a, AC_ANIMATION_CUMULATIVE, 1));
    run_frames("cumulative repeats", engine, layer, a, "zPosition", 200, cumulative_expected, &c, skip, 3);
    AC_CHECK_NEAR(cumulative_expected(&c, 2.5), 2 * 5 + 10, 1e-12); /* third repeat, midway */
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---- Fields, copies and names ----------------------------------------------------------- */

static void check_functions_equal(const ac_timing_function *a, const ac_timing_function *b) {
    AC_CHECK_EQ_INT(a->kind, b->kind);
    AC_CHECK_EQ_DOUBLE(a->x1, b->x1);
    AC_CHECK_EQ_DOUBLE(a->y1, b->y1);
    AC_CHECK_EQ_DOUBLE(a->x2, b->x2);
    AC_CHECK_EQ_DOUBLE(a->y2, b->y2);
    AC_CHECK_EQ_INT(a->steps, b->steps);
    AC_CHECK_EQ_INT(a->step_position, b->step_position);
}

/* Every keyframe field of `a` is what test_copy_back set. */
static void check_keyframe_fields(ac_engine *engine, ac_animation a, const ac_value *values,
                                  const double *key_times, const ac_timing_function *functions,
                                  const double *splines[3], const size_t spline_counts[3]) {
    ac_value got_values[8];
    double numbers[8];
    ac_timing_function got_functions[4], f;
    size_t count = 99;
    int32_t i32 = -1;
    size_t i, which;
    char key_path[32];

    AC_CHECK_OK(ac_animation_get_kind(engine, a, &i32));
    AC_CHECK_EQ_INT(i32, AC_ANIMATION_KIND_KEYFRAME);
    AC_CHECK_OK(ac_animation_key_path(engine, a, key_path, sizeof key_path, &count));
    AC_CHECK_EQ_STR(key_path, "position");
    AC_CHECK_OK(ac_animation_get_values(engine, a, got_values, 8, &count));
    AC_CHECK_EQ_INT(count, 3);
    for (i = 0; i < 3 && i < count; ++i) {
        AC_CHECK_EQ_INT(got_values[i].kind, AC_VALUE_POINT);
        AC_CHECK_EQ_DOUBLE(got_values[i].v[0], values[i].v[0]);
        AC_CHECK_EQ_DOUBLE(got_values[i].v[1], values[i].v[1]);
    }
    AC_CHECK_OK(ac_animation_get_key_times(engine, a, numbers, 8, &count));
    AC_CHECK_EQ_INT(count, 3);
    for (i = 0; i < 3 && i < count; ++i) AC_CHECK_EQ_DOUBLE(numbers[i], key_times[i]);
    AC_CHECK_OK(ac_animation_get_timing_functions(engine, a, got_functions, 4, &count));
    AC_CHECK_EQ_INT(count, 2);
    for (i = 0; i < 2 && i < count; ++i) check_functions_equal(&got_functions[i], &functions[i]);
    AC_CHECK_OK(ac_animation_get_calculation_mode(engine, a, &i32));
    AC_CHECK_EQ_INT(i32, AC_CALCULATION_CUBIC);
    for (which = 0; which < 3; ++which) {
        AC_CHECK_OK(ac_animation_get_spline_values(engine, a, (int32_t)which, numbers, 8, &count));
        AC_CHECK_EQ_INT(count, spline_counts[which]);
        for (i = 0; i < spline_counts[which] && i < count; ++i) AC_CHECK_EQ_DOUBLE(numbers[i], splines[which][i]);
    }
    AC_CHECK_OK(ac_animation_get_rotation_mode(engine, a, &i32));
    AC_CHECK_EQ_INT(i32, AC_ROTATION_NONE);
    AC_CHECK_OK(ac_animation_get_path(engine, a, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    AC_CHECK_OK(ac_animation_get_flag(engine, a, AC_ANIMATION_ADDITIVE, &i32));
    AC_CHECK_EQ_INT(i32, 1);
    AC_CHECK_OK(ac_animation_get_flag(engine, a, AC_ANIMATION_CUMULATIVE, &i32));
    AC_CHECK_EQ_INT(i32, 1);
    AC_CHECK_OK(ac_animation_get_flag(engine, a, AC_ANIMATION_REMOVED_ON_COMPLETION, &i32));
    AC_CHECK_EQ_INT(i32, 0);
    AC_CHECK_OK(ac_animation_get_timing_function(engine, a, &f, &i32));
    AC_CHECK_EQ_INT(i32, 1);
    AC_CHECK_NEAR(f.x2, 0.58, 0); /* easeOut */
    AC_CHECK_EQ_DOUBLE(get_timing(engine, a).duration_s, 2);
    AC_CHECK_EQ_DOUBLE(get_timing(engine, a).repeat_count, 2);
}

static void test_copy_back(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = 0, copy = 0;
    ac_value values[3];
    const double key_times[3] = {0, 0.3, 1};
    const double tension[3] = {0.1, 0.2, 0.3}, continuity[1] = {-0.1}, bias[3] = {0.5, 0, -0.5};
    const double *splines[3] = {tension, continuity, bias};
    const size_t spline_counts[3] = {3, 1, 3};
    ac_timing_function functions[2], overall = named_function("easeOut");
    ac_timing timing;
    size_t which;
    counters c = {0};

    values[0] = ac_value_point(0, 0);
    values[1] = ac_value_point(10, 20);
    values[2] = ac_value_point(-5, 7.5);
    functions[0] = named_function("easeIn");
    AC_CHECK_OK(ac_timing_function_steps(3, AC_STEP_JUMP_START, &functions[1]));
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "position", &a));
    AC_CHECK_OK(ac_animation_set_values(engine, a, values, 3));
    AC_CHECK_OK(ac_animation_set_key_times(engine, a, key_times, 3));
    AC_CHECK_OK(ac_animation_set_timing_functions(engine, a, functions, 2));
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_CUBIC));
    for (which = 0; which < 3; ++which)
        AC_CHECK_OK(ac_animation_set_spline_values(engine, a, (int32_t)which, splines[which], spline_counts[which]));
    AC_CHECK_OK(ac_animation_set_flag(engine, a, AC_ANIMATION_ADDITIVE, 1));
    AC_CHECK_OK(ac_animation_set_flag(engine, a, AC_ANIMATION_CUMULATIVE, 1));
    AC_CHECK_OK(ac_animation_set_flag(engine, a, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
    AC_CHECK_OK(ac_animation_set_timing_function(engine, a, &overall));
    ac_timing_init_animation(&timing);
    timing.duration_s = 2;
    timing.repeat_count = 2;
    set_timing(engine, a, timing);
    count_animation(engine, a, &c);

    /* The description itself. */
    check_keyframe_fields(engine, a, values, key_times, functions, splines, spline_counts);
    /* Added, then copied back from the layer: every field, the begin time resolved. */
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "every field"));
    AC_CHECK_OK(ac_animation_release(engine, a));
    tick(engine, T0);
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "every field", &copy));
    AC_CHECK(copy != 0);
    check_keyframe_fields(engine, copy, values, key_times, functions, splines, spline_counts);
    AC_CHECK_EQ_DOUBLE(get_timing(engine, copy).begin_time_s, T0);
    /* A copy of the copy, added again, runs the same animation. */
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, copy, "again"));
    AC_CHECK_OK(ac_animation_release(engine, copy));
    AC_CHECK_EQ_INT(animation_count(engine, layer), 2);

    /* Clearing lists: NULL, 0. */
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "again", &copy));
    AC_CHECK_OK(ac_animation_set_key_times(engine, copy, NULL, 0));
    AC_CHECK_OK(ac_animation_set_timing_functions(engine, copy, NULL, 0));
    AC_CHECK_OK(ac_animation_set_spline_values(engine, copy, AC_SPLINE_BIAS, NULL, 0));
    {
        size_t count = 99;
        AC_CHECK_OK(ac_animation_get_key_times(engine, copy, NULL, 0, &count));
        AC_CHECK_EQ_INT(count, 0);
        AC_CHECK_OK(ac_animation_get_timing_functions(engine, copy, NULL, 0, &count));
        AC_CHECK_EQ_INT(count, 0);
        AC_CHECK_OK(ac_animation_get_spline_values(engine, copy, AC_SPLINE_BIAS, NULL, 0, &count));
        AC_CHECK_EQ_INT(count, 0);
        AC_CHECK_STATUS(ac_animation_get_spline_values(engine, copy, AC_SPLINE_TENSION, NULL, 0, &count),
                        AC_ERR_BUFFER_TOO_SMALL);
        AC_CHECK_EQ_INT(count, 3);
    }
    AC_CHECK_OK(ac_animation_release(engine, copy));

    /* A basic animation still copies back as basic, with its values. */
    {
        ac_animation basic = scalar_animation(engine, "opacity", 1, 0.25, 1, 0.75, 0, 0, 1.0), back = 0;
        ac_value v;
        int32_t kind = -1, is_set = 0;
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, basic, "basic"));
        AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "basic", &back));
        AC_CHECK_OK(ac_animation_get_kind(engine, back, &kind));
        AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_BASIC);
        AC_CHECK_OK(ac_animation_get_value(engine, back, AC_ANIMATION_TO, &v, &is_set));
        AC_CHECK_EQ_INT(is_set, 1);
        AC_CHECK_EQ_DOUBLE(v.v[0], 0.75);
        ac_animation_release(engine, back);
        ac_animation_release(engine, basic);
    }
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(c.destroyed, 1);
}

static void test_defaults_and_names(void) {
    ac_engine *engine = new_engine();
    ac_animation a = 0;
    int32_t i32 = -1;
    size_t count = 99;
    const char *names[5] = {"linear", "discrete", "paced", "cubic", "cubicPaced"};
    int32_t mode;

    AC_CHECK_OK(ac_animation_create_keyframe(engine, "opacity", &a));
    AC_CHECK_OK(ac_animation_get_kind(engine, a, &i32));
    AC_CHECK_EQ_INT(i32, AC_ANIMATION_KIND_KEYFRAME);
    AC_CHECK_OK(ac_animation_get_calculation_mode(engine, a, &i32));
    AC_CHECK_EQ_INT(i32, AC_CALCULATION_LINEAR);
    AC_CHECK_OK(ac_animation_get_rotation_mode(engine, a, &i32));
    AC_CHECK_EQ_INT(i32, AC_ROTATION_NONE);
    AC_CHECK_OK(ac_animation_get_values(engine, a, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    AC_CHECK_OK(ac_animation_get_key_times(engine, a, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    AC_CHECK_OK(ac_animation_get_timing_functions(engine, a, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    AC_CHECK_OK(ac_animation_get_path(engine, a, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    AC_CHECK_EQ_DOUBLE(get_timing(engine, a).duration_s, 0);
    AC_CHECK_OK(ac_animation_get_flag(engine, a, AC_ANIMATION_REMOVED_ON_COMPLETION, &i32));
    AC_CHECK_EQ_INT(i32, 1);
    /* A keyframe animation added with duration 0 gets the default 0.25 s. */
    {
        const double values[2] = {0, 1};
        ac_layer layer = new_layer(engine, 0);
        ac_animation k = keyframe_scalars(engine, "zPosition", values, 2, NULL, 0, 0);
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, k, "k"));
        tick(engine, T0);
        tick(engine, T0 + 0.125);
        AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), 0.5, 1e-9);
        ac_animation_release(engine, k);
    }
    for (mode = 0; mode < 5; ++mode) {
        const char *name = NULL;
        int32_t back = -1;
        AC_CHECK_OK(ac_calculation_mode_name(mode, &name));
        AC_CHECK_EQ_STR(name, names[mode]);
        AC_CHECK_OK(ac_calculation_mode_from_name(names[mode], &back));
        AC_CHECK_EQ_INT(back, mode);
        AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, mode));
        AC_CHECK_OK(ac_animation_get_calculation_mode(engine, a, &back));
        AC_CHECK_EQ_INT(back, mode);
    }
    ac_animation_release(engine, a);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_linear();
    test_segment_timing_functions();
    test_animation_timing_function();
    test_discrete();
    test_paced();
    test_cubic();
    test_cubic_paced();
    test_additive_shake();
    test_cumulative();
    test_copy_back();
    test_defaults_and_names();
    return ac_test_finish();
}
