/*
 * plain_engine.c — the plain-C baseline of the engine benchmark: a struct-of-arrays loop doing
 * the timing evaluation, the easeInEaseOut bezier solve and the lerp for every animation (see
 * plain_engine.h; the per-layer math is inline there, shared with plain_matrix.c). Compiled with
 * -ffp-contract=off, like the engine's Swift (no fused multiply-adds), so both sides round alike.
 */
#include "plain_engine.h"

#include <math.h>
#include <stdlib.h>

/* ---- Unit cubic bezier (the constants of UnitBezier.Solver) -------------------------------- */

plain_curve plain_curve_make(double x1, double y1, double x2, double y2) {
    plain_curve c;
    c.cx = 3 * x1;
    c.bx = 3 * (x2 - x1) - c.cx;
    c.ax = 1 - c.cx - c.bx;
    c.cy = 3 * y1;
    c.by = 3 * (y2 - y1) - c.cy;
    c.ay = 1 - c.cy - c.by;
    return c;
}

double plain_curve_bisect(const plain_curve *c, double x) {
    double low = 0.0, high = 1.0, t = x;
    for (int i = 0; i < PLAIN_BISECTION_ITERATION_LIMIT; i++) {
        double sample = plain_curve_sample_x(c, t);
        if (fabs(sample - x) < PLAIN_SOLVER_TOLERANCE) return t;
        if (sample < x) low = t; else high = t;
        t = (low + high) * 0.5;
        if (t == low || t == high) break;
    }
    return t;
}

/* The eased fraction of a one-shot animation at time_s, or -1 when it is not in effect. */
static inline double fraction_at(const plain_curve *c, double begin_s, double duration_s,
                                 double time_s) {
    double elapsed = time_s - begin_s;
    if (elapsed < 0 || elapsed >= duration_s) return -1;
    return plain_curve_value(c, elapsed / duration_s);
}

/* ---- Tracks --------------------------------------------------------------------------------- */

int plain_track_alloc(plain_track *track, size_t count, int components, double duration_s) {
    *track = (plain_track){0};
    track->count = count;
    track->components = components;
    track->duration_s = duration_s;
    track->begin_s = calloc(count, sizeof(double));
    int ok = track->begin_s != NULL;
    for (int c = 0; c < components; c++) {
        track->from[c] = calloc(count, sizeof(double));
        track->to[c] = calloc(count, sizeof(double));
        ok = ok && track->from[c] != NULL && track->to[c] != NULL;
    }
    return ok;
}

void plain_track_free(plain_track *track) {
    free(track->begin_s);
    for (int c = 0; c < PLAIN_MAX_COMPONENTS; c++) {
        free(track->from[c]);
        free(track->to[c]);
    }
    *track = (plain_track){0};
}

/* ---- The loops ------------------------------------------------------------------------------ */

void plain_engine_scalar(const plain_track *s, const plain_curve *curve, double time_s,
                         double *out) {
    const double *begin = s->begin_s, *from = s->from[0], *to = s->to[0];
    double duration = s->duration_s, model = s->model[0];
    for (size_t i = 0; i < s->count; i++) {
        double f = fraction_at(curve, begin[i], duration, time_s);
        out[i] = f < 0 ? model : plain_lerp(from[i], to[i], f);
    }
}

void plain_engine_runs(const plain_runs *r, size_t count, double duration_s, const plain_curve *curve,
                       double time_s, double *out) {
    size_t n = r->numbers;
    for (size_t i = 0; i < count; i++) {
        double f = fraction_at(curve, r->begin_s[i], duration_s, time_s);
        const double *from = r->from + i * n, *to = r->to + i * n;
        double *run = out + i * n;
        if (f < 0) {
            for (size_t k = 0; k < n; k++) run[k] = r->model[k];
        } else {
            for (size_t k = 0; k < n; k++) run[k] = plain_lerp(from[k], to[k], f);
        }
    }
}

/* Writes a track's value for layer i (its `components` components, a constant once inlined)
 * into out[0..components). */
static inline void track_value(const plain_track *t, int components, const plain_curve *curve,
                               size_t i, double time_s, double *out) {
    double f = fraction_at(curve, t->begin_s[i], t->duration_s, time_s);
    for (int c = 0; c < components; c++)
        out[c] = f < 0 ? t->model[c] : plain_lerp(t->from[c][i], t->to[c][i], f);
}

void plain_engine_four(const plain_track *position, const plain_track *bounds,
                       const plain_track *rotation, const plain_track *color,
                       const plain_curve *curve, double time_s, double *out_position,
                       double *out_bounds, double *out_transform, double *out_color) {
    size_t count = position->count;
    for (size_t i = 0; i < count; i++) {
        track_value(position, 2, curve, i, time_s, out_position + 2 * i);
        track_value(bounds, 4, curve, i, time_s, out_bounds + 4 * i);
        double angle;
        track_value(rotation, 1, curve, i, time_s, &angle);
        plain_rotation_2d(angle, out_transform + 6 * i);
        track_value(color, 4, curve, i, time_s, out_color + 4 * i);
    }
}

/* ---- Keyframes ------------------------------------------------------------------------------ */

int plain_keyframes_alloc(plain_keyframes *k, size_t count, int mode, int slots, int keyframes,
                          double duration_s, const plain_curve *ease) {
    *k = (plain_keyframes){0};
    k->count = count;
    k->slots = slots;
    k->keyframes = keyframes;
    k->curves = mode != PLAIN_LINEAR && keyframes > 1;
    k->paced = mode == PLAIN_PACED_PATH;
    k->duration_s = duration_s;
    k->ease = ease;
    size_t segments = keyframes > 1 ? (size_t)keyframes - 1 : 0;
    size_t points = k->curves ? segments * 4 * (size_t)slots : (size_t)keyframes * (size_t)slots;
    k->points = 0;
    k->key_times = points;
    k->arc_tables = k->paced ? points + (size_t)keyframes : 0;
    k->stride = points + (size_t)keyframes + (k->paced ? segments * (PLAIN_ARC_SAMPLES + 1) : 0);
    k->begin_s = calloc(count, sizeof(double));
    k->blocks = calloc(count * k->stride, sizeof(double));
    return k->begin_s != NULL && k->blocks != NULL;
}

void plain_keyframes_free(plain_keyframes *k) {
    free(k->begin_s);
    free(k->blocks);
    *k = (plain_keyframes){0};
}

/*
 * The Kochanek-Bartels spline with tension, continuity and bias 0 (Catmull-Rom) through n
 * values of `slots` numbers, end values duplicated, tangents scaled for the key times, as n - 1
 * cubic beziers: KeyframeCurve.kochanekBartels with its arithmetic in its order.
 */
static void catmull_rom(const double *values, int slots, int n, const double *times, double *out) {
#define POINT(index) (values + (size_t)((index) < 0 ? 0 : (index) > n - 1 ? n - 1 : (index)) * (size_t)slots)
#define INTERVAL(index) (times[((index) < 0 ? 0 : (index) > n - 2 ? n - 2 : (index)) + 1] - \
                         times[(index) < 0 ? 0 : (index) > n - 2 ? n - 2 : (index)])
    double leaving[PLAIN_MAX_COMPONENTS], outgoing[PLAIN_MAX_COMPONENTS], incoming[PLAIN_MAX_COMPONENTS];
    for (int index = 0; index < n; index++) {
        const double *before = POINT(index - 1), *here = POINT(index), *after = POINT(index + 1);
        double previous = INTERVAL(index - 1), next = INTERVAL(index);
        double sum = previous + next;
        double out_scale = sum > 0 ? 2 * next / sum : 1;
        double in_scale = sum > 0 ? 2 * previous / sum : 1;
        for (int s = 0; s < slots; s++) {
            double left = here[s] - before[s], right = after[s] - here[s];
            /* (1 - t)(1 + b)(1 + c) / 2 = (1 - t)(1 - b)(1 - c) / 2 = 0.5 exactly */
            outgoing[s] = out_scale * (0.5 * left + 0.5 * right);
            incoming[s] = in_scale * (0.5 * left + 0.5 * right);
        }
        if (index > 0) { /* segment index - 1: start, start + leaving / 3, end - incoming / 3, end */
            const double *start = POINT(index - 1), *end = here;
            double *segment = out + (size_t)(index - 1) * 4 * (size_t)slots;
            for (int s = 0; s < slots; s++) {
                segment[s] = start[s];
                segment[slots + s] = start[s] + leaving[s] / 3;
                segment[2 * slots + s] = end[s] - incoming[s] / 3;
                segment[3 * slots + s] = end[s];
            }
        }
        for (int s = 0; s < slots; s++) leaving[s] = outgoing[s];
    }
#undef POINT
#undef INTERVAL
}

void plain_keyframes_set_values(plain_keyframes *k, size_t i, const double *values,
                                const double *key_times) {
    double *block = k->blocks + i * k->stride;
    size_t numbers = (size_t)k->keyframes * (size_t)k->slots;
    if (k->curves) catmull_rom(values, k->slots, k->keyframes, key_times, block + k->points);
    else for (size_t j = 0; j < numbers; j++) block[k->points + j] = values[j];
    for (int j = 0; j < k->keyframes; j++) block[k->key_times + (size_t)j] = key_times[j];
}

void plain_keyframes_set_path(plain_keyframes *k, size_t i, const double *segments) {
    double *block = k->blocks + i * k->stride;
    int count = k->keyframes, slots = k->slots;
    for (size_t j = 0; j < (size_t)(count - 1) * 8; j++) block[k->points + j] = segments[j];
    /* KeyframeCurve.arcTable per segment, normalised; the lengths give the paced key times. */
    double lengths[64], total = 0;
    for (int segment = 0; segment < count - 1 && segment < 64; segment++) {
        const double *curve = block + k->points + (size_t)segment * 4 * (size_t)slots;
        double *table = block + k->arc_tables + (size_t)segment * (PLAIN_ARC_SAMPLES + 1);
        double previous[PLAIN_MAX_COMPONENTS], current[PLAIN_MAX_COMPONENTS], length = 0;
        plain_bezier_point(curve, slots, 0, previous);
        table[0] = 0;
        for (int sample = 1; sample <= PLAIN_ARC_SAMPLES; sample++) {
            plain_bezier_point(curve, slots, (double)sample / (double)PLAIN_ARC_SAMPLES, current);
            double sum = 0.0;
            for (int s = 0; s < slots; s++) sum += (current[s] - previous[s]) * (current[s] - previous[s]);
            length += sqrt(sum);
            table[sample] = length;
            for (int s = 0; s < slots; s++) previous[s] = current[s];
        }
        for (int sample = 0; sample <= PLAIN_ARC_SAMPLES; sample++)
            table[sample] = length > 0 ? table[sample] / length : 0;
        lengths[segment] = length;
    }
    /* KeyframeCurve.pacedKeyTimes */
    double *times = block + k->key_times;
    for (int segment = 0; segment < count - 1; segment++) total += lengths[segment];
    if (total > 0 && isfinite(total)) {
        double sum = 0;
        times[0] = 0;
        for (int segment = 0; segment < count - 1; segment++) {
            sum += lengths[segment];
            times[segment + 1] = fmin(sum / total, 1);
        }
        times[count - 1] = 1;
    } else {
        for (int j = 0; j < count; j++) times[j] = count > 1 ? (double)j / (double)(count - 1) : 0;
    }
}

/* The progress of a one-shot animation at time_s (before its timing function), or -1 when it
 * is not in effect (fill removed). */
static inline double progress_at(double begin_s, double duration_s, double time_s) {
    double elapsed = time_s - begin_s;
    if (elapsed < 0 || elapsed >= duration_s) return -1;
    return elapsed / duration_s;
}

static void keyframe_scalar_loop(const plain_keyframes *k, int curves, double time_s, double *out) {
    const double *begin = k->begin_s, *blocks = k->blocks;
    double duration = k->duration_s, model = k->model[0];
    size_t stride = k->stride;
    const plain_curve *ease = k->ease;
    for (size_t i = 0; i < k->count; i++) {
        double progress = progress_at(begin[i], duration, time_s);
        if (progress < 0) {
            out[i] = model;
            continue;
        }
        double p = ease != NULL ? plain_curve_value(ease, progress) : progress;
        out[i] = plain_keyframe_scalar(blocks + i * stride, k, curves, p);
    }
}

void plain_engine_keyframe_scalar(const plain_keyframes *k, double time_s, double *out) {
    if (k->keyframes < 2) return;
    if (k->curves) keyframe_scalar_loop(k, 1, time_s, out);
    else keyframe_scalar_loop(k, 0, time_s, out);
}

void plain_engine_path(const plain_keyframes *k, double time_s, double *out_position,
                       double *out_transform) {
    const double *begin = k->begin_s, *blocks = k->blocks;
    double duration = k->duration_s;
    size_t stride = k->stride;
    for (size_t i = 0; i < k->count; i++) {
        double *position = out_position + 2 * i, *m = out_transform + 6 * i;
        double p = progress_at(begin[i], duration, time_s); /* paced: no timing function */
        if (p < 0) {
            position[0] = k->model[0];
            position[1] = k->model[1];
            m[0] = 1, m[1] = 0, m[2] = 0, m[3] = 1, m[4] = 0, m[5] = 0;
            continue;
        }
        plain_path_value(blocks + i * stride, k, p, position, m);
    }
}

/* ---- Groups --------------------------------------------------------------------------------- */

int plain_group_alloc(plain_group *g, size_t count, double duration_s, const plain_curve *ease) {
    *g = (plain_group){0};
    g->count = count;
    g->duration_s = duration_s;
    g->ease = ease;
    g->begin_s = calloc(count, sizeof(double));
    g->opacity_from = calloc(count, sizeof(double));
    g->opacity_to = calloc(count, sizeof(double));
    int ok = g->begin_s != NULL && g->opacity_from != NULL && g->opacity_to != NULL;
    for (int c = 0; c < 2; c++) {
        g->position_from[c] = calloc(count, sizeof(double));
        g->position_to[c] = calloc(count, sizeof(double));
        ok = ok && g->position_from[c] != NULL && g->position_to[c] != NULL;
    }
    return ok;
}

void plain_group_free(plain_group *g) {
    free(g->begin_s);
    free(g->opacity_from);
    free(g->opacity_to);
    for (int c = 0; c < 2; c++) {
        free(g->position_from[c]);
        free(g->position_to[c]);
    }
    *g = (plain_group){0};
}

void plain_engine_group(const plain_group *g, double time_s, double *out_position,
                        double *out_opacity) {
    const double *begin = g->begin_s;
    double duration = g->duration_s;
    for (size_t i = 0; i < g->count; i++) {
        double *position = out_position + 2 * i;
        double progress = progress_at(begin[i], duration, time_s); /* the group: linear, fill removed */
        if (progress < 0) {
            position[0] = g->position_model[0];
            position[1] = g->position_model[1];
            out_opacity[i] = g->opacity_model;
            continue;
        }
        plain_group_children(g, i, progress * duration, position, &out_opacity[i]);
    }
}

/* ---- Springs -------------------------------------------------------------------------------- */

int plain_springs_alloc(plain_springs *s, size_t count, double duration_s) {
    *s = (plain_springs){0};
    s->count = count;
    s->duration_s = duration_s;
    double **arrays[] = {&s->begin_s, &s->from, &s->to, &s->decay, &s->damped, &s->ratio, &s->v0};
    int ok = 1;
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++) {
        *arrays[k] = calloc(count, sizeof(double));
        ok = ok && *arrays[k] != NULL;
    }
    return ok;
}

void plain_springs_free(plain_springs *s) {
    free(s->begin_s);
    free(s->from);
    free(s->to);
    free(s->decay);
    free(s->damped);
    free(s->ratio);
    free(s->v0);
    *s = (plain_springs){0};
}

void plain_springs_set(plain_springs *s, size_t i, double mass, double stiffness, double damping,
                       double initial_velocity) {
    /* Spring.naturalFrequency, .dampingRatio and SpringResponse.init, in their order. */
    double omega = sqrt(stiffness / mass);
    double zeta = damping / (2 * sqrt(stiffness * mass));
    double decay = zeta * omega;
    double damped = omega * sqrt(1 - zeta * zeta);
    s->decay[i] = decay;
    s->damped[i] = damped;
    s->ratio[i] = decay / damped;
    s->v0[i] = initial_velocity;
}

void plain_engine_spring(const plain_springs *s, double time_s, double *out) {
    const double *begin = s->begin_s;
    double duration = s->duration_s, model = s->model;
    for (size_t i = 0; i < s->count; i++) {
        double progress = progress_at(begin[i], duration, time_s);
        if (progress < 0) {
            out[i] = model;
            continue;
        }
        out[i] = plain_spring_value(s, i, progress * duration);
    }
}

/* ---- Decays --------------------------------------------------------------------------------- */

int plain_decays_alloc(plain_decays *d, size_t count, double duration_s, double rate) {
    *d = (plain_decays){0};
    d->count = count;
    d->duration_s = duration_s;
    d->exponent = 1000 * log(rate); /* DecayParameters.exponent */
    double **arrays[] = {&d->begin_s, &d->from[0], &d->from[1], &d->velocity[0], &d->velocity[1]};
    int ok = 1;
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++) {
        *arrays[k] = calloc(count, sizeof(double));
        ok = ok && *arrays[k] != NULL;
    }
    return ok;
}

void plain_decays_free(plain_decays *d) {
    free(d->begin_s);
    for (int c = 0; c < 2; c++) {
        free(d->from[c]);
        free(d->velocity[c]);
    }
    *d = (plain_decays){0};
}

void plain_engine_decay(const plain_decays *d, double time_s, double *out) {
    const double *begin = d->begin_s;
    double duration = d->duration_s;
    for (size_t i = 0; i < d->count; i++) {
        double *point = out + 2 * i;
        double progress = progress_at(begin[i], duration, time_s);
        if (progress < 0) {
            point[0] = d->model[0];
            point[1] = d->model[1];
            continue;
        }
        plain_decay_point(d, i, progress * duration, point);
    }
}
