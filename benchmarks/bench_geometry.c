/*
 * bench_geometry — hit testing a presentation tree through the C API (issue 31, item 2's
 * goal: "hit testing a presentation tree of 10k layers at the engine's time: cost
 * proportional to the layers it visits, figures in the benchmark").
 *
 * The world: a root (1000 x 1000) with 100 containers in a 10 x 10 grid, each holding leaves in
 * a grid of its own; every leaf animates its position (a repeating basic animation), so the
 * presentation tree is not the model tree. After a tick, random points are hit-tested on the
 * presentation tree; the answers are checked against a plain-C scan of the same presentation
 * positions (read once with ac_layers_get_presentation), which is also timed as the baseline
 * that does nothing but the containment tests.
 *
 * Two shapes: open containers (no masksToBounds: Core Animation visits every layer, since a
 * sublayer may hang outside its superlayer) and masking containers (masksToBounds on: a miss of
 * a container skips its leaves, so a hit test visits about 100 + one container's leaves). The
 * time follows the layers visited; a leaf, animated, costs more to read than a container (its
 * presentation values are found through its animations), so the open shape's figure per layer
 * visited is the higher.
 *
 * Usage: bench_geometry [-n layers] [-r hit tests]   (defaults 10000 and 2000)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_support.h"

#define GRID 10
#define CONTAINERS (GRID * GRID)
#define CONTAINER_SIZE 100.0

typedef struct world {
    ac_engine *engine;
    ac_layer root;
    ac_layer containers[CONTAINERS];
    ac_layer *leaves; /* leaves_per_container per container, in order */
    size_t leaves_per_container;
    double *shown;    /* the leaves' presentation positions (x, y) */
    double leaf_size; /* 0.6 of a leaf's cell: it never leaves its cell as it moves */
} world;

static ac_key key(ac_engine *engine, const char *name) {
    ac_key k = 0;
    bench_check(ac_engine_key(engine, name, &k), "ac_engine_key");
    return k;
}

static void place(ac_engine *engine, ac_layer layer, double w, double h, double x, double y) {
    ac_value bounds = ac_value_rect(0, 0, w, h), position = ac_value_point(x, y);
    bench_check(ac_layer_set_value(engine, layer, key(engine, "bounds"), &bounds), "bounds");
    bench_check(ac_layer_set_value(engine, layer, key(engine, "position"), &position), "position");
}

static ac_layer child(ac_engine *engine, ac_layer parent) {
    ac_layer layer = 0;
    bench_check(ac_layer_create(engine, 0, &layer), "ac_layer_create");
    bench_check(ac_layer_add_sublayer(engine, parent, layer), "ac_layer_add_sublayer");
    bench_check(ac_layer_release(engine, layer), "ac_layer_release");
    return layer;
}

/* Builds the world; every leaf's position animates within its cell, forever. */
static void build(world *w, size_t layers, int masks) {
    memset(w, 0, sizeof *w);
    bench_check(ac_engine_create(NULL, &w->engine), "ac_engine_create");
    ac_engine *engine = w->engine;
    bench_check(ac_layer_create(engine, 0, &w->root), "ac_layer_create");
    place(engine, w->root, GRID * CONTAINER_SIZE, GRID * CONTAINER_SIZE, GRID * CONTAINER_SIZE / 2, GRID * CONTAINER_SIZE / 2);
    w->leaves_per_container = layers > 1 + CONTAINERS ? (layers - 1 - CONTAINERS) / CONTAINERS : 1;
    size_t per_row = (size_t)ceil(sqrt((double)w->leaves_per_container));
    double cell = CONTAINER_SIZE / (double)per_row;
    w->leaf_size = 0.6 * cell;
    w->leaves = bench_allocate(CONTAINERS * w->leaves_per_container, sizeof *w->leaves);
    w->shown = bench_allocate(CONTAINERS * w->leaves_per_container * 2, sizeof *w->shown);
    ac_value on = ac_value_bool(1);
    for (int c = 0; c < CONTAINERS; c++) {
        ac_layer container = w->containers[c] = child(engine, w->root);
        place(engine, container, CONTAINER_SIZE, CONTAINER_SIZE, (c % GRID + 0.5) * CONTAINER_SIZE, (c / GRID + 0.5) * CONTAINER_SIZE);
        if (masks) bench_check(ac_layer_set_value(engine, container, key(engine, "masksToBounds"), &on), "masksToBounds");
        for (size_t i = 0; i < w->leaves_per_container; i++) {
            ac_layer leaf = w->leaves[c * w->leaves_per_container + i] = child(engine, container);
            double x = ((double)(i % per_row) + 0.5) * cell, y = ((double)(i / per_row) + 0.5) * cell;
            place(engine, leaf, w->leaf_size, w->leaf_size, x, y);
            ac_animation move = 0;
            bench_check(ac_animation_create_basic(engine, "position", &move), "ac_animation_create_basic");
            ac_value from = ac_value_point(x - 0.2 * cell, y), to = ac_value_point(x + 0.2 * cell, y + 0.2 * cell * bench_next_unit());
            bench_check(ac_animation_set_value(engine, move, AC_ANIMATION_FROM, &from), "from");
            bench_check(ac_animation_set_value(engine, move, AC_ANIMATION_TO, &to), "to");
            ac_timing timing;
            bench_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
            timing.duration_s = 0.5 + bench_next_unit();
            timing.repeat_count = INFINITY;
            timing.autoreverses = 1;
            bench_check(ac_animation_set_timing(engine, move, &timing), "ac_animation_set_timing");
            bench_check(ac_layer_add_animation(engine, leaf, move, "move"), "ac_layer_add_animation");
            bench_check(ac_animation_release(engine, move), "ac_animation_release");
        }
    }
    bench_check(ac_engine_tick(engine, 0), "ac_engine_tick");
    bench_check(ac_engine_tick(engine, 0.37), "ac_engine_tick");
    size_t stride = 0;
    size_t count = CONTAINERS * w->leaves_per_container;
    bench_check(ac_layers_get_presentation(engine, w->leaves, count, key(engine, "position"), w->shown, count * 2, &stride),
                "ac_layers_get_presentation");
}

/* The plain-C answer: the last leaf (in its container's order, containers last first) whose
   presentation square holds the point; else the container; else the root. The containers do
   not move, nothing is turned and no leaf leaves its container by more than its cell. */
static ac_layer plain_hit(const world *w, double x, double y) {
    for (int c = CONTAINERS - 1; c >= 0; c--) {
        double cx = (c % GRID) * CONTAINER_SIZE, cy = (c / GRID) * CONTAINER_SIZE;
        for (size_t i = w->leaves_per_container; i-- > 0;) {
            const double *p = w->shown + 2 * (c * w->leaves_per_container + i);
            double size = w->leaf_size, left = cx + p[0] - size / 2, top = cy + p[1] - size / 2;
            if (left <= x && x < left + size && top <= y && y < top + size) return w->leaves[c * w->leaves_per_container + i];
        }
    }
    for (int c = CONTAINERS - 1; c >= 0; c--) {
        double cx = (c % GRID) * CONTAINER_SIZE, cy = (c / GRID) * CONTAINER_SIZE;
        if (cx <= x && x < cx + CONTAINER_SIZE && cy <= y && y < cy + CONTAINER_SIZE) return w->containers[c];
    }
    return 0 <= x && x < GRID * CONTAINER_SIZE && 0 <= y && y < GRID * CONTAINER_SIZE ? w->root : 0;
}

/* Times `rounds` hit tests and the plain scan over the same points; checks every answer. */
static int run(size_t layers, int rounds, int masks) {
    world w;
    build(&w, layers, masks);
    size_t total = 1 + CONTAINERS + CONTAINERS * w.leaves_per_container;
    double *points = bench_allocate((size_t)rounds * 2, sizeof *points);
    for (int r = 0; r < 2 * rounds; r++) points[r] = bench_next_unit() * GRID * CONTAINER_SIZE;
    int leaves_hit = 0, mismatches = 0;
    ac_layer *answers = bench_allocate((size_t)rounds, sizeof *answers);
    double start = bench_now_s();
    for (int r = 0; r < rounds; r++)
        bench_check(ac_layer_hit_test(w.engine, w.root, AC_GEOMETRY_PRESENTATION, points + 2 * r, &answers[r]), "ac_layer_hit_test");
    double hit_s = (bench_now_s() - start) / rounds;
    volatile ac_layer sink = 0;
    start = bench_now_s();
    for (int r = 0; r < rounds; r++) sink = plain_hit(&w, points[2 * r], points[2 * r + 1]);
    double plain_s = (bench_now_s() - start) / rounds;
    (void)sink;
    for (int r = 0; r < rounds; r++) {
        ac_layer expected = plain_hit(&w, points[2 * r], points[2 * r + 1]);
        if (answers[r] != expected) mismatches++;
        if (answers[r] != w.root && answers[r] != 0) {
            int container = 0;
            for (int c = 0; c < CONTAINERS; c++) container |= answers[r] == w.containers[c];
            leaves_hit += !container;
        }
    }
    /* Layers visited: every layer when open; the containers and one container's leaves when
       masking (a point is inside exactly one container). */
    double visited = masks ? (double)(1 + CONTAINERS + w.leaves_per_container) : (double)total;
    printf("  %-8s %6zu layers: hit test %8.1f us (%5.1f ns per layer visited, ~%.0f visited);"
           " plain-C scan %7.1f us; %d of %d points on a leaf; %s\n",
           masks ? "masking" : "open", total, hit_s * 1e6, hit_s * 1e9 / visited, visited, plain_s * 1e6, leaves_hit,
           rounds, mismatches ? "MISMATCHES" : "answers agree");
    if (mismatches) fprintf(stderr, "bench_geometry: %d answers differ from the plain-C scan\n", mismatches);
    free(points);
    free(answers);
    free(w.leaves);
    free(w.shown);
    bench_check(ac_layer_release(w.engine, w.root), "ac_layer_release");
    bench_check(ac_engine_destroy(w.engine), "ac_engine_destroy");
    return mismatches == 0;
}

static void usage(void) {
    fprintf(stderr, "usage: bench_geometry [-n layers] [-r hit tests]\n");
    exit(2);
}

int main(int argc, char **argv) {
    bench_program = "bench_geometry";
    size_t layers = 10000;
    int rounds = 2000;
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) usage();
        if (strcmp(argv[i], "-n") == 0) layers = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "-r") == 0) rounds = atoi(argv[++i]);
        else usage();
    }
    if (layers < 1 + CONTAINERS || rounds < 1) usage();
    printf("animcore %s: hitTest on the presentation tree (every leaf animating), one thread\n", ac_version_string());
    printf("goal: cost proportional to the layers visited (ns per layer visited; a leaf, animated, reads dearer)\n");
    int ok = 1;
    for (size_t n = layers / 10 > 1 + CONTAINERS ? layers / 10 : layers; ; n = layers) {
        bench_seed(0x5eed);
        ok &= run(n, rounds, 0);
        bench_seed(0x5eed);
        ok &= run(n, rounds, 1);
        if (n == layers) break;
    }
    return ok ? 0 : 1;
}
