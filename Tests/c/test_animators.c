/*
 * Animators (UIViewPropertyAnimator, Web Animations' Animation) through ac_animator_*: seed
 * 003's door scrubbed by a drag then continued, the state machine, fraction_complete after a
 * reverse, rate 2 and -1, finish at the end / start / current position, cancel, completions
 * once with their position (also at the end reached by the clock), continuing with a curve and
 * a spring without a jump, several layers, a group, references and the refused inputs.
 */
#include "ac_engine_test.h"

#define ROTATION "transform.rotation.y"
#define OPEN (-PI / 2)

typedef struct ending {
    int calls;
    int32_t position;
    int destroyed;
} ending;

static void on_end(ac_engine *engine, int32_t position, void *user_data) {
    (void)engine;
    ending *log = (ending *)user_data;
    log->calls++;
    log->position = position;
}

static void on_destroy(void *user_data) { ((ending *)user_data)->destroyed++; }

static ac_animator_info info_of(ac_engine *engine, ac_animator animator) {
    ac_animator_info info;
    info.struct_size = (uint32_t)sizeof info;
    AC_CHECK_OK(ac_animator_get_info(engine, animator, &info));
    return info;
}

/* Seed 003's door, committed at T0, and an animator of 1 s, linear, whose block swings it open. */
typedef struct door {
    ac_engine *engine;
    ac_layer layer;
    ac_animator animator;
    ending end;
} door;

static void make_door(door *d) {
    ac_timing_function linear;
    d->engine = new_engine();
    d->layer = new_layer(d->engine, 0);
    set_value(d->engine, d->layer, "anchorPoint", ac_value_point(0, 0.5));
    tick(d->engine, T0);
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    AC_CHECK_OK(ac_animator_create(d->engine, 1.0, &linear, &d->animator));
    AC_CHECK_OK(ac_animator_begin(d->engine, d->animator));
    set_scalar(d->engine, d->layer, ROTATION, OPEN);
    AC_CHECK_OK(ac_animator_commit(d->engine, d->animator));
    d->end = (ending){0, -1, 0};
    AC_CHECK_OK(ac_animator_add_completion(d->engine, d->animator, on_end, &d->end, on_destroy));
}

static void end_door(door *d) {
    AC_CHECK_OK(ac_animator_release(d->engine, d->animator));
    AC_CHECK_OK(ac_engine_destroy(d->engine));
}

static double angle(door *d) { return presentation_scalar(d->engine, d->layer, ROTATION); }

static void test_door_scrubbed_then_continued(void) {
    door d;
    double before;
    make_door(&d);
    AC_CHECK_EQ_INT(info_of(d.engine, d.animator).state, AC_ANIMATOR_INACTIVE);
    AC_CHECK_EQ_INT(info_of(d.engine, d.animator).animation_count, 1);
    tick(d.engine, T0 + 0.5);
    AC_CHECK_NEAR(angle(&d), 0, 1e-12); /* held at its start */
    AC_CHECK_NEAR(model_scalar(d.engine, d.layer, ROTATION), OPEN, 1e-12);
    AC_CHECK_OK(ac_animator_pause(d.engine, d.animator));
    AC_CHECK_EQ_INT(info_of(d.engine, d.animator).state, AC_ANIMATOR_PAUSED);
    {
        const double drags[] = {0.2, 0.45, 0.3};
        for (int k = 0; k < 3; k++) {
            AC_CHECK_OK(ac_animator_set_fraction_complete(d.engine, d.animator, drags[k]));
            tick(d.engine, T0 + 0.6 + 0.1 * k);
            AC_CHECK_NEAR(angle(&d), OPEN * drags[k], 1e-12);
            AC_CHECK_EQ_DOUBLE(info_of(d.engine, d.animator).fraction_complete, drags[k]);
        }
    }
    before = angle(&d);
    {
        ac_timing_function ease_out;
        AC_CHECK_OK(ac_timing_function_named("ease_out", &ease_out));
        AC_CHECK_OK(ac_animator_continue(d.engine, d.animator, &ease_out, 1.0));
    }
    tick(d.engine, T0 + 0.8); /* the same time: no jump */
    AC_CHECK_NEAR(angle(&d), before, 1e-12);
    AC_CHECK_EQ_INT(info_of(d.engine, d.animator).state, AC_ANIMATOR_RUNNING);
    tick(d.engine, T0 + 1.6); /* 0.7 s left */
    AC_CHECK_EQ_INT(d.end.calls, 1);
    AC_CHECK_EQ_INT(d.end.position, AC_ANIMATOR_POSITION_END);
    AC_CHECK_EQ_INT(info_of(d.engine, d.animator).state, AC_ANIMATOR_FINISHED);
    AC_CHECK_NEAR(angle(&d), OPEN, 1e-12);
    AC_CHECK_EQ_INT((int)animation_count(d.engine, d.layer), 0);
    tick(d.engine, T0 + 2);
    AC_CHECK_EQ_INT(d.end.calls, 1);
    /* The animator's state, named as the animator (not the engine). */
    EXPECT_ERROR(ac_animator_start(d.engine, d.animator), AC_ERR_INVALID_STATE, "animator: the animator has finished");
    end_door(&d);
    AC_CHECK_EQ_INT(d.end.destroyed, 1);
}

static void test_runs_to_its_end(void) {
    door d;
    make_door(&d);
    AC_CHECK_OK(ac_animator_start(d.engine, d.animator));
    tick(d.engine, T0 + 0.5);
    AC_CHECK_NEAR(angle(&d), OPEN / 2, 1e-12);
    AC_CHECK_NEAR(info_of(d.engine, d.animator).fraction_complete, 0.5, 1e-12);
    AC_CHECK_EQ_INT(d.end.calls, 0);
    tick(d.engine, T0 + 1);
    AC_CHECK_EQ_INT(d.end.calls, 1);
    AC_CHECK_EQ_INT(d.end.position, AC_ANIMATOR_POSITION_END);
    end_door(&d);
}

static void test_reverse_and_rates(void) {
    door d;
    ac_animator_info info;
    make_door(&d);
    AC_CHECK_OK(ac_animator_start(d.engine, d.animator));
    tick(d.engine, T0 + 0.6);
    AC_CHECK_OK(ac_animator_set_reversed(d.engine, d.animator, 1));
    info = info_of(d.engine, d.animator);
    AC_CHECK_EQ_INT(info.reversed, 1);
    AC_CHECK_NEAR(info.fraction_complete, 0.6, 1e-12);
    tick(d.engine, T0 + 0.9);
    AC_CHECK_NEAR(info_of(d.engine, d.animator).fraction_complete, 0.3, 1e-12);
    AC_CHECK_NEAR(angle(&d), OPEN * 0.3, 1e-12);
    AC_CHECK_OK(ac_animator_set_rate(d.engine, d.animator, -2)); /* reversed twice: forwards */
    tick(d.engine, T0 + 1.0);
    AC_CHECK_NEAR(info_of(d.engine, d.animator).fraction_complete, 0.5, 1e-12);
    AC_CHECK_EQ_DOUBLE(info_of(d.engine, d.animator).rate, -2);
    AC_CHECK_OK(ac_animator_set_reversed(d.engine, d.animator, 0)); /* rate -2: back */
    tick(d.engine, T0 + 1.25);
    AC_CHECK_EQ_INT(d.end.calls, 1);
    AC_CHECK_EQ_INT(d.end.position, AC_ANIMATOR_POSITION_START);
    AC_CHECK_NEAR(model_scalar(d.engine, d.layer, ROTATION), 0, 1e-12);
    AC_CHECK_NEAR(angle(&d), 0, 1e-12);
    end_door(&d);
}

static void test_finish_positions(void) {
    const int32_t positions[] = {AC_ANIMATOR_POSITION_END, AC_ANIMATOR_POSITION_START, AC_ANIMATOR_POSITION_CURRENT};
    const double fractions[] = {1, 0, 0.4};
    for (int k = 0; k < 3; k++) {
        door d;
        make_door(&d);
        AC_CHECK_OK(ac_animator_start(d.engine, d.animator));
        tick(d.engine, T0 + 0.4);
        AC_CHECK_OK(ac_animator_finish(d.engine, d.animator, positions[k]));
        AC_CHECK_NEAR(model_scalar(d.engine, d.layer, ROTATION), OPEN * fractions[k], 1e-12);
        AC_CHECK_NEAR(angle(&d), OPEN * fractions[k], 1e-12);
        AC_CHECK_EQ_INT(d.end.calls, 0); /* delivered by a tick */
        tick(d.engine, T0 + 0.5);
        AC_CHECK_EQ_INT(d.end.calls, 1);
        AC_CHECK_EQ_INT(d.end.position, positions[k]);
        AC_CHECK_NEAR(angle(&d), OPEN * fractions[k], 1e-12); /* nothing snaps back */
        end_door(&d);
    }
}

static void test_cancel(void) {
    door d;
    make_door(&d);
    AC_CHECK_OK(ac_animator_start(d.engine, d.animator));
    tick(d.engine, T0 + 0.3);
    AC_CHECK_OK(ac_animator_cancel(d.engine, d.animator));
    tick(d.engine, T0 + 0.4);
    AC_CHECK_EQ_INT(d.end.calls, 1);
    AC_CHECK_EQ_INT(d.end.position, AC_ANIMATOR_POSITION_CANCELLED);
    AC_CHECK_NEAR(model_scalar(d.engine, d.layer, ROTATION), OPEN, 1e-12);
    AC_CHECK_NEAR(angle(&d), OPEN, 1e-12);
    EXPECT_ERROR(ac_animator_cancel(d.engine, d.animator), AC_ERR_INVALID_STATE, "finished");
    end_door(&d);
}

static void test_continue_with_spring(void) {
    door d;
    ac_spring spring;
    double early, now, after;
    const double step = 1.0 / 240, instant = 1e-6;
    make_door(&d);
    AC_CHECK_OK(ac_animator_start(d.engine, d.animator));
    tick(d.engine, T0 + 0.5 - step);
    early = angle(&d);
    tick(d.engine, T0 + 0.5);
    now = angle(&d);
    ac_spring_init(&spring);
    spring.stiffness = 200;
    spring.damping = 30;
    AC_CHECK_OK(ac_animator_continue_with_spring(d.engine, d.animator, &spring));
    tick(d.engine, T0 + 0.5);
    AC_CHECK_NEAR(angle(&d), now, 1e-12);
    tick(d.engine, T0 + 0.5 + instant);
    after = angle(&d);
    AC_CHECK_NEAR((after - now) / instant, (now - early) / step, 0.01 * PI / 2);
    for (int k = 1; k < 400 && d.end.calls == 0; k++) tick(d.engine, T0 + 0.5 + k / 60.0);
    AC_CHECK_EQ_INT(d.end.calls, 1);
    AC_CHECK_EQ_INT(d.end.position, AC_ANIMATOR_POSITION_END);
    end_door(&d);
}

static void test_layers_and_group(void) {
    ac_engine *engine = new_engine();
    ac_layer a = new_layer(engine, 0), b = new_layer(engine, 0);
    ac_animator animator = 0;
    ac_animation children[2], group = 0;
    ac_timing timing;
    ac_timing_function linear;
    tick(engine, T0);
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    AC_CHECK_OK(ac_animator_create(engine, 2.0, &linear, &animator));
    AC_CHECK_OK(ac_animator_begin(engine, animator));
    set_scalar(engine, a, "opacity", 0);
    AC_CHECK_OK(ac_animator_commit(engine, animator));
    children[0] = scalar_animation(engine, "opacity", 1, 1, 1, 0, 0, 0, 0);
    children[1] = scalar_animation(engine, "position.x", 1, 0, 1, 50, 0, 0, 0);
    AC_CHECK_OK(ac_animation_create_group(engine, &group));
    AC_CHECK_OK(ac_animation_set_children(engine, group, children, 2));
    ac_timing_init_animation(&timing);
    timing.duration_s = 2;
    AC_CHECK_OK(ac_animation_set_timing(engine, group, &timing));
    AC_CHECK_OK(ac_animator_add_animation(engine, animator, b, group, "g"));
    AC_CHECK_EQ_INT(info_of(engine, animator).animation_count, 2);
    AC_CHECK_OK(ac_animator_set_fraction_complete(engine, animator, 0.25));
    tick(engine, T0 + 1);
    AC_CHECK_NEAR(presentation_scalar(engine, a, "opacity"), 0.75, 1e-9);
    AC_CHECK_NEAR(presentation_scalar(engine, b, "position.x"), 12.5, 1e-9);
    AC_CHECK_OK(ac_animator_finish(engine, animator, AC_ANIMATOR_POSITION_END));
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, b, "opacity"), 0);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, b, "position.x"), 50);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, a, "opacity"), 0);
    for (int k = 0; k < 2; k++) AC_CHECK_OK(ac_animation_release(engine, children[k]));
    AC_CHECK_OK(ac_animation_release(engine, group));
    AC_CHECK_OK(ac_animator_release(engine, animator));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_references(void) {
    door d;
    ac_animator other_animator = 0;
    ac_engine *other = new_engine();
    make_door(&d);
    AC_CHECK_OK(ac_animator_retain(d.engine, d.animator));
    AC_CHECK_OK(ac_animator_start(d.engine, d.animator));
    AC_CHECK_OK(ac_animator_release(d.engine, d.animator));
    AC_CHECK_OK(ac_animator_release(d.engine, d.animator)); /* the last: it runs on */
    /* Released: the handle is stale at once, though the animator still runs. */
    EXPECT_ERROR(ac_animator_release(d.engine, d.animator), AC_ERR_BAD_HANDLE, "animator");
    EXPECT_ERROR(ac_animator_pause(d.engine, d.animator), AC_ERR_BAD_HANDLE, "animator");
    EXPECT_ERROR(ac_animator_retain(d.engine, d.animator), AC_ERR_BAD_HANDLE, "animator");
    tick(d.engine, T0 + 1);
    AC_CHECK_EQ_INT(d.end.calls, 1);
    AC_CHECK_EQ_INT(d.end.position, AC_ANIMATOR_POSITION_END);
    EXPECT_ERROR(ac_animator_start(d.engine, d.animator), AC_ERR_BAD_HANDLE, "animator");
    EXPECT_ERROR(ac_animator_release(d.engine, d.animator), AC_ERR_BAD_HANDLE, "animator");
    AC_CHECK_OK(ac_animator_release(d.engine, 0));
    AC_CHECK_OK(ac_animator_create(other, 1, NULL, &other_animator));
    EXPECT_ERROR(ac_animator_pause(d.engine, other_animator), AC_ERR_BAD_HANDLE, "animator");
    EXPECT_ERROR(ac_animator_pause(d.engine, 42), AC_ERR_BAD_HANDLE, "animator");
    AC_CHECK_OK(ac_engine_destroy(other)); /* the animator goes with it */
    AC_CHECK_OK(ac_engine_destroy(d.engine));
    AC_CHECK_EQ_INT(d.end.destroyed, 1);
}

static void test_paused_release_and_destroy(void) {
    door d;
    make_door(&d);
    AC_CHECK_OK(ac_animator_set_fraction_complete(d.engine, d.animator, 0.5));
    AC_CHECK_OK(ac_animator_release(d.engine, d.animator)); /* paused, no reference: cancelled */
    tick(d.engine, T0 + 0.1);
    AC_CHECK_EQ_INT(d.end.calls, 1);
    AC_CHECK_EQ_INT(d.end.position, AC_ANIMATOR_POSITION_CANCELLED);
    AC_CHECK_OK(ac_engine_destroy(d.engine));
    make_door(&d);
    AC_CHECK_OK(ac_animator_start(d.engine, d.animator));
    AC_CHECK_OK(ac_engine_destroy(d.engine)); /* not ended: cancelled during destroy */
    AC_CHECK_EQ_INT(d.end.calls, 1);
    AC_CHECK_EQ_INT(d.end.position, AC_ANIMATOR_POSITION_CANCELLED);
    AC_CHECK_EQ_INT(d.end.destroyed, 1);
}

static void test_bad_input(void) {
    door d;
    ac_animator_info info;
    ac_spring spring;
    ac_animation forever = 0;
    ac_timing timing;
    make_door(&d);
    EXPECT_ERROR(ac_animator_set_fraction_complete(d.engine, d.animator, NAN), AC_ERR_NOT_FINITE, "fraction");
    EXPECT_ERROR(ac_animator_set_fraction_complete(d.engine, d.animator, 1.5), AC_ERR_OUT_OF_RANGE, "fraction");
    EXPECT_ERROR(ac_animator_seek(d.engine, d.animator, -1), AC_ERR_OUT_OF_RANGE, "time");
    EXPECT_ERROR(ac_animator_set_rate(d.engine, d.animator, INFINITY), AC_ERR_NOT_FINITE, "rate");
    EXPECT_ERROR(ac_animator_set_rate(d.engine, d.animator, 1e7), AC_ERR_OUT_OF_RANGE, "rate");
    EXPECT_ERROR(ac_animator_set_reversed(d.engine, d.animator, 2), AC_ERR_OUT_OF_RANGE, "reversed");
    EXPECT_ERROR(ac_animator_continue(d.engine, d.animator, NULL, 0), AC_ERR_OUT_OF_RANGE, "durationFactor");
    EXPECT_ERROR(ac_animator_continue(d.engine, d.animator, NULL, NAN), AC_ERR_NOT_FINITE, "durationFactor");
    EXPECT_ERROR(ac_animator_continue_with_spring(d.engine, d.animator, NULL), AC_ERR_NULL_POINTER, "spring");
    ac_spring_init(&spring);
    spring.mass = -1;
    EXPECT_ERROR(ac_animator_continue_with_spring(d.engine, d.animator, &spring), AC_ERR_OUT_OF_RANGE, "mass");
    EXPECT_ERROR(ac_animator_finish(d.engine, d.animator, 7), AC_ERR_OUT_OF_RANGE, "position");
    EXPECT_ERROR(ac_animator_finish(d.engine, d.animator, AC_ANIMATOR_POSITION_CANCELLED), AC_ERR_INVALID_ARGUMENT,
                 "cancel");
    EXPECT_ERROR(ac_animator_get_info(d.engine, d.animator, NULL), AC_ERR_NULL_POINTER, "out_info");
    info.struct_size = 3;
    EXPECT_ERROR(ac_animator_get_info(d.engine, d.animator, &info), AC_ERR_BAD_STRUCT_SIZE, "out_info");
    EXPECT_ERROR(ac_animator_create(d.engine, NAN, NULL, &d.animator), AC_ERR_NOT_FINITE, "duration");
    EXPECT_ERROR(ac_animator_create(d.engine, 1, NULL, NULL), AC_ERR_NULL_POINTER, "out_animator");
    EXPECT_ERROR(ac_animator_commit(d.engine, d.animator), AC_ERR_INVALID_STATE, "animator: no block");
    forever = scalar_animation(d.engine, "opacity", 0, 0, 1, 0, 0, 0, 1);
    timing = get_timing(d.engine, forever);
    timing.repeat_count = INFINITY;
    set_timing(d.engine, forever, timing);
    EXPECT_ERROR(ac_animator_add_animation(d.engine, d.animator, d.layer, forever, NULL), AC_ERR_INVALID_ARGUMENT,
                 "repeats forever");
    AC_CHECK_OK(ac_animator_start(d.engine, d.animator));
    EXPECT_ERROR(ac_animator_begin(d.engine, d.animator), AC_ERR_INVALID_STATE, "animator: the animator is running");
    EXPECT_ERROR(ac_animator_add_animation(d.engine, d.animator, d.layer, forever, NULL), AC_ERR_INVALID_STATE,
                 "animator: the animator is running");
    EXPECT_ERROR(ac_animator_start(NULL, d.animator), AC_ERR_NULL_POINTER, "engine");
    AC_CHECK_OK(ac_animation_release(d.engine, forever));
    end_door(&d);
}

static void test_continue_refused_and_completion_refused(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animator animator = 0;
    ac_animation keyframes = 0;
    ac_value values[3];
    ac_timing_function linear;
    ending end = {0, -1, 0};
    tick(engine, T0);
    AC_CHECK_OK(ac_animator_create(engine, 1.0, NULL, &animator));
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "opacity", &keyframes));
    values[0] = ac_value_scalar(1);
    values[1] = ac_value_scalar(0);
    values[2] = ac_value_scalar(1);
    AC_CHECK_OK(ac_animation_set_values(engine, keyframes, values, 3));
    AC_CHECK_OK(ac_animator_add_animation(engine, animator, layer, keyframes, "k"));
    AC_CHECK_OK(ac_animator_set_fraction_complete(engine, animator, 0.25));
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    EXPECT_ERROR(ac_animator_continue(engine, animator, &linear, 1.0), AC_ERR_INVALID_ARGUMENT, "opacity");
    AC_CHECK_EQ_INT(info_of(engine, animator).state, AC_ANIMATOR_PAUSED); /* nothing changed */
    AC_CHECK_OK(ac_animator_continue(engine, animator, NULL, 2.0));     /* the time left x 2 */
    tick(engine, T0 + 0.75);
    AC_CHECK_NEAR(info_of(engine, animator).fraction_complete, 0.625, 1e-12);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 0.25, 1e-12);
    AC_CHECK_OK(ac_animator_cancel(engine, animator));
    /* A refused registration keeps its user_data: destroy does not run. */
    EXPECT_ERROR(ac_animator_add_completion(engine, animator, on_end, &end, on_destroy), AC_ERR_INVALID_STATE,
                 "finished");
    AC_CHECK_EQ_INT(end.destroyed, 0);
    /* fn NULL: destroy runs at once. */
    AC_CHECK_OK(ac_animator_add_completion(engine, animator, NULL, &end, on_destroy));
    AC_CHECK_EQ_INT(end.destroyed, 1);
    AC_CHECK_OK(ac_animation_release(engine, keyframes));
    AC_CHECK_OK(ac_animator_release(engine, animator));
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(end.calls, 0);
}

/* An animator holding a transition (which writes no property): finished at each position and
 * run to its end on a tick, the model keeps what the others show and nothing traps. */
static void test_transition_member(void) {
    for (int32_t position = AC_ANIMATOR_POSITION_END; position <= AC_ANIMATOR_POSITION_CURRENT + 1; ++position) {
        ac_engine *engine = new_engine();
        ac_layer layer = new_layer(engine, 0);
        ac_animator animator = 0;
        ac_animation transition = 0, fade = 0;
        ac_value from = ac_value_scalar(1), to = ac_value_scalar(0.5);
        tick(engine, T0);
        AC_CHECK_OK(ac_animator_create(engine, 0.5, NULL, &animator));
        AC_CHECK_OK(ac_animation_create_transition(engine, &transition));
        AC_CHECK_OK(ac_animation_create_basic(engine, "opacity", &fade));
        AC_CHECK_OK(ac_animation_set_value(engine, fade, AC_ANIMATION_FROM, &from));
        AC_CHECK_OK(ac_animation_set_value(engine, fade, AC_ANIMATION_TO, &to));
        AC_CHECK_OK(ac_animator_add_animation(engine, animator, layer, transition, NULL));
        AC_CHECK_OK(ac_animator_add_animation(engine, animator, layer, fade, "fade"));
        if (position <= AC_ANIMATOR_POSITION_CURRENT) { /* finished at a position */
            AC_CHECK_OK(ac_animator_set_fraction_complete(engine, animator, 0.5));
            AC_CHECK_OK(ac_animator_finish(engine, animator, position));
        } else { /* run to its end */
            AC_CHECK_OK(ac_animator_start(engine, animator));
            tick(engine, T0 + 0.1);
            tick(engine, T0 + 1);
        }
        AC_CHECK_EQ_INT(info_of(engine, animator).state, AC_ANIMATOR_FINISHED);
        AC_CHECK_NEAR(model_scalar(engine, layer, "opacity"),
                      position == AC_ANIMATOR_POSITION_START ? 1 : position == AC_ANIMATOR_POSITION_CURRENT ? 0.75 : 0.5,
                      1e-12);
        AC_CHECK_OK(ac_animation_release(engine, transition));
        AC_CHECK_OK(ac_animation_release(engine, fade));
        AC_CHECK_OK(ac_animator_release(engine, animator));
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

/* A block: control calls inside are refused; a release inside still lets the commit close the
 * transaction (then the handle is reported stale). */
static void test_block_guards(void) {
    ac_timing_function linear;
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animator animator = 0;
    tick(engine, T0);
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    AC_CHECK_OK(ac_animator_create(engine, 1.0, &linear, &animator));
    AC_CHECK_OK(ac_animator_begin(engine, animator));
    set_scalar(engine, layer, ROTATION, OPEN);
    EXPECT_ERROR(ac_animator_start(engine, animator), AC_ERR_INVALID_STATE, "block");
    EXPECT_ERROR(ac_animator_cancel(engine, animator), AC_ERR_INVALID_STATE, "block");
    EXPECT_ERROR(ac_animator_set_fraction_complete(engine, animator, 0.5), AC_ERR_INVALID_STATE, "block");
    AC_CHECK_OK(ac_animator_release(engine, animator));
    EXPECT_ERROR(ac_animator_commit(engine, animator), AC_ERR_BAD_HANDLE, "animator");
    /* The block's transaction was committed: none is left open. */
    EXPECT_ERROR(ac_transaction_commit(engine), AC_ERR_INVALID_STATE, "transaction");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* A paused animator scrubbed to fraction 1 holds its animation at its end without ending it
 * (UIViewPropertyAnimator: still active; Web Animations: "paused", not "finished"): no did-stop
 * until it is finished; then exactly one. */
static void test_paused_at_fraction_one_not_ended(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animator animator;
    ac_animation fade;
    ac_timing_function linear;
    ac_value from = ac_value_scalar(1), to = ac_value_scalar(0);
    ending end = {0, -1, 0};
    counters c;
    memset(&c, 0, sizeof c);
    tick(engine, T0);
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    AC_CHECK_OK(ac_animator_create(engine, 1.0, &linear, &animator));
    AC_CHECK_OK(ac_animation_create_basic(engine, "opacity", &fade));
    AC_CHECK_OK(ac_animation_set_value(engine, fade, AC_ANIMATION_FROM, &from));
    AC_CHECK_OK(ac_animation_set_value(engine, fade, AC_ANIMATION_TO, &to));
    count_animation(engine, fade, &c);
    AC_CHECK_OK(ac_animator_add_animation(engine, animator, layer, fade, "fade"));
    AC_CHECK_OK(ac_animation_release(engine, fade));
    AC_CHECK_OK(ac_animator_add_completion(engine, animator, on_end, &end, NULL));
    AC_CHECK_OK(ac_animator_set_fraction_complete(engine, animator, 1.0));
    for (int k = 1; k <= 3; k++) {
        tick(engine, T0 + 0.5 * k);
        AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, layer, "opacity"), 0);
        AC_CHECK_EQ_INT(c.stopped_finished + c.stopped_unfinished, 0);
        AC_CHECK_EQ_INT(info_of(engine, animator).state, AC_ANIMATOR_PAUSED);
        AC_CHECK_EQ_DOUBLE(info_of(engine, animator).fraction_complete, 1);
        AC_CHECK_EQ_INT(info_of(engine, animator).animation_count, 1);
    }
    AC_CHECK_OK(ac_animator_start(engine, animator)); /* at its end: ends in the next tick */
    tick(engine, T0 + 2);
    AC_CHECK_EQ_INT(c.stopped_finished, 1);
    AC_CHECK_EQ_INT(end.calls, 1);
    AC_CHECK_EQ_INT(end.position, AC_ANIMATOR_POSITION_END);
    tick(engine, T0 + 3);
    AC_CHECK_EQ_INT(c.stopped_finished + c.stopped_unfinished, 1);
    AC_CHECK_OK(ac_animator_release(engine, animator));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* A sequence on one key path (1 -> 0.5 over the animator's first second, 0.5 -> 0 over its
 * second), paused and scrubbed past the first's end: the first is held at its end without a
 * did-stop (paused is not finished), shows again when scrubbed back, and ends once when the
 * running clock passes its end. */
static void test_scrubbed_past_a_part_not_ended(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animator animator;
    ac_timing_function linear;
    counters first, second;
    memset(&first, 0, sizeof first);
    memset(&second, 0, sizeof second);
    tick(engine, T0);
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    AC_CHECK_OK(ac_animator_create(engine, 2.0, &linear, &animator));
    for (int part = 0; part < 2; part++) {
        ac_animation fade;
        ac_value from = ac_value_scalar(part ? 0.5 : 1), to = ac_value_scalar(part ? 0 : 0.5);
        ac_timing timing;
        AC_CHECK_OK(ac_timing_init_animation(&timing));
        timing.duration_s = 1;
        timing.begin_time_s = part ? T0 + 1 : 0; /* the second begins 1 s into the animator */
        AC_CHECK_OK(ac_animation_create_basic(engine, "opacity", &fade));
        AC_CHECK_OK(ac_animation_set_value(engine, fade, AC_ANIMATION_FROM, &from));
        AC_CHECK_OK(ac_animation_set_value(engine, fade, AC_ANIMATION_TO, &to));
        AC_CHECK_OK(ac_animation_set_timing(engine, fade, &timing));
        count_animation(engine, fade, part ? &second : &first);
        AC_CHECK_OK(ac_animator_add_animation(engine, animator, layer, fade, NULL));
        AC_CHECK_OK(ac_animation_release(engine, fade));
    }
    AC_CHECK_OK(ac_animator_set_fraction_complete(engine, animator, 0.9));
    tick(engine, T0 + 0.1);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 0.1, 1e-12);
    AC_CHECK_EQ_INT(first.stopped_finished + first.stopped_unfinished, 0);
    AC_CHECK_OK(ac_animator_set_fraction_complete(engine, animator, 0.25));
    tick(engine, T0 + 0.2);
    AC_CHECK_NEAR(presentation_scalar(engine, layer, "opacity"), 0.75, 1e-12);
    AC_CHECK_EQ_INT(first.stopped_finished + first.stopped_unfinished, 0);
    AC_CHECK_OK(ac_animator_set_fraction_complete(engine, animator, 0.75));
    AC_CHECK_OK(ac_animator_start(engine, animator));
    tick(engine, T0 + 0.3); /* the clock at 1.6 s: past the first's end */
    AC_CHECK_EQ_INT(first.stopped_finished, 1);
    AC_CHECK_EQ_INT(second.stopped_finished + second.stopped_unfinished, 0);
    tick(engine, T0 + 1);
    AC_CHECK_EQ_INT(first.stopped_finished + first.stopped_unfinished, 1);
    AC_CHECK_EQ_INT(second.stopped_finished, 1);
    AC_CHECK_OK(ac_animator_release(engine, animator));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Continuing with a spring over animations of 1 s and 0.4 s, one on a layer at speed 2: each
 * keeps its value, and moves on at the velocity it had (per second of its layer's time). */
static void test_continue_with_spring_per_animation(void) {
    ac_engine *engine = new_engine();
    ac_layer layers[3];
    const double durations[3] = {1.0, 0.4, 1.0}, speeds[3] = {1, 1, 2}, velocities[3] = {100, 250, 50};
    double before[3], after[3];
    const double step = 1e-5;
    ac_animator animator;
    ac_timing_function linear;
    ac_spring spring;
    ac_value from = ac_value_scalar(0), to = ac_value_scalar(100);
    for (int k = 0; k < 3; k++) {
        layers[k] = new_layer(engine, 0);
        set_scalar(engine, layers[k], "speed", speeds[k]);
    }
    tick(engine, T0);
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    AC_CHECK_OK(ac_animator_create(engine, 1.0, &linear, &animator));
    for (int k = 0; k < 3; k++) {
        ac_animation move;
        ac_timing timing;
        AC_CHECK_OK(ac_animation_create_basic(engine, "position.x", &move));
        AC_CHECK_OK(ac_animation_set_value(engine, move, AC_ANIMATION_FROM, &from));
        AC_CHECK_OK(ac_animation_set_value(engine, move, AC_ANIMATION_TO, &to));
        AC_CHECK_OK(ac_timing_init_animation(&timing));
        timing.duration_s = durations[k];
        AC_CHECK_OK(ac_animation_set_timing(engine, move, &timing));
        AC_CHECK_OK(ac_animator_add_animation(engine, animator, layers[k], move, NULL));
        AC_CHECK_OK(ac_animation_release(engine, move));
    }
    AC_CHECK_OK(ac_animator_start(engine, animator));
    tick(engine, T0 + 0.25);
    for (int k = 0; k < 3; k++) before[k] = presentation_scalar(engine, layers[k], "position.x");
    ac_spring_init(&spring);
    spring.stiffness = 120;
    spring.damping = 14;
    AC_CHECK_OK(ac_animator_continue_with_spring(engine, animator, &spring));
    tick(engine, T0 + 0.25);
    for (int k = 0; k < 3; k++) AC_CHECK_NEAR(presentation_scalar(engine, layers[k], "position.x"), before[k], 1e-9);
    tick(engine, T0 + 0.25 + step);
    for (int k = 0; k < 3; k++) {
        after[k] = presentation_scalar(engine, layers[k], "position.x");
        AC_CHECK_NEAR((after[k] - before[k]) / (step * speeds[k]), velocities[k], 3e-3 * velocities[k]);
    }
    AC_CHECK_OK(ac_animator_release(engine, animator)); /* running: runs on to its end */
    for (int f = 1; f < 1200; f++) tick(engine, T0 + 0.25 + f / 60.0);
    for (int k = 0; k < 3; k++) AC_CHECK_NEAR(presentation_scalar(engine, layers[k], "position.x"), 100, 1e-9);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* The velocity of a part computed from a transform is the part's own: the door turning at
 * -pi/2 per second reads -pi/2 for transform.rotation.y (not the part read out of the matrix's
 * velocity); and continuing with a spring keeps it. */
static void test_rotation_velocity_kept_by_spring(void) {
    door d;
    ac_key key;
    ac_value velocity;
    ac_spring spring;
    double before;
    const double step = 1e-5;
    make_door(&d);
    AC_CHECK_OK(ac_engine_key(d.engine, ROTATION, &key));
    AC_CHECK_OK(ac_animator_start(d.engine, d.animator));
    tick(d.engine, T0 + 0.5);
    AC_CHECK_OK(ac_layer_get_presentation_velocity(d.engine, d.layer, key, &velocity));
    AC_CHECK_NEAR(velocity.v[0], -PI / 2, 1e-6);
    before = angle(&d);
    ac_spring_init(&spring);
    spring.stiffness = 200;
    spring.damping = 30;
    AC_CHECK_OK(ac_animator_continue_with_spring(d.engine, d.animator, &spring));
    tick(d.engine, T0 + 0.5 + step);
    AC_CHECK_NEAR((angle(&d) - before) / step, -PI / 2, 1e-3 * PI / 2);
    end_door(&d);
}

int main(void) {
    test_door_scrubbed_then_continued();
    test_runs_to_its_end();
    test_reverse_and_rates();
    test_finish_positions();
    test_cancel();
    test_continue_with_spring();
    test_layers_and_group();
    test_references();
    test_paused_release_and_destroy();
    test_bad_input();
    test_continue_refused_and_completion_refused();
    test_block_guards();
    test_paused_at_fraction_one_not_ended();
    test_scrubbed_past_a_part_not_ended();
    test_continue_with_spring_per_animation();
    test_rotation_velocity_kept_by_spring();
    test_transition_member();
    return ac_test_finish();
}
