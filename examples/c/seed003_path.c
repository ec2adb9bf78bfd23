/*
 * Seed 003, Listing 9.3 ("Testing the timeOffset and speed Properties") on animcore: the ship
 * follows a bezier path as a CAKeyframeAnimation of "position" (path move to (0, 150), curve to
 * (300, 150) with controls (75, 0) and (225, 300)), duration 1, rotationMode auto,
 * removedOnCompletion NO, with the speed and timeOffset of the two sliders.
 *
 * For each slider pair, prints the ship's presentation position and its rotation (degrees,
 * along the path's tangent) every 6th tick at 60 fps: the animation starts timeOffset into the
 * path, wraps round to the start, plays 1 / speed seconds in all, then the model shows again.
 */
#include <animcore.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

static void check(ac_status status, const char *what) {
    if (status != AC_OK) {
        fprintf(stderr, "%s failed: %s\n", what, ac_last_error_message());
        exit(1);
    }
}

static void play(double speed, double time_offset) {
    ac_engine *engine = NULL;
    ac_layer container = 0, ship = 0;
    ac_animation animation = 0;
    ac_path_element path[2];
    ac_timing timing;
    ac_key position, rotation, frame_key;
    ac_value value;
    const double t0 = 100.0;
    int frame;

    check(ac_engine_create(NULL, &engine), "ac_engine_create");
    check(ac_engine_key(engine, "position", &position), "ac_engine_key");
    check(ac_engine_key(engine, "transform.rotation.z", &rotation), "ac_engine_key");
    check(ac_engine_key(engine, "frame", &frame_key), "ac_engine_key");

    /* viewDidLoad: the container and the 64 x 64 ship at (0, 150). */
    check(ac_layer_create(engine, 0, &container), "ac_layer_create");
    check(ac_layer_create(engine, 0, &ship), "ac_layer_create");
    value = ac_value_rect(0, 0, 64, 64);
    check(ac_layer_set_value(engine, ship, frame_key, &value), "frame");
    value = ac_value_point(0, 150);
    check(ac_layer_set_value(engine, ship, position, &value), "position");
    check(ac_layer_add_sublayer(engine, container, ship), "ac_layer_add_sublayer");
    check(ac_engine_tick(engine, t0 - 1), "ac_engine_tick");

    /* play: the keyframe animation along the path. */
    path[0] = ac_path_move_to(0, 150);
    path[1] = ac_path_curve_to(75, 0, 225, 300, 300, 150);
    check(ac_animation_create_keyframe(engine, "position", &animation), "ac_animation_create_keyframe");
    check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.time_offset_s = time_offset;
    timing.speed = speed;
    timing.duration_s = 1.0;
    check(ac_animation_set_timing(engine, animation, &timing), "ac_animation_set_timing");
    check(ac_animation_set_path(engine, animation, path, 2), "ac_animation_set_path");
    check(ac_animation_set_rotation_mode(engine, animation, AC_ROTATION_AUTO), "rotationMode");
    check(ac_animation_set_flag(engine, animation, AC_ANIMATION_REMOVED_ON_COMPLETION, 0), "removedOnCompletion");
    check(ac_layer_add_animation(engine, ship, animation, "slide"), "ac_layer_add_animation");
    check(ac_animation_release(engine, animation), "ac_animation_release");

    printf("speed %.2f, timeOffset %.2f (active %.2f s)\n", speed, time_offset, 1.0 / speed);
    printf("  %6s %9s %9s %9s\n", "t (s)", "x", "y", "angle");
    for (frame = 0; frame <= (int)(60.0 / speed) + 12; frame += 6) {
        double angle = 0;
        check(ac_engine_tick(engine, t0 + frame / 60.0), "ac_engine_tick");
        check(ac_layer_get_presentation_value(engine, ship, position, &value), "position");
        check(ac_layer_get_presentation_scalar(engine, ship, rotation, &angle), "rotation");
        printf("  %6.2f %9.2f %9.2f %8.1f°\n", frame / 60.0, value.v[0], value.v[1], angle * 180.0 / PI);
    }
    printf("\n");
    check(ac_engine_destroy(engine), "ac_engine_destroy");
}

int main(void) {
    printf("Seed 003: the ship along its path, for several (speed, timeOffset) slider pairs\n\n");
    play(1.0, 0.0);
    play(0.5, 0.25);
    play(2.0, 0.5);
    play(1.0, 0.75);
    return 0;
}
