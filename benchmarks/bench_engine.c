/*
 * bench_engine.c — what animcore's tick costs through the C API, against a plain-C loop doing
 * the same math (plain_engine.c) in the same run.
 *
 * Workloads, each at N = 1k, 10k and 100k layers (root layers, default layer timing), every
 * animation a one-shot CABasicAnimation with "easeInEaseOut", explicit from and to values, a
 * 12 s duration and a staggered begin time, so that all of them are active (at varied progress)
 * during the 600 frames at 60 fps that are timed:
 *   level   one animation per layer on a custom scalar property ("level" of a class "Dot");
 *   opacity one animation per layer on the built-in "opacity";
 *   four    four per layer: position, bounds, transform.rotation.z, backgroundColor (the
 *           plain loop lerps componentwise and writes the rotation as a plain 2D transform).
 * and "idle": 1k animated layers alone, then among 1M idle layers (the tick must not care).
 * Keyframe and group animations over the same layers (one added animation per layer, duration
 * 12 s, staggered begins, all active):
 *   keyframe  one CAKeyframeAnimation per layer on "level" (class "Dot"): 5 random values, even
 *             key times, easeInEaseOut as the animation's timing function; two variants,
 *             calculation mode "linear" and "cubic" (Catmull-Rom: Kochanek-Bartels with all
 *             parameters 0, the end values duplicated; the plain loop prepares the same bezier
 *             segments per layer and evaluates the bezier at the segment fraction);
 *   path      one keyframe animation per layer on "position" along a path of one cubic segment
 *             (random points in a 1000 x 1000 area), calculation mode "paced", rotation mode
 *             "auto", no timing function: the plain loop builds the engine's 128-chord arc-length
 *             table per layer at setup and per frame maps the fraction to the bezier parameter
 *             (binary search + linear interpolation), writes the position and the rotation by
 *             the tangent's angle (as a 2D transform against the engine's "transform");
 *   group     one CAAnimationGroup per layer (linear, 12 s) of two easeInEaseOut children in its
 *             time: position from/to (begin 0, duration 0 = the group's) and opacity from/to
 *             (begin 1 s, duration 5 s, fill both); read back: position and opacity.
 *   spring    one CASpringAnimation per layer on "level" (class "Dot"): random from/to in
 *             [0, 100), mass 1, stiffness in [120, 200], damping in [8, 14] (underdamped,
 *             zeta 0.28..0.64), initial velocity in [-2, 2], random per layer; the plain loop
 *             precomputes each layer's decay rate zeta w0, damped frequency wd and their ratio,
 *             and per frame evaluates the closed form at t = progress x duration (the basic local
 *             time): u = e^(-zeta w0 t) (cos wd t + B sin wd t) - v0 e^(-zeta w0 t) sin(wd t) / wd,
 *             value = lerp(from, to, 1 - u), one exp, cos and sin per layer.
 *   decay     one decay animation per layer on "position" (no bounds): from a random point in a
 *             1000 x 1000 area with a random velocity (speed uniform in [200, 3000] units/s, random
 *             direction), deceleration rate 0.998 per ms, minimum speed 1, added with an explicit
 *             12 s duration (its stopping time is 2.6-4.0 s: most layers are at rest for most of the
 *             timed frames, but the engine evaluates the motion for as long as the animation lasts);
 *             the plain loop evaluates x(t) = x0 + v0 (r^(1000 t) - 1) / (1000 ln r) per component
 *             at t = progress x duration as DecayEvaluation.swift does: exponent = 1000 ln r,
 *             travel = expm1(exponent t) / exponent (as the engine), one expm1 per layer.
 *
 *   1. correctness first: at frames 0, 1, 37, 300, 599 and 600 the engine's presentation values
 *      of a sample of layers, read as the tick+read variant reads them, must agree with the plain-C loop's
 *      at the engine's time to within 1e-9, or the program prints the first disagreement and
 *      exits 1 (the path's rotation as the whole transform: the plain 2D affine placed in a
 *      CATransform3D; the new workloads agree to the last bit);
 *   2. timing: CLOCK_MONOTONIC, best of R runs of 600 frames per variant, the variants taking
 *      turns (a world with more than B = 1e7 animated keys evaluated in 600 frames — layers x
 *      keys per layer: the group's position and opacity, the path's position and rotation count
 *      twice — ticks only B / (layers x keys) times per run, at least 30, spread evenly over the
 *      same 600 frames, so that 100k layers do not take minutes: -b sets B, -b 0 ticks every frame; the agreement
 *      and allocation passes tick the same way, the agreement pass also at its frames): the plain-C loop, ac_engine_tick alone, and ac_engine_tick followed by reading
 *      every animated key of every layer back, what a host that draws does: one
 *      ac_layers_get_presentation call for one key, one ac_layers_get_presentation_table call
 *      (a row per layer, one pass) for the four keys, the path's position and transform, the
 *      group's position and opacity; printed as ms per tick, ns per animation per tick and the
 *      ratio to plain C;
 *   3. allocation per tick, once running (after the correctness pass): a pass of ticks between two
 *      readings of (a) the number of malloc/calloc/realloc/posix_memalign calls, counted by
 *      wrappers this executable defines around glibc's __libc_* entry points (the engine's
 *      calls bind to them as to any definition in the executable — no LD_PRELOAD, no hooks) and
 *      (b) mallinfo2(): uordblks + hblkhd (bytes in use) and arena;
 *   4. bytes per layer: after malloc_trim(0), the growth of the resident set (/proc/self/statm)
 *      and of mallinfo2's bytes in use while N layers are created (built-in or "Dot"
 *      properties, no animation), and again while their animations are added and committed.
 *      Blocks of 128 KiB and more are always mmapped (mallopt M_MMAP_THRESHOLD, which also stops
 *      glibc from raising that threshold), so that the buffers an engine outgrows or frees leave
 *      the resident set and the RSS growth is the live memory (plus the buffers' unused
 *      capacity only where it has been touched).
 * Each world (a workload at one size; each idle count) runs in a process of its own (fork), so
 * that no world's heap history bends another's figures (to profile one with valgrind, pass
 * --trace-children=yes: the world's profile is its child's callgrind.out.<pid>).
 * The goals (issue 12: the tick within 1.3x of the plain-C loop for the basic, keyframe and
 * spring workloads, tick + batch read-back within 1.6x for every workload; 100k layers with one
 * eased animation in at most 3 ms per tick on one core; no heap allocation per tick; under 512
 * bytes per layer with the built-in properties) are reported, not asserted.
 *
 *   bench_engine [-r repetitions] [-f frames] [-b animated keys per pass] [-n 1000,10000,100000]
 *                [-i idle layers] [-w all|level|opacity|four|keyframe|path|group|spring|decay|idle]
 *                [-v all|plain|tick|read] [-t tick threads]
 * -t N ticks every engine on N threads (the plain-C loop stays on one): with -n 1000000 -w level
 * it reports the goal of a million animated layers ticked and read back within one 60 fps frame.
 * -w keyframe runs both keyframe variants (linear and cubic). -v times only one variant (e.g.
 * under perf record -e cpu-clock or valgrind --tool=callgrind).
 */
#define _GNU_SOURCE

#include "animcore.h"
#include "bench_support.h"
#include "bench_workloads.h"
#include "allocation_counter.h"
#include "plain_engine.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_REPETITIONS 3
#define FRAME_GOAL_MS (1000.0 / 60.0) /* a million layers ticked and read in one 60 fps frame */
#define DEFAULT_FRAMES 600
#define DEFAULT_IDLE 1000000
#define IDLE_ANIMATED 1000
#define FPS 60.0
#define HOST_T0 100.0     /* host time of frame 0 (the engine's time starts there) */
#define DURATION_S 12.0   /* every animation's; with begins in [T0 - 2, T0] all stay active */
#define BEGIN_SPREAD_S 2.0
#define AGREEMENT_TOLERANCE 1e-9
#define SPEED_GOAL 1.3
#define READ_GOAL 1.6
#define TICK_GOAL_MS 3.0
#define BYTES_GOAL 512.0
#define MAX_SAMPLE 128
/* The most numbers a layer's keys take in the read-back table (four keys: 2 + 4 + 16 + 4). */
#define READ_STRIDE_MAX 32
#define DEFAULT_PASS_BUDGET 1e7 /* animated keys evaluated per pass; see pass_ticks() */
#define MIN_PASS_TICKS 30

/* ---- Helpers -------------------------------------------------------------------------------- */

static double host_time(double frame) { return HOST_T0 + frame / FPS; }

/*
 * Passes over large worlds tick fewer frames: a pass (the agreement pass, the allocation pass,
 * each timed run) evaluates at most `pass_budget` animated keys (layers x keys animated per
 * layer, the keys read back: the four workload's 4, the group's and the path's 2, else 1), i.e.
 * n = min(frames, pass_budget / keys) ticks spread evenly over the same frames (tick j of n at
 * frame j * frames / n), so that every workload covers the same span of its animations; 0 =
 * every frame. Per-tick figures do not depend on n: each tick evaluates every animation.
 */
static double pass_budget = DEFAULT_PASS_BUDGET;
/* Threads each engine ticks on (-t; ac_engine_set_tick_threads). */
static int tick_threads = 1;

static int pass_ticks(size_t keys, int frames) {
    if (pass_budget <= 0) return frames;
    double n = floor(pass_budget / (double)keys);
    if (n < MIN_PASS_TICKS) n = MIN_PASS_TICKS;
    return n < frames ? (int)n : frames;
}

/* The frame of tick j of a pass of `ticks` ticks over `frames` frames (j = frames: the last). */
static double pass_frame(int j, int ticks, int frames) { return (double)j * (double)frames / (double)ticks; }

/* Memory: resident bytes (statm, read without allocating) and malloc's bytes in use. */
typedef struct memory {
    double resident;
    double in_use; /* mallinfo2 uordblks + hblkhd */
    double arena;
} memory;

static memory measure_memory(void) {
    memory m = {0, 0, 0};
    char text[256];
    int fd = open("/proc/self/statm", O_RDONLY);
    if (fd >= 0) {
        ssize_t n = read(fd, text, sizeof text - 1);
        close(fd);
        if (n > 0) {
            text[n] = 0;
            char *end;
            strtoull(text, &end, 10); /* size */
            m.resident = (double)strtoull(end, NULL, 10) * (double)sysconf(_SC_PAGESIZE);
        }
    }
    struct mallinfo2 info = mallinfo2();
    m.in_use = (double)(info.uordblks + info.hblkhd);
    m.arena = (double)info.arena;
    return m;
}

/* ---- Workloads ------------------------------------------------------------------------------ */

enum { W_LEVEL, W_OPACITY, W_FOUR, W_KEYFRAME_LINEAR, W_KEYFRAME_CUBIC, W_PATH, W_GROUP, W_SPRING, W_DECAY, W_COUNT };
static const char *const workload_keys[W_COUNT] = {"level", "opacity", "four", "keyframe",
                                                   "keyframe", "path", "group", "spring", "decay"};
static const char *const workload_labels[W_COUNT] = {
    "1 anim/layer: custom scalar \"level\"", "1 anim/layer: opacity",
    "4 anim/layer: pos, bounds, rot.z, bgColor", "1 keyframe/layer: level, 5 values, linear",
    "1 keyframe/layer: level, 5 values, cubic", "1 keyframe/layer: path, paced, rot. auto",
    "1 group/layer: position + opacity", "1 spring/layer: level, underdamped",
    "1 decay/layer: position, free"};

/* The keyframe, path, group, spring and decay workloads (built by world_build_keyframes). */
static bool is_new_kind(int kind) { return kind >= W_KEYFRAME_LINEAR; }
#define GROUP_OPACITY_BEGIN_S 1.0
#define GROUP_OPACITY_DURATION_S 5.0

/* The animated keys of a workload, in track order. */
static const char *const four_paths[4] = {"position", "bounds", "transform.rotation.z", "backgroundColor"};
static const char *const four_read_keys[4] = {"position", "bounds", "transform", "backgroundColor"};
static const int four_components[4] = {2, 4, 1, 4};

typedef struct world {
    int kind;
    size_t count; /* layers */
    int tracks;   /* keys animated (and read back) per layer */
    ac_engine *engine;
    ac_layer *layers;
    ac_key read_keys[4];
    plain_track track[4];
    plain_keyframes keyframes; /* keyframe and path workloads */
    plain_group group;         /* group workload */
    plain_springs springs;     /* spring workload */
    plain_decays decays;       /* decay workload */
    int anims_per_layer;       /* animations added per layer (a group counts once) */
    plain_curve curve;
    double *plain_out[4]; /* scalar: [n]; four: position [2n], bounds [4n], transform [6n], colour [4n];
                             path: position [2n], transform [6n]; group: position [2n], opacity [n];
                             decay: position [2n] */
    double *read_back;    /* [16n]: the tick+read variant's buffer */
    memory before, with_layers, with_animations;
    unsigned long long setup_allocations; /* while the layers and animations were made */
} world;

static const char *track_path(const world *w, int t) {
    if (w->kind == W_FOUR) return four_paths[t];
    if (w->kind == W_PATH) return t == 0 ? "position" : "transform";
    if (w->kind == W_GROUP) return t == 0 ? "position" : "opacity";
    if (w->kind == W_SPRING) return "level";
    if (w->kind == W_DECAY) return "position";
    if (is_new_kind(w->kind)) return "level";
    return w->kind == W_LEVEL ? "level" : "opacity";
}

/* Fills track t of layer i with random endpoints and sets them on the description. */
static void make_animation(world *w, ac_animation a, int t, size_t i) {
    plain_track *track = &w->track[t];
    double begin = HOST_T0 - BEGIN_SPREAD_S * bench_next_unit();
    track->begin_s[i] = begin;
    double from[4], to[4];
    for (int c = 0; c < track->components; c++) {
        from[c] = bench_next_unit();
        to[c] = bench_next_unit();
    }
    ac_value vf, vt;
    if (w->kind != W_FOUR) {
        double scale = w->kind == W_LEVEL ? 100.0 : 1.0;
        from[0] *= scale;
        to[0] *= scale;
        vf = ac_value_scalar(from[0]);
        vt = ac_value_scalar(to[0]);
    } else if (t == 0) { /* position, in a 1000 x 1000 area */
        for (int c = 0; c < 2; c++) from[c] *= 1000, to[c] *= 1000;
        vf = ac_value_point(from[0], from[1]);
        vt = ac_value_point(to[0], to[1]);
    } else if (t == 1) { /* bounds: origin 0, size up to 200 */
        from[0] = from[1] = to[0] = to[1] = 0;
        for (int c = 2; c < 4; c++) from[c] *= 200, to[c] *= 200;
        vf = ac_value_rect(from[0], from[1], from[2], from[3]);
        vt = ac_value_rect(to[0], to[1], to[2], to[3]);
    } else if (t == 2) { /* rotation in (-pi, pi) */
        from[0] = (2 * from[0] - 1) * M_PI;
        to[0] = (2 * to[0] - 1) * M_PI;
        vf = ac_value_scalar(from[0]);
        vt = ac_value_scalar(to[0]);
    } else { /* colour */
        vf = ac_value_color(from[0], from[1], from[2], from[3]);
        vt = ac_value_color(to[0], to[1], to[2], to[3]);
    }
    for (int c = 0; c < track->components; c++) {
        track->from[c][i] = from[c];
        track->to[c][i] = to[c];
    }
    ac_timing timing;
    bench_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = DURATION_S;
    timing.begin_time_s = begin;
    bench_check(ac_animation_set_timing(w->engine, a, &timing), "ac_animation_set_timing");
    bench_check(ac_animation_set_value(w->engine, a, AC_ANIMATION_FROM, &vf), "ac_animation_set_value");
    bench_check(ac_animation_set_value(w->engine, a, AC_ANIMATION_TO, &vt), "ac_animation_set_value");
}

static void world_build_keyframes(world *w, int kind, size_t count);

static void world_build(world *w, int kind, size_t count) {
    if (is_new_kind(kind)) {
        world_build_keyframes(w, kind, count);
        return;
    }
    memset(w, 0, sizeof *w);
    w->kind = kind;
    w->count = count;
    w->tracks = kind == W_FOUR ? 4 : 1;
    w->anims_per_layer = w->tracks;
    w->layers = bench_allocate(count, sizeof(ac_layer));
    w->read_back = bench_allocate(count * READ_STRIDE_MAX, sizeof(double));
    w->curve = plain_curve_make(0.42, 0, 0.58, 1);
    for (int t = 0; t < w->tracks; t++) {
        int components = kind == W_FOUR ? four_components[t] : 1;
        if (!plain_track_alloc(&w->track[t], count, components, DURATION_S)) {
            fprintf(stderr, "bench_engine: out of memory\n");
            exit(2);
        }
        static const int out_stride[4] = {2, 4, 6, 4};
        w->plain_out[t] = bench_allocate(count * (kind == W_FOUR ? (size_t)out_stride[t] : 1), sizeof(double));
    }
    /* The model values that show when an animation is not in effect (the defaults). */
    if (kind == W_OPACITY) w->track[0].model[0] = 1.0;

    bench_check(ac_engine_create(NULL, &w->engine), "ac_engine_create");
    bench_check(ac_engine_set_tick_threads(w->engine, tick_threads), "ac_engine_set_tick_threads");
    ac_class layer_class = 0;
    if (kind == W_LEVEL) {
        ac_value zero = ac_value_scalar(0);
        ac_property_desc level;
        bench_check(ac_property_desc_init(&level, "level", &zero), "ac_property_desc_init");
        bench_check(ac_class_create(w->engine, "Dot", 0, &level, 1, &layer_class), "ac_class_create");
    }
    ac_timing_function ease;
    bench_check(ac_timing_function_named("easeInEaseOut", &ease), "ac_timing_function_named");
    ac_animation description[4];
    for (int t = 0; t < w->tracks; t++) {
        const char *read_key = kind == W_FOUR ? four_read_keys[t] : track_path(w, t);
        bench_check(ac_engine_key(w->engine, read_key, &w->read_keys[t]), "ac_engine_key");
        bench_check(ac_animation_create_basic(w->engine, track_path(w, t), &description[t]),
              "ac_animation_create_basic");
        bench_check(ac_animation_set_timing_function(w->engine, description[t], &ease),
              "ac_animation_set_timing_function");
    }

    malloc_trim(0);
    w->before = measure_memory();
    unsigned long long calls_before = allocations();
    for (size_t i = 0; i < count; i++) bench_check(ac_layer_create(w->engine, layer_class, &w->layers[i]), "ac_layer_create");
    w->with_layers = measure_memory();
    for (size_t i = 0; i < count; i++) {
        for (int t = 0; t < w->tracks; t++) {
            make_animation(w, description[t], t, i);
            bench_check(ac_layer_add_animation(w->engine, w->layers[i], description[t], track_path(w, t)),
                  "ac_layer_add_animation");
        }
    }
    bench_check(ac_engine_tick(w->engine, host_time(0)), "ac_engine_tick"); /* commits them */
    w->setup_allocations = allocations() - calls_before;
    w->with_animations = measure_memory();
    for (int t = 0; t < w->tracks; t++) bench_check(ac_animation_release(w->engine, description[t]), "ac_animation_release");
}

/* Layer i's keyframe, path, group, spring or decay animation: random parameters set on the
 * description(s) and given to the plain loop. */
static void make_keyframe_animation(world *w, ac_animation a, const ac_animation *children, size_t i) {
    double begin = HOST_T0 - BEGIN_SPREAD_S * bench_next_unit();
    switch (w->kind) {
    case W_DECAY: bench_decay_layer(w->engine, a, &w->decays, i, begin); break;
    case W_SPRING: bench_spring_layer(w->engine, a, &w->springs, i, begin); break;
    case W_KEYFRAME_LINEAR:
    case W_KEYFRAME_CUBIC: bench_keyframes_layer(w->engine, a, &w->keyframes, i, begin); break;
    case W_PATH: bench_path_layer(w->engine, a, &w->keyframes, i, begin); break;
    default: bench_group_layer(w->engine, a, children, &w->group, i, begin); break; /* group */
    }
    bench_set_timing(w->engine, a, DURATION_S, begin, AC_FILL_REMOVED);
}

/* The keyframe (linear, cubic), path, group, spring and decay worlds: one added animation per layer. */
static void world_build_keyframes(world *w, int kind, size_t count) {
    memset(w, 0, sizeof *w);
    w->kind = kind;
    w->count = count;
    w->anims_per_layer = 1;
    w->tracks = kind == W_PATH || kind == W_GROUP ? 2 : 1; /* keys read back */
    w->layers = bench_allocate(count, sizeof(ac_layer));
    w->read_back = bench_allocate(count * READ_STRIDE_MAX, sizeof(double));
    w->curve = plain_curve_make(0.42, 0, 0.58, 1);
    bool keyframes = kind == W_KEYFRAME_LINEAR || kind == W_KEYFRAME_CUBIC;
    bool level = keyframes || kind == W_SPRING; /* class "Dot" */
    int ok;
    if (kind == W_SPRING) {
        ok = plain_springs_alloc(&w->springs, count, DURATION_S);
        w->plain_out[0] = bench_allocate(count, sizeof(double));
    } else if (kind == W_DECAY) {
        ok = plain_decays_alloc(&w->decays, count, DURATION_S, DECAY_RATE);
        w->plain_out[0] = bench_allocate(count * 2, sizeof(double));
    } else if (keyframes) {
        ok = plain_keyframes_alloc(&w->keyframes, count, kind == W_KEYFRAME_CUBIC ? PLAIN_CUBIC : PLAIN_LINEAR,
                                   1, KEYFRAME_VALUES, DURATION_S, &w->curve);
        w->plain_out[0] = bench_allocate(count, sizeof(double));
    } else if (kind == W_PATH) {
        ok = plain_keyframes_alloc(&w->keyframes, count, PLAIN_PACED_PATH, 2, 2, DURATION_S, NULL);
        w->plain_out[0] = bench_allocate(count * 2, sizeof(double));
        w->plain_out[1] = bench_allocate(count * 6, sizeof(double));
    } else {
        ok = plain_group_alloc(&w->group, count, DURATION_S, &w->curve);
        w->group.position_begin_s = 0;
        w->group.position_duration_s = DURATION_S; /* duration 0: the group's */
        w->group.opacity_begin_s = GROUP_OPACITY_BEGIN_S;
        w->group.opacity_duration_s = GROUP_OPACITY_DURATION_S;
        w->group.opacity_model = 1.0;
        w->plain_out[0] = bench_allocate(count * 2, sizeof(double));
        w->plain_out[1] = bench_allocate(count, sizeof(double));
    }
    if (!ok) {
        fprintf(stderr, "bench_engine: out of memory\n");
        exit(2);
    }

    bench_check(ac_engine_create(NULL, &w->engine), "ac_engine_create");
    bench_check(ac_engine_set_tick_threads(w->engine, tick_threads), "ac_engine_set_tick_threads");
    ac_class layer_class = 0;
    if (level) {
        ac_value zero = ac_value_scalar(0);
        ac_property_desc level;
        bench_check(ac_property_desc_init(&level, "level", &zero), "ac_property_desc_init");
        bench_check(ac_class_create(w->engine, "Dot", 0, &level, 1, &layer_class), "ac_class_create");
    }
    for (int t = 0; t < w->tracks; t++)
        bench_check(ac_engine_key(w->engine, track_path(w, t), &w->read_keys[t]), "ac_engine_key");
    ac_timing_function ease;
    bench_check(ac_timing_function_named("easeInEaseOut", &ease), "ac_timing_function_named");
    ac_animation description, children[2] = {0, 0};
    const char *key;
    if (kind == W_SPRING) {
        key = "level";
        bench_check(ac_animation_create_spring(w->engine, "level", &description), "ac_animation_create_spring");
    } else if (kind == W_DECAY) {
        key = "position";
        bench_check(ac_animation_create_decay(w->engine, "position", &description), "ac_animation_create_decay");
        ac_decay decay;
        bench_check(ac_decay_init(&decay), "ac_decay_init");
        decay.deceleration_rate = DECAY_RATE;
        decay.minimum_speed = DECAY_MINIMUM_SPEED;
        bench_check(ac_animation_set_decay(w->engine, description, &decay), "ac_animation_set_decay");
    } else if (keyframes) {
        key = "level";
        bench_check(ac_animation_create_keyframe(w->engine, "level", &description), "ac_animation_create_keyframe");
        bench_check(ac_animation_set_timing_function(w->engine, description, &ease), "ac_animation_set_timing_function");
        bench_check(ac_animation_set_calculation_mode(
                  w->engine, description, kind == W_KEYFRAME_CUBIC ? AC_CALCULATION_CUBIC : AC_CALCULATION_LINEAR),
              "ac_animation_set_calculation_mode");
        bench_check(ac_animation_set_key_times(w->engine, description, even_key_times, KEYFRAME_VALUES),
              "ac_animation_set_key_times");
    } else if (kind == W_PATH) {
        key = "position";
        bench_check(ac_animation_create_keyframe(w->engine, "position", &description), "ac_animation_create_keyframe");
        bench_check(ac_animation_set_calculation_mode(w->engine, description, AC_CALCULATION_PACED),
              "ac_animation_set_calculation_mode");
        bench_check(ac_animation_set_rotation_mode(w->engine, description, AC_ROTATION_AUTO), "ac_animation_set_rotation_mode");
    } else {
        key = "group";
        bench_check(ac_animation_create_group(w->engine, &description), "ac_animation_create_group");
        bench_check(ac_animation_create_basic(w->engine, "position", &children[0]), "ac_animation_create_basic");
        bench_check(ac_animation_create_basic(w->engine, "opacity", &children[1]), "ac_animation_create_basic");
        for (int c = 0; c < 2; c++)
            bench_check(ac_animation_set_timing_function(w->engine, children[c], &ease), "ac_animation_set_timing_function");
        bench_set_timing(w->engine, children[0], 0, 0, AC_FILL_REMOVED);
        bench_set_timing(w->engine, children[1], GROUP_OPACITY_DURATION_S, GROUP_OPACITY_BEGIN_S, AC_FILL_BOTH);
    }

    malloc_trim(0);
    w->before = measure_memory();
    unsigned long long calls_before = allocations();
    for (size_t i = 0; i < count; i++) bench_check(ac_layer_create(w->engine, layer_class, &w->layers[i]), "ac_layer_create");
    w->with_layers = measure_memory();
    for (size_t i = 0; i < count; i++) {
        make_keyframe_animation(w, description, children, i);
        bench_check(ac_layer_add_animation(w->engine, w->layers[i], description, key), "ac_layer_add_animation");
    }
    bench_check(ac_engine_tick(w->engine, host_time(0)), "ac_engine_tick"); /* commits them */
    w->setup_allocations = allocations() - calls_before;
    w->with_animations = measure_memory();
    bench_check(ac_animation_release(w->engine, description), "ac_animation_release");
    for (int c = 0; c < 2; c++) bench_check(ac_animation_release(w->engine, children[c]), "ac_animation_release");
}

static void world_free(world *w) {
    bench_check(ac_engine_destroy(w->engine), "ac_engine_destroy");
    for (int t = 0; t < 4; t++) {
        plain_track_free(&w->track[t]);
        free(w->plain_out[t]);
    }
    plain_keyframes_free(&w->keyframes);
    plain_group_free(&w->group);
    plain_springs_free(&w->springs);
    plain_decays_free(&w->decays);
    free(w->layers);
    free(w->read_back);
    memset(w, 0, sizeof *w);
}

static void run_plain(world *w, double time_s) {
    if (w->kind == W_KEYFRAME_LINEAR || w->kind == W_KEYFRAME_CUBIC)
        plain_engine_keyframe_scalar(&w->keyframes, time_s, w->plain_out[0]);
    else if (w->kind == W_PATH)
        plain_engine_path(&w->keyframes, time_s, w->plain_out[0], w->plain_out[1]);
    else if (w->kind == W_SPRING)
        plain_engine_spring(&w->springs, time_s, w->plain_out[0]);
    else if (w->kind == W_DECAY)
        plain_engine_decay(&w->decays, time_s, w->plain_out[0]);
    else if (w->kind == W_GROUP)
        plain_engine_group(&w->group, time_s, w->plain_out[0], w->plain_out[1]);
    else if (w->kind == W_FOUR)
        plain_engine_four(&w->track[0], &w->track[1], &w->track[2], &w->track[3], &w->curve, time_s,
                          w->plain_out[0], w->plain_out[1], w->plain_out[2], w->plain_out[3]);
    else
        plain_engine_scalar(&w->track[0], &w->curve, time_s, w->plain_out[0]);
}

/* Reads every animated key of `count` layers into `out` as a table of one row per layer, key t's
 * numbers from columns[t]: ac_layers_get_presentation for one key, ac_layers_get_presentation_table
 * for several (one pass over the layers). Returns the row's stride. */
static size_t read_keys(world *w, const ac_layer *layers, size_t count, double *out, size_t capacity,
                        size_t columns[4]) {
    _Static_assert(sizeof ((world *)0)->read_keys / sizeof(ac_key) == 4, "columns holds one entry per read key");
    size_t stride;
    if (w->tracks == 1) {
        bench_check(ac_layers_get_presentation(w->engine, layers, count, w->read_keys[0], out, capacity, &stride),
              "ac_layers_get_presentation");
        columns[0] = 0;
    } else {
        bench_check(ac_layers_get_presentation_table(w->engine, layers, count, w->read_keys, (size_t)w->tracks, out,
                                               capacity, &stride, columns),
              "ac_layers_get_presentation_table");
    }
    return stride;
}

/* Reads every animated key of every layer back (the tick+read variant). */
static void read_all(world *w) {
    size_t columns[4];
    read_keys(w, w->layers, w->count, w->read_back, w->count * READ_STRIDE_MAX, columns);
}

/* ---- Correctness ---------------------------------------------------------------------------- */

/* Compares the engine's presentation with the plain loop's for the sampled layers. Returns the
 * number of disagreements (printing the first) and raises *max_difference. */
static size_t compare_sample(world *w, const size_t *sample, size_t samples, int frame,
                             double *max_difference) {
    ac_layer layers[MAX_SAMPLE];
    double slots[MAX_SAMPLE * READ_STRIDE_MAX];
    size_t mismatches = 0, columns[4];
    for (size_t j = 0; j < samples; j++) layers[j] = w->layers[sample[j]];
    /* Read as the tick+read variant reads. */
    size_t stride = read_keys(w, layers, samples, slots, MAX_SAMPLE * READ_STRIDE_MAX, columns);
    for (int t = 0; t < w->tracks; t++) {
        size_t n = (t + 1 < w->tracks ? columns[t + 1] : stride) - columns[t]; /* key t's numbers */
        for (size_t j = 0; j < samples; j++) {
            size_t i = sample[j];
            double expected[16];
            bool transform = (w->kind == W_FOUR && t == 2) || (w->kind == W_PATH && t == 1);
            if (w->kind == W_LEVEL || w->kind == W_OPACITY) {
                expected[0] = w->plain_out[0][i];
            } else if (transform) { /* the plain 2D transform as the engine's CATransform3D */
                const double *m = &w->plain_out[t][6 * i];
                for (int k = 0; k < 16; k++) expected[k] = 0;
                expected[0] = m[0], expected[1] = m[1], expected[4] = m[2], expected[5] = m[3];
                expected[12] = m[4], expected[13] = m[5], expected[10] = 1, expected[15] = 1;
            } else {
                for (size_t k = 0; k < n; k++) expected[k] = w->plain_out[t][n * i + k];
            }
            for (size_t k = 0; k < n; k++) {
                double got = slots[j * stride + columns[t] + k];
                double d = fabs(got - expected[k]);
                if (!(d <= AGREEMENT_TOLERANCE)) {
                    if (mismatches++ == 0)
                        printf("    DISAGREE at frame %d, layer %zu, %s[%zu]: plain %.17g, engine %.17g\n",
                               frame, i, track_path(w, t), k, expected[k], got);
                } else if (d > *max_difference) {
                    *max_difference = d;
                }
            }
        }
    }
    return mismatches;
}

/* Ticks `ticks` ticks over frames 1..frames (the engine is at frame 0), and frames 1, 37, 300,
 * 599 and 600 too, checking the sample at those frames, at frame 0 and at the last. */
static bool check_world(world *w, int frames, int ticks) {
    size_t sample[MAX_SAMPLE], samples = 0;
    size_t step = w->count / 100 > 0 ? w->count / 100 : 1;
    for (size_t i = 0; i < w->count && samples < MAX_SAMPLE - 1; i += step) sample[samples++] = i;
    if (sample[samples - 1] != w->count - 1) sample[samples++] = w->count - 1;
    const int check_frames[] = {0, 1, 37, 300, 599, 600};
    const size_t check_count = sizeof check_frames / sizeof check_frames[0];
    double max_difference = 0;
    size_t mismatches = 0, c = 0;
    int checked = 0;
    for (int j = 0; j <= ticks; j++) {
        double frame = pass_frame(j, ticks, frames);
        /* The check frames this pass's ticks step over, then this tick. */
        for (; c < check_count && check_frames[c] <= frame; c++) {
            if (check_frames[c] == frame) continue;
            bench_check(ac_engine_tick(w->engine, host_time(check_frames[c])), "ac_engine_tick");
            double engine_time;
            bench_check(ac_engine_current_time(w->engine, &engine_time), "ac_engine_current_time");
            run_plain(w, engine_time);
            mismatches += compare_sample(w, sample, samples, check_frames[c], &max_difference);
            checked++;
        }
        if (j > 0) bench_check(ac_engine_tick(w->engine, host_time(frame)), "ac_engine_tick");
        bool wanted = j == ticks;
        for (size_t k = 0; k < check_count; k++) wanted |= check_frames[k] == frame;
        if (!wanted) continue;
        double engine_time;
        bench_check(ac_engine_current_time(w->engine, &engine_time), "ac_engine_current_time");
        run_plain(w, engine_time);
        mismatches += compare_sample(w, sample, samples, (int)frame, &max_difference);
        checked++;
    }
    printf("  agreement: %zu layers x %d frames x %d keys: max |plain - engine| %.3g: %s\n", samples,
           checked, w->tracks, max_difference, mismatches == 0 ? "OK" : "DISAGREE");
    return mismatches == 0;
}

/* ---- Timing --------------------------------------------------------------------------------- */

enum { VARIANT_PLAIN, VARIANT_TICK, VARIANT_READ, VARIANT_COUNT };
static const char *const variant_keys[VARIANT_COUNT] = {"plain", "tick", "read"};

/* Seconds for `ticks` ticks over frames 1..frames of one variant (the engine first goes back to
 * frame 0). */
static double run_frames(world *w, int variant, int frames, int ticks) {
    if (variant != VARIANT_PLAIN) bench_check(ac_engine_tick(w->engine, host_time(0)), "ac_engine_tick");
    double start = bench_now_s();
    for (int j = 1; j <= ticks; j++) {
        double time_s = host_time(pass_frame(j, ticks, frames));
        if (variant == VARIANT_PLAIN) {
            run_plain(w, time_s);
        } else {
            bench_check(ac_engine_tick(w->engine, time_s), "ac_engine_tick");
            if (variant == VARIANT_READ) read_all(w);
        }
    }
    return bench_now_s() - start;
}

typedef struct result {
    int kind;
    size_t layers, animations;
    int ticks;                     /* per pass (see pass_ticks) */
    double seconds[VARIANT_COUNT]; /* best run, INFINITY when not timed */
    double allocations_per_tick, in_use_delta, arena_delta;
    double setup_allocations_per_layer; /* shows that the counter counts */
    double layer_resident, layer_in_use; /* bytes per layer: layers only */
    double anim_resident, anim_in_use;   /* bytes per layer: animations added */
} result;

static double per_layer(double after, double before, size_t count) { return (after - before) / (double)count; }

static bool run_world(int kind, size_t count, int frames, int repetitions, const bool *timed,
                      result *r) {
    world w;
    printf("\n%s, %zu layers\n", workload_labels[kind], count);
    fflush(stdout);
    world_build(&w, kind, count);
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->layers = count;
    r->animations = count * (size_t)w.anims_per_layer;
    r->layer_resident = per_layer(w.with_layers.resident, w.before.resident, count);
    r->layer_in_use = per_layer(w.with_layers.in_use, w.before.in_use, count);
    r->anim_resident = per_layer(w.with_animations.resident, w.with_layers.resident, count);
    r->anim_in_use = per_layer(w.with_animations.in_use, w.with_layers.in_use, count);
    r->setup_allocations_per_layer = (double)w.setup_allocations / (double)count;

    int ticks = pass_ticks(count * (size_t)w.tracks, frames);
    r->ticks = ticks;
    bool ok = check_world(&w, frames, ticks); /* also the warm-up of the engine */
    if (!ok) {
        world_free(&w);
        return false;
    }

    /* Allocation over a pass once running. */
    bench_check(ac_engine_tick(w.engine, host_time(0)), "ac_engine_tick");
    unsigned long long calls_before = allocations();
    memory before = measure_memory();
    for (int j = 1; j <= ticks; j++)
        bench_check(ac_engine_tick(w.engine, host_time(pass_frame(j, ticks, frames))), "ac_engine_tick");
    memory after = measure_memory();
    r->allocations_per_tick = (double)(allocations() - calls_before) / ticks;
    r->in_use_delta = after.in_use - before.in_use;
    r->arena_delta = after.arena - before.arena;

    for (int v = 0; v < VARIANT_COUNT; v++) {
        r->seconds[v] = INFINITY;
        if (timed[v] && v == VARIANT_PLAIN) run_frames(&w, v, frames, ticks); /* warm-up */
    }
    for (int rep = 0; rep < repetitions; rep++) {
        for (int k = 0; k < VARIANT_COUNT; k++) {
            int v = (rep + k) % VARIANT_COUNT; /* take turns going first */
            if (!timed[v]) continue;
            double s = run_frames(&w, v, frames, ticks);
            if (s < r->seconds[v]) r->seconds[v] = s;
        }
    }
    double ms = 1e3 / ticks, ns = 1e9 / ((double)ticks * (double)r->animations);
    printf("  plain %.3f ms/tick, tick %.3f ms/tick (%.1f ns/anim), tick+read %.3f ms/tick;"
           " %.2f allocations/tick; %d ticks per pass\n",
           r->seconds[VARIANT_PLAIN] * ms, r->seconds[VARIANT_TICK] * ms,
           r->seconds[VARIANT_TICK] * ns, r->seconds[VARIANT_READ] * ms, r->allocations_per_tick, ticks);
    world_free(&w);
    return true;
}

/* ---- Idle layers ---------------------------------------------------------------------------- */

typedef struct idle_result {
    size_t idle;
    double seconds;
    double allocations_per_tick;
    double idle_resident, idle_in_use; /* bytes per idle layer */
} idle_result;

/*
 * IDLE_ANIMATED layers with one opacity animation each, among `idle` idle layers (of the
 * built-in class, never changed): the animated ones spread evenly through the engine's slots.
 */
static void run_idle(size_t idle, int frames, int repetitions, idle_result *r) {
    ac_engine *engine;
    ac_animation a;
    ac_timing_function ease;
    size_t total = idle + IDLE_ANIMATED;
    size_t every = total / IDLE_ANIMATED;
    ac_layer *layers = bench_allocate(total, sizeof(ac_layer));
    memset(r, 0, sizeof *r);
    r->idle = idle;
    bench_check(ac_engine_create(NULL, &engine), "ac_engine_create");
    bench_check(ac_animation_create_basic(engine, "opacity", &a), "ac_animation_create_basic");
    bench_check(ac_timing_function_named("easeInEaseOut", &ease), "ac_timing_function_named");
    bench_check(ac_animation_set_timing_function(engine, a, &ease), "ac_animation_set_timing_function");
    malloc_trim(0);
    memory before = measure_memory();
    for (size_t i = 0; i < total; i++) bench_check(ac_layer_create(engine, 0, &layers[i]), "ac_layer_create");
    memory with_layers = measure_memory();
    r->idle_resident = per_layer(with_layers.resident, before.resident, total);
    r->idle_in_use = per_layer(with_layers.in_use, before.in_use, total);
    size_t animated = 0;
    for (size_t i = 0; i < total && animated < IDLE_ANIMATED; i += every, animated++) {
        ac_value from = ac_value_scalar(bench_next_unit()), to = ac_value_scalar(bench_next_unit());
        ac_timing timing;
        bench_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
        timing.duration_s = DURATION_S;
        timing.begin_time_s = HOST_T0 - BEGIN_SPREAD_S * bench_next_unit();
        bench_check(ac_animation_set_timing(engine, a, &timing), "ac_animation_set_timing");
        bench_check(ac_animation_set_value(engine, a, AC_ANIMATION_FROM, &from), "ac_animation_set_value");
        bench_check(ac_animation_set_value(engine, a, AC_ANIMATION_TO, &to), "ac_animation_set_value");
        bench_check(ac_layer_add_animation(engine, layers[i], a, "opacity"), "ac_layer_add_animation");
    }
    for (int k = 0; k <= frames; k++) bench_check(ac_engine_tick(engine, host_time(k)), "ac_engine_tick"); /* warm-up */
    bench_check(ac_engine_tick(engine, host_time(0)), "ac_engine_tick");
    unsigned long long calls_before = allocations();
    for (int k = 1; k <= frames; k++) bench_check(ac_engine_tick(engine, host_time(k)), "ac_engine_tick");
    r->allocations_per_tick = (double)(allocations() - calls_before) / frames;
    r->seconds = INFINITY;
    for (int rep = 0; rep < repetitions; rep++) {
        bench_check(ac_engine_tick(engine, host_time(0)), "ac_engine_tick");
        double start = bench_now_s();
        for (int k = 1; k <= frames; k++) bench_check(ac_engine_tick(engine, host_time(k)), "ac_engine_tick");
        double s = bench_now_s() - start;
        if (s < r->seconds) r->seconds = s;
    }
    bench_check(ac_animation_release(engine, a), "ac_animation_release");
    bench_check(ac_engine_destroy(engine), "ac_engine_destroy");
    free(layers);
}

/* ---- One process per world ------------------------------------------------------------------ */

/* Runs `body(args, out)` in a child process and brings its answer and its `size`-byte result
 * back through a pipe. Each world starts from a fresh heap and the same random numbers: in one
 * process, what the worlds before it left (a fragmented arena, freed blocks' pages; the random
 * generator's state) bent its figures — a full run showed paths at 10k layers at 1.93x plain C
 * against 1.31x alone, and 513.7 B per idle layer against 502.4. Exits with the child's status
 * when it exits early (a failed check exits 2). */
static bool run_isolated(bool (*body)(const void *args, void *out), const void *args, void *out, size_t size) {
    bench_ending ending;
    int verdict = bench_run_isolated(body, args, out, size, &ending);
    if (verdict < 0) {
        fprintf(stderr, "bench_engine: a world's process ended early (%s %d)\n", ending.signaled ? "signal" : "status",
                ending.code);
        exit(!ending.signaled && ending.code != 0 ? ending.code : 2);
    }
    return verdict != 0;
}

typedef struct world_args {
    int kind, frames, repetitions;
    size_t count;
    const bool *timed;
} world_args;

static bool world_body(const void *args, void *out) {
    const world_args *a = args;
    return run_world(a->kind, a->count, a->frames, a->repetitions, a->timed, out);
}

typedef struct idle_args {
    size_t idle;
    int frames, repetitions;
} idle_args;

static bool idle_body(const void *args, void *out) {
    const idle_args *a = args;
    run_idle(a->idle, a->frames, a->repetitions, out);
    return true;
}

/* ---- Main ----------------------------------------------------------------------------------- */

static void usage(void) {
    fprintf(stderr, "usage: bench_engine [-r repetitions] [-f frames] [-b animated keys per pass, 0: all frames]"
                    " [-n 1000,10000,100000]"
                    " [-i idle layers] [-w all|level|opacity|four|keyframe|path|group|spring|decay|idle]"
                    " [-v all|plain|tick|read] [-t tick threads]\n");
    exit(2);
}

static const char *goal(bool met) { return met ? "met" : "NOT met"; }

int main(int argc, char **argv) {
    bench_program = "bench_engine";
    int repetitions = DEFAULT_REPETITIONS, frames = DEFAULT_FRAMES;
    size_t sizes[8] = {1000, 10000, 100000};
    int size_count = 3;
    size_t idle = DEFAULT_IDLE;
    const char *only_workload = "all", *only_variant = "all";
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) usage();
        const char *arg = argv[++i];
        if (strcmp(argv[i - 1], "-r") == 0) repetitions = atoi(arg);
        else if (strcmp(argv[i - 1], "-f") == 0) frames = atoi(arg);
        else if (strcmp(argv[i - 1], "-i") == 0) idle = strtoull(arg, NULL, 10);
        else if (strcmp(argv[i - 1], "-b") == 0) pass_budget = strtod(arg, NULL);
        else if (strcmp(argv[i - 1], "-t") == 0) tick_threads = atoi(arg);
        else if (strcmp(argv[i - 1], "-w") == 0) only_workload = arg;
        else if (strcmp(argv[i - 1], "-v") == 0) only_variant = arg;
        else if (strcmp(argv[i - 1], "-n") == 0) {
            size_count = bench_parse_sizes(arg, sizes, 8);
            if (size_count < 0) usage();
        } else usage();
    }
    if (repetitions < 1 || frames < 1 || size_count == 0 || !(pass_budget >= 0) || tick_threads < 1
        || tick_threads > AC_TICK_THREADS_MAX)
        usage();
    bool timed[VARIANT_COUNT], any_variant = false;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        timed[v] = strcmp(only_variant, "all") == 0 || strcmp(only_variant, variant_keys[v]) == 0;
        any_variant |= timed[v];
    }
    bool any_workload = strcmp(only_workload, "all") == 0 || strcmp(only_workload, "idle") == 0;
    for (int k = 0; k < W_COUNT; k++) any_workload |= strcmp(only_workload, workload_keys[k]) == 0;
    if (!any_variant || !any_workload) usage();

    mallopt(M_MMAP_THRESHOLD, 128 * 1024); /* see 4. above */
    printf("animcore %s: the engine tick through the C API vs a plain-C loop doing the same math\n",
           ac_version_string());
    printf("animations: basic, easeInEaseOut, from/to, duration %.0f s, begins staggered over %.0f s"
           " (all active); %d frames at %.0f fps\n", DURATION_S, BEGIN_SPREAD_S, frames, FPS);
    printf("keyframe: 5 values, even key times, easeInEaseOut, linear or cubic; path: 1 cubic segment,"
           " paced, rotation auto; group: position (0-12 s) + opacity (1-6 s, fill both), easeInEaseOut\n");
    printf("spring: level, mass 1, stiffness %.0f-%.0f, damping %.0f-%.0f, initial velocity +-%.0f (random per"
           " layer, underdamped), duration %.0f s\n", SPRING_STIFFNESS_MIN, SPRING_STIFFNESS_MAX,
           SPRING_DAMPING_MIN, SPRING_DAMPING_MAX, SPRING_VELOCITY_MAX, DURATION_S);
    printf("decay: position, from a random point in %.0f x %.0f, speed %.0f-%.0f units/s in a random direction,"
           " rate %.3f, minimum speed %.0f, no bounds, duration %.0f s (at rest after its stopping time)\n",
           DECAY_AREA, DECAY_AREA, DECAY_SPEED_MIN, DECAY_SPEED_MAX, DECAY_RATE, DECAY_MINIMUM_SPEED, DURATION_S);
    printf("method: CLOCK_MONOTONIC, best of %d runs of %d frames per variant (variants take turns);"
           " the plain-C loop on one thread, the engine on %d (-t)\n", repetitions, frames, tick_threads);
    if (pass_budget > 0)
        printf("        worlds whose animated keys (layers x keys) x frames exceed %.0f tick fewer times per run (at least %d),"
               " spread evenly over the same frames (-b 0: every frame)\n", pass_budget, MIN_PASS_TICKS);

    result results[W_COUNT * 8];
    int result_count = 0;
    bool all_agree = true;
    for (int kind = 0; kind < W_COUNT; kind++) {
        if (strcmp(only_workload, "all") != 0 && strcmp(only_workload, workload_keys[kind]) != 0) continue;
        for (int s = 0; s < size_count; s++) {
            world_args args = {kind, frames, repetitions, sizes[s], timed};
            if (run_isolated(world_body, &args, &results[result_count], sizeof results[0]))
                result_count++;
            else
                all_agree = false;
        }
    }
    idle_result idle_results[2];
    int idle_count = 0;
    if (strcmp(only_workload, "all") == 0 || strcmp(only_workload, "idle") == 0) {
        printf("\nidle: %d animated layers among 0 and %zu idle layers\n", IDLE_ANIMATED, idle);
        fflush(stdout);
        idle_args none = {0, frames, repetitions}, many = {idle, frames, repetitions};
        run_isolated(idle_body, &none, &idle_results[idle_count++], sizeof idle_results[0]);
        if (idle > 0) run_isolated(idle_body, &many, &idle_results[idle_count++], sizeof idle_results[0]);
    }

    /* ---- Tables ---- */
    if (result_count > 0) {
        printf("\nspeed (best of %d, %d frames, ticks per run: every frame up to %.0f animated keys evaluated"
               " per run, else fewer spread over them; ratio = engine / plain C)\n", repetitions, frames, pass_budget);
        printf("  %-42s %7s %7s %5s | %9s %8s | %9s %8s %6s | %9s %8s %6s\n", "workload", "layers",
               "anims", "ticks", "plain", "ns/anim", "tick", "ns/anim", "ratio", "tick+read", "ns/anim", "ratio");
        printf("  %-42s %7s %7s %5s | %9s %8s | %9s %8s %6s | %9s %8s %6s\n", "", "", "", "", "ms/tick", "",
               "ms/tick", "", "", "ms/tick", "", "");
        for (int i = 0; i < result_count; i++) {
            const result *r = &results[i];
            double ms = 1e3 / r->ticks, ns = 1e9 / ((double)r->ticks * (double)r->animations);
            printf("  %-42s %7zu %7zu %5d |", workload_labels[r->kind], r->layers, r->animations, r->ticks);
            printf(" %9.3f %8.1f |", r->seconds[VARIANT_PLAIN] * ms, r->seconds[VARIANT_PLAIN] * ns);
            for (int v = VARIANT_TICK; v <= VARIANT_READ; v++)
                printf(" %9.3f %8.1f %5.2fx%s", r->seconds[v] * ms, r->seconds[v] * ns,
                       r->seconds[v] / r->seconds[VARIANT_PLAIN], v == VARIANT_TICK ? " |" : "\n");
        }
        printf("\nallocation per tick once running (a pass of ticks, as above, after the warm-up)\n");
        printf("  %-42s %7s | %12s %14s %12s | %16s\n", "workload", "layers", "allocs/tick",
               "in-use delta B", "arena delta B", "setup allocs/layer");
        for (int i = 0; i < result_count; i++) {
            const result *r = &results[i];
            printf("  %-42s %7zu | %12.2f %14.0f %12.0f | %16.2f\n", workload_labels[r->kind], r->layers,
                   r->allocations_per_tick, r->in_use_delta, r->arena_delta, r->setup_allocations_per_layer);
        }
        printf("  (allocs: malloc/calloc/realloc/posix_memalign calls counted in this process; in-use: mallinfo2"
               " uordblks + hblkhd; setup: while the layers and animations were made)\n");
        printf("\nmemory per layer (bytes; RSS = /proc/self/statm resident growth, heap = mallinfo2"
               " uordblks + hblkhd growth; after malloc_trim(0))\n");
        printf("  %-42s %7s | %12s %12s | %16s %16s\n", "workload", "layers", "layers RSS",
               "layers heap", "+animations RSS", "+animations heap");
        for (int i = 0; i < result_count; i++) {
            const result *r = &results[i];
            printf("  %-42s %7zu | %12.1f %12.1f | %16.1f %16.1f\n", workload_labels[r->kind], r->layers,
                   r->layer_resident, r->layer_in_use, r->anim_resident, r->anim_in_use);
        }
    }
    if (idle_count > 0) {
        printf("\nidle layers (%d layers with one opacity animation; best of %d)\n", IDLE_ANIMATED, repetitions);
        printf("  %10s | %10s %12s %12s | %16s %16s\n", "idle", "ms/tick", "ns/anim", "allocs/tick",
               "RSS B/layer", "heap B/layer");
        for (int i = 0; i < idle_count; i++) {
            const idle_result *r = &idle_results[i];
            printf("  %10zu | %10.4f %12.1f %12.2f | %16.1f %16.1f\n", r->idle, r->seconds * 1e3 / frames,
                   r->seconds * 1e9 / ((double)frames * IDLE_ANIMATED), r->allocations_per_tick,
                   r->idle_resident, r->idle_in_use);
        }
    }

    /* ---- Goals ---- */
    printf("\ngoals (reported, not asserted)\n");
    for (int i = 0; i < result_count; i++) {
        const result *r = &results[i];
        if (!timed[VARIANT_PLAIN] || !timed[VARIANT_TICK]) break;
        double ratio = r->seconds[VARIANT_TICK] / r->seconds[VARIANT_PLAIN];
        /* The tick goal covers the basic, keyframe and spring workloads (not path, group, decay). */
        if (r->kind != W_PATH && r->kind != W_GROUP && r->kind != W_DECAY)
            printf("  tick within %.1fx of the plain-C loop, %-42s %7zu layers: %s (%.2fx)\n", SPEED_GOAL,
                   workload_labels[r->kind], r->layers, goal(ratio <= SPEED_GOAL), ratio);
        if (timed[VARIANT_READ]) {
            double read_ratio = r->seconds[VARIANT_READ] / r->seconds[VARIANT_PLAIN];
            printf("  tick + read within %.1fx of the plain-C loop, %-35s %7zu layers: %s (%.2fx)\n", READ_GOAL,
                   workload_labels[r->kind], r->layers, goal(read_ratio <= READ_GOAL), read_ratio);
        }
    }
    for (int i = 0; i < result_count; i++) {
        const result *r = &results[i];
        if ((r->kind != W_LEVEL && r->kind != W_OPACITY) || r->layers != 100000 || !timed[VARIANT_TICK]) continue;
        double ms = r->seconds[VARIANT_TICK] * 1e3 / r->ticks;
        printf("  100k layers x 1 animation in at most %.0f ms per tick (%s): %s (%.3f ms)\n", TICK_GOAL_MS,
               workload_keys[r->kind], goal(ms <= TICK_GOAL_MS), ms);
    }
    for (int i = 0; i < result_count; i++) {
        const result *r = &results[i];
        if ((r->kind != W_LEVEL && r->kind != W_OPACITY) || r->layers < 1000000 || !timed[VARIANT_READ]) continue;
        double ms = r->seconds[VARIANT_READ] * 1e3 / r->ticks;
        printf("  %zu layers x 1 animation within a 60 fps frame, tick + read in at most %.1f ms on %d thread%s (%s): %s"
               " (%.3f ms)\n", r->layers, FRAME_GOAL_MS, tick_threads, tick_threads == 1 ? "" : "s",
               workload_keys[r->kind], goal(ms <= FRAME_GOAL_MS), ms);
    }
    double worst_allocations = 0;
    for (int i = 0; i < result_count; i++)
        if (results[i].allocations_per_tick > worst_allocations) worst_allocations = results[i].allocations_per_tick;
    for (int i = 0; i < idle_count; i++)
        if (idle_results[i].allocations_per_tick > worst_allocations) worst_allocations = idle_results[i].allocations_per_tick;
    if (result_count + idle_count > 0)
        printf("  no heap allocation per tick once running: %s (at most %.2f allocation calls per tick%s)\n",
               COUNTS_ALLOCATIONS ? goal(worst_allocations == 0) : "not measured", worst_allocations,
               COUNTS_ALLOCATIONS ? "" : "; allocation counting needs glibc");
    for (int i = 0; i < idle_count; i++) {
        const idle_result *r = &idle_results[i];
        if (r->idle == 0) continue;
        printf("  under %.0f bytes per layer with the built-in properties (%zu layers): %s (RSS %.1f B,"
               " heap %.1f B)\n", BYTES_GOAL, r->idle + IDLE_ANIMATED,
               goal(r->idle_resident < BYTES_GOAL && r->idle_in_use < BYTES_GOAL), r->idle_resident,
               r->idle_in_use);
    }
    if (idle_count == 2) {
        double ratio = idle_results[1].seconds / idle_results[0].seconds;
        printf("  tick cost independent of idle layers: %.4f ms with 0, %.4f ms with %zu (%.2fx)\n",
               idle_results[0].seconds * 1e3 / frames, idle_results[1].seconds * 1e3 / frames,
               idle_results[1].idle, ratio);
    }

    if (!all_agree) {
        printf("\nFAILED: the engine and the plain-C baseline disagree (tolerance %g)\n", AGREEMENT_TOLERANCE);
        return 1;
    }
    return 0;
}
