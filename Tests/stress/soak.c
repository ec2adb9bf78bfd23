/*
 * soak — 10^6 ticks of churn on one engine, checking that memory stays flat.
 *
 * Every tick (engine time + 1/60 s) adds an explicit animation under a new numbered key
 * ("anim-<tick>"), of each kind in turn (basic, keyframe, spring, group, decay), to a layer of
 * one of four trees, with a delegate of its own; every 3rd tick opens a transaction with a
 * completion and changes properties (implicit animations, additive every other time); every
 * 5th removes an earlier animation by its key; every 11th runs an animation block with a
 * completion; every 13th creates a layer and hands it to a tree; each tree is torn down
 * (released, its animations stopped) and built anew every ~1000 ticks. Descriptions are made
 * and released now and then too.
 *
 * Correctness: every add that returned AC_OK gets exactly one did-stop and every completion
 * runs exactly once (checked after the last ticks and again after ac_engine_destroy).
 *
 * Memory: the resident set size (/proc/self/statm) is sampled every ticks/10 ticks and
 * printed. With the full 10^6 ticks the run passes only when the RSS stops growing: the last
 * five samples (ticks 6·10^5 ... 10^6) lie within 1 MiB of each other. One new key a tick means
 * a leak of 3 bytes per key or more (a key kept for ever costs ~58 B) fails it.
 *
 *   soak [ticks (default 1000000)] [--no-rss]
 *
 * `make soak` runs the full soak (Release build); CTest c_soak_short runs 10^4 ticks with
 * the correctness checks only (fewer than 10^6 ticks: no RSS criterion).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ac_test.h"

#define TREES 4
#define TREE_LAYERS 24
#define KINDS 5
#define RING 16
#define SAMPLES 10
#define RSS_FULL_TICKS 1000000L
#define RSS_FLAT_BYTES (1024.0 * 1024.0)

static ac_engine *g_engine;
static ac_key g_opacity, g_position, g_bounds, g_progress;
static ac_class g_class;

/* Per registration counters (one byte each, touched up front so they cost no RSS growth). */
static unsigned char *g_stops, *g_added;
static unsigned char *g_completions, *g_registered;
static long g_next_completion;
static long g_ids;
static long g_bad_callbacks;

typedef struct tree {
    ac_layer root;
    ac_layer layers[TREE_LAYERS];
    int count;
    long generation; /* bumped each rebuild */
} tree;

static tree g_trees[TREES];

typedef struct pending_removal {
    int tree;
    long generation;
    int layer;
    long tick;
} pending_removal;

static pending_removal g_ring[RING];

static void on_stop(ac_engine *engine, ac_layer layer, const char *key, int32_t finished,
                    void *user_data) {
    long id = (long)(uintptr_t)user_data - 1;
    (void)layer;
    (void)key;
    (void)finished;
    if (engine != g_engine || id < 0 || id >= g_ids) {
        ++g_bad_callbacks;
        return;
    }
    if (g_stops[id] < 255) ++g_stops[id];
}

static void on_completion(ac_engine *engine, int32_t finished, void *user_data) {
    long id = (long)(uintptr_t)user_data - 1;
    (void)finished;
    if (engine != g_engine || id < 0 || id >= g_ids) {
        ++g_bad_callbacks;
        return;
    }
    if (g_completions[id] < 255) ++g_completions[id];
}

static double rss_bytes(void) {
    long size = 0, resident = 0;
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return NAN;
    if (fscanf(file, "%ld %ld", &size, &resident) != 2) resident = -1;
    fclose(file);
    return resident < 0 ? NAN : (double)resident * (double)sysconf(_SC_PAGESIZE);
}

/* size zeroed bytes, every page written (so resident from the start). */
static unsigned char *touched(size_t size) {
    volatile unsigned char *bytes = malloc(size);
    size_t index;
    if (bytes == NULL) {
        printf("soak: out of memory\n");
        exit(1);
    }
    for (index = 0; index < size; ++index) bytes[index] = 0;
    return (unsigned char *)bytes;
}

/* Allowed statuses for calls on layers that a teardown may have destroyed meanwhile. */
static void check_ok_or_stale(ac_status status, const char *what) {
    if (status != AC_OK && status != AC_ERR_BAD_HANDLE) {
        AC_CHECK_STATUS(status, AC_OK);
        printf("    %s\n", what);
    }
}

static void build_tree(tree *t, long tick) {
    int j;
    AC_CHECK_OK(ac_layer_create(g_engine, 0, &t->root));
    t->count = 8;
    for (j = 0; j < t->count; ++j) {
        ac_layer parent = j < 4 ? t->root : t->layers[j - 4];
        AC_CHECK_OK(ac_layer_create(g_engine, j % 2 ? g_class : 0, &t->layers[j]));
        AC_CHECK_OK(ac_layer_add_sublayer(g_engine, parent, t->layers[j]));
        /* The tree holds it now; drop ours, so tearing the root down destroys the subtree. */
        AC_CHECK_OK(ac_layer_release(g_engine, t->layers[j]));
        AC_CHECK_OK(ac_layer_set_scalar(g_engine, t->layers[j], g_opacity, (double)(tick % 10) / 10.0));
    }
    ++t->generation;
}

static void tear_down(tree *t) {
    AC_CHECK_OK(ac_layer_release(g_engine, t->root));
    t->root = 0;
    t->count = 0;
}

static ac_animation make_kind(int kind, long tick) {
    ac_animation animation = 0;
    ac_timing timing;
    double duration = 0.05 + 0.05 * (double)(tick % 7);
    ac_timing_init_animation(&timing);
    timing.duration_s = duration;
    switch (kind) {
    case 0: {
        ac_value from = ac_value_scalar(0), to = ac_value_scalar(1);
        AC_CHECK_OK(ac_animation_create_basic(g_engine, "opacity", &animation));
        AC_CHECK_OK(ac_animation_set_value(g_engine, animation, AC_ANIMATION_FROM, &from));
        AC_CHECK_OK(ac_animation_set_value(g_engine, animation, AC_ANIMATION_TO, &to));
        break;
    }
    case 1: {
        ac_path_element path[AC_PATH_ELLIPSE_ELEMENTS];
        size_t count = 0;
        AC_CHECK_OK(ac_animation_create_keyframe(g_engine, "position", &animation));
        AC_CHECK_OK(ac_path_ellipse(0, 0, 100, 50, path, AC_PATH_ELLIPSE_ELEMENTS, &count));
        AC_CHECK_OK(ac_animation_set_path(g_engine, animation, path, count));
        AC_CHECK_OK(ac_animation_set_calculation_mode(g_engine, animation, AC_CALCULATION_PACED));
        AC_CHECK_OK(ac_animation_set_rotation_mode(g_engine, animation, AC_ROTATION_AUTO));
        break;
    }
    case 2: {
        ac_value to = ac_value_scalar(40);
        AC_CHECK_OK(ac_animation_create_spring(g_engine, "cornerRadius", &animation));
        AC_CHECK_OK(ac_animation_set_value(g_engine, animation, AC_ANIMATION_TO, &to));
        break;
    }
    case 3: {
        ac_animation children[3];
        ac_value values[3] = {ac_value_scalar(0), ac_value_scalar(2), ac_value_scalar(1)};
        ac_value to = ac_value_scalar(3);
        AC_CHECK_OK(ac_animation_create_keyframe(g_engine, "borderWidth", &children[0]));
        AC_CHECK_OK(ac_animation_set_values(g_engine, children[0], values, 3));
        AC_CHECK_OK(ac_animation_create_basic(g_engine, "shadowRadius", &children[1]));
        AC_CHECK_OK(ac_animation_set_value(g_engine, children[1], AC_ANIMATION_TO, &to));
        AC_CHECK_OK(ac_animation_create_group(g_engine, &children[2]));
        AC_CHECK_OK(ac_animation_set_children(g_engine, children[2], children, 2));
        AC_CHECK_OK(ac_animation_create_group(g_engine, &animation));
        AC_CHECK_OK(ac_animation_set_children(g_engine, animation, children, 3));
        AC_CHECK_OK(ac_animation_release(g_engine, children[0]));
        AC_CHECK_OK(ac_animation_release(g_engine, children[1]));
        AC_CHECK_OK(ac_animation_release(g_engine, children[2]));
        break;
    }
    default: {
        ac_decay decay;
        ac_value velocity = ac_value_point(300, -200);
        ac_value lower = ac_value_point(-50, -50), upper = ac_value_point(50, 50);
        ac_decay_init(&decay);
        decay.deceleration_rate = 0.99;
        decay.has_lower_bound = 1;
        decay.has_upper_bound = 1;
        decay.lower_bound = lower;
        decay.upper_bound = upper;
        AC_CHECK_OK(ac_animation_create_decay(g_engine, "anchorPoint", &animation));
        AC_CHECK_OK(ac_animation_set_decay(g_engine, animation, &decay));
        AC_CHECK_OK(ac_animation_set_value(g_engine, animation, AC_ANIMATION_VELOCITY, &velocity));
        timing.duration_s = 0; /* its own stopping time */
        break;
    }
    }
    AC_CHECK_OK(ac_animation_set_timing(g_engine, animation, &timing));
    return animation;
}

static long new_completion(void) {
    long id = g_next_completion++;
    return id < g_ids ? id : -1;
}

int main(int argc, char **argv) {
    long ticks = RSS_FULL_TICKS, tick, id;
    int rss_check = 1, sample = 0, t, index;
    double samples[SAMPLES];
    double now = 1.0;
    ac_animation kinds[KINDS];
    ac_property_desc property;
    ac_value zero = ac_value_scalar(0);
    long missing = 0, extra = 0, completions_bad = 0, adds = 0, add_errors = 0;

    for (index = 1; index < argc; ++index) {
        if (strcmp(argv[index], "--no-rss") == 0)
            rss_check = 0;
        else
            ticks = atol(argv[index]);
    }
    if (ticks < 10) ticks = 10;
    if (ticks < RSS_FULL_TICKS) rss_check = 0;
    g_ids = ticks + 16;

    /* Counters, every page touched now (a zeroing memset may become a calloc that touches
       nothing, and the pages would then count as growth when the run reaches them). */
    g_stops = touched((size_t)g_ids);
    g_added = touched((size_t)g_ids);
    g_completions = touched((size_t)g_ids);
    g_registered = touched((size_t)g_ids);

    AC_CHECK_OK(ac_engine_create(NULL, &g_engine));
    AC_CHECK_OK(ac_property_desc_init(&property, "progress", &zero));
    AC_CHECK_OK(ac_class_create(g_engine, "Soak", 0, &property, 1, &g_class));
    AC_CHECK_OK(ac_engine_key(g_engine, "opacity", &g_opacity));
    AC_CHECK_OK(ac_engine_key(g_engine, "position", &g_position));
    AC_CHECK_OK(ac_engine_key(g_engine, "bounds", &g_bounds));
    AC_CHECK_OK(ac_engine_key(g_engine, "progress", &g_progress));
    for (t = 0; t < TREES; ++t) build_tree(&g_trees[t], 0);
    for (index = 0; index < KINDS; ++index) kinds[index] = make_kind(index, index);
    AC_CHECK_OK(ac_engine_tick(g_engine, now));

    printf("soak: %ld ticks, RSS sampled every %ld ticks%s\n", ticks, ticks / SAMPLES,
           rss_check ? "" : " (no RSS criterion)");
    for (tick = 0; tick < ticks; ++tick) {
        tree *target = &g_trees[tick % TREES];
        int kind = (int)(tick % KINDS);
        int layer_index = (int)((tick * 7) % (target->count ? target->count : 1));
        char key[32];

        /* A description of each kind is re-made now and then (created and released). */
        if (tick % 101 == 0) {
            AC_CHECK_OK(ac_animation_release(g_engine, kinds[kind]));
            kinds[kind] = make_kind(kind, tick);
        }

        /* The explicit add, under a key never used before. */
        if (target->count > 0) {
            ac_animation_delegate delegate;
            ac_status status;
            ac_animation_delegate_init(&delegate);
            delegate.did_stop = on_stop;
            delegate.user_data = (void *)(uintptr_t)(tick + 1);
            AC_CHECK_OK(ac_animation_set_delegate(g_engine, kinds[kind], &delegate));
            snprintf(key, sizeof key, "anim-%ld", tick);
            status = ac_layer_add_animation(g_engine, target->layers[layer_index], kinds[kind], key);
            ++adds;
            if (status == AC_OK) {
                g_added[tick] = 1;
            } else {
                ++add_errors;
                AC_CHECK_STATUS(status, AC_OK);
                printf("    tick %ld: add of kind %d: %s\n", tick, kind, ac_last_error_message());
            }
            g_ring[tick % RING].tree = (int)(tick % TREES);
            g_ring[tick % RING].generation = target->generation;
            g_ring[tick % RING].layer = layer_index;
            g_ring[tick % RING].tick = tick;
        }

        /* Removal of an earlier animation by its key. */
        if (tick % 5 == 4 && tick >= 3) {
            pending_removal *removal = &g_ring[(tick - 3) % RING];
            tree *owner = &g_trees[removal->tree];
            if (removal->tick == tick - 3 && owner->generation == removal->generation &&
                owner->count > removal->layer) {
                snprintf(key, sizeof key, "anim-%ld", removal->tick);
                check_ok_or_stale(
                    ac_layer_remove_animation(g_engine, owner->layers[removal->layer], key),
                    "ac_layer_remove_animation");
            }
        }

        /* A transaction with a completion and implicit animations. */
        if (tick % 3 == 0 && target->count > 1) {
            long completion = new_completion();
            ac_value position = ac_value_point((double)(tick % 640), (double)(tick % 480));
            AC_CHECK_OK(ac_transaction_begin(g_engine));
            AC_CHECK_OK(ac_transaction_set_animation_duration(g_engine, 0.1 + 0.02 * (double)(tick % 5)));
            AC_CHECK_OK(ac_transaction_set_additive(g_engine, (int)((tick / 3) % 2)));
            if (completion >= 0 &&
                AC_CHECK_OK(ac_transaction_add_completion(g_engine, on_completion,
                                                          (void *)(uintptr_t)(completion + 1), NULL)))
                g_registered[completion] = 1;
            AC_CHECK_OK(ac_layer_set_value(g_engine, target->layers[0], g_position, &position));
            AC_CHECK_OK(ac_layer_set_scalar(g_engine, target->layers[1], g_opacity,
                                            (double)(tick % 10) / 10.0));
            /* layers[1] is of the custom class. */
            AC_CHECK_OK(ac_layer_set_scalar(g_engine, target->layers[1], g_progress,
                                            (double)(tick % 100)));
            AC_CHECK_OK(ac_transaction_commit(g_engine));
        }

        /* An animation block. */
        if (tick % 11 == 0 && target->count > 2) {
            long completion = new_completion();
            ac_animate_options options;
            ac_value bounds = ac_value_rect(0, 0, (double)(tick % 200), (double)(tick % 100));
            ac_animate_options_init(&options);
            options.duration_s = 0.2;
            if (completion >= 0) {
                options.completion = on_completion;
                options.completion_user_data = (void *)(uintptr_t)(completion + 1);
            }
            if (AC_CHECK_OK(ac_animate_begin(g_engine, &options)) && completion >= 0)
                g_registered[completion] = 1;
            AC_CHECK_OK(ac_layer_set_value(g_engine, target->layers[2], g_bounds, &bounds));
            AC_CHECK_OK(ac_animate_commit(g_engine));
        }

        /* A layer made and handed to the tree. */
        if (tick % 13 == 0 && target->count > 0 && target->count < TREE_LAYERS) {
            ac_layer layer = 0;
            AC_CHECK_OK(ac_layer_create(g_engine, g_class, &layer));
            AC_CHECK_OK(ac_layer_insert_sublayer(g_engine, target->layers[target->count - 1], layer, 0));
            AC_CHECK_OK(ac_layer_release(g_engine, layer));
            target->layers[target->count++] = layer;
        }

        /* A tree torn down and built again. */
        if (tick % 1009 == 1008) {
            tree *old = &g_trees[(tick / 1009) % TREES];
            tear_down(old);
            build_tree(old, tick);
        }

        now += 1.0 / 60.0;
        AC_CHECK_OK(ac_engine_tick(g_engine, now));

        if ((tick + 1) % (ticks / SAMPLES) == 0 && sample < SAMPLES) {
            samples[sample] = rss_bytes();
            printf("  tick %8ld  RSS %8.2f MB\n", tick + 1, samples[sample] / 1e6);
            fflush(stdout);
            ++sample;
        }
    }

    /* Past every animation's end. */
    for (index = 0; index < 10; ++index) {
        now += 1.0;
        AC_CHECK_OK(ac_engine_tick(g_engine, now));
    }
    for (id = 0; id < ticks; ++id) {
        if (g_stops[id] < g_added[id]) ++missing;
        if (g_stops[id] > g_added[id]) ++extra;
    }
    for (id = 0; id < g_next_completion && id < g_ids; ++id)
        if (g_completions[id] != g_registered[id]) ++completions_bad;
    AC_CHECK_EQ_INT(missing, 0);
    AC_CHECK_EQ_INT(extra, 0);
    AC_CHECK_EQ_INT(completions_bad, 0);
    AC_CHECK_EQ_INT(g_bad_callbacks, 0);

    for (index = 0; index < KINDS; ++index) AC_CHECK_OK(ac_animation_release(g_engine, kinds[index]));
    for (t = 0; t < TREES; ++t) tear_down(&g_trees[t]);
    AC_CHECK_OK(ac_engine_destroy(g_engine));
    missing = extra = completions_bad = 0;
    for (id = 0; id < ticks; ++id)
        if (g_stops[id] != g_added[id]) ++extra;
    for (id = 0; id < g_next_completion && id < g_ids; ++id)
        if (g_completions[id] != g_registered[id]) ++completions_bad;
    AC_CHECK_EQ_INT(extra, 0);
    AC_CHECK_EQ_INT(completions_bad, 0);
    printf("soak: %ld adds (%ld refused), %ld completions\n", adds, add_errors, g_next_completion);

    if (rss_check) {
        double low = samples[SAMPLES - 5], high = samples[SAMPLES - 5];
        for (index = SAMPLES - 5; index < SAMPLES; ++index) {
            if (samples[index] < low) low = samples[index];
            if (samples[index] > high) high = samples[index];
        }
        printf("soak: RSS of the last five samples within %.3f MB (the bound: %.3f MB); "
               "first sample %.2f MB, last %.2f MB\n",
               (high - low) / 1e6, RSS_FLAT_BYTES / 1e6, samples[0] / 1e6, samples[SAMPLES - 1] / 1e6);
        if (!AC_CHECK(high - low <= RSS_FLAT_BYTES)) printf("soak: the RSS is still growing\n");
    }
    free(g_stops);
    free(g_added);
    free(g_completions);
    free(g_registered);
    return ac_test_finish();
}
