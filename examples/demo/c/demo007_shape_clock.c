/*
 * Seed 000's first clock ("Indirect Property Animation") as the seed builds it: CAShapeLayers.
 * The face is a CAShapeLayer (bounds 200 x 200, an ellipse path filling it, fillColor white,
 * strokeColor black, lineWidth 4); the hour and minute hands are CAShapeLayers with rectangle
 * paths (-2, -70, 4, 70) and (-1, -90, 2, 90), black, positioned on the face's centre (their
 * bounds empty: the path is drawn about the position). Two clocks side by side, drawn from
 * the render list by the demo's compositor, which draws each shape layer's shape
 * (compositor_shape.c):
 *
 *   left   the seed's setTime: sets each hand's transform (affineTransform) to the rotation
 *          of its angle; the hands' implicit animations interpolate the matrices, so from
 *          11 to 1 o'clock the hour hand takes the short way (through 12) and the minute
 *          hand, from 12 to 12, stands still: the seed's point;
 *   right  the same times with CAValueFunction: an explicit animation of transform with
 *          valueFunction rotateZ from the old angle to the new (time-continuous: 1 o'clock
 *          after 11 is 13/12 of a turn), so the minute hand turns twice from 11:00 to 1:00
 *          and once (0 -> 2 pi) from 1:00 to 2:00, where a matrix animation stands still.
 *
 * Scenario (a change "at tick n" is made after tick n - 1 and starts at tick n): the clocks
 * show 11:00 at tick 0; tick 1: 1:00 in a 2 s transaction; tick 151: 2:00 in a 1 s
 * transaction; both linear. The run ends at tick 240 (4 s).
 *
 * usage: demo007_shape_clock OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "compositor.h"
#include "demo.h"

#include <math.h>

#define WIDTH 440
#define HEIGHT 280
#define SIZE 200
#define LAST_TICK 240

typedef struct clock_layers {
    ac_layer face, hour, minute;
} clock_layers;

/* The hands' angles for a time in hours (clockwise on the y-down screen, as rotation.z turns),
 * continuous in time; the minute hand's counted from 1:00, so 1:00 -> 2:00 turns it 0 -> 2 pi. */
static double hour_angle(double time) { return time / 12.0 * 2.0 * M_PI; }
static double minute_angle(double time) { return (time - 13.0) * 2.0 * M_PI; }

static ac_value rotation(double angle) {
    double c = cos(angle), s = sin(angle);
    double m[16] = {c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    return ac_value_transform3d(m);
}

/* A CAShapeLayer in superlayer: path built by ac_path_rect / ac_path_ellipse of (x, y, w, h). */
static ac_layer shape_in(ac_engine *engine, ac_layer superlayer, int ellipse, double x, double y, double w,
                         double h) {
    ac_layer layer;
    ac_path_element path[AC_PATH_ELLIPSE_ELEMENTS];
    size_t count;
    demo_check(ac_layer_create(engine, AC_CLASS_SHAPE_LAYER, &layer), "ac_layer_create");
    if (ellipse)
        demo_check(ac_path_ellipse(x, y, w, h, path, AC_PATH_ELLIPSE_ELEMENTS, &count), "ac_path_ellipse");
    else
        demo_check(ac_path_rect(x, y, w, h, path, AC_PATH_ELLIPSE_ELEMENTS, &count), "ac_path_rect");
    demo_check(ac_layer_set_path(engine, layer, demo_key(engine, "path"), path, count), "path");
    demo_check(ac_layer_add_sublayer(engine, superlayer, layer), "ac_layer_add_sublayer");
    return layer;
}

/* The seed's ClockFace at (x, y): the face and its two hands, showing 11:00. */
static clock_layers make_clock(ac_engine *engine, ac_layer root, double x, double y) {
    clock_layers c;
    c.face = shape_in(engine, root, 1, 0, 0, SIZE, SIZE);
    demo_set(engine, c.face, "bounds", ac_value_rect(0, 0, SIZE, SIZE));
    demo_set(engine, c.face, "position", ac_value_point(x, y));
    demo_set(engine, c.face, "fillColor", ac_value_color(1, 1, 1, 1));
    demo_set(engine, c.face, "strokeColor", ac_value_color(0, 0, 0, 1));
    demo_set(engine, c.face, "lineWidth", ac_value_scalar(4));
    c.hour = shape_in(engine, c.face, 0, -2, -70, 4, 70);
    c.minute = shape_in(engine, c.face, 0, -1, -90, 2, 90);
    ac_layer hands[2] = {c.hour, c.minute};
    for (int i = 0; i < 2; i++) {
        demo_set(engine, hands[i], "fillColor", ac_value_color(0, 0, 0, 1));
        demo_set(engine, hands[i], "position", ac_value_point(SIZE / 2.0, SIZE / 2.0));
    }
    demo_set(engine, c.hour, "transform", rotation(hour_angle(11.0)));
    demo_set(engine, c.minute, "transform", rotation(minute_angle(11.0)));
    return c;
}

/* The value-function clock's hand: transform from angle from to angle to with rotateZ, linear
 * over the transaction; its model transform set to the new rotation without an action. */
static void spin_hand(ac_engine *engine, ac_layer hand, double from, double to) {
    ac_animation animation;
    ac_timing_function linear;
    ac_value from_value = ac_value_scalar(from), to_value = ac_value_scalar(to);
    demo_check(ac_transaction_begin(engine), "ac_transaction_begin");
    demo_check(ac_transaction_set_disable_actions(engine, 1), "disableActions");
    demo_set(engine, hand, "transform", rotation(to));
    demo_check(ac_transaction_commit(engine), "ac_transaction_commit");
    demo_check(ac_animation_create_basic(engine, "transform", &animation), "animation");
    demo_check(ac_animation_set_value_function(engine, animation, "rotateZ"), "valueFunction");
    demo_check(ac_timing_function_named("linear", &linear), "ac_timing_function_named");
    demo_check(ac_animation_set_timing_function(engine, animation, &linear), "timing function");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from_value), "fromValue");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to_value), "toValue");
    demo_check(ac_layer_add_animation(engine, hand, animation, "spin"), "ac_layer_add_animation");
    demo_check(ac_animation_release(engine, animation), "ac_animation_release");
}

/* Both clocks go from time from to time to (hours) in a linear transaction of duration s. */
static void set_time(ac_engine *engine, const clock_layers *left, const clock_layers *right, double from,
                     double to, double duration) {
    ac_timing_function linear;
    demo_check(ac_timing_function_named("linear", &linear), "ac_timing_function_named");
    demo_check(ac_transaction_begin(engine), "ac_transaction_begin");
    demo_check(ac_transaction_set_animation_duration(engine, duration), "duration");
    demo_check(ac_transaction_set_timing_function(engine, &linear), "timing function");
    demo_set(engine, left->hour, "transform", rotation(hour_angle(to))); /* the seed's setTime: */
    demo_set(engine, left->minute, "transform", rotation(minute_angle(to)));
    spin_hand(engine, right->hour, hour_angle(from), hour_angle(to));
    spin_hand(engine, right->minute, minute_angle(from), minute_angle(to));
    demo_check(ac_transaction_commit(engine), "ac_transaction_commit");
}

/* The screen after a tick: the render list, then the host's labels and the time. */
static void compose(ac_engine *engine, compositor *comp, ac_render_list list, ac_layer root, cairo_t *cr,
                    double time) {
    const ac_render_entry *entries;
    size_t count;
    char line[64];
    demo_check(ac_render_list_fill(engine, list, root, AC_GEOMETRY_PRESENTATION, &entries, &count, NULL, NULL),
               "ac_render_list_fill");
    compositor_draw(comp, cr, entries, count);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    demo_text(cr, 20, 242, 13, "affineTransform (the seed)");
    demo_text(cr, 240, 242, 13, "transform + rotateZ function");
    snprintf(line, sizeof line, "time %d:%02d", (int)floor(time), (int)floor((time - floor(time)) * 60.0));
    demo_text(cr, 180, 268, 13, line);
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 000's first clock (CAShapeLayer hands)");
    ac_engine *engine;
    ac_layer root;
    ac_render_list list;
    compositor comp;
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    compositor_init(&comp);
    compositor_set_engine(&comp, engine); /* the shape layers' paths and colours */
    ac_key angle = demo_key(engine, "transform.rotation.z");
    demo_check(ac_layer_create(engine, AC_CLASS_LAYER, &root), "ac_layer_create");
    demo_set(engine, root, "bounds", ac_value_rect(0, 0, WIDTH, HEIGHT));
    demo_set(engine, root, "position", ac_value_point(WIDTH / 2.0, HEIGHT / 2.0));
    demo_set(engine, root, "backgroundColor", ac_value_color(0.94, 0.94, 0.94, 1));
    clock_layers left = make_clock(engine, root, 110, 120), right = make_clock(engine, root, 330, 120);
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");

    cairo_surface_t *screen = demo_surface(WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(screen);
    FILE *csv = demo_csv_open(out, "left_hour,left_minute,right_hour,right_minute,right_hour_model");
    double time = 11.0;
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) set_time(engine, &left, &right, 11.0, 13.0, 2.0);
        if (tick == 151) set_time(engine, &left, &right, 13.0, 14.0, 1.0);
        if (tick == 1) time = 13.0;
        if (tick == 151) time = 14.0;
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        double row[5] = {demo_scalar(engine, left.hour, angle, 1), demo_scalar(engine, left.minute, angle, 1),
                         demo_scalar(engine, right.hour, angle, 1), demo_scalar(engine, right.minute, angle, 1),
                         demo_scalar(engine, right.hour, angle, 0)};
        demo_csv_row(csv, tick, row, 5);
        if (!demo_records(tick)) continue;
        compose(engine, &comp, list, root, cr, time > 12.0 ? time - 12.0 : time);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    ac_layer layers[] = {left.hour, left.minute, left.face, right.hour, right.minute, right.face, root};
    for (size_t i = 0; i < sizeof layers / sizeof layers[0]; i++)
        demo_check(ac_layer_release(engine, layers[i]), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
