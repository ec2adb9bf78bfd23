/*
 * Seed 003 ("Layer Time", ch. 9, listing 9.4) with an animator: the door (anchorPoint (0, 0.5),
 * transform.rotation.y from 0 to -pi/2) scrubbed by a drag, then released. Where the chapter
 * pauses the door's layer (speed 0) and drives its timeOffset from the pan gesture, clamped to
 * 0.999, here an animator holds the swing: pause, fraction_complete from the drag, then
 * continue to the end with a new curve, or reverse back to where it began. Prints the angle
 * (degrees) after each step. The Python version is examples/python/seed003_door_drag.py.
 */
#include <math.h>
#include <stdio.h>

#include <animcore.h>

#define CHECK(call)                                                                        \
    do {                                                                                   \
        ac_status status_ = (call);                                                        \
        if (status_ != AC_OK) {                                                            \
            fprintf(stderr, "%s failed: %s\n", #call, ac_last_error_message());            \
            return 1;                                                                      \
        }                                                                                  \
    } while (0)

static const char *const POSITIONS[] = {"end", "start", "current", "cancelled"};

static void on_end(ac_engine *engine, int32_t position, void *user_data) {
    (void)engine;
    printf("  %s: the animator ended at its %s\n", (const char *)user_data, POSITIONS[position]);
}

static double degrees(ac_engine *engine, ac_layer door, ac_key rotation) {
    double angle = NAN;
    ac_layer_get_presentation_scalar(engine, door, rotation, &angle);
    return angle * 180.0 / M_PI;
}

/* One drag over the door, released at t = 1: "continue" runs on to the end, "reverse" back. */
static int drag(ac_engine *engine, ac_layer door, ac_key rotation, int reverse, double *now) {
    static const double pan[] = {0.10, 0.25, 0.45, 0.60, 0.55}; /* finger positions / 200 pt */
    ac_animator animator = 0;
    ac_timing_function linear, ease_out;
    ac_animator_info info;
    CHECK(ac_timing_function_named("linear", &linear));
    CHECK(ac_timing_function_named("ease_out", &ease_out));
    CHECK(ac_animator_create(engine, 1.0, &linear, &animator));
    CHECK(ac_animator_add_completion(engine, animator, on_end, reverse ? "reverse" : "continue", NULL));
    /* The swing: the model goes to -pi/2 at once; the animator holds the motion. */
    CHECK(ac_animator_begin(engine, animator));
    CHECK(ac_layer_set_scalar(engine, door, rotation, reverse ? 0.0 : -M_PI / 2));
    CHECK(ac_animator_commit(engine, animator));
    CHECK(ac_animator_pause(engine, animator)); /* the pan gesture begins */
    for (int k = 0; k < 5; k++) {
        CHECK(ac_animator_set_fraction_complete(engine, animator, pan[k]));
        *now += 1.0 / 60.0;
        CHECK(ac_engine_tick(engine, *now));
        printf("  drag %.2f: the door at %7.3f deg\n", pan[k], degrees(engine, door, rotation));
    }
    /* Released: on to the end with a new curve, or back to the start. */
    if (reverse) {
        CHECK(ac_animator_set_reversed(engine, animator, 1));
        CHECK(ac_animator_start(engine, animator));
    } else {
        CHECK(ac_animator_continue(engine, animator, &ease_out, 1.0));
    }
    for (int frame = 1; frame <= 40; frame++) {
        *now += 1.0 / 60.0;
        CHECK(ac_engine_tick(engine, *now));
        info.struct_size = (uint32_t)sizeof info;
        CHECK(ac_animator_get_info(engine, animator, &info));
        if (frame % 8 == 0 || info.state == AC_ANIMATOR_FINISHED)
            printf("  released +%2d frames: fraction %.3f, the door at %7.3f deg\n", frame, info.fraction_complete,
                   degrees(engine, door, rotation));
        if (info.state == AC_ANIMATOR_FINISHED) break;
    }
    CHECK(ac_animator_release(engine, animator));
    return 0;
}

int main(void) {
    ac_engine *engine = NULL;
    ac_layer door = 0;
    ac_key rotation = 0, anchor_point = 0;
    ac_value anchor = ac_value_point(0, 0.5);
    double now = 0;
    CHECK(ac_engine_create(NULL, &engine));
    CHECK(ac_layer_create(engine, 0, &door));
    CHECK(ac_engine_key(engine, "anchorPoint", &anchor_point));
    CHECK(ac_layer_set_value(engine, door, anchor_point, &anchor));
    CHECK(ac_engine_key(engine, "transform.rotation.y", &rotation));
    CHECK(ac_engine_tick(engine, now)); /* commits the door */
    printf("seed 003: the door dragged open, then released (continue)\n");
    if (drag(engine, door, rotation, 0, &now)) return 1;
    {
        double model = NAN;
        CHECK(ac_layer_get_scalar(engine, door, rotation, &model));
        printf("  the model after: %.3f deg (nothing snaps back)\n", model * 180.0 / M_PI);
    }
    printf("seed 003: the door dragged shut, then let go back (reverse)\n");
    if (drag(engine, door, rotation, 1, &now)) return 1;
    CHECK(ac_engine_destroy(engine));
    return 0;
}
