/* Seed 003's door as a layer tree (door_scene.h). */
#include "door_scene.h"

#include "demo.h"

#include <math.h>

#define DOOR_W 128
#define DOOR_H 256
#define DOOR_TOKEN 1 /* the contents token of "Door.png" */

/* "Door.png": planks of wood, four panels and a knob, in a surface of the door's size. */
static cairo_surface_t *door_image(void) {
    cairo_surface_t *image = demo_surface(DOOR_W, DOOR_H);
    cairo_t *cr = cairo_create(image);
    cairo_set_source_rgb(cr, 0.55, 0.33, 0.17);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0.42, 0.24, 0.11);
    cairo_set_line_width(cr, 4);
    for (int row = 0; row < 2; row++) {
        for (int column = 0; column < 2; column++) {
            cairo_rectangle(cr, 16 + column * 52, 20 + row * 120, 44, 100);
        }
    }
    cairo_stroke(cr);
    cairo_arc(cr, 110, 136, 6, 0, 2 * M_PI);
    cairo_set_source_rgb(cr, 0.9, 0.75, 0.2);
    cairo_fill(cr);
    cairo_destroy(cr);
    return image;
}

/* A layer of size w x h at position (x, y) with a background colour, in superlayer (0: none). */
static ac_layer layer_in(ac_engine *engine, ac_layer superlayer, double w, double h, double x,
                         double y, ac_value color) {
    ac_layer layer;
    demo_check(ac_layer_create(engine, 0, &layer), "ac_layer_create");
    demo_set(engine, layer, "bounds", ac_value_rect(0, 0, w, h));
    demo_set(engine, layer, "position", ac_value_point(x, y));
    demo_set(engine, layer, "backgroundColor", color);
    if (superlayer) demo_check(ac_layer_add_sublayer(engine, superlayer, layer), "ac_layer_add_sublayer");
    return layer;
}

void door_scene_build(ac_engine *engine, compositor *comp, door_scene *scene) {
    const double size = DOOR_SCENE_SIZE;
    scene->image = door_image();
    compositor_set_contents(comp, DOOR_TOKEN, scene->image);
    /* The container: the screen, its sublayers seen in perspective (the eye 500 in front). */
    double perspective[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    perspective[11] = -1.0 / 500.0; /* m34 */
    scene->container = layer_in(engine, 0, size, size, size / 2.0, size / 2.0, ac_value_color(0.94, 0.94, 0.94, 1));
    demo_set(engine, scene->container, "sublayerTransform", ac_value_transform3d(perspective));
    scene->doorway = layer_in(engine, scene->container, DOOR_W, DOOR_H, 150, 150, ac_value_color(0.16, 0.16, 0.2, 1));
    ac_layer door = layer_in(engine, scene->container, DOOR_W, DOOR_H, 150 - 64, 150, ac_value_color(0, 0, 0, 0));
    demo_set(engine, door, "anchorPoint", ac_value_point(0, 0.5));
    demo_set(engine, door, "contents", ac_value_token(DOOR_TOKEN));
    demo_set(engine, door, "cornerRadius", ac_value_scalar(10));
    demo_set(engine, door, "masksToBounds", ac_value_bool(1));
    demo_set(engine, door, "borderWidth", ac_value_scalar(3));
    demo_set(engine, door, "borderColor", ac_value_color(0.3, 0.16, 0.07, 1));
    scene->door = door;
    scene->window = layer_in(engine, door, 64, 40, 64, 48, ac_value_color(0.7, 0.85, 1, 1));
    demo_set(engine, scene->window, "opacity", ac_value_scalar(0.7));
    scene->window_mask = layer_in(engine, 0, 64, 40, 32, 20, ac_value_color(0, 0, 0, 1));
    demo_set(engine, scene->window_mask, "cornerRadius", ac_value_scalar(20));
    demo_check(ac_layer_set_mask(engine, scene->window, scene->window_mask), "ac_layer_set_mask");
}

void door_scene_release(ac_engine *engine, door_scene *scene) {
    ac_layer layers[] = {scene->window_mask, scene->window, scene->door, scene->doorway, scene->container};
    for (size_t i = 0; i < sizeof layers / sizeof layers[0]; i++) {
        demo_check(ac_layer_release(engine, layers[i]), "ac_layer_release");
    }
    cairo_surface_destroy(scene->image);
}
