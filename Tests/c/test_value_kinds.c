/*
 * Path and array values (AC_VALUE_PATH, AC_VALUE_NUMBERS, AC_VALUE_COLORS): a class declares
 * them with empty defaults, ac_layer_set_path / _numbers / _colors and their getters round-trip
 * model and presentation values, snapshots carry the kind, and every refusal answers its status
 * with a message naming the argument: NULL with a count, too many elements, non-finite numbers,
 * unknown element types, a wrong kind, a buffer too small, a bad presentation flag, and the
 * calls a fixed-width value cannot serve (ac_layer_get_value, batch reads, velocities). Their
 * animations: test_variable_animations.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ac_engine_test.h"

/* An engine's class "Shape" with properties path, locations and colors (empty defaults). */
static ac_layer shape_layer(ac_engine *engine) {
    ac_property_desc properties[3];
    ac_value path = ac_value_zeroed(AC_VALUE_PATH);
    ac_value numbers = ac_value_zeroed(AC_VALUE_NUMBERS);
    ac_value colors = ac_value_zeroed(AC_VALUE_COLORS);
    ac_class shape = 0;
    AC_CHECK_OK(ac_property_desc_init(&properties[0], "path", &path));
    AC_CHECK_OK(ac_property_desc_init(&properties[1], "locations", &numbers));
    AC_CHECK_OK(ac_property_desc_init(&properties[2], "colors", &colors));
    AC_CHECK_OK(ac_class_create(engine, "Shape", 0, properties, 3, &shape));
    return new_layer(engine, shape);
}

static void test_path_round_trip(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    ac_key key = key_of(engine, "path");
    ac_path_element triangle[4], out[4];
    size_t count = 99;
    triangle[0] = ac_path_move_to(0, 0);
    triangle[1] = ac_path_quad_curve_to(5, -3, 10, 0);
    triangle[2] = ac_path_curve_to(11, 2, 8, 6, 5, 8);
    triangle[3] = ac_path_close();

    /* The default is empty: the count with a NULL buffer. */
    AC_CHECK_OK(ac_layer_get_path(engine, layer, key, 0, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    AC_CHECK_OK(ac_layer_set_path(engine, layer, key, triangle, 4));
    tick(engine, T0);
    EXPECT_ERROR(ac_layer_get_path(engine, layer, key, 0, NULL, 0, &count), AC_ERR_BUFFER_TOO_SMALL, "out_elements");
    AC_CHECK_EQ_INT(count, 4);
    EXPECT_ERROR(ac_layer_get_path(engine, layer, key, 0, out, 3, &count), AC_ERR_BUFFER_TOO_SMALL, "out_elements");
    AC_CHECK_EQ_INT(count, 4);
    AC_CHECK_OK(ac_layer_get_path(engine, layer, key, 1, out, 4, &count));
    AC_CHECK(memcmp(out, triangle, sizeof triangle) == 0);
    AC_CHECK_EQ_INT(out[2].type, AC_PATH_CURVE_TO);
    AC_CHECK_EQ_DOUBLE(out[2].points[3], 6);
    /* NULL with 0 empties it. */
    AC_CHECK_OK(ac_layer_set_path(engine, layer, key, NULL, 0));
    AC_CHECK_OK(ac_layer_get_path(engine, layer, key, 0, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    ac_engine_destroy(engine);
}

static void test_arrays_round_trip(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    ac_key locations = key_of(engine, "locations"), colors = key_of(engine, "colors");
    double numbers[3] = {0, 0.25, 1}, read[3] = {0};
    double rgba[8] = {1, 0, 0, 1, 0, 0.5, 1, 0.25}, read_rgba[8] = {0};
    size_t count = 0;
    ac_property_value snapshot[64];
    size_t index, found = 0;

    AC_CHECK_OK(ac_layer_set_numbers(engine, layer, locations, numbers, 3));
    AC_CHECK_OK(ac_layer_get_numbers(engine, layer, locations, 0, read, 3, &count));
    AC_CHECK_EQ_INT(count, 3);
    AC_CHECK(memcmp(read, numbers, sizeof numbers) == 0);
    AC_CHECK_OK(ac_layer_set_colors(engine, layer, colors, rgba, 2));
    AC_CHECK_OK(ac_layer_get_colors(engine, layer, colors, 1, read_rgba, 2, &count));
    AC_CHECK_EQ_INT(count, 2);
    AC_CHECK(memcmp(read_rgba, rgba, sizeof rgba) == 0);
    EXPECT_ERROR(ac_layer_get_colors(engine, layer, colors, 0, read_rgba, 1, &count), AC_ERR_BUFFER_TOO_SMALL, "out_rgba");
    EXPECT_ERROR(ac_layer_get_colors(engine, layer, colors, 0, NULL, 2, &count), AC_ERR_NULL_POINTER, "out_rgba");
    EXPECT_ERROR(ac_layer_get_numbers(engine, layer, locations, 0, read, 3, NULL), AC_ERR_NULL_POINTER, "out_count");

    /* A snapshot entry carries the kind alone. */
    AC_CHECK_OK(ac_layer_snapshot(engine, layer, 0, snapshot, 64, &count));
    for (index = 0; index < count; ++index) {
        if (snapshot[index].key == locations) {
            AC_CHECK_EQ_INT(snapshot[index].value.kind, AC_VALUE_NUMBERS);
            ++found;
        }
    }
    AC_CHECK_EQ_INT(found, 1);
    /* An ac_value of the kind stands for the empty value. */
    {
        ac_value empty = ac_value_zeroed(AC_VALUE_NUMBERS);
        AC_CHECK_OK(ac_layer_set_value(engine, layer, locations, &empty));
        AC_CHECK_OK(ac_layer_get_numbers(engine, layer, locations, 0, NULL, 0, &count));
        AC_CHECK_EQ_INT(count, 0);
    }
    ac_engine_destroy(engine);
}

static void test_bad_input(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    ac_key path = key_of(engine, "path"), locations = key_of(engine, "locations");
    ac_key colors = key_of(engine, "colors"), opacity = key_of(engine, "opacity");
    ac_path_element elements[2];
    double numbers[2] = {0, NAN}, rgba[4] = {0, 0, INFINITY, 1};
    double *many = NULL;
    size_t count = 0;

    elements[0] = ac_path_move_to(0, 0);
    elements[1] = ac_path_line_to(1, INFINITY);
    EXPECT_ERROR(ac_layer_set_path(engine, layer, path, NULL, 2), AC_ERR_NULL_POINTER, "elements");
    EXPECT_ERROR(ac_layer_set_path(engine, layer, path, elements, 2), AC_ERR_NOT_FINITE, "elements[1] has inf");
    elements[1] = ac_path_line_to(1, 1);
    elements[1].type = 9;
    EXPECT_ERROR(ac_layer_set_path(engine, layer, path, elements, 2), AC_ERR_OUT_OF_RANGE, "elements[1].type");
    elements[1].type = AC_PATH_LINE_TO;
    elements[1].reserved = 1;
    EXPECT_ERROR(ac_layer_set_path(engine, layer, path, elements, 2), AC_ERR_INVALID_ARGUMENT, "elements[1].reserved");
    EXPECT_ERROR(ac_layer_set_path(engine, layer, path, elements, (size_t)AC_VALUE_MAX_ELEMENTS + 1), AC_ERR_OUT_OF_RANGE, "elements");
    EXPECT_ERROR(ac_layer_set_path(engine, layer, path, elements, (size_t)-1), AC_ERR_OUT_OF_RANGE, "elements");
    EXPECT_ERROR(ac_layer_set_numbers(engine, layer, locations, numbers, 2), AC_ERR_NOT_FINITE, "numbers[1]");
    EXPECT_ERROR(ac_layer_set_numbers(engine, layer, locations, NULL, 1), AC_ERR_NULL_POINTER, "numbers");
    EXPECT_ERROR(ac_layer_set_colors(engine, layer, colors, rgba, 1), AC_ERR_NOT_FINITE, "rgba[0].v[2]");
    EXPECT_ERROR(ac_layer_set_colors(engine, layer, colors, NULL, 3), AC_ERR_NULL_POINTER, "rgba");
    /* The limit itself is accepted. */
    many = calloc(AC_VALUE_MAX_ELEMENTS, sizeof(double));
    AC_CHECK_OK(ac_layer_set_numbers(engine, layer, locations, many, AC_VALUE_MAX_ELEMENTS));
    free(many);
    EXPECT_ERROR(ac_layer_set_numbers(engine, layer, locations, numbers, (size_t)AC_VALUE_MAX_ELEMENTS + 1), AC_ERR_OUT_OF_RANGE, "numbers");
    /* Wrong kinds both ways, a bad flag, a bad handle. */
    EXPECT_ERROR(ac_layer_set_numbers(engine, layer, path, numbers, 1), AC_ERR_WRONG_KIND, "path");
    EXPECT_ERROR(ac_layer_set_path(engine, layer, opacity, NULL, 0), AC_ERR_WRONG_KIND, "opacity");
    EXPECT_ERROR(ac_layer_get_numbers(engine, layer, opacity, 0, NULL, 0, &count), AC_ERR_WRONG_KIND, "opacity");
    EXPECT_ERROR(ac_layer_get_path(engine, layer, locations, 0, NULL, 0, &count), AC_ERR_WRONG_KIND, "numbers");
    EXPECT_ERROR(ac_layer_get_colors(engine, layer, colors, 2, NULL, 0, &count), AC_ERR_OUT_OF_RANGE, "presentation");
    EXPECT_ERROR(ac_layer_get_path(engine, 0, path, 0, NULL, 0, &count), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_set_colors(NULL, layer, colors, rgba, 0), AC_ERR_NULL_POINTER, "engine");
    ac_engine_destroy(engine);
}

static void test_fixed_width_calls_refuse(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    ac_key path = key_of(engine, "path");
    ac_value value;
    ac_animation animation = 0;
    ac_value empty = ac_value_zeroed(AC_VALUE_PATH);
    double cells[4];
    size_t stride = 0;

    EXPECT_ERROR(ac_layer_get_value(engine, layer, path, &value), AC_ERR_WRONG_KIND, "ac_layer_get_path");
    EXPECT_ERROR(ac_layer_get_presentation_velocity(engine, layer, path, &value), AC_ERR_WRONG_KIND, "path");
    EXPECT_ERROR(ac_layers_get_presentation(engine, &layer, 1, path, cells, 4, &stride), AC_ERR_WRONG_KIND, "layers[0]");
    EXPECT_ERROR(ac_layers_get_presentation_table(engine, &layer, 1, &path, 1, cells, 4, &stride, NULL), AC_ERR_WRONG_KIND, "keys[0]");
    AC_CHECK_OK(ac_animation_create_basic(engine, "path", &animation));
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &empty));
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, "p")); /* (animations of paths are taken) */
    ac_animation_release(engine, animation);
    ac_engine_destroy(engine);
}

int main(void) {
    test_path_round_trip();
    test_arrays_round_trip();
    test_bad_input();
    test_fixed_width_calls_refuse();
    return ac_test_finish();
}
