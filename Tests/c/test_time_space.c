/*
 * Time spaces (CALayer convertTime:fromLayer:/toLayer:): chains down and up (T20, T21),
 * tree conversion both ways, through absolute time (-1), across separate root trees, and
 * under a paused common ancestor.
 */
#include <math.h>
#include <stdint.h>

#include "ac_test.h"

#define TOL 1e-12

static ac_timing layer(double begin_s, double speed, double offset_s) {
    ac_timing timing;
    ac_timing_init_layer(&timing);
    timing.begin_time_s = begin_s;
    timing.speed = speed;
    timing.time_offset_s = offset_s;
    return timing;
}

/* The tree used throughout:
 *   0 root (defaults) -> 1 mid (b 2, s 3, o 0.25) -> 2 leaf (b 1, s 2, o 0.5)   (T20)
 *                                                 -> 3 sibling (b 0, s 0.5, o 0)
 *   4 other root (b 5, s 0.5, o 0) -> 5 child (b 0, s 4, o 1)                   (a second tree) */
enum { ROOT, MID, LEAF, SIBLING, OTHER_ROOT, OTHER_CHILD, NODE_COUNT };
static ac_timing nodes[NODE_COUNT];
static const int64_t parents[NODE_COUNT] = {-1, ROOT, MID, MID, -1, OTHER_ROOT};

static void build_tree(void) {
    nodes[ROOT] = layer(0, 1, 0);
    nodes[MID] = layer(2, 3, 0.25);
    nodes[LEAF] = layer(1, 2, 0.5);
    nodes[SIBLING] = layer(0, 0.5, 0);
    nodes[OTHER_ROOT] = layer(5, 0.5, 0);
    nodes[OTHER_CHILD] = layer(0, 4, 1);
}

static double convert(int64_t from, int64_t to, double time_s) {
    double out = NAN;
    if (!AC_CHECK_OK(ac_time_tree_convert(nodes, parents, NODE_COUNT, from, to, time_s, &out)))
        printf("    from %lld to %lld\n", (long long)from, (long long)to);
    return out;
}

#define EXPECT_CONVERT(from, to, time_s, expected)                                        \
    do {                                                                                  \
        if (!AC_CHECK_NEAR(convert((from), (to), (time_s)), (expected), TOL))            \
            printf("    convert %g from node %d to node %d\n", (double)(time_s),          \
                   (int)(from), (int)(to));                                               \
    } while (0)

/* T20: leaf.convertTime(10, from: mid / from: root / to: mid / to: root / to: nil / from: nil). */
static void test_t20(void) {
    EXPECT_CONVERT(MID, LEAF, 10.0, 18.5);
    EXPECT_CONVERT(ROOT, LEAF, 10.0, 47.0);
    EXPECT_CONVERT(LEAF, MID, 10.0, 5.75);
    EXPECT_CONVERT(LEAF, ROOT, 10.0, 23.0 / 6.0);
    EXPECT_CONVERT(LEAF, -1, 10.0, 23.0 / 6.0);
    EXPECT_CONVERT(-1, LEAF, 10.0, 47.0); /* converts the time given, not "now" */

    /* The same through chains: root -> mid -> leaf. */
    ac_timing chain[3] = {nodes[ROOT], nodes[MID], nodes[LEAF]};
    double out = NAN;
    AC_CHECK_OK(ac_time_chain_to_local(chain, 3, 10.0, &out));
    AC_CHECK_NEAR(out, 47.0, TOL);
    AC_CHECK_OK(ac_time_chain_to_absolute(chain, 3, 10.0, &out));
    AC_CHECK_NEAR(out, 23.0 / 6.0, TOL);
    AC_CHECK_OK(ac_time_chain_to_local(chain + 1, 2, 10.0, &out)); /* mid -> leaf */
    AC_CHECK_NEAR(out, 47.0, TOL);
    AC_CHECK_OK(ac_time_chain_to_local(chain + 2, 1, 10.0, &out));
    AC_CHECK_NEAR(out, 18.5, TOL);
}

/* T21: one layer (b 10, s 2, o 1) under absolute time: 20 -> 21 and back. */
static void test_t21(void) {
    ac_timing one = layer(10, 2, 1);
    const int64_t parent = -1;
    double out = NAN;
    AC_CHECK_OK(ac_time_chain_to_local(&one, 1, 20.0, &out));
    AC_CHECK_EQ_DOUBLE(out, 21.0);
    AC_CHECK_OK(ac_time_chain_to_absolute(&one, 1, 21.0, &out));
    AC_CHECK_EQ_DOUBLE(out, 20.0);
    AC_CHECK_OK(ac_time_tree_convert(&one, &parent, 1, -1, 0, 20.0, &out));
    AC_CHECK_EQ_DOUBLE(out, 21.0);
    AC_CHECK_OK(ac_time_tree_convert(&one, &parent, 1, 0, -1, 21.0, &out));
    AC_CHECK_EQ_DOUBLE(out, 20.0);

    /* Negative speed maps backwards and inverts too. */
    ac_timing back = layer(0, -1, 5);
    AC_CHECK_OK(ac_time_chain_to_local(&back, 1, 2.0, &out));
    AC_CHECK_EQ_DOUBLE(out, 3.0);
    AC_CHECK_OK(ac_time_chain_to_absolute(&back, 1, 3.0, &out));
    AC_CHECK_EQ_DOUBLE(out, 2.0);
}

static void test_empty_chains(void) {
    double out = NAN;
    AC_CHECK_OK(ac_time_chain_to_local(NULL, 0, 7.5, &out));
    AC_CHECK_EQ_DOUBLE(out, 7.5);
    out = NAN;
    AC_CHECK_OK(ac_time_chain_to_absolute(NULL, 0, 7.5, &out));
    AC_CHECK_EQ_DOUBLE(out, 7.5);
    out = NAN;
    AC_CHECK_OK(ac_time_tree_convert(NULL, NULL, 0, -1, -1, 7.5, &out));
    AC_CHECK_EQ_DOUBLE(out, 7.5);
}

/* Layers have no repeat or fill: duration, repeat and fill do not change conversion. */
static void test_layer_fields_ignored(void) {
    ac_timing busy = layer(1, 2, 0.5);
    busy.duration_s = 1.0;
    busy.repeat_count = 2.0;
    busy.repeat_duration_s = 0.5;
    busy.autoreverses = 1;
    busy.fill_mode = AC_FILL_REMOVED;
    double out = NAN;
    AC_CHECK_OK(ac_time_chain_to_local(&busy, 1, 101.0, &out));
    AC_CHECK_EQ_DOUBLE(out, 200.5);
    AC_CHECK_OK(ac_time_chain_to_local(&busy, 1, -9.0, &out)); /* before begin: no clamping */
    AC_CHECK_EQ_DOUBLE(out, -19.5);
    AC_CHECK_OK(ac_time_chain_to_absolute(&busy, 1, 200.5, &out));
    AC_CHECK_EQ_DOUBLE(out, 101.0);
}

/* Through a common ancestor below the root, and across separate root trees. */
static void test_tree_paths(void) {
    EXPECT_CONVERT(LEAF, SIBLING, 10.0, 2.875); /* up to mid (5.75), down to sibling */
    EXPECT_CONVERT(SIBLING, LEAF, 2.875, 10.0);
    EXPECT_CONVERT(MID, SIBLING, 4.0, 2.0);
    EXPECT_CONVERT(SIBLING, ROOT, 2.0, (4.0 - 0.25) / 3.0 + 2.0);
    /* Different roots meet in absolute time: leaf 10 -> 23/6 -> other root -7/12 -> -4/3. */
    EXPECT_CONVERT(LEAF, OTHER_CHILD, 10.0, -4.0 / 3.0);
    EXPECT_CONVERT(OTHER_CHILD, LEAF, -4.0 / 3.0, 10.0);
    EXPECT_CONVERT(-1, OTHER_CHILD, 7.0, 5.0);  /* (7 - 5) * 0.5 = 1; 1 * 4 + 1 = 5 */
    EXPECT_CONVERT(OTHER_CHILD, -1, 5.0, 7.0);
    /* A node to itself, and absolute to absolute, change nothing. */
    for (int64_t n = -1; n < NODE_COUNT; n++) EXPECT_CONVERT(n, n, 3.25, 3.25);
}

/* Every pair both ways: there and back gives the time again; -1 matches the chains. */
static void test_round_trips(void) {
    const double times[] = {-100.0, -1.5, 0.0, 0.1, 10.0, 12345.678};
    int bad = 0;
    for (int64_t from = -1; from < NODE_COUNT; from++) {
        for (int64_t to = -1; to < NODE_COUNT; to++) {
            for (size_t k = 0; k < sizeof times / sizeof times[0]; k++) {
                double there = convert(from, to, times[k]);
                double back = convert(to, from, there);
                if (!(fabs(back - times[k]) <= 1e-9 * fmax(1.0, fabs(times[k])))) {
                    if (bad++ < 5)
                        printf("    %lld -> %lld -> back: %.17g -> %.17g -> %.17g\n",
                               (long long)from, (long long)to, times[k], there, back);
                }
            }
        }
    }
    AC_CHECK_EQ_INT(bad, 0);

    /* Absolute -> node equals the chain from that node's root down to it. */
    ac_timing chain[3] = {nodes[ROOT], nodes[MID], nodes[SIBLING]};
    double local = NAN, absolute = NAN;
    AC_CHECK_OK(ac_time_chain_to_local(chain, 3, 12.0, &local));
    AC_CHECK_NEAR(convert(-1, SIBLING, 12.0), local, TOL);
    AC_CHECK_OK(ac_time_chain_to_absolute(chain, 3, 12.0, &absolute));
    AC_CHECK_NEAR(convert(SIBLING, -1, 12.0), absolute, TOL);
}

/* A paused (speed 0) common ancestor: conversion between its descendants never goes above it,
 * and going down through it is always defined. */
static void test_paused_ancestor(void) {
    build_tree();
    nodes[MID].speed = 0.0;
    EXPECT_CONVERT(LEAF, SIBLING, 10.0, 2.875);
    EXPECT_CONVERT(SIBLING, LEAF, 2.875, 10.0);
    EXPECT_CONVERT(MID, MID, 1.0, 1.0);
    /* Down: mid's local is frozen at its offset 0.25, so leaf = (0.25 - 1) * 2 + 0.5. */
    EXPECT_CONVERT(-1, LEAF, 123.0, -1.0);
    EXPECT_CONVERT(ROOT, LEAF, -7.0, -1.0);
    /* Up through it: not invertible. */
    double out = NAN;
    AC_CHECK_STATUS(ac_time_tree_convert(nodes, parents, NODE_COUNT, LEAF, -1, 1.0, &out),
                    AC_ERR_NOT_INVERTIBLE);
    AC_CHECK_STATUS(ac_time_tree_convert(nodes, parents, NODE_COUNT, SIBLING, OTHER_CHILD, 1.0,
                                         &out),
                    AC_ERR_NOT_INVERTIBLE);
    build_tree();
}

/* Each hop holds a layer's time within +-AC_TIME_LIMIT_S: 60 layers at the largest speed would
 * pass the largest double (and a paused layer below make inf * 0 = NaN); a speed near 0 on the
 * way up would too. (The engine's layers: test_layers.c, test_time_held.) */
static void test_held_times(void) {
    enum { DEPTH = 60 };
    ac_timing chain[DEPTH + 1];
    for (int i = 0; i < DEPTH; i++) chain[i] = layer(0, AC_SPEED_LIMIT, 0);
    chain[DEPTH] = layer(0, 0, 2);
    double out = NAN;
    AC_CHECK_OK(ac_time_chain_to_local(chain, DEPTH, 1.0, &out));
    AC_CHECK_EQ_DOUBLE(out, AC_TIME_LIMIT_S);
    AC_CHECK_OK(ac_time_chain_to_local(chain, DEPTH + 1, 1.0, &out));
    AC_CHECK_EQ_DOUBLE(out, 2.0);
    ac_timing crawl[2] = {layer(0, 1e-300, 0), layer(0, 1e-300, 0)};
    AC_CHECK_OK(ac_time_chain_to_absolute(crawl, 2, -1.0, &out));
    AC_CHECK_EQ_DOUBLE(out, -AC_TIME_LIMIT_S);
}

int main(void) {
    build_tree();
    test_held_times();
    test_t20();
    test_t21();
    test_empty_chains();
    test_layer_fields_ignored();
    test_tree_paths();
    test_round_trips();
    test_paused_ancestor();
    return ac_test_finish();
}
