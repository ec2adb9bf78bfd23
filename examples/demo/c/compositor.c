/* The demo's compositor: a render list drawn with Cairo (see compositor.h for the rules). */
#include "compositor.h"

#include <math.h>

enum { PART_OWN = 1, PART_BORDER = 2 }; /* background and contents; the border (after sublayers) */

typedef struct walk {
    const compositor *c;
    cairo_t *cr;
    const ac_render_entry *entries;
    cairo_matrix_t base; /* cr's matrix when compositor_draw() was called: the root's space */
} walk;

void compositor_init(compositor *c) {
    c->count = 0;
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

/* The contents: the registered surface placed by gravity, cropped by contentsRect (§3.4). */
static void draw_contents(const walk *w, const ac_render_entry *e) {
    cairo_surface_t *surface = contents_surface(w->c, e->contents);
    if (e->contents == 0 || surface == NULL) return;
    cairo_t *cr = w->cr;
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
    cairo_save(cr);
    cairo_rectangle(cr, dx, dy, dw, dh);
    cairo_clip(cr);
    if (e->flags & AC_RENDER_CONTENTS_FLIPPED) {
        cairo_translate(cr, dx, dy + dh);
        cairo_scale(cr, dw / sw, -(dh / sh));
    } else {
        cairo_translate(cr, dx, dy);
        cairo_scale(cr, dw / sw, dh / sh);
    }
    cairo_set_source_surface(cr, surface, -sx, -sy);
    cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD); /* edge pixels extended */
    cairo_paint_with_alpha(cr, own_alpha(e));
    cairo_restore(cr);
}

/* One part of an entry's own drawing, in its plane (cr's matrix maps the plane). */
static void draw_part(const walk *w, const ac_render_entry *e, int part) {
    cairo_t *cr = w->cr;
    double radii[4], r = corner_radius(e);
    const double *b = e->bounds;
    corner_radii(r, e->masked_corners, radii);
    if (part == PART_OWN) {
        if (e->background_color[3] > 0.0) {
            cairo_new_path(cr);
            rounded_path(cr, b[0], b[1], b[2], b[3], radii);
            cairo_set_source_rgba(cr, e->background_color[0], e->background_color[1],
                                  e->background_color[2], e->background_color[3] * own_alpha(e));
            cairo_fill(cr);
        }
        draw_contents(w, e);
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
    cairo_set_source_rgba(cr, e->border_color[0], e->border_color[1], e->border_color[2],
                          e->border_color[3] * own_alpha(e));
    cairo_fill(cr);
}

static int has_part(const walk *w, const ac_render_entry *e, int part) {
    if (part == PART_OWN)
        return e->background_color[3] > 0.0 || (e->contents != 0 && contents_surface(w->c, e->contents));
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

/* Draws entry i and its subtree (and its mask); answers the index after them. */
static int draw_entry(const walk *w, int i) {
    cairo_t *cr = w->cr;
    const ac_render_entry *e = &w->entries[i];
    int group = (e->flags & AC_RENDER_OPACITY_GROUP) != 0, masked = e->mask >= 0;
    cairo_save(cr);
    if (e->flags & AC_RENDER_CLIPS) clip_to_bounds(w, e);
    if (group || masked) cairo_push_group(cr);
    draw_in_plane(w, e, PART_OWN);
    for (int j = i + 1; j < e->subtree_end;) {
        if (j == e->mask)
            j = w->entries[j].subtree_end; /* drawn into the mask below */
        else
            j = draw_entry(w, j);
    }
    draw_in_plane(w, e, PART_BORDER);
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
    return e->subtree_end;
}

void compositor_draw(const compositor *c, cairo_t *cr, const ac_render_entry *entries, size_t count) {
    walk w;
    if (count == 0) return;
    w.c = c;
    w.cr = cr;
    w.entries = entries;
    cairo_get_matrix(cr, &w.base);
    cairo_save(cr);
    draw_entry(&w, 0);
    cairo_restore(cr);
    cairo_set_matrix(cr, &w.base);
}
