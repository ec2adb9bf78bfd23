/*
 * Seed 000 ("Animating Custom Layer Properties") drawn with Cairo from animcore's render list:
 * the seed's first clock ("Indirect Property Animation"), a ClockFace layer whose sublayers are
 * its twelve marks and its hour and minute hands, each turned by its transform. ClockFace's
 * custom `time` property has an action (a linear animation from the presentation value,
 * -actionForKey:), and setting the time turns the hands (the seed's setTime:): each hand's
 * transform.rotation.z animates from the angle of the presentation's time to the new one over
 * the same transaction, linear, so the hands follow the time — the minute hand turning a full
 * round for every hour. The screen is the render list of the view's layer drawn by the demo's
 * compositor (compositor.c): no layer is placed by hand. Beside the clock the seed's
 * AudioLayer: a `volume` property with the same kind of action whose display callback sets the
 * player's volume (the gain the demo's WAV follows); the host shows it as a meter under the
 * clock, with the time as text.
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
#include "compositor.h"
#include "demo.h"

#include <math.h>
#include <string.h>

#define WIDTH 220
#define HEIGHT 270
#define SIZE 200 /* the clock's bounds: 200 x 200 */
#define LAST_TICK 195

typedef struct host {
    ac_layer clock, audio, hour_hand, minute_hand;
    ac_key time, volume, rotation;
    double gain; /* the player's volume, set by the audio layer's display */
} host;

/* The hands' angles for a time in hours: the hour hand a round in 12 h, the minute hand in 1 h
 * (clockwise on the y-down screen, as transform.rotation.z turns). */
static double hour_angle(double time) { return time / 12.0 * 2.0 * M_PI; }
static double minute_angle(double time) { return time * 2.0 * M_PI; }

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

/* A hand follows the time: its rotation from the angle of the presentation's time to the new
 * one, linear over the transaction's duration, as the clock's own time animates (the seed's
 * indirect property animation: the setter turns the hands). */
static void turn_hand(ac_engine *engine, host *h, ac_layer hand, double from, double to) {
    ac_animation animation;
    ac_timing_function linear;
    ac_value from_value = ac_value_scalar(from), to_value = ac_value_scalar(to);
    demo_check(ac_layer_set_scalar(engine, hand, h->rotation, to), "transform.rotation.z");
    demo_check(ac_animation_create_basic(engine, "transform.rotation.z", &animation), "animation");
    demo_check(ac_timing_function_named("linear", &linear), "ac_timing_function_named");
    demo_check(ac_animation_set_timing_function(engine, animation, &linear), "timing function");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from_value), "fromValue");
    demo_check(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to_value), "toValue");
    demo_check(ac_layer_add_animation(engine, hand, animation, "time"), "ac_layer_add_animation");
    demo_check(ac_animation_release(engine, animation), "ac_animation_release");
}

/* ClockFace's setTime: the time (its action animates it) and both hands, in a transaction of
 * duration seconds; the hands' own implicit actions are disabled (their animations are the
 * explicit ones above). */
static void set_time(ac_engine *engine, host *h, double time, double duration) {
    double shown = demo_scalar(engine, h->clock, h->time, 1);
    demo_check(ac_transaction_begin(engine), "ac_transaction_begin");
    demo_check(ac_transaction_set_animation_duration(engine, duration), "duration");
    demo_check(ac_layer_set_scalar(engine, h->clock, h->time, time), "time");
    demo_check(ac_transaction_begin(engine), "ac_transaction_begin");
    demo_check(ac_transaction_set_animation_duration(engine, duration), "duration");
    demo_check(ac_transaction_set_disable_actions(engine, 1), "disableActions");
    turn_hand(engine, h, h->hour_hand, hour_angle(shown), hour_angle(time));
    turn_hand(engine, h, h->minute_hand, minute_angle(shown), minute_angle(time));
    demo_check(ac_transaction_commit(engine), "ac_transaction_commit");
    demo_check(ac_transaction_commit(engine), "ac_transaction_commit");
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
    case 1: set_time(engine, h, 1.5, 0.25); break;
    case 21: demo_check(ac_layer_set_scalar(engine, h->audio, h->volume, 0.0), "volume"); break;
    case 31: set_time(engine, h, 3.0, 0.25); break;
    case 34: set_time(engine, h, 0.0, 0.25); break;
    case 46: demo_check(ac_layer_set_scalar(engine, h->audio, h->volume, 1.0), "volume"); break;
    case 61: set_time(engine, h, 5.0, 2.0); break;
    case 91: set_in_transaction(engine, h->audio, h->volume, 0.0, 1.0); break;
    case 121: demo_check(ac_layer_set_scalar(engine, h->audio, h->volume, 1.0), "volume"); break;
    case 166: demo_check(ac_layer_set_scalar(engine, h->audio, h->volume, 0.0), "volume"); break;
    default: break;
    }
}

/* The screen after a tick: the render list of the view's layer (the clock face, its marks and
 * hands where the engine puts them), then the host's own text: the time and a volume meter. */
static void compose(ac_engine *engine, host *h, compositor *comp, ac_render_list list,
                    ac_layer root, cairo_t *cr) {
    char line[64];
    const ac_render_entry *entries;
    size_t count;
    double time = demo_scalar(engine, h->clock, h->time, 1);
    demo_check(ac_render_list_fill(engine, list, root, AC_GEOMETRY_PRESENTATION, &entries, &count,
                                   NULL, NULL),
               "ac_render_list_fill");
    compositor_draw(comp, cr, entries, count);
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

/* A sublayer of the clock face: bounds w x h, anchorPoint (0.5, anchor_y) at (x, y), a colour. */
static ac_layer clock_part(ac_engine *engine, ac_layer face, double w, double h, double anchor_y,
                           double x, double y, ac_value color, double radius) {
    ac_layer part;
    demo_check(ac_layer_create(engine, 0, &part), "ac_layer_create");
    demo_set(engine, part, "bounds", ac_value_rect(0, 0, w, h));
    demo_set(engine, part, "anchorPoint", ac_value_point(0.5, anchor_y));
    demo_set(engine, part, "position", ac_value_point(x, y));
    demo_set(engine, part, "backgroundColor", color);
    demo_set(engine, part, "cornerRadius", ac_value_scalar(radius));
    demo_check(ac_layer_add_sublayer(engine, face, part), "ac_layer_add_sublayer");
    return part;
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "seed 000 (the clock and its audio layer)");
    ac_engine *engine;
    ac_class clock_face, audio_class;
    ac_layer root, marks[12], centre;
    ac_render_list list;
    compositor comp;
    host h;
    memset(&h, 0, sizeof h);
    compositor_init(&comp); /* no layer has contents: nothing to register */
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    h.time = demo_key(engine, "time");
    h.volume = demo_key(engine, "volume");
    h.rotation = demo_key(engine, "transform.rotation.z");

    /* ClockFace: @dynamic time; AudioLayer: @dynamic volume, +needsDisplayForKey: @"volume". */
    ac_value zero = ac_value_scalar(0), one = ac_value_scalar(1);
    ac_property_desc time_property, volume_property;
    demo_check(ac_property_desc_init(&time_property, "time", &zero), "ac_property_desc_init");
    demo_check(ac_property_desc_init(&volume_property, "volume", &one), "ac_property_desc_init");
    volume_property.needs_display = 1;
    demo_check(ac_class_create(engine, "ClockFace", 0, &time_property, 1, &clock_face), "ClockFace");
    demo_check(ac_class_create(engine, "AudioLayer", 0, &volume_property, 1, &audio_class), "AudioLayer");
    demo_check(ac_class_set_display(engine, audio_class, audio_display, &h, NULL), "display");
    demo_check(ac_class_set_default_action(engine, clock_face, linear_from_presentation, NULL, NULL),
               "action");
    demo_check(ac_class_set_default_action(engine, audio_class, linear_from_presentation, NULL, NULL),
               "action");

    /* The view's layer (the screen's grey) holds both (the audio layer must be in the tree to
     * animate). The face: a white disc (cornerRadius half its size) with a black border 4 wide
     * and a soft shadow (opacity 0.35, radius 4, offset (0, 4));
     * twelve marks 2 x 8 whose centres are 88 from the face's centre, each turned to its hour;
     * the hands 4 x 80 (black) and 2 x 90 (red) anchored at their bottom middle (0.5, 1) on the
     * centre and turned by transform.rotation.z; a black dot 8 wide over them. */
    double c = SIZE / 2.0, angle;
    demo_check(ac_layer_create(engine, 0, &root), "ac_layer_create");
    demo_check(ac_layer_create(engine, clock_face, &h.clock), "ac_layer_create");
    demo_check(ac_layer_create(engine, audio_class, &h.audio), "ac_layer_create");
    demo_set(engine, root, "bounds", ac_value_rect(0, 0, WIDTH, HEIGHT));
    demo_set(engine, root, "position", ac_value_point(WIDTH / 2.0, HEIGHT / 2.0));
    demo_set(engine, root, "backgroundColor", ac_value_color(0.94, 0.94, 0.94, 1));
    demo_set(engine, h.clock, "bounds", ac_value_rect(0, 0, SIZE, SIZE));
    demo_set(engine, h.clock, "position", ac_value_point(WIDTH / 2.0, 10 + SIZE / 2.0));
    demo_set(engine, h.clock, "backgroundColor", ac_value_color(1, 1, 1, 1));
    demo_set(engine, h.clock, "cornerRadius", ac_value_scalar(c));
    demo_set(engine, h.clock, "borderWidth", ac_value_scalar(4));
    /* One shadow for the face and all its sublayers, below it (y down): the compositor's. */
    demo_set(engine, h.clock, "shadowOpacity", ac_value_scalar(0.35));
    demo_set(engine, h.clock, "shadowRadius", ac_value_scalar(4));
    demo_set(engine, h.clock, "shadowOffset", ac_value_size(0, 4));
    for (int i = 0; i < 12; i++) {
        angle = i / 12.0 * 2.0 * M_PI;
        marks[i] = clock_part(engine, h.clock, 2, 8, 0.5, c + sin(angle) * 88, c - cos(angle) * 88,
                              ac_value_color(0.45, 0.45, 0.45, 1), 0);
        demo_check(ac_layer_set_scalar(engine, marks[i], h.rotation, angle), "transform.rotation.z");
    }
    h.hour_hand = clock_part(engine, h.clock, 4, 80, 1, c, c, ac_value_color(0, 0, 0, 1), 2);
    h.minute_hand = clock_part(engine, h.clock, 2, 90, 1, c, c, ac_value_color(0.75, 0.1, 0.1, 1), 1);
    centre = clock_part(engine, h.clock, 8, 8, 0.5, c, c, ac_value_color(0, 0, 0, 1), 4);
    demo_check(ac_layer_add_sublayer(engine, root, h.clock), "ac_layer_add_sublayer");
    demo_check(ac_layer_add_sublayer(engine, root, h.audio), "ac_layer_add_sublayer");
    demo_check(ac_layer_set_needs_display(engine, h.audio), "setNeedsDisplay");
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");

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
        compose(engine, &h, &comp, list, root, cr);
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    for (int i = 0; i < 12; i++) demo_check(ac_layer_release(engine, marks[i]), "ac_layer_release");
    demo_check(ac_layer_release(engine, centre), "ac_layer_release");
    demo_check(ac_layer_release(engine, h.minute_hand), "ac_layer_release");
    demo_check(ac_layer_release(engine, h.hour_hand), "ac_layer_release");
    demo_check(ac_layer_release(engine, h.audio), "ac_layer_release");
    demo_check(ac_layer_release(engine, h.clock), "ac_layer_release");
    demo_check(ac_layer_release(engine, root), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
