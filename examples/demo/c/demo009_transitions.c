/*
 * CATransition's four types (reference core-animation-geometry.md §6) drawn with Cairo from
 * animcore's render list. Four panels (160 x 80, cornerRadius 10, masksToBounds), each with a
 * white disc (30 x 30) and a bar (50 x 8) on its background; a change of state swaps the
 * background (blue <-> orange) and moves the disc and the bar to the other side, in a
 * transaction (actions disabled) that also adds a transition to the panel (1 s, easeInEaseOut):
 * fade, moveIn, push and reveal, with a subtype each. The engine gives each panel's render entry
 * the transition's state, offsets and alphas (header "Transitions in the render list"); the
 * demo's compositor keeps the old state's drawing as the header says (a snapshot at BEGAN, the
 * previous list's entries of the panel drawn again; dropped at ENDED) and composites it with the
 * new one (compositor.c). No layer is placed by hand.
 *
 * Scenario: tick 1: to state B with fade, moveIn fromRight, push fromTop, reveal fromLeft;
 * tick 91: back to state A with fade, moveIn fromBottom, push fromLeft, reveal fromRight. The
 * run ends at tick 180. values.csv has each panel's transition_progress from a second render
 * list filled every tick (each list tracks its own fills).
 *
 * usage: demo009_transitions OUT_DIR  (writes frame_NNNN.png every second tick and values.csv)
 */
#include "compositor.h"
#include "demo.h"

#include <math.h>

#define WIDTH 360
#define HEIGHT 245
#define LAST_TICK 180
#define PANELS 4

typedef struct panel {
    ac_layer layer, disc, bar;
} panel;

static const int32_t TYPES[PANELS] = {AC_TRANSITION_FADE, AC_TRANSITION_MOVE_IN, AC_TRANSITION_PUSH,
                                      AC_TRANSITION_REVEAL};
static const int32_t FIRST[PANELS] = {AC_TRANSITION_FROM_NONE, AC_TRANSITION_FROM_RIGHT, AC_TRANSITION_FROM_TOP,
                                      AC_TRANSITION_FROM_LEFT};
static const int32_t SECOND[PANELS] = {AC_TRANSITION_FROM_NONE, AC_TRANSITION_FROM_BOTTOM,
                                       AC_TRANSITION_FROM_LEFT, AC_TRANSITION_FROM_RIGHT};
static const char *const TYPE_NAMES[PANELS] = {"fade", "moveIn", "push", "reveal"};
static const char *const SUBTYPE_NAMES[] = {"", "fromRight", "fromLeft", "fromTop", "fromBottom"};

/* A layer in superlayer: bounds w x h at (x, y), a colour, a corner radius. */
static ac_layer layer_in(ac_engine *engine, ac_layer superlayer, double w, double h, double x, double y,
                         ac_value color, double radius) {
    ac_layer layer;
    demo_check(ac_layer_create(engine, AC_CLASS_LAYER, &layer), "ac_layer_create");
    demo_set(engine, layer, "bounds", ac_value_rect(0, 0, w, h));
    demo_set(engine, layer, "position", ac_value_point(x, y));
    demo_set(engine, layer, "backgroundColor", color);
    demo_set(engine, layer, "cornerRadius", ac_value_scalar(radius));
    if (superlayer) demo_check(ac_layer_add_sublayer(engine, superlayer, layer), "ac_layer_add_sublayer");
    return layer;
}

/* A panel's state: A (blue, the disc on the left) or B (orange, the disc on the right). */
static void set_state(ac_engine *engine, const panel *p, int b) {
    demo_set(engine, p->layer, "backgroundColor",
             b ? ac_value_color(0.95, 0.6, 0.2, 1) : ac_value_color(0.25, 0.45, 0.85, 1));
    demo_set(engine, p->disc, "position", ac_value_point(b ? 125 : 35, 40));
    demo_set(engine, p->bar, "position", ac_value_point(b ? 50 : 110, 40));
}

static panel make_panel(ac_engine *engine, ac_layer root, double x, double y) {
    panel p;
    p.layer = layer_in(engine, root, 160, 80, x, y, ac_value_color(0, 0, 0, 0), 10);
    demo_set(engine, p.layer, "masksToBounds", ac_value_bool(1));
    p.disc = layer_in(engine, p.layer, 30, 30, 0, 0, ac_value_color(1, 1, 1, 1), 15);
    p.bar = layer_in(engine, p.layer, 50, 8, 0, 0, ac_value_color(1, 1, 1, 0.75), 4);
    set_state(engine, &p, 0);
    return p;
}

/* The transition of type and subtype (1 s, easeInEaseOut) added to the panel. */
static void add_transition(ac_engine *engine, ac_layer layer, int32_t type, int32_t subtype) {
    ac_animation animation;
    ac_transition transition;
    ac_timing timing;
    ac_timing_function ease;
    demo_check(ac_animation_create_transition(engine, &animation), "ac_animation_create_transition");
    demo_check(ac_transition_init(&transition), "ac_transition_init");
    transition.type = type;
    transition.subtype = subtype;
    demo_check(ac_animation_set_transition(engine, animation, &transition), "transition");
    demo_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = 1.0;
    demo_check(ac_animation_set_timing(engine, animation, &timing), "timing");
    demo_check(ac_timing_function_named("easeInEaseOut", &ease), "ac_timing_function_named");
    demo_check(ac_animation_set_timing_function(engine, animation, &ease), "timing function");
    demo_check(ac_layer_add_animation(engine, layer, animation, NULL), "ac_layer_add_animation");
    demo_check(ac_animation_release(engine, animation), "ac_animation_release");
}

/* Every panel to state b with its transition, in one transaction with actions disabled. */
static void change(ac_engine *engine, const panel *panels, int b, const int32_t *subtypes) {
    demo_check(ac_transaction_begin(engine), "ac_transaction_begin");
    demo_check(ac_transaction_set_disable_actions(engine, 1), "disableActions");
    for (int i = 0; i < PANELS; i++) {
        add_transition(engine, panels[i].layer, TYPES[i], subtypes[i]);
        set_state(engine, &panels[i], b);
    }
    demo_check(ac_transaction_commit(engine), "ac_transaction_commit");
}

/* Each panel's transition_progress in a fill of the values' list (0 without one in effect). */
static void progress(ac_engine *engine, ac_render_list list, ac_layer root, const panel *panels, double *out) {
    const ac_render_entry *entries;
    size_t count;
    demo_check(ac_render_list_fill(engine, list, root, AC_GEOMETRY_PRESENTATION, &entries, &count, NULL, NULL),
               "ac_render_list_fill");
    for (int i = 0; i < PANELS; i++) {
        out[i] = 0.0;
        for (size_t j = 0; j < count; j++)
            if (entries[j].layer == panels[i].layer) out[i] = entries[j].transition_progress;
    }
}

int main(int argc, char **argv) {
    const char *out = demo_out_dir(argc, argv, "the four transitions");
    ac_engine *engine;
    ac_render_list list, values_list;
    const ac_render_entry *entries;
    size_t count;
    compositor comp;
    panel panels[PANELS];
    char line[64];
    demo_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    compositor_init(&comp);
    ac_layer root = layer_in(engine, 0, WIDTH, HEIGHT, WIDTH / 2.0, HEIGHT / 2.0,
                             ac_value_color(0.94, 0.94, 0.94, 1), 0);
    for (int i = 0; i < PANELS; i++) panels[i] = make_panel(engine, root, 95 + 170 * (i % 2), 55 + 115 * (i / 2));
    demo_check(ac_render_list_create(engine, &list), "ac_render_list_create");
    demo_check(ac_render_list_create(engine, &values_list), "ac_render_list_create");

    cairo_surface_t *screen = demo_surface(WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(screen);
    FILE *csv = demo_csv_open(out, "fade,move_in,push,reveal");
    const int32_t *subtypes = FIRST;
    for (int tick = 0; tick <= LAST_TICK; tick++) {
        if (tick == 1) change(engine, panels, 1, FIRST);
        if (tick == 91) change(engine, panels, 0, SECOND);
        if (tick == 91) subtypes = SECOND;
        demo_check(ac_engine_tick(engine, (double)tick / DEMO_FPS), "ac_engine_tick");
        double row[PANELS];
        progress(engine, values_list, root, panels, row);
        demo_csv_row(csv, tick, row, PANELS);
        if (!demo_records(tick)) continue;
        demo_check(ac_render_list_fill(engine, list, root, AC_GEOMETRY_PRESENTATION, &entries, &count, NULL,
                                       NULL),
                   "ac_render_list_fill");
        compositor_draw(&comp, cr, entries, count);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        for (int i = 0; i < PANELS; i++) {
            snprintf(line, sizeof line, "%s %s  p %.2f", TYPE_NAMES[i], SUBTYPE_NAMES[subtypes[i]], row[i]);
            demo_text(cr, 15 + 170 * (i % 2), 112 + 115 * (i / 2), 12, line);
        }
        demo_write_frame(screen, out, tick);
    }
    demo_csv_close(csv);
    cairo_destroy(cr);
    compositor_finish(&comp);
    cairo_surface_destroy(screen);
    demo_check(ac_render_list_destroy(engine, values_list), "ac_render_list_destroy");
    demo_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    for (int i = 0; i < PANELS; i++) {
        ac_layer layers[3] = {panels[i].disc, panels[i].bar, panels[i].layer};
        for (int k = 0; k < 3; k++) demo_check(ac_layer_release(engine, layers[k]), "ac_layer_release");
    }
    demo_check(ac_layer_release(engine, root), "ac_layer_release");
    demo_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return 0;
}
