/*
 * bench_timing_matrix.c — does the cost of animcore's tick + batch read depend on the shape of
 * the timing? (issue 30's goal table) Every workload through the public C API, against a plain-C
 * loop doing the same math (plain_matrix.c; the first-cycle rows: bench_engine's one-shot loops,
 * plain_engine.c) in the same run.
 *
 * Workloads, each at N = 10k and 100k layers (-n): every layer of one custom class "Dot" (a
 * scalar property "level", default 0; the built-in properties besides), one animation per layer,
 * root layers of default timing unless said otherwise. Begin times are in each layer's own time
 * (L0 = the layers' time at the first frame): "staggered" is uniform in [L0 - 2 s, L0] for a
 * first cycle, [L0 - 7 s, L0 - 5 s] for a repeating animation, so that several cycles have
 * passed before the first timed frame. Basic animations go from a random "level" to another in
 * [0, 100), eased by easeInEaseOut; "repeat" is repeatCount = infinity, duration 1 s.
 *   first        basic, 12 s, one cycle, staggered (all active for the 10 s: bench_engine's
 *                "level" shape) — the first-cycle reference of the basic kind (rows 1-10,
 *                16-20);
 *   repeat       basic, repeat, every layer begun at the same time (L0 - 5 s);
 *   stagger      basic, repeat, staggered;
 *   autoreverse  basic, repeat, autoreverses (forward then back: a 2 s cycle), staggered;
 *   speed        basic, repeat, the animation's speed 2, staggered;
 *   offset       basic, repeat, the animation's timeOffset 0.37 s, staggered;
 *   layer-speed  basic, repeat, staggered, each layer at speed 1.5 (its own timing, set with
 *                ac_layer_set_scalar "speed"): layer time = (parent - 0) x 1.5 + 0 per layer;
 *   ancestor     basic, repeat, staggered, every layer a sublayer of one container layer at
 *                speed 2 (the layers' parent time is the container's);
 *   paused       basic, repeat, staggered, under a paused container (speed 0, timeOffset 37.3 s:
 *                its time stands still, so every frame shows the same values);
 *   filled       basic, 1 s, one cycle, ended 4-6 s before the first frame and held at its end by
 *                fill forwards (removedOnCompletion off);
 *   keyframe-first, keyframe   CAKeyframeAnimation on "level": 5 random values, even key times,
 *                linear calculation, easeInEaseOut (bench_engine's "keyframe" linear), 12 s one
 *                cycle staggered / repeat staggered;
 *   path-first, path   a keyframe animation of "position" along a path of one random cubic
 *                segment, paced, rotation auto (bench_engine's "path"; read back: position and
 *                transform), 12 s one cycle / repeat staggered;
 *   spring-first, spring   CASpringAnimation on "level": random from/to, mass 1, stiffness
 *                120-200, damping 8-14, initial velocity +-2 (underdamped; bench_engine's
 *                "spring"), explicit duration 12 s one cycle / 1 s repeat staggered (each cycle
 *                starts the motion again);
 *   decay-first, decay   a free decay of "position" (no bounds; rate 0.998, minimum speed 1;
 *                bench_engine's "decay"), explicit duration 12 s one cycle / 1 s repeat staggered;
 *   group-first, group   CAAnimationGroup (linear) of a position child (from/to, begin 0, duration
 *                0 = the group's) and an opacity child (from/to, begin D/12, duration 5D/12, fill
 *                both), both easeInEaseOut (bench_engine's "group" for D = 12 s; read back:
 *                position and opacity), D = 12 s one cycle / 1 s repeat staggered.
 * The "-first" rows are the first-cycle references of their kinds (of rows 11-15; listed
 * without a number).
 * The animator rows (16-18; the animator review, issue 33): the "first" row's animations (basic,
 * 12 s, easeInEaseOut), begun 0-2 s after the animator's start, all owned by one animator
 * (ac_animator_*) that stands still or plays while the pass runs (it is never ended):
 *   animator-paused     paused at 6 s of its time (every frame shows the same values);
 *   animator-scrubbed   scrubbed (ac_animator_seek) to 2 s, then started: plays 2 s -> 12 s;
 *   animator-reversed   scrubbed to 12 s, reversed and started: plays 12 s -> 2 s.
 * The new classes and kinds on the same path (issue 32's goal), each "stagger"'s timing; the
 * first two have the basic first cycle as their reference, the last two their own:
 *   stroke-end   CAShapeLayer's strokeEnd (built-in class AC_CLASS_SHAPE_LAYER, model 1), a basic
 *                animation from a random fraction to another in [0, 1), easeInEaseOut;
 *   transition   a CATransition (fade, easeInEaseOut) on a CALayer, its startProgress and
 *                endProgress random (start <= end in [0, 1)): progress p = start + (end - start)
 *                x the eased fraction, the basic kind's math. A host reads p in the render list
 *                (timed by bench_render_list), so this row times the tick alone, and its
 *                agreement reads each sampled layer's entry (ac_render_list_fill);
 *   shape-path   CAShapeLayer's path (AC_CLASS_SHAPE_LAYER), a basic animation from a random
 *                ellipse (ac_path_ellipse: a move, four cubic arcs and a close, 26 numbers) to
 *                another, easeInEaseOut: each coordinate the eased lerp (issue 32's paths);
 *   locations    CAGradientLayer's locations (AC_CLASS_GRADIENT_LAYER), a basic animation from 4
 *                random numbers in [0, 1) to 4 others, easeInEaseOut (issue 32's arrays).
 *                These two read back with the batch reads of a path's coordinates and of
 *                arrays (ac_layers_get_presentation_path_coordinates, _numbers): the numbers
 *                the plain loop writes. Each is a kind of its own, with a first-cycle row
 *                (shape-path-first, locations-first: the first row's timing, 12 s one cycle
 *                staggered; its plain loop a one-shot loop of plain_engine_scalar's form over
 *                the run of numbers, plain_engine_runs) as its reference: a path of 26 numbers
 *                is measured against a path, not against a scalar.
 * Their plain loop is the matrix's with the timing the animator gives each animation (speed 0
 * with a timeOffset per layer; speed 1, or -1 with timeOffset 12, with a begin per layer),
 * computed by the same arithmetic; their goals: within 1.3x of plain C, and within 1.2x of the
 * first cycle of their kind — the same animations without an animator (an animator over N
 * animations costs no more per tick than the N animations alone).
 *
 * The plain-C loops (plain_matrix.h) do what the engine must: per frame, the ancestor's time once
 * (ancestor, paused); per layer, the layer's time (layer-speed), the CAMediaTiming sample
 * (e = layer time - begin; phase and fill; local = e x speed + offset; the cycle position by
 * fmod — C's fmod is Swift's truncatingRemainder —, the autoreverse mirror, the end rule), then
 * the kind's math at that progress (the bezier easing and the lerp; the keyframe segment; the
 * path's arc table, point and tangent; the spring's closed form and the decay's expm1 at
 * progress x duration; the group's time and its two children), writing every value as the engine
 * writes its presentation. The first-cycle rows use bench_engine's loops for that shape
 * (e / duration, no cycle arithmetic: what a hand-written loop of one-shot animations does).
 *
 *   1. correctness first: at frames 0, 1, 37, 300, 599 and 600 (and the last of the pass),
 *      the engine's presentation values of a sample of about 100 layers, read back as the timed
 *      variant reads them (ac_layers_get_presentation, or ac_layers_get_presentation_table for
 *      two keys), and their local times (ac_layer_local_time), must agree with the plain loop's
 *      at the engine's time to within 1e-9 relative (absolute below 1; the count of values
 *      exactly equal, 0 and -0 alike, is printed: today all are) — else the world prints its
 *      first disagreement, is not timed, and the program goes on with the others and exits 1 at
 *      the end (a world whose process dies counts as failed the same way);
 *   2. timing: CLOCK_MONOTONIC, best of R runs (-r) of a pass over the 600 frames at 60 fps
 *      (10 s), the two variants taking turns: the plain-C loop, and ac_engine_tick followed by
 *      reading every animated key of every layer back (what a host that draws does). A pass
 *      ticks n of the frames in blocks of 60 consecutive frames (1 s, as a host ticks: a
 *      repeating animation finds its new cycle on the tick after a boundary, once a second
 *      for a 1 s cycle, where ticks spread 10 or 20 frames apart would cross one every sixth or
 *      third tick), one block in the middle of each of n / 60 equal parts of the 600 frames
 *      (so with several blocks the first cycles are timed across their 10 s; one block, at
 *      100k layers, times frames 271-330), the engine taken untimed to the frame before each
 *      block. n is 600 (every frame), or, for a world with more than B (-b,
 *      default 3e6) animated keys (layers x keys read: 2 for path and group) in 600 frames,
 *      B / keys rounded down to whole blocks (at least one; -b 0: 600), so that a full run at
 *      both sizes takes a few minutes on 2 cores: 300 frames at 10k layers (120 for path and
 *      group), 60 at 100k. The agreement check (1) is made again where the last timed pass
 *      left the engine, so the timed ticks' reuse of what the tick before left is checked too;
 *   printed per workload and size: ns per animation per tick for plain C and for animcore (tick
 *   + read), their ratio beside its goal (within 1.3x of plain C), and animcore's ratio to the
 *   first-cycle row of its kind at the same size beside its goal (within 1.2x: the tick's cost
 *   should depend on the work, not on the shape of the timing; DESIGN.md §2), with plain C's own
 *   ratio to its first cycle for scale. The goals are printed, not asserted: the exit status is
 *   0 when every world agrees, whatever the speed.
 * Each world (a workload at one size) runs in a process of its own (fork), as in bench_engine.
 *
 *   bench_timing_matrix [-n 10000,100000] [-r repetitions] [-w all|name,name...] [-b keys per pass] [-h]
 * -w runs the named workloads and the first-cycle rows of their kinds.
 */
#define _GNU_SOURCE

#include "animcore.h"
#include "bench_support.h"
#include "bench_workloads.h"
#include "plain_matrix.h"

#include <errno.h>
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
#define FRAMES 600
#define FPS 60.0
#define HOST_T0 100.0            /* host time of frame 0 (the engine's time starts there) */
#define FIRST_DURATION_S 12.0    /* a first-cycle row's duration: active over all 600 frames */
#define CYCLE_DURATION_S 1.0     /* a repeating row's */
#define BEGIN_SPREAD_S 2.0       /* staggered begins: uniform over this span */
#define REPEAT_LEAD_S 5.0        /* repeating rows begin at least this long before frame 0 */
#define ANIMATION_SPEED 2.0      /* speed */
#define ANIMATION_OFFSET_S 0.37  /* offset */
#define LAYER_SPEED 1.5          /* layer-speed */
#define ANCESTOR_SPEED 2.0       /* ancestor */
#define PAUSED_OFFSET_S 37.3     /* paused: the container's timeOffset at speed 0 */
#define ANIMATOR_PAUSED_AT_S 6.0   /* animator-paused: its time */
#define ANIMATOR_SCRUBBED_TO_S 2.0 /* animator-scrubbed: the time it was scrubbed to, then started */
#define ANIMATOR_REVERSED_AT_S 12.0 /* animator-reversed: the time it runs back from */
#define AGREEMENT_TOLERANCE 1e-9 /* relative; absolute below 1 */
#define PLAIN_GOAL 1.3           /* tick + read within 1.3x of the plain-C loop */
#define SHAPE_GOAL 1.2           /* ... and within 1.2x of the first cycle of its kind */
#define DEFAULT_PASS_BUDGET 3e6  /* animated keys evaluated per pass; see pass_ticks() */
#define BLOCK_FRAMES 60 /* a timed block: consecutive frames, 1 s at 60 fps (a whole 1 s cycle) */
#define MAX_SAMPLE 128
#define READ_STRIDE_MAX 26 /* the most numbers a layer's keys take in a read: an ellipse path's */
#define PATH_ELEMENTS AC_PATH_ELLIPSE_ELEMENTS
#define LOCATION_COUNT 4
#define MAX_SIZES 8

/* ---- Helpers -------------------------------------------------------------------------------- */

static double host_time(double frame) { return HOST_T0 + frame / FPS; }

/* Animated keys evaluated per pass (-b; 0: every frame): a pass ticks
 * n = min(FRAMES, budget / keys) times, in whole blocks of BLOCK_FRAMES (at least one). */
static double pass_budget = DEFAULT_PASS_BUDGET;

static int pass_ticks(size_t keys) {
    if (pass_budget <= 0) return FRAMES;
    double n = floor(pass_budget / (double)keys / BLOCK_FRAMES) * BLOCK_FRAMES;
    if (n < BLOCK_FRAMES) n = BLOCK_FRAMES;
    return n < FRAMES ? (int)n : FRAMES;
}

/* The agreement pass's tick j of n: frame j x FRAMES / n, spread over the frames. */
static double pass_frame(int j, int ticks) { return (double)j * (double)FRAMES / (double)ticks; }

/* The timed pass's block b of `blocks`: BLOCK_FRAMES consecutive frames after the frame this
 * returns, in the middle of the b-th of `blocks` equal parts of the frames (-b 0: frames
 * 1..FRAMES, end to end). */
static double block_start(int b, int blocks) {
    double part = (double)FRAMES / (double)blocks;
    return (double)b * part + floor((part - BLOCK_FRAMES) / 2);
}

/* ---- Workloads ------------------------------------------------------------------------------ */

/* How the layers' time runs. */
enum { LAYERS_ROOT, LAYERS_OWN_SPEED, LAYERS_ANCESTOR, LAYERS_PAUSED };

typedef struct workload {
    const char *key, *label;
    int kind;         /* PLAIN_MATRIX_* */
    bool first_cycle; /* the first-cycle reference row of its kind */
    double duration_s, repeat_count, speed, time_offset_s;
    bool autoreverses;
    bool holds_end;   /* fill forwards, removedOnCompletion off */
    double lead_s;    /* begins in [L0 - lead - spread, L0 - lead] */
    double spread_s;
    int layers;       /* LAYERS_* */
    int animator;     /* ANIMATOR_*: the animations owned by one animator, and how it stands */
    int subject;      /* SUBJECT_*: what a basic row animates (default: Dot's "level") */
} workload;

/* What a basic-kind row animates (see the header). */
enum { SUBJECT_LEVEL, SUBJECT_STROKE_END, SUBJECT_TRANSITION, SUBJECT_SHAPE_PATH, SUBJECT_LOCATIONS };

/* Whether a row animates a run of numbers (a path, an array): the plain loop's RUNS kind. */
static bool animates_run(const workload *w) { return w->subject == SUBJECT_SHAPE_PATH || w->subject == SUBJECT_LOCATIONS; }

/* How an animator row's animator stands (see the header). */
enum { ANIMATOR_NONE, ANIMATOR_PAUSED, ANIMATOR_SCRUBBED, ANIMATOR_REVERSED };

#define FIRST(key, label, kind) FIRST_OF(key, label, kind, SUBJECT_LEVEL)
#define FIRST_OF(key, label, kind, subject) \
    {key, label, kind, true, FIRST_DURATION_S, 0, 1, 0, false, false, 0, BEGIN_SPREAD_S, LAYERS_ROOT, ANIMATOR_NONE, \
     subject}
/* An animator row: the first-cycle row's animations (basic, 12 s), begun 0-2 s after the
 * animator's start (staggered), owned by one animator that stands as `how` says. */
#define ANIMATOR(key, label, how)                                                                        \
    {key, label, PLAIN_MATRIX_BASIC, false, FIRST_DURATION_S, 0, 1, 0, false, false, 0, BEGIN_SPREAD_S, \
     LAYERS_ROOT, how, SUBJECT_LEVEL}
#define REPEAT(key, label, kind) \
    {key, label, kind, false, CYCLE_DURATION_S, INFINITY, 1, 0, false, false, REPEAT_LEAD_S, BEGIN_SPREAD_S, LAYERS_ROOT, \
     ANIMATOR_NONE, SUBJECT_LEVEL}
/* A basic-kind row of `subject` with "stagger"'s timing. */
#define STAGGERED(key, label, subject)                                                                        \
    {key, label, PLAIN_MATRIX_BASIC, false, CYCLE_DURATION_S, INFINITY, 1, 0, false, false, REPEAT_LEAD_S, \
     BEGIN_SPREAD_S, LAYERS_ROOT, ANIMATOR_NONE, subject}

static const workload workloads[] = {
    FIRST("first", "basic: first cycle (12 s)", PLAIN_MATRIX_BASIC),
    {"repeat", "basic: repeat, one begin for all", PLAIN_MATRIX_BASIC, false, CYCLE_DURATION_S, INFINITY, 1, 0,
     false, false, REPEAT_LEAD_S, 0, LAYERS_ROOT, ANIMATOR_NONE, SUBJECT_LEVEL},
    REPEAT("stagger", "basic: repeat, staggered", PLAIN_MATRIX_BASIC),
    {"autoreverse", "basic: repeat + autoreverses", PLAIN_MATRIX_BASIC, false, CYCLE_DURATION_S, INFINITY, 1, 0,
     true, false, REPEAT_LEAD_S, BEGIN_SPREAD_S, LAYERS_ROOT, ANIMATOR_NONE, SUBJECT_LEVEL},
    {"speed", "basic: repeat, speed 2", PLAIN_MATRIX_BASIC, false, CYCLE_DURATION_S, INFINITY, ANIMATION_SPEED, 0,
     false, false, REPEAT_LEAD_S, BEGIN_SPREAD_S, LAYERS_ROOT, ANIMATOR_NONE, SUBJECT_LEVEL},
    {"offset", "basic: repeat, timeOffset 0.37", PLAIN_MATRIX_BASIC, false, CYCLE_DURATION_S, INFINITY, 1,
     ANIMATION_OFFSET_S, false, false, REPEAT_LEAD_S, BEGIN_SPREAD_S, LAYERS_ROOT, ANIMATOR_NONE, SUBJECT_LEVEL},
    {"layer-speed", "basic: repeat, each layer speed 1.5", PLAIN_MATRIX_BASIC, false, CYCLE_DURATION_S, INFINITY,
     1, 0, false, false, REPEAT_LEAD_S, BEGIN_SPREAD_S, LAYERS_OWN_SPEED, ANIMATOR_NONE, SUBJECT_LEVEL},
    {"ancestor", "basic: repeat, ancestor at speed 2", PLAIN_MATRIX_BASIC, false, CYCLE_DURATION_S, INFINITY, 1,
     0, false, false, REPEAT_LEAD_S, BEGIN_SPREAD_S, LAYERS_ANCESTOR, ANIMATOR_NONE, SUBJECT_LEVEL},
    {"paused", "basic: repeat, paused ancestor", PLAIN_MATRIX_BASIC, false, CYCLE_DURATION_S, INFINITY, 1, 0,
     false, false, REPEAT_LEAD_S, BEGIN_SPREAD_S, LAYERS_PAUSED, ANIMATOR_NONE, SUBJECT_LEVEL},
    {"filled", "basic: ended, fill forwards", PLAIN_MATRIX_BASIC, false, CYCLE_DURATION_S, 0, 1, 0, false, true,
     REPEAT_LEAD_S, BEGIN_SPREAD_S, LAYERS_ROOT, ANIMATOR_NONE, SUBJECT_LEVEL},
    FIRST("keyframe-first", "keyframes: first cycle (12 s)", PLAIN_MATRIX_KEYFRAMES),
    REPEAT("keyframe", "keyframes: repeat, staggered", PLAIN_MATRIX_KEYFRAMES),
    FIRST("path-first", "path, rotation auto: first cycle", PLAIN_MATRIX_PATH),
    REPEAT("path", "path, rotation auto: repeat", PLAIN_MATRIX_PATH),
    FIRST("spring-first", "spring: first cycle (12 s)", PLAIN_MATRIX_SPRING),
    REPEAT("spring", "spring: repeat, staggered", PLAIN_MATRIX_SPRING),
    FIRST("decay-first", "decay: first cycle (12 s)", PLAIN_MATRIX_DECAY),
    REPEAT("decay", "decay: repeat, staggered", PLAIN_MATRIX_DECAY),
    FIRST("group-first", "group: first cycle (12 s)", PLAIN_MATRIX_GROUP),
    REPEAT("group", "group: repeat, staggered", PLAIN_MATRIX_GROUP),
    ANIMATOR("animator-paused", "basic: animator paused at 6 s", ANIMATOR_PAUSED),
    ANIMATOR("animator-scrubbed", "basic: animator scrubbed to 2 s + play", ANIMATOR_SCRUBBED),
    ANIMATOR("animator-reversed", "basic: animator reversed from 12 s", ANIMATOR_REVERSED),
    STAGGERED("stroke-end", "shape strokeEnd: repeat, staggered", SUBJECT_STROKE_END),
    STAGGERED("transition", "transition: repeat, staggered (tick)", SUBJECT_TRANSITION),
    FIRST_OF("shape-path-first", "shape path (ellipse): first cycle", PLAIN_MATRIX_BASIC, SUBJECT_SHAPE_PATH),
    STAGGERED("shape-path", "shape path (ellipse): repeat, staggered", SUBJECT_SHAPE_PATH),
    FIRST_OF("locations-first", "gradient locations: first cycle", PLAIN_MATRIX_BASIC, SUBJECT_LOCATIONS),
    STAGGERED("locations", "gradient locations: repeat, staggered", SUBJECT_LOCATIONS),
};
#define WORKLOAD_COUNT ((int)(sizeof workloads / sizeof workloads[0]))

/* Whether a workload is the first-cycle row of a kind of its own (keyframes, a path, ...): those
 * are listed without a number, under the numbered rows of the basic kind's scalar. */
static bool is_kind_reference(const workload *w) {
    return w->first_cycle && !(w->kind == PLAIN_MATRIX_BASIC && w->subject == SUBJECT_LEVEL);
}

/* The first-cycle row of a workload's kind: of its subject when it animates a run of numbers (a
 * path, an array: their own first-cycle rows), else of its kind's scalar. */
static int reference_of(int index) {
    const workload *w = &workloads[index];
    int subject = animates_run(w) ? w->subject : SUBJECT_LEVEL;
    for (int r = 0; r < WORKLOAD_COUNT; r++)
        if (workloads[r].first_cycle && workloads[r].kind == w->kind && workloads[r].subject == subject) return r;
    return index;
}

/* Keys read back per layer (a transition's progress: one number, from its render entry). */
static int read_key_count(int kind) { return kind == PLAIN_MATRIX_PATH || kind == PLAIN_MATRIX_GROUP ? 2 : 1; }

static const char *read_key_name(const workload *w, int t) {
    if (w->subject == SUBJECT_STROKE_END) return "strokeEnd";
    if (w->subject == SUBJECT_TRANSITION) return "transition progress";
    if (w->subject == SUBJECT_SHAPE_PATH) return "path";
    if (w->subject == SUBJECT_LOCATIONS) return "locations";
    switch (w->kind) {
    case PLAIN_MATRIX_PATH: return t == 0 ? "position" : "transform";
    case PLAIN_MATRIX_GROUP: return t == 0 ? "position" : "opacity";
    case PLAIN_MATRIX_DECAY: return "position";
    default: return "level";
    }
}

/* ---- Worlds --------------------------------------------------------------------------------- */

typedef struct world {
    const workload *w;
    size_t count;
    int keys; /* read back per layer */
    ac_engine *engine;
    ac_layer *layers;
    ac_animator animator; /* an animator row's (0: none) */
    ac_render_list list;  /* a transition row's, for its agreement */
    ac_key read_keys[2];
    plain_curve curve;
    plain_track track;
    plain_keyframes keyframes;
    plain_springs springs;
    plain_decays decays;
    plain_group group;
    plain_runs runs;
    plain_matrix matrix;
    double *plain_out[2]; /* out0: [2n], out1: [6n] (see plain_matrix_run) */
    double *read_back;    /* [READ_STRIDE_MAX n]: the timed variant's buffer */
    size_t *offsets;            /* [max(n, MAX_SAMPLE) + 1]: a path or array read's offsets */
} world;

static void set_timing(world *wd, ac_animation a, double duration_s, double begin_s) {
    const workload *w = wd->w;
    ac_timing timing;
    bench_check(ac_timing_init_animation(&timing), "ac_timing_init_animation");
    timing.duration_s = duration_s;
    timing.begin_time_s = begin_s;
    timing.speed = w->speed;
    timing.time_offset_s = w->time_offset_s;
    timing.repeat_count = w->repeat_count;
    timing.autoreverses = w->autoreverses;
    timing.fill_mode = w->holds_end ? AC_FILL_FORWARDS : AC_FILL_REMOVED;
    bench_check(ac_animation_set_timing(wd->engine, a, &timing), "ac_animation_set_timing");
}

/* A path's coordinates in element order (the engine's flat run); their count. */
static size_t path_numbers(const ac_path_element *elements, size_t count, double *out) {
    static const size_t per_type[] = {2, 2, 4, 6, 0}; /* move, line, quad curve, curve, close */
    size_t n = 0;
    for (size_t e = 0; e < count; e++)
        for (size_t k = 0; k < per_type[elements[e].type]; k++) out[n++] = elements[e].points[k];
    return n;
}

/* Layer i's run ends, random, on the description and the plain runs: an ellipse path to
 * another (each in a box of random origin in [0, 100) and size in [10, 60)), or 4 numbers in
 * [0, 1) to 4 others. */
static void run_ends(world *wd, ac_animation a, size_t i) {
    ac_engine *engine = wd->engine;
    size_t n = wd->runs.numbers;
    double *ends[2] = {wd->runs.from + i * n, wd->runs.to + i * n};
    int which[2] = {AC_ANIMATION_FROM, AC_ANIMATION_TO};
    for (int e = 0; e < 2; e++) {
        if (wd->w->subject == SUBJECT_SHAPE_PATH) {
            ac_path_element path[PATH_ELEMENTS];
            size_t count = 0;
            double x = 100 * bench_next_unit(), y = 100 * bench_next_unit();
            double width = 10 + 50 * bench_next_unit(), height = 10 + 50 * bench_next_unit();
            bench_check(ac_path_ellipse(x, y, width, height, path, PATH_ELEMENTS, &count), "ac_path_ellipse");
            bench_require(path_numbers(path, count, ends[e]) == n);
            bench_check(ac_animation_set_path_value(engine, a, which[e], path, count), "ac_animation_set_path_value");
        } else {
            for (size_t k = 0; k < n; k++) ends[e][k] = bench_next_unit();
            bench_check(ac_animation_set_numbers_value(engine, a, which[e], ends[e], n), "ac_animation_set_numbers_value");
        }
    }
}

/* Layer i's basic-kind ends, random, on the description and the plain track: "level" from a
 * number in [0, 100) to another; strokeEnd between fractions; a transition's start and end
 * progress (start <= end), which its progress interpolates as a basic animation its ends. */
static void basic_ends(world *wd, ac_animation a, size_t i) {
    ac_engine *engine = wd->engine;
    double from, to;
    switch (wd->w->subject) {
    case SUBJECT_TRANSITION: {
        from = 0.5 * bench_next_unit();
        to = from + (1.0 - from) * bench_next_unit();
        ac_transition transition;
        bench_check(ac_transition_init(&transition), "ac_transition_init");
        transition.start_progress = from;
        transition.end_progress = to;
        bench_check(ac_animation_set_transition(engine, a, &transition), "ac_animation_set_transition");
        break;
    }
    case SUBJECT_SHAPE_PATH:
    case SUBJECT_LOCATIONS:
        run_ends(wd, a, i);
        return;
    default: {
        double scale = wd->w->subject == SUBJECT_STROKE_END ? 1.0 : 100.0;
        from = scale * bench_next_unit(), to = scale * bench_next_unit();
        ac_value vf = ac_value_scalar(from), vt = ac_value_scalar(to);
        bench_check(ac_animation_set_value(engine, a, AC_ANIMATION_FROM, &vf), "ac_animation_set_value");
        bench_check(ac_animation_set_value(engine, a, AC_ANIMATION_TO, &vt), "ac_animation_set_value");
        break;
    }
    }
    wd->track.from[0][i] = from;
    wd->track.to[0][i] = to;
}

/* Layer i's animation: random parameters on the description (and children), the same given to
 * the plain loop's structures; begin in the layer's time. */
static void make_animation(world *wd, ac_animation a, const ac_animation *children, size_t i, double begin) {
    ac_engine *engine = wd->engine;
    double duration = wd->w->duration_s;
    switch (wd->w->kind) {
    case PLAIN_MATRIX_BASIC:
        basic_ends(wd, a, i);
        wd->track.begin_s[i] = begin;
        break;
    case PLAIN_MATRIX_KEYFRAMES:
        bench_keyframes_layer(engine, a, &wd->keyframes, i, begin);
        break;
    case PLAIN_MATRIX_PATH:
        bench_path_layer(engine, a, &wd->keyframes, i, begin);
        break;
    case PLAIN_MATRIX_SPRING:
        bench_spring_layer(engine, a, &wd->springs, i, begin);
        break;
    case PLAIN_MATRIX_DECAY:
        bench_decay_layer(engine, a, &wd->decays, i, begin);
        break;
    default: /* group */
        bench_group_layer(engine, a, children, &wd->group, i, begin);
        break;
    }
    set_timing(wd, a, duration, begin);
}

/* The group's children's timing (group duration D): position begin 0, duration 0 (= D), fill
 * removed; opacity begin D / 12, duration 5 D / 12, fill both (bench_engine's 1 s and 5 s at D = 12). */
static double group_opacity_begin(double d) { return d / 12; }
static double group_opacity_duration(double d) { return d * 5 / 12; }

/* An animator row's animations: begun 0-2 s after the animator's start (staggered), added in
 * one block of one animator (adopted together), which then stands as the row says; the plain
 * loop gets the timing the animator gives each (AnimatorMember.timing: the layer's time at the
 * call, the animator's time, each one's delay, rate 1 or -1) by the same arithmetic. The engine
 * is ticked to frame 0 first: root layers, whose time `layer0` is the engine's then. */
static void build_animator(world *wd, ac_animation description, double layer0) {
    ac_engine *engine = wd->engine;
    plain_matrix *m = &wd->matrix;
    size_t count = wd->count;
    double *delays = bench_allocate(count, sizeof(double));
    bench_check(ac_engine_tick(engine, host_time(0)), "ac_engine_tick");
    bench_check(ac_animator_create(engine, 0, NULL, &wd->animator), "ac_animator_create");
    bench_check(ac_animator_begin(engine, wd->animator), "ac_animator_begin");
    for (size_t i = 0; i < count; i++) {
        double begin = layer0 + wd->w->spread_s * bench_next_unit();
        make_animation(wd, description, NULL, i, begin);
        bench_check(ac_layer_add_animation(engine, wd->layers[i], description, "level"), "ac_layer_add_animation");
        delays[i] = begin - layer0; /* its delay in the animator's time: its begin less the layer's time */
    }
    bench_check(ac_animator_commit(engine, wd->animator), "ac_animator_commit");
    ac_animator a = wd->animator;
    switch (wd->w->animator) {
    case ANIMATOR_PAUSED: { /* speed 0, timeOffset 0 + 1 x (time - delay) */
        bench_check(ac_animator_seek(engine, a, ANIMATOR_PAUSED_AT_S), "ac_animator_seek");
        double *held = bench_allocate(count, sizeof(double));
        for (size_t i = 0; i < count; i++) held[i] = ANIMATOR_PAUSED_AT_S - delays[i];
        m->held_local_s = held;
        break;
    }
    case ANIMATOR_SCRUBBED: /* speed 1, timeOffset 0, begin = layer time - (time - delay) / 1 */
        bench_check(ac_animator_seek(engine, a, ANIMATOR_SCRUBBED_TO_S), "ac_animator_seek");
        bench_check(ac_animator_start(engine, a), "ac_animator_start");
        for (size_t i = 0; i < count; i++) wd->track.begin_s[i] = layer0 - (ANIMATOR_SCRUBBED_TO_S - delays[i]) / 1.0;
        break;
    default: /* reversed: speed -1, timeOffset 12, begin = layer time - (delay + 12 - time) / 1 */
        bench_check(ac_animator_seek(engine, a, ANIMATOR_REVERSED_AT_S), "ac_animator_seek");
        bench_check(ac_animator_set_reversed(engine, a, 1), "ac_animator_set_reversed");
        bench_check(ac_animator_start(engine, a), "ac_animator_start");
        for (size_t i = 0; i < count; i++)
            wd->track.begin_s[i] = layer0 - (delays[i] + FIRST_DURATION_S - ANIMATOR_REVERSED_AT_S) / 1.0;
        break;
    }
    free(delays);
}

static void world_build(world *wd, const workload *w, size_t count) {
    memset(wd, 0, sizeof *wd);
    wd->w = w;
    wd->count = count;
    wd->keys = read_key_count(w->kind);
    wd->layers = bench_allocate(count, sizeof(ac_layer));
    wd->read_back = bench_allocate(count * READ_STRIDE_MAX, sizeof(double));
    size_t reads = count > MAX_SAMPLE ? count : MAX_SAMPLE;
    wd->offsets = bench_allocate(reads + 1, sizeof(size_t));
    wd->plain_out[0] = bench_allocate(count * 2, sizeof(double));
    wd->plain_out[1] = bench_allocate(count * 6, sizeof(double));
    wd->curve = plain_curve_make(0.42, 0, 0.58, 1);
    double duration = w->duration_s;

    /* The plain side: the kind's structures (bench_engine's) and the matrix around them. */
    plain_matrix *m = &wd->matrix;
    m->count = count;
    m->timing = (plain_timing){0, duration, w->speed, w->time_offset_s, w->repeat_count, 0, w->autoreverses,
                               w->holds_end ? PLAIN_FILL_FORWARDS : PLAIN_FILL_REMOVED};
    m->kind = w->kind;
    if (w->animator != ANIMATOR_NONE) { /* the timing the animator gives them (AnimatorMember.timing) */
        m->timing.speed = w->animator == ANIMATOR_PAUSED ? 0 : w->animator == ANIMATOR_SCRUBBED ? 1 : -1;
        m->timing.time_offset_s = w->animator == ANIMATOR_REVERSED ? duration : 0;
        m->timing.fill_mode = PLAIN_FILL_BOTH;
    }
    switch (w->kind) {
    case PLAIN_MATRIX_BASIC:
        bench_require(plain_track_alloc(&wd->track, count, 1, duration));
        wd->track.model[0] = w->subject == SUBJECT_STROKE_END ? 1.0 : 0.0; /* strokeEnd's default; p without one */
        m->track = &wd->track;
        m->ease = &wd->curve;
        if (animates_run(w)) { /* (begins in the track's; the model is never shown: always in effect) */
            wd->runs.numbers = w->subject == SUBJECT_SHAPE_PATH ? 2 + 4 * 6 : LOCATION_COUNT;
            wd->runs.begin_s = wd->track.begin_s;
            wd->runs.from = bench_allocate(count * wd->runs.numbers, sizeof(double));
            wd->runs.to = bench_allocate(count * wd->runs.numbers, sizeof(double));
            wd->runs.model = bench_allocate(wd->runs.numbers, sizeof(double));
            m->kind = PLAIN_MATRIX_RUNS;
            m->runs = &wd->runs;
            free(wd->plain_out[0]);
            wd->plain_out[0] = bench_allocate(count * wd->runs.numbers, sizeof(double));
        }
        break;
    case PLAIN_MATRIX_KEYFRAMES:
        bench_require(plain_keyframes_alloc(&wd->keyframes, count, PLAIN_LINEAR, 1, KEYFRAME_VALUES, duration, &wd->curve));
        m->keyframes = &wd->keyframes;
        break;
    case PLAIN_MATRIX_PATH:
        bench_require(plain_keyframes_alloc(&wd->keyframes, count, PLAIN_PACED_PATH, 2, 2, duration, NULL));
        m->keyframes = &wd->keyframes;
        break;
    case PLAIN_MATRIX_SPRING:
        bench_require(plain_springs_alloc(&wd->springs, count, duration));
        m->springs = &wd->springs;
        break;
    case PLAIN_MATRIX_DECAY:
        bench_require(plain_decays_alloc(&wd->decays, count, duration, DECAY_RATE));
        m->decays = &wd->decays;
        break;
    default:
        bench_require(plain_group_alloc(&wd->group, count, duration, &wd->curve));
        wd->group.position_begin_s = 0;
        wd->group.position_duration_s = duration; /* duration 0: the group's */
        wd->group.opacity_begin_s = group_opacity_begin(duration);
        wd->group.opacity_duration_s = group_opacity_duration(duration);
        wd->group.opacity_model = 1.0; /* the default opacity, shown when not in effect */
        m->group = &wd->group;
        break;
    }
    if (w->layers == LAYERS_ANCESTOR || w->layers == LAYERS_PAUSED) {
        m->has_ancestor = 1;
        m->ancestor = w->layers == LAYERS_ANCESTOR ? (plain_layer_timing){0, ANCESTOR_SPEED, 0}
                                                   : (plain_layer_timing){0, 0, PAUSED_OFFSET_S};
    }
    if (w->layers == LAYERS_OWN_SPEED) {
        bench_require(plain_matrix_alloc_layer_timing(m));
        for (size_t i = 0; i < count; i++) m->layer_speed[i] = LAYER_SPEED;
    }

    /* The engine: the class, the layers and their time. */
    bench_check(ac_engine_create(NULL, &wd->engine), "ac_engine_create");
    ac_engine *engine = wd->engine;
    bench_check(ac_render_list_create(engine, &wd->list), "ac_render_list_create");
    ac_value zero = ac_value_scalar(0);
    ac_property_desc level;
    ac_class dot;
    bench_check(ac_property_desc_init(&level, "level", &zero), "ac_property_desc_init");
    bench_check(ac_class_create(engine, "Dot", 0, &level, 1, &dot), "ac_class_create");
    ac_key speed_key, offset_key;
    bench_check(ac_engine_key(engine, "speed", &speed_key), "ac_engine_key");
    bench_check(ac_engine_key(engine, "timeOffset", &offset_key), "ac_engine_key");
    for (int t = 0; t < wd->keys; t++)
        if (w->subject != SUBJECT_TRANSITION)
            bench_check(ac_engine_key(engine, read_key_name(w, t), &wd->read_keys[t]), "ac_engine_key");
    ac_layer container = 0;
    if (m->has_ancestor) {
        bench_check(ac_layer_create(engine, dot, &container), "ac_layer_create");
        bench_check(ac_layer_set_scalar(engine, container, speed_key, m->ancestor.speed), "ac_layer_set_scalar");
        bench_check(ac_layer_set_scalar(engine, container, offset_key, m->ancestor.time_offset_s), "ac_layer_set_scalar");
    }
    ac_class layer_class = w->subject == SUBJECT_STROKE_END || w->subject == SUBJECT_SHAPE_PATH ? AC_CLASS_SHAPE_LAYER
                           : w->subject == SUBJECT_LOCATIONS ? AC_CLASS_GRADIENT_LAYER
                           : w->subject == SUBJECT_TRANSITION ? AC_CLASS_LAYER
                                                              : dot;
    for (size_t i = 0; i < count; i++) {
        bench_check(ac_layer_create(engine, layer_class, &wd->layers[i]), "ac_layer_create");
        if (container != 0) bench_check(ac_layer_add_sublayer(engine, container, wd->layers[i]), "ac_layer_add_sublayer");
        if (m->layer_speed != NULL)
            bench_check(ac_layer_set_scalar(engine, wd->layers[i], speed_key, m->layer_speed[i]), "ac_layer_set_scalar");
    }

    /* The descriptions. */
    ac_timing_function ease;
    bench_check(ac_timing_function_named("easeInEaseOut", &ease), "ac_timing_function_named");
    ac_animation description, children[2] = {0, 0};
    const char *key;
    switch (w->kind) {
    case PLAIN_MATRIX_BASIC:
        if (w->subject == SUBJECT_TRANSITION) {
            key = "transition";
            bench_check(ac_animation_create_transition(engine, &description), "ac_animation_create_transition");
        } else {
            key = read_key_name(w, 0);
            bench_check(ac_animation_create_basic(engine, key, &description), "ac_animation_create_basic");
        }
        bench_check(ac_animation_set_timing_function(engine, description, &ease), "ac_animation_set_timing_function");
        break;
    case PLAIN_MATRIX_KEYFRAMES:
        key = "level";
        bench_check(ac_animation_create_keyframe(engine, "level", &description), "ac_animation_create_keyframe");
        bench_check(ac_animation_set_timing_function(engine, description, &ease), "ac_animation_set_timing_function");
        bench_check(ac_animation_set_calculation_mode(engine, description, AC_CALCULATION_LINEAR),
              "ac_animation_set_calculation_mode");
        bench_check(ac_animation_set_key_times(engine, description, even_key_times, KEYFRAME_VALUES),
              "ac_animation_set_key_times");
        break;
    case PLAIN_MATRIX_PATH:
        key = "position";
        bench_check(ac_animation_create_keyframe(engine, "position", &description), "ac_animation_create_keyframe");
        bench_check(ac_animation_set_calculation_mode(engine, description, AC_CALCULATION_PACED),
              "ac_animation_set_calculation_mode");
        bench_check(ac_animation_set_rotation_mode(engine, description, AC_ROTATION_AUTO), "ac_animation_set_rotation_mode");
        break;
    case PLAIN_MATRIX_SPRING:
        key = "level";
        bench_check(ac_animation_create_spring(engine, "level", &description), "ac_animation_create_spring");
        break;
    case PLAIN_MATRIX_DECAY: {
        key = "position";
        bench_check(ac_animation_create_decay(engine, "position", &description), "ac_animation_create_decay");
        ac_decay decay;
        bench_check(ac_decay_init(&decay), "ac_decay_init");
        decay.deceleration_rate = DECAY_RATE;
        decay.minimum_speed = DECAY_MINIMUM_SPEED;
        bench_check(ac_animation_set_decay(engine, description, &decay), "ac_animation_set_decay");
        break;
    }
    default:
        key = "group";
        bench_check(ac_animation_create_group(engine, &description), "ac_animation_create_group");
        bench_check(ac_animation_create_basic(engine, "position", &children[0]), "ac_animation_create_basic");
        bench_check(ac_animation_create_basic(engine, "opacity", &children[1]), "ac_animation_create_basic");
        for (int c = 0; c < 2; c++)
            bench_check(ac_animation_set_timing_function(engine, children[c], &ease), "ac_animation_set_timing_function");
        bench_set_timing(engine, children[0], 0, 0, AC_FILL_REMOVED);
        bench_set_timing(engine, children[1], group_opacity_duration(duration), group_opacity_begin(duration),
                     AC_FILL_BOTH);
        break;
    }
    if (w->holds_end)
        bench_check(ac_animation_set_flag(engine, description, AC_ANIMATION_REMOVED_ON_COMPLETION, 0), "ac_animation_set_flag");

    /* The layers' time at frame 0 (the first tick sets the engine's time to host_time(0)), by the
     * plain formula; begin times are in it. */
    double parent0 = plain_matrix_parent_time(m, host_time(0));
    if (w->animator != ANIMATOR_NONE) build_animator(wd, description, parent0);
    for (size_t i = 0; i < count && w->animator == ANIMATOR_NONE; i++) {
        double layer0 = m->layer_speed != NULL
                            ? (parent0 - m->layer_begin_s[i]) * m->layer_speed[i] + m->layer_offset_s[i]
                            : parent0;
        double begin = layer0 - w->lead_s - w->spread_s * bench_next_unit();
        make_animation(wd, description, children, i, begin);
        bench_check(ac_layer_add_animation(engine, wd->layers[i], description, key), "ac_layer_add_animation");
    }
    bench_check(ac_engine_tick(engine, host_time(0)), "ac_engine_tick"); /* commits them */
    bench_check(ac_animation_release(engine, description), "ac_animation_release");
    for (int c = 0; c < 2; c++) bench_check(ac_animation_release(engine, children[c]), "ac_animation_release");
}

static void world_free(world *wd) {
    bench_check(ac_render_list_destroy(wd->engine, wd->list), "ac_render_list_destroy");
    bench_check(ac_engine_destroy(wd->engine), "ac_engine_destroy"); /* (cancels an animator row's) */
    free((void *)wd->matrix.held_local_s);
    plain_track_free(&wd->track);
    plain_keyframes_free(&wd->keyframes);
    plain_springs_free(&wd->springs);
    plain_decays_free(&wd->decays);
    plain_group_free(&wd->group);
    free(wd->runs.from);
    free(wd->runs.to);
    free(wd->runs.model);
    plain_matrix_free(&wd->matrix);
    for (int t = 0; t < 2; t++) free(wd->plain_out[t]);
    free(wd->layers);
    free(wd->read_back);
    free(wd->offsets);
    memset(wd, 0, sizeof *wd);
}

/* The plain loop at time_s: a first-cycle row by bench_engine's one-shot loop of its kind, every
 * other by the matrix's loop. */
static void run_plain(world *wd, double time_s) {
    double *out0 = wd->plain_out[0], *out1 = wd->plain_out[1];
    if (!wd->w->first_cycle) {
        plain_matrix_run(&wd->matrix, time_s, out0, out1);
        return;
    }
    if (animates_run(wd->w)) {
        plain_engine_runs(&wd->runs, wd->matrix.count, wd->matrix.timing.duration_s, &wd->curve, time_s, out0);
        return;
    }
    switch (wd->w->kind) {
    case PLAIN_MATRIX_BASIC: plain_engine_scalar(&wd->track, &wd->curve, time_s, out0); break;
    case PLAIN_MATRIX_KEYFRAMES: plain_engine_keyframe_scalar(&wd->keyframes, time_s, out0); break;
    case PLAIN_MATRIX_PATH: plain_engine_path(&wd->keyframes, time_s, out0, out1); break;
    case PLAIN_MATRIX_SPRING: plain_engine_spring(&wd->springs, time_s, out0); break;
    case PLAIN_MATRIX_DECAY: plain_engine_decay(&wd->decays, time_s, out0); break;
    default: plain_engine_group(&wd->group, time_s, out0, out1); break;
    }
}

/* A root layer's transition progress, from its entry in a presentation render list (0 when the
 * transition does not show, as p of the plain loop without one). */
static double transition_progress(world *wd, ac_layer layer) {
    const ac_render_entry *entries;
    size_t count;
    bench_check(ac_render_list_fill(wd->engine, wd->list, layer, AC_GEOMETRY_PRESENTATION, &entries, &count, NULL, NULL),
                "ac_render_list_fill");
    return count > 0 && (entries[0].transition_state & AC_TRANSITION_IN_EFFECT) ? entries[0].transition_progress : 0.0;
}

/* Reads the animated path or array of `count` layers into `out` with one batch call
 * (ac_layers_get_presentation_path_coordinates: a path's coordinates in element order, what a
 * host that wants the numbers reads; ac_layers_get_presentation_numbers), one run of the row's
 * numbers per layer; returns the stride. */
static size_t read_runs(world *wd, const ac_layer *layers, size_t count, double *out, size_t capacity) {
    size_t stride = wd->runs.numbers, *offsets = wd->offsets;
    bench_require(count * stride <= capacity);
    if (wd->w->subject == SUBJECT_SHAPE_PATH) {
        bench_check(ac_layers_get_presentation_path_coordinates(wd->engine, layers, count, wd->read_keys[0], out, capacity,
                                                                offsets),
                    "ac_layers_get_presentation_path_coordinates");
    } else {
        bench_check(ac_layers_get_presentation_numbers(wd->engine, layers, count, wd->read_keys[0], out, capacity, offsets),
                    "ac_layers_get_presentation_numbers");
    }
    bench_require(offsets[count] == count * stride);
    return stride;
}

/* Reads the animated keys of `count` layers into `out` (a row per layer): one key by
 * ac_layers_get_presentation, two by ac_layers_get_presentation_table; a transition's progress
 * by each layer's render list. Returns the stride. */
static size_t read_keys(world *wd, const ac_layer *layers, size_t count, double *out, size_t capacity,
                        size_t columns[2]) {
    size_t stride;
    if (wd->w->subject == SUBJECT_TRANSITION) {
        columns[0] = 0;
        for (size_t i = 0; i < count; i++) out[i] = transition_progress(wd, layers[i]);
        return 1;
    }
    if (animates_run(wd->w)) {
        columns[0] = 0;
        return read_runs(wd, layers, count, out, capacity);
    }
    if (wd->keys == 1) {
        bench_check(ac_layers_get_presentation(wd->engine, layers, count, wd->read_keys[0], out, capacity, &stride),
              "ac_layers_get_presentation");
        columns[0] = 0;
    } else {
        bench_check(ac_layers_get_presentation_table(wd->engine, layers, count, wd->read_keys, 2, out, capacity, &stride,
                                               columns),
              "ac_layers_get_presentation_table");
    }
    return stride;
}

/* ---- Correctness ---------------------------------------------------------------------------- */

typedef struct agreement {
    size_t compared, equal, mismatches;
    double max_relative; /* the largest |plain - engine| / max(1, |plain|) among the agreeing */
    int checks;          /* frames checked */
} agreement;

/* The plain loop's numbers for layer i's key t, in the engine's layout, into expected[]; their count. */
static size_t expected_values(const world *wd, size_t i, int t, double expected[READ_STRIDE_MAX]) {
    const double *out0 = wd->plain_out[0], *out1 = wd->plain_out[1];
    if (animates_run(wd->w)) {
        size_t n = wd->runs.numbers;
        for (size_t k = 0; k < n; k++) expected[k] = out0[i * n + k];
        return n;
    }
    switch (wd->w->kind) {
    case PLAIN_MATRIX_PATH:
        if (t == 0) {
            expected[0] = out0[2 * i], expected[1] = out0[2 * i + 1];
            return 2;
        } else { /* the plain 2D transform as the engine's CATransform3D */
            const double *m = out1 + 6 * i;
            for (int k = 0; k < 16; k++) expected[k] = 0;
            expected[0] = m[0], expected[1] = m[1], expected[4] = m[2], expected[5] = m[3];
            expected[12] = m[4], expected[13] = m[5], expected[10] = 1, expected[15] = 1;
            return 16;
        }
    case PLAIN_MATRIX_GROUP:
    case PLAIN_MATRIX_DECAY: /* the position; the group's opacity */
        if (t == 1) {
            expected[0] = out1[i];
            return 1;
        }
        expected[0] = out0[2 * i], expected[1] = out0[2 * i + 1];
        return 2;
    default:
        expected[0] = out0[i];
        return 1;
    }
}

static void compare_value(agreement *a, double expected, double got, int frame, size_t layer, const char *what,
                          size_t component) {
    a->compared++;
    if (got == expected) { /* to the bit, or 0 against -0 */
        a->equal++;
        return;
    }
    double relative = fabs(got - expected) / fmax(1.0, fabs(expected));
    if (!(relative <= AGREEMENT_TOLERANCE)) {
        if (a->mismatches++ == 0)
            printf("    DISAGREE at frame %d, layer %zu, %s[%zu]: plain %.17g, engine %.17g (relative %.3g)\n", frame,
                   layer, what, component, expected, got, relative);
    } else if (relative > a->max_relative) {
        a->max_relative = relative;
    }
}

/* Compares the engine's presentation (and the layers' local time) with the plain loop's, which
 * has just run at the engine's time, for the sampled layers. */
static void compare_sample(world *wd, const size_t *sample, size_t samples, int frame, double engine_time,
                           agreement *a) {
    ac_layer layers[MAX_SAMPLE] = {0};
    double slots[MAX_SAMPLE * READ_STRIDE_MAX];
    size_t columns[2];
    for (size_t j = 0; j < samples; j++) layers[j] = wd->layers[sample[j]];
    size_t stride = read_keys(wd, layers, samples, slots, MAX_SAMPLE * READ_STRIDE_MAX, columns);
    const plain_matrix *m = &wd->matrix;
    double parent = plain_matrix_parent_time(m, engine_time);
    for (size_t j = 0; j < samples; j++) {
        size_t i = sample[j];
        for (int t = 0; t < wd->keys; t++) {
            double expected[READ_STRIDE_MAX];
            size_t n = expected_values(wd, i, t, expected);
            for (size_t k = 0; k < n; k++)
                compare_value(a, expected[k], slots[j * stride + columns[t] + k], frame, i,
                              read_key_name(wd->w, t), k);
        }
        double local, expected_local = m->layer_speed != NULL
                                           ? (parent - m->layer_begin_s[i]) * m->layer_speed[i] + m->layer_offset_s[i]
                                           : parent;
        bench_check(ac_layer_local_time(wd->engine, wd->layers[i], &local), "ac_layer_local_time");
        compare_value(a, expected_local, local, frame, i, "local time", 0);
    }
}

static void compare_now(world *wd, const size_t *sample, size_t samples, int frame, agreement *a) {
    double engine_time;
    bench_check(ac_engine_current_time(wd->engine, &engine_time), "ac_engine_current_time");
    run_plain(wd, engine_time);
    compare_sample(wd, sample, samples, frame, engine_time, a);
    a->checks++;
}

/* About 100 layers spread over the world, the last among them, into `sample`; returns how many. */
static size_t sample_layers(const world *wd, size_t *sample) {
    size_t samples = 0, step = wd->count / 100 > 0 ? wd->count / 100 : 1;
    for (size_t i = 0; i < wd->count && samples < MAX_SAMPLE - 1; i += step) sample[samples++] = i;
    if (sample[samples - 1] != wd->count - 1) sample[samples++] = wd->count - 1;
    return samples;
}

/* Ticks a pass of `ticks` ticks over frames 1..FRAMES (the engine is at frame 0) and the check
 * frames between them, comparing at frame 0, at the check frames and at the last. */
static bool check_world(world *wd, int ticks, agreement *a) {
    size_t sample[MAX_SAMPLE], samples = sample_layers(wd, sample);
    static const int check_frames[] = {0, 1, 37, 300, 599, 600};
    const size_t check_count = sizeof check_frames / sizeof check_frames[0];
    memset(a, 0, sizeof *a);
    size_t c = 0;
    for (int j = 0; j <= ticks; j++) {
        double frame = pass_frame(j, ticks);
        for (; c < check_count && check_frames[c] <= frame; c++) { /* the check frames this tick steps over */
            if (check_frames[c] == frame) continue;
            bench_check(ac_engine_tick(wd->engine, host_time(check_frames[c])), "ac_engine_tick");
            compare_now(wd, sample, samples, check_frames[c], a);
        }
        if (j > 0) bench_check(ac_engine_tick(wd->engine, host_time(frame)), "ac_engine_tick");
        bool wanted = j == ticks;
        for (size_t k = 0; k < check_count; k++) wanted |= check_frames[k] == frame;
        if (wanted) compare_now(wd, sample, samples, (int)frame, a);
    }
    printf("  agreement: %zu layers x %d frames (%d key%s + local time): %zu values, %zu equal, max relative"
           " difference %.3g: %s\n",
           samples, a->checks, wd->keys, wd->keys == 1 ? "" : "s", a->compared, a->equal, a->max_relative,
           a->mismatches == 0 ? "OK" : "DISAGREE");
    if (a->mismatches > 0) printf("  %zu of %zu values disagree\n", a->mismatches, a->compared);
    return a->mismatches == 0;
}

/* ---- Timing --------------------------------------------------------------------------------- */

enum { VARIANT_PLAIN, VARIANT_READ, VARIANT_COUNT };

/* Seconds for a pass of `ticks` ticks of one variant, in blocks (block_start): the plain loop,
 * or the tick followed by the read of every layer. Before each block the engine goes to the
 * frame before it, untimed. */
static double run_pass(world *wd, int variant, int ticks) {
    size_t columns[2];
    int blocks = ticks / BLOCK_FRAMES;
    double seconds = 0;
    for (int b = 0; b < blocks; b++) {
        double before = block_start(b, blocks);
        if (variant != VARIANT_PLAIN) bench_check(ac_engine_tick(wd->engine, host_time(before)), "ac_engine_tick");
        double start = bench_now_s();
        for (int j = 1; j <= BLOCK_FRAMES; j++) {
            double time_s = host_time(before + j);
            if (variant == VARIANT_PLAIN) {
                run_plain(wd, time_s);
            } else {
                bench_check(ac_engine_tick(wd->engine, time_s), "ac_engine_tick");
                if (wd->w->subject != SUBJECT_TRANSITION) /* (read in the render list: bench_render_list) */
                    read_keys(wd, wd->layers, wd->count, wd->read_back, wd->count * READ_STRIDE_MAX, columns);
            }
        }
        seconds += bench_now_s() - start;
    }
    return seconds;
}

typedef struct result {
    int workload;
    size_t layers;
    int ticks;    /* per pass */
    bool agrees;  /* false: disagreed before the timing (not timed) or after it */
    bool timed;   /* the passes ran (a disagreement came after them) */
    bool crashed; /* the world's process ended early */
    double seconds[VARIANT_COUNT];
    agreement agreement;
} result;

static bool run_world(int index, size_t count, int repetitions, result *r) {
    const workload *w = &workloads[index];
    world wd;
    memset(r, 0, sizeof *r);
    r->workload = index;
    r->layers = count;
    printf("\n%s (%s), %zu layers\n", w->label, w->key, count);
    fflush(stdout);
    world_build(&wd, w, count);
    r->ticks = pass_ticks(count * (size_t)wd.keys);
    r->agrees = check_world(&wd, r->ticks, &r->agreement); /* also the engine's warm-up */
    if (!r->agrees) {
        world_free(&wd);
        return false;
    }
    run_pass(&wd, VARIANT_PLAIN, r->ticks); /* warm-up */
    for (int v = 0; v < VARIANT_COUNT; v++) r->seconds[v] = INFINITY;
    for (int rep = 0; rep < repetitions; rep++) {
        for (int k = 0; k < VARIANT_COUNT; k++) {
            int v = (rep + k) % VARIANT_COUNT; /* take turns going first */
            double s = run_pass(&wd, v, r->ticks);
            if (s < r->seconds[v]) r->seconds[v] = s;
        }
    }
    /* The timed ticks start from what the tick before each left (a lane entry's count of
     * cycles, say): where the last timed pass left the engine, it must agree too. */
    r->timed = true;
    agreement after;
    memset(&after, 0, sizeof after);
    size_t sample[MAX_SAMPLE], samples = sample_layers(&wd, sample);
    int blocks = r->ticks / BLOCK_FRAMES;
    compare_now(&wd, sample, samples, (int)lround(block_start(blocks - 1, blocks) + BLOCK_FRAMES), &after);
    if (after.mismatches > 0) {
        printf("  after the timed passes: %zu of %zu values disagree\n", after.mismatches, after.compared);
        r->agrees = false;
    }
    double ns = 1e9 / ((double)r->ticks * (double)count);
    printf("  plain %.1f ns/anim, tick+read %.1f ns/anim (%.2fx); %d ticks per pass\n", r->seconds[VARIANT_PLAIN] * ns,
           r->seconds[VARIANT_READ] * ns, r->seconds[VARIANT_READ] / r->seconds[VARIANT_PLAIN], r->ticks);
    world_free(&wd);
    return true;
}

/* ---- One process per world ------------------------------------------------------------------ */

/* Runs one world in a child process (a fresh heap, the same random numbers) and brings its
 * result back through a pipe. A world whose process ends early counts as failed (crashed); the
 * others go on. */
typedef struct world_args {
    int index, repetitions;
    size_t count;
} world_args;

static bool world_body(const void *args, void *out) {
    const world_args *a = args;
    run_world(a->index, a->count, a->repetitions, out);
    return true;
}

static void run_isolated(int index, size_t count, int repetitions, result *r) {
    world_args args = {index, repetitions, count};
    bench_ending ending;
    if (bench_run_isolated(world_body, &args, r, sizeof *r, &ending) >= 0) return;
    fprintf(stderr, "bench_timing_matrix: %s at %zu layers: the world's process ended early (%s %d)\n",
            workloads[index].key, count, ending.signaled ? "signal" : "status", ending.code);
    memset(r, 0, sizeof *r);
    r->workload = index;
    r->layers = count;
    r->crashed = true;
}

/* ---- Main ----------------------------------------------------------------------------------- */

static void usage(FILE *to, int status) {
    fprintf(to, "usage: bench_timing_matrix [-n 10000,100000] [-r repetitions (default %d)]"
                " [-w all|name[,name...]] [-b animated keys per pass (default %.0e; 0: every frame)] [-h]\n"
                "workloads (-w also runs the first-cycle row of each named workload's kind):\n",
            DEFAULT_REPETITIONS, DEFAULT_PASS_BUDGET);
    for (int k = 0; k < WORKLOAD_COUNT; k++) fprintf(to, "  %-15s %s\n", workloads[k].key, workloads[k].label);
    exit(status);
}

static const char *goal(double ratio, double target) { return ratio <= target ? "met" : "NOT met"; }

static const result *find_result(const result *results, int count, int workload, size_t layers) {
    for (int i = 0; i < count; i++)
        if (results[i].workload == workload && results[i].layers == layers) return &results[i];
    return NULL;
}

int main(int argc, char **argv) {
    bench_program = "bench_timing_matrix";
    int repetitions = DEFAULT_REPETITIONS;
    size_t sizes[MAX_SIZES] = {10000, 100000};
    int size_count = 2;
    bool selected[WORKLOAD_COUNT];
    for (int k = 0; k < WORKLOAD_COUNT; k++) selected[k] = true;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0) usage(stdout, 0);
        if (i + 1 >= argc) usage(stderr, 2);
        const char *option = argv[i], *arg = argv[++i];
        if (strcmp(option, "-r") == 0) {
            repetitions = atoi(arg);
        } else if (strcmp(option, "-b") == 0) {
            pass_budget = strtod(arg, NULL);
        } else if (strcmp(option, "-n") == 0) {
            size_count = bench_parse_sizes(arg, sizes, MAX_SIZES);
            if (size_count < 0) usage(stderr, 2);
        } else if (strcmp(option, "-w") == 0) {
            if (strcmp(arg, "all") != 0) {
                for (int k = 0; k < WORKLOAD_COUNT; k++) selected[k] = false;
                char names[256];
                snprintf(names, sizeof names, "%s", arg);
                for (char *name = strtok(names, ","); name != NULL; name = strtok(NULL, ",")) {
                    int found = -1;
                    for (int k = 0; k < WORKLOAD_COUNT; k++)
                        if (strcmp(name, workloads[k].key) == 0) found = k;
                    if (found < 0) usage(stderr, 2);
                    selected[found] = selected[reference_of(found)] = true;
                }
            }
        } else {
            usage(stderr, 2);
        }
    }
    if (repetitions < 1 || size_count == 0 || !(pass_budget >= 0)) usage(stderr, 2);

    printf("animcore %s: tick + batch read across timing shapes vs a plain-C loop doing the same math\n",
           ac_version_string());
    printf("one animation per layer (class \"Dot\"); first cycle: %.0f s, begins over %.0f s; repeat: %.0f s cycles"
           " forever, begun %.0f-%.0f s before the first frame\n",
           FIRST_DURATION_S, BEGIN_SPREAD_S, CYCLE_DURATION_S, REPEAT_LEAD_S, REPEAT_LEAD_S + BEGIN_SPREAD_S);
    printf("method: CLOCK_MONOTONIC, best of %d runs of a pass over %d frames at %.0f fps, plain and tick+read"
           " taking turns; a pass ticks blocks of %d consecutive frames, one in the middle of each of n / %d equal"
           " parts, n the ticks: all %d frames up to %.0g animated keys per run, else fewer (at least one block;"
           " -b 0: all); the agreement check steps over the %d frames, spread, and is made again after the timing\n",
           repetitions, FRAMES, FPS, BLOCK_FRAMES, BLOCK_FRAMES, FRAMES, pass_budget, FRAMES);

    int total = size_count * WORKLOAD_COUNT;
    result *results = bench_allocate((size_t)total, sizeof *results);
    int result_count = 0;
    for (int s = 0; s < size_count; s++)
        for (int k = 0; k < WORKLOAD_COUNT; k++)
            if (selected[k]) run_isolated(k, sizes[s], repetitions, &results[result_count++]);

    /* ---- The table ---- */
    bool all_agree = true;
    int plain_met = 0, plain_rows = 0, shape_met = 0, shape_rows = 0;
    for (int s = 0; s < size_count; s++) {
        printf("\n%zu layers: ns per animation per tick (best of %d); animcore = tick + read; goals: within %.1fx of"
               " plain C, within %.1fx of the first cycle of its kind\n",
               sizes[s], repetitions, PLAIN_GOAL, SHAPE_GOAL);
        printf("  %-2s %-38s %5s | %8s %8s | %-14s | %-14s | %s\n", "#", "workload", "ticks", "plain", "animcore",
               "vs plain C", "vs 1st cycle", "plain vs 1st");
        int row = 0;
        for (int k = 0; k < WORKLOAD_COUNT; k++) {
            if (!is_kind_reference(&workloads[k])) row++;
            const result *r = find_result(results, result_count, k, sizes[s]);
            if (r == NULL) continue;
            char number[16];
            snprintf(number, sizeof number, "%d", row);
            bool is_reference = workloads[k].first_cycle;
            printf("  %-2s %-38s", is_kind_reference(&workloads[k]) ? "" : number,
                   workloads[k].label);
            if (r->crashed || !r->agrees) {
                all_agree = false;
                printf(" %5s | %s\n", "",
                       r->crashed  ? "CRASHED (see above)"
                       : r->timed ? "DISAGREE after the timing (see above)"
                                  : "DISAGREE (see above): not timed");
                continue;
            }
            double ns = 1e9 / ((double)r->ticks * (double)r->layers);
            double plain = r->seconds[VARIANT_PLAIN] * ns, engine = r->seconds[VARIANT_READ] * ns;
            double vs_plain = engine / plain;
            plain_rows++;
            plain_met += vs_plain <= PLAIN_GOAL;
            printf(" %5d | %8.1f %8.1f | %5.2fx %-7s |", r->ticks, plain, engine, vs_plain, goal(vs_plain, PLAIN_GOAL));
            const result *ref = find_result(results, result_count, reference_of(k), sizes[s]);
            if (is_reference) {
                printf(" %-14s | %s\n", "(reference)", "(reference)");
            } else if (ref == NULL || ref->crashed || !ref->agrees) {
                printf(" %-14s | %s\n", "-", "-");
            } else {
                double ref_ns = 1e9 / ((double)ref->ticks * (double)ref->layers);
                double vs_first = engine / (ref->seconds[VARIANT_READ] * ref_ns);
                double plain_vs_first = plain / (ref->seconds[VARIANT_PLAIN] * ref_ns);
                shape_rows++;
                shape_met += vs_first <= SHAPE_GOAL;
                printf(" %5.2fx %-7s | %5.2fx\n", vs_first, goal(vs_first, SHAPE_GOAL), plain_vs_first);
            }
        }
    }
    printf("\ngoals (reported, not asserted): within %.1fx of plain C: %d of %d rows; within %.1fx of the first cycle"
           " of its kind: %d of %d rows\n",
           PLAIN_GOAL, plain_met, plain_rows, SHAPE_GOAL, shape_met, shape_rows);
    for (int i = 0; i < result_count; i++) all_agree &= results[i].agrees && !results[i].crashed;
    free(results);
    if (!all_agree) {
        printf("\nFAILED: the engine and the plain-C loop disagree (or a world crashed) in the rows marked above"
               " (tolerance %g relative)\n", AGREEMENT_TOLERANCE);
        return 1;
    }
    return 0;
}
