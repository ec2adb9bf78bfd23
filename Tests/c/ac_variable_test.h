/*
 * Helpers shared by the C tests of path and array animations (test_variable_animations.c,
 * test_variable_keyframe_curves.c).
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
