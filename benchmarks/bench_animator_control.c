/*
 * bench_animator_control.c — what an animator's control call costs for N animations (the
 * animator review's first defect: each re-timing took its layer's animations out of the steady
 * lane one animation at a time, so a call over N animations on one layer cost O(N^2)).
 *
 * Worlds: N basic animations of "level" (class "Dot", 1 s, linear, from/to random in [0, 100)),
 * all owned by one animator of 1 s, either all on ONE layer (the case of the defect) or one per
 * layer on N layers (the reference: no layer holds more than one). Each world is started and
 * ticked once (so its animations are in the lane, as in a running scene), then for each call —
 * seek (ac_animator_set_fraction_complete while paused, a drag), pause, start, reverse
 * (ac_animator_set_reversed), rate (ac_animator_set_rate) — R rounds of: the call, timed alone
 * (CLOCK_MONOTONIC), then a tick (untimed: it lets the animations back into the lane, as a frame
 * does between two moves of a drag). Printed: the best call time in ms and in ns per animation,
 * and the one-layer world's ns per animation over the N-layer world's, beside the goal (within
 * 2x: a call costs the same per animation however the animations lie on layers; the goal is
 * printed, not asserted). The continue call (ac_animator_continue with easeOut: each animation's
 * rest replaced by a new one) and then the finish call (ac_animator_finish at the current
 * position) are timed once per world, the last. "add" is the building of the world: the N
 * ac_animator_add_animation calls (each its own block), timed together once; its ns per animation
 * stays the same from one N to the next when a block costs what it adopts.
 *
 * Correctness first: after each call the presentation of every animation's layer must show the
 * animator's fraction (read with ac_layers_get_presentation; for the one-layer world, the last
 * animation added, which wins); a disagreement exits 1.
 *
 *   bench_animator_control [-n 500,2000] [-r rounds] [-h]
 */
#define _GNU_SOURCE

#include "animcore.h"
#include "bench_support.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_ROUNDS 20
#define MAX_SIZES 8
#define HOST_T0 100.0
#define SPREAD_GOAL 2.0
#define AGREEMENT_TOLERANCE 1e-9

enum { CALL_SEEK, CALL_PAUSE, CALL_START, CALL_REVERSE, CALL_RATE, CALL_CONTINUE, CALL_FINISH, CALL_ADD, CALL_COUNT };
static const char *call_names[CALL_COUNT] = {"seek", "pause", "start", "reverse", "rate", "continue", "finish", "add"};

typedef struct world {
    ac_engine *engine;
    ac_layer *layers;
    size_t layer_count, count;
    ac_key level;
    ac_animator animator;
    double *from, *to; /* per animation */
    double now;
} world;

/* Builds the world; returns the seconds its N ac_animator_add_animation calls took. */
static double world_build(world *wd, size_t count, bool one_layer) {
    memset(wd, 0, sizeof *wd);
    wd->count = count;
    wd->layer_count = one_layer ? 1 : count;
    wd->layers = bench_allocate(wd->layer_count, sizeof(ac_layer));
    wd->from = bench_allocate(count, sizeof(double));
    wd->to = bench_allocate(count, sizeof(double));
    bench_check(ac_engine_create(NULL, &wd->engine), "ac_engine_create");
    ac_engine *e = wd->engine;
    ac_value zero = ac_value_scalar(0);
    ac_property_desc level;
    ac_class dot;
    bench_check(ac_property_desc_init(&level, "level", &zero), "ac_property_desc_init");
    bench_check(ac_class_create(e, "Dot", 0, &level, 1, &dot), "ac_class_create");
    bench_check(ac_engine_key(e, "level", &wd->level), "ac_engine_key");
    for (size_t i = 0; i < wd->layer_count; i++) bench_check(ac_layer_create(e, dot, &wd->layers[i]), "ac_layer_create");
    wd->now = HOST_T0;
    bench_check(ac_engine_tick(e, wd->now), "ac_engine_tick");
    ac_timing_function linear;
    bench_check(ac_timing_function_named("linear", &linear), "ac_timing_function_named");
    bench_check(ac_animator_create(e, 1.0, &linear, &wd->animator), "ac_animator_create");
    ac_animation description;
    bench_check(ac_animation_create_basic(e, "level", &description), "ac_animation_create_basic");
    bench_check(ac_animation_set_timing_function(e, description, &linear), "ac_animation_set_timing_function");
    double adding = 0;
    for (size_t i = 0; i < count; i++) {
        wd->from[i] = 100.0 * bench_next_unit();
        wd->to[i] = 100.0 * bench_next_unit();
        ac_value vf = ac_value_scalar(wd->from[i]), vt = ac_value_scalar(wd->to[i]);
        bench_check(ac_animation_set_value(e, description, AC_ANIMATION_FROM, &vf), "ac_animation_set_value");
        bench_check(ac_animation_set_value(e, description, AC_ANIMATION_TO, &vt), "ac_animation_set_value");
        ac_layer layer = wd->layers[one_layer ? 0 : i];
        double start = bench_now_s();
        bench_check(ac_animator_add_animation(e, wd->animator, layer, description, NULL), "ac_animator_add_animation");
        adding += bench_now_s() - start;
    }
    bench_check(ac_animation_release(e, description), "ac_animation_release");
    bench_check(ac_animator_start(e, wd->animator), "ac_animator_start");
    wd->now += 1.0 / 60;
    bench_check(ac_engine_tick(e, wd->now), "ac_engine_tick");
    return adding;
}

static void world_free(world *wd) {
    bench_check(ac_animator_release(wd->engine, wd->animator), "ac_animator_release");
    bench_check(ac_engine_destroy(wd->engine), "ac_engine_destroy");
    free(wd->layers);
    free(wd->from);
    free(wd->to);
}

static void tick(world *wd) {
    wd->now += 1.0 / 60;
    bench_check(ac_engine_tick(wd->engine, wd->now), "ac_engine_tick");
}

/* Whether every layer shows what its (last) animation shows at the animator's fraction. */
static bool agrees(world *wd, const char *after) {
    ac_animator_info info;
    info.struct_size = (uint32_t)sizeof info;
    bench_check(ac_animator_get_info(wd->engine, wd->animator, &info), "ac_animator_get_info");
    double *values = bench_allocate(wd->layer_count, sizeof(double));
    size_t stride;
    bench_check(ac_layers_get_presentation(wd->engine, wd->layers, wd->layer_count, wd->level, values, wd->layer_count,
                                           &stride),
                "ac_layers_get_presentation");
    bool ok = true;
    for (size_t l = 0; l < wd->layer_count && ok; l++) {
        size_t i = wd->layer_count == 1 ? wd->count - 1 : l;
        double expected = wd->from[i] + (wd->to[i] - wd->from[i]) * info.fraction_complete;
        if (!(fabs(values[l] - expected) <= AGREEMENT_TOLERANCE * fmax(1, fabs(expected)))) {
            printf("  DISAGREE after %s: layer %zu shows %.17g, the animator's fraction %.17g gives %.17g\n", after, l,
                   values[l], info.fraction_complete, expected);
            ok = false;
        }
    }
    free(values);
    return ok;
}

static double timed_call(world *wd, int call, int round) {
    ac_engine *e = wd->engine;
    double start = bench_now_s();
    switch (call) {
    case CALL_SEEK:
        bench_check(ac_animator_set_fraction_complete(e, wd->animator, 0.25 + 0.5 * (round % 7) / 7.0),
                    "ac_animator_set_fraction_complete");
        break;
    case CALL_PAUSE: bench_check(ac_animator_pause(e, wd->animator), "ac_animator_pause"); break;
    case CALL_START: bench_check(ac_animator_start(e, wd->animator), "ac_animator_start"); break;
    case CALL_REVERSE: bench_check(ac_animator_set_reversed(e, wd->animator, round & 1), "ac_animator_set_reversed"); break;
    case CALL_RATE: bench_check(ac_animator_set_rate(e, wd->animator, round & 1 ? 0.5 : 0.25), "ac_animator_set_rate"); break;
    case CALL_CONTINUE: {
        ac_timing_function ease_out;
        bench_check(ac_timing_function_named("easeOut", &ease_out), "ac_timing_function_named");
        bench_check(ac_animator_continue(e, wd->animator, &ease_out, 1.0), "ac_animator_continue");
        break;
    }
    default: bench_check(ac_animator_finish(e, wd->animator, AC_ANIMATOR_POSITION_CURRENT), "ac_animator_finish"); break;
    }
    return bench_now_s() - start;
}

/* The best seconds of each call over `rounds` rounds; false on a disagreement. */
static bool run_world(size_t count, bool one_layer, int rounds, double best[CALL_COUNT]) {
    world wd;
    for (int c = 0; c < CALL_COUNT; c++) best[c] = INFINITY;
    best[CALL_ADD] = world_build(&wd, count, one_layer);
    bool ok = true;
    for (int c = 0; c < CALL_CONTINUE && ok; c++) {
        /* A drag seeks a paused animator; the others act on a running one (rate slow, so that
         * it does not reach its end during the rounds). */
        if (c == CALL_SEEK) bench_check(ac_animator_pause(wd.engine, wd.animator), "ac_animator_pause");
        if (c == CALL_PAUSE || c == CALL_REVERSE) {
            bench_check(ac_animator_set_fraction_complete(wd.engine, wd.animator, 0.5), "ac_animator_set_fraction_complete");
            bench_check(ac_animator_set_rate(wd.engine, wd.animator, 0.01), "ac_animator_set_rate");
        }
        for (int r = 0; r < rounds && ok; r++) {
            if (c == CALL_PAUSE || c == CALL_REVERSE || c == CALL_RATE) {
                bench_check(ac_animator_start(wd.engine, wd.animator), "ac_animator_start");
                tick(&wd);
            }
            double s = timed_call(&wd, c, r);
            if (s < best[c]) best[c] = s;
            tick(&wd);
            ok = agrees(&wd, call_names[c]);
            if (c == CALL_START) {
                bench_check(ac_animator_pause(wd.engine, wd.animator), "ac_animator_pause");
                bench_check(ac_animator_set_fraction_complete(wd.engine, wd.animator, 0.5),
                            "ac_animator_set_fraction_complete");
                bench_check(ac_animator_set_rate(wd.engine, wd.animator, 0.01), "ac_animator_set_rate");
                tick(&wd);
            }
        }
    }
    if (ok) best[CALL_CONTINUE] = timed_call(&wd, CALL_CONTINUE, 0);
    if (ok) best[CALL_FINISH] = timed_call(&wd, CALL_FINISH, 0);
    world_free(&wd);
    return ok;
}

static void usage(FILE *to, int status) {
    fprintf(to, "usage: bench_animator_control [-n 500,2000] [-r rounds (default %d)] [-h]\n", DEFAULT_ROUNDS);
    exit(status);
}

int main(int argc, char **argv) {
    bench_program = "bench_animator_control";
    size_t sizes[MAX_SIZES] = {500, 2000};
    int size_count = 2, rounds = DEFAULT_ROUNDS;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0) usage(stdout, 0);
        if (i + 1 >= argc) usage(stderr, 2);
        const char *option = argv[i], *arg = argv[++i];
        if (strcmp(option, "-r") == 0) {
            rounds = atoi(arg);
        } else if (strcmp(option, "-n") == 0) {
            size_count = bench_parse_sizes(arg, sizes, MAX_SIZES);
            if (size_count < 0) usage(stderr, 2);
        } else {
            usage(stderr, 2);
        }
    }
    if (rounds < 1 || size_count == 0) usage(stderr, 2);
    printf("animcore %s: an animator's control calls over N animations, all on one layer vs one per layer\n",
           ac_version_string());
    printf("method: CLOCK_MONOTONIC, the call alone, best of %d rounds (a tick between rounds; finish: once);"
           " goal: one layer within %.1fx of N layers per animation (reported, not asserted)\n",
           rounds, SPREAD_GOAL);
    bool all_ok = true;
    for (int s = 0; s < size_count; s++) {
        double one[CALL_COUNT], spread[CALL_COUNT];
        bench_seed(0x9e3779b97f4a7c15ULL);
        bool ok = run_world(sizes[s], true, rounds, one);
        bench_seed(0x9e3779b97f4a7c15ULL);
        ok = run_world(sizes[s], false, rounds, spread) && ok;
        all_ok &= ok;
        printf("\nN = %zu animations: ms per call (ns per animation)\n", sizes[s]);
        printf("  %-8s | %-22s | %-22s | %s\n", "call", "one layer", "N layers", "one layer / N layers");
        for (int c = 0; c < CALL_COUNT && ok; c++) {
            double ratio = one[c] / spread[c];
            printf("  %-8s | %9.3f (%8.1f ns) | %9.3f (%8.1f ns) | %6.2fx %s\n", call_names[c], one[c] * 1e3,
                   one[c] * 1e9 / (double)sizes[s], spread[c] * 1e3, spread[c] * 1e9 / (double)sizes[s], ratio,
                   ratio <= SPREAD_GOAL ? "met" : "NOT met");
        }
    }
    if (!all_ok) {
        printf("\nFAILED: the presentation disagrees with the animator's fraction (see above)\n");
        return 1;
    }
    return 0;
}
