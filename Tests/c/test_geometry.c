/*
 * Geometry and hit testing (reference/core-animation-geometry.md §1, §2): the worked numbers
 * 1.8-A, 1.8-D, 1.8-J, 1.8-P and 2.5, the hit-testing order, unmapped points behind the eye,
 * affineTransform, contentsAreFlipped, and every argument refused with its name.
 */
#include <math.h>
#include <stdint.h>

#include "ac_engine_test.h"

#define TOL 1e-4

static ac_layer make(ac_engine *engine, double w, double h, double x, double y, ac_layer parent) {
    ac_layer layer = new_layer(engine, 0);
    set_value(engine, layer, "bounds", ac_value_rect(0, 0, w, h));
    set_value(engine, layer, "position", ac_value_point(x, y));
    if (parent != 0) {
        AC_CHECK_OK(ac_layer_add_sublayer(engine, parent, layer));
        AC_CHECK_OK(ac_layer_release(engine, layer)); /* the tree holds it */
    }
    return layer;
}

/* Converts (x, y) from `from` to `to` with model values; checks it maps to (ex, ey). */
static void expect_point(ac_engine *engine, ac_layer from, ac_layer to, double x, double y, double ex,
                         double ey) {
    const double point[2] = {x, y};
    double out[2] = {0, 0};
    int32_t mapped = -1;
    AC_CHECK_OK(ac_layer_convert_point(engine, from, to, AC_GEOMETRY_MODEL, point, out, &mapped));
    AC_CHECK_EQ_INT(mapped, 1);
    int x_ok = AC_CHECK_NEAR(out[0], ex, TOL), y_ok = AC_CHECK_NEAR(out[1], ey, TOL); /* both checked */
    if (!x_ok || !y_ok)
        printf("    (%g, %g) -> (%g, %g), expected (%g, %g)\n", x, y, out[0], out[1], ex, ey);
}

static ac_layer hit(ac_engine *engine, ac_layer layer, int32_t presentation, double x, double y) {
    const double point[2] = {x, y};
    ac_layer out = 12345;
    AC_CHECK_OK(ac_layer_hit_test(engine, layer, presentation, point, &out));
    return out;
}

/* 1.8-A and 1.8-D: conversion both ways, rects, the sublayerTransform about the anchor. */
static void test_conversion(void) {
    ac_engine *engine = new_engine();
    ac_layer parent = make(engine, 200, 200, 100, 100, 0);
    ac_layer child = make(engine, 50, 50, 100, 50, parent);
    expect_point(engine, child, parent, 0, 0, 75, 25);
    expect_point(engine, child, parent, 50, 50, 125, 75);
    expect_point(engine, parent, child, 0, 0, -75, -25);
    expect_point(engine, child, 0, 0, 0, 75, 25); /* 0: the root space */

    const double rect[4] = {0, 0, 10, 20};
    double out[4];
    int32_t mapped = 0;
    AC_CHECK_OK(ac_layer_convert_rect(engine, child, parent, AC_GEOMETRY_MODEL, rect, out, &mapped));
    AC_CHECK_EQ_INT(mapped, 1);
    AC_CHECK_NEAR(out[0], 75, TOL);
    AC_CHECK_NEAR(out[1], 25, TOL);
    AC_CHECK_NEAR(out[2], 10, TOL);
    AC_CHECK_NEAR(out[3], 20, TOL);

    double scale[16] = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    double translate[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1};
    set_value(engine, parent, "sublayerTransform", ac_value_transform3d(scale));
    set_value(engine, child, "transform", ac_value_transform3d(translate));
    expect_point(engine, child, parent, 0, 0, 60, -38);
    double matrix[16];
    AC_CHECK_OK(ac_layer_matrix_to_superlayer(engine, child, AC_GEOMETRY_MODEL, matrix));
    AC_CHECK_NEAR(matrix[12], 60, TOL);
    AC_CHECK_NEAR(matrix[13], -38, TOL);
    AC_CHECK_NEAR(matrix[0], 2, TOL);
    double between[16];
    AC_CHECK_OK(ac_layer_matrix_to_layer(engine, child, parent, AC_GEOMETRY_MODEL, between));
    for (int i = 0; i < 16; ++i) AC_CHECK_NEAR(between[i], matrix[i], 1e-12);
    AC_CHECK_OK(ac_layer_release(engine, parent));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* 1.8-J: the frame, through "frame" read as a value. */
static void test_frame(void) {
    ac_engine *engine = new_engine();
    ac_layer layer = make(engine, 100, 50, 200, 300, 0);
    ac_value frame = model_value(engine, layer, "frame");
    AC_CHECK_EQ_DOUBLE(frame.v[0], 150);
    AC_CHECK_EQ_DOUBLE(frame.v[1], 275);
    set_value(engine, layer, "anchorPoint", ac_value_point(2, -1));
    set_value(engine, layer, "position", ac_value_point(0, 0));
    frame = model_value(engine, layer, "frame");
    AC_CHECK_EQ_DOUBLE(frame.v[0], -200);
    AC_CHECK_EQ_DOUBLE(frame.v[1], 50);
    AC_CHECK_EQ_DOUBLE(frame.v[2], 100);
    AC_CHECK_EQ_DOUBLE(frame.v[3], 50);
    /* setFrame through a scale: the bounds size is the frame's through the inverse. */
    set_value(engine, layer, "anchorPoint", ac_value_point(0.5, 0.5));
    double scale[16] = {2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    set_value(engine, layer, "transform", ac_value_transform3d(scale));
    set_value(engine, layer, "frame", ac_value_rect(10, 20, 100, 60));
    ac_value bounds = model_value(engine, layer, "bounds");
    AC_CHECK_EQ_DOUBLE(bounds.v[2], 50);
    AC_CHECK_EQ_DOUBLE(bounds.v[3], 20);
    frame = model_value(engine, layer, "frame");
    AC_CHECK_NEAR(frame.v[0], 10, 1e-12);
    AC_CHECK_NEAR(frame.v[3], 60, 1e-12);
    AC_CHECK_OK(ac_layer_release(engine, layer));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* 1.8-P: perspective from the parent, the child turned about y; a point behind the eye. */
static void test_perspective(void) {
    ac_engine *engine = new_engine();
    ac_layer parent = make(engine, 200, 200, 100, 100, 0);
    ac_layer child = make(engine, 100, 100, 100, 100, parent);
    double perspective[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1.0 / 500, 0, 0, 0, 1};
    const double c = cos(PI / 4), s = sin(PI / 4);
    double turn[16] = {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1};
    set_value(engine, parent, "sublayerTransform", ac_value_transform3d(perspective));
    set_value(engine, child, "transform", ac_value_transform3d(turn));
    expect_point(engine, child, parent, 0, 0, 61.9544, 46.1954);
    expect_point(engine, child, parent, 100, 0, 133.0204, 53.3020);
    expect_point(engine, child, parent, 100, 100, 133.0204, 146.6980);
    expect_point(engine, child, parent, 0, 100, 61.9544, 153.8046);
    expect_point(engine, child, parent, 50, 50, 100, 100);
    AC_CHECK_EQ_INT(hit(engine, parent, AC_GEOMETRY_MODEL, 63, 100), child);
    AC_CHECK_EQ_INT(hit(engine, parent, AC_GEOMETRY_MODEL, 140, 100), parent);

    /* Turned almost edge-on and wide: its left end passes behind the eye at z = 500. */
    set_value(engine, child, "bounds", ac_value_rect(0, 0, 2000, 100));
    const double c2 = cos(PI / 2 - 0.1), s2 = sin(PI / 2 - 0.1);
    double edge[16] = {c2, 0, -s2, 0, 0, 1, 0, 0, s2, 0, c2, 0, 0, 0, 0, 1};
    set_value(engine, child, "transform", ac_value_transform3d(edge));
    const double point[2] = {0, 50};
    double out[2] = {0, 0};
    int32_t mapped = -1;
    AC_CHECK_OK(ac_layer_convert_point(engine, child, parent, AC_GEOMETRY_MODEL, point, out, &mapped));
    AC_CHECK_EQ_INT(mapped, 0);
    AC_CHECK_NAN(out[0]);
    AC_CHECK_OK(ac_layer_release(engine, parent));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Hit-testing order: last added first, zPosition above, hidden skipped, masksToBounds. */
static void test_hit_order(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer first = make(engine, 100, 100, 50, 50, root);
    ac_layer second = make(engine, 100, 100, 50, 50, root);
    ac_layer outside = make(engine, 20, 20, 150, 150, root);
    AC_CHECK_EQ_INT(hit(engine, root, AC_GEOMETRY_MODEL, 10, 10), second);
    set_scalar(engine, first, "zPosition", 1);
    AC_CHECK_EQ_INT(hit(engine, root, AC_GEOMETRY_MODEL, 10, 10), first);
    set_value(engine, first, "hidden", ac_value_bool(1));
    AC_CHECK_EQ_INT(hit(engine, root, AC_GEOMETRY_MODEL, 10, 10), second);
    AC_CHECK_EQ_INT(hit(engine, root, AC_GEOMETRY_MODEL, 145, 145), outside);
    AC_CHECK_EQ_INT(hit(engine, root, AC_GEOMETRY_MODEL, 160, 150), 0); /* half-open */
    set_value(engine, root, "masksToBounds", ac_value_bool(1));
    AC_CHECK_EQ_INT(hit(engine, root, AC_GEOMETRY_MODEL, 145, 145), 0);
    const double inside[2] = {99.5, 0}, edge[2] = {100, 0};
    int32_t contains = -1;
    AC_CHECK_OK(ac_layer_contains_point(engine, root, AC_GEOMETRY_MODEL, inside, &contains));
    AC_CHECK_EQ_INT(contains, 1);
    AC_CHECK_OK(ac_layer_contains_point(engine, root, AC_GEOMETRY_MODEL, edge, &contains));
    AC_CHECK_EQ_INT(contains, 0);
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* 2.5: a layer animating position is hit at its presentation place, not its model place. */
static void test_moving_layer(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 400, 200, 200, 100, 0);
    ac_layer mover = make(engine, 100, 100, 50, 50, root);
    tick(engine, 0);
    ac_timing_function linear;
    AC_CHECK_OK(ac_timing_function_named("linear", &linear));
    AC_CHECK_OK(ac_transaction_begin(engine));
    AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
    AC_CHECK_OK(ac_transaction_set_timing_function(engine, &linear));
    set_value(engine, mover, "position", ac_value_point(250, 50));
    AC_CHECK_OK(ac_transaction_commit(engine));
    tick(engine, 0);
    tick(engine, 0.5);
    ac_value shown = presentation_value(engine, mover, "position");
    AC_CHECK_NEAR(shown.v[0], 150, 1e-9);
    AC_CHECK_EQ_INT(hit(engine, root, AC_GEOMETRY_PRESENTATION, 150, 50), mover);
    AC_CHECK_EQ_INT(hit(engine, root, AC_GEOMETRY_MODEL, 150, 50), root);
    AC_CHECK_EQ_INT(hit(engine, root, AC_GEOMETRY_MODEL, 250, 50), mover);
    AC_CHECK_EQ_INT(hit(engine, root, AC_GEOMETRY_PRESENTATION, 250, 50), root);
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* affineTransform / setAffineTransform, geometryFlipped and contentsAreFlipped. */
static void test_affine_and_flip(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 200, 100, 100, 50, 0);
    ac_layer child = make(engine, 20, 20, 50, 30, root);
    double affine[6];
    double scale3d[16] = {2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1};
    set_value(engine, child, "transform", ac_value_transform3d(scale3d));
    AC_CHECK_OK(ac_layer_affine_transform(engine, child, AC_GEOMETRY_MODEL, affine));
    AC_CHECK_EQ_DOUBLE(affine[0], 1); /* not affine: the identity */
    AC_CHECK_EQ_DOUBLE(affine[3], 1);
    const double set[6] = {2, 0, 0, 3, 5, 6};
    AC_CHECK_OK(ac_layer_set_affine_transform(engine, child, set));
    ac_value transform = model_value(engine, child, "transform");
    AC_CHECK_EQ_DOUBLE(transform.v[10], 1); /* m33 back to 1 */
    AC_CHECK_EQ_DOUBLE(transform.v[13], 6);
    AC_CHECK_OK(ac_layer_affine_transform(engine, child, AC_GEOMETRY_MODEL, affine));
    AC_CHECK_EQ_DOUBLE(affine[4], 5);
    AC_CHECK_EQ_DOUBLE(affine[3], 3);
    set_value(engine, child, "transform", ac_value_transform3d_identity());

    int32_t flipped = -1;
    AC_CHECK_OK(ac_layer_contents_are_flipped(engine, child, AC_GEOMETRY_MODEL, &flipped));
    AC_CHECK_EQ_INT(flipped, 0);
    set_value(engine, root, "geometryFlipped", ac_value_bool(1));
    AC_CHECK_OK(ac_layer_contents_are_flipped(engine, child, AC_GEOMETRY_MODEL, &flipped));
    AC_CHECK_EQ_INT(flipped, 1);
    expect_point(engine, child, root, 0, 0, 40, 80); /* y' = 2·by + h − y */
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Every argument refused with a status and its name. */
static void test_bad_input(void) {
    ac_engine *engine = new_engine();
    ac_engine *other = new_engine();
    ac_layer layer = make(engine, 10, 10, 5, 5, 0);
    ac_layer foreign = make(other, 10, 10, 5, 5, 0);
    const double point[2] = {1, 2}, nan_point[2] = {NAN, 0}, inf_rect[4] = {0, 0, INFINITY, 1};
    double out[16];
    int32_t flag = 0;
    ac_layer hit_layer = 0;
    EXPECT_ERROR(ac_layer_convert_point(engine, layer, 0, 0, nan_point, out, &flag), AC_ERR_NOT_FINITE, "point");
    EXPECT_ERROR(ac_layer_convert_point(engine, layer, 0, 0, NULL, out, &flag), AC_ERR_NULL_POINTER, "point");
    EXPECT_ERROR(ac_layer_convert_point(engine, layer, 0, 0, point, NULL, &flag), AC_ERR_NULL_POINTER, "out_point");
    EXPECT_ERROR(ac_layer_convert_point(engine, layer, 0, 0, point, out, NULL), AC_ERR_NULL_POINTER, "out_mapped");
    EXPECT_ERROR(ac_layer_convert_point(engine, layer, foreign, 0, point, out, &flag), AC_ERR_BAD_HANDLE, "to_layer");
    EXPECT_ERROR(ac_layer_convert_point(engine, foreign, layer, 0, point, out, &flag), AC_ERR_BAD_HANDLE, "from_layer");
    EXPECT_ERROR(ac_layer_convert_point(engine, layer, 0, 2, point, out, &flag), AC_ERR_OUT_OF_RANGE, "presentation");
    EXPECT_ERROR(ac_layer_convert_point(NULL, layer, 0, 0, point, out, &flag), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_layer_convert_rect(engine, layer, 0, 0, inf_rect, out, &flag), AC_ERR_NOT_FINITE, "rect");
    EXPECT_ERROR(ac_layer_convert_rect(engine, layer, 0, 0, NULL, out, &flag), AC_ERR_NULL_POINTER, "rect");
    EXPECT_ERROR(ac_layer_hit_test(engine, 0, 0, point, &hit_layer), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_hit_test(engine, foreign, 0, point, &hit_layer), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_hit_test(engine, layer, 0, nan_point, &hit_layer), AC_ERR_NOT_FINITE, "point");
    EXPECT_ERROR(ac_layer_hit_test(engine, layer, 0, point, NULL), AC_ERR_NULL_POINTER, "out_hit");
    EXPECT_ERROR(ac_layer_contains_point(engine, layer, 0, point, NULL), AC_ERR_NULL_POINTER, "out_contains");
    EXPECT_ERROR(ac_layer_matrix_to_superlayer(engine, layer, 0, NULL), AC_ERR_NULL_POINTER, "out_matrix");
    EXPECT_ERROR(ac_layer_matrix_to_layer(engine, layer, foreign, 0, out), AC_ERR_BAD_HANDLE, "to_layer");
    EXPECT_ERROR(ac_layer_affine_transform(engine, layer, -1, out), AC_ERR_OUT_OF_RANGE, "presentation");
    EXPECT_ERROR(ac_layer_contents_are_flipped(engine, layer, 0, NULL), AC_ERR_NULL_POINTER, "out_flipped");
    const double bad_affine[6] = {1, 0, 0, 1, NAN, 0};
    EXPECT_ERROR(ac_layer_set_affine_transform(engine, layer, bad_affine), AC_ERR_NOT_FINITE, "affine.tx");
    EXPECT_ERROR(ac_layer_set_affine_transform(engine, layer, NULL), AC_ERR_NULL_POINTER, "affine");

    /* A singular destination plane. */
    ac_layer flat = make(engine, 10, 10, 5, 5, layer);
    double zero_x[16] = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    set_value(engine, flat, "transform", ac_value_transform3d(zero_x));
    EXPECT_ERROR(ac_layer_matrix_to_layer(engine, layer, flat, 0, out), AC_ERR_NOT_INVERTIBLE, "to_layer");
    AC_CHECK_OK(ac_layer_convert_point(engine, layer, flat, 0, point, out, &flag));
    AC_CHECK_EQ_INT(flag, 0);

    AC_CHECK_OK(ac_layer_release(engine, layer));
    AC_CHECK_OK(ac_layer_release(other, foreign));
    AC_CHECK_OK(ac_engine_destroy(other));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* A layer scaled far from 1 on every axis (its plane's determinant beyond the doubles): a
   point of its superlayer converts into it; scaled up, it is hit, and turned away it is hit
   only while double-sided. */
static void test_extreme_scale(void) {
    const double factors[2] = {1e170, 1e-170};
    for (int k = 0; k < 2; k++) {
        const double f = factors[k];
        ac_engine *engine = new_engine();
        ac_layer parent = make(engine, 200, 200, 100, 100, 0);
        ac_layer child = make(engine, 10, 10, 0, 0, parent);
        double scale[16] = {f, 0, 0, 0, 0, f, 0, 0, 0, 0, f, 0, 0, 0, 0, 1};
        set_value(engine, child, "transform", ac_value_transform3d(scale));
        /* The child's (7, 2) is (2, -3) x f from its anchor (5, 5), at its position (0, 0). */
        const double point[2] = {2 * f, -3 * f};
        double out[2] = {0, 0};
        int32_t mapped = -1;
        AC_CHECK_OK(ac_layer_convert_point(engine, parent, child, AC_GEOMETRY_MODEL, point, out, &mapped));
        AC_CHECK_EQ_INT(mapped, 1);
        AC_CHECK_NEAR(out[0], 7, 1e-12);
        AC_CHECK_NEAR(out[1], 2, 1e-12);
        if (f > 1) {
            /* It covers its parent: (150, 150) of the root space is on it. */
            AC_CHECK_EQ_INT(hit(engine, parent, AC_GEOMETRY_MODEL, 150, 150), child);
            double turned[16] = {-f, 0, 0, 0, 0, f, 0, 0, 0, 0, -f, 0, 0, 0, 0, 1}; /* pi about y */
            set_value(engine, child, "transform", ac_value_transform3d(turned));
            AC_CHECK_EQ_INT(hit(engine, parent, AC_GEOMETRY_MODEL, 150, 150), child);
            set_value(engine, child, "doubleSided", ac_value_bool(0));
            AC_CHECK_EQ_INT(hit(engine, parent, AC_GEOMETRY_MODEL, 150, 150), parent);
        }
        AC_CHECK_OK(ac_layer_release(engine, parent));
        AC_CHECK_OK(ac_engine_destroy(engine));
    }
}

/* 0 is the root space on either side; matrices agree with the conversions; separate trees
   meet in their roots' shared space. */
static void test_root_space(void) {
    ac_engine *engine = new_engine();
    ac_layer parent = make(engine, 200, 200, 100, 100, 0);
    ac_layer child = make(engine, 50, 50, 100, 50, parent);
    ac_layer other = make(engine, 10, 10, 505, 5, 0);
    expect_point(engine, 0, child, 75, 25, 0, 0);
    expect_point(engine, child, other, 0, 0, -425, 25); /* (75, 25) in the root space */
    expect_point(engine, other, 0, 0, 0, 500, 0);
    double matrix[16];
    AC_CHECK_OK(ac_layer_matrix_to_layer(engine, child, 0, AC_GEOMETRY_MODEL, matrix));
    AC_CHECK_NEAR(matrix[12], 75, 1e-12);
    AC_CHECK_NEAR(matrix[13], 25, 1e-12);
    AC_CHECK_OK(ac_layer_matrix_to_layer(engine, 0, child, AC_GEOMETRY_MODEL, matrix));
    AC_CHECK_NEAR(matrix[12], -75, 1e-12);
    AC_CHECK_NEAR(matrix[13], -25, 1e-12);
    AC_CHECK_OK(ac_layer_matrix_to_layer(engine, 0, 0, AC_GEOMETRY_MODEL, matrix));
    for (int i = 0; i < 16; ++i) AC_CHECK_EQ_DOUBLE(matrix[i], i % 5 == 0 ? 1 : 0);
    /* A root is hit in the space its position is in. */
    AC_CHECK_EQ_INT(hit(engine, other, AC_GEOMETRY_MODEL, 501, 1), other);
    AC_CHECK_EQ_INT(hit(engine, other, AC_GEOMETRY_MODEL, 1, 1), 0);
    /* Before any tick the presentation is the model. */
    AC_CHECK_EQ_INT(hit(engine, parent, AC_GEOMETRY_PRESENTATION, 80, 30), child);
    AC_CHECK_OK(ac_layer_release(engine, parent));
    AC_CHECK_OK(ac_layer_release(engine, other));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_root_space();
    test_conversion();
    test_frame();
    test_perspective();
    test_hit_order();
    test_moving_layer();
    test_affine_and_flip();
    test_bad_input();
    test_extreme_scale();
    return ac_test_finish();
}
