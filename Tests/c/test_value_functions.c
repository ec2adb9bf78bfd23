/*
 * Value functions (ac_animation_set_value_function, CAValueFunction): a rotateZ from 0 to 2*pi
 * turns once, a scale takes a vector3, keyframes and additive animations through the C API,
 * the name read back, and every refusal with its status and a message naming the argument.
 * Expected matrices are written out from CATransform3DMakeRotation / MakeScale (row-major,
 * row vectors: a z rotation by a is m11 = cos a, m12 = sin a, m21 = -sin a, m22 = cos a).
 */
#include <math.h>
#include <string.h>

#include "ac_engine_test.h"

/* Checks that `value` is the z rotation by `angle` radians followed by the translation (tx, 0, 0). */
static void check_rotation_z(ac_value value, double angle, double tx) {
    double expected[16] = {cos(angle), sin(angle), 0, 0, -sin(angle), cos(angle), 0, 0, 0, 0, 1, 0, tx, 0, 0, 1};
    int index;
    AC_CHECK_EQ_INT(value.kind, AC_VALUE_TRANSFORM3D);
    for (index = 0; index < 16; ++index) AC_CHECK_NEAR(value.v[index], expected[index], 1e-12);
}

/* A basic animation of "transform" with value function `name` from `from` to `to`, duration 1 s. */
static ac_animation function_animation(ac_engine *engine, const char *name, ac_value from, ac_value to) {
    ac_animation animation = 0;
    ac_timing timing;
    AC_CHECK_OK(ac_animation_create_basic(engine, "transform", &animation));
    AC_CHECK_OK(ac_animation_set_value_function(engine, animation, name));
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from));
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to));
    ac_timing_init_animation(&timing);
    timing.duration_s = 1;
    AC_CHECK_OK(ac_animation_set_timing(engine, animation, &timing));
    return animation;
}

static void test_rotate_z_turns_once(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = function_animation(engine, "rotateZ", ac_value_scalar(0), ac_value_scalar(2 * PI));
    int quarter;
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "spin"));
    tick(engine, T0);
    for (quarter = 1; quarter <= 3; ++quarter) {
        tick(engine, T0 + quarter * 0.25);
        check_rotation_z(presentation_value(engine, layer, "transform"), quarter * PI / 2, 0);
    }
    ac_animation_release(engine, a);
    ac_engine_destroy(engine);
}

static void test_scale_keyframes_additive(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = function_animation(engine, "scale", ac_value_vector3(1, 1, 1), ac_value_vector3(3, 5, 2));
    ac_animation k = 0;
    ac_value shown, values[3];
    ac_timing timing;
    double moved[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 100, 0, 0, 1};

    /* scale (1, 1, 1) -> (3, 5, 2), half way: scale(2, 3, 1.5). */
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "grow"));
    tick(engine, T0);
    tick(engine, T0 + 0.5);
    shown = presentation_value(engine, layer, "transform");
    AC_CHECK_NEAR(shown.v[0], 2, 1e-12);
    AC_CHECK_NEAR(shown.v[5], 3, 1e-12);
    AC_CHECK_NEAR(shown.v[10], 1.5, 1e-12);
    AC_CHECK_NEAR(shown.v[15], 1, 1e-12);
    AC_CHECK_OK(ac_layer_remove_all_animations(engine, layer));

    /* Keyframes 0, pi, 3*pi with rotateZ, additive over a model translation (100, 0, 0): at
       0.625 the angle is 1.5*pi (segment pi -> 3*pi, a quarter in); the rotation is applied first,
       then the model's translation. The model is set first, its implicit animation (0.25 s from
       the commit at T0 + 2) over before the reading. */
    set_value(engine, layer, "transform", ac_value_transform3d(moved));
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "transform", &k));
    values[0] = ac_value_scalar(0);
    values[1] = ac_value_scalar(PI);
    values[2] = ac_value_scalar(3 * PI);
    AC_CHECK_OK(ac_animation_set_values(engine, k, values, 3));
    AC_CHECK_OK(ac_animation_set_value_function(engine, k, "rotateZ"));
    AC_CHECK_OK(ac_animation_set_flag(engine, k, AC_ANIMATION_ADDITIVE, 1));
    ac_timing_init_animation(&timing);
    timing.duration_s = 1;
    AC_CHECK_OK(ac_animation_set_timing(engine, k, &timing));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, k, "keyframes"));
    tick(engine, T0 + 2);
    tick(engine, T0 + 2.625);
    check_rotation_z(presentation_value(engine, layer, "transform"), 1.5 * PI, 100);
    ac_animation_release(engine, a);
    ac_animation_release(engine, k);
    ac_engine_destroy(engine);
}

static void test_name_read_back(void) {
    ac_engine *engine = new_engine();
    ac_animation a = 0;
    char buffer[32];
    size_t length = 99;
    AC_CHECK_OK(ac_animation_create_basic(engine, "transform", &a));
    AC_CHECK_OK(ac_animation_get_value_function(engine, a, buffer, sizeof buffer, &length));
    AC_CHECK_EQ_INT((long long)length, 0);
    AC_CHECK_EQ_STR(buffer, "");
    AC_CHECK_OK(ac_animation_set_value_function(engine, a, "translateX"));
    /* The length of a name asked with no buffer: AC_ERR_BUFFER_TOO_SMALL, the length told. */
    EXPECT_ERROR(ac_animation_get_value_function(engine, a, NULL, 0, &length), AC_ERR_BUFFER_TOO_SMALL, "buffer");
    AC_CHECK_EQ_INT((long long)length, 10);
    AC_CHECK_OK(ac_animation_get_value_function(engine, a, buffer, sizeof buffer, &length));
    AC_CHECK_EQ_STR(buffer, "translateX");
    EXPECT_ERROR(ac_animation_get_value_function(engine, a, buffer, 4, &length), AC_ERR_BUFFER_TOO_SMALL, "buffer holds 4 bytes");
    /* NULL removes it. */
    AC_CHECK_OK(ac_animation_set_value_function(engine, a, NULL));
    AC_CHECK_OK(ac_animation_get_value_function(engine, a, buffer, sizeof buffer, &length));
    AC_CHECK_EQ_STR(buffer, "");
    ac_animation_release(engine, a);
    ac_engine_destroy(engine);
}

static void test_refusals(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = new_layer(engine, 0);
    ac_animation a = 0, decay = 0, group = 0, opacity = 0;
    char buffer[32];
    size_t length = 0;

    AC_CHECK_OK(ac_animation_create_basic(engine, "transform", &a));
    /* Unknown names, "" included (Core Animation answers nil): AC_ERR_UNKNOWN_NAME naming name. */
    EXPECT_ERROR(ac_animation_set_value_function(engine, a, ""), AC_ERR_UNKNOWN_NAME, "name is \"\"");
    EXPECT_ERROR(ac_animation_set_value_function(engine, a, "rotatez"), AC_ERR_UNKNOWN_NAME, "rotateX, rotateY");
    EXPECT_ERROR(ac_animation_set_value_function(engine, a, "\xc3"), AC_ERR_INVALID_ARGUMENT, "name");
    EXPECT_ERROR(ac_animation_set_value_function(engine, 0, "rotateZ"), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_animation_get_value_function(engine, a, buffer, sizeof buffer, NULL), AC_ERR_NULL_POINTER,
                 "out_length");
    AC_CHECK_OK(ac_animation_get_value_function(engine, a, buffer, sizeof buffer, &length));
    AC_CHECK_EQ_STR(buffer, ""); /* the refused names changed nothing */

    /* A decay or a group: refused when set. */
    AC_CHECK_OK(ac_animation_create_decay(engine, "transform", &decay));
    EXPECT_ERROR(ac_animation_set_value_function(engine, decay, "rotateZ"), AC_ERR_INVALID_ARGUMENT,
                 "animation.valueFunction is rotateZ on a decay animation");
    AC_CHECK_OK(ac_animation_create_group(engine, &group));
    EXPECT_ERROR(ac_animation_set_value_function(engine, group, "scale"), AC_ERR_INVALID_ARGUMENT,
                 "animation.valueFunction is scale on a group animation");

    /* Checked when added: values of the wrong kind, a property that holds no transform. */
    {
        ac_value v3 = ac_value_vector3(0, 0, 0), one = ac_value_scalar(1);
        AC_CHECK_OK(ac_animation_set_value_function(engine, a, "rotateZ"));
        AC_CHECK_OK(ac_animation_set_value(engine, a, AC_ANIMATION_FROM, &v3));
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_WRONG_KIND,
                     "animation.fromValue is a vector3 but animation.valueFunction rotateZ takes scalar values");
        AC_CHECK_OK(ac_animation_set_value_function(engine, a, "scale"));
        AC_CHECK_OK(ac_animation_set_value(engine, a, AC_ANIMATION_FROM, &one));
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_WRONG_KIND,
                     "animation.fromValue is a scalar but animation.valueFunction scale takes vector3 values");
        opacity = scalar_animation(engine, "opacity", 1, 0, 1, 1, 0, 0, 1.0);
        AC_CHECK_OK(ac_animation_set_value_function(engine, opacity, "rotateZ"));
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, opacity, "k"), AC_ERR_WRONG_KIND,
                     "animation.valueFunction is rotateZ but animation.keyPath \"opacity\" holds scalar values");
        AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    }
    ac_animation_release(engine, a);
    ac_animation_release(engine, decay);
    ac_animation_release(engine, group);
    ac_animation_release(engine, opacity);
    ac_engine_destroy(engine);
}

int main(void) {
    test_rotate_z_turns_once();
    test_scale_keyframes_additive();
    test_name_read_back();
    test_refusals();
    return ac_test_finish();
}
