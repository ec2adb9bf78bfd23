/*
 * Seed 001 ("Custom Property UIView Block Animation") drawn with Cairo: a loading indicator
 * whose layer class has a custom `percent` property that redisplays when it changes, animated
 * in UIKit-style animation blocks like any built-in property. Its display callback
 * (-displayLayer:) sets the label to floor(percent); the progress bar is a sublayer whose width
 * (a built-in property) animates in the same blocks. The screen is the render list drawn by the
 * demo's compositor (compositor.c): the view's layer as the grey track, the bar in it at its
 * presentation width (anchorPoint (0, 0): it grows from the left; its contents a rounded pill
 * image stretched in nine parts by contentsCenter, with a shadow) and a thin layer marking
 * 100 %; no layer is placed by hand. The host adds the running block's name and the label the
 * display callback set.
 *
 * Scenario: at tick 1 a 0.5 s ease-out block sets percent 0 -> 100 (and the bar's width); its
 * completion opens the reversed block (100 -> 0, ease-out, 0.5 s), whose completion opens the
 * spring block (0 -> 100 on a spring of perceptual duration 0.5 s, bounce 0.3: it overshoots and
 * settles in about 0.86 s). The run ends at tick 130 (2.17 s).
 *
 * usage: demo001_progress OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "compositor.h"
#include "demo.h"

#include <math.h>
#include <string.h>

#define WIDTH 340
#define HEIGHT 100
#define BAR_WIDTH 300.0
#define LAST_TICK 130
#define PILL_W 40    /* "Pill.png": the bar's image, 40 x 24 pixels */
#define PILL_H 24
#define PILL_TOKEN 1 /* its contents token */

static const char *const PHASES[4] = {
    "ease-out, 0.5 s: 0 \xe2\x86\x92 100",
    "ease-out, reversed: 100 \xe2\x86\x92 0",
    "spring (0.5 s, bounce 0.3): 0 \xe2\x86\x92 100",
    "the spring has settled",
};

typedef struct indicator {
    ac_layer view, bar, root;
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

/* The screen after a tick: the render list, then which block runs and the label. */
static void compose(ac_engine *engine, indicator *ind, compositor *comp, ac_render_list list,
                    cairo_t *cr) {
    const ac_render_entry *entries;
    size_t count;
    demo_check(ac_render_list_fill(engine, list, ind->root, AC_GEOMETRY_PRESENTATION, &entries,
                                   &count, NULL, NULL),
               "ac_render_list_fill");
    compositor_draw(comp, cr, entries, count);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    demo_text(cr, 20, 24, 13, PHASES[ind->phase]);
    demo_text(cr, 150, 88, 18, ind->label);
}

/* "Pill.png": a rounded bar (ends of radius 11), lit from above, with a dark rim and a
 * highlight. Drawn as the bar's contents in nine parts (contentsCenter (0.45, 0.4, 0.1, 0.2)):
 * its rounded ends (18 pixels each) keep their size while the middle stretches to the width. */
static cairo_surface_t *pill_image(void) {
    cairo_surface_t *image = demo_surface(PILL_W, PILL_H);
    cairo_t *cr = cairo_create(image);
    cairo_pattern_t *light = cairo_pattern_create_linear(0, 0, 0, PILL_H);
    cairo_pattern_add_color_stop_rgb(light, 0, 0.45, 0.68, 1.0);
    cairo_pattern_add_color_stop_rgb(light, 1, 0.12, 0.35, 0.78);
    cairo_new_sub_path(cr);
    cairo_arc(cr, 12, 12, 11, M_PI / 2, 3 * M_PI / 2);
    cairo_arc(cr, PILL_W - 12, 12, 11, 3 * M_PI / 2, M_PI / 2);
    cairo_close_path(cr);
    cairo_set_source(cr, light);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.05, 0.2, 0.5);
    cairo_set_line_width(cr, 2);
    cairo_stroke(cr);
    cairo_rectangle(cr, 9, 4, PILL_W - 18, 5);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.45);
    cairo_fill(cr);
    cairo_pattern_destroy(light);
    cairo_destroy(cr);
    return image;
}

/* A layer of the screen: bounds w x h, anchorPoint (0, 0) at (x, y), a colour. */
static ac_layer layer_in(ac_engine *engine, ac_class layer_class, ac_layer superlayer, double w,
                         double h, double x, double y, ac_value color) {
    ac_layer layer;
    demo_check(ac_layer_create(engine, layer_class, &layer), "ac_layer_create");
    demo_set(engine, layer, "bounds", ac_value_rect(0, 0, w, h));
    demo_set(engine, layer, "anchorPoint", ac_value_point(0, 0));
    demo_set(engine, layer, "position", ac_value_point(x, y));
    demo_set(engine, layer, "backgroundColor", color);
    demo_check(ac_layer_add_sublayer(engine, superlayer, layer), "ac_layer_add_sublayer");
    return layer;
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 001 (the progress bar)");
    ac_engine *engine;
    ac_class layer_class;
    ac_layer mark;
    ac_render_list list;
    compositor comp;
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

    /* The screen (grey 0.94); the view's layer (300 x 24 at (20, 36), the grey track) and its
     * progress bar (percentView, width 0: the pill image); over them the 100 % mark (1 x 32): the spring
     * overshoots it. */
    cairo_surface_t *pill = pill_image();
    compositor_init(&comp);
    compositor_set_contents(&comp, PILL_TOKEN, pill);
    demo_check(ac_layer_create(engine, 0, &ind.root), "ac_layer_create");
    demo_set(engine, ind.root, "bounds", ac_value_rect(0, 0, WIDTH, HEIGHT));
    demo_set(engine, ind.root, "position", ac_value_point(WIDTH / 2.0, HEIGHT / 2.0));
    demo_set(engine, ind.root, "backgroundColor", ac_value_color(0.94, 0.94, 0.94, 1));
    ind.view = layer_in(engine, layer_class, ind.root, BAR_WIDTH, 24, 20, 36,
                        ac_value_color(0.82, 0.82, 0.82, 1));
    ind.bar = layer_in(engine, 0, ind.view, 0, 24, 0, 0, ac_value_color(0, 0, 0, 0));
    /* The bar is the pill image, stretched in nine parts as its width animates, with a small
     * shadow below it (both drawn by the compositor). */
    demo_set(engine, ind.bar, "contents", ac_value_token(PILL_TOKEN));
    demo_set(engine, ind.bar, "contentsCenter", ac_value_rect(0.45, 0.4, 0.1, 0.2));
    demo_set(engine, ind.bar, "shadowOpacity", ac_value_scalar(0.5));
    demo_set(engine, ind.bar, "shadowRadius", ac_value_scalar(2));
    demo_set(engine, ind.bar, "shadowOffset", ac_value_size(0, 2));
    mark = layer_in(engine, 0, ind.root, 1, 32, 20 + BAR_WIDTH, 32, ac_value_color(0.1, 0.1, 0.1, 1));
    demo_check(ac_layer_set_needs_display(engine, ind.view), "setNeedsDisplay");
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");

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
        compose(engine, &ind, &comp, list, cr);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    demo_check(ac_layer_release(engine, mark), "ac_layer_release");
    demo_check(ac_layer_release(engine, ind.bar), "ac_layer_release");
    demo_check(ac_layer_release(engine, ind.view), "ac_layer_release");
    demo_check(ac_layer_release(engine, ind.root), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    cairo_surface_destroy(pill);
    return 0;
}
