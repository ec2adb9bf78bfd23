/*
 * Seed 000 ("Animating Custom Layer Properties") drawn with Cairo: a ClockFace layer class
 * whose custom `time` property needs display, an action for it (a linear animation from the
 * presentation value, -actionForKey:) and a display callback (-display) that draws the clock
 * face into the layer's contents from the presentation's time — the minute hand turning a full
 * round for every hour, as the seed says. Beside it the seed's AudioLayer: a `volume` property
 * with the same kind of action whose display callback sets the player's volume (the gain the
 * demo's WAV follows); the screen shows it as a meter under the clock.
 *
 * Scenario (a change "at tick n" is made after tick n - 1 and starts at tick n, t = n / 60 s):
 *   tick   1  clock.time = 1.5 (the seed's log: 0.25 s, the default duration)
 *   tick  21  audio.volume = 0 (fade out, 0.25 s)
 *   tick  31  clock.time = 3.0;  tick 34: clock.time = 0.0 (in flight: back from where it is)
 *   tick  46  audio.volume = 1 (fade in)
 *   tick  61  clock.time = 5.0 in a transaction of 2 s (the hands sweep five hours)
 *   tick  91  audio.volume = 0 in a transaction of 1 s (a slow fade out)
 *   tick 121  audio.volume = 1 (in flight: fades back in from where it is)
 *   tick 166  audio.volume = 0;  the run ends at tick 195 (3.25 s)
 *
 * usage: demo000_clock OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "demo.h"

#include <math.h>
#include <string.h>

#define WIDTH 220
#define HEIGHT 270
#define SIZE 200 /* the clock's bounds: 200 x 200 */
#define LAST_TICK 195

typedef struct host {
    ac_layer clock, audio;
    ac_key time, volume, position;
    cairo_surface_t *contents; /* the clock layer's backing image (self.contents) */
    double gain;               /* the player's volume, set by the audio layer's display */
} host;

/* -display of ClockFace: the seed's drawing, from the presentation's time. */
static void clock_display(ac_engine *engine, ac_layer layer, void *user_data) {
    host *h = user_data;
    double time = demo_scalar(engine, layer, h->time, 1);
    double c = SIZE / 2.0, angle;
    cairo_t *cr = cairo_create(h->contents);
    demo_clear(cr);
    cairo_arc(cr, c, c, c - 2, 0, 2 * M_PI); /* the face: an ellipse inset by 2 */
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 4);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.45, 0.45, 0.45); /* twelve hour marks */
    cairo_set_line_width(cr, 2);
    for (int i = 0; i < 12; i++) {
        angle = i / 12.0 * 2.0 * M_PI;
        cairo_move_to(cr, c + sin(angle) * 84, c - cos(angle) * 84);
        cairo_line_to(cr, c + sin(angle) * 92, c - cos(angle) * 92);
    }
    cairo_stroke(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    angle = time / 12.0 * 2.0 * M_PI; /* the hour hand */
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 4);
    cairo_move_to(cr, c, c);
    cairo_line_to(cr, c + sin(angle) * 80, c - cos(angle) * 80);
    cairo_stroke(cr);
    angle = (time - floor(time)) * 2.0 * M_PI; /* the minute hand */
    cairo_set_source_rgb(cr, 0.75, 0.1, 0.1);
    cairo_set_line_width(cr, 2);
    cairo_move_to(cr, c, c);
    cairo_line_to(cr, c + sin(angle) * 90, c - cos(angle) * 90);
    cairo_stroke(cr);
    cairo_arc(cr, c, c, 4, 0, 2 * M_PI);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_fill(cr);
    cairo_destroy(cr);
}

/* -display of AudioLayer: self.player.volume = [self.presentationLayer volume]. */
static void audio_display(ac_engine *engine, ac_layer layer, void *user_data) {
    host *h = user_data;
    h->gain = demo_scalar(engine, layer, h->volume, 1);
}

/* -actionForKey: a linear animation from the presentation value, for "time" and "volume". */
static int32_t linear_from_presentation(ac_engine *engine, ac_layer layer, const char *key,
                                        ac_animation animation, void *user_data) {
    (void)user_data;
    if (strcmp(key, "time") != 0 && strcmp(key, "volume") != 0) return AC_ACTION_CONTINUE;
    ac_timing_function linear;
    demo_check(ac_timing_function_named("linear", &linear), "ac_timing_function_named");
    demo_check(ac_animation_set_timing_function(engine, animation, &linear), "timing function");
    ac_value from = ac_value_scalar(demo_scalar(engine, layer, demo_key(engine, key), 1));
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from), "fromValue");
    return AC_ACTION_ANIMATION;
}

static void set_in_transaction(ac_engine *engine, ac_layer layer, ac_key key, double value,
                               double duration) {
    demo_check(ac_transaction_begin(engine), "ac_transaction_begin");
    demo_check(ac_transaction_set_animation_duration(engine, duration), "duration");
    demo_check(ac_layer_set_scalar(engine, layer, key, value), "ac_layer_set_scalar");
    demo_check(ac_transaction_commit(engine), "ac_transaction_commit");
}

static void scenario(ac_engine *engine, host *h, int tick) {
    switch (tick) {
    case 1: demo_check(ac_layer_set_scalar(engine, h->clock, h->time, 1.5), "time"); break;
    case 21: demo_check(ac_layer_set_scalar(engine, h->audio, h->volume, 0.0), "volume"); break;
    case 31: demo_check(ac_layer_set_scalar(engine, h->clock, h->time, 3.0), "time"); break;
    case 34: demo_check(ac_layer_set_scalar(engine, h->clock, h->time, 0.0), "time"); break;
    case 46: demo_check(ac_layer_set_scalar(engine, h->audio, h->volume, 1.0), "volume"); break;
    case 61: set_in_transaction(engine, h->clock, h->time, 5.0, 2.0); break;
    case 91: set_in_transaction(engine, h->audio, h->volume, 0.0, 1.0); break;
    case 121: demo_check(ac_layer_set_scalar(engine, h->audio, h->volume, 1.0), "volume"); break;
    case 166: demo_check(ac_layer_set_scalar(engine, h->audio, h->volume, 0.0), "volume"); break;
    default: break;
    }
}

/* The screen after a tick: the clock's contents where the layer is, its time, the volume. */
static void compose(ac_engine *engine, host *h, cairo_t *cr) {
    char line[64];
    ac_value position = demo_value(engine, h->clock, h->position, 1);
    double time = demo_scalar(engine, h->clock, h->time, 1);
    demo_background(cr, 0.94);
    cairo_set_source_surface(cr, h->contents, position.v[0] - SIZE / 2.0, position.v[1] - SIZE / 2.0);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    snprintf(line, sizeof line, "time %.3f h   %d:%02d", time, (int)floor(time),
             (int)floor((time - floor(time)) * 60.0));
    demo_text(cr, 10, 232, 14, line);
    demo_text(cr, 10, 259, 12, "volume");
    cairo_set_source_rgb(cr, 0.8, 0.8, 0.8);
    cairo_rectangle(cr, 60, 249, 150, 12);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.2, 0.6, 0.3);
    cairo_rectangle(cr, 60, 249, 150 * h->gain, 12);
    cairo_fill(cr);
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 000 (the clock and its audio layer)");
    ac_engine *engine;
    ac_class clock_face, audio_class;
    ac_layer root;
    host h;
    memset(&h, 0, sizeof h);
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    h.time = demo_key(engine, "time");
    h.volume = demo_key(engine, "volume");
    h.position = demo_key(engine, "position");
    h.contents = demo_surface(SIZE, SIZE);

    /* ClockFace: @dynamic time, +needsDisplayForKey: @"time"; AudioLayer: @dynamic volume. */
    ac_value zero = ac_value_scalar(0), one = ac_value_scalar(1);
    ac_property_desc time_property, volume_property;
    demo_check(ac_property_desc_init(&time_property, "time", &zero), "ac_property_desc_init");
    demo_check(ac_property_desc_init(&volume_property, "volume", &one), "ac_property_desc_init");
    time_property.needs_display = volume_property.needs_display = 1;
    demo_check(ac_class_create(engine, "ClockFace", 0, &time_property, 1, &clock_face), "ClockFace");
    demo_check(ac_class_create(engine, "AudioLayer", 0, &volume_property, 1, &audio_class), "AudioLayer");
    demo_check(ac_class_set_display(engine, clock_face, clock_display, &h, NULL), "display");
    demo_check(ac_class_set_display(engine, audio_class, audio_display, &h, NULL), "display");
    demo_check(ac_class_set_default_action(engine, clock_face, linear_from_presentation, NULL, NULL),
               "action");
    demo_check(ac_class_set_default_action(engine, audio_class, linear_from_presentation, NULL, NULL),
               "action");

    /* The view's layer holds both (the audio layer must be in the tree to animate). */
    demo_check(ac_layer_create(engine, 0, &root), "ac_layer_create");
    demo_check(ac_layer_create(engine, clock_face, &h.clock), "ac_layer_create");
    demo_check(ac_layer_create(engine, audio_class, &h.audio), "ac_layer_create");
    demo_set(engine, root, "bounds", ac_value_rect(0, 0, WIDTH, HEIGHT));
    demo_set(engine, h.clock, "bounds", ac_value_rect(0, 0, SIZE, SIZE));
    demo_set(engine, h.clock, "position", ac_value_point(WIDTH / 2.0, 10 + SIZE / 2.0));
    demo_check(ac_layer_add_sublayer(engine, root, h.clock), "ac_layer_add_sublayer");
    demo_check(ac_layer_add_sublayer(engine, root, h.audio), "ac_layer_add_sublayer");
    demo_check(ac_layer_set_needs_display(engine, h.clock), "setNeedsDisplay");
    demo_check(ac_layer_set_needs_display(engine, h.audio), "setNeedsDisplay");

    cairo_surface_t *screen = demo_surface(WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(screen);
    FILE *csv = demo_csv_open(out, "time,time_model,volume,volume_model");
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        scenario(engine, &h, tick);
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        double row[4] = {demo_scalar(engine, h.clock, h.time, 1), demo_scalar(engine, h.clock, h.time, 0),
                         demo_scalar(engine, h.audio, h.volume, 1),
                         demo_scalar(engine, h.audio, h.volume, 0)};
        demo_csv_row(csv, tick, row, 4);
        if (!demo_records(tick)) continue;
        compose(engine, &h, cr);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    cairo_surface_destroy(screen);
    cairo_surface_destroy(h.contents);
    demo_check(ac_layer_release(engine, h.audio), "ac_layer_release");
    demo_check(ac_layer_release(engine, h.clock), "ac_layer_release");
    demo_check(ac_layer_release(engine, root), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
