/*
 * Seed 001 ("Custom Property UIView Block Animation") on animcore: a loading indicator whose
 * layer class has a custom `percent` property (redisplaying when it changes), animated inside
 * an animation block like any built-in property — no actionForKey: borrowing backgroundColor's
 * action, no initWithLayer:. percent goes 0 -> 100 with ease-out in a 0.5 s block; the block's
 * completion opens the reverse block (100 -> 0, ease-out), whose completion opens the seed's
 * spring block ("Spring animation": 0 -> 100 on a bouncy spring of perceptual duration 0.5 s,
 * bounce 0.3, overshooting 100 and settling in about 0.86 s; duration and curve unused).
 *
 * The progress bar's width (a built-in property of a sublayer) animates in the same blocks:
 * each row shows it next to percent x 3, the width it stands for — the same in every frame, so
 * the custom property does not lag a frame behind the built-in one (the seed's caveat).
 */
#include <animcore.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BAR_WIDTH 300.0

static void check(ac_status status, const char *what) {
    if (status != AC_OK) {
        fprintf(stderr, "%s failed: %s\n", what, ac_last_error_message());
        exit(1);
    }
}

typedef struct indicator {
    ac_layer view, bar;
    ac_key percent, bar_width;
    int frame, displays;
} indicator;

/* Sets percent on the view's layer and the bar's width to match, in an animation block (a
   spring block when spring is not NULL). */
static void animate_to(ac_engine *engine, indicator *ind, double percent, ac_completion_fn done,
                       const ac_spring *spring) {
    ac_animate_options options;
    check(ac_animate_options_init(&options), "ac_animate_options_init");
    options.duration_s = 0.5;
    options.curve = AC_CURVE_EASE_OUT;
    options.spring = spring; /* copied by ac_animate_begin */
    options.completion = done;
    options.completion_user_data = ind;
    check(ac_animate_begin(engine, &options), "ac_animate_begin");
    check(ac_layer_set_scalar(engine, ind->view, ind->percent, percent), "ac_layer_set_scalar");
    check(ac_layer_set_scalar(engine, ind->bar, ind->bar_width, BAR_WIDTH * percent / 100), "bar width");
    check(ac_animate_commit(engine), "ac_animate_commit");
}

static void spring_done(ac_engine *engine, int32_t finished, void *user_data) {
    indicator *ind = user_data;
    (void)engine;
    printf("  -- spring block completed at frame %d, finished = %d\n", ind->frame, finished);
}

static void reversed(ac_engine *engine, int32_t finished, void *user_data) {
    indicator *ind = user_data;
    ac_spring spring;
    double settling = 0;
    check(ac_spring_init(&spring), "ac_spring_init");
    check(ac_spring_from_perceptual(0.5, 0.3, &spring), "ac_spring_from_perceptual");
    check(ac_spring_settling_duration(&spring, &settling), "ac_spring_settling_duration");
    printf("  -- reverse block completed at frame %d, finished = %d; spring block to 100 "
           "(stiffness %.2f, damping %.2f, settles in %.3f s)\n",
           ind->frame, finished, spring.stiffness, spring.damping, settling);
    animate_to(engine, ind, 100.0, spring_done, &spring);
}

static void forward_done(ac_engine *engine, int32_t finished, void *user_data) {
    indicator *ind = user_data;
    printf("  -- first block completed at frame %d, finished = %d; animating back to 0\n", ind->frame,
           finished);
    animate_to(engine, ind, 0.0, reversed, NULL); /* starts at the next tick */
}

/* -displayLayer: the label shows floor(percent); the row compares the bar with percent. */
static void indicator_display(ac_engine *engine, ac_layer layer, void *user_data) {
    indicator *ind = user_data;
    double percent, width;
    check(ac_layer_get_presentation_scalar(engine, layer, ind->percent, &percent), "percent");
    check(ac_layer_get_presentation_scalar(engine, ind->bar, ind->bar_width, &width), "bar width");
    ind->displays++;
    printf("%6d %7.3f %11.4f %6.0f %12.4f %12.4f\n", ind->frame, ind->frame / 60.0, percent,
           floor(percent), percent * BAR_WIDTH / 100, width);
}

int main(void) {
    ac_engine *engine;
    ac_class layer_class;
    indicator ind = {0, 0, 0, 0, 0, 0};
    check(ac_engine_create(NULL, &engine), "ac_engine_create");

    /* @interface OCLayer : CALayer  @property CGFloat percent; @dynamic percent; */
    ac_value zero = ac_value_scalar(0);
    ac_property_desc percent;
    check(ac_property_desc_init(&percent, "percent", &zero), "ac_property_desc_init");
    percent.needs_display = 1; /* +needsDisplayForKey: @"percent" */
    check(ac_class_create(engine, "OCLayer", 0, &percent, 1, &layer_class), "ac_class_create");
    check(ac_class_set_display(engine, layer_class, indicator_display, &ind, NULL), "ac_class_set_display");
    check(ac_engine_key(engine, "percent", &ind.percent), "ac_engine_key");
    check(ac_engine_key(engine, "bounds.size.width", &ind.bar_width), "ac_engine_key");

    /* The view's layer and its progress bar (percentView), 300 x 20 at 100 %. */
    ac_value bar_bounds = ac_value_rect(0, 0, 0, 20);
    ac_key bounds;
    check(ac_engine_key(engine, "bounds", &bounds), "ac_engine_key");
    check(ac_layer_create(engine, layer_class, &ind.view), "ac_layer_create");
    check(ac_layer_create(engine, 0, &ind.bar), "ac_layer_create");
    check(ac_layer_set_value(engine, ind.bar, bounds, &bar_bounds), "ac_layer_set_value");
    check(ac_layer_add_sublayer(engine, ind.view, ind.bar), "ac_layer_add_sublayer");
    check(ac_engine_tick(engine, 0.0), "ac_engine_tick"); /* committed */

    printf("Seed 001: percent 0 -> 100 (ease-out, 0.5 s), back to 0, then 0 -> 100 on a spring; "
           "one row per display\n\n");
    printf("%6s %7s %11s %6s %12s %12s\n", "frame", "t (s)", "percent", "label", "percent x 3",
           "bar width");
    animate_to(engine, &ind, 100.0, forward_done, NULL);
    for (ind.frame = 1; ind.frame <= 130; ind.frame++)
        check(ac_engine_tick(engine, ind.frame / 60.0), "ac_engine_tick");
    printf("\n%d display calls\n", ind.displays);
    check(ac_layer_release(engine, ind.bar), "ac_layer_release");
    check(ac_layer_release(engine, ind.view), "ac_layer_release");
    check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
