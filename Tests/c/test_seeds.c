/*
 * The seeds (shared/seeds/) as C programs, checked tick by tick at 60 fps:
 *   000 clock: a custom class with a needs-display `time` property; the model set to 1.5 and
 *       an animation from the presentation value (0) over the default duration: about 15
 *       display calls, the presentation rising 0 -> 1.5 while the model reads 1.5; and the
 *       non-visual variant (an audio volume driven from display).
 *   002 arrow: an ArrowLayer class with the seed's custom properties, needsDisplayOnBoundsChange,
 *       an explicit autoreversing animation of lengthRadians and its completion.
 *   003 ship and door: duration and repeatCount, an autoreversing door with an infinite
 *       repeatDuration, timeOffset and speed, hierarchical speed, pausing a layer with speed 0
 *       and scrubbing with timeOffset, pause and resume.
 *   001 percent: a custom `percent` property animated 0 -> 100 in an animation block with
 *       ease-out, checked tick by tick against the curve (displayed in the same tick as a
 *       built-in property of the same block), then reversed.
 *   002 arrow, as the seed has it: the explicit animation inside a transaction with a duration
 *       (taken by the animation's duration 0) and a completion block.
 *   004 circle: radius (through the class's action, from the presentation value) and colour
 *       (the built-in implicit animation) over the transaction's 2 s, then a change in flight.
 */
#include "ac_engine_test.h"

/* ---------------------------------------------------------------------------------------- */
/* 000: the clock                                                                            */
/* ---------------------------------------------------------------------------------------- */

typedef struct clock_log {
    int count;
    double presentation[64];
    double model[64];
} clock_log;

static void clock_display(ac_engine *engine, ac_layer layer, void *user_data) {
    clock_log *log = (clock_log *)user_data;
    ac_key time = key_of(engine, "time");
    if (log->count < 64) {
        AC_CHECK_OK(ac_layer_get_presentation_scalar(engine, layer, time, &log->presentation[log->count]));
        AC_CHECK_OK(ac_layer_get_scalar(engine, layer, time, &log->model[log->count]));
    }
    log->count++;
}

/* -actionForKey: "time": a linear CABasicAnimation from the presentation value. */
static void set_time_with_action(ac_engine *engine, ac_layer layer, double time) {
    double from = presentation_scalar(engine, layer, "time");
    ac_animation action = scalar_animation(engine, "time", 1, from, 0, 0, 0, 0, 0);
    set_scalar(engine, layer, "time", time);
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, action, "time"));
    ac_animation_release(engine, action);
}

static void test_seed_000_clock(void) {
    ac_engine *engine = new_engine();
    ac_value zero = ac_value_scalar(0);
    ac_property_desc time_desc;
    ac_class clock_face = 0;
    ac_layer clock;
    clock_log log;
    int k, index;

    memset(&log, 0, sizeof log);
    ac_property_desc_init(&time_desc, "time", &zero);
    time_desc.needs_display = 1; /* +needsDisplayForKey: @"time" */
    AC_CHECK_OK(ac_class_create(engine, "ClockFace", 0, &time_desc, 1, &clock_face));
    AC_CHECK_OK(ac_class_set_display(engine, clock_face, clock_display, &log, NULL));
    clock = new_layer(engine, clock_face);
    set_value(engine, clock, "bounds", ac_value_rect(0, 0, 200, 200));
    set_value(engine, clock, "position", ac_value_point(160, 150));
    tick(engine, frame_time(0));
    AC_CHECK_EQ_INT(log.count, 0); /* nothing to draw yet */

    set_time_with_action(engine, clock, 1.5);
    for (k = 1; k <= 40; ++k) tick(engine, frame_time(k));

    /* About 15 display calls (0.25 s at 60 fps), the presentation rising 0 -> 1.5. */
    AC_CHECK(log.count >= 14 && log.count <= 17);
    AC_CHECK_NEAR(log.presentation[0], 0.0, 1e-9);
    AC_CHECK_NEAR(log.presentation[log.count - 1], 1.5, 1e-9);
    for (index = 0; index < log.count && index < 64; ++index) {
        AC_CHECK_EQ_DOUBLE(log.model[index], 1.5);
        if (index > 0) AC_CHECK(log.presentation[index] >= log.presentation[index - 1]);
        /* Linear: 1.5 × elapsed / 0.25, one frame per call. */
        if (index < log.count - 1) AC_CHECK_NEAR(log.presentation[index], 1.5 * (index / 60.0) / 0.25, 1e-9);
    }
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, clock, "time"), 1.5);

    /* Setting it again mid-flight starts from where the hand is (no jump). */
    memset(&log, 0, sizeof log);
    set_time_with_action(engine, clock, 3.0);
    tick(engine, frame_time(41));
    tick(engine, frame_time(42));
    set_time_with_action(engine, clock, 0.0);
    for (k = 43; k <= 80; ++k) tick(engine, frame_time(k));
    for (index = 1; index < log.count && index < 64; ++index)
        AC_CHECK(fabs(log.presentation[index] - log.presentation[index - 1]) <= 0.2);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, clock, "time"), 0.0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* The non-visual variant: display drives an audio player's volume. */
static double player_volume = -1;

static void audio_display(ac_engine *engine, ac_layer layer, void *user_data) {
    (void)user_data;
    AC_CHECK_OK(ac_layer_get_presentation_scalar(engine, layer, key_of(engine, "volume"), &player_volume));
}

static void test_seed_000_audio(void) {
    ac_engine *engine = new_engine();
    ac_value one = ac_value_scalar(1);
    ac_property_desc volume;
    ac_class audio_class = 0;
    ac_layer audio;
    double previous = 2;
    int k;

    ac_property_desc_init(&volume, "volume", &one);
    volume.needs_display = 1;
    AC_CHECK_OK(ac_class_create(engine, "AudioLayer", 0, &volume, 1, &audio_class));
    AC_CHECK_OK(ac_class_set_display(engine, audio_class, audio_display, NULL, NULL));
    audio = new_layer(engine, audio_class);
    AC_CHECK_OK(ac_layer_set_needs_display(engine, audio));
    tick(engine, frame_time(0));
    AC_CHECK_EQ_DOUBLE(player_volume, 1.0);
    /* fadeOut */
    {
        double from = presentation_scalar(engine, audio, "volume");
        ac_animation action = scalar_animation(engine, "volume", 1, from, 0, 0, 0, 0, 0);
        set_scalar(engine, audio, "volume", 0);
        AC_CHECK_OK(ac_layer_add_animation(engine, audio, action, "volume"));
    }
    for (k = 1; k <= 20; ++k) {
        tick(engine, frame_time(k));
        AC_CHECK(player_volume <= previous);
        previous = player_volume;
    }
    AC_CHECK_EQ_DOUBLE(player_volume, 0.0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* 002: the arrow                                                                            */
/* ---------------------------------------------------------------------------------------- */

typedef struct arrow_state {
    int displays;
    double last_length;
    int completions;
    int completion_finished;
} arrow_state;

static void arrow_draw(ac_engine *engine, ac_layer layer, void *user_data) {
    arrow_state *state = (arrow_state *)user_data;
    /* -drawInContext: reads every property from the presentation. */
    ac_property_value values[48];
    size_t count = 0;
    state->displays++;
    AC_CHECK_OK(ac_layer_snapshot(engine, layer, 1, values, 48, &count));
    AC_CHECK_EQ_INT(count, 36 + 8);
    state->last_length = presentation_scalar(engine, layer, "lengthRadians");
}

static void arrow_completion(ac_engine *engine, ac_layer layer, const char *key, int32_t finished,
                             void *user_data) {
    arrow_state *state = (arrow_state *)user_data;
    (void)engine;
    (void)layer;
    AC_CHECK_EQ_STR(key, "lengthRadians");
    state->completions++;
    state->completion_finished = finished;
}

static void test_seed_002_arrow(void) {
    ac_engine *engine = new_engine();
    const char *scalars[5] = {"thickness", "startRadians", "lengthRadians", "headLengthRadians", "lineWidth"};
    ac_value zero = ac_value_scalar(0), clear = ac_value_color(0, 0, 0, 0);
    ac_value miter = ac_value_integer(0); /* kCGLineJoinMiter */
    ac_property_desc props[8];
    ac_class arrow_class = 0;
    ac_layer image, arrow;
    ac_animation animation;
    ac_animation_delegate delegate;
    arrow_state state = {0, 0, 0, -1};
    int index, k;

    /* @dynamic properties; +needsDisplayForKey: YES for every one of them. */
    for (index = 0; index < 5; ++index) ac_property_desc_init(&props[index], scalars[index], &zero);
    ac_property_desc_init(&props[5], "fillColor", &clear);
    ac_property_desc_init(&props[6], "strokeColor", &clear);
    ac_property_desc_init(&props[7], "lineJoin", &miter);
    props[7].animatable = 0;
    for (index = 0; index < 8; ++index) props[index].needs_display = 1;
    AC_CHECK_OK(ac_class_create(engine, "ArrowLayer", 0, props, 8, &arrow_class));
    AC_CHECK_OK(ac_class_set_display(engine, arrow_class, arrow_draw, &state, NULL));

    /* setUpMask */
    image = new_layer(engine, 0);
    set_value(engine, image, "bounds", ac_value_rect(0, 0, 200, 200));
    arrow = new_layer(engine, arrow_class);
    set_value(engine, arrow, "needsDisplayOnBoundsChange", ac_value_bool(1));
    set_value(engine, arrow, "frame", ac_value_rect(0, 0, 200, 200));
    set_scalar(engine, arrow, "thickness", 60);
    set_scalar(engine, arrow, "startRadians", -PI / 2);
    set_scalar(engine, arrow, "lengthRadians", 0);
    set_scalar(engine, arrow, "headLengthRadians", PI / 2 / 8);
    set_value(engine, arrow, "fillColor", ac_value_color(1, 1, 1, 1));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, image, arrow)); /* imageView.layer.mask */
    tick(engine, frame_time(0));
    AC_CHECK_EQ_INT(state.displays, 1); /* drawn once for all those changes */

    /* goButtonWasTapped: inside a transaction of duration 2 (here: the animation's own
       duration), with a completion block (here: did-stop). */
    animation = scalar_animation(engine, "lengthRadians", 1, 0, 1, 2 * PI, 0, 0, 2.0);
    {
        ac_timing timing = get_timing(engine, animation);
        timing.autoreverses = 1;
        set_timing(engine, animation, timing);
    }
    ac_animation_delegate_init(&delegate);
    delegate.did_stop = arrow_completion;
    delegate.user_data = &state;
    AC_CHECK_OK(ac_animation_set_delegate(engine, animation, &delegate));
    AC_CHECK_OK(ac_layer_add_animation(engine, arrow, animation, "lengthRadians"));
    state.displays = 0;
    /* Committed at frame 1: forward over frames 1...121, back over 121...241. */
    for (k = 1; k <= 260; ++k) {
        double e = (k - 1) / 60.0, expected;
        tick(engine, frame_time(k));
        if (k == 121 || k == 241) continue; /* the turn and the end: boundaries */
        expected = k < 121 ? PI * e : k < 241 ? 2 * PI - PI * (e - 2) : 0;
        if (!AC_CHECK_NEAR(presentation_scalar(engine, arrow, "lengthRadians"), expected, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
        AC_CHECK_EQ_DOUBLE(model_scalar(engine, arrow, "lengthRadians"), 0);
        AC_CHECK_EQ_INT(state.completions, k < 241 ? 0 : 1);
    }
    AC_CHECK_NEAR(presentation_scalar(engine, arrow, "thickness"), 60, 0);
    /* Redrawn every frame of the animation, and once more when it ended. */
    AC_CHECK(state.displays >= 240 && state.displays <= 242);
    AC_CHECK_EQ_INT(state.completion_finished, 1);
    AC_CHECK_EQ_DOUBLE(state.last_length, 0);

    /* A bounds change redraws (needsDisplayOnBoundsChange). */
    state.displays = 0;
    set_value(engine, arrow, "bounds", ac_value_rect(0, 0, 100, 100));
    tick(engine, frame_time(261));
    AC_CHECK(state.displays >= 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* 003: ship and door                                                                         */
/* ---------------------------------------------------------------------------------------- */

/* The z rotation of a presentation transform, from its matrix. */
static double rotation_z(ac_engine *engine, ac_layer layer) {
    ac_value m = presentation_value(engine, layer, "transform");
    return atan2(m.v[1], m.v[0]);
}

static void test_seed_003_ship(void) {
    ac_engine *engine = new_engine();
    ac_layer container = new_layer(engine, 0), ship = new_layer(engine, 0);
    ac_animation animation;
    counters c = {0};
    int k;

    set_value(engine, ship, "frame", ac_value_rect(0, 0, 128, 128));
    set_value(engine, ship, "position", ac_value_point(150, 150));
    set_value(engine, ship, "contents", ac_value_token(0x5348495050ull)); /* Ship.png */
    AC_CHECK_OK(ac_layer_add_sublayer(engine, container, ship));
    tick(engine, frame_time(0));

    /* start: transform.rotation by 2pi, duration 2, repeatCount 1.5, a delegate. */
    animation = scalar_animation(engine, "transform.rotation", 0, 0, 0, 0, 1, 2 * PI, 2.0);
    {
        ac_timing timing = get_timing(engine, animation);
        timing.repeat_count = 1.5;
        set_timing(engine, animation, timing);
    }
    count_animation(engine, animation, &c);
    AC_CHECK_OK(ac_layer_add_animation(engine, ship, animation, "rotateAnimation"));
    /* Committed at frame 1; 3 s of animation: frames 1...181. */
    for (k = 1; k <= 200; ++k) {
        double e = (k - 1) / 60.0, angle, expected;
        tick(engine, frame_time(k));
        if (k == 181) continue;
        AC_CHECK_EQ_INT(c.stopped_finished, k < 181 ? 0 : 1);
        angle = rotation_z(engine, ship);
        /* One turn per 2 s (a full turn shows as the identity); none after the end. */
        expected = k < 181 ? fmod(e, 2.0) * PI : 0;
        if (!AC_CHECK_NEAR(cos(angle), cos(expected), 1e-9) || !AC_CHECK_NEAR(sin(angle), sin(expected), 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
    }
    AC_CHECK_EQ_INT(c.started, 1);
    AC_CHECK_EQ_INT(c.stopped_unfinished, 0);
    AC_CHECK_EQ_INT(animation_count(engine, ship), 0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_seed_003_door(void) {
    ac_engine *engine = new_engine();
    ac_layer container = new_layer(engine, 0), door = new_layer(engine, 0);
    ac_value perspective = ac_value_transform3d_identity();
    ac_animation animation;
    counters c = {0};
    int k;

    set_value(engine, door, "frame", ac_value_rect(0, 0, 128, 256));
    set_value(engine, door, "position", ac_value_point(150 - 64, 150));
    set_value(engine, door, "anchorPoint", ac_value_point(0, 0.5));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, container, door));
    perspective.v[11] = -1.0 / 500.0; /* m34 */
    set_value(engine, container, "sublayerTransform", perspective);
    tick(engine, frame_time(0));

    /* The swing: to -pi/2, duration 2, repeatDuration INFINITY, autoreverses. */
    animation = scalar_animation(engine, "transform.rotation.y", 0, 0, 1, -PI / 2, 0, 0, 2.0);
    {
        ac_timing timing = get_timing(engine, animation);
        timing.repeat_duration_s = INFINITY;
        timing.autoreverses = 1;
        set_timing(engine, animation, timing);
    }
    count_animation(engine, animation, &c);
    AC_CHECK_OK(ac_layer_add_animation(engine, door, animation, NULL));
    for (k = 1; k <= 600; ++k) {
        double e = (k - 1) / 60.0, cycle = fmod(e, 4.0);
        double expected = cycle <= 2 ? -PI / 2 * cycle / 2 : -PI / 2 * (4 - cycle) / 2;
        tick(engine, frame_time(k));
        if (k % 30 != 16) continue; /* off the turns */
        if (!AC_CHECK_NEAR(presentation_scalar(engine, door, "transform.rotation.y"), expected, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
        /* The matrix: a y rotation (m11 = cos, m13 = -sin in the row-vector convention). */
        AC_CHECK_NEAR(presentation_value(engine, door, "transform").v[0], cos(expected), 1e-9);
    }
    AC_CHECK_EQ_INT(c.started, 1);
    AC_CHECK_EQ_INT(c.stopped_finished + c.stopped_unfinished, 0); /* it never ends */
    AC_CHECK_EQ_DOUBLE(model_value(engine, door, "transform").v[0], 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Listing 9.3: timeOffset and speed on the animation (a basic position.x animation standing in
   for the keyframe path), removedOnCompletion NO. */
static void run_offset_speed(double time_offset, double speed, const double *es, const double *ps, int count) {
    ac_engine *engine = new_engine();
    ac_layer ship = new_layer(engine, 0);
    ac_animation animation = scalar_animation(engine, "position.x", 1, 0, 1, 300, 0, 0, 1.0);
    ac_timing timing = get_timing(engine, animation);
    int index;

    timing.time_offset_s = time_offset;
    timing.speed = speed;
    set_timing(engine, animation, timing);
    AC_CHECK_OK(ac_animation_set_flag(engine, animation, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
    AC_CHECK_OK(ac_layer_add_animation(engine, ship, animation, "slide"));
    tick(engine, T0);
    for (index = 0; index < count; ++index) {
        tick(engine, T0 + es[index]);
        if (!AC_CHECK_NEAR(presentation_scalar(engine, ship, "position.x"), ps[index] < 0 ? 0 : 300 * ps[index], 1e-9))
            printf("    offset %g speed %g at e %g\n", time_offset, speed, es[index]);
    }
    AC_CHECK_EQ_INT(animation_count(engine, ship), 1); /* kept after the end */
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_seed_003_offset_speed(void) {
    /* Offset 0.5: starts half way, wraps, still plays 1 s in all; then the model (fill removed). */
    const double e1[5] = {0.001, 0.25, 0.6, 0.9, 1.2};
    const double p1[5] = {0.501, 0.75, 0.1, 0.4, -1};
    /* T14: duration 1, offset 0.5, speed 2: p 0.5, 0.9, 0.1, 0.4; active 0.5 s. */
    const double e2[5] = {0.0001, 0.2, 0.3, 0.45, 0.6};
    const double p2[5] = {0.5002, 0.9, 0.1, 0.4, -1};
    run_offset_speed(0.5, 1, e1, p1, 5);
    run_offset_speed(0.5, 2, e2, p2, 5);
}

/* Listing 9.4: the door paused (layer speed 0), scrubbed through timeOffset. */
static void test_seed_003_scrub(void) {
    ac_engine *engine = new_engine();
    ac_layer container = new_layer(engine, 0), door = new_layer(engine, 0);
    ac_animation animation;
    const double offsets[6] = {0.0, 0.25, 0.5, 0.999, 0.3, 0.0};
    int step, k;

    set_value(engine, door, "frame", ac_value_rect(0, 0, 128, 256));
    set_value(engine, door, "anchorPoint", ac_value_point(0, 0.5));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, container, door));
    set_scalar(engine, door, "speed", 0); /* pause all layer animations */
    animation = scalar_animation(engine, "transform.rotation.y", 0, 0, 1, -PI / 2, 0, 0, 1.0);
    AC_CHECK_OK(ac_layer_add_animation(engine, door, animation, NULL));
    tick(engine, frame_time(0));
    for (step = 0; step < 6; ++step) {
        set_scalar(engine, door, "timeOffset", offsets[step]);
        /* Wall time passes; the paused door stays where the offset puts it. */
        for (k = 0; k < 10; ++k) {
            double t = 0;
            tick(engine, frame_time(1 + step * 10 + k));
            AC_CHECK_OK(ac_layer_local_time(engine, door, &t));
            AC_CHECK_EQ_DOUBLE(t, offsets[step]);
            if (!AC_CHECK_NEAR(presentation_scalar(engine, door, "transform.rotation.y"), -PI / 2 * offsets[step], 1e-9))
                printf("    offset %g, frame %d\n", offsets[step], k);
        }
    }
    AC_CHECK_EQ_DOUBLE(model_value(engine, door, "transform").v[0], 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Pausing and resuming a running layer (the recipe built on convertTime), and hierarchical
   speed (T18). */
static void test_seed_003_pause_resume(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation animation = scalar_animation(engine, "zPosition", 1, 0, 1, 100, 0, 0, 10.0);
    double paused_at = 0, since = 0, at_pause;
    int k;

    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "move"));
    for (k = 0; k <= 60; ++k) tick(engine, frame_time(k)); /* 1 s in: 10 */
    at_pause = presentation_scalar(engine, layer, "zPosition");
    AC_CHECK_NEAR(at_pause, 10, 1e-9);
    /* pause: timeOffset = convertTime(now, from: nil); speed = 0 */
    AC_CHECK_OK(ac_layer_convert_time(engine, frame_time(60), 0, layer, &paused_at));
    set_scalar(engine, layer, "speed", 0);
    set_scalar(engine, layer, "timeOffset", paused_at);
    for (k = 61; k <= 360; ++k) tick(engine, frame_time(k)); /* 5 s paused */
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), at_pause, 1e-9);
    /* resume: speed 1, offset 0, begin 0, then begin = convertTime(now, from: nil) - paused */
    set_scalar(engine, layer, "speed", 1);
    set_scalar(engine, layer, "timeOffset", 0);
    set_scalar(engine, layer, "beginTime", 0);
    AC_CHECK_OK(ac_layer_convert_time(engine, frame_time(360), 0, layer, &since));
    set_scalar(engine, layer, "beginTime", since - paused_at);
    tick(engine, frame_time(361));
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), at_pause + 10.0 / 60.0, 1e-6);
    for (k = 362; k <= 420; ++k) tick(engine, frame_time(k));
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "zPosition"), 20, 1e-6);
    AC_CHECK_OK(ac_engine_destroy(engine));

    /* T18: superlayer speed 2, layer speed 1.5, an animation of 3 s ends after 1 s. */
    engine = new_engine();
    {
        ac_layer parent = new_layer(engine, 0), child = new_layer(engine, 0);
        counters c = {0};
        ac_animation a = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 3.0);
        AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, child));
        set_scalar(engine, parent, "speed", 2);
        set_scalar(engine, child, "speed", 1.5);
        count_animation(engine, a, &c);
        AC_CHECK_OK(ac_layer_add_animation(engine, child, a, "fade"));
        for (k = 0; k <= 59; ++k) tick(engine, frame_time(k) + 0.001);
        AC_CHECK_EQ_INT(c.stopped_finished, 0);
        AC_CHECK_NEAR(presentation_scalar(engine, child, "opacity"), 59 / 60.0, 1e-9);
        tick(engine, frame_time(61));
        AC_CHECK_EQ_INT(c.stopped_finished, 1);
        /* Destroyed while c lives: the delegate's destroy (the description was never
           released) runs at engine destroy and writes c. */
        AC_CHECK_OK(ac_engine_destroy(engine));
        AC_CHECK_EQ_INT(c.destroyed, 1);
    }
    /* A global speed factor slows everything alike (UI tests speed it up). */
}

/* ---------------------------------------------------------------------------------------- */
/* 001: a custom `percent` in UIView animation blocks                                        */
/* ---------------------------------------------------------------------------------------- */

/* What displayLayer: computed on each call: the presentation percent, the bar's width and the
   label's number, and the presentation width of the built-in bar animated in the same block. */
typedef struct percent_view {
    ac_layer bar;
    int count;
    double percent[128];
    double width[128];
    int label[128];
    double bar_width[128];
} percent_view;

static void percent_display(ac_engine *engine, ac_layer layer, void *user_data) {
    percent_view *view = (percent_view *)user_data;
    double percent = presentation_scalar(engine, layer, "percent");
    if (view->count < 128) {
        view->percent[view->count] = percent;
        view->width[view->count] = 300 * (percent / 100); /* CGRectGetWidth(self.frame) = 300 */
        view->label[view->count] = (int)floor(percent);
        view->bar_width[view->count] = presentation_value(engine, view->bar, "bounds").v[2];
    }
    view->count++;
}

/* One animation block of kAnimDuration (1 s) with ease-out setting percent (and the built-in
   bar's width alongside), checked tick by tick from frame `first`. */
static void run_percent_block(ac_engine *engine, ac_layer layer, percent_view *view, double from, double to,
                              int first) {
    ac_animate_options options;
    ac_timing_function ease_out;
    double begin = frame_time(first);
    int k;

    AC_CHECK_OK(ac_timing_function_named("easeOut", &ease_out));
    ac_animate_options_init(&options);
    options.duration_s = 1.0;
    options.curve = AC_CURVE_EASE_OUT;
    AC_CHECK_OK(ac_animate_begin(engine, &options)); /* [UIView animateWithDuration:...] */
    set_scalar(engine, layer, "percent", to);        /* self.animView.percent = to */
    set_scalar(engine, view->bar, "bounds.size.width", 3 * to);
    AC_CHECK_OK(ac_animate_commit(engine));
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, layer, "percent"), to);
    view->count = 0;
    for (k = first; k < first + 70; ++k) {
        double t = frame_time(k), p = (t - begin) / 1.0, y = 1, expected;
        int index = k - first;
        if (p < 1) AC_CHECK_OK(ac_timing_function_evaluate(&ease_out, p, 0, &y));
        expected = from + (to - from) * y;
        tick(engine, t);
        if (!AC_CHECK_NEAR(presentation_scalar(engine, layer, "percent"), expected, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
        /* Displayed once per tick while it animates (and once when it ends), with the value of
           that very tick: the custom property does not lag a frame behind the built-in one. */
        if (p <= 1 + 1e-9) {
            if (!AC_CHECK_EQ_INT(view->count, index + 1)) break;
            AC_CHECK_NEAR(view->percent[index], expected, 1e-9);
            AC_CHECK_NEAR(view->width[index], 3 * expected, 1e-9);
            AC_CHECK_EQ_INT(view->label[index], (int)floor(view->percent[index]));
            AC_CHECK_NEAR(view->bar_width[index], 3 * expected, 1e-9);
        }
    }
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "percent"), to);
    AC_CHECK_EQ_INT(view->label[view->count - 1], (int)to);
}

static void test_seed_001_percent(void) {
    ac_engine *engine = new_engine();
    ac_value zero = ac_value_scalar(0);
    ac_property_desc percent;
    ac_class layer_class = 0;
    ac_layer_delegate delegate;
    ac_layer layer;
    percent_view view;

    memset(&view, 0, sizeof view);
    /* @dynamic percent; +needsDisplayForKey: YES for "percent". No initWithLayer: needed. */
    ac_property_desc_init(&percent, "percent", &zero);
    percent.needs_display = 1;
    AC_CHECK_OK(ac_class_create(engine, "SWLayer", 0, &percent, 1, &layer_class));
    layer = new_layer(engine, layer_class);
    view.bar = new_layer(engine, 0);
    set_value(engine, layer, "frame", ac_value_rect(0, 0, 300, 20));
    set_value(engine, view.bar, "bounds", ac_value_rect(0, 0, 0, 20));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, layer, view.bar));
    /* The view is the layer's delegate: displayLayer:. */
    ac_layer_delegate_init(&delegate);
    delegate.display = percent_display;
    delegate.user_data = &view;
    AC_CHECK_OK(ac_layer_set_delegate(engine, layer, &delegate));
    set_scalar(engine, layer, "percent", 0); /* self.animView.percent = 0 */
    tick(engine, frame_time(0));
    AC_CHECK_EQ_INT(view.count, 0);

    run_percent_block(engine, layer, &view, 0, 100, 1);   /* ease out */
    run_percent_block(engine, layer, &view, 100, 0, 80);  /* and reverse */
    /* Outside a block, a change of a committed layer animates too (the built-in action). */
    set_scalar(engine, layer, "percent", 40);
    AC_CHECK_EQ_INT(animation_count(engine, layer), 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* 002: the arrow, inside a transaction with a duration and a completion block               */
/* ---------------------------------------------------------------------------------------- */

typedef struct go_button {
    int hidden;
    int completions;
    int finished;
    double time;
} go_button;

static void show_button(ac_engine *engine, int32_t finished, void *user_data) {
    go_button *button = (go_button *)user_data;
    button->hidden = 0; /* goButton.hidden = NO */
    button->completions++;
    button->finished = finished;
    AC_CHECK_OK(ac_engine_current_time(engine, &button->time));
}

static void test_seed_002_arrow_transaction(void) {
    ac_engine *engine = new_engine();
    ac_value zero = ac_value_scalar(0), from = ac_value_scalar(0), to = ac_value_scalar(2 * PI);
    ac_property_desc length;
    ac_class arrow_class = 0;
    ac_layer arrow;
    ac_animation animation = 0;
    ac_timing_function linear;
    ac_timing timing;
    go_button button = {0, 0, -1, 0};
    int k;

    ac_property_desc_init(&length, "lengthRadians", &zero);
    length.needs_display = 1;
    AC_CHECK_OK(ac_class_create(engine, "ArrowLayer", 0, &length, 1, &arrow_class));
    arrow = new_layer(engine, arrow_class);
    tick(engine, frame_time(0));

    /* goButtonWasTapped: */
    button.hidden = 1;
    AC_CHECK_OK(ac_transaction_begin(engine));                    /* [CATransaction begin] */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 2)); /* setAnimationDuration:2 */
    AC_CHECK_OK(ac_transaction_add_completion(engine, show_button, &button, NULL)); /* setCompletionBlock: */
    AC_CHECK_OK(ac_animation_create_basic(engine, "lengthRadians", &animation));
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    AC_CHECK_OK(ac_animation_set_timing_function(engine, animation, &linear));
    timing = get_timing(engine, animation); /* duration 0: the transaction's 2 s */
    timing.autoreverses = 1;
    set_timing(engine, animation, timing);
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from));
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to));
    AC_CHECK_OK(ac_layer_add_animation(engine, arrow, animation, "lengthRadians")); /* forKey: keyPath */
    AC_CHECK_OK(ac_animation_release(engine, animation));
    AC_CHECK_OK(ac_transaction_commit(engine));                   /* [CATransaction commit] */
    AC_CHECK_EQ_INT(button.completions, 0);

    /* Starts at frame 1: forward over 2 s, back over 2 s; the completion at the end. */
    for (k = 1; k <= 260; ++k) {
        double e = (k - 1) / 60.0, expected;
        tick(engine, frame_time(k));
        if (k < 241) AC_CHECK_EQ_INT(button.completions, 0);
        if (k == 121 || k == 241) continue;
        expected = k < 121 ? PI * e : k < 241 ? 2 * PI - PI * (e - 2) : 0;
        if (!AC_CHECK_NEAR(presentation_scalar(engine, arrow, "lengthRadians"), expected, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
    }
    AC_CHECK_EQ_INT(button.completions, 1);
    AC_CHECK_EQ_INT(button.finished, 1);
    AC_CHECK_EQ_INT(button.hidden, 0);
    AC_CHECK_NEAR(button.time, frame_time(241), 1e-9);
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(button.completions, 1);
}

/* ---------------------------------------------------------------------------------------- */
/* 004: the circle: radius and colour implicit animations, then a change in flight           */
/* ---------------------------------------------------------------------------------------- */

typedef struct circle_canvas {
    int draws;
    double radius;
    ac_value color;
} circle_canvas;

/* drawInContext: a disc of the presentation radius and colour. */
static void circle_draw(ac_engine *engine, ac_layer layer, void *user_data) {
    circle_canvas *canvas = (circle_canvas *)user_data;
    canvas->draws++;
    canvas->radius = presentation_scalar(engine, layer, "radius");
    canvas->color = presentation_value(engine, layer, "color");
}

/* -actionForKey: "radius": a CABasicAnimation from the presentation layer's radius; anything
   else: super (continue). */
static int32_t circle_action(ac_engine *engine, ac_layer layer, const char *key, ac_animation animation,
                             void *user_data) {
    (void)user_data;
    if (strcmp(key, "radius") == 0) {
        ac_value from = ac_value_scalar(presentation_scalar(engine, layer, "radius"));
        AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from));
        return AC_ACTION_ANIMATION;
    }
    return AC_ACTION_CONTINUE;
}

static void test_seed_004_circle(void) {
    ac_engine *engine = new_engine();
    ac_value fifty = ac_value_scalar(0), red = ac_value_color(1, 0, 0, 1);
    ac_property_desc properties[2];
    ac_class circle_class = 0;
    ac_layer view, circle;
    circle_canvas canvas;
    double radius_at_change, begin = frame_time(1), second_begin = frame_time(61);
    int k, draws_before;

    memset(&canvas, 0, sizeof canvas);
    ac_property_desc_init(&properties[0], "radius", &fifty);
    ac_property_desc_init(&properties[1], "color", &red);
    properties[0].needs_display = properties[1].needs_display = 1; /* +needsDisplayForKey: */
    AC_CHECK_OK(ac_class_create(engine, "CircleLayer", 0, properties, 2, &circle_class));
    AC_CHECK_OK(ac_class_set_display(engine, circle_class, circle_draw, &canvas, NULL));
    AC_CHECK_OK(ac_class_set_default_action(engine, circle_class, circle_action, NULL, NULL));

    /* viewDidLoad */
    view = new_layer(engine, 0);
    set_value(engine, view, "bounds", ac_value_rect(0, 0, 320, 480));
    circle = new_layer(engine, circle_class);
    AC_CHECK_OK(ac_layer_set_needs_display(engine, circle)); /* init: setNeedsDisplay */
    set_scalar(engine, circle, "radius", 50);
    set_value(engine, circle, "frame", ac_value_rect(0, 0, 320, 480));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, view, circle));
    tick(engine, frame_time(0));
    AC_CHECK_EQ_INT(canvas.draws, 1);
    AC_CHECK_EQ_DOUBLE(canvas.radius, 50);

    /* tap: */
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 2)); /* the implicit transaction */
    set_scalar(engine, circle, "radius", 100);
    set_value(engine, circle, "color", ac_value_color(0, 1, 0, 1)); /* greenColor */
    AC_CHECK_EQ_INT(animation_count(engine, circle), 2);
    for (k = 1; k <= 60; ++k) {
        double t = frame_time(k), p = (t - begin) / 2;
        tick(engine, t);
        /* The radius action has no curve: linear over the transaction's 2 s. */
        if (!AC_CHECK_NEAR(canvas.radius, 50 + 50 * p, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
        AC_CHECK_EQ_INT(canvas.draws, 1 + k);
    }
    /* Change in flight (dispatch_after 1 s). */
    radius_at_change = presentation_scalar(engine, circle, "radius");
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    set_value(engine, circle, "position", ac_value_point(0, 0)); /* CGPointZero */
    set_scalar(engine, circle, "radius", 25);
    draws_before = canvas.draws;
    for (k = 61; k <= 200; ++k) {
        double t = frame_time(k), p = (t - second_begin) / 1, colour_p = (t - begin) / 2, g;
        tick(engine, t);
        if (p > 1) p = 1;
        /* The radius continues from where it was, to 25 over 1 s: no jump. */
        if (!AC_CHECK_NEAR(canvas.radius, radius_at_change + (25 - radius_at_change) * p, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
        /* The colour keeps its 2 s animation (the built-in action: the default curve). */
        if (colour_p > 1) colour_p = 1;
        {
            ac_timing_function curve;
            AC_CHECK_OK(ac_timing_function_named("default", &curve));
            AC_CHECK_OK(ac_timing_function_evaluate(&curve, colour_p, 0, &g));
        }
        if (!AC_CHECK_NEAR(canvas.color.v[1], g, 1e-9) || !AC_CHECK_NEAR(canvas.color.v[0], 1 - g, 1e-9)) {
            printf("    frame %d\n", k);
            break;
        }
    }
    /* Redrawn every tick until the last animation ended (frame 121), then not again. */
    AC_CHECK(canvas.draws - draws_before >= 60 && canvas.draws - draws_before <= 62);
    AC_CHECK_EQ_DOUBLE(canvas.radius, 25);
    AC_CHECK(canvas.color.v[0] == 0 && canvas.color.v[1] == 1);
    AC_CHECK(ac_value_point(0, 0).v[0] == presentation_value(engine, circle, "position").v[0]);
    AC_CHECK_EQ_INT(animation_count(engine, circle), 0);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_seed_000_clock();
    test_seed_000_audio();
    test_seed_002_arrow();
    test_seed_003_ship();
    test_seed_003_door();
    test_seed_003_offset_speed();
    test_seed_003_scrub();
    test_seed_003_pause_resume();
    test_seed_001_percent();
    test_seed_002_arrow_transaction();
    test_seed_004_circle();
    return ac_test_finish();
}
