/* CAShapeLayer's shape and CAGradientLayer's gradient drawn with Cairo (see compositor_shape.h). */
#include "compositor_shape.h"

#include <math.h>
#include <stdlib.h>

static ac_key key_of(ac_engine *engine, const char *name) {
    ac_key key = 0;
    if (ac_engine_key(engine, name, &key) != AC_OK) return 0;
    return key;
}

void compositor_layer_keys_init(ac_engine *engine, compositor_layer_keys *keys) {
    keys->path = key_of(engine, "path");
    keys->fill_color = key_of(engine, "fillColor");
    keys->fill_rule = key_of(engine, "fillRule");
    keys->stroke_color = key_of(engine, "strokeColor");
    keys->stroke_start = key_of(engine, "strokeStart");
    keys->stroke_end = key_of(engine, "strokeEnd");
    keys->line_width = key_of(engine, "lineWidth");
    keys->miter_limit = key_of(engine, "miterLimit");
    keys->line_cap = key_of(engine, "lineCap");
    keys->line_join = key_of(engine, "lineJoin");
    keys->line_dash_phase = key_of(engine, "lineDashPhase");
    keys->line_dash_pattern = key_of(engine, "lineDashPattern");
    keys->colors = key_of(engine, "colors");
    keys->locations = key_of(engine, "locations");
    keys->start_point = key_of(engine, "startPoint");
    keys->end_point = key_of(engine, "endPoint");
    keys->type = key_of(engine, "type");
}

int compositor_layer_kind(ac_engine *engine, const compositor_layer_keys *keys, ac_layer layer) {
    size_t count = 0;
    ac_status status = ac_layer_get_path(engine, layer, keys->path, 1, NULL, 0, &count);
    if ((status == AC_OK || status == AC_ERR_BUFFER_TOO_SMALL) && count > 0) return COMPOSITOR_SHAPE;
    status = ac_layer_get_colors(engine, layer, keys->colors, 1, NULL, 0, &count);
    if ((status == AC_OK || status == AC_ERR_BUFFER_TOO_SMALL) && count > 0) return COMPOSITOR_GRADIENT;
    return COMPOSITOR_PLAIN;
}

/* A presentation value of the layer; fallback when it cannot be read. */
static ac_value presented(ac_engine *engine, ac_layer layer, ac_key key, ac_value fallback) {
    ac_value value;
    if (ac_layer_get_presentation_value(engine, layer, key, &value) != AC_OK) return fallback;
    return value;
}

static double presented_scalar(ac_engine *engine, ac_layer layer, ac_key key, double fallback) {
    return presented(engine, layer, key, ac_value_scalar(fallback)).v[0];
}

/* ---- Shapes -------------------------------------------------------------------------------- */

/* The presentation path (malloc'd, *count elements); NULL when empty or unreadable. */
static ac_path_element *read_path(ac_engine *engine, ac_layer layer, ac_key key, size_t *count) {
    if (ac_layer_get_path(engine, layer, key, 1, NULL, 0, count) != AC_ERR_BUFFER_TOO_SMALL) return NULL;
    ac_path_element *elements = malloc(*count * sizeof *elements);
    if (elements != NULL && ac_layer_get_path(engine, layer, key, 1, elements, *count, count) != AC_OK) {
        free(elements);
        return NULL;
    }
    return elements;
}

/* The path as Cairo's (a quadratic curve raised to the cubic through the same points). */
static void build_path(cairo_t *cr, const ac_path_element *elements, size_t count) {
    double x = 0.0, y = 0.0;
    cairo_new_path(cr);
    cairo_move_to(cr, 0.0, 0.0); /* an element before any move-to starts from (0, 0) */
    for (size_t i = 0; i < count; i++) {
        const double *p = elements[i].points;
        switch (elements[i].type) {
        case AC_PATH_MOVE_TO: cairo_move_to(cr, p[0], p[1]); break;
        case AC_PATH_LINE_TO: cairo_line_to(cr, p[0], p[1]); break;
        case AC_PATH_QUAD_CURVE_TO:
            cairo_curve_to(cr, x + 2.0 / 3.0 * (p[0] - x), y + 2.0 / 3.0 * (p[1] - y),
                           p[2] + 2.0 / 3.0 * (p[0] - p[2]), p[3] + 2.0 / 3.0 * (p[1] - p[3]), p[2], p[3]);
            break;
        case AC_PATH_CURVE_TO: cairo_curve_to(cr, p[0], p[1], p[2], p[3], p[4], p[5]); break;
        default: cairo_close_path(cr); break;
        }
        cairo_get_current_point(cr, &x, &y);
    }
}

/* The stroked part of a flattened path: [from, to] of its arc length (to < 0: measure only). */
typedef struct trim {
    cairo_t *cr;
    double from, to, length; /* length: the arc length walked so far */
    double x, y;             /* the current point */
    int drawing;             /* the last line ended inside [from, to]: the next one continues it */
} trim;

static void trim_move(trim *t, double x, double y) {
    t->x = x;
    t->y = y;
    t->drawing = 0;
}

/* A line from the current point to (x, y): its part inside [from, to] drawn. */
static void trim_line(trim *t, double x, double y) {
    double dx = x - t->x, dy = y - t->y, l = sqrt(dx * dx + dy * dy);
    double start = t->length, end = t->length + l;
    if (t->to >= 0.0 && l > 0.0) {
        double lo = t->from > start ? t->from : start, hi = t->to < end ? t->to : end;
        if (hi > lo) {
            double f0 = (lo - start) / l, f1 = (hi - start) / l;
            if (!(t->drawing && lo == start)) cairo_move_to(t->cr, t->x + f0 * dx, t->y + f0 * dy);
            cairo_line_to(t->cr, t->x + f1 * dx, t->y + f1 * dy);
            t->drawing = hi == end;
        } else {
            t->drawing = 0;
        }
    }
    t->length = end;
    t->x = x;
    t->y = y;
}

/* The path walked as lines: curves in COMPOSITOR_CURVE_STEPS steps of their parameter. */
static void flatten(trim *t, const ac_path_element *elements, size_t count) {
    double sx = 0.0, sy = 0.0;
    trim_move(t, 0.0, 0.0);
    for (size_t i = 0; i < count; i++) {
        const double *p = elements[i].points;
        double x0 = t->x, y0 = t->y;
        int type = elements[i].type;
        if (type == AC_PATH_MOVE_TO) {
            trim_move(t, p[0], p[1]);
            sx = p[0];
            sy = p[1];
        } else if (type == AC_PATH_LINE_TO) {
            trim_line(t, p[0], p[1]);
        } else if (type == AC_PATH_QUAD_CURVE_TO) {
            for (int k = 1; k <= COMPOSITOR_CURVE_STEPS; k++) {
                double s = (double)k / COMPOSITOR_CURVE_STEPS, r = 1.0 - s;
                trim_line(t, r * r * x0 + 2.0 * r * s * p[0] + s * s * p[2],
                          r * r * y0 + 2.0 * r * s * p[1] + s * s * p[3]);
            }
        } else if (type == AC_PATH_CURVE_TO) {
            for (int k = 1; k <= COMPOSITOR_CURVE_STEPS; k++) {
                double s = (double)k / COMPOSITOR_CURVE_STEPS, r = 1.0 - s;
                double a = r * r * r, b = 3.0 * r * r * s, c = 3.0 * r * s * s, d = s * s * s;
                trim_line(t, a * x0 + b * p[0] + c * p[2] + d * p[4], a * y0 + b * p[1] + c * p[3] + d * p[5]);
            }
        } else {
            trim_line(t, sx, sy);
        }
    }
}

/* The stroked part of the path as cr's path: all of it, or the trimmed polyline. */
static void stroked_path(cairo_t *cr, const ac_path_element *elements, size_t count, double start,
                         double end) {
    if (start <= 0.0 && end >= 1.0) {
        build_path(cr, elements, count);
        return;
    }
    trim measure = {cr, 0.0, -1.0, 0.0, 0.0, 0.0, 0};
    flatten(&measure, elements, count);
    trim part = {cr, start * measure.length, end * measure.length, 0.0, 0.0, 0.0, 0};
    cairo_new_path(cr);
    flatten(&part, elements, count);
}

static double clamp01(double v) { return v < 0.0 ? 0.0 : (v > 1.0 ? 1.0 : v); }

/* lineDashPattern with lineDashPhase, or solid (a pattern with a negative number, or summing
 * to 0, stands for solid: Cairo refuses it). */
static void set_dash(ac_engine *engine, const compositor_layer_keys *keys, ac_layer layer, cairo_t *cr) {
    size_t count = 0;
    double total = 0.0;
    cairo_set_dash(cr, NULL, 0, 0.0);
    if (ac_layer_get_numbers(engine, layer, keys->line_dash_pattern, 1, NULL, 0, &count) !=
        AC_ERR_BUFFER_TOO_SMALL)
        return;
    double *dashes = malloc(count * sizeof *dashes);
    if (dashes == NULL) return;
    if (ac_layer_get_numbers(engine, layer, keys->line_dash_pattern, 1, dashes, count, &count) == AC_OK) {
        int valid = 1;
        for (size_t i = 0; i < count; i++) {
            if (dashes[i] < 0.0) valid = 0;
            total += dashes[i];
        }
        if (valid && total > 0.0)
            cairo_set_dash(cr, dashes, (int)count,
                           presented_scalar(engine, layer, keys->line_dash_phase, 0.0));
    }
    free(dashes);
}

static const cairo_line_cap_t CAPS[] = {CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE};
static const cairo_line_join_t JOINS[] = {CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL};

/* The stroke's style: width, cap, join, miter limit and dash. */
static void set_stroke_style(ac_engine *engine, const compositor_layer_keys *keys, ac_layer layer,
                             cairo_t *cr, double width) {
    int64_t cap = presented(engine, layer, keys->line_cap, ac_value_integer(0)).i;
    int64_t join = presented(engine, layer, keys->line_join, ac_value_integer(0)).i;
    double miter = presented_scalar(engine, layer, keys->miter_limit, 10.0);
    cairo_set_line_width(cr, width);
    cairo_set_line_cap(cr, CAPS[cap >= 0 && cap <= 2 ? cap : 0]);
    cairo_set_line_join(cr, JOINS[join >= 0 && join <= 2 ? join : 0]);
    cairo_set_miter_limit(cr, miter > 1.0 ? miter : 1.0);
    set_dash(engine, keys, layer, cr);
}

/* A colour value multiplied by tint and alpha, as cr's source. */
static void set_tinted(cairo_t *cr, const double *color, const double *tint, double alpha) {
    cairo_set_source_rgba(cr, color[0] * tint[0], color[1] * tint[1], color[2] * tint[2],
                          color[3] * tint[3] * alpha);
}

void compositor_draw_shape(ac_engine *engine, const compositor_layer_keys *keys, ac_layer layer,
                           cairo_t *cr, const double *tint, double alpha) {
    size_t count = 0;
    ac_path_element *elements = read_path(engine, layer, keys->path, &count);
    if (elements == NULL) return;
    ac_value fill = presented(engine, layer, keys->fill_color, ac_value_color(0, 0, 0, 1));
    ac_value stroke = presented(engine, layer, keys->stroke_color, ac_value_color(0, 0, 0, 0));
    int64_t rule = presented(engine, layer, keys->fill_rule, ac_value_integer(0)).i;
    double width = presented_scalar(engine, layer, keys->line_width, 1.0);
    double start = clamp01(presented_scalar(engine, layer, keys->stroke_start, 0.0));
    double end = clamp01(presented_scalar(engine, layer, keys->stroke_end, 1.0));
    cairo_save(cr);
    if (fill.v[3] > 0.0) {
        build_path(cr, elements, count);
        cairo_set_fill_rule(cr, rule == AC_FILL_RULE_EVEN_ODD ? CAIRO_FILL_RULE_EVEN_ODD
                                                              : CAIRO_FILL_RULE_WINDING);
        set_tinted(cr, fill.v, tint, alpha);
        cairo_fill(cr);
    }
    if (stroke.v[3] > 0.0 && width > 0.0 && start < end) {
        stroked_path(cr, elements, count, start, end);
        set_stroke_style(engine, keys, layer, cr, width);
        set_tinted(cr, stroke.v, tint, alpha);
        cairo_stroke(cr);
    }
    cairo_new_path(cr);
    cairo_restore(cr);
    free(elements);
}

/* ---- Gradients ----------------------------------------------------------------------------- */

/* The gradient's stops: n colours (rgba, 4 each) at offsets (malloc'd together). */
typedef struct stops {
    size_t n;
    double *rgba, *at;
} stops;

static int read_stops(ac_engine *engine, const compositor_layer_keys *keys, ac_layer layer, stops *s) {
    size_t n = 0, m = 0;
    if (ac_layer_get_colors(engine, layer, keys->colors, 1, NULL, 0, &n) != AC_ERR_BUFFER_TOO_SMALL) return 0;
    s->n = n;
    s->rgba = malloc(5 * n * sizeof(double));
    if (s->rgba == NULL) return 0;
    s->at = s->rgba + 4 * n;
    if (ac_layer_get_colors(engine, layer, keys->colors, 1, s->rgba, n, &n) != AC_OK || n != s->n) {
        free(s->rgba);
        return 0;
    }
    ac_status status = ac_layer_get_numbers(engine, layer, keys->locations, 1, NULL, 0, &m);
    if (!(status == AC_ERR_BUFFER_TOO_SMALL && m == n &&
          ac_layer_get_numbers(engine, layer, keys->locations, 1, s->at, n, &m) == AC_OK))
        for (size_t i = 0; i < n; i++) s->at[i] = n > 1 ? (double)i / (double)(n - 1) : 0.0;
    return 1;
}

/* The colour of the stops at t: linear between neighbouring stops, the end colours beyond. */
static void color_at(const stops *s, double t, double *out) {
    size_t k = 0;
    while (k < s->n && s->at[k] <= t) k++;
    const double *a = s->rgba + 4 * (k == 0 ? 0 : k - 1), *b = s->rgba + 4 * (k == s->n ? s->n - 1 : k);
    double span = k == 0 || k == s->n ? 0.0 : s->at[k] - s->at[k - 1];
    double f = span > 0.0 ? (t - s->at[k - 1]) / span : 0.0;
    for (int c = 0; c < 4; c++) out[c] = a[c] + (b[c] - a[c]) * f;
}

static void add_stops(cairo_pattern_t *pattern, const stops *s, const double *tint, double alpha) {
    for (size_t i = 0; i < s->n; i++) {
        const double *c = s->rgba + 4 * i;
        cairo_pattern_add_color_stop_rgba(pattern, clamp01(s->at[i]), c[0] * tint[0], c[1] * tint[1],
                                          c[2] * tint[2], c[3] * tint[3] * alpha);
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
}

/* One wedge of a conic gradient: from angle a0 to a1 (radians) about (cx, cy), radius r, in the
 * colours of t0 and t1. */
static void conic_wedge(cairo_pattern_t *mesh, const stops *s, const double *tint, double alpha,
                        const double *c, double r, double a0, double a1, double t0, double t1) {
    double c0[4], c1[4];
    color_at(s, t0, c0);
    color_at(s, t1, c1);
    cairo_mesh_pattern_begin_patch(mesh);
    cairo_mesh_pattern_move_to(mesh, c[0], c[1]);
    cairo_mesh_pattern_line_to(mesh, c[0] + r * cos(a0), c[1] + r * sin(a0));
    cairo_mesh_pattern_line_to(mesh, c[0] + r * cos(a1), c[1] + r * sin(a1));
    cairo_mesh_pattern_line_to(mesh, c[0], c[1]);
    for (int corner = 0; corner < 4; corner++) {
        const double *k = corner < 2 ? c0 : c1;
        cairo_mesh_pattern_set_corner_color_rgba(mesh, corner, k[0] * tint[0], k[1] * tint[1], k[2] * tint[2],
                                                 k[3] * tint[3] * alpha);
    }
    cairo_mesh_pattern_end_patch(mesh);
}

/* The conic gradient about s (unit space), angle 0 towards e: wedges of at most a
 * COMPOSITOR_CONIC_WEDGES-th of a turn, cut at every location. */
static cairo_pattern_t *conic_pattern(const stops *s, const double *tint, double alpha, const double *sp,
                                      const double *ep) {
    cairo_pattern_t *mesh = cairo_pattern_create_mesh();
    double a0 = atan2(ep[1] - sp[1], ep[0] - sp[0]), r = 0.0;
    double corners[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    for (int k = 0; k < 4; k++) {
        double dx = corners[k][0] - sp[0], dy = corners[k][1] - sp[1], d = sqrt(dx * dx + dy * dy);
        if (d > r) r = d;
    }
    r = 2.0 * r + 1.0; /* past the bounds, beyond a wedge's chord too */
    double t = 0.0;
    while (t < 1.0) {
        double next = floor(t * COMPOSITOR_CONIC_WEDGES + 1.0) / COMPOSITOR_CONIC_WEDGES;
        for (size_t i = 0; i < s->n; i++)
            if (s->at[i] > t && s->at[i] < next) next = s->at[i];
        if (next > 1.0) next = 1.0;
        conic_wedge(mesh, s, tint, alpha, sp, r, a0 + 2.0 * M_PI * t, a0 + 2.0 * M_PI * next, t, next);
        t = next;
    }
    return mesh;
}

/* The pattern of the gradient in the bounds' unit space (cr's matrix maps it); NULL when it is
 * undefined (coincident points, a zero radius): the last colour fills then. */
static cairo_pattern_t *gradient_pattern(cairo_t *cr, int64_t type, const stops *s, const double *tint,
                                         double alpha, const double *sp, const double *ep) {
    double dx = ep[0] - sp[0], dy = ep[1] - sp[1];
    if (type == AC_GRADIENT_TYPE_RADIAL) {
        double rx = fabs(dx), ry = fabs(dy);
        if (!(rx > 0.0 && ry > 0.0)) return NULL;
        cairo_translate(cr, sp[0], sp[1]);
        cairo_scale(cr, rx, ry);
        cairo_pattern_t *pattern = cairo_pattern_create_radial(0.0, 0.0, 0.0, 0.0, 0.0, 1.0);
        add_stops(pattern, s, tint, alpha);
        return pattern;
    }
    if (dx == 0.0 && dy == 0.0) return NULL;
    if (type == AC_GRADIENT_TYPE_CONIC) return conic_pattern(s, tint, alpha, sp, ep);
    cairo_pattern_t *pattern = cairo_pattern_create_linear(sp[0], sp[1], ep[0], ep[1]);
    add_stops(pattern, s, tint, alpha);
    return pattern;
}

void compositor_draw_gradient(ac_engine *engine, const compositor_layer_keys *keys, ac_layer layer,
                              cairo_t *cr, const double *bounds, const double *tint, double alpha) {
    stops s;
    if (!read_stops(engine, keys, layer, &s)) return;
    ac_value sp = presented(engine, layer, keys->start_point, ac_value_point(0.5, 0.0));
    ac_value ep = presented(engine, layer, keys->end_point, ac_value_point(0.5, 1.0));
    int64_t type = presented(engine, layer, keys->type, ac_value_integer(0)).i;
    cairo_pattern_t *pattern = NULL;
    cairo_save(cr);
    if (bounds[2] > 0.0 && bounds[3] > 0.0 && s.n > 1) {
        cairo_translate(cr, bounds[0], bounds[1]);
        cairo_scale(cr, bounds[2], bounds[3]);
        pattern = gradient_pattern(cr, type, &s, tint, alpha, sp.v, ep.v);
    }
    if (pattern != NULL) {
        cairo_set_source(cr, pattern);
        cairo_pattern_destroy(pattern);
    } else {
        set_tinted(cr, s.rgba + 4 * (s.n - 1), tint, alpha);
    }
    cairo_paint(cr);
    cairo_restore(cr);
    free(s.rgba);
}
