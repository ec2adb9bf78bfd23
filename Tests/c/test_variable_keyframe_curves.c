/*
 * The cubic, paced and cubicPaced calculation modes on keyframes of paths, arrays of numbers
 * and arrays of colours ([INFERRED] element by element: each number of a keyframe's run takes
 * the scalar's Kochanek-Bartels curve; a paced distance is the Euclidean norm of the whole
 * run): worked Catmull-Rom values, the scalar, point and colour kinds' curves, a path,
 * additive and cumulative repeats, the refusals that stay, and no allocation per tick
 * (counted with the benchmarks' counter when the build links it).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ac_variable_test.h"

static const double first[4] = {0, 10, 5, 20};
static const double second[4] = {4, -2, 8, 8};

/* A class with path, locations ([0, 1]), colors, scalars a and b, point spot and colour
   tint; one committed layer. */
static ac_layer curves_layer(ac_engine *engine) {
    ac_property_desc properties[7];
    ac_value path = ac_value_zeroed(AC_VALUE_PATH), numbers = ac_value_zeroed(AC_VALUE_NUMBERS);
    ac_value colors = ac_value_zeroed(AC_VALUE_COLORS), scalar = ac_value_scalar(0);
    ac_value point = ac_value_point(0, 0), color = ac_value_color(0, 0, 0, 0);
    ac_class klass = 0;
    AC_CHECK_OK(ac_property_desc_init(&properties[0], "path", &path));
    AC_CHECK_OK(ac_property_desc_init(&properties[1], "locations", &numbers));
    AC_CHECK_OK(ac_property_desc_init(&properties[2], "colors", &colors));
    AC_CHECK_OK(ac_property_desc_init(&properties[3], "a", &scalar));
    AC_CHECK_OK(ac_property_desc_init(&properties[4], "b", &scalar));
    AC_CHECK_OK(ac_property_desc_init(&properties[5], "spot", &point));
    AC_CHECK_OK(ac_property_desc_init(&properties[6], "tint", &color));
    AC_CHECK_OK(ac_class_create(engine, "Curves", 0, properties, 7, &klass));
    ac_layer layer = new_layer(engine, klass);
    double model[2] = {0, 1};
    AC_CHECK_OK(ac_layer_set_numbers(engine, layer, key_of(engine, "locations"), model, 2));
    tick(engine, T0);
    return layer;
}

/* A keyframe description of key_path in mode, duration 1, filling both ways, kept. */
static ac_animation keyframes(ac_engine *engine, const char *key_path, int32_t mode) {
    ac_animation animation = 0;
    ac_timing timing;
    AC_CHECK_OK(ac_animation_create_keyframe(engine, key_path, &animation));
    AC_CHECK_OK(ac_animation_set_calculation_mode(engine, animation, mode));
    AC_CHECK_OK(ac_timing_init_animation(&timing));
    timing.duration_s = 1;
    timing.fill_mode = AC_FILL_BOTH;
    AC_CHECK_OK(ac_animation_set_timing(engine, animation, &timing));
    AC_CHECK_OK(ac_animation_set_flag(engine, animation, AC_ANIMATION_REMOVED_ON_COMPLETION, 0));
    return animation;
}

/* Keyframes of `locations` through the pairs (first[k], second[k]). */
static ac_animation pairs(ac_engine *engine, int32_t mode) {
    double numbers[8];
    size_t counts[4] = {2, 2, 2, 2};
    for (int k = 0; k < 4; ++k) {
        numbers[2 * k] = first[k];
        numbers[2 * k + 1] = second[k];
    }
    ac_animation animation = keyframes(engine, "locations", mode);
    AC_CHECK_OK(ac_animation_set_numbers_values(engine, animation, numbers, counts, 4));
    return animation;
}

/* Keyframes of a scalar key path through values. */
static ac_animation scalars(ac_engine *engine, const char *key_path, const double *values, int32_t mode) {
    ac_value list[4];
    for (int k = 0; k < 4; ++k) list[k] = ac_value_scalar(values[k]);
    ac_animation animation = keyframes(engine, key_path, mode);
    AC_CHECK_OK(ac_animation_set_values(engine, animation, list, 4));
    return animation;
}

/* The uniform Catmull-Rom curve through 4 values (ends duplicated) at progress p, in Hermite form. */
static double catmull_rom(const double *values, double p) {
    int segment = (int)(p * 3);
    if (segment > 2) segment = 2;
    double s = p * 3 - segment, s2 = s * s, s3 = s2 * s;
    int before = segment > 0 ? segment - 1 : 0, after = segment + 2 < 4 ? segment + 2 : 3;
    double m0 = (values[segment + 1] - values[before]) / 2, m1 = (values[after] - values[segment]) / 2;
    return (2 * s3 - 3 * s2 + 1) * values[segment] + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * values[segment + 1] +
           (s3 - s2) * m1;
}

/* Cubic numbers: each element on its own scalar curve, and the worked value 7.1875. */
static void test_cubic_numbers(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = curves_layer(engine);
    add(engine, layer, pairs(engine, AC_CALCULATION_CUBIC), "n");
    add(engine, layer, scalars(engine, "a", first, AC_CALCULATION_CUBIC), "a");
    add(engine, layer, scalars(engine, "b", second, AC_CALCULATION_CUBIC), "b");
    tick(engine, T0 + 1);
    double out[2];
    for (int k = 0; k <= 24; ++k) {
        double e = k / 24.0;
        tick(engine, T0 + 1 + e);
        AC_CHECK_EQ_INT(shown_numbers(engine, layer, out, 2), 2);
        AC_CHECK_NEAR(out[0], presentation_scalar(engine, layer, "a"), 1e-12);
        AC_CHECK_NEAR(out[1], presentation_scalar(engine, layer, "b"), 1e-12);
        AC_CHECK_NEAR(out[0], catmull_rom(first, e), 1e-9);
        AC_CHECK_NEAR(out[1], catmull_rom(second, e), 1e-9);
        if (k == 12) AC_CHECK_NEAR(out[0], 7.5 + (2.5 - 5) / 8, 1e-12); /* mid segment 1: 7.1875 */
    }
    ac_engine_destroy(engine);
}

/* Paced numbers: distances 5 and 6 (whole arrays), keyTimes ignored. cubicPaced numbers of
   two elements follow the point kind's cubicPaced curve. */
static void test_paced_numbers(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = curves_layer(engine);
    double numbers[6] = {0, 0, 3, 4, 3, 10}, times[3] = {0, 0.9, 1}, out[2];
    size_t counts[3] = {2, 2, 2};
    ac_animation paced = keyframes(engine, "locations", AC_CALCULATION_PACED);
    AC_CHECK_OK(ac_animation_set_numbers_values(engine, paced, numbers, counts, 3));
    AC_CHECK_OK(ac_animation_set_key_times(engine, paced, times, 3));
    add(engine, layer, paced, "n");
    tick(engine, T0 + 1);
    tick(engine, T0 + 1.25); /* 2.75 of 11: along the first leg */
    shown_numbers(engine, layer, out, 2);
    AC_CHECK_NEAR(out[0], 3 * 2.75 / 5, 1e-9);
    AC_CHECK_NEAR(out[1], 4 * 2.75 / 5, 1e-9);
    tick(engine, T0 + 1.75); /* 8.25 of 11: 3.25 along the second */
    shown_numbers(engine, layer, out, 2);
    AC_CHECK_NEAR(out[0], 3, 1e-9);
    AC_CHECK_NEAR(out[1], 7.25, 1e-9);

    ac_animation curve = pairs(engine, AC_CALCULATION_CUBIC_PACED);
    ac_value points[4];
    for (int k = 0; k < 4; ++k) points[k] = ac_value_point(first[k], second[k]);
    ac_animation spot = keyframes(engine, "spot", AC_CALCULATION_CUBIC_PACED);
    AC_CHECK_OK(ac_animation_set_values(engine, spot, points, 4));
    add(engine, layer, curve, "n");
    add(engine, layer, spot, "s");
    tick(engine, T0 + 3);
    for (int k = 0; k <= 10; ++k) {
        tick(engine, T0 + 3 + k / 10.0);
        ac_value shown = presentation_value(engine, layer, "spot");
        shown_numbers(engine, layer, out, 2);
        AC_CHECK_NEAR(out[0], shown.v[0], 1e-12);
        AC_CHECK_NEAR(out[1], shown.v[1], 1e-12);
    }
    ac_engine_destroy(engine);
}

/* Cubic colours: each colour's components on the colour kind's curve. */
static void test_cubic_colors(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = curves_layer(engine);
    double rgba[16] = {1, 0, 0, 1, 0, 0.5, 1, 0.5, 0.25, 1, 0, 1, 0, 0, 0, 0.25}, out[4];
    size_t counts[4] = {1, 1, 1, 1};
    ac_value tints[4];
    for (int k = 0; k < 4; ++k) tints[k] = ac_value_color(rgba[4 * k], rgba[4 * k + 1], rgba[4 * k + 2], rgba[4 * k + 3]);
    ac_animation colors = keyframes(engine, "colors", AC_CALCULATION_CUBIC);
    AC_CHECK_OK(ac_animation_set_colors_values(engine, colors, rgba, counts, 4));
    ac_animation tint = keyframes(engine, "tint", AC_CALCULATION_CUBIC);
    AC_CHECK_OK(ac_animation_set_values(engine, tint, tints, 4));
    add(engine, layer, colors, "c");
    add(engine, layer, tint, "t");
    tick(engine, T0 + 1);
    for (int k = 0; k <= 10; ++k) {
        size_t count = 0;
        tick(engine, T0 + 1 + k / 10.0);
        AC_CHECK_OK(ac_layer_get_colors(engine, layer, key_of(engine, "colors"), 1, out, 1, &count));
        ac_value shown = presentation_value(engine, layer, "tint");
        for (int c = 0; c < 4; ++c) AC_CHECK_NEAR(out[c], shown.v[c], 1e-12);
    }
    ac_engine_destroy(engine);
}

/* A cubic path: every coordinate, the control points too, on its own Catmull-Rom curve. */
static void test_cubic_path(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = curves_layer(engine);
    ac_path_element elements[12], out[3];
    size_t counts[4] = {3, 3, 3, 3}, count = 0;
    for (int k = 0; k < 4; ++k) {
        double a = first[k], b = second[k];
        elements[3 * k] = ac_path_move_to(a, b);
        elements[3 * k + 1] = ac_path_curve_to(b, a, 2 * a, 0, 1, b);
        elements[3 * k + 2] = ac_path_close();
    }
    ac_animation path = keyframes(engine, "path", AC_CALCULATION_CUBIC);
    AC_CHECK_OK(ac_animation_set_path_values(engine, path, elements, counts, 4));
    add(engine, layer, path, "p");
    tick(engine, T0 + 1);
    tick(engine, T0 + 1.5);
    AC_CHECK_OK(ac_layer_get_path(engine, layer, key_of(engine, "path"), 1, out, 3, &count));
    AC_CHECK_EQ_INT(count, 3);
    AC_CHECK_EQ_INT(out[1].type, AC_PATH_CURVE_TO);
    AC_CHECK_EQ_INT(out[2].type, AC_PATH_CLOSE);
    AC_CHECK_NEAR(out[0].points[0], catmull_rom(first, 0.5), 1e-9);
    AC_CHECK_NEAR(out[0].points[1], catmull_rom(second, 0.5), 1e-9);
    AC_CHECK_NEAR(out[1].points[0], catmull_rom(second, 0.5), 1e-9);
    AC_CHECK_NEAR(out[1].points[2], 2 * catmull_rom(first, 0.5), 1e-9);
    AC_CHECK_NEAR(out[1].points[4], 1, 1e-12);
    AC_CHECK_NEAR(out[1].points[5], catmull_rom(second, 0.5), 1e-9);
    ac_engine_destroy(engine);
}

/* Additive: the model [0, 1] plus the curve; cumulative: each repeat adds the last keyframe;
   removed: the model. */
static void test_additive_cumulative(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = curves_layer(engine);
    ac_animation additive = pairs(engine, AC_CALCULATION_CUBIC);
    AC_CHECK_OK(ac_animation_set_flag(engine, additive, AC_ANIMATION_ADDITIVE, 1));
    add(engine, layer, additive, "n");
    double out[2];
    tick(engine, T0 + 1);
    tick(engine, T0 + 1.25);
    shown_numbers(engine, layer, out, 2);
    AC_CHECK_NEAR(out[0], catmull_rom(first, 0.25), 1e-9);
    AC_CHECK_NEAR(out[1], 1 + catmull_rom(second, 0.25), 1e-9);

    ac_animation cumulative = pairs(engine, AC_CALCULATION_CUBIC);
    ac_timing timing = get_timing(engine, cumulative);
    timing.repeat_count = 3;
    set_timing(engine, cumulative, timing);
    AC_CHECK_OK(ac_animation_set_flag(engine, cumulative, AC_ANIMATION_CUMULATIVE, 1));
    add(engine, layer, cumulative, "n");
    tick(engine, T0 + 2);
    tick(engine, T0 + 4.25); /* the third cycle, a quarter in */
    shown_numbers(engine, layer, out, 2);
    AC_CHECK_NEAR(out[0], 2 * 20 + catmull_rom(first, 0.25), 1e-9);
    AC_CHECK_NEAR(out[1], 2 * 8 + catmull_rom(second, 0.25), 1e-9);
    /* Removed: the model again. */
    AC_CHECK_OK(ac_layer_remove_animation(engine, layer, "n"));
    tick(engine, T0 + 4.5);
    AC_CHECK_EQ_INT(shown_numbers(engine, layer, out, 2), 2);
    AC_CHECK_EQ_DOUBLE(out[0], 0);
    AC_CHECK_EQ_DOUBLE(out[1], 1);
    ac_engine_destroy(engine);
}

/* What stays refused: transforms in the cubic and paced modes; keyframes of other shapes. */
static void test_refusals(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = curves_layer(engine);
    ac_value identity[2] = {ac_value_transform3d_identity(), ac_value_transform3d_identity()};
    int32_t modes[3] = {AC_CALCULATION_CUBIC, AC_CALCULATION_PACED, AC_CALCULATION_CUBIC_PACED};
    for (int m = 0; m < 3; ++m) {
        ac_animation transform = keyframes(engine, "transform", modes[m]);
        AC_CHECK_OK(ac_animation_set_values(engine, transform, identity, 2));
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, transform, NULL), AC_ERR_WRONG_KIND, "calculationMode");
        AC_CHECK_OK(ac_animation_release(engine, transform));
        double numbers[3] = {1, 2, 3};
        size_t counts[2] = {2, 1};
        ac_animation shapes = keyframes(engine, "locations", modes[m]);
        AC_CHECK_OK(ac_animation_set_numbers_values(engine, shapes, numbers, counts, 2));
        EXPECT_ERROR(ac_layer_add_animation(engine, layer, shapes, NULL), AC_ERR_INVALID_ARGUMENT,
                     "values[1] has 1 numbers where animation.values[0] has 2");
        AC_CHECK_OK(ac_animation_release(engine, shapes));
    }
    AC_CHECK_EQ_INT(animation_count(engine, layer), 0);
    ac_engine_destroy(engine);
}

/* Ticks of running cubicPaced paths and paced colours: no allocation once they run. */
static void test_no_allocation_per_tick(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = curves_layer(engine);
    ac_path_element ellipses[3 * AC_PATH_ELLIPSE_ELEMENTS];
    size_t count = 0, counts[3] = {AC_PATH_ELLIPSE_ELEMENTS, AC_PATH_ELLIPSE_ELEMENTS, AC_PATH_ELLIPSE_ELEMENTS};
    for (int k = 0; k < 3; ++k) {
        AC_CHECK_OK(ac_path_ellipse(5 * k, 0, 10 + 10 * k, 20, ellipses + k * AC_PATH_ELLIPSE_ELEMENTS, AC_PATH_ELLIPSE_ELEMENTS, &count));
    }
    ac_animation path = keyframes(engine, "path", AC_CALCULATION_CUBIC_PACED);
    ac_timing long_timing = get_timing(engine, path);
    long_timing.duration_s = 10; /* running through every measured tick */
    AC_CHECK_OK(ac_animation_set_path_values(engine, path, ellipses, counts, 3));
    AC_CHECK_OK(ac_animation_set_flag(engine, path, AC_ANIMATION_ADDITIVE, 1));
    set_timing(engine, path, long_timing);
    add(engine, layer, path, "p");
    double rgba[12] = {1, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 0.5};
    size_t color_counts[3] = {1, 1, 1};
    ac_animation colors = keyframes(engine, "colors", AC_CALCULATION_PACED);
    AC_CHECK_OK(ac_animation_set_colors_values(engine, colors, rgba, color_counts, 3));
    set_timing(engine, colors, long_timing);
    add(engine, layer, colors, "c");
    expect_ticks_allocate_nothing(engine, "test_no_allocation_per_tick");
}

int main(void) {
    test_cubic_numbers();
    test_paced_numbers();
    test_cubic_colors();
    test_cubic_path();
    test_additive_cumulative();
    test_refusals();
    test_no_allocation_per_tick();
    return ac_test_finish();
}
