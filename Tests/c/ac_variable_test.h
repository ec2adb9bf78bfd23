/*
 * Helpers shared by the C tests of path and array animations (test_variable_animations.c,
 * test_variable_keyframe_curves.c, test_variable_batch_reads.c).
 */
#ifndef AC_VARIABLE_TEST_H
#define AC_VARIABLE_TEST_H

#include <stdio.h>

#include "ac_engine_test.h"

#if AC_TEST_COUNTS_ALLOCATIONS
#include "allocation_counter.h"
#endif

/* Adds animation to layer under key (NULL: none) and releases the description. */
static inline void add(ac_engine *engine, ac_layer layer, ac_animation animation, const char *key) {
    AC_CHECK_OK(ac_layer_add_animation(engine, layer, animation, key));
    AC_CHECK_OK(ac_animation_release(engine, animation));
}

/* The class "Shape": path, locations and colors (empty defaults) and a scalar "value". */
static inline ac_class shape_class(ac_engine *engine) {
    ac_property_desc properties[4];
    ac_value path = ac_value_zeroed(AC_VALUE_PATH);
    ac_value numbers = ac_value_zeroed(AC_VALUE_NUMBERS);
    ac_value colors = ac_value_zeroed(AC_VALUE_COLORS);
    ac_value scalar = ac_value_zeroed(AC_VALUE_SCALAR);
    ac_class shape = 0;
    AC_CHECK_OK(ac_property_desc_init(&properties[0], "path", &path));
    AC_CHECK_OK(ac_property_desc_init(&properties[1], "locations", &numbers));
    AC_CHECK_OK(ac_property_desc_init(&properties[2], "colors", &colors));
    AC_CHECK_OK(ac_property_desc_init(&properties[3], "value", &scalar));
    AC_CHECK_OK(ac_class_create(engine, "Shape", 0, properties, 4, &shape));
    return shape;
}

/* The presentation value of the layer's "locations" into out (room for capacity numbers);
   returns its count. */
static inline size_t shown_numbers(ac_engine *engine, ac_layer layer, double *out, size_t capacity) {
    size_t count = 0;
    AC_CHECK_OK(ac_layer_get_numbers(engine, layer, key_of(engine, "locations"), 1, out, capacity, &count));
    return count;
}

/* Ticks engine at T0 + 0.01 s and 0.02 s (the running animations' first ticks), then 120 times
   0.01 s apart, checking that those 120 ticks allocate nothing (the animations should run
   through them); destroys the engine. A build without the allocation counter (a sanitized
   one) says that test skips the check. */
static inline void expect_ticks_allocate_nothing(ac_engine *engine, const char *test) {
    tick(engine, T0 + 0.01);
    tick(engine, T0 + 0.02);
#if AC_TEST_COUNTS_ALLOCATIONS
    (void)test;
    unsigned long long before = allocations();
    for (int k = 3; k < 123; ++k) tick(engine, T0 + 0.01 * k);
    unsigned long long after = allocations();
    AC_CHECK_EQ_INT((long long)(after - before), 0);
#else
    printf("skip %s: this build does not link the allocation counter (a sanitized build)\n", test);
#endif
    ac_engine_destroy(engine);
}

#endif
