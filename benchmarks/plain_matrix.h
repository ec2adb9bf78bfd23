/*
 * plain_matrix.h — the plain-C baseline of the timing-matrix benchmark (bench_timing_matrix.c):
 * what a hand-written loop does to evaluate one animation per layer whatever the shape of its
 * timing — repeating, staggered, autoreversing, sped up, offset, filling after its end — on
 * layers with a timing of their own or under one ancestor's (sped up, paused), with no engine
 * around it. Per frame:
 *
 *   parent = now, or the ancestor's time (now - begin) * speed + offset, once per frame
 *   layer  = (parent - begin_i) * speed_i + offset_i     (layers with their own timing; else parent)
 *   sample = the CAMediaTiming pipeline at e = layer - the animation's begin_i (plain_timing.h:
 *            phase and fill, local = e * speed + offset, the cycle by fmod, the autoreverse
 *            mirror, the end rule)
 *   value  = the kind's math at the sample's progress (plain_engine.h's per-layer kernels):
 *            basic: the timing function's bezier solve and the lerp; keyframes: the eased
 *            progress, the segment search and the lerp; path: the segment, the arc-length
 *            table, the bezier point and the tangent's rotation; spring: the closed form at
 *            t = progress x duration; decay: x0 + v0 expm1(k t) / k; group: the group's time
 *            progress x duration, then its two children in it
 *            (the property's model value where the animation is not in effect)
 *
 * Every animation shares the timing's fields but its begin time; the kinds' data (from/to,
 * keyframe blocks, springs, decays, children) are bench_engine's structures (plain_engine.h),
 * whose begin_s arrays hold each layer's begin in its layer's time. Compiled with
 * -ffp-contract=off like the rest, so that the values agree with the engine's to the bit.
 */
#ifndef ANIMCORE_BENCH_PLAIN_MATRIX_H
#define ANIMCORE_BENCH_PLAIN_MATRIX_H

#include "plain_engine.h"
#include "plain_timing.h"

#include <stddef.h>

/* plain_matrix.kind: which kind of animation each layer carries. */
enum {
    PLAIN_MATRIX_BASIC,     /* basic: track (scalar from/to), eased by `ease` */
    PLAIN_MATRIX_KEYFRAMES, /* scalar keyframes, linear (keyframes; eased by keyframes->ease) */
    PLAIN_MATRIX_PATH,      /* a paced path with rotation auto (keyframes): position + 2D transform */
    PLAIN_MATRIX_SPRING,    /* springs */
    PLAIN_MATRIX_DECAY,     /* free decays of a point */
    PLAIN_MATRIX_GROUP,     /* a linear group of a position and an opacity child (group) */
    PLAIN_MATRIX_RUNS       /* basic over a run of numbers (runs): a path's coordinates, an array */
};

/* RUNS: plain_runs (plain_engine.h), eased by plain_matrix.ease. */

/* A layer timing (CALayer: infinite duration, no repeat, no fill): begin, speed and offset. */
typedef struct plain_layer_timing {
    double begin_s, speed, time_offset_s;
} plain_layer_timing;

typedef struct plain_matrix {
    int kind;     /* PLAIN_MATRIX_* */
    size_t count; /* layers, one animation each */
    /* The animations' timing, shared but for begin_time_s (unused: each layer's begin is in its
     * kind's begin_s array). */
    plain_timing timing;
    /* The layers' time: under one ancestor (has_ancestor: every layer its sublayer, of default
     * timing), or each layer's own timing (layer_begin_s, layer_speed, layer_offset_s: [count],
     * NULL when the layers have default timing). */
    int has_ancestor;
    plain_layer_timing ancestor;
    double *layer_begin_s, *layer_speed, *layer_offset_s;
    /* The kind's data (only the kind's is used). */
    plain_track *track;         /* BASIC: begin_s, from[0], to[0], model[0] */
    const plain_curve *ease;    /* BASIC: the timing function */
    plain_keyframes *keyframes; /* KEYFRAMES, PATH */
    plain_springs *springs;     /* SPRING */
    plain_decays *decays;       /* DECAY */
    plain_runs *runs;           /* RUNS (eased by `ease`) */
    plain_group *group;         /* GROUP: its children's times are the group's (group->duration_s
                                   is not read: the group's duration is timing.duration_s) */
    /* BASIC only, NULL but for a paused animator's animations: each layer's animation held at
     * this local time ([count]; speed 0 with this timeOffset, begun: its active phase). */
    const double *held_local_s;
} plain_matrix;

/* Allocates layer_begin_s, layer_speed and layer_offset_s for m->count layers, with the
 * default layer timing (0, 1, 0); returns 0 when out of memory. */
int plain_matrix_alloc_layer_timing(plain_matrix *m);
/* Frees the layer timing arrays (the kinds' data belong to the caller). */
void plain_matrix_free(plain_matrix *m);

/* The time of the layers' parent at time_s: time_s, or the ancestor's local time. */
double plain_matrix_parent_time(const plain_matrix *m, double time_s);

/*
 * Every layer's value at time_s (the root's time): BASIC, KEYFRAMES, SPRING: out0[i];
 * DECAY: out0[2i..]; PATH: the position into out0[2i..] and the rotation as a plain 2D
 * transform (a, b, c, d, tx, ty) into out1[6i..]; GROUP: the position into out0[2i..] and the
 * opacity into out1[i]; RUNS: layer i's numbers into out0[numbers i..].
 */
void plain_matrix_run(const plain_matrix *m, double time_s, double *out0, double *out1);

#endif /* ANIMCORE_BENCH_PLAIN_MATRIX_H */
