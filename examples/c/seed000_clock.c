/*
 * Seed 000 ("Animating Custom Layer Properties") on animcore: a ClockFace class whose custom
 * `time` property needs display (+needsDisplayForKey:), an action for "time" that is a linear
 * CABasicAnimation from the presentation value (-actionForKey:), and a display callback
 * (-display) that logs the presentation time next to the model time, at 60 fps.
 *
 * The clock is set to 1.5 (from 0): the model reads 1.5 at once, the presentation rises from
 * 0 to 1.5 over the default 0.25 s (about 15 display calls), then display stops.
 */
#include <animcore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(ac_status status, const char *what) {
    if (status != AC_OK) {
        fprintf(stderr, "%s failed: %s\n", what, ac_last_error_message());
        exit(1);
    }
}

typedef struct clock_state {
    ac_key time;
    int frame;    /* the frame being ticked */
    int displays; /* display calls so far */
} clock_state;

/* -display: log [[self presentationLayer] time] and self.time. */
static void clock_display(ac_engine *engine, ac_layer layer, void *user_data) {
    clock_state *state = user_data;
    double presentation, model;
    check(ac_layer_get_presentation_scalar(engine, layer, state->time, &presentation),
          "ac_layer_get_presentation_scalar");
    check(ac_layer_get_scalar(engine, layer, state->time, &model), "ac_layer_get_scalar");
    state->displays++;
    printf("%6d %9.4f %8d %14.6f %10.6f\n", state->frame, state->frame / 60.0, state->displays,
           presentation, model);
}

/*
 * -actionForKey: @"time": a linear CABasicAnimation from the presentation value (the engine
 * hands in a fresh animation of key path "time"; it ends at the new model value by default).
 */
static int32_t clock_action(ac_engine *engine, ac_layer layer, const char *key,
                            ac_animation animation, void *user_data) {
    clock_state *state = user_data;
    if (strcmp(key, "time") != 0) return AC_ACTION_CONTINUE; /* [super actionForKey:key] */
    ac_timing_function linear;
    double from;
    check(ac_timing_function_named("linear", &linear), "ac_timing_function_named");
    check(ac_animation_set_timing_function(engine, animation, &linear),
          "ac_animation_set_timing_function");
    check(ac_layer_get_presentation_scalar(engine, layer, state->time, &from),
          "ac_layer_get_presentation_scalar");
    ac_value from_value = ac_value_scalar(from);
    check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from_value),
          "ac_animation_set_value");
    return AC_ACTION_ANIMATION;
}

int main(void) {
    ac_engine *engine;
    ac_class clock_face;
    ac_layer clock;
    clock_state state = {0, 0, 0};
    check(ac_engine_create(NULL, &engine), "ac_engine_create");

    /* @interface ClockFace : CALayer  @property CGFloat time; @dynamic time; */
    ac_value zero = ac_value_scalar(0);
    ac_property_desc time_property;
    check(ac_property_desc_init(&time_property, "time", &zero), "ac_property_desc_init");
    time_property.needs_display = 1; /* +needsDisplayForKey: @"time" */
    check(ac_class_create(engine, "ClockFace", 0, &time_property, 1, &clock_face), "ac_class_create");
    check(ac_engine_key(engine, "time", &state.time), "ac_engine_key");
    check(ac_class_set_display(engine, clock_face, clock_display, &state, NULL), "ac_class_set_display");
    check(ac_class_set_default_action(engine, clock_face, clock_action, &state, NULL),
          "ac_class_set_default_action");

    /* self.clockFace = [[ClockFace alloc] init]; bounds 200 x 200, centred at (160, 150). */
    check(ac_layer_create(engine, clock_face, &clock), "ac_layer_create");
    ac_value bounds = ac_value_rect(0, 0, 200, 200), position = ac_value_point(160, 150);
    ac_key bounds_key, position_key;
    check(ac_engine_key(engine, "bounds", &bounds_key), "ac_engine_key");
    check(ac_engine_key(engine, "position", &position_key), "ac_engine_key");
    check(ac_layer_set_value(engine, clock, bounds_key, &bounds), "ac_layer_set_value");
    check(ac_layer_set_value(engine, clock, position_key, &position), "ac_layer_set_value");
    check(ac_engine_tick(engine, 0.0), "ac_engine_tick"); /* committed: changes run actions now */

    printf("Seed 000: clockFace.time = 1.5 (from 0), display at 60 fps\n\n");
    printf("%6s %9s %8s %14s %10s\n", "frame", "t (s)", "display", "presentation", "model");
    check(ac_layer_set_scalar(engine, clock, state.time, 1.5), "ac_layer_set_scalar"); /* the action */
    for (state.frame = 1; state.frame <= 24; state.frame++)
        check(ac_engine_tick(engine, state.frame / 60.0), "ac_engine_tick");
    printf("\n%d display calls; after them the presentation equals the model (1.5)\n", state.displays);

    check(ac_layer_release(engine, clock), "ac_layer_release");
    check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
