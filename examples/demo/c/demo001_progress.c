/*
 * Seed 001 ("Custom Property UIView Block Animation") drawn with Cairo: a loading indicator
 * whose layer class has a custom `percent` property that redisplays when it changes, animated
 * in UIKit-style animation blocks like any built-in property. Its display callback
 * (-displayLayer:) sets the label to floor(percent); the progress bar is a sublayer whose width
 * (a built-in property) animates in the same blocks; the screen draws the bar from its
 * presentation width and the label the display callback set.
 *
 * Scenario: at tick 1 a 0.5 s ease-out block sets percent 0 -> 100 (and the bar's width); its
 * completion opens the reversed block (100 -> 0, ease-out, 0.5 s), whose completion opens the
 * spring block (0 -> 100 on a spring of perceptual duration 0.5 s, bounce 0.3: it overshoots and
 * settles in about 0.86 s). The run ends at tick 130 (2.17 s).
 *
 * usage: demo001_progress OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "demo.h"

#include <math.h>
#include <string.h>

#define WIDTH 340
#define HEIGHT 100
#define BAR_WIDTH 300.0
#define LAST_TICK 130

static const char *const PHASES[4] = {
    "ease-out, 0.5 s: 0 \xe2\x86\x92 100",
    "ease-out, reversed: 100 \xe2\x86\x92 0",
    "spring (0.5 s, bounce 0.3): 0 \xe2\x86\x92 100",
    "the spring has settled",
};

typedef struct indicator {
    ac_layer view, bar;
    ac_key percent, bar_width;
    int phase;       /* which block is running: PHASES[phase] */
    char label[32];  /* label.text, set by the display callback */
} indicator;

static void animate_to(ac_engine *engine, indicator *ind, double percent, ac_completion_fn done,
                       const ac_spring *spring) {
    ac_animate_options options;
    demo_check(ac_animate_options_init(&options), "ac_animate_options_init");
    options.duration_s = 0.5;
    options.curve = AC_CURVE_EASE_OUT;
    options.spring = spring;
    options.completion = done;
    options.completion_user_data = ind;
    demo_check(ac_animate_begin(engine, &options), "ac_animate_begin");
    demo_check(ac_layer_set_scalar(engine, ind->view, ind->percent, percent), "percent");
    demo_check(ac_layer_set_scalar(engine, ind->bar, ind->bar_width, BAR_WIDTH * percent / 100), "width");
    demo_check(ac_animate_commit(engine), "ac_animate_commit");
}

static void spring_done(ac_engine *engine, int32_t finished, void *user_data) {
    (void)engine;
    (void)finished;
    ((indicator *)user_data)->phase = 3;
}

static void reversed_done(ac_engine *engine, int32_t finished, void *user_data) {
    indicator *ind = user_data;
    ac_spring spring;
    (void)finished;
    demo_check(ac_spring_init(&spring), "ac_spring_init");
    demo_check(ac_spring_from_perceptual(0.5, 0.3, &spring), "ac_spring_from_perceptual");
    ind->phase = 2;
    animate_to(engine, ind, 100.0, spring_done, &spring);
}

static void forward_done(ac_engine *engine, int32_t finished, void *user_data) {
    indicator *ind = user_data;
    (void)finished;
    ind->phase = 1;
    animate_to(engine, ind, 0.0, reversed_done, NULL);
}

/* -displayLayer: label.text = floor(presentation percent). */
static void indicator_display(ac_engine *engine, ac_layer layer, void *user_data) {
    indicator *ind = user_data;
    double percent = demo_scalar(engine, layer, ind->percent, 1);
    snprintf(ind->label, sizeof ind->label, "%ld%%", (long)floor(percent));
}

/* The screen after a tick: which block runs, the track, the bar, the label. */
static void compose(ac_engine *engine, indicator *ind, cairo_t *cr) {
    double width = demo_scalar(engine, ind->bar, ind->bar_width, 1);
    demo_background(cr, 0.94);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    demo_text(cr, 20, 24, 13, PHASES[ind->phase]);
    cairo_set_source_rgb(cr, 0.82, 0.82, 0.82);
    cairo_rectangle(cr, 20, 36, BAR_WIDTH, 24);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.2, 0.45, 0.85);
    cairo_rectangle(cr, 20, 36, width, 24);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1); /* the 100 % mark: the spring overshoots it */
    cairo_set_line_width(cr, 1);
    cairo_move_to(cr, 20 + BAR_WIDTH + 0.5, 32);
    cairo_line_to(cr, 20 + BAR_WIDTH + 0.5, 64);
    cairo_stroke(cr);
    demo_text(cr, 150, 88, 18, ind->label);
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 001 (the progress bar)");
    ac_engine *engine;
    ac_class layer_class;
    indicator ind;
    memset(&ind, 0, sizeof ind);
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");

    /* @interface OCLayer : CALayer  @property CGFloat percent; @dynamic percent; */
    ac_value zero = ac_value_scalar(0);
    ac_property_desc percent;
    demo_check(ac_property_desc_init(&percent, "percent", &zero), "ac_property_desc_init");
    percent.needs_display = 1;
    demo_check(ac_class_create(engine, "OCLayer", 0, &percent, 1, &layer_class), "ac_class_create");
    demo_check(ac_class_set_display(engine, layer_class, indicator_display, &ind, NULL), "display");
    ind.percent = demo_key(engine, "percent");
    ind.bar_width = demo_key(engine, "bounds.size.width");

    /* The view's layer (300 x 20) and its progress bar (percentView, width 0). */
    demo_check(ac_layer_create(engine, layer_class, &ind.view), "ac_layer_create");
    demo_check(ac_layer_create(engine, 0, &ind.bar), "ac_layer_create");
    demo_set(engine, ind.view, "bounds", ac_value_rect(0, 0, BAR_WIDTH, 20));
    demo_set(engine, ind.bar, "bounds", ac_value_rect(0, 0, 0, 20));
    demo_check(ac_layer_add_sublayer(engine, ind.view, ind.bar), "ac_layer_add_sublayer");
    demo_check(ac_layer_set_needs_display(engine, ind.view), "setNeedsDisplay");

    cairo_surface_t *screen = demo_surface(WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(screen);
    FILE *csv = demo_csv_open(out, "percent,percent_model,bar_width,bar_width_model,phase");
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) animate_to(engine, &ind, 100.0, forward_done, NULL);
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        double row[5] = {demo_scalar(engine, ind.view, ind.percent, 1),
                         demo_scalar(engine, ind.view, ind.percent, 0),
                         demo_scalar(engine, ind.bar, ind.bar_width, 1),
                         demo_scalar(engine, ind.bar, ind.bar_width, 0), ind.phase};
        demo_csv_row(csv, tick, row, 5);
        if (!demo_records(tick)) continue;
        compose(engine, &ind, cr);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    cairo_surface_destroy(screen);
    demo_check(ac_layer_release(engine, ind.bar), "ac_layer_release");
    demo_check(ac_layer_release(engine, ind.view), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
