/*
 * Seed 003 ("Layer Time", Listing 9.3, "Testing the timeOffset and speed Properties") drawn with
 * Cairo: the ship follows a bezier path — a keyframe animation of "position" along move to
 * (0, 150), curve to (300, 150) with controls (75, 0) and (225, 300), duration 1, rotationMode
 * auto, removedOnCompletion NO — with the speed and timeOffset of the chapter's two sliders. Six
 * slider settings fly side by side, one ship each (one engine): each panel is a white layer
 * holding the seed's 300 x 300 container, shown at scale 0.6 (its transform) with the path as
 * its contents, and the 64 x 64 ship layer in it, whose contents are the host's ship image (with
 * a shadow that turns with the ship: its offset is in the ship's own space). The
 * screen is the render list drawn by the demo's compositor (compositor.c): the engine puts each
 * ship at its presentation position, turned by its presentation rotation (transform.rotation.z,
 * along the path's tangent); no layer is placed by hand. The host adds each panel's label. Once
 * an animation's active time is over the model shows again: the ship back at (0, 150),
 * unrotated; speed 0 holds the timeOffset frame.
 *
 * Scenario: the six animations are added at tick 1 (t = 1/60 s); the run ends at tick 150.
 *
 * usage: demo003_ship OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "compositor.h"
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
#define PATH_TOKEN 1 /* the containers' contents: the path, drawn at the panels' scale */
#define SHIP_TOKEN 2 /* the ships' contents: the seed's 64 x 64 ship image */

static const double SPEED[SHIPS] = {1.0, 1.0, 2.0, 0.5, 1.0, 0.0};
static const double TIME_OFFSET[SHIPS] = {0.0, 0.5, 0.5, 0.25, 0.75, 0.3};
static const char *const LABELS[SHIPS] = {
    "speed 1, timeOffset 0",    "speed 1, timeOffset 0.5",   "speed 2, timeOffset 0.5",
    "speed 0.5, timeOffset 0.25", "speed 1, timeOffset 0.75", "speed 0 (paused), timeOffset 0.3",
};

/* The ship (the seed's 64 x 64 image): a dart pointing along +x, centred on the image. */
static cairo_surface_t *ship_image(void) {
    cairo_surface_t *image = demo_surface(64, 64);
    cairo_t *cr = cairo_create(image);
    cairo_translate(cr, 32, 32);
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
    cairo_destroy(cr);
    return image;
}

/* The path, stroked into an image of the container's size at the panels' scale (its layer's
 * contentsScale is SCALE, so it is drawn pixel for pixel). */
static cairo_surface_t *path_image(void) {
    cairo_surface_t *image = demo_surface((int)(300 * SCALE), (int)(300 * SCALE));
    cairo_t *cr = cairo_create(image);
    cairo_move_to(cr, SCALE * 0, SCALE * 150);
    cairo_curve_to(cr, SCALE * 75, SCALE * 0, SCALE * 225, SCALE * 300, SCALE * 300, SCALE * 150);
    cairo_set_source_rgb(cr, 0.7, 0.7, 0.7);
    cairo_set_line_width(cr, 1.5);
    cairo_stroke(cr);
    cairo_destroy(cr);
    return image;
}

/* The screen after a tick: the render list, then the panels' labels. */
static void compose(ac_engine *engine, compositor *comp, ac_render_list list, ac_layer root,
                    cairo_t *cr) {
    const ac_render_entry *entries;
    size_t count;
    demo_check(ac_render_list_fill(engine, list, root, AC_GEOMETRY_PRESENTATION, &entries, &count,
                                   NULL, NULL),
               "ac_render_list_fill");
    compositor_draw(comp, cr, entries, count);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    for (int i = 0; i < SHIPS; i++)
        demo_text(cr, (i % COLUMNS) * PANEL_W + 10, (i / COLUMNS) * PANEL_H + 20, 12, LABELS[i]);
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 003 (the ship on its path)");
    ac_engine *engine;
    ac_layer root, panel[SHIPS], container[SHIPS], ship[SHIPS];
    ac_render_list list;
    compositor comp;
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    ac_key position = demo_key(engine, "position"), rotation = demo_key(engine, "transform.rotation.z");
    cairo_surface_t *path = path_image(), *ship_surface = ship_image();
    compositor_init(&comp);
    compositor_set_contents(&comp, PATH_TOKEN, path);
    compositor_set_contents(&comp, SHIP_TOKEN, ship_surface);

    /* The screen (grey 0.94) and its six panels (white, inset 3); in each, viewDidLoad's
     * container (300 x 300, anchorPoint (0, 0), scaled by 0.6 so that the path's (0, 150) is
     * 20 right of the panel's left and 90 below its top) and its 64 x 64 ship at (0, 150). */
    demo_check(ac_layer_create(engine, 0, &root), "ac_layer_create");
    demo_set(engine, root, "bounds", ac_value_rect(0, 0, WIDTH, HEIGHT));
    demo_set(engine, root, "position", ac_value_point(WIDTH / 2.0, HEIGHT / 2.0));
    demo_set(engine, root, "backgroundColor", ac_value_color(0.94, 0.94, 0.94, 1));
    double scale[16] = {SCALE, 0, 0, 0, 0, SCALE, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    for (int i = 0; i < SHIPS; i++) {
        demo_check(ac_layer_create(engine, 0, &panel[i]), "ac_layer_create");
        demo_set(engine, panel[i], "frame",
                 ac_value_rect((i % COLUMNS) * PANEL_W + 3, (i / COLUMNS) * PANEL_H + 3, PANEL_W - 6,
                               PANEL_H - 6));
        demo_set(engine, panel[i], "backgroundColor", ac_value_color(1, 1, 1, 1));
        demo_check(ac_layer_add_sublayer(engine, root, panel[i]), "ac_layer_add_sublayer");
        demo_check(ac_layer_create(engine, 0, &container[i]), "ac_layer_create");
        demo_set(engine, container[i], "bounds", ac_value_rect(0, 0, 300, 300));
        demo_set(engine, container[i], "anchorPoint", ac_value_point(0, 0));
        demo_set(engine, container[i], "position", ac_value_point(20 - 3, 90 - SCALE * 150 - 3));
        demo_set(engine, container[i], "transform", ac_value_transform3d(scale));
        demo_set(engine, container[i], "contents", ac_value_token(PATH_TOKEN));
        demo_set(engine, container[i], "contentsScale", ac_value_scalar(SCALE));
        demo_check(ac_layer_add_sublayer(engine, panel[i], container[i]), "ac_layer_add_sublayer");
        demo_check(ac_layer_create(engine, 0, &ship[i]), "ac_layer_create");
        demo_set(engine, ship[i], "frame", ac_value_rect(0, 0, 64, 64));
        demo_set(engine, ship[i], "position", ac_value_point(0, 150));
        demo_set(engine, ship[i], "contents", ac_value_token(SHIP_TOKEN));
        /* A shadow to the ship's right (+y of its own space): it turns with the ship and is
         * scaled by the container's 0.6 (the compositor's sigma 2.4, offset 3.6 pixels). */
        demo_set(engine, ship[i], "shadowOpacity", ac_value_scalar(0.45));
        demo_set(engine, ship[i], "shadowRadius", ac_value_scalar(4));
        demo_set(engine, ship[i], "shadowOffset", ac_value_size(0, 6));
        demo_check(ac_layer_add_sublayer(engine, container[i], ship[i]), "ac_layer_add_sublayer");
    }
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");

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
        double row[SHIPS * 3 + 3];
        for (int i = 0; i < SHIPS; i++) {
            ac_value shown = demo_value(engine, ship[i], position, 1);
            row[3 * i] = shown.v[0];
            row[3 * i + 1] = shown.v[1];
            row[3 * i + 2] = demo_scalar(engine, ship[i], rotation, 1);
        }
        ac_value model = demo_value(engine, ship[0], position, 0);
        row[SHIPS * 3] = model.v[0];
        row[SHIPS * 3 + 1] = model.v[1];
        row[SHIPS * 3 + 2] = demo_scalar(engine, ship[0], rotation, 0);
        demo_csv_row(csv, tick, row, SHIPS * 3 + 3);
        if (!demo_records(tick)) continue;
        compose(engine, &comp, list, root, cr);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    for (int i = 0; i < SHIPS; i++) {
        demo_check(ac_layer_release(engine, ship[i]), "ac_layer_release");
        demo_check(ac_layer_release(engine, container[i]), "ac_layer_release");
        demo_check(ac_layer_release(engine, panel[i]), "ac_layer_release");
    }
    demo_check(ac_layer_release(engine, root), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    cairo_surface_destroy(path);
    cairo_surface_destroy(ship_surface);
    return 0;
}
