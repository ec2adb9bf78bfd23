/*
 * Seed 004 ("Animating custom layer properties — how hard could it be?") on animcore: a
 * CircleLayer with a custom `radius` and a custom colour, both redisplaying when they change.
 * radius animates by the class's action (-actionForKey:: a basic animation from the
 * presentation value; linear, the transaction's duration); the colour by the built-in implicit
 * animation (curve "default") — no colorRef redirection: a declared colour interpolates like
 * any other property.
 *
 * The tap: [CATransaction setAnimationDuration:2]; radius = 100; color = green. One second
 * later, with the animations in flight: [CATransaction setAnimationDuration:1]; position =
 * CGPointZero; radius = 25 — the new radius animation starts where the first one has got to.
 * Both changes use the implicit transaction (committed by the next tick). Prints every 6th tick
 * and the two after the change; the Python version (examples/python/seed004_circle.py) runs the
 * same scenario at the same ticks and prints the same table.
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

typedef struct circle_state {
    ac_key radius, color, position;
    int displays;
} circle_state;

/* -drawInContext: fills an ellipse of the presentation radius and colour; count the calls. */
static void circle_display(ac_engine *engine, ac_layer layer, void *user_data) {
    (void)engine;
    (void)layer;
    ((circle_state *)user_data)->displays++;
}

/* -actionForKey: @"radius": a basic animation from the presentation value; the rest of the
   search (the built-in implicit animation) for every other key. */
static int32_t circle_action(ac_engine *engine, ac_layer layer, const char *key,
                             ac_animation animation, void *user_data) {
    circle_state *s = user_data;
    double from;
    if (strcmp(key, "radius") != 0) return AC_ACTION_CONTINUE;
    check(ac_layer_get_presentation_scalar(engine, layer, s->radius, &from), "radius");
    ac_value from_value = ac_value_scalar(from);
    check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from_value), "fromValue");
    return AC_ACTION_ANIMATION;
}

static void print_row(ac_engine *engine, ac_layer circle, const circle_state *s, int frame) {
    double radius, model;
    ac_value color, position;
    check(ac_layer_get_presentation_scalar(engine, circle, s->radius, &radius), "radius");
    check(ac_layer_get_scalar(engine, circle, s->radius, &model), "radius");
    check(ac_layer_get_presentation_value(engine, circle, s->color, &color), "color");
    check(ac_layer_get_presentation_value(engine, circle, s->position, &position), "position");
    printf("%6d %7.3f %9.4f %7.1f %6.3f %6.3f %8.2f %8.2f %8d\n", frame, frame / 60.0, radius,
           model, color.v[0], color.v[1], position.v[0], position.v[1], s->displays);
}

int main(void) {
    ac_engine *engine;
    ac_class circle_class;
    ac_layer view, circle;
    circle_state s = {0, 0, 0, 0};
    check(ac_engine_create(NULL, &engine), "ac_engine_create");

    /* @interface CircleLayer : CALayer  @property CGFloat radius; @property UIColor *color; */
    ac_value zero = ac_value_scalar(0), red = ac_value_color(1, 0, 0, 1);
    ac_property_desc properties[2];
    check(ac_property_desc_init(&properties[0], "radius", &zero), "ac_property_desc_init");
    check(ac_property_desc_init(&properties[1], "color", &red), "ac_property_desc_init");
    properties[0].needs_display = properties[1].needs_display = 1; /* +needsDisplayForKey: */
    check(ac_class_create(engine, "CircleLayer", 0, properties, 2, &circle_class), "ac_class_create");
    check(ac_class_set_display(engine, circle_class, circle_display, &s, NULL), "ac_class_set_display");
    check(ac_class_set_default_action(engine, circle_class, circle_action, &s, NULL), "action");
    check(ac_engine_key(engine, "radius", &s.radius), "ac_engine_key");
    check(ac_engine_key(engine, "color", &s.color), "ac_engine_key");
    check(ac_engine_key(engine, "position", &s.position), "ac_engine_key");

    /* -viewDidLoad: radius 50, frame = the view's bounds, [self setNeedsDisplay] in -init. */
    ac_key bounds_key, frame_key;
    ac_value bounds = ac_value_rect(0, 0, 320, 480);
    check(ac_engine_key(engine, "bounds", &bounds_key), "ac_engine_key");
    check(ac_engine_key(engine, "frame", &frame_key), "ac_engine_key");
    check(ac_layer_create(engine, 0, &view), "ac_layer_create");
    check(ac_layer_set_value(engine, view, bounds_key, &bounds), "ac_layer_set_value");
    check(ac_layer_create(engine, circle_class, &circle), "ac_layer_create");
    check(ac_layer_set_scalar(engine, circle, s.radius, 50), "ac_layer_set_scalar");
    check(ac_layer_set_value(engine, circle, frame_key, &bounds), "ac_layer_set_value");
    check(ac_layer_set_needs_display(engine, circle), "ac_layer_set_needs_display");
    check(ac_layer_add_sublayer(engine, view, circle), "ac_layer_add_sublayer");
    check(ac_engine_tick(engine, 0.0), "ac_engine_tick"); /* first display; committed */

    printf("Seed 004: the circle tapped (2 s: radius 100, green), changed in flight 1 s later"
           " (1 s: position 0,0, radius 25)\n\n");
    printf("%6s %7s %9s %7s %6s %6s %8s %8s %8s\n", "frame", "t (s)", "radius", "model", "red",
           "green", "x", "y", "displays");

    /* -tap: (outside any explicit transaction: the implicit one, committed by the next tick) */
    ac_value green = ac_value_color(0, 1, 0, 1), origin = ac_value_point(0, 0);
    check(ac_transaction_set_animation_duration(engine, 2.0), "ac_transaction_set_animation_duration");
    check(ac_layer_set_scalar(engine, circle, s.radius, 100), "ac_layer_set_scalar");
    check(ac_layer_set_value(engine, circle, s.color, &green), "ac_layer_set_value");
    for (int frame = 1; frame <= 180; frame++) {
        if (frame == 61) { /* dispatch_after 1 s: change in flight */
            printf("  -- in flight: duration 1, position (0, 0), radius 25\n");
            check(ac_transaction_set_animation_duration(engine, 1.0), "ac_transaction_set_animation_duration");
            check(ac_layer_set_value(engine, circle, s.position, &origin), "ac_layer_set_value");
            check(ac_layer_set_scalar(engine, circle, s.radius, 25), "ac_layer_set_scalar");
        }
        check(ac_engine_tick(engine, frame / 60.0), "ac_engine_tick");
        if (frame % 6 == 1 || frame == 62 || frame == 63) print_row(engine, circle, &s, frame);
    }
    printf("\n%d display calls; the radius never jumps: at t = 1 s it turns from its way to 100"
           " towards 25\n", s.displays);
    check(ac_layer_release(engine, circle), "ac_layer_release");
    check(ac_layer_release(engine, view), "ac_layer_release");
    check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
