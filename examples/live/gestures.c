/* Pointer events to animations (see live.h): a press on empty space springs the ball there, a
 * press on the ball taps it (hit on the presentation tree) and may become a drag, whose release
 * throws the ball with a decay. Every gesture prints one line on g->report. */
#include "live.h"

#include <math.h>

#define THROW_KEY "throw"      /* the decay's animation key */
#define FLASH_KEY "flash"      /* the tap's border flash */
#define FLASH_DURATION_S 0.6
#define SPRING_DURATION_S 0.7  /* perceptual duration (2 pi / natural frequency) */
#define SPRING_BOUNCE 0.25     /* 0: no overshoot; towards 1: more bounces */

void gestures_init(gestures *g, live_scene *scene, FILE *report) {
    g->scene = scene;
    g->report = report;
    g->frame = 0;
    g->pressed_on_ball = g->dragging = 0;
    pointer_velocity_reset(&g->velocity);
}

static ac_value model_value(live_scene *scene, ac_layer layer, const char *name) {
    ac_value value;
    live_check(ac_layer_get_value(scene->engine, layer, scene_key(scene, name), &value), name);
    return value;
}

/* Where the ball's centre may go in the tray: its radius in from every edge (lower, upper). */
static void ball_range(live_scene *scene, double lower[2], double upper[2]) {
    ac_value tray = model_value(scene, scene->tray, "bounds");
    ac_value ball = model_value(scene, scene->ball, "bounds");
    lower[0] = ball.v[2] / 2, lower[1] = ball.v[3] / 2;
    upper[0] = tray.v[2] - ball.v[2] / 2, upper[1] = tray.v[3] - ball.v[3] / 2;
}

/* Sets the ball's model position with actions disabled: no animation, it is there next frame. */
static void place_ball(live_scene *scene, double x, double y) {
    ac_value where = ac_value_point(x, y);
    live_check(ac_transaction_begin(scene->engine), "ac_transaction_begin");
    live_check(ac_transaction_set_disable_actions(scene->engine, 1), "disable actions");
    live_check(ac_layer_set_value(scene->engine, scene->ball, scene->position, &where), "position");
    live_check(ac_transaction_commit(scene->engine), "ac_transaction_commit");
}

/* Moves the target marker to a tray point and shows it, with actions disabled (it jumps). */
static void show_marker(live_scene *scene, ac_value where) {
    ac_engine *engine = scene->engine;
    ac_value visible = ac_value_scalar(1);
    live_check(ac_transaction_begin(engine), "ac_transaction_begin");
    live_check(ac_transaction_set_disable_actions(engine, 1), "disable actions");
    live_check(ac_layer_set_value(engine, scene->marker, scene->position, &where), "marker");
    ac_key opacity = scene_key(scene, "opacity");
    live_check(ac_layer_set_value(engine, scene->marker, opacity, &visible), "opacity");
    live_check(ac_transaction_commit(engine), "ac_transaction_commit");
}

/*
 * Springs the ball to a tray point (kept inside the tray). The implicit spring starts from the
 * presentation value with the presentation velocity (ac_transaction_set_spring()), so a press
 * during a spring or a throw retargets the motion without a jump in value or velocity. A throw
 * in flight is removed after the spring is set, not before: a removal changes the presentation
 * at once (to the model value, where the throw began), and the spring would start from there.
 * Removed before it finishes, the throw writes no final value.
 */
static void spring_ball_to(gestures *g, double x, double y) {
    live_scene *scene = g->scene;
    ac_engine *engine = scene->engine;
    double lower[2], upper[2], shown[2], velocity[2];
    ball_range(scene, lower, upper);
    ac_value target = ac_value_point(fmin(fmax(x, lower[0]), upper[0]),
                                     fmin(fmax(y, lower[1]), upper[1]));
    ac_spring spring;
    spring.struct_size = sizeof spring;
    live_check(ac_spring_from_perceptual(SPRING_DURATION_S, SPRING_BOUNCE, &spring), "spring");
    scene_ball_motion(scene, shown, velocity); /* what the spring starts from: the last tick's */
    live_check(ac_transaction_begin(engine), "ac_transaction_begin");
    live_check(ac_transaction_set_spring(engine, &spring), "ac_transaction_set_spring");
    live_check(ac_layer_set_value(engine, scene->ball, scene->position, &target), "position");
    live_check(ac_transaction_commit(engine), "ac_transaction_commit");
    live_check(ac_layer_remove_animation(engine, scene->ball, THROW_KEY), "remove throw");
    show_marker(scene, target);
    fprintf(g->report,
            "spring frame=%d to=(%.2f,%.2f) from=(%.4f,%.4f) velocity=(%.4f,%.4f) retarget=%d "
            "mass=%.6f stiffness=%.6f damping=%.6f\n",
            g->frame, target.v[0], target.v[1], shown[0], shown[1], velocity[0], velocity[1],
            hypot(velocity[0], velocity[1]) > 0, spring.mass, spring.stiffness, spring.damping);
}

/* The tap's feedback: the ball's border flashes from opaque orange to its transparent model
 * colour (an explicit animation; the model never changes). */
static void flash(live_scene *scene, ac_layer layer) {
    ac_engine *engine = scene->engine;
    ac_animation animation;
    ac_timing timing;
    ac_value lit = ac_value_color(1, 0.6, 0.1, 1);
    live_check(ac_animation_create_basic(engine, "borderColor", &animation), "flash");
    live_check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &lit), "flash from");
    live_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = FLASH_DURATION_S;
    live_check(ac_animation_set_timing(engine, animation, &timing), "flash timing");
    live_check(ac_layer_add_animation(engine, layer, animation, FLASH_KEY), "flash add");
    live_check(ac_animation_release(engine, animation), "ac_animation_release");
}

/*
 * Throws the ball from where the drag left it with the pointer's velocity (points per second):
 * a decay (rate 0.998 per ms) bounded by the tray, springing back at an edge it reaches. The
 * decay keeps its final value (AC_ANIMATION_KEEPS_FINAL_VALUE, a decay's default, set here to
 * say so): when it stops, its resting value becomes the model, so the ball does not snap back.
 */
static void throw_ball(gestures *g, const double velocity[2]) {
    live_scene *scene = g->scene;
    ac_engine *engine = scene->engine;
    double lower[2], upper[2];
    ball_range(scene, lower, upper);
    ac_value start = model_value(scene, scene->ball, "position"); /* where the drag put it */
    ac_value speed = ac_value_point(velocity[0], velocity[1]);
    ac_animation decay;
    ac_decay parameters;
    live_check(ac_decay_init(&parameters), "ac_decay_init");
    parameters.has_lower_bound = parameters.has_upper_bound = 1;
    parameters.lower_bound = ac_value_point(lower[0], lower[1]);
    parameters.upper_bound = ac_value_point(upper[0], upper[1]);
    live_check(ac_animation_create_decay(engine, "position", &decay), "decay");
    live_check(ac_animation_set_decay(engine, decay, &parameters), "ac_animation_set_decay");
    live_check(ac_animation_set_value(engine, decay, AC_ANIMATION_FROM, &start), "decay from");
    live_check(ac_animation_set_value(engine, decay, AC_ANIMATION_VELOCITY, &speed), "velocity");
    live_check(ac_animation_set_flag(engine, decay, AC_ANIMATION_KEEPS_FINAL_VALUE, 1), "keep");
    live_check(ac_layer_add_animation(engine, scene->ball, decay, THROW_KEY), "throw add");
    live_check(ac_animation_release(engine, decay), "ac_animation_release");
    fprintf(g->report, "throw frame=%d from=(%.2f,%.2f) velocity=(%.4f,%.4f)\n", g->frame,
            start.v[0], start.v[1], velocity[0], velocity[1]);
}

/* A press: the presentation tree says what is under the pointer where it is drawn now. */
static void press(gestures *g, const pointer_event *event) {
    live_scene *scene = g->scene;
    double point[2] = {event->x, event->y}, tray_point[2], shown[2], velocity[2];
    ac_layer hit, model_hit;
    live_check(ac_layer_hit_test(scene->engine, scene->stage, AC_GEOMETRY_PRESENTATION, point, &hit),
               "hit test");
    live_check(ac_layer_hit_test(scene->engine, scene->stage, AC_GEOMETRY_MODEL, point, &model_hit),
               "hit test");
    scene_window_to_tray(scene, point, tray_point);
    if (hit != scene->ball) {
        spring_ball_to(g, tray_point[0], tray_point[1]);
        return;
    }
    scene_ball_motion(scene, shown, velocity);
    flash(scene, scene->ball);
    fprintf(g->report, "tap frame=%d at=(%.0f,%.0f) hit=%s model_hit=%s ball_speed=%.4f\n",
            g->frame, event->x, event->y, scene_layer_name(scene, hit),
            scene_layer_name(scene, model_hit), hypot(velocity[0], velocity[1]));
    g->pressed_on_ball = 1;
    g->dragging = 0;
    g->press[0] = event->x, g->press[1] = event->y;
    g->grab_offset[0] = shown[0] - tray_point[0], g->grab_offset[1] = shown[1] - tray_point[1];
    pointer_velocity_reset(&g->velocity);
    pointer_velocity_add(&g->velocity, event->time_s, event->x, event->y);
}

/* A move after a press on the ball: past the slop it is a drag, and the ball follows. */
static void move(gestures *g, const pointer_event *event) {
    live_scene *scene = g->scene;
    double point[2] = {event->x, event->y}, tray_point[2];
    if (!g->pressed_on_ball) return;
    double moved = hypot(event->x - g->press[0], event->y - g->press[1]);
    if (!g->dragging && moved < GESTURE_DRAG_SLOP) return;
    if (!g->dragging) { /* caught: whatever moved the ball stops where the pointer holds it */
        live_check(ac_layer_remove_animation(scene->engine, scene->ball, THROW_KEY), "remove throw");
        /* the implicit spring's key is its property's name */
        live_check(ac_layer_remove_animation(scene->engine, scene->ball, "position"), "remove spring");
        g->dragging = 1;
        fprintf(g->report, "drag frame=%d at=(%.0f,%.0f)\n", g->frame, event->x, event->y);
    }
    scene_window_to_tray(scene, point, tray_point);
    place_ball(scene, tray_point[0] + g->grab_offset[0], tray_point[1] + g->grab_offset[1]);
    pointer_velocity_add(&g->velocity, event->time_s, event->x, event->y);
}

void gestures_handle(gestures *g, const pointer_event *event) {
    double velocity[2];
    switch (event->kind) {
    case POINTER_DOWN: press(g, event); break;
    case POINTER_MOVE: move(g, event); break;
    case POINTER_UP:
        if (g->dragging) {
            pointer_velocity_add(&g->velocity, event->time_s, event->x, event->y);
            pointer_velocity_estimate(&g->velocity, velocity); /* window points = tray points */
            throw_ball(g, velocity);
        }
        g->pressed_on_ball = g->dragging = 0;
        break;
    }
}
