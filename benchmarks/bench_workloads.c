/* bench_workloads.c — see bench_workloads.h. */
#define _GNU_SOURCE /* M_PI */
#include "bench_workloads.h"

#include "bench_support.h"

#include <math.h>

void bench_keyframes_layer(ac_engine *engine, ac_animation a, plain_keyframes *k, size_t i, double begin_s) {
    double values[KEYFRAME_VALUES];
    ac_value v[KEYFRAME_VALUES];
    for (int n = 0; n < KEYFRAME_VALUES; n++) {
        values[n] = 100.0 * bench_next_unit();
        v[n] = ac_value_scalar(values[n]);
    }
    bench_check(ac_animation_set_values(engine, a, v, KEYFRAME_VALUES), "ac_animation_set_values");
    k->begin_s[i] = begin_s;
    plain_keyframes_set_values(k, i, values, even_key_times);
}

void bench_path_layer(ac_engine *engine, ac_animation a, plain_keyframes *k, size_t i, double begin_s) {
    double segment[8]; /* start, control 1, control 2, end */
    for (int n = 0; n < 8; n++) segment[n] = 1000.0 * bench_next_unit();
    ac_path_element path[2] = {
        ac_path_move_to(segment[0], segment[1]),
        ac_path_curve_to(segment[2], segment[3], segment[4], segment[5], segment[6], segment[7])};
    bench_check(ac_animation_set_path(engine, a, path, 2), "ac_animation_set_path");
    k->begin_s[i] = begin_s;
    plain_keyframes_set_path(k, i, segment);
}

void bench_group_layer(ac_engine *engine, ac_animation a, const ac_animation *children, plain_group *g, size_t i,
                       double begin_s) {
    g->begin_s[i] = begin_s;
    for (int c = 0; c < 2; c++) {
        g->position_from[c][i] = 1000.0 * bench_next_unit();
        g->position_to[c][i] = 1000.0 * bench_next_unit();
    }
    g->opacity_from[i] = bench_next_unit();
    g->opacity_to[i] = bench_next_unit();
    ac_value pf = ac_value_point(g->position_from[0][i], g->position_from[1][i]);
    ac_value pt = ac_value_point(g->position_to[0][i], g->position_to[1][i]);
    ac_value of = ac_value_scalar(g->opacity_from[i]), ot = ac_value_scalar(g->opacity_to[i]);
    bench_check(ac_animation_set_value(engine, children[0], AC_ANIMATION_FROM, &pf), "ac_animation_set_value");
    bench_check(ac_animation_set_value(engine, children[0], AC_ANIMATION_TO, &pt), "ac_animation_set_value");
    bench_check(ac_animation_set_value(engine, children[1], AC_ANIMATION_FROM, &of), "ac_animation_set_value");
    bench_check(ac_animation_set_value(engine, children[1], AC_ANIMATION_TO, &ot), "ac_animation_set_value");
    bench_check(ac_animation_set_children(engine, a, children, 2), "ac_animation_set_children");
}

void bench_spring_layer(ac_engine *engine, ac_animation a, plain_springs *sp, size_t i, double begin_s) {
    sp->begin_s[i] = begin_s;
    sp->from[i] = 100.0 * bench_next_unit();
    sp->to[i] = 100.0 * bench_next_unit();
    ac_spring spring;
    bench_check(ac_spring_init(&spring), "ac_spring_init");
    spring.mass = 1.0;
    spring.stiffness = SPRING_STIFFNESS_MIN + (SPRING_STIFFNESS_MAX - SPRING_STIFFNESS_MIN) * bench_next_unit();
    spring.damping = SPRING_DAMPING_MIN + (SPRING_DAMPING_MAX - SPRING_DAMPING_MIN) * bench_next_unit();
    spring.initial_velocity = SPRING_VELOCITY_MAX * (2 * bench_next_unit() - 1);
    plain_springs_set(sp, i, spring.mass, spring.stiffness, spring.damping, spring.initial_velocity);
    ac_value vf = ac_value_scalar(sp->from[i]), vt = ac_value_scalar(sp->to[i]);
    bench_check(ac_animation_set_spring(engine, a, &spring), "ac_animation_set_spring");
    bench_check(ac_animation_set_value(engine, a, AC_ANIMATION_FROM, &vf), "ac_animation_set_value");
    bench_check(ac_animation_set_value(engine, a, AC_ANIMATION_TO, &vt), "ac_animation_set_value");
}

void bench_decay_layer(ac_engine *engine, ac_animation a, plain_decays *d, size_t i, double begin_s) {
    d->begin_s[i] = begin_s;
    double x = DECAY_AREA * bench_next_unit(), y = DECAY_AREA * bench_next_unit();
    double speed = DECAY_SPEED_MIN + (DECAY_SPEED_MAX - DECAY_SPEED_MIN) * bench_next_unit();
    double direction = 2 * M_PI * bench_next_unit();
    double vx = speed * cos(direction), vy = speed * sin(direction);
    d->from[0][i] = x, d->from[1][i] = y;
    d->velocity[0][i] = vx, d->velocity[1][i] = vy;
    ac_value from = ac_value_point(x, y), velocity = ac_value_point(vx, vy);
    bench_check(ac_animation_set_value(engine, a, AC_ANIMATION_FROM, &from), "ac_animation_set_value");
    bench_check(ac_animation_set_value(engine, a, AC_ANIMATION_VELOCITY, &velocity), "ac_animation_set_value");
}
