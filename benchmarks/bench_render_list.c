/*
 * bench_render_list — filling a render list after a tick (issue 31, item 3's goal: "the render
 * list of 100k animated layers (a 3-level tree with sublayerTransforms) read after a tick in
 * <= 1.5x a plain-C loop that composes the same matrices from the same presentation values;
 * 0 allocations per list once its buffer is sized").
 *
 * The world: a root (1000 x 1000) with 100 containers in a 10 x 10 grid, each with a perspective
 * sublayerTransform (m34 = -1/500 about its anchor) and leaves in a grid of its own; every leaf
 * is turned about y by an angle of its own and animates its position (a repeating, autoreversing
 * basic animation of its own duration), so every frame moves every leaf.
 *
 * Each round ticks the engine (not timed), then times ac_render_list_fill on the root against
 * the plain-C loop: the same matrices (each layer's T(-anchor) · transform · T(position), then
 * its superlayer's T(-A) · sublayerTransform · T(A), then the superlayer's matrix to the root
 * flattened), composed in the same order of operations from the presentation values of the
 * same tick, which a batch read (ac_layers_get_presentation_table, timed apart) put in plain
 * arrays. Before timing, every entry's matrix is checked against the plain loop's, to the bit.
 *
 * A second row (issue 32, item 3's goal: "a replicator of 1,000 instances, each with an
 * animated subtree, produces its render list in time proportional to the instances, with no
 * allocation per tick"): a CAReplicatorLayer of 1,000 and of 10,000 instances (a turn and an
 * instance delay each), its subtree a container with two leaves whose opacity and position
 * animate; each instance samples the subtree at its own delayed time. The fill's time per
 * instance at both counts, their ratio (proportional: about 1), and allocations per fill.
 *
 * Usage: bench_render_list [-n layers] [-r rounds] [-t]   (defaults 100000 and 20; -t: the tree
 * rows only, without the replicator row, for a profile of the tree's fill)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "allocation_counter.h"
#include "bench_support.h"

#define GRID 10
#define CONTAINERS (GRID * GRID)
#define CONTAINER_SIZE 100.0
/* Per layer in the batch read: bounds 4, position 2, zPosition 1, anchorPoint 2, anchorPointZ
   1, transform 16, sublayerTransform 16. */
#define KEYS 7
#define STRIDE 42

typedef double mat4[16];

typedef struct world {
    ac_engine *engine;
    size_t count;    /* layers: the root, then each container followed by its leaves */
    ac_layer *order; /* the layers in draw order */
    int32_t *parent; /* index in `order` of each layer's superlayer; -1 for the root */
    double *values;  /* the batch read, STRIDE per layer */
    mat4 *matrices;  /* the plain loop's matrices to the root */
    mat4 *flat;      /* ... flattened, for the sublayers */
    mat4 *sublayer;  /* each layer's part of its sublayers' matrices */
    int *has_sublayer;
    ac_key keys[KEYS];
} world;

static ac_key key(ac_engine *engine, const char *name) {
    ac_key k = 0;
    bench_check(ac_engine_key(engine, name, &k), "ac_engine_key");
    return k;
}

static void set(ac_engine *engine, ac_layer layer, const char *name, ac_value value) {
    bench_check(ac_layer_set_value(engine, layer, key(engine, name), &value), name);
}

static ac_layer child(ac_engine *engine, ac_layer parent) {
    ac_layer layer = 0;
    bench_check(ac_layer_create(engine, 0, &layer), "ac_layer_create");
    if (parent) {
        bench_check(ac_layer_add_sublayer(engine, parent, layer), "ac_layer_add_sublayer");
        bench_check(ac_layer_release(engine, layer), "ac_layer_release");
    }
    return layer;
}

/* CATransform3DConcat(a, b) = a · b, summed in the core's order. */
static void concat(const double *a, const double *b, double *out) {
    double r[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            r[4 * i + j] = a[4 * i] * b[j] + a[4 * i + 1] * b[4 + j] + a[4 * i + 2] * b[8 + j] + a[4 * i + 3] * b[12 + j];
    memcpy(out, r, sizeof r);
}

static void translation(double x, double y, double z, double *out) {
    static const double identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    memcpy(out, identity, sizeof identity);
    out[12] = x, out[13] = y, out[14] = z;
}

static int is_identity(const double *m) {
    for (int i = 0; i < 16; i++)
        if (m[i] != (i % 5 == 0 ? 1.0 : 0.0)) return 0;
    return 1;
}

/* One leaf: turned about y, its position animating within its cell. */
static void add_leaf(ac_engine *engine, ac_layer leaf, double x, double y, double size, double cell) {
    set(engine, leaf, "bounds", ac_value_rect(0, 0, size, size));
    set(engine, leaf, "position", ac_value_point(x, y));
    double turn[16];
    translation(0, 0, 0, turn);
    double angle = (bench_next_unit() - 0.5) * 1.2, c = cos(angle), s = sin(angle);
    turn[0] = c, turn[2] = -s, turn[8] = s, turn[10] = c;
    set(engine, leaf, "transform", ac_value_transform3d(turn));
    ac_animation move = 0;
    bench_check(ac_animation_create_basic(engine, "position", &move), "ac_animation_create_basic");
    ac_value from = ac_value_point(x - 0.2 * cell, y), to = ac_value_point(x + 0.2 * cell, y + 0.2 * cell);
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

static void build(world *w, size_t layers) {
    memset(w, 0, sizeof *w);
    bench_check(ac_engine_create(NULL, &w->engine), "ac_engine_create");
    ac_engine *engine = w->engine;
    size_t per_container = (layers - 1 - CONTAINERS) / CONTAINERS;
    w->count = 1 + CONTAINERS * (1 + per_container);
    w->order = bench_allocate(w->count, sizeof *w->order);
    w->parent = bench_allocate(w->count, sizeof *w->parent);
    w->values = bench_allocate(w->count * STRIDE, sizeof *w->values);
    w->matrices = bench_allocate(w->count, sizeof *w->matrices);
    w->flat = bench_allocate(w->count, sizeof *w->flat);
    w->sublayer = bench_allocate(w->count, sizeof *w->sublayer);
    w->has_sublayer = bench_allocate(w->count, sizeof *w->has_sublayer);
    ac_layer root = w->order[0] = child(engine, 0);
    w->parent[0] = -1;
    set(engine, root, "bounds", ac_value_rect(0, 0, GRID * CONTAINER_SIZE, GRID * CONTAINER_SIZE));
    set(engine, root, "position", ac_value_point(GRID * CONTAINER_SIZE / 2, GRID * CONTAINER_SIZE / 2));
    size_t per_row = (size_t)ceil(sqrt((double)per_container));
    double cell = CONTAINER_SIZE / (double)per_row, perspective[16];
    translation(0, 0, 0, perspective);
    perspective[11] = -1.0 / 500;
    size_t next = 1;
    for (int c = 0; c < CONTAINERS; c++) {
        size_t container_index = next++;
        ac_layer container = w->order[container_index] = child(engine, root);
        w->parent[container_index] = 0;
        set(engine, container, "bounds", ac_value_rect(0, 0, CONTAINER_SIZE, CONTAINER_SIZE));
        set(engine, container, "position", ac_value_point((c % GRID + 0.5) * CONTAINER_SIZE, (c / GRID + 0.5) * CONTAINER_SIZE));
        set(engine, container, "sublayerTransform", ac_value_transform3d(perspective));
        for (size_t i = 0; i < per_container; i++) {
            size_t index = next++;
            ac_layer leaf = w->order[index] = child(engine, container);
            w->parent[index] = (int32_t)container_index;
            add_leaf(engine, leaf, ((double)(i % per_row) + 0.5) * cell, ((double)(i / per_row) + 0.5) * cell, 0.6 * cell, cell);
        }
    }
    const char *names[KEYS] = {"bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform"};
    for (int k = 0; k < KEYS; k++) w->keys[k] = key(engine, names[k]);
}

/* The batch read of every layer's geometry values (the plain loop's input). */
static void read_values(world *w) {
    size_t stride = 0;
    bench_check(ac_layers_get_presentation_table(w->engine, w->order, w->count, w->keys, KEYS, w->values, w->count * STRIDE,
                                                 &stride, NULL),
                "ac_layers_get_presentation_table");
    bench_require(stride == STRIDE);
}

/* The plain-C loop: every layer's matrix to the root, as the core composes it. */
/* Not inlined, so a profile can count it apart (callgrind --toggle-collect=plain_matrices). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void plain_matrices(world *w) {
    for (size_t i = 0; i < w->count; i++) {
        const double *v = w->values + i * STRIDE;
        const double *bounds = v, *position = v + 4, *anchor_point = v + 7, *transform = v + 10, *sublayer_transform = v + 26;
        double ax = bounds[0] + anchor_point[0] * bounds[2], ay = bounds[1] + anchor_point[1] * bounds[3], az = v[9];
        double t[16], local[16];
        translation(-ax, -ay, -az, t);
        concat(t, transform, local);
        translation(position[0], position[1], v[6], t);
        concat(local, t, local);
        int32_t parent = w->parent[i];
        if (parent >= 0 && w->has_sublayer[parent]) concat(local, w->sublayer[parent], local);
        if (parent >= 0) concat(local, w->flat[parent], w->matrices[i]);
        else memcpy(w->matrices[i], local, sizeof local);
        /* What the layer gives its sublayers: identity · T(-A) · sublayerTransform · T(A). */
        w->has_sublayer[i] = !is_identity(sublayer_transform);
        if (w->has_sublayer[i]) {
            double s[16];
            translation(0, 0, 0, s);
            translation(-ax, -ay, -az, t);
            concat(s, t, s);
            concat(s, sublayer_transform, s);
            translation(ax, ay, az, t);
            concat(s, t, w->sublayer[i]);
        }
        double *flat = w->flat[i];
        memcpy(flat, w->matrices[i], sizeof(mat4));
        flat[2] = flat[6] = flat[14] = 0, flat[8] = flat[9] = flat[11] = 0, flat[10] = 1;
    }
}

/* Every entry against the plain loop: same layer, same matrix bits. */
static int agree(const world *w, const ac_render_entry *entries, size_t count) {
    if (count != w->count) {
        fprintf(stderr, "bench_render_list: %zu entries, %zu layers\n", count, w->count);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        if (entries[i].layer != w->order[i] || memcmp(entries[i].matrix, w->matrices[i], sizeof(mat4)) != 0) {
            fprintf(stderr, "bench_render_list: entry %zu differs from the plain loop (m41 %.17g vs %.17g)\n", i,
                    entries[i].matrix[12], w->matrices[i][12]);
            return 0;
        }
    }
    return 1;
}

static int run(size_t layers, int rounds) {
    world w;
    build(&w, layers);
    ac_render_list list = 0;
    bench_check(ac_render_list_create(w.engine, &list), "ac_render_list_create");
    const ac_render_entry *entries = NULL;
    size_t count = 0;
    double time = 0, fill_s = 0, plain_s = 0, read_s = 0;
    bench_check(ac_engine_tick(w.engine, time), "ac_engine_tick");
    int ok = 1;
    unsigned long long allocated = 0;
    for (int r = -2; r < rounds; r++) {
        time += 1.0 / 60;
        bench_check(ac_engine_tick(w.engine, time), "ac_engine_tick");
        unsigned long long before = allocations();
        double start = bench_now_s();
        bench_check(ac_render_list_fill(w.engine, list, w.order[0], AC_GEOMETRY_PRESENTATION, &entries, &count, NULL, NULL),
                    "ac_render_list_fill");
        double fill = bench_now_s() - start;
        if (r >= 0) allocated += allocations() - before;
        start = bench_now_s();
        read_values(&w);
        double read = bench_now_s() - start;
        start = bench_now_s();
        plain_matrices(&w);
        double plain = bench_now_s() - start;
        ok &= agree(&w, entries, count);
        /* Rounds -2 and -1 size the list's two buffers (this fill's and the previous one's). */
        if (r >= 0) fill_s += fill, plain_s += plain, read_s += read;
    }
    double per = 1e9 / ((double)rounds * (double)w.count);
    printf("  %7zu layers: fill %6.1f ns per layer, plain-C matrices %6.1f ns (%.2fx; goal <= 1.5x); batch read for the"
           " plain loop %5.1f ns; %s; %.1f allocations per fill (goal 0)%s\n",
           w.count, fill_s * per, plain_s * per, fill_s / plain_s, read_s * per, ok ? "matrices agree to the bit" : "MISMATCH",
           COUNTS_ALLOCATIONS ? (double)allocated / rounds : 0.0, COUNTS_ALLOCATIONS ? "" : " (not counted without glibc)");
    bench_check(ac_render_list_destroy(w.engine, list), "ac_render_list_destroy");
    bench_check(ac_layer_release(w.engine, w.order[0]), "ac_layer_release");
    bench_check(ac_engine_destroy(w.engine), "ac_engine_destroy");
    free(w.order), free(w.parent), free(w.values), free(w.matrices), free(w.flat), free(w.sublayer), free(w.has_sublayer);
    return ok;
}

/* A replicator of `instances` instances over a container with two animated leaves. */
static ac_layer replicator_world(ac_engine *engine, int instances) {
    ac_layer replicator = 0;
    bench_check(ac_layer_create(engine, AC_CLASS_REPLICATOR_LAYER, &replicator), "ac_layer_create");
    set(engine, replicator, "bounds", ac_value_rect(0, 0, 400, 400));
    set(engine, replicator, "position", ac_value_point(200, 200));
    set(engine, replicator, "instanceCount", ac_value_integer(instances));
    set(engine, replicator, "instanceDelay", ac_value_scalar(1.0 / instances));
    double turn[16] = {0};
    double angle = 2 * 3.14159265358979323846 / instances;
    turn[0] = cos(angle), turn[1] = sin(angle), turn[4] = -sin(angle), turn[5] = cos(angle), turn[10] = 1, turn[15] = 1;
    set(engine, replicator, "instanceTransform", ac_value_transform3d(turn));
    set(engine, replicator, "instanceAlphaOffset", ac_value_scalar(-0.5 / instances));
    ac_layer container = child(engine, replicator);
    set(engine, container, "bounds", ac_value_rect(0, 0, 20, 20));
    set(engine, container, "position", ac_value_point(200, 20));
    for (int i = 0; i < 2; i++) {
        ac_layer leaf = child(engine, container);
        set(engine, leaf, "bounds", ac_value_rect(0, 0, 8, 8));
        set(engine, leaf, "position", ac_value_point(5 + 10 * i, 10));
        ac_animation animation = 0;
        bench_check(ac_animation_create_basic(engine, i == 0 ? "opacity" : "position.y", &animation), "create");
        ac_value from = ac_value_scalar(i == 0 ? 1 : 10), to = ac_value_scalar(i == 0 ? 0 : 30);
        bench_check(ac_animation_set_value(engine, animation, AC_ANIMATION_FROM, &from), "from");
        bench_check(ac_animation_set_value(engine, animation, AC_ANIMATION_TO, &to), "to");
        ac_timing timing;
        ac_timing_init_animation(&timing);
        timing.duration_s = 1;
        timing.repeat_count = INFINITY;
        bench_check(ac_animation_set_timing(engine, animation, &timing), "timing");
        bench_check(ac_layer_add_animation(engine, leaf, animation, "a"), "ac_layer_add_animation");
        bench_check(ac_animation_release(engine, animation), "ac_animation_release");
    }
    return replicator;
}

/* Fills the replicator's render list after each tick: ns per instance and allocations per fill. */
static double run_replicator(int instances, int rounds, double *allocations_per_fill) {
    ac_engine *engine = NULL;
    bench_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    ac_layer replicator = replicator_world(engine, instances);
    ac_render_list list = 0;
    bench_check(ac_render_list_create(engine, &list), "ac_render_list_create");
    const ac_render_entry *entries = NULL;
    size_t count = 0;
    double time = 0, fill_s = 0;
    unsigned long long allocated = 0;
    bench_check(ac_engine_tick(engine, time), "ac_engine_tick");
    for (int r = -2; r < rounds; r++) {
        time += 1.0 / 60;
        bench_check(ac_engine_tick(engine, time), "ac_engine_tick");
        unsigned long long before = allocations();
        double start = bench_now_s();
        bench_check(ac_render_list_fill(engine, list, replicator, AC_GEOMETRY_PRESENTATION, &entries, &count, NULL, NULL),
                    "ac_render_list_fill");
        if (r >= 0) fill_s += bench_now_s() - start, allocated += allocations() - before;
    }
    if (count != 1 + 3 * (size_t)instances) {
        fprintf(stderr, "bench_render_list: a replicator's list of %zu entries, not %zu\n", count, 1 + 3 * (size_t)instances);
        exit(1);
    }
    *allocations_per_fill = (double)allocated / rounds;
    bench_check(ac_render_list_destroy(engine, list), "ac_render_list_destroy");
    bench_check(ac_layer_release(engine, replicator), "ac_layer_release");
    bench_check(ac_engine_destroy(engine), "ac_engine_destroy");
    return fill_s * 1e9 / ((double)rounds * instances);
}

/* The replicator row: time per instance at 1,000 and 10,000 instances, beside the goal. */
static void replicator_row(int rounds) {
    double small_allocations = 0, large_allocations = 0;
    double small = run_replicator(1000, rounds, &small_allocations);
    double large = run_replicator(10000, rounds, &large_allocations);
    printf("  replicator, 3 animated layers per instance sampled at its own delayed time: %6.1f ns per instance at"
           " 1,000 instances, %6.1f at 10,000 (%.2fx; goal: proportional to the instances, about 1x);"
           " %.1f and %.1f allocations per fill (goal 0)%s\n",
           small, large, large / small, COUNTS_ALLOCATIONS ? small_allocations : 0.0,
           COUNTS_ALLOCATIONS ? large_allocations : 0.0, COUNTS_ALLOCATIONS ? "" : " (not counted without glibc)");
}

static void usage(void) {
    fprintf(stderr, "usage: bench_render_list [-n layers] [-r rounds] [-t]\n");
    exit(2);
}

int main(int argc, char **argv) {
    bench_program = "bench_render_list";
    size_t layers = 100000;
    int rounds = 20, tree_only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-t") == 0) {
            tree_only = 1;
            continue;
        }
        if (i + 1 >= argc) usage();
        if (strcmp(argv[i], "-n") == 0) layers = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "-r") == 0) rounds = atoi(argv[++i]);
        else usage();
    }
    if (layers < 1 + 2 * CONTAINERS || rounds < 1) usage();
    printf("animcore %s: the render list of a 3-level tree (perspective sublayerTransforms, every leaf turned and moving),"
           " filled after each tick, one thread\n", ac_version_string());
    int ok = 1;
    bench_seed(0x5eed);
    if (layers >= 10000) ok &= run(layers / 10, rounds);
    bench_seed(0x5eed);
    ok &= run(layers, rounds);
    if (!tree_only) replicator_row(rounds);
    return ok ? 0 : 1;
}
