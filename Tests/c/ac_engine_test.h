/*
 * ac_engine_test.h — helpers shared by the engine tests (test_engine.c, test_layers.c,
 * test_animations.c, test_display.c, test_seeds.c), on top of ac_test.h.
 */
#ifndef AC_ENGINE_TEST_H
#define AC_ENGINE_TEST_H

#include <stdint.h>
#include <stdlib.h>

#include "ac_test.h"

/* `call` fails with `status`; the thread's last error agrees and names `name`. */
#define EXPECT_ERROR(call, status, name)                                                     \
    do {                                                                                     \
        ac_clear_last_error();                                                               \
        if (AC_CHECK_STATUS(call, status)) {                                                 \
            AC_CHECK_EQ_INT(ac_last_error_status(), status);                                 \
            AC_CHECK_STR_CONTAINS(ac_last_error_message(), ac_status_name(status));          \
            AC_CHECK_STR_CONTAINS(ac_last_error_message(), name);                            \
        }                                                                                    \
    } while (0)

#define PI 3.14159265358979323846

/* 60 frames per second from T0: frame k is at T0 + k / 60 (computed, never accumulated). */
#define T0 100.0
static inline double frame_time(int k) { return T0 + (double)k / 60.0; }

/* A new engine with the defaults (the test fails and exits when that is impossible). */
static inline ac_engine *new_engine(void) {
    ac_engine *engine = NULL;
    if (!AC_CHECK_OK(ac_engine_create(NULL, &engine)) || engine == NULL) exit(ac_test_finish() | 1);
    return engine;
}

static inline ac_key key_of(ac_engine *engine, const char *name) {
    ac_key key = 0;
    AC_CHECK_OK(ac_engine_key(engine, name, &key));
    return key;
}

static inline ac_layer new_layer(ac_engine *engine, ac_class layer_class) {
    ac_layer layer = 0;
    AC_CHECK_OK(ac_layer_create(engine, layer_class, &layer));
    return layer;
}

static inline void tick(ac_engine *engine, double now_s) { AC_CHECK_OK(ac_engine_tick(engine, now_s)); }

static inline void set_scalar(ac_engine *engine, ac_layer layer, const char *name, double value) {
    AC_CHECK_OK(ac_layer_set_scalar(engine, layer, key_of(engine, name), value));
}

static inline double model_scalar(ac_engine *engine, ac_layer layer, const char *name) {
    double value = NAN;
    AC_CHECK_OK(ac_layer_get_scalar(engine, layer, key_of(engine, name), &value));
    return value;
}

static inline double presentation_scalar(ac_engine *engine, ac_layer layer, const char *name) {
    double value = NAN;
    AC_CHECK_OK(ac_layer_get_presentation_scalar(engine, layer, key_of(engine, name), &value));
    return value;
}

static inline ac_value model_value(ac_engine *engine, ac_layer layer, const char *name) {
    ac_value value = ac_value_zeroed(-1);
    AC_CHECK_OK(ac_layer_get_value(engine, layer, key_of(engine, name), &value));
    return value;
}

static inline ac_value presentation_value(ac_engine *engine, ac_layer layer, const char *name) {
    ac_value value = ac_value_zeroed(-1);
    AC_CHECK_OK(ac_layer_get_presentation_value(engine, layer, key_of(engine, name), &value));
    return value;
}

static inline void set_value(ac_engine *engine, ac_layer layer, const char *name, ac_value value) {
    AC_CHECK_OK(ac_layer_set_value(engine, layer, key_of(engine, name), &value));
}

/* A basic animation of key_path over duration_s (0: the default), linear. from/to/by are
   used when the matching has_* flag is set. */
static inline ac_animation scalar_animation(ac_engine *engine, const char *key_path, int has_from,
                                            double from, int has_to, double to, int has_by,
                                            double by, double duration_s) {
    ac_animation animation = 0;
    ac_timing timing;
    AC_CHECK_OK(ac_animation_create_basic(engine, key_path, &animation));
    if (has_from) {
        ac_value v = ac_value_scalar(from);
        AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &v));
    }
    if (has_to) {
        ac_value v = ac_value_scalar(to);
        AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &v));
    }
    if (has_by) {
        ac_value v = ac_value_scalar(by);
        AC_CHECK_OK(ac_animation_set_value(engine, animation, AC_ANIMATION_BY, &v));
    }
    ac_timing_init_animation(&timing);
    timing.duration_s = duration_s;
    AC_CHECK_OK(ac_animation_set_timing(engine, animation, &timing));
    return animation;
}

/* Edits an animation's timing in place. */
static inline ac_timing get_timing(ac_engine *engine, ac_animation animation) {
    ac_timing timing;
    timing.struct_size = sizeof timing;
    AC_CHECK_OK(ac_animation_get_timing(engine, animation, &timing));
    return timing;
}

static inline void set_timing(ac_engine *engine, ac_animation animation, ac_timing timing) {
    AC_CHECK_OK(ac_animation_set_timing(engine, animation, &timing));
}

/* Counts callbacks: display, did-start, did-stop (finished / not), destroy. */
typedef struct counters {
    int display;
    int started;
    int stopped_finished;
    int stopped_unfinished;
    int destroyed;
    ac_layer last_layer;
    char last_key[64];
    int last_key_was_null;
} counters;

static inline void count_display(ac_engine *engine, ac_layer layer, void *user_data) {
    counters *c = (counters *)user_data;
    (void)engine;
    c->display++;
    c->last_layer = layer;
}

static inline void remember_key(counters *c, const char *key) {
    c->last_key_was_null = key == NULL;
    c->last_key[0] = 0;
    if (key != NULL) {
        strncpy(c->last_key, key, sizeof c->last_key - 1);
        c->last_key[sizeof c->last_key - 1] = 0;
    }
}

static inline void count_start(ac_engine *engine, ac_layer layer, const char *key, void *user_data) {
    counters *c = (counters *)user_data;
    (void)engine;
    c->started++;
    c->last_layer = layer;
    remember_key(c, key);
}

static inline void count_stop(ac_engine *engine, ac_layer layer, const char *key, int32_t finished,
                              void *user_data) {
    counters *c = (counters *)user_data;
    (void)engine;
    if (finished) c->stopped_finished++;
    else c->stopped_unfinished++;
    c->last_layer = layer;
    remember_key(c, key);
}

static inline void count_destroy(void *user_data) { ((counters *)user_data)->destroyed++; }

/* Sets a counting delegate (start, stop, destroy) on an animation description. */
static inline void count_animation(ac_engine *engine, ac_animation animation, counters *c) {
    ac_animation_delegate delegate;
    ac_animation_delegate_init(&delegate);
    delegate.did_start = count_start;
    delegate.did_stop = count_stop;
    delegate.user_data = c;
    delegate.destroy = count_destroy;
    AC_CHECK_OK(ac_animation_set_delegate(engine, animation, &delegate));
}

/* The number of keyed animations of a layer. */
static inline size_t animation_count(ac_engine *engine, ac_layer layer) {
    size_t count = 999;
    AC_CHECK_OK(ac_layer_animation_count(engine, layer, &count));
    return count;
}

#endif /* AC_ENGINE_TEST_H */
