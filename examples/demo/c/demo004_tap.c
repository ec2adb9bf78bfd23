/*
 * The tap scene (issue 31; Core Animation's best-known pitfall): tapping a moving layer needs a
 * hit test on the presentation tree. A disc (seed 004's tapped circle, as a plain layer: 80 x 80,
 * cornerRadius 40) moves across the view in a 2 s implicit animation while a card turns by an
 * explicit transform.rotation.z animation. Each recorded frame is the render list drawn by the
 * demo's compositor (compositor.c), then a grid of taps every 10 points: a black dot where
 * hitTest on the presentation tree finds the disc or the card (where they are drawn), a red
 * ring where hitTest on the model tree does (where they will be: the disc already at its
 * destination, the card unturned). Once the animations end the dots and rings agree.
 *
 * Scenario: tick 1: in a transaction of 2 s, disc.position = (250, 160) (the built-in implicit
 * animation, curve "default"); the card's rotation 0 -> pi, duration 2.5 s, linear. Ends at 150.
 *
 * usage: demo004_tap OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "compositor.h"
#include "demo.h"

#include <math.h>
#include <string.h>

#define WIDTH 320
#define HEIGHT 250
#define SCENE_H 220 /* the taps cover the scene above the legend */
#define STEP 10
#define LAST_TICK 150

static ac_layer layer_in(ac_engine *engine, ac_layer superlayer, double w, double h, double x,
                         double y, ac_value color, double radius) {
    ac_layer layer;
    demo_check(ac_layer_create(engine, 0, &layer), "ac_layer_create");
    demo_set(engine, layer, "bounds", ac_value_rect(0, 0, w, h));
    demo_set(engine, layer, "position", ac_value_point(x, y));
    demo_set(engine, layer, "backgroundColor", color);
    demo_set(engine, layer, "cornerRadius", ac_value_scalar(radius));
    if (superlayer) demo_check(ac_layer_add_sublayer(engine, superlayer, layer), "ac_layer_add_sublayer");
    return layer;
}

static void start(ac_engine *engine, ac_layer disc, ac_layer card) {
    ac_animation animation;
    ac_timing timing;
    ac_value from = ac_value_scalar(0), to = ac_value_scalar(M_PI);
    demo_check(ac_transaction_begin(engine), "ac_transaction_begin");
    demo_check(ac_transaction_set_animation_duration(engine, 2.0), "duration");
    demo_set(engine, disc, "position", ac_value_point(250, 160));
    demo_check(ac_transaction_commit(engine), "ac_transaction_commit");
    demo_check(ac_animation_create_basic(engine, "transform.rotation.z", &animation), "animation");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from), "fromValue");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to), "toValue");
    demo_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = 2.5;
    demo_check(ac_animation_set_timing(engine, animation, &timing), "timing");
    demo_check(ac_layer_add_animation(engine, card, animation, "turn"), "ac_layer_add_animation");
    demo_check(ac_animation_release(engine, animation), "ac_animation_release");
}

/* The taps: every STEP points over the scene, hit on both trees; answers how many found a
 * layer other than the root, in the presentation tree and in the model tree. */
static void taps(ac_engine *engine, ac_layer root, cairo_t *cr, int draw, int *hits, int *model_hits) {
    *hits = *model_hits = 0;
    for (int j = 0; j * STEP < SCENE_H; j++) {
        for (int i = 0; i * STEP < WIDTH; i++) {
            double point[2] = {STEP / 2.0 + i * STEP, STEP / 2.0 + j * STEP};
            ac_layer shown, model;
            demo_check(ac_layer_hit_test(engine, root, AC_GEOMETRY_PRESENTATION, point, &shown), "hitTest");
            demo_check(ac_layer_hit_test(engine, root, AC_GEOMETRY_MODEL, point, &model), "hitTest");
            if (shown != 0 && shown != root) {
                ++*hits;
                if (draw) {
                    cairo_new_path(cr);
                    cairo_arc(cr, point[0], point[1], 1.8, 0, 2 * M_PI);
                    cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
                    cairo_fill(cr);
                }
            }
            if (model != 0 && model != root) {
                ++*model_hits;
                if (draw) {
                    cairo_new_path(cr);
                    cairo_arc(cr, point[0], point[1], 3.5, 0, 2 * M_PI);
                    cairo_set_source_rgb(cr, 0.85, 0.1, 0.1);
                    cairo_set_line_width(cr, 1);
                    cairo_stroke(cr);
                }
            }
        }
    }
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "the tap scene (hit testing a moving layer)");
    ac_engine *engine;
    ac_layer root, card, disc;
    ac_render_list list;
    const ac_render_entry *entries;
    size_t count;
    compositor comp;
    compositor_init(&comp); /* no layer has contents */
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    ac_key position = demo_key(engine, "position"), rotation = demo_key(engine, "transform.rotation.z");

    root = layer_in(engine, 0, WIDTH, HEIGHT, WIDTH / 2.0, HEIGHT / 2.0,
                    ac_value_color(0.94, 0.94, 0.94, 1), 0);
    card = layer_in(engine, root, 140, 50, 160, 110, ac_value_color(0.95, 0.7, 0.3, 1), 8);
    disc = layer_in(engine, root, 80, 80, 60, 60, ac_value_color(0.3, 0.55, 0.9, 1), 40);
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");

    cairo_surface_t *screen = demo_surface(WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(screen);
    FILE *csv = demo_csv_open(out, "x,x_model,y,y_model,angle,angle_model,hits,hits_model");
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) start(engine, disc, card);
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        int draw = demo_records(tick), hits, model_hits;
        if (draw) {
            demo_check(ac_render_list_fill(engine, list, root, AC_GEOMETRY_PRESENTATION, &entries,
                                           &count, NULL, NULL),
                       "ac_render_list_fill");
            compositor_draw(&comp, cr, entries, count);
        }
        taps(engine, root, cr, draw, &hits, &model_hits);
        ac_value shown = demo_value(engine, disc, position, 1), model = demo_value(engine, disc, position, 0);
        double row[8] = {shown.v[0], model.v[0], shown.v[1], model.v[1],
                         demo_scalar(engine, card, rotation, 1), demo_scalar(engine, card, rotation, 0),
                         hits, model_hits};
        demo_csv_row(csv, tick, row, 8);
        if (!draw) continue;
        cairo_new_path(cr);
        cairo_arc(cr, 14, 236, 1.8, 0, 2 * M_PI); /* the legend */
        cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
        cairo_fill(cr);
        demo_text(cr, 22, 240, 11, "presentation tree hit");
        cairo_new_path(cr);
        cairo_arc(cr, 170, 236, 3.5, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 0.85, 0.1, 0.1);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
        demo_text(cr, 178, 240, 11, "model tree hit");
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    demo_check(ac_layer_release(engine, disc), "ac_layer_release");
    demo_check(ac_layer_release(engine, card), "ac_layer_release");
    demo_check(ac_layer_release(engine, root), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
