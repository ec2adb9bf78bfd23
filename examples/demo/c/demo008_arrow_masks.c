/*
 * Seed 002's first answer ("animating two levels of masks") drawn with Cairo from animcore's
 * render list, with gradient layers as the image. An image view (here a CAGradientLayer,
 * 240 x 240, an axial gradient whose startPoint and endPoint swing round) is masked by the
 * arrow, a CAShapeLayer whose path outlines the whole circular arrow (thickness 60, from -pi/2
 * clockwise all the way round, its pointed head pi/16 long), and the arrow is masked in turn by
 * the swipe, a CAShapeLayer stroking a circle of radius 90 from the top, clockwise, 64 wide,
 * whose strokeEnd animates 0 -> 1: the image shows through the arrow where the swipe has
 * passed. Under a grey ring (a CAShapeLayer's stroke) where the arrow goes. Below, three
 * gradient swatches: radial (its endPoint pulsing, so the ellipse grows and shrinks), conic
 * (its endPoint going round the centre: the colours turn) and axial with locations (cornerRadius
 * 12: the gradient fills the rounded shape). Everything is drawn by the demo's compositor
 * (compositor_shape.c): no layer is placed or drawn by hand.
 *
 * Scenario: tick 1 adds the animations, all linear and repeating forever: strokeEnd 0 -> 1 over
 * 2 s, autoreversing; the image's startPoint (0, 0) -> (1, 0) and endPoint (1, 1) -> (0, 1),
 * 2 s, autoreversing; the radial swatch's endPoint (1, 1) -> (0.6, 0.6), 1 s, autoreversing;
 * the conic swatch's endPoint round the centre in 2 s (keyframes). The run ends at tick 240.
 *
 * usage: demo008_arrow_masks OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "compositor.h"
#include "demo.h"

#include <math.h>

#define WIDTH 260
#define HEIGHT 370
#define SIZE 240
#define LAST_TICK 240
#define THICKNESS 60.0
#define MAX_ELEMENTS 16

/* A path under construction. */
typedef struct path {
    ac_path_element e[MAX_ELEMENTS];
    size_t n;
} path;

/* An arc about (cx, cy) of radius r from angle a0 to a1 (radians, increasing clockwise on the
 * y-down screen), from the current point at a0: cubic pieces of at most a quarter turn. */
static void arc(path *p, double cx, double cy, double r, double a0, double a1) {
    int pieces = (int)ceil(fabs(a1 - a0) / (M_PI / 2.0) - 1e-9);
    double step = (a1 - a0) / pieces, k = 4.0 / 3.0 * tan(step / 4.0);
    for (int i = 0; i < pieces; i++) {
        double b0 = a0 + step * i, b1 = b0 + step;
        double x0 = cx + r * cos(b0), y0 = cy + r * sin(b0), x1 = cx + r * cos(b1), y1 = cy + r * sin(b1);
        p->e[p->n++] = ac_path_curve_to(x0 - k * r * sin(b0), y0 + k * r * cos(b0), x1 + k * r * sin(b1),
                                        y1 - k * r * cos(b1), x1, y1);
    }
}

/* The seed's arrow outline in a 240 x 240 layer: the outer arc from the tail to the head, the
 * pointed head, the inner arc back, closed. */
static path arrow_path(void) {
    path p = {.n = 0};
    double c = SIZE / 2.0, outer = SIZE / 2.0, inner = outer - THICKNESS, tip = outer - THICKNESS / 2.0;
    double start = -M_PI / 2.0, end = start + 2.0 * M_PI, head = end - M_PI / 16.0;
    p.e[p.n++] = ac_path_move_to(c + outer * cos(start), c + outer * sin(start));
    arc(&p, c, c, outer, start, head);
    p.e[p.n++] = ac_path_line_to(c + tip * cos(end), c + tip * sin(end));
    p.e[p.n++] = ac_path_line_to(c + inner * cos(head), c + inner * sin(head));
    arc(&p, c, c, inner, head, start);
    p.e[p.n++] = ac_path_close();
    return p;
}

/* A circle of radius r about the 240 x 240 layer's centre, from the top, clockwise. */
static path circle_path(double r) {
    path p = {.n = 0};
    double c = SIZE / 2.0;
    p.e[p.n++] = ac_path_move_to(c, c - r);
    arc(&p, c, c, r, -M_PI / 2.0, 1.5 * M_PI);
    return p;
}

/* A layer of class cls in superlayer (0: none), bounds w x h at (x, y). */
static ac_layer layer_in(ac_engine *engine, ac_class cls, ac_layer superlayer, double w, double h, double x,
                         double y) {
    ac_layer layer;
    demo_check(ac_layer_create(engine, cls, &layer), "ac_layer_create");
    demo_set(engine, layer, "bounds", ac_value_rect(0, 0, w, h));
    demo_set(engine, layer, "position", ac_value_point(x, y));
    if (superlayer) demo_check(ac_layer_add_sublayer(engine, superlayer, layer), "ac_layer_add_sublayer");
    return layer;
}

/* A 240 x 240 shape layer centred in (or on) its superlayer, with the path. */
static ac_layer shape_with(ac_engine *engine, ac_layer superlayer, path p, double x, double y) {
    ac_layer layer = layer_in(engine, AC_CLASS_SHAPE_LAYER, superlayer, SIZE, SIZE, x, y);
    demo_check(ac_layer_set_path(engine, layer, demo_key(engine, "path"), p.e, p.n), "path");
    return layer;
}

static void set_colors(ac_engine *engine, ac_layer layer, const double *rgba, size_t count) {
    demo_check(ac_layer_set_colors(engine, layer, demo_key(engine, "colors"), rgba, count), "colors");
}

/* A gradient swatch, 70 x 60 at (x, 315), of type with startPoint and endPoint. */
static ac_layer swatch(ac_engine *engine, ac_layer root, double x, int type, ac_value start, ac_value end) {
    ac_layer layer = layer_in(engine, AC_CLASS_GRADIENT_LAYER, root, 70, 60, x, 315);
    demo_set(engine, layer, "type", ac_value_integer(type));
    demo_set(engine, layer, "startPoint", start);
    demo_set(engine, layer, "endPoint", end);
    return layer;
}

/* A linear animation of key repeating forever: from -> to over duration, autoreversing. */
static void animate(ac_engine *engine, ac_layer layer, const char *key, ac_value from, ac_value to,
                    double duration) {
    ac_animation animation;
    ac_timing timing;
    ac_timing_function linear;
    demo_check(ac_animation_create_basic(engine, key, &animation), "animation");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from), "fromValue");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to), "toValue");
    demo_check(ac_timing_function_named("linear", &linear), "ac_timing_function_named");
    demo_check(ac_animation_set_timing_function(engine, animation, &linear), "timing function");
    demo_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = duration;
    timing.repeat_count = INFINITY;
    timing.autoreverses = 1;
    demo_check(ac_animation_set_timing(engine, animation, &timing), "timing");
    demo_check(ac_layer_add_animation(engine, layer, animation, key), "ac_layer_add_animation");
    demo_check(ac_animation_release(engine, animation), "ac_animation_release");
}

/* The conic swatch's endPoint round its centre in 2 s, forever (linear keyframes). */
static void turn_end_point(ac_engine *engine, ac_layer layer) {
    ac_animation animation;
    ac_timing timing;
    ac_value points[5] = {ac_value_point(1, 0.5), ac_value_point(0.5, 1), ac_value_point(0, 0.5),
                          ac_value_point(0.5, 0), ac_value_point(1, 0.5)};
    demo_check(ac_animation_create_keyframe(engine, "endPoint", &animation), "animation");
    demo_check(ac_animation_set_values(engine, animation, points, 5), "values");
    demo_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = 2.0;
    timing.repeat_count = INFINITY;
    demo_check(ac_animation_set_timing(engine, animation, &timing), "timing");
    demo_check(ac_layer_add_animation(engine, layer, animation, "turn"), "ac_layer_add_animation");
    demo_check(ac_animation_release(engine, animation), "ac_animation_release");
}

/* The layers of the scene. */
typedef struct scene {
    ac_layer root, ring, image, arrow, swipe, radial, conic, axial;
} scene;

/* The ring, the image and its two levels of masks, in the root. */
static void build_arrow(ac_engine *engine, scene *s) {
    s->ring = shape_with(engine, s->root, circle_path(SIZE / 2.0 - THICKNESS / 2.0), 130, 130);
    demo_set(engine, s->ring, "fillColor", ac_value_color(0, 0, 0, 0));
    demo_set(engine, s->ring, "strokeColor", ac_value_color(0.87, 0.87, 0.87, 1));
    demo_set(engine, s->ring, "lineWidth", ac_value_scalar(THICKNESS));
    s->image = layer_in(engine, AC_CLASS_GRADIENT_LAYER, s->root, SIZE, SIZE, 130, 130);
    double image_colors[12] = {0.95, 0.35, 0.2, 1, 0.95, 0.8, 0.2, 1, 0.2, 0.5, 0.9, 1};
    set_colors(engine, s->image, image_colors, 3);
    demo_set(engine, s->image, "startPoint", ac_value_point(0, 0));
    demo_set(engine, s->image, "endPoint", ac_value_point(1, 1));
    s->arrow = shape_with(engine, 0, arrow_path(), SIZE / 2.0, SIZE / 2.0);
    s->swipe = shape_with(engine, 0, circle_path(90), SIZE / 2.0, SIZE / 2.0);
    demo_set(engine, s->swipe, "fillColor", ac_value_color(0, 0, 0, 0));
    demo_set(engine, s->swipe, "strokeColor", ac_value_color(0, 0, 0, 1));
    demo_set(engine, s->swipe, "lineWidth", ac_value_scalar(64));
    demo_set(engine, s->swipe, "strokeEnd", ac_value_scalar(0));
    demo_check(ac_layer_set_mask(engine, s->image, s->arrow), "mask");
    demo_check(ac_layer_set_mask(engine, s->arrow, s->swipe), "mask");
}

/* The three gradient swatches under the arrow. */
static void build_swatches(ac_engine *engine, scene *s) {
    double radial_colors[8] = {1, 1, 1, 1, 0.15, 0.35, 0.8, 1};
    double conic_colors[20] = {0.9, 0.2, 0.2, 1, 0.95, 0.85, 0.2, 1, 0.2, 0.7, 0.3, 1, 0.2, 0.4, 0.9, 1,
                               0.9, 0.2, 0.2, 1};
    double axial_colors[12] = {0.1, 0.1, 0.3, 1, 0.9, 0.5, 0.2, 1, 1, 0.95, 0.8, 1};
    double axial_locations[3] = {0, 0.7, 1};
    s->radial = swatch(engine, s->root, 50, AC_GRADIENT_TYPE_RADIAL, ac_value_point(0.5, 0.5),
                       ac_value_point(1, 1));
    s->conic = swatch(engine, s->root, 130, AC_GRADIENT_TYPE_CONIC, ac_value_point(0.5, 0.5),
                      ac_value_point(1, 0.5));
    s->axial = swatch(engine, s->root, 210, AC_GRADIENT_TYPE_AXIAL, ac_value_point(0, 0.5),
                      ac_value_point(1, 0.5));
    set_colors(engine, s->radial, radial_colors, 2);
    set_colors(engine, s->conic, conic_colors, 5);
    set_colors(engine, s->axial, axial_colors, 3);
    demo_check(ac_layer_set_numbers(engine, s->axial, demo_key(engine, "locations"), axial_locations, 3),
               "locations");
    demo_set(engine, s->axial, "cornerRadius", ac_value_scalar(12));
}

/* Tick 1: every animation of the scenario. */
static void start_animations(ac_engine *engine, const scene *s) {
    animate(engine, s->swipe, "strokeEnd", ac_value_scalar(0), ac_value_scalar(1), 2.0);
    animate(engine, s->image, "startPoint", ac_value_point(0, 0), ac_value_point(1, 0), 2.0);
    animate(engine, s->image, "endPoint", ac_value_point(1, 1), ac_value_point(0, 1), 2.0);
    animate(engine, s->radial, "endPoint", ac_value_point(1, 1), ac_value_point(0.6, 0.6), 1.0);
    turn_end_point(engine, s->conic);
}

/* The screen after a tick: the render list, then the host's text. */
static void compose(ac_engine *engine, compositor *comp, ac_render_list list, ac_layer root, cairo_t *cr,
                    double stroke_end) {
    const ac_render_entry *entries;
    size_t count;
    char line[64];
    demo_check(ac_render_list_fill(engine, list, root, AC_GEOMETRY_PRESENTATION, &entries, &count, NULL, NULL),
               "ac_render_list_fill");
    compositor_draw(comp, cr, entries, count);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    snprintf(line, sizeof line, "strokeEnd %.3f", stroke_end);
    demo_text(cr, 10, 272, 13, line);
    demo_text(cr, 28, 362, 11, "radial");
    demo_text(cr, 112, 362, 11, "conic");
    demo_text(cr, 192, 362, 11, "axial");
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 002's first answer (two levels of shape masks)");
    ac_engine *engine;
    ac_render_list list;
    compositor comp;
    scene s;
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    compositor_init(&comp);
    compositor_set_engine(&comp, engine);
    ac_key stroke_end = demo_key(engine, "strokeEnd"), start_point = demo_key(engine, "startPoint");
    s.root = layer_in(engine, AC_CLASS_LAYER, 0, WIDTH, HEIGHT, WIDTH / 2.0, HEIGHT / 2.0);
    demo_set(engine, s.root, "backgroundColor", ac_value_color(0.94, 0.94, 0.94, 1));
    build_arrow(engine, &s);
    build_swatches(engine, &s);
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");

    cairo_surface_t *screen = demo_surface(WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(screen);
    FILE *csv = demo_csv_open(out, "stroke_end,stroke_end_model,start_x,start_x_model");
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) start_animations(engine, &s);
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        double row[4] = {demo_scalar(engine, s.swipe, stroke_end, 1), demo_scalar(engine, s.swipe, stroke_end, 0),
                         demo_value(engine, s.image, start_point, 1).v[0],
                         demo_value(engine, s.image, start_point, 0).v[0]};
        demo_csv_row(csv, tick, row, 4);
        if (!demo_records(tick)) continue;
        compose(engine, &comp, list, s.root, cr, row[0]);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    ac_layer layers[] = {s.swipe, s.arrow, s.image, s.ring, s.radial, s.conic, s.axial, s.root};
    for (size_t i = 0; i < sizeof layers / sizeof layers[0]; i++)
        demo_check(ac_layer_release(engine, layers[i]), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
