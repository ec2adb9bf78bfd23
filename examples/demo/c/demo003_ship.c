/*
 * Seed 003 ("Layer Time", Listing 9.3, "Testing the timeOffset and speed Properties") drawn with
 * Cairo: the ship follows a bezier path — a keyframe animation of "position" along move to
 * (0, 150), curve to (300, 150) with controls (75, 0) and (225, 300), duration 1, rotationMode
 * auto, removedOnCompletion NO — with the speed and timeOffset of the chapter's two sliders. Six
 * slider settings fly side by side, one ship each (one engine, six layers), each panel drawing
 * the path and the ship at its presentation position, turned by its presentation rotation
 * (transform.rotation.z, along the path's tangent). Once an animation's active time is over the
 * model shows again: the ship back at (0, 150), unrotated; speed 0 holds the timeOffset frame.
 *
 * Scenario: the six animations are added at tick 1 (t = 1/60 s); the run ends at tick 150.
 *
 * usage: demo003_ship OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "demo.h"

#include <math.h>
#include <string.h>

#define PANEL_W 220
#define PANEL_H 150
#define COLUMNS 3
#define SHIPS 6
#define WIDTH (PANEL_W * COLUMNS)
#define HEIGHT (PANEL_H * 2)
#define SCALE 0.6
#define LAST_TICK 150

static const double SPEED[SHIPS] = {1.0, 1.0, 2.0, 0.5, 1.0, 0.0};
static const double TIME_OFFSET[SHIPS] = {0.0, 0.5, 0.5, 0.25, 0.75, 0.3};
static const char *const LABELS[SHIPS] = {
    "speed 1, timeOffset 0",    "speed 1, timeOffset 0.5",   "speed 2, timeOffset 0.5",
    "speed 0.5, timeOffset 0.25", "speed 1, timeOffset 0.75", "speed 0 (paused), timeOffset 0.3",
};

/* A point of the container's space (the path's coordinates) in panel i of the screen. */
static double panel_x(int i, double x) { return (i % COLUMNS) * PANEL_W + 20 + SCALE * x; }
static double panel_y(int i, double y) { return (i / COLUMNS) * PANEL_H + 90 + SCALE * (y - 150); }

/* The ship (the seed's 64 x 64 image): a dart pointing along +x, centred on the layer. */
static void draw_ship(cairo_t *cr) {
    cairo_move_to(cr, 32, 0);
    cairo_line_to(cr, -20, -15);
    cairo_line_to(cr, -12, 0);
    cairo_line_to(cr, -20, 15);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 0.15, 0.3, 0.6);
    cairo_fill(cr);
    cairo_arc(cr, 8, 0, 4, 0, 2 * M_PI);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill(cr);
}

static void compose(cairo_t *cr, const double *x, const double *y, const double *angle) {
    demo_background(cr, 0.94);
    for (int i = 0; i < SHIPS; i++) {
        double left = (i % COLUMNS) * PANEL_W, top = (i / COLUMNS) * PANEL_H;
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_rectangle(cr, left + 3, top + 3, PANEL_W - 6, PANEL_H - 6);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        demo_text(cr, left + 10, top + 20, 12, LABELS[i]);
        cairo_move_to(cr, panel_x(i, 0), panel_y(i, 150)); /* the path */
        cairo_curve_to(cr, panel_x(i, 75), panel_y(i, 0), panel_x(i, 225), panel_y(i, 300),
                       panel_x(i, 300), panel_y(i, 150));
        cairo_set_source_rgb(cr, 0.7, 0.7, 0.7);
        cairo_set_line_width(cr, 1.5);
        cairo_stroke(cr);
        cairo_save(cr);
        cairo_translate(cr, panel_x(i, x[i]), panel_y(i, y[i]));
        cairo_rotate(cr, angle[i]);
        cairo_scale(cr, SCALE, SCALE);
        draw_ship(cr);
        cairo_restore(cr);
    }
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 003 (the ship on its path)");
    ac_engine *engine;
    ac_layer container, ship[SHIPS];
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    ac_key position = demo_key(engine, "position"), rotation = demo_key(engine, "transform.rotation.z");

    /* viewDidLoad: the container and the 64 x 64 ships at (0, 150). */
    demo_check(ac_layer_create(engine, 0, &container), "ac_layer_create");
    for (int i = 0; i < SHIPS; i++) {
        demo_check(ac_layer_create(engine, 0, &ship[i]), "ac_layer_create");
        demo_set(engine, ship[i], "frame", ac_value_rect(0, 0, 64, 64));
        demo_set(engine, ship[i], "position", ac_value_point(0, 150));
        demo_check(ac_layer_add_sublayer(engine, container, ship[i]), "ac_layer_add_sublayer");
    }

    cairo_surface_t *screen = demo_surface(WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(screen);
    char header[512] = "";
    for (int i = 0; i < SHIPS; i++) {
        size_t used = strlen(header);
        snprintf(header + used, sizeof header - used, "x%d,y%d,angle%d,", i, i, i);
    }
    strcat(header, "model_x,model_y,model_angle");
    FILE *csv = demo_csv_open(out, header);
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) { /* -play, for every slider setting */
            ac_path_element path[2] = {ac_path_move_to(0, 150),
                                       ac_path_curve_to(75, 0, 225, 300, 300, 150)};
            for (int i = 0; i < SHIPS; i++) {
                ac_animation animation;
                ac_timing timing;
                demo_check(ac_animation_create_keyframe(engine, "position", &animation), "keyframe");
                demo_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
                timing.duration_s = 1.0;
                timing.speed = SPEED[i];
                timing.time_offset_s = TIME_OFFSET[i];
                demo_check(ac_animation_set_timing(engine, animation, &timing), "timing");
                demo_check(ac_animation_set_path(engine, animation, path, 2), "path");
                demo_check(ac_animation_set_rotation_mode(engine, animation, AC_ROTATION_AUTO), "rotation");
                demo_check(ac_animation_set_flag(engine, animation, AC_ANIMATION_REMOVED_ON_COMPLETION, 0),
                           "removedOnCompletion");
                demo_check(ac_layer_add_animation(engine, ship[i], animation, "slide"), "add");
                demo_check(ac_animation_release(engine, animation), "ac_animation_release");
            }
        }
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        double row[SHIPS * 3 + 3], x[SHIPS], y[SHIPS], angle[SHIPS];
        for (int i = 0; i < SHIPS; i++) {
            ac_value shown = demo_value(engine, ship[i], position, 1);
            x[i] = shown.v[0];
            y[i] = shown.v[1];
            angle[i] = demo_scalar(engine, ship[i], rotation, 1);
            row[3 * i] = x[i];
            row[3 * i + 1] = y[i];
            row[3 * i + 2] = angle[i];
        }
        ac_value model = demo_value(engine, ship[0], position, 0);
        row[SHIPS * 3] = model.v[0];
        row[SHIPS * 3 + 1] = model.v[1];
        row[SHIPS * 3 + 2] = demo_scalar(engine, ship[0], rotation, 0);
        demo_csv_row(csv, tick, row, SHIPS * 3 + 3);
        if (!demo_records(tick)) continue;
        compose(cr, x, y, angle);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    cairo_surface_destroy(screen);
    for (int i = 0; i < SHIPS; i++) demo_check(ac_layer_release(engine, ship[i]), "ac_layer_release");
    demo_check(ac_layer_release(engine, container), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
