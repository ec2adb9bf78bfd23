/*
 * plain_matrix.c — the plain-C baseline of the timing-matrix benchmark: one loop over the layers
 * per kind and layer-time shape (see plain_matrix.h), each built from the shared inline pieces —
 * the timing pipeline of plain_timing.h and the per-layer kernels of plain_engine.h — with the
 * kind and whether layers have their own timing constants in each copy of the loop.
 */
#include "plain_matrix.h"

#include <stdlib.h>

#if defined(__GNUC__)
#define PLAIN_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define PLAIN_ALWAYS_INLINE inline
#endif

int plain_matrix_alloc_layer_timing(plain_matrix *m) {
    m->layer_begin_s = calloc(m->count, sizeof(double));
    m->layer_speed = malloc(m->count * sizeof(double));
    m->layer_offset_s = calloc(m->count, sizeof(double));
    if (m->layer_begin_s == NULL || m->layer_speed == NULL || m->layer_offset_s == NULL) return 0;
    for (size_t i = 0; i < m->count; i++) m->layer_speed[i] = 1;
    return 1;
}

void plain_matrix_free(plain_matrix *m) {
    free(m->layer_begin_s);
    free(m->layer_speed);
    free(m->layer_offset_s);
    m->layer_begin_s = m->layer_speed = m->layer_offset_s = NULL;
}

double plain_matrix_parent_time(const plain_matrix *m, double time_s) {
    if (!m->has_ancestor) return time_s;
    return (time_s - m->ancestor.begin_s) * m->ancestor.speed + m->ancestor.time_offset_s;
}

/* The layers' begin times of the kind's animations. */
static const double *begin_times(const plain_matrix *m) {
    switch (m->kind) {
    case PLAIN_MATRIX_BASIC: return m->track->begin_s;
    case PLAIN_MATRIX_KEYFRAMES:
    case PLAIN_MATRIX_PATH: return m->keyframes->begin_s;
    case PLAIN_MATRIX_SPRING: return m->springs->begin_s;
    case PLAIN_MATRIX_DECAY: return m->decays->begin_s;
    case PLAIN_MATRIX_RUNS: return m->runs->begin_s;
    default: return m->group->begin_s;
    }
}

/* The loop: `kind` and `own` (layers with their own timing) are constants in each copy. */
static PLAIN_ALWAYS_INLINE void run_layers(const plain_matrix *m, const plain_prepared *p, double parent,
                                           int kind, int own, double *out0, double *out1) {
    const double *begin = begin_times(m);
    const double *layer_begin = m->layer_begin_s, *layer_speed = m->layer_speed, *layer_offset = m->layer_offset_s;
    double duration = m->timing.duration_s;
    const plain_track *track = m->track;
    const plain_keyframes *k = m->keyframes;
    for (size_t i = 0; i < m->count; i++) {
        double layer_time = own ? (parent - layer_begin[i]) * layer_speed[i] + layer_offset[i] : parent;
        plain_sample s = plain_timing_sample(p, layer_time - begin[i]);
        double progress = s.position.progress;
        switch (kind) {
        case PLAIN_MATRIX_BASIC:
            out0[i] = s.in_effect ? plain_lerp(track->from[0][i], track->to[0][i], plain_curve_value(m->ease, progress))
                                  : track->model[0];
            break;
        case PLAIN_MATRIX_KEYFRAMES:
            if (!s.in_effect) {
                out0[i] = k->model[0];
            } else {
                double eased = k->ease != NULL ? plain_curve_value(k->ease, progress) : progress;
                out0[i] = plain_keyframe_scalar(k->blocks + i * k->stride, k, k->curves, eased);
            }
            break;
        case PLAIN_MATRIX_PATH: {
            double *position = out0 + 2 * i, *transform = out1 + 6 * i;
            if (!s.in_effect) {
                position[0] = k->model[0];
                position[1] = k->model[1];
                transform[0] = 1, transform[1] = 0, transform[2] = 0, transform[3] = 1, transform[4] = 0, transform[5] = 0;
            } else {
                plain_path_value(k->blocks + i * k->stride, k, progress, position, transform); /* paced: not eased */
            }
            break;
        }
        case PLAIN_MATRIX_RUNS: {
            const plain_runs *r = m->runs;
            size_t n = r->numbers;
            double *out = out0 + i * n;
            if (!s.in_effect) {
                for (size_t c = 0; c < n; c++) out[c] = r->model[c];
            } else {
                double eased = plain_curve_value(m->ease, progress);
                const double *from = r->from + i * n, *to = r->to + i * n;
                for (size_t c = 0; c < n; c++) out[c] = plain_lerp(from[c], to[c], eased);
            }
            break;
        }
        case PLAIN_MATRIX_SPRING:
            out0[i] = s.in_effect ? plain_spring_value(m->springs, i, progress * duration) : m->springs->model;
            break;
        case PLAIN_MATRIX_DECAY:
            if (!s.in_effect) {
                out0[2 * i] = m->decays->model[0];
                out0[2 * i + 1] = m->decays->model[1];
            } else {
                plain_decay_point(m->decays, i, progress * duration, out0 + 2 * i);
            }
            break;
        default: { /* the group: linear, so its children's time is progress x duration */
            const plain_group *g = m->group;
            if (!s.in_effect) {
                out0[2 * i] = g->position_model[0];
                out0[2 * i + 1] = g->position_model[1];
                out1[i] = g->opacity_model;
            } else {
                plain_group_children(g, i, progress * duration, out0 + 2 * i, &out1[i]);
            }
            break;
        }
        }
    }
}

/* Basic animations each held at its own local time (speed 0: local = e x 0 + timeOffset, the
 * timeOffset; always active once begun): the same sample for every frame, computed each frame as
 * the engine computes it. */
static void run_held(const plain_matrix *m, const plain_prepared *p, double *out0) {
    const double *held = m->held_local_s;
    const plain_track *track = m->track;
    for (size_t i = 0; i < m->count; i++) {
        plain_position position = plain_cycle_position(p, held[i], p->plays_backward);
        out0[i] = plain_lerp(track->from[0][i], track->to[0][i], plain_curve_value(m->ease, position.progress));
    }
}

void plain_matrix_run(const plain_matrix *m, double time_s, double *out0, double *out1) {
    plain_prepared p = plain_timing_prepare(&m->timing);
    if (m->held_local_s != NULL) {
        run_held(m, &p, out0);
        return;
    }
    double parent = plain_matrix_parent_time(m, time_s);
    int own = m->layer_speed != NULL;
#define PLAIN_MATRIX_LOOP(kind)                                          \
    do {                                                                 \
        if (own) run_layers(m, &p, parent, (kind), 1, out0, out1);       \
        else run_layers(m, &p, parent, (kind), 0, out0, out1);           \
    } while (0)
    switch (m->kind) {
    case PLAIN_MATRIX_BASIC: PLAIN_MATRIX_LOOP(PLAIN_MATRIX_BASIC); break;
    case PLAIN_MATRIX_KEYFRAMES: PLAIN_MATRIX_LOOP(PLAIN_MATRIX_KEYFRAMES); break;
    case PLAIN_MATRIX_PATH: PLAIN_MATRIX_LOOP(PLAIN_MATRIX_PATH); break;
    case PLAIN_MATRIX_SPRING: PLAIN_MATRIX_LOOP(PLAIN_MATRIX_SPRING); break;
    case PLAIN_MATRIX_DECAY: PLAIN_MATRIX_LOOP(PLAIN_MATRIX_DECAY); break;
    case PLAIN_MATRIX_RUNS: PLAIN_MATRIX_LOOP(PLAIN_MATRIX_RUNS); break;
    default: PLAIN_MATRIX_LOOP(PLAIN_MATRIX_GROUP); break;
    }
#undef PLAIN_MATRIX_LOOP
}
