/*
 * The classic activity spinner (reference core-animation-geometry.md §5.3) drawn with Cairo from
 * animcore's render list: a CAReplicatorLayer (100 x 100, at the middle of a 140 x 140 screen)
 * with twelve instances of one small rounded dot (8 x 24, cornerRadius 4, white, its centre
 * 26 above the replicator's centre). instanceTransform turns each instance a twelfth of a turn
 * further about z (about the replicator's centre), instanceDelay = 1/12 s runs each one's time
 * a twelfth of a second behind the one before, and the dot's opacity animates 1 -> 0.15 over
 * 1 s, linear, forever: the bright dot goes round once a second. instanceColor (0.2, 0.45, 0.9)
 * with a red offset of +0.06 and a blue offset of -0.05 per instance tints the white dot from
 * blue to orange round the ring: the compositor multiplies each entry's instance_color into
 * what it draws (compositor.c). No layer is placed by hand.
 *
 * Scenario: tick 1 adds the opacity animation; the run ends at tick 90 (1.5 s). Before its
 * delayed begin an instance shows the model opacity (1): at first the ring lights up in turn.
 *
 * usage: demo006_spinner OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "demo.h"
#include "compositor.h"

#include <math.h>

#define LAST_TICK 90
#define SCREEN 140
#define INSTANCES 12

/* A layer of the class, size w x h at position (x, y), with a background colour. */
static ac_layer layer_in(ac_engine *engine, ac_class cls, ac_layer superlayer, double w, double h,
                         double x, double y, ac_value color) {
    ac_layer layer;
    demo_check(ac_layer_create(engine, cls, &layer), "ac_layer_create");
    demo_set(engine, layer, "bounds", ac_value_rect(0, 0, w, h));
    demo_set(engine, layer, "position", ac_value_point(x, y));
    demo_set(engine, layer, "backgroundColor", color);
    if (superlayer) demo_check(ac_layer_add_sublayer(engine, superlayer, layer), "ac_layer_add_sublayer");
    return layer;
}

/* The replicator's settings: twelve instances a twelfth of a turn and of a second apart. */
static void replicate(ac_engine *engine, ac_layer replicator) {
    double angle = 2.0 * M_PI / INSTANCES, c = cos(angle), s = sin(angle);
    double turn[16] = {c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    demo_set(engine, replicator, "instanceCount", ac_value_integer(INSTANCES));
    demo_set(engine, replicator, "instanceTransform", ac_value_transform3d(turn));
    demo_set(engine, replicator, "instanceDelay", ac_value_scalar(1.0 / INSTANCES));
    demo_set(engine, replicator, "instanceColor", ac_value_color(0.2, 0.45, 0.9, 1));
    demo_set(engine, replicator, "instanceRedOffset", ac_value_scalar(0.06));
    demo_set(engine, replicator, "instanceBlueOffset", ac_value_scalar(-0.05));
}

/* The dot's fade: opacity 1 -> 0.15 over 1 s, linear, forever. */
static void fade(ac_engine *engine, ac_layer dot) {
    ac_animation animation;
    ac_timing timing;
    ac_value from = ac_value_scalar(1.0), to = ac_value_scalar(0.15);
    demo_check(ac_animation_create_basic(engine, "opacity", &animation), "animation");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from), "fromValue");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to), "toValue");
    demo_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = 1.0;
    timing.repeat_count = INFINITY;
    demo_check(ac_animation_set_timing(engine, animation, &timing), "timing");
    demo_check(ac_layer_add_animation(engine, dot, animation, NULL), "ac_layer_add_animation");
    demo_check(ac_animation_release(engine, animation), "ac_animation_release");
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "the replicator spinner");
    ac_engine *engine;
    ac_render_list list;
    const ac_render_entry *entries;
    size_t count;
    compositor comp;
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    ac_key opacity = demo_key(engine, "opacity");
    compositor_init(&comp);
    ac_layer screen_layer = layer_in(engine, AC_CLASS_LAYER, 0, SCREEN, SCREEN, SCREEN / 2.0, SCREEN / 2.0,
                                     ac_value_color(0.94, 0.94, 0.94, 1));
    ac_layer replicator = layer_in(engine, AC_CLASS_REPLICATOR_LAYER, screen_layer, 100, 100, SCREEN / 2.0,
                                   SCREEN / 2.0, ac_value_color(0, 0, 0, 0));
    replicate(engine, replicator);
    ac_layer dot = layer_in(engine, AC_CLASS_LAYER, replicator, 8, 24, 50, 24, ac_value_color(1, 1, 1, 1));
    demo_set(engine, dot, "cornerRadius", ac_value_scalar(4));
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");

    cairo_surface_t *screen = demo_surface(SCREEN, SCREEN);
    cairo_t *cr = cairo_create(screen);
    FILE *csv = demo_csv_open(out, "opacity,opacity_model");
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) fade(engine, dot);
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        double row[2] = {demo_scalar(engine, dot, opacity, 1), demo_scalar(engine, dot, opacity, 0)};
        demo_csv_row(csv, tick, row, 2);
        if (!demo_records(tick)) continue;
        demo_check(ac_render_list_fill(engine, list, screen_layer, AC_GEOMETRY_PRESENTATION, &entries, &count,
                                       NULL, NULL),
                   "ac_render_list_fill");
        compositor_draw(&comp, cr, entries, count);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    ac_layer layers[] = {dot, replicator, screen_layer};
    for (size_t i = 0; i < sizeof layers / sizeof layers[0]; i++)
        demo_check(ac_layer_release(engine, layers[i]), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
