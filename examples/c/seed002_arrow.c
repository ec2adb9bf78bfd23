/*
 * Seed 002 ("animating the length of circular arrow mask") on animcore: an ArrowLayer class
 * with the seed's custom properties, every one of them redisplaying when it changes
 * (+needsDisplayForKey:), needsDisplayOnBoundsChange, and the "Go" button: inside a transaction
 * of duration 2 s with a completion block, an explicit linear, autoreversing CABasicAnimation of
 * lengthRadians from 0 to 2π.
 *
 * Prints lengthRadians (presentation and model) every 10th tick at 60 fps: it rises to 2π in
 * 2 s, falls back to 0 in the next 2 s, and the completion runs once, when it has ended.
 */
#include <animcore.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void check(ac_status status, const char *what) {
    if (status != AC_OK) {
        fprintf(stderr, "%s failed: %s\n", what, ac_last_error_message());
        exit(1);
    }
}

typedef struct arrow_state {
    ac_key length;
    int frame, displays, completions;
} arrow_state;

/* -drawInContext: would build the arrow path from the presentation values; count the calls. */
static void arrow_display(ac_engine *engine, ac_layer layer, void *user_data) {
    (void)engine;
    (void)layer;
    ((arrow_state *)user_data)->displays++;
}

/* [CATransaction setCompletionBlock:^{ goButton.hidden = NO; }] */
static void go_completed(ac_engine *engine, int32_t finished, void *user_data) {
    arrow_state *state = user_data;
    (void)engine;
    state->completions++;
    printf("  completion at frame %d (t = %.3f s), finished = %d: goButton.hidden = NO\n",
           state->frame, state->frame / 60.0, finished);
}

static void set(ac_engine *engine, ac_layer layer, const char *name, ac_value value) {
    ac_key key;
    check(ac_engine_key(engine, name, &key), name);
    check(ac_layer_set_value(engine, layer, key, &value), name);
}

int main(void) {
    ac_engine *engine;
    ac_class arrow_class;
    ac_layer arrow;
    arrow_state state = {0, 0, 0, 0};
    check(ac_engine_create(NULL, &engine), "ac_engine_create");

    /* @interface ArrowLayer : CALayer, its @dynamic properties and +needsDisplayForKey:. */
    const char *names[8] = {"thickness", "startRadians", "lengthRadians", "headLengthRadians",
                            "fillColor", "strokeColor", "lineWidth", "lineJoin"};
    ac_value defaults[8] = {ac_value_scalar(0), ac_value_scalar(0), ac_value_scalar(0),
                            ac_value_scalar(0), ac_value_color(0, 0, 0, 0),
                            ac_value_color(0, 0, 0, 0), ac_value_scalar(1),
                            ac_value_integer(0) /* kCGLineJoinMiter */};
    ac_property_desc properties[8];
    for (int i = 0; i < 8; i++) {
        check(ac_property_desc_init(&properties[i], names[i], &defaults[i]), "ac_property_desc_init");
        properties[i].needs_display = 1;
    }
    check(ac_class_create(engine, "ArrowLayer", 0, properties, 8, &arrow_class), "ac_class_create");
    check(ac_class_set_display(engine, arrow_class, arrow_display, &state, NULL), "ac_class_set_display");
    check(ac_engine_key(engine, "lengthRadians", &state.length), "ac_engine_key");

    /* -setUpMask */
    check(ac_layer_create(engine, arrow_class, &arrow), "ac_layer_create");
    set(engine, arrow, "needsDisplayOnBoundsChange", ac_value_bool(1));
    set(engine, arrow, "frame", ac_value_rect(0, 0, 240, 240)); /* imageView.bounds */
    set(engine, arrow, "thickness", ac_value_scalar(60));
    set(engine, arrow, "startRadians", ac_value_scalar(-M_PI_2));
    set(engine, arrow, "lengthRadians", ac_value_scalar(0));
    set(engine, arrow, "headLengthRadians", ac_value_scalar(M_PI_2 / 8));
    set(engine, arrow, "fillColor", ac_value_color(1, 1, 1, 1)); /* whiteColor */
    check(ac_engine_tick(engine, 0.0), "ac_engine_tick");

    /* -goButtonWasTapped: */
    check(ac_transaction_begin(engine), "ac_transaction_begin");
    check(ac_transaction_set_animation_duration(engine, 2.0), "ac_transaction_set_animation_duration");
    check(ac_transaction_add_completion(engine, go_completed, &state, NULL), "ac_transaction_add_completion");
    ac_animation animation;
    ac_timing_function linear;
    ac_timing timing;
    ac_value from = ac_value_scalar(0.0), to = ac_value_scalar(2.0 * M_PI);
    check(ac_animation_create_basic(engine, "lengthRadians", &animation), "ac_animation_create_basic");
    check(ac_timing_function_named("linear", &linear), "ac_timing_function_named");
    check(ac_animation_set_timing_function(engine, animation, &linear), "ac_animation_set_timing_function");
    check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.autoreverses = 1; /* duration 0: the transaction's 2 s */
    check(ac_animation_set_timing(engine, animation, &timing), "ac_animation_set_timing");
    check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from), "ac_animation_set_value");
    check(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to), "ac_animation_set_value");
    check(ac_layer_add_animation(engine, arrow, animation, "lengthRadians"), "ac_layer_add_animation");
    check(ac_animation_release(engine, animation), "ac_animation_release");
    check(ac_transaction_commit(engine), "ac_transaction_commit");

    printf("Seed 002: lengthRadians 0 -> 2pi, linear, autoreverses, 2 s (every 10th tick at 60 fps)\n\n");
    printf("%6s %8s %14s %8s %9s\n", "frame", "t (s)", "presentation", "model", "displays");
    for (state.frame = 1; state.frame <= 250; state.frame++) {
        check(ac_engine_tick(engine, state.frame / 60.0), "ac_engine_tick");
        if (state.frame % 10 != 1 && state.frame != 241 && state.frame != 242) continue;
        double presentation, model;
        check(ac_layer_get_presentation_scalar(engine, arrow, state.length, &presentation), "presentation");
        check(ac_layer_get_scalar(engine, arrow, state.length, &model), "model");
        printf("%6d %8.3f %14.6f %8.3f %9d\n", state.frame, state.frame / 60.0, presentation, model,
               state.displays);
    }
    printf("\n%d display calls, %d completion\n", state.displays, state.completions);
    check(ac_layer_release(engine, arrow), "ac_layer_release");
    check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
