/*
 * bench_transactions.c — what a property change that creates an implicit animation costs
 * through the C API: one change per transaction, and 10k changes committed together.
 *
 * N layers (default 10k, ticked once so that they are committed and their changes run
 * actions), each change setting one scalar (the built-in "opacity", or a custom "level" of a
 * class "Dot") with ac_layer_set_scalar to a new value, which runs the built-in implicit
 * animation (from the presentation value to the new model value, 0.25 s, "default" curve):
 *   disabled   one transaction with disableActions: the change alone, no animation (reference)
 *   implicit   no transaction: the changes open the implicit one, committed by the next tick
 *   flush      the same, committed by ac_transaction_flush()
 *   each       ac_transaction_begin / set / ac_transaction_commit around every change
 *   batch      ac_transaction_begin, all N changes, ac_transaction_commit
 *   block      ac_animate_begin (0.25 s, easeInEaseOut), all N changes, ac_animate_commit
 * Each round times the changes (begin and commit included) and, separately, the next tick,
 * which starts the N animations and evaluates them once; then an untimed tick 1 s later lets
 * them finish and be removed, so every round adds N fresh animations. Best of R rounds;
 * ns per change = the round's time / N. Allocation calls per change are counted by wrappers
 * around glibc's __libc_* entry points defined in this executable (as in bench_engine.c).
 *
 * Correctness first: after one round of each mode, every sampled layer must hold one animation
 * under its key, show the old value at the commit tick and, half-way (0.125 s later), the old
 * value + (new - old) x curve(0.5) to within 1e-9; else the program exits 1.
 * The goal (under 200 ns per change from C) is reported, not asserted.
 *
 *   bench_transactions [-n layers] [-r rounds] [-m all|disabled|implicit|flush|each|batch|block]
 */
#define _GNU_SOURCE

#include "animcore.h"
#include "allocation_counter.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_LAYERS 10000
#define DEFAULT_ROUNDS 7
#define AGREEMENT_TOLERANCE 1e-9
#define GOAL_NS 200.0
#define SAMPLES 64

/* ---- Helpers -------------------------------------------------------------------------------- */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void check(ac_status status, const char *what) {
    if (status == AC_OK) return;
    fprintf(stderr, "bench_transactions: %s failed: %s (%s)\n", what, ac_status_name(status),
            ac_last_error_message());
    exit(2);
}

/* ---- The modes ------------------------------------------------------------------------------ */

enum { M_DISABLED, M_IMPLICIT, M_FLUSH, M_EACH, M_BATCH, M_BLOCK, M_COUNT };
static const char *const mode_keys[M_COUNT] = {"disabled", "implicit", "flush", "each", "batch", "block"};
static const char *const mode_labels[M_COUNT] = {
    "N changes, actions disabled (no animation)",
    "N changes, implicit transaction (tick commits)",
    "N changes, implicit + ac_transaction_flush",
    "N transactions of 1 change (begin/set/commit)",
    "N changes in 1 transaction (begin/commit)",
    "N changes in 1 ac_animate_begin block"};

typedef struct bench {
    ac_engine *engine;
    ac_layer *layers;
    size_t count;
    ac_key key;
    const char *key_name;
    double host_time; /* of the last tick */
    double value;     /* every layer's current model value */
} bench;

/* Sets every layer to `value` the way `mode` does. */
static void make_changes(bench *b, int mode, double value) {
    ac_engine *e = b->engine;
    switch (mode) {
    case M_DISABLED:
        check(ac_transaction_begin(e), "ac_transaction_begin");
        check(ac_transaction_set_disable_actions(e, 1), "ac_transaction_set_disable_actions");
        for (size_t i = 0; i < b->count; i++) check(ac_layer_set_scalar(e, b->layers[i], b->key, value), "ac_layer_set_scalar");
        check(ac_transaction_commit(e), "ac_transaction_commit");
        break;
    case M_IMPLICIT:
    case M_FLUSH:
        for (size_t i = 0; i < b->count; i++) check(ac_layer_set_scalar(e, b->layers[i], b->key, value), "ac_layer_set_scalar");
        if (mode == M_FLUSH) check(ac_transaction_flush(e), "ac_transaction_flush");
        break;
    case M_EACH:
        for (size_t i = 0; i < b->count; i++) {
            check(ac_transaction_begin(e), "ac_transaction_begin");
            check(ac_layer_set_scalar(e, b->layers[i], b->key, value), "ac_layer_set_scalar");
            check(ac_transaction_commit(e), "ac_transaction_commit");
        }
        break;
    case M_BATCH:
        check(ac_transaction_begin(e), "ac_transaction_begin");
        for (size_t i = 0; i < b->count; i++) check(ac_layer_set_scalar(e, b->layers[i], b->key, value), "ac_layer_set_scalar");
        check(ac_transaction_commit(e), "ac_transaction_commit");
        break;
    case M_BLOCK: {
        ac_animate_options options;
        check(ac_animate_options_init(&options), "ac_animate_options_init");
        check(ac_animate_begin(e, &options), "ac_animate_begin");
        for (size_t i = 0; i < b->count; i++) check(ac_layer_set_scalar(e, b->layers[i], b->key, value), "ac_layer_set_scalar");
        check(ac_animate_commit(e), "ac_animate_commit");
        break;
    }
    }
}

static void tick(bench *b, double host_time) {
    b->host_time = host_time;
    check(ac_engine_tick(b->engine, host_time), "ac_engine_tick");
}

typedef struct round_time {
    double changes_s, tick_s;
    unsigned long long change_allocations, tick_allocations;
} round_time;

/* One round: the changes (timed), the tick that starts them (timed), a tick that ends them. */
static round_time run_round(bench *b, int mode) {
    round_time r;
    double value = b->value == 0.25 ? 0.75 : 0.25;
    unsigned long long a0 = allocations();
    double t0 = now_s();
    make_changes(b, mode, value);
    double t1 = now_s();
    unsigned long long a1 = allocations();
    tick(b, b->host_time + 1.0 / 60.0);
    double t2 = now_s();
    unsigned long long a2 = allocations();
    tick(b, b->host_time + 1.0); /* the animations end and are removed */
    b->value = value;
    r.changes_s = t1 - t0;
    r.tick_s = t2 - t1;
    r.change_allocations = a1 - a0;
    r.tick_allocations = a2 - a1;
    return r;
}

/* ---- Correctness ---------------------------------------------------------------------------- */

/* One round of `mode`, checked on a sample: one animation under the key, the old value at the
 * commit tick, old + (new - old) x curve(0.5) half-way. */
static bool check_mode(bench *b, int mode) {
    ac_layer sample[SAMPLES];
    double slots[SAMPLES];
    size_t stride, n = 0;
    for (size_t i = 0; i < b->count && n < SAMPLES; i += b->count / SAMPLES > 0 ? b->count / SAMPLES : 1) sample[n++] = b->layers[i];
    double old_value = b->value, new_value = old_value == 0.25 ? 0.75 : 0.25;
    ac_timing_function curve;
    check(ac_timing_function_named(mode == M_BLOCK ? "easeInEaseOut" : "default", &curve), "ac_timing_function_named");
    double half;
    check(ac_timing_function_evaluate(&curve, 0.5, 0, &half), "ac_timing_function_evaluate");
    double expected_half = mode == M_DISABLED ? new_value : old_value + (new_value - old_value) * half;
    double expected_start = mode == M_DISABLED ? new_value : old_value;

    make_changes(b, mode, new_value);
    tick(b, b->host_time + 1.0 / 60.0);
    bool ok = true;
    double worst = 0;
    for (size_t j = 0; j < n; j++) {
        size_t animations;
        double model;
        check(ac_layer_animation_count(b->engine, sample[j], &animations), "ac_layer_animation_count");
        check(ac_layer_get_scalar(b->engine, sample[j], b->key, &model), "ac_layer_get_scalar");
        if (animations != (mode == M_DISABLED ? 0u : 1u) || model != new_value) {
            printf("    %s: layer %zu holds %zu animations, model %.17g\n", mode_keys[mode], j, animations, model);
            ok = false;
        }
    }
    check(ac_layers_get_presentation(b->engine, sample, n, b->key, slots, SAMPLES, &stride), "ac_layers_get_presentation");
    for (size_t j = 0; j < n; j++) {
        double d = fabs(slots[j] - expected_start);
        worst = d > worst ? d : worst;
        if (!(d <= AGREEMENT_TOLERANCE)) ok = false;
    }
    tick(b, b->host_time + 0.125);
    check(ac_layers_get_presentation(b->engine, sample, n, b->key, slots, SAMPLES, &stride), "ac_layers_get_presentation");
    for (size_t j = 0; j < n; j++) {
        double d = fabs(slots[j] - expected_half);
        worst = d > worst ? d : worst;
        if (!(d <= AGREEMENT_TOLERANCE)) {
            if (ok) printf("    %s: half-way %.17g, expected %.17g\n", mode_keys[mode], slots[j], expected_half);
            ok = false;
        }
    }
    tick(b, b->host_time + 1.0);
    b->value = new_value;
    printf("  agreement, %-9s %zu layers: start and half-way values max error %.3g: %s\n", mode_keys[mode], n,
           worst, ok ? "OK" : "DISAGREE");
    return ok;
}

/* ---- Main ----------------------------------------------------------------------------------- */

static void usage(void) {
    fprintf(stderr, "usage: bench_transactions [-n layers] [-r rounds]"
                    " [-m all|disabled|implicit|flush|each|batch|block]\n");
    exit(2);
}

typedef struct row {
    const char *property;
    int mode;
    round_time best; /* best changes and best tick, each over the rounds */
    double allocations_per_change, allocations_per_tick_change;
} row;

int main(int argc, char **argv) {
    size_t count = DEFAULT_LAYERS;
    int rounds = DEFAULT_ROUNDS;
    const char *only_mode = "all";
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) usage();
        if (strcmp(argv[i], "-n") == 0) count = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "-r") == 0) rounds = atoi(argv[++i]);
        else if (strcmp(argv[i], "-m") == 0) only_mode = argv[++i];
        else usage();
    }
    bool any = strcmp(only_mode, "all") == 0;
    for (int m = 0; m < M_COUNT; m++) any |= strcmp(only_mode, mode_keys[m]) == 0;
    if (count == 0 || rounds < 1 || !any) usage();

    printf("animcore %s: property changes that create implicit animations, through the C API\n",
           ac_version_string());
    printf("%zu committed layers, one ac_layer_set_scalar per layer per round (0.25 <-> 0.75);"
           " best of %d rounds; one thread\n", count, rounds);

    row rows[2 * M_COUNT];
    int row_count = 0;
    bool all_ok = true;
    const char *properties[2] = {"opacity", "level"};
    for (int p = 0; p < 2; p++) {
        bench b = {0};
        b.count = count;
        b.key_name = properties[p];
        b.layers = calloc(count, sizeof(ac_layer));
        if (b.layers == NULL) return 2;
        check(ac_engine_create(NULL, &b.engine), "ac_engine_create");
        ac_class layer_class = 0;
        if (p == 1) {
            ac_value zero = ac_value_scalar(0.25);
            ac_property_desc level;
            check(ac_property_desc_init(&level, "level", &zero), "ac_property_desc_init");
            check(ac_class_create(b.engine, "Dot", 0, &level, 1, &layer_class), "ac_class_create");
        }
        check(ac_engine_key(b.engine, b.key_name, &b.key), "ac_engine_key");
        for (size_t i = 0; i < count; i++) check(ac_layer_create(b.engine, layer_class, &b.layers[i]), "ac_layer_create");
        for (size_t i = 0; i < count; i++) check(ac_layer_set_scalar(b.engine, b.layers[i], b.key, 0.25), "ac_layer_set_scalar");
        b.value = 0.25;
        tick(&b, 100.0); /* commits the layers: from now on their changes run actions */

        printf("\nproperty \"%s\"%s\n", b.key_name, p == 1 ? " (custom, class Dot)" : " (built-in)");
        for (int m = 0; m < M_COUNT; m++) {
            if (strcmp(only_mode, "all") != 0 && strcmp(only_mode, mode_keys[m]) != 0) continue;
            if (!check_mode(&b, m)) {
                all_ok = false;
                continue;
            }
            run_round(&b, m); /* warm-up */
            row *r = &rows[row_count++];
            r->property = b.key_name;
            r->mode = m;
            r->best.changes_s = r->best.tick_s = INFINITY;
            unsigned long long change_allocations = 0, tick_allocations = 0;
            for (int k = 0; k < rounds; k++) {
                round_time t = run_round(&b, m);
                if (t.changes_s < r->best.changes_s) r->best.changes_s = t.changes_s;
                if (t.tick_s < r->best.tick_s) r->best.tick_s = t.tick_s;
                change_allocations += t.change_allocations;
                tick_allocations += t.tick_allocations;
            }
            r->allocations_per_change = (double)change_allocations / ((double)rounds * (double)count);
            r->allocations_per_tick_change = (double)tick_allocations / ((double)rounds * (double)count);
        }
        check(ac_engine_destroy(b.engine), "ac_engine_destroy");
        free(b.layers);
    }

    printf("\nns per change (N = %zu; best of %d rounds; allocs = allocation calls per change)\n", count, rounds);
    printf("  %-9s %-48s | %10s %8s | %13s %8s | %10s\n", "property", "mode", "changes", "allocs",
           "commit tick", "allocs", "total");
    for (int i = 0; i < row_count; i++) {
        const row *r = &rows[i];
        double n = (double)count;
        printf("  %-9s %-48s | %10.1f %8.2f | %13.1f %8.2f | %10.1f\n", r->property, mode_labels[r->mode],
               r->best.changes_s * 1e9 / n, r->allocations_per_change, r->best.tick_s * 1e9 / n,
               r->allocations_per_tick_change, (r->best.changes_s + r->best.tick_s) * 1e9 / n);
    }
    printf("  (commit tick: the next ac_engine_tick, which starts the N animations and evaluates them"
           " once, per change)\n");

    printf("\ngoal: under %.0f ns per change from C (the change, begin/commit included)\n", GOAL_NS);
    for (int i = 0; i < row_count; i++) {
        const row *r = &rows[i];
        if (r->mode == M_DISABLED) continue;
        double ns = r->best.changes_s * 1e9 / (double)count;
        printf("  %-9s %-48s %s (%.1f ns)\n", r->property, mode_labels[r->mode], ns < GOAL_NS ? "met" : "NOT met", ns);
    }
    if (!COUNTS_ALLOCATIONS) printf("  (allocation counting needs glibc)\n");
    if (!all_ok) {
        printf("\nFAILED: an implicit animation did not show the expected values\n");
        return 1;
    }
    return 0;
}
