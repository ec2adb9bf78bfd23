/*
 * Springs through the C API (animcore.h, Springs section): spring animations checked tick by
 * tick at 60 fps against the closed form computed here (underdamped, critical, overdamped with
 * and without allows_overdamping, an initial velocity), settling durations (the reference's
 * values and Apple's documented ones), the perceptual conversions, a spring added with duration
 * 0 lasting its settling duration and copied back, presentation velocity (basic and spring),
 * the transaction spring and the animation-block spring (implicit springs), velocity carried
 * over when a property in flight gets a new implicit spring, bad input, and springs overdamped
 * beyond the double range.
 */
#include "ac_spring_test.h"

/* Value tolerance per unit of distance, and velocity tolerance (units/s) for a distance of 100:
   the engine's velocity is a difference over 1e-4 s (error about h^2 x''' / 6). */
#define VALUE_TOL 1e-9
#define VELOCITY_TOL 0.02

/* A spring animation of "x" from -> to (duration 5 s, fill both) added at frame 1 and checked
   every tick for `frames` frames: value and velocity against the closed form. */
static void run_spring_ticks(const ac_spring *spring, double from, double to, int frames, const char *what) {
    ac_engine *engine = new_engine();
    ac_layer layer = springy_layer(engine);
    ac_animation animation = 0;
    ac_value v_from = ac_value_scalar(from), v_to = ac_value_scalar(to);
    ac_timing timing;
    int32_t kind = -1;
    double begin = frame_time(1);
    int k, failures = ac_test_failures();

    AC_CHECK_OK(ac_animation_create_spring(engine, "x", &animation));
    AC_CHECK_OK(ac_animation_get_kind(engine, animation, &kind));
    AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_SPRING);
    AC_CHECK_OK(ac_animation_set_spring(engine, animation, spring));
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &v_from));
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &v_to));
    ac_timing_init_animation(&timing);
    timing.duration_s = 5;
    timing.fill_mode = AC_FILL_BOTH;
    AC_CHECK_OK(ac_animation_set_timing(engine, animation, &timing));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "spring"));
    for (k = 1; k <= frames; ++k) {
        double t = frame_time(k) - begin, v_want = 0;
        double want = spring_value(spring, from, to, t, &v_want);
        tick(engine, frame_time(k));
        if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "x"), want, VALUE_TOL * fabs(to - from))) break;
        /* At t = 0 the velocity is not the spring's: the presentation has a corner there (the
           value filled backwards before the begin), and the engine's measure straddles it. */
        if (k > 1 && !AC_CHECK_NEAR(velocity_scalar(engine, layer, "x"), v_want, VELOCITY_TOL)) break;
    }
    if (ac_test_failures() != failures) printf("    %s: frame %d\n", what, k);
    AC_CHECK_OK(ac_animation_release(engine, animation));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_closed_form_ticks(void) {
    ac_spring s;
    s = make_spring(1, 100, 10, 0, 0); /* CASpringAnimation's default: underdamped, zeta 0.5 */
    run_spring_ticks(&s, 0, 100, 120, "default");
    s = make_spring(1, 100, 10, 0, 0);
    run_spring_ticks(&s, 40, -60, 120, "default, downwards");
    s = make_spring(2, 300, 3, 0, 0); /* lightly damped */
    run_spring_ticks(&s, 0, 100, 150, "underdamped 2/300/3");
    s = make_spring(1, 100, 20, 0, 0); /* critical */
    run_spring_ticks(&s, 0, 100, 90, "critical");
    s = make_spring(1, 100, 25, 0, 0); /* zeta 1.25 counted as critical */
    run_spring_ticks(&s, 0, 100, 90, "overdamped, not allowed");
    s = make_spring(1, 100, 25, 0, 1); /* true overdamped motion */
    run_spring_ticks(&s, 0, 100, 120, "overdamped, allowed");
    s = make_spring(1, 100, 10, 5, 0); /* initial velocity towards the target */
    run_spring_ticks(&s, 0, 100, 120, "v0 5");
    s = make_spring(1, 100, 10, -8, 0); /* pushed away from the target first */
    run_spring_ticks(&s, 0, 100, 120, "v0 -8");
    s = make_spring(1, 100, 20, 3, 0);
    run_spring_ticks(&s, 0, 100, 90, "critical, v0 3");
    s = make_spring(1, 100, 40, -2, 1);
    run_spring_ticks(&s, 10, 20, 120, "overdamped, v0 -2");
}

static double settling(ac_spring s) {
    double d = NAN;
    AC_CHECK_OK(ac_spring_settling_duration(&s, &d));
    return d;
}

static void test_settling_durations(void) {
    ac_spring perceptual;
    AC_CHECK_NEAR(settling(make_spring(1, 100, 10, 0, 0)), 1.4727003346780925, 1e-12);
    AC_CHECK_NEAR(settling(make_spring(1, 100, 1, 0, 0)), 13.91321015404625, 1e-9);
    ac_spring_init(&perceptual);
    AC_CHECK_OK(ac_spring_from_perceptual(1, 0.5, &perceptual));
    AC_CHECK_NEAR(settling(perceptual), 2.3438753795710703, 1e-9);
    /* Apple's documentation: damping 5 -> about 2.85 s, damping 15 -> just over 1 s. */
    AC_CHECK_NEAR(settling(make_spring(1, 100, 5, 0, 0)), 2.85, 0.01);
    {
        double d15 = settling(make_spring(1, 100, 15, 0, 0));
        AC_CHECK(d15 > 1.0 && d15 < 1.05);
        AC_CHECK_NEAR(d15, 1.02, 0.005);
    }
    /* Critical, and overdamped counted as critical: OpenCoreAnimation's measured 1.0 s. */
    AC_CHECK_NEAR(settling(make_spring(1, 100, 20, 0, 0)), 1.0, 1e-12);
    AC_CHECK_NEAR(settling(make_spring(1, 100, 100, 0, 0)), 1.0, 1e-12);
    /* True overdamping settles later; undamped never. */
    AC_CHECK(settling(make_spring(1, 100, 100, 0, 1)) > 1.0);
    AC_CHECK(isinf(settling(make_spring(1, 100, 0, 0, 0))));
    /* The result is a duration after which the displacement stays within 0.001. */
    {
        ac_spring s = make_spring(1, 100, 10, 0, 0);
        double d = settling(s), t;
        for (t = d; t < d + 3; t += 0.01) {
            if (!AC_CHECK(fabs(spring_u(&s, t, NULL)) <= 0.001 + 1e-12)) break;
        }
    }
}

static void test_perceptual(void) {
    ac_spring s, back;
    double duration = NAN, bounce = NAN;
    ac_spring_init(&s);
    /* Apple's example: Spring(duration 0.5, bounce 0.3) = mass 1, stiffness 157.9, damping 17.6. */
    AC_CHECK_OK(ac_spring_from_perceptual(0.5, 0.3, &s));
    AC_CHECK_EQ_INT(s.struct_size, sizeof(ac_spring));
    AC_CHECK_EQ_DOUBLE(s.mass, 1.0);
    AC_CHECK_NEAR(s.stiffness, pow(2 * PI / 0.5, 2), 1e-9);
    AC_CHECK_NEAR(s.stiffness, 157.9, 0.05);
    AC_CHECK_NEAR(s.damping, 4 * PI * 0.7 / 0.5, 1e-9);
    AC_CHECK_NEAR(s.damping, 17.6, 0.05);
    AC_CHECK_EQ_DOUBLE(s.initial_velocity, 0.0);
    AC_CHECK_EQ_INT(s.allows_overdamping, 1);
    AC_CHECK_OK(ac_spring_perceptual(&s, &duration, &bounce));
    AC_CHECK_NEAR(duration, 0.5, 1e-12);
    AC_CHECK_NEAR(bounce, 0.3, 1e-12);
    /* Apple's example the other way: mass 1, stiffness 100, damping 10 = duration 0.63, bounce 0.5. */
    back = make_spring(1, 100, 10, 0, 0);
    AC_CHECK_OK(ac_spring_perceptual(&back, &duration, &bounce));
    AC_CHECK_NEAR(duration, 2 * PI / 10, 1e-12);
    AC_CHECK_NEAR(duration, 0.63, 0.005);
    AC_CHECK_NEAR(bounce, 0.5, 1e-12);
    /* Either output may be NULL. */
    AC_CHECK_OK(ac_spring_perceptual(&back, NULL, &bounce));
    AC_CHECK_OK(ac_spring_perceptual(&back, &duration, NULL));
    /* Negative bounce: damping ratio 1 / (1 + bounce): -0.5 at 1 s is zeta 2, damping 8 pi. */
    AC_CHECK_OK(ac_spring_from_perceptual(1, -0.5, &s));
    AC_CHECK_NEAR(s.stiffness, 4 * PI * PI, 1e-9);
    AC_CHECK_NEAR(s.damping, 8 * PI, 1e-9);
    AC_CHECK_OK(ac_spring_perceptual(&s, &duration, &bounce));
    AC_CHECK_NEAR(duration, 1, 1e-12);
    AC_CHECK_NEAR(bounce, -0.5, 1e-12);
    /* Bounce 0: critical. */
    AC_CHECK_OK(ac_spring_from_perceptual(0.8, 0, &s));
    AC_CHECK_NEAR(s.damping, 2 * sqrt(s.stiffness * s.mass), 1e-9);
    /* ac_spring_init: CASpringAnimation's defaults. */
    AC_CHECK_OK(ac_spring_init(&s));
    AC_CHECK_EQ_DOUBLE(s.mass, 1.0);
    AC_CHECK_EQ_DOUBLE(s.stiffness, 100.0);
    AC_CHECK_EQ_DOUBLE(s.damping, 10.0);
    AC_CHECK_EQ_DOUBLE(s.initial_velocity, 0.0);
    AC_CHECK_EQ_INT(s.allows_overdamping, 0);
    AC_CHECK_STATUS(ac_spring_init(NULL), AC_ERR_NULL_POINTER);
}

/* A spring added with duration 0 lasts its settling duration; the copy carries kind, spring,
   values and the resolved duration. */
static void test_duration_zero_and_copy(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = springy_layer(engine);
    ac_spring s = make_spring(1, 200, 12, 1.5, 1), got;
    ac_animation animation = 0, copy = 0;
    ac_value to = ac_value_scalar(50), value;
    int32_t kind = -1, is_set = -1;
    double settle = settling(s), begin = frame_time(1);
    int k;

    AC_CHECK_OK(ac_animation_create_spring(engine, "x", &animation));
    /* A new spring animation holds the default spring. */
    ac_spring_init(&got);
    got.mass = 0;
    AC_CHECK_OK(ac_animation_get_spring(engine, animation, &got));
    AC_CHECK_EQ_DOUBLE(got.mass, 1.0);
    AC_CHECK_EQ_DOUBLE(got.stiffness, 100.0);
    AC_CHECK_EQ_DOUBLE(got.damping, 10.0);
    AC_CHECK_EQ_INT(got.allows_overdamping, 0);
    AC_CHECK_OK(ac_animation_set_spring(engine, animation, &s));
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to)); /* from underneath */
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "s"));
    tick(engine, begin);
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "s", &copy));
    AC_CHECK(copy != 0);
    AC_CHECK_OK(ac_animation_get_kind(engine, copy, &kind));
    AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_SPRING);
    ac_spring_init(&got);
    AC_CHECK_OK(ac_animation_get_spring(engine, copy, &got));
    AC_CHECK_EQ_DOUBLE(got.mass, 1.0);
    AC_CHECK_EQ_DOUBLE(got.stiffness, 200.0);
    AC_CHECK_EQ_DOUBLE(got.damping, 12.0);
    AC_CHECK_EQ_DOUBLE(got.initial_velocity, 1.5);
    AC_CHECK_EQ_INT(got.allows_overdamping, 1);
    AC_CHECK_OK(ac_animation_get_value(engine, copy, AC_ANIMATION_TO, &value, &is_set));
    AC_CHECK_EQ_INT(is_set, 1);
    AC_CHECK_EQ_DOUBLE(value.v[0], 50.0);
    AC_CHECK_OK(ac_animation_get_value(engine, copy, AC_ANIMATION_FROM, &value, &is_set));
    AC_CHECK_EQ_INT(is_set, 0);
    AC_CHECK_NEAR(get_timing(engine, copy).duration_s, settle, 1e-12);
    AC_CHECK_NEAR(get_timing(engine, copy).begin_time_s, begin, 1e-9);
    /* It runs the closed form from the value underneath (0) to 50, then ends (removed). */
    for (k = 2; frame_time(k) - begin < settle; ++k) {
        tick(engine, frame_time(k));
        if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "x"), spring_value(&s, 0, 50, frame_time(k) - begin, NULL), 1e-8))
            break;
        AC_CHECK_EQ_INT(animation_count(engine, layer), 1);
    }
    tick(engine, begin + settle + 0.02);
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "x"), 0.0); /* the model */
    /* A basic description becomes a spring one, keeping its values. */
    {
        ac_animation basic = scalar_animation(engine, "x", 1, 3, 1, 4, 0, 0, 0);
        AC_CHECK_OK(ac_animation_set_spring(engine, basic, &s));
        AC_CHECK_OK(ac_animation_get_kind(engine, basic, &kind));
        AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_SPRING);
        AC_CHECK_OK(ac_animation_get_value(engine, basic, AC_ANIMATION_FROM, &value, &is_set));
        AC_CHECK_EQ_INT(is_set, 1);
        AC_CHECK_EQ_DOUBLE(value.v[0], 3.0);
        /* ac_animation_assign copies a spring too. */
        AC_CHECK_OK(ac_animation_assign(engine, animation, basic));
        AC_CHECK_OK(ac_animation_get_value(engine, animation, AC_ANIMATION_TO, &value, &is_set));
        AC_CHECK_EQ_DOUBLE(value.v[0], 4.0);
        AC_CHECK_OK(ac_animation_release(engine, basic));
    }
    AC_CHECK_OK(ac_animation_release(engine, copy));
    AC_CHECK_OK(ac_animation_release(engine, animation));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Velocity of a linear basic animation is (to - from) / duration; of a point, per component;
   zero when nothing animates. */
static void test_velocity_basic(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = springy_layer(engine), plain = new_layer(engine, 0);
    ac_animation animation = scalar_animation(engine, "x", 1, 10, 1, 110, 0, 0, 2.0);
    ac_value v;
    int k;

    tick(engine, frame_time(1));
    AC_CHECK_EQ_DOUBLE(velocity_scalar(engine, layer, "x"), 0.0); /* nothing animates */
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "x"));
    for (k = 2; k < 100; ++k) {
        tick(engine, frame_time(k));
        if (k > 2 && !AC_CHECK_NEAR(velocity_scalar(engine, layer, "x"), 50.0, 1e-6)) break;
    }
    AC_CHECK_EQ_DOUBLE(velocity_scalar(engine, layer, "y"), 0.0);
    /* A point key path and a component of one. */
    set_value(engine, plain, "position", ac_value_point(0, 0));
    {
        ac_animation move = 0;
        ac_value from = ac_value_point(0, 0), to = ac_value_point(30, -60);
        ac_timing timing;
        AC_CHECK_OK(ac_animation_create_basic(engine, "position", &move));
        AC_CHECK_OK(ac_animation_set_value(engine, move, AC_ANIMATION_FROM, &from));
        AC_CHECK_OK(ac_animation_set_value(engine, move, AC_ANIMATION_TO, &to));
        ac_timing_init_animation(&timing);
        timing.duration_s = 3;
        AC_CHECK_OK(ac_animation_set_timing(engine, move, &timing));
        AC_CHECK_OK(ac_layer_add_animation(engine, plain, move, "move"));
        tick(engine, frame_time(100));
        tick(engine, frame_time(130));
        AC_CHECK_OK(ac_layer_get_presentation_velocity(engine, plain, key_of(engine, "position"), &v));
        AC_CHECK_EQ_INT(v.kind, AC_VALUE_POINT);
        AC_CHECK_NEAR(v.v[0], 10.0, 1e-6);
        AC_CHECK_NEAR(v.v[1], -20.0, 1e-6);
        AC_CHECK_OK(ac_layer_get_presentation_velocity(engine, plain, key_of(engine, "position.y"), &v));
        AC_CHECK_EQ_INT(v.kind, AC_VALUE_SCALAR);
        AC_CHECK_NEAR(v.v[0], -20.0, 1e-6);
        AC_CHECK_OK(ac_animation_release(engine, move));
    }
    AC_CHECK_OK(ac_animation_release(engine, animation));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* A change made in `mode`: 0 a transaction with ac_transaction_set_spring, 1 an animation block
   with options.spring, 2 a transaction spring and a transaction duration, 3 a block inside a
   transaction that sets a duration. */
static void spring_change(ac_engine *engine, ac_layer layer, const ac_spring *s, double to, int mode) {
    if (mode == 1 || mode == 3) {
        ac_animate_options options;
        if (mode == 3) {
            AC_CHECK_OK(ac_transaction_begin(engine));
            AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 3.0));
        }
        ac_animate_options_init(&options);
        AC_CHECK(options.spring == NULL);
        options.spring = s;
        options.duration_s = 0.25; /* not used with a spring */
        options.curve = AC_CURVE_EASE_IN;
        AC_CHECK_OK(ac_animate_begin(engine, &options));
        set_scalar(engine, layer, "x", to);
        AC_CHECK_OK(ac_animate_commit(engine));
        if (mode == 3) AC_CHECK_OK(ac_transaction_commit(engine));
    } else {
        AC_CHECK_OK(ac_transaction_begin(engine));
        AC_CHECK_OK(ac_transaction_set_spring(engine, s));
        if (mode == 2) AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 3.0));
        set_scalar(engine, layer, "x", to);
        AC_CHECK_OK(ac_transaction_commit(engine));
    }
}

/* Implicit springs: the change animates as a spring from the presentation (at rest) to the new
   model value, tick by tick, lasting the settling duration unless a duration is set. */
static void test_implicit_springs(void) {
    int mode;
    for (mode = 0; mode < 4; ++mode) {
        ac_engine *engine = new_engine();
        ac_layer layer = springy_layer(engine);
        ac_spring s, read;
        ac_animation copy = 0;
        int32_t kind = -1, is_set = -1;
        double begin = frame_time(1), duration;
        int k, failures = ac_test_failures();

        ac_spring_init(&s);
        AC_CHECK_OK(ac_spring_from_perceptual(0.6, 0.25, &s));
        spring_change(engine, layer, &s, 100, mode);
        AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "x"), 100.0);
        tick(engine, begin);
        AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "x", &copy));
        AC_CHECK_OK(ac_animation_get_kind(engine, copy, &kind));
        AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_SPRING);
        ac_spring_init(&read);
        AC_CHECK_OK(ac_animation_get_spring(engine, copy, &read));
        AC_CHECK_EQ_DOUBLE(read.stiffness, s.stiffness);
        AC_CHECK_EQ_DOUBLE(read.damping, s.damping);
        duration = get_timing(engine, copy).duration_s;
        AC_CHECK_NEAR(duration, mode >= 2 ? 3.0 : settling(s), 1e-12);
        for (k = 1; frame_time(k) - begin < duration && k < 400; ++k) {
            double t = frame_time(k) - begin, v = 0, want = spring_value(&s, 0, 100, t, &v);
            if (k > 1) tick(engine, frame_time(k));
            if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "x"), want, 1e-7)) break;
            if (k > 1 && !AC_CHECK_NEAR(velocity_scalar(engine, layer, "x"), v, VELOCITY_TOL)) break;
        }
        if (ac_test_failures() != failures) printf("    implicit spring mode %d, frame %d\n", mode, k);
        tick(engine, begin + duration + 0.05);
        AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "x"), 100.0);
        AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
        AC_CHECK_OK(ac_animation_release(engine, copy));

        /* ac_transaction_spring: read inside, none outside. */
        if (mode == 0) {
            ac_spring out;
            ac_spring_init(&out);
            AC_CHECK_OK(ac_transaction_spring(engine, &out, &is_set));
            AC_CHECK_EQ_INT(is_set, 0);
            AC_CHECK_EQ_DOUBLE(out.stiffness, 100.0);
            AC_CHECK_OK(ac_transaction_begin(engine));
            AC_CHECK_OK(ac_transaction_set_spring(engine, &s));
            AC_CHECK_OK(ac_transaction_begin(engine)); /* a nested one reads the enclosing one's */
            AC_CHECK_OK(ac_transaction_spring(engine, &out, &is_set));
            AC_CHECK_EQ_INT(is_set, 1);
            AC_CHECK_EQ_DOUBLE(out.stiffness, s.stiffness);
            AC_CHECK_EQ_DOUBLE(out.damping, s.damping);
            AC_CHECK_EQ_INT(out.allows_overdamping, 1);
            AC_CHECK_OK(ac_transaction_commit(engine));
            AC_CHECK_OK(ac_transaction_set_spring(engine, NULL)); /* none again */
            AC_CHECK_OK(ac_transaction_spring(engine, &out, &is_set));
            AC_CHECK_EQ_INT(is_set, 0);
            AC_CHECK_OK(ac_transaction_commit(engine));
        }
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

/* Velocity carry-over: x animating (a linear basic animation; then an implicit spring) gets a
   new implicit spring after the tick of frame `change`: value and velocity stay continuous
   across the commit tick, and the new spring follows the closed form started with the
   presentation's value and velocity at the time they were measured (the tick before the
   change: the engine continues the motion from there, so no tick holds still). */
static void carry_over(int first_is_spring, int mode) {
    ac_engine *engine = new_engine();
    ac_layer layer = springy_layer(engine);
    ac_spring first, next;
    const int change = 24;
    double p_before, v_before, p_prev = 0, v_prev = 0, begin, target = 30;
    int k, failures = ac_test_failures();

    ac_spring_init(&first);
    ac_spring_init(&next);
    AC_CHECK_OK(ac_spring_from_perceptual(0.8, 0.2, &first));
    AC_CHECK_OK(ac_spring_from_perceptual(0.5, 0.1, &next));
    if (first_is_spring) {
        spring_change(engine, layer, &first, 100, 0);
    } else {
        ac_animation basic = scalar_animation(engine, "x", 1, 0, 1, 100, 0, 0, 2.0);
        set_scalar(engine, layer, "x", 100);
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, basic, "x"));
        AC_CHECK_OK(ac_animation_release(engine, basic));
    }
    for (k = 1; k <= change; ++k) {
        tick(engine, frame_time(k));
        p_prev = p_before = presentation_scalar(engine, layer, "x");
        v_prev = v_before = velocity_scalar(engine, layer, "x");
    }
    AC_CHECK(fabs(v_before) > 10); /* in flight */
    if (!first_is_spring) AC_CHECK_NEAR(v_before, 50.0, 1e-6);
    spring_change(engine, layer, &next, target, mode);
    begin = frame_time(change);
    for (k = change + 1; k <= change + 36; ++k) { /* 0.6 s, inside the settling duration (0.7 s) */
        double t = frame_time(k) - begin, p, v, want_v = 0, want;
        ac_spring carried = next;
        /* The new spring starts at the presentation value with its velocity, as a fraction of
           the remaining distance per second. */
        carried.initial_velocity = v_before / (target - p_before);
        want = spring_value(&carried, p_before, target, t, &want_v);
        tick(engine, frame_time(k));
        p = presentation_scalar(engine, layer, "x");
        v = velocity_scalar(engine, layer, "x");
        {
            /* Every tick, the commit tick included: the value moves by about velocity x tick
               and the velocity by at most the spring's acceleration x tick (|a| <= w0^2
               |x - target| + c/m |v|, bounded over the tick): no jump in either. A new animation
               from rest would change the velocity by |v_before| at once. */
            double w0 = sqrt(next.stiffness), a_max = w0 * w0 * (fabs(p_prev - target) + fabs(v_prev) / 60) + next.damping * fabs(v_prev);
            AC_CHECK(fabs(p - p_prev) <= (fabs(v_prev) + a_max / 60) / 60 + 1e-9);
            AC_CHECK(fabs(v - v_prev) <= a_max / 60 * 1.5 + VELOCITY_TOL);
        }
        if (!AC_CHECK_NEAR(p, want, 1e-6)) break;
        if (!AC_CHECK_NEAR(v, want_v, VELOCITY_TOL)) break;
        p_prev = p;
        v_prev = v;
    }
    if (ac_test_failures() != failures)
        printf("    carry-over (first %s, mode %d): frame %d\n", first_is_spring ? "spring" : "basic", mode, k);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "x"), target);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_velocity_carry_over(void) {
    carry_over(0, 0); /* basic linear, then a transaction spring */
    carry_over(0, 1); /* basic linear, then a spring block */
    carry_over(1, 0); /* spring, then a spring */
    carry_over(1, 1);
}

static void test_bad_input(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = springy_layer(engine);
    ac_animation basic = 0, frames = 0, group = 0;
    ac_spring s, out;
    ac_animate_options options;
    ac_value v;
    ac_value flag = ac_value_bool(1);
    ac_property_desc desc;
    ac_class cls = 0;
    double d;
    int32_t is_set;

    /* Each field, through the conversion that only checks. */
    s = make_spring(0, 100, 10, 0, 0);
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_OUT_OF_RANGE, "spring->mass");
    s = make_spring(-1, 100, 10, 0, 0);
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_OUT_OF_RANGE, "spring->mass");
    s = make_spring(1, 0, 10, 0, 0);
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_OUT_OF_RANGE, "spring->stiffness");
    s = make_spring(1, -5, 10, 0, 0);
    EXPECT_ERROR(ac_spring_perceptual(&s, &d, &d), AC_ERR_OUT_OF_RANGE, "spring->stiffness");
    s = make_spring(1, 100, -0.5, 0, 0);
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_OUT_OF_RANGE, "spring->damping");
    s = make_spring(NAN, 100, 10, 0, 0);
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_NOT_FINITE, "spring->mass");
    s = make_spring(1, INFINITY, 10, 0, 0);
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_NOT_FINITE, "spring->stiffness");
    s = make_spring(1, 100, NAN, 0, 0);
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_NOT_FINITE, "spring->damping");
    s = make_spring(1, 100, 10, INFINITY, 0);
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_NOT_FINITE, "spring->initial_velocity");
    s = make_spring(1, 100, 10, NAN, 0);
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_NOT_FINITE, "spring->initial_velocity");
    s = make_spring(1, 100, 10, 0, 2);
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_OUT_OF_RANGE, "spring->allows_overdamping");
    s = make_spring(1, 100, 10, 0, 0);
    s.struct_size = 8;
    EXPECT_ERROR(ac_spring_settling_duration(&s, &d), AC_ERR_BAD_STRUCT_SIZE, "spring->struct_size");
    EXPECT_ERROR(ac_spring_settling_duration(NULL, &d), AC_ERR_NULL_POINTER, "spring");
    s = make_spring(1, 100, 10, 0, 0);
    EXPECT_ERROR(ac_spring_settling_duration(&s, NULL), AC_ERR_NULL_POINTER, "out_duration_s");

    /* Perceptual parameters. */
    ac_spring_init(&out);
    EXPECT_ERROR(ac_spring_from_perceptual(0.5, 1.0, &out), AC_ERR_OUT_OF_RANGE, "bounce");
    EXPECT_ERROR(ac_spring_from_perceptual(0.5, -1.0, &out), AC_ERR_OUT_OF_RANGE, "bounce");
    EXPECT_ERROR(ac_spring_from_perceptual(0.5, 1.5, &out), AC_ERR_OUT_OF_RANGE, "bounce");
    EXPECT_ERROR(ac_spring_from_perceptual(0.5, NAN, &out), AC_ERR_NOT_FINITE, "bounce");
    EXPECT_ERROR(ac_spring_from_perceptual(0, 0.2, &out), AC_ERR_OUT_OF_RANGE, "duration_s");
    EXPECT_ERROR(ac_spring_from_perceptual(-1, 0.2, &out), AC_ERR_OUT_OF_RANGE, "duration_s");
    EXPECT_ERROR(ac_spring_from_perceptual(NAN, 0.2, &out), AC_ERR_NOT_FINITE, "duration_s");
    EXPECT_ERROR(ac_spring_from_perceptual(INFINITY, 0.2, &out), AC_ERR_NOT_FINITE, "duration_s");
    EXPECT_ERROR(ac_spring_from_perceptual(0.5, 0.2, NULL), AC_ERR_NULL_POINTER, "out_spring");
    out.struct_size = 0;
    EXPECT_ERROR(ac_spring_from_perceptual(0.5, 0.2, &out), AC_ERR_BAD_STRUCT_SIZE, "out_spring->struct_size");
    AC_CHECK_EQ_DOUBLE(out.stiffness, 100.0); /* untouched */

    /* Descriptions: kinds, and a failing set changes nothing. */
    AC_CHECK_OK(ac_animation_create_spring(engine, "x", &basic));
    s = make_spring(1, 100, -1, 0, 0);
    EXPECT_ERROR(ac_animation_set_spring(engine, basic, &s), AC_ERR_OUT_OF_RANGE, "spring->damping");
    EXPECT_ERROR(ac_animation_set_spring(engine, basic, NULL), AC_ERR_NULL_POINTER, "spring");
    ac_spring_init(&out);
    AC_CHECK_OK(ac_animation_get_spring(engine, basic, &out));
    AC_CHECK_EQ_DOUBLE(out.damping, 10.0);
    out.struct_size = 4;
    EXPECT_ERROR(ac_animation_get_spring(engine, basic, &out), AC_ERR_BAD_STRUCT_SIZE, "out_spring->struct_size");
    EXPECT_ERROR(ac_animation_create_spring(engine, "", &basic), AC_ERR_UNKNOWN_KEY, "key_path");
    EXPECT_ERROR(ac_animation_create_spring(engine, "x", NULL), AC_ERR_NULL_POINTER, "out_animation");
    AC_CHECK_OK(ac_animation_release(engine, basic));
    AC_CHECK_OK(ac_animation_create_basic(engine, "x", &basic));
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "x", &frames));
    AC_CHECK_OK(ac_animation_create_group(engine, &group));
    s = make_spring(1, 100, 10, 0, 0);
    ac_spring_init(&out);
    EXPECT_ERROR(ac_animation_get_spring(engine, basic, &out), AC_ERR_INVALID_ARGUMENT, "a basic animation");
    EXPECT_ERROR(ac_animation_set_spring(engine, frames, &s), AC_ERR_INVALID_ARGUMENT, "a keyframe animation");
    EXPECT_ERROR(ac_animation_set_spring(engine, group, &s), AC_ERR_INVALID_ARGUMENT, "a group");
    EXPECT_ERROR(ac_animation_get_spring(engine, group, &out), AC_ERR_INVALID_ARGUMENT, "spring animations");
    v = ac_value_scalar(1);
    EXPECT_ERROR(ac_animation_set_value(engine, frames, AC_ANIMATION_FROM, &v), AC_ERR_INVALID_ARGUMENT,
                 "fromValue belongs to basic animations and spring animations");
    EXPECT_ERROR(ac_animation_set_spring(engine, 12345, &s), AC_ERR_BAD_HANDLE, "animation");

    /* Transactions and blocks name the spring's fields. */
    s = make_spring(1, 0, 10, 0, 0);
    EXPECT_ERROR(ac_transaction_set_spring(engine, &s), AC_ERR_OUT_OF_RANGE, "spring->stiffness");
    s = make_spring(1, 100, 10, -INFINITY, 0);
    EXPECT_ERROR(ac_transaction_set_spring(engine, &s), AC_ERR_NOT_FINITE, "spring->initial_velocity");
    AC_CHECK_OK(ac_transaction_spring(engine, &out, &is_set)); /* nothing was set */
    AC_CHECK_EQ_INT(is_set, 0);
    EXPECT_ERROR(ac_transaction_spring(engine, NULL, &is_set), AC_ERR_NULL_POINTER, "out_spring");
    EXPECT_ERROR(ac_transaction_spring(engine, &out, NULL), AC_ERR_NULL_POINTER, "out_is_set");
    out.struct_size = 3;
    EXPECT_ERROR(ac_transaction_spring(engine, &out, &is_set), AC_ERR_BAD_STRUCT_SIZE, "out_spring->struct_size");
    ac_animate_options_init(&options);
    s = make_spring(1, 100, -3, 0, 0);
    options.spring = &s;
    EXPECT_ERROR(ac_animate_begin(engine, &options), AC_ERR_OUT_OF_RANGE, "options->spring->damping");
    s = make_spring(0, 100, 3, 0, 0);
    EXPECT_ERROR(ac_animate_begin(engine, &options), AC_ERR_OUT_OF_RANGE, "options->spring->mass");
    s = make_spring(1, 100, 3, NAN, 0);
    EXPECT_ERROR(ac_animate_begin(engine, &options), AC_ERR_NOT_FINITE, "options->spring->initial_velocity");
    s = make_spring(1, 100, 3, 0, 0);
    s.struct_size = 0;
    EXPECT_ERROR(ac_animate_begin(engine, &options), AC_ERR_BAD_STRUCT_SIZE, "options->spring->struct_size");
    /* Nothing was opened by the failing calls. */
    EXPECT_ERROR(ac_animate_commit(engine), AC_ERR_INVALID_STATE, "");
    options.struct_size -= (uint32_t)sizeof(void *); /* an options struct of before the spring */
    s.struct_size = sizeof s;
    EXPECT_ERROR(ac_animate_begin(engine, &options), AC_ERR_BAD_STRUCT_SIZE, "options->struct_size");

    /* Velocity. */
    ac_property_desc_init(&desc, "visible", &flag);
    AC_CHECK_OK(ac_class_create(engine, "Flags", 0, &desc, 1, &cls));
    {
        ac_layer flags = new_layer(engine, cls);
        EXPECT_ERROR(ac_layer_get_presentation_velocity(engine, flags, key_of(engine, "visible"), &v),
                     AC_ERR_WRONG_KIND, "visible");
        EXPECT_ERROR(ac_layer_get_presentation_velocity(engine, layer, key_of(engine, "hidden"), &v),
                     AC_ERR_WRONG_KIND, "hidden");
    }
    EXPECT_ERROR(ac_layer_get_presentation_velocity(engine, layer, key_of(engine, "undeclaredThing"), &v),
                 AC_ERR_UNKNOWN_KEY, "undeclaredThing");
    EXPECT_ERROR(ac_layer_get_presentation_velocity(engine, layer, key_of(engine, "x") | 0xFFFFFu, &v),
                 AC_ERR_UNKNOWN_KEY, "key");
    EXPECT_ERROR(ac_layer_get_presentation_velocity(engine, layer, 987654, &v), AC_ERR_BAD_HANDLE, "key");
    EXPECT_ERROR(ac_layer_get_presentation_velocity(engine, layer, key_of(engine, "x"), NULL),
                 AC_ERR_NULL_POINTER, "out_velocity");
    EXPECT_ERROR(ac_layer_get_presentation_velocity(engine, 77, key_of(engine, "x"), &v), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_get_presentation_velocity(NULL, layer, key_of(engine, "x"), &v), AC_ERR_NULL_POINTER, "engine");

    AC_CHECK_OK(ac_animation_release(engine, basic));
    AC_CHECK_OK(ac_animation_release(engine, frames));
    AC_CHECK_OK(ac_animation_release(engine, group));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Springs overdamped beyond the double range (zeta or w0 zeta overflows; issue 35): accepted, and
   finite at every tick as an explicit spring, an implicit (transaction) spring and a decay's
   bound spring; the damping ratio of tiny and huge parameters. */
static void test_extreme_overdamping(void) {
    const ac_spring springs[2] = {make_spring(1e-300, 1, 1e300, 0, 1), make_spring(1, 1e-300, 1e300, 0, 1)};
    const double times[] = {1.0, 1.001, 2.0, 10.0, 1e6};
    double frequency = NAN, ratio = NAN, settling = NAN;
    int n, i;
    for (n = 0; n < 2; ++n) {
        ac_engine *engine = new_engine();
        ac_layer layer = springy_layer(engine), bounded;
        ac_class springy = 0;
        ac_animation spring = 0, decay = 0;
        ac_value from = ac_value_scalar(0), to = ac_value_scalar(100), velocity = ac_value_scalar(1000);
        ac_decay parameters;
        AC_CHECK_OK(ac_spring_settling_duration(&springs[n], &settling));
        AC_CHECK(isinf(settling));
        AC_CHECK_OK(ac_animation_create_spring(engine, "x", &spring));
        AC_CHECK_OK(ac_animation_set_spring(engine, spring, &springs[n]));
        AC_CHECK_OK(ac_animation_set_value(engine, spring, AC_ANIMATION_FROM, &from));
        AC_CHECK_OK(ac_animation_set_value(engine, spring, AC_ANIMATION_TO, &to));
        AC_CHECK_OK(ac_layer_add_animation(engine, layer, spring, "spring"));
        AC_CHECK_OK(ac_transaction_begin(engine));
        AC_CHECK_OK(ac_transaction_set_spring(engine, &springs[n]));
        set_scalar(engine, layer, "y", 100);
        AC_CHECK_OK(ac_transaction_commit(engine));
        tick(engine, 0.5);
        ac_decay_init(&parameters);
        parameters.has_upper_bound = 1;
        parameters.upper_bound = ac_value_scalar(1);
        parameters.bound_spring = springs[n];
        AC_CHECK_OK(ac_animation_create_decay(engine, "x", &decay));
        AC_CHECK_OK(ac_animation_set_decay(engine, decay, &parameters));
        AC_CHECK_OK(ac_animation_set_value(engine, decay, AC_ANIMATION_FROM, &from));
        AC_CHECK_OK(ac_animation_set_value(engine, decay, AC_ANIMATION_VELOCITY, &velocity));
        AC_CHECK_OK(ac_layer_class(engine, layer, &springy));
        bounded = new_layer(engine, springy);
        AC_CHECK_OK(ac_layer_add_animation(engine, bounded, decay, "decay"));
        for (i = 0; i < (int)(sizeof times / sizeof times[0]); ++i) {
            tick(engine, times[i]);
            AC_CHECK(isfinite(presentation_scalar(engine, layer, "x")));
            AC_CHECK(isfinite(velocity_scalar(engine, layer, "x")));
            AC_CHECK(isfinite(presentation_scalar(engine, layer, "y")));
            AC_CHECK(isfinite(velocity_scalar(engine, layer, "y")));
            AC_CHECK(isfinite(presentation_scalar(engine, bounded, "x")));
            AC_CHECK(isfinite(velocity_scalar(engine, bounded, "x")));
        }
        AC_CHECK_OK(ac_animation_release(engine, spring));
        AC_CHECK_OK(ac_animation_release(engine, decay));
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
    {
        ac_spring tiny = make_spring(1e-200, 1e-200, 1, 0, 0), huge = make_spring(1e308, 1e308, 1e308, 0, 0);
        AC_CHECK_OK(ac_spring_damping_ratio(&tiny, &frequency, &ratio));
        AC_CHECK_EQ_DOUBLE(frequency, 1.0);
        AC_CHECK_EQ_DOUBLE(ratio, 5e199);
        AC_CHECK_OK(ac_spring_damping_ratio(&huge, NULL, &ratio));
        AC_CHECK_EQ_DOUBLE(ratio, 0.5);
        AC_CHECK_OK(ac_spring_damping_ratio(&springs[0], &frequency, NULL));
        AC_CHECK_EQ_DOUBLE(frequency, 1e150);
        AC_CHECK_OK(ac_spring_damping_ratio(&springs[0], NULL, &ratio));
        AC_CHECK(isinf(ratio) && ratio > 0);
        tiny.mass = 0;
        AC_CHECK_STATUS(ac_spring_damping_ratio(&tiny, &frequency, &ratio), AC_ERR_OUT_OF_RANGE);
        AC_CHECK_STATUS(ac_spring_damping_ratio(NULL, &frequency, &ratio), AC_ERR_NULL_POINTER);
    }
}

int main(void) {
    test_closed_form_ticks();
    test_settling_durations();
    test_perceptual();
    test_duration_zero_and_copy();
    test_velocity_basic();
    test_implicit_springs();
    test_velocity_carry_over();
    test_bad_input();
    test_extreme_overdamping();
    return ac_test_finish();
}
