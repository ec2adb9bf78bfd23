/*
 * bench_timing.c — how fast animcore evaluates a timing plus a timing function through its C
 * API, against a plain-C loop doing the same math (plain_timing.c) in the same run.
 *
 * For each workload (an animation timing with "easeInEaseOut", with "linear", with steps()):
 *   1. correctness first: the plain-C loop, ac_timing_progress_batch and ac_timing_progress
 *      must agree on every sample to within 1e-12 (NaN where not in effect on both), or the
 *      program prints the worst sample and exits 1;
 *   2. timing: CLOCK_MONOTONIC, one warm-up pass, then the best of R repetitions of each
 *      variant (the variants take turns within each repetition, so that a noisy neighbour hurts
 *      them alike); printed as ns per evaluation and the ratio to the plain-C loop.
 * The speed goal (batch within 1.5x of the plain-C loop) is reported, not asserted.
 *
 *   bench_timing [-n samples] [-r repetitions] [-w all|ease|linear|steps]
 *                [-v all|plain|batch|single]
 * -v times only one variant (e.g. under valgrind --tool=callgrind, with a small -n).
 */
#define _POSIX_C_SOURCE 200809L

#include "animcore.h"
#include "bench_support.h"
#include "plain_timing.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

_Static_assert(PLAIN_FILL_BOTH == AC_FILL_BOTH && PLAIN_FILL_FORWARDS == AC_FILL_FORWARDS &&
                   PLAIN_FILL_BACKWARDS == AC_FILL_BACKWARDS && PLAIN_FILL_REMOVED == AC_FILL_REMOVED,
               "fill modes");
_Static_assert(PLAIN_STEP_JUMP_START == AC_STEP_JUMP_START && PLAIN_STEP_JUMP_END == AC_STEP_JUMP_END &&
                   PLAIN_STEP_JUMP_NONE == AC_STEP_JUMP_NONE && PLAIN_STEP_JUMP_BOTH == AC_STEP_JUMP_BOTH,
               "step positions");

#define DEFAULT_SAMPLES 1000000
#define DEFAULT_REPETITIONS 7
#define TIME_FIRST (-0.2)
#define TIME_LAST 3.0
#define AGREEMENT_TOLERANCE 1e-12
#define SPEED_GOAL 1.5

/* ---- Helpers -------------------------------------------------------------------------------- */

/*
 * N increasing parent times over [TIME_FIRST, TIME_LAST): one in each of N equal slots, at a
 * fixed pseudo-random place inside it (so no two workloads see a different input and the
 * samples do not fall on a lattice that lines up with cycle boundaries).
 */
static void fill_parent_times(double *times, size_t count) {
    double width = (TIME_LAST - TIME_FIRST) / (double)count;
    for (size_t i = 0; i < count; i++) times[i] = TIME_FIRST + ((double)i + bench_next_unit()) * width;
}

/* ---- The workloads -------------------------------------------------------------------------- */

typedef struct workload {
    const char *key;         /* for -w */
    const char *description; /* for the table */
    ac_timing_function function;
} workload;

/* The animation timing of every workload: every phase and both legs occur in the range. */
static ac_timing make_timing(void) {
    ac_timing timing;
    bench_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = 0.35;
    timing.repeat_count = 3.5;
    timing.autoreverses = 1;
    timing.fill_mode = AC_FILL_BOTH;
    timing.begin_time_s = 0.1;
    timing.speed = 1.25;
    timing.time_offset_s = 0.05;
    bench_check(ac_timing_validate(&timing), "ac_timing_validate");
    return timing;
}

static plain_timing to_plain_timing(const ac_timing *t) {
    plain_timing p = {t->begin_time_s, t->duration_s,   t->speed,         t->time_offset_s,
                      t->repeat_count, t->repeat_duration_s, t->autoreverses, t->fill_mode};
    return p;
}

static plain_function to_plain_function(const ac_timing_function *f) {
    plain_function p = {0};
    if (f->kind == AC_TIMING_FUNCTION_CUBIC_BEZIER) {
        p.kind = PLAIN_FUNCTION_CUBIC_BEZIER;
        p.x1 = f->x1;
        p.y1 = f->y1;
        p.x2 = f->x2;
        p.y2 = f->y2;
    } else {
        p.kind = PLAIN_FUNCTION_STEPS;
        p.steps = f->steps;
        p.step_position = f->step_position;
    }
    return p;
}

/* ---- The variants --------------------------------------------------------------------------- */

enum { VARIANT_PLAIN, VARIANT_BATCH, VARIANT_SINGLE, VARIANT_COUNT };
static const char *const variant_keys[VARIANT_COUNT] = {"plain", "batch", "single"};
static const char *const variant_names[VARIANT_COUNT] = {
    "plain C loop (baseline)", "ac_timing_progress_batch", "ac_timing_progress per sample"};

typedef struct run {
    const ac_timing *timing;
    const ac_timing_function *function;
    const plain_timing *plain_t;
    const plain_function *plain_f;
    const double *times;
    size_t count;
} run;

static void run_variant(int variant, const run *r, double *out) {
    switch (variant) {
    case VARIANT_PLAIN:
        plain_timing_progress_batch(r->plain_t, r->plain_f, r->times, r->count, out);
        break;
    case VARIANT_BATCH:
        bench_check(ac_timing_progress_batch(r->timing, r->function, r->times, r->count, out, r->count),
              "ac_timing_progress_batch");
        break;
    case VARIANT_SINGLE: {
        ac_status failed = AC_OK;
        for (size_t i = 0; i < r->count; i++) {
            ac_status status = ac_timing_progress(r->timing, r->function, r->times[i], &out[i]);
            if (status != AC_OK && failed == AC_OK) failed = status; /* keep the first */
        }
        bench_check(failed, "ac_timing_progress");
        break;
    }
    }
}

/* ---- Correctness ---------------------------------------------------------------------------- */

typedef struct agreement {
    double max_difference; /* over the samples where both are numbers */
    size_t mismatches;     /* beyond the tolerance, or NaN on one side only */
    size_t first_mismatch;
} agreement;

static agreement compare(const double *expected, const double *actual, size_t count) {
    agreement a = {0, 0, 0};
    for (size_t i = 0; i < count; i++) {
        bool ok;
        if (isnan(expected[i]) || isnan(actual[i])) {
            ok = isnan(expected[i]) && isnan(actual[i]);
        } else {
            double d = fabs(expected[i] - actual[i]);
            if (d > a.max_difference) a.max_difference = d;
            ok = d <= AGREEMENT_TOLERANCE;
        }
        if (!ok && a.mismatches++ == 0) a.first_mismatch = i;
    }
    return a;
}

/*
 * Times that land on the rules' edges: the begin and end of the active interval, the parent
 * times of the first cycle boundaries (local = k * duration), each with its neighbours one ulp
 * away, and the ends of the sampled range.
 */
static size_t fill_edge_times(const ac_timing *t, double end_time_s, double *times, size_t cap) {
    size_t n = 0;
    double centres[32];
    size_t c = 0;
    centres[c++] = t->begin_time_s;
    centres[c++] = end_time_s;
    centres[c++] = TIME_FIRST;
    centres[c++] = TIME_LAST;
    centres[c++] = 0.0;
    for (int k = 0; k <= 8 && c < 32; k++)
        centres[c++] = t->begin_time_s + (k * t->duration_s - t->time_offset_s) / t->speed;
    for (size_t i = 0; i < c && n + 3 <= cap; i++) {
        times[n++] = nextafter(centres[i], -INFINITY);
        times[n++] = centres[i];
        times[n++] = nextafter(centres[i], INFINITY);
    }
    return n;
}

/* Runs the three variants on `times` and compares the library's answers with the plain loop's.
 * Returns false (after printing the worst sample) when they disagree. */
static bool check_agreement(const run *r, const char *label, double *plain, double *batch,
                            double *single) {
    run_variant(VARIANT_PLAIN, r, plain);
    run_variant(VARIANT_BATCH, r, batch);
    run_variant(VARIANT_SINGLE, r, single);
    agreement with_batch = compare(plain, batch, r->count);
    agreement with_single = compare(plain, single, r->count);
    printf("  agreement on %-17s max |plain - batch| %.3g, max |plain - single| %.3g: %s\n", label,
           with_batch.max_difference, with_single.max_difference,
           with_batch.mismatches + with_single.mismatches == 0 ? "OK" : "DISAGREE");
    const agreement *bad[2] = {&with_batch, &with_single};
    const double *got[2] = {batch, single};
    const char *who[2] = {"batch", "single"};
    bool ok = true;
    for (int k = 0; k < 2; k++) {
        if (bad[k]->mismatches == 0) continue;
        size_t i = bad[k]->first_mismatch;
        printf("    %s: %zu samples disagree; first at parent time %.17g: plain %.17g, %s %.17g\n",
               who[k], bad[k]->mismatches, r->times[i], plain[i], who[k], got[k][i]);
        ok = false;
    }
    return ok;
}

/* ---- Main ----------------------------------------------------------------------------------- */

static bool is_one_of(const char *s, const char *const *choices) {
    for (; *choices != NULL; choices++)
        if (strcmp(s, *choices) == 0) return true;
    return false;
}

static void usage(void) {
    fprintf(stderr, "usage: bench_timing [-n samples] [-r repetitions] [-w all|ease|linear|steps]"
                    " [-v all|plain|batch|single]\n");
    exit(2);
}

int main(int argc, char **argv) {
    bench_program = "bench_timing";
    size_t count = DEFAULT_SAMPLES;
    int repetitions = DEFAULT_REPETITIONS;
    const char *only_workload = "all";
    const char *only_variant = "all";
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) usage();
        if (strcmp(argv[i], "-n") == 0) count = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "-r") == 0) repetitions = atoi(argv[++i]);
        else if (strcmp(argv[i], "-w") == 0) only_workload = argv[++i];
        else if (strcmp(argv[i], "-v") == 0) only_variant = argv[++i];
        else usage();
    }
    if (count == 0 || repetitions < 1) usage();
    if (!is_one_of(only_workload, (const char *const[]){"all", "ease", "linear", "steps", NULL}) ||
        !is_one_of(only_variant, (const char *const[]){"all", "plain", "batch", "single", NULL}))
        usage();

    workload workloads[3] = {
        {"ease", "\"easeInEaseOut\" cubic bezier (0.42, 0) (0.58, 1)", {0}},
        {"linear", "\"linear\" (the bezier fast path)", {0}},
        {"steps", "steps(5, AC_STEP_JUMP_START)", {0}},
    };
    bench_check(ac_timing_function_named("easeInEaseOut", &workloads[0].function), "easeInEaseOut");
    bench_check(ac_timing_function_named("linear", &workloads[1].function), "linear");
    bench_check(ac_timing_function_steps(5, AC_STEP_JUMP_START, &workloads[2].function), "steps");

    ac_timing timing = make_timing();
    plain_timing plain_t = to_plain_timing(&timing);
    double *times = bench_allocate(count, sizeof(double));
    fill_parent_times(times, count);

    /* Where the samples fall (the library's own view), to show that every phase occurs. */
    size_t by_phase[3] = {0, 0, 0}, in_effect = 0, reversed = 0;
    ac_timing_state state;
    state.struct_size = sizeof state;
    for (size_t i = 0; i < count; i++) {
        bench_check(ac_timing_evaluate(&timing, times[i], &state), "ac_timing_evaluate");
        by_phase[state.phase]++;
        in_effect += state.in_effect != 0;
        reversed += state.reversed != 0;
    }
    double end_time_s = state.end_time_s;

    printf("animcore %s: timing + timing function per evaluation, C API vs a plain-C loop\n",
           ac_version_string());
    printf("timing: duration 0.35 s, repeatCount 3.5, autoreverses, fillMode both, beginTime 0.1 s,"
           " speed 1.25, timeOffset 0.05 s (active %.4g..%.4g s)\n",
           timing.begin_time_s, end_time_s);
    printf("samples: %zu parent times in [%.1f, %.1f) s: before %zu, active %zu, after %zu;"
           " in effect %zu, reverse leg %zu\n",
           count, TIME_FIRST, TIME_LAST, by_phase[AC_PHASE_BEFORE], by_phase[AC_PHASE_ACTIVE],
           by_phase[AC_PHASE_AFTER], in_effect, reversed);
    printf("method: CLOCK_MONOTONIC, 1 warm-up pass, best of %d repetitions per variant\n",
           repetitions);

    double *plain = bench_allocate(count, sizeof(double)), *batch = bench_allocate(count, sizeof(double)), *single = bench_allocate(count, sizeof(double));
    double edge_times[128], edge_plain[128], edge_batch[128], edge_single[128];
    size_t edge_count = fill_edge_times(&timing, end_time_s, edge_times, 128);

    bool all_agree = true;
    volatile double sink = 0;
    for (int w = 0; w < 3; w++) {
        const workload *wl = &workloads[w];
        if (strcmp(only_workload, "all") != 0 && strcmp(only_workload, wl->key) != 0) continue;
        plain_function plain_f = to_plain_function(&wl->function);
        run r = {&timing, &wl->function, &plain_t, &plain_f, times, count};
        run edges = {&timing, &wl->function, &plain_t, &plain_f, edge_times, edge_count};
        printf("\nworkload %s\n", wl->description);

        char label[64];
        snprintf(label, sizeof label, "%zu samples:", count);
        bool ok = check_agreement(&r, label, plain, batch, single);
        snprintf(label, sizeof label, "%zu edge times:", edge_count);
        ok = check_agreement(&edges, label, edge_plain, edge_batch, edge_single) && ok;
        if (!ok) {
            all_agree = false;
            continue; /* no timings for a workload whose answers are wrong */
        }

        bool timed[VARIANT_COUNT];
        for (int v = 0; v < VARIANT_COUNT; v++)
            timed[v] = strcmp(only_variant, "all") == 0 || strcmp(only_variant, variant_keys[v]) == 0;
        double *outs[VARIANT_COUNT] = {plain, batch, single};
        double best[VARIANT_COUNT];
        for (int v = 0; v < VARIANT_COUNT; v++) {
            best[v] = INFINITY;
            if (timed[v]) run_variant(v, &r, outs[v]); /* warm-up */
        }
        for (int rep = 0; rep < repetitions; rep++) {
            for (int k = 0; k < VARIANT_COUNT; k++) {
                int v = (rep + k) % VARIANT_COUNT; /* take turns going first */
                if (!timed[v]) continue;
                double start = bench_now_s();
                run_variant(v, &r, outs[v]);
                double elapsed = bench_now_s() - start;
                if (elapsed < best[v]) best[v] = elapsed;
                sink += outs[v][count / 2];
            }
        }
        printf("  %-32s %12s %18s\n", "variant", "ns/evaluation", "ratio to plain C");
        for (int v = 0; v < VARIANT_COUNT; v++) {
            if (!timed[v]) continue;
            double ns = best[v] * 1e9 / (double)count;
            if (timed[VARIANT_PLAIN])
                printf("  %-32s %12.2f %17.2fx\n", variant_names[v], ns,
                       best[v] / best[VARIANT_PLAIN]);
            else
                printf("  %-32s %12.2f %18s\n", variant_names[v], ns, "-");
        }
        if (timed[VARIANT_PLAIN] && timed[VARIANT_BATCH]) {
            double ratio = best[VARIANT_BATCH] / best[VARIANT_PLAIN];
            printf("  goal: batch within %.1fx of the plain-C loop: %s (%.2fx)\n", SPEED_GOAL,
                   ratio <= SPEED_GOAL ? "met" : "NOT met", ratio);
        }
    }
    (void)sink;

    free(times);
    free(plain);
    free(batch);
    free(single);
    if (!all_agree) {
        printf("\nFAILED: the library and the plain-C baseline disagree (tolerance %g)\n",
               AGREEMENT_TOLERANCE);
        return 1;
    }
    return 0;
}
