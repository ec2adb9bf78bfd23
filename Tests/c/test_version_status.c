/* Version, the status table, and the per-thread last error. */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include <pthread.h>
#include <stdint.h>

#include "ac_test.h"

/* The header's table, expanded here into our own rows. */
typedef struct {
    ac_status code;
    const char *name;
    const char *message;
} status_row;

#define ROW(name, code, message) {code, #name, message},
static const status_row status_rows[] = {AC_STATUS_TABLE(ROW)};
#undef ROW
#define STATUS_ROW_COUNT (sizeof status_rows / sizeof status_rows[0])

static void test_version(void) {
    AC_CHECK_EQ_INT(ac_version_number(), AC_VERSION_NUMBER);
    AC_CHECK_EQ_INT(AC_VERSION_NUMBER,
                    AC_VERSION_MAJOR * 10000 + AC_VERSION_MINOR * 100 + AC_VERSION_PATCH);
    AC_CHECK_EQ_STR(ac_version_string(), AC_VERSION_STRING);
    char built[32];
    snprintf(built, sizeof built, "%d.%d.%d", AC_VERSION_MAJOR, AC_VERSION_MINOR,
             AC_VERSION_PATCH);
    AC_CHECK_EQ_STR(ac_version_string(), built);
    AC_CHECK(ac_version_string() == ac_version_string()); /* static */
}

static void test_status_table(void) {
    AC_CHECK_EQ_INT(STATUS_ROW_COUNT, AC_STATUS_COUNT);
    AC_CHECK_EQ_INT(AC_OK, 0);
    for (size_t i = 0; i < STATUS_ROW_COUNT; i++) {
        const status_row *row = &status_rows[i];
        AC_CHECK_EQ_INT(row->code, (ac_status)i); /* codes are 0, 1, 2, ... in order */
        AC_CHECK_EQ_STR(ac_status_name(row->code), row->name);
        AC_CHECK_EQ_STR(ac_status_message(row->code), row->message);
        AC_CHECK_EQ_STR(ac_status_table_lookup(row->code, 1), row->name);
        AC_CHECK_EQ_STR(ac_status_table_lookup(row->code, 0), row->message);
    }
    /* The enum constants agree with the table. */
    AC_CHECK_EQ_STR(ac_status_name(AC_ERR_NULL_POINTER), "AC_ERR_NULL_POINTER");
    AC_CHECK_EQ_STR(ac_status_name(AC_ERR_CYCLE), "AC_ERR_CYCLE");
    AC_CHECK_EQ_STR(ac_status_message(AC_OK), "success");

    const ac_status unknown[] = {-1, AC_STATUS_COUNT, AC_STATUS_COUNT + 1, 100, 1000, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        AC_CHECK_EQ_STR(ac_status_name(unknown[i]), "AC_UNKNOWN_STATUS");
        AC_CHECK_EQ_STR(ac_status_message(unknown[i]), "unknown status");
    }
}

/* Last error on the main thread: empty at first, set by failures only, cleared on request. */
static void test_last_error_basics(void) {
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_OK);
    AC_CHECK_EQ_STR(ac_last_error_message(), "");

    ac_timing timing;
    AC_CHECK_OK(ac_timing_init_animation(&timing));
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_OK); /* success sets nothing */

    AC_CHECK_STATUS(ac_timing_init_animation(NULL), AC_ERR_NULL_POINTER);
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_ERR_NULL_POINTER);
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "AC_ERR_NULL_POINTER");
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "timing");

    /* A later success keeps the last failure's message. */
    AC_CHECK_OK(ac_timing_validate(&timing));
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_ERR_NULL_POINTER);
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "AC_ERR_NULL_POINTER");

    /* A new failure replaces it. */
    timing.duration_s = -1.0;
    AC_CHECK_STATUS(ac_timing_validate(&timing), AC_ERR_OUT_OF_RANGE);
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_ERR_OUT_OF_RANGE);
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "AC_ERR_OUT_OF_RANGE");

    ac_clear_last_error();
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_OK);
    AC_CHECK_EQ_STR(ac_last_error_message(), "");
    ac_clear_last_error(); /* twice is harmless */
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_OK);
}

/* Two threads fail in turn; each keeps its own last error. */
static pthread_barrier_t barrier;

static void *thread_a(void *unused) {
    (void)unused;
    ac_timing_function f;
    pthread_barrier_wait(&barrier); /* 1: B has failed with OUT_OF_RANGE */
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_OK);
    AC_CHECK_EQ_STR(ac_last_error_message(), "");
    AC_CHECK_STATUS(ac_timing_function_named("no-such-function", &f), AC_ERR_UNKNOWN_NAME);
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "AC_ERR_UNKNOWN_NAME");
    pthread_barrier_wait(&barrier); /* 2: A has failed */
    pthread_barrier_wait(&barrier); /* 3: B has cleared its error */
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_ERR_UNKNOWN_NAME);
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "no-such-function");
    return NULL;
}

static void *thread_b(void *unused) {
    (void)unused;
    ac_timing_function f;
    AC_CHECK_STATUS(ac_timing_function_steps(0, AC_STEP_JUMP_END, &f), AC_ERR_OUT_OF_RANGE);
    const char *mine = ac_last_error_message();
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", mine);
    pthread_barrier_wait(&barrier); /* 1 */
    pthread_barrier_wait(&barrier); /* 2 */
    /* A's failure changed neither B's status nor its message (same pointer, same text). */
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_ERR_OUT_OF_RANGE);
    AC_CHECK_EQ_STR(ac_last_error_message(), copy);
    AC_CHECK_EQ_STR(mine, copy);
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "steps");
    ac_clear_last_error();
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_OK);
    pthread_barrier_wait(&barrier); /* 3 */
    return NULL;
}

static void test_last_error_per_thread(void) {
    /* The main thread has an error of its own that the others must not touch. */
    AC_CHECK_STATUS(ac_timing_validate(NULL), AC_ERR_NULL_POINTER);
    pthread_barrier_init(&barrier, NULL, 2);
    pthread_t a, b;
    AC_CHECK_EQ_INT(pthread_create(&a, NULL, thread_a, NULL), 0);
    AC_CHECK_EQ_INT(pthread_create(&b, NULL, thread_b, NULL), 0);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    pthread_barrier_destroy(&barrier);
    AC_CHECK_EQ_INT(ac_last_error_status(), AC_ERR_NULL_POINTER);
    AC_CHECK_STR_CONTAINS(ac_last_error_message(), "AC_ERR_NULL_POINTER");
}

/* Many threads failing at once each read back only their own failures. */
enum { STRESS_THREADS = 8, STRESS_ROUNDS = 2000 };

static void *stress_thread(void *arg) {
    int index = (int)(intptr_t)arg;
    int mismatches = 0;
    ac_timing timing;
    ac_timing_init_animation(&timing);
    for (int round = 0; round < STRESS_ROUNDS; round++) {
        /* Even threads fail with NOT_FINITE, odd ones with OUT_OF_RANGE. */
        ac_status want = index % 2 ? AC_ERR_OUT_OF_RANGE : AC_ERR_NOT_FINITE;
        timing.duration_s = index % 2 ? -1.0 - round : NAN;
        if (ac_timing_validate(&timing) != want) mismatches++;
        if (ac_last_error_status() != want) mismatches++;
        if (strstr(ac_last_error_message(), ac_status_name(want)) == NULL) mismatches++;
    }
    return (void *)(intptr_t)mismatches;
}

static void test_last_error_stress(void) {
    pthread_t threads[STRESS_THREADS];
    for (int i = 0; i < STRESS_THREADS; i++)
        pthread_create(&threads[i], NULL, stress_thread, (void *)(intptr_t)i);
    for (int i = 0; i < STRESS_THREADS; i++) {
        void *mismatches = NULL;
        pthread_join(threads[i], &mismatches);
        AC_CHECK_EQ_INT((intptr_t)mismatches, 0);
    }
}

int main(void) {
    test_version();
    test_status_table();
    test_last_error_basics();
    test_last_error_per_thread();
    test_last_error_stress();
    return ac_test_finish();
}
