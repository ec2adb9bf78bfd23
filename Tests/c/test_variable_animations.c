/*
 * Animations of path and array values (AC_VALUE_PATH, AC_VALUE_NUMBERS, AC_VALUE_COLORS):
 * basic from/to/by of paths, numbers and colours; keyframes; a spring of numbers; additive and
 * cumulative; the implicit action; the half-way switch of shapes met while running; refusals
 * naming the argument; and no allocation per tick (counted with the benchmarks' counter when
 * the build links it).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ac_variable_test.h"

/* A layer of the class "Shape" (shape_class), committed. */
static ac_layer shape_layer(ac_engine *engine) {
    ac_layer layer = new_layer(engine, shape_class(engine));
    tick(engine, T0);
    return layer;
}

/* A basic (or spring) description of key_path lasting duration_s. */
static ac_animation described(ac_engine *engine, const char *key_path, double duration_s, int spring) {
    ac_animation animation = 0;
    ac_timing timing;
    if (spring) {
        AC_CHECK_OK(ac_animation_create_spring(engine, key_path, &animation));
    } else {
        AC_CHECK_OK(ac_animation_create_basic(engine, key_path, &animation));
    }
    AC_CHECK_OK(ac_timing_init_animation(&timing));
    timing.duration_s = duration_s;
    AC_CHECK_OK(ac_animation_set_timing(engine, animation, &timing));
    return animation;
}

static void test_basic_path(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    ac_path_element from[3], to[3], shown[3];
    size_t count = 0;
    from[0] = ac_path_move_to(0, 0);
    from[1] = ac_path_quad_curve_to(5, 5, 10, 0);
    from[2] = ac_path_close();
    to[0] = ac_path_move_to(10, 20);
    to[1] = ac_path_quad_curve_to(15, 25, 30, 40);
    to[2] = ac_path_close();
    ac_animation animation = described(engine, "path", 1, 0);
    AC_CHECK_OK(ac_animation_set_path_value(engine, animation, AC_ANIMATION_FROM, from, 3));
    AC_CHECK_OK(ac_animation_set_path_value(engine, animation, AC_ANIMATION_TO, to, 3));
    add(engine, layer, animation, "shape");
    tick(engine, T0 + 0.001);
    tick(engine, T0 + 0.501);
    AC_CHECK_OK(ac_layer_get_path(engine, layer, key_of(engine, "path"), 1, shown, 3, &count));
    AC_CHECK_EQ_INT(count, 3);
    AC_CHECK_EQ_INT(shown[1].type, AC_PATH_QUAD_CURVE_TO);
    AC_CHECK_NEAR(shown[0].points[1], 10, 1e-12);
    AC_CHECK_NEAR(shown[1].points[0], 10, 1e-12);
    AC_CHECK_NEAR(shown[1].points[3], 20, 1e-12);
    /* The model is untouched. */
    AC_CHECK_OK(ac_layer_get_path(engine, layer, key_of(engine, "path"), 0, NULL, 0, &count));
    AC_CHECK_EQ_INT(count, 0);
    ac_engine_destroy(engine);
}

static void test_numbers_by_and_colors_to(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    double base[2] = {1, 2}, by[2] = {2, 2}, out[4];
    double rgba[4] = {1, 1, 1, 1}, to[4] = {0, 0, 0, 0}, shown[4];
    size_t count = 0;
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_disable_actions(engine, 1));
    AC_CHECK_OK(ac_layer_set_numbers(engine, layer, key_of(engine, "locations"), base, 2));
    AC_CHECK_OK(ac_layer_set_colors(engine, layer, key_of(engine, "colors"), rgba, 1));
    AC_CHECK_OK(ac_transaction_commit(engine));
    ac_animation numbers = described(engine, "locations", 1, 0);
    AC_CHECK_OK(ac_animation_set_numbers_value(engine, numbers, AC_ANIMATION_BY, by, 2));
    add(engine, layer, numbers, "n");
    ac_animation colors = described(engine, "colors", 2, 0);
    AC_CHECK_OK(ac_animation_set_colors_value(engine, colors, AC_ANIMATION_TO, to, 1));
    add(engine, layer, colors, "c");
    tick(engine, T0 + 0.001);
    tick(engine, T0 + 0.501);
    AC_CHECK_EQ_INT(shown_numbers(engine, layer, out, 4), 2);
    AC_CHECK_NEAR(out[0], 2, 1e-12);
    AC_CHECK_NEAR(out[1], 3, 1e-12);
    AC_CHECK_OK(ac_layer_get_colors(engine, layer, key_of(engine, "colors"), 1, shown, 1, &count));
    AC_CHECK_NEAR(shown[0], 0.75, 1e-12);
    AC_CHECK_NEAR(shown[3], 0.75, 1e-12);
    ac_engine_destroy(engine);
}

static void test_keyframes_and_spring(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    double values[6] = {0, 0, 1, 2, 3, 2}, out[2];
    size_t counts[3] = {2, 2, 2};
    ac_animation keyframes = 0;
    ac_timing timing;
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "locations", &keyframes));
    AC_CHECK_OK(ac_animation_set_numbers_values(engine, keyframes, values, counts, 3));
    AC_CHECK_OK(ac_timing_init_animation(&timing));
    timing.duration_s = 2;
    AC_CHECK_OK(ac_animation_set_timing(engine, keyframes, &timing));
    add(engine, layer, keyframes, "k");
    tick(engine, T0 + 0.001);
    tick(engine, T0 + 1.501);
    shown_numbers(engine, layer, out, 2);
    AC_CHECK_NEAR(out[0], 2, 1e-12);
    AC_CHECK_NEAR(out[1], 2, 1e-12);

    /* A spring of numbers next to a spring of a scalar: the same motion. */
    double from[2] = {0, 10}, to[2] = {10, 30}, scalar_from = 0, scalar_to = 10;
    ac_animation numbers = described(engine, "locations", 5, 1);
    AC_CHECK_OK(ac_animation_set_numbers_value(engine, numbers, AC_ANIMATION_FROM, from, 2));
    AC_CHECK_OK(ac_animation_set_numbers_value(engine, numbers, AC_ANIMATION_TO, to, 2));
    add(engine, layer, numbers, "k");
    ac_animation scalar = described(engine, "value", 5, 1);
    ac_value value = ac_value_scalar(scalar_from);
    AC_CHECK_OK(ac_animation_set_value(engine, scalar, AC_ANIMATION_FROM, &value));
    value = ac_value_scalar(scalar_to);
    AC_CHECK_OK(ac_animation_set_value(engine, scalar, AC_ANIMATION_TO, &value));
    add(engine, layer, scalar, "s");
    tick(engine, T0 + 2);
    tick(engine, T0 + 2.3);
    shown_numbers(engine, layer, out, 2);
    double s = presentation_scalar(engine, layer, "value");
    AC_CHECK(s > 0 && s < 12);
    AC_CHECK_NEAR(out[0], s, 1e-12);
    AC_CHECK_NEAR(out[1], 10 + 2 * s, 1e-12);
    ac_engine_destroy(engine);
}

static void test_additive_cumulative(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    double base[2] = {1, 1}, from[2] = {0, 0}, to[2] = {2, 4}, out[2];
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_disable_actions(engine, 1));
    AC_CHECK_OK(ac_layer_set_numbers(engine, layer, key_of(engine, "locations"), base, 2));
    AC_CHECK_OK(ac_transaction_commit(engine));
    ac_animation additive = described(engine, "locations", 1, 0);
    AC_CHECK_OK(ac_animation_set_numbers_value(engine, additive, AC_ANIMATION_FROM, from, 2));
    AC_CHECK_OK(ac_animation_set_numbers_value(engine, additive, AC_ANIMATION_TO, to, 2));
    AC_CHECK_OK(ac_animation_set_flag(engine, additive, AC_ANIMATION_ADDITIVE, 1));
    AC_CHECK_OK(ac_animation_set_flag(engine, additive, AC_ANIMATION_CUMULATIVE, 1));
    ac_timing timing;
    AC_CHECK_OK(ac_timing_init_animation(&timing));
    AC_CHECK_OK(ac_animation_get_timing(engine, additive, &timing));
    timing.repeat_count = 3;
    AC_CHECK_OK(ac_animation_set_timing(engine, additive, &timing));
    add(engine, layer, additive, "a");
    tick(engine, T0 + 0.001);
    tick(engine, T0 + 1.501); /* second cycle, half way: model + (2, 4) + (1, 2) */
    shown_numbers(engine, layer, out, 2);
    AC_CHECK_NEAR(out[0], 4, 1e-9);
    AC_CHECK_NEAR(out[1], 7, 1e-9);
    ac_engine_destroy(engine);
}

static void test_implicit_action(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    double start[2] = {0, 1}, next[2] = {1, 1}, out[2];
    size_t animations = 0;
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_disable_actions(engine, 1));
    AC_CHECK_OK(ac_layer_set_numbers(engine, layer, key_of(engine, "locations"), start, 2));
    AC_CHECK_OK(ac_transaction_commit(engine));
    AC_CHECK_OK(ac_layer_set_numbers(engine, layer, key_of(engine, "locations"), next, 2));
    tick(engine, T0 + 0.01);
    AC_CHECK_OK(ac_layer_animation_count(engine, layer, &animations));
    AC_CHECK_EQ_INT(animations, 1);
    tick(engine, T0 + 0.1);
    shown_numbers(engine, layer, out, 2);
    AC_CHECK(out[0] > 0 && out[0] < 1);
    tick(engine, T0 + 1);
    shown_numbers(engine, layer, out, 2);
    AC_CHECK_EQ_DOUBLE(out[0], 1);
    AC_CHECK_EQ_DOUBLE(out[1], 1);
    ac_engine_destroy(engine);
}

static void test_shapes_and_refusals(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    double one[1] = {1}, two[2] = {1, 2}, three[3] = {5, 6, 7}, bad[2] = {0, NAN}, out[3];
    ac_animation animation = described(engine, "locations", 1, 0);
    AC_CHECK_OK(ac_animation_set_numbers_value(engine, animation, AC_ANIMATION_FROM, one, 1));
    AC_CHECK_OK(ac_animation_set_numbers_value(engine, animation, AC_ANIMATION_TO, two, 2));
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, animation, NULL), AC_ERR_INVALID_ARGUMENT, "toValue has 2 numbers");
    EXPECT_ERROR(ac_animation_set_numbers_value(engine, animation, AC_ANIMATION_FROM, bad, 2), AC_ERR_NOT_FINITE, "numbers[1]");
    EXPECT_ERROR(ac_animation_set_numbers_value(engine, animation, 7, two, 2), AC_ERR_OUT_OF_RANGE, "which");
    EXPECT_ERROR(ac_animation_set_numbers_value(engine, animation, AC_ANIMATION_FROM, NULL, 2), AC_ERR_NULL_POINTER, "numbers");
    /* Unset the from: to alone, from the model (empty) of another shape: the switch at 0.5. */
    AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, NULL));
    AC_CHECK_OK(ac_animation_set_numbers_value(engine, animation, AC_ANIMATION_TO, three, 3));
    add(engine, layer, animation, NULL);
    tick(engine, T0 + 0.001);
    tick(engine, T0 + 0.4);
    AC_CHECK_EQ_INT(shown_numbers(engine, layer, out, 3), 0);
    tick(engine, T0 + 0.6);
    AC_CHECK_EQ_INT(shown_numbers(engine, layer, out, 3), 3);
    AC_CHECK_EQ_DOUBLE(out[2], 7);
    /* Keyframes: counts checked, shapes checked at add. */
    ac_animation keyframes = 0;
    size_t counts[2] = {1, 2};
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "locations", &keyframes));
    EXPECT_ERROR(ac_animation_set_numbers_values(engine, keyframes, NULL, counts, 2), AC_ERR_NULL_POINTER, "numbers");
    AC_CHECK_OK(ac_animation_set_numbers_values(engine, keyframes, three, counts, 2));
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, keyframes, NULL), AC_ERR_INVALID_ARGUMENT, "values[1]");
    AC_CHECK_OK(ac_animation_release(engine, keyframes));
    /* A decay cannot move an array. */
    ac_animation basic = described(engine, "path", 1, 0);
    EXPECT_ERROR(ac_animation_set_colors_value(engine, basic, AC_ANIMATION_VELOCITY, one, 0), AC_ERR_OUT_OF_RANGE, "velocity");
    AC_CHECK_OK(ac_animation_release(engine, basic));
    ac_engine_destroy(engine);
}

/* Ticks of running path and colour animations: no allocation once they run. */
static void test_no_allocation_per_tick(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    ac_path_element from[AC_PATH_ELLIPSE_ELEMENTS], to[AC_PATH_ELLIPSE_ELEMENTS];
    double rgba[8] = {1, 0, 0, 1, 0, 0, 1, 1}, other[8] = {0, 1, 0, 1, 1, 1, 0, 0};
    size_t count = 0;
    AC_CHECK_OK(ac_path_ellipse(0, 0, 10, 10, from, AC_PATH_ELLIPSE_ELEMENTS, &count));
    AC_CHECK_OK(ac_path_ellipse(5, 5, 30, 20, to, AC_PATH_ELLIPSE_ELEMENTS, &count));
    ac_animation path = described(engine, "path", 10, 0);
    AC_CHECK_OK(ac_animation_set_path_value(engine, path, AC_ANIMATION_FROM, from, count));
    AC_CHECK_OK(ac_animation_set_path_value(engine, path, AC_ANIMATION_TO, to, count));
    add(engine, layer, path, "p");
    ac_animation colors = described(engine, "colors", 10, 1);
    AC_CHECK_OK(ac_animation_set_colors_value(engine, colors, AC_ANIMATION_FROM, rgba, 2));
    AC_CHECK_OK(ac_animation_set_colors_value(engine, colors, AC_ANIMATION_TO, other, 2));
    AC_CHECK_OK(ac_animation_set_flag(engine, colors, AC_ANIMATION_ADDITIVE, 1));
    add(engine, layer, colors, "c");
    expect_ticks_allocate_nothing(engine, "test_no_allocation_per_tick");
}

/* One engine of test_threads_agree: `count` shape layers, each with a repeating, staggered
   animation of its path (from/to), of its locations (keyframes, cumulative) and of its colours
   (a spring, additive), ticking on `threads` threads. */
static ac_engine *threaded_world(int count, int32_t threads, ac_layer *layers) {
    ac_engine *engine = new_engine();
    AC_CHECK_OK(ac_engine_set_tick_threads(engine, threads));
    ac_path_element from[AC_PATH_ELLIPSE_ELEMENTS], to[AC_PATH_ELLIPSE_ELEMENTS];
    size_t elements = 0, counts[3] = {3, 3, 3};
    double numbers[9] = {0, 0.5, 1, 0.25, 0.5, 0.75, 1, 0.5, 0};
    double rgba[8] = {1, 0, 0, 1, 0, 0, 1, 1}, other[8] = {0, 1, 0, 1, 1, 1, 0, 0};
    AC_CHECK_OK(ac_path_ellipse(0, 0, 10, 10, from, AC_PATH_ELLIPSE_ELEMENTS, &elements));
    AC_CHECK_OK(ac_path_ellipse(5, 5, 30, 20, to, AC_PATH_ELLIPSE_ELEMENTS, &elements));
    layers[0] = shape_layer(engine);
    ac_class shape = 0;
    AC_CHECK_OK(ac_layer_class(engine, layers[0], &shape));
    for (int i = 0; i < count; ++i) {
        if (i > 0) layers[i] = new_layer(engine, shape);
        ac_timing timing;
        AC_CHECK_OK(ac_timing_init_animation(&timing));
        timing.duration_s = 0.5 + 0.001 * (i % 97);
        timing.begin_time_s = T0 - 0.002 * (i % 211); /* staggered */
        timing.repeat_count = INFINITY;
        timing.autoreverses = i % 2;
        ac_animation path = 0, locations = 0;
        AC_CHECK_OK(ac_animation_create_basic(engine, "path", &path));
        AC_CHECK_OK(ac_animation_set_timing(engine, path, &timing));
        AC_CHECK_OK(ac_animation_set_path_value(engine, path, AC_ANIMATION_FROM, from, elements));
        AC_CHECK_OK(ac_animation_set_path_value(engine, path, AC_ANIMATION_TO, to, elements));
        add(engine, layers[i], path, "p");
        AC_CHECK_OK(ac_animation_create_keyframe(engine, "locations", &locations));
        AC_CHECK_OK(ac_animation_set_timing(engine, locations, &timing));
        AC_CHECK_OK(ac_animation_set_numbers_values(engine, locations, numbers, counts, 3));
        AC_CHECK_OK(ac_animation_set_flag(engine, locations, AC_ANIMATION_CUMULATIVE, 1));
        add(engine, layers[i], locations, "n");
        ac_animation colors = described(engine, "colors", 0.7, 1);
        timing.duration_s = 0.7;
        AC_CHECK_OK(ac_animation_set_timing(engine, colors, &timing));
        AC_CHECK_OK(ac_animation_set_colors_value(engine, colors, AC_ANIMATION_FROM, rgba, 2));
        AC_CHECK_OK(ac_animation_set_colors_value(engine, colors, AC_ANIMATION_TO, other, 2));
        AC_CHECK_OK(ac_animation_set_flag(engine, colors, AC_ANIMATION_ADDITIVE, 1));
        add(engine, layers[i], colors, "c");
    }
    return engine;
}

/* Whether a layer shows the same path, numbers and colours in both engines, to the bit. */
static int same_values(ac_engine *a, ac_layer la, ac_engine *b, ac_layer lb) {
    ac_path_element pa[AC_PATH_ELLIPSE_ELEMENTS], pb[AC_PATH_ELLIPSE_ELEMENTS];
    double na[8], nb[8], ca[8], cb[8];
    size_t npa = 0, npb = 0, nna = 0, nnb = 0, nca = 0, ncb = 0;
    AC_CHECK_OK(ac_layer_get_path(a, la, key_of(a, "path"), 1, pa, AC_PATH_ELLIPSE_ELEMENTS, &npa));
    AC_CHECK_OK(ac_layer_get_path(b, lb, key_of(b, "path"), 1, pb, AC_PATH_ELLIPSE_ELEMENTS, &npb));
    AC_CHECK_OK(ac_layer_get_numbers(a, la, key_of(a, "locations"), 1, na, 8, &nna));
    AC_CHECK_OK(ac_layer_get_numbers(b, lb, key_of(b, "locations"), 1, nb, 8, &nnb));
    AC_CHECK_OK(ac_layer_get_colors(a, la, key_of(a, "colors"), 1, ca, 2, &nca));
    AC_CHECK_OK(ac_layer_get_colors(b, lb, key_of(b, "colors"), 1, cb, 2, &ncb));
    return npa == npb && nna == nnb && nca == ncb && memcmp(pa, pb, npa * sizeof pa[0]) == 0
           && memcmp(na, nb, nna * sizeof na[0]) == 0 && memcmp(ca, cb, 4 * nca * sizeof ca[0]) == 0;
}

/* Paths and arrays evaluated on four threads (more animations than one thread's part: the
   tick shares them out) show what one thread shows, to the bit, and their ticks allocate
   nothing on four threads either. */
static void test_threads_agree(void) {
    enum { COUNT = 3000 }; /* three animations each: 9,000, more than the 8,192 of two parts */
    static ac_layer one_layers[COUNT], four_layers[COUNT];
    ac_engine *one = threaded_world(COUNT, 1, one_layers);
    ac_engine *four = threaded_world(COUNT, 4, four_layers);
    int differing = 0;
    for (int k = 1; k <= 12; ++k) {
        tick(one, frame_time(k));
        tick(four, frame_time(k));
        for (int i = 0; i < COUNT; ++i) differing += !same_values(one, one_layers[i], four, four_layers[i]);
    }
    AC_CHECK_EQ_INT(differing, 0);
#if AC_TEST_COUNTS_ALLOCATIONS
    unsigned long long before = allocations();
    for (int k = 13; k < 73; ++k) tick(four, frame_time(k));
    AC_CHECK_EQ_INT((long long)(allocations() - before), 0);
#else
    printf("skip the allocation count of test_threads_agree: this build does not link the allocation counter (a sanitized build)\n");
#endif
    ac_engine_destroy(one);
    ac_engine_destroy(four);
}

/* The values read back from a description and from a layer's copy: paths, numbers and
   colours of basic animations (unset: is_set 0), keyframes by index, and the refusals. */
static void test_read_back(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = shape_layer(engine);
    ac_path_element from[2] = {ac_path_move_to(0, 0), ac_path_line_to(10, 0)};
    ac_path_element out_path[4];
    double numbers[3] = {0, 0.5, 1}, out[8], rgba[4] = {1, 0, 0, 1};
    size_t count = 99, counts[2] = {2, 2};
    int32_t is_set = -1;
    ac_animation basic = described(engine, "path", 1, 0), copy = 0, keyframes = 0;
    AC_CHECK_OK(ac_animation_set_path_value(engine, basic, AC_ANIMATION_FROM, from, 2));
    AC_CHECK_OK(ac_animation_get_path_value(engine, basic, AC_ANIMATION_FROM, out_path, 4, &count, &is_set));
    AC_CHECK_EQ_INT(count, 2);
    AC_CHECK_EQ_INT(is_set, 1);
    AC_CHECK_EQ_INT(out_path[1].type, AC_PATH_LINE_TO);
    AC_CHECK_EQ_DOUBLE(out_path[1].points[0], 10);
    AC_CHECK_OK(ac_animation_get_path_value(engine, basic, AC_ANIMATION_TO, out_path, 4, &count, &is_set));
    AC_CHECK_EQ_INT(count, 0);
    AC_CHECK_EQ_INT(is_set, 0);
    EXPECT_ERROR(ac_animation_get_path_value(engine, basic, AC_ANIMATION_FROM, out_path, 1, &count, &is_set),
                 AC_ERR_BUFFER_TOO_SMALL, "out_elements");
    EXPECT_ERROR(ac_animation_get_numbers_value(engine, basic, AC_ANIMATION_FROM, out, 8, &count, &is_set),
                 AC_ERR_WRONG_KIND, "fromValue");
    EXPECT_ERROR(ac_animation_get_path_value(engine, basic, AC_ANIMATION_FROM, out_path, 4, &count, NULL),
                 AC_ERR_NULL_POINTER, "out_is_set");
    AC_CHECK_OK(ac_animation_release(engine, basic));
    /* A layer's copy: numbers by, colours to. */
    basic = described(engine, "colors", 1, 0);
    AC_CHECK_OK(ac_animation_set_colors_value(engine, basic, AC_ANIMATION_TO, rgba, 1));
    add(engine, layer, basic, "tint");
    AC_CHECK_OK(ac_layer_copy_animation(engine, layer, "tint", &copy));
    AC_CHECK_OK(ac_animation_get_colors_value(engine, copy, AC_ANIMATION_TO, out, 2, &count, &is_set));
    AC_CHECK_EQ_INT(count, 1);
    AC_CHECK_EQ_DOUBLE(out[0], 1);
    AC_CHECK_EQ_DOUBLE(out[3], 1);
    AC_CHECK_OK(ac_animation_release(engine, copy));
    basic = described(engine, "locations", 1, 0);
    AC_CHECK_OK(ac_animation_set_numbers_value(engine, basic, AC_ANIMATION_BY, numbers, 3));
    AC_CHECK_OK(ac_animation_get_numbers_value(engine, basic, AC_ANIMATION_BY, out, 8, &count, &is_set));
    AC_CHECK_EQ_INT(count, 3);
    AC_CHECK_EQ_DOUBLE(out[1], 0.5);
    AC_CHECK_OK(ac_animation_release(engine, basic));
    /* Keyframes by index. */
    AC_CHECK_OK(ac_animation_create_keyframe(engine, "locations", &keyframes));
    {
        double joined[4] = {0, 1, 0.25, 0.75};
        AC_CHECK_OK(ac_animation_set_numbers_values(engine, keyframes, joined, counts, 2));
    }
    AC_CHECK_OK(ac_animation_get_keyframe_numbers(engine, keyframes, 1, out, 8, &count));
    AC_CHECK_EQ_INT(count, 2);
    AC_CHECK_EQ_DOUBLE(out[0], 0.25);
    EXPECT_ERROR(ac_animation_get_keyframe_numbers(engine, keyframes, 2, out, 8, &count), AC_ERR_OUT_OF_RANGE, "index");
    EXPECT_ERROR(ac_animation_get_keyframe_path(engine, keyframes, 0, out_path, 4, &count), AC_ERR_WRONG_KIND, "values[0]");
    basic = described(engine, "locations", 1, 0);
    EXPECT_ERROR(ac_animation_get_keyframe_colors(engine, basic, 0, out, 2, &count), AC_ERR_INVALID_ARGUMENT, "keyframe");
    AC_CHECK_OK(ac_animation_release(engine, basic));
    AC_CHECK_OK(ac_animation_release(engine, keyframes));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_basic_path();
    test_numbers_by_and_colors_to();
    test_keyframes_and_spring();
    test_additive_cumulative();
    test_implicit_action();
    test_shapes_and_refusals();
    test_no_allocation_per_tick();
    test_threads_agree();
    test_read_back();
    return ac_test_finish();
}
