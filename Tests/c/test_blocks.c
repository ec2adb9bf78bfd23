/*
 * Animation blocks (UIKit's UIView.animate) through ac_animate_begin / ac_animate_commit: the
 * duration, the delay, every curve (custom ones included), repeat and autoreverse,
 * begin_from_current_state 0 and 1, additive mode, completions with their finished flag,
 * custom and built-in properties alike, explicit animations and transactions inside blocks,
 * and bad options. Ticks at 60 fps; each block commits between ticks, so its animations begin
 * at the next tick.
 */
#include "ac_engine_test.h"

/* ---------------------------------------------------------------------------------------- */
/* Helpers                                                                                   */
/* ---------------------------------------------------------------------------------------- */

/* A class with a custom "percent" property that redraws when it changes. */
static ac_class progress_class(ac_engine *engine) {
    ac_value zero = ac_value_scalar(0);
    ac_property_desc percent;
    ac_class progress = 0;
    ac_property_desc_init(&percent, "percent", &zero);
    percent.needs_display = 1;
    AC_CHECK_OK(ac_class_create(engine, "Progress", 0, &percent, 1, &progress));
    return progress;
}

static ac_timing_function named(const char *name) {
    ac_timing_function function;
    AC_CHECK_OK(ac_timing_function_named(name, &function));
    return function;
}

static double eval(ac_timing_function function, double x) {
    double y = NAN;
    AC_CHECK_OK(ac_timing_function_evaluate(&function, x, 0, &y));
    return y;
}

static int same_function(ac_timing_function a, ac_timing_function b) {
    return a.kind == b.kind && a.steps == b.steps && a.step_position == b.step_position &&
           a.x1 == b.x1 && a.y1 == b.y1 && a.x2 == b.x2 && a.y2 == b.y2;
}

/* The animation under key: its timing and timing function (the function's is_set in *is_set). */
static int animation_under(ac_engine *engine, ac_layer layer, const char *key, ac_timing *timing,
                           ac_timing_function *function, int32_t *is_set) {
    ac_animation copy = 0;
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, key, &copy));
    if (copy == 0) return 0;
    if (timing) *timing = get_timing(engine, copy);
    if (function) AC_CHECK_OK(ac_animation_get_timing_function(engine, copy, function, is_set));
    AC_CHECK_OK(ac_animation_release(engine, copy));
    return 1;
}

static double from_of(ac_engine *engine, ac_layer layer, const char *key) {
    ac_animation copy = 0;
    ac_value from;
    int32_t is_set = 0;
    double result = NAN;
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, key, &copy));
    if (!AC_CHECK(copy != 0)) return NAN;
    AC_CHECK_OK(ac_animation_get_value(engine, copy, AC_ANIMATION_FROM, &from, &is_set));
    if (is_set) result = from.v[0];
    AC_CHECK_OK(ac_animation_release(engine, copy));
    return result;
}

typedef struct completion_log {
    int calls;
    int finished;
    double time;
    int destroyed;
} completion_log;

static void on_completion(ac_engine *engine, int32_t finished, void *user_data) {
    completion_log *log = (completion_log *)user_data;
    log->calls++;
    log->finished = finished;
    AC_CHECK_OK(ac_engine_current_time(engine, &log->time));
}

static void on_completion_destroy(void *user_data) { ((completion_log *)user_data)->destroyed++; }

/* A fresh engine, a committed Progress layer (percent 0) at frame 0. */
typedef struct fixture {
    ac_engine *engine;
    ac_class progress;
    ac_layer layer;
} fixture;

static fixture setup(void) {
    fixture f;
    f.engine = new_engine();
    f.progress = progress_class(f.engine);
    f.layer = new_layer(f.engine, f.progress);
    tick(f.engine, frame_time(0));
    return f;
}

/* ---------------------------------------------------------------------------------------- */
/* Duration and the default curve, custom and built-in properties alike                      */
/* ---------------------------------------------------------------------------------------- */

static void test_duration_and_default_curve(void) {
    fixture f = setup();
    ac_animate_options options;
    ac_timing timing;
    ac_timing_function function, ease = named("easeInEaseOut");
    int32_t is_set = 0;
    double begin = frame_time(1);
    int k;

    AC_CHECK_OK(ac_animate_options_init(&options));
    AC_CHECK_EQ_INT(options.struct_size, sizeof options);
    AC_CHECK_EQ_INT(options.curve, AC_CURVE_EASE_IN_OUT);
    AC_CHECK_EQ_DOUBLE(options.duration_s, 0.25);
    AC_CHECK_EQ_INT(options.begin_from_current_state, 1);
    options.duration_s = 0.5;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    set_scalar(f.engine, f.layer, "percent", 100);
    set_scalar(f.engine, f.layer, "opacity", 0);
    set_value(f.engine, f.layer, "position", ac_value_point(200, 0));
    AC_CHECK_OK(ac_animate_commit(f.engine));
    /* The model has the new values at once. */
    AC_CHECK_EQ_DOUBLE(model_scalar(f.engine, f.layer, "percent"), 100);
    AC_CHECK_EQ_DOUBLE(model_scalar(f.engine, f.layer, "opacity"), 0);
    if (AC_CHECK(animation_under(f.engine, f.layer, "percent", &timing, &function, &is_set))) {
        AC_CHECK_EQ_DOUBLE(timing.duration_s, 0.5);
        AC_CHECK_EQ_INT(is_set, 1);
        AC_CHECK(same_function(function, ease));
    }
    for (k = 1; k <= 40; ++k) {
        double t = frame_time(k), p = (t - begin) / 0.5, y;
        if (p > 1) p = 1;
        y = eval(ease, p);
        tick(f.engine, t);
        if (!AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "percent"), 100 * y, 1e-9) ||
            !AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "opacity"), 1 - y, 1e-9) ||
            !AC_CHECK_NEAR(presentation_value(f.engine, f.layer, "position").v[0], 200 * y, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
    }
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 0);
    /* The block's settings ended with it. */
    {
        double duration = 0;
        AC_CHECK_OK(ac_transaction_animation_duration(f.engine, &duration));
        AC_CHECK_EQ_DOUBLE(duration, 0.25);
    }
    /* NULL options: the defaults (0.25 s, ease-in-ease-out). */
    AC_CHECK_OK(ac_animate_begin(f.engine, NULL));
    set_scalar(f.engine, f.layer, "percent", 0);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    if (AC_CHECK(animation_under(f.engine, f.layer, "percent", &timing, &function, &is_set))) {
        AC_CHECK_EQ_DOUBLE(timing.duration_s, 0.25);
        AC_CHECK(same_function(function, ease));
    }
    AC_CHECK_OK(ac_engine_destroy(f.engine));
}

/* ---------------------------------------------------------------------------------------- */
/* Every curve                                                                               */
/* ---------------------------------------------------------------------------------------- */

static void test_every_curve(void) {
    const char *names[4] = {"easeInEaseOut", "easeIn", "easeOut", "linear"};
    const int32_t curves[4] = {AC_CURVE_EASE_IN_OUT, AC_CURVE_EASE_IN, AC_CURVE_EASE_OUT, AC_CURVE_LINEAR};
    int index, k;

    for (index = 0; index < 7; ++index) {
        fixture f = setup();
        ac_animate_options options;
        ac_timing_function expected, got;
        int32_t is_set = 0;
        double begin = frame_time(1);

        ac_animate_options_init(&options);
        options.duration_s = 0.5;
        if (index < 4) {
            options.curve = curves[index];
            expected = named(names[index]);
        } else if (index == 4) {
            options.curve = AC_CURVE_CUSTOM;
            AC_CHECK_OK(ac_timing_function_cubic_bezier(0.1, 0.9, 0.2, 1.0, &options.custom_function));
            expected = options.custom_function;
        } else if (index == 5) {
            /* An overshooting custom curve. */
            options.curve = AC_CURVE_CUSTOM;
            AC_CHECK_OK(ac_timing_function_cubic_bezier(0.3, -0.5, 0.7, 1.6, &options.custom_function));
            expected = options.custom_function;
        } else {
            options.curve = AC_CURVE_CUSTOM;
            AC_CHECK_OK(ac_timing_function_steps(4, AC_STEP_JUMP_END, &options.custom_function));
            expected = options.custom_function;
        }
        AC_CHECK_OK(ac_animate_begin(f.engine, &options));
        set_scalar(f.engine, f.layer, "percent", 100);
        AC_CHECK_OK(ac_animate_commit(f.engine));
        if (AC_CHECK(animation_under(f.engine, f.layer, "percent", NULL, &got, &is_set))) {
            AC_CHECK_EQ_INT(is_set, 1);
            if (!AC_CHECK(same_function(got, expected))) printf("    curve %d\n", index);
        }
        for (k = 1; k <= 40; ++k) {
            double t = frame_time(k), p = (t - begin) / 0.5;
            tick(f.engine, t);
            if (p >= 1) {
                AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "percent"), 100);
                continue;
            }
            if (!AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "percent"), 100 * eval(expected, p), 1e-9)) {
                printf("    curve %d, frame %d\n", index, k);
                break;
            }
        }
        AC_CHECK_OK(ac_engine_destroy(f.engine));
    }
    /* The default options' custom function is linear. */
    {
        ac_animate_options options;
        ac_animate_options_init(&options);
        AC_CHECK(same_function(options.custom_function, named("linear")));
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Delay                                                                                     */
/* ---------------------------------------------------------------------------------------- */

static void test_delay(void) {
    fixture f = setup();
    ac_animate_options options;
    ac_timing timing;
    ac_animation explicit_animation;
    completion_log log = {0};
    double start = frame_time(1) + 0.25;
    int k;

    ac_animate_options_init(&options);
    options.duration_s = 0.5;
    options.delay_s = 0.25;
    options.curve = AC_CURVE_LINEAR;
    options.completion = on_completion;
    options.completion_user_data = &log;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    set_scalar(f.engine, f.layer, "percent", 100);
    /* An explicit animation in the block: its duration and curve, not its delay. */
    explicit_animation = scalar_animation(f.engine, "zPosition", 1, 0, 1, 10, 0, 0, 0);
    AC_CHECK_OK(ac_layer_add_animation(f.engine, f.layer, explicit_animation, "lift"));
    AC_CHECK_OK(ac_animation_release(f.engine, explicit_animation));
    AC_CHECK_OK(ac_animate_commit(f.engine));
    AC_CHECK_EQ_DOUBLE(model_scalar(f.engine, f.layer, "percent"), 100);
    tick(f.engine, frame_time(1));
    if (AC_CHECK(animation_under(f.engine, f.layer, "percent", &timing, NULL, NULL))) {
        AC_CHECK_NEAR(timing.begin_time_s, start, 1e-12);
        AC_CHECK_EQ_INT(timing.fill_mode, AC_FILL_BACKWARDS);
    }
    if (AC_CHECK(animation_under(f.engine, f.layer, "lift", &timing, NULL, NULL))) {
        AC_CHECK_EQ_DOUBLE(timing.begin_time_s, frame_time(1));
        AC_CHECK_EQ_DOUBLE(timing.duration_s, 0.5);
    }
    for (k = 1; k <= 60; ++k) {
        double t = frame_time(k), expected;
        if (k > 1) tick(f.engine, t);
        /* During the delay the start value shows; then linear over 0.5 s. */
        expected = t < start ? 0 : t >= start + 0.5 ? 100 : 100 * (t - start) / 0.5;
        if (!AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "percent"), expected, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
        if (t < start + 0.5 - 1e-9) AC_CHECK_EQ_INT(log.calls, 0);
    }
    AC_CHECK_EQ_INT(log.calls, 1);
    AC_CHECK_EQ_INT(log.finished, 1);
    AC_CHECK(log.time >= start + 0.5 - 1e-9 && log.time < start + 0.5 + 1.0 / 60);
    AC_CHECK_OK(ac_engine_destroy(f.engine));
}

/* ---------------------------------------------------------------------------------------- */
/* Repeat and autoreverse                                                                    */
/* ---------------------------------------------------------------------------------------- */

static void test_repeat_and_autoreverse(void) {
    fixture f = setup();
    ac_animate_options options;
    ac_timing timing;
    completion_log log = {0}, forever_log = {0};
    double begin = frame_time(1);
    int k;

    ac_animate_options_init(&options);
    options.duration_s = 0.25;
    options.curve = AC_CURVE_LINEAR;
    options.repeat_count = 2;
    options.autoreverses = 1;
    options.completion = on_completion;
    options.completion_user_data = &log;
    options.completion_destroy = on_completion_destroy;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    set_scalar(f.engine, f.layer, "percent", 100);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    if (AC_CHECK(animation_under(f.engine, f.layer, "percent", &timing, NULL, NULL))) {
        AC_CHECK_EQ_DOUBLE(timing.repeat_count, 2);
        AC_CHECK_EQ_INT(timing.autoreverses, 1);
    }
    /* Two cycles of forward 0.25 s then back 0.25 s: 1 s in all. */
    for (k = 1; k <= 70; ++k) {
        double t = frame_time(k), local = t - begin, expected;
        tick(f.engine, t);
        if (local >= 1.0) {
            expected = 100; /* removed: the model */
        } else {
            double r = fmod(local, 0.5);
            expected = 100 * (r < 0.25 ? r / 0.25 : (0.5 - r) / 0.25);
        }
        if (fabs(fmod(local, 0.25)) < 1e-9 || fabs(fmod(local, 0.25) - 0.25) < 1e-9) continue; /* turns */
        if (!AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "percent"), expected, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
    }
    AC_CHECK_EQ_INT(log.calls, 1);
    AC_CHECK_EQ_INT(log.finished, 1);
    AC_CHECK_EQ_INT(log.destroyed, 1);
    AC_CHECK(log.time >= begin + 1 - 1e-9 && log.time < begin + 1 + 1.0 / 60);

    /* Forever: still running a minute later; removing it completes the block unfinished. */
    ac_animate_options_init(&options);
    options.repeat_count = INFINITY;
    options.autoreverses = 1;
    options.completion = on_completion;
    options.completion_user_data = &forever_log;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    set_scalar(f.engine, f.layer, "opacity", 0);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    for (k = 71; k <= 3671; k += 100) tick(f.engine, frame_time(k));
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 1);
    AC_CHECK_EQ_INT(forever_log.calls, 0);
    AC_CHECK_OK(ac_layer_remove_animation(f.engine, f.layer, "opacity"));
    tick(f.engine, frame_time(3672));
    AC_CHECK_EQ_INT(forever_log.calls, 1);
    AC_CHECK_EQ_INT(forever_log.finished, 0);
    AC_CHECK_OK(ac_engine_destroy(f.engine));
}

/* ---------------------------------------------------------------------------------------- */
/* begin_from_current_state                                                                  */
/* ---------------------------------------------------------------------------------------- */

static void run_interrupted(int begin_from_current_state) {
    fixture f = setup();
    ac_animate_options options;
    double before, after, shown_at_change;
    int k;

    ac_animate_options_init(&options);
    options.duration_s = 1;
    options.curve = AC_CURVE_LINEAR;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    set_scalar(f.engine, f.layer, "percent", 100);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    for (k = 1; k <= 31; ++k) tick(f.engine, frame_time(k));
    shown_at_change = presentation_scalar(f.engine, f.layer, "percent");
    AC_CHECK_NEAR(shown_at_change, 50, 1e-9);

    options.begin_from_current_state = begin_from_current_state;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    set_scalar(f.engine, f.layer, "percent", 200);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    /* The new animation starts from the presentation value (1) or the old model value (0). */
    AC_CHECK_EQ_DOUBLE(from_of(f.engine, f.layer, "percent"), begin_from_current_state ? shown_at_change : 100);
    before = presentation_scalar(f.engine, f.layer, "percent");
    tick(f.engine, frame_time(32));
    after = presentation_scalar(f.engine, f.layer, "percent");
    if (begin_from_current_state) {
        AC_CHECK_NEAR(after, before, 1e-9); /* continues where it was */
    } else {
        AC_CHECK_NEAR(after, 100, 1e-9); /* jumps to the old model value */
    }
    for (k = 33; k <= 100; ++k) tick(f.engine, frame_time(k));
    AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "percent"), 200);
    AC_CHECK_OK(ac_engine_destroy(f.engine));
}

static void test_begin_from_current_state(void) {
    run_interrupted(1);
    run_interrupted(0);
}

/* ---------------------------------------------------------------------------------------- */
/* Additive                                                                                  */
/* ---------------------------------------------------------------------------------------- */

static void test_additive(void) {
    fixture f = setup();
    ac_animate_options options;
    double begin = frame_time(1), previous = 0, largest = 0;
    char key[64];
    size_t length = 0, count = 0;
    int32_t flag = 0;
    int k;

    ac_animate_options_init(&options);
    options.duration_s = 1;
    options.curve = AC_CURVE_LINEAR;
    options.additive = 1;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    {
        int32_t additive = -1;
        AC_CHECK_OK(ac_transaction_additive(f.engine, &additive));
        AC_CHECK_EQ_INT(additive, 1);
    }
    set_scalar(f.engine, f.layer, "percent", 100);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    AC_CHECK_EQ_DOUBLE(model_scalar(f.engine, f.layer, "percent"), 100);
    AC_CHECK_OK(ac_layer_animation_count(f.engine, f.layer, &count));
    AC_CHECK_EQ_INT(count, 1);
    AC_CHECK_OK(ac_layer_animation_key(f.engine, f.layer, 0, key, sizeof key, &length));
    AC_CHECK(strncmp(key, "percent.additive.", 17) == 0);
    {
        ac_animation copy = 0;
        ac_value from, to;
        int32_t is_set = 0;
        AC_CHECK_OK(ac_layer_copy_animation(f.engine, f.layer, key, &copy));
        AC_CHECK_OK(ac_animation_get_flag(f.engine, copy, AC_ANIMATION_ADDITIVE, &flag));
        AC_CHECK_EQ_INT(flag, 1);
        AC_CHECK_OK(ac_animation_get_value(f.engine, copy, AC_ANIMATION_FROM, &from, &is_set));
        AC_CHECK_EQ_DOUBLE(from.v[0], -100); /* old − new */
        AC_CHECK_OK(ac_animation_get_value(f.engine, copy, AC_ANIMATION_TO, &to, &is_set));
        AC_CHECK_EQ_DOUBLE(to.v[0], 0);
        AC_CHECK_OK(ac_animation_release(f.engine, copy));
    }
    for (k = 1; k <= 31; ++k) {
        double t = frame_time(k);
        tick(f.engine, t);
        AC_CHECK_NEAR(presentation_scalar(f.engine, f.layer, "percent"), 100 * (t - begin), 1e-9);
    }
    /* Retarget to 0 at half way, additively: both animations run and add up; no jump. */
    previous = presentation_scalar(f.engine, f.layer, "percent");
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    set_scalar(f.engine, f.layer, "percent", 0);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 2);
    for (k = 32; k <= 100; ++k) {
        double shown;
        tick(f.engine, frame_time(k));
        shown = presentation_scalar(f.engine, f.layer, "percent");
        if (fabs(shown - previous) > largest) largest = fabs(shown - previous);
        previous = shown;
    }
    /* Each animation moves 100/60 per tick at most; opposite and equal slopes cancel at first. */
    AC_CHECK(largest <= 100.0 / 60 + 1e-9);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "percent"), 0);
    AC_CHECK_EQ_INT(animation_count(f.engine, f.layer), 0);

    /* Kinds that do not interpolate animate as without additive mode. */
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    set_value(f.engine, f.layer, "hidden", ac_value_bool(1));
    AC_CHECK_OK(ac_animate_commit(f.engine));
    AC_CHECK_OK(ac_layer_animation_key(f.engine, f.layer, 0, key, sizeof key, &length));
    AC_CHECK_EQ_STR(key, "hidden");
    AC_CHECK_OK(ac_engine_destroy(f.engine));
}

/* ---------------------------------------------------------------------------------------- */
/* Completions                                                                               */
/* ---------------------------------------------------------------------------------------- */

static void test_completions(void) {
    fixture f = setup();
    ac_animate_options options;
    completion_log done = {0}, replaced = {0}, empty = {0}, nothing = {0};
    double begin = frame_time(1);
    int k;

    /* Finished: once, after the block's animations end. */
    ac_animate_options_init(&options);
    options.completion = on_completion;
    options.completion_user_data = &done;
    options.completion_destroy = on_completion_destroy;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    set_scalar(f.engine, f.layer, "percent", 100);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    AC_CHECK_EQ_INT(done.calls, 0);
    for (k = 1; k <= 30; ++k) tick(f.engine, frame_time(k));
    AC_CHECK_EQ_INT(done.calls, 1);
    AC_CHECK_EQ_INT(done.finished, 1);
    AC_CHECK_EQ_INT(done.destroyed, 1);
    AC_CHECK(done.time >= begin + 0.25 - 1e-9 && done.time < begin + 0.25 + 1.0 / 60);

    /* Replaced by a later change of the same property: finished 0. */
    options.completion_user_data = &replaced;
    options.duration_s = 1;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    set_scalar(f.engine, f.layer, "percent", 0);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    for (k = 31; k <= 40; ++k) tick(f.engine, frame_time(k));
    set_scalar(f.engine, f.layer, "percent", 50); /* the implicit transaction, default 0.25 s */
    tick(f.engine, frame_time(41));
    AC_CHECK_EQ_INT(replaced.calls, 1);
    AC_CHECK_EQ_INT(replaced.finished, 0);

    /* A block with no changes: its completion runs at the next tick, finished. */
    options.completion_user_data = &empty;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    AC_CHECK_OK(ac_animate_commit(f.engine));
    AC_CHECK_EQ_INT(empty.calls, 0);
    tick(f.engine, frame_time(42));
    AC_CHECK_EQ_INT(empty.calls, 1);
    AC_CHECK_EQ_INT(empty.finished, 1);
    AC_CHECK_EQ_DOUBLE(empty.time, frame_time(42));

    /* No completion with a destroy: it runs at once. */
    options.completion = NULL;
    options.completion_user_data = &nothing;
    AC_CHECK_OK(ac_animate_begin(f.engine, &options));
    AC_CHECK_EQ_INT(nothing.destroyed, 1);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    tick(f.engine, frame_time(43));
    AC_CHECK_EQ_INT(nothing.calls, 0);
    AC_CHECK_OK(ac_engine_destroy(f.engine));
}

/* ---------------------------------------------------------------------------------------- */
/* Blocks nest and mix with transactions                                                     */
/* ---------------------------------------------------------------------------------------- */

static void test_nesting(void) {
    fixture f = setup();
    ac_animate_options outer, inner;
    ac_timing timing;
    ac_timing_function function;
    int32_t is_set = 0;
    double duration = 0;

    ac_animate_options_init(&outer);
    outer.duration_s = 1;
    outer.curve = AC_CURVE_EASE_OUT;
    AC_CHECK_OK(ac_animate_begin(f.engine, &outer));
    /* A transaction inside reads the block's settings until it sets its own. */
    AC_CHECK_OK(ac_transaction_begin(f.engine));
    AC_CHECK_OK(ac_transaction_animation_duration(f.engine, &duration));
    AC_CHECK_EQ_DOUBLE(duration, 1);
    AC_CHECK_OK(ac_transaction_set_animation_duration(f.engine, 2));
    set_scalar(f.engine, f.layer, "opacity", 0);
    AC_CHECK_OK(ac_transaction_commit(f.engine));
    /* A block inside another. */
    ac_animate_options_init(&inner);
    inner.duration_s = 3;
    inner.curve = AC_CURVE_LINEAR;
    AC_CHECK_OK(ac_animate_begin(f.engine, &inner));
    set_scalar(f.engine, f.layer, "zPosition", 5);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    set_scalar(f.engine, f.layer, "percent", 10);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    EXPECT_ERROR(ac_animate_commit(f.engine), AC_ERR_INVALID_STATE, "engine");

    if (AC_CHECK(animation_under(f.engine, f.layer, "opacity", &timing, &function, &is_set))) {
        AC_CHECK_EQ_DOUBLE(timing.duration_s, 2);
        AC_CHECK(same_function(function, named("easeOut")));
    }
    if (AC_CHECK(animation_under(f.engine, f.layer, "zPosition", &timing, &function, &is_set))) {
        AC_CHECK_EQ_DOUBLE(timing.duration_s, 3);
        AC_CHECK(same_function(function, named("linear")));
    }
    if (AC_CHECK(animation_under(f.engine, f.layer, "percent", &timing, &function, &is_set))) {
        AC_CHECK_EQ_DOUBLE(timing.duration_s, 1);
        AC_CHECK(same_function(function, named("easeOut")));
    }
    /* Nothing started before the outermost commit; everything at the next tick. */
    tick(f.engine, frame_time(1));
    AC_CHECK(animation_under(f.engine, f.layer, "zPosition", &timing, NULL, NULL));
    AC_CHECK_EQ_DOUBLE(timing.begin_time_s, frame_time(1));
    /* Blocks inside a disabled transaction change values without animating. */
    AC_CHECK_OK(ac_transaction_begin(f.engine));
    AC_CHECK_OK(ac_transaction_set_disable_actions(f.engine, 1));
    AC_CHECK_OK(ac_animate_begin(f.engine, &inner));
    set_scalar(f.engine, f.layer, "borderWidth", 2);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    AC_CHECK_OK(ac_transaction_commit(f.engine));
    AC_CHECK_EQ_INT(animation_under(f.engine, f.layer, "borderWidth", NULL, NULL, NULL), 0);
    AC_CHECK_OK(ac_engine_destroy(f.engine));
}

/* ---------------------------------------------------------------------------------------- */
/* Bad options                                                                               */
/* ---------------------------------------------------------------------------------------- */

static void test_bad_options(void) {
    fixture f = setup();
    ac_engine *gone = new_engine();
    ac_animate_options good, bad;
    completion_log log = {0};
    double duration = 0;

    AC_CHECK_OK(ac_engine_destroy(gone));
    ac_animate_options_init(&good);
    good.completion = on_completion;
    good.completion_user_data = &log;
    good.completion_destroy = on_completion_destroy;

#define BAD_OPTIONS(field, value, status, name) \
    do {                                        \
        bad = good;                             \
        bad.field = value;                      \
        EXPECT_ERROR(ac_animate_begin(f.engine, &bad), status, name); \
    } while (0)

    BAD_OPTIONS(struct_size, sizeof good - 8, AC_ERR_BAD_STRUCT_SIZE, "options->struct_size");
    BAD_OPTIONS(struct_size, 0, AC_ERR_BAD_STRUCT_SIZE, "options->struct_size");
    BAD_OPTIONS(duration_s, NAN, AC_ERR_NOT_FINITE, "options->duration_s");
    BAD_OPTIONS(duration_s, INFINITY, AC_ERR_NOT_FINITE, "options->duration_s");
    BAD_OPTIONS(duration_s, -1, AC_ERR_OUT_OF_RANGE, "options->duration_s");
    BAD_OPTIONS(duration_s, 0, AC_ERR_OUT_OF_RANGE, "options->duration_s");
    BAD_OPTIONS(duration_s, 2e15, AC_ERR_OUT_OF_RANGE, "options->duration_s");
    BAD_OPTIONS(delay_s, NAN, AC_ERR_NOT_FINITE, "options->delay_s");
    BAD_OPTIONS(delay_s, INFINITY, AC_ERR_NOT_FINITE, "options->delay_s");
    BAD_OPTIONS(delay_s, -0.5, AC_ERR_OUT_OF_RANGE, "options->delay_s");
    BAD_OPTIONS(delay_s, 2e15, AC_ERR_OUT_OF_RANGE, "options->delay_s");
    BAD_OPTIONS(repeat_count, NAN, AC_ERR_NOT_FINITE, "options->repeat_count");
    BAD_OPTIONS(repeat_count, -1, AC_ERR_OUT_OF_RANGE, "options->repeat_count");
    BAD_OPTIONS(repeat_count, -INFINITY, AC_ERR_OUT_OF_RANGE, "options->repeat_count");
    BAD_OPTIONS(curve, 5, AC_ERR_OUT_OF_RANGE, "options->curve");
    BAD_OPTIONS(curve, -1, AC_ERR_OUT_OF_RANGE, "options->curve");
    BAD_OPTIONS(autoreverses, 2, AC_ERR_OUT_OF_RANGE, "options->autoreverses");
    BAD_OPTIONS(begin_from_current_state, -1, AC_ERR_OUT_OF_RANGE, "options->begin_from_current_state");
    BAD_OPTIONS(additive, 9, AC_ERR_OUT_OF_RANGE, "options->additive");
    BAD_OPTIONS(reserved, 1, AC_ERR_INVALID_ARGUMENT, "options->reserved");
    /* A malformed custom function matters only with AC_CURVE_CUSTOM. */
    bad = good;
    bad.curve = AC_CURVE_CUSTOM;
    bad.custom_function.x1 = 1.5;
    EXPECT_ERROR(ac_animate_begin(f.engine, &bad), AC_ERR_INVALID_ARGUMENT, "options->custom_function");
    bad.custom_function = good.custom_function;
    bad.custom_function.kind = 7;
    EXPECT_ERROR(ac_animate_begin(f.engine, &bad), AC_ERR_INVALID_ARGUMENT, "options->custom_function->kind");
    bad.custom_function = good.custom_function;
    bad.custom_function.kind = AC_TIMING_FUNCTION_STEPS;
    bad.custom_function.steps = 0;
    EXPECT_ERROR(ac_animate_begin(f.engine, &bad), AC_ERR_INVALID_ARGUMENT, "options->custom_function");
    bad.custom_function = good.custom_function;
    bad.custom_function.reserved = 2;
    EXPECT_ERROR(ac_animate_begin(f.engine, &bad), AC_ERR_INVALID_ARGUMENT, "options->custom_function->reserved");
    EXPECT_ERROR(ac_animate_begin(NULL, &good), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_animate_begin(gone, &good), AC_ERR_BAD_HANDLE, "engine");
    EXPECT_ERROR(ac_animate_commit(NULL), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_animate_commit(gone), AC_ERR_BAD_HANDLE, "engine");
    EXPECT_ERROR(ac_animate_commit(f.engine), AC_ERR_INVALID_STATE, "engine");
    AC_CHECK_STATUS(ac_animate_options_init(NULL), AC_ERR_NULL_POINTER);
    /* Nothing was opened, and no failed call kept the completion. */
    AC_CHECK_OK(ac_transaction_animation_duration(f.engine, &duration));
    AC_CHECK_EQ_DOUBLE(duration, 0.25);
    AC_CHECK_EQ_INT(log.destroyed, 0);
    tick(f.engine, frame_time(1));
    AC_CHECK_EQ_INT(log.calls, 0);

    /* Limits that are allowed. */
    bad = good;
    bad.completion = NULL;
    bad.completion_destroy = NULL;
    bad.duration_s = 1e15;
    bad.delay_s = 1e15;
    bad.repeat_count = INFINITY;
    bad.curve = AC_CURVE_CUSTOM; /* the default custom function: linear */
    AC_CHECK_OK(ac_animate_begin(f.engine, &bad));
    set_scalar(f.engine, f.layer, "percent", 1);
    AC_CHECK_OK(ac_animate_commit(f.engine));
    tick(f.engine, frame_time(2));
    AC_CHECK_EQ_DOUBLE(presentation_scalar(f.engine, f.layer, "percent"), 0); /* in its delay */
    AC_CHECK_OK(ac_engine_destroy(f.engine));
    AC_CHECK_EQ_INT(log.destroyed, 0);
#undef BAD_OPTIONS
}

int main(void) {
    test_duration_and_default_curve();
    test_every_curve();
    test_delay();
    test_repeat_and_autoreverse();
    test_begin_from_current_state();
    test_additive();
    test_completions();
    test_nesting();
    test_bad_options();
    return ac_test_finish();
}
