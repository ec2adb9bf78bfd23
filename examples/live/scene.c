/* The live host's layers (see live.h): a stage filling the window, a tray, a target marker and
 * the ball, and their drawing through the render list and the demo's compositor. */
#include "live.h"

#include <stdlib.h>

#define TRAY_MARGIN 16.0   /* points between the window's edge and the tray */
#define BALL_SIZE 64.0     /* the ball's diameter, points */
#define BALL_BORDER 6.0    /* the flash ring's width, points (transparent until a tap) */
#define MARKER_SIZE 14.0

void live_check(ac_status status, const char *what) {
    if (status != AC_OK) {
        fprintf(stderr, "live: %s failed: %s\n", what, ac_last_error_message());
        exit(1);
    }
}

ac_key scene_key(live_scene *scene, const char *name) {
    ac_key key;
    live_check(ac_engine_key(scene->engine, name, &key), name);
    return key;
}

static void set_value(live_scene *scene, ac_layer layer, const char *name, ac_value value) {
    live_check(ac_layer_set_value(scene->engine, layer, scene_key(scene, name), &value), name);
}

/* A layer of size w x h centred at (x, y) in its superlayer (none when superlayer is 0). */
static ac_layer add_layer(live_scene *scene, ac_layer superlayer, double w, double h, double x,
                          double y, ac_value color, double corner_radius) {
    ac_layer layer;
    live_check(ac_layer_create(scene->engine, 0, &layer), "ac_layer_create");
    set_value(scene, layer, "bounds", ac_value_rect(0, 0, w, h));
    set_value(scene, layer, "position", ac_value_point(x, y));
    set_value(scene, layer, "backgroundColor", color);
    set_value(scene, layer, "cornerRadius", ac_value_scalar(corner_radius));
    if (superlayer != 0)
        live_check(ac_layer_add_sublayer(scene->engine, superlayer, layer), "add_sublayer");
    return layer;
}

void scene_create(live_scene *scene) {
    const double tray_w = LIVE_WIDTH - 2 * TRAY_MARGIN, tray_h = LIVE_HEIGHT - 2 * TRAY_MARGIN;
    live_check(ac_engine_create(NULL, &scene->engine), "ac_engine_create");
    live_check(ac_engine_key(scene->engine, "position", &scene->position), "position");
    /* Built before the first tick: no implicit animations (nothing is on screen yet). */
    scene->stage = add_layer(scene, 0, LIVE_WIDTH, LIVE_HEIGHT, LIVE_WIDTH / 2.0,
                             LIVE_HEIGHT / 2.0, ac_value_color(0.86, 0.87, 0.9, 1), 0);
    scene->tray = add_layer(scene, scene->stage, tray_w, tray_h, LIVE_WIDTH / 2.0,
                            LIVE_HEIGHT / 2.0, ac_value_color(0.98, 0.98, 0.97, 1), 18);
    scene->marker = add_layer(scene, scene->tray, MARKER_SIZE, MARKER_SIZE, tray_w / 2,
                              tray_h / 2, ac_value_color(0.85, 0.25, 0.3, 1), MARKER_SIZE / 2);
    set_value(scene, scene->marker, "opacity", ac_value_scalar(0)); /* until the first spring */
    scene->ball = add_layer(scene, scene->tray, BALL_SIZE, BALL_SIZE, tray_w / 2, tray_h / 2,
                            ac_value_color(0.22, 0.47, 0.9, 1), BALL_SIZE / 2);
    set_value(scene, scene->ball, "borderWidth", ac_value_scalar(BALL_BORDER));
    set_value(scene, scene->ball, "borderColor", ac_value_color(1, 0.6, 0.1, 0));
    live_check(ac_render_list_create(scene->engine, &scene->list), "ac_render_list_create");
    compositor_init(&scene->comp); /* no layer has contents */
}

void scene_destroy(live_scene *scene) {
    ac_layer layers[4] = {scene->ball, scene->marker, scene->tray, scene->stage};
    compositor_finish(&scene->comp);
    live_check(ac_render_list_destroy(scene->engine, scene->list), "ac_render_list_destroy");
    for (int i = 0; i < 4; i++)
        live_check(ac_layer_release(scene->engine, layers[i]), "ac_layer_release");
    live_check(ac_engine_destroy(scene->engine), "ac_engine_destroy");
}

void scene_draw(live_scene *scene, cairo_t *cr) {
    const ac_render_entry *entries;
    size_t count;
    live_check(ac_render_list_fill(scene->engine, scene->list, scene->stage,
                                   AC_GEOMETRY_PRESENTATION, &entries, &count, NULL, NULL),
               "ac_render_list_fill");
    compositor_draw(&scene->comp, cr, entries, count);
}

const char *scene_layer_name(const live_scene *scene, ac_layer layer) {
    if (layer == 0) return "none";
    if (layer == scene->ball) return "ball";
    if (layer == scene->marker) return "marker";
    if (layer == scene->tray) return "tray";
    if (layer == scene->stage) return "stage";
    return "unknown";
}

void scene_ball_motion(live_scene *scene, double position[2], double velocity[2]) {
    ac_value shown, speed;
    live_check(ac_layer_get_presentation_value(scene->engine, scene->ball, scene->position, &shown),
               "ball position");
    live_check(ac_layer_get_presentation_velocity(scene->engine, scene->ball, scene->position, &speed),
               "ball velocity");
    position[0] = shown.v[0], position[1] = shown.v[1];
    velocity[0] = speed.v[0], velocity[1] = speed.v[1];
}

void scene_window_to_tray(live_scene *scene, const double window_point[2], double tray_point[2]) {
    int32_t mapped;
    live_check(ac_layer_convert_point(scene->engine, 0, scene->tray, AC_GEOMETRY_PRESENTATION,
                                      window_point, tray_point, &mapped),
               "ac_layer_convert_point");
    if (!mapped) { /* only a tray turned edge-on or in perspective could fail; this one is flat */
        fprintf(stderr, "live: (%g, %g) does not map into the tray\n", window_point[0],
                window_point[1]);
        exit(1);
    }
}
