/*
 * Bad input to the keyframe, path and group calls: NULL pointers, unknown constants, reserved
 * fields, lists too long, values out of range or not finite, unsorted key times, fields of one
 * kind asked of another, a group containing itself or nested too deep, small buffers, and the
 * checks that run when an animation is added (no values, counts that disagree, a rotation mode
 * without a path, kinds that do not fit the key path or the mode). Each call returns the
 * documented status with a message that carries the status name and names the argument
 * (ac_last_error_message), and a failing call changes nothing.
 */
#include "ac_keyframe_test.h"

static ac_engine *engine;
static ac_layer layer;
static ac_animation basic, frames, group;

static void test_kind_mismatch(void) {
    ac_value v = ac_value_scalar(1), out;
    int32_t i32 = 0;
    double d[2] = {0, 1};
    size_t count = 0;
    ac_path_element path[2];
    ac_timing_function f = named_function("easeIn");
    ac_animation child = 0;

    path[0] = ac_path_move_to(0, 0);
    path[1] = ac_path_line_to(1, 1);
    /* from/to/by belong to basic animations. */
    EXPECT_ERROR(ac_animation_set_value(engine, frames, AC_ANIMATION_FROM, &v), AC_ERR_INVALID_ARGUMENT,
                 "animation is a keyframe animation; fromValue belongs to basic animations");
    EXPECT_ERROR(ac_animation_set_value(engine, group, AC_ANIMATION_TO, &v), AC_ERR_INVALID_ARGUMENT,
                 "animation is a group; toValue belongs to basic animations");
    EXPECT_ERROR(ac_animation_get_value(engine, frames, AC_ANIMATION_BY, &out, &i32), AC_ERR_INVALID_ARGUMENT,
                 "byValue");
    /* Keyframe fields belong to keyframe animations. */
    EXPECT_ERROR(ac_animation_set_values(engine, basic, &v, 1), AC_ERR_INVALID_ARGUMENT,
                 "animation is a basic animation; values belongs to keyframe animations");
    EXPECT_ERROR(ac_animation_get_values(engine, group, NULL, 0, &count), AC_ERR_INVALID_ARGUMENT,
                 "animation is a group");
    EXPECT_ERROR(ac_animation_set_key_times(engine, basic, d, 2), AC_ERR_INVALID_ARGUMENT, "keyTimes");
    EXPECT_ERROR(ac_animation_get_key_times(engine, basic, d, 2, &count), AC_ERR_INVALID_ARGUMENT, "keyTimes");
    EXPECT_ERROR(ac_animation_set_timing_functions(engine, group, &f, 1), AC_ERR_INVALID_ARGUMENT, "timingFunctions");
    EXPECT_ERROR(ac_animation_get_timing_functions(engine, basic, &f, 1, &count), AC_ERR_INVALID_ARGUMENT,
                 "timingFunctions");
    EXPECT_ERROR(ac_animation_set_calculation_mode(engine, basic, AC_CALCULATION_PACED), AC_ERR_INVALID_ARGUMENT,
                 "calculationMode");
    EXPECT_ERROR(ac_animation_get_calculation_mode(engine, group, &i32), AC_ERR_INVALID_ARGUMENT, "calculationMode");
    EXPECT_ERROR(ac_animation_set_spline_values(engine, basic, AC_SPLINE_BIAS, d, 2), AC_ERR_INVALID_ARGUMENT,
                 "biasValues");
    EXPECT_ERROR(ac_animation_get_spline_values(engine, group, AC_SPLINE_TENSION, d, 2, &count),
                 AC_ERR_INVALID_ARGUMENT, "tensionValues");
    EXPECT_ERROR(ac_animation_set_rotation_mode(engine, basic, AC_ROTATION_AUTO), AC_ERR_INVALID_ARGUMENT,
                 "rotationMode");
    EXPECT_ERROR(ac_animation_get_rotation_mode(engine, group, &i32), AC_ERR_INVALID_ARGUMENT, "rotationMode");
    EXPECT_ERROR(ac_animation_set_path(engine, basic, path, 2), AC_ERR_INVALID_ARGUMENT, "path");
    EXPECT_ERROR(ac_animation_get_path(engine, group, NULL, 0, &count), AC_ERR_INVALID_ARGUMENT, "path");
    /* Children belong to groups. */
    EXPECT_ERROR(ac_animation_set_children(engine, frames, &basic, 1), AC_ERR_INVALID_ARGUMENT,
                 "group is a keyframe animation");
    EXPECT_ERROR(ac_animation_child_count(engine, basic, &count), AC_ERR_INVALID_ARGUMENT,
                 "group is a basic animation");
    EXPECT_ERROR(ac_animation_copy_child(engine, frames, 0, &child), AC_ERR_INVALID_ARGUMENT, "group");
}

static void test_null_and_handles(void) {
    int32_t i32 = 0;
    size_t count = 0;
    ac_animation out = 0, released = 0;
    const char *name = NULL;
    double d[3] = {0, 0.5, 1};
    ac_value values[2];

    values[0] = ac_value_scalar(0);
    values[1] = ac_value_scalar(1);
    EXPECT_ERROR(ac_animation_get_kind(engine, frames, NULL), AC_ERR_NULL_POINTER, "out_kind");
    EXPECT_ERROR(ac_animation_get_kind(NULL, frames, &i32), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_animation_get_kind(engine, 12345, &i32), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_animation_create_keyframe(engine, NULL, &out), AC_ERR_NULL_POINTER, "key_path");
    EXPECT_ERROR(ac_animation_create_keyframe(engine, "opacity", NULL), AC_ERR_NULL_POINTER, "out_animation");
    EXPECT_ERROR(ac_animation_create_keyframe(engine, "", &out), AC_ERR_UNKNOWN_KEY, "key_path");
    EXPECT_ERROR(ac_animation_create_keyframe(engine, "\xff\xfe", &out), AC_ERR_INVALID_ARGUMENT, "key_path");
    EXPECT_ERROR(ac_animation_create_group(engine, NULL), AC_ERR_NULL_POINTER, "out_animation");
    EXPECT_ERROR(ac_animation_create_group(NULL, &out), AC_ERR_NULL_POINTER, "engine");

    /* NULL lists with a count. */
    EXPECT_ERROR(ac_animation_set_values(engine, frames, NULL, 2), AC_ERR_NULL_POINTER, "values");
    EXPECT_ERROR(ac_animation_set_key_times(engine, frames, NULL, 1), AC_ERR_NULL_POINTER, "key_times");
    EXPECT_ERROR(ac_animation_set_timing_functions(engine, frames, NULL, 3), AC_ERR_NULL_POINTER, "functions");
    EXPECT_ERROR(ac_animation_set_spline_values(engine, frames, AC_SPLINE_TENSION, NULL, 1), AC_ERR_NULL_POINTER,
                 "values");
    EXPECT_ERROR(ac_animation_set_path(engine, frames, NULL, 2), AC_ERR_NULL_POINTER, "elements");
    EXPECT_ERROR(ac_animation_set_children(engine, group, NULL, 1), AC_ERR_NULL_POINTER, "children");
    /* Lists too long. */
    EXPECT_ERROR(ac_animation_set_values(engine, frames, values, (size_t)AC_ANIMATION_LIST_MAX + 1),
                 AC_ERR_OUT_OF_RANGE, "count");
    EXPECT_ERROR(ac_animation_set_key_times(engine, frames, d, SIZE_MAX), AC_ERR_OUT_OF_RANGE, "count");
    EXPECT_ERROR(ac_animation_set_path(engine, frames, NULL, (size_t)1 << 40), AC_ERR_OUT_OF_RANGE, "count");
    EXPECT_ERROR(ac_animation_set_children(engine, group, &basic, (size_t)-5), AC_ERR_OUT_OF_RANGE, "count");
    /* Output pointers. */
    EXPECT_ERROR(ac_animation_get_values(engine, frames, values, 2, NULL), AC_ERR_NULL_POINTER, "out_count");
    EXPECT_ERROR(ac_animation_get_values(engine, frames, NULL, 2, &count), AC_ERR_NULL_POINTER, "out_values");
    EXPECT_ERROR(ac_animation_get_key_times(engine, frames, NULL, 3, &count), AC_ERR_NULL_POINTER, "out_key_times");
    EXPECT_ERROR(ac_animation_get_timing_functions(engine, frames, NULL, 1, &count), AC_ERR_NULL_POINTER,
                 "out_functions");
    EXPECT_ERROR(ac_animation_get_spline_values(engine, frames, AC_SPLINE_BIAS, NULL, 1, &count),
                 AC_ERR_NULL_POINTER, "out_values");
    EXPECT_ERROR(ac_animation_get_path(engine, frames, NULL, 1, &count), AC_ERR_NULL_POINTER, "out_elements");
    EXPECT_ERROR(ac_animation_get_calculation_mode(engine, frames, NULL), AC_ERR_NULL_POINTER, "out_mode");
    EXPECT_ERROR(ac_animation_get_rotation_mode(engine, frames, NULL), AC_ERR_NULL_POINTER, "out_mode");
    EXPECT_ERROR(ac_animation_child_count(engine, group, NULL), AC_ERR_NULL_POINTER, "out_count");
    EXPECT_ERROR(ac_animation_copy_child(engine, group, 0, NULL), AC_ERR_NULL_POINTER, "out_child");
    EXPECT_ERROR(ac_calculation_mode_from_name(NULL, &i32), AC_ERR_NULL_POINTER, "name");
    EXPECT_ERROR(ac_calculation_mode_from_name("paced", NULL), AC_ERR_NULL_POINTER, "out_mode");
    EXPECT_ERROR(ac_calculation_mode_name(AC_CALCULATION_CUBIC, NULL), AC_ERR_NULL_POINTER, "out_name");

    /* Released and foreign handles. */
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "opacity", &released));
    AC_CHECK_OK(ac_animation_release(engine, released));
    EXPECT_ERROR(ac_animation_set_values(engine, released, values, 2), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_animation_set_children(engine, released, &basic, 1), AC_ERR_BAD_HANDLE, "group");
    {
        ac_animation children[2];
        children[0] = basic;
        children[1] = released;
        EXPECT_ERROR(ac_animation_set_children(engine, group, children, 2), AC_ERR_BAD_HANDLE, "children[1]");
    }
    {
        ac_engine *other = new_engine();
        ac_animation foreign = 0;
        AC_CHECK_OK(ac_animation_create_keyframe(other, "opacity", &foreign));
        EXPECT_ERROR(ac_animation_set_children(engine, group, &foreign, 1), AC_ERR_BAD_HANDLE, "children[0]");
        EXPECT_ERROR(ac_animation_get_kind(engine, foreign, &i32), AC_ERR_BAD_HANDLE, "animation");
        AC_CHECK_OK(ac_engine_destroy(other));
    }
    (void)name;
}

static void test_constants(void) {
    int32_t i32 = 0;
    const char *name = NULL;
    double d[2] = {0, 1}, out[2];
    size_t count = 0;

    EXPECT_ERROR(ac_animation_set_calculation_mode(engine, frames, 5), AC_ERR_OUT_OF_RANGE, "mode");
    EXPECT_ERROR(ac_animation_set_calculation_mode(engine, frames, -1), AC_ERR_OUT_OF_RANGE, "mode");
    EXPECT_ERROR(ac_calculation_mode_name(5, &name), AC_ERR_OUT_OF_RANGE, "mode");
    EXPECT_ERROR(ac_calculation_mode_name(-7, &name), AC_ERR_OUT_OF_RANGE, "mode");
    EXPECT_ERROR(ac_calculation_mode_from_name("Linear", &i32), AC_ERR_UNKNOWN_NAME, "name");
    EXPECT_ERROR(ac_calculation_mode_from_name("kCAAnimationPaced", &i32), AC_ERR_UNKNOWN_NAME, "name");
    EXPECT_ERROR(ac_calculation_mode_from_name("", &i32), AC_ERR_UNKNOWN_NAME, "name");
    EXPECT_ERROR(ac_calculation_mode_from_name("\xc3", &i32), AC_ERR_INVALID_ARGUMENT, "name");
    EXPECT_ERROR(ac_animation_set_spline_values(engine, frames, 3, d, 2), AC_ERR_OUT_OF_RANGE, "which");
    EXPECT_ERROR(ac_animation_set_spline_values(engine, frames, -1, d, 2), AC_ERR_OUT_OF_RANGE, "which");
    EXPECT_ERROR(ac_animation_get_spline_values(engine, frames, 9, out, 2, &count), AC_ERR_OUT_OF_RANGE, "which");
    EXPECT_ERROR(ac_animation_set_rotation_mode(engine, frames, 3), AC_ERR_OUT_OF_RANGE, "mode");
    EXPECT_ERROR(ac_animation_set_rotation_mode(engine, frames, -1), AC_ERR_OUT_OF_RANGE, "mode");
    /* Nothing changed. */
    AC_CHECK_OK(ac_animation_get_calculation_mode(engine, frames, &i32));
    AC_CHECK_EQ_INT(i32, AC_CALCULATION_LINEAR);
    AC_CHECK_OK(ac_animation_get_rotation_mode(engine, frames, &i32));
    AC_CHECK_EQ_INT(i32, AC_ROTATION_NONE);
}

static void test_field_checks(void) {
    ac_value values[3];
    double times[4];
    ac_timing_function functions[2];
    size_t count = 0;

    /* Values: each checked as an ac_value, then one kind, finite. */
    values[0] = ac_value_scalar(0);
    values[1] = ac_value_scalar(1);
    values[2] = ac_value_scalar(2);
    values[1].kind = 42;
    EXPECT_ERROR(ac_animation_set_values(engine, frames, values, 3), AC_ERR_INVALID_ARGUMENT, "values[1]");
    values[1] = ac_value_scalar(NAN);
    EXPECT_ERROR(ac_animation_set_values(engine, frames, values, 3), AC_ERR_NOT_FINITE, "values[1]");
    values[1] = ac_value_scalar(INFINITY);
    EXPECT_ERROR(ac_animation_set_values(engine, frames, values, 3), AC_ERR_NOT_FINITE, "values[1]");
    values[1] = ac_value_scalar(1);
    values[0].reserved = 3;
    EXPECT_ERROR(ac_animation_set_values(engine, frames, values, 3), AC_ERR_INVALID_ARGUMENT, "values[0]");
    values[0] = ac_value_scalar(0);
    values[2] = ac_value_point(1, 2);
    EXPECT_ERROR(ac_animation_set_values(engine, frames, values, 3), AC_ERR_WRONG_KIND, "values[2]");
    values[2] = ac_value_bool(2 == 2);
    values[2].i = 7;
    EXPECT_ERROR(ac_animation_set_values(engine, frames, values, 3), AC_ERR_OUT_OF_RANGE, "values[2]");
    AC_CHECK_OK(ac_animation_get_values(engine, frames, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0); /* nothing was set */

    /* Key times: finite, in [0, 1], not decreasing. */
    times[0] = 0;
    times[1] = 0.5;
    times[2] = NAN;
    times[3] = 1;
    EXPECT_ERROR(ac_animation_set_key_times(engine, frames, times, 4), AC_ERR_NOT_FINITE, "key_times[2]");
    times[2] = 1.5;
    EXPECT_ERROR(ac_animation_set_key_times(engine, frames, times, 4), AC_ERR_OUT_OF_RANGE, "key_times[2]");
    times[2] = -0.1;
    EXPECT_ERROR(ac_animation_set_key_times(engine, frames, times, 4), AC_ERR_OUT_OF_RANGE, "key_times[2]");
    times[2] = 0.4;
    EXPECT_ERROR(ac_animation_set_key_times(engine, frames, times, 4), AC_ERR_INVALID_ARGUMENT, "key_times[2]");
    times[2] = 0.5; /* equal is fine */
    AC_CHECK_OK(ac_animation_set_key_times(engine, frames, times, 4));
    {
        double out[4];
        EXPECT_ERROR(ac_animation_get_key_times(engine, frames, out, 3, &count), AC_ERR_BUFFER_TOO_SMALL,
                     "out_key_times");
        AC_CHECK_EQ_INT(count, 4);
        EXPECT_ERROR(ac_animation_get_key_times(engine, frames, NULL, 0, &count), AC_ERR_BUFFER_TOO_SMALL,
                     "out_key_times");
        AC_CHECK_EQ_INT(count, 4);
    }
    AC_CHECK_OK(ac_animation_set_key_times(engine, frames, NULL, 0));

    /* Timing functions: each checked. */
    functions[0] = named_function("easeIn");
    functions[1] = named_function("easeOut");
    functions[1].x1 = 2;
    EXPECT_ERROR(ac_animation_set_timing_functions(engine, frames, functions, 2), AC_ERR_INVALID_ARGUMENT,
                 "functions[1]");
    functions[1] = named_function("easeOut");
    functions[0].reserved = 1;
    EXPECT_ERROR(ac_animation_set_timing_functions(engine, frames, functions, 2), AC_ERR_INVALID_ARGUMENT,
                 "functions[0]");
    functions[0] = named_function("easeIn");
    functions[0].kind = 9;
    EXPECT_ERROR(ac_animation_set_timing_functions(engine, frames, functions, 2), AC_ERR_INVALID_ARGUMENT,
                 "functions[0]");
    AC_CHECK_OK(ac_animation_get_timing_functions(engine, frames, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);

    /* Spline values: finite, in [-1, 1]. */
    times[0] = 0;
    times[1] = 1.5;
    EXPECT_ERROR(ac_animation_set_spline_values(engine, frames, AC_SPLINE_TENSION, times, 2), AC_ERR_OUT_OF_RANGE,
                 "values[1]");
    times[1] = -1.01;
    EXPECT_ERROR(ac_animation_set_spline_values(engine, frames, AC_SPLINE_CONTINUITY, times, 2), AC_ERR_OUT_OF_RANGE,
                 "values[1]");
    times[0] = NAN;
    EXPECT_ERROR(ac_animation_set_spline_values(engine, frames, AC_SPLINE_BIAS, times, 2), AC_ERR_NOT_FINITE,
                 "values[0]");
    times[0] = -1;
    times[1] = 1;
    AC_CHECK_OK(ac_animation_set_spline_values(engine, frames, AC_SPLINE_BIAS, times, 2));
    AC_CHECK_OK(ac_animation_set_spline_values(engine, frames, AC_SPLINE_BIAS, NULL, 0));
}

static void test_paths(void) {
    ac_path_element path[3], out[8];
    size_t count = 0;

    path[0] = ac_path_move_to(0, 0);
    path[1] = ac_path_line_to(10, 0);
    path[2] = ac_path_curve_to(1, 2, 3, 4, 5, 6);
    path[1].type = 7;
    EXPECT_ERROR(ac_animation_set_path(engine, frames, path, 3), AC_ERR_OUT_OF_RANGE, "elements[1]");
    path[1].type = -1;
    EXPECT_ERROR(ac_animation_set_path(engine, frames, path, 3), AC_ERR_OUT_OF_RANGE, "elements[1]");
    path[1] = ac_path_line_to(10, 0);
    path[0].reserved = 1;
    EXPECT_ERROR(ac_animation_set_path(engine, frames, path, 3), AC_ERR_INVALID_ARGUMENT, "elements[0]");
    path[0].reserved = 0;
    path[2].points[3] = NAN;
    EXPECT_ERROR(ac_animation_set_path(engine, frames, path, 3), AC_ERR_NOT_FINITE, "elements[2]");
    path[2].points[3] = -INFINITY;
    EXPECT_ERROR(ac_animation_set_path(engine, frames, path, 3), AC_ERR_NOT_FINITE, "elements[2]");
    /* No segment: nothing to follow. */
    EXPECT_ERROR(ac_animation_set_path(engine, frames, path, 1), AC_ERR_INVALID_ARGUMENT, "elements");
    AC_CHECK_OK(ac_animation_get_path(engine, frames, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);

    /* Builders. */
    EXPECT_ERROR(ac_path_rect(NAN, 0, 1, 1, out, 8, &count), AC_ERR_NOT_FINITE, "x");
    EXPECT_ERROR(ac_path_rect(0, INFINITY, 1, 1, out, 8, &count), AC_ERR_NOT_FINITE, "y");
    EXPECT_ERROR(ac_path_ellipse(0, 0, NAN, 1, out, 8, &count), AC_ERR_NOT_FINITE, "width");
    EXPECT_ERROR(ac_path_ellipse(0, 0, 1, -INFINITY, out, 8, &count), AC_ERR_NOT_FINITE, "height");
    EXPECT_ERROR(ac_path_rounded_rect(0, 0, 1, 1, NAN, 0, out, 12, &count), AC_ERR_NOT_FINITE, "corner_width");
    EXPECT_ERROR(ac_path_rounded_rect(0, 0, 1, 1, 0, INFINITY, out, 12, &count), AC_ERR_NOT_FINITE, "corner_height");
    /* Finite numbers whose shape reaches beyond the doubles: x + width overflows. */
    EXPECT_ERROR(ac_path_rect(1e308, 0, 1e308, 1, out, 8, &count), AC_ERR_NOT_FINITE, "x, y, width, height");
    EXPECT_ERROR(ac_path_ellipse(1e308, 0, 1e308, 1, out, 8, &count), AC_ERR_NOT_FINITE, "width");
    EXPECT_ERROR(ac_path_rounded_rect(1e308, 0, 1e308, 1, 0, 0, out, 8, &count), AC_ERR_NOT_FINITE,
                 "corner_height");
    AC_CHECK_OK(ac_path_rect(1e307, 0, 1e307, 1, out, 8, &count)); /* the largest finite shapes are taken */
    EXPECT_ERROR(ac_path_rect(0, 0, 1, 1, out, 8, NULL), AC_ERR_NULL_POINTER, "out_count");
    EXPECT_ERROR(ac_path_rect(0, 0, 1, 1, NULL, 8, &count), AC_ERR_NULL_POINTER, "out_elements");
    EXPECT_ERROR(ac_path_ellipse(0, 0, 1, 1, out, 5, &count), AC_ERR_BUFFER_TOO_SMALL, "out_elements");
    AC_CHECK_EQ_INT(count, AC_PATH_ELLIPSE_ELEMENTS);
    EXPECT_ERROR(ac_path_rounded_rect(0, 0, 1, 1, 0, 0, out, 8, &count), AC_ERR_BUFFER_TOO_SMALL, "out_elements");
    AC_CHECK_EQ_INT(count, AC_PATH_ROUNDED_RECT_ELEMENTS);
}

static void test_groups(void) {
    ac_animation children[2], child = 0, current, deeper = 0;
    size_t count = 0;
    int depth;

    children[0] = basic;
    children[1] = group;
    EXPECT_ERROR(ac_animation_set_children(engine, group, children, 2), AC_ERR_INVALID_ARGUMENT,
                 "a group cannot contain itself");
    EXPECT_ERROR(ac_animation_set_children(engine, group, children, 2), AC_ERR_INVALID_ARGUMENT, "children[1]");
    AC_CHECK_OK(ac_animation_child_count(engine, group, &count));
    AC_CHECK_EQ_INT(count, 0); /* nothing changed */
    AC_CHECK_OK(ac_animation_set_children(engine, group, children, 1));
    EXPECT_ERROR(ac_animation_copy_child(engine, group, 1, &child), AC_ERR_OUT_OF_RANGE, "index");
    EXPECT_ERROR(ac_animation_copy_child(engine, group, SIZE_MAX, &child), AC_ERR_OUT_OF_RANGE, "index");

    /* Nested deeper than AC_GROUP_DEPTH_MAX. */
    AC_CHECK_OK(ac_animation_create_group(engine, &current));
    for (depth = 2; depth <= AC_GROUP_DEPTH_MAX; ++depth) {
        ac_animation outer = 0;
        AC_CHECK_OK(ac_animation_create_group(engine, &outer));
        AC_CHECK_OK(ac_animation_set_children(engine, outer, &current, 1));
        AC_CHECK_OK(ac_animation_release(engine, current));
        current = outer;
    }
    AC_CHECK_OK(ac_animation_create_group(engine, &deeper));
    EXPECT_ERROR(ac_animation_set_children(engine, deeper, &current, 1), AC_ERR_OUT_OF_RANGE, "children");
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "17");
    AC_CHECK_OK(ac_animation_child_count(engine, deeper, &count));
    AC_CHECK_EQ_INT(count, 0);
    ac_animation_release(engine, deeper);
    ac_animation_release(engine, current);
}

/* A keyframe animation of key_path with the given values (count may be 0). */
static ac_animation frames_of(const char *key_path, const ac_value *values, size_t count) {
    ac_animation a = 0;
    AC_CHECK_OK(ac_animation_create_keyframe(engine, key_path, &a));
    AC_CHECK_OK(ac_animation_set_values(engine, a, values, count));
    return a;
}

static void test_checks_when_added(void) {
    ac_value scalars[3], points[2], bools[2];
    double spline[4] = {0, 0, 0, 0};
    ac_timing_function functions[3];
    ac_path_element path[2];
    ac_animation a, g = 0;
    size_t count = 99;

    scalars[0] = ac_value_scalar(0);
    scalars[1] = ac_value_scalar(1);
    scalars[2] = ac_value_scalar(0.5);
    points[0] = ac_value_point(0, 0);
    points[1] = ac_value_point(1, 1);
    bools[0] = ac_value_bool(0);
    bools[1] = ac_value_bool(1);
    functions[0] = functions[1] = functions[2] = named_function("easeIn");
    path[0] = ac_path_move_to(0, 0);
    path[1] = ac_path_line_to(10, 10);

    /* Neither values nor a path. */
    a = frames_of("opacity", NULL, 0);
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_INVALID_ARGUMENT, "values");
    ac_animation_release(engine, a);
    /* More timing functions than segments (three values: two segments). */
    a = frames_of("opacity", scalars, 3);
    AC_CHECK_OK(ac_animation_set_timing_functions(engine, a, functions, 3));
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_INVALID_ARGUMENT, "timingFunctions");
    AC_CHECK_OK(ac_animation_set_timing_functions(engine, a, functions, 2));
    /* More spline values than keyframes. */
    AC_CHECK_OK(ac_animation_set_spline_values(engine, a, AC_SPLINE_TENSION, spline, 4));
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_INVALID_ARGUMENT, "tensionValues");
    AC_CHECK_OK(ac_animation_set_spline_values(engine, a, AC_SPLINE_TENSION, spline, 3));
    /* A rotation mode without a path. */
    AC_CHECK_OK(ac_animation_set_rotation_mode(engine, a, AC_ROTATION_AUTO));
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_INVALID_ARGUMENT, "rotationMode");
    AC_CHECK_OK(ac_animation_set_rotation_mode(engine, a, AC_ROTATION_NONE));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "k")); /* now fine */
    ac_animation_release(engine, a);
    /* Values of another kind than the key path's. */
    a = frames_of("opacity", points, 2);
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_WRONG_KIND, "animation");
    ac_animation_release(engine, a);
    /* A path on a key path that is not a point. */
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "position.x", &a));
    AC_CHECK_OK(ac_animation_set_path(engine, a, path, 2));
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_WRONG_KIND, "animation");
    ac_animation_release(engine, a);
    /* Paced and cubic modes need values that interpolate: not bools. */
    a = frames_of("hidden", bools, 2);
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_PACED));
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_WRONG_KIND, "animation");
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_CUBIC));
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_WRONG_KIND, "animation");
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, a, AC_CALCULATION_DISCRETE));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, a, "bools")); /* discrete is fine */
    ac_animation_release(engine, a);
    /* An unknown or non-animatable key path. */
    a = frames_of("noSuchProperty", scalars, 2);
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, a, "k"), AC_ERR_NOT_ANIMATABLE, "animation");
    ac_animation_release(engine, a);

    /* A group's children are checked as if added on their own; the message names the child. */
    {
        ac_animation children[2];
        children[0] = frames_of("opacity", scalars, 2);
        children[1] = frames_of("opacity", NULL, 0);
        AC_CHECK_OK(ac_animation_create_group(engine, &g));
        AC_CHECK_OK(ac_animation_set_children(engine, g, children, 2));
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, g, "g"), AC_ERR_INVALID_ARGUMENT, "animations[1]");
        ac_animation_release(engine, children[1]);
        children[1] = frames_of("opacity", points, 2);
        AC_CHECK_OK(ac_animation_set_children(engine, g, children, 2));
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, g, "g"), AC_ERR_WRONG_KIND, "animation");
        ac_animation_release(engine, children[1]);
        children[1] = frames_of("noSuchProperty", scalars, 2);
        AC_CHECK_OK(ac_animation_set_children(engine, g, children, 2));
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, g, "g"), AC_ERR_NOT_ANIMATABLE, "animation");
        ac_animation_release(engine, children[0]);
        ac_animation_release(engine, children[1]);
        ac_animation_release(engine, g);
    }
    /* None of the failed adds left anything behind: "k" and "bools" only. */
    AC_CHECK_OK(ac_layer_animation_count(engine, layer, &count));
    AC_CHECK_EQ_INT(count, 2);
}

int main(void) {
    engine = new_engine();
    layer = new_layer(engine, 0);
    AC_CHECK_OK(ac_animation_create_basic(engine, "opacity", &basic));
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "opacity", &frames));
    AC_CHECK_OK(ac_animation_create_group(engine, &group));
    tick(engine, T0);

    test_kind_mismatch();
    test_null_and_handles();
    test_constants();
    test_field_checks();
    test_paths();
    test_groups();
    test_checks_when_added();

    AC_CHECK_OK(ac_engine_destroy(engine));
    return ac_test_finish();
}
