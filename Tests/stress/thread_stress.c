/*
 * thread_stress — four threads on one engine while another thread ticks it; then an engine
 * ticking on several threads while three others call into it.
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
 * exactly once.
 *
 * Then the tick threads (ac_engine_set_tick_threads): a second engine ticks thousands of layers
 * on 3 threads — the steady lane and the batch read ac_layers_get_presentation split in parts —
 * while three threads change the model with actions disabled, add and remove animations, move
 * layers under a superlayer at speed 0.5 and back, set layers' speed, create and release layers,
 * change the thread count between 1 and 4 and batch-read everything themselves. The ticker reads
 * every layer back each frame (and, every fourth frame, as a table of four keys, a key path
 * among them); the untouched layers must show their linear animation's
 * from + (to - from) × progress (within 1e-12), every callback must run on the ticking thread
 * once, and the pool's threads must be gone once the count drops or the engine is destroyed
 * (counted in /proc/self/task). Any mismatch makes the exit status non-zero.
 *
 *   thread_stress [iterations per worker (default 150)] [layers per worker (default 4)]
 *                 [tick-thread layers (default 16384)] [tick-thread frames (default 300)]
 *
 * Run under ThreadSanitizer by `make sanitize` (build-tsan/), and as CTest c_thread_stress.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <dirent.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* The first scenario: transactions, explicit animations and callbacks from four threads. */
static void stress_transactions(void) {
    pthread_t threads[WORKERS];
    ac_property_desc properties[2];
    ac_value zero = ac_value_scalar(0), clear = ac_value_color(0, 0, 0, 0);
    double now = 1.0;
    long ticks = 0;
    int total, id, w, j;
    int missing_completion = 0, extra_completion = 0, missing_stop = 0, extra_stop = 0;
    int extra_start = 0, bad_order = 0, bad_destroy = 0;

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
}

/* ---- the second scenario: the threaded tick and the threaded batch read ------------------ */

/* g_lane_layer_count main layers (default 16384: 4 × SteadyLane.entriesPerThreadMinimum, so
   the lane splits in 3 parts on 3 threads), each with a "fade" animation of opacity; layers
   by index i:
     i % 8 == 0   built-in class, untouched: its fade is linear and checked every frame against
                  from + (to - from) × (t − begin) / duration (the model value 1 outside it);
     i % 8 == 4   custom class, untouched: the same, and a linear "rise" of "level" (2 -> 10);
     the others   touched by the workers; odd i ease in and out; i % 16 == 6 also follow a
                  keyframe path on "position", i % 16 == 10 a spring of "cornerRadius",
                  i % 16 == 14 a spring of "position" (the lane's record-evaluated kinds, which
                  use each part's scratch slots).
   Begin times are staggered over ~1 s, durations over 1..6 s, so that animations join the
   lane, leave it (end) every frame, and the lane goes from several parts to one. */
#define LANE_WORKERS 3
#define LANE_MOVED 16   /* layers a tree worker keeps under the slow superlayer */
#define LANE_SPEEDY 8   /* layers a tree worker keeps at another speed */
#define LANE_RING 8     /* layers the churn worker keeps alive */
#define LANE_BATCH_SET 64

static int g_lane_layer_count = 16384;
static int g_lane_frames = 300;

static ac_engine *g_lane;
static pthread_t g_lane_ticker;
static ac_class g_lane_class; /* "level" (scalar, default 0) */
static ac_key g_lane_opacity, g_lane_level, g_lane_speed;
static ac_layer *g_lane_layers;  /* the main layers (kept alive the whole run) */
static ac_layer *g_lane_custom;  /* the untouched custom-class ones (i % 8 == 4) */
static int *g_lane_custom_index; /* their index among the main layers */
static int g_lane_custom_count;
static ac_layer *g_lane_touched; /* the ones the workers change */
static int g_lane_touched_count;
static ac_layer g_lane_slow; /* a root layer with speed 0.5 */
static double g_lane_t0;     /* engine time when the fades were added */

/* Per main layer: its fade's registration (user_data = index + 1). */
static atomic_int *g_lane_starts, *g_lane_stops, *g_lane_finished, *g_lane_destroys;
static atomic_int g_lane_stop_before_start, g_lane_callback_off_ticker, g_lane_bad_engine;
static atomic_long g_lane_ticks;
static atomic_int g_lane_progress[LANE_WORKERS];
static atomic_int g_lane_mismatches;

static double lane_fade_from(int i) { return 0.1 + 0.1 * (i % 5); }
static double lane_fade_to(int i) { return 0.9 - 0.1 * (i % 3); }
static double lane_fade_begin(int i) { return g_lane_t0 + 0.05 + 0.01 * (i % 97); }
static double lane_fade_duration(int i) { return 1.0 + 0.02 * (i % 251); }
static double lane_rise_begin(int i) { return lane_fade_begin(i) + 0.1; }
static double lane_rise_duration(int i) { return 0.75 * lane_fade_duration(i); }

/* A mismatch: counted; the first ten printed. */
static void lane_mismatch(const char *what, int frame, int index, double got, double want) {
    if (atomic_fetch_add(&g_lane_mismatches, 1) < 10)
        printf("    lane: %s, frame %d, layer %d: got %.17g, expected %.17g\n", what, frame, index,
               got, want);
}

/* A linear animation's value at engine time t (the model value outside [begin, begin +
   duration)); *near is set when t is within 1e-9 s of either end (not checked there). */
static double lane_expected(double t, double begin, double duration, double from, double to,
                            double model, int *near) {
    double elapsed = t - begin;
    *near = fabs(elapsed) < 1e-9 || fabs(elapsed - duration) < 1e-9;
    if (elapsed < 0 || elapsed >= duration) return model;
    return from + (to - from) * (elapsed / duration);
}

static int lane_is_ticker(void) { return pthread_equal(pthread_self(), g_lane_ticker); }

static void on_lane_start(ac_engine *engine, ac_layer layer, const char *key, void *user_data) {
    int id = id_of(user_data);
    (void)layer;
    (void)key;
    if (engine != g_lane) atomic_fetch_add(&g_lane_bad_engine, 1);
    if (!lane_is_ticker()) atomic_fetch_add(&g_lane_callback_off_ticker, 1);
    if (atomic_load(&g_lane_stops[id]) != 0) atomic_fetch_add(&g_lane_stop_before_start, 1);
    atomic_fetch_add(&g_lane_starts[id], 1);
}

static void on_lane_stop(ac_engine *engine, ac_layer layer, const char *key, int32_t finished,
                         void *user_data) {
    int id = id_of(user_data);
    (void)layer;
    (void)key;
    if (engine != g_lane) atomic_fetch_add(&g_lane_bad_engine, 1);
    if (!lane_is_ticker()) atomic_fetch_add(&g_lane_callback_off_ticker, 1);
    atomic_fetch_add(&g_lane_stops[id], 1);
    if (finished) atomic_fetch_add(&g_lane_finished[id], 1);
}

static void on_lane_destroy(void *user_data) { atomic_fetch_add(&g_lane_destroys[id_of(user_data)], 1); }

/* Threads of the process now (/proc/self/task); -1 when it cannot be read. */
static int lane_threads_now(void) {
    DIR *directory = opendir("/proc/self/task");
    struct dirent *entry;
    int count = 0;
    if (directory == NULL) return -1;
    while ((entry = readdir(directory)) != NULL)
        if (entry->d_name[0] != '.') ++count;
    closedir(directory);
    return count;
}

/* The thread count once it has settled (a joined thread may stay listed for a moment): the
   first that is `expected`, or (expected < 0) the same five times in a row 10 ms apart; after
   2 s, the last read. */
static int lane_thread_count(int expected) {
    struct timespec pause = {0, 10 * 1000 * 1000};
    int count = -1, previous = -2, same = 0, attempt;
    for (attempt = 0; attempt < 200; ++attempt) {
        count = lane_threads_now();
        if (expected >= 0 && count == expected) break;
        same = count == previous ? same + 1 : 0;
        if (expected < 0 && same == 4) break;
        previous = count;
        nanosleep(&pause, NULL);
    }
    return count;
}

/* A description: a basic animation of key from `from` to `to`, linear or eased. */
static ac_animation lane_basic(const char *key, double from, double to, double begin,
                               double duration, int eased) {
    ac_animation animation = 0;
    ac_value start = ac_value_scalar(from), end = ac_value_scalar(to);
    ac_timing timing;
    AC_CHECK_OK(ac_animation_create_basic(g_lane, key, &animation));
    AC_CHECK_OK(ac_animation_set_value(g_lane, animation, AC_ANIMATION_FROM, &start));
    AC_CHECK_OK(ac_animation_set_value(g_lane, animation, AC_ANIMATION_TO, &end));
    AC_CHECK_OK(ac_timing_init_animation(&timing));
    timing.begin_time_s = begin;
    timing.duration_s = duration;
    AC_CHECK_OK(ac_animation_set_timing(g_lane, animation, &timing));
    if (eased) {
        ac_timing_function function;
        AC_CHECK_OK(ac_timing_function_named("easeInEaseOut", &function));
        AC_CHECK_OK(ac_animation_set_timing_function(g_lane, animation, &function));
    }
    return animation;
}

/* Worker pacing, as in the first scenario: iteration i once the ticker has ticked i / 2 times;
   the ticker ticks again once every worker has done two iterations per tick. */
static void lane_pause(int *spins) {
    struct timespec pause = {0, 50 * 1000};
    if (++*spins < 64)
        sched_yield();
    else
        nanosleep(&pause, NULL);
}

static void lane_wait_for_tick(int i) {
    int spins = 0;
    while (atomic_load(&g_lane_ticks) < i / 2) lane_pause(&spins);
}

/* Worker 0: model values with actions disabled (one layer, and a batch of 64), and animations
   added and removed on touched layers (an "extra" on top of the fade, a fade removed, a fade
   replaced). */
static void *lane_values_worker(void *argument) {
    int touched = g_lane_touched_count;
    int i, k;
    double slots[LANE_BATCH_SET];
    ac_animation extra = lane_basic("opacity", 0.3, 0.6, 0, 0.25, 0);
    ac_animation refade = lane_basic("opacity", 0.2, 0.8, 0, 1.5, 1);
    (void)argument;
    for (i = 0; i < 2 * g_lane_frames; ++i) {
        ac_layer layer = g_lane_touched[(i * 37) % touched];
        double value = (double)((i * 7) % 11) / 10.0, read = NAN;
        lane_wait_for_tick(i);
        AC_CHECK_OK(ac_transaction_begin(g_lane));
        AC_CHECK_OK(ac_transaction_set_disable_actions(g_lane, 1));
        AC_CHECK_OK(ac_layer_set_scalar(g_lane, layer, g_lane_opacity, value));
        if (i % 3 == 0) {
            int first = (i * 61) % (touched - LANE_BATCH_SET);
            for (k = 0; k < LANE_BATCH_SET; ++k) slots[k] = (double)((i + k) % 10) / 10.0;
            AC_CHECK_OK(ac_layers_set_value(g_lane, g_lane_touched + first, LANE_BATCH_SET,
                                            g_lane_opacity, slots, 1));
        }
        AC_CHECK_OK(ac_transaction_commit(g_lane));
        /* No other thread sets opacity models: the one just set reads back (unless the batch
           above set it again). */
        AC_CHECK_OK(ac_layer_get_scalar(g_lane, layer, g_lane_opacity, &read));
        if (i % 3 != 0 && read != value) lane_mismatch("model read back", i, -1, read, value);

        if (i % 4 == 1)
            AC_CHECK_OK(ac_layer_add_animation(g_lane, g_lane_touched[(i * 53) % touched], extra,
                                               "extra"));
        if (i % 4 == 3)
            AC_CHECK_OK(ac_layer_remove_animation(g_lane, g_lane_touched[((i - 2) * 53) % touched],
                                                  "extra"));
        if (i % 10 == 5)
            AC_CHECK_OK(ac_layer_remove_animation(g_lane, g_lane_touched[(i * 29) % touched], "fade"));
        if (i % 10 == 0)
            AC_CHECK_OK(ac_layer_add_animation(g_lane, g_lane_touched[(i * 31) % touched], refade,
                                               "fade"));
        atomic_store(&g_lane_progress[0], i + 1);
    }
    AC_CHECK_OK(ac_animation_release(g_lane, extra));
    AC_CHECK_OK(ac_animation_release(g_lane, refade));
    atomic_store(&g_lane_progress[0], 1 << 30);
    return NULL;
}

/* Worker 1: the tree and layer time. Moves touched layers under the slow superlayer (speed
   0.5: off engine time, out of the lane) and back to the root LANE_MOVED iterations later; sets
   touched layers' "speed" to 2 or 0.5 and back to 1 LANE_SPEEDY iterations later. */
static void *lane_tree_worker(void *argument) {
    int touched = g_lane_touched_count;
    ac_layer moved[LANE_MOVED] = {0}, speedy[LANE_SPEEDY] = {0};
    int i, k;
    (void)argument;
    for (i = 0; i < 2 * g_lane_frames; ++i) {
        ac_layer layer = g_lane_touched[(i * 41 + 3) % touched];
        ac_layer fast = g_lane_touched[(i * 43 + 7) % touched];
        ac_layer superlayer = 0;
        double speed = (i % 2) ? 2.0 : 0.5, read = NAN;
        lane_wait_for_tick(i);
        AC_CHECK_OK(ac_transaction_begin(g_lane));
        AC_CHECK_OK(ac_transaction_set_disable_actions(g_lane, 1));
        if (moved[i % LANE_MOVED] != 0)
            AC_CHECK_OK(ac_layer_remove_from_superlayer(g_lane, moved[i % LANE_MOVED]));
        AC_CHECK_OK(ac_layer_add_sublayer(g_lane, g_lane_slow, layer));
        moved[i % LANE_MOVED] = layer;
        if (speedy[i % LANE_SPEEDY] != 0)
            AC_CHECK_OK(ac_layer_set_scalar(g_lane, speedy[i % LANE_SPEEDY], g_lane_speed, 1.0));
        AC_CHECK_OK(ac_layer_set_scalar(g_lane, fast, g_lane_speed, speed));
        speedy[i % LANE_SPEEDY] = fast;
        AC_CHECK_OK(ac_transaction_commit(g_lane));
        AC_CHECK_OK(ac_layer_superlayer(g_lane, layer, &superlayer));
        AC_CHECK_EQ_INT(superlayer, g_lane_slow);
        AC_CHECK_OK(ac_layer_get_scalar(g_lane, fast, g_lane_speed, &read));
        if (read != speed) lane_mismatch("speed read back", i, -1, read, speed);
        atomic_store(&g_lane_progress[1], i + 1);
    }
    for (k = 0; k < LANE_MOVED; ++k)
        if (moved[k] != 0) AC_CHECK_OK(ac_layer_remove_from_superlayer(g_lane, moved[k]));
    for (k = 0; k < LANE_SPEEDY; ++k)
        if (speedy[k] != 0) AC_CHECK_OK(ac_layer_set_scalar(g_lane, speedy[k], g_lane_speed, 1.0));
    atomic_store(&g_lane_progress[1], 1 << 30);
    return NULL;
}

/* Worker 2: layers created and released (some under the slow superlayer, released while their
   animation runs), the tick thread count changed among 1..4 (refused outside 1..64), and whole
   batch reads of the main layers from this thread (on the tick threads, by the thread that
   holds the engine, not the ticking one). */
static void *lane_churn_worker(void *argument) {
    static const int32_t counts[4] = {1, 4, 2, 3};
    int n = g_lane_layer_count;
    ac_layer ring[LANE_RING] = {0};
    int in_slow[LANE_RING] = {0};
    double *slots = malloc((size_t)n * sizeof(double));
    ac_animation churn = lane_basic("opacity", 0.1, 0.9, 0, 0.2, 0);
    int i, k;
    (void)argument;
    for (i = 0; i < 2 * g_lane_frames; ++i) {
        int slot = i % LANE_RING;
        ac_layer layer = 0;
        lane_wait_for_tick(i);
        if (ring[slot] != 0) {
            double value;
            AC_CHECK_OK(ac_layer_release(g_lane, ring[slot]));
            /* Under the slow layer it lives on (its superlayer's reference) until removed. */
            if (in_slow[slot]) AC_CHECK_OK(ac_layer_remove_from_superlayer(g_lane, ring[slot]));
            AC_CHECK_STATUS(ac_layer_get_scalar(g_lane, ring[slot], g_lane_opacity, &value),
                            AC_ERR_BAD_HANDLE);
        }
        AC_CHECK_OK(ac_layer_create(g_lane, (i % 2) ? g_lane_class : 0, &layer));
        AC_CHECK_OK(ac_layer_add_animation(g_lane, layer, churn, "churn"));
        in_slow[slot] = i % 3 == 0;
        if (in_slow[slot]) AC_CHECK_OK(ac_layer_add_sublayer(g_lane, g_lane_slow, layer));
        ring[slot] = layer;

        if (i == 1) {
            AC_CHECK_STATUS(ac_engine_set_tick_threads(g_lane, 0), AC_ERR_OUT_OF_RANGE);
            AC_CHECK_STR_CONTAINS(ac_last_error_message(), "count");
            AC_CHECK_STATUS(ac_engine_set_tick_threads(g_lane, AC_TICK_THREADS_MAX + 1),
                            AC_ERR_OUT_OF_RANGE);
        }
        if (i % 20 == 10) {
            int32_t count = counts[(i / 20) % 4], read = 0;
            AC_CHECK_OK(ac_engine_set_tick_threads(g_lane, count));
            AC_CHECK_OK(ac_engine_tick_threads(g_lane, &read));
            AC_CHECK_EQ_INT(read, count);
        }
        if (i % 7 == 3) {
            size_t stride = 0;
            int bad = 0;
            if (AC_CHECK_OK(ac_layers_get_presentation(g_lane, g_lane_layers, (size_t)n,
                                                       g_lane_opacity, slots, (size_t)n, &stride))) {
                AC_CHECK_EQ_INT(stride, 1);
                for (k = 0; k < n; ++k)
                    if (!(slots[k] >= 0.0 && slots[k] <= 1.0)) {
                        if (!bad) lane_mismatch("opacity in [0, 1] (churn worker's read)", i, k, slots[k], 0.5);
                        bad = 1;
                    }
            }
        }
        atomic_store(&g_lane_progress[2], i + 1);
    }
    for (k = 0; k < LANE_RING; ++k) {
        if (ring[k] == 0) continue;
        AC_CHECK_OK(ac_layer_release(g_lane, ring[k]));
        if (in_slow[k]) AC_CHECK_OK(ac_layer_remove_from_superlayer(g_lane, ring[k]));
    }
    AC_CHECK_OK(ac_animation_release(g_lane, churn));
    free(slots);
    atomic_store(&g_lane_progress[2], 1 << 30);
    return NULL;
}

/* The ticker's checks of one frame's batch read: every opacity in [0, 1]; the untouched
   layers' exactly as their linear fade gives at engine time t. */
static void lane_check_frame(int frame, double t, const double *opacity, const double *level) {
    int n = g_lane_layer_count, i, near = 0;
    for (i = 0; i < n; ++i) {
        double got = opacity[i];
        if (!(got >= 0.0 && got <= 1.0)) lane_mismatch("opacity in [0, 1]", frame, i, got, 0.5);
        if (i % 4 == 0) {
            double want = lane_expected(t, lane_fade_begin(i), lane_fade_duration(i),
                                        lane_fade_from(i), lane_fade_to(i), 1.0, &near);
            if (!near && !ac_test_is_near(got, want, 1e-12))
                lane_mismatch("untouched fade", frame, i, got, want);
        }
    }
    for (i = 0; i < g_lane_custom_count; ++i) {
        int index = g_lane_custom_index[i];
        double want = lane_expected(t, lane_rise_begin(index), lane_rise_duration(index), 2.0,
                                    10.0, 0.0, &near);
        if (!near && !ac_test_is_near(level[i], want, 1e-12))
            lane_mismatch("untouched rise", frame, index, level[i], want);
    }
}

static void stress_tick_threads(void) {
    int n = g_lane_layer_count, i, w, frame;
    pthread_t threads[LANE_WORKERS];
    void *(*roles[LANE_WORKERS])(void *) = {lane_values_worker, lane_tree_worker,
                                            lane_churn_worker};
    ac_property_desc property;
    ac_value zero = ac_value_scalar(0);
    ac_layer stale = 0;
    double *opacity, *level, *stale_slots, *table;
    ac_layer *stale_batch;
    double now = 1.0, t = 0;
    int base_threads, threads_now;
    int32_t count = 0;
    int missing_stop = 0, extra_stop = 0, extra_start = 0, unfinished = 0, bad_destroy = 0;
    int leftover_animations = 0, not_model = 0;
    long ticks = 0;

    g_lane_ticker = pthread_self();
    g_lane_layers = calloc((size_t)n, sizeof(ac_layer));
    g_lane_custom = calloc((size_t)n, sizeof(ac_layer));
    g_lane_custom_index = calloc((size_t)n, sizeof(int));
    g_lane_touched = calloc((size_t)n, sizeof(ac_layer));
    g_lane_starts = calloc((size_t)n, sizeof(atomic_int));
    g_lane_stops = calloc((size_t)n, sizeof(atomic_int));
    g_lane_finished = calloc((size_t)n, sizeof(atomic_int));
    g_lane_destroys = calloc((size_t)n, sizeof(atomic_int));
    opacity = calloc((size_t)n, sizeof(double));
    level = calloc((size_t)n, sizeof(double));
    stale_slots = calloc((size_t)n, sizeof(double));
    table = calloc(5 * (size_t)n, sizeof(double));
    stale_batch = calloc((size_t)n, sizeof(ac_layer));

    base_threads = lane_thread_count(-1);
    AC_CHECK_OK(ac_engine_create(NULL, &g_lane));
    AC_CHECK_OK(ac_property_desc_init(&property, "level", &zero));
    AC_CHECK_OK(ac_class_create(g_lane, "Level", 0, &property, 1, &g_lane_class));
    AC_CHECK_OK(ac_engine_key(g_lane, "opacity", &g_lane_opacity));
    AC_CHECK_OK(ac_engine_key(g_lane, "level", &g_lane_level));
    AC_CHECK_OK(ac_engine_key(g_lane, "speed", &g_lane_speed));

    /* The pool: count − 1 threads of its own, stopped and joined when the count changes. */
    AC_CHECK_OK(ac_engine_tick_threads(g_lane, &count));
    AC_CHECK_EQ_INT(count, 1);
    AC_CHECK_OK(ac_engine_set_tick_threads(g_lane, 4));
    AC_CHECK_EQ_INT(lane_thread_count(base_threads + 3), base_threads + 3);
    AC_CHECK_OK(ac_engine_set_tick_threads(g_lane, 1));
    AC_CHECK_EQ_INT(lane_thread_count(base_threads), base_threads);
    AC_CHECK_OK(ac_engine_set_tick_threads(g_lane, 3));
    AC_CHECK_EQ_INT(lane_thread_count(base_threads + 2), base_threads + 2);
    AC_CHECK_OK(ac_engine_tick_threads(g_lane, &count));
    AC_CHECK_EQ_INT(count, 3);

    /* The layers, committed by a first tick; then their animations. */
    AC_CHECK_OK(ac_layer_create(g_lane, 0, &g_lane_slow));
    AC_CHECK_OK(ac_layer_set_scalar(g_lane, g_lane_slow, g_lane_speed, 0.5));
    AC_CHECK_OK(ac_layer_create(g_lane, 0, &stale));
    AC_CHECK_OK(ac_layer_release(g_lane, stale));
    for (i = 0; i < n; ++i) {
        AC_CHECK_OK(ac_layer_create(g_lane, i % 8 == 4 ? g_lane_class : 0, &g_lane_layers[i]));
        if (i % 8 == 4) {
            g_lane_custom_index[g_lane_custom_count] = i;
            g_lane_custom[g_lane_custom_count++] = g_lane_layers[i];
        } else if (i % 8 != 0) {
            g_lane_touched[g_lane_touched_count++] = g_lane_layers[i];
        }
    }
    AC_CHECK_OK(ac_engine_tick(g_lane, now));
    AC_CHECK_OK(ac_engine_current_time(g_lane, &g_lane_t0));
    {
        ac_animation fade = 0, rise = 0, path = 0, spring = 0, move = 0;
        ac_animation_delegate delegate;
        ac_timing timing;
        ac_timing_function eased;
        ac_value points[3] = {ac_value_point(0, 0), ac_value_point(40, 10), ac_value_point(80, 0)};
        ac_value radius_from = ac_value_scalar(0), radius_to = ac_value_scalar(12);
        ac_value point_from = ac_value_point(0, 0), point_to = ac_value_point(30, 60);
        AC_CHECK_OK(ac_timing_function_named("easeInEaseOut", &eased));
        AC_CHECK_OK(ac_animation_create_basic(g_lane, "opacity", &fade));
        rise = lane_basic("level", 2.0, 10.0, 0, 1, 0);
        AC_CHECK_OK(ac_animation_create_keyframe(g_lane, "position", &path));
        AC_CHECK_OK(ac_animation_set_values(g_lane, path, points, 3));
        AC_CHECK_OK(ac_animation_create_spring(g_lane, "cornerRadius", &spring));
        AC_CHECK_OK(ac_animation_set_value(g_lane, spring, AC_ANIMATION_FROM, &radius_from));
        AC_CHECK_OK(ac_animation_set_value(g_lane, spring, AC_ANIMATION_TO, &radius_to));
        AC_CHECK_OK(ac_animation_create_spring(g_lane, "position", &move));
        AC_CHECK_OK(ac_animation_set_value(g_lane, move, AC_ANIMATION_FROM, &point_from));
        AC_CHECK_OK(ac_animation_set_value(g_lane, move, AC_ANIMATION_TO, &point_to));
        AC_CHECK_OK(ac_timing_init_animation(&timing));
        ac_animation_delegate_init(&delegate);
        delegate.did_start = on_lane_start;
        delegate.did_stop = on_lane_stop;
        delegate.destroy = on_lane_destroy;
        for (i = 0; i < n; ++i) {
            ac_value from = ac_value_scalar(lane_fade_from(i)), to = ac_value_scalar(lane_fade_to(i));
            ac_layer layer = g_lane_layers[i];
            timing.begin_time_s = lane_fade_begin(i);
            timing.duration_s = lane_fade_duration(i);
            AC_CHECK_OK(ac_animation_set_value(g_lane, fade, AC_ANIMATION_FROM, &from));
            AC_CHECK_OK(ac_animation_set_value(g_lane, fade, AC_ANIMATION_TO, &to));
            AC_CHECK_OK(ac_animation_set_timing(g_lane, fade, &timing));
            /* Linear: no timing function (a "linear" bezier is a curve to solve). */
            AC_CHECK_OK(ac_animation_set_timing_function(g_lane, fade, i % 2 ? &eased : NULL));
            delegate.user_data = user_data_of(i);
            AC_CHECK_OK(ac_animation_set_delegate(g_lane, fade, &delegate));
            AC_CHECK_OK(ac_layer_add_animation(g_lane, layer, fade, "fade"));
            if (i % 8 == 4) {
                timing.begin_time_s = lane_rise_begin(i);
                timing.duration_s = lane_rise_duration(i);
                AC_CHECK_OK(ac_animation_set_timing(g_lane, rise, &timing));
                AC_CHECK_OK(ac_layer_add_animation(g_lane, layer, rise, "rise"));
            } else if (i % 16 == 6 || i % 16 == 10 || i % 16 == 14) {
                ac_animation other = i % 16 == 6 ? path : i % 16 == 10 ? spring : move;
                timing.begin_time_s = lane_fade_begin(i) + 0.02;
                timing.duration_s = 0.8 * lane_fade_duration(i);
                AC_CHECK_OK(ac_animation_set_timing(g_lane, other, &timing));
                AC_CHECK_OK(ac_layer_add_animation(g_lane, layer, other, "other"));
            }
        }
        AC_CHECK_OK(ac_animation_release(g_lane, fade));
        AC_CHECK_OK(ac_animation_release(g_lane, rise));
        AC_CHECK_OK(ac_animation_release(g_lane, path));
        AC_CHECK_OK(ac_animation_release(g_lane, spring));
        AC_CHECK_OK(ac_animation_release(g_lane, move));
    }

    for (w = 0; w < LANE_WORKERS; ++w)
        AC_CHECK_EQ_INT(pthread_create(&threads[w], NULL, roles[w], NULL), 0);
    for (frame = 0; frame < g_lane_frames; ++frame) {
        size_t stride = 0;
        int slowest, spins = 0;
        now += 1.0 / 60.0;
        AC_CHECK_OK(ac_engine_tick(g_lane, now));
        AC_CHECK_OK(ac_engine_current_time(g_lane, &t));
        /* Every layer back, on the tick threads when there are enough. */
        if (AC_CHECK_OK(ac_layers_get_presentation(g_lane, g_lane_layers, (size_t)n, g_lane_opacity,
                                                   opacity, (size_t)n, &stride)) &&
            AC_CHECK_EQ_INT(stride, 1) &&
            AC_CHECK_OK(ac_layers_get_presentation(g_lane, g_lane_custom, (size_t)g_lane_custom_count,
                                                   g_lane_level, level, (size_t)n, &stride)))
            lane_check_frame(frame, t, opacity, level);
        /* The same key twice as a table, and "position" beside its key path "position.x"
         * (springs and paths move it on some layers), split in parts: both opacity columns of
         * a row equal, the x part the position's x (one read under one lock, the key path's
         * part taken on the tick threads too, while the workers change layers). */
        if (frame % 4 == 1) {
            ac_key keys[4] = {g_lane_opacity, g_lane_opacity, 0, 0};
            size_t columns[4] = {9, 9, 9, 9};
            AC_CHECK_OK(ac_engine_key(g_lane, "position", &keys[2]));
            AC_CHECK_OK(ac_engine_key(g_lane, "position.x", &keys[3]));
            if (AC_CHECK_OK(ac_layers_get_presentation_table(g_lane, g_lane_layers, (size_t)n, keys, 4, table,
                                                             5 * (size_t)n, &stride, columns)) &&
                AC_CHECK(stride == 5 && columns[0] == 0 && columns[1] == 1 && columns[2] == 2 && columns[3] == 4)) {
                int unequal = 0, parts = 0;
                for (i = 0; i < n; ++i) {
                    const double *row = table + 5 * i;
                    unequal += !(row[0] == row[1] && row[0] >= 0 && row[0] <= 1);
                    parts += !(row[4] == row[2]);
                }
                AC_CHECK_EQ_INT(unequal, 0);
                AC_CHECK_EQ_INT(parts, 0);
            }
        }
        /* The single read of an untouched layer gives the batch's value (same tick). */
        for (i = frame % 8 * 8; i < n; i += (n / 16) & ~7) {
            double value = NAN;
            AC_CHECK_OK(ac_layer_get_presentation_scalar(g_lane, g_lane_layers[i], g_lane_opacity, &value));
            if (value != opacity[i]) lane_mismatch("single read = batch read", frame, i, value, opacity[i]);
        }
        /* A stale handle in a later part: refused, named by its index. */
        if (frame % 50 == 25) {
            int index = n - n / 5 + frame % 97;
            char name[32];
            memcpy(stale_batch, g_lane_layers, (size_t)n * sizeof(ac_layer));
            stale_batch[index] = stale;
            AC_CHECK_STATUS(ac_layers_get_presentation(g_lane, stale_batch, (size_t)n, g_lane_opacity,
                                                       stale_slots, (size_t)n, &stride),
                            AC_ERR_BAD_HANDLE);
            snprintf(name, sizeof name, "layers[%d]", index);
            AC_CHECK_STR_CONTAINS(ac_last_error_message(), name);
        }
        atomic_store(&g_lane_ticks, ++ticks);
        do {
            slowest = 1 << 30;
            for (w = 0; w < LANE_WORKERS; ++w)
                if (atomic_load(&g_lane_progress[w]) < slowest) slowest = atomic_load(&g_lane_progress[w]);
            if (slowest < 2 * ticks) lane_pause(&spins);
        } while (slowest < 2 * ticks);
    }
    for (w = 0; w < LANE_WORKERS; ++w) pthread_join(threads[w], NULL);

    /* Far past every end (the latest: ~1 s + 6 s, twice that on a layer at speed 0.5 for a
       while): every animation has stopped once, the presentation is the model. */
    AC_CHECK_OK(ac_engine_set_tick_threads(g_lane, 3));
    for (i = 0; i < 4; ++i) {
        now += 10.0;
        AC_CHECK_OK(ac_engine_tick(g_lane, now));
    }
    if (AC_CHECK_OK(ac_layers_get_presentation(g_lane, g_lane_layers, (size_t)n, g_lane_opacity,
                                               opacity, (size_t)n, &(size_t){0}))) {
        for (i = 0; i < n; ++i) {
            double model = NAN;
            size_t animations = 99;
            AC_CHECK_OK(ac_layer_get_scalar(g_lane, g_lane_layers[i], g_lane_opacity, &model));
            if (opacity[i] != model || (i % 4 == 0 && model != 1.0)) ++not_model;
            AC_CHECK_OK(ac_layer_animation_count(g_lane, g_lane_layers[i], &animations));
            if (animations != 0) ++leftover_animations;
        }
    }
    AC_CHECK_EQ_INT(not_model, 0);
    AC_CHECK_EQ_INT(leftover_animations, 0);
    for (i = 0; i < n; ++i) {
        int stops = atomic_load(&g_lane_stops[i]);
        if (stops < 1) ++missing_stop;
        if (stops > 1) ++extra_stop;
        if (atomic_load(&g_lane_starts[i]) > 1) ++extra_start;
        /* Untouched: started, ran to its end. */
        if (i % 4 == 0 && (atomic_load(&g_lane_starts[i]) != 1 || atomic_load(&g_lane_finished[i]) != 1))
            ++unfinished;
    }
    AC_CHECK_EQ_INT(missing_stop, 0);
    AC_CHECK_EQ_INT(extra_stop, 0);
    AC_CHECK_EQ_INT(extra_start, 0);
    AC_CHECK_EQ_INT(unfinished, 0);
    AC_CHECK_EQ_INT(atomic_load(&g_lane_stop_before_start), 0);
    AC_CHECK_EQ_INT(atomic_load(&g_lane_callback_off_ticker), 0);
    AC_CHECK_EQ_INT(atomic_load(&g_lane_bad_engine), 0);
    AC_CHECK_EQ_INT(atomic_load(&g_lane_mismatches), 0);

    /* Destroy: every registration ends once, the pool's threads are gone. */
    AC_CHECK_OK(ac_engine_destroy(g_lane));
    for (i = 0; i < n; ++i)
        if (atomic_load(&g_lane_destroys[i]) != 1) ++bad_destroy;
    AC_CHECK_EQ_INT(bad_destroy, 0);
    threads_now = lane_thread_count(base_threads);
    AC_CHECK_EQ_INT(threads_now, base_threads);

    printf("thread_stress: tick threads: %d layers, %d frames, %d workers\n", n, g_lane_frames,
           LANE_WORKERS);
    free(g_lane_layers);
    free(g_lane_custom);
    free(g_lane_custom_index);
    free(g_lane_touched);
    free(g_lane_starts);
    free(g_lane_stops);
    free(g_lane_finished);
    free(g_lane_destroys);
    free(opacity);
    free(level);
    free(table);
    free(stale_slots);
    free(stale_batch);
}

int main(int argc, char **argv) {
    if (argc > 1) g_iterations = atoi(argv[1]);
    if (argc > 2) g_layers = atoi(argv[2]);
    if (argc > 3) g_lane_layer_count = atoi(argv[3]);
    if (argc > 4) g_lane_frames = atoi(argv[4]);
    if (g_iterations < 1) g_iterations = 1;
    if (g_layers < 2) g_layers = 2;
    if (g_layers > MAX_LAYERS) g_layers = MAX_LAYERS;
    if (g_lane_layer_count < 1024) g_lane_layer_count = 1024;
    if (g_lane_frames < 20) g_lane_frames = 20;

    stress_transactions();
    stress_tick_threads();
    return ac_test_finish();
}
