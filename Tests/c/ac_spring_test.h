/*
 * ac_spring_test.h — the spring's closed form (animcore.h, Springs section; reference §6.5),
 * computed here independently of the library, for the spring tests (test_springs.c,
 * test_seed001_spring.c).
 */
#ifndef AC_SPRING_TEST_H
#define AC_SPRING_TEST_H

#include "ac_engine_test.h"

/* u(t), the normalised displacement from the target (u(0) = 1, u'(0) = -v0), and u'(t) into
   *out_du (may be NULL). */
static inline double spring_u(const ac_spring *s, double t, double *out_du) {
    double w0 = sqrt(s->stiffness / s->mass);
    double zeta = s->damping / (2 * sqrt(s->stiffness * s->mass));
    double v0 = s->initial_velocity, u, du;
    if (zeta < 1) {
        double wd = w0 * sqrt(1 - zeta * zeta), b = (zeta * w0 - v0) / wd, e = exp(-zeta * w0 * t);
        u = e * (cos(wd * t) + b * sin(wd * t));
        du = -zeta * w0 * u + e * (-wd * sin(wd * t) + b * wd * cos(wd * t));
    } else if (zeta == 1 || !s->allows_overdamping) {
        double e = exp(-w0 * t);
        u = (1 + (w0 - v0) * t) * e;
        du = (w0 - v0) * e - w0 * u;
    } else {
        double root = sqrt(zeta * zeta - 1);
        double r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root);
        double c1 = (-v0 - r2) / (r1 - r2), c2 = 1 - c1;
        u = c1 * exp(r1 * t) + c2 * exp(r2 * t);
        du = c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t);
    }
    if (out_du) *out_du = du;
    return u;
}

/* The value from -> to at time t: from + (to - from)(1 - u(t)); its velocity into *out_v. */
static inline double spring_value(const ac_spring *s, double from, double to, double t, double *out_v) {
    double du = 0, u = spring_u(s, t, &du);
    if (out_v) *out_v = -(to - from) * du;
    return from + (to - from) * (1 - u);
}

static inline ac_spring make_spring(double mass, double stiffness, double damping, double v0, int over) {
    ac_spring s;
    ac_spring_init(&s);
    s.mass = mass;
    s.stiffness = stiffness;
    s.damping = damping;
    s.initial_velocity = v0;
    s.allows_overdamping = over;
    return s;
}

/* A custom class "Springy" with scalar properties "x" and "y" (default 0), and one layer of it,
   committed by a tick at frame 0. */
static inline ac_layer springy_layer(ac_engine *engine) {
    ac_value zero = ac_value_scalar(0);
    ac_property_desc props[2];
    ac_class cls = 0;
    ac_layer layer;
    ac_property_desc_init(&props[0], "x", &zero);
    ac_property_desc_init(&props[1], "y", &zero);
    AC_CHECK_OK(ac_class_create(engine, "Springy", 0, props, 2, &cls));
    layer = new_layer(engine, cls);
    tick(engine, frame_time(0));
    return layer;
}

static inline double velocity_scalar(ac_engine *engine, ac_layer layer, const char *name) {
    ac_value v = ac_value_zeroed(-1);
    AC_CHECK_OK(ac_layer_get_presentation_velocity(engine, layer, key_of(engine, name), &v));
    AC_CHECK_EQ_INT(v.kind, AC_VALUE_SCALAR);
    return v.v[0];
}

#endif /* AC_SPRING_TEST_H */
