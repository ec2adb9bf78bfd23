/*
 * thread_stress — four threads on one engine while another thread ticks it.
 *
 * Each worker thread owns a few layers (built-in and custom class, in a small tree of its own)
 * and, ITERATIONS times, opens its own transaction (ac_transaction_begin, a short duration, a
 * completion), sets property values (implicit animations), adds one explicit animation with a
 * did-start/did-stop delegate (basic, keyframe, spring, group and decay in turn, under keys
 * that repeat so that some replace a running animation; now and then one is removed), commits,
 * and reads presentation values of its own layers and of another worker's. The main thread
 * ticks all the while (engine time advances 1/60 s a tick, whatever the wall clock).
 *
 * Every registration has its own id: each transaction's completion and each add's delegate.
 * After the workers join, the engine is ticked far past every animation's end; then each
 * completion and each did-stop must have run exactly once (did-start at most once, never after
 * did-stop), the model values must be the last ones each worker set (and the presentation equal
 * to them), and after ac_engine_destroy every registration's destroy function must have run
 * exactly once. Any mismatch makes the exit status non-zero.
 *
 *   thread_stress [iterations per worker (default 150)] [layers per worker (default 4)]
 *
 * Run under ThreadSanitizer by `make sanitize` (build-tsan/), and as CTest c_thread_stress.
 */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ac_test.h"

#define WORKERS 4
#define MAX_LAYERS 16
#define KINDS 5

static int g_iterations = 150;
static int g_layers = 4;

static ac_engine *g_engine;
static ac_class g_class; /* a custom class: "progress" (scalar), "tint" (color) */
static ac_key g_opacity, g_position, g_progress, g_tint;

/* Per registration counters, indexed [worker * g_iterations + iteration]. */
static atomic_int *g_completions, *g_completion_destroys, *g_completion_unfinished;
static atomic_int *g_starts, *g_stops, *g_delegate_destroys, *g_stop_before_start_violations;
static atomic_int *g_added; /* 1 when the add of that iteration returned AC_OK */
static atomic_int g_bad_engine_in_callback;
static atomic_int g_workers_done;
/* Pacing: a worker starts iteration i once the ticker has ticked i / 2 times, and the ticker
   ticks again once every worker has done 2 iterations per tick; so both interleave (about two
   transactions per worker per tick) whatever the scheduler does. */
static atomic_long g_ticks;
static atomic_int g_worker_progress[WORKERS];
static atomic_int g_worker_failures;

typedef struct worker {
    int index;
    _Atomic ac_layer first_layer; /* layers[0], published for the other workers' reads */
    ac_layer root;
    ac_layer layers[MAX_LAYERS];
    ac_animation kinds[KINDS]; /* one description per kind, reused */
    double last_opacity[MAX_LAYERS];
    double last_x[MAX_LAYERS];
    double last_progress[MAX_LAYERS];
} worker;

static worker g_workers[WORKERS];

/* ---- callbacks: counted per id (user_data is the id + 1) ---------------------------------- */

static int id_of(void *user_data) { return (int)((uintptr_t)user_data - 1); }
static void *user_data_of(int id) { return (void *)(uintptr_t)(id + 1); }

static void on_completion(ac_engine *engine, int32_t finished, void *user_data) {
    int id = id_of(user_data);
    if (engine != g_engine) atomic_fetch_add(&g_bad_engine_in_callback, 1);
    atomic_fetch_add(&g_completions[id], 1);
    if (!finished) atomic_fetch_add(&g_completion_unfinished[id], 1);
}

static void on_completion_destroy(void *user_data) {
    atomic_fetch_add(&g_completion_destroys[id_of(user_data)], 1);
}

static void on_start(ac_engine *engine, ac_layer layer, const char *key, void *user_data) {
    int id = id_of(user_data);
    (void)layer;
    (void)key;
    if (engine != g_engine) atomic_fetch_add(&g_bad_engine_in_callback, 1);
    if (atomic_load(&g_stops[id]) != 0) atomic_fetch_add(&g_stop_before_start_violations[id], 1);
    atomic_fetch_add(&g_starts[id], 1);
}

static void on_stop(ac_engine *engine, ac_layer layer, const char *key, int32_t finished,
                    void *user_data) {
    (void)layer;
    (void)key;
    (void)finished;
    if (engine != g_engine) atomic_fetch_add(&g_bad_engine_in_callback, 1);
    atomic_fetch_add(&g_stops[id_of(user_data)], 1);
}

static void on_delegate_destroy(void *user_data) {
    atomic_fetch_add(&g_delegate_destroys[id_of(user_data)], 1);
}

/* ---- the workers -------------------------------------------------------------------------- */

/* A worker's check: counted like AC_CHECK, plus a message naming the worker. */
#define WORKER_OK(w, call)                                                                    \
    do {                                                                                      \
        ac_status status_ = (call);                                                           \
        if (!AC_CHECK_STATUS(status_, AC_OK)) {                                               \
            printf("    worker %d, %s\n", (w)->index, #call);                                 \
            atomic_fetch_add(&g_worker_failures, 1);                                          \
        }                                                                                     \
    } while (0)

static ac_animation make_description(worker *w, int kind) {
    ac_animation animation = 0;
    ac_timing timing;
    ac_timing_init_animation(&timing);
    switch (kind) {
    case 0: { /* basic: opacity 0.2 -> 0.9 */
        ac_value from = ac_value_scalar(0.2), to = ac_value_scalar(0.9);
        WORKER_OK(w, ac_animation_create_basic(g_engine, "opacity", &animation));
        WORKER_OK(w, ac_animation_set_value(g_engine, animation, AC_ANIMATION_FROM, &from));
        WORKER_OK(w, ac_animation_set_value(g_engine, animation, AC_ANIMATION_TO, &to));
        timing.duration_s = 0.1;
        break;
    }
    case 1: { /* keyframe: cornerRadius through four values, cubic */
        ac_value values[4] = {ac_value_scalar(0), ac_value_scalar(10), ac_value_scalar(4),
                              ac_value_scalar(8)};
        WORKER_OK(w, ac_animation_create_keyframe(g_engine, "cornerRadius", &animation));
        WORKER_OK(w, ac_animation_set_values(g_engine, animation, values, 4));
        WORKER_OK(w, ac_animation_set_calculation_mode(g_engine, animation, AC_CALCULATION_CUBIC));
        timing.duration_s = 0.15;
        break;
    }
    case 2: { /* spring: position.y from 0 to 50, cut at 0.2 s */
        ac_value from = ac_value_scalar(0), to = ac_value_scalar(50);
        WORKER_OK(w, ac_animation_create_spring(g_engine, "position.y", &animation));
        WORKER_OK(w, ac_animation_set_value(g_engine, animation, AC_ANIMATION_FROM, &from));
        WORKER_OK(w, ac_animation_set_value(g_engine, animation, AC_ANIMATION_TO, &to));
        timing.duration_s = 0.2;
        break;
    }
    case 3: { /* group: a basic child and a keyframe child */
        ac_animation children[2] = {0, 0};
        ac_value from = ac_value_scalar(1), to = ac_value_scalar(3);
        ac_value values[3] = {ac_value_scalar(0), ac_value_scalar(5), ac_value_scalar(0)};
        WORKER_OK(w, ac_animation_create_basic(g_engine, "borderWidth", &children[0]));
        WORKER_OK(w, ac_animation_set_value(g_engine, children[0], AC_ANIMATION_FROM, &from));
        WORKER_OK(w, ac_animation_set_value(g_engine, children[0], AC_ANIMATION_TO, &to));
        WORKER_OK(w, ac_animation_create_keyframe(g_engine, "shadowRadius", &children[1]));
        WORKER_OK(w, ac_animation_set_values(g_engine, children[1], values, 3));
        WORKER_OK(w, ac_animation_create_group(g_engine, &animation));
        WORKER_OK(w, ac_animation_set_children(g_engine, animation, children, 2));
        WORKER_OK(w, ac_animation_release(g_engine, children[0]));
        WORKER_OK(w, ac_animation_release(g_engine, children[1]));
        timing.duration_s = 0.12;
        break;
    }
    default: { /* decay: zPosition thrown at 100/s, stops in about 0.46 s */
        ac_decay decay;
        ac_value from = ac_value_scalar(0), velocity = ac_value_scalar(100);
        ac_decay_init(&decay);
        decay.deceleration_rate = 0.99;
        WORKER_OK(w, ac_animation_create_decay(g_engine, "zPosition", &animation));
        WORKER_OK(w, ac_animation_set_decay(g_engine, animation, &decay));
        WORKER_OK(w, ac_animation_set_value(g_engine, animation, AC_ANIMATION_FROM, &from));
        WORKER_OK(w, ac_animation_set_value(g_engine, animation, AC_ANIMATION_VELOCITY, &velocity));
        return animation; /* duration 0: its stopping time */
    }
    }
    WORKER_OK(w, ac_animation_set_timing(g_engine, animation, &timing));
    return animation;
}

static void *work(void *argument) {
    worker *w = argument;
    int i, j;
    char key[32];

    /* Own layers: a root, and layers of both classes under it. */
    WORKER_OK(w, ac_layer_create(g_engine, 0, &w->root));
    for (j = 0; j < g_layers; ++j) {
        WORKER_OK(w, ac_layer_create(g_engine, j % 2 ? g_class : 0, &w->layers[j]));
        WORKER_OK(w, ac_layer_add_sublayer(g_engine, w->root, w->layers[j]));
        w->last_opacity[j] = 1.0;
        w->last_x[j] = 0.0;
        w->last_progress[j] = 0.0;
    }
    atomic_store(&w->first_layer, w->layers[0]);
    for (j = 0; j < KINDS; ++j) w->kinds[j] = make_description(w, j);

    for (i = 0; i < g_iterations; ++i) {
        int id = w->index * g_iterations + i;
        int target = i % g_layers;
        int kind = i % KINDS;
        ac_animation_delegate delegate;
        ac_status added;

        while (atomic_load(&g_ticks) < i / 2) sched_yield();

        WORKER_OK(w, ac_transaction_begin(g_engine));
        WORKER_OK(w, ac_transaction_set_animation_duration(g_engine, 0.05 + 0.01 * (i % 5)));
        WORKER_OK(w, ac_transaction_add_completion(g_engine, on_completion, user_data_of(id),
                                                   on_completion_destroy));
        for (j = 0; j < g_layers; ++j) {
            if ((i + j) % 3 == 0) {
                ac_value position;
                double opacity = (double)((i * 7 + j * 3) % 11) / 10.0;
                double x = (double)(i * 5 + j);
                WORKER_OK(w, ac_layer_set_scalar(g_engine, w->layers[j], g_opacity, opacity));
                position = ac_value_point(x, (double)j);
                WORKER_OK(w, ac_layer_set_value(g_engine, w->layers[j], g_position, &position));
                w->last_opacity[j] = opacity;
                w->last_x[j] = x;
            }
            if (j % 2 == 1 && (i + j) % 2 == 0) {
                double progress = (double)(i % 17) / 16.0;
                ac_value tint = ac_value_color(progress, 0.5, 1.0 - progress, 1.0);
                WORKER_OK(w, ac_layer_set_scalar(g_engine, w->layers[j], g_progress, progress));
                WORKER_OK(w, ac_layer_set_value(g_engine, w->layers[j], g_tint, &tint));
                w->last_progress[j] = progress;
            }
        }
        /* The explicit animation, with a delegate of its own. */
        ac_animation_delegate_init(&delegate);
        delegate.did_start = on_start;
        delegate.did_stop = on_stop;
        delegate.user_data = user_data_of(id);
        delegate.destroy = on_delegate_destroy;
        WORKER_OK(w, ac_animation_set_delegate(g_engine, w->kinds[kind], &delegate));
        snprintf(key, sizeof key, "w%d-%d", w->index, i % 8);
        added = ac_layer_add_animation(g_engine, w->layers[target], w->kinds[kind], key);
        WORKER_OK(w, added);
        atomic_store(&g_added[id], added == AC_OK);
        if (i % 7 == 3) {
            snprintf(key, sizeof key, "w%d-%d", w->index, (i + 5) % 8);
            WORKER_OK(w, ac_layer_remove_animation(g_engine, w->layers[(target + 1) % g_layers],
                                                   key));
        }
        WORKER_OK(w, ac_transaction_commit(g_engine));

        /* Presentation reads: own layers and another worker's first layer. */
        for (j = 0; j < g_layers; ++j) {
            double value = NAN;
            ac_value point;
            WORKER_OK(w, ac_layer_get_presentation_scalar(g_engine, w->layers[j], g_opacity, &value));
            if (!AC_CHECK(isfinite(value))) atomic_fetch_add(&g_worker_failures, 1);
            WORKER_OK(w, ac_layer_get_presentation_value(g_engine, w->layers[j], g_position, &point));
            if (!AC_CHECK(isfinite(point.v[0]) && isfinite(point.v[1])))
                atomic_fetch_add(&g_worker_failures, 1);
        }
        {
            worker *other = &g_workers[(w->index + 1) % WORKERS];
            double value;
            /* The other worker's layer may not exist yet: then its handle is 0 and refused. */
            ac_layer layer = atomic_load(&other->first_layer);
            if (layer != 0) {
                WORKER_OK(w, ac_layer_get_presentation_scalar(g_engine, layer, g_opacity, &value));
            }
        }
        atomic_store(&g_worker_progress[w->index], i + 1);
    }
    atomic_store(&g_worker_progress[w->index], 1 << 30);
    atomic_fetch_add(&g_workers_done, 1);
    return NULL;
}

int main(int argc, char **argv) {
    pthread_t threads[WORKERS];
    ac_property_desc properties[2];
    ac_value zero = ac_value_scalar(0), clear = ac_value_color(0, 0, 0, 0);
    double now = 1.0;
    long ticks = 0;
    int total, id, w, j;
    int missing_completion = 0, extra_completion = 0, missing_stop = 0, extra_stop = 0;
    int extra_start = 0, bad_order = 0, bad_destroy = 0;

    if (argc > 1) g_iterations = atoi(argv[1]);
    if (argc > 2) g_layers = atoi(argv[2]);
    if (g_iterations < 1) g_iterations = 1;
    if (g_layers < 2) g_layers = 2;
    if (g_layers > MAX_LAYERS) g_layers = MAX_LAYERS;
    total = WORKERS * g_iterations;

    g_completions = calloc((size_t)total, sizeof(atomic_int));
    g_completion_destroys = calloc((size_t)total, sizeof(atomic_int));
    g_completion_unfinished = calloc((size_t)total, sizeof(atomic_int));
    g_starts = calloc((size_t)total, sizeof(atomic_int));
    g_stops = calloc((size_t)total, sizeof(atomic_int));
    g_delegate_destroys = calloc((size_t)total, sizeof(atomic_int));
    g_stop_before_start_violations = calloc((size_t)total, sizeof(atomic_int));
    g_added = calloc((size_t)total, sizeof(atomic_int));

    AC_CHECK_OK(ac_engine_create(NULL, &g_engine));
    AC_CHECK_OK(ac_property_desc_init(&properties[0], "progress", &zero));
    AC_CHECK_OK(ac_property_desc_init(&properties[1], "tint", &clear));
    AC_CHECK_OK(ac_class_create(g_engine, "Stress", 0, properties, 2, &g_class));
    AC_CHECK_OK(ac_engine_key(g_engine, "opacity", &g_opacity));
    AC_CHECK_OK(ac_engine_key(g_engine, "position", &g_position));
    AC_CHECK_OK(ac_engine_key(g_engine, "progress", &g_progress));
    AC_CHECK_OK(ac_engine_key(g_engine, "tint", &g_tint));
    AC_CHECK_OK(ac_engine_tick(g_engine, now));

    for (w = 0; w < WORKERS; ++w) {
        g_workers[w].index = w;
        AC_CHECK_EQ_INT(pthread_create(&threads[w], NULL, work, &g_workers[w]), 0);
    }
    /* Tick while they work: engine time in steps of 1/60 s. */
    while (atomic_load(&g_workers_done) < WORKERS) {
        int slowest = 1 << 30;
        now += 1.0 / 60.0;
        AC_CHECK_OK(ac_engine_tick(g_engine, now));
        atomic_store(&g_ticks, ++ticks);
        do {
            slowest = 1 << 30;
            for (w = 0; w < WORKERS; ++w)
                if (atomic_load(&g_worker_progress[w]) < slowest) slowest = atomic_load(&g_worker_progress[w]);
            if (slowest < 2 * ticks) sched_yield();
        } while (slowest < 2 * ticks);
    }
    for (w = 0; w < WORKERS; ++w) pthread_join(threads[w], NULL);

    /* Far past every animation's end (the longest: a decay of about 0.5 s). */
    for (j = 0; j < 8; ++j) {
        now += 1.0;
        AC_CHECK_OK(ac_engine_tick(g_engine, now));
    }

    for (id = 0; id < total; ++id) {
        int completions = atomic_load(&g_completions[id]);
        int stops = atomic_load(&g_stops[id]);
        int expected_stops = atomic_load(&g_added[id]);
        if (completions < 1) ++missing_completion;
        if (completions > 1) ++extra_completion;
        if (stops < expected_stops) ++missing_stop;
        if (stops > expected_stops) ++extra_stop;
        if (atomic_load(&g_starts[id]) > 1) ++extra_start;
        if (atomic_load(&g_stop_before_start_violations[id]) != 0) ++bad_order;
    }
    AC_CHECK_EQ_INT(missing_completion, 0);
    AC_CHECK_EQ_INT(extra_completion, 0);
    AC_CHECK_EQ_INT(missing_stop, 0);
    AC_CHECK_EQ_INT(extra_stop, 0);
    AC_CHECK_EQ_INT(extra_start, 0);
    AC_CHECK_EQ_INT(bad_order, 0);
    AC_CHECK_EQ_INT(atomic_load(&g_bad_engine_in_callback), 0);
    AC_CHECK_EQ_INT(atomic_load(&g_worker_failures), 0);

    /* Final model values: the last each worker set; every animation has ended, so the
       presentation shows them too. */
    for (w = 0; w < WORKERS; ++w) {
        worker *wk = &g_workers[w];
        size_t count = 0;
        for (j = 0; j < g_layers; ++j) {
            double value = NAN;
            ac_value point;
            AC_CHECK_OK(ac_layer_get_scalar(g_engine, wk->layers[j], g_opacity, &value));
            AC_CHECK_EQ_DOUBLE(value, wk->last_opacity[j]);
            AC_CHECK_OK(ac_layer_get_presentation_scalar(g_engine, wk->layers[j], g_opacity, &value));
            AC_CHECK_EQ_DOUBLE(value, wk->last_opacity[j]);
            AC_CHECK_OK(ac_layer_get_value(g_engine, wk->layers[j], g_position, &point));
            AC_CHECK_EQ_DOUBLE(point.v[0], wk->last_x[j]);
            if (j % 2 == 1) {
                AC_CHECK_OK(ac_layer_get_scalar(g_engine, wk->layers[j], g_progress, &value));
                AC_CHECK_EQ_DOUBLE(value, wk->last_progress[j]);
            }
            AC_CHECK_OK(ac_layer_animation_count(g_engine, wk->layers[j], &count));
            AC_CHECK_EQ_INT(count, 0);
        }
        {
            ac_layer sublayers[MAX_LAYERS];
            AC_CHECK_OK(ac_layer_sublayers(g_engine, wk->root, sublayers, MAX_LAYERS, &count));
            AC_CHECK_EQ_INT(count, g_layers);
        }
    }

    /* Destroy: nothing more runs, every registration ends once. */
    AC_CHECK_OK(ac_engine_destroy(g_engine));
    missing_completion = extra_completion = missing_stop = extra_stop = 0;
    for (id = 0; id < total; ++id) {
        if (atomic_load(&g_completions[id]) != 1) ++extra_completion;
        if (atomic_load(&g_stops[id]) != atomic_load(&g_added[id])) ++extra_stop;
        if (atomic_load(&g_completion_destroys[id]) != 1) ++bad_destroy;
        if (atomic_load(&g_delegate_destroys[id]) != 1) ++bad_destroy;
    }
    AC_CHECK_EQ_INT(extra_completion, 0);
    AC_CHECK_EQ_INT(extra_stop, 0);
    AC_CHECK_EQ_INT(bad_destroy, 0);

    printf("thread_stress: %d workers x %d transactions, %d layers each, %ld ticks\n", WORKERS,
           g_iterations, g_layers, ticks);
    free(g_completions);
    free(g_completion_destroys);
    free(g_completion_unfinished);
    free(g_starts);
    free(g_stops);
    free(g_delegate_destroys);
    free(g_stop_before_start_violations);
    free(g_added);
    return ac_test_finish();
}
