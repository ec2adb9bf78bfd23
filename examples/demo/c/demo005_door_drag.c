/*
 * Seed 003's door (examples/demo/c/demo003_door.c: the door in perspective, its contents, clip,
 * border and window) scrubbed by a simulated drag through an animator, then continued with a
 * spring (UIViewPropertyAnimator's interactive pattern): an animator of 1 s, linear, whose block
 * sets the door's transform.rotation.y to -pi/2, is paused at once; the drag moves its
 * fractionComplete from 0 to 0.75 and back to 0.4; released, it continues with a spring (mass 1,
 * stiffness 120, damping 12: it overshoots the open door and settles) and runs to its end.
 *
 * Scenario: tick 1 makes the animator and pauses it; ticks 2-100 the drag (before each tick:
 * fraction = drag(tick)); tick 101 the release (continue with the spring); the run ends at tick
 * 240. values.csv: the presentation and model angle, and the animator's fractionComplete.
 *
 * usage: demo005_door_drag OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "demo.h"
#include "door_scene.h"

#include <math.h>
#include <string.h>

#define LAST_TICK 240

/* The finger's position as the animator's fractionComplete, before tick `tick` (2-100): out to
 * 0.75 by tick 60, back to 0.4 by tick 100. */
static double drag(int tick) {
    if (tick <= 60) return 0.75 * (double)(tick - 2) / 58.0;
    return 0.75 - 0.35 * (double)(tick - 60) / 40.0;
}

/* The animator: 1 s, linear; its block opens the door (to -pi/2); paused at once, at 0. */
static ac_animator door_animator(ac_engine *engine, ac_layer door, ac_key rotation) {
    ac_animator animator;
    ac_timing_function linear;
    demo_check(ac_timing_function_named("linear", &linear), "ac_timing_function_named");
    demo_check(ac_animator_create(engine, 1.0, &linear, &animator), "ac_animator_create");
    demo_check(ac_animator_begin(engine, animator), "ac_animator_begin");
    demo_check(ac_layer_set_scalar(engine, door, rotation, -M_PI_2), "ac_layer_set_scalar");
    demo_check(ac_animator_commit(engine, animator), "ac_animator_commit");
    demo_check(ac_animator_pause(engine, animator), "ac_animator_pause");
    return animator;
}

static double fraction_of(ac_engine *engine, ac_animator animator) {
    ac_animator_info info;
    info.struct_size = (uint32_t)sizeof info;
    demo_check(ac_animator_get_info(engine, animator, &info), "ac_animator_get_info");
    return info.fraction_complete;
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 003's door scrubbed by a drag");
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
    FILE *csv = demo_csv_open(out, "angle,angle_model,fraction");
    ac_animator animator = 0;
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) animator = door_animator(engine, door, rotation);
        if (tick >= 2 && tick <= 100) {
            demo_check(ac_animator_set_fraction_complete(engine, animator, drag(tick)),
                       "ac_animator_set_fraction_complete");
        }
        if (tick == 101) { /* released: on with a spring */
            ac_spring spring;
            demo_check(ac_spring_init(&spring), "ac_spring_init");
            spring.stiffness = 120;
            spring.damping = 12;
            demo_check(ac_animator_continue_with_spring(engine, animator, &spring), "ac_animator_continue_with_spring");
        }
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        double row[3] = {demo_scalar(engine, door, rotation, 1), demo_scalar(engine, door, rotation, 0),
                         animator != 0 ? fraction_of(engine, animator) : 0};
        demo_csv_row(csv, tick, row, 3);
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
    demo_check(ac_animator_release(engine, animator), "ac_animator_release");
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    door_scene_release(engine, &scene);
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
