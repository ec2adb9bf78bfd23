/*
 * Seed 003, Listing 9.3 for real: the ship follows the bezier path (move to (0, 150), curve to
 * (300, 150) with controls (75, 0) and (225, 300)) as a keyframe animation of "position" with
 * duration 1, rotationMode auto and removedOnCompletion NO, for several positions of the
 * speed and timeOffset sliders. Checked tick by tick at 60 fps:
 *
 *   e = t - begin;  active while 0 <= e < 1 / speed;  u = (e * speed + timeOffset) mod 1
 *   position = B(u);  transform.rotation.z = atan2(B'(u))
 *
 * and after the active interval (fill removed) the model position and no rotation, the
 * animation still attached.
 */
#include "ac_keyframe_test.h"

static const double ship_curve[8] = {0, 150, 75, 0, 225, 300, 300, 150};

static void run_sliders(double speed, double time_offset) {
    ac_engine *engine = new_engine();
    ac_layer container = new_layer(engine, 0), ship = new_layer(engine, 0);
    ac_path_element path[2];
    ac_animation animation = 0;
    ac_timing timing;
    counters c = {0};
    double end = 1.0 / speed;
    int k, frames = (int)(end * 60) + 20, shown = 0;

    /* viewDidLoad: the ship, 64 x 64 at (0, 150) in the container. */
    set_value(engine, ship, "frame", ac_value_rect(0, 0, 64, 64));
    set_value(engine, ship, "position", ac_value_point(0, 150));
    set_value(engine, ship, "contents", ac_value_token(0x5348495050ull)); /* Ship.png */
    AC_CHECK_OK(ac_layer_add_sublayer(engine, container, ship));
    tick(engine, T0 - 1);

    /* play */
    path[0] = ac_path_move_to(0, 150);
    path[1] = ac_path_curve_to(75, 0, 225, 300, 300, 150);
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "position", &animation));
    ac_timing_init_animation(&timing);
    timing.time_offset_s = time_offset;
    timing.speed = speed;
    timing.duration_s = 1.0;
    set_timing(engine, animation, timing);
    AC_CHECK_OK(ac_animation_set_path(engine, animation, path, 2));
    AC_CHECK_OK(ac_animation_set_rotation_mode(engine, animation, AC_ROTATION_AUTO));
    AC_CHECK_OK(ac_animation_set_flag(engine, animation, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
    count_animation(engine, animation, &c);
    AC_CHECK_OK(ac_layer_add_animation(engine, ship, animation, "slide"));
    AC_CHECK_OK(ac_animation_release(engine, animation));

    /* The add commits at the next tick (T0): the animation begins there. */
    for (k = 0; k <= frames; ++k) {
        double e = frame_e(k), local = e * speed + time_offset, x, y, angle;
        tick(engine, frame_time(k));
        if (fabs(e - end) < 1e-9 || (e < end && near_integer(local))) continue; /* on a turn */
        presentation_point(engine, ship, "position", &x, &y);
        angle = presentation_scalar(engine, ship, "transform.rotation.z");
        if (e < end) {
            double u = local - floor(local), want_x, want_y, dx, dy;
            bezier_at(ship_curve, u, &want_x, &want_y, &dx, &dy);
            shown++;
            if (!AC_CHECK_NEAR(x, want_x, 1e-9) || !AC_CHECK_NEAR(y, want_y, 1e-9) ||
                !AC_CHECK_ANGLE(angle, atan2(dy, dx), 1e-9)) {
                printf("    speed %g, timeOffset %g: frame %d (u = %.6f)\n", speed, time_offset, k, u);
                break;
            }
        } else {
            /* After the active interval: the model again, no rotation; still attached. */
            if (!AC_CHECK_EQ_DOUBLE(x, 0) || !AC_CHECK_EQ_DOUBLE(y, 150) || !AC_CHECK_EQ_DOUBLE(angle, 0)) {
                printf("    speed %g, timeOffset %g: frame %d after the end\n", speed, time_offset, k);
                break;
            }
        }
    }
    AC_CHECK(shown >= (int)(end * 60) - 3);
    AC_CHECK_EQ_INT(animation_count(engine, ship), 1);
    AC_CHECK_EQ_INT(c.started, 1);
    AC_CHECK_EQ_INT(c.stopped_finished, 1);
    AC_CHECK_EQ_INT(c.stopped_unfinished, 0);
    /* The model never moved. */
    AC_CHECK_EQ_DOUBLE(model_value(engine, ship, "position").v[0], 0);
    AC_CHECK_EQ_DOUBLE(model_value(engine, ship, "transform").v[0], 1);
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    /* (speed, timeOffset) slider pairs. */
    run_sliders(1, 0);
    run_sliders(0.5, 0.25);
    run_sliders(2, 0.5);
    run_sliders(1, 0.75);
    run_sliders(1.5, 0.9);
    return ac_test_finish();
}
