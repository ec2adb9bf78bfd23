/*
 * Seed 004 ("Animating custom layer properties — how hard could it be?") drawn with Cairo: a
 * CircleLayer with a custom `radius` and a custom colour, both redisplaying when they change.
 * radius animates by the class's action (-actionForKey:: a basic animation from the
 * presentation value, linear, the transaction's duration); the colour by the built-in implicit
 * animation (the engine interpolates colours: no colorRef redirection). The display callback is
 * the seed's -drawInContext: (an ellipse `radius` wide, centred in the bounds, in the colour)
 * into the layer's contents; the screen is the render list drawn by the demo's compositor
 * (compositor.c): the view's layer (320 x 480, white, a grey border, shown at half size by its
 * transform) and in it the circle layer, its contents (drawn at half size: contentsScale 0.5)
 * where the engine puts it. No layer is placed by hand; the host adds the radius as text.
 *
 * Scenario: the tap at tick 1 ([CATransaction setAnimationDuration:2]; radius 100; colour
 * green); one second later, at tick 61, in flight ([CATransaction setAnimationDuration:1];
 * position CGPointZero; radius 25): the radius turns from where it is, the circle moves to the
 * view's corner, the colour keeps its own 2 s. The run ends at tick 180 (3 s).
 *
 * usage: demo004_circle OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "compositor.h"
#include "demo.h"

#include <math.h>
#include <string.h>

#define WIDTH 200
#define HEIGHT 300
#define SCALE 0.5 /* the view, 320 x 480, at half size */
#define VIEW_X 20
#define VIEW_Y 20
#define LAST_TICK 180
#define CIRCLE_TOKEN 1 /* the circle layer's contents */

typedef struct host {
    ac_layer circle, root;
    ac_key radius, color, position, bounds;
    cairo_surface_t *contents; /* the circle layer's backing image, at SCALE */
} host;

/* -drawInContext: an ellipse radius wide, centred in the bounds, in the presentation colour. */
static void circle_display(ac_engine *engine, ac_layer layer, void *user_data) {
    host *h = user_data;
    double radius = demo_scalar(engine, layer, h->radius, 1);
    ac_value color = demo_value(engine, layer, h->color, 1);
    ac_value bounds = demo_value(engine, layer, h->bounds, 1);
    cairo_t *cr = cairo_create(h->contents);
    demo_clear(cr);
    cairo_scale(cr, SCALE, SCALE);
    cairo_arc(cr, bounds.v[2] / 2, bounds.v[3] / 2, radius / 2, 0, 2 * M_PI);
    cairo_set_source_rgba(cr, color.v[0], color.v[1], color.v[2], color.v[3]);
    cairo_fill(cr);
    cairo_destroy(cr);
}

/* -actionForKey: @"radius": a basic animation from the presentation value. */
static int32_t circle_action(ac_engine *engine, ac_layer layer, const char *key,
                             ac_animation animation, void *user_data) {
    host *h = user_data;
    if (strcmp(key, "radius") != 0) return AC_ACTION_CONTINUE; /* the built-in action */
    ac_value from = ac_value_scalar(demo_scalar(engine, layer, h->radius, 1));
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from), "fromValue");
    return AC_ACTION_ANIMATION;
}

/* The screen after a tick: the render list, then the radius. */
static void compose(ac_engine *engine, host *h, compositor *comp, ac_render_list list,
                    cairo_t *cr) {
    char line[64];
    const ac_render_entry *entries;
    size_t count;
    double radius = demo_scalar(engine, h->circle, h->radius, 1);
    demo_check(ac_render_list_fill(engine, list, h->root, AC_GEOMETRY_PRESENTATION, &entries, &count,
                                   NULL, NULL),
               "ac_render_list_fill");
    compositor_draw(comp, cr, entries, count);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    snprintf(line, sizeof line, "radius %.1f", radius);
    demo_text(cr, VIEW_X, 286, 13, line);
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 004 (the circle)");
    ac_engine *engine;
    ac_class circle_class;
    ac_layer view;
    ac_render_list list;
    compositor comp;
    host h;
    memset(&h, 0, sizeof h);
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");

    /* @interface CircleLayer : CALayer  @property CGFloat radius; @property UIColor *color; */
    ac_value zero = ac_value_scalar(0), red = ac_value_color(1, 0, 0, 1);
    ac_property_desc properties[2];
    demo_check(ac_property_desc_init(&properties[0], "radius", &zero), "ac_property_desc_init");
    demo_check(ac_property_desc_init(&properties[1], "color", &red), "ac_property_desc_init");
    properties[0].needs_display = properties[1].needs_display = 1;
    demo_check(ac_class_create(engine, "CircleLayer", 0, properties, 2, &circle_class), "CircleLayer");
    demo_check(ac_class_set_display(engine, circle_class, circle_display, &h, NULL), "display");
    demo_check(ac_class_set_default_action(engine, circle_class, circle_action, &h, NULL), "action");
    h.radius = demo_key(engine, "radius");
    h.color = demo_key(engine, "color");
    h.position = demo_key(engine, "position");
    h.bounds = demo_key(engine, "bounds");
    h.contents = demo_surface((int)(320 * SCALE), (int)(480 * SCALE));
    compositor_init(&comp);
    compositor_set_contents(&comp, CIRCLE_TOKEN, h.contents);

    /* The screen (grey 0.94) holds the view's layer, shown at half size (anchorPoint (0, 0) at
     * (VIEW_X, VIEW_Y), transform scale 0.5): white, a grey border 2 wide (1 on the screen). */
    double scale[16] = {SCALE, 0, 0, 0, 0, SCALE, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    demo_check(ac_layer_create(engine, 0, &h.root), "ac_layer_create");
    demo_set(engine, h.root, "bounds", ac_value_rect(0, 0, WIDTH, HEIGHT));
    demo_set(engine, h.root, "position", ac_value_point(WIDTH / 2.0, HEIGHT / 2.0));
    demo_set(engine, h.root, "backgroundColor", ac_value_color(0.94, 0.94, 0.94, 1));

    /* -viewDidLoad: radius 50, frame = the view's bounds, [self setNeedsDisplay] in -init. */
    demo_check(ac_layer_create(engine, 0, &view), "ac_layer_create");
    demo_check(ac_layer_create(engine, circle_class, &h.circle), "ac_layer_create");
    demo_set(engine, view, "bounds", ac_value_rect(0, 0, 320, 480));
    demo_set(engine, view, "anchorPoint", ac_value_point(0, 0));
    demo_set(engine, view, "position", ac_value_point(VIEW_X, VIEW_Y));
    demo_set(engine, view, "transform", ac_value_transform3d(scale));
    demo_set(engine, view, "backgroundColor", ac_value_color(1, 1, 1, 1));
    demo_set(engine, view, "borderWidth", ac_value_scalar(2));
    demo_set(engine, view, "borderColor", ac_value_color(0.7, 0.7, 0.7, 1));
    demo_check(ac_layer_add_sublayer(engine, h.root, view), "ac_layer_add_sublayer");
    demo_check(ac_layer_set_scalar(engine, h.circle, h.radius, 50), "radius");
    demo_set(engine, h.circle, "frame", ac_value_rect(0, 0, 320, 480));
    demo_set(engine, h.circle, "contents", ac_value_token(CIRCLE_TOKEN));
    demo_set(engine, h.circle, "contentsScale", ac_value_scalar(SCALE));
    demo_check(ac_layer_set_needs_display(engine, h.circle), "setNeedsDisplay");
    demo_check(ac_layer_add_sublayer(engine, view, h.circle), "ac_layer_add_sublayer");
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");

    cairo_surface_t *screen = demo_surface(WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(screen);
    FILE *csv = demo_csv_open(out, "radius,radius_model,red,red_model,green,green_model,"
                                   "x,x_model,y,y_model");
    ac_value green = ac_value_color(0, 1, 0, 1), origin = ac_value_point(0, 0);
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) { /* -tap: (the implicit transaction, committed by the tick) */
            demo_check(ac_transaction_set_animation_duration(engine, 2.0), "duration");
            demo_check(ac_layer_set_scalar(engine, h.circle, h.radius, 100), "radius");
            demo_check(ac_layer_set_value(engine, h.circle, h.color, &green), "color");
        } else if (tick == 61) { /* dispatch_after 1 s: the change in flight */
            demo_check(ac_transaction_set_animation_duration(engine, 1.0), "duration");
            demo_check(ac_layer_set_value(engine, h.circle, h.position, &origin), "position");
            demo_check(ac_layer_set_scalar(engine, h.circle, h.radius, 25), "radius");
        }
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        ac_value color = demo_value(engine, h.circle, h.color, 1);
        ac_value color_model = demo_value(engine, h.circle, h.color, 0);
        ac_value position = demo_value(engine, h.circle, h.position, 1);
        ac_value position_model = demo_value(engine, h.circle, h.position, 0);
        double row[10] = {demo_scalar(engine, h.circle, h.radius, 1),
                          demo_scalar(engine, h.circle, h.radius, 0),
                          color.v[0], color_model.v[0], color.v[1], color_model.v[1],
                          position.v[0], position_model.v[0], position.v[1], position_model.v[1]};
        demo_csv_row(csv, tick, row, 10);
        if (!demo_records(tick)) continue;
        compose(engine, &h, &comp, list, cr);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    demo_check(ac_layer_release(engine, h.circle), "ac_layer_release");
    demo_check(ac_layer_release(engine, view), "ac_layer_release");
    demo_check(ac_layer_release(engine, h.root), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    cairo_surface_destroy(h.contents);
    return 0;
}
