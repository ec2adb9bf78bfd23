/*
 * ac_keyframe_test.h — helpers shared by the keyframe, path, group and seed 003 path tests, on
 * top of ac_engine_test.h: building keyframe animations, the expected numbers computed here
 * (piecewise-linear keyframes, Kochanek-Bartels splines, cubic beziers), and frame times.
 */
#ifndef AC_KEYFRAME_TEST_H
#define AC_KEYFRAME_TEST_H

#include "ac_engine_test.h"

/* Elapsed time of frame k since T0, as the engine computes it (never k / 60 itself). */
static inline double frame_e(int k) { return frame_time(k) - T0; }

/* 1 when x is within 1e-9 of one of the count marks (frames on a boundary are skipped). */
static inline int near_any(double x, const double *marks, size_t count) {
    size_t i;
    for (i = 0; i < count; ++i)
        if (fabs(x - marks[i]) < 1e-9) return 1;
    return 0;
}

/* 1 when x is within 1e-9 of an integer. */
static inline int near_integer(double x) { return fabs(x - floor(x + 0.5)) < 1e-9; }

/* Sets the duration (and keeps the other defaults) of a description. */
static inline void set_duration(ac_engine *engine, ac_animation animation, double duration_s) {
    ac_timing timing = get_timing(engine, animation);
    timing.duration_s = duration_s;
    set_timing(engine, animation, timing);
}

/* A keyframe animation of key_path through count scalars (key_times NULL: none). */
static inline ac_animation keyframe_scalars(ac_engine *engine, const char *key_path,
                                            const double *values, size_t count,
                                            const double *key_times, size_t key_time_count,
                                            double duration_s) {
    ac_animation animation = 0;
    ac_value list[32];
    size_t i;
    AC_CHECK_OK(ac_animation_create_keyframe(engine, key_path, &animation));
    for (i = 0; i < count && i < 32; ++i) list[i] = ac_value_scalar(values[i]);
    AC_CHECK_OK(ac_animation_set_values(engine, animation, list, count));
    if (key_times != NULL)
        AC_CHECK_OK(ac_animation_set_key_times(engine, animation, key_times, key_time_count));
    set_duration(engine, animation, duration_s);
    return animation;
}

/* A keyframe animation of key_path through count points xy[2i], xy[2i + 1]. */
static inline ac_animation keyframe_points(ac_engine *engine, const char *key_path,
                                           const double *xy, size_t count, double duration_s) {
    ac_animation animation = 0;
    ac_value list[32];
    size_t i;
    AC_CHECK_OK(ac_animation_create_keyframe(engine, key_path, &animation));
    for (i = 0; i < count && i < 32; ++i) list[i] = ac_value_point(xy[2 * i], xy[2 * i + 1]);
    AC_CHECK_OK(ac_animation_set_values(engine, animation, list, count));
    set_duration(engine, animation, duration_s);
    return animation;
}

/* A keyframe animation of key_path along a path. */
static inline ac_animation keyframe_path(ac_engine *engine, const char *key_path,
                                         const ac_path_element *elements, size_t count,
                                         double duration_s) {
    ac_animation animation = 0;
    AC_CHECK_OK(ac_animation_create_keyframe(engine, key_path, &animation));
    AC_CHECK_OK(ac_animation_set_path(engine, animation, elements, count));
    set_duration(engine, animation, duration_s);
    return animation;
}

/* The named timing function (the test fails when the name is unknown). */
static inline ac_timing_function named_function(const char *name) {
    ac_timing_function f;
    memset(&f, 0, sizeof f);
    AC_CHECK_OK(ac_timing_function_named(name, &f));
    return f;
}

/* f(x) through the library's evaluator (checked on its own by test_timing_function). */
static inline double ease(const ac_timing_function *f, double x) {
    double y = NAN;
    AC_CHECK_OK(ac_timing_function_evaluate(f, x, 0, &y));
    return y;
}

/* The segment of progress p among count key times: i with kt[i] <= p < kt[i + 1], and the
   local fraction s in [0, 1]; p at or beyond the last key time is the end of the last segment. */
static inline size_t find_segment(const double *kt, size_t count, double p, double *out_s) {
    size_t i;
    if (p <= kt[0]) {
        *out_s = 0;
        return 0;
    }
    if (p >= kt[count - 1]) {
        *out_s = 1;
        return count - 2;
    }
    for (i = 0; i + 1 < count; ++i) {
        if (p >= kt[i] && p < kt[i + 1]) {
            *out_s = (p - kt[i]) / (kt[i + 1] - kt[i]);
            return i;
        }
    }
    *out_s = 1;
    return count - 2;
}

/* Even key times i / (count - 1). */
static inline void even_key_times(double *kt, size_t count) {
    size_t i;
    for (i = 0; i < count; ++i) kt[i] = count > 1 ? (double)i / (double)(count - 1) : 0;
}

/* The linear keyframe value at progress p (kt NULL: even spacing); functions[i] (NULL: none)
   eases segment i. */
static inline double linear_keyframes(const double *values, const double *kt_given, size_t count,
                                      const ac_timing_function *functions, size_t function_count,
                                      double p) {
    double kt[32], s;
    size_t i;
    if (kt_given) memcpy(kt, kt_given, count * sizeof(double));
    else even_key_times(kt, count);
    i = find_segment(kt, count, p, &s);
    if (functions != NULL && i < function_count) s = ease(&functions[i], s);
    return values[i] + (values[i + 1] - values[i]) * s;
}

/* The discrete value at progress p: count values with count + 1 key times (NULL: i / count). */
static inline double discrete_keyframes(const double *values, const double *kt_given, size_t count,
                                        double p) {
    size_t i;
    double kt[33];
    if (kt_given) memcpy(kt, kt_given, (count + 1) * sizeof(double));
    else
        for (i = 0; i <= count; ++i) kt[i] = (double)i / (double)count;
    for (i = count; i-- > 0;)
        if (p >= kt[i]) return values[i];
    return values[0];
}

/*
 * The Kochanek-Bartels spline through count scalars at even key times, at progress p, with
 * tension, continuity and bias per keyframe (NULL: 0) and the end values duplicated:
 *   d_i+ = ((1-T)(1+B)(1+C)/2)(P_i - P_i-1) + ((1-T)(1-B)(1-C)/2)(P_i+1 - P_i)   (outgoing)
 *   d_i- = ((1-T)(1+B)(1-C)/2)(P_i - P_i-1) + ((1-T)(1-B)(1+C)/2)(P_i+1 - P_i)   (incoming)
 * and segment i the cubic Hermite from P_i (tangent d_i+) to P_i+1 (tangent d_i+1-).
 */
static inline double kb_spline(const double *values, size_t count, const double *tension,
                               const double *continuity, const double *bias, double p) {
    double kt[32], s, d_out = 0, d_in = 0;
    size_t i, j;
    even_key_times(kt, count);
    i = find_segment(kt, count, p, &s);
    for (j = i; j <= i + 1; ++j) {
        double prev = values[j > 0 ? j - 1 : 0], here = values[j];
        double next = values[j + 1 < count ? j + 1 : count - 1];
        double t = tension ? tension[j] : 0, c = continuity ? continuity[j] : 0, b = bias ? bias[j] : 0;
        if (j == i)
            d_out = (1 - t) * (1 + b) * (1 + c) / 2 * (here - prev) + (1 - t) * (1 - b) * (1 - c) / 2 * (next - here);
        else
            d_in = (1 - t) * (1 + b) * (1 - c) / 2 * (here - prev) + (1 - t) * (1 - b) * (1 + c) / 2 * (next - here);
    }
    {
        double s2 = s * s, s3 = s2 * s;
        return (2 * s3 - 3 * s2 + 1) * values[i] + (s3 - 2 * s2 + s) * d_out +
               (-2 * s3 + 3 * s2) * values[i + 1] + (s3 - s2) * d_in;
    }
}

/* A cubic bezier (p0, c1, c2, p3 as x, y pairs) at u: the point and the derivative. */
static inline void bezier_at(const double *b, double u, double *x, double *y, double *dx, double *dy) {
    double v = 1 - u;
    int k;
    double out[2], der[2];
    for (k = 0; k < 2; ++k) {
        out[k] = v * v * v * b[k] + 3 * v * v * u * b[2 + k] + 3 * v * u * u * b[4 + k] + u * u * u * b[6 + k];
        der[k] = 3 * v * v * (b[2 + k] - b[k]) + 6 * v * u * (b[4 + k] - b[2 + k]) + 3 * u * u * (b[6 + k] - b[4 + k]);
    }
    *x = out[0];
    *y = out[1];
    if (dx) *dx = der[0];
    if (dy) *dy = der[1];
}

/* The presentation point at key (position), as x, y. */
static inline void presentation_point(ac_engine *engine, ac_layer layer, const char *key, double *x,
                                      double *y) {
    ac_value v = presentation_value(engine, layer, key);
    AC_CHECK_EQ_INT(v.kind, AC_VALUE_POINT);
    *x = v.v[0];
    *y = v.v[1];
}

/* Angles a and b agree modulo 2 pi (compared through cos and sin). */
static inline int same_angle(double a, double b, double tol) {
    return fabs(cos(a) - cos(b)) <= tol && fabs(sin(a) - sin(b)) <= tol;
}
#define AC_CHECK_ANGLE(a, b, tol)                                                              \
    (ac_test_record(same_angle((a), (b), (tol)), __FILE__, __LINE__, "AC_CHECK_ANGLE",         \
                    #a ", " #b)                                                                \
         ? 1                                                                                   \
         : (printf("    left = %.17g, right = %.17g\n", (double)(a), (double)(b)), 0))

#endif /* AC_KEYFRAME_TEST_H */
