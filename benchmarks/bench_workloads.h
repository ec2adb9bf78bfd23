/*
 * bench_workloads.h — the keyframe, path, group, spring and decay workloads bench_engine and
 * bench_timing_matrix share: their parameters and each layer's animation, drawn from the
 * programs' random source (bench_support.h) and given both to the engine's description and to
 * the plain-C loop, so that the two benchmarks time the same animations.
 */
#ifndef ANIMCORE_BENCH_WORKLOADS_H
#define ANIMCORE_BENCH_WORKLOADS_H

#include "animcore.h"
#include "plain_engine.h"

#include <stddef.h>

/* Keyframes: five values at even key times. */
#define KEYFRAME_VALUES 5
static const double even_key_times[KEYFRAME_VALUES] = {0, 0.25, 0.5, 0.75, 1};

/* Springs: mass 1, stiffness and damping uniform in these ranges (zeta in about [0.28, 0.64],
 * all underdamped), initial velocity uniform in [-2, 2]. */
#define SPRING_STIFFNESS_MIN 120.0
#define SPRING_STIFFNESS_MAX 200.0
#define SPRING_DAMPING_MIN 8.0
#define SPRING_DAMPING_MAX 14.0
#define SPRING_VELOCITY_MAX 2.0

/* Decays: start points in a 1000 x 1000 area, speeds uniform in this range (units per second) in
 * a uniform random direction, Pop's rate per millisecond and a minimum speed of 1. */
#define DECAY_AREA 1000.0
#define DECAY_SPEED_MIN 200.0
#define DECAY_SPEED_MAX 3000.0
#define DECAY_RATE 0.998
#define DECAY_MINIMUM_SPEED 1.0

/* Layer i's animation of each kind: random parameters set on the description `a` (its children
 * for a group: a position and an opacity animation) and given to the plain loop's structure,
 * with `begin_s` as the layer's begin. Its timing is the caller's. */
void bench_keyframes_layer(ac_engine *engine, ac_animation a, plain_keyframes *k, size_t i, double begin_s);
void bench_path_layer(ac_engine *engine, ac_animation a, plain_keyframes *k, size_t i, double begin_s);
void bench_group_layer(ac_engine *engine, ac_animation a, const ac_animation *children, plain_group *g, size_t i,
                       double begin_s);
void bench_spring_layer(ac_engine *engine, ac_animation a, plain_springs *sp, size_t i, double begin_s);
void bench_decay_layer(ac_engine *engine, ac_animation a, plain_decays *d, size_t i, double begin_s);

#endif
