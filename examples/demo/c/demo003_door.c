/*
 * Seed 003's swinging door (Listing 9.2) drawn with Cairo from animcore's render list: the
 * door layer (frame 128 x 256, position (86, 150), anchorPoint (0, 0.5): it turns about its
 * left edge) in a 300 x 300 container whose sublayerTransform has the perspective m34 = -1/500,
 * animated by transform.rotation.y to -pi/2, duration 2, autoreverses, repeatDuration INFINITY.
 * Its contents are the host's "Door.png", drawn once with Cairo into a surface the compositor
 * finds by the layer's contents token. To show more of the compositor in perspective the door
 * also has rounded corners that clip it (masksToBounds), a border, and a window: a sublayer at
 * opacity 0.7 (an opacity group) whose mask is a rounded layer. Behind the door, the doorway.
 * The tree is built by door_scene.c. Every layer is drawn by the compositor (compositor.c) from
 * the render list, the door as a grid of affine triangles (its matrix is a homography): no
 * layer is placed by hand.
 *
 * Scenario: tick 1 adds the animation; the run ends at tick 240 (4 s: the door opens and shuts).
 *
 * usage: demo003_door OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "demo.h"
#include "door_scene.h"

#include <math.h>
#include <string.h>

#define LAST_TICK 240

/* The seed's swing: transform.rotation.y to -pi/2, duration 2, autoreverses, forever. */
static void swing(ac_engine *engine, ac_layer door) {
    ac_animation animation;
    ac_timing timing;
    ac_value to = ac_value_scalar(-M_PI_2);
    demo_check(ac_animation_create_basic(engine, "transform.rotation.y", &animation), "animation");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to), "toValue");
    demo_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = 2.0;
    timing.repeat_duration_s = INFINITY;
    timing.autoreverses = 1;
    demo_check(ac_animation_set_timing(engine, animation, &timing), "timing");
    demo_check(ac_layer_add_animation(engine, door, animation, NULL), "ac_layer_add_animation");
    demo_check(ac_animation_release(engine, animation), "ac_animation_release");
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 003 (the swinging door)");
    ac_engine *engine;
    door_scene scene;
    ac_render_list list;
    const ac_render_entry *entries;
    size_t count;
    compositor comp;
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    ac_key rotation = demo_key(engine, "transform.rotation.y");
    compositor_init(&comp);
    door_scene_build(engine, &comp, &scene);
    ac_layer door = scene.door;
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");

    cairo_surface_t *screen = demo_surface(DOOR_SCENE_SIZE, DOOR_SCENE_SIZE);
    cairo_t *cr = cairo_create(screen);
    FILE *csv = demo_csv_open(out, "angle,angle_model");
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) swing(engine, door);
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        double row[2] = {demo_scalar(engine, door, rotation, 1), demo_scalar(engine, door, rotation, 0)};
        demo_csv_row(csv, tick, row, 2);
        if (!demo_records(tick)) continue;
        demo_check(ac_render_list_fill(engine, list, scene.container, AC_GEOMETRY_PRESENTATION, &entries,
                                       &count, NULL, NULL),
                   "ac_render_list_fill");
        compositor_draw(&comp, cr, entries, count);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    door_scene_release(engine, &scene);
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
