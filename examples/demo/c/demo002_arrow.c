/*
 * Seed 002 ("animating the length of circular arrow mask") drawn with Cairo: an ArrowLayer
 * class with the seed's custom properties (thickness, startRadians, lengthRadians,
 * headLengthRadians, fillColor, strokeColor, lineWidth, lineJoin), all redisplaying when they
 * change, whose display callback is the seed's -drawInContext: (the arrow path built from the
 * presentation values, filled with fillColor) into the layer's contents. The layer is the mask
 * of an image view (its contents: the host's gradient image) over a grey ring showing where
 * the arrow goes; the screen is the render list of the view's layer drawn by the demo's
 * compositor (compositor.c), which draws the image through the alpha of the arrow's contents:
 * no layer is placed by hand. The host adds the length as text and the Go button.
 *
 * Scenario: at tick 1 the Go button hides and, in a transaction of 2 s with a completion, an
 * explicit linear, autoreversing animation of lengthRadians from 0 to 2 pi is added: the arrow
 * grows round the circle in 2 s and shrinks back in 2 s; the completion shows the button again.
 * The run ends at tick 270 (4.5 s).
 *
 * usage: demo002_arrow OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "compositor.h"
#include "demo.h"

#include <math.h>
#include <string.h>

#define WIDTH 260
#define HEIGHT 300
#define SIZE 240 /* the arrow layer's frame: the image view's bounds */
#define LAST_TICK 270
#define IMAGE_TOKEN 1 /* the image view's contents */
#define ARROW_TOKEN 2 /* the arrow layer's contents (its backing image) */

typedef struct host {
    ac_layer arrow, root;
    ac_key keys[8]; /* the properties, in the order of NAMES */
    ac_key bounds;
    cairo_surface_t *contents; /* the arrow layer's backing image: the mask */
    int button_shown;
} host;

enum { THICKNESS, START, LENGTH, HEAD_LENGTH, FILL_COLOR, STROKE_COLOR, LINE_WIDTH, LINE_JOIN };
static const char *const NAMES[8] = {"thickness", "startRadians", "lengthRadians",
                                     "headLengthRadians", "fillColor", "strokeColor",
                                     "lineWidth", "lineJoin"};

/* -drawInContext: the seed's arrow, from the presentation values. */
static void arrow_display(ac_engine *engine, ac_layer layer, void *user_data) {
    host *h = user_data;
    ac_value bounds = demo_value(engine, layer, h->bounds, 1);
    ac_value fill = demo_value(engine, layer, h->keys[FILL_COLOR], 1);
    ac_value stroke = demo_value(engine, layer, h->keys[STROKE_COLOR], 1);
    ac_value join = demo_value(engine, layer, h->keys[LINE_JOIN], 1);
    double start = demo_scalar(engine, layer, h->keys[START], 1);
    double length = demo_scalar(engine, layer, h->keys[LENGTH], 1);
    double head_length = copysign(demo_scalar(engine, layer, h->keys[HEAD_LENGTH], 1), length);
    double thickness = demo_scalar(engine, layer, h->keys[THICKNESS], 1);
    double line_width = demo_scalar(engine, layer, h->keys[LINE_WIDTH], 1);
    if (fabs(head_length) > fabs(length)) head_length = length; /* -clippedHeadLengthRadians */
    double head = start + (length - head_length), tip = start + length;
    double outer = bounds.v[2] / 2, tip_radius = outer - thickness / 2, inner = outer - thickness;

    cairo_t *cr = cairo_create(h->contents);
    demo_clear(cr);
    cairo_translate(cr, bounds.v[2] / 2, bounds.v[3] / 2); /* -moveOriginToCenterInContext: */
    cairo_move_to(cr, tip_radius * cos(tip), tip_radius * sin(tip));
    if (tip > start) { /* y points down: growing angles turn clockwise on the screen */
        cairo_arc_negative(cr, 0, 0, outer, head, start);
        cairo_arc(cr, 0, 0, inner, start, head);
    } else {
        cairo_arc(cr, 0, 0, outer, head, start);
        cairo_arc_negative(cr, 0, 0, inner, start, head);
    }
    cairo_close_path(cr);
    if (fill.v[3] > 0) {
        cairo_set_source_rgba(cr, fill.v[0], fill.v[1], fill.v[2], fill.v[3]);
        cairo_fill_preserve(cr);
    }
    if (stroke.v[3] > 0 && line_width > 0) {
        cairo_set_source_rgba(cr, stroke.v[0], stroke.v[1], stroke.v[2], stroke.v[3]);
        cairo_set_line_width(cr, line_width);
        cairo_set_line_join(cr, (cairo_line_join_t)join.i); /* miter, round, bevel: as CG's */
        cairo_stroke_preserve(cr);
    }
    cairo_destroy(cr);
}

static void go_completed(ac_engine *engine, int32_t finished, void *user_data) {
    (void)engine;
    (void)finished;
    ((host *)user_data)->button_shown = 1; /* goButton.hidden = NO */
}

/* -goButtonWasTapped: */
static void go(ac_engine *engine, host *h) {
    ac_animation animation;
    ac_timing_function linear;
    ac_timing timing;
    ac_value from = ac_value_scalar(0.0), to = ac_value_scalar(2.0 * M_PI);
    h->button_shown = 0;
    demo_check(ac_transaction_begin(engine), "ac_transaction_begin");
    demo_check(ac_transaction_set_animation_duration(engine, 2.0), "duration");
    demo_check(ac_transaction_add_completion(engine, go_completed, h, NULL), "completion");
    demo_check(ac_animation_create_basic(engine, "lengthRadians", &animation), "animation");
    demo_check(ac_timing_function_named("linear", &linear), "ac_timing_function_named");
    demo_check(ac_animation_set_timing_function(engine, animation, &linear), "timing function");
    demo_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.autoreverses = 1; /* duration 0: the transaction's 2 s */
    demo_check(ac_animation_set_timing(engine, animation, &timing), "timing");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from), "fromValue");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to), "toValue");
    demo_check(ac_layer_add_animation(engine, h->arrow, animation, "lengthRadians"), "add");
    demo_check(ac_animation_release(engine, animation), "ac_animation_release");
    demo_check(ac_transaction_commit(engine), "ac_transaction_commit");
}

/* The image view's image: a diagonal gradient, drawn once. */
static cairo_surface_t *gradient_image(void) {
    cairo_surface_t *image = demo_surface(SIZE, SIZE);
    cairo_t *cr = cairo_create(image);
    cairo_pattern_t *gradient = cairo_pattern_create_linear(0, 0, SIZE, SIZE);
    cairo_pattern_add_color_stop_rgb(gradient, 0, 0.95, 0.55, 0.15);
    cairo_pattern_add_color_stop_rgb(gradient, 1, 0.55, 0.2, 0.75);
    cairo_set_source(cr, gradient);
    cairo_paint(cr);
    cairo_pattern_destroy(gradient);
    cairo_destroy(cr);
    return image;
}

/* The screen after a tick: the render list (the ring, the image through the arrow mask), then
 * the host's text and the Go button. */
static void compose(ac_engine *engine, host *h, compositor *comp, ac_render_list list,
                    cairo_t *cr) {
    char line[64];
    const ac_render_entry *entries;
    size_t count;
    double length = demo_scalar(engine, h->arrow, h->keys[LENGTH], 1);
    demo_check(ac_render_list_fill(engine, list, h->root, AC_GEOMETRY_PRESENTATION, &entries, &count,
                                   NULL, NULL),
               "ac_render_list_fill");
    compositor_draw(comp, cr, entries, count);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    snprintf(line, sizeof line, "lengthRadians %.3f", length);
    demo_text(cr, 10, 287, 13, line);
    if (h->button_shown) {
        cairo_set_source_rgb(cr, 0.2, 0.45, 0.85);
        cairo_rectangle(cr, 200, 270, 50, 24);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        demo_text(cr, 215, 287, 13, "Go");
    }
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 002 (the circular arrow)");
    ac_engine *engine;
    ac_class arrow_class;
    ac_layer track, image_view;
    ac_render_list list;
    compositor comp;
    host h;
    memset(&h, 0, sizeof h);
    h.button_shown = 1;
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");

    /* @interface ArrowLayer : CALayer, its @dynamic properties and +needsDisplayForKey:. */
    ac_value defaults[8] = {ac_value_scalar(0), ac_value_scalar(0), ac_value_scalar(0),
                            ac_value_scalar(0), ac_value_color(0, 0, 0, 0),
                            ac_value_color(0, 0, 0, 0), ac_value_scalar(1),
                            ac_value_integer(0) /* kCGLineJoinMiter */};
    ac_property_desc properties[8];
    for (int i = 0; i < 8; i++) {
        demo_check(ac_property_desc_init(&properties[i], NAMES[i], &defaults[i]), NAMES[i]);
        properties[i].needs_display = 1;
        h.keys[i] = demo_key(engine, NAMES[i]);
    }
    properties[LINE_JOIN].animatable = 0;
    demo_check(ac_class_create(engine, "ArrowLayer", 0, properties, 8, &arrow_class), "ArrowLayer");
    demo_check(ac_class_set_display(engine, arrow_class, arrow_display, &h, NULL), "display");
    h.bounds = demo_key(engine, "bounds");
    h.contents = demo_surface(SIZE, SIZE);
    cairo_surface_t *image = gradient_image();
    compositor_init(&comp);
    compositor_set_contents(&comp, IMAGE_TOKEN, image);
    compositor_set_contents(&comp, ARROW_TOKEN, h.contents);

    /* The view's layer (grey 0.94); a ring where the arrow goes (a 240 x 240 disc's border, 60
     * wide, grey 0.87); the image view (frame 10, 10, 240, 240) showing the image. */
    demo_check(ac_layer_create(engine, 0, &h.root), "ac_layer_create");
    demo_set(engine, h.root, "bounds", ac_value_rect(0, 0, WIDTH, HEIGHT));
    demo_set(engine, h.root, "position", ac_value_point(WIDTH / 2.0, HEIGHT / 2.0));
    demo_set(engine, h.root, "backgroundColor", ac_value_color(0.94, 0.94, 0.94, 1));
    demo_check(ac_layer_create(engine, 0, &track), "ac_layer_create");
    demo_set(engine, track, "frame", ac_value_rect(10, 10, SIZE, SIZE));
    demo_set(engine, track, "cornerRadius", ac_value_scalar(SIZE / 2.0));
    demo_set(engine, track, "borderWidth", ac_value_scalar(60));
    demo_set(engine, track, "borderColor", ac_value_color(0.87, 0.87, 0.87, 1));
    demo_check(ac_layer_add_sublayer(engine, h.root, track), "ac_layer_add_sublayer");
    demo_check(ac_layer_create(engine, 0, &image_view), "ac_layer_create");
    demo_set(engine, image_view, "frame", ac_value_rect(10, 10, SIZE, SIZE));
    demo_set(engine, image_view, "contents", ac_value_token(IMAGE_TOKEN));
    demo_check(ac_layer_add_sublayer(engine, h.root, image_view), "ac_layer_add_sublayer");

    /* -setUpMask */
    demo_check(ac_layer_create(engine, arrow_class, &h.arrow), "ac_layer_create");
    demo_set(engine, h.arrow, "needsDisplayOnBoundsChange", ac_value_bool(1));
    demo_set(engine, h.arrow, "frame", ac_value_rect(0, 0, SIZE, SIZE)); /* the image view's bounds */
    demo_set(engine, h.arrow, "contents", ac_value_token(ARROW_TOKEN));
    demo_set(engine, h.arrow, "thickness", ac_value_scalar(60));
    demo_set(engine, h.arrow, "startRadians", ac_value_scalar(-M_PI_2));
    demo_set(engine, h.arrow, "lengthRadians", ac_value_scalar(0));
    demo_set(engine, h.arrow, "headLengthRadians", ac_value_scalar(M_PI_2 / 8));
    demo_set(engine, h.arrow, "fillColor", ac_value_color(1, 1, 1, 1)); /* whiteColor */
    demo_check(ac_layer_set_needs_display(engine, h.arrow), "setNeedsDisplay");
    demo_check(ac_layer_set_mask(engine, image_view, h.arrow), "imageView.layer.mask");
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");

    cairo_surface_t *screen = demo_surface(WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(screen);
    FILE *csv = demo_csv_open(out, "length,length_model,button_shown");
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) go(engine, &h);
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        double row[3] = {demo_scalar(engine, h.arrow, h.keys[LENGTH], 1),
                         demo_scalar(engine, h.arrow, h.keys[LENGTH], 0), h.button_shown};
        demo_csv_row(csv, tick, row, 3);
        if (!demo_records(tick)) continue;
        compose(engine, &h, &comp, list, cr);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    demo_check(ac_layer_release(engine, h.arrow), "ac_layer_release");
    demo_check(ac_layer_release(engine, image_view), "ac_layer_release");
    demo_check(ac_layer_release(engine, track), "ac_layer_release");
    demo_check(ac_layer_release(engine, h.root), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    cairo_surface_destroy(h.contents);
    cairo_surface_destroy(image);
    return 0;
}
