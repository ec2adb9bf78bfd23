/* The demo's compositor: a render list drawn with Cairo (see compositor.h for the rules). */
#include "compositor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { PART_OWN = 1, PART_BORDER = 2 }; /* background and contents; the border (after sublayers) */

typedef struct walk {
    const compositor *c;
    cairo_t *cr;
    const ac_render_entry *entries;
    cairo_matrix_t base; /* cr's matrix when compositor_draw() was called: the root's space */
} walk;

void compositor_init(compositor *c) {
    memset(c, 0, sizeof *c);
}

void compositor_set_engine(compositor *c, ac_engine *engine) {
    c->engine = engine;
    if (engine != NULL) compositor_layer_keys_init(engine, &c->keys);
}

static void drop_snapshot(compositor *c, int k) {
    if (c->snapshots[k].surface != NULL) cairo_surface_destroy(c->snapshots[k].surface);
    c->snapshots[k] = c->snapshots[--c->snapshot_count];
}

void compositor_finish(compositor *c) {
    while (c->snapshot_count > 0) drop_snapshot(c, 0);
    free(c->previous);
    c->previous = NULL;
    c->previous_count = c->previous_capacity = 0;
}

void compositor_set_contents(compositor *c, uint64_t token, cairo_surface_t *surface) {
    for (int i = 0; i < c->count; i++) {
        if (c->tokens[i] == token) {
            c->surfaces[i] = surface;
            return;
        }
    }
    if (token == 0 || c->count == COMPOSITOR_MAX_CONTENTS) return;
    c->tokens[c->count] = token;
    c->surfaces[c->count] = surface;
    c->count++;
}

static cairo_surface_t *contents_surface(const compositor *c, uint64_t token) {
    for (int i = 0; i < c->count; i++)
        if (c->tokens[i] == token) return c->surfaces[i];
    return NULL;
}

/* matrix indices: m11 0, m12 1, m14 3, m21 4, m22 5, m24 7, m41 12, m42 13, m44 15 */
static int is_affine(const double *m) {
    return m[3] == 0.0 && m[7] == 0.0 && m[15] == 1.0;
}

/* (x, y, 0, 1) . M; answers w and the point divided by it (when w > 0). */
static double project(const double *m, double x, double y, double *px, double *py) {
    double X = x * m[0] + y * m[4] + m[12];
    double Y = x * m[1] + y * m[5] + m[13];
    double W = x * m[3] + y * m[7] + m[15];
    if (W > 0.0) {
        *px = X / W;
        *py = Y / W;
    }
    return W;
}

/* A 2D map that Cairo can invert (a layer seen edge-on is not drawn: it covers no area). */
static int invertible(double xx, double yx, double xy, double yy) {
    double det = xx * yy - yx * xy;
    return fabs(det) > 1e-9;
}

/* cr's matrix: the root's space, then the entry's affine matrix. */
static void set_affine(const walk *w, const double *m) {
    cairo_matrix_t t;
    cairo_matrix_init(&t, m[0], m[1], m[4], m[5], m[12], m[13]);
    cairo_set_matrix(w->cr, &w->base);
    cairo_transform(w->cr, &t);
}

static double corner_radius(const ac_render_entry *e) {
    double r = e->corner_radius, half_w = e->bounds[2] / 2.0, half_h = e->bounds[3] / 2.0;
    if (r > half_w) r = half_w;
    if (r > half_h) r = half_h;
    return r > 0.0 ? r : 0.0;
}

/* The radii of the corners (x0 y0), (x1 y0), (x1 y1), (x0 y1): r where maskedCorners has it. */
static void corner_radii(double r, uint32_t corners, double *radii) {
    radii[0] = (corners & AC_CORNER_MIN_X_MIN_Y) ? r : 0.0;
    radii[1] = (corners & AC_CORNER_MAX_X_MIN_Y) ? r : 0.0;
    radii[2] = (corners & AC_CORNER_MAX_X_MAX_Y) ? r : 0.0;
    radii[3] = (corners & AC_CORNER_MIN_X_MAX_Y) ? r : 0.0;
}

/* A rounded rectangle as a closed subpath: corner by corner, clockwise on a y-down screen. */
static void rounded_path(cairo_t *cr, double x, double y, double width, double height,
                         const double *radii) {
    double x1 = x + width, y1 = y + height;
    double cx[4] = {x + radii[0], x1 - radii[1], x1 - radii[2], x + radii[3]};
    double cy[4] = {y + radii[0], y + radii[1], y1 - radii[2], y1 - radii[3]};
    double px[4] = {x, x1, x1, x}, py[4] = {y, y, y1, y1};
    cairo_new_sub_path(cr);
    for (int k = 0; k < 4; k++) {
        double a0 = M_PI + k * (M_PI / 2.0);
        if (radii[k] > 0.0)
            cairo_arc(cr, cx[k], cy[k], radii[k], a0, a0 + M_PI / 2.0);
        else
            cairo_line_to(cr, px[k], py[k]);
    }
    cairo_close_path(cr);
}

/* What an entry's own drawing is multiplied by: its alpha, or 1 inside the group it opens
 * (drawn as if opaque, the group blended at opacity * alpha). */
static double own_alpha(const ac_render_entry *e) {
    return (e->flags & AC_RENDER_OPACITY_GROUP) ? 1.0 : e->alpha;
}

/* A colour the entry draws, multiplied component by component by its instance_color (the
 * replicator instances it is drawn in; (1, 1, 1, 1) outside replicators), into out. */
static void instance_tinted(const ac_render_entry *e, const double *color, double *out) {
    for (int c = 0; c < 4; c++) out[c] = color[c] * e->instance_color[c];
}

/* The fixed-point factor (COMPOSITOR_TINT_ONE = 1) of one instance colour component. */
static long tint_factor(double component) {
    return (long)floor(component * COMPOSITOR_TINT_ONE + 0.5);
}

/* The contents' surface with its red, green and blue multiplied by the entry's instance
 * colour (its alpha goes into the paint's alpha): a new ARGB32 copy, each premultiplied channel
 * v becoming (v * f + COMPOSITOR_TINT_ONE / 2) / COMPOSITOR_TINT_ONE in integers, so
 * compositor.py gets the same bytes; surface itself (one more reference) when r = g = b = 1. */
static cairo_surface_t *instance_tinted_surface(const ac_render_entry *e, cairo_surface_t *surface) {
    const double *ic = e->instance_color;
    if (ic[0] == 1.0 && ic[1] == 1.0 && ic[2] == 1.0) return cairo_surface_reference(surface);
    int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
    cairo_surface_t *out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(out);
    cairo_set_source_surface(cr, surface, 0, 0);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_flush(out);
    long f[3] = {tint_factor(ic[2]), tint_factor(ic[1]), tint_factor(ic[0])}; /* b, g, r bytes */
    unsigned char *data = cairo_image_surface_get_data(out);
    int stride = cairo_image_surface_get_stride(out);
    for (int y = 0; y < height; y++) {
        uint32_t *pixel = (uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            uint32_t p = pixel[x], q = p & 0xff000000u;
            for (int c = 0; c < 3; c++) {
                long v = (long)((p >> (8 * c)) & 0xffu);
                q |= (uint32_t)((v * f[c] + COMPOSITOR_TINT_ONE / 2) / COMPOSITOR_TINT_ONE) << (8 * c);
            }
            pixel[x] = q;
        }
    }
    cairo_surface_mark_dirty(out);
    return out;
}

/* One piece of the contents: source pixels (sx, sy, sw, sh) of surface drawn into the layer's
 * rectangle (dx, dy, dw, dh), mirrored in y when flipped, clipped to that rectangle (with
 * antialiasing, or without when aa is 0: the nine parts' inner cuts tile the plane then). */
static void draw_piece(cairo_t *cr, cairo_surface_t *surface, int flipped, const double *src,
                       const double *dst, const double *clip, int aa, double alpha) {
    cairo_save(cr);
    cairo_rectangle(cr, clip[0], clip[1], clip[2], clip[3]);
    if (!aa) cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
    cairo_clip(cr);
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
    if (flipped) {
        cairo_translate(cr, dst[0], dst[1] + dst[3]);
        cairo_scale(cr, dst[2] / src[2], -(dst[3] / src[3]));
    } else {
        cairo_translate(cr, dst[0], dst[1]);
        cairo_scale(cr, dst[2] / src[2], dst[3] / src[3]);
    }
    cairo_set_source_surface(cr, surface, -src[0], -src[1]);
    cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD); /* edge pixels extended */
    cairo_paint_with_alpha(cr, alpha);
    cairo_restore(cr);
}

/* One axis of the nine parts: the source cuts s[0..3] (pixels, from s0 over the size ss) and the
 * destination cuts d[0..3] (layer units, from d0 over the size ds). The caps keep their logical
 * size (pixels / contents_scale); a centre narrower than a pixel is widened to the one source
 * pixel centred there (§3.4); caps wider together than ds shrink in proportion [INFERRED: CA's
 * behaviour there is unverified]. Cuts outside the unit rect are clamped to it. */
static void nine_axis(double s0, double ss, double c0, double cs, double scale, double d0,
                      double ds, double *s, double *d) {
    double a = c0 < 0.0 ? 0.0 : (c0 > 1.0 ? 1.0 : c0), b = c0 + cs;
    b = b < a ? a : (b > 1.0 ? 1.0 : b);
    s[0] = s0;
    s[1] = s0 + a * ss;
    s[2] = s0 + b * ss;
    s[3] = s0 + ss;
    if (s[2] - s[1] < 1.0) {
        double mid = (s[1] + s[2]) / 2.0;
        s[1] = mid - 0.5;
        s[2] = mid + 0.5;
    }
    double lead = (s[1] - s[0]) / scale, trail = (s[3] - s[2]) / scale;
    if (lead < 0.0) lead = 0.0;
    if (trail < 0.0) trail = 0.0;
    if (lead + trail > ds) {
        double f = ds / (lead + trail);
        lead = lead * f;
        trail = trail * f;
    }
    d[0] = d0;
    d[1] = d0 + lead;
    d[2] = d0 + ds - trail;
    d[3] = d0 + ds;
}

/* contentsCenter (§3.4): the contents in nine parts, the corners at their logical size, the
 * edges stretched along their side, the centre in both directions. The whole is clipped (with
 * antialiasing) to the destination; each part is clipped without antialiasing to its cell,
 * widened past the outer edges (by margin), so the parts tile without seams. Pixels near a cut
 * are sampled bilinearly across it (a sub-pixel bleed, kept for simplicity). With the contents
 * flipped, the image's first rows go to the destination's far (max y) side. */
static void draw_nine_part(cairo_t *cr, cairo_surface_t *surface, const ac_render_entry *e,
                           const double *src, const double *dst, double alpha) {
    const double *cc = e->contents_center;
    int flipped = (e->flags & AC_RENDER_CONTENTS_FLIPPED) != 0;
    double xs[4], xd[4], ys[4], yd[4], margin = dst[2] + dst[3] + 1.0;
    nine_axis(src[0], src[2], cc[0], cc[2], e->contents_scale, dst[0], dst[2], xs, xd);
    nine_axis(src[1], src[3], cc[1], cc[3], e->contents_scale, 0.0, dst[3], ys, yd);
    cairo_save(cr);
    cairo_rectangle(cr, dst[0], dst[1], dst[2], dst[3]);
    cairo_clip(cr);
    for (int j = 0; j < 3; j++) {
        double y0 = flipped ? dst[1] + dst[3] - yd[j + 1] : dst[1] + yd[j];
        double y1 = flipped ? dst[1] + dst[3] - yd[j] : dst[1] + yd[j + 1];
        for (int i = 0; i < 3; i++) {
            double piece[4] = {xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j]};
            double to[4] = {xd[i], y0, xd[i + 1] - xd[i], y1 - y0};
            double cx0 = i == 0 ? xd[0] - margin : xd[i], cx1 = i == 2 ? xd[3] + margin : xd[i + 1];
            double cy0 = (flipped ? j == 2 : j == 0) ? y0 - margin : y0;
            double cy1 = (flipped ? j == 0 : j == 2) ? y1 + margin : y1;
            double clip[4] = {cx0, cy0, cx1 - cx0, cy1 - cy0};
            if (!(piece[2] > 0.0 && piece[3] > 0.0 && to[2] > 0.0 && to[3] > 0.0)) continue;
            draw_piece(cr, surface, flipped, piece, to, clip, 0, alpha);
        }
    }
    cairo_restore(cr);
}

static int is_unit_rect(const double *r) {
    return r[0] == 0.0 && r[1] == 0.0 && r[2] == 1.0 && r[3] == 1.0;
}

static void place_contents(const walk *w, const ac_render_entry *e, cairo_surface_t *surface);

/* The contents: the registered surface, multiplied by the entry's instance colour, placed by
 * gravity, cropped by contentsRect, in nine parts when contentsCenter is not the unit rect
 * (§3.4). */
static void draw_contents(const walk *w, const ac_render_entry *e) {
    cairo_surface_t *registered = contents_surface(w->c, e->contents);
    if (e->contents == 0 || registered == NULL) return;
    cairo_surface_t *surface = instance_tinted_surface(e, registered);
    place_contents(w, e, surface);
    cairo_surface_destroy(surface);
}

/* The contents (already multiplied by the instance colour's red, green and blue) placed by
 * gravity, cropped by contentsRect, in nine parts when contentsCenter is not the unit rect. */
static void place_contents(const walk *w, const ac_render_entry *e, cairo_surface_t *surface) {
    double iw = cairo_image_surface_get_width(surface), ih = cairo_image_surface_get_height(surface);
    double sx = e->contents_rect[0] * iw, sy = e->contents_rect[1] * ih;
    double sw = e->contents_rect[2] * iw, sh = e->contents_rect[3] * ih;
    if (!(sw > 0.0 && sh > 0.0 && e->contents_scale > 0.0)) return;
    double cw = sw / e->contents_scale, ch = sh / e->contents_scale; /* the logical size */
    double W = e->bounds[2], H = e->bounds[3], s;
    double dx = 0.0, dy = 0.0, dw = cw, dh = ch;
    switch (e->contents_gravity) {
    case AC_GRAVITY_RESIZE: dw = W; dh = H; break;
    case AC_GRAVITY_RESIZE_ASPECT:
    case AC_GRAVITY_RESIZE_ASPECT_FILL:
        s = W / cw < H / ch ? W / cw : H / ch;
        if (e->contents_gravity == AC_GRAVITY_RESIZE_ASPECT_FILL) s = W / cw > H / ch ? W / cw : H / ch;
        dw = cw * s;
        dh = ch * s;
        dx = (W - dw) / 2.0;
        dy = (H - dh) / 2.0;
        break;
    case AC_GRAVITY_TOP: dx = (W - cw) / 2.0; dy = H - ch; break;
    case AC_GRAVITY_BOTTOM: dx = (W - cw) / 2.0; break;
    case AC_GRAVITY_LEFT: dy = (H - ch) / 2.0; break;
    case AC_GRAVITY_RIGHT: dx = W - cw; dy = (H - ch) / 2.0; break;
    case AC_GRAVITY_TOP_LEFT: dy = H - ch; break;
    case AC_GRAVITY_TOP_RIGHT: dx = W - cw; dy = H - ch; break;
    case AC_GRAVITY_BOTTOM_LEFT: break;
    case AC_GRAVITY_BOTTOM_RIGHT: dx = W - cw; break;
    default: dx = (W - cw) / 2.0; dy = (H - ch) / 2.0; break; /* AC_GRAVITY_CENTER */
    }
    dx = dx + e->bounds[0];
    dy = dy + e->bounds[1];
    if (!(dw > 0.0 && dh > 0.0)) return;
    double src[4] = {sx, sy, sw, sh}, dst[4] = {dx, dy, dw, dh};
    double alpha = own_alpha(e) * e->instance_color[3];
    if (is_unit_rect(e->contents_center))
        draw_piece(w->cr, surface, (e->flags & AC_RENDER_CONTENTS_FLIPPED) != 0, src, dst, dst, 1,
                   alpha);
    else
        draw_nine_part(w->cr, surface, e, src, dst, alpha);
}

/* What the entry's layer draws of its class's own: a shape, a gradient or nothing (no engine). */
static int layer_kind(const walk *w, const ac_render_entry *e) {
    if (w->c->engine == NULL) return COMPOSITOR_PLAIN;
    return compositor_layer_kind(w->c->engine, &w->c->keys, e->layer);
}

/* One part of an entry's own drawing, in its plane (cr's matrix maps the plane). */
static void draw_part(const walk *w, const ac_render_entry *e, int part) {
    cairo_t *cr = w->cr;
    double radii[4], r = corner_radius(e), color[4];
    const double *b = e->bounds;
    corner_radii(r, e->masked_corners, radii);
    if (part == PART_OWN) {
        int kind = layer_kind(w, e);
        if (e->background_color[3] > 0.0) {
            cairo_new_path(cr);
            rounded_path(cr, b[0], b[1], b[2], b[3], radii);
            instance_tinted(e, e->background_color, color);
            cairo_set_source_rgba(cr, color[0], color[1], color[2], color[3] * own_alpha(e));
            cairo_fill(cr);
        }
        if (kind == COMPOSITOR_GRADIENT) { /* over the background, in the rounded bounds */
            cairo_save(cr);
            cairo_new_path(cr);
            rounded_path(cr, b[0], b[1], b[2], b[3], radii);
            cairo_clip(cr);
            compositor_draw_gradient(w->c->engine, &w->c->keys, e->layer, cr, b, e->instance_color,
                                     own_alpha(e));
            cairo_restore(cr);
        }
        draw_contents(w, e);
        if (kind == COMPOSITOR_SHAPE) /* between the contents and the sublayers */
            compositor_draw_shape(w->c->engine, &w->c->keys, e->layer, cr, e->instance_color, own_alpha(e));
        return;
    }
    double bw = e->border_width, inner[4];
    cairo_new_path(cr);
    rounded_path(cr, b[0], b[1], b[2], b[3], radii);
    if (b[2] - 2.0 * bw > 0.0 && b[3] - 2.0 * bw > 0.0) {
        double ri = r - bw > 0.0 ? r - bw : 0.0;
        corner_radii(ri, e->masked_corners, inner);
        rounded_path(cr, b[0] + bw, b[1] + bw, b[2] - 2.0 * bw, b[3] - 2.0 * bw, inner);
    }
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    instance_tinted(e, e->border_color, color);
    cairo_set_source_rgba(cr, color[0], color[1], color[2], color[3] * own_alpha(e));
    cairo_fill(cr);
}

/* Whether the entry draws that part of its own; a transform layer's entry
 * (AC_RENDER_SUBLAYERS_ONLY) draws none (only its sublayers). */
static int has_part(const walk *w, const ac_render_entry *e, int part) {
    if (e->flags & AC_RENDER_SUBLAYERS_ONLY) return 0;
    if (part == PART_OWN)
        return e->background_color[3] > 0.0 || (e->contents != 0 && contents_surface(w->c, e->contents)) ||
               layer_kind(w, e) != COMPOSITOR_PLAIN;
    return e->border_width > 0.0 && e->border_color[3] > 0.0;
}

/* A triangle of the grid, clipped without antialiasing, under the affine map taking its layer
 * corners (ax, ay), (ax + ux, ay), (ax, ay + vy) to qa, qb, qc. */
static void draw_triangle(const walk *w, const ac_render_entry *e, int part, double ax, double ay,
                          double ux, double vy, const double *qa, const double *qb, const double *qc) {
    cairo_t *cr = w->cr;
    cairo_matrix_t t;
    double xx = (qb[0] - qa[0]) / ux, yx = (qb[1] - qa[1]) / ux;
    double xy = (qc[0] - qa[0]) / vy, yy = (qc[1] - qa[1]) / vy;
    if (!invertible(xx, yx, xy, yy)) return;
    cairo_matrix_init(&t, xx, yx, xy, yy, qa[0] - xx * ax - xy * ay, qa[1] - yx * ax - yy * ay);
    cairo_save(cr);
    cairo_set_matrix(cr, &w->base);
    cairo_new_path(cr);
    cairo_move_to(cr, qa[0], qa[1]);
    cairo_line_to(cr, qb[0], qb[1]);
    cairo_line_to(cr, qc[0], qc[1]);
    cairo_close_path(cr);
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
    cairo_clip(cr);
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
    cairo_transform(cr, &t);
    draw_part(w, e, part);
    cairo_restore(cr);
}

/* An entry's part in its plane: once under its matrix, or piecewise for a homography. */
static void draw_in_plane(const walk *w, const ac_render_entry *e, int part) {
    cairo_t *cr = w->cr;
    const double *m = e->matrix;
    if (!has_part(w, e, part)) return;
    if (is_affine(m)) {
        if (!invertible(m[0], m[1], m[4], m[5])) return;
        cairo_save(cr);
        set_affine(w, m);
        draw_part(w, e, part);
        cairo_restore(cr);
        return;
    }
    enum { N = COMPOSITOR_GRID };
    double gx[N + 1], gy[N + 1], q[N + 1][N + 1][2], qw[N + 1][N + 1];
    double x0 = e->bounds[0] - COMPOSITOR_MARGIN, y0 = e->bounds[1] - COMPOSITOR_MARGIN;
    double width = e->bounds[2] + 2.0 * COMPOSITOR_MARGIN, height = e->bounds[3] + 2.0 * COMPOSITOR_MARGIN;
    for (int i = 0; i <= N; i++) {
        gx[i] = x0 + width * i / N;
        gy[i] = y0 + height * i / N;
    }
    for (int j = 0; j <= N; j++)
        for (int i = 0; i <= N; i++) qw[j][i] = project(m, gx[i], gy[j], &q[j][i][0], &q[j][i][1]);
    for (int j = 0; j < N; j++) {
        for (int i = 0; i < N; i++) {
            if (!(qw[j][i] > 0.0 && qw[j][i + 1] > 0.0 && qw[j + 1][i] > 0.0 && qw[j + 1][i + 1] > 0.0))
                continue; /* at or behind the eye */
            double ux = gx[i + 1] - gx[i], vy = gy[j + 1] - gy[j];
            /* (x0 y0) (x1 y0) (x0 y1), then (x1 y1) (x0 y1) (x1 y0): steps -ux and -vy */
            draw_triangle(w, e, part, gx[i], gy[j], ux, vy, q[j][i], q[j][i + 1], q[j + 1][i]);
            draw_triangle(w, e, part, gx[i + 1], gy[j + 1], -ux, -vy, q[j + 1][i + 1], q[j + 1][i],
                          q[j][i + 1]);
        }
    }
}

/* AC_RENDER_CLIPS: cr's clip narrowed to the entry's rounded bounds in the root's space. */
static void clip_to_bounds(const walk *w, const ac_render_entry *e) {
    cairo_t *cr = w->cr;
    const double *m = e->matrix, *b = e->bounds;
    double radii[4];
    corner_radii(corner_radius(e), e->masked_corners, radii);
    cairo_new_path(cr);
    if (is_affine(m)) {
        if (invertible(m[0], m[1], m[4], m[5])) { /* else an empty clip */
            set_affine(w, m);
            rounded_path(cr, b[0], b[1], b[2], b[3], radii);
        }
    } else { /* the rounded bounds as a polygon, each vertex projected */
        double x1 = b[0] + b[2], y1 = b[1] + b[3], px, py;
        double cx[4] = {b[0] + radii[0], x1 - radii[1], x1 - radii[2], b[0] + radii[3]};
        double cy[4] = {b[1] + radii[0], b[1] + radii[1], y1 - radii[2], y1 - radii[3]};
        int inside = 1;
        cairo_set_matrix(cr, &w->base);
        for (int k = 0; k < 4; k++) {
            double a0 = M_PI + k * (M_PI / 2.0);
            for (int s = 0; s <= COMPOSITOR_ARC_STEPS; s++) {
                double a = a0 + (M_PI / 2.0) * s / COMPOSITOR_ARC_STEPS;
                if (!(project(m, cx[k] + radii[k] * cos(a), cy[k] + radii[k] * sin(a), &px, &py) > 0.0))
                    inside = 0;
                else
                    cairo_line_to(cr, px, py);
            }
        }
        cairo_close_path(cr);
        if (!inside) cairo_new_path(cr); /* reaching behind the eye: clipped away */
    }
    cairo_set_matrix(cr, &w->base);
    cairo_clip(cr);
}

static int draw_entry(const walk *w, int i);

/* The entry's own drawing, its subtree (the mask's entries excepted) and its border. */
static void draw_body(const walk *w, int i) {
    const ac_render_entry *e = &w->entries[i];
    draw_in_plane(w, e, PART_OWN);
    for (int j = i + 1; j < e->subtree_end;) {
        if (j == e->mask)
            j = w->entries[j].subtree_end; /* drawn into the mask below */
        else
            j = draw_entry(w, j);
    }
    draw_in_plane(w, e, PART_BORDER);
}

static int casts_shadow(const ac_render_entry *e) {
    if (e->flags & AC_RENDER_SUBLAYERS_ONLY) return 0;
    return e->shadow_opacity > 0.0 && e->shadow_color[3] > 0.0;
}

/* A point of the entry's plane in device space (cr's identity space): projected by the matrix,
 * then mapped by the base matrix. Answers 0 when it lies at or behind the eye. */
static int to_device(const walk *w, const ac_render_entry *e, double x, double y, double *p) {
    if (!(project(e->matrix, x, y, &p[0], &p[1]) > 0.0)) return 0;
    cairo_matrix_transform_point(&w->base, &p[0], &p[1]);
    return 1;
}

/* The shadow's blur sigma and offset in device pixels. Both come from the map's derivative at
 * the bounds' centre c: the images of c, c + (1, 0), c + (0, 1) and c + shadowOffset. sigma =
 * shadowRadius * sqrt(|det J|) (the map's mean scale; exact for a similarity, and for a
 * perspective map the scale at the centre: an approximation across the layer [INFERRED]).
 * The offset is in the layer's own space: it turns and scales with the layer (§3.3). */
static int shadow_geometry(const walk *w, const ac_render_entry *e, double *sigma, double *off) {
    double cx = e->bounds[0] + e->bounds[2] / 2.0, cy = e->bounds[1] + e->bounds[3] / 2.0;
    double c[2], u[2], v[2], o[2];
    if (!(to_device(w, e, cx, cy, c) && to_device(w, e, cx + 1.0, cy, u) &&
          to_device(w, e, cx, cy + 1.0, v) &&
          to_device(w, e, cx + e->shadow_offset[0], cy + e->shadow_offset[1], o)))
        return 0;
    double det = (u[0] - c[0]) * (v[1] - c[1]) - (u[1] - c[1]) * (v[0] - c[0]);
    *sigma = e->shadow_radius * sqrt(fabs(det));
    off[0] = o[0] - c[0];
    off[1] = o[1] - c[1];
    return 1;
}

/* The blur's integer kernel: weights k[0 .. reach] (k[d] for a distance of d pixels) of a
 * Gaussian of sigma (device pixels) in fixed point (COMPOSITOR_KERNEL_ONE = weight 1 at d = 0),
 * reaching ceil(COMPOSITOR_BLUR_SIGMAS * sigma), at most COMPOSITOR_BLUR_MAX_REACH. Answers the
 * reach; the kernel's total is k[0] + 2 (k[1] + ... + k[reach]). compositor.py computes the
 * same weights with the same expressions (libm's exp, as Python's math.exp). */
static int blur_kernel(double sigma, int *k) {
    int reach = 0;
    if (sigma > 0.0) {
        double r = ceil(COMPOSITOR_BLUR_SIGMAS * sigma);
        reach = r > COMPOSITOR_BLUR_MAX_REACH ? COMPOSITOR_BLUR_MAX_REACH : (int)r;
    }
    k[0] = COMPOSITOR_KERNEL_ONE;
    for (int d = 1; d <= reach; d++)
        k[d] = (int)floor(COMPOSITOR_KERNEL_ONE * exp(-(double)(d * d) / (2.0 * sigma * sigma)) + 0.5);
    return reach;
}

/* One pass of the separable blur along n samples (in[x * step], out[x * step]): every output
 * the kernel-weighted sum of the inputs within reach (zero outside), divided by the kernel's
 * total, rounded half up: integer arithmetic only, so compositor.py gets the same bytes. */
static void blur_line(const uint8_t *in, uint8_t *out, int n, ptrdiff_t step, const int *k,
                      int reach, long total) {
    for (int x = 0; x < n; x++) {
        long sum = 0;
        int lo = x - reach < 0 ? -x : -reach, hi = x + reach >= n ? n - 1 - x : reach;
        for (int d = lo; d <= hi; d++) sum += (long)k[d < 0 ? -d : d] * in[(x + d) * step];
        out[x * step] = (uint8_t)((sum + total / 2) / total);
    }
}

/* The box [x0, x1] x [y0, y1] (pixels, inclusive) where the blur of alpha (width x height) can
 * be non-zero: its non-zero pixels' box widened by reach, within the image. Answers 0 when all
 * of alpha is zero. The blur outside the box is zero, so blurring only the box gives the same
 * bytes as blurring the whole (and is much cheaper for a small layer on a large target). */
static int blur_box(const uint8_t *alpha, int width, int height, int reach, int *box) {
    int x0 = width, y0 = height, x1 = -1, y1 = -1;
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            if (alpha[(size_t)y * width + x] == 0) continue;
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            if (y > y1) y1 = y;
        }
    }
    if (x1 < 0) return 0;
    box[0] = x0 - reach < 0 ? 0 : x0 - reach;
    box[1] = y0 - reach < 0 ? 0 : y0 - reach;
    box[2] = x1 + reach >= width ? width - 1 : x1 + reach;
    box[3] = y1 + reach >= height ? height - 1 : y1 + reach;
    return 1;
}

/* The shadow's mask: the alpha of layer (ARGB32, premultiplied: alpha in the top byte of each
 * native 32-bit pixel) blurred by the kernel, rows first, then columns, into a new A8 surface
 * (within blur_box(); zero elsewhere). */
static cairo_surface_t *blurred_alpha(cairo_surface_t *layer, const int *k, int reach) {
    int width = cairo_image_surface_get_width(layer), height = cairo_image_surface_get_height(layer);
    int stride = cairo_image_surface_get_stride(layer), box[4];
    cairo_surface_t *mask = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height);
    int mstride = cairo_image_surface_get_stride(mask);
    size_t size = (size_t)width * (size_t)height;
    uint8_t *alpha = malloc(size), *rows = malloc(size);
    long total = k[0];
    for (int d = 1; d <= reach; d++) total += 2L * k[d];
    cairo_surface_flush(layer);
    cairo_surface_flush(mask);
    if (alpha != NULL && rows != NULL) { /* else the mask stays clear: no shadow */
        const unsigned char *data = cairo_image_surface_get_data(layer);
        unsigned char *out = cairo_image_surface_get_data(mask);
        for (int y = 0; y < height; y++) {
            const uint32_t *pixel = (const uint32_t *)(data + (size_t)y * stride);
            for (int x = 0; x < width; x++) alpha[(size_t)y * width + x] = (uint8_t)(pixel[x] >> 24);
        }
        if (blur_box(alpha, width, height, reach, box)) {
            int n = box[2] - box[0] + 1, m = box[3] - box[1] + 1;
            size_t at = (size_t)box[1] * width + box[0];
            for (int y = 0; y < m; y++)
                blur_line(alpha + at + (size_t)y * width, rows + at + (size_t)y * width, n, 1, k, reach,
                          total);
            for (int x = 0; x < n; x++)
                blur_line(rows + at + x, alpha + at + x, m, width, k, reach, total);
            for (int y = box[1]; y <= box[3]; y++)
                memcpy(out + (size_t)y * mstride + box[0], alpha + (size_t)y * width + box[0], (size_t)n);
        }
    }
    free(alpha);
    free(rows);
    cairo_surface_mark_dirty(mask);
    return mask;
}

/*
 * Entry i with its shadow (§3.1 item 8, §3.3). The body (own drawing, subtree, border; clipped
 * to the rounded bounds when the entry clips) is drawn once, into an offscreen ARGB32 surface in
 * device space: the part of cr's clip extents the shadow can reach from, widened by the blur's
 * reach and the offset. Its alpha, blurred, is the shadow's mask: cr is filled through it with
 * shadowColor at alpha shadowColor.a * shadowOpacity, shifted by the offset; then the body is
 * painted over it. cr's clip (the entry's own masksToBounds included, item 7) clips both.
 */
static void draw_with_shadow(const walk *w, int i) {
    const ac_render_entry *e = &w->entries[i];
    cairo_t *cr = w->cr;
    double sigma, off[2], x1, y1, x2, y2;
    int k[COMPOSITOR_BLUR_MAX_REACH + 1];
    if (!shadow_geometry(w, e, &sigma, off)) {
        draw_body(w, i);
        return;
    }
    int reach = blur_kernel(sigma, k);
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_clip_extents(cr, &x1, &y1, &x2, &y2);
    cairo_restore(cr);
    /* the region drawn offscreen: device pixels, integers */
    double px = reach + ceil(fabs(off[0])), py = reach + ceil(fabs(off[1]));
    int ox = (int)(floor(x1) - px), oy = (int)(floor(y1) - py);
    int width = (int)(ceil(x2) + px) - ox, height = (int)(ceil(y2) + py) - oy;
    if (!(x2 > x1 && y2 > y1)) return; /* nothing of it can be seen */
    cairo_surface_t *layer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    walk lw = *w;
    cairo_matrix_t shift;
    cairo_matrix_init_translate(&shift, -ox, -oy);
    cairo_matrix_multiply(&lw.base, &w->base, &shift); /* the root's space, then the shift */
    lw.cr = cairo_create(layer);
    if (e->flags & AC_RENDER_CLIPS) clip_to_bounds(&lw, e);
    draw_body(&lw, i);
    cairo_destroy(lw.cr);
    cairo_surface_t *mask = blurred_alpha(layer, k, reach);
    cairo_save(cr);
    cairo_identity_matrix(cr);
    double color[4];
    instance_tinted(e, e->shadow_color, color);
    color[3] = e->shadow_color[3]; /* the instance alpha is in the body's alpha already */
    cairo_set_source_rgba(cr, color[0], color[1], color[2], color[3] * e->shadow_opacity);
    cairo_mask_surface(cr, mask, ox + off[0], oy + off[1]);
    cairo_set_source_surface(cr, layer, ox, oy);
    cairo_paint(cr);
    cairo_restore(cr);
    cairo_surface_destroy(mask);
    cairo_surface_destroy(layer);
}

/* Entry i and its subtree (and its mask) as listed: clip, group, shadow, body, mask. */
static void draw_layer(const walk *w, int i) {
    cairo_t *cr = w->cr;
    const ac_render_entry *e = &w->entries[i];
    int group = (e->flags & AC_RENDER_OPACITY_GROUP) != 0, masked = e->mask >= 0;
    cairo_save(cr);
    if (e->flags & AC_RENDER_CLIPS) clip_to_bounds(w, e);
    if (group || masked) cairo_push_group(cr);
    if (casts_shadow(e))
        draw_with_shadow(w, i);
    else
        draw_body(w, i);
    if (masked) {
        cairo_pattern_t *content = cairo_pop_group(cr), *mask;
        cairo_push_group(cr);
        draw_entry(w, e->mask);
        mask = cairo_pop_group(cr);
        if (group) cairo_push_group(cr);
        cairo_set_source(cr, content);
        cairo_mask(cr, mask);
        cairo_pattern_destroy(mask);
        cairo_pattern_destroy(content);
    }
    if (group) {
        cairo_pop_group_to_source(cr);
        cairo_paint_with_alpha(cr, e->opacity * e->alpha);
    }
    cairo_restore(cr);
}

/* The snapshot kept for the transition id (NULL: none). */
static const compositor_snapshot *find_snapshot(const compositor *c, uint64_t id) {
    for (int k = 0; k < c->snapshot_count; k++)
        if (c->snapshots[k].id == id) return &c->snapshots[k];
    return NULL;
}

/* A transition's offset (x, y in the layer's space) moved into the root's space: the image of
 * the bounds' centre plus it, less the centre's. Answers 0 when either is behind the eye. */
static int root_offset(const ac_render_entry *e, const double *offset, double *out) {
    double cx = e->bounds[0] + e->bounds[2] / 2.0, cy = e->bounds[1] + e->bounds[3] / 2.0, c[2], o[2];
    if (!(project(e->matrix, cx, cy, &c[0], &c[1]) > 0.0 &&
          project(e->matrix, cx + offset[0], cy + offset[1], &o[0], &o[1]) > 0.0))
        return 0;
    out[0] = o[0] - c[0];
    out[1] = o[1] - c[1];
    return 1;
}

/* The snapshot, moved by d (the root's space), painted at alpha onto cr (NULL: nothing). */
static void paint_old(const walk *w, const compositor_snapshot *snap, const double *d, double alpha) {
    cairo_t *cr = w->cr;
    cairo_matrix_t to_root = snap->base;
    if (snap->surface == NULL || cairo_matrix_invert(&to_root) != CAIRO_STATUS_SUCCESS) return;
    cairo_save(cr);
    cairo_set_matrix(cr, &w->base);
    cairo_translate(cr, d[0], d[1]);
    cairo_transform(cr, &to_root);
    cairo_set_source_surface(cr, snap->surface, 0.0, 0.0);
    cairo_paint_with_alpha(cr, alpha);
    cairo_restore(cr);
}

/* The new image, moved by d (the root's space), painted at alpha onto cr with operator op. */
static void paint_new(const walk *w, int i, const double *d, double alpha, cairo_operator_t op) {
    cairo_t *cr = w->cr;
    walk moved = *w;
    cairo_matrix_t shift;
    cairo_matrix_init_translate(&shift, d[0], d[1]);
    cairo_matrix_multiply(&moved.base, &shift, &w->base); /* moved in the root's space, then base */
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_push_group(cr);
    draw_layer(&moved, i);
    cairo_pop_group_to_source(cr);
    cairo_set_operator(cr, op);
    cairo_paint_with_alpha(cr, alpha);
    cairo_restore(cr);
}

/* Entry i in a transition: the old and new images at the entry's offsets and alphas, by its
 * layering, clipped to the rounded bounds when it clips (compositor.h). */
static void draw_transition(const walk *w, int i, const compositor_snapshot *snap) {
    cairo_t *cr = w->cr;
    const ac_render_entry *e = &w->entries[i];
    double d_old[2], d_new[2];
    if (!(root_offset(e, e->transition_old_offset, d_old) && root_offset(e, e->transition_new_offset, d_new)))
        return; /* its centre at or behind the eye */
    cairo_save(cr);
    if (e->flags & AC_RENDER_CLIPS) clip_to_bounds(w, e);
    cairo_identity_matrix(cr);
    switch (e->transition_layering) {
    case AC_TRANSITION_LAYERING_OLD_OVER_NEW:
        paint_new(w, i, d_new, e->transition_new_alpha, CAIRO_OPERATOR_OVER);
        paint_old(w, snap, d_old, e->transition_old_alpha);
        break;
    case AC_TRANSITION_LAYERING_CROSS_DISSOLVE:
        cairo_push_group(cr);
        paint_old(w, snap, d_old, e->transition_old_alpha);
        paint_new(w, i, d_new, e->transition_new_alpha, CAIRO_OPERATOR_ADD);
        cairo_pop_group_to_source(cr);
        cairo_paint(cr);
        break;
    default: /* AC_TRANSITION_LAYERING_NEW_OVER_OLD */
        paint_old(w, snap, d_old, e->transition_old_alpha);
        paint_new(w, i, d_new, e->transition_new_alpha, CAIRO_OPERATOR_OVER);
        break;
    }
    cairo_restore(cr);
}

/* Draws entry i and its subtree (and its mask), through its transition when one is in
 * effect; answers the index after them. */
static int draw_entry(const walk *w, int i) {
    const ac_render_entry *e = &w->entries[i];
    const compositor_snapshot *snap = NULL;
    if (e->transition_state & AC_TRANSITION_IN_EFFECT) snap = find_snapshot(w->c, e->transition_id);
    if (snap != NULL)
        draw_transition(w, i, snap);
    else
        draw_layer(w, i);
    return e->subtree_end;
}

/* The snapshot of transition e->transition_id: the previous list's entries of e's layer drawn
 * again in device space (under base) into a surface of the target's size; replaces the
 * layer's older one. */
static void take_snapshot(compositor *c, cairo_t *cr, const cairo_matrix_t *base, const ac_render_entry *e) {
    for (int k = c->snapshot_count - 1; k >= 0; k--)
        if (c->snapshots[k].layer == e->layer || c->snapshots[k].id == e->transition_id) drop_snapshot(c, k);
    if (c->snapshot_count == COMPOSITOR_MAX_SNAPSHOTS) return; /* the old image is then the new */
    compositor_snapshot *snap = &c->snapshots[c->snapshot_count++];
    snap->layer = e->layer;
    snap->id = e->transition_id;
    snap->surface = NULL;
    snap->base = *base;
    for (size_t j = 0; j < c->previous_count; j++) {
        if (c->previous[j].layer != e->layer || (c->previous[j].flags & AC_RENDER_IS_MASK)) continue;
        cairo_surface_t *target = cairo_get_target(cr);
        snap->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(target),
                                                   cairo_image_surface_get_height(target));
        walk sw = {c, cairo_create(snap->surface), c->previous, *base};
        cairo_set_matrix(sw.cr, base);
        draw_layer(&sw, (int)j);
        cairo_destroy(sw.cr);
        return;
    }
}

/* Before drawing: the snapshots the entries drop (ENDED) and take (BEGAN). */
static void update_snapshots(compositor *c, cairo_t *cr, const cairo_matrix_t *base,
                             const ac_render_entry *entries, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const ac_render_entry *e = &entries[i];
        if (e->transition_state & AC_TRANSITION_ENDED)
            for (int k = c->snapshot_count - 1; k >= 0; k--)
                if (c->snapshots[k].id == e->transition_id) drop_snapshot(c, k);
        if (e->transition_state & AC_TRANSITION_BEGAN) take_snapshot(c, cr, base, e);
    }
}

/* After drawing: the snapshots of layers with no entry dropped, and the list kept. */
static void keep_list(compositor *c, const ac_render_entry *entries, size_t count) {
    for (int k = c->snapshot_count - 1; k >= 0; k--) {
        int listed = 0;
        for (size_t i = 0; i < count && !listed; i++) listed = entries[i].layer == c->snapshots[k].layer;
        if (!listed) drop_snapshot(c, k);
    }
    if (count > c->previous_capacity) {
        ac_render_entry *grown = realloc(c->previous, count * sizeof *grown);
        if (grown == NULL) {
            c->previous_count = 0; /* no old images for the next list's transitions */
            return;
        }
        c->previous = grown;
        c->previous_capacity = count;
    }
    if (count > 0) memcpy(c->previous, entries, count * sizeof *entries);
    c->previous_count = count;
}

void compositor_draw(compositor *c, cairo_t *cr, const ac_render_entry *entries, size_t count) {
    walk w;
    w.c = c;
    w.cr = cr;
    w.entries = entries;
    cairo_get_matrix(cr, &w.base);
    update_snapshots(c, cr, &w.base, entries, count);
    if (count > 0) {
        cairo_save(cr);
        draw_entry(&w, 0);
        cairo_restore(cr);
        cairo_set_matrix(cr, &w.base);
    }
    keep_list(c, entries, count);
}
