/*
 * Explicit animations through the engine, tick by tick at 60 fps: the reference's value
 * vectors V1-V9 and V16-V18 (§9.2), the fill and removal rules, duration 0 and begin time 0
 * at commit, replacement under a key, did-start / did-stop exactly once each, removal, the
 * order of keys, copying back, the description handles and their errors, one key path
 * added to layers of classes where it means different things, and key strings given again.
 */
#include "ac_engine_test.h"

/* A fresh engine ticked once at T0, with one layer of the built-in class. */
typedef struct fixture {
    ac_engine *engine;
    ac_layer layer;
} fixture;

static fixture setup(void) {
    fixture f;
    f.engine = new_engine();
    f.layer = new_layer(f.engine, 0);
    return f;
}

/* Adds `animation` to the fixture's layer under `key`, then ticks at T0 (the commit: begin time
   0 becomes T0) and at T0 + e; returns the presentation scalar at key_path. */
static double sample_at(fixture f, ac_animation animation, const char *key_path, double e) {
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, animation, "k"));
    tick(f.engine, T0);
    tick(f.engine, T0 + e);
    return presentation_scalar(f.engine, f.layer, key_path);
}

static void test_value_vectors(void) {
    fixture f;
    ac_animation a;
    int k;

    /* V1: from 10 to 20, p 0.5 -> 15; every frame on the line, then the model again. */
    f = setup();
    a = scalar_animation(f.engine, "opacity", 1, 10, 1, 20, 0, 0, 1.0);
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "k"));
    for (k = 0; k <= 70; ++k) {
        tick(f.engine, frame_time(k));
        if (k < 60)
            AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "opacity"), 10 + 10 * k / 60.0, 1e-9);
        else if (k > 60)
            AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "opacity"), 1.0);
        AC_CHECK_EQ_DOUBLE(model_scalar(f.engine, f.layer, "opacity"), 1.0);
        if (k == 30) AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "opacity"), 15, 1e-9);
    }
    ac_engine_destroy(f.engine);

    /* V2: from 10 by 5 -> 12.5. */
    f = setup();
    AC_CHECK_NEAR(sample_at(f, scalar_animation(f.engine, "opacity", 1, 10, 0, 0, 1, 5, 1.0), "opacity", 0.5), 12.5, 1e-9);
    ac_engine_destroy(f.engine);

    /* V3: to 20 by 5 -> 17.5. */
    f = setup();
    AC_CHECK_NEAR(sample_at(f, scalar_animation(f.engine, "opacity", 0, 0, 1, 20, 1, 5, 1.0), "opacity", 0.5), 17.5, 1e-9);
    ac_engine_destroy(f.engine);

    /* V4: from 10 only over an underlying 30 -> 20; the model changed to 50 mid-flight: the
       animation heads to 50 (checked once any implicit animation of the change is over). */
    f = setup();
    set_scalar(f.engine, f.layer, "zPosition", 30);
    AC_CHECK_NEAR(sample_at(f, scalar_animation(f.engine, "zPosition", 1, 10, 0, 0, 0, 0, 1.0), "zPosition", 0.5), 20, 1e-9);
    set_scalar(f.engine, f.layer, "zPosition", 50);
    for (k = 31; k < 54; ++k) tick(f.engine, frame_time(k)); /* any implicit animation ends */
    tick(f.engine, T0 + 0.9);
    AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "zPosition"), 10 + 0.9 * 40, 1e-9);
    tick(f.engine, T0 + 0.95);
    AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "zPosition"), 10 + 0.95 * 40, 1e-9);
    AC_CHECK_EQ_DOUBLE(model_scalar(f.engine, f.layer, "zPosition"), 50);
    ac_engine_destroy(f.engine);

    /* V5: to 20 only over an underlying 0 -> 10. */
    f = setup();
    set_scalar(f.engine, f.layer, "zPosition", 0);
    AC_CHECK_NEAR(sample_at(f, scalar_animation(f.engine, "zPosition", 0, 0, 1, 20, 0, 0, 1.0), "zPosition", 0.5), 10, 1e-9);
    ac_engine_destroy(f.engine);

    /* V6: by 5 only over an underlying 100 -> 102.5. */
    f = setup();
    set_scalar(f.engine, f.layer, "zPosition", 100);
    AC_CHECK_NEAR(sample_at(f, scalar_animation(f.engine, "zPosition", 0, 0, 0, 0, 1, 5, 1.0), "zPosition", 0.5), 102.5, 1e-9);
    ac_engine_destroy(f.engine);

    /* V7: the model set to 300, then a to-only animation to 300: no motion. */
    f = setup();
    set_scalar(f.engine, f.layer, "zPosition", 300);
    a = scalar_animation(f.engine, "zPosition", 0, 0, 1, 300, 0, 0, 1.0);
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "k"));
    for (k = 0; k <= 70; k += 7) {
        tick(f.engine, frame_time(k));
        AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "zPosition"), 300);
    }
    ac_engine_destroy(f.engine);

    /* V8: 0 -> 100, easeInEaseOut, d 1, t 0.25 -> 12.9162. */
    f = setup();
    a = scalar_animation(f.engine, "zPosition", 1, 0, 1, 100, 0, 0, 1.0);
    {
        ac_timing_function ease;
        ac_timing_function_named("easeInEaseOut", &ease);
        AC_CHECK_OK(ac_animation_set_timing_function(f.engine, a, &ease));
    }
    AC_CHECK_NEAR(sample_at(f, a, "zPosition", 0.25), 12.9162, 1e-4);
    ac_engine_destroy(f.engine);

    /* V9: additive delta: model 10, from -10 to 0 additive, p 0.5 -> 5. */
    f = setup();
    set_scalar(f.engine, f.layer, "zPosition", 10);
    a = scalar_animation(f.engine, "zPosition", 1, -10, 1, 0, 0, 0, 1.0);
    AC_CHECK_OK(ac_animation_set_flag(f.engine, a, AC_ANIMATION_ADDITIVE, 1));
    AC_CHECK_NEAR(sample_at(f, a, "zPosition", 0.5), 5, 1e-9);
    ac_engine_destroy(f.engine);

    /* V16: cumulative from 10 to 20, d 1, repeatCount 3, e 1.5 -> 35. */
    f = setup();
    a = scalar_animation(f.engine, "zPosition", 1, 10, 1, 20, 0, 0, 1.0);
    {
        ac_timing timing = get_timing(f.engine, a);
        timing.repeat_count = 3;
        set_timing(f.engine, a, timing);
    }
    AC_CHECK_OK(ac_animation_set_flag(f.engine, a, AC_ANIMATION_CUMULATIVE, 1));
    AC_CHECK_NEAR(sample_at(f, a, "zPosition", 1.5), 35, 1e-9);
    ac_engine_destroy(f.engine);

    /* V17: cumulative + autoreverses, from 10 to 20, d 1, repeatCount 2, e 2.5 -> 25. */
    f = setup();
    a = scalar_animation(f.engine, "zPosition", 1, 10, 1, 20, 0, 0, 1.0);
    {
        ac_timing timing = get_timing(f.engine, a);
        timing.repeat_count = 2;
        timing.autoreverses = 1;
        set_timing(f.engine, a, timing);
    }
    AC_CHECK_OK(ac_animation_set_flag(f.engine, a, AC_ANIMATION_CUMULATIVE, 1));
    AC_CHECK_NEAR(sample_at(f, a, "zPosition", 2.5), 25, 1e-9);
    ac_engine_destroy(f.engine);

    /* A cumulative transform beyond the range of doubles: a scale of 2 per cycle, 1100 cycles
       on, is infinite where it scales and keeps its zeros and ones (no NaN of 0 x infinity). */
    f = setup();
    {
        ac_value from = ac_value_transform3d_identity(), to = ac_value_transform3d_identity();
        to.v[0] = to.v[5] = 2;
        AC_CHECK_OK(ac_animation_create_basic(f.engine, "transform", &a));
        AC_CHECK_OK(ac_animation_set_value(f.engine, a, AC_ANIMATION_FROM, &from));
        AC_CHECK_OK(ac_animation_set_value(f.engine, a, AC_ANIMATION_TO, &to));
        ac_timing timing = get_timing(f.engine, a);
        timing.duration_s = 1;
        timing.repeat_count = 1e6;
        set_timing(f.engine, a, timing);
        AC_CHECK_OK(ac_animation_set_flag(f.engine, a, AC_ANIMATION_CUMULATIVE, 1));
        AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "grow"));
        tick(f.engine, T0);
        tick(f.engine, T0 + 1100.5);
        ac_value grown = presentation_value(f.engine, f.layer, "transform");
        const double expected[16] = {INFINITY, 0, 0, 0, 0, INFINITY, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        for (k = 0; k < 16; k++) AC_CHECK_EQ_DOUBLE(grown.v[k], expected[k]);
    }
    ac_engine_destroy(f.engine);

    /* V18: transform.rotation.z 0 -> 2pi is one full turn; the whole matrix identity ->
       rotation(2pi) shows no motion. */
    f = setup();
    a = scalar_animation(f.engine, "transform.rotation.z", 1, 0, 1, 2 * PI, 0, 0, 1.0);
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "spin"));
    tick(f.engine, T0);
    tick(f.engine, T0 + 0.25);
    {
        ac_value m = presentation_value(f.engine, f.layer, "transform");
        AC_CHECK_NEAR(m.v[0], 0, 1e-9); /* cos(pi/2) */
        AC_CHECK_NEAR(m.v[1], 1, 1e-9); /* sin(pi/2) */
        AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "transform.rotation.z"), PI / 2, 1e-9);
    }
    tick(f.engine, T0 + 0.5);
    AC_CHECK_NEAR(presentation_value(f.engine, f.layer, "transform").v[0], -1, 1e-9);
    tick(f.engine, T0 + 0.75);
    AC_CHECK_NEAR(presentation_value(f.engine, f.layer, "transform").v[1], -1, 1e-9);
    /* The model transform never moved. */
    AC_CHECK_EQ_DOUBLE(model_value(f.engine, f.layer, "transform").v[0], 1);
    ac_engine_destroy(f.engine);

    f = setup();
    {
        ac_value to = ac_value_transform3d_identity();
        to.v[0] = cos(2 * PI);
        to.v[1] = sin(2 * PI);
        to.v[4] = -sin(2 * PI);
        to.v[5] = cos(2 * PI);
        AC_CHECK_OK(ac_animation_create_basic(f.engine, "transform", &a));
        AC_CHECK_OK(ac_animation_set_value(f.engine, a, AC_ANIMATION_TO, &to));
        set_timing(f.engine, a, get_timing(f.engine, a));
        {
            ac_timing timing = get_timing(f.engine, a);
            timing.duration_s = 1;
            set_timing(f.engine, a, timing);
        }
        AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "whole"));
        tick(f.engine, T0);
        tick(f.engine, T0 + 0.5);
        AC_CHECK_NEAR(presentation_value(f.engine, f.layer, "transform").v[0], 1, 1e-9);
        AC_CHECK_NEAR(presentation_value(f.engine, f.layer, "transform").v[1], 0, 1e-9);
    }
    ac_engine_destroy(f.engine);
}

/* Fill modes and removal, tick by tick: an animation of zPosition 100 -> 200 beginning 0.505 s
   after the first tick and lasting 1 s: frames 0...30 are before it, 31...90 inside it, 91...
   after it (no frame falls on a boundary). */
static void run_fill(int fill_mode, int removed_on_completion, const char *label) {
    fixture f = setup();
    ac_animation a = scalar_animation(f.engine, "zPosition", 1, 100, 1, 200, 0, 0, 1.0);
    ac_timing timing = get_timing(f.engine, a);
    counters c = {0};
    int fills_back = fill_mode == AC_FILL_BACKWARDS || fill_mode == AC_FILL_BOTH;
    int fills_forward = fill_mode == AC_FILL_FORWARDS || fill_mode == AC_FILL_BOTH;
    int k;

    timing.begin_time_s = T0 + 0.505; /* the layer's time is the engine's */
    timing.fill_mode = fill_mode;
    set_timing(f.engine, a, timing);
    AC_CHECK_OK(ac_animation_set_flag(f.engine, a, AC_ANIMATION_REMOVED_ON_COMPLETION, removed_on_completion));
    count_animation(f.engine, a, &c);
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "fill"));
    for (k = 0; k <= 120; ++k) {
        double e = k / 60.0 - 0.505, value, expected;
        int before = k <= 30, after = k >= 91;
        tick(f.engine, frame_time(k));
        value = presentation_scalar(f.engine, f.layer, "zPosition");
        if (before) expected = fills_back ? 100 : 0;
        else if (after) expected = (fills_forward && !removed_on_completion) ? 200 : 0;
        else expected = 100 + 100 * e;
        if (!AC_CHECK_NEAR(value, expected, 1e-9) || !AC_CHECK_EQ_INT(c.started, before ? 0 : 1) ||
            !AC_CHECK_EQ_INT(c.stopped_finished, after ? 1 : 0)) {
            printf("    %s: frame %d\n", label, k);
            break;
        }
    }
    AC_CHECK_EQ_INT(c.stopped_unfinished, 0);
    /* Kept when not removed on completion; gone otherwise. */
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), removed_on_completion ? 0 : 1);
    AC_CHECK_EQ_INT(c.destroyed, 0);
    ac_animation_release(f.engine, a);
    if (!removed_on_completion) {
        AC_CHECK_OK(ac_layer_remove_animation(f.engine, f.layer, "fill"));
        tick(f.engine, frame_time(121));
        AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "zPosition"), 0);
        AC_CHECK_EQ_INT(c.stopped_unfinished, 0); /* it had finished already */
    }
    AC_CHECK_EQ_INT(c.destroyed, 1);
    ac_engine_destroy(f.engine);
}

static void test_fill_and_removal(void) {
    run_fill(AC_FILL_REMOVED, 1, "removed, removed on completion");
    run_fill(AC_FILL_BACKWARDS, 1, "backwards");
    run_fill(AC_FILL_FORWARDS, 1, "forwards, removed on completion");
    run_fill(AC_FILL_FORWARDS, 0, "forwards, kept");
    run_fill(AC_FILL_BOTH, 0, "both, kept");
    run_fill(AC_FILL_REMOVED, 0, "removed, kept");
}

static void test_duration_and_begin(void) {
    fixture f = setup();
    ac_layer layer;
    ac_animation a, copy = 0;
    ac_timing timing;
    counters c = {0};
    int k;

    /* Duration 0 becomes the default 0.25 s; the copy says so before the commit. */
    a = scalar_animation(f.engine, "zPosition", 1, 0, 1, 1, 0, 0, 0);
    count_animation(f.engine, a, &c);
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "d0"));
    AC_CHECK_OK(ac_layer_copy_animation(f.engine, f.layer, "d0", &copy));
    timing = get_timing(f.engine, copy);
    AC_CHECK_EQ_DOUBLE(timing.duration_s, 0.25);
    AC_CHECK_EQ_DOUBLE(timing.begin_time_s, 0); /* not committed yet */
    AC_CHECK_EQ_DOUBLE(get_timing(f.engine, a).duration_s, 0); /* the description is unchanged */
    ac_animation_release(f.engine, copy);
    /* Not applied before the commit. */
    AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "zPosition"), 0);
    for (k = 0; k <= 20; ++k) {
        tick(f.engine, frame_time(k));
        if (k < 15) AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "zPosition"), k / 15.0, 1e-9);
        if (k == 14) AC_CHECK_EQ_INT(c.stopped_finished, 0);
        if (k == 16) AC_CHECK_EQ_INT(c.stopped_finished, 1);
    }
    ac_engine_destroy(f.engine);

    /* Begin time 0 becomes the layer's time at the commit: a layer with speed 2 and offset 3. */
    f = setup();
    layer = f.layer;
    set_scalar(f.engine, layer, "speed", 2);
    set_scalar(f.engine, layer, "timeOffset", 3);
    tick(f.engine, T0);
    a = scalar_animation(f.engine, "zPosition", 1, 0, 1, 10, 0, 0, 1.0);
    AC_CHECK_OK(ac_layer_add_animation(f.engine, layer, a, "b0"));
    tick(f.engine, T0 + 0.1);
    AC_CHECK_OK(ac_layer_copy_animation(f.engine, layer, "b0", &copy));
    AC_CHECK_NEAR(get_timing(f.engine, copy).begin_time_s, (T0 + 0.1) * 2 + 3, 1e-9);
    /* Layer speed 2: 0.25 s of engine time is half the animation. */
    tick(f.engine, T0 + 0.35);
    AC_CHECK_NEAR(presentation_scalar(f.engine, layer, "zPosition"), 5, 1e-9);
    ac_engine_destroy(f.engine);

    /* The engine's default duration (ac_engine_config.default_duration_s). */
    {
        ac_engine_config config;
        ac_engine *engine = NULL;
        ac_engine_config_init(&config);
        config.default_duration_s = 1.5;
        AC_CHECK_OK(ac_engine_create(&config, &engine));
        layer = new_layer(engine, 0);
        a = scalar_animation(engine, "zPosition", 1, 0, 1, 1, 0, 0, 0);
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "k"));
        AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "k", &copy));
        AC_CHECK_EQ_DOUBLE(get_timing(engine, copy).duration_s, 1.5);
        ac_engine_destroy(engine);
    }
}

static void test_callbacks_and_replacement(void) {
    fixture f = setup();
    counters first = {0}, second = {0}, keyless = {0};
    ac_animation a = scalar_animation(f.engine, "zPosition", 1, 0, 1, 10, 0, 0, 1.0);
    ac_animation b = scalar_animation(f.engine, "zPosition", 1, 50, 1, 60, 0, 0, 1.0);
    ac_animation n = scalar_animation(f.engine, "opacity", 1, 0, 1, 1, 0, 0, 0.5);
    int k;

    count_animation(f.engine, a, &first);
    count_animation(f.engine, b, &second);
    count_animation(f.engine, n, &keyless);
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "move"));
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, n, NULL));
    tick(f.engine, frame_time(0));
    tick(f.engine, frame_time(6));
    AC_CHECK_EQ_INT(first.started, 1);
    AC_CHECK_EQ_STR(first.last_key, "move");
    AC_CHECK_EQ_INT(first.last_layer, f.layer);
    AC_CHECK_EQ_INT(keyless.started, 1);
    AC_CHECK(keyless.last_key_was_null);
    /* Animations without a key are not counted among the keys. */
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 1);

    /* Replacing under the same key stops the first (finished 0) at the next tick. */
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, b, "move"));
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 1);
    for (k = 7; k <= 80; ++k) tick(f.engine, frame_time(k));
    AC_CHECK_EQ_INT(first.started, 1);
    AC_CHECK_EQ_INT(first.stopped_unfinished, 1);
    AC_CHECK_EQ_INT(first.stopped_finished, 0);
    AC_CHECK_EQ_INT(second.started, 1);
    AC_CHECK_EQ_INT(second.stopped_finished, 1);
    AC_CHECK_EQ_INT(second.stopped_unfinished, 0);
    AC_CHECK_EQ_STR(second.last_key, "move");
    AC_CHECK_EQ_INT(keyless.stopped_finished, 1);
    AC_CHECK(keyless.last_key_was_null);
    /* Destroy functions: the descriptions still hold their delegates. */
    AC_CHECK_EQ_INT(first.destroyed + second.destroyed + keyless.destroyed, 0);
    ac_animation_release(f.engine, a);
    ac_animation_release(f.engine, b);
    ac_animation_release(f.engine, n);
    AC_CHECK_EQ_INT(first.destroyed, 1);
    AC_CHECK_EQ_INT(second.destroyed, 1);
    AC_CHECK_EQ_INT(keyless.destroyed, 1);
    /* Nothing more after everything ended. */
    for (k = 81; k <= 90; ++k) tick(f.engine, frame_time(k));
    AC_CHECK_EQ_INT(first.started + second.started + keyless.started, 3);
    AC_CHECK_EQ_INT(first.stopped_unfinished + second.stopped_finished + keyless.stopped_finished, 3);
    ac_engine_destroy(f.engine);
}

static void test_removal(void) {
    fixture f = setup();
    counters c = {0}, d = {0};
    ac_animation a = scalar_animation(f.engine, "zPosition", 1, 0, 1, 10, 0, 0, 1.0);
    ac_animation b = scalar_animation(f.engine, "opacity", 1, 0, 1, 0.5, 0, 0, 1.0);

    count_animation(f.engine, a, &c);
    count_animation(f.engine, b, &d);
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "z"));
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, b, "o"));
    tick(f.engine, T0);
    tick(f.engine, T0 + 0.5);
    AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "zPosition"), 5, 1e-9);
    AC_CHECK_OK(ac_layer_remove_animation(f.engine, f.layer, "z"));
    AC_CHECK_OK(ac_layer_remove_animation(f.engine, f.layer, "nothing"));
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 1);
    /* The model shows at once; did-stop (finished 0) comes with the next tick. */
    AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "zPosition"), 0);
    tick(f.engine, T0 + 0.6);
    AC_CHECK_EQ_INT(c.stopped_unfinished, 1);
    AC_CHECK_EQ_INT(c.stopped_finished, 0);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "zPosition"), 0);
    AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "opacity"), 0.3, 1e-9);

    AC_CHECK_OK(ac_layer_remove_all_animations(f.engine, f.layer));
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 0);
    tick(f.engine, T0 + 0.7);
    AC_CHECK_EQ_INT(d.stopped_unfinished, 1);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "opacity"), 1);

    /* A layer destroyed with running animations: they stop, finished 0. */
    {
        ac_layer doomed = new_layer(f.engine, 0);
        counters e = {0};
        ac_animation x = scalar_animation(f.engine, "opacity", 1, 0, 1, 1, 0, 0, 5.0);
        count_animation(f.engine, x, &e);
        AC_CHECK_OK(ac_layer_add_animation(f.engine, doomed, x, "x"));
        ac_animation_release(f.engine, x);
        tick(f.engine, T0 + 1);
        AC_CHECK_EQ_INT(e.started, 1);
        AC_CHECK_OK(ac_layer_release(f.engine, doomed));
        tick(f.engine, T0 + 1.1);
        AC_CHECK_EQ_INT(e.stopped_unfinished, 1);
        AC_CHECK_EQ_INT(e.destroyed, 1);
    }
    EXPECT_ERROR(ac_layer_remove_animation(f.engine, f.layer, NULL), AC_ERR_NULL_POINTER, "key");
    EXPECT_ERROR(ac_layer_remove_animation(f.engine, 0, "z"), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_remove_all_animations(f.engine, 0), AC_ERR_BAD_HANDLE, "layer");
    ac_engine_destroy(f.engine);
}

static void test_keys_in_order(void) {
    fixture f = setup();
    const char *names[3] = {"alpha", "beta", "gamma"};
    const char *after[3] = {"beta", "gamma", "alpha"};
    char buffer[16];
    size_t length = 0;
    int index;
    ac_animation a = scalar_animation(f.engine, "opacity", 1, 0, 1, 1, 0, 0, 10);

    for (index = 0; index < 3; ++index) AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, names[index]));
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, NULL));
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 3);
    for (index = 0; index < 3; ++index) {
        AC_CHECK_OK(ac_layer_animation_key(f.engine, f.layer, index, buffer, sizeof buffer, &length));
        AC_CHECK_EQ_STR(buffer, names[index]);
    }
    /* Re-adding under a key replaces it, at the end (application order). */
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "alpha"));
    for (index = 0; index < 3; ++index) {
        AC_CHECK_OK(ac_layer_animation_key(f.engine, f.layer, index, buffer, sizeof buffer, &length));
        AC_CHECK_EQ_STR(buffer, after[index]);
    }
    EXPECT_ERROR(ac_layer_animation_key(f.engine, f.layer, 3, buffer, sizeof buffer, &length), AC_ERR_OUT_OF_RANGE, "index");
    EXPECT_ERROR(ac_layer_animation_key(f.engine, f.layer, (size_t)-1, buffer, sizeof buffer, &length), AC_ERR_OUT_OF_RANGE, "index");
    EXPECT_ERROR(ac_layer_animation_key(f.engine, f.layer, 0, buffer, 4, &length), AC_ERR_BUFFER_TOO_SMALL, "buffer");
    AC_CHECK_EQ_INT(length, 4);
    EXPECT_ERROR(ac_layer_animation_key(f.engine, f.layer, 0, NULL, 0, &length), AC_ERR_BUFFER_TOO_SMALL, "buffer");
    AC_CHECK_EQ_INT(length, 4);
    AC_CHECK_OK(ac_layer_animation_key(f.engine, f.layer, 0, buffer, 5, &length));
    AC_CHECK_EQ_STR(buffer, "beta");
    EXPECT_ERROR(ac_layer_animation_key(f.engine, f.layer, 0, buffer, 5, NULL), AC_ERR_NULL_POINTER, "out_length");
    EXPECT_ERROR(ac_layer_animation_count(f.engine, f.layer, NULL), AC_ERR_NULL_POINTER, "out_count");
    ac_engine_destroy(f.engine);
}

/* AC_ANIMATION_KEEPS_FINAL_VALUE: off by default for a basic animation (it snaps back to the
   model, Core Animation's rule); on, its end value is in the model once it finishes, and the
   copy reads the flag back. Removed before it finishes, it keeps nothing. */
static void test_keeps_final_value(void) {
    fixture f = setup();
    ac_layer other = new_layer(f.engine, 0), removed = new_layer(f.engine, 0);
    ac_animation a = scalar_animation(f.engine, "zPosition", 1, 2, 1, 7, 0, 0, 1.0), copy = 0;
    int32_t on = -1;

    AC_CHECK_OK(ac_animation_get_flag(f.engine, a, AC_ANIMATION_KEEPS_FINAL_VALUE, &on));
    AC_CHECK_EQ_INT(on, 0);
    AC_CHECK_OK(ac_layer_add_animation(f.engine, other, a, "z"));
    AC_CHECK_OK(ac_animation_set_flag(f.engine, a, AC_ANIMATION_KEEPS_FINAL_VALUE, 1));
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "z"));
    AC_CHECK_OK(ac_layer_add_animation(f.engine, removed, a, "z"));
    AC_CHECK_OK(ac_layer_copy_animation(f.engine, f.layer, "z", &copy));
    AC_CHECK_OK(ac_animation_get_flag(f.engine, copy, AC_ANIMATION_KEEPS_FINAL_VALUE, &on));
    AC_CHECK_EQ_INT(on, 1);
    tick(f.engine, T0);
    tick(f.engine, T0 + 0.5);
    AC_CHECK_OK(ac_layer_remove_animation(f.engine, removed, "z"));
    AC_CHECK_EQ_DOUBLE(model_scalar(f.engine, f.layer, "zPosition"), 0);
    tick(f.engine, T0 + 1.5);
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 0);
    AC_CHECK_EQ_DOUBLE(model_scalar(f.engine, f.layer, "zPosition"), 7);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "zPosition"), 7);
    AC_CHECK_EQ_DOUBLE(model_scalar(f.engine, other, "zPosition"), 0);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, other, "zPosition"), 0);
    AC_CHECK_EQ_DOUBLE(model_scalar(f.engine, removed, "zPosition"), 0);
    /* The write ran no action: nothing animates the kept value afterwards. */
    tick(f.engine, T0 + 2);
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 0);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "zPosition"), 7);

    AC_CHECK_OK(ac_animation_release(f.engine, copy));
    AC_CHECK_OK(ac_animation_release(f.engine, a));
    AC_CHECK_OK(ac_engine_destroy(f.engine));
}

static void test_copy_back(void) {
    fixture f = setup();
    ac_layer other = new_layer(f.engine, 0);
    ac_animation a = 0, copy = 0;
    ac_value from = ac_value_point(1, 2), by = ac_value_point(10, 20), got;
    ac_timing timing;
    ac_timing_function steps, function;
    int32_t is_set = -1, on = -1;
    char path[32];
    size_t length = 0;

    AC_CHECK_OK(ac_animation_create_basic(f.engine, "position", &a));
    AC_CHECK_OK(ac_animation_set_value(f.engine, a, AC_ANIMATION_FROM, &from));
    AC_CHECK_OK(ac_animation_set_value(f.engine, a, AC_ANIMATION_BY, &by));
    ac_timing_init_animation(&timing);
    timing.duration_s = 2;
    timing.repeat_count = 1.5;
    timing.autoreverses = 1;
    timing.fill_mode = AC_FILL_BOTH;
    AC_CHECK_OK(ac_animation_set_timing(f.engine, a, &timing));
    ac_timing_function_steps(4, AC_STEP_JUMP_END, &steps);
    AC_CHECK_OK(ac_animation_set_timing_function(f.engine, a, &steps));
    AC_CHECK_OK(ac_animation_set_flag(f.engine, a, AC_ANIMATION_CUMULATIVE, 1));
    AC_CHECK_OK(ac_animation_set_flag(f.engine, a, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "move"));
    tick(f.engine, T0);

    AC_CHECK_OK(ac_layer_copy_animation(f.engine, f.layer, "move", &copy));
    AC_CHECK(copy != 0 && copy != a);
    AC_CHECK_OK(ac_animation_key_path(f.engine, copy, path, sizeof path, &length));
    AC_CHECK_EQ_STR(path, "position");
    AC_CHECK_OK(ac_animation_get_value(f.engine, copy, AC_ANIMATION_FROM, &got, &is_set));
    AC_CHECK_EQ_INT(is_set, 1);
    AC_CHECK(got.kind == AC_VALUE_POINT && got.v[0] == 1 && got.v[1] == 2);
    AC_CHECK_OK(ac_animation_get_value(f.engine, copy, AC_ANIMATION_TO, &got, &is_set));
    AC_CHECK_EQ_INT(is_set, 0);
    AC_CHECK_OK(ac_animation_get_value(f.engine, copy, AC_ANIMATION_BY, &got, &is_set));
    AC_CHECK(is_set == 1 && got.v[0] == 10 && got.v[1] == 20);
    timing = get_timing(f.engine, copy);
    AC_CHECK_EQ_DOUBLE(timing.duration_s, 2);
    AC_CHECK_EQ_DOUBLE(timing.repeat_count, 1.5);
    AC_CHECK_EQ_INT(timing.autoreverses, 1);
    AC_CHECK_EQ_INT(timing.fill_mode, AC_FILL_BOTH);
    AC_CHECK_NEAR(timing.begin_time_s, T0, 1e-9); /* resolved at the commit */
    AC_CHECK_OK(ac_animation_get_timing_function(f.engine, copy, &function, &is_set));
    AC_CHECK(is_set == 1 && function.kind == AC_TIMING_FUNCTION_STEPS && function.steps == 4);
    AC_CHECK_OK(ac_animation_get_flag(f.engine, copy, AC_ANIMATION_CUMULATIVE, &on));
    AC_CHECK_EQ_INT(on, 1);
    AC_CHECK_OK(ac_animation_get_flag(f.engine, copy, AC_ANIMATION_ADDITIVE, &on));
    AC_CHECK_EQ_INT(on, 0);
    AC_CHECK_OK(ac_animation_get_flag(f.engine, copy, AC_ANIMATION_REMOVED_ON_COMPLETION, &on));
    AC_CHECK_EQ_INT(on, 0);

    /* A copy is a description like any: it can be added elsewhere and edited alone. */
    AC_CHECK_OK(ac_layer_add_animation(f.engine, other, copy, "again"));
    AC_CHECK_OK(ac_animation_set_flag(f.engine, copy, AC_ANIMATION_CUMULATIVE, 0));
    AC_CHECK_OK(ac_animation_get_flag(f.engine, a, AC_ANIMATION_CUMULATIVE, &on));
    AC_CHECK_EQ_INT(on, 1);
    /* Editing the description after the add does not touch the running copy. */
    {
        ac_value far = ac_value_point(1000, 1000);
        ac_animation check = 0;
        AC_CHECK_OK(ac_animation_set_value(f.engine, a, AC_ANIMATION_FROM, &far));
        AC_CHECK_OK(ac_layer_copy_animation(f.engine, f.layer, "move", &check));
        AC_CHECK_OK(ac_animation_get_value(f.engine, check, AC_ANIMATION_FROM, &got, &is_set));
        AC_CHECK_EQ_DOUBLE(got.v[0], 1);
        ac_animation_release(f.engine, check);
    }
    /* No animation under the key: 0. */
    AC_CHECK_OK(ac_layer_copy_animation(f.engine, f.layer, "nothing", &copy));
    AC_CHECK_EQ_INT(copy, 0);
    EXPECT_ERROR(ac_layer_copy_animation(f.engine, f.layer, NULL, &copy), AC_ERR_NULL_POINTER, "key");
    EXPECT_ERROR(ac_layer_copy_animation(f.engine, f.layer, "move", NULL), AC_ERR_NULL_POINTER, "out_animation");
    ac_engine_destroy(f.engine);
}

static void test_descriptions(void) {
    fixture f = setup();
    ac_animation a = 0, b = 0;
    ac_value v = ac_value_scalar(1), got;
    ac_timing timing;
    ac_timing_function function;
    int32_t is_set = -1, on = -1;
    char path[8];
    size_t length = 0;

    AC_CHECK_OK(ac_animation_create_basic(f.engine, "transform.rotation.z", &a));
    /* The defaults. */
    AC_CHECK_OK(ac_animation_get_value(f.engine, a, AC_ANIMATION_FROM, &got, &is_set));
    AC_CHECK_EQ_INT(is_set, 0);
    AC_CHECK_EQ_INT(got.kind, 0);
    timing = get_timing(f.engine, a);
    AC_CHECK_EQ_DOUBLE(timing.duration_s, 0);
    AC_CHECK_EQ_DOUBLE(timing.speed, 1);
    AC_CHECK_OK(ac_animation_get_timing_function(f.engine, a, &function, &is_set));
    AC_CHECK_EQ_INT(is_set, 0);
    AC_CHECK(function.kind == AC_TIMING_FUNCTION_CUBIC_BEZIER && function.x1 == 0 && function.y2 == 1);
    AC_CHECK_OK(ac_animation_get_flag(f.engine, a, AC_ANIMATION_REMOVED_ON_COMPLETION, &on));
    AC_CHECK_EQ_INT(on, 1);
    AC_CHECK_OK(ac_animation_get_flag(f.engine, a, AC_ANIMATION_ADDITIVE, &on));
    AC_CHECK_EQ_INT(on, 0);
    /* Unset a value again; unset the timing function. */
    AC_CHECK_OK(ac_animation_set_value(f.engine, a, AC_ANIMATION_TO, &v));
    AC_CHECK_OK(ac_animation_set_value(f.engine, a, AC_ANIMATION_TO, NULL));
    AC_CHECK_OK(ac_animation_get_value(f.engine, a, AC_ANIMATION_TO, &got, &is_set));
    AC_CHECK_EQ_INT(is_set, 0);
    ac_timing_function_named("easeIn", &function);
    AC_CHECK_OK(ac_animation_set_timing_function(f.engine, a, &function));
    AC_CHECK_OK(ac_animation_set_timing_function(f.engine, a, NULL));
    AC_CHECK_OK(ac_animation_get_timing_function(f.engine, a, &function, &is_set));
    AC_CHECK_EQ_INT(is_set, 0);

    /* Errors, each naming its argument. */
    EXPECT_ERROR(ac_animation_create_basic(f.engine, NULL, &b), AC_ERR_NULL_POINTER, "key_path");
    EXPECT_ERROR(ac_animation_create_basic(f.engine, "", &b), AC_ERR_UNKNOWN_KEY, "key_path");
    EXPECT_ERROR(ac_animation_create_basic(f.engine, "\xff", &b), AC_ERR_INVALID_ARGUMENT, "key_path");
    EXPECT_ERROR(ac_animation_create_basic(f.engine, "opacity", NULL), AC_ERR_NULL_POINTER, "out_animation");
    EXPECT_ERROR(ac_animation_set_value(f.engine, a, 3, &v), AC_ERR_OUT_OF_RANGE, "which");
    EXPECT_ERROR(ac_animation_set_value(f.engine, a, -1, &v), AC_ERR_OUT_OF_RANGE, "which");
    v.v[0] = NAN;
    EXPECT_ERROR(ac_animation_set_value(f.engine, a, AC_ANIMATION_FROM, &v), AC_ERR_NOT_FINITE, "value->v[0]");
    v = ac_value_scalar(1);
    v.kind = 99;
    EXPECT_ERROR(ac_animation_set_value(f.engine, a, AC_ANIMATION_FROM, &v), AC_ERR_INVALID_ARGUMENT, "value->kind");
    EXPECT_ERROR(ac_animation_get_value(f.engine, a, AC_ANIMATION_FROM, NULL, &is_set), AC_ERR_NULL_POINTER, "out_value");
    EXPECT_ERROR(ac_animation_get_value(f.engine, a, AC_ANIMATION_FROM, &got, NULL), AC_ERR_NULL_POINTER, "out_is_set");
    EXPECT_ERROR(ac_animation_set_timing(f.engine, a, NULL), AC_ERR_NULL_POINTER, "timing");
    ac_timing_init_animation(&timing);
    timing.duration_s = -1;
    EXPECT_ERROR(ac_animation_set_timing(f.engine, a, &timing), AC_ERR_OUT_OF_RANGE, "timing->duration_s");
    timing.duration_s = 1;
    timing.struct_size = 3;
    EXPECT_ERROR(ac_animation_set_timing(f.engine, a, &timing), AC_ERR_BAD_STRUCT_SIZE, "timing->struct_size");
    EXPECT_ERROR(ac_animation_get_timing(f.engine, a, &timing), AC_ERR_BAD_STRUCT_SIZE, "out_timing->struct_size");
    EXPECT_ERROR(ac_animation_get_timing(f.engine, a, NULL), AC_ERR_NULL_POINTER, "out_timing");
    function.kind = 7;
    EXPECT_ERROR(ac_animation_set_timing_function(f.engine, a, &function), AC_ERR_INVALID_ARGUMENT, "function->kind");
    EXPECT_ERROR(ac_animation_get_timing_function(f.engine, a, NULL, &is_set), AC_ERR_NULL_POINTER, "out_function");
    EXPECT_ERROR(ac_animation_set_flag(f.engine, a, 5, 1), AC_ERR_OUT_OF_RANGE, "flag");
    EXPECT_ERROR(ac_animation_set_flag(f.engine, a, AC_ANIMATION_SEQUENTIAL, 1), AC_ERR_INVALID_ARGUMENT, "only a group");
    EXPECT_ERROR(ac_animation_set_flag(f.engine, a, AC_ANIMATION_ADDITIVE, 2), AC_ERR_OUT_OF_RANGE, "on");
    EXPECT_ERROR(ac_animation_get_flag(f.engine, a, -5, &on), AC_ERR_OUT_OF_RANGE, "flag");
    EXPECT_ERROR(ac_animation_get_flag(f.engine, a, AC_ANIMATION_ADDITIVE, NULL), AC_ERR_NULL_POINTER, "out_on");
    EXPECT_ERROR(ac_animation_key_path(f.engine, a, path, sizeof path, &length), AC_ERR_BUFFER_TOO_SMALL, "buffer");
    AC_CHECK_EQ_INT(length, 20);
    {
        ac_animation_delegate delegate;
        ac_animation_delegate_init(&delegate);
        delegate.struct_size = 1;
        EXPECT_ERROR(ac_animation_set_delegate(f.engine, a, &delegate), AC_ERR_BAD_STRUCT_SIZE, "delegate->struct_size");
        ac_animation_delegate_init(&delegate);
        delegate.reserved = 1;
        EXPECT_ERROR(ac_animation_set_delegate(f.engine, a, &delegate), AC_ERR_INVALID_ARGUMENT, "delegate->reserved");
    }

    /* Adding: the key path is checked against the layer's class. */
    {
        ac_animation bad = 0;
        ac_value point = ac_value_point(1, 2);
        AC_CHECK_OK(ac_animation_create_basic(f.engine, "opacity", &bad));
        AC_CHECK_OK(ac_animation_set_value(f.engine, bad, AC_ANIMATION_TO, &point));
        EXPECT_ERROR(ac_layer_add_animation(f.engine, f.layer, bad, "k"), AC_ERR_WRONG_KIND, "animation");
        ac_animation_release(f.engine, bad);
        AC_CHECK_OK(ac_animation_create_basic(f.engine, "position.z", &bad));
        EXPECT_ERROR(ac_layer_add_animation(f.engine, f.layer, bad, "k"), AC_ERR_UNKNOWN_KEY, "position.z");
        ac_animation_release(f.engine, bad);
        AC_CHECK_OK(ac_animation_create_basic(f.engine, "needsDisplayOnBoundsChange", &bad));
        EXPECT_ERROR(ac_layer_add_animation(f.engine, f.layer, bad, "k"), AC_ERR_NOT_ANIMATABLE, "needsDisplayOnBoundsChange");
        EXPECT_ERROR(ac_layer_add_animation(f.engine, 0, bad, "k"), AC_ERR_BAD_HANDLE, "layer");
        EXPECT_ERROR(ac_layer_add_animation(f.engine, f.layer, bad, "\xc3"), AC_ERR_INVALID_ARGUMENT, "key");
        ac_animation_release(f.engine, bad);
        AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 0);
    }

    /* Release: 0 is a no-op; a released handle is stale, also after its slot is reused. */
    AC_CHECK_OK(ac_animation_release(f.engine, 0));
    AC_CHECK_OK(ac_animation_release(f.engine, a));
    EXPECT_ERROR(ac_animation_release(f.engine, a), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_animation_set_flag(f.engine, a, 0, 1), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_layer_add_animation(f.engine, f.layer, a, "k"), AC_ERR_BAD_HANDLE, "animation");
    /* Several bad arguments: refused in their order, the animation's handle first, then the key. */
    EXPECT_ERROR(ac_layer_add_animation(f.engine, 0, a, "\xc3"), AC_ERR_BAD_HANDLE, "animation");
    AC_CHECK_OK(ac_animation_create_basic(f.engine, "opacity", &b));
    EXPECT_ERROR(ac_layer_add_animation(f.engine, 0, b, "\xc3"), AC_ERR_INVALID_ARGUMENT, "key");
    AC_CHECK_OK(ac_animation_release(f.engine, b));
    AC_CHECK_OK(ac_animation_create_basic(f.engine, "opacity", &b));
    AC_CHECK(b != a);
    EXPECT_ERROR(ac_animation_get_flag(f.engine, a, 0, &on), AC_ERR_BAD_HANDLE, "animation");
    AC_CHECK_OK(ac_animation_get_flag(f.engine, b, 0, &on));
    ac_engine_destroy(f.engine);
}

/* One description added again and again, alternately to layers of classes where its key path
   means different things (an animatable scalar, a point, a property that is not animatable) and
   beside other key paths: each add answers for its own layer's class, refusals as ever. */
static void test_key_path_per_class(void) {
    ac_engine *engine = new_engine();
    ac_value zero = ac_value_scalar(0), origin = ac_value_point(0, 0);
    ac_property_desc desc;
    ac_class scalar_class, point_class, fixed_class;
    AC_CHECK_OK(ac_property_desc_init(&desc, "level", &zero));
    AC_CHECK_OK(ac_class_create(engine, "ScalarLevel", 0, &desc, 1, &scalar_class));
    AC_CHECK_OK(ac_property_desc_init(&desc, "level", &origin));
    AC_CHECK_OK(ac_class_create(engine, "PointLevel", 0, &desc, 1, &point_class));
    AC_CHECK_OK(ac_property_desc_init(&desc, "level", &zero));
    desc.animatable = 0;
    AC_CHECK_OK(ac_class_create(engine, "FixedLevel", 0, &desc, 1, &fixed_class));
    ac_layer scalar = new_layer(engine, scalar_class), point = new_layer(engine, point_class);
    ac_layer fixed = new_layer(engine, fixed_class), plain = new_layer(engine, 0);
    ac_animation level = scalar_animation(engine, "level", 1, 0, 1, 10, 0, 0, 1);
    ac_animation opacity = scalar_animation(engine, "opacity", 1, 1, 1, 0, 0, 0, 1);
    for (int round = 0; round < 2; round++) {
        AC_CHECK_OK(ac_layer_add_animation(engine, scalar, level, "a"));
        EXPECT_ERROR(ac_layer_add_animation(engine, point, level, "a"), AC_ERR_WRONG_KIND, "level");
        AC_CHECK_OK(ac_layer_add_animation(engine, scalar, level, "a"));
        EXPECT_ERROR(ac_layer_add_animation(engine, fixed, level, "a"), AC_ERR_NOT_ANIMATABLE, "level");
        AC_CHECK_OK(ac_layer_add_animation(engine, scalar, level, "a"));
        EXPECT_ERROR(ac_layer_add_animation(engine, plain, level, "a"), AC_ERR_NOT_ANIMATABLE, "level");
        AC_CHECK_OK(ac_layer_add_animation(engine, scalar, opacity, "o"));
        AC_CHECK_OK(ac_layer_add_animation(engine, plain, opacity, "o"));
    }
    /* The description changed after it was added: the next add follows the change. */
    AC_CHECK_OK(ac_animation_set_key_path(engine, level, "opacity"));
    AC_CHECK_OK(ac_layer_add_animation(engine, plain, level, "a"));
    AC_CHECK_EQ_INT(animation_count(engine, point), 0);
    AC_CHECK_EQ_INT(animation_count(engine, fixed), 0);
    tick(engine, T0);
    tick(engine, T0 + 0.5);
    AC_CHECK_NEAR(presentation_scalar(engine, scalar, "level"), 5, 1e-9);
    AC_CHECK_NEAR(presentation_scalar(engine, scalar, "opacity"), 0.5, 1e-9);
    AC_CHECK_NEAR(presentation_scalar(engine, plain, "opacity"), 5, 1e-9); /* "a" (0 to 10) after "o" */
    ac_animation_release(engine, level);
    ac_animation_release(engine, opacity);
    ac_engine_destroy(engine);
}

/* The key path of `animation`, read back into `buffer` (capacity 32). */
static const char *key_path_of(ac_engine *engine, ac_animation animation, char *buffer) {
    size_t length = 0;
    AC_CHECK_OK(ac_animation_key_path(engine, animation, buffer, 32, &length));
    return buffer;
}

/* Key paths and animation keys given again, alternating, of every length around the longest
   the shim keeps converted (16 bytes), and bytes that are refused between them: each
   description holds the key path it was given, each add lands under its own key, and the
   refusals are as ever. */
static void test_key_strings_given_again(void) {
    fixture f = setup();
    /* 15, 16 and 17 bytes; the 16-byte ones differ in their last byte only. */
    const char *paths[] = {"opacity", "opacity", "position.x", "opacity", "position.x", "bounds.size.widt",
                           "bounds.size.width", "bounds.size.widt", "borderWidth", "position.y", "bounds.size.wid"};
    const size_t count = sizeof paths / sizeof paths[0];
    char buffer[32];
    ac_animation a = 0;
    for (size_t i = 0; i < count; i++) {
        AC_CHECK_OK(ac_animation_create_basic(f.engine, paths[i], &a));
        AC_CHECK_EQ_STR(key_path_of(f.engine, a, buffer), paths[i]);
        AC_CHECK_OK(ac_animation_release(f.engine, a));
    }
    /* Refused bytes after the same valid prefix, then the valid string again. */
    AC_CHECK_OK(ac_animation_create_basic(f.engine, "opacity", &a));
    AC_CHECK_OK(ac_animation_release(f.engine, a));
    EXPECT_ERROR(ac_animation_create_basic(f.engine, "opacit\xff", &a), AC_ERR_INVALID_ARGUMENT, "key_path");
    EXPECT_ERROR(ac_animation_create_basic(f.engine, "", &a), AC_ERR_UNKNOWN_KEY, "key_path");
    AC_CHECK_OK(ac_animation_create_basic(f.engine, "opacity", &a));
    AC_CHECK_EQ_STR(key_path_of(f.engine, a, buffer), "opacity");

    /* Animation keys: one description added under keys given again and in turn. */
    const char *keys[] = {"fade", "fade", "fade2", "fade", "a-key-of-16bytes", "a-key-of-16byteZ", "a-key-of-17-bytes"};
    const size_t key_count = sizeof keys / sizeof keys[0];
    for (size_t i = 0; i < key_count; i++) AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, keys[i]));
    EXPECT_ERROR(ac_layer_add_animation(f.engine, f.layer, a, "fad\xc3"), AC_ERR_INVALID_ARGUMENT, "key");
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, a, "fade"));
    /* Each distinct key once, in the order its last add put it. */
    const char *expected[] = {"fade2", "a-key-of-16bytes", "a-key-of-16byteZ", "a-key-of-17-bytes", "fade"};
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 5);
    for (size_t i = 0; i < 5; i++) {
        size_t length = 0;
        AC_CHECK_OK(ac_layer_animation_key(f.engine, f.layer, i, buffer, sizeof buffer, &length));
        AC_CHECK_EQ_STR(buffer, expected[i]);
    }
    AC_CHECK_OK(ac_animation_release(f.engine, a));
    ac_engine_destroy(f.engine);
}

int main(void) {
    test_value_vectors();
    test_fill_and_removal();
    test_duration_and_begin();
    test_callbacks_and_replacement();
    test_removal();
    test_keys_in_order();
    test_copy_back();
    test_keeps_final_value();
    test_descriptions();
    test_key_path_per_class();
    test_key_strings_given_again();
    return ac_test_finish();
}
