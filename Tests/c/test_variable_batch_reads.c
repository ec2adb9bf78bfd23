/*
 * Batch presentation reads of path and array values (ac_layers_get_presentation_path,
 * _path_coordinates, _numbers, _colors) and the value store's counts
 * (ac_engine_get_value_store_counts): the batch equals the single reads bit for bit for
 * model-only and animated layers (basic, keyframe, spring, additive) of mixed element counts
 * (a path's coordinates the used points of its elements); count 0; a buffer too small (offsets set); wrong
 * kind, bad handle, unknown key and null pointers naming the argument; the store giving back
 * what removed animations and destroyed layers held.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ac_variable_test.h"

#define LAYERS 15
#define ROOM 4096

static ac_animation timed(ac_engine *engine, ac_animation animation, double duration_s) {
    ac_timing timing;
    AC_CHECK_OK(ac_timing_init_animation(&timing));
    timing.duration_s = duration_s;
    AC_CHECK_OK(ac_animation_set_timing(engine, animation, &timing));
    return animation;
}

/* Layer i's model values: a rect, an ellipse or no path; i % 7 numbers; i % 4 colours. */
static void set_models(ac_engine *engine, ac_layer layer, int i) {
    ac_path_element path[AC_PATH_ELLIPSE_ELEMENTS];
    double numbers[8], rgba[16];
    size_t elements = 0;
    if (i % 3 == 1) AC_CHECK_OK(ac_path_rect(i, 2 * i, 10 + i, 5, path, AC_PATH_ELLIPSE_ELEMENTS, &elements));
    if (i % 3 == 2) AC_CHECK_OK(ac_path_ellipse(-i, i, 7, 3 + i, path, AC_PATH_ELLIPSE_ELEMENTS, &elements));
    AC_CHECK_OK(ac_layer_set_path(engine, layer, key_of(engine, "path"), path, elements));
    for (int k = 0; k < 8; ++k) numbers[k] = 0.1 * k + 0.01 * i;
    AC_CHECK_OK(ac_layer_set_numbers(engine, layer, key_of(engine, "locations"), numbers, (size_t)(i % 7)));
    for (int k = 0; k < 16; ++k) rgba[k] = fmod(0.13 * k + 0.07 * i, 1.0);
    AC_CHECK_OK(ac_layer_set_colors(engine, layer, key_of(engine, "colors"), rgba, (size_t)(i % 4)));
}

/* Layer i's animations by i % 5: none; a basic path; keyframe locations; a spring of colours;
   an additive basic of locations (the model's shape). */
static void animate(ac_engine *engine, ac_layer layer, int i) {
    ac_animation animation = 0;
    if (i % 5 == 1) {
        ac_path_element from[AC_PATH_ELLIPSE_ELEMENTS], to[AC_PATH_ELLIPSE_ELEMENTS];
        size_t elements = 0;
        AC_CHECK_OK(ac_path_ellipse(0, 0, 10, 10, from, AC_PATH_ELLIPSE_ELEMENTS, &elements));
        AC_CHECK_OK(ac_path_ellipse(i, 5, 30, 20, to, AC_PATH_ELLIPSE_ELEMENTS, &elements));
        AC_CHECK_OK(ac_animation_create_basic(engine, "path", &animation));
        AC_CHECK_OK(ac_animation_set_path_value(engine, animation, AC_ANIMATION_FROM, from, elements));
        AC_CHECK_OK(ac_animation_set_path_value(engine, animation, AC_ANIMATION_TO, to, elements));
    } else if (i % 5 == 2) {
        double values[9] = {0, 0.5, 1, 0.25, 0.5, 0.75, 1, 0.5, 0.1 * i};
        size_t counts[3] = {3, 3, 3};
        AC_CHECK_OK(ac_animation_create_keyframe(engine, "locations", &animation));
        AC_CHECK_OK(ac_animation_set_numbers_values(engine, animation, values, counts, 3));
    } else if (i % 5 == 3) {
        double from[8] = {1, 0, 0, 1, 0, 0, 1, 1}, to[8] = {0, 1, 0, 1, 1, 1, 0, 0.5};
        AC_CHECK_OK(ac_animation_create_spring(engine, "colors", &animation));
        AC_CHECK_OK(ac_animation_set_colors_value(engine, animation, AC_ANIMATION_FROM, from, 2));
        AC_CHECK_OK(ac_animation_set_colors_value(engine, animation, AC_ANIMATION_TO, to, 2));
    } else if (i % 5 == 4) {
        double from[8] = {0}, to[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        size_t count = (size_t)(i % 7);
        AC_CHECK_OK(ac_animation_create_basic(engine, "locations", &animation));
        AC_CHECK_OK(ac_animation_set_numbers_value(engine, animation, AC_ANIMATION_FROM, from, count));
        AC_CHECK_OK(ac_animation_set_numbers_value(engine, animation, AC_ANIMATION_TO, to, count));
        AC_CHECK_OK(ac_animation_set_flag(engine, animation, AC_ANIMATION_ADDITIVE, 1));
    } else {
        return;
    }
    add(engine, layer, timed(engine, animation, 2), "a");
}

/* An engine with LAYERS Shape layers, their values set and animated, ticked into the runs. */
static ac_engine *world(ac_layer *layers) {
    ac_engine *engine = new_engine();
    ac_class shape = shape_class(engine);
    for (int i = 0; i < LAYERS; ++i) {
        layers[i] = new_layer(engine, shape);
        set_models(engine, layers[i], i);
    }
    tick(engine, T0);
    for (int i = 0; i < LAYERS; ++i) animate(engine, layers[i], i);
    tick(engine, T0 + 0.01);
    tick(engine, T0 + 0.7);
    return engine;
}

/* Whether the batch read of `kind` ("path", "locations", "colors") equals the single reads of
   every layer, to the bit. */
static void expect_batch_equals_single(ac_engine *engine, const ac_layer *layers, const char *name) {
    ac_key key = key_of(engine, name);
    size_t offsets[LAYERS + 1], count = 0;
    static ac_path_element batch_path[ROOM], single_path[ROOM];
    static double batch[4 * ROOM], single[4 * ROOM];
    int is_path = strcmp(name, "path") == 0, is_colors = strcmp(name, "colors") == 0;
    if (is_path) {
        memset(batch_path, 0xAB, sizeof batch_path); /* the batch must zero unused points itself */
        AC_CHECK_OK(ac_layers_get_presentation_path(engine, layers, LAYERS, key, batch_path, ROOM, offsets));
    } else if (is_colors) {
        AC_CHECK_OK(ac_layers_get_presentation_colors(engine, layers, LAYERS, key, batch, ROOM, offsets));
    } else {
        AC_CHECK_OK(ac_layers_get_presentation_numbers(engine, layers, LAYERS, key, batch, ROOM, offsets));
    }
    AC_CHECK_EQ_INT((long long)offsets[0], 0);
    int some_animated_and_not_empty = 0;
    for (int i = 0; i < LAYERS; ++i) {
        size_t width = is_colors ? 4 : 1;
        if (is_path) {
            AC_CHECK_OK(ac_layer_get_path(engine, layers[i], key, 1, single_path, ROOM, &count));
            AC_CHECK(memcmp(single_path, batch_path + offsets[i], count * sizeof(ac_path_element)) == 0);
        } else if (is_colors) {
            AC_CHECK_OK(ac_layer_get_colors(engine, layers[i], key, 1, single, ROOM, &count));
            AC_CHECK(memcmp(single, batch + 4 * offsets[i], count * width * sizeof(double)) == 0);
        } else {
            AC_CHECK_OK(ac_layer_get_numbers(engine, layers[i], key, 1, single, ROOM, &count));
            AC_CHECK(memcmp(single, batch + offsets[i], count * sizeof(double)) == 0);
        }
        AC_CHECK_EQ_INT((long long)(offsets[i + 1] - offsets[i]), (long long)count);
        if (i % 5 != 0 && count > 0) some_animated_and_not_empty = 1;
    }
    AC_CHECK(some_animated_and_not_empty);
}

static void test_batch_equals_single(void) {
    ac_layer layers[LAYERS];
    ac_engine *engine = world(layers);
    expect_batch_equals_single(engine, layers, "path");
    expect_batch_equals_single(engine, layers, "locations");
    expect_batch_equals_single(engine, layers, "colors");
    /* An animated value differs from its model value (the batch reads the presentation). */
    double shown[8], model[8];
    size_t count = 0, offsets[2];
    AC_CHECK_OK(ac_layers_get_presentation_numbers(engine, &layers[2], 1, key_of(engine, "locations"), shown, 8, offsets));
    AC_CHECK_OK(ac_layer_get_numbers(engine, layers[2], key_of(engine, "locations"), 0, model, 8, &count));
    AC_CHECK_EQ_INT((long long)offsets[1], 3);
    AC_CHECK_EQ_INT((long long)count, 2);
    ac_engine_destroy(engine);
}

/* The points each AC_PATH_* type uses. */
static const size_t points_per_type[] = {2, 2, 4, 6, 0};

/* ac_layers_get_presentation_path_coordinates: each layer's run is its path elements' used
   points in element order, to the bit; count 0; a buffer too small (offsets set); refusals. */
static void test_path_coordinates(void) {
    ac_layer layers[LAYERS];
    ac_engine *engine = world(layers);
    ac_key path = key_of(engine, "path");
    static ac_path_element elements[ROOM];
    static double coordinates[ROOM];
    size_t offsets[LAYERS + 1], element_offsets[LAYERS + 1], sized[LAYERS + 1];
    AC_CHECK_OK(ac_layers_get_presentation_path(engine, layers, LAYERS, path, elements, ROOM, element_offsets));
    AC_CHECK_OK(ac_layers_get_presentation_path_coordinates(engine, layers, LAYERS, path, coordinates, ROOM, offsets));
    AC_CHECK_EQ_INT((long long)offsets[0], 0);
    int animated_curves = 0;
    for (int i = 0; i < LAYERS; ++i) {
        size_t n = offsets[i];
        for (size_t e = element_offsets[i]; e < element_offsets[i + 1]; ++e) {
            size_t used = points_per_type[elements[e].type];
            AC_CHECK(memcmp(coordinates + n, elements[e].points, used * sizeof(double)) == 0);
            n += used;
            if (i % 5 == 1 && elements[e].type == AC_PATH_CURVE_TO) animated_curves = 1;
        }
        AC_CHECK_EQ_INT((long long)n, (long long)offsets[i + 1]);
    }
    AC_CHECK(animated_curves);
    /* Count 0; no buffer, then one number too few: every offset is set, nothing written past it. */
    AC_CHECK_OK(ac_layers_get_presentation_path_coordinates(engine, NULL, 0, path, NULL, 0, sized));
    AC_CHECK_EQ_INT((long long)sized[0], 0);
    memset(sized, 0, sizeof sized);
    EXPECT_ERROR(ac_layers_get_presentation_path_coordinates(engine, layers, LAYERS, path, NULL, 0, sized),
                 AC_ERR_BUFFER_TOO_SMALL, "out_numbers");
    AC_CHECK(memcmp(offsets, sized, sizeof sized) == 0);
    coordinates[offsets[LAYERS] - 1] = -7;
    EXPECT_ERROR(ac_layers_get_presentation_path_coordinates(engine, layers, LAYERS, path, coordinates, offsets[LAYERS] - 1,
                                                             sized),
                 AC_ERR_BUFFER_TOO_SMALL, "out_numbers");
    AC_CHECK(coordinates[offsets[LAYERS] - 1] == -7);
    /* Refusals name the argument: another kind, a bad handle, null pointers. */
    EXPECT_ERROR(ac_layers_get_presentation_path_coordinates(engine, layers, LAYERS, key_of(engine, "locations"), coordinates,
                                                             ROOM, sized),
                 AC_ERR_WRONG_KIND, "layers[0]");
    ac_layer gone = new_layer(engine, AC_CLASS_LAYER);
    AC_CHECK_OK(ac_layer_release(engine, gone));
    ac_layer with_gone[2] = {layers[1], gone};
    EXPECT_ERROR(ac_layers_get_presentation_path_coordinates(engine, with_gone, 2, path, coordinates, ROOM, sized),
                 AC_ERR_BAD_HANDLE, "layers[1]");
    AC_CHECK_EQ_INT((long long)sized[1], (long long)offsets[2] - (long long)offsets[1]); /* layers[0] was read */
    EXPECT_ERROR(ac_layers_get_presentation_path_coordinates(engine, layers, 2, path, NULL, 5, sized), AC_ERR_NULL_POINTER,
                 "out_numbers");
    EXPECT_ERROR(ac_layers_get_presentation_path_coordinates(engine, layers, 2, path, coordinates, ROOM, NULL),
                 AC_ERR_NULL_POINTER, "out_offsets");
    ac_engine_destroy(engine);
}

static void test_count_zero_and_too_small(void) {
    ac_layer layers[LAYERS];
    ac_engine *engine = world(layers);
    ac_key path = key_of(engine, "path"), locations = key_of(engine, "locations");
    size_t offsets[LAYERS + 1], sized[LAYERS + 1];
    double numbers[ROOM];
    offsets[0] = 99;
    AC_CHECK_OK(ac_layers_get_presentation_numbers(engine, NULL, 0, locations, NULL, 0, offsets));
    AC_CHECK_EQ_INT((long long)offsets[0], 0);
    AC_CHECK_OK(ac_layers_get_presentation_path(engine, NULL, 0, path, NULL, 0, offsets));
    AC_CHECK_OK(ac_layers_get_presentation_numbers(engine, layers, LAYERS, locations, numbers, ROOM, sized));
    AC_CHECK(sized[LAYERS] > 0);
    /* Asked with no buffer, then with one number too few: every offset is set. */
    memset(offsets, 0, sizeof offsets);
    EXPECT_ERROR(ac_layers_get_presentation_numbers(engine, layers, LAYERS, locations, NULL, 0, offsets),
                 AC_ERR_BUFFER_TOO_SMALL, "out_numbers");
    AC_CHECK(memcmp(offsets, sized, sizeof sized) == 0);
    memset(offsets, 0, sizeof offsets);
    EXPECT_ERROR(ac_layers_get_presentation_numbers(engine, layers, LAYERS, locations, numbers, sized[LAYERS] - 1, offsets),
                 AC_ERR_BUFFER_TOO_SMALL, "out_numbers");
    AC_CHECK(memcmp(offsets, sized, sizeof sized) == 0);
    /* The exact size fits. */
    AC_CHECK_OK(ac_layers_get_presentation_numbers(engine, layers, LAYERS, locations, numbers, sized[LAYERS], offsets));
    /* Colours count in colours (4 numbers each): room for the layers before the last that has
       any, those copied whole, the offsets all set. */
    ac_key colors = key_of(engine, "colors");
    double all[ROOM], part[ROOM];
    AC_CHECK_OK(ac_layers_get_presentation_colors(engine, layers, LAYERS, colors, all, ROOM / 4, sized));
    size_t last = LAYERS;
    while (last > 0 && sized[last] == sized[last - 1]) last--;
    if (AC_CHECK(last > 0 && sized[last - 1] > 0)) {
        for (size_t i = 0; i < ROOM; i++) part[i] = -1;
        memset(offsets, 0, sizeof offsets);
        EXPECT_ERROR(ac_layers_get_presentation_colors(engine, layers, LAYERS, colors, part, sized[LAYERS] - 1, offsets),
                     AC_ERR_BUFFER_TOO_SMALL, "out_rgba");
        AC_CHECK(memcmp(offsets, sized, sizeof sized) == 0);
        AC_CHECK(memcmp(part, all, 4 * sized[last - 1] * sizeof(double)) == 0);
        AC_CHECK_EQ_DOUBLE(part[4 * sized[last - 1]], -1.0);
    }
    ac_path_element elements[1];
    EXPECT_ERROR(ac_layers_get_presentation_path(engine, layers, LAYERS, path, elements, 1, offsets),
                 AC_ERR_BUFFER_TOO_SMALL, "out_elements");
    AC_CHECK(offsets[LAYERS] > 1);
    ac_engine_destroy(engine);
}

static void test_refusals(void) {
    ac_layer layers[LAYERS];
    ac_engine *engine = world(layers);
    ac_key path = key_of(engine, "path"), locations = key_of(engine, "locations");
    size_t offsets[LAYERS + 1];
    double numbers[ROOM];
    /* Wrong kind: the path key read as numbers; a layer of another class holding a scalar. */
    EXPECT_ERROR(ac_layers_get_presentation_numbers(engine, layers, LAYERS, path, numbers, ROOM, offsets),
                 AC_ERR_WRONG_KIND, "layers[0]");
    ac_property_desc desc;
    ac_value scalar = ac_value_scalar(1);
    ac_class other = 0;
    AC_CHECK_OK(ac_property_desc_init(&desc, "locations", &scalar));
    AC_CHECK_OK(ac_class_create(engine, "Other", 0, &desc, 1, &other));
    ac_layer mixed[3] = {layers[1], layers[2], new_layer(engine, other)};
    EXPECT_ERROR(ac_layers_get_presentation_numbers(engine, mixed, 3, locations, numbers, ROOM, offsets),
                 AC_ERR_WRONG_KIND, "layers[2]");
    AC_CHECK_EQ_INT((long long)offsets[2], (long long)(1 % 7 + 3)); /* the layers before it are read */
    /* An undeclared key never set on a plain layer; then set to numbers, it reads as one. */
    ac_layer plain = new_layer(engine, AC_CLASS_LAYER);
    ac_layer with_plain[2] = {layers[1], plain};
    ac_key spare = key_of(engine, "spare");
    EXPECT_ERROR(ac_layers_get_presentation_numbers(engine, with_plain, 2, spare, numbers, ROOM, offsets),
                 AC_ERR_UNKNOWN_KEY, "layers[0]");
    double set[3] = {1, 2, 3};
    AC_CHECK_OK(ac_layer_set_numbers(engine, plain, spare, set, 3));
    AC_CHECK_OK(ac_layers_get_presentation_numbers(engine, &plain, 1, spare, numbers, ROOM, offsets));
    AC_CHECK_EQ_INT((long long)offsets[1], 3);
    AC_CHECK(memcmp(numbers, set, sizeof set) == 0);
    /* A bad handle names its layer. */
    ac_layer gone = new_layer(engine, AC_CLASS_LAYER);
    AC_CHECK_OK(ac_layer_release(engine, gone));
    ac_layer with_gone[3] = {layers[0], layers[1], gone};
    EXPECT_ERROR(ac_layers_get_presentation_path(engine, with_gone, 3, path, NULL, 0, offsets), AC_ERR_BAD_HANDLE, "layers[2]");
    /* Null pointers. */
    EXPECT_ERROR(ac_layers_get_presentation_colors(engine, layers, LAYERS, key_of(engine, "colors"), numbers, ROOM, NULL),
                 AC_ERR_NULL_POINTER, "out_offsets");
    EXPECT_ERROR(ac_layers_get_presentation_numbers(engine, NULL, 2, locations, numbers, ROOM, offsets), AC_ERR_NULL_POINTER,
                 "layers");
    EXPECT_ERROR(ac_layers_get_presentation_numbers(engine, layers, 2, locations, NULL, 5, offsets), AC_ERR_NULL_POINTER,
                 "out_numbers");
    EXPECT_ERROR(ac_layers_get_presentation_numbers(NULL, layers, 2, locations, numbers, ROOM, offsets), AC_ERR_NULL_POINTER,
                 "engine");
    EXPECT_ERROR(ac_layers_get_presentation_numbers(engine, layers, (size_t)-1, locations, numbers, ROOM, offsets),
                 AC_ERR_OUT_OF_RANGE, "count");
    ac_engine_destroy(engine);
}

static ac_value_store_counts store_counts(ac_engine *engine) {
    ac_value_store_counts counts;
    memset(&counts, 0, sizeof counts);
    counts.struct_size = (uint32_t)sizeof counts;
    AC_CHECK_OK(ac_engine_get_value_store_counts(engine, &counts));
    return counts;
}

static void test_store_counts_come_back(void) {
    ac_engine *engine = new_engine();
    ac_class shape = shape_class(engine);
    ac_value_store_counts start = store_counts(engine);
    ac_layer layers[LAYERS];
    for (int i = 0; i < LAYERS; ++i) {
        layers[i] = new_layer(engine, shape);
        set_models(engine, layers[i], i);
    }
    tick(engine, T0);
    ac_value_store_counts models = store_counts(engine);
    AC_CHECK(models.values > start.values && models.numbers > start.numbers);
    for (int i = 0; i < LAYERS; ++i) animate(engine, layers[i], i);
    tick(engine, T0 + 0.5);
    ac_value_store_counts animated = store_counts(engine);
    AC_CHECK(animated.values > models.values && animated.numbers > models.numbers);
    /* Removing the animations gives back their values (at the next tick)... */
    for (int i = 0; i < LAYERS; ++i) AC_CHECK_OK(ac_layer_remove_all_animations(engine, layers[i]));
    tick(engine, T0 + 0.6);
    ac_value_store_counts removed = store_counts(engine);
    AC_CHECK_EQ_INT((long long)removed.values, (long long)models.values);
    AC_CHECK_EQ_INT((long long)removed.numbers, (long long)models.numbers);
    /* ...and destroying the layers (animated again first) the rest. */
    for (int i = 0; i < LAYERS; ++i) animate(engine, layers[i], i);
    tick(engine, T0 + 0.7);
    for (int i = 0; i < LAYERS; ++i) AC_CHECK_OK(ac_layer_release(engine, layers[i]));
    tick(engine, T0 + 0.8);
    ac_value_store_counts end = store_counts(engine);
    AC_CHECK_EQ_INT((long long)end.values, (long long)start.values);
    AC_CHECK_EQ_INT((long long)end.numbers, (long long)start.numbers);
    /* Refusals. */
    ac_value_store_counts wrong;
    wrong.struct_size = 3;
    EXPECT_ERROR(ac_engine_get_value_store_counts(engine, &wrong), AC_ERR_BAD_STRUCT_SIZE, "out_counts");
    EXPECT_ERROR(ac_engine_get_value_store_counts(engine, NULL), AC_ERR_NULL_POINTER, "out_counts");
    EXPECT_ERROR(ac_engine_get_value_store_counts(NULL, &wrong), AC_ERR_NULL_POINTER, "engine");
    ac_engine_destroy(engine);
}

int main(void) {
    test_batch_equals_single();
    test_count_zero_and_too_small();
    test_path_coordinates();
    test_refusals();
    test_store_counts_come_back();
    return ac_test_finish();
}
