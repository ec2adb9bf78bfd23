/*
 * The render list (include/animcore.h, "Render list"; reference core-animation-geometry.md
 * §1.5-1.7, §3.1): draw order with zPosition and the parent / subtree_end indices, hidden and
 * back-facing layers culled with their subtrees, layers placed nowhere (geometry overflowing
 * doubles) left out, each entry's matrix against
 * ac_layer_matrix_to_layer(), opacity groups against alpha, masks (ac_layer_set_mask), the
 * change flags and the dirty rectangle (against fills before the last too; each entry against a
 * new list's), presentation
 * against model values, the five built-ins the renderer reads (defaults and ranges), the
 * contents-flipped flag against each entry's matrix under geometryFlipped layers, fills
 * copied out (ac_render_list_fill_into, ac_render_list_copy), and every argument refused with
 * its name.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ac_engine_test.h"

#define TOL 1e-9

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

static ac_render_list new_list(ac_engine *engine) {
    ac_render_list list = 0;
    AC_CHECK_OK(ac_render_list_create(engine, &list));
    AC_CHECK(list != 0);
    return list;
}

/* One fill: the entries and their count; the dirty rectangle and flag when asked for. */
typedef struct fill_result {
    const ac_render_entry *entries;
    size_t count;
    double dirty[4];
    int32_t is_dirty;
} fill_result;

static fill_result fill(ac_engine *engine, ac_render_list list, ac_layer root, int32_t presentation) {
    fill_result r;
    r.entries = NULL;
    r.count = 9999;
    r.dirty[0] = r.dirty[1] = r.dirty[2] = r.dirty[3] = 99; /* must be overwritten */
    r.is_dirty = -1;
    AC_CHECK_OK(ac_render_list_fill(engine, list, root, presentation, &r.entries, &r.count, r.dirty, &r.is_dirty));
    if (r.entries == NULL) r.count = 0;
    return r;
}

/* Where (x, y) of the plane z = 0 lands through a row-vector matrix, divided by w. */
static void map_point(const double m[16], double x, double y, double out[2]) {
    double w = x * m[3] + y * m[7] + m[15];
    out[0] = (x * m[0] + y * m[4] + m[12]) / w;
    out[1] = (x * m[1] + y * m[5] + m[13]) / w;
}

static void expect_rect(const double rect[4], double x, double y, double w, double h) {
    int ok = AC_CHECK_NEAR(rect[0], x, TOL);
    ok = AC_CHECK_NEAR(rect[1], y, TOL) && ok;
    ok = AC_CHECK_NEAR(rect[2], w, TOL) && ok;
    ok = AC_CHECK_NEAR(rect[3], h, TOL) && ok;
    if (!ok) printf("    rect (%g, %g, %g, %g), expected (%g, %g, %g, %g)\n", rect[0], rect[1], rect[2], rect[3], x, y, w, h);
}

static int has(const ac_render_entry *entry, uint32_t flag) { return (entry->flags & flag) != 0; }

/* The index of layer's entry, -1 when it is not in the list. */
static int index_of(fill_result r, ac_layer layer) {
    for (size_t i = 0; i < r.count; ++i)
        if (r.entries[i].layer == layer) return (int)i;
    return -1;
}

/* A layer, then its sublayers back to front by zPosition (ties in add order), each with its
   subtree; parent and subtree_end indices. */
static void test_draw_order(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer a = make(engine, 10, 10, 10, 10, root);
    ac_layer b = make(engine, 10, 10, 20, 20, root);
    ac_layer c = make(engine, 10, 10, 30, 30, root);
    ac_layer a1 = make(engine, 5, 5, 1, 1, a);
    set_scalar(engine, b, "zPosition", -1);
    ac_render_list list = new_list(engine);
    fill_result r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 5)) {
        const ac_layer order[5] = {root, b, a, a1, c};
        const int parents[5] = {-1, 0, 0, 2, 0}, ends[5] = {5, 2, 4, 4, 5};
        for (int i = 0; i < 5; ++i) {
            AC_CHECK_EQ_INT(r.entries[i].layer, order[i]);
            AC_CHECK_EQ_INT(r.entries[i].parent, parents[i]);
            AC_CHECK_EQ_INT(r.entries[i].subtree_end, ends[i]);
            AC_CHECK_EQ_INT(r.entries[i].mask, -1);
            AC_CHECK_EQ_INT(r.entries[i].layer_class, 0);
            AC_CHECK(!has(&r.entries[i], AC_RENDER_IS_MASK));
        }
    }
    /* A tie in zPosition keeps the order added; a higher zPosition goes in front. */
    set_scalar(engine, a, "zPosition", 2);
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 5)) {
        const ac_layer order[5] = {root, b, c, a, a1};
        for (int i = 0; i < 5; ++i) AC_CHECK_EQ_INT(r.entries[i].layer, order[i]);
        AC_CHECK_EQ_INT(r.entries[3].subtree_end, 5);
        AC_CHECK_EQ_INT(r.entries[4].parent, 3);
    }
    /* Hit testing searches the same order backwards: a is in front. */
    set_value(engine, a, "position", ac_value_point(30, 30));
    const double point[2] = {30, 30};
    ac_layer hit = 0;
    AC_CHECK_OK(ac_layer_hit_test(engine, root, AC_GEOMETRY_MODEL, point, &hit));
    AC_CHECK_EQ_INT(hit, a);
    /* A subtree: the list of a sublayer starts at it (parent -1). */
    r = fill(engine, list, a, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 2)) {
        AC_CHECK_EQ_INT(r.entries[0].layer, a);
        AC_CHECK_EQ_INT(r.entries[0].parent, -1);
        AC_CHECK_EQ_INT(r.entries[1].parent, 0);
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Hidden layers, and layers facing away with doubleSided 0, go with their subtrees. */
static void test_culling(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer hidden = make(engine, 10, 10, 10, 10, root);
    ac_layer hidden_child = make(engine, 5, 5, 1, 1, hidden);
    ac_layer turned = make(engine, 10, 10, 50, 50, root);
    ac_layer turned_child = make(engine, 5, 5, 1, 1, turned);
    set_value(engine, hidden, "hidden", ac_value_bool(1));
    const double c = cos(PI * 0.75), s = sin(PI * 0.75);
    double back[16] = {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1};
    set_value(engine, turned, "transform", ac_value_transform3d(back));
    ac_render_list list = new_list(engine);
    fill_result r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 3); /* root, turned (double-sided by default) and its sublayer */
    AC_CHECK_EQ_INT(index_of(r, hidden), -1);
    AC_CHECK_EQ_INT(index_of(r, hidden_child), -1);
    AC_CHECK_EQ_INT(index_of(r, turned_child), 2);
    set_value(engine, turned, "doubleSided", ac_value_bool(0));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 1);
    AC_CHECK_EQ_INT(index_of(r, turned), -1);
    AC_CHECK_EQ_INT(index_of(r, turned_child), -1);
    /* Turned less than a quarter, it faces the viewer. */
    const double c2 = cos(PI * 0.25), s2 = sin(PI * 0.25);
    double front[16] = {c2, 0, -s2, 0, 0, 1, 0, 0, s2, 0, c2, 0, 0, 0, 0, 1};
    set_value(engine, turned, "transform", ac_value_transform3d(front));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 3);
    /* Shown again, the hidden subtree comes back; a hidden root leaves an empty list. */
    set_value(engine, hidden, "hidden", ac_value_bool(0));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 5);
    set_value(engine, root, "hidden", ac_value_bool(1));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 0);
    AC_CHECK_EQ_INT(r.is_dirty, 1); /* everything drawn before is gone */
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Geometry whose products leave the range of doubles, each value finite (an anchorPoint of 1e10
   over bounds of 1e308; scales of 1e200 under 1e200; a mask so anchored): the layer is placed
   nowhere, left out with its subtree (a layer masked so, too), not hit, its matrix refused. */
static void test_placed_nowhere(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer overflowing = make(engine, 1e308, 10, 10, 10, root);
    make(engine, 5, 5, 1, 1, overflowing);
    ac_layer scaled = make(engine, 10, 10, 50, 50, root);
    ac_layer scaled_child = make(engine, 10, 10, 5, 5, scaled);
    ac_layer masked = make(engine, 10, 10, 80, 80, root);
    ac_layer mask = make(engine, 10, 10, 5, 5, 0);
    AC_CHECK_OK(ac_layer_set_mask(engine, masked, mask));
    ac_render_list list = new_list(engine);
    AC_CHECK_EQ_INT(fill(engine, list, root, AC_GEOMETRY_MODEL).count, 7);
    set_value(engine, overflowing, "anchorPoint", ac_value_point(1e10, 0.5));
    double huge[16] = {1e200, 0, 0, 0, 0, 1e200, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    set_value(engine, scaled, "transform", ac_value_transform3d(huge));
    set_value(engine, scaled_child, "transform", ac_value_transform3d(huge));
    set_value(engine, mask, "anchorPoint", ac_value_point(-1e10, 0.5));
    set_value(engine, mask, "bounds", ac_value_rect(0, 0, 1e308, 10));
    fill_result r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 2);
    AC_CHECK_EQ_INT(index_of(r, root), 0);
    AC_CHECK_EQ_INT(index_of(r, scaled), 1);
    for (size_t i = 0; i < r.count; i++)
        for (int k = 0; k < 16; k++) AC_CHECK(isfinite(r.entries[i].matrix[k]));
    double matrix[16];
    AC_CHECK_STATUS(ac_layer_matrix_to_superlayer(engine, overflowing, AC_GEOMETRY_MODEL, matrix), AC_ERR_OUT_OF_RANGE);
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "layer");
    AC_CHECK_STATUS(ac_layer_matrix_to_layer(engine, scaled_child, 0, AC_GEOMETRY_MODEL, matrix), AC_ERR_OUT_OF_RANGE);
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "from_layer");
    /* (scaled, 1e200 wide, covers the plane: both back to their size for the hit test.) */
    double identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    set_value(engine, scaled, "transform", ac_value_transform3d(identity));
    set_value(engine, scaled_child, "transform", ac_value_transform3d(identity));
    ac_layer hit = 0;
    AC_CHECK_OK(ac_layer_hit_test(engine, root, AC_GEOMETRY_MODEL, (double[]){10, 10}, &hit));
    AC_CHECK_EQ_INT(hit, root);
    double point[2];
    int32_t mapped = -1;
    AC_CHECK_OK(ac_layer_convert_point(engine, overflowing, root, AC_GEOMETRY_MODEL, (double[]){0, 0}, point, &mapped));
    AC_CHECK_EQ_INT(mapped, 0);
    /* Back in range, drawn again. */
    set_value(engine, overflowing, "anchorPoint", ac_value_point(0.5, 0.5));
    AC_CHECK_EQ_INT(fill(engine, list, root, AC_GEOMETRY_MODEL).count, 5);
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Each entry's matrix maps points as ac_layer_matrix_to_layer(layer, 0) does: the door in
   perspective, with a knob on it. */
static void test_matrices(void) {
    ac_engine *engine = new_engine();
    ac_layer container = make(engine, 300, 300, 150, 150, 0);
    double perspective[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1.0 / 500, 0, 0, 0, 1};
    set_value(engine, container, "sublayerTransform", ac_value_transform3d(perspective));
    ac_layer door = make(engine, 100, 200, 100, 150, container);
    set_value(engine, door, "anchorPoint", ac_value_point(0, 0.5));
    const double c = cos(-PI / 3), s = sin(-PI / 3);
    double turn[16] = {c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1};
    set_value(engine, door, "transform", ac_value_transform3d(turn));
    ac_layer knob = make(engine, 10, 10, 90, 100, door);
    ac_render_list list = new_list(engine);
    fill_result r = fill(engine, list, container, AC_GEOMETRY_MODEL);
    const ac_layer layers[3] = {container, door, knob};
    const double points[3][2] = {{0, 0}, {10, 10}, {100, 200}};
    if (AC_CHECK_EQ_INT(r.count, 3)) {
        for (int i = 0; i < 3; ++i) {
            double expected[16];
            AC_CHECK_EQ_INT(r.entries[i].layer, layers[i]);
            AC_CHECK_OK(ac_layer_matrix_to_layer(engine, layers[i], 0, AC_GEOMETRY_MODEL, expected));
            for (int p = 0; p < 3; ++p) {
                double via_entry[2], via_matrix[2], via_conversion[2];
                int32_t mapped = 0;
                map_point(r.entries[i].matrix, points[p][0], points[p][1], via_entry);
                map_point(expected, points[p][0], points[p][1], via_matrix);
                AC_CHECK_OK(ac_layer_convert_point(engine, layers[i], 0, AC_GEOMETRY_MODEL, points[p], via_conversion, &mapped));
                AC_CHECK_EQ_INT(mapped, 1);
                AC_CHECK_NEAR(via_entry[0], via_matrix[0], TOL);
                AC_CHECK_NEAR(via_entry[1], via_matrix[1], TOL);
                AC_CHECK_NEAR(via_entry[0], via_conversion[0], TOL);
                AC_CHECK_NEAR(via_entry[1], via_conversion[1], TOL);
            }
            AC_CHECK_NEAR(r.entries[i].matrix[3], expected[3], 1e-12);   /* m14: perspective kept */
            AC_CHECK_NEAR(r.entries[i].matrix[15], expected[15], 1e-12); /* m44 */
            expect_rect(r.entries[i].bounds, 0, 0, i == 0 ? 300 : i == 1 ? 100 : 10, i == 0 ? 300 : i == 1 ? 200 : 10);
        }
        AC_CHECK(r.entries[1].matrix[3] != 0); /* the door is seen in perspective */
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, container));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* allowsGroupOpacity (default 1) opens a group blended at the opacity; with 0 the opacity
   multiplies into the subtree's alpha. */
static void test_opacity(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer child = make(engine, 10, 10, 10, 10, root);
    ac_layer grandchild = make(engine, 5, 5, 1, 1, child);
    ac_render_list list = new_list(engine);
    fill_result r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(index_of(r, grandchild), 2);
    if (AC_CHECK_EQ_INT(r.count, 3)) /* opacity 1: no group */
        for (int i = 0; i < 3; ++i) {
            AC_CHECK(!has(&r.entries[i], AC_RENDER_OPACITY_GROUP));
            AC_CHECK_EQ_DOUBLE(r.entries[i].alpha, 1);
            AC_CHECK_EQ_DOUBLE(r.entries[i].opacity, 1);
        }
    set_scalar(engine, root, "opacity", 0.5);
    set_scalar(engine, child, "opacity", 0.8);
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 3)) {
        AC_CHECK(has(&r.entries[0], AC_RENDER_OPACITY_GROUP));
        AC_CHECK_EQ_DOUBLE(r.entries[0].alpha, 1);
        AC_CHECK_EQ_DOUBLE(r.entries[0].opacity, 0.5);
        AC_CHECK(has(&r.entries[1], AC_RENDER_OPACITY_GROUP));
        AC_CHECK_EQ_DOUBLE(r.entries[1].alpha, 1);
        AC_CHECK_EQ_DOUBLE(r.entries[1].opacity, 0.8);
        AC_CHECK(!has(&r.entries[2], AC_RENDER_OPACITY_GROUP));
        AC_CHECK_EQ_DOUBLE(r.entries[2].alpha, 1); /* inside the child's group */
    }
    set_value(engine, root, "allowsGroupOpacity", ac_value_bool(0));
    set_value(engine, child, "allowsGroupOpacity", ac_value_bool(0));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 3)) {
        AC_CHECK(!has(&r.entries[0], AC_RENDER_OPACITY_GROUP));
        AC_CHECK_NEAR(r.entries[0].alpha, 0.5, 1e-15);
        AC_CHECK(!has(&r.entries[1], AC_RENDER_OPACITY_GROUP));
        AC_CHECK_NEAR(r.entries[1].alpha, 0.5 * 0.8, 1e-15);
        AC_CHECK_NEAR(r.entries[2].alpha, 0.5 * 0.8, 1e-15);
        AC_CHECK_EQ_DOUBLE(r.entries[1].opacity, 0.8);
    }
    /* Mixed: a group at the root, the child's opacity multiplied inside it. */
    set_value(engine, root, "allowsGroupOpacity", ac_value_bool(1));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 3)) {
        AC_CHECK(has(&r.entries[0], AC_RENDER_OPACITY_GROUP));
        AC_CHECK_EQ_DOUBLE(r.entries[0].alpha, 1);
        AC_CHECK_NEAR(r.entries[1].alpha, 0.8, 1e-15);
        AC_CHECK_NEAR(r.entries[2].alpha, 0.8, 1e-15);
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static size_t sublayer_count(ac_engine *engine, ac_layer layer) {
    size_t count = 999;
    ac_status status = ac_layer_sublayers(engine, layer, NULL, 0, &count); /* asks for the count */
    AC_CHECK(status == AC_OK || status == AC_ERR_BUFFER_TOO_SMALL);
    return count;
}

static ac_layer superlayer_of(ac_engine *engine, ac_layer layer) {
    ac_layer out = 12345;
    AC_CHECK_OK(ac_layer_superlayer(engine, layer, &out));
    return out;
}

static ac_layer mask_of(ac_engine *engine, ac_layer layer) {
    ac_layer out = 12345;
    AC_CHECK_OK(ac_layer_mask(engine, layer, &out));
    return out;
}

/* A mask: drawn after the subtree, in the layer's own space (without its sublayerTransform),
   flagged AC_RENDER_IS_MASK; not a sublayer, never hit; moved from its tree; no cycles. */
static void test_mask(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer child = make(engine, 10, 10, 10, 10, root);
    ac_layer mask = make(engine, 40, 40, 20, 20, child);
    ac_layer mask_child = make(engine, 4, 4, 2, 2, mask);
    double scale[16] = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    set_value(engine, root, "sublayerTransform", ac_value_transform3d(scale));
    AC_CHECK_OK(ac_layer_retain(engine, mask)); /* kept across the changes below */
    AC_CHECK_EQ_INT(mask_of(engine, root), 0);
    AC_CHECK_OK(ac_layer_set_mask(engine, root, mask));
    AC_CHECK_EQ_INT(mask_of(engine, root), mask);
    AC_CHECK_EQ_INT(superlayer_of(engine, mask), root);
    AC_CHECK_EQ_INT(sublayer_count(engine, child), 0); /* moved from its tree */
    AC_CHECK_EQ_INT(sublayer_count(engine, root), 1);  /* not among the sublayers */
    ac_layer sublayers[4] = {0};
    size_t count = 0;
    AC_CHECK_OK(ac_layer_sublayers(engine, root, sublayers, 4, &count));
    AC_CHECK_EQ_INT(sublayers[0], child);

    ac_render_list list = new_list(engine);
    fill_result r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 4)) {
        const ac_layer order[4] = {root, child, mask, mask_child};
        for (int i = 0; i < 4; ++i) AC_CHECK_EQ_INT(r.entries[i].layer, order[i]);
        AC_CHECK_EQ_INT(r.entries[0].mask, 2);
        AC_CHECK_EQ_INT(r.entries[0].subtree_end, 4);
        AC_CHECK_EQ_INT(r.entries[1].mask, -1);
        AC_CHECK(!has(&r.entries[1], AC_RENDER_IS_MASK));
        AC_CHECK(has(&r.entries[2], AC_RENDER_IS_MASK));
        AC_CHECK_EQ_INT(r.entries[2].parent, 0);
        AC_CHECK_EQ_INT(r.entries[2].subtree_end, 4);
        AC_CHECK_EQ_DOUBLE(r.entries[2].alpha, 1); /* a mask starts at 1 */
        AC_CHECK(!has(&r.entries[3], AC_RENDER_IS_MASK));
        AC_CHECK_EQ_INT(r.entries[3].parent, 2);
        /* The sublayerTransform scales the sublayer, not the mask: its (0, 0) is the root's. */
        double at[2];
        map_point(r.entries[2].matrix, 0, 0, at);
        AC_CHECK_NEAR(at[0], 0, TOL);
        AC_CHECK_NEAR(at[1], 0, TOL);
        double expected[16], via_matrix[2];
        AC_CHECK_OK(ac_layer_matrix_to_layer(engine, mask, 0, AC_GEOMETRY_MODEL, expected));
        map_point(expected, 40, 40, via_matrix);
        map_point(r.entries[2].matrix, 40, 40, at);
        AC_CHECK_NEAR(at[0], via_matrix[0], TOL);
        AC_CHECK_NEAR(at[1], via_matrix[1], TOL);
        map_point(r.entries[1].matrix, 0, 0, at); /* the child, scaled about the root's centre */
        AC_CHECK_NEAR(at[0], -40, TOL);
        AC_CHECK_NEAR(at[1], -40, TOL);
    }
    /* Never hit: a point inside the mask (and outside the child) hits the root. */
    const double point[2] = {5, 5};
    ac_layer hit = 0;
    AC_CHECK_OK(ac_layer_hit_test(engine, root, AC_GEOMETRY_MODEL, point, &hit));
    AC_CHECK_EQ_INT(hit, root);

    /* Cycles: a layer cannot mask itself or a superlayer of it. */
    EXPECT_ERROR(ac_layer_set_mask(engine, mask, root), AC_ERR_CYCLE, "mask");
    EXPECT_ERROR(ac_layer_set_mask(engine, child, child), AC_ERR_CYCLE, "mask");
    EXPECT_ERROR(ac_layer_set_mask(engine, mask_child, mask), AC_ERR_CYCLE, "mask");
    AC_CHECK_EQ_INT(mask_of(engine, root), mask); /* unchanged by the refusals */

    /* Added as a sublayer elsewhere, it stops being the mask. */
    AC_CHECK_OK(ac_layer_add_sublayer(engine, child, mask));
    AC_CHECK_EQ_INT(mask_of(engine, root), 0);
    AC_CHECK_EQ_INT(superlayer_of(engine, mask), child);
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 4);
    if (r.count == 4) {
        AC_CHECK_EQ_INT(r.entries[0].mask, -1);
        AC_CHECK(!has(&r.entries[2], AC_RENDER_IS_MASK));
        AC_CHECK_EQ_INT(r.entries[2].parent, 1);
    }
    /* Another layer's mask moves: set on child, then on root, child has none. */
    AC_CHECK_OK(ac_layer_set_mask(engine, child, mask));
    AC_CHECK_EQ_INT(sublayer_count(engine, child), 0);
    AC_CHECK_EQ_INT(mask_of(engine, child), mask);
    AC_CHECK_OK(ac_layer_set_mask(engine, root, mask));
    AC_CHECK_EQ_INT(mask_of(engine, child), 0);
    AC_CHECK_EQ_INT(mask_of(engine, root), mask);
    /* A hidden mask composites nothing: the layer it masks is left out with its subtree. */
    set_value(engine, mask, "hidden", ac_value_bool(1));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 0);
    set_value(engine, mask, "hidden", ac_value_bool(0));
    /* Letting it go: no superlayer, no mask. */
    AC_CHECK_OK(ac_layer_set_mask(engine, root, 0));
    AC_CHECK_EQ_INT(mask_of(engine, root), 0);
    AC_CHECK_EQ_INT(superlayer_of(engine, mask), 0);
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 2);

    /* Bad input, each argument named. */
    ac_engine *other = new_engine();
    ac_layer foreign = make(other, 10, 10, 5, 5, 0);
    ac_layer out = 0;
    EXPECT_ERROR(ac_layer_set_mask(engine, 0, mask), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_set_mask(engine, root, foreign), AC_ERR_BAD_HANDLE, "mask");
    EXPECT_ERROR(ac_layer_set_mask(engine, foreign, mask), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_set_mask(engine, root, 0x123456789abcULL), AC_ERR_BAD_HANDLE, "mask");
    EXPECT_ERROR(ac_layer_set_mask(NULL, root, mask), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_layer_mask(engine, root, NULL), AC_ERR_NULL_POINTER, "out_mask");
    EXPECT_ERROR(ac_layer_mask(engine, foreign, &out), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_mask(engine, 0, &out), AC_ERR_BAD_HANDLE, "layer");
    AC_CHECK_OK(ac_layer_release(other, foreign));
    AC_CHECK_OK(ac_engine_destroy(other));

    /* The layer holds its mask: released by us, the mask lives while it is set. */
    AC_CHECK_OK(ac_layer_set_mask(engine, root, mask));
    AC_CHECK_OK(ac_layer_release(engine, mask));
    AC_CHECK_EQ_INT(mask_of(engine, root), mask);
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 4);
    AC_CHECK_OK(ac_layer_set_mask(engine, root, 0)); /* let go: the mask is destroyed */
    EXPECT_ERROR(ac_layer_mask(engine, mask, &out), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_set_mask(engine, root, mask), AC_ERR_BAD_HANDLE, "mask");
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static int changed_count(fill_result r) {
    int n = 0;
    for (size_t i = 0; i < r.count; ++i) n += has(&r.entries[i], AC_RENDER_CHANGED);
    return n;
}

/* The first fill changes everything; a still tree nothing (dirty 0, the rect all 0); a moved
   layer flags itself and its subtree, the dirty rect the union of its old and new extents; a
   removed layer's old extent is dirty. */
static void test_changes(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer a = make(engine, 10, 10, 10, 10, root);
    ac_layer a1 = make(engine, 4, 4, 2, 2, a);
    ac_layer b = make(engine, 10, 10, 80, 80, root);
    ac_render_list list = new_list(engine);
    fill_result r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 4);
    AC_CHECK_EQ_INT(changed_count(r), 4);
    AC_CHECK_EQ_INT(r.is_dirty, 1);
    expect_rect(r.dirty, 0, 0, 100, 100);

    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(changed_count(r), 0);
    AC_CHECK_EQ_INT(r.is_dirty, 0);
    expect_rect(r.dirty, 0, 0, 0, 0);

    set_value(engine, a, "position", ac_value_point(30, 10));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 4)) {
        AC_CHECK(!has(&r.entries[index_of(r, root)], AC_RENDER_CHANGED));
        AC_CHECK(has(&r.entries[index_of(r, a)], AC_RENDER_CHANGED));
        AC_CHECK(has(&r.entries[index_of(r, a1)], AC_RENDER_CHANGED));
        AC_CHECK(!has(&r.entries[index_of(r, b)], AC_RENDER_CHANGED));
    }
    AC_CHECK_EQ_INT(r.is_dirty, 1);
    expect_rect(r.dirty, 5, 5, 30, 10);

    /* A visual value alone: the entry changes, its extent is dirty. */
    set_value(engine, b, "backgroundColor", ac_value_color(1, 0, 0, 1));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(changed_count(r), 1);
    expect_rect(r.dirty, 75, 75, 10, 10);

    AC_CHECK_OK(ac_layer_retain(engine, b));
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, b));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 3);
    AC_CHECK_EQ_INT(index_of(r, b), -1);
    AC_CHECK_EQ_INT(r.is_dirty, 1);
    expect_rect(r.dirty, 75, 75, 10, 10);

    /* out_dirty_rect and out_dirty may be NULL. */
    const ac_render_entry *entries = NULL;
    size_t count = 0;
    AC_CHECK_OK(ac_render_list_fill(engine, list, root, AC_GEOMETRY_MODEL, &entries, &count, NULL, NULL));
    AC_CHECK_EQ_INT(count, 3);
    AC_CHECK(entries != NULL);

    /* A fill from another root counts every entry as changed. */
    r = fill(engine, list, a, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 2);
    AC_CHECK_EQ_INT(changed_count(r), 2);
    AC_CHECK_EQ_INT(r.is_dirty, 1);

    /* Two lists are independent: a new one sees everything as changed. */
    ac_render_list second = new_list(engine);
    r = fill(engine, second, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(changed_count(r), 3);
    AC_CHECK_OK(ac_render_list_destroy(engine, second));

    AC_CHECK_OK(ac_layer_release(engine, b));
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Change flags against fills before the last (each layer's entries are found through its
   previous fill's, by slot): a layer left out for a fill and drawn again is new, as is the layer
   after it, whose predecessor differs; a layer destroyed and a new one in its slot, with the same
   values, is new; a replicator's instances of one layer are matched in
   order (one fewer leaves the others as they were, its old extent dirty; the one back is new);
   after a fill from another root, every entry is new again. */
static void test_changes_across_fills(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer a = make(engine, 10, 10, 10, 10, root);
    ac_layer b = make(engine, 10, 10, 30, 10, root);
    ac_render_list list = new_list(engine);
    fill_result r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    set_value(engine, a, "hidden", ac_value_bool(1));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 2)) AC_CHECK(has(&r.entries[index_of(r, b)], AC_RENDER_CHANGED));
    AC_CHECK_EQ_INT(changed_count(r), 1);
    expect_rect(r.dirty, 5, 5, 30, 10);
    set_value(engine, a, "hidden", ac_value_bool(0));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 3)) {
        AC_CHECK(has(&r.entries[index_of(r, a)], AC_RENDER_CHANGED));
        AC_CHECK(has(&r.entries[index_of(r, b)], AC_RENDER_CHANGED));
    }
    AC_CHECK_EQ_INT(changed_count(r), 2);
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(changed_count(r), 0);
    AC_CHECK_EQ_INT(r.is_dirty, 0);
    AC_CHECK_OK(ac_layer_remove_from_superlayer(engine, b)); /* the tree held it: destroyed */
    ac_layer c = make(engine, 10, 10, 30, 10, root);
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 3)) {
        AC_CHECK(r.entries[2].layer == c);
        AC_CHECK(has(&r.entries[2], AC_RENDER_CHANGED));
    }
    AC_CHECK_EQ_INT(changed_count(r), 1);

    ac_layer replicator = new_layer(engine, AC_CLASS_REPLICATOR_LAYER);
    set_value(engine, replicator, "bounds", ac_value_rect(0, 0, 40, 40));
    set_value(engine, replicator, "position", ac_value_point(70, 70));
    AC_CHECK_OK(ac_layer_add_sublayer(engine, root, replicator));
    AC_CHECK_OK(ac_layer_release(engine, replicator));
    (void)make(engine, 4, 4, 5, 5, replicator);
    double step[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1};
    set_value(engine, replicator, "instanceTransform", ac_value_transform3d(step));
    set_value(engine, replicator, "instanceCount", ac_value_integer(3));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 7);
    set_value(engine, replicator, "instanceCount", ac_value_integer(2));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(r.count, 6);
    AC_CHECK_EQ_INT(changed_count(r), 0);
    AC_CHECK_EQ_INT(r.is_dirty, 1);
    expect_rect(r.dirty, 73, 53, 4, 4); /* the third instance's old extent */
    set_value(engine, replicator, "instanceCount", ac_value_integer(3));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 7)) AC_CHECK(has(&r.entries[6], AC_RENDER_CHANGED));
    AC_CHECK_EQ_INT(changed_count(r), 1);

    r = fill(engine, list, a, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(changed_count(r), 1);
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    AC_CHECK_EQ_INT(changed_count(r), 7);

    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Each entry of one list, filled after each change and tick, against a new list's fill: the
   values from the matrix on (the drawing fields too, which a list leaves where its storage of
   the fill before the last holds them already) agree to the bit, after a model write, a batch
   write, an animation and its removal. */
static void test_drawing_across_fills(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer a = make(engine, 10, 10, 10, 10, root);
    (void)make(engine, 10, 10, 30, 10, root);
    ac_render_list list = new_list(engine);
    const size_t from = offsetof(ac_render_entry, matrix);
    double t = 0;
    tick(engine, t);
    for (int step = 0; step < 5; ++step) {
        if (step == 1) set_value(engine, a, "maskedCorners", ac_value_integer(AC_CORNER_MIN_X_MIN_Y));
        if (step == 2) {
            double scale = 2;
            AC_CHECK_OK(ac_layers_set_value(engine, &a, 1, key_of(engine, "contentsScale"), &scale, 1));
        }
        if (step == 3) { /* an animated background: a presentation value that moves */
            AC_CHECK_OK(ac_transaction_begin(engine));
            AC_CHECK_OK(ac_transaction_set_animation_duration(engine, 1));
            set_value(engine, a, "backgroundColor", ac_value_color(0, 0, 1, 1));
            AC_CHECK_OK(ac_transaction_commit(engine));
        }
        if (step == 4) AC_CHECK_OK(ac_layer_remove_all_animations(engine, a));
        for (int k = 0; k < 3; ++k) {
            t += 0.1;
            tick(engine, t);
            fill_result r = fill(engine, list, root, AC_GEOMETRY_PRESENTATION);
            ac_render_list fresh = new_list(engine);
            fill_result f = fill(engine, fresh, root, AC_GEOMETRY_PRESENTATION);
            if (AC_CHECK_EQ_INT(r.count, f.count))
                for (size_t i = 0; i < r.count; ++i)
                    AC_CHECK(memcmp((const char *)&r.entries[i] + from, (const char *)&f.entries[i] + from,
                                    sizeof(ac_render_entry) - from) == 0);
            int at = index_of(r, a);
            if (step >= 2 && AC_CHECK(at >= 0)) AC_CHECK_EQ_DOUBLE(r.entries[at].contents_scale, 2);
            if (step == 4 && at >= 0) AC_CHECK_EQ_DOUBLE(r.entries[at].background_color[2], 1);
            AC_CHECK_OK(ac_render_list_destroy(engine, fresh));
        }
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Presentation values at the engine's time (the last tick) against model values. */
static void test_presentation(void) {
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
    set_scalar(engine, mover, "opacity", 0);
    AC_CHECK_OK(ac_transaction_commit(engine));
    tick(engine, 0);
    tick(engine, 0.5);
    ac_render_list list = new_list(engine);
    fill_result shown = fill(engine, list, root, AC_GEOMETRY_PRESENTATION);
    double at[2], expected[16], via_matrix[2];
    if (AC_CHECK_EQ_INT(shown.count, 2)) {
        map_point(shown.entries[1].matrix, 50, 50, at); /* the centre: the presented position */
        AC_CHECK_NEAR(at[0], 150, TOL);
        AC_CHECK_NEAR(at[1], 50, TOL);
        AC_CHECK_OK(ac_layer_matrix_to_layer(engine, mover, 0, AC_GEOMETRY_PRESENTATION, expected));
        map_point(expected, 50, 50, via_matrix);
        AC_CHECK_NEAR(at[0], via_matrix[0], TOL);
        AC_CHECK_NEAR(at[1], via_matrix[1], TOL);
        AC_CHECK_NEAR(shown.entries[1].opacity, 0.5, 1e-9);
        AC_CHECK_NEAR(shown.entries[1].opacity, presentation_scalar(engine, mover, "opacity"), 0);
    }
    fill_result model = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(model.count, 2)) {
        map_point(model.entries[1].matrix, 50, 50, at);
        AC_CHECK_NEAR(at[0], 250, TOL);
        AC_CHECK_NEAR(at[1], 50, TOL);
        AC_CHECK_EQ_DOUBLE(model.entries[1].opacity, 0);
        AC_CHECK(has(&model.entries[1], AC_RENDER_CHANGED)); /* against the presentation fill */
    }
    /* The next frame moves it on: changed, and the dirty rect covers both places. */
    shown = fill(engine, list, root, AC_GEOMETRY_PRESENTATION);
    tick(engine, 0.75);
    shown = fill(engine, list, root, AC_GEOMETRY_PRESENTATION);
    if (AC_CHECK_EQ_INT(shown.count, 2)) {
        map_point(shown.entries[1].matrix, 50, 50, at);
        AC_CHECK_NEAR(at[0], 200, TOL);
        AC_CHECK(has(&shown.entries[1], AC_RENDER_CHANGED));
        AC_CHECK(!has(&shown.entries[0], AC_RENDER_CHANGED));
        expect_rect(shown.dirty, 100, 0, 150, 100);
    }
    /* At the end the presentation is the model. */
    tick(engine, 2);
    shown = fill(engine, list, root, AC_GEOMETRY_PRESENTATION);
    if (AC_CHECK_EQ_INT(shown.count, 2)) {
        map_point(shown.entries[1].matrix, 50, 50, at);
        AC_CHECK_NEAR(at[0], 250, TOL);
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* The visual values come through; the five renderer built-ins have Core Animation's defaults
   and ranges. */
static void test_values_and_builtins(void) {
    ac_engine *engine = new_engine();
    ac_layer fresh = new_layer(engine, 0);
    ac_value v = model_value(engine, fresh, "maskedCorners");
    AC_CHECK_EQ_INT(v.kind, AC_VALUE_INTEGER);
    AC_CHECK_EQ_INT(v.i, AC_CORNER_MIN_X_MIN_Y | AC_CORNER_MAX_X_MIN_Y | AC_CORNER_MIN_X_MAX_Y | AC_CORNER_MAX_X_MAX_Y);
    v = model_value(engine, fresh, "contentsGravity");
    AC_CHECK_EQ_INT(v.kind, AC_VALUE_INTEGER);
    AC_CHECK_EQ_INT(v.i, AC_GRAVITY_RESIZE);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, fresh, "contentsScale"), 1);
    v = model_value(engine, fresh, "allowsGroupOpacity");
    AC_CHECK_EQ_INT(v.kind, AC_VALUE_BOOL);
    AC_CHECK_EQ_INT(v.i, 1);
    v = model_value(engine, fresh, "contentsCenter");
    AC_CHECK_EQ_INT(v.kind, AC_VALUE_RECT);
    expect_rect(v.v, 0, 0, 1, 1);
    /* The presentation of an untouched layer is its model. */
    v = presentation_value(engine, fresh, "contentsGravity");
    AC_CHECK_EQ_INT(v.i, AC_GRAVITY_RESIZE);
    AC_CHECK_EQ_DOUBLE(presentation_scalar(engine, fresh, "contentsScale"), 1);

    /* Ranges: maskedCorners 0...15, contentsGravity 0...11, contentsScale > 0. */
    ac_key corners = key_of(engine, "maskedCorners"), gravity = key_of(engine, "contentsGravity");
    ac_key scale = key_of(engine, "contentsScale");
    ac_value bad = ac_value_integer(16);
    EXPECT_ERROR(ac_layer_set_value(engine, fresh, corners, &bad), AC_ERR_OUT_OF_RANGE, "maskedCorners");
    bad = ac_value_integer(-1);
    EXPECT_ERROR(ac_layer_set_value(engine, fresh, corners, &bad), AC_ERR_OUT_OF_RANGE, "maskedCorners");
    bad = ac_value_integer(12);
    EXPECT_ERROR(ac_layer_set_value(engine, fresh, gravity, &bad), AC_ERR_OUT_OF_RANGE, "contentsGravity");
    bad = ac_value_integer(-1);
    EXPECT_ERROR(ac_layer_set_value(engine, fresh, gravity, &bad), AC_ERR_OUT_OF_RANGE, "contentsGravity");
    EXPECT_ERROR(ac_layer_set_scalar(engine, fresh, scale, 0), AC_ERR_OUT_OF_RANGE, "contentsScale");
    EXPECT_ERROR(ac_layer_set_scalar(engine, fresh, scale, -2), AC_ERR_OUT_OF_RANGE, "contentsScale");
    bad = ac_value_scalar(0);
    EXPECT_ERROR(ac_layer_set_value(engine, fresh, scale, &bad), AC_ERR_OUT_OF_RANGE, "contentsScale");
    /* The refused values left the defaults. */
    AC_CHECK_EQ_INT(model_value(engine, fresh, "maskedCorners").i, 15);
    AC_CHECK_EQ_INT(model_value(engine, fresh, "contentsGravity").i, AC_GRAVITY_RESIZE);
    AC_CHECK_EQ_DOUBLE(model_scalar(engine, fresh, "contentsScale"), 1);
    /* The edges of the ranges are taken. */
    set_value(engine, fresh, "maskedCorners", ac_value_integer(0));
    set_value(engine, fresh, "contentsGravity", ac_value_integer(AC_GRAVITY_BOTTOM_RIGHT));
    set_scalar(engine, fresh, "contentsScale", 1e-6);
    AC_CHECK_OK(ac_layer_release(engine, fresh));

    /* The values in an entry. */
    ac_layer root = make(engine, 100, 50, 50, 25, 0);
    set_value(engine, root, "backgroundColor", ac_value_color(1, 0, 0, 1));
    set_value(engine, root, "borderColor", ac_value_color(0, 0, 1, 0.5));
    set_scalar(engine, root, "borderWidth", 2);
    set_scalar(engine, root, "cornerRadius", 7);
    set_value(engine, root, "maskedCorners", ac_value_integer(AC_CORNER_MIN_X_MIN_Y | AC_CORNER_MAX_X_MAX_Y));
    set_value(engine, root, "contentsGravity", ac_value_integer(AC_GRAVITY_RESIZE_ASPECT));
    set_scalar(engine, root, "contentsScale", 2);
    set_value(engine, root, "contentsCenter", ac_value_rect(0.25, 0.25, 0.5, 0.5));
    set_value(engine, root, "contentsRect", ac_value_rect(0, 0, 0.5, 1));
    set_value(engine, root, "contents", ac_value_token(0xC0FFEEu));
    set_value(engine, root, "masksToBounds", ac_value_bool(1));
    set_value(engine, root, "geometryFlipped", ac_value_bool(1));
    set_scalar(engine, root, "shadowOpacity", 0.25);
    ac_render_list list = new_list(engine);
    fill_result r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 1)) {
        const ac_render_entry *e = &r.entries[0];
        AC_CHECK_EQ_INT(e->layer, root);
        AC_CHECK_EQ_DOUBLE(e->background_color[0], 1);
        AC_CHECK_EQ_DOUBLE(e->background_color[3], 1);
        AC_CHECK_EQ_DOUBLE(e->border_color[2], 1);
        AC_CHECK_EQ_DOUBLE(e->border_color[3], 0.5);
        AC_CHECK_EQ_DOUBLE(e->border_width, 2);
        AC_CHECK_EQ_DOUBLE(e->corner_radius, 7);
        AC_CHECK_EQ_INT(e->masked_corners, AC_CORNER_MIN_X_MIN_Y | AC_CORNER_MAX_X_MAX_Y);
        AC_CHECK_EQ_INT(e->contents_gravity, AC_GRAVITY_RESIZE_ASPECT);
        AC_CHECK_EQ_DOUBLE(e->contents_scale, 2);
        expect_rect(e->contents_center, 0.25, 0.25, 0.5, 0.5);
        expect_rect(e->contents_rect, 0, 0, 0.5, 1);
        AC_CHECK_EQ_INT(e->contents, 0xC0FFEEu);
        AC_CHECK(has(e, AC_RENDER_CLIPS));
        /* Its own flip mirrors its sublayers, not its contents (test_contents_flipped). */
        AC_CHECK(!has(e, AC_RENDER_CONTENTS_FLIPPED));
        AC_CHECK_EQ_DOUBLE(e->shadow_opacity, 0.25);
        AC_CHECK_EQ_DOUBLE(e->shadow_radius, 3);
        AC_CHECK_EQ_DOUBLE(e->shadow_offset[0], 0);
        AC_CHECK_EQ_DOUBLE(e->shadow_offset[1], -3);
        AC_CHECK_EQ_DOUBLE(e->shadow_color[3], 1);
        expect_rect(e->bounds, 0, 0, 100, 50);
        /* With a shadow the extent is the bounds and the shadow: offset (0, -3), grown by
           twice its radius (3): y from -9 to 53. */
        AC_CHECK_EQ_INT(r.is_dirty, 1);
        expect_rect(r.dirty, -6, -9, 112, 62);
    }
    set_value(engine, root, "masksToBounds", ac_value_bool(0));
    set_value(engine, root, "geometryFlipped", ac_value_bool(0));
    r = fill(engine, list, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(r.count, 1)) {
        AC_CHECK(!has(&r.entries[0], AC_RENDER_CLIPS));
        AC_CHECK(!has(&r.entries[0], AC_RENDER_CONTENTS_FLIPPED));
        AC_CHECK(has(&r.entries[0], AC_RENDER_CHANGED));
    }
    AC_CHECK_EQ_INT(sizeof(ac_render_entry), 568);
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* Every argument refused with a status and its name. */
/* AC_RENDER_CONTENTS_FLIPPED says whether geometryFlipped layers mirror an entry's plane (an
   image keeps its orientation, reference §1.8): in a tree of flips alone, exactly when the
   entry's matrix mirrors y. A flipped layer's own plane is not mirrored, its sublayers' is, a
   second flip undoes it, and a mask stays in its host's plane. */
static void test_contents_flipped(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 50, 50, 25, 0);
    ac_layer child = make(engine, 40, 20, 30, 15, root);
    ac_layer grandchild = make(engine, 10, 10, 5, 5, child);
    ac_layer deeper = make(engine, 4, 4, 2, 2, grandchild);
    ac_layer mask = make(engine, 100, 50, 50, 25, 0);
    AC_CHECK_OK(ac_layer_set_mask(engine, child, mask));
    ac_layer layers[] = {root, child, grandchild, deeper, mask};
    /* Which layers are flipped, by bit: every combination of the four in the tree. */
    for (int flips = 0; flips < 16; flips++) {
        for (int k = 0; k < 4; k++) set_value(engine, layers[k], "geometryFlipped", ac_value_bool((flips >> k) & 1));
        ac_render_list list = new_list(engine);
        fill_result r = fill(engine, list, root, AC_GEOMETRY_MODEL);
        if (!AC_CHECK_EQ_INT(r.count, 5)) continue;
        for (int k = 0; k < 5; k++) {
            int at = index_of(r, layers[k]);
            if (!AC_CHECK(at >= 0)) continue;
            const double *m = r.entries[at].matrix;
            int mirrored = m[0] * m[5] - m[1] * m[4] < 0;
            /* The flips above it that reach its matrix: the mask's host's flip does not. */
            int above = 0;
            for (int j = 0; j < (k == 4 ? 1 : k); j++) above ^= (flips >> j) & 1;
            AC_CHECK_EQ_INT(mirrored, above);
            AC_CHECK_EQ_INT(has(&r.entries[at], AC_RENDER_CONTENTS_FLIPPED), mirrored);
        }
        AC_CHECK_OK(ac_render_list_destroy(engine, list));
    }
    /* A fill from inside the tree: its top entry counts the flips up to the tree's root (the
       plane it is shown in), as the same entry of a fill from the root does. */
    set_value(engine, root, "geometryFlipped", ac_value_bool(1));
    set_value(engine, child, "geometryFlipped", ac_value_bool(0));
    ac_render_list list = new_list(engine);
    fill_result r = fill(engine, list, grandchild, AC_GEOMETRY_MODEL);
    if (AC_CHECK(r.count >= 1)) AC_CHECK(has(&r.entries[0], AC_RENDER_CONTENTS_FLIPPED));
    r = fill(engine, list, mask, AC_GEOMETRY_MODEL);  /* in the child's plane, which the root mirrors */
    if (AC_CHECK(r.count >= 1)) AC_CHECK(has(&r.entries[0], AC_RENDER_CONTENTS_FLIPPED));
    set_value(engine, root, "geometryFlipped", ac_value_bool(0));
    set_value(engine, child, "geometryFlipped", ac_value_bool(1));
    r = fill(engine, list, mask, AC_GEOMETRY_MODEL);  /* its host's own flip does not reach it */
    if (AC_CHECK(r.count >= 1)) AC_CHECK(!has(&r.entries[0], AC_RENDER_CONTENTS_FLIPPED));
    r = fill(engine, list, grandchild, AC_GEOMETRY_MODEL);
    if (AC_CHECK(r.count >= 1)) AC_CHECK(has(&r.entries[0], AC_RENDER_CONTENTS_FLIPPED));
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    ac_engine_destroy(engine);
}

static void test_bad_input(void) {
    ac_engine *engine = new_engine();
    ac_engine *other = new_engine();
    ac_layer root = make(engine, 10, 10, 5, 5, 0);
    ac_layer foreign = make(other, 10, 10, 5, 5, 0);
    ac_layer stale = new_layer(engine, 0);
    AC_CHECK_OK(ac_layer_release(engine, stale)); /* destroyed: its handle is stale */
    ac_render_list list = new_list(engine);
    ac_render_list foreign_list = new_list(other);
    const ac_render_entry *entries = NULL;
    size_t count = 0;
    double dirty[4];
    int32_t is_dirty = 0;

    EXPECT_ERROR(ac_render_list_create(engine, NULL), AC_ERR_NULL_POINTER, "out_list");
    EXPECT_ERROR(ac_render_list_create(NULL, &list), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_render_list_fill(NULL, list, root, 0, &entries, &count, dirty, &is_dirty), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_render_list_fill(engine, list, root, 0, NULL, &count, dirty, &is_dirty), AC_ERR_NULL_POINTER, "out_entries");
    EXPECT_ERROR(ac_render_list_fill(engine, list, root, 0, &entries, NULL, dirty, &is_dirty), AC_ERR_NULL_POINTER, "out_count");
    EXPECT_ERROR(ac_render_list_fill(engine, list, root, 2, &entries, &count, dirty, &is_dirty), AC_ERR_OUT_OF_RANGE, "presentation");
    EXPECT_ERROR(ac_render_list_fill(engine, list, root, -1, &entries, &count, dirty, &is_dirty), AC_ERR_OUT_OF_RANGE, "presentation");
    EXPECT_ERROR(ac_render_list_fill(engine, list, 0, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "root");
    EXPECT_ERROR(ac_render_list_fill(engine, list, stale, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "root");
    EXPECT_ERROR(ac_render_list_fill(engine, list, foreign, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "root");
    EXPECT_ERROR(ac_render_list_fill(engine, list, 0x0123456789abcdefULL, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "root");
    EXPECT_ERROR(ac_render_list_fill(engine, 0, root, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_fill(engine, 0x0123456789abcdefULL, root, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_fill(engine, list + 1, root, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_fill(engine, foreign_list, root, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_fill(engine, (ac_render_list)root, root, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_destroy(engine, foreign_list), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_destroy(engine, 0), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_destroy(engine, 0x0123456789abcdefULL), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_destroy(NULL, list), AC_ERR_NULL_POINTER, "engine");

    /* The list still works after the refusals; a refused fill left its previous entries. */
    AC_CHECK_OK(ac_render_list_fill(engine, list, root, 0, &entries, &count, dirty, &is_dirty));
    AC_CHECK_EQ_INT(count, 1);
    AC_CHECK_OK(ac_render_list_fill(other, foreign_list, foreign, 1, &entries, &count, NULL, NULL));
    AC_CHECK_EQ_INT(count, 1);

    /* A destroyed list: every use refused, as is destroying it again. */
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    EXPECT_ERROR(ac_render_list_fill(engine, list, root, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_destroy(engine, list), AC_ERR_BAD_HANDLE, "list");
    /* A new list never reuses the old handle. */
    ac_render_list again = new_list(engine);
    AC_CHECK(again != list);
    EXPECT_ERROR(ac_render_list_fill(engine, list, root, 0, &entries, &count, dirty, &is_dirty), AC_ERR_BAD_HANDLE, "list");
    AC_CHECK_OK(ac_render_list_fill(engine, again, root, 0, &entries, &count, dirty, &is_dirty));

    /* A destroyed engine's pointer is refused (the engine frees its lists). */
    AC_CHECK_OK(ac_layer_release(other, foreign));
    AC_CHECK_OK(ac_engine_destroy(other));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine)); /* `again` is left to the engine */
}

/* Destroying the engine: its did-stops run first and may still read (a fill, a list made and
   left to the engine: LeakSanitizer checks that it is freed); once the layers' delegates end,
   the engine pointer is refused with AC_ERR_BAD_HANDLE naming the engine. */
typedef struct destroying {
    ac_engine *engine;
    ac_render_list list;
    ac_layer root;
    int stops, ends;
    ac_status stop_create, stop_fill, stop_destroy;
    size_t stop_count;
    ac_status end_create, end_fill;
    char end_message[256];
} destroying;

static void fill_on_stop(ac_engine *engine, ac_layer layer, const char *key, int32_t finished, void *user_data) {
    destroying *d = (destroying *)user_data;
    ac_render_list made = 0, left = 0;
    const ac_render_entry *entries = NULL;
    (void)engine, (void)layer, (void)key, (void)finished;
    d->stops++;
    d->stop_fill = ac_render_list_fill(d->engine, d->list, d->root, AC_GEOMETRY_PRESENTATION, &entries, &d->stop_count, NULL, NULL);
    d->stop_create = ac_render_list_create(d->engine, &made);
    d->stop_destroy = made != 0 ? ac_render_list_destroy(d->engine, made) : AC_ERR_INVALID_STATE;
    (void)ac_render_list_create(d->engine, &left); /* left to the engine */
}

static void fill_on_end(void *user_data) {
    destroying *d = (destroying *)user_data;
    ac_render_list list = 0;
    const ac_render_entry *entries = NULL;
    size_t count = 0;
    d->ends++;
    d->end_create = ac_render_list_create(d->engine, &list);
    d->end_fill = ac_render_list_fill(d->engine, d->list, d->root, 0, &entries, &count, NULL, NULL);
    snprintf(d->end_message, sizeof d->end_message, "%s", ac_last_error_message());
}

static void no_display(ac_engine *engine, ac_layer layer, void *user_data) { (void)engine, (void)layer, (void)user_data; }

static void test_during_engine_destroy(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 10, 10, 5, 5, 0);
    destroying d;
    memset(&d, 0, sizeof d);
    d.engine = engine;
    d.root = root;
    d.list = new_list(engine);
    tick(engine, 0);
    ac_animation fade = scalar_animation(engine, "opacity", 1, 1, 1, 0, 0, 0, 10);
    ac_animation_delegate stop;
    ac_animation_delegate_init(&stop);
    stop.did_stop = fill_on_stop;
    stop.user_data = &d;
    AC_CHECK_OK(ac_animation_set_delegate(engine, fade, &stop));
    AC_CHECK_OK(ac_layer_add_animation(engine, root, fade, "fade"));
    AC_CHECK_OK(ac_animation_release(engine, fade));
    tick(engine, 1);
    ac_layer_delegate delegate;
    ac_layer_delegate_init(&delegate);
    delegate.display = no_display; /* a delegate with something to do is kept to the end */
    delegate.user_data = &d;
    delegate.destroy = fill_on_end;
    AC_CHECK_OK(ac_layer_set_delegate(engine, root, &delegate));
    AC_CHECK_EQ_INT(d.ends, 0);
    AC_CHECK_OK(ac_engine_destroy(engine)); /* root still held: it ends with the engine */
    if (AC_CHECK_EQ_INT(d.stops, 1)) {
        AC_CHECK_STATUS(d.stop_fill, AC_OK);
        AC_CHECK_EQ_INT(d.stop_count, 1);
        AC_CHECK_STATUS(d.stop_create, AC_OK);
        AC_CHECK_STATUS(d.stop_destroy, AC_OK);
    }
    if (AC_CHECK_EQ_INT(d.ends, 1)) {
        AC_CHECK_STATUS(d.end_create, AC_ERR_BAD_HANDLE);
        AC_CHECK_STATUS(d.end_fill, AC_ERR_BAD_HANDLE);
        AC_CHECK_STR_CONTAINS(d.end_message, "engine");
    }
}

/* A fill asked for no dirty rectangle (both pointers NULL) makes none, yet its flags are the
   same, and the next fill's dirty rectangle is what a list asked every time gives: the same
   moves filled into two lists, one of them asked only at the end. */
static void test_dirty_only_when_asked(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer a = make(engine, 10, 10, 10, 10, root);
    make(engine, 4, 4, 2, 2, a);
    ac_layer b = make(engine, 10, 10, 80, 80, root);
    ac_render_list asked = new_list(engine), quiet = new_list(engine);
    const ac_render_entry *entries = NULL;
    size_t count = 0;
    double moves[3][2] = {{30, 10}, {30, 40}, {60, 40}};
    for (int step = 0; step < 3; step++) {
        set_value(engine, a, "position", ac_value_point(moves[step][0], moves[step][1]));
        if (step == 2) set_value(engine, b, "opacity", ac_value_scalar(0.5));
        fill_result r = fill(engine, asked, root, AC_GEOMETRY_MODEL);
        if (step < 2) {
            AC_CHECK_OK(ac_render_list_fill(engine, quiet, root, AC_GEOMETRY_MODEL, &entries, &count, NULL, NULL));
            if (AC_CHECK_EQ_INT(count, r.count)) {
                for (size_t i = 0; i < count; i++)
                    AC_CHECK_EQ_INT(entries[i].flags, r.entries[i].flags);
            }
            continue;
        }
        fill_result q = fill(engine, quiet, root, AC_GEOMETRY_MODEL);
        AC_CHECK_EQ_INT(q.is_dirty, r.is_dirty);
        AC_CHECK_EQ_INT(changed_count(q), changed_count(r));
        /* a moved from (30, 40) to (60, 40): its old and new extents and its sublayer; b's
           opacity: its extent. */
        expect_rect(r.dirty, 25, 35, 60, 50);
        expect_rect(q.dirty, r.dirty[0], r.dirty[1], r.dirty[2], r.dirty[3]);
    }
    AC_CHECK_OK(ac_render_list_destroy(engine, asked));
    AC_CHECK_OK(ac_render_list_destroy(engine, quiet));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ac_render_list_fill_into copies a fill out under the engine's lock; a buffer too small
   leaves the fill standing, its entries copied by number with ac_render_list_copy until the
   next fill; refused arguments are refused before the fill (its number does not move). */
static void test_fill_into(void) {
    ac_engine *engine = new_engine();
    ac_layer root = make(engine, 100, 100, 50, 50, 0);
    ac_layer a = make(engine, 10, 10, 10, 10, root);
    make(engine, 10, 10, 80, 80, root);
    ac_render_list list = new_list(engine);
    ac_render_list reference = new_list(engine);
    ac_render_entry buffer[8];
    size_t count = 0;
    uint64_t number = 0;
    double dirty[4] = {0, 0, 0, 0};
    int32_t is_dirty = -1;

    /* No room: the fill stands (number 1, everything changed), nothing copied. */
    AC_CHECK_STATUS(ac_render_list_fill_into(engine, list, root, AC_GEOMETRY_MODEL, NULL, 0, &count, &number, dirty, &is_dirty),
                    AC_ERR_BUFFER_TOO_SMALL);
    AC_CHECK_EQ_INT(count, 3);
    AC_CHECK_EQ_INT(number, 1);
    AC_CHECK_EQ_INT(is_dirty, 1);
    expect_rect(dirty, 0, 0, 100, 100);
    EXPECT_ERROR(ac_render_list_copy(engine, list, 1, buffer, 2, &count), AC_ERR_BUFFER_TOO_SMALL, "entries");
    AC_CHECK_EQ_INT(count, 3);
    memset(buffer, 0xff, sizeof buffer);
    AC_CHECK_OK(ac_render_list_copy(engine, list, 1, buffer, 8, &count));
    fill_result r = fill(engine, reference, root, AC_GEOMETRY_MODEL); /* a first fill too */
    if (AC_CHECK_EQ_INT(count, 3) && AC_CHECK_EQ_INT(r.count, 3))
        AC_CHECK(memcmp(buffer, r.entries, 3 * sizeof(ac_render_entry)) == 0);

    /* The next fill compares with the one that did not fit: nothing changed. */
    AC_CHECK_OK(ac_render_list_fill_into(engine, list, root, AC_GEOMETRY_MODEL, buffer, 8, &count, &number, dirty, &is_dirty));
    AC_CHECK_EQ_INT(count, 3);
    AC_CHECK_EQ_INT(number, 2);
    AC_CHECK_EQ_INT(is_dirty, 0);
    for (size_t i = 0; i < count; ++i) AC_CHECK(!has(&buffer[i], AC_RENDER_CHANGED));
    EXPECT_ERROR(ac_render_list_copy(engine, list, 1, buffer, 8, &count), AC_ERR_INVALID_STATE, ": fill is 1; the list");
    AC_CHECK(strstr(ac_last_error_message(), "engine") == NULL); /* the list's state, not the engine's */
    EXPECT_ERROR(ac_render_list_copy(engine, list, 0, buffer, 8, &count), AC_ERR_INVALID_STATE, "fill");
    EXPECT_ERROR(ac_render_list_copy(engine, list, 3, buffer, 8, &count), AC_ERR_INVALID_STATE, "fill");

    /* A change shows in the copy as in the list's own storage. */
    set_value(engine, a, "position", ac_value_point(30, 10));
    AC_CHECK_OK(ac_render_list_fill_into(engine, list, root, AC_GEOMETRY_MODEL, buffer, 3, &count, NULL, NULL, NULL));
    r = fill(engine, reference, root, AC_GEOMETRY_MODEL);
    if (AC_CHECK_EQ_INT(count, 3) && AC_CHECK_EQ_INT(r.count, 3)) {
        AC_CHECK(memcmp(buffer, r.entries, 3 * sizeof(ac_render_entry)) == 0);
        AC_CHECK(has(&buffer[index_of(r, a)], AC_RENDER_CHANGED));
    }

    /* Refused before the fill: the list's number stays 3. */
    EXPECT_ERROR(ac_render_list_fill_into(engine, list, root, 0, NULL, 4, &count, &number, NULL, NULL), AC_ERR_NULL_POINTER, "entries");
    EXPECT_ERROR(ac_render_list_fill_into(engine, list, root, 0, buffer, SIZE_MAX, &count, &number, NULL, NULL), AC_ERR_OUT_OF_RANGE, "capacity");
    EXPECT_ERROR(ac_render_list_fill_into(engine, list, root, 0, buffer, 8, NULL, &number, NULL, NULL), AC_ERR_NULL_POINTER, "out_count");
    EXPECT_ERROR(ac_render_list_fill_into(engine, list, root, 2, buffer, 8, &count, &number, NULL, NULL), AC_ERR_OUT_OF_RANGE, "presentation");
    EXPECT_ERROR(ac_render_list_fill_into(NULL, list, root, 0, buffer, 8, &count, &number, NULL, NULL), AC_ERR_NULL_POINTER, "engine");
    EXPECT_ERROR(ac_render_list_fill_into(engine, 0, root, 0, buffer, 8, &count, &number, NULL, NULL), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_fill_into(engine, list, 0, 0, buffer, 8, &count, &number, NULL, NULL), AC_ERR_BAD_HANDLE, "root");
    AC_CHECK_OK(ac_render_list_copy(engine, list, 3, buffer, 8, &count));
    EXPECT_ERROR(ac_render_list_copy(engine, list, 3, NULL, 8, &count), AC_ERR_NULL_POINTER, "entries");
    EXPECT_ERROR(ac_render_list_copy(engine, list, 3, buffer, SIZE_MAX, &count), AC_ERR_OUT_OF_RANGE, "capacity");
    EXPECT_ERROR(ac_render_list_copy(engine, list, 3, buffer, 8, NULL), AC_ERR_NULL_POINTER, "out_count");
    EXPECT_ERROR(ac_render_list_copy(engine, 0, 3, buffer, 8, &count), AC_ERR_BAD_HANDLE, "list");
    EXPECT_ERROR(ac_render_list_copy(NULL, list, 3, buffer, 8, &count), AC_ERR_NULL_POINTER, "engine");

    AC_CHECK_OK(ac_render_list_destroy(engine, reference));
    AC_CHECK_OK(ac_render_list_destroy(engine, list));
    AC_CHECK_OK(ac_layer_release(engine, root));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

int main(void) {
    test_draw_order();
    test_culling();
    test_placed_nowhere();
    test_matrices();
    test_opacity();
    test_mask();
    test_changes();
    test_changes_across_fills();
    test_drawing_across_fills();
    test_dirty_only_when_asked();
    test_presentation();
    test_values_and_builtins();
    test_contents_flipped();
    test_bad_input();
    test_during_engine_destroy();
    test_fill_into();
    return ac_test_finish();
}
