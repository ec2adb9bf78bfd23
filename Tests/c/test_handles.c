/*
 * Handles (issue 9, defects 1 to 5 and the retain bound): a handle that is released, stale,
 * of another engine (live or destroyed) or made up is refused with AC_ERR_BAD_HANDLE, however
 * many handles of its kind were created since, and never reaches another object.
 *
 *   1. a live engine's layer handle in 5000 later engines (whose layers take the same slots),
 *      and handles of two live engines used in each other;
 *   3. a released description handle over 10000 create/release cycles of one entry;
 *   4. a destroyed engine's class handle in 5000 later engines declaring a class each;
 *   5. a released layer handle over 2^22 + 16 create/release cycles of one slot (their time
 *      printed, not bounded: a test does not time), and a destroyed engine's pointer over 5000
 *      create/destroy cycles;
 *   made-up handles (0, all ones, random, a handle of one kind passed as another);
 *   keys (issue 34): another engine's key whose index is a key of this engine too, refused
 *      with AC_ERR_BAD_HANDLE naming the key by every call that takes a key;
 *   2. the retain bound (2^31 - 1 references): AC_ERR_OUT_OF_RANGE, no trap. It takes 2^31 calls
 *      (about a minute), so it runs only with AC_TEST_RETAIN_BOUND=1 in the environment, in a
 *      child process (a trap kills the child, not the test).
 *
 * The loops count the cycles at which a handle was wrongly accepted and check that count once
 * (printing the first cycles concerned), so a regression shows as a few failures, not millions.
 */
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ac_engine_test.h"

static double seconds_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A cycle at which a handle was wrongly accepted: printed for the first few of each kind. */
static void note_accepted(const char *what, long cycle, ac_status status, long *count) {
    if (*count < 5)
        printf("    %s: accepted at cycle %ld (status %s)\n", what, cycle, ac_status_name(status));
    ++*count;
}

static ac_engine *quiet_engine(void) {
    ac_engine *engine = NULL;
    ac_status status = ac_engine_create(NULL, &engine);
    if (status != AC_OK || engine == NULL) {
        AC_CHECK_OK(status);
        exit(ac_test_finish() | 1);
    }
    return engine;
}

/* ---------------------------------------------------------------------------------------- */
/* 1. Another engine's handles                                                               */
/* ---------------------------------------------------------------------------------------- */

/* Engine A keeps a layer (opacity 0.25), a class and a description; 5000 engines are created
   and destroyed one after the other, each with a few layers (so that its slots are the slots of
   A's handles), a class and a description. Each must refuse A's handles for every call, and
   A must still accept them afterwards with the values it had. */
static void test_live_engine_handles_in_later_engines(void) {
    enum { ENGINES = 5000, LAYERS = 4 };
    ac_engine *a = new_engine();
    ac_layer a_layer = new_layer(a, 0);
    ac_class a_class = 0;
    ac_animation a_animation = 0;
    ac_key a_opacity = key_of(a, "opacity");
    long accepted_get = 0, accepted_set = 0, accepted_retain = 0, accepted_release = 0;
    long accepted_add = 0, accepted_class = 0, accepted_description = 0, b_changed = 0;
    long setup_failures = 0;
    int cycle;
    double value = -1;

    AC_CHECK_OK(ac_layer_set_scalar(a, a_layer, a_opacity, 0.25));
    AC_CHECK_OK(ac_class_create(a, "AClass", 0, NULL, 0, &a_class));
    AC_CHECK_OK(ac_animation_create_basic(a, "opacity", &a_animation));

    for (cycle = 1; cycle <= ENGINES; ++cycle) {
        ac_engine *b = quiet_engine();
        ac_layer b_layers[LAYERS];
        ac_class b_class = 0;
        ac_animation b_animation = 0;
        ac_key opacity = 0;
        ac_layer out_layer = 0;
        ac_status status;
        int32_t kind = -1;
        int index;

        if (ac_engine_key(b, "opacity", &opacity) != AC_OK ||
            ac_class_create(b, "BClass", 0, NULL, 0, &b_class) != AC_OK ||
            ac_animation_create_basic(b, "opacity", &b_animation) != AC_OK)
            ++setup_failures;
        for (index = 0; index < LAYERS; ++index) {
            b_layers[index] = 0;
            if (ac_layer_create(b, 0, &b_layers[index]) != AC_OK) ++setup_failures;
            if (ac_layer_set_scalar(b, b_layers[index], opacity, 0.5) != AC_OK) ++setup_failures;
        }

        status = ac_layer_get_scalar(b, a_layer, opacity, &value);
        if (status != AC_ERR_BAD_HANDLE) note_accepted("B: get A's layer", cycle, status, &accepted_get);
        status = ac_layer_set_scalar(b, a_layer, opacity, 0.75);
        if (status != AC_ERR_BAD_HANDLE) note_accepted("B: set A's layer", cycle, status, &accepted_set);
        status = ac_layer_retain(b, a_layer);
        if (status != AC_ERR_BAD_HANDLE) note_accepted("B: retain A's layer", cycle, status, &accepted_retain);
        status = ac_layer_release(b, a_layer);
        if (status != AC_ERR_BAD_HANDLE) note_accepted("B: release A's layer", cycle, status, &accepted_release);
        status = ac_layer_add_animation(b, a_layer, b_animation, "k");
        if (status != AC_ERR_BAD_HANDLE) note_accepted("B: add to A's layer", cycle, status, &accepted_add);
        status = ac_layer_create(b, a_class, &out_layer);
        if (status != AC_ERR_BAD_HANDLE) {
            note_accepted("B: create with A's class", cycle, status, &accepted_class);
            if (status == AC_OK) ac_layer_release(b, out_layer);
        }
        status = ac_animation_get_kind(b, a_animation, &kind);
        if (status != AC_ERR_BAD_HANDLE)
            note_accepted("B: A's description", cycle, status, &accepted_description);

        /* None of that reached B's own layers. */
        for (index = 0; index < LAYERS; ++index) {
            value = -1;
            if (ac_layer_get_scalar(b, b_layers[index], opacity, &value) != AC_OK || value != 0.5) {
                if (b_changed < 5)
                    printf("    B's layer %d changed at cycle %d (opacity %g)\n", index, cycle, value);
                ++b_changed;
            }
        }
        if (ac_engine_destroy(b) != AC_OK) ++setup_failures;
    }
    AC_CHECK_EQ_INT(setup_failures, 0);
    AC_CHECK_EQ_INT(accepted_get, 0);
    AC_CHECK_EQ_INT(accepted_set, 0);
    AC_CHECK_EQ_INT(accepted_retain, 0);
    AC_CHECK_EQ_INT(accepted_release, 0);
    AC_CHECK_EQ_INT(accepted_add, 0);
    AC_CHECK_EQ_INT(accepted_class, 0);
    AC_CHECK_EQ_INT(accepted_description, 0);
    AC_CHECK_EQ_INT(b_changed, 0);

    /* A still accepts its handles, with its values intact. */
    value = -1;
    AC_CHECK_OK(ac_layer_get_scalar(a, a_layer, a_opacity, &value));
    AC_CHECK_EQ_DOUBLE(value, 0.25);
    AC_CHECK_OK(ac_layer_retain(a, a_layer));
    AC_CHECK_OK(ac_layer_release(a, a_layer));
    AC_CHECK_EQ_INT(animation_count(a, a_layer), 0);
    AC_CHECK_OK(ac_layer_add_animation(a, a_layer, a_animation, "k"));
    AC_CHECK_EQ_INT(animation_count(a, a_layer), 1);
    {
        ac_layer out_layer = 0;
        AC_CHECK_OK(ac_layer_create(a, a_class, &out_layer));
        AC_CHECK_OK(ac_layer_release(a, out_layer));
    }
    AC_CHECK_OK(ac_animation_release(a, a_animation));
    AC_CHECK_OK(ac_layer_release(a, a_layer));
    AC_CHECK_OK(ac_engine_destroy(a));
}

/* Two live engines side by side: each refuses the other's layer, class and description. */
static void test_two_live_engines(void) {
    ac_engine *engines[2];
    ac_layer layers[2];
    ac_class classes[2];
    ac_animation animations[2];
    int side;

    for (side = 0; side < 2; ++side) {
        engines[side] = new_engine();
        layers[side] = new_layer(engines[side], 0);
        classes[side] = 0;
        animations[side] = 0;
        AC_CHECK_OK(ac_class_create(engines[side], "Twin", 0, NULL, 0, &classes[side]));
        AC_CHECK_OK(ac_animation_create_basic(engines[side], "opacity", &animations[side]));
        set_scalar(engines[side], layers[side], "opacity", side == 0 ? 0.125 : 0.875);
    }
    for (side = 0; side < 2; ++side) {
        ac_engine *self = engines[side];
        int other = 1 - side;
        ac_key opacity = key_of(self, "opacity");
        ac_layer out_layer = 0;
        ac_class out_class = 0;
        int32_t kind = -1;
        double value = -1;

        EXPECT_ERROR(ac_layer_get_scalar(self, layers[other], opacity, &value), AC_ERR_BAD_HANDLE, "layer");
        EXPECT_ERROR(ac_layer_set_scalar(self, layers[other], opacity, 0.5), AC_ERR_BAD_HANDLE, "layer");
        EXPECT_ERROR(ac_layer_retain(self, layers[other]), AC_ERR_BAD_HANDLE, "layer");
        EXPECT_ERROR(ac_layer_release(self, layers[other]), AC_ERR_BAD_HANDLE, "layer");
        EXPECT_ERROR(ac_layer_add_animation(self, layers[other], animations[side], "k"), AC_ERR_BAD_HANDLE,
                     "layer");
        EXPECT_ERROR(ac_layer_add_sublayer(self, layers[side], layers[other]), AC_ERR_BAD_HANDLE, "child");
        EXPECT_ERROR(ac_layer_create(self, classes[other], &out_layer), AC_ERR_BAD_HANDLE, "layer_class");
        EXPECT_ERROR(ac_class_create(self, "Sub", classes[other], NULL, 0, &out_class), AC_ERR_BAD_HANDLE,
                     "superclass");
        EXPECT_ERROR(ac_class_set_display(self, classes[other], NULL, NULL, NULL), AC_ERR_BAD_HANDLE,
                     "layer_class");
        EXPECT_ERROR(ac_animation_get_kind(self, animations[other], &kind), AC_ERR_BAD_HANDLE, "animation");
        EXPECT_ERROR(ac_animation_release(self, animations[other]), AC_ERR_BAD_HANDLE, "animation");
        EXPECT_ERROR(ac_layer_add_animation(self, layers[side], animations[other], "k"), AC_ERR_BAD_HANDLE,
                     "animation");
    }
    for (side = 0; side < 2; ++side) {
        int32_t kind = -1;
        AC_CHECK_EQ_DOUBLE(model_scalar(engines[side], layers[side], "opacity"), side == 0 ? 0.125 : 0.875);
        AC_CHECK_OK(ac_animation_get_kind(engines[side], animations[side], &kind));
        AC_CHECK_EQ_INT(kind, AC_ANIMATION_KIND_BASIC);
        AC_CHECK_EQ_INT(animation_count(engines[side], layers[side]), 0);
        AC_CHECK_OK(ac_engine_destroy(engines[side]));
    }
}

/* ---------------------------------------------------------------------------------------- */
/* Another engine's keys (issue 34)                                                          */
/* ---------------------------------------------------------------------------------------- */

/* Engine B interns new names until one has the index of A's "transform.rotation.z" (keys are
   per-engine tables, so indexes meet). Every call of A taking that key of B's must refuse it
   with AC_ERR_BAD_HANDLE naming the key, and leave A's rotation as it was. */
static void test_foreign_keys(void) {
    ac_engine *a = new_engine(), *b = new_engine();
    ac_layer layer = new_layer(a, 0);
    ac_key rotation = key_of(a, "transform.rotation.z"), foreign = 0;
    const uint32_t index_mask = 0xFFFFF; /* a key's index: its low 20 bits */
    char name[32];
    size_t length = 0;
    int tries;
    double scalar = -1;
    ac_value value = ac_value_scalar(1.0);
    double slots[4];
    size_t stride = 0, columns[1];

    for (tries = 0; tries < 1000 && (foreign & index_mask) != (rotation & index_mask); ++tries) {
        snprintf(name, sizeof name, "foo%d", tries);
        foreign = key_of(b, name);
    }
    AC_CHECK_EQ_INT(foreign & index_mask, rotation & index_mask);
    AC_CHECK(foreign != rotation);
    EXPECT_ERROR(ac_layer_set_scalar(a, layer, foreign, 1.0), AC_ERR_BAD_HANDLE, ": key ");
    EXPECT_ERROR(ac_layer_set_value(a, layer, foreign, &value), AC_ERR_BAD_HANDLE, ": key ");
    EXPECT_ERROR(ac_layer_get_scalar(a, layer, foreign, &scalar), AC_ERR_BAD_HANDLE, ": key ");
    EXPECT_ERROR(ac_layer_get_value(a, layer, foreign, &value), AC_ERR_BAD_HANDLE, ": key ");
    EXPECT_ERROR(ac_layer_get_presentation_scalar(a, layer, foreign, &scalar), AC_ERR_BAD_HANDLE, ": key ");
    EXPECT_ERROR(ac_layer_get_presentation_value(a, layer, foreign, &value), AC_ERR_BAD_HANDLE, ": key ");
    EXPECT_ERROR(ac_layer_get_presentation_velocity(a, layer, foreign, &value), AC_ERR_BAD_HANDLE, ": key ");
    EXPECT_ERROR(ac_layers_set_value(a, &layer, 1, foreign, slots, 1), AC_ERR_BAD_HANDLE, "key ");
    EXPECT_ERROR(ac_layers_get_presentation(a, &layer, 1, foreign, slots, 4, &stride), AC_ERR_BAD_HANDLE, "key ");
    EXPECT_ERROR(ac_layers_get_presentation_table(a, &layer, 1, &foreign, 1, slots, 4, &stride, columns),
                 AC_ERR_BAD_HANDLE, "key ");
    EXPECT_ERROR(ac_engine_key_name(a, foreign, name, sizeof name, &length), AC_ERR_BAD_HANDLE, ": key ");
    /* A made-up number (no engine's tag) is refused the same way. */
    EXPECT_ERROR(ac_layer_set_scalar(a, layer, rotation & index_mask, 1.0), AC_ERR_BAD_HANDLE, ": key ");
    /* A's own key still works, and nothing above changed A's rotation. */
    AC_CHECK_OK(ac_layer_get_scalar(a, layer, rotation, &scalar));
    AC_CHECK_EQ_DOUBLE(scalar, 0.0);
    AC_CHECK_OK(ac_engine_key_name(b, foreign, name, sizeof name, &length));
    AC_CHECK_OK(ac_engine_destroy(a));
    AC_CHECK_OK(ac_engine_destroy(b));
}

/* ---------------------------------------------------------------------------------------- */
/* 3. A released description                                                                 */
/* ---------------------------------------------------------------------------------------- */

static void test_stale_description(void) {
    enum { CYCLES = 10000 };
    ac_engine *engine = new_engine();
    ac_animation keep = 0, stale = 0;
    long accepted_kind = 0, accepted_release = 0, live_lost = 0, setup_failures = 0;
    int cycle;
    int32_t kind = -1;

    AC_CHECK_OK(ac_animation_create_basic(engine, "opacity", &keep));
    AC_CHECK_OK(ac_animation_create_basic(engine, "opacity", &stale));
    AC_CHECK_OK(ac_animation_release(engine, stale));
    EXPECT_ERROR(ac_animation_get_kind(engine, stale, &kind), AC_ERR_BAD_HANDLE, "animation");

    for (cycle = 1; cycle <= CYCLES; ++cycle) {
        ac_animation live = 0;
        ac_status status;
        if (ac_animation_create_basic(engine, "position.x", &live) != AC_OK) ++setup_failures;
        status = ac_animation_get_kind(engine, stale, &kind);
        if (status != AC_ERR_BAD_HANDLE) note_accepted("stale description read", cycle, status, &accepted_kind);
        status = ac_animation_release(engine, stale);
        if (status != AC_ERR_BAD_HANDLE)
            note_accepted("stale description released", cycle, status, &accepted_release);
        /* The live description (very likely in the stale one's entry) is untouched. */
        if (ac_animation_get_kind(engine, live, &kind) != AC_OK || ac_animation_release(engine, live) != AC_OK) {
            if (live_lost < 5) printf("    the live description was lost at cycle %d\n", cycle);
            ++live_lost;
        }
    }
    AC_CHECK_EQ_INT(setup_failures, 0);
    AC_CHECK_EQ_INT(accepted_kind, 0);
    AC_CHECK_EQ_INT(accepted_release, 0);
    AC_CHECK_EQ_INT(live_lost, 0);
    AC_CHECK_OK(ac_animation_get_kind(engine, keep, &kind));
    AC_CHECK_OK(ac_animation_release(engine, keep));
    EXPECT_ERROR(ac_animation_release(engine, keep), AC_ERR_BAD_HANDLE, "animation");
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* 4. A destroyed engine's class                                                             */
/* ---------------------------------------------------------------------------------------- */

static void test_destroyed_engine_class(void) {
    enum { ENGINES = 5000 };
    ac_engine *gone = new_engine();
    ac_class stale = 0;
    long accepted_create = 0, accepted_super = 0, setup_failures = 0;
    int cycle;

    AC_CHECK_OK(ac_class_create(gone, "Gone", 0, NULL, 0, &stale));
    AC_CHECK_OK(ac_engine_destroy(gone));

    for (cycle = 1; cycle <= ENGINES; ++cycle) {
        ac_engine *engine = quiet_engine();
        ac_class own = 0, sub = 0;
        ac_layer layer = 0;
        ac_status status;
        if (ac_class_create(engine, "Own", 0, NULL, 0, &own) != AC_OK) ++setup_failures;
        status = ac_layer_create(engine, stale, &layer);
        if (status != AC_ERR_BAD_HANDLE) note_accepted("stale class: layer_create", cycle, status, &accepted_create);
        status = ac_class_create(engine, "Sub", stale, NULL, 0, &sub);
        if (status != AC_ERR_BAD_HANDLE) note_accepted("stale class: superclass", cycle, status, &accepted_super);
        if (ac_layer_create(engine, own, &layer) != AC_OK) ++setup_failures;
        if (ac_engine_destroy(engine) != AC_OK) ++setup_failures;
    }
    AC_CHECK_EQ_INT(setup_failures, 0);
    AC_CHECK_EQ_INT(accepted_create, 0);
    AC_CHECK_EQ_INT(accepted_super, 0);
}

/* ---------------------------------------------------------------------------------------- */
/* 5. A released layer; a destroyed engine's pointer                                         */
/* ---------------------------------------------------------------------------------------- */

/* 2^22 + 16 create/release cycles of one slot (the old generation had 22 bits). Every cycle
   checks the stale handle with a getter, every 4096th also with retain and release. */
static void test_stale_layer(void) {
    const long cycles = (1L << 22) + 16;
    ac_engine *engine = new_engine();
    ac_key opacity = key_of(engine, "opacity");
    ac_layer keep = new_layer(engine, 0);
    ac_layer stale = new_layer(engine, 0);
    long accepted_get = 0, accepted_retain = 0, setup_failures = 0, cycle;
    double start, elapsed, value;

    AC_CHECK_OK(ac_layer_release(engine, stale));
    EXPECT_ERROR(ac_layer_retain(engine, stale), AC_ERR_BAD_HANDLE, "layer");

    start = seconds_now();
    for (cycle = 1; cycle <= cycles; ++cycle) {
        ac_layer live = 0;
        ac_status status;
        if (ac_layer_create(engine, 0, &live) != AC_OK) ++setup_failures;
        status = ac_layer_get_scalar(engine, stale, opacity, &value);
        if (status != AC_ERR_BAD_HANDLE) note_accepted("stale layer: get", cycle, status, &accepted_get);
        if ((cycle & 4095) == 0 || (cycle >= (1L << 22) - 16 && cycle <= (1L << 22) + 16)) {
            status = ac_layer_retain(engine, stale);
            if (status != AC_ERR_BAD_HANDLE) {
                note_accepted("stale layer: retain", cycle, status, &accepted_retain);
                if (status == AC_OK) ac_layer_release(engine, stale); /* undo */
            }
        }
        if (ac_layer_release(engine, live) != AC_OK) ++setup_failures;
    }
    elapsed = seconds_now() - start;
    printf("stale layer: %ld create/release cycles in %.2f s (%.0f ns each)\n", cycles, elapsed,
           elapsed / (double)cycles * 1e9);
    AC_CHECK_EQ_INT(setup_failures, 0);
    AC_CHECK_EQ_INT(accepted_get, 0);
    AC_CHECK_EQ_INT(accepted_retain, 0);
    AC_CHECK_OK(ac_layer_retain(engine, keep));
    AC_CHECK_OK(ac_layer_release(engine, keep));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

static void test_destroyed_engine_pointer(void) {
    enum { ENGINES = 5000 };
    ac_engine *gone = new_engine();
    long accepted = 0, same_pointer = 0, setup_failures = 0;
    int cycle;
    double t;

    AC_CHECK_OK(ac_engine_destroy(gone));
    for (cycle = 1; cycle <= ENGINES; ++cycle) {
        ac_engine *engine = quiet_engine();
        ac_status status;
        if (engine == gone) ++same_pointer;
        status = ac_engine_current_time(gone, &t);
        if (status != AC_ERR_BAD_HANDLE) note_accepted("destroyed engine pointer", cycle, status, &accepted);
        status = ac_engine_tick(gone, 1.0);
        if (status != AC_ERR_BAD_HANDLE) note_accepted("destroyed engine pointer: tick", cycle, status, &accepted);
        if (ac_engine_tick(engine, 1.0) != AC_OK) ++setup_failures;
        if (ac_engine_destroy(engine) != AC_OK) ++setup_failures;
    }
    AC_CHECK_EQ_INT(setup_failures, 0);
    AC_CHECK_EQ_INT(same_pointer, 0);
    AC_CHECK_EQ_INT(accepted, 0);
    EXPECT_ERROR(ac_engine_destroy(gone), AC_ERR_BAD_HANDLE, "engine");
}

/* ---------------------------------------------------------------------------------------- */
/* Made-up handles                                                                           */
/* ---------------------------------------------------------------------------------------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void) { /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Dull;
}

static void test_made_up_handles(void) {
    ac_engine *engine = new_engine();
    ac_key opacity = key_of(engine, "opacity");
    ac_layer layer = new_layer(engine, 0);
    ac_class cls = 0;
    ac_animation animation = 0;
    ac_layer out_layer = 0;
    ac_class out_class = 0;
    int32_t kind = -1;
    double value = 0;
    long accepted = 0;
    int index;

    AC_CHECK_OK(ac_class_create(engine, "Made", 0, NULL, 0, &cls));
    AC_CHECK_OK(ac_animation_create_basic(engine, "opacity", &animation));

    /* 0: the built-in class; no layer (retain and getters refuse it, release is a no-op); no
       animation (release is a no-op, everything else refuses it). */
    AC_CHECK_OK(ac_layer_create(engine, 0, &out_layer));
    AC_CHECK_OK(ac_layer_release(engine, out_layer));
    EXPECT_ERROR(ac_layer_retain(engine, 0), AC_ERR_BAD_HANDLE, "layer");
    AC_CHECK_OK(ac_layer_release(engine, 0));
    EXPECT_ERROR(ac_layer_get_scalar(engine, 0, opacity, &value), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_set_scalar(engine, 0, opacity, 0.5), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_class(engine, 0, &out_class), AC_ERR_BAD_HANDLE, "layer");
    AC_CHECK_OK(ac_animation_release(engine, 0));
    EXPECT_ERROR(ac_animation_get_kind(engine, 0, &kind), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, 0, "k"), AC_ERR_BAD_HANDLE, "animation");

    /* All ones. */
    EXPECT_ERROR(ac_layer_retain(engine, UINT64_MAX), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_release(engine, UINT64_MAX), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_get_scalar(engine, UINT64_MAX, opacity, &value), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_create(engine, UINT64_MAX, &out_layer), AC_ERR_BAD_HANDLE, "layer_class");
    EXPECT_ERROR(ac_animation_get_kind(engine, UINT64_MAX, &kind), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_animation_release(engine, UINT64_MAX), AC_ERR_BAD_HANDLE, "animation");

    /* A handle of one kind passed as another. */
    EXPECT_ERROR(ac_layer_create(engine, (ac_class)layer, &out_layer), AC_ERR_BAD_HANDLE, "layer_class");
    EXPECT_ERROR(ac_layer_create(engine, (ac_class)animation, &out_layer), AC_ERR_BAD_HANDLE, "layer_class");
    EXPECT_ERROR(ac_animation_get_kind(engine, (ac_animation)layer, &kind), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_animation_release(engine, (ac_animation)layer), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_animation_get_kind(engine, (ac_animation)cls, &kind), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_layer_add_animation(engine, layer, (ac_animation)cls, "k"), AC_ERR_BAD_HANDLE, "animation");
    EXPECT_ERROR(ac_layer_get_scalar(engine, (ac_layer)cls, opacity, &value), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_retain(engine, (ac_layer)cls), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_get_scalar(engine, (ac_layer)animation, opacity, &value), AC_ERR_BAD_HANDLE, "layer");
    EXPECT_ERROR(ac_layer_release(engine, (ac_layer)animation), AC_ERR_BAD_HANDLE, "layer");

    /* Neighbours of live handles (one bit flipped anywhere). */
    for (index = 0; index < 64; ++index) {
        uint64_t bit = (uint64_t)1 << index;
        if (ac_layer_get_scalar(engine, layer ^ bit, opacity, &value) != AC_ERR_BAD_HANDLE)
            note_accepted("layer with a bit flipped", index, AC_OK, &accepted);
        if (ac_layer_create(engine, cls ^ bit, &out_layer) != AC_ERR_BAD_HANDLE) {
            if ((cls ^ bit) != 0) note_accepted("class with a bit flipped", index, AC_OK, &accepted);
            else ac_layer_release(engine, out_layer);
        }
        if (ac_animation_get_kind(engine, animation ^ bit, &kind) != AC_ERR_BAD_HANDLE)
            note_accepted("description with a bit flipped", index, AC_OK, &accepted);
    }
    /* Random 64-bit values. */
    for (index = 0; index < 100000; ++index) {
        uint64_t raw = next_random();
        if (raw == 0) continue;
        if (ac_layer_get_scalar(engine, raw, opacity, &value) != AC_ERR_BAD_HANDLE)
            note_accepted("random layer", index, AC_OK, &accepted);
        if (ac_layer_create(engine, raw, &out_layer) != AC_ERR_BAD_HANDLE)
            note_accepted("random class", index, AC_OK, &accepted);
        if (ac_animation_get_kind(engine, raw, &kind) != AC_ERR_BAD_HANDLE)
            note_accepted("random description", index, AC_OK, &accepted);
    }
    AC_CHECK_EQ_INT(accepted, 0);

    /* Made-up engine pointers. */
    {
        ac_engine *made_up[4];
        uintptr_t bits;
        memcpy(&bits, &engine, sizeof bits);
        made_up[0] = (ac_engine *)(uintptr_t)UINTPTR_MAX;
        made_up[1] = (ac_engine *)(uintptr_t)0x1000;
        made_up[2] = (ac_engine *)(bits + 16);
        made_up[3] = (ac_engine *)(uintptr_t)next_random();
        for (index = 0; index < 4; ++index) {
            double t;
            EXPECT_ERROR(ac_engine_current_time(made_up[index], &t), AC_ERR_BAD_HANDLE, "engine");
            EXPECT_ERROR(ac_layer_retain(made_up[index], layer), AC_ERR_BAD_HANDLE, "engine");
        }
    }

    /* The real handles still work. */
    AC_CHECK_OK(ac_layer_get_scalar(engine, layer, opacity, &value));
    AC_CHECK_EQ_DOUBLE(value, 1.0);
    AC_CHECK_OK(ac_animation_get_kind(engine, animation, &kind));
    AC_CHECK_OK(ac_layer_create(engine, cls, &out_layer));
    AC_CHECK_OK(ac_engine_destroy(engine));
}

/* ---------------------------------------------------------------------------------------- */
/* 2. The retain bound                                                                       */
/* ---------------------------------------------------------------------------------------- */

/* In a child process: retains up to the maximum count (2^31 - 1 references), then one more,
   which must answer AC_ERR_OUT_OF_RANGE; the child's exit code says what happened. */
static void test_retain_bound(void) {
    const char *flag = getenv("AC_TEST_RETAIN_BOUND");
    pid_t child;
    int wait_status = 0;
    double start = seconds_now();

    if (flag == NULL || strcmp(flag, "1") != 0) {
        printf("retain bound: skipped (set AC_TEST_RETAIN_BOUND=1; 2^31 calls)\n");
        return;
    }
    fflush(stdout);
    child = fork();
    if (child < 0) {
        AC_CHECK(child >= 0);
        return;
    }
    if (child == 0) {
        ac_engine *engine = NULL;
        ac_layer layer = 0;
        long long count = 1, failures = 0;
        ac_status status;
        double value = -1;
        ac_key opacity = 0;
        if (ac_engine_create(NULL, &engine) != AC_OK || ac_layer_create(engine, 0, &layer) != AC_OK ||
            ac_engine_key(engine, "opacity", &opacity) != AC_OK)
            _exit(10);
        while (count < 2147483647LL) {
            if (ac_layer_retain(engine, layer) != AC_OK) ++failures;
            ++count;
        }
        if (failures != 0) {
            printf("    child: %lld retains below the bound failed\n", failures);
            fflush(stdout);
            _exit(11);
        }
        status = ac_layer_retain(engine, layer);
        if (status != AC_ERR_OUT_OF_RANGE) {
            printf("    child: the retain beyond 2^31 - 1 answered %s\n", ac_status_name(status));
            fflush(stdout);
            _exit(12);
        }
        status = ac_layer_retain(engine, layer);
        if (status != AC_ERR_OUT_OF_RANGE) _exit(13);
        /* The layer is intact: one release leaves it alive. */
        if (ac_layer_release(engine, layer) != AC_OK) _exit(14);
        if (ac_layer_get_scalar(engine, layer, opacity, &value) != AC_OK || value != 1.0) _exit(15);
        if (ac_engine_destroy(engine) != AC_OK) _exit(16);
        _exit(0);
    }
    if (waitpid(child, &wait_status, 0) != child) {
        AC_CHECK(0);
        return;
    }
    printf("retain bound: child ran %.1f s\n", seconds_now() - start);
    if (WIFSIGNALED(wait_status)) printf("    child killed by signal %d (a trap)\n", WTERMSIG(wait_status));
    AC_CHECK(WIFEXITED(wait_status));
    if (WIFEXITED(wait_status)) AC_CHECK_EQ_INT(WEXITSTATUS(wait_status), 0);
}

int main(void) {
    double start = seconds_now(), t;

#define RUN(test)                                                                   \
    t = seconds_now();                                                              \
    test();                                                                         \
    printf("%s: %.2f s\n", #test, seconds_now() - t);

    RUN(test_two_live_engines);
    RUN(test_foreign_keys);
    RUN(test_live_engine_handles_in_later_engines);
    RUN(test_stale_description);
    RUN(test_destroyed_engine_class);
    RUN(test_destroyed_engine_pointer);
    RUN(test_made_up_handles);
    RUN(test_stale_layer);
    RUN(test_retain_bound);
#undef RUN
    printf("total: %.2f s\n", seconds_now() - start);
    return ac_test_finish();
}
