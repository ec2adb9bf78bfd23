/*
 * The engine while the process gains its first thread.
 *
 * While a process has one thread (glibc's __libc_single_threaded), entering and leaving an
 * engine is a plain load and store of its count of calls in progress, and the engine's lock a
 * plain count of holds; once a second thread exists, locked instructions and the mutex. Each
 * scenario makes the change happen inside a call, in a child process of its own (forked before
 * this process made any thread):
 *
 *   - a display callback, run inside ac_engine_tick (entered with the plain count), creates the
 *     first other thread, which calls the engine and destroys it: the engine goes away only when
 *     the tick leaves (its class's display registration ends then, once), and every later call
 *     is refused;
 *   - the host clock, called holding the engine's lock (a plain hold), creates the first other
 *     thread, which calls the engine: that call waits until the hold ends;
 *   - ac_engine_set_tick_threads makes the first other threads (under a plain hold): ticks
 *     split over them read what an engine ticking alone reads.
 *
 * This process itself makes no engine: first it checks that a call before any engine exists
 * is refused as any call with a bad pointer.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/single_threaded.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ac_engine_test.h"

static struct {
    ac_engine *engine;
    int displays;
    int registration_ends;          /* the display registration's destroy function */
    int ends_when_worker_returned;  /* registration_ends seen in the callback after the join */
    ac_status worker_read, worker_destroy, worker_after;
    int joined;
} g;

static void *worker(void *unused) {
    double time_s;
    (void)unused;
    g.worker_read = ac_engine_current_time(g.engine, &time_s);
    g.worker_destroy = ac_engine_destroy(g.engine);
    g.worker_after = ac_engine_current_time(g.engine, &time_s);
    return NULL;
}

static void on_display(ac_engine *engine, ac_layer layer, void *user_data) {
    pthread_t thread;
    (void)engine;
    (void)layer;
    (void)user_data;
    g.displays++;
    if (pthread_create(&thread, NULL, worker, NULL) != 0) return;
    g.joined = pthread_join(thread, NULL) == 0;
    g.ends_when_worker_returned = g.registration_ends;
}

static void on_registration_end(void *user_data) {
    (void)user_data;
    g.registration_ends++;
}

static void test_first_thread_inside_a_call(void) {
    ac_class drawn = 0;
    ac_layer layer = 0;
    double time_s;

    g.engine = new_engine();
    AC_CHECK_OK(ac_class_create(g.engine, "Drawn", 0, NULL, 0, &drawn));
    AC_CHECK_OK(ac_class_set_display(g.engine, drawn, on_display, NULL, on_registration_end));
    AC_CHECK_OK(ac_layer_create(g.engine, drawn, &layer));
    AC_CHECK_OK(ac_layer_set_needs_display(g.engine, layer));
    AC_CHECK_OK(ac_engine_tick(g.engine, 1.0));

    AC_CHECK_EQ_INT(g.displays, 1);
    AC_CHECK(g.joined);
    AC_CHECK_STATUS(g.worker_read, AC_OK);
    AC_CHECK_STATUS(g.worker_destroy, AC_OK);
    AC_CHECK_STATUS(g.worker_after, AC_ERR_BAD_HANDLE);
    /* Destroyed while the tick was in progress: gone only when the tick left. */
    AC_CHECK_EQ_INT(g.ends_when_worker_returned, 0);
    AC_CHECK_EQ_INT(g.registration_ends, 1);
    AC_CHECK_STATUS(ac_engine_current_time(g.engine, &time_s), AC_ERR_BAD_HANDLE);
    AC_CHECK_STATUS(ac_engine_destroy(g.engine), AC_ERR_BAD_HANDLE);
}

/* After the change, an engine made and used on two threads at once counts its calls as before. */
static void *reader(void *engine) {
    double time_s;
    int round;
    for (round = 0; round < 10000; ++round)
        if (ac_engine_current_time((ac_engine *)engine, &time_s) != AC_OK) return (void *)1;
    return NULL;
}

static void test_engine_made_after_the_change(void) {
    ac_engine *engine = new_engine();
    pthread_t thread;
    void *failed = (void *)1;
    double time_s;
    ac_class drawn = 0;
    int round, ends_before;

    /* A registration that ends when the engine goes away: a count of calls left above 0 would
       keep it (and the engine) forever. */
    AC_CHECK_OK(ac_class_create(engine, "Drawn", 0, NULL, 0, &drawn));
    AC_CHECK_OK(ac_class_set_display(engine, drawn, on_display, NULL, on_registration_end));
    ends_before = g.registration_ends;
    if (!AC_CHECK_EQ_INT(pthread_create(&thread, NULL, reader, engine), 0)) return;
    for (round = 0; round < 10000; ++round)
        if (ac_engine_current_time(engine, &time_s) != AC_OK) break;
    AC_CHECK_EQ_INT(round, 10000);
    AC_CHECK_EQ_INT(pthread_join(thread, &failed), 0);
    AC_CHECK(failed == NULL);
    AC_CHECK_OK(ac_engine_destroy(engine));
    AC_CHECK_EQ_INT(g.registration_ends, ends_before + 1);
    AC_CHECK_STATUS(ac_engine_current_time(engine, &time_s), AC_ERR_BAD_HANDLE);
}

/* ---- Tick threads ---- */

enum { TICKED_LAYERS = 10000 };

/* An engine of TICKED_LAYERS layers, each with a basic animation of "level" from i to -i. */
static ac_engine *ticked_engine(ac_layer *layers, ac_key *level) {
    ac_engine *engine = new_engine();
    ac_value zero = ac_value_scalar(0.0);
    ac_property_desc property;
    ac_class cls = 0;
    int index;

    AC_CHECK_OK(ac_property_desc_init(&property, "level", &zero));
    AC_CHECK_OK(ac_class_create(engine, "Level", 0, &property, 1, &cls));
    *level = key_of(engine, "level");
    for (index = 0; index < TICKED_LAYERS; ++index) {
        ac_animation animation = scalar_animation(engine, "level", 1, index, 1, -index, 0, 0, 10.0);
        layers[index] = new_layer(engine, cls);
        AC_CHECK_OK(ac_layer_add_animation(engine, layers[index], animation, "move"));
        AC_CHECK_OK(ac_animation_release(engine, animation));
    }
    return engine;
}

/* The first other threads are the engine's own tick threads, made inside
   ac_engine_set_tick_threads (under a plain hold of its lock); ticks split over them then read
   what one thread reads. */
static void test_first_threads_are_tick_threads(void) {
    static ac_layer alone_layers[TICKED_LAYERS], split_layers[TICKED_LAYERS];
    static double alone[TICKED_LAYERS], split[TICKED_LAYERS];
    ac_key alone_level, split_level;
    ac_engine *one = ticked_engine(alone_layers, &alone_level);
    ac_engine *two = ticked_engine(split_layers, &split_level);
    int32_t threads = 0;
    size_t stride = 0, differing = 0, index;
    int frame;

    AC_CHECK_OK(ac_engine_set_tick_threads(two, 2));
    AC_CHECK_OK(ac_engine_tick_threads(two, &threads));
    AC_CHECK_EQ_INT(threads, 2);
    for (frame = 0; frame < 5; ++frame) {
        tick(one, frame_time(frame * 30));
        tick(two, frame_time(frame * 30));
        AC_CHECK_OK(ac_layers_get_presentation(one, alone_layers, TICKED_LAYERS, alone_level, alone, TICKED_LAYERS, &stride));
        AC_CHECK_OK(ac_layers_get_presentation(two, split_layers, TICKED_LAYERS, split_level, split, TICKED_LAYERS, &stride));
        for (index = 0; index < TICKED_LAYERS; ++index) differing += alone[index] != split[index];
    }
    AC_CHECK_EQ_INT(differing, 0);
    /* The last frame is 2 s in: layer 1000 (linear, 10 s) is a fifth of its way to -1000. */
    AC_CHECK_NEAR(split[1000], 1000.0 - 2000.0 * (2.0 / 10.0), 1e-9);
    AC_CHECK_OK(ac_engine_destroy(one));
    AC_CHECK_OK(ac_engine_destroy(two));
}

/* ---- The engine's lock ---- */

static double monotonic_s(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static struct {
    ac_engine *engine;
    pthread_t thread;
    int clock_calls, started;
    double hold_ends_s;   /* when the clock returned (the hold ends after it) */
    double call_ended_s;  /* when the other thread's call returned */
    ac_status call_status;
} lock_test;

static void *call_from_other_thread(void *unused) {
    double time_s;
    (void)unused;
    lock_test.call_status = ac_engine_current_time(lock_test.engine, &time_s);
    lock_test.call_ended_s = monotonic_s();
    return NULL;
}

/* The host clock: the first call starts the other thread and holds on for 100 ms. */
static double clock_starting_a_thread(void *user_data) {
    struct timespec pause = {0, 100 * 1000 * 1000};
    (void)user_data;
    if (lock_test.clock_calls++ == 0) {
        lock_test.started = pthread_create(&lock_test.thread, NULL, call_from_other_thread, NULL) == 0;
        nanosleep(&pause, NULL);
        lock_test.hold_ends_s = monotonic_s();
    }
    return 2.0;
}

static void test_first_thread_under_the_lock(void) {
    ac_key level;
    ac_layer layer;
    ac_value zero = ac_value_scalar(0.0);
    ac_property_desc property;
    ac_class cls = 0;

    lock_test.engine = new_engine();
    AC_CHECK_OK(ac_property_desc_init(&property, "level", &zero));
    AC_CHECK_OK(ac_class_create(lock_test.engine, "Level", 0, &property, 1, &cls));
    level = key_of(lock_test.engine, "level");
    layer = new_layer(lock_test.engine, cls);
    AC_CHECK_OK(ac_engine_tick(lock_test.engine, 1.0));
    AC_CHECK_OK(ac_engine_set_clock(lock_test.engine, clock_starting_a_thread, NULL, NULL));
    /* The change opens an implicit transaction, which reads the clock holding the lock. */
    AC_CHECK_OK(ac_layer_set_scalar(lock_test.engine, layer, level, 1.0));

    AC_CHECK_EQ_INT(lock_test.clock_calls, 1);
    if (!AC_CHECK(lock_test.started)) return;
    AC_CHECK_EQ_INT(pthread_join(lock_test.thread, NULL), 0);
    AC_CHECK_STATUS(lock_test.call_status, AC_OK);
    /* The other thread's call ended after the hold did: it waited for it. */
    AC_CHECK(lock_test.call_ended_s >= lock_test.hold_ends_s);
    AC_CHECK_OK(ac_engine_destroy(lock_test.engine));
}

/* ---- Each scenario in a process of its own ---- */

/* Runs `scenario` in a child process (whose first thread it creates), adding the child's checks
   to this process's counts. */
static void run_in_child(const char *name, void (*scenario)(void)) {
    int pipe_ends[2], status = 0;
    int counts[2] = {0, 0};
    pid_t child;

    if (!AC_CHECK_EQ_INT(pipe(pipe_ends), 0)) return;
    fflush(stdout);
    child = fork();
    if (child == 0) {
        int passed = atomic_load(&ac_test_passed_), failed = atomic_load(&ac_test_failed_);
        close(pipe_ends[0]);
        /* Without glibc's flag set here (a sanitizer's thread, say), every call takes the locked
           path: the scenario still checks the counts, not the change. */
        if (!__libc_single_threaded) printf("note: %s: the process has threads already\n", name);
        scenario();
        counts[0] = atomic_load(&ac_test_passed_) - passed;
        counts[1] = atomic_load(&ac_test_failed_) - failed;
        fflush(stdout);
        if (write(pipe_ends[1], counts, sizeof counts) != (ssize_t)sizeof counts) _exit(2);
        _exit(0);
    }
    close(pipe_ends[1]);
    if (!AC_CHECK(child > 0)) return;
    if (!AC_CHECK_EQ_INT(read(pipe_ends[0], counts, sizeof counts), (long long)sizeof counts))
        printf("    (%s: the child process ended early)\n", name);
    close(pipe_ends[0]);
    AC_CHECK_EQ_INT(waitpid(child, &status, 0), child);
    AC_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    atomic_fetch_add(&ac_test_passed_, counts[0]);
    atomic_fetch_add(&ac_test_failed_, counts[1]);
}

static void registry_scenario(void) {
    test_first_thread_inside_a_call();
    test_engine_made_after_the_change();
}

/* Before any engine exists (this process makes none), a pointer shaped like an engine's is
   refused like any other: the registry's tables are made with the first engine. */
static void test_before_any_engine(void) {
    double time_s;
    AC_CHECK_STATUS(ac_engine_current_time((ac_engine *)(uintptr_t)0xAC00000000000008u, &time_s), AC_ERR_BAD_HANDLE);
    AC_CHECK_STATUS(ac_engine_destroy((ac_engine *)(uintptr_t)0xAC00000000000018u), AC_ERR_BAD_HANDLE);
    AC_CHECK_STATUS(ac_engine_tick((ac_engine *)(uintptr_t)0x1234, 1.0), AC_ERR_BAD_HANDLE);
}

int main(void) {
    test_before_any_engine();
    run_in_child("the registry", registry_scenario);
    run_in_child("the lock", test_first_thread_under_the_lock);
    run_in_child("the tick threads", test_first_threads_are_tick_threads);
    return ac_test_finish();
}
